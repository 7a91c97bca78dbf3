"""``ask``: run the graph for one question, in a thread kept in SQLite under ``RFP_HOME``, or
in PostgreSQL when ``RFP_DATABASE_URL`` is set (so every server worker continues any thread)."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessageChunk
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from langgraph.checkpoint.sqlite import SqliteSaver

from rfp_agents.agents.agent_graph import AGENT_DOMAIN_KEY, ANSWERING_NODES
from rfp_agents.agents.tool_calls import message_text
from rfp_agents.config import DEFAULT_KB, Settings, get_settings
from rfp_agents.graph.answer import AskAnswer
from rfp_agents.graph.configuration import RUN_OBJECTS_KEY, Context, RunObjects
from rfp_agents.graph.graph import build_graph

THREAD_TYPES = [
    ("rfp_agents.graph.state", "AgentTask"),
    ("rfp_agents.agents.evidence", "Evidence"),
]
"""Our types a thread's checkpoints hold (a domain agent's task; the passages its tool
results carry): read back by name, and nothing else outside LangGraph's own safe types."""


@contextmanager
def thread_store(settings: Settings) -> Iterator[BaseCheckpointSaver]:
    """The checkpointer that keeps conversation threads: PostgreSQL's with
    ``RFP_DATABASE_URL`` (a connection from the shared pool), else ``threads.sqlite``."""
    serde = JsonPlusSerializer(allowed_msgpack_modules=THREAD_TYPES)
    if settings.database_url:
        from langgraph.checkpoint.postgres import PostgresSaver

        from rfp_agents.database import pooled

        with pooled(settings) as conn:
            yield PostgresSaver(conn, serde=serde)
        return
    settings.home.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(settings.threads_path, check_same_thread=False)
    try:
        yield SqliteSaver(conn, serde=serde)
    finally:
        conn.close()


def ask(
    question: str,
    knowledge_bases: Sequence[str] = (DEFAULT_KB,),
    *,
    domains: Sequence[str] | None = None,
    thread_id: str | None = None,
    settings: Settings | None = None,
    chat_model: BaseChatModel | None = None,
    document_ids: Sequence[str] | None = None,
) -> AskAnswer:
    """Answer ``question`` from ``knowledge_bases`` (the run's whole scope).

    Args:
        domains: force these domains instead of routing.
        document_ids: restrict every retrieval to these documents (doc_id).
        thread_id: continue this thread (earlier turns inform follow-ups); a new one if None.
        chat_model: a model object to use instead of ``RFP_CHAT_MODEL`` (tests, embedding apps).

    Raises:
        InvalidQuestionError, UsageError: bad question or domain; nothing ran.
        KnowledgeBaseNotFound: a knowledge base in scope does not exist.
        ProviderTimeoutError: the chat model did not answer in time.
    """
    events = ask_stream(
        question,
        knowledge_bases,
        domains=domains,
        thread_id=thread_id,
        settings=settings,
        chat_model=chat_model,
        document_ids=document_ids,
    )
    return final_answer(lambda event: None, events)


def final_answer(
    on_event: Callable[[dict[str, Any]], None], events: Iterable[dict[str, Any]]
) -> AskAnswer:
    """The ``AskAnswer`` at the end of ``ask_stream``'s events, each shown to ``on_event``."""
    answer = None
    for event in events:
        on_event(event)
        if event["type"] == "answer":
            answer = event["answer"]
    if answer is None:
        raise RuntimeError("the ask graph ended without an answer")
    return AskAnswer.model_validate(answer)


def ask_stream(
    question: str,
    knowledge_bases: Sequence[str] = (DEFAULT_KB,),
    *,
    domains: Sequence[str] | None = None,
    thread_id: str | None = None,
    settings: Settings | None = None,
    chat_model: BaseChatModel | None = None,
    document_ids: Sequence[str] | None = None,
) -> Iterator[dict[str, Any]]:
    """The graph's run as events: route, tool, token, finding, then answer (``ask`` keeps
    the last).

    ``token`` events carry a domain agent's draft as the model writes it (LLM mode): the
    text of its reply before the checks, which may still replace it. The final ``answer``
    event carries the ``AskAnswer`` as a dict.
    """
    settings = settings or get_settings()
    config = run_config(thread_id, settings, chat_model)
    context = Context(
        knowledge_bases=list(dict.fromkeys(knowledge_bases)) or [DEFAULT_KB],
        document_ids=list(document_ids) if document_ids else None,
        chat_model=settings.chat_model,
    )
    with thread_store(settings) as checkpointer:
        compiled = build_graph().compile(checkpointer=checkpointer)
        for namespace, mode, chunk in compiled.stream(
            graph_input(question, domains),
            config,
            context=context,
            stream_mode=["updates", "custom", "messages"],
            subgraphs=True,
        ):
            if mode == "custom":
                yield chunk
            elif mode == "messages":
                yield from _token_events(*chunk)
            elif not namespace:  # the agents' own steps show as tool events
                for node, update in chunk.items():
                    yield from _node_events(node, update or {})


def thread_scope(thread_id: str, settings: Settings) -> list[str]:
    """The knowledge bases thread ``thread_id`` was started on (empty for a new thread)."""
    with thread_store(settings) as checkpointer:
        compiled = build_graph().compile(checkpointer=checkpointer)
        state = compiled.get_state({"configurable": {"thread_id": thread_id}})
    return list((state.values or {}).get("scope") or [])


def _token_events(message: Any, metadata: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """A ``token`` event for a piece of a domain agent's answer (not the router's JSON)."""
    domain = metadata.get(AGENT_DOMAIN_KEY)
    if domain is None or metadata.get("langgraph_node") not in ANSWERING_NODES:
        return
    if not isinstance(message, AIMessageChunk):
        return
    text = message_text(message.content)
    if text:
        yield {"type": "token", "domain": domain, "text": text}


def _node_events(node: str, update: dict[str, Any]) -> Iterator[dict[str, Any]]:
    if node == "route" and update.get("route"):
        yield {"type": "route", **update["route"]}
    elif node == "domain_agent":
        for finding in update.get("findings") or []:
            yield {
                "type": "finding",
                "domain": finding["domain"],
                "mode": finding["mode"],
                "no_evidence": finding["no_evidence"],
                "passages": len(finding["evidence"]),
            }
    elif node == "synthesize" and update.get("answer"):
        yield {"type": "answer", "answer": update["answer"]}


def run_config(
    thread_id: str | None, settings: Settings, chat_model: BaseChatModel | None
) -> dict[str, Any]:
    """The runnable config of one run: its thread, and the objects it borrows."""
    return {
        "configurable": {
            "thread_id": thread_id or uuid.uuid4().hex[:12],
            RUN_OBJECTS_KEY: RunObjects(settings=settings, chat_model=chat_model),
        }
    }


def graph_input(question: str, domains: Sequence[str] | None) -> dict[str, Any]:
    return {"question": question, "domains": list(domains) if domains else None}
