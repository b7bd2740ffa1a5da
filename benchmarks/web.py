"""The targets of ``hasenpfeffer serve``, measured through its HTTP API on the loopback
address, beside the same work done as the commands do it (in this process, no HTTP):

- a greedy bot's move with its reasons (hasenpfeffer): at most 100 ms;
- a pimc hint (hasenpfeffer, a card to play): at most 2 s;
- a hand's review with every card's double-dummy value (hasenpfeffer-pepper): at most 1 s;
- the first page load, the page and its scripts and style: at most 300 ms (the browser test
  checks with Chromium's network log that no request of it leaves the machine).

``--load SECONDS`` also runs 20 games and 2 studies at once for that long and prints what it did.

    python benchmarks/web.py [--load 60]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

import httpx

from hasenpfeffer import Game, load_variant, records
from hasenpfeffer.bots.reasons import reasons
from hasenpfeffer.cli.commands.analyze import plays_data
from hasenpfeffer.solver.deals import hands_of
from hasenpfeffer.web.load import run_load
from hasenpfeffer.web.server import serving


def timed(fn: object, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        out.append(1000 * (time.perf_counter() - start))
    return out


def line(label: str, web: list[float], cli: list[float] | None, target: float) -> str:
    w = f"median {statistics.median(web):.1f} ms, slowest {max(web):.1f} ms"
    c = "" if cli is None else f"; in process {statistics.median(cli):.1f} ms"
    return f"{label}: web {w}{c}; target {target:.0f} ms: {'met' if max(web) <= target else 'MISSED'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--load", type=float, default=0, metavar="SECONDS")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    g = Game(load_variant("hasenpfeffer-pepper"), seed=5)
    rng = random.Random(5)
    while not g.hand_results:
        g.apply(rng.choice(g.legal_actions()))
    records.save(g.record(), folder / "hand.yaml")
    with serving(folder, "benchmark-token") as url, httpx.Client(timeout=900) as client:
        base = url.split("/?token=")[0]
        client.get(url)  # the cookie

        def page() -> None:
            client.get(base + "/")
            for path in (
                "/static/style.css",
                "/static/js/main.js",
                "/static/js/api.js",
                "/static/js/play.js",
                "/static/js/review.js",
                "/static/js/lab.js",
                "/api/files",
            ):
                client.get(base + path).raise_for_status()

        print(line("first page load (page, style, scripts, file list)", timed(page, args.runs), None, 300))
        state = client.post(
            base + "/api/games", json={"variant": "hasenpfeffer", "seed": 3, "bots": "greedy"}
        ).json()
        key = state["id"]
        while not (state["your_turn"] and state["phase"] == "play"):
            if state["your_turn"]:
                state = client.post(
                    f"{base}/api/games/{key}/move", json={"action": state["choices"][-1]["action"]}
                ).json()
            else:
                state = client.post(f"{base}/api/games/{key}/step").json()
        live = Game(load_variant("hasenpfeffer"), seed=3)
        review_game = records.replay(folder / "hand.yaml")
        for bot, target in (("greedy", 100), ("pimc", 2000)):
            client.post(f"{base}/api/games/{key}/hint", json={"bot": bot})  # warm: tables, compiled code
            web = timed(
                lambda bot=bot: client.post(
                    f"{base}/api/games/{key}/hint", json={"bot": bot}
                ).raise_for_status(),
                args.runs,
            )
            view = live.view(live.to_move)
            cli = timed(lambda bot=bot, view=view: reasons(bot, view, live.legal_actions()), args.runs)
            print(line(f"{bot} hint (hasenpfeffer, {state['phase']})", web, cli, target))
        rid = client.post(base + "/api/reviews", json={"path": "hand.yaml"}).json()["id"]
        hand = hands_of(review_game)[:1]
        plays_data(review_game, list(enumerate(hand, 1)))  # warm the compiled solver
        web = []
        for _ in range(args.runs):
            rid = client.post(base + "/api/reviews", json={"path": "hand.yaml"}).json()["id"]
            web += timed(
                lambda rid=rid: client.get(f"{base}/api/reviews/{rid}/hands/1").raise_for_status(), 1
            )
        cli = timed(lambda: plays_data(review_game, list(enumerate(hand, 1))), args.runs)
        print(line("a hand's review, every card's value (hasenpfeffer-pepper)", web, cli, 1000))
        if args.load:
            load = run_load(url, folder, games=20, studies=2, seconds=args.load)
            print(
                f"load: 20 games and 2 studies for {args.load:.0f} s: {load.moves} moves, {load.games} games"
                f" finished, {load.studies} studies done, {len(load.errors)} errors, {load.replayed} records"
                f" replayed; memory {load.memory[0]:.0f} -> {load.memory[1]:.0f} MiB; slowest answer"
                f" {load.slowest_ms:.0f} ms"
            )
            for e in load.errors[:5]:
                print("  error:", e)


if __name__ == "__main__":
    main()
