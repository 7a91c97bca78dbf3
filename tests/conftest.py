"""Shared fixtures: every test gets its own RFP_HOME; nothing reaches the network."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from rfp_agents.config import Settings  # noqa: E402
from rfp_agents.graph.services import forget_services  # noqa: E402
from rfp_agents.ingest import ingest_paths  # noqa: E402
from rfp_agents.local_llm import LocalModelServer  # noqa: E402
from rfp_agents.store import forget_clients  # noqa: E402
from tests.chroma_server import ChromaServer, clear_server  # noqa: E402, F401
from tests.postgres_server import PostgresServer  # noqa: E402
from tests.strict_server import StrictServer  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_PDF = ROOT / "data" / "sample_rfp.pdf"
RFPS_DIR = ROOT.parent / "shared" / "data" / "rfps"
HOLDOUT_DIR = ROOT.parent / "shared" / "data" / "rfps-holdout"
REAL_PWS = RFPS_DIR / "gsa-cloudgov-support-pws.pdf"
REAL_QASP = RFPS_DIR / "gsa-cloudgov-support-qasp.pdf"


@pytest.fixture
def rfp_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh, empty RFP_HOME for this test (also set in the environment for the CLI)."""
    home = tmp_path / "rfp_home"
    monkeypatch.setenv("RFP_HOME", str(home))
    monkeypatch.delenv("RFP_CHROMA_URL", raising=False)
    forget_clients()
    yield home
    forget_clients()


@pytest.fixture
def settings(rfp_home: Path) -> Settings:
    return Settings(home=rfp_home)


@pytest.fixture(scope="session")
def sample_kb_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """A read-only knowledge base 'sample' (the sample RFP) and 'real' (two real PDFs).

    Built once per session because embedding costs seconds; tests must not modify it.
    """
    home = tmp_path_factory.mktemp("shared_home")
    settings = Settings(home=home)
    assert ingest_paths([SAMPLE_PDF], settings, "sample").exit_code == 0
    assert ingest_paths([REAL_PWS, REAL_QASP], settings, "real").exit_code == 0
    return settings


# ------------------------------------------------------------------ Chroma server mode
STORES = ("embedded", "server")


def _run_chroma(path: Path) -> Iterator[str]:
    server = ChromaServer(path).start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def chroma_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real `chroma run` on loopback, emptied before each test that uses ``store_url``."""
    yield from _run_chroma(tmp_path_factory.mktemp("chroma_scratch"))


@pytest.fixture(scope="session")
def shared_chroma_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A second server for the read-only session knowledge bases (never emptied)."""
    yield from _run_chroma(tmp_path_factory.mktemp("chroma_shared"))


@pytest.fixture(params=STORES)
def store_url(request: pytest.FixtureRequest) -> str:
    """'' (embedded store on disk) or the URL of an emptied Chroma server."""
    if request.param == "embedded":
        return ""
    url = request.getfixturevalue("chroma_server")
    clear_server(url)
    return url


@pytest.fixture(scope="session")
def server_kb_settings(
    shared_chroma_server: str, tmp_path_factory: pytest.TempPathFactory
) -> Settings:
    """``sample_kb_settings`` on a Chroma server: read-only "sample" and "real"."""
    settings = Settings(
        home=tmp_path_factory.mktemp("server_home"), chroma_url=shared_chroma_server
    )
    assert ingest_paths([SAMPLE_PDF], settings, "sample").exit_code == 0
    assert ingest_paths([REAL_PWS, REAL_QASP], settings, "real").exit_code == 0
    return settings


