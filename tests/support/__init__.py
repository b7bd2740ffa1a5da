"""What the tests of every layer share: random variants and random play, scripted deals, the
engine's invariants, a plain minimax to check the solver against, a bot module of one's own,
and the project's paths."""
