"""Calling a partner on hand-worked deals (examples/house-rules/five-handed-call-your-partner.yaml;
docs/variant-format.md, "Writing a called partner"): the maker calls a card once the dealer has
discarded; its holder is the partner, unknown to the others until it plays the card; the maker
and the partner each score the side's points, or the maker scores alone where nobody holds it."""

from __future__ import annotations

import json
import random

import pytest

from hasenpfeffer import Game, IllegalActionError, records
from hasenpfeffer.bots.greedy import GreedyBot
from hasenpfeffer.cli.commands.replay import summary
from hasenpfeffer.engine.game import actual_state, swap_cards
from hasenpfeffer.events import HandScored, PartnerCalled, PartnerRevealed
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.rules.actionspace import action_space
from hasenpfeffer.worlds import sample_world
from support.paths import HOUSE_RULES as HOUSE


def variant() -> Variant:
    return load_variant(str(HOUSE / "five-handed-call-your-partner.yaml"))


# Seat 0 holds the three top hearts and the left bower; seat 1 holds the ace of spades; the
# kitty turns the eight of hearts over the eight of diamonds and the ten of spades.
HANDS = ["JH JD AH KH 9C", "AS KS QS 9S 8S", "AC KC QC TC 8C", "AD KD QD TD 9D", "QH TH 9H JC JS"]
DEAL = {"dealer": 4, "hands": [h.split() for h in HANDS], "widow": ["8H", "8D", "TS"]}
# Seat 0 leads its four hearts, then the nine of clubs, which the ace of clubs takes.
TRICKS = [
    "0 JH", "1 8S", "2 8C", "3 9D", "4 8H",
    "0 JD", "1 9S", "2 TC", "3 TD", "4 9H",
    "0 AH", "1 AS", "2 QC", "3 QD", "4 TH",
    "0 KH", "1 KS", "2 KC", "3 KD", "4 QH",
    "0 9C", "1 QS", "2 AC", "3 AD", "4 JS",
]  # fmt: skip


def made_trump(call: str) -> Game:
    g = Game(variant(), seed=1, deal=DEAL)
    g.apply("0 order-up")
    g.apply("4 discard JC")
    assert g.phase == "call" and g.to_move == 0
    g.apply(call)
    return g


def play(g: Game) -> HandScored:
    for t in TRICKS:
        seat, card = t.split()
        g.apply(f"{seat} play {card}")
    return next(e for e in reversed(g.events) if type(e) is HandScored)


def test_the_maker_calls_a_plain_card_it_does_not_hold() -> None:
    g = Game(variant(), seed=1, deal=DEAL)
    g.apply("0 order-up")
    g.apply("4 discard JC")
    legal = [str(a) for a in g.legal_actions()]
    assert "0 call AS" in legal and "0 call 8D" in legal and legal[-1] == "0 call alone"
    assert "0 call 9H" not in legal and "0 call JD" not in legal  # trumps (the left bower too)
    assert "0 call 9C" not in legal  # its own
    with pytest.raises(IllegalActionError, match="the maker calls a card that is not a trump, not held"):
        g.apply("0 call 9C")
    assert g.apply("0 call AS") == [PartnerCalled(0, "AS")]
    assert g.phase == "play"


def test_the_partner_is_known_to_itself_and_to_the_others_when_it_plays_the_card() -> None:
    g = made_trump("0 call AS")
    assert g.view(1).partner == 1 and g.view(0).partner is None and g.view(3).partner is None
    assert g.view(3).called == "AS" and g.view().called == "AS"
    for t in TRICKS[:11]:
        seat, card = t.split()
        g.apply(f"{seat} play {card}")
    assert g.view(3).partner is None  # not yet played
    events = g.apply("1 play AS")
    assert events[-1] == PartnerRevealed(1, "AS", 0)
    assert g.view(3).partner == 1 and g.view(0).partner == 1


def test_maker_and_partner_each_score_the_sides_points() -> None:
    g = made_trump("0 call AS")
    r = play(g).result
    assert r.maker == 0 and r.partner == 1 and not r.alone
    assert r.tricks == (4, 0, 1, 0, 0) and r.made  # the side's 4 tricks are all the maker's
    assert r.score_change == (1, 1, 0, 0, 0) and r.scores == (1, 1, 0, 0, 0)


