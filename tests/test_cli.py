"""The `rfp` command as a user runs it: exit codes, JSON output, clear errors."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from rfp_agents.cli import app
from tests.conftest import REAL_QASP, SAMPLE_PDF, copy_to

runner = CliRunner()


def rfp(*args: str):
    return runner.invoke(app, list(args))


def test_ingest_list_retrieve_remove(rfp_home, workdir):
    result = rfp("ingest", str(SAMPLE_PDF), "--kb", "t1")
    assert result.exit_code == 0, result.output
    assert "sample_rfp.pdf: ingested: 12 pages" in result.output

    again = rfp("ingest", str(SAMPLE_PDF), "--kb", "t1", "--json")
    assert again.exit_code == 0
    assert json.loads(again.output)["files"][0]["status"] == "unchanged"

    kbs = json.loads(rfp("kb", "list", "--json").output)
    assert [(k["name"], k["documents"]) for k in kbs] == [("t1", 1)]

    docs = json.loads(rfp("docs", "--kb", "t1", "--json").output)
    assert docs[0]["source"] == "sample_rfp.pdf" and docs[0]["pages"] == 12

    found = rfp(
        "retrieve", "performance bond issued by a surety", "--kb", "t1", "-k", "2", "--json"
    )
    assert found.exit_code == 0, found.output
    output = json.loads(found.output)
    assert output["results"][0]["page_number"] == 7
    assert output["results"][0]["source_file"] == "sample_rfp.pdf"

    table = rfp("retrieve", "performance bond issued by a surety", "--kb", "t1", "-k", "2")
    assert "sample_rfp.pdf" in table.output and "score" in table.output

    removed = rfp("remove", "sample_rfp.pdf", "--kb", "t1")
    assert removed.exit_code == 0 and "removed sample_rfp.pdf" in removed.output
    assert json.loads(rfp("docs", "--kb", "t1", "--json").output) == []


def test_ingest_exit_code_1_when_a_file_fails(rfp_home, workdir):
    copy_to(REAL_QASP, workdir)
    (workdir / "broken.pdf").write_bytes(b"%PDF-1.7\n garbage")
    result = rfp("ingest", str(workdir), "--kb", "t2")
    assert result.exit_code == 1
    assert "broken.pdf: skipped: corrupt" in result.output
    assert "gsa-cloudgov-support-qasp.pdf: ingested" in result.output
    assert "not ingested: broken.pdf (corrupt)" in result.output


def test_bad_filter_exits_2_with_the_reason(rfp_home):
    assert rfp("ingest", str(SAMPLE_PDF), "--kb", "t3").exit_code == 0
    bad = rfp("retrieve", "x", "--kb", "t3", "--filter", '{"page": {"$between": [1, 2]}}')
    assert bad.exit_code == 2
    assert "unknown operator '$between'" in bad.output
    not_json = rfp("retrieve", "x", "--kb", "t3", "--filter", "{page: 1}")
    assert not_json.exit_code == 2 and "not valid JSON" in not_json.output
    k_too_big = rfp("retrieve", "x", "--kb", "t3", "-k", "51")
    assert k_too_big.exit_code == 2 and "top_k=51" in k_too_big.output


def test_unknown_kb_and_document_are_clear_errors(rfp_home):
    missing = rfp("retrieve", "x", "--kb", "nope")
    assert missing.exit_code == 1 and "rfp ingest" in missing.output
    assert rfp("docs", "--kb", "nope").exit_code == 1
    assert rfp("ingest", str(SAMPLE_PDF), "--kb", "../etc").exit_code == 2
    assert rfp("ingest", str(SAMPLE_PDF), "--kb", "t4").exit_code == 0
    gone = rfp("remove", "other.pdf", "--kb", "t4")
    assert gone.exit_code == 1 and "sample_rfp.pdf" in gone.output


def test_ask_prints_the_answer_with_references_and_a_thread(sample_kb_settings, monkeypatch):
    monkeypatch.setenv("RFP_HOME", str(sample_kb_settings.home))
    monkeypatch.delenv("RFP_CHAT_MODEL", raising=False)
    result = rfp("ask", "What liquidated damages apply if go-live is late?", "--kb", "sample")
    assert result.exit_code == 0, result.output
    assert "USD 1,500 per calendar day" in result.output
    assert "[1] sample_rfp.pdf, p. 9" in result.output
    assert "--thread" in result.output

    steps = rfp("ask", "What is the contract ceiling?", "--kb", "sample", "--steps")
    assert steps.exit_code == 0, steps.output
    assert "route (classifier): financial" in steps.output
    assert "query_knowledge" in steps.output

    data = json.loads(rfp("ask", "What insurance is required?", "--kb", "sample", "--json").output)
    assert set(data) >= {"question", "answer", "domains", "findings", "citations", "warnings"}
    assert data["citations"][0]["n"] == 1 and data["citations"][0]["page_number"] >= 1


def test_ask_errors_exit_with_clear_codes(sample_kb_settings, monkeypatch):
    monkeypatch.setenv("RFP_HOME", str(sample_kb_settings.home))
    empty = rfp("ask", "   ", "--kb", "sample")
    assert empty.exit_code == 2 and "the question is empty" in empty.output
    too_long = rfp("ask", "x" * 2001, "--kb", "sample")
    assert too_long.exit_code == 2 and "RFP_MAX_QUESTION_CHARACTERS" in too_long.output
    missing = rfp("ask", "What is the price?", "--kb", "nope")
    assert missing.exit_code == 1 and "does not exist" in missing.output
    domain = rfp("ask", "What is the price?", "--kb", "sample", "--domain", "sales")
    assert domain.exit_code == 2 and "unknown domain" in domain.output


def test_a_hanging_model_is_cut_off_with_a_clear_message_and_exit_code_3(
    sample_kb_settings, monkeypatch, hang
):
    import importlib

    model = hang.model
    graph_module = importlib.import_module("rfp_agents.graph.graph")
    monkeypatch.setattr(graph_module, "chat_model_for", lambda settings, given=None: model)
    monkeypatch.setenv("RFP_HOME", str(sample_kb_settings.home))
    monkeypatch.setenv("RFP_PROVIDER_TIMEOUT_SECONDS", "0.3")
    result = rfp("ask", "What insurance is required?", "--kb", "sample", "--domain", "legal")
    assert result.exit_code == 3
    assert "did not answer within 0.3 s" in result.output
    assert "RFP_PROVIDER_TIMEOUT_SECONDS" in result.output
    assert not hang.answered.is_set()  # cut off while the model was still hanging
    healthy = rfp("retrieve", "insurance", "--kb", "sample", "-k", "1")
    assert healthy.exit_code == 0  # the process carries on


def test_brackets_in_documents_and_answers_print_as_they_are(rfp_home, workdir):
    """Rich markup is off: "[/INST]" in a passage, an answer or a file name is text."""
    from tests.pdf_factory import text_pdf

    text_pdf(
        workdir / "Attachment [bold] [A].pdf",
        ["The vendor shall post a [/INST] performance bond of ten percent [bold]."],
    )
    assert rfp("ingest", str(workdir), "--kb", "t").exit_code == 0
    found = rfp("retrieve", "performance bond", "--kb", "t")
    assert found.exit_code == 0 and "Attachment [bold] [A].pdf" in found.output
    asked = rfp("ask", "What performance bond must the vendor post?", "--kb", "t")
    assert asked.exit_code == 0, asked.output
    assert "[/INST] performance bond" in asked.output and "[bold] [A].pdf" in asked.output


def test_a_commands_help_reads_as_paragraphs(monkeypatch):
    """`rfp matrix --help` on a wide terminal: each paragraph of the command's description
    is one flowing line, not the source's line breaks, and an option's bracketed default
    is shown, not taken for markup."""
    monkeypatch.setenv("COLUMNS", "200")
    lines = rfp("matrix", "--help").output.splitlines()
    assert any("keep only those rows; the rows keep the ids they have" in line for line in lines)
    assert any("File to write [default: KB-matrix.FORMAT]." in line for line in lines), lines
