"""Declarations of a pattern of ranks, on hand-worked deals: four of a kind
(examples/house-rules/euchre-four-of-a-kind.yaml; docs/variant-format.md, "Writing a
declaration"). A seat holding four cards of one rank may show them before the first lead, and
its side wins the game of four deals at once, whatever the scores; of two seats holding sets, the
higher set wins the hand (a set listed earlier, or of one pattern the higher rank), whichever
seat is asked first."""

from __future__ import annotations

import json

import pytest

from hasenpfeffer import Game, Phase, records
from hasenpfeffer.cli.commands.replay import show
from hasenpfeffer.events import Declared, GameWon, Passed, Termination
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Declaration, Match, Variant
from hasenpfeffer.sim.stats import Stats
from support.paths import HOUSE_RULES as HOUSE


def variant() -> Variant:
    return load_variant(str(HOUSE / "euchre-four-of-a-kind.yaml"))


def with_sets(*sets: Declaration) -> Variant:
    v = load_variant("euchre")
    return v.model_copy(update={"scoring": v.scoring.model_copy(update={"declarations": sets})})


def deal(hands: list[str], kitty: str, dealer: int = 3) -> dict[str, object]:
    return {"dealer": dealer, "hands": [h.split() for h in hands], "widow": kitty.split()}


# Seat 0 (the dealer's left, asked first) holds the four tens, seat 2 the four aces, seat 1 a
# full house (kings over nines); the jack of spades is turned (the dealer, taking it, holds no set).
TWO_FOURS = deal(["TC TD TH TS JC", "KC KD KH 9C 9D", "AC AD AH AS JD", "QC QD QH 9H 9S"], "JS QS JH KS")
# The same hands with the sets swapped: the aces asked first.
ACES_FIRST = deal(["AC AD AH AS JD", "KC KD KH 9C 9D", "TC TD TH TS JC", "QC QD QH 9H 9S"], "JS QS JH KS")


def made_spades(g: Game) -> None:
    g.apply("0 order-up")
    g.apply("3 discard 9H")


def test_four_of_a_kind_is_offered_and_wins_the_game_at_once() -> None:
    g = Game(variant(), seed=1, deal=ACES_FIRST)
    made_spades(g)
    assert g.phase == Phase.DECLARE and g.to_move == 0
    assert [str(a) for a in g.legal_actions()] == ["0 declare four-of-a-kind", "0 pass"]
    events = g.apply("0 declare four-of-a-kind")
    assert events[0] == Declared(0, "four-of-a-kind", events[0].cards, 1)
    assert [str(c) for c in events[0].cards] == ["AC", "AD", "AH", "AS"]
    r = g.hand_results[0]
    assert (r.maker, r.bid, r.made, r.tricks, r.score_change) == (0, "four-of-a-kind", True, (0, 0), (1, 0))
    won = [e for e in g.events if type(e) is GameWon]
    assert g.is_over and g.winner == 0 and [(e.side, e.reason) for e in won] == [(0, Termination.DECLARED)]


def test_the_higher_four_asked_first_ends_the_hand_and_the_lower_is_not_asked() -> None:
    g = Game(variant(), seed=1, deal=ACES_FIRST)
    made_spades(g)
    g.apply("0 declare four-of-a-kind")
    assert not [e for e in g.events if type(e) is Passed and e.phase == "declare"]
    assert g.hand_results[0].maker == 0


def test_a_lower_four_declared_first_is_beaten_by_the_higher_one_after_it() -> None:
    g = Game(variant(), seed=1, deal=TWO_FOURS)
    made_spades(g)
    g.apply("0 declare four-of-a-kind")  # four tens
    assert g.phase == Phase.DECLARE and g.to_move == 2  # seat 2's aces stand higher: asked on
    assert g.scores == (0, 0)
    g.apply("2 declare four-of-a-kind")
    r = g.hand_results[0]
    assert (r.maker, r.maker_side, r.score_change) == (2, 0, (1, 0))
    # Sides: seats 0 and 2 are partners, so check with seat 1 beating seat 0 instead.
    g = Game(
        variant(),
        seed=1,
        deal=deal(["TC TD TH TS JC", "AC AD AH AS JD", "KC KD KH 9C 9D", "QC QD QH 9H 9S"], "JS QS JH KS"),
    )
    made_spades(g)
    g.apply("0 declare four-of-a-kind")
    assert g.to_move == 1
    g.apply("1 declare four-of-a-kind")
    r = g.hand_results[0]
    assert (r.maker, r.maker_side, r.score_change) == (1, 1, (0, 1)) and g.winner == 1


def test_the_lower_declared_set_stands_when_the_higher_holder_passes() -> None:
    g = Game(variant(), seed=1, deal=TWO_FOURS)
    made_spades(g)
    g.apply("0 declare four-of-a-kind")
    g.apply("2 pass")
    r = g.hand_results[0]
    assert (r.maker, r.bid, r.score_change) == (0, "four-of-a-kind", (1, 0))


