"""The cards of one variant under one trump as bits: grouped by effective suit, weakest first.

Every physical card (a face and one of its copies) gets one bit. The bits of an effective suit
are contiguous and rise with the card's strength in a trick of that suit, so a hand is an
``int``, the cards of a suit in it are one ``&``, and "the next card above" is a mask. Copies
of one face sit side by side.

>>> from hasenpfeffer.format.variant import Variant
>>> from hasenpfeffer.rules.ruleset import compile_variant
>>> rules = compile_variant(Variant(name="x"))
>>> lay = layout_for(rules, rules.trump_index["H"])
>>> lay.names(lay.suit_mask[rules.trump_index["H"]])
['9H', 'TH', 'QH', 'KH', 'AH', 'JD', 'JH', 'JK']
>>> lay.names(lay.mask(["9D", "JD", "AD"]))
['9D', 'AD', 'JD']
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from ..rules.mechanisms import joker_names_suit
from ..rules.ruleset import CardLike, Ruleset

MAX_BITS = 62
"""The largest pack (in physical cards) the compiled search takes: hands are signed 64-bit words."""


class Layout:
    """The bit tables of one ruleset under one trump option (``ti``: a suit index or no-trump)."""

    def __init__(self, rules: Ruleset, ti: int) -> None:
        self.rules = rules
        self.ti = ti
        eff, key = rules.eff[ti], rules.key[ti]
        copies: dict[int, int] = {}
        for c in rules.deck:
            copies[c] = copies.get(c, 0) + 1
        self.suits = rules.ns + 1  # the suits, then the Joker's own suit (no-trump)
        faces = sorted(copies, key=lambda f: (eff[f], key[eff[f]][f]))
        self.bits: dict[int, tuple[int, ...]] = {}
        """The bits of each face, one per copy."""
        self.face_of: dict[int, int] = {}
        self.suit_of: dict[int, int] = {}
        self.suit_mask = [0] * self.suits
        bit = 1
        for f in faces:
            own = []
            for _ in range(copies[f]):
                own.append(bit)
                self.face_of[bit] = f
                self.suit_of[bit] = eff[f]
                self.suit_mask[eff[f]] |= bit
                bit <<= 1
            self.bits[f] = tuple(own)
        self.size = bit.bit_length() - 1
        self.all = bit - 1
        self.key: list[dict[int, int]] = [
            {b: key[led][f] for b, f in self.face_of.items()} for led in range(self.suits)
        ]
        """Strength of each bit in a trick whose effective suit led is the index (0: cannot win)."""
        self.power: dict[int, int] = {b: rules.power[ti][f] for b, f in self.face_of.items()}
        """Strength of each bit regardless of the suit led (trumps highest): for ordering moves."""
        self.above: dict[int, int] = {
            b: self.suit_mask[self.suit_of[b]] & ~((b << 1) - 1) for b in self.face_of
        }
        """The bits of the same effective suit above each bit."""
        self.same: dict[int, int] = {b: sum(self.bits[f]) for b, f in self.face_of.items()}
        """The bits of the same face as each bit (itself alone without copies)."""
        self.trumps = sum(b for b, w in self.power.items() if w >= 200)
        """The bits that beat every other card whatever the suit led: the trump suit (or a
        Joker ranked highest in no-trump)."""
        self.names_suit = ti >= rules.ns and rules.joker is not None and joker_names_suit(rules.variant)
        """In no-trump, the leader of the Joker names the suit the others must follow."""
        self.jokers = self.suit_mask[rules.ns] if self.names_suit else 0
        """The bits of the Joker where leading it names a suit (else 0)."""
        self.copies = any(n > 1 for n in copies.values())
        self.one: list[int] = [0] * (max(rules.deck) + 1)
        """The bit of each card id (its first copy's)."""
        for f, copies_of in self.bits.items():
            self.one[f] = copies_of[0]

    def mask(self, cards: Iterable[CardLike], used: int = 0) -> int:
        """The bits of some cards, each the first copy of its face not in ``used`` nor taken
        by an earlier card of ``cards``."""
        m = 0
        for c in cards:
            f = self.rules.cid(c)
            free = [b for b in self.bits[f] if not (m | used) & b]
            if not free:
                raise ValueError(f"too many copies of {self.rules.names[f]}")
            m |= free[0]
        return m

    def faces(self, m: int) -> list[int]:
        """The faces of the bits of ``m``, weakest first."""
        return [self.face_of[b] for b in bits(m)]

    def names(self, m: int) -> list[str]:
        """The names of the cards of ``m``, weakest first (by suit)."""
        return [self.rules.names[f] for f in self.faces(m)]


def bits(m: int) -> list[int]:
    """The set bits of ``m`` one by one, lowest first.

    >>> bits(0b10110)
    [2, 4, 16]
    """
    out = []
    while m:
        x = m & -m
        out.append(x)
        m ^= x
    return out


@functools.lru_cache(maxsize=256)
def layout_for(rules: Ruleset, ti: int) -> Layout:
    """The (cached) layout of a ruleset under trump option ``ti``."""
    return Layout(rules, ti)
