"""Semantic checks: rules whose fields are each well typed but do not fit together.

:func:`check` returns every problem found as (location in the data, message).
The checks, with the exact form of their messages (``{...}`` filled in):

- ``deal.hand_size``: ``{players} players x {hand} cards + {kitty} left over = {total} cards, but the pack has {size}``
- ``deal.hand_size``: ``{players} players x {hand} cards + {dummies} dummies x {dummy} cards + {kitty} left over = {total} cards, but the pack has {size}``
- ``deal.hand_size``: ``dealing all deals {cards} cards ({size} in the pack - {kitty} left over), which {players} players cannot share equally``
- ``deal.hand_size``: ``each player must get at least one card (hand size {hand})``
- ``deal.packets``: ``the packets add up to {total} cards, but the hand size is {hand}``
- ``deal.packets.{i}``: ``a packet must hold at least one card, read {n}``
- ``deal.kitty.use``: ``a turned-up card needs a kitty of at least one card (kitty.size is 0)``
- ``deal.kitty.use``: ``a turned-up card is for making trump by order-up, but making.method is auction``
- ``deal.weak_hands.{i}.when.{j}.ranks``: ``rank `{rank}` is not in the pack ({ranks})``
- ``deal.weak_hands.{i}.when.{j}.at_least``: ``no hand meets it: a hand has {hand} cards, fewer than {least}``
- ``deal.weak_hands.{i}.when.{j}.at_most``: ``no hand meets it: at most {most} is fewer than at least {least}``
- ``deal.weak_hands.{i}.when``: ``every deal gives some seat a hand that meets it, so every deal would be thrown in at once: make it optional or narrow its tests``
- ``deal.weak_hands.{i}.cards``: ``a swap gives at least one card: set cards``
- ``deal.weak_hands.{i}.cards``: ``cards are swapped only by the action swap, but the action is redeal``
- ``deal.weak_hands.{i}.cards``: ``{n} cards cannot be swapped: the kitty has {hidden} hidden cards``
- ``deal.weak_hands.{i}.cards``: ``a swap gives {n} of the cards the first test counts, but a hand meeting it may hold only {least}``
- ``deal.dummies.seats.{i}``: ``seat {seat} is not at the table ({players} players: seats 0 to {last})``
- ``deal.dummies.seats.{i}``: ``seat {seat} is listed twice``
- ``deal.dummies.seats``: ``every seat of side {side} is a dummy: nobody would play its cards``
- ``deal.dummies.seats``: ``side {side} has {n} dummies: a player plays at most one``
- ``deal.dummies.seats``: ``a dummy never bids, so its side's player makes trump by order-up, but making.method is auction``
- ``deal.dummies.seats``: ``a dummy takes no decision, but {field} asks it one: {fix}``
- ``deal.dummies.controller``: ``a dummy is played by its partner, but {why}``
- ``deal.dummies.controller``: ``a dummy played by the maker joins the maker's side for the hand, which needs players each for themselves: set partnerships to none``
- ``deal.dummies.seats``: ``the maker plays one dummy, but {n} seats are dummies``
- ``deal.dummies.controller``: ``a hand played when all pass has no maker to play the dummy
  (making.all_pass.rule is play): take it into hand (play: merged) or throw the hand in``
- ``deal.dummies.exposed``: ``one dummy is laid face up, but {n} seats are dummies``
- ``deal.dummies.exposed``: ``a dummy taken into its controller's hand (play: merged) is never laid face up: set exposed to false``
- ``deal.dummies.hand_size``: ``a dummy dealt other than a player's hand must be taken into hand: set play to merged``
- ``deal.dummies.hand_size``: ``a dummy's own hand size needs a player's to be a number, not all``
- ``pack.suits``: ``suit `{suit}` is listed twice``
- ``pack.ranks``: ``rank `{rank}` is listed twice``
- ``pack.suit_ranks.{suit}``: ``suit `{suit}` is not in the pack ({suits})``
- ``pack.suit_ranks.{suit}``: ``rank `{rank}` is listed twice``
- ``ranking.order``: ``must list exactly the pack's ranks ({ranks}): {detail}``
- ``ranking.joker``: ``the Joker's trump rank is set, but the pack has no Joker (pack.jokers is 0)``
- ``ranking.no_trump_joker``: ``the Joker's no-trump rule is set, but the pack has no Joker (pack.jokers is 0)``
- ``ranking.no_trump_joker_led``: ``a led Joker names a suit only where it is the highest card in no-trump (no_trump_joker is own-suit)``
- ``ranking.bowers``: ``bowers need jacks, but the pack has no J``
- ``ranking.bowers``: ``bowers need a jack in every suit, but `{suit}` has none``
- ``ranking.bowers``: ``the left bower is the other jack of trump's colour, but `{suit}` has no suit of its colour in the pack``
- ``partnerships``: ``alternate partnerships need an even number of players, read {players}``
- ``alone.allowed``: ``going alone needs partners, or a dummy the maker takes into hand ({why}): set alone.allowed to nobody``
- ``alone.exchange.cards``: ``an exchange with the partner needs partners ({why})``
- ``alone.exchange.cards``: ``an exchange with the partner needs lone play, but alone.allowed is nobody and no bid played alone says exchange: true``
- ``alone.exchange.cards``: ``cannot exchange {n} cards from a hand of {hand}``
- ``alone.drop_out.allowed``: ``dropping out is for players each for themselves: set partnerships to none``
- ``alone.drop_out.when_turned_trump``: ``dropping out after a turned trump is allowed, but {why}``
- ``alone.exchange.best``: ``best cards are given only in an exchange, but alone.exchange.cards is 0``
- ``making.method``: ``order-up needs a turned-up card: set deal.kitty.use to turn-up``
- ``making.order_up.tricks_required``: ``{n} tricks required, but a hand has only {tricks} tricks``
- ``making.order_up.turned_suit_barred``: ``the dealer is stuck in round two but has no trump to name: the turned suit is barred, the pack has no other suit and no_trump is off``
- ``making.order_up.turned_joker``: ``a turned Joker proposes `{suit}`, but the pack has no such suit ({suits})``
- ``making.order_up.dealer_partner_alone``: ``the dealer's partner must go alone, but {why}``
- ``making.order_up.turned_trump.{i}``: ``suit `{suit}` is not in the pack ({suits})``
- ``making.order_up.turned_trump.{i}``: ``suit `{suit}` is listed twice``
- ``making.order_up.turned_trump.{i}``: ```JK` is listed, but {why}``
- ``making.order_up.turned_trump_maker``: ``nobody makes a turned trump, but making.order_up.turned_trump lists no suit``
- ``making.order_up.turned_trump``: ``every suit of the pack is trump at once when turned: nobody would ever order up or name a suit; list only some suits``
- ``making.order_up.must_order.{i}.suits``: ``suit `{suit}` is not in the pack ({suits})``
- ``making.order_up.must_order.{i}.suits``: ``a turned `{suit}` is trump at once (making.order_up.turned_trump): nobody orders it up``
- ``making.order_up.must_order.{i}.ranks``: ``rank `{rank}` is not in the pack ({ranks})``
- ``making.order_up.must_order.{i}.positions``: ``place {p} is beyond the dealer ({players} players: places 1 to {players})``
- ``making.order_up.must_order.{i}.positions``: ``a place is listed twice``
- ``making.order_up.must_order.{i}.alone``: ``the players named go alone, but a maker may not go alone ({why})``
- ``making.order_up.must_order``: ``places count the players from the dealer's left, but dummies sit at the table (deal.dummies.seats) and never order up``
- ``making.order_up.failed_suit_barred``: ``a barred suit would still be trump at once when turned (making.order_up.turned_trump): bar suits or make them trump at once, not both``
- ``making.order_up.take_over``: ``a partner takes the contract to play it alone, but a maker may not go alone ({why})``
- ``making.order_up.take_over``: ``a partner takes the contract alone, but dummies sit at the table (deal.dummies.seats)``
- ``making.order_up.last_trick_suit``: ``a turned card of making.order_up.turned_trump would still make its suit trump at once, whatever suit took the last trick: impose the suit or make it trump at once, not both``
- ``making.order_up.named_alone``: ``a suit named in round two goes alone, but a maker may not go alone ({why})``
- ``making.order_up.makers.{i}``: ``place {p} is beyond the dealer ({players} players: places 1 to {players})``
- ``making.order_up.makers.{i}``: ``a place is listed twice``
- ``making.order_up.makers``: ``every place is listed: leave makers empty``
- ``making.order_up.makers``: ``a stuck dealer (making.all_pass.rule is forced) must make trump, but the dealer's place ({players}) is not listed``
- ``making.order_up.makers``: ``making.order_up.must_order names who orders up: one rule or the other``
- ``making.order_up.makers``: ``places count the players from the dealer's left, but dummies sit at the table (deal.dummies.seats) and never make trump``
- ``making.order_up.last_maker_passes``: ``the last hand's maker only passes, but a stuck dealer may not pass (making.all_pass.rule is forced): the dealer who made trump last would have no action``
- ``making.order_up.last_maker_passes``: ``the last hand's maker only passes, but the last player named by making.order_up.must_order may not pass: one rule or the other``
- ``making.all_pass.stuck_dealer.{part}``: ``{what} is for a stuck dealer, but {why}``
- ``making.auction.ladder.{i}``: ``bid `{name}` ({tricks} tricks x{mult}) must be higher than the bid before it, `{prev}` ({ptricks} tricks x{pmult})``
- ``making.auction.ladder.{i}.name``: ``bid name `{name}` is used twice``
- ``making.auction.ladder.{i}.name``: ``a bid name is one word of letters, digits and - _ . + (it is typed as `1 bid NAME`), read `{name}```
- ``making.auction.ladder.{i}.tricks``: ``bid `{name}` needs {n} tricks, but a hand has only {tricks} tricks``
- ``making.auction.ladder.{i}.tricks``: ``bid `{name}` is a contract of tricks: give its tricks (at least 1)``
- ``making.auction.ladder.{i}.tricks``: ``bid `{name}` is to take no trick: leave its tricks out``
- ``making.auction.ladder.{i}.trump``: ``bid `{name}` names trump `{suit}`, but the pack has no such suit ({suits})``
- ``making.auction.ladder.{i}.positions``: ``place {p} is beyond the dealer ({players} players: places 1 to {players})``
- ``making.auction.ladder.{i}.only_over``: ``bid `{name}` may be bid only over `{over}`, which is not a bid before it in the ladder``
- ``making.all_pass.bid``: ``the forced bid `{bid}` is not in the ladder ({names}), nor a number of tricks below its lowest bid ({lowest})``
- ``making.all_pass.forced``: ``the Joker holder cannot be forced: the pack has no Joker``
- ``making.all_pass.forced``: ``with order-up the dealer is the forced player: set forced to dealer``
- ``making.all_pass.trump``: ``a hand played when all pass is at `{trump}`, but the pack has no such suit ({suits})``
- ``scoring.{part}.table.{t}``: ``a hand has 0 to {tricks} tricks, read {t}``
- ``scoring.no_maker.minimum``: ``each side must take {n} tricks, but a hand has only {tricks} tricks``
- ``scoring.declarations.{i}.name``: ``declaration `{name}` is listed twice``
- ``scoring.declarations.{i}.name``: ``declaration `{name}` has the name of a bid (hands are counted by both)``
- ``scoring.declarations.{i}.cards``: ``a set of {n} cards cannot be held: a hand has {hand} cards``
- ``scoring.declarations.{i}.cards``: ``{n} top trumps cannot be held: a trump suit has at most {most} cards``
- ``scoring.declarations.{i}.groups``: ``the groups hold {n} cards, but the set holds {cards}``
- ``scoring.declarations.{i}.groups``: ``groups of {pattern} cards of one rank each cannot be held: the pack's ranks have at most {held} cards``
- ``scoring.declarations.{i}.cards``: ``groups of {pattern} cards of one rank each cannot be held: the pack's ranks have at most {held} cards``
- ``scoring.declarations.{i}``: ``a set of top trumps needs a trump suit, but every bid of the ladder is at no-trump``
- ``scoring.declarations.{i}.ends_hand``: ``a set that leaves the hand to be played is not supported: set ends_hand to true``
- ``making.call``: ``a partner is called only where partnerships is called``
- ``partnerships``: ``a called partner needs at least 3 players, read {players}``
- ``partnerships``: ``a called card must be one of a kind, but {why}: call by seat (making.call.by: seat)``
- ``making.call.cards``: ``the best trump not held is called, but {why}``
- ``making.call.cards``, ``making.call.own``: ``acts only where the maker calls a card
  (making.call.by: card), not a seat``
- ``making.call.two_partners_from``: ``acts only where the maker names partners by seat
  (making.call.by: seat)``; ``two partners and a defender need at least 4 players, read {players}``;
  ``no contract is for {n} tricks or more: no maker ever names two partners``
- ``game.target``: ``a game needs a target, a number of deals (game.deals), or both``
- ``game.deals``: ``a match of games of a number of deals is not supported yet``
- ``making.order_up.dealer_keeps_turned``: ``the dealer keeping the turned card needs one copy of each card (pack.copies or pack.jokers is above 1)``
- ``game.target``: ``the target cannot be reached: no result scores positive points (the best a side gains in a hand is {most})``
- ``game.target``: ``the target {target} cannot be reached within {cap} hands (the most a game plays): a hand scores at most {most} points ({result})``
- ``match.wins``: ``the match cannot be won within {cap} hands (the most a match plays): {games} games to {target} need {need} points, and a hand scores at most {most} points ({result})``
- ``{field}``: ``acts only when {condition}, but {why}``

Checks of the auction apply only when ``making.method`` is ``auction``; checks of
order-up only with ``order-up``. A field that acts only under another (:mod:`.acting`) is
refused where the variant sets it to other than its default and it does not act. Bids must
rise in tricks and multiplier only between two bids that carry no contract: a contract's rank
is its place in the ladder. The checks of the target
read the best and worst a hand can score (:mod:`.reach`): they are skipped where a side can
fall to ``game.lose_at`` within the cap. (Multipliers > 0 and other bounds of single
fields are enforced by the models themselves.)

>>> from hasenpfeffer.format.variant import Variant
>>> check(Variant(name="ok"))
[]
>>> check(Variant(name="bad", players=3, deal={"hand_size": 6}))
[(('deal', 'hand_size'), '3 players x 6 cards + 1 left over = 19 cards, but the pack has 25'), \
(('partnerships',), 'alternate partnerships need an even number of players, read 3')]
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from .acting import leaves_dummy, maker_exchanges, may_go_alone, unused
from .cards import JOKER, SUITS, same_colour
from .errors import quote
from .reach import best, worst
from .variant import HAND_CAP, NO_TRUMPS, SLUG, Declaration, HandCount, Points, Variant

SLUG_RE = re.compile(SLUG)

Location = tuple[str | int, ...]
Found = list[tuple[Location, str]]

CHECKS: list[str] = [
    f"{m[1]}: {m[2]}" for m in re.finditer(r"^- ``(.+?)``: ``(.+)``$", __doc__ or "", re.MULTILINE)
]
"""One line per check: location and message form (for the docs)."""


def _deal(v: Variant, out: Found) -> None:
    deal, size, kitty, players = v.deal, v.pack.size, v.left_over, v.players
    if deal.hand_size == "all":
        cards = size - kitty
        if cards % players:
            out.append(
                (
                    ("deal", "hand_size"),
                    f"dealing all deals {cards} cards ({size} in the pack - {kitty} left over),"
                    f" which {players} players cannot share equally",
                )
            )
    elif deal.dummies.hand_size is not None and deal.dummies.seats:
        dummies = len(set(deal.dummies.seats))
        total = sum(v.dealt_sizes) + kitty
        if total != size:
            out.append(
                (
                    ("deal", "hand_size"),
                    f"{players - dummies} players x {deal.hand_size} cards + {dummies} dummies x"
                    f" {deal.dummies.hand_size} cards + {kitty} left over = {total} cards, but the"
                    f" pack has {size}",
                )
            )
    elif players * deal.hand_size + kitty != size:
        total = players * deal.hand_size + kitty
        out.append(
            (
                ("deal", "hand_size"),
                f"{players} players x {deal.hand_size} cards + {kitty} left over = {total} cards,"
                f" but the pack has {size}",
            )
        )
    hand = v.hand_size
    if hand < 1:
        out.append((("deal", "hand_size"), f"each player must get at least one card (hand size {hand})"))
    if deal.packets is not None:
        for i, n in enumerate(deal.packets):
            if n < 1:
                out.append((("deal", "packets", i), f"a packet must hold at least one card, read {n}"))
        if sum(deal.packets) != hand:
            out.append(
                (
                    ("deal", "packets"),
                    f"the packets add up to {sum(deal.packets)} cards, but the hand size is {hand}",
                )
            )
    if deal.kitty.use == "turn-up":
        if kitty < 1:
            out.append(
                (
                    ("deal", "kitty", "use"),
                    "a turned-up card needs a kitty of at least one card (kitty.size is 0)",
                )
            )
        if v.making.method == "auction":
            out.append(
                (
                    ("deal", "kitty", "use"),
                    "a turned-up card is for making trump by order-up, but making.method is auction",
                )
            )


def _weak_hands(v: Variant, out: Found) -> None:
    hand, ranks = v.hand_size, v.pack.all_ranks
    hidden = v.deal.kitty.size - (v.deal.kitty.use == "turn-up")
    for i, rule in enumerate(v.deal.weak_hands):
        at = ("deal", "weak_hands", i)
        for j, test in enumerate(rule.when):
            for r in test.ranks:
                if r not in ranks:
                    where = (*at, "when", j, "ranks")
                    out.append((where, f"rank `{r}` is not in the pack ({', '.join(ranks)})"))
            least = hand if test.at_least == "all" else test.at_least
            if least > hand:
                where = (*at, "when", j, "at_least")
                out.append((where, f"no hand meets it: a hand has {hand} cards, fewer than {least}"))
            if test.at_most is not None and test.at_most < least:
                where = (*at, "when", j, "at_most")
                out.append(
                    (where, f"no hand meets it: at most {test.at_most} is fewer than at least {least}")
                )
        if rule.action == "redeal" and not rule.optional and _always_dealt(v, rule.when):
            out.append(
                (
                    (*at, "when"),
                    "every deal gives some seat a hand that meets it, so every deal would be thrown in"
                    " at once: make it optional or narrow its tests",
                )
            )
        n = rule.cards
        if rule.action == "redeal":
            if n:
                out.append(
                    ((*at, "cards"), "cards are swapped only by the action swap, but the action is redeal")
                )
            continue
        first = rule.when[0]
        least = hand if first.at_least == "all" else first.at_least
        if n < 1:
            out.append(((*at, "cards"), "a swap gives at least one card: set cards"))
        elif n > hidden:
            out.append(((*at, "cards"), f"{n} cards cannot be swapped: the kitty has {hidden} hidden cards"))
        elif n > least:
            out.append(
                (
                    (*at, "cards"),
                    f"a swap gives {n} of the cards the first test counts, but a hand meeting it may"
                    f" hold only {least}",
                )
            )


def _always_dealt(v: Variant, tests: tuple[HandCount, ...]) -> bool:
    """Whether every deal gives some seat a hand that passes all ``tests``: every hand passes
    them, or every hand passes all but one, which the cards dealt force on some seat. (Sound,
    not complete: a rule the count misses is not refused.)"""
    loose = [t for t in tests if not _always(v, t)]
    return not loose or (len(loose) == 1 and _forced(v, loose[0]))


def _counted(v: Variant, test: HandCount) -> tuple[int, list[int]]:
    """The hand size and, for each rank of ``test``, the cards of that rank in the pack."""
    pack = v.pack
    return v.hand_size, [sum(r in pack.ranks_of(s) for s in pack.suits) * pack.copies for r in test.ranks]


def _bounds(v: Variant, test: HandCount) -> tuple[int, int]:
    """The fewest and the most of ``test``'s count a hand of the pack can hold (bounds: a test of
    one rank among several counts at least its share of the fewest, and at most one rank's
    copies)."""
    hand, per_rank = _counted(v, test)
    counted = sum(per_rank)
    fewest, most = max(0, hand - (v.pack.size - counted)), min(hand, counted)
    if test.one_rank:
        fewest, most = -(-fewest // len(per_rank)), min(hand, max(per_rank))
    return fewest, most


def _always(v: Variant, test: HandCount) -> bool:
    """Whether every hand the pack can deal passes ``test``."""
    fewest, most = _bounds(v, test)
    least = v.hand_size if test.at_least == "all" else test.at_least
    return fewest >= least and (test.at_most is None or most <= test.at_most)


def _forced(v: Variant, test: HandCount) -> bool:
    """Whether every deal gives some seat a hand passing ``test``, where one of its bounds holds
    for every hand: the cards of its ranks dealt to the seats are more than the seats could all
    hold below ``at_least``, or fewer than they could all hold above ``at_most``. Of one rank
    among several: a seat holding ``q`` of them holds at least ``q`` shared among its ranks of
    most of one."""
    hand, per_rank = _counted(v, test)
    fewest_held, most_held = _bounds(v, test)
    least = hand if test.at_least == "all" else test.at_least
    above = least > fewest_held  # the lower bound can fail
    below = test.at_most is not None and most_held > test.at_most  # the upper one can
    if above == below:  # both can fail (or neither: then every hand passes)
        return not above
    dummies = v.deal.dummies
    seats = v.players - (len(dummies.seats) if dummies.hand_size is not None else 0)
    dealt, counted = seats * hand, sum(per_rank)
    if below:  # some hand holds at most that many (of one rank: fewer still)
        assert test.at_most is not None
        return min(dealt, counted) < seats * (test.at_most + 1)
    fewest = max(0, dealt - (v.pack.size - counted))  # of its ranks among the cards dealt
    if not test.one_rank:
        return fewest > seats * (least - 1)
    q = -(-fewest // seats)  # some seat holds at least q of its ranks, and of one rank:
    return q > 0 and -(-q // min(len(per_rank), q)) >= least


def _dummies(v: Variant, out: Found) -> None:
    d = v.deal.dummies
    if not d.seats:
        return
    at = ("deal", "dummies")
    for i, seat in enumerate(d.seats):
        if seat >= v.players:
            out.append(
                (
                    (*at, "seats", i),
                    f"seat {seat} is not at the table ({v.players} players: seats 0 to {v.players - 1})",
                )
            )
        elif seat in d.seats[:i]:
            out.append(((*at, "seats", i), f"seat {seat} is listed twice"))
    why = _no_partners(v)
    if d.controller == "maker":
        if v.partnerships != "none":
            out.append(
                (
                    (*at, "controller"),
                    "a dummy played by the maker joins the maker's side for the hand, which needs"
                    " players each for themselves: set partnerships to none",
                )
            )
        if len(set(d.seats)) > 1:
            n = len(set(d.seats))
            out.append(((*at, "seats"), f"the maker plays one dummy, but {n} seats are dummies"))
        if d.play == "seat" and v.making.all_pass.rule == "play":
            out.append(
                (
                    (*at, "controller"),
                    "a hand played when all pass has no maker to play the dummy"
                    " (making.all_pass.rule is play): take it into hand (play: merged) or throw the hand in",
                )
            )
    elif why:
        out.append(((*at, "controller"), f"a dummy is played by its partner, but {why}"))
    else:
        for side, team in enumerate(v.teams):
            if all(d.is_dummy(q) for q in team):
                out.append(
                    ((*at, "seats"), f"every seat of side {side} is a dummy: nobody would play its cards")
                )
            elif sum(d.is_dummy(q) for q in team) > 1:
                n = sum(d.is_dummy(q) for q in team)
                out.append(((*at, "seats"), f"side {side} has {n} dummies: a player plays at most one"))
    if v.making.method == "auction":
        out.append(
            (
                (*at, "seats"),
                "a dummy never bids, so its side's player makes trump by order-up, but making.method is auction",
            )
        )
    asks = (
        ("deal.weak_hands", bool(v.deal.weak_hands), "leave deal.weak_hands empty"),
        ("scoring.declarations", bool(v.scoring.declarations), "leave scoring.declarations empty"),
        ("alone.lone_defence", v.alone.lone_defence, "set alone.lone_defence to false"),
        ("alone.exchange", v.alone.exchange.cards > 0, "set alone.exchange.cards to 0"),
        ("alone.drop_out", v.alone.drop_out.allowed, "set alone.drop_out.allowed to false"),
    )
    for field, asked, fix in asks:
        if asked:
            out.append(((*at, "seats"), f"a dummy takes no decision, but {field} asks it one: {fix}"))
    if d.hand_size is not None and d.play != "merged" and d.hand_size != v.deal.hand_size:
        out.append(
            (
                (*at, "hand_size"),
                "a dummy dealt other than a player's hand must be taken into hand: set play to merged",
            )
        )
    if d.hand_size is not None and v.deal.hand_size == "all":
        out.append(((*at, "hand_size"), "a dummy's own hand size needs a player's to be a number, not all"))
    if d.exposed and d.play == "merged":
        out.append(
            (
                (*at, "exposed"),
                "a dummy taken into its controller's hand (play: merged) is never laid face up:"
                " set exposed to false",
            )
        )
    if d.exposed and len(set(d.seats)) > 1:
        out.append(
            ((*at, "exposed"), f"one dummy is laid face up, but {len(set(d.seats))} seats are dummies")
        )


def _pack(v: Variant, out: Found) -> None:
    pack, ranking = v.pack, v.ranking
    for field, items, what in (("suits", pack.suits, "suit"), ("ranks", pack.ranks, "rank")):
        for item, n in Counter(items).items():
            if n > 1:
                out.append((("pack", field), f"{what} `{item}` is listed twice"))
    for suit, ranks in pack.suit_ranks.items():
        if suit not in pack.suits:
            message = f"suit `{suit}` is not in the pack ({' '.join(pack.suits)})"
            out.append((("pack", "suit_ranks", suit), message))
        for rank, n in Counter(ranks).items():
            if n > 1:
                out.append((("pack", "suit_ranks", suit), f"rank `{rank}` is listed twice"))
    every = pack.all_ranks
    if ranking.order is not None and (sorted(ranking.order) != sorted(every)):
        missing = [r for r in every if r not in ranking.order]
        extra = [r for r in ranking.order if r not in every]
        twice = [r for r, n in Counter(ranking.order).items() if n > 1]
        detail = "; ".join(
            f"{label} {' '.join(items)}"
            for label, items in (("missing", missing), ("not in the pack", extra), ("listed twice", twice))
            if items
        )
        out.append(
            (("ranking", "order"), f"must list exactly the pack's ranks ({' '.join(every)}): {detail}")
        )
    if pack.jokers == 0:
        if ranking.joker != "highest":
            out.append(
                (
                    ("ranking", "joker"),
                    "the Joker's trump rank is set, but the pack has no Joker (pack.jokers is 0)",
                )
            )
        if ranking.no_trump_joker != "highest":
            out.append(
                (
                    ("ranking", "no_trump_joker"),
                    "the Joker's no-trump rule is set, but the pack has no Joker (pack.jokers is 0)",
                )
            )
    if ranking.no_trump_joker_led != "any-card" and ranking.no_trump_joker != "highest":
        out.append(
            (
                ("ranking", "no_trump_joker_led"),
                "a led Joker names a suit only where it is the highest card in no-trump"
                " (no_trump_joker is own-suit)",
            )
        )
    if ranking.bowers:
        jackless = [s for s in pack.suits if "J" not in pack.ranks_of(s)]
        if "J" not in every:
            out.append((("ranking", "bowers"), "bowers need jacks, but the pack has no J"))
        elif jackless:
            message = f"bowers need a jack in every suit, but `{jackless[0]}` has none"
            out.append((("ranking", "bowers"), message))
        else:
            for suit in (s for s in SUITS if s in pack.suits):
                if not any(o != suit and same_colour(o, suit) for o in pack.suits):
                    out.append(
                        (
                            ("ranking", "bowers"),
                            f"the left bower is the other jack of trump's colour, but `{suit}` has no"
                            " suit of its colour in the pack",
                        )
                    )


def _drop_out(v: Variant, out: Found) -> None:
    """Dropping out: players each for themselves; the turned-trump exception needs both rules."""
    drop = v.alone.drop_out
    if drop.allowed and v.partnerships != "none":
        out.append(
            (
                ("alone", "drop_out", "allowed"),
                "dropping out is for players each for themselves: set partnerships to none",
            )
        )
    if drop.when_turned_trump:
        why = (
            "alone.drop_out.allowed is false"
            if not drop.allowed
            else "making.order_up.turned_trump lists no suit"
            if not v.making.order_up.turned_trump or v.making.method != "order-up"
            else "nobody is maker after a turned trump (turned_trump_maker is nobody): nobody is asked"
            if v.making.order_up.turned_trump_maker == "nobody"
            else ""
        )
        if why:
            out.append(
                (
                    ("alone", "drop_out", "when_turned_trump"),
                    f"dropping out after a turned trump is allowed, but {why}",
                )
            )


def _seats(v: Variant, out: Found) -> None:
    alone = v.alone
    _drop_out(v, out)
    if v.partnerships == "alternate" and v.players % 2:
        out.append(
            (("partnerships",), f"alternate partnerships need an even number of players, read {v.players}")
        )
    why = _no_partners(v)
    if why and alone.allowed != "nobody" and not leaves_dummy(v):
        out.append(
            (
                ("alone", "allowed"),
                f"going alone needs partners, or a dummy the maker takes into hand ({why}): set"
                " alone.allowed to nobody",
            )
        )
    if alone.exchange.cards:
        if why:
            out.append(
                (("alone", "exchange", "cards"), f"an exchange with the partner needs partners ({why})")
            )
        elif alone.allowed == "nobody" and not maker_exchanges(v):
            out.append(
                (
                    ("alone", "exchange", "cards"),
                    "an exchange with the partner needs lone play, but alone.allowed is nobody"
                    " and no bid played alone says exchange: true",
                )
            )
        if alone.exchange.cards > v.hand_size:
            out.append(
                (
                    ("alone", "exchange", "cards"),
                    f"cannot exchange {alone.exchange.cards} cards from a hand of {v.hand_size}",
                )
            )
    elif alone.exchange.best:
        out.append(
            (
                ("alone", "exchange", "best"),
                "best cards are given only in an exchange, but alone.exchange.cards is 0",
            )
        )
    if v.making.method == "order-up" and v.making.order_up.dealer_partner_alone:
        reason = (
            f"going alone needs partners ({why})"
            if why
            else ("alone.allowed is nobody" if alone.allowed == "nobody" else "")
        )
        if reason:
            out.append(
                (
                    ("making", "order_up", "dealer_partner_alone"),
                    f"the dealer's partner must go alone, but {reason}",
                )
            )


def _making(v: Variant, out: Found) -> None:
    making, tricks = v.making, v.tricks_per_hand
    all_pass = making.all_pass
    if all_pass.rule == "play" and all_pass.trump != "NT" and all_pass.trump not in v.pack.suits:
        out.append(
            (
                ("making", "all_pass", "trump"),
                f"a hand played when all pass is at `{all_pass.trump}`, but the pack has no such suit"
                f" ({' '.join(v.pack.suits)})",
            )
        )
    if making.method == "order-up":
        if v.deal.kitty.use != "turn-up":
            out.append(
                (("making", "method"), "order-up needs a turned-up card: set deal.kitty.use to turn-up")
            )
        need = making.order_up.tricks_required
        if need > tricks >= 1:
            out.append(
                (
                    ("making", "order_up", "tricks_required"),
                    f"{need} tricks required, but a hand has only {tricks} tricks",
                )
            )
        ou = making.order_up
        if (
            ou.rounds == 2
            and ou.turned_suit_barred
            and making.all_pass.rule == "forced"
            and len(set(v.pack.suits)) == 1
            and not making.no_trump
            and not making.all_pass.stuck_dealer.turned_suit
            and not making.all_pass.stuck_dealer.no_trump
        ):
            out.append(
                (
                    ("making", "order_up", "turned_suit_barred"),
                    "the dealer is stuck in round two but has no trump to name: the turned suit is"
                    " barred, the pack has no other suit and no_trump is off",
                )
            )
        fixed = ou.turned_joker not in (None, "dealer-names")
        if fixed and v.pack.jokers and ou.turned_joker not in v.pack.suits:
            out.append(
                (
                    ("making", "order_up", "turned_joker"),
                    f"a turned Joker proposes `{ou.turned_joker}`, but the pack has no such suit"
                    f" ({' '.join(v.pack.suits)})",
                )
            )
        _turned_trump(v, out)
        _must_order(v, out)
        _stuck_dealer(v, out)
        if making.all_pass.rule == "forced" and making.all_pass.forced != "dealer":
            out.append(
                (
                    ("making", "all_pass", "forced"),
                    "with order-up the dealer is the forced player: set forced to dealer",
                )
            )
        return
    _stuck_dealer(v, out)
    ladder = making.auction.ladder
    names: set[str] = set()
    for i, bid in enumerate(ladder):
        where: Location = ("making", "auction", "ladder", i)
        if bid.name in names:
            out.append(((*where, "name"), f"bid name `{quote(bid.name)}` is used twice"))
        names.add(bid.name)
        if not SLUG_RE.match(bid.name):
            out.append(
                (
                    (*where, "name"),
                    "a bid name is one word of letters, digits and - _ . + (it is typed as"
                    f" `1 bid NAME`), read `{quote(bid.name)}`",
                )
            )
        if bid.tricks > tricks >= 1:
            out.append(
                (
                    (*where, "tricks"),
                    f"bid `{bid.name}` needs {bid.tricks} tricks, but a hand has only {tricks} tricks",
                )
            )
        _contract(v, i, {b.name for b in ladder[:i]}, out)
        if i:
            prev = ladder[i - 1]
            plain = not bid.contract and not prev.contract
            if plain and (bid.tricks, bid.multiplier) <= (prev.tricks, prev.multiplier):
                out.append(
                    (
                        where,
                        f"bid `{bid.name}` ({bid.tricks} tricks x{bid.multiplier}) must be higher than the bid"
                        f" before it, `{prev.name}` ({prev.tricks} tricks x{prev.multiplier})",
                    )
                )
    all_pass = making.all_pass
    if all_pass.rule == "forced":
        lowest = min((b.tricks for b in ladder), default=0)
        below = all_pass.bid.isdigit() and 0 < int(all_pass.bid) < lowest
        if all_pass.bid not in names and not below:
            out.append(
                (
                    ("making", "all_pass", "bid"),
                    f"the forced bid `{quote(all_pass.bid)}` is not in the ladder"
                    f" ({quote(', '.join(b.name for b in ladder), 200)}), nor a number of tricks below"
                    f" its lowest bid ({lowest})",
                )
            )
        if all_pass.forced == "joker-holder" and v.pack.jokers == 0:
            out.append(
                (("making", "all_pass", "forced"), "the Joker holder cannot be forced: the pack has no Joker")
            )


def _joker_trump(v: Variant) -> str:
    """Why a turned Joker cannot make trump at once (``turned_trump: [JK]``), or empty."""
    if not v.pack.jokers:
        return "the pack has no Joker (pack.jokers)"
    if v.making.order_up.turned_joker is None:
        return "a turned Joker proposes no suit: the hand is thrown in (making.order_up.turned_joker)"
    return ""


def _turned_trump(v: Variant, out: Found) -> None:
    """Dirty clubs: suits of the pack, each once, and not every suit; the Joker where a turned
    one proposes a suit."""
    listed = v.making.order_up.turned_trump
    where: Location = ("making", "order_up", "turned_trump")
    for i, suit in enumerate(listed):
        if suit not in v.pack.suits and suit != JOKER:
            out.append(((*where, i), f"suit `{suit}` is not in the pack ({' '.join(v.pack.suits)})"))
        elif suit in listed[:i]:
            out.append(((*where, i), f"suit `{suit}` is listed twice"))
        elif suit == JOKER and (why := _joker_trump(v)):
            out.append(((*where, i), f"`JK` is listed, but {why}"))
    if not listed and v.making.order_up.turned_trump_maker == "nobody":
        out.append(
            (
                ("making", "order_up", "turned_trump_maker"),
                "nobody makes a turned trump, but making.order_up.turned_trump lists no suit",
            )
        )
    if listed and set(v.pack.suits) <= set(listed):
        out.append(
            (
                where,
                "every suit of the pack is trump at once when turned: nobody would ever order up or"
                " name a suit; list only some suits",
            )
        )


def _must_order(v: Variant, out: Found) -> None:
    """Turned cards that must be ordered up: suits and ranks of the pack, places at the table,
    no dummy seated, and no suit that is trump at once (nobody orders it up)."""
    ou = v.making.order_up
    for i, entry in enumerate(ou.must_order):
        where: Location = ("making", "order_up", "must_order", i)
        for suit in entry.suits:
            if suit not in v.pack.suits:
                out.append(
                    ((*where, "suits"), f"suit `{suit}` is not in the pack ({' '.join(v.pack.suits)})")
                )
            elif suit in ou.turned_trump:
                out.append(
                    (
                        (*where, "suits"),
                        f"a turned `{suit}` is trump at once (making.order_up.turned_trump): nobody orders it up",
                    )
                )
        for rank in entry.ranks:
            if rank not in v.pack.ranks:
                out.append(
                    ((*where, "ranks"), f"rank `{rank}` is not in the pack ({' '.join(v.pack.ranks)})")
                )
        for place in entry.positions:
            if place > v.players:
                out.append(
                    (
                        (*where, "positions"),
                        f"place {place} is beyond the dealer ({v.players} players: places 1 to {v.players})",
                    )
                )
        if len(set(entry.positions)) < len(entry.positions):
            out.append(((*where, "positions"), "a place is listed twice"))
        if entry.alone and not may_go_alone(v):
            why = _no_lone_play(v)
            out.append(
                ((*where, "alone"), f"the players named go alone, but a maker may not go alone ({why})")
            )
    if ou.failed_suit_barred and ou.turned_trump:
        out.append(
            (
                ("making", "order_up", "failed_suit_barred"),
                "a barred suit would still be trump at once when turned (making.order_up.turned_trump):"
                " bar suits or make them trump at once, not both",
            )
        )
    if ou.take_over and not may_go_alone(v):
        why = _no_lone_play(v)
        out.append(
            (
                ("making", "order_up", "take_over"),
                f"a partner takes the contract to play it alone, but a maker may not go alone ({why})",
            )
        )
    elif ou.take_over and v.deal.dummies.seats:
        out.append(
            (
                ("making", "order_up", "take_over"),
                "a partner takes the contract alone, but dummies sit at the table (deal.dummies.seats)",
            )
        )
    if ou.last_trick_suit and ou.turned_trump:
        out.append(
            (
                ("making", "order_up", "last_trick_suit"),
                "a turned card of making.order_up.turned_trump would still make its suit trump at once,"
                " whatever suit took the last trick: impose the suit or make it trump at once, not both",
            )
        )
    if ou.last_maker_passes and v.making.all_pass.rule == "forced":
        out.append(
            (
                ("making", "order_up", "last_maker_passes"),
                "the last hand's maker only passes, but a stuck dealer may not pass"
                " (making.all_pass.rule is forced): the dealer who made trump last would have no action",
            )
        )
    if ou.last_maker_passes and ou.must_order:
        out.append(
            (
                ("making", "order_up", "last_maker_passes"),
                "the last hand's maker only passes, but the last player named by making.order_up.must_order"
                " may not pass: one rule or the other",
            )
        )
    _makers(v, out)
    if ou.named_alone and ou.rounds == 2 and not may_go_alone(v):
        out.append(
            (
                ("making", "order_up", "named_alone"),
                f"a suit named in round two goes alone, but a maker may not go alone ({_no_lone_play(v)})",
            )
        )
    if ou.must_order and v.deal.dummies.seats:
        out.append(
            (
                ("making", "order_up", "must_order"),
                "places count the players from the dealer's left, but dummies sit at the table"
                " (deal.dummies.seats) and never order up",
            )
        )


def _makers(v: Variant, out: Found) -> None:
    """Places of players, each once, not every one; not beside a stuck dealer who is not
    listed, ``must_order`` or dummies."""
    listed, where = v.making.order_up.makers, ("making", "order_up", "makers")
    if not listed:
        return
    for i, place in enumerate(listed):
        if place > v.players:
            out.append(
                (
                    (*where, i),
                    f"place {place} is beyond the dealer ({v.players} players: places 1 to {v.players})",
                )
            )
        elif place in listed[:i]:
            out.append(((*where, i), "a place is listed twice"))
    if set(range(1, v.players + 1)) <= set(listed):
        out.append((where, "every place is listed: leave makers empty"))
    elif v.making.all_pass.rule == "forced" and v.players not in listed:
        out.append(
            (
                where,
                f"a stuck dealer (making.all_pass.rule is forced) must make trump, but the dealer's place"
                f" ({v.players}) is not listed",
            )
        )
    if v.making.order_up.must_order:
        out.append((where, "making.order_up.must_order names who orders up: one rule or the other"))
    if v.deal.dummies.seats:
        out.append(
            (
                where,
                "places count the players from the dealer's left, but dummies sit at the table"
                " (deal.dummies.seats) and never make trump",
            )
        )


def _no_lone_play(v: Variant) -> str:
    """Why a maker may not go alone (where :func:`may_go_alone` says so)."""
    return "alone.allowed is nobody" if v.alone.allowed == "nobody" else "no partner sits out"


def _stuck_dealer(v: Variant, out: Found) -> None:
    """Exceptions for a stuck dealer need a stuck dealer, and something barred to the others."""
    making = v.making
    exempt = making.all_pass.stuck_dealer
    asked = {"turned_suit": exempt.turned_suit, "no_trump": exempt.no_trump}
    for part, on in asked.items():
        if not on:
            continue
        what = "naming the turned suit" if part == "turned_suit" else "naming no-trump"
        if making.method != "order-up":
            why = "making.method is auction (a stuck dealer is an order-up rule)"
        elif making.all_pass.rule != "forced":
            why = "all_pass.rule is throw-in: no dealer is stuck"
        elif making.order_up.rounds != 2:
            why = "order_up.rounds is 1: a stuck dealer names trump only in round two"
        elif part == "turned_suit" and not making.order_up.turned_suit_barred:
            why = "the turned suit is open to every player (order_up.turned_suit_barred is false)"
        elif part == "no_trump" and making.no_trump:
            why = "no-trump is open to every player (making.no_trump is true)"
        else:
            continue
        out.append((("making", "all_pass", "stuck_dealer", part), f"{what} is for a stuck dealer, but {why}"))


def _contract(v: Variant, i: int, before: set[str], out: Found) -> None:
    """The checks of what a bid's contract says (``before``: the names of the bids before it)."""
    bid, where = v.making.auction.ladder[i], ("making", "auction", "ladder", i)
    if bid.objective == "tricks" and bid.tricks < 1:
        message = f"bid `{quote(bid.name)}` is a contract of tricks: give its tricks (at least 1)"
        out.append(((*where, "tricks"), message))
    if bid.objective == "none" and bid.tricks:
        out.append(((*where, "tricks"), f"bid `{quote(bid.name)}` is to take no trick: leave its tricks out"))
    if bid.trump not in (None, *NO_TRUMPS) and bid.trump not in v.pack.suits:
        message = (
            f"bid `{quote(bid.name)}` names trump `{bid.trump}`, but the pack has no such suit"
            f" ({' '.join(v.pack.suits)})"
        )
        out.append(((*where, "trump"), message))
    for p in bid.positions or ():
        if p > v.players:
            message = f"place {p} is beyond the dealer ({v.players} players: places 1 to {v.players})"
            out.append(((*where, "positions"), message))
    if bid.only_over is not None and bid.only_over not in before:
        message = (
            f"bid `{quote(bid.name)}` may be bid only over `{quote(bid.only_over)}`, which is not a bid"
            " before it in the ladder"
        )
        out.append(((*where, "only_over"), message))


