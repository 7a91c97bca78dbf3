"""LLM mode over the wire: what strict OpenAI-compatible servers accept, provider failures as
clear errors, and model replies that are not answers.

``tests/strict_server.py`` is a small OpenAI-compatible chat-completions server on loopback
that, like llama.cpp's, answers 500 when an assistant message has ``null`` content; it
replays scripted replies (streamed when the request asks) and records every request. The
real llama.cpp server is in ``test_llm_live.py``; this one scripts replies no real model
gives on demand.
"""

from __future__ import annotations

import json
import os
import pty
import socket
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from langchain_core.messages import AIMessage
from typer.testing import CliRunner

from rfp_agents.agents.agent_graph import degenerate_reply
from rfp_agents.api.app import create_app
from rfp_agents.cli import app as cli
from rfp_agents.config import Settings
from rfp_agents.errors import ProviderError
from rfp_agents.graph.ask import ask
from rfp_agents.graph.services import forget_services
from tests.strict_server import tool_call_reply
from tests.test_agent_loop import LD_ANSWER, call, scripted

LD_QUESTION = "What liquidated damages apply if go-live is late?"
LOCAL = "http://localhost"


def llm_settings(settings: Settings, **extra: Any) -> Settings:
    return settings.model_copy(
        update={"chat_model": "openai:local", "provider_timeout_seconds": 30, **extra}
    )


def test_a_two_round_tool_loop_sends_only_messages_strict_servers_accept(
    sample_kb_settings: Settings, strict_model
):
    server = strict_model(
        [tool_call_reply("liquidated damages go-live"), {"content": LD_ANSWER + " [1]"}]
    )
    answer = ask(LD_QUESTION, ["sample"], domains=["legal"],
                 settings=llm_settings(sample_kb_settings))  # fmt: skip
    finding = answer.findings[0]
    assert finding.mode == "llm" and "USD 1,500" in answer.answer
    assert answer.cited[0].page_number == 9
    assert len(server.requests) >= 2
    second = server.requests[1]["messages"]
    assistant = [m for m in second if m["role"] == "assistant"]
    assert assistant and all(isinstance(m["content"], str) and m["content"] for m in assistant)
    tool_results = [m for m in second if m["role"] == "tool"]
    assert tool_results and all(m["tool_call_id"] == "call_1" for m in tool_results)


def test_a_model_that_answers_without_tools_still_gets_a_valid_first_retrieval(
    sample_kb_settings: Settings, strict_model
):
    """The loop's own first retrieval is an assistant message too (the reported 500)."""
    server = strict_model([{"content": "I think it is in the contract."},
                          {"content": LD_ANSWER + " [1]"}])  # fmt: skip
    answer = ask(LD_QUESTION, ["sample"], domains=["legal"],
                 settings=llm_settings(sample_kb_settings))  # fmt: skip
    assert answer.findings[0].mode == "llm" and answer.cited[0].page_number == 9
    assert all(r["messages"] for r in server.requests)


# ------------------------------------------------------------------- provider failures
def test_a_500_is_one_clear_line_in_the_cli(
    sample_kb_settings: Settings, strict_model, monkeypatch: pytest.MonkeyPatch
):
    server = strict_model(status=500)
    monkeypatch.setenv("RFP_HOME", str(sample_kb_settings.home))
    monkeypatch.setenv("RFP_CHAT_MODEL", "openai:local")
    result = CliRunner().invoke(cli, ["ask", LD_QUESTION, "--kb", "sample", "--domain", "legal"])
    assert result.exit_code == ProviderError.exit_code == 4
    assert server.url.removesuffix("/v1") in result.output and "'local'" in result.output
    assert "answered 500" in result.output and "OPENAI_BASE_URL" in result.output
    assert "Traceback" not in result.output


def test_a_refused_connection_is_a_clear_error(sample_kb_settings: Settings, monkeypatch):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens there once the socket closes
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{port}/v1")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    forget_services()
    with pytest.raises(
        ProviderError, match=f"127.0.0.1:{port}/v1 could not be reached for model 'local'"
    ):
        ask(LD_QUESTION, ["sample"], domains=["legal"],
            settings=llm_settings(sample_kb_settings))  # fmt: skip
    forget_services()


def test_the_api_answers_502_and_the_stream_an_error_event(
    sample_kb_settings: Settings, strict_model
):
    strict_model(status=503)
    client = TestClient(create_app(llm_settings(sample_kb_settings)), base_url=LOCAL)
    body = {"question": LD_QUESTION, "knowledgeBaseIds": ["sample"], "domains": ["legal"]}
    response = client.post("/api/ask", json=body)
    assert response.status_code == 502
    assert set(response.json()) == {"error", "detail"} and "503" in response.json()["detail"]
    stream = client.post("/api/ask/stream", json=body)
    events = [json.loads(line[6:]) for line in stream.text.splitlines()
              if line.startswith("data: ")]  # fmt: skip
    assert events[-1]["type"] == "error" and events[-1]["status"] == 502


