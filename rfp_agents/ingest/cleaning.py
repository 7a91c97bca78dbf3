"""Turn raw page text into clean text without moving anything to another page.

Cleaning is per page, so page truth survives: unicode and whitespace are normalised, words
hyphenated across line breaks are joined, so are words a text layer cut with a space ("C
ontractor", "de berá"), and running headers and footers (lines that repeat
at the top or bottom of most pages, page numbers included) are dropped.

A running line may differ from page to page only by its numbers ("Bid Number: B2624978 Page
7"), and need not sit at exactly the same line of the edge on every page (a page whose text
layer puts a form field first shifts it down one). But a line whose numbers change without
following the page order ("Question 12:", "Question 19:" opening successive pages of a Q&A)
is content, and is kept.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from rfp_agents.text import zipf_frequency

# How many lines at each end of a page may be a running header or footer.
EDGE_LINES = 3
# Fewer pages than this and "repeats on most pages" means nothing.
MIN_PAGES_FOR_REPEATS = 3
# Page furniture taller than EDGE_LINES (a letterhead over a six-line e-signature stamp, say)
# comes off in successive passes: each pass looks again at the edges the last one uncovered.
MAX_PEELS = 4
# A number counts the pages when it grows with them between this share of successive pages.
PAGE_COUNTER_SHARE = 0.5
# A line at the same edge of this many successive pages is a section's running header or
# footer ("Appendix A GENERAL CONDITIONS" over the appendix's pages), however few of the
# document's pages the section covers.
MIN_SECTION_RUN = 4
# Running headers and footers are short; a long repeated line is content.
MAX_RUNNING_LINE_CHARS = 120

_SPACES = re.compile(r"[ \t\f\v\u00a0\u2000-\u200b\u202f\u205f\u3000]+")
_HYPHEN_BREAK = re.compile(r"([^\W\d_]{2,})-\n[ \t]*([^\W\d_A-Z][^\W\d_]+)")
_BLANK_LINES = re.compile(r"\n{3,}")
_DIGITS = re.compile(r"\d+")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def normalise_text(text: str, document_words: frozenset[str] = frozenset()) -> str:
    """NFKC (ligatures, full-width forms), no control characters, single spaces, joined
    hyphens, and words the text layer cut with a space joined (``document_words``: the
    words the document prints whole, lower case, which a cut word may be)."""
    return _joined(_plain(text), document_words)


def _joined(plain: str, document_words: frozenset[str]) -> str:
    """``_plain`` text with its hyphenated and cut words joined (``normalise_text``)."""
    text = _HYPHEN_BREAK.sub(_join_line_break, plain)
    text = _WORD_AND_NEXT.sub(lambda found: _joined_if_cut(found, document_words), text)
    return _BLANK_LINES.sub("\n\n", text).strip()


def _plain(text: str) -> str:
    """NFKC, no control characters, single spaces, lines stripped."""
    text = unicodedata.normalize("NFKC", text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _CONTROL.sub(" ", text)
    text = _SPACES.sub(" ", text)
    return "\n".join(line.strip() for line in text.split("\n"))


MIN_DOCUMENT_USES = 2
"""A word the document prints whole this often is one of its words."""


def document_words(plain_pages: list[str]) -> frozenset[str]:
    """The words (five letters or more, lower case) the pages (``_plain`` text) print whole
    at least ``MIN_DOCUMENT_USES`` times: the vocabulary a cut word of the same document
    belongs to ("O fferor" in a solicitation that says "Offeror" on every page)."""
    counts = Counter(word.lower() for page in plain_pages for word in _WORD.findall(page))
    return frozenset(word for word, count in counts.items() if count >= MIN_DOCUMENT_USES)


_WORD_AND_NEXT = re.compile(r"\b([^\W\d_]+) (?=([^\W\d_]+)\b)")
MIN_JOINED_CHARACTERS = 5
_WORD = re.compile(rf"[^\W\d_]{{{MIN_JOINED_CHARACTERS},}}")
RARE_PIECE_ZIPF = 2.0
"""A piece of a word this rare or rarer (Zipf scale) is no word of its own ("ontractor",
"berá"): wordfreq, built from web text, knows many such pieces, but barely."""
COMMON_WORD_ZIPF = 3.0
"""The two pieces joined must make a word at least this common ("contractor", "deberá")."""


def _joined_if_cut(found: re.Match[str], document_words: frozenset[str]) -> str:
    """A word and the next, joined when the text layer cut one word in two ("C ontractor",
    "Comisi ón", "de berá", "O fferor"): one piece is no word and the two make a common one,
    or one the document prints whole elsewhere (procurement's own words are rare in web
    text: "offeror", "quoter", "licitador"). Two words ("in voice", "de más") stay two."""
    left, right = found.group(1), found.group(2)
    joined = left + right
    if len(joined) < MIN_JOINED_CHARACTERS or min(_zipf(left), _zipf(right)) >= RARE_PIECE_ZIPF:
        return found.group(0)
    a_word = _zipf(joined) >= COMMON_WORD_ZIPF or joined.lower() in document_words
    return left if a_word else found.group(0)


@lru_cache(maxsize=65536)
def _zipf(word: str) -> float:
    """How common ``word`` is in English or Spanish, whichever it is more common in."""
    lowered = word.lower()
    return max(zipf_frequency(lowered, "en"), zipf_frequency(lowered, "es"))


def _join_line_break(found: re.Match[str]) -> str:
    """A word cut by a hyphen at the end of a line, joined: into one word when that is a
    word ("con-/tractor"), else as the hyphenated compound the page printed
    ("version-/controlled", "research-/related", "medium-/and high-level"). Tenders are set
    without hyphenation, so most hyphens that end a line are real ones; read as a cut, they
    made words no search or reader finds ("versioncontrolled")."""
    left, right = found.group(1), found.group(2)
    joined = left + right
    return joined if _is_a_word(joined.lower()) else f"{left}-{right}"


def _is_a_word(word: str) -> bool:
    """A word of English or Spanish (wordfreq knows it), the languages of the tenders."""
    return _zipf(word) > 0


def _undouble_spacing(lines: list[str]) -> list[str]:
    """Some PDFs put a blank line after every text line; then blank lines mean nothing."""
    blank = sum(1 for line in lines if not line)
    if blank < max(3, 0.4 * len(lines)):
        return lines
    return [line for line in lines if line]


def _line_key(line: str) -> str:
    """Lines that differ only by numbers (``Page 3 of 41``) are the same running line."""
    return _DIGITS.sub("#", line.lower()).strip()


def _edge_keys(lines: list[str]) -> set[tuple[str, str]]:
    """(end, key) of the first and last few content lines of a page.

    A running header sits at an edge of every page; looking only at the edges keeps a
    sentence that merely repeats somewhere in the body from being taken for one.
    """
    return {(end, _line_key(line)) for end, line in _edge_lines(lines)}


def _edge_lines(lines: list[str]) -> list[tuple[str, str]]:
    content = [line for line in lines if line]
    width = _edge_width(len(content))
    return [("top", line) for line in content[:width]] + [
        ("bottom", line) for line in content[-width:]
    ]


def _edge_width(content_lines: int) -> int:
    """How many lines at each end can be header or footer: fewer on short pages, so that the
    top and bottom windows of a three-line page do not cover its middle line."""
    return min(EDGE_LINES, max(1, content_lines // 3))


def find_running_lines(pages: list[list[str]], min_share: float) -> set[tuple[str, str]]:
    """Edge lines found at the same end of at least ``min_share`` of the pages, identical or
    differing only by numbers that follow the page order."""
    if len(pages) < MIN_PAGES_FOR_REPEATS:
        return set()
    seen = _occurrences(_edge_lines(lines) for lines in pages)
    threshold = max(MIN_PAGES_FOR_REPEATS, min_share * len(pages))
    return {
        key
        for key, occurrences in seen.items()
        if len(occurrences) >= threshold and _may_run(key, occurrences)
    }


def find_section_running_lines(pages: list[list[str]]) -> set[tuple[str, str]]:
    """A section's running header or footer: the first or last line of at least
    ``MIN_SECTION_RUN`` successive pages, short, unpunctuated at its end ("Appendix A",
    "GENERAL CONDITIONS AND INSTRUCTIONS TO BIDDERS", its own page numbers). A table cell
    that happens to close several pages ("Send URL to COR.") ends like a sentence; a header
    peeled off uncovers the next one, taken in the next pass."""
    seen = _occurrences(_outermost_lines(lines) for lines in pages)
    return {
        key
        for key, occurrences in seen.items()
        if _longest_run(occurrences) >= MIN_SECTION_RUN
        and not SENTENCE_END.search(key[1])
        and _may_run(key, occurrences)
    }


SENTENCE_END = re.compile(r"[.;:,]\s*$")
"""A line's end that continues or closes a sentence: content, no running header."""


