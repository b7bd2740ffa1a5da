"""Random play for tests: games driven by random legal actions to where a test checks them.

:func:`play_random` is the one loop; a test passes its checks as ``before`` (the state about to
be acted in) and ``after`` (the action and the events it made), or makes them once play stops.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from hasenpfeffer import Action, Game, IllegalActionError, LegalActions, Variant, View
from hasenpfeffer.engine.game import actual_state
from hasenpfeffer.events import Event
from hasenpfeffer.rl.tracker import Tracker


def play_random(
    game: Game,
    rng: random.Random,
    *,
    hands: int | None = None,
    steps: int | None = None,
    until: Callable[[Game], bool] | None = None,
    before: Callable[[Game], object] | None = None,
    after: Callable[[Game, Action, list[Event]], object] | None = None,
    choose: Callable[[LegalActions], Action] | None = None,
) -> int:
    """Apply random legal actions to ``game``; return how many were applied.

    Play stops when the game is over, when ``hands`` hands are finished (counted from the
    game's start), after ``steps`` actions, or when ``until(game)`` holds, whichever comes
    first. Before each action ``before(game)`` runs (what it draws from ``rng`` is drawn before
    the choice); the action is ``rng.choice`` of the legal ones, or ``choose(legal)``; after
    it ``after(game, action, events)`` runs.
    """
    taken = 0
    while not (
        game.is_over
        or (hands is not None and len(game.hand_results) >= hands)
        or (steps is not None and taken >= steps)
        or (until is not None and until(game))
    ):
        if before is not None:
            before(game)
        legal = game.legal_actions()
        action = rng.choice(legal) if choose is None else choose(legal)
        events = game.apply(action)
        taken += 1
        if after is not None:
            after(game, action, events)
    return taken


def random_turn(variant: Variant, seed: int, steps: int) -> tuple[Game, View] | None:
    """A game of ``seed`` after ``steps`` random actions (drawn from ``seed`` too) and the view
    of the seat to move; None when the game ended first."""
    game = Game(variant, seed=seed)
    play_random(game, random.Random(seed), steps=steps)
    if game.is_over:
        return None
    assert game.to_move is not None
    return game, game.view(game.to_move)


def cards_left(game: Game) -> int:
    """Cards still in the hands of the seats that play this hand."""
    now = actual_state(game)
    return sum(len(h) for s, h in enumerate(now.hands) if not now.out[s])


def game_in_play(v: Variant, rng: random.Random, limit: int | None) -> Game | None:
    """A random game at a random point of its first hand's play, with at most ``limit`` cards
    left (None: any number); None when the first hand is thrown in or the game ends first."""
    g = Game(v, seed=rng.randrange(2**32))
    play_random(g, rng, until=lambda g: g.phase == "play" or g.hand_number > 1)
    if g.phase != "play":
        return None
    play_random(g, rng, steps=rng.randrange(cards_left(g)), until=lambda g: g.phase != "play")
    if g.phase != "play":
        return None
    if limit is not None:
        play_random(g, rng, until=lambda g: cards_left(g) <= limit)
    return g if g.phase == "play" else None


def contract_in_play(v: Variant, rng: random.Random, misere: bool, limit: int = 13) -> Game | None:
    """A random game of a variant with contracts at a random point of its first hand's play
    with at most ``limit`` cards left, its contract one to take no trick (``misere``) or at
    no-trump; the Joker is kept until then, and led whenever it can be (the game may stop just
    after, its leader to name the suit). None when no such contract is bid."""
    g = Game(v, seed=rng.randrange(2**32))
    while g.phase != "play":
        if g.hand_number > 1 or g.is_over:
            return None
        legal = g.legal_actions()
        bids = [a for a in legal if a.verb == "bid" and _kind(v, a.arg) == misere]
        passes = [a for a in legal if a.verb == "pass"]
        g.apply(
            rng.choice(bids)
            if bids and actual_state(g).high_seat is None
            else passes[0]
            if passes
            else rng.choice(legal)
        )
    made = g.view()
    if (made.bid is None or _kind(v, made.bid) != misere) or (not misere and made.trump not in ("NT", "NTL")):
        return None
    joker = g.rules.joker
    now = actual_state(g)
    while g.phase == "play":
        held = sum(len(h) for s, h in enumerate(now.hands) if not now.out[s])
        waits = any(joker in h for s, h in enumerate(now.hands) if not now.out[s]) and not misere
        joker_led = bool(now.trick) and now.trick[0][1] == joker
        if held <= limit and rng.random() < (0.5 if joker_led else 0.1 if waits else 0.3):
            return g
        legal = g.legal_actions()
        keep = [a for a in legal if a.verb != "play" or g.rules.card_id[a.arg] != joker]
        if held <= limit and len(keep) < len(legal) and not now.trick:  # lead the Joker
            g.apply(next(a for a in legal if a not in keep))
        else:  # (not before: the Joker is kept for the positions compared)
            g.apply(rng.choice(keep or legal))
    return None


def _kind(v: Variant, bid: str) -> bool | None:
    """Whether a bid is to take no trick (False: at no-trump, high or low; None: neither)."""
    b = v.bid(bid)
    return True if b.objective == "none" else False if b.trump in ("NT", "NTL") else None


def legal(g: Game) -> list[str]:
    """The legal actions of ``g`` as text (``0 order-up``...)."""
    return [str(a) for a in g.legal_actions()]


def refused(g: Game, action: str, match: str) -> str:
    """Apply ``action`` to ``g``, which must refuse it with an error matching ``match`` and
    leave the game as it was; the error's text (it names what is legal)."""
    before = g.record()
    with pytest.raises(IllegalActionError, match=match) as caught:
        g.apply(action)
    assert g.record() == before
    return str(caught.value)


def piece_seen(g: Game, tracker: Tracker, seat: int, name: str) -> list[float]:
    """Piece ``name`` of ``seat``'s observation of ``g`` (the encoder's, checked equal to the
    ``tracker``'s, which has been fed the game's events)."""
    enc = tracker.enc
    seen = enc.encode(g.view(seat))
    assert (tracker.observe(g, seat) == seen).all()
    piece = enc.layout[name]
    return [float(x) for x in seen[piece.start : piece.stop]]
