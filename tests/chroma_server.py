"""A real `chroma run` process on loopback, for the tests and the benchmarks."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

from rfp_agents.local_llm import free_port
from rfp_agents.store import forget_clients


def _chroma_binary() -> str:
    beside = Path(sys.executable).parent / "chroma"
    found = str(beside) if beside.exists() else shutil.which("chroma")
    if not found:
        raise RuntimeError("the `chroma` command (from the chromadb package) is not installed")
    return found


class ChromaServer:
    """A real `chroma run` process on loopback (start, stop, start again on the same port)."""

    def __init__(self, path: Path, port: int | None = None):
        self.path, self.port = path, port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> ChromaServer:
        import chromadb

        log = (self.path.parent / f"{self.path.name}.log").open("a")
        self.process = subprocess.Popen(
            [_chroma_binary(), "run", "--path", str(self.path), "--host", "127.0.0.1",
             "--port", str(self.port)],
            stdout=log,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while True:
            try:
                chromadb.HttpClient(host="127.0.0.1", port=self.port).heartbeat()
                return self
            except Exception:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.process.kill()
                    raise RuntimeError(f"chroma run did not start; see {log.name}") from None
                time.sleep(0.2)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
            self.process = None
        forget_clients()


def clear_server(url: str) -> None:
    """Delete every collection on the server (each test starts from an empty store)."""
    import chromadb

    host, port = url.removeprefix("http://").split(":")
    client = chromadb.HttpClient(host=host, port=int(port))
    for collection in client.list_collections():
        client.delete_collection(collection.name)
    forget_clients()
