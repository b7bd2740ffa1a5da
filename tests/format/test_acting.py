"""Nothing a file says is silently ignored: a walk of the models, field by field.

Every field of the format (each entry of a list and each optional section included) is one of:

- ``ALWAYS``: it acts in every variant where it can be written, under either method of making
  trump; the engine reads it (a static look at the package's source proves it is read);
- a field of :data:`hasenpfeffer.format.acting.UNDER`: it acts only under another field, and
  is refused at its line, with the reason, where the file sets it and it does not act; each
  has a case here where it does not act (refused) and one where it does (accepted);
- ``CHECKED``: refused out of place by another semantic check (a case here for each);
- ``OFF``: its only other value switches a rule off, which says nothing where the rule
  cannot be on; ``ONE``: it has a single value.

A field left out of them all fails the walk, and so does one that is in two. Besides, for
each method of making trump, every field that acts only under the other method is refused
when a variant of this method sets it.
"""

from __future__ import annotations

import re
import types
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

import pytest

from hasenpfeffer.format.acting import UNDER
from hasenpfeffer.format.errors import Problem, VariantError
from hasenpfeffer.format.loader import load_variant, load_variant_data
from hasenpfeffer.format.variant import OrderUp, Variant
from support.fields import field_paths
from support.paths import ROOT


def sections(path: str) -> list[str]:
    """A dotted path and the paths of the sections holding it, innermost first."""
    parts = path.split(".")
    return [".".join(parts[:n]) for n in range(len(parts), 0, -1)]


ALWAYS = {
    # the file itself, read by the loader, the records and the command line
    "name", "description", "extends", "replace",
    # the table and its sides
    "players", "partnerships",
    # the cards and their order
    "pack.suits", "pack.ranks", "pack.suit_ranks", "pack.copies", "pack.jokers",
    "ranking.bowers", "ranking.order",
    # the deal
    "deal.hand_size", "deal.packets", "deal.dealer_rotation", "deal.kitty.size", "deal.dead_hand",
    "deal.weak_hands", "deal.weak_hands.{i}.name", "deal.weak_hands.{i}.when",
    "deal.weak_hands.{i}.action", "deal.weak_hands.{i}.optional",
    "deal.weak_hands.{i}.when.{i}.ranks", "deal.weak_hands.{i}.when.{i}.at_least",
    "deal.weak_hands.{i}.when.{i}.at_most", "deal.weak_hands.{i}.when.{i}.one_rank",
    "deal.dummies.seats",
    # making trump, either way
    "making.method", "making.all_pass.rule",
    # a bid of the ladder (the ladder itself acts only in an auction)
    "making.auction.ladder.{i}.name", "making.auction.ladder.{i}.tricks",
    "making.auction.ladder.{i}.trump", "making.auction.ladder.{i}.objective",
    "making.auction.ladder.{i}.points", "making.auction.ladder.{i}.failed_to",
    "making.auction.ladder.{i}.alone", "making.auction.ladder.{i}.open",
    "making.auction.ladder.{i}.positions", "making.auction.ladder.{i}.only_over",
    # a turned card that must be ordered up (the list itself acts only in order-up)
    "making.order_up.must_order.{i}.suits", "making.order_up.must_order.{i}.ranks",
    "making.order_up.must_order.{i}.positions",
    # the leads, the scoring, the end
    "leads.first",
    "scoring.failed.to", "scoring.slam", "scoring.slam.points", "scoring.slam.rule",
    "scoring.declarations", "scoring.declarations.{i}.name", "scoring.declarations.{i}.holding", "scoring.declarations.{i}.cards", "scoring.declarations.{i}.points", "scoring.bucked",
    "game.target", "game.deals", "game.tie", "game.lose_at",
    "match", "match.wins", "match.shut_out",
}  # fmt: skip
"""Fields that act in every variant where they can be written."""

OFF = {"alone.lone_defence"}
"""Fields whose only other value than the default switches a rule off."""

ONE: set[str] = set()
"""Fields with one value only: they say what the format does."""

