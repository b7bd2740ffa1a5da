"""Undoing the lone players' exchanges of a drawn deal, backwards: first the lone player's gifts
back, then the partners' gifts.

A partner who must give its best kept nothing higher than what it gave: the cards chosen as
its gifts are at least as high as all it holds, and a partner whose gifts this seat took
cannot hold (:func:`kept_rule`) anything above the cards it may have given.
"""

from __future__ import annotations

from .draft import Draft, Misfit, without
from .filling import Allows
from .knowledge import Exchange


def undo_exchange(d: Draft, ex: Exchange, hold: dict[int, list[int]], gifts: list[int]) -> None:
    """Give the exchanged cards back: first the lone player's gifts, then the partners'."""
    k, rng, me, lone = d.known, d.rng, d.known.me, ex.lone
    held = list(hold[lone])  # the lone player's cards before giving back
    routed, back = list(d.routed[lone]), list(d.back[lone])
    for partner in ex.partners:
        for t in ex.given(lone, partner):
            card = t.card
            if card is None and partner == me:
                wanted = [c for c in back if c in hold[me]] + _above_my_gifts(d, ex, hold[me])
                card = wanted[0] if wanted else rng.choice(hold[me])
                if card in back:
                    back.remove(card)
            elif card is None:
                if not routed and not gifts:
                    raise Misfit
                card = routed.pop() if routed else gifts.pop()
            if t.card is None:
                d.gift[id(t)] = card
            if partner == me or t.card is not None:
                hold[partner] = without(hold[partner], [card])
            held.append(card)
    if routed or back:
        raise Misfit
    incoming = [t for t in ex.gifts if t.taker == lone]
    for t in incoming:
        if t.card is not None:
            held = without(held, [t.card])
            hold[t.seat] = hold[t.seat] + [t.card]
    spare = without(held, d.keep[lone])
    power = None if k.trump is None else k.rules.power[k.trump]
    best = k.view.variant.alone.exchange.best and power is not None
    floor = {q: max((power[c] for c in hold[q]), default=-1) if best and power else -1 for q in ex.partners}
    for partner in sorted(ex.partners, key=lambda q: -floor[q]):
        hidden = [t for t in incoming if t.seat == partner and t.card is None]
        if not hidden:
            continue
        need = d.must_give[partner]
        if len(need) > len(hidden):
            raise Misfit
        spare = without(spare, need)
        # A partner who gives their best kept nothing higher.
        high = [c for c in spare if power is None or power[c] >= floor[partner]]
        if len(high) < len(hidden) - len(need) or (power and any(power[c] < floor[partner] for c in need)):
            raise Misfit
        chosen = need + rng.sample(high, len(hidden) - len(need))
        spare = without(spare, chosen[len(need) :])
        if best and power is not None:
            chosen.sort(key=lambda c: -power[c])
        for t, card in zip(hidden, chosen, strict=True):
            d.gift[id(t)] = card
        held = without(held, chosen)
        hold[partner] = hold[partner] + chosen
    hold[lone] = held


def _above_my_gifts(d: Draft, ex: Exchange, mine: list[int]) -> list[int]:
    """Cards this seat holds that beat those it had to give as its best: the lone player's gifts."""
    k = d.known
    given = [t.card for t in ex.gifts if t.seat == k.me and t.card is not None]
    if not given or not k.view.variant.alone.exchange.best or k.trump is None:
        return []
    power = k.rules.power[k.trump]
    cap = min(power[c] for c in given)
    return [c for c in mine if power[c] > cap]


def kept_rule(d: Draft, seat: int, mine: list[int]) -> Allows | None:
    """What a sitting-out hand may hold: no Joker if it was dealt none; nothing above the cards
    it gave this seat as its best (or may have given, where this seat's view hides them)."""
    k = d.known
    joker = k.rules.joker if seat in k.no_joker else None
    power = None if k.trump is None else k.rules.power[k.trump]
    bound: int | None = None
    if k.view.variant.alone.exchange.best and power is not None:
        for ex in k.exchanges:
            if ex.lone != k.me:
                continue
            gifts = ex.given(seat, k.me)
            hidden = sum(1 for t in gifts if t.card is None)
            if hidden:
                out = [t.card for t in ex.gifts if t.seat == k.me and t.card is not None]
                top = sorted((power[c] for c in mine + k.played[k.me] + out), reverse=True)
                bound = top[hidden - 1] if len(top) >= hidden else -1
            seen = [power[t.card] for t in gifts if t.card is not None]
            if seen:  # gifts this seat saw come: the best the partner held
                bound = min(seen) if bound is None else min(bound, *seen)
    if joker is None and bound is None:
        return None
    return lambda c: c != joker and (bound is None or power is None or power[c] <= bound)
