"""Integer actions: a fixed, documented action space per variant, for search bots and RL.

Every action a variant can ever offer has an id from 0 to ``size - 1``. The id leaves the seat
out (the seat is always the player to move): ``decode(i, seat)`` puts it back. Ids come in
groups, always in this order, and a group is present only when the variant can use it:

1. ``play CARD``: each distinct card of the pack in the pack's order (suits as the pack lists
   them, ranks low to high within a suit, then ``JK``); two copies of a card share an id.
2. ``discard CARD``: the same cards (when the variant has a discard: a widow, a dealer
   taking the turned card, or a dummy taken into hand).
3. ``give CARD``: the same cards (when a lone player exchanges cards with the partner).
4. ``bid NAME``: the bids of the ladder, lowest first (auction variants).
5. ``pass``: always.
6. ``trump SUIT``: each suit of the pack, then ``NT`` where no-trump is allowed (to anyone, or
   to a stuck dealer alone); each
   followed by ``trump SUIT alone`` where the maker may go alone (auction variants with a bid
   that leaves trump to be named, and order-up variants with a second round).
7. ``order-up``, then ``order-up alone`` where the maker may go alone (order-up variants).
8. ``alone``: a defender's answer to go alone (where lone defence is offered).
9. ``suit SUIT``: each suit of the pack, named by the leader of the Joker in no-trump
   (where the variant has no-trump and ``ranking.no_trump_joker_led`` is ``leader-names``), or
   by the dealer for a turned Joker (``making.order_up.turned_joker`` is ``dealer-names``).
10. ``redeal``, then ``swap``: a weak hand's call (where ``deal.weak_hands`` has an optional rule
    of that action; its holder declines by ``pass``).
11. ``declare NAME``: each of ``scoring.declarations``, in its order (its holder declines by ``pass``).
12. ``drop``: dropping out once trump is made (where ``alone.drop_out.allowed``; a player
    stays in by ``pass``).
13. ``call CARD``: the maker's call of a partner, each distinct card as in ``play`` (or
    ``call SEAT``, each seat from 0, where ``making.call.by`` is seat), then ``call alone``
    where ``making.call.alone`` or a card is called (a maker with no card it may call plays
    alone) (``partnerships: called``).

docs/actions.md has worked examples; the spaces of the built-ins are pinned by tests.

>>> from hasenpfeffer.format.variant import Variant
>>> space = action_space(Variant(name="x", pack={"ranks": ["9", "T"]}, deal={"hand_size": 2}))
>>> space
<ActionSpace x: 34 actions>
>>> [(g.name, g.start, g.stop) for g in space.groups]
[('play', 0, 9), ('discard', 9, 18), ('bid', 18, 24), ('pass', 24, 25), ('trump', 25, 33), ('alone', 33, 34)]
>>> space.names[:3], space.names[24:28]
(('play 9C', 'play TC', 'play 9D'), ('pass', 'trump C', 'trump C alone', 'trump D'))
>>> space.encode("2 play TC"), space.encode("play tc"), space.decode(1, seat=2)
(1, 1, Action(seat=2, verb='play', arg='TC', alone=False))
>>> space.ids([Action(3, "pass"), Action(3, "bid", "4")]), space.mask(["3 pass"]).index(True)
([24, 21], 24)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import NamedTuple

from ..format.variant import Variant
from . import mechanisms as has
from .actions import Action, ActionSyntaxError, as_action
from .plan import plan_for
from .ruleset import NT, compile_variant

Key = tuple[str, str, bool]
"""An action without its seat: ``(verb, arg, alone)``."""


class Group(NamedTuple):
    """The ids ``start`` to ``stop - 1`` of one kind of action (``play``, ``bid``...)."""

    name: str
    start: int
    stop: int


def _keys(variant: Variant) -> list[tuple[str, list[Key]]]:
    """The groups of a variant's space, in order, with the actions (seat left out) of each."""
    names = compile_variant(variant).names
    may_alone = has.may_go_alone(variant)
    lone = (False, True) if may_alone else (False,)
    trumps = [*variant.pack.suits, *[NT] * has.names_no_trump(variant)]
    bids = dict.fromkeys(b.name for b in variant.making.auction.ladder)
    groups: list[tuple[str, list[Key]]] = [("play", [("play", c, False) for c in names])]
    if has.lays_away(variant):
        groups.append(("discard", [("discard", c, False) for c in names]))
    if has.exchanges(variant):
        groups.append(("give", [("give", c, False) for c in names]))
    if has.auction(variant):
        groups.append(("bid", [("bid", b, False) for b in bids]))
    groups.append(("pass", [("pass", "", False)]))
    if has.names_trump(variant):
        groups.append(("trump", [("trump", t, a) for t in trumps for a in lone]))
    if not has.auction(variant):
        groups.append(("order-up", [("order-up", "", a) for a in lone]))
    if has.lone_defence(variant):
        groups.append(("alone", [("alone", "", False)]))
    if has.names_suit(variant):
        groups.append(("suit", [("suit", x, False) for x in variant.pack.suits]))
    for verb in has.weak_hand_verbs(variant):
        groups.append((verb, [(verb, "", False)]))
    if has.declarations(variant):
        groups.append(("declare", [("declare", d.name, False) for d in variant.scoring.declarations]))
    if has.drops_out(variant):
        groups.append(("drop", [("drop", "", False)]))
    if (call := variant.calling) is not None:
        called = [str(q) for q in range(variant.players)] if call.by == "seat" else names
        alone = call.alone or call.by == "card"  # a maker with no card it may call plays alone
        groups.append(("call", [("call", c, False) for c in called] + [("call", "", True)] * alone))
    return groups


