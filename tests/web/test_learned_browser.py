"""A hand of euchre played by clicks against a learned policy of the served folder, picked in
the page among the bots that fit the variant, which also says what it would do (Ask the bot)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_play_browser import click_a_choice, my_turn_or_hand_over

from hasenpfeffer import load_variant
from hasenpfeffer.bots.learned import Policy, save_policy
from hasenpfeffer.records import load

POLICIES = Path(__file__).resolve().parents[2] / "policies"


def offered(driver: Any) -> list[str]:
    """The bots the page offers for the chosen variant."""
    return [o.get_attribute("value") for o in Select(driver.find_element(By.ID, "play-bot-pick")).options]


def test_a_hand_against_a_learned_policy(driver: Any, url: str, folder: Path) -> None:
    shutil.copy(POLICIES / "euchre.policy", folder / "euchre.policy")
    save_policy(folder / "pepper.policy", Policy.initial(load_variant("hasenpfeffer-pepper"), hidden=(8,)))
    driver.get(url + "&delay=30")
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    Select(driver.find_element(By.ID, "play-variant")).select_by_visible_text("hasenpfeffer-pepper")
    assert "learned:pepper.policy" in offered(driver) and "learned:euchre.policy" not in offered(driver)
    Select(driver.find_element(By.ID, "play-variant")).select_by_visible_text("euchre")
    assert offered(driver) == ["greedy", "random", "mc", "pimc", "learned:euchre.policy"]
    Select(driver.find_element(By.ID, "play-bot-pick")).select_by_value("learned:euchre.policy")
    assert driver.find_element(By.ID, "play-bots").get_attribute("value") == "learned:euchre.policy"
    seed_box = driver.find_element(By.ID, "play-seed")
    seed_box.clear()
    seed_box.send_keys("5")
    driver.find_element(By.ID, "play-new").click()
    WebDriverWait(driver, 10).until(
        lambda d: (
            d.find_elements(By.ID, "bots") and "learned:euchre.policy" in d.find_element(By.ID, "bots").text
        )
    )
    assert my_turn_or_hand_over(driver) == "turn"
    hint_bots = Select(driver.find_element(By.ID, "hint-bot"))
    assert "learned:euchre.policy" in [o.get_attribute("value") for o in hint_bots.options]
    hint_bots.select_by_value("learned:euchre.policy")
    driver.find_element(By.ID, "hint").click()
    WebDriverWait(driver, 10).until(lambda d: "probability" in d.find_element(By.ID, "hint-out").text)
    assert "learned:euchre.policy would" in driver.find_element(By.ID, "hint-out").text
    moves = 0
    while my_turn_or_hand_over(driver) == "turn":
        if click_a_choice(driver, None) is None:
            break
        moves += 1
    assert moves and "Hand 1" in driver.find_element(By.ID, "hand-over").text
    saved = list((folder / "games").glob("euchre-*.yaml"))
    assert saved, "the record is saved at the end of the hand"
    assert load(saved[0])["players"] == ["person"] + ["learned:euchre.policy"] * 3
    driver.find_element(By.ID, "next-hand").click()
