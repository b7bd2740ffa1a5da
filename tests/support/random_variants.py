"""A hypothesis strategy for random variants that pass every semantic check, across the format's dimensions.

Built field by field so that nearly every draw is valid (the few that are not are filtered by
the tests). Imported by path from the tests (pytest runs with ``--import-mode=importlib``).
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume
from hypothesis import strategies as st
from pydantic import ValidationError

from hasenpfeffer.format.acting import settled
from hasenpfeffer.format.cards import RANKS
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant_data
from hasenpfeffer.format.variant import Variant

JOKER_RANKS = ["highest", "below-right-bower", "below-left-bower"]


def _points(draw: st.DrawFn, hand: int, fixed: tuple[int, int]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if draw(st.booleans()):
        out["fixed"] = draw(st.integers(*fixed))
    if draw(st.booleans()):
        out["per_trick"] = draw(st.integers(0, 2))
    if draw(st.booleans()):
        out["per_bid_trick"] = draw(st.integers(0, 2))
    if draw(st.integers(0, 3)) == 0:
        out["table"] = draw(st.dictionaries(st.integers(0, hand), st.integers(-3, 6), max_size=3))
    return out


def _ladder(draw: st.DrawFn, hand: int) -> list[Any]:
    """Bids strictly rising in (tricks, multiplier); numbers, named bids and multiplied bids."""
    pairs = sorted(draw(st.sets(st.tuples(st.integers(1, hand), st.integers(1, 3)), min_size=1, max_size=6)))
    ladder: list[Any] = []
    for i, (tricks, mult) in enumerate(pairs):
        if mult == 1 and draw(st.booleans()):
            ladder.append(tricks)
        else:
            bid: dict[str, Any] = {"name": f"b{i}-{tricks}", "tricks": tricks}
            if mult > 1 or draw(st.booleans()):
                bid["multiplier"] = mult
            ladder.append(bid)
    return ladder


def _contracts(
    draw: st.DrawFn, ladder: list[Any], suits: list[str], players: int, partners: bool
) -> list[Any]:
    """The ladder with contracts: bids that name their trump, carry fixed points, are played
    alone or open, leave the defenders unscored, are open to some places or only over a bid;
    perhaps a misère (no trick) among them."""
    out: list[Any] = []
    for i, bid in enumerate(ladder):
        b = {"name": str(bid), "tricks": bid} if isinstance(bid, int) else dict(bid)
        if draw(st.booleans()):
            b["trump"] = draw(st.sampled_from([*suits, "NT", "NTL"]))
        if draw(st.booleans()):
            b["points"] = draw(st.integers(1, 12))
            if draw(st.booleans()):
                b["failed_points"] = draw(st.integers(0, 12))
        if partners and draw(st.integers(0, 3)) == 0:
            b["alone"] = True
            if draw(st.booleans()):  # its lone maker exchanges with the partners, or does not
                b["exchange"] = draw(st.booleans())
        if draw(st.integers(0, 3)) == 0:
            b["failed_to"] = draw(st.sampled_from(["makers", "opponents"]))
        if draw(st.integers(0, 3)) == 0:
            b["open"] = True
            b["open_from"] = draw(st.sampled_from(["first-trick", "lead"]))
        if draw(st.integers(0, 3)) == 0:
            b["defenders_score"] = False
        if draw(st.integers(0, 4)) == 0:
            b["positions"] = sorted(draw(st.sets(st.integers(1, players), min_size=1)))
        if i and draw(st.integers(0, 4)) == 0:
            b["only_over"] = out[draw(st.integers(0, i - 1))]["name"]
        out.append(b)
    if draw(st.booleans()):  # a misère somewhere in the ladder
        misere = {"name": "misere", "objective": "none", "trump": "NT", "points": draw(st.integers(1, 12))}
        misere |= {"alone": partners and draw(st.booleans()), "defenders_score": draw(st.booleans())}
        out.insert(draw(st.integers(0, len(out))), misere)
    return out


def _weak_hands(draw: st.DrawFn, ranks: list[str], hand: int) -> list[dict[str, Any]]:
    """One or two weak-hand rules its holder may call (a redeal, or a swap with the kitty's
    hidden cards), of one test each; never made at once, which could loop without end."""
    rules = []
    for i in range(draw(st.integers(1, 2))):
        least = draw(st.integers(1, min(hand, 3)))
        test: dict[str, Any] = {
            "ranks": draw(st.lists(st.sampled_from(ranks), min_size=1, max_size=3, unique=True)),
            "at_least": least,
        }
        if draw(st.booleans()):
            test["one_rank"] = True
        rule: dict[str, Any] = {
            "name": f"weak {i}",
            "when": [test],
            "action": draw(st.sampled_from(["redeal", "swap"])),
            "optional": True,
            "dealer": draw(st.sampled_from(["same-dealer", "next-dealer"])),
        }
        if rule["action"] == "swap":
            rule["cards"] = draw(st.integers(1, least))
        rules.append(rule)
    return rules


def _dummies(draw: st.DrawFn, players: int, partners: bool, hand: int, all_dealt: bool) -> dict[str, Any]:
    """Seats dealt a hand nobody sits at (``deal.dummies``), one draw in five of order-up games:
    with partnerships, at most one of each side (its player plays it, from its seat or taken into
    hand); players each for themselves, one for each hand's maker. Empty: none."""
    if draw(st.integers(0, 4)) > 0:
        return {}
    if partners:
        seats = sorted(draw(st.sets(st.integers(0, players - 1), min_size=1, max_size=2)))
        if len(seats) == 2 and seats[0] % 2 == seats[1] % 2:
            seats = seats[:1]  # one dummy a side
        controller = "partner"
    else:
        if players < 3:
            return {}
        seats, controller = [draw(st.integers(0, players - 1))], "maker"
    d: dict[str, Any] = {
        "seats": seats,
        "controller": controller,
        "play": draw(st.sampled_from(["seat", "merged"])),
    }
    if d["play"] == "seat":
        d["exposed"] = len(seats) == 1 and draw(st.booleans())
    elif not all_dealt and hand > 1 and draw(st.booleans()):
        d["hand_size"] = draw(st.integers(1, hand - 1))  # a smaller dummy: the kitty holds the rest
    return d


