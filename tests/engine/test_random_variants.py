"""Engine invariants over many random variants (not only the shipped ones).

Each example draws a variant across the format's dimensions (tests/support/random_variants.py),
loads it through the loader (so it passes every semantic check), and plays random legal actions for
a few hands, checking at every step what tests/engine/test_properties.py checks for the
built-ins: every card of the pack in exactly one place, a non-empty list of legal actions for
the one seat to move, refusals that change nothing, independent copies, tricks per hand as
dealt, score changes as the scoring fields say, and a record that replays identically; besides,
the plays offered and every trick's winner are recomputed here from the ranking fields.

Longer hunts: ``HASENPFEFFER_RANDOM_VARIANTS=3000 python -m pytest tests/engine/test_random_variants.py``.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from itertools import count
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer import Action, Game, Variant
from hasenpfeffer.events import Event
from hasenpfeffer.format.cards import JOKER, Card, same_colour
from hasenpfeffer.format.checks import check
from hasenpfeffer.rules import mechanisms as has
from support import invariants
from support.play import play_random
from support.random_variants import engine_variants, loaded

EXAMPLES = int(os.environ.get("HASENPFEFFER_RANDOM_VARIANTS", "100"))
HANDS = int(os.environ.get("HASENPFEFFER_RANDOM_HANDS", "3"))
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def load(data: dict[str, Any]) -> Variant:
    """The variant through the loader; a draw the checks refuse is discarded."""
    variant = loaded(data)
    assert check(variant) == []
    return variant


NO_TRUMPS = ("NT", "NTL")
"""No-trump, high and low, as the oracle knows them."""


def effective_suit(v: Variant, card: Card, trump: str) -> str:
    """The suit a card follows as: the Joker and the bowers belong to trump; in no-trump (high or
    low) the Joker is a suit of its own."""
    if card.rank == JOKER:
        return JOKER if trump in NO_TRUMPS else trump
    if trump not in NO_TRUMPS and v.ranking.bowers and card.rank == "J" and same_colour(card.suit, trump):
        return trump
    return card.suit


def trump_order(v: Variant, trump: str) -> list[Card]:
    """Trumps from high to low: right and left bower, the Joker where ranked, then the plain order."""
    top = []
    if v.ranking.bowers:
        top = [Card("J", trump)] + [
            Card("J", s) for s in v.pack.suits if s != trump and same_colour(s, trump)
        ]
    if v.pack.jokers:
        where = {"highest": 0, "below-right-bower": 1, "below-left-bower": 2}[v.ranking.joker]
        top.insert(min(where, len(top)), Card(JOKER, ""))
    return top + [Card(r, trump) for r in v.ranking.high_to_low(v.pack) if Card(r, trump) not in top]


def trick_winner(v: Variant, cards: Sequence[tuple[int, Card]], trump: str) -> int:
    """The seat that wins a trick, from the ranking fields alone (of equal cards the first wins);
    at low no-trump (``NTL``) the lowest card of the suit led."""
    led = effective_suit(v, cards[0][1], trump)
    plain = v.ranking.high_to_low(v.pack)
    order = trump_order(v, trump) if trump not in NO_TRUMPS else []
    way = 1 if trump == "NTL" else -1  # low no-trump: the further down the order, the stronger

    def strength(card: Card) -> tuple[int, int]:
        if card.rank == JOKER and trump in NO_TRUMPS and v.ranking.no_trump_joker == "highest":
            return (3, 0)
        suit = effective_suit(v, card, trump)
        if suit == trump:
            return (2, -order.index(card))
        if suit == led:
            return (1, 0 if card.rank == JOKER else way * plain.index(card.rank))
        return (0, 0)

    best = cards[0]
    for seat_card in cards[1:]:
        if strength(seat_card[1]) > strength(best[1]):
            best = seat_card
    return best[0]


def check_play(g: Game) -> None:
    """The plays offered follow the effective suit led (any card when void); tricks so far were
    won by the right seat, and each was led by the winner of the one before."""
    v, view = g.variant, g.view(g.to_move or 0)
    assert view.trump is not None
    hand = list(view.hand)
    joker_led = bool(view.trick) and view.trick[0][1].is_joker and view.trump in NO_TRUMPS
    names_suit = joker_led and has.joker_names_suit(v)
    if names_suit and len(view.trick) == 1 and view.history[-1].verb == "play":  # the leader names a suit
        assert [str(a) for a in g.legal_actions()] == [f"{view.seat} suit {x}" for x in v.pack.suits]
        return
    if view.trick:
        led = effective_suit(v, view.trick[0][1], view.trump)
        if names_suit:  # the suit the leader named
            led = next(a.arg for a in reversed(view.history) if a.verb == "suit")
        hand = [c for c in hand if effective_suit(v, c, view.trump) == led] or hand
    assert {a.arg for a in g.legal_actions()} == {str(c) for c in hand}
    for i, trick in enumerate(view.tricks):
        assert trick.winner == trick_winner(v, trick.cards, view.trump), trick
        assert trick.cards[0][0] == trick.leader
        if i:
            assert trick.leader == view.tricks[i - 1].winner


def this_hand(g: Game) -> list[Event]:
    """The events of the hand in play, from its deal."""
    dealt = max(i for i, e in enumerate(g.events) if type(e).__name__ == "HandDealt")
    return g.events[dealt:]


def auction(g: Game) -> list[Action]:
    """The bids and passes of the current hand's auction (not a weak hand's or a declaration's
    passes), read from the events since the deal."""
    said = []
    for e in this_hand(g):
        if type(e).__name__ == "BidMade" or (type(e).__name__ == "Passed" and e.phase == "bidding"):
            said.append(e.action)
    return said


def check_bidding(g: Game) -> None:
    """The bids offered are those above the high bid (for more tricks where the bids rank by tricks,
    both of tricks), with a pass but for a stuck dealer; a pass is final (until-passes) and each
    seat speaks once (one-round)."""
    v, seat = g.variant, g.to_move
    history = auction(g)
    ladder = v.making.auction.ladder
    names = [b.name for b in ladder]
    high = max((names.index(a.arg) for a in history if a.verb == "bid"), default=-1)
    place = ((seat or 0) - g.view(0).dealer - 1) % v.players + 1
    open_ = [
        b.name
        for b in ladder[high + 1 :]
        if (b.positions is None or place in b.positions)
        and (b.only_over is None or high >= names.index(b.only_over))
        and (
            v.making.auction.rank == "ladder"
            or high < 0
            or "none" in (b.objective, ladder[high].objective)
            or b.tricks > ladder[high].tricks
        )
    ]
    # a stuck dealer (everyone else passed, nobody bid) bids where a bid is open to it
    stuck = v.making.auction.stuck_dealer and high < 0 and len(history) == v.players - 1 and open_
    passes = [] if stuck else [f"{seat} pass"]
    assert [str(a) for a in g.legal_actions()] == passes + [f"{seat} bid {n}" for n in open_]
    spoken = [a for a in history if a.seat == seat]
    if v.making.auction.style == "one-round":
        assert not spoken, history
    elif v.making.auction.pass_final:
        assert all(a.verb == "bid" for a in spoken), history
    else:  # a pass is not final: the auction goes on until all others pass after the last bid
        bids = [i for i, a in enumerate(history) if a.verb == "bid"]
        since = history[bids[-1] + 1 :] if bids else history
        assert len(since) < (v.players - 1 if bids else v.players), history
        assert all(a.verb == "pass" for a in since), history


def check_naming(g: Game) -> None:
    """The order-up and trump options offered, derived from the making and alone fields."""
    v, seat, ou = g.variant, g.to_move, g.variant.making.order_up
    view = g.view(seat or 0)
    if view.maker is not None and g.phase in ("order-up", "name-trump"):  # asked to take it alone
        assert ou.take_over and seat != view.maker and v.team_of(seat or 0) == v.team_of(view.maker)
        took = f"{seat} order-up alone" if g.phase == "order-up" else f"{seat} trump {view.trump} alone"
        assert {str(a) for a in g.legal_actions()} == {took, f"{seat} pass"}
        return
    d = v.deal.dummies  # players each for themselves: alone by leaving the maker's dummy untaken
    maker_dummy = (
        v.partnerships == "none" and d.controller == "maker" and d.play == "merged" and bool(d.seats)
    )
    may_alone = v.alone.allowed == "maker" and (
        (v.partnerships == "alternate" and v.players >= 4) or maker_dummy
    )
    stuck = v.making.all_pass.rule == "forced" and seat == view.dealer
    turned = view.turned
    proposed = None if turned is None else (ou.turned_joker if turned.rank == JOKER else turned.suit)
    if proposed == "dealer-names":  # the suit the dealer named, first thing in the hand
        named = [a.arg for a in view.history if a.verb == "suit"][:1]  # after any weak hand's swap
        if not named:
            assert g.phase == "order-up" and seat == view.dealer
            assert {str(a) for a in g.legal_actions()} == {f"{seat} suit {x}" for x in v.pack.suits}
            return
        proposed = named[0]
    exempt = v.making.all_pass.stuck_dealer if stuck and g.phase == "name-trump" else None
    want: set[str] = set()
    if g.phase == "order-up":
        assert proposed is not None
        canadian = ou.dealer_partner_alone and seat != view.dealer and (seat or 0) % 2 == view.dealer % 2
        want |= {f"{seat} order-up"} if not (canadian and may_alone) else set()
        want |= {f"{seat} order-up alone"} if may_alone else set()
        stuck = stuck and ou.rounds == 1
        rank = None if turned is None or turned.rank == JOKER else turned.rank
        named = [
            m
            for m in ou.must_order
            if (not m.suits or proposed in m.suits) and (not m.ranks or rank in m.ranks)
        ]
        if proposed in view.barred or proposed != (view.imposed or proposed):
            want = set()  # barred for the game after a failed contract, or not the last trick's suit
        elif named:  # the turned card must be ordered up by the places of the first entry met
            place = ((seat or 0) - view.dealer - 1) % v.players + 1
            if place not in named[0].positions:
                want = set()
            elif named[0].alone:  # and alone
                want.discard(f"{seat} order-up")
            stuck = stuck or place == max(named[0].positions)
    else:
        bars = ou.turned_suit_barred and not (exempt and exempt.turned_suit)
        barred = proposed if g.phase == "name-trump" and bars else None
        no_trump = v.making.no_trump or bool(exempt and exempt.no_trump)
        options = [t for t in v.pack.suits if t != barred and t not in view.barred] + ["NT"] * no_trump
        if view.imposed is not None:  # only the suit that won the last trick of the last hand
            options = [t for t in options if t == view.imposed]
        ladder = {b.name: b for b in v.making.auction.ladder}
        lone_contract = g.phase == "trump" and view.bid in ladder and ladder[view.bid].alone
        loners = g.phase == "name-trump" and ou.named_alone  # round two for loners only
        want |= {f"{seat} trump {t}" for t in options} if not loners else set()
        want |= {f"{seat} trump {t} alone" for t in options} if may_alone and not lone_contract else set()
        stuck = stuck or g.phase == "trump"
    if ou.last_maker_passes and v.making.method == "order-up" and v.match is None:
        last = next((r.maker for r in reversed(g.hand_results) if r.maker is not None), None)
        assert view.resting == last, (view.resting, last)
    if seat is not None and seat == view.resting:  # made trump in the last hand: only passes
        want = set()
    place = ((seat or 0) - view.dealer - 1) % v.players + 1
    if v.making.method == "order-up" and ou.makers and place not in ou.makers:  # not a place that makes
        want = set()
    if not stuck or not want:
        want.add(f"{seat} pass")
    assert {str(a) for a in g.legal_actions()} == want


def check_maker(g: Game, hand: dict[str, Any]) -> None:
    """A maker who was not forced made the last bid (auction) or named or ordered up trump; the
    turned card's suit trump at once makes the dealer the maker, with nobody speaking; a hand
    played out when all passed has no maker, and nobody bid or made trump."""
    r = hand["result"]
    actions = [Action.parse(a) for a in hand["actions"]]
    if r["bid"] == "turned-trump":
        assert r["maker"] == hand["dealer"] and not [a for a in actions if a.verb in ("order-up", "trump")]
        return
    if r["thrown_in"] or r["forced"]:
        return
    if r["bid"] in {d.name for d in g.variant.scoring.declarations}:  # a set shown ends the hand
        shown = [a for a in actions if a.verb == "declare"]  # the last declared is the highest
        assert shown and (shown[-1].seat, shown[-1].arg) == (r["maker"], r["bid"]), (actions, r)
        return
    if r["maker"] is None:  # everyone passed and the hand was played out without a maker
        assert g.variant.making.all_pass.rule == "play", r
        assert not [a for a in actions if a.verb in ("bid", "order-up", "trump")], actions
        return
    if g.variant.making.method == "auction":
        last = [a for a in actions if a.verb == "bid"][-1]
        assert (last.seat, last.arg) == (r["maker"], r["bid"]), (actions, r)
    else:
        made = [a for a in actions if a.verb in ("order-up", "trump")]
        assert made and made[-1].seat == r["maker"], (actions, r)
        places = g.variant.making.order_up.makers  # only some places may make trump
        n = g.variant.players
        assert not places or all((a.seat - hand["dealer"] - 1) % n + 1 in places for a in made), (actions, r)
        if len(made) > 1:  # a partner's contract taken over alone (making.order_up.take_over)
            v = g.variant
            assert v.making.order_up.take_over and len(made) == 2 and made[1].alone, (actions, r)
            first, taker = made[0].seat, made[1].seat
            assert first != taker and v.team_of(first) == v.team_of(taker), (actions, r)


def check_seats(g: Game) -> None:
    """Who sits out (the partners of each lone player, a dummy played by the maker among them,
    and every dummy taken into hand), who led first (by the leads fields), and the order of play
    (to the left, passing over those who sit out)."""
    v, view = g.variant, g.view(0)
    n, maker, lone = v.players, view.maker, view.alone
    assert maker is not None or (v.making.all_pass.rule == "play" and not lone)  # all passed: no maker
    side = [v.side_in_hand(q, maker) for q in range(n)]
    partners = {s: {q for q in range(n) if q != s and side[q] == side[s]} for s in range(n)}
    out = set().union(*(partners[s] for s in lone)) if lone else set()
    dummies = v.deal.dummies
    if dummies.merged:
        out |= set(dummies.seats)
    out |= {e.seat for e in this_hand(g) if type(e).__name__ == "DroppedOut"}  # out for the hand
    assert view.sitting_out == out, (view.sitting_out, lone)
    defenders = [s for s in lone if s != maker]
    if maker in lone and defenders and v.leads.both_alone != "unchanged":
        leader = defenders[0] if v.leads.both_alone == "defender" else maker
    elif len(lone) == 1 and v.leads.alone == "lone-left":
        leader = (min(lone) + 1) % n
    else:
        leader = maker if v.leads.first == "maker" and maker is not None else (view.dealer + 1) % n
    while leader in out:
        leader = (leader + 1) % n
    first = view.tricks[0].cards if view.tricks else view.trick
    assert not first or first[0][0] == leader, (first, leader)
    active = [s for s in range(n) if s not in out]
    for trick in [*(t.cards for t in view.tricks), view.trick]:
        seats = [seat for seat, _ in trick]
        if seats:
            start = active.index(seats[0])
            assert seats == (active[start:] + active[:start])[: len(seats)], seats
    if not view.trick:
        assert g.to_move == (view.tricks[-1].winner if view.tricks else leader)
    played = {seat for seat, _ in view.trick}
    for seat in active:  # after the widow and any exchange, everyone holds a full hand
        assert len(g.view(seat).hand) == v.hand_size - len(view.tricks) - (seat in played)


def check_discard(g: Game) -> None:
    """The maker (after the widow) or the dealer (after an order-up) discards any card held, but
    the turned card the dealer took where it keeps it (``making.order_up.dealer_keeps_turned``);
    then each seat that took a dummy into hand (the maker's, but not a lone maker's)."""
    v, seat = g.variant, g.to_move
    view = g.view(seat or 0)
    takers = {by for _, by in v.dummy_takers(view.maker, view.maker in view.alone)}
    assert seat == (view.maker if v.making.method == "auction" else view.dealer) or seat in takers
    keeps = v.making.method == "order-up" and v.making.order_up.dealer_keeps_turned
    kept = view.turned if keeps and view.turned in view.hand else None
    assert {str(a) for a in g.legal_actions()} == {f"{seat} discard {c}" for c in view.hand if c != kept}


def check_exchange(g: Game) -> None:
    """Each partner of the lone player (from the left) gives ``cards`` cards, then the lone player
    gives as many back to each; the lone player may give any card held."""
    v, seat = g.variant, g.to_move
    view = g.view(seat or 0)
    assert view.maker is not None
    defender = [a.seat for a in view.history if a.verb == "alone"]
    lone = defender[0] if defender else view.maker
    n = v.players  # partners in turn from the lone player's left
    partners = [(lone + k) % n for k in range(1, n) if v.team_of((lone + k) % n) == v.team_of(lone)]
    cards = v.alone.exchange.cards
    order = [q for q in partners for _ in range(cards)] + [lone] * (cards * len(partners))
    markers = ("trump", "order-up", "discard", "alone")  # a contract naming its trump leaves none
    start = max((i for i, a in enumerate(view.history) if a.verb in markers), default=0)
    gives = sum(1 for a in view.history[start:] if a.verb == "give")
    assert seat == order[gives], (view.history, order)
    if seat == lone or not v.alone.exchange.best:
        assert {str(a) for a in g.legal_actions()} == {f"{seat} give {c}" for c in view.hand}


def check_defence(g: Game) -> None:
    """Lone defence is offered to each defender with a partner in turn, from the maker's or the
    dealer's left, each answering alone or pass."""
    v, seat = g.variant, g.to_move
    view = g.view(seat or 0)
    maker, n = view.maker, v.players
    assert maker is not None and (view.alone or v.alone.lone_defence_against == "any-maker")
    first = maker if v.alone.lone_defence_order == "maker-left" else view.dealer
    offers = [(first + k) % n for k in range(1, n + 1)]
    offers = [s for s in offers if v.team_of(s) != v.team_of(maker) and v.players >= 4]
    passes = sum(1 for e in this_hand(g) if type(e).__name__ == "Passed" and e.phase == "defence")
    assert seat == offers[passes], (view.history, offers)
    assert {str(a) for a in g.legal_actions()} == {f"{seat} alone", f"{seat} pass"}


