"""What holds at every step of any game, checked through the public API: each card in exactly
one place, score changes as the scoring fields say, the deal passing on, refusals that change
nothing, records that replay."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest

from hasenpfeffer import Action, Game, IllegalActionError, Variant
from hasenpfeffer.engine.game import actual_state
from hasenpfeffer.events import CardsSwapped, DroppedOut, HandDealt, HandResult, HandScored
from hasenpfeffer.format.cards import JOKER, Card
from hasenpfeffer.format.variant import Bid
from hasenpfeffer.records.record import dump, loads, replay


def pack(v: Variant) -> Counter[Card]:
    suited = [Card(r, s) for s in v.pack.suits for r in v.pack.ranks_of(s)] * v.pack.copies
    return Counter(suited + [Card(JOKER, "")] * v.pack.jokers)


def locations(g: Game) -> tuple[Counter[Card], bool]:
    """Every card the public API shows somewhere in the current hand; and whether the widow
    was taken (then no card may be out of sight). A dealer naming a turned Joker's suit blind
    (``making.order_up.turned_joker_blind``) sees no card of its hand: that hand is read from
    the state."""
    seen: Counter[Card] = Counter()
    taken = False
    blind = g.variant.making.order_up.turned_joker_blind
    for s in range(g.variant.players):
        view = g.view(s)
        if not view.hand and blind and s == view.dealer and view.phase == "order-up":
            faces = g.rules.faces
            seen.update(faces[c] for c in actual_state(g).hands[s])
        seen.update(view.hand)
        seen.update(Card.parse(a.arg) for a in view.history if a.seat == s and a.verb == "discard")
        taken = taken or bool(view.widow)
    table = g.view(0)
    seen.update(card for _, card in table.trick)
    seen.update(card for trick in table.tricks for _, card in trick.cards)
    return seen, taken


def kitty_of_current_hand(g: Game) -> Counter[Card]:
    """The cards dealt to the kitty (widow) this hand, from its deal's event (a hand just dealt
    is not yet in the record), and those a weak hand swapped into it."""
    at = max(i for i, e in enumerate(g.events) if isinstance(e, HandDealt))
    dealt = g.events[at]
    assert isinstance(dealt, HandDealt)
    given = [c for e in g.events[at:] if isinstance(e, CardsSwapped) for c in e.given]
    return Counter(Card.parse(c) for c in [*dealt.kitty, *given])  # a weak hand's swap lays cards there


def dead_of_current_hand(g: Game, full: Counter[Card]) -> Counter[Card]:
    """The cards of this hand's dead hand (``deal.dead_hand``): the pack's cards its deal gave
    neither a seat nor the kitty."""
    dealt = next(e for e in reversed(g.events) if isinstance(e, HandDealt))
    return full - Counter(Card.parse(c) for c in [*dealt.kitty, *(c for h in dealt.hands for c in h)])


def check_cards(g: Game, full: Counter[Card], kitty: Counter[Card]) -> None:
    """Each card in exactly one place; only the kitty's cards (and a dead hand's) may be out of sight."""
    seen, widow_taken = locations(g)
    assert not seen - full, f"cards in two places or not in the pack: {seen - full}"
    dead = dead_of_current_hand(g, full)
    assert sum(dead.values()) == g.variant.deal.dead_hand, f"a dead hand of {dead}"
    unseen = full - seen - dead
    assert not unseen - kitty, f"cards missing: {unseen - kitty}"
    assert not (widow_taken and unseen), f"the widow was taken, yet {unseen} are nowhere"


def expected_change(v: Variant, r: HandResult, out: frozenset[int] = frozenset()) -> tuple[Fraction, ...]:
    """The score change of a finished hand, from the variant's scoring fields alone (``out``: the
    sides that dropped out, who score nothing)."""
    sides = len(r.tricks)
    if r.thrown_in:
        return (Fraction(0),) * sides
    if r.maker is None:  # played without a maker: each side its tricks, less a charge a trick short
        nm = v.scoring.no_maker
        per = v.making.all_pass.per_trick if nm.per_trick is None else nm.per_trick
        return tuple(Fraction(per * t - nm.short * max(0, nm.minimum - t)) for t in r.tricks)
    assert r.bid is not None
    s = v.scoring
    shown = {d.name: d.points for d in s.declarations if d.ends_hand}
    if r.bid in shown and not any(r.tricks):  # a declared set: its points to the holder, unplayed
        assert r.made
        holder = r.maker if v.partnerships == "called" else v.team_of(r.maker)  # each keeps a score
        return tuple(Fraction(shown[r.bid] if side == holder else 0) for side in range(sides))
    if v.partnerships == "called":  # the maker and its partners against the rest, each scoring its side's
        makers = {r.maker} if r.partner is None else {r.maker, r.partner}
        if r.second_partner is not None:  # two named after a high contract (making.call.two_partners_from)
            makers.add(r.second_partner)
        ours = sum(r.tricks[q] for q in makers)
        dealt = v.deal.model_copy(update={"hand_size": v.hand_size})  # as many tricks as at the table
        two = v.model_copy(update={"partnerships": "alternate", "players": 2, "deal": dealt})
        sided = expected_change(two, dataclasses.replace(r, maker=0, tricks=(ours, sum(r.tricks) - ours)))
        return tuple(sided[0] if q in makers else sided[1] for q in range(sides))
    maker = v.team_of(r.maker)
    contract = None
    if r.bid in ("order-up", "turned-trump"):  # order-up, or a turned card trump at once
        required, multiplier = v.making.order_up.tricks_required, 1
    else:  # a ladder's bid, or a stuck dealer's forced bid below the ladder (a number of tricks)
        names = {b.name for b in v.making.auction.ladder}
        bid = v.bid(r.bid) if r.bid in names else Bid(name=r.bid, tricks=int(r.bid) if r.bid.isdigit() else 1)
        contract = bid
        required, multiplier = bid.tricks, bid.multiplier
    taken = r.tricks[maker]
    if contract is not None and contract.objective == "none":
        assert r.made == (taken == 0)
    else:
        assert r.made == (taken >= required)
    change = [Fraction(0)] * sides
    if contract is not None and contract.points is not None:  # its own points, fixed
        if r.made:
            change[maker] += slammed(v, contract.objective == "none", taken, Fraction(contract.points))
        else:
            loss = contract.points if contract.failed_points is None else contract.failed_points
            lone = s.failed_alone_defence if r.defender_alone and s.failed_alone_defence else s.failed
            to = contract.failed_to or lone.to
            for side in range(sides):
                if to == "makers" and side == maker:
                    change[side] -= loss
                elif to == "opponents" and side != maker and side not in out:
                    change[side] += loss
    elif r.made:
        if r.alone and s.made_alone is not None:
            points = Fraction(s.made_alone.value(taken, required))
        else:
            points = Fraction(s.made.value(taken, required) * (s.alone_multiplier if r.alone else 1))
        none = contract is not None and contract.objective == "none"
        change[maker] += slammed(v, none, taken, points * multiplier)
    else:
        rule = s.failed_alone_defence if r.defender_alone and s.failed_alone_defence else s.failed
        loss = Fraction(rule.value(taken, required) * multiplier)
        if r.alone and s.multiply_failed_alone:
            loss *= s.alone_multiplier
        if r.forced:
            loss *= Fraction(v.making.all_pass.failure_multiplier)
        to = (contract.failed_to if contract is not None else None) or rule.to
        for side in range(sides):
            if to == "makers" and side == maker:
                change[side] -= loss
            elif to == "opponents" and side != maker and side not in out:
                change[side] += loss
    for side in range(sides):
        if side != maker and side not in out and (contract is None or contract.defenders_score):
            change[side] += s.defenders.value(r.tricks[side], required)
        if s.bucked is not None and r.tricks[side] == 0 and side not in out:
            change[side] = Fraction(s.bucked)  # stayed in and took no trick
    return tuple(change)


def slammed(v: Variant, none: bool, taken: int, points: Fraction) -> Fraction:
    """A made contract's points, by the slam rule where the makers took every trick."""
    slam = v.scoring.slam
    if slam is None or none or taken != v.tricks_per_hand:
        return points
    return {"floor": max(points, Fraction(slam.points)), "fixed": Fraction(slam.points)}.get(
        slam.rule, points + slam.points
    )


