"""The matrix's rows (``Requirement``) and how they are built (``requirements``): each
statement judged by the rules (``obligations.decide``) or a model, merged with the same
wording elsewhere, filed under a domain and a topic, and linked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable, Sequence
from functools import cache
from typing import Any, Literal, NamedTuple

import numpy as np
from pydantic import BaseModel, Field

from rfp_agents.deliverables.buyer import (
    buyer_aliases,
    buyer_opens,
)
from rfp_agents.deliverables.defined_names import (
    bidder_aliases,
    bidder_by_its_role,
    designated_roles,
)
from rfp_agents.deliverables.links import (
    amended_documents,
    answers_questions,
    link_amendments,
    link_factors,
)
from rfp_agents.deliverables.matrix.lists import (
    _is_bare_phrase,
)
from rfp_agents.deliverables.matrix.reader import (
    statements,
)
from rfp_agents.deliverables.model_review import StatementReview
from rfp_agents.deliverables.obligations import (
    Decision,
    Strength,
    confirmed_strength,
    decide,
    is_instruction,
)
from rfp_agents.deliverables.topics import topic_of
from rfp_agents.deliverables.wording import (
    ANSWER_START,
    BIDDER_NAME,
    INTRODUCTORY_PHRASE,
)
from rfp_agents.domains import DOMAINS, blend, classify_text, domain_descriptions
from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase
from rfp_agents.text import (
    content_terms,
    fold_accents,
)


class Requirement(BaseModel):
    """One row of the compliance matrix, with empty ``response`` and ``owner`` for the team."""

    id: str = Field(description="R-0001, R-0002... in document and page order.")
    requirement: str = Field(description="The whole sentence or list item, clean text.")
    strength: Strength
    judged_by: Literal["rules", "model"] = Field(
        default="rules",
        description="Who judged that it binds the bidder: the wording rules or the chat model.",
    )
    rule: str = Field(
        default="",
        description="The id of the rule that decided its strength (``rules/``; "
        "``model.review`` when the chat model judged it): ``rfp matrix --explain`` shows it.",
    )
    rule_match: str = Field(
        default="", description="The words the rule matched, where its pattern names some."
    )
    domain: Literal["legal", "technical", "financial"] = Field(
        description="The domain agent whose analyst answers it (``_DomainFiler``)."
    )
    topic: str = Field(
        description="What it is about (``topics.py``): submission, evaluation, insurance, "
        "security, reporting, payment, staffing, deliverables, schedule, legal, scope or other."
    )
    section: str = Field(default="", description="The numbered heading it sits under.")
    file: str
    page: int = Field(ge=1)
    last_page: int | None = Field(
        default=None,
        ge=1,
        description="The page it ends on when a page break cuts it (else its own page).",
    )
    chunk_id: str
    also_in: list[str] = Field(
        default_factory=list, description="The same requirement elsewhere: 'file p. N'."
    )
    ucf_section: str = Field(default="", description="UCF section letter (B, C, L, M...).")
    amends: str = Field(default="", description="The row of another document this changes.")
    amended_by: list[str] = Field(
        default_factory=list, description="Rows of amendments or Q&A that change this one."
    )
    evaluated_under: list[str] = Field(
        default_factory=list, description="Rows of the evaluation factor it is scored under."
    )
    response: str = ""
    owner: str = ""
    status: str = Field(
        default="",
        description="After ``rfp matrix update``: unchanged, changed, new or removed "
        "(``matrix_update.py``); '' in a first draft.",
    )
    was: str = Field(default="", description="A changed row's wording in the old matrix.")

    def pages_in(self, file: str) -> list[int]:
        """Every page of ``file`` the requirement is stated on: its own (and the next ones a
        page break carried it over to), then ``also_in``'s."""
        own = list(range(self.page, (self.last_page or self.page) + 1)) if self.file == file else []
        return own + [
            int(found.group(1))
            for place in self.also_in
            if place.startswith(f"{file} p. ") and (found := PLACE_PAGE.search(place))
        ]


PLACE_PAGE = re.compile(r" p\. (\d+)$")
"""The page of an ``also_in`` place ("rfp.pdf p. 4")."""


