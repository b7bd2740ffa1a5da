"""The public step API: a game shows the loop, views, events and record; refusals leave it
unchanged, views hide what they should, the hidden cards come through one door, copies are
independent."""

from __future__ import annotations

import dataclasses
import random

import pytest

from hasenpfeffer.engine.game import Game, actual_deal, actual_state
from hasenpfeffer.engine.view import PublicView, public_history
from hasenpfeffer.format.loader import builtin_names, load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.rules.actions import Action, IllegalActionError, LegalActions
from support.paths import ROOT
from support.play import play_random

DEAL = {
    "dealer": 3,
    "hands": ["JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"],
    "widow": ["9C"],
}


def fresh() -> Game:
    return Game(Variant(name="t"), deal=DEAL)


@pytest.mark.parametrize(
    "bad",
    [
        "1 bid 2",
        "1 bid 9",
        "1 discard 9S",
        "0 play JK",
        "0 discard JK",
        "nonsense",
        "0 frobnicate",
        Action(0, "trump", "H"),
    ],
)
def test_refusal_names_action_seat_and_legal_and_changes_nothing(bad: Action | str) -> None:
    g = fresh()
    g.apply("0 bid 2")
    before = g.snapshot()
    with pytest.raises(IllegalActionError) as info:
        g.apply(bad)
    err = info.value
    assert err.seat == 1 and "1 pass" in [str(a) for a in err.legal]
    assert "seat 1 to move" in str(err) and "1 bid 3" in str(err)
    assert g.snapshot() == before and not g.can_apply(bad)


def test_refusal_in_play_and_after_the_game() -> None:
    g = fresh()
    for a in ["0 bid 6", "0 trump H alone", "0 discard 9C", "1 pass", "3 pass", "1 play AS"]:
        g.apply(a)
    assert len(g.legal_actions()) == 6  # void in spades: any card
    before = g.snapshot()
    with pytest.raises(IllegalActionError, match="does not hold"):
        g.apply("3 play AH")
    assert g.snapshot() == before
    with pytest.raises(IllegalActionError, match="turn"):
        g.apply("0 play QH")
    play_random(g, random.Random(1))  # the lone maker sweeps: 12 points end the game
    with pytest.raises(IllegalActionError, match="game is over"):
        g.apply("0 pass")


def test_legal_actions_index_contain_and_parse() -> None:
    g = fresh()
    legal = g.legal_actions()
    assert isinstance(legal, LegalActions) and legal[0] == Action(0, "pass") and len(legal) == 7
    assert "0 bid 6" in legal and Action(0, "bid", "6") in legal and "0 bid 7" not in legal
    assert Action.parse("2 play 10h") == Action(2, "play", "TH") and str(Action(1, "alone")) == "1 alone"
    assert str(Action.parse("3 order-up alone")) == "3 order-up alone"


def test_view_hides_other_hands_widow_and_discards() -> None:
    g = fresh()
    for a in ["0 bid 6", "0 trump H", "0 discard 9C"]:
        g.apply(a)
    mine, theirs = g.view(0), g.view(1)
    assert sorted(str(c) for c in theirs.hand) == sorted(DEAL["hands"][1].split())
    assert [str(c) for c in mine.widow] == ["9C"] and theirs.widow == ()
    assert str(mine.history[-1]) == "0 discard 9C" and str(theirs.history[-1]) == "0 discard"
    assert mine.legal and not theirs.legal and theirs.trump == "H" and theirs.maker == 0
    assert "9C" not in [str(c) for c in mine.hand] and len(mine.hand) == 6


GAME = {
    "phase",
    "to_move",
    "actor",
    "legal_actions",
    "can_apply",
    "apply",
    "is_over",
    "winner",
    "scores",
    "dealer",
    "hand_number",
    "deal",
    "barred",
    "resting",
    "imposed",
    "hand_results",
    "action_space",
    "legal_action_ids",
    "legal_action_mask",
    "apply_id",
    "view",
    "events",
    "record",
    "variant",
    "rules",
    "seed",
    "queue_deal",
    "copy",
    "snapshot",
}
"""A game's public attributes: the loop, views, events and record (docs/engine.md)."""


def test_a_game_shows_the_loop_its_views_events_and_record_and_the_docs_name_them() -> None:
    assert {name for name in dir(Game) if not name.startswith("_")} == GAME
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    table = text[text.index("## What a game shows") : text.index("## Worlds")]
    assert [name for name in sorted(GAME) if f"`{name}" not in table] == []


@pytest.mark.parametrize("name", builtin_names())
def test_the_public_view_is_what_every_seat_sees_alike(name: str) -> None:
    """The view of no seat equals each seat's view in every public field, and its history is
    theirs with every discard and gift stripped of its card."""
    g = Game(load_variant(name), seed=5)
    public_fields = [f.name for f in dataclasses.fields(PublicView) if f.name != "history"]

    def check(g: Game) -> None:
        public = g.view()
        assert type(public) is PublicView
        for seat in range(g.variant.players):
            view = g.view(seat)
            assert [f for f in public_fields if getattr(view, f) != getattr(public, f)] == []
            assert public.history == public_history(view.history, None)
        hidden = [a for a in public.history if a.verb in ("discard", "give")]
        assert not any(a.arg for a in hidden)
        assert public.maker_alone == (public.maker is not None and public.maker in public.alone)

    play_random(g, random.Random(5), hands=2, before=check)