def _no_partners(v: Variant) -> str:
    """Why the seats have no partners, or ``""``."""
    if v.partnerships != "alternate":
        return f"partnerships is {v.partnerships}"
    if v.players < 3:
        return f"{v.players} players have no partners"
    return ""


def _scoring(v: Variant, out: Found) -> None:
    s, tricks = v.scoring, v.tricks_per_hand
    parts: dict[str, Points | None] = {
        "made": s.made,
        "made_alone": s.made_alone,
        "failed": s.failed,
        "failed_alone_defence": s.failed_alone_defence,
        "defenders": s.defenders,
    }
    for part, points in parts.items():
        for t in points.table if points is not None else {}:
            if not 0 <= t <= tricks:
                out.append((("scoring", part, "table", str(t)), f"a hand has 0 to {tricks} tricks, read {t}"))
    if s.no_maker.minimum > tricks:
        out.append(
            (
                ("scoring", "no_maker", "minimum"),
                f"each side must take {s.no_maker.minimum} tricks, but a hand has only {tricks} tricks",
            )
        )
    _declarations(v, out)
    _reach(v, out)


def _pattern(v: Variant, d: Declaration, at: Location, out: Found) -> None:
    """A pattern of ranks that adds up to its ``cards`` and that the pack can hold: its groups,
    largest first, each within the copies of a rank of its own."""
    pattern = d.pattern
    if sum(pattern) != d.cards:
        out.append(((*at, "groups"), f"the groups hold {sum(pattern)} cards, but the set holds {d.cards}"))
        return
    pack = v.pack
    copies = sorted(
        (sum(r in pack.ranks_of(suit) for suit in pack.suits) * pack.copies for r in pack.all_ranks),
        reverse=True,
    )
    if len(pattern) > len(copies) or any(g > c for g, c in zip(pattern, copies, strict=False)):
        held = ", ".join(str(c) for c in copies[: len(pattern)])
        out.append(
            (
                (*at, "groups" if d.groups else "cards"),
                f"groups of {', '.join(map(str, pattern))} cards of one rank each cannot be held: the pack's"
                f" ranks have at most {held or 0} cards",
            )
        )


