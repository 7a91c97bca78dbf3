"""The question of a turn: checked before any work, and made standalone when it leans on
the turn before ("and the cap for it?").

Offline, ``is_follow_up`` is a rule: a short question that opens with a continuation ("and",
"what about") or refers back with a pronoun ("it", "they", "the same", "that?" at its end).
Words that only look back ("Is *there* a warranty?", "Is *it* possible to …", "this RFP")
do not trip it. The offline agents then search with both questions.

With a chat model, ``condense_question`` asks the model to rewrite the question so it
stands alone, given the thread's last turns (LangChain's condense-question step); the route
and the agents work from the rewrite, and the answer keeps the question as typed.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from rfp_agents.agents.chat_model import invoke_with_timeout
from rfp_agents.agents.prompts import CONDENSE_QUESTION, CONDENSE_REQUEST
from rfp_agents.agents.tool_calls import message_text
from rfp_agents.config import Settings
from rfp_agents.errors import InvalidQuestionError, ThreadScopeError, UsageError

log = logging.getLogger("rfp_agents.graph")

HISTORY_TURNS = 3
"""Earlier turns an LLM agent (and the condense step) sees in a thread."""
FOLLOW_UP_MAX_WORDS = 14
_CONTINUATION = re.compile(r"^(and|also|what about|how about|same for|then|but)\b", re.I)
_BACK_REFERENCE = re.compile(r"\b(it|its|they|them|their|those|these|the same)\b", re.I)
_DEMONSTRATIVE_AT_END = re.compile(r"\b(this|that|those|these)\s*[?.!]*$", re.I)
_EXPLETIVE_IT = re.compile(
    r"\bit(\s+is|'s|\s+be)?\s+(possible|necessary|required|mandatory|allowed|permitted|"
    r"acceptable|permissible)\b",
    re.I,
)


# ------------------------------------------------------------------------------- checks
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


# ---------------------------------------------------------------------------- follow-ups
def is_follow_up(question: str) -> bool:
    """A short question that leans on the previous one ("and the insurance for it?")."""
    if len(question.split()) > FOLLOW_UP_MAX_WORDS:
        return False
    if _CONTINUATION.search(question) or _DEMONSTRATIVE_AT_END.search(question):
        return True
    return bool(_BACK_REFERENCE.search(_EXPLETIVE_IT.sub(" ", question)))


def condense_question(
    model: BaseChatModel, history: Sequence[dict[str, Any]], question: str, timeout: float
) -> str:
    """``question`` rewritten by the model to stand alone, given the thread's last turns.

    Small models sometimes answer the question instead of rewriting it, or return it as it
    was; such a reply (not a question, or unchanged) is not used. Then a follow-up
    (``is_follow_up``) is sent on with the question before it, as offline, and any other
    question as typed.
    """
    turns = "\n".join(
        f"Q: {turn['question']}\nA: {' '.join(str(turn['answer']).split())[:400]}"
        for turn in history[-HISTORY_TURNS:]
    )
    request = CONDENSE_REQUEST.format(turns=turns, question=question)
    reply = invoke_with_timeout(model, [SystemMessage(CONDENSE_QUESTION), HumanMessage(request)],
                                timeout)  # fmt: skip
    rewrite = " ".join(message_text(reply.content).split()).strip().strip('"')
    if looks_like_question(rewrite, question) and rewrite != question:
        log.info("condensed follow-up %r to %r", question, rewrite)
        return rewrite
    log.info("condense-question reply not used (unchanged or not a question): %r", rewrite[:200])
    if is_follow_up(question):
        return f"{question} ({history[-1]['question']})"
    return question


def looks_like_question(text: str, question: str) -> bool:
    """A rewrite worth using: one question (ends with "?"), a few words, not an essay."""
    return (
        text.endswith("?")
        and len(text.split()) >= 3
        and len(text) <= 3 * len(question) + 200
        and "{" not in text
    )


def history_messages(history: Sequence[dict[str, Any]]) -> list[BaseMessage]:
    """The thread's turns as chat messages (what an LLM agent sees before the question)."""
    messages: list[BaseMessage] = []
    for turn in history[-HISTORY_TURNS:]:
        messages += [HumanMessage(turn["question"]), AIMessage(turn["answer"])]
    return messages
