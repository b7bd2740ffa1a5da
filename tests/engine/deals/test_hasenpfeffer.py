"""docs/rules.md section 1 (Hasenpfeffer), rule by rule, on hand-worked deals.

Every deal below was worked out on paper: the trick-by-trick comments give each card and why
the winner wins. Seats are 0-3 clockwise, partners 0 and 2 (team 0) against 1 and 3 (team 1).
The winner of the last trick of a hand is read from the game record, because the next hand
is dealt as soon as the last card falls.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import TypedDict

import pytest

from hasenpfeffer import Game, IllegalActionError, Variant
from hasenpfeffer.engine.view import HandResult
from hasenpfeffer.format.cards import Card
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import GameEnd, Points, Scoring
from hasenpfeffer.rules.ruleset import compile_variant
from support.scripted import run_script as run

STANDARD = load_variant("hasenpfeffer")
PEPPER = load_variant("hasenpfeffer-pepper")


class Deal(TypedDict):
    """A hand-worked deal: the dealer, each seat's cards and the widow, as text."""

    dealer: int
    hands: list[str]
    widow: str


def new_game(dealer: int, hands: list[str], widow: str, variant: Variant = STANDARD, seed: int = 1) -> Game:
    """A game whose first hand is the given deal (cards as space-separated text, by seat)."""
    deal = {"dealer": dealer, "hands": [h.split() for h in hands], "widow": widow.split()}
    return Game(variant, seed=seed, deal=deal)


def only_hand(g: Game) -> HandResult:
    """The one finished hand, its per-side figures as tuples (their type is tested apart)."""
    (r,) = g.hand_results
    return replace(r, tricks=tuple(r.tricks), score_change=tuple(r.score_change), scores=tuple(r.scores))


def scores(g: Game) -> tuple[int, ...]:
    return tuple(g.scores)


def legal(g: Game) -> set[str]:
    return {str(a) for a in g.legal_actions()}


def cards(text: str) -> set[Card]:
    return {Card.parse(c) for c in text.split()}


def moves(seat: int, verb: str, text: str) -> set[str]:
    return {f"{seat} {verb} {c}" for c in text.split()}


def plays(seat: int, text: str) -> set[str]:
    return moves(seat, "play", text)


# --------------------------------------------------------------------------- ranking

OTHER_JACK = {"C": "S", "S": "C", "D": "H", "H": "D"}


@pytest.mark.parametrize("trump", ["C", "D", "H", "S"])
def test_every_pair_of_cards_ranks_as_section_1_says(trump: str) -> None:
    rules = compile_variant(STANDARD)
    left = "J" + OTHER_JACK[trump]
    trumps = ["JK", "J" + trump, left] + [r + trump for r in "AKQT9"]
    for card in trumps:
        assert rules.effective_suit(Card.parse(card), trump) == trump, f"{card} is a trump"
    orders = [trumps]
    for suit in "CDHS":
        if suit != trump:
            orders.append([r + suit for r in "AKQJT9" if r + suit != left])
    for order in orders:
        for i, high in enumerate(order):
            for low in order[i + 1 :]:
                pair = [Card.parse(high), Card.parse(low)]
                assert rules.trick_winner(pair, trump) == 0, f"{high} led beats {low}"
                assert rules.trick_winner(pair[::-1], trump) == 1, f"{high} beats {low} led"
    for plain in (c for order in orders[1:] for c in order):
        for t in trumps:
            assert rules.trick_winner([Card.parse(plain), Card.parse(t)], trump) == 1, f"{t} trumps {plain}"
    # A plain card that does not follow the suit led never wins, however high.
    for led, other in itertools.permutations(orders[1:], 2):
        assert rules.trick_winner([Card.parse(led[-1]), Card.parse(other[0])], trump) == 0


