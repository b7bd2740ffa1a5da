"""The double-dummy solver: endings worked out by hand, the API, and the solver equal to a plain
minimax (tests/support/solver_reference.py) on positions of every built-in and of random variants.

Positions are taken at a random point of the play phase of random games, then played on at
random until at most ``LIMIT`` cards are left in the hands (so that the plain minimax, which
visits every line of play, stays quick): 8 built-ins x 90 positions and 150 random variants x 2
positions, over 1,000 positions, each compared for every side, and card by card.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer.engine.events import HandScored, TrickWon
from hasenpfeffer.engine.game import Game, actual_state
from hasenpfeffer.format.loader import builtin_names, load_variant
from hasenpfeffer.rules.actions import Action
from hasenpfeffer.rules.plan import plan_for
from hasenpfeffer.rules.ruleset import compile_variant
from hasenpfeffer.solver import Solver, analyse_moves, solve
from hasenpfeffer.solver.position import after, from_cards, position
from hasenpfeffer.solver.solve import runs
from support.paths import ROOT
from support.play import contract_in_play, game_in_play
from support.random_variants import engine_variants, loaded
from support.solver_reference import Deal, minimax
from support.solver_reference import after as ref_after
from support.solver_reference import named as ref_named

LIMIT = 13
"""Most cards left in the hands of a position compared with the plain minimax."""


def values(
    rules: Any, trump: str, hands: list[list[str]], leader: int, trick: Any = (), out: Any = None, **kw: Any
) -> Any:
    """(tricks per side, {card: value for the side to move}) of a position given by cards."""
    p = from_cards(rules, trump, hands, leader, trick, out, **kw)
    solver = Solver()
    moves = solver.moves(p)
    names = {p.layout.rules.names[p.layout.face_of[x]]: v for x, v in moves.items()}
    return solver.tricks(p), names


# ---------------------------------------------------------------------- endings worked by hand


def test_draw_the_last_trump_first() -> None:
    """Euchre, hearts trump. Leading the right bower draws seat 1's 9H and the ace of spades then
    wins too: 2 tricks. Leading the ace first lets seat 1 ruff, lead a club, and only the bower
    comes back: 1 trick."""
    rules = compile_variant(load_variant("euchre"))
    hands = [["JH", "AS"], ["9H", "KC"], ["9C", "9D"], ["TC", "TD"]]
    tricks, moves = values(rules, "H", hands, leader=0)
    assert tricks == (2, 0)
    assert moves == {"AS": 1, "JH": 2}


def test_equal_cards_the_first_played_wins() -> None:
    """Double Hasenpfeffer (two of each card), spades trump. Seat 0 leading AD beats seat 1's AD
    (the first of equal cards wins), then loses KC to AC: 1 trick each. Leading KC first, seat 1
    wins it with AC and leads its AD, now played first: seat 1's side takes both."""
    rules = compile_variant(load_variant("double-hasenpfeffer"))
    hands = [["AD", "KC"], ["AD", "AC"], ["9D", "9C"], ["TD", "TC"]]
    tricks, moves = values(rules, "S", hands, leader=0)
    assert tricks == (1, 1)
    assert moves == {"KC": 0, "AD": 1}


def test_second_hand_covers_mid_trick() -> None:
    """Hasenpfeffer, spades trump, seat 3 has led KH. Seat 0 must follow hearts (its Joker is a
    trump). Covering with AH wins the trick (TH and QH follow); the Joker then wins, and 9H is
    the last heart: 3 tricks. Ducking with 9H lets KH win; seat 3 leads a diamond, the Joker
    ruffs and AH wins the last: 2 tricks."""
    rules = compile_variant(load_variant("hasenpfeffer"))
    hands = [["AH", "9H", "JK"], ["TH", "9D", "TD"], ["QH", "9C", "TC"], ["AD", "KD"]]
    tricks, moves = values(rules, "S", hands, leader=3, trick=[(3, "KH")])
    assert tricks == (3, 0)
    assert moves == {"9H": 2, "AH": 3}


