"""The bots a request may name: a built-in (``greedy``, ``pimc:worlds=16``), or ``learned:NAME``
(``learned:NAME:foreign`` to play other rules on purpose) where NAME is a policy file of the
served folder, read as data (a request never loads code) and checked against the variant.

>>> import os, tempfile
>>> from hasenpfeffer import load_variant
>>> from hasenpfeffer.bots.learned import Policy, save_policy
>>> from hasenpfeffer.web.folder import Folder
>>> root = Folder(tempfile.mkdtemp())
>>> save_policy(root.root / "x.policy", Policy.initial(load_variant("euchre"), hidden=(8,), seed=1))
>>> check(root, "learned:x.policy", [load_variant("euchre")])
'learned:x.policy'
>>> check(root, "learned:x.policy", [load_variant("hasenpfeffer")])
Traceback (most recent call last):
...
hasenpfeffer.web.errors.ApiError: bots: learned:x.policy: the policy was trained on euchre, not hasenpfeffer: its observation has 636 numbers, this variant's 1029
>>> check(root, "learned:../x.policy", [load_variant("euchre")])
Traceback (most recent call last):
...
hasenpfeffer.web.errors.ApiError: ../x.policy: a name in the served folder may not hold `..`
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..bots.base import Bot
from ..bots.learned import FOREIGN, LearnedBot, PolicyError
from ..bots.registry import BUILTIN, LEARNED, builtin_spec, check_fits, load_bot
from ..format.errors import quote
from ..format.variant import Variant
from .errors import ApiError
from .folder import Folder


def policy_of(folder: Folder, spec: str) -> tuple[Path, bool] | None:
    """The policy file and ``foreign`` of a ``learned:NAME[:foreign]`` spec (None for another spec;
    400 for a name outside the folder, 404 for no such file)."""
    if not spec.startswith(LEARNED):
        return None
    name = spec.removeprefix(LEARNED)
    foreign = name.endswith(FOREIGN)
    return folder.path(name.removesuffix(FOREIGN), must_exist=True, policy=True), foreign


def load(folder: Folder, spec: str, seed: int | None = None) -> Bot:
    """The bot of a spec :func:`check` accepted (422 with the policy's fault)."""
    found = policy_of(folder, spec)
    if found is None:
        return load_bot(spec, seed)
    path, foreign = found
    try:
        return LearnedBot(seed, str(path), foreign)
    except PolicyError as exc:
        raise ApiError(422, f"bots: {_shown(exc, folder)}") from None


def check(folder: Folder, spec: str, variants: Sequence[Variant]) -> str:
    """``spec`` when it names a built-in, or a policy of the folder that plays every variant;
    400 for any other bot, 422 for a policy that cannot be read or does not fit."""
    if policy_of(folder, spec) is None:
        try:
            known = builtin_spec(spec)
        except ValueError as exc:
            raise ApiError(400, f"bots: {exc}") from None
        if known is None:
            raise ApiError(
                400,
                f"bots: {quote(repr(spec), 80)} is not a built-in bot ({', '.join(BUILTIN)}) "
                "nor learned:NAME, a policy file of the served folder",
            )
        return spec
    bot = load(folder, spec)
    try:
        for variant in variants:
            check_fits(bot, variant)
    except PolicyError as exc:
        raise ApiError(422, f"bots: {quote(spec, 80)}: {_shown(exc, folder)}") from None
    return spec


def engine_spec(folder: Folder, spec: str) -> str:
    """The spec another process loads: a learned bot's policy by its full path."""
    found = policy_of(folder, spec)
    if found is None:
        return spec
    path, foreign = found
    return f"{LEARNED}{path}{FOREIGN if foreign else ''}"


def _shown(exc: PolicyError, folder: Folder) -> str:
    """The policy's fault in one line, its file named as in the folder."""
    return str(exc).replace(f"{folder.root}/", "").splitlines()[0]
