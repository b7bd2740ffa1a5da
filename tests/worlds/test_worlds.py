"""Worlds built from one seat's view: they show that seat exactly what it saw, they are found
whenever one exists, they spread the unseen cards, and the real deal rebuilds the real game.

Random games of every built-in variant and of random variants (tests/support/random_variants.py) are
played with random legal actions; at every step a random seat's view is taken, worlds are
sampled from it and checked against the real game.

Longer hunts: ``HASENPFEFFER_RANDOM_WORLDS=3000 python -m pytest tests/worlds/test_worlds.py``.
"""

from __future__ import annotations

import dataclasses
import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer import house_rule
from hasenpfeffer.engine.events import CardsGiven, HandDealt
from hasenpfeffer.engine.game import Game, actual_deal, actual_state, swap_cards
from hasenpfeffer.engine.view import View
from hasenpfeffer.format.loader import builtin_names, load_variant, load_variant_data
from hasenpfeffer.format.variant import Alone, Exchange, Variant
from hasenpfeffer.rules.ruleset import compile_variant
from hasenpfeffer.worlds import Dealt, Worlds, advance, sample_world, world
from hasenpfeffer.worlds.knowledge import Knowledge
from support.paths import HOUSE_RULES as HOUSE
from support.play import play_random
from support.random_variants import engine_variants, loaded

EXAMPLES = int(os.environ.get("HASENPFEFFER_RANDOM_WORLDS", "100"))


def seen(view: View) -> dict[str, Any]:
    """Everything a view shows but the scores and the game's deals so far (a world's game starts
    at nought, in its first deal)."""
    return {
        f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name not in ("scores", "deal")
    }


def hand_events(game: Game) -> list[Any]:
    """The current hand's events after its deal."""
    start = max(i for i, e in enumerate(game.events) if isinstance(e, HandDealt))
    return game.events[start + 1 :]


def check_game(game: Game, rng: random.Random, hands: int = 2, samples: int = 2) -> tuple[int, int]:
    """Play randomly, checking worlds at every step; (worlds drawn, worlds unlike the real deal)."""
    drawn = unlike = 0

    def check(game: Game) -> None:
        nonlocal drawn, unlike
        seat = rng.randrange(game.variant.players)
        view = game.view(seat)
        real = world(view, actual_deal(game))
        for part in ("hands", "trick", "tricks", "kitty"):
            assert getattr(actual_state(real), part) == getattr(actual_state(game), part)
        assert hand_events(real) == hand_events(game)
        worlds = Worlds(view)
        for _ in range(samples):
            w = worlds.sample(rng)
            assert w is not None, (game.variant.name, seat, [str(a) for a in view.history])
            assert seen(w.view(seat)) == seen(view)  # the legal actions too, when the seat is to move
            drawn += 1
            unlike += actual_state(w).hands != actual_state(game).hands
        received = [
            c for e in hand_events(game) if isinstance(e, CardsGiven) and e.to == seat for c in e.cards
        ]
        if received:  # told what came to it, the seat's hand as dealt is its own in every world
            w = Worlds(view, received=received).sample(rng)
            assert w is not None, (game.variant.name, seat, [str(a) for a in view.history])
            assert seen(w.view(seat)) == seen(view)
            assert actual_deal(w).hands[seat] == actual_deal(game).hands[seat]

    play_random(game, rng, hands=hands, before=check)
    return drawn, unlike


@pytest.mark.parametrize("name", builtin_names())
def test_worlds_of_every_built_in_variant(name: str) -> None:
    variant = load_variant(name)
    drawn = unlike = 0
    for seed in range(3):
        d, u = check_game(Game(variant, seed=seed), random.Random(seed))
        drawn, unlike = drawn + d, unlike + u
    assert drawn > 50
    assert unlike > drawn / 2  # the unseen cards are spread, not the real deal again


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(data=engine_variants(), seed=st.integers(0, 2**32 - 1))
def test_worlds_of_random_variants(data: dict[str, Any], seed: int) -> None:
    variant = loaded(data)
    check_game(Game(variant, seed=seed), random.Random(seed), hands=2, samples=1)


