"""The learned bot: a policy trained by ``hasenpfeffer train``, read from its file.

A policy file is data, never code: a `safetensors <https://github.com/huggingface/safetensors>`_
file (no pickle) holding the weights of a small network, ``policy.*`` (a score for each action
id; a trainer's file has ``value.*`` too, the hand's expected margin), and a JSON header in its
metadata: the format
and its version, the variant it was trained on (its name and :func:`fingerprint`, a digest of its
resolved rules), the observation layout and the action names, the training settings and the
evaluation figures. :func:`load_policy` checks every part before anything uses it, and
:meth:`Policy.check` refuses a variant whose observation or actions differ, or whose rules
differ unless asked (``foreign``): a policy trained on one variant may be tried on a house rule
of it, on purpose only.

The bot writes its seat's view into the observation vector (:mod:`hasenpfeffer.observe`),
scores the action ids with the policy network and plays the legal one scored highest (the
first on a tie): the same choice every time, whatever its seed.

>>> import numpy as np, tempfile, os
>>> from hasenpfeffer import Game, load_variant
>>> variant = load_variant("euchre")
>>> policy = Policy.initial(variant, hidden=(8,), seed=1)
>>> path = os.path.join(tempfile.mkdtemp(), "euchre.policy")
>>> save_policy(path, policy)
>>> bot = load_bot_file(path)
>>> game = Game(variant, seed=3)
>>> view = game.view(game.to_move)
>>> bot.choose(view, view.legal) in view.legal
True
>>> load_policy(path).check(load_variant("hasenpfeffer"))
Traceback (most recent call last):
...
hasenpfeffer.bots.learned.PolicyError: the policy was trained on euchre, not hasenpfeffer: its observation has 636 numbers, this variant's 1029
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.view import View
from ..format.variant import Variant
from ..rules.actions import Action
from ..rules.actionspace import action_space
from .base import Bot

FORMAT = "hasenpfeffer-policy"
"""The ``format`` of a policy file's header."""
VERSION = 1
"""The version of the format this package writes and reads."""
MAX_BYTES = 64 << 20
"""The largest policy file read (64 MB): a shipped policy is a few MB."""
FOREIGN = ":foreign"
"""The end of a learned spec that plays a policy on rules other than its own."""
MAX_LAYERS = 8
"""The most layers a network of a policy file may have."""


class PolicyError(ValueError):
    """A policy file that cannot be read, or that does not fit the variant."""


def fingerprint(variant: Variant) -> str:
    """A short digest of a variant's resolved rules: equal rules, equal fingerprints. Only the
    fields away from their defaults count, so a field the format gains later (its default keeps
    the rules as they were) leaves every fingerprint as it was.

    >>> from hasenpfeffer import load_variant
    >>> fingerprint(load_variant("euchre")) == fingerprint(load_variant("euchre"))
    True
    """
    return _digest(variant.model_dump_json(exclude_defaults=True))


LATER_FIELDS = (
    ("making", "order_up", "must_order"),
    ("making", "order_up", "failed_suit_barred"),
    ("making", "order_up", "last_maker_passes"),
    ("making", "order_up", "last_trick_suit"),
    ("making", "order_up", "take_over"),
    ("making", "order_up", "makers"),
    ("making", "order_up", "named_alone"),
)
"""Fields added to the format after policy files began to record fingerprints of every field
(:func:`first_fingerprint`): a file written then fits a variant that leaves these at their
defaults."""


def first_fingerprint(variant: Variant) -> str | None:
    """The fingerprint policy files recorded first, of every field (defaults included) the
    format had then; None where the variant sets a field added since (:data:`LATER_FIELDS`)."""
    data = variant.model_dump(mode="json")
    default = Variant(name=variant.name).model_dump(mode="json")
    for path in LATER_FIELDS:
        here, base = data, default
        for part in path[:-1]:
            here, base = here[part], base[part]
        if here.pop(path[-1]) != base[path[-1]]:
            return None
    return _digest(json.dumps(data, separators=(",", ":"), ensure_ascii=False))


def fingerprints(variant: Variant) -> frozenset[str]:
    """The fingerprints a policy file that fits ``variant`` may record: :func:`fingerprint`, or
    the first kind (:func:`first_fingerprint`)."""
    now, first = fingerprint(variant), first_fingerprint(variant)
    return frozenset({now} if first is None else {now, first})


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def signature(variant: Variant) -> dict[str, Any]:
    """What a policy must match to play a variant: its rules' fingerprint, the observation
    layout (size and pieces) and the action names."""
    from ..observe.layout import layout

    lay = layout(variant)
    return {
        "variant": variant.name,
        "fingerprint": fingerprint(variant),
        "observation": {"size": lay.size, "pieces": [[p.name, p.start, p.stop] for p in lay.pieces]},
        "actions": list(action_space(variant).names),
    }


