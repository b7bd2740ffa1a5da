"""A review with a marked mistake and its cost, a branch from it; a house rule typed with a
mistake shown at its line, then fixed; a compare run whose figures are the command's; the
first page load, with no request leaving the machine."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from browser import shot
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from hasenpfeffer import Game, load_variant, records
from hasenpfeffer.cli import main
from hasenpfeffer.web.studies import rows


def ready(driver: Any, url: str) -> None:
    driver.get(url + "&delay=30")
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))


def played_badly() -> dict[str, Any]:
    """The record of a hand of random play with a mistake in it, double dummy."""
    from hasenpfeffer.cli.commands.analyze import plays_data
    from hasenpfeffer.solver.deals import hands_of

    for seed in range(100):
        g = Game(load_variant("hasenpfeffer-pepper"), seed=seed)
        rng = random.Random(seed)
        while not g.hand_results:
            g.apply(rng.choice(g.legal_actions()))
        hands = list(enumerate(hands_of(g)[:1], 1))
        if any(p["cost"] for p in plays_data(g, hands)["hands"][0]["plays"]):
            return g.record()
    raise AssertionError("no mistake in 100 hands")


def test_review_mistake_cost_and_branch(driver: Any, url: str, folder: Path) -> None:
    records.save(played_badly(), folder / "random-play.yaml")
    ready(driver, url)
    driver.find_element(By.ID, "tab-review").click()
    Select(driver.find_element(By.ID, "review-file")).select_by_visible_text("random-play.yaml")
    driver.find_element(By.ID, "review-open").click()
    mistake = WebDriverWait(driver, 20).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#review-steps .step.mistake")
    )[0]
    mistake.click()
    text = WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "mistake")).text
    assert "lost" in text and "kept" in text
    assert driver.find_elements(By.CSS_SELECTOR, "#dd-values .value.best")
    assert "−" in mistake.text  # the cost beside the step
    step = int(mistake.get_attribute("data-step"))
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    WebDriverWait(driver, 5).until(
        lambda d: d.find_element(By.CSS_SELECTOR, ".step.current").get_attribute("data-step") == str(step + 1)
    )
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    WebDriverWait(driver, 5).until(
        lambda d: d.find_element(By.CSS_SELECTOR, ".step.current").get_attribute("data-step") == str(step)
    )
    shot(driver, "review")
    driver.find_element(By.ID, "review-hint").click()
    WebDriverWait(driver, 10).until(lambda d: "would" in d.find_element(By.ID, "review-hint-out").text)
    driver.find_element(By.ID, "branch").click()
    WebDriverWait(driver, 10).until(lambda d: "practice" in d.find_element(By.ID, "info").text)
    WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.ID, "game").get_attribute("data-turn") == "you"
    )
    assert driver.find_elements(By.CSS_SELECTOR, "#hand .playable")


def type_rule(driver: Any, text: str) -> None:
    editor = driver.find_element(By.ID, "lab-editor")
    editor.send_keys(Keys.CONTROL, "a")
    editor.send_keys(Keys.DELETE)
    editor.send_keys(text)


RULE = "extends: hasenpfeffer-pepper\nname: our-table\nscoring:\n  failed: {per_trick: 0, per_bid_trick: 1}\ngame:\n  target: 15\n"


def test_house_rule_mistake_fixed_and_compare_as_the_command(
    driver: Any, url: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ready(driver, url)
    driver.find_element(By.ID, "tab-lab").click()
    Select(driver.find_element(By.ID, "lab-builtin")).select_by_visible_text("hasenpfeffer-pepper")
    driver.find_element(By.ID, "lab-new").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "lab-valid"))
    name = driver.find_element(By.ID, "lab-name")
    name.clear()
    name.send_keys("our-table.yaml")
    type_rule(driver, RULE.replace("per_bid_trick", "per_bid_trik"))
    problem = WebDriverWait(driver, 10).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#lab-problems .problem")
    )[0]
    assert problem.get_attribute("data-line") == "4"
    assert problem.text.startswith("our-table.yaml:4:26: scoring.failed.per_bid_trik: unknown key")
    assert driver.find_element(By.CSS_SELECTOR, "#lab-gutter .bad").text == "4"
    assert driver.find_element(By.CSS_SELECTOR, "#lab-backdrop .bad-line").get_attribute("data-line") == "4"
    shot(driver, "lab-mistake")
    type_rule(driver, RULE)
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "lab-valid"))
    assert not driver.find_elements(By.CSS_SELECTOR, "#lab-problems .problem")
    assert "target: 15" in driver.find_element(By.ID, "lab-show").text
    assert driver.find_elements(By.CSS_SELECTOR, "#lab-diagram svg .state")
    driver.find_element(By.ID, "lab-save").click()
    WebDriverWait(driver, 10).until(lambda d: (folder / "our-table.yaml").exists())
    for box, value in (("study-games", "12"), ("study-seed", "3")):
        el = driver.find_element(By.ID, box)
        el.clear()
        el.send_keys(value)
    driver.find_element(By.ID, "study-compare").click()
    WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.ID, "study-report"))
    shot(driver, "lab-compare")
    shown = [
        [td.text for td in tr.find_elements(By.TAG_NAME, "td")]
        for tr in driver.find_elements(By.CSS_SELECTOR, "#study-table tr[data-figure]")
    ]
    capsys.readouterr()
    argv = ["compare", "hasenpfeffer-pepper", str(folder / "our-table.yaml"), "--games", "12", "--seed", "3"]
    assert main([*argv, "--workers", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert shown == rows(report)


def test_first_load_stays_on_this_machine(driver: Any, url: str) -> None:
    """Every request of the first load goes to the server (its time is benchmarks/web.py's)."""
    driver.get_log("performance")  # empty the log
    ready(driver, url)
    origin = urlsplit(url).netloc
    requested = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            requested.append(message["params"]["request"]["url"])
    assert requested
    away = [u for u in requested if not u.startswith(("data:", "blob:")) and urlsplit(u).netloc != origin]
    assert not away, f"requests left the machine: {away}"
    time.sleep(0.1)
