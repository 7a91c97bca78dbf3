"""Page view benchmark: how long a cited page takes to show, cold and warm.

For 20 pages of the real RFPs, each with one of its sentences as the cited text:

* ``plain``: PDFium renders the page at the same resolution and PIL encodes the PNG, with no
  highlight: the baseline, measured in the same run;
* ``cold``: ``page_view.render_page`` the first time (render, find the sentence's words,
  draw, encode, write the cache);
* ``warm``: the same call again (served from the cache): the bar is <= 0.3 s.

Printed: median seconds of each and the ratios to the baseline.
Run: `.venv/bin/python benchmarks/page_view.py`.
"""

from __future__ import annotations

import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import RFPS, SAMPLE_PAGES  # noqa: E402


def a_sentence(pdf: Path, page: int) -> str:
    """The longest sentence of the page's text layer: what an answer would cite."""
    from rfp_agents.ingest.pdf_text import read_pdf_text
    from rfp_agents.text import split_sentences

    text = read_pdf_text(pdf.read_bytes(), max_pages=5000).pages[page - 1]
    return max(split_sentences(text), key=len)


def plain_render(pdf: Path, page: int) -> bytes:
    import pypdfium2 as pdfium

    from rfp_agents.page_view import VIEW_DPI

    document = pdfium.PdfDocument(pdf)
    image = document[page - 1].render(scale=VIEW_DPI / 72).to_pil().convert("RGB")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    document.close()
    return out.getvalue()


def timed(fn) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def main() -> int:
    from rfp_agents.config import Settings
    from rfp_agents.page_view import render_page

    cases = [(RFPS / name, page) for name, pages in SAMPLE_PAGES for page in pages]
    sentences = {case: a_sentence(*case) for case in cases}
    times: dict[str, list[float]] = {"plain": [], "cold": [], "warm": []}
    highlighted = 0
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(home=Path(tmp))
        for pdf, page in cases:
            sentence = sentences[(pdf, page)]
            key = pdf.stem
            times["plain"].append(timed(lambda: plain_render(pdf, page)))  # noqa: B023
            times["cold"].append(
                timed(lambda: render_page(pdf, page, sentence, settings=settings, cache_key=key))  # noqa: B023
            )
            times["warm"].append(
                timed(lambda: render_page(pdf, page, sentence, settings=settings, cache_key=key))  # noqa: B023
            )
            highlighted += bool(render_page(pdf, page, sentence, settings=settings,
                                            cache_key=key).highlights)  # fmt: skip
    median = {name: statistics.median(values) for name, values in times.items()}
    print(f"{len(cases)} pages; the cited sentence was highlighted on {highlighted}")
    for name in ("plain", "cold", "warm"):
        print(
            f"{name:>5}: median {median[name] * 1000:.1f} ms "
            f"({median[name] / median['plain']:.2f}x plain render)"
        )
    print(f"warm median {median['warm']:.4f} s (bar <= 0.3 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
