"""A partner named by seat on a hand-worked deal (making.call.by: seat;
examples/house-rules/five-hundred-5-named-partner.yaml, Five Hundred for five): the high bidder
names any other player once the widow is laid away; the partner is known to all at once, and
the maker and the partner each score the contract, the other three each 10 for every trick
their side takes."""

from __future__ import annotations

import json
import random

import pytest

from hasenpfeffer import Action, Game, IllegalActionError, records
from hasenpfeffer.bots.greedy import GreedyBot
from hasenpfeffer.cli.commands.replay import call_words, summary
from hasenpfeffer.cli.ui.read import explain, read_choice
from hasenpfeffer.events import HandScored, PartnerCalled, PartnerRevealed
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.observe.observation import encoder
from hasenpfeffer.rl.tracker import Tracker
from hasenpfeffer.rules.actionspace import action_space
from hasenpfeffer.sim.stats import Stats
from support.paths import HOUSE_RULES as HOUSE


def variant() -> Variant:
    return load_variant(str(HOUSE / "five-hundred-5-named-partner.yaml"))


# Seat 0 holds ten hearts from the right bower down to the six; the Joker is seat 1's, the
# only trump that beats them; seats 2 to 4 hold plain cards and the low hearts; the widow three
# high spades.
HANDS = [
    "JH JD AH KH QH TH 9H 8H 7H 6H",
    "JK 2C 3C 4C 5C 6C 7C 8C 9C TC",
    "JC QC KC AC 2D 3D 4D 5D 6D 7D",
    "8D 9D TD QD KD AD 5H 4H 3H 2H",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS",
]
DEAL = {"dealer": 4, "hands": [h.split() for h in HANDS], "widow": ["QS", "KS", "AS"]}


TO_CALL = ["0 bid 7H", "1 pass", "2 pass", "3 pass", "4 pass", "0 discard QS", "0 discard KS", "0 discard AS"]
"""Seat 0 bids 7H, the others pass; it lays the widow away."""


def to_call() -> Game:
    """The game once seat 0 is to name its partner (:data:`TO_CALL`)."""
    g = Game(variant(), seed=1, deal=DEAL)
    for a in TO_CALL:
        g.apply(a)
    return g


def named(partner: int) -> Game:
    """Seat 0 names ``partner`` (after :data:`TO_CALL`)."""
    g = to_call()
    assert g.phase == "call" and g.to_move == 0
    assert [str(a) for a in g.legal_actions()] == ["0 call 1", "0 call 2", "0 call 3", "0 call 4"]
    assert g.apply(f"0 call {partner}") == [PartnerCalled(0, None, partner)]
    return g


def play_out(g: Game) -> HandScored:
    """Every seat plays its first legal card until the hand is scored."""
    while not g.hand_results:
        g.apply(g.legal_actions()[0])
    return next(e for e in reversed(g.events) if type(e) is HandScored)


def test_the_named_partner_is_known_to_every_seat_at_once() -> None:
    g = named(2)
    assert [g.view(q).partner for q in range(5)] == [2, 2, 2, 2, 2]
    assert g.view(3).called is None and g.phase == "play" and g.to_move == 0  # the maker leads


def test_the_maker_and_the_partner_score_the_contract_and_each_defender_its_sides_tricks() -> None:
    g = named(2)
    r = play_out(g).result
    # The maker's ten trumps take every trick but the one the Joker takes: 9 tricks for the
    # side of seats 0 and 2, so 7H (200) is made; seats 1, 3 and 4 took one trick: 10 each.
    assert r.tricks == (9, 1, 0, 0, 0) and r.made and r.partner == 2
    assert r.score_change == (200, 10, 200, 10, 10)
    assert not any(type(e) is PartnerRevealed for e in g.events)  # nothing left to reveal


def test_naming_the_joker_holder_makes_a_slam_scored_at_least_250() -> None:
    r = play_out(named(1)).result
    assert r.tricks == (9, 1, 0, 0, 0) and r.partner == 1
    assert r.score_change == (250, 250, 0, 0, 0)  # all ten tricks: 7H's 200 raised to 250


def test_the_maker_cannot_name_itself_and_the_state_is_unchanged() -> None:
    g = to_call()
    before = len(g.events)
    with pytest.raises(IllegalActionError, match="names another player by seat"):
        g.apply("0 call 0")
    with pytest.raises(IllegalActionError, match="call another player"):
        g.apply("0 call alone")
    assert len(g.events) == before and g.phase == "call"


def test_record_replay_and_summary_say_who_was_named() -> None:
    g = named(3)
    play_out(g)
    rec = g.record()
    assert "0 call 3" in rec["hands"][0]["actions"] and rec["hands"][0]["result"]["partner"] == 3
    again = records.replay(json.loads(json.dumps(rec)))
    assert again.hand_results == g.hand_results
    call = summary(g)["hands"][0]["call"]
    assert call == {"seat": 0, "card": None, "named": 3, "partner": 3, "revealed_at": None}
    assert call_words(call) == "seat 0 named seat 3 the partner"


def test_the_action_space_has_a_call_a_seat_and_greedy_names_the_seat_to_its_right() -> None:
    space = action_space(variant())
    call = space.groups[-1]
    assert call.name == "call" and space.names[call.start : call.stop] == tuple(f"call {q}" for q in range(5))
    g = to_call()
    assert str(GreedyBot().choose(g.view(0), g.legal_actions())) == "0 call 4"  # plays last to its leads
    assert space.encode("0 call 4") == call.start + 4


