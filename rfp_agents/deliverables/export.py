"""Write the compliance matrix as an analyst opens it: XLSX, CSV, Markdown or JSON.

* XLSX (openpyxl): a header row, frozen below the header, filters on every column, wrapped
  text and column widths that fit the content, so the sheet is usable at once.
* CSV: UTF-8 with a byte-order mark, so Excel reads accents and the euro sign correctly.
* Markdown: a table (pipes escaped) for a wiki or a pull request.
* JSON: the rows as the ``Requirement`` model dumps them.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Literal

from rfp_agents.atomic_files import write_atomically
from rfp_agents.deliverables.matrix import Requirement

Format = Literal["xlsx", "csv", "md", "json"]
COLUMNS = (
    "id", "requirement", "strength", "judged_by", "rule", "domain", "topic", "section",
    "ucf_section", "file", "page", "last_page", "chunk_id", "also_in", "amends", "amended_by",
    "evaluated_under", "response", "owner",
)  # fmt: skip
UPDATE_COLUMNS = ("status", "was")
"""The columns of a matrix ``rfp matrix update`` made (``matrix_update.py``)."""
LISTS = ("also_in", "amended_by", "evaluated_under")
"""Columns holding several values, joined with "; " in a cell."""
WIDTHS = {"id": 9, "requirement": 80, "rule": 28, "status": 11, "was": 60, "section": 30,
          "ucf_section": 6, "file": 30, "chunk_id": 24, "also_in": 30, "amended_by": 14,
          "evaluated_under": 14, "response": 40, "owner": 16}  # fmt: skip
"""Column widths in characters (others: 12)."""


def columns_for(rows: Sequence[Requirement]) -> tuple[str, ...]:
    """The matrix's columns; an updated matrix's status and old wording after them."""
    return COLUMNS + UPDATE_COLUMNS if any(r.status for r in rows) else COLUMNS


def _cells(row: Requirement, columns: Sequence[str]) -> list[str | int]:
    values = row.model_dump()
    for name in LISTS:
        values[name] = "; ".join(values[name])
    return [values[c] for c in columns]


def matrix_bytes(rows: Sequence[Requirement], fmt: Format) -> bytes:
    """The matrix in ``fmt``."""
    if fmt == "xlsx":
        return _xlsx(rows)
    return b"".join(matrix_pieces(rows, fmt))


def matrix_pieces(rows: Sequence[Requirement], fmt: Format) -> Iterator[bytes]:
    """The matrix as CSV, Markdown or JSON, a row at a time (an HTTP body streams them
    instead of holding the whole file)."""
    columns = columns_for(rows)
    if fmt == "csv":
        yield "\ufeff".encode()  # the BOM: Excel then reads UTF-8
        yield _csv_line(columns)
        for row in rows:
            yield _csv_line(_cells(row, columns))
    elif fmt == "md":
        yield ("| " + " | ".join(columns) + " |\n|" + "---|" * len(columns) + "\n").encode()
        for row in rows:
            cells = [str(c).replace("|", "\\|").replace("\n", " ") for c in _cells(row, columns)]
            yield ("| " + " | ".join(cells) + " |\n").encode()
    elif fmt == "json":
        yield b"["
        for index, row in enumerate(rows):
            body = json.dumps(row.model_dump(), ensure_ascii=False, indent=2)
            yield (("," if index else "") + "\n" + body).encode()
        yield b"\n]"
    else:
        raise ValueError(f"no streamed form for {fmt!r}")


def _csv_line(cells: Sequence[object]) -> bytes:
    out = io.StringIO()
    csv.writer(out).writerow(cells)
    return out.getvalue().encode("utf-8")


def write_matrix(rows: Sequence[Requirement], fmt: Format, path: Path) -> None:
    """The whole file or, on any failure, the file as it was: never half a matrix."""
    write_atomically(path, matrix_bytes(rows, fmt))


def _xlsx(rows: Sequence[Requirement]) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter

    book = Workbook(write_only=False)
    sheet = book.active
    sheet.title = "Compliance matrix"
    columns = columns_for(rows)
    sheet.append(list(columns))
    for row in rows:
        sheet.append(_cells(row, columns))
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    wrap = Alignment(wrap_text=True, vertical="top")
    for column in sheet.iter_cols(min_row=2):
        for cell in column:
            cell.alignment = wrap
    for index, name in enumerate(columns, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = WIDTHS.get(name, 12)
    sheet.freeze_panes = "A2"
    sheet.auto_filter.ref = sheet.dimensions
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
