"""What a domain agent hands to the graph: its answer, its evidence and the steps it took."""

from __future__ import annotations

import json
from typing import Any, Literal

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from pydantic import BaseModel, Field

from rfp_agents.agents.evidence import Evidence, evidence_in
from rfp_agents.retrieval.diagnostics import Diagnostics

AnswerMode = Literal["offline", "llm", "naive-rag"]


class ToolStep(BaseModel):
    """One tool call an agent made, as ``rfp ask --steps`` shows it."""

    tool: str
    args: dict[str, Any]
    result_count: int = 0
    error: str | None = None


class DomainFinding(BaseModel):
    """One domain agent's answer. Markers in ``answer`` are the agent's own ``[ref]``s."""

    domain: str
    mode: AnswerMode
    answer: str
    evidence: list[Evidence] = Field(default_factory=list)
    steps: list[ToolStep] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    no_evidence: bool = Field(
        default=False, description="True when the agent found nothing that answers the question."
    )
    diagnostics: list[Diagnostics] = Field(
        default_factory=list, description="One record per pipeline retrieval the agent ran."
    )


def steps_in(messages: list[BaseMessage]) -> list[ToolStep]:
    """The tool calls in a message history, each with its result count or error."""
    results = {m.tool_call_id: m for m in messages if isinstance(m, ToolMessage)}
    steps = []
    for message in messages:
        if not isinstance(message, AIMessage):
            continue
        for call in message.tool_calls:
            result = results.get(call.get("id") or "")
            error = None
            if result is not None and result.status == "error":
                error = _error_text(result.content)
            steps.append(
                ToolStep(
                    tool=call["name"],
                    args=call.get("args") or {},
                    result_count=len(result.artifact or []) if result is not None else 0,
                    error=error,
                )
            )
    return steps


def _error_text(content: Any) -> str:
    try:
        return str(json.loads(content).get("error", content))
    except (TypeError, ValueError, AttributeError):
        return str(content)


def finding_from_messages(
    domain: str,
    mode: AnswerMode,
    answer: str,
    messages: list[BaseMessage],
    warnings: list[str] | None = None,
    no_evidence: bool = False,
    diagnostics: list[Diagnostics] | None = None,
) -> DomainFinding:
    return DomainFinding(
        domain=domain,
        mode=mode,
        answer=answer,
        evidence=evidence_in(messages),
        steps=steps_in(messages),
        warnings=warnings or [],
        no_evidence=no_evidence,
        diagnostics=diagnostics or [],
    )
