"""``hasenpfeffer replay FILE [--json]``: check a game record and show how it went.

Prints each hand's auction, every trick with its winner and why, and the score;
``--json`` prints the same as one JSON object (``docs/outputs.md``). A record with an
illegal action exits 1 naming the action.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from ...engine.events import (
    CardPlayed,
    CardsSwapped,
    Declared,
    DroppedOut,
    DummyPlayed,
    DummyTaken,
    Event,
    GameWon,
    HandDealt,
    HandResult,
    HandScored,
    HandShown,
    PartnerCalled,
    PartnerRevealed,
    Passed,
    Redealt,
    SuitNamed,
    Termination,
    TrickWon,
    TrumpTurned,
    TurnedSuitNamed,
)
from ...engine.phases.names import Phase
from ...engine.scoring import barred_after, resting_after, short_of
from ...engine.transcript import imposed_after, played, split
from ...format.cards import SUIT_NAMES
from ...rules import mechanisms as has
from ..common import add_allow_path, error

if TYPE_CHECKING:
    from ...engine.events import HandResult
    from ...engine.game import Game
    from ...rules.actions import Action


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of the sub-command."""
    parser.add_argument("file", help="a game record (YAML or JSON), or - for standard input")
    add_allow_path(parser)
    parser.add_argument("--json", action="store_true", help="print the outcome as JSON")


def run(args: argparse.Namespace) -> int:
    """Replay the record; exit 1 when it does not load or an action is illegal."""
    game = replay_or_report(args)
    if game is None:
        return 1
    if args.json:
        print(json.dumps(summary(game), indent=1))
    else:
        show(game)
    return 0


def replay_or_report(args: argparse.Namespace) -> Game | None:
    """The game of the record ``args.file`` (within ``args.allow_path``), or None after printing why not."""
    from ...format.errors import VariantError
    from ...records import RecordError, replay

    try:
        return replay(args.file, allow=args.allow_path)
    except (RecordError, VariantError) as exc:
        error(located(args.file, str(exc)))
        return None


def located(path: str, message: str) -> str:
    """The message with the record's path in front, once.

    >>> located("g.yaml", "hand 2: the game was already over")
    'g.yaml: hand 2: the game was already over'
    >>> located("g.yaml", "g.yaml: No such file or directory")
    'g.yaml: No such file or directory'
    """
    return message if message.startswith(f"{path}:") else f"{path}: {message}"


FORMAT = 1
"""Version of the ``--json`` output; raised when a key changes meaning or goes away."""


def _tricks(events: list[Event]) -> list[dict[str, Any]]:
    """The finished tricks of one hand's events (``named``: the suit named to follow a led Joker)."""
    out: list[dict[str, Any]] = []
    named = None
    for e in events:
        if isinstance(e, SuitNamed):
            named = e.suit
        elif isinstance(e, TrickWon):
            cards = [{"seat": seat, "card": card} for seat, card in e.cards]
            out.append(
                {"leader": e.leader, "cards": cards, "winner": e.winner, "why": e.reason, "named": named}
            )
            named = None
    return out


def _contract(game: Game, bid: str | None) -> dict[str, Any] | None:
    """What a ladder bid with a contract commits its makers to (None for a plain bid)."""
    b = {x.name: x for x in game.variant.making.auction.ladder}.get(bid or "")
    if b is None or not b.contract:
        return None
    return {"words": b.describe(), **b.model_dump(mode="json", exclude={"name"})}


def _split(actions: list[Action]) -> tuple[list[str], list[str]]:
    """The making-trump actions (up to naming trump) and the lone-defence answers of a hand."""
    making: list[str] = []
    defence: list[str] = []
    made = False
    for a in actions:
        if not made and a.verb == "suit":  # the dealer names a turned Joker's suit: shown apart
            continue
        if not made and a.verb in ("bid", "pass", "order-up", "trump"):
            making.append(str(a))
            made = a.verb in ("order-up", "trump")
        else:  # a contract that names its trump ends the making with the auction
            made = True
            if a.verb in ("alone", "pass"):
                defence.append(str(a))
    return making, defence


