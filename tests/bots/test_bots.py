"""Bots: always legal, across variants; greedy's choices on hand-worked positions; greedy beats random."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hasenpfeffer.bots.greedy import ALONE_SURE, GreedyBot
from hasenpfeffer.bots.handeval import Evaluator, poisson_binomial
from hasenpfeffer.bots.montecarlo import MonteCarloBot
from hasenpfeffer.bots.registry import load_bot
from hasenpfeffer.bots.simple import RandomBot
from hasenpfeffer.engine.game import Game
from hasenpfeffer.engine.view import View
from hasenpfeffer.format.loader import builtin_names, load_variant
from hasenpfeffer.format.variant import (
    AllPass,
    Alone,
    Auction,
    Deal,
    Exchange,
    Failed,
    GameEnd,
    Kitty,
    Making,
    Pack,
    Points,
    Scoring,
    Variant,
)
from hasenpfeffer.rules.actions import Action
from hasenpfeffer.sim.simulate import play_game
from support.play import random_turn

EUCHRE = Variant(
    name="euchre-like",
    pack=Pack(jokers=0),
    deal=Deal(hand_size=5, kitty=Kitty(size=4, use="turn-up")),
    making=Making(method="order-up", all_pass=AllPass(rule="throw-in", redeal="next-dealer")),
    scoring=Scoring(
        made=Points(table={3: 1, 4: 1, 5: 2}),
        made_alone=Points(table={3: 1, 4: 1, 5: 4}),
        failed=Failed(fixed=2, to="opponents"),
    ),
)
CUTTHROAT = Variant(
    name="cutthroat-like",
    players=3,
    partnerships="none",
    pack=Pack(jokers=0),
    deal=Deal(hand_size=5, kitty=Kitty(size=9, use="turn-up")),
    making=Making(method="order-up"),
    alone=Alone(allowed="nobody", lone_defence=False),
    scoring=Scoring(made=Points(table={3: 1, 4: 1, 5: 3}), failed=Failed(fixed=2, to="opponents")),
)
NT_EXCHANGE = Variant(
    name="nt-exchange", making=Making(no_trump=True), alone=Alone(exchange=Exchange(cards=1))
)
SIX = Variant(
    name="six-handed",
    players=6,
    pack=Pack(copies=2, jokers=0),
    deal=Deal(hand_size="all", kitty=Kitty(size=0, use="unused")),
    making=Making(
        auction=Auction(ladder=(3, 4, 5, 6, 7, 8), style="one-round"),  # type: ignore[arg-type]
        all_pass=AllPass(forced="dealer", bid="3", failure_multiplier=0.5),
    ),
    alone=Alone(exchange=Exchange(cards=2, best=True)),
    game=GameEnd(target=30),
)
VARIANTS = {name: load_variant(name) for name in builtin_names()} | {
    "euchre-like": EUCHRE,
    "cutthroat-like": CUTTHROAT,
    "nt-exchange": NT_EXCHANGE,
    "six-handed": SIX,
}


def cards(text: str) -> list[str]:
    return text.split()


# ---------------------------------------------------------------------------- always legal


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 120))
def test_greedy_and_mc_choose_legal_actions_in_random_states(name: str, seed: int, steps: int) -> None:
    """Random play reaches a state; greedy, mc and random must each return one of the legal actions."""
    turn = random_turn(VARIANTS[name], seed, steps)
    if turn is None:
        return
    game, view = turn
    for bot in (GreedyBot(seed), MonteCarloBot(seed, samples=2), RandomBot(seed)):
        action = bot.choose(view, view.legal)
        assert action in game.legal_actions(), (name, str(action), view.legal)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_greedy_finishes_a_game_of_every_variant(name: str) -> None:
    game = play_game(VARIANTS[name], ["greedy"] * VARIANTS[name].players, seed=11, max_hands=200)
    assert game.is_over and game.winner is not None


# ---------------------------------------------------------------------------- hand-worked positions


def deal(hands: list[str], widow: str, dealer: int = 3) -> dict[str, object]:
    return {"dealer": dealer, "hands": [cards(h) for h in hands], "widow": cards(widow)}


PEPPER_DEAL = deal(
    ["JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"],
    "9C",
)


def test_greedy_bids_a_certain_hand_to_the_top_and_passes_a_weak_one() -> None:
    game = Game(VARIANTS["hasenpfeffer-pepper"], deal=PEPPER_DEAL)
    bot = GreedyBot(0)
    view = game.view(0)
    # Six sure tricks in hearts: the doubled six-trick bid pays most.
    assert bot.choose(view, view.legal) == Action(0, "bid", "big-pepper")
    # With per-trick scoring a bid of one costs nothing when set, so greedy bids it on any hand;
    # where the lowest bid is three and a set costs the bid, a hand of low cards passes.
    costly = Variant(
        name="costly",
        making=Making(auction=Auction(ladder=(3, 4, 5, 6))),  # type: ignore[arg-type]
        scoring=Scoring(failed=Failed(per_bid_trick=1)),
    )
    junk = deal(["9C TC 9D TD 9S QD", "JK JH JD AH KH QH", "AS KS QS JS TS AD", "AC KC QC JC TH 9H"], "KD")
    view = Game(VARIANTS["hasenpfeffer"], deal=junk).view(0)
    assert bot.choose(view, view.legal) == Action(0, "bid", "1")
    view = Game(costly, deal=junk).view(0)
    assert bot.choose(view, view.legal) == Action(0, "pass")


def hearts_game(actions: list[str]) -> Game:
    """Seat 0 holds the Joker and three hearts; the widow is the right bower."""
    hands = ["JK JD AH KH 9C TS", "AS KS QS JS 9S QC", "AD KD QD TD 9D TC", "AC KC JC TH 9H QH"]
    game = Game(VARIANTS["hasenpfeffer"], deal=deal(hands, "JH"))
    for a in actions:
        game.apply(a)
    return game


def test_greedy_names_its_long_suit_and_discards_its_weakest_card() -> None:
    game = hearts_game(["0 bid 4", "1 pass", "2 pass", "3 pass"])
    bot = GreedyBot(0)
    view = game.view(0)
    assert view.phase == "trump"
    assert bot.choose(view, view.legal).arg == "H"
    game.apply("0 trump H")
    view = game.view(0)
    # Clubs 9 and spades 10 are both worthless: the lower card goes first.
    assert bot.choose(view, view.legal) == Action(0, "discard", "9C")


def test_greedy_takes_cheaply_and_does_not_overtake_its_partner() -> None:
    game = hearts_game(["0 bid 4", "1 pass", "2 pass", "3 pass", "0 trump H", "0 discard 9C"])
    bot = GreedyBot(0)
    # Seat 0 leads (dealer 3's left); it holds the top trump and draws trumps.
    view = game.view(0)
    assert bot.choose(view, view.legal) == Action(0, "play", "JK")
    game.apply("0 play JK")
    view = game.view(1)
    assert bot.choose(view, view.legal).arg in {"9S", "QC"}  # no trump: throw the lowest card
    game.apply("1 play 9S")
    view = game.view(2)
    # Partner's Joker wins: seat 2 throws its one losing card (every diamond left is a winner).
    assert bot.choose(view, view.legal) == Action(2, "play", "TC")
    game.apply("2 play TC")
    view = game.view(3)
    # Must follow trump with TH, 9H or QH: the lowest loser.
    assert bot.choose(view, view.legal) == Action(3, "play", "9H")


def test_greedy_plays_the_cheapest_winning_card() -> None:
    game = hearts_game(["0 bid 4", "1 pass", "2 pass", "3 pass", "0 trump H", "0 discard 9C", "0 play TS"])
    view = game.view(1)
    # Spades led with the ten: the jack is the cheapest card that wins.
    assert GreedyBot(0).choose(view, view.legal) == Action(1, "play", "JS")


# ---------------------------------------------------------------------------- estimates and sampling


def test_hand_estimate_orders_hands_by_strength() -> None:
    ev = Evaluator(VARIANTS["hasenpfeffer"])
    r = ev.rules
    strong = [r.cid(c) for c in cards("JK JH JD AH KH QH")]
    weak = [r.cid(c) for c in cards("9C TC 9D TD 9S QD")]
    hearts = r.trump_id("H")
    assert hearts is not None
    mean = [
        sum(t * p for t, p in enumerate(ev.distribution(h, hearts, ev.unseen_after(h), 1, 6)))
        for h in (strong, weak)
    ]
    assert mean[0] > 5.0 > 2.0 > mean[1]
    assert abs(sum(poisson_binomial([0.3, 0.6, 0.9], 3)) - 1) < 1e-12


# ---------------------------------------------------------------------------- load_bot, strength


class EchoBot:
    """A user bot: always the first legal action."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: object, legal: list[Action]) -> Action:
        return legal[0]


