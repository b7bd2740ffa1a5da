"""The names of the phases: the values of ``game.phase``.

>>> Phase.PLAY == "play", str(Phase.ORDER_UP), [p.value for p in Phase][:3]
(True, 'order-up', ['deal', 'weak-hand', 'bidding'])
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """The phases of a hand; a variant's machine has only those it uses."""

    DEAL = "deal"
    """Between hands: the cards are being dealt."""
    WEAK_HAND = "weak-hand"
    """A seat dealt a weak hand may call a redeal or swap cards with the kitty."""
    BIDDING = "bidding"
    """The auction: bids and passes (auction variants)."""
    TRUMP = "trump"
    """The auction's winner takes the widow and names trump."""
    ORDER_UP = "order-up"
    """Round one of order-up: order up the turned card's suit, or pass."""
    NAME_TRUMP = "name-trump"
    """Round two of order-up: name another suit, or pass."""
    DISCARD = "discard"
    """The maker (or the dealer who took the turned card) lays cards away."""
    CALL = "call"
    """The maker calls a card: its holder is the maker's partner for the hand."""
    EXCHANGE = "exchange"
    """A lone player and the partner who sits out exchange cards."""
    DEFENCE = "defence"
    """Defenders are offered to go alone."""
    DECLARE = "declare"
    """Once trump is made, a player holding a declarable set may show it and score at once."""
    DROP_OUT = "drop-out"
    """Players other than the maker may drop out for the hand."""
    PLAY = "play"
    """The tricks."""
    SCORING = "scoring"
    """The hand is scored (passing: the next hand is dealt, or the game ends)."""
    OVER = "over"
    """A side has won."""
