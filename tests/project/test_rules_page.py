"""docs/rules.md: cited by its sections, covering the format's fields; the built-ins listed."""

from __future__ import annotations

import re

import docgen
from hasenpfeffer.format.loader import builtin_names, load_variant
from hasenpfeffer.format.variant import Variant
from support.paths import ROOT

PAGE = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
FOLDERS = ("core", "tests", "docs", "benchmarks", "variants", "examples")
TEXT_FILES = [
    p
    for folder in FOLDERS
    for p in (ROOT / folder).rglob("*")
    if p.suffix in (".py", ".md", ".yaml", ".yml")
    and "egg-info" not in str(p)
    and "__pycache__" not in str(p)
] + [ROOT / "README.md"]


def headings() -> set[str]:
    """Section numbers of the page: ``1``, ``1.4``, ``4``..."""
    return set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", PAGE, flags=re.MULTILINE))


def section(number: str) -> str:
    return PAGE.split(f"\n## {number}. ", 1)[1].split("\n## ", 1)[0]


def test_no_citation_of_a_missing_rules_file() -> None:
    missing = "RULES" + ".md"
    assert [p for p in TEXT_FILES if missing in p.read_text(encoding="utf-8")] == []


def test_every_cited_section_exists() -> None:
    cited = {
        (p.name, n)
        for p in TEXT_FILES
        for n in re.findall(r"rules\.md,? section (\d+(?:\.\d+)?)", p.read_text(encoding="utf-8"))
    }
    assert {n for _, n in cited} >= {"1", "3", "4"}
    assert [c for c in cited if c[1] not in headings()] == []
    assert {"1", "2", "3", "4", "1.1", "1.6", "1.10", "1.11"} <= headings()


def test_section_4_maps_every_field_of_the_format() -> None:
    words = set(re.findall(r"`([^`]+)`", section("4")))
    fields = [
        f.strip("`").replace("[]", "")
        for _, _, rows in docgen.sections(Variant, Variant(name="x"))
        for f, *_ in rows
    ]
    assert len(fields) > 40
    uncovered = []
    for field in fields:
        parts = field.split(".")
        prefixes = {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
        if field not in ("name", "description", "extends") and not prefixes & words:
            uncovered.append(field)
    assert uncovered == []


def test_section_1_states_the_defaults_of_the_builtin() -> None:
    v = load_variant("hasenpfeffer")
    one = section("1")
    assert f"first partnership to reach {v.game.target} points wins" in one
    assert f"the player holding the Joker must bid {v.making.all_pass.bid}" in one
    assert f"from 1 to {len(v.making.auction.ladder)}" in one
    assert v.deal.hand_size == 6 and "gets six cards" in one and f"{v.pack.size} cards" in one
    assert "little pepper" in one and "big pepper" in one


def test_variant_format_page_names_every_builtin() -> None:
    text = (ROOT / "docs" / "variant-format.md").read_text(encoding="utf-8")
    intro = text.split("\n## ", 1)[0]
    assert "Two variants" not in intro
    assert [n for n in builtin_names() if f"`{n}`" not in intro] == []
    assert "Thirteen variants" in intro and len(builtin_names()) == 13