def check_call(g: Game) -> None:
    """The maker calls a partner: any other seat where it names one (``making.call.by: seat``),
    else the cards ``making.call`` allows (any, plain, or the best trump it lacks; its own only
    where ``own``); ``call alone`` where ``alone``, or where no card may be called."""
    v, seat = g.variant, g.to_move
    call, view = v.calling, g.view(g.to_move)
    assert call is not None and seat is not None and seat == view.maker
    if call.by == "seat" and view.partners:  # the second of two partners: named, never alone
        assert call.two_partners_from is not None and len(view.partners) == 1
        want = {f"{seat} call {q}" for q in range(v.players) if q != seat and q not in view.partners}
        assert {str(a) for a in g.legal_actions()} == want
        return
    if call.by == "seat":
        want = {f"{seat} call {q}" for q in range(v.players) if q != seat}
    else:
        held, trump = set(view.hand), view.trump
        assert trump is not None
        cards = {c for c in invariants.pack(v) if call.own or c not in held}
        if call.cards == "plain" and trump not in NO_TRUMPS:
            cards = {c for c in cards if effective_suit(v, c, trump) != trump}
        if call.cards == "best-trump" and trump not in NO_TRUMPS:
            best = next((c for c in trump_order(v, trump) if c not in held), None)
            cards = set() if best is None else {best}
        want = {f"{seat} call {c}" for c in cards}
    if call.alone or not want:  # with no card it may call, the maker plays alone
        want.add(f"{seat} call alone")
    assert {str(a) for a in g.legal_actions()} == want, (view.hand, view.trump)


