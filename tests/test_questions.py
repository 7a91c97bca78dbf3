"""Follow-up questions in a thread: the offline rule, and the condense step in LLM mode."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage

from rfp_agents.config import Settings
from rfp_agents.graph.ask import ask
from rfp_agents.graph.questions import is_follow_up
from tests.test_agent_loop import call, scripted


@pytest.mark.parametrize(
    "question",
    [
        "And the insurance?",
        "What about the technical team?",
        "What is the maximum for it?",
        "Does the same apply to subcontractors?",
        "Who pays for them?",
        "Can you say more about that?",
    ],
)
def test_questions_that_lean_on_the_turn_before_are_follow_ups(question: str):
    assert is_follow_up(question)


@pytest.mark.parametrize(
    "question",
    [
        "Is there a warranty?",
        "Is there a penalty for late delivery?",
        "Is it possible to submit the proposal by email?",
        "What does this RFP say about data residency?",
        "Which standards must the hosting platform meet?",
        "What liquidated damages apply if go-live is late, and how are they capped over the "
        "life of the contract and its renewals?",
    ],
)
def test_questions_that_stand_alone_are_not_follow_ups(question: str):
    assert not is_follow_up(question)


def test_in_llm_mode_a_follow_up_is_rewritten_to_stand_alone_before_the_agents_search(
    sample_kb_settings: Settings,
):
    standalone = "What is the maximum of the liquidated damages for late go-live?"
    model = scripted(
        # turn 1: the legal agent searches and answers
        AIMessage("", tool_calls=[call("query_knowledge", query_text="liquidated damages")]),
        AIMessage("Liquidated damages are USD 1,500 per calendar day of delay [1]."),
        # turn 2: the condense step, then the agent answers without looking (it must look)
        AIMessage(standalone),
        AIMessage("The cap is 10% of the implementation price [1]."),
        AIMessage("The cap is 10% of the implementation price [1]."),
    )
    thread = "condense-llm"
    ask("What liquidated damages apply if go-live is late?", ["sample"], domains=["legal"],
        thread_id=thread, settings=sample_kb_settings, chat_model=model)  # fmt: skip
    second = ask("What is the maximum for it?", ["sample"], domains=["legal"], thread_id=thread,
                 settings=sample_kb_settings, chat_model=model)  # fmt: skip
    queries = [s.args.get("query_text") for s in second.findings[0].steps]
    assert queries == [standalone]
    assert second.question == "What is the maximum for it?"
    assert any(c.page_number == 9 for c in second.cited), second.cited


def test_a_condense_reply_that_answers_instead_of_rewriting_is_not_used(
    sample_kb_settings: Settings,
):
    """Small models answer the follow-up ("10%") instead of rewriting it: the follow-up then
    goes on with the question before it, as offline."""
    first = "What liquidated damages apply if go-live is late?"
    model = scripted(
        AIMessage("", tool_calls=[call("query_knowledge", query_text="liquidated damages")]),
        AIMessage("Liquidated damages are USD 1,500 per calendar day of delay [1]."),
        AIMessage("10%"),  # the condense step's reply: an answer, not a question
        AIMessage("The cap is 10% of the implementation price [1]."),
        AIMessage("The cap is 10% of the implementation price [1]."),
    )
    thread = "condense-answered"
    ask(first, ["sample"], domains=["legal"], thread_id=thread, settings=sample_kb_settings,
        chat_model=model)  # fmt: skip
    second = ask("What is the maximum for it?", ["sample"], domains=["legal"], thread_id=thread,
                 settings=sample_kb_settings, chat_model=model)  # fmt: skip
    queries = [s.args.get("query_text") for s in second.findings[0].steps]
    assert queries == [f"What is the maximum for it? ({first})"]