def requirements(
    kb: KnowledgeBase,
    documents: Sequence[str] | None = None,
    on_document: Callable[[str, int, int], None] | None = None,
    review: StatementReview | None = None,
) -> list[Requirement]:
    """The requirement rows of ``kb``'s documents (all, or the files named in ``documents``).

    ``on_document(source, index, total)`` is called before each document is read. With a
    ``review`` (a chat model: ``model_review.py``), the model judges which statements bind
    the bidder, and the rules judge what it leaves; without one, the rules judge them all.

    Raises:
        DocumentNotFound: a file of ``documents`` is not in the knowledge base (before any
            document is read).
    """
    records = kb.documents() if documents is None else kb.documents_named(documents)
    matrix = MatrixBuilder(kb)
    for index, record in enumerate(records):
        if on_document:
            on_document(record.source, index, len(records))
        matrix.add(record, judged_statements(kb, record, review, known=matrix.first))
    return matrix.rows_linked()


class Judged(NamedTuple):
    """A statement of a document and who judged how strongly it binds the bidder."""

    text: str
    meta: dict[str, Any]
    key: str
    """What makes two statements one requirement (``wording_key``)."""
    strength: Strength | None
    by_model: bool
    rule: str = ""
    """The id of the rule that decided ``strength`` (``MODEL_RULE`` for the model's)."""
    matched: str = ""


MODEL_RULE = "model.review"
"""The ``rule`` of a row the chat model judged (``model_review.py``)."""


def judged_statements(
    kb: KnowledgeBase,
    record: DocumentRecord,
    review: StatementReview | None = None,
    known: Container[str] = (),
) -> list[Judged]:
    """Each statement of ``record`` (``statements``) with its strength: the rules', or the
    model's where ``review`` judged it. A statement whose wording is ``known`` (a row of a
    document read before) is not judged: it only adds a place to that row."""
    in_qa = answers_questions(record)
    stated = list(statements(kb, record.source, in_questions_and_answers=in_qa))
    keys = [wording_key(text) for text, _ in stated]
    unseen = [i for i, key in enumerate(keys) if key not in known]
    decisions = decisions_by_rules(stated, unseen, in_qa)
    strengths = {index: decision.strength for index, decision in decisions.items()}
    by_model: set[int] = set()
    if review is not None:
        strengths, by_model = review.review(record.source, stated, strengths)
    judged = []
    for index, (text, meta) in enumerate(stated):
        decision = decisions.get(index)
        rule, matched = (decision.rule, decision.matched) if decision else ("", "")
        if index in by_model:
            rule, matched = MODEL_RULE, ""
        judged.append(
            Judged(text, meta, keys[index], strengths.get(index), index in by_model, rule, matched)
        )
    return judged


class MatrixBuilder:
    """The rows of a knowledge base's matrix, built document by document in reading order:
    a statement stated again (in another document or on another page) adds its place to the
    first row (``also_in``); each new row gets its domain, topic and the next id."""

    def __init__(self, kb: KnowledgeBase):
        self.kb = kb
        self.rows: list[Requirement] = []
        self.first: dict[str, Requirement] = {}
        """The row of each wording (``wording_key``) met so far."""
        self._filer = _DomainFiler(kb)

    def add(self, record: DocumentRecord, judged: Iterable[Judged]) -> None:
        """The rows of ``record``'s judged statements, in order."""
        self._filer.read(record)
        for statement in judged:
            meta = statement.meta
            seen = self.first.get(statement.key)
            if seen is not None:
                place = f"{meta['source']} p. {meta['page_number']}"
                elsewhere = (seen.file, seen.page) != (meta["source"], meta["page_number"])
                if elsewhere and place not in seen.also_in:
                    seen.also_in.append(place)
                continue
            if statement.strength is None:
                continue
            self.first[statement.key] = self._row(statement)
            self.rows.append(self.first[statement.key])

    def _row(self, judged: Judged) -> Requirement:
        text, meta = judged.text, judged.meta
        section = str(meta.get("section", ""))
        return Requirement(
            id=f"R-{len(self.rows) + 1:04d}",
            requirement=text,
            strength=judged.strength,
            judged_by="model" if judged.by_model else "rules",
            rule=judged.rule,
            rule_match=judged.matched,
            domain=self._filer.domain(text, section, str(meta["chunk_id"])),
            topic=topic_of(text, section),
            section=section,
            ucf_section=str(meta.get("ucf_section", "")),
            file=str(meta["source"]),
            page=int(meta["page_number"]),
            last_page=int(meta.get("last_page") or meta["page_number"]),
            chunk_id=str(meta["chunk_id"]),
        )

    def rows_linked(self) -> list[Requirement]:
        """The rows, amendments and evaluation factors linked (``links.py``)."""
        link_amendments(self.rows, amended_documents(self.kb.documents()))
        link_factors(self.rows)
        return self.rows


