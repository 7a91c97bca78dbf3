"""Fake chat models for tests: ones that misbehave on purpose, and one that answers the
matrix review's structured-output request by reading its numbered statements."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from pydantic import ConfigDict, Field


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


NUMBERED = re.compile(r"^\[(\d+)\] (.*)$", re.MULTILINE)
"""A numbered statement of a matrix review request ("[3] The Contractor shall …")."""


class JudgingChatModel(BaseChatModel):
    """Answers each request by calling ``Judgements`` with ``judge(text)`` for every
    numbered statement it was sent (``extra`` judgements appended); records the requests."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    judge: Callable[[str], str | None]
    extra: list[dict[str, Any]] = Field(default_factory=list)
    requests: list[str] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "judging-fake"

    def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
        return self

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> ChatResult:
        request = str(messages[-1].content)
        self.requests.append(request)
        judgements = [
            {"n": int(n), "binds": verdict}
            for n, text in NUMBERED.findall(request)
            if (verdict := self.judge(text)) is not None
        ]
        call = {"name": "Judgements", "args": {"judgements": judgements + self.extra},
                "id": f"j{len(self.requests)}", "type": "tool_call"}  # fmt: skip
        return ChatResult(generations=[ChatGeneration(message=AIMessage("", tool_calls=[call]))])


class SilentChatModel(JudgingChatModel):
    """Replies with words, never the structured object."""

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> ChatResult:
        self.requests.append(str(messages[-1].content))
        return ChatResult(generations=[ChatGeneration(message=AIMessage("I cannot say."))])
