"""How a game and a match end, on hand-worked deals: a match of games, a shut-out counted
twice, laps, a game won by setting the makers, a game lost at the losing score, a pass that is
not final and a stuck dealer forced below the ladder (docs/variant-format.md, "game" and
"match"; docs/rules.md section 4). Each ``GameWon`` says why the game ended (``Termination``).

The scores before a hand are set through the engine's door (``actual_state``), as a game
that has run some hands would have them.
"""

from __future__ import annotations

import random

from hasenpfeffer import Game, Variant, records
from hasenpfeffer.engine.events import GameWon, MatchWon, Termination
from hasenpfeffer.engine.game import actual_state
from hasenpfeffer.format.loader import load_variant
from support.deals import FIVE_HUNDRED_HEARTS as HEARTS_500
from support.paths import HOUSE_RULES as HOUSE
from support.play import play_random

# Euchre, dealer 3, the 9 of hearts turned: seat 0 holds both bowers and A K Q of hearts.
EUCHRE_DEAL = {
    "dealer": 3,
    "hands": [h.split() for h in ["JH JD AH KH QH", "AS KS QS JS TS", "AC KC QC JC TC", "AD KD QD TD 9D"]],
    "widow": ["9H", "9S", "9C", "TH"],
}
# Seat 0 orders up, the dealer lays the 9H away, seat 0 leads its five hearts: a march (2).
MARCH = "0 order-up, 3 discard 9H" + "".join(
    f", 0 play {c}, 1 play {b}, 2 play {x}, 3 play {d}"
    for c, b, x, d in zip(
        ["JH", "JD", "AH", "KH", "QH"],
        ["AS", "KS", "QS", "JS", "TS"],
        ["AC", "KC", "QC", "JC", "TC"],
        ["AD", "KD", "QD", "TD", "9D"],
        strict=True,
    )
)
# Alone, the left of the maker leads: seat 1's ace of spades is trumped, then seat 0 leads.
LONE_MARCH = "0 order-up alone, 3 discard 9H, 1 play AS, 3 play AD, 0 play JH" + "".join(
    f", 0 play {c}, 1 play {b}, 3 play {d}"
    for c, b, d in zip(
        ["JD", "AH", "KH", "QH"], ["KS", "QS", "JS", "TS"], ["KD", "QD", "TD", "9D"], strict=True
    )
)


def run(g: Game, script: str) -> None:
    for text in script.split(","):
        g.apply(text.strip())


def started(variant: Variant, scores: tuple[int, ...], deal: dict[str, object] = EUCHRE_DEAL) -> Game:
    g = Game(variant, seed=5, deal=deal)
    actual_state(g).scores = scores
    return g


def test_a_game_of_a_match_goes_on_to_the_next_game_from_nothing() -> None:
    g = started(load_variant(HOUSE / "euchre-match-of-three.yaml"), (9, 3))
    run(g, MARCH)
    # team 0 reaches 11: it wins the first game, not yet the match (two games needed)
    assert [e for e in g.events if type(e) in (GameWon, MatchWon)] == [
        GameWon(0, (11, 3), Termination.TARGET)
    ]
    assert not g.is_over and g.winner is None and g.hand_number == 2
    assert g.view(0).scores == (0, 0) and actual_state(g).games_won == [1, 0]
    assert g.hand_results[0].scores == (11, 3)  # the hand's result keeps the game's final score


def test_a_single_game_is_over_at_its_first_win() -> None:
    g = started(load_variant("euchre"), (9, 3))
    run(g, MARCH)
    assert g.is_over and g.winner == 0 and not [e for e in g.events if type(e) is MatchWon]
    # 9 + 2 for the march: team 0 reached the target of 10
    assert g.events[-1] == GameWon(0, (11, 3), Termination.TARGET) and g.events[-1].reason == "target"


