"""``ContextRetriever``: similarity or MMR search over a knowledge base, with checked filters.

Order of work, so that nothing is queried on bad input:
1. validate every argument (``RetrievalInput``) and compile the filter (``compile_filter``);
2. open the knowledge base (``IndexEmptyError`` if it is missing or empty);
3. embed the query, fetch candidates from Chroma (over-fetching while a residual filter
   rejects candidates), select (similarity or MMR), apply the score threshold;
4. return results ordered by relevance, with a warning when they may not be enough.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any

import numpy as np
from langchain_core.embeddings import Embeddings
from pydantic import ValidationError

from rfp_agents.config import DEFAULT_KB, Settings, get_settings
from rfp_agents.embeddings import comparable_similarity, get_embeddings
from rfp_agents.errors import (
    KnowledgeBaseNotFound,
    StoreUnavailableError,
    describe_validation_error,
)
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.search import RRF_BEST, LexicalIndexCache, fuse_rankings
from rfp_agents.skills.context_retriever.errors import (
    IndexEmptyError,
    InvalidRetrievalInputError,
)
from rfp_agents.skills.context_retriever.filters import (
    CompiledFilter,
    and_where,
    compile_filter,
    matches,
)
from rfp_agents.skills.context_retriever.mmr import mmr_select
from rfp_agents.skills.context_retriever.models import (
    ContextResult,
    RetrievalInput,
    RetrievalOutput,
    SearchType,
)
from rfp_agents.store import reachable

log = logging.getLogger("rfp_agents.retrieval")


class CappedCandidates(list):
    """Candidates of a residual-filtered search that stopped at ``overfetch_cap``."""


# With a residual filter, fetch this many times what is wanted, and grow by this factor.
OVERFETCH_FACTOR = 4
MIN_OVERFETCH = 50


@dataclass(frozen=True)
class Candidate:
    """A chunk Chroma returned, before selection."""

    chunk_id: str
    content: str
    metadata: dict[str, Any]
    relevance: float
    embedding: np.ndarray | None


def relevance_from_cosine(cosine: float, model_name: str | None = None) -> float:
    """Relevance is the cosine on the thresholds' scale (``embeddings.comparable_similarity``
    for ``model_name``), clipped to [0, 1]."""
    return float(min(1.0, max(0.0, comparable_similarity(cosine, model_name))))


def relevance_from_cosine_distance(distance: float, model_name: str | None = None) -> float:
    """Chroma's cosine distance is ``1 - cos``: the relevance of that cosine."""
    return relevance_from_cosine(1.0 - distance, model_name)


QUERY_VECTOR_CACHE = 256
"""Query vectors a retriever remembers (oldest dropped first)."""


