"""Conditions on the dealt hand, on hand-worked deals: nines and tens, ace no face, the farmer's
hand and going under (examples/house-rules/euchre-*.yaml; docs/variant-format.md, "Writing a
condition on the dealt hand"). Each rule acts on a hand that meets it and leaves alone one that
does not; records replay and say what happened."""

from __future__ import annotations

import json

import pytest

from hasenpfeffer import Game, IllegalActionError, house_rule, records
from hasenpfeffer.bots.greedy import GreedyBot
from hasenpfeffer.cli.commands.replay import summary
from hasenpfeffer.events import CardsSwapped, HandDealt, HandScored, Passed, Redealt
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.rules.actionspace import action_space
from support.paths import HOUSE_RULES as HOUSE


def variant(name: str) -> Variant:
    return load_variant(str(HOUSE / f"euchre-{name}.yaml"))


def deal(hands: list[str], kitty: str, dealer: int = 3) -> dict[str, object]:
    return {"dealer": dealer, "hands": [h.split() for h in hands], "widow": kitty.split()}


# Seat 0 holds only nines and tens; nobody else has a weak hand.
LOW = deal(["9C TC 9D TD 9H", "TH 9S TS JD QD", "KD AD JH QH KH", "AH JS QS KS AS"], "JC QC KC AC")
# Seat 1 holds the ace of clubs and four nines and tens (ace no face); seat 0 holds the jack of
# diamonds beside its low cards.
ACE_LOW = deal(["9C TC 9D JD 9H", "AC 9S TS TD TH", "KD AD JH QH KH", "AH JS QS KS AS"], "JC QC KC QD")
# Seat 0 has three nines (farmer's hand); seat 2 has two tens and a nine (going under only).
FARMER = deal(["9C 9D 9H JS QS", "TC TD JD KD AD", "TH TS JH QH 9S", "AH JC QC KC KS"], "QD AS KH AC")


def test_nines_and_tens_redeals_by_the_same_dealer() -> None:
    g = Game(variant("nines-and-tens"), seed=1, deal=LOW)
    assert g.phase == "weak-hand" and g.to_move == 0
    assert [str(a) for a in g.legal_actions()] == ["0 redeal", "0 pass"]
    with pytest.raises(IllegalActionError, match="nines and tens: it may redeal or pass"):
        g.apply("0 swap")
    events = g.apply("0 redeal")
    assert events[0] == Redealt(0, "nines and tens")
    result = next(e.result for e in events if type(e) is HandScored)
    assert result.thrown_in and result.scores == (0, 0)
    assert g.dealer == 3 and g.hand_number == 2  # the same dealer deals again


def test_nines_and_tens_kept_plays_on_and_a_mixed_hand_is_not_asked() -> None:
    g = Game(variant("nines-and-tens"), seed=1, deal=LOW)
    assert g.apply("0 pass") == [Passed(0, "weak-hand")]
    assert g.phase == "order-up" and g.to_move == 0 and g.hand_number == 1
    g = Game(variant("nines-and-tens"), seed=1, deal=ACE_LOW)  # an ace, or a jack, is not only 9s and 10s
    assert g.phase == "order-up"


def test_ace_no_face_passes_the_deal() -> None:
    g = Game(variant("ace-no-face"), seed=1, deal=ACE_LOW)
    assert g.to_move == 1 and [str(a) for a in g.legal_actions()] == ["1 redeal", "1 pass"]
    g.apply("1 redeal")
    assert g.hand_results[0].thrown_in and g.dealer == 0  # next-dealer: the deal passes left
    two_aces = deal(["9C TC 9D JD 9H", "AC AS TS TD TH", "KD AD JH QH KH", "AH JS QS KS 9S"], "JC QC KC QD")
    assert Game(variant("ace-no-face"), seed=1, deal=two_aces).phase == "order-up"


def test_farmers_hand_swaps_three_nines_for_the_hidden_kitty() -> None:
    g = Game(variant("farmers-hand"), seed=1, deal=FARMER)
    assert g.to_move == 0 and [str(a) for a in g.legal_actions()] == ["0 swap", "0 pass"]
    (swapped,) = g.apply("0 swap")
    assert swapped == CardsSwapped(0, ("9C", "9D", "9H"), ("AS", "KH", "AC"), "farmer's hand")
    assert sorted(map(str, g.view(0).hand)) == sorted(["AS", "KH", "AC", "JS", "QS"])
    assert g.phase == "order-up" and str(g.view(1).turned) == "QD"  # the turned card stays
    assert [str(a) for a in g.view(1).history] == ["0 swap"]


def test_farmers_hand_wants_three_of_one_rank() -> None:
    g = Game(variant("farmers-hand"), seed=1, deal=FARMER)
    g.apply("0 pass")
    assert g.phase == "order-up"  # seat 2's 9S TH TS is no farmer's hand: nobody else is asked


