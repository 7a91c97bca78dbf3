"""Input and output models of the context-retriever skill (they cross tool and API boundaries)."""

from __future__ import annotations

import unicodedata
from enum import StrEnum
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from rfp_agents.config import DEFAULT_KB, Settings, get_settings
from rfp_agents.store import validate_kb_name

MIN_TOP_K = 1
MAX_TOP_K = 50
DEFAULT_TOP_K = 4
DEFAULT_LAMBDA_MULT = 0.5


class SearchType(StrEnum):
    """How candidates are chosen: similarity, MMR diversity, or dense + BM25 fused (hybrid)."""

    SIMILARITY = "similarity"
    MMR = "mmr"
    HYBRID = "hybrid"


def _limits(info: ValidationInfo) -> Settings:
    """The caller's settings (``context={"settings": ...}``), else the environment's.

    ``ContextRetriever.validate`` passes its own settings, so a retriever built with explicit
    limits enforces those; a bare ``RetrievalInput(...)`` (a tool call) reads the environment.
    """
    context = info.context or {}
    return context.get("settings") or get_settings()


def normalise_query(query: str) -> str:
    """Unicode NFC, whitespace collapsed to single spaces, stripped."""
    return " ".join(unicodedata.normalize("NFC", query).split())


class RetrievalInput(BaseModel):
    """Arguments of ``ContextRetriever.retrieve``; every field is checked before a query runs."""

    model_config = ConfigDict(extra="forbid", use_enum_values=False)

    query: str = Field(description="What to look for, in plain language or with exact terms.")
    top_k: Annotated[int, Field(ge=MIN_TOP_K, le=MAX_TOP_K)] = Field(
        default=DEFAULT_TOP_K, description="How many results to return (1 to 50)."
    )
    search_type: SearchType = Field(
        default=SearchType.SIMILARITY,
        description="'similarity' (closest chunks), 'mmr' (relevant and diverse chunks) or "
        "'hybrid' (similarity and BM25 keyword search fused by rank; best for exact terms).",
    )
    metadata_filter: dict[str, Any] | None = Field(
        default=None,
        description=(
            'Chroma-style filter on chunk metadata, e.g. {"source": "pws.pdf", '
            '"page": {"$gte": 5, "$lte": 20}} or {"source": {"$contains": "legal"}}. '
            "Fields: source (source_file), page_number (page), category, doc_id, chunk_id, "
            "chunk_index, section, kb. Operators: $eq $ne $gt $gte $lt $lte $in $nin "
            "$contains $not_contains $and $or."
        ),
    )
    score_threshold: Annotated[float, Field(ge=0.0, le=1.0)] | None = Field(
        default=None, description="Drop results whose relevance_score is below this (0 to 1)."
    )
    fetch_k: Annotated[int, Field(ge=1)] | None = Field(
        default=None,
        description="MMR and hybrid candidate pool size (>= top_k); default 4 x top_k, at "
        "least 20.",
    )
    lambda_mult: Annotated[float, Field(ge=0.0, le=1.0)] = Field(
        default=DEFAULT_LAMBDA_MULT,
        description="MMR trade-off: 1 = relevance only, 0 = diversity only.",
    )
    kb: str = Field(default=DEFAULT_KB, description="Knowledge base to search.")

    @field_validator("query")
    @classmethod
    def _normalise_query(cls, value: str, info: ValidationInfo) -> str:
        value = normalise_query(value)
        if not value:
            raise ValueError("the query is empty; ask for something, e.g. 'termination clause'")
        limit = _limits(info).max_query_characters
        if len(value) > limit:
            raise ValueError(
                f"the query has {len(value)} characters; the limit is {limit} "
                "(RFP_MAX_QUERY_CHARACTERS)"
            )
        return value

    @field_validator("top_k")
    @classmethod
    def _check_top_k(cls, value: int, info: ValidationInfo) -> int:
        limit = _limits(info).max_top_k
        if value > limit:
            raise ValueError(f"top_k ({value}) must be <= {limit} (RFP_MAX_TOP_K)")
        return value

    @field_validator("kb")
    @classmethod
    def _check_kb(cls, value: str) -> str:
        return validate_kb_name(value) if value else DEFAULT_KB

    @model_validator(mode="after")
    def _check_fetch_k(self, info: ValidationInfo) -> RetrievalInput:
        limit = _limits(info).max_fetch_k
        if self.fetch_k is None:
            self.fetch_k = min(limit, max(20, 4 * self.top_k))
        if self.fetch_k < self.top_k:
            raise ValueError(f"fetch_k ({self.fetch_k}) must be >= top_k ({self.top_k})")
        if self.fetch_k > limit:
            raise ValueError(f"fetch_k ({self.fetch_k}) must be <= {limit} (RFP_MAX_FETCH_K)")
        return self


class ContextResult(BaseModel):
    """One retrieved chunk with the citation an analyst can open."""

    content: str
    metadata: dict[str, Any]
    relevance_score: Annotated[float, Field(ge=0.0, le=1.0)] = Field(
        description="Similarity and MMR: cosine similarity of query and chunk, clipped to [0, 1]. "
        "Hybrid: the reciprocal-rank-fusion score of the dense and BM25 rankings, scaled so "
        "that rank 1 in both is 1.0 (rank 1 in one list only is about 0.5). Higher is better."
    )
    source_file: str
    page_number: Annotated[int, Field(ge=1)]
    chunk_id: str
    mmr_rank: int | None = Field(
        default=None,
        description="Position in which MMR selected this chunk (1 = first); None for similarity.",
    )
    dense_score: float | None = Field(
        default=None, description="Hybrid: cosine similarity of query and chunk."
    )
    lexical_score: float | None = Field(
        default=None, description="Hybrid: BM25 score (unbounded; None if BM25 missed it)."
    )

    @property
    def citation(self) -> str:
        return f"{self.source_file}, p. {self.page_number} [{self.chunk_id}]"


class RetrievalOutput(BaseModel):
    """What the skill returns: results ordered by relevance_score, highest first."""

    results: list[ContextResult]
    query: str = Field(description="The normalised query that was searched.")
    total_found: int = Field(ge=0, description="Results found before the score threshold.")
    warning: str | None = Field(
        default=None,
        description="Why the results may not be enough (few, low confidence, all filtered out).",
    )

    @model_validator(mode="after")
    def _check_order(self) -> RetrievalOutput:
        scores = [r.relevance_score for r in self.results]
        if scores != sorted(scores, reverse=True):
            raise ValueError("results must be ordered by relevance_score, highest first")
        return self