Layer = tuple[Any, Any]
"""One dense layer: weights ``[inputs, outputs]`` and biases ``[outputs]`` (float32 arrays)."""


@dataclass(frozen=True)
class Policy:
    """A trained policy: the two networks (tanh between layers) and the file's header."""

    header: dict[str, Any]
    policy: tuple[Layer, ...]
    value: tuple[Layer, ...]
    extra: dict[str, Any] = field(default_factory=dict)
    """Other arrays kept with the weights (a trainer's optimizer state), ``name -> array``."""

    @classmethod
    def initial(cls, variant: Variant, hidden: Sequence[int] = (256, 256), seed: int = 0) -> Policy:
        """An untrained policy for ``variant``: random weights scaled by fan-in, the last
        policy layer near zero (every legal id nearly alike)."""
        import numpy as np

        sig = signature(variant)
        rng = np.random.default_rng(seed)
        size, actions = sig["observation"]["size"], len(sig["actions"])

        def net(sizes: list[int], last: float) -> tuple[Layer, ...]:
            layers = []
            for i, (a, b) in enumerate(itertools.pairwise(sizes)):
                scale = np.sqrt(2.0 / a) * (last if i == len(sizes) - 2 else 1.0)
                layers.append(
                    ((rng.standard_normal((a, b)) * scale).astype(np.float32), np.zeros(b, np.float32))
                )
            return tuple(layers)

        header = {
            **sig,
            "format": FORMAT,
            "version": VERSION,
            "activation": "tanh",
            "training": {},
            "evaluation": {},
        }
        return cls(header, net([size, *hidden, actions], 0.01), net([size, *hidden, 1], 1.0))

    def logits(self, obs: Any) -> Any:
        """The policy network's score of every action id, for one observation or a batch: sums
        in float64 over the float32 weights, as the compiled engine's learned bot sums them."""
        import numpy as np

        x = np.asarray(obs, np.float32).astype(np.float64)
        wide = self._wide
        for w, b in wide[:-1]:
            x = np.tanh(x @ w + b)
        w, b = wide[-1]
        return x @ w + b

    @functools.cached_property
    def _wide(self) -> tuple[Layer, ...]:
        """The policy network's layers in float64 (the same values), made once."""
        import numpy as np

        return tuple((w.astype(np.float64), b.astype(np.float64)) for w, b in self.policy)

    def check(self, variant: Variant, foreign: bool = False) -> None:
        """Nothing if the policy plays ``variant``; :class:`PolicyError` saying why not."""
        mine, theirs = self.header, signature(variant)
        name, other = mine.get("variant"), variant.name
        where = f"the policy was trained on {name}, not {other}" if name != other else "the policy"
        if mine["observation"]["size"] != theirs["observation"]["size"]:
            raise PolicyError(
                f"{where}: its observation has {mine['observation']['size']} numbers, "
                f"this variant's {theirs['observation']['size']}"
            )
        if mine["observation"]["pieces"] != theirs["observation"]["pieces"]:
            raise PolicyError(f"{where}: its observation's pieces differ from this variant's")
        if mine["actions"] != theirs["actions"]:
            raise PolicyError(f"{where}: its actions differ from this variant's")
        if mine["fingerprint"] not in fingerprints(variant) and not foreign:
            raise PolicyError(
                f"{where}: the rules differ (fingerprint {mine['fingerprint']}, this variant's "
                f"{theirs['fingerprint']}); to play it anyway, give learned:FILE:foreign"
            )


def save_policy(path: str | os.PathLike[str], policy: Policy) -> None:
    """Write ``policy`` to ``path`` (safetensors, the header in its metadata)."""
    from safetensors.numpy import save

    tensors = {}
    for net in ("policy", "value"):
        for i, (w, b) in enumerate(getattr(policy, net)):
            tensors[f"{net}.{i}.weight"], tensors[f"{net}.{i}.bias"] = w, b
    tensors.update({f"extra.{k}": v for k, v in policy.extra.items()})
    data = save(tensors, metadata={"header": json.dumps(policy.header, sort_keys=True)})
    tmp = f"{os.fspath(path)}.part"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)  # a reader never sees half a file


