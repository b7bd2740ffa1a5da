"""The learned bot and its policy file: data only, checked on reading, refused where it does not fit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("safetensors")

import numpy as np
from safetensors.numpy import load_file, save_file

from hasenpfeffer import Game, load_variant
from hasenpfeffer.bots import learned
from hasenpfeffer.bots.learned import (
    LearnedBot,
    Policy,
    PolicyError,
    fingerprint,
    fingerprints,
    first_fingerprint,
    load_policy,
    save_policy,
)
from hasenpfeffer.bots.registry import load_bot
from hasenpfeffer.cli import main
from hasenpfeffer.format.loader import load_variant_data
from hasenpfeffer.sim.simulate import play_game
from support.paths import HOUSE_RULES, ROOT

EUCHRE = load_variant("euchre")


def write(tmp_path: Path, variant=EUCHRE, name: str = "p.policy", **kw) -> Path:
    path = tmp_path / name
    save_policy(path, Policy.initial(variant, kw.pop("hidden", (8,)), kw.pop("seed", 1)))
    return path


def test_a_policy_file_round_trips(tmp_path: Path) -> None:
    policy = Policy.initial(EUCHRE, (8, 4), seed=3)
    path = tmp_path / "e.policy"
    save_policy(path, policy)
    back = load_policy(path)
    assert back.header == policy.header
    assert back.header["variant"] == "euchre" and back.header["fingerprint"] == fingerprint(EUCHRE)
    assert back.header["observation"]["size"] == 636 and len(back.header["actions"]) == 59
    assert [w.shape for w, _ in back.policy] == [(636, 8), (8, 4), (4, 59)]
    assert [w.shape for w, _ in back.value] == [(636, 8), (8, 4), (4, 1)]
    for (a, b), (c, d) in zip(policy.policy + policy.value, back.policy + back.value, strict=True):
        assert np.array_equal(a, c) and np.array_equal(b, d)
    assert not list(tmp_path.glob("*.part"))  # written whole, then renamed


def test_the_bot_plays_the_legal_id_scored_highest(tmp_path: Path) -> None:
    """A policy whose only opinion is its last bias: pass 10, order-up 5, the rest 0. In
    euchre's first round the bot passes, or orders up where it may not pass; four such bots
    pass every hand in (euchre throws it in)."""
    policy = Policy.initial(EUCHRE, (4,), seed=1)
    space = Game(EUCHRE, seed=1).action_space
    layers = [(np.zeros_like(w), np.zeros_like(b)) for w, b in policy.policy]
    bias = np.zeros(space.size, np.float32)
    bias[space.encode("pass")] = 10.0
    bias[space.encode("order-up")] = 5.0
    layers[-1] = (layers[-1][0], bias)
    path = tmp_path / "pass.policy"
    save_policy(path, Policy(policy.header, tuple(layers), policy.value))
    bot = load_bot(f"learned:{path}", 7)
    game = Game(EUCHRE, seed=5)
    view = game.view(game.to_move)
    assert str(bot.choose(view, view.legal)).endswith("pass")
    passing = [a for a in view.legal if a.verb != "pass"]
    assert bot.choose(view, passing).verb == "order-up"
    game = play_game(EUCHRE, [f"learned:{path}"] * 4, seed=3, max_hands=3)
    assert len(game.hand_results) == 3 and game.scores == (0, 0)  # all pass: each hand thrown in


def test_whole_games_with_a_learned_bot_are_legal_and_repeat(tmp_path: Path) -> None:
    path = write(tmp_path, hidden=(16,))
    bots = [f"learned:{path}", "greedy"] * 2
    one, two = play_game(EUCHRE, bots, seed=11), play_game(EUCHRE, bots, seed=11)
    assert one.is_over and one.hand_results == two.hand_results and one.scores == two.scores


def eleven(tmp_path: Path) -> Path:
    """Euchre to 11: the same observation and actions, other rules."""
    path = tmp_path / "euchre-11.yaml"
    path.write_text("name: euchre-11\nextends: euchre\ngame:\n  target: 11\n")
    return path


def test_a_policy_for_another_variant_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path)
    with pytest.raises(PolicyError, match="trained on euchre, not hasenpfeffer: its observation has 636"):
        LearnedBot(1, str(path)).check(load_variant("hasenpfeffer"))
    with pytest.raises(
        PolicyError, match="not no-going-alone: its observation has 636 numbers, this variant's 776"
    ):
        LearnedBot(1, str(path)).check(load_variant(HOUSE_RULES / "no-going-alone.yaml"))
    policy = load_policy(path)
    moved = Policy({**policy.header, "actions": policy.header["actions"][::-1]}, policy.policy, policy.value)
    with pytest.raises(PolicyError, match=r"^the policy: its actions differ from this variant's$"):
        moved.check(EUCHRE)


def test_same_layout_other_rules_refused_unless_foreign(tmp_path: Path) -> None:
    other = load_variant(eleven(tmp_path))
    assert learned.signature(other)["observation"] == learned.signature(EUCHRE)["observation"]
    path = write(tmp_path)
    with pytest.raises(PolicyError, match=r"the rules differ \(fingerprint .*learned:FILE:foreign"):
        load_bot(f"learned:{path}").check(other)
    load_bot(f"learned:{path}:foreign").check(other)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda t, m: (t, {"header": "not json"}), "not a policy file"),
        (
            lambda t, m: (t, {**m, "header": json.dumps({**json.loads(m["header"]), "format": "x"})}),
            "format is not",
        ),
        (
            lambda t, m: (t, {**m, "header": json.dumps({**json.loads(m["header"]), "version": 99})}),
            "version 99",
        ),
        (
            lambda t, m: ({k: v for k, v in t.items() if k != "policy.1.weight"}, m),
            "policy.1 does not follow",
        ),
        (lambda t, m: ({**t, "value.0.weight": t["value.0.weight"][:5]}, m), "value.0 does not follow"),
        (lambda t, m: ({**t, "policy.0.bias": t["policy.0.bias"].astype("float64")}, m), "not float32"),
    ],
)
def test_a_damaged_file_is_refused_with_its_name(tmp_path: Path, damage, message: str) -> None:
    path = write(tmp_path)
    tensors = load_file(path)
    from safetensors import safe_open

    with safe_open(str(path), framework="numpy") as f:
        meta = f.metadata()
    tensors, meta = damage(tensors, meta)
    bad = tmp_path / "bad.policy"
    save_file(tensors, str(bad), metadata=meta)
    with pytest.raises(PolicyError, match=f"bad.policy: .*{message}"):
        load_policy(bad)


def test_not_a_policy_file_and_too_big(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    junk = tmp_path / "junk.policy"
    junk.write_bytes(b"\x80\x04\x95 a pickle, say" * 10)
    with pytest.raises(PolicyError, match=r"junk\.policy: not a policy file"):
        load_policy(junk)
    monkeypatch.setattr(learned, "MAX_BYTES", 100)
    path = write(tmp_path, name="big.policy")
    with pytest.raises(PolicyError, match="more than a policy file's 100"):
        load_policy(path)
    with pytest.raises(PolicyError, match="No such file"):
        load_bot("learned:" + str(tmp_path / "none.policy"))
    with pytest.raises(PolicyError, match="give the policy file"):
        load_bot("learned:")


def test_the_commands_take_a_learned_bot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path)
    args = ["--games", "4", "--seed", "2", "--engine", "python", "--json"]
    assert main(["simulate", "euchre", "--bots", f"learned:{path},greedy", *args]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4
    assert main(["simulate", "hasenpfeffer", "--bots", f"learned:{path}", *args]) == 2
    assert "trained on euchre, not hasenpfeffer" in capsys.readouterr().err
    rule = str(eleven(tmp_path))
    assert main(["compare", "euchre", rule, "--bots", f"learned:{path}", *args[:4]]) == 2
    assert "the rules differ" in capsys.readouterr().err
    assert main(["compare", "euchre", rule, "--bots", f"learned:{path}:foreign", *args[:4]]) == 0


def test_pimc_takes_its_making_from_a_learned_policy(tmp_path: Path) -> None:
    """``pimc:bidding=FILE``: every decision but the card play is the policy's. With the
    passing policy of the test above, pimc passes where greedy-backed pimc orders up, and
    still plays its cards by solving worlds."""
    policy = Policy.initial(EUCHRE, (4,), seed=1)
    space = Game(EUCHRE, seed=1).action_space
    layers = [(np.zeros_like(w), np.zeros_like(b)) for w, b in policy.policy]
    bias = np.zeros(space.size, np.float32)
    bias[space.encode("pass")] = 10.0
    layers[-1] = (layers[-1][0], bias)
    path = tmp_path / "pass.policy"
    save_policy(path, Policy(policy.header, tuple(layers), policy.value))
    bot = load_bot(f"pimc:worlds=4:making=4:bidding={path}", 3)
    assert bot.worlds == 4 and bot.bidding is not None
    game = Game(EUCHRE, seed=5)
    view = game.view(game.to_move)
    assert bot.choose(view, view.legal).verb == "pass"
    game = play_game(EUCHRE, [f"pimc:worlds=2:making=2:bidding={path}"] * 4, seed=3, max_hands=2)
    assert len(game.hand_results) == 2 and game.scores == (0, 0)  # every hand passed in
    with pytest.raises(PolicyError, match="trained on euchre, not hasenpfeffer"):
        load_bot(f"pimc:bidding={path}").check(load_variant("hasenpfeffer"))
    with pytest.raises(PolicyError, match="No such file"):
        load_bot("pimc:worlds=4:bidding=none.policy")


SHIPPED = sorted((HOUSE_RULES.parents[1] / "policies").glob("*.policy"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_policy_fits_its_variant_and_names_its_command(path: Path) -> None:
    """A change to an observation layout, the actions or the rules of a built-in fails here
    until its shipped policy is trained again."""
    policy = load_policy(path)
    header, training = policy.header, policy.header["training"]
    source = training["command"].split()[2]  # hasenpfeffer train VARIANT ...
    variant = load_variant(source if "/" not in source else str(HOUSE_RULES.parents[1] / source))
    policy.check(variant)
    assert header["variant"] == variant.name and f"--seed {training['seed']}" in training["command"]
    assert 0 < header["evaluation"]["won"] <= 1 and path.stat().st_size < 5 << 20  # a few MB at most


def test_a_field_the_format_gains_leaves_the_fingerprints_and_the_shipped_files_fit() -> None:
    euchre = load_variant("euchre")
    # only the fields away from their defaults count: writing a default changes nothing
    same = load_variant_data(
        {"extends": "euchre", "name": "euchre", "making": {"order_up": {"failed_suit_barred": False}}}
    )
    assert fingerprint(same) == fingerprint(euchre) != fingerprint(load_variant("hasenpfeffer"))
    # the shipped files recorded the first kind, of every field the format had then
    recorded = load_policy(ROOT / "policies" / "euchre.policy").header["fingerprint"]
    assert first_fingerprint(euchre) == recorded == "150850e80af8399c"
    assert fingerprints(euchre) == {fingerprint(euchre), recorded}
    # a variant that sets a field added since is other rules: the file does not fit it
    wacky = load_variant(HOUSE_RULES / "euchre-wacky-suits.yaml")
    assert first_fingerprint(wacky) is None and fingerprints(wacky) == {fingerprint(wacky)}
    with pytest.raises(PolicyError, match=r"the rules differ"):
        load_policy(ROOT / "policies" / "euchre.policy").check(wacky)
