"""Evidence: every passage a knowledge tool returned during one agent run.

Citations are built from evidence, never from what a model claims: each tool returns its
passages twice, as JSON text for the model (with a ``ref`` number the model can cite as
``[ref]``) and as an ``Evidence`` list in the ``ToolMessage.artifact``. ``EvidenceLog`` gives
each distinct chunk one ``ref`` for the whole run, so the same passage found by two tools has
one number.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from typing import Annotated, Any

from langchain_core.messages import BaseMessage, ToolMessage
from pydantic import BaseModel, Field


class Evidence(BaseModel):
    """A passage a tool returned, with everything a citation needs."""

    ref: Annotated[int, Field(ge=1)] = Field(description="Number the agent cites as [ref].")
    kb: str
    source_file: str
    page_number: Annotated[int, Field(ge=1)]
    chunk_id: str
    doc_id: str = Field(default="", description="The document version (to show its page).")
    content: str
    score: float | None = Field(
        default=None, description="Relevance of the passage to the query (None for page reads)."
    )
    tool: str = Field(description="The tool that returned it.")
    language: str = Field(default="en", description="The document's language.")
    ocr_confidence: float | None = Field(
        default=None,
        description="Set when the page had no text layer and was read by OCR: Tesseract's "
        "mean word confidence (0-100).",
    )

    @property
    def key(self) -> tuple[str, str]:
        return (self.kb, self.chunk_id)

    @property
    def chunk_index(self) -> int:
        """The chunk's place on its document ("…-p4-c22" is 22): passages of one page in the
        order they were written."""
        index = self.chunk_id.rsplit("-c", 1)[-1]
        return int(index) if index.isdigit() else 0

    @classmethod
    def from_chunk(
        cls,
        kb: str,
        content: str,
        meta: dict[str, Any],
        tool: str,
        ref: int = 1,
        score: float | None = None,
    ) -> Evidence:
        """A passage from a chunk's metadata (as the store returns it); ``content`` is the
        chunk's text or the part of it that is cited."""
        return cls(
            ref=ref,
            kb=kb,
            source_file=str(meta.get("source", "")),
            page_number=int(meta.get("page_number", 1)),
            chunk_id=str(meta.get("chunk_id", "")),
            doc_id=str(meta.get("doc_id", "")),
            content=content,
            score=score,
            tool=tool,
            language=str(meta.get("language", "en")),
            ocr_confidence=meta.get("ocr_confidence") if meta.get("ocr") else None,
        )


class EvidenceLog:
    """Numbers the passages of one agent run: one ``ref`` per distinct (kb, chunk_id)."""

    def __init__(self) -> None:
        self._refs: dict[tuple[str, str], int] = {}
        self._lock = threading.Lock()

    def ref_for(self, kb: str, chunk_id: str) -> int:
        with self._lock:
            return self._refs.setdefault((kb, chunk_id), len(self._refs) + 1)


def evidence_in(messages: Iterable[BaseMessage]) -> list[Evidence]:
    """All evidence the tool results in ``messages`` carry, de-duplicated, first seen first."""
    seen: dict[tuple[str, str], Evidence] = {}
    for message in messages:
        if not isinstance(message, ToolMessage) or not message.artifact:
            continue
        for item in message.artifact:
            evidence = item if isinstance(item, Evidence) else Evidence.model_validate(item)
            best = seen.get(evidence.key)
            if best is None:
                seen[evidence.key] = evidence
            elif (evidence.score or 0.0) > (best.score or 0.0):
                seen[evidence.key] = evidence.model_copy(update={"ref": best.ref})
    return list(seen.values())


def by_ref(evidence: Sequence[Evidence]) -> dict[int, Evidence]:
    return {e.ref: e for e in evidence}
