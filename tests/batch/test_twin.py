"""The compiled engine against the Python engine: every covered built-in and example variant.

Random games are played compiled, with the legal ids of every decision kept, and each hand is
replayed through the Python ``Game`` from its deal: every compiled action must be legal there,
the compiled legal set must equal Python's at every decision, and each hand's result and the
game's end must be the same. ``--long`` (or ``HASENPFEFFER_LONG=1``) plays many more games.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer import load_variant
from hasenpfeffer.batch.coverage import refusal
from hasenpfeffer.format.acting import settled
from hasenpfeffer.format.checks import check as semantic
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.rules.actionspace import action_space
from support.paths import ROOT

pytest.importorskip("numba", exc_type=ImportError)

from hasenpfeffer.batch.replay import TwinMismatch, check_batch, replay_game
from hasenpfeffer.batch.run import play

FILES = sorted((ROOT / "variants").glob("*.yaml")) + sorted((ROOT / "examples").rglob("*.yaml"))
COVERED = [f for f in FILES if refusal(load_variant(f)) is None]
BUILT_INS = ("euchre", "hasenpfeffer", "hasenpfeffer-pepper", "pepper", "five-hundred")
BUILT_INS += ("three-handed-euchre", "five-hundred-3", "three-handed-euchre-stick-the-dealer")


@pytest.fixture(scope="module")
def long_run(request: pytest.FixtureRequest) -> bool:
    return (
        bool(request.config.getoption("--long", default=False)) or os.environ.get("HASENPFEFFER_LONG") == "1"
    )


def test_the_built_ins_asked_for_are_covered() -> None:
    names = {f.stem for f in COVERED}
    assert set(BUILT_INS) <= names


@pytest.mark.parametrize("path", COVERED, ids=lambda p: str(Path(p).relative_to(ROOT)))
def test_compiled_games_replay_in_python(path: Path, long_run: bool) -> None:
    variant = load_variant(path)
    games, cap = (60, 200) if long_run else (4, 12)
    batch = play(variant, games, seed=11, debug=True, max_hands=cap)
    assert check_batch(batch) == len(batch.hands)


@pytest.mark.parametrize(
    ("name", "fields"),
    [
        ("called with copies", "partnerships"),
        ("seat dummies", "deal.dummies"),
    ],
)
def test_uncovered_variants_are_refused_in_one_line(name: str, fields: str) -> None:
    if name == "seat dummies":  # a dummy played from its own seat, not taken into hand
        variant = Variant(name="x", deal={"dummies": {"seats": [2]}})
    else:  # a called card that two seats may hold
        called = load_variant(str(ROOT / "examples/house-rules/five-handed-call-your-partner.yaml"))
        variant = Variant.model_validate(
            {**called.model_dump(), "pack": {**called.pack.model_dump(), "copies": 2}}
        )
    assert refusal(variant) == f"the compiled engine does not cover {fields}"
    with pytest.raises(ValueError, match=f"^the compiled engine does not cover {fields}$"):
        play(variant, 1, seed=0)


def test_the_same_seed_plays_the_same_games() -> None:
    v = load_variant("euchre")
    a, b, c = (play(v, 20, seed=s, debug=True) for s in (5, 5, 6))
    assert (a.games == b.games).all() and (a.hands == b.hands).all() and (a.actions == b.actions).all()
    assert a.hands.shape != c.hands.shape or (a.hands != c.hands).any()


def test_a_tampered_action_is_caught() -> None:
    batch = play(load_variant("euchre"), 1, seed=2, debug=True)
    batch.actions[0] = batch.legal_ids[0] if batch.actions[0] != batch.legal_ids[0] else batch.legal_ids[1]
    with pytest.raises(TwinMismatch):
        replay_game(batch, 0)


def test_unfinished_games_stop_at_the_cap() -> None:
    batch = play(load_variant("hasenpfeffer"), 5, seed=1, max_hands=2, debug=True)
    for g in range(5):
        hands = len(batch.hands_of(g))
        assert hands == 2 if batch.winner(g) is None else hands <= 2


def test_five_hundreds_rarer_paths_replay() -> None:
    """Random five hundred ends in a hand or two: more games reach the Joker led at no-trump
    (its suit named) and the misère contracts."""
    variant = load_variant("five-hundred")
    batch = play(variant, 300, seed=5, debug=True)
    names = [r.bid for r in batch.results()]
    suits = {i for i, name in enumerate(action_space(variant).names) if name.startswith("suit ")}
    assert any(int(a) in suits for a in batch.actions) and "open-misere" in names
    assert check_batch(batch) == len(batch.hands)


def test_matches_replay_through_shut_outs_and_laps() -> None:
    """A skunk counting double wins a best-of-three in one game; laps carry points on."""
    from hasenpfeffer.sim.happenings import from_results

    for name, key in (("euchre-skunk-counts-double", "shut-outs"), ("euchre-laps", "laps carried")):
        variant = load_variant(ROOT / f"examples/house-rules/{name}.yaml")
        batch = play(variant, 60, seed=1, debug=True)
        assert check_batch(batch) == len(batch.hands)
        results, found = batch.results(), []
        for g in range(len(batch)):
            rows = batch.hands_of(g)
            found.append(from_results(variant, results[rows[0] : rows[-1] + 1], batch.winner(g)))
        assert any(f[key] for f in found) and all(f["match games"] >= 1 for f in found)
        if key == "shut-outs":
            assert any(f["match games"] == 1 for f in found)


def test_the_rows_layout_is_declared_once() -> None:
    """Only :mod:`hasenpfeffer.batch.rows` assigns a row's columns; kernels and readers import them."""
    package = Path(__file__).resolve().parents[2] / "core" / "hasenpfeffer"

    def assigned(path: Path) -> set[str]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets = [t for node in ast.walk(tree) if isinstance(node, ast.Assign) for t in node.targets]
        named = [e for t in targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])]
        return {n.id for n in named if isinstance(n, ast.Name)}

    columns = {n for n in assigned(package / "batch" / "rows.py") if n.isupper()}
    assert {"H_GAME", "H_COLS", "G_COLS", "BID_DECLARED"} <= columns
    again = {p.name: assigned(p) & columns for p in package.rglob("*.py") if p.name != "rows.py"}
    assert {name: found for name, found in again.items() if found} == {}


