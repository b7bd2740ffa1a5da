"""The vector environment against the Python engine, decision by decision.

Random games of every covered built-in and example file are stepped together in the compiled
vector environment, keeping each game's deals, observations, masks, actions and rewards; each
game is then replayed through a Python ``Game`` dealt alike: at every decision the seat to
move and the legal ids must be the same, the observation must be the single-game adapters',
each hand's score change must be the step's rewards, and each game's end its final scores.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer import Game, load_variant
from hasenpfeffer.format.loader import load_variant_data
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.rules.actions import IllegalActionError
from support.paths import ROOT

pytest.importorskip("numba", exc_type=ImportError)  # brings numpy (extra fast)
pytest.importorskip("gymnasium")

import numpy as np

from hasenpfeffer.observe.observation import encoder
from hasenpfeffer.rl.vector import VectorEnv, refusal

FILES = sorted((ROOT / "variants").glob("*.yaml")) + sorted((ROOT / "examples").rglob("*.yaml"))
COVERED = [f for f in FILES if refusal(load_variant(f)) is None]
RARER = {
    "joker-named-at-no-trump": {
        "pack": {"jokers": 1},
        "ranking": {"joker": "highest", "no_trump_joker_led": "leader-names"},
        "deal": {"kitty": {"size": 5}},
        "making": {"no_trump": True, "order_up": {"turned_joker": None}},
        "alone": {"lone_defence": True},
    },
    "one-round-stuck-dealer": {"making": {"order_up": {"rounds": 1}, "all_pass": {"rule": "forced"}}},
    "two-top-trumps-declared": {
        "scoring": {"declarations": [{"name": "bowers", "holding": "top-trumps", "cards": 2, "points": 3}]}
    },
}
"""House rules no shipped file has: a led Joker naming the suit at no-trump and a turned Joker
throwing the hand in; order-up in one round with the dealer stuck; a declaration of the two
highest trumps, held often enough to end many hands."""


Policy = Callable[[VectorEnv, dict[str, Any]], Any]


def run(
    variant: Any, seed: int, games: int, steps: int, policy: Policy | None = None
) -> tuple[VectorEnv, list[list[dict[str, Any]]]]:
    """Step ``games`` games ``steps`` times with random actions (or ``policy``'s); per game, its
    episodes."""
    env = VectorEnv(variant, num_envs=games)
    obs, infos = env.reset(seed=seed)
    episodes: list[list[dict[str, Any]]] = [[] for _ in range(games)]

    def take_deals() -> None:
        for g in range(games):
            for d in env.deals(g):
                if d.pop("new"):
                    episodes[g].append({"deals": [], "steps": [], "end": None})
                episodes[g][-1]["deals"].append(d)

    take_deals()
    seats = infos["to_move"]
    for _ in range(steps):
        actions = env.random_actions() if policy is None else policy(env, obs)
        before = obs
        obs, rewards, terminated, truncated, infos = env.step(actions)
        for g in range(games):
            episodes[g][-1]["steps"].append(
                {
                    "seat": int(seats[g]),
                    "obs": before["observation"][g],
                    "legal": sorted(int(i) for i in np.flatnonzero(before["action_mask"][g])),
                    "action": int(actions[g]),
                    "reward": rewards[g].tolist(),
                    "hands": int(infos["hands_ended"][g]),
                    "ended": bool(terminated[g] or truncated[g]),
                }
            )
            if terminated[g] or truncated[g]:
                info = infos["final_info"]
                episodes[g][-1]["end"] = (
                    int(info["winner"][g]),
                    tuple(int(x) for x in info["scores"][g]),
                    infos["final_obs"]["observation"][g],
                )
        seats = infos["to_move"]
        take_deals()
    return env, episodes


def replay(variant: Any, episode: dict[str, Any], scores: tuple[int, ...] | None) -> int:
    """Replay one game's episode through the Python engine, checking it; the decisions checked."""
    deals = [dict(d) for d in episode["deals"]]
    for d in deals[1:]:
        d.pop("dealer")
    py = Game(variant, deals=deals)
    enc = encoder(variant)
    n = variant.players
    for i, step in enumerate(episode["steps"]):
        where = f"decision {i} ({py!r})"
        seat = py.to_move
        assert seat == step["seat"], where
        assert sorted(py.legal_action_ids()) == step["legal"], where
        want = enc.encode(py.view(seat))
        got = step["obs"]
        assert np.array_equal(got, want), f"{where}: pieces differ " + str(
            [
                p.name
                for p in enc.layout.pieces
                if not np.array_equal(got[p.start : p.stop], want[p.start : p.stop])
            ]
        )
        hands = len(py.hand_results)
        py.apply_id(step["action"])
        change = [0] * n
        for r in py.hand_results[hands:]:
            for q in range(n):
                change[q] += r.score_change[variant.team_of(q)]
        assert change == step["reward"], where
        ended = len(py.hand_results) - hands
        # a game's end counts, in the same step, the next game's hands thrown in at the deal
        assert ended == step["hands"] or (step["ended"] and ended < step["hands"]), where
    if episode["end"] is not None:
        winner, final, last = episode["end"]
        assert py.is_over and py.winner == winner and py.scores == final
        want = enc.encode(py.view(episode["steps"][-1]["seat"]))
        assert np.array_equal(last, want), "the final observation"
    else:
        assert not py.is_over and py.scores == scores
    return len(episode["steps"])


def replayed(
    variant: Any, seed: int, games: int, steps: int, policy: Policy | None = None
) -> tuple[VectorEnv, list[dict[str, Any]], int]:
    """Step the games (:func:`run`) and replay every episode through the Python engine; the
    environment, the episodes of all games, and the decisions checked."""
    env, episodes = run(variant, seed, games, steps, policy)
    checked = 0
    for g, eps in enumerate(episodes):
        for j, ep in enumerate(eps):
            last = j == len(eps) - 1
            checked += replay(variant, ep, tuple(int(x) for x in env.scores[g]) if last else None)
    return env, [ep for eps in episodes for ep in eps], checked


def check(variant: Any, seed: int, games: int, steps: int, policy: Policy | None = None) -> int:
    return replayed(variant, seed, games, steps, policy)[2]


def taken(env: VectorEnv, episodes: list[dict[str, Any]], verb: str) -> int:
    """How many actions of ``verb`` the episodes took."""
    return sum(env.space.keys[step["action"]][0] == verb for ep in episodes for step in ep["steps"])


def test_euchre_steps_as_the_python_engine() -> None:
    assert check(load_variant("euchre"), seed=3, games=16, steps=400) == 16 * 400


@pytest.mark.parametrize("path", COVERED, ids=lambda p: str(Path(p).relative_to(ROOT)))
def test_covered_variants_step_as_the_python_engine(path: Path) -> None:
    assert check(load_variant(path), seed=5, games=6, steps=150) == 6 * 150


@pytest.mark.parametrize("name", ["euchre-laps", "euchre-match-of-three", "euchre-skunk-counts-double"])
def test_matches_end_as_in_python(name: str) -> None:
    """A match is one episode: its games won start the next from 0 (laps carrying points), and
    it ends when a side has won it, as the Python engine plays it."""
    variant = load_variant(ROOT / "examples" / "house-rules" / f"{name}.yaml")
    episodes = replayed(variant, seed=2, games=3, steps=1500)[1]
    ended = sum(ep["end"] is not None for ep in episodes)
    assert ended >= 1


def test_the_dealer_names_a_turned_joker_s_suit_as_in_python() -> None:
    """A turned Joker waits for the dealer to name the suit it proposes (in the order-up phase),
    and the named suit is seen in the ``proposed`` piece, as the Python engine plays it."""
    variant = load_variant(ROOT / "examples/house-rules/euchre-turned-joker-dealer-names.yaml")
    env, episodes, _ = replayed(variant, seed=4, games=8, steps=500)
    named = taken(env, episodes, "suit")
    assert named >= 1


@pytest.mark.parametrize("name", ["euchre-farmers-hand", "euchre-going-under", "euchre-nines-and-tens"])
def test_weak_hands_are_offered_as_in_python(name: str) -> None:
    """A seat dealt a weak hand is asked (a redeal or a swap with the kitty, or pass) and the
    hand goes on as the Python engine plays it."""
    variant = load_variant(ROOT / "examples" / "house-rules" / f"{name}.yaml")
    env, episodes, _ = replayed(variant, seed=6, games=8, steps=400)
    offered = sum(
        env.space.keys[i][0] in ("redeal", "swap")
        for ep in episodes
        for step in ep["steps"]
        for i in step["legal"]
    )
    assert offered >= 1


@pytest.mark.parametrize("name", ["railroad-euchre", "examples/house-rules/railroad-euchre-to-5.yaml"])
def test_a_lone_player_exchanges_as_in_python(name: str) -> None:
    """A lone player's partners give their cards (their best where the variant says), the lone
    player gives as many back, each seat seeing another's gift without its card."""
    variant = load_variant(name if name.endswith("euchre") else ROOT / name)
    env, episodes, _ = replayed(variant, seed=7, games=8, steps=500)
    gifts = taken(env, episodes, "give")
    assert gifts >= 4


@pytest.mark.parametrize("name", sorted(RARER))
def test_rarer_rules_step_as_the_python_engine(name: str) -> None:
    variant = load_variant_data({"extends": "euchre", "name": name, **RARER[name]})
    assert refusal(variant) is None
    assert check(variant, seed=7, games=8, steps=300) == 8 * 300


@pytest.mark.parametrize("name", ["buck-euchre", "examples/house-rules/buck-euchre-25.yaml"])
def test_players_drop_out_as_in_python(name: str) -> None:
    """Once trump is made, each other seat from the maker's left stays in or drops out and sits
    the hand out; a side that stayed in and took no trick is bucked; each seat scores alone."""
    variant = load_variant(name if name.endswith("euchre") else ROOT / name)
    env, episodes, _ = replayed(variant, seed=9, games=8, steps=400)
    dropped = taken(env, episodes, "drop")
    assert dropped >= 3


@pytest.mark.parametrize("name", ["double-hasenpfeffer", "double-hasenpfeffer-6"])
def test_packs_of_copies_step_as_in_python(name: str) -> None:
    """With two copies of each card, each distinct card held is one action and the observation
    counts copies as a fraction of them, as the Python engine encodes it."""
    variant = load_variant(name)
    episodes = replayed(variant, seed=10, games=6, steps=400)[1]
    both = sum(len(set(h)) < len(h) for ep in episodes for d in ep["deals"] for h in d["hands"])
    assert both >= 1  # a seat dealt both copies of a card


def test_a_declared_set_ends_the_hand_as_in_python() -> None:
    """Before the first lead, the seats in play from the dealer's left are asked about a set they
    hold; a set declared ends the hand, scored at once for its holder's side."""
    name = "two-top-trumps-declared"
    variant = load_variant_data({"extends": "euchre", "name": name, **RARER[name]})
    env, episodes, _ = replayed(variant, seed=8, games=8, steps=400)
    declared = taken(env, episodes, "declare")
    assert declared >= 3


def joker_led_at_no_trump(env: VectorEnv, obs: dict[str, Any]) -> Any:
    """Everyone passes the turned card, no-trump is named, the Joker is led: the suit is named."""
    names = env.space.names
    prefer = [i for i, x in enumerate(names) if x.startswith("trump NT")]
    prefer += [names.index("pass"), names.index("play JK")]
    actions = env.random_actions()
    for g in range(env.num_envs):
        for i in prefer:
            if obs["action_mask"][g, i]:
                actions[g] = i
                break
    return actions


def test_a_led_joker_names_the_suit_as_in_python() -> None:
    variant = load_variant_data({"extends": "euchre", "name": "j", **RARER["joker-named-at-no-trump"]})
    env, episodes = run(variant, 3, 4, 60, joker_led_at_no_trump)
    suits = [i for i, x in enumerate(env.space.names) if x.startswith("suit ")]
    assert any(s["action"] in suits for ep in episodes for e in ep for s in e["steps"])
    assert check(variant, 3, 4, 150, joker_led_at_no_trump) == 4 * 150


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40))
def test_any_seed_steps_as_the_python_engine(seed: int) -> None:
    assert check(load_variant("euchre"), seed=seed, games=4, steps=120) == 4 * 120


