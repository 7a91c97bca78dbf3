"""``langgraph dev`` serves the ask graph as LangGraph Studio sees it (``langgraph.json``).

The test starts the in-memory API server on loopback, reads the graph's schemas (the run
context Studio shows as fields) and runs a question in a thread through the HTTP API.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from rfp_agents.config import Settings
from rfp_agents.local_llm import free_port
from tests.conftest import ROOT

LD_QUESTION = "What liquidated damages apply if go-live is late?"


@pytest.fixture(scope="module")
def langgraph_dev(sample_kb_settings: Settings, tmp_path_factory) -> Iterator[str]:
    """``langgraph dev`` on a free loopback port over the session's knowledge bases."""
    port = free_port()
    log = tmp_path_factory.mktemp("langgraph_dev") / "server.log"
    env = {**os.environ, "RFP_HOME": str(sample_kb_settings.home), "RFP_CHAT_MODEL": "",
           "LANGSMITH_TRACING": "false", "LANGGRAPH_CLI_NO_ANALYTICS": "1"}  # fmt: skip
    command = [str(Path(sys.executable).parent / "langgraph"), "dev", "--port", str(port),
               "--host", "127.0.0.1", "--no-browser", "--no-reload",
               "--allow-blocking"]  # fmt: skip
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(url, process, log)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def _wait_until_up(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"langgraph dev exited:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            if httpx.get(f"{url}/ok", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.5)
    pytest.fail("langgraph dev did not start within 120 s")


def test_studio_sees_the_run_context_as_fields(langgraph_dev: str):
    found = httpx.post(f"{langgraph_dev}/assistants/search", json={"graph_id": "rfp_ask"})
    assistant = found.json()[0]["assistant_id"]
    schemas = httpx.get(f"{langgraph_dev}/assistants/{assistant}/schemas", timeout=30).json()
    fields = schemas["context_schema"]["properties"]
    assert {"knowledge_bases", "document_ids", "chat_model", "max_agent_rounds"} <= set(fields)
    assert "question" in schemas["input_schema"]["properties"]


def test_a_question_runs_in_a_thread_through_the_api(langgraph_dev: str):
    client = httpx.Client(base_url=langgraph_dev, timeout=300)
    thread = client.post("/threads", json={}).json()["thread_id"]
    run = {"assistant_id": "rfp_ask", "context": {"knowledge_bases": ["sample"]},
           "input": {"question": LD_QUESTION, "domains": ["legal"]}}  # fmt: skip
    state = client.post(f"/threads/{thread}/runs/wait", json=run).json()
    cited = [(c["source_file"], c["page_number"]) for c in state["answer"]["citations"]
             if c["cited"]]  # fmt: skip
    assert ("sample_rfp.pdf", 9) in cited
    # the thread keeps the turn, as Studio shows it
    history = client.get(f"/threads/{thread}/state").json()["values"]["history"]
    assert [turn["question"] for turn in history] == [LD_QUESTION]
