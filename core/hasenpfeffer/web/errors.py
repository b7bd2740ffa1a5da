"""Answers to bad requests: JSON with a status and a clear message, never a traceback.

>>> ApiError(404, "no such game").args
('no such game',)
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

MAX_BODY = 1 << 20
"""Largest request body read (1 MiB), as large as the largest variant file read."""


class ApiError(Exception):
    """A request that cannot be answered: ``status`` (4xx) and the message shown."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


async def read_body(request: Request, limit: int = MAX_BODY) -> bytes:
    """The request's body, refused (413) beyond ``limit`` bytes without reading further."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise ApiError(413, f"the request is larger than {limit} bytes: refused")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, f"the request is larger than {limit} bytes: refused")
        chunks.append(chunk)
    return b"".join(chunks)


async def read_json(request: Request) -> dict[str, Any]:
    """The request's JSON object (400 when it is not one; an empty body is ``{}``)."""
    raw = await read_body(request)
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ApiError(400, "the request body is not JSON") from None
    if not isinstance(data, dict):
        raise ApiError(400, "the request body must be a JSON object")
    return data


def field(data: dict[str, Any], name: str, kind: type, default: Any = None, required: bool = False) -> Any:
    """A field of a request's JSON, of type ``kind`` (400 otherwise).

    >>> field({"seat": 1}, "seat", int)
    1
    >>> field({"seat": "x"}, "seat", int)
    Traceback (most recent call last):
    ...
    hasenpfeffer.web.errors.ApiError: seat: expected int, read str
    """
    value = data.get(name, default)
    if value is None:
        if required:
            raise ApiError(400, f"{name}: required")
        return default
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ApiError(400, f"{name}: expected {kind.__name__}, read {type(value).__name__}")
    return value
