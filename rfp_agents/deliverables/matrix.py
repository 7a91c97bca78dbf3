"""The compliance matrix: every requirement statement of a knowledge base's documents.

A bid team "shreds" a solicitation into the list of what the bidder must (or should) do, each
with its section and page, and answers it line by line. ``requirements`` reads each document
page by page in reading order (the page's chunks joined where they overlap), splits it into
sentences and list items, and keeps the statements that oblige someone:

* ``mandatory``: shall, must, is/are required (to), will be required, is responsible for,
  is expected to, shall not, may not, what the bidder "will" do,
  and the Spanish deberá(n), debe(n), está(n) obligado(s) a, se exige, es obligatorio;
* ``advisory``: should, may, is encouraged, it is recommended; podrá(n), se recomienda.

Statements without such a verb are information, not rows; so are statements whose subject is
the buyer or one of its officials (``vocabulary/parties.toml``: "The COR shall notify the
CO"), and a Q&A's questions, even when they quote a requirement (the whole question, from
"Q7:" to the answer "A7:"). A lead-in that ends with a
colon ("The Contractor shall:") is joined to each of its items. The same requirement in
several documents is one row citing each place (``also_in``); amendments, evaluation
factors and UCF sections link rows (``links.py``). Each row carries its domain (the keyword
classifier of ``rfp_agents.domains``), a topic (``vocabulary/topics.toml``), the numbered
heading it sits under, and the file, page and chunk it comes from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, Field

from rfp_agents.deliverables.links import (
    amended_documents,
    answers_questions,
    link_amendments,
    link_factors,
    ucf_section_of,
)
from rfp_agents.domains import classify_text
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.text import (
    QA_ENTRY_NUMBER,
    answer_sentences,
    content_terms,
    fold_accents,
    join_overlapping,
    table_cells,
)
from rfp_agents.vocabulary import load_vocabulary_file

Strength = Literal["mandatory", "advisory"]

MANDATORY = re.compile(
    r"\b(?:shall|must|(?:is|are|will be|shall be) required to|will be required|"
    r"(?:is|are|will be|shall be) (?:responsible for|expected to)|"
    r"may not|is prohibited|are prohibited|(?:is|are) (?:mandatory|compulsory)|"
    r"debera|deberan|debe|deben|esta obligad[oa]|estan obligad[oa]s|se exige|se exigira|"
    r"es obligatori[oa])\b",
    re.IGNORECASE,
)
ADVISORY = re.compile(
    # "may", but not "as may be amended" or "data which may be shared"
    r"\b(?:should|(?<!\bas )(?<!\bthat )(?<!\bwhich )may|is encouraged|are encouraged|"
    r"(?:it )?is recommended|"
    r"podra|podran|se recomienda)\b",
    re.IGNORECASE,
)
PERFORMANCE_STANDARD = re.compile(
    r"\b(?:minimum of|maximum of|no more than|not more than|no less than|at least)\b"
    r"|\d%?\s+or (?:higher|better|greater|more)\b"  # not "one or more of the following"
    r"|(?:\bwithin |\()(?:\w+ )?\(?\w+\)? (?:business |calendar )?(?:minutes?|hours?|days?)\b",
    re.IGNORECASE,
)
"""The measure of a performance standard: "Minimum of 85% branch coverage", "99.5% or better
uptime", "Restore the portal within four hours", "Answer a ticket … (one business hour)"."""
QUANTITY_FIGURE = re.compile(
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|"
    r"thirty|sixty|ninety)\b",
    re.IGNORECASE,
)
"""A figure of a standard: digits or a small number written out. Narrower than the
answerer's ``question_focus.QUANTITY`` on purpose: "at least once per year" is a habit of the
buyer's, not a standard the bidder meets."""
MAX_STANDARD_CHARACTERS = 200
"""A performance standard is a table cell's words, not a paragraph."""
FINITE_VERB = re.compile(
    r"\b(?:is|are|was|were|be|been|has|have|had|will|would|can|could|does|do|did)\b", re.I
)
MIN_REQUIREMENT_CHARACTERS = 25
MAX_REQUIREMENT_CHARACTERS = 1500
MAX_ITEM_CHARACTERS = 300
MAX_ITEMS = 20
"""Items joined to one lead-in at most (a list that never ends is a misread)."""
MAX_HEADING_WORDS = 12
BARE_MARKER = re.compile(r"^\(?(?:[a-z]{1,2}|\d{1,2}|[ivxlc]{1,5})[.)]$", re.IGNORECASE)
"""A list marker the splitter left as a sentence of its own ("a.", "XIV.", "3)"): an item's
number, no requirement of its own."""
ITEM_MARKER = re.compile(r"^\(?(?:[a-z]|\d{1,2}|[ivx]{1,4})[.)]\s+")
"""A list item's own marker ("a) ", "(c) ", "3. "), dropped once joined to its lead-in."""


