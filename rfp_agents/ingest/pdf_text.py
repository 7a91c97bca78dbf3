"""Read the text layer of a PDF, page by page, or say precisely why it cannot be read."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.errors import FileNotDecryptedError, LimitReachedError, PdfReadError

# pypdf logs every recoverable oddity of real-world PDFs as a warning; they are not ours.
logging.getLogger("pypdf").setLevel(logging.ERROR)

PDF_MAGIC = b"%PDF-"
# A page with fewer characters than this has no usable text layer (scanned or a diagram).
MIN_TEXT_CHARS = 20


class PdfSkipped(Exception):  # noqa: N818 - it is an outcome, not a failure of ours
    """The file cannot be ingested; ``reason`` is the short word shown as ``skipped: reason``."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class PdfText:
    """Raw text of each physical page; ``pages[0]`` is page 1."""

    pages: list[str]
    metadata_title: str = ""
    """The PDF's own /Title (often empty or a word processor's placeholder)."""

    @property
    def page_count(self) -> int:
        return len(self.pages)

    @property
    def pages_without_text(self) -> list[int]:
        """1-based numbers of pages whose text layer is empty or nearly so."""
        return [i + 1 for i, text in enumerate(self.pages) if len(text.strip()) < MIN_TEXT_CHARS]


def read_pdf_text(data: bytes, *, max_pages: int) -> PdfText:
    """Extract the text of every page of the PDF in ``data``.

    Raises:
        PdfSkipped: with reason ``empty``, ``not a PDF``, ``encrypted``, ``corrupt``,
            ``too many pages`` or ``no pages``.
    """
    if not data:
        raise PdfSkipped("empty", "the file has 0 bytes")
    if PDF_MAGIC not in data[:1024]:
        raise PdfSkipped("not a PDF", "the file does not start with %PDF-")
    try:
        reader = _open_reader(data)
        count = len(reader.pages)
    except PdfSkipped:
        raise
    except (
        PdfReadError,
        ValueError,
        KeyError,
        TypeError,
        AttributeError,
        IndexError,
        RecursionError,
        OSError,
    ) as exc:
        raise PdfSkipped("corrupt", f"{type(exc).__name__}: {exc}") from exc
    if count == 0:
        raise PdfSkipped("no pages", "the PDF has no pages")
    if count > max_pages:
        raise PdfSkipped(
            "too many pages", f"{count} pages, the limit is {max_pages} (RFP_MAX_PDF_PAGES)"
        )
    pages = []
    for number, page in enumerate(reader.pages, start=1):
        try:
            text = page.extract_text() or ""
            if not text.strip():
                _check_not_a_bomb(page, number)
            pages.append(text)
        except PdfSkipped:
            raise
        except FileNotDecryptedError as exc:
            raise PdfSkipped("encrypted", "a password is required") from exc
        except Exception as exc:  # noqa: BLE001 - pypdf raises many types on damaged pages
            raise PdfSkipped("corrupt", f"page {number}: {type(exc).__name__}: {exc}") from exc
    return PdfText(pages, _metadata_title(reader))


def _metadata_title(reader: PdfReader) -> str:
    try:
        return str((reader.metadata or {}).get("/Title") or "")
    except Exception:  # noqa: BLE001 - a damaged info dictionary only loses the title
        return ""


def _check_not_a_bomb(page: Any, number: int) -> None:
    """pypdf stops decompressing a stream at its output limit and then extracts no text;
    tell that apart from a page that has no text layer, so the user hears the real reason."""
    try:
        contents = page.get_contents()
        if contents is not None:
            contents.get_data()
    except LimitReachedError as exc:
        raise PdfSkipped(
            "decompression bomb",
            f"page {number} decompresses past pypdf's safety limit ({exc})",
        ) from exc
    except Exception:  # noqa: BLE001 - anything else: an ordinary empty page
        return


def _open_reader(data: bytes) -> PdfReader:
    import io

    reader = PdfReader(io.BytesIO(data), strict=False)
    if reader.is_encrypted:
        # Many PDFs are "encrypted" with an empty user password only to set permissions;
        # those read fine. Anything else needs a password we do not have.
        try:
            if not reader.decrypt(""):
                raise PdfSkipped("encrypted", "a password is required")
        except PdfSkipped:
            raise
        except Exception as exc:  # noqa: BLE001 - missing crypto backend, unknown algorithm
            raise PdfSkipped("encrypted", f"cannot decrypt ({exc})") from exc
    return reader


def read_pdf_bytes(path: Path, *, max_bytes: int) -> bytes:
    """Read ``path``, refusing files over ``max_bytes`` before loading them."""
    size = path.stat().st_size
    if size > max_bytes:
        raise PdfSkipped("too large", f"{size} bytes, the limit is {max_bytes} (RFP_MAX_PDF_BYTES)")
    return path.read_bytes()
