"""The HTTP API: every route, every limit and error status, uploads, streaming."""

from __future__ import annotations

import importlib
import json
import time
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from rfp_agents.api.app import create_app
from rfp_agents.config import Settings
from rfp_agents.ingest import ingest_paths
from tests.conftest import REAL_QASP, SAMPLE_PDF
from tests.pdf_factory import truncated_pdf

LOCAL = "http://localhost"  # a Host the API answers (RFP_API_ALLOWED_HOSTS)

LD_QUESTION = "What liquidated damages apply if go-live is late?"


@pytest.fixture(scope="module")
def client(sample_kb_settings: Settings) -> TestClient:
    """The shared read-only knowledge bases ("sample", "real")."""
    return TestClient(create_app(sample_kb_settings), base_url=LOCAL)


@pytest.fixture
def own_client(settings: Settings) -> TestClient:
    """A fresh RFP_HOME with the sample RFP in "tender", for uploads and deletes."""
    assert ingest_paths([SAMPLE_PDF], settings, "tender").exit_code == 0
    return TestClient(create_app(settings), base_url=LOCAL)


def ask_body(**extra: Any) -> dict[str, Any]:
    return {"question": LD_QUESTION, "knowledgeBaseIds": ["sample"], **extra}


def stream_events(response) -> list[dict[str, Any]]:
    return [
        json.loads(line.removeprefix("data: "))
        for line in response.text.splitlines()
        if line.startswith("data: ")
    ]


# ---------------------------------------------------------------------------------- routes
def test_healthz_and_knowledge_bases(client: TestClient):
    assert client.get("/healthz").json() == {"status": "ok"}  # nothing more, by design
    kbs = {kb["name"]: kb for kb in client.get("/api/knowledge-bases").json()}
    assert kbs["sample"]["documents"] == 1 and kbs["sample"]["chunks"] > 0


def test_ask_answers_with_citations_like_the_cli(client: TestClient):
    body = client.post("/api/ask", json=ask_body()).json()
    assert "USD 1,500 per calendar day" in body["answer"]
    first = body["citations"][0]
    assert (first["n"], first["source_file"], first["page_number"]) == (1, "sample_rfp.pdf", 9)
    assert body["findings"][0]["diagnostics"] == []
    with_diagnostics = client.post("/api/ask", json=ask_body(includeDiagnostics=True)).json()
    assert with_diagnostics["findings"][0]["diagnostics"][0]["expanded_queries"]


def test_ask_debug_always_includes_diagnostics(client: TestClient):
    body = client.post("/api/ask/debug", json=ask_body()).json()
    diagnostics = body["findings"][0]["diagnostics"][0]
    assert diagnostics["searches"] and diagnostics["ranks"] and "dropped" in diagnostics


def test_stream_sends_route_tools_findings_then_the_same_answer_as_ask(client: TestClient):
    question = {"question": "What insurance is required and how are invoices paid?",
                "knowledgeBaseIds": ["sample"]}  # fmt: skip
    response = client.post("/api/ask/stream", json=question)
    assert response.headers["content-type"].startswith("text/event-stream")
    events = stream_events(response)
    kinds = [e["type"] for e in events]
    assert kinds[0] == "route" and kinds[-1] == "answer"
    assert kinds.index("tool") < kinds.index("finding") < kinds.index("answer")
    assert {e["domain"] for e in events if e["type"] == "finding"} == set(events[0]["domains"])
    assert all(e["result_count"] >= 0 and e["tool"] for e in events if e["type"] == "tool")
    streamed = events[-1]["answer"]
    asked = client.post("/api/ask", json=question).json()
    assert streamed["citations"] == asked["citations"]
    assert streamed["answer"] == asked["answer"]