# Deal 1. Dealer 3; the auction goes round twice; seat 0 makes 4 in hearts.
DEAL_RANKING = Deal(
    dealer=3,
    hands=[
        "JH AH 9H AS KS 9C",  # seat 0: takes the widow TH, discards 9C
        "JK KH QS AC KC 9D",
        "JD QH AD KD QC TS",
        "JS JC QD TD TC 9S",
    ],
    widow="TH",
)


def test_trump_and_plain_ranking_widow_and_made_bid() -> None:
    g = new_game(**DEAL_RANKING)
    assert (g.phase, g.to_move) == ("bidding", 0), "the dealer's left bids first"
    run(g, "0 bid 2, 1 bid 3, 2 pass, 3 pass")
    assert g.to_move == 0, "the bidding goes round again, passing over those who passed"
    run(g, "0 bid 4, 1 pass")
    # Three have passed: seat 0 has the bid, takes the widow and names trump.
    assert (g.phase, g.to_move) == ("trump", 0)
    assert set(g.view(0).hand) == cards("JH AH 9H AS KS 9C TH")
    assert g.view(0).widow == (Card.parse("TH"),)
    assert all(g.view(s).widow == () for s in (1, 2, 3))
    assert legal(g) == {f"0 trump {s}{a}" for s in "CDHS" for a in ("", " alone")}
    run(g, "0 trump H")
    assert (g.phase, g.to_move) == ("discard", 0)
    assert legal(g) == moves(0, "discard", "JH AH 9H AS KS 9C TH")
    run(g, "0 discard 9C")
    assert set(g.view(0).hand) == cards("JH AH TH 9H AS KS")
    assert (g.phase, g.to_move) == ("play", 0), "the dealer's left leads to the first trick"
    # T1: AH, KH, JD (left bower beats the ace), 9S (seat 3 has no trump: anything goes).
    # T2: QH, TC, JH, JK (seat 1's only trump is the Joker, which must follow and wins).
    # T3: AC, QC, JC (a plain jack below the queen), 9H (seat 0 is void in clubs and trumps).
    # T4: AS, QS, TS, JS (outside trump the jack ranks between Q and 10): ace wins.
    # T5: KS, 9D, KD, TD: nobody follows or trumps; the highest of the suit led wins.
    # T6: TH, KC, AD, QD: trump wins.
    winners = run(g, "0 play AH, 1 play KH, 2 play JD")
    assert legal(g) == plays(3, "JS JC QD TD TC 9S"), "void in trump: any card"
    winners += run(g, "3 play 9S, 2 play QH, 3 play TC, 0 play JH")
    assert legal(g) == {"1 play JK"}, "the Joker is trump and must follow a trump lead"
    winners += run(
        g,
        """1 play JK, 1 play AC, 2 play QC, 3 play JC, 0 play 9H
           0 play AS, 1 play QS, 2 play TS, 3 play JS
           0 play KS, 1 play 9D, 2 play KD, 3 play TD
           0 play TH, 1 play KC, 2 play AD, 3 play QD""",
    )
    assert winners == [2, 1, 0, 0, 0, 0]
    r = only_hand(g)
    assert (r.dealer, r.maker, r.bid, r.trump, r.alone, r.forced, r.thrown_in) == (
        3,
        0,
        "4",
        "H",
        False,
        False,
        False,
    )
    assert r.tricks == (5, 1), "last trick to seat 0"
    assert (r.made, r.score_change, r.scores) == (True, (5, 0), (5, 0)), "1 point per trick taken"
    assert scores(g) == (5, 0)
    # The deal passes to the left: seat 0 deals the next hand, seat 1 bids first.
    assert (g.view(2).dealer, g.phase, g.to_move) == (0, "bidding", 1)
    assert all(len(g.view(s).hand) == 6 for s in range(4))


# Deal 2. Dealer 0; seat 1 bids 5 in hearts and takes only 4 tricks.
DEAL_LEFT_BOWER = Deal(
    dealer=0,
    hands=[
        "JK KD TD AS JC TC",
        "JH AH KH QH AC 9S",  # takes the widow 9H, discards AC
        "JD AD QS TS 9C KC",
        "TH QD 9D JS KS QC",
    ],
    widow="9H",
)


