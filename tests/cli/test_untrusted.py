"""Files from strangers: each way a shared variant file or record once misled the program.

A variant file or a game record never runs code, never reads outside its folder, is bounded
in memory and time, and every mistake in it is a clear message with an exit code of 1 or 2.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hasenpfeffer import records
from hasenpfeffer.cli import main
from hasenpfeffer.format.errors import clean
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.sim.simulate import play_game
from support.paths import ROOT

SECRET = "top-secret-line-" + "s" * 120


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """Exit code and everything printed (stdout and stderr) of one command."""
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's usage errors
        code = int(exc.code or 0)
    out = capsys.readouterr()
    text = out.out + out.err
    assert "Traceback" not in text
    return code, text


def each_command(capsys: pytest.CaptureFixture[str], path: Path) -> list[tuple[str, int, str]]:
    """``validate``, ``show``, ``diagram`` and a one-game ``simulate`` of a file: exit codes and output."""
    out = []
    for command in ("validate", "show", "diagram", "simulate"):
        argv = [command, str(path)] + (["--games", "1", "--workers", "1"] if command == "simulate" else [])
        out.append((command, *run(capsys, *argv)))
    return out


def saved_game(tmp_path: Path, players: list[str], name: str = "saved.yaml") -> Path:
    game = play_game(load_variant("hasenpfeffer"), ["random"] * 4, seed=5, max_hands=1)
    record = game.record()
    record.pop("result", None)
    record["hands"] = record["hands"][:1]
    record["hands"][0]["actions"] = record["hands"][0]["actions"][:3]
    record["hands"][0].pop("result", None)
    record["players"] = players
    path = tmp_path / name
    records.save(record, path)
    return path


# ------------------------------------------------------------------ 1. a saved game runs no code


@pytest.mark.parametrize("bot", ["os:_exit", "time:sleep", "this:x"])
def test_resume_never_loads_a_bot_named_in_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bot: str
) -> None:
    path = saved_game(tmp_path, ["person", bot, "greedy", "greedy"])
    before = set(sys.modules)
    code, text = run(capsys, "play", "--resume", str(path))
    assert code == 1
    assert f"'{bot}'" in text and "pass --bots explicitly" in text
    assert "this" not in set(sys.modules) - before


def test_resume_restores_built_in_bots(tmp_path: Path) -> None:
    from rich.console import Console

    from hasenpfeffer.cli.commands.play import add_arguments, session_from_args

    path = saved_game(tmp_path, ["greedy", "person", "mc", "random"])
    import argparse

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["--resume", str(path)])
    with open(os.devnull, "w") as sink:
        session = session_from_args(args, Console(file=sink), lambda _: "quit")
    assert session.seat == 1
    assert {s: type(b).__name__ for s, b in session.bots.items()} == {
        0: "GreedyBot",
        2: "MonteCarloBot",
        3: "RandomBot",
    }


def test_resume_with_bots_on_the_command_line_ignores_the_record_s_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path, ["person", "os:_exit", "greedy", "greedy"])
    from hasenpfeffer.cli.commands import play

    code = play.run(
        play_args("--resume", str(path), "--bots", "random", "--delay", "0"),
        console=quiet_console(),
        ask=lambda prompt: "quit" if "move" in prompt else "n",
    )
    assert code in (0, 130)


def play_args(*argv: str) -> object:
    import argparse

    from hasenpfeffer.cli.commands.play import add_arguments

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(list(argv))


def quiet_console() -> object:
    from rich.console import Console

    return Console(file=open(os.devnull, "w"))


# ------------------------------------------------------------------ 2. bounded records


def test_an_alias_bomb_record_is_refused_quickly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for level in "bcdefgh":
        prev = chr(ord(level) - 1)
        lines.append(f"{level}: &{level} [{','.join(['*' + prev] * 9)}]")
    lines.append("variant: hasenpfeffer\nhands: [{hands: [[AS]], actions: [*h]}]")
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n")
    assert len(path.read_bytes()) < 1000
    start = time.perf_counter()
    code, text = run(capsys, "replay", str(path))
    assert time.perf_counter() - start < 5
    assert code == 1 and "aliases expand to more than" in text and text.startswith(f"{path}:")


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (b"variant: hasenpfeffer\nhands: [{hands: [[A\xffS]]}]\n", ":2:20: not UTF-8 text (byte 0xff"),
        (b"variant: hasenpfeffer\nhands: []\n", ":2:8: hands: must hold at least 1 item"),
        (b"variant: hasenpfeffer\nactions: true\nhands: [[AS]]\n", ":2:10: actions: must be a list"),
        (
            b"variant: hasenpfeffer\nhands: [{hands: [[AS]], result: 1.5}]\n",
            "hands.0.result: must be a mapping",
        ),
        (
            b"variant: hasenpfeffer\nhands: [{hands: [[AS]], result: x}]\n",
            "hands.0.result: must be a mapping",
        ),
        (b"variant: hasenpfeffer\nhands: [{hands: [[AS]]}]\nhands: []\n", ":3:1: hands: duplicate key"),
        (b"variant: !!python/name:os.system\nhands: [{hands: [[AS]]}]\n", "python tags are not allowed"),
        (
            b"variant: hasenpfeffer\nseed: 1.5\nhands: [{hands: [[AS]]}]\n",
            ":2:7: seed: must be a valid integer",
        ),
        (b"variant: hasenpfeffer\nhands: [{hands: [[AS]], colour: red}]\n", "hands.0.colour: unknown key"),
    ],
)
def test_bad_records_get_a_located_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: bytes, expected: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_bytes(body)
    code, text = run(capsys, "replay", str(path))
    assert code == 1 and expected in text, text
    assert text.startswith(f"{path}:")


def test_the_record_schema_is_published_and_current(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from jsonschema import Draft202012Validator

    code, text = run(capsys, "schema", "--record")
    assert code == 0
    committed = ROOT / "schemas" / "record.schema.json"
    assert committed.read_text(encoding="utf-8") == text, (
        "schemas/record.schema.json is stale: run `hasenpfeffer schema --record > schemas/record.schema.json`"
    )
    schema = json.loads(text)
    Draft202012Validator.check_schema(schema)
    game = play_game(load_variant("euchre"), ["random"] * 4, seed=2)
    validator = Draft202012Validator(schema)
    assert not list(validator.iter_errors(json.loads(json.dumps(game.record()))))
    assert list(validator.iter_errors({"variant": "euchre", "hands": [], "x": 1}))


# ------------------------------------------------------------------ 3. paths stay in the tree


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder ``tree`` to work in, beside files it must not read."""
    (tmp_path / "secret.yaml").write_text(f"{SECRET}: 1\nname: x\n")
    (tmp_path / "passwd").write_text(f"root:x:0:0:{SECRET}\n")
    tree = tmp_path / "tree"
    tree.mkdir()
    return tree


