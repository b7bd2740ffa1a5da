"""A game's events as plain data: its hands (deal, actions, result) and the record of the game.

The record is what :mod:`hasenpfeffer.records` writes to a file and replays (see
docs/records.md); it is built from the public event history alone.

>>> from hasenpfeffer import Game, Variant
>>> g = Game(Variant(name="x"), seed=3)
>>> for _ in range(6): _ = g.apply(g.legal_actions()[0])
>>> [h["actions"] for h in hands(g.events)]
[['3 pass', '0 pass', '1 pass', '2 pass', '0 trump C', '0 discard QC']]
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from ..format.cards import JOKER
from ..format.variant import Variant
from ..rules import mechanisms as has
from ..rules.ruleset import Ruleset
from .events import Event, GameWon, HandDealt, HandScored, MatchWon, PartnerCalled, TrickWon


def split(events: Iterable[Event]) -> list[list[Event]]:
    """The events hand by hand (a hand starts with its ``HandDealt``; ``GameWon`` ends the last)."""
    out: list[list[Event]] = []
    for e in events:
        if type(e) is HandDealt or not out:
            out.append([])
        out[-1].append(e)
    return out


def played(events: Iterable[Event]) -> list[list[Event]]:
    """The hands of the events as a record holds them: :func:`split`, without the hand dealt
    when the last one ended while nothing has happened in it yet (a game's first hand is kept:
    a record holds at least one).

    >>> from hasenpfeffer import Game, load_variant
    >>> g = Game(load_variant("euchre"), seed=2)
    >>> while not g.hand_results:
    ...     _ = g.apply(g.legal_actions()[0])
    >>> len(split(g.events)), len(played(g.events)), len(played(Game(g.variant, seed=2).events))
    (2, 1, 1)
    """
    hands = split(events)
    if len(hands) > 1 and len(hands[-1]) == 1:
        hands.pop()
    return hands


def imposed_after(rules: Ruleset, events: Iterable[Event]) -> str | None:
    """The suit a game's ``events`` leave imposed on its next hand
    (``making.order_up.last_trick_suit``): the suit of the card that won the last trick of the
    last hand played (a bower or Joker of trump: the trump suit; a Joker of no suit: None); a
    match's next game starts free. None where the variant has no such rule.

    >>> from hasenpfeffer import Game, load_variant
    >>> from hasenpfeffer.rules.ruleset import compile_variant
    >>> g = Game(load_variant("examples/house-rules/euchre-last-trick-suit.yaml"), seed=10)
    >>> while not g.hand_results or g.hand_results[-1].thrown_in:
    ...     _ = g.apply(g.legal_actions()[0])
    >>> last = [e for e in g.events if type(e) is TrickWon][-1]  # the left bower: a diamond
    >>> str(last.card), g.hand_results[-1].trump, g.imposed, imposed_after(compile_variant(g.variant), g.events)
    ('JH', 'D', 'D', 'D')
    """
    if not has.last_trick_suit(rules.variant):
        return None
    imposed: str | None = None
    last: TrickWon | None = None
    for e in events:
        if type(e) is HandDealt:
            last = None
        elif type(e) is TrickWon:
            last = e
        elif type(e) is HandScored and last is not None:
            suit = rules.effective_suit(last.card, e.result.trump)
            imposed = None if suit == JOKER else suit
        elif type(e) is GameWon:
            imposed = None
    return imposed


def hand_entry(events: Sequence[Event]) -> dict[str, Any]:
    """One hand of a record: dealer, hands, widow, actions, and its result once it is over (plain
    data: the cards as text)."""
    dealt = events[0]
    assert isinstance(dealt, HandDealt)
    entry: dict[str, Any] = {
        "dealer": dealt.dealer,
        "hands": [[str(c) for c in h] for h in dealt.hands],
        "widow": [str(c) for c in dealt.kitty],
        "actions": [str(a) for e in events if (a := e.action) is not None],
    }
    for e in events:
        if type(e) is HandScored:
            r = e.result
            entry["result"] = {
                "maker": r.maker,
                "bid": r.bid,
                "trump": r.trump,
                "alone": r.alone,
                "defender_alone": r.defender_alone,
                "thrown_in": r.thrown_in,
                "forced": r.forced,
                "trick_winners": [t.winner for t in events if type(t) is TrickWon],
                "tricks": list(r.tricks),
                "made": r.made,
                "score_change": list(r.score_change),
                "scores": list(r.scores),
            }
            if any(type(c) is PartnerCalled for c in events):  # partnerships: called
                entry["result"]["partner"] = r.partner
                if r.second_partner is not None:
                    entry["result"]["second_partner"] = r.second_partner
    return entry


def hands(events: Iterable[Event]) -> list[dict[str, Any]]:
    """Every hand of the events that a record holds (:func:`played`), as record entries."""
    return [hand_entry(h) for h in played(events)]


@functools.lru_cache(maxsize=64)
def _builtin_for(variant: Variant) -> str | None:
    from ..format.loader import builtin_names, load_variant

    if variant.name in builtin_names() and load_variant(str(variant.name)) == variant:
        return str(variant.name)
    return None


def variant_ref(v: Variant) -> str | dict[str, Any]:
    """A built-in's name, or the variant as an embedded mapping (fields that differ from the defaults)."""
    name = _builtin_for(v)
    if name is not None:
        return name
    data: dict[str, Any] = v.model_dump(mode="json", exclude_defaults=True)
    data["name"] = v.name
    return data


def record(variant: Variant, seed: int | None, events: Sequence[Event]) -> dict[str, Any]:
    """The record of a game so far: the variant, the seed, every hand, and the result once won."""
    out: dict[str, Any] = {"variant": variant_ref(variant)}
    if seed is not None:
        out["seed"] = seed
    out["hands"] = hands(events)
    last = events[-1] if events else None
    if type(last) is MatchWon:
        games = [e for e in events if type(e) is GameWon]
        out["result"] = {"scores": list(games[-1].scores), "winner": last.side, "games": list(last.games)}
    elif type(last) is GameWon:
        out["result"] = {"scores": list(last.scores), "winner": last.side}
    return out
