"""The compliance matrix judged by a chat model (``deliverables/model_review.py``), with a
fake model that answers the structured-output request by reading the numbered statements.

The real server's side is in ``test_llm_live.py``; here the logic: the model's verdicts
decide the rows, the document gives every row's text and page, and nothing is lost when the
model fails or answers badly."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel

from rfp_agents.config import Settings
from rfp_agents.deliverables.links import answers_questions
from rfp_agents.deliverables.matrix import requirements, statements
from rfp_agents.deliverables.model_review import (
    MAX_FAILED_BATCHES,
    StatementReview,
    review_for,
)
from rfp_agents.knowledge_base import KnowledgeBase
from tests.fake_models import NUMBERED, JudgingChatModel, SilentChatModel, hanging_model


def sample_statements(settings: Settings) -> dict[str, dict[str, Any]]:
    kb = KnowledgeBase.open("sample", settings)
    (record,) = kb.documents()
    found = statements(kb, record.source, in_questions_and_answers=answers_questions(record))
    return {text: meta for text, meta in found}


def matrix_with(settings: Settings, model: BaseChatModel, timeout: float = 30.0):
    review = StatementReview(model, timeout)
    rows = requirements(KnowledgeBase.open("sample", settings), review=review)
    return rows, review


def rules_rows(settings: Settings):
    return requirements(KnowledgeBase.open("sample", settings))


BACKGROUND = "processes about 95 million taps"
DAMAGES = "liquidated damages of USD 1,500"


def analyst_of(settings: Settings) -> Callable[[str], str]:
    """The fake model's reading: the rules' verdicts, except that it files the background
    as a requirement and the liquidated damages as binding no one (two disagreements the
    test can see)."""
    by_rules = {r.requirement: r.strength for r in rules_rows(settings)}

    def analyst(text: str) -> str:
        if BACKGROUND in text:
            return "mandatory"
        if DAMAGES in text:
            return "none"
        return by_rules.get(text, "none")

    return analyst


def test_the_models_verdicts_decide_the_rows_and_the_document_gives_their_text_and_page(
    sample_kb_settings: Settings,
):
    stated = sample_statements(sample_kb_settings)
    model = JudgingChatModel(judge=analyst_of(sample_kb_settings), requests=[])
    rows, review = matrix_with(sample_kb_settings, model)
    background = next(r for r in rows if BACKGROUND in r.requirement)
    meta = stated[background.requirement]  # the document's own sentence, not the model's
    assert (background.strength, background.judged_by) == ("mandatory", "model")
    assert (background.page, background.section) == (meta["page_number"], meta["section"])
    assert background.chunk_id == meta["chunk_id"]
    assert not any(DAMAGES in r.requirement for r in rows)
    assert any(DAMAGES in r.requirement for r in rules_rows(sample_kb_settings))
    assert all(r.requirement in stated and r.judged_by == "model" for r in rows)
    assert (review.added, review.dropped, review.warnings) == (1, 1, [])
    assert "1 rows the rules did not find, 1 of theirs dropped" in review.summary()


def test_each_request_numbers_a_batch_of_statements_under_their_headings(
    sample_kb_settings: Settings,
):
    model = JudgingChatModel(judge=lambda text: "none", requests=[])
    rows, review = matrix_with(sample_kb_settings, model)
    assert rows == [] and review.dropped == len(rules_rows(sample_kb_settings))
    sent = [text for request in model.requests for _, text in NUMBERED.findall(request)]
    assert len(model.requests) > 1  # the document went in batches
    assert all(len(NUMBERED.findall(r)) <= 30 for r in model.requests)
    assert all(request.startswith("Document: sample_rfp.pdf") for request in model.requests)
    assert "Under: 9.3 Liquidated damages" in "\n".join(model.requests)
    assert len(sent) == review.judged == len(sample_statements(sample_kb_settings))


def test_unjudged_statements_keep_the_rules_verdict_and_strangers_are_ignored(
    sample_kb_settings: Settings,
):
    analyst = analyst_of(sample_kb_settings)

    def half(text: str) -> str | None:  # silent on the damages; a verdict on the rest
        return None if DAMAGES in text else analyst(text)

    model = JudgingChatModel(judge=half, extra=[{"n": 999, "binds": "mandatory"}], requests=[])
    rows, review = matrix_with(sample_kb_settings, model)
    damages = next(r for r in rows if DAMAGES in r.requirement)
    assert (damages.strength, damages.judged_by) == ("mandatory", "rules")
    assert review.left_to_rules == 1
    assert any("not given (999)" in w for w in review.warnings)
    assert any("left 1 statements unjudged" in w for w in review.warnings)


def test_a_model_that_never_answers_in_kind_leaves_the_matrix_to_the_rules(
    sample_kb_settings: Settings,
):
    model = SilentChatModel(judge=lambda text: None, requests=[])
    rows, review = matrix_with(sample_kb_settings, model)
    expected = rules_rows(sample_kb_settings)
    assert [(r.requirement, r.strength, r.page) for r in rows] == [
        (r.requirement, r.strength, r.page) for r in expected
    ]
    assert all(r.judged_by == "rules" for r in rows)
    # each failed batch tried the three ways of structured output; then the model was let be
    assert len(model.requests) == 3 * MAX_FAILED_BATCHES
    assert review.judged == 0 and review.left_to_rules > 0
    assert any("judged the rest of the matrix" in w for w in review.warnings)


def test_a_model_that_does_not_answer_in_time_costs_two_timeouts_not_the_matrix(
    sample_kb_settings: Settings,
):
    model, switches = hanging_model()
    try:
        rows, review = matrix_with(sample_kb_settings, model, timeout=0.2)
    finally:
        switches.release.set()
    assert len(rows) == len(rules_rows(sample_kb_settings))
    assert sum("did not answer within" in w for w in review.warnings) == MAX_FAILED_BATCHES


def test_without_a_chat_model_the_rules_judge_alone(sample_kb_settings: Settings):
    assert review_for(sample_kb_settings.model_copy(update={"chat_model": ""})) is None
    assert {r.judged_by for r in rules_rows(sample_kb_settings)} == {"rules"}


@pytest.mark.parametrize("bad", [{"n": 0, "binds": "mandatory"}, {"n": 1, "binds": "must"}])
def test_a_malformed_judgement_is_refused_by_its_model(bad: dict[str, Any]):
    from pydantic import ValidationError

    from rfp_agents.deliverables.model_review import Judgements

    with pytest.raises(ValidationError):
        Judgements.model_validate({"judgements": [bad]})


def test_the_api_matrix_with_a_model_says_so_and_takes_an_ask_slot(
    sample_kb_settings: Settings, monkeypatch: pytest.MonkeyPatch
):
    from fastapi.testclient import TestClient

    from rfp_agents.api import app as api_app
    from rfp_agents.api.routes import deliverables

    settings = sample_kb_settings.model_copy(update={"api_max_concurrent_asks": 1})
    analyst = analyst_of(sample_kb_settings)
    monkeypatch.setattr(deliverables, "review_for", lambda s: StatementReview(
        JudgingChatModel(judge=analyst, requests=[]), timeout=30.0))  # fmt: skip
    with TestClient(api_app.create_app(settings), base_url="http://localhost") as client:
        response = client.get("/api/matrix", params={"kb": "sample"})
        assert response.status_code == 200
        rows = response.json()
        assert {r["judged_by"] for r in rows} == {"model"}
        assert any(BACKGROUND in r["requirement"] for r in rows)
        assert "1 rows the rules did not find" in response.headers["X-Matrix-Review"]
        limiter, borrower = client.app.state.ask_limiter, object()
        client.portal.call(limiter.acquire_on_behalf_of, borrower)
        try:  # the model's work waits for no one: every slot taken answers 429 at once
            busy = client.get("/api/matrix", params={"kb": "sample", "format": "csv"})
            assert busy.status_code == 429
        finally:
            client.portal.call(limiter.release_on_behalf_of, borrower)
