"""The invalid-file corpus: each file under tests/invalid/ ends with the exact problems expected."""

from __future__ import annotations

import os
import re

import pytest

from hasenpfeffer.format.checks import CHECKS
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant
from support.paths import INVALID

CASES = sorted(p.name for p in INVALID.glob("*.yaml"))
PREFIX = "# expect: "


def expected(name: str) -> list[str]:
    lines = (INVALID / name).read_text(encoding="utf-8").splitlines()
    return [line[len(PREFIX) :] for line in lines if line.startswith(PREFIX)]


def problems(name: str) -> list[str]:
    with pytest.raises(VariantError) as info:
        load_variant(name)
    return [str(p._replace(path=os.path.relpath(p.path))) for p in info.value.problems]


def test_corpus_is_large_enough() -> None:
    assert len(CASES) >= 30
    assert all(expected(name) for name in CASES)


def same(got: str, want: str) -> bool:
    """An expectation ending in `...` names only the start of the message (field lists grow)."""
    return got.startswith(want[:-3]) if want.endswith("...") else got == want


@pytest.mark.parametrize("name", CASES)
def test_invalid_file(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(INVALID)
    got, want = problems(name), expected(name)
    assert len(got) == len(want) and all(same(g, w) for g, w in zip(got, want, strict=True)), (got, want)


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{[a-z]+\}", template)
    return re.compile(".+?".join(re.escape(p) for p in parts) + "$")


@pytest.mark.parametrize("template", CHECKS)
def test_every_semantic_check_is_in_the_corpus(template: str) -> None:
    messages = [line.split(": ", 1)[1] for name in CASES for line in expected(name)]
    assert any(_pattern(template).match(m) for m in messages), template
