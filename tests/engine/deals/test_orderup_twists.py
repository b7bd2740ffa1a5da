"""Hand-worked deals for the order-up twists: dirty clubs (a turned club is trump at once), a
turned Joker whose suit the dealer names (British Euchre: and whose dealer's side are then the
makers), and a stuck dealer's own exceptions (the turned suit, no-trump), each played from its
example in examples/house-rules/."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hasenpfeffer.bots.greedy import GreedyBot
from hasenpfeffer.bots.registry import load_bot
from hasenpfeffer.cli.ui.read import explain
from hasenpfeffer.engine.game import Game, actual_state
from hasenpfeffer.events import TrumpTurned, TurnedSuitNamed
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.observe.observation import encoder
from hasenpfeffer.rl.tracker import Tracker
from hasenpfeffer.rules.actions import IllegalActionError
from hasenpfeffer.rules.actionspace import action_space
from hasenpfeffer.worlds import sample_world
from support.play import legal

HOUSE = Path(__file__).parents[3] / "examples" / "house-rules"
DIRTY = load_variant(str(HOUSE / "euchre-dirty-clubs.yaml"))
BENNY = load_variant(str(HOUSE / "euchre-turned-joker-dealer-names.yaml"))
STUCK = load_variant(str(HOUSE / "euchre-stick-the-dealer-turned-suit.yaml"))
BRITISH = load_variant(str(HOUSE / "british-euchre-turned-benny.yaml"))

HANDS = ["JH JD AH KH QH", "AS KS QS JS TS", "AD KD QD TD 9D", "AC KC QC JC 9S"]


def run(g: Game, script: str) -> None:
    for text in script.split(","):
        g.apply(text.strip())


def made_at_once(g: Game) -> tuple[object, ...]:
    """The phase, the seat to move, and trump, maker, bid and forced as seat 0 sees them."""
    view = g.view(0)
    return (g.phase, g.to_move, view.trump, view.maker, view.bid, view.forced)


def result(g: Game) -> tuple[object, ...]:
    """The first hand's maker, bid, trump, forced, made and tricks."""
    r = g.hand_results[0]
    return (r.maker, r.bid, r.trump, r.forced, r.made, r.tricks)


# --------------------------------------------------------------------------- dirty clubs


def test_a_turned_club_is_trump_at_once_and_the_dealer_makes_it() -> None:
    g = Game(DIRTY, deal={"dealer": 3, "hands": HANDS, "widow": ["9C", "9H", "TC", "TH"]})
    # Nobody speaks: clubs are trump, the dealer (seat 3) is the maker and has taken the 9C.
    assert g.events[1:] == [TrumpTurned(3, "C")]
    assert made_at_once(g) == ("discard", 3, "C", 3, "turned-trump", True)
    assert sorted(legal(g)) == sorted(f"3 discard {c}" for c in ("9C", "JC", "QC", "KC", "AC", "9S"))
    g.apply("3 discard 9S")
    # Seat 3 holds the right bower and four more clubs; seat 1 only the left bower.
    run(g, "0 play AH, 1 play TS, 2 play 9D, 3 play 9C")  # seat 3 trumps the ace
    run(g, "3 play JC, 0 play KH, 1 play JS, 2 play TD")  # the left bower must follow trump
    run(g, "3 play AC, 0 play QH, 1 play QS, 2 play QD")
    run(g, "3 play KC, 0 play JH, 1 play KS, 2 play KD")
    run(g, "3 play QC, 0 play JD, 1 play AS, 2 play AD")
    assert result(g) == (3, "turned-trump", "C", True, True, (0, 5))
    assert g.hand_results[0].score_change == (0, 2)  # a march, as any order-up


def test_a_turned_heart_is_offered_as_in_euchre() -> None:
    g = Game(DIRTY, deal={"dealer": 3, "hands": HANDS, "widow": ["9H", "9C", "TC", "TH"]})
    assert not any(isinstance(e, TrumpTurned) for e in g.events)
    assert (g.phase, g.to_move, legal(g)) == ("order-up", 0, ["0 order-up", "0 order-up alone", "0 pass"])
    run(g, "0 order-up, 3 discard 9S")
    assert (g.view().maker, g.view().bid, g.view().forced) == (0, "order-up", False)


