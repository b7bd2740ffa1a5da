"""Taking a partner's contract alone (``making.order_up.take_over``;
examples/house-rules/euchre-take-it-alone.yaml; the Laws of Euchre, 74-75 and 93-94): when a
player orders up or names trump, each partner yet to speak in that round is asked to take it
alone or pass, before the dealer takes the turned card."""

from __future__ import annotations

import random

import pytest

from hasenpfeffer import Game, load_variant, records
from hasenpfeffer.engine.events import HandDealt, HandScored, OrderedUp, TrumpNamed
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant_data
from support.deals import same_cards as dealt
from support.paths import HOUSE_RULES as HOUSE
from support.play import legal, play_random, refused

TAKE = load_variant(HOUSE / "euchre-take-it-alone.yaml")


def finish_hand(g: Game) -> None:
    rng = random.Random(1)
    while not g.hand_results:
        g.apply(rng.choice(list(g.legal_actions())))


def test_the_partner_yet_to_speak_may_take_the_order_up_alone() -> None:
    g = Game(TAKE, seed=5, deal=dealt())
    g.apply("0 order-up")  # the dealer's left: its partner, seat 2, has yet to speak
    assert g.phase == "order-up" and g.to_move == 2 and legal(g) == ["2 order-up alone", "2 pass"]
    assert g.view(1).maker == 0 and len(g.view(3).hand) == 5  # the dealer has not taken the card
    error = refused(g, "2 order-up", r"the partner who takes the contract plays it alone \(take_over\)")
    assert "legal: 2 order-up alone, 2 pass" in error
    g.apply("2 order-up alone")
    view = g.view(1)
    assert (view.maker, view.alone, view.sitting_out) == (2, frozenset({2}), frozenset({0}))
    assert g.phase == "discard" and g.to_move == 3 and len(g.view(3).hand) == 6
    finish_hand(g)
    r = g.hand_results[0]
    assert (r.maker, r.alone, r.trump) == (2, True, "H")
    assert [e.seat for e in g.events if isinstance(e, OrderedUp)] == [0, 2]


def test_a_pass_leaves_the_contract_as_made() -> None:
    g = Game(TAKE, seed=5, deal=dealt())
    g.apply("0 order-up alone")
    g.apply("2 pass")
    view = g.view(1)
    assert (view.maker, view.alone, view.sitting_out, g.phase) == (
        0,
        frozenset({0}),
        frozenset({2}),
        "discard",
    )


def test_the_dealer_may_take_its_partners_order_up_and_nobody_takes_from_a_later_seat() -> None:
    g = Game(TAKE, seed=5, deal=dealt())
    g.apply("0 pass")
    g.apply("1 order-up")  # the dealer, seat 3, is seat 1's partner and has yet to speak
    assert legal(g) == ["3 order-up alone", "3 pass"]
    g.apply("3 order-up alone")
    view = g.view(0)
    assert (view.maker, view.sitting_out, g.phase, g.to_move) == (3, frozenset({1}), "discard", 3)
    # seat 2's partner, seat 0, has spoken: nobody is asked
    g = Game(TAKE, seed=5, deal=dealt())
    g.apply("0 pass")
    g.apply("1 pass")
    g.apply("2 order-up")
    assert g.phase == "discard" and g.view(0).maker == 2


def test_a_suit_named_in_round_two_may_be_taken_alone() -> None:
    g = Game(TAKE, seed=5, deal=dealt())
    for seat in (0, 1, 2, 3):
        g.apply(f"{seat} pass")
    g.apply("0 trump S")
    assert g.phase == "name-trump" and legal(g) == ["2 trump S alone", "2 pass"]
    refused(g, "2 trump S", r"take_over")
    g.apply("2 trump S alone")
    assert g.view(0).maker == 2 and g.view(0).trump == "S" and g.phase == "play"
    assert [e.seat for e in g.events if isinstance(e, TrumpNamed)] == [0, 2]


def test_without_the_rule_the_order_up_stands_at_once() -> None:
    g = Game(load_variant("euchre"), seed=5, deal=dealt())
    g.apply("0 order-up")
    assert g.phase == "discard" and g.to_move == 3


def test_random_games_replay_and_every_taker_is_a_partner_who_had_not_spoken() -> None:
    taken = 0
    for seed in range(12):
        g = Game(TAKE, seed=seed)
        play_random(g, random.Random(seed))
        made: tuple[int, int] | None = None  # the seat that made trump, and the dealer
        dealer = 0
        for e in g.events:
            if isinstance(e, HandDealt):
                dealer, made = e.dealer, None
            elif isinstance(e, OrderedUp | TrumpNamed):
                if made is not None:  # taken from the maker: a partner, alone, later in the round
                    first = made[0]
                    later = (e.seat - dealer - 1) % 4 > (first - dealer - 1) % 4
                    assert e.alone and e.seat % 2 == first % 2 and later
                    taken += 1
                made = (e.seat, dealer)
            elif isinstance(e, HandScored) and made is not None:
                assert e.result.maker == made[0]
        rec = g.record()
        assert records.replay(records.loads(records.dump(rec))).record() == rec
    assert taken > 0


def test_without_lone_play_or_in_an_auction_it_is_refused() -> None:
    with pytest.raises(
        VariantError,
        match=r"take_over: a partner takes the contract to play it alone, but a maker may not go alone",
    ):
        load_variant_data(
            {
                "extends": "euchre",
                "name": "x",
                "alone": {"allowed": "nobody"},
                "making": {"order_up": {"take_over": True}},
            }
        )
    with pytest.raises(VariantError, match=r"take_over: .*acts only when making\.method is order-up"):
        load_variant_data(
            {"extends": "hasenpfeffer", "name": "x", "making": {"order_up": {"take_over": True}}}
        )
