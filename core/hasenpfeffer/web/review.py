"""A game record reviewed in the page: each hand step by step, who held what before each
decision, and at every play each legal card's double-dummy value, the mistakes and their cost
(``analyze``'s review); the table of makeable bids of each deal on request; a game to play on
from any point.

>>> from hasenpfeffer import Game, load_variant, records
>>> import random
>>> g = Game(load_variant("euchre"), seed=5)
>>> rng = random.Random(0)
>>> while not g.hand_results:
...     _ = g.apply(rng.choice(g.legal_actions()))
>>> r = Review(records.loads(records.dump(g.record())))
>>> h = r.hand(0)
>>> len(h["steps"]) == len(h["positions"]) - 1, h["positions"][0]["hands"][0][0]["id"] != ""
(True, True)
>>> len(r.game_at(0, 3).view().history)
3
"""

from __future__ import annotations

import copy
import threading
from pathlib import Path
from typing import Any

from ..cli.commands.analyze import play_line, plays_data, table_data
from ..cli.ui.render import Namer
from ..engine.events import HandDealt
from ..engine.game import Game
from ..format.cards import Card
from ..records.errors import RecordError
from ..records.record import replay
from ..rules.actions import Action
from ..solver.deals import hand_game, hands_of
from .errors import ApiError
from .state import card_json, cards_json, result_json


class Review:
    """A record replayed, its hands reviewed when first asked (kept)."""

    def __init__(self, record: dict[str, Any], base: Path | None = None, name: str = "record") -> None:
        self.base, self.name = base, name
        self.record = copy.deepcopy(dict(record))
        allow = () if base is None else (base,)
        try:
            self.game = replay(record, base_dir=base, allow=allow)
        except RecordError as exc:
            raise ApiError(422, str(exc)) from None
        if self.game.variant.partnerships == "called":
            raise ApiError(422, f"{self.game.variant.name}: a partner called each hand is not reviewed")
        self.hands = hands_of(self.game)
        self._done: dict[int, dict[str, Any]] = {}
        self.lock = threading.Lock()

    def outline(self) -> dict[str, Any]:
        """The record's hands in a line each."""
        v = self.game.variant
        names = Namer(v, -1)
        results = self.game.hand_results
        return {
            "name": self.name,
            "variant": v.name,
            "players": v.players,
            "seats": [f"seat {q}" for q in range(v.players)],
            "sides": [names.side(s) for s in range(len(v.teams))],
            "scores": list(self.game.scores),
            "hands": [
                {
                    "number": i + 1,
                    "result": result_json(results[i], names, i + 1) if i < len(results) else None,
                }
                for i in range(len(self.hands))
            ],
        }

    def _check(self, index: int) -> tuple[HandDealt, list[Action]]:
        if not 0 <= index < len(self.hands):
            raise ApiError(404, f"there is no hand {index + 1}: the record has {len(self.hands)}")
        return self.hands[index]

    def hand(self, index: int) -> dict[str, Any]:
        """Hand ``index`` (from 0): the position before each action and after the last, each
        action in words, and each play's review."""
        with self.lock:
            found = self._done.get(index)
            if found is None:
                found = self._done[index] = self._hand(index)
            return found

    def _hand(self, index: int) -> dict[str, Any]:
        v = self.game.variant
        dealt, actions = self._check(index)
        reviewed = plays_data(self.game, [(index + 1, (dealt, actions))])["hands"][0]
        plays = iter(reviewed["plays"])
        names = Namer(v, -1)
        g = hand_game(v, dealt)
        positions: list[dict[str, Any]] = []
        steps: list[dict[str, Any]] = []
        mistakes = 0
        for a in actions:
            positions.append(_position(g))
            review: dict[str, Any] | None = None
            if g.phase == "play" and a.verb in ("play", "suit"):
                p = next(plays)
                review = p | {"line": play_line(index + 1, p)}
                mistakes += p["cost"] > 0
            trump = g.view().trump
            steps.append(
                {"action": str(a), "seat": a.seat, "words": names.action(a, trump).plain, "review": review}
            )
            g.apply(a)
        positions.append(_position(g) if not g.hand_results else _finished(g, positions[-1], steps[-1]))
        head = {
            k: reviewed[k] for k in ("dealer", "maker", "bid", "trump", "alone", "objective", "first_lead")
        }
        return head | {
            "number": index + 1,
            "kitty": cards_json(dealt.kitty, reviewed["trump"], v, sort=False),
            "positions": positions,
            "steps": steps,
            "mistakes": mistakes,
        }

    def table(self, index: int) -> dict[str, Any]:
        """The deal's table of makeable bids, as ``analyze --table`` gives it."""
        dealt, actions = self._check(index)
        return table_data(self.game.variant, index + 1, dealt, actions)

    def game_at(self, index: int, step: int) -> Game:
        """The game as it stood before action ``step`` of hand ``index``: the record cut there, replayed."""
        _, actions = self._check(index)
        if not 0 <= step <= len(actions):
            raise ApiError(404, f"hand {index + 1} has no step {step}")
        record = copy.deepcopy(self.game.record())
        hands = record["hands"][: index + 1]
        hands[index]["actions"] = [str(a) for a in actions[:step]]
        hands[index].pop("result", None)
        record["hands"] = hands
        record.pop("result", None)
        record.pop("players", None)
        try:
            return replay(record, base_dir=self.base, allow=() if self.base is None else (self.base,))
        except RecordError as exc:
            raise ApiError(422, str(exc)) from None


def _finished(g: Game, before: dict[str, Any], last: dict[str, Any]) -> dict[str, Any]:
    """The end of a hand: the last trick on the table, the tricks each side took."""
    result = g.hand_results[0]
    action = Action.parse(last["action"])
    trick = list(before["trick"])
    if action.verb == "play":
        trick.append(
            {"seat": action.seat, "card": card_json(Card.parse(action.arg), result.trump, g.variant)}
        )
    return before | {
        "hands": [[] for _ in before["hands"]],
        "trick": trick,
        "tricks_won": list(result.tricks),
        "to_move": None,
        "phase": "over",
    }


def _position(g: Game) -> dict[str, Any]:
    """Who holds what, the trick on the table, the tricks won and the trump (every hand seen)."""
    v, public = g.variant, g.view()
    trump = public.trump
    return {
        "hands": [cards_json(g.view(q).hand, trump, v) for q in range(v.players)],
        "trick": [{"seat": q, "card": card_json(c, trump, v)} for q, c in public.trick],
        "tricks_won": list(public.tricks_won),
        "trump": trump,
        "to_move": public.to_move,
        "phase": str(g.phase),
    }
