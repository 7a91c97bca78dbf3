"""Scanned pages: read by OCR at ingest, answered and cited on their page, said to be scans."""

from __future__ import annotations

import difflib

from typer.testing import CliRunner

from rfp_agents.cli import app
from rfp_agents.config import Settings
from rfp_agents.graph.ask import ask
from rfp_agents.ingest import ingest_paths
from rfp_agents.ingest.ocr import ocr_engine, ocr_pages
from rfp_agents.ingest.pdf_text import read_pdf_text
from tests.conftest import RFPS_DIR
from tests.pdf_factory import scanned_pages_pdf

TDRS = RFPS_DIR / "hhs-tdrs-draft-rfq.pdf"


def test_a_scanned_page_reads_like_its_text_layer(workdir):
    """The bar of the OCR issue: ≥ 0.95 character similarity to the page's own text layer."""
    scan = scanned_pages_pdf(TDRS, workdir / "scan.pdf", [12], {1})
    data = scan.read_bytes()
    assert read_pdf_text(data, max_pages=5).pages_without_text == [1]
    [page] = ocr_pages(data, [1], ocr_engine())
    original = read_pdf_text(TDRS.read_bytes(), max_pages=100).pages[11]
    similarity = difflib.SequenceMatcher(
        None, " ".join(original.split()), " ".join(page.text.split()), autojunk=False
    ).ratio()
    assert similarity >= 0.95, page.text[:300]
    assert page.confidence >= 80


def test_an_answer_from_a_scanned_page_cites_it_as_a_scan(settings: Settings, workdir, monkeypatch):
    scan = scanned_pages_pdf(TDRS, workdir / "tdrs-extract.pdf", [11, 12, 13], {2})
    report = ingest_paths([scan], settings, "scans")
    assert report.exit_code == 0 and report.outcomes[0].ocr_pages == [2]

    answer = ask("What user authentication must the system include?", ["scans"],
                 settings=settings)  # fmt: skip
    assert "Login.gov user authentication" in answer.answer
    [cited] = [c for c in answer.cited if "Login.gov" in c.snippet]
    assert cited.page_number == 2 and cited.ocr_confidence is not None

    monkeypatch.setenv("RFP_HOME", str(settings.home))
    monkeypatch.setenv("COLUMNS", "200")
    runner = CliRunner()
    docs = runner.invoke(app, ["docs", "--kb", "scans"])
    assert "3 (1 by OCR)" in docs.output
    asked = runner.invoke(app, ["ask", "What user authentication must the system include?",
                                "--kb", "scans"])  # fmt: skip
    assert asked.exit_code == 0, asked.output
    assert "tdrs-extract.pdf, p. 2" in asked.output
    assert "scanned page read by OCR at" in asked.output


def test_ocr_can_be_turned_off(settings: Settings, workdir):
    scan = scanned_pages_pdf(TDRS, workdir / "tdrs-extract.pdf", [11, 12], {2})
    report = ingest_paths([scan], settings.model_copy(update={"ocr": False}), "scans")
    outcome = report.outcomes[0]
    assert outcome.ocr_pages == [] and outcome.unread_pages == [2]
    assert "OCR did not run: OCR is turned off (RFP_OCR=false)" in outcome.describe()