def play(game: Game, actions: list[str]) -> Game:
    for a in actions:
        game.apply(a)
    return game


def deal(hands: list[str], widow: str, dealer: int = 3) -> dict[str, Any]:
    return {"dealer": dealer, "hands": [h.split() for h in hands], "widow": widow.split()}


def test_a_forced_joker_holder_holds_the_joker_and_nobody_before_it_held_one() -> None:
    hands = ["JD AH KH 9C TS 9D", "AS KS QS JS 9S QC", "JK KD QD TD AD TC", "AC KC JC TH 9H QH"]
    game = play(
        Game(load_variant("hasenpfeffer"), deal=deal(hands, "JH")),
        ["0 pass", "1 pass", "2 pass", "3 pass", "2 trump D", "2 discard TC"],
    )
    view = game.view(0)
    worlds = Worlds(view)
    for i in range(30):
        dealt = worlds.deal(random.Random(i))
        assert dealt is not None
        assert "JK" in dealt.hands[2] and "JK" not in dealt.hands[1]


def test_the_dealer_who_took_the_turned_card_holds_it_or_laid_it_away() -> None:
    game = Game(load_variant("euchre"), seed=4)
    turned = game.view(0).turned
    assert turned is not None
    dealer = game.dealer
    while game.phase == "order-up":  # pass round to the dealer, who orders up
        seat = game.to_move
        game.apply(f"{seat} order-up" if seat == dealer else f"{seat} pass")
    game.apply(game.legal_actions()[0])  # the dealer's discard
    other = (dealer + 1) % 4
    view = game.view(other)
    places = set()
    rng = random.Random(1)
    for _ in range(60):
        w = sample_world(view, rng)
        assert w is not None
        dealt = actual_deal(w)
        if str(turned) in [w.rules.names[c] for c in actual_state(w).hands[dealer]]:
            places.add("hand")
        else:
            assert dealt.set_aside == (str(turned),)
            places.add("discard")
        assert all(
            str(turned) not in [w.rules.names[c] for c in actual_state(w).hands[s]]
            for s in range(4)
            if s != dealer
        )
    assert "hand" in places


def test_shown_voids_are_kept_in_every_world() -> None:
    variant = load_variant("euchre")
    rules = compile_variant(variant)
    rng = random.Random(3)
    checked = 0

    def check(game: Game) -> None:
        nonlocal checked
        view = game.view(0)
        if view.trump is None or not view.tricks:
            return
        assert rules.trump_id(view.trump) is not None
        for trick in view.tricks:
            led = rules.effective_suit(trick.cards[0][1], view.trump)
            for seat, card in trick.cards[1:]:
                if rules.effective_suit(card, view.trump) != led:
                    w = sample_world(view, rng)
                    assert w is not None
                    held = [rules.effective_suit(c, view.trump) for c in actual_state(w).hands[seat]]
                    assert led not in held
                    checked += 1

    for seed in range(40):
        play_random(Game(variant, seed=seed), rng, hands=1, before=check)
    assert checked > 20


BEST = Variant(name="best-exchange", alone=Alone(exchange=Exchange(cards=1, best=True)))


def test_a_partner_who_gives_its_best_kept_nothing_higher() -> None:
    hands = ["JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"]
    game = play(
        Game(BEST, deal=deal(hands, "9C")),
        ["0 bid 6", "0 trump H alone", "0 discard 9C", "2 give AD", "0 give QH"],
    )
    rules = game.rules
    ti = rules.trump_id("H")
    assert ti is not None
    power = rules.power[ti]
    for seat in (1, 3):  # a defender sees neither card of the exchange
        view = game.view(seat)
        assert [a.arg for a in view.history if a.verb == "give"] == ["", ""]
        rng = random.Random(seat)
        for _ in range(20):
            w = sample_world(view, rng)
            assert w is not None
            dealt = actual_deal(w)
            given = rules.card_id[dealt.set_aside[1]]
            kept = [c for c in actual_state(w).hands[2] if rules.names[c] != dealt.set_aside[2]]
            assert all(power[c] <= power[given] for c in kept)


