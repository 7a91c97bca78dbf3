"""How complete and how clean a compliance matrix is, against requirements listed by hand.

A gold file has one JSON object a line: ``file``, ``set`` (``tuning`` or ``holdout``),
``page`` and ``quote`` (words of one mandatory requirement the bidder must meet, as the page
prints them). Every mandatory requirement of a listed document is in the file, or of the
pages its lines name in ``pages`` (``[first, last]``: a section of a long document; lines
of one document may name several sections that do not overlap), so:

* recall: the share of gold requirements a mandatory row holds (70% of the quote's content
  words are in the row);
* precision: the share of the document's mandatory rows that hold a gold requirement;
* page accuracy: the share of matched requirements whose row cites the gold page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rfp_agents.deliverables.matrix import Requirement
from rfp_agents.errors import UsageError
from rfp_agents.evaluation.questions import load_json_lines
from rfp_agents.text import content_terms

MATCH = 0.7


class GoldRequirement(BaseModel):
    model_config = ConfigDict(extra="forbid")

    file: str
    set: Literal["tuning", "holdout"]
    page: Annotated[int, Field(ge=1)]
    quote: str = Field(min_length=10)
    pages: tuple[Annotated[int, Field(ge=1)], Annotated[int, Field(ge=1)]] | None = Field(
        default=None,
        description="The pages the document's list covers, first and last (all if absent).",
    )

    @model_validator(mode="after")
    def _page_in_its_scope(self) -> GoldRequirement:
        if self.pages and not self.pages[0] <= self.page <= self.pages[1]:
            raise ValueError(f"page {self.page} is outside the listed pages {list(self.pages)}")
        return self


RECALL_BAR, PRECISION_BAR, PAGE_ACCURACY_BAR = 0.95, 0.90, 1.0
"""The bar issue 16 sets a document's matrix."""


class DocumentScore(BaseModel):
    file: str
    set: str
    gold: int
    mandatory_rows: int
    found: int = Field(description="Gold requirements a mandatory row holds.")
    true_rows: int = Field(description="Mandatory rows that hold a gold requirement.")
    right_pages: int = Field(description="Found requirements whose row cites the gold page.")
    recall: float
    precision: float
    page_accuracy: float
    missed: list[str] = Field(description="Gold requirements no mandatory row holds.")
    extra: list[str] = Field(description="Mandatory rows that hold no gold requirement.")

    @property
    def meets_the_bar(self) -> bool:
        return (
            self.recall >= RECALL_BAR
            and self.precision >= PRECISION_BAR
            and self.page_accuracy >= PAGE_ACCURACY_BAR
        )


class SetScore(BaseModel):
    """The documents of one set pooled: every gold requirement and every mandatory row
    counts once, so a long document weighs more than a short one."""

    set: str
    documents: int
    at_the_bar: int = Field(description="Documents whose own scores meet the bar.")
    gold: int
    mandatory_rows: int
    recall: float
    precision: float
    page_accuracy: float


def scores_by_set(scores: Sequence[DocumentScore]) -> list[SetScore]:
    """The pooled score of each set (tuning, holdout), in the order the sets first come."""
    pooled = []
    for name in dict.fromkeys(s.set for s in scores):
        of_set = [s for s in scores if s.set == name]
        gold, rows = sum(s.gold for s in of_set), sum(s.mandatory_rows for s in of_set)
        found = sum(s.found for s in of_set)
        pooled.append(
            SetScore(
                set=name,
                documents=len(of_set),
                at_the_bar=sum(s.meets_the_bar for s in of_set),
                gold=gold,
                mandatory_rows=rows,
                recall=round(found / gold, 3) if gold else 0.0,
                precision=round(sum(s.true_rows for s in of_set) / rows, 3) if rows else 0.0,
                page_accuracy=round(sum(s.right_pages for s in of_set) / found, 3)
                if found
                else 0.0,
            )
        )
    return pooled


