"""What a variant has, as the phases and the action space ask it: an auction or order-up, a
discard, a lone player's exchange, lone defence.

The phases of the engine declare whether a variant uses them by these answers, and the
integer action space has a group of actions where they say so: one answer for both.

>>> from hasenpfeffer.format.variant import Variant
>>> v = Variant(name="x")
>>> auction(v), discards(v), exchanges(v), lone_defence(v), two_rounds(v)
(True, True, False, True, False)
"""

from __future__ import annotations

from ..format import acting
from ..format.variant import NO_TRUMPS, Bid, Variant


def auction(v: Variant) -> bool:
    """Trump is made by an auction (else by order-up)."""
    return v.making.method == "auction"


def two_rounds(v: Variant) -> bool:
    """Order-up has a second round, naming another suit."""
    return not auction(v) and v.making.order_up.rounds == 2


def discards(v: Variant) -> bool:
    """The maker lays away what the widow brought, or the dealer the turned card taken."""
    kitty = v.deal.kitty
    if auction(v):
        return kitty.use == "widow" and kitty.size > 0
    return v.making.order_up.dealer_discards and kitty.size > 0


def merges_dummies(v: Variant) -> bool:
    """Dummies are taken into their controllers' hands once trump is made, who lay away as
    many cards (``deal.dummies.play: merged``)."""
    return v.deal.dummies.merged


def lays_away(v: Variant) -> bool:
    """Some seat lays cards away (the ``discard`` phase): the maker after the widow, the dealer
    after the turned card (:func:`discards`), or a taker of a dummy (:func:`merges_dummies`)."""
    return discards(v) or merges_dummies(v)


def may_go_alone(v: Variant) -> bool:
    """A maker may go alone (the partners sit out): the same answer as the format's checks of
    the fields that act only then."""
    return acting.may_go_alone(v)


def lone_defence(v: Variant) -> bool:
    """Defenders are offered to go alone (as the format's checks read it)."""
    return acting.lone_defence(v)


def maker_exchanges(v: Variant) -> bool:
    """A lone maker exchanges cards with the partners who sit out (by an action, or at a bid
    whose ``exchange`` says so)."""
    return acting.maker_exchanges(v)


def bid_exchanges(v: Variant, bid: Bid | None) -> bool:
    """A lone maker of ``bid`` (None: outside the ladder) exchanges (``alone.exchange``)."""
    return acting.bid_exchanges(v, bid)


def defender_exchanges(v: Variant) -> bool:
    """A lone defender exchanges cards with the partners who sit out."""
    ex = v.alone.exchange
    return lone_defence(v) and ex.cards > 0 and ex.lone_defender


def exchanges(v: Variant) -> bool:
    """A lone player (maker or defender) exchanges cards with the partners."""
    return maker_exchanges(v) or defender_exchanges(v)


def names_trump(v: Variant) -> bool:
    """A maker names trump by an action: after an auction won on a bid that leaves trump open,
    or in order-up's second round."""
    if auction(v):
        return any(b.trump is None for b in v.making.auction.ladder)
    return two_rounds(v)


def stuck_no_trump(v: Variant) -> bool:
    """Order-up: a stuck dealer alone may name no-trump in the last round."""
    ap = v.making.all_pass
    return two_rounds(v) and ap.rule == "forced" and ap.stuck_dealer.no_trump


def names_no_trump(v: Variant) -> bool:
    """A maker may name no-trump by an action (``trump NT``): anyone, or a stuck dealer alone."""
    return v.making.no_trump or stuck_no_trump(v)


def no_trump(v: Variant) -> bool:
    """A hand may be played at no-trump: the maker may name it (anyone, or a stuck dealer
    alone), a bid names it, or a hand is played at it when all pass."""
    making = v.making
    return (
        names_no_trump(v)
        or (auction(v) and any(b.trump in NO_TRUMPS for b in making.auction.ladder))
        or (plays_out(v) and making.all_pass.trump == "NT")
    )