class Requirement(BaseModel):
    """One row of the compliance matrix, with empty ``response`` and ``owner`` for the team."""

    id: str = Field(description="R-0001, R-0002... in document and page order.")
    requirement: str = Field(description="The whole sentence or list item, clean text.")
    strength: Strength
    domain: str = Field(description="legal, technical, financial or general.")
    topic: str
    section: str = Field(default="", description="The numbered heading it sits under.")
    file: str
    page: int = Field(ge=1)
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


def strength_of(sentence: str, in_questions_and_answers: bool = False) -> Strength | None:
    """``mandatory``, ``advisory`` or None (a statement of information, or of what the
    buyer will do: ``binds_the_buyer``). In a Q&A a request ("Please provide …") may be the
    vendor's, so it is no requirement there."""
    folded = fold_accents(sentence)
    if binds_the_buyer(folded) or is_question(folded) or DESCRIBES_THE_DOCUMENT.match(folded):
        return None
    unheaded = LEADING_HEADING.sub("", folded)
    if BUYER_ACT.match(unheaded) or FORM_CHOICE.search(folded) or _not_a_duty(folded, unheaded):
        return None
    if _obligations().on_the_bidder.search(folded):
        return "mandatory"
    if (
        not in_questions_and_answers
        and (_obligations().request.search(folded) or _obligations().imperative.match(unheaded))
        and not FOR_INFORMATION.search(folded)
    ):
        return "mandatory"
    return _modal_strength(folded)


BUYER_ACT = re.compile(
    r"^\W*(?:the\s+)?(?:acceptance|inspection|evaluation|award|payment|surveillance)s?\b"
    r"(?:\s+of\s+[\w\s]{1,40}?)?\s+(?:shall|will)\s+be\s+"
    r"(?:based|made|conducted|performed|determined|accomplished)\b",
    re.IGNORECASE,
)
"""An act of the buyer's put in the passive ("Inspection of deliverables shall be based upon
the checklist", "Award will be made to …"): acceptance, inspection, evaluation,
award and payment are the buyer's (FAR parts 15, 32 and 46), not the bidder's requirements."""
FORM_CHOICE = re.compile(r"\bis not,?\s*\W{0,3}\s*is required to\b", re.IGNORECASE)
"""A standard form's check box printed with both choices ("Contractor [ ] is not, [X] is
required to sign this document", block 13 of the SF-30): which one holds is the mark, which
the text layer does not carry."""
DESCRIBES_THE_DOCUMENT = re.compile(
    r"^\W*(?:it|(?:this|the)\s+(?:document|plan|section|appendix|attachment|exhibit|"
    r"solicitation|rfp|rfq|rfi|ifb|itb|pws|sow|soo|qasp|amendment|modification|part|article|"
    r"statement of work|performance work statement|quality assurance surveillance plan))"
    r"\s+(?:also\s+)?(?:provides|describes|establishes|sets forth|outlines|explains|"
    r"contains|summari[sz]es|identifies|defines|includes)\b",
    re.IGNORECASE,
)
"""What the document itself does ("This plan sets forth how the agency reviews the work the
contractor is required to perform"): a description, not a requirement."""
QUESTION_NUMBER = r"(?:Q\s?\d+|Question\s?\d+)\s*[:.)-]"
"""A Q&A's question number ("Q7:", "Question 12.")."""
QUESTION_START = re.compile(rf"^\W*{QUESTION_NUMBER}", re.IGNORECASE)
"""A sentence that opens a Q&A's question (a bare "Question:" inside one does not)."""
QUESTION = re.compile(rf"\?\W{{0,3}}$|^\W*(?:{QUESTION_NUMBER}|Question\s*:)", re.IGNORECASE)
"""A vendor's question in a Q&A ("Q1: The RFQ states: '… must …' What page limits apply?")."""