def check_decision(g: Game) -> None:
    """The checks of the phase the seat to move decides in."""
    if g.phase == "play":
        check_play(g)
        check_seats(g)
    elif g.phase == "bidding":
        check_bidding(g)
    elif g.phase == "discard":
        check_discard(g)
    elif g.phase == "exchange":
        check_exchange(g)
    elif g.phase == "defence":
        check_defence(g)
    elif g.phase in ("order-up", "name-trump", "trump"):
        check_naming(g)
    elif g.phase == "call":
        check_call(g)


def play_hands(g: Game, rng: random.Random, hands: int) -> None:
    """Random legal play until ``hands`` hands are finished or the game is over."""
    v = g.variant
    tally, step = invariants.HandChecks(g), count()
    table = g.view(0)  # what the table showed before the last action

    def before(g: Game) -> None:
        nonlocal table
        invariants.check_turn(g)
        tally.check_cards(g)
        check_decision(g)
        if next(step) % 3 == 0:
            invariants.refuse_and_copy(g, rng)
        table = g.view(0)

    def after(g: Game, action: Action, events: list[Event]) -> None:
        scored = [e for e in events if type(e).__name__ == "HandScored"]
        if action.verb == "play" and scored:  # the hand's last trick (hands thrown in as dealt may follow)
            cards = (*table.trick, (action.seat, Card.parse(action.arg)))
            ended = g.hand_results.index(scored[0].result, tally.seen)  # type: ignore[union-attr]
            winners = g.record()["hands"][ended]["result"]["trick_winners"]
            assert table.trump is not None and winners[-1] == trick_winner(v, cards, table.trump)
        for n in tally.finished(g):
            check_maker(g, g.record()["hands"][n])

    # A hand takes at most: a bid or two per seat, discards and exchanges, and the tricks.
    budget = hands * (v.players * (len(v.making.auction.ladder) + 3) + v.pack.size * 2 + 10)
    play_random(g, rng, hands=hands, steps=budget, before=before, after=after)
    assert g.is_over or len(g.hand_results) >= hands, (
        f"{hands} hands not finished in {budget} actions: stuck in {g.phase}"
    )
    tally.end(g)
    check_game_end(g)


