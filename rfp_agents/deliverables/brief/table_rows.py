"""A schedule table's dated rows, read across as the page shows them.

A PDF's text layer gives a table's cells in the order the program that made it drew them,
which is not always row by row: one writes the labels' column, then the dates' column
("Release of RFP / Deadline for written questions / Proposals due / February 2, 2031 /
March 3, 2031 / March 20, 2031"), another wraps a label over lines and prints the date's
time on the line below ("Deadline to Submit Written Questions:" / "Email: …" / "August 13,
2025" / "1:00 PM (HST)"). Read so, a date lands beside another row's label. pypdf's layout
mode places each piece of text where the page prints it, so a row reads across: the label
cells, then the date's cells.

A row is a line whose cell (text set apart by three spaces or more) opens with a
calendar date, after at least one cell of at most ``MAX_LABEL_WORDS`` words; the lines
below it up to a blank line or the next dated row go on its label or its date, by the
column they are printed in. Not a row: a justified line of prose whose gaps fall before a
date inside a sentence ("… services (July 25, 2025 – June 30, 2027). This enables …"),
where no cell opens with the date.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from rfp_agents.agents.question_focus import CALENDAR
from rfp_agents.errors import DocumentNotFound
from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase

log = logging.getLogger("rfp_agents.brief")

MAX_LABEL_WORDS = 12
DATE_OPENING = re.compile(
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?"
    r"(?:\d{1,2}(?::\d{2})?\s*[ap]\.?m\.?,?\s+(?:on\s+)?)?",
    re.IGNORECASE,
)
"""What a date cell may print before its date: a weekday, a time ("2:00 PM, March 3")."""
COLUMN_SLACK = 2
"""How far left of the date's column a line's cell may start and still be in it."""


@dataclass
class _Row:
    date_column: int
    label: list[str] = field(default_factory=list)
    date: list[str] = field(default_factory=list)

    def text(self) -> str:
        return " ".join([*self.label, *self.date])


def dated_rows_of(kb: KnowledgeBase, record: DocumentRecord) -> Callable[[int], list[str]]:
    """A reader of ``record``'s pages (by number) that gives each page's dated rows; it
    gives none when the PDF is not kept or a page cannot be laid out. A page is laid out
    once (``_page_rows``): the brief's deadline fields read the same pages in turn."""
    try:
        path = str(kb.file_of(record.doc_id))
    except DocumentNotFound as reason:
        log.info("the tables of %s not read: %s", record.source, reason)
        return lambda number: []
    return lambda number: list(_page_rows(path, number))


@lru_cache(maxsize=1024)
def _page_rows(path: str, number: int) -> tuple[str, ...]:
    """The dated rows of page ``number`` of the kept PDF at ``path`` (named by its content's
    hash, so a path's rows never change); none when it cannot be read or laid out."""
    from pypdf.errors import PdfReadError

    with _LAYOUT_LOCK:  # one reader may serve two briefs' threads
        try:
            page = _reader(path).pages[number - 1]
            text = page.extract_text(extraction_mode="layout") or ""
        except (PdfReadError, OSError) as reason:
            log.info("the tables of %s not read: %s", path, reason)
            return ()
        except Exception as reason:  # noqa: BLE001 - layout mode on a malformed page
            log.info("page %d of %s not laid out: %s", number, path, reason)
            return ()
    return tuple(dated_rows(text))


@lru_cache(maxsize=4)
def _reader(path: str):
    from pypdf import PdfReader

    return PdfReader(path)


_LAYOUT_LOCK = threading.Lock()


def dated_rows(layout_text: str) -> list[str]:
    """The dated rows of a page's layout text, each as one line: its label, then its date
    (with the time printed below it)."""
    rows: list[_Row] = []
    current: _Row | None = None
    for line in layout_text.splitlines():
        if not line.strip():
            current = None
            continue
        cells = _cells(line)
        if (row := _opening_row(cells)) is not None:
            rows.append(row)
            current = row
        elif current is not None:
            for start, cell in cells:
                in_date = start >= current.date_column - COLUMN_SLACK
                (current.date if in_date else current.label).append(cell)
    return [row.text() for row in rows]


def _opening_row(cells: list[tuple[int, str]]) -> _Row | None:
    """The row ``cells`` open: a short label, then a cell that opens with a date."""
    for index, (start, cell) in enumerate(cells[1:], start=1):
        if CALENDAR.match(cell, DATE_OPENING.match(cell).end()):
            label = [text for _, text in cells[:index]]
            # a label names an event: not a date of its own ("Start  End" columns), not prose
            if CALENDAR.search(" ".join(label)) or len(" ".join(label).split()) > MAX_LABEL_WORDS:
                return None
            return _Row(start, label, [text for _, text in cells[index:]])
    return None


def _cells(line: str) -> list[tuple[int, str]]:
    """The cells of a layout line, each with the column it starts in."""
    return [(found.start(), found.group(0)) for found in CELL.finditer(line)]


CELL = re.compile(r"\S.*?(?= {3,}|\s*$)")
"""Text up to a gap of three spaces or more, or the line's end."""
