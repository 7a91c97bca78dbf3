"""Request and response bodies of the HTTP API (they document the OpenAPI schema)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rfp_agents.config import DEFAULT_KB

ERRORS = {400: "bad request", 401: "unauthorized", 403: "forbidden", 404: "not found",
          409: "conflict", 413: "too large", 415: "unsupported media type",
          422: "invalid body", 429: "too busy", 502: "model server failed",
          503: "store unavailable", 504: "timeout"}  # fmt: skip
"""The ``error`` field of ``ErrorBody`` for each status the API answers with."""


class ErrorBody(BaseModel):
    """Every error the API returns: what went wrong, and what to do about it."""

    error: str = Field(description="Short error type, e.g. 'invalid question'.")
    detail: str = Field(description="What was wrong and how to fix it.")


class AskRequest(BaseModel):
    """``POST /api/ask``: a question about the documents of one or more knowledge bases."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    question: str = Field(description="The question, in plain language.")
    document_ids: list[str] | None = Field(
        default=None, alias="documentIds", description="Only these documents (doc_id)."
    )
    knowledge_base_ids: list[str] = Field(
        default_factory=lambda: [DEFAULT_KB],
        alias="knowledgeBaseIds",
        min_length=1,
        description="Knowledge bases in scope for this question.",
    )
    domains: list[Literal["legal", "technical", "financial"]] | None = Field(
        default=None, description="Force these domains instead of routing."
    )
    include_diagnostics: bool = Field(
        default=False, alias="includeDiagnostics", description="Include retrieval diagnostics."
    )
    thread_id: str | None = Field(
        default=None,
        alias="threadId",
        max_length=64,
        pattern=r"^[A-Za-z0-9_.:-]+$",
        description="Continue this conversation thread.",
    )


class KnowledgeBaseOut(BaseModel):
    name: str
    documents: int
    chunks: int
    embedding_model: str
    created_at: str


class DocumentOut(BaseModel):
    doc_id: str
    source: str
    title: str = Field(default="", description="What the document calls itself (first page).")
    pages: int
    chunks: int
    pages_without_text: int = Field(description="Pages with no text layer.")
    ocr_pages: int = Field(default=0, description="Of those, the pages read by OCR.")
    size_bytes: int
    ingested_at: str


class UploadJob(BaseModel):
    """An upload's ingestion, run in the background; poll ``GET /api/documents/jobs/{id}``."""

    job_id: str
    kb: str
    filename: str
    status: Literal["queued", "running", "ingested", "replaced", "unchanged", "skipped", "failed"]
    detail: str = ""
    doc_id: str | None = None
    pages: int = 0
    chunks: int = 0


class Health(BaseModel):
    """Liveness only: no knowledge base names, no store address."""

    status: Literal["ok", "unavailable"] = "ok"


class BriefRequest(BaseModel):
    """What ``POST /api/brief`` takes: the knowledge base, and optionally some of its files
    and some of the brief's fields."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    knowledge_base_id: str = Field(default=DEFAULT_KB, max_length=64, alias="knowledgeBaseId")
    documents: list[str] | None = Field(
        default=None, max_length=50, description="File names to brief (default: all)."
    )
    fields: list[str] | None = Field(
        default=None, max_length=50, description="Brief field names (default: all)."
    )

    @field_validator("fields")
    @classmethod
    def _known_fields(cls, value: list[str] | None) -> list[str] | None:
        from rfp_agents.deliverables.brief.fields import specs_named

        specs_named(value)  # a ValueError names the fields there are
        return value
