"""The agent loop shared by the Legal, Technical and Financial agents (LLM mode).

A bounded ReAct loop (seed 003): the model thinks, calls knowledge tools, reads their results
and either calls more tools or answers. After ``RFP_MAX_AGENT_ROUNDS`` rounds it must answer
with what it has. Models that cannot call tools take the naive-RAG path (seed 000): retrieve
with the same tool first, then generate from the numbered passages; the switch is logged.

Small local models often write a tool call as JSON in their text instead of a structured
tool call; the loop parses that. If the model answers in its first round without retrieving
anything, the loop runs the first retrieval itself (the policy says the documents are the
source of truth) and gives the model the results.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolCall,
    ToolMessage,
)
from langchain_core.tools import BaseTool

from rfp_agents.agents.chat_model import invoke_with_timeout
from rfp_agents.agents.citations import check_markers, markers_in
from rfp_agents.agents.evidence import Evidence, evidence_in
from rfp_agents.agents.models import DomainFinding, finding_from_messages
from rfp_agents.agents.profiles import DomainProfile
from rfp_agents.agents.prompts import FINAL_ROUND, NAIVE_RAG_SYSTEM
from rfp_agents.agents.tools import KnowledgeTools
from rfp_agents.config import Settings

log = logging.getLogger("rfp_agents.agents.loop")


class AgentLoop:
    """Runs one domain agent with a chat model over the run's knowledge tools."""

    def __init__(
        self,
        model: BaseChatModel,
        settings: Settings,
        fallback: Callable[..., DomainFinding] | None = None,
    ):
        """``fallback(profile, question, messages, tools, warnings)`` answers extractively
        from the passages already retrieved when the model's final reply is not an answer
        (the offline answerer's ``answer_from``)."""
        self.model = model
        self.settings = settings
        self.fallback = fallback
        self._diagnostics: list = []

    def run(
        self,
        profile: DomainProfile,
        question: str,
        tools: KnowledgeTools,
        history: Sequence[BaseMessage] = (),
    ) -> DomainFinding:
        """The agent's finding; whichever path wrote it (ReAct or naive RAG), a reply that is
        not an answer is replaced by the extractive answer (``_checked``)."""
        tool_list = tools.as_tools()
        self._diagnostics = tools.diagnostics
        finding, messages = self._answer(profile, question, tool_list, history)
        return self._checked(profile, question, finding, messages, tools, names_of(tool_list))

    def _answer(
        self,
        profile: DomainProfile,
        question: str,
        tool_list: list[BaseTool],
        history: Sequence[BaseMessage],
    ) -> tuple[DomainFinding, list[BaseMessage]]:
        """ReAct with tools, or naive RAG when the model or the setting rules tools out."""
        if self.settings.tool_calling == "never":
            return self._naive_rag(profile, question, tool_list, history, "RFP_TOOL_CALLING=never")
        try:
            bound = self.model.bind_tools(tool_list, tool_choice="auto")
        except NotImplementedError:
            return self._naive_rag(
                profile, question, tool_list, history, "the model cannot call tools"
            )
        messages: list[BaseMessage] = [
            SystemMessage(profile.system_prompt()),
            *history,
            HumanMessage(question),
        ]
        try:
            return self._react(profile, question, bound, tool_list, messages)
        except _ToolsRejected as exc:
            return self._naive_rag(profile, question, tool_list, history, str(exc))

    def _checked(
        self,
        profile: DomainProfile,
        question: str,
        finding: DomainFinding,
        messages: list[BaseMessage],
        tools: KnowledgeTools,
        names: set[str],
    ) -> DomainFinding:
        """The model's finding, unless its reply is not an answer while the tools found
        passages: then the extractive answer over the same passages, with a warning."""
        evidence = evidence_in(messages)
        problem = degenerate_reply(finding.answer, names, evidence)
        if problem is None or not evidence or self.fallback is None:
            return finding
        shown = " ".join(finding.answer.split())[:120]
        warning = (
            f"the model's reply was discarded ({problem}): {shown!r}; the answer was taken "
            "from the same passages by the extractive answerer"
        )
        log.warning("%s agent: %s", profile.domain, warning)
        return self.fallback(profile, question, messages, tools, [*finding.warnings, warning])

    # ------------------------------------------------------------------------ ReAct
    def _react(
        self,
        profile: DomainProfile,
        question: str,
        bound: Any,
        tool_list: list[BaseTool],
        messages: list[BaseMessage],
    ) -> tuple[DomainFinding, list[BaseMessage]]:
        names = names_of(tool_list)
        warnings: list[str] = []
        final: AIMessage | None = None
        for round_number in range(1, self.settings.max_agent_rounds + 1):
            reply = self._call(bound, messages, first=round_number == 1)
            calls = list(reply.tool_calls) or parse_text_tool_calls(reply.content, names)
            if calls and not reply.tool_calls:
                log.info("parsed %d tool call(s) from the model's text", len(calls))
                reply = AIMessage(content="", tool_calls=calls)
            if not calls:
                if round_number == 1 and self.settings.tool_calling == "auto":
                    log.info(
                        "%s agent answered without retrieving; retrieving first", profile.domain
                    )
                    messages.extend(_first_retrieval(question, tool_list, self.settings))
                    continue
                final = reply
                break
            messages.append(reply)
            messages.extend(run_tool_calls(calls, tool_list))
        if final is None:
            warnings.append(
                f"the agent used all {self.settings.max_agent_rounds} tool rounds "
                "(RFP_MAX_AGENT_ROUNDS) and answered with what it had"
            )
            log.info("%s agent reached max rounds; asking for the answer", profile.domain)
            final = self._call(
                self.model.bind_tools(tool_list, tool_choice="none"),
                [*messages, HumanMessage(FINAL_ROUND)],
            )
        answer = _text(final.content)
        finding = finding_from_messages(
            profile.domain, "llm", answer, messages, warnings, diagnostics=self._diagnostics
        )
        return finding, messages

    def _call(self, runnable: Any, messages: list[BaseMessage], first: bool = False) -> AIMessage:
        try:
            return invoke_with_timeout(runnable, messages, self.settings.provider_timeout_seconds)
        except Exception as exc:
            if first and self.settings.tool_calling == "auto" and "tool" in str(exc).lower():
                raise _ToolsRejected(f"the model server rejected tools: {exc}") from exc
            raise

    # --------------------------------------------------------------------- naive RAG
    def _naive_rag(
        self,
        profile: DomainProfile,
        question: str,
        tool_list: list[BaseTool],
        history: Sequence[BaseMessage],
        reason: str,
    ) -> tuple[DomainFinding, list[BaseMessage]]:
        log.warning(
            "%s agent: naive RAG fallback (retrieve first, then generate): %s",
            profile.domain,
            reason,
        )
        retrieval = _first_retrieval(question, tool_list, self.settings)
        passages = "\n\n".join(
            f"[{e.ref}] {e.source_file}, p. {e.page_number}: {e.content}"
            for e in evidence_in(retrieval)
        )
        system = NAIVE_RAG_SYSTEM.format(
            title=profile.title, focus=profile.focus, passages=passages or "(none found)"
        )
        reply = invoke_with_timeout(
            self.model,
            [SystemMessage(system), *history, HumanMessage(question)],
            self.settings.provider_timeout_seconds,
        )
        finding = finding_from_messages(
            profile.domain,
            "naive-rag",
            _text(reply.content),
            retrieval,
            warnings=[f"naive RAG: {reason}"],
            diagnostics=self._diagnostics,
        )
        return finding, retrieval