def _weak(e: Event) -> dict[str, Any] | None:
    """A weak hand's call, or a keep (a pass of the weak-hand phase), as JSON-ready data."""
    if isinstance(e, Redealt):
        return {"seat": e.seat, "action": "redeal", "rule": e.why, "forced": e.forced, "cards": []}
    if isinstance(e, CardsSwapped):
        cards = [str(c) for c in e.given]
        return {"seat": e.seat, "action": "swap", "rule": e.why, "forced": e.forced, "cards": cards}
    if isinstance(e, Passed) and e.phase == Phase.WEAK_HAND:
        return {"seat": e.seat, "action": "keep", "rule": None, "forced": False, "cards": []}
    return None


def _declaration(e: Event) -> dict[str, Any] | None:
    """A set declared, or a holder's pass (of the declare phase), as JSON-ready data."""
    if isinstance(e, Declared):
        return {"seat": e.seat, "name": e.name, "cards": [str(c) for c in e.cards], "points": e.points}
    if isinstance(e, Passed) and e.phase == Phase.DECLARE:
        return {"seat": e.seat, "name": None, "cards": [], "points": 0}
    return None


def declaration_words(d: dict[str, Any]) -> str:
    """A declaration in words: ``seat 1 declared jamboree: JH JD AH KH QH, 16 points``."""
    if d["name"] is None:
        return f"seat {d['seat']} did not declare"
    return f"seat {d['seat']} declared {d['name']}: {' '.join(d['cards'])}, {d['points']} points"


def _ended_by_declaration(h: dict[str, Any]) -> bool:
    """A finished hand that a declared set ended (scored as made by its holder, unplayed)."""
    return h["finished"] and not h["tricks"] and any(d["name"] == h["bid"] for d in h["declarations"])


def weak_words(w: dict[str, Any]) -> str:
    """A weak hand's call in words: ``seat 2 called a redeal: nines and tens``."""
    how = " (by the rule)" if w["forced"] else ""
    if w["action"] == "redeal":
        return f"seat {w['seat']} called a redeal{how}: {w['rule']}"
    if w["action"] == "swap":
        return f"seat {w['seat']} swapped {' '.join(w['cards'])} for the kitty's cards{how}: {w['rule']}"
    return f"seat {w['seat']} kept a weak hand"


def _dropping(e: Event) -> dict[str, Any] | None:
    """A player's answer once trump is made: dropped out, or stayed in (a pass of the phase)."""
    if isinstance(e, DroppedOut):
        return {"seat": e.seat, "action": "drop"}
    if isinstance(e, Passed) and e.phase == Phase.DROP_OUT:
        return {"seat": e.seat, "action": "stay"}
    return None


def drop_words(d: dict[str, Any]) -> str:
    """A drop-out answer in words: ``seat 2 dropped out``."""
    return f"seat {d['seat']} {'dropped out' if d['action'] == 'drop' else 'stayed in'}"


def _call(events: list[Event], r: HandResult | None) -> dict[str, Any] | None:
    """The maker's call of a partner: the card (None: none, alone, or a seat named), the seat
    named (``making.call.by: seat``), the partner (once the hand is over, or revealed, or named)
    and the trick in which it played the card (None: not played, or named)."""
    call = next((e for e in events if isinstance(e, PartnerCalled)), None)
    if call is None:
        return None
    tricks, at, shown = 0, None, None
    for e in events:
        if isinstance(e, TrickWon):
            tricks += 1
        elif isinstance(e, PartnerRevealed):
            at, shown = tricks + 1, e.seat
    card = None if call.card is None else str(call.card)
    if call.partner is not None:
        shown = call.partner
    partner = r.partner if r else shown
    out = {"seat": call.seat, "card": card, "named": call.partner, "partner": partner, "revealed_at": at}
    second = [
        e.partner for e in events if isinstance(e, PartnerCalled) and e is not call and e.partner is not None
    ]
    if second:  # a contract of making.call.two_partners_from tricks: a second seat named
        out["second"] = second[0]
    return out


