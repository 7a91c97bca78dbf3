"""The ask graph: ``validate`` → ``route`` → domain agents in parallel → ``synthesize``.

Each node reads the run's ``Configuration`` (scope, chat model) from the runnable config.
``graph`` is compiled without a checkpointer for LangGraph Studio (``langgraph.json``), which
brings its own; ``build_graph().compile(checkpointer=...)`` keeps threads (``rfp ask --thread``).
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.runnables import RunnableConfig
from langgraph.config import get_stream_writer
from langgraph.graph import END, START, StateGraph
from langgraph.types import Send

from rfp_agents.agents.evidence import EvidenceLog
from rfp_agents.agents.loop import AgentLoop
from rfp_agents.agents.models import DomainFinding
from rfp_agents.agents.profiles import PROFILES
from rfp_agents.agents.tools import KnowledgeScope, KnowledgeTools
from rfp_agents.config import Settings
from rfp_agents.errors import InvalidQuestionError, ThreadScopeError, UsageError
from rfp_agents.graph.answer import synthesize_answer
from rfp_agents.graph.configuration import Configuration
from rfp_agents.graph.routing import forced_route, route_with_model
from rfp_agents.graph.services import chat_model_for, services_for
from rfp_agents.graph.state import AgentTask, AskState, InputState
from rfp_agents.knowledge_base import KnowledgeBase

log = logging.getLogger("rfp_agents.graph")

HISTORY_TURNS = 3
"""Earlier turns an LLM agent sees in a thread."""
_FOLLOW_UP = re.compile(
    r"^(and|also|what about|how about|same for|then|but)\b|\b(it|its|this|that|these|those|"
    r"they|them|there|the same)\b",
    re.IGNORECASE,
)
FOLLOW_UP_MAX_WORDS = 14


# ---------------------------------------------------------------------------------- nodes
def validate(state: AskState, *, config: RunnableConfig) -> dict[str, Any]:
    """Check the question and the scope before any work; start a new turn.

    Raises ``InvalidQuestionError`` (empty, too long) and ``KnowledgeBaseNotFound`` for a
    knowledge base in scope that does not exist.
    """
    configuration = Configuration.from_runnable_config(config)
    settings = configuration.settings()
    question = check_request(state.question, configuration.document_ids, settings)
    thread_id = str((config.get("configurable") or {}).get("thread_id", ""))
    check_thread_scope(state.scope, configuration.knowledge_bases, thread_id)
    for name in configuration.knowledge_bases:
        KnowledgeBase.open(name, settings)
    earlier = state.history[-1]["question"] if state.history else None
    return {
        "scope": sorted(set(configuration.knowledge_bases)),
        "question": question,
        "earlier_question": earlier if earlier and is_follow_up(question) else None,
        "findings": None,
        "answer": None,
    }


def route(state: AskState, *, config: RunnableConfig) -> dict[str, Any]:
    """Decide which domain agents answer: forced, by the chat model, or by the classifier."""
    configuration = Configuration.from_runnable_config(config)
    settings = configuration.settings()
    services = services_for(settings)
    if state.domains:
        decision = forced_route(state.domains)
    else:
        model = chat_model_for(settings, configuration.model_object)
        routed_text = (
            f"{state.question} ({state.earlier_question})"
            if state.earlier_question
            else state.question
        )
        if model is None:
            decision = services.offline_router.route(routed_text)
        else:
            decision = route_with_model(
                model, routed_text, services.offline_router, settings.provider_timeout_seconds
            )
    log.info("route: %s (%s) %s", decision.domains, decision.method, decision.reason)
    return {"route": decision.model_dump()}


def fan_out(state: AskState) -> list[Send]:
    """One ``domain_agent`` per routed domain, run in parallel."""
    return [
        Send(
            "domain_agent",
            AgentTask(
                domain=domain,
                question=state.question,
                earlier_question=state.earlier_question,
                history=state.history[-HISTORY_TURNS:],
            ),
        )
        for domain in (state.route or {}).get("domains", [])
    ]


def domain_agent(task: AgentTask, *, config: RunnableConfig) -> dict[str, Any]:
    """Answer the question for one domain: the LLM loop, or the offline answerer."""
    configuration = Configuration.from_runnable_config(config)
    settings = configuration.settings()
    services = services_for(settings)
    scope = KnowledgeScope(
        configuration.knowledge_bases,
        services.retriever,
        document_ids=configuration.document_ids,
    )
    tools = KnowledgeTools(scope, EvidenceLog(), domain=task.domain, on_event=_stream_writer())
    profile = PROFILES[task.domain]
    model = chat_model_for(settings, configuration.model_object)
    if model is None:
        finding = services.offline_answerer.run(
            profile, task.question, tools, task.earlier_question
        )
    else:
        loop = AgentLoop(model, settings, fallback=services.offline_answerer.answer_from)
        finding = loop.run(profile, task.question, tools, history_messages(task.history))
    return {"findings": [finding.model_dump(mode="json")]}


def synthesize(state: AskState, *, config: RunnableConfig) -> dict[str, Any]:
    """Number citations across domains, check markers, and record the turn."""
    thread_id = (config.get("configurable") or {}).get("thread_id")
    findings = [DomainFinding.model_validate(f) for f in state.findings]
    answer = synthesize_answer(state.question, state.route or {}, findings, thread_id)
    turn = {"question": state.question, "answer": answer.answer, "domains": answer.domains}
    return {"answer": answer.model_dump(mode="json"), "history": [turn]}


# -------------------------------------------------------------------------------- helpers
def _stream_writer():
    """LangGraph's custom-stream writer inside a run (``stream_mode="custom"``), else None."""
    try:
        return get_stream_writer()
    except RuntimeError:  # called outside a graph run
        return None


