"""The engine: a game's state, its phases, scoring, views and events.

Imports :mod:`hasenpfeffer.rules` and :mod:`hasenpfeffer.format`, nothing above them.
"""
