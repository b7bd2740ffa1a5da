"""Cross-check of ``euchre`` against OpenSpiel's ``euchre``, hand by hand.

Both games are dealt the same cards and take the same decisions; every trick
winner and each hand's points must agree. OpenSpiel's game is one hand:
its chance nodes choose the dealer, then deal 20 cards one at a time, card ``i``
to seat ``(dealer + i) % 4`` (the first to the dealer), then the upcard. Cards are
``rank * 4 + suit`` (ranks 9 T J Q K A, suits C D H S); actions 24 pass, 25-28
name clubs..spades (round one: only the upcard's suit, which orders it up), 29
alone, 30 with partner. The maker decides to go alone after the dealer's discard;
here that decision is taken in advance and given with the order-up or trump
action, as our records write it. Returns are per player: each maker gets the
makers' points and each defender the negative, which is our per-team change.

OpenSpiel's rules as house-rule files: ``euchre-openspiel`` (its defaults,
stick the dealer on) and ``euchre-openspiel-lone-defender``; ``stick_the_dealer``
false takes the built-in euchre's all-pass rule (throw in).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from hasenpfeffer import Action, Game, load_variant  # noqa: E402
from hasenpfeffer.format.loader import load_variant_data, resolve  # noqa: E402
from support.openspiel_euchre import ALONE, PARTNER, PASS, SUITS, card_text  # noqa: E402
from support.paths import HOUSE_RULES  # noqa: E402

HANDS_PER_SETTING = 1000


def our_variant(stick: bool, lone_defender: bool) -> Any:
    """Our variant with OpenSpiel's rules for these parameters."""
    name = "euchre-openspiel-lone-defender.yaml" if lone_defender else "euchre-openspiel.yaml"
    data = load_variant(HOUSE_RULES / name).model_dump(mode="json")  # resolved, idle inherited values dropped
    if not stick:
        data["making"]["all_pass"] = resolve("euchre")["making"]["all_pass"]
    data["name"] = f"{data['name']}-stick-{str(stick).lower()}"
    return load_variant_data(data, source=name, base_dir=HOUSE_RULES)


def test_openspiel_rules_files_differ_from_euchre_only_as_documented() -> None:
    base = load_variant("euchre")
    os_default = our_variant(stick=True, lone_defender=False)
    assert os_default.making.all_pass.rule == "forced" and base.making.all_pass.rule == "throw-in"
    assert os_default.leads.alone == "unchanged" and base.leads.alone == "lone-left"
    assert os_default.scoring == base.scoring and os_default.pack == base.pack
    lone = our_variant(stick=False, lone_defender=True)
    assert lone.making.all_pass == base.making.all_pass
    assert lone.alone.lone_defence_against == "any-maker"
    assert lone.scoring.failed_alone_defence is not None and lone.scoring.failed_alone_defence.fixed == 4


