"""What routes take from the app: settings, the retriever, upload jobs, the ask limiter."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, TypeVar

import anyio
from anyio import CapacityLimiter
from fastapi import Depends, Request

from rfp_agents.api.errors import TooBusy
from rfp_agents.api.uploads import UploadJobs
from rfp_agents.config import Settings
from rfp_agents.errors import ProviderTimeoutError
from rfp_agents.skills.context_retriever import ContextRetriever

T = TypeVar("T")


def current_settings(request: Request) -> Settings:
    """The app's settings (a dependency, so tests can override it)."""
    return request.app.state.settings


def upload_jobs(request: Request) -> UploadJobs:
    return request.app.state.jobs


def retriever(request: Request) -> ContextRetriever:
    return request.app.state.retriever


def ask_limiter(request: Request) -> CapacityLimiter:
    return request.app.state.ask_limiter


SettingsDep = Annotated[Settings, Depends(current_settings)]
JobsDep = Annotated[UploadJobs, Depends(upload_jobs)]
RetrieverDep = Annotated[ContextRetriever, Depends(retriever)]
LimiterDep = Annotated[CapacityLimiter, Depends(ask_limiter)]


async def bounded(
    settings: Settings, work: Callable[[], T], limiter: CapacityLimiter | None = None
) -> T:
    """Run blocking ``work`` in a worker thread, off the event loop, within the request
    deadline (``RFP_API_REQUEST_TIMEOUT_SECONDS``, then 504; the thread ends on its own).

    With ``limiter`` (the ask slots), a request that finds every slot taken gets 429 at once
    instead of queueing without bound.
    """
    if limiter is not None and limiter.available_tokens < 1:
        raise TooBusy("questions", retry_after=5)
    try:
        with anyio.fail_after(settings.api_request_timeout_seconds):
            return await anyio.to_thread.run_sync(work, limiter=limiter, abandon_on_cancel=True)
    except TimeoutError as exc:
        raise ProviderTimeoutError(
            f"the request ran longer than {settings.api_request_timeout_seconds:g} s "
            "(RFP_API_REQUEST_TIMEOUT_SECONDS)"
        ) from exc
