"""What a brief holds: the fields of ``vocabulary/brief_fields.toml``, checked at first use."""

from __future__ import annotations

import re
from functools import cache
from typing import Literal

from pydantic import BaseModel, Field

from rfp_agents.deliverables.brief.dates import DEADLINE
from rfp_agents.deliverables.brief.risks import amounts_in
from rfp_agents.domains import DOMAINS
from rfp_agents.text import fold_accents
from rfp_agents.vocabulary import load_vocabulary_file


class FieldSpec(BaseModel):
    """One field: what it is called, which agent fills it, and the question that finds it."""

    name: str = Field(pattern=r"^[a-z_]+$")
    label: str
    domain: str
    kind: Literal["date", "amount", "text"]
    question: str = Field(min_length=10)
    also_ask: tuple[str, ...] = Field(
        default=(), description="Other phrasings, asked in turn when the first finds nothing."
    )
    expects: tuple[str, ...] = Field(
        default=(),
        description="Terms a value names (one of them): the phrasings are asked in turn until "
        "an answer names one, as an amount field's are until one names a sum.",
    )
    due_for: tuple[str, ...] = Field(
        default=(),
        description="A date field's other names for what falls due, in the words documents "
        "use ('quotations', 'offers', 'tenders close'): a dated line naming one is this "
        "field's, as one sharing a word with its phrasings is.",
    )
    cover: bool = Field(default=False, description="Read from the first pages by rule first.")
    cover_only: bool = Field(
        default=False, description="Not asked as a question when the rules find nothing."
    )

    @property
    def questions(self) -> tuple[str, ...]:
        return (self.question, *self.also_ask)

    @property
    def date_words(self) -> tuple[str, ...]:
        """What tells this date field's line from another's: its phrasings and ``due_for``."""
        return (*self.questions, *self.due_for)

    @property
    def asks_for_a_deadline(self) -> bool:
        """A date field whose phrasings ask when something is due ("When are proposals
        due?"), not when it happens ("When is the site visit?")."""
        return self.kind == "date" and any(DEADLINE.search(q) for q in self.questions)

    @property
    def must_hold_something(self) -> bool:
        """An amount field, or one that lists the terms its value names (``expects``)."""
        return self.kind == "amount" or bool(self.expects)

    def is_answered_by(self, text: str) -> bool:
        """True when ``text`` holds what the field's value must: a sum of money for an
        amount, one of ``expects`` when the field lists terms, anything otherwise."""
        if self.kind == "amount" and not amounts_in(text):
            return False
        if not self.expects:
            return True
        folded = fold_accents(text).lower()
        return any(re.search(rf"\b{re.escape(term.lower())}\b", folded) for term in self.expects)

    def model_post_init(self, __context: object) -> None:
        if self.domain not in DOMAINS:
            raise ValueError(f"brief field {self.name!r}: unknown domain {self.domain!r}")


@cache
def field_specs() -> tuple[FieldSpec, ...]:
    """The brief's fields in the order the brief shows them."""
    specs = tuple(
        FieldSpec.model_validate(f) for f in load_vocabulary_file("brief_fields.toml")["fields"]
    )
    names = [s.name for s in specs]
    if len(set(names)) != len(names):
        raise ValueError("brief_fields.toml: a field name is listed twice")
    return specs


def specs_named(names: list[str] | None) -> list[FieldSpec]:
    """The specs of ``names`` (all when None).

    Raises:
        ValueError: a name is not a field (the message lists the fields).
    """
    specs = field_specs()
    if not names:
        return list(specs)
    known = {s.name: s for s in specs}
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ValueError(
            f"unknown brief field(s) {', '.join(map(repr, unknown))}; fields: {', '.join(known)}"
        )
    return [known[n] for n in names]
