"""The compliance matrix: every requirement statement of a knowledge base's documents.

A bid team "shreds" a solicitation into the list of what the bidder must (or should) do, each
with its section and page, and answers it line by line. ``requirements`` reads each document
page by page in reading order (the page's chunks joined where they overlap), splits it into
sentences and list items, and keeps the statements that bind the bidder, ``mandatory`` or
``advisory`` (``obligations.py`` says which, and which bind no one). A Q&A's questions are
left out, even when they quote a requirement (the whole question, from "Q7:" to the answer
"A7:"). A lead-in that ends with a colon ("The Contractor shall:") is joined to each of its
items. The same requirement in several documents is one row citing each place
(``also_in``); amendments, evaluation factors and UCF sections link rows (``links.py``).
Each row carries its domain (``_DomainFiler``: the router's classifier on the row, its
heading and its chunk), a topic (``topics.py``: the row's words and its heading's), the
numbered heading it sits under, and the file, page and chunk it comes from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from itertools import tee, zip_longest
from typing import Any, Literal, NamedTuple

import numpy as np
from pydantic import BaseModel, Field

from rfp_agents.deliverables.buyer import (
    BUYERS_RIGHT,
    binds_the_buyer,
    buyer_aliases,
    buyer_opens,
    furnished_by_the_buyer,
    lists_the_buyers_acts,
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
    ucf_section_of,
)
from rfp_agents.deliverables.model_review import StatementReview
from rfp_agents.deliverables.obligations import (
    DESCRIBES_THE_DOCUMENT,
    FINITE_VERB,
    NAMES_THE_LAST_A_REQUIREMENT,
    NOTICE,
    QUESTION_NUMBER,
    Strength,
    confirmed_strength,
    has_modal_verb,
    heads_requirements,
    is_instruction,
    strength_of,
)
from rfp_agents.deliverables.topics import topic_of
from rfp_agents.deliverables.wording import (
    ANSWER_START,
    BIDDER_NAME,
    CLAUSE_NUMBER,
    INTRODUCTORY_PHRASE,
)
from rfp_agents.domains import DOMAINS, blend, classify_text, domain_descriptions
from rfp_agents.headings import (
    LOWER_CASE_MODAL,
    contents_end,
    is_fragment,
    is_title_case,
    looks_like_title,
)
from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase
from rfp_agents.text import (
    BARE_MARKER,
    CONTINUES,
    ITEM_BEFORE_THE_LAST,
    ITEM_MARKER,
    QA_ENTRY_NUMBER,
    RUN_IN_LIST_VERBS,
    answer_sentences,
    content_terms,
    fold_accents,
    join_overlapping,
    next_clause_number,
    next_marker,
    opens_a_wide_line,
    table_cells,
)

MIN_REQUIREMENT_CHARACTERS = 25
MIN_INSTRUCTION_CHARACTERS = 15
MAX_REQUIREMENT_CHARACTERS = 1500
MAX_ITEM_CHARACTERS = 300
MAX_ITEMS = 30
"""Items joined to one lead-in at most (a list that never ends is a misread)."""
MAX_DUTY_ITEM_CHARACTERS = 150
"""An item of a list of phrases that says its own duty is a line or two long."""
UNFINISHED = r"that|which|who|whom|whose|and|or|of|the|a|an|to|for|in|on|with|by|at|from|as"
"""Words a clause does not end on."""
ITEM_NUMBER = re.compile(r"^\s*(\d{1,2})[.)]?\s+\D")
"""A numbered item's number ("2. The contract value"), one level only: ``_sections`` reads
whether a numbered line goes on the list before it (``text.ITEM_MARKER`` finds a marker but
does not capture its number)."""


class Requirement(BaseModel):
    """One row of the compliance matrix, with empty ``response`` and ``owner`` for the team."""

    id: str = Field(description="R-0001, R-0002... in document and page order.")
    requirement: str = Field(description="The whole sentence or list item, clean text.")
    strength: Strength
    judged_by: Literal["rules", "model"] = Field(
        default="rules",
        description="Who judged that it binds the bidder: the wording rules or the chat model.",
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
    """What makes two statements one requirement (``_wording``)."""
    strength: Strength | None
    by_model: bool


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
    keys = [_wording(text) for text, _ in stated]
    unseen = [i for i, key in enumerate(keys) if key not in known]
    strengths = _strengths_by_rules(stated, unseen, in_qa)
    by_model: set[int] = set()
    if review is not None:
        strengths, by_model = review.review(record.source, stated, strengths)
    return [
        Judged(text, meta, keys[index], strengths.get(index), index in by_model)
        for index, (text, meta) in enumerate(stated)
    ]


class MatrixBuilder:
    """The rows of a knowledge base's matrix, built document by document in reading order:
    a statement stated again (in another document or on another page) adds its place to the
    first row (``also_in``); each new row gets its domain, topic and the next id."""

    def __init__(self, kb: KnowledgeBase):
        self.kb = kb
        self.rows: list[Requirement] = []
        self.first: dict[str, Requirement] = {}
        """The row of each wording (``_wording``) met so far."""
        self._filer = _DomainFiler(kb)

    def add(self, record: DocumentRecord, judged: Iterable[Judged]) -> None:
        """The rows of ``record``'s judged statements, in order."""
        self._filer.read(record)
        for text, meta, key, strength, by_model in judged:
            seen = self.first.get(key)
            if seen is not None:
                place = f"{meta['source']} p. {meta['page_number']}"
                elsewhere = (seen.file, seen.page) != (meta["source"], meta["page_number"])
                if elsewhere and place not in seen.also_in:
                    seen.also_in.append(place)
                continue
            if strength is None:
                continue
            self.first[key] = self._row(text, meta, strength, by_model)
            self.rows.append(self.first[key])

    def _row(
        self, text: str, meta: dict[str, Any], strength: Strength, by_model: bool
    ) -> Requirement:
        section = str(meta.get("section", ""))
        return Requirement(
            id=f"R-{len(self.rows) + 1:04d}",
            requirement=text,
            strength=strength,
            judged_by="model" if by_model else "rules",
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
    """The rules' strength of each statement of ``indexes`` (``obligations.strength_of``):
    None for what binds no bidder."""
    aliases = buyer_aliases(text for text, _ in stated)
    bidders_names = bidder_aliases(text for text, _ in stated) | designated_roles(
        text for text, _ in stated
    )
    resolved = _with_the_parties_named(stated, bidders_names)
    among_instructions = _among_instructions(stated)
    strengths: dict[int, Strength | None] = {}
    for index in indexes:
        text, meta = stated[index]
        strength = strength_of(
            resolved[index],
            in_questions_and_answers=in_qa and not meta.get("in_answer"),
            in_standards_table=bool(meta.get("in_standards_table")),
            buyer_aliases=aliases,
            bidder_aliases=bidders_names,
        )
        if meta.get("confirmed"):
            strength = confirmed_strength(text)  # "Is a bid bond required? Yes."
        elif strength is None and index in among_instructions and not in_qa:
            strength = "mandatory"  # "c. Exceptions (if any) to the contract." after "b. Return …"
        elif (
            strength is None
            and index
            and _goes_on_with_the_bidders_work(text, stated[index - 1][0])
        ):
            strength = strengths.get(index - 1)
        strengths[index] = strength
    return strengths


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


def _is_bare_phrase(text: str) -> bool:
    """A thing named in a sentence of its own ("Exceptions (if any) to the contract,
    Attachment B."): a capital and a full stop, no verb, not a line in capitals nor a
    pronoun's sentence ("This includes …")."""
    return (
        text.rstrip().endswith(".")
        and len(text) >= MIN_REQUIREMENT_CHARACTERS
        and text[:1].isupper()
        and ":" not in text  # a form's field ("SWaM Certified: Yes: No:")
        and not PRONOUN_SUBJECT.match(text)
        and not IN_CAPITALS.match(text)
        and not FINITE_VERB.search(text)
        and not has_modal_verb(text)
    )


def _is_title_with_a_stop(text: str) -> bool:
    """A bare phrase in title case ("Obligations in the Event of a Breach."): the title of
    the next clause, run in before its first sentence, not an item of a list of
    instructions."""
    return _is_bare_phrase(text) and is_title_case(f"- {text.rstrip(' .')}")


def _is_bare_heading(text: str) -> bool:
    """A heading on its own line, as a text layer without numbers or fonts gives it
    ("Welding", "Design, Materials", "Gas analysis requirements"): a capital, a few words,
    no verb and no closing punctuation."""
    return (
        text[:1].isupper()
        and len(text.split()) <= MAX_BARE_HEADING_WORDS
        and not FINISHED.search(text)
        and not BARE_MARKER.match(text)
        and not _has_a_verb(text)
        and not is_instruction(text)  # "Document the interfaces", an item of duties
    )


MAX_BARE_HEADING_WORDS = 4


def _is_run_in_title(text: str) -> bool:
    """A title in title case with its full stop ("Cover Page.", "Staffing Plan."), however
    short, before the first sentence of its paragraph on the same line (``runs_on``)."""
    return (
        text.endswith(".")
        and text[:1].isupper()
        and not BARE_MARKER.match(text)  # "C." alone is the next item's letter
        and not FINITE_VERB.search(text)
        and not has_modal_verb(text)
        and is_title_case(f"- {text.rstrip(' .')}")
    )


PRONOUN_SUBJECT = re.compile(r"^(?:This|That|These|Those|It|They|We|He|She|Which|Who)\b")


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


def _wording(text: str) -> str:
    """What makes two rows one requirement: the same key terms and the same designators.
    Key terms alone let two wordings of one sentence merge ("the contract" / "this
    Contract"); a designator is a capital letter or a digit standing alone, which they drop,
    and "Attachment B shall be submitted" is not "Attachment C shall be submitted". A Q&A's
    answer label ("A24:") is no part of the wording: two answers that say the same merge."""
    text = ANSWER_START.sub("", text)
    designators = DESIGNATOR.findall(text)
    return " ".join([*content_terms(text), "|", *designators])


DESIGNATOR = re.compile(r"\b[A-Z0-9]\b")


def statements(
    kb: KnowledgeBase, source: str, *, in_questions_and_answers: bool = False
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each sentence or list item of a document, page by page, with the metadata of the
    chunk it is in; an item of a list is joined to its lead-in. A vendor's question in a Q&A
    ("Q7: … Any additional details you can provide would help … the Contractor will
    provide.") is not a statement of the document: its sentences up to the answer ("A7:")
    are left out. In a document ``in_questions_and_answers``, a numbered question's
    answer may also be its item "a." ("8. Will GSA …?" then "a. See answer to question 3")."""
    open_list = OpenList()
    held: tuple[str, dict[str, Any], int] | None = None  # a numbered item, open to sub-items
    read = _joined_across_pages(_sentences(kb, source, keep_list_markers=in_questions_and_answers))
    read = _in_standards_tables(_outside_questions(read, lettered=in_questions_and_answers))
    read = _lead_ins_before_their_markers(_with_what_speaks_of_it(read))
    for sentence, meta, opens_section in read:
        open_list = open_list.past_its_label(sentence)
        if open_list.awaits_items and (opens_section or not open_list.takes(sentence)):
            yield from _unfollowed(open_list)
        if opens_section or open_list.ends_at(sentence, meta):
            open_list = OpenList()
        elif open_list.returns_at(sentence):
            open_list = open_list.parent  # "(5) …" after "(4) … the following: (i) … (ii) …"
        elif held and open_list.lead_in and _is_sub_item(sentence, held[2]):
            held = (f"{held[0]} {sentence}", held[1], held[2])
            continue
        if held:
            yield held[0], held[1]
            held = None
        if open_list.takes(sentence) and _is_label(sentence):
            # "Ability to:" inside a list: the items after it go under it
            open_list = replace(
                open_list,
                label=sentence,
                label_mark=_marker_token(sentence) or open_list.last_token,
                items=open_list.items + 1,
                semicolons=False,
            )
            continue
        for text, row_meta in _statement(sentence, meta, open_list):
            if open_list.lead_in and _clause_depth(sentence):
                held = (text, row_meta, _clause_depth(sentence))
            else:
                yield text, row_meta
        open_list = open_list.after(sentence, meta)
    if held:
        yield held[0], held[1]
    if open_list.awaits_items:
        yield from _unfollowed(open_list)


def _joined_across_pages(sentences: Iterable[Sentence]) -> Iterator[Sentence]:
    """The sentences, one cut by a page break joined again: a page's last sentence that
    stops on a word that goes on ("… insurance respecting employees, if any, of the"), or
    stops unpunctuated where the next page goes on in lower case ("… registered as a limited
    liability partnership" and "shall be authorized to transact business …") or on an
    acronym in brackets (``ACRONYM_THEN_LOWER_CASE``), is finished by the next page's
    first, unless that opens a section. The joined sentence keeps its first page's metadata:
    it is cited where it starts, and ``last_page`` says where it ends."""
    held: Sentence | None = None
    for sentence, meta, opens_section in sentences:
        if held is not None:
            first, first_meta, first_opens = held
            held = None
            if (
                not opens_section
                and meta.get("page_number") != first_meta.get("page_number")
                and (
                    CONTINUES.search(first)
                    or sentence[:1].islower()
                    or ACRONYM_THEN_LOWER_CASE.match(sentence)
                    or _duty_cut_for_its_object(first, sentence)
                )
            ):
                yield (
                    f"{first} {sentence}",
                    {**first_meta, "last_page": meta["page_number"]},
                    first_opens,
                )
                continue
            yield first, first_meta, first_opens
        if not ITEM_BEFORE_THE_LAST.search(sentence) and (
            CONTINUES.search(sentence) or not FINISHED.search(sentence)
        ):
            held = (sentence, meta, opens_section)
            continue
        yield sentence, meta, opens_section
    if held is not None:
        yield held


def _duty_cut_for_its_object(first: str, sentence: str) -> bool:
    """A duty stopped by the page on a word in lower case ("The notice must refer the
    individual to the current"), before a page that opens on a name and states no duty of
    its own and ends on a full stop ("Federal Trade Commission web site … ."): the rest of
    its object. A label ("Deliverables:") is none."""
    return bool(
        ENDS_ON_A_LOWER_CASE_WORD.search(first)
        and has_modal_verb(first)
        and sentence[:1].isupper()
        and not has_modal_verb(sentence)
        and sentence.rstrip().endswith(".")
    )


ENDS_ON_A_LOWER_CASE_WORD = re.compile(r"\s[a-z]{2,}$")


def _with_what_speaks_of_it(sentences: Iterable[Sentence]) -> Iterator[Sentence]:
    """The sentences, one that only speaks of the sentence before it joined to it on the
    same page: one that names it a requirement (``NAMES_THE_LAST_A_REQUIREMENT``; alone,
    "This is a requirement for all Offerors" would not say what is required), and a note in
    brackets on it ("… hosted in a public repository. (Note: Other hosting will not be
    accepted)"), also when a line break split the note after its colon ("(Note:"), or any
    bracket after its colon (``_stops_inside_brackets``); and the next item of a list run
    into the sentence ("The Contractor shall carry (a) general liability of $1,000,000;"
    then "(b) auto liability …; and (c) …"), which the splitter cut at its semicolon."""
    held: Sentence | None = None
    for sentence, meta, opens_section in sentences:
        if (
            held is not None
            and not opens_section
            and (
                NAMES_THE_LAST_A_REQUIREMENT.match(sentence)
                or NOTE_IN_BRACKETS.match(sentence)
                or OPEN_NOTE.search(held[0])
                or _stops_inside_brackets(held[0])
                or _goes_on_its_run_in_list(held[0], sentence)
            )
            and held[1].get("page_number") == meta.get("page_number")
        ):
            held = (f"{held[0]} {sentence}", held[1], held[2])
            continue
        if held is not None:
            yield held
        held = (sentence, meta, opens_section)
    if held is not None:
        yield held


def _stops_inside_brackets(sentence: str) -> bool:
    """A sentence cut at a colon inside brackets it has not closed ("… specifications for the
    storage vessels (e.g.:" then "volume, flanges, …)."): the line broke after the colon,
    which opens no list; the bracket goes on in the next sentence."""
    return sentence.rstrip().endswith(":") and sentence.count("(") > sentence.count(")")


def _goes_on_its_run_in_list(before: str, sentence: str) -> bool:
    """True when ``sentence`` opens with the marker after the last one run into ``before``
    ("… carry (a) general liability …;" then "(b) auto liability …")."""
    if not before.rstrip().endswith((";", ",")):
        return False
    run_in = RUN_IN_MARKER.findall(before)
    if not run_in:
        return False
    token = _marker_token(sentence)
    return bool(token) and token == _next_token(f"({run_in[-1]})")


RUN_IN_MARKER = re.compile(r"(?<=\s)\(([a-z]|\d{1,2})\)(?=\s)")
"""A list marker in brackets inside a sentence ("shall carry (a) general liability")."""


NOTE_IN_BRACKETS = re.compile(r"^\(\s*note\s*:", re.IGNORECASE)
OPEN_NOTE = re.compile(r"\(\s*note\s*:\s*$", re.IGNORECASE)
"""A note's opening alone at a sentence's end: the note goes on in the next sentence."""
NOTE_AFTER = re.compile(r"\s\(\s*note\s*:[^()]*\)?\s*$", re.IGNORECASE)
"""A note in brackets that ends a sentence, as ``_with_what_speaks_of_it`` joins it."""


def _lead_ins_before_their_markers(sentences: Iterable[Sentence]) -> Iterator[Sentence]:
    """The sentences, one that points at "the following …" with a full stop where its colon
    would be ("The quoter shall complete the following fields on the form.") marked
    ``heads_a_list`` when the first marker of a list ("A.", "1.") comes right after it: it
    is the list's lead-in. Without the marker after it, the full stop ends a sentence ("…
    containing the following information, in PDF format." then "This information …").
    One that a marker alone follows, next or after one more sentence, has it as
    ``marker_after`` ("H", "4"): the list it is in may go on there."""
    now, following, later = tee(sentences, 3)
    next(following, None), next(later, None), next(later, None)
    for (sentence, meta, opens_section), then, after_that in zip_longest(now, following, later):
        found = next(filter(None, (_marker_alone(s) for s in (then, after_that))), None)
        if found:
            meta = {**meta, "marker_after": found.group("mark")}
        if then and _is_first_marker(then[0]) and POINTS_WITH_A_STOP.search(sentence):
            meta = {**meta, "heads_a_list": True}
        yield sentence, meta, opens_section


def _marker_alone(sentence: Sentence | None) -> re.Match[str] | None:
    return BARE_MARKER.match(sentence[0]) if sentence else None


POINTS_WITH_A_STOP = re.compile(r"\bthe\s+following\b[^.;:!?]*\.$", re.IGNORECASE)


def _is_first_marker(sentence: str) -> bool:
    found = BARE_MARKER.match(sentence)
    return bool(found) and found.group("mark").lower() in SEQUENCE_STARTS


ACRONYM_THEN_LOWER_CASE = re.compile(r"^\((?![IVXLC]+\))[A-Z][A-Za-z]{1,9}\)\s+[a-z]")
"""A page that opens on an acronym in brackets and goes on in lower case ("(BAA) between the
Contractor and …"): the acronym of the name the page before stopped on ("Therefore, a
Business Associate Agreement"), and the rest of its sentence. A roman numeral in brackets
("(IV) the …") is a list marker."""
FINISHED = re.compile(r"[.;:!?][\"'”’)\]]*\s*$")
"""A sentence's end punctuation, a closing quote or bracket after it."""


STANDARDS_HEADER = re.compile(
    r"^\W*(?:performance\s+standards?(?:\s*\(s\))?|acceptable\s+quality\s+levels?(?:\s*\(aql\))?|"
    r"aql)\W*$",
    re.IGNORECASE,
)
"""A column title of a performance-standards table (a QASP's "Performance Standard(s)",
"Acceptable Quality Level (AQL)"), a cell of its own."""
TABLE_ENDS = re.compile(
    r"\b[A-Z]{4,}(?:\s+[A-Z]{2,})*\s+(?:The|A|An|All|Each)\s|^\W*[A-Z]{4,}(?:\s+[A-Z]{2,})*\W*$"
)
"""A heading in capitals, on its own ("PROCEDURES") or before the next paragraph ("…
Timelines PROCEDURES The team will …") glued to the table's last cell: the table is over."""


def _in_standards_tables(sentences: Iterable[Sentence]) -> Iterator[Sentence]:
    """The sentences, those of a performance-standards table marked ``in_standards_table``:
    from its column titles to a new section or a heading in capitals. A table that runs to
    the end of its page goes on over the next, whether or not that page repeats its titles."""
    table_page = None
    previous = ""
    for sentence, meta, opens_section in sentences:
        page = meta.get("page_number")
        if opens_section:
            table_page = None
        elif table_page is not None and page != table_page:
            table_page = page
        # (a column title its cell wrapped in two: "Performance" / "Standard(s)")
        if STANDARDS_HEADER.match(sentence) or STANDARDS_HEADER.match(f"{previous} {sentence}"):
            table_page = page
        elif table_page is not None and (TABLE_ENDS.search(sentence) or meta.get("on_a_wide_line")):
            table_page = None  # a heading in capitals, or a paragraph across the page
        previous = sentence
        if table_page is not None:
            meta = {**meta, "in_standards_table": True}
        yield sentence, meta, opens_section


@dataclass(frozen=True)
class OpenList:
    """The list a lead-in opened ("The Contractor shall:"), as the sentences after it are
    read; empty when none is open."""

    lead_in: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    """The metadata of the lead-in's chunk."""
    items: int = 0
    label: str = ""
    """A label inside the list ("Ability to:"): the items after it go under it."""
    of_phrases: bool = False
    """Its first item is a bare phrase ("Network design"), not a sentence nor an instruction
    ("Develop and maintain a schedule", unpunctuated)."""
    of_instructions: bool = False
    """Its first item is an instruction ("Identify the nature of the breach.")."""
    parent: OpenList | None = None
    """The list this one's lead-in is an item of ("(4) Invoices must show the following:"
    inside "The invoice must include:"), with ``marker`` the kind of that item's marker."""
    marker: str = ""
    number: str = ""
    """The clause number of its last item, given as a number alone before the item ("9.1."
    then "The address of the offeror"), if any."""
    pending: str = ""
    """A clause number alone taken last, whose item has not come yet."""
    semicolons: bool = False
    """Its items so far end with semicolons ("Date and time of the opening;") or commas
    ("The Quantity Ordered,")."""
    unstopped: bool = False
    """Its items so far end with no punctuation ("RFQ number and title", "Date of
    submission"): a title with a full stop after them that its line goes on after
    (``runs_on``) is the next paragraph's, run in before its first sentence ("Technical
    Understanding and Approach. The offeror shall …"), not the last item's full stop."""
    last_stopped: bool = False
    """Its last item ended with a full stop: in a list of sentences, a short capitalised line
    with no verb and no stop after it is a heading ("Design, Materials"), no item
    (``_is_bare_heading``). A list of bare phrases or of instructions may stop some items and
    not others."""
    ended: bool = False
    """An item ended with a full stop after items that ended with semicolons: the last one;
    what follows is no item ("The minutes are signed by …"). Under a label ("Skills:") only
    the label's own items end so, and the list may go on."""
    before_the_last: bool = False
    """Its last item ended "; and" ("(1) Require the contractor to …; and,"): the next
    sentence is its last item, though its number was lost."""
    item_marker: str = ""
    """The kind of the marker ("letter", "number", "roman") given alone before its first item
    ("a." then "Background of your company."), if any."""
    the_buyers: bool = False
    """Its lead-in says what the buyer will provide ("The Government will provide contractor
    access to:") or do ("…, the State may:"): its items are what the bidder receives or the
    buyer's own acts, no rows."""
    resumable: OpenList | None = None
    """The numbered list a sentence of an item's own closed ("9.1." "The address …" "Any
    change of address shall be notified …"): the next number of its sequence ("9.2.")
    opens it again."""
    lead_in_number: str = ""
    """The clause number given alone before the lead-in ("13.1." then "All communications
    shall be directed to the following official:"), if any: a number alone of its level or
    above ("13.2.") opens the next clause, which ends the list."""
    number_read: str = ""
    """A clause number alone read while no list took it: the number of a lead-in, if one
    comes next."""
    last_mark: str = ""
    """The letter or number of the marker alone taken last ("H." -> "H", "4." -> "4"), in a
    list lettered or numbered so."""
    last_token: str = ""
    """The marker alone taken last, as written ("b.", "(2)")."""
    label_mark: str = ""
    """The marker of the item the label is, as written ("2." then "A staffing plan that
    names:", or "b. Skill in:"): the list's next marker of that form ("3.", "c.") ends the
    label, and the items after it are the list's own; "(b)" inside the label's items does
    not."""

    @property
    def heading(self) -> str:
        """What each item is joined to: the lead-in, and the label the item is under."""
        return f"{self.lead_in} {self.label}".strip()

    @property
    def awaits_items(self) -> bool:
        return bool(self.lead_in) and not self.items

    def takes(self, sentence: str) -> bool:
        """True when ``sentence`` is the list's next item. Where the items come with their
        clause numbers ("10.3." "Certificate of tax debts."), a sentence without one is the
        item's own ("Law No. 13.074 and Decree 340/04 in force …"), not another item."""
        if self._next_clause(sentence):
            return False
        numbered = _is_bare_marker(sentence) or CLAUSE_NUMBER.match(sentence)
        if self.number and not self.pending and not numbered and not self.before_the_last:
            return False
        if self.ended or (self.items and self._outer_marker(sentence)):
            return False
        if self.items and self._paragraph_number_past_it(sentence):
            return False
        if _is_requirement_label(self.lead_in) and _is_requirement_label(sentence):
            return False  # "Minimum Qualifications:" after "Mandatory Requirements:" items
        if self._takes_a_duty(sentence) and not RUN_IN_HEADING.match(sentence):
            return self.items < MAX_ITEMS
        if self.the_buyers and _is_phrase_with_a_modal_clause(sentence):
            return self.items < MAX_ITEMS  # "Tasks that the contractor must perform."
        return _is_item_of(sentence, self.lead_in, self.items)

    def _of_sentences(self) -> bool:
        """Its items are sentences with their own subject and verb ("The selected motor is
        rated for …"): neither bare phrases nor instructions, nor the verb phrases that finish
        a lead-in stopped on its modal ("… contractor shall:" then "Document the
        interfaces"), whose short ones a heading would look like."""
        return bool(self.items) and not (
            self.of_phrases or self.of_instructions or MODAL_LEAD_IN_END.search(self.lead_in)
        )

    def _next_clause(self, sentence: str) -> bool:
        """A clause number alone of the lead-in's own level or above ("13.2." or "14.1."
        after "13.1." opened the lead-in): the next clause, no item of this list."""
        number = _bare_clause_number(sentence)
        return bool(
            number and self.lead_in_number and number.count(".") <= self.lead_in_number.count(".")
        )

    def _takes_a_duty(self, sentence: str) -> bool:
        """An item with a duty of its own in a list of bare phrases that a binding lead-in
        points at ("The following components shall be included in the building design:",
        then "Sump drains in the repair bays.", "The Grading design shall not alter the
        drainage of neighbouring properties.", "High volume air exchanger."): item-sized,
        short, the bidder's; the phrases after it are still items. Under a label of
        requirements ("Other requirements for submitting the proposal:") its first item may
        be one too ("a) Bidders shall quote in pesos.", then "b) Tax certificate.")."""
        return (
            len(sentence) <= MAX_DUTY_ITEM_CHARACTERS
            and not LEAD_IN_END.search(sentence)
            and (
                (self.items and bool(FORWARD_REFERENCE.search(self.lead_in)))
                or _is_requirement_label(self.lead_in)
            )
            and has_modal_verb(sentence)
            and _strength_alone(self.lead_in) == "mandatory"
            and _strength_alone(sentence) == "mandatory"
        )

    def _paragraph_number_past_it(self, sentence: str) -> bool:
        """A number alone that cannot be this list's next item: its items came without
        numbers, and the number is not the one after their count ("171." after three
        bulleted filters): the next numbered paragraph's, which ends the list."""
        found = BARE_MARKER.match(sentence)
        if not found or self.item_marker or not found.group("mark").isdigit():
            return False
        return int(found.group("mark")) != self.items + 1

    def _outer_marker(self, sentence: str) -> bool:
        """A marker alone of another kind than the items' that goes on a sequence ("4." after
        "3. Describe …: a. … b. …"): the next item of the list the lead-in is an item of. A
        list inside an item starts its sequence anew ("(1)", "i.", "a.")."""
        found = BARE_MARKER.match(sentence)
        if not (found and self.item_marker):
            return False
        kind = _kind(found.group("mark"))
        return kind != self.item_marker and found.group("mark").lower() not in SEQUENCE_STARTS

    def ends_at(self, sentence: str, meta: dict[str, Any] | None = None) -> bool:
        """A sentence of instruction ends a list of bare phrases ("Network design", "Help
        desk operations", then "Describe your approach to … ."): it is no item, unless the
        list's next marker comes after it, next or one sentence later (``marker_after`` "I"
        after items "A." to "H.", "5" after "1." to "4."): then it is the last item's own
        ("H. Status is no longer required. Please enter N/A.")."""
        if self.last_mark and (meta or {}).get("marker_after") == next_marker(self.last_mark):
            return False
        if self.items and IN_CAPITALS.match(sentence):
            return True  # "END OF SECTION III.", a heading: no item
        if self.items and OUTPUTS_LABEL.match(sentence):
            return True  # a task's "Deliverables:" after its "The contractor shall:" items
        if self.items and BUYERS_RIGHT.search(sentence):
            return True  # "The County reserves the right to reject offers without them."
        if self.items and self.of_instructions and _is_title_with_a_stop(sentence):
            return True  # "Obligations in the Event of a Breach." after "Identify …" items
        if self.last_stopped and self._of_sentences() and _is_bare_heading(sentence):
            return True  # "Design, Materials", the next heading, after "… above 60 Hz."
        if self.unstopped and (meta or {}).get("runs_on") and _is_run_in_title(sentence):
            return True  # "Staffing Plan. The offeror shall …" after "(vii) Date of submission"
        if self.unstopped and self.of_phrases and _opens_with_its_subject_and_verb(sentence):
            return True  # "Note: Quoters must complete every tab." after "Discounted Rate"
        return bool(self.items) and (
            (
                self.of_phrases
                and (_is_full_instruction(sentence) or _is_statement_of_fact(sentence))
            )
            # "The City will evaluate …" after the marked items "1." to "3." (asked last: the
            # buyer's subject is the costliest test, and only a marked list needs it)
            or (bool(self.item_marker) and binds_the_buyer(fold_accents(sentence)))
        )

    def past_its_label(self, sentence: str) -> OpenList:
        """The list without its label when ``sentence`` carries the mark after the label's
        own ("c." after "b. Skill in:" and its items "(1)" … "(3)"): the label was one item
        of the list, and the items after it are the list's own again."""
        if not self.label_mark:
            return self  # (most lists have no label: nothing to read)
        token = _marker_token(sentence)
        if token and token == _next_token(self.label_mark):
            return replace(self, label="", label_mark="")
        return self

    def returns_at(self, sentence: str) -> bool:
        """True when ``sentence`` is the next item of the parent list: its marker is of the
        kind this list's lead-in had ("(5)" after "(4) …: (i) … (ii) …")."""
        return (
            self.parent is not None and bool(self.marker) and (marker_kind(sentence) == self.marker)
        )

    def after(self, sentence: str, meta: dict[str, Any]) -> OpenList:
        """The list after ``sentence``: one item more (a bare marker "a." is none yet, only
        the number of the next sentence), a new list it opens, or none."""
        if self.takes(sentence):
            if _is_bare_marker(sentence):
                kind = self.item_marker or ("" if self.items else _bare_marker_kind(sentence))
                found = BARE_MARKER.match(sentence)
                return replace(
                    self,
                    pending=_bare_clause_number(sentence),
                    item_marker=kind,
                    last_mark=found.group("mark") if found and kind in MARKS_IN_SEQUENCE else "",
                    last_token=_marker_token(sentence),
                )
            first = not self.items
            of_phrases = (
                not (
                    _is_sentence_with_a_verb(sentence)
                    or (_is_full_sentence(sentence) and GERUND_OPENING.match(sentence))
                    or is_instruction(sentence)
                    or MODAL_LEAD_IN_END.search(self.lead_in)
                )
                if first
                else self.of_phrases
            )
            of_instructions = is_instruction(sentence) if first else self.of_instructions
            number = self.pending or self.number
            unglued = GLUED_NEXT_MARKER.sub("", sentence.rstrip(" ”’\"')"))
            end = unglued.rstrip(" ,”’\"')")
            comma = unglued.endswith(",")
            before_the_last = bool(ITEM_BEFORE_THE_LAST.search(end))
            return replace(
                self,
                items=self.items + 1,
                of_phrases=of_phrases,
                of_instructions=of_instructions,
                number=number,
                pending="",
                before_the_last=before_the_last,
                unstopped=(first or self.unstopped) and not FINISHED.search(sentence),
                last_stopped=end.endswith("."),
                semicolons=(end.endswith(";") or comma or before_the_last)
                and (first or self.semicolons),
                ended=(self.semicolons and end.endswith(".") and not self.label)
                or (first and _is_an_address(sentence)),
            )
        if _is_lead_in(sentence, meta):
            kind = marker_kind(sentence) if self.items else ""
            # what the buyer furnishes or does, unless the lead-in also puts a duty on the
            # bidder
            the_buyers = _the_buyers_list(sentence) and _strength_alone(sentence) is None
            if not kind:
                return OpenList(
                    lead_in=sentence,
                    meta=meta,
                    the_buyers=the_buyers,
                    lead_in_number=self.number_read,
                )
            # a lead-in that is an item of this list: its items are joined to it, unmarked
            lead_in = ITEM_MARKER.sub("", sentence)
            return OpenList(
                lead_in=lead_in, meta=meta, parent=self, marker=kind, the_buyers=the_buyers
            )
        closed = self.resumable or (self._numbered() if self.lead_in and self.number else None)
        number = _bare_clause_number(sentence)
        if closed and number and number == next_clause_number(closed.number):
            return replace(closed, pending=number)
        return OpenList(resumable=closed, number_read=number)

    def _numbered(self) -> OpenList:
        """This list as a numbered sequence: the clause number taken last counts as its
        item's when it goes on from the numbered items before ("9.3." after "9.2." …), even
        if what followed it ("The offer, which must state …") closed the list."""
        if self.pending and self.pending == next_clause_number(self.number):
            return replace(self, number=self.pending, pending="")
        return self


ADDRESS_MARK = re.compile(
    r"\b(?:Attention|Attn)\s*[:.]|\bP\.?\s?O\.?\s+Box\b|[\w.+-]+@[\w-]+\.[\w.]+"
    r"|\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b",
    re.IGNORECASE,
)
"""What only an address or a contact has: an "Attention:" line, a post-office box, an
e-mail address or a telephone number."""


def _is_phrase_with_a_modal_clause(sentence: str) -> bool:
    """A noun phrase whose only modal is in its relative clause ("Tasks that the contractor
    must successfully perform.", "Operational requirements that must be met while the
    contractor performs."): an item naming a thing, as a list of what the buyer or the
    document lays out has them; not a sentence whose own verb is the modal ("Reports that
    are late shall be rejected.")."""
    found = MODAL_IN_RELATIVE_CLAUSE.match(sentence)
    return (
        found is not None
        and len(sentence) <= MAX_ITEM_CHARACTERS
        and not FINITE_VERB.search(found.group("phrase"))
        and not has_modal_verb(found.group("phrase"))
        and not has_modal_verb(sentence[found.end() :])
    )


MODAL_IN_RELATIVE_CLAUSE = re.compile(
    r"^\W*(?:[-*–]\s+)?(?P<phrase>[A-Z][\w-]*(?:\s+[\w-]+){0,4}?)\s+(?:that|which|who)\s+"
    r"(?:(?:the|a|an|each|every|any)\s+[\w-]+\s+)?(?:must|shall|will|should|may)\b",
)


def _is_an_address(sentence: str) -> bool:
    """An item that is an address or a contact ("Camrose County Attention: Darren King 3755 –
    43 ave …", "Jane Roe, Buyer II Telephone: …"), with no verb: the one place the lead-in
    sends to ("… shall be submitted to:"), after which the list is over."""
    return bool(ADDRESS_MARK.search(sentence)) and not (
        FINITE_VERB.search(sentence) or has_modal_verb(sentence)
    )


IN_CAPITALS = re.compile(r"^[^a-z]*[A-Z]{2,}[^a-z]*\s[^a-z]*[A-Z]{2,}[^a-z]*$")
"""A line of two words or more all in capitals ("END OF SECTION III."): a heading or a
notice, never the next item of a list."""


def marker_kind(sentence: str) -> str:
    """The kind of the list marker opening ``sentence``: "number" ("(4)", "2."), "roman"
    ("(iii)", "iv."), "letter" ("(b)", "c)"), or "" without one."""
    found = ITEM_MARKER.match(sentence)
    return _kind(found.group("mark") if found else None)


def _bare_marker_kind(sentence: str) -> str:
    """The kind of a list marker standing alone ("4." "number", "b." "letter"), or ""."""
    found = BARE_MARKER.match(sentence)
    return _kind(found.group("mark") if found else None)


def _marker_token(sentence: str) -> str:
    """The list marker opening ``sentence`` as written ("b.", "(2)"), or "" (a dash)."""
    found = BARE_MARKER.match(sentence) or ITEM_MARKER.match(sentence)
    return found.group(0).strip() if found and found.group("mark") else ""


def _next_token(token: str) -> str:
    """The marker after ``token`` in the same form ("b." -> "c.", "(2)" -> "(3)"), or ""."""
    mark = re.search(r"[A-Za-z0-9]+", token)
    after = next_marker(mark.group(0)) if mark else ""
    return f"{token[: mark.start()]}{after}{token[mark.end() :]}" if mark and after else ""


MARKS_IN_SEQUENCE = {"letter", "number"}
"""The kinds of marker whose next one ``next_marker`` knows."""
SEQUENCE_STARTS = {"1", "a", "i"}
"""The first marker of a list's sequence, whatever its kind."""


def _kind(mark: str | None) -> str:
    if not mark:
        return ""
    if mark.isdigit():
        return "number"
    if set(mark.lower()) <= set("ivx"):
        return "roman"
    return "letter" if len(mark) == 1 else ""


def _is_full_sentence(sentence: str) -> bool:
    """A sentence with its full stop, not a bare phrase of a list ("Network design")."""
    return sentence.rstrip().endswith((".", ";", "?", "!"))


def _is_sentence_with_a_verb(sentence: str) -> bool:
    """A full sentence with a verb: not a bare phrase of a list, though it end with a full
    stop ("Technical report, 7 pages maximum, 12 point font.")."""
    return _is_full_sentence(sentence) and _has_a_verb(sentence)


def _has_a_verb(text: str) -> bool:
    """An auxiliary or a modal verb in ``text`` (the verbs a phrase of a list lacks)."""
    return bool(FINITE_VERB.search(text) or has_modal_verb(text))


GERUND_OPENING = re.compile(r"^\W*(?:[-*–]\s+)?[A-Z][a-z]+ing\b")
"""An item opening with an activity ("Obtaining a development permit from the County."):
work to do, as an instruction is, not a bare name of a thing to hand in."""


def _opens_with_its_subject_and_verb(sentence: str) -> bool:
    """A full sentence whose verb comes within its first words, after a label ("Note:
    Quoters must complete every tab.", "This tab will be used …"): a sentence of its own, not
    a list's last item glued to the sentence after it ("Health and Safety Evaluation (Include
    all Supporting Documentation) Response Forms can be found in Appendix A.")."""
    head = " ".join(RUN_IN_LABEL.sub("", sentence).split()[: MAX_SUBJECT_WORDS + 1])
    return _is_full_sentence(sentence) and _has_a_verb(head)


RUN_IN_LABEL = re.compile(r"^\W*[A-Z][a-z]+\s*:\s+")
MAX_SUBJECT_WORDS = 6
"""The most words a sentence's subject takes before its verb ("Tab 6 labeled 'Example
Pricing' must …")."""


def _is_statement_of_fact(sentence: str) -> bool:
    """A full sentence whose subject opens it and whose verb states a fact, no modal verb
    ("DSAs are active for one year, …."): after a list of bare phrases it is the paragraph
    after the list, not one more phrase."""
    return (
        _is_full_sentence(sentence)
        and bool(SUBJECT_THEN_VERB.match(sentence))
        and not has_modal_verb(sentence)
    )


SUBJECT_THEN_VERB = re.compile(
    r"^\W*[A-Z][\w/'’-]*(?:\s+(?!(?:that|which|who|whose|whom)\b)[\w/'’-]+){0,3}?"
    r"\s+(?:is|are|was|were|has|have|does|do)\s"
)
"""A capitalised subject of at most four words, no relative clause, then its verb."""


def _is_full_instruction(sentence: str) -> bool:
    """An instruction written as a full sentence ("Describe your approach to … .")."""
    return _is_full_sentence(sentence) and is_instruction(sentence)


def _unfollowed(open_list: OpenList) -> Iterator[tuple[str, dict[str, Any]]]:
    """A lead-in no item followed (its items each speak for themselves), when it says
    something of its own: an instruction ("Specifically explain the points below in your
    bid:"), or a duty that does not only point at its items. A lead-in that is only a
    subject and its verb ("The contractor shall:"), stops mid-clause ("Establish a buying
    scheme that:") or points ("… the following activities:") says nothing without its items."""
    lead_in = open_list.lead_in
    if OPEN_CLAUSE.search(lead_in) or _is_requirement_label(lead_in):
        return
    if (
        is_instruction(lead_in)
        or not FORWARD_REFERENCE.search(lead_in)
        or RESTRICTED_TO_ITS_ITEMS.search(lead_in)
    ):
        yield lead_in, open_list.meta


RESTRICTED_TO_ITS_ITEMS = re.compile(
    r"\b(?:may|shall|must|will)\s+(?:\w+\s+)?only\b|\bonly\s+(?:for|to|as)\s+the\s+following\b",
    re.IGNORECASE,
)
"""A lead-in that allows only what its items list ("BA may only use or disclose PHI for the
following purposes:"): a restriction of its own, though it points at its items, and items
that each speak for themselves ("1) BA may use PHI as required by law.") do not say it."""


FORWARD_REFERENCE = re.compile(r"\b(?:the following|as follows|below)\b", re.IGNORECASE)
"""A lead-in that only points at its items ("The contractor shall provide the following
activities:"); a duty of its own ("Crews are expected to work the city's hours of 7 to
4.30, with a lunch break:") does not point."""


MODAL_LEAD_IN_END = re.compile(r"\b(?:shall|must|will|should)\s*:\s*$", re.IGNORECASE)
"""A lead-in that stops on its modal ("… the contractor shall:"): each item is the verb
phrase that completes it ("Document the interfaces"), whatever its verb, and not a bare
phrase of a list of names."""


OPEN_CLAUSE = re.compile(
    rf"\b(?:{UNFINISHED}|shall|must|will|should|may|be|is|are|include|includes|including)"
    r"\s*:\s*$|\b(?:shall|must|will|should|may|to)\s+\w+\s*:\s*$",
    re.IGNORECASE,
)
"""A lead-in cut before the end of its clause, which only its items finish: on a word that
goes on ("… a vehicle that:"), or on the verb before its object ("The agency shall provide:")."""


@lru_cache(maxsize=4096)
def _strength_alone(sentence: str) -> str | None:
    """``strength_of`` a sentence read on its own; the list logic asks it of the same lead-in
    and items again and again."""
    return strength_of(sentence)


OUTPUTS_LABEL = re.compile(
    r"^\W*(?:deliverables?|deliverable\(s\)|outputs|work\s+products)\s*:\s*$", re.IGNORECASE
)
"""The label a statement of work puts after a task's duties to name what the task yields
("Deliverables:" then "Software code (Deliverable #19)"): the names of the work products the
duties above already require, not more items of the duties' lead-in."""


def _is_label(sentence: str) -> bool:
    """ "Skills:", "Ability to:": a colon and no obligation of its own, or an unmarked
    instruction that heads a sub-list ("Deliver to the AOC:" among the steps the contractor
    "shall take"). Inside a list it heads the items after it, which keep the list's lead-in:
    "… shall propose staff with the following skills: Ability to: work with diverse
    clients"."""
    if not sentence.rstrip().endswith(":"):
        return False
    return _strength_alone(sentence) is None or (
        not marker_kind(sentence) and is_instruction(sentence)
    )


def _is_requirement_label(sentence: str) -> bool:
    """ "Minimum Qualifications:", "8.1 Mandatory Requirements:": a label that makes each
    item under it a requirement, and says nothing without them."""
    return (
        sentence.rstrip().endswith(":")
        and len(NOTICE.sub("", sentence).split()) <= MAX_TITLE_WORDS
        and heads_requirements(sentence)
    )


def _speaks_for_itself(item: str, lead_in: str) -> bool:
    """An item that says whose duty or act it is, under a lead-in that binds no one itself:
    under a requirement label ("Mandatory Requirements:"), an item with a modal of its own
    ("Bidders shall quote in pesos."); under "the following (provisions) shall apply" ("In
    case of a power loss, the following shall apply:"), a sentence with a verb ("SCK CEN will
    supply the air", the buyer's act; "The plant shall hold a backup", the bidder's duty).
    Each is as strong as it is alone."""
    if _is_requirement_label(lead_in):
        return has_modal_verb(item)
    return bool(THE_FOLLOWING_APPLY.search(lead_in)) and _is_sentence_with_a_verb(item)


THE_FOLLOWING_APPLY = re.compile(
    r"\bthe\s+following(?:\s+\w+){0,2}\s+(?:shall|will|must)?\s*apply\b[^:]*:\s*$", re.IGNORECASE
)
"""A lead-in that says its items apply ("the following shall apply concerning …:", "the
following conditions apply:")."""


def _clause_depth(sentence: str) -> int:
    """How many levels the clause number opening ``sentence`` has ("4.2.1 " 3), or 0."""
    found = CLAUSE_NUMBER.match(sentence)
    return found.group(1).count(".") + 1 if found else 0


def _is_sub_item(sentence: str, depth: int) -> bool:
    """A line of a numbered item's own list: a deeper clause number ("4.2.1.1 non-owned
    automobiles;" under "4.2.1 Automobile insurance … Coverage to include:"), or the nested
    lead-in that opens it (a colon, no obligation of its own)."""
    return _clause_depth(sentence) > depth or _is_label(sentence)


Sentence = tuple[str, dict[str, Any], bool]
"""A sentence, its chunk's metadata, and whether it is the first under a new heading."""


def _sentences(
    kb: KnowledgeBase, source: str, keep_list_markers: bool = False
) -> Iterator[Sentence]:
    """The document's sentences in reading order, each with its chunk's metadata (with the
    numbered heading and the UCF section it sits under); a list item's marker at a line
    start is its own sentence with ``keep_list_markers``, dropped without."""
    by_page: dict[int, list[tuple[str, dict[str, Any]]]] = {}
    for text, meta in kb.iter_chunks({"source": source}):
        by_page.setdefault(int(meta["page_number"]), []).append((text, meta))
    section, ucf, list_state = "", "", ListLines()
    for page in sorted(by_page):
        chunks = sorted(by_page[page], key=lambda row: int(row[1].get("chunk_index", 0)))
        page_text = _titles_set_off(join_overlapping([t for t, _ in chunks]))
        sections, list_state = _sections(page_text, list_state)
        for heading, block in sections:
            section, opens_section = heading or section, bool(heading)
            for letter, run in _ucf_runs(block, ucf):
                ucf = letter
                split = answer_sentences(_duties_set_off(table_cells(run)), keep_list_markers)
                lines = [" ".join(line.split()) for line in run.splitlines()]
                for sentence in _after_urls(_at_questions(split, numbered=keep_list_markers)):
                    meta = {**_chunk_holding(sentence, chunks)}
                    meta["section"] = section or meta.get("section", "")
                    meta["ucf_section"] = ucf
                    meta["on_a_wide_line"] = opens_a_wide_line(sentence, lines)
                    meta["runs_on"] = _runs_on_its_line(sentence, lines)
                    yield sentence, meta, opens_section
                    opens_section = False


def _runs_on_its_line(sentence: str, lines: Sequence[str]) -> bool:
    """A short sentence with a full stop whose line goes on after it: a title run in
    before its paragraph's first sentence ("d. Technical Understanding and Approach. The
    offeror shall …"), not an item on a line of its own. Asked of short sentences only."""
    if (
        len(sentence) > MAX_RUN_IN_TITLE_CHARACTERS
        or not sentence.endswith(".")
        or not sentence[:1].isupper()  # (a title opens capitalised: no line scan needed)
    ):
        return False
    return any(sentence in line and not line.endswith(sentence) for line in lines)


MAX_RUN_IN_TITLE_CHARACTERS = 80


def _duties_set_off(block: str) -> str:
    """``block`` with a paragraph break before each line that opens with a duty ("The
    Contractor shall comply …"): the line before lost its full stop ("… the directions of
    the Privacy Office"), and no sentence runs on so. Here, where the headings are already
    cut out of the text; an answer's passage keeps "8.3 Insurance" with the sentence under
    it."""
    return DUTY_OPENING_A_LINE.sub("\n\n", block)


DUTY_OPENING_A_LINE = re.compile(r"[ \t]*\n\s*(?=The\s+[A-Z][\w’'-]*\s+(?:shall|must)\s)")


QUESTION_START = re.compile(rf"^\W*{QUESTION_NUMBER}", re.IGNORECASE)
"""A sentence that opens a Q&A's question (a bare "Question:" inside one does not)."""
UNNUMBERED_QUESTION = re.compile(r"^\W*(?:Question|Q|Pregunta)\s*:", re.IGNORECASE)
"""A question's label without its number ("Question: …", "Q: …"): it opens a question when
none is open; inside one it is the vendor's quote of another document's wording."""
QUESTION_INSIDE = re.compile(rf"\s+(?={QUESTION_NUMBER})", re.IGNORECASE)
"""Where a question starts inside what the splitter left as one sentence: after a heading
("Questions and Answers Q7: …") or after an answer whose closing quote hid its period
("… is amended to read: “… 30 pages combined.” Q2: Re Similar Experience …")."""
ANSWER_AT_END = re.compile(
    r"\b(?:A\s?\d+|Answer\s?\d*|Response\s?\d*|Government\s+Response)\s*:\s*$",
    re.IGNORECASE,
)
"""An answer label the splitter left at the end of the question's last sentence ("… on
the portal Response:")."""
MAX_QUESTION_SENTENCES = 8
"""A "question" that no answer follows within this many sentences is not a Q&A's (an RFP's
"Question 1: Describe your approach…" prompts are instructions)."""


GLUED_ENTRY_INSIDE = re.compile(r"\s+(?=\d{1,3}\.(?:[A-Z\"“‘]|[a-z]{2,}\s))")
"""Where a numbered entry starts inside a sentence, its number glued to its first word (the
answer before it had no period: "… Price sheet dated 04092019 18.Can you confirm …")."""


def _at_questions(sentences: list[str], numbered: bool = False) -> Iterator[str]:
    """The sentences, each cut where a Q&A's question starts inside it (also, ``numbered``,
    where a numbered entry glued to its first word does)."""
    for sentence in sentences:
        for part in QUESTION_INSIDE.split(sentence):
            parts = GLUED_ENTRY_INSIDE.split(part) if numbered else [part]
            yield from (piece for piece in parts if piece)


URL_BEFORE_A_SENTENCE = re.compile(r"(https?://\S+)\s+(?=[A-Z][a-z]+\s)")
"""A web address ending a line, the next sentence glued to it for want of a full stop
("… on our website: https://www.example.org/procurement/ Information required for online
submission will include the following.")."""


def _after_urls(sentences: Iterable[str]) -> Iterator[str]:
    """The sentences, each cut after a web address a capitalised sentence follows."""
    for sentence in sentences:
        yield from URL_BEFORE_A_SENTENCE.sub("\\1\n", sentence).split("\n")


def _outside_questions(sentences: Iterator[Sentence], lettered: bool = False) -> Iterator[Sentence]:
    """The sentences without the questions of a Q&A: from "Q7:" (or an entry number, "7.")
    to the answer "A7:" / "Response:" (or, ``lettered``, to the entry's item "a."). A
    question no answer follows is kept after all, and so is an entry whose "Response:"
    label has no answer after it (a questionnaire's blank for the bidder to fill in). The
    sentences of a labelled answer, up to the next entry, are marked ``in_answer``: there
    the buyer speaks, and a request is an instruction. A question the buyer answers with a
    bare yes, after its label or right after it ("a. Bulk upload? Yes."), is kept with its
    yes and marked ``confirmed``."""
    held: list[Sentence] = []
    labelled = False  # the last held sentence ended with an answer label
    answering = False  # the sentences are a labelled answer's
    for item in sentences:
        if labelled:
            labelled = False
            if not QA_ENTRY_NUMBER.match(item[0]):  # the label's answer: the question was held
                yield from _confirmed_by(held, item)
                held, answering = [], True
        if (
            QUESTION_START.match(item[0])
            or QA_ENTRY_NUMBER.match(item[0])
            or (not held and UNNUMBERED_QUESTION.match(item[0]))
        ):
            yield from held
            held, answering = [item], False
        elif held and _is_bare_yes(item[0]) and _asks(held[-1]):
            # "… is there a need for the following:" "a." "Bulk upload?" "Yes."
            held[-1] = _confirmed(_with_its_lead_in(held[-1], held[:-1]), item[0])
        elif held and ANSWER_START.match(item[0]) and ANSWER_START.sub("", item[0]).strip():
            yield from _confirmed_by(held, (ANSWER_START.sub("", item[0]).strip(), *item[1:]))
            held, answering = [], True
            yield _answered(item)
        elif held and (
            ANSWER_START.match(item[0])
            or ANSWER_AT_END.search(item[0])
            or (
                lettered
                and FIRST_LETTERED_ITEM.match(item[0])
                and QA_ENTRY_NUMBER.match(held[0][0])  # "8. …?" then "a. …"; not after "Q8:"
            )
        ):
            held.append(item)
            labelled = True
        elif held:
            held.append(item)
            if len(held) > MAX_QUESTION_SENTENCES:
                yield from held
                held = []
        else:
            yield _answered(item) if answering else item
    yield from held


BARE_YES = re.compile(r"^\W*(?:yes|s[ií])\W*$", re.IGNORECASE)
"""An answer that is nothing but yes ("Yes.", "Sí."): the buyer confirms the question as
asked."""


def _is_bare_yes(sentence: str) -> bool:
    return bool(BARE_YES.match(sentence))


def _asks(item: Sentence) -> bool:
    return item[0].rstrip().endswith("?")


def _confirmed(item: Sentence, answer: str) -> Sentence:
    """The question with the buyer's yes after it, marked ``confirmed``: its strength is
    ``obligations.confirmed_strength``'s."""
    sentence, meta, opens_section = item
    return f"{sentence} {answer.strip()}", {**meta, "confirmed": True}, opens_section


def _with_its_lead_in(item: Sentence, before: list[Sentence]) -> Sentence:
    """A question's item with the question's lead-in before it ("… is there also a need
    for the following:" and, after the marker "b.", "Bulk upload?"): the item alone does
    not say what is asked of it. Any other sentence is itself."""
    if len(before) < 2 or not _is_bare_marker(before[-1][0]):
        return item
    lead_ins = [sentence for sentence, _, _ in before if LEAD_IN_END.search(sentence)]
    if not lead_ins:
        return item
    return f"{lead_ins[-1]} {item[0]}", item[1], item[2]


def _confirmed_by(question: list[Sentence], answer: Sentence) -> Iterator[Sentence]:
    """The question's last sentence, confirmed, when the labelled answer to it is a bare
    yes ("Q12: Is a bid bond required?" then "A12: Yes."); the rest of the question stays
    out."""
    asked = _last_asked(question)
    if asked is not None and _is_bare_yes(answer[0]):
        yield _answered(_confirmed(asked, answer[0]))


def _last_asked(question: list[Sentence]) -> Sentence | None:
    """The question's last sentence before its answer label ("A12:", "a.", "… Response:"),
    when it asks."""
    for sentence, meta, opens_section in reversed(question):
        text = ANSWER_AT_END.sub("", sentence).strip()
        if not ANSWER_START.sub("", text).strip() or FIRST_LETTERED_ITEM.match(text):
            continue  # the label alone
        return (text, meta, opens_section) if text.endswith("?") else None
    return None


FIRST_LETTERED_ITEM = re.compile(r"^\W*[aA][.)]\s*$")
"""The marker "a." (or "A.") alone, as a Q&A that numbers its questions marks the answer under
it."""


def _answered(item: Sentence) -> Sentence:
    sentence, meta, opens_section = item
    return sentence, {**meta, "in_answer": True}, opens_section


def _ucf_runs(block: str, letter: str) -> Iterator[tuple[str, str]]:
    """The block cut at UCF section headings: (the section letter in force, its text)."""
    lines: list[str] = []
    for line in block.splitlines():
        found = ucf_section_of(line, in_ucf=bool(letter))
        if found:
            if lines:
                yield letter, "\n".join(lines)
            letter, lines = found, []
        else:
            lines.append(line)
    if lines:
        yield letter, "\n".join(lines)


def _statement(
    sentence: str, meta: dict[str, Any], open_list: OpenList
) -> Iterator[tuple[str, dict[str, Any]]]:
    """The sentence as a statement: joined to the lead-in of the list it is an item of;
    nothing for a lead-in itself (its items say it), an item of what the buyer furnishes, a
    bare marker, a pointer elsewhere or a fragment."""
    if open_list.takes(sentence):
        if not (open_list.the_buyers or _is_bare_marker(sentence) or POINTER.match(sentence)):
            item = CLAUSE_NUMBER.sub("", ITEM_MARKER.sub("", sentence))
            if _speaks_for_itself(item, open_list.lead_in):
                yield item, meta  # "Bidders shall quote in pesos.": says its duty itself
            else:
                yield f"{open_list.heading} {item}", _cited_from(open_list.meta, meta)
    elif not _is_lead_in(sentence, meta) and (
        _shortest(sentence) <= len(sentence) <= MAX_REQUIREMENT_CHARACTERS
    ):
        yield DASH_BULLET.sub("", sentence), meta


DASH_BULLET = re.compile(r"^[-*–]\s+(?=\S)")
"""A dash or star that bulleted a sentence no list took ("- The accuracy … shall be better
than ±0.5 %."): the splitter keeps it when the sentence before ends with a full stop or a
colon, and a row's text is the sentence without it."""


def _cited_from(lead_in_meta: dict[str, Any], item_meta: dict[str, Any]) -> dict[str, Any]:
    """The metadata of an item joined to its lead-in: when the lead-in is on an earlier page
    ("Operation shall not exceed 60 Hz, unless …:" at a page's foot, its items on the next),
    the row's text starts there, so it is cited from the lead-in's page and chunk, and
    ``last_page`` says where the item ends (as ``_joined_across_pages`` cites a sentence a
    page break cut)."""
    first, own = lead_in_meta.get("page_number"), item_meta.get("page_number")
    if first is None or own is None or first >= own:
        return item_meta
    where_it_starts = {
        key: lead_in_meta[key] for key in ("page_number", "chunk_id") if key in lead_in_meta
    }
    return {
        **item_meta,
        **where_it_starts,
        "last_page": item_meta.get("last_page") or own,
    }


def _shortest(sentence: str) -> int:
    """The fewest characters a statement needs: fewer for an instruction ("Complete final
    design.") than for a fragment a page's layout left ("Page 3 of 12")."""
    return MIN_INSTRUCTION_CHARACTERS if is_instruction(sentence) else MIN_REQUIREMENT_CHARACTERS


BARE_CLAUSE_NUMBER = re.compile(r"^\s*\d+(?:\.\d+)+\.?\s*$")


def _bare_clause_number(sentence: str) -> str:
    """The clause number ``sentence`` is alone ("9.1." -> "9.1"), or ""."""
    return sentence.strip().rstrip(".") if BARE_CLAUSE_NUMBER.match(sentence) else ""


POINTER = re.compile(
    r"^\W*(?:(?:see|refer\s+to)\s+(?:section|attachment|appendix|exhibit|part|page)s?\b"
    r"|(?:required|optional),?\s+(?:see\s+)?section\s+[\w.()]+\W*$)",
    re.IGNORECASE,
)
"""A line of a list item that only points elsewhere ("See Section 3.02.", "Required, Section
3.03(a)"): the list goes on past it, but it says nothing to do."""


def _is_bare_marker(sentence: str) -> bool:
    """An item's marker or clause number on its own ("a.", "(b)", "14.1."), as a sentence
    split leaves it: the number of the next sentence, no item of its own."""
    return bool(BARE_MARKER.match(sentence) or BARE_CLAUSE_NUMBER.match(sentence))


def _is_item_of(sentence: str, lead_in: str, items: int) -> bool:
    """True when ``sentence`` is the next item of the list ``lead_in`` opens: an item, and
    not the next clause of the lead-in's own level ("1.3.2 Proposals will be opened …" after
    "1.3.1 Proponents shall submit … to:" ends that list), nor a paragraph opened by a
    run-in heading ("PORTAL UPLOADS: Paper bids are refused."). After a lead-in that points
    at its items ("… shall provide the following:"), an item that is one noun phrase, with
    no finite verb, may run as long as a requirement ("Commercial General Liability insurance
    in the amount of $1,000,000 per occurrence, to protect the Contractor …, resulting from
    any action under the Contract": an insurance list's items run long), and so may items
    run in as one paragraph ("(i) … (ii) …"). After a lead-in that ends on the bidder's
    promise ("Contractor agrees to:"), each item is a verb phrase of any length, whose own clauses
    may have a modal ("Furnish services … provided that the County may reduce them"); a
    sentence with a subject of its own is none."""
    if not lead_in or items >= MAX_ITEMS:
        return False
    if VERB_LEAD_IN_END.search(lead_in) and PARENTHESISED_MARKER.match(sentence):
        return len(sentence) <= MAX_REQUIREMENT_CHARACTERS
    if PROMISE_LEAD_IN_END.search(lead_in):
        if SUBJECT_OF_ITS_OWN.match(sentence):
            return False
        if not INTRODUCTORY_WORD.match(sentence):
            return len(sentence) <= MAX_REQUIREMENT_CHARACTERS
    sentence = NOTE_AFTER.sub("", sentence)  # a note says no more of what the item is
    phrase = bool(FORWARD_REFERENCE.search(lead_in)) and not FINITE_VERB.search(sentence)
    if not is_list_item(sentence, long=phrase or bool(RUN_IN_ITEMS.match(sentence))):
        return False
    if RUN_IN_HEADING.match(sentence):
        return False
    depth = _clause_depth(sentence)
    return not depth or depth > _clause_depth(lead_in)


PROMISE_LEAD_IN_END = re.compile(
    r"\b(?:agrees?|undertakes?|covenants?|promises?)(?:\s+to)?\s*:\s*$", re.IGNORECASE
)
"""A lead-in that ends on the bidder's promise ("GENERAL GUARANTY-Contractor agrees to:"):
its items are the verb phrases it promises."""
SUBJECT_OF_ITS_OWN = re.compile(
    r"^\W*(?:the|a|an|any|no|this|these|such|each|every|its|their)\s+[^,;:]{0,80}?"
    r"\b(?:is|are|was|were|has|have|does|do|will|shall|must|may|should|can|cannot)\b",
    re.IGNORECASE,
)
"""A sentence with a subject and a verb of its own ("The County is under no obligation to
compensate …"), which the items of a promise's lead-in (``PROMISE_LEAD_IN_END``)
never have: each of those is a verb phrase ("Furnish services …", "Allow services to be
inspected …")."""
INTRODUCTORY_WORD = re.compile(
    r"^\W*(?:however|notwithstanding|if|when|where|unless|upon|after|before|during|"
    r"provided|except|in|for|nothing|this|these)\b",
    re.IGNORECASE,
)
"""A paragraph's opening word that no verb phrase has ("However, …", "If …"): after a list,
such a sentence stands on its own."""
GLUED_NEXT_MARKER = re.compile(r"(?<=[,;])\s+(?:[a-z]|\d{1,2}|[ivx]{1,4})\.$")
"""The next item's marker a line break left glued after an item's comma ("… Stock Number
(Supplier's), c.")."""
RUN_IN_ITEMS = re.compile(
    r"^\s*\((?:i|1|a)\)\s.{20,}?\s\((?:ii|2|b)\)\s", re.IGNORECASE | re.DOTALL
)
"""A list run in as one paragraph after its lead-in ("(i) The central computer is destroyed,
(ii) System interruption …"): all its items are one item, however long."""


def _is_lead_in(sentence: str, meta: dict[str, Any] | None = None) -> bool:
    """ "The Contractor shall:": a requirement said by the list items that follow, or what
    the buyer will furnish ("The Government will provide contractor access to:"), whose
    items are no requirements though one reads like a standard ("Data extracts from at least
    five systems"); not one that announces a description ("… support for the Court's case
    initiation process, described as follows:"), whose paragraphs tell how things are done
    today. ``meta`` marks one whose full stop stands for its colon (``heads_a_list``)."""
    return (
        bool(LEAD_IN_END.search(sentence) or (meta or {}).get("heads_a_list"))
        and not ANNOUNCES_A_DESCRIPTION.search(sentence)
        and (_strength_alone(sentence) is not None or _the_buyers_list(sentence))
    )


def _the_buyers_list(lead_in: str) -> bool:
    """A lead-in of what the buyer furnishes ("The Government will provide contractor access
    to:"), of its own acts ("When the defects cannot be corrected, the State may:") or of
    its aims ("The primary objectives are:", then "Operate and update the platform."): the
    work its duties come in later, stated as such. So is the document's own table of what
    it covers ("This PWS describes the components of the requirement as follows:", then
    "Tasks that the contractor must successfully perform.")."""
    return (
        furnished_by_the_buyer(lead_in)
        or lists_the_buyers_acts(lead_in)
        or bool(OBJECTIVES_LEAD_IN.match(lead_in))
        or bool(DESCRIBES_THE_DOCUMENT.match(fold_accents(lead_in)))
        or bool(NOT_THE_BIDDERS_WORK.search(lead_in))
    )


NOT_THE_BIDDERS_WORK = re.compile(
    r"\b(?:is|are|will|shall)\s+not\s+(?:be\s+)?(?:responsible|required|expected)\s+"
    r"(?:for|to)\b[^.;:]{0,60}?\bthe\s+following\b",
    re.IGNORECASE,
)
"""A lead-in of what the bidder does not do ("The Vendor is not responsible for performing
the following:"): its items are left out of the work, no rows."""


OBJECTIVES_LEAD_IN = re.compile(
    r"^\W*(?:the|our|its)\s+(?:[\w-]+\s+){0,2}?(?:objectives?|goals?|aims)\b[^.;:]{0,80}?"
    r"\s+(?:are|is|include)\s*:\s*$",
    re.IGNORECASE,
)


_OBLIGATION_VERB = r"\b(?:" + "|".join(v.replace(" ", r"\s+") for v in RUN_IN_LIST_VERBS) + ")"
VERB_LEAD_IN_END = re.compile(rf"{_OBLIGATION_VERB}\s*$", re.IGNORECASE)
"""A lead-in that ends on the verb its items complete, where the sentence split took it from
a list run in ("the Contractor agrees to" before "(i) provide a drug-free workplace; (ii)
post …"): each item is a verb phrase, however long, and a "will" in it is a subordinate
clause's ("… the actions that will be taken against employees")."""
LEAD_IN_END = re.compile(
    rf"(?::|\b(?:the\s+following|as\s+follows)\s*\.|{_OBLIGATION_VERB})\s*$"
    r"|\bthe\s+following\b[^.;:!?]*[\w)]$",
    re.IGNORECASE,
)
"""A lead-in's end: its colon, a full stop after "the following" ("Information required
for online submission will include the following."), the verb of obligation its items
complete (``VERB_LEAD_IN_END``), or no end at all after "the following" ("The Contractor
shall report the following information pursuant to paragraph (d)(1) of this clause", its
colon lost before "(i)")."""
PARENTHESISED_MARKER = re.compile(r"^\s*\((?:[ivx]{1,4}|[a-z]|\d{1,2})\)\s", re.IGNORECASE)
ANNOUNCES_A_DESCRIPTION = re.compile(
    r"\b(?:described|explained|summari[sz]ed)\s+(?:as\s+follows|below)\s*:\s*$", re.IGNORECASE
)


RUN_IN_HEADING = re.compile(r"^[A-Z][A-Z&/,' -]{2,}[A-Z] ?:\s")
"""A paragraph's title in capitals, run in before its colon ("PROPOSAL SUBMISSION: …",
"NOTE: …"): a new topic, not the next item of a list."""

NUMBERED_HEADING = re.compile(
    r"^\s*((?:\d{1,3}(?:\.\d+)*\.?|(?:[IVX]|[IVXLC]{2,6})\.|[A-Z]{1,2}\.(?=[^a-z]*$))"
    r"\s+[A-ZÁÉÍÓÚÑ][^.:;]{1,80}?(?:\s\([^().:;]{1,160}\))?)\s*$(?<!\b\d{5})"
)
"""A numbered heading alone on its line ("3.1 Architecture and hosting", "7. INVOICING",
"IX. PERIOD OF PERFORMANCE", or lettered in capitals: "C. AWARD BASIS"; a note in
brackets may follow the title: "6.4. Data Sharing (Applies if the work involves PHI)"; a
lone "C." or
"L." is a letter, not the roman 100 or 50). Not an address: an outline number has at most
three digits ("1200 Main Street" is a street number), and a heading does not end on a
postal code ("… Springfield, IL 62701")."""
BRACKETED_NOTE = re.compile(r"\s\([^()]*\)$")
"""The note in brackets after a heading's title, which is no part of the title's case."""
RUN_IN_SECTION = re.compile(
    r"^\s*((?:\d{1,3}|[IVXLC]{1,6}|[A-Z]{1,2})\.\s+[A-ZÁÉÍÓÚÑ][A-ZÁÉÍÓÚÑ0-9&/,'() -]{2,80}?)"
    r"\s*:(?:\s|$)"
)
"""A numbered section whose title in capitals runs into its first paragraph ("III.
COMMUNICATIONS: All questions shall be sent …", "XVI. PAYMENT TERMS:"):
the title is the section, the paragraph stays its text."""
RUN_IN_CLAUSE_TITLE = re.compile(
    r"^\s*(\d{1,3}(?:\.\d{1,3}){1,3}\.?\s+[A-Z][^.:;]{1,60}?)\s*(?::\s+(?=[A-Z])|\.\s+(?=[A-Z][a-z]))"
)
"""A paragraph under a multi-level number whose title in title case runs into its text before
a colon or a full stop, as performance work statements number them ("1.1.4 Travel: Periodic
travel may be required …", "1.1.7 Contractor Manpower Reporting (CMR): The contractor shall
…", "2.1.12 Access and Security Procedures. Contractor employees shall …"). The text after it
is a sentence and starts with a capital; a value after a label ("4.2.3 Professional
Liability: five million dollars;") is a list's item."""


def _run_in_title(line: str, state: ListLines) -> str | None:
    """The title of a numbered section that runs into its first paragraph
    (``RUN_IN_SECTION``, ``RUN_IN_CLAUSE_TITLE``), or None. Under a colon's open list, a
    numbered line with a title is one of its items ("… evidence of insurance as follows:",
    then "4.2.3 Professional Liability: five million dollars")."""
    if run_in := RUN_IN_SECTION.match(line):
        return run_in.group(1)
    clause = RUN_IN_CLAUSE_TITLE.match(line) if state.number is None else None
    title = clause.group(1) if clause else ""
    return title if is_title_case(title) and len(title.split()) <= MAX_TITLE_WORDS else None


MAX_TITLE_WORDS = 8
ENDS_A_SENTENCE = re.compile(r"[.;!?]\s*$")
ENDS_MID_PHRASE = re.compile(rf"(?:[,–-]|\b(?:{UNFINISHED}))\s*$", re.IGNORECASE)


def _titles_set_off(page_text: str) -> str:
    """The page with each unnumbered title on a line of its own ("SELECTION PROCESS",
    "Closing Time") set off by a blank line, so it is not glued to the sentence under it
    ("Closing Time Offers must reach the Registry …")."""
    lines = page_text.splitlines()
    out: list[str] = []
    after_break = True  # the page's top, a finished sentence or a title; not a lead-in's
    # colon, even across a blank line: the lines after it are its items or an address
    for at, line in enumerate(lines):
        following = lines[at + 1] if at + 1 < len(lines) else ""
        out.append(line)
        if not line.strip():
            continue
        if after_break and _is_title_line(line, following):
            out.append("")  # and the next line may be a title too
            continue
        after_break = bool(ENDS_A_SENTENCE.search(line))
    return "\n".join(out)


def _is_title_line(line: str, following: str) -> bool:
    """A short line of capitalised words with no end punctuation and no verb of obligation,
    before a line that starts a sentence: a title, not a wrapped sentence. A small letter's
    marker before it ("d. Scoring Plan") is the title's item mark, not its first word."""
    words = [w for w in LOWER_CASE_MARK.sub("", line).split() if w[:1].isalpha()]
    if not words or len(line.split()) > MAX_TITLE_WORDS or not words[0][0].isupper():
        return False
    if not _is_set_off(line, following):
        return False
    capitalised = sum(w[0].isupper() for w in words)
    return capitalised / len(words) >= 0.5


def _is_set_off(line: str, following: str) -> bool:
    """A line that stands apart from the next, as a title does: no field's colon ("Telephone:
    555-0100"), no end punctuation, not cut mid-phrase, no verb of obligation, and the line
    after it starts a sentence."""
    return (
        not (
            ":" in line
            or ENDS_A_SENTENCE.search(line)
            or ENDS_MID_PHRASE.search(line)
            or LOWER_CASE_MODAL.search(line)
        )
        and following.strip()[:1].isupper()
    )


LOWER_CASE_MARK = re.compile(r"^\s*\(?[a-z]{1,4}[.)]\s+(?=[A-Z])")
"""A list item's small letter or roman numeral before a capital ("d. Scoring Plan")."""


@dataclass(frozen=True)
class ListLines:
    """Where a page's lines stand in a list a colon opened (``_sections`` carries it from
    one page to the next)."""

    number: int | None = None
    """The last item's number: 0 right after the colon, None outside such a list."""
    clause: str = ""
    """The multi-level clause number of the list's last numbered item ("10.3"): the next of
    its sequence ("10.4. Form A-404 (see Article 7)") is one more item, however many lines
    of the item came between, though it is short and capitalised like a heading."""


def _sections(
    page_text: str, list_state: ListLines | None = None
) -> tuple[list[tuple[str, str]], ListLines]:
    """The page cut at its numbered headings: (heading or "" for the text before the first
    one, the text under it), and where the page leaves an open list (``ListLines``: its
    items may go on over the page). A heading is not glued to the sentence after it.
    Short numbered lines that go on a list opened by a colon ("list the following: 1. The
    type of service 2. The hours billed"; "10.1." … "10.4.") are its items, not headings; a
    number out of sequence ("6. Submission" after item 2) is a heading again. A heading
    may be led by a word ("ARTÍCULO 10º: DOCUMENTATION", "Cláusula 17. Garantía
    definitiva.", "Section 4 Evaluation", "Appendix C") or end in a full stop ("2. Duties
    of the Processor.") when it starts a line after a finished one, or run into its first
    paragraph (``RUN_IN_SECTION``). ``list_state`` is where the page
    before left off."""
    state = list_state or ListLines()
    sections: list[tuple[str, str]] = []
    heading, lines, previous = "", [], ""
    page_lines = page_text.splitlines()
    contents = contents_end(page_lines)
    for at, line in enumerate(page_lines):
        found = at >= contents and (
            NUMBERED_HEADING.match(line)
            or _heading_after_finished_line(line, previous)
            or _lettered_title(page_lines, at, previous)
        )
        item_number = _next_item_number(line, state.number)
        clause = _clause_of(line)
        goes_on = clause and clause == next_clause_number(state.clause)
        title, first_lines = None, []  # a heading alone is not text; a run-in one is
        if item_number is None and not goes_on:
            if found and (
                looks_like_title(BRACKETED_NOTE.sub("", found.group(1)))
                or _is_sentence_case_heading(found.group(1), previous, page_lines[at + 1 :])
            ):
                title = found.group(1)
            elif not found and at >= contents and (run_in := _run_in_title(line, state)):
                title, first_lines = run_in, [line]
        if title is None:
            lines.append(line)
            state = _list_state_after(line, state, item_number, clause)
        else:
            if lines:
                sections.append((heading, "\n".join(lines)))
            heading, lines = " ".join(title.split()), first_lines
            state = _list_state_after(line, ListLines(), None, clause) if lines else ListLines()
        previous = line if line.strip() else previous
    if lines or heading:
        sections.append((heading, "\n".join(lines)))
    return sections, state


def _is_sentence_case_heading(title: str, previous: str, rest: Sequence[str]) -> bool:
    """A heading in sentence case under a clause number of two levels or more ("10.2.3
    Technical approach and team structure report"), as plain-language solicitations write
    them: short, with no modal, not cut mid-phrase, after a finished line, and before a
    line that starts a sentence. A numbered sentence wrapped at the line end ("3.1.2 All
    invoices are due within") goes on in lower case or stops on an unfinished word."""
    following = next((line for line in rest if line.strip()), "")
    return bool(
        MULTI_LEVEL_NUMBER.match(title)
        and len(title.split()) <= MAX_TITLE_WORDS + 1
        and not is_fragment(title)
        and (not previous.strip() or FINISHED_LINE.search(previous))
        and _is_set_off(title, following)
    )


MULTI_LEVEL_NUMBER = re.compile(r"^\s*\d{1,3}(?:\.\d{1,3}){1,3}\.?\s")


WORD_LED_HEADING = re.compile(
    r"^\s*((?i:art[ií]culo|cl[aá]usula|article|section|cap[ií]tulo|t[ií]tulo|part)"
    r"\s+(?:\d+(?:\.\d+)*|[IVXLC]+)[º°ªo]?\s*[.:–—-]?\s+[A-ZÁÉÍÓÚÑ][^.:;]{0,80}?)\.?\s*$"
)
"""A heading led by a word and its number ("ARTÍCULO 10º: DOCUMENTACIÓN …", "Cláusula 17.
Garantía definitiva.", "TITULO II. LICITACIÓN DEL CONTRATO", "Section 4 Evaluation")."""
APPENDIX_HEADING = re.compile(
    r"^\s*((?i:appendix|attachment|exhibit|annex|anexo|ap[eé]ndice)\s+(?:[A-Z]|\d{1,2}|[IVXLC]+)"
    r"(?:\s*[.:–—-]?\s+[A-ZÁÉÍÓÚÑ][^.:;]{0,80}?)?)\.?\s*$"
)
"""An appendix's heading, its title optional ("Appendix C", "APPENDIX E", "Attachment 2 -
Price Schedule"): what follows is the appendix, not the article before it."""
NUMBERED_TITLE_WITH_STOP = re.compile(r"^\s*(\d{1,2}\.\s+[A-ZÁÉÍÓÚÑ][^.:;]{1,80}?)\.\s*$")
"""A numbered title that ends with a full stop ("2. Statement of Work and
Responsibilities."): a heading only when every word but the small ones is capitalised
(``headings.is_title_case``); "3. Submit the form." is an item."""


FINISHED_LINE = re.compile(r"[.:;!?)]\s*$")
"""A line that ends a sentence, a lead-in or a parenthesis: what comes after it may be a
heading."""


def _heading_after_finished_line(line: str, previous: str) -> re.Match[str] | None:
    """``line`` as a word-led heading, an appendix's or a numbered title with a full stop,
    when the line before it is finished (a sentence end, a colon, a heading) or there is
    none: "… in accordance with / Section 508 Standards and" is a sentence wrapped before
    its reference. A UCF section's heading ("SECTION C -
    DESCRIPTION …", "SECTION I - CONTRACT CLAUSES") is not one: it sets the UCF letter."""
    if ucf_section_of(line):
        return None
    finished = not previous.strip() or FINISHED_LINE.search(previous)
    if not (finished or NUMBERED_HEADING.match(previous) or WORD_LED_HEADING.match(previous)):
        return None
    stopped = NUMBERED_TITLE_WITH_STOP.match(line)
    if stopped and is_title_case(stopped.group(1)):
        return stopped
    return WORD_LED_HEADING.match(line) or APPENDIX_HEADING.match(line)


LETTERED_TITLE = re.compile(r"^\s*(([A-Z])\.\s+[A-ZÁÉÍÓÚÑ][^.:;]{1,80}?)\.?\s*$")
"""A capital letter and a title in mixed case ("B. Privacy and Security of Data")."""


def _lettered_title(lines: Sequence[str], at: int, previous: str) -> re.Match[str] | None:
    """``lines[at]`` as a lettered heading in mixed case: title case, and not one
    of a run of lettered lines (the line before is not the letter before, the next line with
    text not the letter after): a form's fields are lettered so too ("A. Contractor Name",
    "B. Contract Number", "C. Point of Contact")."""
    found = LETTERED_TITLE.match(lines[at])
    if not found or not is_title_case(found.group(1)):
        return None
    letter = found.group(2)
    following = next((lines[i] for i in range(at + 1, len(lines)) if lines[i].strip()), "")
    before = f"{chr(ord(letter) - 1)}." if letter > "A" else None
    if (before and previous.lstrip().startswith(before)) or following.lstrip().startswith(
        f"{chr(ord(letter) + 1)}."
    ):
        return None
    return found


def _clause_of(line: str) -> str:
    """The multi-level clause number opening ``line`` ("10.4. Form" -> "10.4"), or ""."""
    found = CLAUSE_NUMBER.match(line)
    return found.group(1) if found else ""


def _next_item_number(line: str, list_number: int | None) -> int | None:
    """The number of ``line`` when it is the next item of the open list: any first number
    after the colon (``list_number`` 0), then each one the number after the last."""
    found = ITEM_NUMBER.match(line)
    if list_number is None or not found:
        return None
    number = int(found.group(1))
    return number if list_number == 0 or number == list_number + 1 else None


def _list_state_after(
    line: str, state: ListLines, item_number: int | None, clause: str
) -> ListLines:
    """The list state after ``line`` (``item_number``: its number as the list's next item,
    or None; ``clause``: the clause number opening it, or ""): number None outside a list,
    0 after a line ending in a colon, the item's number after an item; a clause-numbered item
    right after the colon, or next in the sequence, is the list's last clause (a line
    without a number keeps it); a blank line keeps everything."""
    if not line.strip():
        return state
    if not clause:  # a line of the item's own
        clause = state.clause
    elif not (state.number == 0 or clause == next_clause_number(state.clause)):
        clause = ""
    return ListLines(0 if line.rstrip().endswith(":") else item_number, clause)


def section_headings(text: str) -> list[str]:
    """The numbered headings a passage is cut at (``_sections``), whitespace normalised: the
    lines a reader of the passage must not glue to the sentence under them."""
    return [heading for heading, _ in _sections(text)[0] if heading]


def is_list_item(sentence: str, long: bool = False) -> bool:
    """A list item after a lead-in: short, and no verb of obligation of its own ("Provide
    monthly status reports.", "pay each supplier within ten days" after "The
    Contractor shall:"; not "Reports shall be sent monthly."). An item with a clause number
    of its own ("3.2.1 Vehicle insurance with a limit of at least …") may run as long as a
    requirement, and so may one the caller knows to be ``long``."""
    numbered = long or CLAUSE_NUMBER.match(sentence)
    limit = MAX_REQUIREMENT_CHARACTERS if numbered else MAX_ITEM_CHARACTERS
    return len(sentence) <= limit and not has_modal_verb(sentence)


def _chunk_holding(sentence: str, chunks: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """The metadata of the chunk the sentence is in (the page's first chunk if it spans two)."""
    flat = " ".join(sentence.split())[:80]
    for text, meta in chunks:
        if flat in " ".join(text.split()):
            return meta
    return chunks[0][1]
