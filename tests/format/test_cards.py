"""A card is its canonical text: equal to it, hashed like it, written as it; events and views
hand out the variant's own faces."""

from __future__ import annotations

import json
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hasenpfeffer import Action, Card, CardError, Game, load_variant
from hasenpfeffer.events import Event
from hasenpfeffer.format.cards import JOKER, RANKS, SUIT_SYMBOLS, SUITS
from hasenpfeffer.format.loader import builtin_names
from support.play import play_random

CANONICAL = [r + s for s in SUITS for r in RANKS] + [JOKER]


@pytest.mark.parametrize("text", CANONICAL)
def test_a_card_is_its_text(text: str) -> None:
    card = Card(text)
    assert card == text and hash(card) == hash(text) and {text: 1}[card] == 1
    assert str(card) == repr(card) == text and type(str(card)) is str
    assert Card(card.rank, card.suit) == card and (card.rank + card.suit) == text
    assert card.is_joker == (text == JOKER)
    back = pickle.loads(pickle.dumps(card))
    assert back == card and type(back) is Card
    assert json.dumps({card: [card]}) == json.dumps({text: [text]})


@given(
    st.sampled_from([r + s for s in SUITS for r in RANKS]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_every_spelling_reads_as_the_canonical_card(text: str, lower: bool, ten: bool, symbol: bool) -> None:
    rank, suit = text[:-1], text[-1]
    spelt = ("10" if ten and rank == "T" else rank) + (SUIT_SYMBOLS[suit] if symbol else suit)
    spelt = spelt.lower() if lower else spelt
    assert Card(spelt) == Card.parse(spelt) == text and type(Card(spelt)) is Card


@pytest.mark.parametrize("text", ["", "1X", "JHH", "KK", "1H", "14H", "111H"])
def test_a_text_that_is_no_card_is_refused(text: str) -> None:
    with pytest.raises(CardError, match="is not a card"):
        Card(text)


@pytest.mark.parametrize("name", builtin_names())
def test_events_and_views_hand_out_the_variants_own_faces(name: str) -> None:
    game = Game(load_variant(name), seed=2)
    faces = {id(f) for f in game.rules.faces}
    shown: list[object] = []

    def in_view(game: Game) -> None:
        view = game.view(game.to_move or 0)
        shown.extend([*view.hand, *view.widow, *(c for _, c in view.trick)])
        shown.extend([view.turned] if view.turned else [])

    def in_events(game: Game, action: Action, events: list[Event]) -> None:
        for e in events:
            cards = getattr(e, "cards", ())
            shown.extend(c[1] if isinstance(c, tuple) else c for c in cards)
            shown.extend([getattr(e, "card", None)] if hasattr(e, "card") else [])
            shown.extend(c for hand in getattr(e, "hands", ()) for c in hand)

    play_random(game, random.Random(2), hands=1, before=in_view, after=in_events)
    assert shown and all(type(c) is Card and id(c) in faces for c in shown)