@pytest.mark.parametrize("target", ["../secret.yaml", "../../../../../etc/passwd", "sub/../../secret.yaml"])
def test_extends_may_not_leave_the_folder(
    outside: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    path = outside / "house.yaml"
    path.write_text(f"name: house\nextends: {target}\n")
    for command in ("validate", "show", "diagram"):
        code, text = run(capsys, command, str(path))
        assert code == 1 and "leads outside this file's folder" in text and "--allow-path" in text
        assert SECRET[:30] not in text


def test_absolute_extends_is_refused(outside: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = outside / "house.yaml"
    path.write_text(f"name: house\nextends: {outside.parent / 'secret.yaml'}\n")
    code, text = run(capsys, "validate", str(path))
    assert code == 1 and "is an absolute path, refused" in text and SECRET[:30] not in text


def test_a_symbolic_link_out_of_the_folder_is_refused(
    outside: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (outside / "link.yaml").symlink_to(outside.parent / "secret.yaml")
    path = outside / "house.yaml"
    path.write_text("name: house\nextends: link.yaml\n")
    code, text = run(capsys, "validate", str(path))
    assert code == 1 and "leads outside" in text and SECRET[:30] not in text


@pytest.mark.parametrize("folder", [".", "tree"])
def test_validate_reads_no_file_out_of_the_folder_through_a_link(
    outside: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, folder: str
) -> None:
    from hasenpfeffer.format import yamlload

    (outside / "sub").mkdir()
    (outside / "sub" / "house.yaml").write_text("name: house\n")
    (outside / "in.yaml").symlink_to("sub/house.yaml")  # a link within the folder is read
    for name, target in [
        ("a.yaml", "/etc/passwd"),
        ("b.yaml", "/proc/self/environ"),
        ("c.yaml", "../secret.yaml"),
    ]:
        (outside / name).symlink_to(target)
    opened: list[str] = []
    real_open = yamlload.open_regular

    def spy(path: str | os.PathLike[str], name: str) -> object:
        opened.append(os.path.realpath(path))
        return real_open(path, name)

    monkeypatch.setattr(yamlload, "open_regular", spy)
    monkeypatch.chdir(outside if folder == "." else outside.parent)
    code, text = run(capsys, "validate", folder)
    root = os.path.realpath(outside)
    assert code == 1 and opened and all(p.startswith(root + os.sep) for p in opened), opened
    from hasenpfeffer.cli.commands.validate import OUTSIDE

    prefix = "" if folder == "." else "tree/"
    assert text.splitlines() == [f"{prefix}{name}.yaml: {OUTSIDE}" for name in "abc"] + [
        "3 of 5 files invalid, 3 problems"
    ]


def test_allow_path_widens_the_rule_and_quotes_stay_short(
    outside: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = outside / "house.yaml"
    path.write_text("name: house\nextends: ../secret.yaml\n")
    code, text = run(capsys, "validate", "--allow-path", str(outside.parent), str(path))
    assert code == 1 and "unknown key" in text
    assert SECRET[:40] in text and SECRET[:50] not in text and "(136 characters)" in text


def test_a_file_that_is_not_a_mapping_is_never_quoted(
    outside: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = outside / "house.yaml"
    path.write_text("name: house\nextends: ../passwd.yaml\n")
    (outside.parent / "passwd.yaml").write_text((outside.parent / "passwd").read_text())
    code, text = run(capsys, "validate", "--allow-path", str(outside.parent), str(path))
    assert code == 1 and "the top level must be a mapping" in text and "root:x" not in text


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        ("/etc/passwd", "is an absolute path, refused"),
        ("../secret.yaml", "leads outside the record's folder"),
        ("{name: x, extends: ../secret.yaml}", "leads outside this file's folder"),
        ("{name: x, extends: ../..}", "leads outside this file's folder"),
    ],
)
def test_a_record_s_variant_stays_in_its_folder(
    outside: Path, capsys: pytest.CaptureFixture[str], variant: str, expected: str
) -> None:
    path = outside / "game.yaml"
    path.write_text(f"variant: {variant}\nhands: [{{hands: [[AS]]}}]\n")
    code, text = run(capsys, "replay", str(path))
    assert code == 1 and expected in text and SECRET[:30] not in text


def test_a_record_s_variant_path_inside_its_folder_still_works(outside: Path) -> None:
    (outside / "rules").mkdir()
    (outside / "rules" / "house.yaml").write_text("name: house\nextends: hasenpfeffer\ngame: {target: 5}\n")
    game = play_game(load_variant(outside / "rules" / "house.yaml"), ["random"] * 4, seed=1)
    record = game.record()
    record["variant"] = "rules/house.yaml"
    records.save(record, outside / "game.yaml")
    assert records.replay(outside / "game.yaml").record()["hands"] == record["hands"]


# ------------------------------------------------------------------ 4. regular files only


def _cli(
    *argv: str, stdin: int | None = subprocess.DEVNULL, text_in: bytes | None = None
) -> tuple[int, str, float]:
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", "import sys; from hasenpfeffer.cli import main; sys.exit(main())", *argv],
        input=text_in,
        stdin=None if text_in is not None else stdin,
        capture_output=True,
        timeout=60,
    )
    return proc.returncode, (proc.stdout + proc.stderr).decode(), time.perf_counter() - start


@pytest.mark.parametrize("command", ["validate", "show", "replay"])
def test_a_fifo_is_refused_at_once(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    code, text, seconds = _cli(command, str(fifo))
    assert code == 1 and "not a regular file" in text and "Traceback" not in text
    assert seconds < 20


@pytest.mark.parametrize("command", ["validate", "show", "replay"])
def test_dev_stdin_is_refused_but_dash_reads_standard_input(command: str) -> None:
    read_fd, write_fd = os.pipe()  # a pipe nobody writes to: reading it would hang
    try:
        code, text, _ = _cli(command, "/dev/stdin", stdin=read_fd)
    finally:
        os.close(read_fd)
        os.close(write_fd)
    assert code == 1 and "not a regular file" in text
    body = b"name: piped\n" if command != "replay" else b"variant: euchre\nhands: [{hands: [[AS]]}]\n"
    code, text, _ = _cli(command, "-", text_in=body)
    assert "not a regular file" not in text and "Traceback" not in text
    assert code in (0, 1)


def test_a_device_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = run(capsys, "validate", "/dev/zero")
    assert code == 1 and "not a regular file" in text


# ------------------------------------------------------------------ 5. terminal escapes


@pytest.mark.parametrize(
    "line",
    ['name: "x\\e]0;owned\\a"', 'name: "x\\e[2J"', 'name: x\ndescription: "\\e[2J"', 'name: "a b"'],
)
def test_control_characters_never_reach_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: hasenpfeffer\n{line}\n")
    for command, code, text in each_command(capsys, path):
        assert code == 1 and "\x1b" not in text and "\x07" not in text, command


@pytest.mark.parametrize("name", ["a\nb.yaml", "a\x1b[2Jb.yaml", "a\x9bb\u202e.yaml", "caf\u00e9.yaml"])
def test_validate_json_keeps_the_real_file_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    import json

    path = tmp_path / name
    path.write_text("name: house\ngame: {target: x}\n")
    code, text = run(capsys, "validate", "--format", "json", str(path))
    report = json.loads(text)
    assert code == 1 and report["files"][0]["path"] == str(path)
    assert report["problems"][0]["path"] == str(path)
    assert text.isascii() and not any(ch < " " and ch != "\n" for ch in text)  # safe on a terminal
    code, text = run(capsys, "validate", str(path))  # the text format escapes what it prints
    assert text.startswith(clean(str(path)) + ":") and "\x1b" not in text and "\x9b" not in text


# ------------------------------------------------------------------ bad input: a message, never a traceback


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("scoring: {made: {per_trick: 1.0e+308}}", "scoring.made.per_trick: must be a valid integer"),
        (
            "scoring: {made: {per_trick: 100000}}",
            "scoring.made.per_trick: must be less than or equal to 1000",
        ),
        ("scoring: {alone_multiplier: 1000}", "must be less than or equal to 100"),
        ("making: {all_pass: {failure_multiplier: .inf}}", "failure_multiplier: must be less than or equal"),
        ("players: " + "4" * 5000, "is too large (at most 20 digits)"),
        ("game: {target: 1000000000}", "game.target: must be less than or equal to 100000"),
        ("game: {target: 50000}", "cannot be reached within 1000 hands"),
        ("scoring: {made: {table: {3: 99999999999}}}", "must be less than or equal to 1000"),
    ],
)
def test_out_of_range_numbers_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, expected: str
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: hasenpfeffer\nname: house\n{body}\n")
    for command, code, text in each_command(capsys, path):
        assert code == 1 and expected in text, (command, text)
        assert max(len(line) for line in text.splitlines()) < 400


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["play", "--bots", "os:system"], "'system' is not a class"),
        (["play", "--delay", "-1"], "give seconds from 0 to 60"),
        (["simulate", "hasenpfeffer", "--games", "99999999999999999999"], "from 1 to 10,000,000"),
        (["simulate", "hasenpfeffer", "--seed", "-4"], "seed from 0"),
        (["play", "--seed", "9" * 30], "seed from 0"),
        (["simulate", "hasenpfeffer", "--bots", "os:system"], "'system' is not a class"),
    ],
)
def test_bad_options_are_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    code, text = run(capsys, *argv)
    assert code == 2 and expected in text


