"""``hasenpfeffer replay FILE [--json]``: check a game record and show how it went.

Prints each hand's auction, every trick with its winner and why, and the score;
``--json`` prints the tricks, tricks won and score change of the last hand replayed
and the running scores. A record with an illegal action exits 1 naming the action.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..actions import Action
    from ..game import Game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of the sub-command."""
    parser.add_argument("file", help="a game record (YAML or JSON)")
    parser.add_argument("--json", action="store_true", help="print the outcome as JSON")


def run(args: argparse.Namespace) -> int:
    """Replay the record; exit 1 when it does not load or an action is illegal."""
    from ..errors import VariantError
    from ..records import RecordError, replay

    try:
        game = replay(args.file)
    except (RecordError, VariantError) as exc:
        print(located(args.file, str(exc)), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(summary(game), indent=1))
    else:
        show(game)
    return 0


def located(path: str, message: str) -> str:
    """The message with the record's path in front, once.

    >>> located("g.yaml", "hand 2: the game was already over")
    'g.yaml: hand 2: the game was already over'
    >>> located("g.yaml", "g.yaml: No such file or directory")
    'g.yaml: No such file or directory'
    """
    return message if message.startswith(f"{path}:") else f"{path}: {message}"


def _tricks(game: Game, index: int) -> list[dict[str, Any]]:
    """The tricks of hand ``index`` (the current hand when it is not finished)."""
    rules = game.rules
    if index < len(game._log):
        entry = game._log[index]
        tricks, trump = entry["tricks"], entry["result"].trump
    else:
        tricks, trump = game.tricks, game.trump
    out = []
    for leader, cards, winner in tricks:
        card = next(c for s, c in cards if s == winner)
        out.append(
            {
                "leader": leader,
                "cards": [{"seat": s, "card": rules.names[c]} for s, c in cards],
                "winner": winner,
                "why": rules.why(card, trump, cards[0][1]),
            }
        )
    return out


def summary(game: Game) -> dict[str, Any]:
    """The JSON outcome: the last hand's tricks, tricks won and score change; running scores."""
    last = len(game._log) - 1 if game.is_over or not game._actions else len(game._log)
    last = max(last, 0)
    tricks = _tricks(game, last)
    sides = len(game.scores)
    won = [0] * sides
    for t in tricks:
        won[game.variant.team_of(t["winner"])] += 1
    finished = last < len(game.hand_results)
    change = list(game.hand_results[last].score_change) if finished else [0] * sides
    return {
        "hand": last + 1,
        "tricks": tricks,
        "tricks_won": won,
        "score_change": change,
        "scores": list(game.scores),
        "hands": [
            {
                "dealer": r.dealer,
                "maker": r.maker,
                "bid": r.bid,
                "trump": r.trump,
                "made": r.made,
                "thrown_in": r.thrown_in,
                "score_change": list(r.score_change),
            }
            for r in game.hand_results
        ],
        "over": game.is_over,
        "winner": game.winner,
    }


def _split(actions: list[Action]) -> tuple[list[str], list[str]]:
    """The making-trump actions (up to naming trump) and the lone-defence answers of a hand."""
    making: list[str] = []
    defence: list[str] = []
    made = False
    for a in actions:
        if not made:
            making.append(str(a))
            made = a.verb in ("order-up", "trump")
        elif a.verb in ("alone", "pass"):
            defence.append(str(a))
    return making, defence


def show(game: Game) -> None:
    """Print the game hand by hand."""
    from rich.console import Console

    console = Console(highlight=False)
    v = game.variant
    auction = v.making.method == "auction"
    side = "player" if v.partnerships == "none" else "team"
    hands = len(game._log) + (0 if game.is_over or not game._actions else 1)
    for i in range(hands):
        entry = game._log[i] if i < len(game._log) else None
        actions = entry["actions"] if entry else game._actions
        console.print(f"[bold]Hand {i + 1}[/bold] (dealer {entry['dealer'] if entry else game.dealer})")
        making, defence = _split(actions)
        if making:
            console.print(f"  {'auction' if auction else 'making trump'}: " + ", ".join(making))
        r = entry["result"] if entry else None
        if r is not None and r.thrown_in:
            console.print("  thrown in: nobody made trump" if making else "  thrown in as dealt")
            continue
        maker, bid, forced = (r.maker, r.bid, r.forced) if r else (game.maker, game.bid_name, game.forced)
        trump, alone = (r.trump, r.alone) if r else (game.trump, game.alone)
        if forced and auction:
            who = "the Joker holder" if v.making.all_pass.forced == "joker-holder" else "the dealer"
            console.print(f"  all passed: {who}, seat {maker}, must make {bid}")
        if trump is not None:
            console.print(f"  trump {trump}, maker {maker} ({bid}){' alone' if alone else ''}")
        if defence:
            console.print("  lone defence: " + ", ".join(defence))
        for n, t in enumerate(_tricks(game, i), 1):
            cards = " ".join(f"{c['seat']}:{c['card']}" for c in t["cards"])
            console.print(f"  trick {n}: {cards} -> seat {t['winner']} ({t['why']})")
        if entry is None and game.trick:
            names = game.rules.names
            console.print("  on the table: " + " ".join(f"{s}:{names[c]}" for s, c in game.trick))
        if r is not None:
            console.print(
                f"  {side} {v.team_of(r.maker or 0)} {'made' if r.made else 'failed'}; tricks {list(r.tricks)};"
                f" score change {list(r.score_change)}; scores {list(r.scores)}"
            )
    console.print(f"[bold]Scores[/bold] {list(game.scores)}")
    if game.is_over:
        console.print(f"[bold]Winner[/bold]: {side} {game.winner}")
