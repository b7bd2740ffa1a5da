"""The compiled phases (numba): the Python engine's phases (:mod:`hasenpfeffer.engine.phases`)
played over N games held in arrays, a module for each, named as there.

Each phase module gives, for game ``g`` of the arrays of :mod:`.layout`, what its Python twin
gives: ``enter`` (set the phase up where it is wanted now: whether a decision awaits),
``legal`` (the seat to move's legal ids) and ``apply`` (carry out one legal id: 0 while the
phase goes on, :data:`.layout.LEAVE` when it is over, or how the hand ended).
:mod:`.course_compiled` is the plan: it dispatches an id to the phase that owns it and, when a
phase is over, goes on to the next phase of the hand that is wanted now, as
:mod:`hasenpfeffer.engine.phases.plan` orders them. The phase that deals is
:mod:`.deal_compiled`, and a hand's score :mod:`.scoring_compiled`; whole games, the bots and
the vector environments step these (:mod:`hasenpfeffer.batch.step_compiled`).
"""
