"""The compiled batch engine: whole games of random legal actions, the Python engine's twin.

:mod:`.coverage` says which variants it plays (the others are refused in one line, and played
in Python), :mod:`.tables` turns a variant into arrays, the kernel (numba: :mod:`.kernel_compiled`,
:mod:`.hand_compiled`, :mod:`.play_compiled`, :mod:`.score_compiled`... imported only when games are played) plays them,
:mod:`.run` reads the games, and :mod:`.replay` replays a compiled game through the Python
engine, checking it (docs/batch.md). :mod:`.step_compiled` plays games one decision at a
time, for the vector environment (:mod:`hasenpfeffer.rl.vector`).
"""
