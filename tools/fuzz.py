"""Fuzzing harness: mutated variant files, game records and shard reports through the real command line.

Each case writes one mutant (see ``fuzz_mutate``) into a fresh folder and runs the
``hasenpfeffer`` commands on it in this process: ``validate``, ``show`` and ``diagram``
for a variant file, and when it validates, games played by bots (``play_game``, the
``simulate`` and ``play`` commands); ``replay`` and ``play --resume`` for a record; ``merge``
for a shard's report, beside the other shards of its run. Each
command must end without a traceback, with exit code 0, 1 or 2, without quoting 100 or more
characters of the file, without raw control characters, and without opening files outside
the case's folder, the package and Python's library; a case may take 10 s at most.

    python tools/fuzz.py --variants 10000 --records 5000 --merges 2000 --seed 1

prints the counts and the distinct failures, and saves the first cases of each in a
folder (``--out``). ``--case variant-1-42`` runs one case again; ``--shrink`` removes lines
from each saved case while its failure remains.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType, TracebackType
from typing import Any

from fuzz_checks import (
    QUOTE_LIMIT,
    allowed_roots,
    control_chars,
    line_with,
    long_line,
    longest_quote,
    outside,
    template,
)
from fuzz_mutate import Extra, Mutant, Seed, learn, mutate, mutate_report
from hasenpfeffer.cli import main

ROOT = Path(__file__).resolve().parent.parent
TIME_LIMIT = 10.0
CATEGORIES = {
    "traceback": "tracebacks",
    "hang": "hangs over 10 s",
    "outside": "reads outside the tree",
    "quote": "over-long quotes",
    "control": "control characters",
    "exit": "exit codes other than 0, 1, 2",
    "code": "code named by a file run",
}
_SPAWN = {"os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty", "subprocess.Popen"}
_SPAWN |= {"os.kill", "os.killpg", "pty.spawn", "ctypes.dlopen"}


class Hang(BaseException):
    """The case ran over its time limit."""


class Tripwire(BaseException):
    """A case tried to start a process, end the interpreter or import a module named by a file."""


# ---------------------------------------------------------------------- seeds


@functools.cache
def variant_seeds() -> list[Seed]:
    """The shipped variant files, with the parents that house rules extend by path."""
    seeds = []
    house = ROOT / "examples" / "house-rules"
    for path in sorted((ROOT / "variants").glob("*.yaml")) + sorted(house.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        extras = {p.name: Extra("file", p.read_bytes()) for p in house.glob("*.yaml") if p.name in text}
        seeds.append(Seed("variant", path.name, "variant.yaml", text, extras))
    learn([s.text for s in seeds])
    return seeds


@functools.cache
def record_seeds() -> list[Seed]:
    """Records of games played by bots: finished and unfinished, built-in and embedded variants, YAML and JSON."""
    import json

    from hasenpfeffer.format.loader import builtin_names, load_variant
    from hasenpfeffer.records import dump
    from hasenpfeffer.sim.simulate import play_game

    seeds: list[Seed] = []
    house = ROOT / "examples" / "house-rules"
    sources = [(n, load_variant(n)) for n in builtin_names()]
    sources += [(p.name, load_variant(p)) for p in sorted(house.glob("*.yaml"))[::3]]
    for n, (origin, variant) in enumerate(sources):
        bots = ["greedy"] * variant.players
        games = [("finished", play_game(variant, bots, n, max_hands=60))]
        games.append(("unfinished", play_game(variant, ["random"] * variant.players, n, max_hands=2)))
        for label, game in games:
            record = game.record()
            name = f"{origin} {label}"
            seeds.append(Seed("record", name, "record.yaml", dump(record)))
            if n % 4 == 0:
                seeds.append(Seed("record", name + " json", "record.json", json.dumps(record, indent=1)))
    parent = (house / "stick-the-dealer.yaml").read_bytes()
    game = play_game(load_variant(house / "stick-the-dealer.yaml"), ["greedy"] * 4, 7, max_hands=60)
    text = dump({**game.record(), "variant": "house.yaml"})
    seeds.append(
        Seed("record", "house.yaml path", "record.yaml", text, {"house.yaml": Extra("file", parent)})
    )
    return seeds


SHARD_RUNS = [
    ["simulate", "euchre", "--games", "6", "--bots", "greedy,random"],
    ["simulate", "five-hundred", "--games", "2"],
    [
        "simulate",
        "examples/house-rules/five-hundred-all-pass-no-trump.yaml",
        "--games",
        "2",
        "--bots",
        "random",
    ],
    ["sweep", "euchre", "--set", "game.target=5,7", "--games", "4"],
]
"""Runs played in shards (three for the first, two for the others) for the reports ``merge`` reads."""


def _shard_report(argv: list[str]) -> str:
    """The JSON report of one shard (``simulate --json``, or ``sweep --json FILE``)."""
    with tempfile.TemporaryDirectory() as folder, contextlib.redirect_stdout(io.StringIO()) as out:
        target = os.path.join(folder, "report.json")
        code = main([*argv, "--json", *([target] if argv[0] == "sweep" else [])])
        assert code == 0, argv
        return Path(target).read_text(encoding="utf-8") if argv[0] == "sweep" else out.getvalue()


@functools.cache
def merge_seeds() -> list[Seed]:
    """Every shard's report of the :data:`SHARD_RUNS` (played by the Python engine), each a seed
    with the other shards of its run beside it."""
    import json

    seeds = []
    for n, run in enumerate(SHARD_RUNS):
        count = 3 if n == 0 else 2
        argv = [*run, "--seed", str(n), "--engine", "python", "--workers", "1"]
        argv[1] = str(ROOT / argv[1]) if argv[1].endswith(".yaml") else argv[1]
        texts = [_shard_report([*argv, "--shard", f"{i}/{count}"]) for i in range(1, count + 1)]
        texts = [json.dumps(json.loads(text), indent=1) for text in texts]  # lines, for textual mutations
        for i, text in enumerate(texts, 1):
            others = {f"part-{j}.json": Extra("file", o.encode()) for j, o in enumerate(texts, 1) if j != i}
            seeds.append(
                Seed("merge", f"{' '.join(run[:2])} part {i}/{count}", f"part-{i}.json", text, others)
            )
    return seeds


@dataclass(frozen=True)
class Case:
    """One mutant, named ``KIND-SEED-INDEX``."""

    kind: str
    seed: int
    index: int
    origin: str
    mutant: Mutant

    @property
    def ident(self) -> str:
        """``variant-1-42``."""
        return f"{self.kind}-{self.seed}-{self.index}"


def make_case(kind: str, seed: int, index: int) -> Case:
    """Case ``index`` of a run seeded ``seed``: the same mutant every time."""
    rng = random.Random(f"{kind}:{seed}:{index}")
    seeds = {"variant": variant_seeds, "record": record_seeds, "merge": merge_seeds}[kind]()
    origin = rng.choice(seeds)
    mutant = mutate_report(origin, rng) if kind == "merge" else mutate(origin, rng)
    return Case(kind, seed, index, origin.origin, mutant)


def parse_ident(ident: str) -> tuple[str, int, int]:
    """``variant-1-42`` as its kind, seed and index."""
    kind, seed, index = ident.rsplit("-", 2)
    return kind, int(seed), int(index)


# ---------------------------------------------------------------------- findings and runs


@dataclass(frozen=True)
class Finding:
    """One broken promise: its category, the command, a signature to group by, details."""

    category: str
    command: str
    signature: str
    detail: str


@dataclass
class Outcome:
    """What one case gave."""

    case: Case
    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0
    commands: list[str] = field(default_factory=list)
    valid: bool = False


class _Capture(io.StringIO):
    """A text stream that keeps its first 4 MB and, like a UTF-8 terminal, refuses unpaired surrogates."""

    def write(self, text: str) -> int:
        text.encode("utf-8")
        room = 4_000_000 - self.tell()
        if room > 0:
            super().write(text[:room])
        return len(text)


@dataclass
class _Guard:
    """The state the audit hook and the patches read while a command runs."""

    opened: list[str] = field(default_factory=list)


_ACTIVE: list[_Guard] = []


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if not _ACTIVE:
        return
    if event == "open" and isinstance(args[0], (str, bytes)):
        _ACTIVE[-1].opened.append(os.fsdecode(args[0]))
    elif event in _SPAWN or event.startswith("os.exec") or event.startswith("os.spawn"):
        raise Tripwire(f"{event} {str(args)[:80]}")


@functools.cache
def install_hook() -> None:
    """Add the audit hook (once per process: hooks cannot be removed), after loading the
    compiled batch engine where numba is installed: numba loads its own shared library (a
    ``ctypes.dlopen``) and the kernel's cache when first used, which is the package's code, not
    a file's, so it is done before any case runs."""
    from hasenpfeffer import accel

    if accel.installed():
        from hasenpfeffer.batch.run import warm
        from hasenpfeffer.format.loader import load_variant

        for record in (False, True):
            warm(load_variant("euchre"), ["greedy", "random"] * 2, record)
    sys.addaudithook(_audit)


