"""The solicitation's title as its cover page prints it, for the brief's "Solicitation number
and title" field.

A cover names the kind of document on a line of its own ("Request for Quote", "PERFORMANCE
WORK STATEMENT (PWS)") and the work it buys just after it ("Request for Proposal" / "2026
Design Build of the Landfill Shop") or just before it ("Head Start Hosting Services" /
"Request for Quote"); some label it ("TITLE: IT Consulting Services"). Between the two may
stand the number, "FOR", the issuer ("United States Tax Court"), the contract vehicle
("Agile Delivery Services Blanket Purchase Agreement"), an amendment's number or a date;
the title ends at a label ("From: …"), an address, the first heading ("1.0 Background") or a
sentence. The ingest's document title (``ingest.titles``) is rougher: the page's first
lines, whatever they are.
"""

from __future__ import annotations

import re

from rfp_agents.text import fold_accents

COVER_LINES = 14
"""The title is sought among the page's first lines that hold text."""
MAX_TITLE_LINES = 2
MAX_TITLE_WORDS = 16
MIN_CAPITALISED = 0.6
"""A title capitalises most of its longer words; a sentence wrapped at the line end does
not ("This Quality Assurance Surveillance Plan (QASP) has been developed to evaluate")."""

TITLE_LABEL = re.compile(r"^\s*(?:project\s+)?title\s*:\s*(\S.{3,150}?)\s*$", re.IGNORECASE)
DOCUMENT_KIND = re.compile(
    r"^\W*(?:amendment\s+to\s+)?(?:request\s+for\s+(?:quot(?:e|ations?)|proposals?|information|"
    r"qualifications|offers?|tenders?)|invitation\s+(?:to|for)\s+(?:bids?|tenders?)|"
    r"notice\s+inviting\s+tenders?|performance\s+work\s+statement|"
    r"statement\s+of\s+(?:work|objectives)|(?:performance\s+based\s+)?quality\s+assurance\s+"
    r"(?:surveillance\s+)?plan|questions\s+and\s+answers)"
    r"(?:\s*\(\W?[A-Z]{2,5}\W?\))?(?:\s*(?:#|no\.?)?\s*[A-Z0-9-]*\d[\w-]*)?\W*$",
    re.IGNORECASE,
)
"""A line that only names the kind of document, with its abbreviation or number ("Request
for Quotation ("RFQ")", "REQUEST FOR QUOTE #18-0018", "REQUEST FOR PROPOSAL RTA-2026-017",
"Performance Based Quality Assurance Plan (QAP)")."""
PASSED_OVER = re.compile(
    # one word ("FOR"), what is sought ("SEALED PROPOSALS FOR"), an amendment, a date; the
    # number is ``NUMBER_LINE``
    r"^\W*\S+\W*$"
    r"|^\W*(?:\w+\s+)?(?:proposals?|bids?|quotes?|quotations?|offers?)(?:\s+for)?\W*$"
    r"|^\W*(?:amendment|modification|revision)\b[\s#no.]*[\w-]*\W*$"
    r"|^\W*(?:dated\s+)?(?:january|february|march|april|may|june|july|august|september|october|"
    r"november|december)\s+\d{1,2},?\s+\d{4}\W*$"
    # the issuer, by its kind of organisation
    r"|\bdepartment\s+of\b|\boffice\s+of\b|\badministration\b|\bagency\b|\bauthority\b"
    r"|\bdistrict\b|\bcommission\b|\bcorporation\b|\bcourts?\b"
    r"|\b(?:state|commonwealth|city|county)\s+of\b|\bcounty\b|\buniversity\b"
    # the contract vehicle the order is placed under
    r"|\bblanket\s+purchase\s+agreements?\b|\bmultiple\s+award\b|\bschedule\s+\d",
    re.IGNORECASE,
)
"""A line that may stand between the kind of document and its title."""
NUMBER_LINE = re.compile(
    r"^\W*(?:(?:[A-Za-z]{2,12}\s+){0,2}(?:no\.?|number|#|ref(?:erence)?\.?)\s*[:#.]?\s*[\w/.-]*"
    r"|(?:rf[a-z]|if[bt]|it[bt])\s*[:#.]?\s*[\w/.-]*\d[\w/.-]*)\W*$",
    re.IGNORECASE,
)
"""The solicitation's number on a line of its own, labelled or after its kind's
abbreviation ("Solicitation No. BH-26-04", "RFP Number: RFP-31-0087", "Tender Reference:
KV/2031/17", "IFB No. 31-112", "RFT 2031-44"): passed over, as a label would otherwise end
the search for the title."""
ENDS_THE_TITLE = re.compile(
    # a label ("From:", "Issued for:"), who issued or prepared it, an address, a web address
    r"^\W*[\w ]{1,30}:(?:\s|$)|^\W*(?:issued|prepared|submitted)\s+(?:by|for|to)\b"
    r"|\d{5}(?:-\d{4})?\W*$|\|\s|https?://|@"
    # the first heading, a part's name, a sentence or a bracketed note
    r"|^\s*\d{1,3}(?:\.\d{1,3})*\.?\s+[A-Z]|^\W*(?:part|section|article|attachment)\s+\w+\W*$"
    r"|[.;]\s*$|\b(?:shall|must|will|is|are|was|were|has|have)\b|^\s*\(",
    re.IGNORECASE,
)
"""A line that is no part of the title and ends the search for it."""


