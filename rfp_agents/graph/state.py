"""State of the ask graph.

Values are plain JSON-like data (pydantic models dumped to dicts) so the SQLite checkpointer
can keep threads without custom serialisers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any


def merge_findings(
    current: list[dict[str, Any]] | None, update: list[dict[str, Any]] | None
) -> list[dict[str, Any]]:
    """Parallel domain agents each add their finding; ``None`` clears them for a new turn."""
    if update is None:
        return []
    return [*(current or []), *update]


def append_turns(
    current: list[dict[str, Any]] | None, update: list[dict[str, Any]] | None
) -> list[dict[str, Any]]:
    """Earlier turns of the thread, oldest first."""
    return [*(current or []), *(update or [])]


@dataclass(kw_only=True)
class InputState:
    """What a caller passes in."""

    question: str
    """The analyst's question, as typed."""
    domains: list[str] | None = None
    """Force these domains (legal, technical, financial) instead of routing."""


@dataclass(kw_only=True)
class AskState(InputState):
    """The whole state of one thread."""

    earlier_question: str | None = None
    """The previous question of the thread when this one is a follow-up, else None."""
    standalone_question: str | None = None
    """The question rewritten to stand alone in its thread (LLM mode), else None."""
    route: dict[str, Any] | None = None
    """The routing decision: domains, reason, method."""
    findings: Annotated[list[dict[str, Any]], merge_findings] = field(default_factory=list)
    """One ``DomainFinding`` (as a dict) per domain agent of this turn."""
    answer: dict[str, Any] | None = None
    """The ``AskAnswer`` of this turn (as a dict)."""
    history: Annotated[list[dict[str, Any]], append_turns] = field(default_factory=list)
    """Earlier turns: question, answer text, domains."""
    scope: list[str] = field(default_factory=list)
    """The knowledge bases the thread was started on; later turns must name the same."""


@dataclass(kw_only=True)
class AgentTask:
    """What ``route`` sends to each domain agent."""

    domain: str
    question: str
    earlier_question: str | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