def is_question(sentence: str) -> bool:
    """True for a question: it asks, even when it quotes a requirement."""
    return bool(QUESTION.search(sentence.strip()))


def _modal_strength(folded: str) -> Strength | None:
    """The strength the sentence's verbs give, whoever they bind; what the bidder "will" do
    ("the contractor will fix the rejected reports") and a performance standard (a measure
    and a figure, no verb of its own: a cell of an acceptable-quality-level table) are
    mandatory."""
    if _obliges(folded) or BIDDER_WILL.search(folded) or _is_required(folded):
        return "mandatory"
    if ADVISORY.search(folded):
        return "advisory"
    if _is_performance_standard(folded):
        return "mandatory"
    return None


REQUIRED_TO = re.compile(r"(?:is|are|will be|shall be) required to", re.IGNORECASE)
CONDITION = re.compile(r"\b(?:if|unless|when|whether)\b", re.IGNORECASE)


def _obliges(folded: str) -> bool:
    """A verb of obligation (``MANDATORY``), unless it is only a "required to" inside a
    condition ("If travel is required to complete the work, expenses will be negotiated")."""
    for found in MANDATORY.finditer(folded):
        clause = re.split(r"[,;:]", folded[: found.start()])[-1]
        if not REQUIRED_TO.fullmatch(found.group(0)) or not CONDITION.search(clause):
            return True
    return False


IS_REQUIRED = re.compile(r"\b(?:is|are) required\b(?!\s+to\b)", re.IGNORECASE)
DESCRIBED_AS_REQUIRED = re.compile(r"\b(?:that|which)\s+$", re.IGNORECASE)
NOT_A_DEMAND = re.compile(
    r"\b(?:what|which|whether|though|although|if|unless|when|where)\b", re.IGNORECASE
)
REQUIRED_BY_LAW = re.compile(r"\s+by\s+(?:law|statute|regulation|applicable)\b", re.I)


def _is_required(folded: str) -> bool:
    """ "A CTA is required by the closing date", "CSV is required": a thing demanded, unless
    its clause asks or concedes ("determine what controls are required", "even though
    further work is required"), describes a thing ("the templates that are required for its
    websites") or the law requires it ("disclosures are required by law")."""
    for found in IS_REQUIRED.finditer(folded):
        clause = re.split(r"[,;:]", folded[: found.start()])[-1]
        described = DESCRIBED_AS_REQUIRED.search(clause)  # "templates that are required for"
        if described or NOT_A_DEMAND.search(clause):
            continue
        if not REQUIRED_BY_LAW.match(folded[found.end() :]):
            return True
    return False


def _is_performance_standard(folded: str) -> bool:
    """A measure and a figure, and no verb of a statement in its clause ("The agency has at
    least 5 systems" is information). A clause joined by "and" may have one: "Restores
    which need an outage take no more than two hours and users are told first"."""
    measure = PERFORMANCE_STANDARD.search(folded)
    if not measure or len(folded) > MAX_STANDARD_CHARACTERS or not QUANTITY_FIGURE.search(folded):
        return False
    clause = folded[: measure.end()] + folded[measure.end() :].split(" and ")[0]
    return not FINITE_VERB.search(clause)