def _most_trumps(v: Variant) -> int:
    """The most cards a trump suit holds: its ranks, a left bower and the Jokers."""
    pack, most = v.pack, 0
    for suit in pack.suits:
        left = v.ranking.bowers and any(
            s != suit and same_colour(s, suit) and "J" in pack.ranks_of(s) for s in pack.suits
        )
        most = max(most, len(pack.ranks_of(suit)) + left + pack.jokers)
    return most


def _declarations(v: Variant, out: Found) -> None:
    making = v.making
    no_suit = making.method == "auction" and all(b.trump in NO_TRUMPS for b in making.auction.ladder)
    seen: set[str] = set()
    bids = {"order-up"} if making.method == "order-up" else {b.name for b in making.auction.ladder}
    for i, d in enumerate(v.scoring.declarations):
        at = ("scoring", "declarations", i)
        if d.name in seen:
            out.append(((*at, "name"), f"declaration `{d.name}` is listed twice"))
        elif d.name in bids:
            out.append(
                ((*at, "name"), f"declaration `{d.name}` has the name of a bid (hands are counted by both)")
            )
        seen.add(d.name)
        most = _most_trumps(v)
        if d.cards > v.hand_size:
            out.append(
                ((*at, "cards"), f"a set of {d.cards} cards cannot be held: a hand has {v.hand_size} cards")
            )
        elif d.holding == "ranks":
            _pattern(v, d, at, out)
        elif d.cards > most:
            out.append(
                (
                    (*at, "cards"),
                    f"{d.cards} top trumps cannot be held: a trump suit has at most {most} cards",
                )
            )
        if no_suit and d.holding == "top-trumps":
            out.append(
                (at, "a set of top trumps needs a trump suit, but every bid of the ladder is at no-trump")
            )
        if not d.ends_hand:
            out.append(
                (
                    (*at, "ends_hand"),
                    "a set that leaves the hand to be played is not supported: set ends_hand to true",
                )
            )


