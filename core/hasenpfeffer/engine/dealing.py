"""Dealing: a shuffled deal from the game's generator, a given deal checked against the pack, and
a hand's deal as its events tell it (:class:`Dealt`, what :func:`~.game.actual_deal` gives).

>>> from hasenpfeffer.format.variant import Variant
>>> from hasenpfeffer.rules.plan import plan_for
>>> from hasenpfeffer.rules.ruleset import compile_variant
>>> plan = plan_for(compile_variant(Variant(name="x")))
>>> parse_deal(plan, {"hands": ["JK JH JD AH KH QH", "AS KS QS JS TS 9S",
...     "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"], "widow": ["9C"]})[2]
[0]
>>> parse_deal(plan, {"hands": ["JK"] * 4})
Traceback (most recent call last):
...
ValueError: each hand must hold 6 cards
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..format.cards import Card
from ..rules.plan import Plan
from .events import CardsDiscarded, CardsGiven, Event, HandDealt

if TYPE_CHECKING:
    from ..rules.ruleset import Ruleset
    from .state import FixedDeal, State


@dataclass(frozen=True)
class Dealt:
    """One hand's cards: the dealer, each seat's hand and the kitty as dealt (the turned card
    first), and the cards of the hand's discards and gifts so far, in order (``set_aside``)."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    set_aside: tuple[Card, ...] = ()

    def mapping(self) -> dict[str, Any]:
        """The deal as ``Game(deal=...)`` takes it."""
        return {"dealer": self.dealer, "hands": [list(h) for h in self.hands], "widow": list(self.kitty)}


def dealt_of(events: Sequence[Event]) -> Dealt:
    """The deal of the last hand of ``events``, with every discard and gift made since."""
    start = next(i for i in range(len(events) - 1, -1, -1) if type(events[i]) is HandDealt)
    dealt = events[start]
    assert isinstance(dealt, HandDealt)
    aside = [c for e in events[start:] if isinstance(e, CardsDiscarded | CardsGiven) for c in e.cards]
    return Dealt(dealt.dealer, dealt.hands, dealt.kitty, tuple(aside))


def _draw(deck: list[int], rng: random.Random) -> None:
    """Fisher-Yates with ``getrandbits`` and rejection: the draws of ``Random.shuffle``, inlined."""
    bits = rng.getrandbits
    for i, n, k in _steps(len(deck)):
        j = bits(k)
        while j >= n:
            j = bits(k)
        deck[i], deck[j] = deck[j], deck[i]


@functools.cache
def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """For each swap of a shuffle of ``size`` cards: the position, the range drawn and its bits."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def _same() -> bool:
    """Whether :func:`_draw` gives exactly this Python's ``Random.shuffle``."""
    for seed, size in ((1, 25), (2, 48), (3, 1), (4, 2)):
        a, b = list(range(size)), list(range(size))
        random.Random(seed).shuffle(a)
        _draw(b, random.Random(seed))
        if a != b:
            return False
    return True


_SAME = _same()


def shuffle(deck: list[int], rng: random.Random) -> None:
    """``rng.shuffle(deck)``, the same permutation from the same generator, with less overhead.

    >>> a, b = list(range(25)), list(range(25))
    >>> random.Random(7).shuffle(a); shuffle(b, random.Random(7)); a == b
    True
    """
    if _SAME:
        _draw(deck, rng)
    else:  # pragma: no cover - a Python whose shuffle draws differently
        rng.shuffle(deck)


def draw_owed(deck: Sequence[int], rng: random.Random, owed: int) -> None:
    """Draw from ``rng`` the ``owed`` shuffles of ``deck`` that given deals stood in for (the
    cards are put aside): the stream is then where every hand shuffled would have left it."""
    for _ in range(owed):
        shuffle(list(deck), rng)


def shuffled_deal(s: State) -> tuple[list[list[int]], list[int]]:
    """Shuffle the pack with the game's generator and deal it in the variant's packets."""
    p = s.plan
    deck = list(s.rules.deck)
    shuffle(deck, s.rng)
    hands: list[list[int]] = [[] for _ in range(p.n)]
    i = 0
    own = [p.dealt[q] if p.dealt[q] != p.hand_size else None for q in range(p.n)]
    for first, size in enumerate(p.packets):
        seat = p.left[s.dealer]
        for _ in range(p.n):
            mine = own[seat]  # a dummy with a hand size of its own: all of it in the first round
            take = size if mine is None else mine if first == 0 else 0
            hands[seat].extend(deck[i : i + take])
            i += take
            seat = p.left[seat]
    for h in hands:
        h.sort()
    return hands, deck[i:]