LEADING_HEADING = re.compile(r"^\W*(?:[A-Z][A-Z&/-]+\s+)+(?=[A-Z][a-z]|A\s+[a-z])")
"""An all-caps heading glued before a sentence ("PROCEDURES The COR ... will inspect",
"AWARD BASIS A contract shall be awarded …")."""
BIDDER = (
    r"contractor|offeror|quoter|vendor|bidder|proposer|proponent|tenderer|respondent|applicant|"
    r"consultant|supplier|provider|licitador|adjudicatario|contratista|empresa"
)


BIDDER_WILL = re.compile(
    rf"\b(?:the|each|every|all|any|a|an)\s+(?:successful\s+|selected\s+|awarded\s+)?"
    rf"(?:{BIDDER})s?(?:'s)?(?:\s+(?:team|staff|personnel|employees))?"
    rf"\s+will\s+(?!(?:also\s+)?(?:be|not|receive|have|need)\b)\w+",
    re.IGNORECASE,
)
"""The bidder (or its team) as the subject of "will" + an active verb: a commitment the buyer
holds it to (not "the contractor will be paid", "will receive", "will not have access")."""
FOR_INFORMATION = re.compile(r"\bfor (?:more|further|additional) information\b", re.I)
"""A pointer to more reading ("For more information, please …"), not an instruction."""
BIDDER_DUTY = re.compile(rf"\b(?:{BIDDER})s?\s+(?:shall|must|will)\b", re.IGNORECASE)
BUYERS_RIGHT = re.compile(r"\breserves?\s+the\s+right\b", re.IGNORECASE)
"""A right the buyer keeps ("The County reserves the right to reject any proposal that …"):
its discretion, not a duty of the bidder's."""
TO_THE_BIDDER = re.compile(
    r"\b(?:shall|will|must)\s+be\s+(?:given|provided|paid|sent|furnished|issued|"
    r"made available|reimbursed)\s+to\s+(?:the\s+)?(?:successful\s+|selected\s+)?"
    rf"(?:{BIDDER})s?\b",
    re.IGNORECASE,
)
"""What the bidder receives ("ten days' notice shall be given to the Contractor"): the
buyer's duty put in the passive."""
CONTRACT_TERMS = re.compile(
    r"^\W*(?:the|this|a|an|any|each)\s+(?:resulting\s+)?(?:contract|agreement|award|"
    r"purchase order|task order)s?\b[^.;]{0,60}?\s+(?:shall|will)\s+be\s+(?:based|awarded|"
    r"made|governed|construed|interpreted|issued)\b",
    re.IGNORECASE,
)
"""A term of the contract itself ("The Contract that results from this RFP shall be based on
labor hours", "A contract shall be awarded to …", "This Agreement shall be governed by …"):
how the buyer contracts, not what the bidder does."""


POLICY = re.compile(
    r"\b(?:shall|will|may)\s+be\s+(?:automatically\s+|immediately\s+)?(?:considered|deemed|"
    r"construed|treated as|regarded as|evidenced by|rejected|disqualified)\b",
    re.IGNORECASE,
)
"""What a thing counts as, or what befalls it ("All persons engaged in the work shall be
considered employees of the Contractor", "a late bid shall be rejected"): the contract's
policy or the buyer's act, not a duty the bidder performs."""


def _not_a_duty(folded: str, unheaded: str) -> bool:
    """The buyer's right, what the bidder receives, the contract's policy or a term of the
    contract itself, when the sentence puts no duty on the bidder besides."""
    if BIDDER_DUTY.search(folded):
        return False
    return bool(
        BUYERS_RIGHT.search(folded)
        or TO_THE_BIDDER.search(folded)
        or POLICY.search(folded)
        or CONTRACT_TERMS.match(unheaded)
    )


@dataclass(frozen=True)
class Obligations:
    """Obligations put without a modal verb (``vocabulary/obligations.toml``)."""

    on_the_bidder: re.Pattern[str]
    """A task put on the bidder by an idiom or a verb of obligation ("it is up to each bidder
    to name its analysts", "the burden of proof lies with the offeror", "the supplier agrees
    to")."""
    imperative: re.Pattern[str]
    """An instruction in the imperative ("Submit questions through the portal by …",
    "Deliver a test report after each phase"): a verb of instruction opens the sentence."""
    request: re.Pattern[str]
    """An instruction put as a request ("Please describe the team's experience", "If you
    need a sign interpreter, please notify the buyer"), also where an answer quotes it ("as
    the RFP states: Please list two references"); not "Please note that …"."""