def check_request(question: str, document_ids: Sequence[str] | None, settings: Settings) -> str:
    """The normalised question, once the request is within the limits (before any work).

    Raises:
        InvalidQuestionError: empty or over ``RFP_MAX_QUESTION_CHARACTERS``.
        UsageError: more documents selected than ``RFP_MAX_SELECTED_DOCUMENTS``.
    """
    if document_ids and len(document_ids) > settings.max_selected_documents:
        raise UsageError(
            f"{len(document_ids)} documents selected; the limit is "
            f"{settings.max_selected_documents} (RFP_MAX_SELECTED_DOCUMENTS)"
        )
    return normalise_question(question, settings.max_question_characters)


def check_thread_scope(thread_scope: Sequence[str], requested: Sequence[str], thread_id: str):
    """A thread keeps the knowledge bases it was started on (``ThreadScopeError`` otherwise).

    Its history is fed to the agents, so continuing it on other knowledge bases would carry
    answers from one scope into another (for the API: past ``RFP_API_KNOWLEDGE_BASES``).
    """
    if thread_scope and set(thread_scope) != set(requested):
        raise ThreadScopeError(
            f"thread {thread_id!r} was started on knowledge bases {sorted(thread_scope)}; "
            f"continue it with the same ones, or start a new thread for {sorted(set(requested))}"
        )


def normalise_question(question: str, limit: int) -> str:
    """NFC, control characters removed, whitespace collapsed; empty or too long is an error."""
    text = unicodedata.normalize("NFC", question or "")
    text = "".join(" " if unicodedata.category(ch) == "Cc" else ch for ch in text)
    text = " ".join(text.split())
    if not text:
        raise InvalidQuestionError("the question is empty; ask something about the RFP")
    if len(text) > limit:
        raise InvalidQuestionError(
            f"the question has {len(text)} characters; the limit is {limit} "
            "(RFP_MAX_QUESTION_CHARACTERS)"
        )
    return text


def is_follow_up(question: str) -> bool:
    """A short question that leans on the previous one ("and the insurance for it?")."""
    return len(question.split()) <= FOLLOW_UP_MAX_WORDS and bool(_FOLLOW_UP.search(question))


def history_messages(history: list[dict[str, Any]]) -> list[BaseMessage]:
    messages: list[BaseMessage] = []
    for turn in history:
        messages += [HumanMessage(turn["question"]), AIMessage(turn["answer"])]
    return messages


# ---------------------------------------------------------------------------------- graph
def build_graph() -> StateGraph:
    builder = StateGraph(AskState, input_schema=InputState)
    builder.add_node("validate", validate)
    builder.add_node("route", route)
    builder.add_node("domain_agent", domain_agent)
    builder.add_node("synthesize", synthesize)
    builder.add_edge(START, "validate")
    builder.add_edge("validate", "route")
    builder.add_conditional_edges("route", fan_out, ["domain_agent"])
    builder.add_edge("domain_agent", "synthesize")
    builder.add_edge("synthesize", END)
    return builder


graph = build_graph().compile(name="rfp-ask")
