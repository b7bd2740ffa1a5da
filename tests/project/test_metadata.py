"""Project metadata: one version, light runtime dependencies, the command's front door."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import hasenpfeffer
from hasenpfeffer.cli import build_parser, main
from support.paths import ROOT

PACKAGE = ROOT / "core" / "hasenpfeffer"
COUNTING = ("sim/arrayfigures.py", "sim/arrayhappenings.py", "sim/arraystats.py", "sim/columns.py")
"""The statistics of compiled games, counted over numpy arrays: imported only where compiled
games are counted, which needs the compiled engine (the extra ``fast``, which brings numpy)."""
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]


def _requirement_names(requirements: list[str]) -> set[str]:
    names = set()
    for req in requirements:
        name = req.split(";")[0]
        for stop in "<>=!~[ @":
            name = name.split(stop)[0]
        names.add(name.strip().lower())
    return names


def test_the_version_is_written_once_in_the_package() -> None:
    assert "version" not in PROJECT and PROJECT["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "hasenpfeffer.__version__"}
    assigned = [
        node
        for node in ast.walk(ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8")))
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__version__" for t in node.targets)
    ]
    assert len(assigned) == 1 and isinstance(assigned[0].value, ast.Constant)
    files = [ROOT / "pyproject.toml", *PACKAGE.rglob("*.py")]
    holders = [p for p in files if hasenpfeffer.__version__ in p.read_text(encoding="utf-8")]
    assert holders == [PACKAGE / "__init__.py"]


def test_version_option_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"hasenpfeffer {hasenpfeffer.__version__}\n"


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hasenpfeffer", "--version"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and done.stdout == f"hasenpfeffer {hasenpfeffer.__version__}\n"
    done = subprocess.run([sys.executable, "-m", "hasenpfeffer"], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "usage: hasenpfeffer" in done.stdout


def test_help_speaks_to_users() -> None:
    text = build_parser().format_help()
    assert "``" not in text and ":func:" not in text
    for words in ("Euchre family", "variant file", "validate", "compare", "exit status", "docs/", "2 usage"):
        assert words in text


@pytest.mark.parametrize(
    "extra, name",
    [
        ("test", "jsonschema"),
        ("plot", "numpy"),
        ("dask", "distributed"),
        ("rl", "pettingzoo"),
        ("rl", "open-spiel"),
        ("learned", "safetensors"),
        ("learn", "jax"),
        ("learn", "optax"),
    ],
)
def test_optional_libraries_are_extras_not_runtime_dependencies(extra: str, name: str) -> None:
    assert name not in _requirement_names(PROJECT["dependencies"])
    assert name in _requirement_names(PROJECT["optional-dependencies"][extra])


def test_numpy_and_jsonschema_are_imported_only_where_their_extras_are_needed() -> None:
    imports: list[tuple[str, str, str]] = []  # (module file, enclosing function, imported name)
    for path in PACKAGE.rglob("*.py"):
        if path.parent.name in ("rl", "observe"):  # the learning environments and their
            continue  # observation vector: the `rl` extra brings numpy
        if path.parent.name == "batch" and path.stem != "coverage":  # the compiled batch engine: `fast`
            continue
        if path.parent.parent.name == "batch":  # its compiled phases and their layout: `fast`
            continue
        if path.stem.endswith("_compiled"):  # the compiled twins, imported when first used (extra `fast`)
            continue
        if path.relative_to(PACKAGE).as_posix() in COUNTING:  # compiled games' statistics (extra `fast`)
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        scopes = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                if name.split(".")[0] in ("numpy", "jsonschema", "distributed") and not (
                    path.name == "cluster.py" and name.startswith("distributed")
                ):
                    inside = [f.name for f in scopes if f.lineno <= node.lineno <= (f.end_lineno or 0)]
                    imports.append((path.relative_to(PACKAGE).as_posix(), ",".join(inside), name))
    assert sorted(imports) == [
        ("bots/learned.py", "_load", "numpy"),  # a learned bot's policy: the `learned` extra
        ("bots/learned.py", "_policy", "numpy"),
        ("bots/learned.py", "_wide", "numpy"),
        ("bots/learned.py", "initial", "numpy"),
        ("bots/learned.py", "logits", "numpy"),
        ("cli/report/compareplot.py", "_histogram", "numpy"),
        ("cli/report/sweepplot.py", "_heat", "numpy"),
    ]


def test_the_compiled_games_statistics_are_imported_only_when_compiled_games_are_counted() -> None:
    """The modules that count compiled games over numpy arrays (:data:`COUNTING`) are imported by
    the rest of the package only inside the functions that count such games, so a base install,
    without numpy, never reads them."""
    names = {Path(p).stem for p in COUNTING}
    top: list[str] = []
    for path in PACKAGE.rglob("*.py"):
        if path.relative_to(PACKAGE).as_posix() in COUNTING:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:  # module level only: an import inside a function is lazy
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] in names:
                top.append(f"{path.name}:{node.lineno}")
    assert top == []
    assert all((PACKAGE / p).exists() for p in COUNTING)


def test_distributed_is_imported_only_when_a_cluster_is_used() -> None:
    code = (
        "import sys; from hasenpfeffer.cli import main; import hasenpfeffer.sim.cluster;"
        " main(['simulate', 'euchre', '--games', '1', '--workers', '1', '--json']);"
        " print('distributed' in sys.modules, file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stderr.strip() == "False"


def test_metadata_describes_the_project() -> None:
    assert {"Homepage", "Documentation", "Issues"} <= set(PROJECT["urls"])
    assert all(url.startswith("https://") for url in PROJECT["urls"].values())
    assert "euchre" in PROJECT["keywords"]
    assert "Typing :: Typed" in PROJECT["classifiers"]
    assert "Programming Language :: Python :: 3.11" in PROJECT["classifiers"]


def test_readme_gives_time_ranges_for_greedy_and_mc_runs() -> None:
    import re

    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    ranges = re.findall(r"(\d+) to (\d+) (s|minutes)", text)
    assert len(ranges) >= 3 and all(int(lo) < int(hi) for lo, hi, _ in ranges)
    assert "--bots mc,greedy,mc,greedy --games 10` takes" in text
    assert "progress bar" in text
