"""Proof of authorship for the reports folder: a key kept outside it, a seal on the manifest, and
the names of claimaudit's own temporary folders.

The manifest in a reports folder is a file like any other: whoever can write the folder (a pull
request, a colleague, a script) can write it. So the manifest alone never makes claimaudit remove
a file. Its seal, an HMAC-SHA256 over the folder's absolute path and its file list, made with a
key that claimaudit keeps in the user's state directory (`$XDG_STATE_HOME/claimaudit/`, else
`~/.local/state/claimaudit/`, mode 0600), is recorded there too, never in the folder (so the
manifest is the same bytes for the same reports on any machine). Only a manifest this user's
claimaudit wrote for this folder verifies. The temporary
folders beside the reports folder carry a random token and a tag made with the same key, so
recovery recognises them and nothing else (README.md, "The output directory").
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import stat
from pathlib import Path

KEY_BYTES = 32
KEPT_SEALS = 4
_TOKEN = re.compile(r"\.(?P<name>.+)\.claimaudit-(?P<role>new|old)-(?P<nonce>[0-9a-f]{16})-"
                    r"(?P<tag>[0-9a-f]{16})")


def key_path() -> Path:
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"),
                                                             ".local", "state")
    return Path(state, "claimaudit", "reports-key")


def key() -> bytes | None:
    """This user's key, made on first use; None when the state directory cannot hold one (then
    no manifest verifies and no leftover is recognised: claimaudit keeps every old file)."""
    path = key_path()
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    except OSError:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(secrets.token_bytes(KEY_BYTES))
        return _read_key(path)
    except FileExistsError:             # a concurrent run made it first
        return _read_key_or_none(path)
    except OSError:
        return None


def _read_key(path: Path) -> bytes | None:
    descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(descriptor, "rb") as stream:
        info = os.fstat(stream.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_mode & 0o022 or (
                hasattr(os, "getuid") and info.st_uid != os.getuid()):
            return None                 # writable by others or not ours: not a secret
        data = stream.read(KEY_BYTES + 1)
    return data if len(data) == KEY_BYTES else None


def _read_key_or_none(path: Path) -> bytes | None:
    try:
        return _read_key(path)
    except OSError:
        return None


def _mac(secret: bytes, *parts: str) -> str:
    return hmac.new(secret, "\0".join(parts).encode("utf-8", "surrogateescape"),
                    hashlib.sha256).hexdigest()


def seal(target: Path, files: dict[str, str]) -> str | None:
    """The seal of a manifest listing `files` for the folder `target` (an absolute path)."""
    secret = key()
    if secret is None:
        return None
    return _mac(secret, "manifest", os.fsdecode(target), json.dumps(files, sort_keys=True))


def _seals_path(target: Path) -> Path:
    name = hashlib.sha256(os.fsencode(target)).hexdigest()[:32]
    return key_path().parent / "sealed" / name


def remember(target: Path, files: dict[str, str]) -> None:
    """Record the seal of the manifest about to be swapped in (the last KEPT_SEALS are kept, so
    a run killed before its swap leaves the old manifest sealed too). Kept outside the folder:
    the manifest itself stays the same bytes for the same reports, on any machine."""
    mark = seal(target, files)
    if mark is None:
        return
    path = _seals_path(target)
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        kept = [line for line in _read_seals(path) if line != mark][-(KEPT_SEALS - 1):]
        temporary = path.with_name(path.name + f".{os.getpid()}.new")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW,
                             0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as stream:
            stream.write("".join(f"{line}\n" for line in [*kept, mark]))
        os.replace(temporary, path)
    except OSError:
        pass                # unsealed: the next run keeps the old files it cannot prove


def _read_seals(path: Path) -> list[str]:
    try:
        with open(path, encoding="ascii") as stream:
            return [line.strip() for line in stream.read(KEPT_SEALS * 80).splitlines()]
    except (OSError, ValueError):
        return []


def sealed(target: Path, files: dict[str, str]) -> bool:
    """Did this user's claimaudit write this file list for this folder?"""
    expected = seal(target, files)
    return expected is not None and any(hmac.compare_digest(expected, mark)
                                        for mark in _read_seals(_seals_path(target)))


def leftover_name(target: Path, role: str) -> str | None:
    """A fresh name for a temporary folder beside target: `.<name>.claimaudit-<role>-<nonce>-<tag>`,
    the tag proving (to this user's key) that claimaudit chose it for target. None without a key."""
    secret = key()
    if secret is None:
        return None
    nonce = secrets.token_hex(8)
    tag = _mac(secret, "leftover", os.fsdecode(target), role, nonce)[:16]
    return f".{target.name}.claimaudit-{role}-{nonce}-{tag}"


def is_our_leftover(target: Path, path: Path) -> bool:
    """Is `path` a temporary folder claimaudit made for target (its name's tag verifies)?"""
    match = _TOKEN.fullmatch(path.name)
    secret = key()
    if not match or secret is None or match["name"] != target.name:
        return False
    tag = _mac(secret, "leftover", os.fsdecode(target), match["role"], match["nonce"])[:16]
    return hmac.compare_digest(tag, match["tag"])