def _text(key: Key) -> str:
    verb, arg, alone = key
    return " ".join(w for w in (verb, arg, "alone" if alone else "") if w)


class ActionSpace:
    """The integer actions of one variant (build with :func:`action_space`, which caches)."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        groups, keys, start = [], [], 0
        for name, members in _keys(variant):
            groups.append(Group(name, start, start + len(members)))
            keys += members
            start += len(members)
        self.groups: tuple[Group, ...] = tuple(groups)
        self.keys: tuple[Key, ...] = tuple(keys)
        self.names: tuple[str, ...] = tuple(_text(k) for k in keys)
        self.size = len(keys)
        self._index: dict[Key, int] = {k: i for i, k in enumerate(keys)}
        # The engine's own action objects where it has them, so that a decoded action is found
        # in the legal actions by identity.
        made = {a: a for a in plan_for(compile_variant(variant)).text}
        self._tables = tuple(
            tuple(made.get(a, a) for a in (Action(s, *k) for k in keys)) for s in range(variant.players)
        )  # decode: seat -> id -> Action
        self._by_action: dict[object, int] = {a: i for table in self._tables for i, a in enumerate(table)}
        self._lookup = self._by_action.__getitem__

    def __repr__(self) -> str:
        return f"<ActionSpace {self.variant.name}: {self.size} actions>"

    def __len__(self) -> int:
        return self.size

    def encode(self, action: Action | str) -> int:
        """The id of an action: an :class:`Action`, its text, or its text without the seat."""
        try:
            return self._lookup(action)
        except (KeyError, TypeError):
            pass
        try:
            if isinstance(action, str) and not action.strip()[:1].lstrip("-").isdigit():
                action = "0 " + action
            a = as_action(action)
        except ActionSyntaxError as exc:
            raise ValueError(str(exc)) from None
        i = self._index.get((a.verb, a.arg, a.alone))
        if i is None:
            raise ValueError(f"{_text(a[1:])!r} is not an action of variant {self.variant.name!r}")
        return i

    def decode(self, i: int, seat: int) -> Action:
        """The action of id ``i`` taken by ``seat`` (the player to move)."""
        if not 0 <= i < self.size:
            raise ValueError(f"action id {i} is out of range: {self.variant.name!r} has 0 to {self.size - 1}")
        if 0 <= seat < len(self._tables):
            return self._tables[seat][i]
        return Action(seat, *self.keys[i])

    def ids(self, legal: Iterable[Action | str]) -> list[int]:
        """The ids of the legal actions, in their order."""
        try:
            return list(map(self._lookup, legal))
        except (KeyError, TypeError):
            return [self.encode(a) for a in legal]

    def mask(self, legal: Iterable[Action | str]) -> list[bool]:
        """``size`` booleans: True at the id of each legal action."""
        out = [False] * self.size
        for i in self.ids(legal):
            out[i] = True
        return out


@functools.lru_cache(maxsize=64)
def action_space(variant: Variant) -> ActionSpace:
    """The (cached) action space of a variant: built once per distinct variant."""
    return ActionSpace(variant)
