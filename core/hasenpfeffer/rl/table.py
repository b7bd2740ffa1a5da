"""A game of a variant as a sequence of chance outcomes and decisions, for OpenSpiel.

OpenSpiel wants the deal as chance: the first dealer is drawn (``0`` to ``n - 1``, but no
dummy), then each
hand is dealt one card at a time (a card's action is its index among the pack's distinct
cards, drawn with the probability of the copies left): the first ``hand_size`` cards to seat
0, the next to seat 1... (a dummy with a hand size of its own, ``deal.dummies.hand_size``, as
many), the rest to the kitty (the turned card first). A :class:`Table`
gives the :class:`~hasenpfeffer.engine.game.Game` those deals: the first starts the game
(``Game(variant, deal=...)``); in a game episode each later one is queued
(:meth:`~hasenpfeffer.engine.game.Game.queue_deal`) on a copy of the game kept from just before
the decision that ended the hand before it, and that decision is taken there, so that the game
deals chance's cards rather than its own. :meth:`Table.resample` deals the current hand anew
as one player could believe it was (:mod:`hasenpfeffer.worlds`), for information-set search.

Returns are per player and per hand: with two sides, a side's score change minus the other's
(zero-sum, as OpenSpiel's own ``euchre`` scores); with more sides, a player's side's score
change. An episode is one hand (``episode="hand"``) or a game of at most ``max_hands`` hands.

>>> from hasenpfeffer.format.loader import load_variant
>>> t = Table(load_variant("euchre"), "euchre")
>>> t.chance_outcomes()[:2]
[(0, 0.25), (1, 0.25)]
>>> for a in [3] + list(range(24)):  # dealer 3; 9C TC JC QC KC to seat 0 ... the kitty JS (turned) QS KS AS
...     t.apply(a)
>>> t.to_move(), t.legal(), t.action_text(57)
(0, [48, 57, 58], 'order-up')
>>> t.info_string(1)
'|hand 1 dealer 3: AC 9D TD JD QD turned JS'
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from itertools import accumulate
from typing import Any

from ..engine.events import (
    CardsDiscarded,
    CardsGiven,
    Event,
    GameWon,
    HandDealt,
    HandScored,
    HandShown,
    MakerForced,
    WidowTaken,
)
from ..engine.game import Game
from ..engine.view import HandResult, View
from ..format.loader import load_variant
from ..format.variant import Variant
from ..observe.layout import named_suits
from ..rules.actionspace import action_space
from ..rules.plan import plan_for
from ..rules.ruleset import compile_variant
from ..worlds import Dealt, Worlds
from .handend import hand_end_view

EPISODES = ("hand", "game")
TRIES = 20
"""Calls of :meth:`~hasenpfeffer.worlds.Worlds.deal` (each drawing up to
:data:`~hasenpfeffer.worlds.sampler.TRIES` deals) before :meth:`Table.resample` gives up."""


@functools.lru_cache(maxsize=64)
def variant_named(spec: str) -> Variant:
    """A variant from a built-in name or a path (read once per spelling)."""
    return load_variant(spec)


class Table:
    """One game: the chance of the deals, the decisions, the returns and what each seat has seen."""

    def __init__(self, variant: Variant, spec: str, episode: str = "hand", max_hands: int = 1) -> None:
        if episode not in EPISODES:
            raise ValueError(f"episode must be 'hand' or 'game', read {episode!r}")
        self.variant, self.spec, self.episode = variant, spec, episode
        self.max_hands = 1 if episode == "hand" else max_hands
        rules = compile_variant(variant)
        self.names = rules.names
        self.card_id = rules.card_id
        self.counts = [rules.deck.count(c) for c in range(len(self.names))]
        self.pack = len(rules.deck)
        self.n = variant.players
        self.hand_size = variant.hand_size
        self.dealt = variant.dealt_sizes
        self.dealers = [q for q in range(self.n) if not variant.deal.dummies.is_dummy(q)]
        self.side_of = [variant.team_of(q) for q in range(self.n)]
        self.nobody = [variant.deal.dummies.floating(q) for q in range(self.n)]
        self.space = action_space(variant)
        self.zero_sum = len(variant.teams) == 2
        self.game: Game | None = None
        self.actions: list[int] = []  # every action applied, chance included
        self.deal_marks: list[int] = []  # where each deal's cards start in ``actions``
        self.dealer: int | None = None
        self.dealing: list[int] | None = None  # the cards of the deal in progress
        self.left: list[int] = []
        self.deals: list[dict[str, Any]] = []
        self.before: tuple[Game, int, int] | None = None
        """While chance deals a hand of a game episode: the game just before the decision that
        ended the hand before, that decision, and the deals chance had made then. The new deals
        are queued on a copy of that game."""
        self.fed = 0  # events of ``game`` taken into account
        self.hands = 0
        self.returns = [0.0] * self.n
        self.rewards = [0.0] * self.n
        self.over = False
        self.seen = [""] * self.n  # each player's information state, as text

    # ------------------------------------------------------------------ copies and pickling

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        new = Table.__new__(Table)
        new.__dict__.update(self.__dict__)
        for name in (
            "actions",
            "deal_marks",
            "left",
            "deals",
            "returns",
            "rewards",
            "seen",
        ):
            setattr(new, name, getattr(self, name)[:])
        new.dealing = None if self.dealing is None else self.dealing[:]
        new.game = None if self.game is None else self.game.copy()
        return new

    def __getstate__(self) -> dict[str, Any]:
        return {
            "spec": self.spec,
            "episode": self.episode,
            "max_hands": self.max_hands,
            "actions": self.actions,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(variant_named(state["spec"]), state["spec"], state["episode"], state["max_hands"])  # type: ignore[misc]
        for a in state["actions"]:
            self.apply(a)

    # ------------------------------------------------------------------ what is going on

    def is_chance(self) -> bool:
        """Chance is to act: the first dealer, or a card of a deal."""
        return not self.over and (self.dealer is None or self.dealing is not None)

    def to_move(self) -> int | None:
        """The player to decide (None at chance or at the end)."""
        if self.over or self.is_chance() or self.game is None:
            return None
        return self.game.to_move

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the chance node and their probabilities."""
        if self.dealer is None:  # a dummy (deal.dummies) never deals
            return [(q, 1.0 / len(self.dealers)) for q in self.dealers]
        total = sum(self.left)
        return [(c, k / total) for c, k in enumerate(self.left) if k]

    def legal(self) -> list[int]:
        """The legal action ids of the player to move, ascending."""
        assert self.game is not None
        return sorted(self.game.legal_action_ids())

    def action_text(self, action: int, chance: bool = False) -> str:
        """An action in words (``play JH``, ``dealer 2``, ``deal JH``)."""
        if chance:
            return f"dealer {action}" if self.dealer is None else f"deal {self.names[action]}"
        return self.space.names[action]

    # ------------------------------------------------------------------ acting

    def apply(self, action: int) -> None:
        """Apply a chance outcome or a decision."""
        if self.over:
            raise ValueError("the episode is over")
        self.actions.append(action)
        if self.dealer is None:
            if action not in self.dealers:
                raise ValueError(
                    f"the dealer must be a seat from 0 to {self.n - 1} that deals, read {action}"
                )
            self.dealer = action
            self.open_deal()
        elif self.dealing is not None:
            if not 0 <= action < len(self.left) or not self.left[action]:
                raise ValueError(f"card {action} is not left to deal")
            self.left[action] -= 1
            self.dealing.append(action)
            if len(self.dealing) == self.pack:
                self.close_deal()
        else:
            game = self.game
            assert game is not None
            self.rewards = [0.0] * self.n
            before = game.copy() if self.episode == "game" else None
            game.apply_id(action)
            self.settle()
            if self.dealing is not None and before is not None:
                self.before = (before, action, len(self.deals))  # chance deals the next hand

    def open_deal(self) -> None:
        self.deal_marks.append(len(self.actions))
        self.dealing = []
        self.left = self.counts[:]

    def close_deal(self) -> None:
        """A deal is complete: give it to the game."""
        assert self.dealing is not None
        cards, ends = [self.names[c] for c in self.dealing], list(accumulate(self.dealt, initial=0))
        deal: dict[str, Any] = {
            "hands": [cards[ends[q] : ends[q + 1]] for q in range(self.n)],
            "widow": cards[ends[-1] : ends[-1] + self.variant.deal.kitty.size],  # a dead hand after it
        }
        self.dealing = None
        if not self.deals:
            deal["dealer"] = self.dealer
        self.deals.append(deal)
        if self.before is None:  # the first hand, and any thrown in at its deal
            self.game = Game(self.variant, seed=0, deals=self.deals)
        else:
            before, decision, dealt = self.before
            game = self.game = before.copy()
            for d in self.deals[dealt:]:
                game.queue_deal(d)
            game.apply_id(decision)
        self.settle()
        if self.dealing is None:
            self.before = None

    def settle(self) -> None:
        """Take the game's new events into account, up to the end or the next deal chance must make."""
        game = self.game
        assert game is not None
        events = game.events
        while self.fed < len(events):
            e = events[self.fed]
            if isinstance(e, HandDealt) and e.hand > len(self.deals):
                self.open_deal()  # the game dealt a hand of its own: chance deals it instead
                return
            self.fed += 1
            self.note(e)
            if isinstance(e, HandScored):
                self.score(e.result)
                if self.episode == "hand" or self.hands >= self.max_hands:
                    self.over = True
                    return
            elif isinstance(e, GameWon) and game.is_over:  # a game of a match may follow
                self.over = True
                return

    def score(self, result: HandResult) -> None:
        """Add a hand's result to the returns and rewards."""
        self.hands += 1
        change = result.score_change
        sides = plan_for(compile_variant(self.variant)).hand_sides(result.maker)
        for q in range(self.n):
            if self.nobody[q]:  # a dummy of each hand's maker: nobody's seat, nothing to win
                continue
            own = change[sides[q]]
            value = own - change[1 - sides[q]] if self.zero_sum else own
            self.returns[q] += value
            self.rewards[q] += value

    # ------------------------------------------------------------------ information-set sampling

    def resample(self, player: int, rng: random.Random, tries: int = TRIES) -> list[int]:
        """The actions of an episode ``player`` cannot tell from this one: the current hand dealt
        as a world of the player's view (:class:`~hasenpfeffer.worlds.Worlds`, told the cards
        given to the player, which it saw come) with that world's unseen discards and gifts,
        every earlier hand as it was. RuntimeError when no world is found in ``tries`` draws.

        >>> t = Table(load_variant("euchre"), "euchre")
        >>> for a in [3] + list(range(24)) + [48, 48, 48, 48, 53, 0]:  # all pass, 0 names H, plays 9C
        ...     t.apply(a)
        >>> actions = t.resample(2, random.Random(1))
        >>> again = Table(load_variant("euchre"), "euchre")
        >>> for a in actions:
        ...     again.apply(a)
        >>> again.info_string(2) == t.info_string(2), actions[1:6] == t.actions[1:6]
        (True, False)
        """
        game = self.game
        if game is None or self.dealing is not None or self.over:
            raise ValueError("resample a table where a player is to move")
        events = game.events
        start = max(i for i, e in enumerate(events) if isinstance(e, HandDealt))
        received = [
            c for e in events[start:] if isinstance(e, CardsGiven) and e.to == player for c in e.cards
        ]
        worlds = Worlds(game.view(player), received=received)
        for _ in range(tries):
            dealt = worlds.deal(rng)
            if dealt is not None:
                return self.redeal(dealt)
        raise RuntimeError(f"no deal found for player {player} in {tries} draws")

    def redeal(self, dealt: Dealt) -> list[int]:
        """The actions of this episode with its current hand dealt as ``dealt`` (chance's cards in
        the order of the deal, each discard and gift of the hand the card ``dealt`` gives it)."""
        ids, start = self.card_id, {g.name: g.start for g in self.space.groups}
        mark = self.deal_marks[-1]
        chance = [ids[c] for hand in dealt.hands for c in hand] + [ids[c] for c in dealt.kitty]
        dealt_now = Counter(chance)  # then the dead hand (``deal.dead_hand``): the pack's other cards
        chance += [c for c, k in enumerate(self.counts) for _ in range(k - dealt_now[c])]
        moved = iter(dealt.set_aside)
        decisions = []
        for a in self.actions[mark + self.pack :]:
            verb = self.space.keys[a][0]
            decisions.append(start[verb] + ids[next(moved)] if verb in ("discard", "give") else a)
        return self.actions[:mark] + chance + decisions

    # ------------------------------------------------------------------ what a player knows

    def note(self, e: Event) -> None:
        """Add an event to each player's information state, as that player saw it."""
        seen = self.seen
        if isinstance(e, HandDealt):
            turned = f" turned {e.turned}" if e.turned else ""
            for q in range(self.n):
                seen[q] += f"|hand {e.hand} dealer {e.dealer}: {' '.join(e.hands[q])}{turned}"
        elif isinstance(e, WidowTaken):
            for q in range(self.n):
                seen[q] += f"|{e.seat} takes " + (" ".join(e.cards) if q == e.seat else "the widow")
        elif isinstance(e, CardsDiscarded):
            for q in range(self.n):
                seen[q] += f"|{e.seat} discard {e.cards[0]}" if q == e.seat else f"|{e.seat} discards"
        elif isinstance(e, CardsGiven):
            for q in range(self.n):
                seen[q] += f"|{e.seat} give {e.cards[0]}" if q in (e.seat, e.to) else f"|{e.seat} gives"
        elif isinstance(e, MakerForced):
            for q in range(self.n):
                seen[q] += f"|{e.seat} made maker at {e.bid}"
        elif isinstance(e, HandShown):
            for q in range(self.n):
                seen[q] += f"|{e.seat} shows {' '.join(e.cards)}"
        elif (a := e.action) is not None:
            text = f"|{a}"
            for q in range(self.n):
                seen[q] += text

    def info_string(self, player: int) -> str:
        """Everything ``player`` has seen, in order (perfect recall)."""
        return self.seen[player]

    def view(self, player: int) -> View | None:
        """``player``'s view now: of the hand being played, or of the last hand at its end."""
        game = self.game
        if game is None:
            return None
        if self.over or self.dealing is not None:
            return hand_end_view(game, player, self.hands - 1) if self.hands else None
        return game.view(player)

    def observation_string(self, player: int) -> str:
        """What ``player`` sees now, in a line (no history)."""
        v = self.view(player)
        if v is None:
            return f"p{player}"
        parts = [f"p{player}", f"dealer {v.dealer}", "hand " + " ".join(map(str, v.hand))]
        if v.trump is not None:
            parts.append(f"trump {v.trump} maker {v.maker} bid {v.bid}")
        if v.alone:
            parts.append("alone " + " ".join(map(str, sorted(v.alone))))
        if v.turned is not None:
            parts.append(f"turned {v.turned}")
        if v.shown is not None:
            parts.append(f"open {v.shown[0]}: " + " ".join(map(str, v.shown[1])))
        played = [f"{q}:{c}" for t in v.tricks for q, c in t.cards]
        if played:
            parts.append("played " + " ".join(played))
        if v.trick:
            parts.append("trick " + " ".join(f"{q}:{c}" for q, c in v.trick))
            parts += [f"named {x}" for t, x in named_suits(v) if t == len(v.tricks)]
        parts.append("tricks " + " ".join(map(str, v.tricks_won)))
        parts.append("scores " + " ".join(map(str, v.scores)))
        if v.to_move is not None:
            parts.append(f"to move {v.to_move}")
        return "; ".join(parts)

    def __str__(self) -> str:
        if self.game is None or self.dealing is not None:
            dealt = " ".join(self.names[c] for c in self.dealing or ())
            return f"dealer {self.dealer}; dealing: {dealt}".rstrip()
        from .render import table_text

        return table_text(self.game) + f"\nreturns {self.returns}"
