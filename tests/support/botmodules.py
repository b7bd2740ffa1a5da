"""A bot's module written into a folder that is made the current one, as a user's own bot
module sits where the command runs (docs/bots.md, "Your own bot")."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest


def module_here(folder: Path, name: str, text: str, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Write ``name.py`` holding ``text`` into ``folder`` and run from there, no earlier import of
    it kept; the current folder, the import path and the modules come back afterwards."""
    (folder / f"{name}.py").write_text(text)
    monkeypatch.chdir(folder)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(folder))])
    monkeypatch.delitem(sys.modules, name, raising=False)
    return folder
