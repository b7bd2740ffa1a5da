"""What the learning environments play unless told otherwise (also in :mod:`hasenpfeffer.rl`)."""

DEFAULT_VARIANT = "hasenpfeffer"
"""The variant the adapters play unless told another (``env()``, ``python_hasenpfeffer``, ``SeatEnv``)."""
DEFAULT_MAX_HANDS = 100
"""Hands after which a game episode is truncated, unless ``max_hands`` says otherwise."""
EPISODES = ("hand", "game")
"""The kinds of episode: one hand, or a game."""