def _outermost_lines(lines: list[str]) -> list[tuple[str, str]]:
    """("top", first line) and ("bottom", last line) of a page's content."""
    content = [line for line in lines if line]
    return [("top", content[0]), ("bottom", content[-1])] if content else []


def _occurrences(
    edges_of_pages: Iterable[list[tuple[str, str]]],
) -> dict[tuple[str, str], dict[int, str]]:
    """(end, key) -> {page index: the line as printed there}."""
    seen: dict[tuple[str, str], dict[int, str]] = {}
    for index, edges in enumerate(edges_of_pages):
        for end, line in edges:
            seen.setdefault((end, _line_key(line)), {}).setdefault(index, line)
    return seen


def _may_run(key: tuple[str, str], occurrences: dict[int, str]) -> bool:
    """Short, not empty, and the same on each page but for numbers that count the pages."""
    return (
        bool(key[1])
        and len(key[1]) <= MAX_RUNNING_LINE_CHARS
        and _numbers_follow_pages(occurrences)
    )


def _longest_run(occurrences: dict[int, str]) -> int:
    """The most successive pages the line is found on."""
    longest = run = 0
    previous = None
    for index in sorted(occurrences):
        run = run + 1 if previous is not None and index == previous + 1 else 1
        longest = max(longest, run)
        previous = index
    return longest


