"""Simulation: many games between bots on every core, and their statistics."""
