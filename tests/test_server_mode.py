"""Chroma server mode: a server that goes away gives a clear error naming its URL, and the
next request after it is back works, in the skill, the CLI and the API."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from rfp_agents.api.app import create_app
from rfp_agents.cli import app
from rfp_agents.config import Settings
from rfp_agents.errors import StoreUnavailableError
from rfp_agents.ingest import ingest_paths
from rfp_agents.skills.context_retriever import ContextRetriever
from tests.conftest import ChromaServer
from tests.pdf_factory import text_pdf

LOCAL = "http://localhost"  # a Host the API answers (RFP_API_ALLOWED_HOSTS)


def test_server_down_is_a_clear_error_and_back_up_works_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    server = ChromaServer(tmp_path / "chroma").start()
    try:
        settings = Settings(home=tmp_path / "home", chroma_url=server.url)
        pdf = text_pdf(tmp_path / "rfp.pdf", ["Invoices are paid within thirty days."])
        assert ingest_paths([pdf], settings, "kb").exit_code == 0
        retriever = ContextRetriever(settings)
        api = TestClient(create_app(settings), base_url=LOCAL)
        monkeypatch.setenv("RFP_HOME", str(settings.home))
        monkeypatch.setenv("RFP_CHROMA_URL", server.url)
        assert retriever.retrieve("invoices", kb="kb").results

        server.stop()
        with pytest.raises(StoreUnavailableError, match=f"Chroma server at {server.url}"):
            retriever.retrieve("invoices", kb="kb")
        cli = CliRunner().invoke(app, ["retrieve", "invoices", "--kb", "kb"])
        assert cli.exit_code == 1 and server.url in cli.output
        down = api.post("/api/retrieve", json={"query": "invoices", "kb": "kb"})
        assert down.status_code == 503 and "unavailable" in down.json()["detail"]
        assert server.url not in down.json()["detail"]  # the API does not show where it is

        server.start()
        assert retriever.retrieve("invoices", kb="kb").results[0].page_number == 1
        assert api.post("/api/retrieve", json={"query": "invoices", "kb": "kb"}).status_code == 200
        assert CliRunner().invoke(app, ["retrieve", "invoices", "--kb", "kb"]).exit_code == 0
    finally:
        server.stop()
