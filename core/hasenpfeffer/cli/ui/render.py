"""Terminal rendering of a game for one seat: cards, the table, what happened.

Everything returns rich ``Text`` or renderables; nothing prints by itself.

>>> from hasenpfeffer import Card
>>> card_text(Card.parse("JD"), trump="H").plain
'J♦'
>>> seat_name(2, me=0, players=4, teams=((0, 2), (1, 3)))
'seat 2 (partner)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from ...format.cards import RED_SUITS, SUIT_NAMES, SUIT_SYMBOLS, Card
from ...format.variant import NO_TRUMPS
from ...rules.ruleset import compile_variant

if TYPE_CHECKING:
    from ...engine.view import HandResult, View
    from ...format.variant import Variant
    from ...rules.actions import Action

TRUMP_STYLE = "bold yellow"


def suit_label(suit: str | None) -> str:
    """A trump call in words: ``♥ hearts``, ``no trump`` or ``-``.

    >>> suit_label("H"), suit_label("NT"), suit_label("NTL"), suit_label(None)
    ('♥ hearts', 'no trump', 'low no trump (lowest wins)', '-')
    """
    if suit is None:
        return "-"
    if suit == "NT":
        return "no trump"
    if suit == "NTL":
        return "low no trump (lowest wins)"
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"


def card_text(card: Card, trump: str | None = None, variant: Variant | None = None) -> Text:
    """A card with its suit symbol: red for hearts and diamonds, trumps highlighted."""
    if card.is_joker:
        label, style = "JK", "bold magenta"
    else:
        label = ("10" if card.rank == "T" else card.rank) + SUIT_SYMBOLS[card.suit]
        style = "red" if card.suit in RED_SUITS else ""
    if variant is not None and trump is not None and is_trump(card, trump, variant):
        style = f"{style} bold underline".strip()
    return Text(label, style=style)


def effective_suit(card: Card, trump: str | None, variant: Variant) -> str:
    """The suit a card belongs to for following (a left bower or Joker is a trump)."""
    return compile_variant(variant).effective_suit(card, trump)


def is_trump(card: Card, trump: str | None, variant: Variant) -> bool:
    """True when the card belongs to the trump suit."""
    return trump is not None and trump not in NO_TRUMPS and effective_suit(card, trump, variant) == trump


def sorted_hand(hand: Sequence[Card], trump: str | None, variant: Variant) -> list[Card]:
    """The hand in the variant's order: trumps first, high to low within each suit."""
    rules = compile_variant(variant)
    # Before trump is named the Joker leads the hand (it is a trump whatever is named).
    return sorted(hand, key=lambda c: (trump is not None or not c.is_joker, rules.order_key(c, trump)))


def hand_text(hand: Sequence[Card], trump: str | None, variant: Variant) -> Text:
    """The sorted hand, suits separated by a bar."""
    out = Text()
    previous: str | None = None
    for card in sorted_hand(hand, trump, variant):
        suit = effective_suit(card, trump, variant)
        if previous is not None:
            out.append(" │ " if suit != previous else " ")
        out.append_text(card_text(card, trump, variant))
        previous = suit
    return out


def seat_name(seat: int, me: int, players: int, teams: Sequence[Sequence[int]]) -> str:
    """How the person at ``me`` sees a seat: ``you``, ``seat 1``, ``seat 2 (partner)``."""
    if seat == me:
        return "you"
    partner = any(seat in t and me in t for t in teams)
    return f"seat {seat} (partner)" if partner else f"seat {seat}"


def side_name(side: int, me: int, variant: Variant) -> str:
    """A side as the person sees it: ``us (0+2)``, ``them (1+3)``, ``seat 1``."""
    seats = variant.teams[side]
    if len(seats) == 1:
        return "you" if seats[0] == me else f"seat {seats[0]}"
    who = "us" if me in seats else "them"
    return f"{who} ({'+'.join(map(str, seats))})"


