"""The JSON API through Starlette's test client: the token, errors as JSON, a game with a
take-back and its record, a review with its costs and a branch, the lab, a study cancelled."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from hasenpfeffer.records import load, replay
from hasenpfeffer.web.app import create_app

TOKEN = "api-token-0123"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    c = TestClient(create_app(tmp_path, TOKEN), raise_server_exceptions=False)
    c.get(f"/?token={TOKEN}")  # sets the cookie
    return c


def test_token_cookie_and_errors(tmp_path: Path) -> None:
    plain = TestClient(create_app(tmp_path, TOKEN))
    assert plain.get("/").status_code == 403
    assert plain.get("/?token=wrong").status_code == 403
    page = plain.get(f"/?token={TOKEN}")
    assert page.status_code == 200 and "hasenpfeffer" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert plain.get("/api/files").status_code == 200  # the cookie now
    assert plain.get("/static/js/main.js").status_code == 200
    bad = plain.post("/api/games", content=b"{nope")
    assert bad.status_code == 400 and bad.json() == {"error": "the request body is not JSON"}
    assert plain.post("/api/games", json={"variant": "nothing"}).status_code == 404
    assert plain.post("/api/games", json={"variant": "euchre", "bots": "os:system"}).status_code == 400
    assert plain.get("/api/games/unknown").status_code == 404
    big = plain.post("/api/lab/check", content=b"x" * (2 << 20))
    assert big.status_code == 413 and "refused" in big.json()["error"]


def test_paths_stay_inside_the_folder(client: TestClient) -> None:
    for name in ("../x.yaml", "/etc/passwd.yaml", ".hidden.yaml", "a/../../b.yaml", "x.txt"):
        r = client.post("/api/lab/save", json={"name": name, "text": "name: x\n"})
        assert r.status_code == 400, name
    r = client.get("/api/lab/text", params={"path": "../../etc/passwd"})
    assert r.status_code == 400


def play_to(client: TestClient, key: str, state: dict[str, Any], hands: int) -> dict[str, Any]:
    rng = random.Random(0)
    while not state["over"] and len(state["results"]) < hands:
        if state["your_turn"]:
            choice = rng.choice(state["choices"])["action"]
            state = client.post(f"/api/games/{key}/move", json={"action": choice}).json()
        else:
            state = client.post(f"/api/games/{key}/step").json()
    return state


def test_a_game_take_back_record_and_resume(client: TestClient, tmp_path: Path) -> None:
    started = client.post("/api/games", json={"variant": "euchre", "seed": 4, "bots": "random"}).json()
    key = started["id"]
    state = started
    while not state["your_turn"]:
        state = client.post(f"/api/games/{key}/step").json()
    choices = state["choices"]
    assert all(c["explain"] for c in choices)
    assert client.post(f"/api/games/{key}/move", json={"action": "0 play 9Z"}).status_code in (400, 422)
    client.post(f"/api/games/{key}/move", json={"action": choices[0]["action"]})
    back = client.post(f"/api/games/{key}/undo").json()
    assert back["choices"] == choices
    state = play_to(client, key, back, 1)
    assert state["last_hand"]["number"] == 1 and len(state["last_hand"]["hands"]) == 4
    assert "first_lead" in state["last_hand"]["dd"]
    saved = tmp_path / started["saved"]
    record = load(saved)
    assert record["players"][0] == "person" and replay(saved).hand_results
    resumed = client.post("/api/games", json={"resume": started["saved"]}).json()
    assert resumed["results"] == state["results"]


def record_text() -> str:
    from hasenpfeffer import Game, load_variant, records

    g = Game(load_variant("hasenpfeffer"), seed=7)
    rng = random.Random(1)
    while not g.hand_results:
        g.apply(rng.choice(g.legal_actions()))
    return records.dump(g.record())


def test_review_costs_branch_and_hint(client: TestClient) -> None:
    opened = client.post("/api/reviews", json={"text": record_text(), "name": "up.yaml"})
    assert opened.status_code == 200, opened.text
    key = opened.json()["id"]
    hand = client.get(f"/api/reviews/{key}/hands/1").json()
    reviewed = [s["review"] for s in hand["steps"] if s["review"]]
    assert reviewed and hand["mistakes"] == sum(1 for r in reviewed if r["cost"])
    assert all(r["values"][r["card"]] == r["value"] for r in reviewed)
    assert len(hand["positions"]) == len(hand["steps"]) + 1
    at = next(i for i, s in enumerate(hand["steps"]) if s["review"])
    branch = client.post(f"/api/reviews/{key}/branch", json={"hand": 1, "step": at}).json()
    assert branch["your_turn"] and not branch["scored"]
    hint = client.post(f"/api/reviews/{key}/hint", json={"hand": 1, "step": at, "bot": "greedy"}).json()
    assert hint["choice"] in [r["action"] for r in hint["rows"]]
    assert (
        client.post(f"/api/reviews/{key}/hint", json={"hand": 1, "step": at, "bot": "x:y"}).status_code == 400
    )
    bad = client.post("/api/reviews", json={"text": "variant: euchre\nhands: [{actions: [0 fly]}]\n"})
    assert bad.status_code == 422


def test_lab_check_save_and_studies(client: TestClient, tmp_path: Path) -> None:
    start = client.get("/api/lab/text", params={"builtin": "euchre"}).json()
    assert start["parent"] == "euchre"
    wrong = client.post(
        "/api/lab/check", json={"text": start["text"] + "  targt: 5\n", "name": "t.yaml"}
    ).json()
    assert not wrong["valid"] and wrong["problems"][0]["line"] == 5
    assert wrong["problems"][0]["text"].startswith("t.yaml:5:3: game.targt: unknown key")
    right = client.post("/api/lab/check", json={"text": start["text"], "name": "t.yaml"}).json()
    assert right["valid"] and right["svg"].startswith("<svg") and "stateDiagram-v2" in right["mermaid"]
    assert client.post("/api/lab/save", json={"name": "rules/t.yaml", "text": start["text"]}).json() == {
        "saved": "rules/t.yaml"
    }
    assert (tmp_path / "rules" / "t.yaml").read_text() == start["text"]
    assert not list(tmp_path.glob(".lab-*"))
    body = {
        "kind": "compare",
        "a": "euchre",
        "b_text": start["text"].replace("10", "5"),
        "games": 3,
        "bots": "random",
        "engine": "python",
    }
    key = client.post("/api/studies", json=body).json()["id"]
    status = wait(client, key)
    assert status["state"] == "done" and status["rows"][0][0]
    long = client.post("/api/studies", json=body | {"games": 20000}).json()["id"]
    client.post(f"/api/studies/{long}/cancel")
    assert wait(client, long)["state"] == "cancelled"


def wait(client: TestClient, key: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        status: dict[str, Any] = client.get(f"/api/studies/{key}").json()
        if status["state"] not in ("waiting", "running"):
            return status
        time.sleep(0.05)
    raise AssertionError("the study did not end")


def small_policy(path: Path, variant: str = "euchre") -> None:
    from hasenpfeffer import load_variant
    from hasenpfeffer.bots.learned import Policy, save_policy

    save_policy(path, Policy.initial(load_variant(variant), hidden=(8,), seed=1))


def test_learned_bots_from_the_folder(client: TestClient, tmp_path: Path) -> None:
    small_policy(tmp_path / "x.policy")
    (tmp_path / "nets").mkdir()
    (tmp_path / "nets" / "broken.policy").write_bytes(b"not safetensors")
    listed = client.get("/api/files").json()["policies"]
    assert listed[0] == {"path": "x.policy", "variant": "euchre", "error": None}
    assert listed[1]["path"] == "nets/broken.policy" and listed[1]["variant"] is None
    assert listed[1]["error"].startswith("nets/broken.policy: not a policy file")
    body = {"variant": "euchre", "seed": 2, "bots": "learned:x.policy"}
    started = client.post("/api/games", json=body).json()
    assert started["bots"] == {"1": "learned:x.policy", "2": "learned:x.policy", "3": "learned:x.policy"}
    state = play_to(client, started["id"], started, 1)
    assert state["results"]
    assert load(tmp_path / started["saved"])["players"] == ["person"] + ["learned:x.policy"] * 3
    resumed = client.post("/api/games", json={"resume": started["saved"]}).json()
    assert resumed["bots"] == started["bots"] and resumed["results"] == state["results"]
    mixed = client.post("/api/games", json=body | {"bots": "greedy,learned:x.policy,random"})
    assert mixed.status_code == 200 and mixed.json()["bots"]["2"] == "learned:x.policy"


def test_learned_bots_refused(client: TestClient, tmp_path: Path) -> None:
    small_policy(tmp_path / "x.policy")
    (tmp_path / "broken.policy").write_bytes(b"\x00" * 40)
    outside = tmp_path.parent / f"{tmp_path.name}-outside.policy"
    small_policy(outside)
    (tmp_path / "link.policy").symlink_to(outside)
    house = "extends: euchre\nname: my-euchre\ngame:\n  target: 5\n"
    client.post("/api/lab/save", json={"name": "my-euchre.yaml", "text": house})

    def start(bots: str, variant: str = "euchre") -> Any:
        return client.post("/api/games", json={"variant": variant, "seed": 1, "bots": bots})

    wrong = start("learned:x.policy", "hasenpfeffer")
    assert wrong.status_code == 422
    assert wrong.json()["error"].startswith("bots: learned:x.policy: the policy was trained on euchre, not")
    broken = start("learned:broken.policy").json()["error"]
    assert broken.startswith("bots: broken.policy: not a policy file") and "\n" not in broken
    assert "Traceback" not in broken and str(tmp_path) not in broken
    for bots in (
        "learned:../x.policy",
        f"learned:{tmp_path}/x.policy",
        "learned:link.policy",
        "learned:my-euchre.yaml",
        "learned:",
        "os:system",
    ):
        assert start(bots).status_code == 400, bots
    assert start("learned:none.policy").status_code == 404
    # a house rule of euchre: on purpose only
    rules = start("learned:x.policy", "my-euchre.yaml")
    assert rules.status_code == 422 and "learned:FILE:foreign" in rules.json()["error"]
    assert start("learned:x.policy:foreign", "my-euchre.yaml").status_code == 200


def test_learned_bots_in_practice_and_studies(client: TestClient, tmp_path: Path) -> None:
    from hasenpfeffer import Game, load_variant, records

    small_policy(tmp_path / "x.policy")
    g = Game(load_variant("euchre"), seed=3)
    rng = random.Random(2)
    while not g.hand_results:
        g.apply(rng.choice(g.legal_actions()))
    key = client.post("/api/reviews", json={"text": records.dump(g.record())}).json()["id"]
    branch = client.post(
        f"/api/reviews/{key}/branch", json={"hand": 1, "step": 0, "bots": "learned:x.policy"}
    )
    assert branch.status_code == 200 and "learned:x.policy" in branch.json()["bots"].values()
    body = {"kind": "simulate", "a": "euchre", "games": 2, "bots": "learned:x.policy", "engine": "python"}
    status = wait(client, client.post("/api/studies", json=body).json()["id"])
    assert status["state"] == "done", status["error"]
    assert status["report"]["bots"] == ["learned:x.policy"] * 4
    wrong = client.post("/api/studies", json=body | {"a": "hasenpfeffer"})
    assert wrong.status_code == 422 and "trained on euchre" in wrong.json()["error"]
    assert client.post("/api/studies", json=body | {"bots": "learned:../x.policy"}).status_code == 400


def test_a_learned_policy_of_the_folder_hints_with_its_probabilities(
    client: TestClient, tmp_path: Path
) -> None:
    small_policy(tmp_path / "x.policy")
    state = client.post("/api/games", json={"variant": "euchre", "seed": 2, "bots": "greedy"}).json()
    key = state["id"]
    while not state["your_turn"]:
        state = client.post(f"/api/games/{key}/step").json()
    out = client.post(f"/api/games/{key}/hint", json={"bot": "learned:x.policy"}).json()
    assert out["bot"] == "learned:x.policy" and "probability" in out["meaning"]
    values = [row["value"] for row in out["rows"]]
    assert abs(sum(values) - 1) < 0.01 and out["choice"] in [row["action"] for row in out["rows"]]
    best = max(out["rows"], key=lambda row: row["value"])
    assert best["action"] == out["choice"]
    wrong = client.post(f"/api/games/{key}/hint", json={"bot": "learned:../x.policy"})
    assert wrong.status_code == 400
    assert client.post(f"/api/games/{key}/hint", json={"bot": "learned:none.policy"}).status_code == 404
    small_policy(tmp_path / "h.policy", "hasenpfeffer")
    misfit = client.post(f"/api/games/{key}/hint", json={"bot": "learned:h.policy"})
    assert misfit.status_code == 422 and "trained on hasenpfeffer" in misfit.json()["error"]
