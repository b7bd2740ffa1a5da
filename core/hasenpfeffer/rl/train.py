"""``hasenpfeffer train``: a policy for any variant the vector environment plays, learned on the CPU.

The first ``imitate`` *updates* learn the greedy bot's choices (the compiled greedy bot plays
every seat, and the policy learns to choose as it advises its side, and the value the margins
its hands end with); every later update plays ``steps`` decisions in every game of every
source (:mod:`.rollout`: the policy against itself, and against the compiled greedy bot), then
takes PPO's steps (:mod:`.ppo`) over the decisions whose hands have ended. Every ``eval_every`` updates the policy
plays whole games against greedy on a fixed set of deals, half from each side (the learned
bot's choice: the legal id scored highest), and the file is written: weights, Adam's state, the
settings, the progress and the learning curve, and beside it ``FILE.state`` (the same with the
value network and Adam's state, :func:`state_path`), so that a run stopped (Ctrl-C, or its
minutes used) goes on with ``--resume``; a policy file without its state resumes with the value
and Adam started afresh. A run bounded by ``updates`` is the same run from the same seed
on the same machine; ``minutes`` stops it early wherever it is.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..bots.learned import Policy, load_policy, save_policy
from ..bots.registry import is_learned
from ..format.variant import Variant
from .ppo import Hyper, Learner, act, best, policy_of
from .rollout import REWARDS, Buffer, sources
from .seatvector import SeatVectorEnv

CHANGEABLE = (
    "seed",
    "imitate",
    "opponents",
    "games",
    "steps",
    "hidden",
    "eval_games",
    "eval_every",
    "reward",
)
"""The settings a resumed run may be given anew (all but ``hidden``, which the file's network
fixes, change from there on)."""
OPPONENTS = ("self", "greedy", "random")
"""Who the learner plays in training: itself, or a compiled bot (or a policy file's, ``learned:FILE``)."""


@dataclass(frozen=True)
class Settings:
    """A training run's settings, written into the policy file."""

    seed: int = 1
    updates: int = 1500
    imitate: int = 300
    minutes: float | None = None
    opponents: tuple[str, ...] = ("self", "greedy")
    games: int = 256
    steps: int = 16
    hidden: tuple[int, ...] = (256, 256)
    epochs: int = 4
    minibatch: int = 2048
    eval_games: int = 400
    eval_every: int = 50
    reward: str = "hand"
    """What a decision is credited with: its hand's margin (``hand``) or its game's result
    (``game``: 1 won, -1 lost; :mod:`.rollout`)."""
    hyper: Hyper = field(default_factory=Hyper)

    def check(self) -> None:
        """ValueError for a setting out of range."""
        if not self.opponents or any(o not in OPPONENTS and not is_learned(o) for o in self.opponents):
            raise ValueError(
                f"opponents must be among {', '.join(OPPONENTS)} or learned:FILE, read {','.join(self.opponents)}"
            )
        if self.imitate < 0:
            raise ValueError("imitate must be 0 or more")
        if self.reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, read {self.reward}")
        for name in ("updates", "games", "steps", "epochs", "minibatch", "eval_games", "eval_every"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be 1 or more")
        if not self.hidden or min(self.hidden) < 1 or len(self.hidden) > 6:
            raise ValueError("hidden must be 1 to 6 layer widths, each 1 or more")


@dataclass
class Progress:
    """Where a run stands: written to the file, shown as it goes."""

    updates: int = 0
    decisions: int = 0
    games: int = 0
    seconds: float = 0.0
    curve: list[list[float]] = field(default_factory=list)
    """``[minutes, games, share of games won against greedy]`` at each evaluation."""
    interrupted: bool = False
    """Stopped by Ctrl-C (SIGINT) before its last update."""
    stages: list[str] = field(default_factory=list)
    """The commands of the run's earlier stages, each as far as it went, where a resume changed
    its settings (run them in order, each after the first with ``--resume``, then ``command``)."""


def win_share(policy_params: Any, variant: Variant, games: int, seed: int) -> float:
    """The share of ``games`` whole games against greedy won by the policy's side, its best
    legal id at each decision: half the games from each of the first two sides, on the same
    deals whatever the policy."""
    sides = min(2, len(variant.teams))
    won, played = 0, 0
    for side in range(sides):
        n = games // sides
        env = SeatVectorEnv(
            variant, num_envs=n, seat=side, side=True, opponents="greedy", episode="game", reward="game"
        )
        obs, info = env.reset(seed=seed)
        mask = info["action_mask"]
        done = np.zeros(n, bool)
        while not done.all():
            ids = np.asarray(best(policy_params, obs, mask))
            obs, rewards, term, trunc, info = env.step(ids)
            mask = info["action_mask"]
            ended = (term | trunc) & ~done
            won += int((rewards[ended] > 0).sum())
            done |= ended
        played += n
    return won / played


def header_of(
    policy: Policy, variant: Variant, settings: Settings, progress: Progress, source: str | None = None
) -> dict[str, Any]:
    """The policy file's header: the variant's signature, the settings, progress and figures
    (``source``: the variant as the command named it, a built-in's name or a file)."""
    training = dataclasses.asdict(settings)
    training["batch_games"] = training.pop("games")  # ``games`` counts the games played
    training.update(updates_done=progress.updates, decisions=progress.decisions, games=progress.games)
    done = dataclasses.replace(settings, updates=progress.updates)  # the run as far as it went
    training.update(seconds=round(progress.seconds, 1), command=command_of(source or variant.name, done))
    training.update(interrupted=progress.interrupted, stages=progress.stages)
    last = progress.curve[-1] if progress.curve else None
    evaluation: dict[str, Any] = {"curve": progress.curve}
    if last is not None:
        evaluation.update(opponent="greedy", games=settings.eval_games, won=last[2])
    return {**policy.header, "training": training, "evaluation": evaluation}


def command_of(variant: str, s: Settings) -> str:
    """The command that repeats the run (of ``s.updates`` updates: for a run stopped early, as
    far as it went; one resumed deals other games after it stopped)."""
    return (
        f"hasenpfeffer train {variant} --seed {s.seed} --updates {s.updates} --opponents {','.join(s.opponents)}"
        f" --imitate {s.imitate} --games {s.games} --steps {s.steps} --hidden {','.join(map(str, s.hidden))}"
        + ("" if s.reward == "hand" else f" --reward {s.reward}")
    )


def settings_from(header: dict[str, Any]) -> tuple[Settings, Progress]:
    """A run's settings and progress back from a policy file's header."""
    t = dict(header.get("training") or {})
    progress = Progress(
        int(t.pop("updates_done", 0)),
        int(t.pop("decisions", 0)),
        int(t.pop("games", 0)),
        float(t.pop("seconds", 0.0)),
    )
    progress.curve = [list(map(float, row)) for row in (header.get("evaluation") or {}).get("curve", [])]
    t.pop("command", None)
    t.pop("interrupted", None)
    progress.stages = [str(c) for c in t.pop("stages", [])]
    if "batch_games" in t:  # the setting (a file before it kept only the games played: 256)
        t["games"] = t.pop("batch_games")
    hyper = Hyper(**t.pop("hyper", {}))
    t["opponents"], t["hidden"] = tuple(t.get("opponents", ())), tuple(t.get("hidden", ()))
    known = {f.name for f in dataclasses.fields(Settings)}
    return Settings(**{k: v for k, v in t.items() if k in known}, hyper=hyper), progress


def train(
    variant: Variant,
    out: str,
    settings: Settings,
    resume: bool = False,
    report: Callable[[Progress, Settings, float | None], None] | None = None,
    source: str | None = None,
    changes: dict[str, Any] | None = None,
) -> Policy:
    """Train (or go on training, ``resume``) a policy for ``variant`` (named ``source`` on the
    command line) into ``out``. A resumed run keeps the file's settings but ``updates``,
    ``minutes`` and those in ``changes`` (:data:`CHANGEABLE`; ValueError for a ``hidden`` other
    than the file's); where they change, the stage before is kept in the header's ``stages``."""
    import jax

    settings.check()
    if resume:
        old = load_policy(out)
        old.check(variant)
        saved, progress = settings_from(old.header)
        changed = {k: v for k, v in (changes or {}).items() if k in CHANGEABLE and getattr(saved, k) != v}
        if "hidden" in changed:
            raise ValueError(f"the file's network has hidden layers {','.join(map(str, saved.hidden))}")
        if changed:
            progress.stages.append(str(old.header["training"].get("command", "")))
        settings = dataclasses.replace(saved, updates=settings.updates, minutes=settings.minutes, **changed)
        policy = dataclasses.replace(old, value=Policy.initial(variant, settings.hidden, settings.seed).value)
        if os.path.exists(state_path(out)):  # the value and Adam's state, beside the policy
            state = load_policy(state_path(out))
            if state.header.get("training", {}).get("updates_done") == progress.updates:
                policy = state
    else:
        policy, progress = Policy.initial(variant, settings.hidden, settings.seed), Progress()
    learner = Learner(policy, settings.hyper)
    run_seed = settings.seed * 1_000_003 + progress.updates  # a resumed run deals new games
    feeds = sources(variant, list(settings.opponents), settings.games, run_seed, settings.reward)
    teachers = (
        sources(variant, ["teacher", "teacher"], settings.games, run_seed + 1) if settings.imitate else []
    )
    buffer = Buffer()
    key = jax.random.fold_in(jax.random.PRNGKey(settings.seed), progress.updates)
    rng = np.random.default_rng(run_seed)
    eval_seed = 0x5EED_0000 + settings.seed
    stop = {"now": False}

    def interrupted(signum: int, frame: Any) -> None:
        stop["now"] = progress.interrupted = True
        signal.signal(signal.SIGINT, signal.default_int_handler)  # a second Ctrl-C stops at once

    previous = signal.signal(signal.SIGINT, interrupted) if _main_thread() else None
    started, base, games_base = time.monotonic(), progress.seconds, progress.games
    won: float | None = progress.curve[-1][2] if progress.curve else None

    def save() -> None:
        header = header_of(policy, variant, settings, progress, source)
        playing = policy_of(learner.params, header)
        save_policy(out, dataclasses.replace(playing, value=()))  # what playing needs: the policy
        save_policy(state_path(out), policy_of(learner.params, header, learner.optimizer_arrays()))

    def policy_act(obs: Any, mask: Any) -> tuple[Any, Any, Any]:
        nonlocal key
        key, sub = jax.random.split(key)
        ids, logp, value = act(learner.params, obs, mask, sub)
        return np.asarray(ids), np.asarray(logp), np.asarray(value)

    try:
        while progress.updates < settings.updates and not stop["now"]:
            if settings.minutes is not None and progress.seconds >= settings.minutes * 60:
                break
            imitating = progress.updates < settings.imitate
            steps = 0
            while steps < settings.steps or buffer.count == 0:  # until some hand has ended
                for feed in teachers if imitating else feeds:
                    feed.step(policy_act, buffer, imitating)
                steps += 1
            data = buffer.take()
            n = len(data[2])
            progress.decisions += n
            progress.games = games_base + sum(f.games for f in [*feeds, *teachers])
            for _ in range(settings.epochs):
                order = rng.permutation(n)
                for i in range(max(1, n // settings.minibatch)):
                    rows = order[i * settings.minibatch : (i + 1) * settings.minibatch]
                    if len(rows) < settings.minibatch:  # one shape, one compile
                        rows = rng.choice(n, settings.minibatch)
                    learner.update(tuple(col[rows] for col in data), "imitate" if imitating else "ppo")
            progress.updates += 1
            progress.seconds = base + time.monotonic() - started
            if progress.updates % settings.eval_every == 0 or progress.updates == settings.updates:
                won = win_share(learner.params, variant, settings.eval_games, eval_seed)
                progress.curve.append([round(progress.seconds / 60, 2), progress.games, round(won, 4)])
                save()
            if report is not None:
                report(progress, settings, won)
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    progress.seconds = base + time.monotonic() - started
    save()
    return load_policy(out)


def state_path(out: str) -> str:
    """The file beside a policy that keeps what resuming needs and playing does not (Adam's
    state: twice the weights)."""
    return f"{out}.state"


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread() and os.name != "nt"