def check_game_end(g: Game) -> None:
    """Over: the winner reached the target, or had the higher score after the game's deals (with
    ``game.deals``), or showed a set that wins the game (``wins_game``). Not over: nobody did, or the top score is tied (makers who did not reach
    the target cannot break a tie of others), and the deals are not all played (or the last left
    the best level)."""
    v = g.variant
    target, deals = v.game.target, v.game.deals
    if v.match is not None:
        check_match(g)
        if not g.is_over:
            return
    played = sum(1 for r in g.hand_results if not r.thrown_in)
    if g.is_over:
        assert g.to_move is None and len(g.legal_actions()) == 0
        lost = v.game.lose_at is not None and min(g.scores) <= v.game.lose_at
        reached = target is not None and g.scores[g.winner or 0] >= target
        last = deals is not None and played >= deals and g.scores[g.winner or 0] == max(g.scores)
        won = [e for e in g.events if type(e).__name__ == "GameWon"]
        bars = bool(won) and won[-1].reason == "barred" and len(g.barred) == len(v.pack.suits)
        top = max(g.scores)
        assert not bars or (g.scores.count(top) == 1 and g.scores[g.winner or 0] == top)
        wins = {d.name for d in v.scoring.declarations if d.wins_game}  # a set that wins outright
        final = g.hand_results[-1] if g.hand_results else None
        shown = bool(won) and won[-1].reason == "declared"
        assert not shown or (final is not None and final.bid in wins and final.maker_side == g.winner)
        assert g.winner is not None and (lost or reached or last or bars or shown)
        if lost:  # the best of the sides still above the losing score, or of all
            alive = [q for q in g.scores if q > v.game.lose_at] or list(g.scores)
            assert g.scores[g.winner] == max(alive)
    else:
        top = max(g.scores)
        if target is not None and not v.game.must_bid_out and v.game.tie != "play-on":
            assert top < target or g.scores.count(top) >= 2, g.scores
        if deals is not None and played >= deals:  # the last deal left the best level
            assert g.scores.count(top) >= 2, (played, g.scores)


