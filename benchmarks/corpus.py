"""The benchmark corpus: the real RFPs, ingested once, then replicated to any size.

Replicas are new documents (their own doc_id, chunk ids and source names) with slightly
perturbed, re-normalised vectors, so a large collection behaves like many similar tenders
without rerunning the embedding model. ``vary_text`` adds the replica number to each chunk
so BM25 sees distinct documents too.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
RFPS = Path(os.environ.get("RFP_RFPS_DIR", ROOT.parent / "shared" / "data" / "rfps"))
SAMPLE_PAGES = [
    ("hhs-tdrs-draft-rfq.pdf", [3, 5, 8, 12, 20]),
    ("ustaxcourt-ef-cms-rfq.pdf", [2, 9, 15, 30]),
    ("va-vista-metadata-pws.pdf", [4, 10, 22]),
    ("alaska-ies-m2-standard-agreement.pdf", [3, 8]),
    ("gsa-ads-bpa-rfq-mod5.pdf", [2, 6]),
    ("gsa-cloudgov-support-pws.pdf", [3, 5]),
    ("gsa-cloudgov-support-qa.pdf", [2, 4]),
]
"""20 pages of the real RFPs (prose, tables, Q&A), for the page-level benchmarks."""
QUERIES = [
    "What insurance must the contractor carry?",
    "termination for convenience notice period",
    "uptime and availability service level 99.99%",
    "invoice submission requirements",
    "data rights and open source licensing FAR 52.227-14",
    "key personnel substitution",
    "limitation of funds clause 52.232-22",
    "travel costs and per diem",
    "vulnerability remediation timelines",
    "evaluation criteria and price",
    "WCAG 2.1 accessibility requirements",
    "price reduction for poor performance",
]


def seed(settings) -> tuple[dict, float]:
    """Ingest ../shared/data/rfps into kb "seed"; its chunks and the pages/s of the ingest."""
    from rfp_agents.ingest import ingest_paths
    from rfp_agents.knowledge_base import KnowledgeBase

    start = time.perf_counter()
    report = ingest_paths([RFPS], settings, "seed")
    assert report.exit_code == 0, report.failed
    pages_per_s = sum(o.pages for o in report.outcomes) / (time.perf_counter() - start)
    chunks = KnowledgeBase.open("seed", settings).chunks.get(
        include=["embeddings", "documents", "metadatas"]
    )
    return chunks, pages_per_s


def replicate(settings, seed_chunks: dict, kb_name: str, target: int, vary_text: bool):
    """Knowledge base ``kb_name`` with at least ``target`` chunks; returns it and chunks/s."""
    from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase, now_iso

    vectors = np.asarray(seed_chunks["embeddings"], dtype=np.float32)
    kb = KnowledgeBase.open(kb_name, settings, create=True)
    rng = np.random.default_rng(7)
    replicas = -(-target // len(seed_chunks["ids"]))
    start = time.perf_counter()
    for r in range(replicas):
        noisy = vectors + rng.normal(0, 0.02, vectors.shape).astype(np.float32)
        noisy /= np.linalg.norm(noisy, axis=1, keepdims=True)
        doc_id = f"replica{r:04d}"
        metas = [
            {**m, "doc_id": doc_id, "chunk_id": f"{doc_id}-{m['chunk_id']}", "kb": kb_name,
             "source": f"replica-{r:04d}-{m['source']}" if vary_text else m["source"]}
            for m in seed_chunks["metadatas"]
        ]  # fmt: skip
        texts = seed_chunks["documents"]
        if vary_text:
            texts = [f"{t} (tender copy {r})" for t in texts]
        record = DocumentRecord(doc_id, f"replica-{r:04d}.pdf", "writing", 200, len(metas), 0,
                                0, now_iso())  # fmt: skip
        kb.begin_document(record)
        kb.write_chunks([m["chunk_id"] for m in metas], noisy, texts, metas, 1000)
        kb.commit_document(record, replaces=[])
    chunks_per_s = replicas * len(seed_chunks["ids"]) / (time.perf_counter() - start)
    return kb, chunks_per_s
