"""The bots with contracts carried by the bid (Five Hundred): greedy's bids in the bid's own
trump, misère and a pass on hand-worked hands; its misère play; the suit it names after leading
the Joker in no-trump; legal choices of every bot in random Five Hundred positions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hasenpfeffer.bots.greedy import GreedyBot
from hasenpfeffer.bots.misere import card_danger
from hasenpfeffer.bots.montecarlo import MonteCarloBot
from hasenpfeffer.bots.pimc import PimcBot, made_bid, split_value
from hasenpfeffer.engine.game import Game, actual_deal
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.rules.actions import Action
from hasenpfeffer.sim.simulate import play_game

FIVE_HUNDRED = load_variant("five-hundred")
THREE = load_variant("five-hundred-3")


def seat_zero(hand: str, dealer: int = 3) -> Game:
    """A Five Hundred deal where seat 0 holds ``hand``; the others and the kitty hold the rest
    in pack order (the kitty its last three cards)."""
    game = Game(FIVE_HUNDRED, seed=1)
    mine = hand.split()
    rest = [game.rules.names[c] for c in game.rules.deck if game.rules.names[c] not in mine]
    hands = [mine, rest[0:10], rest[10:20], rest[20:30]]
    return Game(FIVE_HUNDRED, deal={"dealer": dealer, "hands": hands, "widow": rest[30:33]})


def greedy_choice(game: Game) -> Action:
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    return GreedyBot(0).choose(view, view.legal)


# ---------------------------------------------------------------------------- bids


def test_greedy_bids_seven_hearts_on_the_top_trumps_and_an_ace() -> None:
    """The Joker, both bowers and the ace of hearts are four sure tricks, the king and nine of
    hearts and the ace of spades nearly two more; with the kitty and a partner seven hearts
    are near sure (80%), eight are not (55%): 7H (200) scores best, not 8H (300) nor 6H (100);
    and it is a bid in hearts, not a bid whose trump is named later."""
    game = seat_zero("JK JH JD AH KH 9H AS 5C 6D 7S")
    assert greedy_choice(game) == Action(0, "bid", "7H")
    for a in ["0 bid 7H", "1 pass", "2 pass", "3 pass"]:
        game.apply(a)
    assert game.view().trump == "H" and game.phase == "discard"


def test_greedy_bids_misere_on_low_cards_and_two_it_can_lay_away() -> None:
    """The lowest card of every suit, cards under which the others hold no more than the hand
    does, and two high cards (KH, JS) that the kitty's three discards take away: a hand that
    takes no trick, unless the kitty brings a risky card in their place. Misère (250) pays;
    open misère (500, the hand seen by the defenders) is riskier; every trick contract fails."""
    game = seat_zero("5S 7S 5C 9C 4D 5D 4H 6H KH JS")
    assert greedy_choice(game) == Action(0, "bid", "misere")


def test_greedy_passes_a_hand_of_middle_cards() -> None:
    """Nines, tens and eights in every suit: no trick contract is likely (about four tricks
    with the partner and the kitty) and every suit has cards under them for a misère to fail."""
    game = seat_zero("9S TS 9C TC 8C 9D TD 8D 9H 8H")
    assert greedy_choice(game) == Action(0, "pass")


def test_misere_danger_is_zero_when_the_hand_covers_every_lower_card() -> None:
    """Holding 5S and 7S with 6S out: the seven goes under the six's lead with the five first."""
    assert card_danger(lower=1, own=1, higher=7, share=0.3, defenders=2) == 0.0
    assert card_danger(lower=2, own=0, higher=7, share=0.3, defenders=2) > 0.1


# ---------------------------------------------------------------------------- misère play


def deal(hands: list[str], widow: str) -> dict[str, object]:
    """A Five Hundred deal dealt by seat 3: each seat's cards, the kitty."""
    return {"dealer": 3, "hands": [h.split() for h in hands], "widow": widow.split()}


MISERE_DEAL = deal(
    [
        "4H 6H 8H TH 5S 7S 5C 9C 4D 5D",
        "QH KH AH JK 9S 6S 8C TC 6D 9D",
        "JS QS KS AS JC TD JD QD KD AD",
        "5H 7H 9H JH TS 8S 6C 7C 7D 8D",
    ],
    "AC KC QC",
)


def misere_game() -> Game:
    game = Game(FIVE_HUNDRED, deal=MISERE_DEAL)
    for a in ["0 bid misere", "1 pass", "2 pass", "3 pass"]:
        game.apply(a)
    return game


def test_greedy_lays_away_the_kitty_high_cards_in_misere() -> None:
    game = misere_game()
    discards = []
    while game.phase == "discard":
        action = greedy_choice(game)
        discards.append(action.arg)
        game.apply(action)
    assert sorted(discards) == ["AC", "KC", "QC"]


def test_the_misere_maker_plays_its_highest_card_under_the_trick() -> None:
    """Seat 3 leads the seven of hearts; the maker holds 4H 6H 8H TH: the six goes under and is
    the card likeliest to take a trick later (the four stays for a lower lead)."""
    game = misere_game()
    for a in ["0 discard AC", "0 discard KC", "0 discard QC", "0 play 4D", "1 play 6D", "3 play 7D"]:
        game.apply(a)
    assert game.to_move == 3 and 2 in game.view().sitting_out  # seat 3 took the trick; the partner sits out
    game.apply("3 play 7H")
    assert greedy_choice(game) == Action(0, "play", "6H")