def test_worlds_know_the_dealer_took_the_turned_club() -> None:
    g = Game(DIRTY, deal={"dealer": 3, "hands": HANDS, "widow": ["9C", "9H", "TC", "TH"]})
    run(g, "3 discard 9S, 0 play AH")
    rng = random.Random(3)
    for _ in range(20):
        world = sample_world(g.view(1), rng)
        assert world is not None
        now = actual_state(world)
        faces = world.rules.faces
        # The dealer holds the 9C, or laid it away: never another seat, nor the kitty.
        elsewhere = [*now.hands[0], *now.hands[2], *now.kitty]
        assert "9C" not in [str(faces[c]) for c in elsewhere]
        assert sorted(str(faces[c]) for c in now.hands[1]) == sorted(HANDS[1].split())


# --------------------------------------------------------------------------- the turned Benny

BENNY_DEAL = {
    "dealer": 3,
    "hands": ["AH KH QH TH 9H", "AD KD QD TD 9C", "JH JD AC KC QC", "JS JC AS KS 9D"],
    "widow": ["JK", "TC", "QS", "TS", "9S"],
}


def test_a_turned_joker_waits_for_the_dealer_to_name_its_suit() -> None:
    g = Game(BENNY, deal=BENNY_DEAL)
    assert (g.phase, g.to_move, legal(g)) == ("order-up", 3, ["3 suit C", "3 suit D", "3 suit H", "3 suit S"])
    with pytest.raises(IllegalActionError, match="seat 3 to move; legal: 3 suit C, 3 suit D"):
        g.apply("0 pass")
    assert g.to_move == 3 and g.view().proposed is None
    # Greedy's dealer, with both black jacks and the ace and king of spades, names spades.
    assert str(GreedyBot(seed=1).choose(g.view(3), g.legal_actions())) == "3 suit S"
    assert g.apply("3 suit S") == [TurnedSuitNamed(3, "S")]
    # Then as if a spade had been turned: order up spades, or pass.
    assert (g.view(0).proposed, legal(g)) == ("S", ["0 order-up", "0 order-up alone", "0 pass"])
    run(g, "0 pass, 1 pass, 2 order-up")
    assert (g.view().trump, g.view().maker, g.phase, g.to_move) == ("S", 2, "discard", 3)
    assert "JK" in [str(g.rules.faces[c]) for c in actual_state(g).hands[3]]


def test_a_named_suit_is_barred_in_round_two() -> None:
    g = Game(BENNY, deal=BENNY_DEAL)
    run(g, "3 suit S, 0 pass, 1 pass, 2 pass, 3 pass")
    assert g.phase == "name-trump"
    assert "0 trump S" not in legal(g) and "0 trump H" in legal(g)


def test_a_turned_card_of_a_suit_is_not_named() -> None:
    deal = {
        **BENNY_DEAL,
        "hands": [*BENNY_DEAL["hands"][:3], "JS JC AS KS JK"],
        "widow": ["9D", *BENNY_DEAL["widow"][1:]],
    }
    g = Game(BENNY, deal=deal)
    assert (g.to_move, g.view().proposed, legal(g)[-1]) == (0, "D", "0 pass")


def test_the_dealers_suit_has_its_own_actions() -> None:
    space = action_space(BENNY)
    assert [g.name for g in space.groups][-1] == "suit"
    assert space.encode("suit S") == space.size - 1


def test_a_turned_benny_makes_the_dealers_side_the_makers() -> None:
    g = Game(BRITISH, deal=BENNY_DEAL)
    assert (g.to_move, legal(g)) == (3, ["3 suit C", "3 suit D", "3 suit H", "3 suit S"])
    # The suit named is trump at once: nobody orders up, the dealer is the maker and takes the Joker.
    assert g.apply("3 suit S") == [TurnedSuitNamed(3, "S"), TrumpTurned(3, "S")]
    assert made_at_once(g) == ("discard", 3, "S", 3, "turned-trump", False)
    g.apply("3 discard 9D")
    # The dealer holds the Benny, both bowers, the ace and king of spades: every trick.
    run(g, "0 play AH, 1 play 9C, 2 play JH, 3 play KS")
    run(g, "3 play JK, 0 play TH, 1 play TD, 2 play QC")
    run(g, "3 play JS, 0 play 9H, 1 play QD, 2 play KC")
    run(g, "3 play JC, 0 play QH, 1 play KD, 2 play AC")
    run(g, "3 play AS, 0 play KH, 1 play AD, 2 play JD")
    assert result(g) == (3, "turned-trump", "S", False, True, (0, 5))
    assert g.hand_results[0].score_change == (0, 2)  # a march for the dealer's side, as any maker's


