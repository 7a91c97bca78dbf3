"""API load and abuse: `rfp serve` on loopback under a mixed crowd of clients.

Starts `rfp serve` as its own process (so its memory is its own) over a temporary RFP_HOME
holding the sample RFP, warms it up and measures the idle p95 of /api/retrieve. Then, from
16 concurrent clients and within a time limit: asks, hybrid retrieves, an upload storm (20
distinct PDFs posted at once) and stream clients that disconnect after the first event.
The warm-up runs every kind of request once (one upload included), so the memory measured
"before" already holds what a first use loads, and growth means work that was not let go.

Printed: requests per route with p50/p95, the retrieve p95 beside the idle p95, 5xx count
(0 expected), uploads ingested vs refused with 429 (nothing else expected), and the server's
RSS before and after (target: within 20%).

Run: `.venv/bin/python benchmarks/load.py [--requests 160] [--concurrency 16] [--limit 300]`.

`--team` measures a team's deployment instead (``team_load.py``): `rfp serve --workers N`
over a Chroma server and PostgreSQL, with 1 worker, 2 workers, and 2 workers of which one is
killed (SIGKILL) while it ingests an upload: throughput and its ratio to 1 worker, p95, 5xx
answered, connections the killed worker dropped, and lost uploads (target 0).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import httpx  # noqa: E402

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


def rss_mb(pid: int) -> float:
    return int(Path(f"/proc/{pid}/status").read_text().split("VmRSS:")[1].split()[0]) / 1024


def serve(home: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "RFP_HOME": str(home)}
    env.pop("RFP_CHROMA_URL", None)
    rfp = str(Path(sys.executable).parent / "rfp")
    server = subprocess.Popen([rfp, "serve", "--port", str(port)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                return server, url
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("rfp serve did not start")


def ask_or_retrieve(client: httpx.Client, n: int) -> tuple[str, float, int | str]:
    question = QUESTIONS[n % len(QUESTIONS)]
    if n % 2:
        route, body = "/api/retrieve", {"query": question, "kb": "sample", "top_k": 5,
                                          "search_type": "hybrid"}  # fmt: skip
    else:
        route, body = "/api/ask", {"question": question, "knowledgeBaseIds": ["sample"]}
    start = time.perf_counter()
    try:
        status: int | str = client.post(route, json=body, timeout=120).status_code
    except httpx.HTTPError as exc:
        status = f"error: {type(exc).__name__}"
    return route, (time.perf_counter() - start) * 1000, status


def leaving_stream(client: httpx.Client, n: int) -> tuple[str, float, int | str]:
    """A stream client that reads the first event and hangs up."""
    start = time.perf_counter()
    body = {"question": QUESTIONS[n % len(QUESTIONS)], "knowledgeBaseIds": ["sample"]}
    try:
        with client.stream("POST", "/api/ask/stream", json=body, timeout=120) as response:
            status: int | str = response.status_code
            for _ in response.iter_lines():
                break
    except httpx.HTTPError as exc:
        status = f"error: {type(exc).__name__}"
    return "/api/ask/stream (left)", (time.perf_counter() - start) * 1000, status


def upload(client: httpx.Client, n: int, pdf: bytes) -> tuple[str, float, int | str]:
    """One upload of a distinct PDF (a comment after %%EOF changes its hash), followed to
    its end: returns the job's final status, or the refusal's HTTP status."""
    start = time.perf_counter()
    files = {"file": (f"storm-{n:02d}.pdf", pdf + f"\n% copy {n}\n".encode(), "application/pdf")}
    try:
        response = client.post("/api/documents", files=files, data={"kb": "storm"}, timeout=60)
        status: int | str = response.status_code
        if status == 202:
            job = response.json()
            while job["status"] in ("queued", "running"):
                time.sleep(0.5)
                job = client.get(f"/api/documents/jobs/{job['job_id']}", timeout=30).json()
            status = job["status"]
    except httpx.HTTPError as exc:
        status = f"error: {type(exc).__name__}"
    return "/api/documents", (time.perf_counter() - start) * 1000, status


def idle_retrieve_p95(client: httpx.Client, n: int = 40) -> float:
    times = sorted(ask_or_retrieve(client, 2 * i + 1)[1] for i in range(n))
    return times[int(0.95 * (len(times) - 1))]


def main() -> None:
    if "--team" in sys.argv:
        sys.argv.remove("--team")
        from team_load import main as team_main

        team_main()
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=160, help="asks and retrieves")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--uploads", type=int, default=20)
    parser.add_argument("--leavers", type=int, default=8, help="stream clients that hang up")
    parser.add_argument("--limit", type=float, default=300, help="seconds for the whole run")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="rfp-load-"))
    sample = ROOT / "data" / "sample_rfp.pdf"
    assert ingest_paths([sample], Settings(home=home), "sample").exit_code == 0
    server, url = serve(home)
    try:
        with httpx.Client(base_url=url, limits=httpx.Limits(max_connections=64)) as client:
            for n in range(4):  # warm-up: model load, BM25 index
                ask_or_retrieve(client, n)
            # ... and one upload, so "before" includes what a first ingest loads once.
            assert upload(client, 99, sample.read_bytes())[2] == "ingested"
            idle_p95 = idle_retrieve_p95(client)
            before = rss_mb(server.pid)
            results: dict[str, list[tuple[float, int | str]]] = {}
            start = time.perf_counter()
            with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
                pdf = sample.read_bytes()
                futures = [pool.submit(upload, client, n, pdf) for n in range(args.uploads)]
                futures += [pool.submit(leaving_stream, client, n) for n in range(args.leavers)]
                futures += [pool.submit(ask_or_retrieve, client, n)
                            for n in range(args.requests)]  # fmt: skip
                for future in as_completed(futures, timeout=args.limit):
                    route, ms, status = future.result()
                    results.setdefault(route, []).append((ms, status))
            elapsed = time.perf_counter() - start
            time.sleep(2)
            after = rss_mb(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=30)
    statuses = [status for rows in results.values() for _, status in rows]
    server_errors = [
        s for s in statuses if (isinstance(s, int) and s >= 500) or str(s).startswith("error")
    ]
    uploads = [status for _, status in results.get("/api/documents", [])]
    done = len(statuses)
    print(f"{done} requests from {args.concurrency} concurrent clients in {elapsed:.1f} s "
          f"({done / elapsed:.1f} req/s)")  # fmt: skip
    for route, rows in sorted(results.items()):
        times = sorted(ms for ms, _ in rows)
        codes: dict[str, int] = {}
        for _, status in rows:
            codes[str(status)] = codes.get(str(status), 0) + 1
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"{route:>24}: n={len(rows):3d} p50 {statistics.median(times):7.1f} ms  "
              f"p95 {p95:7.1f} ms  {codes}")  # fmt: skip
    retrieve = sorted(ms for ms, _ in results.get("/api/retrieve", []))
    if retrieve:
        loaded_p95 = retrieve[int(0.95 * (len(retrieve) - 1))]
        print(f"/api/retrieve p95 under load {loaded_p95:.1f} ms vs idle {idle_p95:.1f} ms "
              f"({loaded_p95 / idle_p95:.1f}x)")  # fmt: skip
    ingested = sum(u in ("ingested", "replaced") for u in uploads)
    refused = sum(u == 429 for u in uploads)
    print(f"uploads: {ingested} ingested, {refused} refused with 429, "
          f"{len(uploads) - ingested - refused} other (target 0)")  # fmt: skip
    print(f"5xx or transport errors: {len(server_errors)} (target 0) {server_errors[:5]}")
    print(f"server RSS: {before:.0f} MB before, {after:.0f} MB after "
          f"({after / before:.2f}x, target <= 1.2)")  # fmt: skip


if __name__ == "__main__":
    main()
