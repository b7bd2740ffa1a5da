"""The compiled hand estimates (numba, the extra ``fast``) give the pure-Python numbers bit for
bit: card chances, trick distributions, trump strengths, the cards kept and distributions
worked out for every trump at once (naming, bidding) and for an order-up on every built-in and on random variants; and greedy plays the same games with them as without them."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer import accel
from hasenpfeffer.bots import handeval
from hasenpfeffer.bots.handeval import Evaluator
from hasenpfeffer.format.loader import builtin_names, load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.sim.simulate import simulate
from support.random_variants import engine_variants, loaded

pytest.importorskip("numba", exc_type=ImportError)


def same_numbers(v: Variant, rng: random.Random, hands: int) -> int:
    """Compare both builds on ``hands`` random hands and sights of ``v``: the cases compared."""
    python, compiled = Evaluator(v, compiled=False), Evaluator(v, compiled=True)
    r = python.rules
    options = list(range(r.ns + 1))
    cases = 0
    for _ in range(hands):
        deck = list(r.deck)
        rng.shuffle(deck)
        hand = deck[: rng.randint(0, v.hand_size + 1)]
        unseen = python.unseen_after(deck[: len(hand) + rng.randint(0, 8)])
        rng.shuffle(options)
        assert compiled.best_trumps(hand, unseen, options) == python.best_trumps(hand, unseen, options)
        for ti in options:
            assert compiled.card_chances(hand, ti, unseen) == python.card_chances(hand, ti, unseen)
            partners, widow = rng.randint(0, 2), rng.randint(0, 2)
            extra = [rng.random() for _ in range(rng.randint(0, 2))]
            want = python.distribution(hand, ti, unseen, partners, v.hand_size, widow, extra)
            assert compiled.distribution(hand, ti, unseen, partners, v.hand_size, widow, extra) == want
            cases += 1
        size, partners = rng.randint(1, v.hand_size + 1), rng.randint(0, 2)
        want_named = python.naming(hand, unseen, options, size, partners, v.hand_size)
        assert compiled.naming(hand, unseen, options, size, partners, v.hand_size) == want_named
        best, widow, alone = rng.randint(1, 3), rng.randint(0, 2), rng.random() < 0.5
        want_bids = python.bidding(hand, unseen, options, best, partners, v.hand_size, widow, alone)
        assert compiled.bidding(hand, unseen, options, best, partners, v.hand_size, widow, alone) == want_bids
        card, ti, dealer = deck[-1], rng.randrange(r.ns + 1), rng.randint(0, 2)
        want_order = python.ordering(hand, card, ti, unseen, dealer, size, partners, v.hand_size)
        assert compiled.ordering(hand, card, ti, unseen, dealer, size, partners, v.hand_size) == want_order
    return cases


@pytest.mark.parametrize("name", builtin_names())
def test_compiled_equals_python_on_every_builtin(name: str) -> None:
    v = load_variant(name)
    assert same_numbers(v, random.Random(f"estimates {name}"), 60) == 60 * (len(v.pack.suits) + 1)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=engine_variants(), seed=st.integers(0, 2**32))
def test_compiled_equals_python_on_random_variants(data: dict[str, Any], seed: int) -> None:
    v = loaded(data)
    assert same_numbers(v, random.Random(seed), 8) == 8 * (len(v.pack.suits) + 1)


def test_naming_alone_adds_the_distributions_without_the_partners() -> None:
    """The kernel that names a trump for the greedy bot: the cards kept and distributions of
    :func:`naming`, and alone the distribution of the cards kept with no partners' share."""
    from hasenpfeffer.bots import handeval_compiled as hc

    v = load_variant("hasenpfeffer-pepper")
    python = Evaluator(v, compiled=False)
    k = hc.Kernel(python.rules, handeval.PARTNER, v.tricks_per_hand, python.long, python.ruffs)
    rng = random.Random("naming alone")
    for _ in range(20):
        deck = list(python.rules.deck)
        rng.shuffle(deck)
        hand, options = deck[:7], list(range(python.rules.ns + 1))
        unseen = python.unseen_after(hand)
        ints = hc._ints(hand), hc._ints(unseen), hc._ints(options)  # noqa: SLF001
        args = (*k.tables, *ints, 6, 0.5, k.partner, k.tricks, k.long)
        kept, dists, alone = hc.naming_alone(*args, True)
        assert list(zip(kept.tolist(), dists.tolist(), strict=True)) == k.naming(
            hand, unseen, options, 6, 0.5
        )
        for ti, cards, lone in zip(options, kept.tolist(), alone.tolist(), strict=True):
            assert lone == k.distribution(cards, ti, unseen, 0.0, 0, [])
        assert hc.naming_alone(*args, False)[2].shape == (0, v.tricks_per_hand + 1)


