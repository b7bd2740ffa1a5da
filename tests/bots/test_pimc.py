"""The ``pimc`` bot and bot specs with parameters: legal in every phase, hand-worked choices,
the same choices for the same seed, and specs that say what is wrong."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hasenpfeffer.bots.greedy import GreedyBot
from hasenpfeffer.bots.pimc import PimcBot, split_value
from hasenpfeffer.bots.registry import builtin_spec, load_bot
from hasenpfeffer.cli.commands.play import saved_bots
from hasenpfeffer.engine.game import Game, actual_deal
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Auction, Failed, Making, Scoring, Variant
from hasenpfeffer.rules.actions import Action
from hasenpfeffer.solver import solve
from support.paths import ROOT
from support.play import random_turn

NAMES = ("hasenpfeffer", "hasenpfeffer-pepper", "euchre", "pepper", "three-handed-euchre")


def deal(hands: list[str], widow: str, dealer: int = 3) -> dict[str, object]:
    return {"dealer": dealer, "hands": [h.split() for h in hands], "widow": widow.split()}


SURE = deal(["JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"], "9C")
JUNK = deal(["9C TC 9D TD 9S QD", "JK JH JD AH KH QH", "AS KS QS JS TS AD", "AC KC QC JC TH 9H"], "KD")


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(NAMES), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 60))
def test_pimc_chooses_a_legal_action_in_random_states(name: str, seed: int, steps: int) -> None:
    turn = random_turn(load_variant(name), seed, steps)
    if turn is None:
        return
    game, view = turn
    assert PimcBot(seed, worlds=2, making=2).choose(view, view.legal) in game.legal_actions()


def test_pimc_bids_six_sure_tricks_to_the_doubled_top_and_passes_nothing() -> None:
    variant = load_variant("hasenpfeffer-pepper")
    view = Game(variant, deal=SURE).view(0)
    assert PimcBot(1, worlds=4, making=4).choose(view, view.legal) == Action(0, "bid", "big-pepper")
    # Seat 0 of JUNK holds no sure trick: five or six would fail, and a failure costs the bid.
    costly = Variant(
        name="costly",
        making=Making(auction=Auction(ladder=(5, 6))),  # type: ignore[arg-type]
        scoring=Scoring(failed=Failed(per_bid_trick=1)),
    )
    view = Game(costly, deal=JUNK).view(0)
    assert PimcBot(1, worlds=4, making=4).choose(view, view.legal) == Action(0, "pass")


def test_pimc_plays_what_the_solver_finds_when_every_card_is_known() -> None:
    """Seat 2 has seen every card but its partner's and the widow's, and holds the last three
    diamonds: with trump hearts drawn, every world agrees with the true deal's best cards."""
    g = Game(load_variant("hasenpfeffer"), deal=SURE)
    for a in ["0 bid 4", "1 pass", "2 pass", "3 pass", "0 trump H", "0 discard 9C"]:
        g.apply(a)
    for a in ["0 play JK", "1 play 9S", "2 play TC", "3 play 9H"]:
        g.apply(a)
    best = set(solve(g).best)
    view = g.view(g.to_move or 0)
    assert PimcBot(2, worlds=6).choose(view, view.legal) in best


def test_pimc_names_the_trump_of_its_sure_tricks() -> None:
    g = Game(load_variant("hasenpfeffer"), deal=SURE)
    g.apply("0 bid 6")  # the top bid ends the auction
    view = g.view(0)
    choice = PimcBot(3, making=4).choose(view, view.legal)
    assert (choice.verb, choice.arg) == ("trump", "H")


@pytest.mark.parametrize("name", ["euchre", "hasenpfeffer-pepper"])
def test_pimc_is_deterministic_for_a_seed(name: str) -> None:
    def first_choices(seed: int) -> list[str]:
        game = Game(load_variant(name), seed=7)
        bot = PimcBot(seed, worlds=3, making=3)
        out = []
        while game.hand_number == 1 and len(out) < 12:
            view = game.view(game.to_move or 0)
            a = bot.choose(view, view.legal)
            out.append(str(a))
            game.apply(a)
        return out

    assert first_choices(5) == first_choices(5)


