"""The package's shape, read from its source (AST), so that no editor's "optimise imports"
can break it: imports point one way, from the shells down to the numbers.

- no import cycle between modules, function-level imports included;
- a module of the package imports its own package's modules only at its top, except at the
  lazy seams listed in LAZY_SEAMS (they keep `--help` and the pytest plugin cheap);
- every module sits in a subpackage named for its stage, the shells aside; none is over
  400 lines;
- the stages are layered: a module imports only from its own stage or the stages below.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent.parent / "pipeline"
PACKAGE = "claimaudit"

# Stages, lowest first. A module may import its own stage and the stages before it.
STAGES = ("core", "input", "model", "engine", "forensics", "output", "report", "draft", "serve")
# serve/ (the web workspace, `init`) is a shell in a subpackage: it also calls the orchestrator.
SHELL_CALLS = {"serve": {"claimaudit.run"}}
SHELLS = {"__init__", "__main__", "cli", "pytest_plugin", "run"}
# The only places a module of the package is imported inside a function: the CLI's commands
# (each imports what it runs) and the pytest plugin (loaded by every pytest run), plus the
# package's lazy public API.
LAZY_SEAMS = {"claimaudit", "claimaudit.cli", "claimaudit.pytest_plugin"}
MAX_LINES = 400


def module_name(path: Path) -> str:
    parts = [PACKAGE, *path.relative_to(SOURCE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(SOURCE.rglob("*.py"))}


def imports(name: str) -> list[tuple[str, int, bool]]:
    """(imported module of the package, line, at top level) for every import in `name`,
    `if TYPE_CHECKING:` blocks left out (never run)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body}
    typing_only = {id(inner) for node in tree.body if isinstance(node, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(node.test) for inner in ast.walk(node)}
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]
                                + ([node.module] if node.module else []))
            # `from pkg import submodule` imports the submodule; `from mod import name`, mod
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                       for alias in node.names]
        else:
            continue
        for target in targets:
            if target in MODULES and target != name:
                found.append((target, node.lineno, id(node) in top))
    return found


GRAPH = {name: sorted({target for target, _, _ in imports(name)}) for name in MODULES}


def cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, []):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def stage(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in STAGES) else None


def test_the_import_graph_has_no_cycle():
    assert cycles(GRAPH) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
    assert cycles({"a": ["b"], "b": []}) == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_own_modules_are_imported_at_the_top_except_at_the_lazy_seams(name):
    if name in LAZY_SEAMS:
        return
    deferred = [f"{MODULES[name].name}:{line}: {target}" for target, line, top in imports(name)
                if not top]
    assert deferred == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_module_sits_in_a_stage_and_is_short(name):
    shell = name == PACKAGE or (name.count(".") == 1 and name.split(".")[-1] in SHELLS)
    assert shell or stage(name) in STAGES, f"{name} is in no stage subpackage"
    lines = MODULES[name].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{name}: {lines} lines"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if stage(n)))
def test_a_stage_imports_only_itself_and_the_stages_below(name):
    own = STAGES.index(stage(name))
    allowed = SHELL_CALLS.get(stage(name), set())
    upward = [target for target in GRAPH[name] if target not in allowed and
              (stage(target) is None or STAGES.index(stage(target)) > own)]
    assert upward == [], f"{name} imports {upward}"


def test_the_lazy_seams_exist():
    assert LAZY_SEAMS <= set(MODULES)