def test_a_higher_holder_who_passes_leaves_the_lower_one_asked() -> None:
    g = Game(variant(), seed=1, deal=ACES_FIRST)
    made_spades(g)
    g.apply("0 pass")
    assert g.to_move == 2  # the tens: lower, but nothing is declared yet
    g.apply("2 pass")
    assert g.phase == Phase.PLAY and g.scores == (0, 0)


def test_a_set_listed_earlier_stands_higher_than_one_listed_after() -> None:
    house = Declaration(name="full-house", holding="ranks", cards=5, groups=(3, 2), points=6)
    four = Declaration(name="four-of-a-kind", holding="ranks", cards=4, points=10)
    # Seat 1 holds a full house (kings over nines), seat 2 four aces; full house listed first.
    g = Game(with_sets(house, four), seed=1, deal=TWO_FOURS)
    made_spades(g)
    assert [str(a) for a in g.legal_actions()] == ["0 declare four-of-a-kind", "0 pass"]
    g.apply("0 declare four-of-a-kind")
    assert g.to_move == 1 and [str(a) for a in g.legal_actions()] == ["1 declare full-house", "1 pass"]
    g.apply("1 declare full-house")
    assert g.hand_results and g.hand_results[0].maker == 1  # seat 2's four stands lower: not asked
    shown = [e for e in g.events if type(e) is Declared]
    assert [(e.seat, e.name) for e in shown] == [(0, "four-of-a-kind"), (1, "full-house")]
    assert [str(c) for c in shown[1].cards] == ["KC", "KD", "KH", "9C", "9D"]
    assert g.hand_results[0].score_change == (0, 6)
    # Listed the other way round, the full house is never offered once a four is declared.
    g = Game(with_sets(four, house), seed=1, deal=TWO_FOURS)
    made_spades(g)
    g.apply("0 declare four-of-a-kind")
    assert g.to_move == 2  # seat 1's full house stands lower; seat 2's aces higher
    g.apply("2 declare four-of-a-kind")
    assert g.hand_results[0].score_change == (10, 0)


def test_the_joker_has_no_rank_and_the_trump_does_not_matter() -> None:
    v = load_variant("railroad-euchre")
    v = v.model_copy(
        update={
            "scoring": v.scoring.model_copy(
                update={"declarations": (Declaration(name="trips", holding="ranks", cards=3, points=2),)}
            )
        }
    )
    # Seat 0 holds the Joker and two nines: no three of a kind; seat 1 three kings (hearts made).
    g = Game(
        v,
        seed=1,
        deal=deal(["JK 9C 9D TC QC", "KC KD KH AC AD", "9H TH JH QH AH", "9S TS JS QS AS"], "KS JC JD TD QD"),
    )
    g.apply("0 pass")
    g.apply("1 pass")
    g.apply("2 pass")
    g.apply("3 order-up")
    g.apply("3 discard KS")
    assert g.to_move == 1 and [str(a) for a in g.legal_actions()] == ["1 declare trips", "1 pass"]


def test_records_replay_and_statistics_count_only_the_set_that_won() -> None:
    g = Game(variant(), seed=1, deal=TWO_FOURS)
    made_spades(g)
    g.apply("0 declare four-of-a-kind")
    g.apply("2 declare four-of-a-kind")
    again = records.replay(json.loads(json.dumps(g.record())))
    assert again.events == g.events and again.scores == g.scores
    stats = Stats(sides=2)
    stats.add_game(g)
    assert stats.declarations == {"four-of-a-kind": 1}


def test_a_set_that_does_not_win_the_game_leaves_it_to_the_scores() -> None:
    v = variant()
    four = v.scoring.declarations[0].model_copy(update={"wins_game": False})
    g = Game(
        v.model_copy(update={"scoring": v.scoring.model_copy(update={"declarations": (four,)})}),
        seed=1,
        deal=ACES_FIRST,
    )
    made_spades(g)
    g.apply("0 declare four-of-a-kind")
    assert not g.is_over and g.scores == (1, 0) and g.phase == Phase.ORDER_UP  # three deals to go


def test_in_a_match_the_set_wins_that_game_and_the_replay_says_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    v = variant().model_copy(update={"match": Match(wins=2)})
    g = Game(v, seed=1, deal=ACES_FIRST)
    made_spades(g)
    g.apply("0 declare four-of-a-kind")
    won = [(e.side, e.reason) for e in g.events if type(e) is GameWon]
    assert not g.is_over and won == [(0, Termination.DECLARED)]  # the match goes on to its next game
    show(g)
    assert "declared a set that wins the game" in " ".join(capsys.readouterr().out.split())