def load_policy(path: str | os.PathLike[str]) -> Policy:
    """The policy in ``path``, checked (cached while the file is unchanged); :class:`PolicyError`
    naming the file and the fault otherwise."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise PolicyError(f"{os.fspath(path)}: {exc.strerror or exc}") from None
    return _load(os.path.realpath(path), st.st_mtime_ns, st.st_size, os.fspath(path))


@functools.lru_cache(maxsize=16)
def _load(real: str, mtime: int, size: int, shown: str) -> Policy:
    if size > MAX_BYTES:
        raise PolicyError(f"{shown}: {size} bytes, more than a policy file's {MAX_BYTES}")
    try:
        import numpy  # noqa: F401
        from safetensors import safe_open
    except ImportError:
        raise PolicyError(
            "a learned bot needs numpy and safetensors: pip install 'hasenpfeffer[learned]'"
        ) from None
    try:
        with safe_open(real, framework="numpy") as f:
            meta = f.metadata() or {}
            arrays = {k: f.get_tensor(k) for k in f.keys()}  # noqa: SIM118 - not a dict
    except Exception as exc:  # safetensors' own error, a truncated or foreign file
        raise PolicyError(f"{shown}: not a policy file ({exc})") from None
    try:
        return _policy(meta, arrays)
    except (KeyError, TypeError, ValueError) as exc:
        raise PolicyError(f"{shown}: not a policy file ({exc})") from None


def _policy(meta: dict[str, str], arrays: dict[str, Any]) -> Policy:
    import numpy as np

    header = json.loads(meta["header"])
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ValueError(f"its header's format is not {FORMAT!r}")
    if header.get("version") != VERSION:
        raise ValueError(f"format version {header.get('version')!r}, this package reads {VERSION}")
    if header.get("activation") != "tanh":
        raise ValueError(f"activation {header.get('activation')!r}, expected 'tanh'")
    size, actions = int(header["observation"]["size"]), len(header["actions"])
    if not isinstance(header["fingerprint"], str) or not isinstance(header["observation"]["pieces"], list):
        raise ValueError("its header's fingerprint or pieces are malformed")
    nets: dict[str, tuple[Layer, ...]] = {}
    for net, out in (("policy", actions), ("value", 1)):
        layers, width = [], size
        for i in range(MAX_LAYERS + 1):
            w, b = arrays.get(f"{net}.{i}.weight"), arrays.get(f"{net}.{i}.bias")
            if w is None and b is None:
                break
            if w is None or b is None or w.ndim != 2 or b.shape != (w.shape[1],) or w.shape[0] != width:
                raise ValueError(f"layer {net}.{i} does not follow its inputs ({width} wide)")
            if w.dtype != np.float32 or b.dtype != np.float32:
                raise ValueError(f"layer {net}.{i} is not float32")
            layers.append((w, b))
            width = w.shape[1]
        if net == "value" and not layers:  # a file to play: the value stays in FILE.state
            nets[net] = ()
            continue
        if not layers or len(layers) > MAX_LAYERS or width != out:
            raise ValueError(f"the {net} network does not end in {out} outputs")
        nets[net] = tuple(layers)
    extra = {k.removeprefix("extra."): v for k, v in arrays.items() if k.startswith("extra.")}
    return Policy(header, nets["policy"], nets["value"], extra)


class LearnedBot(Bot):
    """Plays the legal action its policy scores highest (spec ``learned:FILE``, or
    ``learned:FILE:foreign`` to play a variant whose rules differ from the policy's)."""

    def __init__(self, seed: int | None = None, path: str = "", foreign: bool = False) -> None:
        super().__init__(seed)
        self.path = path
        self.policy = load_policy(path)
        self.foreign = foreign
        self._checked: Variant | None = None

    def check(self, variant: Variant) -> None:
        """Nothing if the bot plays ``variant``; :class:`PolicyError` saying why not."""
        self.policy.check(variant, self.foreign)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The legal action of highest score."""
        scores = self.scores(view, legal)
        best = max(range(len(scores)), key=scores.__getitem__)
        return legal[best]

    def scores(self, view: View, legal: Sequence[Action]) -> list[float]:
        """The policy's score (logit) of each legal action, in the order of ``legal``."""
        from ..observe.observation import encoder

        variant = view.variant
        if self._checked is not variant:
            self.policy.check(variant, self.foreign)
            self._checked = variant
        logits = self.policy.logits(encoder(variant).encode(view))
        return [float(logits[i]) for i in action_space(variant).ids(legal)]

    def chances(self, view: View, legal: Sequence[Action]) -> list[float]:
        """The policy's probability of each legal action (a softmax of :meth:`scores` over
        the legal actions alone, as it was trained); the bot plays the likeliest."""
        return softmax(self.scores(view, legal))


def softmax(scores: Sequence[float]) -> list[float]:
    """Probabilities from scores (logits).

    >>> [round(x, 3) for x in softmax([0.0, math.log(3.0)])]
    [0.25, 0.75]
    """
    top = max(scores)
    weights = [math.exp(x - top) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]


def load_bot_file(spec_path: str, seed: int | None = None) -> LearnedBot:
    """The learned bot of a ``learned:`` spec's rest: ``FILE`` or ``FILE:foreign``."""
    path, foreign = spec_path, False
    if spec_path.endswith(FOREIGN):
        path, foreign = spec_path.removesuffix(FOREIGN), True
    if not path:
        raise PolicyError("learned: give the policy file, learned:FILE")
    return LearnedBot(seed, path, foreign)
