"""Alpha-beta over the cards of one deal, every hand seen: the tricks one side takes.

The side to evaluate maximises its tricks and every other seat minimises them (for two
sides this is the exact double-dummy value; with more sides it is the *paranoid* value:
what the side can make against all the others together). In a contract to take no trick
(misère, ``Position.misere``) the tricks counted are the maker's side's, which it
minimises while every other seat maximises them. Positions at a trick boundary are kept in
a transposition table keyed by the leader and the hands (their value as a lower and an
upper bound, and the best lead); cards of one hand with no other live card between them in
their effective suit are searched once; the lowest winning card, then the lowest cards, are
tried first (in misère, the highest card that loses). Where the leader of the Joker names
the suit to follow, each suit that makes a difference is a move of its own.

>>> from hasenpfeffer.format.variant import Variant
>>> from hasenpfeffer.rules.ruleset import compile_variant
>>> from .position import from_cards
>>> rules = compile_variant(Variant(name="x"))
>>> p = from_cards(rules, "H", [["JK", "9S"], ["AS", "KS"], ["JH", "9C"], ["AD", "TS"]], leader=1)
>>> Search(p, side=0).exact(p)
2
"""

from __future__ import annotations

from collections.abc import Callable

from .layout import bits
from .position import Position, named, suits_to_name

RELATIVE = 28
"""Above this many cards in play, positions are keyed by relative ranks."""
Entry = tuple[int, int, int]
"""A table entry: lower bound, upper bound, best lead (a bit, or 0)."""


def roles(p: Position, side: int) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """For each seat: whether its tricks are counted (those of ``side``), and whether it plays
    for the most of them (``side`` itself; in misère, where ``side`` must be the one playing
    for none, every other seat).

    >>> from hasenpfeffer.format.variant import Variant
    >>> from hasenpfeffer.rules.ruleset import compile_variant
    >>> from .position import from_cards
    >>> p = from_cards(compile_variant(Variant(name="x")), "H", [["AS"], ["KS"], ["QS"], ["JS"]], 0)
    >>> roles(p, 1)
    ((False, True, False, True), (False, True, False, True))
    >>> p.misere = 1
    >>> roles(p, 1)
    ((False, True, False, True), (True, False, True, False))
    """
    counts = tuple(s == side for s in p.side_of)
    if p.misere < 0:
        return counts, counts
    if side != p.misere:
        raise ValueError("in misère only the side that plays for no trick is searched")
    return counts, tuple(not c for c in counts)


class Searcher:
    """What a searcher of one deal answers: a bound (:meth:`run`) and the exact value."""

    side: int
    is_max: tuple[bool, ...]
    """Whether each seat plays for the most tricks of the side."""

    def run(self, p: Position, alpha: int, beta: int) -> int:
        """The tricks the side takes from ``p`` on (fail-soft: a bound outside the window)."""
        raise NotImplementedError

    def calling(self, p: Position, alpha: int, beta: int) -> int:
        """:meth:`run` for a leader of the Joker still to name the suit: the best suit's value."""
        mx = self.is_max[p.seat]
        best = -1 if mx else p.left + 1
        for suit in suits_to_name(p):
            v = self.run(named(p, suit), alpha, beta)
            if mx and v > best:
                best = v
                if best >= beta:
                    break
                alpha = max(alpha, best)
            elif not mx and v < best:
                best = v
                if best <= alpha:
                    break
                beta = min(beta, best)
        return best

    def exact(self, p: Position, guess: int | None = None) -> int:
        """The exact value of ``p``: null-window tests halving the range of tricks or, given a
        ``guess``, stepping from it (MTD(f): two tests when the guess is right)."""
        lo, hi = 0, p.left
        g = None if guess is None else min(max(guess, lo), hi)
        while lo < hi:
            target = (lo + hi + 1) // 2 if g is None else max(g, lo + 1)
            v = self.run(p, target - 1, target)
            if v >= target:
                lo = v
            else:
                hi = v
            if g is not None:
                g = v
        return lo


