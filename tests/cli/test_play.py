"""Terminal play driven by scripted input: choices, card notation, help, refusals, save and resume."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
import yaml
from rich.console import Console

from hasenpfeffer import cli
from hasenpfeffer.bots import registry
from hasenpfeffer.bots.base import Bot
from hasenpfeffer.bots.registry import load_bot
from hasenpfeffer.cli.commands.play import bot_specs, session_from_args
from hasenpfeffer.cli.ui.read import InputError, explain, read_choice
from hasenpfeffer.cli.ui.render import hand_text, sorted_hand, table_view
from hasenpfeffer.cli.ui.table import Session
from hasenpfeffer.engine.game import Game
from hasenpfeffer.engine.view import View
from hasenpfeffer.format.cards import SUIT_NAMES, Card
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.rules.actions import Action

# Dealer 2: seat 3 bids and leads first. Seat 3 holds only hearts and spades, so a bot that
# takes the first legal action passes and then leads its lowest heart, 9H.
DEAL = {
    "dealer": 2,
    "hands": [
        "JH JD AH KH 9C AS",
        "9D TD QD KD AD JS",
        "TC JC QC KC AC KS",
        "9H TH QH 9S TS QS",
    ],
    "widow": ["JK"],
}
# The person (seat 0) bids 4, names hearts and discards AS; then seat 3 leads 9H.
OPENING = ["3 pass", "0 bid 4", "1 pass", "2 pass", "0 trump H", "0 discard AS", "3 play 9H"]


class FirstBot:
    """Takes the first legal action: passes in the bidding, plays its lowest card."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[0]


class ScriptBot(FirstBot):
    """Plays the given actions in turn."""

    def __init__(self, actions: Sequence[str]) -> None:
        super().__init__()
        self.actions = [Action.parse(a) for a in actions]

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self.actions.pop(0)


