"""Game records: the record format, reading and writing files, replaying.

>>> from hasenpfeffer.records import replay, loads, dump
"""

from ..engine.transcript import variant_ref
from .errors import RecordError, ReplayError
from .record import dump, game_record, load, loads, replay, save

__all__ = [
    "RecordError",
    "ReplayError",
    "dump",
    "game_record",
    "load",
    "loads",
    "replay",
    "save",
    "variant_ref",
]
