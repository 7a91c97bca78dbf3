"""Where a page's sections start: numbered, lettered and run-in headings, titles set off on a
line of their own, and which heading each line sits under.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rfp_agents.deliverables.links import (
    ucf_section_of,
)
from rfp_agents.deliverables.obligations import (
    has_modal_verb,
)
from rfp_agents.deliverables.wording import (
    CLAUSE_NUMBER,
)
from rfp_agents.headings import (
    LOWER_CASE_MODAL,
    contents_end,
    is_fragment,
    is_title_case,
    looks_like_title,
)
from rfp_agents.text import (
    next_clause_number,
)

MAX_REQUIREMENT_CHARACTERS = 1500
MAX_ITEM_CHARACTERS = 300
UNFINISHED = r"that|which|who|whom|whose|and|or|of|the|a|an|to|for|in|on|with|by|at|from|as"
"""Words a clause does not end on."""
ITEM_NUMBER = re.compile(r"^\s*(\d{1,2})[.)]?\s+\D")
"""A numbered item's number ("2. The contract value"), one level only: ``_sections`` reads
whether a numbered line goes on the list before it (``text.ITEM_MARKER`` finds a marker but
does not capture its number)."""


RUN_IN_HEADING = re.compile(r"^[A-Z][A-Z&/,' -]{2,}[A-Z] ?:\s")
"""A paragraph's title in capitals, run in before its colon ("PROPOSAL SUBMISSION: …",
"NOTE: …"): a new topic, not the next item of a list."""

NUMBERED_HEADING = re.compile(
    r"^\s*((?:\d{1,3}(?:\.\d+)*\.?|(?:[IVX]|[IVXLC]{2,6})\.|[A-Z]{1,2}\.(?=[^a-z]*$))"
    r"\s+[A-ZÁÉÍÓÚÑ][^.:;]{1,80}?(?:\s\([^().:;]{1,160}\))?)\s*$(?<!\b\d{5})"
)
"""A numbered heading alone on its line ("3.1 Architecture and hosting", "7. INVOICING",
"IX. PERIOD OF PERFORMANCE", or lettered in capitals: "C. AWARD BASIS"; a note in
brackets may follow the title: "6.4. Data Sharing (Applies if the work involves PHI)"; a
lone "C." or
"L." is a letter, not the roman 100 or 50). Not an address: an outline number has at most
three digits ("1200 Main Street" is a street number), and a heading does not end on a
postal code ("… Springfield, IL 62701")."""
BRACKETED_NOTE = re.compile(r"\s\([^()]*\)$")
"""The note in brackets after a heading's title, which is no part of the title's case."""
RUN_IN_SECTION = re.compile(
    r"^\s*((?:\d{1,3}|[IVXLC]{1,6}|[A-Z]{1,2})\.\s+[A-ZÁÉÍÓÚÑ][A-ZÁÉÍÓÚÑ0-9&/,'() -]{2,80}?)"
    r"\s*:(?:\s|$)"
)
"""A numbered section whose title in capitals runs into its first paragraph ("III.
COMMUNICATIONS: All questions shall be sent …", "XVI. PAYMENT TERMS:"):
the title is the section, the paragraph stays its text."""
RUN_IN_CLAUSE_TITLE = re.compile(
    r"^\s*(\d{1,3}(?:\.\d{1,3}){1,3}\.?\s+[A-Z][^.:;]{1,60}?)\s*(?::\s+(?=[A-Z])|\.\s+(?=[A-Z][a-z]))"
)
"""A paragraph under a multi-level number whose title in title case runs into its text before
a colon or a full stop, as performance work statements number them ("1.1.4 Travel: Periodic
travel may be required …", "1.1.7 Contractor Manpower Reporting (CMR): The contractor shall
…", "2.1.12 Access and Security Procedures. Contractor employees shall …"). The text after it
is a sentence and starts with a capital; a value after a label ("4.2.3 Professional
Liability: five million dollars;") is a list's item."""


def _run_in_title(line: str, state: ListLines) -> str | None:
    """The title of a numbered section that runs into its first paragraph
    (``RUN_IN_SECTION``, ``RUN_IN_CLAUSE_TITLE``), or None. Under a colon's open list, a
    numbered line with a title is one of its items ("… evidence of insurance as follows:",
    then "4.2.3 Professional Liability: five million dollars")."""
    if run_in := RUN_IN_SECTION.match(line):
        return run_in.group(1)
    clause = RUN_IN_CLAUSE_TITLE.match(line) if state.number is None else None
    title = clause.group(1) if clause else ""
    return title if is_title_case(title) and len(title.split()) <= MAX_TITLE_WORDS else None


MAX_TITLE_WORDS = 8
ENDS_A_SENTENCE = re.compile(r"[.;!?]\s*$")
ENDS_MID_PHRASE = re.compile(rf"(?:[,–-]|\b(?:{UNFINISHED}))\s*$", re.IGNORECASE)


def _titles_set_off(page_text: str) -> str:
    """The page with each unnumbered title on a line of its own ("SELECTION PROCESS",
    "Closing Time") set off by a blank line, so it is not glued to the sentence under it
    ("Closing Time Offers must reach the Registry …")."""
    lines = page_text.splitlines()
    out: list[str] = []
    after_break = True  # the page's top, a finished sentence or a title; not a lead-in's
    # colon, even across a blank line: the lines after it are its items or an address
    for at, line in enumerate(lines):
        following = lines[at + 1] if at + 1 < len(lines) else ""
        out.append(line)
        if not line.strip():
            continue
        if after_break and _is_title_line(line, following):
            out.append("")  # and the next line may be a title too
            continue
        after_break = bool(ENDS_A_SENTENCE.search(line))
    return "\n".join(out)


def _is_title_line(line: str, following: str) -> bool:
    """A short line of capitalised words with no end punctuation and no verb of obligation,
    before a line that starts a sentence: a title, not a wrapped sentence. A small letter's
    marker before it ("d. Scoring Plan") is the title's item mark, not its first word."""
    words = [w for w in LOWER_CASE_MARK.sub("", line).split() if w[:1].isalpha()]
    if not words or len(line.split()) > MAX_TITLE_WORDS or not words[0][0].isupper():
        return False
    if not _is_set_off(line, following):
        return False
    capitalised = sum(w[0].isupper() for w in words)
    return capitalised / len(words) >= 0.5


def _is_set_off(line: str, following: str) -> bool:
    """A line that stands apart from the next, as a title does: no field's colon ("Telephone:
    555-0100"), no end punctuation, not cut mid-phrase, no verb of obligation, and the line
    after it starts a sentence."""
    return (
        not (
            ":" in line
            or ENDS_A_SENTENCE.search(line)
            or ENDS_MID_PHRASE.search(line)
            or LOWER_CASE_MODAL.search(line)
        )
        and following.strip()[:1].isupper()
    )


LOWER_CASE_MARK = re.compile(r"^\s*\(?[a-z]{1,4}[.)]\s+(?=[A-Z])")
"""A list item's small letter or roman numeral before a capital ("d. Scoring Plan")."""


@dataclass(frozen=True)
class ListLines:
    """Where a page's lines stand in a list a colon opened (``_sections`` carries it from
    one page to the next)."""

    number: int | None = None
    """The last item's number: 0 right after the colon, None outside such a list."""
    clause: str = ""
    """The multi-level clause number of the list's last numbered item ("10.3"): the next of
    its sequence ("10.4. Form A-404 (see Article 7)") is one more item, however many lines
    of the item came between, though it is short and capitalised like a heading."""


def _sections(
    page_text: str, list_state: ListLines | None = None
) -> tuple[list[tuple[str, str]], ListLines]:
    """The page cut at its numbered headings: (heading or "" for the text before the first
    one, the text under it), and where the page leaves an open list (``ListLines``: its
    items may go on over the page). A heading is not glued to the sentence after it.
    Short numbered lines that go on a list opened by a colon ("list the following: 1. The
    type of service 2. The hours billed"; "10.1." … "10.4.") are its items, not headings; a
    number out of sequence ("6. Submission" after item 2) is a heading again. A heading
    may be led by a word ("ARTÍCULO 10º: DOCUMENTATION", "Cláusula 17. Garantía
    definitiva.", "Section 4 Evaluation", "Appendix C") or end in a full stop ("2. Duties
    of the Processor.") when it starts a line after a finished one, or run into its first
    paragraph (``RUN_IN_SECTION``). ``list_state`` is where the page
    before left off."""
    state = list_state or ListLines()
    sections: list[tuple[str, str]] = []
    heading, lines, previous = "", [], ""
    page_lines = page_text.splitlines()
    contents = contents_end(page_lines)
    for at, line in enumerate(page_lines):
        found = at >= contents and (
            NUMBERED_HEADING.match(line)
            or _heading_after_finished_line(line, previous)
            or _lettered_title(page_lines, at, previous)
        )
        item_number = _next_item_number(line, state.number)
        clause = _clause_of(line)
        goes_on = clause and clause == next_clause_number(state.clause)
        title, first_lines = None, []  # a heading alone is not text; a run-in one is
        if item_number is None and not goes_on:
            if found and (
                looks_like_title(BRACKETED_NOTE.sub("", found.group(1)))
                or _is_sentence_case_heading(found.group(1), previous, page_lines[at + 1 :])
            ):
                title = found.group(1)
            elif not found and at >= contents and (run_in := _run_in_title(line, state)):
                title, first_lines = run_in, [line]
        if title is None:
            lines.append(line)
            state = _list_state_after(line, state, item_number, clause)
        else:
            if lines:
                sections.append((heading, "\n".join(lines)))
            heading, lines = " ".join(title.split()), first_lines
            state = _list_state_after(line, ListLines(), None, clause) if lines else ListLines()
        previous = line if line.strip() else previous
    if lines or heading:
        sections.append((heading, "\n".join(lines)))
    return sections, state


def _is_sentence_case_heading(title: str, previous: str, rest: Sequence[str]) -> bool:
    """A heading in sentence case under a clause number of two levels or more ("10.2.3
    Technical approach and team structure report"), as plain-language solicitations write
    them: short, with no modal, not cut mid-phrase, after a finished line, and before a
    line that starts a sentence. A numbered sentence wrapped at the line end ("3.1.2 All
    invoices are due within") goes on in lower case or stops on an unfinished word."""
    following = next((line for line in rest if line.strip()), "")
    return bool(
        MULTI_LEVEL_NUMBER.match(title)
        and len(title.split()) <= MAX_TITLE_WORDS + 1
        and not is_fragment(title)
        and (not previous.strip() or FINISHED_LINE.search(previous))
        and _is_set_off(title, following)
    )


MULTI_LEVEL_NUMBER = re.compile(r"^\s*\d{1,3}(?:\.\d{1,3}){1,3}\.?\s")


WORD_LED_HEADING = re.compile(
    r"^\s*((?i:art[ií]culo|cl[aá]usula|article|section|cap[ií]tulo|t[ií]tulo|part)"
    r"\s+(?:\d+(?:\.\d+)*|[IVXLC]+)[º°ªo]?\s*[.:–—-]?\s+[A-ZÁÉÍÓÚÑ][^.:;]{0,80}?)\.?\s*$"
)
"""A heading led by a word and its number ("ARTÍCULO 10º: DOCUMENTACIÓN …", "Cláusula 17.
Garantía definitiva.", "TITULO II. LICITACIÓN DEL CONTRATO", "Section 4 Evaluation")."""
APPENDIX_HEADING = re.compile(
    r"^\s*((?i:appendix|attachment|exhibit|annex|anexo|ap[eé]ndice)\s+(?:[A-Z]|\d{1,2}|[IVXLC]+)"
    r"(?:\s*[.:–—-]?\s+[A-ZÁÉÍÓÚÑ][^.:;]{0,80}?)?)\.?\s*$"
)
"""An appendix's heading, its title optional ("Appendix C", "APPENDIX E", "Attachment 2 -
Price Schedule"): what follows is the appendix, not the article before it."""
NUMBERED_TITLE_WITH_STOP = re.compile(r"^\s*(\d{1,2}\.\s+[A-ZÁÉÍÓÚÑ][^.:;]{1,80}?)\.\s*$")
"""A numbered title that ends with a full stop ("2. Statement of Work and
Responsibilities."): a heading only when every word but the small ones is capitalised
(``headings.is_title_case``); "3. Submit the form." is an item."""


FINISHED_LINE = re.compile(r"[.:;!?)]\s*$")
"""A line that ends a sentence, a lead-in or a parenthesis: what comes after it may be a
heading."""


def _heading_after_finished_line(line: str, previous: str) -> re.Match[str] | None:
    """``line`` as a word-led heading, an appendix's or a numbered title with a full stop,
    when the line before it is finished (a sentence end, a colon, a heading) or there is
    none: "… in accordance with / Section 508 Standards and" is a sentence wrapped before
    its reference. A UCF section's heading ("SECTION C -
    DESCRIPTION …", "SECTION I - CONTRACT CLAUSES") is not one: it sets the UCF letter."""
    if ucf_section_of(line):
        return None
    finished = not previous.strip() or FINISHED_LINE.search(previous)
    if not (finished or NUMBERED_HEADING.match(previous) or WORD_LED_HEADING.match(previous)):
        return None
    stopped = NUMBERED_TITLE_WITH_STOP.match(line)
    if stopped and is_title_case(stopped.group(1)):
        return stopped
    return WORD_LED_HEADING.match(line) or APPENDIX_HEADING.match(line)


LETTERED_TITLE = re.compile(r"^\s*(([A-Z])\.\s+[A-ZÁÉÍÓÚÑ][^.:;]{1,80}?)\.?\s*$")
"""A capital letter and a title in mixed case ("B. Privacy and Security of Data")."""


def _lettered_title(lines: Sequence[str], at: int, previous: str) -> re.Match[str] | None:
    """``lines[at]`` as a lettered heading in mixed case: title case, and not one
    of a run of lettered lines (the line before is not the letter before, the next line with
    text not the letter after): a form's fields are lettered so too ("A. Contractor Name",
    "B. Contract Number", "C. Point of Contact")."""
    found = LETTERED_TITLE.match(lines[at])
    if not found or not is_title_case(found.group(1)):
        return None
    letter = found.group(2)
    following = next((lines[i] for i in range(at + 1, len(lines)) if lines[i].strip()), "")
    before = f"{chr(ord(letter) - 1)}." if letter > "A" else None
    if (before and previous.lstrip().startswith(before)) or following.lstrip().startswith(
        f"{chr(ord(letter) + 1)}."
    ):
        return None
    return found


def _clause_of(line: str) -> str:
    """The multi-level clause number opening ``line`` ("10.4. Form" -> "10.4"), or ""."""
    found = CLAUSE_NUMBER.match(line)
    return found.group(1) if found else ""


def _next_item_number(line: str, list_number: int | None) -> int | None:
    """The number of ``line`` when it is the next item of the open list: any first number
    after the colon (``list_number`` 0), then each one the number after the last."""
    found = ITEM_NUMBER.match(line)
    if list_number is None or not found:
        return None
    number = int(found.group(1))
    return number if list_number == 0 or number == list_number + 1 else None


def _list_state_after(
    line: str, state: ListLines, item_number: int | None, clause: str
) -> ListLines:
    """The list state after ``line`` (``item_number``: its number as the list's next item,
    or None; ``clause``: the clause number opening it, or ""): number None outside a list,
    0 after a line ending in a colon, the item's number after an item; a clause-numbered item
    right after the colon, or next in the sequence, is the list's last clause (a line
    without a number keeps it); a blank line keeps everything."""
    if not line.strip():
        return state
    if not clause:  # a line of the item's own
        clause = state.clause
    elif not (state.number == 0 or clause == next_clause_number(state.clause)):
        clause = ""
    return ListLines(0 if line.rstrip().endswith(":") else item_number, clause)


def section_headings(text: str) -> list[str]:
    """The numbered headings a passage is cut at (``_sections``), whitespace normalised: the
    lines a reader of the passage must not glue to the sentence under them."""
    return [heading for heading, _ in _sections(text)[0] if heading]


def is_list_item(sentence: str, long: bool = False) -> bool:
    """A list item after a lead-in: short, and no verb of obligation of its own ("Provide
    monthly status reports.", "pay each supplier within ten days" after "The
    Contractor shall:"; not "Reports shall be sent monthly."). An item with a clause number
    of its own ("3.2.1 Vehicle insurance with a limit of at least …") may run as long as a
    requirement, and so may one the caller knows to be ``long``."""
    numbered = long or CLAUSE_NUMBER.match(sentence)
    limit = MAX_REQUIREMENT_CHARACTERS if numbered else MAX_ITEM_CHARACTERS
    return len(sentence) <= limit and not has_modal_verb(sentence)


def _chunk_holding(sentence: str, chunks: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """The metadata of the chunk the sentence is in (the page's first chunk if it spans two)."""
    flat = " ".join(sentence.split())[:80]
    for text, meta in chunks:
        if flat in " ".join(text.split()):
            return meta
    return chunks[0][1]
