"""What the compiled engine plays is declared once (``batch.coverage.MECHANISMS``): each refusal,
the docs' table and the shipped files' coverage agree with that declaration."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import BaseModel

from hasenpfeffer.batch import coverage
from hasenpfeffer.batch.coverage import BOTS, MECHANISMS, covered, refusal, uncovered
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.rl import vector

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(str(p) for p in (ROOT / "variants").glob("*.yaml")) + sorted(
    str(p) for p in (ROOT / "examples").rglob("*.yaml")
)


def field_exists(dotted: str) -> bool:
    model: type[BaseModel] | None = Variant
    for part in dotted.split("."):
        if model is None or part not in model.model_fields:
            return False
        annotation = model.model_fields[part].annotation
        found = [a for a in getattr(annotation, "__args__", (annotation,)) if isinstance(a, type)]
        model = next((a for a in found if issubclass(a, BaseModel)), None)
    return True


@pytest.mark.parametrize("m", MECHANISMS, ids=lambda m: m.field)
def test_each_mechanism_names_a_field_of_the_format_and_known_bots(m: coverage.Mechanism) -> None:
    assert field_exists(m.field), m.field
    assert set(m.bots) <= set(BOTS)
    assert not m.used(Variant(name="x")), "the default variant is played by the compiled engine"


def test_the_compiled_engine_plays_every_shipped_file_with_either_bot() -> None:
    played = [f for f in FILES if refusal(load_variant(f), BOTS) is None]
    assert (len(FILES), len(played)) == (84, 84)


def test_the_vector_refusal_is_the_declared_one() -> None:
    for f in FILES:
        v = load_variant(f)
        assert vector.refusal(v) == refusal(v, who="the vector environment")
        assert (vector.refusal(v) is None) == (refusal(v) is None)


def test_a_field_is_named_once_in_the_declared_order(monkeypatch: pytest.MonkeyPatch) -> None:
    v = Variant(name="x", players=5, partnerships="called", pack={"copies": 2, "jokers": 2})
    assert uncovered(v) == uncovered(v, ["random"]) == ["partnerships", "pack.jokers"]
    # a mechanism declared with no bot: refused, in the caller's name where it gives one
    refused = coverage.Mechanism("pack.copies", lambda v: v.pack.copies > 1)
    monkeypatch.setattr(coverage, "MECHANISMS", (*MECHANISMS, refused))
    double = Variant(name="x", pack={"copies": 2})
    assert uncovered(double) == uncovered(double, ["greedy"]) == ["pack.copies"]
    assert (
        refusal(double, who="the vector environment") == "the vector environment does not cover pack.copies"
    )
    # a mechanism declared for random seats only: a greedy seat is refused, in a line that says so
    random_only = coverage.Mechanism("pack.copies", lambda v: v.pack.copies > 1, ("random",))
    monkeypatch.setattr(coverage, "MECHANISMS", (*MECHANISMS, random_only))
    assert uncovered(double, bots=["random"]) == [] and covered(double, ["random"])
    assert uncovered(double, bots=["random", "greedy"]) == ["pack.copies"]
    line = "the compiled engine does not cover pack.copies for the greedy bot"
    assert refusal(double, bots=["greedy", "random"]) == line


def test_the_docs_table_lists_every_field_no_compiled_engine_plays() -> None:
    text = (ROOT / "docs/batch.md").read_text()
    table = text[text.index("| field | refused when |") :].split("\n\n")[0]
    listed = set(
        re.findall(r"`([a-z_.]+)`", "\n".join(line.split("|")[1] for line in table.splitlines()[2:]))
    )
    assert listed == {m.field for m in MECHANISMS if not m.bots}