def _strengths_by_rules(
    stated: Sequence[tuple[str, dict[str, Any]]], indexes: Sequence[int], in_qa: bool
) -> dict[int, Strength | None]:
    """The rules' strength of each statement of ``indexes`` (``decisions_by_rules``)."""
    return {i: d.strength for i, d in decisions_by_rules(stated, indexes, in_qa).items()}


def decisions_by_rules(
    stated: Sequence[tuple[str, dict[str, Any]]], indexes: Sequence[int], in_qa: bool
) -> dict[int, Decision]:
    """The rules' decision on each statement of ``indexes`` (``obligations.decide``), or
    the context's (``rules/en/context.toml``): a Q&A's question confirmed by a bare yes, a
    phrase among instructions, a statement that goes on with the bidder's work. Its
    strength is None for what binds no bidder."""
    aliases = buyer_aliases(text for text, _ in stated)
    bidders_names = bidder_aliases(text for text, _ in stated) | designated_roles(
        text for text, _ in stated
    )
    resolved = _with_the_parties_named(stated, bidders_names)
    among_instructions = _among_instructions(stated)
    decisions: dict[int, Decision] = {}
    for index in indexes:
        text, meta = stated[index]
        decision = decide(
            resolved[index],
            in_questions_and_answers=in_qa and not meta.get("in_answer"),
            in_standards_table=bool(meta.get("in_standards_table")),
            buyer_aliases=aliases,
            bidder_aliases=bidders_names,
        )
        if meta.get("confirmed"):  # "Is a bid bond required? Yes."
            decision = Decision(confirmed_strength(text), "context.confirmed-yes")
        elif decision.strength is None and index in among_instructions and not in_qa:
            # "c. Exceptions (if any) to the contract." after "b. Return …"
            decision = Decision("mandatory", "context.among-instructions")
        elif (
            decision.strength is None
            and index
            and _goes_on_with_the_bidders_work(text, stated[index - 1][0])
        ):
            before = decisions.get(index - 1)
            strength = before.strength if before else None
            decision = Decision(strength, "context.goes-on-with-the-bidders-work")
        decisions[index] = decision
    return decisions


def _with_the_parties_named(
    stated: Sequence[tuple[str, dict[str, Any]]], bidders_names: frozenset[str]
) -> list[str]:
    """Each statement with the bidder's defined names and roles read as the bidder
    (``bidder_by_its_role``) and its opening pronoun as the party the statement before names
    (``_with_the_party_for_its_pronoun``), that statement read so first: a chain of them
    ("The Technical Lead must …", "This person will ensure …", "They will also manage …")
    goes back to the bidder's role."""
    resolved: list[str] = []
    previous = ""
    for text, _ in stated:
        named = bidder_by_its_role(text, bidders_names) if bidders_names else text
        previous = _with_the_party_for_its_pronoun(named, previous)
        resolved.append(previous)
    return resolved