def test_a_shut_out_counts_two_games_and_wins_a_match_of_three_at_once() -> None:
    v = load_variant(HOUSE / "euchre-skunk-counts-double.yaml")
    g = started(v, (9, 0))
    run(g, MARCH)  # 11-0: the losers never scored
    assert [e for e in g.events if type(e) in (GameWon, MatchWon)] == [
        GameWon(0, (11, 0), Termination.TARGET),
        MatchWon(0, (2, 0)),
    ]
    assert g.is_over and g.winner == 0
    # the same game won 11-1 counts one
    g = started(v, (9, 1))
    run(g, MARCH)
    assert not g.is_over and actual_state(g).games_won == [1, 0]


def test_laps_carry_the_points_beyond_the_target_into_the_next_game() -> None:
    g = started(load_variant(HOUSE / "euchre-laps.yaml"), (9, 6))
    run(g, LONE_MARCH)  # 9 + 4 = 13: three beyond the target of 10
    assert g.hand_results[0].score_change == (4, 0) and not g.is_over
    assert g.view(0).scores == (3, 0) and actual_state(g).games_won == [1, 0]


def test_a_match_record_replays_with_its_games() -> None:
    g = Game(load_variant(HOUSE / "euchre-skunk-counts-double.yaml"), seed=5)
    play_random(g, random.Random(2))
    won = [e for e in g.events if type(e) is MatchWon]
    assert g.is_over and len(won) == 1 and won[0].side == g.winner and max(won[0].games) >= 2
    rec = g.record()
    assert rec["result"]["games"] == list(won[0].games)
    again = records.replay(records.loads(records.dump(rec)))
    assert again.record() == rec and again.winner == g.winner
    # every game of the match was won at the target; the replay gives the same reasons
    games = [e for e in g.events if type(e) is GameWon]
    assert len(games) >= 2 and {e.reason for e in games} == {Termination.TARGET}
    assert [e for e in again.events if type(e) is GameWon] == games
    assert "reason" not in rec["result"]  # the record keeps the winner, not the reason


# Pepper, dealer 0: seat 2 holds both red jacks; seat 1 bids 4 in diamonds and takes 3.
PEPPER_DEAL = {
    "dealer": 0,
    "hands": [
        h.split()
        for h in ["AC KC QC JC TC 9C", "AD KD QD TD 9D 9H", "JH JD AH KH QH TH", "AS KS QS JS TS 9S"]
    ],
    "widow": [],
}
DIAMONDS = (
    "1 bid 4, 2 pass, 3 pass, 0 pass, 1 trump D,"
    "1 play AD, 2 play JD, 3 play 9S, 0 play 9C,"
    "2 play JH, 3 play TS, 0 play TC, 1 play KD,"
    "2 play AH, 3 play JS, 0 play JC, 1 play 9H,"
    "2 play KH, 3 play QS, 0 play QC, 1 play QD,"
    "1 play TD, 2 play QH, 3 play KS, 0 play KC,"
    "1 play 9D, 2 play TH, 3 play AS, 0 play AC"
)


def test_setting_the_makers_wins_where_only_made_or_defeated_bids_win() -> None:
    v = load_variant(HOUSE / "pepper-win-on-defeated-bid.yaml")
    g = started(v, (28, 10), PEPPER_DEAL)
    run(g, DIAMONDS)
    r = g.hand_results[0]
    # seat 1 needed 4 and took 3: set, -6; the defenders (team 0) score their 3 tricks, 31
    assert (r.made, r.tricks, r.score_change) == (False, (3, 3), (3, -6))
    assert g.is_over and g.winner == 0
    assert g.events[-1] == GameWon(0, (31, 4), Termination.DEFEATED_BID)
    # without win_by_defeat, points taken in defence never win: the game goes on at 31
    plain = v.model_copy(update={"game": v.game.model_copy(update={"win_by_defeat": False})})
    g = started(plain, (28, 10), PEPPER_DEAL)
    run(g, DIAMONDS)
    assert not g.is_over and g.view(0).scores == (31, 4)


