"""What ties the matrix's rows together: amendments, evaluation factors, UCF sections.

* **Amendments.** A document that amends or answers questions on another (its file name or
  title says amendment, modification, addendum, Q&A, questions and answers, enmienda,
  aclaraciones, preguntas y respuestas) is an amending
  document; it amends the documents of the same solicitation in the knowledge base (the
  same solicitation number, or the file-name stem it extends). Its row that restates a row
  of such a document with a change (they share ``AMENDS_OVERLAP`` of the shorter one's
  content words, but are not the same requirement, which ``also_in`` already merges)
  amends it: the amending row names the row it changes
  (``amends``) and the changed row names its amendments (``amended_by``).
* **Evaluation factors.** A row that names an evaluation factor ("Factor 2", "evaluated under
  Factor 1: Technical Approach") is linked to the rows of Section M, or of the section that
  defines that factor, that name it too (``evaluated_under``): an instruction is scored
  under that factor where the documents say so.
* **UCF sections.** In a federal solicitation in the Uniform Contract Format, a heading
  "SECTION L - INSTRUCTIONS..." (or the section's usual title, ``vocabulary/ucf.toml``)
  starts section L; each row carries the letter it sits in (``ucf_section``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from rfp_agents.ingest.titles import SOLICITATION_NUMBER
from rfp_agents.knowledge_base import DocumentRecord
from rfp_agents.text import content_terms, fold_accents
from rfp_agents.vocabulary import load_vocabulary_file

AMENDS_OVERLAP = 0.6
MIN_SHARED_TERMS = 4
MIN_STEM = 6
"""Characters a base file's name (without .pdf) needs to be an amendment's stem."""
QA_NAMES = (
    r"\bq\s*&\s*a\b|questions?[-_ ]+(?:and|&)[-_ ]+answers?|aclaraci|"
    r"preguntas?[-_ ]+y[-_ ]+respuestas?"
)
"""How a Q&A names itself ("Q&A", "questions and answers", "aclaraciones", "preguntas y
respuestas"), for both a Q&A and an amending document."""
AMENDING = re.compile(
    rf"amend|modif|addend|{QA_NAMES}|\bqa\b|enmienda|modificaci",
    re.IGNORECASE,
)
FACTOR = re.compile(r"\bfactor\s+(\d{1,2}|[ivx]{1,4}|[a-h])\b", re.IGNORECASE)
UCF_HEADING = re.compile(r"^\s*(?:PART\s+[IVX]+\s*[-–—:]\s*)?SECTION\s+([A-M])\b(?!\.\d)")
"""An explicit UCF heading, in capitals as the format prints it ("SECTION L - ...")."""


QUESTIONS_AND_ANSWERS = re.compile(rf"{QA_NAMES}|(?<![a-z])qa(?![a-z])", re.IGNORECASE)


def answers_questions(record: DocumentRecord) -> bool:
    """True for a Q&A (by name or title): vendors' requests ("Please provide the incumbent's
    name") sit in it beside the buyer's instructions."""
    return bool(
        QUESTIONS_AND_ANSWERS.search(record.source)
        or QUESTIONS_AND_ANSWERS.search(record.title[:200])
    )


def is_amending(record: DocumentRecord) -> bool:
    """True for an amendment, a modification, an addendum or a Q&A (by name or title)."""
    return bool(AMENDING.search(record.source) or AMENDING.search(record.title[:200]))


def amended_documents(records: Sequence[DocumentRecord]) -> dict[str, set[str]]:
    """Each amending document's file -> the files it amends: the documents of the same
    solicitation (they print one of its solicitation numbers, or their file names share
    a stem: "rfq.pdf" and "rfq-amendment-1.pdf"). An amendment whose base is not in the
    knowledge base amends nothing here."""
    numbers = {r.source: set(SOLICITATION_NUMBER.findall(r.title)) for r in records}
    bases = {}
    for record in records:
        if not is_amending(record):
            continue
        bases[record.source] = {
            other.source for other in records
            if other.source != record.source and not is_amending(other)
            and (numbers[record.source] & numbers[other.source]
                 or _same_stem(record.source, other.source))
        }  # fmt: skip
    return bases


def _same_stem(amending: str, base: str) -> bool:
    stem = re.sub(r"\.pdf$", "", base, flags=re.IGNORECASE)
    return len(stem) >= MIN_STEM and amending.lower().startswith(stem.lower())


def link_amendments(rows: Sequence, amended: dict[str, set[str]]) -> None:
    """Set ``amends`` / ``amended_by`` between rows of amending files and the rows of the
    files they amend that they restate with a change."""
    involved = set(amended) | {f for bases in amended.values() for f in bases}
    terms = {id(r): set(content_terms(r.requirement)) for r in rows if r.file in involved}
    for row in rows:
        if not amended.get(row.file):
            continue
        others = [r for r in rows if r.file in amended[row.file]]
        mine = terms[id(row)]
        best, best_share = None, 0.0
        for other in others:
            shared = mine & terms[id(other)]
            shorter = min(len(mine), len(terms[id(other)])) or 1
            share = len(shared) / shorter
            if len(shared) >= MIN_SHARED_TERMS and share > best_share:
                best, best_share = other, share
        if best is not None and best_share >= AMENDS_OVERLAP:
            row.amends = best.id
            best.amended_by.append(row.id)


def link_factors(rows: Sequence) -> None:
    """Set ``evaluated_under``: a row naming "Factor N" outside the section that scores it
    points at the rows of Section M (or of an evaluation section) that name the factor."""
    scoring = [r for r in rows if _scores(r)]
    for row in rows:
        if _scores(row):
            continue
        names = {_factor(m) for m in FACTOR.findall(row.requirement)}
        if not names:
            continue
        row.evaluated_under = [
            r.id for r in scoring if r.file == row.file or r.ucf_section == "M"
            if names & {_factor(m) for m in FACTOR.findall(r.requirement)}
        ][:3]  # fmt: skip


def ucf_section_of(line: str, in_ucf: bool = False) -> str:
    """The UCF letter a heading line starts, or "": "SECTION L - INSTRUCTIONS…", or, in a
    document already in the format (``in_ucf``), a section's title alone ("EVALUATION
    FACTORS FOR AWARD"; "STATEMENT OF WORK" elsewhere is not section C)."""
    found = UCF_HEADING.match(line)
    if found:
        return found.group(1)
    if not in_ucf:
        return ""
    folded = " ".join(fold_accents(line).lower().split()).strip(" .:-–")
    if len(folded) > 90 or line.strip() != line.strip().upper():  # titles are all capitals
        return ""
    return _titles().get(folded, "")


def _scores(row) -> bool:
    """A row of the section that scores proposals: Section M, or an evaluation heading."""
    return row.ucf_section == "M" or "evaluat" in row.section.lower()


def _factor(name: str) -> str:
    return name.lower()


@cache
def _titles() -> dict[str, str]:
    table = load_vocabulary_file("ucf.toml")["sections"]
    return {title: letter for letter, titles in table.items() for title in titles}