def test_weak_hands_acting_at_once_mixed_and_from_a_widow_replay() -> None:
    """Rules that act at once, a swap and a redeal in one variant (the next dealer dealing after
    one, the same after another), and a swap from a widow (five hundred's: no turned card)."""
    from hasenpfeffer.format.variant import WeakHand

    rules = (
        WeakHand(name="low", when=[{"ranks": ["9", "T", "J"], "at_least": 2, "one_rank": True}],
                 action="swap", cards=2, optional=False),
        WeakHand(name="aces", when=[{"ranks": ["A"], "at_least": 3}], action="redeal",
                 dealer="next-dealer", optional=False),
        WeakHand(name="no face", when=[{"ranks": ["K", "Q"], "at_most": 0}], action="redeal"),
    )  # fmt: skip
    for name in ("euchre", "five-hundred"):
        base = load_variant(name)
        variant = base.model_copy(update={"deal": base.deal.model_copy(update={"weak_hands": rules})})
        batch = play(variant, 40, seed=4, debug=True, max_hands=40)
        assert check_batch(batch) == len(batch.hands)
        acted = {key for h in range(len(batch.hands)) for key in batch.weak_hands(h)}
        assert {"low swap", "aces redeal"} <= acted  # optional redeals: the example files


def test_a_weak_hand_of_one_rank_counts_kings_and_aces() -> None:
    """Kings and aces, the highest places of ``RANKS``, are counted one rank at a time as the
    Python engine counts them (they once fell outside the compiled count, which never acted)."""
    from hasenpfeffer.format.variant import WeakHand

    rules = (
        WeakHand(name="high pair", when=[{"ranks": ["K", "A"], "at_least": 2, "one_rank": True}],
                 action="redeal", optional=False),
    )  # fmt: skip
    base = load_variant("euchre")
    variant = base.model_copy(update={"deal": base.deal.model_copy(update={"weak_hands": rules})})
    batch = play(variant, 20, seed=4, debug=True, max_hands=40)
    assert check_batch(batch) == len(batch.hands)
    assert "high pair redeal" in {key for h in range(len(batch.hands)) for key in batch.weak_hands(h)}