NOUN_READING = (
    r"(?:of|for|and|or|to|in|on|with|by|from|as|is|are|was|were|will|shall|may|must|should|can)"
)
"""Words after which a verb of instruction is a noun ("Use of subcontractors is …", "Report
to Council"), or a title ("Support Services": capitalised)."""


@cache
def _obligations() -> Obligations:
    table = load_vocabulary_file("obligations.toml")
    bidder = rf"(?:(?:the|each|every|all|any|a|an)\s+)?(?:{BIDDER})s?"
    idioms = "|".join(
        f"(?:{p.replace('{bidder}', bidder).replace('{gap}', r'[^.;]{0,120}?')})"
        for p in table["on_the_bidder"]
    )
    informational = "|".join(
        re.escape(words).replace("\\ ", r"\s+") for words in table["informational_requests"]
    )
    verbs = "|".join(table["imperative_verbs"])
    return Obligations(
        on_the_bidder=re.compile(rf"\b(?:{idioms})", re.IGNORECASE),
        imperative=re.compile(rf"^\W*(?:{verbs})\s+(?!{NOUN_READING}\b)[a-z0-9]"),
        request=re.compile(
            rf"(?:^\W*(?:\w+\W+){{0,6}}?|[:;,]\s*)please\s+(?!(?:{informational})\b)[a-z]",
            re.IGNORECASE,
        ),
    )


def binds_the_buyer(sentence: str) -> bool:
    """True when the statement's subject is the buyer or one of its officials ("The COR
    shall notify the CO"): what the buyer does is not the bidder's requirement. A bidder
    named before the verb ("The State requires that the Contractor shall...") keeps it a
    requirement. A clause number before the subject ("2.14.3 The Owner shall issue …") is
    not read as part of it."""
    unlabelled = CLAUSE_NUMBER.sub("", ANSWER_START.sub("", sentence))
    return bool(_buyer_subject().match(LEADING_HEADING.sub("", unlabelled)))


CLAUSE_NUMBER = re.compile(r"^\W*\d+(?:\.\d+)+\.?\s+")
"""A multi-level clause number ("2.14.3 ", "5.4.2. ") opening a sentence."""


@cache
def _buyer_subject() -> re.Pattern[str]:
    roles = sorted(load_vocabulary_file("parties.toml")["buyer"], key=len, reverse=True)
    names = "|".join(re.escape(fold_accents(r)).replace("\\ ", r"\s+") for r in roles)
    return re.compile(
        rf"^\W*(?:(?:the|el|la|los|las)\s+)?(?:{names})\b(?:'s)?"
        rf"(?:(?!\b(?:{BIDDER})s?\b)[^.;:]){{0,80}}?"
        r"\b(?:shall|will|must|may|should|debera|podra|se reserva)\b",
        re.IGNORECASE,
    )


def topic_of(sentence: str) -> str:
    """The topic whose words the sentence holds most (``vocabulary/topics.toml``), or
    "other"."""
    terms = set(content_terms(sentence))
    best, hits = "other", 0
    for topic, words in _topics().items():
        found = len(terms & words)
        if found > hits:
            best, hits = topic, found
    return best


@cache
def _topics() -> dict[str, frozenset[str]]:
    table = load_vocabulary_file("topics.toml")["topics"]
    return {
        topic: frozenset(t for w in words for t in content_terms(w))
        for topic, words in table.items()
    }


