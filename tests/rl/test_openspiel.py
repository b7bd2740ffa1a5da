"""The OpenSpiel game ``python_hasenpfeffer``: OpenSpiel's random-simulation checks, the game
type, observations, information-set sampling, and the legal actions and returns of
``euchre-openspiel-lone-defender`` against OpenSpiel's own ``euchre``, decision by decision."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import hasenpfeffer.rl.openspiel  # noqa: E402, F401
from hasenpfeffer.format.loader import builtin_names, load_variant  # noqa: E402
from support.openspiel_euchre import ALONE, PARTNER, PASS, SUITS, card_text  # noqa: E402
from support.paths import HOUSE_RULES  # noqa: E402

LONE_DEFENDER = str(HOUSE_RULES / "euchre-openspiel-lone-defender.yaml")


def load(variant: str, **params: Any) -> Any:
    return pyspiel.load_game("python_hasenpfeffer", {"variant": variant, **params})


@pytest.mark.parametrize("name", builtin_names())
def test_openspiel_random_simulations_with_serialization(name: str) -> None:
    pyspiel.random_sim_test(load(name), num_sims=4, serialize=True, verbose=False)
    pyspiel.random_sim_test(
        load(name, episode="game", max_hands=3), num_sims=1, serialize=True, verbose=False
    )


@pytest.mark.parametrize(
    "name", ["two-handed-euchre-dummy", "two-handed-euchre-kitty-dummy", "three-handed-euchre-dummy"]
)
def test_openspiel_random_simulations_with_dummies_taken_into_hand(name: str) -> None:
    """A dummy never deals (chance draws no dummy as the first dealer), a dummy of each hand's
    maker wins nothing (the returns of two sides still sum to zero), and a dummy dealt its own
    hand size is dealt so by chance."""
    path = str(HOUSE_RULES / f"{name}.yaml")
    game, dummies = load(path), load_variant(path).deal.dummies
    dealers = [q for q, _ in game.new_initial_state().chance_outcomes()]
    assert dealers and not any(dummies.is_dummy(q) for q in dealers)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_game_type_follows_the_variant() -> None:
    euchre, three = load("euchre"), load("three-handed-euchre", episode="game", max_hands=5)
    kind = pyspiel.GameType
    assert euchre.get_type().utility == kind.Utility.ZERO_SUM and euchre.utility_sum() == 0
    assert euchre.get_type().reward_model == kind.RewardModel.TERMINAL
    assert euchre.get_type().chance_mode == kind.ChanceMode.EXPLICIT_STOCHASTIC
    assert euchre.get_type().information == kind.Information.IMPERFECT_INFORMATION
    assert euchre.get_type().dynamics == kind.Dynamics.SEQUENTIAL
    assert (euchre.min_utility(), euchre.max_utility(), euchre.max_chance_outcomes()) == (-4, 4, 24)
    assert three.get_type().utility == kind.Utility.GENERAL_SUM and three.num_players() == 3
    assert three.get_type().reward_model == kind.RewardModel.REWARDS
    assert (three.min_utility(), three.max_utility()) == (-1, 15)
    assert load("hasenpfeffer").num_distinct_actions() == 66
    with pytest.raises(Exception, match="episode"):
        load("euchre", episode="set")


def test_observation_and_information_state() -> None:
    game = load("euchre")
    state = game.new_initial_state()
    for a in [3, *range(24), PASS_ID]:
        state.apply_action(a)
    assert state.current_player() == 1
    assert len(state.observation_tensor(1)) == 636 == game.observation_tensor_size()
    assert game.information_state_tensor_size() == 636 + 5 * 4 * 28
    assert state.information_state_string(1) == "|hand 1 dealer 3: AC 9D TD JD QD turned JS|0 pass"
    assert state.information_state_string(2) == "|hand 1 dealer 3: KD AD 9H TH JH turned JS|0 pass"
    assert "hand AC 9D TD JD QD" in state.observation_string(1)
    clone = state.clone()
    clone.apply_action(PASS_ID)
    assert state.history() != clone.history() and state.current_player() == 1


PASS_ID = 48


@pytest.mark.parametrize(
    "name", ["euchre", "hasenpfeffer", "railroad-euchre", "double-hasenpfeffer", "five-hundred"]
)
def test_resampled_states_keep_the_information_state(name: str) -> None:
    game = load(name)
    rng = random.Random(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            player = state.current_player()
            if rng.random() < 0.2:
                other = state.resample_from_infostate(player, sampler)
                assert other.information_state_string(player) == state.information_state_string(player)
                assert other.legal_actions() == state.legal_actions()
                assert other.observation_tensor(player) == state.observation_tensor(player)
            state.apply_action(rng.choice(state.legal_actions()))


def test_a_game_given_by_path_serializes() -> None:
    game = load(LONE_DEFENDER, episode="game", max_hands=2)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert str(again_game) == str(game) and str(again) == str(state) and again.history() == state.history()


# --------------------------------------------------------------------------- against OpenSpiel's euchre


def our_id(space_names: tuple[str, ...], text: str) -> int:
    return space_names.index(text)


def test_legal_actions_and_returns_agree_with_openspiel_euchre() -> None:
    theirs_game = pyspiel.load_game("euchre", {"stick_the_dealer": True, "allow_lone_defender": True})
    ours_game = load(LONE_DEFENDER)
    rng = random.Random(20261201)
    hands = 300
    for _ in range(hands):
        theirs, ours = theirs_game.new_initial_state(), ours_game.new_initial_state()
        dealer = rng.randrange(4)
        deck = list(range(24))
        rng.shuffle(deck)
        theirs.apply_action(dealer)
        for c in deck[:21]:
            theirs.apply_action(c)
        seats: list[list[str]] = [[] for _ in range(4)]
        for i, c in enumerate(deck[:20]):
            seats[(dealer + i) % 4].append(card_text(c))
        names = ours.table.names
        ours.apply_action(dealer)
        for text in [c for hand in seats for c in hand] + [card_text(c) for c in deck[20:]]:
            ours.apply_action(names.index(text))
        space = ours.table.space.names
        alone = False
        while not theirs.is_terminal():
            player, phase = theirs.current_player(), theirs.current_phase().name
            if phase == "GO_ALONE" and theirs.declarer_go_alone() is None:
                theirs.apply_action(ALONE if alone else PARTNER)  # given with the order-up or trump
                continue
            assert ours.current_player() == player
            mine = {space[a] for a in ours.legal_actions()}
            mapped: set[str] = set()
            for a in theirs.legal_actions():
                if a in (PASS, PARTNER):
                    mapped.add("pass")
                elif a == ALONE:
                    mapped.add("alone")
                elif 25 <= a <= 28:
                    verb = "order-up" if theirs.num_passes() < 4 else f"trump {SUITS[a - 25]}"
                    mapped |= {verb, f"{verb} alone"}
                else:
                    mapped.add(("discard " if phase == "DISCARD" else "play ") + card_text(a))
            if phase == "DISCARD":  # ours also lets the dealer lay away the turned card itself
                assert mapped <= mine and len(mine - mapped) <= 1
            else:
                assert mine == mapped, (phase, sorted(mine), sorted(mapped))
            a = rng.choice(theirs.legal_actions())
            if a in (PASS, PARTNER):
                text = "pass"
            elif a == ALONE:
                text = "alone"
            elif 25 <= a <= 28:
                alone = rng.random() < 0.3
                verb = "order-up" if theirs.num_passes() < 4 else f"trump {SUITS[a - 25]}"
                text = verb + (" alone" if alone else "")
            else:
                text = ("discard " if phase == "DISCARD" else "play ") + card_text(a)
            theirs.apply_action(a)
            ours.apply_action(our_id(space, text))
        assert ours.is_terminal() and ours.returns() == theirs.returns()


def test_our_bots_play_as_openspiel_bots_against_its_own() -> None:
    """``BotPlayer`` sets any of our bots (here the shipped learned euchre policy) against
    OpenSpiel's uniform random bot with ``evaluate_bots``: over 40 hands the learned side takes
    most of the points, and a policy of another variant is refused at its first move."""
    import numpy as np
    from open_spiel.python.algorithms import evaluate_bots

    from hasenpfeffer.rl.openspiel import BotPlayer
    from support.paths import ROOT

    policy = f"learned:{ROOT / 'policies' / 'euchre.policy'}"
    game = pyspiel.load_game("python_hasenpfeffer", {"variant": "euchre"})
    rng = np.random.RandomState(5)
    total = np.zeros(4)
    for _ in range(40):
        bots = [
            BotPlayer(policy, 0),
            pyspiel.make_uniform_random_bot(1, 7),
            BotPlayer(policy, 2),
            pyspiel.make_uniform_random_bot(3, 8),
        ]
        total += evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert total[0] == total[2] and total[0] > 20 and total[0] + total[1] == 0
    other = pyspiel.load_game("python_hasenpfeffer", {"variant": "hasenpfeffer"})
    with pytest.raises(ValueError, match="trained on euchre, not hasenpfeffer"):
        evaluate_bots.evaluate_bots(other.new_initial_state(), [BotPlayer(policy, s) for s in range(4)], rng)
