"""The package's layers: imports run one way, and no module imports itself back round a cycle.

web -> cli -> sim, rl -> batch -> bots -> worlds, solver, records, observe -> engine -> rules -> format -> accel (the
switch between the pure-Python and compiled twins, at the package root) -> jitcache (numba's compile
cache, at the root too, reading nothing of ours). Every import counts, those inside
functions and under ``TYPE_CHECKING`` too: a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from support.paths import ROOT

PACKAGE = ROOT / "core" / "hasenpfeffer"
LAYERS = {
    "jitcache": -2,
    "accel": -1,
    "output": -1,
    "format": 0,
    "rules": 1,
    "engine": 2,
    "worlds": 3,
    "solver": 3,
    "records": 3,
    "observe": 3,
    "bots": 4,
    "batch": 5,
    "rl": 6,
    "sim": 6,
    "cli": 7,
    "web": 8,
}
"""Each layer may import its own modules and those of lower layers, never one beside it."""
DOORS = {"hasenpfeffer", "hasenpfeffer.__main__", "hasenpfeffer.events"}
"""Modules at the package root: its lazy exports, ``python -m``, and the public events."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """The package modules a file imports (absolute names)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            if not target.startswith("hasenpfeffer"):
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if (PACKAGE.parent / (sub.replace(".", "/") + ".py")).exists() else target)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("hasenpfeffer"))
    found.discard(name)
    return found


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
GRAPH = {name: imports(path) for name, path in MODULES.items()}


def layer(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


def test_every_module_is_in_a_layer() -> None:
    loose = [n for n in MODULES if layer(n) is None and n not in DOORS]
    assert not loose, f"modules outside the layer packages: {loose}"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if layer(n) is not None))
def test_imports_run_one_way(name: str) -> None:
    mine = layer(name)
    assert mine is not None
    backwards = []
    for target in sorted(GRAPH[name]):
        theirs = layer(target)
        if theirs is None:
            if target != "hasenpfeffer":  # the root's version string
                backwards.append(target)
            continue
        if LAYERS[theirs] > LAYERS[mine] or (LAYERS[theirs] == LAYERS[mine] and theirs != mine):
            backwards.append(target)
    assert not backwards, f"{name} ({mine}) imports from a layer above or beside it: {backwards}"


def test_no_import_cycles() -> None:
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(GRAPH.get(node, ())):
            if nxt not in GRAPH:
                continue
            if state.get(nxt) == 1:
                cycles.append([*stack[stack.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for name in sorted(GRAPH):
        if name not in state and name != "hasenpfeffer":
            visit(name)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_the_graph_is_read() -> None:
    assert "hasenpfeffer.format.variant" in GRAPH["hasenpfeffer.format.loader"]
    assert "hasenpfeffer.rules.ruleset" in GRAPH["hasenpfeffer.engine.game"]


def test_the_public_events_module_is_a_door_onto_the_engine() -> None:
    assert {layer(t) for t in GRAPH["hasenpfeffer.events"]} == {"engine"}


def test_only_the_machine_builds_transitions_and_no_phase_reads_it() -> None:
    """The phases declare their exits; the machine is built from them, and nothing else
    chooses an edge."""
    machine = "hasenpfeffer.engine.machine"
    for name, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        if name != machine:
            assert "from transitions" not in text and "import transitions" not in text, name
        if name.startswith("hasenpfeffer.engine.phases"):
            assert machine not in GRAPH[name], f"{name} imports the machine"


def _private_reads(path: Path) -> list[str]:
    """Where a module reads another module's private name: ``from .x import _y``, or ``x._y``
    on a module it imported."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found, modules = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (
            node.level > 0 or (node.module or "").startswith("hasenpfeffer")
        ):
            for alias in node.names:
                name = alias.name
                if name.startswith("_") and not name.startswith("__"):
                    found.append(f"{path.name}:{node.lineno} imports {name}")
                modules.add(alias.asname or name)
        elif isinstance(node, ast.Import):
            modules.update(
                (a.asname or a.name).split(".")[0] for a in node.names if a.name.startswith("hasenpfeffer")
            )
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.append(f"{path.name}:{node.lineno} reads {node.value.id}.{node.attr}")
    return found


def test_no_module_reads_another_modules_private_names() -> None:
    """A name used across modules is public: a helper shared by two files is part of neither's
    inside (the compiled kernel's parts included)."""
    found = [hit for path in sorted(PACKAGE.rglob("*.py")) for hit in _private_reads(path)]
    assert found == []


def test_a_private_read_is_found(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from .score import _value, public\nfrom . import tables as t\nx = t._hidden\n")
    assert _private_reads(module) == ["m.py:1 imports _value", "m.py:3 reads t._hidden"]