# ------------------------------------------------------------------------- PostgreSQL
@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A real PostgreSQL cluster on loopback (Debian's package), for the whole session."""
    server = PostgresServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def database_url(postgres_server: PostgresServer) -> Iterator[str]:
    """The URL of a new empty database (RFP_DATABASE_URL); its pools closed after the test."""
    from rfp_agents.database import close_pools

    yield postgres_server.new_database()
    close_pools()


@pytest.fixture
def hang() -> Iterator[SimpleNamespace]:
    """A hanging chat model (``hang.model``) and its switches; released after the test."""
    from tests.fake_models import hanging_model

    model, switches = hanging_model()
    yield SimpleNamespace(model=model, release=switches.release, answered=switches.answered)
    switches.release.set()  # let the abandoned call finish


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    folder = tmp_path / "files"
    folder.mkdir()
    return folder


def copy_to(source: Path, folder: Path, name: str | None = None) -> Path:
    target = folder / (name or source.name)
    shutil.copyfile(source, target)
    return target


# -------------------------------------------------------------- a scripted chat model server


@pytest.fixture
def strict_model(monkeypatch: pytest.MonkeyPatch):
    """Start a ``StrictServer`` (give it replies) and point OPENAI_BASE_URL at it, for
    ``RFP_CHAT_MODEL=openai:local``; every server started is stopped after the test."""
    servers: list[StrictServer] = []

    def start(replies=None, status: int = 200, pace: float = 0.0) -> StrictServer:
        server = StrictServer(replies, status, pace)
        servers.append(server)
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        monkeypatch.delenv("OPENAI_API_KEY", raising=False)
        forget_services()
        return server

    yield start
    for server in servers:
        server.stop()
    forget_services()


# ------------------------------------------------------------- a real chat model server
LLM_TIMEOUT_SECONDS = 300.0
"""A 0.5B model on two CPU cores takes tens of seconds for an answer over five passages."""


@pytest.fixture(scope="session")
def local_llm() -> Iterator[LocalModelServer]:
    """llama-cpp-python's OpenAI-compatible server on loopback with the local 0.5B model
    (``rfp_agents.local_llm``); started once for the ``llm`` tests, stopped after them."""
    with LocalModelServer() as server:
        yield server


@pytest.fixture
def llm_settings(
    local_llm: LocalModelServer, sample_kb_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> Settings:
    """The session's knowledge bases ("sample", "real") answered in LLM mode by the local
    server: short answers over three passages, one tool round, and a timeout a CPU-bound
    model can meet (prompt reading runs at about 60 tokens/s on two cores)."""
    for name, value in local_llm.environment().items():
        monkeypatch.setenv(name, value)
    forget_services()  # a cached model would keep another server's URL
    yield sample_kb_settings.model_copy(
        update={
            "chat_model": local_llm.environment()["RFP_CHAT_MODEL"],
            "provider_timeout_seconds": LLM_TIMEOUT_SECONDS,
            "max_output_tokens": 160,
            "max_agent_rounds": 1,
            "answer_top_k": 3,
        }
    )
    forget_services()


MODULE_MARKS = {
    "test_browser.py": "browser",
    "test_llm_live.py": "llm",
    "test_server_mode.py": "server",
    "test_reliability.py": "slow",
    "test_retrieval_pipeline.py": "slow",
    "test_ocr.py": "slow",
    "test_embeddings.py": "slow",
    "test_langgraph_dev.py": "server",
}
"""The marker of each module whose tests start a real component or run for minutes (``make
test-fast`` leaves them out; ``make test`` runs everything)."""
SERVER_FIXTURES = {
    "chroma_server",
    "shared_chroma_server",
    "server_kb_settings",
    "postgres_server",
    "database_url",
}
LLM_FIXTURES = {"local_llm", "llm_settings"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test by what it starts: its module's mark, ``server`` for a test on a
    Chroma server or PostgreSQL (a ``store_url`` of "server", or a server fixture), ``llm``
    for one on the local model server (its fixtures)."""
    for item in items:
        mark = MODULE_MARKS.get(item.path.name)
        if mark:
            item.add_marker(mark)
        params = getattr(getattr(item, "callspec", None), "params", {})
        fixtures = set(getattr(item, "fixturenames", ()))
        if params.get("store_url") == "server" or fixtures & SERVER_FIXTURES:
            item.add_marker("server")
        if fixtures & LLM_FIXTURES:
            item.add_marker("llm")
