"""The running header and footer of a document's first page, which ingest leaves out.

A line printed at the top or bottom of most pages ("City of Elm · RFP 26-014 · Page 3") is
dropped from the passages at ingest (``ingest/cleaning.py``): repeated on every page, it
would outrank the text in every search. But it is where many solicitations print the
buyer's name or the solicitation's number, sometimes nowhere else. The cover readers
(``cover.py``) read those lines back from the first page of the kept PDF, after the page's
own text.
"""

from __future__ import annotations

import logging

from rfp_agents.errors import DocumentNotFound
from rfp_agents.ingest.cleaning import normalise_text
from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase
from rfp_agents.text import match_key

log = logging.getLogger("rfp_agents.brief")


def running_lines(kb: KnowledgeBase, record: DocumentRecord, page_text: str) -> list[str]:
    """The lines of ``record``'s first page as its PDF prints them that ``page_text`` (the
    page as ingest kept it) lacks; none when the PDF is not kept or cannot be read. The
    page is normalised as ingest normalises it first (``cleaning.normalise_text``), so a
    line that differs only by a ligature or a hyphen ingest joined is not taken for one it
    dropped."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        raw = normalise_text(PdfReader(kb.file_of(record.doc_id)).pages[0].extract_text() or "")
    except (DocumentNotFound, PdfReadError, IndexError, OSError) as reason:
        log.info("running lines of %s not read: %s", record.source, reason)
        return []
    kept = {_key(line) for line in page_text.splitlines()}
    lines = [" ".join(line.split()) for line in raw.splitlines()]
    return [line for line in lines if _key(line) and _key(line) not in kept]


def _key(line: str) -> str:
    return match_key(line)
