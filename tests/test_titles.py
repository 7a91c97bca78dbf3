"""Documents named the way they name themselves: titles from the first page, not file names."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from rfp_agents.cli import app
from rfp_agents.config import Settings
from rfp_agents.graph.ask import ask
from rfp_agents.ingest import ingest_paths
from rfp_agents.ingest.titles import document_title
from rfp_agents.retrieval.pipeline import RetrievalPipeline
from rfp_agents.skills.context_retriever import ContextRetriever
from tests.pdf_factory import text_pdf


def test_the_title_is_the_heading_the_repeated_name_and_the_number():
    page = (
        "Purchasing Department\n4400 Main Street, Springfield, IL 62701\nPhone: 555-0100\n"
        "REQUEST FOR QUOTATION RFQ-2026-117\nSnow Removal Services\n"
        "Questions go to Springfield Public Works. Springfield Public Works answers by "
        "addendum. Quotes are opened by Springfield Public Works."
    )
    title = document_title("Microsoft Word - Document1.docx", page)
    assert "Snow Removal Services" in title and "RFQ-2026-117" in title
    assert "Springfield Public Works" in title
    assert "62701" not in title and "Phone" not in title and "Microsoft" not in title


def test_files_that_keep_their_original_names_are_found_by_their_titles(
    settings: Settings, workdir, monkeypatch
):
    springfield = text_pdf(workdir / "RFQ.pdf", [
        "City of Springfield\nREQUEST FOR QUOTATION 2026-117\nSnow Removal Services",
        "The contractor shall clear all arterial roads within four hours of a snowfall.",
    ])  # fmt: skip
    shelbyville = text_pdf(workdir / "Entire_RFQ.pdf", [
        "Town of Shelbyville\nINVITATION TO BID 88-B\nStreet Lighting Maintenance",
        "The contractor shall repair a failed street light within four days of a report.",
    ])  # fmt: skip
    assert ingest_paths([springfield, shelbyville], settings, "tenders").exit_code == 0

    out = RetrievalPipeline(ContextRetriever(settings)).run(
        "How fast must the contractor respond under the Springfield snow removal RFQ?",
        ["tenders"],
        top_k=3,
    )
    assert out.diagnostics.named_documents == ["RFQ.pdf"]
    assert out.results[0].source_file == "RFQ.pdf"
    answer = ask("How fast must the contractor respond under the Springfield RFQ?", ["tenders"],
                 settings=settings)  # fmt: skip
    assert "four hours" in answer.answer
    assert {c.source_file for c in answer.cited} == {"RFQ.pdf"}

    monkeypatch.setenv("RFP_HOME", str(settings.home))
    docs = json.loads(CliRunner().invoke(app, ["docs", "--kb", "tenders", "--json"]).output)
    titles = {d["source"]: d["title"] for d in docs}
    assert "Snow Removal Services" in titles["RFQ.pdf"]
    assert "Street Lighting Maintenance" in titles["Entire_RFQ.pdf"]


def test_a_common_word_of_a_title_names_no_document():
    """ "ISSUE DATE" in a title does not make "the due date" name that document; "George
    Mason" written as a name does."""
    from rfp_agents.retrieval.subjects import named_documents

    titles = {
        "gmu.pdf": "REQUEST FOR PROPOSALS ISSUE DATE: September 4 · George Mason",
        "qa.pdf": "Office of Products and Programs RFQ Amendment 3 Revised Q&A",
        "county.pdf": "Invitation to bid: snow removal",
    }
    assert named_documents("Will the proposal due date be extended?", titles) == []
    assert named_documents("When is the George Mason proposal due?", titles) == ["gmu.pdf"]


def test_one_common_title_word_or_part_of_a_file_name_word_names_no_document():
    """ "the SNAP Data Reporting System" does not name the PWS whose title says "Information
    Systems" and whose file name says "metadata"; "the Tax Court RFQ" still names its RFQ."""
    from rfp_agents.retrieval.subjects import named_documents

    titles = {
        "va-vista-metadata-pws.pdf": "PERFORMANCE WORK STATEMENT Health Information Systems",
        "hhs-draft-rfq.pdf": "Office of Acquisitions Draft Request for Quotation",
        "ustaxcourt-ef-cms-rfq.pdf": "REQUEST FOR QUOTE United States Tax Court",
    }
    question = "How do users sign in to the SNAP Data Reporting System?"
    assert named_documents(question, titles) == []
    assert named_documents("What does the Tax Court RFQ pay?", titles) == [
        "ustaxcourt-ef-cms-rfq.pdf"
    ]
