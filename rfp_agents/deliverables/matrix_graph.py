"""The matrix graph: ``validate`` → one ``judge_document`` per document, in parallel →
``assemble`` builds the rows in reading order and links them.

The same matrix as ``rfp matrix`` (``matrix.requirements``), as a LangGraph graph a LangGraph
server or Studio runs (``langgraph.json`` names it ``rfp_matrix``). It reads the run's
``Context`` like the ask and brief graphs: one knowledge base in scope, ``document_ids`` for
some of its documents, and the chat model. With a model, each document's statements are
judged by it (``model_review.py``) in its own branch, so the documents are judged in
parallel; offline, the rules judge them. ``assemble`` merges a requirement stated in several
documents into one row, as ``requirements`` does. ``graph`` is the compiled graph.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from langchain_core.runnables import RunnableConfig
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from langgraph.types import Send

from rfp_agents.deliverables.brief.state import gather
from rfp_agents.deliverables.matrix import Judged, MatrixBuilder, judged_statements
from rfp_agents.deliverables.model_review import review_for, summary_of
from rfp_agents.errors import DocumentNotFound
from rfp_agents.graph.configuration import Context, run_setup
from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase


@dataclass(kw_only=True)
class MatrixInput:
    """The matrix asks for nothing besides its context: the knowledge base and documents."""


@dataclass(kw_only=True)
class MatrixState(MatrixInput):
    judged: Annotated[list[dict[str, Any]], gather] = field(default_factory=list)
    """One ``{source, statements}`` per document, from ``judge_document``."""
    reviews: Annotated[list[dict[str, int]], gather] = field(default_factory=list)
    """What the model judged in each document (its ``StatementReview`` tally)."""
    warnings: Annotated[list[str], gather] = field(default_factory=list)
    rows: list[dict[str, Any]] | None = None
    """The ``Requirement`` rows (as dicts)."""
    review: str = ""
    """What the model judged, in one line ('' offline)."""


@dataclass(kw_only=True)
class DocumentTask:
    """What ``fan_out`` sends to each ``judge_document``: the file to read."""

    source: str


# ---------------------------------------------------------------------------------- nodes
def validate(state: MatrixState, runtime: Runtime[Context], config: RunnableConfig) -> dict:
    """Check the scope before any work.

    Raises:
        ValueError: not exactly one knowledge base in scope.
        KnowledgeBaseNotFound: it does not exist.
        DocumentNotFound: a document of ``document_ids`` is not in it.
    """
    setup = run_setup(runtime, config)
    _scope(setup.context, setup.settings)
    return {}


def fan_out(state: MatrixState, runtime: Runtime[Context], config: RunnableConfig) -> list[Send]:
    setup = run_setup(runtime, config)
    _, records = _scope(setup.context, setup.settings)
    if not records:  # an empty knowledge base: an empty matrix
        return [Send("assemble", state)]
    return [Send("judge_document", DocumentTask(source=r.source)) for r in records]


def judge_document(task: DocumentTask, runtime: Runtime[Context], config: RunnableConfig) -> dict:
    """One document's statements, each judged by the rules or the chat model."""
    setup = run_setup(runtime, config)
    kb, records = _scope(setup.context, setup.settings)
    (record,) = [r for r in records if r.source == task.source]
    review = review_for(setup.settings, setup.model_object)
    judged = judged_statements(kb, record, review)
    update: dict[str, Any] = {
        "judged": [{"source": record.source, "statements": [j._asdict() for j in judged]}]
    }
    if review is not None:
        update["reviews"] = [review.tally()]
        update["warnings"] = review.warnings
    return update


def assemble(state: MatrixState, runtime: Runtime[Context], config: RunnableConfig) -> dict:
    """The rows, document by document in the knowledge base's order, merged and linked."""
    setup = run_setup(runtime, config)
    kb, records = _scope(setup.context, setup.settings)
    judged = {d["source"]: d["statements"] for d in state.judged}
    matrix = MatrixBuilder(kb)
    for record in records:
        matrix.add(record, (Judged(**s) for s in judged.get(record.source, [])))
    rows = [row.model_dump(mode="json") for row in matrix.rows_linked()]
    review = _summary(state.reviews) if state.reviews else ""
    return {"rows": rows, "review": review}


def _scope(context: Context, settings) -> tuple[KnowledgeBase, list[DocumentRecord]]:
    if len(context.knowledge_bases) != 1:
        raise ValueError(
            "the matrix covers one knowledge base at a time; "
            f"the context names {len(context.knowledge_bases)}"
        )
    kb = KnowledgeBase.open(context.knowledge_bases[0], settings)
    records = kb.documents()
    if context.document_ids is not None:
        known = {r.doc_id for r in records}
        missing = [d for d in context.document_ids if d not in known]
        if missing:
            raise DocumentNotFound(
                f"no document with id {', '.join(map(repr, missing))} in knowledge base {kb.name!r}"
            )
        records = [r for r in records if r.doc_id in context.document_ids]
    return kb, records


def _summary(tallies: list[dict[str, int]]) -> str:
    return summary_of({name: sum(t[name] for t in tallies) for name in tallies[0]})


# ---------------------------------------------------------------------------------- graph
def build_graph() -> StateGraph:
    builder = StateGraph(MatrixState, context_schema=Context, input_schema=MatrixInput)
    builder.add_node("validate", validate)
    builder.add_node("judge_document", judge_document)
    builder.add_node("assemble", assemble)
    builder.add_edge(START, "validate")
    builder.add_conditional_edges("validate", fan_out, ["judge_document", "assemble"])
    builder.add_edge("judge_document", "assemble")
    builder.add_edge("assemble", END)
    return builder


graph = build_graph().compile(name="rfp-matrix")
