"""The diagnostics object: everything the pipeline did for one question, as data.

``rfp ask --diagnostics`` and ``rfp retrieve --diagnostics`` print it; ``--json`` includes it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class QueryPlan(BaseModel):
    query: str
    why: str


class ScoredPassage(BaseModel):
    """A candidate as one search returned it."""

    kb: str
    chunk_id: str
    source_file: str
    page_number: int
    relevance_score: float
    dense_score: float | None = None
    lexical_score: float | None = None


class SearchRecord(BaseModel):
    """One search the pipeline ran: which query, where, with which filter, what it found."""

    query: str
    why: str
    kb: str
    where: dict[str, Any] | None = Field(description="The Chroma where clause sent.")
    residual: dict[str, Any] | None = Field(description="Filter evaluated in Python after.")
    candidates: list[ScoredPassage]
    error: str | None = None


class RankRecord(BaseModel):
    """A candidate's fused and final rank, with the reasons for its final score."""

    kb: str
    chunk_id: str
    source_file: str
    page_number: int
    fused_rank: int
    fused_score: float
    final_rank: int
    final_score: float
    reasons: list[str]
    found_by: list[str] = Field(description="The expanded queries that found it.")
    selected: bool


class DroppedRecord(BaseModel):
    kb: str
    chunk_id: str
    source_file: str
    page_number: int
    reason: str


class Diagnostics(BaseModel):
    """One question's retrieval, step by step."""

    question: str
    domain: str | None = None
    knowledge_bases: list[str]
    expanded_queries: list[QueryPlan]
    named_documents: list[str]
    naming_terms: list[str] = Field(
        default_factory=list, description="The question's words that named those documents."
    )
    comparison_subjects: list[dict[str, Any]] = Field(default_factory=list)
    searches: list[SearchRecord]
    ranks: list[RankRecord]
    selected: list[str] = Field(description="chunk_ids kept, best first.")
    dropped: list[DroppedRecord]