# Each field refused out of place by another check: (a variant that sets it there, the message).
CHECKED: dict[str, tuple[dict[str, Any], str]] = {
    "ranking.joker": (
        {"extends": "euchre", "ranking": {"joker": "below-right-bower"}},
        "the pack has no Joker",
    ),
    "making.call": ({"extends": "euchre", "making": {"call": {}}}, "only where partnerships is called"),
    "making.call.cards": (
        {"extends": "euchre", "making": {"call": {"cards": "plain"}}},
        "only where partnerships is called",
    ),
    "making.call.own": (
        {"extends": "euchre", "making": {"call": {"own": True}}},
        "only where partnerships is called",
    ),
    "making.call.alone": (
        {"extends": "euchre", "making": {"call": {"alone": True}}},
        "only where partnerships is called",
    ),
    "making.call.two_partners_from": (
        {
            "extends": "euchre",
            "players": 5,
            "partnerships": "called",
            "making": {"call": {"two_partners_from": 4}},
        },
        "names partners by seat",
    ),
    "alone.allowed": (
        {"extends": "three-handed-euchre", "alone": {"allowed": "maker"}},
        "going alone needs partners",
    ),
    "alone.exchange.cards": (
        {"extends": "euchre", "alone": {"allowed": "nobody", "exchange": {"cards": 1}}},
        "needs lone play",
    ),
    "alone.exchange.best": (
        {"extends": "euchre", "alone": {"exchange": {"best": True}}},
        "only in an exchange",
    ),
    "alone.drop_out.allowed": (
        {"extends": "euchre", "alone": {"drop_out": {"allowed": True}}},
        "each for themselves",
    ),
    "alone.drop_out.when_turned_trump": (
        {"extends": "euchre", "alone": {"drop_out": {"when_turned_trump": True}}},
        "dropping out after a turned trump",
    ),
    "making.all_pass.stuck_dealer.no_trump": (
        {"extends": "euchre", "making": {"all_pass": {"stuck_dealer": {"no_trump": True}}}},
        "is for a stuck dealer",
    ),
    "making.all_pass.stuck_dealer.turned_suit": (
        {"extends": "euchre", "making": {"all_pass": {"stuck_dealer": {"turned_suit": True}}}},
        "is for a stuck dealer",
    ),
    "deal.kitty.use": (
        {"extends": "hasenpfeffer", "deal": {"kitty": {"use": "turn-up"}}},
        "for making trump by order-up",
    ),
    "deal.weak_hands.{i}.cards": (
        {
            "extends": "euchre",
            "deal": {"weak_hands": [{"name": "w", "when": [{"ranks": [9]}], "action": "redeal", "cards": 1}]},
        },
        "only by the action swap",
    ),
    "scoring.declarations.{i}.ends_hand": (
        {
            "extends": "euchre",
            "scoring": {"declarations": [{"name": "j", "cards": 5, "points": 16, "ends_hand": False}]},
        },
        "not supported",
    ),
}


def problems(data: dict[str, Any]) -> list[Problem]:
    """The problems of a variant given as data (none: it loads)."""
    try:
        load_variant_data({"name": "case", **data}, base_dir=ROOT)
    except VariantError as exc:
        return list(exc.problems)
    return []


def idle(field: str, problems: list[Problem]) -> list[Problem]:
    """The refusals of ``field`` (an entry of a list at any place) because it does not act."""
    pattern = re.escape(field).replace(r"\{i\}", r"\d+")
    return [p for p in problems if re.fullmatch(pattern, p.loc) and p.message.startswith("acts only when")]


def test_every_field_is_used_refused_or_switches_off_and_only_one_of_these() -> None:
    kinds = {
        "always": ALWAYS,
        "under": {u.field for u in UNDER},
        "checked": set(CHECKED),
        "off": OFF,
        "one": ONE,
    }
    every = field_paths(Variant, ".{i}")
    named = set().union(*kinds.values())
    assert named <= {s for field in every for s in sections(field)}, named
    for a, first in kinds.items():
        for b, second in kinds.items():
            assert a == b or not first & second, (a, b, first & second)
    for field in every:  # the innermost classified path: a section's refusal covers its fields
        assert any(p in named for p in sections(field)), f"{field}: used, refused or switching off?"


def _read(name: str) -> bool:
    """Whether the package reads ``name`` somewhere (an attribute, or a key of the data)."""
    pattern = re.compile(rf"\.{name}\b|\"{name}\"")
    for path in (ROOT / "core" / "hasenpfeffer").rglob("*.py"):
        if path.name == "variant.py":
            continue
        if pattern.search(path.read_text(encoding="utf-8")):
            return True
    return False