def test_left_bower_is_trump_not_its_printed_suit_and_failed_bid() -> None:
    g = new_game(**DEAL_LEFT_BOWER)
    assert g.to_move == 1
    run(g, "1 bid 5, 2 pass, 3 pass, 0 pass, 1 trump H, 1 discard AC")
    assert (g.phase, g.to_move) == ("play", 1)
    # T1: 9S, TS, KS, AS: seat 0's ace wins.
    winners = run(g, "1 play 9S, 2 play TS, 3 play KS, 0 play AS")
    # T2: KD led. Seat 1 has only hearts (void): anything. Seat 2 holds JD and AD: the JD is
    # a trump, not a diamond, so the AD must follow and the JD may not be played.
    winners += run(g, "0 play KD")
    assert legal(g) == plays(1, "JH AH KH QH 9H")
    winners += run(g, "1 play QH")
    assert legal(g) == {"2 play AD"}
    winners += run(g, "2 play AD, 3 play 9D")  # QH trumps: seat 1 wins
    # T3: 9H led. Seat 2's only trump is the left bower: it must be played. Seat 0's only
    # trump is the Joker, which wins.
    winners += run(g, "1 play 9H")
    assert legal(g) == {"2 play JD"}
    winners += run(g, "2 play JD")
    assert legal(g) == {"3 play TH"}
    winners += run(g, "3 play TH")
    assert legal(g) == {"0 play JK"}
    winners += run(g, "0 play JK")
    # T4: TD, AH (seat 1 void, trumps), seat 2 now void in diamonds (anything), QD: seat 1.
    winners += run(g, "0 play TD, 1 play AH")
    assert legal(g) == plays(2, "QS 9C KC")
    winners += run(g, "2 play 9C, 3 play QD")
    # T5: JH, QS, JS, TC: seat 1. T6: KH, KC, QC, JC: seat 1.
    winners += run(
        g, "1 play JH, 2 play QS, 3 play JS, 0 play TC, 1 play KH, 2 play KC, 3 play QC, 0 play JC"
    )
    assert winners == [0, 1, 0, 1, 1, 1]
    r = only_hand(g)
    assert (r.maker, r.bid, r.trump, r.tricks, r.made) == (1, "5", "H", (2, 4), False)
    assert r.score_change == (0, -4), "a failed bid loses 1 point per trick taken, not the bid"
    assert scores(g) == (0, -4), "negative scores are possible"


# Deal 3. Dealer 1; seat 2 passes at once and never bids again; seat 3 makes 3 in spades.
DEAL_LEFT_LED = Deal(
    dealer=1,
    hands=[
        "TS KC QC 9H TH QD",
        "JS 9C TC AD 9D QH",
        "QS AC JH JD KH TD",
        "JC AS KS 9S AH KD",  # takes the widow JK, discards KD
    ],
    widow="JK",
)


