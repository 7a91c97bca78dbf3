"""Read pages that have no text layer (scans, signed forms, image attachments) by OCR.

Each such page is rendered with PDFium (``pypdfium2``, inside its wheel) and read by
Tesseract (Debian's ``tesseract-ocr`` with its ``eng`` and ``spa`` language data, called
through ``pytesseract``). Pages with a text layer are never OCR'd.

Tesseract is a separate program: when it (or a language) is missing, ``ocr_engine`` says so
and what to install, and ingest reports the pages it could not read; nothing fails silently.
Tesseract's own threads are limited to one (``OMP_THREAD_LIMIT=1``: on a two-core machine its
OpenMP threads make a page 5-8 times slower) and pages are read in parallel instead, one
rendered page in memory per worker.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache

INSTALL_HINT = "apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-spa"
"""How to install Tesseract and the default languages on Debian/Ubuntu."""
MIN_WORD_CONFIDENCE = 0
"""Tesseract gives -1 to boxes that are not words; those are left out."""


class OcrUnavailable(Exception):  # noqa: N818 - a condition the user fixes, shown as is
    """Tesseract or the requested languages are not installed; the message says what to do."""


@dataclass(frozen=True)
class OcrPage:
    """The text Tesseract read on one page and its mean word confidence (0-100)."""

    page_number: int
    text: str
    confidence: float


@dataclass(frozen=True)
class OcrEngine:
    """An installed Tesseract and the languages it will read with ("eng+spa")."""

    command: str
    languages: str
    missing_languages: tuple[str, ...] = ()


@lru_cache(maxsize=8)
def ocr_engine(command: str = "tesseract", languages: str = "eng+spa") -> OcrEngine:
    """The installed Tesseract for ``languages``, keeping those installed.

    Found once per process (``tesseract --list-langs`` is a subprocess); a failure is not
    remembered, so installing Tesseract works without a restart.

    Raises:
        OcrUnavailable: Tesseract is not installed, or none of ``languages`` is.
    """
    found = shutil.which(command)
    if found is None:
        raise OcrUnavailable(f"Tesseract is not installed ({command!r} not found); {INSTALL_HINT}")
    wanted = [lang for lang in languages.split("+") if lang]
    installed = _installed_languages(found)
    usable = [lang for lang in wanted if lang in installed]
    missing = tuple(lang for lang in wanted if lang not in installed)
    if not usable:
        raise OcrUnavailable(
            f"Tesseract has none of the languages {languages!r} (it has "
            f"{', '.join(sorted(installed)) or 'none'}); {INSTALL_HINT}"
        )
    return OcrEngine(found, "+".join(usable), missing)


def _installed_languages(command: str) -> set[str]:
    try:
        listed = subprocess.run(
            [command, "--list-langs"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise OcrUnavailable(
            f"Tesseract at {command!r} does not run ({exc}); {INSTALL_HINT}"
        ) from exc
    lines = (listed.stdout + listed.stderr).splitlines()
    return {line.strip() for line in lines if line.strip() and " " not in line.strip()}


def ocr_pages(
    data: bytes,
    page_numbers: Sequence[int],
    engine: OcrEngine,
    *,
    dpi: int = 200,
    workers: int = 2,
    on_page: Callable[[OcrPage], None] | None = None,
) -> list[OcrPage]:
    """Render and read ``page_numbers`` (1-based) of the PDF in ``data``, in page order.

    ``workers`` pages are read at once; ``on_page`` is called as each one is done (from a
    worker thread), e.g. to advance a progress bar.
    """
    import pypdfium2 as pdfium

    os.environ.setdefault("OMP_THREAD_LIMIT", "1")  # inherited by each tesseract process
    document = pdfium.PdfDocument(data)
    # PDFium is not thread-safe: pages are rendered one at a time, read in parallel
    render_lock = threading.Lock()

    def read(number: int) -> OcrPage:
        with render_lock:
            page = document[number - 1]
            try:
                image = page.render(scale=dpi / 72, grayscale=True).to_pil()
            finally:
                page.close()
        try:
            page_read = _read_image(image, number, engine)
        finally:
            image.close()
        if on_page:
            on_page(page_read)
        return page_read

    try:
        with ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="rfp-ocr") as pool:
            return list(pool.map(read, page_numbers))
    finally:
        document.close()


@dataclass(frozen=True)
class OcrWord:
    """A word Tesseract read: its box in image pixels, its line, and its confidence."""

    text: str
    confidence: float
    left: int
    top: int
    width: int
    height: int
    line: tuple[int, int, int]
    """(block, paragraph, line) numbers: the words of a line share them."""


def read_words(image: object, engine: OcrEngine) -> list[OcrWord]:
    """The words on a rendered page (a PIL image), in Tesseract's reading order."""
    import pytesseract

    pytesseract.pytesseract.tesseract_cmd = engine.command
    table = pytesseract.image_to_data(
        image, lang=engine.languages, output_type=pytesseract.Output.DICT
    )
    words = []
    for i, text in enumerate(table["text"]):
        confidence = float(table["conf"][i])
        if text.strip() and confidence >= MIN_WORD_CONFIDENCE:
            line = (table["block_num"][i], table["par_num"][i], table["line_num"][i])
            words.append(OcrWord(text, confidence, table["left"][i], table["top"][i],
                                 table["width"][i], table["height"][i], line))  # fmt: skip
    return words


def _read_image(image: object, page_number: int, engine: OcrEngine) -> OcrPage:
    """The text of one rendered page, in Tesseract's reading order, line by line."""
    words = read_words(image, engine)
    lines: dict[tuple[int, int, int], list[str]] = {}
    for word in words:
        lines.setdefault(word.line, []).append(word.text)
    confidence = sum(w.confidence for w in words) / len(words) if words else 0.0
    return OcrPage(page_number, _join_lines(lines), round(confidence, 1))


def _join_lines(lines: dict[tuple[int, int, int], list[str]]) -> str:
    """Lines joined with newlines, a blank line between paragraphs (as a text layer has)."""
    out: list[str] = []
    previous: tuple[int, int] | None = None
    for (block, paragraph, _), words in lines.items():
        if previous is not None and previous != (block, paragraph):
            out.append("")
        out.append(" ".join(words))
        previous = (block, paragraph)
    return "\n".join(out)