class Search(Searcher):
    """The searcher of one deal under one trump, for one side; reusable across its positions."""

    def __init__(self, p: Position, side: int, relative: bool | None = None) -> None:
        self.side = side
        self.counts, self.is_max = roles(p, side)
        self.low = p.misere >= 0
        """Misère: every seat plays to take few tricks for its own side (sure tricks are no bound)."""
        self.next = p.next
        self.active = p.active
        self.layout = p.layout
        self.hands = [0] * len(p.hands)
        self.tt: dict[tuple[object, ...], Entry] = {}
        self.relative = p.live.bit_count() > RELATIVE if relative is None else relative
        """Whether positions are keyed by who holds the live cards in order (only the cards'
        relative ranks), which finds more transpositions but costs more per position."""
        self.lead, self.follow = _searchers(self)

    def run(self, p: Position, alpha: int, beta: int) -> int:
        """The tricks the side takes from ``p`` on (fail-soft: a bound outside the window)."""
        if p.calling:
            return self.calling(p, alpha, beta)
        hands = self.hands
        hands[:] = p.hands
        if p.count == 0:
            return self.lead(p.seat, p.live, p.left, alpha, beta)
        held = 0
        for h in hands:
            held |= h
        trick = p.live & ~held
        return self.follow(p.seat, p.count, p.led, p.win_seat, p.win_key, trick, p.live, p.left, alpha, beta)


Lead = Callable[[int, int, int, int, int], int]
Follow = Callable[[int, int, int, int, int, int, int, int, int, int], int]