def test_the_cards_a_seat_saw_come_are_the_gifts_of_every_world() -> None:
    hands = ["JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"]
    game = play(
        Game(BEST, deal=deal(hands, "9C")),
        ["0 bid 6", "0 trump H alone", "0 discard 9C", "2 give AD", "0 give QH"],
    )
    power = game.rules.power[game.rules.trump_names.index("H")]
    ids = game.rules.card_id
    for seat, came in ((0, "AD"), (2, "QH")):
        view = game.view(seat)
        assert [a.arg for a in view.history if a.verb == "give" and a.seat != seat] == [""]
        worlds, rng = Worlds(view, received=[came]), random.Random(seat)
        for _ in range(20):
            w = worlds.sample(rng)
            assert w is not None
            dealt = actual_deal(w)
            assert dealt.set_aside[1:] == ("AD", "QH") and sorted(dealt.hands[seat]) == sorted(
                hands[seat].split()
            )
            if seat == 0:  # the partner gave its best: it kept nothing above the ace of diamonds
                assert all(power[c] <= power[ids["AD"]] for c in actual_state(w).hands[2] if c != ids["QH"])


def test_a_deal_that_does_not_fit_is_refused() -> None:
    game = Game(load_variant("hasenpfeffer"), seed=2)
    view = game.view(0)
    real = actual_deal(game)
    other = Dealt(real.dealer, (real.hands[1], real.hands[0], *real.hands[2:]), real.kitty)
    with pytest.raises(ValueError, match="does not give seat 0"):
        world(view, other)


def dealt_state(game: Game) -> list[Any]:
    """A game's state but for its generator: what its deal and history made of it."""
    return [part for part in game.snapshot() if part[0] not in ("seed", "key")]


def check_follow(game: Game, rng: random.Random, hands: int = 2) -> tuple[int, int]:
    """Play randomly; at each step move a world of a few actions ago on to a seat's view now
    (:meth:`Worlds.follow`): when it is moved, it shows the seat exactly what it saw.
    (Worlds asked to follow, worlds moved on.)"""
    asked = moved = finished = 0
    earlier: list[tuple[int, Game]] = []  # (seat, a world of that seat's view then)

    def check(game: Game) -> None:
        nonlocal asked, moved, earlier, finished
        if len(game.hand_results) != finished:  # a new hand: old worlds are of another deal
            earlier, finished = [], len(game.hand_results)
        seat = rng.randrange(game.variant.players)
        view = game.view(seat)
        worlds = Worlds(view)
        for old_seat, old in earlier:
            if old_seat != seat:
                continue
            asked += 1
            found = worlds.follow(old, 1.0, rng)
            if found is not None:
                w, weight = found
                assert weight == 1.0
                assert seen(w.view(seat)) == seen(view), (game.variant.name, [str(a) for a in view.history])
                moved += 1
            ahead = old.copy()
            _, stuck = advance(ahead, view.history[len(old.view(seat).history) :])
            if stuck is not None:  # moved on as far as it goes, then followed from where it stopped
                before = ahead.snapshot()
                found = worlds.follow(ahead, 1.0, rng, stuck)
                assert ahead.snapshot() == before  # the world followed is left as it was
                if found is not None:
                    assert seen(found[0].view(seat)) == seen(view)
                    # moved on in place or replayed, it is the game the history makes of its deal
                    again = world(view, actual_deal(found[0]))
                    assert dealt_state(again) == dealt_state(found[0])
        w = worlds.sample(rng)
        assert w is not None
        earlier = [*earlier[-3:], (seat, w)]

    play_random(game, rng, hands=hands, before=check)
    return asked, moved


