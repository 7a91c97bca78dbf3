"""Click a citation, see the page: rendered with the cited sentence highlighted."""

from __future__ import annotations

import io

import pytest
from fastapi.testclient import TestClient
from PIL import Image
from typer.testing import CliRunner

from rfp_agents.api.app import create_app
from rfp_agents.cli import app
from rfp_agents.config import Settings
from rfp_agents.errors import PageNotFound
from rfp_agents.ingest import ingest_paths
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.page_view import render_page, show_page
from tests.conftest import RFPS_DIR
from tests.pdf_factory import scanned_pages_pdf

TDRS = RFPS_DIR / "hhs-tdrs-draft-rfq.pdf"
CITED = (
    "The System must include Login.gov user authentication and authorization functionality "
    "and use open source encryption protocols."
)


def _words(text: str) -> list[str]:
    return [w.strip(".,").lower() for w in text.split()]


def test_the_highlight_covers_the_cited_sentence_and_nothing_else(settings: Settings):
    view = render_page(TDRS, 12, CITED, settings=settings)
    assert _words(" ".join(view.highlighted_words)) == _words(CITED)
    image = Image.open(io.BytesIO(view.png))
    assert (image.width, image.height) == (view.width, view.height)
    # three lines of text, each box inside the page, in reading order
    assert len(view.highlights) == 3
    assert all(0 <= b.left < b.right <= view.width for b in view.highlights)
    assert [b.top for b in view.highlights] == sorted(b.top for b in view.highlights)
    # the highlighted pixels are tinted: the box's centre differs from the unmarked page's
    plain = Image.open(io.BytesIO(render_page(TDRS, 12, "", settings=settings).png))
    box = view.highlights[1]
    centre = ((box.left + box.right) // 2, box.top + 2)
    assert image.getpixel(centre) != plain.getpixel(centre)


def test_a_scanned_page_is_highlighted_from_its_ocr_boxes(settings: Settings, workdir):
    scan = scanned_pages_pdf(TDRS, workdir / "scan.pdf", [12], {1})
    view = render_page(scan, 1, CITED, settings=settings)
    found = _words(" ".join(view.highlighted_words))
    assert len(set(found) & set(_words(CITED))) >= 0.9 * len(set(_words(CITED)))
    assert view.highlights


def test_a_page_past_the_end_is_a_clear_error(settings: Settings):
    with pytest.raises(PageNotFound, match="has 39 pages; there is no page 40"):
        render_page(TDRS, 40, "", settings=settings, name="hhs-tdrs-draft-rfq.pdf")


def test_pages_are_cached_per_passage(settings: Settings):
    first = render_page(TDRS, 12, CITED, settings=settings, cache_key="tdrs")
    cached = list((settings.home / "page-cache").glob("tdrs-p12-*.png"))
    assert len(cached) == 1
    again = render_page(TDRS, 12, CITED, settings=settings, cache_key="tdrs")
    assert again.png == first.png and again.highlights == first.highlights


def test_the_api_and_the_cli_show_a_cited_page(settings: Settings, workdir, monkeypatch):
    assert ingest_paths([TDRS], settings, "tdrs").exit_code == 0
    kb = KnowledgeBase.open("tdrs", settings)
    [record] = kb.documents()
    client = TestClient(create_app(settings), base_url="http://localhost")
    ask = client.post(
        "/api/ask",
        json={"question": "What user authentication must the system include?",
              "knowledgeBaseIds": ["tdrs"]},
    )  # fmt: skip
    citation = next(c for c in ask.json()["citations"] if "Login.gov" in c["snippet"])
    assert citation["doc_id"] == record.doc_id and citation["page_number"] == 12

    url = f"/api/documents/{record.doc_id}/pages/12.png"
    page = client.get(url, params={"kb": "tdrs", "chunk_id": citation["chunk_id"],
                                   "text": citation["snippet"]})  # fmt: skip
    assert page.status_code == 200 and page.headers["content-type"] == "image/png"
    boxes = [list(map(int, b.split(","))) for b in page.headers["X-Highlight"].split(";")]
    assert boxes and all(len(b) == 4 and b[2] > 0 and b[3] > 0 for b in boxes)
    # a sentence not on the page falls back to the cited chunk
    elsewhere = "Nothing like this is written anywhere."
    fallback = client.get(url, params={"kb": "tdrs", "chunk_id": citation["chunk_id"],
                                       "text": elsewhere})  # fmt: skip
    assert fallback.status_code == 200 and fallback.headers["X-Highlight"]

    assert client.get(f"/api/documents/{record.doc_id}/pages/99.png?kb=tdrs").status_code == 404
    assert client.get(f"/api/documents/{'0' * 32}/pages/1.png?kb=tdrs").status_code == 404
    assert client.get("/api/documents/not-hex/pages/1.png?kb=tdrs").status_code == 422
    other_chunk = client.get(url, params={"kb": "tdrs", "chunk_id": "feedbeef-p1-c0"})
    assert other_chunk.status_code == 404

    monkeypatch.setenv("RFP_HOME", str(settings.home))
    out = workdir / "page.png"
    shown = CliRunner().invoke(app, ["show", "hhs-tdrs-draft-rfq.pdf", "12", "--kb", "tdrs",
                                     "--highlight", CITED, "-o", str(out)])  # fmt: skip
    assert shown.exit_code == 0, shown.output
    assert "3 highlighted lines" in shown.output
    assert Image.open(out).size == (935, 1210)
    missing = CliRunner().invoke(app, ["show", "nope.pdf", "1", "--kb", "tdrs"])
    assert missing.exit_code != 0 and "hhs-tdrs-draft-rfq.pdf" in missing.output


def test_a_document_ingested_before_pdfs_were_kept_asks_to_be_ingested_again(
    settings: Settings,
):
    assert ingest_paths([TDRS], settings, "tdrs").exit_code == 0
    kb = KnowledgeBase.open("tdrs", settings)
    [record] = kb.documents()
    (settings.files_path / "tdrs" / f"{record.doc_id}.pdf").unlink()
    with pytest.raises(Exception, match="ingest the file again to keep it"):
        show_page(kb, record.doc_id, 1, settings=settings)
    assert ingest_paths([TDRS], settings, "tdrs").outcomes[0].status == "unchanged"
    assert show_page(kb, record.doc_id, 1, settings=settings).png
    kb.remove_source("hhs-tdrs-draft-rfq.pdf")
    assert not (settings.files_path / "tdrs" / f"{record.doc_id}.pdf").exists()
