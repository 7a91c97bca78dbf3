"""What the brief's test modules share: a brief of a one-document knowledge base made from
page texts, the pages a field cites, and the cases a rule reads wrong."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rfp_agents.config import Settings
from rfp_agents.deliverables.brief.models import Brief
from rfp_agents.deliverables.brief.run import make_brief
from rfp_agents.ingest import ingest_paths
from tests.pdf_factory import text_pdf


def brief_of_pages(
    workdir: Path, settings: Settings, name: str, pages: list[str], fields: list[str]
) -> Brief:
    """The brief's ``fields`` of a one-document knowledge base ``name``: ``pages`` written as
    ``name``.pdf in ``workdir`` and ingested."""
    text_pdf(workdir / f"{name}.pdf", pages)
    assert ingest_paths([workdir], settings, name).exit_code == 0
    return make_brief(name, settings=settings, fields=fields)


def pages_cited(brief: Brief, name: str) -> set[int]:
    field = brief.field(name)
    return {c.page_number for c in brief.citations if c.n in field.citations}


def assert_read_by(brief: Brief, name: str, rule: str, pages: set[int]) -> None:
    """``name`` was read by ``rule`` and cites ``pages``: the value's reason and its source."""
    field = brief.field(name)
    assert field.rule == rule, field
    assert pages_cited(brief, name) == pages, brief.citations


def misses_of(read: Callable[[str], object], cases: dict[str, object]) -> dict[str, object]:
    """The cases whose text ``read`` reads otherwise than expected, with what it read."""
    return {text: got for text, expected in cases.items() if (got := read(text)) != expected}


def answers_changed(monkeypatch, change: Callable[[object, object], object]) -> None:
    """The brief's offline answers passed through ``change(spec, finding)``: a stand-in for
    an answer the retrieval gives, so a test reaches the rule that reads past it."""
    from rfp_agents.deliverables.brief import graph

    real_fill = graph.fill_offline

    def changed(spec, answerer, tools):
        return change(spec, real_fill(spec, answerer, tools))

    monkeypatch.setattr(graph, "fill_offline", changed)
