"""The API of the house-rule lab: a file's text (a built-in's to start from), the text checked
live, saved into the folder, and ``simulate`` or ``compare`` against the parent run as studies."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from starlette.routing import Route

from ..format.errors import VariantError
from ..format.loader import builtin_names, load_variant
from ..format.variant import Variant
from ..format.yamlload import parse
from .context import ctx
from .errors import ApiError, field
from .lab import check
from .studies import Study

if TYPE_CHECKING:
    from starlette.requests import Request

    from .folder import Folder


def starter(parent: str) -> str:
    """A house rule's first lines: it extends ``parent`` and changes nothing yet.

    >>> print(starter("euchre"), end="")
    extends: euchre
    name: my-euchre
    game:
      target: 10
    """
    target = load_variant(parent).game.target
    return f"extends: {parent}\nname: my-{parent}\ngame:\n  target: {target}\n"


def text(request: Request, data: dict[str, Any]) -> Any:
    """``?path=`` a file of the folder, or ``?builtin=`` a new house rule of a built-in."""
    c = ctx(request)
    builtin = request.query_params.get("builtin")
    if builtin is not None:
        if builtin not in builtin_names():
            raise ApiError(404, f"no built-in variant {builtin[:40]!r}")
        return {"name": f"my-{builtin}.yaml", "text": starter(builtin), "parent": builtin}
    path = request.query_params.get("path", "")
    body = c.folder.text(path)
    return {"name": path, "text": body, "parent": parent_of(body)}


def parent_of(body: str) -> str | None:
    """The ``extends`` of a file's text, where it reads."""
    try:
        found = parse(body, "text", keep_going=True).data.get("extends")
    except VariantError:
        return None
    return found if isinstance(found, str) else None


def lab_check(request: Request, data: dict[str, Any]) -> Any:
    """``validate``'s problems of the text; ``show`` and ``diagram`` when it is valid."""
    body = field(data, "text", str, required=True)
    name = field(data, "name", str, "house-rule.yaml")
    out = check(ctx(request).folder, body, name)
    out["parent"] = parent_of(body)
    return out


def lab_save(request: Request, data: dict[str, Any]) -> Any:
    """Write the text into the folder under its name (a file there is replaced)."""
    name = field(data, "name", str, required=True)
    body = field(data, "text", str, required=True)
    path = ctx(request).folder.write(name, body)
    return {"saved": ctx(request).folder.relative(path)}


def variant_of(folder: Folder, data: dict[str, Any], key: str) -> Variant:
    """A study's variant: a built-in or file name, or ``{key}_text``: the lab's text, unsaved."""
    body = field(data, f"{key}_text", str)
    if body is None:
        return folder.variant(field(data, key, str, required=True))
    scratch = folder.scratch(body)
    try:
        return load_variant(scratch, (folder.root,), field(data, "name", str, "house-rule.yaml"))
    except VariantError as exc:
        raise ApiError(422, "\n".join(str(p) for p in exc.problems)) from None
    finally:
        scratch.unlink(missing_ok=True)


def start_study(request: Request, data: dict[str, Any]) -> Any:
    """``{"kind": "compare", "a": "euchre", "b_text": "...", "games": 200, "bots": "greedy", "seed": 0}``."""
    c = ctx(request)
    kind = field(data, "kind", str, "simulate")
    keys = ["a"] if kind == "simulate" else ["a", "b"]
    variants = [variant_of(c.folder, data, k) for k in keys]
    study = Study(
        kind,
        variants,
        field(data, "games", int, 100),
        field(data, "bots", str, "greedy"),
        c.folder,
        field(data, "seed", int, 0),
        field(data, "engine", str, "auto"),
    )
    key = secrets.token_urlsafe(12)
    c.studies.start(key, study)
    return {"id": key} | study.status()


def study_status(request: Request, data: dict[str, Any]) -> Any:
    """A study's progress, and its figures once done."""
    return ctx(request).studies.get(request.path_params["key"]).status()


def cancel(request: Request, data: dict[str, Any]) -> Any:
    """Stop a study between two games."""
    study = ctx(request).studies.get(request.path_params["key"])
    study.cancel.set()
    return study.status()


def routes(api: Callable[[Callable[..., Any]], Any]) -> list[Route]:
    """The routes of the lab."""
    return [
        Route("/api/lab/text", api(text)),
        Route("/api/lab/check", api(lab_check), methods=["POST"]),
        Route("/api/lab/save", api(lab_save), methods=["POST"]),
        Route("/api/studies", api(start_study), methods=["POST"]),
        Route("/api/studies/{key}", api(study_status)),
        Route("/api/studies/{key}/cancel", api(cancel), methods=["POST"]),
    ]