def load_gold_requirements(path: Path) -> list[GoldRequirement]:
    """Read a gold requirement file; a bad line is a ``UsageError`` naming the line, and so
    are lines of one document whose ``pages`` overlap, or that name both every page and a
    section."""
    entries = load_json_lines(path, GoldRequirement)
    scopes: dict[str, set[tuple[int, int] | None]] = {}
    for entry in entries:
        scopes.setdefault(entry.file, set()).add(entry.pages)
    for file, pages in scopes.items():
        if len(pages) > 1 and (None in pages or _overlapping(pages)):
            named = ", ".join(str(list(p)) if p else "all" for p in sorted(pages, key=str))
            raise UsageError(f"{path}: the lines of {file} name overlapping pages: {named}")
    return entries


def _overlapping(sections: set[tuple[int, int] | None]) -> bool:
    ordered = sorted(s for s in sections if s is not None)
    return any(after[0] <= before[1] for before, after in pairwise(ordered))


def score_matrices(
    gold: Sequence[GoldRequirement], rows_of: Callable[[str], list[Requirement]]
) -> list[DocumentScore]:
    """One score per gold document; ``rows_of(file)`` builds that document's matrix."""
    scores = []
    for file in dict.fromkeys(g.file for g in gold):
        wanted = [g for g in gold if g.file == file]
        sections = _scope(wanted)
        rows = [
            r
            for r in rows_of(file)
            if r.strength == "mandatory"
            and any(a <= page <= b for page in r.pages_in(file) for a, b in sections)
        ]
        matched = {i: _row_holding(g, rows) for i, g in enumerate(wanted)}
        found = {i: row for i, row in matched.items() if row is not None}
        used = {id(row) for row in found.values()}
        true_rows = [r for r in rows if id(r) in used or _holds_any(r, wanted)]
        right_pages = sum(wanted[i].page in row.pages_in(file) for i, row in found.items())
        scores.append(
            DocumentScore(
                file=file,
                set=wanted[0].set,
                gold=len(wanted),
                mandatory_rows=len(rows),
                found=len(found),
                true_rows=len(true_rows),
                right_pages=right_pages,
                recall=round(len(found) / len(wanted), 3),
                precision=round(len(true_rows) / len(rows), 3) if rows else 0.0,
                page_accuracy=round(right_pages / len(found), 3) if found else 0.0,
                missed=[wanted[i].quote for i in matched if i not in found],
                extra=[r.requirement for r in rows if r not in true_rows],
            )
        )  # fmt: skip
    return scores


def _scope(wanted: Sequence[GoldRequirement]) -> list[tuple[float, float]]:
    """The sections a document's list covers (every page when its lines name none)."""
    named = {g.pages for g in wanted if g.pages}
    return sorted((float(a), float(b)) for a, b in named) or [(1, float("inf"))]


def _share(row: Requirement, quote: str) -> float:
    """The share of the quote's terms the row has."""
    terms = set(content_terms(quote))
    return len(terms & set(content_terms(row.requirement))) / len(terms) if terms else 0.0


def _holds(row: Requirement, quote: str) -> bool:
    return _share(row, quote) >= MATCH


def _row_holding(gold: GoldRequirement, rows: Sequence[Requirement]) -> Requirement | None:
    """The row that holds the gold line best: a row that shares most of its words on another
    page ("By the end of the second sprint, vendor shall establish a design research plan")
    is not taken for the requirement's own ("The design research plan shall be delivered by
    the end of the second sprint"). Among rows that hold as much of it, one on the gold
    line's page: each item of a list that runs over two pages holds its lead-in's words
    ("… billed on an hourly basis, list the following:"), and so does an item that repeats
    the lead-in's words ("The final hours billed")."""

    def fit(row: Requirement) -> tuple[float, bool]:
        return _share(row, gold.quote), gold.page in row.pages_in(gold.file)

    best = max(rows, key=fit, default=None)
    return best if best is not None and _holds(best, gold.quote) else None


def _holds_any(row: Requirement, gold: Sequence[GoldRequirement]) -> bool:
    return any(_holds(row, g.quote) for g in gold)