class Namer:
    """Names seats and describes actions from one seat's point of view."""

    def __init__(self, variant: Variant, me: int) -> None:
        self.variant = variant
        self.me = me

    def seat(self, seat: int, short: bool = False) -> str:
        """The seat's name, ``you`` for the person; ``short`` leaves out ``(partner)``."""
        if short:
            return "you" if seat == self.me else f"seat {seat}"
        return seat_name(seat, self.me, self.variant.players, self.variant.teams)

    def partners(self) -> list[int]:
        """The person's partners."""
        team = self.variant.teams[self.variant.team_of(self.me)]
        return [s for s in team if s != self.me]

    def side(self, side: int) -> str:
        """The side's name."""
        return side_name(side, self.me, self.variant)

    def action(
        self, action: Action, trump: str | None = None, short: bool = False, to_you: bool = False
    ) -> Text:
        """What a seat did, in words: ``seat 1 bids 4``, ``you play J♦``, ``seat 2 gives you A♠``."""
        who = self.seat(action.seat, short)
        you = action.seat == self.me
        alone = " alone" if action.alone else ""
        verb, arg = action.verb, action.arg
        out = Text(who + " ")
        if verb == "pass":
            out.append("pass" if you else "passes")
        elif verb == "bid":
            out.append(f"{'bid' if you else 'bids'} {arg}{alone}", style="bold")
        elif verb == "trump":
            out.append(f"{'name' if you else 'names'} ")
            out.append(suit_label(arg), style="red" if arg in RED_SUITS else "bold")
            out.append(f" trump{alone}" if arg != "NT" else alone)
        elif verb == "order-up":
            out.append(f"{'order' if you else 'orders'} it up{alone}", style="bold")
        elif verb == "alone":
            out.append(f"{'go' if you else 'goes'} alone", style="bold")
        elif verb == "suit":
            out.append(f"{'call' if you else 'calls'} ")
            out.append(suit_label(arg), style="red" if arg in RED_SUITS else "bold")
            out.append(" to follow the Joker")
        elif verb in ("play", "discard", "give") and arg:
            out.append(f"{verb if you else verb + 's'} {'you ' if to_you else ''}")
            out.append_text(card_text(Card.parse(arg), trump, self.variant))
        elif verb in ("discard", "give"):
            out.append(f"{verb if you else verb + 's'} a card")
        else:
            out.append(f"{verb} {arg}{alone}".strip())
        return out


def bid_words(bid: str) -> str:
    """How a making bid reads: ``bid 4``, ``ordered up``.

    >>> bid_words("4"), bid_words("order-up")
    ('bid 4', 'ordered up')
    """
    return "ordered up" if bid == "order-up" else f"bid {bid}"


def scores_text(scores: Sequence[int], names: Namer) -> str:
    """Every side's score: ``us (0+2) 4, them (1+3) -2``."""
    return ", ".join(f"{names.side(s)} {n}" for s, n in enumerate(scores))


def _line(label: str, body: Text | str) -> Text:
    out = Text()
    out.append(f"{label:<10}", style="dim")
    out.append_text(body if isinstance(body, Text) else Text(body))
    return out


