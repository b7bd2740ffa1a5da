"""A position of the play phase in the solver's terms: hands as bitmasks, the trick so far.

Built from a :class:`~hasenpfeffer.engine.game.Game` in phase ``play`` (:func:`position`),
or from plain cards (:func:`from_cards`), for instance a hand-worked ending.

>>> from hasenpfeffer.format.variant import Variant
>>> from hasenpfeffer.rules.ruleset import compile_variant
>>> rules = compile_variant(Variant(name="x"))
>>> p = from_cards(rules, "H", [["JK", "9S"], ["KS"], ["JH", "9C"], ["AD", "TS"]],
...     leader=1, trick=[(1, "AS")])
>>> p.seat, p.left, p.led == rules.suits.index("S"), p.win_seat
(2, 2, True, 1)
>>> from_cards(rules, "H", [["JK"], ["KS"], ["JH", "9C"], ["AD"]], leader=0)
Traceback (most recent call last):
...
ValueError: every seat that plays must hold as many cards, less one once it has played to the trick
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.game import Game, actual_state
from ..rules.plan import Plan, plan_for
from ..rules.ruleset import CardLike, Ruleset
from .layout import Layout, layout_for


@dataclass
class Position:
    """Every hand seen, whose turn it is, and the trick on the table.

    ``hands`` are bitmasks by seat (empty for a seat that sits out); ``live`` is every card
    still in a hand or on the table; ``left`` the tricks still to finish, the current one
    included; ``taken`` the tricks each side has already won this hand.
    """

    layout: Layout
    hands: list[int]
    seat: int
    count: int
    led: int
    win_seat: int
    win_key: int
    live: int
    left: int
    next: tuple[int, ...]
    active: int
    side_of: tuple[int, ...]
    sides: int
    taken: tuple[int, ...]
    misere: int = -1
    """The side that plays to take no trick (the maker's, in a contract to take none), or -1."""
    calling: bool = False
    """The seat to move led the Joker in no-trump and names the suit to follow (``led`` is the
    Joker's own suit until then)."""

    def copy(self) -> Position:
        """An independent copy (the hands are the only mutable part)."""
        p = Position(**self.__dict__)
        p.hands = self.hands[:]
        return p


def from_cards(
    rules: Ruleset,
    trump: str | int,
    hands: Sequence[Sequence[CardLike]],
    leader: int,
    trick: Sequence[tuple[int, CardLike]] = (),
    out: Sequence[bool] | None = None,
    taken: Sequence[int] | None = None,
    led: str | int | None = None,
    misere: int | None = None,
    maker: int | None = None,
) -> Position:
    """A position from cards: ``hands`` still held by seat, the ``trick`` so far (seat, card)
    led by ``leader``, the seats that sit ``out``, the tricks ``taken`` by each side; ``led``:
    the suit named after a Joker led in no-trump where its leader names one (None: not yet
    named, the leader names it next); ``misere``: the side that plays to take no trick;
    ``maker``: the hand's maker, whose side a dummy played by the maker joins
    (``deal.dummies.controller: maker``)."""
    ti = rules.trump_id(trump)
    if ti is None or not 0 <= ti < rules.options:
        raise ValueError(f"no trump {trump!r} in this variant")
    plan = plan_for(rules)
    n = plan.n
    out = [False] * n if out is None else list(out)
    if len(hands) != n or len(out) != n:
        raise ValueError(f"give {n} hands")
    lay = layout_for(rules, ti)
    used = 0
    masks = []
    for h, away in zip(hands, out, strict=True):
        masks.append(0 if away else lay.mask(h, used))
        used |= masks[-1]
    nxt = _next_seats(plan.left, out)
    bits: list[tuple[int, int]] = []
    seat = leader
    for q, c in trick:
        if q != seat or out[q]:
            raise ValueError(f"seat {q} does not play next to the trick")
        bits.append((q, lay.mask([c], used)))
        used |= bits[-1][1]
        seat = nxt[q]
    active = n - sum(out)
    if len(trick) >= active:
        raise ValueError("the trick is already complete")
    left = masks[seat].bit_count()
    played = {q for q, _ in trick}
    if left < 1 or any(masks[q].bit_count() != left - (q in played) for q in range(n) if not out[q]):
        raise ValueError(
            "every seat that plays must hold as many cards, less one once it has played to the trick"
        )
    if out[leader]:
        raise ValueError(f"seat {leader} sits out and cannot lead")
    named = rules.suits.index(led) if isinstance(led, str) else led
    if bits and not (lay.jokers & bits[0][1]) and named is not None:
        raise ValueError("a suit is named only when the Joker is led in no-trump")
    if bits and lay.jokers & bits[0][1] and named is None and len(bits) > 1:
        raise ValueError("the leader of the Joker names the suit before the others play")
    sides = plan.sides
    taken = tuple(taken) if taken is not None else (0,) * sides
    sides_now = plan.hand_sides(maker)
    return _made(lay, masks, leader, bits, used, nxt, active, plan, sides_now, taken, named, misere)


def _next_seats(left: Sequence[int], out: Sequence[bool]) -> list[int]:
    """The seat that plays after each, past those who sit out."""
    nxt = []
    for s in range(len(left)):
        q = left[s]
        while out[q]:
            q = left[q]
        nxt.append(q)
    return nxt


def _made(
    lay: Layout,
    masks: list[int],
    leader: int,
    trick: list[tuple[int, int]],
    live: int,
    nxt: list[int],
    active: int,
    plan: Plan,
    side_of: tuple[int, ...],
    taken: tuple[int, ...],
    named: int | None,
    misere: int | None,
) -> Position:
    """The position of checked hands and a trick, (seat, bit) led by ``leader`` (``named``: the
    suit named after a Joker lead)."""
    seat, count, led, win_seat, win_key = leader, 0, 0, leader, -1
    calling = False
    for q, b in trick:
        if count == 0:
            led = lay.suit_of[b]
            if b & lay.jokers:
                calling = named is None
                if named is not None:
                    led = named
        k = lay.key[led][b]
        if k > win_key:
            win_seat, win_key = q, k
        count += 1
        seat = nxt[q]
    left = masks[seat].bit_count()  # (a seat yet to play to the trick)
    if calling:  # the leader, who has played, names the suit first
        seat = leader
    return Position(
        layout=lay,
        hands=masks,
        seat=seat,
        count=count,
        led=led,
        win_seat=win_seat,
        win_key=win_key,
        live=live,
        left=left,
        next=tuple(nxt),
        active=active,
        side_of=side_of,
        sides=plan.sides,
        taken=taken,
        misere=-1 if misere is None else misere,
        calling=calling,
    )


def position(game: Game) -> Position:
    """The position of a game in phase ``play``."""
    now = actual_state(game)
    ti = now.trump_i
    if game.phase != "play" or ti is None:
        raise ValueError(f"the game is not in the play phase (phase {game.phase})")
    rules = game.rules
    plan = plan_for(rules)
    taken = [0] * plan.sides
    side_of = plan.hand_sides(now.maker)  # a dummy that plays for the maker: the maker's side
    for _, _, winner in now.tricks:
        taken[side_of[winner]] += 1
    trick = now.trick
    leader = trick[0][0] if trick else game.to_move
    assert leader is not None
    lay = layout_for(rules, ti)
    joker_led = bool(trick) and lay.names_suit and trick[0][1] == rules.joker
    named = now.led if joker_led and not now.calling else None
    misere = misere_side(game)
    if lay.copies:
        p = from_cards(rules, ti, now.hands, leader, trick, now.out, taken, named, misere, now.maker)
    else:  # one bit per card: the game's cards, already checked by the engine, are read directly
        one, out = lay.one, now.out
        masks = [0 if away else sum([one[c] for c in h]) for h, away in zip(now.hands, out, strict=True)]
        bits = [(q, one[c]) for q, c in trick]
        live = sum(masks) | sum([b for _, b in bits])
        nxt = _next_seats(plan.left, out)
        active = plan.n - sum(out)
        p = _made(lay, masks, leader, bits, live, nxt, active, plan, side_of, tuple(taken), named, misere)
    return p


def misere_side(game: Game) -> int | None:
    """The side that plays to take no trick this hand (the maker's, when its bid is a contract
    to take none), or None."""
    now = actual_state(game)
    v, maker, name = game.variant, now.maker, now.bid_name
    if maker is None or name is None or v.making.method != "auction":
        return None
    try:
        bid = v.bid(name)
    except KeyError:
        return None
    return plan_for(game.rules).side_of[maker] if bid.objective == "none" else None


def after(p: Position, x: int) -> tuple[Position, int | None]:
    """The position after the seat to move plays card ``x`` (a bit of its hand), and the seat
    that won the trick if the card completed one (else None). A Joker led where its leader
    names the suit leaves the leader to name it (:func:`named`)."""
    lay = p.layout
    q = p.copy()
    q.hands[p.seat] ^= x
    led = lay.suit_of[x] if p.count == 0 else p.led
    k = lay.key[led][x]
    if p.count == 0 or k > p.win_key:
        q.win_seat, q.win_key = p.seat, k
    q.led = led
    q.count += 1
    if p.count == 0 and x & lay.jokers:
        q.calling = True
        return q, None
    q.seat = p.next[p.seat]
    if q.count < p.active:
        return q, None
    winner = q.win_seat
    held = 0
    for h in q.hands:
        held |= h
    taken = list(p.taken)
    taken[p.side_of[winner]] += 1
    q.taken = tuple(taken)
    q.live, q.left, q.count, q.seat = held, p.left - 1, 0, winner
    q.led, q.win_seat, q.win_key = 0, winner, -1
    return q, winner


def named(p: Position, suit: int) -> Position:
    """The position after the leader of the Joker (``p.calling``) names ``suit`` to follow."""
    q = p.copy()
    q.led, q.calling, q.seat = suit, False, p.next[p.seat]
    return q


def suits_to_name(p: Position) -> list[int]:
    """The suits the leader of the Joker (``p.calling``, or about to lead it) may name that make
    a difference: each suit another hand holds, and one suit none holds, if any (the others then
    play what they like, whichever it is).

    >>> from hasenpfeffer import load_variant
    >>> from hasenpfeffer.rules.ruleset import compile_variant
    >>> rules = compile_variant(load_variant("five-hundred"))
    >>> p = from_cards(rules, "NT", [["JK", "5S"], ["AS", "KS"], ["4H", "5H"], ["5C", "6S"]], leader=0)
    >>> [rules.suits[s] for s in suits_to_name(p)]
    ['C', 'D', 'H', 'S']
    >>> p = from_cards(rules, "NT", [["JK", "5S"], ["AS", "KS"], ["AH", "5H"], ["KH", "6S"]], leader=0)
    >>> [rules.suits[s] for s in suits_to_name(p)]
    ['C', 'H', 'S']
    """
    lay = p.layout
    others = 0
    for s, h in enumerate(p.hands):
        if s != p.seat:
            others |= h
    out, spare = [], False
    for s in range(lay.rules.ns):
        if lay.suit_mask[s] & others:
            out.append(s)
        elif not spare:
            out.append(s)
            spare = True
    return out
