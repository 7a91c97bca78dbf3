"""Retrieval quality: hybrid search, expansion, subjects, reranking, selection, diagnostics."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from rfp_agents.cli import app
from rfp_agents.config import Settings
from rfp_agents.ingest import ingest_paths
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.retrieval.expansion import expand_queries
from rfp_agents.retrieval.pipeline import RetrievalPipeline
from rfp_agents.retrieval.rerank import Candidate, rerank
from rfp_agents.retrieval.selection import select_context
from rfp_agents.retrieval.subjects import comparison_subjects, named_documents
from rfp_agents.skills.context_retriever import ContextRetriever, InvalidFilterError
from tests.conftest import RFPS_DIR
from tests.pdf_factory import text_pdf

SOURCES = [
    "gsa-cloudgov-support-pws.pdf",
    "gsa-cloudgov-support-qasp.pdf",
    "gsa-cloudgov-support-qa.pdf",
    "alaska-ies-m2-qap-sla.pdf",
    "alaska-ies-m2-standard-agreement.pdf",
    "ustaxcourt-ef-cms-rfq.pdf",
]


# ------------------------------------------------------------------------- hybrid search
def test_hybrid_results_carry_dense_and_bm25_scores_in_relevance_order(
    sample_kb_settings: Settings,
):
    out = ContextRetriever(sample_kb_settings).retrieve(
        "99.95% availability", top_k=4, search_type="hybrid", kb="sample"
    )
    scores = [r.relevance_score for r in out.results]
    assert scores == sorted(scores, reverse=True) and 0 < scores[0] <= 1
    assert out.results[0].page_number == 4
    assert out.results[0].lexical_score and out.results[0].dense_score is not None


def test_hybrid_applies_metadata_filters_to_bm25_candidates(sample_kb_settings: Settings):
    out = ContextRetriever(sample_kb_settings).retrieve(
        "liquidated damages",
        top_k=5,
        search_type="hybrid",
        kb="real",
        metadata_filter={"source": "gsa-cloudgov-support-qasp.pdf"},
    )
    assert out.results
    assert {r.source_file for r in out.results} == {"gsa-cloudgov-support-qasp.pdf"}


def test_the_bm25_index_follows_ingest_replace_and_remove(settings: Settings, workdir):
    pdf = text_pdf(workdir / "tender.pdf", ["The vendor shall deliver the zephyrquux module."])
    other = text_pdf(workdir / "other.pdf", ["Invoices are paid monthly by transfer."])
    ingest_paths([pdf, other], settings, "kb1")
    retriever = ContextRetriever(settings)

    def lexical_hits(term: str) -> list[str]:
        out = retriever.retrieve(term, top_k=5, search_type="hybrid", kb="kb1")
        return [r.source_file for r in out.results if r.lexical_score]

    assert lexical_hits("zephyrquux") == ["tender.pdf"]
    text_pdf(pdf, ["The vendor shall deliver the quasarblip module."])  # same name, new text
    assert ingest_paths([pdf], settings, "kb1").outcomes[0].status == "replaced"
    assert lexical_hits("zephyrquux") == []
    assert lexical_hits("quasarblip") == ["tender.pdf"]
    KnowledgeBase.open("kb1", settings).remove_source("tender.pdf")
    assert lexical_hits("quasarblip") == []
    assert lexical_hits("invoices") == ["other.pdf"]


# ------------------------------------------------------------------- planning the search
def test_expansion_rewrites_everyday_words_in_rfp_vocabulary_and_is_capped():
    queries = expand_queries("What penalties apply if the uptime is missed?", "legal", limit=3)
    assert queries[0].text == "What penalties apply if the uptime is missed?"
    assert "liquidated damages" in queries[1].text and "availability" in queries[1].text
    assert "penalty -> liquidated damages" in queries[1].why
    assert len(expand_queries("What penalties apply?", limit=1)) == 1


def test_a_question_names_the_documents_it_mentions():
    assert named_documents("What uptime does the cloud.gov QASP require?", SOURCES) == [
        "gsa-cloudgov-support-qasp.pdf"
    ]
    assert named_documents("What does the Tax Court RFQ pay?", SOURCES) == [
        "ustaxcourt-ef-cms-rfq.pdf"
    ]
    assert named_documents("What is the price?", SOURCES) == []


def test_a_comparison_has_one_subject_per_side():
    subjects = comparison_subjects(
        "Compare the availability in the cloud.gov QASP and the Alaska QAP", SOURCES
    )
    assert [s.documents for s in subjects] == [
        ["gsa-cloudgov-support-qasp.pdf"],
        ["alaska-ies-m2-qap-sla.pdf"],
    ]
    words = comparison_subjects("Differences between firm fixed price and labor hours", SOURCES)
    assert [(s.text, s.documents) for s in words] == [
        ("firm fixed price", []),
        ("labor hours", []),
    ]
    assert comparison_subjects("What is the price?", SOURCES) == []


# --------------------------------------------------------------- reranking and selection
def candidate(chunk_id: str, content: str, page: int = 1, fused: float = 0.5, **meta) -> Candidate:
    metadata = {"source": "a.pdf", "page_number": page, "chunk_id": chunk_id, **meta}
    return Candidate("kb", chunk_id, content, metadata, 0.5, None, fused_score=fused)


def test_the_reranker_records_why_each_boost_was_given():
    ranked = rerank(
        [
            candidate("plain", "Uptime is reported monthly.", fused=0.9),
            candidate("exact", "Uptime of 99.99% is required.", fused=0.6, category="technical"),
        ],
        "Is 99.99% uptime required?",
        domain="technical",
    )
    assert ranked[0].chunk_id == "exact"
    reasons = " ".join(ranked[0].reasons)
    assert "exact '99.99%' +0.15" in reasons and "category technical" in reasons
    assert "coverage" in reasons and "fused 0.600" in reasons


def test_selection_drops_duplicates_same_pages_budget_and_threshold_with_reasons():
    a = candidate("a", "Invoices are paid monthly by electronic funds transfer.", page=1)
    a_twin = candidate("b", "Invoices are paid monthly by electronic funds transfer!", page=2)
    same_page = candidate("c", "Completely different words about travel costs.", page=1)
    long = candidate("d", "Budget " + "word " * 300, page=3)
    weak = candidate("e", "Something weak.", page=4)
    weak.dense_score = 0.1
    kept, dropped = select_context(
        [a, a_twin, same_page, long, weak], top_k=5, budget_characters=500, score_threshold=0.2
    )
    assert [c.chunk_id for c in kept] == ["a"]
    reasons = {d.candidate.chunk_id: d.reason for d in dropped}
    assert reasons["b"].startswith("duplicate of a")
    assert reasons["c"].startswith("same page as a")
    assert reasons["d"].startswith("budget")
    assert reasons["e"].startswith("threshold")


# ------------------------------------------------------------------------- the pipeline
def test_the_pipeline_finds_the_page_and_explains_itself(sample_kb_settings: Settings):
    pipeline = RetrievalPipeline(ContextRetriever(sample_kb_settings))
    out = pipeline.run(
        "How quickly does the QASP require service disruptions to be detected?", ["real"], top_k=5
    )
    assert ("gsa-cloudgov-support-qasp.pdf", 6) in [
        (r.source_file, r.page_number) for r in out.results
    ]
    d = out.diagnostics
    assert d.named_documents == ["gsa-cloudgov-support-qasp.pdf"]
    assert d.expanded_queries[0].why == "the question" and len(d.expanded_queries) <= 3
    assert any(
        s.where == {"source": {"$in": ["gsa-cloudgov-support-qasp.pdf"]}} for s in d.searches
    )
    assert all(s.candidates for s in d.searches)
    assert [r.chunk_id for r in out.results] == d.selected
    assert all(r.reasons for r in out.results)
    assert sum(r.selected for r in d.ranks) == len(out.results)
    assert all(x.reason for x in d.dropped)


def test_a_bad_filter_fails_before_any_search(sample_kb_settings: Settings):
    with pytest.raises(InvalidFilterError):
        RetrievalPipeline(ContextRetriever(sample_kb_settings)).run(
            "uptime", ["real"], metadata_filter={"page": {"$near": 3}}
        )


# ------------------------------------------------------------------------------ commands
runner = CliRunner()


def test_rfp_retrieve_and_ask_print_diagnostics(sample_kb_settings: Settings, monkeypatch):
    monkeypatch.setenv("RFP_HOME", str(sample_kb_settings.home))
    shown = runner.invoke(
        app,
        [
            "retrieve",
            "What penalties apply if go-live is late?",
            "--kb",
            "sample",
            "--search-type",
            "pipeline",
            "--diagnostics",
        ],
    )
    assert shown.exit_code == 0, shown.output
    assert "RFP vocabulary: penalty -> liquidated damages" in shown.output
    assert "kept #1" in shown.output and "search " in shown.output

    data = json.loads(
        runner.invoke(
            app, ["ask", "What insurance is required?", "--kb", "sample", "--json", "--diagnostics"]
        ).output
    )
    diagnostics = data["findings"][0]["diagnostics"][0]
    assert diagnostics["expanded_queries"] and diagnostics["ranks"] and diagnostics["searches"]
    plain = json.loads(
        runner.invoke(
            app, ["ask", "What insurance is required?", "--kb", "sample", "--json"]
        ).output
    )
    assert plain["findings"][0]["diagnostics"] == []  # the same shape as /api/ask


def _own_questions(path):
    """Questions of this test (not the gold sets'): three answerable, two not."""
    rows = [
        ("emails", "How many customer email support requests does cloud.gov get a month?",
         "technical", "gsa-cloudgov-support-pws.pdf", 2, "30 customer email support requests"),
        ("vms", "How many virtual machines make up the cloud.gov system?",
         "technical", "gsa-cloudgov-support-pws.pdf", 2, "270+ virtual machines"),
        ("detect", "How quickly must the contractor detect a service disruption?",
         "technical", "gsa-cloudgov-support-qasp.pdf", 6, "Detect any service disruptions"),
        ("no-bond", "What bid bond must accompany each offer?", "financial", None, 0, ""),
        ("no-quantum", "Which mainframe languages must be ported to quantum chips?",
         "technical", None, 0, ""),
    ]  # fmt: skip
    lines = []
    for id_, question, domain, file, page, quote in rows:
        expected = [{"file": file, "pages": [page], "quote": quote}] if file else []
        kind = "single" if file else "unanswerable"
        lines.append(json.dumps({"id": id_, "question": question, "domain": domain,
                                 "kind": kind, "expected": expected}))  # fmt: skip
    path.write_text("\n".join(lines) + "\n")
    return path


def test_rfp_eval_measures_every_mode_in_one_table(
    sample_kb_settings: Settings, monkeypatch, tmp_path
):
    monkeypatch.setenv("RFP_HOME", str(sample_kb_settings.home))
    questions = _own_questions(tmp_path / "q.jsonl")
    result = runner.invoke(
        app, ["eval", str(questions), "--kb", "real", "--pdfs", str(RFPS_DIR), "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [m["mode"] for m in report["modes"]] == [
        "naive",
        "similarity",
        "mmr",
        "hybrid",
        "pipeline",
        "plain",
        "ask",
    ]
    assert report["answerable"] == 3 and report["unanswerable"] == 2
    for mode in report["modes"]:
        o = mode["overall"]
        assert 0 <= o["hit_at_1"] <= o["hit_at_3"] <= o["hit_at_5"] <= 1
        assert set(mode["by_domain"]) <= {"legal", "technical", "financial"}
    ask = {m["mode"]: m for m in report["modes"]}["ask"]
    # the answer text is measured, not only its citations; every miss is named
    assert ask["states_fact_rate"] == round(1 - len(ask["not_stated"]) / 3, 3)
    assert ask["abstain_rate"] == round(1 - len(ask["missed_abstentions"]) / 2, 3)
    assert ask["abstain_answerable_rate"] == round(len(ask["wrong_abstentions"]) / 3, 3)
    assert ask["median_answer_characters"] > 0 and ask["repeat_rate"] == 0.0
    plain = {m["mode"]: m for m in report["modes"]}["plain"]
    assert report["answer_margin"] == round(ask["states_fact_rate"] - plain["states_fact_rate"], 3)

    table = runner.invoke(app, ["eval", str(questions), "--kb", "real", "--mode", "hybrid"])
    assert table.exit_code == 0 and "hybrid" in table.output and "hit@5" in table.output
    bad = runner.invoke(app, ["eval", str(questions), "--kb", "real", "--mode", "magic"])
    assert bad.exit_code == 2 and "unknown mode" in bad.output
