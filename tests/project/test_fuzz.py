"""Fuzzing in CI: a fixed set of mutated variant files, game records and shard reports (see tools/fuzz.py).

The cases are the first ones of seed 1, in batches; ``python tools/fuzz.py`` runs many more.
The last tests check that the harness itself notices each kind of failure.
"""

from __future__ import annotations

import contextlib
import io
import os
import time
from pathlib import Path

import pytest

from fuzz import (
    ROOT,
    Case,
    Hang,
    Runner,
    _time_limit,
    make_case,
    merge_seeds,
    record_seeds,
    report,
    run_case,
    variant_seeds,
    write_files,
)
from fuzz_mutate import Mutant, Seed
from hasenpfeffer.cli import main

SEED = 1
BATCH = 20
BATCHES = [("variant", start) for start in range(0, 140, BATCH)]
BATCHES += [("record", start) for start in range(0, 80, BATCH)]
BATCHES += [("merge", start) for start in range(0, 60, BATCH)]


@pytest.mark.parametrize(("kind", "start"), BATCHES, ids=[f"{k}-{s}" for k, s in BATCHES])
def test_mutants(kind: str, start: int, tmp_path: Path) -> None:
    outcomes = [run_case(make_case(kind, SEED, i), tmp_path) for i in range(start, start + BATCH)]
    failing = [o for o in outcomes if o.findings]
    assert not failing, report(failing)


def _unmutated(seed: Seed) -> Case:
    return Case(seed.kind, 0, 0, seed.origin, Mutant(seed.name, seed.text.encode(), [], dict(seed.extras)))


def test_seed_files_pass_unmutated(tmp_path: Path) -> None:
    by_origin = {s.origin: s for s in variant_seeds() + record_seeds()}
    names = ["euchre.yaml", "stick-the-dealer.yaml", "buck-euchre finished json", "house.yaml path"]
    outcomes = [run_case(_unmutated(by_origin[n]), tmp_path) for n in names]
    assert all(o.valid for o in outcomes[:2])
    assert not any(o.findings for o in outcomes), report(outcomes)


def test_shard_reports_merge_unmutated(tmp_path: Path) -> None:
    seeds = merge_seeds()
    assert len(seeds) == 9
    outcomes = [run_case(_unmutated(s), tmp_path) for s in (seeds[0], seeds[-1])]
    assert not any(o.findings for o in outcomes), report(outcomes)
    for n, seed in enumerate(seeds):  # every run's shards make the run
        folder = tmp_path / f"seed-{n}"
        folder.mkdir()
        write_files(_unmutated(seed), folder)
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["merge", *map(str, sorted(folder.iterdir()))]) == 0, seed.origin


def test_cases_are_deterministic() -> None:
    assert make_case("variant", 5, 17) == make_case("variant", 5, 17)
    assert make_case("record", 5, 17) == make_case("record", 5, 17)
    assert make_case("merge", 5, 17) == make_case("merge", 5, 17)
    assert make_case("variant", 5, 17) != make_case("variant", 5, 18)


# ---------------------------------------------------------------------- the harness itself


def _runner(tmp_path: Path, source: str = "name: x\n") -> Runner:
    case = Case("variant", 0, 0, "test", Mutant("variant.yaml", source.encode(), [], {}))
    return Runner(case, tmp_path, source)


def _categories(runner: Runner) -> set[str]:
    return {f.category for f in runner.findings}


def test_harness_flags_an_exception_and_a_printed_traceback(tmp_path: Path) -> None:
    run = _runner(tmp_path)
    run.call("boom", lambda: dict[str, int]()["missing"])
    assert _categories(run) == {"traceback"}
    run = _runner(tmp_path)
    run.call("printed", lambda: print("Traceback (most recent call last):"))
    assert _categories(run) == {"traceback"}


def test_harness_flags_control_characters_and_long_quotes(tmp_path: Path) -> None:
    value = "lorem ipsum dolor " * 8
    run = _runner(tmp_path, f"name: {value}\n")
    run.call("escape", lambda: print("title \x1b]0;x\x07"))
    run.call("quote", lambda: print(f"error: bad name {value}"))
    assert _categories(run) == {"control", "quote"}
    run = _runner(tmp_path, f"name: {value}\n")
    run.call("short quote", lambda: print(f"error: bad name {value[:80]}..."))
    assert not run.findings


def test_harness_flags_files_opened_outside(tmp_path: Path) -> None:
    run = _runner(tmp_path)
    run.call("read", lambda: (ROOT / "README.md").read_bytes())
    run.call("inside", lambda: (tmp_path / "x.yaml").write_text("x"))
    assert [f.detail for f in run.findings] == [str(ROOT / "README.md")]


def test_harness_stops_processes_and_exits(tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    run = _runner(tmp_path)
    run.call("system", lambda: os.system(f"touch {marker}"))
    run.call("exit", lambda: os._exit(3))
    assert not marker.exists()
    assert [f.category for f in run.findings] == ["code", "code"]


def test_harness_flags_exit_codes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import fuzz

    monkeypatch.setattr(fuzz, "main", lambda argv: 130)
    run = _runner(tmp_path)
    assert run.cli(["validate", "x.yaml"]) == 130
    assert _categories(run) == {"exit"}


def test_harness_time_limit(tmp_path: Path) -> None:
    run = _runner(tmp_path)
    with pytest.raises(Hang), _time_limit(0.05):
        run.call("sleep", lambda: time.sleep(2))
