"""The package root exports a small API, and importing it stays light."""

from __future__ import annotations

import subprocess
import sys

import pytest

import hasenpfeffer


@pytest.mark.parametrize("name", hasenpfeffer.__all__)
def test_every_exported_name_resolves(name: str) -> None:
    assert getattr(hasenpfeffer, name) is not None


def test_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Gmae'"):
        _ = hasenpfeffer.Gmae  # type: ignore[attr-defined]


def test_importing_the_package_does_not_load_the_engine() -> None:
    code = "import sys, hasenpfeffer; print(sorted(m for m in sys.modules if m.startswith(('hasenpfeffer.engine.game', 'transitions', 'rich'))))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
