"""With a chat model configured, the model judges which of the matrix's statements bind the
bidder.

The rules of ``obligations.py`` read what binds the bidder from its wording; they know the
phrasings they were written for. A model reads a statement as an analyst does, in its
document and under its heading. ``StatementReview`` sends a document's statements (the same
sentences and list items, joined to their lead-ins, that the rules judge) in numbered
batches and asks for each one ``mandatory``, ``advisory`` or ``none`` by structured output
(``Judgements``).

The model only chooses among the numbered statements: a row's text, section and page are
always the document's, so it can neither invent a requirement nor cite a wrong page.

Nothing is lost when the model fails. A statement it leaves unjudged keeps the rules'
verdict. A batch it cannot answer (no valid reply, a timeout) is judged by the rules, with a
warning. After ``MAX_FAILED_BATCHES`` failed batches in a row the model is not asked again
in the run: a server that went away costs two timeouts, not one per batch. A judgement of a
number the model was not given is ignored, with a warning.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Literal

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage
from pydantic import BaseModel, Field

from rfp_agents.agents.chat_model import structured_output
from rfp_agents.config import Settings
from rfp_agents.deliverables.matrix_prompts import REVIEW_SYSTEM, review_request
from rfp_agents.deliverables.obligations import Strength
from rfp_agents.errors import ChatModelError

log = logging.getLogger("rfp_agents.matrix")

BATCH_STATEMENTS = 30
BATCH_CHARACTERS = 6000
"""A batch's statements and their characters at most: the request and its reply fit an 8k
context (a local server's), and a failed batch loses little."""
MIN_JUDGED_CHARACTERS = 15
"""Shorter statements (a page number, "Yes: No:") are left to the rules."""
MAX_FAILED_BATCHES = 2

Verdict = Literal["mandatory", "advisory", "none"]


class Judgement(BaseModel):
    """The model's verdict on one numbered statement."""

    n: int = Field(ge=1, description="The statement's number, as given.")
    binds: Verdict = Field(
        description="mandatory: the bidder must; advisory: the bidder should or may; "
        "none: it binds no bidder."
    )


class Judgements(BaseModel):
    judgements: list[Judgement]


Statement = tuple[str, Mapping[str, Any]]
"""A statement's text and its chunk's metadata, as ``matrix.statements`` gives them."""


class StatementReview:
    """Judges statements with ``model``, batch by batch, and keeps the tally a user is told.

    ``on_batch(source, done, total)`` is called before each batch a document sends.
    """

    def __init__(
        self,
        model: BaseChatModel,
        timeout: float,
        on_batch: Callable[[str, int, int], None] | None = None,
    ):
        self.model = model
        self.timeout = timeout
        self.on_batch = on_batch
        self.warnings: list[str] = []
        self.judged = 0
        """Statements whose verdict is the model's."""
        self.left_to_rules = 0
        """Statements sent whose verdict is the rules' (unjudged, or in a failed batch)."""
        self.added = 0
        """Rows the model made of statements the rules did not keep."""
        self.dropped = 0
        """Statements the rules kept and the model judged to bind no bidder."""
        self._failures_in_a_row = 0

    @property
    def gave_up(self) -> bool:
        return self._failures_in_a_row >= MAX_FAILED_BATCHES

    def review(
        self,
        source: str,
        stated: Sequence[Statement],
        by_rules: Mapping[int, Strength | None],
    ) -> tuple[dict[int, Strength | None], set[int]]:
        """The strength of each statement of ``by_rules`` (indexes into ``stated``), the
        model's where it judged it, and the indexes it judged."""
        strengths = dict(by_rules)
        judged: set[int] = set()
        sent = [i for i in by_rules if len(stated[i][0]) >= MIN_JUDGED_CHARACTERS]
        batches = list(_batches(sent, stated))
        for done, batch in enumerate(batches):
            if self.gave_up:
                self.left_to_rules += sum(len(b) for b in batches[done:])
                break
            if self.on_batch:
                self.on_batch(source, done, len(batches))
            verdicts = self._judge(source, batch, stated)
            for index in batch:
                verdict = verdicts.get(index)
                if verdict is None:
                    self.left_to_rules += 1
                    continue
                strength = None if verdict == "none" else verdict
                self.added += strength is not None and by_rules[index] is None
                self.dropped += strength is None and by_rules[index] is not None
                strengths[index] = strength
                judged.add(index)
                self.judged += 1
        return strengths, judged

    def _judge(self, source: str, batch: Sequence[int], stated: Sequence[Statement]) -> dict:
        """The model's verdicts on ``batch``, by index into ``stated`` ({} when it failed)."""
        numbered = [
            (n, str(stated[i][1].get("section", "")), stated[i][0])
            for n, i in enumerate(batch, start=1)
        ]
        request = [SystemMessage(REVIEW_SYSTEM), HumanMessage(review_request(source, numbered))]
        try:
            answer = structured_output(self.model, Judgements, request, self.timeout)
        except ChatModelError as exc:  # a timeout too: the batch is the rules', not lost
            self._failures_in_a_row += 1
            self._warn(f"{source}: the model judged none of {len(batch)} statements ({exc})")
            if self.gave_up:
                self._warn(
                    f"the model failed {MAX_FAILED_BATCHES} batches in a row; the rules "
                    "judged the rest of the matrix"
                )
            return {}
        self._failures_in_a_row = 0
        verdicts: dict[int, Verdict] = {}
        strangers = []
        for judgement in answer.judgements:
            if not 1 <= judgement.n <= len(batch):
                strangers.append(judgement.n)
                continue
            verdicts.setdefault(batch[judgement.n - 1], judgement.binds)
        if strangers:
            self._warn(
                f"{source}: the model judged statements it was not given "
                f"({', '.join(map(str, strangers[:5]))}); ignored"
            )
        unjudged = len(batch) - len(verdicts)
        if unjudged:
            self._warn(f"{source}: the model left {unjudged} statements unjudged; the rules "
                       "judged them")  # fmt: skip
        return verdicts

    def _warn(self, message: str) -> None:
        log.info("matrix: %s", message)
        self.warnings.append(message)

    def tally(self) -> dict[str, int]:
        """The counts ``summary`` tells (parallel reviews add theirs up)."""
        return {
            "judged": self.judged,
            "added": self.added,
            "dropped": self.dropped,
            "left_to_rules": self.left_to_rules,
        }

    def summary(self) -> str:
        return summary_of(self.tally())


def summary_of(tally: Mapping[str, int]) -> str:
    """One line for the user: how many statements the model judged and what it changed."""
    line = (
        f"the model judged {tally['judged']} statements: {tally['added']} rows the rules did "
        f"not find, {tally['dropped']} of theirs dropped"
    )
    if tally["left_to_rules"]:
        line += f"; {tally['left_to_rules']} statements left to the rules"
    return line


def _batches(indexes: Sequence[int], stated: Sequence[Statement]) -> Iterator[list[int]]:
    """``indexes`` in runs of at most ``BATCH_STATEMENTS`` and ``BATCH_CHARACTERS``."""
    batch: list[int] = []
    characters = 0
    for index in indexes:
        size = len(stated[index][0])
        if batch and (len(batch) == BATCH_STATEMENTS or characters + size > BATCH_CHARACTERS):
            yield batch
            batch, characters = [], 0
        batch.append(index)
        characters += size
    if batch:
        yield batch


def review_for(
    settings: Settings,
    model: BaseChatModel | None = None,
    on_batch: Callable[[str, int, int], None] | None = None,
) -> StatementReview | None:
    """The review with ``model``, else with ``RFP_CHAT_MODEL``; None when neither is set
    (the rules alone judge the matrix)."""
    from rfp_agents.graph.services import chat_model_for

    model = chat_model_for(settings, model)
    if model is None:
        return None
    return StatementReview(model, settings.provider_timeout_seconds, on_batch)
