"""Concurrency and crash safety, on the embedded store and on a Chroma server.

* Queries running while a document is ingested never see a part of it, and never fail.
* `kill -9` in the middle of a document, then the same command again, leaves exactly the
  chunks of a clean ingest: 0 duplicates, 0 orphans.
* Two ingests of the same file at once do not duplicate it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from rfp_agents.config import Settings
from rfp_agents.ingest import ingest_paths
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.skills.context_retriever import ContextRetriever
from tests.conftest import REAL_PWS, REAL_QASP, RFPS_DIR, SAMPLE_PDF

BIG_PDF = RFPS_DIR / "va-vista-metadata-pws.pdf"  # 41 pages, 152 chunks
QUERY_THREADS = 8


@pytest.fixture
def store_settings(rfp_home: Path, store_url: str) -> Settings:
    return Settings(home=rfp_home, chroma_url=store_url)


def chunk_census(settings: Settings, kb: str) -> tuple[Counter, set[str], set[str]]:
    """Chunk ids per doc_id, the complete doc_ids, and doc_ids of chunks with no record."""
    knowledge_base = KnowledgeBase.open(kb, settings)
    got = knowledge_base.chunks.get(include=["metadatas"])
    per_doc = Counter(m["doc_id"] for m in got["metadatas"])
    complete = {d.doc_id for d in knowledge_base.documents()}
    known = {r.doc_id for r in knowledge_base.records()}
    return per_doc, complete, set(per_doc) - known


# ------------------------------------------------------------------------- concurrency
def test_queries_never_see_a_half_ingested_document(
    store_settings: Settings, monkeypatch: pytest.MonkeyPatch
):
    assert ingest_paths([SAMPLE_PDF], store_settings, "live").exit_code == 0
    sample_id = KnowledgeBase.open("live", store_settings).documents()[0].doc_id
    half_written = threading.Event()
    release = threading.Event()
    real_write = KnowledgeBase.write_chunks

    def write_then_pause(self, ids, embeddings, documents, metadatas, batch_size):
        half = len(ids) // 2
        real_write(self, ids[:half], embeddings[:half], documents[:half], metadatas[:half],
                   batch_size)  # fmt: skip
        half_written.set()
        assert release.wait(60)
        real_write(self, ids[half:], embeddings[half:], documents[half:], metadatas[half:],
                   batch_size)  # fmt: skip

    monkeypatch.setattr(KnowledgeBase, "write_chunks", write_then_pause)
    ingest = threading.Thread(target=ingest_paths, args=([REAL_PWS], store_settings, "live"))
    ingest.start()
    assert half_written.wait(60)

    retriever = ContextRetriever(store_settings)
    seen: list[set[str]] = []
    errors: list[BaseException] = []

    def query(n: int) -> None:
        try:
            for query_text in ("cloud.gov platform support", "liquidated damages", "labor hours"):
                for search_type in ("similarity", "mmr", "hybrid"):
                    out = retriever.retrieve(query_text, top_k=10, search_type=search_type,
                                             kb="live")  # fmt: skip
                    seen.append({r.metadata["doc_id"] for r in out.results})
        except BaseException as exc:  # collected: a thread's failure must fail the test
            errors.append(exc)

    threads = [threading.Thread(target=query, args=(n,)) for n in range(QUERY_THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(seen) == QUERY_THREADS * 9
    assert all(ids <= {sample_id} for ids in seen), "a query saw the half-written document"

    release.set()
    ingest.join(60)
    after = retriever.retrieve("cloud.gov platform support", top_k=10, kb="live")
    assert any(r.source_file == REAL_PWS.name for r in after.results)
    per_doc, complete, orphans = chunk_census(store_settings, "live")
    assert len(complete) == 2 and orphans == set()


def test_eight_threads_query_while_documents_are_ingested(store_settings: Settings):
    assert ingest_paths([SAMPLE_PDF], store_settings, "busy").exit_code == 0
    retriever = ContextRetriever(store_settings)
    done = threading.Event()
    errors: list[BaseException] = []
    counts = Counter()

    def query() -> None:
        while not done.is_set():
            try:
                for kind in ("similarity", "hybrid"):
                    retriever.retrieve("insurance and payment terms", top_k=5,
                                       search_type=kind, kb="busy")  # fmt: skip
                    counts[kind] += 1
            except BaseException as exc:
                errors.append(exc)
                return

    threads = [threading.Thread(target=query) for _ in range(QUERY_THREADS)]
    for t in threads:
        t.start()
    report = ingest_paths([REAL_PWS, REAL_QASP], store_settings, "busy")
    done.set()
    for t in threads:
        t.join()
    assert report.exit_code == 0 and errors == []
    assert counts["similarity"] >= QUERY_THREADS and counts["hybrid"] >= QUERY_THREADS


def test_two_ingests_of_the_same_file_at_once_do_not_duplicate_it(store_settings: Settings):
    results = []
    threads = [
        threading.Thread(
            target=lambda: results.append(ingest_paths([REAL_QASP], store_settings, "twice"))
        )
        for _ in range(2)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r.exit_code for r in results] == [0, 0]
    per_doc, complete, orphans = chunk_census(store_settings, "twice")
    docs = KnowledgeBase.open("twice", store_settings).documents()
    assert [d.source for d in docs] == [REAL_QASP.name]
    assert per_doc == Counter({docs[0].doc_id: docs[0].chunks}) and orphans == set()


# ------------------------------------------------------------------------ crash safety
def rfp_ingest(settings: Settings, kb: str, *paths: Path) -> subprocess.Popen:
    env = {
        **os.environ,
        "RFP_HOME": str(settings.home),
        "RFP_CHROMA_URL": settings.chroma_url,
        "RFP_STORE_WRITE_BATCH": "1",  # one upsert a chunk: a wide window to be killed in
        "HF_HUB_OFFLINE": "1",
    }
    command = [sys.executable, "-m", "rfp_agents.cli", "-v", "ingest", *map(str, paths),
               "--kb", kb]  # fmt: skip
    return subprocess.Popen(command, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            text=True)  # fmt: skip


def test_kill_9_mid_document_then_rerun_gives_exactly_a_clean_ingest(
    store_settings: Settings, sample_kb_settings: Settings
):
    assert ingest_paths([SAMPLE_PDF], store_settings, "crash").exit_code == 0
    process = rfp_ingest(store_settings, "crash", BIG_PDF)
    for line in process.stderr:  # wait until it is writing the big document's chunks
        if "writing" in line and BIG_PDF.name in line:
            break
    time.sleep(0.3)
    assert process.poll() is None, "the ingest finished before it could be killed"
    os.kill(process.pid, signal.SIGKILL)
    process.wait()

    knowledge_base = KnowledgeBase.open("crash", store_settings)
    writing = [r for r in knowledge_base.records() if r.status == "writing"]
    assert [r.source for r in writing] == [BIG_PDF.name]
    partial = knowledge_base.chunks.get(where={"doc_id": writing[0].doc_id}, include=[])["ids"]
    assert 0 < len(partial) < writing[0].chunks  # it really died mid-document
    hidden = ContextRetriever(store_settings).retrieve("VistA metadata", top_k=10, kb="crash")
    assert all(r.source_file != BIG_PDF.name for r in hidden.results)

    rerun = rfp_ingest(store_settings, "crash", BIG_PDF)
    rerun.communicate(timeout=300)
    assert rerun.returncode == 0

    clean_home = Settings(home=store_settings.home.parent / "clean")
    ingest_paths([BIG_PDF], clean_home, "clean")
    clean_ids = set(KnowledgeBase.open("clean", clean_home).chunks.get(include=[])["ids"])
    big = next(d for d in KnowledgeBase.open("crash", store_settings).documents()
               if d.source == BIG_PDF.name)  # fmt: skip
    got = KnowledgeBase.open("crash", store_settings).chunks.get(
        where={"doc_id": big.doc_id}, include=[]
    )["ids"]
    assert len(got) == len(set(got)) == big.chunks  # 0 duplicates
    assert set(got) == clean_ids  # exactly a clean ingest
    per_doc, complete, orphans = chunk_census(store_settings, "crash")
    assert orphans == set() and set(per_doc) == complete  # 0 orphans
    assert all(
        r.status == "complete" for r in KnowledgeBase.open("crash", store_settings).records()
    )