def table_view(view: View, hand_no: int | None = None, title: str | None = None) -> RenderableType:
    """A panel with everything the seat may see of the hand in progress."""
    v = view.variant
    names = Namer(v, view.seat)
    trump = view.trump
    lines: list[Text] = []
    scores = Text()
    for side, score in enumerate(view.scores):
        if side:
            scores.append("   ")
        scores.append(f"{names.side(side)}: ")
        scores.append(str(score), style="bold")
    game = v.game
    ends = [] if game.target is None else [f"game {game.target}"]
    if game.deals is not None:
        ends.append(f"deal {view.deal} of {game.deals}")
    scores.append(f"   ({', '.join(ends)})", style="dim")
    lines.append(_line("Score", scores))
    deal = Text(f"dealer {names.seat(view.dealer)}")
    if view.maker is not None:
        deal.append(f" · maker {names.seat(view.maker)}")
        if view.bid is not None:
            deal.append(f", {bid_words(view.bid)}", style="bold")
            contract = {b.name: b for b in v.making.auction.ladder}.get(view.bid)
            if contract is not None and contract.contract:
                deal.append(f" ({contract.describe()})", style="dim")
    else:
        bids = [a for a in view.history if a.verb == "bid"]
        if bids:
            deal.append(f" · high bid {bids[-1].arg} by {names.seat(bids[-1].seat, short=True)}")
    if view.alone:
        deal.append(" · alone: " + ", ".join(names.seat(s) for s in sorted(view.alone)))
    if view.sitting_out:
        deal.append(" · sitting out: " + ", ".join(names.seat(s) for s in sorted(view.sitting_out)))
    lines.append(_line("Deal", deal))
    trump_line = Text(suit_label(trump), style=TRUMP_STYLE if trump else "dim")
    if view.turned is not None:
        trump_line.append("   turned up: ")
        trump_line.append_text(card_text(view.turned))
    if view.barred:  # suits barred for the game after failed contracts
        trump_line.append("   barred: " + ", ".join(suit_label(x) for x in view.barred), style="dim")
    if view.imposed is not None:  # the last hand's last trick names the only trump
        trump_line.append(f"   only {suit_label(view.imposed)} may be trump", style="dim")
    if view.resting is not None:  # the last hand's maker only passes
        trump_line.append(f"   {names.seat(view.resting)} made trump last hand: passes", style="dim")
    lines.append(_line("Trump", trump_line))
    calls = Text()
    for action in view.history:
        if action.verb == "play":
            continue
        if calls:
            calls.append(" · ")
        calls.append_text(names.action(action, trump, short=True))
    lines.append(_line("Calls", calls or Text("-", style="dim")))
    if view.tricks or view.trick or view.phase == "play":
        won = Text()
        for side, n in enumerate(view.tricks_won):
            if side:
                won.append(" · ")
            won.append(f"{names.side(side)}: {n}")
        lines.append(_line("Tricks", won))
        if view.tricks:
            last = view.tricks[-1]
            lines.append(_line("Last", trick_text(last.cards, names, trump, last.winner)))
        lines.append(_line("Table", trick_text(view.trick, names, trump) if view.trick else Text("-", "dim")))
    if view.widow and view.phase in ("trump", "discard"):
        widow = Text()
        for card in view.widow:
            widow.append_text(card_text(card, trump, v)).append(" ")
        lines.append(_line("Widow", widow.append("(now in your hand)", style="dim")))
    if view.took and view.phase == "discard":
        for dummy, cards in view.took:
            taken = Text(f"seat {dummy}: ").append_text(hand_text(cards, trump, v))
            lines.append(_line("Dummy", taken.append(" (now in your hand)", style="dim")))
    if view.shown is not None and view.shown[0] != view.seat:
        seat, cards = view.shown
        lines.append(_line(f"Open ({names.seat(seat, short=True)})", hand_text(cards, trump, v)))
    lines.append(_line("Your hand", hand_text(view.hand, trump, v)))
    heading = title or v.name
    if hand_no is not None:
        heading += f" · hand {hand_no}"
    heading += f" · you are seat {view.seat}"
    partners = names.partners()
    if partners:
        heading += f", partner{'s' if len(partners) > 1 else ''} {' and '.join(map(str, partners))}"
    return Panel(Group(*lines), title=Text(heading), title_align="left", expand=False)


def trick_text(
    cards: Sequence[tuple[int, Card]], names: Namer, trump: str | None, winner: int | None = None
) -> Text:
    """Who played what to a trick, in order of play."""
    out = Text()
    for i, (seat, card) in enumerate(cards):
        if i:
            out.append("  ")
        out.append(f"{names.seat(seat)}: ", style="bold" if seat == winner else "")
        out.append_text(card_text(card, trump, names.variant))
    if winner is not None:
        out.append(f"  → {names.seat(winner)}", style="bold")
    return out


