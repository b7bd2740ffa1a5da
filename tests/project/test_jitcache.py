"""numba's compile cache never stops a run (``hasenpfeffer.jitcache``, ``batch.freshcache``).

A tiny kernel written into a temporary folder (compiled in a second) is run in fresh processes:
once to fill its cache, then with each kind of cache file broken in turn, then once more. A
copy of the package whose ``__pycache__`` folders are files, with no ``NUMBA_CACHE_DIR`` and a
home under ``/dev/null``, stands for a read-only install: numba's own locators find no folder
there (as root too), and the commands run without compiling anything big.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from hasenpfeffer import accel, jitcache
from support.paths import ROOT

pytestmark = pytest.mark.skipif(not accel.installed(), reason=accel.MISSING)

TINY = '''"""A kernel for the tests of the compile cache."""

from hasenpfeffer import jitcache

_jit = jitcache.jit(nogil=True)


@_jit
def twice(x):
    return 2 * x
'''
RUN = """import sys
from pathlib import Path

folder = Path(sys.argv[1])
sys.path.insert(0, str(folder))
from hasenpfeffer.batch import freshcache

freshcache.ensure(folder)
import tiny_compiled

print(tiny_compiled.twice(21), sum(tiny_compiled.twice.stats.cache_hits.values()))
"""
"""Keep the tiny kernel's cache fresh, then run it: its result, and 1 where it came from the cache."""
LOADED, COMPILED = "42 1", "42 0"


def environment(**changes: str) -> dict[str, str]:
    """This environment without numba's and the build's settings, with ``changes``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_") and k != accel.VARIABLE}
    env.pop("XDG_CACHE_HOME", None)
    return env | changes


def run(folder: Path, env: dict[str, str]) -> tuple[str, list[str]]:
    """Run the tiny kernel of ``folder``: what it printed, and its lines on the error stream."""
    done = subprocess.run(
        [sys.executable, "-c", RUN, str(folder)], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip(), done.stderr.splitlines()


def tiny(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "tiny_compiled.py").write_text(TINY)
    return folder


def truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def garble_data(path: Path) -> None:
    path.write_bytes(b"not a pickle at all")


def garble_text(path: Path) -> None:
    path.write_bytes(b"\x80\x04X\x03\x00\x00\x00\xff\xfe\xfd.")  # the pickle of a string not utf-8


BREAKS: list[tuple[str, str, Callable[[Path], None]]] = [
    ("truncated data", "*.nbc", truncate),
    ("garbled data", "*.nbc", garble_data),
    ("truncated index", "*.nbi", truncate),
    ("garbled index", "*.nbi", garble_text),
    ("garbled digest", "kernels.digest", garble_text),
]


def test_each_broken_cache_file_is_set_aside_in_one_line_and_the_cache_heals(tmp_path: Path) -> None:
    """Each kind of file broken in turn: the next run compiles again, saying so in one line
    about that file alone (so the run before left the rest whole); the last loads quietly."""
    folder, cache = tiny(tmp_path / "kernels"), tmp_path / "numba"
    env = environment(NUMBA_CACHE_DIR=str(cache))
    assert run(folder, env) == (COMPILED, [])
    [digest] = cache.rglob("kernels.digest")  # kept where numba keeps the cache, not in the tree
    assert [p.parent for p in cache.rglob("*.nbi")] == [digest.parent]
    assert not (folder / "__pycache__" / "kernels.digest").exists()
    for kind, pattern, spoil in BREAKS:
        [broken] = cache.rglob(pattern)
        spoil(broken)
        out, err = run(folder, env)
        assert out == COMPILED, kind
        assert len(err) == 1 and err[0].startswith(f"compile cache: {broken} was unreadable ("), (kind, err)
        assert err[0].endswith("): set aside, compiling again"), kind
        assert broken.with_name(broken.name + jitcache.SET_ASIDE).exists(), kind
    assert run(folder, env) == (LOADED, [])
    [data] = cache.rglob("*.nbc")  # a write cut short: the index names a data file never written
    data.unlink()
    (data.parent / f"{data.name}.tmp.0123456789abcdef").write_bytes(b"half")
    assert run(folder, env) == (COMPILED, [])
    assert run(folder, env) == (LOADED, [])


def test_the_in_tree_cache_heals_and_keeps_its_digest_beside_it(tmp_path: Path) -> None:
    folder = tiny(tmp_path / "kernels")
    env = environment(HOME=str(tmp_path / "home"))
    assert run(folder, env) == (COMPILED, [])
    cache = folder / "__pycache__"
    assert (cache / "kernels.digest").exists() and not (tmp_path / "home").exists()
    [index] = cache.glob("*.nbi")
    index.write_bytes(b"")
    out, err = run(folder, env)
    assert out == COMPILED and err == [
        f"compile cache: {index} was unreadable (EOFError): set aside, compiling again"
    ]
    assert run(folder, env) == (LOADED, [])


def test_two_processes_filling_one_cache_at_once_leave_it_whole(tmp_path: Path) -> None:
    folder, cache = tiny(tmp_path / "kernels"), tmp_path / "numba"
    env = environment(NUMBA_CACHE_DIR=str(cache))
    both = [
        subprocess.Popen([sys.executable, "-c", RUN, str(folder)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]  # fmt: skip
    for proc in both:
        out, err = proc.communicate(timeout=120)
        assert (proc.returncode, out.split()[0], err) == (0, "42", "")
    assert run(folder, env) == (LOADED, [])


def test_no_writable_folder_compiles_in_memory_in_one_line(tmp_path: Path) -> None:
    folder = tiny(tmp_path / "kernels")
    (folder / "__pycache__").write_text("a file where the folder would go")
    assert run(folder, environment(HOME="/dev/null")) == (COMPILED, [jitcache.MEMORY])


@pytest.fixture(scope="module")
def read_only(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package whose ``__pycache__`` folders are files (numba can cache nothing in
    its tree), for PYTHONPATH."""
    root = tmp_path_factory.mktemp("read-only")
    package = root / "hasenpfeffer"
    shutil.copytree(ROOT / "core" / "hasenpfeffer", package, ignore=shutil.ignore_patterns("__pycache__"))
    for folder in [package, *(p for p in package.rglob("*") if p.is_dir())]:
        (folder / "__pycache__").write_text("not a folder")
    return root


