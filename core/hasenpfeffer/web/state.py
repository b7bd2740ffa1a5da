"""A game as one seat sees it, as JSON for the page: the table, the hand, every legal choice in
the engine's own words (``play``'s ``?``), what happened, the score.

>>> from hasenpfeffer import Game, load_variant
>>> g = Game(load_variant("hasenpfeffer-pepper"), seed=1)
>>> s = seat_state(g, 0)
>>> s["variant"], len(s["seats"]), s["phase"]
('hasenpfeffer-pepper', 4, 'bidding')
>>> card_json(Card.parse("TH"), None, g.variant)
{'id': 'TH', 'label': '10♥', 'red': True, 'trump': False}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cli.ui.read import action_text, explain, ordered_choices
from ..cli.ui.render import Namer, card_text, hand_result_text, is_trump, sorted_hand, suit_label
from ..engine.events import HandResult
from ..engine.game import Game
from ..engine.view import PublicView, View
from ..format.cards import RED_SUITS, Card
from ..format.variant import Variant
from ..rules.actions import Action

CARD_VERBS = ("play", "discard", "give")


def card_json(card: Card, trump: str | None, variant: Variant) -> dict[str, Any]:
    """A card for the page: its notation, its label with the suit symbol, red or not, trump or not."""
    return {
        "id": str(card),
        "label": card_text(card, None, None).plain,
        "red": card.suit in RED_SUITS,
        "trump": trump is not None and is_trump(card, trump, variant),
    }


def cards_json(
    cards: Sequence[Card], trump: str | None, variant: Variant, sort: bool = True
) -> list[dict[str, Any]]:
    """Cards for the page, in the variant's order (trumps first) unless ``sort`` is false."""
    shown = sorted_hand(cards, trump, variant) if sort else list(cards)
    return [card_json(c, trump, variant) for c in shown]


def choice_json(action: Action, view: View) -> dict[str, Any]:
    """A legal action: its text (``0 bid 4``), as typed (``bid 4``), its meaning, its card if any."""
    card = action.arg if action.verb in CARD_VERBS and action.arg else None
    return {
        "action": str(action),
        "text": action_text(action),
        "explain": explain(action, view),
        "card": card,
    }


def result_json(result: HandResult, names: Namer, number: int) -> dict[str, Any]:
    """A finished hand: the CLI's two lines, and its figures."""
    return {
        "number": number,
        "text": hand_result_text(result, names, number).plain,
        "maker": result.maker,
        "bid": result.bid,
        "trump": result.trump,
        "made": result.made,
        "tricks": list(result.tricks),
        "score_change": list(result.score_change),
        "scores": list(result.scores),
        "thrown_in": result.thrown_in,
    }


def history_lines(view: PublicView, names: Namer) -> list[str]:
    """The current hand's actions in words, as ``play`` prints them (others' discards hidden)."""
    return [names.action(a, view.trump).plain for a in view.history]


def seat_state(game: Game, me: int) -> dict[str, Any]:
    """The game as the person at seat ``me`` sees it (playing a dummy: the dummy's hand)."""
    v = game.variant
    names = Namer(v, me)
    actor, mover = game.actor, game.to_move
    mine = actor == me and mover is not None
    view = game.view(mover if mine and mover is not None else me)
    trump = view.trump
    trick = [{"seat": q, "card": card_json(c, trump, v)} for q, c in view.trick]
    last = view.tricks[-1] if view.tricks else None
    state: dict[str, Any] = {
        "variant": v.name,
        "players": v.players,
        "me": me,
        "seats": [names.seat(q) for q in range(v.players)],
        "sides": [names.side(s) for s in range(len(v.teams))],
        "hand_number": game.hand_number,
        "dealer": view.dealer,
        "phase": str(game.phase),
        "to_move": mover,
        "actor": actor,
        "your_turn": mine,
        "playing_for": view.seat,
        "hand": cards_json(view.hand, trump, v),
        "counts": [_held(game, q) for q in range(v.players)],
        "trump": trump,
        "trump_label": suit_label(trump),
        "maker": view.maker,
        "bid": view.bid,
        "alone": sorted(view.alone),
        "sitting_out": sorted(view.sitting_out),
        "turned": None if view.turned is None else card_json(view.turned, trump, v),
        "barred": [suit_label(x) for x in view.barred],
        "resting": view.resting,
        "imposed": None if view.imposed is None else suit_label(view.imposed),
        "widow": cards_json(view.widow, trump, v),
        "trick": trick,
        "last_trick": None
        if last is None
        else {
            "cards": [{"seat": q, "card": card_json(c, trump, v)} for q, c in last.cards],
            "winner": last.winner,
        },
        "tricks_won": list(view.tricks_won),
        "scores": list(game.scores),
        "log": history_lines(view, names),
        "results": [result_json(r, names, i + 1) for i, r in enumerate(game.hand_results)],
        "over": game.is_over,
        "winner": game.winner,
        "choices": [],
    }
    if mine:
        state["choices"] = [choice_json(a, view) for a in ordered_choices(game.legal_actions(), view)]
    if game.is_over and game.winner is not None:
        state["verdict"] = "You win!" if me in v.teams[game.winner] else "You lose."
    return state


def _held(game: Game, seat: int) -> int:
    """How many cards a seat holds now (public: the deal less what it played and laid away)."""
    from ..engine.game import actual_state

    return len(actual_state(game).hands[seat])
