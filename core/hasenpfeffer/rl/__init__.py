"""Any variant as a reinforcement-learning environment.

The observation vector every environment gives is :mod:`hasenpfeffer.observe`'s (its layout
and a seat's view written into it).

- :mod:`~hasenpfeffer.rl.pettingzoo`: a PettingZoo AEC environment (``env(variant=...)``);
- :mod:`~hasenpfeffer.rl.openspiel`: the OpenSpiel game ``python_hasenpfeffer``, registered
  on import;
- :mod:`~hasenpfeffer.rl.seat`: one seat (or side) against bots, a plain Gymnasium
  environment (``SeatEnv``, also ``hasenpfeffer.rl.SeatEnv``; id ``hasenpfeffer/Seat-v0``);
- :mod:`~hasenpfeffer.rl.vector`: N games of a variant stepped together in compiled
  code, a Gymnasium vector environment (numba: the ``fast`` extra);
- :mod:`~hasenpfeffer.rl.seatvector`: one seat (or side) of N games against compiled bots,
  the vector twin of ``SeatEnv`` (``SeatVectorEnv``, also ``hasenpfeffer.rl.SeatVectorEnv``;
  id ``hasenpfeffer/SeatVector-v0``, ``gymnasium.make_vec``; the ``fast`` extra too).

The environments need the ``rl`` extra
(``pip install '.[rl]'`` in a clone: numpy, gymnasium, pettingzoo, open_spiel). See docs/rl.md.
"""

from typing import Any

from .defaults import DEFAULT_MAX_HANDS, DEFAULT_VARIANT, EPISODES

__all__ = ["DEFAULT_MAX_HANDS", "DEFAULT_VARIANT", "EPISODES", "SeatEnv", "SeatVectorEnv"]


def __getattr__(name: str) -> Any:
    """``SeatEnv`` and ``SeatVectorEnv``, imported when asked for (they need Gymnasium, and
    the second numba)."""
    if name == "SeatEnv":
        from .seat import SeatEnv

        return SeatEnv
    if name == "SeatVectorEnv":
        from .seatvector import SeatVectorEnv

        return SeatVectorEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