# ------------------------------------------------------------ replies that are not answers
@pytest.mark.parametrize(
    "final, reason",
    [
        (AIMessage('{"name": "query_knowledge", "arguments": {"query_text": "x"}}'), "tool call"),
        (AIMessage(""), "empty"),
        (AIMessage("I could not decide; please ask the procurement office."), "cited no"),
        # seen from the 0.5B model: the arguments as a string with unescaped quotes
        (
            AIMessage(
                '{"name": "query_knowledge", "arguments": "{\\"action\\": \\"list\\", '
                '\\"kb_ids\\": ["sample"]}"}'
            ),
            "tool call",
        ),  # fmt: skip
        # the tool's results echoed back: the copied passage would pass for a cited sentence
        (
            AIMessage(
                '{"ref": 1, "source_file": "sample_rfp.pdf", "content": "the Contractor '
                'shall pay liquidated damages of USD 1,500 per calendar day of delay"}'
            ),
            "JSON",
        ),  # fmt: skip
        # the question echoed back, with a marker (seen live)
        (AIMessage("What liquidated damages apply if go-live is late [1]?"), "a question"),
    ],
    ids=[
        "tool-call-text",
        "empty",
        "uncited",
        "broken-tool-call",
        "echoed-results",
        "echoed-question",
    ],  # fmt: skip
)
def test_a_reply_that_is_not_an_answer_is_replaced_by_the_extractive_answer(
    sample_kb_settings: Settings, final: AIMessage, reason: str
):
    replies: Iterator[AIMessage] = iter(
        [AIMessage("", tool_calls=[call("query_knowledge", query_text="liquidated damages")])]
        + [final] * 8
    )
    model = scripted(*replies)
    answer = ask(LD_QUESTION, ["sample"], domains=["legal"], settings=sample_kb_settings,
                 chat_model=model)  # fmt: skip
    finding = answer.findings[0]
    assert finding.mode == "offline"
    assert "USD 1,500" in answer.answer and answer.cited[0].page_number == 9
    assert any("discarded" in w and reason in w for w in answer.warnings), answer.warnings


def test_a_marker_that_points_at_no_passage_is_no_citation():
    """(A kept answer is the two-round test above: its mode stays "llm".)"""
    reason = degenerate_reply("The bond is 10% of the price [1].", {"query_knowledge"}, [])
    assert reason == "it cited no passage"


def test_the_naive_rag_path_is_checked_too(sample_kb_settings: Settings, strict_model):
    """RFP_TOOL_CALLING=never over the wire: an uncited reply is replaced, as in ReAct."""
    server = strict_model([{"content": "Please read the contract yourself."}])
    settings = llm_settings(sample_kb_settings, tool_calling="never")
    answer = ask(LD_QUESTION, ["sample"], domains=["legal"], settings=settings)
    assert len(server.requests) == 1 and "tools" not in server.requests[0]
    assert answer.findings[0].mode == "offline" and answer.cited[0].page_number == 9
    assert any("naive RAG" in w for w in answer.warnings)
    assert any("discarded (it cited no passage)" in w for w in answer.warnings)


# ------------------------------------------------------------------------------ streaming
def test_rfp_ask_in_a_terminal_shows_the_draft_as_the_model_writes_it(
    sample_kb_settings: Settings, strict_model
):
    """In a terminal, the agent's draft streams (stderr, then cleared) before the checked
    answer; the server streamed the reply word by word, as real servers do."""
    server = strict_model([tool_call_reply("liquidated damages"), {"content": LD_ANSWER + " [1]"}])
    env = {**os.environ, "RFP_HOME": str(sample_kb_settings.home), "RFP_CHAT_MODEL": "openai:local",
           "OPENAI_BASE_URL": server.url, "COLUMNS": "200"}  # fmt: skip
    rfp = os.path.join(os.path.dirname(sys.executable), "rfp")
    primary, secondary = pty.openpty()
    process = subprocess.Popen([rfp, "ask", LD_QUESTION, "--kb", "sample", "--domain", "legal"],
                               stdin=secondary, stdout=secondary, stderr=secondary,
                               env=env)  # fmt: skip
    os.close(secondary)
    output = b""
    while True:
        try:
            piece = os.read(primary, 65536)
        except OSError:  # the terminal closed: the process is done
            break
        if not piece:
            break
        output += piece
    os.close(primary)
    assert process.wait(timeout=60) == 0, output.decode(errors="replace")
    text = output.decode(errors="replace")
    assert "legal (draft)" in text
    assert text.index("legal (draft)") < text.rindex("USD 1,500")
    assert any(r.get("stream") for r in server.requests if "tools" in r)