def _numbers_follow_pages(occurrences: dict[int, str]) -> bool:
    """True when the lines are identical, or one of their numbers counts the pages: from one
    occurrence to the next it grows by the pages between them ("Page 3 of 20", "3/12", a
    printed page number), for most occurrences (the count may restart at an appendix)."""
    if len(set(occurrences.values())) == 1:
        return True
    numbers = {i: [int(n) for n in _DIGITS.findall(line)] for i, line in occurrences.items()}
    if len({len(found) for found in numbers.values()}) != 1:
        return False
    pages = sorted(numbers)
    pairs = list(zip(pages, pages[1:], strict=False))
    positions = len(numbers[pages[0]])
    return any(
        sum(numbers[b][j] - numbers[a][j] == b - a for a, b in pairs)
        >= PAGE_COUNTER_SHARE * len(pairs)
        for j in range(positions)
    )


def _strip_edges(lines: list[str], running: set[tuple[str, str]]) -> list[str]:
    """Drop running lines from the edges of a page, unless that would gut the page.

    If most of a page's lines look "running", the pages are repeats of each other (a form
    printed several times, say), not a header and footer: keep the page as it is.
    """
    content_idx = [i for i, line in enumerate(lines) if line]
    width = _edge_width(len(content_idx))
    edges = [("top", i) for i in content_idx[:width]]
    edges += [("bottom", i) for i in content_idx[-width:]]
    drop = {i for end, i in edges if (end, _line_key(lines[i])) in running}
    if len(drop) * 2 > len(content_idx):
        return lines
    return [line for i, line in enumerate(lines) if i not in drop]


def clean_pages(raw_pages: list[str], header_footer_min_share: float = 0.6) -> list[str]:
    """Clean every page; the result has exactly one entry per input page, in order."""
    plain = [_plain(page) for page in raw_pages]  # NFKC once a page
    words = document_words(plain)
    split = [_undouble_spacing(_joined(page, words).split("\n")) for page in plain]
    for _ in range(MAX_PEELS):
        running = find_running_lines(split, header_footer_min_share)
        running |= find_section_running_lines(split)
        peeled = [_strip_edges(lines, running) for lines in split] if running else split
        if peeled == split:
            break
        split = peeled
    return [_BLANK_LINES.sub("\n\n", "\n".join(lines)).strip() for lines in split]
