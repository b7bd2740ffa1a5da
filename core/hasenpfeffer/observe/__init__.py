"""What one seat knows, as numbers: the observation vector of a variant.

- :mod:`~hasenpfeffer.observe.layout`: the vector's named pieces and their slices
  (``hasenpfeffer rl describe VARIANT`` prints them);
- :mod:`~hasenpfeffer.observe.observation`: a seat's :class:`~hasenpfeffer.engine.view.View`
  written into that vector (numpy);
- :mod:`~hasenpfeffer.observe.bounds`: the most decisions in a hand and the most points a
  hand can move, which size the vector's pieces and the learning environments' rewards.

The learning environments (:mod:`hasenpfeffer.rl`) and the learned bot
(:mod:`hasenpfeffer.bots.learned`) read the same vector. See docs/rl.md.
"""
