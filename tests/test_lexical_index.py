"""The persisted BM25 index: saved by ingest, loaded after a restart, updated per document."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from rfp_agents.config import Settings
from rfp_agents.ingest import ingest_paths
from rfp_agents.ingest.pipeline import Ingestor
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.search import Bm25Index, LexicalIndexCache
from rfp_agents.search import lexical as lexical_module
from rfp_agents.search.lexical import index_path
from rfp_agents.skills.context_retriever import ContextRetriever
from tests.pdf_factory import text_pdf


def test_bm25_scores_follow_the_lucene_formula():
    index = Bm25Index()
    index.add([("d1", "a", ["bond", "bond", "surety"]), ("d1", "b", ["surety"]), ("d2", "c", [])])
    n, avgdl = 3, (3 + 1 + 1) / 3  # the chunk with no terms counts one placeholder

    def expected(tf: int, df: int, dl: int) -> float:
        idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
        return idf * tf / (tf + 1.5 * (0.25 + 0.75 * dl / avgdl))

    scores = index.scores(["bond", "surety", "unknown"])
    assert scores[0] == pytest.approx(expected(2, 1, 3) + expected(1, 2, 3), rel=1e-5)
    assert scores[1] == pytest.approx(expected(1, 2, 1), rel=1e-5)
    assert scores[2] == 0
    assert [row for row, _ in index.ranked(["bond", "surety"])] == [0, 1]
    assert index.remove(["d1"]) == 2 and index.chunk_ids == ["c"]


def test_ingest_saves_the_index_and_a_restart_only_loads_it(
    settings: Settings, workdir: Path, monkeypatch: pytest.MonkeyPatch
):
    pdf = text_pdf(workdir / "tender.pdf", ["The vendor shall post a zephyrquux performance bond."])
    assert ingest_paths([pdf], settings, "kb1").exit_code == 0
    assert index_path(settings, "kb1").is_file()

    def no_tokenizing(*args, **kwargs):
        raise AssertionError("a saved, current index must not be rebuilt")

    monkeypatch.setattr(lexical_module, "update", no_tokenizing)
    restarted = ContextRetriever(Settings(home=settings.home))  # a new process's view
    out = restarted.retrieve("zephyrquux", top_k=3, search_type="hybrid", kb="kb1")
    assert out.results[0].source_file == "tender.pdf" and out.results[0].lexical_score


def test_a_new_document_is_added_without_retokenizing_the_others(
    settings: Settings, workdir: Path, monkeypatch: pytest.MonkeyPatch
):
    first = text_pdf(workdir / "first.pdf", ["Insurance limits are stated in clause 7."] * 3)
    assert ingest_paths([first], settings, "kb1").exit_code == 0
    tokenized: list[str] = []
    real_terms = lexical_module.content_terms
    monkeypatch.setattr(
        lexical_module,
        "content_terms",
        lambda text, language="en": tokenized.append(text) or real_terms(text, language),
    )
    second = text_pdf(workdir / "second.pdf", ["Payment is due within 30 days of invoice."])
    assert ingest_paths([second], settings, "kb1").exit_code == 0
    second_chunks = KnowledgeBase.open("kb1", settings).records_for_source("second.pdf")[0].chunks
    assert len(tokenized) == second_chunks
    assert all("Payment" in text for text in tokenized)


def test_a_stale_index_after_an_interrupted_ingest_is_brought_up_to_date(
    settings: Settings, workdir: Path
):
    first = text_pdf(workdir / "first.pdf", ["The zephyrquux module is delivered in phase one."])
    assert ingest_paths([first], settings, "kb1").exit_code == 0
    # A second ingest is killed after its commit and before the BM25 update: the saved index
    # does not know the new document.
    ingestor = Ingestor(settings, "kb1")
    second = text_pdf(workdir / "second.pdf", ["The quasarblip gateway is delivered in phase two."])
    ingestor.ingest_file(second)  # stores and commits, but does not touch the lexical index
    # A third one dies while writing: its chunks must stay out of BM25.
    third = text_pdf(workdir / "third.pdf", ["The vortexian relay is delivered in phase three."])
    parsed = ingestor.parse(third)
    kb = KnowledgeBase.open("kb1", settings)
    from rfp_agents.knowledge_base import DocumentRecord, now_iso

    kb.begin_document(
        DocumentRecord(
            parsed.doc_id, parsed.source, "writing", 1, len(parsed.texts), 0, 1, now_iso()
        )
    )
    kb.write_chunks(
        [m["chunk_id"] for m in parsed.metadatas],
        [[0.1] * 384 for _ in parsed.texts],
        parsed.texts,
        parsed.metadatas,
        batch_size=10,
    )

    index = LexicalIndexCache(Settings(home=settings.home)).index_for(kb)
    assert {h.content.split()[1] for h in index.search("delivered", 10)} == {
        "zephyrquux",
        "quasarblip",
    }
    assert index.search("vortexian", 5) == []


def test_an_unreadable_index_file_is_rebuilt(settings: Settings, workdir: Path):
    pdf = text_pdf(workdir / "tender.pdf", ["The zephyrquux bond is ten percent."])
    assert ingest_paths([pdf], settings, "kb1").exit_code == 0
    index_path(settings, "kb1").write_bytes(b"garbage")
    kb = KnowledgeBase.open("kb1", settings)
    hits = LexicalIndexCache(settings).index_for(kb).search("zephyrquux", 3)
    assert [h.metadata["source"] for h in hits] == ["tender.pdf"]
    assert Bm25Index.load(index_path(settings, "kb1")) is not None  # saved again


def test_an_update_never_changes_an_index_a_search_may_still_be_using(
    settings: Settings, workdir: Path
):
    first = text_pdf(workdir / "first.pdf", ["The zephyrquux bond is ten percent."])
    assert ingest_paths([first], settings, "kb1").exit_code == 0
    cache = LexicalIndexCache(settings)
    kb = KnowledgeBase.open("kb1", settings)
    before = cache.index_for(kb)
    chunks_before = list(before.bm25.chunk_ids)
    second = text_pdf(workdir / "second.pdf", ["The quasarblip bond is five percent."])
    assert ingest_paths([second], settings, "kb1").exit_code == 0
    after = cache.index_for(kb)
    assert after.bm25 is not before.bm25 and len(after) > len(before)
    assert before.bm25.chunk_ids == chunks_before  # copy-on-write: the old one is intact
    assert [h.metadata["source"] for h in before.search("zephyrquux", 3)] == ["first.pdf"]


def test_a_reader_takes_the_update_an_ingest_saved_instead_of_redoing_it(
    settings: Settings, workdir: Path, monkeypatch: pytest.MonkeyPatch
):
    first = text_pdf(workdir / "first.pdf", ["The zephyrquux bond is ten percent."])
    assert ingest_paths([first], settings, "kb1").exit_code == 0
    reader = ContextRetriever(settings)  # e.g. the API's, alive across uploads
    assert reader.retrieve("zephyrquux", search_type="hybrid", kb="kb1").results
    second = text_pdf(workdir / "second.pdf", ["The quasarblip bond is five percent."])
    assert ingest_paths([second], settings, "kb1").exit_code == 0  # saves the update

    def no_tokenizing(*args, **kwargs):
        raise AssertionError("the saved update was redone")

    monkeypatch.setattr(lexical_module, "update", no_tokenizing)
    out = reader.retrieve("quasarblip", search_type="hybrid", kb="kb1")
    assert out.results[0].source_file == "second.pdf" and out.results[0].lexical_score
