"""A variant compiled into look-up tables: card ids, effective suits, trick strength.

Cards are small ints (faces suit-major in the pack's suit order, ranks low to high,
then the Joker). For every trump option (each suit, then no-trump) the tables give
each face's effective suit and its strength in a trick, so legal plays and trick
winners are list look-ups.

>>> from hasenpfeffer.format.variant import Variant
>>> r = compile_variant(Variant(name="x"))
>>> [str(c) for c in r.sorted_hand(["9H", "JD", "AS", "JK", "JH", "AH"], "H")]
['JK', 'JH', 'JD', 'AH', '9H', 'AS']
>>> r.effective_suit("JD", "H"), r.effective_suit("JD", "S"), r.effective_suit("JK", "C")
('H', 'D', 'C')
>>> r.trick_winner(["AS", "JD", "KS", "9S"], "H")
1

Bots work on ids and a trump option's index (suits, then no-trump):

>>> h = r.trump_id("H")
>>> ids = [r.cid(c) for c in ["AS", "JD", "KS"]]
>>> r.winner_index(ids, h), r.takes(r.cid("QH"), ids, h), r.takes(r.cid("AS"), ids[:1], h)
(1, False, False)
>>> [r.names[c] for c in r.takers([r.cid(c) for c in ["JH", "AH", "9S"]], ids, h)]
['JH']
>>> r.is_trump(r.cid("JD"), h), r.is_trump(r.cid("AH"), h), r.is_trump(r.cid("AS"), h)
(True, True, False)
>>> nt = r.trump_id("NT")
>>> r.is_trump(r.cid("JK"), nt), [r.names[c] for c in r.best_cards(ids, h)]
(True, ['JD'])
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..format.cards import JOKER, RANKS, Card, same_colour
from ..format.variant import LOW_NO_TRUMP, Variant

NT = "NT"
"""The no-trump option, as written in ``trump NT``."""
NTL = LOW_NO_TRUMP
"""The low no-trump option (every suit ranks the other way), as a bid names it."""

CardLike = str | int
"""A card as a :class:`~hasenpfeffer.format.cards.Card` (or its text, in any spelling) or its id."""


class Ruleset:
    """The tables of one variant; build with :func:`compile_variant`."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        seats = range(variant.players)
        self._side = tuple(variant.side_of(q) for q in seats)
        self._partners = tuple(variant.partners(q) for q in seats)
        pack = variant.pack
        self.suits: tuple[str, ...] = tuple(pack.suits)
        self.ns = ns = len(self.suits)
        faces = [Card(r, s) for s in self.suits for r in RANKS if r in pack.ranks_of(s)]
        self.joker: int | None = None
        if pack.jokers:
            self.joker = len(faces)
            faces.append(Card(JOKER, ""))
        self.faces: tuple[Card, ...] = tuple(faces)
        """Every face by id: the one :class:`~hasenpfeffer.format.cards.Card` object of each, which
        events and views hand out."""
        self.names: tuple[str, ...] = tuple(str(c) for c in faces)
        """The faces' text as plain strings (for the keys of tables and the text of actions)."""
        self.card_id: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        self.suit_of: tuple[int, ...] = tuple(ns if c.is_joker else self.suits.index(c.suit) for c in faces)
        """Every face's own suit by id, as its index in :attr:`suits` (``ns`` for a Joker)."""
        deck = [i for i in range(len(faces)) if i != self.joker] * pack.copies
        if self.joker is not None:
            deck += [self.joker] * pack.jokers
        self.deck: tuple[int, ...] = tuple(deck)
        making = variant.making
        self.low = making.method == "auction" and any(b.trump == NTL for b in making.auction.ladder)
        """Whether a bid names low no-trump (``NTL``): a trump option after no-trump, where every
        suit ranks the other way."""
        self.trump_names: tuple[str, ...] = (*self.suits, NT, *([NTL] if self.low else []))
        """The trump options by index: the suits, no-trump, then low no-trump where a bid names it."""
        self.options = len(self.trump_names)
        """How many trump options there are (the tables' rows by trump)."""
        self.trump_index: dict[str, int] = {t: i for i, t in enumerate(self.trump_names)}
        plain = variant.ranking.high_to_low(pack)
        # plain rank value: higher is better
        self._plain = [0 if c.is_joker else len(plain) - plain.index(c.rank) for c in faces]
        self._low = [0 if c.is_joker else 1 + plain.index(c.rank) for c in faces]
        self.eff: list[list[int]] = []
        self.power: list[list[int]] = []
        self.key: list[list[list[int]]] = []
        self.sort: list[list[int]] = []
        self.trumping: list[list[bool]] = []
        self.trump_orders: list[tuple[int, ...]] = []
        """By trump option, the trump faces from high to low (none for no-trump)."""
        for ti in range(self.options):
            self._build(ti, plain)
        self._build_untrumped()
        self.reasons: list[list[str]] = [
            [self.why(c, self.trump_names[ti], c) for c in range(len(faces))] for ti in range(self.options)
        ]
        """Why each card wins a trick it wins, by trump option (the words of :meth:`why`)."""

    def _trump_order(self, ti: int, plain: tuple[str, ...]) -> list[int]:
        """Faces of trump suit ``ti`` from high to low (bowers and Joker included)."""
        suit = self.suits[ti]
        ranking = self.variant.ranking
        cid = self.card_id
        order: list[int] = []
        right = left = None
        if ranking.bowers and "J" in plain:
            right = cid[f"J{suit}"]
            lefts = [s for s in self.suits if s != suit and same_colour(s, suit)]
            left = cid[f"J{lefts[0]}"] if lefts else None
        top = [x for x in (right, left) if x is not None]
        if self.joker is not None:
            where = {"highest": 0, "below-right-bower": 1, "below-left-bower": 2}[ranking.joker]
            top.insert(min(where, len(top)) if top else 0, self.joker)
        order.extend(top)
        order.extend(
            cid[f"{r}{suit}"] for r in plain if f"{r}{suit}" in cid and cid[f"{r}{suit}"] not in order
        )
        return order

    def _build(self, ti: int, plain: tuple[str, ...]) -> None:
        ns, faces = self.ns, self.faces
        eff = [ns if c.is_joker else self.suits.index(c.suit) for c in faces]
        trump_rank: dict[int, int] = {}
        self.trump_orders.append(tuple(self._trump_order(ti, plain)) if ti < ns else ())
        if ti < ns:
            order = list(self.trump_orders[ti])
            trump_rank = {c: len(order) - i for i, c in enumerate(order)}
            for c in order:
                eff[c] = ti
        plain_value = self._low if ti > ns else self._plain  # low no-trump: the lowest card is best
        power = [200 + trump_rank[c] if c in trump_rank else plain_value[c] for c in range(len(faces))]
        joker_high = ti >= ns and self.variant.ranking.no_trump_joker == "highest"
        if self.joker is not None and joker_high:
            power[self.joker] = 1000
        keys: list[list[int]] = []
        for led in range(ns + 1):
            row = []
            for c in range(len(faces)):
                if c in trump_rank or (joker_high and c == self.joker):
                    row.append(power[c])
                elif eff[c] == led:
                    row.append(100 + plain_value[c])
                else:
                    row.append(0)
            keys.append(row)
        sort = []
        for c in range(len(faces)):
            group = 0 if c in trump_rank or c == self.joker else 1 + eff[c]
            sort.append(group * 1000 - power[c])
        self.trumping.append([c in trump_rank or (joker_high and c == self.joker) for c in range(len(faces))])
        self.eff.append(eff)
        self.power.append(power)
        self.key.append(keys)
        self.sort.append(sort)

    def _build_untrumped(self) -> None:
        self._sort_none = [
            -1 if c.is_joker else self.suits.index(c.suit) * 1000 - self._plain[i]
            for i, c in enumerate(self.faces)
        ]

    # ------------------------------------------------------------------ seats

    def side_of(self, seat: int) -> int:
        """The side a seat plays for: a team, or the player itself without partnerships."""
        return self._side[seat]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of a seat's side, from its left round the table (none when alone).

        >>> r = compile_variant(Variant(name="x", players=6))
        >>> r.side_of(4), r.partners(4)
        (0, (0, 2))
        """
        return self._partners[seat]

    # ------------------------------------------------------------------ public helpers

    def cid(self, card: CardLike) -> int:
        """The id of a card (``Card``, text or id)."""
        if isinstance(card, int):
            return card
        found = self.card_id.get(card)  # a face, or text written as the pack writes it
        if found is not None:
            return found
        text = str(Card(card))
        try:
            return self.card_id[text]
        except KeyError:
            raise ValueError(f"{text} is not in this variant's pack") from None

    def trump_id(self, trump: str | int | None) -> int | None:
        """Index of a trump option (a suit or ``NT``), or None."""
        if trump is None or isinstance(trump, int):
            return trump
        return self.trump_index[trump.upper()]

    def effective_suit(self, card: CardLike, trump: str | None) -> str:
        """The suit a card belongs to under ``trump`` (``"JK"`` for a Joker of its own suit)."""
        ti = self.trump_id(trump)
        c = self.cid(card)
        if ti is None:
            return JOKER if c == self.joker else self.faces[c].suit
        e = self.eff[ti][c]
        return JOKER if e == self.ns else self.suits[e]

    def order_key(self, card: CardLike, trump: str | None) -> int:
        """Sort key showing a hand in trump order: trumps high to low, then each suit high to low."""
        ti = self.trump_id(trump)
        c = self.cid(card)
        return self._sort_none[c] if ti is None else self.sort[ti][c]

    def sorted_hand(self, cards: Sequence[CardLike], trump: str | None = None) -> list[Card]:
        """Cards sorted by :meth:`order_key`."""
        ids = sorted((self.cid(c) for c in cards), key=lambda c: self.order_key(c, trump))
        return [self.faces[c] for c in ids]

    def beats(self, card: CardLike, other: CardLike, trump: str | None, led: str) -> bool:
        """True when ``card`` beats ``other`` in a trick whose effective led suit is ``led``."""
        ti = self.trump_id(trump)
        ti = self.ns if ti is None else ti
        li = self.ns if led == JOKER else self.suits.index(led)
        key = self.key[ti][li]
        return key[self.cid(card)] > key[self.cid(other)]

    def trick_winner(self, cards: Sequence[CardLike], trump: str | None) -> int:
        """Index of the winning card among ``cards`` (in play order; ties go to the first)."""
        ti = self.trump_id(trump)
        return self.winner_index([self.cid(c) for c in cards], self.ns if ti is None else ti)

    # ------------------------------------------------------------------ by id and trump index

    def winner_index(self, cards: Sequence[int], ti: int) -> int:
        """Index of the winning card among card ids in play order (ties go to the first)."""
        key = self.key[ti][self.eff[ti][cards[0]]]
        best, top = 0, key[cards[0]]
        for i in range(1, len(cards)):
            if key[cards[i]] > top:
                best, top = i, key[cards[i]]
        return best

    def takes(self, card: int, trick: Sequence[int], ti: int) -> bool:
        """Whether ``card``, played now to the (started) ``trick``, would win it so far."""
        return bool(self.takers([card], trick, ti))

    def takers(self, cards: Sequence[int], trick: Sequence[int], ti: int) -> list[int]:
        """The cards of ``cards`` that, played now to the (started) ``trick``, would win it so far."""
        key = self.key[ti][self.eff[ti][trick[0]]]
        best = max(key[c] for c in trick)
        return [c for c in cards if key[c] > best]

    def top_trumps(self, ti: int, n: int) -> tuple[int, ...]:
        """The ``n`` highest trumps of trump option ``ti`` (fewer where the suit has fewer; none
        at no-trump).

        >>> from hasenpfeffer.format.variant import Variant
        >>> r = compile_variant(Variant(name="x"))
        >>> [r.names[c] for c in r.top_trumps(r.trump_id("H"), 5)], r.top_trumps(r.trump_id("NT"), 5)
        (['JK', 'JH', 'JD', 'AH', 'KH'], ())
        """
        return self.trump_orders[ti][:n]

    def is_trump(self, card: int, ti: int) -> bool:
        """Whether the card beats every card of the other suits: a trump (the Joker ranked
        highest in no-trump included)."""
        return self.trumping[ti][card]

    def best_cards(self, cards: Sequence[int], ti: int) -> list[int]:
        """The cards of ``cards`` that rank highest under the trump (trumps above the rest)."""
        power = self.power[ti]
        top = max(power[c] for c in cards)
        return [c for c in cards if power[c] == top]

    def why(self, card: CardLike, trump: str | None, led_card: CardLike) -> str:
        """Why a winning card won: "Joker", "right bower", "left bower", "highest trump", ..."""
        ti = self.trump_id(trump)
        c = self.cid(card)
        if c == self.joker:
            return "Joker"
        face = self.faces[c]
        if ti is not None and ti < self.ns:
            suit = self.suits[ti]
            if self.eff[ti][c] == ti:
                if self.variant.ranking.bowers and face.rank == "J":
                    return "right bower" if face.suit == suit else "left bower"
                return "highest trump"
        return "lowest of the suit led" if ti is not None and ti > self.ns else "highest of the suit led"


@functools.lru_cache(maxsize=64)
def compile_variant(variant: Variant) -> Ruleset:
    """The (cached) ruleset of a variant: compiled once per distinct variant."""
    return Ruleset(variant)
