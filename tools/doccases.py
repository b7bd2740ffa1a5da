"""How each kind of command in the docs is run as a test: the tables of ``tools/doccommands.py``.

Most commands run as written, in a scratch copy of the clone, and what they print is compared
with what the doc shows. The tables below are the exceptions, each rule with its reason:

- :data:`REDUCED`: commands run with smaller numbers (or another cluster); where the figures
  change, the output is compared by its shape (headers, row labels, words), not its figures;
- :data:`NOT_RUN`: commands that cannot run in a test, and what is checked instead;
- :data:`INPUT`: interactive commands, driven by a scripted standard input;
- :data:`NEEDED`: the files a command names that a clone lacks, and where they come from;
- :data:`EXTRAS`: the extra a command needs (its test is skipped, saying so, without it);
- :data:`WRITES`: options naming a file the command must write;
- :data:`VOLATILE`: what differs from run to run in an output, masked before comparing.

A command that no table classifies and that is not ``hasenpfeffer ...`` or ``python SCRIPT.py``
fails its test until a row here says what to do with it.

>>> reduce("hasenpfeffer simulate pepper --games 2000 --bots greedy --seed 3 --json")
('hasenpfeffer simulate pepper --games 2 --bots greedy --seed 3 --json --workers 1', ('games', 'workers'), True)
>>> reduce("hasenpfeffer simulate pepper --games 800 --seed 3 --shard 1/4 --json > part-1.json")[0]
'hasenpfeffer simulate pepper --games 4 --seed 3 --shard 1/4 --json --workers 1 > part-1.json'
>>> reduce("hasenpfeffer analyze docs/records/first-trick.yaml")
('hasenpfeffer analyze docs/records/first-trick.yaml', (), False)
"""

from __future__ import annotations

import re
import shlex
import shutil
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

Words = Sequence[str]
STUDIES = ("simulate", "compare", "sweep")
"""The commands that play many games (``--games``, ``--workers``, ``--dask``)."""


# ---------------------------------------------------------------------------- reading a command


def option(words: Words, name: str) -> str | None:
    """The value of ``--name VALUE`` or ``--name=VALUE`` (None when absent).

    >>> option(["hasenpfeffer", "simulate", "x", "--games=5"], "--games"), option(["a", "--seed", "3"], "--seed")
    ('5', '3')
    """
    for n, word in enumerate(words):
        if word == name and n + 1 < len(words):
            return words[n + 1]
        if word.startswith(name + "="):
            return word[len(name) + 1 :]
    return None


def subcommand(words: Words) -> str | None:
    """``simulate`` for ``hasenpfeffer simulate ...``; None for another program."""
    return words[1] if len(words) > 1 and words[0] == "hasenpfeffer" else None


def script(words: Words) -> str | None:
    """``benchmarks/rl.py`` for ``python benchmarks/rl.py ...``; None for another program."""
    if len(words) > 1 and words[0] in ("python", "python3") and words[1].endswith(".py"):
        return Path(words[1]).as_posix()
    return None


def unquoted(text: str) -> list[int]:
    """The indexes of the characters of ``text`` outside quotes (shell rules, enough for docs).

    >>> [("echo 'a > b' > c")[i] for i in unquoted("echo 'a > b' > c") if "echo 'a > b' > c"[i] == ">"]
    ['>']
    """
    out, quote, escaped = [], "", False
    for n, ch in enumerate(text):
        if escaped:
            escaped = False
        elif ch == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        else:
            out.append(n)
    return out


def insert(text: str, options: str) -> str:
    """``text`` with ``options`` added after its arguments (before a redirection or a pipe).

    >>> insert("hasenpfeffer simulate x --json > a.json", "--workers 1")
    'hasenpfeffer simulate x --json --workers 1 > a.json'
    """
    cut = next((n for n in unquoted(text) if text[n] in "<>|"), len(text))
    return f"{text[:cut].rstrip()} {options}{' ' + text[cut:] if cut < len(text) else ''}"


def few(words: Words) -> int:
    """Games for a reduced run: 2, or one a shard with ``--shard i/n`` where ``n`` is more.

    >>> few(["hasenpfeffer", "simulate", "x"]), few(["hasenpfeffer", "simulate", "x", "--shard", "1/4"])
    (2, 4)
    """
    shard = option(words, "--shard")
    return max(2, int(shard.split("/")[1])) if shard and re.fullmatch(r"\d+/\d+", shard) else 2