def test_split_value_scores_the_contract_under_the_variant() -> None:
    v = load_variant("euchre")
    # makers (side 0) take all five: a march, 2 points; three: 1 point; two: euchred, 2 to the others
    assert split_value(v, 2, 0, 0, 5, 3, 1, False) == 2.0
    assert split_value(v, 2, 0, 0, 3, 3, 1, False) == 1.0
    assert split_value(v, 2, 0, 0, 2, 3, 1, False) == -2.0
    assert split_value(v, 2, 1, 0, 3, 3, 1, False) == 2.0  # the defenders' view of a euchre


def test_bot_specs_take_parameters_in_range() -> None:
    bot = load_bot("pimc:worlds=32:making=8", 1)
    assert isinstance(bot, PimcBot) and (bot.worlds, bot.making) == (32, 8)
    assert builtin_spec("mc:samples=5") == ("mc", {"samples": 5})
    assert builtin_spec("hasenpfeffer.bots.simple:RandomBot") is None
    for spec, message in [
        ("pimc:depth=3", "pimc takes worlds, making"),
        ("pimc:worlds=0", "worlds must be an integer from 1 to 1024"),
        ("pimc:worlds=x", "worlds must be an integer"),
        ("pimc:worlds=-1", "worlds must be an integer"),
        ("pimc:worlds", "worlds must be an integer"),
        ("greedy:x=1", "greedy takes no parameters"),
        ("random:seed=1", "random takes no parameters"),
    ]:
        with pytest.raises(ValueError, match=message):
            load_bot(spec)


def test_a_record_may_name_pimc_with_parameters_but_nothing_else() -> None:
    assert (
        saved_bots(["person", "pimc:worlds=8", "greedy", "mc:samples=4"])
        == "pimc:worlds=8,greedy,mc:samples=4"
    )
    with pytest.raises(ValueError, match="not a built-in bot"):
        saved_bots(["person", "pimc:worlds=100000", "greedy", "greedy"])
    with pytest.raises(ValueError, match="not a built-in bot"):
        saved_bots(["person", "pimc:os=1", "greedy", "greedy"])


def test_the_own_bot_of_docs_bots_md_plays_legal_cards() -> None:
    import re

    text = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    space: dict[str, object] = {}
    for code in re.findall(r"```python\n(.*?)```", text, re.S):
        exec(compile(code, "docs/bots.md", "exec"), space)
    for name in ("First", "Mine"):
        bot = space[name](3)  # type: ignore[operator]
        game = Game(load_variant("euchre"), seed=2)
        while game.hand_number == 1:
            view = game.view(game.to_move or 0)
            action = bot.choose(view, view.legal)
            assert action in view.legal
            game.apply(action)


def test_default_worlds_follow_the_solver_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """More worlds where the solver is compiled, fewer where it runs in pure Python."""
    from hasenpfeffer import accel
    from hasenpfeffer.bots import pimc

    euchre, pepper = Game(load_variant("euchre"), seed=1), Game(load_variant("hasenpfeffer-pepper"), seed=1)
    bot = pimc.PimcBot(seed=1)
    counts = []
    for compiled in (True, False):
        monkeypatch.setattr(accel, "enabled", lambda c=compiled: c)
        counts.append([bot.count(g.view(0), making) for g in (euchre, pepper) for making in (False, True)])
    assert counts == [[32, 48, 16, 12], [24, 24, 12, 6]]
    assert pimc.PimcBot(seed=1, worlds=5, making=3).count(euchre.view(0)) == 3


def test_the_auction_weighs_worlds_by_what_greedy_would_have_done() -> None:
    # The AH turned; seat 1 passed. A world where seat 1 held both bowers and three more
    # hearts keeps a quarter of its weight (greedy would order up); a weak one all.
    variant = load_variant("euchre")
    real = deal(["AC KC QC AS KS", "9C TC 9D TD 9S", "JC QD KD AD TS", "QS JS TH 9H QH"], "AH JH JD KH", 0)
    game = Game(variant, deal=real)
    game.apply("1 pass")
    weigh = PimcBot(1, misfit=25).auction_model(game.view(2))
    strong = deal(["9C TC 9D TD 9S", "JH JD KH QH TH", "JC QD KD AD TS", "AC KC QC AS KS"], "AH JS 9H QS", 0)
    assert weigh(Game(variant, deal=strong), Action(1, "pass")) == 0.25
    assert weigh(Game(variant, deal=real), Action(1, "pass")) == 1.0
    assert weigh(Game(variant, deal=strong), Action(2, "pass")) == 1.0  # the seat's own: not weighed
    assert PimcBot(1, misfit=100).sample(game.view(2), 3)  # no weighing: worlds all the same


