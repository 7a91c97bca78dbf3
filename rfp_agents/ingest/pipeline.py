"""Ingest PDF files into a knowledge base: read, clean, chunk, classify, embed, write.

``ingest_paths`` is what ``rfp ingest`` runs. One bad file never stops the batch: it becomes a
``FileOutcome`` with status ``skipped`` (the file cannot be read: encrypted, corrupt, empty,
not a PDF...) or ``failed`` (something went wrong on our side), and the others carry on.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from rfp_agents.config import DEFAULT_KB, Settings
from rfp_agents.domains import classify_text
from rfp_agents.embeddings import embeddings_for_model
from rfp_agents.errors import EmbeddingsError, StoreUnavailableError
from rfp_agents.ingest.chunking import PageChunk, chunk_pages
from rfp_agents.ingest.cleaning import clean_pages, normalise_text
from rfp_agents.ingest.ocr import OcrPage, OcrUnavailable, ocr_engine, ocr_pages
from rfp_agents.ingest.pdf_text import (
    MIN_TEXT_CHARS,
    PdfSkipped,
    PdfText,
    read_pdf_bytes,
    read_pdf_text,
)
from rfp_agents.ingest.titles import document_title
from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase, now_iso
from rfp_agents.locks import document_lock
from rfp_agents.search.lexical import LexicalIndexCache
from rfp_agents.text import detect_language

log = logging.getLogger("rfp_agents.ingest")

OutcomeStatus = Literal["ingested", "replaced", "unchanged", "skipped", "failed"]


@dataclass(frozen=True)
class FileOutcome:
    """What happened to one file."""

    path: str
    source: str
    status: OutcomeStatus
    reason: str = ""
    """Why it was skipped or failed (``encrypted``, ``corrupt``...); empty otherwise."""
    detail: str = ""
    doc_id: str = ""
    pages: int = 0
    chunks: int = 0
    pages_without_text: list[int] = field(default_factory=list)
    """Pages with no text layer, whether OCR then read them or not."""
    ocr_pages: list[int] = field(default_factory=list)
    """Of those, the pages read by OCR."""
    ocr_problem: str = ""
    """Why OCR did not run (Tesseract missing...); empty when it ran or was not needed."""
    seconds: float = 0.0

    @property
    def unread_pages(self) -> list[int]:
        """Pages no text was found on, by the text layer or by OCR."""
        read = set(self.ocr_pages)
        return [p for p in self.pages_without_text if p not in read]

    @property
    def ok(self) -> bool:
        return self.status in ("ingested", "replaced", "unchanged")

    def describe(self) -> str:
        """One line for the user, e.g. ``skipped: encrypted (a password is required)``."""
        if self.status in ("skipped", "failed"):
            text = f"{self.status}: {self.reason}"
            return f"{text} ({self.detail})" if self.detail else text
        text = f"{self.status}: {self.pages} pages, {self.chunks} chunks"
        if self.ocr_pages:
            read = self.ocr_pages
            text += f"; {len(read)} pages read by OCR (pages {_page_list(read)})"
        unread = self.unread_pages
        if unread:
            n = len(unread)
            problem = self.ocr_problem
            why = f"OCR did not run: {problem}" if problem else "OCR found no text"
            text += (
                f"; {n} of {self.pages} pages have no text layer and were not read "
                f"(pages {_page_list(unread)}; {why})"
            )
        return text


@dataclass
class IngestReport:
    """The outcome of a batch; ``exit_code`` is 0 when every file is in the knowledge base."""

    kb: str
    outcomes: list[FileOutcome] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def failed(self) -> list[FileOutcome]:
        return [o for o in self.outcomes if not o.ok]

    @property
    def exit_code(self) -> int:
        return 1 if self.failed else 0

    @property
    def pages(self) -> int:
        return sum(o.pages for o in self.outcomes if o.ok)

    @property
    def chunks(self) -> int:
        return sum(o.chunks for o in self.outcomes if o.ok)

    def counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for o in self.outcomes:
            counts[o.status] = counts.get(o.status, 0) + 1
        return counts

    def summary(self) -> str:
        counts = ", ".join(f"{n} {status}" for status, n in self.counts().items()) or "no files"
        text = (
            f"{len(self.outcomes)} files ({counts}), {self.pages} pages, {self.chunks} chunks "
            f"in {self.seconds:.1f} s into knowledge base {self.kb!r}"
        )
        if self.failed:
            text += "; not ingested: " + ", ".join(f"{o.source} ({o.reason})" for o in self.failed)
        return text


def _page_list(pages: list[int], limit: int = 12) -> str:
    shown = ", ".join(str(p) for p in pages[:limit])
    return shown + (", ..." if len(pages) > limit else "")


def discover_pdfs(paths: Iterable[Path]) -> list[Path]:
    """Files as given, and ``*.pdf`` under folders (recursively); sorted, without repeats."""
    found: list[Path] = []
    seen: set[Path] = set()
    for path in paths:
        candidates = (
            sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() == ".pdf")
            if path.is_dir()
            else [path]
        )
        for candidate in candidates:
            key = candidate.resolve()
            if key not in seen:
                seen.add(key)
                found.append(candidate)
    return found


def document_id(data: bytes) -> str:
    """The hash of the file's bytes: the same bytes always give the same id."""
    return hashlib.sha256(data).hexdigest()[:32]