def test_declarations_of_ranks_replay_the_higher_set_winning() -> None:
    """Patterns of ranks held in many hands (a pair, two pair), listed before and after a set of
    top trumps: declared, passed and beaten by a higher set, and winning the game outright, they
    replay."""
    from hasenpfeffer.format.variant import Declaration

    pair = Declaration(name="pair", holding="ranks", cards=2, points=1)
    two = Declaration(name="two-pair", holding="ranks", cards=4, groups=(2, 2), points=3)
    top = Declaration(name="top", cards=1, points=2)
    wins = two.model_copy(update={"wins_game": True})  # the game won at once, whatever the scores
    for name, sets in (("euchre", (two, top, pair)), ("euchre", (wins, pair)), ("five-hundred", (two, pair))):
        base = load_variant(name)
        variant = base.model_copy(update={"scoring": base.scoring.model_copy(update={"declarations": sets})})
        batch = play(variant, 60, seed=4, debug=True, max_hands=40)
        assert check_batch(batch) == len(batch.hands)
        assert {batch.declared(h) for h in range(len(batch.hands))} >= {d.name for d in sets}


def test_declarations_replay_where_sets_are_often_held() -> None:
    """Short sets (the two bowers, the highest trump) are held in many hands: declared or passed,
    they replay, at euchre's order-up and five hundred's auction (no-trump: no set)."""
    from hasenpfeffer.format.variant import Declaration

    sets = (Declaration(name="bowers", cards=2, points=3), Declaration(name="top", cards=1, points=1))
    for name, games in (("euchre", 40), ("five-hundred", 300)):  # five hundred's games are short
        base = load_variant(name)
        variant = base.model_copy(update={"scoring": base.scoring.model_copy(update={"declarations": sets})})
        batch = play(variant, games, seed=4, debug=True, max_hands=40)
        assert check_batch(batch) == len(batch.hands)
        declared = {batch.declared(h) for h in range(len(batch.hands))}
        assert {"bowers", "top"} <= declared
        assert {r.bid for r in batch.results()} >= {"bowers", "top"}


def test_a_declaration_that_does_not_end_the_hand_is_refused() -> None:
    from hasenpfeffer.format.variant import Declaration

    base = load_variant("euchre")
    sets = (Declaration(name="jamboree", cards=5, points=16, ends_hand=False),)
    variant = base.model_copy(update={"scoring": base.scoring.model_copy(update={"declarations": sets})})
    assert refusal(variant) == "the compiled engine does not cover scoring.declarations"


def test_exchanges_of_the_best_cards_and_with_a_lone_defender_against_any_maker_replay() -> None:
    """Railroad's exchange with two cards each way, the partner giving the best, and a lone
    defender exchanging against a maker who is not alone."""
    base = load_variant("railroad-euchre")
    alone = base.alone.model_copy(
        update={
            "exchange": base.alone.exchange.model_copy(update={"cards": 2, "best": True}),
            "lone_defence_against": "any-maker",
        }
    )
    variant = base.model_copy(update={"alone": alone})
    batch = play(variant, 60, seed=4, debug=True, max_hands=40)
    assert check_batch(batch) == len(batch.hands)
    results = batch.results()
    assert any(r.alone for r in results) and any(r.defender_alone and not r.alone for r in results)


def test_packs_of_three_and_four_copies_replay() -> None:
    """One action per distinct card, whatever the copies (ties in a trick go to the first played)."""
    base = load_variant("double-hasenpfeffer")
    for copies in (3, 4):
        variant = base.model_copy(update={"pack": base.pack.model_copy(update={"copies": copies})})
        batch = play(variant, 10, seed=2, debug=True, max_hands=12)
        assert check_batch(batch) == len(batch.hands)