def test_cut_throat_values_are_paranoid() -> None:
    """Three-handed euchre, spades trump, seat 0 to lead. Seat 0's AS wins a trick whatever
    happens, and its 9H loses to the hearts of the others; seat 1's KH takes a trick only if seat
    2 lets it, which it will not against seat 1; seat 2's AH always wins. Paranoid values:
    seat 0 one trick, seat 1 none, seat 2 one."""
    rules = compile_variant(load_variant("three-handed-euchre"))
    hands = [["AS", "9H"], ["KH", "9D"], ["AH", "TD"]]
    tricks, moves = values(rules, "S", hands, leader=0)
    assert tricks == (1, 0, 1)
    assert moves == {"9H": 1, "AS": 1}


def test_lone_player_partner_sits_out() -> None:
    """Euchre, clubs trump, seat 0 alone (seat 2 sits out; its cards do not play). Seat 0's JC
    and AC win both tricks although seat 2 holds the left bower."""
    rules = compile_variant(load_variant("euchre"))
    hands = [["JC", "AC"], ["KC", "9H"], ["JS", "QC"], ["QS", "TH"]]
    tricks, moves = values(rules, "C", hands, leader=1, out=[False, False, True, False])
    assert tricks == (2, 0)
    assert moves == {"9H": 0, "KC": 0}


def test_misere_ducks_under_the_suit_another_must_follow() -> None:
    """Five Hundred, misère, seat 0 alone (seat 2 sits out) to lead. Leading TH, seat 3 must
    cover with a higher heart and wins both tricks: the maker takes none. Leading 6C, the only
    club, wins the trick, and seat 3 still beats the TH later: one trick, the misère fails.
    The defenders play as one side: their value is the tricks left less the maker's."""
    rules = compile_variant(load_variant("five-hundred"))
    hands = [["TH", "6C"], ["6S", "8D"], [], ["JH", "AH"]]
    tricks, moves = values(rules, "NT", hands, leader=0, out=[False, False, True, False], misere=0)
    assert tricks == (0, 2)
    assert moves == {"6C": 1, "TH": 0}
    # Seat 1's turn after the 6C: whatever it discards, the maker keeps its trick.
    tricks, moves = values(
        rules,
        "NT",
        [["TH"], ["6S", "8D"], [], ["JH", "AH"]],
        0,
        [(0, "6C")],
        [False, False, True, False],
        misere=0,
    )
    assert tricks == (1, 1)
    assert moves == {"6S": 1, "8D": 1}


def test_the_leader_of_the_joker_names_the_suit_to_follow() -> None:
    """Five Hundred, no-trump: the Joker is the only trump and its leader names the suit. Seat 0
    leads the Joker and names hearts: seat 1 must give up its AH (seat 2 its 6H), and the 5H
    is then the last heart: 2 tricks. Naming another suit, seat 1 keeps the AH for the 5H: 1
    trick. Leading the 5H first, the AH wins it: 1."""
    rules = compile_variant(load_variant("five-hundred"))
    hands = [["JK", "5H"], ["AH", "5S"], ["6C", "6H"], ["7C", "7S"]]
    tricks, moves = values(rules, "NT", hands, leader=0)
    assert tricks == (2, 0)
    assert moves == {"5H": 1, "JK": 2}
    left = [["5H"], *hands[1:]]
    p = from_cards(rules, "NT", left, leader=0, trick=[(0, "JK")])  # the suit is still to name
    assert p.calling and p.seat == 0 and p.left == 2
    solver = Solver()
    assert {rules.suits[s]: v for s, v in solver.suits(p).items()} == {"C": 1, "D": 1, "H": 2, "S": 1}
    assert solver.best(p) == (2, [rules.suits.index("H")])
    tricks, moves = values(rules, "NT", left, leader=0, trick=[(0, "JK")], led="S")  # seat 1 must follow
    assert tricks == (1, 1)
    assert moves == {"5S": 1}


# ---------------------------------------------------------------------- the API on games

DEAL = {
    "dealer": 3,
    "widow": ["9C"],
    "hands": ["JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"],
}


def hasenpfeffer_in_play(trump: str = "S") -> Game:
    """Seat 0 bids 4 and names ``trump`` in the deal above."""
    g = Game(load_variant("hasenpfeffer"), deal=DEAL)
    for a in ["0 bid 4", "1 pass", "2 pass", "3 pass", f"0 trump {trump}", "0 discard 9C"]:
        g.apply(a)
    return g


