"""The format commands: ``validate``, ``show``, ``variants`` (exit codes, output formats)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from hasenpfeffer.cli import main
from hasenpfeffer.format.loader import builtin_names, load_variant
from support.paths import ROOT

Capsys = pytest.CaptureFixture[str]

GOOD = "name: good\ngame:\n  target: 15\n"
# Line 4, column 3 is the misspelt key; the summary counts one problem for this file.
TYPO = "extends: hasenpfeffer\nname: typo\ngame:\n  taget: 15\n"
# Two problems: an unknown suit (line 3, col 17: `X`, the third item) and a bad target (line 5, col 11).
TWO = "name: two\npack:\n  suits: [C, D, X, S]\ngame:\n  target: lots\n"


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of variant files; the working directory is set to it so that paths print short."""
    (tmp_path / "rules" / "deep").mkdir(parents=True)
    (tmp_path / "rules" / ".hidden").mkdir()
    (tmp_path / "rules" / "good.yaml").write_text(GOOD)
    (tmp_path / "rules" / "deep" / "also-good.yml").write_text(GOOD.replace("good", "also-good"))
    (tmp_path / "rules" / "deep" / "notes.txt").write_text("not a variant")
    (tmp_path / "rules" / ".hidden" / "broken.yaml").write_text("name: [\n")
    (tmp_path / "typo.yaml").write_text(TYPO)
    (tmp_path / "two.yaml").write_text(TWO)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["validate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------------- validate


def test_folder_is_searched_recursively_skipping_hidden_and_other_files(tree: Path, capsys: Capsys) -> None:
    assert run(capsys, "rules") == (0, "2 files valid\n", "")


def test_one_invalid_file_text_format(tree: Path, capsys: Capsys) -> None:
    code, out, err = run(capsys, "typo.yaml")
    assert code == 1 and err == ""
    assert out.splitlines() == [
        "typo.yaml:4:3: game.taget: unknown key; did you mean `target`?",
        "1 of 1 file invalid, 1 problem",
    ]


def test_mixed_files_summary_counts_files_and_problems(tree: Path, capsys: Capsys) -> None:
    code, out, _ = run(capsys, "rules", "typo.yaml", "two.yaml")
    lines = out.splitlines()
    assert code == 1
    assert lines[-1] == "2 of 4 files invalid, 3 problems"
    assert [line.split(":")[:3] for line in lines[:-1]] == [
        ["typo.yaml", "4", "3"],
        ["two.yaml", "3", "17"],
        ["two.yaml", "5", "11"],
    ]
    assert lines[1].startswith("two.yaml:3:17: pack.suits.2: ")
    assert lines[2].startswith("two.yaml:5:11: game.target: ")


def test_github_format(tree: Path, capsys: Capsys) -> None:
    code, out, _ = run(capsys, "--format", "github", "typo.yaml", "rules")
    assert code == 1
    assert out.splitlines() == [
        "::error file=typo.yaml,line=4,col=3::game.taget: unknown key; did you mean `target`?",
        "1 of 3 files invalid, 1 problem",
    ]


def test_github_format_escapes_commas_and_colons_in_paths(tree: Path, capsys: Capsys) -> None:
    (tree / "a,b:c.yaml").write_text(TYPO)
    _, out, _ = run(capsys, "--format=github", "a,b:c.yaml")
    assert out.startswith("::error file=a%2Cb%3Ac.yaml,line=4,col=3::game.taget: ")


def test_json_format(tree: Path, capsys: Capsys) -> None:
    code, out, _ = run(capsys, "--format", "json", "rules/good.yaml", "typo.yaml")
    report = json.loads(out)
    assert code == 1
    assert report == {
        "format": 1,
        "files": [{"path": "rules/good.yaml", "valid": True}, {"path": "typo.yaml", "valid": False}],
        "valid": False,
        "problems": [
            {
                "path": "typo.yaml",
                "line": 4,
                "col": 3,
                "loc": "game.taget",
                "message": "unknown key; did you mean `target`?",
            }
        ],
    }


def test_json_format_when_valid(tree: Path, capsys: Capsys) -> None:
    code, out, _ = run(capsys, "--format", "json", "rules")
    assert code == 0
    assert json.loads(out)["valid"] is True and json.loads(out)["problems"] == []


def test_globs_expand_and_repeats_count_once(tree: Path, capsys: Capsys) -> None:
    assert run(capsys, "rules/**/*.y*ml", "rules/good.yaml") == (0, "2 files valid\n", "")
    assert run(capsys, "*.yaml")[1].splitlines()[-1] == "2 of 2 files invalid, 3 problems"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ((), "give at least one PATH"),
        (("missing.yaml",), "missing.yaml: no such file or folder"),
        (("rules", "nothing-*.yaml"), "nothing-*.yaml: no file matches this pattern"),
        (("rules/deep/notes.txt", "rules/.hidden"), ""),
    ],
)
def test_usage_errors_exit_2(tree: Path, capsys: Capsys, argv: tuple[str, ...], message: str) -> None:
    if not message:  # an explicit non-YAML file is checked, not a usage error
        code, out, _ = run(capsys, *argv)
        assert code == 1 and out.splitlines()[-1] == "2 of 2 files invalid, 2 problems"
        return
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert message in err and "Traceback" not in err