def test_left_bower_led_and_followed() -> None:
    g = new_game(**DEAL_LEFT_LED)
    run(g, "2 pass, 3 bid 1, 0 bid 2, 1 pass")
    assert g.to_move == 3 and "2 bid 3" not in legal(g), "a pass is final"
    run(g, "3 bid 3, 0 pass, 3 trump S, 3 discard KD")
    assert (g.phase, g.to_move) == ("play", 2)
    # T1: AC led. Seat 3's only club-looking card is JC, the left bower of spades: it is a
    # trump, so seat 3 is void in clubs and may play anything; it trumps with 9S.
    winners = run(g, "2 play AC")
    assert legal(g) == plays(3, "JK JC AS KS 9S AH")
    winners += run(g, "3 play 9S")
    assert legal(g) == plays(0, "KC QC")
    winners += run(g, "0 play QC, 1 play 9C")
    # T2: JC led: it leads trump. Seat 0 must play its spade, not a club; seat 1's only trump
    # is JS; seat 2's only trump is QS. The right bower beats the left bower.
    winners += run(g, "3 play JC")
    assert legal(g) == {"0 play TS"}
    winners += run(g, "0 play TS")
    assert legal(g) == {"1 play JS"}
    winners += run(g, "1 play JS")
    assert legal(g) == {"2 play QS"}
    winners += run(g, "2 play QS")
    # T3: TC, TD, AH, KC: no trump played; the highest club wins (seat 0).
    # T4: 9H, QH, KH (JH is a plain heart with spades trump), KS trumps: seat 3.
    # T5: JK, TH, 9D, JD: seat 3. T6: AS, QD, AD, JH: seat 3.
    winners += run(
        g,
        """1 play TC, 2 play TD, 3 play AH, 0 play KC
           0 play 9H, 1 play QH""",
    )
    assert legal(g) == plays(2, "JH KH"), "the jack of hearts is a plain heart with spades trump"
    winners += run(
        g,
        """2 play KH, 3 play KS
           3 play JK, 0 play TH, 1 play 9D, 2 play JD
           3 play AS, 0 play QD, 1 play AD, 2 play JH""",
    )
    assert winners == [3, 1, 0, 3, 3, 3]
    r = only_hand(g)
    assert (r.maker, r.bid, r.trump, r.tricks, r.made, r.score_change) == (3, "3", "S", (1, 5), True, (0, 5))


# --------------------------------------------------------------------------- going alone

# Deal 4. Dealer 2; seat 0 bids 4 and goes alone in hearts; seat 2 sits out.
DEAL_LONE = Deal(
    dealer=2,
    hands=[
        "JK JH AH KH AS 9C",  # takes the widow QH, discards AS
        "JD AD KD QD AC KC",
        "TC JC QC 9D TD 9S",
        "TH 9H KS QS JS TS",
    ],
    widow="QH",
)


def test_lone_hand_partner_sits_out_lone_left_leads_scores_double_and_game_to_10() -> None:
    g = new_game(**DEAL_LONE)
    run(g, "3 pass, 0 bid 4, 1 pass, 2 pass, 0 trump H alone, 0 discard AS")
    # Lone defence is offered to each defender from the maker's left.
    assert (g.phase, g.to_move, legal(g)) == ("defence", 1, {"1 alone", "1 pass"})
    run(g, "1 pass")
    assert (g.phase, g.to_move, legal(g)) == ("defence", 3, {"3 alone", "3 pass"})
    run(g, "3 pass")
    view = g.view(0)
    assert (view.alone, view.sitting_out) == (frozenset({0}), frozenset({2}))
    assert (g.phase, g.to_move) == ("play", 1), "the lone player's left leads (not the dealer's left, 3)"
    # T1: AC, TS, 9C: seat 1. T2: KC, JS, QH (seat 0 void, trumps): seat 0.
    # T3: JK, JD (seat 1's only trump), 9H: seat 0. T4: JH, QD, TH: seat 0.
    # T5: AH, KD, QS: seat 0. T6: KH, AD, KS: seat 0. Seat 2 never plays.
    winners = run(
        g,
        """1 play AC, 3 play TS, 0 play 9C
           1 play KC, 3 play JS, 0 play QH
           0 play JK""",
    )
    assert legal(g) == {"1 play JD"}
    tricks = g.view(0).tricks
    assert [len(t.cards) for t in tricks] == [3, 3], "three cards to a trick"
    winners += run(
        g,
        """1 play JD, 3 play 9H
           0 play JH, 1 play QD, 3 play TH
           0 play AH, 1 play KD, 3 play QS
           0 play KH, 1 play AD, 3 play KS""",
    )
    assert winners == [1, 0, 0, 0, 0, 0]
    r = only_hand(g)
    assert (r.maker, r.alone, r.defender_alone, r.tricks, r.made) == (0, True, False, (5, 1), True)
    assert r.score_change == (10, 0), "a lone hand scores double: 2 x 5"
    # Ten points reached: the game is over.
    assert (g.is_over, g.winner, g.phase, g.to_move, scores(g)) == (True, 0, "over", None, (10, 0))
    assert len(g.legal_actions()) == 0
    with pytest.raises(IllegalActionError) as info:
        g.apply("1 bid 1")
    assert (info.value.seat, info.value.legal) == (None, [])