@pytest.mark.parametrize("name", builtin_names())
def test_worlds_followed_to_a_later_view_show_the_seat_what_it_saw(name: str) -> None:
    asked = moved = 0
    for seed in range(3):
        a, m = check_follow(Game(load_variant(name), seed=seed), random.Random(seed))
        asked, moved = asked + a, moved + m
    assert asked > 20
    assert moved > asked / 4  # most worlds are moved on, not drawn again


@settings(
    max_examples=max(EXAMPLES // 2, 10),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(data=engine_variants(), seed=st.integers(0, 2**32 - 1))
def test_worlds_followed_in_random_variants_show_the_seat_what_it_saw(
    data: dict[str, Any], seed: int
) -> None:
    check_follow(Game(loaded(data), seed=seed), random.Random(seed), hands=1)


def test_a_world_whose_card_played_was_elsewhere_takes_it_from_there() -> None:
    # Seat 1 leads the 9C: in a world where seat 3 was given it, the two swap a card.
    hands = ["TC TD TH KH KS", "9C AC AD JS QS", "9H JC KC JD TS", "QC 9D JH 9S AS"]
    game = Game(load_variant("euchre"), deal=deal(hands, "QD QH AH KD", dealer=0))
    play(game, ["1 order-up", "0 discard TC"])
    view = game.view(2)
    rng = random.Random(5)
    worlds = Worlds(view)
    old = next(
        w
        for w in iter(lambda: worlds.sample(rng), None)
        if "9C" in [str(w.rules.faces[c]) for c in actual_state(w).hands[3]]
    )
    game.apply("1 play 9C")
    found = Worlds(game.view(2)).follow(old, 1.0, rng)
    assert found is not None
    new = found[0]
    faces = new.rules.faces
    before = {s: {str(faces[c]) for c in actual_state(old).hands[s]} for s in (1, 3)}
    after = {s: {str(faces[c]) for c in actual_state(new).hands[s]} for s in (1, 3)}
    assert actual_state(new).trick == [(1, new.rules.card_id["9C"])]
    moved = before[1] - after[1] - {"9C"}
    assert len(moved) == 1 and after[3] == before[3] - {"9C"} | moved  # one card swapped for the 9C


def test_swapped_cards_are_as_if_dealt_so() -> None:
    # The dealer took the QD and laid the TC away; the TC and seat 2's 9H, then seat 1's AD and
    # the kitty's KD, swap places: the game is the one the same history makes of that deal.
    hands = ["TC TD TH KH KS", "9C AC AD JS QS", "9H JC KC JD TS", "QC 9D JH 9S AS"]
    game = play(Game(load_variant("euchre"), deal=deal(hands, "QD QH AH KD", dealer=0)), ["1 order-up"])
    play(game, ["0 discard TC", "1 play 9C"])
    seen_before = game.view(0)
    swap_cards(game, "TC", "9H")
    swap_cards(game, "KD", "AD")
    names = game.rules.names
    assert sorted(names[c] for c in actual_state(game).hands[2]) == ["JC", "JD", "KC", "TC", "TS"]
    assert sorted(names[c] for c in actual_state(game).hands[1]) == ["AC", "JS", "KD", "QS"]
    assert [names[c] for c in actual_state(game).kitty] == ["QH", "AH", "AD"]
    assert [str(a) for a in game.view(0).history] == ["1 order-up", "0 discard 9H", "1 play 9C"]
    assert [str(a) for a in seen_before.history] == ["1 order-up", "0 discard TC", "1 play 9C"]
    dealt = actual_deal(game)
    assert sorted(dealt.hands[0]) == ["9H", "KH", "KS", "TD", "TH"]
    assert dealt.kitty == ("QD", "QH", "AH", "AD")
    history = ["1 order-up", "0 discard 9H", "1 play 9C"]
    again = play(Game(load_variant("euchre"), deal=dealt.mapping()), history)
    assert dealt_state(again) == dealt_state(game)
    for card in ("QD", "9C", "XX"):  # turned and taken, played, no such card
        with pytest.raises(ValueError):
            swap_cards(game, card, "JC")
    assert dealt_state(again) == dealt_state(game)  # refused swaps change nothing


def test_a_weighed_history_makes_worlds_it_finds_unlikely_rare() -> None:
    # Seat 1 passed the turned card: worlds where it holds the AS are weighed 1 in 50.
    game = Game(load_variant("euchre"), seed=8)
    play(game, [f"{game.to_move} pass"])
    passer = (game.dealer + 1) % 4
    view = game.view((passer + 1) % 4)
    assert "AS" not in [str(c) for c in view.hand] and str(view.turned) != "AS"

    def weigh(g: Game, a: Any) -> float:
        holds = "AS" in [str(g.rules.faces[c]) for c in actual_state(g).hands[a.seat]]
        return 0.02 if a.seat == passer and a.verb == "pass" and holds else 1.0

    def share(worlds: Worlds) -> float:
        rng = random.Random(2)
        got = [worlds.sample(rng) for _ in range(300)]
        return sum(
            "AS" in [str(w.rules.faces[c]) for c in actual_state(w).hands[passer]] for w in got if w
        ) / len(got)

    assert share(Worlds(view)) > 0.2
    assert share(Worlds(view, weigh=weigh)) < 0.05
    never = Worlds(view, weigh=lambda g, a: 0.0, tries=3)  # none kept: the likeliest drawn
    assert never.sample(random.Random(1)) is not None
    # Not turned down: the worlds come as often as unweighed, each with its weight to count by.
    rng = random.Random(2)
    found = [Worlds(view, weigh=weigh, reject=False).sample_weighed(rng) for _ in range(300)]
    holding = [
        w
        for g, w in filter(None, found)
        if "AS" in [str(g.rules.faces[c]) for c in actual_state(g).hands[passer]]
    ]
    assert len(holding) > 0.2 * len(found)
    assert set(holding) == {0.02}


SEEN_WIDOW = {
    "name": "seen-widow",
    "players": 2,
    "partnerships": "none",
    "pack": {"suits": ["C", "D"], "ranks": ["2", "3", "4", "5", "6"], "copies": 1, "jokers": 0},
    "ranking": {"bowers": False},
    "deal": {"hand_size": "all", "kitty": {"size": 8, "use": "widow"}, "dealer_rotation": "left"},
    "making": {
        "method": "auction",
        "no_trump": False,
        "all_pass": {"rule": "throw-in", "forced": "dealer", "bid": "b0-1", "redeal": "same-dealer"},
        "auction": {"ladder": [{"name": "b0-1", "tricks": 1}], "style": "until-passes"},
    },
    "alone": {"allowed": "nobody"},
    "scoring": {"made": {"per_trick": 1}, "failed": {"to": "makers"}},
    "game": {"target": 1},
}
"""A random variant's example: one card each and a widow of eight, which the high bidder sees."""


def test_a_world_drawn_before_the_widow_was_seen_is_not_moved_on_to_another_widow() -> None:
    """The high bidder sees the widow: a world drawn before that holds a guess of it, and moved
    on it must show the widow the seat saw (the cards and their order), or not be moved."""
    asked, _ = check_follow(Game(Variant.model_validate(SEEN_WIDOW), seed=1), random.Random(1))
    assert asked > 0


def test_a_world_drawn_before_the_makers_dummy_was_seen_is_not_moved_on_to_another() -> None:
    """A dummy played by the maker from its seat is seen by the maker once trump is made: a
    world the maker drew before holds a guess of it, and moved on it must show the dummy the
    maker sees, or not be moved."""
    v = house_rule(str(HOUSE / "three-handed-euchre-dummy.yaml"), {"deal.dummies.play": "seat"})
    rng = random.Random(2)
    followed = 0
    for seed in range(6):
        game = Game(v, seed=seed)
        seat = game.to_move
        assert seat is not None
        old = [w for w in (Worlds(game.view(seat)).sample(rng) for _ in range(4)) if w is not None]
        game.apply(f"{seat} order-up")
        view = game.view(seat)
        assert view.seen and view.seen[0][0] == 3  # the maker sees its dummy now
        for w in old:
            found = Worlds(view).follow(w, 1.0, rng)
            followed += 1
            assert found is None or found[0].view(seat).seen == view.seen
    assert followed == 24


def test_a_shed_prior_draws_the_unseen_discards_as_low_cards() -> None:
    # Seat 0 ordered the turned card up; the dealer laid a card away that seat 0 did not see.
    # Drawn alike, the discard is a trump about as often as trumps are among the unseen cards
    # (the turned card itself among them); with a prior that trumps are hardly ever laid away,
    # almost never.
    game = Game(load_variant("euchre"), seed=0)
    game.apply(f"{game.to_move} order-up")
    game.apply(game.legal_actions()[-1])
    me = (game.dealer + 1) % 4
    view = game.view(me)
    rules, ti = game.rules, actual_state(game).trump_i
    assert ti is not None

    def trump_discards(shed: Any) -> int:
        worlds = Worlds(view, shed=shed)
        found = 0
        for i in range(100):
            w = worlds.sample(random.Random(i))
            assert w is not None and seen(w.view(me)) == seen(view)
            found += rules.eff[ti][rules.card_id[actual_deal(w).set_aside[0]]] == ti
        return found

    assert trump_discards(None) >= 20
    assert trump_discards(lambda seat, card: 0.01 if rules.eff[ti][card] == ti else 1.0) <= 5


EIGHT_BEST = {
    "name": "eight",
    "players": 8,
    "partnerships": "alternate",
    "pack": {
        "suits": ["C", "D", "H", "S"],
        "ranks": ["2", "J", "3", "4", "5", "6", "7", "8", "9"],
        "copies": 2,
        "jokers": 1,
    },
    "deal": {"hand_size": "all", "kitty": {"size": 1, "use": "turn-up"}},
    "making": {
        "method": "order-up",
        "all_pass": {"rule": "throw-in", "forced": "dealer"},
        "order_up": {"rounds": 1, "tricks_required": 1},
    },
    "alone": {"allowed": "maker", "exchange": {"cards": 2, "best": True}},
    "game": {"target": 1},
}
"""Eight players, three partners who each give a lone player their best two cards: a view of
the exchange fits about one draw in twenty (found by the random-variant test above)."""


def test_worlds_of_a_crowded_exchange_of_best_cards() -> None:
    variant = load_variant_data(EIGHT_BEST)
    game = Game(variant, seed=0, dealer=6)
    for a in ["7 pass", "0 pass", "1 order-up alone"]:
        game.apply(a)
    while game.to_move != 1 or game.legal_actions()[0].verb != "give":
        game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])  # the lone player's first card back
    view = game.view(6)
    worlds = Worlds(view)
    for i in range(20):
        w = worlds.sample(random.Random(i))
        assert w is not None
        assert seen(w.view(6)) == seen(view)


