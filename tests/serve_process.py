"""`rfp serve --workers N` as a process of its own, for the tests and the team benchmark."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from typing import IO

import httpx

RFP = os.path.join(os.path.dirname(sys.executable), "rfp")


def start_serve(
    env: Mapping[str, str], workers: int, port: int, log: IO | int = subprocess.DEVNULL
) -> subprocess.Popen:
    """Start it in a session of its own (``stop_serve`` ends the supervisor and workers)."""
    return subprocess.Popen(
        [RFP, "serve", "--workers", str(workers), "--port", str(port)],
        env=dict(env), stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip


def wait_for_workers(
    url: str, workers: int, process: subprocess.Popen, seconds: float = 180
) -> None:
    """Until ``workers`` distinct processes have answered ``/healthz`` (``X-RFP-Worker``)."""
    seen: set[str] = set()
    deadline = time.monotonic() + seconds
    while len(seen) < workers:
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"rfp serve --workers {workers} did not start")
        try:
            with httpx.Client(base_url=url, timeout=5) as client:
                seen.add(client.get("/healthz").headers["x-rfp-worker"])
        except httpx.HTTPError:
            time.sleep(0.3)


def stop_serve(process: subprocess.Popen) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
