"""Any variant as a reinforcement-learning environment.

- :mod:`~hasenpfeffer.rl.layout`: the observation vector of a variant, piece by piece
  (``hasenpfeffer rl describe VARIANT`` prints it);
- :mod:`~hasenpfeffer.rl.observation`: a seat's :class:`~hasenpfeffer.engine.view.View`
  written into that vector (numpy);
- :mod:`~hasenpfeffer.rl.pettingzoo`: a PettingZoo AEC environment (``env(variant=...)``);
- :mod:`~hasenpfeffer.rl.openspiel`: the OpenSpiel game ``python_hasenpfeffer``, registered
  on import;
- :mod:`~hasenpfeffer.rl.vector`: N games of a variant stepped together in compiled
  code, a Gymnasium vector environment (numba: the ``fast`` extra).

The layout and the bounds need nothing beyond the package; the rest needs the ``rl`` extra
(``pip install '.[rl]'`` in a clone: numpy, gymnasium, pettingzoo, open_spiel). See docs/rl.md.
"""

DEFAULT_VARIANT = "hasenpfeffer"
"""The variant both adapters play unless told another (``env()``, ``python_hasenpfeffer``)."""
