"""Integer actions: every legal action has a seat-free id that decodes back to it; spaces are stable.

The space of each built-in (size and the text of every id) lives in ``tests/golden/actions/NAME.json``
and must not change across releases: bots and learned policies index by it. After adding a
built-in (or a deliberate, announced change), regenerate and review the diff:

```sh
python tests/rules/test_action_space.py --regen
```
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer import Action, Game, IllegalActionError, Variant, house_rule
from hasenpfeffer.format.loader import builtin_names, load_variant
from hasenpfeffer.rules.actionspace import ActionSpace, action_space

if __name__ == "__main__":  # run as a script (--regen): the shared test modules are in tests/
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from support.paths import GOLDEN as GOLDEN_ROOT
from support.paths import HOUSE_RULES as HOUSE
from support.paths import ROOT
from support.random_variants import engine_variants, loaded

GOLDEN = GOLDEN_ROOT / "actions"
PAGE = ROOT / "docs" / "actions.md"
BUILTINS = builtin_names()


def golden(name: str) -> dict[str, Any]:
    """The golden description of a built-in's space."""
    space = action_space(load_variant(name))
    return {"variant": name, "size": space.size, "names": list(space.names)}


def check_decision(space: ActionSpace, game: Game) -> list[int]:
    """Check the ids of the legal actions now; return them."""
    legal = game.legal_actions()
    ids = space.ids(legal)
    assert len(ids) == len(legal) and all(0 <= i < space.size for i in ids)
    assert len(set(ids)) == len(set(legal)), legal  # distinct actions, distinct ids
    for a, i in zip(legal, ids, strict=True):
        assert space.encode(a) == space.encode(str(a)) == i
        assert space.decode(i, a.seat) == a and a.seat == game.to_move
        assert space.names[i] == str(a).split(" ", 1)[1]
    mask = space.mask(legal)
    assert len(mask) == space.size and [i for i, m in enumerate(mask) if m] == sorted(set(ids))
    assert game.legal_action_ids() == ids and game.legal_action_mask() == mask
    return ids


def play(variant: Variant, seed: int, decisions: int, hands: int | None = None) -> set[str]:
    """Random decisions (half through ids, half through actions), each checked; the verbs used.

    A finished game is followed by a new one; with ``hands``, play stops after that many hands.
    """
    space, rng = action_space(variant), random.Random(seed)
    game, verbs = Game(variant, seed=seed), set()
    for _ in range(decisions):
        if hands is not None and len(game.hand_results) >= hands:
            break
        if game.is_over:
            game = Game(variant, seed=rng.randrange(1 << 30))
        ids = check_decision(space, game)
        i = rng.choice(ids)
        verbs.add(space.keys[i][0])
        if rng.random() < 0.5:
            game.apply_id(i)
        else:
            game.apply(game.legal_actions()[ids.index(i)])
    return verbs


def group_tables(name: str) -> str:
    """Markdown tables of a built-in's space, one per group (the worked examples of docs/actions.md)."""
    space = action_space(load_variant(name))
    out = []
    for g in space.groups:
        ids = range(g.start, g.stop)
        out += [
            f"`{g.name}`: ids {g.start}–{g.stop - 1}" if len(ids) > 1 else f"`{g.name}`: id {g.start}",
            "",
        ]
        if g.name in ("play", "discard", "give"):
            out += ["| ids | cards |", "| --- | --- |"]
            rows: dict[str, list[int]] = {}
            for i in ids:
                card = space.keys[i][1]
                rows.setdefault("JK" if card == "JK" else card[-1], []).append(i)
            for members in rows.values():
                span = f"{members[0]}–{members[-1]}" if len(members) > 1 else str(members[0])
                out.append(f"| {span} | " + " ".join(f"`{space.keys[i][1]}`" for i in members) + " |")
        else:
            out += ["| id | action |", "| --- | --- |", *(f"| {i} | `{space.names[i]}` |" for i in ids)]
        out.append("")
    return "\n".join(out)


@pytest.mark.parametrize("name", ["hasenpfeffer", "euchre"])
def test_the_page_shows_the_spaces_of_its_examples(name: str) -> None:
    text = PAGE.read_text(encoding="utf-8")
    size = action_space(load_variant(name)).size
    assert f"## Worked example: {name} ({size} ids)" in text
    assert group_tables(name).rstrip() in text


@pytest.mark.parametrize("name", BUILTINS)
def test_golden_space(name: str) -> None:
    path = GOLDEN / f"{name}.json"
    assert path.exists(), (
        f"no golden action space for {name}: run python tests/rules/test_action_space.py --regen"
    )
    assert json.loads(path.read_text(encoding="utf-8")) == golden(name), (
        f"the action space of {name} changed: ids must stay stable"
    )


