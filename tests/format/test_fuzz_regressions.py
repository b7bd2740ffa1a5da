"""Variants found by fuzzing (tools/fuzz.py) that once validated and then crashed the engine.

Each is now refused by the format itself, with a message, before any game starts.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant_data


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        # 2 points times 1.7e308 overflowed a float when a forced failure was scored
        (
            {"extends": "hasenpfeffer", "making": {"all_pass": {"failure_multiplier": 1.7e308}}},
            "failure_multiplier: must be less than or equal to 100",
        ),
        ({"extends": "hasenpfeffer", "making": {"all_pass": {"failure_multiplier": math.inf}}}, "less than"),
        # an unpaired surrogate cannot be written as JSON (the caches' keys, a record)
        ({"extends": "euchre", "name": "x\ud800"}, "name: a name is one word"),
        ({"extends": "euchre", "description": "a\ud800"}, "description"),
        # 10**400-point hands overflowed the bots' hand values and the statistics
        ({"extends": "euchre", "scoring": {"made": {"table": {3: 10**400}}}}, "less than or equal to 1000"),
        ({"extends": "euchre", "game": {"target": 10**401}}, "game.target: must be less than or equal to"),
    ],
)
def test_the_format_refuses_what_once_crashed_the_engine(data: dict[str, Any], expected: str) -> None:
    with pytest.raises(VariantError) as info:
        load_variant_data({"name": "fuzzed", **data})
    assert expected in str(info.value)
