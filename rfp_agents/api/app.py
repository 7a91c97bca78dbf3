"""The HTTP API (FastAPI) and the web page, started by ``rfp serve``.

Every limit is checked before any work; every error is JSON ``{error, detail}`` with its
status (400 bad input, 401 no API key, 403 knowledge base outside the API's scope, 404 not
found, 413 upload too large, 415 not a PDF, 422 malformed body, 504 model timeout), never a
stack trace. Dependencies (settings, upload jobs) come in through ``Depends`` so tests can
override them.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import httpx
from fastapi import Depends, FastAPI, File, Form, Header, HTTPException, Request, UploadFile
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, StreamingResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import iterate_in_threadpool, run_in_threadpool

from rfp_agents.api.models import (
    AskRequest,
    DocumentOut,
    ErrorBody,
    Health,
    KnowledgeBaseOut,
    UploadJob,
)
from rfp_agents.api.uploads import NotAPdf, UploadJobs, UploadTooLarge, read_upload, safe_filename
from rfp_agents.config import Settings, get_settings
from rfp_agents.errors import (
    DocumentNotFound,
    KnowledgeBaseNotFound,
    OutOfScopeError,
    ProviderTimeoutError,
    RfpError,
    StoreUnavailableError,
    UsageError,
)
from rfp_agents.graph.answer import AskAnswer
from rfp_agents.graph.ask import ask, ask_stream
from rfp_agents.graph.graph import check_request
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.skills.context_retriever import ContextRetriever, IndexEmptyError
from rfp_agents.skills.context_retriever.models import RetrievalInput, RetrievalOutput
from rfp_agents.store import unreachable, validate_kb_name

log = logging.getLogger("rfp_agents.api")
STATIC = Path(__file__).parent / "static"
ERRORS = {400: "bad request", 401: "unauthorized", 403: "forbidden", 404: "not found",
          413: "too large", 415: "unsupported media type", 422: "invalid body",
          503: "store unavailable", 504: "timeout"}  # fmt: skip
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody, "description": name} for code, name in ERRORS.items()
}


def current_settings(request: Request) -> Settings:
    """The app's settings (a dependency, so tests can override it)."""
    return request.app.state.settings


def upload_jobs(request: Request) -> UploadJobs:
    return request.app.state.jobs


def require_key(request: Request, x_api_key: Annotated[str | None, Header()] = None) -> None:
    """With ``RFP_API_KEY`` set, every /api route needs the header ``X-API-Key``."""
    expected = request.app.state.settings.api_key
    if expected and x_api_key != expected:
        raise HTTPException(401, "missing or wrong X-API-Key header (RFP_API_KEY is set)")


SettingsDep = Annotated[Settings, Depends(current_settings)]
JobsDep = Annotated[UploadJobs, Depends(upload_jobs)]


def status_for(exc: RfpError) -> int:
    """The HTTP status of a project error."""
    if isinstance(exc, ProviderTimeoutError):
        return 504
    if isinstance(exc, OutOfScopeError):
        return 403
    if isinstance(exc, StoreUnavailableError):
        return 503
    if isinstance(exc, KnowledgeBaseNotFound | DocumentNotFound | IndexEmptyError):
        return 404
    if isinstance(exc, UsageError):
        return 400
    return 500