def check_hand(v: Variant, r: HandResult, before: tuple[int, ...], out: frozenset[int] = frozenset()) -> None:
    if r.thrown_in:
        assert r.score_change == (0,) * len(before) and r.scores == before
        return
    declared = r.bid in {d.name for d in v.scoring.declarations if d.ends_hand}
    assert sum(r.tricks) == (0 if declared else v.tricks_per_hand), "tricks per hand as dealt"
    want_all = expected_change(v, r, out)
    for got, want in zip(r.score_change, want_all, strict=True):
        # A fractional stake (a forced player losing half) is rounded one way or the other.
        assert got == want if want.denominator == 1 else abs(got - want) < 1, (r, want_all)
    assert r.scores == tuple(b + c for b, c in zip(before, r.score_change, strict=True))


def check_next_dealer(g: Game, r: HandResult) -> None:
    """The deal passes to the left (or right, by the variant), over the dummies; a thrown-in hand
    may be redealt by the same dealer."""
    n = g.variant.players
    step = 1 if g.variant.deal.dealer_rotation == "left" else -1
    dealer = g.view(0).dealer
    after = (r.dealer + step) % n
    while g.variant.deal.dummies.is_dummy(after):
        after = (after + step) % n
    assert dealer == after or (r.thrown_in and dealer == r.dealer)


