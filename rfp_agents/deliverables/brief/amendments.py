"""What the amendments change: the brief's list of amending documents and their changes.

The compliance matrix already knows which documents amend or answer questions on others
(``links.amended_documents``: the same solicitation number, or a file name extending the
base's) and which of their requirements restate a base requirement with a change
(``links.link_amendments``: "The technical proposal shall not exceed thirty (30) pages"
against "… twenty (20) pages"). The brief shows both sentences, each cited, so the bid team
sees what was and what now is.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from rfp_agents.agents.evidence import Evidence
from rfp_agents.deliverables.links import amended_documents
from rfp_agents.deliverables.matrix import Requirement, requirements
from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase

MAX_CHANGES = 10
"""Changes listed per amending document (the matrix has them all)."""


class Change(BaseModel):
    """One requirement as the amendment states it now, and as the amended document did."""

    now: str
    now_evidence: Evidence
    was: str
    was_evidence: Evidence


class AmendingDocument(BaseModel):
    """What ``find_amendments`` passes to the brief's ``assemble`` (through the graph state)."""

    file: str
    amends: list[str]
    changes: list[Change] = Field(default_factory=list)


def find_amendments(kb: KnowledgeBase, records: Sequence[DocumentRecord]) -> list[AmendingDocument]:
    """The documents of ``records`` that amend others of them, each with its changes."""
    in_scope = {r.source for r in records}
    amended = {
        file: bases & in_scope
        for file, bases in amended_documents(kb.documents()).items()
        if file in in_scope and bases & in_scope
    }
    if not amended:
        return []
    involved = sorted(set(amended) | {f for bases in amended.values() for f in bases})
    rows = requirements(kb, involved)
    by_id = {r.id: r for r in rows}
    found = []
    for file in sorted(amended):
        pairs = [
            (row, base)
            for row in rows
            if row.file == file and (base := by_id.get(row.amends)) is not None
        ][:MAX_CHANGES]
        changes = [
            Change(
                now=row.requirement,
                now_evidence=_evidence(kb, row),
                was=base.requirement,
                was_evidence=_evidence(kb, base),
            )
            for row, base in pairs
        ]
        found.append(AmendingDocument(file=file, amends=sorted(amended[file]), changes=changes))
    return found


def _evidence(kb: KnowledgeBase, row: Requirement) -> Evidence:
    """The chunk the row comes from, as a passage to cite."""
    text, meta = kb.chunk(row.chunk_id) or ("", {"source": row.file, "page_number": row.page})
    return Evidence.from_chunk(kb.name, text or row.requirement, meta, "find_amendments")