def _exit(code: int = 0) -> None:
    raise Tripwire(f"os._exit({code!r})")


def _where(tb: TracebackType | None) -> str:
    """The innermost frame of the package in a traceback: ``game.py:apply``."""
    package = str(ROOT / "core" / "hasenpfeffer")
    where = "?"
    for frame, _ in traceback.walk_tb(tb):
        code = frame.f_code
        if code.co_filename.startswith(package):
            where = f"{os.path.relpath(code.co_filename, package)}:{code.co_name}"
    return where


def _frame_where(frame: FrameType | None) -> str:
    package = str(ROOT / "core" / "hasenpfeffer")
    while frame is not None:
        if frame.f_code.co_filename.startswith(package):
            return f"{os.path.relpath(frame.f_code.co_filename, package)}:{frame.f_code.co_name}"
        frame = frame.f_back
    return "?"


class Runner:
    """Runs the commands of one case in its folder, checking each one."""

    def __init__(self, case: Case, folder: Path, source: str) -> None:
        self.case, self.folder, self.source = case, folder, source
        self.findings: list[Finding] = []
        self.commands: list[str] = []
        self.roots = allowed_roots(str(folder))
        self.valid = False

    def add(self, category: str, command: str, signature: str, detail: str) -> None:
        """Record a finding (once per signature)."""
        if all(f.signature != signature for f in self.findings):
            self.findings.append(Finding(category, command, signature, detail))

    @contextlib.contextmanager
    def guarded(self, label: str, stdin: str) -> Iterator[tuple[_Capture, _Capture, _Guard]]:
        """Capture the output, feed stdin, record opened files, refuse processes and imports."""
        import importlib

        out, err, guard = _Capture(), _Capture(), _Guard()
        real_import, real_exit, real_stdin = importlib.import_module, os._exit, sys.stdin
        own = str(ROOT / "core" / "hasenpfeffer")

        def import_module(name: str, package: str | None = None) -> Any:
            caller = sys._getframe(1).f_code.co_filename  # noqa: SLF001 - the only way to see the caller
            if caller.startswith(own) and not name.startswith("hasenpfeffer"):
                raise Tripwire(f"import_module({name!r})")
            return real_import(name, package)

        self.commands.append(label)
        importlib.import_module = import_module
        os._exit = _exit  # type: ignore[assignment]
        sys.stdin = io.StringIO(stdin)
        _ACTIVE.append(guard)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                yield out, err, guard
        finally:
            _ACTIVE.pop()
            importlib.import_module = real_import
            os._exit = real_exit
            sys.stdin = real_stdin

    def call(self, label: str, fn: Callable[[], Any], stdin: str = "", exempt: bool = False) -> Any:
        """Run ``fn`` guarded; check what it printed and opened. Returns its result (None on a crash)."""
        result: Any = None
        crash: BaseException | None = None
        with self.guarded(label, stdin) as (out, err, guard):
            try:
                result = fn()
            except SystemExit as exc:
                result = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            except (Hang, KeyboardInterrupt):
                raise
            except BaseException as exc:
                crash = exc
        kind = self.case.kind
        if isinstance(crash, Tripwire):
            self.add("code", label, f"code run: {kind} {crash}", str(crash))
        elif crash is not None:
            where = _where(crash.__traceback__)
            text = "".join(traceback.format_exception(crash))[-3000:]
            self.add("traceback", label, f"traceback: {kind} {type(crash).__name__} at {where}", text)
        self.check(label, out.getvalue(), err.getvalue(), guard, exempt and result == 0, result)
        return result

    def cli(self, argv: list[str], stdin: str = "", exempt: bool = False) -> int | None:
        """Run ``hasenpfeffer ARGV``; an exit code outside 0-2 is a finding."""
        label = " ".join(argv)
        code = self.call(label, lambda: main(argv), stdin, exempt)
        if code is not None and code not in (0, 1, 2):
            self.add("exit", label, f"exit {code}: {self.case.kind} {argv[0]}", f"exit code {code}")
        return code if isinstance(code, int) else None

    def check(self, label: str, out: str, err: str, guard: _Guard, exempt: bool, code: Any) -> None:
        """The output and the files opened by one command."""
        command, kind = label.split()[0], self.case.kind
        folder = str(self.folder)
        for stream, text in (("stdout", out), ("stderr", err)):
            text = text.replace(folder, "<dir>")
            role = f"{command} output" if stream == "stdout" and code == 0 else "error"
            printed = re.search(r"unexpected (\w+) \(please report\)", text)
            if printed or "Traceback (most recent call last)" in text:
                what = printed.group(1) if printed else "traceback"
                self.add("traceback", label, f"traceback: {kind} {what} printed by {command}", text[-2000:])
            found = control_chars(text)
            if found:
                name, line = found
                what = role if code == 0 and stream == "stdout" else f"{role}: {template(line)}"
                self.add("control", label, f"control: {kind} {what}", f"{name} in {line!r}")
            if exempt and stream == "stdout":
                continue
            size, quote = longest_quote(self.source, text)
            if size >= QUOTE_LIMIT:
                line = line_with(text, quote)
                what = role if code == 0 and stream == "stdout" else f"{role}: {template(line)}"
                self.add("quote", label, f"quote: {kind} {what}", f"{size} chars: {line!r}")
            elif long_line(text):
                detail = f"an output line of {long_line(text)} characters"
                self.add("quote", label, f"long line: {kind} {role}", detail)
        for path in outside(guard.opened, self.roots):
            self.add("outside", label, f"outside: {kind} {path}", path)


