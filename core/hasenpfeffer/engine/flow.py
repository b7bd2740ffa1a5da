"""The steps between phases: dealing a hand, making trump, going on to play, scoring.

Each phase (:mod:`.auction`, :mod:`.orderup`, :mod:`.widow`, :mod:`.exchange`,
:mod:`.defence`, :mod:`.play`) owns its legal actions and their effects; when it is done it
calls the step here that leads on, which changes phase through the variant's machine.
"""

from __future__ import annotations

import random

from ..rules.machine import Phase
from .dealing import draw_owed, shuffled_deal
from .events import Event, GameWon, HandDealt, HandScored, MakerForced, WidowTaken
from .scoring import game_winner, score_hand
from .state import State
from .view import HandResult


def emit(s: State, event: Event) -> None:
    """Add an event to the game's history."""
    s.events.append(event)


def names(s: State, cards: list[int] | tuple[int, ...]) -> tuple[str, ...]:
    """Card ids as text."""
    text = s.rules.names
    return tuple(text[c] for c in cards)


# ---------------------------------------------------------------------- a new hand


def start_hand(s: State) -> None:
    """Deal (or take the next given deal) and open the making of trump."""
    p = s.plan
    if s.deals:
        dealer, fixed, widow = s.deals.pop(0)
        if dealer is not None:
            s.dealer = dealer
        hands, kitty = [h[:] for h in fixed], widow[:]
        s.owed += 1  # a given deal owes the generator its shuffle, drawn before the next one
    else:
        if s.rng_shared:
            clone = random.Random.__new__(random.Random)
            clone.setstate(s.rng.getstate())
            s.rng, s.rng_shared = clone, False
        draw_owed(s.rules.deck, s.rng, s.owed)  # later hands as if each had been shuffled
        s.owed = 0
        hands, kitty = shuffled_deal(s)
    s.hands, s.kitty = hands, kitty
    s.hand_events = len(s.events)
    s.turned = None
    s.widow_taken = ()
    s.discards = []
    s.high, s.high_seat = -1, None
    s.passed = [False] * p.n
    s.redeal_same = False
    s.spoken = 0
    s.maker = s.bid_name = None
    s.required = s.multiplier = 1
    s.forced = s.alone = False
    s.trump_i = s.def_alone = None
    s.out = [False] * p.n
    s.discards_left = 0
    s.exch, s.offer = [], []
    s.trick, s.tricks = [], []
    s.won = [0] * p.n
    s.leader = -1
    s.led = 0
    s.next = []
    s.eff = []
    s.active = p.n
    s.to_move = p.left[s.dealer]
    if not p.auction:
        s.turned = kitty[0] if kitty else None
    text = s.rules.names
    s.events.append(
        HandDealt(
            len(s.hand_results) + 1,
            s.dealer,
            tuple([tuple([text[c] for c in h]) for h in hands]),
            tuple([text[c] for c in kitty]),
            None if s.turned is None else text[s.turned],
        )
    )
    if p.auction:
        s.go("open_bidding")
    else:
        s.go("turn_up")
        if s.turned is not None and turned_suit(s) is None:
            throw_in(s, same_dealer=True)


def turned_suit(s: State) -> int | None:
    """The suit the turned card proposes (None: a Joker that proposes none)."""
    t, rules = s.turned, s.rules
    if t is None:
        return None
    if t == rules.joker:
        suit = s.variant.making.order_up.turned_joker
        return None if suit is None else rules.suits.index(suit)
    return rules.suits.index(rules.faces[t].suit)


# ---------------------------------------------------------------------- making trump


def make(s: State, maker: int, bid: str, required: int, multiplier: int, forced: bool) -> None:
    """The auction is over: the maker takes the widow and names trump."""
    s.maker, s.bid_name, s.required = maker, bid, required
    s.multiplier, s.forced = multiplier, forced
    if forced:
        emit(s, MakerForced(maker, bid))
    s.go("take_widow")
    if s.variant.deal.kitty.use == "widow" and s.kitty:
        s.widow_taken = tuple(s.kitty)
        s.hands[maker].extend(s.kitty)
        s.hands[maker].sort()
        s.kitty = []
        emit(s, WidowTaken(maker, names(s, s.widow_taken)))
    s.to_move = maker


def set_trump(s: State, ti: int, alone: bool) -> None:
    """Trump is made; a lone maker's partners sit out."""
    s.trump_i = ti
    s.eff = s.rules.eff[ti]
    if alone:
        s.alone = True
        assert s.maker is not None
        for q in s.plan.partners[s.maker]:
            s.out[q] = True


def stuck(s: State) -> bool:
    """Stick the dealer: the dealer may not pass in the last round."""
    return s.variant.making.all_pass.rule == "forced"


