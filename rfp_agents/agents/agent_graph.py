"""Each domain agent in LLM mode is a LangGraph subgraph: a bounded ReAct loop (seed 003).

::

    START ─┬─> model ──(tool calls)──> tools ──> model …
           │     ├──(answered in round 1 without looking)──> retrieve_first ──> tools
           │     └──(an answer, or the round limit)──> answer ──> END
           └─> naive_rag ──> answer          (tools ruled out: RFP_TOOL_CALLING=never, or the
                                              model or its server cannot take tools)

Why a ``StateGraph`` with ``ToolNode`` rather than ``langchain.agents.create_agent``: four
policies sit between the model and the tools: the round limit with a last tool-free call,
tool calls that small models write as text, "retrieve first" when the model answers
without looking, and the check that the final reply is an answer at all (else the
extractive answerer answers over the same passages). As middleware they would be four hooks
rewriting one agent's state; as nodes and edges each is one small function that Studio
draws and the checkpointer records. ``ToolNode`` runs the independent calls of one model
turn in parallel and turns an unknown tool name into an error result the model can read.

The subgraph is built per run around the run's ``KnowledgeTools`` (their scope is the run's
knowledge bases), invoked from the ``domain_agent`` node of the ask graph: LangGraph runs it
as a subgraph, so ``stream_mode="messages"`` carries its tokens, and a checkpointer keeps
each step.
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal, TypedDict

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AnyMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.runnables import Runnable
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages
from langgraph.graph.state import CompiledStateGraph
from langgraph.prebuilt import ToolNode

from rfp_agents.agents.chat_model import invoke_with_timeout
from rfp_agents.agents.citations import check_markers, markers_in
from rfp_agents.agents.evidence import Evidence, evidence_in
from rfp_agents.agents.models import AnswerMode, DomainFinding, finding_from_messages
from rfp_agents.agents.profiles import DomainProfile
from rfp_agents.agents.prompts import FINAL_ROUND, NAIVE_RAG_SYSTEM
from rfp_agents.agents.tool_calls import (
    first_retrieval,
    first_retrieval_call,
    message_text,
    parse_text_tool_calls,
)
from rfp_agents.agents.tools import KnowledgeTools
from rfp_agents.config import Settings
from rfp_agents.text import answer_sentences

log = logging.getLogger("rfp_agents.agents")

Fallback = Callable[..., DomainFinding]
"""``fallback(profile, question, messages, tools, warnings)``: the extractive answer over the
passages already retrieved (``OfflineAnswerer.answer_from``)."""


AGENT_DOMAIN_KEY = "rfp_agent_domain"
"""Run metadata naming the agent's domain; streamed tokens carry it (``stream_mode="messages"``)."""
ANSWERING_NODES = frozenset({"model", "naive_rag"})
"""The subgraph nodes whose model tokens are the agent's draft answer."""


class AgentState(TypedDict, total=False):
    """One agent run: its conversation, the rounds spent, and what it found."""

    messages: Annotated[list[AnyMessage], add_messages]
    rounds: int
    """Model calls that could call tools so far (bounded by ``RFP_MAX_AGENT_ROUNDS``)."""
    mode: AnswerMode
    warnings: list[str]
    finding: dict[str, Any]
    """The ``DomainFinding`` (as a dict), written by ``answer``."""


def agent_input(
    profile: DomainProfile, question: str, history: Sequence[BaseMessage] = ()
) -> AgentState:
    """The subgraph's input: the agent's system prompt, the thread's turns, the question."""
    messages = [SystemMessage(profile.system_prompt()), *history, HumanMessage(question)]
    return {"messages": messages, "rounds": 0, "mode": "llm", "warnings": []}


