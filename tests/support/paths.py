"""The project's folders, for the tests that read its files."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The clone: ``pyproject.toml``, ``docs/``, ``examples/``..."""
TESTS = ROOT / "tests"
GOLDEN = TESTS / "golden"
"""What must not change from release to release: action spaces, records, perft counts."""
INVALID = TESTS / "invalid"
"""Invalid variant files, each ending with the problems it must give."""
HOUSE_RULES = ROOT / "examples" / "house-rules"
