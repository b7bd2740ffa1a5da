"""Contracts to take no trick (misère) compiled (numba): the estimates and the card play.

The twins of :class:`~hasenpfeffer.bots.misere.Misere` (:func:`counts`, :func:`dangers`,
:func:`incoming`, :func:`no_trick`, with :func:`card_danger` and :func:`lead_danger`), of
``Evaluator.no_trick`` (:func:`no_trick_dist`, with :func:`share`), of the greedy misère
maker's discard order (:func:`riskiest`), of :func:`~hasenpfeffer.bots.policy.shown_void`
(:func:`shown_void`) and of :mod:`hasenpfeffer.bots.misereplay` (:func:`play`,
:func:`name_suit`; :func:`.miseretables.table_args` reads a table's fields): the same floating point
operations in the same order (a power of floats as Python's, ``pow`` of two floats), ties
broken as Python's ``min``/``max`` (the first best in the given order), so the same numbers
to the bit and the same choices.

``m`` is :attr:`.miseretables.MisereTables.arrays`: ``(eff, power, every, trumping, key,
order, sizes)``. Hands are card ids (int64, in the order the Python hand lists them), unseen
the copies of each card id the other players may hold (int64, by card id).

>>> from hasenpfeffer import load_variant
>>> from hasenpfeffer.batch.miseretables import build_misere
>>> t = build_misere(load_variant("five-hundred"))
>>> r = t.rules
>>> low = np.array([r.cid(c) for c in "5S 7S 5C 9C 4D 5D 4H 6H 8H TH".split()], dtype=np.int64)
>>> unseen = np.ones(len(r.faces), dtype=np.int64)
>>> unseen[low] = 0
>>> round(no_trick(t.arrays, low, r.ns, unseen, 0.3, 2, 0, False, 0, -1), 2)
0.79
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import jitcache
from ..bots.misere import OPEN, PARTNER_CLEAN

_jit = jitcache.jit(nogil=True)

RISK_TRUMP = 99
"""A makers' card's risk when it wins every trick (``misereplay``'s ``_risk``)."""


@_jit
def _pow(x: float, n: float) -> float:
    """``x ** n`` as Python works it out for floats (C ``pow``; an exponent given as a whole
    number is made a float first, as Python does)."""
    out: float = float(x) ** float(n)
    return out


@_jit
def card_danger(lower: int, own: int, higher: int, share: float, defenders: int) -> float:
    """:func:`hasenpfeffer.bots.misere.card_danger`."""
    excess = lower - own
    if excess <= 0:
        return 0.0
    lead = 1.0 - _pow(1.0 - share, excess)
    under = 1.0 - _pow(1.0 - share, excess - 1) + _pow(1.0 - share, excess - 1 + higher)
    low = under if under < 1.0 else 1.0  # min(1.0, under): the first of equal ones
    return lead * _pow(low, max(0, defenders - 1))


@_jit
def lead_danger(lower: int, higher: int, share: float, defenders: int) -> float:
    """:func:`hasenpfeffer.bots.misere.lead_danger`."""
    none = _pow(1.0 - share, lower + higher)
    x = 1.0 - _pow(1.0 - share, lower) + none
    low = x if x < 1.0 else 1.0
    return _pow(low, defenders)


@_jit
def counts(m: Any, hand: Any, ti: int, unseen: Any) -> tuple[Any, Any, Any]:
    """``Misere.counts``: by card id, (unseen cards of its effective suit under it, the hand's
    cards under it, unseen cards over it), set for the cards held or unseen (0 elsewhere)."""
    order, sizes = m[5], m[6]
    power = m[1][ti]
    faces = unseen.shape[0]
    held = np.zeros(faces, dtype=np.int64)
    for c in hand:
        held[c] += 1
    lower_of = np.zeros(faces, dtype=np.int64)
    own_of = np.zeros(faces, dtype=np.int64)
    higher_of = np.zeros(faces, dtype=np.int64)
    for s in range(sizes.shape[1]):
        n = sizes[ti, s]
        cards = order[ti, s]
        total = 0
        for i in range(n):
            total += unseen[cards[i]]
        lower = own = 0
        i = 0
        while i < n:
            j = i
            here = mine = 0
            while j < n and power[cards[j]] == power[cards[i]]:
                here += unseen[cards[j]]
                mine += held[cards[j]]
                j += 1
            for k in range(i, j):
                c = cards[k]
                lower_of[c] = lower
                own_of[c] = own
                higher_of[c] = total - lower - here
            lower += here
            own += mine
            i = j
    return lower_of, own_of, higher_of


@_jit
def dangers(m: Any, hand: Any, ti: int, unseen: Any, share: float, defenders: int) -> Any:
    """``Misere.dangers``: each card's chance of taking a trick, in ``hand`` order, and (last)
    the safest lead's (float64, ``len(hand) + 1``)."""
    every = m[2][ti]
    lower_of, own_of, higher_of = counts(m, hand, ti, unseen)
    out = np.empty(hand.shape[0] + 1, dtype=np.float64)
    lead = 1.0
    for i in range(hand.shape[0]):
        c = hand[i]
        if every[c]:
            out[i] = 1.0
            continue
        out[i] = card_danger(lower_of[c], own_of[c], higher_of[c], share, defenders)
        d = lead_danger(lower_of[c], higher_of[c], share, defenders)
        if d < lead:  # min(lead, d): the first of equal ones
            lead = d
    out[hand.shape[0]] = lead
    return out


@_jit
def incoming(m: Any, hand: Any, ti: int, unseen: Any, share: float, defenders: int, count: int) -> Any:
    """``Misere.incoming``: the risks of ``count`` unseen cards drawn into ``hand``, at the
    quantiles ``k / (count + 1)`` (float64; none when nothing is unseen)."""
    every = m[2][ti]
    lower_of, own_of, higher_of = counts(m, hand, ti, unseen)
    total = 0
    for c in range(unseen.shape[0]):
        if unseen[c] > 0:
            total += unseen[c]
    risks = np.empty(total, dtype=np.float64)
    at = 0
    for c in range(unseen.shape[0]):
        n = unseen[c]
        if n > 0:
            d = 1.0 if every[c] else card_danger(lower_of[c], own_of[c], higher_of[c], share, defenders)
            for _ in range(n):
                risks[at] = d
                at += 1
    if total == 0:
        return np.empty(0, dtype=np.float64)
    risks = np.sort(risks)
    out = np.empty(max(0, count), dtype=np.float64)
    for k in range(count):
        out[k] = risks[(k + 1) * total // (count + 1)]
    return out


@_jit
def no_trick(
    m: Any,
    hand: Any,
    ti: int,
    unseen: Any,
    share: float,
    defenders: int,
    widow: int,
    open_hand: bool,
    partners: int,
    size: int,
) -> float:
    """``Misere.no_trick``: the chance ``hand`` takes no trick (``size`` < 0 for None: keep the
    whole hand; ``share`` up to 1, beyond which an open hand's risk is NaN here, complex in
    Python)."""
    keep = hand.shape[0] if size < 0 else size
    found = dangers(m, hand, ti, unseen, share, defenders)
    n = hand.shape[0]
    lead = found[n]
    if widow > 0:
        extra = incoming(m, hand, ti, unseen, share, defenders, widow)
        risks = np.empty(n + extra.shape[0], dtype=np.float64)
        risks[:n] = found[:n]
        risks[n:] = extra
    else:
        risks = found[:n].copy()
    kept = np.sort(risks)[: max(0, keep)]
    chance = 1.0 - lead
    power = OPEN if open_hand else 1.0
    for d in kept:
        chance *= _pow(1.0 - d, power)
    return float(chance * _pow(PARTNER_CLEAN, partners))


@_jit
def no_trick_dist(
    m: Any,
    hand: Any,
    ti: int,
    unseen: Any,
    hand_size: int,
    defenders: int,
    widow: int,
    open_hand: bool,
    partners: int,
    size: int,
    tricks: int,
) -> Any:
    """``Evaluator.no_trick``: the making side's trick distribution in a misère (float64, by
    tricks: none, else one; ``tricks`` the tricks of a hand, ``size`` < 0 for None). With
    fewer cards unseen than a hand holds (a share above 1, never at bidding or the discard),
    an open hand's risk raises a negative number to a fraction: NaN here, complex in Python."""
    none = no_trick(
        m, hand, ti, unseen, share(hand_size, unseen), defenders, widow, open_hand, partners, size
    )
    out = np.zeros(max(2, tricks + 1), dtype=np.float64)
    out[0] = none
    out[1] = 1.0 - none
    return out


@_jit
def share(hand_size: int, unseen: Any) -> float:
    """A defender's part of the unseen cards, as the bots work it out: ``hand_size / sum(unseen)``
    (0 when nothing is unseen)."""
    total = 0
    for n in unseen:
        total += n
    return hand_size / total if total else 0.0


@_jit
def _before(a0: float, a1: int, b0: float, b1: int) -> bool:
    """``(a0, a1) < (b0, b1)`` as Python compares tuples."""
    if a0 != b0:
        return a0 < b0
    return a1 < b1


@_jit
def riskiest(m: Any, hand: Any, ti: int, unseen: Any, share: float, defenders: int, legal: Any) -> Any:
    """``GreedyBot._riskiest``'s order: the card ids of ``legal`` (in the Python legal order)
    sorted by their chance of taking a trick in ``hand`` (0 for a card not in it), the likeliest
    first, then the strongest (a stable sort: equal ones keep their order)."""
    power = m[1][ti]
    found = dangers(m, hand, ti, unseen, share, defenders)
    faces = unseen.shape[0]
    risk = np.zeros(faces, dtype=np.float64)
    for i in range(hand.shape[0]):
        risk[hand[i]] = found[i]  # dict(zip(hand, risks)): the last copy's
    out = legal.copy()
    for i in range(1, out.shape[0]):  # insertion sort: stable, as sorted()
        c = out[i]
        j = i
        while j > 0 and _before(-risk[c], -power[c], -risk[out[j - 1]], -power[out[j - 1]]):
            out[j] = out[j - 1]
            j -= 1
        out[j] = c
    return out


@_jit
def shown_void(m: Any, ti: int, seats: Any, cards: Any, starts: Any, seat: int) -> Any:
    """``policy.shown_void`` as a mask by effective suit: the suits ``seat`` has shown it holds
    none of, from the tricks' cards in play order (``seats``/``cards``, trick ``k`` from
    ``starts[k]`` to ``starts[k + 1]``)."""
    eff, every = m[0][ti], m[2][ti]
    out = np.zeros(m[6].shape[1], dtype=np.bool_)  # by effective suit
    for k in range(starts.shape[0] - 1):
        a, b = starts[k], starts[k + 1]
        if a >= b or every[cards[a]]:
            continue
        led = eff[cards[a]]
        for i in range(a + 1, b):
            if seats[i] == seat and eff[cards[i]] != led:
                out[led] = True
    return out


# ---------------------------------------------------------------------- card play


@_jit
def _less(a: Any, b: Any) -> bool:
    """Whether key ``a`` comes before key ``b`` (tuples of whole numbers, compared in order)."""
    for i in range(a.shape[0]):
        if a[i] != b[i]:
            return bool(a[i] < b[i])
    return False


@_jit
def _first_min(keys: Any, pick: Any) -> int:
    """The index of the first smallest key among the rows where ``pick`` holds (Python's
    ``min``); -1 for none."""
    best = -1
    for i in range(keys.shape[0]):
        if pick[i] and (best < 0 or _less(keys[i], keys[best])):
            best = i
    return best


@_jit
def _first_max(keys: Any, pick: Any) -> int:
    """The index of the first largest key among the rows where ``pick`` holds (Python's
    ``max``); -1 for none."""
    best = -1
    for i in range(keys.shape[0]):
        if pick[i] and (best < 0 or _less(keys[best], keys[i])):
            best = i
    return best


@_jit
def _under(m: Any, ti: int, unseen: Any, card: int) -> tuple[int, int]:
    """(unseen cards of the card's effective suit below it, unseen cards above it)."""
    eff, power = m[0][ti], m[1][ti]
    suit, strength = eff[card], power[card]
    lower = higher = 0
    for d in range(unseen.shape[0]):
        n = unseen[d]
        if n and eff[d] == suit:
            if power[d] < strength:
                lower += n
            elif power[d] > strength:
                higher += n
    return lower, higher


@_jit
def _winner_index(m: Any, ti: int, cards: Any) -> int:
    """``Ruleset.winner_index``: the winning card's index among ``cards`` (ties: the first)."""
    key = m[4][ti, m[0][ti, cards[0]]]
    best, top = 0, key[cards[0]]
    for i in range(1, cards.shape[0]):
        if key[cards[i]] > top:
            best, top = i, key[cards[i]]
    return best


@_jit
def _takers(m: Any, ti: int, cards: Any, trick: Any) -> Any:
    """``Ruleset.takers`` as a mask over ``cards``: those that would win the started trick."""
    key = m[4][ti, m[0][ti, trick[0]]]
    best = key[trick[0]]
    for c in trick:
        if key[c] > best:
            best = key[c]
    out = np.zeros(cards.shape[0], dtype=np.bool_)
    for i in range(cards.shape[0]):
        out[i] = key[cards[i]] > best
    return out


@_jit
def _shown(m: Any, ti: int, friends: Any, shown_seat: int, shown_cards: Any) -> tuple[Any, Any]:
    """``misereplay._shown``: by effective suit, whether an open makers' hand holds it and the
    strength of its lowest card there (none when no hand is shown or a friend's is)."""
    suits = m[6].shape[1]  # by effective suit
    has = np.zeros(suits, dtype=np.bool_)
    low = np.zeros(suits, dtype=np.int64)
    if shown_seat < 0 or friends[shown_seat]:
        return has, low
    eff, power = m[0][ti], m[1][ti]
    for c in shown_cards:
        s = eff[c]
        if not has[s] or power[c] < low[s]:
            low[s] = power[c]
        has[s] = True
    return has, low


@_jit
def _risk(m: Any, ti: int, hand: Any, unseen: Any, card: int) -> tuple[int, int]:
    """``misereplay._risk``: (unseen cards under it beyond the hand's own under it, strength)."""
    eff, power = m[0][ti], m[1][ti]
    ns = m[6].shape[1] - 1  # the effective suits (sizes by trump option, suit), the Joker's last
    lower, _ = _under(m, ti, unseen, card)
    own = 0
    for d in hand:
        if eff[d] == eff[card] and power[d] < power[card]:
            own += 1
    first = RISK_TRUMP if m[3][ti, card] and ti >= ns else lower - own
    return first, power[card]


@_jit
def play(
    m: Any,
    ti: int,
    maker: int,
    friends: Any,
    trick_seats: Any,
    trick_cards: Any,
    hand: Any,
    unseen: Any,
    active: int,
    shown_seat: int,
    shown_cards: Any,
    voids: Any,
    legal: Any,
) -> int:
    """``misereplay.play``: the misère card id among ``legal`` (card ids in the Python legal
    order) for the makers' side or the defenders (``maker`` -1 for none)."""
    if maker >= 0 and friends[maker]:
        return _duck(m, ti, friends, trick_seats, trick_cards, hand, unseen, active, legal)
    return _defend(m, ti, friends, trick_seats, trick_cards, unseen, shown_seat, shown_cards, voids, legal)


@_jit
def _duck(
    m: Any,
    ti: int,
    friends: Any,
    trick_seats: Any,
    trick_cards: Any,
    hand: Any,
    unseen: Any,
    active: int,
    legal: Any,
) -> int:
    """``misereplay._duck``: a maker's card, kept under the trick."""
    power = m[1][ti]
    n = legal.shape[0]
    every = np.ones(n, dtype=np.bool_)
    if trick_cards.shape[0] == 0:
        keys = np.empty((n, 4), dtype=np.int64)
        for i in range(n):
            lower, higher = _under(m, ti, unseen, legal[i])
            keys[i, 0] = 1 if m[3][ti, legal[i]] else 0
            keys[i, 1] = lower
            keys[i, 2] = -higher
            keys[i, 3] = power[legal[i]]
        return int(legal[_first_min(keys, every)])
    takers = _takers(m, ti, legal, trick_cards)
    if friends[trick_seats[_winner_index(m, ti, trick_cards)]]:
        takers[:] = False  # a partner's trick is lost already: any card will do
    risks = np.empty((n, 2), dtype=np.int64)
    for i in range(n):
        risks[i, 0], risks[i, 1] = _risk(m, ti, hand, unseen, legal[i])
    safe = ~takers
    if safe.any():
        return int(legal[_first_max(risks, safe)])
    if trick_cards.shape[0] + 1 >= active:  # the trick is ours: shed the riskiest card
        return int(legal[_first_max(risks, every)])
    strengths = np.empty((n, 1), dtype=np.int64)
    for i in range(n):
        strengths[i, 0] = power[legal[i]]
    return int(legal[_first_min(strengths, every)])


@_jit
def _defend(
    m: Any,
    ti: int,
    friends: Any,
    trick_seats: Any,
    trick_cards: Any,
    unseen: Any,
    shown_seat: int,
    shown_cards: Any,
    voids: Any,
    legal: Any,
) -> int:
    """``misereplay._defend``: a defender's card, making the makers take a trick."""
    eff, power = m[0][ti], m[1][ti]
    ns = m[6].shape[1] - 1  # the effective suits (sizes by trump option, suit), the Joker's last
    n = legal.shape[0]
    every = np.ones(n, dtype=np.bool_)
    plain = np.empty(n, dtype=np.bool_)
    for i in range(n):
        plain[i] = not (m[3][ti, legal[i]] and ti >= ns)  # the Joker in no-trump wins
    if not plain.any():
        plain[:] = True
    strengths = np.empty((n, 1), dtype=np.int64)
    for i in range(n):
        strengths[i, 0] = power[legal[i]]
    if trick_cards.shape[0] == 0:
        has, low = _shown(m, ti, friends, shown_seat, shown_cards)
        held = np.zeros(n, dtype=np.bool_)
        if has.any():
            under = np.zeros(n, dtype=np.bool_)
            for i in range(n):
                s = eff[legal[i]]
                under[i] = plain[i] and (low[s] if has[s] else -1) > power[legal[i]]
            if under.any():
                return int(legal[_first_min(strengths, under)])
            for i in range(n):
                held[i] = plain[i] and has[eff[legal[i]]]
        else:
            for i in range(n):
                held[i] = plain[i] and not voids[eff[legal[i]]]
        keys = np.empty((n, 3), dtype=np.int64)
        for i in range(n):
            lower, higher = _under(m, ti, unseen, legal[i])
            keys[i, 0] = lower
            keys[i, 1] = -higher
            keys[i, 2] = power[legal[i]]
        return int(legal[_first_min(keys, held if held.any() else plain)])
    winner = trick_seats[_winner_index(m, ti, trick_cards)]
    maker_played = False
    for q in trick_seats:
        if not friends[q]:
            maker_played = True
    if maker_played and not friends[winner]:
        takers = _takers(m, ti, legal, trick_cards)
        under = plain & ~takers
        return int(legal[_first_max(strengths, under if under.any() else plain)])
    if maker_played:  # beyond the makers already: throw the highest card
        return int(legal[_first_max(strengths, every)])
    led = eff[trick_cards[0]]
    first = -1
    for i in range(n):
        if plain[i]:
            first = i
            break
    following = eff[legal[first]] == led
    if following:
        for i in range(n):
            if plain[i] and eff[legal[i]] != led:
                following = False
    if following:
        return int(legal[_first_min(strengths, plain)])
    return int(legal[_first_max(strengths, plain)])


@_jit
def name_suit(
    m: Any, ti: int, friends: Any, unseen: Any, shown_seat: int, shown_cards: Any, legal_suits: Any
) -> int:
    """``misereplay.name_suit``: the suit index a defender names after leading the Joker
    against a misère, among ``legal_suits`` (suit indices in the Python legal order)."""
    has, _ = _shown(m, ti, friends, shown_seat, shown_cards)
    eff = m[0][ti]
    out = np.zeros(m[6].shape[1], dtype=np.int64)  # by effective suit
    for c in range(unseen.shape[0]):
        out[eff[c]] += unseen[c]
    n = legal_suits.shape[0]
    keys = np.empty((n, 2), dtype=np.int64)
    for i in range(n):
        s = legal_suits[i]
        keys[i, 0] = 1 if has[s] else 0
        keys[i, 1] = out[s]
    return int(legal_suits[_first_max(keys, np.ones(n, dtype=np.bool_))])
