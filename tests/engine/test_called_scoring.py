"""A called partner with contracts, over random variants: each hand's score change against a
scorer written here from the rules of docs/variant-format.md ("Writing a contract", "Calling a
partner") and docs/engine.md (a multiplied loss rounded half away from zero), not from the engine.

Each example draws a small variant with ``partnerships: called`` and a ladder of bids that may
carry a contract (their own trump, points, failed points and their receivers, a lone or open
play, defenders who score nothing, a misère), or an order-up, with random scoring fields; random
legal actions play a few hands of it.
"""

from __future__ import annotations

import math
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer import Game, HandResult, Variant
from hasenpfeffer.events import HandDealt, HandScored, PartnerCalled
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant, load_variant_data
from hasenpfeffer.format.variant import Bid
from support.paths import HOUSE_RULES as HOUSE
from support.play import play_random

RANKS = ["7", "8", "9", "T", "J", "Q", "K", "A"]


def points(draw: st.DrawFn, hand: int) -> dict[str, Any]:
    """A formula of points, perhaps with a table."""
    out = {"fixed": draw(st.integers(-2, 4)), "per_trick": draw(st.integers(0, 3))}
    out["per_bid_trick"] = draw(st.integers(0, 2))
    if draw(st.booleans()):
        out["table"] = draw(st.dictionaries(st.integers(0, hand), st.integers(-3, 9), max_size=2))
    return out


def ladder(draw: st.DrawFn, hand: int) -> list[dict[str, Any]]:
    """Bids rising in (tricks, multiplier), each perhaps a contract; perhaps a misère among them."""
    pairs = sorted(draw(st.sets(st.tuples(st.integers(1, hand), st.integers(1, 3)), min_size=1, max_size=4)))
    bids: list[dict[str, Any]] = []
    for i, (tricks, mult) in enumerate(pairs):
        bid: dict[str, Any] = {"name": f"b{i}", "tricks": tricks, "multiplier": mult}
        if draw(st.booleans()):
            bid["trump"] = draw(st.sampled_from(["C", "D", "H", "S", "NT"]))
        if draw(st.booleans()):
            bid["points"] = draw(st.integers(-5, 30))
            if draw(st.booleans()):
                bid["failed_points"] = draw(st.integers(-5, 30))
        if draw(st.integers(0, 2)) == 0:
            bid["failed_to"] = draw(st.sampled_from(["makers", "opponents"]))
        if draw(st.integers(0, 3)) == 0:
            bid["alone"] = True
        if draw(st.integers(0, 4)) == 0:
            bid["open"] = True
        if draw(st.integers(0, 2)) == 0:
            bid["defenders_score"] = False
        bids.append(bid)
    if draw(st.booleans()):
        misere: dict[str, Any] = {"name": "misere", "objective": "none", "trump": "NT"}
        misere["alone"] = draw(st.booleans())
        misere["defenders_score"] = draw(st.booleans())
        if draw(st.booleans()):
            misere["points"] = draw(st.integers(1, 30))
        bids.insert(draw(st.integers(0, len(bids))), misere)
    return bids