def plays_out(v: Variant) -> bool:
    """When everyone passes (the auction, or order-up's last round), the hand is played without a
    maker at ``making.all_pass.trump`` (``making.all_pass.rule: play``)."""
    return v.making.all_pass.rule == "play"


def open_contracts(v: Variant) -> bool:
    """Some contract of the auction is played with the maker's hand open (``open``)."""
    return auction(v) and any(b.open for b in v.making.auction.ladder)


def joker_names_suit(v: Variant) -> bool:
    """In no-trump the leader of the Joker names the suit to follow (``suit`` actions)."""
    r = v.ranking
    return (
        no_trump(v)
        and v.pack.jokers > 0
        and r.no_trump_joker == "highest"
        and r.no_trump_joker_led == "leader-names"
    )


def dealer_names_joker(v: Variant) -> bool:
    """Order-up: the dealer names the suit a turned Joker proposes (``suit`` actions)."""
    ou = v.making.order_up
    return (
        not auction(v) and v.pack.jokers > 0 and v.deal.kitty.size > 0 and ou.turned_joker == "dealer-names"
    )


def failed_suit_barred(v: Variant) -> bool:
    """Order-up: a suit made trump by makers who failed is barred for the rest of the game
    (``failed_suit_barred``): the game remembers the suits barred."""
    return not auction(v) and v.making.order_up.failed_suit_barred


def last_maker_passes(v: Variant) -> bool:
    """Order-up: the maker of the last hand that had one only passes in this one
    (``last_maker_passes``): the game remembers that player."""
    return not auction(v) and v.making.order_up.last_maker_passes


def last_trick_suit(v: Variant) -> bool:
    """Order-up: the suit that won the last trick of the last hand is the only trump of the next
    (``last_trick_suit``): the game remembers that suit."""
    return not auction(v) and v.making.order_up.last_trick_suit


def turned_trump(v: Variant) -> bool:
    """Order-up: a turned card of some suits is trump at once (``turned_trump``, dirty clubs)."""
    return not auction(v) and bool(v.making.order_up.turned_trump)


def names_suit(v: Variant) -> bool:
    """A suit is named by a ``suit`` action: for a Joker led in no-trump, or for a turned Joker."""
    return joker_names_suit(v) or dealer_names_joker(v)


def weak_hands(v: Variant) -> bool:
    """A seat dealt a weak hand may (or must) call a redeal or swap with the kitty."""
    return bool(v.deal.weak_hands)


def declarations(v: Variant) -> bool:
    """A player may declare a set of cards before the first lead (``scoring.declarations``)."""
    return bool(v.scoring.declarations)


def weak_hand_verbs(v: Variant) -> tuple[str, ...]:
    """The verbs of the weak-hand offers a variant makes (``redeal``, ``swap``), in that order.

    >>> from hasenpfeffer.format.variant import Variant
    >>> weak_hand_verbs(Variant(name="x", deal={"weak_hands": [
    ...     {"name": "low", "when": [{"ranks": ["9"], "at_least": 3}], "action": "swap", "cards": 1}]}))
    ('swap',)
    """
    used = {w.action for w in v.deal.weak_hands if w.optional}
    return tuple(x for x in ("redeal", "swap") if x in used)


def drops_out(v: Variant) -> bool:
    """Players other than the maker may drop out once trump is made (``alone.drop_out``)."""
    return v.alone.drop_out.allowed


def calls_partner(v: Variant) -> bool:
    """The maker calls a partner for the hand (``partnerships: called``): by a card, or by seat."""
    return v.calling is not None


def no_maker_per_trick(v: Variant) -> int:
    """The points per trick of a hand played without a maker: ``scoring.no_maker.per_trick``,
    else ``making.all_pass.per_trick``."""
    nm = v.scoring.no_maker
    return v.making.all_pass.per_trick if nm.per_trick is None else nm.per_trick