def test_retrieve_runs_the_skill(client: TestClient):
    body = client.post(
        "/api/retrieve", json={"query": "performance bond", "kb": "sample", "top_k": 2}
    ).json()
    assert len(body["results"]) == 2 and body["results"][0]["page_number"] == 7
    hybrid = client.post(
        "/api/retrieve", json={"query": "99.95%", "kb": "sample", "search_type": "hybrid"}
    ).json()
    assert hybrid["results"][0]["lexical_score"] is not None


def test_documents_upload_status_list_and_delete(own_client: TestClient, tmp_path):
    listed = own_client.get("/api/documents", params={"kb": "tender"}).json()
    assert [d["source"] for d in listed] == ["sample_rfp.pdf"]
    with REAL_QASP.open("rb") as pdf:
        job = own_client.post(
            "/api/documents", files={"file": ("QASP.pdf", pdf, "application/pdf")},
            data={"kb": "tender"},
        )  # fmt: skip
    assert job.status_code == 202
    done = wait_for(own_client, job.json()["job_id"])
    assert done["status"] == "ingested" and done["pages"] == 7 and done["doc_id"]
    sources = {d["source"] for d in own_client.get("/api/documents?kb=tender").json()}
    assert sources == {"sample_rfp.pdf", "QASP.pdf"}

    deleted = own_client.delete(f"/api/documents/{done['doc_id']}", params={"kb": "tender"})
    assert deleted.status_code == 200 and deleted.json()["source"] == "QASP.pdf"
    assert [d["source"] for d in own_client.get("/api/documents?kb=tender").json()] == [
        "sample_rfp.pdf"
    ]
    again = own_client.delete(f"/api/documents/{done['doc_id']}", params={"kb": "tender"})
    assert again.status_code == 404 and again.json()["error"] == "not found"


def test_a_corrupt_pdf_upload_is_reported_and_nothing_else_is_lost(own_client: TestClient,
                                                                   tmp_path):  # fmt: skip
    broken = truncated_pdf(SAMPLE_PDF, tmp_path / "broken.pdf")
    job = own_client.post(
        "/api/documents", files={"file": ("broken.pdf", broken.read_bytes(), "application/pdf")},
        data={"kb": "tender"},
    ).json()  # fmt: skip
    done = wait_for(own_client, job["job_id"])
    assert done["status"] in ("skipped", "failed") and "corrupt" in done["detail"]
    assert [d["source"] for d in own_client.get("/api/documents?kb=tender").json()] == [
        "sample_rfp.pdf"
    ]
    answer = own_client.post("/api/ask", json=ask_body(knowledgeBaseIds=["tender"])).json()
    assert answer["citations"][0]["page_number"] == 9


