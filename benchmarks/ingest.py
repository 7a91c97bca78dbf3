"""Ingest benchmark: `rfp ingest` vs the naive LangChain pipeline, and an unchanged re-ingest.

Both pipelines ingest ../shared/data/rfps in this process with the same embedding model
(loaded once, before timing, so neither pays for it), each into a fresh store. Printed:
wall times, pages/s, and the ratios (targets: ours <= 1.2x naive; unchanged re-ingest
>= 20x faster than the first ingest). Run: `.venv/bin/python benchmarks/ingest.py [--repeat N]`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parent.parent
RFPS = Path(os.environ.get("RFP_RFPS_DIR", ROOT.parent / "shared" / "data" / "rfps"))


def naive_ingest(pdfs: list[Path], home: Path, embeddings) -> tuple[int, int]:
    """PyPDFLoader + RecursiveCharacterTextSplitter(1000, 200) + Chroma.from_documents."""
    from langchain_chroma import Chroma
    from langchain_community.document_loaders import PyPDFLoader
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    pages = [page for pdf in pdfs for page in PyPDFLoader(str(pdf)).load()]
    chunks = RecursiveCharacterTextSplitter(chunk_size=1000, chunk_overlap=200).split_documents(
        pages
    )
    Chroma.from_documents(
        chunks,
        embeddings,
        persist_directory=str(home / "naive"),
        collection_name="naive",
        collection_metadata={"hnsw:space": "cosine"},
    )
    return len(pages), len(chunks)


def ours_ingest(home: Path) -> tuple[int, int]:
    from rfp_agents.config import Settings
    from rfp_agents.ingest import ingest_paths

    report = ingest_paths([RFPS], Settings(home=home), "bench")
    assert report.exit_code == 0, report.summary()
    return report.pages, report.chunks


def cli_unchanged_seconds(home: Path) -> float:
    """The unchanged re-ingest as a user runs it: a new `rfp ingest` process."""
    env = {**os.environ, "RFP_HOME": str(home)}
    started = time.perf_counter()
    subprocess.run(
        [str(Path(sys.executable).parent / "rfp"), "ingest", str(RFPS), "--kb", "bench"],
        check=True,
        env=env,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each pipeline (median)")
    args = parser.parse_args()

    from rfp_agents.config import Settings
    from rfp_agents.embeddings import get_embeddings
    from rfp_agents.store import forget_clients

    pdfs = sorted(RFPS.glob("*.pdf"))
    embeddings = get_embeddings(Settings())
    embeddings.embed_documents(["warm up the model"])

    naive_t, ours_t, unchanged_t, cli_t = [], [], [], []
    for run in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            home = Path(tmp)
            # Alternate the order so neither pipeline always runs on a warmer machine.
            order = ("naive", "ours") if run % 2 == 0 else ("ours", "naive")
            for which in order:
                started = time.perf_counter()
                if which == "naive":
                    pages, naive_chunks = naive_ingest(pdfs, home, embeddings)
                    naive_t.append(time.perf_counter() - started)
                else:
                    pages, ours_chunks = ours_ingest(home / "ours")
                    ours_t.append(time.perf_counter() - started)
            started = time.perf_counter()
            ours_ingest(home / "ours")
            unchanged_t.append(time.perf_counter() - started)
            forget_clients()
            cli_t.append(cli_unchanged_seconds(home / "ours"))

    med = statistics.median
    print(
        f"corpus: {len(pdfs)} PDFs, {pages} pages; chunks: ours {ours_chunks}, naive {naive_chunks}"
    )
    print(f"runs: {args.repeat} (medians below)")
    print(f"naive LangChain ingest : {med(naive_t):7.2f} s  {pages / med(naive_t):6.1f} pages/s")
    print(f"rfp ingest (first)     : {med(ours_t):7.2f} s  {pages / med(ours_t):6.1f} pages/s")
    print(f"rfp ingest (unchanged) : {med(unchanged_t):7.3f} s  in-process")
    print(f"rfp ingest (unchanged) : {med(cli_t):7.3f} s  as a new CLI process")
    print(
        f"ratio ours / naive                 : {med(ours_t) / med(naive_t):.2f}x  (target <= 1.2)"
    )
    print(f"unchanged speed-up: {med(ours_t) / med(unchanged_t):.0f}x  (target >= 20)")
    print(f"speed-up unchanged (CLI) vs first  : {med(ours_t) / med(cli_t):.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
