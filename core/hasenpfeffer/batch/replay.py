"""Replay compiled games through the Python engine, checking every decision.

A Python :class:`~hasenpfeffer.engine.game.Game` is started from the compiled game's seed and
deals by itself: each hand's deal and dealer must be the compiled one's, and its action ids are
applied in order (``apply_id``); every compiled action must be legal there, with the debug
mode the compiled legal ids must equal Python's, in order, at every decision, and each hand's
result and the game's end must be the same; at each decision of a seat the compiled greedy (or learned)
bot played, the Python greedy (or learned) bot must choose the same action, and at each of a random seat's, the
Python random bot seeded as a run seeds it (the game's ``BOT`` stream). The replayed game is the Python twin of the compiled one:
its record is what ``hasenpfeffer replay`` reads.

>>> from hasenpfeffer import load_variant
>>> from .run import play
>>> batch = play(load_variant("hasenpfeffer"), games=2, seed=3, debug=True)
>>> game = replay_game(batch, 1)
>>> game.scores == batch.scores(1), game.winner == batch.winner(1)
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..bots.base import Bot
from ..bots.greedy import GreedyBot
from ..bots.registry import is_learned, load_bot
from ..bots.simple import RandomBot
from ..engine.draws import BOT, stream
from ..engine.events import HandDealt
from ..engine.game import Game
from .run import Batch


class TwinMismatch(AssertionError):
    """The compiled engine and the Python engine disagree on a game."""


def replay_game(batch: Batch, game: int) -> Game:
    """The Python game that replays compiled game ``game`` of ``batch`` (recorded), checked
    decision by decision (:class:`TwinMismatch` where the engines differ)."""
    rows = batch.hands_of(game)
    seed = batch.seeds[game]
    py = Game(batch.variant, seed=seed)
    debug = batch.legal_counts.size > 0
    bots: dict[int, Bot] = {q: _bot(b, seed, q) for q, b in enumerate(batch.bots)}
    for number, h in enumerate(rows, 1):
        where = f"game {game} hand {number}"
        dealt = _dealt(py, number)
        if dealt != batch.deal(h):
            raise TwinMismatch(f"{where}: Python deals {dealt}, compiled {batch.deal(h)}")
        legal_sets = batch.legal_sets(h) if debug else []
        for i, a in enumerate(batch.action_ids(h)):
            ids = py.legal_action_ids()
            names = py.action_space.names
            if a not in ids:
                raise TwinMismatch(
                    f"{where}: compiled action {names[a]!r} is not legal in Python ({py!r};"
                    f" legal: {[names[x] for x in ids]})"
                )
            if debug and list(ids) != legal_sets[i]:
                raise TwinMismatch(
                    f"{where} decision {i}: compiled legal {[names[x] for x in legal_sets[i]]}"
                    f" != Python {[names[x] for x in ids]} ({py!r})"
                )
            seat = py.to_move
            bot = None if seat is None else bots.get(seat)
            if bot is not None and seat is not None and (len(ids) > 1 or isinstance(bot, RandomBot)):
                view = py.view(seat)
                chosen = py.action_space.encode(bot.choose(view, view.legal))
                if chosen != a:
                    raise TwinMismatch(
                        f"{where} decision {i}: compiled {batch.bots[seat]} {names[a]!r} != Python"
                        f" {names[chosen]!r} ({py!r})"
                    )
            py.apply_id(a)
        if len(py.hand_results) < number:  # more: hands of no decision (a weak hand redealt at once)
            raise TwinMismatch(f"{where}: the actions do not finish the hand in Python ({py!r})")
        if py.hand_results[number - 1] != batch.result(h):
            raise TwinMismatch(f"{where}: Python {py.hand_results[number - 1]} != compiled {batch.result(h)}")
    extra = len(py.hand_results) - len(rows)
    # a game stopped at the cap of hands goes on in Python with deals of its own: a hand that
    # needs no decision (a turned Joker thrown in) may then end there too, and is not compared
    if extra < 0 or (extra > 0 and batch.winner(game) is not None):
        raise TwinMismatch(f"game {game}: Python plays {len(py.hand_results)} hands, compiled {len(rows)}")
    if py.scores != batch.scores(game) or py.winner != batch.winner(game):
        raise TwinMismatch(
            f"game {game}: Python ends {py.scores} won by {py.winner}, compiled"
            f" {batch.scores(game)} won by {batch.winner(game)}"
        )
    return py


def _bot(spec: str, seed: int, seat: int) -> Bot:
    """The Python twin of a compiled seat's bot: greedy, learned, or random on its stream."""
    if spec == "greedy":
        return GreedyBot()
    if is_learned(spec):
        return load_bot(spec)
    return RandomBot(stream(seed, BOT, seat))


def _dealt(py: Game, number: int) -> dict[str, Any] | None:
    """Hand ``number``'s deal in ``py`` as :meth:`Batch.deal` gives it (None: not dealt)."""
    for e in reversed(py.events):
        if type(e) is HandDealt and e.hand == number:
            return {"dealer": e.dealer, "hands": [list(h) for h in e.hands], "widow": list(e.kitty)}
    return None


def check_batch(batch: Batch) -> int:
    """Replay every game of a recorded batch (:func:`replay_game`); the number of hands checked."""
    checked = 0
    for g in range(len(batch)):
        replay_game(batch, g)
        checked += len(batch.hands_of(g))
    return checked