def _with_the_party_for_its_pronoun(text: str, previous: str) -> str:
    """``text`` with the bidder for the pronoun that opens it, when the sentence before
    opened with the bidder ("The contractor will also assist with …", then "They will
    contribute to documents for compliance reviews"): the pronoun names it. "It" is left
    alone: after the bidder it is as often the thing the bidder delivers. So is a person the
    sentence before had the bidder name ("The contractor shall name a project manager.",
    then "This manager will attend the monthly reviews"): "this" points back at the same
    noun, one of the bidder's people. After a sentence the buyer opens ("The Product Owner
    is the project's key stakeholder.", then "They are responsible for …"), the pronoun is
    the buyer's."""
    if not BIDDER_OPENS.match(previous):
        if BUYERS_PRONOUN.match(text) and buyer_opens(fold_accents(previous)):
            return BUYERS_PRONOUN.sub("The Agency ", text, count=1)
        return text
    if PRONOUN_BEFORE_ITS_VERB.match(text):
        return PRONOUN_BEFORE_ITS_VERB.sub("The contractor ", text, count=1)
    person = THE_PERSON_NAMED_BEFORE.match(text) or THE_PEOPLE_NAMED_BEFORE.match(text)
    if person and (
        person.group("noun").lower() in ANY_PERSON
        or re.search(rf"\b{person.group('noun')}\b", previous, re.IGNORECASE)
    ):
        return f"The contractor{text[person.end() :]}"
    return text


ANY_PERSON = ("person", "individual")
"""Nouns that point back at whoever the sentence before opened with ("The contractor's lead
will chair the reviews.", then "This person will ensure …"), named so or not."""


THE_PERSON_NAMED_BEFORE = re.compile(
    r"^\W*(?:This|That|Such|The\s+same)\s+(?P<noun>individual|person|employee|manager|lead|"
    r"representative|coordinator)\b(?=[^.;]{0,40}?\b(?:will|shall|must)\b)",
    re.IGNORECASE,
)


THE_PEOPLE_NAMED_BEFORE = re.compile(
    r"^\W*(?P<noun>Personnel|Staff|Employees)(?=\s+(?:will|shall|must)\b)"
)
"""The bidder's people named bare, after a sentence the bidder opened that names them
("Contractor personnel shall hold a Secret clearance.", then "Personnel will submit for a
background investigation …"): the same people."""


def _goes_on_with_the_bidders_work(text: str, previous: str) -> bool:
    """True when ``text`` says, in the passive and naming no one, what becomes of the work
    the sentence before gave the bidder ("The contractor will document the interfaces.",
    then "The interfaces will be listed and their versions recorded."): it is the same
    bidder's work, as binding as that sentence. What is done by someone it names ("… will be
    reviewed by the COR") is not, nor what becomes of a thing no one makes ("Invoices will be
    paid …"). So is what a document that sentence had the bidder write will hold
    (``DELIVERABLE_CONTENTS``)."""
    if not BIDDER_OPENS.match(previous):
        return False
    contents = DELIVERABLE_CONTENTS.match(text)
    return bool(
        WORK_PRODUCT_PASSIVE.match(text)
        or (contents and re.search(rf"\b{_last_word(contents.group('noun'))}\b", previous, re.I))
    )


WORK_PRODUCT_PASSIVE = re.compile(
    r"^\W*(?:the|all|each|these|such|its|their)\s+[^.;,]{0,60}?\bwill\s+(?:also\s+)?be\s+"
    r"(?:listed|documented|recorded|tracked|updated|maintained|tested|stored|kept|prepared|"
    r"written|delivered|provided|submitted)\b(?![^.;]*\bby\b)",
    re.IGNORECASE,
)


def _last_word(noun: str) -> str:
    """The head of a noun written with a slash ("SOP/Plan" -> "Plan"), as the sentence before
    may have bracketed the rest ("Standing Operating Procedure (SOP)/Plan")."""
    return re.escape(noun.split("/")[-1])


DELIVERABLE_CONTENTS = re.compile(
    r"^\W*(?:This|That|The|Such|Each)\s+(?P<noun>(?:[\w-]+/)?(?:plan|report|schedule|"
    r"procedures?|SOP|manual|guide|roadmap|assessment|analysis|summary|package|briefing)s?)"
    r"\s+will\s+(?:also\s+)?(?:include|contain|describe|identify|address|list|outline|explain)\b",
    re.IGNORECASE,
)
"""What a document the sentence before had the bidder make will hold ("The contractor shall
develop an OPSEC Plan.", then "This Plan will include the critical information …"): the
contents the bidder must put in it. A document the bidder writes, not the contract or a
meeting, whose contents are the buyer's to set."""


