"""The HTTP API (FastAPI) and the web page, started by ``rfp serve``.

``create_app`` wires the parts; each lives in its own module:

* ``guard.py``: the API key, write origins and body sizes, checked from the headers before
  any body is read; ``TrustedHostMiddleware`` answers only ``RFP_API_ALLOWED_HOSTS``;
* ``errors.py``: every error as JSON ``{error, detail}`` with its status;
* ``scope.py``: the knowledge-base allow-list (``RFP_API_KNOWLEDGE_BASES``);
* ``routes/``: ask (and its stream), retrieve, documents (uploads in ``uploads.py``), service.

Blocking work (the store, the graph) runs in worker threads, never on the event loop; asks
hold one of ``RFP_API_MAX_CONCURRENT_ASKS`` slots (429 when all are taken) and every request
has a deadline (``RFP_API_REQUEST_TIMEOUT_SECONDS``, then 504).

``rfp serve --workers N`` runs N processes of this app (``create_app`` is the factory): with
``RFP_DATABASE_URL`` and ``RFP_CHROMA_URL`` they share every state a request can touch, and
each response names the process that answered in ``X-RFP-Worker``.
"""

from __future__ import annotations

import os
from contextlib import asynccontextmanager

from anyio import CapacityLimiter
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.middleware.trustedhost import TrustedHostMiddleware

from rfp_agents.api.errors import ERROR_RESPONSES, install_error_handlers
from rfp_agents.api.guard import RequestGuard
from rfp_agents.api.routes import ask, deliverables, documents, retrieve, service
from rfp_agents.api.routes.service import STATIC
from rfp_agents.api.uploads import UploadJobs
from rfp_agents.config import Settings, get_settings
from rfp_agents.skills.context_retriever import ContextRetriever


def allowed_hosts(settings: Settings) -> list[str]:
    hosts = [h.strip() for h in settings.api_allowed_hosts.split(",") if h.strip()]
    return hosts or ["localhost"]


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app; ``settings`` default to the environment's (read once, at creation)."""
    settings = settings or get_settings()
    jobs = UploadJobs(settings)

    @asynccontextmanager
    async def lifespan(_: FastAPI):
        await run_in_threadpool(jobs.start)
        yield
        jobs.close()

    app = FastAPI(
        title="rfp_agents",
        summary="Ask RFP documents questions; answers cite file, page and chunk.",
        version="0.5.0",
        responses=ERROR_RESPONSES,
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.jobs = jobs
    app.state.retriever = ContextRetriever(settings)
    app.state.ask_limiter = CapacityLimiter(settings.api_max_concurrent_asks)
    install_error_handlers(app)
    routers = (service.router, ask.router, retrieve.router, documents.router, deliverables.router)
    for router in routers:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # Added last, run first: the host check, then the guard, then FastAPI.
    app.add_middleware(RequestGuard, settings=settings)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts(settings))
    app.add_middleware(WorkerHeader)
    return app


class WorkerHeader:
    """Adds ``X-RFP-Worker: <process id>`` to every response, so an operator running several
    workers (and the tests that prove they agree) can tell which one answered."""

    def __init__(self, app) -> None:
        self.app = app
        self.header = (b"x-rfp-worker", str(os.getpid()).encode())

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_named(message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), self.header]
            await send(message)

        await self.app(scope, receive, send_named)