def test_no_code_runs_from_a_variant_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    marker = tmp_path / "ran"
    path = tmp_path / "house.yaml"
    path.write_text(f"name: !!python/object/apply:os.system ['touch {marker}']\n")
    code, text = run(capsys, "validate", str(path))
    assert code == 1 and "python tags are not allowed" in text and not marker.exists()


def test_reading_is_bounded_in_time_for_a_deep_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("name: x\nplayers: " + "[" * 50_000 + "]" * 50_000 + "\n")
    start = time.perf_counter()
    code, text = run(capsys, "validate", str(path))
    assert code == 1 and "nesting depth" in text and time.perf_counter() - start < 10


@pytest.mark.parametrize("loader", ["pure", "libyaml"])
@pytest.mark.parametrize("depth", ["as-counted-once", "unscanned", "50000"])
def test_a_deep_file_is_refused_under_either_parser(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    loader: str,
    depth: str,
) -> None:
    # ``[a:`` opens two levels: a sequence and the single-pair mapping in it. Counted once, as
    # many as the shape then allows reached the pure composer, which recursed too deep; the
    # most the shape allows now without counting events first; and 50,000.
    from hasenpfeffer.format import yamldepth

    chosen = yamldepth.PureLoader if loader == "pure" else yamldepth.C_LOADER
    if chosen is None:
        pytest.skip("PyYAML was built without libyaml")
    monkeypatch.setattr(yamldepth, "LOADER", chosen)

    def deep(head: str) -> str:
        room = yamldepth.SCAN_ABOVE - 2 * (max(map(len, head.splitlines())) + 1)
        n = {"as-counted-once": room, "unscanned": room // 2}.get(depth, 50_000)
        return head + " [a:\n" * n + " ]\n" * n

    variant, record = tmp_path / "deep.yaml", tmp_path / "game.yaml"
    variant.write_text(deep("name: x\nplayers:\n"))
    record.write_text(deep("variant: euchre\nhands:\n"))
    for argv in (
        ["validate", str(variant)],
        ["show", str(variant)],
        ["simulate", str(variant), "--games", "1", "--workers", "1"],
        ["replay", str(record)],
    ):
        code, text = run(capsys, *argv)
        assert code == 1 and "RecursionError" not in text, (argv, text)
        assert re.match(rf"{re.escape(argv[1])}:\d+:\d+: (\w[\w.]*: )?nest", text), (argv, text)


LONG = "x" * 300


@pytest.mark.parametrize(
    "body",
    [
        f"pack: {{suits: [C, D, '{LONG}']}}",
        f"pack: {{ranks: [9, T, J, Q, K, '{LONG}']}}",
        f"making: {{all_pass: {{bid: '{LONG}'}}}}",
        f"making: {{all_pass: {{bid: '-{'5' * 300}'}}}}",
        f"extends: {LONG}.yaml",
        f"extends: sub/{LONG}.yaml",
    ],
)
def test_long_values_are_quoted_short(tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(
        f"extends: hasenpfeffer\nname: house\n{body}\n" if "extends" not in body else f"name: h\n{body}\n"
    )
    code, text = run(capsys, "validate", str(path))
    assert code == 1 and LONG[:100] not in text and "5" * 100 not in text


def test_a_long_variant_path_in_a_record_is_quoted_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(f"variant: {LONG}/euchre.yaml\nhands: [{{hands: [[AS]]}}]\n")
    code, text = run(capsys, "replay", str(path))
    assert code == 1 and LONG[:100] not in text


@pytest.mark.parametrize("text", ['"x\\0y.yaml"', '"sub/\\e[2J.yaml"', '"euchre\\0"'])
def test_control_characters_in_paths_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    variant = tmp_path / "house.yaml"
    variant.write_text(f"name: h\nextends: {text}\n")
    record = tmp_path / "game.yaml"
    record.write_text(f"variant: {text}\nhands: [{{hands: [[AS]]}}]\n")
    for argv in (["validate", str(variant)], ["show", str(variant)], ["replay", str(record)]):
        code, out = run(capsys, *argv)
        assert code == 1 and "may not hold control characters" in out, (argv, out)