def all_passed(s: State) -> None:
    """Nobody bid: throw the hand in, or force a maker."""
    ap = s.variant.making.all_pass
    if ap.rule == "throw-in":
        return throw_in(s)
    p = s.plan
    maker: int | None = s.dealer
    if ap.forced == "joker-holder":
        maker = None
        seat = p.left[s.dealer]
        for _ in range(p.n):
            if s.rules.joker in s.hands[seat]:
                maker = seat
                break
            seat = p.left[seat]
        if maker is None:
            return throw_in(s)
    assert maker is not None
    name = str(ap.bid)
    i = p.bid_index.get(name)
    if i is not None:
        bid = p.ladder[i]
        make(s, maker, bid.name, bid.tricks, bid.multiplier, forced=True)
    else:
        make(s, maker, name, int(name) if name.isdigit() else 1, 1, forced=True)
    return None


# ---------------------------------------------------------------------- on to play


def after_discard(s: State) -> None:
    """Trump is made and the discards done: a lone maker's exchange, lone defence, or play."""
    cards = s.variant.alone.exchange.cards
    maker = s.maker
    assert maker is not None
    if s.alone and cards and Phase.EXCHANGE in s.plan.states:
        partners = s.plan.partners[maker]
        queue = [(q, maker) for q in partners for _ in range(cards)]
        queue += [(maker, q) for q in partners for _ in range(cards)]
        s.exch = queue
        s.go("to_exchange")
        s.to_move = queue[0][0]
        return
    after_exchange(s)


def after_exchange(s: State) -> None:
    """Offer lone defence where the variant has it, else play."""
    p, maker, a = s.plan, s.maker, s.variant.alone
    assert maker is not None
    if s.def_alone is not None:
        return start_play(s)
    if Phase.DEFENCE in p.states and (s.alone or a.lone_defence_against == "any-maker"):
        side = p.side_of[maker]
        first = maker if a.lone_defence_order == "maker-left" else s.dealer
        offer = [(first + k) % p.n for k in range(1, p.n + 1)]
        s.offer = [q for q in offer if p.side_of[q] != side and p.partners[q]]
        if s.offer:
            s.go("to_defence")
            s.to_move = s.offer[0]
            return None
    return start_play(s)


def start_play(s: State) -> None:
    """The first lead, by the variant's ``leads`` rules, passing over those who sit out."""
    p, leads = s.plan, s.variant.leads
    out, maker = s.out, s.maker
    assert maker is not None
    lone = [maker] if s.alone else []
    if s.def_alone is not None:
        lone.append(s.def_alone)
    if len(lone) == 2 and leads.both_alone != "unchanged":
        leader = lone[1] if leads.both_alone == "defender" else maker
    elif len(lone) == 1 and leads.alone == "lone-left":
        leader = p.left[lone[0]]
    elif leads.first == "maker":
        leader = maker
    else:
        leader = p.left[s.dealer]
    while out[leader]:
        leader = p.left[leader]
    nxt = []
    for seat in range(p.n):
        q = p.left[seat]
        while out[q]:
            q = p.left[q]
        nxt.append(q)
    s.next = nxt
    s.active = p.n - sum(out)
    s.go("to_play")
    s.leader = s.to_move = leader


# ---------------------------------------------------------------------- the end of a hand


def score(s: State) -> None:
    """The last trick is played: score the hand."""
    p = s.plan
    assert s.maker is not None
    tricks = [0] * p.sides
    for seat, w in enumerate(s.won):
        tricks[p.side_of[seat]] += w
    made, change = score_hand(
        s.variant,
        p.side_of[s.maker],
        tuple(tricks),
        s.required,
        s.multiplier,
        s.alone,
        s.def_alone is not None,
        s.forced,
    )
    s.go("score")
    finish(s, tuple(tricks), made, change)


def throw_in(s: State, same_dealer: bool | None = None) -> None:
    """Nobody made trump (or a turned Joker): no score, and a new deal."""
    s.go("throw_in")
    if same_dealer is None:
        same_dealer = s.variant.making.all_pass.redeal == "same-dealer"
    s.redeal_same = same_dealer
    zero = (0,) * s.plan.sides
    finish(s, zero, None, zero)


def finish(s: State, tricks: tuple[int, ...], made: bool | None, change: tuple[int, ...]) -> None:
    """Record the hand's result; the game is won, or the next hand is dealt."""
    p = s.plan
    s.scores = tuple(a + d for a, d in zip(s.scores, change, strict=True))
    thrown = made is None
    result = HandResult(
        dealer=s.dealer,
        maker=s.maker,
        bid=s.bid_name,
        trump=None if s.trump_i is None else s.rules.trump_names[s.trump_i],
        alone=s.alone,
        defender_alone=s.def_alone is not None,
        thrown_in=thrown,
        forced=s.forced,
        tricks=tricks,
        made=made,
        score_change=change,
        scores=s.scores,
    )
    s.hand_results.append(result)
    emit(s, HandScored(result))
    s.to_move = None
    winner = None if thrown else game_winner(s.variant, result.scores, p.side_of[s.maker or 0], made)
    if winner is not None:
        s.winner = winner
        s.go("end_game")
        emit(s, GameWon(winner, s.scores))
        return
    if not (thrown and s.redeal_same):
        s.dealer = (s.dealer + p.dealer_step) % p.n
    s.go("next_hand")
    start_hand(s)
