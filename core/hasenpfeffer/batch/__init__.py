"""The compiled batch engine: whole games of random and greedy seats, the Python engine's twin.

:mod:`.coverage` says which variants it plays (the others are refused in one line, and played
in Python), :mod:`.tables` turns a variant into arrays, the stepped kernel (numba:
:mod:`.step_compiled`, its bots :mod:`.steppolicy_compiled`, whole games
:mod:`.games_compiled`... imported only when games are played) plays them, :mod:`.run` reads
the games, and :mod:`.replay` replays a compiled game through the Python engine, checking it
(docs/batch.md). The vector environments step the same kernel (:mod:`hasenpfeffer.rl.vector`).
"""
