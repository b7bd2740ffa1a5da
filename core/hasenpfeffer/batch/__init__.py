"""The compiled batch engine: whole games of random legal actions, the Python engine's twin.

:mod:`.coverage` says which variants it plays (the others are refused in one line, and played
in Python), :mod:`.tables` turns a variant into arrays, :mod:`.kernel_compiled` (numba, imported only
when games are played) plays them, :mod:`.run` reads the games, and :mod:`.replay` replays a
compiled hand through the Python engine (docs/batch.md).
"""