def _reach(v: Variant, out: Found) -> None:
    """Whether a game (or a match) can end within the cap of hands: by the best hand (:mod:`.reach`),
    unless a side can fall to ``game.lose_at`` within it, or the game ends after its deals."""
    if v.game.target is None and v.game.deals is None:
        out.append((("game", "target"), "a game needs a target, a number of deals (game.deals), or both"))
    if v.making.order_up.dealer_keeps_turned and (v.pack.copies > 1 or v.pack.jokers > 1):
        out.append(
            (
                ("making", "order_up", "dealer_keeps_turned"),
                "the dealer keeping the turned card needs one copy of each card (pack.copies or"
                " pack.jokers is above 1)",
            )
        )
    if v.game.deals is not None and v.match is not None:
        out.append((("game", "deals"), "a match of games of a number of deals is not supported yet"))
    if v.game.target is None or v.game.deals is not None:
        return
    top, bottom = best(v), worst(v)
    if top is None or bottom is None or v.tricks_per_hand < 1:
        return
    lose_at = v.game.lose_at
    if lose_at is not None and (lose_at == 0 or bottom.points * HAND_CAP <= lose_at < 0):
        return  # the game may end by a side losing
    target = v.game.target
    if top.points <= 0:
        found = f"the best a side gains in a hand is {top.points}"
        out.append(
            (("game", "target"), f"the target cannot be reached: no result scores positive points ({found})")
        )
    elif top.points * HAND_CAP < target:
        out.append(
            (
                ("game", "target"),
                f"the target {target} cannot be reached within {HAND_CAP} hands (the most a game plays):"
                f" a hand scores at most {top.points} points ({top.what})",
            )
        )
    elif v.match is not None and top.points * HAND_CAP < (need := _match_games(v) * target):
        out.append(
            (
                ("match", "wins"),
                f"the match cannot be won within {HAND_CAP} hands (the most a match plays): {_match_games(v)}"
                f" games to {target} need {need} points, and a hand scores at most {top.points} points"
                f" ({top.what})",
            )
        )


