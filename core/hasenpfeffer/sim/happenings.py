"""Rules seen acting that leave no other trace in the statistics, counted from a game's events.

A turned card's twists (``making.order_up``: dirty clubs' turned trump, a turned Joker and the
suit its dealer names) are counted by hand; a match's games (``match``: shut-outs, points
carried beyond the target by laps) and wins on a defeated bid (``game.win_by_defeat``) by game.
Only the rules a variant uses are looked for, so the other variants count nothing.

>>> import random
>>> from hasenpfeffer import Game, load_variant
>>> game, rng = Game(load_variant("examples/house-rules/euchre-laps.yaml"), seed=3), random.Random(3)
>>> while not game.is_over:
...     _ = game.apply_id(rng.choice(game.legal_action_ids()))
>>> found = happenings(game)
>>> sorted(found)
['laps carried', 'match games', 'points carried', 'shut-outs']
>>> found["match games"] >= 2
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.events import GameWon, HandDealt, HandResult, HandScored, MatchWon, TrumpTurned, TurnedSuitNamed
from ..engine.phases.orderup import DEALER_NAMES, TURNED_TRUMP
from ..engine.scoring import game_winner
from ..format.cards import JOKER

if TYPE_CHECKING:
    from ..format.variant import Variant
    from .limits import Played

HAND_LEVEL = ("turned trump at once", "Joker turned", "turned Joker, suit named by the dealer")
"""Keys counted in hands; the others (:data:`KEYS`) are counted in games."""
KEYS = (*HAND_LEVEL, "match games", "shut-outs", "laps carried", "points carried", "won on a defeated bid")
"""Every key, in the order a report lists them."""


def happenings(game: Played) -> dict[str, int]:
    """How often each rule acted in ``game`` (keys of the rules the variant uses, zeros kept)."""
    v = game.variant
    found: dict[str, int] = {}
    order_up = v.making.method == "order-up"
    if order_up and v.making.order_up.turned_trump:
        found["turned trump at once"] = sum(1 for e in game.events if type(e) is TrumpTurned)
    if needs_turned(v):
        found["Joker turned"] = sum(1 for e in game.events if type(e) is HandDealt and e.turned == JOKER)
        if v.making.order_up.turned_joker == DEALER_NAMES:
            found["turned Joker, suit named by the dealer"] = sum(
                1 for e in game.events if type(e) is TurnedSuitNamed
            )
    if v.match is not None:
        _count_match(game, found)
    if v.game.win_by_defeat:
        found["won on a defeated bid"] = _defeated_wins(game)
    return found


def needs_turned(variant: Variant) -> bool:
    """Whether :func:`from_results` wants each hand's turned card (order-up with a Joker)."""
    return variant.making.method == "order-up" and variant.pack.jokers > 0


def from_results(
    variant: Variant, results: Sequence[HandResult], winner: int | None, turned: Sequence[str | None] = ()
) -> dict[str, int]:
    """What :func:`happenings` counts, read from a game's hand results, its winner and each
    hand's turned card (where :func:`needs_turned`): for an engine that keeps no events, the
    compiled batch engine. A turned trump is a hand made by ``turned-trump``, a suit named for a
    turned Joker a turned Joker (the dealer names one each time), and a match's games are the
    hands after which a side won a game (``game_winner``); a game ends the match where it is the
    last and the match has a winner.

    >>> from hasenpfeffer import load_variant
    >>> from_results(load_variant("euchre"), [], None)
    {}
    """
    found: dict[str, int] = {}
    order_up = variant.making.method == "order-up"
    if order_up and variant.making.order_up.turned_trump:
        found["turned trump at once"] = sum(1 for r in results if r.bid == TURNED_TRUMP)
    if needs_turned(variant):
        jokers = sum(1 for card in turned if card == JOKER)
        found["Joker turned"] = jokers
        if variant.making.order_up.turned_joker == DEALER_NAMES:
            found["turned Joker, suit named by the dealer"] = jokers
    if variant.match is not None:
        _match_from_results(variant, results, winner, found)
    if variant.game.win_by_defeat:
        last = results[-1] if results else None
        defeated = last is not None and last.made is False and last.maker_side not in (None, winner)
        found["won on a defeated bid"] = int(winner is not None and defeated)
    return found


def _match_from_results(
    v: Variant, results: Sequence[HandResult], winner: int | None, found: dict[str, int]
) -> None:
    """:func:`_count_match` from the hand results: a game is won after a hand where
    ``game_winner`` names a side (the scores of a result are those before the next game starts)."""
    assert v.match is not None
    found.update({"match games": 0, "shut-outs": 0})
    if v.match.laps:
        found.update({"laps carried": 0, "points carried": 0})
    for n, r in enumerate(results):
        side = None if r.thrown_in else game_winner(v, r.scores, r.maker_side, r.made)
        if side is None:
            continue
        found["match games"] += 1
        found["shut-outs"] += all(score <= 0 for other, score in enumerate(r.scores) if other != side)
        ends_match = winner is not None and n + 1 == len(results)
        carry = r.scores[side] - (v.game.target or 0)  # laps only with a target
        if v.match.laps and not ends_match and carry > 0:
            found["laps carried"] += 1
            found["points carried"] += carry


def _count_match(game: Played, found: dict[str, int]) -> None:
    """Games of a match, its shut-outs, and the laps (and points) carried into the next game."""
    v = game.variant
    assert v.match is not None
    found.update({"match games": 0, "shut-outs": 0})
    if v.match.laps:
        found.update({"laps carried": 0, "points carried": 0})
    events = game.events
    for n, e in enumerate(events):
        if type(e) is not GameWon:
            continue
        found["match games"] += 1
        found["shut-outs"] += all(score <= 0 for side, score in enumerate(e.scores) if side != e.side)
        ends_match = n + 1 < len(events) and type(events[n + 1]) is MatchWon
        carry = e.scores[e.side] - (v.game.target or 0)  # laps only with a target
        if v.match.laps and not ends_match and carry > 0:
            found["laps carried"] += 1
            found["points carried"] += carry


def _defeated_wins(game: Played) -> int:
    """Games won by a side that reached the target on the hand it defeated the makers' bid."""
    last: HandScored | None = None
    wins = 0
    for e in game.events:
        if type(e) is HandScored:
            last = e
        elif type(e) is GameWon and last is not None:
            r = last.result
            wins += r.made is False and r.maker_side is not None and r.maker_side != e.side
    return wins
