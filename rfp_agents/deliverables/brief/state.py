"""State of the brief graph: plain JSON-like data, as in the ask graph."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any


def gather(current: list[dict[str, Any]] | None, update: list[dict[str, Any]] | None):
    """Parallel nodes each add their share."""
    return [*(current or []), *(update or [])]


@dataclass(kw_only=True)
class BriefInput:
    """What a caller passes in: the fields to fill (None: all of them)."""

    fields: list[str] | None = None


@dataclass(kw_only=True)
class BriefState(BriefInput):
    findings: Annotated[list[dict[str, Any]], gather] = field(default_factory=list)
    """One ``FieldFinding`` (as a dict) per field, from the domain agents."""
    risks: Annotated[list[dict[str, Any]], gather] = field(default_factory=list)
    """One ``{rule, sentence, evidence}`` per risk sentence found."""
    amendments: Annotated[list[dict[str, Any]], gather] = field(default_factory=list)
    """One ``AmendingDocument`` (as a dict) per amending document."""
    warnings: Annotated[list[str], gather] = field(default_factory=list)
    brief: dict[str, Any] | None = None
    """The ``Brief`` (as a dict)."""


@dataclass(kw_only=True)
class DomainFields:
    """What ``fan_out`` sends to each domain agent: the names of the fields it fills."""

    domain: str
    fields: list[str]
