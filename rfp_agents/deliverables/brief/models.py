"""The brief as it crosses boundaries: ``rfp brief --json``, ``POST /api/brief``, the web page."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from rfp_agents.agents.citations import Citation

NOT_STATED = "Not stated in the documents."
NOT_READ = "Not read: the rule that reads this field failed on these documents (see warnings)."
FieldStatus = Literal["found", "not_stated", "unread"]
"""``unread``: the rule that reads the field raised an error; the documents may state it."""


class BriefField(BaseModel):
    """One fact of the brief: its value with ``[n]`` markers into the brief's citations."""

    name: str
    label: str
    domain: str
    status: FieldStatus
    value: str = Field(
        description="The value with [n] markers, 'Not stated in the documents.' or, when its "
        "rule failed, 'Not read: …'."
    )
    citations: list[int] = Field(default_factory=list, description="The [n] the value cites.")
    method: str = Field(description="cover (rule), offline (extractive) or llm (quoted).")
    iso: str = Field(
        default="",
        description="A date field's value in ISO 8601 (with the time when printed; a deadline "
        "counted from the proposals due date, resolved), '' otherwise (``when.py``).",
    )
    rule: str = Field(
        default="",
        description="What found the value: the cover rule (cover.issued-by, "
        "cover.labelled-number …), the phrasing asked (ask: …) or the model's quote; '' when "
        "not stated.",
    )
    warnings: list[str] = Field(default_factory=list)


class ConflictValue(BaseModel):
    value: str = Field(description="The date or amount as one document states it.")
    file: str
    page: int
    citation: int


class Conflict(BaseModel):
    """Two documents giving different values for one field, both cited."""

    field: str
    label: str
    values: list[ConflictValue] = Field(min_length=2)
    note: str = ""


class Risk(BaseModel):
    """A clause the bid team must weigh, with the sentence that says it."""

    name: str
    label: str
    why: str
    text: str = Field(description="The sentence, with its [n] marker.")
    citation: int
    file: str
    page: int


class ChecklistItem(BaseModel):
    """A line of the checklist: what it names and the sentence that says it."""

    key: str = Field(description="The clause or form number, the form's name, or the limit.")
    text: str = Field(description="The sentence, with its [n] marker.")
    citation: int
    file: str
    page: int


class Checklist(BaseModel):
    """What the bid must respect and carry (``checklist.py``), each cited."""

    page_limits: list[ChecklistItem] = Field(default_factory=list)
    forms: list[ChecklistItem] = Field(
        default_factory=list, description="Forms and certifications to complete or sign."
    )
    clauses: list[ChecklistItem] = Field(
        default_factory=list, description="Clauses and code sections incorporated by reference."
    )


class AmendmentChange(BaseModel):
    """A requirement an amending document restates with a change, and what it said before."""

    now: str = Field(description="The amending document's sentence, with its [n] marker.")
    citation: int
    was: str = Field(description="The amended document's sentence, with its [n] marker.")
    was_citation: int


class Amendment(BaseModel):
    """A document that amends or answers questions on others, and what it changes."""

    file: str
    amends: list[str] = Field(description="The files of the solicitation it amends.")
    changes: list[AmendmentChange] = Field(default_factory=list)


class Brief(BaseModel):
    """A one-page brief of a knowledge base's documents (or of the files named)."""

    knowledge_base: str
    documents: list[str]
    mode: Literal["offline", "llm"]
    fields: list[BriefField]
    conflicts: list[Conflict] = Field(default_factory=list)
    risks: list[Risk] = Field(default_factory=list)
    amendments: list[Amendment] = Field(default_factory=list)
    checklist: Checklist = Field(default_factory=Checklist)
    citations: list[Citation] = Field(description="Every passage a value or risk cites.")
    warnings: list[str] = Field(default_factory=list)

    def field(self, name: str) -> BriefField:
        return next(f for f in self.fields if f.name == name)