def starting(g: Game, n: int) -> tuple[int, ...]:
    """The scores the hand after hand ``n`` starts from: hand ``n``'s, unless a game of a match was
    won on it (the next game starts from 0, the winner from its points beyond the target with laps)."""
    r = g.hand_results[n]
    scored = [i for i, e in enumerate(g.events) if type(e).__name__ == "HandScored"]
    after = g.events[scored[n] + 1] if scored[n] + 1 < len(g.events) else None
    match = g.variant.match
    if match is None or type(after).__name__ != "GameWon" or (g.is_over and n == len(g.hand_results) - 1):
        return r.scores
    won = after.side  # type: ignore[union-attr]
    carry = max(0, r.scores[won] - g.variant.game.target) if match.laps else 0  # none below it (lose_at)
    return tuple(carry if side == won else 0 for side in range(len(r.scores)))


class HandChecks:
    """Checks each hand of a game as it finishes (tricks as dealt, the score change the scoring
    fields say, the deal passing on) and knows the kitty of the hand in play, for
    :func:`check_cards`."""

    def __init__(self, g: Game) -> None:
        self.full = pack(g.variant)
        self.seen = 0
        self.before = tuple(g.scores)
        self.kitty = kitty_of_current_hand(g)

    def check_cards(self, g: Game) -> None:
        check_cards(g, self.full, self.kitty_now(g))

    def kitty_now(self, g: Game) -> Counter[Card]:
        """The kitty as dealt, and any cards a weak hand swapped into it since."""
        if g.variant.deal.weak_hands:
            self.kitty = kitty_of_current_hand(g)
        return self.kitty

    def finished(self, g: Game) -> list[int]:
        """Check the hands finished since the last call; their indexes."""
        done = list(range(self.seen, len(g.hand_results)))
        for n in done:
            r = g.hand_results[n]
            check_hand(g.variant, r, self.before, dropped_sides(g, n))
            if not g.is_over:
                check_next_dealer(g, r)
                self.kitty = kitty_of_current_hand(g)
            self.before = starting(g, n)
        self.seen = len(g.hand_results)
        return done

    def end(self, g: Game) -> None:
        """The score is the sum of the finished hands' changes."""
        assert tuple(g.scores) == self.before