@st.composite
def called_variants(draw: st.DrawFn) -> dict[str, Any]:
    """A small variant with a called partner, by auction (contracts) or order-up."""
    ranks = RANKS[-draw(st.integers(3, 8)) :]
    jokers = draw(st.integers(0, 1))
    size = 4 * len(ranks) + jokers
    players = draw(st.integers(3, 5))
    hand = draw(st.integers(1, min(size // players, 6)))
    kitty = size - hand * players
    auction = kitty == 0 or draw(st.integers(0, 3)) > 0
    bids = ladder(draw, hand)
    making: dict[str, Any] = {
        "method": "auction" if auction else "order-up",
        "call": {
            "cards": draw(st.sampled_from(["any", "plain", "best-trump"])),
            "own": draw(st.booleans()),
            "alone": draw(st.booleans()),
        },
    }
    if auction:
        making["auction"] = {"ladder": bids}
        lowest = min(b.get("tricks", 0) or 99 for b in bids)
        forced = [b["name"] for b in bids] + ([str(lowest - 1)] if 1 < lowest < 99 else [])
        making["all_pass"] = {"rule": "throw-in"}
        if draw(st.booleans()):
            making["all_pass"] = {
                "rule": "forced",
                "forced": "joker-holder" if jokers and draw(st.booleans()) else "dealer",
                "bid": draw(st.sampled_from(forced)),
                "failure_multiplier": draw(st.sampled_from([0.5, 1.0, 1.5, 2.0])),
            }
    else:
        making["order_up"] = {"tricks_required": draw(st.integers(1, hand))}
        making["all_pass"] = {"rule": draw(st.sampled_from(["throw-in", "forced"])), "forced": "dealer"}
        if making["all_pass"]["rule"] == "forced":
            making["all_pass"]["failure_multiplier"] = draw(st.sampled_from([0.5, 1.0, 1.5]))
    if players >= 4 and draw(st.booleans()):  # partners named by seat, two after a high contract
        making["call"] = {"by": "seat", "alone": making["call"]["alone"]}
        if draw(st.integers(0, 2)) > 0:
            most = max(b.get("tricks", 0) for b in bids) if auction else making["order_up"]["tricks_required"]
            making["call"]["two_partners_from"] = draw(st.integers(1, max(1, most)))
    scoring: dict[str, Any] = {
        "made": points(draw, hand),
        "failed": {**points(draw, hand), "to": draw(st.sampled_from(["makers", "opponents"]))},
        "alone_multiplier": draw(st.integers(1, 3)),
        "multiply_failed_alone": draw(st.booleans()),
    }
    scoring["made"]["per_trick"] += 1  # some result scores: the target can be reached
    if draw(st.booleans()):
        scoring["defenders"] = points(draw, hand)
    if draw(st.booleans()):
        scoring["made_alone"] = points(draw, hand)
    if draw(st.integers(0, 2)) == 0:
        scoring["slam"] = {
            "points": draw(st.integers(1, 40)),
            "rule": draw(st.sampled_from(["floor", "fixed", "bonus"])),
        }
    if draw(st.integers(0, 4)) == 0:
        scoring["bucked"] = draw(st.integers(-5, 5))
    return {
        "name": "called",
        "players": players,
        "partnerships": "called",
        "pack": {"ranks": ranks, "jokers": jokers},
        "ranking": {"bowers": "J" in ranks},
        "deal": {"hand_size": hand, "kitty": {"size": kitty, "use": "widow" if auction else "turn-up"}},
        "making": making,
        "alone": {"allowed": "nobody"},
        "leads": {"first": draw(st.sampled_from(["dealer-left", "maker"]))},
        "scoring": scoring,
        "game": {"target": draw(st.integers(20, 200))},
    }


def value(p: Any, tricks: int, bid: int) -> int:
    """A formula of points (docs: `fixed + per_trick * tricks + per_bid_trick * bid`, unless the
    table has an entry for the tricks taken)."""
    if tricks in p.table:
        return int(p.table[tricks])
    return int(p.fixed + p.per_trick * tricks + p.per_bid_trick * bid)


def away(x: float) -> int:
    """Rounded half away from zero."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def expected(v: Variant, r: HandResult) -> tuple[bool, list[int]]:
    """(made, each player's change) of a hand with a maker, from the rules as the docs tell them."""
    assert r.maker is not None and r.bid is not None
    s, n = v.scoring, v.players
    names = {b.name: b for b in v.making.auction.ladder} if v.making.method == "auction" else {}
    contract: Bid | None = names.get(r.bid)
    if contract is not None:
        required, multiplier = contract.tricks, contract.multiplier
    elif r.bid == "order-up":
        required, multiplier = v.making.order_up.tricks_required, 1
    else:  # a forced bid below the ladder: a number of tricks
        required, multiplier = int(r.bid), 1
    call = v.calling
    if call is not None and call.by == "seat" and r.partner is not None:  # a second partner named
        two = call.two_partners_from  # after a contract of that many tricks or more
        assert (r.second_partner is not None) == (two is not None and required >= two), r
    lone = r.partner is None or (contract is not None and contract.alone)
    makers = {r.maker} if r.partner is None else {r.maker, r.partner}
    if r.second_partner is not None:
        makers.add(r.second_partner)
    ours = sum(r.tricks[q] for q in makers)
    theirs = sum(r.tricks) - ours
    misere = contract is not None and contract.objective == "none"
    made = ours == 0 if misere else ours >= required
    mine, others = 0, 0
    own = None if contract is None else contract.points
    if made:
        if own is not None:
            mine = own
        elif lone and s.made_alone is not None:
            mine = value(s.made_alone, ours, required) * multiplier
        else:
            mine = value(s.made, ours, required) * multiplier * (s.alone_multiplier if lone else 1)
        if s.slam is not None and not misere and ours == v.tricks_per_hand:
            mine = {"floor": max(mine, s.slam.points), "fixed": s.slam.points}.get(
                s.slam.rule, mine + s.slam.points
            )
    else:
        if own is not None:
            loss = own if contract is None or contract.failed_points is None else contract.failed_points
        else:
            raw = float(value(s.failed, ours, required) * multiplier)
            if lone and s.multiply_failed_alone:
                raw *= s.alone_multiplier
            if r.forced:
                raw *= v.making.all_pass.failure_multiplier
            loss = away(raw)
        to = s.failed.to if contract is None or contract.failed_to is None else contract.failed_to
        if to == "makers":
            mine = -loss
        else:
            others = loss
    if contract is None or contract.defenders_score:
        others += value(s.defenders, theirs, required)
    if s.bucked is not None:
        mine = s.bucked if ours == 0 else mine
        others = s.bucked if theirs == 0 else others
    return made, [mine if q in makers else others for q in range(n)]


def hands_of(g: Game) -> list[list[Any]]:
    """The events of each hand, from its deal to its score."""
    out: list[list[Any]] = []
    for e in g.events:
        if type(e) is HandDealt:
            out.append([])
        if out:
            out[-1].append(e)
    return [h for h in out if any(type(e) is HandScored for e in h)]


SETTINGS = settings(
    max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)


@SETTINGS
@given(called_variants(), st.integers(0, 2**16))
def test_each_hand_with_a_called_partner_scores_as_its_contract_says(data: dict[str, Any], seed: int) -> None:
    try:
        v = load_variant_data(data)
    except VariantError:
        return  # a draw the checks refuse (a best trump called where every bid is at no-trump...)
    g = Game(v, seed=seed)
    play_random(g, random.Random(seed), hands=4)
    for events in hands_of(g):
        r = next(e for e in events if type(e) is HandScored).result
        if r.thrown_in:
            assert r.score_change == (0,) * v.players
            continue
        made, change = expected(v, r)
        assert (r.made, list(r.score_change)) == (made, change), r
        contract = (
            v.bid(r.bid)
            if v.making.method == "auction" and r.bid in {b.name for b in v.making.auction.ladder}
            else None
        )
        if contract is not None and contract.alone:  # played alone: no card called, no partner
            assert r.partner is None and r.alone
            assert not any(type(e) is PartnerCalled for e in events)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**16))
def test_five_hundred_for_five_scores_one_or_two_named_partners_as_the_contract_says(seed: int) -> None:
    v = load_variant(str(HOUSE / "five-hundred-5-named-partner.yaml"))  # two partners from 8 tricks
    g = Game(v, seed=seed)
    play_random(g, random.Random(seed), hands=4)
    for r in g.hand_results:
        if not r.thrown_in:
            assert (r.made, list(r.score_change)) == expected(v, r), r
