"""What keeps a local server that writes files safe (CONTRACT 10.4, `claimaudit serve`).

- `Guard`, an ASGI middleware: a request whose Host is not the server's own address is refused
  (DNS rebinding: a web page on evil.example resolved to 127.0.0.1 still sends `Host:
  evil.example`), and so is one whose Origin is another site's or whose Sec-Fetch-Site says
  cross-site (CSRF); a request body over `limit` bytes is refused with 413, counted as it
  arrives (a missing or lying Content-Length changes nothing).
- `OwnedFiles`: every write goes through it. It writes only inside the workspace (a path is
  built from checked ids, resolved, and must stay under the root, symlinks followed), never
  deletes, and overwrites only a file whose content is what it last wrote there (a ledger of
  hashes in .claimaudit/written.json); a replaced version is kept first, so nothing is lost.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import threading
from pathlib import Path

SAFE_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,79}$")
LEDGER = ".claimaudit/written.json"


class UnsafePath(ValueError):
    """A name that would leave the workspace or is not an id."""


class NotOurs(Exception):
    """The file exists and holds content this workspace did not write."""


def checked_id(value: str, what: str = "id") -> str:
    """An id that may become part of a file name: lower-case letters, digits, - and _."""
    if not isinstance(value, str) or not SAFE_ID.match(value):
        raise UnsafePath(f"{what}: expected lower-case letters, digits, - and _ (at most 80), "
                         f"found {value!r}")
    return value


def allowed_hosts(host: str, port: int) -> set[str]:
    """Host header values this server answers to: its address and, when it listens on a
    loopback address, the loopback names, each with its port."""
    names = {host, f"[{host}]" if ":" in host else host}
    if host in ("127.0.0.1", "localhost", "::1"):
        names |= {"127.0.0.1", "localhost", "[::1]"}
    return {f"{name}:{port}" for name in names} | ({*names} if port == 80 else set())


class Guard:
    """ASGI middleware: Host and Origin checks, and the request body cap."""

    def __init__(self, app, hosts: set[str], limit: int):
        self.app, self.hosts, self.limit = app, {h.lower() for h in hosts}, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refusal = self.refusal(headers, scope["method"])
        if refusal:
            return await _plain(send, 403, refusal)
        length = headers.get("content-length", "0")
        if not length.isdigit() or int(length) > self.limit:
            return await _plain(send, 413, f"request too large: at most {self.limit} bytes")
        started = False

        async def tracked(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)
        try:
            await self.app(scope, self._capped(receive), tracked)
        except BodyTooLarge:
            if not started:
                await _plain(send, 413, f"request too large: at most {self.limit} bytes")

    def refusal(self, headers: dict, method: str) -> str | None:
        host = headers.get("host", "").lower()
        if host not in self.hosts:
            return f"refused: Host {host!r} is not this server (DNS rebinding?)"
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in {f"http://{h}" for h in self.hosts}:
            return f"refused: Origin {origin!r} is another site"
        if method not in ("GET", "HEAD") and headers.get("sec-fetch-site") == "cross-site":
            return "refused: a cross-site request"
        return None

    def _capped(self, receive):
        seen = 0

        async def counted():
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise BodyTooLarge
            return message
        return counted


class BodyTooLarge(Exception):
    """A request body went over the cap while it was being read."""


async def _plain(send, status: int, text: str) -> None:
    body = text.encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class OwnedFiles:
    """Writes inside `root` only, and only over files it wrote (see the module docstring)."""

    def __init__(self, root: Path):
        self.root = Path(root).resolve()
        self._lock = threading.Lock()

    def path(self, *parts: str) -> Path:
        """root/parts..., refused unless it resolves inside root."""
        path = self.root.joinpath(*parts).resolve()
        if not path.is_relative_to(self.root) or path == self.root:
            raise UnsafePath(f"{'/'.join(parts)}: outside the workspace")
        return path

    def _ledger(self) -> dict:
        try:
            return json.loads(self.path(LEDGER).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}

    def ours(self, path: Path) -> bool:
        """Is `path` absent, or holding exactly what this workspace last wrote there?"""
        if not path.exists():
            return True
        name = str(path.relative_to(self.root))
        return self._ledger().get(name) == digest(path.read_bytes())

    def write(self, path: Path, text: str, keep_to: Path | None = None) -> Path | None:
        """Write `text` to `path` atomically. Raises NotOurs when the file exists and is not
        ours. When it is ours and differs, its old content is first copied to `keep_to` (a
        new file); returns that copy's path (or None)."""
        data = text.encode("utf-8")
        with self._lock:
            if not self.ours(path):
                raise NotOurs(str(path.relative_to(self.root)))
            kept = None
            if keep_to is not None and path.exists() and path.read_bytes() != data:
                kept = self._new_file(keep_to, path.read_bytes())
            self._atomic(path, data)
            self._record(path, data)
        return kept

    def write_new(self, path: Path, text: str) -> Path:
        """Write a new file at `path` or, when it exists, at path.2, path.3 ... (never over)."""
        with self._lock:
            return self._new_file(path, text.encode("utf-8"))

    def _new_file(self, path: Path, data: bytes) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        stem, suffix, number = path.stem, path.suffix, 1
        candidate = path
        while True:
            try:
                with open(candidate, "xb") as handle:
                    handle.write(data)
                self._record(candidate, data)
                return candidate
            except FileExistsError:
                number += 1
                candidate = path.with_name(f"{stem}.{number}{suffix}")

    def _atomic(self, path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".claimaudit-", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise

    def _record(self, path: Path, data: bytes) -> None:
        ledger = self._ledger()
        ledger[str(path.relative_to(self.root))] = digest(data)
        self._atomic(self.path(LEDGER), json.dumps(ledger, indent=1, sort_keys=True).encode())
