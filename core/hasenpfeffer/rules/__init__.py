"""The rules of a variant compiled once: card tables, seats and sides, what the variant has (an
auction, a discard, an exchange...), the action vocabulary and the integer action space.

Imports only :mod:`hasenpfeffer.format`; the phases and the machine built from them are the
engine's (:mod:`hasenpfeffer.engine.phases`).
"""
