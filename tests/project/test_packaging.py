"""The distributions: the sdist holds what the tests read; the wheel ships the package only.

Builds the sdist and, from it, the wheel once (a few seconds: `build` fetches the build
backend into an isolated environment) from a copy of the project, so the working tree is
left untouched.
"""

from __future__ import annotations

import email
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import hasenpfeffer
from support.paths import ROOT

SKIP = ("__pycache__", "*.egg-info", "*.pyc", ".git", ".venv", "build", "dist", ".*_cache", ".hypothesis")
SHIPPED_FOLDERS = ("tests", "docs", "examples", "benchmarks", "tools")


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(sdist, wheel built from that sdist)."""
    pytest.importorskip("build")
    work = tmp_path_factory.mktemp("dists")
    src = work / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(*SKIP))
    done = subprocess.run(
        [sys.executable, "-m", "build", "-o", str(work / "dist"), str(src)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (sdist,) = (work / "dist").glob("hasenpfeffer-*.tar.gz")
    (built,) = (work / "dist").glob("hasenpfeffer-*.whl")
    return sdist, built


@pytest.fixture(scope="module")
def wheel(dists: tuple[Path, Path]) -> Path:
    return dists[1]


def test_sdist_holds_the_tests_and_what_they_read(dists: tuple[Path, Path]) -> None:
    sdist, _ = dists
    src = sdist.parent.parent / "src"
    with tarfile.open(sdist) as tf:
        names = {n.split("/", 1)[1] for n in tf.getnames() if "/" in n}
    wanted = [p for folder in SHIPPED_FOLDERS for p in (src / folder).rglob("*") if p.is_file()]
    wanted += [src / "README.md", src / "LICENSE", src / ".pre-commit-hooks.yaml"]
    missing = [p.relative_to(src).as_posix() for p in wanted if p.relative_to(src).as_posix() not in names]
    assert missing == []
    for name in ("docs/variant-format.md", "examples/ci/.github/workflows/validate-variants.yml"):
        assert name in names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]


def test_wheel_metadata_has_the_package_version_and_light_dependencies(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        meta_name = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        meta = email.message_from_bytes(zf.read(meta_name))
    assert meta["Version"] == hasenpfeffer.__version__
    plain = [r for r in meta.get_all("Requires-Dist") or [] if "extra ==" not in r]
    assert plain and not [r for r in plain if r.startswith(("numpy", "jsonschema", "matplotlib"))]


def _names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as zf:
        return set(zf.namelist())


def test_every_module_folder_and_module_is_in_the_wheel(wheel: Path) -> None:
    names = _names(wheel)
    source = wheel.parent.parent / "src" / "core" / "hasenpfeffer"  # the tree the wheel was built from
    folders = {p.parent for p in source.rglob("*.py") if "__pycache__" not in p.parts}
    assert source in folders and source / "cli" in folders
    for folder in folders:
        package = "hasenpfeffer/" + folder.relative_to(source).as_posix()
        assert f"{package.rstrip('/.')}/__init__.py" in names, f"{folder} is not shipped as a package"
    for module in source.rglob("*.py"):
        assert "hasenpfeffer/" + module.relative_to(source).as_posix() in names
    assert "hasenpfeffer/py.typed" in names


def test_builtin_variants_and_schema_are_package_data(wheel: Path) -> None:
    names = _names(wheel)
    src = wheel.parent.parent / "src"
    for path in (src / "variants").glob("*.yaml"):
        assert f"hasenpfeffer/variants/{path.name}" in names
    for path in (src / "schemas").glob("*.json"):
        assert f"hasenpfeffer/schemas/{path.name}" in names
    assert "hasenpfeffer/variants/hasenpfeffer.yaml" in names
    assert "hasenpfeffer/schemas/variant.schema.json" in names


def test_no_core_package_is_shipped(wheel: Path) -> None:
    names = _names(wheel)
    assert not [n for n in names if n.startswith("core/")]
    top = next(n for n in names if n.endswith(".dist-info/top_level.txt"))
    with zipfile.ZipFile(wheel) as zf:
        assert zf.read(top).decode().split() == ["hasenpfeffer"]


def test_installed_wheel_loads_builtins_and_schema(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    code = (
        "import hasenpfeffer, importlib.util\n"
        "from hasenpfeffer.format.loader import load_variant\n"
        "from hasenpfeffer.format.schema import render\n"
        "from importlib import resources\n"
        "print(hasenpfeffer.__file__)\n"
        "print(len(load_variant('hasenpfeffer-pepper').making.auction.ladder))\n"
        "print((resources.files('hasenpfeffer.schemas') / 'variant.schema.json').read_text() == render())\n"
        "print(importlib.util.find_spec('core'))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, check=True
    ).stdout.split("\n")
    assert out[0].startswith(str(target))
    assert out[1:4] == ["7", "True", "None"]


def test_development_install_has_no_core_package(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", "import importlib.util; print(importlib.util.find_spec('core'))"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out == "None\n"