class ContextRetriever:
    """The context-retriever skill: find the chunks of RFP documents that answer a query.

    Args:
        settings: limits and store location; read from the environment when omitted.
        embeddings: the query embedder; must be the model the knowledge base was built with
            (the configured one when omitted).
    """

    def __init__(self, settings: Settings | None = None, embeddings: Embeddings | None = None):
        self.settings = settings or get_settings()
        self._embeddings = embeddings
        self._injected = embeddings is not None
        self._query_vectors: dict[tuple[str, str], list[float]] = {}
        self._kbs: dict[str, KnowledgeBase] = {}
        self._lock = threading.Lock()
        self.lexical = LexicalIndexCache(self.settings)

    # ----------------------------------------------------------------------------- public
    def retrieve(
        self,
        query: str,
        top_k: int = 4,
        search_type: SearchType | str = SearchType.SIMILARITY,
        metadata_filter: dict[str, Any] | None = None,
        score_threshold: float | None = None,
        fetch_k: int | None = None,
        lambda_mult: float = 0.5,
        kb: str = DEFAULT_KB,
    ) -> RetrievalOutput:
        """Search knowledge base ``kb`` for ``query``.

        Returns:
            RetrievalOutput: results ordered by ``relevance_score`` (highest first), the
            normalised query, ``total_found`` before the threshold, and a warning if needed.

        Raises:
            InvalidRetrievalInputError: an argument is out of range (names field and value).
            InvalidFilterError: ``metadata_filter`` is malformed.
            IndexEmptyError: the knowledge base does not exist or has no documents.
        """
        request = self.validate(
            query=query,
            top_k=top_k,
            search_type=search_type,
            metadata_filter=metadata_filter,
            score_threshold=score_threshold,
            fetch_k=fetch_k,
            lambda_mult=lambda_mult,
            kb=kb,
        )
        return self.run(request)

    def validate(self, **arguments: Any) -> RetrievalInput:
        """Build a ``RetrievalInput`` under this retriever's limits.

        Pydantic errors become ``InvalidRetrievalInputError``.
        """
        try:
            return RetrievalInput.model_validate(arguments, context={"settings": self.settings})
        except ValidationError as exc:
            raise InvalidRetrievalInputError(
                "Invalid retrieval input: " + describe_validation_error(exc), exc.errors()
            ) from exc

    def run(
        self, request: RetrievalInput, query_vector: list[float] | None = None
    ) -> RetrievalOutput:
        """Run a validated request. ``query_vector`` skips embedding (benchmarks, batch jobs).

        Raises ``StoreUnavailableError`` (naming the URL) when a Chroma server drops away.
        """
        try:
            with reachable(self.settings):
                return self._run(request, query_vector)
        except StoreUnavailableError:
            with self._lock:
                self._kbs.clear()  # reopen collections on a fresh client next time
            raise

    def _run(self, request: RetrievalInput, query_vector: list[float] | None) -> RetrievalOutput:
        compiled = compile_filter(request.metadata_filter, self.settings.max_filter_depth)
        kb = self.knowledge_base(request.kb)
        if query_vector is None:
            query_vector = self.query_vector(kb, request.query)
        where = and_where(compiled.where, kb.hidden_filter())
        if request.search_type == SearchType.MMR:
            output = self._mmr(kb, request, compiled, where, query_vector)
        elif request.search_type == SearchType.HYBRID:
            output = self._hybrid(kb, request, compiled, where, query_vector)
        else:
            output = self._similarity(kb, request, compiled, where, query_vector)
        # Checked after the search, not before: an extra manifest read on every query costs
        # as much as the search itself, and an empty result is the only case that needs it.
        if output.total_found == 0 and not kb.documents():
            raise IndexEmptyError(
                f"Knowledge base {request.kb!r} has no documents yet; run "
                f"`rfp ingest PATH --kb {request.kb}` first."
            )
        log.info(
            "retrieve kb=%s type=%s k=%d found=%d returned=%d%s",
            request.kb,
            request.search_type.value,
            request.top_k,
            output.total_found,
            len(output.results),
            f" warning={output.warning!r}" if output.warning else "",
        )
        return output

    @property
    def embeddings(self) -> Embeddings:
        """The configured embeddings (``RFP_EMBEDDINGS``): for text that is not a query of
        one knowledge base, e.g. the router's domain descriptions."""
        if self._embeddings is None:
            self._embeddings = get_embeddings(self.settings)
        return self._embeddings

    def embeddings_for(self, kb: KnowledgeBase) -> Embeddings:
        """The embeddings knowledge base ``kb`` was built with (a query must use them)."""
        if self._injected or not kb.embedding_model:
            return self.embeddings
        return kb.embeddings()

    def query_vector(self, kb: KnowledgeBase, text: str) -> list[float]:
        """``text`` embedded with ``kb``'s model; remembered, so a question searched in several
        knowledge bases of one model, or again by the next agent, is embedded once."""
        key = (kb.embedding_model, text)
        with self._lock:
            vector = self._query_vectors.get(key)
        if vector is None:
            vector = self.embeddings_for(kb).embed_query(text)
            with self._lock:
                if len(self._query_vectors) >= QUERY_VECTOR_CACHE:
                    self._query_vectors.pop(next(iter(self._query_vectors)))
                self._query_vectors[key] = vector
        return vector

    # --------------------------------------------------------------------------- searching
    def _similarity(self, kb, request, compiled, where, vector) -> RetrievalOutput:
        candidates = self._candidates(
            kb, vector, request.top_k, compiled, where, with_embeddings=False
        )
        found = candidates[: request.top_k]
        kept = self._above_threshold(found, request.score_threshold)
        results = [self._to_result(c) for c in kept]
        capped = isinstance(candidates, CappedCandidates)
        return self._output(request, results, found, compiled, capped)

    def _mmr(self, kb, request, compiled, where, vector) -> RetrievalOutput:
        candidates = self._candidates(
            kb, vector, request.fetch_k, compiled, where, with_embeddings=True
        )
        found = candidates[: request.top_k]  # what a threshold-free search would return
        pool = self._above_threshold(candidates, request.score_threshold)
        order = mmr_select(
            np.asarray(vector, dtype=np.float32),
            np.stack([c.embedding for c in pool]) if pool else np.empty((0, len(vector))),
            request.top_k,
            request.lambda_mult,
        )
        results = [self._to_result(pool[i], mmr_rank=rank) for rank, i in enumerate(order, 1)]
        results.sort(key=lambda r: r.relevance_score, reverse=True)
        capped = isinstance(candidates, CappedCandidates)
        return self._output(request, results, found, compiled, capped)

    def _hybrid(self, kb, request, compiled, where, vector) -> RetrievalOutput:
        """Dense and BM25 candidates fused by reciprocal rank; cosine kept as dense_score."""
        dense = self._candidates(
            kb, vector, request.fetch_k, compiled, where, with_embeddings=False
        )
        lexical = self.lexical.index_for(kb).search(
            request.query,
            request.fetch_k,
            accept=lambda meta: matches(compiled, meta),
            scan_limit=self.overfetch_cap(request.fetch_k),
        )
        fused = fuse_rankings([[c.chunk_id for c in dense], [h.chunk_id for h in lexical]])
        by_id = {c.chunk_id: c for c in dense}
        lexical_by_id = {h.chunk_id: h for h in lexical}
        cosines = self._cosines(kb, [cid for cid in fused if cid not in by_id], vector)
        for cid in fused:
            if cid not in by_id:
                hit = lexical_by_id[cid]
                by_id[cid] = Candidate(cid, hit.content, hit.metadata, cosines[cid], None)
        ranked = [by_id[cid] for cid in fused]
        found = ranked[: request.top_k]
        kept = self._above_threshold(ranked, request.score_threshold)[: request.top_k]
        results = [
            self._to_result(c).model_copy(
                update={
                    "relevance_score": round(fused[c.chunk_id] / RRF_BEST, 6),
                    "dense_score": round(c.relevance, 6),
                    "lexical_score": (
                        round(lexical_by_id[c.chunk_id].score, 4)
                        if c.chunk_id in lexical_by_id
                        else None
                    ),
                }
            )
            for c in kept
        ]
        capped = isinstance(dense, CappedCandidates)
        return self._output(request, results, found, compiled, capped)

    @staticmethod
    def _cosines(kb: KnowledgeBase, ids: list[str], vector: list[float]) -> dict[str, float]:
        """Cosine similarity of the query and chunks BM25 found but the dense search did not."""
        if not ids:
            return {}
        got = kb.chunks.get(ids=ids, include=["embeddings"])
        query = np.asarray(vector, dtype=np.float32)
        out = {}
        for cid, emb in zip(got["ids"], got["embeddings"], strict=True):
            emb = np.asarray(emb, dtype=np.float32)
            cos = float(emb @ query / (np.linalg.norm(emb) * np.linalg.norm(query) or 1.0))
            out[cid] = relevance_from_cosine(cos, kb.embedding_model)
        return out

    def _candidates(
        self,
        kb: KnowledgeBase,
        vector: list[float],
        wanted: int,
        compiled: CompiledFilter,
        where: dict[str, Any] | None,
        *,
        with_embeddings: bool,
    ) -> list[Candidate]:
        """The best ``wanted`` chunks that pass the whole filter, most relevant first.

        Without a residual, one query does it. With one, over-fetch and grow the request
        until enough candidates pass or Chroma has nothing more to give.
        """
        if compiled.residual is None:
            return self._query(kb, vector, wanted, where, with_embeddings)
        cap = self.overfetch_cap(wanted)
        n = min(cap, max(wanted * OVERFETCH_FACTOR, MIN_OVERFETCH))
        while True:
            rows = self._query(kb, vector, n, where, with_embeddings)
            passed = [c for c in rows if compiled.residual_matches(c.metadata)]
            if len(passed) >= wanted or len(rows) < n:  # enough, or Chroma has no more
                return passed[:wanted]
            if n >= cap:  # bounded work: the residual was checked on the best `cap` only
                return CappedCandidates(passed[:wanted])
            n = min(cap, n * OVERFETCH_FACTOR)

    def overfetch_cap(self, wanted: int) -> int:
        """Most candidates one search reads to apply a ``$contains`` filter exactly."""
        return max(wanted, self.settings.max_fetch_k) * OVERFETCH_FACTOR

    @staticmethod
    def _query(
        kb: KnowledgeBase,
        vector: list[float],
        n: int,
        where: dict[str, Any] | None,
        with_embeddings: bool,
    ) -> list[Candidate]:
        if n <= 0:
            return []
        include = ["documents", "metadatas", "distances"]
        if with_embeddings:
            include.append("embeddings")
        got = kb.chunks.query(query_embeddings=[vector], n_results=n, where=where, include=include)
        ids = got["ids"][0]
        embeddings = got["embeddings"][0] if with_embeddings else [None] * len(ids)
        return [
            Candidate(
                chunk_id=cid,
                content=doc or "",
                metadata=dict(meta or {}),
                relevance=relevance_from_cosine_distance(dist, kb.embedding_model),
                embedding=np.asarray(emb, dtype=np.float32) if emb is not None else None,
            )
            for cid, doc, meta, dist, emb in zip(
                ids,
                got["documents"][0],
                got["metadatas"][0],
                got["distances"][0],
                embeddings,
                strict=True,
            )
        ]

    # ----------------------------------------------------------------------------- shaping
    @staticmethod
    def _above_threshold(candidates: list[Candidate], threshold: float | None) -> list[Candidate]:
        if threshold is None:
            return candidates
        return [c for c in candidates if c.relevance >= threshold]

    @staticmethod
    def _to_result(candidate: Candidate, mmr_rank: int | None = None) -> ContextResult:
        meta = candidate.metadata
        return ContextResult(
            content=candidate.content,
            metadata=meta,
            relevance_score=round(candidate.relevance, 6),
            source_file=str(meta.get("source", "")),
            page_number=int(meta.get("page_number", 1)),
            chunk_id=str(meta.get("chunk_id", candidate.chunk_id)),
            mmr_rank=mmr_rank,
        )

    def _output(
        self,
        request: RetrievalInput,
        results: list[ContextResult],
        found: list[Candidate],
        compiled: CompiledFilter,
        capped: bool = False,
    ) -> RetrievalOutput:
        warning = self._warning(request, results, found, compiled)
        if capped:
            note = (
                "the filter's $contains/$not_contains part was checked on the most similar "
                f"chunks only ({OVERFETCH_FACTOR} x RFP_MAX_FETCH_K); narrow it with source "
                "or page_number"
            )
            warning = f"{warning}; {note}" if warning else note
        return RetrievalOutput(
            results=results, query=request.query, total_found=len(found), warning=warning
        )

    def _warning(
        self,
        request: RetrievalInput,
        results: list[ContextResult],
        found: list[Candidate],
        compiled: CompiledFilter,
    ) -> str | None:
        if not found:
            if compiled.tree is not None:
                return (
                    f"the filter matched no chunk in knowledge base {request.kb!r}; "
                    "loosen it or check the field values with `rfp docs`"
                )
            return f"knowledge base {request.kb!r} returned nothing for this query"
        best = max(c.relevance for c in found)
        threshold = request.score_threshold
        if not results and threshold is not None:
            return f"no result reached {threshold:.2f}; best was {best:.2f}"
        notes = []
        if len(results) < request.top_k:
            if threshold is not None and len(results) < len(found):
                notes.append(
                    f"{len(found) - len(results)} of {len(found)} results were below "
                    f"the threshold {threshold:.2f}"
                )
            else:
                notes.append(f"only {len(results)} results (asked for {request.top_k})")
        if best < self.settings.low_confidence_score:
            notes.append(
                f"low confidence: the best relevance is {best:.2f}; the documents may "
                "not address this query"
            )
        return "; ".join(notes) or None

    def knowledge_base(self, name: str) -> KnowledgeBase:
        """Knowledge base ``name``, opened once and kept (``IndexEmptyError`` if missing)."""
        with self._lock:
            kb = self._kbs.get(name)
            if kb is None:
                try:
                    kb = KnowledgeBase.open(name, self.settings)
                except KnowledgeBaseNotFound as exc:
                    raise IndexEmptyError(
                        f"Knowledge base {name!r} does not exist or is empty; run "
                        f"`rfp ingest PATH --kb {name}` first."
                    ) from exc
                self._kbs[name] = kb
            return kb
