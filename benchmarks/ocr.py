"""OCR benchmark: speed, memory and accuracy of reading scanned pages, and retrieval on scans.

1. **Speed and memory.** 20 English and 6 Spanish pages of the real RFPs are turned into
   image-only pages (rendered at 150 dpi and wrapped as a PDF, as a scanner makes them) and
   read by ``ingest.ocr.ocr_pages``: with one page at a time (the baseline) and with
   ``RFP_OCR_WORKERS`` pages at once (what ingest does). Printed: seconds per page (median of
   the repeats), the ratio, and peak memory (this process; the largest Tesseract process).
2. **Accuracy.** Each page's OCR text against its own text layer: character similarity
   (``difflib``, whitespace normalised), median and worst, English and Spanish. Table pages
   score lower because OCR reads a table's cells in another order than the text layer.
3. **Retrieval on scans.** The 9 English held-out PDFs are ingested twice, as they are and as
   image-only copies (every page OCR'd), and ``rfp eval`` runs the pipeline mode of
   eval/holdout-questions.jsonl on both. Printed: hit@5 of each and the ratio (bar: >= 0.9).

Run: `.venv/bin/python benchmarks/ocr.py [--repeat N] [--skip-retrieval]`.
"""

from __future__ import annotations

import argparse
import difflib
import io
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import SAMPLE_PAGES  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
ENGLISH_PAGES = [(f"rfps/{name}", pages) for name, pages in SAMPLE_PAGES]
SPANISH_PAGES = [
    ("rfps-holdout/jaen-christmas-plants-pcap.pdf", [2, 6, 12]),
    ("rfps-holdout/buenos-aires-hospital-xray-tube-pliego.pdf", [2, 5, 9]),
]
SCAN_DPI = 150


def image_only(source: Path, pages: list[int] | None = None) -> bytes:
    """``pages`` of ``source`` (all when None) as a PDF of page images, no text layer."""
    import pypdfium2 as pdfium
    from pypdf import PdfReader, PdfWriter

    document = pdfium.PdfDocument(source)
    writer = PdfWriter()
    for number in pages or range(1, len(document) + 1):
        image = document[number - 1].render(scale=SCAN_DPI / 72).to_pil().convert("RGB")
        buffer = io.BytesIO()
        image.save(buffer, format="PDF", resolution=SCAN_DPI)
        writer.add_page(PdfReader(buffer).pages[0])
        image.close()
    document.close()
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def similarity(a: str, b: str) -> float:
    a, b = " ".join(a.split()), " ".join(b.split())
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def read_set(name: str, pages: list[tuple[str, list[int]]], engine, repeat: int) -> list[str]:
    from rfp_agents.ingest.ocr import ocr_pages
    from rfp_agents.ingest.pdf_text import read_pdf_text

    scans, originals = [], []
    for relative, numbers in pages:
        path = DATA / relative
        scans.append(image_only(path, numbers))
        text = read_pdf_text(path.read_bytes(), max_pages=5000)
        originals += [text.pages[n - 1] for n in numbers]
    count = len(originals)
    lines = []
    per_page: dict[int, list[float]] = {1: [], 2: []}
    read = []
    for _ in range(repeat):
        for workers in (1, 2):
            started = time.perf_counter()
            read = [
                p
                for data, (_, numbers) in zip(scans, pages, strict=True)
                for p in ocr_pages(data, list(range(1, len(numbers) + 1)), engine, workers=workers)
            ]
            per_page[workers].append((time.perf_counter() - started) / count)
    one, two = statistics.median(per_page[1]), statistics.median(per_page[2])
    scores = [similarity(o, p.text) for o, p in zip(originals, read, strict=True)]
    lines.append(
        f"{name}: {count} pages; seconds per page: 1 worker {one:.2f}, 2 workers {two:.2f} "
        f"(ratio {two / one:.2f}x); similarity to the text layer: median "
        f"{statistics.median(scores):.3f}, worst {min(scores):.3f}, "
        f"{sum(s >= 0.95 for s in scores)}/{count} pages >= 0.95; mean OCR confidence "
        f"{statistics.mean(p.confidence for p in read):.0f}"
    )
    return lines


def retrieval_on_scans() -> str:
    from rfp_agents.config import Settings
    from rfp_agents.evaluation import load_questions
    from rfp_agents.evaluation.runner import run_eval
    from rfp_agents.ingest import ingest_paths

    questions = load_questions(ROOT / "eval" / "holdout-questions.jsonl")
    originals = [
        p for p in sorted((DATA / "rfps-holdout").glob("*.pdf"))
        if not p.name.startswith(("jaen-", "buenos-aires-"))
    ]  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(home=Path(tmp) / "home")
        scans = Path(tmp) / "scans"
        scans.mkdir()
        for pdf in originals:
            (scans / pdf.name).write_bytes(image_only(pdf))
        started = time.perf_counter()
        ingest_paths(originals, settings, "text")
        text_seconds = time.perf_counter() - started
        started = time.perf_counter()
        report = ingest_paths([scans], settings, "scans")
        scan_seconds = time.perf_counter() - started
        pages = sum(len(o.ocr_pages) for o in report.outcomes)
        hits = {}
        for kb in ("text", "scans"):
            result = run_eval(questions, kb, settings, modes=["pipeline"])
            hits[kb] = result.modes[0].overall.hit_at_5
    return (
        f"retrieval on image-only copies of {len(originals)} held-out PDFs ({pages} pages OCR'd, "
        f"ingest {scan_seconds:.0f} s vs {text_seconds:.0f} s from the text layer): pipeline "
        f"hit@5 {hits['scans']:.3f} vs {hits['text']:.3f} "
        f"(ratio {hits['scans'] / hits['text']:.2f}x; bar >= 0.9x)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-retrieval", action="store_true")
    args = parser.parse_args()

    from rfp_agents.ingest.ocr import OcrUnavailable, ocr_engine

    try:
        engine = ocr_engine()
    except OcrUnavailable as exc:
        print(f"cannot benchmark OCR: {exc}", file=sys.stderr)
        return 1
    for line in read_set("English", ENGLISH_PAGES, engine, args.repeat):
        print(line, flush=True)
    for line in read_set("Spanish", SPANISH_PAGES, engine, args.repeat):
        print(line, flush=True)
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    tesseract = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak memory: this process {own:.0f} MiB; largest Tesseract process {tesseract:.0f} MiB")
    if not args.skip_retrieval:
        print(retrieval_on_scans(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