def names_of(tool_list: Sequence[BaseTool]) -> set[str]:
    return {t.name for t in tool_list}


def degenerate_reply(answer: str, tool_names: set[str], evidence: Sequence[Evidence]) -> str | None:
    """Why a model's final text is not an answer, or ``None`` when it is one: empty, a tool
    call written as text, or citing no passage even once the sentences that restate a
    passage get their marker (as the answer's own check will add them)."""
    text = answer.strip()
    if not text:
        return "it was empty"
    if parse_text_tool_calls(text, tool_names):
        return "it was a tool call written as text"
    checked = check_markers(text, {e.ref: e for e in evidence})
    if not markers_in(checked.text):
        return "it cited no passage"
    return None


class _ToolsRejected(Exception):
    """The model server refused a request with tools (some local servers do)."""


def run_tool_calls(calls: Sequence[ToolCall], tool_list: Sequence[BaseTool]) -> list[ToolMessage]:
    """Run each call with its tool; an unknown tool name becomes an error result."""
    by_name = {t.name: t for t in tool_list}
    messages = []
    for call in calls:
        call_id = call.get("id") or f"call_{uuid.uuid4().hex[:8]}"
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


def _first_retrieval(
    question: str, tool_list: Sequence[BaseTool], settings: Settings
) -> list[BaseMessage]:
    call = ToolCall(
        name="query_knowledge",
        args={"action": "query", "query_text": question, "top_k": settings.answer_top_k},
        id=f"call_{uuid.uuid4().hex[:8]}",
        type="tool_call",
    )
    request = AIMessage(content="", tool_calls=[call])
    return [request, *run_tool_calls([call], tool_list)]


def parse_text_tool_calls(content: Any, names: set[str]) -> list[ToolCall]:
    """Tool calls a model wrote as JSON in its text (``{"name": ..., "arguments": {...}}``)."""
    text = _text(content)
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
    return ToolCall(name=name, args=args, id=f"call_{uuid.uuid4().hex[:8]}", type="tool_call")


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(
            part.get("text", "") if isinstance(part, dict) else str(part) for part in content
        )
    return str(content or "")