# ---------------------------------------------------------------------- cases


def write_files(case: Case, folder: Path) -> Path:
    """The mutant and its extra files in ``folder``; the mutant's path."""
    for name, extra in case.mutant.extras.items():
        target = folder / name
        if extra.kind == "file":
            target.write_bytes(extra.content)
        elif extra.kind == "symlink":
            target.symlink_to(os.fsdecode(extra.content))
        elif extra.kind == "fifo":
            os.mkfifo(target)
        else:
            target.mkdir()
    path = folder / case.mutant.name
    path.write_bytes(case.mutant.data)
    return path


PLAY_INPUT = "1\n" * 40


def variant_commands(run: Runner, file: str) -> None:
    """Validate, show, diagram; when valid, games by bots, ``simulate`` and ``play``."""
    from hasenpfeffer.format.loader import load_variant
    from hasenpfeffer.records import replay
    from hasenpfeffer.sim.simulate import play_game

    code = run.cli(["validate", file])
    run.cli(["validate", "--format", "github" if run.case.index % 2 else "json", file])
    run.cli(["show", file], exempt=True)
    run.cli(["diagram", file])
    if code != 0:
        return
    run.valid = True
    variant = run.call("load_variant", lambda: load_variant(file))
    if variant is None:
        return
    seed = run.case.index
    run.call("play_game random", lambda: play_game(variant, ["random"] * variant.players, seed, max_hands=3))
    game = run.call(
        "play_game greedy", lambda: play_game(variant, ["greedy"] * variant.players, seed, max_hands=30)
    )
    if run.case.index % 8 == 0:
        bots = ["mc"] + ["greedy"] * (variant.players - 1)
        run.call("play_game mc", lambda: play_game(variant, bots, seed, max_hands=1))
    if game is None:
        return
    run.call("replay own-record", lambda: replay(game.record()))
    if game.is_over:
        run.cli(["simulate", file, "--games", "2", "--workers", "1", "--bots", "greedy"])
    run.cli(["play", file, "--seed", str(seed), "--bots", "random"], stdin=PLAY_INPUT)