def test_going_under_takes_a_mixed_three_and_only_one_swap_is_made() -> None:
    g = Game(variant("going-under"), seed=1, deal=FARMER)
    assert g.apply("0 pass") == [Passed(0, "weak-hand")]
    assert g.to_move == 2  # seat 2's 9S TH TS is a mixed three
    (swapped,) = g.apply("2 swap")
    assert swapped.given == ("9S", "TH", "TS") and swapped.taken == ("AS", "KH", "AC")
    assert g.phase == "order-up"
    g = Game(variant("going-under"), seed=1, deal=FARMER)
    g.apply("0 swap")
    assert g.phase == "order-up"  # the kitty's hidden cards are gone: seat 2 is not asked


def test_a_rule_that_is_not_optional_acts_at_once() -> None:
    v = variant("nines-and-tens")
    rule = v.deal.weak_hands[0].model_copy(update={"optional": False})
    v = v.model_copy(update={"deal": v.deal.model_copy(update={"weak_hands": (rule,)})})
    g = Game(v, seed=1, deal=LOW)
    assert g.hand_results[0].thrown_in and g.hand_number == 2
    assert Redealt(0, "nines and tens", True) in g.events
    assert "redeal" not in {gr.name for gr in action_space(v).groups}


def test_the_action_space_and_records_say_what_happened() -> None:
    space = action_space(variant("going-under"))
    assert space.groups[-1].name == "swap" and space.names[-1] == "swap"
    g = Game(variant("nines-and-tens"), seed=1, deal=LOW)
    g.apply("0 redeal")
    again = records.replay(json.loads(json.dumps(g.record())))
    assert again.events == g.events
    first = summary(g)["hands"][0]
    assert first["weak_hands"] == [
        {"seat": 0, "action": "redeal", "rule": "nines and tens", "forced": False, "cards": []}
    ]
    assert first["thrown_in"] and first["making"] == []


def test_replay_prints_the_call(capsys: pytest.CaptureFixture[str]) -> None:
    from hasenpfeffer.cli.commands.replay import show

    g = Game(variant("farmers-hand"), seed=1, deal=FARMER)
    g.apply("0 swap")
    show(g)
    out = capsys.readouterr().out
    assert "seat 0 swapped 9C 9D 9H for the kitty's cards: farmer's hand" in out
    g = Game(variant("nines-and-tens"), seed=1, deal=LOW)
    g.apply("0 redeal")
    show(g)
    out = capsys.readouterr().out
    assert "seat 0 called a redeal: nines and tens" in out and "thrown in: a weak hand, dealt again" in out


def test_greedy_calls_a_weak_hand_and_keeps_a_good_one() -> None:
    g = Game(variant("nines-and-tens"), seed=1, deal=LOW)
    assert str(GreedyBot(0).choose(g.view(0), g.legal_actions())) == "0 redeal"
    # A farmer's hand with both black jacks and the ace of spades is worth its share: kept.
    strong = deal(["9C 9D 9H JS JC", "TC TD JD KD AD", "TH TS JH QH 9S", "AH AS QC KC KS"], "QD QS KH AC")
    g = Game(variant("farmers-hand"), seed=1, deal=strong)
    assert g.to_move == 0 and str(GreedyBot(0).choose(g.view(0), g.legal_actions())) == "0 pass"


def test_a_new_hand_is_dealt_after_a_redeal() -> None:
    g = Game(variant("nines-and-tens"), seed=1, deal=LOW)
    g.apply("0 redeal")
    dealt = [e for e in g.events if type(e) is HandDealt]
    assert len(dealt) == 2 and dealt[1].dealer == 3


def test_simulate_counts_each_rule_that_acted() -> None:
    from hasenpfeffer.sim.stats import Stats

    g = Game(variant("nines-and-tens"), seed=1, deal=LOW)
    g.apply("0 redeal")
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    stats = Stats(sides=2)
    stats.add_game(g)
    called = sum(type(e) is Redealt for e in g.events)
    assert called >= 1 and stats.weak_hands == {"nines and tens redeal": called}
    assert Stats.from_raw(stats.raw()) == stats and stats.summary()["weak_hands"] == stats.weak_hands


def test_a_long_run_of_hands_thrown_in_at_once_is_a_loop_not_a_recursion() -> None:
    """Thrown in at once where a seat holds two nines or tens, Euchre is redealt nearly every
    time (about 1,200 deals for one that stands, 655 here): each deal is entered in turn, never
    deeper in the stack (a few frames a deal would pass the interpreter's limit of 1,000), and
    the game then goes on as any other."""
    rule = {
        "name": "two low",
        "when": [{"ranks": ["9", "T"], "at_least": 2}],
        "action": "redeal",
        "optional": False,
    }
    v = house_rule("euchre", {"deal.weak_hands": [rule]})
    g = Game(v, seed=1)
    redeals = sum(1 for e in g.events if type(e) is Redealt)
    assert redeals == 655 and g.phase == "order-up"
    hands = [g.view(q).hand for q in range(4)]
    assert all(sum(c.rank in "9T" for c in h) <= 1 for h in hands)
