"""merge on mutated shard reports: a refusal in one line, or exactly the whole run's report.

The reports of a small simulate and sweep run are made once; each example changes them: a key
dropped, a value of another type, a number out of every range, a number tied to others moved by
one, the engine said otherwise, a value swapped between two shards, a shard given twice, left out
or the files in another order. A change that merge does not refuse must leave nothing of the
whole run's report but ``accel`` and ``engine`` different, and those only null. Sums that no
count fixes (a figure's squares and products, besides those of win rates and hands) are not
moved by one, nor are cross sums dropped that may be absent: a shard could say so and be played.
"""

from __future__ import annotations

import copy
import json
import random
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from hasenpfeffer.sim.figures import HANDS, LONE, THROW_INS
from support.shardreports import merge, refusal, reports

Path_ = tuple[str | int, ...]
OTHERS: list[Any] = [None, True, False, 1.5, "7", [], {}, 7, [1, 2]]
HUGE = [10**30, -(10**30)]
EVERY_GAME = ("win rate", HANDS, "points/hand", LONE, THROW_INS)
"""Figures every game adds to (``y`` is 1 or the game's hands): whose sums counts fix best."""


def paths(data: Any, path: Path_ = ()) -> list[Path_]:
    """Every path into a report, its root left out."""
    found: list[Path_] = [path] if path else []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for key, value in items:
        found += paths(value, (*path, key))
    return found


def get(data: Any, path: Path_) -> Any:
    for key in path:
        data = data[key]
    return data


def raw_part(path: Path_) -> tuple[str, Path_]:
    """``raw``'s field a path is in (``sums``, ``cross``...) and the rest of the path after it."""
    if not path or path[0] != "raw":
        return "", path
    rest = path[1:]
    if rest[:1] == ("stats",) and len(rest) > 1:
        rest = rest[2:]
    elif rest[:1] == ("cross",) and len(rest) > 1:
        return "cross", rest[2:]
    return (str(rest[0]), rest[1:]) if rest else ("", ())


def every_game(name: Any) -> bool:
    return isinstance(name, str) and any(name.endswith(end) for end in EVERY_GAME)


def tied(path: Path_) -> bool:
    """Whether a number is tied to others so that moving it by one is seen."""
    if path[:1] != ("raw",):
        return path in (("seed",), ("format",)) or path[:1] == ("run",)
    part, rest = raw_part(path)
    if part in ("sums", "cross"):
        name, index = str(rest[0]), rest[1]
        whole = name == HANDS or (part == "sums" and "win rate" in name)  # all five sums fixed
        fixed = (0, 1) if part == "sums" else (1, 2) if "win rate" in name else ()
        return whole or index in fixed or (every_game(name) and index == 3)
    tied_parts = ("games", "unfinished", "wins", "hands", "hands_sq", "points", "throw_ins", "played_out")
    return (
        part in tied_parts
        or part in ("bids", "lone", "lone_defence", "hand_points", "margins")
        or (part == "points_sq" and rest == (0,))
    )


def droppable(path: Path_) -> bool:
    """Whether dropping the value is seen or changes nothing (not a cross sum that may be absent)."""
    part, rest = raw_part(path)
    return not (part == "cross" and len(rest) == 1 and not every_game(rest[0]))


def drop(rng: random.Random, docs: list[Any], n: int) -> str:
    path = rng.choice([p for p in paths(docs[n]) if droppable(p)])
    del get(docs[n], path[:-1])[path[-1]]
    return f"drop {path}"


def retype(rng: random.Random, docs: list[Any], n: int) -> str:
    path = rng.choice(paths(docs[n]))
    old = get(docs[n], path)
    get(docs[n], path[:-1])[path[-1]] = rng.choice([v for v in OTHERS if type(v) is not type(old)])
    return f"retype {path}"


def _numbers(doc: Any) -> list[Path_]:
    return [p for p in paths(doc) if type(get(doc, p)) is int]


def huge(rng: random.Random, docs: list[Any], n: int) -> str:
    path = rng.choice(_numbers(docs[n]))
    get(docs[n], path[:-1])[path[-1]] = rng.choice(HUGE)
    return f"huge {path}"


def nudge(rng: random.Random, docs: list[Any], n: int) -> str:
    path = rng.choice([p for p in _numbers(docs[n]) if tied(p)])
    get(docs[n], path[:-1])[path[-1]] += rng.choice([-1, 1])
    return f"nudge {path}"


def engine(rng: random.Random, docs: list[Any], n: int) -> str:
    label = rng.choice(["compiled (numba)", "compiled (numba; in memory)", "python (other)", "turbo", None])
    if label is None:
        docs[n].pop("engine", None)
    else:
        docs[n]["engine"] = label
    return f"engine {label}"


CHANGES = [drop, retype, huge, nudge, engine]


def swap(rng: random.Random, docs: list[Any]) -> str:
    a, b = rng.sample(range(len(docs)), 2)
    shared = [p for p in paths(docs[a]) if p in set(paths(docs[b]))]
    path = rng.choice(shared)
    first, second = get(docs[a], path[:-1]), get(docs[b], path[:-1])
    first[path[-1]], second[path[-1]] = second[path[-1]], first[path[-1]]
    return f"swap {path} of {a} and {b}"


def twice(rng: random.Random, docs: list[Any]) -> str:
    a, b = rng.sample(range(len(docs)), 2)
    docs[b] = copy.deepcopy(docs[a])
    return f"shard {a} twice"


def leave_out(rng: random.Random, docs: list[Any]) -> str:
    n = rng.randrange(len(docs))
    del docs[n]
    return f"leave out {n}"


def reorder(rng: random.Random, docs: list[Any]) -> str:
    rng.shuffle(docs)
    return "reorder"


MOVES = [swap, twice, leave_out, reorder]


@settings(max_examples=60, deadline=None)
@given(
    command=st.sampled_from(["simulate", "sweep"]),
    change=st.sampled_from([*CHANGES, None]),
    move=st.sampled_from([*MOVES, None]),
    seed=st.integers(0, 2**32),
)
def test_a_mutated_shard_is_refused_or_changes_nothing(
    command: str, change: Any, move: Any, seed: int
) -> None:
    shards, whole = reports(command)
    rng = random.Random(seed)
    done = [change(rng, shards, rng.randrange(len(shards)))] if change else []  # one file changed:
    done += [move(rng, shards)] if move else []  # no lie told by every shard alike
    with tempfile.TemporaryDirectory() as folder:
        code, out, err = merge(Path(folder), shards)
    if code != 0:
        refusal(code, out, err)
        return
    merged = json.loads(out)
    assert set(merged) == set(whole), done
    for key, value in whole.items():
        assert merged[key] in ((value, None) if key in ("accel", "engine") else (value,)), (done, key)
