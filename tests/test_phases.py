"""``hasenpfeffer diagram``: every step of a hand labelled in words, no phase marked current."""

from __future__ import annotations

from pathlib import Path

import pytest

from hasenpfeffer.cli import main
from hasenpfeffer.format.loader import builtin_names, load_variant
from hasenpfeffer.rules.diagram import label, mermaid
from hasenpfeffer.rules.machine import phase_spec

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = [*builtin_names(), *sorted(str(p) for p in (ROOT / "examples" / "house-rules").glob("*.yaml"))]


@pytest.mark.parametrize("name", VARIANTS)
def test_every_transition_is_drawn_with_words_not_trigger_names(name: str) -> None:
    variant = load_variant(name)
    text = mermaid(variant)
    states, transitions = phase_spec(variant)
    triggers = {t["trigger"] for t in transitions}
    edges = [line.strip() for line in text.splitlines() if "-->" in line]
    for t in transitions:
        for source in t["source"]:
            words = label(variant, t["trigger"], source)
            assert words and ":" not in words and "_" not in words
            assert f"{source.replace('-', '_')} --> {t['dest'].replace('-', '_')}: {words}" in edges
    for edge in edges:
        if ": " in edge:
            assert edge.split(": ", 1)[1] not in triggers
    assert len(edges) == sum(len(t["source"]) for t in transitions) + 2  # and the start and the end
    for state in states:
        assert f'state "{state}" as {state.replace("-", "_")}' in text


@pytest.mark.parametrize("name", ["hasenpfeffer", "euchre"])
def test_no_phase_is_painted_as_current(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diagram", name]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f'---\ntitle: "{name}: phases of a hand"\n---\nstateDiagram-v2\n')
    for word in ("active", "classDef", "Class ", "previous"):
        assert word not in out


def test_labels_follow_the_variant() -> None:
    hasen, euchre = load_variant("hasenpfeffer"), load_variant("euchre")
    assert label(hasen, "throw_in", "bidding") == "everyone passed and the Joker is in the widow, thrown in"
    assert label(euchre, "throw_in", "name-trump") == "everyone passed again, thrown in"
    assert label(euchre, "to_discard", "order-up").startswith("ordered up, the dealer takes the card")
    assert label(hasen, "to_discard", "trump") == "trump named, the maker discards 1 card"
