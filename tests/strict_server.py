"""A strict OpenAI-compatible chat-completions server on loopback, scripted by the tests.

Like llama.cpp's server it answers 500 when an assistant message has ``null`` content; it
replays scripted replies (streamed as SSE chunks when the request asks, optionally paced like
a model writing) and records every request.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class StrictServer:
    """Scripted chat completions; 500 for null assistant content, like llama.cpp's server."""

    def __init__(
        self, replies: list[dict[str, Any]] | None = None, status: int = 200, pace: float = 0.0
    ):
        self.replies = list(replies or [])
        self.status = status
        self.pace = pace
        """Seconds between streamed chunks (a model writing, for a page to show)."""
        self.requests: list[dict[str, Any]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.requests.append(body)
                code, payload = server.answer(body)
                if code == 200 and body.get("stream") and server.pace:
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.end_headers()  # HTTP/1.0: the body ends when the connection closes
                    for chunk in as_chunks(payload):
                        self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                        self.wfile.flush()
                        time.sleep(server.pace)
                    self.wfile.write(b"data: [DONE]\n\n")
                    return
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
