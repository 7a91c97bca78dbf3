"""Step definitions for features/llm/ask_llm.feature (a real model server on loopback)."""

from __future__ import annotations

import pytest
from pytest_bdd import given, parsers, scenarios, then, when

from rfp_agents.config import Settings
from rfp_agents.graph.ask import ask, thread_store
from rfp_agents.graph.graph import build_graph

pytestmark = pytest.mark.llm
scenarios("llm/ask_llm.feature")


@pytest.fixture
def ctx(llm_settings: Settings) -> dict:
    return {"answers": [], "settings": llm_settings}


@given("tool calling is off")
def tool_calling_off(ctx: dict) -> None:
    ctx["settings"] = ctx["settings"].model_copy(update={"tool_calling": "never"})


@when(parsers.parse('I ask "{question}" of "{kb}" in LLM mode'))
def ask_routed(ctx: dict, question: str, kb: str) -> None:
    ctx["answers"].append(ask(question, [kb], settings=ctx["settings"]))


@when(parsers.parse('I ask the legal agent "{question}" of "{kb}" in LLM mode'))
def ask_legal(ctx: dict, question: str, kb: str) -> None:
    ctx["answers"].append(ask(question, [kb], domains=["legal"], settings=ctx["settings"]))


@when(
    parsers.parse('I ask the legal agent "{question}" of "{kb}" in LLM mode in thread "{thread}"')
)
def ask_legal_in_thread(ctx: dict, question: str, kb: str, thread: str, request) -> None:
    ctx["thread_id"] = f"{thread}-{request.node.name}"
    answer = ask(question, [kb], domains=["legal"], thread_id=ctx["thread_id"],
                 settings=ctx["settings"])  # fmt: skip
    ctx["answers"].append(answer)


@then(parsers.parse('the route names "{domain}"'))
def route_names(ctx: dict, domain: str) -> None:
    answer = ctx["answers"][-1]
    assert domain in answer.domains, (answer.domains, answer.route_reason)


@then("the route was made by the model or, failing it, the classifier")
def route_method(ctx: dict) -> None:
    answer = ctx["answers"][-1]
    assert answer.route_method in ("llm", "fallback"), (answer.route_method, answer.route_reason)


@then("no agent's reply was cut off by another agent's request")
def replies_whole(ctx: dict) -> None:
    """Agents run in parallel against one server; it must queue their requests, not cut a
    streamed reply short for the next one (llama.cpp's server does by default)."""
    warnings = [w for f in ctx["answers"][-1].findings for w in f.warnings]
    assert not any("(it was empty)" in w for w in warnings), warnings


@then("the agent called a knowledge tool that returned passages")
def tool_loop(ctx: dict) -> None:
    finding = ctx["answers"][-1].findings[0]
    assert finding.mode in ("llm", "offline"), finding.mode  # offline: the checked fallback
    assert any(s.result_count for s in finding.steps), finding.steps


@then("the finding was written by naive RAG")
def naive_rag(ctx: dict) -> None:
    finding = ctx["answers"][-1].findings[0]
    assert any("naive RAG" in w for w in finding.warnings), finding.warnings
    assert [s.tool for s in finding.steps][:1] == ["query_knowledge"]


@then("the thread holds both turns")
def thread_holds(ctx: dict) -> None:
    with thread_store(ctx["settings"]) as checkpointer:
        compiled = build_graph().compile(checkpointer=checkpointer)
        state = compiled.get_state({"configurable": {"thread_id": ctx["thread_id"]}})
    questions = [turn["question"] for turn in state.values["history"]]
    assert questions == [a.question for a in ctx["answers"]]
