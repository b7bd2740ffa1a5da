"""Double Hasenpfeffer (4 and 6 players) on hand-worked deals.

A 48-card pack: two of each card. Most deals here give each player whole suits,
so every trick can be worked out at a glance; the plays are written as one list of
cards per seat, played in order.
"""

from __future__ import annotations

from hasenpfeffer import Game
from hasenpfeffer.format.loader import load_variant

V4 = load_variant("double-hasenpfeffer")
V6 = load_variant("double-hasenpfeffer-6")


def suit(s: str, ranks: str = "9 9 T T J J Q Q K K A A") -> list[str]:
    return [r + s for r in ranks.split()]


def start(v: object, dealer: int, hands: list[list[str]]) -> Game:
    return Game(v, seed=11, deal={"dealer": dealer, "hands": hands, "widow": []})  # type: ignore[arg-type]


def legal(g: Game) -> set[str]:
    return {str(a) for a in g.legal_actions()}


def play_tricks(g: Game, leads: list[tuple[int, list[str]]]) -> list[int]:
    """Play tricks given as (leader, cards in play order); return the winners seen before the hand ends."""
    winners = []
    for leader, cards in leads:
        seat = leader
        for card in cards:
            while g.view(0).sitting_out and seat in g.view(0).sitting_out:
                seat = (seat + 1) % g.variant.players
            g.apply(f"{seat} play {card}")
            seat = (seat + 1) % g.variant.players
        if g.hand_results:
            break
        winners.append(g.view(0).tricks[-1].winner)
    return winners


def test_variant_shapes() -> None:
    assert (V4.pack.size, V4.pack.copies, V4.hand_size, V4.deal.kitty.size) == (48, 2, 12, 0)
    assert (V6.players, V6.hand_size, V6.teams) == (6, 8, ((0, 2, 4), (1, 3, 5)))
    assert V4.game.target == 62


def test_one_round_auction_minimum_3_each_bids_once() -> None:
    g = start(V4, 3, [suit("H"), suit("S"), suit("D"), suit("C")])
    assert legal(g) == {"0 pass"} | {f"0 bid {n}" for n in range(3, 13)}
    g.apply("0 bid 5")
    assert legal(g) == {"1 pass"} | {f"1 bid {n}" for n in range(6, 13)}
    for a in ("1 bid 6", "2 pass", "3 pass"):
        g.apply(a)
    # Everyone has spoken once: seat 1 won at 6 and seat 0 may not bid again.
    assert g.phase == "trump" and g.to_move == 1 and g.view(0).maker == 1


def test_of_two_identical_cards_the_first_played_wins() -> None:
    hands = [[*suit("H")[1:], "AS"], [*suit("S")[:-1], "9H"], suit("D"), suit("C")]
    g = start(V4, 3, hands)
    for a in ("0 bid 3", "1 pass", "2 pass", "3 pass", "0 trump H"):
        g.apply(a)
    winners = play_tricks(g, [(0, ["AS", "AS", "9D", "9C"])])
    assert winners == [0] and g.to_move == 0


def test_forced_dealer_set_loses_half_the_bid() -> None:
    # Seat 0: all hearts; 1: spades; 2: diamonds; 3 (dealer): clubs. The dealer is
    # forced to 3 and names diamonds: team 0 holds every trump and takes every trick.
    g = start(V4, 3, [suit("H"), suit("S"), suit("D"), suit("C")])
    for a in ("0 pass", "1 pass", "2 pass", "3 pass"):
        g.apply(a)
    assert g.phase == "trump" and g.to_move == 3 and g.view(3).bid == "3"
    g.apply("3 trump D")
    hearts = ["AH", "KH", "KH", "QH", "QH", "TH", "TH", "9H", "9H"]
    spades = suit("S")[::-1]
    clubs = suit("C")[::-1]
    tricks = [(0, ["AH", spades[0], "9D", clubs[0]])]  # seat 2 trumps the ace of hearts
    tricks += [(2, ["JD", clubs[1], "JH", spades[1]]), (2, ["JD", clubs[2], "JH", spades[2]])]  # bowers
    trumps = ["AD", "AD", "KD", "KD", "QD", "QD", "TD", "TD", "9D"]
    tricks += [(2, [trumps[i], clubs[3 + i], hearts[i], spades[3 + i]]) for i in range(9)]
    winners = play_tricks(g, tricks)
    assert winners == [2] * 11
    r = g.hand_results[0]
    # Set on a forced 3: half of 3, rounded half away from zero, is 2.
    assert (r.maker, r.forced, r.tricks, r.made, r.score_change) == (3, True, (12, 0), False, (0, -2))


def test_lone_maker_exchanges_two_cards_with_partner_and_scores_double() -> None:
    g = start(V4, 3, [suit("H"), suit("S"), suit("D"), suit("C")])
    for a in ("0 bid 6", "1 pass", "2 pass", "3 pass", "0 trump H alone"):
        g.apply(a)
    assert g.phase == "exchange" and g.to_move == 2
    for a in ("2 give JD", "2 give JD", "0 give 9H", "0 give 9H"):
        g.apply(a)
    assert g.phase == "play" and g.to_move == 1 and g.view(0).sitting_out == frozenset({2})
    spades, clubs = suit("S")[::-1], suit("C")[::-1]
    trumps = ["JH", "JH", "JD", "JD", "AH", "AH", "KH", "KH", "QH", "QH", "TH"]
    tricks = [(1, [spades[0], clubs[0], "TH"])]  # seat 0 trumps the lead
    tricks += [(0, [trumps[i], spades[1 + i], clubs[1 + i]]) for i in range(11)]
    winners = play_tricks(g, tricks)
    assert winners == [0] * 11
    r = g.hand_results[0]
    assert (r.alone, r.tricks, r.made, r.score_change) == (True, (12, 0), True, (24, 0))


def test_six_players_two_teams_of_three_lone_exchange_with_both_partners() -> None:
    hands = [suit("H", "9 T J Q K A 9 T"), suit("S", "9 T J Q K A 9 T"), suit("D", "9 T J Q K A 9 T")]
    hands += [suit("C", "9 T J Q K A 9 T"), suit("H", "J Q K A") + suit("S", "J Q K A")]
    hands += [suit("D", "J Q K A") + suit("C", "J Q K A")]
    g = start(V6, 5, hands)
    assert legal(g) == {"0 pass"} | {f"0 bid {n}" for n in range(3, 9)}
    for a in ("0 bid 4", "1 pass", "2 pass", "3 pass", "4 pass", "5 pass", "0 trump H alone"):
        g.apply(a)
    # Each partner (2, then 4) gives one card; the maker gives one back to each.
    assert g.to_move == 2
    for a in ("2 give JD", "4 give AH", "0 give 9H", "0 give TH"):
        g.apply(a)
    view = g.view(0)
    assert view.sitting_out == frozenset({2, 4}) and g.phase == "play" and g.to_move == 1
    assert sorted(str(c) for c in view.hand) == sorted(["9H", "TH", "JH", "QH", "KH", "AH", "AH", "JD"])