def _set_number(text: str, name: str, value: int) -> str:
    return re.sub(rf"{name}([ =])\d+", rf"{name}\g<1>{value}", text, count=1)


# ---------------------------------------------------------------------------- REDUCED


@dataclass(frozen=True)
class Reduction:
    """A rule that runs a command with smaller numbers; ``shape``: the figures change."""

    name: str
    when: str
    does: str
    why: str
    shape: bool
    apply: Callable[[str, Words], str | None]


def _games(text: str, words: Words) -> str | None:
    n = option(words, "--games")
    if subcommand(words) not in STUDIES or n is None or not n.isdigit() or int(n) <= few(words):
        return None
    return _set_number(text, "--games", few(words))


def _default_games(text: str, words: Words) -> str | None:
    if subcommand(words) in STUDIES and option(words, "--games") is None:
        return insert(text, f"--games {few(words)}")
    return None


def _episodes(text: str, words: Words) -> str | None:
    n = option(words, "--episodes")
    return _set_number(text, "--episodes", 3) if n is not None and n.isdigit() and int(n) > 20 else None


def _ismcts(text: str, words: Words) -> str | None:
    if script(words) == "examples/rl/ismcts_vs_random.py" and option(words, "--hands") is None:
        return insert(text, "--hands 2 --simulations 10")
    return None


def _selfplay(text: str, words: Words) -> str | None:
    if script(words) == "examples/rl/vector_selfplay.py" and "--quick" not in words:
        return insert(text, "--quick")
    return None


def _seat_ppo(text: str, words: Words) -> str | None:
    if script(words) == "examples/rl/seat_ppo.py" and "--quick" not in words:
        return insert(text, "--quick")
    return None


TINY_TRAINING = "--updates 2 --imitate 1 --games 8 --steps 2 --hidden 8 --eval-games 4 --eval-every 2"
"""What a test trains with: two updates of small games and a small network, seconds."""


def _train(text: str, words: Words) -> str | None:
    if subcommand(words) != "train" or option(words, "--updates") == "2":
        return None
    text = re.sub(r"\s--(?:minutes|updates|imitate)[ =]\S+", "", text)
    return insert(text, TINY_TRAINING)


def _fuzz(text: str, words: Words) -> str | None:
    if script(words) != "tools/fuzz.py":
        return None
    for name in ("--variants", "--records", "--merges"):
        n = option(words, name)
        if n is not None and n.isdigit() and int(n) > 2:
            text = _set_number(text, name, 2)
    return text


def _benchmark(text: str, words: Words) -> str | None:
    name = script(words)
    if name and name.startswith("benchmarks/") and option(words, "--seconds") is None:
        return insert(text, "--seconds 0.05 --runs 1")
    return None


def _dask(text: str, words: Words) -> str | None:
    address = option(words, "--dask")
    if address is None or address.startswith("local:"):
        return None
    return text.replace(address, "local:2", 1)


def _workers(text: str, words: Words) -> str | None:
    if (
        subcommand(words) in STUDIES
        and option(words, "--workers") is None
        and option(words, "--dask") is None
    ):
        return insert(text, "--workers 1")
    return None


