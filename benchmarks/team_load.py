"""A team's deployment under load: `rfp serve --workers N` over a Chroma server and PostgreSQL.

Three runs, each on a fresh database and an emptied Chroma server holding the sample RFP:
1 worker, 2 workers, and 2 workers of which one is killed with SIGKILL while it ingests an
upload. Each run sends the same mixed load from `--concurrency` clients, every request on a
new connection so the kernel spreads them over the workers: asks and hybrid retrieves, and
`--uploads` distinct PDFs, each followed to its end.

An upload whose connection drops, or whose job ends "failed" because its worker died, is
sent again (at most 3 times), as a client told to retry would. Printed per run: requests per
second and the ratio to 1 worker, p50/p95, 5xx answers by the workers (target 0), requests
the killed worker dropped, uploads retried, and **lost uploads**: files the client sent that
are not in the knowledge base at the end, or whose job never ended (target 0).

Run: `.venv/bin/python benchmarks/load.py --team [--requests 120] [--concurrency 8]`
(needs Debian's postgresql; `make test` installs it).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import httpx  # noqa: E402
from load import QUESTIONS  # noqa: E402

from rfp_agents.config import Settings  # noqa: E402
from rfp_agents.database import close_pools  # noqa: E402
from rfp_agents.ingest import ingest_paths  # noqa: E402
from rfp_agents.knowledge_base import KnowledgeBase  # noqa: E402
from rfp_agents.local_llm import free_port  # noqa: E402
from rfp_agents.store import forget_clients  # noqa: E402
from tests.chroma_server import ChromaServer, clear_server  # noqa: E402
from tests.postgres_server import PostgresServer  # noqa: E402
from tests.serve_process import start_serve, stop_serve, wait_for_workers  # noqa: E402

SAMPLE = ROOT / "data" / "sample_rfp.pdf"
RETRIES = 3


@dataclass
class Run:
    """What one run saw."""

    times: dict[str, list[float]] = field(default_factory=dict)
    statuses: list[int] = field(default_factory=list)
    dropped: int = 0
    retried: int = 0
    uploads: dict[str, str] = field(default_factory=dict)
    killed: int | None = None
    seconds: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)
    accepted: dict[str, int] = field(default_factory=dict)
    """job id -> the worker that took it (X-RFP-Worker)."""

    def saw(self, route: str, ms: float, response: httpx.Response) -> None:
        with self.lock:
            self.times.setdefault(route, []).append(ms)
            self.statuses.append(response.status_code)


def request(url: str, run: Run, route: str, method: str, path: str, **kwargs) -> httpx.Response:
    """One request on a new connection; a dropped connection is counted and raised."""
    start = time.perf_counter()
    try:
        with httpx.Client(base_url=url, timeout=120) as client:
            response = client.request(method, path, **kwargs)
    except httpx.TransportError:
        with run.lock:
            run.dropped += 1
        raise
    run.saw(route, (time.perf_counter() - start) * 1000, response)
    return response


def ask_or_retrieve(url: str, run: Run, n: int) -> None:
    question = QUESTIONS[n % len(QUESTIONS)]
    if n % 2:
        body = {"query": question, "kb": "sample", "top_k": 5, "search_type": "hybrid"}
        route = "/api/retrieve"
    else:
        body, route = {"question": question, "knowledgeBaseIds": ["sample"]}, "/api/ask"
    with contextlib.suppress(httpx.TransportError):  # counted in run.dropped
        request(url, run, route, "POST", route, json=body)


def upload(url: str, run: Run, n: int, pdf: bytes) -> None:
    """Send one distinct PDF and follow its job; retry what a dead worker interrupted."""
    name = f"team-{n:02d}.pdf"
    files = {"file": (name, pdf + f"\n% copy {n}\n".encode(), "application/pdf")}
    final = "never accepted"
    for attempt in range(RETRIES):
        if attempt:
            with run.lock:
                run.retried += 1
        try:
            final = follow_upload(url, run, files)
        except httpx.TransportError:
            final = "dropped"
            continue
        if final not in ("failed", "dropped", "429"):
            break
        time.sleep(1)
    run.uploads[name] = final


def follow_upload(url: str, run: Run, files: dict) -> str:
    response = request(url, run, "/api/documents", "POST", "/api/documents", files=files,
                       data={"kb": "team"})  # fmt: skip
    if response.status_code != 202:
        return str(response.status_code)
    job = response.json()
    with run.lock:
        run.accepted[job["job_id"]] = int(response.headers["x-rfp-worker"])
    deadline = time.monotonic() + 300
    while job["status"] in ("queued", "running") and time.monotonic() < deadline:
        time.sleep(0.2)
        try:
            job = request(url, run, "/api/documents/jobs", "GET",
                          f"/api/documents/jobs/{job['job_id']}").json()  # fmt: skip
        except httpx.TransportError:
            continue  # the poll hit the dying worker: poll again
    return job["status"]


def kill_an_ingesting_worker(url: str, run: Run, stop: threading.Event) -> None:
    """SIGKILL the worker of the first upload seen running (so an ingest is cut short)."""
    while not stop.is_set():
        with run.lock:
            taken = dict(run.accepted)
        for job_id, worker in taken.items():
            try:
                with httpx.Client(base_url=url, timeout=30) as client:
                    status = client.get(f"/api/documents/jobs/{job_id}").json()["status"]
            except httpx.HTTPError:
                continue
            if status == "running":
                os.kill(worker, signal.SIGKILL)
                run.killed = worker
                return
        time.sleep(0.05)


class Team:
    """`rfp serve --workers N` on a fresh database and an emptied Chroma server."""

    def __init__(self, workers: int, chroma: ChromaServer, postgres: PostgresServer) -> None:
        self.home = Path(tempfile.mkdtemp(prefix="rfp-team-"))
        self.settings = Settings(
            home=self.home, chroma_url=chroma.url, database_url=postgres.new_database()
        )
        clear_server(chroma.url)
        assert ingest_paths([SAMPLE], self.settings, "sample").exit_code == 0
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        env = {**os.environ, "RFP_HOME": str(self.home), "RFP_CHROMA_URL": chroma.url,
               "RFP_DATABASE_URL": self.settings.database_url,
               "RFP_JOB_SWEEP_SECONDS": "1"}  # fmt: skip
        self.process = start_serve(env, workers, port)
        wait_for_workers(self.url, workers, self.process)

    def warm_up(self) -> None:
        """Every worker loads its models before the clock starts."""
        run = Run()
        for n in range(12):
            ask_or_retrieve(self.url, run, n)

    def documents(self) -> set[str]:
        try:
            kb = KnowledgeBase.open("team", self.settings)
        except Exception:  # noqa: BLE001 - no upload got through
            return set()
        return {d.source for d in kb.documents()}

    def stop(self) -> None:
        stop_serve(self.process)
        close_pools()
        forget_clients()


def measure(team: Team, args: argparse.Namespace, kill: bool) -> tuple[Run, set[str]]:
    run, stop = Run(), threading.Event()
    pdf = SAMPLE.read_bytes()
    killer = threading.Thread(target=kill_an_ingesting_worker, args=(team.url, run, stop))
    if kill:
        killer.start()
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
        futures = [pool.submit(upload, team.url, run, n, pdf) for n in range(args.uploads)]
        futures += [pool.submit(ask_or_retrieve, team.url, run, n)
                    for n in range(args.requests)]  # fmt: skip
        for future in as_completed(futures, timeout=args.limit):
            future.result()
    run.seconds = time.perf_counter() - start
    stop.set()
    if kill:
        killer.join()
    return run, team.documents()


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[int(0.95 * (len(ordered) - 1))]


def report(name: str, run: Run, present: set[str], baseline: float | None) -> float:
    done = sum(len(t) for route, t in run.times.items() if route.startswith("/api/ask")
               or route == "/api/retrieve")  # fmt: skip
    rate = done / run.seconds
    ratio = f" ({rate / baseline:.2f}x 1 worker)" if baseline else ""
    print(f"{name}: {done} asks and retrieves in {run.seconds:.1f} s, {rate:.2f} req/s{ratio}")
    for route in ("/api/ask", "/api/retrieve", "/api/documents"):
        times = run.times.get(route, [])
        if times:
            print(f"  {route:>16}: n={len(times):3d} p50 {statistics.median(times):7.0f} ms"
                  f"  p95 {p95(times):7.0f} ms")  # fmt: skip
    server_errors = sum(status >= 500 for status in run.statuses)
    kept = ("ingested", "replaced", "unchanged")
    lost = [name for name, status in run.uploads.items()
            if status not in kept or name not in present]  # fmt: skip
    killed = f"worker {run.killed} killed mid-ingest; " if run.killed else ""
    print(f"  {killed}5xx answered: {server_errors} (target 0); connections dropped: "
          f"{run.dropped}; uploads retried: {run.retried}; lost uploads: {len(lost)} of "
          f"{len(run.uploads)} (target 0) {lost[:5]}")  # fmt: skip
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=120, help="asks and retrieves per run")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--uploads", type=int, default=8)
    parser.add_argument("--limit", type=float, default=900, help="seconds per run at most")
    args = parser.parse_args()
    chroma = ChromaServer(Path(tempfile.mkdtemp(prefix="rfp-team-chroma-")) / "store").start()
    postgres = PostgresServer().start()
    try:
        baseline = None
        for name, workers, kill in (("1 worker", 1, False), ("2 workers", 2, False),
                                    ("2 workers, one killed", 2, True)):  # fmt: skip
            team = Team(workers, chroma, postgres)
            try:
                team.warm_up()
                run, present = measure(team, args, kill)
            finally:
                team.stop()
            rate = report(name, run, present, baseline)
            baseline = baseline or rate
    finally:
        postgres.stop()
        chroma.stop()


if __name__ == "__main__":
    main()