def requirements(
    kb: KnowledgeBase,
    documents: Sequence[str] | None = None,
    on_document: Callable[[str, int, int], None] | None = None,
) -> list[Requirement]:
    """The requirement rows of ``kb``'s documents (all, or the files named in ``documents``).

    ``on_document(source, index, total)`` is called before each document is read.

    Raises:
        DocumentNotFound: a file of ``documents`` is not in the knowledge base (before any
            document is read).
    """
    records = kb.documents() if documents is None else kb.documents_named(documents)
    rows: list[Requirement] = []
    first: dict[str, Requirement] = {}
    for index, record in enumerate(records):
        if on_document:
            on_document(record.source, index, len(records))
        in_qa = answers_questions(record)
        for text, meta in statements(kb, record.source):
            key = " ".join(content_terms(text))
            seen = first.get(key)
            if seen is not None:
                place = f"{meta['source']} p. {meta['page_number']}"
                if seen.file != meta["source"] and place not in seen.also_in:
                    seen.also_in.append(place)
                continue
            strength = strength_of(text, in_qa and not meta.get("in_answer"))
            if strength is None:
                continue
            row = Requirement(
                id=f"R-{len(rows) + 1:04d}",
                requirement=text,
                strength=strength,
                domain=classify_text(text).category,
                topic=topic_of(text),
                section=str(meta.get("section", "")),
                ucf_section=str(meta.get("ucf_section", "")),
                file=str(meta["source"]),
                page=int(meta["page_number"]),
                chunk_id=str(meta["chunk_id"]),
            )
            first[key] = row
            rows.append(row)
    link_amendments(rows, amended_documents(kb.documents()))
    link_factors(rows)
    return rows


