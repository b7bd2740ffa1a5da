"""Which variants the compiled batch engine plays, and why it refuses the others.

The compiled engine covers what the built-in Euchre, Hasenpfeffer, Pepper and Five Hundred
need, weak hands (a redeal or a swap with the kitty), declarations that end the hand
(Jamboree), a lone player's exchange with the partners (Railroad), packs of several copies
of each card (Double Hasenpfeffer), dropping out and bucks (Buck Euchre), and tables of
players each for themselves (three-handed Euchre, Five Hundred for three: sides are seats):
order-up and auction making (stick the dealer, the Canadian loner, one or two rounds, a turned
Joker's suit fixed or named by the dealer, dirty clubs' turned trump, restricted bids,
contracts), the widow or the turned card and the discard, going alone and lone defence, trick
play with bowers and the Joker (the suit named after a Joker led in no-trump), the scoring
tables, the game's end and a match of games. A field it does not play, at a value other than
its default, makes it refuse the variant in one line; callers then play it in Python.

>>> from hasenpfeffer.format.variant import Variant
>>> refusal(Variant(name="x")) is None
True
>>> refusal(Variant(name="x", deal={"dummies": {"seats": [2]}}, making={"call": {}}))
'the compiled engine does not cover deal.dummies, making.call'
>>> refusal(Variant(name="x", players=3, partnerships="none")) is None
True
>>> buck = {"partnerships": "none", "alone": {"allowed": "nobody", "drop_out": {"allowed": True}}}
>>> refusal(Variant(name="x", **buck)) is None
True
>>> refusal(Variant(name="x", **buck, scoring={"declarations": [{"name": "top", "cards": 3, "points": 2}]}))
'the compiled engine does not cover alone.drop_out'
"""

from __future__ import annotations

from collections.abc import Callable

from ..format.variant import Variant
from ..rules import mechanisms as has

Check = tuple[str, Callable[[Variant], bool]]
"""A field (dotted) and whether a variant uses it in a way the compiled engine does not play."""


def _order_up(v: Variant) -> bool:
    return v.making.method == "order-up"


CHECKS: tuple[Check, ...] = (
    ("players", lambda v: v.partnerships == "alternate" and v.players % 2 != 0),
    ("partnerships", lambda v: v.partnerships == "called"),
    ("pack.jokers", lambda v: v.pack.jokers > 1),
    ("deal.dummies", lambda v: bool(v.deal.dummies.seats)),
    ("deal.kitty.size", lambda v: _order_up(v) and v.deal.kitty.size == 0),
    ("making.call", lambda v: v.making.call is not None),
    ("alone.drop_out", lambda v: _drops_with_more(v)),
    ("scoring.declarations", lambda v: any(not d.ends_hand for d in v.scoring.declarations)),
)
"""Every field the compiled engine refuses at a value it does not play, in the variant's order."""


def _drops_with_more(v: Variant) -> bool:
    """Dropping out beside what the kernel does not play with it: partnerships (and so lone play),
    declarations, or the Joker led in no-trump with the suit named by its leader (where everyone
    else dropped out, the Python engine lets the lone player's next card into that trick)."""
    more = v.partnerships != "none" or bool(v.scoring.declarations) or has.joker_names_suit(v)
    return v.alone.drop_out.allowed and more


def uncovered(v: Variant) -> list[str]:
    """The fields of ``v`` the compiled engine does not play (empty: it is covered).

    >>> uncovered(Variant(name="x", making={"call": {}}))
    ['making.call']
    """
    return [name for name, used in CHECKS if used(v)]


def refusal(v: Variant) -> str | None:
    """One line saying why the compiled engine refuses ``v``, or None when it plays it."""
    fields = uncovered(v)
    return f"the compiled engine does not cover {', '.join(fields)}" if fields else None


def covered(v: Variant) -> bool:
    """Whether the compiled engine plays ``v``."""
    return not uncovered(v)