REDUCED: tuple[Reduction, ...] = (
    Reduction(
        "games",
        "simulate, compare or sweep with --games N above 2",
        "--games 2 (with --shard i/n, one game a shard if n is more)",
        "the doc's count is what a real study needs, minutes of play; a few games print the same tables",
        True,
        _games,
    ),
    Reduction(
        "default games",
        "simulate, compare or sweep without --games (100 games by default)",
        "--games 2 (as above)",
        "100 games per variant, times the points of a sweep, take a minute on two cores",
        True,
        _default_games,
    ),
    Reduction(
        "episodes",
        "--episodes N above 20",
        "--episodes 3",
        "a thousand episodes measure speed; three show the loop runs and what it prints",
        True,
        _episodes,
    ),
    Reduction(
        "ismcts",
        "python examples/rl/ismcts_vs_random.py without --hands",
        "--hands 2 --simulations 10",
        "200 hands of 200 simulations a decision take 8 minutes of processor time",
        True,
        _ismcts,
    ),
    Reduction(
        "selfplay",
        "python examples/rl/vector_selfplay.py without --quick",
        "--quick",
        "600 policy updates take a minute or two of processor time; 60 show the learning loop",
        True,
        _selfplay,
    ),
    Reduction(
        "seat ppo",
        "python examples/rl/seat_ppo.py without --quick",
        "--quick",
        "300 PPO updates take minutes of processor time; 4 show the training loop and what it prints",
        True,
        _seat_ppo,
    ),
    Reduction(
        "train",
        "hasenpfeffer train",
        TINY_TRAINING + " (no --minutes)",
        "a policy worth playing takes 1,500 updates, a quarter of an hour on two cores; two show"
        " the stages, the evaluation and the file written",
        True,
        _train,
    ),
    Reduction(
        "fuzz",
        "python tools/fuzz.py --variants N --records M --merges K, above 2",
        "--variants 2 --records 2 --merges 2",
        "cases by the thousand take minutes; tests/project/test_fuzz.py runs the first 280 of seed 1",
        True,
        _fuzz,
    ),
    Reduction(
        "benchmark",
        "python benchmarks/NAME.py without --seconds",
        "--seconds 0.05 --runs 1",
        "a benchmark measures for seconds on a quiet machine by design; one short run shows it runs",
        True,
        _benchmark,
    ),
    Reduction(
        "dask",
        "--dask tcp://HOST:PORT",
        "--dask local:2",
        "a test has no cluster; local:2 takes the same path (a client, tasks, results merged as they come)",
        False,
        _dask,
    ),
    Reduction(
        "workers",
        "simulate, compare or sweep without --workers or --dask",
        "--workers 1",
        "the figures are the same for any number of workers (each game has its own seed); one worker"
        " starts no processes on the two shared cores, and the line saying how many is masked",
        False,
        _workers,
    ),
)


MASKED_ONLY = ("workers",)
"""Rules that change only what an output masks (:data:`VOLATILE`): a command run with them still
runs as written, and ``--update`` may rewrite what the doc shows it printing."""


def reduce(text: str) -> tuple[str, tuple[str, ...], bool]:
    """A command as it runs in a test: its text, the rules applied, whether the figures change."""
    applied, shape = [], False
    for rule in REDUCED:
        new = rule.apply(text, shlex.split(text))
        if new is not None and new != text:
            text, shape = new, shape or rule.shape
            applied.append(rule.name)
    return text, tuple(applied), shape


# ---------------------------------------------------------------------------- NOT_RUN


@dataclass(frozen=True)
class NotRun:
    """Commands starting with ``words`` are not run: ``why``, and what is checked instead."""

    words: tuple[str, ...]
    why: str
    instead: str
    check: Callable[[Words, Path], str | None]


def _pyproject(root: Path) -> dict[str, object]:
    data: dict[str, object] = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    return data


def _extras(root: Path) -> set[str]:
    project = _pyproject(root).get("project")
    return set(project.get("optional-dependencies", {})) if isinstance(project, dict) else set()


def _pip(words: Words, root: Path) -> str | None:
    targets = [w for w in words[2:] if not w.startswith("-")]
    if not targets:
        return "pip install names nothing to install"
    project = _pyproject(root).get("project")
    if not isinstance(project, dict) or project.get("name") != "hasenpfeffer":
        return "`.` is not a clone of hasenpfeffer: its pyproject.toml names another project"
    for target in targets:
        found = re.fullmatch(r"\.(?:\[([\w,-]+)\])?", target)
        if found is None:
            return f"{target!r} is not this clone: install from it, as pip install '.[fast]'"
        unknown = [e for e in (found.group(1) or "").split(",") if e and e not in _extras(root)]
        if unknown:
            return (
                f"no extra {', '.join(unknown)} in pyproject.toml (it has {', '.join(sorted(_extras(root)))})"
            )
    return None


LEFT_OUT_OF_CI: dict[str, str] = {}
"""Extras ``.ci/run`` does not install, and why."""


def _ci(words: Words, root: Path) -> str | None:
    path = root / words[1]
    if not path.is_file():
        return f"{words[1]} does not exist"
    installed = set(",".join(re.findall(r"\.\[([\w,-]+)\]", path.read_text(encoding="utf-8"))).split(","))
    missing = sorted(_extras(root) - installed - set(LEFT_OUT_OF_CI))
    return f"{words[1]} does not install the extras {', '.join(missing)}" if missing else None


def _dask_cli(words: Words, root: Path) -> str | None:
    return None if shutil.which("dask") else "no `dask` command, although the dask extra is installed"


def _serve(words: Words, root: Path) -> str | None:
    tests = root / "tests" / "web"
    return None if any(tests.glob("test_*browser.py")) else "no browser tests run the server (tests/web)"