def solicitation_title(page: str) -> str:
    """The title the cover page ``page`` gives the solicitation, or "" when it names none:
    a labelled title first, else the title lines after the line naming the kind of document,
    else those before it."""
    lines = [" ".join(line.split()) for line in page.splitlines() if line.strip()][:COVER_LINES]
    for line in lines:
        if labelled := TITLE_LABEL.match(line):
            return labelled.group(1)
    kind = _kind_line(lines)
    if kind is None:
        return ""
    at, width = kind
    title = _title_lines(lines[at + width :]) or _title_lines(lines[:at][::-1])[::-1]
    return " ".join(title).strip(" :")


def _kind_line(lines: list[str]) -> tuple[int, int] | None:
    """Where the line naming the kind of document is, and over how many lines (a title set
    in large type wraps: "Performance Work" / "Statement")."""
    for at, line in enumerate(lines):
        if DOCUMENT_KIND.match(fold_accents(line)):
            return at, 1
        if at + 1 < len(lines) and DOCUMENT_KIND.match(fold_accents(f"{line} {lines[at + 1]}")):
            return at, 2
    return None


def _title_lines(lines: list[str]) -> list[str]:
    """The title lines at the start of ``lines``: up to ``MAX_TITLE_LINES`` of them after any
    lines passed over (``PASSED_OVER``); none when a line ends the search first (reading
    back from the kind of document, ``lines`` come nearest first)."""
    taken: list[str] = []
    for line in lines:
        if _is_title_line(line) or (taken and _ends_a_wrapped_title(line)):
            taken.append(line)
            if len(taken) == MAX_TITLE_LINES:
                break
        elif taken:
            break
        elif NUMBER_LINE.match(line):
            continue
        elif ENDS_THE_TITLE.search(line) or not PASSED_OVER.search(line):
            break
    return taken if len(" ".join(taken).split()) <= MAX_TITLE_WORDS else []


def _ends_a_wrapped_title(line: str) -> bool:
    """One capitalised word, not in capitals, that a title wrapped onto its own line
    ("Electronic Questionnaires … Prototype" / "Development"); "INTRODUCTION" is a
    heading."""
    return bool(re.fullmatch(r"[A-Z][a-z]{2,}", line))


def _is_title_line(line: str) -> bool:
    """A line of two words or more, most of the longer ones capitalised, that is neither
    passed over nor ends the search."""
    words = line.split()
    if not 2 <= len(words) <= MAX_TITLE_WORDS or DOCUMENT_KIND.match(fold_accents(line)):
        return False
    if PASSED_OVER.search(line) or ENDS_THE_TITLE.search(line) or NUMBER_LINE.match(line):
        return False
    longer = [w for w in words if len(re.sub(r"\W", "", w)) >= 4]
    capitalised = [w for w in longer if re.sub(r"^\W+", "", w)[:1].isupper() or "." in w]
    return not longer or len(capitalised) / len(longer) >= MIN_CAPITALISED
