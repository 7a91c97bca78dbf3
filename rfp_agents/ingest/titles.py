"""A document's title, so analysts can name it the way the document names itself.

Tenders arrive as ``RFQ.pdf``, ``QASP.pdf`` or ``04 Standard Agreement Form - Appendix A.pdf``;
an analyst says "the Maryland judiciary RFP" or "the standard agreement". The title is built at
ingest from what the PDF says about itself: its metadata title (unless it is a word
processor's placeholder), the heading at the top of its first page (the cleaned text, so a
running header is not taken for it), the name that page repeats most (the issuer, "George
Mason" on a page headed "Purchasing Department") and the solicitation numbers on that page
("RFP 2000004198", "K26-0023-25I").
"""

from __future__ import annotations

import re

MAX_TITLE_CHARACTERS = 300
MAX_HEADING_CHARACTERS = 200
HEADING_LINES = 10
"""The first page's heading is sought in its first lines that hold words."""
_PLACEHOLDER_TITLE = re.compile(
    r"^(?:microsoft word\s*-\s*|untitled|document\d*$|.*\.(?:docx?|pdf)$)", re.IGNORECASE
)
_NOT_A_HEADING = re.compile(
    r"https?://|www\.|@|^\W*(?:page\s+)?\d+(?:\s+of\s+\d+)?\W*$|^\W*$"
    r"|\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b"  # a postal address: "Fairfax, VA 22030"
    r"|\b(?:phone|tel|fax)\b",
    re.IGNORECASE,
)
SOLICITATION_NUMBER = re.compile(
    r"\b(?=[A-Z0-9\-]*\d)(?=[A-Z0-9\-]*[A-Z])[A-Z0-9]+(?:-[A-Z0-9]+)+\b"  # K26-0023-25I
    r"|\b(?:RFP|RFQ|RFI|ITB|IFB|BPA)[\s#:.\-]*\d[\w\-]{3,}\b",  # RFP 2000004198, RFQ1357535
)


def document_title(metadata_title: str | None, first_page: str) -> str:
    """The title of a document: metadata title, first-page heading, solicitation numbers."""
    parts: list[str] = []
    meta = " ".join((metadata_title or "").split())
    meta = re.sub(r"^microsoft word\s*-\s*", "", meta, flags=re.IGNORECASE)
    if meta and not _PLACEHOLDER_TITLE.match(meta):
        parts.append(meta)
    heading = _heading(first_page)
    if heading:
        parts.append(heading)
    name = _repeated_name(first_page)
    if name and name.lower() not in " ".join(parts).lower():
        parts.append(name)
    numbers = [n for n in dict.fromkeys(SOLICITATION_NUMBER.findall(first_page))]
    parts += [n for n in numbers if n not in " ".join(parts)]
    return " · ".join(parts)[:MAX_TITLE_CHARACTERS].strip()


def _heading(page: str) -> str:
    lines = [" ".join(line.split()) for line in page.splitlines()]
    words = [line for line in lines if re.search(r"[A-Za-z]{2}", line)][:HEADING_LINES]
    kept = [line for line in words if not _NOT_A_HEADING.search(line)]
    heading = ""
    for line in kept:
        if len(heading) + len(line) > MAX_HEADING_CHARACTERS and heading:
            break
        heading = f"{heading} {line}".strip()
    return heading


_NAME = re.compile(r"\b[A-Z][a-z]+(?:[ \t]+(?:of[ \t]+)?[A-Z][a-z]+){1,3}\b")
MIN_NAME_REPEATS = 3


def _repeated_name(page: str) -> str:
    """The capitalised name the page repeats most, if it repeats it ``MIN_NAME_REPEATS`` times."""
    counts: dict[str, int] = {}
    for match in _NAME.finditer(page):
        counts[match.group(0)] = counts.get(match.group(0), 0) + 1
    best = max(counts.items(), key=lambda kv: (kv[1], len(kv[0])), default=("", 0))
    return best[0] if best[1] >= MIN_NAME_REPEATS else ""
