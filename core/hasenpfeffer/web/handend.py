"""A finished hand laid open: every hand as dealt, the kitty, the result, and the play
reviewed double dummy (``analyze``'s figures: the tricks from the first lead, each mistake
and what it cost).

>>> from hasenpfeffer import Game, load_variant
>>> import random
>>> g = Game(load_variant("euchre"), seed=5)
>>> rng = random.Random(0)
>>> while not g.hand_results:
...     _ = g.apply(rng.choice(g.legal_actions()))
>>> s = hand_summary(g, 0, 0)
>>> s["number"], len(s["hands"]), "first_lead" in s["dd"]
(1, 4, True)
"""

from __future__ import annotations

from typing import Any

from ..cli.commands.analyze import play_line, plays_data
from ..cli.ui.render import Namer
from ..engine.game import Game
from ..solver.deals import hands_of
from .state import cards_json, result_json


def hand_summary(game: Game, index: int, me: int) -> dict[str, Any]:
    """Hand ``index`` (from 0) of ``game``, finished, as the person at ``me`` is shown it."""
    v = game.variant
    dealt, actions = hands_of(game)[index]
    result = game.hand_results[index]
    trump = result.trump
    out: dict[str, Any] = {
        "number": index + 1,
        "dealer": dealt.dealer,
        "hands": [cards_json(h, trump, v) for h in dealt.hands],
        "kitty": cards_json(dealt.kitty, trump, v, sort=False),
        "result": result_json(result, Namer(v, me), index + 1),
        "dd": {},
    }
    if v.partnerships == "called" or result.thrown_in:
        return out
    data = plays_data(game, [(index + 1, (dealt, actions))])
    hand = data["hands"][0]
    out["dd"] = {
        "first_lead": hand["first_lead"],
        "mistakes": [play_line(index + 1, p) for p in hand["plays"] if p["cost"]],
        "seats": data["seats"],
    }
    return out