def error_response(status: int, detail: str) -> JSONResponse:
    body = ErrorBody(error=ERRORS.get(status, "server error"), detail=detail)
    return JSONResponse(status_code=status, content=body.model_dump())


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app; ``settings`` default to the environment's (read once, at creation)."""
    base_settings = settings or get_settings()
    jobs = UploadJobs(base_settings)
    app = FastAPI(
        title="rfp_agents",
        summary="Ask RFP documents questions; answers cite file, page and chunk.",
        version="0.4.0",
        responses=ERROR_RESPONSES,
    )
    retriever = ContextRetriever(base_settings)
    app.state.settings = base_settings
    app.state.jobs = jobs
    secured = [Depends(require_key)]

    # ------------------------------------------------------------------------- errors
    @app.exception_handler(RfpError)
    async def _rfp_error(_: Request, exc: RfpError) -> JSONResponse:
        return error_response(status_for(exc), str(exc))

    @app.exception_handler(HTTPException)
    async def _http_error(_: Request, exc: HTTPException) -> JSONResponse:
        return error_response(exc.status_code, str(exc.detail))

    @app.exception_handler(RequestValidationError)
    async def _invalid_body(_: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for error in exc.errors():
            field = ".".join(str(p) for p in error["loc"] if p != "body") or "body"
            parts.append(f"{field}: {error['msg'].removeprefix('Value error, ')}")
        return error_response(422, "; ".join(parts))

    @app.exception_handler(httpx.TransportError)
    async def _store_down(request: Request, exc: httpx.TransportError) -> JSONResponse:
        url = request.app.state.settings.chroma_url or "the store"
        return error_response(503, str(unreachable(url, exc)))

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return error_response(500, f"{type(exc).__name__}: the server failed; see its log")

    # ------------------------------------------------------------------------- scope
    def check_scope(kbs: list[str], settings: Settings) -> list[str]:
        names = [validate_kb_name(kb) for kb in dict.fromkeys(kbs)]
        allowed = [k.strip() for k in settings.api_knowledge_bases.split(",") if k.strip()]
        outside = [kb for kb in names if allowed and kb not in allowed]
        if outside:
            log.warning("refused out-of-scope knowledge base: kb_ids=%s scope=%s", outside, allowed)
            raise OutOfScopeError(f"knowledge base(s) {outside} are not available through this API")
        for kb in names:
            KnowledgeBase.open(kb, settings)
        return names

    def ask_arguments(body: AskRequest, settings: Settings) -> dict[str, Any]:
        """Checked before anything runs (the graph's own check), so a stream never starts
        on a request that is bound to fail."""
        question = check_request(body.question, body.document_ids, settings)
        return {
            "question": question,
            "knowledge_bases": check_scope(body.knowledge_base_ids, settings),
            "domains": body.domains,
            "thread_id": body.thread_id,
            "settings": settings,
            "document_ids": body.document_ids,
        }

    def shaped(answer: AskAnswer, diagnostics: bool) -> dict[str, Any]:
        """The answer as JSON (as `rfp ask --json`); diagnostics only when asked for."""
        return (answer if diagnostics else answer.without_diagnostics()).model_dump(mode="json")

    # ------------------------------------------------------------------------- routes
    @app.get("/healthz", response_model=Health, tags=["service"])
    def healthz(settings: SettingsDep) -> Health:
        """Liveness: the store answers."""
        return Health(knowledge_bases=len(KnowledgeBase.list_all(settings)))

    @app.post("/api/ask", response_model=AskAnswer, dependencies=secured, tags=["ask"])
    async def api_ask(body: AskRequest, settings: SettingsDep) -> dict[str, Any]:
        """Answer a question with citations (the same object as `rfp ask --json`)."""
        answer = await run_in_threadpool(ask, **ask_arguments(body, settings))
        return shaped(answer, body.include_diagnostics)

    @app.post("/api/ask/debug", response_model=AskAnswer, dependencies=secured, tags=["ask"])
    async def api_ask_debug(body: AskRequest, settings: SettingsDep) -> dict[str, Any]:
        """`/api/ask` with retrieval diagnostics always included."""
        answer = await run_in_threadpool(ask, **ask_arguments(body, settings))
        return shaped(answer, True)

    @app.post(
        "/api/ask/stream",
        dependencies=secured,
        tags=["ask"],
        response_class=StreamingResponse,
        responses={200: {"content": {"text/event-stream": {}}}},
    )
    async def api_ask_stream(body: AskRequest, settings: SettingsDep) -> StreamingResponse:
        """Server-sent events as the graph runs: `route`, `tool`, `finding`, then `answer`
        (the same object as `/api/ask`) or `error`."""
        arguments = ask_arguments(body, settings)

        def events() -> Iterator[str]:
            try:
                for event in ask_stream(**arguments):
                    if event["type"] == "answer":
                        answer = AskAnswer.model_validate(event["answer"])
                        event = {
                            "type": "answer",
                            "answer": shaped(answer, body.include_diagnostics),
                        }
                    yield sse(event)
            except RfpError as exc:
                yield sse({"type": "error", "status": status_for(exc), "detail": str(exc)})

        return StreamingResponse(iterate_in_threadpool(events()), media_type="text/event-stream")

    @app.post("/api/retrieve", response_model=RetrievalOutput, dependencies=secured,
              tags=["retrieve"])  # fmt: skip
    async def api_retrieve(body: RetrievalInput, settings: SettingsDep) -> RetrievalOutput:
        """The context-retriever skill: similarity, MMR or hybrid search with filters."""
        check_scope([body.kb], settings)
        request = retriever.validate(**body.model_dump())
        return await run_in_threadpool(retriever.run, request)

    @app.get("/api/knowledge-bases", response_model=list[KnowledgeBaseOut],
             dependencies=secured, tags=["documents"])  # fmt: skip
    def api_knowledge_bases(settings: SettingsDep) -> list[KnowledgeBaseOut]:
        """The knowledge bases this API may use."""
        allowed = [k.strip() for k in settings.api_knowledge_bases.split(",") if k.strip()]
        return [
            KnowledgeBaseOut(**info.__dict__)
            for info in KnowledgeBase.list_all(settings)
            if not allowed or info.name in allowed
        ]

    @app.get("/api/documents", response_model=list[DocumentOut], dependencies=secured,
             tags=["documents"])  # fmt: skip
    def api_documents(settings: SettingsDep, kb: str = "default") -> list[DocumentOut]:
        """The documents of a knowledge base."""
        (name,) = check_scope([kb], settings)
        docs = KnowledgeBase.open(name, settings).documents()
        return [DocumentOut(**{k: v for k, v in d.__dict__.items() if k != "status"}) for d in docs]

    @app.post("/api/documents", response_model=UploadJob, status_code=202,
              dependencies=secured, tags=["documents"])  # fmt: skip
    async def api_upload(
        settings: SettingsDep,
        jobs: JobsDep,
        file: Annotated[UploadFile, File(description="A PDF.")],
        kb: Annotated[str, Form()] = "default",
    ) -> UploadJob:
        """Upload a PDF into a knowledge base; ingestion runs in the background."""
        name = validate_kb_name(kb)
        allowed = [k.strip() for k in settings.api_knowledge_bases.split(",") if k.strip()]
        if allowed and name not in allowed:
            raise OutOfScopeError(f"knowledge base {name!r} is not available through this API")
        try:
            data = await read_upload(file, settings.max_upload_bytes)
        except UploadTooLarge as exc:
            raise HTTPException(413, str(exc)) from exc
        except NotAPdf as exc:
            raise HTTPException(415, str(exc)) from exc
        return jobs.submit(name, safe_filename(file.filename), data)

    @app.get("/api/documents/jobs/{job_id}", response_model=UploadJob, dependencies=secured,
             tags=["documents"])  # fmt: skip
    def api_upload_status(job_id: str, jobs: JobsDep) -> UploadJob:
        """The status of an upload's ingestion."""
        job = jobs.get(job_id)
        if job is None:
            raise HTTPException(404, f"no upload job {job_id!r}")
        return job

    @app.delete("/api/documents/{doc_id}", response_model=DocumentOut, dependencies=secured,
                tags=["documents"])  # fmt: skip
    def api_delete(doc_id: str, settings: SettingsDep, kb: str = "default") -> DocumentOut:
        """Remove a document from a knowledge base."""
        (name,) = check_scope([kb], settings)
        record = KnowledgeBase.open(name, settings).remove_document(doc_id)
        return DocumentOut(**{k: v for k, v in record.__dict__.items() if k != "status"})

    # ------------------------------------------------------------------------- the page
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    return app


def sse(event: dict[str, Any]) -> str:
    """One server-sent event: ``event: <type>`` and the JSON body."""
    return f"event: {event['type']}\ndata: {json.dumps(event, ensure_ascii=False)}\n\n"
