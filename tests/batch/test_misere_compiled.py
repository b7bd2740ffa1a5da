"""The compiled misère estimates and card play against the Python ones, to the bit and the card.

``Misere``'s counts, dangers, incoming risks and chance of no trick (and the evaluator's
misère trick distribution) on random hands, unseen counts, shares, defenders, widows, open
hands, partners and sizes of Five Hundred (four and three players) and of hypothesis' random
variants with a misère or a no-trump; and, at every decision of a misère hand played in real
games (random bidding steered to misère, random or greedy play), ``misereplay``'s card and
suit read from ``seen_table``, the maker's voids it shows and the greedy maker's discard order.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from hasenpfeffer import Game, load_variant
from hasenpfeffer.bots import misereplay, policy
from hasenpfeffer.bots.greedy import GreedyBot
from hasenpfeffer.bots.handeval import Evaluator, evaluator_for
from hasenpfeffer.bots.holdings import Holdings
from hasenpfeffer.bots.misere import Misere
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.rules.actions import Verb
from support.random_variants import engine_variants, loaded

pytest.importorskip("numba", exc_type=ImportError)

import numpy as np

from hasenpfeffer.batch import misere_compiled as mc
from hasenpfeffer.batch.miseretables import build_misere, table_args

FIVE_HUNDREDS = ("five-hundred", "five-hundred-3")


def ids(cards: Any) -> Any:
    return np.array(list(cards), dtype=np.int64)


def same_estimates(v: Variant, rng: random.Random, cases: int) -> int:
    """Compare the estimates on ``cases`` random hands of ``v``: the comparisons made."""
    t = build_misere(v)
    r, m = t.rules, t.arrays
    python = Misere(Holdings(r))
    ev = Evaluator(v, compiled=False)
    copies = [0] * len(r.faces)
    for c in r.deck:
        copies[c] += 1
    compared = 0
    for _ in range(cases):
        deck = list(r.deck)
        rng.shuffle(deck)
        hand = deck[: rng.randint(0, min(len(deck), v.hand_size + 3))]
        if rng.random() < 0.5:  # what a seat has not seen: everything but its hand and some more
            unseen = list(copies)
            for c in deck[: len(hand) + rng.randint(0, 8)]:
                unseen[c] -= 1
        else:  # any counts
            unseen = [rng.randint(0, n) for n in copies]
        ti = rng.randrange(r.ns + 1)
        share = rng.choice([rng.random(), 1 / rng.randint(1, 4), 0.0, 1.0])
        defenders = rng.randint(0, 3)
        widow = rng.choice([0, 0, 1, 2, 3, 5])
        open_hand, partners = rng.random() < 0.4, rng.randint(0, 2)
        size = rng.choice([None, rng.randint(0, len(hand) + 2)])
        h, u = ids(hand), ids(unseen)
        want_counts = python.counts(hand, ti, unseen)
        lower, own, higher = mc.counts(m, h, ti, u)
        assert {c: (lower[c], own[c], higher[c]) for c in want_counts} == want_counts
        assert list(mc.dangers(m, h, ti, u, share, defenders)) == python.dangers(
            hand, ti, unseen, share, defenders
        )
        count = rng.randint(1, 4)
        want_in = python.incoming(hand, ti, unseen, share, defenders, count)
        assert list(mc.incoming(m, h, ti, u, share, defenders, count)) == want_in
        want = python.no_trick(hand, ti, unseen, share, defenders, widow, open_hand, partners, size)
        got = mc.no_trick(
            m, h, ti, u, share, defenders, widow, open_hand, partners, -1 if size is None else size
        )
        assert got == want, (hand, ti, unseen, share, defenders, widow, open_hand, partners, size)
        want_dist = ev.no_trick(hand, ti, unseen, v.hand_size, defenders, widow, open_hand, partners, size)
        got_dist = mc.no_trick_dist(
            m,
            h,
            ti,
            u,
            v.hand_size,
            defenders,
            widow,
            open_hand,
            partners,
            -1 if size is None else size,
            v.tricks_per_hand,
        )
        if not open_hand or sum(unseen) >= v.hand_size:  # else Python's power of a negative number is complex
            assert list(got_dist) == want_dist
        compared += 1
    return compared


@pytest.mark.parametrize("name", FIVE_HUNDREDS)
def test_estimates_equal_python_on_five_hundred(name: str) -> None:
    assert same_estimates(load_variant(name), random.Random(f"misere {name}"), 400) == 400


def has_misere_or_no_trump(v: Variant) -> bool:
    return any(b.objective == "none" or b.trump in ("NT", "NTL") for b in v.making.auction.ladder)


def has_misere(v: Variant) -> bool:
    return any(b.objective == "none" for b in v.making.auction.ladder)


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(data=engine_variants(), seed=st.integers(0, 2**32))
def test_estimates_equal_python_on_random_variants(data: dict[str, Any], seed: int) -> None:
    v = loaded(data)
    assume(has_misere_or_no_trump(v))
    assert same_estimates(v, random.Random(seed), 15) == 15


def same_play(v: Variant, rng: random.Random, games: int, steps: int) -> Counter[str]:
    """Play ``games`` games of ``v`` (bids steered to misère) and compare the misère card and
    suit at every decision of a misère hand: the decisions compared, by kind (the makers'
    or the defenders', lead or follow, a makers' hand shown or not, a card or a suit)."""
    ev = evaluator_for(v)
    r = ev.rules
    m = build_misere(r).arrays
    bot = GreedyBot(0)
    compared: Counter[str] = Counter()
    for _ in range(games):
        game = Game(v, seed=rng.randrange(2**32))
        greedy_play = rng.random() < 0.5
        for _ in range(steps):
            if game.is_over:
                break
            seat = game.to_move
            assert seat is not None
            legal = list(game.legal_actions())
            view = game.view(seat)
            misere = policy.takes_none(r, view.bid)
            verb = legal[0].verb
            if misere and verb in (Verb.PLAY, Verb.SUIT):
                table = policy.seen_table(ev, view)
                a = table_args(r, table)
                if verb == Verb.PLAY:
                    want = misereplay.play(r, table, legal)
                    got = mc.play(m, **a, legal=ids(r.card_id[x.arg] for x in legal))
                    assert got == r.card_id[want.arg], (str(want), r.names[got], table)
                else:
                    want = misereplay.name_suit(r, table, legal)
                    suits = ids(r.suits.index(x.arg) for x in legal)
                    got = mc.name_suit(
                        m, a["ti"], a["friends"], a["unseen"], a["shown_seat"], a["shown_cards"], suits
                    )
                    assert got == r.suits.index(want.arg), (str(want), got, table)
                if view.maker is not None:  # the maker's voids, from every trick so far
                    played = [[(q, r.cid(c)) for q, c in t.cards] for t in view.tricks] + [list(table.trick)]
                    starts = np.cumsum([0, *(len(t) for t in played)])
                    flat = [p for t in played for p in t]
                    mask = mc.shown_void(
                        m, table.ti, ids(q for q, _ in flat), ids(c for _, c in flat), starts, view.maker
                    )
                    assert set(np.flatnonzero(mask)) == set(table.voids)
                    compared["voids"] += bool(table.voids)
                side = "makers" if table.maker is not None and table.maker in table.friends else "defenders"
                shown = "shown" if table.shown is not None else "closed"
                compared[f"{side} {'follow' if table.trick else 'lead'} {shown} {verb}"] += 1
                action = policy.play(r, table, legal) if greedy_play else rng.choice(legal)
            elif misere and verb == Verb.DISCARD and view.maker == seat:
                ti = r.ns if view.trump is None else r.trump_index[view.trump.upper()]
                unseen = ids(ev.unseen(view))
                part = mc.share(v.hand_size, unseen)
                order = mc.riskiest(
                    m,
                    ids(view.hand_ids),
                    ti,
                    unseen,
                    part,
                    bot.defenders(view),
                    ids(r.card_id[x.arg] for x in legal),
                )
                want_order = bot.shed_ranking(view, legal)
                assert list(order) == [r.card_id[x.arg] for x in want_order]
                compared["makers discard"] += 1
                action = want_order[0] if greedy_play else rng.choice(legal)
            elif verb == Verb.BID:
                nil = [x for x in legal if x.verb == Verb.BID and policy.takes_none(r, x.arg)]
                action = rng.choice(nil) if nil and rng.random() < 0.8 else rng.choice(legal)
            elif verb == Verb.PASS or any(x.verb == Verb.PASS for x in legal):
                passes = [x for x in legal if x.verb == Verb.PASS]
                action = passes[0] if passes and rng.random() < 0.5 else rng.choice(legal)
            else:
                action = rng.choice(legal)
            game.apply(action)
    return compared


@pytest.mark.parametrize("name", FIVE_HUNDREDS)
def test_play_equals_python_in_five_hundred_games(name: str) -> None:
    compared = same_play(load_variant(name), random.Random(f"misere play {name}"), 150, 400)
    assert sum(compared.values()) > 500
    kinds = (
        "makers lead",
        "makers follow",
        "defenders lead closed",
        "defenders lead shown",
        "defenders follow",
    )
    for kind in kinds:
        assert any(k.startswith(kind) for k in compared), (kind, compared)
    assert any(k.startswith("defenders") and k.endswith(Verb.SUIT) for k in compared), compared


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(data=engine_variants(), seed=st.integers(0, 2**32))
def test_play_equals_python_in_random_variants(data: dict[str, Any], seed: int) -> None:
    v = loaded(data)
    assume(has_misere(v))
    same_play(v, random.Random(seed), 3, 200)


def test_the_suit_named_is_one_the_maker_shows() -> None:
    """Against an open misère the defender names a suit the maker holds, though another has
    more unseen cards."""
    t = build_misere(load_variant("five-hundred"))
    r = t.rules
    friends = np.array([False, True, False, True])
    unseen = np.zeros(len(r.faces), dtype=np.int64)
    for c in ("AS", "KS", "QS", "5H"):
        unseen[r.cid(c)] = 1
    shown = ids(r.cid(c) for c in ("5H",))
    suits = ids(range(r.ns))
    assert r.suits[mc.name_suit(t.arrays, r.ns, friends, unseen, 0, shown, suits)] == "H"
    assert r.suits[mc.name_suit(t.arrays, r.ns, friends, unseen, -1, ids(()), suits)] == "S"
