"""``hasenpfeffer analyze RECORD [--json] [--table] [--hand N]``: a record's play, double dummy.

Every hand is rebuilt from its deal and replayed; at each play the solver, seeing every hand,
gives each legal card's value for the side to move (the tricks that side takes in the hand with
best play from there on), and the tricks the card played cost. A summary gives each seat's
tricks lost. ``--table`` gives instead, for each deal before its auction, the tricks each seat
could make as maker in each trump, alone or not, and what that scores. ``--json`` prints the
same as data (docs/outputs.md). See docs/analysis.md.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from ..common import add_allow_path, bounded, error

if TYPE_CHECKING:
    from ...engine.events import HandDealt
    from ...engine.game import Game
    from ...format.variant import Variant
    from ...rules.actions import Action
    from ...solver.review import HandReview, Play
    from ...solver.table import Row

FORMAT = 1
"""Version of the ``--json`` output."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of the sub-command."""
    parser.add_argument("file", help="a game record (YAML or JSON), or - for standard input")
    add_allow_path(parser)
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    parser.add_argument(
        "--table",
        action="store_true",
        help="for each deal: the tricks each seat makes as maker in each trump, alone or not, and the score",
    )
    parser.add_argument("--hand", type=bounded(1, 10**6, "hand"), metavar="N", help="only hand N (from 1)")


def run(args: argparse.Namespace) -> int:
    """Replay the record and analyse it; exit 1 when it does not load."""
    from ...solver.deals import hands_of
    from .replay import replay_or_report

    game = replay_or_report(args)
    if game is None:
        return 1
    if game.variant.partnerships == "called":
        error(
            f"{args.file}: analyze reads fixed sides, but {game.variant.name!r} calls a partner each"
            " hand (partnerships: called): not supported"
        )
        return 1
    hands = list(enumerate(hands_of(game), 1))
    if args.hand is not None:
        if args.hand > len(hands):
            error(f"{args.file}: there is no hand {args.hand}: the record has {len(hands)}")
            return 1
        hands = [hands[args.hand - 1]]
    if args.table:
        tables = [table_data(game.variant, n, dealt, actions) for n, (dealt, actions) in hands]
        data = {"format": FORMAT, "variant": game.variant.name, "assumptions": assumptions(game.variant)}
        data["tables"] = tables
        print(json.dumps(data, indent=1) if args.json else table_text(game, data))
        return 0
    data = plays_data(game, hands)
    print(json.dumps(data, indent=1) if args.json else plays_text(game, data))
    return 0


# ---------------------------------------------------------------------- the plays


def plays_data(game: Game, hands: list[tuple[int, tuple[HandDealt, list[Action]]]]) -> dict[str, Any]:
    """Every hand's plays reviewed, and each seat's plays, mistakes and tricks lost."""
    from ...solver.review import review

    reviewed = [(n, review(game.variant, dealt, actions)) for n, (dealt, actions) in hands]
    seats = [{"seat": s, "plays": 0, "mistakes": 0, "tricks_lost": 0} for s in range(game.variant.players)]
    for _, r in reviewed:
        for p in r.plays:
            seat = seats[p.seat]
            seat["plays"] += 1
            seat["mistakes"] += p.cost > 0
            seat["tricks_lost"] += p.cost
    return {
        "format": FORMAT,
        "variant": game.variant.name,
        "hands": [_hand(n, r) for n, r in reviewed],
        "seats": seats,
    }


def _hand(number: int, r: HandReview) -> dict[str, Any]:
    return {
        "number": number,
        "dealer": r.dealer,
        "maker": r.maker,
        "bid": r.bid,
        "trump": r.trump,
        "alone": r.alone,
        "objective": r.objective,
        "first_lead": None if r.first_lead is None else list(r.first_lead),
        "plays": [_play(p) for p in r.plays],
    }


def _play(p: Play) -> dict[str, Any]:
    return {
        "trick": p.trick,
        "seat": p.seat,
        "side": p.side,
        "verb": p.verb,
        "card": p.card,
        "value": p.value,
        "values": p.values,
        "best": p.best,
        "cost": p.cost,
    }


def tricks(n: int) -> str:
    """``a trick``, ``2 tricks``.

    >>> tricks(1), tricks(2)
    ('a trick', '2 tricks')
    """
    return "a trick" if n == 1 else f"{n} tricks"


