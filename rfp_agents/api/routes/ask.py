"""``POST /api/ask``, ``/api/ask/debug`` and ``/api/ask/stream``: the graph over HTTP."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from typing import Any

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from rfp_agents.api.errors import TooBusy, public_detail, status_for
from rfp_agents.api.models import AskRequest
from rfp_agents.api.routes.deps import LimiterDep, SettingsDep, bounded
from rfp_agents.api.scope import check_scope
from rfp_agents.config import Settings
from rfp_agents.errors import RfpError
from rfp_agents.graph.answer import AskAnswer
from rfp_agents.graph.ask import ask, ask_stream, thread_scope
from rfp_agents.graph.questions import check_request, check_thread_scope

log = logging.getLogger("rfp_agents.api")
router = APIRouter(tags=["ask"])


def ask_arguments(body: AskRequest, settings: Settings) -> dict[str, Any]:
    """Everything checked before the graph runs (blocking: the store and the thread file),
    so a stream never starts on a request that is bound to fail."""
    question = check_request(body.question, body.document_ids, settings)
    knowledge_bases = check_scope(body.knowledge_base_ids, settings)
    if body.thread_id:
        check_thread_scope(thread_scope(body.thread_id, settings), knowledge_bases,
                           body.thread_id)  # fmt: skip
    return {
        "question": question,
        "knowledge_bases": knowledge_bases,
        "domains": body.domains,
        "thread_id": body.thread_id,
        "settings": settings,
        "document_ids": body.document_ids,
    }


def shaped(answer: AskAnswer, diagnostics: bool) -> dict[str, Any]:
    """The answer as JSON (as `rfp ask --json`); diagnostics only when asked for."""
    return (answer if diagnostics else answer.without_diagnostics()).model_dump(mode="json")


@router.post("/api/ask", response_model=AskAnswer)
async def api_ask(body: AskRequest, settings: SettingsDep, limiter: LimiterDep) -> dict[str, Any]:
    """Answer a question with citations (the same object as `rfp ask --json`)."""
    answer = await bounded(settings, lambda: ask(**ask_arguments(body, settings)), limiter)
    return shaped(answer, body.include_diagnostics)


@router.post("/api/ask/debug", response_model=AskAnswer)
async def api_ask_debug(
    body: AskRequest, settings: SettingsDep, limiter: LimiterDep
) -> dict[str, Any]:
    """`/api/ask` with retrieval diagnostics always included."""
    answer = await bounded(settings, lambda: ask(**ask_arguments(body, settings)), limiter)
    return shaped(answer, True)


@router.post(
    "/api/ask/stream",
    response_class=StreamingResponse,
    responses={200: {"content": {"text/event-stream": {}}}},
)
async def api_ask_stream(
    body: AskRequest, request: Request, settings: SettingsDep, limiter: LimiterDep
) -> StreamingResponse:
    """Server-sent events as the graph runs: `route`, `tool`, `token` (LLM mode: an agent's
    answer as the model writes it, before the checks), `finding`, then `answer`
    (the same object as `/api/ask`) or `error`; every stream ends with one of those two.
    A client that goes away stops the run."""
    if limiter.available_tokens < 1:
        raise TooBusy("questions", retry_after=5)
    arguments = await bounded(settings, lambda: ask_arguments(body, settings))
    events = stream_answer(request, arguments, limiter, settings, body.include_diagnostics)
    return StreamingResponse(events, media_type="text/event-stream")


async def stream_answer(
    request: Request,
    arguments: dict[str, Any],
    limiter: anyio.CapacityLimiter,
    settings: Settings,
    diagnostics: bool,
) -> AsyncIterator[str]:
    """The graph's events as SSE, one ``next`` at a time in a worker thread holding an ask
    slot; closing the generator (client gone, deadline) stops the graph between steps."""
    done = object()
    run = ask_stream(**arguments)
    finished = False
    try:
        async with limiter:
            with anyio.fail_after(settings.api_request_timeout_seconds):
                while True:
                    if await request.is_disconnected():
                        log.info("stream client went away; stopping the run")
                        return
                    event = await anyio.to_thread.run_sync(next, run, done,
                                                           abandon_on_cancel=True)  # fmt: skip
                    if event is done:
                        break
                    if event["type"] == "answer":
                        answer = AskAnswer.model_validate(event["answer"])
                        event = {"type": "answer", "answer": shaped(answer, diagnostics)}
                        finished = True
                    yield sse(event)
        if not finished:
            yield sse({"type": "error", "status": 500, "detail": "the run ended without answer"})
    except TimeoutError:
        limit = settings.api_request_timeout_seconds
        detail = f"the request ran longer than {limit:g} s (RFP_API_REQUEST_TIMEOUT_SECONDS)"
        yield sse({"type": "error", "status": 504, "detail": detail})
    except RfpError as exc:
        yield sse({"type": "error", "status": status_for(exc), "detail": public_detail(exc)})
    except Exception as exc:  # noqa: BLE001 - the stream must end with an event, not a cut
        log.exception("stream failed")
        yield sse({"type": "error", "status": 500,
                   "detail": f"{type(exc).__name__}: the server failed; see its log"})  # fmt: skip
    finally:
        await anyio.to_thread.run_sync(close_quietly, run, abandon_on_cancel=True)


def close_quietly(run: Any) -> None:
    """Stop the graph's generator; if an abandoned step still runs it, that step's end
    will find the generator released instead."""
    try:
        run.close()
    except ValueError:  # "generator already executing" in an abandoned thread
        log.info("the run is still inside a step; it stops when the step ends")


def sse(event: dict[str, Any]) -> str:
    """One server-sent event: ``event: <type>`` and the JSON body."""
    return f"event: {event['type']}\ndata: {json.dumps(event, ensure_ascii=False)}\n\n"
