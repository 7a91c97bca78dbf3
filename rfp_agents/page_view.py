"""Show a cited page: the page as a PNG image with the cited passage highlighted.

An analyst checks a citation by looking at the page. ``render_page`` renders one page of a
knowledge base's kept PDF (``KnowledgeBase.file_of``) with PDFium and marks the words of the
passage on it: the page's words come from its text layer (PDFium's character boxes) or, on
a scanned page, from Tesseract's word boxes; the passage's words are aligned to them in
order (``difflib``), so cleaning differences (a dropped running header, a joined hyphen)
do not lose the highlight. Rendered pages are cached on disk by document, page and passage.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from dataclasses import asdict, dataclass
from difflib import SequenceMatcher
from pathlib import Path

from rfp_agents.atomic_files import write_atomically
from rfp_agents.config import Settings
from rfp_agents.errors import DocumentNotFound, PageNotFound
from rfp_agents.knowledge_base import KnowledgeBase

VIEW_DPI = 110
"""Resolution of a shown page: a letter page is 935 x 1210 pixels, readable beside an answer."""
MIN_RUN_WORDS = 2
"""Shortest run of the passage's words, in order, that is highlighted (single common words
such as "the" would match anywhere)."""
HIGHLIGHT = (255, 214, 10, 110)
_WORD_CHARS = re.compile(r"[\W_]+", re.UNICODE)


@dataclass(frozen=True)
class Box:
    """A rectangle on the rendered image, in pixels from its top-left corner."""

    left: int
    top: int
    right: int
    bottom: int


@dataclass(frozen=True)
class Word:
    """A word of the page and its box, in PDF points from the page's top-left corner."""

    text: str
    left: float
    top: float
    right: float
    bottom: float


@dataclass(frozen=True)
class PageView:
    """A rendered page: the PNG, its size, the highlighted boxes and the words under them."""

    png: bytes
    width: int
    height: int
    highlights: list[Box]
    highlighted_words: list[str]

    def highlight_header(self) -> str:
        """The boxes as ``left,top,width,height`` joined by ``;`` (for an HTTP header)."""
        return ";".join(
            f"{b.left},{b.top},{b.right - b.left},{b.bottom - b.top}" for b in self.highlights
        )


def render_page(
    pdf: Path,
    page_number: int,
    passage: str = "",
    *,
    settings: Settings,
    cache_key: str = "",
    name: str = "",
) -> PageView:
    """Page ``page_number`` (1-based) of ``pdf`` as a PNG with ``passage`` highlighted.

    ``cache_key`` names the document in the cache (its doc_id); without it nothing is cached.
    ``name`` is the document's name in messages (its file name as ingested).

    Raises:
        PageNotFound: the document has fewer pages.
    """
    cached = _cache_path(settings, cache_key, page_number, passage) if cache_key else None
    if cached is not None and cached.exists():
        return _read_cached(cached)
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        if not 1 <= page_number <= len(document):
            raise PageNotFound(
                f"{name or pdf.name} has {len(document)} pages; there is no page {page_number}."
            )
        page = document[page_number - 1]
        try:
            view = _render(page, passage, settings)
        finally:
            page.close()
    finally:
        document.close()
    if cached is not None:
        _write_cached(cached, view)
    return view


def _render(page, passage: str, settings: Settings) -> PageView:
    from PIL import Image, ImageDraw

    scale = VIEW_DPI / 72
    image = page.render(scale=scale).to_pil().convert("RGBA")
    words = page_words(page, settings) if passage.strip() else []
    marked = matched_words(words, passage)
    boxes = _line_boxes(marked, scale)
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    for box in boxes:
        draw.rectangle((box.left, box.top, box.right, box.bottom), fill=HIGHLIGHT)
    image = Image.alpha_composite(image, overlay).convert("RGB")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return PageView(out.getvalue(), image.width, image.height, boxes, [w.text for w in marked])


def page_words(page, settings: Settings) -> list[Word]:
    """The words of a page with their boxes: from the text layer, or by OCR for a scan."""
    words = _text_layer_words(page)
    if sum(len(w.text) for w in words) >= 20:
        return words
    return _ocr_words(page, settings)


def _text_layer_words(page) -> list[Word]:
    height = page.get_height()
    textpage = page.get_textpage()
    try:
        text = textpage.get_text_range()
        words: list[Word] = []
        current: list[tuple[str, tuple[float, float, float, float]]] = []

        def flush() -> None:
            if current:
                left = min(b[0] for _, b in current)
                bottom = min(b[1] for _, b in current)
                right = max(b[2] for _, b in current)
                top = max(b[3] for _, b in current)
                words.append(
                    Word("".join(c for c, _ in current), left, height - top, right, height - bottom)
                )
                current.clear()

        for index, char in enumerate(text[: textpage.count_chars()]):
            if char.isspace():
                flush()
                continue
            current.append((char, textpage.get_charbox(index)))
        flush()
        return words
    finally:
        textpage.close()


