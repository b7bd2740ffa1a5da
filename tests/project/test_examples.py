"""Shipped variant files: the built-ins and the house-rule examples say what they claim."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Variant
from support.paths import ROOT

HOUSE = ROOT / "examples" / "house-rules"

# file -> (parent it is compared with, every field that differs from it besides name and description)
EXPECTED: dict[str, tuple[str, dict[str, Any]]] = {
    "failed-bid-loses-bid.yaml": (
        "hasenpfeffer",
        {"scoring.failed.per_trick": (1, 0), "scoring.failed.per_bid_trick": (0, 1)},
    ),
    "defenders-score-tricks.yaml": ("hasenpfeffer", {"scoring.defenders.per_trick": (0, 1)}),
    "maker-leads.yaml": ("hasenpfeffer", {"leads.first": ("dealer-left", "maker")}),
    "no-trump.yaml": ("hasenpfeffer", {"making.no_trump": (False, True)}),
    "stick-the-dealer.yaml": ("hasenpfeffer", {"making.all_pass.forced": ("joker-holder", "dealer")}),
    "forced-dealer-loses-half.yaml": (
        "hasenpfeffer",
        {
            "making.all_pass.forced": ("joker-holder", "dealer"),
            "making.all_pass.failure_multiplier": (1.0, 0.5),
        },
    ),
    "play-to-15.yaml": ("hasenpfeffer", {"game.target": (10, 15)}),
    "pepper-to-21.yaml": ("hasenpfeffer-pepper", {"game.target": (10, 21)}),
    "pepper-flat-set.yaml": (
        "hasenpfeffer-pepper",
        {"scoring.failed.fixed": (0, 6), "scoring.failed.per_trick": (1, 0)},
    ),
    "set-scores-opponents.yaml": (
        "hasenpfeffer",
        {
            "scoring.failed.per_trick": (1, 0),
            "scoring.failed.per_bid_trick": (0, 1),
            "scoring.failed.to": ("makers", "opponents"),
        },
    ),
    "no-going-alone.yaml": (
        "hasenpfeffer",
        {"alone.allowed": ("maker", "nobody"), "alone.lone_defence": (True, False)},
    ),
    "must-bid-out.yaml": (
        "hasenpfeffer",
        {"scoring.defenders.per_trick": (0, 1), "game.must_bid_out": (False, True)},
    ),
}


def flat(value: Any, prefix: str = "") -> dict[str, Any]:
    """A dumped model as {dotted path: leaf value}."""
    if isinstance(value, dict) and value:
        out: dict[str, Any] = {}
        for key, item in value.items():
            out |= flat(item, f"{prefix}{key}.")
        return out
    return {prefix.rstrip("."): value}


def differences(a: Variant, b: Variant) -> dict[str, tuple[Any, Any]]:
    fa, fb = (
        flat(a.model_dump(exclude={"name", "description", "extends"})),
        flat(b.model_dump(exclude={"name", "description", "extends"})),
    )
    return {k: (fa.get(k), fb.get(k)) for k in sorted(fa.keys() | fb.keys()) if fa.get(k) != fb.get(k)}


def test_the_required_house_rules_are_there() -> None:
    assert len(EXPECTED) >= 6
    assert {p.name for p in HOUSE.glob("*.yaml")} >= set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_house_rule_changes_only_what_it_says(name: str) -> None:
    parent, changes = EXPECTED[name]
    variant = load_variant(HOUSE / name)
    assert differences(load_variant(parent), variant) == changes
    assert variant.name == name.removesuffix(".yaml")
    assert variant.description


@pytest.mark.parametrize("path", sorted(HOUSE.glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_loads_extends_something_and_explains_itself(path: Path) -> None:
    load_variant(path)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0].startswith("# yaml-language-server: $schema=")
    assert lines[1].startswith("#") and len(lines[1]) > 10, "a comment saying what the rule changes"
    assert "extends" in yaml.safe_load(text)


def test_pepper_flat_set_costs_6_and_12_for_big_pepper() -> None:
    v = load_variant(HOUSE / "pepper-flat-set.yaml")
    failed = v.scoring.failed
    assert failed.value(tricks=4, bid=5) * v.bid("5").multiplier == 6
    assert failed.value(tricks=5, bid=6) * v.bid("big-pepper").multiplier == 12


# --------------------------------------------------------------------------- built-ins


def _leaves(value: Any, prefix: str = "") -> set[str]:
    if isinstance(value, dict) and value:
        return set().union(*(_leaves(v, f"{prefix}{k}.") for k, v in value.items()))
    return {prefix.rstrip(".")}


def test_hasenpfeffer_file_writes_out_every_field() -> None:
    written = yaml.safe_load((ROOT / "variants" / "hasenpfeffer.yaml").read_text(encoding="utf-8"))
    full = Variant(name="x").model_dump(exclude={"extends", "replace"})
    missing = _leaves(full) - _leaves(written)
    assert not missing, f"variants/hasenpfeffer.yaml should write out {sorted(missing)}"


def test_hasenpfeffer_is_the_models_defaults() -> None:
    """`Variant(name=...)` is Hasenpfeffer (docs/rules.md section 1) and so is the built-in file."""
    v = load_variant("hasenpfeffer")
    assert v == Variant(name="hasenpfeffer", description=v.description)


def test_hasenpfeffer_section_1_facts() -> None:
    v = load_variant("hasenpfeffer")
    assert (v.players, v.teams, v.pack.size, v.hand_size, v.deal.kitty.size) == (
        4,
        ((0, 2), (1, 3)),
        25,
        6,
        1,
    )
    assert [b.name for b in v.making.auction.ladder] == ["1", "2", "3", "4", "5", "6"]
    assert (v.making.all_pass.forced, v.making.all_pass.bid, v.making.all_pass.redeal) == (
        "joker-holder",
        "3",
        "same-dealer",
    )
    assert (v.scoring.made.value(4, 3), v.scoring.failed.value(2, 3), v.scoring.defenders.value(3, 3)) == (
        4,
        2,
        0,
    )
    assert (v.scoring.alone_multiplier, v.game.target, v.game.tie) == (2, 10, "makers")
    assert (v.leads.first, v.leads.alone, v.leads.both_alone) == ("dealer-left", "lone-left", "defender")


def test_pepper_differs_only_in_the_ladder() -> None:
    standard, pepper = load_variant("hasenpfeffer"), load_variant("hasenpfeffer-pepper")
    assert set(differences(standard, pepper)) == {"making.auction.ladder"}
    ladder = [(b.name, b.tricks, b.multiplier) for b in pepper.making.auction.ladder]
    assert ladder == [
        ("1", 1, 1),
        ("2", 2, 1),
        ("3", 3, 1),
        ("4", 4, 1),
        ("5", 5, 1),
        ("little-pepper", 6, 1),
        ("big-pepper", 6, 2),
    ]
    raw = yaml.safe_load((ROOT / "variants" / "hasenpfeffer-pepper.yaml").read_text(encoding="utf-8"))
    assert set(raw) == {"extends", "name", "description", "making"}
    assert raw["making"] == {"auction": {"ladder": raw["making"]["auction"]["ladder"]}}


# --------------------------------------------------------------------------- CI and pre-commit


def test_pre_commit_hook_runs_validate_on_variant_files() -> None:
    import re

    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert (hook["id"], hook["entry"], hook["language"]) == (
        "validate-variants",
        "hasenpfeffer validate",
        "python",
    )
    assert set(hook["types_or"]) == {"yaml", "json"} and "types" not in hook
    files = re.compile(hook["files"])
    for path in (
        "variants/hasenpfeffer.yaml",
        "examples/house-rules/no-trump.yaml",
        "rules/variants/x.yml",
        "rules/our-table.variant.yaml",
        "our-table.variant.yml",
        "games/pepper/house.variant.json",
    ):
        assert files.search(path), path
    for path in (
        ".github/workflows/ci.yml",
        ".pre-commit-config.yaml",
        "variants/notes.txt",
        "rules/our-table.yaml",
        "package.json",
        "docs/variant.yaml.md",
    ):
        assert not files.search(path), path


def test_variant_file_naming_convention_is_documented() -> None:
    for page in (ROOT / "README.md", ROOT / "docs" / "variant-format.md"):
        text = page.read_text(encoding="utf-8")
        assert "*.variant.yaml" in text and "yaml.schemas" in text, page


def test_a_json_variant_file_named_by_the_convention_validates(tmp_path: Path) -> None:
    from hasenpfeffer.cli import main

    path = tmp_path / "house.variant.json"
    path.write_text('{"extends": "hasenpfeffer", "name": "house", "game": {"target": 15}}')
    assert main(["validate", str(path)]) == 0


def test_ci_example_validates_with_github_annotations() -> None:
    workflow = ROOT / "examples" / "ci" / ".github" / "workflows" / "validate-variants.yml"
    data = yaml.safe_load(workflow.read_text(encoding="utf-8"))
    steps = data["jobs"]["validate"]["steps"]
    runs = [step["run"] for step in steps if "run" in step]
    assert any(run.startswith("hasenpfeffer validate --format github") for run in runs)
    installs = [run for run in runs if "pip install" in run]
    # not on the package index: the install names the Git repository
    assert installs and all("git+https://github.com/hasenpfeffer/hasenpfeffer" in run for run in installs)
    assert "not published" in workflow.read_text(encoding="utf-8")


def test_ci_example_folder_explains_its_hidden_workflow() -> None:
    readme = (ROOT / "examples" / "ci" / "README.md").read_text(encoding="utf-8")
    assert ".github/workflows/validate-variants.yml" in readme and "hidden" in readme
    assert "git+https://" in readme
