"""Every shell command of the docs, run as the doctests run the Python examples.

The commands are those of the fenced blocks marked ``sh``, ``bash``, ``console`` or ``shell`` in
``README.md``, ``docs/*.md`` and ``examples/**/README.md``, with or without a ``$ `` prompt. What
a doc shows a command printing is compared with what it prints: the lines after a ``$ command``
line of its block, or a ``text`` block right after (blank lines between at most) the block of a
single command. A ``...`` line of the shown output stands for any lines; a command shown with
``$ `` and no lines after it prints nothing. Each command runs with bash in a scratch copy of
the clone, the files it needs made there, so nothing is written into the repository.
``tools/doccases.py`` holds the tables of what is done otherwise, and why: commands run with
smaller numbers (their output is then compared by its shape), commands not run, standard input,
files, extras, and the parts of an output that change from run to run.

    python tools/doccommands.py [DOC ...]            each command and how it is run
    python tools/doccommands.py --run [DOC ...]      run them; report what differs (exit 1)
    python tools/doccommands.py --update [DOC ...]   rewrite the shown outputs of the commands
                                                     that run as written, from real runs
    python tools/doccommands.py --tables             the tables of tools/doccases.py

``tests/project/test_doc_commands.py`` runs each as a test named after its doc and line.

>>> text = "Intro\\n\\n```sh\\n$ hasenpfeffer variants --help | head -1\\nusage: ...\\n```\\n"
>>> [(c.id, c.text, c.shown) for c in extract("page.md", text)]
[('page.md:4', 'hasenpfeffer variants --help | head -1', ('usage: ...',))]
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from importlib.util import find_spec
from pathlib import Path

import doccases

ROOT = Path(__file__).resolve().parent.parent
SHELLS = ("sh", "bash", "console", "shell")
PROMPT = "$ "
ELLIPSIS = "..."
TIMEOUT = 900
"""Seconds a command may take before its test fails: a command of the docs may be a newcomer's
first run, compiling what its engine needs (``benchmarks/rl.py``'s seat environments compile for
five minutes and more on two cores with an empty cache)."""
SKIPPED = {".git", "__pycache__", "build", "dist", "fuzz-failures"}
"""Folders not copied into the scratch clone (besides virtual environments and ``.*_cache``)."""


@dataclass(frozen=True)
class Command:
    """A command of a doc: where it is, its text, and what the doc shows it printing (``shown``,
    None when nothing is shown; ``span``, those lines' indexes in the doc, from 0)."""

    doc: str
    line: int
    text: str
    shown: tuple[str, ...] | None = None
    span: tuple[int, int] | None = None
    problem: str | None = None

    @property
    def id(self) -> str:
        """``README.md:123``: the doc and the line of the command."""
        return f"{self.doc}:{self.line}"

    @property
    def code(self) -> str:
        """The command without its comment.

        >>> Command("a.md", 1, "hasenpfeffer variants   # one line each").code
        'hasenpfeffer variants'
        """
        for n in doccases.unquoted(self.text):
            if self.text[n] == "#" and (n == 0 or self.text[n - 1].isspace()):
                return self.text[:n].rstrip()
        return self.text.strip()


# ---------------------------------------------------------------------------- finding the commands


@dataclass(frozen=True)
class Block:
    lang: str
    first: int  # index of its first line of content
    stop: int  # index of its closing fence
    indent: int


def blocks(lines: Sequence[str]) -> Iterator[Block]:
    """The fenced blocks of a page."""
    n = 0
    while n < len(lines):
        opened = re.match(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)", lines[n])
        if opened is None:
            n += 1
            continue
        indent, fence = len(opened.group(1)), opened.group(2)
        stop = n + 1
        while stop < len(lines) and not re.fullmatch(rf"\s*{re.escape(fence)}{fence[0]}*\s*", lines[stop]):
            stop += 1
        yield Block(opened.group(3).lower(), n + 1, stop, indent)
        n = stop + 1


def extract(doc: str, text: str) -> list[Command]:
    """The commands of a page, each with what the page shows it printing."""
    lines = text.splitlines()
    found = list(blocks(lines))
    out: list[Command] = []
    for n, block in enumerate(found):
        if block.lang not in SHELLS:
            continue
        after = found[n + 1] if n + 1 < len(found) else None
        between = lines[block.stop + 1 : after.first - 1] if after else []
        output = after if after and after.lang == "text" and not any(s.strip() for s in between) else None
        out += _commands(doc, lines, block, output)
    return out


def _commands(doc: str, lines: Sequence[str], block: Block, output: Block | None) -> list[Command]:
    body = [
        line[block.indent :] if not line[: block.indent].strip() else line
        for line in lines[block.first : block.stop]
    ]
    prompted = any(line.startswith(PROMPT) for line in body)
    out: list[Command] = []
    n = 0
    while n < len(body):
        line = body[n]
        if not line.strip() or (not prompted and line.lstrip().startswith("#")):
            n += 1
            continue
        if prompted and not line.startswith(PROMPT):
            out.append(
                Command(doc, block.first + n + 1, line, problem="output before the first `$ ` command")
            )
            n += 1
            continue
        start, text = n, line[len(PROMPT) :] if prompted else line.strip()
        while text.endswith("\\") and n + 1 < len(body):
            n += 1
            text = text[:-1].rstrip() + " " + body[n].strip()
        command = Command(doc, block.first + start + 1, text)
        n += 1
        if prompted:
            stop = n
            while stop < len(body) and not body[stop].startswith(PROMPT):
                stop += 1
            end = stop
            while end > n and not body[end - 1].strip():
                end -= 1
            command = replace(command, shown=tuple(body[n:end]), span=(block.first + n, block.first + end))
            n = stop
        out.append(command)
    if output is not None:
        shown = tuple(lines[output.first : output.stop])
        if prompted or len(out) != 1:
            why = "a text block after a block of several commands or of `$ ` lines: put the output after its `$ ` command"
            return [replace(c, problem=why) for c in out]
        out = [replace(out[0], shown=shown, span=(output.first, output.stop))]
    return out


def pages(root: Path = ROOT) -> list[Path]:
    """The pages whose commands run: the README, ``docs/*.md`` and ``examples/**/README.md``."""
    return [
        root / "README.md",
        *sorted((root / "docs").glob("*.md")),
        *sorted((root / "examples").rglob("README.md")),
    ]


def collect(root: Path = ROOT, paths: Sequence[Path] | None = None) -> list[Command]:
    """Every command of the pages (or of ``paths``)."""
    out = []
    for path in paths or pages(root):
        out += extract(path.resolve().relative_to(root).as_posix(), path.read_text(encoding="utf-8"))
    return out


# ---------------------------------------------------------------------------- planning


@dataclass(frozen=True)
class Step:
    """One command of an ``&&`` chain as it is handled: ``run`` (what runs; None: not run, see ``skip``)."""

    text: str
    run: str | None
    rules: tuple[str, ...] = ()
    shape: bool = False
    stdin: doccases.Input | None = None
    skip: doccases.NotRun | None = None
    problem: str | None = None

    @property
    def words(self) -> list[str]:
        return shlex.split(self.run if self.run is not None else self.text)


def plan(command: Command) -> list[Step]:
    """How each part of a command is handled.

    >>> [(s.run, s.rules) for s in plan(Command("a.md", 1, "pip install . && hasenpfeffer simulate x"))]
    [(None, ()), ('hasenpfeffer simulate x --games 2 --workers 1', ('default games', 'workers'))]
    """
    code = command.code
    cuts = [n for n in doccases.unquoted(code) if code.startswith("&&", n)]
    parts = [code[a:b].strip(" &") for a, b in zip([0, *cuts], [*cuts, len(code)], strict=True)]
    steps = []
    for part in parts:
        try:
            words = shlex.split(part)
        except ValueError as exc:
            steps.append(Step(part, None, problem=f"cannot read {part!r}: {exc}"))
            continue
        skip = doccases.not_run(words)
        if skip is not None:
            steps.append(Step(part, None, skip=skip))
        elif doccases.subcommand(words) or doccases.script(words):
            run, rules, shape = doccases.reduce(part)
            steps.append(Step(part, run, rules, shape, doccases.stdin_for(words)))
        else:
            why = "no table of tools/doccases.py says how to run this command: add it to one"
            steps.append(Step(part, None, problem=why))
    return steps


def exact(steps: Sequence[Step]) -> bool:
    """Whether the output is compared exactly (no step changes its figures)."""
    return not any(s.shape for s in steps)


def as_written(steps: Sequence[Step]) -> bool:
    """Whether every step runs as written, but for a rule that changes only what is masked (such
    outputs may be rewritten)."""
    return all(s.run is not None and set(s.rules) <= set(doccases.MASKED_ONLY) for s in steps)


def missing_extras(command: Command) -> list[str]:
    """The extras a command needs that are not installed (``dask (distributed)``)."""
    words = {w for s in plan(command) if s.problem is None for w in s.words}
    return sorted({f"{x} ({m})" for w, m, x in doccases.EXTRAS if w in words and find_spec(m) is None})


# ---------------------------------------------------------------------------- comparing outputs


def masked(text: str) -> list[str]:
    """The lines of an output with what changes from run to run masked, trailing spaces removed."""
    lines = [line.rstrip() for line in text.splitlines()]
    for pattern, mask, _ in doccases.VOLATILE:
        lines = [re.sub(pattern, mask, line) for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def matches(shown: Sequence[str], printed: Sequence[str]) -> bool:
    """Whether the printed lines are the shown ones, a ``...`` line standing for any lines.

    >>> matches(["a", "...", "d"], ["a", "b", "c", "d"]), matches(["a", "..."], ["b"])
    (True, False)
    """
    pattern = "".join("(?:.*\n)*?" if line == ELLIPSIS else re.escape(line) + "\n" for line in shown)
    return re.fullmatch(pattern, "".join(line + "\n" for line in printed)) is not None


FIGURE = re.compile(
    r"[+-]?\d[\d,]*(?:\.\d+)?(?:%|pp)?(?: \([+-]?[\d.,]+\.\.[+-]?[\d.,]+\))?(?: \*)?|no data|—"
)


def shape(line: str) -> str:
    """A line without its figures or the widths of its columns.

    >>> shape("│ 4    │  3,208 │ 70.9% (69.3..72.4) │"), shape("│ big-pepper │ 0 │ no data │")
    ('│ # │ # │ # │', '│ big-pepper │ # │ # │')
    """
    line = re.sub(r"([━─═])\1+", r"\1", FIGURE.sub("#", line))
    return re.sub(r" +", " ", line)


def same_shape(shown: Sequence[str], printed: Sequence[str]) -> bool:
    """Whether a run with other numbers printed what the doc shows but for its figures: every line
    of the doc but a table's row (``│``), in order (lines alike in a row, as progress lines, at
    least once); and, where the doc elides nothing, no line of a shape the doc does not show.

    >>> same_shape(["Total", "│ 3 │ 5 │", "│ all │ 8 │"], ["Total", "│ all │ 1 │"])
    True
    """
    doc, run = [shape(s) for s in shown], [shape(p) for p in printed]
    fixed = [line for line in doc if line != ELLIPSIS and not line.startswith("│")]
    printed_in_turn = iter(run)
    once = [line for n, line in enumerate(fixed) if n == 0 or line != fixed[n - 1]]
    if not all(any(line == got for got in printed_in_turn) for line in once):
        return False
    return ELLIPSIS in doc or set(run) <= set(doc)


def relative(output: str, scratch: Path) -> str:
    """An output with the scratch folder's paths written relative to it, as in the clone."""
    for path in {str(scratch.resolve()), str(scratch)}:
        output = output.replace(path + os.sep, "").replace(path, ".")
    return output


# ---------------------------------------------------------------------------- running


def clone(root: Path, scratch: Path) -> None:
    """Copy the clone's files into ``scratch`` (no virtual environment, caches or Git objects)."""

    def ignored(folder: str, names: list[str]) -> set[str]:
        return {
            n
            for n in names
            if n in SKIPPED or n.endswith(("_cache", ".egg-info")) or Path(folder, n, "pyvenv.cfg").exists()
        }

    shutil.copytree(root, scratch, ignore=ignored, dirs_exist_ok=True)


def environment() -> dict[str, str]:
    """A newcomer's environment: this Python's folder first on PATH, no terminal size or colour
    forced, no PYTHONPATH, nothing compiled written."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"COLUMNS", "LINES", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "PYTHONPATH"}
    }
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def shell(text: str, scratch: Path, stdin: str = "") -> tuple[int, str]:
    """Run ``text`` with bash in ``scratch``: its exit status and what it printed (both streams)."""
    try:
        done = subprocess.run(
            ["bash", "-o", "pipefail", "-c", text],
            cwd=scratch,
            env=environment(),
            input=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return -1, f"did not finish in {TIMEOUT} s"
    return done.returncode, relative(done.stdout, scratch)


def block_text(command: Command, root: Path, marker: str) -> str | None:
    """The fenced block of the command's doc holding ``marker``: the nearest above it, else the first below."""
    lines = (root / command.doc).read_text(encoding="utf-8").splitlines()
    holding = [b for b in blocks(lines) if any(marker in line for line in lines[b.first : b.stop])]
    above = [b for b in holding if b.stop < command.line]
    chosen = above[-1] if above else next(iter(holding), None)
    if chosen is None:
        return None
    return "".join(line[chosen.indent :] + "\n" for line in lines[chosen.first : chosen.stop])


def prepare(command: Command, steps: Sequence[Step], root: Path, scratch: Path) -> list[str]:
    """A scratch clone with the files the command needs; the problems met."""
    clone(root, scratch)
    problems = []
    for step in steps:
        for row in doccases.needed(command.doc, step.words):
            if row.block is not None:
                text = block_text(command, root, row.block)
                if text is None:
                    problems.append(f"{row.name}: no block holding {row.block!r} in {command.doc}")
                    continue
                for old, new in row.edits:
                    text = text.replace(old, new)
                (scratch / row.name).write_text(text, encoding="utf-8")
            elif row.make is not None:
                status, output = shell(row.make, scratch)
                if status != 0:
                    problems.append(f"making {row.name} ({row.make}) failed with status {status}:\n{output}")
    return problems


@dataclass
class Outcome:
    """What running a command gave: its exit status, what it printed, and the problems found."""

    status: int
    output: str
    problems: list[str]


def execute(command: Command, scratch: Path, root: Path = ROOT) -> Outcome:
    """Run a command (its steps in order, as ``&&`` does) in ``scratch``, and check what the tables
    say it does besides its output: the checks of commands not run, its input, the files it writes."""
    steps = plan(command)
    problems = [s.problem for s in steps if s.problem] + ([command.problem] if command.problem else [])
    if problems:
        return Outcome(0, "", problems)
    problems = prepare(command, steps, root, scratch)
    status, printed = 0, []
    for step in steps:
        if step.skip is not None:
            found = step.skip.check(step.words, root)
            problems += [f"{step.text}: {found}"] if found else []
            continue
        assert step.run is not None
        status, output = shell(step.run, scratch, step.stdin.stdin if step.stdin else "")
        printed.append(output)
        if step.stdin is not None:
            found = step.stdin.expect(step.words, output)
            problems += [found] if found else []
        if status != 0:
            break
        problems += [f"{step.run}: {p}" for p in written(step.words, scratch)]
    return Outcome(status, "".join(printed), problems)


def written(words: Sequence[str], scratch: Path) -> list[str]:
    """The files the command says it writes (:data:`doccases.WRITES`) that are missing or empty."""
    out = []
    ours = doccases.subcommand(words) is not None
    for n, word in enumerate(words[:-1]):
        name = words[n + 1]
        if (
            word not in doccases.WRITES
            or (word != ">" and not ours)
            or (word == "--json" and not name.endswith(".json"))
        ):
            continue
        path = scratch / name
        if (
            not path.exists()
            or (path.is_file() and path.stat().st_size == 0)
            or (path.is_dir() and not any(path.iterdir()))
        ):
            out.append(f"{name} was not written")
    return out


def check(command: Command, scratch: Path, root: Path = ROOT) -> list[str]:
    """The problems of a command: it fails, or prints other than the doc shows (empty: none)."""
    outcome = execute(command, scratch, root)
    steps = plan(command)
    problems = outcome.problems
    unread = any(s.problem for s in steps) or command.problem is not None
    printed = masked(outcome.output)
    same = True
    if command.shown is not None and not unread:
        shown = masked("\n".join(command.shown))
        same = matches(shown, printed) or (not exact(steps) and same_shape(shown, printed))
        if not same:
            how = "exactly" if exact(steps) else "by shape (figures left out, as below)"
            if not exact(steps):
                shown, printed = [shape(line) for line in shown], [shape(line) for line in printed]
            diff = difflib.unified_diff(shown, printed, "shown in the doc", "printed", lineterm="", n=2)
            problems.append(f"the output differs from the doc's, compared {how}:\n" + "\n".join(diff))
    allowed = (0, 1) if command.shown is not None and same and not unread else (0,)
    if outcome.status not in allowed:
        problems.append(f"exit status {outcome.status}:\n{outcome.output[-3000:]}")
    if problems:
        ran = " && ".join(s.run or f"[not run: {s.text}]" for s in steps)
        problems.insert(0, f"{command.id}: {ran}")
    return problems


# ---------------------------------------------------------------------------- rewriting the docs


def rewritten(shown: Sequence[str], printed: Sequence[str]) -> list[str]:
    """The shown output made what was printed, keeping what the doc elides with ``...``: the lines
    before the first ``...`` and after the last are replaced, those between kept.

    >>> rewritten(["a", "...", "z"], ["A", "b", "c", "Z"]), rewritten(["old"], ["new", "lines"])
    (['A', '...', 'Z'], ['new', 'lines'])
    """
    if ELLIPSIS not in shown:
        return list(printed)
    head = shown.index(ELLIPSIS)
    tail = len(shown) - 1 - max(n for n, line in enumerate(shown) if line == ELLIPSIS)
    return [*printed[:head], *shown[head : len(shown) - tail], *printed[len(printed) - tail :][:tail]]


def update(paths: Sequence[Path], root: Path = ROOT) -> list[str]:
    """Rewrite the shown outputs of the commands that run as written from real runs; say what changed."""
    said = []
    for path in paths:
        lines = path.read_text(encoding="utf-8").split("\n")
        edits = []
        for command in collect(root, [path]):
            steps = plan(command)
            if command.shown is None or command.span is None or command.problem or not as_written(steps):
                continue
            with tempfile.TemporaryDirectory() as scratch:
                outcome = execute(command, Path(scratch), root)
            if outcome.problems or outcome.status not in (0, 1):
                said.append(
                    f"{command.id}: not rewritten: status {outcome.status}; " + "; ".join(outcome.problems)
                )
                continue
            new = rewritten(
                command.shown, [line.rstrip() for line in outcome.output.rstrip("\n").split("\n")]
            )
            if masked("\n".join(new)) != masked("\n".join(command.shown)):
                edits.append((command.span, new))
                said.append(f"{command.id}: rewritten")
        for (start, stop), new in sorted(edits, reverse=True):
            lines[start:stop] = new
        if edits:
            path.write_text("\n".join(lines), encoding="utf-8")
    return said


# ---------------------------------------------------------------------------- command line


def describe(command: Command) -> str:
    """How a command is handled, a line for each part of it.

    >>> print(describe(Command("a.md", 3, "hasenpfeffer simulate x --games 500", ("x: 500 games",))))
    a.md:3: hasenpfeffer simulate x --games 500
      runs hasenpfeffer simulate x --games 2 --workers 1 [games, workers]; output compared by shape
    """
    out, files = [f"{command.id}: {command.text}"], []
    steps = plan(command)
    for step in steps:
        if step.problem:
            out.append(f"  PROBLEM: {step.problem}")
        elif step.skip is not None:
            out.append(f"  not run: {step.skip.why}; checked instead: {step.skip.instead}")
        else:
            rules = f" [{', '.join(step.rules)}]" if step.rules else ""
            stdin = f", input {step.stdin.stdin!r}" if step.stdin is not None else ""
            out.append(f"  runs {'as written' if step.run == step.text else step.run}{rules}{stdin}")
            files += [f"  with {n.name}: {n.source}" for n in doccases.needed(command.doc, step.words)]
    if command.problem:
        out.append(f"  PROBLEM: {command.problem}")
    elif command.shown is not None:
        out[-1] += f"; output compared {'exactly' if exact(steps) else 'by shape'}"
    return "\n".join(out + files)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "docs", nargs="*", type=Path, help="pages (default: README.md, docs/*.md, examples/**/README.md)"
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--run", action="store_true", help="run every command and report what differs")
    mode.add_argument(
        "--update", action="store_true", help="rewrite shown outputs of commands that run as written"
    )
    mode.add_argument("--tables", action="store_true", help="print the tables of tools/doccases.py")
    args = parser.parse_args(argv)
    if args.tables:
        print(doccases.tables())
        return 0
    paths = args.docs or pages(ROOT)
    if args.update:
        print("\n".join(update(paths)) or "nothing to rewrite")
        return 0
    failed = 0
    for command in collect(ROOT, paths):
        if not args.run:
            print(describe(command))
            continue
        if missing_extras(command):
            print(f"{command.id}: skipped, needs {', '.join(missing_extras(command))}")
            continue
        with tempfile.TemporaryDirectory() as scratch:
            problems = check(command, Path(scratch))
        failed += bool(problems)
        print("\n".join(problems) if problems else f"{command.id}: ok", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
