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


def test_a_compound_cut_at_a_line_end_keeps_its_hyphen():
    """Only a cut that makes a word is joined; a real hyphen at a line end stays, so the
    words stay findable ("version-controlled", not "versioncontrolled")."""
    text = normalise_text(
        "kept in a version-\ncontrolled repository; research-\nrelated records;\n"
        "free of medium- \nand high-level flaws; la contra-\ntación; contencioso-\nadministrativo"
    )
    assert "version-controlled repository" in text
    assert "research-related records" in text
    assert "medium-and high-level" in text
    assert "la contratación" in text
    assert "contencioso-administrativo" in text


def test_a_word_the_text_layer_cut_with_a_space_is_joined_and_two_words_stay_two():
    """Some text layers put a space inside a word ("C ontractor", "Comisi ón", "de berá"):
    a search for "contractor" and the matrix's "deberá" found nothing there. Two real words
    stay apart, even where they would make one ("in voice", "de más")."""
    text = normalise_text(
        "The C ontractor shall encrypt data with a fi rewall in place.\n"
        "La Comisi ón de berá intimar al oferente.\n"
        "Questions in voice or writing; de más está decir."
    )
    assert "The Contractor shall encrypt data with a firewall in place." in text
    assert "La Comisión deberá intimar al oferente." in text
    assert "Questions in voice or writing; de más está decir." in text


def test_a_cut_word_the_document_prints_whole_elsewhere_is_joined():
    """Procurement's own words are rare in web text ("offeror", "quoter", "licitador"):
    cut after one letter ("O fferor") the join is no common word, but the document prints
    it whole on other pages, so it is one of its words. A rare piece before a word the
    document never prints stays as it was."""
    pages = [
        "Each Offeror shall sign. The Offeror must register.",
        "It is the O fferor’s responsibility. Submit via the eVA portal.",
    ]
    cleaned = clean_pages(pages)
    assert "It is the Offeror’s responsibility." in cleaned[1]
    assert "via the eVA portal" in cleaned[1]
    assert "O fferor" in normalise_text(pages[1])  # alone, the page cannot tell


def test_chunks_never_cross_pages_and_carry_the_heading():
    pages = ["SECTION H - SPECIAL TERMS\n" + "word " * 400, "more words " * 50, ""]
    chunks = chunk_pages(pages, chunk_size=500, chunk_overlap=50)
    assert {c.page_number for c in chunks} == {1, 2}
    assert all(len(c.text) <= 500 for c in chunks)
    assert chunks[-1].section == "SECTION H - SPECIAL TERMS"


def test_a_table_of_contents_is_not_the_section_of_the_pages_after_it():
    """A contents page lists every heading with its page number; the chunk after it sits
    under the heading above it, not under the last entry listed (nor "TABLE OF CONTENTS")."""
    contents = (
        "TABLE OF CONTENTS\nI. PURPOSE 4\nII. SCHEDULE 4\n3. Pricing Instructions 20\n"
        "ATTACHMENT B PRICE SCHEDULE 29"
    )
    body = "1. Introduction\nThe purpose of this request is to establish a contract. " * 3
    chunks = chunk_pages([contents, "The County invites proposals. " * 5, body], 500, 50)
    assert [c.section for c in chunks if c.page_number == 2] == [""]
    assert chunks[-1].section == "1. Introduction"


def test_a_numbered_sentence_wrapped_at_the_line_end_is_not_a_heading():
    page = (
        "4.1 Hosting\n"
        "4.1.2. To be considered, proposals for the hosting and support services\n"
        "must address every service level of the work.\n" + "word " * 120
    )
    chunks = chunk_pages([page], chunk_size=300, chunk_overlap=30)
    assert {c.section for c in chunks} == {"4.1 Hosting"}


def test_a_header_that_changes_only_by_its_page_number_is_dropped_wherever_it_sits():
    """An invitation to bid repeats its address and "Bid Number: B2624978 Page N" on every
    page; on some pages the text layer puts a form field above it."""
    bodies = [
        "Bidders shall submit sealed bids by the due date.",
        "Delivery is required within ten days of the order.",
        "Late deliveries incur liquidated damages of five percent.",
        "The contract term is one year with two renewals.",
        "Payment is made within thirty days of a proper invoice.",
        "The City may terminate the contract for convenience.",
    ]
    raw = []
    for n, body in enumerate(bodies, 1):
        field = "Form field: Bidder name\n" if n % 2 == 0 else ""
        header = f"{field}Philadelphia, PA 19102-1685\nBid Number: B2624978 Page {n}"
        details = "\n".join(f"{body.split()[0]} detail {k} of clause {n}." for k in range(1, 8))
        raw.append(f"{header}\n{body}\n{details}")
    cleaned = clean_pages(raw)
    assert all("Bid Number" not in page and "19102" not in page for page in cleaned)
    assert [page.split("\n")[0] for page in cleaned] == [
        "Form field: Bidder name" if n % 2 == 0 else body for n, body in enumerate(bodies, 1)
    ]


def test_numbered_lines_that_do_not_follow_the_pages_are_content():
    """A Q&A whose pages each open with the next question: "Question 4", "Question 9"…
    vary only by number, but not with the page, so they are kept."""
    numbers = [4, 9, 15, 22, 30]
    raw = [
        f"Question {q}: Is a site visit required?\nAnswer: no, the visit is optional.\n"
        f"More detail follows here.\nAnd here.\nPage {n} of 5"
        for n, q in enumerate(numbers, 1)
    ]
    cleaned = clean_pages(raw)
    assert [page.split("\n")[0] for page in cleaned] == [
        f"Question {q}: Is a site visit required?" for q in numbers
    ]
    assert all("Page " not in page for page in cleaned)


def test_a_sections_running_header_is_dropped_on_its_pages_only():
    """An appendix of five pages in a document of twelve prints its own header ("Appendix
    B", its title, its page number) on each of its pages: a running header though it covers
    fewer than most pages. A table cell that happens to close those pages ("Send the file to
    the COR.") ends like a sentence and is content."""
    main = [f"Section {n} of the terms.\nThe vendor shall do task {n}.\nMore on task {n}."
            for n in range(1, 8)]  # fmt: skip
    appendix = [
        f"Appendix B\nSPECIAL TERMS FOR SOFTWARE\n{n}\nClause {n}: licences are perpetual.\n"
        f"Clause {n}a: updates are free.\nSend the file to the COR."
        for n in range(1, 6)
    ]
    cleaned = clean_pages(main + appendix)
    assert cleaned[:7] == main
    for n, page in enumerate(cleaned[7:], 1):
        assert page.split("\n")[0] == f"Clause {n}: licences are perpetual."
        assert page.endswith("Send the file to the COR.")
        assert "Appendix B" not in page and "SPECIAL TERMS" not in page
