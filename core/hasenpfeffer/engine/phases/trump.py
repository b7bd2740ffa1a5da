"""Naming trump after the auction: the maker takes the widow, then names a suit (or no-trump).

Also the trump options every phase that names trump offers (:func:`trump_options`), and what
making trump sets (:func:`set_trump`).
"""

from __future__ import annotations

from ...rules import mechanisms as has
from ...rules.actions import Action, LegalActions, Verb
from ...rules.ruleset import Ruleset
from ..events import TrumpNamed, WidowTaken
from ..state import State
from .base import PhaseRules, emit, names
from .names import Phase


def closed(s: State) -> int:
    """The trumps that may not be made in this hand, a bit by trump index: the suits barred for
    the game after failed contracts (``failed_suit_barred``), and every trump but the one the
    last hand's last trick imposed (``last_trick_suit``; no-trump too)."""
    return s.barred if s.imposed < 0 else s.barred | ~(1 << s.imposed)


def may_make(s: State, seat: int) -> bool:
    """Whether a seat may make trump in this hand: not the last hand's maker where it may not
    make it twice running (``last_maker_passes``), and at a place listed by ``makers`` (none
    listed: any)."""
    places = s.plan.ordering.makers
    return seat != s.resting and (not places or bool(places >> (seat - s.dealer - 1) % s.plan.n & 1))


def places_words(places: int, n: int) -> str:
    """Places from the dealer's left (a mask, bit 0 the dealer's left), in words.

    >>> places_words(0b1010, 4)
    "place 2 from the dealer's left or the dealer"
    """
    words = [
        "the dealer" if q == n else "the dealer's left" if q == 1 else f"place {q} from the dealer's left"
        for q in range(1, n + 1)
        if places >> (q - 1) & 1
    ]
    return " or ".join(words)


def makers_words(s: State) -> str:
    """Why a player at another place may only pass (``order_up.makers``)."""
    return f"only {places_words(s.plan.ordering.makers, s.plan.n)} may make trump (makers)"


def trump_options(
    s: State, seat: int, barred: int | None, no_trump: bool = False, alone_only: bool = False
) -> list[Action]:
    """Every trump a seat may name (suits, no-trump where allowed, or where ``no_trump`` opens it
    to this seat; not ``barred``, nor one :func:`closed` for this hand), alone where allowed (a
    contract played alone goes alone without saying so), or only alone (``alone_only``)."""
    p, rules = s.plan, s.rules
    acts = p.trump[seat]
    lone_contract = s.contract is not None and s.contract.alone
    may_alone = p.lone.may_alone and not lone_contract
    out = []
    last = rules.ns + 1 if p.no_trump or no_trump else rules.ns
    bars = closed(s)  # barred for the game after failed contracts, or not the imposed suit
    for ti in range(last):
        if ti == barred or bars >> ti & 1:
            continue
        if not alone_only:
            out.append(acts[ti][0])
        if may_alone:
            out.append(acts[ti][1])
    return out


def trump_words(rules: Ruleset) -> str:
    """How trump is made after the auction, in words: by the maker, by the contract bid, or either.

    >>> from hasenpfeffer.format.loader import load_variant
    >>> from hasenpfeffer.rules.ruleset import compile_variant
    >>> trump_words(compile_variant(load_variant("pepper"))), trump_words(compile_variant(load_variant("five-hundred")))
    ('trump named', 'the contract names trump')
    """
    ladder = rules.variant.making.auction.ladder
    fixed = [b.trump is not None for b in ladder]
    if all(fixed):
        return "the contract names trump"
    return "trump named, or by the contract" if any(fixed) else "trump named"


def trump_refused(s: State, a: Action, legal: LegalActions) -> str:
    """Why a ``trump`` action is refused."""
    if a.alone and not any(x.alone for x in legal if x.verb == Verb.TRUMP):
        return "going alone is not allowed here"
    ti = s.rules.trump_index.get(a.arg)
    if ti is not None and closed(s) >> ti & 1:
        return closed_words(s, ti, f"trump {a.arg}")
    return f"trump {a.arg} may not be named here"


def closed_words(s: State, ti: int, what: str) -> str:
    """Why trump ``ti`` (``what``, in words) is :func:`closed` in this hand."""
    if s.barred >> ti & 1:
        return f"{what} is barred for the game after a failed contract (failed_suit_barred)"
    suit = s.rules.trump_names[s.imposed]
    return f"{what} may not be made trump: only {suit}, which took the last trick of the last hand (last_trick_suit)"


def set_trump(s: State, ti: int, alone: bool) -> None:
    """Trump is made; a lone maker's partners sit out."""
    s.trump_i = ti
    s.eff = s.rules.eff[ti]
    if alone:
        s.alone = True
        assert s.maker is not None
        for q in s.plan.partners[s.maker]:
            s.out[q] = True


class NamingTrump(PhaseRules):
    """Phase ``trump``: the maker (with the widow in hand) names trump, alone where allowed."""

    name = Phase.TRUMP
    verbs = frozenset({Verb.TRUMP})
    leaving = "trump named"

    def leaving_words(self, rules: Ruleset) -> str:
        """Trump named by the maker, by the contract, or by either."""
        return trump_words(rules)

    def used(self, rules: Ruleset) -> bool:
        """Auction variants."""
        return has.auction(rules.variant)

    def arriving(self, rules: Ruleset, source: Phase) -> str:
        kitty = rules.variant.deal.kitty
        return (
            "auction won, the maker takes the widow" if kitty.use == "widow" and kitty.size else "auction won"
        )

    def enter(self, s: State) -> None:
        """The maker takes the widow where the variant has one, and owes as many discards; a
        contract that names its trump makes it at once, and the hand goes on."""
        maker, contract = s.maker, s.contract
        assert maker is not None
        if s.variant.deal.kitty.use == "widow" and s.kitty:
            s.widow_taken = tuple(s.kitty)
            s.hands[maker].extend(s.kitty)
            s.hands[maker].sort()
            s.kitty = []
            s.discards_left = len(s.widow_taken)
            emit(s, WidowTaken(maker, names(s, s.widow_taken)))
        s.to_move = maker
        if contract is not None and contract.trump is not None:
            set_trump(s, s.rules.trump_index[contract.trump], contract.alone)
            s.course.leave(s)

    def legal(self, s: State) -> LegalActions:
        """Every trump option."""
        assert s.to_move is not None
        return LegalActions(trump_options(s, s.to_move, barred=None))

    def apply(self, s: State, a: Action) -> None:
        """Set trump; the hand goes on (to the discard of what the widow brought)."""
        alone = a.alone or (s.contract is not None and s.contract.alone)
        set_trump(s, s.rules.trump_index[a.arg], alone)
        emit(s, TrumpNamed(a.seat, a.arg, a.alone))
        s.course.leave(s)

    def why(self, s: State, a: Action) -> str:
        """Going alone or a trump option that is not allowed."""
        return trump_refused(s, a, self.legal(s))
