"""The statistics of compiled games counted over arrays, a batch at a time (``count_batch``), are
those counted hand by hand through ``Stats.add_results`` (``count_each``): every counter, every
game's values of every figure, and the cross sums of two variants over the same seeds."""

from __future__ import annotations

from pathlib import Path

import pytest

from hasenpfeffer import load_variant
from hasenpfeffer.format.loader import builtin_names
from hasenpfeffer.format.variant import Declaration
from hasenpfeffer.sim.figures import Cross, add_cross
from hasenpfeffer.sim.stats import Stats

pytest.importorskip("numba", exc_type=ImportError)

from hasenpfeffer.sim.arrayfigures import add_batch_cross
from hasenpfeffer.sim.arraystats import count_batch
from hasenpfeffer.sim.compiled import count_each, play_batch

HOUSE = Path(__file__).parents[2] / "examples" / "house-rules"
SEEDS = range(150)  # games 74 and 138 of euchre-nines-and-tens deal nines and tens


def seen(s: Stats) -> dict[str, object]:
    """What the examples are chosen to show, by name."""
    kinds = [k for k, o in s.kinds.items() if o.tried]
    return {
        "weak hands": s.weak_hands,
        "declarations": s.declarations,
        "drop-outs and bucks": s.drop_outs and s.bucks and s.short_hands,
        "laps": s.happened.get("laps carried"),
        "match games": s.happened.get("match games"),
        "misère and slams": any(k.endswith("misere") for k in kinds) and s.slams,
        "contracts by kind": kinds,
        "played out": s.played_out,
        "lone defence": s.lone_defence.tried,
        "a defeated bid's win": s.happened.get("won on a defeated bid"),
        "turned trump": s.happened.get("turned trump at once"),
        "turned Joker": s.happened.get("turned Joker, suit named by the dealer"),
    }


EXAMPLES = {
    "euchre-nines-and-tens": "weak hands",  # a redeal
    "euchre-farmers-hand": "weak hands",  # a swap with the kitty
    "euchre-going-under": "weak hands",
    "euchre-jamboree": "declarations",
    "buck-euchre-25": "drop-outs and bucks",
    "euchre-laps": "laps",
    "euchre-match-of-three": "match games",
    "euchre-skunk-counts-double": "match games",
    "five-hundred-misere-after-seven": "misère and slams",  # and lose_at
    "five-hundred-all-pass-no-trump": "played out",
    "cincinnati-moons": "contracts by kind",
    "jambone": "contracts by kind",
    "must-bid-out": "lone defence",
    "pepper-win-on-defeated-bid": "a defeated bid's win",  # and must bid out
    "euchre-dirty-clubs": "turned trump",
    "euchre-turned-joker-dealer-names": "turned Joker",
    "euchre-lone-defence": "lone defence",
}


def same_counts(name: str, games: int = len(SEEDS), bots: tuple[str, ...] = ()) -> Stats:
    """Count a batch of ``name`` both ways, check every count and every game's values alike."""
    path = HOUSE / f"{name}.yaml"
    variant = load_variant(path if path.exists() else name)
    if name == "euchre-jamboree":  # its five highest trumps are seldom dealt: a short set is declared often
        sets = (Declaration(name="bowers", cards=2, points=3), *variant.scoring.declarations)
        variant = variant.model_copy(
            update={"scoring": variant.scoring.model_copy(update={"declarations": sets})}
        )
    batch = play_batch(variant, SEEDS[:games], max_hands=60, bots=bots)
    by_arrays, by_hands = Stats(sides=len(variant.teams)), Stats(sides=len(variant.teams))
    values = count_batch(by_arrays, batch)
    for g, game in enumerate(count_each(by_hands, batch)):
        arrays = {k: (int(x[g]), int(y[g])) for k, (x, y) in values.items() if x[g] or y[g]}
        assert arrays == {k: v for k, v in game.items() if v != (0, 0)}, (name, g)
    assert by_arrays.raw() == by_hands.raw()
    assert by_arrays == by_hands
    return by_arrays


SHORT_GAMES = ("five-hundred-2", "five-hundred-6")


@pytest.mark.parametrize("name", builtin_names())
def test_builtins_count_alike_over_arrays_and_hand_by_hand(name: str) -> None:
    stats = same_counts(name)
    # random seats at Five Hundred for two or six bid so high that most games end on the first hand
    assert stats.hands > stats.games or (name in SHORT_GAMES and stats.hands == stats.games > 0)


@pytest.mark.parametrize("name", ["euchre", "hasenpfeffer", "five-hundred", "buck-euchre"])
def test_greedy_games_count_alike_over_arrays_and_hand_by_hand(name: str) -> None:
    players = load_variant(name).players
    same_counts(name, 60, ("greedy", *("random",) * (players - 1)))


@pytest.mark.parametrize("name", EXAMPLES)
def test_house_rules_count_alike_over_arrays_and_hand_by_hand(name: str) -> None:
    greedy = name.startswith("five-hundred")  # random bots bid too high, lose at once and never pass
    stats = same_counts(name, 60, ("greedy",) * 4) if greedy else same_counts(name)
    assert seen(stats)[EXAMPLES[name]], f"{name} shows no {EXAMPLES[name]}"


def test_cross_sums_over_arrays_are_those_of_the_games() -> None:
    seeds = range(80)
    a, b = (play_batch(load_variant(n), seeds, max_hands=60) for n in ("euchre", "railroad-euchre"))
    by_arrays: dict[str, Cross] = {}
    add_batch_cross(by_arrays, count_batch(Stats(sides=2), a), count_batch(Stats(sides=2), b))
    by_games: dict[str, Cross] = {}
    for x, y in zip(count_each(Stats(sides=2), a), count_each(Stats(sides=2), b), strict=True):
        add_cross(by_games, x, y)
    assert by_arrays == by_games and by_games
