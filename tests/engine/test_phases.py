"""The phases declare the machine: its states, transitions and the diagram's words come from
the phase modules alone, and a hand only moves along a declared transition."""

from __future__ import annotations

import random

import pytest

from hasenpfeffer.cli import main
from hasenpfeffer.engine.diagram import mermaid
from hasenpfeffer.engine.game import Game
from hasenpfeffer.engine.machine import Course, course_for, phase_spec
from hasenpfeffer.engine.phases import Phase
from hasenpfeffer.engine.phases.base import Entry, PhaseRules
from hasenpfeffer.engine.phases.plan import PLAN
from hasenpfeffer.engine.state import State
from hasenpfeffer.format.loader import builtin_names, load_variant
from hasenpfeffer.rules import mechanisms as has
from hasenpfeffer.rules.actionspace import action_space
from hasenpfeffer.rules.ruleset import Ruleset, compile_variant
from support.paths import ROOT
from support.play import play_random

VARIANTS = [*builtin_names(), *sorted(str(p) for p in (ROOT / "examples" / "house-rules").glob("*.yaml"))]


def course(name: str) -> Course:
    return course_for(compile_variant(load_variant(name)))


@pytest.mark.parametrize("name", VARIANTS)
def test_every_transition_is_drawn_with_words_not_trigger_names(name: str) -> None:
    variant = load_variant(name)
    text = mermaid(variant)
    edges = [line.strip() for line in text.splitlines() if "-->" in line]
    c = course(name)
    triggers = {e.trigger for e in c.edges}
    for e in c.edges:
        assert e.words and ":" not in e.words and "_" not in e.words
        assert f"{e.source.replace('-', '_')} --> {e.dest.replace('-', '_')}: {e.words}" in edges
    for edge in edges:
        if ": " in edge:
            assert edge.split(": ", 1)[1] not in triggers
    assert len(edges) == len(c.edges) + 2  # and the start and the end
    for state in c.states:
        assert f'state "{state}" as {state.replace("-", "_")}' in text


@pytest.mark.parametrize("name", VARIANTS)
def test_the_machine_is_the_declarations(name: str) -> None:
    c = course(name)
    rules = compile_variant(load_variant(name))
    assert c.states == tuple(p.name for p in PLAN if p.used(rules))
    states, transitions = phase_spec(load_variant(name))
    assert states == [str(s) for s in c.states]
    declared = {(e.trigger, e.source, e.dest) for e in c.edges}
    built = {
        (t, src, d)
        for t, ev in c.machine.events.items()
        for src, ts in ev.transitions.items()
        for d in [ts[0].dest]
    }
    assert declared == built
    assert sum(len(t["source"]) for t in transitions) == len(c.edges)
    assert {p.name for p in PLAN} == set(Phase)


@pytest.mark.parametrize("name", VARIANTS)
def test_a_game_rests_only_where_a_seat_decides(name: str) -> None:
    c = course(name)

    def check(game: Game) -> None:
        assert type(game.phase) is Phase and game.phase in c.states
        assert c.phases[game.phase].verbs >= {a.verb for a in game.legal_actions()}

    game = Game(load_variant(name), seed=3)
    play_random(game, random.Random(3), steps=400, before=check)
    assert type(game.phase) is Phase and game.phase in c.states


@pytest.mark.parametrize("name", VARIANTS)
def test_the_action_space_has_a_group_for_each_verb_of_the_phases(name: str) -> None:
    variant = load_variant(name)
    verbs = {str(v) for p in course(name).phases.values() for v in p.verbs}
    groups = {g.name for g in action_space(variant).groups}
    never = {
        v for v, offered in (("trump", has.names_trump), ("suit", has.names_suit)) if not offered(variant)
    } | ({"redeal", "swap"} - set(has.weak_hand_verbs(variant)))
    never |= set() if has.declarations(variant) else {"declare"}
    assert verbs - never == groups  # a phase's verb the variant never offers has no ids
    assert has.exchanges(variant) == course(name).uses(Phase.EXCHANGE)


@pytest.mark.parametrize("name", ["hasenpfeffer", "euchre"])
def test_no_phase_is_painted_as_current(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diagram", name]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f'---\ntitle: "{name}: phases of a hand"\n---\nstateDiagram-v2\n')
    for word in ("active", "classDef", "Class ", "previous"):
        assert word not in out


def words(name: str, source: str, dest: str) -> list[str]:
    return [e.words for e in course(name).edges if (e.source, e.dest) == (source, dest)]


def test_labels_follow_the_variant() -> None:
    assert words("hasenpfeffer", "bidding", "scoring") == [
        "everyone passed and the Joker is in the widow, thrown in"
    ]
    assert words("euchre", "name-trump", "scoring") == ["everyone passed again, thrown in"]
    assert words("euchre", "order-up", "discard")[0].startswith("ordered up, the dealer takes the card")
    assert words("hasenpfeffer", "trump", "discard") == ["trump named, the maker discards 1 card"]
    assert words("euchre", "discard", "play") == ["discarded"]


def test_going_on_stops_at_the_first_phase_that_always_follows() -> None:
    # euchre: after order-up, the discard always comes, so order-up never goes straight to play
    assert words("euchre", "order-up", "play") == []
    assert words("euchre", "name-trump", "play") == ["trump named"]
    lone = course("examples/house-rules/euchre-lone-defence.yaml")
    onward = {e.dest for e in lone.edges if e.source == "discard"}
    assert onward >= {"defence", "play"}


class NeverWanted(PhaseRules):
    """Lone defence, offered only when wanted, which it never is."""

    name = Phase.DEFENCE

    def follows(self, rules: Ruleset, source: Phase) -> Entry:
        return Entry.WANTED

    def wanted(self, s: State) -> bool:
        return False


class Unused(PhaseRules):
    """A phase no variant uses."""

    name = Phase.EXCHANGE

    def used(self, rules: Ruleset) -> bool:
        return False


def test_a_plan_decides_the_phases_and_going_on_skips_a_phase_not_wanted() -> None:
    euchre = load_variant("euchre")
    play = next(i for i, p in enumerate(PLAN) if p.name == Phase.PLAY)
    plan = (*PLAN[:play], NeverWanted(), *PLAN[play:])
    c = course_for(compile_variant(euchre), plan)
    assert Phase.DEFENCE in c.states and Phase.DEFENCE not in course("euchre").states
    assert {("discard", "defence"), ("discard", "play"), ("name-trump", "defence")} <= {
        (e.source, e.dest) for e in c.edges
    }
    game = Game(euchre, seed=5, plan=plan)

    def never_in_defence(game: Game) -> None:
        assert game.phase != Phase.DEFENCE

    play_random(game, random.Random(5), hands=3, before=never_in_defence)
    again = Game(euchre, seed=5, plan=(*PLAN, Unused()))
    assert course_for(compile_variant(euchre), (*PLAN, Unused())).states == course("euchre").states
    assert again.legal_actions() == Game(euchre, seed=5).legal_actions()
