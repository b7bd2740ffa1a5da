"""The observation vector of a variant: named pieces, each a slice with a shape and a meaning.

Everything is seen from the observing seat: seats are *relative* (0 is the seat itself,
1 the player to its left...), sides are relative (0 is the seat's own side, then the others
in seat order). Cards are the pack's distinct cards in the action space's order (the ranks of
each suit, where suits differ, as Five Hundred's 43 cards). Pieces a variant cannot use
(``contract`` without an auction, ``turned`` without a turned card, ``widow`` without a
widow, ``terms`` and ``shown`` without contracts that have them, ``calling`` and ``named``
where a led Joker does not name a suit) are left out, so the vector has no dead slots.

>>> from hasenpfeffer.format.loader import load_variant
>>> lay = layout(load_variant("euchre"))
>>> lay.size, [p.name for p in lay.pieces][:6]
(636, ['to_move', 'phase', 'dealer', 'hand', 'played', 'trick'])
>>> lay["history"].start, lay["history"].shape
(232, (9, 40))
>>> layout(load_variant("euchre"), info_state=True)["plays"].shape
(5, 4, 28)
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from ..engine.machine import phase_spec
from ..engine.phases.plan import PLAN
from ..engine.view import View
from ..format.variant import Bid, Variant
from ..rules import mechanisms as has
from ..rules.actionspace import action_space
from ..rules.ruleset import compile_variant
from .bounds import making_decisions

DECISION_PHASES: tuple[str, ...] = tuple([str(p.name) for p in PLAN if p.verbs])
"""The phases in which a seat decides (those that declare verbs: bidding, trump, order-up...
play), in the order of the plan; the ``phase`` piece lists those a variant has."""
SCORE_CLIP = 4.0
"""Scores are given as a fraction of the target, clipped to ``[-SCORE_CLIP, SCORE_CLIP]``."""
HIDDEN = (("discard", "", False), ("give", "", False))
"""Another seat's discard or gift, as the history shows it: the verb without the card."""
IN_PLAY = frozenset({"play", "suit"})
"""The verbs of the tricks, which the ``history`` leaves to the pieces of the play."""
TERMS: tuple[tuple[str, str], ...] = (("misere", "to take no trick"), ("open", "played with the hand open"))
"""The terms of a contract the ``terms`` piece shows where some bid has them: each a flag."""


def contract_terms(variant: Variant) -> tuple[str, ...]:
    """The terms some bid of the variant's ladder has (of :data:`TERMS`), in that order.

    >>> from hasenpfeffer.format.loader import load_variant
    >>> contract_terms(load_variant("five-hundred")), contract_terms(load_variant("euchre"))
    (('misere', 'open'), ())
    """
    if not has.auction(variant):
        return ()
    ladder = variant.making.auction.ladder
    return tuple(t for t, _ in TERMS if any(has_term(b, t) for b in ladder))


def has_term(bid: Bid, term: str) -> bool:
    """Whether a bid's contract has a term of :data:`TERMS`."""
    return bid.objective == "none" if term == "misere" else bid.open


def lone_players(variant: Variant) -> bool:
    """A seat may play alone beside partners who sit out: the maker going alone, a lone
    defender, or a contract played alone."""
    if variant.partnerships != "alternate":
        return False
    if has.may_go_alone(variant) or has.lone_defence(variant):
        return True
    return has.auction(variant) and any(b.alone for b in variant.making.auction.ladder)


class Piece(NamedTuple):
    """One part of the vector: ``vector[start:stop].reshape(shape)``, values from ``low`` to ``high``."""

    name: str
    start: int
    stop: int
    shape: tuple[int, ...]
    low: float
    high: float
    doc: str