def call_words(c: dict[str, Any]) -> str:
    """A call in words: ``seat 0 called AS: seat 1, shown in trick 3``."""
    if c.get("second") is not None:
        return f"seat {c['seat']} named seats {c['named']} and {c['second']} the partners"
    if c.get("named") is not None:
        return f"seat {c['seat']} named seat {c['named']} the partner"
    if c["card"] is None:
        return f"seat {c['seat']} called no card and played alone"
    if c["partner"] is None:
        return f"seat {c['seat']} called {c['card']}: nobody held it, the maker played alone"
    at = f", shown in trick {c['revealed_at']}" if c["revealed_at"] else ""
    return f"seat {c['seat']} called {c['card']}: seat {c['partner']} the partner{at}"


def hand(game: Game, i: int, events: list[Event] | None = None) -> dict[str, Any]:
    """Hand ``i`` (0-based) as JSON-ready data: what was bid, every trick, the score."""
    if events is None:
        split_hands = split(game.events)
        events = split_hands[i] if i < len(split_hands) else []
    dealt = events[0] if events and isinstance(events[0], HandDealt) else None
    weak = [w for e in events if (w := _weak(e)) is not None]
    declared = [d for e in events if (d := _declaration(e)) is not None]
    dropping = [d for e in events if (d := _dropping(e)) is not None]
    actions = [
        a
        for e in events
        if (a := e.action) is not None
        and _weak(e) is None
        and _declaration(e) is None
        and _dropping(e) is None
        and not isinstance(e, PartnerCalled)
    ]
    making, defence = _split(actions)
    sides = len(game.scores)
    tricks = _tricks(events)
    won = [0] * sides
    r = next((e.result for e in events if isinstance(e, HandScored)), None)
    public = game.view()
    maker = r.maker if r else public.maker
    for t in tricks:  # a dummy that plays for the maker counts for the maker's side
        won[game.variant.side_in_hand(t["winner"], maker)] += 1
    table: list[dict[str, Any]] = []
    if r is None:
        for e in events:
            if isinstance(e, CardPlayed):
                table.append({"seat": e.seat, "card": e.card})
            elif isinstance(e, TrickWon):
                table = []
    memory = _memory_before(game, i)
    return {
        **memory,
        "number": i + 1,
        "dealer": dealt.dealer if dealt else game.dealer,
        "finished": r is not None,
        "weak_hands": weak,
        "making": making,
        "maker": r.maker if r else public.maker,
        "bid": r.bid if r else public.bid,
        "contract": _contract(game, r.bid if r else public.bid),
        "shown": next(
            ({"seat": e.seat, "cards": list(e.cards)} for e in events if isinstance(e, HandShown)), None
        ),
        "forced": r.forced if r else public.forced,
        "turned_suit_named": next((e.suit for e in events if isinstance(e, TurnedSuitNamed)), None),
        "trump_turned": next((e.trump for e in events if isinstance(e, TrumpTurned)), None),
        "trump": r.trump if r else public.trump,
        "alone": r.alone if r else public.maker_alone,
        "lone_defence": defence,
        "declarations": declared,
        "drop_out": dropping,
        "call": _call(events, r),
        "dummies": [
            {"seat": e.seat, "by": e.by, "cards": list(e.cards)} for e in events if isinstance(e, DummyPlayed)
        ],
        "dummies_taken": [
            {"seat": e.seat, "by": e.by, "cards": list(e.cards)} for e in events if isinstance(e, DummyTaken)
        ],
        "thrown_in": r.thrown_in if r else False,
        "game_won": _game_won(events),
        "tricks": tricks,
        "table": table,
        "tricks_won": won,
        "made": r.made if r else None,
        "short": _short(game, r),
        "score_change": list(r.score_change) if r else [0] * sides,
        "scores": list(r.scores if r else game.scores),
    }