def _ocr_words(page, settings: Settings) -> list[Word]:
    """Tesseract's word boxes on a scanned page, in points (no Tesseract: no words)."""
    from rfp_agents.ingest.ocr import OcrUnavailable, ocr_engine, read_words

    try:
        engine = ocr_engine(settings.tesseract_command, settings.ocr_languages)
    except OcrUnavailable:
        return []
    scale = settings.ocr_dpi / 72
    image = page.render(scale=scale, grayscale=True).to_pil()
    return [
        Word(w.text, w.left / scale, w.top / scale, (w.left + w.width) / scale,
             (w.top + w.height) / scale)
        for w in read_words(image, engine)
    ]  # fmt: skip


def _token(word: str) -> str:
    return _WORD_CHARS.sub("", word.lower())


def matched_words(words: list[Word], passage: str) -> list[Word]:
    """The page's words that spell out ``passage``: runs of its words found in the same
    order on the page (``MIN_RUN_WORDS`` or more), so a passage the cleaning changed a
    little is still found, and its words found elsewhere alone are not."""
    page_tokens = [_token(w.text) for w in words]
    passage_tokens = [t for t in (_token(w) for w in passage.split()) if t]
    if not page_tokens or not passage_tokens:
        return []
    matcher = SequenceMatcher(None, page_tokens, passage_tokens, autojunk=False)
    shortest = min(MIN_RUN_WORDS, len(passage_tokens))
    marked: list[Word] = []
    for block in matcher.get_matching_blocks():
        if block.size >= shortest:
            marked += words[block.a : block.a + block.size]
    return marked


def _line_boxes(words: list[Word], scale: float) -> list[Box]:
    """One box per line of highlighted words (words whose boxes overlap vertically)."""
    boxes: list[list[float]] = []
    for word in words:
        last = boxes[-1] if boxes else None
        if last is not None and word.top < last[3] and word.bottom > last[1]:
            last[0], last[1] = min(last[0], word.left), min(last[1], word.top)
            last[2], last[3] = max(last[2], word.right), max(last[3], word.bottom)
        else:
            boxes.append([word.left, word.top, word.right, word.bottom])
    pad = 1.5
    return [
        Box(
            round((left - pad) * scale),
            round((top - pad) * scale),
            round((right + pad) * scale),
            round((bottom + pad) * scale),
        )
        for left, top, right, bottom in boxes
    ]


def _cache_path(settings: Settings, key: str, page_number: int, passage: str) -> Path:
    digest = hashlib.sha256(" ".join(passage.split()).encode()).hexdigest()[:16]
    return settings.home / "page-cache" / f"{key}-p{page_number}-{digest}.png"


def _read_cached(path: Path) -> PageView:
    meta = json.loads(path.with_suffix(".json").read_text())
    return PageView(
        png=path.read_bytes(),
        width=meta["width"],
        height=meta["height"],
        highlights=[Box(**b) for b in meta["highlights"]],
        highlighted_words=meta["highlighted_words"],
    )


def _write_cached(path: Path, view: PageView) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = {
        "width": view.width,
        "height": view.height,
        "highlights": [asdict(b) for b in view.highlights],
        "highlighted_words": view.highlighted_words,
    }
    write_atomically(path.with_suffix(".json"), json.dumps(meta).encode())
    write_atomically(path, view.png)  # last: a PNG is only there with its JSON


def show_page(
    knowledge_base: KnowledgeBase,
    doc_id: str,
    page_number: int,
    *,
    settings: Settings,
    chunk_id: str = "",
    text: str = "",
) -> PageView:
    """A page of a knowledge base's document, with ``text`` (a cited sentence) highlighted,
    or the text of chunk ``chunk_id`` (the cited passage) when there is no ``text`` or it is
    not on the page.

    Raises:
        DocumentNotFound: no such document (or its PDF is not kept), or the chunk is not
            one of this document's.
        PageNotFound: the document has no such page.
    """
    pdf = knowledge_base.file_of(doc_id)
    record = knowledge_base.record(doc_id)
    name = record.source if record is not None else ""
    passage = ""
    if chunk_id:
        found = knowledge_base.chunk(chunk_id)
        if found is None or found[1].get("doc_id") != doc_id:
            raise DocumentNotFound(
                f"No chunk {chunk_id[:80]!r} of document {doc_id[:64]!r} in knowledge base "
                f"{knowledge_base.name!r}."
            )
        passage = found[0]
    if text:
        view = render_page(pdf, page_number, text, settings=settings, cache_key=doc_id, name=name)
        if view.highlights or not passage:
            return view
    return render_page(pdf, page_number, passage, settings=settings, cache_key=doc_id, name=name)
