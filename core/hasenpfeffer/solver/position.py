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
) -> Position:
    """A position from cards: ``hands`` still held by seat, the ``trick`` so far (seat, card)
    led by ``leader``, the seats that sit ``out``, the tricks ``taken`` by each side."""
    ti = rules.trump_id(trump)
    if ti is None or not 0 <= ti <= rules.ns:
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
    sides = plan.sides
    return _made(
        lay, masks, leader, bits, used, nxt, active, plan, tuple(taken) if taken is not None else (0,) * sides
    )


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
    taken: tuple[int, ...],
) -> Position:
    """The position of checked hands and a trick, (seat, bit) led by ``leader``."""
    seat, count, led, win_seat, win_key = leader, 0, 0, leader, -1
    for q, b in trick:
        if count == 0:
            led = lay.suit_of[b]
        k = lay.key[led][b]
        if k > win_key:
            win_seat, win_key = q, k
        count += 1
        seat = nxt[q]
    return Position(
        layout=lay,
        hands=masks,
        seat=seat,
        count=count,
        led=led,
        win_seat=win_seat,
        win_key=win_key,
        live=live,
        left=masks[seat].bit_count(),
        next=tuple(nxt),
        active=active,
        side_of=plan.side_of,
        sides=plan.sides,
        taken=taken,
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
    for _, _, winner in now.tricks:
        taken[plan.side_of[winner]] += 1
    trick = now.trick
    leader = trick[0][0] if trick else game.to_move
    assert leader is not None
    lay = layout_for(rules, ti)
    if lay.copies:
        return from_cards(rules, ti, now.hands, leader, trick, now.out, taken)
    # One bit per card: the game's cards, already checked by the engine, are read directly.
    one, out = lay.one, now.out
    masks = [0 if away else sum([one[c] for c in h]) for h, away in zip(now.hands, out, strict=True)]
    bits = [(q, one[c]) for q, c in trick]
    live = sum(masks) | sum([b for _, b in bits])
    nxt = _next_seats(plan.left, out)
    return _made(lay, masks, leader, bits, live, nxt, plan.n - sum(out), plan, tuple(taken))


def after(p: Position, x: int) -> tuple[Position, int | None]:
    """The position after the seat to move plays card ``x`` (a bit of its hand), and the seat
    that won the trick if the card completed one (else None)."""
    lay = p.layout
    q = p.copy()
    q.hands[p.seat] ^= x
    led = lay.suit_of[x] if p.count == 0 else p.led
    k = lay.key[led][x]
    if p.count == 0 or k > p.win_key:
        q.win_seat, q.win_key = p.seat, k
    q.led = led
    q.count += 1
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