def test_hand_worked_distribution() -> None:
    """Joker and right bower in hearts with the ace of spades, alone, everything else unseen:
    the Joker and the right bower are bosses (0.95), and so is the ace with a trump held
    (0.9): three independent chances, so all three tricks with 0.95 * 0.95 * 0.9."""
    v = Variant(name="x")
    ev = Evaluator(v, compiled=True)
    r = ev.rules
    hand = [r.cid(c) for c in ["JK", "JH", "AS"]]
    dist = ev.distribution(hand, r.trump_id("H"), ev.unseen_after(hand), partners=0, hand_size=6)
    assert dist[3] == pytest.approx(0.95 * 0.95 * 0.9)
    assert dist[4:] == [0.0] * (v.tricks_per_hand - 3)
    assert sum(dist) == pytest.approx(1.0)


@pytest.mark.parametrize("name", ["hasenpfeffer", "hasenpfeffer-pepper", "euchre", "three-handed-euchre"])
def test_greedy_plays_the_same_games_either_way(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    v = load_variant(name)
    bots = ["greedy"] * v.players
    monkeypatch.setattr(handeval, "COMPILE_AFTER", 0)  # the kernel from the first distribution on
    handeval._EVALUATORS.clear()  # noqa: SLF001 - each build gets an evaluator of its own
    fast = simulate(v, 6, bots, seed=11, workers=1).raw()
    assert handeval.evaluator_for(v).kernel is not None
    monkeypatch.setenv("HASENPFEFFER_ENGINE", "python")
    handeval._EVALUATORS.clear()  # noqa: SLF001
    assert simulate(v, 6, bots, seed=11, workers=1).raw() == fast
    assert handeval.evaluator_for(v).kernel is None
    handeval._EVALUATORS.clear()  # noqa: SLF001


def test_the_kernel_loads_once_enough_distributions_were_worked_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(handeval, "COMPILE_AFTER", 3)
    v = Variant(name="x")
    auto, python = Evaluator(v), Evaluator(v, compiled=False)
    r = python.rules
    hand = [r.cid(c) for c in ["JK", "JH", "AS", "9C", "TD", "QH"]]
    unseen = python.unseen_after(hand)
    loaded = []
    for ti in [0, 1, 2, 3, 0]:
        assert auto.distribution(hand, ti, unseen, 1, 6, 1) == python.distribution(hand, ti, unseen, 1, 6, 1)
        loaded.append(auto.kernel is not None)
    assert loaded == [False, False, False, True, True]
    assert python.kernel is None


def test_asking_for_it_without_numba_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accel, "installed", lambda: False)
    with pytest.raises(
        ValueError, match=r"the compiled estimates cannot run: numba is not installed .*\[fast\]"
    ):
        Evaluator(Variant(name="x"), compiled=True)
    ev = Evaluator(Variant(name="x"))
    hand = [ev.rules.cid(c) for c in ["JK", "AS"]]
    for _ in range(handeval.COMPILE_AFTER + 1):
        ev.distribution(hand, 0, ev.unseen_after(hand), 1, 6)
    assert ev.kernel is None