@pytest.mark.parametrize("field", sorted(ALWAYS))
def test_a_field_that_always_acts_is_read_by_the_package(field: str) -> None:
    assert _read(field.rsplit(".", 1)[-1]), field


@pytest.mark.parametrize("field", sorted(CHECKED))
def test_a_field_out_of_place_is_refused_by_its_check(field: str) -> None:
    data, message = CHECKED[field]
    found = problems(data)
    assert any(message in p.message for p in found), found


# Each field of UNDER: variants where it does not act (each refused at it), where it does (accepted).
L1 = {"name": "x", "tricks": 4}
CASES: dict[str, tuple[list[dict[str, Any]], list[dict[str, Any]]]] = {
    "making.auction.ladder": (
        [{"extends": "euchre", "making": {"auction": {"ladder": [3, 5]}}}],
        [{"extends": "hasenpfeffer", "making": {"auction": {"ladder": [3, 5]}}}],
    ),
    "making.auction.style": (
        [{"extends": "euchre", "making": {"auction": {"style": "one-round"}}}],
        [{"extends": "hasenpfeffer", "making": {"auction": {"style": "one-round"}}}],
    ),
    "making.auction.rank": (
        [{"extends": "euchre", "making": {"auction": {"rank": "tricks"}}}],
        [
            {
                "extends": "examples/house-rules/bid-euchre-suit-in-bid.yaml",
                "making": {"auction": {"rank": "tricks"}},
            }
        ],
    ),
    "making.auction.stuck_dealer": (
        [{"extends": "euchre", "making": {"auction": {"stuck_dealer": True}}}],
        [{"extends": "pepper", "making": {"auction": {"stuck_dealer": True}}}],
    ),
    "making.auction.pass_final": (
        [
            {"extends": "euchre", "making": {"auction": {"pass_final": False}}},
            {"extends": "hasenpfeffer", "making": {"auction": {"style": "one-round", "pass_final": False}}},
        ],
        [{"extends": "hasenpfeffer", "making": {"auction": {"pass_final": False}}}],
    ),
    "making.auction.ladder.{i}.open_from": (
        [{"extends": "hasenpfeffer", "making": {"auction": {"ladder": [3, {**L1, "open_from": "lead"}]}}}],
        [
            {
                "extends": "hasenpfeffer",
                "making": {"auction": {"ladder": [3, {**L1, "open": True, "open_from": "lead"}]}},
            }
        ],
    ),
    "making.auction.ladder.{i}.exchange": (
        [
            {
                "extends": "pepper",
                "making": {"auction": {"ladder": [3, {**L1, "alone": True, "exchange": True}]}},
            },
            {
                "extends": "pepper",
                "making": {"auction": {"ladder": [3, {**L1, "exchange": True}]}},
                "alone": {"exchange": {"cards": 1}},
            },
        ],
        [
            {
                "extends": "pepper",
                "making": {"auction": {"ladder": [3, {**L1, "alone": True, "exchange": True}]}},
                "alone": {"exchange": {"cards": 1}},
            }
        ],
    ),
    "making.auction.ladder.{i}.failed_points": (
        [{"extends": "hasenpfeffer", "making": {"auction": {"ladder": [3, {**L1, "failed_points": 3}]}}}],
        [
            {
                "extends": "hasenpfeffer",
                "making": {"auction": {"ladder": [3, {**L1, "points": 2, "failed_points": 3}]}},
            }
        ],
    ),
    "making.auction.ladder.{i}.multiplier": (
        [
            {
                "extends": "hasenpfeffer",
                "making": {"auction": {"ladder": [3, {**L1, "points": 4, "multiplier": 2}]}},
            }
        ],
        [{"extends": "hasenpfeffer", "making": {"auction": {"ladder": [3, {**L1, "multiplier": 2}]}}}],
    ),
    "making.auction.ladder.{i}.defenders_score": (
        [
            {
                "extends": "hasenpfeffer",
                "making": {"auction": {"ladder": [3, {**L1, "defenders_score": False}]}},
            }
        ],
        [
            {
                "extends": "hasenpfeffer",
                "making": {"auction": {"ladder": [3, {**L1, "defenders_score": False}]}},
                "scoring": {"defenders": {"per_trick": 1}},
            }
        ],
    ),
    **{
        f"making.order_up.{field}": (
            [{"extends": "hasenpfeffer", "making": {"order_up": {field: value}}}],
            [{"extends": acting, "making": {"order_up": {field: value, **extra}}}],
        )
        for field, value, acting, extra in (
            ("rounds", 1, "euchre", {}),
            ("dealer_discards", False, "euchre", {}),
            ("dealer_partner_alone", True, "euchre", {}),
            ("tricks_required", 4, "euchre", {}),
            ("turned_trump", ["C"], "euchre", {}),
            ("turned_trump_maker", "nobody", "buck-euchre", {}),
            ("must_order", [{"suits": ["H"], "positions": [4]}], "euchre", {}),
            ("failed_suit_barred", True, "euchre", {}),
            ("last_maker_passes", True, "euchre", {}),
            ("last_trick_suit", True, "euchre", {}),
            ("take_over", True, "euchre", {}),
            ("makers", [2], "euchre", {}),
        )
    },
    "making.order_up.named_alone": (
        [
            {"extends": "hasenpfeffer", "making": {"order_up": {"named_alone": True}}},
            {"extends": "euchre", "making": {"order_up": {"rounds": 1, "named_alone": True}}},
        ],
        [{"extends": "euchre", "making": {"order_up": {"named_alone": True}}}],
    ),
    "making.order_up.turned_suit_barred": (
        [
            {"extends": "hasenpfeffer", "making": {"order_up": {"turned_suit_barred": False}}},
            {"extends": "euchre", "making": {"order_up": {"rounds": 1, "turned_suit_barred": False}}},
        ],
        [{"extends": "euchre", "making": {"order_up": {"turned_suit_barred": False}}}],
    ),
    "making.order_up.turned_joker": (
        [
            {"extends": "hasenpfeffer", "making": {"order_up": {"turned_joker": "S"}}},
            {"extends": "euchre", "making": {"order_up": {"turned_joker": "S"}}},
        ],
        [{"extends": "railroad-euchre", "making": {"order_up": {"turned_joker": "S"}}}],
    ),
    "making.order_up.turned_joker_blind": (
        [
            {"extends": "hasenpfeffer", "making": {"order_up": {"turned_joker_blind": True}}},
            {
                "extends": "railroad-euchre",
                "making": {"order_up": {"turned_joker": "S", "turned_joker_blind": True}},
            },
        ],
        [
            {
                "extends": "railroad-euchre",
                "making": {"order_up": {"turned_joker": "dealer-names", "turned_joker_blind": True}},
            }
        ],
    ),
    "making.order_up.turned_trump_forced": (
        [
            {"extends": "hasenpfeffer", "making": {"order_up": {"turned_trump_forced": False}}},
            {"extends": "euchre", "making": {"order_up": {"turned_trump_forced": False}}},
        ],
        [
            {
                "extends": "euchre",
                "making": {"order_up": {"turned_trump": ["C"], "turned_trump_forced": False}},
            }
        ],
    ),
    "making.no_trump": (
        [
            {"extends": "five-hundred", "making": {"no_trump": True}},
            {"extends": "euchre", "making": {"no_trump": True, "order_up": {"rounds": 1}}},
        ],
        [
            {"extends": "euchre", "making": {"no_trump": True}},
            {"extends": "hasenpfeffer", "making": {"no_trump": True}},
        ],
    ),
    "making.all_pass.forced": (
        [{"extends": "hasenpfeffer", "making": {"all_pass": {"rule": "throw-in", "forced": "dealer"}}}],
        [{"extends": "hasenpfeffer", "making": {"all_pass": {"forced": "dealer"}}}],
    ),
    "making.all_pass.bid": (
        [
            {"extends": "euchre", "making": {"all_pass": {"bid": "2"}}},
            {"extends": "hasenpfeffer", "making": {"all_pass": {"rule": "throw-in", "bid": "2"}}},
        ],
        [{"extends": "hasenpfeffer", "making": {"all_pass": {"bid": "2"}}}],
    ),
    "making.all_pass.redeal": (
        [
            {
                "extends": "hasenpfeffer",
                "making": {"all_pass": {"forced": "dealer", "redeal": "next-dealer"}},
            },
            {"extends": "euchre", "making": {"all_pass": {"rule": "forced", "redeal": "next-dealer"}}},
        ],
        [
            {"extends": "hasenpfeffer", "making": {"all_pass": {"redeal": "next-dealer"}}},
            {"extends": "euchre", "making": {"all_pass": {"redeal": "next-dealer"}}},
        ],
    ),
    "making.all_pass.failure_multiplier": (
        [
            {
                "extends": "hasenpfeffer",
                "making": {"all_pass": {"rule": "throw-in", "failure_multiplier": 0.5}},
            }
        ],
        [
            {"extends": "hasenpfeffer", "making": {"all_pass": {"failure_multiplier": 0.5}}},
            {
                "extends": "euchre",
                "making": {"order_up": {"turned_trump": ["C"]}, "all_pass": {"failure_multiplier": 0.5}},
            },
        ],
    ),
    "making.all_pass.trump": (
        [{"extends": "hasenpfeffer", "making": {"all_pass": {"trump": "S"}}}],
        [{"extends": "hasenpfeffer", "making": {"all_pass": {"rule": "play", "trump": "S"}}}],
    ),
    "making.all_pass.per_trick": (
        [
            {"extends": "hasenpfeffer", "making": {"all_pass": {"per_trick": 5}}},
            {
                "extends": "hasenpfeffer",
                "making": {"all_pass": {"rule": "play", "per_trick": 5}},
                "scoring": {"no_maker": {"per_trick": 3}},
            },
        ],
        [{"extends": "hasenpfeffer", "making": {"all_pass": {"rule": "play", "per_trick": 5}}}],
    ),
    **{
        f"ranking.{field}": (
            [{"extends": "hasenpfeffer", "ranking": {field: value}}],
            [{"extends": "hasenpfeffer", "making": {"no_trump": True}, "ranking": {field: value}}],
        )
        for field, value in (("no_trump_joker", "own-suit"), ("no_trump_joker_led", "leader-names"))
    },
    "deal.weak_hands.{i}.dealer": (
        [
            {
                "extends": "euchre",
                "deal": {
                    "weak_hands": [
                        {
                            "name": "w",
                            "when": [{"ranks": [9]}],
                            "action": "swap",
                            "cards": 1,
                            "dealer": "next-dealer",
                        }
                    ]
                },
            }
        ],
        [
            {
                "extends": "euchre",
                "deal": {
                    "weak_hands": [
                        {"name": "w", "when": [{"ranks": [9]}], "action": "redeal", "dealer": "next-dealer"}
                    ]
                },
            }
        ],
    ),
    **{
        f"deal.dummies.{field}": (
            [{"extends": "euchre", "deal": {"dummies": {field: value}}}],
            [{"extends": "examples/house-rules/" + example}],
        )
        for field, value, example in (
            ("controller", "maker", "three-handed-euchre-dummy.yaml"),
            ("exposed", True, "two-handed-euchre-dummy.yaml"),
            ("hand_size", 3, "two-handed-euchre-dummy.yaml"),
            ("play", "merged", "two-handed-euchre-dummy.yaml"),
        )
    },
    "alone.lone_defence_against": (
        [
            {"extends": "euchre", "alone": {"lone_defence_against": "any-maker"}},
            {"extends": "buck-euchre", "alone": {"lone_defence_against": "any-maker"}},
        ],
        [{"extends": "euchre", "alone": {"lone_defence": True, "lone_defence_against": "any-maker"}}],
    ),
    "alone.lone_defence_order": (
        [{"extends": "euchre", "alone": {"lone_defence_order": "dealer-left"}}],
        [{"extends": "hasenpfeffer", "alone": {"lone_defence_order": "dealer-left"}}],
    ),
    "alone.exchange.lone_defender": (
        [
            {"extends": "hasenpfeffer", "alone": {"exchange": {"lone_defender": True}}},
            {"extends": "euchre", "alone": {"exchange": {"cards": 1, "lone_defender": True}}},
        ],
        [{"extends": "hasenpfeffer", "alone": {"exchange": {"cards": 1, "lone_defender": True}}}],
    ),
    "leads.alone": (
        [{"extends": "hasenpfeffer", "alone": {"allowed": "nobody"}, "leads": {"alone": "unchanged"}}],
        [
            {"extends": "hasenpfeffer", "leads": {"alone": "unchanged"}},
            {"extends": "five-hundred", "leads": {"alone": "lone-left"}},
        ],
    ),
    "leads.both_alone": (
        [{"extends": "euchre", "leads": {"both_alone": "maker"}}],
        [{"extends": "hasenpfeffer", "leads": {"both_alone": "maker"}}],
    ),
    **{
        f"scoring.{field}": (
            [{"extends": "three-handed-euchre", "scoring": {field: value}}],
            [
                {"extends": "euchre", "scoring": {field: value}},
                {
                    "extends": "examples/house-rules/five-handed-call-your-partner.yaml",
                    "scoring": {field: value},
                },
            ],
        )
        for field, value in (
            ("made_alone", {"per_trick": 2}),
            ("alone_multiplier", 3),
            ("multiply_failed_alone", False),
        )
    },
    "scoring.failed_alone_defence": (
        [{"extends": "euchre", "scoring": {"failed_alone_defence": {"fixed": 4}}}],
        [{"extends": "hasenpfeffer", "scoring": {"failed_alone_defence": {"fixed": 4}}}],
    ),
    **{
        f"scoring.{part}.{field}": (
            [{"extends": "five-hundred", "scoring": {part: {field: value}}}],
            [
                {"extends": "hasenpfeffer", "scoring": {part: {field: value}}},
                {
                    "extends": "five-hundred",
                    "scoring": {part: {field: value}},
                    "making": {"auction": {"ladder": [6, 7]}},
                },
            ],
        )
        for part in ("made", "failed")
        for field, value in (("fixed", 1), ("per_trick", 2), ("per_bid_trick", 1), ("table", {3: 2}))
    },
    "scoring.defenders": (
        [
            {
                "extends": "five-hundred",
                "making": {
                    "auction": {
                        "ladder": [
                            {"name": "6S", "tricks": 6, "trump": "S", "points": 40, "defenders_score": False}
                        ]
                    }
                },
                "scoring": {"defenders": {"per_trick": 5}},
            }
        ],
        [{"extends": "five-hundred", "scoring": {"defenders": {"per_trick": 5}}}],
    ),
    **{
        f"scoring.no_maker.{field}": (
            [{"extends": "hasenpfeffer", "scoring": {"no_maker": {field: 1}}}],
            [
                {
                    "extends": "hasenpfeffer",
                    "making": {"all_pass": {"rule": "play"}},
                    "scoring": {"no_maker": {field: 1}},
                }
            ],
        )
        for field in ("per_trick", "minimum", "short")
    },
    "scoring.declarations.{i}.groups": (
        [
            {
                "extends": "euchre",
                "scoring": {"declarations": [{"name": "t", "cards": 2, "groups": [2], "points": 1}]},
            }
        ],
        [
            {
                "extends": "euchre",
                "scoring": {
                    "declarations": [
                        {"name": "t", "holding": "ranks", "cards": 2, "groups": [2], "points": 1}
                    ]
                },
            }
        ],
    ),
    "game.win_by_defeat": (
        [{"extends": "hasenpfeffer", "game": {"win_by_defeat": True}}],
        [{"extends": "hasenpfeffer", "game": {"win_by_defeat": True, "must_bid_out": True}}],
    ),
    "game.must_bid_out": (
        [{"extends": "hasenpfeffer", "game": {"target": None, "deals": 8, "must_bid_out": True}}],
        [{"extends": "hasenpfeffer", "game": {"deals": 8, "must_bid_out": True}}],
    ),
    "match.laps": (
        [{"extends": "euchre", "game": {"target": None, "deals": 8}, "match": {"laps": True}}],
        [{"extends": "euchre", "match": {"laps": True}}],
    ),
    "making.order_up.dealer_keeps_turned": (
        [
            {"extends": "hasenpfeffer", "making": {"order_up": {"dealer_keeps_turned": True}}},
            {
                "extends": "euchre",
                "making": {"order_up": {"dealer_discards": False, "dealer_keeps_turned": True}},
            },
        ],
        [{"extends": "euchre", "making": {"order_up": {"dealer_keeps_turned": True}}}],
    ),
}


