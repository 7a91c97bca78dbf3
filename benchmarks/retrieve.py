"""Retrieval benchmark: the skill's similarity and MMR vs langchain-chroma, same collection.

Builds one knowledge base of >= 10,000 chunks (the real corpus's chunks replicated with
varied ids and slightly perturbed vectors), then times, for the same queries and k:

* ``ContextRetriever`` similarity vs ``Chroma.similarity_search_by_vector_with_relevance_scores``
* ``ContextRetriever`` MMR vs ``Chroma.max_marginal_relevance_search_by_vector``

Query embeddings are computed once and given to both, so embedding time is excluded. Printed:
median latency per call and the ratios (target <= 1.1x each).
Run: `.venv/bin/python benchmarks/retrieve.py [--chunks N] [--repeat N]`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import QUERIES, replicate, seed  # noqa: E402


def build(home: Path, target_chunks: int):
    from rfp_agents.config import Settings

    settings = Settings(home=home)
    seed_chunks, _ = seed(settings)
    kb, _ = replicate(settings, seed_chunks, "bench", target_chunks, vary_text=False)
    return settings, kb


def median_ms(fn, vectors, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        for v in vectors:
            started = time.perf_counter()
            fn(v)
            times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--chunks", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("-k", type=int, default=4)
    args = parser.parse_args()

    from langchain_chroma import Chroma

    from rfp_agents.embeddings import get_embeddings
    from rfp_agents.skills.context_retriever import ContextRetriever, SearchType
    from rfp_agents.store import get_client

    with tempfile.TemporaryDirectory() as tmp:
        settings, kb = build(Path(tmp), args.chunks)
        embeddings = get_embeddings(settings)
        vectors = [embeddings.embed_query(q) for q in QUERIES]
        retriever = ContextRetriever(settings, embeddings=embeddings)
        baseline = Chroma(
            client=get_client(settings),
            collection_name=kb.chunks.name,
            embedding_function=embeddings,
        )
        fetch_k = 20
        sim_request = retriever.validate(query="q", top_k=args.k, kb="bench")
        mmr_request = retriever.validate(
            query="q", top_k=args.k, kb="bench", search_type=SearchType.MMR, fetch_k=fetch_k
        )
        cases = {
            "similarity": (
                lambda v: retriever.run(sim_request, query_vector=v),
                lambda v: baseline.similarity_search_by_vector_with_relevance_scores(v, k=args.k),
            ),
            "mmr": (
                lambda v: retriever.run(mmr_request, query_vector=v),
                lambda v: baseline.max_marginal_relevance_search_by_vector(
                    v, k=args.k, fetch_k=fetch_k, lambda_mult=0.5
                ),
            ),
        }
        print(
            f"collection: {kb.count_chunks()} chunks; {len(QUERIES)} queries x {args.repeat}; "
            f"k={args.k}, MMR fetch_k={fetch_k}"
        )
        for name, (ours, theirs) in cases.items():
            ours(vectors[0]), theirs(vectors[0])  # warm caches on both sides
            # Interleave the measurements so machine noise hits both alike.
            ours_ms, theirs_ms = [], []
            for _ in range(args.repeat):
                theirs_ms.append(median_ms(theirs, vectors, 1))
                ours_ms.append(median_ms(ours, vectors, 1))
            o, t = statistics.median(ours_ms), statistics.median(theirs_ms)
            print(
                f"{name:10s}: skill {o:6.2f} ms  langchain-chroma {t:6.2f} ms  "
                f"ratio {o / t:.2f}x (target <= 1.1)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
