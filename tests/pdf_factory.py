"""Build the awkward PDFs analysts meet: encrypted, truncated, empty, fake, scanned pages."""

from __future__ import annotations

import io
from pathlib import Path

from fpdf import FPDF
from pypdf import PdfReader, PdfWriter


def text_pdf(path: Path, pages: list[str]) -> Path:
    """A PDF with one page per string; an empty string gives a page with no text layer."""
    pdf = FPDF()
    pdf.set_font("Helvetica", size=11)
    for text in pages:
        pdf.add_page()
        if text:
            pdf.multi_cell(0, 6, text)
        else:
            pdf.rect(20, 20, 150, 200)  # a drawing, like a scanned image: no text
    path.write_bytes(bytes(pdf.output()))
    return path


def column_table_pdf(path: Path, heading: str, labels: list[str], cells: list[str]) -> Path:
    """A page with ``heading`` over a two-column table drawn a column at a time: every label
    first, then every cell beside its label, as some programs write a table. A text layer
    read in drawing order gives the labels, then the cells."""
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=11)
    pdf.text(20, 20, heading)
    for row, label in enumerate(labels):
        pdf.text(20, 35 + 8 * row, label)
    for row, cell in enumerate(cells):
        pdf.text(110, 35 + 8 * row, cell)
    pdf.text(20, 40 + 8 * len(labels), "Proposals shall be submitted through the portal.")
    path.write_bytes(bytes(pdf.output()))
    return path


def encrypted_pdf(source: Path, path: Path, password: str = "s3cret") -> Path:
    writer = PdfWriter(clone_from=PdfReader(source))
    writer.encrypt(user_password=password, owner_password=password, algorithm="RC4-128")
    buffer = io.BytesIO()
    writer.write(buffer)
    path.write_bytes(buffer.getvalue())
    return path


def truncated_pdf(source: Path, path: Path, keep: float = 0.3) -> Path:
    data = source.read_bytes()
    path.write_bytes(data[: int(len(data) * keep)])
    return path


def scanned_pages_pdf(
    source: Path, path: Path, pages: list[int], scanned: set[int], dpi: int = 150
) -> Path:
    """``pages`` of a real PDF (1-based) as a new PDF in which the ``scanned`` ones (numbers
    in the new PDF) are images only, as a scanner makes them: no text layer at all."""
    import pypdfium2 as pdfium

    reader = PdfReader(source)
    writer = PdfWriter()
    rendered = pdfium.PdfDocument(source)
    for new_number, page_number in enumerate(pages, start=1):
        if new_number not in scanned:
            writer.add_page(reader.pages[page_number - 1])
            continue
        image = rendered[page_number - 1].render(scale=dpi / 72).to_pil().convert("RGB")
        buffer = io.BytesIO()
        image.save(buffer, format="PDF", resolution=dpi)
        writer.add_page(PdfReader(buffer).pages[0])
    rendered.close()
    out = io.BytesIO()
    writer.write(out)
    path.write_bytes(out.getvalue())
    return path