def test_the_door_gives_the_deal_as_dealt_and_the_cards_where_they_are() -> None:
    g = fresh()
    for a in ["0 bid 6", "0 trump H", "0 discard 9C"]:
        g.apply(a)
    dealt, now = actual_deal(g), actual_state(g)
    assert [sorted(h) for h in dealt.hands] == [sorted(h.split()) for h in DEAL["hands"]]
    assert (dealt.dealer, dealt.kitty, dealt.set_aside) == (3, ("9C",), ("9C",))
    faces = g.rules.faces
    assert [[faces[c] for c in h] for h in now.hands] == [list(g.view(s).hand) for s in range(4)]
    assert list(now.kitty) == [] and (now.maker, now.required, now.alone) == (0, 6, False)
    again = Game(g.variant, deal=dealt.mapping())
    for a in ["0 bid 6", "0 trump H", "0 discard 9C"]:
        again.apply(a)
    assert again.events == g.events


def test_copy_is_independent() -> None:
    g = fresh()
    g.apply("0 bid 3")
    c = g.copy()
    c.apply("1 bid 4")
    assert g.to_move == 1 and c.to_move == 2 and c.view().history[-1] == Action(1, "bid", "4")
    play_random(c, random.Random(2), hands=3)
    assert g.hand_results == [] and g.phase == "bidding" and g.view(1).history == (Action(0, "bid", "3"),)


def test_same_seed_same_game() -> None:
    v = Variant(name="t")
    a, b = Game(v, seed=11), Game(v, seed=11)
    assert play_random(a, random.Random(3), steps=200) == play_random(b, random.Random(3), steps=200)
    assert a.record() == b.record() and a.snapshot() == b.snapshot()


def test_bad_deal_is_refused() -> None:
    with pytest.raises(ValueError, match="exactly the cards"):
        Game(Variant(name="t"), deal={**DEAL, "widow": ["JK"]})
    with pytest.raises(ValueError, match="6 cards"):
        Game(Variant(name="t"), deal={**DEAL, "hands": ["JK JH", *DEAL["hands"][1:]]})


@pytest.mark.parametrize(
    ("actions", "bad", "why"),
    [
        (["0 bid 3"], "1 bid 2", "higher than 3"),
        ([], "0 bid 7", "not a bid of this variant"),
        ([], "0 play JK", "not possible in the bidding phase"),
        (
            ["0 bid 6", "0 trump H", "0 discard 9C", "0 play JK", "1 play 9S", "2 play 9D"],
            "3 play AC",
            "must follow",
        ),
        (["0 bid 6"], "0 trump NT", "may not be named"),
    ],
)
def test_refusal_reasons(actions: list[str], bad: str, why: str) -> None:
    g = fresh()
    for a in actions:
        g.apply(a)
    with pytest.raises(IllegalActionError, match=why):
        g.apply(bad)


def test_a_variant_that_cannot_be_dealt_is_refused() -> None:
    from hasenpfeffer.format.variant import Deal

    with pytest.raises(ValueError, match="cannot be dealt: 4 players x 5 cards"):
        Game(Variant(name="short", deal=Deal(hand_size=5)))


def test_dealer_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="dealer must be a seat from 0 to 3"):
        Game(Variant(name="t"), dealer=4)


@pytest.mark.parametrize("variant", ["hasenpfeffer", "euchre"])
@pytest.mark.parametrize("seed", [0, 7, 31])
def test_a_given_deal_leaves_later_hands_as_a_shuffled_one_does(variant: str, seed: int) -> None:
    """A given hand stands in for the shuffle its seed would have drawn: the hands after it,
    copies of the game included, are dealt as they are when every hand is shuffled."""
    from hasenpfeffer import load_variant
    from hasenpfeffer.engine.events import HandDealt

    v = load_variant(variant)
    shuffled = Game(v, seed=seed)
    first = shuffled.events[0]
    assert isinstance(first, HandDealt)
    other = random.Random(seed).sample(list(shuffled.rules.names), len(shuffled.rules.names))
    size = v.hand_size
    hands = [other[i * size : (i + 1) * size] for i in range(v.players)]
    given = Game(
        v, seed=seed, deal={"dealer": first.dealer, "hands": hands, "widow": other[v.players * size :]}
    )
    assert actual_state(given).hands != actual_state(shuffled).hands
    twin = given.copy()
    for g in (shuffled, given, twin):
        while len(g.hand_results) < 2 and not g.is_over:
            g.apply(g.legal_actions()[-1])
    dealt = [[e for e in g.events if isinstance(e, HandDealt)] for g in (shuffled, given, twin)]
    later = [[(e.dealer, e.hands, e.kitty) for e in d[1:]] for d in dealt]
    assert later[0] and later[0] == later[1] == later[2]
    assert given.snapshot() == twin.snapshot()
