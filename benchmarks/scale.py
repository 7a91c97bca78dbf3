"""Scale benchmark: a knowledge base of 100,000 chunks, embedded store vs a Chroma server.

The real corpus (../shared/data/rfps, ~600 chunks) is ingested once (that rate includes
embedding). It is then replicated to the target size: each replica is a new document with
its own doc_id, chunk ids, a varied text (the replica number is added to every chunk, so
BM25 sees distinct documents) and slightly perturbed, re-normalised vectors. The embedding
model is not rerun on copies; the replica write rate measures the store, not the model.

Printed per store: seed ingest rate, replica write rate (chunks/s), this process's peak RSS
(and the server's, for server mode), the BM25 index build time, and p50/p95 query latency
(embedding excluded: query vectors are computed once) for similarity, MMR, filtered
similarity and hybrid search. Target: similarity p95 <= 50 ms at 100k chunks.

Run: `.venv/bin/python benchmarks/scale.py [--chunks 100000] [--queries 40] [--store both]`.
"""

from __future__ import annotations

import argparse
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import QUERIES, replicate, seed  # noqa: E402

FILTER = {"category": {"$in": ["legal", "financial"]}, "page_number": {"$lte": 20}}


def peak_rss_mb(pid: int | None = None) -> float:
    if pid is None:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def start_server(path: Path) -> tuple[subprocess.Popen, str]:
    import chromadb

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    chroma = Path(sys.executable).parent / "chroma"
    process = subprocess.Popen(
        [str(chroma), "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(300):
        try:
            chromadb.HttpClient(host="127.0.0.1", port=port).heartbeat()
            return process, f"http://127.0.0.1:{port}"
        except Exception:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError("chroma run did not start")


def build(settings, target: int) -> dict:
    seed_chunks, pages_per_s = seed(settings)
    kb, chunks_per_s = replicate(settings, seed_chunks, "scale", target, vary_text=True)
    return {
        "seed_pages_per_s": pages_per_s,
        "seed_chunks": len(seed_chunks["ids"]),
        "chunks": kb.count_chunks(),
        "write_chunks_per_s": chunks_per_s,
        "seed": seed_chunks,
    }


def latencies(retriever, vectors, search_type: str, metadata_filter=None, rounds: int = 1):
    times = []
    for _ in range(rounds):
        for query, vector in vectors:
            request = retriever.validate(
                query=query, top_k=5, search_type=search_type, metadata_filter=metadata_filter,
                kb="scale",
            )  # fmt: skip
            start = time.perf_counter()
            out = retriever.run(request, vector)
            times.append((time.perf_counter() - start) * 1000)
            assert out.results, (query, search_type)
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


def raw_chroma_latencies(retriever, vectors, metadata_filter):
    """The same filtered query straight on the Chroma collection: the store's own cost."""
    from rfp_agents.skills.context_retriever.filters import compile_filter

    where = compile_filter(metadata_filter).where
    chunks = retriever.knowledge_base("scale").chunks
    times = []
    for _, vector in vectors:
        start = time.perf_counter()
        chunks.query(query_embeddings=[vector], n_results=5, where=where)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


RESTART_PROBE = """
import sys, time
from rfp_agents.config import Settings
from rfp_agents.skills.context_retriever import ContextRetriever
retriever = ContextRetriever(Settings(home=sys.argv[1], chroma_url=sys.argv[2]))
retriever.embeddings.embed_query("load the model first")
start = time.perf_counter()
retriever.retrieve("insurance limits", top_k=5, search_type="hybrid", kb="scale")
print(time.perf_counter() - start)
"""


def first_hybrid_after_restart(settings) -> float:
    """A new process's first hybrid query (index load included, model load excluded)."""
    done = subprocess.run(
        [sys.executable, "-c", RESTART_PROBE, str(settings.home), settings.chroma_url],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return float(done.stdout.strip().splitlines()[-1])


def bm25_update_after_one_document(retriever, seed_chunks) -> tuple[float, int]:
    """Add one more document (a copy of the corpus) and time the BM25 index update."""
    from rfp_agents.knowledge_base import DocumentRecord, now_iso

    kb = retriever.knowledge_base("scale")
    metas = [{**m, "doc_id": "late-addition", "chunk_id": f"late-{m['chunk_id']}"}
             for m in seed_chunks["metadatas"]]  # fmt: skip
    record = DocumentRecord("late-addition", "late-addition.pdf", "writing", 200, len(metas), 0,
                            0, now_iso())  # fmt: skip
    kb.begin_document(record)
    kb.write_chunks([m["chunk_id"] for m in metas], seed_chunks["embeddings"],
                    seed_chunks["documents"], metas, 1000)  # fmt: skip
    kb.commit_document(record, replaces=[])
    start = time.perf_counter()
    retriever.lexical.index_for(kb)
    return time.perf_counter() - start, len(metas)


def measure(store: str, target: int, query_count: int) -> None:
    from rfp_agents.config import Settings
    from rfp_agents.skills.context_retriever import ContextRetriever
    from rfp_agents.store import forget_clients

    home = Path(tempfile.mkdtemp(prefix=f"rfp-scale-{store}-"))
    server = None
    url = ""
    if store == "server":
        server, url = start_server(home / "chroma-server")
    try:
        settings = Settings(home=home, chroma_url=url)
        built = build(settings, target)
        retriever = ContextRetriever(settings)
        queries = (QUERIES * (query_count // len(QUERIES) + 1))[:query_count]
        vectors = [(q, retriever.embeddings.embed_query(q)) for q in queries]
        start = time.perf_counter()
        retriever.lexical.index_for(retriever.knowledge_base("scale"))
        bm25_seconds = time.perf_counter() - start
        rounds = 1
        results = {
            "similarity": latencies(retriever, vectors, "similarity", rounds=rounds),
            "mmr": latencies(retriever, vectors, "mmr", rounds=rounds),
            "filtered": latencies(retriever, vectors, "similarity", FILTER, rounds=rounds),
            "raw chroma filtered": raw_chroma_latencies(retriever, vectors, FILTER),
            "hybrid": latencies(retriever, vectors, "hybrid", rounds=rounds),
        }
        print(f"\n== {store} store, {built['chunks']:,} chunks ==")
        print(f"seed ingest (with embedding): {built['seed_pages_per_s']:.1f} pages/s, "
              f"{built['seed_chunks']} chunks")  # fmt: skip
        print(f"replica writes (no embedding): {built['write_chunks_per_s']:,.0f} chunks/s")
        update_seconds, update_chunks = bm25_update_after_one_document(retriever, built["seed"])
        restart_seconds = first_hybrid_after_restart(settings)
        print(f"BM25 index build from the store (first hybrid query ever): {bm25_seconds:.1f} s")
        print(f"BM25 update after one more document ({update_chunks} chunks): "
              f"{update_seconds:.2f} s")  # fmt: skip
        print(f"first hybrid query after a restart: {restart_seconds:.2f} s (target <= 1 s: "
              f"{'met' if restart_seconds <= 1 else 'MISSED'})")  # fmt: skip
        print(f"peak RSS: this process {peak_rss_mb():,.0f} MB"
              + (f", server {peak_rss_mb(server.pid):,.0f} MB" if server else ""))  # fmt: skip
        for name, (p50, p95) in results.items():
            flag = ""
            if name == "similarity":
                flag = "  (target p95 <= 50 ms: " + ("met" if p95 <= 50 else "MISSED") + ")"
            print(f"{name:>19}: p50 {p50:6.1f} ms   p95 {p95:6.1f} ms{flag}")
    finally:
        forget_clients()
        if server is not None:
            server.terminate()
            server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=48)
    parser.add_argument("--store", choices=["embedded", "server", "both"], default="both")
    args = parser.parse_args()
    for store in ("embedded", "server") if args.store == "both" else (args.store,):
        measure(store, args.chunks, args.queries)


if __name__ == "__main__":
    main()