# Deal 5. Dealer 2; seat 1 goes alone in spades; seat 0 defends alone; seats 2 and 3 sit out.
DEAL_TWO_LONE = Deal(
    dealer=2,
    hands=[
        "JK JC KS AD KD AC",
        "JS AS 9S AH KH QC",  # takes the widow 9D and discards it
        "9C TC KC TD JD QD",
        "9H TH JH QH TS QS",
    ],
    widow="9D",
)


def test_two_lone_players_defender_leads() -> None:
    g = new_game(**DEAL_TWO_LONE)
    run(g, "3 pass, 0 pass, 1 bid 3, 2 pass, 1 trump S alone, 1 discard 9D, 2 pass, 0 alone")
    view = g.view(1)
    assert (view.alone, view.sitting_out) == (frozenset({0, 1}), frozenset({2, 3}))
    # The defender leads (dealer's left is 3, the maker's left is 2: both sit out anyway).
    assert (g.phase, g.to_move) == ("play", 0)
    # T1: AC, QC: seat 0. T2: AD, 9S (void, trumps): seat 1. T3: JS, KS: seat 1.
    # T4: AS, JC (left bower over the ace): seat 0. T5: JK, KH: seat 0. T6: KD, AH: seat 0.
    winners = run(g, "0 play AC, 1 play QC, 0 play AD, 1 play 9S, 1 play JS")
    assert legal(g) == plays(0, "JK JC KS"), "follow trump with any trump, left bower included"
    winners += run(g, "0 play KS, 1 play AS, 0 play JC, 0 play JK, 1 play KH, 0 play KD, 1 play AH")
    assert winners == [0, 1, 1, 0, 0, 0]
    r = only_hand(g)
    assert (r.maker, r.alone, r.defender_alone, r.tricks, r.made) == (1, True, True, (4, 2), False)
    assert r.score_change == (0, -4), "a lone hand's loss is doubled too: 2 x 2"


# --------------------------------------------------------------------------- all pass

# Deal 6. Dealer 0; all four pass; seat 2 holds the Joker and is made maker at 3.
DEAL_FORCED = Deal(
    dealer=0,
    hands=[
        "9C AD KD QD JD JH",
        "JC JS AH KH QH TH",
        "JK AC KC 9H TD 9S",  # takes the widow QC, discards 9H
        "TC 9D TS QS KS AS",
    ],
    widow="QC",
)


def test_all_pass_joker_holder_is_made_maker_at_3() -> None:
    g = new_game(**DEAL_FORCED)
    run(g, "1 pass, 2 pass, 3 pass")
    assert legal(g) == {"0 pass"} | {f"0 bid {n}" for n in range(1, 7)}, "the dealer may still bid"
    run(g, "0 pass")
    # No action: the Joker holder is the maker at 3 and names trump.
    view = g.view(2)
    assert (g.phase, g.to_move, view.maker, view.bid) == ("trump", 2, 2, "3")
    assert view.widow == (Card.parse("QC"),)
    run(g, "2 trump C, 2 discard 9H")
    assert g.to_move == 1
    # Clubs trump: JC right bower, JS left bower; JH and JD are plain.
    # T1: AH, QC (void, trumps), 9D, JH: seat 2. T2: JK, TC, 9C, JS: seat 2.
    # T3: AC, TS, QD, JC (right bower): seat 1. T4: KH, TD, QS, KD: seat 1.
    # T5: QH, KC (trumps), KS, JD: seat 2. T6: 9S, AS, AD, TH: seat 3.
    winners = run(g, "1 play AH, 2 play QC, 3 play 9D")
    assert legal(g) == {"0 play JH"}, "the jack of hearts is a plain heart with clubs trump"
    winners += run(g, "0 play JH, 2 play JK, 3 play TC, 0 play 9C")
    assert legal(g) == plays(1, "JC JS")
    winners += run(
        g,
        """1 play JS
           2 play AC, 3 play TS, 0 play QD, 1 play JC
           1 play KH, 2 play TD, 3 play QS, 0 play KD
           1 play QH, 2 play KC, 3 play KS, 0 play JD
           2 play 9S, 3 play AS, 0 play AD, 1 play TH""",
    )
    assert winners == [2, 2, 1, 1, 2, 3]
    r = only_hand(g)
    assert (r.maker, r.bid, r.forced, r.trump, r.tricks, r.made) == (2, "3", True, "C", (3, 3), True)
    assert r.score_change == (3, 0), "three tricks on a bid of 3: made"