def wait_for(client: TestClient, job_id: str, timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = client.get(f"/api/documents/jobs/{job_id}").json()
        if job["status"] not in ("queued", "running"):
            return job
        time.sleep(0.2)
    raise AssertionError(f"job {job_id} did not finish")


# ------------------------------------------------------------------------ limits, errors
def test_bad_input_gets_json_errors_with_the_right_status(client: TestClient):
    cases = [
        (client.post("/api/ask", json=ask_body(question="   ")), 400, "question is empty"),
        (client.post("/api/ask", json=ask_body(question="x" * 2001)), 400, "RFP_MAX_QUESTION"),
        (client.post("/api/ask", json=ask_body(documentIds=[f"d{i}" for i in range(21)])),
         400, "RFP_MAX_SELECTED_DOCUMENTS"),
        (client.post("/api/ask", json=ask_body(knowledgeBaseIds=["nope"])), 404, "does not exist"),
        (client.post("/api/ask", json={"questio": "x"}), 422, "question: Field required"),
        (client.post("/api/ask", json=ask_body(domains=["sales"])), 422, "domains.0"),
        (client.post("/api/retrieve", json={"query": "x", "kb": "sample",
                                            "metadata_filter": {"page": {"$near": 2}}}),
         400, "unknown operator '$near'"),
        (client.post("/api/retrieve", json={"query": "x", "kb": "sample", "top_k": 51}), 422,
         "top_k"),
        (client.get("/api/documents", params={"kb": "Bad Name!"}), 400, "knowledge base name"),
        (client.get("/api/documents/jobs/nope"), 404, "no upload job"),
    ]  # fmt: skip
    for response, status, text in cases:
        assert response.status_code == status, response.text
        body = response.json()
        assert set(body) == {"error", "detail"} and text in body["detail"], body


def test_uploads_are_checked_for_size_and_type_before_anything_is_stored(settings: Settings):
    small = TestClient(
        create_app(settings.model_copy(update={"max_upload_bytes": 1000})), base_url=LOCAL
    )
    big = small.post(
        "/api/documents", files={"file": ("big.pdf", SAMPLE_PDF.read_bytes(), "application/pdf")}
    )
    assert big.status_code == 413 and "RFP_MAX_UPLOAD_BYTES" in big.json()["detail"]
    fake = small.post(
        "/api/documents", files={"file": ("fake.pdf", b"not a pdf at all", "application/pdf")}
    )
    assert fake.status_code == 415 and "%PDF-" in fake.json()["detail"]
    assert not [p for p in (settings.home / "uploads").rglob("*") if p.is_file()]


def test_the_api_key_and_the_knowledge_base_scope_are_enforced(sample_kb_settings: Settings):
    locked = TestClient(
        create_app(
            sample_kb_settings.model_copy(
                update={"api_key": "s3cret", "api_knowledge_bases": "sample"}
            )
        ),
        base_url=LOCAL,
    )
    assert locked.post("/api/ask", json=ask_body()).status_code == 401
    headers = {"X-API-Key": "s3cret"}
    assert locked.post("/api/ask", json=ask_body(), headers=headers).status_code == 200
    outside = locked.post("/api/ask", json=ask_body(knowledgeBaseIds=["real"]), headers=headers)
    assert outside.status_code == 403 and "not available" in outside.json()["detail"]
    kbs = locked.get("/api/knowledge-bases", headers=headers).json()
    assert [kb["name"] for kb in kbs] == ["sample"]
    assert locked.get("/healthz").status_code == 200  # liveness needs no key


def test_a_model_that_runs_past_the_provider_timeout_gives_504(
    sample_kb_settings: Settings, monkeypatch: pytest.MonkeyPatch, hang: SimpleNamespace
):
    # the module, not the compiled `graph` that rfp_agents.graph exports under the same name
    graph_module = importlib.import_module("rfp_agents.graph.graph")
    model = hang.model
    monkeypatch.setattr(graph_module, "chat_model_for", lambda settings, given=None: model)
    slow = TestClient(
        create_app(sample_kb_settings.model_copy(update={"provider_timeout_seconds": 0.3})),
        base_url=LOCAL,
    )
    response = slow.post("/api/ask", json=ask_body(domains=["legal"]))
    assert response.status_code == 504
    assert "did not answer within 0.3 s" in response.json()["detail"]
    assert not hang.answered.is_set()  # cut off while the model was still hanging
    assert slow.get("/healthz").status_code == 200  # the server carries on


def test_the_openapi_schema_documents_every_route_and_model(client: TestClient):
    schema = client.get("/openapi.json").json()
    paths = set(schema["paths"])
    assert paths >= {
        "/api/ask", "/api/ask/debug", "/api/ask/stream", "/api/retrieve",
        "/api/knowledge-bases", "/api/documents", "/api/documents/{doc_id}",
        "/api/documents/jobs/{job_id}", "/healthz",
    }  # fmt: skip
    models = set(schema["components"]["schemas"])
    assert models >= {"AskRequest", "AskAnswer", "RetrievalInput", "RetrievalOutput",
                      "UploadJob", "ErrorBody", "Citation"}  # fmt: skip
    ask_post = schema["paths"]["/api/ask"]["post"]
    assert "504" in ask_post["responses"] and "422" in ask_post["responses"]
