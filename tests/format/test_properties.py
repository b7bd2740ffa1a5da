"""Property tests: valid variants round-trip through YAML; mangled files only ever raise VariantError."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer.format.acting import settled
from hasenpfeffer.format.cards import RANKS
from hasenpfeffer.format.checks import check
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import builtin_names, load_variant, load_variant_data
from hasenpfeffer.format.variant import SLUG, Variant
from support.paths import ROOT

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TRICKY_WORDS = [  # each a name (a slug) that YAML 1.1 would read as something else
    "no",
    "yes",
    "on",
    "off",
    "true",
    "null",
    "1.5",
    "10",
    "1e3",
    "0x1F",
    "0o17",
    "2020-01-01",
]
TEXT = st.text(st.characters(exclude_categories=("Cs", "Cc", "Cf", "Zl", "Zp")), max_size=30)
NAMES = st.from_regex(SLUG, fullmatch=True)


@st.composite
def variants(draw: st.DrawFn) -> dict[str, Any]:
    """A mapping for a semantically valid variant, built field by field."""
    bowers = draw(st.booleans())
    suits = draw(st.sampled_from([["C", "D", "H", "S"], ["C", "S"], ["D", "H"], ["S", "H", "D", "C"]]))
    if not bowers:
        suits = draw(st.lists(st.sampled_from("CDHS"), min_size=1, max_size=4, unique=True))
    ranks = draw(st.lists(st.sampled_from(RANKS), min_size=2, max_size=9, unique=True))
    if bowers and "J" not in ranks:
        ranks.append("J")
    copies, jokers = draw(st.integers(1, 2)), draw(st.integers(0, 2))
    size = len(suits) * len(ranks) * copies + jokers
    players = draw(st.sampled_from([n for n in (2, 3, 4, 5, 6, 8) if n <= size]))
    partners = players % 2 == 0 and players >= 4 and draw(st.booleans())
    hand = draw(st.integers(1, size // players))
    kitty = size - hand * players
    method = "order-up" if kitty >= 1 and draw(st.booleans()) else "auction"
    deal: dict[str, Any] = {"hand_size": hand, "kitty": {"size": kitty}}
    if kitty == 0 and draw(st.booleans()):
        deal["hand_size"] = "all"
    deal["kitty"]["use"] = "turn-up" if method == "order-up" else draw(st.sampled_from(["widow", "unused"]))
    if hand >= 2 and draw(st.booleans()):
        first = draw(st.integers(1, hand - 1))
        deal["packets"] = [first, hand - first]
    tricks = sorted(draw(st.sets(st.integers(1, hand), min_size=1, max_size=6)))
    ladder: list[Any] = [t if draw(st.booleans()) else {"name": f"bid-{t}", "tricks": t} for t in tricks]
    if draw(st.booleans()):
        ladder.append(
            {"name": draw(st.sampled_from(TRICKY_WORDS[:7])), "tricks": tricks[-1], "multiplier": 2}
        )
    names = [str(b) if isinstance(b, int) else b["name"] for b in ladder]
    forced = "joker-holder" if jokers and method == "auction" and draw(st.booleans()) else "dealer"
    making: dict[str, Any] = {
        "method": method,
        "auction": {"ladder": ladder, "style": draw(st.sampled_from(["until-passes", "one-round"]))},
        "order_up": {"tricks_required": draw(st.integers(1, hand)), "rounds": draw(st.integers(1, 2))},
        "no_trump": draw(st.booleans()),
        "all_pass": {
            "rule": draw(st.sampled_from(["throw-in", "forced"])),
            "forced": forced,
            "bid": draw(st.sampled_from(names)),
            "failure_multiplier": draw(st.sampled_from([0.5, 1.0, 2.0])),
        },
    }
    if method == "order-up" and len(suits) == 1 and not making["no_trump"]:
        making["all_pass"]["rule"] = "throw-in"  # a stuck dealer would have no suit left to name
    alone: dict[str, Any] = {"allowed": "nobody"}
    if partners and draw(st.booleans()):
        cards = draw(st.integers(0, min(2, hand)))
        alone = {"allowed": "maker", "exchange": {"cards": cards, "best": cards > 0 and draw(st.booleans())}}
    ranking: dict[str, Any] = {"bowers": bowers}
    if jokers:
        ranking["joker"] = draw(st.sampled_from(["highest", "below-right-bower", "below-left-bower"]))
        ranking["no_trump_joker"] = draw(st.sampled_from(["highest", "own-suit"]))
    if draw(st.booleans()):
        ranking["order"] = draw(st.permutations(ranks))
    table = draw(st.dictionaries(st.integers(0, hand), st.integers(1, 5), max_size=3))
    return {
        "name": draw(st.sampled_from(TRICKY_WORDS)) if draw(st.booleans()) else draw(NAMES),
        "description": draw(TEXT),
        "players": players,
        "partnerships": "alternate" if partners else "none",
        "pack": {"suits": suits, "ranks": ranks, "copies": copies, "jokers": jokers},
        "ranking": ranking,
        "deal": deal,
        "making": making,
        "alone": alone,
        "leads": {"first": draw(st.sampled_from(["dealer-left", "maker"]))},
        "scoring": {
            "made": {"fixed": draw(st.integers(1, 3)), "per_trick": draw(st.integers(0, 2)), "table": table},
            "failed": {
                "per_bid_trick": draw(st.integers(0, 2)),
                "to": draw(st.sampled_from(["makers", "opponents"])),
            },
            "defenders": {"per_trick": draw(st.integers(0, 1))},
            "alone_multiplier": draw(st.integers(1, 4)),
        },
        "game": {
            "target": draw(st.integers(1, 50)),
            "tie": draw(st.sampled_from(["makers", "higher", "play-on"])),
        },
    }


@SETTINGS
@given(data=variants())
def test_valid_variants_round_trip(data: dict[str, Any], tmp_path_factory: Any) -> None:
    # the fields drawn where they do not act go back to their defaults (a file may not set them)
    drawn = Variant.model_validate(data)
    variant = load_variant_data(settled(drawn, lambda _: True).model_dump(mode="json", exclude_defaults=True))
    assert check(variant) == []
    text = yaml.safe_dump(variant.model_dump(mode="json"), allow_unicode=True, sort_keys=False)
    path = Path(tmp_path_factory.mktemp("rt")) / "v.yaml"
    path.write_text(text, encoding="utf-8")
    assert load_variant(path) == variant
    assert Variant.model_validate(yaml.safe_load(text)) == variant


def _sources() -> list[bytes]:
    folder = ROOT / "variants"
    return [
        (folder / f"{name}.yaml").read_bytes()
        for name in builtin_names()
        if (folder / f"{name}.yaml").exists()
    ]


SOURCES = _sources()
JUNK = st.sampled_from(
    [
        b":",
        b"- ",
        b"[",
        b"]",
        b"{",
        b"}",
        b"&a ",
        b"*a",
        b"!!python/name:os.system ",
        b"!x ",
        b"\t",
        b"\x00",
        b"\xff",
        b"'",
        b'"',
        b"#",
        b"---\n",
        b"? ",
        b"<<: ",
        b"no",
        b"yes",
        b"10",
        b"-1",
        b"\n",
        b"  ",
        b"|\n",
        b"extends: hasenpfeffer\n",
        b"extends: x.yaml\n",
        b"name: z\n",
        "♥".encode(),
    ]
)


@st.composite
def mangled(draw: st.DrawFn) -> bytes:
    """A built-in file after a few random edits of bytes and lines."""
    raw = draw(st.sampled_from(SOURCES))
    for _ in range(draw(st.integers(1, 4))):
        lines = raw.split(b"\n")
        kind = draw(st.sampled_from(["delete", "insert", "replace-line", "swap-lines", "drop-line", "value"]))
        at = draw(st.integers(0, max(0, len(raw) - 1)))
        i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        if kind == "delete":
            raw = raw[:at] + raw[at + draw(st.integers(1, 20)) :]
        elif kind == "insert":
            raw = raw[:at] + draw(JUNK) + raw[at:]
        elif kind == "replace-line":
            lines[i] = lines[j]
            raw = b"\n".join(lines)
        elif kind == "swap-lines":
            lines[i], lines[j] = lines[j], lines[i]
            raw = b"\n".join(lines)
        elif kind == "drop-line":
            del lines[i]
            raw = b"\n".join(lines)
        else:
            key, sep, _ = lines[i].partition(b":")
            lines[i] = key + sep + b" " + draw(JUNK).strip() if sep else lines[i]
            raw = b"\n".join(lines)
    return raw


@SETTINGS
@given(raw=mangled())
def test_mangled_files_raise_only_variant_error(raw: bytes, tmp_path_factory: Any) -> None:
    path = Path(tmp_path_factory.mktemp("mut")) / "m.yaml"
    path.write_bytes(raw)
    try:
        load_variant(path)
    except VariantError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.line >= 1 and problem.col >= 1 and problem.message
        own = [p.line for p in exc.problems if p.path == str(path)]
        assert own == sorted(own)


@SETTINGS
@given(
    data=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | TEXT,
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(TEXT | st.sampled_from(list(Variant.model_fields)), inner, max_size=4)
        ),
        max_leaves=12,
    )
)
def test_random_data_raises_only_variant_error(data: Any) -> None:
    try:
        load_variant_data(data if isinstance(data, dict) else {"name": "x", "deal": data})
    except VariantError as exc:
        assert exc.problems