def _memory_before(game: Game, i: int) -> dict[str, Any]:
    """What the game remembered from its hands before hand ``i``, for the rules that remember:
    the suits barred (``failed_suit_barred``), the seat resting (``last_maker_passes``) and the
    suit imposed (``last_trick_suit``); empty where none does."""
    v = game.variant
    barred, resting, imposed = has.failed_suit_barred(v), has.last_maker_passes(v), has.last_trick_suit(v)
    if not (barred or resting or imposed):
        return {}
    before = split(game.events)[:i]
    results: list[HandResult] = []  # of the hands of hand i's game before it
    for events in before:
        results += [e.result for e in events if isinstance(e, HandScored)]
        if any(isinstance(e, GameWon) for e in events):
            results = []  # a match's next game starts afresh
    memory: dict[str, Any] = {}
    if barred:
        memory["barred"] = list(barred_after(v, results, False))
    if resting:
        memory["resting"] = resting_after(v, results)
    if imposed:
        memory["imposed"] = imposed_after(game.rules, [e for hand in before for e in hand])
    return memory


def _game_won(events: list[Event]) -> dict[str, Any] | None:
    """The game this hand won (several in a match): the winning ``side`` and the ``reason``."""
    won = next((e for e in events if isinstance(e, GameWon)), None)
    return None if won is None else {"side": won.side, "reason": str(won.reason)}


def _short(game: Game, r: HandResult | None) -> list[int]:
    """Tricks each side was short of ``scoring.no_maker.minimum`` in a hand played without a
    maker (empty for any other hand, or where no minimum is set)."""
    if r is None or r.thrown_in or r.maker is not None or not game.variant.scoring.no_maker.minimum:
        return []
    return list(short_of(game.variant, r.tricks))


def short_words(game: Game, short: list[int]) -> str:
    """Who was short of the minimum, in words: ``short of 1 trick: player 0 (1), player 2 (1)``."""
    v = game.variant
    side = "player" if v.partnerships == "none" else "team"
    least = v.scoring.no_maker.minimum
    who = ", ".join(f"{side} {n} ({k})" for n, k in enumerate(short) if k)
    return f"short of {least} trick{'s' * (least != 1)}: {who}" if who else f"nobody short of {least}"


def summary(game: Game) -> dict[str, Any]:
    """The JSON outcome: every hand; the last hand's tricks and score change; the scores; the
    winner and why the (last) game was won."""
    hands = [hand(game, i, events) for i, events in enumerate(played(game.events))]
    last = hands[-1] if hands else hand(game, 0)
    won = [h["game_won"] for h in hands if h["game_won"] is not None]
    return {
        "format": FORMAT,
        "variant": game.variant.name,
        "hand": last["number"],
        "tricks": last["tricks"],
        "tricks_won": last["tricks_won"],
        "score_change": last["score_change"],
        "scores": list(game.scores),
        "hands": hands,
        "over": game.is_over,
        "winner": game.winner,
        "reason": won[-1]["reason"] if game.is_over and won else None,
    }


