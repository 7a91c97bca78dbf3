"""A BM25 index per knowledge base (``bm25s``), kept in step with ingestion.

Chroma's own sparse and hybrid search are cloud-only, so the lexical side is ours. The index
is built from the knowledge base's visible chunks and keyed by the knowledge base's
*version*: the ids of its complete documents. Any ingest, replacement or removal changes the
version, and the next search rebuilds the index, so BM25 never returns a chunk of a document
that is being written or has been removed. Building is a single pass over the chunk text
(about 0.3 s for 600 chunks).

Tokens are ``rfp_agents.text.content_terms``: lower-cased, stop words removed, light
stemming, with numbers and clause ids kept whole ("52.232-18", "99.99%").
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import bm25s
import numpy as np

from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.text import content_terms

# bm25s logs every index build at DEBUG on its own handler; keep it to warnings.
logging.getLogger("bm25s").setLevel(logging.WARNING)


@dataclass(frozen=True)
class LexicalHit:
    """A chunk BM25 ranked, with its text and metadata (no second store read needed)."""

    chunk_id: str
    content: str
    metadata: dict[str, Any]
    score: float


class LexicalIndex:
    """BM25 over the visible chunks of one knowledge base at one version."""

    def __init__(self, rows: list[tuple[str, dict[str, Any]]]):
        self.texts = [text for text, _ in rows]
        self.metadatas = [meta for _, meta in rows]
        self.bm25 = bm25s.BM25()
        tokens = [content_terms(text) or ["_empty_"] for text in self.texts]
        if tokens:
            self.bm25.index(tokens, show_progress=False)

    def __len__(self) -> int:
        return len(self.texts)

    def search(
        self,
        query: str,
        n: int,
        accept: Callable[[dict[str, Any]], bool] | None = None,
    ) -> list[LexicalHit]:
        """The ``n`` best chunks for ``query`` that ``accept`` lets through (score > 0)."""
        terms = content_terms(query)
        if not terms or not self.texts:
            return []
        scores = np.asarray(self.bm25.get_scores(terms), dtype=np.float32)
        order = np.argsort(-scores, kind="stable")
        hits: list[LexicalHit] = []
        for index in order:
            score = float(scores[index])
            if score <= 0.0 or len(hits) == n:
                break
            meta = self.metadatas[index]
            if accept is not None and not accept(meta):
                continue
            hits.append(LexicalHit(str(meta.get("chunk_id", "")), self.texts[index], meta, score))
        return hits


class LexicalIndexCache:
    """One ``LexicalIndex`` per knowledge base, rebuilt when its version changes."""

    def __init__(self) -> None:
        self._indexes: dict[str, tuple[tuple[str, ...], LexicalIndex]] = {}
        self._lock = threading.Lock()

    def index_for(self, kb: KnowledgeBase) -> LexicalIndex:
        version = tuple(sorted(d.doc_id for d in kb.documents()))
        with self._lock:
            cached = self._indexes.get(kb.name)
            if cached is not None and cached[0] == version:
                return cached[1]
            index = LexicalIndex(list(kb.iter_chunks()))
            self._indexes[kb.name] = (version, index)
            return index
