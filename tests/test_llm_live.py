"""LLM mode against a real OpenAI-compatible server on loopback (llama-cpp-python, a 0.5B
instruct model; see ``rfp_agents/local_llm.py``).

The fakes in ``test_llm_protocol.py`` prove the logic; only a real server proves the wire
protocol: the message shapes it accepts, streaming, and what happens when it goes away.
Nothing here asserts the model's wording.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from fastapi.testclient import TestClient
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

from rfp_agents.agents.chat_model import invoke_with_timeout, make_chat_model
from rfp_agents.agents.profiles import PROFILES
from rfp_agents.agents.scope import KnowledgeScope
from rfp_agents.agents.tool_calls import first_retrieval
from rfp_agents.agents.tools import KnowledgeTools
from rfp_agents.api.app import create_app
from rfp_agents.config import Settings
from rfp_agents.errors import ProviderError
from rfp_agents.graph.ask import ask_stream
from rfp_agents.graph.services import forget_services
from rfp_agents.local_llm import LocalModelServer
from rfp_agents.skills.context_retriever import ContextRetriever

pytestmark = pytest.mark.llm

LD_QUESTION = "What liquidated damages apply if go-live is late?"
LOCAL = "http://localhost"


def test_the_real_server_accepts_a_two_round_tool_conversation(llm_settings: Settings):
    """Assistant tool-call messages, tool results with names and ids, twice over: what a
    second round of tool calling sends (the reported 500 came from exactly this)."""
    tools = KnowledgeTools(KnowledgeScope(["sample"], ContextRetriever(llm_settings))).as_tools()
    rounds = [
        *first_retrieval("liquidated damages", tools, top_k=2),
        *first_retrieval("maximum amount of liquidated damages", tools, top_k=2),
    ]
    messages = [SystemMessage(PROFILES["legal"].system_prompt()), HumanMessage(LD_QUESTION),
                *rounds]  # fmt: skip
    model = make_chat_model(llm_settings).bind_tools(tools, tool_choice="auto")
    reply = invoke_with_timeout(model, messages, llm_settings.provider_timeout_seconds)
    assert isinstance(reply, AIMessage)
    assert reply.content or reply.tool_calls


def test_the_answer_streams_as_tokens_then_arrives_checked(llm_settings: Settings):
    events = list(ask_stream(LD_QUESTION, ["sample"], domains=["legal"], settings=llm_settings))
    kinds = [e["type"] for e in events]
    tokens = [e for e in events if e["type"] == "token"]
    assert tokens and {e["domain"] for e in tokens} == {"legal"}
    assert kinds.index("token") < kinds.index("finding") < kinds.index("answer")
    answer = events[-1]["answer"]
    assert any(c["page_number"] == 9 and c["cited"] for c in answer["citations"])


def test_the_web_stream_sends_token_events(llm_settings: Settings):
    client = TestClient(create_app(llm_settings), base_url=LOCAL)
    body = {"question": LD_QUESTION, "knowledgeBaseIds": ["sample"], "domains": ["legal"]}
    stream = client.post("/api/ask/stream", json=body)
    events = [json.loads(line[6:]) for line in stream.text.splitlines()
              if line.startswith("data: ")]  # fmt: skip
    assert any(e["type"] == "token" for e in events)
    assert events[-1]["type"] == "answer"


def test_rfp_ask_answers_with_citations_from_the_real_server(
    llm_settings: Settings, local_llm: LocalModelServer
):
    env = {**os.environ, **local_llm.environment(), "RFP_HOME": str(llm_settings.home),
           "RFP_PROVIDER_TIMEOUT_SECONDS": "300", "RFP_MAX_OUTPUT_TOKENS": "200",
           "RFP_MAX_AGENT_ROUNDS": "2"}  # fmt: skip
    rfp = os.path.join(os.path.dirname(sys.executable), "rfp")
    done = subprocess.run([rfp, "ask", LD_QUESTION, "--kb", "sample", "--domain", "legal"],
                          env=env, capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "sample_rfp.pdf" in done.stdout and "Traceback" not in done.stderr


# ------------------------------------------------------------------- the server goes away
@pytest.fixture
def doomed_server(llm_settings: Settings, monkeypatch: pytest.MonkeyPatch):
    """A second server of its own, for a test that stops it; the settings point at it."""
    with LocalModelServer() as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        forget_services()
        yield server
    forget_services()


def test_a_server_stopped_mid_run_is_one_clear_error(llm_settings: Settings, doomed_server):
    run = ask_stream(LD_QUESTION, ["sample"], domains=["legal"], settings=llm_settings)
    assert next(run)["type"] == "route"  # the run has started; no model call yet
    doomed_server.stop()
    with pytest.raises(ProviderError) as caught:
        list(run)
    message = str(caught.value)
    assert doomed_server.base_url in message and "could not be reached" in message
    assert "OPENAI_BASE_URL" in message and "'local'" in message


def test_the_cli_and_the_api_report_a_stopped_server_without_a_traceback(
    llm_settings: Settings, doomed_server
):
    doomed_server.stop()
    env = {**os.environ, "RFP_HOME": str(llm_settings.home), "RFP_CHAT_MODEL": "openai:local",
           "OPENAI_BASE_URL": doomed_server.base_url}  # fmt: skip
    rfp = os.path.join(os.path.dirname(sys.executable), "rfp")
    done = subprocess.run([rfp, "ask", LD_QUESTION, "--kb", "sample", "--domain", "legal"],
                          env=env, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == ProviderError.exit_code == 4
    assert doomed_server.base_url in done.stderr + done.stdout
    assert "Traceback" not in done.stderr
    client = TestClient(create_app(llm_settings), base_url=LOCAL)
    body = {"question": LD_QUESTION, "knowledgeBaseIds": ["sample"], "domains": ["legal"]}
    response = client.post("/api/ask", json=body)
    assert response.status_code == 502 and set(response.json()) == {"error", "detail"}


def test_the_brief_fills_a_field_by_structured_output_from_the_real_server(
    llm_settings: Settings,
):
    """The brief's structured-output request is accepted by a real server, and whatever the
    model says ends as a value backed by its quote, or as the offline value with the reason
    the model's was dropped: never an unchecked value."""
    from rfp_agents.deliverables.brief.run import make_brief

    brief = make_brief("sample", settings=llm_settings, fields=["penalties"])
    (field,) = brief.fields
    assert field.method in ("llm", "offline")
    if field.method == "offline":  # the model's value failed a check, said so
        assert field.warnings or brief.warnings
    if field.status == "found":
        cited = {c.n: c for c in brief.citations}
        assert field.citations and all(n in cited for n in field.citations)
        assert {cited[n].source_file for n in field.citations} == {"sample_rfp.pdf"}