def contract_game(name: str, bid: str, seed: int) -> Game:
    """A game of ``name`` in which the first seat to speak bids ``bid`` and the others pass;
    the maker lays away the first cards it may."""
    game = Game(load_variant(name), seed=seed)
    game.apply(f"{game.to_move} bid {bid}")
    while game.phase != "play":
        legal = game.legal_actions()
        game.apply(next((a for a in legal if a.verb == "pass"), legal[0]))
    return game


def test_an_open_hand_is_known_in_every_world() -> None:
    """Five Hundred, open misère: after the first trick the maker's hand lies open, and every
    world gives the maker those cards; its partner, who sits out, holds hidden cards."""
    rng = random.Random(4)
    game = contract_game("five-hundred", "open-misere", seed=4)
    maker = game.view().maker
    assert maker is not None and actual_state(game).out[(maker + 2) % 4]
    checked = 0
    while game.phase == "play":
        for seat in range(4):
            view = game.view(seat)
            if view.shown is None or seat == maker:
                continue
            worlds = Worlds(view)
            for _ in range(3):
                w = worlds.sample(rng)
                assert w is not None and seen(w.view(seat)) == seen(view)
                assert actual_state(w).hands[maker] == actual_state(game).hands[maker]
                checked += 1
        game.apply(rng.choice(game.legal_actions()))
    assert checked > 30


