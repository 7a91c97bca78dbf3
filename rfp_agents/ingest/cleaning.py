"""Turn raw page text into clean text without moving anything to another page.

Cleaning is per page, so page truth survives: unicode and whitespace are normalised, words
hyphenated across line breaks are joined, and running headers and footers (lines that repeat
at the top or bottom of most pages, page numbers included) are dropped.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

# How many lines at each end of a page may be a running header or footer.
EDGE_LINES = 3
# Fewer pages than this and "repeats on most pages" means nothing.
MIN_PAGES_FOR_REPEATS = 3

_SPACES = re.compile(r"[ \t\f\v\u00a0\u2000-\u200b\u202f\u205f\u3000]+")
_HYPHEN_BREAK = re.compile(r"([A-Za-z]{2,})-\n[ \t]*([a-z]{2,})")
_BLANK_LINES = re.compile(r"\n{3,}")
_DIGITS = re.compile(r"\d+")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def normalise_text(text: str) -> str:
    """NFKC (ligatures, full-width forms), no control characters, single spaces, joined hyphens."""
    text = unicodedata.normalize("NFKC", text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _CONTROL.sub(" ", text)
    text = _SPACES.sub(" ", text)
    text = "\n".join(line.strip() for line in text.split("\n"))
    text = _HYPHEN_BREAK.sub(r"\1\2", text)
    return _BLANK_LINES.sub("\n\n", text).strip()


def _undouble_spacing(lines: list[str]) -> list[str]:
    """Some PDFs put a blank line after every text line; then blank lines mean nothing."""
    blank = sum(1 for line in lines if not line)
    if blank < max(3, 0.4 * len(lines)):
        return lines
    return [line for line in lines if line]


def _line_key(line: str) -> str:
    """Lines that differ only by numbers (``Page 3 of 41``) are the same running line."""
    return _DIGITS.sub("#", line.lower()).strip()


def _edge_keys(lines: list[str]) -> set[str]:
    content = [line for line in lines if line]
    edges = content[:EDGE_LINES] + content[-EDGE_LINES:]
    return {_line_key(line) for line in edges}


def find_running_lines(pages: list[list[str]], min_share: float) -> set[str]:
    """Keys of lines that sit at the top or bottom of at least ``min_share`` of the pages."""
    if len(pages) < MIN_PAGES_FOR_REPEATS:
        return set()
    counts = Counter(key for lines in pages for key in _edge_keys(lines))
    threshold = max(MIN_PAGES_FOR_REPEATS, min_share * len(pages))
    return {key for key, count in counts.items() if count >= threshold and key}


def _strip_edges(lines: list[str], running: set[str]) -> list[str]:
    """Drop running lines from the first and last few content lines of a page only."""
    content_idx = [i for i, line in enumerate(lines) if line]
    edge_idx = set(content_idx[:EDGE_LINES] + content_idx[-EDGE_LINES:])
    return [
        line for i, line in enumerate(lines) if not (i in edge_idx and _line_key(line) in running)
    ]


def clean_pages(raw_pages: list[str], header_footer_min_share: float = 0.6) -> list[str]:
    """Clean every page; the result has exactly one entry per input page, in order."""
    split = [_undouble_spacing(normalise_text(page).split("\n")) for page in raw_pages]
    running = find_running_lines(split, header_footer_min_share)
    cleaned = []
    for lines in split:
        kept = _strip_edges(lines, running) if running else lines
        cleaned.append(_BLANK_LINES.sub("\n\n", "\n".join(kept)).strip())
    return cleaned