def show(game: Game) -> None:
    """Print the game hand by hand."""
    from rich.console import Console

    console = Console(highlight=False)
    v = game.variant
    auction = v.making.method == "auction"
    side = "team" if v.partnerships == "alternate" else "player"
    for i, events in enumerate(played(game.events)):
        h = hand(game, i, events)
        console.print(f"[bold]Hand {h['number']}[/bold] (dealer {h['dealer']})")
        for w in h["weak_hands"]:
            console.print("  " + weak_words(w))
        if h["making"]:
            console.print(f"  {'auction' if auction else 'making trump'}: " + ", ".join(h["making"]))
        if h["turned_suit_named"]:
            suit = SUIT_NAMES.get(h["turned_suit_named"], h["turned_suit_named"])
            console.print(f"  the Joker turned: the dealer names {suit}")
        if h.get("barred"):
            console.print("  barred for the game: " + ", ".join(SUIT_NAMES.get(x, x) for x in h["barred"]))
        if h.get("resting") is not None:
            console.print(f"  seat {h['resting']} made trump last hand and only passes")
        if h.get("imposed") is not None:
            suit = SUIT_NAMES.get(h["imposed"], h["imposed"])
            console.print(f"  only {suit} may be trump: it took the last trick of the last hand")
        if h["trump_turned"]:
            suit = SUIT_NAMES.get(h["trump_turned"], h["trump_turned"])
            who = (
                "played without a maker"
                if h["maker"] is None
                else f"the dealer (seat {h['maker']}) the maker"
            )
            console.print(f"  {suit} turned: trump at once, {who}")
        if h["thrown_in"]:
            redealt = any(w["action"] == "redeal" for w in h["weak_hands"])
            why = (
                "a weak hand, dealt again" if redealt else "nobody made trump" if h["making"] else "as dealt"
            )
            console.print(f"  thrown in: {why}" if why != "as dealt" else "  thrown in as dealt")
            continue
        if h["forced"] and auction:
            who = "the Joker holder" if v.making.all_pass.forced == "joker-holder" else "the dealer"
            console.print(f"  all passed: {who}, seat {h['maker']}, must make {h['bid']}")
        if h["trump_turned"] and h["maker"] is None:
            pass
        elif h["trump"] is not None and h["maker"] is None:
            console.print(
                f"  all passed: played at {h['trump']} without a maker, each side scoring its tricks"
            )
        elif h["trump"] is not None and _ended_by_declaration(h):
            console.print(f"  trump {h['trump']}")
        elif h["trump"] is not None:
            alone = " alone" if h["alone"] else ""
            contract = f": {h['contract']['words']}" if h["contract"] else ""
            console.print(f"  trump {h['trump']}, maker {h['maker']} ({h['bid']}{contract}){alone}")
        if h["shown"]:
            console.print(f"  seat {h['shown']['seat']} lays its hand open: " + " ".join(h["shown"]["cards"]))
        for d in h["dummies"]:
            face_up = ", face up: " + " ".join(d["cards"]) if d["cards"] else ""
            console.print(f"  seat {d['by']} plays the dummy at seat {d['seat']}{face_up}")
        for d in h["dummies_taken"]:
            cards = " ".join(d["cards"])
            console.print(f"  seat {d['by']} takes the dummy at seat {d['seat']} into hand: {cards}")
        if h["lone_defence"]:
            console.print("  lone defence: " + ", ".join(h["lone_defence"]))
        for d in h["declarations"]:
            console.print("  " + declaration_words(d))
        if h["drop_out"]:
            console.print("  " + ", ".join(drop_words(d) for d in h["drop_out"]))
        if h["call"]:
            console.print("  " + call_words(h["call"]))
        for n, t in enumerate(h["tricks"], 1):
            cards = " ".join(f"{c['seat']}:{c['card']}" for c in t["cards"])
            cards += f" ({t['named']} named)" if t["named"] else ""
            console.print(f"  trick {n}: {cards} -> seat {t['winner']} ({t['why']})")
        if h["table"]:
            console.print("  on the table: " + " ".join(f"{c['seat']}:{c['card']}" for c in h["table"]))
        if h["finished"]:
            who = (
                ""
                if h["maker"] is None
                else f"{side} {v.team_of(h['maker'])} {'made' if h['made'] else 'failed'}; "
            )
            if _ended_by_declaration(h):
                who = f"{side} {v.team_of(h['maker'])} scored {h['bid']}, the tricks not played; "
            console.print(
                f"  {who}tricks {h['tricks_won']}; score change {h['score_change']}; scores {h['scores']}"
            )
            if h["short"]:
                console.print("  " + short_words(game, h["short"]))
        if h["game_won"] and v.match is not None:
            why = Termination(h["game_won"]["reason"]).words
            console.print(f"  {side} {h['game_won']['side']} won the game: {why}")
    console.print(f"[bold]Scores[/bold] {list(game.scores)}")
    if game.is_over:
        last = next(e for e in reversed(game.events) if isinstance(e, GameWon))
        console.print(f"[bold]Winner[/bold]: {side} {game.winner} ({last.reason.words})")
