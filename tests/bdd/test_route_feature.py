"""Step definitions for features/pipeline/route_node.feature."""

from __future__ import annotations

import pytest
from pytest_bdd import parsers, scenarios, then, when

from rfp_agents.config import Settings
from rfp_agents.embeddings import get_embeddings
from rfp_agents.errors import RfpError
from rfp_agents.graph.ask import ask
from rfp_agents.graph.routing import OfflineRouter

scenarios("pipeline/route_node.feature")


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


@pytest.fixture(scope="module")
def router(sample_kb_settings: Settings) -> OfflineRouter:
    return OfflineRouter(get_embeddings(sample_kb_settings))


@pytest.fixture
def ctx() -> dict:
    return {}


@when(parsers.parse('the offline router routes "{question}"'))
def route_question(ctx: dict, router: OfflineRouter, question: str) -> None:
    ctx["route"] = router.route(question)


@then(parsers.parse('the route is exactly "{domains}"'))
def route_is(ctx: dict, domains: str) -> None:
    assert ctx["route"].domains == _names(domains), ctx["route"].reason


@then(parsers.parse('the route includes "{domain}"'))
def route_includes(ctx: dict, domain: str) -> None:
    assert domain in ctx["route"].domains, ctx["route"].reason


@then(parsers.parse('the reason names the evidence for "{domain}"'))
def reason_names(ctx: dict, domain: str) -> None:
    reason = ctx["route"].reason
    assert reason.startswith(domain) or f"; {domain} " in reason
    assert "terms:" in reason and "similarity" in reason


@when(parsers.parse('the graph runs "{question}" on "{kb}" forced to "{domains}"'))
def run_forced(ctx: dict, sample_kb_settings: Settings, question: str, kb: str, domains: str):
    try:
        ctx["answer"] = ask(question, [kb], domains=_names(domains), settings=sample_kb_settings)
    except RfpError as exc:
        ctx["error"] = exc


@then(parsers.parse('the answer comes from the domains "{domains}" only'))
def answer_domains(ctx: dict, domains: str) -> None:
    answer = ctx["answer"]
    assert answer.domains == _names(domains)
    assert [f.domain for f in answer.findings] == _names(domains)
    assert answer.route_method == "forced"


@then("citations are numbered 1 to N without gaps across both domains")
def numbered(ctx: dict) -> None:
    citations = ctx["answer"].citations
    assert [c.n for c in citations] == list(range(1, len(citations) + 1))
    assert len({(c.kb, c.chunk_id) for c in citations}) == len(citations)
    assert {d for c in citations for d in c.domains} == {"legal", "financial"}


@then(parsers.parse('the ask fails with "{text}"'))
def ask_fails(ctx: dict, text: str) -> None:
    assert "error" in ctx and text in str(ctx["error"])