def test_tables_of_players_each_for_themselves_replay() -> None:
    """Players each for themselves at tables of two, three and four (each seat a side): a euchre
    whose maker may go alone (nobody to leave out: never offered), a forced dealer, and five
    hundred's misère (a lone contract without a partner to sit out)."""
    three = load_variant("three-handed-euchre")
    stuck = load_variant(ROOT / "examples/house-rules/three-handed-euchre-stick-the-dealer.yaml")
    alone = three.alone.model_copy(update={"allowed": "maker", "lone_defence": True})
    five = load_variant("five-hundred")

    def seated(players: int, **update: object) -> Variant:
        kitty = three.deal.kitty.model_copy(update={"size": 24 - 5 * players})
        deal = three.deal.model_copy(update={"kitty": kitty})
        return three.model_copy(update={"players": players, "deal": deal, **update})

    variants = [
        seated(2),
        seated(4, alone=alone),
        stuck,
        load_variant("five-hundred-3"),
        five.model_copy(update={"partnerships": "none"}),
    ]
    for variant in variants:
        variant = type(variant).model_validate(variant.model_dump())
        assert refusal(variant) is None
        batch = play(variant, 40, seed=6, debug=True, max_hands=60)
        assert check_batch(batch) == len(batch.hands)
        results = batch.results()
        assert len(results[0].tricks) == variant.players
        assert {r.maker for r in results if r.maker is not None} == set(range(variant.players))
    assert any(r.forced for r in play(stuck, 40, seed=7).results())
    names = {r.bid for r in play(variants[-1], 300, seed=6).results()}
    assert {"misere", "open-misere"} & names


def _derived(base: str, check: bool = True, **parts: Any) -> Variant:
    """Variant ``base`` with the fields of ``parts`` (a value, or a section's changes) replaced."""
    data = load_variant(base).model_dump()
    for section, changes in parts.items():
        if not isinstance(changes, dict):
            data[section] = changes
            continue
        for key, value in changes.items():
            at = data[section]
            *path, last = key.split(".")
            for step in path:
                at = at[step]
            at[last] = value
    changed = [
        (section, *key.split(".")) if key else (section,)
        for section, c in parts.items()
        for key in (c if isinstance(c, dict) else [""])
    ]

    def inherited(loc: Any) -> bool:
        """Not a field the changes set (nor one above or below it)."""
        n = len(loc)
        return not any(tuple(loc[: len(k)]) == k or k[:n] == tuple(loc) for k in changed)

    # the base's values the changes leave idle go back to their defaults, as a house rule's would
    variant = settled(Variant.model_validate(data), inherited)
    assert semantic(variant) == []
    assert refusal(variant) is None or not check
    return variant


def test_drop_outs_and_bucks_replay_in_their_variations() -> None:
    """Buck Euchre's drop-outs where the dealer is made maker by a turned club (dropping out then
    allowed, and not), failed points to the opponents (a dropped seat takes none), stick the
    dealer (a forced maker's multiplier), three players, drop-outs after an auction (Five
    Hundred for three, its Joker led in no-trump followed by any card), and bucks between
    partners (no drop-out), random and greedy seats; where the Joker's leader names the suit,
    dropping out is refused."""
    variants = [
        _derived(
            "buck-euchre",
            making={"order_up.turned_trump_maker": "dealer"},
            alone={"drop_out.when_turned_trump": True},
        ),
        _derived("buck-euchre", making={"order_up.turned_trump_maker": "dealer"}),
        _derived("buck-euchre", scoring={"failed.to": "opponents"}),
        _derived("buck-euchre", making={"all_pass.rule": "forced", "all_pass.failure_multiplier": 1.5}),
        _derived("buck-euchre", players=3, deal={"kitty.size": 9}),
        _derived(
            "five-hundred-3",
            alone={"drop_out.allowed": True},
            scoring={"bucked": -50},
            ranking={"no_trump_joker_led": "any-card"},
        ),
        _derived("euchre", scoring={"bucked": -1}),
    ]
    for variant in variants:
        for bots in (["random"] * variant.players, ["greedy"] * variant.players):
            batch = play(variant, 30, seed=8, debug=True, max_hands=40, bots=bots)
            assert check_batch(batch) == len(batch.hands)
            dropped = sum(len(batch.dropped(h)) for h in range(len(batch.hands)))
            assert dropped > 0 if variant.alone.drop_out.allowed else dropped == 0
            bucked = variant.scoring.bucked
            assert any(bucked in r.score_change for r in batch.results() if r.maker is not None)
    five = _derived("five-hundred-3", alone={"drop_out.allowed": True}, check=False)
    assert refusal(five) == "the compiled engine does not cover alone.drop_out"
