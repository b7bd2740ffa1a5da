"""A bot's move with its reasons: what it would do at a decision, and the numbers behind it.

``greedy`` shows its estimates: in play each card's chance of taking a trick, when naming
trump each trump's expected score, in the auction the expected tricks in each trump it could
name, when laying cards away its order. ``pimc`` shows each choice's mean value over the
worlds it sampled: in play the tricks and the score difference of every legal card, averaged
over its worlds, each solved double dummy. A learned bot (given loaded, as ``bot``: a policy
file is never opened here) shows its policy's probability of each legal action. Other bots
give their move alone.

>>> from hasenpfeffer import Game, load_variant
>>> g = Game(load_variant("hasenpfeffer"), seed=3)
>>> while g.phase != "play":
...     _ = g.apply(g.legal_actions()[-1])
>>> r = reasons("greedy", g.view(g.to_move), g.legal_actions())
>>> r.bot, r.choice in [row.action for row in r.rows], len(r.rows) == len(g.legal_actions())
('greedy', True, True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..rules.actions import Action
from .base import Bot
from .learned import LearnedBot, softmax
from .registry import builtin_spec, load_bot

if TYPE_CHECKING:
    from ..engine.view import View
    from .greedy import GreedyBot
    from .pimc import PimcBot


class Row(NamedTuple):
    """One choice: the action (``0 play JH``), its value (None: not valued) and a note."""

    action: str
    value: float | None
    note: str = ""


class Reasons(NamedTuple):
    """A bot's choice at a decision, what its values mean, each choice's row, the time taken."""

    bot: str
    choice: str
    meaning: str
    rows: list[Row]
    seconds: float


def reasons(spec: str, view: View, legal: Sequence[Action], seed: int = 0, bot: Bot | None = None) -> Reasons:
    """What the built-in bot ``spec`` chooses at ``view`` and why, or ``bot``, one the caller
    loaded (a learned bot from a policy it trusts) named ``spec`` (ValueError for a spec that is
    not built in without one: a bot is never loaded from elsewhere here)."""
    if bot is None and builtin_spec(spec) is None:
        raise ValueError(f"{spec!r} is not a built-in bot (random, greedy, mc, pimc)")
    start = time.perf_counter()
    bot = load_bot(spec, seed=seed) if bot is None else bot
    name = spec.split(":", 1)[0]
    legal = list(legal)
    if isinstance(bot, LearnedBot):
        scores = bot.scores(view, legal)  # the network once: the bot plays the highest
        chances, choice = softmax(scores), legal[max(range(len(scores)), key=scores.__getitem__)]
        meaning = "the policy's probability of each legal action (it plays the likeliest)"
        rows = [Row(str(a), round(p, 3)) for a, p in zip(legal, chances, strict=True)]
    elif name == "greedy":
        choice, meaning, rows = _greedy(bot, view, legal)  # type: ignore[arg-type]
    elif name == "pimc":
        choice, meaning, rows = _pimc(bot, view, legal)  # type: ignore[arg-type]
    else:
        choice = bot.choose(view, legal)
        meaning, rows = f"{name} gives no values", [Row(str(a), None) for a in legal]
    return Reasons(spec, str(choice), meaning, rows, time.perf_counter() - start)


def _trump_index(bot: GreedyBot, view: View) -> int:
    r = bot.evaluator(view).rules
    ti = r.trump_id(view.trump) if view.trump is not None else r.ns
    return r.ns if ti is None else ti


def _greedy(bot: GreedyBot, view: View, legal: list[Action]) -> tuple[Action, str, list[Row]]:
    choice = bot.choose(view, legal)
    verbs = {a.verb for a in legal}
    ev = bot.evaluator(view)
    hand, unseen = list(view.hand_ids), ev.unseen(view)
    if verbs & {"play", "discard", "give"}:
        chances = dict(zip(hand, ev.card_chances(hand, _trump_index(bot, view), unseen), strict=False))
        order = {a: i for i, a in enumerate(bot.shed_ranking(view, legal))} if "play" not in verbs else {}
        rows = []
        for a in legal:
            chance = chances.get(ev.rules.card_id[a.arg]) if a.arg else None
            note = f"laid away {order[a] + 1}{_nth(order[a] + 1)}" if a in order else ""
            rows.append(Row(str(a), None if chance is None else round(chance, 3), note))
        return choice, "each card's chance of taking a trick (greedy's estimate)", rows
    if "trump" in verbs:
        ranked = {a: value for value, a in bot.trump_ranking(view, legal)}
        rows = [Row(str(a), round(ranked[a], 3) if a in ranked else None) for a in legal]
        return choice, "expected score of each trump (greedy's estimate)", rows
    if "bid" in verbs:
        r = ev.rules
        options = list(range(r.ns)) + ([r.ns] if view.variant.making.no_trump else [])
        v = view.variant
        named = ev.naming(hand, unseen, options, v.tricks_per_hand, bot.partners(view), v.hand_size)
        notes = []
        for ti, (_, dist) in zip(options, named, strict=True):
            suit = "NT" if ti == r.ns else r.suits[ti]
            notes.append(f"{suit} {sum(i * p for i, p in enumerate(dist)):.2f}")
        words = "expected tricks of the side in each trump: " + ", ".join(notes)
        return choice, words, [Row(str(a), None) for a in legal]
    return choice, "greedy's rule for this decision gives no values", [Row(str(a), None) for a in legal]


def _nth(n: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")


def _pimc(bot: PimcBot, view: View, legal: list[Action]) -> tuple[Action, str, list[Row]]:
    from ..solver import analyse_moves
    from .pimc import hand_value, taken_by

    choice = bot.choose(view, legal)
    if len(legal) == 1:
        return choice, "the only legal choice", [Row(str(legal[0]), None)]
    if "play" in {a.verb for a in legal}:
        worlds = bot.play_worlds(view)  # the worlds of the choice just made, kept by the bot
        worth = bot.worth(view)
        totals = dict.fromkeys(legal, 0.0)
        tricks = dict.fromkeys(legal, 0.0)
        weight = sum(w for _, _, w in worlds) or 1.0
        for g, solver, w in worlds:
            taken = taken_by(g, view.seat)
            for a, t in analyse_moves(g, solver).items():
                if a in totals:
                    totals[a] += w * hand_value(g, view.seat, taken + t, worth)
                    tricks[a] += w * (taken + t)
        rows = [Row(str(a), round(totals[a] / weight, 3), f"{tricks[a] / weight:.2f} tricks") for a in legal]
        what = "the chance of winning the game it adds" if worth is not None else "score difference"
        return choice, f"mean over {len(worlds)} worlds, each solved double dummy: {what}", rows
    games = bot.sample(view, bot.count(view))
    rows = [Row(str(a), round(bot.mean_outcome(view, a, [g.copy() for g in games]), 3)) for a in legal]
    return choice, f"mean score difference over {len(games)} worlds, played on and solved double dummy", rows