def test_a_seat_that_did_not_follow_the_suit_named_lacks_it() -> None:
    """Five Hundred at no-trump: the maker leads the Joker and names a suit; a seat that
    played another suit to it holds none of that suit in any world."""
    rng = random.Random(1)
    for seed in range(200):
        game = contract_game("five-hundred", "6NT", seed=seed)
        maker = game.view().maker
        assert maker is not None
        if game.rules.joker not in actual_state(game).hands[maker]:
            continue
        game.apply(f"{maker} play JK")
        suits = game.rules.suits
        # the suit some defender lacks, else any: name it
        lacking = [
            s
            for s in suits
            if any(
                not [c for c in actual_state(game).hands[q] if game.rules.faces[c].suit == s]
                for q in range(4)
                if q != maker
            )
        ]
        if not lacking:
            continue
        named = lacking[0]
        game.apply(f"{maker} suit {named}")
        for _ in range(3):
            game.apply(game.legal_actions()[0])
        void = [q for q, c in actual_state(game).tricks[-1][1][1:] if game.rules.faces[c].suit != named]
        assert void
        view = game.view(maker)
        known = Knowledge(view)
        assert all(suits.index(named) in known.voids[q] for q in void)
        for _ in range(10):
            w = sample_world(view, rng)
            assert w is not None and seen(w.view(maker)) == seen(view)
            for q in void:
                assert named not in [w.rules.faces[c].suit for c in actual_state(w).hands[q]]
        return
    raise AssertionError("no deal found")


