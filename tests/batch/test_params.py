"""The compiled kernel's parameters are declared once (``batch.params``): each index by one
declaration, filled by ``build`` from the compiled rules, never from the variant's fields."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from hasenpfeffer import load_variant
from hasenpfeffer.batch import params, tables
from hasenpfeffer.batch.params import DECLARED, PARAMS, Source, fixed
from hasenpfeffer.rules.actionspace import action_space
from hasenpfeffer.rules.plan import plan_for
from hasenpfeffer.rules.ruleset import compile_variant

BATCH = Path(params.__file__).parent
VARIANTS = sorted(p.stem for p in (Path(__file__).parents[2] / "variants").glob("*.yaml"))


def test_each_index_is_declared_once_in_order() -> None:
    assert [p.index for p in DECLARED] == list(range(PARAMS))
    assert len({p.name for p in DECLARED}) == PARAMS
    for p in DECLARED:  # the kernels read the name the declaration gives
        assert getattr(tables, p.name) == getattr(params, p.name) == p.index, p.name
        assert p.doc, p.name


def test_every_declaration_is_assigned_to_its_own_name() -> None:
    """Every module-level ``X = param("X", ...)`` names its global, and no other module-level
    int of ``params`` is an index of the fixed part written out by hand."""
    tree = ast.parse((BATCH / "params.py").read_text())
    declared = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            func = node.value.func
            if isinstance(func, ast.Name) and func.id == "param":
                (target,) = node.targets
                assert isinstance(target, ast.Name)
                first = node.value.args[0]
                assert isinstance(first, ast.Constant) and first.value == target.id
                declared.add(target.id)
    assert declared == {p.name for p in DECLARED}


@pytest.mark.parametrize("name", VARIANTS)
def test_build_fills_every_declared_parameter(name: str) -> None:
    v = load_variant(name)
    rules = compile_variant(v)
    src = Source(rules, plan_for(rules), action_space(v))
    p = tables.build(v).params.tolist()
    assert len(fixed(src)) == PARAMS
    assert p[:PARAMS] == [int(d.get(src)) for d in DECLARED]
    assert p[tables.WEAK_AT] == PARAMS and len(p) == src.at["end"]
    starts = [p[tables.WEAK_AT], p[tables.RANK_AT], p[tables.DECL_AT], p[tables.POWER_AT]]
    assert starts == sorted(starts) and p[tables.DEAL_AT] <= p[tables.SEATS_AT] < len(p)


FIELDS = {"making", "scoring", "deal", "pack", "game", "leads", "match", "partnerships", "calling"}
"""The variant's fields the compiled side reads through the plan, not again."""
SECTIONS = {"alone"}
"""Fields found only as read into (``v.alone.x``: a bid's or an action's own ``alone`` is none)."""


def raw_reads(source: str) -> list[str]:
    """Attribute reads of the variant's fields (``x.making``, ``v.match``...) in code, docstrings
    and comments aside.

    >>> raw_reads("a = v.making.order_up.rounds + plan.ordering.rounds + b.alone  # v.deal.kitty")
    ['making']
    """
    found = []
    for n in ast.walk(ast.parse(source)):
        if isinstance(n, ast.Attribute):
            if n.attr in FIELDS:
                found.append((n.lineno, n.col_offset, n.attr))
            if isinstance(n.value, ast.Attribute) and n.value.attr in SECTIONS:
                found.append((n.value.lineno, n.value.col_offset, n.value.attr))
    return [name for *_, name in sorted(found)]


@pytest.mark.parametrize("module", ["tables.py", "params.py", "greedytables.py", "miseretables.py"])
def test_no_variant_field_is_read_again(module: str) -> None:
    assert raw_reads((BATCH / module).read_text()) == []


def test_raw_reads_finds_them() -> None:
    assert raw_reads("x = v.scoring.slam\ny = v.calling\nz = p.ordering.rounds") == ["scoring", "calling"]
    assert raw_reads("mk = v.making\nn = v.alone.exchange.cards + b.alone") == ["making", "alone"]
