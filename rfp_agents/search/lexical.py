"""The BM25 side of hybrid search: one persisted ``Bm25Index`` per knowledge base.

Chroma's own sparse and hybrid search are cloud-only, so the lexical side is ours. The index
holds the chunks of the knowledge base's *complete* documents (the manifest's view), so BM25
never returns a chunk of a document that is being written or was removed. Its version is
that set of document ids; when the manifest's set differs, the index is **updated**: chunks
of new documents are read from the store and tokenized, chunks of gone documents dropped,
and the result saved. ``rfp ingest`` does this at the end of a batch, so the first hybrid
query after a restart only loads a file (``RFP_HOME/lexical/<store>/<kb>.npz``, beside the
embedded store, or beside ``RFP_HOME`` for a Chroma server).

Tokens are ``rfp_agents.text.content_terms``: lower-cased, stop words removed, light
stemming, with numbers and clause ids kept whole ("52.232-18", "99.99%"); a Spanish
document's chunks (``language`` metadata, detected at ingest) are stemmed as Spanish, and a
query on a knowledge base holding Spanish documents is tokenized both ways. Texts and
metadata of the hits are read from the store by id, so the index file stays small.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rfp_agents.config import Settings
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.search.bm25 import Bm25Index
from rfp_agents.text import content_terms

log = logging.getLogger("rfp_agents.retrieval")

FETCH_BATCH = 64
"""Hits whose text and metadata are read from the store per round while a filter rejects."""


@dataclass(frozen=True)
class LexicalHit:
    """A chunk BM25 ranked, with its text and metadata."""

    chunk_id: str
    content: str
    metadata: dict[str, Any]
    score: float


def index_path(settings: Settings, kb: str) -> Path:
    """Where the BM25 index of knowledge base ``kb`` is saved."""
    store = (
        "server-" + hashlib.sha256(settings.chroma_url.encode()).hexdigest()[:12]
        if settings.chroma_url
        else "embedded"
    )
    return settings.home / "lexical" / store / f"{kb}.npz"


class LexicalIndex:
    """BM25 over the complete documents of one knowledge base."""

    def __init__(self, kb: KnowledgeBase, bm25: Bm25Index, languages: set[str] | None = None):
        """``languages``: of the indexed documents; a query is also tokenized as Spanish
        when one of them is Spanish."""
        self.kb = kb
        self.bm25 = bm25
        self.languages = languages or {"en"}

    def __len__(self) -> int:
        return len(self.bm25)

    def search(
        self,
        query: str,
        n: int,
        accept: Callable[[dict[str, Any]], bool] | None = None,
        scan_limit: int | None = None,
    ) -> list[LexicalHit]:
        """The ``n`` best chunks for ``query`` that ``accept`` lets through (score > 0).

        ``scan_limit`` bounds how many ranked chunks are read from the store to find them
        (a filter that matches nothing must not read the whole knowledge base).
        """
        terms = content_terms(query)
        if "es" in self.languages:
            terms += [t for t in content_terms(query, "es") if t not in terms]
        if not terms or n <= 0:
            return []
        ranked = self.bm25.ranked(terms)[:scan_limit]
        hits: list[LexicalHit] = []
        batch = n if accept is None else max(n, FETCH_BATCH)
        for start in range(0, len(ranked), batch):
            rows = ranked[start : start + batch]
            ids = [self.bm25.chunk_ids[row] for row, _ in rows]
            got = self.kb.chunks.get(ids=ids, include=["documents", "metadatas"])
            stored = {
                cid: (doc or "", dict(meta or {}))
                for cid, doc, meta in zip(
                    got["ids"], got["documents"] or [], got["metadatas"] or [], strict=True
                )
            }
            for cid, (_, score) in zip(ids, rows, strict=True):
                if cid not in stored:  # removed since the index was made
                    continue
                content, meta = stored[cid]
                if accept is not None and not accept(meta):
                    continue
                hits.append(LexicalHit(cid, content, meta, score))
                if len(hits) == n:
                    return hits
        return hits


class LexicalIndexCache:
    """One ``LexicalIndex`` per knowledge base: kept in memory, saved on disk, updated."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._indexes: dict[str, LexicalIndex] = {}
        self._lock = threading.Lock()

    def index_for(self, kb: KnowledgeBase) -> LexicalIndex:
        """The index of ``kb``, brought up to date with its complete documents."""
        documents = kb.documents()
        version = {d.doc_id for d in documents}
        languages = {d.language for d in documents}
        with self._lock:
            cached = self._indexes.get(kb.name)
            if cached is not None and cached.kb is kb and cached.bm25.documents == version:
                return cached
            path = index_path(self.settings, kb.name)
            # The saved file first: the ingest that changed the documents (this process's or
            # another's) usually saved the update already, so nothing is tokenized twice.
            bm25 = Bm25Index.load(path)
            if bm25 is None or bm25.documents != version:
                # Update a copy: searches may still be using the cached index.
                base = cached.bm25.copy() if cached is not None else bm25
                bm25 = base or Bm25Index()
                update(kb, bm25, version)
                bm25.save(path)
            index = LexicalIndex(kb, bm25, languages)
            self._indexes[kb.name] = index
            return index


def update(kb: KnowledgeBase, bm25: Bm25Index, version: set[str]) -> None:
    """Make ``bm25`` hold exactly the chunks of the documents in ``version``."""
    gone = bm25.documents - version
    new = sorted(version - bm25.documents)
    removed = bm25.remove(gone)
    added = 0
    if new:
        rows = kb.iter_chunks(where={"doc_id": {"$in": new}})
        added = bm25.add(
            (
                str(meta.get("doc_id", "")),
                str(meta.get("chunk_id", "")),
                content_terms(text, str(meta.get("language", "en"))),
            )
            for text, meta in rows
        )
    log.info(
        "lexical index of %s: +%d chunks (%d documents), -%d chunks (%d documents)",
        kb.name, added, len(new), removed, len(gone),
    )  # fmt: skip