def test_empty_folder_is_a_usage_error(tree: Path, capsys: Capsys) -> None:
    (tree / "empty").mkdir()
    code, _, err = run(capsys, "empty")
    assert code == 2 and "no variant files" in err


@pytest.mark.parametrize(
    "content",
    [b"\xff\xfe\x00\x00binary", b"", b"- a list\n", b"name: !!python/object:os.system x\n", b"a: &a [*a]\n"],
    ids=["binary", "empty", "list", "python-tag", "alias"],
)
def test_bad_files_give_problems_not_tracebacks(tree: Path, capsys: Capsys, content: bytes) -> None:
    (tree / "bad.yaml").write_bytes(content)
    code, out, err = run(capsys, "bad.yaml")
    assert code == 1 and err == ""
    first = out.splitlines()[0]
    assert first.startswith("bad.yaml:") and "Traceback" not in out


def test_shipped_variants_and_examples_are_valid(capsys: Capsys) -> None:
    code, out, _ = run(capsys, str(ROOT / "variants"), str(ROOT / "examples"))
    assert code == 0, out
    assert out.endswith(" files valid\n")


# --------------------------------------------------------------------------- show


def test_show_pepper_has_the_full_ladder_and_no_extends(capsys: Capsys) -> None:
    assert main(["show", "hasenpfeffer-pepper"]) == 0
    out = capsys.readouterr().out
    data = yaml.safe_load(out)
    assert "extends" not in data
    assert data["name"] == "hasenpfeffer-pepper"
    assert data["making"]["auction"]["ladder"] == [
        {"name": "1", "tricks": 1, "multiplier": 1},
        {"name": "2", "tricks": 2, "multiplier": 1},
        {"name": "3", "tricks": 3, "multiplier": 1},
        {"name": "4", "tricks": 4, "multiplier": 1},
        {"name": "5", "tricks": 5, "multiplier": 1},
        {"name": "little-pepper", "tricks": 6, "multiplier": 1},
        {"name": "big-pepper", "tricks": 6, "multiplier": 2},
    ]
    # inherited from hasenpfeffer
    assert data["pack"] == {
        "suits": ["C", "D", "H", "S"],
        "ranks": ["9", "T", "J", "Q", "K", "A"],
        "suit_ranks": {},
        "copies": 1,
        "jokers": 1,
    }
    assert data["game"]["target"] == 10


def test_show_canonical_card_notation(tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text("name: odd\npack:\n  suits: [♣, d, H, s]\n  ranks: [9, 10, j, q, k, a]\n  jokers: 1\n")
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "  suits: [C, D, H, S]\n  ranks: ['9', T, J, Q, K, A]\n" in out


SHOWABLE = [*builtin_names(), *sorted(str(p) for p in (ROOT / "examples" / "house-rules").glob("*.yaml"))]


@pytest.mark.parametrize("name", SHOWABLE, ids=lambda n: Path(n).name)
def test_show_output_is_a_variant_file_meaning_the_same(name: str, tmp_path: Path, capsys: Capsys) -> None:
    assert main(["show", name]) == 0
    out = capsys.readouterr().out
    resolved = tmp_path / "resolved.yaml"
    resolved.write_text(out)
    assert load_variant(resolved) == load_variant(name).model_copy(update={"extends": None})


def test_show_invalid_file_exits_1_with_problems_on_stderr(tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text(TYPO)
    assert main(["show", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == f"{path}:4:3: game.taget: unknown key; did you mean `target`?\n"


def test_show_unknown_name_exits_1(capsys: Capsys) -> None:
    assert main(["show", "no-such-game"]) == 1
    assert "no built-in variant `no-such-game`" in capsys.readouterr().err


# --------------------------------------------------------------------------- variants


def test_variants_lists_each_builtin_with_its_description(capsys: Capsys) -> None:
    assert main(["variants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == builtin_names()
    by_name = {line.split()[0]: line.split(None, 1)[1] for line in lines}
    assert by_name["hasenpfeffer"] == load_variant("hasenpfeffer").description
    assert by_name["hasenpfeffer-pepper"].startswith("Hasenpfeffer, pepper bidding")


def test_validate_starts_light_and_never_shows_a_traceback(tmp_path: Path) -> None:
    """In a fresh interpreter: the engine and terminal libraries stay unimported; usage error is 2."""
    import subprocess
    import sys

    good = tmp_path / "good.yaml"
    good.write_text(GOOD)
    code = (
        "import sys\n"
        "from hasenpfeffer.cli import main\n"
        f"status = main(['validate', {str(good)!r}])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'transitions', 'jsonschema', 'numpy')"
        " or m in ('hasenpfeffer.engine.game', 'hasenpfeffer.rules.ruleset', 'hasenpfeffer.bots.registry'))\n"
        "print(status, heavy)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "1 file valid\n0 []\n"
    absent = str(tmp_path / "absent.yaml")
    usage = subprocess.run(
        [
            sys.executable,
            "-c",
            f"from hasenpfeffer.cli import main; raise SystemExit(main(['validate', {absent!r}]))",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert usage.returncode == 2 and "no such file or folder" in usage.stderr
    assert "Traceback" not in usage.stderr
