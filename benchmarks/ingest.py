"""Ingest benchmark: `rfp ingest` vs the naive LangChain pipeline, and an unchanged re-ingest.

Each run is a fresh process (so its peak memory is its own, read by ``os.wait4``) that
loads its embedding model, warms it up, and then times only the ingest of
../shared/data/rfps into a fresh store. Pipelines, alternated run by run:

* ``ours``: `rfp ingest` (parse the next file while this one embeds, ONNX Runtime embeddings,
  manifest, BM25 index update);
* ``naive``: PyPDFLoader + RecursiveCharacterTextSplitter(1000, 200) + Chroma.from_documents
  with the *same* embedder object (all-MiniLM-L6-v2 in ONNX Runtime): the pipelines differ,
  the model does not;
* ``naive-torch``: the same naive pipeline with all-MiniLM-L6-v2 in sentence-transformers
  (PyTorch), what LangChain's HuggingFaceEmbeddings runs.

Printed: median wall time and peak RSS of each, ratios ours / naive (targets: wall <= 0.8x,
peak <= 1.0x), and the unchanged re-ingest (in-process and as a new CLI process).
Run: `.venv/bin/python benchmarks/ingest.py [--repeat N]`.
"""

from __future__ import annotations

import argparse
import json
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
PIPELINES = ("naive", "ours", "naive-torch")


class SentenceTransformerEmbeddings:
    """What LangChain's HuggingFaceEmbeddings does: sentence-transformers on PyTorch."""

    def __init__(self) -> None:
        from sentence_transformers import SentenceTransformer

        from rfp_agents.model_export import weights_dir

        self.model = SentenceTransformer(str(weights_dir()), device="cpu")

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.model.encode(texts, normalize_embeddings=True).tolist()

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]


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


def worker(pipeline: str, home: Path) -> None:
    """One timed ingest in this process; prints a JSON line."""
    from rfp_agents.config import Settings
    from rfp_agents.embeddings import get_embeddings

    if pipeline == "naive-torch":
        embeddings = SentenceTransformerEmbeddings()
    else:
        embeddings = get_embeddings(Settings())
    embeddings.embed_documents(["warm up the model"])
    started = time.perf_counter()
    if pipeline == "ours":
        pages, chunks = ours_ingest(home)
    else:
        pages, chunks = naive_ingest(sorted(RFPS.glob("*.pdf")), home, embeddings)
    seconds = time.perf_counter() - started
    unchanged = None
    if pipeline == "ours":
        started = time.perf_counter()
        ours_ingest(home)
        unchanged = time.perf_counter() - started
    print(json.dumps({"seconds": seconds, "pages": pages, "chunks": chunks,
                      "unchanged": unchanged}))  # fmt: skip


def run_worker(pipeline: str, home: Path) -> dict:
    process = subprocess.Popen(
        [sys.executable, __file__, "--worker", pipeline, "--home", str(home)],
        stdout=subprocess.PIPE,
        text=True,
    )
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{pipeline} worker failed")
    result = json.loads(out.strip().splitlines()[-1])
    result["peak_mb"] = usage.ru_maxrss / 1024
    return result


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
    parser.add_argument("--worker", choices=PIPELINES, help=argparse.SUPPRESS)
    parser.add_argument("--home", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.home)
        return 0

    results: dict[str, list[dict]] = {p: [] for p in PIPELINES}
    cli_t = []
    for run in range(args.repeat):
        # Rotate the order so no pipeline always runs on a warmer (or hotter) machine.
        order = PIPELINES[run % 3 :] + PIPELINES[: run % 3]
        with tempfile.TemporaryDirectory() as tmp:
            for pipeline in order:
                results[pipeline].append(run_worker(pipeline, Path(tmp) / pipeline))
            cli_t.append(cli_unchanged_seconds(Path(tmp) / "ours"))

    med = statistics.median

    def wall(p: str) -> float:
        return med(r["seconds"] for r in results[p])

    def peak(p: str) -> float:
        return med(r["peak_mb"] for r in results[p])

    first = results["ours"][0]
    print(
        f"corpus: {len(list(RFPS.glob('*.pdf')))} PDFs, {first['pages']} pages; chunks: "
        f"ours {first['chunks']}, naive {results['naive'][0]['chunks']}; "
        f"{args.repeat} runs each, medians"
    )
    for p in PIPELINES:
        print(f"{p:12s}: {wall(p):7.2f} s  {first['pages'] / wall(p):6.1f} pages/s  "
              f"peak {peak(p):6.0f} MB")  # fmt: skip
    for base in ("naive", "naive-torch"):
        print(
            f"ours / {base:12s}: wall {wall('ours') / wall(base):.2f}x (target <= 0.8), "
            f"peak {peak('ours') / peak(base):.2f}x (target <= 1.0)"
        )
    unchanged = med(r["unchanged"] for r in results["ours"])
    print(f"unchanged re-ingest: {unchanged:.3f} s in-process ({wall('ours') / unchanged:.0f}x "
          f"faster than the first), {med(cli_t):.2f} s as a new CLI process")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
