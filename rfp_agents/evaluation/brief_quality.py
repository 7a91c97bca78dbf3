"""How right a brief is, against gold field values written by hand.

A gold file has one JSON object a line: ``file``, ``set`` (``tuning`` or ``holdout``),
``field`` (a brief field), ``expect`` (the phrases the value must hold, each maybe with
``|`` alternatives; null when the document does not state the field) and ``pages`` (where it
is stated). A field is right when it is "not stated" for a null ``expect``, or when its value
holds every phrase and cites one of the pages. A value that cites nothing is counted apart:
there must be none.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rfp_agents.deliverables.brief.fields import specs_named
from rfp_agents.deliverables.brief.models import Brief
from rfp_agents.evaluation.questions import load_json_lines
from rfp_agents.text import fold_accents


class GoldField(BaseModel):
    model_config = ConfigDict(extra="forbid")

    file: str
    set: Literal["tuning", "holdout"]
    field: str
    expect: list[str] | None = Field(description="Phrases the value holds; null: not stated.")
    pages: list[Annotated[int, Field(ge=1)]] = Field(default_factory=list)

    @field_validator("field")
    @classmethod
    def _a_brief_field(cls, value: str) -> str:
        specs_named([value])  # a ValueError names the fields there are
        return value


class FieldCheck(BaseModel):
    file: str
    set: str
    field: str
    right: bool
    value: str
    pages_cited: list[int]
    expected: list[str] | None


class BriefReport(BaseModel):
    by_set: dict[str, float] = Field(description="Share of gold fields right, by set.")
    not_stated_right: float = Field(description="Share of silent fields said 'not stated'.")
    uncited_values: int = Field(description="Found values that cite nothing (must be 0).")
    checks: list[FieldCheck]


def load_gold_fields(path: Path) -> list[GoldField]:
    """Read a gold brief file; a bad line (or an unknown field) is a ``UsageError``."""
    return load_json_lines(path, GoldField)


def check_briefs(gold: Sequence[GoldField], brief_of: Callable[[str], Brief]) -> BriefReport:
    """Score each document's brief (``brief_of(file)``, made once a file) on its gold fields."""
    briefs: dict[str, Brief] = {}
    checks = []
    uncited = 0
    for entry in gold:
        if entry.file not in briefs:
            briefs[entry.file] = brief_of(entry.file)
            uncited += sum(
                f.status == "found" and not f.citations for f in briefs[entry.file].fields
            )
        checks.append(_check(entry, briefs[entry.file]))
    by_set: dict[str, list[bool]] = {}
    for check in checks:
        by_set.setdefault(check.set, []).append(check.right)
    silent = [c.right for c in checks if c.expected is None]
    return BriefReport(
        by_set={s: round(sum(r) / len(r), 3) for s, r in by_set.items()},
        not_stated_right=round(sum(silent) / len(silent), 3) if silent else 1.0,
        uncited_values=uncited,
        checks=checks,
    )


def _check(entry: GoldField, brief: Brief) -> FieldCheck:
    field = brief.field(entry.field)
    pages = sorted({c.page_number for c in brief.citations if c.n in field.citations
                    and c.source_file == entry.file})  # fmt: skip
    if entry.expect is None:
        right = field.status == "not_stated"
    else:
        value = _folded(field.value)
        holds = all(
            any(_folded(option) in value for option in phrase.split("|")) for phrase in entry.expect
        )
        right = field.status == "found" and holds and bool(set(pages) & set(entry.pages))
    return FieldCheck(file=entry.file, set=entry.set, field=entry.field, right=right,
                      value=field.value, pages_cited=pages, expected=entry.expect)  # fmt: skip


def _folded(text: str) -> str:
    return " ".join(fold_accents(text).lower().split())
