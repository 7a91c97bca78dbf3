"""Page text cleaning: nothing moves to another page; running lines and hyphenation go."""

from __future__ import annotations

from rfp_agents.ingest.chunking import chunk_pages
from rfp_agents.ingest.cleaning import clean_pages, normalise_text


def _page(n: int, body: str) -> str:
    return f"ACME Agency RFP 42 - Confidential\n{body}\nPage {n} of 5"


def test_running_header_and_footer_are_dropped_page_count_kept():
    raw = [_page(n, f"Body text number {n} about insurance.\nMore text.") for n in range(1, 6)]
    cleaned = clean_pages(raw)
    assert len(cleaned) == 5
    assert all("ACME Agency" not in page and "Page " not in page for page in cleaned)
    assert cleaned[2].startswith("Body text number 3")


def test_a_running_block_taller_than_the_edge_window_comes_off_whole():
    """Letterhead plus an e-signature stamp: nine lines at the top of every page, the page
    counter among them ("PAGE 3/6"), the body below."""
    stamp = ("City Procurement Office\nMain Street 1\nTender 2026/117\nVERIFICATION URL\n"
             "https://example.org/verify\nCODE\n15247072476452714376\nPAGE\n{n}/6")  # fmt: skip
    bodies = [
        "Delivery within thirty days.",
        "Payment by transfer.",
        "Warranty of two years.",
        "Insurance is required.",
        "Penalties for delay apply.",
        "Disputes go to court.",
    ]
    raw = [f"{stamp.format(n=n)}\n{body}\nSee annex {body.split()[0]}.\n{body.upper()}"
           for n, body in enumerate(bodies, 1)]  # fmt: skip
    cleaned = clean_pages(raw)
    assert [page.split("\n")[0] for page in cleaned] == bodies


def test_repeated_body_lines_are_kept():
    raw = [f"Title {n}\nThe contractor shall pay USD 1,500 per day.\nEnd {n}" for n in range(4)]
    assert all("USD 1,500" in page for page in clean_pages(raw))


def test_hyphenation_unicode_and_spaces():
    text = normalise_text("The con-\ntractor  shall\u00a0provide ﬁle  access\r\n52.232-\n18")
    assert "contractor shall provide file access" in text
    assert "52.232-\n18" in text  # clause numbers are not words: left alone


def test_chunks_never_cross_pages_and_carry_the_heading():
    pages = ["SECTION H - SPECIAL TERMS\n" + "word " * 400, "more words " * 50, ""]
    chunks = chunk_pages(pages, chunk_size=500, chunk_overlap=50)
    assert {c.page_number for c in chunks} == {1, 2}
    assert all(len(c.text) <= 500 for c in chunks)
    assert chunks[-1].section == "SECTION H - SPECIAL TERMS"