SHORT_RFP = (
    "4. Submission of proposals\n"
    "The Offeror shall submit its proposal in one PDF file by the due date.\n"
    "The City was founded in 1850 and has a population of 90,000.\n"
    "Offerors should keep the technical volume under twenty pages.\n"
    "Include a price schedule for each year of the contract."
)


def test_rfp_matrix_is_judged_by_the_real_server_and_keeps_the_documents_text_and_page(
    llm_settings: Settings, local_llm: LocalModelServer, tmp_path
):
    """The matrix's structured-output request is accepted by a real server, and whatever the
    model says, each row is a statement of the page it cites: the model only chooses."""
    from rfp_agents.deliverables.matrix import statements
    from rfp_agents.ingest import ingest_paths
    from rfp_agents.knowledge_base import KnowledgeBase
    from tests.pdf_factory import text_pdf

    settings = Settings(home=tmp_path / "home")
    pdf = text_pdf(tmp_path / "short-rfp.pdf", ["Cover page of the City's RFP 26-04", SHORT_RFP])
    assert ingest_paths([pdf], settings, "short").exit_code == 0
    kb = KnowledgeBase.open("short", settings)
    on_page = {text: meta["page_number"] for text, meta in statements(kb, pdf.name)}
    env = {**os.environ, **local_llm.environment(), "RFP_HOME": str(settings.home),
           "RFP_PROVIDER_TIMEOUT_SECONDS": "300", "RFP_MAX_OUTPUT_TOKENS": "400"}  # fmt: skip
    target = tmp_path / "matrix.json"
    rfp = os.path.join(os.path.dirname(sys.executable), "rfp")
    done = subprocess.run([rfp, "matrix", "--kb", "short", "--format", "json", "-o", str(target)],
                          env=env, capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "openai:local: the model judged" in done.stdout
    rows = json.loads(target.read_text(encoding="utf-8"))
    assert rows and all(on_page.get(row["requirement"]) == row["page"] for row in rows)
    judged = [row for row in rows if row["judged_by"] == "model"]
    # the model judged the statements, or its failure is a warning, never a lost matrix
    assert judged or "warning:" in done.stdout + done.stderr