def chunk_id(doc_id: str, page_number: int, chunk_index: int) -> str:
    """Stable id of a chunk: the document hash, its page and its position in the document."""
    return f"{doc_id[:16]}-p{page_number}-c{chunk_index}"


def chunk_metadata(
    kb: str,
    source: str,
    doc_id: str,
    index: int,
    chunk: PageChunk,
    ocr_confidence: float | None = None,
    language: str = "en",
) -> dict[str, Any]:
    """The metadata contract every later part relies on (see BRIEF.md), plus ``ocr``: the
    page was read by OCR, with Tesseract's mean word ``ocr_confidence`` (0-100), and the
    document's ``language`` (BM25 stems a Spanish document's words as Spanish)."""
    label = classify_text(chunk.text)
    ocr = {"ocr": True, "ocr_confidence": ocr_confidence} if ocr_confidence is not None else {}
    return {
        "source": source,
        "page_number": chunk.page_number,
        "chunk_id": chunk_id(doc_id, chunk.page_number, index),
        "doc_id": doc_id,
        "chunk_index": index,
        "category": label.category,
        "category_score": label.score,
        "section": chunk.section,
        "kb": kb,
        "language": language,
        "ocr": False,
        **ocr,
    }


@dataclass(frozen=True)
class ParsedDocument:
    """A file read, hashed and cut into chunks: everything before embedding and writing.

    ``unchanged`` is the complete record of the same bytes under the same name, when the
    knowledge base already has it (then nothing was parsed).
    """

    source: str
    doc_id: str
    size_bytes: int
    page_count: int = 0
    title: str = ""
    pages_without_text: list[int] = field(default_factory=list)
    ocr_confidence: dict[int, float] = field(default_factory=dict)
    """Pages read by OCR, with Tesseract's mean word confidence."""
    ocr_problem: str = ""
    language: str = "en"
    texts: list[str] = field(default_factory=list)
    metadatas: list[dict[str, Any]] = field(default_factory=list)
    unchanged: DocumentRecord | None = None


PARSE_AHEAD = 1
"""Files parsed ahead of the one being embedded. Parsing is Python (it holds the GIL) and
embedding is ONNX Runtime (it releases it), so the next file's parse runs while this one
embeds; one file ahead is enough to hide it and bounds memory to two documents."""