NOT_RUN: tuple[NotRun, ...] = (
    NotRun(
        ("pip", "install"),
        "it would change the environment the tests run in and fetch packages from the index",
        "it installs from `.` (this clone) and every extra it names is in pyproject.toml",
        _pip,
    ),
    NotRun(
        ("bash", ".ci/run"),
        "it is CI itself: a fresh virtual environment, every check, the whole test suite (this test too)",
        "the script exists and installs every extra of pyproject.toml but those of LEFT_OUT_OF_CI",
        _ci,
    ),
    NotRun(
        ("hasenpfeffer", "serve"),
        "a web server that runs until stopped; the browser tests of tests/web start it and drive it",
        "the browser tests exist",
        _serve,
    ),
    NotRun(
        ("dask", "scheduler"),
        "a server for other machines that runs until stopped; the study run on it runs on --dask local:2",
        "the dask extra installs the `dask` command",
        _dask_cli,
    ),
    NotRun(
        ("dask", "worker"),
        "a worker on another machine that runs until stopped; the study run on it runs on --dask local:2",
        "the dask extra installs the `dask` command",
        _dask_cli,
    ),
)


def not_run(words: Words) -> NotRun | None:
    """The row of :data:`NOT_RUN` for a command, if any."""
    return starting(NOT_RUN, words)


# ---------------------------------------------------------------------------- INPUT


@dataclass(frozen=True)
class Input:
    """Commands starting with ``words`` read ``stdin``; ``expect`` says what the output must show."""

    words: tuple[str, ...]
    stdin: str
    why: str
    expect: Callable[[Words, str], str | None]


Row = TypeVar("Row", NotRun, Input)


def _quit(words: Words, output: str) -> str | None:
    said = "Game record saved to" if "--save" in words else "Save the game record to resume later?"
    return None if said in output else f"quitting did not print {said!r}, as the README says it does"


INPUT: tuple[Input, ...] = (
    Input(
        ("hasenpfeffer", "play"),
        "quit\n",
        "play is interactive: the test quits at the first prompt; the README says quit offers to save"
        " the record, or saves it to --save",
        _quit,
    ),
)


def stdin_for(words: Words) -> Input | None:
    """The row of :data:`INPUT` for a command, if any."""
    return starting(INPUT, words)


def starting(rows: Sequence[Row], words: Words) -> Row | None:
    """The first of ``rows`` whose ``words`` begin the command."""
    return next((r for r in rows if tuple(words[: len(r.words)]) == r.words), None)


# ---------------------------------------------------------------------------- NEEDED


@dataclass(frozen=True)
class Needed:
    """A file named ``name``, for the commands of ``doc`` (None: any) with a word that is ``name``
    (or matches the pattern ``word``) and one that is ``when``: made from the doc's fenced block
    holding ``block`` (the nearest above the command, else the first below) with ``edits``, or by
    the shell line ``make``."""

    name: str
    source: str
    word: str | None = None
    doc: str | None = None
    when: str | None = None
    block: str | None = None
    edits: tuple[tuple[str, str], ...] = ()
    make: str | None = None


NEEDED: tuple[Needed, ...] = (
    Needed(
        "house.yaml",
        "the doc's our-table.yaml with `target` misspelt on line 11, as the command's comment says",
        doc="docs/variant-format.md",
        block="name: our-table",
        edits=(("  target:", "  taget:"),),
    ),
    Needed("our-table.yaml", "the house rule the doc writes in a yaml block above", block="name: our-table"),
    Needed("mybots.py", "the bot the doc writes in the python block above", r"mybots:.*", block="class Mine"),
    Needed(
        "game.yaml",
        "what `play euchre --save game.yaml` saves on quitting (the README's command before)",
        when="--resume",
        make="printf 'quit\\n' | hasenpfeffer play euchre --save game.yaml",
    ),
    Needed(
        "game.yaml",
        "a whole game's record, as `simulate --records` writes it (or `play --save`, README)",
        make="hasenpfeffer simulate euchre --games 1 --workers 1 --records runs && mv runs/game-000000.yaml game.yaml",
    ),
    Needed(
        "euchre.policy",
        "a policy as `hasenpfeffer train euchre --out euchre.policy` writes it (the doc's command), reduced alike",
        word=r"learned:euchre\.policy.*",
        doc="docs/bots.md",
        make=f"hasenpfeffer train euchre --out euchre.policy {TINY_TRAINING}",
    ),
    Needed(
        "stick.policy",
        "the policy the README's `hasenpfeffer train` writes for the house rule, reduced alike",
        word=r"learned:stick\.policy.*",
        make=f"hasenpfeffer train examples/house-rules/stick-the-dealer.yaml --out stick.policy {TINY_TRAINING}",
    ),
    Needed(
        "part-*.json",
        "the four shards of the doc's run (it shows two; the others are 'on another' machine), reduced alike",
        doc="docs/studies.md",
        make="for i in 1 2 3 4; do hasenpfeffer simulate pepper --games 4 --seed 3 --shard $i/4 --json"
        " --workers 1 > part-$i.json; done",
    ),
)