def statements(kb: KnowledgeBase, source: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each sentence or list item of a document, page by page, with the metadata of the
    chunk it is in; an item of a list is joined to its lead-in. A vendor's question in a Q&A
    ("Q7: … Any additional details you can provide would help … the Contractor will
    provide.") is not a statement of the document: its sentences up to the answer ("A7:")
    are left out."""
    lead_in, items, label = "", 0, ""
    held: tuple[str, dict[str, Any], int] | None = None  # a numbered item, open to sub-items
    for sentence, meta, opens_section in _outside_questions(_sentences(kb, source)):
        if opens_section:  # a new section ends any list
            lead_in, items, label = "", 0, ""
        elif held and lead_in and _is_sub_item(sentence, held[2]):
            held = (f"{held[0]} {sentence}", held[1], held[2])
            continue
        if held:
            yield held[0], held[1]
            held = None
        if _is_item_of(sentence, lead_in, items) and _is_label(sentence):
            label, items = sentence, items + 1  # "Ability to:" inside a list: its items follow
            continue
        for text, row_meta in _statement(sentence, meta, f"{lead_in} {label}".strip(), items):
            if lead_in and _clause_depth(sentence):
                held = (text, row_meta, _clause_depth(sentence))
            else:
                yield text, row_meta
        next_lead_in, items = _next_list_state(sentence, lead_in, items)
        label = label if next_lead_in == lead_in else ""
        lead_in = next_lead_in
    if held:
        yield held[0], held[1]


def _is_label(sentence: str) -> bool:
    """ "Deliverables:", "Ability to:": a colon and no obligation of its own. Inside a list
    it heads the items after it, which keep the list's lead-in: "… shall propose staff with
    the following skills: Ability to: work with diverse clients"."""
    return sentence.rstrip().endswith(":") and strength_of(sentence) is None


def _clause_depth(sentence: str) -> int:
    """How many levels the clause number opening ``sentence`` has ("4.2.1 " 3), or 0."""
    found = CLAUSE_NUMBER.match(sentence)
    return found.group(0).strip().rstrip(".").count(".") + 1 if found else 0


def _is_sub_item(sentence: str, depth: int) -> bool:
    """A line of a numbered item's own list: a deeper clause number ("4.2.1.1 non-owned
    automobiles;" under "4.2.1 Automobile insurance … Coverage to include:"), or the nested
    lead-in that opens it (a colon, no obligation of its own)."""
    return _clause_depth(sentence) > depth or _is_label(sentence)


Sentence = tuple[str, dict[str, Any], bool]
"""A sentence, its chunk's metadata, and whether it is the first under a new heading."""


def _sentences(kb: KnowledgeBase, source: str) -> Iterator[Sentence]:
    """The document's sentences in reading order, each with its chunk's metadata (with the
    numbered heading and the UCF section it sits under)."""
    by_page: dict[int, list[tuple[str, dict[str, Any]]]] = {}
    for text, meta in kb.iter_chunks({"source": source}):
        by_page.setdefault(int(meta["page_number"]), []).append((text, meta))
    section, ucf = "", ""
    for page in sorted(by_page):
        chunks = sorted(by_page[page], key=lambda row: int(row[1].get("chunk_index", 0)))
        for heading, block in _sections(join_overlapping([t for t, _ in chunks])):
            section, opens_section = heading or section, bool(heading)
            for letter, run in _ucf_runs(block, ucf):
                ucf = letter
                for sentence in _at_questions(answer_sentences(table_cells(run))):
                    meta = {**_chunk_holding(sentence, chunks)}
                    meta["section"] = section or meta.get("section", "")
                    meta["ucf_section"] = ucf
                    yield sentence, meta, opens_section
                    opens_section = False


QUESTION_INSIDE = re.compile(rf"\s+(?={QUESTION_NUMBER})", re.IGNORECASE)
"""Where a question starts inside what the splitter left as one sentence: after a heading
("Questions and Answers Q7: …") or after an answer whose closing quote hid its period
("… is amended to read: “… 30 pages combined.” Q2: Re Similar Experience …")."""
ANSWER_START = re.compile(
    r"^\W*(?:A\s?\d+|Answer\s?\d*|Response\s?\d*|Government\s+Response)\s*[:.)-]",
    re.IGNORECASE,
)
ANSWER_AT_END = re.compile(
    r"\b(?:A\s?\d+|Answer\s?\d*|Response\s?\d*|Government\s+Response)\s*:\s*$",
    re.IGNORECASE,
)
"""An answer label the splitter left at the end of the question's last sentence ("… on
the portal Response:")."""
MAX_QUESTION_SENTENCES = 8
"""A "question" that no answer follows within this many sentences is not a Q&A's (an RFP's
"Question 1: Describe your approach…" prompts are instructions)."""


def _at_questions(sentences: list[str]) -> Iterator[str]:
    """The sentences, each cut where a Q&A's question starts inside it."""
    for sentence in sentences:
        yield from (part for part in QUESTION_INSIDE.split(sentence) if part)


def _outside_questions(sentences: Iterator[Sentence]) -> Iterator[Sentence]:
    """The sentences without the questions of a Q&A: from "Q7:" (or an entry number, "7.")
    to the answer "A7:" / "Response:". A question no answer follows is kept after all, and
    so is an entry whose "Response:" label has no answer after it (a questionnaire's blank
    for the bidder to fill in). The sentences of a labelled answer, up to the next entry,
    are marked ``in_answer``: there the buyer speaks, and a request is an instruction."""
    held: list[Sentence] = []
    labelled = False  # the last held sentence ended with an answer label
    answering = False  # the sentences are a labelled answer's
    for item in sentences:
        if labelled:
            labelled = False
            if not QA_ENTRY_NUMBER.match(item[0]):  # the label's answer: the question was held
                held, answering = [], True
        if QUESTION_START.match(item[0]) or QA_ENTRY_NUMBER.match(item[0]):
            yield from held
            held, answering = [item], False
        elif held and ANSWER_START.match(item[0]) and ANSWER_START.sub("", item[0]).strip():
            held, answering = [], True
            yield _answered(item)
        elif held and (ANSWER_START.match(item[0]) or ANSWER_AT_END.search(item[0])):
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
    sentence: str, meta: dict[str, Any], lead_in: str, items: int
) -> Iterator[tuple[str, dict[str, Any]]]:
    """The sentence as a statement: joined to the lead-in of the list it is an item of;
    nothing for a lead-in itself (its items say it), a bare marker or a fragment."""
    if _is_item_of(sentence, lead_in, items):
        if not BARE_MARKER.match(sentence.strip()):
            yield f"{lead_in} {CLAUSE_NUMBER.sub('', ITEM_MARKER.sub('', sentence))}", meta
    elif not _is_lead_in(sentence) and (
        MIN_REQUIREMENT_CHARACTERS <= len(sentence) <= MAX_REQUIREMENT_CHARACTERS
    ):
        yield sentence, meta


def _next_list_state(sentence: str, lead_in: str, items: int) -> tuple[str, int]:
    if _is_item_of(sentence, lead_in, items):
        return lead_in, items + 1
    return (sentence, 0) if _is_lead_in(sentence) else ("", 0)


def _is_item_of(sentence: str, lead_in: str, items: int) -> bool:
    """True when ``sentence`` is the next item of the list ``lead_in`` opens: an item, and
    not the next clause of the lead-in's own level ("1.3.2 Proposals will be opened …" after
    "1.3.1 Proponents shall submit … to:" ends that list)."""
    if not lead_in or items >= MAX_ITEMS or not is_list_item(sentence):
        return False
    depth = _clause_depth(sentence)
    return not depth or depth > _clause_depth(lead_in)


def _is_lead_in(sentence: str) -> bool:
    """ "The Contractor shall:": a requirement said by the list items that follow."""
    return sentence.rstrip().endswith(":") and strength_of(sentence) is not None


NUMBERED_HEADING = re.compile(r"^\s*(\d+(?:\.\d+)*\.?\s+[A-ZÁÉÍÓÚÑ][^.:;]{1,80})\s*$")
"""A numbered heading alone on its line ("3.1 Architecture and hosting", "7. INVOICING")."""


LOWER_CASE_MODAL = re.compile(r"\b(?:shall|must|will|should|may)\b")
"""A verb a title does not have: "5.4.2. The Vendor must provide a complete signed Security
Matrix for" is a sentence wrapped at the line end, however capitalised."""


def _looks_like_heading(line: str) -> bool:
    """A short title whose words are capitalised ("3.1 Architecture and hosting", "7.
    INVOICING AND PAYMENT"), not a numbered sentence wrapped at the line end ("1. Require the
    contractor to take necessary action to ensure that future", or one with a modal verb)."""
    words = [w for w in line.split()[1:] if w[:1].isalpha()]
    if not words or len(words) > MAX_HEADING_WORDS or LOWER_CASE_MODAL.search(line):
        return False
    capitalised = sum(w[0].isupper() for w in words)
    return capitalised == len(words) or len(words) <= 4 or capitalised / len(words) >= 0.5


def _sections(page_text: str) -> Iterator[tuple[str, str]]:
    """The page cut at its numbered headings: (heading or "" for the text before the first
    one, the text under it). A heading is not glued to the sentence after it."""
    heading, lines = "", []
    for line in page_text.splitlines():
        found = NUMBERED_HEADING.match(line)
        if found and _looks_like_heading(found.group(1)):
            if lines:
                yield heading, "\n".join(lines)
            heading, lines = " ".join(found.group(1).split()), []
        else:
            lines.append(line)
    if lines or heading:
        yield heading, "\n".join(lines)


def is_list_item(sentence: str) -> bool:
    """A list item after a lead-in: short, and no requirement of its own ("Provide monthly
    status reports." after "The Contractor shall:"). An item with a clause number of its own
    ("3.2.1 Vehicle insurance with a limit of at least …") may run as
    long as a requirement."""
    numbered = CLAUSE_NUMBER.match(sentence)
    limit = MAX_REQUIREMENT_CHARACTERS if numbered else MAX_ITEM_CHARACTERS
    return len(sentence) <= limit and _modal_strength(fold_accents(sentence)) is None


def _chunk_holding(sentence: str, chunks: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """The metadata of the chunk the sentence is in (the page's first chunk if it spans two)."""
    flat = " ".join(sentence.split())[:80]
    for text, meta in chunks:
        if flat in " ".join(text.split()):
            return meta
    return chunks[0][1]
