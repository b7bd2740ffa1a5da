"""The token every request needs, as Jupyter does: in the URL (``?token=...``) the first time,
then in a cookie that the page's own requests carry.

>>> check_token("abc", {"token": "abc"}, {})
(True, True)
>>> check_token("abc", {}, {COOKIE: "abc"})
(True, False)
>>> check_token("abc", {"token": "x"}, {})
(False, False)
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Mapping
from http.cookies import SimpleCookie

from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "hasenpfeffer_token"


def check_token(token: str, query: Mapping[str, str], cookies: Mapping[str, str]) -> tuple[bool, bool]:
    """Whether the request carries the token, and whether it came in the URL (then set the cookie)."""
    given = query.get("token")
    if given is not None and hmac.compare_digest(given.encode(), token.encode()):
        return True, True
    saved = cookies.get(COOKIE)
    return saved is not None and hmac.compare_digest(saved.encode(), token.encode()), False


class TokenMiddleware:
    """Refuses (403, JSON) every request without the token; sets the cookie when it came in the URL."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app, self.token = app, token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        from urllib.parse import parse_qs

        query = {k: v[0] for k, v in parse_qs(scope.get("query_string", b"").decode("latin-1")).items()}
        cookies: dict[str, str] = {}
        for name, value in scope.get("headers", []):
            if name == b"cookie":
                jar: SimpleCookie = SimpleCookie()
                try:
                    jar.load(value.decode("latin-1"))
                except Exception:  # a malformed cookie header counts as none
                    continue
                cookies.update({k: m.value for k, m in jar.items()})
        ok, in_url = check_token(self.token, query, cookies)
        if not ok:
            body = json.dumps(
                {"error": "a token is needed: open the URL that `hasenpfeffer serve` printed"}
            ).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 403,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", b"%d" % len(body)),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        if not in_url:
            await self.app(scope, receive, send)
            return
        cookie = f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict".encode()

        async def with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (b"set-cookie", cookie)]}
            await send(message)

        await self.app(scope, receive, with_cookie)
