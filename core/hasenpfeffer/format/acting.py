"""Fields that act only under another: where each acts, and the refusal of one set where it
does not (a ladder in an order-up game, an open hand's moment on a bid that is not open...).

:data:`UNDER` lists them: the field (``{i}`` for each entry of a list), the condition in words,
and what stands in its way where the condition fails. :func:`unused` finds each such field set
to a value other than its default where its condition fails. Fields that other checks refuse
out of place (a Joker's rank without a Joker, a call without a called partner, a lone
exchange without lone play...) are not repeated here.

>>> from hasenpfeffer.format.variant import Variant
>>> unused(Variant(name="x", making={"method": "order-up", "auction": {"ladder": [2, 4]}}))
[(('making', 'auction', 'ladder'), 'acts only when making.method is auction, but it is order-up')]
>>> unused(Variant(name="x"))
[]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from .variant import NO_TRUMPS, Bid, Points, Variant

Location = tuple[str | int, ...]
Lacking = Callable[[Variant, Any], str]
"""What stands in a field's way, given the variant and the field's holder (the list entry for a
field of each entry, else the field's value): ``""`` where the field acts."""


@dataclass(frozen=True)
class Under:
    """A field that acts only when ``when`` holds; ``lacking`` says what stands in its way."""

    field: str
    when: str
    lacking: Lacking


def _is(get: Callable[[Variant], Any], value: Any) -> Lacking:
    """The field acts where ``get(v) == value``; elsewhere: "it is" what ``get`` reads."""
    return lambda v, _: "" if get(v) == value else f"it is {_word(get(v))}"


def _word(value: Any) -> str:
    """A value as the file writes it: ``true``, ``false``, ``null`` or its text."""
    if value is None:
        return "null"
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def may_go_alone(v: Variant) -> bool:
    """A maker may go alone by an action (``alone.allowed``): with alternate partnerships, or,
    players each for themselves, by leaving untaken the dummy the maker takes into hand
    (:func:`leaves_dummy`).

    >>> may_go_alone(Variant(name="x")), may_go_alone(Variant(name="x", partnerships="none"))
    (True, False)
    """
    return v.alone.allowed == "maker" and (v.partnerships == "alternate" or leaves_dummy(v))


def leaves_dummy(v: Variant) -> bool:
    """Players each for themselves whose maker takes a dummy into hand (``deal.dummies`` with
    ``controller: maker`` and ``play: merged``): the maker may go alone by leaving it untaken,
    where ``alone.allowed`` is maker (three-handed Euchre with a dummy).

    >>> d = {"seats": [3], "controller": "maker", "play": "merged"}
    >>> leaves_dummy(Variant(name="x", players=4, partnerships="none", deal={"dummies": d}))
    True
    """
    d = v.deal.dummies
    return v.partnerships == "none" and d.merged and d.controller == "maker"


def bid_exchanges(v: Variant, bid: Bid | None) -> bool:
    """Whether a lone maker of ``bid`` (None: no bid of the ladder, as after an order-up or at a
    forced bid outside it) exchanges cards with the partners (``alone.exchange``): the bid's own
    ``exchange`` where it says, else where a maker may go alone by an action.

    >>> v = Variant(name="x", alone={"exchange": {"cards": 1}})
    >>> bid_exchanges(v, None), bid_exchanges(v, Bid(name="loner", tricks=6, alone=True, exchange=False))
    (True, False)
    """
    if v.alone.exchange.cards <= 0 or v.partnerships != "alternate":
        return False
    if bid is not None and bid.exchange is not None:
        return bid.exchange and (bid.alone or may_go_alone(v))
    return may_go_alone(v)


def maker_exchanges(v: Variant) -> bool:
    """Some lone maker exchanges cards with the partners (:func:`bid_exchanges`)."""
    return bid_exchanges(v, None) or any(bid_exchanges(v, b) for b in _ladder(v))


def _bid_exchange(v: Variant, bid: Bid) -> str:
    if v.alone.exchange.cards <= 0:
        return "alone.exchange.cards is 0"
    return "" if bid.alone or may_go_alone(v) else f"bid `{bid.name}` is never played alone"


def _ladder(v: Variant) -> tuple[Bid, ...]:
    """The bids a hand may be played on (none without an auction)."""
    return v.making.auction.ladder if v.making.method == "auction" else ()


def _forced_plain(v: Variant) -> bool:
    """A forced bid outside the ladder (a number of tricks) may be played: scored by the
    ``scoring`` section, its trump named by the maker."""
    ap = v.making.all_pass
    return v.making.method == "auction" and ap.rule == "forced" and ap.bid not in {b.name for b in _ladder(v)}


def lone_defence(v: Variant) -> bool:
    """A defender may be offered to go alone: alternate partnerships, ``alone.lone_defence``,
    against a maker who may go alone or against any maker.

    >>> lone_defence(Variant(name="x")), lone_defence(Variant(name="x", alone={"allowed": "nobody"}))
    (True, False)
    """
    a = v.alone
    return (
        v.partnerships == "alternate"
        and a.lone_defence
        and (may_go_alone(v) or a.lone_defence_against == "any-maker")
    )


def _lone_maker(v: Variant, _: Any) -> str:
    """A maker may play alone in a hand scored by the ``scoring`` section: going alone, a called
    partner nobody holds, a contract played alone without points of its own."""
    if may_go_alone(v) or v.partnerships == "called":
        return ""
    if any(b.alone and b.points is None for b in _ladder(v)):
        return ""
    return "nobody goes alone (alone.allowed is nobody) and no bid without points is played alone"


def _anyone_alone(v: Variant, _: Any) -> str:
    if may_go_alone(v) or lone_defence(v) or any(b.alone for b in _ladder(v)):
        return ""
    return "nobody goes alone: alone.allowed is nobody, no defender defends alone, no bid is played alone"


def _both_alone(v: Variant, _: Any) -> str:
    if not lone_defence(v):
        return "no defender defends alone"
    return "" if may_go_alone(v) or any(b.alone for b in _ladder(v)) else "no maker goes alone"


def _defending(v: Variant, _: Any) -> str:
    return "" if lone_defence(v) else "no defender defends alone"


def _against(v: Variant, _: Any) -> str:
    if v.partnerships != "alternate":
        return f"partnerships is {v.partnerships}"
    return "" if v.alone.lone_defence else "alone.lone_defence is false"


def _lone_exchange(v: Variant, _: Any) -> str:
    return _defending(v, _) or ("" if v.alone.exchange.cards > 0 else "alone.exchange.cards is 0")


def _by_section(v: Variant, value: Any) -> str:
    """Some hand is scored by the ``scoring`` section's formulas: an order-up, a bid without
    points of its own, or a forced bid outside the ladder (a 0, or an empty table, says nothing)."""
    if v.making.method == "order-up" or _forced_plain(v) or any(b.points is None for b in _ladder(v)):
        return ""
    return "" if not value else "every bid of the ladder carries its own points"


def _defended(v: Variant, _: Any) -> str:
    if v.making.method == "order-up" or _forced_plain(v) or any(b.defenders_score for b in _ladder(v)):
        return ""
    return "every bid of the ladder says defenders_score: false"


def _no_trump(v: Variant, _: Any) -> str:
    m, ap = v.making, v.making.all_pass
    if m.method == "auction":
        named = m.no_trump and (any(b.trump is None for b in m.auction.ladder) or _forced_plain(v))
        if (
            named
            or any(b.trump in NO_TRUMPS for b in m.auction.ladder)
            or (ap.rule == "play" and ap.trump == "NT")
        ):
            return ""
    elif (
        (m.no_trump and m.order_up.rounds == 2)
        or ap.stuck_dealer.no_trump
        or (ap.rule == "play" and ap.trump == "NT")
    ):
        return ""
    return "no hand is played at no-trump"


def _names_trump(v: Variant, _: Any) -> str:
    m = v.making
    if m.method == "order-up":
        return "" if m.order_up.rounds == 2 else "making.order_up.rounds is 1: nobody names trump"
    return (
        ""
        if any(b.trump is None for b in m.auction.ladder) or _forced_plain(v)
        else "every bid names its trump"
    )


def _thrown_in(v: Variant, _: Any) -> str:
    ap = v.making.all_pass
    if ap.rule == "throw-in" or (
        v.making.method == "auction" and ap.rule == "forced" and ap.forced == "joker-holder"
    ):
        return ""
    stuck = " (with order-up the dealer is stuck)" * (v.making.method == "order-up" and ap.rule == "forced")
    return f"making.all_pass.rule is {ap.rule}{stuck}"


def _forced(v: Variant, _: Any) -> str:
    ap, ou = v.making.all_pass, v.making.order_up
    turned = v.making.method == "order-up" and bool(ou.turned_trump) and ou.turned_trump_maker == "dealer"
    if ap.rule == "forced" or (turned and ou.turned_trump_forced):
        return ""
    return f"making.all_pass.rule is {ap.rule} and no turned trump makes the dealer maker"


def _played_out(v: Variant, _: Any) -> str:
    m = v.making
    if m.all_pass.rule == "play":
        return ""
    if m.method == "order-up" and m.order_up.turned_trump and m.order_up.turned_trump_maker == "nobody":
        return ""
    return "no hand is played without a maker"


def _per_trick(v: Variant, _: Any) -> str:
    set_there = "scoring.no_maker.per_trick is set" if v.scoring.no_maker.per_trick is not None else ""
    return _played_out(v, _) or set_there


def _dealer_maker(v: Variant, _: Any) -> str:
    ou = v.making.order_up
    return (
        ""
        if ou.turned_trump and ou.turned_trump_maker == "dealer"
        else "no turned card makes the dealer maker"
    )


def _open(v: Variant, bid: Bid) -> str:
    return "" if bid.open else f"bid `{bid.name}` is not open"


def _own_points(v: Variant, bid: Bid) -> str:
    return (
        ""
        if bid.points is not None
        else f"bid `{bid.name}` has no points: a set is scored by the scoring section"
    )


def _section_points(v: Variant, bid: Bid) -> str:
    return "" if bid.points is None else f"bid `{bid.name}` carries its own points"


def _scoring_defenders(v: Variant, _: Any) -> str:
    return "" if v.scoring.defenders != Points() else "scoring.defenders scores nothing"


def _redeal(v: Variant, hand: Any) -> str:
    return "" if hand.action == "redeal" else f"the action is {hand.action}"


def _targeted(v: Variant, _: Any) -> str:
    return "" if v.game.target is not None else "it is null"


def _dummies(v: Variant, _: Any) -> str:
    return "" if v.deal.dummies.seats else "it is empty"


def _joker(v: Variant, _: Any) -> str:
    return "" if v.pack.jokers else "pack.jokers is 0"


def _forced_player(v: Variant, _: Any) -> str:
    """Who is forced: in an auction where the rule forces one (with order-up it can only be the
    dealer, which other checks require where the dealer is stuck)."""
    rule = v.making.all_pass.rule
    return "" if rule == "forced" or v.making.method == "order-up" else f"it is {rule}"


def _auction_forced(v: Variant, _: Any) -> str:
    m = v.making
    if m.method != "auction":
        return "making.method is order-up (the dealer is stuck)"
    return "" if m.all_pass.rule == "forced" else f"making.all_pass.rule is {m.all_pass.rule}"


_AUCTION = "making.method is auction"
_ORDER_UP = "making.method is order-up"
_ORDER_UP_FIELDS = (
    "rounds",
    "named_alone",
    "makers",
    "turned_suit_barred",
    "dealer_discards",
    "dealer_keeps_turned",
    "dealer_partner_alone",
    "tricks_required",
    "turned_joker",
    "turned_joker_blind",
    "turned_trump",
    "turned_trump_forced",
    "turned_trump_maker",
    "must_order",
    "failed_suit_barred",
    "last_maker_passes",
    "last_trick_suit",
    "take_over",
)
_ALONE_POINTS = "a maker plays alone in a hand scored by the scoring section"

UNDER: tuple[Under, ...] = (
    *(
        Under(f"making.auction.{f}", _AUCTION, _is(lambda v: v.making.method, "auction"))
        for f in ("ladder", "style", "pass_final", "rank", "stuck_dealer")
    ),
    Under(
        "making.auction.pass_final",
        "making.auction.style is until-passes",
        _is(lambda v: v.making.auction.style, "until-passes"),
    ),
    Under("making.auction.ladder.{i}.open_from", "the bid is open (open: true)", _open),
    Under(
        "making.auction.ladder.{i}.exchange",
        "the bid is played alone and alone.exchange.cards is above 0",
        _bid_exchange,
    ),
    Under("making.auction.ladder.{i}.failed_points", "the bid has points of its own", _own_points),
    Under("making.auction.ladder.{i}.multiplier", "the bid has no points of its own", _section_points),
    Under(
        "making.auction.ladder.{i}.defenders_score", "scoring.defenders scores something", _scoring_defenders
    ),
    *(
        Under(f"making.order_up.{f}", _ORDER_UP, _is(lambda v: v.making.method, "order-up"))
        for f in _ORDER_UP_FIELDS
    ),
    Under(
        "making.order_up.named_alone",
        "making.order_up.rounds is 2",
        _is(lambda v: v.making.order_up.rounds, 2),
    ),
    Under(
        "making.order_up.turned_suit_barred",
        "making.order_up.rounds is 2",
        _is(lambda v: v.making.order_up.rounds, 2),
    ),
    Under("making.order_up.turned_joker", "the pack has a Joker", _joker),
    Under(
        "making.order_up.turned_joker_blind",
        "making.order_up.turned_joker is dealer-names",
        _is(lambda v: v.making.order_up.turned_joker, "dealer-names"),
    ),
    Under(
        "making.order_up.dealer_keeps_turned",
        "making.order_up.dealer_discards is true",
        _is(lambda v: v.making.order_up.dealer_discards, True),
    ),
    Under("making.order_up.turned_trump_forced", "a turned trump makes the dealer maker", _dealer_maker),
    Under("making.no_trump", "a maker names trump", _names_trump),
    Under(
        "making.all_pass.forced",
        "making.all_pass.rule is forced (with order-up: dealer only)",
        _forced_player,
    ),
    Under("making.all_pass.bid", "making.all_pass.rule is forced in an auction", _auction_forced),
    Under("making.all_pass.redeal", "a hand is thrown in when all pass", _thrown_in),
    Under("making.all_pass.failure_multiplier", "a maker may be forced", _forced),
    Under(
        "making.all_pass.trump", "making.all_pass.rule is play", _is(lambda v: v.making.all_pass.rule, "play")
    ),
    Under(
        "making.all_pass.per_trick",
        "a hand without a maker is scored by it (scoring.no_maker.per_trick null)",
        _per_trick,
    ),
    Under("ranking.no_trump_joker", "a hand may be played at no-trump", _no_trump),
    Under("ranking.no_trump_joker_led", "a hand may be played at no-trump", _no_trump),
    Under("deal.weak_hands.{i}.dealer", "the action is redeal", _redeal),
    *(
        Under(f"deal.dummies.{f}", "deal.dummies.seats lists a seat", _dummies)
        for f in ("controller", "exposed", "hand_size", "play")
    ),
    Under("alone.lone_defence_against", "partnerships is alternate and alone.lone_defence is true", _against),
    Under("alone.lone_defence_order", "a defender may defend alone", _defending),
    Under(
        "alone.exchange.lone_defender",
        "a defender may defend alone and alone.exchange.cards is above 0",
        _lone_exchange,
    ),
    Under("leads.alone", "a player may play alone", _anyone_alone),
    Under("leads.both_alone", "a maker and a defender may both play alone", _both_alone),
    *(
        Under(f"scoring.{f}", _ALONE_POINTS, _lone_maker)
        for f in ("made_alone", "alone_multiplier", "multiply_failed_alone")
    ),
    Under("scoring.failed_alone_defence", "a defender may defend alone", _defending),
    *(
        Under(
            f"scoring.{part}.{f}",
            "some hand is scored by the scoring section (a 0 or an empty table is accepted anywhere)",
            _by_section,
        )
        for part in ("made", "failed")
        for f in ("fixed", "per_trick", "per_bid_trick", "table")
    ),
    Under("scoring.defenders", "some hand lets the defenders score", _defended),
    *(
        Under(f"scoring.no_maker.{f}", "a hand may be played without a maker", _played_out)
        for f in ("per_trick", "minimum", "short")
    ),
    Under(
        "scoring.declarations.{i}.groups",
        "the set's holding is ranks",
        lambda v, d: "" if d.holding == "ranks" else f"it is {d.holding}",
    ),
    Under("game.win_by_defeat", "game.must_bid_out is true", _is(lambda v: v.game.must_bid_out, True)),
    Under("game.must_bid_out", "game.target is set", _targeted),
    Under("match.laps", "game.target is set", _targeted),
)
"""Every field that acts only under another, with its condition (a field under two conditions
is listed twice)."""


def fields(model: BaseModel, dotted: str) -> Iterator[tuple[Location, Any, Any, Any]]:
    """(location, value, default, holder) of a dotted field in ``model``: ``{i}`` stands for each
    entry of a list, the holder is the entry (else the value itself).

    >>> from hasenpfeffer.format.variant import Variant
    >>> v = Variant(name="x", making={"auction": {"ladder": [1, {"name": "m", "tricks": 2, "open": True}]}})
    >>> [(loc, value) for loc, value, _, _ in fields(v, "making.auction.ladder.{i}.open")]
    [(('making', 'auction', 'ladder', 0, 'open'), False), (('making', 'auction', 'ladder', 1, 'open'), True)]
    """
    head, _, rest = dotted.partition(".")
    value = getattr(model, head)
    if not rest:
        default = type(model).model_fields[head].get_default(call_default_factory=True)
        yield (head,), value, default, value
    elif rest.startswith("{i}."):
        for i, item in enumerate(value):
            for loc, val, default, _ in fields(item, rest[4:]):
                yield (head, i, *loc), val, default, item
    elif isinstance(value, BaseModel):
        for loc, val, default, holder in fields(value, rest):
            yield (head, *loc), val, default, holder


def _inert(v: Variant, written: Callable[[Location], bool]) -> list[tuple[Location, Any, str]]:
    """(location, default, message) of each field of :data:`UNDER` set to other than its default
    where its condition fails, among those at a location ``written`` accepts (none within one
    found: the fields of a refused ladder's bids are not refused again)."""
    out: list[tuple[Location, Any, str]] = []
    for rule in UNDER:
        for loc, value, default, holder in fields(v, rule.field):
            if value == default or not written(loc) or any(loc[: len(f)] == f for f, _, _ in out):
                continue
            why = rule.lacking(v, holder)
            if why:
                out.append((loc, default, f"acts only when {rule.when}, but {why}"))
    return out


def unused(v: Variant, written: Callable[[Location], bool] = lambda _: True) -> list[tuple[Location, str]]:
    """Each field of :data:`UNDER` that ``v`` sets to other than its default where its condition
    fails, as (location, message); only where ``written(location)`` holds (what a file itself
    says, not what it inherits)."""
    return [(loc, message) for loc, _, message in _inert(v, written)]


def settled(v: Variant, inherited: Callable[[Location], bool]) -> Variant:
    """``v`` with each field that does not act, where ``inherited(location)`` holds, back at its
    default: a parent's rule the file's own rules leave idle (the parent's ``making.all_pass.redeal``
    under a stuck dealer) is not kept, so that the variant written out in full means the same.

    >>> from hasenpfeffer.format.variant import Variant
    >>> v = Variant(name="x", making={"all_pass": {"forced": "dealer", "redeal": "next-dealer"}})
    >>> settled(v, lambda loc: True).making.all_pass.redeal, settled(v, lambda loc: False) is v
    ('same-dealer', True)
    """
    for _ in UNDER:  # a field set back may leave another idle
        found = _inert(v, inherited)
        if not found:
            break
        data = v.model_dump()
        for loc, default, _ in found:
            here: Any = data
            for part in loc[:-1]:
                here = here[part]
            here[loc[-1]] = default.model_dump() if isinstance(default, BaseModel) else default
        v = Variant.model_validate(data)
    return v