def test_every_field_that_acts_under_another_has_its_cases() -> None:
    assert set(CASES) == {u.field for u in UNDER}


@pytest.mark.parametrize("field", sorted(CASES))
def test_a_field_is_refused_at_its_line_where_it_does_not_act_and_accepted_where_it_does(field: str) -> None:
    refused, accepted = CASES[field]
    for data in refused:
        found = problems(data)
        assert idle(field, found), (data, found)
    for data in accepted:
        found = problems(data)
        assert not idle(field, found) and not found, (data, found)


def _other(info: Any) -> Any:
    """A value of a field other than its default (a bool turned, another choice, one more...)."""
    default = info.get_default(call_default_factory=True)
    ann = info.annotation
    args = (
        [a for a in get_args(ann) if a is not type(None)]
        if get_origin(ann) in (Union, types.UnionType)
        else [ann]
    )
    for a in args:
        if get_origin(a) is Literal:
            return next(x for x in get_args(a) if x != default)
    if isinstance(default, bool):
        return not default
    if isinstance(default, int):
        return default + 1 if default < 2 else default - 1
    if isinstance(default, tuple):
        return ["C"]
    if default is None:
        return "S"
    raise AssertionError(info)


ONE_METHOD = [
    *((f"making.auction.{f}", "order-up") for f in ("ladder", "style", "pass_final", "rank")),
    *((f"making.order_up.{f}", "auction") for f in OrderUp.model_fields),
    ("making.all_pass.bid", "order-up"),
    ("making.all_pass.trump", "order-up"),
]
"""Fields that act under one method of making trump only, and the other method."""


