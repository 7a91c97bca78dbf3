"""Fake chat models for tests that need a model which misbehaves on purpose."""

from __future__ import annotations

import json
import threading
from types import SimpleNamespace
from typing import Any

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, AIMessageChunk
from langchain_core.outputs import ChatGenerationChunk


class StreamingFakeChatModel(GenericFakeChatModel):
    """``GenericFakeChatModel`` whose stream keeps tool calls.

    LangGraph streams every model call of a run that asks for ``stream_mode="messages"``;
    the stock fake drops a scripted reply's tool calls when it streams. This one streams the
    text word by word as the stock one does, and sends the tool calls in the last chunk.
    """

    def _stream(self, messages: Any, stop: Any = None, run_manager: Any = None, **kwargs: Any):
        message = self._generate(messages, stop=stop, run_manager=run_manager, **kwargs)
        reply = message.generations[0].message
        if not reply.tool_calls:
            words = reply.content.split(" ") if reply.content else [""]
            for index, word in enumerate(words):
                text = word if index == 0 else f" {word}"
                chunk = ChatGenerationChunk(message=AIMessageChunk(content=text, id=reply.id))
                if run_manager and text:
                    run_manager.on_llm_new_token(text, chunk=chunk)
                yield chunk
            return
        chunks = [
            {"name": c["name"], "args": json.dumps(c["args"]), "id": c["id"], "index": i}
            for i, c in enumerate(reply.tool_calls)
        ]
        yield ChatGenerationChunk(
            message=AIMessageChunk(content=reply.content, id=reply.id, tool_call_chunks=chunks)
        )


def hanging_model() -> tuple[GenericFakeChatModel, SimpleNamespace]:
    """A model that answers only when released (or after 30 s), and its own switches:
    ``release`` lets it answer, ``answered`` is set once it has."""
    switches = SimpleNamespace(release=threading.Event(), answered=threading.Event())

    class HangingModel(StreamingFakeChatModel):
        def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
            return self

        def _generate(self, *args: Any, **kwargs: Any) -> Any:
            switches.release.wait(30)
            switches.answered.set()
            return super()._generate(*args, **kwargs)

    return HangingModel(messages=iter([AIMessage("late")])), switches
