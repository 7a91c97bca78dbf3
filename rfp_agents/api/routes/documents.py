"""Knowledge bases and documents: list, upload (background ingestion), poll, delete."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Path, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from rfp_agents.api.models import DocumentOut, KnowledgeBaseOut, UploadJob
from rfp_agents.api.routes.deps import JobsDep, SettingsDep
from rfp_agents.api.scope import allowed_knowledge_bases, check_allowed, check_scope
from rfp_agents.api.uploads import NotAPdf, UploadTooLarge
from rfp_agents.errors import DocumentNotFound
from rfp_agents.knowledge_base import KnowledgeBase

router = APIRouter(tags=["documents"])
KbQuery = Annotated[str, Query(max_length=64)]
UPLOAD_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["file"],
                    "properties": {
                        "file": {"type": "string", "format": "binary", "description": "A PDF."},
                        "kb": {"type": "string", "default": "default"},
                    },
                }
            }
        },
    }
}


def _listed_knowledge_bases(settings) -> list[KnowledgeBaseOut]:
    allowed = allowed_knowledge_bases(settings) or None
    return [KnowledgeBaseOut(**i.__dict__) for i in KnowledgeBase.list_all(settings, allowed)]


@router.get("/api/knowledge-bases", response_model=list[KnowledgeBaseOut])
async def api_knowledge_bases(settings: SettingsDep) -> list[KnowledgeBaseOut]:
    """The knowledge bases this API may use."""
    return await run_in_threadpool(_listed_knowledge_bases, settings)


@router.get("/api/documents", response_model=list[DocumentOut])
async def api_documents(settings: SettingsDep, kb: KbQuery = "default") -> list[DocumentOut]:
    """The documents of a knowledge base."""

    def work() -> list[DocumentOut]:
        (name,) = check_scope([kb], settings)
        docs = KnowledgeBase.open(name, settings).documents()
        return [DocumentOut(**{k: v for k, v in d.__dict__.items() if k != "status"})
                for d in docs]  # fmt: skip

    return await run_in_threadpool(work)


@router.post("/api/documents", response_model=UploadJob, status_code=202,
             openapi_extra=UPLOAD_BODY)  # fmt: skip
async def api_upload(request: Request, settings: SettingsDep, jobs: JobsDep) -> UploadJob:
    """Upload one PDF (multipart ``file``, optional ``kb``); ingestion runs in the background.

    The form may hold one file and two fields at most; the body's size was already checked
    by the request guard."""
    async with request.form(max_files=1, max_fields=2) as form:
        upload, kb = form.get("file"), form.get("kb") or "default"
        if upload is None or isinstance(upload, str):
            raise HTTPException(422, "file: a PDF file is required (multipart field 'file')")
        if not isinstance(kb, str):
            raise HTTPException(422, "kb: must be a knowledge base name")
        (name,) = check_allowed([kb], settings)
        try:
            return await jobs.receive(upload, name)
        except UploadTooLarge as exc:
            raise HTTPException(413, str(exc)) from exc
        except NotAPdf as exc:
            raise HTTPException(415, str(exc)) from exc


@router.get("/api/documents/jobs/{job_id}", response_model=UploadJob)
async def api_upload_status(job_id: str, jobs: JobsDep) -> UploadJob:
    """The status of an upload's ingestion (kept across server restarts)."""
    job = await run_in_threadpool(jobs.get, job_id)
    if job is None:
        raise HTTPException(404, f"no upload job {job_id[:40]!r}")
    return job


@router.delete("/api/documents/{doc_id}", response_model=DocumentOut)
async def api_delete(
    doc_id: str, settings: SettingsDep, jobs: JobsDep, kb: KbQuery = "default"
) -> DocumentOut:
    """Remove a document from a knowledge base (409 while it is still being ingested)."""

    def work() -> DocumentOut:
        (name,) = check_scope([kb], settings)
        knowledge_base = KnowledgeBase.open(name, settings)
        record = knowledge_base.record(doc_id)
        if record is None:
            raise DocumentNotFound(f"No document {doc_id[:64]!r} in knowledge base {name!r}.")
        if record.status != "complete" or jobs.busy(name, record.source):
            raise HTTPException(409, f"{record.source!r} is still being ingested; delete it "
                                "when its upload job has ended")  # fmt: skip
        removed = knowledge_base.remove_document(doc_id)
        return DocumentOut(**{k: v for k, v in removed.__dict__.items() if k != "status"})

    return await run_in_threadpool(work)


PNG_RESPONSE = {
    200: {
        "content": {"image/png": {}},
        "description": "The page; the header X-Highlight lists the highlighted boxes as "
        "left,top,width,height in image pixels, separated by ';'.",
    }
}


@router.get("/api/documents/{doc_id}/pages/{page_number}.png", response_class=Response,
            responses=PNG_RESPONSE)  # fmt: skip
async def api_page_image(
    settings: SettingsDep,
    doc_id: Annotated[str, Path(max_length=64, pattern=r"^[0-9a-f]+$")],
    page_number: Annotated[int, Path(ge=1, le=100_000)],
    kb: KbQuery = "default",
    chunk_id: Annotated[str, Query(max_length=120)] = "",
    text: Annotated[str, Query(max_length=2000)] = "",
) -> Response:
    """A page of a document as a PNG, with a cited sentence (``text``) or passage
    (``chunk_id``) highlighted; rendered once, then served from a cache."""
    from rfp_agents.page_view import show_page

    def work() -> Response:
        (name,) = check_scope([kb], settings)
        view = show_page(KnowledgeBase.open(name, settings), doc_id, page_number,
                         settings=settings, chunk_id=chunk_id, text=text)  # fmt: skip
        return Response(
            view.png,
            media_type="image/png",
            headers={
                "X-Highlight": view.highlight_header(),
                "Cache-Control": "private, max-age=3600",
            },
        )

    return await run_in_threadpool(work)
