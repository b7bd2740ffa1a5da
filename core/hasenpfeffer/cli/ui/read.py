"""What a person types at the table: choice numbers, cards, actions; and why a choice is wrong.

``read_choice`` turns a line into a legal :class:`Action` or raises :class:`InputError` whose
message says why not (``9C: you must follow hearts``). ``explain`` gives a legal action's short
meaning for the ``?`` list.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...format.cards import SUIT_NAMES, Card, CardError, parse_suit
from ...rules.actions import Action
from .render import effective_suit, is_trump, sorted_hand, suit_label

if TYPE_CHECKING:
    from ...engine.view import View

HELP = "type a listed number, a card (jh, 10d, JK), an action (bid 4, trump H alone, pass), ? or quit"
_VERB_ALIASES = {"order": "order-up", "orderup": "order-up", "p": "pass", "name": "trump"}
_CARD_VERBS = ("play", "discard", "give")


class InputError(ValueError):
    """A line that is not a legal action now; the message says why."""


def action_text(action: Action) -> str:
    """An action as the person types it, without the seat: ``bid 4``, ``trump H alone``."""
    return str(action).split(" ", 1)[1]


def card_role(card: Card, view: View) -> str:
    """What a card is under the current trump: ``left bower, a trump``, ``a spade``."""
    v, trump = view.variant, view.trump
    if is_trump(card, trump, v):
        if card.is_joker:
            return "the Joker, a trump"
        if v.ranking.bowers and card.rank == "J":
            return "right bower, a trump" if card.suit == trump else "left bower, a trump"
        return "a trump"
    if card.is_joker:
        return "the Joker"
    suit = effective_suit(card, trump, v)
    return f"a {SUIT_NAMES.get(suit, suit).rstrip('s')}"


def _led_suit(view: View) -> str | None:
    if not view.trick:
        return None
    return effective_suit(view.trick[0][1], view.trump, view.variant)


def _suit_words(suit: str, trump: str | None) -> str:
    name = "the Joker" if suit == "JK" else SUIT_NAMES.get(suit, suit)
    return f"{name} (trump)" if suit == trump else name


def explain(action: Action, view: View) -> str:
    """A short meaning of a legal action for the seat to move."""
    v = view.variant
    verb, arg = action.verb, action.arg
    partners = "your partners sit out" if len(v.teams[v.team_of(view.seat)]) > 2 else "your partner sits out"
    alone = f"; you play alone, {partners}" if action.alone else ""
    if verb == "bid":
        bid = v.bid(arg)
        if bid.contract:
            return f"contract: {bid.describe()}"
        stakes = f" at {bid.multiplier}x stakes" if bid.multiplier != 1 else ""
        who = "your side" if v.partnerships == "alternate" else "you"
        return f"{who} must take {bid.tricks} tricks{stakes}{alone}"
    if verb == "suit" and view.phase == "order-up":
        blind = " (named before you look at your hand)" if v.making.order_up.turned_joker_blind else ""
        return f"the turned Joker stands for a {SUIT_NAMES[arg][:-1]}{blind}"
    if verb == "suit":
        return f"the others must follow {SUIT_NAMES[arg]} to your Joker if they can"
    if verb == "pass":
        if view.phase == "bidding":
            final = v.making.auction.style == "until-passes"
            return "drop out of the bidding" + (" for this hand" if final else "")
        if view.phase == "defence":
            return "defend together with your partner"
        if view.phase == "order-up":
            return "leave the turned card for the next player"
        if view.phase == "name-trump":
            return "name no suit; the next player may"
        return "let the chance go by"
    if verb == "trump":
        named = "no trump this hand" if arg == "NT" else f"{suit_label(arg)} are trump"
        return named + alone
    if verb == "order-up":
        turned = view.turned
        suit = suit_label(turned.suit) if turned is not None and not turned.is_joker else "its suit"
        return f"the dealer takes the turned card; {suit} become trump{alone}"
    if verb == "alone":
        return f"defend alone; {partners}"
    if verb == "call":
        if not arg:
            return "call no partner: you play alone against every other player"
        if arg.isdigit():
            which = "second partner" if view.partners else "partner"
            return f"seat {arg} is your {which} for this hand, known to all at once"
        return f"whoever holds {arg} is your partner for this hand, unknown until it is played"
    card = Card.parse(arg)
    if verb == "discard":
        return f"put it face down ({card_role(card, view)})"
    if verb == "give":
        return f"pass it to your partner ({card_role(card, view)})"
    role = card_role(card, view)
    led = _led_suit(view)
    if led is None:
        return f"lead it, {role}"
    suit = effective_suit(card, view.trump, v)
    led_words = "trump" if led == view.trump else _suit_words(led, None)
    if suit == led:
        return f"{role}, follows {led_words}"
    return f"{role}; you have no {led_words}"


def ordered_choices(legal: Sequence[Action], view: View) -> list[Action]:
    """The legal actions in the order they are listed: cards in the order of the sorted hand."""
    order = {str(c): i for i, c in enumerate(sorted_hand(view.hand, view.trump, view.variant))}
    return sorted(legal, key=lambda a: order.get(a.arg, -1) if a.verb in _CARD_VERBS else -1)


def _suit_arg(word: str) -> str:
    if word in ("nt", "no-trump", "notrump"):
        return "NT"
    named = {name: suit for suit, name in SUIT_NAMES.items()}
    named |= {name.rstrip("s"): suit for name, suit in named.items()}
    try:
        return named.get(word) or parse_suit(word)
    except CardError as exc:
        raise InputError(str(exc)) from None


def _parse_action(text: str, view: View, legal: Sequence[Action]) -> Action:
    words = text.lower().split()
    if len(words) > 1 and words[0].isdigit():
        words = words[1:]  # a seat number typed in front
    alone = len(words) > 1 and words[-1] == "alone"
    if alone:
        words = words[:-1]
    verb, rest = _VERB_ALIASES.get(words[0], words[0]), words[1:]
    if verb == "order-up" and rest == ["up"]:
        rest = []
    if verb == "go" and alone and not rest:
        verb, alone = "alone", False
    if verb == "alone" and view.phase != "defence":
        raise InputError(f"{text}: say alone after the call, e.g. trump H alone")
    bids = {b.name.lower(): b.name for b in view.variant.making.auction.ladder}
    if verb in bids and not rest:
        verb, rest = "bid", [verb]
    if not rest and view.phase in ("trump", "name-trump"):
        with contextlib.suppress(InputError):
            verb, rest = "trump", [_suit_arg(verb)]
    if not rest and "suit" in {a.verb for a in legal}:  # after leading the Joker: a suit's name alone
        with contextlib.suppress(InputError):
            verb, rest = "suit", [_suit_arg(verb)]
    if verb not in {a.verb for a in legal} | {"bid", "trump", "play", "discard", "give", "pass"}:
        raise InputError(f"{text!r} is not a card, an action or a listed number (? lists your choices)")
    arg = " ".join(rest)
    if verb in _CARD_VERBS and arg:
        try:
            arg = str(Card.parse(arg))
        except CardError as exc:
            raise InputError(str(exc)) from None
    elif verb in ("trump", "suit") and arg:
        arg = _suit_arg(arg.lower())
    elif verb == "bid":
        arg = bids.get(arg, arg)
    return Action(view.seat, verb, arg, alone)


def read_choice(text: str, view: View, legal: Sequence[Action]) -> Action:
    """The legal action a line of input means, or :class:`InputError` with the reason."""
    text = text.strip()
    if not text:
        raise InputError(HELP)
    if text.isdigit():
        n = int(text)
        if 1 <= n <= len(legal):
            return legal[n - 1]
        raise InputError(f"{text}: choose a number from 1 to {len(legal)}")
    try:
        card = Card.parse(text)
    except CardError:
        action = _parse_action(text, view, legal)
    else:
        matches = [a for a in legal if a.arg == str(card) and a.verb in _CARD_VERBS]
        if matches:
            return matches[0]
        verbs = {a.verb for a in legal} & set(_CARD_VERBS)
        action = Action(view.seat, next(iter(sorted(verbs)), "play"), str(card))
    if action in legal:
        return action
    raise InputError(why_illegal(action, view, legal))


def why_illegal(action: Action, view: View, legal: Sequence[Action]) -> str:
    """The reason an action is not legal for the seat to move."""
    said = action_text(action)
    verbs = sorted({a.verb for a in legal})
    if action.verb not in verbs:
        return f"{said}: not now, you may {' or '.join(verbs)}"
    v = view.variant
    if action.verb in _CARD_VERBS:
        card = Card.parse(action.arg)
        if card not in view.hand:
            return f"{card}: you do not hold {card}"
        led = _led_suit(view)
        if action.verb == "play" and led is not None and effective_suit(card, view.trump, v) != led:
            return f"{card}: you must follow {_suit_words(led, view.trump)}"
    if action.verb == "bid":
        names = [b.name for b in v.making.auction.ladder]
        if action.arg not in names:
            return f"bid {action.arg}: not a bid; the bids are {', '.join(names)}"
        bids = [a.arg for a in legal if a.verb == "bid"]
        if bids and names.index(action.arg) < names.index(bids[0]):
            return f"bid {action.arg}: you must bid at least {bids[0]}"
    if action.verb == "trump" and not any(a.arg == action.arg for a in legal):
        return f"{said}: you may not name {suit_label(action.arg)} now"
    if action.alone and not any(a.alone for a in legal):
        return f"{said}: you may not go alone now"
    shown = ", ".join(action_text(a) for a in legal[:12])
    more = ", ..." if len(legal) > 12 else ""
    return f"{said}: not allowed now; you may: {shown}{more}"
