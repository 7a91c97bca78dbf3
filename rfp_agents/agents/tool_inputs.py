"""What the agents' tools take: argument schemas (pydantic, extra fields refused) and the
descriptions the model reads."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rfp_agents.skills.context_retriever.models import MAX_TOP_K

MAX_PATTERN_CHARACTERS = 200


class _ToolInput(BaseModel):
    model_config = ConfigDict(extra="forbid")


class QueryKnowledgeInput(_ToolInput):
    """Arguments of ``query_knowledge``."""

    action: Literal["list", "query"] = Field(
        default="query",
        description="'list' shows the knowledge bases and their filterable fields; 'query' "
        "searches them.",
    )
    kb_id: str | None = Field(default=None, description="One knowledge base to search.")
    kb_ids: list[str] | None = Field(
        default=None, description="Several knowledge bases, searched in parallel."
    )
    query_text: str | None = Field(default=None, description="What to look for (for 'query').")
    top_k: Annotated[int, Field(ge=1, le=MAX_TOP_K)] = Field(
        default=5, description="Results after merging all knowledge bases."
    )
    search_type: Literal["pipeline", "similarity", "mmr", "hybrid"] = Field(
        default="pipeline",
        description="'pipeline' (default: query expansion, hybrid dense + keyword search, "
        "reranking, de-duplicated context) or one plain search: 'similarity', 'mmr', 'hybrid'.",
    )
    metadata_filter: dict[str, Any] | None = Field(
        default=None,
        description="Filter on chunk metadata; 'list' shows the fields, types and values, e.g. "
        '{"source": "pws.pdf", "page_number": {"$gte": 3}}.',
    )
    score_threshold: Annotated[float, Field(ge=0.0, le=1.0)] | None = None

    @model_validator(mode="after")
    def _query_needs_text(self) -> QueryKnowledgeInput:
        if self.action == "query" and not (self.query_text or "").strip():
            raise ValueError("action='query' needs query_text")
        return self


class GrepDocumentsInput(_ToolInput):
    """Arguments of ``grep_documents``."""

    pattern: str = Field(
        min_length=1,
        max_length=MAX_PATTERN_CHARACTERS,
        description="Exact phrase (case-insensitive), e.g. '52.232-18' or 'ISO 27001'.",
    )
    regex: bool = Field(default=False, description="Treat pattern as a regular expression.")
    kb_id: str | None = None
    kb_ids: list[str] | None = None
    source_file: str | None = Field(default=None, description="Only this document.")
    max_hits: Annotated[int, Field(ge=1, le=50)] = 10


class ReadPageInput(_ToolInput):
    """Arguments of ``read_page``."""

    source_file: str = Field(description="Document name as cited, e.g. 'pws.pdf'.")
    page_number: Annotated[int, Field(ge=1)]
    kb_id: str | None = Field(default=None, description="Knowledge base; the first in scope.")


QUERY_DESCRIPTION = (
    "Search the RFP knowledge bases. action='list' returns each knowledge base (kb_id, "
    "documents, chunk count) and its filterable metadata fields with types and example values. "
    "action='query' searches kb_id (one) or kb_ids (several, in parallel; default: all) for "
    "query_text and returns results with ref, kb_id, source_file, page_number, chunk_id, "
    "relevance_score and content, merged across knowledge bases by rank; failed_kbs lists any "
    "that could not be searched. Cite a result as [ref]."
)
GREP_DESCRIPTION = (
    "Find an exact phrase or a regular expression in the documents' text (case-insensitive): "
    "clause numbers such as '52.232-18', standards such as 'ISO 27001', amounts such as "
    "'$50,000'. Returns page-cited hits with ref numbers to cite as [ref]."
)
READ_PAGE_DESCRIPTION = (
    "Read the full text of one page of an ingested document (source_file and page_number as "
    "cited by other tools). Reads only the knowledge base, never files. Cite it with its refs."
)
