"""docs/variant-format.md: generated part up to date and complete."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

import docgen
from hasenpfeffer.format import checks
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.variant import Variant
from support.fields import field_paths
from support.paths import ROOT

PAGE = ROOT / "docs" / "variant-format.md"


def test_page_is_current() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert docgen.update(text) == text, "docs/variant-format.md is stale: run python tools/docgen.py"


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


def test_every_field_of_every_mapping_has_its_row() -> None:
    text = PAGE.read_text(encoding="utf-8")
    rows = {line.split(" | ")[0].strip("| `") for line in text.splitlines() if line.startswith("| `")}
    missing = [path for path in field_paths(Variant) if path not in rows]
    assert not missing, f"no row in docs/variant-format.md for {missing}: run python tools/docgen.py"
    for path in ("match.wins", "scoring.slam.rule", "making.call.cards", "scoring.made_alone.table"):
        assert path in rows


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
    assert docgen.main([str(tmp_path / "absent.md")]) == 2
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


def _blocks(text: str, lang: str) -> list[str]:
    parts = text.split(f"```{lang}\n")[1:]
    return [part.split("```", 1)[0] for part in parts]


def test_walk_through_example_is_valid_and_shown_as_documented(tmp_path: Path) -> None:
    from hasenpfeffer.cli.commands.show import dump
    from hasenpfeffer.format.loader import load_variant

    text = PAGE.read_text(encoding="utf-8")
    example = next(b for b in _blocks(text, "yaml") if "name: our-table" in b)
    path = tmp_path / "our-table.yaml"
    path.write_text(example, encoding="utf-8")
    variant = load_variant(path)
    assert (
        variant.game.target,
        variant.scoring.failed.per_bid_trick,
        len(variant.making.auction.ladder),
    ) == (
        15,
        1,
        7,
    )
    shown = next(b for b in _blocks(text, "sh") if "$ hasenpfeffer show our-table.yaml" in b)
    documented = shown.splitlines()[1:-1]  # between the command and the closing "..."
    assert dump(variant).splitlines()[: len(documented)] == documented
    typo = tmp_path / "house.yaml"
    typo.write_text(example.replace("  target: 15", "  taget: 15"), encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        load_variant(typo)
    assert str(caught.value).replace(str(tmp_path) + "/", "") in text
