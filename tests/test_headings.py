"""What a heading looks like, for the chunker's sections and the matrix's."""

from __future__ import annotations

from rfp_agents.headings import contents_end, is_fragment, looks_like_title
from rfp_agents.ingest.chunking import is_heading


def test_a_contents_page_ends_after_its_last_entry():
    lines = [
        "TABLE OF CONTENTS",
        "I. PURPOSE 4",
        "VII. PRICING 8",
        "C. AWARD BASIS ........ 12",
        "ATTACHMENT C SAMPLE INVOICE FORMAT 29",
        "1. INTRODUCTION",
    ]
    assert contents_end(lines) == 5  # "1. INTRODUCTION" may head the text after it


def test_a_table_of_points_or_one_numbered_title_is_not_a_contents_page():
    points = ["1. Technical Approach 40", "2. Past Performance 30", "3. Price 30"]
    assert contents_end(points) == 0
    assert contents_end(["Section 508", "The Contractor shall comply with it."]) == 0


def test_a_wrapped_numbered_sentence_is_not_a_title():
    assert looks_like_title("3.1 Architecture and hosting")
    assert looks_like_title("7. INVOICING AND PAYMENT")
    assert not looks_like_title(
        "4.1.2. To be considered, proposals for the hosting and support services"
    )
    assert not looks_like_title("5.4.2. The Vendor must provide a complete signed Matrix")


def test_a_lettered_yes_or_no_is_an_answer_not_a_title():
    """A Q&A answers under a letter ("A. Yes.", "b. No, the limit stands"): no title; a
    title may still open with "No" as a word of its own."""
    assert not looks_like_title("A. Yes.")
    assert not looks_like_title("A. Yes")
    assert not looks_like_title("b. No, the limit stands")
    assert not looks_like_title("C. Sí.")
    assert looks_like_title("B. No Smoking Areas")
    assert looks_like_title("Solicitation No. K26")


def test_a_sentence_cut_at_the_line_end_or_a_diagrams_letters_are_not_titles():
    """A numbered or word-led line that stops on a function word with a lower-case word of
    its own is a sentence cut at the line end; letters of a diagram have no word of three.
    A title wrapped at its line end keeps its capitals and stays a title."""
    assert not looks_like_title("2. If the Project Officer rejects the Quality Plan, the")
    assert is_fragment("Section 4 on the")
    assert is_fragment("B O B BB X") and not looks_like_title("7 Qx")
    assert not is_fragment("4.0 Program Goals and")
    assert looks_like_title("4.0 Program Goals and")
    assert not is_fragment("Appendix C") and not is_fragment("12. TERMINATION-")


def test_the_chunker_takes_no_fragment_for_a_heading():
    assert not is_heading("B O B BB X")
    assert not is_heading("Appendix D holds the diagrams of the workflows that")
    assert is_heading("APPENDIX D")