def test_load_bot_accepts_builtin_names_and_module_paths() -> None:
    assert isinstance(load_bot("greedy", 1), GreedyBot)
    assert isinstance(load_bot("mc", 1), MonteCarloBot)
    assert isinstance(load_bot("hasenpfeffer.bots.simple:RandomBot", 1), RandomBot)
    assert type(load_bot(f"{__name__}:EchoBot", 3)).__name__ == "EchoBot"
    with pytest.raises(ValueError, match="unknown bot"):
        load_bot("clever")
    with pytest.raises(ValueError, match="no module"):
        load_bot("no_such_module:Bot")
    with pytest.raises(ValueError, match="has no 'Nope'"):
        load_bot("hasenpfeffer.bots.simple:Nope")


def test_greedy_beats_random_by_a_clear_margin() -> None:
    """Twenty deals played twice with the teams swapped: greedy must win at least 32 of 40."""
    variant = VARIANTS["hasenpfeffer-pepper"]
    wins = 0
    for index in range(20):
        for greedy_side in (0, 1):
            bots = ["greedy" if seat % 2 == greedy_side else "random" for seat in range(4)]
            game = play_game(variant, bots, seed=1000 + index, max_hands=300)
            wins += game.winner == greedy_side
    assert wins >= 32


# ---------------------------------------------------------------------------- lone choices


