"""Round two is for loners only (``making.order_up.named_alone``;
examples/house-rules/euchre-loners-round-two.yaml): once all pass the turned card, a suit is
named only alone and the maker's partner sits out; round one is as before; a stuck dealer names
alone too; the compiled engine plays it alike (tests/batch). Refused without lone play
(tests/invalid/named-alone.yaml) and with one round (tests/format/test_acting.py)."""

from __future__ import annotations

import random

from hasenpfeffer import Action, Game, LegalActions, load_variant
from support.deals import same_cards as dealt
from support.paths import HOUSE_RULES as HOUSE
from support.play import legal, play_random, refused

LONERS = load_variant(HOUSE / "euchre-loners-round-two.yaml")


def all_pass_round_one(g: Game) -> None:
    for seat in (0, 1, 2, 3):
        g.apply(f"{seat} pass")


def test_round_one_may_be_ordered_up_with_the_partner() -> None:
    g = Game(LONERS, seed=1, deal=dealt(3))
    assert legal(g) == ["0 order-up", "0 order-up alone", "0 pass"]
    g.apply("0 order-up")
    assert g.phase == "discard"


def test_in_round_two_a_suit_is_named_only_alone_and_the_partner_sits_out() -> None:
    g = Game(LONERS, seed=1, deal=dealt(3))
    all_pass_round_one(g)
    assert legal(g) == ["0 trump C alone", "0 trump D alone", "0 trump S alone", "0 pass"]
    error = refused(g, "0 trump S", r"round two is for loners only: a suit is named alone \(named_alone\)")
    assert "legal: 0 trump C alone" in error
    g.apply("0 pass")
    g.apply("1 trump D alone")
    assert g.phase == "play" and g.view(3).sitting_out == frozenset({3})  # seat 1's partner, seat 3
    while not g.hand_results:
        g.apply(g.legal_actions()[0])
    r = g.hand_results[0]
    assert r.maker == 1 and r.alone and r.trump == "D"


def test_a_stuck_dealer_names_alone_too() -> None:
    stuck = LONERS.making.all_pass.model_copy(update={"rule": "forced"})
    v = LONERS.model_copy(update={"making": LONERS.making.model_copy(update={"all_pass": stuck})})
    g = Game(v, seed=1, deal=dealt(3))
    all_pass_round_one(g)
    for seat in (0, 1, 2):
        g.apply(f"{seat} pass")
    assert legal(g) == ["3 trump C alone", "3 trump D alone", "3 trump S alone"]


def test_random_games_name_trump_alone_in_round_two_only() -> None:
    seen = 0
    for seed in range(20):
        g, rng = Game(LONERS, seed=seed), random.Random(seed)

        def choose(acts: LegalActions, rng: random.Random = rng) -> Action:  # the turned card passed
            passing = [a for a in acts if a.verb == "pass"]
            return passing[0] if passing and any(a.verb == "order-up" for a in acts) else rng.choice(acts)

        play_random(g, rng, hands=6, choose=choose)
        named = [e for e in g.events if type(e).__name__ == "TrumpNamed"]
        assert all(e.alone for e in named)
        seen += len(named)
    assert seen > 10  # round two was reached and named in many of these hands
