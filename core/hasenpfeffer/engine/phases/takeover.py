"""Taking a partner's contract alone (``making.order_up.take_over``; the Laws of Euchre, 74-75
and 93-94: "If a player declares to play alone, his partner may take it from him").

When a player orders up or names trump, alone or not, each of its partners who has yet to
speak in that round is asked in turn, before anything else happens: ``order-up alone`` (in
round two ``trump S alone``, the suit just named) takes the contract and plays it alone, the
first maker sitting out; ``pass`` leaves it as made. The order-up and name-trump phases call
:func:`offer` when trump is made and hand the answers to :func:`answer`.
"""

from __future__ import annotations

from collections.abc import Callable

from ...rules.actions import Action, LegalActions, Verb
from ..events import OrderedUp, Passed, TrumpNamed
from ..state import State
from .base import emit
from .names import Phase
from .trump import may_make

TAKE_OVER = "the partner who takes the contract plays it alone (take_over)"
"""Why a partner asked to take the contract may not take it with the maker's partners."""


def taker(s: State, after: int) -> int | None:
    """The next partner of the maker, after seat ``after``, who has yet to speak in this round
    (up to the dealer) and may make trump, or None (also where the variant has no such rule)."""
    p, maker = s.plan, s.maker
    if not p.ordering.take_over or maker is None:
        return None
    q = after
    while q != s.dealer:
        q = (q + 1) % p.n
        if q in p.partners[maker] and may_make(s, q):
            return q
    return None


def offer(s: State, seat: int) -> bool:
    """Trump just made by ``seat``: ask its first partner yet to speak whether to take it alone
    (True: asked, the phase stays open)."""
    q = taker(s, seat)
    if q is None:
        return False
    s.to_move = q
    return True


def offered(s: State) -> bool:
    """A partner of the maker is being asked whether to take the contract alone."""
    return s.maker is not None and s.to_move is not None and s.to_move != s.maker


def choices(s: State) -> LegalActions:
    """The asked partner's answers: take the contract alone (``order-up alone``, or in round two
    ``trump S alone``), or pass."""
    p, seat, ti = s.plan, s.to_move, s.trump_i
    assert seat is not None and ti is not None
    alone = p.order_up[seat][1] if s.phase == Phase.ORDER_UP else p.trump[seat][ti][1]
    return LegalActions([alone, p.pass_[seat]])


def answer(s: State, a: Action, done: Callable[[State], None]) -> None:
    """The asked partner takes the contract alone (the maker and its other partners sit out) or
    passes (the next partner yet to speak is asked); ``done`` closes the phase once the contract
    stands."""
    if a.verb == Verb.PASS:
        emit(s, Passed(a.seat, str(s.phase)))
        if offer(s, a.seat):
            return
        done(s)
        return
    p, ti, old = s.plan, s.trump_i, s.maker
    assert ti is not None and old is not None
    for q in range(p.n):
        s.out[q] = False
    s.maker, s.alone, s.forced = a.seat, True, False
    for q in p.partners[a.seat]:
        s.out[q] = True
    name = s.rules.trump_names[ti]
    emit(s, OrderedUp(a.seat, name, True) if s.phase == Phase.ORDER_UP else TrumpNamed(a.seat, name, True))
    done(s)