def _every_lone_worked_out(bot: GreedyBot, view: View) -> list[tuple[float, str]]:
    """Greedy's values of naming trump or ordering up, each lone choice's distribution worked
    out alone whatever the side with the partners would take (the plain way)."""
    ev = bot.evaluator(view)
    hand, unseen = [ev.ids[c] for c in view.hand], ev.unseen(view)
    v, r = view.variant, ev.rules
    need, mult = bot.contract(view)
    out = []
    for a in view.legal:
        if a.verb == "trump":
            ti = r.trump_id(a.arg)
            assert ti is not None
            kept, extra = ev.keep(hand, ti, unseen, v.tricks_per_hand), []
        elif a.verb == "order-up" and view.turned is not None:
            ti = r.suits.index(view.turned.suit)
            tid = ev.ids[view.turned]
            unseen = list(unseen)
            unseen[tid] = max(0, unseen[tid] - 1)
            kept = hand
            extra = ev.card_chances([tid], ti, unseen) if view.dealer in bot.friends(view) else []
            if view.dealer == view.seat:
                kept = ev.keep([*hand, tid], ti, unseen, v.tricks_per_hand)
                extra = []
        else:
            continue
        partners = 0 if a.alone else bot.partners(view)
        dist = ev.distribution(kept, ti, unseen, partners, v.hand_size, extra=[] if a.alone else extra)
        if a.alone and sum(dist[need:]) < ALONE_SURE:
            out.append((-1e9, str(a)))
        else:
            out.append((ev.contract_ev(dist, need, mult, alone=a.alone), str(a)))
    return out


@pytest.mark.parametrize("name", ["euchre", "hasenpfeffer", "hasenpfeffer-pepper"])
def test_greedy_lone_choices_are_those_of_working_every_one_out(name: str) -> None:
    """A lone choice is not worked out alone when the side with its partners falls short of
    sure; the choices and values are those of working every one out."""
    variant, checked, lone = VARIANTS[name], 0, 0
    for seed in range(120):
        game, bot = Game(variant, seed=seed), GreedyBot(seed)
        while not game.is_over and game.phase != "play":
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            verbs = {a.verb for a in view.legal}
            if verbs & {"trump", "order-up"} and any(a.alone for a in view.legal):
                plain = _every_lone_worked_out(bot, view)
                if "trump" in verbs:
                    assert [(x, str(a)) for x, a in bot.trump_ranking(view, view.legal)] == sorted(
                        plain, key=lambda p: -p[0]
                    )
                best = sorted(plain, key=lambda p: -p[0])[0]  # the first of the best, in legal order
                passes = [str(a) for a in view.legal if a.verb == "pass"]
                expected = passes[0] if passes and best[0] <= 0 else best[1]
                assert str(bot.choose(view, view.legal)) == expected, (seed, plain)
                checked += 1
                lone += any(x > -1e9 and "alone" in a for x, a in plain)
            game.apply(bot.choose(view, view.legal))
    assert checked > 50 and lone > 0, (checked, lone)
