"""LLM mode over the wire: what strict OpenAI-compatible servers accept, provider failures as
clear errors, and model replies that are not answers.

``StrictServer`` is a small OpenAI-compatible chat-completions server on loopback that, like
llama.cpp's, answers 500 when an assistant message has ``null`` content; it replays scripted
replies (streamed when the request asks) and records every request. The real llama.cpp
server is in ``test_llm_live.py``; this one scripts replies no real model gives on demand.
"""

from __future__ import annotations

import json
import os
import pty
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
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
from tests.test_agent_loop import LD_ANSWER, call, scripted

LD_QUESTION = "What liquidated damages apply if go-live is late?"
LOCAL = "http://localhost"


class StrictServer:
    """Scripted chat completions; 500 for null assistant content, like llama.cpp's server."""

    def __init__(self, replies: list[dict[str, Any]] | None = None, status: int = 200):
        self.replies = list(replies or [])
        self.status = status
        self.requests: list[dict[str, Any]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.requests.append(body)
                code, payload = server.answer(body)
                if code == 200 and body.get("stream"):
                    data = "".join(f"data: {json.dumps(c)}\n\n" for c in as_chunks(payload))
                    data = (data + "data: [DONE]\n\n").encode()
                    content_type = "text/event-stream"
                else:
                    data, content_type = json.dumps(payload).encode(), "application/json"
                self.send_response(code)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.httpd = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.url = f"http://127.0.0.1:{self.port}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def answer(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if self.status != 200:
            return self.status, {"error": {"message": "model crashed", "type": "server_error"}}
        for i, message in enumerate(body["messages"]):
            if message["role"] == "assistant" and not isinstance(message.get("content"), str):
                return 500, {"error": {"message": f"messages.{i}: content Input should be a "
                                       "valid string, input: None"}}  # fmt: skip
        reply = self.replies.pop(0) if self.replies else {"content": "done"}
        message = {"role": "assistant", "content": reply.get("content")}
        if "tool_calls" in reply:
            message["tool_calls"] = reply["tool_calls"]
        return 200, {
            "id": "cmpl-1", "object": "chat.completion", "created": 0, "model": "local",
            "choices": [{"index": 0, "message": message,
                         "finish_reason": "tool_calls" if "tool_calls" in reply else "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }  # fmt: skip

    def stop(self) -> None:
        self.httpd.shutdown()


def as_chunks(completion: dict[str, Any]) -> list[dict[str, Any]]:
    """A chat completion as the stream of ``chat.completion.chunk`` objects a server sends
    when asked to stream (LangGraph's ``stream_mode="messages"`` asks): the text word by
    word, the tool calls in one chunk, then the finish reason."""
    choice = completion["choices"][0]
    message = choice["message"]

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {"id": completion["id"], "object": "chat.completion.chunk", "created": 0,
                "model": completion["model"],
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}  # fmt: skip

    chunks = [chunk({"role": "assistant", "content": ""})]
    words = (message.get("content") or "").split(" ")
    chunks += [chunk({"content": w if i == 0 else f" {w}"}) for i, w in enumerate(words) if w]
    if message.get("tool_calls"):
        calls = [{**c, "index": i} for i, c in enumerate(message["tool_calls"])]
        chunks.append(chunk({"tool_calls": calls}))
    chunks.append(chunk({}, choice["finish_reason"]))
    return chunks


def tool_call_reply(query: str) -> dict[str, Any]:
    arguments = json.dumps({"action": "query", "query_text": query})
    return {
        "content": None,
        "tool_calls": [{"id": "call_1", "type": "function",
                        "function": {"name": "query_knowledge", "arguments": arguments}}],
    }  # fmt: skip


@pytest.fixture
def local_model(monkeypatch: pytest.MonkeyPatch):
    """RFP_CHAT_MODEL=openai:local against a ``StrictServer`` (give it replies)."""
    servers: list[StrictServer] = []

    def start(replies=None, status: int = 200) -> StrictServer:
        server = StrictServer(replies, status)
        servers.append(server)
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        monkeypatch.delenv("OPENAI_API_KEY", raising=False)
        forget_services()
        return server

    yield start
    for server in servers:
        server.stop()
    forget_services()


def llm_settings(settings: Settings, **extra: Any) -> Settings:
    return settings.model_copy(
        update={"chat_model": "openai:local", "provider_timeout_seconds": 30, **extra}
    )


def test_a_two_round_tool_loop_sends_only_messages_strict_servers_accept(
    sample_kb_settings: Settings, local_model
):
    server = local_model(
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
    sample_kb_settings: Settings, local_model
):
    """The loop's own first retrieval is an assistant message too (the reported 500)."""
    server = local_model([{"content": "I think it is in the contract."},
                          {"content": LD_ANSWER + " [1]"}])  # fmt: skip
    answer = ask(LD_QUESTION, ["sample"], domains=["legal"],
                 settings=llm_settings(sample_kb_settings))  # fmt: skip
    assert answer.findings[0].mode == "llm" and answer.cited[0].page_number == 9
    assert all(r["messages"] for r in server.requests)


# ------------------------------------------------------------------- provider failures
def test_a_500_is_one_clear_line_in_the_cli(
    sample_kb_settings: Settings, local_model, monkeypatch: pytest.MonkeyPatch
):
    server = local_model(status=500)
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
    sample_kb_settings: Settings, local_model
):
    local_model(status=503)
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


def test_the_naive_rag_path_is_checked_too(sample_kb_settings: Settings, local_model):
    """RFP_TOOL_CALLING=never over the wire: an uncited reply is replaced, as in ReAct."""
    server = local_model([{"content": "Please read the contract yourself."}])
    settings = llm_settings(sample_kb_settings, tool_calling="never")
    answer = ask(LD_QUESTION, ["sample"], domains=["legal"], settings=settings)
    assert len(server.requests) == 1 and "tools" not in server.requests[0]
    assert answer.findings[0].mode == "offline" and answer.cited[0].page_number == 9
    assert any("naive RAG" in w for w in answer.warnings)
    assert any("discarded (it cited no passage)" in w for w in answer.warnings)


# ------------------------------------------------------------------------------ streaming
def test_rfp_ask_in_a_terminal_shows_the_draft_as_the_model_writes_it(
    sample_kb_settings: Settings, local_model
):
    """In a terminal, the agent's draft streams (stderr, then cleared) before the checked
    answer; the server streamed the reply word by word, as real servers do."""
    server = local_model([tool_call_reply("liquidated damages"), {"content": LD_ANSWER + " [1]"}])
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