def either(cards: list[str]) -> str:
    """``AD``, ``AD or JK``, ``AD, KD or JK``."""
    return cards[0] if len(cards) == 1 else f"{', '.join(cards[:-1])} or {cards[-1]}"


def count(n: int, word: str) -> str:
    """``1 play``, ``2 plays``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def play_line(number: int, p: dict[str, Any]) -> str:
    """One play in words.

    >>> play_line(2, {"trick": 3, "seat": 1, "card": "KD", "value": 3, "cost": 1,
    ...     "values": {"9D": 3, "KD": 3, "AD": 4, "JK": 4}, "best": ["AD", "JK"]})
    'hand 2, trick 3: seat 1 played KD and lost a trick; AD or JK kept 4 (9D 3)'
    >>> play_line(1, {"trick": 1, "seat": 0, "card": "JK", "value": 5, "cost": 0,
    ...     "values": {"9S": 4, "JK": 5}, "best": ["JK"]})
    'hand 1, trick 1: seat 0 played JK and kept 5 (9S 4)'
    >>> play_line(1, {"trick": 2, "seat": 0, "verb": "suit", "card": "S", "value": 3, "cost": 1,
    ...     "values": {"C": 3, "H": 4, "S": 3}, "best": ["H"]})
    'hand 1, trick 2: seat 0 named S and lost a trick; H kept 4 (C 3)'
    """
    did = "named" if p.get("verb") == "suit" else "played"
    head = f"hand {number}, trick {p['trick']}: seat {p['seat']} {did} {p['card']}"
    if p["cost"]:
        best = p["best"]
        text = f"{head} and lost {tricks(p['cost'])}; {either(best)} kept {p['values'][best[0]]}"
        skip = {p["card"], *best}
    else:
        text = f"{head} and kept {p['value']}"
        skip = {p["card"]}
    others = [f"{c} {v}" for c, v in p["values"].items() if c not in skip]
    return f"{text} ({', '.join(others)})" if others else text


def plays_text(game: Game, data: dict[str, Any]) -> str:
    """The review in words: a line per hand and per play, then the tricks lost by each seat."""
    v = game.variant
    side = "team" if v.partnerships == "alternate" else "player"
    lines = [
        "Each card's value: the tricks its side takes in the hand with best play from there on,"
        " every hand seen (double dummy)."
    ]
    for h in data["hands"]:
        head = f"Hand {h['number']} (dealer {h['dealer']})"
        if h["trump"] is None:
            lines.append(f"{head}: thrown in")
            continue
        alone = " alone" if h["alone"] else ""
        if h["maker"] is None:
            head += f": trump {h['trump']}, played when all passed, without a maker"
        else:
            head += f": trump {h['trump']}, maker {h['maker']} ({h['bid']}){alone}"
        if h["first_lead"] is None and h["trump"] is not None and h["maker"] is not None:
            head += "; not played (a set declared)"
        if h["first_lead"] is not None:
            takes = ", ".join(f"{side} {s} {t}" for s, t in enumerate(h["first_lead"]))
            head += f"; from the first lead {takes}"
        lines.append(head)
        if h.get("objective") == "none":
            lines.append(
                "  (to take no trick: the maker's side plays for the fewest tricks, the others"
                " as one side for its most; fewer is better for every side)"
            )
        lines.extend(f"  {play_line(h['number'], p)}" for p in h["plays"])
    lines.append("Tricks lost to mistakes, double dummy:")
    for s in data["seats"]:
        if not s["plays"]:
            lines.append(f"  seat {s['seat']}: no plays")
            continue
        lost = tricks(s["tricks_lost"]) if s["tricks_lost"] else "none"
        lines.append(
            f"  seat {s['seat']}: {lost} ({count(s['mistakes'], 'mistake')} in {count(s['plays'], 'play')})"
        )
    return "\n".join(lines)


# ---------------------------------------------------------------------- the table


def assumptions(v: Variant) -> list[str]:
    """How the table makes the choices before play, in words."""
    from ...engine.machine import phase_machine as machine
    from ...engine.phases import Phase
    from ...rules import mechanisms as has

    states = set(machine(v).states)
    out = []
    contracts = v.making.method == "auction" and any(b.contract for b in v.making.auction.ladder)
    if contracts:
        out.append(
            "the maker bids the first bid of each way of playing (trump, alone, objective), the others pass"
        )
    elif v.making.method == "auction":
        out.append("the maker bids, the others pass")
        if v.deal.kitty.use == "widow" and v.deal.kitty.size:
            out.append("the maker takes the widow and lays away the cards best for its side")
    else:
        out.append("the maker orders up the turned suit in round one, or names trump in round two")
        if Phase.DISCARD in states and has.discards(v):
            out.append(
                "on an order-up the dealer takes the turned card and lays away the card best for its side"
            )
        if v.deal.dummies.merged:
            out.append(
                "each dummy is taken into hand by its taker, who lays away the cards best for its side"
            )
    if Phase.EXCHANGE in states:
        out.append("a lone maker's exchange with the partner is the one best for the makers")
    if Phase.DEFENCE in states:
        out.append("nobody defends alone")
    if contracts:
        out.append(
            "the score is that of the bid best for the makers with those tricks, of those that play so"
        )
    elif v.making.method == "auction":
        out.append("the score is that of the bid best for the makers with those tricks")
    if any(b.objective == "none" for b in v.making.auction.ladder) and v.making.method == "auction":
        out.append("to take no trick, the tricks are the fewest the maker's side can hold itself to")
    return out


def table_data(variant: Variant, number: int, dealt: HandDealt, actions: list[Action]) -> dict[str, Any]:
    """The table of one deal, and the contract played there against it."""
    from ...engine.game import actual_state
    from ...solver.deals import hand_game
    from ...solver.position import misere_side
    from ...solver.table import table

    rows = table(variant, dealt)
    g = hand_game(variant, dealt)
    for a in actions:
        if g.phase == "play":
            break
        g.apply(a)
    played: dict[str, Any] | None = None
    made = g.view()
    if g.phase == "play" and made.maker is not None:
        objective = "none" if misere_side(g) is not None else "tricks"
        way = (made.trump, made.maker, made.maker_alone, objective)
        match = [r for r in rows if (r.trump, r.maker, r.alone, r.objective) == way]
        played = {
            "maker": made.maker,
            "trump": made.trump,
            "alone": made.maker_alone,
            "bid": made.bid,
            "objective": objective,
            "required": actual_state(g).required,
        }
        played["makeable"] = match[0].tricks if match else None
    return {"hand": number, "dealer": dealt.dealer, "rows": [_row(r) for r in rows], "played": played}


def _row(r: Row) -> dict[str, Any]:
    return {
        "trump": r.trump,
        "maker": r.maker,
        "alone": r.alone,
        "tricks": r.tricks,
        "bid": r.bid,
        "made": r.made,
        "score": r.score,
        "score_change": None if r.score_change is None else list(r.score_change),
        "objective": r.objective,
    }


def table_text(game: Game, data: dict[str, Any]) -> str:
    """The tables in words: a line per trump, maker and lone hand or not."""
    auction = game.variant.making.method == "auction"
    lines = [
        "Tricks the maker's side takes with every hand seen (double dummy), and the score;",
        "assumed: " + "; ".join(data["assumptions"]) + ".",
    ]
    for t in data["tables"]:
        lines.append(f"Hand {t['hand']} (dealer {t['dealer']})")
        for r in t["rows"]:
            who = f"seat {r['maker']}" + (" alone" if r["alone"] else "")
            taken = f"{r['tricks']:2} trick" + (" " if r["tricks"] == 1 else "s")
            result = "made" if r["made"] else "failed"
            contract = f"bid {r['bid']} {result}" if auction else result
            change = r["score_change"]
            score = f"score change {change}" if change is not None else f"score {r['score']:+d} for the maker"
            lines.append(f"  {r['trump']:2} {who:12} {taken}  {contract:16} {score}")
        p = t["played"]
        if p is not None and p["makeable"] is not None:
            alone = " alone" if p["alone"] else ""
            bid = f" with {p['bid']}" if auction else ""
            if p.get("objective") == "none":
                verdict = "makeable" if p["makeable"] == 0 else "not makeable"
                lines.append(
                    f"  played: seat {p['maker']}{alone}{bid} in {p['trump']} takes no trick;"
                    f" double dummy it takes at least {p['makeable']}: {verdict}"
                )
                continue
            verdict = "makeable" if p["makeable"] >= p["required"] else "not makeable"
            lines.append(
                f"  played: seat {p['maker']}{alone}{bid} in {p['trump']} needs {p['required']};"
                f" double dummy it takes {p['makeable']}: {verdict}"
            )
    return "\n".join(lines)