def test_misere_defenders_go_under_the_maker_or_over_it_high() -> None:
    """The maker leads the five of diamonds. Seat 1 holds 6D and 9D, both over it: it must
    take the trick, and does with the nine, keeping the lower card to lead later. With the
    maker's seven of spades led instead, seat 1's six goes under it (its nine would save the maker)."""
    game = misere_game()
    for a in ["0 discard AC", "0 discard KC", "0 discard QC"]:
        game.apply(a)
    spade = game.copy()
    game.apply("0 play 5D")
    assert greedy_choice(game) == Action(1, "play", "9D")
    spade.apply("0 play 7S")
    assert greedy_choice(spade) == Action(1, "play", "6S")


# ---------------------------------------------------------------------------- the Joker led in no-trump


def test_greedy_names_its_longest_suit_after_leading_the_joker() -> None:
    hands = [
        "JK AS KS QS 5S 6S 5C 4D 4H 5H",
        "7S 8S 6C 7C 5D 6D 6H 7H 8H 9H",
        "9S TS 8C 9C 7D 8D TH JH QH KH",
        "JS TC JC QC KC 9D TD JD QD AH",
    ]
    game = Game(FIVE_HUNDRED, deal=deal(hands, "AC KD AD"))
    for a in ["0 bid 6NT", "1 pass", "2 pass", "3 pass", "0 discard 5C", "0 discard 4D", "0 discard 4H"]:
        game.apply(a)
    game.apply("0 play JK")
    assert [a.verb for a in game.legal_actions()] == ["suit"] * 4
    assert greedy_choice(game) == Action(0, "suit", "S")


# ---------------------------------------------------------------------------- always legal


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 80), three=st.booleans())
def test_greedy_and_mc_choose_legal_actions_in_five_hundred(seed: int, steps: int, three: bool) -> None:
    game = Game(THREE if three else FIVE_HUNDRED, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    seat = game.to_move
    if seat is None:
        return
    assert seat is not None
    view = game.view(seat)
    for bot in (GreedyBot(seed), MonteCarloBot(seed, samples=2)):
        assert bot.choose(view, view.legal) in game.legal_actions()


@pytest.mark.parametrize("name", ["five-hundred", "five-hundred-3"])
def test_greedy_plays_five_hundred_to_the_end(name: str) -> None:
    variant = load_variant(name)
    game = play_game(variant, ["greedy"] * variant.players, seed=5)
    assert game.is_over and game.winner is not None


# ---------------------------------------------------------------------------- pimc


def test_split_value_scores_a_contract_as_the_engine_does() -> None:
    """7H made with 8 tricks: 200 against the defenders' 20; failed with 6: -200 against 40;
    misère made (no trick): 250 and nothing for the defenders; a slam on 6S: the floor, 250."""
    v = FIVE_HUNDRED
    assert split_value(v, 2, 0, 0, 8, 7, 1, False, contract=v.bid("7H")) == 180.0
    assert split_value(v, 2, 0, 0, 6, 7, 1, False, contract=v.bid("7H")) == -240.0
    assert split_value(v, 2, 0, 0, 0, 0, 1, True, contract=v.bid("misere")) == 250.0
    assert split_value(v, 2, 1, 0, 1, 0, 1, True, contract=v.bid("misere")) == 250.0  # the defenders' side
    assert split_value(v, 2, 0, 0, 10, 6, 1, False, contract=v.bid("6S")) == 250.0


def test_pimc_has_a_row_per_contract_strain_and_bids_in_one() -> None:
    """On the seven-hearts hand pimc's rows are those of the two most promising trumps named by
    bids (hearts first), each the tricks of the seat after bidding that strain's lowest bid; it
    bids a hearts contract; misère gets no row while the solver does not play it."""
    game = seat_zero("JK JH JD AH KH 9H AS 5C 6D 7S")
    view = game.view(0)
    bot = PimcBot(seed=3, worlds=4, making=4)
    games, rows = bot.bid_worlds(view)
    assert set(rows) == {("contract H", False), ("contract D", False)}
    assert all(len(t) == len(games) == 4 and all(6 <= x <= 10 for x in t) for t in rows.values())
    assert made_bid(FIVE_HUNDRED, actual_deal(games[0]), "7H", 0) is not None
    choice = bot.choose(view, view.legal)
    assert choice.verb == "bid" and FIVE_HUNDRED.bid(choice.arg).trump == "H"


def test_pimc_bids_misere_on_a_hand_that_takes_no_trick() -> None:
    game = seat_zero("5S 7S 5C 9C 4D 5D 4H 6H KH JS")
    view = game.view(0)
    bot = PimcBot(seed=3, worlds=4, making=4)
    assert bot.no_trick(view, FIVE_HUNDRED.bid("misere")) > 0.5
    assert bot.choose(view, view.legal) in (Action(0, "bid", "misere"), Action(0, "bid", "open-misere"))
