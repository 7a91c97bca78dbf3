"""The matrix as a LangGraph graph (``deliverables/matrix_graph.py``, ``rfp_matrix`` in
``langgraph.json``): the same rows as ``rfp matrix``, each document judged in its own
branch, and a bad scope refused before any work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rfp_agents.config import Settings
from rfp_agents.deliverables.matrix import requirements
from rfp_agents.deliverables.matrix_graph import graph
from rfp_agents.errors import DocumentNotFound
from rfp_agents.graph.configuration import RUN_OBJECTS_KEY, Context, RunObjects
from rfp_agents.knowledge_base import KnowledgeBase
from tests.fake_models import NUMBERED, JudgingChatModel

ROOT = Path(__file__).resolve().parents[1]


def run(settings: Settings, context: Context, model=None) -> dict:
    objects = RunObjects(settings=settings.model_copy(update={"chat_model": ""}), chat_model=model)
    return graph.invoke({}, {"configurable": {RUN_OBJECTS_KEY: objects}}, context=context)


def test_the_graph_gives_the_rows_rfp_matrix_gives(sample_kb_settings: Settings):
    for kb in ("sample", "real"):  # one document; two, judged in parallel branches
        out = run(sample_kb_settings, Context(knowledge_bases=[kb]))
        expected = requirements(KnowledgeBase.open(kb, sample_kb_settings))
        assert out["rows"] == [r.model_dump(mode="json") for r in expected]
        assert out["review"] == "" and out["warnings"] == []


def test_with_a_model_each_document_is_judged_in_its_own_branch(sample_kb_settings: Settings):
    model = JudgingChatModel(judge=lambda text: "mandatory" if "shall" in text else "none",
                             requests=[])  # fmt: skip
    out = run(sample_kb_settings, Context(knowledge_bases=["real"]), model)
    kb = KnowledgeBase.open("real", sample_kb_settings)
    sources = {r.source for r in kb.documents()}
    assert {r.split("\n", 1)[0].removeprefix("Document: ") for r in model.requests} == sources
    rows = out["rows"]
    assert rows and all(r["judged_by"] == "model" and "shall" in r["requirement"] for r in rows)
    judged = sum(len(NUMBERED.findall(r)) for r in model.requests)
    assert out["review"].startswith(f"the model judged {judged} statements")
    one = kb.documents()[0]
    only = run(sample_kb_settings, Context(knowledge_bases=["real"], document_ids=[one.doc_id]))
    assert {r["file"] for r in only["rows"]} == {one.source}


def test_a_bad_scope_is_refused_before_any_work(sample_kb_settings: Settings):
    model = JudgingChatModel(judge=lambda text: "none", requests=[])
    with pytest.raises(ValueError, match="one knowledge base at a time"):
        run(sample_kb_settings, Context(knowledge_bases=["sample", "real"]), model)
    with pytest.raises(DocumentNotFound, match="'no-such-id'"):
        run(sample_kb_settings, Context(knowledge_bases=["sample"], document_ids=["no-such-id"]),
            model)  # fmt: skip
    assert model.requests == []


def test_langgraph_json_names_the_matrix_graph():
    graphs = json.loads((ROOT / "langgraph.json").read_text())["graphs"]
    assert graphs["rfp_matrix"] == "./rfp_agents/deliverables/matrix_graph.py:graph"
    assert set(graph.get_graph().nodes) >= {"validate", "judge_document", "assemble"}