class Ingestor:
    """Ingests files into one knowledge base; holds the settings and the opened store.

    ``parse`` (read, hash, clean, chunk, classify) touches the store only to spot an
    unchanged file, so it can run in another thread while ``ingest_file`` embeds and writes
    the previous file.
    """

    def __init__(
        self,
        settings: Settings,
        kb: str = DEFAULT_KB,
        on_ocr_page: Callable[[str, OcrPage], None] | None = None,
        embedding: str | None = None,
    ) -> None:
        """``embedding`` builds a new knowledge base with that model (``multilingual`` for
        Spanish tenders); an existing one keeps its own (see ``KnowledgeBase.open``)."""
        self.settings = settings
        self.kb = KnowledgeBase.open(kb, settings, create=True, embedding=embedding)
        self.on_ocr_page = on_ocr_page

    def ingest_file(self, path: Path, parsed: Future[ParsedDocument] | None = None) -> FileOutcome:
        """Ingest one file; never raises for a bad file (only when the store is unusable).

        ``parsed`` is the result of ``parse(path)`` started earlier (in another thread);
        without it the file is parsed here.
        """
        started = time.perf_counter()
        source = path.name
        try:
            document = parsed.result() if parsed is not None else self.parse(path)
            outcome = self._store(path, document)
        except PdfSkipped as exc:
            outcome = FileOutcome(str(path), source, "skipped", exc.reason, exc.detail)
        except (StoreUnavailableError, EmbeddingsError):
            raise
        except FileNotFoundError:
            outcome = FileOutcome(str(path), source, "failed", "not found", "no such file")
        except (IsADirectoryError, PermissionError) as exc:
            outcome = FileOutcome(str(path), source, "failed", "unreadable", str(exc))
        except Exception as exc:  # noqa: BLE001 - one bad file must not stop the batch
            log.exception("ingest of %s failed", path)
            outcome = FileOutcome(
                str(path), source, "failed", "error", f"{type(exc).__name__}: {exc}"
            )
        seconds = time.perf_counter() - started
        log.info("%s: %s", source, outcome.describe())
        return FileOutcome(**{**outcome.__dict__, "seconds": seconds})

    def parse(self, path: Path) -> ParsedDocument:
        """Read, hash, clean, chunk and classify ``path`` (raises ``PdfSkipped`` for bad files)."""
        source = path.name
        data = read_pdf_bytes(path, max_bytes=self.settings.max_pdf_bytes)
        doc_id = document_id(data)
        same = next(
            (r for r in self.kb.records_for_source(source)
             if r.doc_id == doc_id and r.status == "complete"),
            None,
        )  # fmt: skip
        if same is not None:
            self.kb.keep_file(doc_id, data)  # kept since: documents ingested before had none
            return ParsedDocument(source, doc_id, len(data), unchanged=same)
        text = read_pdf_text(data, max_pages=self.settings.max_pdf_pages)
        no_text = text.pages_without_text
        raw_pages, confidence, problem = self._read_scanned(source, data, text)
        if len(no_text) == text.page_count and not confidence:
            why = f"OCR did not run: {problem}" if problem else "OCR found no text on them"
            raise PdfSkipped(
                "no text layer", f"none of its {text.page_count} pages has a text layer; {why}"
            )
        pages = clean_pages(raw_pages, self.settings.header_footer_min_share)
        chunks = chunk_pages(pages, self.settings.chunk_size, self.settings.chunk_overlap)
        self.kb.keep_file(doc_id, data)  # to show a cited page later
        language = detect_language("\n".join(pages))
        return ParsedDocument(
            source=source,
            doc_id=doc_id,
            size_bytes=len(data),
            page_count=text.page_count,
            # the raw first page: a running header there often is the title
            title=document_title(text.metadata_title, normalise_text(raw_pages[0])),
            pages_without_text=no_text,
            ocr_confidence=confidence,
            ocr_problem=problem,
            language=language,
            texts=[c.text for c in chunks],
            metadatas=[
                chunk_metadata(
                    self.kb.name, source, doc_id, i, c, confidence.get(c.page_number), language
                )
                for i, c in enumerate(chunks)
            ],
        )

    def _read_scanned(
        self, source: str, data: bytes, text: PdfText
    ) -> tuple[list[str], dict[int, float], str]:
        """The pages' text with the pages that have no text layer read by OCR.

        Returns the pages, the confidence of each page OCR read, and why OCR did not run
        ("" when it ran or no page needed it).
        """
        pages = list(text.pages)
        missing = text.pages_without_text
        if not missing:
            return pages, {}, ""
        if not self.settings.ocr:
            return pages, {}, "OCR is turned off (RFP_OCR=false)"
        try:
            engine = ocr_engine(self.settings.tesseract_command, self.settings.ocr_languages)
        except OcrUnavailable as exc:
            log.warning("%s: %d pages not read: %s", source, len(missing), exc)
            return pages, {}, str(exc)
        if engine.missing_languages:
            log.warning("%s: OCR without %s (not installed)", source, engine.missing_languages)
        report = self.on_ocr_page
        read = ocr_pages(
            data,
            missing,
            engine,
            dpi=self.settings.ocr_dpi,
            workers=self.settings.ocr_workers,
            on_page=(lambda page: report(source, page)) if report else None,
        )
        confidence: dict[int, float] = {}
        for page in read:
            if len(page.text.strip()) >= MIN_TEXT_CHARS:
                pages[page.page_number - 1] = page.text
                confidence[page.page_number] = page.confidence
        return pages, confidence, ""

    def _store(self, path: Path, document: ParsedDocument) -> FileOutcome:
        """Embed and write a parsed document, replacing an older version of the same name."""
        if document.unchanged is not None:
            return self._unchanged(path, document.unchanged)
        with document_lock(self.settings, self.kb.name, document.source):
            return self._store_locked(path, document)

    @staticmethod
    def _unchanged(path: Path, same: DocumentRecord) -> FileOutcome:
        return FileOutcome(
            str(path), same.source, "unchanged", doc_id=same.doc_id, pages=same.pages,
            chunks=same.chunks,
        )  # fmt: skip

    def _store_locked(self, path: Path, document: ParsedDocument) -> FileOutcome:
        """``_store`` under the document's lock: what another process wrote meanwhile (the
        same bytes, say) is seen here, since it was written under the same lock."""
        source, doc_id = document.source, document.doc_id
        existing = self.kb.records_for_source(source)
        same = next((r for r in existing if r.doc_id == doc_id and r.status == "complete"), None)
        if same is not None:
            return self._unchanged(path, same)
        twin = self.kb.record(doc_id)
        if twin is not None and twin.source != source and twin.status == "complete":
            raise PdfSkipped("duplicate", f"same bytes as {twin.source!r}, already ingested")

        model = embeddings_for_model(self.kb.embedding_model, self.settings)
        vectors = model.embed_documents(document.texts)
        record = DocumentRecord(
            doc_id=doc_id,
            source=source,
            status="writing",
            pages=document.page_count,
            title=document.title,
            chunks=len(document.texts),
            pages_without_text=len(document.pages_without_text),
            ocr_pages=len(document.ocr_confidence),
            language=document.language,
            size_bytes=document.size_bytes,
            ingested_at=now_iso(),
        )
        self.kb.begin_document(record)
        self.kb.write_chunks(
            [m["chunk_id"] for m in document.metadatas],
            vectors,
            document.texts,
            document.metadatas,
            batch_size=self.settings.store_write_batch,
        )
        self.kb.commit_document(record, replaces=existing)
        replaced = any(r.doc_id != doc_id and r.status == "complete" for r in existing)
        return FileOutcome(
            str(path),
            source,
            "replaced" if replaced else "ingested",
            doc_id=doc_id,
            pages=document.page_count,
            chunks=len(document.texts),
            pages_without_text=document.pages_without_text,
            ocr_pages=sorted(document.ocr_confidence),
            ocr_problem=document.ocr_problem,
        )