def record_commands(run: Runner, file: str) -> None:
    """Replay (text and JSON) and resume the game in ``play``."""
    run.cli(["replay", file], exempt=True)  # a replay prints the record's cards and actions: its job
    run.cli(["replay", "--json", file], exempt=True)
    run.cli(["play", "--resume", file], stdin=PLAY_INPUT)


def merge_commands(run: Runner, file: str) -> None:
    """``merge`` of the mutant and the files beside it: the other shards of its run, maybe changed."""
    folder = os.path.dirname(file)
    names = sorted([run.case.mutant.name, *run.case.mutant.extras])
    run.cli(["merge", *(os.path.join(folder, name) for name in names)], exempt=True)  # prints the files' run


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: FrameType | None) -> None:
        raise Hang(_frame_where(frame))

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


_ENV = {"COLUMNS": "1000", "LINES": "50"}
_ENV_DROP = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "CLICOLOR_FORCE", "NO_COLOR")


@contextlib.contextmanager
def _environment(folder: Path) -> Iterator[None]:
    saved = dict(os.environ)
    cwd = os.getcwd()
    os.environ.update(_ENV)
    for key in _ENV_DROP:
        os.environ.pop(key, None)
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(saved)


def run_case(case: Case, root: Path, limit: float = TIME_LIMIT, keep: bool = False) -> Outcome:
    """Run one case in a fresh folder under ``root``."""
    install_hook()
    folder = Path(tempfile.mkdtemp(prefix=f"fz-{case.ident}-", dir=root))
    start = time.perf_counter()
    path = write_files(case, folder)
    run = Runner(case, folder, case.mutant.data.decode("utf-8", "replace"))
    try:
        with _environment(folder), _time_limit(limit):
            commands = {"variant": variant_commands, "record": record_commands, "merge": merge_commands}
            commands[case.kind](run, str(path))
    except Hang as exc:
        label = run.commands[-1] if run.commands else "?"
        run.add("hang", label, f"hang: {case.kind} at {exc}", f"over {limit:g} s; stopped in {exc}")
    finally:
        if not keep:
            shutil.rmtree(folder, ignore_errors=True)
    return Outcome(case, run.findings, time.perf_counter() - start, run.commands, run.valid)