def test_solve_totals_and_best_cards_follow_the_analysis() -> None:
    g = hasenpfeffer_in_play("S")
    for _ in range(5):
        r = solve(g)
        moves = analyse_moves(g)
        top = max(moves.values())
        assert set(r.best) == {a for a, v in moves.items() if v == top}
        assert r.tricks[g.rules.variant.team_of(g.to_move or 0)] == top
        assert sum(r.tricks) == len(actual_state(g).hands[g.to_move or 0])
        assert r.totals == tuple(a + b for a, b in zip(r.taken, r.tricks, strict=True))
        assert set(moves) == set(g.legal_actions())
        g.apply(r.best[0])


def test_best_play_keeps_the_value() -> None:
    """Playing a best card at every turn ends the hand with the tricks solve gave at the start."""
    g = hasenpfeffer_in_play("D")
    start = solve(g).totals
    while g.phase == "play":
        events = g.apply(solve(g).best[-1])
    result = next(e.result for e in events if isinstance(e, HandScored))
    assert result.tricks == start


def test_solve_refuses_a_game_not_in_play() -> None:
    g = Game(load_variant("hasenpfeffer"), deal=DEAL)
    with pytest.raises(ValueError, match="not in the play phase"):
        solve(g)


def test_equivalent_cards_share_a_value() -> None:
    """Cards with no live card of another hand between them are searched once and valued alike."""
    g = hasenpfeffer_in_play("H")
    p = position(g)
    assert len(runs(p, p.hands[0])) == 1  # JK JH JD AH KH QH: the six top trumps in a row
    assert set(analyse_moves(g).values()) == {6}


# ---------------------------------------------------------------------- against plain minimax


def check_against_minimax(g: Game) -> None:
    """Tricks for every side, and every legal card's value (or every suit's, for the leader of
    the Joker who names one), as the plain minimax has them."""
    d = Deal.of(g)
    mover = d.side_of[d.seat]
    plan = plan_for(g.rules)
    taken = [0] * plan.sides
    now, trump = actual_state(g), g.view().trump
    side_of = plan.hand_sides(now.maker)  # a dummy played by the maker is on the maker's side
    for _, _, winner in now.tricks:
        taken[side_of[winner]] += 1
    leader = now.trick[0][0] if now.trick else g.to_move
    assert leader is not None
    # the game's position, read straight from its cards, is the one its cards spell
    led = d.led if d.led is None else g.rules.suits[d.led]
    assert position(g) == from_cards(
        g.rules, trump or "", now.hands, leader, now.trick, now.out, taken, led, d.misere, now.maker
    )
    names, suits = g.rules.names, g.rules.suits
    if d.calling:
        want = {suits[s]: ref_named(d, s, mover) for s in range(len(suits))}
    else:
        want = {names[c]: ref_after(d, c, mover) for c in d.legal()}
    assert {a.arg: v for a, v in analyse_moves(g).items()} == want
    sides = plan_for(g.rules).sides
    left = len(d.hands[d.seat]) + (1 if d.calling else 0)
    fewest = d.misere is not None
    top = min(want.values()) if fewest else max(want.values())
    tricks = [top if side == mover else -1 for side in range(sides)]
    for side in range(sides):
        if side != mover:  # two sides share the tricks; with more, each side is searched
            tricks[side] = left - top if sides == 2 else minimax(d, side)
    r = solve(g)
    assert r.tricks == tuple(tricks), (g.variant.name, now.hands, now.trick, trump, now.out)
    assert r.fewest == fewest
    assert {a.arg for a in r.best} == {c for c, v in want.items() if v == top}
    relative = Solver(relative=True)  # positions keyed by relative ranks, as for large deals
    assert {a.arg: v for a, v in analyse_moves(g, relative).items()} == want
    python = Solver(compiled=False)  # the pure-Python search (the default is compiled when it can be)
    assert {a.arg: v for a, v in analyse_moves(g, python).items()} == want


@pytest.mark.parametrize("name", ["five-hundred", "five-hundred-3"])
@pytest.mark.parametrize("misere", [True, False], ids=["misere", "no-trump"])
def test_solver_equals_minimax_in_contracts(name: str, misere: bool) -> None:
    """Misère (the maker's side plays for no trick) and no-trump with the Joker led (its
    leader names the suit to follow): positions of each, positions where the suit is still
    to name among them."""
    v = load_variant(name)
    rng = random.Random(f"{name} {misere}")
    done = calling = 0
    while done < 40:
        g = contract_in_play(v, rng, misere)
        if g is not None:
            check_against_minimax(g)
            done += 1
            calling += actual_state(g).calling
    assert misere or calling >= 2