def test_a_card_in_the_kitty_leaves_the_maker_alone() -> None:
    g = made_trump("0 call TS")
    r = play(g).result
    assert r.partner is None and r.alone and r.made
    assert r.score_change == (1, 0, 0, 0, 0)
    assert not any(type(e) is PartnerRevealed for e in g.events)


def test_the_partners_trick_counts_for_the_side_a_march_each_and_a_lone_call() -> None:
    g = made_trump("0 call AC")  # seat 2 holds it: its trick makes the side's five
    r = play(g).result
    assert r.partner == 2 and r.made and r.score_change == (2, 0, 2, 0, 0)
    g = made_trump("0 call alone")
    r = play(g).result
    assert r.partner is None and r.alone and r.score_change == (1, 0, 0, 0, 0)


def test_a_euchred_maker_and_partner_give_each_other_player_two() -> None:
    g = Game(variant(), seed=1, deal=DEAL)
    g.apply("0 pass")
    g.apply("1 order-up")  # no trump in hand: seat 1 and its partner take one trick
    g.apply("4 discard JC")
    g.apply("1 call AC")
    r = play(g).result
    assert r.maker == 1 and r.partner == 2 and r.made is False
    assert r.score_change == (2, 0, 0, 2, 2)


def test_record_and_replay_say_the_call_and_the_reveal() -> None:
    g = made_trump("0 call AS")
    play(g)
    rec = g.record()
    assert "0 call AS" in rec["hands"][0]["actions"] and rec["hands"][0]["result"]["partner"] == 1
    again = records.replay(json.loads(json.dumps(rec)))
    assert again.hand_results == g.hand_results
    hand = summary(g)["hands"][0]
    assert hand["call"] == {"seat": 0, "card": "AS", "named": None, "partner": 1, "revealed_at": 3}


def test_the_action_space_appends_the_calls_and_greedy_calls_the_ace_of_its_shortest_suit() -> None:
    space = action_space(variant())
    call = space.groups[-1]
    assert call.name == "call" and call.stop - call.start == 29 and space.names[-1] == "call alone"
    g = Game(variant(), seed=1, deal=DEAL)
    g.apply("0 order-up")
    g.apply("4 discard JC")
    view = g.view(0)
    assert space.mask(view.legal)[space.encode("call AS")]
    # seat 0 holds no spade and no diamond, one club: the ace of spades or of diamonds, not of clubs
    assert str(GreedyBot(1).choose(view, view.legal)) in ("0 call AS", "0 call AD")


def test_the_observation_shows_the_called_card_and_the_partner_as_each_seat_knows_it() -> None:
    pytest.importorskip("numpy")
    from hasenpfeffer.observe.observation import encoder

    g = made_trump("0 call AS")
    enc = encoder(variant())
    seen = {seat: enc.pieces(enc.encode(g.view(seat))) for seat in (1, 3)}
    assert seen[3]["called"].nonzero()[0].size == 1 == seen[1]["called"].nonzero()[0].size
    assert list(seen[1]["partner"]) == [1, 0, 0, 0, 0]  # itself (seat-relative: 0 is the seat)
    assert not seen[3]["partner"].any()  # not known to seat 3 before AS is played


def test_worlds_place_the_unplayed_called_card_anywhere_hidden() -> None:
    g = made_trump("0 call AS")
    holders, rng = set(), random.Random(2)
    for _ in range(40):
        world = sample_world(g.view(3), rng)
        assert world is not None and world.phase == "play"
        now = actual_state(world)
        holders.add(next((q for q, h in enumerate(now.hands) if g.rules.cid("AS") in h), None))
    assert {0, 3} & holders == set() and len(holders) > 2  # neither the maker nor seat 3 itself


def test_a_called_card_moved_by_a_world_moves_the_partnership_with_it() -> None:
    """A world swaps unseen cards as if they had been dealt so: where the called card moves,
    its new holder is the partner, as the call would have found it (nobody, in the kitty)."""
    g = made_trump("0 call AS")
    assert actual_state(g).maker == 0 and g.view(1).partner == 1
    swap_cards(g, "AS", "AC")  # the ace of spades to seat 2
    assert g.view(2).partner == 2 and g.view(1).partner is None
    swap_cards(g, "AS", "8D")  # into the kitty: nobody holds it
    assert all(g.view(q).partner is None for q in range(5))
