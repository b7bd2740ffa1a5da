"""Error messages of the command: one unwrapped line each, the path named once."""

from __future__ import annotations

from pathlib import Path

import pytest

from hasenpfeffer.cli import main

Capsys = pytest.CaptureFixture[str]


@pytest.fixture
def far(tmp_path: Path) -> str:
    """A path to a missing variant file, longer than a terminal line."""
    path = tmp_path / ("a-folder-with-a-long-name-" * 3) / "our-house-rule-with-a-long-name.yaml"
    assert len(str(path)) > 100
    return str(path)


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "{far}", "--games", "1"],
        ["compare", "hasenpfeffer", "{far}", "--games", "1"],
        ["diagram", "{far}"],
        ["show", "{far}"],
    ],
)
def test_a_long_error_is_one_line_on_stderr(argv: list[str], far: str, capsys: Capsys) -> None:
    assert main([a.format(far=far) for a in argv]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(far) and "No such file or directory" in err


def test_a_long_bot_error_is_one_line(capsys: Capsys) -> None:
    bot = "a.package.that.does.not.exist.anywhere.at.all:AndAClassWithAVeryLongNameIndeed"
    assert main(["simulate", "hasenpfeffer", "--games", "1", "--bots", bot]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and bot in err


def test_play_setup_error_is_one_line(far: str, capsys: Capsys) -> None:
    assert main(["play", "--resume", far]) == 1
    out = capsys.readouterr().err
    assert out.count("\n") == 1 and far in out


def test_replay_names_a_missing_file_once(capsys: Capsys) -> None:
    assert main(["replay", "no-such-record.yaml"]) == 1
    assert capsys.readouterr().err == "no-such-record.yaml: cannot read the file: No such file or directory\n"


def test_replay_names_the_file_before_a_problem_in_it(tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "g.yaml"
    path.write_text("variant: hasenpfeffer\n")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err == f"{path}:1:1: hands: required, but missing\n"
