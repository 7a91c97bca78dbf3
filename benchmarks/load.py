"""API load: concurrent /api/ask and /api/retrieve against `rfp serve` on loopback.

Starts the app with uvicorn on a free loopback port over a temporary RFP_HOME holding the
sample RFP, warms it up, then sends a fixed number of requests (half ask, half retrieve,
varied questions) from a fixed number of concurrent clients, under a time limit. Printed:
requests, errors (any non-200 or transport error; 0 expected), throughput, and p50/p95
latency per route.

Run: `.venv/bin/python benchmarks/load.py [--requests 200] [--concurrency 8] [--limit 300]`.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import httpx  # noqa: E402
import uvicorn  # noqa: E402

from rfp_agents.api.app import create_app  # noqa: E402
from rfp_agents.config import Settings  # noqa: E402
from rfp_agents.ingest import ingest_paths  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = [
    "What liquidated damages apply if go-live is late?",
    "What insurance must the contractor carry?",
    "What availability is required?",
    "How are invoices paid?",
    "What performance bond is required?",
    "When can the Authority terminate for convenience?",
    "What is in the price schedule?",
    "Which law governs the contract?",
]


def serve(settings: Settings) -> tuple[uvicorn.Server, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning")
    )
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return server, f"http://127.0.0.1:{port}"


def one(client: httpx.Client, n: int) -> tuple[str, float, str | None]:
    question = QUESTIONS[n % len(QUESTIONS)]
    if n % 2:
        route, body = "/api/retrieve", {"query": question, "kb": "sample", "top_k": 5,
                                          "search_type": "hybrid"}  # fmt: skip
    else:
        route, body = "/api/ask", {"question": question, "knowledgeBaseIds": ["sample"]}
    start = time.perf_counter()
    try:
        response = client.post(route, json=body, timeout=120)
        error = None if response.status_code == 200 else f"{response.status_code}"
    except httpx.HTTPError as exc:
        error = type(exc).__name__
    return route, (time.perf_counter() - start) * 1000, error


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--limit", type=float, default=300, help="seconds for the whole run")
    args = parser.parse_args()
    settings = Settings(home=Path(tempfile.mkdtemp(prefix="rfp-load-")))
    assert ingest_paths([ROOT / "data" / "sample_rfp.pdf"], settings, "sample").exit_code == 0
    server, url = serve(settings)
    try:
        with httpx.Client(base_url=url) as client:
            for n in range(4):  # warm-up: model load, BM25 index
                one(client, n)
            results: dict[str, list[float]] = {"/api/ask": [], "/api/retrieve": []}
            errors: list[str] = []
            start = time.perf_counter()
            deadline = start + args.limit
            with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
                futures = [pool.submit(one, client, n) for n in range(args.requests)]
                for future in as_completed(futures, timeout=args.limit):
                    route, ms, error = future.result()
                    results[route].append(ms)
                    if error:
                        errors.append(f"{route}: {error}")
                    if time.perf_counter() > deadline:
                        break
            elapsed = time.perf_counter() - start
    finally:
        server.should_exit = True
    done = sum(len(v) for v in results.values())
    print(f"{done} requests from {args.concurrency} concurrent clients in {elapsed:.1f} s "
          f"({done / elapsed:.1f} req/s); errors: {len(errors)} {errors[:5]}")  # fmt: skip
    for route, times in results.items():
        times.sort()
        if times:
            p95 = times[int(0.95 * (len(times) - 1))]
            print(f"{route:>14}: n={len(times)} p50 {statistics.median(times):7.1f} ms  "
                  f"p95 {p95:7.1f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