def build_agent_graph(
    profile: DomainProfile,
    question: str,
    tools: KnowledgeTools,
    model: BaseChatModel,
    settings: Settings,
    fallback: Fallback | None = None,
) -> CompiledStateGraph:
    """The compiled subgraph of one domain agent over this run's tools."""
    tool_list = tools.as_tools()
    names = {t.name for t in tool_list}
    bound, tools_off = _bind_tools(model, tool_list, settings)

    def call_model(state: AgentState) -> dict[str, Any]:
        """One model turn. Past the round limit the model must answer, with tools off."""
        rounds = state.get("rounds", 0)
        if rounds >= settings.max_agent_rounds:
            log.info("%s agent reached max rounds; asking for the answer", profile.domain)
            final_model = model.bind_tools(tool_list, tool_choice="none")
            reply = _call(final_model, [*state["messages"], HumanMessage(FINAL_ROUND)], settings)
            warning = (
                f"the agent used all {settings.max_agent_rounds} tool rounds "
                "(RFP_MAX_AGENT_ROUNDS) and answered with what it had"
            )
            reply = _appendable(reply, state["messages"])
            if reply.tool_calls:  # tools were off: a server that calls them anyway is ignored
                reply = AIMessage(content=reply.content, id=reply.id)
            return {"messages": [reply], "warnings": [*state.get("warnings", []), warning]}
        try:
            reply = _call(bound, state["messages"], settings)
        except Exception as exc:
            if rounds == 0 and settings.tool_calling == "auto" and "tool" in str(exc).lower():
                return {
                    "mode": "naive-rag",
                    "warnings": [f"the model server rejected tools: {exc}"],
                }
            raise
        reply = _appendable(reply, state["messages"])
        parsed = [] if reply.tool_calls else parse_text_tool_calls(reply.content, names)
        if parsed:
            log.info("parsed %d tool call(s) from the model's text", len(parsed))
            reply = AIMessage(content="", tool_calls=parsed, id=reply.id)
        return {"messages": [reply], "rounds": rounds + 1}

    def after_model(state: AgentState) -> Literal["tools", "retrieve_first", "naive_rag", "answer"]:
        if state.get("mode") == "naive-rag":
            return "naive_rag"
        last = state["messages"][-1]
        if isinstance(last, AIMessage) and last.tool_calls:
            return "tools"
        looked = any(m.type == "tool" for m in state["messages"])
        if not looked and state.get("rounds") == 1 and settings.tool_calling == "auto":
            return "retrieve_first"
        return "answer"

    def retrieve_first(state: AgentState) -> dict[str, Any]:
        """The model answered without looking; the documents are the source of truth, so
        run the first retrieval for it and let it answer again."""
        log.info("%s agent answered without retrieving; retrieving first", profile.domain)
        return {"messages": [first_retrieval_call(question, settings.answer_top_k)]}

    def naive_rag(state: AgentState) -> dict[str, Any]:
        """Retrieve with the same tool first, then generate from the numbered passages."""
        reason = (state.get("warnings") or [tools_off])[-1]
        log.warning(
            "%s agent: naive RAG fallback (retrieve first, then generate): %s",
            profile.domain,
            reason,
        )
        retrieval = first_retrieval(question, tool_list, settings.answer_top_k)
        passages = "\n\n".join(
            f"[{e.ref}] {e.source_file}, p. {e.page_number}: {e.content}"
            for e in evidence_in(retrieval)
        )
        system = NAIVE_RAG_SYSTEM.format(
            title=profile.title, focus=profile.focus, passages=passages or "(none found)"
        )
        history = [m for m in state["messages"] if m.type in ("human", "ai")]
        reply = _call(model, [SystemMessage(system), *history], settings)
        return {
            "messages": [*retrieval, reply],
            "mode": "naive-rag",
            "warnings": [f"naive RAG: {reason}"],
        }

    def answer(state: AgentState) -> dict[str, Any]:
        """The finding; a final reply that is not an answer while the tools found passages
        is replaced by the extractive answer over them, with a warning."""
        messages = state["messages"]
        finding = finding_from_messages(
            profile.domain,
            state.get("mode", "llm"),
            message_text(messages[-1].content),
            messages,
            list(state.get("warnings", [])),
            diagnostics=tools.diagnostics,
        )
        problem = degenerate_reply(finding.answer, names, finding.evidence)
        if problem is not None and finding.evidence and fallback is not None:
            shown = " ".join(finding.answer.split())[:120]
            warning = (
                f"the model's reply was discarded ({problem}): {shown!r}; the answer was "
                "taken from the same passages by the extractive answerer"
            )
            log.warning("%s agent: %s", profile.domain, warning)
            finding = fallback(profile, question, messages, tools, [*finding.warnings, warning])
        return {"finding": finding.model_dump(mode="json")}

    builder = StateGraph(AgentState)
    builder.add_node("model", call_model)
    builder.add_node("tools", ToolNode(tool_list, handle_tool_errors=True))
    builder.add_node("retrieve_first", retrieve_first)
    builder.add_node("naive_rag", naive_rag)
    builder.add_node("answer", answer)
    builder.add_conditional_edges(
        START, lambda _: "naive_rag" if bound is None else "model", ["model", "naive_rag"]
    )
    builder.add_conditional_edges(
        "model", after_model, ["tools", "retrieve_first", "naive_rag", "answer"]
    )
    builder.add_edge("retrieve_first", "tools")
    builder.add_edge("tools", "model")
    builder.add_edge("naive_rag", "answer")
    builder.add_edge("answer", END)
    return builder.compile(name=f"{profile.domain}_agent")


