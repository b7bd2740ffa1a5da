"""docs/variant-format.md: generated part up to date and complete."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from hasenpfeffer import checks, docgen
from hasenpfeffer.variant import Variant

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "variant-format.md"


def test_page_is_current() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert docgen.update(text) == text, "docs/variant-format.md is stale: run python -m hasenpfeffer.docgen"


def _paths(model: type[BaseModel], prefix: str = "") -> list[str]:
    out = []
    for name, info in model.model_fields.items():
        ann = info.annotation
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            out += _paths(ann, f"{prefix}{name}.")
        else:
            out.append(f"{prefix}{name}")
    return out


def test_every_field_is_documented_with_type_default_and_description() -> None:
    text = PAGE.read_text(encoding="utf-8")
    rows = {line.split(" | ")[0].strip("| `"): line for line in text.splitlines() if line.startswith("| `")}
    for path in _paths(Variant):
        assert path in rows, path
        cells = rows[path].strip("|").split(" | ")
        assert len(cells) == 4 and all(c.strip() for c in cells), rows[path]
    assert "`making.auction.ladder[].multiplier`" in text


@pytest.mark.parametrize(
    ("path", "default"),
    [
        ("pack.jokers", "`1`"),  # Variant's pack has one Joker, although a bare Pack has none
        ("scoring.made.per_trick", "`1`"),
        ("scoring.defenders.per_trick", "`0`"),
        ("making.auction.ladder", "`[1, 2, 3, 4, 5, 6]`"),
        ("name", "required"),
        ("description", "`''`"),
    ],
)
def test_defaults_are_those_of_a_variant(path: str, default: str) -> None:
    text = PAGE.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith(f"| `{path}` |"))
    assert row.split(" | ")[2] == default


def test_every_semantic_check_is_listed() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert len(checks.CHECKS) >= 10
    for item in checks.CHECKS:
        loc, _, message = item.partition(": ")
        assert f"- `{loc}`: {message}" in text


def test_check_mode_and_rewrite(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Title\n\nHand-written.\n", encoding="utf-8")
    assert docgen.main([str(page), "--check"]) == 1
    assert docgen.main([str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Title\n\nHand-written.\n\n" + docgen.BEGIN)
    assert docgen.main([str(page), "--check"]) == 0
    page.write_text(text.replace("| `players` |", "| `players` | stale |") + "\nAfter.\n", encoding="utf-8")
    assert docgen.main([str(page), "--check"]) == 1
    docgen.main([str(page)])
    assert page.read_text(encoding="utf-8") == text + "\nAfter.\n"