def test_the_play_weighs_worlds_by_the_card_greedy_would_have_played() -> None:
    # Seat 1 ordered the AH up and the dealer laid a card away; seat 1 leads. In a world, the
    # card greedy would lead with seat 1's cards keeps the world's weight, another card half.
    variant = load_variant("euchre")
    real = deal(["AC KC QC AS KS", "9C TC 9D TD 9S", "JC QD KD AD TS", "QS JS TH 9H QH"], "AH JH JD KH", 0)
    game = Game(variant, deal=real)
    game.apply("1 order-up")
    game.apply(game.legal_actions()[0])  # the dealer's discard
    assert game.to_move == 1
    view = game.view(1)
    greedy = GreedyBot(1).choose(view, view.legal)
    other = next(a for a in view.legal if a != greedy)
    weigh = PimcBot(1, playfit=50).auction_model(game.view(2))
    assert weigh(game, greedy) == 1.0
    assert weigh(game, other) == 0.5
    assert PimcBot(1).auction_model(game.view(2))(game, other) == 1.0  # playfit=100: not weighed
    own = PimcBot(1, playfit=50).auction_model(view)
    assert own(game, other) == 1.0  # the seat's own cards: not weighed


def test_seats_that_passed_the_turned_card_lean_away_from_its_trumps() -> None:
    from hasenpfeffer.bots.handeval import evaluator_for
    from hasenpfeffer.bots.montecarlo import leans

    # The AH turned; seats 1 and 2 passed, seat 3 to speak. Seen by seat 3: seats 1 and 2 hold
    # a heart (or the left bower, the JD) half as often as another card; seat 0 has not spoken.
    variant = load_variant("euchre")
    real = deal(["AC KC QC AS KS", "9C TC 9D TD 9S", "JC QD KD AD TS", "QS JS TH 9H QH"], "AH JH JD KH", 0)
    game = Game(variant, deal=real)
    for a in ("1 pass", "2 pass"):
        game.apply(a)
    ev = evaluator_for(variant)
    lean = leans(ev, game.view(3), 0.5)
    assert lean is not None
    cid = ev.rules.card_id
    assert [lean(1, cid["KH"]), lean(2, cid["JD"]), lean(2, cid["JC"]), lean(0, cid["KH"])] == [
        0.5,
        0.5,
        1.0,
        1.0,
    ]
    assert leans(ev, game.view(3)) is None  # no lean asked, no maker yet
    game.apply("3 order-up")  # the maker leans to its trumps as before, the passers away from them
    game.apply(game.legal_actions()[0])
    lean = leans(ev, game.view(0), 0.5)
    assert lean is not None and (lean(3, cid["KH"]), lean(1, cid["KH"]), lean(3, cid["AC"])) == (
        3.0,
        0.5,
        1.0,
    )


def test_a_seat_that_bids_again_values_its_bids_on_its_first_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rows and pass on the same worlds: the second turn moves the first turn's worlds on by
    the bids since instead of drawing new ones (which it does when the auction weighs them)."""
    game = Game(load_variant("hasenpfeffer-pepper"), deal=JUNK)
    bot = PimcBot(3, worlds=2, making=3)
    first, rows = bot.bid_worlds(game.view(0))
    dealt = [actual_deal(g) for g in first]
    for text in ("0 bid 1", "1 bid 2", "2 pass", "3 pass"):
        game.apply(text)
    assert game.to_move == 0
    view = game.view(0)
    drawn: list[int] = []
    sample = PimcBot.sample
    monkeypatch.setattr(PimcBot, "sample", lambda self, v, n: drawn.append(n) or sample(self, v, n))
    again, same = bot.bid_worlds(view)
    assert drawn == [] and same is rows
    assert [actual_deal(g) for g in again] == dealt
    assert all(g.view(0).history == view.history and g.to_move == 0 for g in again)
    weighed = PimcBot(3, worlds=2, making=3, misfit=50)
    weighed.bid_worlds(Game(load_variant("hasenpfeffer-pepper"), deal=JUNK).view(0))
    weighed.bid_worlds(view)
    assert drawn == [3, 3]