def test_all_pass_joker_in_widow_is_thrown_in_and_same_dealer_deals_again() -> None:
    g = new_game(
        1, ["9C TC JC QC KC AC", "9D TD JD QD KD AD", "9H TH JH QH KH AH", "9S TS JS QS KS AS"], "JK"
    )
    run(g, "2 pass, 3 pass, 0 pass, 1 pass")
    r = only_hand(g)
    assert (r.dealer, r.thrown_in, r.maker, r.score_change, r.scores) == (1, True, None, (0, 0), (0, 0))
    assert (g.view(0).dealer, g.phase, g.to_move) == (1, "bidding", 2)
    assert sum(len(g.view(s).hand) for s in range(4)) == 24


# --------------------------------------------------------------------------- auction


def test_auction_bids_must_increase_and_ends_when_three_have_passed() -> None:
    g = new_game(**DEAL_RANKING)
    assert legal(g) == {"0 pass"} | {f"0 bid {n}" for n in range(1, 7)}
    run(g, "0 bid 3")
    assert legal(g) == {"1 pass", "1 bid 4", "1 bid 5", "1 bid 6"}
    run(g, "1 pass")
    assert legal(g) == {"2 pass", "2 bid 4", "2 bid 5", "2 bid 6"}
    run(g, "2 bid 6")
    # Nothing is higher than 6: the others could only pass, so the auction closes at once.
    assert (g.phase, g.to_move, g.view(0).maker, g.view(0).bid) == ("trump", 2, 2, "6")


def test_dealer_bids_after_three_passes() -> None:
    g = new_game(**DEAL_RANKING)
    run(g, "0 pass, 1 pass, 2 pass, 3 bid 1")
    assert (g.phase, g.to_move, g.view(3).bid) == ("trump", 3, "1")


def test_per_side_figures_are_tuples() -> None:
    g = new_game(**DEAL_FORCED)
    run(g, "1 pass, 2 pass, 3 pass, 0 pass, 2 trump C, 2 discard 9H")
    assert type(g.scores) is tuple and type(g.view(0).scores) is tuple
    g = new_game(
        1, ["9C TC JC QC KC AC", "9D TD JD QD KD AD", "9H TH JH QH KH AH", "9S TS JS QS KS AS"], "JK"
    )
    run(g, "2 pass, 3 pass, 0 pass, 1 pass")
    (r,) = g.hand_results
    assert all(type(x) is tuple for x in (r.tricks, r.score_change, r.scores, g.scores))


