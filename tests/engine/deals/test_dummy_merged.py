"""Dummies taken into hand (``deal.dummies.play: merged``), on hand-worked deals of the two
published forms (examples/house-rules/; docs/rules.md, "Dummy hands"): once trump is made the
taker (the maker, or each player its own dummy) takes the dummy's cards into hand and lays away
as many, unseen; the dummy's seat sits out the play, so each trick has one card fewer. A
maker going alone leaves its dummy untaken. Dummies played from their seat:
tests/engine/deals/test_dummy.py."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from rich.console import Console

from hasenpfeffer import Game, IllegalActionError, records
from hasenpfeffer.cli import main
from hasenpfeffer.cli.commands.replay import summary
from hasenpfeffer.cli.ui.table import Session
from hasenpfeffer.events import CardsDiscarded, DummyPlayed, DummyTaken, HandDealt, HandScored, TrickWon
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.observe.bounds import hand_points
from hasenpfeffer.rules.actions import Action
from hasenpfeffer.sim.stats import Stats
from hasenpfeffer.worlds.sampler import Worlds
from support.paths import HOUSE_RULES as HOUSE

THREE = load_variant(str(HOUSE / "three-handed-euchre-dummy.yaml"))
# Players at seats 0 to 2, the dummy at seat 3; seat 0 deals, the jack of clubs is turned.
# Seat 2 holds four clubs; the dummy the spades with the jack, the left bower in clubs.
THREE_DEAL = {
    "dealer": 0,
    "hands": [h.split() for h in ["9H TH QH KH AH", "9D TD QD KD AD", "9S AC KC QC TC", "JS TS QS KS AS"]],
    "widow": ["JC", "9C", "JD", "JH"],
}


def play(g: Game, actions: str) -> list[object]:
    """Apply the actions (comma-separated); the events they gave."""
    events: list[object] = []
    for a in actions.split(", "):
        events += g.apply(a)
    return events


def refused(g: Game, action: str) -> None:
    """The action raises the typed error and leaves the game as it was."""
    before = (g.phase, g.to_move, [g.view(q).hand for q in range(4)], len(g.events))
    with pytest.raises(IllegalActionError):
        g.apply(action)
    assert (g.phase, g.to_move, [g.view(q).hand for q in range(4)], len(g.events)) == before


def test_three_handed_the_maker_takes_the_dummy_and_plays_against_two() -> None:
    g = Game(THREE, seed=1, deal=THREE_DEAL)
    assert g.view(2).seen == () and g.view(2).took == ()  # the dummy is face down to all
    events = play(g, "1 pass, 2 order-up")
    (taken,) = [e for e in events if type(e) is DummyTaken]
    assert (taken.seat, taken.by, [str(c) for c in taken.cards]) == (3, 2, ["TS", "JS", "QS", "KS", "AS"])
    assert not any(type(e) is DummyPlayed for e in events)
    assert [str(c) for c in g.view(2).hand] == ["TC", "QC", "KC", "AC", "9S", "TS", "JS", "QS", "KS", "AS"]
    assert g.view(3).hand == () and g.view(2).took[0][0] == 3 and g.view(0).took == ()
    # The dealer lays away one for the turned card, then the maker five for the dummy.
    assert (g.phase, g.to_move) == ("discard", 0)
    refused(g, "2 discard 9S")  # not the maker's turn yet
    refused(g, "0 discard AS")  # not held
    play(g, "0 discard 9H")
    assert g.to_move == 2
    refused(g, "3 discard JS")  # the dummy's seat takes no turn
    play(g, "2 discard 9S, 2 discard TS, 2 discard QS, 2 discard KS")
    assert (g.phase, g.to_move) == ("discard", 2)
    play(g, "2 discard AS")
    assert (g.phase, g.to_move) == ("play", 1) and g.view().sitting_out == frozenset({3})
    assert [a.arg for a in g.view(1).history if a.verb == "discard"] == ["", "", "", "", "", ""]
    # Trump clubs: seat 0 holds the right bower JC, seat 2 the left (the dummy's JS) and AC KC QC TC.
    tricks = [
        "1 play AD, 2 play TC, 0 play JC",  # the right bower takes the maker's ten
        "0 play AH, 1 play 9D, 2 play QC",  # the maker ruffs
        "2 play JS, 0 play KH, 1 play TD",  # the left bower; no trump left against it
        "2 play AC, 0 play QH, 1 play QD",
        "2 play KC, 0 play TH, 1 play KD",
    ]
    winners = []
    for trick in tricks:
        won = [e for e in play(g, trick) if type(e) is TrickWon]
        assert len(won) == 1 and len(won[0].cards) == 3  # three cards a trick: the dummy sits out
        winners.append(won[0].winner)
    assert winners == [0, 2, 2, 2, 2]
    result = next(e.result for e in g.events if type(e) is HandScored)
    assert result.maker == 2 and result.tricks == (1, 0, 4) and result.made
    assert result.score_change == (0, 0, 1) and g.scores == (0, 0, 1)  # 3 or 4 tricks: 1
    assert g.dealer == 1  # the dummy never deals


def test_three_handed_a_dealer_who_makes_lays_away_six() -> None:
    g = Game(THREE, seed=1, deal=THREE_DEAL)
    play(g, "1 pass, 2 pass, 0 order-up")
    assert len(g.view(0).hand) == 11 and g.to_move == 0  # five, the turned card, the dummy's five
    for c in ("TS", "JS", "QS", "KS", "AS", "9H"):
        assert (g.phase, g.to_move) == ("discard", 0)
        play(g, f"0 discard {c}")
    assert g.phase == "play" and len(g.view(0).hand) == 5


ALONE = load_variant(str(HOUSE / "three-handed-euchre-dummy-alone.yaml"))
# Seat 0 deals and turns the nine of clubs; seat 1 holds the five best clubs, the dummy spades.
ALONE_DEAL = {
    "dealer": 0,
    "hands": [h.split() for h in ["9H TH QH KH AH", "JC JS AC KC QC", "9D TD QD KD AD", "TS QS KS AS 9S"]],
    "widow": ["9C", "TC", "JD", "JH"],
}


def test_three_handed_a_maker_goes_alone_by_leaving_the_dummy_untaken() -> None:
    g = Game(ALONE, seed=1, deal=ALONE_DEAL)
    assert [str(a) for a in g.legal_actions()] == ["1 order-up", "1 order-up alone", "1 pass"]
    events = play(g, "1 order-up alone")
    assert not any(type(e) is DummyTaken for e in events)
    play(g, "0 discard 9H")  # the dealer lays away for the turned card; nobody takes the dummy
    assert (g.phase, g.to_move) == ("play", 2)  # the lone maker's left, past the dummy's seat
    assert g.view().sitting_out == frozenset({3}) and g.view(1).took == () and len(g.view(1).hand) == 5
    tricks = [
        "2 play AD, 0 play 9C, 1 play QC",
        "1 play JC, 2 play 9D, 0 play TH",
        "1 play JS, 2 play TD, 0 play QH",
        "1 play AC, 2 play QD, 0 play KH",
        "1 play KC, 2 play KD, 0 play AH",
    ]
    for trick in tricks:
        (won,) = [e for e in play(g, trick) if type(e) is TrickWon]
        assert won.winner == 1 and len(won.cards) == 3
    result = next(e.result for e in g.events if type(e) is HandScored)
    assert result.alone and result.maker == 1 and result.tricks == (0, 5, 0)
    assert result.score_change == (0, 4, 0)  # all five alone: 4 (with the dummy: 2)
    assert hand_points(ALONE) == (0, 4)  # the learning environment's bounds know the lone march


def test_three_handed_a_lone_maker_naming_trump_and_its_points_for_three() -> None:
    g = Game(ALONE, seed=1, deal=ALONE_DEAL)
    play(g, "1 pass, 2 pass, 0 pass, 1 trump S alone")  # clubs turned down; the bowers JS JC trumps
    assert g.phase == "play" and g.to_move == 2 and g.view(1).took == ()
    play(g, "2 play AD, 0 play 9H, 1 play AC")  # no diamond, and the maker keeps its trumps
    play(g, "2 play KD, 0 play TH, 1 play KC")
    play(g, "2 play QD, 0 play QH, 1 play JS")  # the maker trumps
    play(g, "1 play JC, 2 play TD, 0 play KH, 1 play QC, 2 play 9D, 0 play AH")
    result = next(e.result for e in g.events if type(e) is HandScored)
    assert result.alone and result.tricks == (0, 3, 2) and result.score_change == (0, 1, 0)


def test_three_handed_going_alone_is_refused_where_the_variant_says_nobody() -> None:
    g = Game(THREE, seed=1, deal=ALONE_DEAL)
    refused(g, "1 order-up alone")
    assert [str(a) for a in g.legal_actions()] == ["1 order-up", "1 pass"]


def test_worlds_deal_the_untaken_dummy_anew_even_for_the_lone_maker() -> None:
    g = Game(ALONE, seed=1, deal=ALONE_DEAL)
    play(g, "1 order-up alone, 0 discard 9H, 2 play AD")
    rng = random.Random(5)
    drawn = [w for w in (Worlds(g.view(1)).sample(rng) for _ in range(12)) if w is not None]
    assert drawn and all(w.view(1).hand == g.view(1).hand for w in drawn)
    assert any(w.view(3).hand != g.view(3).hand for w in drawn)  # nobody has seen the dummy
    again = records.replay(json.loads(json.dumps(g.record())))
    assert again.events == g.events


TWO = load_variant(str(HOUSE / "two-handed-euchre-dummy.yaml"))
# Seats 0 and 1 play; seat 2 is seat 0's 3-card dummy, seat 3 seat 1's. Seat 1 deals; the jack
# of clubs is turned from the kitty of eight.
HANDS = ["JH JD AH KH 9S", "9C TC 9D TD 9H", "QH TH AS", "AD JS TS"]
TWO_DEAL = {
    "dealer": 1,
    "hands": [h.split() for h in HANDS],
    "widow": ["JC", "QC", "KC", "AC", "QD", "KD", "KS", "QS"],
}


def test_two_handed_each_player_takes_their_own_dummy() -> None:
    g = Game(TWO, seed=1, deal=TWO_DEAL)
    assert g.view(0).seen == ()  # unlike a dummy played from its seat, unseen until taken
    events = play(g, "0 pass, 1 pass, 0 trump H")
    taken = [(e.seat, e.by, [str(c) for c in e.cards]) for e in events if type(e) is DummyTaken]
    assert taken == [(2, 0, ["TH", "QH", "AS"]), (3, 1, ["AD", "TS", "JS"])]
    assert g.view(0).took == ((2, g.events[-2].cards),) and g.view(1).took[0][0] == 3
    assert len(g.view(0).hand) == len(g.view(1).hand) == 8
    # Seat 0 keeps its own five (both bowers, AH KH, 9S); seat 1 its best five of eight.
    play(g, "0 discard QH, 0 discard TH, 0 discard AS")
    play(g, "1 discard 9C, 1 discard TC, 1 discard JS")
    assert g.phase == "play" and g.view().sitting_out == frozenset({2, 3})
    assert g.to_move == 0  # the dealer's left, a dummy, sits out: the lead passes on to seat 0
    assert sorted(str(c) for c in g.view(1).hand) == ["9D", "9H", "AD", "TD", "TS"]
    winners = []
    for trick in ("0 play JH, 1 play 9H", "0 play JD, 1 play 9D", "0 play AH, 1 play TD",
                  "0 play KH, 1 play AD", "0 play 9S, 1 play TS"):  # fmt: skip
        won = [e for e in play(g, trick) if type(e) is TrickWon]
        assert len(won[0].cards) == 2  # two cards a trick: the dummies sit out
        winners.append(won[0].winner)
    assert winners == [0, 0, 0, 0, 1]
    result = next(e.result for e in g.events if type(e) is HandScored)
    assert result.tricks == (4, 1) and result.made and result.score_change == (1, 0)


def test_two_handed_the_dealer_lays_away_the_turned_card_and_its_dummy_first() -> None:
    g = Game(TWO, seed=1, deal=TWO_DEAL)
    play(g, "0 pass, 1 order-up")
    assert len(g.view(1).hand) == 9 and len(g.view(0).hand) == 8
    order = []
    while g.phase == "discard":
        order.append(g.to_move)
        g.apply(g.legal_actions()[0])
    assert order == [1] * 4 + [0] * 3
    assert [len(g.view(q).hand) for q in range(4)] == [5, 5, 0, 0]


def test_two_handed_a_lone_maker_leaves_its_dummy_untaken() -> None:
    g = Game(TWO, seed=1, deal=TWO_DEAL)
    events = play(g, "0 pass, 1 pass, 0 trump H alone")
    assert [(e.seat, e.by) for e in events if type(e) is DummyTaken] == [(3, 1)]
    assert g.to_move == 1 and len(g.view(0).hand) == 5 and g.view(0).took == ()
    play(g, "1 discard 9C, 1 discard TC, 1 discard JS")
    assert g.phase == "play" and g.view().sitting_out == frozenset({2, 3}) and g.to_move == 1  # lone-left
    play(g, "1 play TS, 0 play 9S, 1 play AD, 0 play KH, 0 play JH, 1 play 9H")
    play(g, "0 play JD, 1 play TD, 0 play AH, 1 play 9D")
    result = next(e.result for e in g.events if type(e) is HandScored)
    assert result.alone and result.tricks == (4, 1) and result.score_change == (1, 0)


KITTY = load_variant(str(HOUSE / "two-handed-euchre-kitty-dummy.yaml"))
# Players at seats 0 and 1, the 2-card dummy at seat 2; seat 0 deals and turns the nine of clubs.
KITTY_DEAL = {
    "dealer": 0,
    "hands": [h.split() for h in ["9H TH QH KH AH", "9D TD QD KD AD", "JS JC"]],
    "widow": ["9C", "TC", "QC", "KC", "AC", "9S", "TS", "QS", "KS", "AS", "JD", "JH"],
}


def test_two_handed_the_maker_takes_the_two_card_dummy() -> None:
    g = Game(KITTY, seed=1, deal=KITTY_DEAL)
    assert g.to_move == 1  # the dealer's opponent speaks first
    events = play(g, "1 order-up")
    assert [(e.seat, e.by) for e in events if type(e) is DummyTaken] == [(2, 1)]
    assert (g.to_move, len(g.view(0).hand), len(g.view(1).hand)) == (0, 6, 7)
    play(g, "0 discard 9H, 1 discard 9D, 1 discard TD")  # the dealer's one, then the maker's two
    assert g.phase == "play" and g.to_move == 1 and g.view().sitting_out == frozenset({2})
    for trick in ("1 play JC, 0 play 9C", "1 play JS, 0 play TH", "1 play AD, 0 play QH",
                  "1 play KD, 0 play KH", "1 play QD, 0 play AH"):  # fmt: skip
        (won,) = [e for e in play(g, trick) if type(e) is TrickWon]
        assert won.winner == 1  # the right bower, the dummy's left bower, then the diamonds
    result = next(e.result for e in g.events if type(e) is HandScored)
    assert result.tricks == (0, 5) and result.score_change == (0, 2)  # a march: 2


def test_records_replay_and_say_who_took_which_dummy() -> None:
    g = Game(TWO, seed=1, deal=TWO_DEAL)
    play(g, "0 pass, 1 order-up")
    while not g.is_over and g.hand_number == 1:
        g.apply(g.legal_actions()[0])
    again = records.replay(json.loads(json.dumps(g.record())))
    assert again.events == g.events
    first = summary(again)["hands"][0]
    assert first["dummies"] == []
    assert [(d["seat"], d["by"], len(d["cards"])) for d in first["dummies_taken"]] == [(2, 0, 3), (3, 1, 3)]
    assert [e.seat for e in again.events if type(e) is CardsDiscarded] == [1] * 4 + [0] * 3


def test_worlds_hide_the_dummy_until_taken_and_the_discards_after() -> None:
    g = Game(THREE, seed=1, deal=THREE_DEAL)
    play(g, "1 pass, 2 order-up, 0 discard 9H, 2 discard 9S, 2 discard TS, 2 discard QS")
    play(g, "2 discard KS, 2 discard AS, 1 play AD")
    rng = random.Random(4)
    maker = Worlds(g.view(2))  # the maker knows the dummy it took, and what it laid away
    drawn = [w for w in (maker.sample(rng) for _ in range(6)) if w is not None]
    assert drawn and all(w.view(2).took == g.view(2).took for w in drawn)
    defender = Worlds(g.view(0))  # a defender knows neither
    drawn = [w for w in (defender.sample(rng) for _ in range(12)) if w is not None]
    assert drawn and all(w.view(3).hand == () and len(w.view(2).hand) == 5 for w in drawn)
    assert any(w.view(2).took != g.view(2).took for w in drawn)
    early = Game(THREE, seed=1, deal=THREE_DEAL)  # before trump, nobody has seen the dummy
    drawn = [w for w in (Worlds(early.view(1)).sample(rng) for _ in range(8)) if w is not None]
    assert any(w.view(3).hand != early.view(3).hand for w in drawn)


def test_statistics_count_the_dummies_taken() -> None:
    stats = Stats(sides=3)
    g, rng = Game(THREE, seed=3), random.Random(3)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    stats.add_game(g)
    taken = sum(1 for e in g.events if type(e) is DummyTaken)
    assert taken > 0 and stats.dummies == taken


def test_a_dummy_is_dealt_its_own_hand_size_and_worlds_keep_it() -> None:
    g = Game(TWO, seed=7)
    dealt = next(e for e in g.events if type(e) is HandDealt)
    assert [len(h) for h in dealt.hands] == [5, 5, 3, 3] and len(dealt.kitty) == 8
    g = Game(TWO, seed=1, deal=TWO_DEAL)
    play(g, "0 pass, 1 order-up, 1 discard 9C, 1 discard TC")
    rng = random.Random(2)
    for seat in (0, 1):
        drawn = [w for w in (Worlds(g.view(seat)).sample(rng) for _ in range(6)) if w is not None]
        assert drawn and all(w.view(seat).took == g.view(seat).took for w in drawn)
        first = [next(e for e in w.events if type(e) is HandDealt) for w in drawn]
        assert all([len(h) for h in d.hands] == [5, 5, 3, 3] for d in first)


def test_the_double_dummy_table_takes_the_dummy_and_lays_away_the_best() -> None:
    from hasenpfeffer.solver.table import table

    g = Game(THREE, seed=1, deal=THREE_DEAL)
    dealt = next(e for e in g.events if type(e) is HandDealt)
    (row,) = [r for r in table(THREE, dealt) if r.trump == "C" and r.maker == 2]
    assert (row.tricks, row.made, row.score) == (4, True, 1)  # seat 0's right bower takes one


def test_the_replay_says_who_took_which_dummy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = Game(KITTY, seed=1, deal=KITTY_DEAL)
    play(g, "1 order-up, 0 discard 9H, 1 discard 9D, 1 discard TD, 1 play JC")
    path = tmp_path / "kitty.yaml"
    records.save(g.record(), path)
    assert main(["replay", str(path)]) == 0
    assert "  seat 1 takes the dummy at seat 2 into hand: JC JS\n" in capsys.readouterr().out
    assert main(["replay", str(path), "--json"]) == 0
    hand = json.loads(capsys.readouterr().out)["hands"][0]
    assert hand["dummies_taken"] == [{"seat": 2, "by": 1, "cards": ["JC", "JS"]}] and hand["dummies"] == []


class Passes:
    """Passes where it may, else takes the first legal action."""

    def choose(self, view: object, legal: Sequence[Action]) -> Action:
        return next((a for a in legal if a.verb == "pass"), legal[0])


class OrdersUp(Passes):
    """Orders the turned card up."""

    def choose(self, view: object, legal: Sequence[Action]) -> Action:
        return next((a for a in legal if a.verb == "order-up"), legal[0])


def test_terminal_play_shows_the_dummy_to_its_taker_only() -> None:
    def session(me: int, lines: list[str], bots: dict[int, Passes]) -> str:
        out = io.StringIO()

        def ask(prompt: str) -> str:
            if not lines:
                raise EOFError
            return lines.pop(0)

        game = Game(THREE, seed=1, deal=THREE_DEAL)
        Session(game, me, bots, Console(file=out, width=100), ask, None, specs=dict.fromkeys(bots, "x")).run()
        return out.getvalue()

    mine = session(2, ["order-up", "discard 9S"], {0: Passes(), 1: Passes()})
    assert "you take the dummy at seat 3 into hand: 10♠ J♠ Q♠ K♠ A♠" in mine
    assert "Dummy     seat 3: J♠ │ A♠ K♠ Q♠ 10♠ (now in your hand)" in mine
    theirs = session(1, ["pass"], {0: Passes(), 2: OrdersUp()})
    assert "seat 2 takes the dummy at seat 3 into hand\n" in theirs and "Dummy " not in theirs


@pytest.mark.parametrize("name", ["greedy", "pimc:worlds=4"])
def test_bots_lay_away_the_dummys_weak_cards(name: str) -> None:
    from hasenpfeffer.bots.registry import load_bot

    g, bot = Game(THREE, seed=1, deal=THREE_DEAL), load_bot(name)
    play(g, "1 pass, 2 order-up, 0 discard 9H")
    while g.phase == "discard":
        g.apply(bot.choose(g.view(2), g.legal_actions()))
    assert sorted(str(c) for c in g.view(2).hand) == ["AC", "JS", "KC", "QC", "TC"]  # five trumps


def test_a_hand_with_nothing_to_lay_away_goes_on_to_the_play() -> None:
    # Three players in two partnerships, seat 0's dummy at seat 2; the dealer keeps the turned
    # card where it lies. A lone seat 0 leaves its dummy: nobody discards.
    deal = {**TWO.deal.model_dump(), "kitty": {"size": 6, "use": "turn-up"}, "dummies": {
        "seats": [2], "play": "merged", "hand_size": 3}}  # fmt: skip
    making = TWO.making.model_dump()
    making["order_up"]["dealer_discards"] = False
    v = Variant.model_validate({**TWO.model_dump(), "name": "one-dummy", "deal": deal, "making": making})
    hands = ["JH JD AH KH 9S", "9C TC 9D TD 9H", "QH TH AS", "AD JS TS KD QD"]
    g = Game(
        v,
        seed=1,
        deal={
            "dealer": 1,
            "hands": [h.split() for h in hands],
            "widow": ["JC", "QC", "KC", "AC", "KS", "QS"],
        },
    )
    events = play(g, "3 pass, 0 pass, 1 pass, 3 pass, 0 trump H alone")
    assert not any(type(e) is DummyTaken for e in events) and g.phase == "play"
    assert g.view().sitting_out == frozenset({2}) and len(g.view(2).hand) == 3  # untaken, out
    g = Game(
        v,
        seed=1,
        deal={
            "dealer": 1,
            "hands": [h.split() for h in hands],
            "widow": ["JC", "QC", "KC", "AC", "KS", "QS"],
        },
    )
    events = play(g, "3 pass, 0 pass, 1 order-up")  # seat 1 makes; seat 0 still takes its own
    assert [(e.seat, e.by) for e in events if type(e) is DummyTaken] == [(2, 0)] and g.to_move == 0
