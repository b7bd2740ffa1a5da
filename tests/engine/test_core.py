"""The engine's core: the public event history, copies, integer actions, and one rules API."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hasenpfeffer import Action, Game, View
from hasenpfeffer.engine import events as ev
from hasenpfeffer.engine.machine import phase_spec
from hasenpfeffer.engine.phases import Phase
from hasenpfeffer.engine.state import State
from hasenpfeffer.engine.transcript import record, split
from hasenpfeffer.format.loader import builtin_names, load_variant
from hasenpfeffer.records import replay
from hasenpfeffer.rules.actions import Verb
from hasenpfeffer.rules.ruleset import compile_variant
from support.play import play_random

BUILTINS = builtin_names()
HANDS = 12
"""Random play may never win a game: tests stop after this many hands."""


def random_game(name: str, seed: int, steps: int | None = None) -> Game:
    game = Game(load_variant(name), seed=seed)
    play_random(game, random.Random(seed), hands=HANDS, steps=steps)
    return game


@pytest.mark.parametrize("name", BUILTINS)
def test_apply_returns_the_events_it_appends_and_action_events_are_the_actions(name: str) -> None:
    game = Game(load_variant(name), seed=1)
    # the deal, and a turned card that made trump at once (dirty clubs): no decision yet
    assert type(game.events[0]) is ev.HandDealt
    assert [type(e) for e in game.events[1:]] in ([], [ev.TrumpTurned])
    sizes: list[int] = []  # how many events there were before each action

    def check(game: Game, action: Action, new: list[ev.Event]) -> None:
        assert new == game.events[sizes[-1] :]
        decisions = [e for e in new if e.action is not None]
        assert [e.action for e in decisions] == [action]
        assert isinstance(decisions[0], ev.ACTION_EVENTS)

    play_random(
        game, random.Random(1), hands=HANDS, before=lambda g: sizes.append(len(g.events)), after=check
    )
    if game.is_over:
        assert type(game.events[-1]) is ev.GameWon and game.events[-1].side == game.winner


@pytest.mark.parametrize("name", BUILTINS)
def test_events_tell_the_whole_game(name: str) -> None:
    game = random_game(name, seed=2)
    hands = split(game.events)
    results = [e.result for e in game.events if type(e) is ev.HandScored]
    assert results == game.hand_results and len(hands) == len(results) + (not game.is_over)
    for hand, result in zip(hands, results, strict=False):
        dealt = hand[0]
        assert type(dealt) is ev.HandDealt and dealt.dealer == result.dealer
        won = [e for e in hand if type(e) is ev.TrickWon]
        played = [e for e in hand if type(e) is ev.CardPlayed]
        if result.thrown_in:
            assert not won and not played
            continue
        assert sum(result.tricks) == len(won)
        assert [(e.seat, e.card) for e in played] == [c for t in won for c in t.cards]
        for trick in won:
            assert (trick.winner, trick.card) in trick.cards and trick.reason


def test_a_trick_says_why_it_was_won() -> None:
    deal = {
        "dealer": 3,
        "widow": ["9C"],
        "hands": ["JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"],
    }
    game = Game(load_variant("hasenpfeffer"), deal=deal)
    for a in ["0 bid 4", "1 pass", "2 pass", "3 pass", "0 trump H", "0 discard 9C"]:
        game.apply(a)
    reasons = []
    for a in ["0 play JK", "1 play 9S", "2 play 9D", "3 play 9H", "0 play JD", "1 play TS", "2 play TD"]:
        reasons += [(e.winner, e.card, e.reason) for e in game.apply(a) if type(e) is ev.TrickWon]
    reasons += [(e.winner, e.card, e.reason) for e in game.apply("3 play TH") if type(e) is ev.TrickWon]
    assert reasons == [(0, "JK", "Joker"), (0, "JD", "left bower")]


@pytest.mark.parametrize("name", BUILTINS)
def test_the_record_is_the_events_written_out(name: str) -> None:
    game = random_game(name, seed=3, steps=60)
    assert game.record() == record(game.variant, game.seed, game.events)
    again = replay(game.record())
    assert again.events == game.events


def test_others_discards_stay_hidden_in_a_view() -> None:
    game = Game(load_variant("hasenpfeffer"), seed=4)
    play_random(game, random.Random(4), until=lambda g: g.phase == Phase.PLAY)
    assert game.phase == Phase.PLAY
    maker = game.view().maker
    assert maker is not None
    other = (maker + 1) % 4
    mine = [a for a in game.view(maker).history if a.verb == Verb.DISCARD]
    theirs = [a for a in game.view(other).history if a.verb == Verb.DISCARD]
    assert all(a.arg for a in mine) and theirs and not any(a.arg for a in theirs)


def test_a_copy_sets_every_slot_and_shares_no_list() -> None:
    game = random_game("railroad-euchre", seed=5, steps=12)
    original = game.snapshot()
    twin = game.copy()
    assert twin.snapshot() == original
    play_random(twin, random.Random(0), hands=HANDS)
    assert game.snapshot() == original
    state = State.__new__(State)
    assert set(State.__slots__) == {line.split(".")[1].split(" ")[0] for line in _copy_lines()}
    del state


def _copy_lines() -> list[str]:
    import inspect

    source = inspect.getsource(State.copy)
    return [line.strip() for line in source.splitlines() if line.strip().startswith("new.")]


@pytest.mark.parametrize("name", BUILTINS)
def test_integer_actions_play_the_same_game(name: str) -> None:
    by_text = Game(load_variant(name), seed=6)
    by_id = Game(load_variant(name), seed=6)
    rng = random.Random(6)
    space = by_id.action_space
    while not by_text.is_over and len(by_text.hand_results) < HANDS:
        ids = by_id.legal_action_ids()
        assert ids == [space.encode(a) for a in by_text.legal_actions()]
        mask = by_id.legal_action_mask()
        assert [i for i, m in enumerate(mask) if m] == sorted(ids)
        k = rng.randrange(len(ids))
        assert by_id.apply_id(ids[k]) == by_text.apply(by_text.legal_actions()[k])
    assert by_id.snapshot() == by_text.snapshot()


def test_phases_and_verbs_are_one_vocabulary() -> None:
    for name in BUILTINS:
        states, _ = phase_spec(load_variant(name))
        assert all(Phase(state) == state for state in states)
    assert [str(v) for v in Verb] == [
        "pass",
        "bid",
        "order-up",
        "trump",
        "discard",
        "give",
        "alone",
        "play",
        "suit",
        "redeal",
        "swap",
        "declare",
        "drop",
        "call",
    ]


def test_a_variant_is_compiled_once() -> None:
    a = load_variant("euchre")
    b = a.model_copy()
    assert a == b and hash(a) == hash(b) and a is not b
    assert compile_variant(a) is compile_variant(b)
    assert a != a.model_copy(update={"name": "other"})


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(BUILTINS), st.integers(0, 2**32))
def test_refused_ids_change_nothing(name: str, seed: int) -> None:
    game = random_game(name, seed=seed, steps=seed % 40)
    if game.is_over:
        return
    before = game.snapshot()
    legal = set(game.legal_action_ids())
    for i in range(game.action_space.size + 2):
        if i not in legal:
            with pytest.raises(ValueError):
                game.apply_id(i)
    assert game.snapshot() == before


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(BUILTINS), st.integers(0, 2**32))
def test_a_view_gives_its_cards_as_ids_of_the_compiled_faces(name: str, seed: int) -> None:
    """A game's views (built lazily) and a plain :class:`View` of the same fields give the same
    ids, and the ids are the places of the cards in the ruleset's faces."""
    rng = random.Random(seed)
    game = Game(load_variant(name), seed=seed)
    faces = compile_variant(game.variant).faces

    def check(game: Game) -> None:
        view = game.view(rng.randrange(game.variant.players))
        plain = View(**{f: getattr(view, f) for f in View.__dataclass_fields__})
        assert view.hand_ids == plain.hand_ids
        assert tuple(faces[c] for c in view.hand_ids) == view.hand
        assert view.trick_ids == plain.trick_ids
        assert tuple((s, faces[c]) for s, c in view.trick_ids) == view.trick
        assert view.set_aside == plain.set_aside

    play_random(game, rng, hands=HANDS, steps=60, before=check)