def run_agent(
    profile: DomainProfile,
    question: str,
    tools: KnowledgeTools,
    model: BaseChatModel,
    settings: Settings,
    history: Sequence[BaseMessage] = (),
    fallback: Fallback | None = None,
) -> DomainFinding:
    """Build and run one agent's subgraph; its finding."""
    agent = build_agent_graph(profile, question, tools, model, settings, fallback)
    # Each round is a model step and a tools step; the last answer and the checks need a few.
    limit = 2 * settings.max_agent_rounds + 6
    config = {"recursion_limit": limit, "metadata": {AGENT_DOMAIN_KEY: profile.domain}}
    state = agent.invoke(agent_input(profile, question, history), config)
    return DomainFinding.model_validate(state["finding"])


def _bind_tools(
    model: BaseChatModel, tool_list: list, settings: Settings
) -> tuple[Runnable | None, str]:
    """The model with tools (``tool_choice="auto"`` explicitly: some servers treat a missing
    one as "no tools"), or None and the reason when the setting or the model rules them out."""
    if settings.tool_calling == "never":
        return None, "RFP_TOOL_CALLING=never"
    try:
        return model.bind_tools(tool_list, tool_choice="auto"), ""
    except NotImplementedError:
        return None, "the model cannot call tools"


_MARKERS = re.compile(r"\s*\[\d+\]")


def _names_a_tool(text: str, tool_names: set[str]) -> bool:
    """``"name": "<one of our tools>"`` anywhere: a tool call, however malformed its JSON."""
    return any(re.search(rf'"name"\s*:\s*"{re.escape(name)}"', text) for name in tool_names)


def _appendable(reply: AIMessage, messages: Sequence[BaseMessage]) -> AIMessage:
    """``reply`` with an id no earlier message has: ``add_messages`` replaces a message whose
    id it has seen, and some servers (and fake models) repeat ids."""
    if reply.id and any(m.id == reply.id for m in messages):
        return reply.model_copy(update={"id": str(uuid.uuid4())})
    return reply


def _call(runnable: Runnable, messages: list[BaseMessage], settings: Settings) -> AIMessage:
    return invoke_with_timeout(runnable, messages, settings.provider_timeout_seconds)


def degenerate_reply(answer: str, tool_names: set[str], evidence: Sequence[Evidence]) -> str | None:
    """Why a model's final text is not an answer, or ``None`` when it is one: empty, a tool
    call written as text (even as JSON too broken to run), JSON (small models echo the tool
    results, whose copied passages would otherwise pass for cited sentences), a question
    (the user's, echoed back), or citing no
    passage even once the sentences that restate a passage get their marker (as the
    answer's own check will add them)."""
    text = answer.strip()
    if not text:
        return "it was empty"
    if parse_text_tool_calls(text, tool_names) or _names_a_tool(text, tool_names):
        return "it was a tool call written as text"
    if text.startswith(("{", "[{")):
        return "it was JSON, not a plain-text answer"
    if _MARKERS.sub("", text).rstrip().endswith("?") and len(answer_sentences(text)) == 1:
        return "it was a question, not an answer"
    checked = check_markers(text, {e.ref: e for e in evidence})
    if not markers_in(checked.text):
        return "it cited no passage"
    return None
