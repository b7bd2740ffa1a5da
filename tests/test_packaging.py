"""The wheel ships every module, the built-in variants and the schema, and no `core` package.

Builds a wheel once (about ten seconds: pip fetches the build backend into an isolated
environment) from a copy of the project files, so the working tree is left untouched.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    src = work / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    for name in ("core", "variants", "schemas"):
        shutil.copytree(ROOT / name, src / name, ignore=ignore)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q", "-w", str(work / "dist")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = (work / "dist").glob("hasenpfeffer-*.whl")
    return built


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
        "from hasenpfeffer.loader import load_variant\n"
        "from hasenpfeffer.schema import render\n"
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