def _match_games(v: Variant) -> int:
    """The fewest games a side wins a match in: every one a shut-out."""
    assert v.match is not None
    return -(-v.match.wins // v.match.shut_out)


_RELATED: dict[str, tuple[Location, ...]] = {
    "deal.hand_size": (("players",), ("pack",), ("deal", "kitty", "size")),
    "deal.packets": (("deal", "hand_size"),),
    "deal.kitty.use": (("deal", "kitty", "size"), ("making", "method")),
    "ranking.order": (("pack", "ranks"),),
    "ranking.joker": (("pack", "jokers"),),
    "ranking.no_trump_joker": (("pack", "jokers"),),
    "ranking.bowers": (("pack", "ranks"), ("pack", "suits")),
    "partnerships": (("players",),),
    "alone.allowed": (("partnerships",), ("players",)),
    "alone.exchange.cards": (("alone", "allowed"), ("partnerships",), ("deal", "hand_size")),
    "alone.exchange.best": (("alone", "exchange", "cards"),),
    "making.method": (("deal", "kitty", "use"),),
    "making.order_up.tricks_required": (("deal", "hand_size"),),
    "making.order_up.turned_suit_barred": (
        ("pack", "suits"),
        ("making", "no_trump"),
        ("making", "all_pass", "rule"),
    ),
    "making.order_up.turned_joker": (("pack", "suits"),),
    "making.order_up.dealer_partner_alone": (("alone", "allowed"), ("partnerships",)),
    "alone.drop_out.allowed": (("partnerships",),),
    "alone.drop_out.when_turned_trump": (
        ("alone", "drop_out", "allowed"),
        ("making", "order_up", "turned_trump"),
    ),
    "making.order_up.turned_trump": (("pack", "suits"),),
    "making.order_up.turned_trump_maker": (("making", "order_up", "turned_trump"),),
    "making.order_up.must_order.{i}.suits": (("pack", "suits"), ("making", "order_up", "turned_trump")),
    "making.order_up.must_order.{i}.ranks": (("pack", "ranks"),),
    "making.order_up.must_order.{i}.positions": (("players",),),
    "making.order_up.must_order.{i}.alone": (("alone", "allowed"), ("partnerships",)),
    "making.order_up.must_order": (("deal", "dummies", "seats"),),
    "making.order_up.failed_suit_barred": (("making", "order_up", "turned_trump"),),
    "making.order_up.take_over": (("alone", "allowed"), ("partnerships",), ("deal", "dummies", "seats")),
    "making.order_up.last_trick_suit": (("making", "order_up", "turned_trump"),),
    "making.order_up.named_alone": (("alone", "allowed"), ("partnerships",), ("deal", "dummies", "seats")),
    "making.order_up.makers": (
        ("players",),
        ("making", "all_pass", "rule"),
        ("making", "order_up", "must_order"),
        ("deal", "dummies", "seats"),
    ),
    "making.order_up.last_maker_passes": (
        ("making", "all_pass", "rule"),
        ("making", "order_up", "must_order"),
    ),
    "scoring.no_maker.minimum": (("deal", "hand_size"),),
    "making.all_pass.stuck_dealer.turned_suit": (
        ("making", "all_pass", "rule"),
        ("making", "order_up", "turned_suit_barred"),
        ("making", "order_up", "rounds"),
        ("making", "method"),
    ),
    "making.all_pass.stuck_dealer.no_trump": (
        ("making", "all_pass", "rule"),
        ("making", "no_trump"),
        ("making", "order_up", "rounds"),
        ("making", "method"),
    ),
    "making.auction.ladder.{i}.tricks": (("deal", "hand_size"),),
    "making.auction.ladder.{i}.trump": (("pack", "suits"),),
    "making.auction.ladder.{i}.positions": (("players",),),
    "ranking.no_trump_joker_led": (("ranking", "no_trump_joker"),),
    "making.all_pass.bid": (("making", "auction", "ladder"),),
    "making.all_pass.forced": (("pack", "jokers"), ("making", "method")),
    "scoring.{part}.table.{t}": (("deal", "hand_size"),),
    "game.target": (("scoring",),),
    "match.wins": (("match",), ("game", "target")),
}


def related(path: Location) -> tuple[Location, ...]:
    """Other values a problem at ``path`` depends on (where to point when ``path`` was not written).

    >>> related(("making", "auction", "ladder", 3, "tricks"))
    (('deal', 'hand_size'),)
    """
    if path[:2] == ("making", "auction") and len(path) == 5:
        key = "making.auction.ladder.{i}." + str(path[4])
    elif path[:1] == ("scoring",) and len(path) == 4:
        key = "scoring.{part}.table.{t}"
    elif path[:3] == ("making", "order_up", "must_order") and len(path) == 5:
        key = "making.order_up.must_order.{i}." + str(path[4])
    elif path[:3] == ("making", "order_up", "turned_trump"):
        key = "making.order_up.turned_trump"
    else:
        key = ".".join(str(p) for p in path)
    return _RELATED.get(key, ())


def check(
    variant: Variant, written: Callable[[Location], bool] = lambda _: True
) -> list[tuple[Location, str]]:
    """Every semantic problem of a variant: (location in the data, message). A field that does
    not act is a problem only where ``written(location)``: what the file itself says."""
    out: Found = []
    for part in (_deal, _weak_hands, _pack, _seats, _making, _scoring, _dummies):
        part(variant, out)
    _call(variant, out)
    said = {loc for loc, _ in out}  # a field another check refuses is not refused twice
    return out + [(loc, message) for loc, message in unused(variant, written) if loc not in said]


_CARD_ONLY = "acts only where the maker calls a card (making.call.by: card), not a seat"


def _contract_tricks(v: Variant) -> list[int]:
    """The tricks each contract of the variant requires (the order-up's, or each bid's)."""
    if v.making.method == "order-up":
        return [v.making.order_up.tricks_required]
    return [b.tricks for b in v.making.auction.ladder]


def _call(v: Variant, out: Found) -> None:
    """Calling a partner: only with ``partnerships: called``, at least 3 players, a trump to call."""
    if v.making.call is not None and v.partnerships != "called":
        out.append((("making", "call"), "a partner is called only where partnerships is called"))
    call = v.calling
    if call is None:
        return
    if v.players < 3:
        out.append((("partnerships",), f"a called partner needs at least 3 players, read {v.players}"))
    if call.by == "card" and (v.pack.copies > 1 or v.pack.jokers > 1):
        why = f"pack.copies is {v.pack.copies}" if v.pack.copies > 1 else f"pack.jokers is {v.pack.jokers}"
        out.append(
            (
                ("partnerships",),
                f"a called card must be one of a kind, but {why}: call by seat (making.call.by: seat)",
            )
        )
    if call.by == "seat":  # the cards a maker may call act only where it calls a card
        for field, value in (("cards", call.cards != "any"), ("own", call.own)):
            if value:
                out.append((("making", "call", field), _CARD_ONLY))
    two = call.two_partners_from
    if two is not None:
        at = ("making", "call", "two_partners_from")
        if call.by != "seat":
            out.append((at, "acts only where the maker names partners by seat (making.call.by: seat)"))
        elif v.players < 4:
            out.append((at, f"two partners and a defender need at least 4 players, read {v.players}"))
        elif not any(tricks >= two for tricks in _contract_tricks(v)):
            out.append((at, f"no contract is for {two} tricks or more: no maker ever names two partners"))
    ladder = v.making.auction.ladder
    if (
        call.by == "card"
        and call.cards == "best-trump"
        and v.making.method == "auction"
        and all(b.trump in NO_TRUMPS for b in ladder)
    ):
        why = "every bid of the ladder is at no-trump"
        out.append((("making", "call", "cards"), f"the best trump not held is called, but {why}"))
