"""The retrieval pipeline agents use by default (seed 004's shape):

1. **Plan**: expand the question (``expansion``), find the documents it names and the sides
   of a comparison (``subjects``); each becomes a search, filtered where it names documents.
2. **Search**: every planned query in every knowledge base, with the skill's hybrid search
   (dense + BM25 fused by rank).
3. **Fuse**: all searches' rankings by reciprocal rank fusion (raw scores of different
   searches are not comparable).
4. **Rerank** with recorded boosts (``rerank``), then **select** the context: duplicates,
   repeated pages and what exceeds the budget are dropped, with the reason (``selection``).

``Diagnostics`` records every step. The skill's plain similarity and MMR are unchanged.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field

from rfp_agents.knowledge_base import DocumentRecord
from rfp_agents.retrieval.across import KbOutcome, search_each
from rfp_agents.retrieval.diagnostics import (
    Diagnostics,
    DroppedRecord,
    QueryPlan,
    RankRecord,
    ScoredPassage,
    SearchRecord,
)
from rfp_agents.retrieval.expansion import plan_queries
from rfp_agents.retrieval.rerank import (
    COVERAGE_BOOST,
    CROSS_LANGUAGE_COVERAGE_BOOST,
    Candidate,
    rerank,
)
from rfp_agents.retrieval.selection import select_context
from rfp_agents.retrieval.subjects import (
    Subject,
    comparison_subjects,
    named_documents,
    naming_terms,
    shared_title_terms,
    without_naming,
)
from rfp_agents.search import fuse_rankings
from rfp_agents.skills.context_retriever.filters import compile_filter
from rfp_agents.skills.context_retriever.models import SearchType, normalise_query
from rfp_agents.skills.context_retriever.retriever import ContextRetriever

log = logging.getLogger("rfp_agents.retrieval.pipeline")

SEARCH_TOP_K = 10
"""Candidates each planned search contributes before fusion."""


class PipelineResult(BaseModel):
    """A selected passage, with its scores and the reasons for its rank."""

    kb: str
    chunk_id: str
    source_file: str
    page_number: int
    content: str
    metadata: dict[str, Any]
    score: float = Field(description="Final rerank score: fused score plus recorded boosts.")
    fused_score: float = Field(description="Reciprocal-rank fusion over all searches, 0-1.")
    dense_score: float | None = Field(description="Cosine similarity to the question's query.")
    lexical_score: float | None = Field(description="Best BM25 score over the searches.")
    reasons: list[str]


class PipelineOutput(BaseModel):
    question: str
    results: list[PipelineResult]
    failed_kbs: list[dict[str, str]] = Field(default_factory=list)
    warning: str | None = None
    diagnostics: Diagnostics


class _Search:
    """One planned search: a query, why it was planned, and its filter."""

    def __init__(self, query: str, why: str, metadata_filter: dict[str, Any] | None):
        self.query, self.why, self.metadata_filter = query, why, metadata_filter


class RetrievalPipeline:
    """Expansion, hybrid search, fusion, reranking and context selection over knowledge bases."""

    def __init__(self, retriever: ContextRetriever):
        self.retriever = retriever
        self.settings = retriever.settings

    def run(
        self,
        question: str,
        kbs: Sequence[str],
        *,
        domain: str | None = None,
        metadata_filter: dict[str, Any] | None = None,
        top_k: int = 6,
        score_threshold: float | None = None,
    ) -> PipelineOutput:
        """Retrieve the context for ``question`` from ``kbs``.

        Raises:
            InvalidRetrievalInputError, InvalidFilterError: before any search runs.
        """
        question = normalise_query(question)
        self.retriever.validate(query=question, metadata_filter=metadata_filter, kb=kbs[0])
        documents = self._documents(kbs)
        sources: dict[str, str] = {}
        for d in documents:
            sources.setdefault(d.source, d.title)
        shared = shared_title_terms(sources)
        named = named_documents(question, sources, shared)
        naming = sorted({t for d in named for t in naming_terms(question, d, sources[d], shared)})
        subjects = comparison_subjects(question, sources, shared)
        languages = {d.language for d in documents}
        expansion = plan_queries(question, domain, self.settings.max_retrieval_queries, languages)
        expanded = expansion.queries
        plan = self._plan(question, expanded, named, subjects, metadata_filter, set(naming))
        searches, rankings, candidates, failed = self._search(plan, kbs)
        fused = fuse_rankings(rankings)
        best = max(fused.values(), default=1.0)
        for key, cand in candidates.items():
            cand.fused_score = round(fused.get("\x1f".join(key), 0.0) / best, 4)
        fused_order = sorted(candidates.values(), key=lambda c: c.fused_score, reverse=True)
        subject_docs = [d for s in subjects for d in s.documents]
        boost = CROSS_LANGUAGE_COVERAGE_BOOST if expansion.translated else COVERAGE_BOOST
        ranked = rerank(
            fused_order, expansion.ranking_text, named or subject_docs, domain, coverage_boost=boost
        )
        must = _best_per_subject(ranked, subjects)
        selected, dropped = select_context(
            ranked, top_k, self.settings.context_budget_characters, score_threshold, must
        )
        diagnostics = Diagnostics(
            question=question,
            domain=domain,
            knowledge_bases=list(kbs),
            expanded_queries=[QueryPlan(query=q.text, why=q.why) for q in expanded],
            named_documents=named,
            naming_terms=naming,
            comparison_subjects=[{"text": s.text, "documents": s.documents} for s in subjects],
            searches=searches,
            ranks=_ranks(fused_order, ranked, selected),
            selected=[c.chunk_id for c in selected],
            dropped=[
                DroppedRecord(
                    kb=d.candidate.kb,
                    chunk_id=d.candidate.chunk_id,
                    source_file=d.candidate.source_file,
                    page_number=d.candidate.page_number,
                    reason=d.reason,
                )
                for d in dropped
            ],
        )
        results = [_result(c) for c in selected]
        log.info(
            "pipeline kbs=%s queries=%d searches=%d candidates=%d selected=%d",
            list(kbs),
            len(expanded),
            len(searches),
            len(candidates),
            len(results),
        )
        return PipelineOutput(
            question=question,
            results=results,
            failed_kbs=failed,
            warning=self._warning(results, failed, kbs),
            diagnostics=diagnostics,
        )

    # ---------------------------------------------------------------------------- steps
    def _documents(self, kbs: Sequence[str]) -> list[DocumentRecord]:
        """The documents in scope (their names, titles and languages), read once a question."""
        documents: list[DocumentRecord] = []
        for kb in kbs:
            try:
                documents += self.retriever.knowledge_base(kb).documents()
            except Exception:  # an unreachable kb is reported by its search
                continue
        return documents

    @staticmethod
    def _plan(
        question: str,
        expanded: Sequence[Any],
        named: list[str],
        subjects: list[Subject],
        metadata_filter: dict[str, Any] | None,
        naming: set[str] | None = None,
    ) -> list[_Search]:
        plan = [_Search(q.text, q.why, metadata_filter) for q in expanded]
        if named and not subjects:
            inside = _and(metadata_filter, _in_sources(named))
            plan.append(_Search(question, f"names {named}", inside))
            subject = without_naming(question, naming or set())
            if subject != question:
                plan.append(_Search(subject, f"without the words naming {named}", inside))
        for subject in subjects:
            if subject.documents:
                why = f"comparison side {subject.text!r} in {subject.documents}"
                plan.append(
                    _Search(question, why, _and(metadata_filter, _in_sources(subject.documents)))
                )
            else:
                plan.append(_Search(subject.text, "comparison side", metadata_filter))
        return plan

    def _search(
        self, plan: Sequence[_Search], kbs: Sequence[str]
    ) -> tuple[
        list[SearchRecord], list[list[str]], dict[tuple[str, str], Candidate], list[dict[str, str]]
    ]:
        records: list[SearchRecord] = []
        rankings: list[list[str]] = []
        candidates: dict[tuple[str, str], Candidate] = {}
        failed: dict[str, str] = {}
        for search in plan:
            compiled = compile_filter(search.metadata_filter, self.settings.max_filter_depth)
            try:
                request = self.retriever.validate(
                    query=search.query,
                    top_k=SEARCH_TOP_K,
                    search_type=SearchType.HYBRID,
                    metadata_filter=search.metadata_filter,
                    kb=kbs[0],
                )
            except Exception as exc:  # a request no knowledge base can run
                outcomes = [KbOutcome(kb, error=f"{type(exc).__name__}: {exc}") for kb in kbs]
            else:
                # each knowledge base embeds the query with its own model (cached)
                outcomes = search_each(self.retriever, request, kbs, None)
            for outcome in outcomes:
                record = SearchRecord(
                    query=search.query,
                    why=search.why,
                    kb=outcome.kb,
                    where=compiled.where,
                    residual=compiled.describe_residual(),
                    candidates=[],
                )
                records.append(record)
                if outcome.failed:
                    record.error = outcome.error
                    failed.setdefault(outcome.kb, outcome.error)
                    continue
                ranking = []
                for r in outcome.results:
                    key = (outcome.kb, r.chunk_id)
                    ranking.append("\x1f".join(key))
                    record.candidates.append(
                        ScoredPassage(
                            kb=outcome.kb,
                            chunk_id=r.chunk_id,
                            source_file=r.source_file,
                            page_number=r.page_number,
                            relevance_score=r.relevance_score,
                            dense_score=r.dense_score,
                            lexical_score=r.lexical_score,
                        )
                    )
                    _merge(candidates, key, r, search.query)
                rankings.append(ranking)
        return records, rankings, candidates, [{"kb_id": k, "error": e} for k, e in failed.items()]

    def _warning(
        self, results: list[PipelineResult], failed: list[dict[str, str]], kbs: Sequence[str]
    ) -> str | None:
        notes = []
        if failed:
            notes.append(f"{len(failed)} of {len(kbs)} knowledge bases failed")
        if not results:
            notes.append("nothing found")
        else:
            best = max((r.dense_score or 0.0) for r in results)
            if best < self.settings.low_confidence_score:
                notes.append(f"low confidence: the best cosine similarity is {best:.2f}")
        return "; ".join(notes) or None


def _merge(
    candidates: dict[tuple[str, str], Candidate], key: tuple[str, str], result: Any, query: str
) -> None:
    existing = candidates.get(key)
    if existing is None:
        candidates[key] = Candidate(
            kb=key[0],
            chunk_id=result.chunk_id,
            content=result.content,
            metadata=result.metadata,
            dense_score=result.dense_score,
            lexical_score=result.lexical_score,
            queries=[query],
        )
        return
    existing.dense_score = _max(existing.dense_score, result.dense_score)
    existing.lexical_score = _max(existing.lexical_score, result.lexical_score)
    if query not in existing.queries:
        existing.queries.append(query)


def _max(a: float | None, b: float | None) -> float | None:
    return b if a is None else a if b is None else max(a, b)


def _and(metadata_filter: dict[str, Any] | None, extra: dict[str, Any]) -> dict[str, Any]:
    return {"$and": [metadata_filter, extra]} if metadata_filter else extra


def _in_sources(sources: Sequence[str]) -> dict[str, Any]:
    return {"source": {"$in": list(sources)}}


def _best_per_subject(ranked: Sequence[Candidate], subjects: Sequence[Subject]) -> list[Candidate]:
    """The best passage of each comparison side that names documents."""
    best = []
    for subject in subjects:
        match = next((c for c in ranked if c.source_file in subject.documents), None)
        if match is not None:
            best.append(match)
    return best


def _ranks(
    fused_order: Sequence[Candidate], ranked: Sequence[Candidate], selected: Sequence[Candidate]
) -> list[RankRecord]:
    fused_rank = {c.key: i for i, c in enumerate(fused_order, 1)}
    chosen = {c.key for c in selected}
    return [
        RankRecord(
            kb=c.kb,
            chunk_id=c.chunk_id,
            source_file=c.source_file,
            page_number=c.page_number,
            fused_rank=fused_rank[c.key],
            fused_score=c.fused_score,
            final_rank=i,
            final_score=c.score,
            reasons=c.reasons,
            found_by=c.queries,
            selected=c.key in chosen,
        )
        for i, c in enumerate(ranked, 1)
    ]


def _result(c: Candidate) -> PipelineResult:
    return PipelineResult(
        kb=c.kb,
        chunk_id=c.chunk_id,
        source_file=c.source_file,
        page_number=c.page_number,
        content=c.content,
        metadata=c.metadata,
        score=c.score,
        fused_score=c.fused_score,
        dense_score=c.dense_score,
        lexical_score=c.lexical_score,
        reasons=c.reasons,
    )
