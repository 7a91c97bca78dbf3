"""Readers reuse the manifest while its version holds, and see every write at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from rfp_agents.config import Settings
from rfp_agents.ingest import ingest_paths
from rfp_agents.ingest.pipeline import Ingestor
from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase, now_iso
from rfp_agents.skills.context_retriever import ContextRetriever
from tests.conftest import SAMPLE_PDF
from tests.pdf_factory import text_pdf


def test_an_unchanged_manifest_is_not_read_again(settings: Settings, monkeypatch):
    assert ingest_paths([SAMPLE_PDF], settings, "kb1").exit_code == 0
    retriever = ContextRetriever(settings)
    assert retriever.retrieve("liquidated damages", kb="kb1").results
    kb = retriever.knowledge_base("kb1")

    def no_manifest_reads(*args, **kwargs):
        raise AssertionError("the manifest was read although it did not change")

    monkeypatch.setattr(kb.manifest, "get", no_manifest_reads)
    for _ in range(3):
        assert retriever.retrieve("performance bond", kb="kb1").results


def test_a_reader_sees_another_writer_begin_commit_and_remove(settings: Settings, workdir: Path):
    assert ingest_paths([SAMPLE_PDF], settings, "kb1").exit_code == 0
    retriever = ContextRetriever(settings)  # the reader, with its own cached manifest
    assert retriever.retrieve("liquidated damages", kb="kb1").results

    pdf = text_pdf(workdir / "late.pdf", ["The zephyrquux escrow is released at acceptance."])
    writer = Ingestor(Settings(home=settings.home), "kb1")  # another process's view
    parsed = writer.parse(pdf)
    record = DocumentRecord(parsed.doc_id, parsed.source, "writing", 1, len(parsed.texts), 0, 1,
                            now_iso())  # fmt: skip
    writer.kb.begin_document(record)
    vector = retriever.embeddings.embed_documents(parsed.texts)
    ids = [m["chunk_id"] for m in parsed.metadatas]
    writer.kb.write_chunks(ids, vector, parsed.texts, parsed.metadatas, batch_size=10)

    def sources(query: str) -> set[str]:
        out = retriever.retrieve(query, top_k=10, kb="kb1")
        return {r.source_file for r in out.results}

    assert "late.pdf" not in sources("zephyrquux escrow released")  # being written: hidden
    writer.kb.commit_document(record, replaces=[])
    assert "late.pdf" in sources("zephyrquux escrow released")  # committed: visible at once
    KnowledgeBase.open("kb1", Settings(home=settings.home)).remove_source("late.pdf")
    assert "late.pdf" not in sources("zephyrquux escrow released")


def test_the_server_store_reads_the_manifest_every_time(server_kb_settings: Settings):
    kb = KnowledgeBase.open("sample", server_kb_settings)
    assert kb.version is None
    assert [d.source for d in kb.documents()] == ["sample_rfp.pdf"]


@pytest.mark.parametrize("damage", ["missing", "empty"])
def test_a_missing_or_empty_version_file_falls_back_to_reading(settings: Settings, damage: str):
    assert ingest_paths([SAMPLE_PDF], settings, "kb1").exit_code == 0
    kb = KnowledgeBase.open("kb1", settings)
    if damage == "missing":
        kb.version.path.unlink()
    else:
        kb.version.path.write_text("")
    assert [d.source for d in kb.documents()] == ["sample_rfp.pdf"]
    assert kb.hidden_filter() is None


def test_a_chunk_the_vector_index_leaves_out_is_written_again(
    settings: Settings, workdir: Path, caplog: pytest.LogCaptureFixture
):
    """Chroma's embedded store now and then counts a freshly upserted vector but leaves it
    out of every query (chroma-core/chroma#7758). ``write_chunks`` looks each new vector up
    by itself and writes a missing one again, so dense search reaches it."""
    assert ingest_paths([SAMPLE_PDF], settings, "kb1").exit_code == 0
    kb = KnowledgeBase.open("kb1", settings)
    store = kb.chunks

    class IndexThatMissesAnUpsert:
        """The store, except that upserted ids stay out of query results until re-added."""

        def __init__(self) -> None:
            self.unindexed: set[str] = set()
            self.readded: list[str] = []

        def __getattr__(self, name: str):
            return getattr(store, name)

        def upsert(self, **kwargs):
            store.upsert(**kwargs)
            self.unindexed.update(kwargs["ids"])

        def add(self, **kwargs):
            store.add(**kwargs)
            self.unindexed.difference_update(kwargs["ids"])
            self.readded.extend(kwargs["ids"])

        def query(self, **kwargs):
            got = store.query(**kwargs)
            keep = [[i not in self.unindexed for i in row] for row in got["ids"]]
            for key in ("ids", "distances"):
                got[key] = [[v for v, k in zip(r, ks, strict=True) if k]
                            for r, ks in zip(got[key], keep, strict=True)]  # fmt: skip
            return got

    flaky = IndexThatMissesAnUpsert()
    kb.chunks = flaky
    texts = ["The zephyrquux escrow is released at acceptance.", "Quarterly bumblewick audits."]
    vectors = ContextRetriever(settings).embeddings.embed_documents(texts)
    ids = ["late-c0", "late-c1"]
    metadatas = [{"doc_id": "late", "source": "late.pdf", "page_number": 1, "chunk_id": i}
                 for i in ids]  # fmt: skip
    with caplog.at_level("WARNING", logger="rfp_agents.store"):
        kb.write_chunks(ids, vectors, texts, metadatas, batch_size=10)
    assert sorted(flaky.readded) == ids
    assert "were not reachable by a vector query" in caplog.text
    assert "still unreachable" not in caplog.text
    found = store.query(query_embeddings=[vectors[0]], n_results=1)["ids"][0]
    assert found == ["late-c0"]
