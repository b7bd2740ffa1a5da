"""Dealing: a shuffled deal from the game's draws, a given deal checked against the pack, and
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
import operator
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..format.cards import Card
from ..rules.plan import Plan
from .draws import DEAL, shuffle, stream
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


@functools.cache
def deal_order(plan: Plan, dealer: int) -> tuple[tuple[int, ...], ...]:
    """Where each seat's cards lie in the shuffled pack when ``dealer`` deals: the variant's
    packets dealt round the table from the dealer's left (the kitty follows them, then any dead
    hand, ``deal.dead_hand``).

    >>> from hasenpfeffer import load_variant
    >>> from hasenpfeffer.rules.ruleset import compile_variant
    >>> from hasenpfeffer.rules.plan import plan_for
    >>> deal_order(plan_for(compile_variant(load_variant("euchre"))), 3)[0]
    (0, 1, 2, 12, 13)
    """
    n = plan.n
    at: list[list[int]] = [[] for _ in range(n)]
    own = [plan.dealt[q] if plan.dealt[q] != plan.hand_size else None for q in range(n)]
    i = 0
    for first, size in enumerate(plan.packets):
        seat = plan.left[dealer]
        for _ in range(n):
            mine = own[seat]  # a dummy with a hand size of its own: all of it in the first round
            take = size if mine is None else mine if first == 0 else 0
            at[seat].extend(range(i, i + take))
            i += take
            seat = plan.left[seat]
    return tuple(tuple(a) for a in at)


def shuffled_deal(s: State) -> tuple[list[list[int]], list[int]]:
    """Shuffle the pack with the hand's key (:mod:`.draws`: the game's ``DEAL`` stream, by
    hand) and deal it in the variant's packets."""
    deck = list(s.rules.deck)
    shuffle(deck, stream(s.key, DEAL, len(s.hand_results)))
    takes, rest = _takers(s.plan, s.dealer)
    return [sorted(take(deck)) for take in takes], deck[rest : rest + s.plan.dealing.kitty]


@functools.cache
def _takers(plan: Plan, dealer: int) -> tuple[tuple[Callable[[list[int]], Sequence[int]], ...], int]:
    """For each seat, what takes its cards from the shuffled pack; where the kitty starts."""
    order = deal_order(plan, dealer)
    takes = [operator.itemgetter(*at) if len(at) > 1 else _taker(at) for at in order]
    return tuple(takes), sum(map(len, order))


def _taker(at: tuple[int, ...]) -> Callable[[list[int]], Sequence[int]]:
    return lambda deck: [deck[i] for i in at]


def parse_deal(plan: Plan, deal: Mapping[str, Any]) -> FixedDeal:
    """A given deal (``dealer``, ``hands`` by seat, ``widow``) as card ids; raises ValueError.
    The cards of the pack that no hand nor the widow holds are the dead hand (``deal.dead_hand``)."""
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
    dealt = [c for h in hands for c in h] + kitty
    if plan.dealing.dead_hand == 0:
        if sorted(dealt) != sorted(rules.deck):
            raise ValueError("the hands and widow must hold exactly the cards of the pack")
    elif len(kitty) != plan.dealing.kitty or Counter(dealt) - Counter(rules.deck):
        raise ValueError(
            f"the hands and a widow of {plan.dealing.kitty} must hold cards of the pack, each once"
            " (the rest are the dead hand)"
        )
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
    events change (and the maker's partner, where the called card moved), the actions do not
    (the caller checks that the history still fits).
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
    if s.called is not None and s.called in (a, b) and s.maker is not None:
        # the called card's holder is the maker's partner, as if the call had found it there
        s.partner = next((q for q in range(s.plan.n) if q != s.maker and s.called in s.hands[q]), None)
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
