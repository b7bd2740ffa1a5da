"""Six-handed Five Hundred (variants/five-hundred-6.yaml; bicyclecards.com, "Six-Hand Five
Hundred"): a 63-card pack with 11s and 12s in every suit and 13s in the red suits, ranking
between the ten and the jack; two teams of three, each player between two opponents; ten
cards each and a widow of three; a misere maker plays without both partners. Hand-worked."""

from __future__ import annotations

import random

from hasenpfeffer import Card, Game, load_variant, records
from hasenpfeffer.rules.ruleset import compile_variant
from support.play import play_random

V = load_variant("five-hundred-6")
R = compile_variant(V)


def test_the_pack_has_sixty_three_cards_with_the_new_ranks_between_the_ten_and_the_jack() -> None:
    assert len(R.faces) == len(R.deck) == 63
    assert [c for c in R.names if c[:-1] in ("11", "12", "13")] == [
        "11C", "12C", "11D", "12D", "13D", "11H", "12H", "13H", "11S", "12S",
    ]  # fmt: skip
    # a plain suit, spades trump: the ace down to the jack, then the 13, 12, 11 and the ten
    hearts = ["TH", "11H", "12H", "13H", "JH", "QH", "KH", "AH", "9H"]
    assert [str(c) for c in R.sorted_hand(hearts, "S")] == [
        "AH",
        "KH",
        "QH",
        "JH",
        "13H",
        "12H",
        "11H",
        "TH",
        "9H",
    ]
    assert R.trick_winner(["11H", "TH", "13H", "12H", "9H", "2H"], "S") == 2
    # hearts trump: the bowers first, then the ace, king, queen and the 13
    assert [str(c) for c in R.sorted_hand(["13H", "JD", "AH", "JH", "12H"], "H")] == [
        "JH",
        "JD",
        "AH",
        "13H",
        "12H",
    ]
    # the two black suits have no 13
    assert "13S" not in R.names and "13C" not in R.names


def test_cards_of_the_new_ranks_read_in_every_spelling() -> None:
    assert Card("11h") == Card("11♥") == "11H" and Card("13D").rank == "13" and Card("12S").suit == "S"
    assert Card("12", "C") == "12C" and Card("11H").pretty() == "11♥"


def test_two_teams_of_three_each_player_between_two_opponents_ten_cards_and_a_widow_of_three() -> None:
    assert V.teams == ((0, 2, 4), (1, 3, 5))
    g = Game(V, seed=1)
    assert [len(g.view(q).hand) for q in range(6)] == [10] * 6
    assert g.phase == "bidding" and g.to_move == 3  # seat 2 deals; its left speaks first


def test_a_misere_maker_plays_without_both_partners() -> None:
    g = Game(V, seed=1)
    g.apply("3 bid misere")
    while g.phase == "bidding":
        g.apply(f"{g.to_move} pass")
    assert g.phase == "discard" and len(g.view(3).hand) == 13  # the widow taken
    for card in ("12C", "QD", "QH"):
        g.apply(f"3 discard {card}")
    assert g.view(0).sitting_out == frozenset({1, 5})


def test_games_play_to_the_end_and_replay() -> None:
    g = Game(V, seed=5)
    play_random(g, random.Random(3), hands=4)
    rec = g.record()
    again = records.replay(records.loads(records.dump(rec)))
    assert again.record() == rec and again.hand_results == g.hand_results