# Five Hundred: seat 1 bids 10NT (the top ends the auction) on its ten spades, takes the kitty's
# three low hearts and lays them away; seat 0's Joker takes a trick, so 10NT fails.
TEN_NO_TRUMP = "0 pass, 1 bid 10NT, 1 discard 4H, 1 discard 5H, 1 discard 6H"


def test_a_side_at_the_losing_score_loses_to_the_best_other_side() -> None:
    g = started(load_variant("five-hundred"), (0, -100), HEARTS_500)
    run(g, TEN_NO_TRUMP)
    while not g.hand_results:
        g.apply(g.legal_actions()[0])
    r = g.hand_results[0]
    # failed: -520 to the makers, 10 a trick to the defenders; -620 is below -500
    assert (r.made, r.tricks, r.score_change) == (False, (1, 9), (10, -520))
    # team 0 wins at 10 points, far from the target of 500: team 1 went out backwards
    assert g.is_over and g.winner == 0
    assert g.events[-1] == GameWon(0, (10, -620), Termination.LOSE_AT)
    # from 300, team 1 falls to -220, above -500: the game goes on
    g = started(load_variant("five-hundred"), (0, 300), HEARTS_500)
    run(g, TEN_NO_TRUMP)
    while not g.hand_results:
        g.apply(g.legal_actions()[0])
    assert not g.is_over and g.view(0).scores == (10, -220)
    assert not [e for e in g.events if type(e) is GameWon]


def test_a_made_contract_that_reaches_the_target_wins_it() -> None:
    g = started(load_variant("five-hundred"), (300, 0), HEARTS_500)
    run(g, "0 bid 7H, 1 pass, 2 pass, 3 pass, 0 discard 4H, 0 discard 5H, 0 discard 6H")
    while not g.hand_results:
        g.apply(g.legal_actions()[0])
    # 7H made with every trick: the slam's 250, 550 in all
    assert g.hand_results[0].score_change == (250, 0)
    assert g.events[-1] == GameWon(0, (550, 0), Termination.TARGET)


def test_a_stuck_dealer_plays_a_bid_below_the_ladder() -> None:
    g = Game(load_variant(HOUSE / "pepper-stuck-dealer-bids-two.yaml"), seed=5, deal=PEPPER_DEAL)
    assert [str(a) for a in g.legal_actions()][:2] == ["1 pass", "1 bid 3"]
    run(g, "1 pass, 2 pass, 3 pass")
    assert [str(a) for a in g.legal_actions()][:2] == ["0 pass", "0 bid 3"]
    g.apply("0 pass")  # everyone passed: the dealer is forced to 2, which nobody may bid
    s = actual_state(g)
    assert (g.phase, g.to_move, g.view(0).maker, s.required) == ("trump", 0, 0, 2)


def test_a_player_who_passed_may_bid_again_where_a_pass_is_not_final() -> None:
    g = Game(load_variant(HOUSE / "five-hundred-pass-not-final.yaml"), seed=1, deal=HEARTS_500)
    run(g, "0 pass, 1 bid 6S, 2 pass, 3 pass")
    # seat 0 passed before seat 1's bid: it may come back in
    assert g.phase == "bidding" and g.to_move == 0 and "0 bid 7H" in {str(a) for a in g.legal_actions()}
    run(g, "0 bid 7H, 1 pass, 2 pass, 3 pass")
    assert g.phase == "discard" and g.view(0).maker == 0 and g.view(0).bid == "7H"
    # in the built-in, a pass is final: seat 1's 6S wins when 2 and 3 pass
    g = Game(load_variant("five-hundred"), seed=1, deal=HEARTS_500)
    run(g, "0 pass, 1 bid 6S, 2 pass, 3 pass")
    assert g.phase == "discard" and g.view(0).maker == 1