def test_first_dealer_is_random_and_seeded() -> None:
    dealers = {Game(STANDARD, seed=s).view(0).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Game(STANDARD, seed=5).view(0) == Game(STANDARD, seed=5).view(0)
    g = Game(STANDARD, seed=5)
    assert g.to_move == (g.view(0).dealer + 1) % 4
    assert [len(g.view(s).hand) for s in range(4)] == [6, 6, 6, 6]


# --------------------------------------------------------------------------- refusals


def snapshot(g: Game) -> tuple[object, ...]:
    return (g.phase, g.to_move, g.scores, tuple(g.legal_actions()), [g.view(s) for s in range(4)], g.record())


@pytest.mark.parametrize(
    ("before", "bad"),
    [
        ("", "1 bid 3"),  # not seat 1's turn
        ("0 bid 3", "1 bid 3"),  # not higher
        ("0 bid 3", "1 bid 7"),  # not on the ladder
        ("0 bid 3, 1 pass, 2 pass, 3 pass", "0 trump NT"),  # no-trump not allowed
        ("0 bid 3, 1 pass, 2 pass, 3 pass, 0 trump H", "0 discard JK"),  # not in hand
        ("0 bid 3, 1 pass, 2 pass, 3 pass, 0 trump H, 0 discard 9C, 0 play AH", "1 play QS"),  # revoke
    ],
)
def test_refused_action_names_action_seat_and_legal_and_changes_nothing(before: str, bad: str) -> None:
    g = new_game(**DEAL_RANKING)
    run(g, before)
    state = snapshot(g)
    with pytest.raises(IllegalActionError) as info:
        g.apply(bad)
    err = info.value
    assert str(err.action) == bad and err.seat == g.to_move
    assert {str(a) for a in err.legal} == legal(g)
    message = str(err)
    assert bad in message and f"seat {g.to_move}" in message
    assert all(str(a) in message for a in err.legal)
    assert isinstance(err, ValueError) and not g.can_apply(bad)
    assert snapshot(g) == state


# --------------------------------------------------------------------------- scoring, pepper

# Deal 7: seat 0 holds the six best hearts after the widow and takes every trick.
DEAL_ALL_SIX = Deal(
    dealer=3,
    hands=["JK JH JD AH KH 9C", "TH 9H AC KC QC JC", "AS KS QS JS TS 9S", "TC 9D TD QD KD AD"],
    widow="QH",
)
PLAY_ALL_SIX = """0 trump H, 0 discard 9C
    0 play JK, 1 play 9H, 2 play 9S, 3 play 9D
    0 play JH, 1 play TH, 2 play TS, 3 play TD
    0 play JD, 1 play JC, 2 play JS, 3 play QD
    0 play AH, 1 play QC, 2 play QS, 3 play KD
    0 play KH, 1 play KC, 2 play KS, 3 play AD
    0 play QH, 1 play AC, 2 play AS, 3 play TC"""

# Deal 8: the same but seat 0 keeps 9C and loses the last trick to seat 1's AC: five tricks.
DEAL_FIVE = Deal(
    dealer=3,
    hands=["JK JH JD AH KH 9C", "QH TH AC KC QC JC", "9H AS KS QS JS TS", "TC 9D TD QD KD AD"],
    widow="9S",
)
PLAY_FIVE = """0 trump H, 0 discard 9S
    0 play JK, 1 play TH, 2 play 9H, 3 play 9D
    0 play JH, 1 play QH, 2 play TS, 3 play TD
    0 play JD, 1 play JC, 2 play JS, 3 play QD
    0 play AH, 1 play QC, 2 play QS, 3 play KD
    0 play KH, 1 play KC, 2 play KS, 3 play AD
    0 play 9C, 1 play AC, 2 play AS, 3 play TC"""


@pytest.mark.parametrize(
    ("variant", "deal", "auction", "play", "tricks", "made", "change"),
    [
        (STANDARD, DEAL_ALL_SIX, "0 bid 6", PLAY_ALL_SIX, (6, 0), True, (6, 0)),
        (STANDARD, DEAL_FIVE, "0 bid 6", PLAY_FIVE, (5, 1), False, (-5, 0)),
        (
            PEPPER,
            DEAL_ALL_SIX,
            "0 bid little-pepper, 1 pass, 2 pass, 3 pass",
            PLAY_ALL_SIX,
            (6, 0),
            True,
            (6, 0),
        ),
        (PEPPER, DEAL_FIVE, "0 bid little-pepper, 1 pass, 2 pass, 3 pass", PLAY_FIVE, (5, 1), False, (-5, 0)),
        (
            PEPPER,
            DEAL_ALL_SIX,
            "0 bid big-pepper",
            PLAY_ALL_SIX,
            (6, 0),
            True,
            (12, 0),
        ),
        (PEPPER, DEAL_FIVE, "0 bid big-pepper", PLAY_FIVE, (5, 1), False, (-10, 0)),
        (
            PEPPER,
            DEAL_FIVE,
            "0 bid 2, 1 bid 3, 2 pass, 3 pass, 0 bid 4, 1 pass",
            PLAY_FIVE,
            (5, 1),
            True,
            (5, 0),
        ),
    ],
)
def test_scoring_made_failed_and_pepper(
    variant: Variant,
    deal: Deal,
    auction: str,
    play: str,
    tricks: tuple[int, int],
    made: bool,
    change: tuple[int, int],
) -> None:
    g = new_game(variant=variant, **deal)
    run(g, auction)
    winners = run(g, play)
    assert winners == [0, 0, 0, 0, 0, 0 if tricks == (6, 0) else 1], "AC wins the last trick of deal 8"
    r = only_hand(g)
    assert (r.maker, r.tricks, r.made, r.score_change, scores(g)) == (0, tricks, made, change, change)
    assert g.is_over == (change[0] >= 10), "big pepper made (12) reaches 10 at once"
    if g.is_over:
        assert (g.winner, g.phase) == (0, "over")


def test_pepper_ladder_big_pepper_any_time() -> None:
    g = new_game(variant=PEPPER, **DEAL_ALL_SIX)
    ladder = ("1", "2", "3", "4", "5", "little-pepper", "big-pepper")
    assert legal(g) == {"0 pass"} | {f"0 bid {b}" for b in ladder}
    assert "0 bid 6" not in legal(g)
    run(g, "0 bid 5")
    assert legal(g) == {"1 pass", "1 bid little-pepper", "1 bid big-pepper"}
    run(g, "1 bid little-pepper")
    assert legal(g) == {"2 pass", "2 bid big-pepper"}
    run(g, "2 bid big-pepper")  # the top bid: the auction closes at once
    assert (g.phase, g.to_move, g.view(2).bid) == ("trump", 2, "big-pepper")


# --------------------------------------------------------------------------- game end


def test_both_sides_reach_the_target_the_bidding_side_wins() -> None:
    # The seeds' defenders score nothing, so both sides can only reach the target together
    # under a house rule: defenders score their tricks. Deal 6 ends 3 tricks each; target 3.
    v = Variant(
        name="tie",
        pack=STANDARD.pack,
        scoring=Scoring(defenders=Points(per_trick=1)),
        game=GameEnd(target=3, tie="makers"),
    )
    g = new_game(variant=v, **DEAL_FORCED)
    moves = ["1 pass, 2 pass, 3 pass, 0 pass, 2 trump C, 2 discard 9H"]
    moves.append(
        """1 play AH, 2 play QC, 3 play 9D, 0 play JH, 2 play JK, 3 play TC, 0 play 9C, 1 play JS
           2 play AC, 3 play TS, 0 play QD, 1 play JC, 1 play KH, 2 play TD, 3 play QS, 0 play KD
           1 play QH, 2 play KC, 3 play KS, 0 play JD, 2 play 9S, 3 play AS, 0 play AD, 1 play TH"""
    )
    run(g, "\n".join(moves))
    assert scores(g) == (3, 3)
    assert (g.is_over, g.winner) == (True, 0), "the makers (seat 2's side) win the tie"


def test_defaults_are_the_section_1_rules() -> None:
    # The built-in file spells out what Variant() defaults to: section 1 throughout.
    fields = {"name", "description"}
    assert STANDARD.model_dump(exclude=fields) == Variant(name="x").model_dump(exclude=fields)