def needed(doc: str, words: Words) -> list[Needed]:
    """The files to make before a command of ``doc`` runs (one row per name, the first that fits),
    but for those it writes."""
    rows: dict[str, Needed] = {}
    made = {words[n + 1] for n, w in enumerate(words[:-1]) if w in WRITES}  # the command writes those
    for row in NEEDED:
        named = any(re.fullmatch(row.word or re.escape(row.name), w) for w in words if w not in made)
        fits = named and row.doc in (None, doc) and (row.when is None or row.when in words)
        if fits and row.name not in rows:
            rows[row.name] = row
    return list(rows.values())


# ---------------------------------------------------------------------------- EXTRAS, WRITES, VOLATILE

EXTRAS: tuple[tuple[str, str, str], ...] = (
    ("--plot", "matplotlib", "plot"),
    ("--dask", "distributed", "dask"),
    ("dask", "distributed", "dask"),
    ("examples/rl/pettingzoo_random.py", "pettingzoo", "rl"),
    ("examples/rl/ismcts_vs_random.py", "pyspiel", "rl"),
    ("examples/rl/vector_selfplay.py", "gymnasium", "rl"),
    ("examples/rl/vector_selfplay.py", "numba", "fast"),
    ("train", "jax", "learn"),
    ("train", "optax", "learn"),
    ("train", "numba", "fast"),
    ("examples/rl/seat_ppo.py", "jax", "learn"),
    ("examples/rl/seat_ppo.py", "optax", "learn"),
    ("benchmarks/rl.py", "pyspiel", "rl"),
    ("benchmarks/rl.py", "pettingzoo", "rl"),
)
"""(a word of the command, the module it needs, the extra that installs it)."""

WRITES = ("--csv", "--json", "--plot", "--records", "--save", "--output", "--out", ">")
"""Options of ``hasenpfeffer`` followed by a file (or folder) the command writes, and a shell's
``>``: after it runs, that must exist and not be empty (``--json`` only where a name follows)."""

VOLATILE: tuple[tuple[str, str, str], ...] = (
    (
        r"\b\d+(?:\.\d+)? s on (?:\d+ workers?|Dask \S+)",
        "<time> on <workers>",
        "the time a run took, and how many workers (by default, every core)",
    ),
    (r"[\d,.]+ ([a-z]+)/s\b", r"<speed> \1/s", "speeds"),
    (r"\(\d+ s\)", "(<time>)", "processor time of a run"),
    (r"^accel: .*$", "accel: <build>", "whether numba is installed, and HASENPFEFFER_ENGINE"),
    (
        r"^engine: (?:compiled \(numba\)|python \(numba is not installed.*\))$",
        "engine: <compiled where numba is installed>",
        "whether numba is installed, for random bots (--engine auto)",
    ),
)
"""(a pattern of the output, what it is masked as, what it is)."""


def tables() -> str:
    """The tables above as Markdown, for a reader or a review."""
    out = ["| reduced | to | why | output compared |", "|---|---|---|---|"]
    out += [f"| {r.when} | {r.does} | {r.why} | {'by shape' if r.shape else 'exactly'} |" for r in REDUCED]
    out += ["", "| not run | why | checked instead |", "|---|---|---|"]
    out += [f"| `{' '.join(r.words)} ...` | {r.why} | {r.instead} |" for r in NOT_RUN]
    out += ["", "| interactive | input | why |", "|---|---|---|"]
    out += [f"| `{' '.join(r.words)} ...` | `{r.stdin!r}` | {r.why} |" for r in INPUT]
    out += ["", "| file | for | from |", "|---|---|---|"]
    out += [
        f"| `{r.name}` | {r.doc or 'any doc'}{f', with {r.when}' if r.when else ''} | {r.source} |"
        for r in NEEDED
    ]
    return "\n".join(out)