PRONOUN_BEFORE_ITS_VERB = re.compile(
    r"^\W*(?:They|He or she|She or he)\s+(?=(?:will|shall|must)\b)"
)
BUYERS_PRONOUN = re.compile(
    r"^\W*(?:They|He|She|He or she|She or he)\s+(?=(?:will|shall|must|is|are)\b)"
)
"""A pronoun opening a sentence before its verb, which the sentence before may have named
as the buyer's official."""
BIDDER_OPENS = re.compile(
    r"^\W*(?:\d{1,3}(?:\.\d{1,3})*\.?\s+)?"  # the paragraph's number
    rf"(?:{INTRODUCTORY_PHRASE})?(?:the\s+)?(?:successful\s+|selected\s+)?{BIDDER_NAME}"
    r"\b(?!['’]s)",
    re.IGNORECASE,
)
"""The bidder as the subject opening a sentence, also after an introductory phrase ("Within
five days after award, the Contractor shall name …") or its paragraph's number ("2.1.4 The
Contractor shall …")."""


INSTRUCTION_REACH = 3
"""How many statements before and after a bare phrase are looked at for instructions."""


def _among_instructions(stated: Sequence[tuple[str, dict[str, Any]]]) -> set[int]:
    """The indexes of the bare phrases set among instructions ("b. Return Attachment A.",
    "c. Exceptions (if any) to the two-party contract, Attachment B.", "e. State your
    payment preference."): a list of what the offer carries, whose items share their force
    though one names a thing without a verb. An instruction within ``INSTRUCTION_REACH``
    before it and one after, on its page and under its section."""
    places = [(meta.get("page_number"), meta.get("section")) for _, meta in stated]

    @cache
    def instructs(at: int) -> bool:  # asked only of a bare phrase's neighbours
        return is_instruction(stated[at][0])

    def instruction_near(index: int, step: int) -> bool:
        reach = range(index + step, index + step * (INSTRUCTION_REACH + 1), step)
        return any(
            0 <= at < len(stated) and places[at] == places[index] and instructs(at) for at in reach
        )

    return {
        index
        for index, (text, meta) in enumerate(stated)
        if _is_bare_phrase(text)
        and not meta.get("in_standards_table")  # a QASP's method cell ("Combination of …")
        and instruction_near(index, -1)
        and instruction_near(index, 1)
    }


class _DomainFiler:
    """Files each row under legal, technical or financial with the router's classifier
    (``domains.blend``): the domain terms of the row and of its heading ("3.2 Information
    security"), and its chunk's similarity to each domain's description. One sentence seldom
    names a domain term ("Offerors may be required to participate in oral presentations");
    its heading and the passage around it tell what it is about. The chunk vectors are the
    ones ingest stored (nothing is embedded but the three descriptions, with the knowledge
    base's own model), read a document at a time."""

    def __init__(self, kb: KnowledgeBase):
        self.kb = kb
        self.descriptions = domain_descriptions(kb.embeddings())
        self.similarity: dict[str, np.ndarray] = {}

    def read(self, record: DocumentRecord) -> None:
        """Hold the similarities of ``record``'s chunks (and only those)."""
        got = self.kb.chunks.get(where={"doc_id": record.doc_id}, include=["embeddings"])
        vectors = got["embeddings"] if got["embeddings"] is not None else []
        self.similarity = {
            chunk_id: self.descriptions.similarity(vector)
            for chunk_id, vector in zip(got["ids"], vectors, strict=True)
        }

    def domain(self, requirement: str, section: str, chunk_id: str) -> str:
        lexicon = classify_text(f"{section}\n{requirement}")
        similarity = self.similarity.get(chunk_id, np.zeros(len(DOMAINS)))
        return DOMAINS[int(blend(lexicon, similarity).argmax())]


def wording_key(text: str) -> str:
    """What makes two rows one requirement: the same key terms and the same designators.
    Key terms alone let two wordings of one sentence merge ("the contract" / "this
    Contract"); a designator is a capital letter or a digit standing alone, which they drop,
    and "Attachment B shall be submitted" is not "Attachment C shall be submitted". A Q&A's
    answer label ("A24:") is no part of the wording: two answers that say the same merge."""
    text = ANSWER_START.sub("", text)
    designators = DESIGNATOR.findall(text)
    return " ".join([*content_terms(text), "|", *designators])


DESIGNATOR = re.compile(r"\b[A-Z0-9]\b")
