"""``hasenpfeffer rl describe VARIANT``: a variant as a learning environment, in sizes and slices."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``describe VARIANT`` and its options."""
    from ..common import add_allow_path

    sub = parser.add_subparsers(dest="rl_command", metavar="SUBCOMMAND", required=True)
    describe = sub.add_parser(
        "describe",
        help="print the action space and the observation layout of a variant",
        description="Print the sizes of a variant's actions and observations, and each piece of the"
        " observation vector with its slice and shape (for the PettingZoo environment and the"
        " OpenSpiel game of docs/rl.md).",
    )
    describe.add_argument("variant", metavar="VARIANT", help="a built-in name or a variant file")
    describe.add_argument(
        "--info-state", action="store_true", help="the information state's layout (OpenSpiel) instead"
    )
    add_allow_path(describe)


def run(args: argparse.Namespace) -> int:
    """Print the description; exit 1 if the variant does not load."""
    from ...observe.bounds import decisions_per_hand, difference_bound, hand_points
    from ...observe.layout import layout
    from ...rules.actionspace import action_space
    from ..common import load_or_report

    variant = load_or_report(args.variant, args.allow_path)
    if variant is None:
        return 1
    space = action_space(variant)
    lay = layout(variant, args.info_state)
    low, high = hand_points(variant)
    groups = ", ".join(
        g.name + (f" {g.start}" if g.stop - g.start == 1 else f" {g.start}-{g.stop - 1}")
        for g in space.groups
    )
    print(f"variant: {variant.name}")
    print(f"agents: {variant.players} (seat_0 .. seat_{variant.players - 1}), {len(variant.teams)} sides")
    print(f"actions: {space.size} ({groups})")
    print(f"decisions a hand: at most {decisions_per_hand(variant)}")
    print(f"points a hand: a side's score changes by {low} to {high}", end="")
    if len(variant.teams) == 2:
        print(f"; OpenSpiel return (own side minus the other) within +-{difference_bound(variant)}, zero-sum")
    else:
        print("; OpenSpiel return (own side), general-sum")
    print()
    print(lay.describe())
    return 0