class Script:
    """Answers prompts from a list; EOF when the list runs out."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def session(
    game: Game,
    lines: Sequence[str],
    save_to: Path | None = None,
    seat: int = 0,
    seats: dict[int, Bot] | None = None,
) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    if seats is None:
        seats = {s: FirstBot() for s in range(game.variant.players) if s != seat}
    specs = dict.fromkeys(seats, "first")
    return Session(game, seat, seats, Console(file=out, width=100), Script(lines), save_to, specs=specs), out


def fixed_game() -> Game:
    return Game(load_variant("hasenpfeffer"), deal=DEAL, seed=1)


def transcript(lines: Sequence[str]) -> tuple[Game, str]:
    """Play the fixed deal at seat 0 with these lines, then quit without saving."""
    game = fixed_game()
    s, out = session(game, [*lines, "quit", "n"])
    assert s.run() == 0
    return game, out.getvalue()


def history(game: Game) -> list[str]:
    return [str(a) for a in game.view(0).history]


def test_bot_specs_one_or_one_per_other_seat() -> None:
    assert bot_specs("mc", 3, 1) == {0: "mc", 2: "mc"}
    with pytest.raises(ValueError, match="give one bot or 3"):
        bot_specs("random,greedy", 4, 0)


def test_hand_sorted_by_trump_order() -> None:
    v = load_variant("hasenpfeffer")
    hand = [Card.parse(c) for c in ["9C", "AS", "JD", "KH", "JH", "JK", "AH"]]
    assert [str(c) for c in sorted_hand(hand, "H", v)] == ["JK", "JH", "JD", "AH", "KH", "9C", "AS"]
    assert hand_text(hand, "H", v).plain == "JK J♥ J♦ A♥ K♥ │ 9♣ │ A♠"
    # Before trump is named the jacks stay in their own suits.
    assert hand_text(hand, None, v).plain == "JK │ 9♣ │ J♦ │ A♥ K♥ J♥ │ A♠"


def test_card_notation_and_full_action_text() -> None:
    game, text = transcript(["bid 4", "trump h", "as", "jd"])
    assert history(game)[:8] == [*OPENING, "0 play JD"]
    assert "you bid 4" in text and "you name ♥ hearts trump" in text and "you play J♦" in text
    assert "seat 3 plays 9♥" in text


def test_question_mark_lists_legal_actions_with_meaning() -> None:
    _, text = transcript(["?", "bid 4", "trump H", "AS", "?"])
    assert "  1  pass: drop out of the bidding for this hand" in text
    assert "  5  bid 4: your side must take 4 tricks" in text
    # Hearts led: only hearts are listed, in the hand's trump order.
    assert "  1  play JK: the Joker, a trump, follows trump" in text
    assert "  3  play JD: left bower, a trump, follows trump" in text
    assert "play 9C" not in text


def test_bad_input_reprompts_with_the_reason() -> None:
    game, text = transcript(
        ["bid 7", "[/xyzzy]", "12", "play 9c", "bid 4", "trump H", "discard 9S", "as", "9c", "2"]
    )
    assert "bid 7: not a bid; the bids are 1, 2, 3, 4, 5, 6" in text
    assert "'[/xyzzy]' is not a card, an action or a listed number" in text
    assert "12: choose a number from 1 to 7" in text
    assert "play 9C: not now, you may bid or pass" in text
    assert "9S: you do not hold 9S" in text
    assert "9C: you must follow hearts (trump)" in text
    # After the refusals the state moved on only by the accepted actions; 2 is the second listed JH.
    assert history(game)[1] == "0 bid 4" and history(game)[7] == "0 play JH"


def test_read_choice_bid_must_be_higher() -> None:
    game = fixed_game()
    game.apply("3 bid 3")
    view = game.view(0)
    legal = list(game.legal_actions())
    with pytest.raises(InputError, match="bid 2: you must bid at least 4"):
        read_choice("bid 2", view, legal)
    assert read_choice("0 bid 5", view, legal) == Action(0, "bid", "5")
    assert read_choice("PASS", view, legal) == Action(0, "pass")
    assert explain(Action(0, "bid", "6"), view) == "your side must take 6 tricks"


def test_pepper_bids_explained_with_stakes() -> None:
    game = Game(load_variant("hasenpfeffer-pepper"), deal=DEAL, seed=1)
    game.apply("3 pass")
    view = game.view(0)
    assert explain(Action(0, "bid", "big-pepper"), view) == "your side must take 6 tricks at 2x stakes"
    assert read_choice("bid little-pepper", view, list(game.legal_actions())).arg == "little-pepper"


def test_full_game_choosing_listed_numbers() -> None:
    game = Game(load_variant("hasenpfeffer"), seed=5)
    out = io.StringIO()
    seats = {s: load_bot("greedy", seed=s) for s in (1, 2, 3)}
    script = Script(["1"] * 5000)
    assert Session(game, 0, seats, Console(file=out, width=100), script).run() == 0
    assert game.is_over and game.winner is not None
    text = out.getvalue()
    us, them = game.scores
    assert f"won: reached the target. Score: us (0+2) {us}, them (1+3) {them}." in text
    # Every hand was summed up, and the person was asked once per own decision.
    assert text.count("Hand ") >= len(game.hand_results)
    assert len(script.prompts) == sum(1 for line in text.splitlines() if line.startswith("you "))


def test_cli_play_from_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("?\n" + "1\n" * 400))
    assert cli.main(["play", "--seed", "3", "--bots", "greedy,greedy,greedy"]) == 0
    out = capsys.readouterr().out
    assert "Hand 1 · dealer seat 2 (partner)" in out  # seed 3 deals first from seat 2
    assert "pass: drop out of the bidding for this hand" in out
    assert "Game over: " in out and ("You win!" in out or "You lose." in out)


def test_cli_play_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--seat", "4"]) == 2
    assert cli.main(["play", "--bots", "greedy,mc"]) == 2
    assert cli.main(["play", "--bots", "nope"]) == 2
    assert cli.main(["play", "no-such-variant"]) == 1
    captured = capsys.readouterr()
    out = captured.err
    assert not captured.out
    assert "--seat: choose a seat from 0 to 3" in out and "unknown bot 'nope'" in out


def test_quit_save_resume_continues_from_the_same_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry.BUILTIN, "first", FirstBot)
    path = tmp_path / "game.yaml"
    game = fixed_game()
    # Bid, name trump, discard, play twice; then quit and save where asked.
    s, out = session(game, ["bid 4", "trump H", "AS", "JD", "1", "quit", "y", str(path)])
    assert s.run() == 0
    assert f"Game record saved to {path}" in out.getvalue()
    saved = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert saved["players"] == ["person", "first", "first", "first"]
    assert saved["hands"][0]["actions"][:9] == [*OPENING, "0 play JD", "1 play 9D"]

    # Resumed: the record's seat and bots again, the game exactly where it was left.
    args = cli.build_parser("play").parse_args(["play", "--resume", str(path)])
    again = session_from_args(args, Console(file=io.StringIO()), Script(["1", "quit", "y", ""]))
    assert again.seat == 0 and again.specs == {1: "first", 2: "first", 3: "first"}
    assert again.game.record()["hands"] == game.record()["hands"]
    assert again.game.view(0) == game.view(0)
    # One more move, then quit: Enter saves over the resumed file.
    assert again.run() == 0
    played = yaml.safe_load(path.read_text(encoding="utf-8"))["hands"][0]["actions"]
    assert len(played) > len(saved["hands"][0]["actions"])
    last = session_from_args(args, Console(file=io.StringIO()), Script(["1"] * 400))
    assert last.game.record()["hands"] == again.game.record()["hands"]
    assert last.run() == 0 and last.game.is_over


def test_save_option_saves_on_quit_and_at_the_end(tmp_path: Path) -> None:
    path = tmp_path / "auto.json"
    game = fixed_game()
    s, out = session(game, ["bid 4", "quit"], save_to=path)
    assert s.run() == 0
    assert "Save the game record" not in out.getvalue()
    assert json.loads(path.read_text(encoding="utf-8"))["hands"][0]["actions"][:2] == ["3 pass", "0 bid 4"]
    s, out = session(game, ["1"] * 400, save_to=path)
    assert s.run() == 0 and game.is_over
    assert json.loads(path.read_text(encoding="utf-8"))["result"]["winner"] == game.winner


def test_unwritable_save_path_asks_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = fixed_game()
    bad = tmp_path / "no-such-dir" / "g.yaml"
    good = tmp_path / "g.yaml"
    s, out = session(game, ["quit", "y", str(bad), "y", str(good)])
    assert s.run() == 0
    assert capsys.readouterr().err == f"cannot write {bad}: No such file or directory\n"
    assert f"Game record saved to {good}" in out.getvalue() and good.exists()


class IllegalBot(FirstBot):
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return Action(view.seat, "bid", "99")


def test_a_bot_choosing_an_illegal_action_stops_the_game() -> None:
    game = fixed_game()
    s, out = session(game, ["n"])
    s.bots = {**s.bots, 3: IllegalBot()}
    assert s.run() == 1
    assert "The bot at seat 3 chose 3 bid 99, which is not legal." in out.getvalue()


def test_resume_refuses_a_variant_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "euchre", "--resume", "x.yaml"]) == 2
    assert cli.main(["play", "--resume", "no-such-record.yaml"]) == 1
    out = capsys.readouterr().err
    assert "not both" in out and "no-such-record.yaml" in out


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("hearts", "0 trump H"), ("h alone", "0 trump H alone"), ("Trump ♥", "0 trump H"), ("5", "0 trump H")],
)
def test_trump_spellings(typed: str, meant: str) -> None:
    game = fixed_game()
    for a in ["3 pass", "0 bid 4", "1 pass", "2 pass"]:
        game.apply(a)
    assert str(read_choice(typed, game.view(0), list(game.legal_actions()))) == meant


def test_defence_and_order_up_spellings() -> None:
    game = fixed_game()
    for a in ["3 pass", "0 pass", "1 bid 4", "2 pass", "1 trump S alone"]:
        game.apply(a)
    game.apply(game.legal_actions()[0])  # seat 1 discards
    legal = list(game.legal_actions())
    assert game.phase == "defence" and [str(a) for a in legal] == ["2 alone", "2 pass"]
    view = game.view(2)
    assert read_choice("go alone", view, legal) == Action(2, "alone")
    assert explain(Action(2, "alone"), view) == "defend alone; your partner sits out"
    with pytest.raises(InputError, match="say alone after the call"):
        fresh = fixed_game()
        read_choice("alone", fresh.view(3), list(fresh.legal_actions()))
    euchre = Game(load_variant("euchre"), seed=4)
    view = euchre.view(euchre.to_move or 0)
    order = read_choice("order up alone", view, list(euchre.legal_actions()))
    assert order.verb == "order-up" and order.alone
    assert explain(order, view).startswith("the dealer takes the turned card; ")


def test_cards_given_to_the_person_are_shown_others_stay_hidden() -> None:
    # Railroad: seat 2 orders up alone and exchanges with seat 0; the person (seat 3) then
    # defends alone and calls for the partner's best card.
    deal = {
        "dealer": 0,
        "hands": ["9C KC TD JD 9H", "QC TH QH JS QS", "QD AD AH AS JK", "AC KD JH 9S TS"],
        "widow": ["9D", "KS", "TC", "JC", "KH"],
    }
    game = Game(load_variant("railroad-euchre"), deal=deal)
    seats: dict[int, Bot] = {
        0: ScriptBot(["0 discard 9H", "0 give JD"]),
        1: ScriptBot(["1 pass", "1 give QC"]),
        2: ScriptBot(["2 order-up alone", "2 give QD"]),
    }
    s, out = session(game, ["alone", "quit", "n"], seat=3, seats=seats)
    assert s.run() == 0
    text = out.getvalue()
    assert "seat 0 discards a card\nseat 0 gives a card\nseat 2 gives a card\n" in text
    assert "you go alone\nseat 1 (partner) gives you Q♣\n" in text


def test_the_turned_suit_is_refused_in_round_two() -> None:
    game = Game(load_variant("euchre"), seed=4)
    while game.phase == "order-up":
        game.apply(next(a for a in game.legal_actions() if a.verb == "pass"))
    assert game.phase == "name-trump"
    view = game.view(game.to_move or 0)
    assert view.turned is not None
    suit = view.turned.suit
    with pytest.raises(InputError, match=f"trump {suit}: you may not name . {SUIT_NAMES[suit]} now"):
        read_choice(f"trump {suit}", view, list(game.legal_actions()))
    assert explain(Action(view.seat, "pass"), view) == "name no suit; the next player may"


def test_saved_records_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    unfinished, finished = tmp_path / "quit.yaml", tmp_path / "end.json"
    s, _ = session(fixed_game(), ["bid 4", "trump H", "AS", "JD", "quit", "y", str(unfinished)])
    assert s.run() == 0
    game = fixed_game()
    s, _ = session(game, ["1"] * 400, save_to=finished)
    assert s.run() == 0 and game.is_over
    capsys.readouterr()
    assert cli.main(["replay", str(unfinished)]) == 0
    out = capsys.readouterr().out
    assert "3 pass, 0 bid 4, 1 pass, 2 pass, 0 trump H" in out
    assert cli.main(["replay", "--json", str(finished)]) == 0
    assert json.loads(capsys.readouterr().out)["scores"] == list(game.scores)


def test_table_shows_a_variant_name_as_written() -> None:
    game = Game(Variant(name="b.o.l.d+1"), deal=DEAL)
    out = io.StringIO()
    Console(file=out, width=80).print(table_view(game.view(0), hand_no=1))
    assert "b.o.l.d+1 · hand 1 · you are seat 0, partner 2" in out.getvalue()
    assert "Your hand JK" not in out.getvalue() and "Your hand 9♣ │ J♦ │ A♥ K♥ J♥ │ A♠" in out.getvalue()


def test_six_player_alone_sends_both_partners_out() -> None:
    game = Game(load_variant("double-hasenpfeffer-6"), seed=1)
    game.apply(next(a for a in game.legal_actions() if a.verb == "bid"))
    while game.phase == "bidding":
        game.apply(next(a for a in game.legal_actions() if a.verb == "pass"))
    view = game.view(game.to_move or 0)
    lone = next(a for a in game.legal_actions() if a.alone)
    assert explain(lone, view).endswith("; you play alone, your partners sit out")
