"""Dummies played from their seat (``deal.dummies.play: seat``), on hand-worked deals of
two-handed Euchre with a dummy partner each (the example
examples/house-rules/two-handed-euchre-dummy.yaml with its dummies played from their seats;
docs/variant-format.md, "Writing a dummy"): seats 0 and 1 play, seat 2 is seat 0's dummy and
seat 3 seat 1's. A dummy never bids nor deals; its controller plays its cards (the dummy's seat
moves, ``Game.actor`` is the controller), sees it, and its side scores its tricks. Dummies taken
into hand (``play: merged``, the examples' form): tests/engine/deals/test_dummy_merged.py."""

from __future__ import annotations

import json
import random

import pytest

from hasenpfeffer import Game, IllegalActionError, records
from hasenpfeffer.cli.commands.replay import summary
from hasenpfeffer.events import DummyPlayed, HandScored, TrickWon
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.worlds.sampler import Worlds
from support.paths import HOUSE_RULES as HOUSE


def played_from_seat(v: Variant, kitty: int, **dummies: object) -> Variant:
    """The variant with its dummies played from their seats, dealt a full hand (``kitty``: the
    cards left over then; ``dummies``: fields of ``deal.dummies`` set)."""
    deal = v.deal.model_dump()
    deal["kitty"] = {**deal["kitty"], "size": kitty}
    deal["dummies"] = {**deal["dummies"], "play": "seat", "hand_size": None, **dummies}
    return Variant.model_validate({**v.model_dump(), "deal": deal})


TWO = played_from_seat(load_variant(str(HOUSE / "two-handed-euchre-dummy.yaml")), kitty=4)
# Seat 0 holds four hearts with both bowers; its dummy (seat 2) the other two hearts and three
# spades; seat 1 and its dummy (seat 3) are weak. The jack of clubs is turned.
HANDS = ["JH JD AH KH 9S", "9C TC 9D TD 9H", "QH TH AS KS QS", "QD KD AD JS TS"]
DEAL = {"dealer": 1, "hands": [h.split() for h in HANDS], "widow": ["JC", "QC", "KC", "AC"]}


def made_hearts() -> Game:
    """Both players pass the turned club; seat 0 names hearts in round two."""
    g = Game(TWO, seed=1, deal=DEAL)
    for a in ("0 pass", "1 pass", "0 trump H"):
        g.apply(a)
    return g


def test_only_the_players_speak_and_deal() -> None:
    g = Game(TWO, seed=1, deal=DEAL)
    assert (g.phase, g.to_move, g.actor) == ("order-up", 0, 0)  # the dealer's left, a dummy, is passed over
    g.apply("0 pass")
    with pytest.raises(IllegalActionError):
        g.apply("2 pass")
    g.apply("1 pass")
    assert (g.phase, g.to_move) == ("name-trump", 0)
    with pytest.raises(ValueError, match="seat 2 is a dummy and never deals"):
        Game(TWO, deal={**DEAL, "dealer": 2})
    assert all(not TWO.deal.dummies.is_dummy(Game(TWO, seed=s).dealer) for s in range(12))


def test_the_controller_plays_the_dummy_and_its_side_scores_its_tricks() -> None:
    g = made_hearts()
    events = g.events[-2:]
    assert events == [DummyPlayed(2, 0, ()), DummyPlayed(3, 1, ())]
    # The dealer's left leads: seat 2, a dummy, whose cards seat 0 plays.
    assert (g.phase, g.to_move, g.actor, g.view().actor) == ("play", 2, 0, 0)
    for a in ("2 play TH", "3 play TS", "0 play JH", "1 play 9H"):
        assert g.actor == int(a[0]) % 2
        g.apply(a)
    for a in ("0 play 9S", "1 play 9C", "2 play AS"):
        g.apply(a)
    (won,) = [e for e in g.apply("3 play JS") if type(e) is TrickWon]
    assert won.winner == 2 and g.view().tricks_won == (2, 0)  # the dummy's trick is its side's
    while not any(type(e) is HandScored for e in g.events):
        g.apply(g.legal_actions()[0])
    result = next(e.result for e in g.events if type(e) is HandScored)
    assert result.maker == 0 and result.made and sum(result.tricks) == 5 and result.tricks[0] >= 3
    assert g.dealer == 0  # seat 1 dealt; seats 2 and 3 are passed over


def test_views_show_a_dummy_to_its_controller_only() -> None:
    g = Game(TWO, seed=1, deal=DEAL)
    assert g.view(0).seen == ((2, tuple(g.view(2).hand)),)  # from the deal
    assert g.view(1).seen == ((3, tuple(g.view(3).hand)),)
    assert g.view(0).shown is None
    g = made_hearts()
    view = g.view(2)  # the dummy's seat moves: its view is its controller's knowledge
    assert [str(c) for c in view.hand] == ["TH", "QH", "QS", "KS", "AS"]
    assert view.seen[0][0] == 0 and len(view.legal) == 5  # it leads: any card
    worlds = Worlds(view)
    rng = random.Random(3)
    drawn = [w for w in (worlds.sample(rng) for _ in range(8)) if w is not None]
    assert drawn and all(w.view(0).hand == g.view(0).hand for w in drawn)  # the controller's hand is known


def test_a_lone_maker_leaves_its_dummy_out() -> None:
    g = Game(TWO, seed=1, deal=DEAL)
    for a in ("0 pass", "1 pass"):
        g.apply(a)
    events = g.apply("0 trump H alone")
    assert [e for e in events if type(e) is DummyPlayed] == [DummyPlayed(3, 1, ())]
    assert g.view().sitting_out == frozenset({2}) and g.view(0).seen == ()


