"""Declarations: once trump is made and before the first lead, a player holding a set of
``scoring.declarations`` (Jamboree: the five highest trumps) may show it and score at once.

Seats in play are asked from the dealer's left round to the dealer, each about the first set
its hand holds: ``0 declare NAME`` or ``0 pass``. A declared set is shown to all (event
``Declared``); a set that ends the hand ends it once the seats after it that hold a higher set
(``strength``: a set listed earlier, or higher ranks of one pattern) have answered, and the
highest set declared goes to scoring (the phase's exit), its tricks not played: its points go
to the holder's side, and the hand reads as made by the holder, with no trick taken
(:mod:`.scoring`).

>>> from hasenpfeffer import Game, load_variant
>>> v = load_variant("euchre")
>>> v = v.model_copy(update={"scoring": v.scoring.model_copy(update={"declarations": (
...     Declaration(name="jamboree", cards=5, points=16),)})})
>>> top = {"dealer": 3, "widow": ["9H", "QS", "KS", "AS"], "hands": [
...     "JH JD AH KH QH", "9C TC QC KC AC", "9D TD QD KD AD", "9S TS JS JC TH"]}
>>> g = Game(v, seed=1, deal=top)
>>> g.apply("0 order-up")[-1]
OrderedUp(seat=0, trump='H', alone=False)
>>> g.apply("3 discard 9H")[-1], g.phase, g.legal_actions()
(CardsDiscarded(seat=3, cards=(9H,)), <Phase.DECLARE: 'declare'>, LegalActions(['0 declare jamboree', '0 pass']))
>>> g.apply("0 declare jamboree")[0]
Declared(seat=0, name='jamboree', cards=(JH, JD, AH, KH, QH), points=16)
>>> g.scores
(16, 0)
"""

from __future__ import annotations

from ...format.cards import RANKS
from ...format.variant import Declaration
from ...rules import mechanisms as has
from ...rules.actions import Action, LegalActions, Verb
from ...rules.ruleset import Ruleset
from ..events import Declared, Passed
from ..state import State
from .base import Entry, Exit, PhaseRules, emit, names
from .names import Phase
from .scoring import declared

__all__ = ["Declaration", "Declare", "held", "offers", "ranks_held", "strength"]


def held(s: State, seat: int, rule: Declaration) -> tuple[int, ...] | None:
    """The cards of a set that a seat's hand holds (highest first), or None when it lacks one."""
    found = _holding(s, seat, rule)
    return None if found is None else found[0]


def _holding(s: State, seat: int, rule: Declaration) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The cards of a set the seat's hand holds and the ranks of its groups (highest first, as
    places in ``RANKS``; none for top trumps), or None."""
    if rule.holding == "ranks":
        return ranks_held(s.rules, s.hands[seat], rule.pattern)
    if s.trump_i is None:
        return None
    want = s.rules.top_trumps(s.trump_i, rule.cards)
    hand = s.hands[seat]
    if len(want) < rule.cards or any(c not in hand for c in want):
        return None
    return want, ()


def ranks_held(
    rules: Ruleset, hand: list[int], pattern: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The highest cards of ``hand`` that make groups of one rank each of the sizes of
    ``pattern`` (largest first), with the groups' ranks, or None. A Joker has no rank.

    >>> from hasenpfeffer import load_variant
    >>> from hasenpfeffer.rules.ruleset import compile_variant
    >>> r = compile_variant(load_variant("euchre"))
    >>> cards, ranks = ranks_held(r, [r.card_id[c] for c in "9C 9S KD KH KS".split()], (3, 2))
    >>> [r.names[c] for c in cards], [RANKS[x] for x in ranks]
    (['KD', 'KH', 'KS', '9C', '9S'], ['K', '9'])
    >>> ranks_held(r, [r.card_id[c] for c in "9C 9S KD KH AS".split()], (3, 2)) is None
    True
    """
    by_rank: dict[int, list[int]] = {}
    for c in hand:
        if c != rules.joker:
            by_rank.setdefault(RANKS.index(rules.faces[c].rank), []).append(c)
    cards: list[int] = []
    ranks: list[int] = []
    for size in pattern:  # the highest rank with enough cards, for each group in turn
        r = max((r for r, cs in by_rank.items() if len(cs) >= size), default=None)
        if r is None:
            return None
        cards += sorted(by_rank.pop(r))[:size]
        ranks.append(r)
    return tuple(cards), tuple(ranks)


def strength(s: State, seat: int, i: int) -> tuple[int, tuple[int, ...]]:
    """How high a seat's set ``i`` of ``scoring.declarations`` stands: a set listed earlier is
    higher, and of one pattern of ranks, the higher ranks."""
    found = _holding(s, seat, s.variant.scoring.declarations[i])
    assert found is not None
    return -i, found[1]


def offers(s: State) -> list[tuple[int, int]]:
    """The seats in play holding a set, from the dealer's left, each with the first set it holds
    (its place in ``scoring.declarations``)."""
    rules, n = s.variant.scoring.declarations, s.plan.n
    out = []
    for k in range(1, n + 1):
        seat = (s.dealer + k) % n
        if s.out[seat]:
            continue
        met = next((i for i, d in enumerate(rules) if held(s, seat, d) is not None), None)
        if met is not None:
            out.append((seat, met))
    return out


class Declare(PhaseRules):
    """Phase ``declare``: show a set and score it, or pass."""

    name = Phase.DECLARE
    verbs = frozenset({Verb.DECLARE, Verb.PASS})
    leaving = "no set declared"
    exits = (
        Exit(
            "declared",
            Phase.SCORING,
            lambda rules: any(d.ends_hand for d in rules.variant.scoring.declarations),
            lambda s: declared(s) is not None,
            "a set declared, scored at once without play",
        ),
    )

    def used(self, rules: Ruleset) -> bool:
        """Variants with declarations."""
        return has.declarations(rules.variant)

    def follows(self, rules: Ruleset, source: Phase) -> Entry:
        """When some seat holds a set."""
        return Entry.WANTED

    def wanted(self, s: State) -> bool:
        """Some seat in play holds a set."""
        return bool(offers(s))

    def arriving(self, rules: Ruleset, source: Phase) -> str:
        return "a seat holds a set it may declare"

    def enter(self, s: State) -> None:
        """Ask the first seat holding a set."""
        s.declares = offers(s)
        s.to_move = s.declares[0][0]

    def _rule(self, s: State) -> Declaration:
        return s.variant.scoring.declarations[s.declares[0][1]]

    def legal(self, s: State) -> LegalActions:
        """Declare the set, or pass."""
        seat = s.to_move
        assert seat is not None
        return LegalActions((Action(seat, Verb.DECLARE, self._rule(s).name), s.plan.pass_[seat]))

    def apply(self, s: State, a: Action) -> None:
        """A declaration scores at once (and may end the hand); a pass asks the next seat."""
        rule = self._rule(s)
        _, i = s.declares.pop(0)
        if a.verb == Verb.DECLARE:
            cards = held(s, a.seat, rule)
            assert cards is not None
            emit(s, Declared(a.seat, rule.name, names(s, cards), rule.points))
            if rule.ends_hand:  # only the seats holding a higher set are asked on
                top = strength(s, a.seat, i)
                s.declares = [(q, j) for q, j in s.declares if strength(s, q, j) > top]
        else:
            emit(s, Passed(a.seat, str(s.phase)))
        if s.declares:
            s.to_move = s.declares[0][0]
            return
        s.course.leave(s)

    def why(self, s: State, a: Action) -> str:
        return f"seat {s.declares[0][0]} holds {self._rule(s).name}: it may declare it or pass"