def parse_deal(plan: Plan, deal: Mapping[str, Any]) -> FixedDeal:
    """A given deal (``dealer``, ``hands`` by seat, ``widow``) as card ids; raises ValueError."""
    rules = plan.rules
    dealer = deal.get("dealer")
    if dealer is not None and (not isinstance(dealer, int) or not 0 <= dealer < plan.n):
        raise ValueError(f"the dealer must be a seat from 0 to {plan.n - 1}, read {dealer!r}")
    if dealer is not None and plan.dummy[dealer]:
        raise ValueError(f"seat {dealer} is a dummy and never deals")
    raw = deal.get("hands")
    if not isinstance(raw, Sequence) or isinstance(raw, str) or len(raw) != plan.n:
        raise ValueError(f"a deal needs 'hands': a list of {plan.n} hands")
    hands = [sorted(_ids(rules, h)) for h in raw]
    kitty = _ids(rules, deal.get("widow", []))
    if any(len(h) != n for h, n in zip(hands, plan.dealt, strict=True)):
        sizes = "" if len(set(plan.dealt)) == 1 else f" (by seat: {', '.join(map(str, plan.dealt))})"
        raise ValueError(f"each hand must hold {plan.hand_size} cards{sizes}")
    if sorted([c for h in hands for c in h] + kitty) != sorted(rules.deck):
        raise ValueError("the hands and widow must hold exactly the cards of the pack")
    return dealer, hands, kitty


def _ids(rules: Ruleset, value: Any) -> list[int]:
    """The ids of a hand's cards (written as the pack writes them, the common case, or any way)."""
    ids = rules.card_id
    if not isinstance(value, str):
        try:  # a list of the pack's own names, as worlds and records give them
            return [ids[c] for c in value]
        except (KeyError, TypeError):
            pass
    cards = _cards(value)
    try:
        return [ids[c] for c in cards]
    except KeyError:
        return [rules.cid(c) for c in cards]


def _cards(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.replace(",", " ").split()
    return [str(c) for c in value]


def swap_dealt(s: State, a: int, b: int) -> None:
    """Swap two cards still where the hand's deal put them, or laid away from there (a seat's
    hand, the kitty's part neither turned nor taken, a discard of a card dealt to the
    discarder), as if they had been dealt so: the hands, the kitty, the discards and their
    events change, the actions do not (the caller checks that the history still fits).
    ValueError for any other card."""
    dealt = s.events[s.hand_events]
    assert isinstance(dealt, HandDealt)
    where = [_dealt_at(s, dealt, c) for c in (a, b)]
    if where[0] == where[1]:
        return
    faces, ids = s.rules.faces, s.rules.card_id
    hands, kitty = list(dealt.hands), list(dealt.kitty)
    for (kind, seat, i), out, into in ((where[0], a, b), (where[1], b, a)):
        if kind == "kitty":
            s.kitty[s.kitty.index(out)] = into
            kitty[kitty.index(faces[out])] = faces[into]
            continue
        if kind == "hand":
            held = s.hands[seat]
            held.remove(out)
            held.append(into)
            held.sort()
        else:  # laid away: the discard and its event
            s.discards[i] = (seat, into)
            j, e = next(
                (j, e)
                for j, e in enumerate(s.events)
                if j > s.hand_events
                and isinstance(e, CardsDiscarded)
                and e.seat == seat
                and faces[out] in e.cards
            )
            cards = list(e.cards)
            cards[cards.index(faces[out])] = faces[into]
            s.events[j] = e._replace(cards=tuple(cards))
            s.ledger = None  # its actions are read again from the events
        dealt_ids = [ids[c] for c in hands[seat]]
        dealt_ids[dealt_ids.index(out)] = into
        hands[seat] = tuple([faces[c] for c in sorted(dealt_ids)])
    s.events[s.hand_events] = dealt._replace(hands=tuple(hands), kitty=tuple(kitty))
    s.legal = None


def _dealt_at(s: State, dealt: HandDealt, c: int) -> tuple[str, int, int]:
    """Where ``c`` is, still as dealt: ("hand", seat, 0), ("kitty", -1, 0) or, laid away by
    the seat it was dealt to, ("discard", seat, its place among the discards)."""
    name = s.rules.names[c]
    if c != s.turned and c not in s.widow_taken:
        for seat, hand in enumerate(dealt.hands):
            if name in hand:
                if c in s.hands[seat]:
                    return "hand", seat, 0
                if (seat, c) in s.discards:
                    return "discard", seat, s.discards.index((seat, c))
        if name in dealt.kitty and c in s.kitty:
            return "kitty", -1, 0
    raise ValueError(f"{name} is not where the deal put it, unseen")
