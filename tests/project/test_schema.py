"""The JSON Schema: committed copy up to date, valid, and in step with the models."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from pydantic import BaseModel, ValidationError

from hasenpfeffer.cli import main
from hasenpfeffer.format.schema import render, variant_schema
from hasenpfeffer.format.variant import Variant
from support.paths import ROOT

COMMITTED = ROOT / "schemas" / "variant.schema.json"
FILES = sorted([*(ROOT / "variants").glob("*.yaml"), *(ROOT / "examples" / "house-rules").glob("*.yaml")])
VALIDATOR = Draft202012Validator(variant_schema())


def test_committed_schema_is_current() -> None:
    assert COMMITTED.read_text(encoding="utf-8") == render(), (
        "schemas/variant.schema.json is stale: run `hasenpfeffer schema > schemas/variant.schema.json`"
    )


def test_schema_command_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    out = capsys.readouterr().out
    assert out == render() and out.endswith("}\n")
    assert json.loads(out)["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_schema_ships_in_the_package() -> None:
    shipped = resources.files("hasenpfeffer.schemas") / "variant.schema.json"
    assert json.loads(shipped.read_text(encoding="utf-8")) == variant_schema()


def test_schema_is_valid_draft_2020_12() -> None:
    Draft202012Validator.check_schema(variant_schema())
    assert variant_schema()["required"] == ["name"]
    assert "extends" in variant_schema()["properties"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_shipped_files_validate_against_schema(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    errors = [e.message for e in VALIDATOR.iter_errors(data)]
    assert errors == []


def test_every_file_points_editors_at_the_schema() -> None:
    for path in FILES:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("$schema=", 1)[1]).resolve()
        assert target == COMMITTED, path


@pytest.mark.parametrize(
    ("data", "valid"),
    [
        ({"name": "x"}, True),
        (
            {
                "name": "x",
                "making": {"auction": {"ladder": [1, 2, {"name": "big", "tricks": 6, "multiplier": 2}]}},
            },
            True,
        ),
        ({"name": "x", "making": {"auction": {"ladder": [0]}}}, False),
        ({"name": "x", "making": {"auction": {"ladder": [{"name": "big"}]}}}, False),
        ({"name": "x", "pack": {"ranks": [9, 10, "j", "Q", "K", "A"], "suits": ["♣", "d", "H", "S"]}}, True),
        ({"name": "x", "pack": {"suits": ["X"]}}, False),
        ({"name": "x", "pack": {"suits": [False]}}, False),
        ({"name": "x", "game": {"taget": 15}}, False),
        ({"name": "x", "deal": {"hand_size": "all"}}, True),
        ({"name": "x", "deal": {"hand_size": "most"}}, False),
        ({"extends": "hasenpfeffer"}, False),
        ({"name": "x", "players": 9}, False),
    ],
)
def test_schema_accepts_and_refuses(data: dict[str, Any], valid: bool) -> None:
    assert VALIDATOR.is_valid(data) is valid


def _leaf_paths(model: type[BaseModel], prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    paths: list[tuple[str, ...]] = []
    for name, info in model.model_fields.items():
        ann = info.annotation
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            paths += _leaf_paths(ann, (*prefix, name))
        else:
            paths.append((*prefix, name))
    return paths


LEAVES = [p for p in _leaf_paths(Variant) if p != ("name",)]
VALUES = st.one_of(
    st.sampled_from([None, True, False, "", "9", "10", "T", "h", "♥", "JK", "all", "maker", "no", "x"]),
    st.integers(-2, 12),
    st.floats(-1, 3, allow_nan=False),
    st.lists(st.sampled_from([1, 3, 6, 9, "T", "H", "s", "x", {"name": "p", "tricks": 6}]), max_size=4),
    st.dictionaries(st.sampled_from(["3", "tricks", "name", "per_trick"]), st.integers(-1, 6), max_size=2),
)


def _with(path: tuple[str, ...], value: object) -> dict[str, Any]:
    data: dict[str, Any] = {"name": "x"}
    here = data
    for key in path[:-1]:
        here = here.setdefault(key, {})
    here[path[-1]] = value
    return data


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(LEAVES), VALUES)
def test_schema_is_never_looser_than_the_models(path: tuple[str, ...], value: object) -> None:
    """Whatever the schema accepts, the models accept (they may accept more spellings)."""
    data = _with(path, value)
    if VALIDATOR.is_valid(data):
        try:
            Variant.model_validate(data)
        except ValidationError as exc:  # pragma: no cover - the failure message
            pytest.fail(f"schema accepts {data} but the models refuse it: {exc}")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_resolved_variants_validate_against_schema(path: Path) -> None:
    from hasenpfeffer.format.loader import load_variant

    dumped = load_variant(path).model_dump(mode="json", exclude={"extends"})
    assert [e.message for e in VALIDATOR.iter_errors(dumped)] == []