def command(root: Path, argv: list[str], **changes: str) -> subprocess.CompletedProcess[str]:
    env = environment(HOME="/dev/null", PYTHONPATH=str(root), **changes)
    return subprocess.run(
        [sys.executable, *argv], env=env, cwd=root, capture_output=True, text=True, timeout=300
    )


STUDIES = {
    "simulate": ["simulate", "euchre", "--games", "2", "--workers", "1"],
    "compare": ["compare", "euchre", "euchre", "--games", "2", "--workers", "1"],
    "analyze": ["analyze", str(ROOT / "docs" / "records" / "first-trick.yaml")],
    "mc": ["simulate", "euchre", "--bots", "mc", "--engine", "python", "--games", "1", "--max-hands", "1", "--workers", "1"],
}  # fmt: skip


@pytest.mark.parametrize("name", list(STUDIES))
def test_without_a_cache_auto_runs_pure_python_and_says_so_once(name: str, read_only: Path) -> None:
    done = command(read_only, ["-m", "hasenpfeffer", *STUDIES[name]])
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stderr.splitlines() == [jitcache.OFF]
    if name != "analyze":
        assert "accel: pure Python (no writable compile cache)" in done.stdout
    if name in ("simulate", "compare"):
        assert f"engine: python ({accel.NO_CACHE})" in done.stdout


REPORT = """from hasenpfeffer import accel, jitcache
from hasenpfeffer.batch import freshcache
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.sim.engines import choose

print(accel.status().label)
print(choose([Variant(name="x")], ["random"] * 4, "compiled"))
print(jitcache.folder(freshcache.HERE / "step_compiled.py"))
"""


def test_without_a_cache_compiled_asked_for_compiles_in_memory_and_says_so(read_only: Path) -> None:
    done = command(read_only, ["-c", REPORT], HASENPFEFFER_ENGINE="compiled")
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stderr.splitlines() == [jitcache.MEMORY]
    label, engine, where = done.stdout.splitlines()
    assert label.startswith("compiled in memory (numba ") and label.endswith("; no writable compile cache)")
    assert (engine, where) == ("engine: compiled (numba; in memory)", "None")


def test_a_writable_numba_cache_dir_gives_the_compiled_build_back(read_only: Path, tmp_path: Path) -> None:
    done = command(read_only, ["-c", REPORT], NUMBA_CACHE_DIR=str(tmp_path))
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stderr == ""
    label, engine, where = done.stdout.splitlines()
    assert label.startswith("compiled (numba ") and engine == "engine: compiled (numba)"
    assert Path(where).parent == tmp_path