def ingest_paths(
    paths: Iterable[Path],
    settings: Settings,
    kb: str = DEFAULT_KB,
    *,
    on_start: Callable[[Path, int, int], None] | None = None,
    on_done: Callable[[FileOutcome], None] | None = None,
    on_ocr_page: Callable[[str, OcrPage], None] | None = None,
    embedding: str | None = None,
) -> IngestReport:
    """Ingest files and folders into knowledge base ``kb``; see ``FileOutcome`` for results.

    Files are written one at a time, in order; the next file is parsed in a second thread
    while the current one is embedded (``PARSE_AHEAD``). ``on_start(path, index, total)`` and
    ``on_done(outcome)`` let a caller show progress; ``on_ocr_page(source, page)`` is called
    (from the parsing thread) as each scanned page is read. ``embedding`` is the model of a
    new knowledge base (``Ingestor``).
    """
    started = time.perf_counter()
    ingestor = Ingestor(settings, kb, on_ocr_page, embedding)
    report = IngestReport(kb=kb)
    files = discover_pdfs(paths)
    queue: deque[tuple[Path, Future[ParsedDocument]]] = deque()
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="rfp-parse") as parser:

        def parse_ahead(upcoming: Iterator[Path], limit: int) -> None:
            while len(queue) < limit and (path := next(upcoming, None)) is not None:
                queue.append((path, parser.submit(ingestor.parse, path)))

        upcoming = iter(files)
        parse_ahead(upcoming, 1)
        for index in range(len(files)):
            path, parsed = queue.popleft()
            parse_ahead(upcoming, PARSE_AHEAD)
            if on_start:
                on_start(path, index, len(files))
            try:
                outcome = ingestor.ingest_file(path, parsed)
            except BaseException:
                for _, waiting in queue:
                    waiting.cancel()
                raise
            report.outcomes.append(outcome)
            if on_done:
                on_done(outcome)
    if any(o.status in ("ingested", "replaced") for o in report.outcomes):
        # Pay for the BM25 update now, not on the first hybrid query after a restart.
        LexicalIndexCache(settings).index_for(ingestor.kb)
    report.seconds = time.perf_counter() - started
    return report