@pytest.mark.parametrize("name", builtin_names())
def test_solver_equals_minimax_on_builtins(name: str) -> None:
    v = load_variant(name)
    rng = random.Random(name)
    done = 0
    while done < 90:
        g = game_in_play(v, rng, limit=LIMIT)
        if g is not None:
            check_against_minimax(g)
            done += 1


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(data=engine_variants(), seed=st.integers(0, 2**32))
def test_solver_equals_minimax_on_random_variants(data: dict[str, Any], seed: int) -> None:
    v = loaded(data)
    rng = random.Random(seed)
    done = tries = 0
    while done < 2 and tries < 20:
        tries += 1
        g = game_in_play(v, rng, limit=LIMIT)
        if g is not None:
            check_against_minimax(g)
            done += 1


def engine_minimax(g: Game, side: int, fewest: bool = False) -> int:
    """The plain minimax through the engine itself: copies of the game, tricks counted from its
    events; ``side`` taking as many tricks as it can, or as few (``fewest``: a misère maker)."""
    side_of = plan_for(g.rules).side_of
    values = []
    for a in g.legal_actions():
        child = g.copy()
        events = child.apply(a)
        v = sum(1 for e in events if isinstance(e, TrickWon) and side_of[e.winner] == side)
        if not any(isinstance(e, HandScored) for e in events):
            v += engine_minimax(child, side, fewest)
        values.append(v)
    return min(values) if (side_of[g.to_move or 0] == side) == fewest else max(values)


@pytest.mark.parametrize("name", builtin_names())
def test_solver_equals_minimax_through_the_engine(name: str) -> None:
    """The positions built from games follow the engine's own rules (a few small positions)."""
    v = load_variant(name)
    rng = random.Random(f"engine {name}")
    done = 0
    while done < 8:
        g = game_in_play(v, rng, limit=LIMIT)
        if g is None:
            continue
        now = actual_state(g)
        if sum(map(len, now.hands)) > 9 + sum(len(h) for s, h in enumerate(now.hands) if now.out[s]):
            continue
        sides, misere = plan_for(g.rules).sides, Deal.of(g).misere
        if misere is None:
            assert solve(g).tricks == tuple(engine_minimax(g, s) for s in range(sides))
        else:  # a misère maker takes as few as it can; with two sides, the others the rest
            few, left = engine_minimax(g, misere, fewest=True), v.tricks_per_hand - len(now.tricks)
            want = tuple(few if s == misere else left - few for s in range(sides))
            assert sides > 2 or solve(g).tricks == want
        done += 1


def test_after_a_completed_trick_the_winner_leads() -> None:
    g = hasenpfeffer_in_play("H")
    p = position(g)
    x = p.hands[0] & -p.hands[0]
    q, winner = after(p, x)
    assert winner is None and q.seat == 1 and q.count == 1
    for _ in range(3):
        h = q.hands[q.seat]
        legal = (h & q.layout.suit_mask[q.led]) or h
        q, winner = after(q, legal & -legal)
    assert winner == 0 and q.seat == 0 and q.count == 0 and q.left == 5 and q.taken == (1, 0)


def test_action_values_are_actions() -> None:
    g = hasenpfeffer_in_play("S")
    assert all(isinstance(a, Action) and a.seat == 0 and a.verb == "play" for a in analyse_moves(g))


def test_the_solver_imports_only_the_layers_below_it() -> None:
    """The solver sits between the engine and the bots: engine, rules and format only."""
    import ast

    folder = ROOT / "core" / "hasenpfeffer" / "solver"
    above = {"bots", "records", "sim", "cli"}
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                layer = (node.module or "").split(".")[0]
                assert node.level == 1 or layer not in above, (path.name, node.module)
            elif isinstance(node, ast.ImportFrom | ast.Import):
                names = (
                    [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                )
                assert not any(n.split(".")[:2] in (["hasenpfeffer", x] for x in above) for n in names)
