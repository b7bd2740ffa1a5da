"""Variant files as editors and CI tools see them: `$schema`, JSON files, all problems at once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from hasenpfeffer.cli import main
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.schema import variant_schema


def test_a_schema_key_is_accepted_in_yaml_and_json_and_ignored(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("$schema: ../variant.schema.json\nname: a\nextends: euchre\n")
    data = {"$schema": "variant.schema.json", "name": "b", "extends": "euchre", "game": {"target": 5}}
    (tmp_path / "b.variant.json").write_text(json.dumps(data))
    assert load_variant(tmp_path / "a.yaml") == load_variant("euchre").model_copy(update={"name": "a"})
    assert load_variant(tmp_path / "b.variant.json").game.target == 5
    assert not list(Draft202012Validator(variant_schema()).iter_errors(data))


def test_a_schema_key_must_be_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.yaml").write_text("$schema: 3\nname: a\n")
    assert main(["validate", str(tmp_path / "a.yaml")]) == 1
    assert "a.yaml:1:10: $schema: must be text" in capsys.readouterr().out


def test_validate_finds_json_files_in_folders(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "house.json").write_text('{"name": "h", "players": "four"}')
    assert main(["validate", str(tmp_path / "rules")]) == 1
    out = capsys.readouterr().out
    assert "house.json:1:26: players: must be a valid integer" in out and "1 of 1 file invalid" in out


def test_a_duplicate_key_does_not_hide_the_other_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("colour: blue\nname: a\nextends: hasenpfeffer\ngame: {target: x}\nname: b\n")
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{path}:1:1: colour: unknown key; expected one of name, description, extends, replace, players, partnerships, pack, ranking, deal, making, alone, leads, scoring, game, match",
        f"{path}:4:16: game.target: must be a valid integer; read 'x'",
        f"{path}:5:1: name: duplicate key (first given at line 2)",
        "1 of 1 file invalid, 3 problems",
    ]


def test_schema_write_puts_the_schema_where_the_user_wants_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["schema", "--write", ".hasenpfeffer/variant.schema.json"]) == 0
    out = capsys.readouterr().out
    assert "# yaml-language-server: $schema=.hasenpfeffer/variant.schema.json" in out
    written = json.loads((tmp_path / ".hasenpfeffer" / "variant.schema.json").read_text())
    assert written == variant_schema()
    assert main(["schema", "--record", "--write", "record.schema.json"]) == 0
    assert json.loads((tmp_path / "record.schema.json").read_text())["title"] == "Hasenpfeffer game record"
