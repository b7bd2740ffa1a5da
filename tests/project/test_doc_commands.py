"""Every shell command of the README and the docs runs, and prints what the doc shows
(``tools/doccommands.py``; how each kind of command is run is in ``tools/doccases.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import doccases
import doccommands
from doccommands import Command

COMMANDS = doccommands.collect()


@pytest.mark.parametrize("command", COMMANDS, ids=[c.id for c in COMMANDS])
def test_command_runs_as_the_doc_says(command: Command, tmp_path: Path) -> None:
    missing = doccommands.missing_extras(command)
    if missing:
        pytest.skip(f"{command.id} needs the extra {', '.join(missing)}")
    problems = doccommands.check(command, tmp_path)
    assert problems == [], "\n".join(problems)


def test_every_page_with_a_shell_block_is_read() -> None:
    pages = {c.doc for c in COMMANDS}
    assert {"README.md", "docs/studies.md", "docs/variant-format.md", "examples/rl/README.md"} <= pages


PAGE = """\
# A page

```sh
hasenpfeffer variants          # one line each
hasenpfeffer simulate euchre \\
    --games 5000 --seed 2
```

```console
$ hasenpfeffer validate a.yaml
1 file valid
$ hasenpfeffer schema > s.json
```

```sh
hasenpfeffer simulate euchre --games 1000
```

```text
euchre: 1,000 games, bots greedy, seed 0
```