def test_a_turned_card_the_dealer_kept_and_gave_the_lone_player_who_gave_it_on() -> None:
    """One-card hands, six players: the dealer (0), who may not lay the turned card away, keeps
    it and gives it to its partner going alone (2), who gives it on unseen to the other partner
    (4). Seen from the other side, a world puts it in one of their hands (the lone player may have
    kept it), never among the dealer's discards."""
    v = load_variant_data(
        {
            "name": "x",
            "extends": "euchre",
            "players": 6,
            "pack": {"suits": ["C"], "ranks": ["2", "3", "4", "5", "6", "7", "8", "9"], "jokers": 0},
            "ranking": {"bowers": False},
            "deal": {"hand_size": 1, "packets": None, "kitty": {"size": 2}},
            "making": {"order_up": {"rounds": 1, "dealer_keeps_turned": True, "tricks_required": 1}},
            "alone": {"exchange": {"cards": 1}},
            "leads": {"alone": "unchanged"},  # the dealer's left leads, then the lone player
            "replace": ["scoring.made"],
            "scoring": {"made": {"per_trick": 1}, "made_alone": None},
        }
    )
    game = Game(v, deal=deal(["2C", "3C", "4C", "5C", "6C", "7C"], "8C 9C", dealer=0))
    turned = game.rules.card_id["8C"]
    play(
        game,
        ["1 pass", "2 order-up alone", "0 discard 2C", "4 give 6C", "0 give 8C", "2 give 8C", "2 give 4C"],
    )
    assert actual_state(game).hands[4] == [turned]  # the dealer's turned card went on to seat 4
    play(game, ["1 play 3C", "2 play 6C"])  # the lone player's last card is seen
    rng = random.Random(1)
    for seat in (3, 5):
        for _ in range(5):
            w = Worlds(game.view(seat)).sample(rng)
            assert w is not None
            held = actual_state(w).hands
            assert turned in [*held[0], *held[4]]  # given on by the lone player: not laid away