class Pair:
    """One OpenSpiel state and one of our games, kept in step."""

    def __init__(self, os_game: Any, variant: Any, rng: random.Random, alone_rate: float = 0.3) -> None:
        self.rng, self.alone_rate = rng, alone_rate
        self.st = os_game.new_initial_state()
        dealer = rng.randrange(4)
        self.st.apply_action(dealer)
        deck = list(range(24))
        rng.shuffle(deck)
        for c in deck[:21]:
            self.st.apply_action(c)
        hands: list[list[str]] = [[] for _ in range(4)]
        for i, c in enumerate(deck[:20]):
            hands[(dealer + i) % 4].append(card_text(c))
        self.upcard = deck[20]
        kitty = [card_text(c) for c in deck[20:]]
        self.game = Game(
            variant, seed=rng.randrange(1 << 30), deal={"dealer": dealer, "hands": hands, "widow": kitty}
        )
        assert self.game.view(0).turned is not None and str(self.game.view(0).turned) == kitty[0]
        self.alone: bool | None = None

    def our_legal(self) -> set[str]:
        return {str(a) for a in self.game.legal_actions()}

    def mapped_legal(self) -> set[str]:
        """OpenSpiel's legal actions in our notation (alone variants included)."""
        st, p = self.st, self.st.current_player()
        phase = st.current_phase().name
        out: set[str] = set()
        for a in st.legal_actions():
            if a == PASS:
                out.add(f"{p} pass")
            elif 25 <= a <= 28:
                verb = "order-up" if st.num_passes() < 4 else f"trump {SUITS[a - 25]}"
                out |= {f"{p} {verb}", f"{p} {verb} alone"}
            elif a in (ALONE, PARTNER):
                out.add(f"{p} alone" if a == ALONE else f"{p} pass")
            elif phase == "DISCARD":
                out.add(f"{p} discard {card_text(a)}")
            else:
                out.add(f"{p} play {card_text(a)}")
        return out

    def step(self) -> None:
        """Take one random OpenSpiel decision and the same one in our game."""
        st, g = self.st, self.game
        p = st.current_player()
        phase = st.current_phase().name
        legal = st.legal_actions()
        if phase == "GO_ALONE" and st.declarer_go_alone() is None:
            # The maker's own alone decision: already given with the bid.
            st.apply_action(ALONE if self.alone else PARTNER)
            return
        assert g.to_move == p, (phase, g.to_move, p)
        ours, theirs = self.our_legal(), self.mapped_legal()
        if phase == "DISCARD":
            # Our euchre also lets the dealer discard the turned card itself.
            assert ours - theirs <= {f"{p} discard {card_text(self.upcard)}"} and theirs <= ours
        else:
            assert ours == theirs, (phase, sorted(ours), sorted(theirs))
        weights = [3.0 if a == PASS else 1.0 for a in legal] if phase == "BIDDING" else None
        a = self.rng.choices(legal, weights=weights)[0]
        if a == PASS or a in (ALONE, PARTNER):
            text = f"{p} alone" if a == ALONE else f"{p} pass"
        elif 25 <= a <= 28:
            self.alone = self.rng.random() < self.alone_rate
            verb = "order-up" if st.num_passes() < 4 else f"trump {SUITS[a - 25]}"
            text = f"{p} {verb}" + (" alone" if self.alone else "")
        elif phase == "DISCARD":
            text = f"{p} discard {card_text(a)}"
        else:
            text = f"{p} play {card_text(a)}"
        before = st.num_cards_played() if phase == "PLAY" else None
        st.apply_action(a)
        g.apply(Action.parse(text))
        active = sum(1 for x in st.active_players() if x)
        if before is not None and not st.is_terminal() and st.num_cards_played() % active == 0:
            # A trick is complete: its winner leads the next, in both games.
            assert g.to_move == st.current_player()

    def play(self) -> dict[str, Any]:
        """Play the hand to its end; return what was compared."""
        while not self.st.is_terminal():
            self.step()
        res = self.game.hand_results[0]
        returns = self.st.returns()
        if self.st.declarer() < 0:
            assert res.thrown_in and res.score_change == (0, 0)
            assert returns == [0.0, 0.0, 0.0, 0.0]
            return {"thrown_in": True}
        maker = self.st.declarer()
        assert res.maker == maker and res.trump == SUITS[self.st.trump_suit()]
        assert res.alone == bool(self.st.declarer_go_alone())
        assert res.defender_alone == (self.st.lone_defender() >= 0)
        tricks = [0, 0]
        for t in self.st.tricks():
            tricks[t.winner() % 2] += 1
        assert res.tricks == tuple(tricks)
        pts = int(returns[maker])
        expected = [0, 0]
        expected[maker % 2 if pts > 0 else 1 - maker % 2] = abs(pts)
        assert res.score_change == tuple(expected), (res, returns)
        return {"thrown_in": False, "points": pts}


@pytest.mark.parametrize("stick", [True, False])
@pytest.mark.parametrize("lone_defender", [False, True])
def test_random_hands_agree_with_openspiel(stick: bool, lone_defender: bool) -> None:
    os_game = pyspiel.load_game("euchre", {"stick_the_dealer": stick, "allow_lone_defender": lone_defender})
    variant = our_variant(stick, lone_defender)
    rng = random.Random(20261130 + 2 * stick + lone_defender)
    seen: set[Any] = set()
    for _ in range(HANDS_PER_SETTING):
        out = Pair(os_game, variant, rng).play()
        seen.add(out.get("points", "thrown-in"))
    # The random decisions reach every score OpenSpiel can give.
    expected = {1, 2, 4, -2} | ({-4} if lone_defender else set()) | (set() if stick else {"thrown-in"})
    assert expected <= seen, seen


def test_builtin_euchre_agrees_with_openspiel_when_nobody_goes_alone() -> None:
    # The built-in differs from OpenSpiel only in who leads against a loner.
    os_game = pyspiel.load_game("euchre", {"stick_the_dealer": False, "allow_lone_defender": False})
    rng = random.Random(7)
    points = {
        Pair(os_game, load_variant("euchre"), rng, alone_rate=0.0).play().get("points") for _ in range(500)
    }
    assert points == {None, 1, 2, -2}
