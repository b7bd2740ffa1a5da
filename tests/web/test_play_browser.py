"""A whole hand of hasenpfeffer-pepper played by clicks, a move taken back, the record saved and
replayed; a Five Hundred contract with its kitty."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

from browser import shot
from selenium.common.exceptions import (
    NoSuchElementException,
    StaleElementReferenceException,
    TimeoutException,
)
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import Select, WebDriverWait

from hasenpfeffer.records import replay

CHOICES = "#choices .choice, #hand .playable"


def actions(driver: Any) -> list[str]:
    """The person's choices now, read at once (the page redraws as the bots move)."""
    found: list[str] = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((e) => e.dataset.action)", CHOICES
    )
    return found


def start(driver: Any, url: str, variant: str, seed: int) -> None:
    driver.get(url + "&delay=30")
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    Select(driver.find_element(By.ID, "play-variant")).select_by_visible_text(variant)
    seed_box = driver.find_element(By.ID, "play-seed")
    seed_box.clear()
    seed_box.send_keys(str(seed))
    driver.find_element(By.ID, "play-new").click()


def my_turn_or_hand_over(driver: Any) -> str:
    """Wait until it is the person's turn ("turn") or a hand is laid open ("over")."""

    def ready(d: Any) -> str | bool:
        if hand_over(d):
            return "over"
        game = d.find_element(By.ID, "game")
        if game.get_attribute("data-turn") == "you" and actions(d):
            return "turn"
        return False

    found: str = WebDriverWait(driver, 30, poll_frequency=0.05).until(ready)
    return found


def hand_over(driver: Any) -> bool:
    """Whether the hand is laid open."""
    return driver.find_element(By.ID, "hand-over").get_attribute("open") is not None


def click_a_choice(driver: Any, bid: str | None) -> str | None:
    """Make a bid (the given one when listed), else the first listed choice, else the first playable
    card; None when the hand was laid open first (the page had not yet redrawn after the last move)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        listed = actions(driver)
        if listed:
            chosen = next((a for a in listed if bid is not None and a.endswith(f" bid {bid}")), listed[0])
            try:
                element = driver.find_element(By.CSS_SELECTOR, f'[data-action="{chosen}"]')
                element.click()
            except (StaleElementReferenceException, NoSuchElementException):
                pass
            else:
                # the page redraws once the move is taken: wait for it before looking again
                with contextlib.suppress(TimeoutException):
                    WebDriverWait(driver, 10, poll_frequency=0.05).until(ec.staleness_of(element))
                return chosen
        elif hand_over(driver):
            return None
        time.sleep(0.05)
    raise AssertionError("no choice to click")


def play_hand(driver: Any, bid: str | None, name: str) -> list[str]:
    """Play until the first hand is laid open; its screenshot; the person's moves."""
    moves: list[str] = []
    shots = 0
    while my_turn_or_hand_over(driver) == "turn":
        if shots < 1 and driver.find_elements(By.CSS_SELECTOR, "#hand .playable"):
            shot(driver, f"{name}-play")
            shots += 1
        chosen = click_a_choice(driver, bid if not moves else None)
        if chosen is None:
            break
        moves.append(chosen)
    return moves


def test_pepper_hand_by_clicks_take_back_and_record(driver: Any, url: str, folder: Path) -> None:
    start(driver, url, "hasenpfeffer-pepper", 11)
    assert my_turn_or_hand_over(driver) == "turn"
    # take a move back: the same choices are offered again
    before = actions(driver)
    click_a_choice(driver, None)
    undo = WebDriverWait(driver, 10).until(ec.element_to_be_clickable((By.ID, "undo")))
    undo.click()
    WebDriverWait(driver, 10).until(lambda d: actions(d) == before)
    moves = play_hand(driver, "4", "pepper")
    assert any(" play " in m for m in moves)
    dialog = driver.find_element(By.ID, "hand-over")
    assert (
        "Hand 1" in dialog.text
        and "Double dummy from the first lead" in dialog.find_element(By.ID, "dd-result").text
    )
    assert len(dialog.find_elements(By.CSS_SELECTOR, ".all-hands tr")) == 4
    shot(driver, "pepper-hand-over")
    driver.find_element(By.ID, "next-hand").click()
    WebDriverWait(driver, 10).until(lambda d: "Hand 1:" in d.find_element(By.ID, "results").text)
    assert "Points" in driver.find_element(By.ID, "results").text
    saved = list((folder / "games").glob("hasenpfeffer-pepper-*.yaml"))
    assert saved, "the record is saved at the end of the hand"
    game = replay(saved[0])
    assert len(game.hand_results) >= 1


def test_five_hundred_contract_with_kitty(driver: Any, url: str) -> None:
    start(driver, url, "five-hundred", 1)
    # on seed 1 the person's 6S stands: the kitty comes to them, and they lay three cards away
    moves = play_hand(driver, "6S", "five-hundred")
    discards = [m for m in moves if " discard " in m]
    assert any(m.endswith(" bid 6S") for m in moves), moves
    assert len(discards) == 3, moves
    text = driver.find_element(By.ID, "hand-over").text
    assert "Kitty" in text or "Hand 1" in text
    driver.find_element(By.ID, "next-hand").click()
