"""Errors as the API shows them: JSON ``{error, detail}`` with a status, never a traceback.

400 bad input, 401 no or wrong API key, 403 a knowledge base outside the API's scope or a
write from a foreign origin, 404 not found, 409 a thread used with another scope, 413 body
too large, 415 not a PDF, 422 malformed body, 429 too busy (with ``Retry-After``), 502 the
chat model's server failed, 503 the store is unavailable, 504 a model or the request deadline
ran out. Details never name server
paths or internal URLs.
"""

from __future__ import annotations

import logging
from typing import Any

import httpx
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from rfp_agents.api.guard import BodyTooLarge, body_limit, too_large
from rfp_agents.api.models import ERRORS, ErrorBody
from rfp_agents.errors import (
    DocumentNotFound,
    KnowledgeBaseNotFound,
    OutOfScopeError,
    ProviderError,
    ProviderTimeoutError,
    RfpError,
    StoreUnavailableError,
    ThreadScopeError,
    UsageError,
)
from rfp_agents.skills.context_retriever import IndexEmptyError

log = logging.getLogger("rfp_agents.api")

ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody, "description": name} for code, name in ERRORS.items()
}
STORE_DOWN = "the document store is unavailable; try again shortly (the server log has details)"


class TooBusy(Exception):
    """A bounded pool is full: the client should retry after ``retry_after`` seconds."""

    def __init__(self, what: str, retry_after: int = 5) -> None:
        super().__init__(f"too many {what} in progress; retry in {retry_after} s")
        self.retry_after = retry_after


def status_for(exc: RfpError) -> int:
    """The HTTP status of a project error."""
    if isinstance(exc, ProviderTimeoutError):
        return 504
    if isinstance(exc, ProviderError):
        return 502
    if isinstance(exc, OutOfScopeError):
        return 403
    if isinstance(exc, ThreadScopeError):
        return 409
    if isinstance(exc, StoreUnavailableError):
        return 503
    if isinstance(exc, KnowledgeBaseNotFound | DocumentNotFound | IndexEmptyError):
        return 404
    if isinstance(exc, UsageError):
        return 400
    return 500


def public_detail(exc: RfpError) -> str:
    """What a client may read: a store outage is named, not located."""
    if isinstance(exc, StoreUnavailableError):
        log.error("store unavailable: %s", exc)
        return STORE_DOWN
    return str(exc)


def error_response(status: int, detail: str, headers: dict[str, str] | None = None):
    body = ErrorBody(error=ERRORS.get(status, "server error"), detail=detail)
    return JSONResponse(status_code=status, content=body.model_dump(), headers=headers)


def _too_large(request: Request) -> JSONResponse:
    path = request.url.path
    limit = body_limit(path, request.method, request.app.state.settings)
    return error_response(413, too_large(limit, path))


def install_error_handlers(app: FastAPI) -> None:
    """Every exception a route can raise, as ``{error, detail}``."""

    @app.exception_handler(RfpError)
    async def _rfp_error(_: Request, exc: RfpError) -> JSONResponse:
        return error_response(status_for(exc), public_detail(exc))

    @app.exception_handler(TooBusy)
    async def _too_busy(_: Request, exc: TooBusy) -> JSONResponse:
        return error_response(429, str(exc), {"Retry-After": str(exc.retry_after)})

    @app.exception_handler(HTTPException)  # Starlette's: FastAPI's own and the router's
    async def _http_error(request: Request, exc: HTTPException) -> JSONResponse:
        if isinstance(exc.__cause__, BodyTooLarge):  # FastAPI wraps body-reading errors
            return _too_large(request)
        return error_response(exc.status_code, str(exc.detail))

    @app.exception_handler(BodyTooLarge)
    async def _body_too_large(request: Request, _: BodyTooLarge) -> JSONResponse:
        return _too_large(request)

    @app.exception_handler(RequestValidationError)
    async def _invalid_body(_: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for error in exc.errors():
            field = ".".join(str(p) for p in error["loc"] if p != "body") or "body"
            parts.append(f"{field}: {error['msg'].removeprefix('Value error, ')}")
        return error_response(422, "; ".join(parts))

    @app.exception_handler(httpx.TransportError)
    async def _store_down(_: Request, exc: httpx.TransportError) -> JSONResponse:
        log.error("store unreachable: %s", exc)
        return error_response(503, STORE_DOWN)

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return error_response(500, f"{type(exc).__name__}: the server failed; see its log")