def dropped_sides(g: Game, n: int) -> frozenset[int]:
    """The sides whose players dropped out of hand ``n`` (0-based), read from the events."""
    hand = -1
    out: set[int] = set()
    for e in g.events:
        if isinstance(e, HandScored):
            hand += 1
            if hand == n:
                return frozenset(out)
            out = set()
        elif isinstance(e, DroppedOut):
            out.add(g.variant.team_of(e.seat))
    return frozenset(out)


def check_turn(g: Game) -> None:
    """Some action is legal, every legal action is the seat to move's, and no other seat's view
    offers any."""
    legal = g.legal_actions()
    assert legal, f"no legal action in phase {g.phase}"
    assert all(a.seat == g.to_move for a in legal)
    players = g.variant.players
    assert [len(g.view(s).legal) for s in range(players)].count(0) == players - 1
    dummies = g.variant.deal.dummies
    if dummies.merged:  # a dummy taken into hand never moves; in play every dummy sits out,
        # taken (holding nothing) or left untaken by a lone maker (holding its hand as dealt)
        assert not dummies.is_dummy(legal[0].seat)
        if g.phase == "play":
            assert set(dummies.seats) <= g.view().sitting_out
            assert all(len(g.view(q).hand) in (0, g.variant.dealt_sizes[q]) for q in dummies.seats)
            assert len(g.view(legal[0].seat).hand) <= g.variant.hand_size
    elif dummies.is_dummy(legal[0].seat):  # a dummy only plays cards
        assert g.phase == "play" and g.actor != legal[0].seat


def illegal_candidates(g: Game, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    """A few actions that are not legal now: wrong seats, unheld cards, bids off the ladder."""
    seat = g.to_move if g.to_move is not None else 0
    cards = sorted(pack(g.variant))
    pool = [Action((a.seat + 1) % g.variant.players, a.verb, a.arg, a.alone) for a in legal[:3]]
    pool += [Action(seat, "play", str(c)) for c in rng.sample(cards, min(3, len(cards)))]
    pool += [Action(seat, "bid", "99"), Action(seat, "discard", "JK"), Action(seat, "trump", "NT")]
    pool += [Action(seat, "order-up"), Action(seat, "alone"), Action(seat, "pass", alone=True)]
    return [a for a in pool if a not in legal]


def refuse_and_copy(g: Game, rng: random.Random) -> None:
    """A refused action leaves the game as it was; a copy moved on leaves its original alone."""
    legal = g.legal_actions()
    bad = rng.choice(illegal_candidates(g, legal, rng))
    state = snapshot(g)
    with pytest.raises(IllegalActionError):
        g.apply(bad)
    assert snapshot(g) == state, f"refusing {bad} changed the game"
    twin = g.copy()
    assert snapshot(twin) == state
    twin.apply(rng.choice(legal))
    assert snapshot(g) == state, "a copy shares state with its original"


def snapshot(g: Game) -> tuple[Any, ...]:
    seats = range(g.variant.players)
    return (
        g.phase,
        g.to_move,
        tuple(g.scores),
        tuple(g.legal_actions()),
        [g.view(s) for s in seats],
        g.record(),
    )


def check_replay(g: Game, through_yaml: bool = False) -> None:
    record = g.record()
    again = replay(record)
    assert again.record() == record
    if through_yaml:
        assert replay(loads(dump(record))).record() == record, "the record survives YAML"
    assert again.hand_results == g.hand_results
    assert (tuple(again.scores), again.phase, again.to_move) == (tuple(g.scores), g.phase, g.to_move)
