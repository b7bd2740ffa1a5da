"""The rules of a variant compiled once: card tables, the action vocabulary, the phase machine.

Imports only :mod:`hasenpfeffer.format`.
"""
