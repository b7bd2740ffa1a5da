"""Bots: random, rule-based greedy, Monte Carlo; the shared hand evaluation."""

DEFAULT_BOT = "greedy"
"""The bot of every seat not given one: on the command line (``--bots``) and in ``simulate``."""
