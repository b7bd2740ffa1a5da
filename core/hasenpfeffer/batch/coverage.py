"""Which variants the compiled engine plays, and why it refuses the others.

The compiled engine covers what the built-in Euchre, Hasenpfeffer, Pepper and Five Hundred
need, weak hands (a redeal or a swap with the kitty), declarations that end the hand
(Jamboree), a lone player's exchange with the partners (Railroad), packs of several copies
of each card (Double Hasenpfeffer), dropping out and bucks (Buck Euchre), dummies taken into
hand (two- and three-handed Euchre with dummies), a partner called by a card (five-handed
call-your-partner Euchre), and tables of players each for themselves (three-handed Euchre,
Five Hundred for three: sides are seats):
order-up and auction making (stick the dealer, the Canadian loner, one or two rounds, a turned
Joker's suit fixed or named by the dealer, dirty clubs' turned trump, turned cards that
must be ordered up by the players named, suits barred and makers resting after earlier
hands, restricted bids,
contracts), the widow or the turned card and the discard, going alone and lone defence, trick
play with bowers and the Joker (the suit named after a Joker led in no-trump), the scoring
tables, the game's end and a match of games. A field it does not play, at a value other than
its default, makes it refuse the variant in one line; callers then play it in Python.

What the compiled engine plays is declared once, in :data:`MECHANISMS`: per mechanism, the
field that writes it, when a variant uses it, and the bots it is played with (none: refused).
There is one compiled engine, the stepped kernel (:mod:`hasenpfeffer.batch.phases`): whole
games (:mod:`hasenpfeffer.batch.run`) and the vector environments
(:mod:`hasenpfeffer.rl.vector`) both step it, so they play the same variants. Every refusal,
and ``--engine auto``'s choice (:mod:`hasenpfeffer.sim.engines`), is read from that table;
``who`` only names the caller in the line.

>>> from hasenpfeffer.format.variant import Variant
>>> refusal(Variant(name="x")) is None
True
>>> refusal(Variant(name="x", players=5, partnerships="called", deal={"dummies": {"seats": [2]}}))
'the compiled engine does not cover partnerships, deal.dummies'
>>> refusal(Variant(name="x", players=3, partnerships="none")) is None
True
>>> buck = {"partnerships": "none", "alone": {"allowed": "nobody", "drop_out": {"allowed": True}}}
>>> refusal(Variant(name="x", **buck)) is None
True
>>> refusal(Variant(name="x", **buck, scoring={"declarations": [{"name": "top", "cards": 3, "points": 2}]}))
'the compiled engine does not cover alone.drop_out'
>>> refusal(Variant(name="x", deal={"dummies": {"seats": [2]}}), who="the vector environment")
'the vector environment does not cover deal.dummies'
>>> from hasenpfeffer import load_variant
>>> refusal(load_variant("examples/house-rules/two-handed-euchre-dummy.yaml"), bots=["greedy"]) is None
True
>>> refusal(Variant(name="x", deal={"dummies": {"seats": [2, 3], "play": "merged"}}))  # with an auction
'the compiled engine does not cover deal.dummies'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from ..bots.registry import is_learned
from ..format.variant import Variant
from ..rules import mechanisms as has

WHO = "the compiled engine"
"""How a refusal names the engine, unless the caller names itself."""
LEARNED_BOT = "learned"
"""A learned bot (``learned:FILE``) as :data:`BOTS` names it."""
BOTS = ("random", "greedy", LEARNED_BOT)
"""The bots the compiled engine plays, by their code in the kernel."""


class Mechanism(NamedTuple):
    """A mechanism as the compiled engine sees it: the field (dotted) that writes it, whether a
    variant uses it, and the bots the engine plays it with (none: it refuses it)."""

    field: str
    used: Callable[[Variant], bool]
    bots: tuple[str, ...] = ()


def _order_up(v: Variant) -> bool:
    return v.making.method == "order-up"


def _drops_with_more(v: Variant) -> bool:
    """Dropping out beside what the kernel does not play with it: partnerships (and so lone play),
    declarations, or the Joker led in no-trump with the suit named by its leader (where everyone
    else dropped out, the Python engine lets the lone player's next card into that trick)."""
    more = v.partnerships != "none" or bool(v.scoring.declarations) or has.joker_names_suit(v)
    return v.alone.drop_out.allowed and more


def _dummies_with_more(v: Variant) -> bool:
    """Dummies other than taken into hand in an order-up game, or beside what the kernel does
    not play with them: an auction, weak hands, declarations, dropping out, lone defence, a lone
    player's exchange, or a dummy that plays for the maker seated before a player without
    partnerships (the kernel numbers the sides by seat)."""
    d = v.deal.dummies
    if not d.seats:
        return False
    floating = [q for q in d.seats if d.floating(q)]
    before = v.partnerships != "alternate" and any(
        q < p for q in floating for p in range(v.players) if not d.is_dummy(p)
    )
    more = (
        has.auction(v) or bool(v.deal.weak_hands) or bool(v.scoring.declarations) or v.alone.drop_out.allowed
    )
    more = more or has.lone_defence(v) or has.exchanges(v) or before
    return not d.merged or more


def _calls_with_more(v: Variant) -> bool:
    """A called partner beside what the kernel does not play with it: dummies, dropping out,
    lone defence, a lone player's exchange, or a pack of copies where a card is called (two
    seats could hold it; a partner named by seat knows no card)."""
    more = bool(v.deal.dummies.seats) or v.alone.drop_out.allowed or has.lone_defence(v)
    by_card = v.calling is not None and v.calling.by == "card"
    more = more or has.exchanges(v) or (v.pack.copies > 1 and by_card)
    return v.calling is not None and more


MECHANISMS: tuple[Mechanism, ...] = (
    Mechanism("players", lambda v: v.partnerships == "alternate" and v.players % 2 != 0),
    Mechanism("partnerships", _calls_with_more),
    Mechanism("pack.jokers", lambda v: v.pack.jokers > 1),
    Mechanism("deal.dummies", _dummies_with_more),
    Mechanism("deal.kitty.size", lambda v: _order_up(v) and v.deal.kitty.size == 0),
    Mechanism("alone.drop_out", _drops_with_more),
    Mechanism("scoring.declarations", lambda v: any(not d.ends_hand for d in v.scoring.declarations)),
)
"""Every mechanism the compiled engine does not play, or plays with some bots only (for example
``Mechanism("pack.copies", lambda v: v.pack.copies > 1, ("random",))``); what is not here it
plays with either bot. A field may come twice: at a use no bot plays, and at a use some do."""


def uncovered(v: Variant, bots: Iterable[str] = ()) -> list[str]:
    """The fields of ``v`` that the compiled engine does not play (with every bot of ``bots``),
    once each in :data:`MECHANISMS`' order (empty: it is covered).

    >>> uncovered(Variant(name="x", players=5, partnerships="called", pack={"copies": 2}))
    ['partnerships']
    >>> uncovered(Variant(name="x", players=5, partnerships="called", pack={"copies": 2}, making={"call": {"by": "seat"}}))
    []
    >>> uncovered(Variant(name="x", pack={"copies": 2}))
    []
    """
    wanted = {kind_of(b) for b in bots}
    fields: list[str] = []
    for m in MECHANISMS:
        if m.field in fields or (m.bots and wanted <= set(m.bots)):
            continue
        if m.used(v):
            fields.append(m.field)
    return fields


def refusal(v: Variant, bots: Iterable[str] = (), who: str = WHO) -> str | None:
    """One line saying why the compiled engine (named ``who``) refuses ``v`` (played by
    ``bots``), or None when it plays it."""
    wanted = sorted({kind_of(b) for b in bots})
    fields = uncovered(v, wanted)
    if not fields:
        return None
    if not uncovered(v):  # only a bot is refused
        short = [b for b in wanted if uncovered(v, [b])]
        return f"{who} does not cover {', '.join(fields)} for the {' and '.join(short)} bot"
    return f"{who} does not cover {', '.join(fields)}"


def kind_of(spec: str) -> str:
    """A bot spec as :data:`BOTS` names it (every ``learned:FILE`` is ``learned``).

    >>> kind_of(" learned:euchre.policy"), kind_of("greedy ")
    ('learned', 'greedy')
    """
    return LEARNED_BOT if is_learned(spec) else spec.strip()


def covered(v: Variant, bots: Iterable[str] = ()) -> bool:
    """Whether the compiled engine plays ``v`` (with ``bots``)."""
    return not uncovered(v, bots)