```sh
curl https://example.org
```
"""


def test_commands_are_found_with_their_line_and_shown_output() -> None:
    found = doccommands.extract("page.md", PAGE)
    assert [(c.id, c.code, c.shown) for c in found] == [
        ("page.md:4", "hasenpfeffer variants", None),
        ("page.md:5", "hasenpfeffer simulate euchre --games 5000 --seed 2", None),
        ("page.md:10", "hasenpfeffer validate a.yaml", ("1 file valid",)),
        ("page.md:12", "hasenpfeffer schema > s.json", ()),
        (
            "page.md:16",
            "hasenpfeffer simulate euchre --games 1000",
            ("euchre: 1,000 games, bots greedy, seed 0",),
        ),
        ("page.md:24", "curl https://example.org", None),
    ]
    lines = PAGE.splitlines()
    start, stop = found[4].span or (0, 0)
    assert lines[start:stop] == ["euchre: 1,000 games, bots greedy, seed 0"]


def test_a_text_block_after_several_commands_is_a_problem() -> None:
    page = "```sh\nhasenpfeffer variants\nhasenpfeffer schema\n```\n```text\nx\n```\n"
    assert all(c.problem and "several commands" in c.problem for c in doccommands.extract("p.md", page))


def test_an_unclassified_command_fails_until_a_table_says_what_to_do() -> None:
    curl = doccommands.extract("page.md", PAGE)[-1]
    (step,) = doccommands.plan(curl)
    assert step.run is None and step.problem and "tools/doccases.py" in step.problem


@pytest.mark.parametrize(
    ("text", "run", "shape"),
    [
        (
            "hasenpfeffer simulate hasenpfeffer --bots mc,greedy,mc,greedy --games 200 --records runs/",
            "hasenpfeffer simulate hasenpfeffer --bots mc,greedy,mc,greedy --games 2 --records runs/ --workers 1",
            True,
        ),
        (
            "hasenpfeffer sweep x --set a=1 --games 2",
            "hasenpfeffer sweep x --set a=1 --games 2 --workers 1",
            False,
        ),
        (
            "hasenpfeffer sweep x --set a=1 --dask tcp://host-a:8786",
            "hasenpfeffer sweep x --set a=1 --dask local:2 --games 2",
            True,
        ),
        (
            "python examples/rl/pettingzoo_random.py --episodes 20",
            "python examples/rl/pettingzoo_random.py --episodes 20",
            False,
        ),
        (
            "python tools/fuzz.py --variants 9 --records 1 --merges 30",
            "python tools/fuzz.py --variants 2 --records 1 --merges 2",
            True,
        ),
        ("hasenpfeffer play --resume game.yaml", "hasenpfeffer play --resume game.yaml", False),
    ],
)
def test_reductions(text: str, run: str, shape: bool) -> None:
    assert doccases.reduce(text)[0::2] == (run, shape)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("pip install '.[fast]'", None),
        ("pip install -e '.[test,rl]'", None),
        ("pip install 'hasenpfeffer[fast]'", "'hasenpfeffer[fast]' is not this clone"),
        ("pip install '.[speed]'", "no extra speed in pyproject.toml"),
        ("bash .ci/run", None),
    ],
)
def test_commands_not_run_are_checked_instead(text: str, problem: str | None) -> None:
    words = text.replace("'", "").split()
    row = doccases.not_run(words)
    assert row is not None
    found = row.check(words, doccommands.ROOT)
    assert found == problem if problem is None else found is not None and found.startswith(problem)


def test_volatile_parts_are_masked_and_figures_left_out_of_shapes() -> None:
    printed = "euchre: 3 games\n0.4 s on 1 worker, 970 hands/s\naccel: pure Python (no numba)\n"
    shown = "euchre: 1,000 games\n10.9 s on 2 workers, 393 hands/s\naccel: compiled (numba 0.60.0)\n"
    assert doccommands.masked(printed)[1:] == doccommands.masked(shown)[1:]
    assert doccommands.same_shape(doccommands.masked(shown), doccommands.masked(printed))
    assert not doccommands.matches(doccommands.masked(shown), doccommands.masked(printed))
    assert not doccommands.same_shape(["Contracts"], ["Contracts", "Traceback (most recent call last):"])


def test_update_rewrites_a_wrong_output_and_keeps_what_is_elided(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    page = tmp_path / "README.md"
    page.write_text("```sh\n$ hasenpfeffer diagram euchre\n---\ntitle: old\n...\n```\n\nEnd.\n")
    said = doccommands.update([page], tmp_path)
    assert said == ["README.md:2: rewritten"]
    text = page.read_text()
    head = '```sh\n$ hasenpfeffer diagram euchre\n---\ntitle: "euchre: phases of a hand"\n...\n```\n'
    assert text.startswith(head) and text.endswith("End.\n")
    assert doccommands.update([page], tmp_path) == []


def test_files_are_made_from_the_docs_own_blocks(tmp_path: Path) -> None:
    mistaken = next(c for c in COMMANDS if c.doc == "README.md" and c.shown and "2 problems" in c.shown[-1])
    assert doccommands.prepare(mistaken, doccommands.plan(mistaken), doccommands.ROOT, tmp_path / "a") == []
    assert "per_bid_trik: 1" in (tmp_path / "a" / "our-table.yaml").read_text()
    house = next(c for c in COMMANDS if c.doc == "docs/variant-format.md" and "house.yaml" in c.text)
    assert doccommands.prepare(house, doccommands.plan(house), doccommands.ROOT, tmp_path / "b") == []
    assert (tmp_path / "b" / "house.yaml").read_text().splitlines()[10] == "  taget: 15"
    assert not (tmp_path / "b" / ".git").exists() and (tmp_path / "b" / "docs" / "records").is_dir()


def test_a_command_whose_extra_is_missing_says_which(monkeypatch: pytest.MonkeyPatch) -> None:
    sweep = next(c for c in COMMANDS if "--plot grid.png" in c.text and c.doc == "README.md")
    monkeypatch.setattr(doccommands, "find_spec", lambda name: None)
    assert doccommands.missing_extras(sweep) == ["plot (matplotlib)"]


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("hasenpfeffer sweep x --set a=1 --games 2", True),  # --workers 1 changes only what is masked
        ("hasenpfeffer sweep x --set a=1 --games 2 --dask tcp://h:8786", False),
        ("hasenpfeffer simulate x --games 1000", False),
        ("pip install . && hasenpfeffer variants", False),
    ],
)
def test_only_outputs_of_commands_run_as_written_are_rewritten(text: str, written: bool) -> None:
    assert doccommands.as_written(doccommands.plan(Command("a.md", 1, text))) is written
