"""What the compliance matrix's test modules share: the statements made of sentences read in
a given order (the list logic alone, without a PDF's line layout), and the rows of a folder."""

from __future__ import annotations

from rfp_agents.config import Settings
from rfp_agents.deliverables import matrix
from rfp_agents.deliverables.matrix import reader, requirements, sections
from rfp_agents.ingest import ingest_paths
from rfp_agents.knowledge_base import KnowledgeBase


def headings_of(page: str) -> list[str]:
    """The section headings ``matrix._sections`` cuts a page at ("" for the text before)."""
    return [heading for heading, _ in sections._sections(page)[0]]


def row_finder(rows):
    """The row whose requirement holds some words."""
    return lambda words: next(r for r in rows if words in r.requirement)


def statements_of(read: list[str], monkeypatch) -> list[str]:
    """The statements ``matrix.statements`` makes of sentences read in this order, one page,
    no heading (the list logic alone, without a PDF's line layout)."""
    return [text for text, _ in paged_statements([(s, 1) for s in read], monkeypatch)]


def paged_statements(read: list[tuple[str, int]], monkeypatch) -> list[tuple[str, dict]]:
    """``statements_of`` for sentences read with their pages: each statement and its
    metadata."""
    sentences = [(text, {"page_number": page}, False) for text, page in read]
    monkeypatch.setattr(reader, "_sentences", lambda kb, source, **_: iter(sentences))
    return list(matrix.statements(None, "stub.pdf"))


def cited_statements(read: list[tuple[str, int]], monkeypatch) -> list[tuple[str, int]]:
    """``paged_statements`` as each statement and the page it is cited on."""
    return [(text, meta["page_number"]) for text, meta in paged_statements(read, monkeypatch)]


def cited_spans(read: list[tuple[str, int]], monkeypatch) -> list[tuple[str, int, int]]:
    """``paged_statements`` as each statement and the first and last pages it is cited on."""
    return [
        (text, meta["page_number"], meta.get("last_page", meta["page_number"]))
        for text, meta in paged_statements(read, monkeypatch)
    ]


def requirement_texts(folder, settings: Settings, kb: str) -> list[str]:
    """Ingest ``folder`` into ``kb`` and return the text of each matrix row."""
    assert ingest_paths([folder], settings, kb).exit_code == 0
    return [r.requirement for r in requirements(KnowledgeBase.open(kb, settings))]
