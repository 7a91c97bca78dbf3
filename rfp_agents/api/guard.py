"""The request guard: what every request must pass *before* its body is read.

FastAPI reads and parses a body before any dependency runs, so a ``Depends`` key check
comes too late: a client without the key could still make the server buffer a JSON body in
memory or spool a multipart upload to disk. This pure ASGI middleware runs first and checks,
from the headers alone:

1. **the API key** (``RFP_API_KEY``), compared in constant time, on every route but the
   liveness probe (``/healthz``) and the page shell (``/``, ``/static/*``: public code, no
   data; the page asks for the key and sends it with every API call);
2. **the Origin of writes** (POST, PUT, PATCH, DELETE): a browser on another site may not
   post here (``RFP_API_ALLOWED_ORIGINS`` adds trusted origins; same-origin always passes);
3. **the body size**: a ``Content-Length`` over the route's limit is refused with 413 at once,
   and a body without one (chunked) is counted as it arrives and cut off at the limit.
   Uploads may send ``RFP_MAX_UPLOAD_BYTES`` plus the multipart envelope; every other route
   ``RFP_API_MAX_BODY_BYTES``.

Refusals are JSON ``{error, detail}`` like every other error of the API.
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from rfp_agents.api.models import ERRORS, ErrorBody
from rfp_agents.config import Settings

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

OPEN_PATHS = ("/healthz", "/", "/favicon.ico")
OPEN_PREFIXES = ("/static/",)
UPLOAD_PATH = "/api/documents"
MULTIPART_ENVELOPE = 64 * 1024
"""Bytes an upload may carry beyond the file itself (boundaries, part headers, the kb field)."""
WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


class BodyTooLarge(Exception):
    """Raised inside ``receive`` when a body without Content-Length passes its limit."""


class RequestGuard:
    """ASGI middleware: API key, write origin and body size, checked from headers first."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refusal = self.refusal(scope, headers)
        if refusal is not None:
            await respond(send, *refusal)
            return
        limit = body_limit(scope["path"], scope["method"], self.settings)
        declared = headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await respond(send, 413, too_large(limit, scope["path"]))
            return
        await self._call_counting(scope, receive, send, limit)

    def refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        """Why this request is refused from its headers alone (status, detail), or None."""
        path = scope["path"]
        key = self.settings.api_key
        if key and not is_open(path):
            given = headers.get("x-api-key", "")
            if not hmac.compare_digest(given.encode(), key.encode()):
                return 401, "missing or wrong X-API-Key header (RFP_API_KEY is set)"
        if scope["method"] in WRITE_METHODS and not self.origin_allowed(headers):
            return 403, (
                f"writes from the origin {headers.get('origin')!r} are refused; add it to "
                "RFP_API_ALLOWED_ORIGINS if it is yours"
            )
        return None

    def origin_allowed(self, headers: dict[str, str]) -> bool:
        origin = headers.get("origin")
        if origin is None:  # not a browser's cross-site request (curl, scripts, same-origin GET)
            return True
        allowed = {o.strip().rstrip("/") for o in self.settings.api_allowed_origins.split(",")}
        if origin.rstrip("/") in allowed:
            return True
        host = headers.get("host", "")
        return origin != "null" and urlsplit(origin).netloc == host

    async def _call_counting(self, scope: Scope, receive: Receive, send: Send, limit: int):
        received = 0
        started = False

        async def counted_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge()
            return message

        async def tracked_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, tracked_send)
        except BodyTooLarge:
            if not started:
                await respond(send, 413, too_large(limit, scope["path"]))


def body_limit(path: str, method: str, settings: Settings) -> int:
    """The largest body a route accepts."""
    if path == UPLOAD_PATH and method == "POST":
        return settings.max_upload_bytes + MULTIPART_ENVELOPE
    return settings.api_max_body_bytes


def is_open(path: str) -> bool:
    return path in OPEN_PATHS or path.startswith(OPEN_PREFIXES)


def too_large(limit: int, path: str) -> str:
    setting = "RFP_MAX_UPLOAD_BYTES" if path == UPLOAD_PATH else "RFP_API_MAX_BODY_BYTES"
    return f"the request body is larger than {limit} bytes ({setting})"


async def respond(send: Send, status: int, detail: str) -> None:
    body = ErrorBody(error=ERRORS.get(status, "error"), detail=detail).model_dump_json().encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
