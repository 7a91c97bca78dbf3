"""Split clean pages into chunks that never cross a page, and find the heading above each.

Chunks are cut inside one page, so the ``page_number`` a chunk claims is the page its text is
on. The section heading is carried across pages: a chunk at the top of page 7 still sits
under the "SECTION H - SPECIAL CONTRACT REQUIREMENTS" heading that started on page 5.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from langchain_text_splitters import RecursiveCharacterTextSplitter

from rfp_agents.headings import contents_end, is_fragment, looks_like_title

MAX_HEADING_CHARS = 90
NUMBERED = re.compile(r"^(?:[A-Z]\.)?\d{1,2}(?:\.\d{1,2}){0,3}\.?\s+[A-Z][A-Za-z0-9 ,/&()'-]{2,}$")
_HEADING_PATTERNS = [
    # SECTION C, PART II, ARTICLE 4, APPENDIX A, ATTACHMENT 2 ...
    re.compile(
        r"^(SECTION|Section|PART|Part|ARTICLE|Article|APPENDIX|Appendix|ATTACHMENT|"
        r"Attachment|EXHIBIT|Exhibit)\s+[A-Z0-9IVX]+\b.*$"
    ),
    # 1. Scope / 4.2 Payment Terms / C.3.1 Security Requirements
    NUMBERED,
    # ALL CAPS lines: GENERAL TERMS AND CONDITIONS
    re.compile(r"^[A-Z][A-Z0-9 ,/&()'-]{5,}$"),
]


@dataclass(frozen=True)
class PageChunk:
    """A piece of one page's text."""

    text: str
    page_number: int
    """1-based physical page the text is on."""
    section: str
    """The nearest heading above the chunk, or '' when none was found."""


def is_heading(line: str) -> bool:
    line = line.strip()
    if not 3 <= len(line) <= MAX_HEADING_CHARS or line.endswith((".", ",", ";")):
        return False
    if is_fragment(line) or (NUMBERED.match(line) and not looks_like_title(line)):
        return False  # a sentence wrapped at the line end, a diagram's letters
    return any(p.match(line) for p in _HEADING_PATTERNS) and sum(c.isalpha() for c in line) >= 3


def _headings_with_offsets(page_text: str) -> list[tuple[int, str]]:
    """The page's headings and where they start; none in a table of contents."""
    found, offset = [], 0
    lines = page_text.split("\n")
    contents = contents_end(lines)
    for at, line in enumerate(lines):
        if at >= contents and is_heading(line):
            found.append((offset, line.strip()))
        offset += len(line) + 1
    return found


def make_splitter(chunk_size: int, chunk_overlap: int) -> RecursiveCharacterTextSplitter:
    return RecursiveCharacterTextSplitter(
        chunk_size=chunk_size,
        chunk_overlap=chunk_overlap,
        separators=["\n\n", "\n", ". ", "; ", ", ", " ", ""],
        add_start_index=True,
    )


def chunk_pages(pages: list[str], chunk_size: int, chunk_overlap: int) -> list[PageChunk]:
    """Chunk each page on its own; ``pages[0]`` is page 1. Empty pages give no chunks."""
    splitter = make_splitter(chunk_size, chunk_overlap)
    chunks: list[PageChunk] = []
    current_section = ""
    for page_number, text in enumerate(pages, start=1):
        if not text.strip():
            continue
        headings = _headings_with_offsets(text)
        for doc in splitter.create_documents([text]):
            start = doc.metadata.get("start_index", 0)
            above = [h for off, h in headings if off <= start]
            section = above[-1] if above else current_section
            chunks.append(PageChunk(doc.page_content, page_number, section))
        if headings:
            current_section = headings[-1][1]
    return chunks
