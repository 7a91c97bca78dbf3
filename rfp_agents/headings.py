"""What a section heading looks like, for the two readers that carry one: the chunker (the
heading above each chunk, ``ingest.chunking``) and the compliance matrix (the numbered heading
above each requirement, ``deliverables.matrix``).

Both find candidate lines by their number or their capitals; this module says which of them
are titles and not something else that starts the same way: a numbered sentence wrapped at
the line end ("4.1.2. To be considered, proposals for the hosting services"), or an
entry of a table of contents ("VII. PRICING 8"), which names a section that starts pages
later.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

MAX_HEADING_WORDS = 12
LOWER_CASE_MODAL = re.compile(r"\b(?:shall|must|will|should|may)\b")
"""A verb a title does not have: "5.4.2. The Vendor must provide a complete signed Security
Matrix for" is a sentence wrapped at the line end, however capitalised."""


FUNCTION_WORDS = frozenset(
    ["the", "a", "an", "and", "or", "of", "to", "for", "in", "on", "with", "by", "at", "from"]
    + ["as", "that", "which"]
)
"""Words a title does not end on, unless it was wrapped at its line end."""
A_WORD = re.compile(r"[^\W\d_]{3,}")
"""A word of three letters or more: a title has one ("Appendix C", "7. INVOICING"); the
letters of a diagram ("B O B BB X") or a word cut short ("7 Qx") do not."""
LETTERS = re.compile(r"[^\W\d_]+")


def is_fragment(line: str) -> bool:
    """True when a heading-shaped line is not a title: a sentence cut at the line end, which
    stops on a function word with its words after the first in lower case or all function
    words ("2. If the Officer rejects the Plan, the", "Section 4 on the"), or letters with
    no word of three ("B O B BB X"). A title wrapped at its line end keeps its capitals
    ("4.0 Program Goals and"): it is still the best name of its section."""
    if not A_WORD.search(line):
        return True
    words = LETTERS.findall(line)
    if not words or words[-1] not in FUNCTION_WORDS:
        return False
    content = [w for w in LETTERS.findall(line.split(maxsplit=1)[-1]) if w not in FUNCTION_WORDS]
    return not content or any(w[0].islower() for w in content)


def title_words(heading: str) -> list[str]:
    """The words of ``heading`` after its number or designator ("3.1", "Appendix")."""
    return [w for w in heading.split()[1:] if w[:1].isalpha()]


def is_title_case(heading: str) -> bool:
    """Every word after the number capitalised but the small ones ("2. Statement of Work
    and Responsibilities"): a title, where "3. Submit the form" is an item."""
    words = title_words(heading)
    return bool(words) and all(w[0].isupper() or w in FUNCTION_WORDS for w in words)


def looks_like_title(heading: str) -> bool:
    """A short title whose words are capitalised ("3.1 Architecture and hosting", "7.
    INVOICING AND PAYMENT"), not a numbered sentence wrapped at the line end ("1. Require the
    contractor to take necessary action to ensure that future", or one with a modal verb),
    nor a fragment (``is_fragment``). ``heading`` starts with its number or designator,
    which is not counted."""
    words = title_words(heading)
    if not words or len(words) > MAX_HEADING_WORDS or LOWER_CASE_MODAL.search(heading):
        return False
    if is_fragment(heading) or _is_an_answer(heading):
        return False
    capitalised = sum(w[0].isupper() for w in words)
    return capitalised == len(words) or len(words) <= 4 or capitalised / len(words) >= 0.5


CONTENTS_ENTRY = re.compile(
    r"^\s*(?P<title>\S.*?[A-Za-z)].*?)(?:\s*\.{3,}\s*|\s+)(?P<page>\d{1,3})\s*$"
)
"""A title, then its page number after spaces or dot leaders ("IX. EVALUATION AND AWARD
11", "C. AWARD BASIS ........ 12")."""
MIN_CONTENTS_ENTRIES = 3
"""Title lines ending in a page number on one page that make it a table of contents (one
alone is as likely a heading that ends in a number, "Attachment 2", "Section 508")."""


def contents_end(lines: Sequence[str]) -> int:
    """Where a table of contents on this page ends: the index of the line after its last
    entry (a title ending in a page number), or 0 when the page has fewer than
    ``MIN_CONTENTS_ENTRIES`` of them or their numbers are not pages in order (a table of
    evaluation factors and their points, "Price 30", is not a contents page). No
    line before it is a heading: not the entries, and not the contents' own title ("TABLE
    OF CONTENTS"), which heads no text."""
    entries = [
        (at, int(found["page"]))
        for at, line in enumerate(lines)
        if line.rstrip()[-1:].isdigit()  # the cheap test first: most lines end otherwise
        and (found := CONTENTS_ENTRY.match(line))
        and looks_like_title(f"- {found['title']}")
    ]
    pages = [page for _, page in entries]
    in_page_order = pages == sorted(pages) and pages[-1:] > pages[:1]
    if len(entries) < MIN_CONTENTS_ENTRIES or not in_page_order:
        return 0
    return entries[-1][0] + 1


ANSWER_WORDS = frozenset(["yes", "no", "sí", "si"])
SHORT_MARKER = re.compile(r"\(?[A-Za-z0-9]{1,3}[.):]")
"""A letter or short number that marks an item or an answer ("A.", "b)", "A5:")."""


def _is_an_answer(heading: str) -> bool:
    """A Q&A's answer under its letter ("A. Yes.", "a. No, the page limit stands"): a yes or
    a no after a short marker, alone or set off by its stop or comma. "B. No Smoking Areas"
    is a title, and "Solicitation No. K26" a number."""
    marker, *words = heading.split() or [""]
    if not words or not SHORT_MARKER.fullmatch(marker):
        return False
    first = words[0].rstrip(".,;:!").lower()
    return first in ANSWER_WORDS and (len(words) == 1 or words[0][-1] in ".,;:!")