def test_a_turned_benny_of_a_fixed_suit_is_trump_at_once() -> None:
    data = BRITISH.model_dump(mode="json")
    data["making"]["order_up"]["turned_joker"] = "H"
    g = Game(Variant.model_validate(data), deal=BENNY_DEAL)
    assert g.events[1:] == [TrumpTurned(3, "H")]
    assert (g.phase, g.to_move, g.view().trump, g.view().maker) == ("discard", 3, "H", 3)


def test_a_turned_card_of_a_suit_is_still_offered_with_the_benny_listed() -> None:
    deal = {
        **BENNY_DEAL,
        "hands": [*BENNY_DEAL["hands"][:3], "JS JC AS KS JK"],
        "widow": ["9D", "TC", "QS", "TS", "9S"],
    }
    g = Game(BRITISH, deal=deal)
    assert not any(isinstance(e, TrumpTurned) for e in g.events)
    assert (g.to_move, legal(g)) == (0, ["0 order-up", "0 order-up alone", "0 pass"])


def test_the_british_dealer_names_the_benny_s_suit_before_looking_at_the_hand() -> None:
    g = Game(BRITISH, deal=BENNY_DEAL)
    blind = g.view(3)
    assert (blind.hand, blind.hand_ids, len(g.view(0).hand)) == ((), (), 5)
    assert len(Game(BENNY, deal=BENNY_DEAL).view(3).hand) == 5  # not blind: the dealer looks
    # Every suit is alike to a dealer who has not looked: each bot names the first offered.
    for spec in ("greedy", "mc:samples=2", "pimc:worlds=2"):
        assert str(load_bot(spec, seed=1).choose(blind, g.legal_actions())) == "3 suit C", spec
    words = explain(g.legal_actions()[3], blind)
    assert words == "the turned Joker stands for a spade (named before you look at your hand)"
    enc, tracker = encoder(BRITISH), Tracker(BRITISH)
    tracker.start(g)
    seen = tracker.observe(g, 3)
    assert (seen == enc.encode(blind)).all() and not enc.pieces(seen)["hand"].any()
    tracker.feed(g.apply("3 suit S"))
    after = g.view(3)
    assert g.phase == "discard" and len(after.hand) == 6 and "JK" in after.hand  # the Benny taken up
    assert (tracker.observe(g, 3) == enc.encode(after)).all() and enc.pieces(enc.encode(after))["hand"].any()


# --------------------------------------------------------------------------- stuck dealer


def test_only_the_stuck_dealer_may_name_the_turned_suit_or_no_trump() -> None:
    g = Game(STUCK, deal={"dealer": 3, "hands": HANDS, "widow": ["TH", "9H", "TC", "9C"]})
    run(g, "0 pass, 1 pass, 2 pass, 3 pass")
    # Round two: hearts (turned down) and no-trump are barred to the others.
    assert legal(g) == [
        "0 trump C",
        "0 trump C alone",
        "0 trump D",
        "0 trump D alone",
        "0 trump S",
        "0 trump S alone",
        "0 pass",
    ]
    run(g, "0 pass, 1 pass, 2 pass")
    # The stuck dealer may not pass, and may name hearts or no-trump.
    assert legal(g) == [f"3 trump {t}{alone}" for t in ("C", "D", "H", "S", "NT") for alone in ("", " alone")]
    g.apply("3 trump NT")
    assert (g.view().trump, g.view().maker, g.view().forced) == ("NT", 3, True)


def test_the_exceptions_do_not_open_round_two_to_the_others() -> None:
    space = action_space(STUCK)
    assert "trump NT" in space.names
    g = Game(STUCK, deal={"dealer": 3, "hands": HANDS, "widow": ["TH", "9H", "TC", "9C"]})
    run(g, "0 pass, 1 pass, 2 pass, 3 pass, 0 pass")
    assert "1 trump H" not in legal(g) and "1 trump NT" not in legal(g)
    with pytest.raises(IllegalActionError):
        g.apply("1 trump NT")
    g.apply("1 trump C")
    assert (g.view().maker, g.view().forced) == (1, False)