def test_an_exposed_dummy_is_seen_by_every_seat() -> None:
    # Three players and one dummy, laid face up once trump is made, opposite seat 0.
    deal = {**TWO.deal.model_dump(), "dummies": {"seats": [2], "exposed": True}}
    v = Variant.model_validate({**TWO.model_dump(), "name": "exposed", "deal": deal})
    g = Game(v, seed=1, deal=DEAL)
    assert g.view(1).shown is None and g.view(3).seen == ()
    for a in ("3 pass", "0 pass", "1 pass", "3 pass", "0 trump H"):  # seat 3 is the dealer's left
        g.apply(a)
    cards = tuple(g.view(2).hand)
    assert g.events[-1] == DummyPlayed(2, 0, cards)
    assert g.view(1).shown == (2, cards) and g.view(3).shown == (2, cards)


def test_records_replay_and_say_who_played_the_dummy() -> None:
    g = made_hearts()
    while not g.is_over and g.hand_number == 1:
        g.apply(g.legal_actions()[0])
    again = records.replay(json.loads(json.dumps(g.record())))
    assert again.events == g.events
    first = summary(again)["hands"][0]
    assert first["dummies"] == [{"seat": 2, "by": 0, "cards": []}, {"seat": 3, "by": 1, "cards": []}]


def test_the_observation_holds_the_dummy_its_player_sees() -> None:
    pytest.importorskip("numpy")
    from hasenpfeffer.observe.observation import encoder

    enc = encoder(TWO)
    g = Game(TWO, seed=1, deal=DEAL)
    seen = enc.pieces(enc.encode(g.view(0)))["seen"]
    assert seen.sum(axis=1).tolist() == [0, 0, 5, 0]  # seat 2, two seats on from seat 0
    assert enc.pieces(enc.encode(g.view(1)))["seen"].sum(axis=1).tolist() == [0, 0, 5, 0]


THREE = played_from_seat(load_variant(str(HOUSE / "three-handed-euchre-dummy.yaml")), kitty=4, exposed=True)
# Three players at seats 0 to 2, the dummy at seat 3. Seat 2 holds four clubs; the dummy the
# spades with the jack, the left bower in clubs. The jack of clubs is turned.
THREE_DEAL = {
    "dealer": 0,
    "hands": [h.split() for h in ["9H TH QH KH AH", "9D TD QD KD AD", "9S AC KC QC TC", "JS TS QS KS AS"]],
    "widow": ["JC", "9C", "JD", "JH"],
}


def test_the_maker_plays_the_dummy_face_up_as_partner() -> None:
    g = Game(THREE, seed=1, deal=THREE_DEAL)
    assert THREE.teams == ((0,), (1,), (2,)) and g.scores == (0, 0, 0)
    assert g.view(2).seen == () and g.view(0).shown is None  # nobody's, face down, before trump
    g.apply("1 pass")
    events = g.apply("2 order-up")
    assert g.actor == 0 and g.to_move == 0  # the dealer discards; the dummy never deals
    events += g.apply("0 discard 9H")
    dummy = tuple(g.view(3).hand)
    assert DummyPlayed(3, 2, dummy) in events
    assert g.view(0).shown == (3, dummy) and g.view(1).shown == (3, dummy)
    assert g.view(2).seen == ((3, dummy),)
    plays = [
        ("1 play AD", "2 play TC", "3 play TS", "0 play JC"),  # seat 0's right bower
        ("0 play AH", "1 play 9D", "2 play QC", "3 play QS"),  # the maker ruffs
        ("2 play 9S", "3 play AS", "0 play KH", "1 play TD"),  # the dummy's ace of spades
        ("3 play JS", "0 play TH", "1 play QD", "2 play KC"),  # the dummy's left bower
        ("3 play KS", "0 play QH", "1 play KD", "2 play AC"),
    ]
    winners = []
    for trick in plays:
        for a in trick:
            assert g.actor == (2 if a[0] == "3" else int(a[0]))  # the maker acts for the dummy
            events = g.apply(a)
        winners += [e.winner for e in events if type(e) is TrickWon]
    assert winners == [0, 2, 3, 3, 2]
    result = next(e.result for e in g.events if type(e) is HandScored)
    assert result.tricks == (1, 0, 4) and result.made and result.score_change == (0, 0, 1)
    assert g.dealer == 1


def test_the_dummy_is_the_makers_only_for_the_hand() -> None:
    assert [THREE.side_in_hand(3, m) for m in (0, 1, 2)] == [0, 1, 2]
    g = Game(THREE, seed=1, deal=THREE_DEAL)
    g.apply("1 order-up")  # seat 1 makes: the dummy plays for seat 1 this hand
    g.apply("0 discard 9H")
    assert g.events[-1] == DummyPlayed(3, 1, tuple(g.view(3).hand))
    assert g.view(1).seen[0][0] == 3 and g.view(2).seen == ()


def test_worlds_of_a_defender_keep_the_exposed_dummy() -> None:
    g = Game(THREE, seed=1, deal=THREE_DEAL)
    for a in ("1 pass", "2 order-up", "0 discard 9H", "1 play AD"):
        g.apply(a)
    view = g.view(0)  # a defender: the dummy is shown, seat 2's hand is not
    assert view.shown == (3, tuple(g.view(3).hand)) and view.seen == ()
    worlds = Worlds(view)
    rng = random.Random(5)
    drawn = [w for w in (worlds.sample(rng) for _ in range(8)) if w is not None]
    assert drawn and all(w.view(3).hand == g.view(3).hand for w in drawn)
    assert any(w.view(2).hand != g.view(2).hand for w in drawn)