def test_every_golden_is_a_builtin() -> None:
    assert sorted(p.stem for p in GOLDEN.glob("*.json")) == sorted(BUILTINS)


@pytest.mark.parametrize("name", BUILTINS)
def test_random_games_of_builtins(name: str) -> None:
    variant, used = load_variant(name), set()
    for seed in range(4):
        used |= play(variant, seed, decisions=3000)
    # every group of the space is used by some game (no dead groups)
    assert used == {g.name for g in action_space(variant).groups}


@given(data=engine_variants(), seed=st.integers(0, 2**16))
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
def test_random_variants(data: dict[str, Any], seed: int) -> None:
    variant = loaded(data)
    play(variant, seed, decisions=400, hands=3)


def test_groups_follow_the_documented_order() -> None:
    order = [
        "play",
        "discard",
        "give",
        "bid",
        "pass",
        "trump",
        "order-up",
        "alone",
        "suit",
        "redeal",
        "swap",
        "declare",
        "drop",
        "call",
    ]
    for name in BUILTINS:
        space = action_space(load_variant(name))
        names = [g.name for g in space.groups]
        assert names == sorted(names, key=order.index)
        assert [g.start for g in space.groups] == [0, *[g.stop for g in space.groups[:-1]]]
        assert space.groups[-1].stop == space.size == len(space) == len(set(space.names))
        for g in space.groups:
            assert {space.keys[i][0] for i in range(g.start, g.stop)} == {g.name}


def test_pinochle_copies_share_an_id() -> None:
    space = action_space(load_variant("double-hasenpfeffer"))
    assert space.size == 67 and space.encode("0 play AS") == space.encode("play AS") == 23


def test_a_dummy_taken_into_hand_has_discard_ids_without_the_dealers_discard() -> None:
    """The maker who takes a dummy lays away as many cards, though the dealer lays none away
    for the turned card (``dealer_discards: false``): the space has the discard ids it plays."""
    v = house_rule(str(HOUSE / "three-handed-euchre-dummy.yaml"), {"making.order_up.dealer_discards": False})
    space = action_space(v)
    assert "discard" in [g.name for g in space.groups]
    g = Game(v, seed=3)
    while g.phase != "discard":
        g.apply(g.legal_actions()[0])
    assert all(space.decode(space.encode(a), a.seat) == a for a in g.legal_actions())


def test_ids_leave_the_seat_out() -> None:
    space = action_space(load_variant("euchre"))
    assert {space.encode(Action(s, "trump", "H", True)) for s in range(4)} == {space.encode("trump H alone")}
    assert space.encode(Action(9, "pass")) == space.names.index("pass")
    assert space.decode(space.encode("pass"), 9) == Action(9, "pass")


def test_the_cache_gives_one_space_per_variant() -> None:
    v = load_variant("hasenpfeffer")
    assert action_space(v) is action_space(v) is action_space(load_variant("hasenpfeffer"))
    assert action_space(v) is not action_space(load_variant("euchre"))


@pytest.mark.parametrize(
    "bad",
    ["0 bid 4", "alone", "play JK", "trump NT", "give AS", "0 fold", "", "0 play ZZ"],
)
def test_actions_outside_the_space_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        action_space(load_variant("euchre")).encode(bad)


@pytest.mark.parametrize("i", [-1, 59, 100])
def test_ids_outside_the_space_are_refused(i: int) -> None:
    with pytest.raises(ValueError, match="out of range"):
        action_space(load_variant("euchre")).decode(i, 0)


def test_an_illegal_id_is_refused_and_changes_nothing() -> None:
    game = Game(load_variant("euchre"), seed=3)
    before = game.snapshot()
    with pytest.raises(IllegalActionError):
        game.apply_id(0)
    assert game.snapshot() == before
    while not game.is_over:
        game.apply_id(game.legal_action_ids()[0])
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply_id(0)
    assert game.legal_action_ids() == [] and not any(game.legal_action_mask())


def main(argv: list[str] | None = None) -> int:
    """Check or (``--regen``) rewrite the golden action spaces."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--regen", action="store_true", help="rewrite tests/golden/actions/*.json")
    args = parser.parse_args(argv)
    stale = []
    for name in BUILTINS:
        path, text = GOLDEN / f"{name}.json", json.dumps(golden(name), indent=1) + "\n"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
            if args.regen:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    print(("rewrote: " if args.regen else "stale: ") + (", ".join(stale) or "none"))
    return 0 if args.regen or not stale else 1


if __name__ == "__main__":
    raise SystemExit(main())
