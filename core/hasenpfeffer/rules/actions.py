"""Actions (``SEAT VERB [ARG] [alone]``), the legal-action set, and the refusal error.

>>> a = Action.parse("0 trump h alone")
>>> a
Action(seat=0, verb='trump', arg='H', alone=True)
>>> str(a), str(Action.parse("1 play 10h")), str(Action(3, "pass"))
('0 trump H alone', '1 play TH', '3 pass')
>>> legal = LegalActions([Action(1, "pass"), Action(1, "bid", "4")])
>>> "1 bid 4" in legal, Action(1, "pass") in legal, "1 bid 5" in legal, len(legal)
(True, True, False, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import NamedTuple

from ..format.cards import Card, CardError, parse_suit


class Verb(StrEnum):
    """What an action does; each is also its word in an action's text."""

    PASS = "pass"
    """Decline: in the auction, an order-up round, or an offer of lone defence."""
    BID = "bid"
    """Bid a step of the ladder (``2 bid 4``, ``1 bid little-pepper``)."""
    ORDER_UP = "order-up"
    """Make the turned card's suit trump (round one of order-up), alone with ``alone``."""
    TRUMP = "trump"
    """Name trump: a suit or ``NT`` (after an auction, or in order-up's round two)."""
    DISCARD = "discard"
    """Lay a card away (after the widow, or the dealer after taking the turned card)."""
    GIVE = "give"
    """Pass a card in a lone player's exchange with a partner."""
    ALONE = "alone"
    """Defend alone against the makers (lone defence)."""
    PLAY = "play"
    """Play a card to the trick."""
    SUIT = "suit"
    """Name the suit the others must follow, after leading the Joker in no-trump (``0 suit H``)."""
    REDEAL = "redeal"
    """Call for a redeal on a weak hand (``deal.weak_hands``)."""
    SWAP = "swap"
    """Swap a weak hand's low cards for the kitty's hidden cards (``deal.weak_hands``)."""
    DECLARE = "declare"
    """Show a set of cards and score it at once (``0 declare jamboree``; ``scoring.declarations``)."""
    DROP = "drop"
    """Drop out for the hand once trump is made (``alone.drop_out``)."""
    CALL = "call"
    """Call a card whose holder is the maker's partner (``0 call AS``), or name the partner
    (``0 call 2``, ``making.call.by: seat``); ``0 call alone``: none."""


VERBS = tuple(Verb)
"""Every verb an action may have."""
CARD_VERBS = frozenset({Verb.PLAY, Verb.DISCARD, Verb.GIVE})


class ActionSyntaxError(ValueError):
    """Text that is not an action."""


class Action(NamedTuple):
    """One decision: ``seat`` does ``verb`` (with ``arg``; ``alone`` to go alone)."""

    seat: int
    verb: str
    arg: str = ""
    alone: bool = False

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read ``"2 bid 4"``, ``"0 trump H alone"``, ``"1 play JH"``..."""
        words = str(text).split()
        if len(words) < 2 or not words[0].lstrip("-").isdigit():
            raise ActionSyntaxError(f"{text!r} is not an action: expected 'SEAT VERB [ARG]', e.g. '2 bid 4'")
        seat, verb, rest = int(words[0]), words[1].lower(), words[2:]
        if verb not in VERBS:
            raise ActionSyntaxError(f"{text!r}: unknown verb {verb!r} (expected one of {', '.join(VERBS)})")
        alone = bool(rest) and rest[-1].lower() == "alone"
        if alone:
            rest = rest[:-1]
        if len(rest) > 1:
            raise ActionSyntaxError(f"{text!r}: too many words")
        arg = rest[0] if rest else ""
        try:
            if verb in CARD_VERBS and arg:
                arg = str(Card.parse(arg))
            elif verb == "trump" and arg:
                arg = "NT" if arg.upper() == "NT" else parse_suit(arg)
            elif verb == "suit" and arg:
                arg = parse_suit(arg)
            elif verb == "call" and arg:
                arg = arg if arg.isdigit() else str(Card.parse(arg))  # a seat, or a card
        except CardError as exc:
            raise ActionSyntaxError(f"{text!r}: {exc}") from None
        return cls(seat, verb, arg, alone)

    def __str__(self) -> str:
        text = f"{self.seat} {self.verb}"
        if self.arg:
            text += " " + self.arg
        if self.alone:
            text += " alone"
        return text


def as_action(action: Action | str) -> Action:
    """An Action from an Action or its text."""
    if type(action) is Action:
        return action
    if isinstance(action, Action):
        return Action(*action)
    if isinstance(action, str):
        return Action.parse(action)
    raise ActionSyntaxError(f"{action!r} is not an action")


class LegalActions(tuple[Action, ...]):
    """The legal actions: a tuple of :class:`Action` that also answers ``"0 play JH" in legal``."""

    __slots__ = ()

    def __contains__(self, item: object) -> bool:
        if tuple.__contains__(self, item):
            return True
        if isinstance(item, str):
            try:
                return tuple.__contains__(self, Action.parse(item))
            except ActionSyntaxError:
                return False
        return False

    def __repr__(self) -> str:
        return f"LegalActions({[str(a) for a in self]})"


class IllegalActionError(ValueError):
    """A refused action; the game is unchanged.

    ``.action`` is what was tried, ``.seat`` the seat to move (None when the game
    is over), ``.legal`` the legal actions.
    """

    def __init__(
        self, action: Action | str, seat: int | None, legal: Iterable[Action], why: str = ""
    ) -> None:
        self.action = action
        self.seat = seat
        self.legal = list(legal)
        self.why = why
        who = "the game is over" if seat is None else f"seat {seat} to move"
        shown = ", ".join(str(a) for a in self.legal) or "none"
        reason = f": {why}" if why else ""
        super().__init__(f"illegal action {str(action)!r}{reason} ({who}; legal: {shown})")