def test_the_observation_shows_the_named_partner_to_every_seat() -> None:
    g = Game(variant(), seed=1, deal=DEAL)
    tracker = Tracker(variant())
    tracker.start(g)
    enc = encoder(variant())
    for a in TO_CALL:
        tracker.feed(g.apply(a))
    tracker.feed(g.apply("0 call 2"))
    for q in range(5):
        got = tracker.observe(g, q)
        assert (got == enc.encode(g.view(q))).all()
        assert enc.pieces(got)["partner"][(2 - q) % 5] == 1.0


def test_statistics_count_hands_played_with_the_named_partner() -> None:
    stats = Stats(sides=5)
    rng = random.Random(3)
    for seed in range(3):
        g = Game(variant(), seed=seed)
        while not g.is_over and len(g.hand_results) < 3:
            acts = g.legal_actions()
            g.apply(acts[0] if g.phase == "bidding" and g.to_move == g.view().dealer else rng.choice(acts))
        stats.add_game(g)
    assert sum(stats.calls.values()) > 0 and set(stats.calls) <= {"partner made", "partner failed"}


def test_the_terminal_explains_and_reads_a_call_by_seat() -> None:
    g = to_call()
    view, legal = g.view(0), g.legal_actions()
    assert explain(legal[1], view) == "seat 2 is your partner for this hand, known to all at once"
    assert read_choice("call 3", view, legal) == legal[2]
    called = load_variant(str(HOUSE / "five-handed-call-your-partner.yaml"))
    alone = Action(0, "call", "", True)
    assert "play alone" in explain(alone, Game(called, seed=1).view(0))


TO_CALL_EIGHT = [
    "0 bid 8H",
    "1 pass",
    "2 pass",
    "3 pass",
    "4 pass",
    "0 discard QS",
    "0 discard KS",
    "0 discard AS",
]
"""Seat 0 bids 8H (``making.call.two_partners_from: 8``), the others pass; it lays the widow away."""


def two_named(first: int, second: int) -> Game:
    """Seat 0 bids 8H and names ``first``, then ``second``."""
    g = Game(variant(), seed=1, deal=DEAL)
    for a in TO_CALL_EIGHT:
        g.apply(a)
    assert g.apply(f"0 call {first}") == [PartnerCalled(0, None, first)]
    assert g.phase == "call" and g.to_move == 0  # a bid of eight: a second partner
    others = [q for q in range(1, 5) if q != first]
    assert [str(a) for a in g.legal_actions()] == [f"0 call {q}" for q in others]  # named once, never alone
    g.apply(f"0 call {second}")
    return g


def test_a_bid_of_eight_names_two_partners_known_to_all_and_the_three_score_it() -> None:
    g = two_named(2, 4)
    assert g.phase == "play" and [g.view(q).partners for q in range(5)] == [(2, 4)] * 5
    r = play_out(g).result
    # Nine tricks for seats 0, 2 and 4 (the Joker, seat 1's, takes one): 8H (300) made by each
    # of the three; seats 1 and 3, the other side, took one trick: 10 each.
    assert r.tricks == (9, 1, 0, 0, 0) and r.made and (r.partner, r.second_partner) == (2, 4)
    assert r.score_change == (300, 10, 300, 10, 300)


def test_a_second_partner_already_named_or_alone_is_refused_and_the_state_is_unchanged() -> None:
    g = Game(variant(), seed=1, deal=DEAL)
    for a in [*TO_CALL_EIGHT, "0 call 3"]:
        g.apply(a)
    before = len(g.events)
    for bad in ("0 call 3", "0 call 0", "0 call alone"):
        with pytest.raises(IllegalActionError, match="names a second partner"):
            g.apply(bad)
    assert len(g.events) == before and g.phase == "call"


def test_two_partners_replay_and_greedy_names_the_seats_to_its_right() -> None:
    g = two_named(1, 3)
    r = play_out(g).result
    assert r.score_change == (300, 300, 0, 300, 0)  # all ten tricks: 8H's 300 (above 250)
    rec = g.record()
    assert rec["hands"][0]["result"]["second_partner"] == 3
    assert records.replay(json.loads(json.dumps(rec))).hand_results == g.hand_results
    g = Game(variant(), seed=1, deal=DEAL)
    for a in TO_CALL_EIGHT:
        g.apply(a)
    bot = GreedyBot()
    first = bot.choose(g.view(0), g.legal_actions())
    g.apply(first)
    assert (str(first), str(bot.choose(g.view(0), g.legal_actions()))) == ("0 call 4", "0 call 3")
    enc = encoder(variant())
    g.apply("0 call 3")
    assert list(enc.pieces(enc.encode(g.view(1)))["partner"]) == [0.0, 0.0, 1.0, 1.0, 0.0]  # seats 3, 4


def test_the_summary_and_the_terminal_say_both_partners() -> None:
    g = Game(variant(), seed=1, deal=DEAL)
    for a in [*TO_CALL_EIGHT, "0 call 2"]:
        g.apply(a)
    assert (
        explain(g.legal_actions()[0], g.view(0))
        == "seat 1 is your second partner for this hand, known to all at once"
    )
    g.apply("0 call 4")
    play_out(g)
    call = summary(g)["hands"][0]["call"]
    assert call["named"] == 2 and call["second"] == 4
    assert call_words(call) == "seat 0 named seats 2 and 4 the partners"