@st.composite
def engine_variants(draw: st.DrawFn, extras: bool = False) -> dict[str, Any]:
    """A mapping for a semantically valid variant, with every dimension of the format drawn;
    with ``extras``, also weak hands, declarations and dropping out (the engine's invariants
    draw them; the worlds cannot always honour a weak hand's offer: docs/bots.md, "Worlds after
    a weak hand's offer")."""
    suits = draw(st.lists(st.sampled_from("CDHS"), min_size=1, max_size=4, unique=True))
    ranks = draw(st.lists(st.sampled_from(RANKS), min_size=2, max_size=9, unique=True))
    # Bowers need a jack and, for every suit, another suit of its colour.
    pairs_ok = all(sum(1 for o in suits if (o in "DH") == (s in "DH")) == 2 for s in suits)
    bowers = "J" in ranks and pairs_ok and draw(st.booleans())
    copies, jokers = draw(st.integers(1, 2)), draw(st.integers(0, 2))
    size = len(suits) * len(ranks) * copies + jokers
    players = draw(st.integers(2, min(8, size)))
    partners = players % 2 == 0 and draw(st.booleans())
    has_partners = partners and players >= 4
    hand = draw(st.integers(1, min(size // players, 12)))
    kitty = size - hand * players
    dead = draw(st.integers(1, kitty - 1)) if kitty >= 2 and draw(st.integers(0, 4)) == 0 else 0
    kitty -= dead  # a dead hand (deal.dead_hand) out of what is left over
    method = "order-up" if kitty >= 1 and draw(st.booleans()) else "auction"
    deal: dict[str, Any] = {"hand_size": hand, "kitty": {"size": kitty}, "dead_hand": dead}
    if draw(st.integers(0, 3)) == 0:
        deal["hand_size"] = "all"
    deal["kitty"]["use"] = "turn-up" if method == "order-up" else draw(st.sampled_from(["widow", "unused"]))
    if hand >= 2 and draw(st.booleans()):
        first = draw(st.integers(1, hand - 1))
        deal["packets"] = [first, hand - first]
        if first >= 2 and draw(st.booleans()):
            deal["packets"] = [1, first - 1, hand - first]
    deal["dealer_rotation"] = draw(st.sampled_from(["left", "right"]))

    dummies = (
        _dummies(draw, players, has_partners, hand, deal["hand_size"] == "all")
        if method == "order-up"
        else {}
    )
    if dummies:
        deal["dummies"] = dummies
        deal["kitty"]["size"] += (hand - dummies.get("hand_size", hand)) * len(dummies["seats"])
    # players each for themselves going alone by leaving the maker's dummy untaken
    leaves = bool(dummies) and dummies["controller"] == "maker" and dummies["play"] == "merged"

    ranking: dict[str, Any] = {"bowers": bowers}
    if jokers:
        ranking["joker"] = draw(st.sampled_from(JOKER_RANKS))
        ranking["no_trump_joker"] = draw(st.sampled_from(["highest", "own-suit"]))
        if ranking["no_trump_joker"] == "highest":
            ranking["no_trump_joker_led"] = draw(st.sampled_from(["any-card", "leader-names"]))
    if draw(st.booleans()):
        ranking["order"] = draw(st.permutations(ranks))

    alone: dict[str, Any] = {"allowed": "nobody"}
    may_alone = (has_partners or leaves) and draw(st.integers(0, 3)) > 0
    if may_alone:
        cards = draw(st.integers(0, min(2, hand))) if has_partners and not dummies else 0
        alone = {
            "allowed": "maker",
            "lone_defence": has_partners and not dummies and draw(st.booleans()),
            "lone_defence_against": draw(st.sampled_from(["lone-maker", "any-maker"])),
            "lone_defence_order": draw(st.sampled_from(["maker-left", "dealer-left"])),
            "exchange": {
                "cards": cards,
                "best": cards > 0 and draw(st.booleans()),
                "lone_defender": draw(st.booleans()),
            },
        }

    if dummies:
        alone["lone_defence"] = False  # a dummy is never asked to defend alone
    ladder = _ladder(draw, hand)
    if method == "auction" and draw(st.integers(0, 2)) == 0:
        ladder = _contracts(draw, ladder, suits, players, has_partners)
        if not may_alone and any(isinstance(b, dict) and b.get("exchange") for b in ladder):
            cards = draw(st.integers(1, min(2, hand)))  # an exchange at those bids alone
            alone["exchange"] = {"cards": cards, "best": draw(st.booleans())}
    names = [str(b) if isinstance(b, int) else b["name"] for b in ladder]
    if method == "order-up":
        forced = "dealer"
    else:
        forced = "joker-holder" if jokers and draw(st.booleans()) else "dealer"
    making: dict[str, Any] = {
        "method": method,
        "no_trump": draw(st.booleans()),
        "all_pass": {
            # (one draw in six plays a hand out without a maker when all pass)
            "rule": draw(st.sampled_from(["throw-in", "forced"] * 5 + ["play"])),
            "forced": forced,
            "bid": draw(st.sampled_from(names)),
            "redeal": draw(st.sampled_from(["same-dealer", "next-dealer"])),
            "failure_multiplier": draw(st.sampled_from([0.5, 1.0, 1.5, 2.0])),
            "trump": draw(st.sampled_from([*suits, "NT"])),
            "per_trick": draw(st.integers(0, 2)),
        },
    }
    if method == "auction":
        making["auction"] = {"ladder": ladder, "style": draw(st.sampled_from(["until-passes", "one-round"]))}
        if draw(st.integers(0, 3)) == 0:
            making["auction"]["pass_final"] = False
        if draw(st.integers(0, 3)) == 0:  # only more tricks overcall
            making["auction"]["rank"] = "tricks"
        if draw(st.integers(0, 3)) == 0:  # stick the dealer: it may not pass after all the others
            making["auction"]["stuck_dealer"] = True
    else:
        making["order_up"] = {
            "rounds": draw(st.integers(1, 2)),
            # (a stuck dealer needs a trump to name in round two)
            "turned_suit_barred": draw(st.booleans())
            and (len(suits) > 1 or making["no_trump"] or making["all_pass"]["rule"] != "forced"),
            "dealer_discards": draw(st.booleans()),
            "dealer_keeps_turned": copies == 1 and jokers < 2 and draw(st.booleans()),
            "dealer_partner_alone": has_partners and may_alone and draw(st.booleans()),
            "tricks_required": draw(st.integers(1, hand)),
            "turned_joker": draw(st.none() | st.sampled_from([*suits, "dealer-names"])),
            # dirty clubs: some of the suits (never all) trump at once when turned
            "turned_trump": draw(st.lists(st.sampled_from(suits), unique=True, max_size=len(suits) - 1)),
            "turned_trump_forced": draw(st.booleans()),
        }
        ou, ap = making["order_up"], making["all_pass"]
        if jokers and ou["turned_joker"] is not None and draw(st.integers(0, 3)) == 0:
            ou["turned_trump"].append("JK")  # a turned Joker trump at once, in the suit it proposes
        if jokers and ou["turned_joker"] == "dealer-names" and draw(st.booleans()):
            ou["turned_joker_blind"] = True  # the dealer names it before looking at the hand
        if not ou["turned_trump"] and draw(st.integers(0, 3)) == 0:  # suits barred after a failure
            ou["failed_suit_barred"] = True
        free = [x for x in suits if x not in ou["turned_trump"]]
        if not dummies and free and draw(st.integers(0, 3)) == 0:  # turned cards that must be ordered up
            places = st.lists(st.integers(1, players), unique=True, min_size=1, max_size=players)
            ou["must_order"] = [
                {
                    "suits": draw(st.lists(st.sampled_from(free), unique=True, max_size=2)),
                    "ranks": draw(st.lists(st.sampled_from(ranks), unique=True, max_size=2)),
                    "positions": draw(places),
                    "alone": may_alone and draw(st.booleans()),
                }
                for _ in range(draw(st.integers(1, 3)))
            ]
        if ap["rule"] != "forced" and "must_order" not in ou and draw(st.integers(0, 3)) == 0:
            ou["last_maker_passes"] = True  # the last hand's maker only passes
        if not ou["turned_trump"] and draw(st.integers(0, 3)) == 0:
            ou["last_trick_suit"] = True  # the suit that won the last trick is the next trump
        if has_partners and may_alone and not dummies and draw(st.integers(0, 3)) == 0:
            ou["take_over"] = True  # a partner yet to speak may take the contract alone
        if may_alone and ou["rounds"] == 2 and draw(st.integers(0, 3)) == 0:
            ou["named_alone"] = True  # round two for loners only
        if not dummies and players > 1 and "must_order" not in ou and draw(st.integers(0, 3)) == 0:
            # only some places may make trump (the dealer's, where a stuck dealer must)
            some = st.lists(st.integers(1, players), unique=True, min_size=1, max_size=players - 1)
            ou["makers"] = sorted(set(draw(some)) | ({players} if ap["rule"] == "forced" else set()))
            if len(ou["makers"]) == players:
                del ou["makers"]
        if ap["rule"] == "forced" and ou["rounds"] == 2:
            ap["stuck_dealer"] = {
                "turned_suit": ou["turned_suit_barred"] and draw(st.booleans()),
                "no_trump": not making["no_trump"] and draw(st.booleans()),
            }

    scoring: dict[str, Any] = {
        "made": _points(draw, hand, (1, 3)),
        "failed": {**_points(draw, hand, (-1, 3)), "to": draw(st.sampled_from(["makers", "opponents"]))},
        "defenders": _points(draw, hand, (-1, 1)) if draw(st.booleans()) else {},
        "alone_multiplier": draw(st.integers(1, 4)),
        "multiply_failed_alone": draw(st.booleans()),
    }
    if "fixed" not in scoring["made"]:  # so that a made bid scores (the target can be reached)
        scoring["made"]["per_trick"] = max(1, scoring["made"].get("per_trick", 0))
    if making["all_pass"]["rule"] == "play" and draw(st.booleans()):
        scoring["no_maker"] = {"minimum": draw(st.integers(0, 1)), "short": draw(st.integers(0, 5))}
    if draw(st.integers(0, 3)) == 0:
        scoring["slam"] = {
            "points": draw(st.integers(1, 12)),
            "rule": draw(st.sampled_from(["floor", "fixed", "bonus"])),
        }
    if draw(st.booleans()):
        scoring["made_alone"] = _points(draw, hand, (1, 6))
    if draw(st.booleans()):
        scoring["failed_alone_defence"] = {
            **_points(draw, hand, (0, 4)),
            "to": draw(st.sampled_from(["makers", "opponents"])),
        }
    match = draw(
        st.none()
        | st.fixed_dictionaries(
            {"wins": st.integers(1, 3), "shut_out": st.integers(1, 2), "laps": st.booleans()}
        )
    )
    # a game of a number of deals (not in a match), with a target or without one
    deals = draw(st.none() | st.integers(1, 6)) if match is None else None
    game = {
        "target": draw(st.integers(1, 30)) if deals is None or draw(st.booleans()) else None,
        "deals": deals,
        "tie": draw(st.sampled_from(["makers", "higher", "play-on"])),
        "must_bid_out": draw(st.booleans()),
        "win_by_defeat": draw(st.booleans()),
        "lose_at": draw(st.none() | st.integers(-30, 0)),
    }
    # one draw in six: weak hands its holder may call; declarations of top trumps (and of ranks); players each
    # for themselves who may drop out once trump is made (and a buck for a player who stays in
    # and takes no trick)
    if extras and draw(st.integers(0, 5)) == 0:
        deal["weak_hands"] = _weak_hands(draw, ranks, hand)
    if extras and draw(st.integers(0, 5)) == 0:
        scoring["declarations"] = [
            {
                "name": "set",
                "holding": "top-trumps",
                "cards": draw(st.integers(1, min(hand, 3))),
                "points": draw(st.integers(1, 8)),
                "ends_hand": True,
            }
        ]
        if draw(st.booleans()):  # and a pattern of ranks, before or after it (the higher set wins)
            first = draw(st.integers(1, min(hand, len(suits) * copies, 4)))
            groups = [first]
            if hand > first and len(ranks) > 1 and draw(st.booleans()):
                groups.append(draw(st.integers(1, min(first, hand - first))))
            kind = {"name": "kind", "holding": "ranks", "cards": sum(groups), "groups": groups}
            kind["points"], kind["wins_game"] = draw(st.integers(1, 8)), draw(st.booleans())
            at = draw(st.sampled_from([0, 1]))
            scoring["declarations"].insert(at, kind)
    drops = extras and not partners and not dummies and players >= 3 and draw(st.integers(0, 5)) == 0
    if drops:
        alone["drop_out"] = {"allowed": True, "when_turned_trump": draw(st.booleans())}
        if draw(st.booleans()):
            scoring["bucked"] = draw(st.integers(-5, 5))
    # players each for themselves, one draw in five, find a partner for the hand: by a card, or
    # named by seat (making.call)
    called = not partners and not dummies and players >= 3 and draw(st.integers(0, 4)) == 0
    if called:
        making["call"] = {"by": draw(st.sampled_from(["card", "seat"])), "alone": draw(st.booleans())}
        if making["call"]["by"] == "card":
            making["call"]["cards"] = draw(st.sampled_from(["any", "plain", "best-trump"]))
            making["call"]["own"] = draw(st.booleans())
        elif players >= 4 and draw(st.booleans()):  # two partners named after a high enough contract
            if method == "auction":
                most = max(b if isinstance(b, int) else b.get("tricks", 0) for b in ladder)
            else:
                most = making["order_up"]["tricks_required"]
            making["call"]["two_partners_from"] = draw(st.integers(1, max(1, most)))
    return {
        "name": "random",
        "players": players,
        "partnerships": "alternate" if partners else "called" if called else "none",
        "pack": {"suits": suits, "ranks": ranks, "copies": copies, "jokers": jokers},
        "ranking": ranking,
        "deal": deal,
        "making": making,
        "alone": alone,
        "leads": {
            "first": draw(st.sampled_from(["dealer-left", "maker"])),
            "alone": draw(st.sampled_from(["lone-left", "unchanged"])),
            "both_alone": draw(st.sampled_from(["defender", "maker", "unchanged"])),
        },
        "scoring": scoring,
        "game": game,
        "match": match,
    }


def loaded(data: dict[str, Any]) -> Variant:
    """The variant of a draw of :func:`engine_variants`; a draw that fails a check is rejected
    (hypothesis draws another). The fields drawn where they do not act (a lone defence's order
    where nobody defends alone...) go back to their defaults first, as a parent's would: the
    game is the same, and the loader refuses only what a file sets where it does not act."""
    try:
        drawn = Variant.model_validate(data)
    except ValidationError:
        assume(False)
        raise
    quiet = settled(drawn, lambda _: True).model_dump(mode="json", exclude_defaults=True)
    try:
        return load_variant_data({**quiet, "name": drawn.name})
    except VariantError:
        assume(False)
        raise
