"""Render ``data/sample_rfp.md`` into ``data/sample_rfp.pdf`` (the project's own sample RFP).

Each ``=== page ===`` line starts a new physical page, so tests know which page every
sentence is on. Every page carries a running header and a "Page N of M" footer, which
ingestion must strip. Run: ``python scripts/make_sample_rfp.py`` (needs the dev extras).
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

from fpdf import FPDF

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "data" / "sample_rfp.md"
TARGET = ROOT / "data" / "sample_rfp.pdf"
PAGE_BREAK = "=== page ==="
HEADER = "Riverton Regional Transit Authority - RFP RTA-2026-017 - Fare Collection Cloud Platform"


class RfpPdf(FPDF):
    def header(self) -> None:
        self.set_font("Helvetica", "I", 8)
        self.cell(0, 6, HEADER, align="C", new_x="LMARGIN", new_y="NEXT")
        self.ln(4)

    def footer(self) -> None:
        self.set_y(-15)
        self.set_font("Helvetica", "I", 8)
        self.cell(0, 10, f"Page {self.page_no()} of {{nb}}", align="C")


def render(source: str) -> bytes:
    pdf = RfpPdf(format="Letter")
    # A fixed date: the same source always gives the same bytes (and the same doc_id).
    pdf.set_creation_date(datetime(2026, 3, 2, tzinfo=UTC))
    pdf.set_auto_page_break(auto=True, margin=20)
    pdf.set_margins(22, 18, 22)
    for number, page in enumerate(source.split(PAGE_BREAK)):
        pdf.add_page()
        for line in page.strip().split("\n"):
            _render_line(pdf, line)
        if pdf.page != number + 1:
            raise SystemExit(f"page {number + 1} of the source overflows; shorten it")
    return bytes(pdf.output())


def _render_line(pdf: FPDF, line: str) -> None:
    if line.startswith("# "):
        pdf.set_font("Helvetica", "B", 16)
        pdf.multi_cell(0, 9, line[2:], new_x="LMARGIN", new_y="NEXT")
    elif line.startswith("## "):
        pdf.ln(2)
        pdf.set_font("Helvetica", "B", 13)
        pdf.multi_cell(0, 7, line[3:], new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1)
    elif line.startswith("### "):
        pdf.ln(1)
        pdf.set_font("Helvetica", "B", 11)
        pdf.multi_cell(0, 6, line[4:], new_x="LMARGIN", new_y="NEXT")
    elif not line.strip():
        pdf.ln(3)
    else:
        pdf.set_font("Helvetica", "", 10.5)
        pdf.multi_cell(0, 5.2, line, new_x="LMARGIN", new_y="NEXT")


def main() -> int:
    TARGET.write_bytes(render(SOURCE.read_text(encoding="utf-8")))
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
