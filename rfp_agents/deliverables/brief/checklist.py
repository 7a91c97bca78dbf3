"""The brief's checklist: page limits, forms and certifications to hand in, and clauses
incorporated by reference, each with the sentence that says it.

The documents are read as the compliance matrix reads them (``matrix.statements``: page by
page, list items joined to their lead-in):

* page limits: statements the matrix rule ``duty.length-limit`` decides ("The technical
  volume shall not exceed 20 pages"), one per limit's wording;
* forms and certifications: a numbered government form ("Standard Form 1449", "SF 330",
  "DD Form 254", "Form W-9") or a certification, affidavit or declaration the bidder signs,
  one line per form;
* clauses: a FAR or DFARS clause number ("52.212-4", "252.204-7012"), or a section of a code
  or statute ("§ 12-345"), one line per clause, its first mention cited.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rfp_agents.agents.evidence import Evidence
from rfp_agents.deliverables import rules
from rfp_agents.text import content_terms, fold_accents

SECTIONS = ("page_limits", "forms", "clauses")
MAX_ITEMS = {"page_limits": 20, "forms": 30, "clauses": 80}
"""Lines a section lists at most: a long solicitation cites a clause list of dozens."""
MAX_SENTENCE_CHARACTERS = 400
"""A longer statement is a clause list or a paragraph run on; its first mention is cited."""
CLAUSE = re.compile(
    r"(?<![\d.-])(?:52|252)\.\d{3}-\d{1,4}(?![\d-])"
    r"|§{1,2}\s*\d[\w.:-]*\d"
)
"""A FAR (52.xxx-x) or DFARS (252.xxx-xxxx) clause number, or a section sign and its
number ("§ 12-345")."""
FORM = re.compile(
    r"\b((?:(?:Standard|Optional)\s+Form|SF|OF|(?:[A-Z]{2,5}\s+)?Form)\s*[-#]?\s*"
    r"(?:[A-Z]{1,3}-)?(?!(?:19|20)\d{2}\b)\d{2,5}[A-Z]?)\b"
    r"|\b(Form\s+W-\d{1,2}[A-Z]?)\b"
    r"|\b((?:(?!(?:This|That|The|Such|Each|Any|A|An|Signed|Completed)\s)[A-Z][\w'’-]*\s+){1,6}"
    r"(?:Certification|Certificate|Affidavit|Declaration|Attestation)"
    r"|(?:Certification|Certificate|Affidavit|Declaration|Attestation)\s+(?i:of|on|regarding|for)"
    r"\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,5})"
)
"""A form named by its number ("Standard Form 1449", "SF 330", "DD Form 254", "Form W-9"; a
year is no form number), or a certification the bidder signs, named in capitals by what it
certifies ("Non-Collusion Affidavit", "Certification Regarding Lobbying"); a bare
"Certificate" or "This Affidavit" names none."""


@dataclass(frozen=True)
class FoundItem:
    """A line of the checklist: its section, what it names, and the sentence that says it."""

    section: str
    key: str
    sentence: str
    evidence: Evidence


def find_checklist(kb_name: str, stated: Iterable[tuple[str, dict[str, Any]]]) -> list[FoundItem]:
    """The checklist of the statements of a knowledge base's documents
    (``matrix.documents_statements``): the page limits, then the forms, then the clauses."""
    found: dict[str, list[FoundItem]] = {section: [] for section in SECTIONS}
    seen: set[tuple[str, str]] = set()
    length_limit = rules.pattern("duty.length-limit")
    for sentence, meta in stated:
        keys = []  # (section, what makes two lines one, what the line names)
        if limit := length_limit.search(fold_accents(sentence)):
            wording = " ".join(content_terms(sentence))
            keys.append(("page_limits", wording, " ".join(limit.group(0).split())))
        keys += [("forms", key, key) for key in _forms(sentence)]
        keys += [("clauses", key, key) for key in _clauses(sentence)]
        for section, same, key in keys:
            if (section, same) in seen or len(found[section]) >= MAX_ITEMS[section]:
                continue
            seen.add((section, same))
            evidence = Evidence.from_chunk(kb_name, sentence, meta, "find_checklist")
            found[section].append(
                FoundItem(section, key, sentence[:MAX_SENTENCE_CHARACTERS], evidence)
            )
    return [item for section in SECTIONS for item in found[section]]


def _forms(sentence: str) -> list[str]:
    """The forms a sentence names, each once, by the words that name it ("Standard Form
    1449", "DD Form 254", "Form W-9", "Non-Collusion Affidavit")."""
    keys = []
    for found in FORM.finditer(sentence):
        number, w_form, certification = found.groups()
        key = number or w_form or " ".join(certification.split()).strip("'’")
        if key not in keys:
            keys.append(key)
    return keys


def _clauses(sentence: str) -> list[str]:
    return list(dict.fromkeys(" ".join(m.group(0).split()) for m in CLAUSE.finditer(sentence)))
