"""Tool calls outside the model's own structured calls: parsed from text, or run by us.

Small local models often write a tool call as JSON in their text instead of a structured
call; ``parse_text_tool_calls`` reads it. ``first_retrieval`` is the retrieval the agents run
themselves (a model that answered without looking, the naive-RAG path, the offline answerer);
``run_tool_calls`` runs calls outside the agent graph's ``ToolNode``.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, ToolCall, ToolMessage
from langchain_core.tools import BaseTool


def new_call_id() -> str:
    return f"call_{uuid.uuid4().hex[:8]}"


def tool_call(name: str, **args: Any) -> ToolCall:
    """A call of tool ``name`` with a fresh id, as the agents make them themselves."""
    return ToolCall(name=name, args=args, id=new_call_id(), type="tool_call")


def first_retrieval_call(question: str, top_k: int) -> AIMessage:
    """The assistant message asking ``query_knowledge`` for the question itself."""
    call = tool_call("query_knowledge", action="query", query_text=question, top_k=top_k)
    return AIMessage(content="", tool_calls=[call])


def first_retrieval(question: str, tool_list: Sequence[BaseTool], top_k: int) -> list[BaseMessage]:
    """``first_retrieval_call`` and its results."""
    request = first_retrieval_call(question, top_k)
    return [request, *run_tool_calls(request.tool_calls, tool_list)]


def run_tool_calls(calls: Sequence[ToolCall], tool_list: Sequence[BaseTool]) -> list[ToolMessage]:
    """Run each call with its tool; an unknown tool name becomes an error result."""
    by_name = {t.name: t for t in tool_list}
    messages = []
    for call in calls:
        call_id = call.get("id") or new_call_id()
        tool = by_name.get(call["name"])
        if tool is None:
            messages.append(
                ToolMessage(
                    content=json.dumps(
                        {"error": f"unknown tool {call['name']!r}; use one of {sorted(by_name)}"}
                    ),
                    tool_call_id=call_id,
                    name=call["name"],
                    status="error",
                )
            )
            continue
        messages.append(tool.invoke({**call, "id": call_id, "type": "tool_call"}))
    return messages


def parse_text_tool_calls(content: Any, names: set[str]) -> list[ToolCall]:
    """Tool calls a model wrote as JSON in its text (``{"name": ..., "arguments": {...}}``)."""
    text = message_text(content)
    decoder = json.JSONDecoder()
    calls: list[ToolCall] = []
    index = text.find("{")
    while index != -1:
        try:
            obj, end = decoder.raw_decode(text, index)
        except ValueError:
            index = text.find("{", index + 1)
            continue
        call = _as_tool_call(obj, names)
        if call is not None:
            calls.append(call)
        index = text.find("{", end)
    return calls


def _as_tool_call(obj: Any, names: set[str]) -> ToolCall | None:
    if not isinstance(obj, dict):
        return None
    if isinstance(obj.get("function"), dict):  # OpenAI's wire shape
        obj = obj["function"]
    name = obj.get("name") or obj.get("tool")
    args = next(
        (obj[k] for k in ("arguments", "args", "parameters", "tool_input") if k in obj), None
    )
    if isinstance(args, str):
        try:
            args = json.loads(args)
        except ValueError:
            return None
    if name not in names or not isinstance(args, dict):
        return None
    return tool_call(name, **args)


def message_text(content: Any) -> str:
    """A message's content as plain text (string content, or the text parts of a list)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(
            part.get("text", "") if isinstance(part, dict) else str(part) for part in content
        )
    return str(content or "")
