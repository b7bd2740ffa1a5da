"""Bots: random, rule-based greedy, Monte Carlo; the shared hand evaluation."""