def trick_won_text(winner: int, card: Card, names: Namer, trump: str | None) -> Text:
    """``  seat 3 takes the trick with Q♠``."""
    who = names.seat(winner)
    out = Text(f"  {who} {'take' if who == 'you' else 'takes'} the trick with ", style="bold")
    return out.append_text(card_text(card, trump, names.variant))


def hand_result_text(result: HandResult, names: Namer, hand_no: int) -> Text:
    """Two lines summing up a finished hand: the contract and tricks, then the points."""
    out = Text(f"Hand {hand_no}: ", style="bold")
    if result.thrown_in:
        out.append("thrown in, nobody made trump; no points.")
        return out
    maker = names.seat(result.maker) if result.maker is not None else "nobody"
    out.append(maker + (" (forced)" if result.forced else ""))
    trump = suit_label(result.trump)
    if result.maker is None:
        out.append(f" bid: played in {trump}, each side scoring its tricks")
    elif result.bid is None:
        out.append(f" named {trump}")
    elif result.bid == "order-up":
        out.append(f" ordered up {trump}")
    else:
        out.append(f" bid {result.bid} in {trump}")
    if result.alone:
        out.append(", alone")
    if result.defender_alone:
        out.append(", against a lone defender")
    took = ", ".join(f"{names.side(s)} {t}" for s, t in enumerate(result.tricks))
    out.append(f". Tricks: {took}. ")
    if result.made is not None:
        out.append("Made it." if result.made else "Set!", style="bold green" if result.made else "bold red")
    changes = [f"{names.side(s)} {d:+d}" for s, d in enumerate(result.score_change) if d]
    out.append(f"\n  Points: {', '.join(changes) or 'none'}. Score: {scores_text(result.scores, names)}.")
    return out


def choice_label(action: Action, trump: str | None, variant: Variant) -> Text:
    """A legal action as listed: a card to play is just the card (``J♦``)."""
    if action.verb in ("play", "discard", "give") and action.arg:
        card = card_text(Card.parse(action.arg), trump, variant)
        return card if action.verb == "play" else Text(f"{action.verb} ").append_text(card)
    return Text(str(action).split(" ", 1)[1])


def choices_line(actions: Sequence[Action], trump: str | None, variant: Variant, width: int = 100) -> Text:
    """The numbered choices, wrapped between choices to ``width``.

    >>> from hasenpfeffer.rules.actions import Action
    >>> from hasenpfeffer.format.variant import Variant
    >>> calls = [Action(0, "trump", s, alone) for s in "CDH" for alone in (False, True)]
    >>> print(choices_line(calls, None, Variant(name="x"), width=50).plain)
    Choices:  1 trump C  2 trump C alone  3 trump D
              4 trump D alone  5 trump H  6 trump H alone
    """
    out = Text("Choices:")
    used = out.cell_len
    for i, action in enumerate(actions, start=1):
        item = Text(f"{i} ", style="bold cyan").append_text(choice_label(action, trump, variant))
        if used + 2 + item.cell_len > width:
            out.append("\n" + " " * 8)
            used = 8
        out.append("  ").append_text(item)
        used += 2 + item.cell_len
    return out


def choices_text(lines: Sequence[tuple[str, str]]) -> Text:
    """The numbered legal actions with an explanation each, one a line.

    >>> print(choices_text([("pass", "drop out"), ("bid 4", "your side must take 4 tricks")]).plain)
      1  pass: drop out
      2  bid 4: your side must take 4 tricks
    """
    out = Text()
    for i, (text, why) in enumerate(lines, start=1):
        if i > 1:
            out.append("\n")
        out.append(f"{i:>3}  ", style="bold cyan")
        out.append(text, style="bold")
        out.append(f": {why}")
    return out