class Layout:
    """The pieces of one variant's observation (build with :func:`layout`, which caches)."""

    def __init__(self, variant: Variant, info_state: bool = False) -> None:
        self.variant = variant
        self.info_state = info_state
        rules = compile_variant(variant)
        space = action_space(variant)
        n = self.n = variant.players
        self.cards: tuple[str, ...] = rules.names
        c = len(self.cards)
        self.sides = len(variant.teams)
        states = phase_spec(variant)[0]
        if has.auction(variant) and not has.names_trump(variant):
            states = [p for p in states if p != "trump"]  # every bid names its trump: nobody decides
        self.phases = tuple(p for p in DECISION_PHASES if p in states)
        self.trumps: tuple[str, ...] = rules.trump_names[: rules.ns + has.no_trump(variant) + rules.low]
        self.suits: tuple[str, ...] = tuple(variant.pack.suits)
        auction = has.auction(variant)
        self.bids: tuple[str, ...] = tuple(b.name for b in variant.making.auction.ladder) if auction else ()
        self.terms = contract_terms(variant)
        decisions = [g for g in space.groups[1:] if g.name not in IN_PLAY]
        hidden = [h for h, phase in zip(HIDDEN, ("discard", "exchange"), strict=True) if phase in states]
        keys = [*(k for g in decisions for k in space.keys[g.start : g.stop]), *hidden]
        columns = [f"{g.name} ({g.stop - g.start})" for g in decisions]
        columns += [f"another seat's {verb} (1)" for verb, _, _ in hidden]
        calls = has.joker_names_suit(variant)
        shown = auction and any(b.open for b in variant.making.auction.ladder)
        self.history_column = {k: i for i, k in enumerate(keys)}
        self.history_slots = making_decisions(variant)
        kitty = variant.deal.kitty
        pieces: list[tuple[str, tuple[int, ...], float, float, str]] = [
            ("to_move", (n,), 0, 1, "the seat to move"),
            ("phase", (len(self.phases),), 0, 1, "the phase: " + ", ".join(self.phases)),
            ("dealer", (n,), 0, 1, "the dealer"),
            ("hand", (c,), 0, 1, "own cards: each card's count over its copies in the pack"),
            ("played", (n, c), 0, 1, "the cards each seat has played this hand"),
            ("trick", (n, c), 0, 1, "the trick on the table: each seat's card"),
            ("leader", (n,), 0, 1, "who led the trick on the table"),
        ]
        if calls:
            pieces += [
                ("named", (len(self.suits),), 0, 1, "the suit named to follow the Joker led to the trick"),
                ("calling", (1,), 0, 1, "the leader of the Joker is to name the suit to follow"),
            ]
        pieces += [
            (
                "history",
                (self.history_slots, n + len(keys)),
                0,
                1,
                f"the hand's other decisions in order, one a row: the seat ({n}), then the action: "
                + ", ".join(columns),
            ),
        ]
        if self.bids:
            pieces.append(("contract", (len(self.bids),), 0, 1, "the contract: " + ", ".join(self.bids)))
        if self.terms:
            what = dict(TERMS)
            pieces.append(
                (
                    "terms",
                    (len(self.terms),),
                    0,
                    1,
                    "the contract's terms: " + ", ".join(what[t] for t in self.terms),
                )
            )
        pieces += [
            ("trump", (len(self.trumps),), 0, 1, "trump: " + ", ".join(self.trumps)),
            ("maker", (n,), 0, 1, "the maker"),
        ]
        if lone_players(variant):
            pieces += [
                ("alone", (n,), 0, 1, "the seats playing alone"),
                ("sitting_out", (n,), 0, 1, "the seats sitting out"),
            ]
        if variant.calling is not None:
            if variant.calling.by == "card":
                pieces.append(("called", (c,), 0, 1, "the card the maker called for a partner"))
            pieces += [
                (
                    "partner",
                    (n,),
                    0,
                    1,
                    "the maker's partners, once known to this seat (itself, shown by play, or named)",
                ),
            ]
        if kitty.use == "turn-up" and kitty.size and not auction:
            pieces.append(("turned", (c,), 0, 1, "the turned card"))
        if has.dealer_names_joker(variant):
            pieces.append(
                ("proposed", (len(self.suits),), 0, 1, "the suit the dealer named for a turned Joker")
            )
        if kitty.use == "widow" and kitty.size and auction:
            pieces.append(("widow", (c,), 0, 1, "the widow, once this seat has taken it as maker"))
        if shown:
            pieces.append(
                ("shown", (c,), 0, 1, "the maker's open hand (after the first trick): its cards now")
            )
        pieces += [
            ("tricks_won", (self.sides,), 0, 1, "tricks won this hand by each side, a fraction of the hand"),
            (
                "scores",
                (self.sides,),
                -SCORE_CLIP,
                SCORE_CLIP,
                f"each side's score as a fraction of the target (of the deals, without one), clipped to"
                f" +-{SCORE_CLIP:g}",
            ),
        ]
        if variant.game.deals is not None:
            pieces.append(
                ("deal", (1,), 0, 1, "the game's deals so far, this one counted, a fraction of game.deals")
            )
        if has.failed_suit_barred(variant):
            pieces.append(
                ("barred", (len(self.suits),), 0, 1, "the suits barred for the game after failed contracts")
            )
        if has.last_trick_suit(variant):
            pieces.append(("imposed", (len(self.suits),), 0, 1, "the only suit this hand may make trump"))
        if has.last_maker_passes(variant):
            pieces.append(("resting", (n,), 0, 1, "the last hand's maker, who only passes in this one"))
        if variant.deal.dummies.seats and not variant.deal.dummies.merged:
            pieces.append(
                (
                    "seen",
                    (n, c),
                    0,
                    1,
                    "the other hands this seat sees (deal.dummies), by seat from its own: a dummy it"
                    " plays, a dummy's controller, an exposed dummy; each card's count over its copies",
                )
            )
        if info_state:
            pieces.append(
                (
                    "plays",
                    (variant.tricks_per_hand, n, n + c),
                    0,
                    1,
                    "every card played this hand in order, trick by trick: the seat, then the card",
                )
            )
            if calls:
                pieces.append(
                    (
                        "named_suits",
                        (variant.tricks_per_hand, len(self.suits)),
                        0,
                        1,
                        "the suit named to follow a led Joker, trick by trick",
                    )
                )
        self.pieces: tuple[Piece, ...] = ()
        start = 0
        for name, shape, low, high, doc in pieces:
            size = 1
            for d in shape:
                size *= d
            self.pieces += (Piece(name, start, start + size, shape, float(low), float(high), doc),)
            start += size
        self.size = start
        self._by_name = {p.name: p for p in self.pieces}

    def __getitem__(self, name: str) -> Piece:
        return self._by_name[name]

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __repr__(self) -> str:
        kind = "information state" if self.info_state else "observation"
        return f"<Layout {self.variant.name} {kind}: {self.size} values>"

    def bounds(self) -> tuple[list[float], list[float]]:
        """The lowest and highest value of each entry of the vector."""
        low: list[float] = []
        high: list[float] = []
        for p in self.pieces:
            low += [p.low] * (p.stop - p.start)
            high += [p.high] * (p.stop - p.start)
        return low, high

    def describe(self) -> str:
        """The pieces as a table: name, slice, shape, meaning.

        >>> from hasenpfeffer.format.variant import Variant
        >>> print(layout(Variant(name="x")).describe().splitlines()[4])
        | `to_move` | 0:4 | 4 | the seat to move |
        """
        kind = "information state" if self.info_state else "observation"
        lines = [
            f"{self.variant.name}: {kind} of {self.size} values",
            "",
            "| piece | slice | shape | what |",
            "|---|---|---|---|",
        ]
        for p in self.pieces:
            shape = " x ".join(str(d) for d in p.shape)
            lines.append(f"| `{p.name}` | {p.start}:{p.stop} | {shape} | {p.doc} |")
        return "\n".join(lines)


