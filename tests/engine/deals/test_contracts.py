"""Contracts carried by the bid: Five Hundred's deals worked by hand, and each house rule that
writes a contract (docs/variant-format.md, "Writing a contract"; docs/rules.md section 3)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hasenpfeffer import Game, IllegalActionError, load_variant
from hasenpfeffer.engine.events import HandShown, SuitNamed, TrickWon
from hasenpfeffer.rules.actions import Action
from support.deals import FIVE_HUNDRED_HEARTS as HEARTS
from support.paths import HOUSE_RULES as HOUSE

Policy = Callable[[Game], Action]


def first(g: Game) -> Action:
    """The first legal action."""
    return g.legal_actions()[0]


def play_out(g: Game, policy: Policy = first) -> None:
    """Play the current hand to its end."""
    hand = g.hand_number
    while g.hand_number == hand and not g.is_over:
        g.apply(policy(g))


def apply_all(g: Game, actions: str) -> None:
    for a in actions.split(","):
        g.apply(a.strip())


def test_a_suit_contract_names_its_trump_and_the_joker_tops_both_bowers() -> None:
    g = Game(load_variant("five-hundred"), seed=1, deal=HEARTS)
    apply_all(g, "0 bid 7H, 1 pass, 2 pass, 3 pass")
    # 7H named trump: no trump action; the maker took the kitty and lays three away
    assert g.phase == "discard" and g.view(0).trump == "H" and len(g.view(0).hand) == 13
    apply_all(g, "0 discard 4H, 0 discard 5H, 0 discard 6H")
    assert g.phase == "play" and g.to_move == 0  # the contractor leads
    for card in ["JK", "JH", "JD", "AH"]:
        g.apply(f"0 play {card}")
        for _ in range(3):
            g.apply(first(g))
    won = [e for e in g.events if type(e) is TrickWon]
    assert [(t.winner, t.card, t.reason) for t in won] == [
        (0, "JK", "Joker"),
        (0, "JH", "right bower"),
        (0, "JD", "left bower"),
        (0, "AH", "highest trump"),
    ]
    play_out(g)
    r = g.hand_results[0]
    # all ten tricks on a contract worth 200 (under 250): the slam's 250; no defender trick
    assert (r.bid, r.trump, r.made, r.tricks, r.score_change) == ("7H", "H", True, (10, 0), (250, 0))


def test_a_contract_worth_more_than_the_slam_keeps_its_value_and_a_failure_pays_ten_a_trick() -> None:
    g = Game(load_variant("five-hundred"), seed=1, deal=HEARTS)
    g.apply("0 bid 10NT")  # the top of the schedule ends the auction at once
    apply_all(g, "0 discard 4H, 0 discard 5H, 0 discard 6H")
    play_out(g)
    r = g.hand_results[0]
    # at no-trump seat 0 leads the Joker and names clubs (the first legal), then its hearts:
    # every trick; 520 is above the slam's 250 and stands
    assert (r.trump, r.made, r.tricks, r.score_change) == ("NT", True, (10, 0), (520, 0))
    from hasenpfeffer.engine.scoring import score_hand

    assert score_hand(g.variant, 0, (9, 1), 10, contract=g.variant.bid("10NT")) == (False, (-520, 10))


def test_the_joker_at_no_trump_names_the_suit_to_follow_and_wins() -> None:
    g = Game(load_variant("five-hundred"), seed=1, deal=HEARTS)
    apply_all(g, "0 bid 6NT, 1 pass, 2 pass, 3 pass, 0 discard 4H, 0 discard 5H, 0 discard 6H")
    g.apply("0 play JK")
    assert [str(a) for a in g.legal_actions()] == ["0 suit C", "0 suit D", "0 suit H", "0 suit S"]
    with pytest.raises(IllegalActionError, match="names the suit to follow"):
        g.apply("0 play JH")
    assert g.apply("0 suit S") == [SuitNamed(0, "S")]
    # seat 1 holds spades and must follow them; seats 2 and 3 have none and play anything
    assert {a.arg for a in g.legal_actions()} == {"AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S"}
    apply_all(g, "1 play 5S, 2 play 5C, 3 play 4D")
    assert [e for e in g.events if type(e) is TrickWon][-1][:3] == (0, "JK", "Joker")
    assert g.view(1).history[-5:] == tuple(
        Action.parse(t) for t in ["0 play JK", "0 suit S", "1 play 5S", "2 play 5C", "3 play 4D"]
    )


def test_the_joker_at_no_trump_may_be_played_only_by_a_player_who_cannot_follow() -> None:
    deal = {
        **HEARTS,
        "hands": [HEARTS["hands"][2], HEARTS["hands"][1], HEARTS["hands"][0], HEARTS["hands"][3]],
    }
    g = Game(load_variant("five-hundred"), seed=1, deal=deal)  # the Joker with seat 2 now
    apply_all(g, "0 bid 6NT, 1 pass, 2 pass, 3 pass, 0 discard 4H, 0 discard 5H, 0 discard 6H")
    apply_all(g, "0 play AC, 1 play 5S")
    assert "2 play JK" in g.legal_actions()  # seat 2 holds no club
    apply_all(g, "2 play JK, 3 play 4D")
    assert [e for e in g.events if type(e) is TrickWon][-1][:3] == (2, "JK", "Joker")
    # a holder of the suit led may not play the Joker
    g = Game(load_variant("five-hundred"), seed=1, deal=MISERE)
    apply_all(g, "0 bid 6NT, 1 pass, 2 pass, 3 pass, 0 discard 6S, 0 discard 6C, 0 discard 6D")
    apply_all(g, "0 play 5S, 1 play AS, 2 play 7C, 3 play 7D, 1 play AH, 2 play JH, 3 play 9H")
    assert g.to_move == 0 and "0 play JK" not in g.legal_actions() and "0 play 4H" in g.legal_actions()


MISERE = {
    "dealer": 3,
    "hands": [
        "4H 5H 6H 4D 5D 6D 5C 6C 5S 6S",
        "AS KS QS JS TS 9S 8S 7S AH KH",
        "AC KC QC JC TC 9C 8C 7C QH JH",
        "AD KD QD JD TD 9D 8D 7D TH 9H",
    ],
    "widow": ["7H", "8H", "JK"],
}


def low_maker_high_defence(g: Game) -> Action:
    """The contractor sheds its lowest card, the defenders play their highest."""
    legal = g.legal_actions()
    if legal[0].verb != "play":
        return legal[0]
    rules = g.rules
    order = sorted(legal, key=lambda a: rules.power[rules.trump_id("NT") or 0][rules.cid(a.arg)])
    return order[0] if g.to_move == 0 else order[-1]


def test_misere_made_scores_its_value_with_tricks_of_three_and_nothing_to_the_defenders() -> None:
    g = Game(load_variant("five-hundred"), seed=1, deal=MISERE)
    apply_all(g, "0 bid misere, 1 pass, 2 pass, 3 pass")
    apply_all(g, "0 discard JK, 0 discard 8H, 0 discard 7H")
    assert g.view(0).sitting_out == frozenset({2}) and g.to_move == 0
    play_out(g, low_maker_high_defence)
    assert all(len(t.cards) == 3 for t in (e for e in g.events if type(e) is TrickWon))
    r = g.hand_results[0]
    assert (r.bid, r.alone, r.made, r.tricks, r.score_change) == ("misere", True, True, (0, 10), (250, 0))


def test_misere_failed_by_the_joker_that_wins_the_last_trick() -> None:
    g = Game(load_variant("five-hundred"), seed=1, deal=MISERE)
    apply_all(g, "0 bid misere, 1 pass, 2 pass, 3 pass")
    apply_all(g, "0 discard 6S, 0 discard 8H, 0 discard 7H")  # keeps the Joker: it must win a trick
    play_out(g, low_maker_high_defence)
    r = g.hand_results[0]
    assert (r.made, r.tricks, r.score_change) == (False, (1, 9), (-250, 0))


def test_open_misere_lays_the_hand_open_after_the_first_trick() -> None:
    g = Game(load_variant("five-hundred"), seed=1, deal=MISERE)
    apply_all(g, "0 bid open-misere, 1 pass, 2 pass, 3 pass")
    apply_all(g, "0 discard JK, 0 discard 8H, 0 discard 7H")
    assert g.view(1).shown is None
    for _ in range(3):
        g.apply(low_maker_high_defence(g))
    shown = [e for e in g.events if type(e) is HandShown]
    assert shown == [HandShown(0, ("5C", "6C", "5D", "6D", "5H", "6H", "5S", "6S", "4D"))] or len(shown) == 1
    seat, cards = g.view(3).shown or (None, ())
    assert seat == 0 and sorted(map(str, cards)) == sorted(str(c) for c in g.view(0).hand)


def test_a_long_auction_where_a_pass_is_final_and_all_pass_throws_in() -> None:
    g = Game(load_variant("five-hundred"), seed=1, deal=HEARTS)
    apply_all(g, "0 bid 6H, 1 bid 7S, 2 bid 7C, 3 bid 7D, 0 bid 8H, 1 pass, 2 bid 8NT")
    assert g.to_move == 3
    apply_all(g, "3 pass, 0 bid 9H")
    assert g.to_move == 2  # seat 1 passed: it is not asked again
    g.apply("2 pass")
    assert g.phase == "discard" and g.view(0).bid == "9H" and g.view(0).trump == "H"
    g = Game(load_variant("five-hundred"), seed=1, deal=HEARTS)
    apply_all(g, "0 pass, 1 pass, 2 pass, 3 pass")
    assert g.hand_results[0].thrown_in and g.dealer == 0 and g.phase == "bidding"


def test_five_hundred_is_won_only_by_a_made_contract_and_lost_at_minus_500() -> None:
    from hasenpfeffer.engine.scoring import game_winner

    v = load_variant("five-hundred")
    assert game_winner(v, (510, 0), maker_side=1, made=True) is None  # defending to 510 wins nothing
    assert game_winner(v, (510, 0), maker_side=0, made=True) == 0
    assert game_winner(v, (100, -500), maker_side=1, made=False) == 0


def test_five_hundred_3_has_33_cards_and_every_defender_scores_its_own_tricks() -> None:
    v = load_variant("five-hundred-3")
    assert v.pack.size == 33 and v.players == 3 and v.teams == ((0,), (1,), (2,))
    from hasenpfeffer.engine.scoring import score_hand

    assert score_hand(v, 0, (5, 3, 2), 6, contract=v.bid("6H")) == (False, (-100, 30, 20))


# ------------------------------------------------------------------ house rules with contracts


def house(name: str) -> Game:
    return Game(load_variant(HOUSE / f"{name}.yaml"), seed=1)


def test_cincinnati_moon_is_played_alone_for_12_and_a_failed_moon_loses_the_six_bid() -> None:
    from hasenpfeffer.engine.scoring import score_hand

    v = load_variant(HOUSE / "cincinnati-moons.yaml")
    moon, double = v.bid("moon"), v.bid("double-moon")
    assert moon.alone and (score_hand(v, 0, (6, 0), 6, alone=True, contract=moon)) == (True, (12, 0))
    assert score_hand(v, 1, (1, 5), 6, alone=True, contract=double) == (False, (1, -6))
    g = house("cincinnati-moons")
    while g.phase == "bidding" and not g.view(0).bid:
        seat = g.to_move
        g.apply(f"{seat} bid moon" if f"{seat} bid moon" in g.legal_actions() else f"{seat} pass")
    while g.phase != "play":
        g.apply(first(g))
    assert len(g.view(0).sitting_out) == 1  # the moon's partner lays the hand down


def test_pepper_moon_failed_pays_the_defenders_7() -> None:
    from hasenpfeffer.engine.scoring import score_hand

    v = load_variant(HOUSE / "pepper-moons.yaml")
    assert score_hand(v, 0, (5, 1), 6, contract=v.bid("moon")) == (False, (0, 7))
    assert score_hand(v, 0, (6, 0), 6, contract=v.bid("double-moon")) == (True, (14, 0))
    assert score_hand(v, 0, (4, 2), 4, contract=v.bid("4")) == (True, (4, 2))


def test_bid_euchre_with_the_suit_in_the_bid_needs_no_trump_action() -> None:
    g = house("bid-euchre-suit-in-bid")
    seat = g.to_move
    assert seat is not None
    g.apply(f"{seat} bid 4H")
    for _ in range(3):
        g.apply(f"{g.to_move} pass")
    assert g.phase == "play" and g.view(seat).trump == "H" and g.to_move == seat


def test_jambone_lays_the_hand_open_before_the_lead() -> None:
    g = house("jambone")
    seat = g.to_move
    assert seat is not None
    g.apply(f"{seat} bid jambone")
    assert g.phase == "trump"
    g.apply(f"{seat} trump S")  # alone without saying so
    assert g.phase == "play"
    shown = [e for e in g.events if type(e) is HandShown]
    assert [e.seat for e in shown] == [seat] and len(shown[0].cards) == 6
    assert g.view((seat + 1) % 4).shown is not None and (seat + 2) % 4 in g.view(seat).sitting_out


def test_inkle_six_bids_only_from_the_first_two_places() -> None:
    g = house("five-hundred-inkle")
    dealer = g.dealer
    first_place, third_place = (dealer + 1) % 4, (dealer + 3) % 4
    assert f"{first_place} bid 6S" in g.legal_actions()
    apply_all(g, f"{first_place} pass, {(dealer + 2) % 4} pass")
    assert g.to_move == third_place
    assert f"{third_place} bid 6NT" not in g.legal_actions() and f"{third_place} bid 7S" in g.legal_actions()
    with pytest.raises(IllegalActionError, match="only from places 1, 2"):
        g.apply(f"{third_place} bid 6S")


def test_misere_only_after_a_seven_bid() -> None:
    g = house("five-hundred-misere-after-seven")
    seat = g.to_move
    assert seat is not None and f"{seat} bid misere" not in g.legal_actions()
    g.apply(f"{seat} bid 7S")
    nxt = g.to_move
    assert f"{nxt} bid misere" in g.legal_actions() and f"{nxt} bid open-misere" in g.legal_actions()


# ------------------------------------------------------------------ what the commands show


def test_replay_shows_the_contract_the_named_suit_and_the_open_hand() -> None:
    from hasenpfeffer.cli.commands.replay import summary

    g = Game(load_variant("five-hundred"), seed=1, deal=MISERE)
    apply_all(g, "0 bid open-misere, 1 pass, 2 pass, 3 pass, 0 discard 8H, 0 discard 7H, 0 discard 6S")
    apply_all(g, "0 play JK, 0 suit S, 1 play AS, 3 play 7D")
    hand = summary(g)["hands"][0]
    assert (
        hand["contract"]["words"]
        == "no trick, no-trump, alone, hand open after the first trick, 500 points, defenders score nothing"
    )
    assert hand["contract"]["objective"] == "none" and hand["making"] == [
        "0 bid open-misere",
        "1 pass",
        "2 pass",
        "3 pass",
    ]
    assert hand["tricks"] == [
        {
            "leader": 0,
            "cards": [{"seat": 0, "card": "JK"}, {"seat": 1, "card": "AS"}, {"seat": 3, "card": "7D"}],
            "winner": 0,
            "why": "Joker",
            "named": "S",
        }
    ]
    assert hand["shown"] == {"seat": 0, "cards": ["5C", "6C", "4D", "5D", "6D", "4H", "5H", "6H", "5S"]}
    from hasenpfeffer.records import dump, loads, replay

    assert replay(loads(dump(g.record()))).events == g.events  # the suit named replays


def test_the_terminal_reads_a_suit_named_after_the_joker() -> None:
    from hasenpfeffer.cli.ui.read import explain, read_choice

    g = Game(load_variant("five-hundred"), seed=1, deal=HEARTS)
    apply_all(g, "0 bid 6NT, 1 pass, 2 pass, 3 pass, 0 discard 4H, 0 discard 5H, 0 discard 6H, 0 play JK")
    view, legal = g.view(0), g.legal_actions()
    assert read_choice("spades", view, legal) == Action(0, "suit", "S")
    assert read_choice("suit h", view, legal) == Action(0, "suit", "H")
    assert (
        explain(Action(0, "suit", "D"), view) == "the others must follow diamonds to your Joker if they can"
    )
    bid_view = Game(load_variant("five-hundred"), seed=1, deal=HEARTS).view(0)
    assert explain(Action(0, "bid", "7H"), bid_view) == "contract: 7 tricks, trump hearts, 200 points"