def report(outcomes: list[Outcome]) -> str:
    """The findings of failing cases, for an assertion message."""
    lines = []
    for o in outcomes:
        for f in o.findings:
            lines.append(
                f"{o.case.ident} [{', '.join(o.case.mutant.ops)}] {f.signature}\n    {f.detail[:300]!r}"
            )
    return "\n".join(lines)


# ---------------------------------------------------------------------- the command


BY_HAND = {"variant": "validate {mutant}", "record": "replay {mutant}", "merge": "merge {folder}/part-*.json"}
"""The command that reads a saved case again."""


def save_case(outcome: Outcome, folder: Path) -> Path:
    """The case's files and a note of what failed, in ``folder/IDENT``."""
    target = folder / outcome.case.ident
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    write_files(outcome.case, target)
    mutant = target / outcome.case.mutant.name
    notes = [
        f"case {outcome.case.ident} from {outcome.case.origin}",
        f"operations: {'; '.join(outcome.case.mutant.ops)}",
        f"again: python tools/fuzz.py --case {outcome.case.ident}",
        "by hand: hasenpfeffer " + BY_HAND[outcome.case.kind].format(mutant=mutant, folder=target),
        "",
    ]
    for f in outcome.findings:
        notes += [f"{f.category}: {f.signature}", f"  command: {f.command}", f"  {f.detail}", ""]
    (target / "FAILURE.txt").write_text("\n".join(notes), encoding="utf-8", errors="backslashreplace")
    return target


