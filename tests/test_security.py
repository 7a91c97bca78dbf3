"""The team server under attack and under load: one test (or a few) per review finding."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from rfp_agents.agents.scope import KnowledgeScope
from rfp_agents.agents.tools import KnowledgeTools
from rfp_agents.api.app import create_app
from rfp_agents.api.job_store import StoredJob
from rfp_agents.api.uploads import UploadJobs
from rfp_agents.cli import app as cli
from rfp_agents.config import Settings
from rfp_agents.ingest import ingest_paths
from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase, now_iso
from rfp_agents.skills.context_retriever import ContextRetriever
from tests.conftest import ROOT, SAMPLE_PDF
from tests.pdf_factory import text_pdf

LOCAL = "http://localhost"
KEY = "correct horse battery staple"
LD_QUESTION = "What liquidated damages apply if go-live is late?"


def ask_body(**extra: Any) -> dict[str, Any]:
    return {"question": LD_QUESTION, "knowledgeBaseIds": ["sample"], **extra}


def call_asgi(app, method: str, path: str, headers: dict[str, str], body: bytes = b""):
    """Run one request through the ASGI app; returns (status, body, body bytes read)."""
    read = {"bytes": 0, "calls": 0}
    sent: list[dict] = []

    async def receive():
        read["calls"] += 1
        read["bytes"] += len(body)
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
        "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
        "root_path": "", "client": ("127.0.0.1", 5000), "server": ("localhost", 80),
        "headers": [(k.lower().encode(), v.encode()) for k, v in
                    {"host": "localhost", **headers}.items()],
    }  # fmt: skip
    asyncio.run(app(scope, receive, send))
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    payload = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, json.loads(payload or b"{}"), read["calls"]


# ------------------------------------------------------ 1. bodies before the key and the cap
@pytest.mark.parametrize("path", ["/api/ask", "/api/documents", "/api/retrieve"])
def test_a_body_without_the_key_is_refused_before_it_is_read(settings: Settings, path: str):
    app = create_app(settings.model_copy(update={"api_key": KEY}))
    headers = {"content-type": "application/json", "content-length": str(50 * 1024 * 1024)}
    status, body, reads = call_asgi(app, "POST", path, headers, b"{}")
    assert status == 401 and "X-API-Key" in body["detail"]
    assert reads == 0  # not one byte of the body was read


def test_a_declared_oversized_body_is_refused_from_its_length(settings: Settings):
    app = create_app(settings.model_copy(update={"api_key": KEY}))
    headers = {"x-api-key": KEY, "content-length": str(2 * 1024 * 1024)}
    status, body, reads = call_asgi(app, "POST", "/api/ask", headers, b"{}")
    assert status == 413 and "RFP_API_MAX_BODY_BYTES" in body["detail"] and reads == 0
    big_upload = {"x-api-key": KEY, "content-length": str(settings.max_upload_bytes + 10**6)}
    status, body, reads = call_asgi(app, "POST", "/api/documents", big_upload, b"")
    assert status == 413 and "RFP_MAX_UPLOAD_BYTES" in body["detail"] and reads == 0


def test_a_chunked_body_is_cut_off_at_the_limit(settings: Settings):
    client = TestClient(create_app(settings), base_url=LOCAL)

    def endless():
        for _ in range(64):
            yield b" " * 65536  # 4 MB in all, no Content-Length

    response = client.post("/api/ask", content=endless(),
                           headers={"content-type": "application/json"})  # fmt: skip
    assert response.status_code == 413, response.text
    assert "RFP_API_MAX_BODY_BYTES" in response.json()["detail"]


def test_uploads_take_one_file(settings: Settings):
    client = TestClient(create_app(settings), base_url=LOCAL)
    pdf = SAMPLE_PDF.read_bytes()
    files = [
        ("file", ("a.pdf", pdf, "application/pdf")),
        ("file", ("b.pdf", pdf, "application/pdf")),
    ]
    response = client.post("/api/documents", files=files, data={"kb": "many"})
    assert response.status_code == 400, response.text
    assert not KnowledgeBase.list_all(settings)


def _rss_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(status.split("VmRSS:")[1].split()[0])


def test_a_200_mb_body_without_the_key_does_not_grow_the_server(tmp_path: Path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "RFP_HOME": str(tmp_path / "home"), "RFP_API_KEY": KEY,
           "HF_HUB_OFFLINE": "1"}  # fmt: skip
    env.pop("RFP_CHROMA_URL", None)
    rfp = str(Path(sys.executable).parent / "rfp")
    server = subprocess.Popen([rfp, "serve", "--port", str(port)], env=env, cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                connection.request("GET", "/healthz")
                assert connection.getresponse().status == 200
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "no server"
                time.sleep(0.2)
        before = _rss_kb(server.pid)
        size = 200 * 1024 * 1024
        for path in ("/api/ask", "/api/documents"):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.putrequest("POST", path)
            connection.putheader("Content-Length", str(size))
            connection.putheader("Content-Type", "application/json")
            connection.endheaders()
            block = b"0" * (1024 * 1024)
            try:
                for _ in range(200):
                    connection.send(block)
            except OSError:
                pass  # the server answered and closed: what we want
            assert connection.getresponse().status == 401
            connection.close()
        grown_mb = (_rss_kb(server.pid) - before) / 1024
        assert grown_mb < 8, f"the server grew by {grown_mb:.1f} MB"
    finally:
        server.terminate()
        server.wait(timeout=20)


# ----------------------------------------------------------------- 2. regex that cannot hang
def test_grep_with_a_catastrophic_pattern_finishes(settings: Settings, workdir: Path):
    pdf = text_pdf(workdir / "tender.pdf", ["word " * 300 + "!"])
    assert ingest_paths([pdf], settings, "kb1").exit_code == 0
    tools = KnowledgeTools(KnowledgeScope(["kb1"], ContextRetriever(settings)))
    result: dict[str, Any] = {}
    worker = threading.Thread(
        target=lambda: result.update(out=tools.grep_documents(pattern=r"(\w+\s?)+$", regex=True)),
        daemon=True,
    )
    worker.start()
    worker.join(timeout=60)  # Python's re would backtrack for longer than the universe
    assert not worker.is_alive(), "grep_documents hung on a backtracking pattern"
    assert json.loads(result["out"][0])["total_hits"] == 1


def test_grep_says_which_regex_features_it_refuses(sample_kb_settings: Settings):
    from langchain_core.tools import ToolException

    tools = KnowledgeTools(KnowledgeScope(["sample"], ContextRetriever(sample_kb_settings)))
    with pytest.raises(ToolException, match="no backreferences"):
        tools.grep_documents(pattern=r"(bond)\s+\1", regex=True)


def test_grep_stops_at_its_chunk_budget(sample_kb_settings: Settings):
    tight = sample_kb_settings.model_copy(update={"max_grep_chunks": 5})
    tools = KnowledgeTools(KnowledgeScope(["sample"], ContextRetriever(tight)))
    body = json.loads(tools.grep_documents(pattern="the")[0])
    assert body["total_hits"] <= 5 and "RFP_MAX_GREP_CHUNKS" in body["note"]


# ------------------------------------------------- 3. the page's key, origins, trusted hosts
def test_writes_from_another_site_are_refused(settings: Settings):
    client = TestClient(create_app(settings), base_url=LOCAL)
    files = {"file": ("evil.pdf", SAMPLE_PDF.read_bytes(), "application/pdf")}
    evil = client.post("/api/documents", files=files, data={"kb": "tender"},
                       headers={"Origin": "https://evil.example"})  # fmt: skip
    assert evil.status_code == 403 and "RFP_API_ALLOWED_ORIGINS" in evil.json()["detail"]
    assert not KnowledgeBase.list_all(settings)
    own = client.post("/api/documents", files=files, data={"kb": "tender"},
                      headers={"Origin": LOCAL})  # fmt: skip
    assert own.status_code == 202
    trusted = TestClient(
        create_app(settings.model_copy(update={"api_allowed_origins": "https://app.example"})),
        base_url=LOCAL,
    )
    ok = trusted.delete("/api/documents/nope?kb=tender", headers={"Origin": "https://app.example"})
    assert ok.status_code in (404, 409)  # past the origin check


def test_only_allowed_hosts_are_answered(sample_kb_settings: Settings):
    client = TestClient(create_app(sample_kb_settings), base_url="http://evil.example")
    assert client.get("/api/knowledge-bases").status_code == 400  # DNS rebinding
    assert TestClient(create_app(sample_kb_settings), base_url="http://127.0.0.1").get(
        "/healthz"
    ).json() == {"status": "ok"}


def test_the_page_script_sends_the_key_it_asked_for():
    script = (ROOT / "rfp_agents" / "api" / "static" / "app.js").read_text()
    assert 'headers.set("X-API-Key", key)' in script and "sessionStorage" in script
    assert script.count("fetch(") == 2 and "await send(" in script  # every call goes via send


# --------------------------------------------------------------------- 4. scoped threads
def test_a_thread_keeps_its_knowledge_bases(sample_kb_settings: Settings, tmp_path: Path):
    settings = sample_kb_settings.model_copy(update={"home": sample_kb_settings.home})
    client = TestClient(create_app(settings), base_url=LOCAL)
    thread = "scope-" + os.urandom(4).hex()
    first = client.post("/api/ask", json=ask_body(threadId=thread))
    assert first.status_code == 200
    leak = client.post("/api/ask", json=ask_body(threadId=thread, knowledgeBaseIds=["real"]))
    assert leak.status_code == 409 and "started on knowledge bases ['sample']" in leak.text
    again = client.post("/api/ask", json=ask_body(threadId=thread))
    assert again.status_code == 200


def test_the_cli_refuses_a_thread_on_other_knowledge_bases(
    sample_kb_settings: Settings, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("RFP_HOME", str(sample_kb_settings.home))
    runner = CliRunner()
    thread = "cli-" + os.urandom(4).hex()
    assert (
        runner.invoke(cli, ["ask", LD_QUESTION, "--kb", "sample", "--thread", thread]).exit_code
        == 0
    )
    other = runner.invoke(cli, ["ask", "And the bond?", "--kb", "real", "--thread", thread])
    assert other.exit_code == 2 and "start a new thread" in other.output


# ---------------------------------------------------------------------- 5. bounded work
def test_a_full_upload_queue_answers_429(settings: Settings, monkeypatch: pytest.MonkeyPatch):
    release = threading.Event()
    from rfp_agents.api import uploads

    def slow_ingest(paths, settings, kb):
        release.wait(timeout=30)
        return ingest_paths(paths, settings, kb)

    monkeypatch.setattr(uploads, "ingest_paths", slow_ingest)
    client = TestClient(create_app(settings.model_copy(update={"api_max_queued_uploads": 2})),
                        base_url=LOCAL)  # fmt: skip
    files = {"file": ("a.pdf", SAMPLE_PDF.read_bytes(), "application/pdf")}
    codes = [client.post("/api/documents", files=files, data={"kb": "k1"}) for _ in range(4)]
    assert [c.status_code for c in codes] == [202, 202, 429, 429]
    assert codes[2].headers["Retry-After"].isdigit()
    release.set()


def test_asks_beyond_the_slots_answer_429(sample_kb_settings: Settings):
    settings = sample_kb_settings.model_copy(update={"api_max_concurrent_asks": 1})
    with TestClient(create_app(settings), base_url=LOCAL) as client:
        limiter = client.app.state.ask_limiter
        borrower = object()
        client.portal.call(limiter.acquire_on_behalf_of, borrower)
        try:
            busy = client.post("/api/ask", json=ask_body())
            assert busy.status_code == 429 and busy.headers["Retry-After"] == "5"
            stream = client.post("/api/ask/stream", json=ask_body())
            assert stream.status_code == 429
        finally:
            client.portal.call(limiter.release_on_behalf_of, borrower)
        assert client.post("/api/ask", json=ask_body()).status_code == 200


def test_a_request_past_its_deadline_answers_504(sample_kb_settings, monkeypatch):
    settings = sample_kb_settings.model_copy(update={"api_request_timeout_seconds": 0.2})
    app = create_app(settings)
    release = threading.Event()
    real_run = app.state.retriever.run
    monkeypatch.setattr(app.state.retriever, "run",
                        lambda *a, **k: release.wait(5) or real_run(*a, **k))  # fmt: skip
    response = TestClient(app, base_url=LOCAL).post(
        "/api/retrieve", json={"query": "bond", "kb": "sample"}
    )
    release.set()
    assert response.status_code == 504 and "RFP_API_REQUEST_TIMEOUT_SECONDS" in response.text


def test_a_stream_whose_client_left_stops_the_run(sample_kb_settings: Settings):
    from rfp_agents.api.routes import ask as ask_routes

    closed = threading.Event()
    steps = []

    def run():
        try:
            for n in range(100):
                steps.append(n)
                yield {"type": "route", "domains": ["legal"], "method": "test", "reason": ""}
        finally:
            closed.set()

    class LeavingClient:
        def __init__(self):
            self.asked = 0

        async def is_disconnected(self):
            self.asked += 1
            return self.asked > 2

    async def consume():
        from anyio import CapacityLimiter

        got = []
        original = ask_routes.ask_stream
        ask_routes.ask_stream = lambda **_: run()
        try:
            async for chunk in ask_routes.stream_answer(
                LeavingClient(), {}, CapacityLimiter(1), sample_kb_settings, False
            ):
                got.append(chunk)
        finally:
            ask_routes.ask_stream = original
        return got

    got = asyncio.run(consume())
    assert len(got) == 2 and closed.is_set() and len(steps) == 2


def test_every_stream_ends_with_answer_or_error(sample_kb_settings: Settings):
    client = TestClient(create_app(sample_kb_settings), base_url=LOCAL)
    response = client.post("/api/ask/stream", json=ask_body())
    kinds = [json.loads(line[6:])["type"] for line in response.text.splitlines()
             if line.startswith("data: ")]  # fmt: skip
    assert kinds[-1] == "answer"


# ------------------------------------------------------- 6. no blocking call on the event loop
def test_a_stalled_store_call_does_not_stall_other_requests(
    sample_kb_settings: Settings, monkeypatch: pytest.MonkeyPatch
):
    entered, release = threading.Event(), threading.Event()
    real_open = KnowledgeBase.open.__func__

    def stalled_open(cls, name, settings=None, **kwargs):
        if name == "sample":
            entered.set()
            release.wait(timeout=30)
        return real_open(cls, name, settings, **kwargs)

    monkeypatch.setattr(KnowledgeBase, "open", classmethod(stalled_open))
    with TestClient(create_app(sample_kb_settings), base_url=LOCAL) as client:  # one loop
        slow: dict[str, Any] = {}
        worker = threading.Thread(
            target=lambda: slow.update(r=client.get("/api/documents?kb=sample")), daemon=True
        )
        worker.start()
        assert entered.wait(timeout=30)
        assert client.get("/healthz").json() == {"status": "ok"}  # answered meanwhile
        assert worker.is_alive()
        release.set()
        worker.join(timeout=30)
        assert slow["r"].status_code == 200


# ---------------------------------------------------------------- 7. bounded over-fetching
def test_a_contains_filter_that_matches_nothing_reads_a_bounded_number(
    sample_kb_settings: Settings, monkeypatch: pytest.MonkeyPatch
):
    settings = sample_kb_settings.model_copy(update={"max_fetch_k": 2})
    retriever = ContextRetriever(settings)
    kb = retriever.knowledge_base("real")
    asked: list[int] = []
    real_query = kb.chunks.query
    monkeypatch.setattr(kb.chunks, "query",
                        lambda **kw: asked.append(kw["n_results"]) or real_query(**kw))  # fmt: skip
    out = retriever.retrieve("bond", top_k=2, kb="real",
                             metadata_filter={"section": {"$contains": "zzzz-never"}})  # fmt: skip
    assert out.results == []
    assert kb.count_chunks() > retriever.overfetch_cap(2) == 8  # so the cap is what stops it
    assert max(asked) <= 8
    assert "RFP_MAX_FETCH_K" in out.warning


# ------------------------------------------------------ 8. uploads across restarts and races
def _wait(client: TestClient, job_id: str) -> dict:
    for _ in range(600):
        job = client.get(f"/api/documents/jobs/{job_id}").json()
        if job["status"] not in ("queued", "running"):
            return job
        time.sleep(0.1)
    raise AssertionError("the upload never finished")


def test_jobs_survive_a_restart_and_leave_no_folder(settings: Settings):
    client = TestClient(create_app(settings), base_url=LOCAL)
    files = {"file": ("tender.pdf", SAMPLE_PDF.read_bytes(), "application/pdf")}
    job = client.post("/api/documents", files=files, data={"kb": "k1"}).json()
    assert _wait(client, job["job_id"])["status"] == "ingested"
    assert not (settings.home / "uploads" / job["job_id"]).exists()
    restarted = TestClient(create_app(settings), base_url=LOCAL)
    assert restarted.get(f"/api/documents/jobs/{job['job_id']}").json()["status"] == "ingested"


def test_startup_fails_interrupted_jobs_and_purges_their_half_written_documents(
    settings: Settings, workdir: Path
):
    assert ingest_paths([SAMPLE_PDF], settings, "k1").exit_code == 0
    kb = KnowledgeBase.open("k1", settings)
    half = DocumentRecord("f" * 32, "late.pdf", "writing", 3, 9, 0, 100, now_iso())
    kb.begin_document(half)
    jobs = UploadJobs(settings)
    stale = jobs.get("0" * 12)
    assert stale is None
    # a job a stopped worker owned: its presence lock is no longer held by anyone
    jobs.store.save(
        StoredJob(job_id="a" * 12, kb="k1", filename="late.pdf", status="running", owner="gone")
    )
    (settings.home / "uploads" / ("a" * 12)).mkdir(parents=True)
    with TestClient(create_app(settings), base_url=LOCAL) as client:  # runs the start-up sweep
        job = client.get(f"/api/documents/jobs/{'a' * 12}").json()
    assert job["status"] == "failed" and "restart" in job["detail"]
    assert KnowledgeBase.open("k1", settings).record("f" * 32) is None
    assert not (settings.home / "uploads" / ("a" * 12)).exists()
    assert [d.source for d in KnowledgeBase.open("k1", settings).documents()] == ["sample_rfp.pdf"]


def test_a_document_being_ingested_cannot_be_deleted(settings: Settings):
    assert ingest_paths([SAMPLE_PDF], settings, "k1").exit_code == 0
    kb = KnowledgeBase.open("k1", settings)
    kb.begin_document(DocumentRecord("e" * 32, "late.pdf", "writing", 3, 9, 0, 100, now_iso()))
    client = TestClient(create_app(settings), base_url=LOCAL)
    response = client.delete(f"/api/documents/{'e' * 32}?kb=k1")
    assert response.status_code == 409 and "still being ingested" in response.json()["detail"]


def test_a_knowledge_base_of_an_unknown_model_is_listed_and_refuses_queries_clearly(
    settings: Settings,
):
    """A knowledge base is queried with the model it was built with; one whose model this
    install cannot load says so instead of answering from vectors of another space."""
    assert ingest_paths([SAMPLE_PDF], settings, "good").exit_code == 0
    assert ingest_paths([SAMPLE_PDF], settings, "other-model").exit_code == 0
    other = KnowledgeBase.open("other-model", settings)
    other.chunks.modify(metadata={**(other.chunks.metadata or {}), "embedding_model": "x:y"})
    client = TestClient(create_app(settings), base_url=LOCAL)
    listed = {kb["name"]: kb for kb in client.get("/api/knowledge-bases").json()}
    assert listed["other-model"]["embedding_model"] == "x:y"
    response = client.post(
        "/api/retrieve", json={"query": "liquidated damages", "kb": "other-model"}
    )
    assert response.status_code >= 400
    assert "unknown embedding model 'x:y'" in response.json()["detail"]


# ------------------------------------------------------------ 9. what answers without a key
def test_docs_and_schema_need_the_key_and_health_says_only_ok(sample_kb_settings: Settings):
    client = TestClient(create_app(sample_kb_settings.model_copy(update={"api_key": KEY})),
                        base_url=LOCAL)  # fmt: skip
    for path in ("/docs", "/openapi.json", "/api/knowledge-bases"):
        assert client.get(path).status_code == 401, path
        assert client.get(path, headers={"X-API-Key": KEY[:-1] + "X"}).status_code == 401
        assert client.get(path, headers={"X-API-Key": KEY}).status_code == 200, path
    assert client.get("/healthz").json() == {"status": "ok"}
    assert client.get("/").status_code == 200  # the page shell: it asks for the key