@pytest.mark.parametrize(("field", "method"), ONE_METHOD)
def test_a_field_of_one_method_is_refused_under_the_other(field: str, method: str) -> None:
    base = {"order-up": "euchre", "auction": "hasenpfeffer"}[method]
    *section, name = field.split(".")
    model: Any = Variant
    for part in section:
        model = model.model_fields[part].annotation
    value = {
        "ladder": [3, 5],
        "bid": "2",
        "trump": "S",
        "must_order": [{"positions": [1]}],
        "makers": [2],
    }.get(name) or _other(model.model_fields[name])
    data: dict[str, Any] = {"extends": base}
    here = data
    for part in section:
        here = here.setdefault(part, {})
    here[name] = value
    assert load_variant(base).making.method == method
    found = problems(data)
    assert any(p.loc == field and "acts only when" in p.message for p in found), (data, found)


def test_a_refusal_is_at_the_line_the_file_wrote_and_a_parents_idle_value_is_dropped(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        "extends: euchre\nname: house\nmaking:\n  auction:\n    ladder: [2, 4]\n", encoding="utf-8"
    )
    with pytest.raises(VariantError) as caught:
        load_variant(house)
    assert str(caught.value) == (
        f"{house}:5:5: making.auction.ladder: acts only when making.method is auction, but it is order-up"
    )
    # euchre's redeal by the next dealer is idle under a stuck dealer: inherited, it is not
    # refused, and the variant keeps the default instead
    house.write_text("extends: euchre\nname: house\nmaking:\n  all_pass: {rule: forced}\n", encoding="utf-8")
    assert load_variant("euchre").making.all_pass.redeal == "next-dealer"
    assert load_variant(house).making.all_pass.redeal == "same-dealer"


def test_every_built_in_and_example_sets_only_what_acts() -> None:
    files = [
        *sorted((ROOT / "variants").glob("*.yaml")),
        *sorted((ROOT / "examples" / "house-rules").glob("*.yaml")),
    ]
    for path in files:
        assert load_variant(path) is not None


def test_a_key_set_on_the_command_line_is_refused_where_it_does_not_act() -> None:
    from hasenpfeffer.format.houserule import house_rule

    with pytest.raises(VariantError) as caught:
        house_rule("hasenpfeffer", {"making.order_up.rounds": 1})
    assert str(caught.value) == (
        "--set making.order_up.rounds:1:1: making.order_up.rounds: acts only when making.method is"
        " order-up, but it is auction"
    )
    assert house_rule("euchre", {"making.all_pass.rule": "forced"}).making.all_pass.redeal == "same-dealer"