def test_an_illegal_action_changes_nothing() -> None:
    env = VectorEnv("euchre", num_envs=3)
    obs, _ = env.reset(seed=2)
    actions = env.random_actions()
    bad = actions.copy()
    bad[1] = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    state = {k: v.copy() for k, v in env.a.items()}
    with pytest.raises(IllegalActionError, match="game 1: not a legal id"):
        env.step(bad)
    with pytest.raises(IllegalActionError):
        env.step(np.array([-1, 0, 0]))
    assert all(np.array_equal(state[k], v) for k, v in env.a.items())
    env.step(actions)


def test_the_same_seed_steps_the_same_games() -> None:
    a, b = VectorEnv("euchre", num_envs=5), VectorEnv("euchre", num_envs=5)
    oa, _ = a.reset(seed=9)
    ob, _ = b.reset(seed=9)
    for _ in range(60):
        assert np.array_equal(oa["observation"], ob["observation"])
        oa, ra, *_ = a.step(a.random_actions())
        ob, rb, *_ = b.step(b.random_actions())
        assert np.array_equal(ra, rb)


def test_games_end_and_start_again() -> None:
    env = VectorEnv("euchre", num_envs=8, max_hands=2)
    env.reset(seed=4)
    ended = 0
    for _ in range(200):
        _, _, terminated, truncated, infos = env.step(env.random_actions())
        if (terminated | truncated).any():
            ended += int((terminated | truncated).sum())
            assert set(infos["final_info"]["hands"][terminated | truncated]) <= {1, 2}
            assert (infos["final_obs"]["observation"][terminated | truncated].sum(axis=1) > 0).all()
    assert ended > 0


@pytest.mark.parametrize(
    ("name", "line"),
    [
        (
            Variant(name="x", deal={"dummies": {"seats": [2]}}),
            "the vector environment does not cover deal.dummies",
        ),
        (
            Variant(name="x", pack={"jokers": 2}, deal={"kitty": {"size": 6}}),
            "the vector environment does not cover pack.jokers",
        ),
    ],
)
def test_uncovered_variants_are_refused_in_one_line(name: str, line: str) -> None:
    with pytest.raises(ValueError, match=f"^{line.replace('(', '[(]').replace(')', '[)]')}$"):
        VectorEnv(name, num_envs=1)
