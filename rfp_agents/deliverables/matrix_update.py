"""The matrix after the first draft: carry the team's answers to a new matrix when an
amendment arrives (``rfp matrix update``), and refuse a matrix with unanswered mandatory rows
(``rfp matrix check``).

A bid team fills the ``response`` and ``owner`` columns of the matrix it was given. When the
buyer issues an amendment, the matrix is made again from the documents as they now stand,
and each new row takes the response and owner of the old row that states the same
requirement. Rows are matched by their content, never by their id (ids shift when a row is
added above). The status of each row says what happened to it:

* ``unchanged``: the same wording (``rows.wording_key``: the same key terms and designators);
* ``changed``: the closest old row shares at least ``SAME_REQUIREMENT`` of its key terms
  (Jaccard). The old wording is kept in ``was`` so the team can check its answer still
  holds ("within five business days" became "within three business days");
* ``new``: no old row states it;
* ``removed``: an old row no new row states. It is kept at the end with its response, so
  nothing the team wrote is lost.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError

from rfp_agents.deliverables.matrix import Requirement
from rfp_agents.deliverables.matrix.rows import wording_key
from rfp_agents.errors import UsageError
from rfp_agents.text import content_terms

SAME_REQUIREMENT = 0.5
"""Key terms two wordings share (Jaccard) to be one requirement changed, not two. A changed
figure or deadline leaves most terms; another requirement of the same section shares fewer
than half."""
READ_COLUMNS = ("id", "requirement", "strength", "response", "owner")
"""The columns a matrix must have to be read back; the others are read when present."""
OPTIONAL_COLUMNS = ("domain", "topic", "section", "file", "status")
Status = Literal["unchanged", "changed", "new", "removed"]


class TeamRow(BaseModel):
    """A row of a matrix the team worked on: what it says, and the team's answer."""

    id: str = ""
    requirement: str = Field(min_length=1)
    strength: str = ""
    response: str = ""
    owner: str = ""
    domain: str = ""
    topic: str = ""
    section: str = ""
    file: str = ""
    page: int | None = None
    status: str = ""


def read_matrix(path: Path) -> list[TeamRow]:
    """The rows of an XLSX or CSV matrix ``rfp matrix`` wrote (and a team filled in).

    Raises:
        UsageError: the file is missing, is neither XLSX nor CSV, cannot be read, or lacks
            the columns id, requirement, strength, response and owner.
    """
    if not path.is_file():
        raise UsageError(f"no matrix file {path}")
    suffix = path.suffix.lower()
    if suffix == ".xlsx":
        table = _xlsx_table(path)
    elif suffix == ".csv":
        text = path.read_text(encoding="utf-8-sig")
        table = list(csv.reader(io.StringIO(text)))
    else:
        raise UsageError(
            f"{path}: a matrix is read from .xlsx or .csv, not {suffix or 'no suffix'}"
        )
    if not table:
        raise UsageError(f"{path} is empty")
    header = [str(cell or "").strip().lower() for cell in table[0]]
    missing = [c for c in READ_COLUMNS if c not in header]
    if missing:
        raise UsageError(f"{path} is not a matrix rfp matrix wrote: no column {', '.join(missing)}")
    rows = []
    for number, cells in enumerate(table[1:], start=2):
        values = {name: _cell(cells, header.index(name)) for name in header if name}
        if not values.get("requirement"):
            continue
        page = values.get("page", "")
        try:
            fields = {k: values.get(k, "") for k in (*READ_COLUMNS, *OPTIONAL_COLUMNS)}
            rows.append(TeamRow(**fields, page=int(float(page)) if page else None))
        except (ValidationError, ValueError) as error:
            raise UsageError(f"{path} row {number}: {error}") from None
    return rows


def _xlsx_table(path: Path) -> list[list[object]]:
    from openpyxl import load_workbook

    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds for a damaged or locked file
        raise UsageError(f"{path} cannot be read as XLSX: {error}") from None
    sheet = book.worksheets[0]
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def _cell(cells: Sequence[object], index: int) -> str:
    value = cells[index] if index < len(cells) else None
    return "" if value is None else str(value).strip()


def carry_forward(old: Sequence[TeamRow], new: Sequence[Requirement]) -> list[Requirement]:
    """``new`` with each row's response and owner from the old row that states it, and its
    ``status``; the old rows no new row states follow, ``removed``."""
    keys = [wording_key(row.requirement) for row in old]
    by_key: dict[str, int] = {}
    for index, key in enumerate(keys):
        by_key.setdefault(key, index)
    taken: set[int] = set()
    matched: dict[int, tuple[int, Status]] = {}
    for position, row in enumerate(new):
        index = by_key.get(wording_key(row.requirement))
        if index is not None and index not in taken:
            taken.add(index)
            matched[position] = (index, "unchanged")
    terms = [set(content_terms(row.requirement)) for row in old]
    pairs = sorted(
        (
            (_jaccard(set(content_terms(row.requirement)), terms[index]), position, index)
            for position, row in enumerate(new)
            if position not in matched
            for index in range(len(old))
            if index not in taken
        ),
        reverse=True,
    )
    for similarity, position, index in pairs:
        if similarity < SAME_REQUIREMENT:
            break
        if position in matched or index in taken:
            continue
        taken.add(index)
        matched[position] = (index, "changed")
    rows = []
    for position, row in enumerate(new):
        index, status = matched.get(position, (None, "new"))
        update: dict[str, str] = {"status": status}
        if index is not None:
            update |= {"response": old[index].response, "owner": old[index].owner}
            if status == "changed":
                update["was"] = old[index].requirement
        rows.append(row.model_copy(update=update))
    rows += [_removed(row, len(rows) + n + 1) for n, row in enumerate(
        row for index, row in enumerate(old) if index not in taken
    )]  # fmt: skip
    return rows


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


def _removed(row: TeamRow, number: int) -> Requirement:
    """An old row no document states any more, kept with the team's answer."""
    return Requirement(
        id=row.id or f"R-{number:04d}",
        requirement=row.requirement,
        strength="advisory" if row.strength == "advisory" else "mandatory",
        domain=row.domain if row.domain in ("legal", "technical", "financial") else "legal",
        topic=row.topic or "other",
        section=row.section,
        file=row.file or "(removed)",
        page=row.page or 1,
        chunk_id="",
        response=row.response,
        owner=row.owner,
        status="removed",
    )


def unanswered(rows: Sequence[TeamRow]) -> list[TeamRow]:
    """The mandatory rows without a response (a removed row asks for none)."""
    return [
        r
        for r in rows
        if r.strength == "mandatory" and not r.response.strip() and r.status != "removed"
    ]
