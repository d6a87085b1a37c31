"""`[tool.claimaudit]` in the nearest pyproject.toml (CONTRACT 10.3), and where the specs are.

Keys: `specs`, `claims` (a folder, a file or a list of them), `out`, `lang`, `reviewer`
(`{name, url}`: ClaimReview's author) and `base_url`. Paths are relative to the pyproject.toml
that names them. A command-line option always wins over the table.

Spec lookup: `--specs DIR`, else the table's `specs`, else `./specs/` when it exists, else the
corpus bundled with the package (said once on stderr, so nobody mistakes it for their own).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from claimaudit.core.errors import InputError, Problem
from claimaudit.core.words import languages

KEYS = ("specs", "claims", "out", "lang", "reviewer", "base_url")


@dataclass
class Settings:
    """The table's values, paths made absolute; `file` is the pyproject.toml read (or None)."""

    file: Path | None = None
    specs: Path | None = None
    claims: list[Path] = field(default_factory=list)
    out: Path | None = None
    lang: str | None = None
    reviewer: dict = field(default_factory=dict)
    base_url: str | None = None


def nearest_pyproject(start: Path) -> Path | None:
    """The pyproject.toml in `start` or the closest folder above it."""
    for folder in (start, *start.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            return candidate
    return None


def load(start: Path | None = None) -> Settings:
    """The `[tool.claimaudit]` table of the nearest pyproject.toml (empty Settings when there
    is none); a wrong key or value is a `file:line: message` problem."""
    import tomllib

    path = nearest_pyproject((start or Path.cwd()).resolve())
    if path is None:
        return Settings()
    shown = _shown(path)
    try:
        text = path.read_text(encoding="utf-8")
        table = tomllib.loads(text).get("tool", {}).get("claimaudit")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise InputError([Problem(shown, 1, f"cannot read [tool.claimaudit]: {exc}")]) from None
    if not isinstance(table, dict):
        return Settings()
    return _settings(table, path, shown, text)


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _settings(table: dict, path: Path, shown: str, text: str) -> Settings:
    problems: list[Problem] = []

    def problem(key: str, message: str) -> None:
        problems.append(Problem(shown, _line_of(text, key), f"[tool.claimaudit] {key}: {message}"))

    base = path.parent
    settings = Settings(file=path)
    for key, value in table.items():
        if key not in KEYS:
            problem(key, f"unknown key; expected one of {', '.join(KEYS)}")
        elif key in ("specs", "out"):
            if isinstance(value, str) and value:
                setattr(settings, key, base / value)
            else:
                problem(key, f"expected a folder as text, found {value!r}")
        elif key == "claims":
            values = [value] if isinstance(value, str) else value
            if isinstance(values, list) and values and all(isinstance(v, str) and v for v in values):
                settings.claims = [base / v for v in values]
            else:
                problem(key, f"expected a path or a list of paths, found {value!r}")
        elif key == "lang":
            if value in languages():
                settings.lang = value
            else:
                problem(key, f"expected one of {', '.join(languages())}, found {value!r}")
        elif key == "reviewer":
            if isinstance(value, dict) and set(value) <= {"name", "url"} and \
                    all(isinstance(v, str) for v in value.values()):
                settings.reviewer = dict(value)
            else:
                problem(key, "expected a table with `name` and `url` as text")
        elif isinstance(value, str) and re.match(r"https?://", value):
            settings.base_url = value
        else:
            problem(key, f"expected an absolute http(s) URL, found {value!r}")
    if problems:
        raise InputError(problems)
    return settings


def _line_of(text: str, key: str) -> int:
    """The line of `key = ...` inside [tool.claimaudit] (tomllib keeps no lines)."""
    inside = False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("["):
            inside = stripped.startswith("[tool.claimaudit")
        elif inside and re.match(rf"{re.escape(key)}\s*=", stripped):
            return number
    return 1


def bundled_specs() -> Path:
    """The spec corpus shipped with the package: `specs/` inside it in an installed wheel, the
    repository's `specs/` beside the source in a checkout or an editable install."""
    package = Path(__file__).resolve().parent.parent
    inside = package / "specs"
    return inside if inside.is_dir() else package.parent / "specs"


def specs_dir(option: Path | None, settings: Settings, stderr) -> Path:
    """CONTRACT 10.3's lookup order; the bundled corpus is announced on `stderr`."""
    if option is not None:
        return option
    if settings.specs is not None:
        return settings.specs
    if Path("specs").is_dir():
        return Path("specs")
    bundled = bundled_specs()
    stderr.write(f"claimaudit: no specs/ here; using the bundled spec corpus ({bundled})\n")
    return bundled


def claim_paths(paths: list[Path], settings: Settings) -> list[Path]:
    """The claim files or folders asked for, else the table's `claims`, else `claims/`."""
    return paths or settings.claims or [Path("claims")]