def shrink(outcome: Outcome, root: Path, limit: float) -> Case:
    """The case with lines removed while every one of its failures' signatures remains."""
    case = outcome.case
    wanted = {f.signature for f in outcome.findings}
    lines = case.mutant.data.split(b"\n")

    def fails(candidate: list[bytes]) -> bool:
        mutant = Mutant(case.mutant.name, b"\n".join(candidate), case.mutant.ops, case.mutant.extras)
        trial = Case(case.kind, case.seed, case.index, case.origin, mutant)
        got = {f.signature for f in run_case(trial, root, limit).findings}
        return wanted <= got

    chunk = max(1, len(lines) // 2)
    while chunk >= 1:
        i = 0
        while i < len(lines):
            candidate = lines[:i] + lines[i + chunk :]
            if candidate and fails(candidate):
                lines = candidate
            else:
                i += chunk
        chunk //= 2
    mutant = Mutant(case.mutant.name, b"\n".join(lines), case.mutant.ops, case.mutant.extras)
    return Case(case.kind, case.seed, case.index, case.origin, mutant)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise Interrupted


class Interrupted(BaseException):
    """Ctrl-C during a run: stop and report what was found."""


def summarize(outcomes: list[Outcome], seconds: float, out: Any) -> dict[str, list[Outcome]]:
    """Print the counts and distinct failures; return the failing cases by signature."""
    kinds = {k: sum(o.case.kind == k for o in outcomes) for k in ("variant", "record", "merge")}
    counts = f"{kinds['variant']} variants, {kinds['record']} records, {kinds['merge']} merges"
    print(f"cases: {len(outcomes)} ({counts}) in {seconds:.1f} s", file=out)
    print(f"variant mutants that validate (games played): {sum(o.valid for o in outcomes)}", file=out)
    for key, label in CATEGORIES.items():
        print(f"{label}: {sum(any(f.category == key for f in o.findings) for o in outcomes)}", file=out)
    groups: dict[str, list[Outcome]] = {}
    for o in outcomes:
        for f in o.findings:
            groups.setdefault(f.signature, []).append(o)
    print(f"distinct failures: {len(groups)}", file=out)
    for sig, cases in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f"  {len(cases):6d}  {sig}  (first: {cases[0].case.ident})", file=out)
    slowest = max(outcomes, key=lambda o: o.seconds, default=None)
    if slowest is not None:
        print(f"slowest case: {slowest.case.ident} {slowest.seconds:.2f} s", file=out)
    return groups


def cli(argv: list[str] | None = None) -> int:
    """``python tools/fuzz.py``: run cases, print counts, save failing cases."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", type=int, default=1000, help="variant mutants (default 1000)")
    parser.add_argument("--records", type=int, default=500, help="record mutants (default 500)")
    parser.add_argument("--merges", type=int, default=200, help="shard report mutants (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the run (default 1)")
    parser.add_argument("--start", type=int, default=0, help="first case index (default 0)")
    parser.add_argument(
        "--case", action="append", default=[], metavar="ID", help="run only this case (repeatable)"
    )
    parser.add_argument(
        "--out", default="fuzz-failures", help="folder for failing cases (default fuzz-failures)"
    )
    parser.add_argument("--keep", type=int, default=2, help="cases saved per distinct failure (default 2)")
    parser.add_argument("--first", type=int, default=10, help="failing cases listed at the end (default 10)")
    parser.add_argument("--limit", type=float, default=TIME_LIMIT, help="seconds per case (default 10)")
    parser.add_argument("--memory", type=int, default=8192, help="address-space limit in MiB (default 8192)")
    parser.add_argument(
        "--shrink", action="store_true", help="remove lines of each saved case while it fails"
    )
    args = parser.parse_args(argv)
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        limit = args.memory << 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))
    signal.signal(signal.SIGINT, _interrupt)
    if args.case:
        todo = [parse_ident(ident) for ident in args.case]
    else:
        todo = [("variant", args.seed, i) for i in range(args.start, args.start + args.variants)]
        todo += [("record", args.seed, i) for i in range(args.start, args.start + args.records)]
        todo += [("merge", args.seed, i) for i in range(args.start, args.start + args.merges)]
    outcomes: list[Outcome] = []
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="fz-") as tmp:
        try:
            for n, (kind, seed, index) in enumerate(todo, 1):
                outcomes.append(run_case(make_case(kind, seed, index), Path(tmp), args.limit))
                if n % 200 == 0:
                    print(f"... {n}/{len(todo)} cases, {time.perf_counter() - start:.0f} s", file=sys.stderr)
        except Interrupted:
            print("interrupted: counts so far", file=sys.stderr)
        groups = summarize(outcomes, time.perf_counter() - start, sys.stdout)
        folder = Path(args.out)
        saved: dict[str, Path] = {}
        for cases in groups.values():
            for o in cases[: args.keep]:
                if o.case.ident not in saved:
                    case = shrink(o, Path(tmp), args.limit) if args.shrink else o.case
                    kept = Outcome(case, o.findings, o.seconds, o.commands)
                    saved[o.case.ident] = save_case(kept, folder)
    failing = [o for o in outcomes if o.findings]
    if failing:
        print(f"first failing cases (saved in {folder}/):")
        for o in failing[: args.first]:
            print(f"  {o.case.ident} from {o.case.origin} [{'; '.join(o.case.mutant.ops)[:150]!r}]")
            for f in o.findings:
                print(f"      {f.signature}")
    return 1 if failing else 0


if __name__ == "__main__":
    raise SystemExit(cli())
