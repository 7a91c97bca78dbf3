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
# Page furniture taller than EDGE_LINES (a letterhead over a six-line e-signature stamp, say)
# comes off in successive passes: each pass looks again at the edges the last one uncovered.
MAX_PEELS = 4
# Running headers and footers are short; a long repeated line is content.
MAX_RUNNING_LINE_CHARS = 120

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


def _edge_keys(lines: list[str]) -> set[tuple[str, int, str]]:
    """(end, position, key) of the first and last few content lines of a page.

    A running header sits at the same place on every page; keying by position keeps a
    sentence that merely repeats somewhere in the body from being taken for one.
    """
    content = [line for line in lines if line]
    width = _edge_width(len(content))
    top = {("top", i, _line_key(line)) for i, line in enumerate(content[:width])}
    bottom = {("bottom", i, _line_key(line)) for i, line in enumerate(reversed(content[-width:]))}
    return top | bottom


def _edge_width(content_lines: int) -> int:
    """How many lines at each end can be header or footer: fewer on short pages, so that the
    top and bottom windows of a three-line page do not cover its middle line."""
    return min(EDGE_LINES, max(1, content_lines // 3))


def find_running_lines(pages: list[list[str]], min_share: float) -> set[tuple[str, int, str]]:
    """Edge lines that sit at the same place on at least ``min_share`` of the pages."""
    if len(pages) < MIN_PAGES_FOR_REPEATS:
        return set()
    counts = Counter(key for lines in pages for key in _edge_keys(lines))
    threshold = max(MIN_PAGES_FOR_REPEATS, min_share * len(pages))
    return {
        key
        for key, count in counts.items()
        if count >= threshold and key[2] and len(key[2]) <= MAX_RUNNING_LINE_CHARS
    }


def _strip_edges(lines: list[str], running: set[tuple[str, int, str]]) -> list[str]:
    """Drop running lines from the edges of a page, unless that would gut the page.

    If most of a page's lines look "running", the pages are repeats of each other (a form
    printed several times, say), not a header and footer: keep the page as it is.
    """
    content_idx = [i for i, line in enumerate(lines) if line]
    width = _edge_width(len(content_idx))
    drop = set()
    for pos, i in enumerate(content_idx[:width]):
        if ("top", pos, _line_key(lines[i])) in running:
            drop.add(i)
    for pos, i in enumerate(reversed(content_idx[-width:])):
        if ("bottom", pos, _line_key(lines[i])) in running:
            drop.add(i)
    if len(drop) * 2 > len(content_idx):
        return lines
    return [line for i, line in enumerate(lines) if i not in drop]


def clean_pages(raw_pages: list[str], header_footer_min_share: float = 0.6) -> list[str]:
    """Clean every page; the result has exactly one entry per input page, in order."""
    split = [_undouble_spacing(normalise_text(page).split("\n")) for page in raw_pages]
    for _ in range(MAX_PEELS):
        running = find_running_lines(split, header_footer_min_share)
        peeled = [_strip_edges(lines, running) for lines in split] if running else split
        if peeled == split:
            break
        split = peeled
    return [_BLANK_LINES.sub("\n\n", "\n".join(lines)).strip() for lines in split]
