"""Card play in a contract to take no trick (misère): the makers duck, the defenders lead under.

The makers' side keeps under the trick: it leads the card fewest others can go under, follows
with the riskiest card that does not take the trick (the highest under the winner, or, with
none of the suit led, the card with most unseen cards under it beyond its own), and, made
to take a trick, takes it with its riskiest card where nobody plays after it. The
defenders lead their lowest cards where the makers must go over them (reading an open hand
when it is shown; never a suit the maker has shown it holds none of), play under a maker
who is winning, and throw their high cards (the Joker first) when the trick is already
beyond the makers.

>>> from hasenpfeffer import Game, load_variant
>>> from hasenpfeffer.bots.handeval import evaluator_for
>>> from hasenpfeffer.bots.policy import seen_table
>>> deal = {"dealer": 3, "widow": ["AC", "KC", "QC"], "hands": [
...     "5S 7S 5C 9C 4D 5D 4H 6H 8H TH", "6S 8S 6C 7C 6D 7D 5H 7H 9H JH",
...     "9S TS 8C TC 8D 9D QH KH AH JK", "JS QS KS AS JC TD JD QD KD AD"]}
>>> game = Game(load_variant("five-hundred"), deal=deal)
>>> for a in ["0 bid misere", "1 pass", "2 pass", "3 pass",
...           "0 discard AC", "0 discard KC", "0 discard QC"]:
...     _ = game.apply(a)
>>> ev = evaluator_for(game.variant)
>>> view = game.view(0)
>>> str(play(ev.rules, seen_table(ev, view), view.legal))  # no card under it, nine above
'0 play 4D'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.actions import Action
from ..rules.ruleset import Ruleset
from .table import Table


def _under(rules: Ruleset, table: Table, card: int) -> tuple[int, int]:
    """(unseen cards of the card's effective suit below it, unseen cards above it)."""
    eff, power = rules.eff[table.ti], rules.power[table.ti]
    suit, strength = eff[card], power[card]
    lower = higher = 0
    for d, n in enumerate(table.unseen):
        if n and eff[d] == suit:
            if power[d] < strength:
                lower += n
            elif power[d] > strength:
                higher += n
    return lower, higher


def _risk(rules: Ruleset, table: Table, card: int) -> tuple[int, int]:
    """How likely a makers' card is to take a trick later: (the unseen cards under it beyond
    the hand's own under it, its strength)."""
    eff, power = rules.eff[table.ti], rules.power[table.ti]
    lower, _ = _under(rules, table, card)
    own = sum(1 for d in table.hand if eff[d] == eff[card] and power[d] < power[card])
    return (99 if rules.is_trump(card, table.ti) and table.ti >= rules.ns else lower - own, power[card])


def play(rules: Ruleset, table: Table, legal: Sequence[Action]) -> Action:
    """The misère card for the makers' side or the defenders (``table.misere`` is set)."""
    cards = [(rules.card_id[a.arg], a) for a in legal]
    makers = table.maker is not None and table.maker in table.friends
    if makers:
        return _duck(rules, table, cards)
    return _defend(rules, table, cards)


def _duck(rules: Ruleset, table: Table, cards: list[tuple[int, Action]]) -> Action:
    """A maker's card: keep under the trick."""
    ti, power = table.ti, rules.power[table.ti]
    trick = table.trick
    if not trick:

        def lead(p: tuple[int, Action]) -> tuple[bool, int, int, int]:
            lower, higher = _under(rules, table, p[0])
            return (rules.is_trump(p[0], ti), lower, -higher, power[p[0]])

        return min(cards, key=lead)[1]
    ids = [c for _, c in trick]
    takers = set(rules.takers([c for c, _ in cards], ids, ti))
    if trick[rules.winner_index(ids, ti)][0] in table.friends:
        takers = set()  # a partner's trick is lost already: any card will do
    safe = [p for p in cards if p[0] not in takers]
    if safe:
        return max(safe, key=lambda p: _risk(rules, table, p[0]))[1]
    if len(trick) + 1 >= table.active:  # the trick is ours: shed the riskiest card
        return max(cards, key=lambda p: _risk(rules, table, p[0]))[1]
    return min(cards, key=lambda p: power[p[0]])[1]  # someone after may still go over it


def _defend(rules: Ruleset, table: Table, cards: list[tuple[int, Action]]) -> Action:
    """A defender's card: make the makers take a trick."""
    ti, power, eff = table.ti, rules.power[table.ti], rules.eff[table.ti]
    trick = table.trick
    wins = [p for p in cards if rules.is_trump(p[0], ti) and ti >= rules.ns]  # the Joker in no-trump
    plain = [p for p in cards if p not in wins] or cards
    if not trick:
        shown = _shown(rules, table)
        if shown:
            under = [p for p in plain if shown.get(eff[p[0]], -1) > power[p[0]]]
            if under:
                return min(under, key=lambda p: power[p[0]])[1]
            held = [p for p in plain if eff[p[0]] in shown]
        else:
            held = [p for p in plain if eff[p[0]] not in table.voids]

        def lead(p: tuple[int, Action]) -> tuple[int, int, int]:
            lower, higher = _under(rules, table, p[0])
            return (lower, -higher, power[p[0]])

        return min(held or plain, key=lead)[1]
    ids = [c for _, c in trick]
    winner = trick[rules.winner_index(ids, ti)][0]
    maker_played = any(seat not in table.friends for seat, _ in trick)
    if maker_played and winner not in table.friends:
        takers = set(rules.takers([c for c, _ in plain], ids, ti))
        under = [p for p in plain if p[0] not in takers]
        return max(under or plain, key=lambda p: power[p[0]])[1]
    if maker_played:  # beyond the makers already: throw the highest card
        return max(cards, key=lambda p: power[p[0]])[1]
    following = eff[plain[0][0]] == eff[ids[0]] and all(eff[c] == eff[ids[0]] for c, _ in plain)
    if following:
        return min(plain, key=lambda p: power[p[0]])[1]
    return max(plain, key=lambda p: power[p[0]])[1]


def _shown(rules: Ruleset, table: Table) -> dict[int, int]:
    """An open makers' hand: the strength of its lowest card per effective suit (empty when
    no makers' hand is shown)."""
    if table.shown is None or table.shown[0] in table.friends:
        return {}
    eff, power = rules.eff[table.ti], rules.power[table.ti]
    low: dict[int, int] = {}
    for c in table.shown[1]:
        s = eff[c]
        low[s] = min(low.get(s, power[c]), power[c])
    return low


def name_suit(rules: Ruleset, table: Table, legal: Sequence[Action]) -> Action:
    """A defender's suit after leading the Joker against a misère: one the maker holds (seen
    in an open hand), else the one with most unseen cards, where the maker's card given up
    is likely the least risky."""
    shown = _shown(rules, table)
    suits = rules.suits
    eff = rules.eff[table.ti]
    out = [0] * (rules.ns + 1)
    for c, n in enumerate(table.unseen):
        out[eff[c]] += n

    def key(a: Action) -> tuple[bool, int]:
        s = suits.index(a.arg)
        return (s in shown, out[s])

    return max(legal, key=key)
