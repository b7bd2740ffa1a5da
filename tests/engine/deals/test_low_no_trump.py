"""Low no-trump (a bid's ``trump: NTL``; examples/house-rules/bid-euchre-high-low.yaml, Bid Euchre
bid "3 Low or 5 High"), worked by hand: no trump, and every suit ranks the other way, so the nine
takes a trick of its suit and the ace is the lowest card; the same deal at high no-trump goes the
other way. Both engines play it alike, and the views, records, terminal and observation name it."""

from __future__ import annotations

import json

import pytest

from hasenpfeffer import Game, records
from hasenpfeffer.cli.ui.read import card_role
from hasenpfeffer.cli.ui.render import suit_label
from hasenpfeffer.events import TrickWon
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant, load_variant_data
from hasenpfeffer.observe.observation import encoder
from hasenpfeffer.rl.tracker import Tracker
from hasenpfeffer.rules.ruleset import compile_variant
from support.paths import HOUSE_RULES as HOUSE

V = load_variant(HOUSE / "bid-euchre-high-low.yaml")

# Dealer 3: seat 0 holds the low spades and hearts and the queen of clubs; seat 1 the high spades
# and hearts and the nine of clubs; seat 2 the other clubs and the high hearts; seat 3 diamonds.
HANDS = [
    "9S TS JS 9H TH QC",
    "QS KS AS AH KH 9C",
    "TC JC KC AC JH QH",
    "9D TD JD QD KD AD",
]
DEAL = {"dealer": 3, "hands": [h.split() for h in HANDS], "widow": []}
TRICKS = [  # seat 0 leads each; seat 1 takes the last with the nine of clubs
    ("9S", "AS", "AC", "AD"),
    ("TS", "KS", "KC", "KD"),
    ("JS", "QS", "JC", "QD"),
    ("9H", "AH", "QH", "JD"),
    ("TH", "KH", "JH", "TD"),
    ("QC", "9C", "TC", "9D"),
]


def played(bid: str) -> Game:
    """Seat 0 bids ``bid``, the others pass, and the six tricks of :data:`TRICKS` are played."""
    g = Game(V, seed=1, deal=DEAL)
    for a in (f"0 bid {bid}", "1 pass", "2 pass", "3 pass"):
        g.apply(a)
    for trick in TRICKS:
        for seat, card in enumerate(trick):
            g.apply(f"{seat} play {card}")
    return g


def winners(g: Game) -> list[int]:
    return [e.winner for e in g.events if isinstance(e, TrickWon)]


def test_at_low_no_trump_the_lowest_card_of_the_suit_led_wins() -> None:
    g = played("5low")
    assert winners(g) == [0, 0, 0, 0, 0, 1]  # 9S over AS, JS over QS, 9C over QC and TC
    r = g.hand_results[0]
    assert (r.trump, r.bid, r.maker, r.tricks, r.made) == ("NTL", "5low", 0, (5, 1), True)
    assert r.score_change == (5, 1)  # a point a trick each


def test_the_same_first_trick_at_high_no_trump_goes_to_the_ace() -> None:
    g = Game(V, seed=1, deal=DEAL)
    for a in (
        "0 bid 5high",
        "1 pass",
        "2 pass",
        "3 pass",
        *(f"{q} play {c}" for q, c in enumerate(TRICKS[0])),
    ):
        g.apply(a)
    won = [e for e in g.events if isinstance(e, TrickWon)]
    assert [(e.winner, str(e.card), e.reason) for e in won] == [(1, "AS", "highest of the suit led")]
    low = played("5low")
    first = next(e for e in low.events if isinstance(e, TrickWon))
    assert (first.winner, str(first.card), first.reason) == (0, "9S", "lowest of the suit led")


def test_the_tables_rank_each_suit_upside_down_and_keep_a_jack_a_plain_card() -> None:
    r = compile_variant(V)
    assert r.trump_names == ("C", "D", "H", "S", "NT", "NTL") and r.options == 6
    low = r.trump_id("NTL")
    assert r.trick_winner(["KS", "AS", "TS", "9H"], "NTL") == 2  # TS: the lowest spade
    assert r.effective_suit("JD", "NTL") == "D" and not any(r.is_trump(c, low) for c in range(24))
    assert r.why("9S", "NTL", "AS") == "lowest of the suit led"
    # shown lowest first in each suit, as they win: the nine of spades, then the queen, then the ace
    assert [str(c) for c in r.sorted_hand(["AS", "9S", "KH", "QS"], "NTL")] == ["KH", "9S", "QS", "AS"]
    # without a low bid there is no low option
    assert compile_variant(load_variant("pepper")).trump_names == ("C", "D", "H", "S", "NT")


def test_the_view_record_terminal_and_observation_name_low_no_trump() -> None:
    g = Game(V, seed=1, deal=DEAL)
    tracker = Tracker(V)
    tracker.start(g)
    for a in ("0 bid 5low", "1 pass", "2 pass", "3 pass"):
        tracker.feed(g.apply(a))
    view = g.view(0)
    assert (view.trump, view.bid) == ("NTL", "5low")
    assert suit_label(view.trump) == "low no trump (lowest wins)"
    nine = next(c for c in view.hand if str(c) == "9S")
    assert card_role(nine, view) == "a spade"  # no card is a trump
    enc = encoder(V)
    for q in range(4):
        got = tracker.observe(g, q)
        assert (got == enc.encode(g.view(q))).all()
        assert enc.pieces(got)["trump"].tolist() == [0, 0, 0, 0, 0, 1]  # C D H S NT NTL
    for trick in TRICKS:
        for seat, card in enumerate(trick):
            g.apply(f"{seat} play {card}")
    again = records.replay(json.loads(json.dumps(g.record())))
    assert again.hand_results == g.hand_results


def test_a_bid_names_low_no_trump_in_any_spelling_and_says_it() -> None:
    bid = load_variant_data(
        {
            "name": "x",
            "extends": "pepper",
            "making": {"auction": {"ladder": [{"name": "3l", "tricks": 3, "trump": "ntl"}]}},
        }
    ).making.auction.ladder[0]
    assert (bid.trump, bid.describe()) == ("NTL", "3 tricks, low no-trump")


def test_low_no_trump_is_a_bid_s_trump_only() -> None:
    with pytest.raises(VariantError, match=r"making\.all_pass\.trump"):
        load_variant_data(
            {"name": "x", "extends": "pepper", "making": {"all_pass": {"rule": "play", "trump": "NTL"}}}
        )