@functools.lru_cache(maxsize=128)
def layout(variant: Variant, info_state: bool = False) -> Layout:
    """The (cached) layout of a variant's observation, or of its information state."""
    return Layout(variant, info_state)


def named_suits(view: View) -> list[tuple[int, str]]:
    """Each suit named to follow a led Joker this hand, as (trick, suit): trick ``len(view.tricks)``
    is the one on the table. A ``suit`` action follows the Joker's play in the history; the
    sizes of the finished tricks say which trick each play belongs to.

    >>> from hasenpfeffer.engine.game import Game
    >>> from hasenpfeffer.format.loader import load_variant
    >>> hands = ["JK 5C 6C 7C 5S 6S 7S 4D 5D 4H", "8C 9C TC JC QC KC AC 8S 9S TS",
    ...          "6D 7D 8D 9D TD JD QD KD AD JS", "6H 7H 8H 9H TH JH QH KH AH QS"]
    >>> g = Game(load_variant("five-hundred"), deal={"dealer": 3, "hands": hands, "widow": ["5H", "KS", "AS"]})
    >>> for a in ["0 bid 6NT", "1 pass", "2 pass", "3 pass", "0 discard KS", "0 discard AS",
    ...           "0 discard 5H", "0 play JK", "0 suit C", "1 play 8C"]:
    ...     _ = g.apply(a)
    >>> named_suits(g.view(2))
    [(0, 'C')]
    """
    sizes = [len(t.cards) for t in view.tricks]
    out = []
    t = played = 0
    for a in view.history:
        if a.verb == "play":
            played += 1
            if t < len(sizes) and played == sizes[t]:
                t, played = t + 1, 0
        elif a.verb == "suit" and (t or played):  # (not the dealer's, for a turned Joker)
            out.append((t, a.arg))
    return out
