"""Gold questions over real RFPs, and the checks that score answers against them.

A question file has one JSON object a line: ``id``, ``question``, ``domain``, ``kind``
(``single`` | ``multi`` | ``unanswerable``) and ``expected``: a list of ``{file, pages,
quote}``. Pages are 1-based physical PDF pages; the quote proves the page (a test checks
every quote against the PDF's text).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from rfp_agents.errors import UsageError, describe_validation_error
from rfp_agents.ingest.pdf_text import read_pdf_text

M = TypeVar("M", bound=BaseModel)


class ExpectedPassage(BaseModel):
    model_config = ConfigDict(extra="forbid")

    file: str
    pages: list[Annotated[int, Field(ge=1)]] = Field(min_length=1)
    quote: str = Field(min_length=5)


class GoldQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    question: str = Field(min_length=3)
    domain: Literal["legal", "technical", "financial"]
    kind: Literal["single", "multi", "unanswerable"]
    language: Literal["en", "es"] = Field(
        default="en", description="The language the question is asked in."
    )
    expected: list[ExpectedPassage] = Field(default_factory=list)

    @model_validator(mode="after")
    def _expected_matches_kind(self) -> GoldQuestion:
        if self.kind == "unanswerable" and self.expected:
            raise ValueError("an unanswerable question has no expected passages")
        if self.kind != "unanswerable" and not self.expected:
            raise ValueError(f"a {self.kind} question needs expected passages")
        return self

    def is_expected(self, source_file: str, page_number: int) -> bool:
        return any(source_file == e.file and page_number in e.pages for e in self.expected)


def load_questions(path: Path) -> list[GoldQuestion]:
    """Read a question file; a bad line is a ``UsageError`` naming the line."""
    return load_json_lines(path, GoldQuestion)


def load_json_lines(path: Path, model: type[M]) -> list[M]:
    """One ``model`` a line of a gold file (blank lines skipped); a bad line is a
    ``UsageError`` naming the file, the line and what is wrong."""
    entries = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            entries.append(model.model_validate(json.loads(line)))
        except (ValueError, ValidationError) as exc:
            reason = describe_validation_error(exc) if isinstance(exc, ValidationError) else exc
            raise UsageError(f"{path}:{number}: {reason}") from exc
    return entries


def squash(text: str) -> str:
    """Lower-case, quotes straightened, zero-width characters dropped, spaces collapsed."""
    text = unicodedata.normalize("NFKC", text).replace("\u200b", "")
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
    return " ".join(text.replace("\u201d", '"').split()).lower()


@lru_cache(maxsize=32)
def _page_texts(pdf: Path) -> tuple[str, ...]:
    pages = read_pdf_text(pdf.read_bytes(), max_pages=100_000).pages
    return tuple(squash(page) for page in pages)


def quote_pages(pdf: Path, quote: str) -> list[int]:
    """The 1-based pages of ``pdf`` whose text contains ``quote`` (normalised)."""
    wanted = squash(quote)
    return [n for n, text in enumerate(_page_texts(pdf), 1) if wanted in text]


def unproven(questions: Sequence[GoldQuestion], pdf_dir: Path) -> list[str]:
    """Expected passages whose quote is not on (one of) their pages, described."""
    problems = []
    for q in questions:
        for e in q.expected:
            found = quote_pages(pdf_dir / e.file, e.quote)
            if not set(found) & set(e.pages):
                problems.append(f"{q.id}: {e.quote!r} not on {e.file} {e.pages} (found {found})")
    return problems
