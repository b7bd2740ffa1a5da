"""The served folder: its variant files and game records, read by the same hardened readers
as the commands, and files written inside it only.

A name from a request is a path relative to the folder, in plain parts: no absolute path, no
``..``, no hidden part, no control character; followed through links, it must stay inside.

>>> import tempfile
>>> root = Folder(tempfile.mkdtemp())
>>> root.write("our-table.yaml", "extends: euchre\\nname: our-table\\n").name
'our-table.yaml'
>>> [f["path"] for f in root.files()["variants"]]
['our-table.yaml']
>>> root.files()["policies"]
[]
>>> root.path("../etc/passwd")
Traceback (most recent call last):
...
hasenpfeffer.web.errors.ApiError: ../etc/passwd: a name in the served folder may not hold `..`
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from ..format.errors import VariantError, clean, quote
from ..format.loader import builtin_names, inside, load_variant
from ..format.variant import Variant
from ..format.yamlload import MAX_BYTES, read
from .errors import ApiError

SUFFIXES = (".yaml", ".yml", ".json")
POLICY = ".policy"
"""The suffix of a learned policy file (``hasenpfeffer train``'s, read as data only)."""
MAX_FILES = 400
"""Files listed at most (the folder is walked in name order)."""
GAMES = "games"
"""The subfolder where played games are saved."""


class Folder:
    """The folder ``hasenpfeffer serve`` serves."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(os.path.realpath(root))

    def path(self, name: str, must_exist: bool = False, policy: bool = False) -> Path:
        """The file a request names, inside the folder (400 otherwise, 404 when it must exist):
        a variant file or record, or with ``policy`` a policy file."""
        shown = quote(name, 80)
        if not name or clean(name) != name or "\\" in name:
            raise ApiError(400, f"{shown}: not a file name")
        parts = name.split("/")
        if name.startswith("/") or os.path.isabs(name):
            raise ApiError(400, f"{shown}: give a name inside the served folder, not an absolute path")
        if ".." in parts:
            raise ApiError(400, f"{shown}: a name in the served folder may not hold `..`")
        if any(not p or p.startswith(".") for p in parts):
            raise ApiError(400, f"{shown}: empty or hidden parts are refused")
        if policy and not name.endswith(POLICY):
            raise ApiError(400, f"{shown}: a policy file ends in {POLICY}")
        if not policy and not name.endswith(SUFFIXES):
            raise ApiError(400, f"{shown}: a variant file or record ends in .yaml, .yml or .json")
        target = self.root / name
        if not inside(target, self.root):
            raise ApiError(400, f"{shown}: leads outside the served folder, refused")
        if must_exist and not target.is_file():
            raise ApiError(404, f"{shown}: no such file in the served folder")
        return target

    def relative(self, path: Path) -> str:
        """A path inside the folder as a request names it."""
        return path.relative_to(self.root).as_posix()

    def _walk(self) -> list[Path]:
        found: list[Path] = []
        for top, dirs, names in os.walk(self.root):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for n in sorted(names):
                if n.endswith((*SUFFIXES, POLICY)) and not n.startswith("."):
                    p = Path(top, n)
                    if inside(p, self.root):
                        found.append(p)
                if len(found) >= MAX_FILES:
                    return found
        return found

    def files(self) -> dict[str, list[dict[str, Any]]]:
        """The built-in variants, and the folder's variant files, records and policy files (each
        read once; a policy with the variant it was trained on, or its error)."""
        variants: list[dict[str, Any]] = []
        records: list[dict[str, Any]] = []
        policies: list[dict[str, Any]] = []
        for p in self._walk():
            rel = self.relative(p)
            if rel.endswith(POLICY):
                policies.append(policy_entry(p, rel))
                continue
            try:
                data = read(p, rel, keep_going=True).data
            except VariantError:
                variants.append({"path": rel, "name": rel, "valid": False})
                continue
            if "hands" in data or "actions" in data:
                records.append({"path": rel, "variant": str(data.get("variant", "?"))[:60]})
            else:
                variants.append({"path": rel, "name": str(data.get("name", rel))[:60], "valid": True})
        builtins = [{"name": n} for n in builtin_names()]
        return {"builtins": builtins, "variants": variants, "records": records, "policies": policies}

    def variant(self, name: str) -> Variant:
        """A built-in by name, or a variant file of the folder (422 with the problems)."""
        try:
            if name in builtin_names():
                return load_variant(name)
            if not name.endswith(SUFFIXES):
                raise ApiError(
                    404, f"no built-in variant {quote(name, 40)} and no such file in the served folder"
                )
            return load_variant(self.path(name, must_exist=True), (self.root,), name)
        except VariantError as exc:
            raise ApiError(422, "\n".join(str(p) for p in exc.problems)) from None

    def text(self, name: str) -> str:
        """A file's text, at most the largest variant file read."""
        path = self.path(name, must_exist=True)
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise ApiError(413, f"{quote(name)}: larger than {MAX_BYTES} bytes: refused")
        return raw.decode("utf-8", errors="replace")

    def write(self, name: str, text: str) -> Path:
        """Write a file inside the folder (its subfolders made), whole or not at all."""
        if len(text.encode()) > MAX_BYTES:
            raise ApiError(413, f"larger than {MAX_BYTES} bytes: refused")
        target = self.path(name)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not inside(target.parent, self.root):
            raise ApiError(400, f"{quote(name)}: leads outside the served folder, refused")
        fd, temp = tempfile.mkstemp(dir=target.parent, prefix=".", suffix=".part")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(temp, target)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
        return target

    def scratch(self, text: str) -> Path:
        """A hidden file in the folder holding ``text``, so that ``extends`` reads paths from
        the folder as the file will once saved (the caller removes it)."""
        if len(text.encode()) > MAX_BYTES:
            raise ApiError(413, f"larger than {MAX_BYTES} bytes: refused")
        fd, temp = tempfile.mkstemp(dir=self.root, prefix=".lab-", suffix=".yaml")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        return Path(temp)


def policy_entry(path: Path, rel: str) -> dict[str, Any]:
    """A policy file as the listing gives it: its variant, or None and the reason it fails to load."""
    from ..bots.learned import PolicyError, load_policy

    try:
        variant = load_policy(path).header.get("variant")
    except PolicyError as exc:
        return {"path": rel, "variant": None, "error": str(exc).replace(str(path), rel)}
    return {"path": rel, "variant": str(variant)[:60], "error": None}