def _searchers(search: Search) -> tuple[Lead, Follow]:
    """The two recursive functions of a search (closures over its tables, for speed)."""
    lay = search.layout
    suit_mask, keys, suit_of, above, same, power = (
        lay.suit_mask,
        lay.key,
        lay.suit_of,
        lay.above,
        lay.same,
        lay.power,
    )
    copies, trumps, jokers = lay.copies, lay.trumps, lay.jokers
    plain = [m for m in suit_mask if m and not m & trumps]
    nxt, is_max, counts, k, low = search.next, search.is_max, search.counts, search.active, search.low
    nameable = list(enumerate(suit_mask[: lay.rules.ns]))
    hands, tt, relative = search.hands, search.tt, search.relative
    power_of = power.__getitem__
    suits = [m for m in suit_mask if m]
    seats = range(len(hands))
    shapes: dict[tuple[int, ...], tuple[object, ...]] = {}

    def canon(m: int) -> tuple[object, ...]:
        """Who holds the live cards of the suit of mask ``m``, weakest first (a face whose
        copies several hands hold as one item): positions alike up to the cards already
        played are one entry of the table."""
        parts = tuple([h & m for h in hands])
        shape = shapes.get(parts)
        if shape is None:
            live = 0
            for part in parts:
                live |= part
            out: list[object] = []
            while live:
                x = live & -live
                face = same[x] & live
                owners = tuple(s for s in seats for b in bits(face) if parts[s] & b)
                if len(set(owners)) == 1:  # in one hand: as good as neighbouring cards
                    out.extend(owners)
                else:  # equal cards in several hands: the first played wins
                    out.append(owners)
                live ^= face
            shape = shapes[parts] = tuple(out)
        return shape

    def moves_of(h: int, m: int, live: int) -> list[int]:
        """One card of ``m`` (cards of hand ``h``) for each run of equivalent cards, weakest first."""
        if not m & (m - 1):
            return [m]
        out = []
        while m:
            x = m & -m
            m ^= x
            a = live & above[x]
            y = a & -a
            if y & h and (not copies or same[x] == same[y] or not (same[x] | same[y]) & live & ~h):
                continue
            out.append(x)
        return out

    def quick(h: int, others: int, left: int) -> int:
        """Tricks the leader's side is sure of: its trumps above all others', and when nobody
        else has a trump, its cards above all others' in every suit."""
        theirs = others & trumps
        if theirs:
            sure = (h & trumps & ~((1 << theirs.bit_length()) - 1)).bit_count()
        else:
            sure = (h & trumps).bit_count()
            for m in plain:
                o = others & m
                sure += (h & m & ~((1 << o.bit_length()) - 1)).bit_count()
        return sure if sure < left else left

    def to_name(others: int) -> list[int]:
        """The suits worth naming after leading the Joker (see :func:`.position.suits_to_name`)."""
        out, spare = [], False
        for s, m in nameable:
            if m & others:
                out.append(s)
            elif not spare:
                out.append(s)
                spare = True
        return out

    def lead(seat: int, live: int, left: int, alpha: int, beta: int) -> int:
        if left == 1:  # (a Joker led alone wins whatever suit it names)
            x = hands[seat]
            kl = keys[suit_of[x]]
            ws, wk = seat, kl[x]
            q = nxt[seat]
            while q != seat:
                kq = kl[hands[q]]
                if kq > wk:
                    ws, wk = q, kq
                q = nxt[q]
            return 1 if counts[ws] else 0
        if alpha >= left:
            return left
        if beta <= 0:
            return 0
        key = (seat, *[canon(m) for m in suits]) if relative else (seat, *hands)
        e = tt.get(key)
        if e is None:
            lo, hi, bm = 0, left, 0
        else:
            lo, hi, bm = e
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        h = hands[seat]
        if low:  # nobody plays for sure tricks of its own
            floor, ceiling = 0, left
        else:
            sure = quick(h, live & ~h, left)
            floor, ceiling = (sure, left) if is_max[seat] else (0, left - sure)
        t = live & trumps
        if t:  # the hand with the highest trump wins a trick with each of its top trumps
            top = 1 << (t.bit_length() - 1)
            q = seat
            while not hands[q] & top:
                q = nxt[q]
            if q != seat or low:  # (the leader's own are sure tricks above, but in misère)
                mine = hands[q] & t
                theirs = t & ~mine
                below = same[1 << (theirs.bit_length() - 1)] if theirs else 0  # (copies tie)
                run = (mine & ~((1 << below.bit_length()) - 1)).bit_count()
                if counts[q]:
                    floor = max(floor, run)
                else:
                    ceiling = min(ceiling, left - run)
        if floor >= beta:
            return floor
        if ceiling <= alpha:
            return ceiling
        if floor > alpha:
            alpha = floor
        if ceiling < beta:
            beta = ceiling
        a0, b0 = alpha, beta
        ms = moves_of(h, h, live)
        if len(ms) > 1:
            ms.sort(key=power_of)
            tops = [] if low else [x for x in ms if not live & above[x]]
            if tops:
                ms = tops[::-1] + [x for x in ms if live & above[x]]
            if bm in ms:
                ms.remove(bm)
                ms.insert(0, bm)
        nx = nxt[seat]
        mx = is_max[seat]
        best = -1 if mx else left + 1
        move = 0
        if h & jokers:  # the Joker led once for each suit worth naming
            plays = [(x, led) for x in ms for led in (to_name(live & ~h) if x & jokers else (suit_of[x],))]
        else:
            plays = [(x, suit_of[x]) for x in ms]
        for x, led in plays:
            hands[seat] = h ^ x
            v = follow(nx, 1, led, seat, keys[led][x], x, live, left, alpha, beta)
            if mx:
                if v > best:
                    best, move = v, x
                    if best >= beta:
                        break
                    if best > alpha:
                        alpha = best
            elif v < best:
                best, move = v, x
                if best <= alpha:
                    break
                if best < beta:
                    beta = best
        hands[seat] = h
        if best <= a0:
            tt[key] = (lo, best if best < hi else hi, bm)
        elif best >= b0:
            tt[key] = (best if best > lo else lo, hi, move)
        else:
            tt[key] = (best, best, move)
        return best

    def follow(
        seat: int,
        count: int,
        led: int,
        ws: int,
        wk: int,
        trick: int,
        live: int,
        left: int,
        alpha: int,
        beta: int,
    ) -> int:
        h = hands[seat]
        f = h & suit_mask[led]
        ms = moves_of(h, f or h, live)
        kl = keys[led]
        mx = is_max[seat]
        if len(ms) > 1:
            if not f:
                ms.sort(key=power_of)
            if low:  # the highest card that does not win first, then the lowest
                ms = [x for x in ms if kl[x] <= wk][::-1] + [x for x in ms if kl[x] > wk]
            elif is_max[ws] != mx:
                for i, x in enumerate(ms):
                    if kl[x] > wk:
                        if i:
                            del ms[i]
                            ms.insert(0, x)
                        break
        last = count + 1 == k
        best = -1 if mx else left + 1
        for x in ms:
            hands[seat] = h ^ x
            kx = kl[x]
            if last:
                w = seat if kx > wk else ws
                if counts[w]:
                    v = 1 + lead(w, live ^ trick ^ x, left - 1, alpha - 1, beta - 1)
                else:
                    v = lead(w, live ^ trick ^ x, left - 1, alpha, beta)
            elif kx > wk:
                v = follow(nxt[seat], count + 1, led, seat, kx, trick | x, live, left, alpha, beta)
            else:
                v = follow(nxt[seat], count + 1, led, ws, wk, trick | x, live, left, alpha, beta)
            if mx:
                if v > best:
                    best = v
                    if best >= beta:
                        break
                    if best > alpha:
                        alpha = best
            elif v < best:
                best = v
                if best <= alpha:
                    break
                if best < beta:
                    beta = best
        hands[seat] = h
        return best

    return lead, follow