def check_match(g: Game) -> None:
    """In a match, each game won counts one (a shut-out counts ``shut_out``); the match is over when
    a side has ``wins`` of them; the next game starts from 0, the winner from what it scored
    beyond the target with laps."""
    v, match = g.variant, g.variant.match
    assert match is not None
    games = [0] * len(g.scores)
    start = [0] * len(g.scores)
    for e in g.events:
        if type(e).__name__ == "HandScored":
            r = e.result
            assert list(r.scores) == [a + b for a, b in zip(start, r.score_change, strict=True)]
            start = list(r.scores)
        elif type(e).__name__ == "GameWon":
            shut = all(q <= 0 for side, q in enumerate(e.scores) if side != e.side)
            games[e.side] += match.shut_out if shut else 1
            carry = max(0, e.scores[e.side] - v.game.target) if match.laps else 0
            start = [carry if side == e.side else 0 for side in range(len(games))]
        elif type(e).__name__ == "MatchWon":
            assert list(e.games) == games and games[e.side] >= match.wins
    assert g.is_over == (max(games) >= match.wins)
    if not g.is_over:
        assert list(g.scores) == start


@SETTINGS
@given(
    data=engine_variants(extras=True), seed=st.integers(0, 2**32 - 1), choice_seed=st.integers(0, 2**32 - 1)
)
def test_random_variants_keep_every_invariant(data: dict[str, Any], seed: int, choice_seed: int) -> None:
    g = Game(load(data), seed=seed)
    play_hands(g, random.Random(choice_seed), HANDS)
    invariants.check_replay(g, through_yaml=True)
