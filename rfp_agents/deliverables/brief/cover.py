"""The solicitation's own name, read from its first pages by rule.

Who issues it, its number and title, and what kind of solicitation it is are printed on the
cover of any tender, in a few short lines a retrieval question matches poorly ("Fairfax
County" is not a sentence). The rules read the first ``COVER_PAGES`` pages of each document:

* issuer: the organisation the text says issues it ("issued by the United States Tax
  Court") or a contract form names as its first party ("This contract is between the State
  of …"), the subject of the sentence that invites the bids ("Lower Valley Water invites
  proposals"), else the first short line naming an organisation (a department, county,
  university, court, ministry...), else the first line a named-entity model reads as an
  organisation's name and nothing else (``named_organisations.py``), else a one-word name
  the model reads so in the cover's heading ("Caltrans"), else the name the text gives the
  one acting as the buyer ("Camrose County reserves the right to reject …", ``ACTING_AS_BUYER``);
* solicitation: the number a label line of the first ``LABEL_PAGES`` pages prints
  ("Solicitation No.: 24-0117", ``labels.py``), else the first solicitation number those
  pages print ("RFP 2000004198", a code opening a line, "RFQ … No. 18-0018"), else a
  reference code in the cover's heading lines ("Our Reference: KV/2031/17"), with the
  document's title (``ingest.titles``), cited on the page that prints it; the first page
  is read with the running header and footer ingest dropped from it (``running_lines.py``);
  "not stated" when no number is printed;
* title: the title the first cover prints (``title.py``), number or none;
* type: the kind of solicitation those pages name most (request for proposals, for
  quotations, invitation to bid, request for information, pliego / licitación), else the
  part of a solicitation the document's title says it is (statement of work, terms and
  conditions, amendment, questions and answers, specifications);
* set-asides: the line of those pages that names a set-aside ("Set-aside: Total Small
  Business").

Where the rules find nothing, the issuer, number and type are "not stated": asked as a
question, they drew sentences that merely mention an agency or a solicitation. Set-asides
are asked as a question then.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rfp_agents.agents.evidence import Evidence
from rfp_agents.deliverables.brief.labels import DATE_LIKE, labelled_values
from rfp_agents.deliverables.brief.named_organisations import first_organisation_line
from rfp_agents.deliverables.brief.running_lines import running_lines
from rfp_agents.deliverables.brief.title import solicitation_title
from rfp_agents.deliverables.links import QA_NAMES
from rfp_agents.errors import RfpError
from rfp_agents.ingest.titles import SOLICITATION_NUMBER
from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase
from rfp_agents.text import fold_accents, join_overlapping, match_key

log = logging.getLogger("rfp_agents.brief")
COVER_PAGES = 2
TYPE_PAGES = 3
LABEL_PAGES = 5
"""Pages whose label lines are read (``labels.py``): the cover and the letter come first."""
MAX_ISSUER_WORDS = 10
MAX_TITLE_CHARACTERS = 100
ORGANISATION = re.compile(
    r"\b(?:department|dept|agency|administration|county|city of|state of|commonwealth of|"
    r"university|college|court|courts|judiciary|commission|corporation|corp|office of|"
    r"authority|board of|district|government|ministry|council|port of|"
    r"ministerio|ayuntamiento|diputacion|gobierno|hospital|municipalidad|provincia|"
    r"consejeria|junta de)\b",
    re.IGNORECASE,
)
NOT_AN_ISSUER = re.compile(
    r"https?://|www\.|@|\b(?:shall|must|will|may|is|are)\b"
    # a form's numbered labels ("1. Agency Contract Number 2. Contract Title")
    r"|^\s*\d{1,2}\.\s|\b(?:number|title|name|address|signature|date)\b"
    # a table of contents' entry ("2.5 Discretion of the County ........ 4")
    r"|\.{4,}|^\s*\d+(?:\.\d+)+\s",
    re.IGNORECASE,
)
LINE_NUMBER = re.compile(
    r"^\s*((?=[A-Z0-9-]*\d{3})(?=[A-Z0-9-]*[A-Z]{2})[A-Z0-9][A-Z0-9-]{7,})\b", re.MULTILINE
)
"""A solicitation number opening a cover line ("4QTFHS150004 – Modification #5")."""
NAME_WORD = r"[A-Z][\w.&'’-]*"
NAME_LINKS = r"of|for|the|de|del"
"""An organisation's name: capitalised words and the small words between them."""
ISSUED_BY = re.compile(
    r"\bissued by\s*:?\s*(?:the\s+)?"
    rf"({NAME_WORD}(?:\s+(?:{NAME_LINKS}|and|{NAME_WORD})){{1,8}})"
)
"""An issuer the document names: "issued by the United States Tax Court on August 2"."""
INVITES = re.compile(
    r"([A-Z][^.;:!?]{2,250}?)\s+(?i:(?:hereby\s+)?(?:issues|is\s+issuing|requests|is\s+requesting|"
    r"seeks|is\s+seeking|invites|is\s+inviting|solicits|is\s+soliciting)\s+"
    r"(?:this\s+|the\s+|a\s+)?(?:sealed\s+|written\s+|competitive\s+)?"
    r"(?:request|solicitation|rfp|rfq|rfi|invitation|ifb|itb|proposals?|bids?|quotes?|"
    r"quotations?|offers?|responses?|statements?\s+of\s+qualifications?)\b)"
)
"""The organisation the invitation sentence names as its subject, the one who asks for the
bids: "The Harbour Department of Works (HDW), Engineering Office … hereby issues this
Request for Quotation", "The Town of Eastbrook (the Town) is seeking proposals from
qualified firms", "Riverside County Water District invites sealed bids". Not: "Offerors are
requested to …" (no organisation asks), "The Contractor requests payment" (not an
invitation), "The Authority invites proposals" (a defined term, not a name: a later sentence
may name it)."""
DEFINED_IN_BRACKETS = re.compile(r"\s*\((?:the\s+|hereinafter\s+)?[\"“']?[\w .&'’-]{1,40}[\"”']?\)")
"""A name defined in brackets after the one it shortens: "(HDW)", "(the “Town”)"."""
CONTRACT_BETWEEN = re.compile(
    r"\b(?:contract|agreement)\s+is\s+(?:made\s+)?(?:and\s+entered\s+into\s+)?"
    r"(?:by\s+and\s+)?between\s+(?:the\s+)?"
    rf"({NAME_WORD}(?:\s+(?:{NAME_LINKS}|{NAME_WORD})){{0,8}})"
)
"""The buyer a contract form names first: "This contract is between the State of Alaska,
…, and … the Contractor" (a name stops at "and", which starts the other party)."""
NUMBERED = re.compile(
    r"\b(?:RFP|RFQ|RFI|IFB|ITB|Solicitation|Request for (?:Proposals?|Quot\w*))\b"
    r"[^.\n]{0,60}?\bNo\.?\s*:?\s*((?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{3,})",
    re.IGNORECASE,
)
"""A number the text gives a solicitation: "the Request for Quote (RFQ) … No. 18-0018"."""
SET_ASIDE = re.compile(r"[^.\n]*\bset[- ]?asides?\b[^.\n]*", re.IGNORECASE)
"""A line or sentence naming a set-aside ("Set-aside: Total Small Business")."""
SOLICITATION_TYPES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("Request for Proposals (RFP)", re.compile(r"\brequests? for proposals?\b|\bRFP\b", re.I)),
    ("Request for Quotations (RFQ)",
     re.compile(r"\brequests? for quot(?:e|ation)s?\b|\bRFQ\b", re.I)),
    ("Invitation to Bid (ITB / IFB)",
     re.compile(r"\binvitations? (?:to|for) bids?\b|\bITB\b|\bIFB\b", re.I)),
    ("Request for Information (RFI)", re.compile(r"\brequests? for information\b|\bRFI\b", re.I)),
    ("Licitación (pliego)", re.compile(r"\bpliegos?\b|\blicitacion\b", re.I)),
)  # fmt: skip


@dataclass(frozen=True)
class CoverValue:
    """A value the rules found, and the passage that prints it."""

    value: str
    evidence: Evidence
    rule: str
    """The rule that read it (``cover.issued-by``, ``cover.labelled-number`` …)."""


@dataclass(frozen=True)
class CoverReading:
    """The cover fields the rules found, and the fields whose rule raised an error (with
    the error): a defect in one rule costs its own field, not the others."""

    values: dict[str, CoverValue] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class CoverPage:
    """One of a document's first pages: its number, its text and its chunks."""

    record: DocumentRecord
    number: int
    text: str
    chunks: list[tuple[str, dict]]


def read_cover(kb: KnowledgeBase, records: Sequence[DocumentRecord]) -> CoverReading:
    """The cover fields found in ``records`` (first document first): ``issuer``,
    ``solicitation``, ``solicitation_type`` and ``set_asides``; a field no rule finds is
    absent. A rule that raises an error is logged and its field put in ``failed``; an
    ``RfpError`` (the store, the model package) stops the reading."""
    pages = _first_pages(kb, records)
    reading = CoverReading()
    for name, reader in _READERS.items():
        try:
            value = reader(kb, pages)
        except RfpError:
            raise
        except Exception as error:
            log.exception("cover rule for %s failed", name)
            reading.failed[name] = f"{type(error).__name__}: {error}"
            continue
        if value is not None:
            reading.values[name] = value
    return reading


def _first_pages(kb: KnowledgeBase, records: Sequence[DocumentRecord]) -> list[CoverPage]:
    """The first ``LABEL_PAGES`` pages of each of ``records`` that have text; the first
    page's with the running lines ingest dropped from it (``running_lines``) after it."""
    pages = []
    for record in records:
        for number in range(1, LABEL_PAGES + 1):
            if chunks := kb.page_chunks(record.source, number):
                text = join_overlapping([t for t, _ in chunks])
                if number == 1 and (running := running_lines(kb, record, text)):
                    text = f"{text}\n\n" + "\n".join(running)
                pages.append(CoverPage(record, number, text, chunks))
    return pages


def _read_solicitation(kb: KnowledgeBase, pages: list[CoverPage]) -> CoverValue | None:
    """The number a label line prints ("Solicitation No.: …", ``labels.py``), else the
    first number the first ``TYPE_PAGES`` pages print, else a reference code in the cover's
    heading, each with the document's title; None when no number is printed: a title alone
    does not say which solicitation it is (it is the ``title`` field)."""
    first_text: dict[str, str] = {}  # each document's first page with text
    for page in pages:
        first_text.setdefault(page.record.source, page.text)
    for page in pages:
        for item in labelled_values(page.text):
            if item.field == "solicitation":
                title = solicitation_title(first_text[page.record.source]) or page.record.title
                evidence = _evidence(kb, page.chunks, item.line)
                return CoverValue(
                    _solicitation(item.value, title), evidence, "cover.labelled-number"
                )
    covers = [p for p in pages if p.number == 1]
    cover_titles = {p.record.source: solicitation_title(p.text) for p in covers}
    for page in _up_to(pages, TYPE_PAGES):
        if numbered := _numbered(page.text):
            rule, number = numbered
            code = number.group(number.lastindex or 0)
            title = cover_titles.get(page.record.source) or page.record.title
            return CoverValue(_solicitation(code, title), _evidence(kb, page.chunks, code), rule)
    for cover in covers:
        if code := _code_in_heading_lines(cover.text):
            title = cover_titles[cover.record.source] or cover.record.title
            evidence = _evidence(kb, cover.chunks, code)
            return CoverValue(_solicitation(code, title), evidence, "cover.code-in-heading-lines")
    return None


def _read_title(kb: KnowledgeBase, pages: list[CoverPage]) -> CoverValue | None:
    """The title the first cover that prints one gives the solicitation (``title.py``)."""
    for cover in (p for p in pages if p.number == 1):
        if title := solicitation_title(cover.text):
            return CoverValue(title, _evidence(kb, cover.chunks, title), "cover.title")
    return None


HEADING_LINES = 8
"""The cover's first lines, where it prints the buyer, the kind of solicitation, its number,
its title and its dates: more than ``TITLE_LINES``, which need hold only the title."""
REFERENCE_CODE = re.compile(
    r"(?<![\w/.-])(?=[\w/.-]*\d[\w/.-]*\d[\w/.-]*\d)[A-Za-z0-9]+(?:[/.-][A-Za-z0-9]+)+(?![\w/-])"
)
"""A reference: three digits or more in parts joined by a dash, a slash or a dot
("2031-044", "LBH/2031/044", "10/2025/SUM-AB")."""
NOT_A_REFERENCE = re.compile(
    r"(?:0?[1-9]|1[0-2])[/.-]\d{4}|\d{4}[/.-](?:0[1-9]|1[0-2])"  # a month ("05/2031")
    r"|\(?\d{3}\)?[-.]\d{3}[-.]\d{4}"  # a telephone number
    r"|\d+\.\d+"  # a decimal ("Version 2.10")
)


def _code_in_heading_lines(page: str) -> str:
    """The first reference code (``REFERENCE_CODE``) of the cover's ``HEADING_LINES`` that
    is no date, month, clause number, telephone number, decimal or amount: a cover prints
    its number in its heading without a label or a prefix the other rules know ("Tender
    Reference: LBH/2031/044", "Request for Tender 2031-17")."""
    for line in _first_lines(page, HEADING_LINES):
        for found in REFERENCE_CODE.finditer(line):
            code = found.group(0)
            amount = line[: found.start()].rstrip().endswith(("$", "€", "£"))
            # a date or a clause number ("05/02/2031", "3.2.1": ``labels.DATE_LIKE``)
            if not amount and not DATE_LIKE.match(code) and not NOT_A_REFERENCE.fullmatch(code):
                return code
    return ""


def _read_set_asides(kb: KnowledgeBase, pages: list[CoverPage]) -> CoverValue | None:
    for page in _up_to(pages, TYPE_PAGES):
        if set_aside := SET_ASIDE.search(page.text):
            line = _with_value(page.text, set_aside)
            return CoverValue(line, _evidence(kb, page.chunks, line), "cover.set-aside-line")
    return None


def _read_issuer(kb: KnowledgeBase, pages: list[CoverPage]) -> CoverValue | None:
    """The issuer the rules read on the first ``COVER_PAGES`` pages, else the first line
    of those pages the named-entity model reads as an organisation's name."""
    cover_pages = _up_to(pages, COVER_PAGES)
    for page in cover_pages:
        if issued := _issuer_named(page.text):
            rule, issuer = issued
            return CoverValue(issuer, _evidence(kb, page.chunks, issuer), rule)
    return _issuer_by_model(kb, cover_pages) or _issuer_by_its_acts(kb, pages)


ACTING_AS_BUYER = re.compile(
    rf"({NAME_WORD}(?:\s+(?:{NAME_LINKS}|and|{NAME_WORD})){{1,7}})"
    r"(?:\s*\([^()]{0,40}\))?\s+"
    r"(?:reserves|intends|invites|seeks|is\s+seeking|is\s+requesting|will\s+award|"
    r"will\s+evaluate|may\s+reject|may\s+cancel|may\s+award|assumes\s+no|"
    r"is\s+not\s+(?:responsible|liable|obligated)|shall\s+not\s+be\s+(?:liable|responsible))\b"
)
"""The one who acts as the buyer in the solicitation's own words (not ``dates.BUYER_ACTS``,
a date by which the buyer acts): "Camrose County reserves
the right to reject any or all proposals", "Sound Transit (the Agency) is not responsible for
costs", "… may cancel this solicitation". Not: "The Contractor shall …" (a bidder's duty, and
no such verb), "The County reserves …" (a defined term alone: ``_issuer_by_its_acts`` wants
a name of two words or more)."""


def _issuer_by_its_acts(kb: KnowledgeBase, pages: list[CoverPage]) -> CoverValue | None:
    """The buyer named as the subject of a buyer's act (``ACTING_AS_BUYER``) on the first pages,
    when no rule and no model read the cover: a cover may print its buyer only in a logo,
    or by a name with no head word and in capitals, which the model does not read ("SOUND
    TRANSIT"). The name must have an organisation's head word ("Camrose County"), or be
    printed alone on a line of the first page (the cover's name, "Sound Transit"), so that a
    heading run into the sentence ("Objectives TTS reserves …") is none."""
    covers = [page for page in pages if page.number == 1]
    cover_lines = {match_key(line): page for page in covers for line in page.text.splitlines()}
    for page in pages:
        flat = " ".join(page.text.split())
        for found in ACTING_AS_BUYER.finditer(flat):
            name = _sentence_subject(found.group(1)).strip(" ,")
            if len(name.split()) < 2 or BIDDER_WORD.search(name):
                continue
            # cited where the cover prints it, else where the text names it acting
            printed = cover_lines.get(match_key(name))
            if printed is not None or ORGANISATION.search(fold_accents(name)):
                cited = printed or page
                return CoverValue(name, _evidence(kb, cited.chunks, name), "cover.buyer-acts")
    return None


BIDDER_WORD = re.compile(
    r"\b(?:contractor|offeror|proposer|bidder|vendor|respondent|consultant|supplier|proponent|"
    r"applicant|quoter|tenderer|successful|selected)s?\b",
    re.IGNORECASE,
)
"""Words that name the bidder, who does not act as the buyer."""


def _read_type(kb: KnowledgeBase, pages: list[CoverPage]) -> CoverValue | None:
    """The kind of solicitation the first ``TYPE_PAGES`` pages name most; when they name
    none, the part of a solicitation the document's title says it is (``DOCUMENT_PARTS``:
    a statement of work, terms and conditions, an amendment …)."""
    counts: dict[str, int] = {}
    first: dict[str, Evidence] = {}
    for page in _up_to(pages, TYPE_PAGES):
        for label, pattern in SOLICITATION_TYPES:
            if hits := pattern.findall(fold_accents(page.text)):
                counts[label] = counts.get(label, 0) + len(hits)
                first.setdefault(label, _evidence(kb, page.chunks, hits[0]))
    if not counts:
        if (part := _document_part(pages)) is None:
            return None
        name, page, words = part
        return CoverValue(name, _evidence(kb, page.chunks, words), "cover.document-part")
    label = max(counts, key=lambda k: counts[k])
    return CoverValue(label, first[label], "cover.type-most-named")


DOCUMENT_PARTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("Amendment", re.compile(r"\bamendment\b|\baddend(?:um|a)\b|\bmodification\b", re.I)),
    ("Questions and answers", re.compile(QA_NAMES, re.I)),
    ("Statement of work", re.compile(r"\b(?:statement|scope)\s+of\s+work\b|\bSOW\b|\bPWS\b", re.I)),
    ("Terms and conditions", re.compile(r"\bterms\s+(?:and|&)\s+conditions\b|\bagreement\b", re.I)),
    ("Specifications", re.compile(r"\b(?:technical\s+)?specifications\b|\brequirements\b", re.I)),
    ("Quality assurance surveillance plan",
     re.compile(r"\bquality\s+assurance\s+surveillance\s+plan\b|\bQASP\b", re.I)),
)  # fmt: skip
"""What part of a solicitation a document is, as its title says: a solicitation is issued
as several documents (the request, its statement of work, its terms, its amendments and the
answers to the bidders' questions), and each is read on its own."""
TITLE_LINES = 6
"""The first lines of the first page, where a document prints its title."""


def _document_part(pages: list[CoverPage]) -> tuple[str, CoverPage, str] | None:
    """The part of a solicitation the first page's title lines name ("Performance Work
    Statement", "Addendum No. 2"), that page and the words that name it; None when they
    name none."""
    first = next((page for page in pages if page.number == 1), None)
    if first is None:
        return None
    title = fold_accents(" ".join(_first_lines(first.text, TITLE_LINES)))
    for name, pattern in DOCUMENT_PARTS:
        if found := pattern.search(title):
            return name, first, found.group(0)
    return None


_READERS: dict[str, Callable[[KnowledgeBase, list[CoverPage]], CoverValue | None]] = {
    "solicitation": _read_solicitation,
    "title": _read_title,
    "set_asides": _read_set_asides,
    "issuer": _read_issuer,
    "solicitation_type": _read_type,
}


def _first_lines(text: str, count: int) -> list[str]:
    """The first ``count`` lines of ``text`` that hold something."""
    return [line for line in text.splitlines() if line.strip()][:count]


def _up_to(pages: list[CoverPage], last: int) -> list[CoverPage]:
    return [page for page in pages if page.number <= last]


def _numbered(text: str) -> tuple[str, re.Match[str]] | None:
    """The rule and the match of the first way the page prints a solicitation's number."""
    for rule, found in (
        ("cover.first-code", _solicitation_number(text)),
        ("cover.code-opening-a-line", LINE_NUMBER.search(text)),
        ("cover.numbered-in-text", NUMBERED.search(text)),
    ):
        if found:
            return rule, found
    return None


def _issuer_named(page: str) -> tuple[str, str] | None:
    """The rule and the issuer: named as the issuer or a contract's first party, the subject
    of the sentence that invites the bids ("… hereby issues this RFQ", "… is seeking
    proposals"), else the first short line naming an organisation."""
    for rule, pattern in (("cover.issued-by", ISSUED_BY), ("cover.contract-between",
                                                            CONTRACT_BETWEEN)):  # fmt: skip
        if found := pattern.search(page):
            return rule, found.group(1).rstrip(" .,")
    if subject := _issuing_subject(page):
        return "cover.invitation-subject", subject
    if line := _issuer(page):
        return "cover.first-organisation-line", line
    return None


def _issuer_by_model(kb: KnowledgeBase, pages: list[CoverPage]) -> CoverValue | None:
    """The first line of ``pages`` that the named-entity model reads as an organisation's
    name, when no rule named the issuer; a line that cannot be a name (``NOT_AN_ISSUER``,
    a sentence's lower-case words) is not read."""
    for page in pages:
        lines = [" ".join(line.split()).strip(" ,;:") for line in page.text.splitlines()]
        lines = [line for line in lines if _may_be_a_name(line)]
        if line := first_organisation_line(lines):
            return CoverValue(
                line, _evidence(kb, page.chunks, line), "cover.named-organisation-line"
            )
    for page in pages:
        if word := _one_word_name(page.text):
            evidence = _evidence(kb, page.chunks, word)
            return CoverValue(word, evidence, "cover.one-word-organisation")
    return None


def _one_word_name(page: str) -> str:
    """A buyer known by one word, an acronym or a brand ("FEMA", "Caltrans"), printed alone
    on a line of the cover's ``HEADING_LINES``, that the named-entity model reads as an
    organisation; not a word naming the document or a part of it, which the model also
    takes for one ("RFQ", "Annex", "CONFIDENTIAL")."""
    lines = [line.strip(" ,;:") for line in _first_lines(page, HEADING_LINES)]
    words = [
        line
        for line in lines
        if len(line.split()) == 1 and line[:1].isupper() and not DOCUMENT_WORD.search(line)
    ]
    return first_organisation_line(words)


DOCUMENT_WORD = re.compile(
    r"\b(?:request|solicitation|invitation|rf[a-z]|ifb|itb|itt|notice|document|addend(?:um|a)|"
    r"amendment|modification|section|part|contract|agreement|annex|attachment|exhibit|appendix|"
    r"schedule|confidential|draft|final|page|form)\b",
    re.IGNORECASE,
)
"""Words that name a document or a part of it, not who issues it."""


def _may_be_a_name(line: str) -> bool:
    words = line.split()
    return (
        2 <= len(words) <= MAX_ISSUER_WORDS
        and not NOT_AN_ISSUER.search(line)
        and (_name_like(words))
    )


def _solicitation_number(text: str) -> re.Match[str] | None:
    """The first code on the page that can be a solicitation's number: not an abbreviation
    in brackets after the name it shortens ("Presidential Directive 12 (HSPD-12)"), with
    at least ``MIN_NUMBER_DIGITS`` digits ("HSPD-12" names a directive, not a bid), and not
    a data item a deliverable is written to (``DATA_ITEM``)."""
    for found in SOLICITATION_NUMBER.finditer(text):
        code = found.group(0)
        in_brackets = text[: found.start()].rstrip().endswith("(")
        enough_digits = sum(c.isdigit() for c in code) >= MIN_NUMBER_DIGITS
        if not in_brackets and enough_digits and not DATA_ITEM.fullmatch(code):
            return found
    return None


MIN_NUMBER_DIGITS = 3
DATA_ITEM = re.compile(r"DI-[A-Z]{4}-\d{5}[A-Z]?")
"""A Department of Defense data item description's number ("DI-MGMT-80934C"), which a
work statement cites for each deliverable it orders (a CDRL): it names the deliverable's
format, not the solicitation."""


def _with_value(text: str, match: re.Match[str]) -> str:
    """The matched line, and the next one when the match is only a label ("Set-aside:")."""
    line = " ".join(match.group(0).split()).strip(" ,;")
    if len(line.split()) < 3:
        rest = text[match.end() :].lstrip("\n").split("\n", 1)[0]
        line = f"{line} {' '.join(rest.split())}".strip()
    return line.strip(" ,;:")


def _solicitation(number: str, title: str) -> str:
    """The number, then the document's title (without the number, at most a line)."""
    title = " ".join(title.replace(number, " ").split()).strip(" ·-–:")
    if len(title) > MAX_TITLE_CHARACTERS:
        title = title[: MAX_TITLE_CHARACTERS - 1].rsplit(" ", 1)[0] + "…"
    return f"{number}: {title}" if title else number


def _issuing_subject(page: str) -> str:
    """The organisation the page says invites the bids (``INVITES``), without the
    acronyms it defines ("General Services Administration, Federal Acquisition Service"):
    a subject with an organisation's head word, or a proper name alone on the line that
    opens the sentence ("Springfield Public Schools (the District) is seeking proposals");
    "" when the subject names no organisation ("GSA TTS hereby issues this RFQ", "The
    Authority invites …", "This Request for Proposals seeks …")."""
    for found in INVITES.finditer(page):
        subject = _sentence_subject(found.group(1))
        words = subject.split()
        # a name, not a defined term alone ("The Authority invites …" names no one)
        named = 2 <= len(words) <= 3 * MAX_ISSUER_WORDS
        if named and ORGANISATION.search(fold_accents(subject)):
            return subject.strip(" ,")
        # no head word: only the sentence's own line, not a heading's words above it
        own_line = _sentence_subject(found.group(1).splitlines()[-1]).split()
        if 2 <= len(own_line) <= MAX_ISSUER_WORDS and _a_proper_name(own_line):
            return " ".join(own_line).strip(" ,")
    return ""


def _sentence_subject(words: str) -> str:
    """``words`` without the names they define in brackets, from the article that opens
    the sentence: a cover line before it is left out ("Reply By: May 3, 2027" / "The
    Department of …")."""
    subject = " ".join(DEFINED_IN_BRACKETS.sub("", words).split())
    return re.split(r"\bThe\s+", subject)[-1]


def _a_proper_name(words: list[str]) -> bool:
    """Capitalised words naming someone, not the solicitation itself ("This Request for
    Proposals seeks …"): the one who invites the bids, whatever its name's head word
    ("Springfield Public Schools (the District) is seeking proposals")."""
    return _name_like(words) and not DOCUMENT_WORD.search(" ".join(words))


def _issuer(page: str) -> str:
    """The first short line of the page that names an organisation; when it names a state
    and the next line an organisation too ("State of Hawaii / Hawaii Technology Development
    Corp."), the next line: the state is the jurisdiction, the agency under it issues."""
    lines = [" ".join(line.split()).strip(" ,;:") for line in page.splitlines()]
    lines = [line for line in lines if line]
    for index, line in enumerate(lines):
        if not _names_organisation(line):
            continue
        below = lines[index + 1] if index + 1 < len(lines) else ""
        if JURISDICTION.match(line) and _names_organisation(below):
            return below
        return line
    return ""


JURISDICTION = re.compile(r"^(?:the\s+)?(?:state|commonwealth)\s+of\s+\w+(?:\s+\w+)?$", re.I)
"""A line that names a state only ("STATE OF MARYLAND", "Commonwealth of Virginia")."""


def _names_organisation(line: str) -> bool:
    return _may_be_a_name(line) and bool(ORGANISATION.search(fold_accents(line)))


def _name_like(words: list[str]) -> bool:
    """A name, not a sentence wrapped at the line end: its words are capitalised, except
    the small words of a name ("Department of Health and Social Services")."""
    words = [w for w in words if w[:1].isalpha()]
    small = {"of", "and", "the", "for", "de", "del", "la", "las", "los", "y", "en", "&"}
    return bool(words) and all(w[0].isupper() or w.lower() in small for w in words)


def _evidence(kb: KnowledgeBase, chunks: list[tuple[str, dict]], words: str) -> Evidence:
    return page_evidence(kb.name, chunks, words, "read_cover")


def page_evidence(kb: str, chunks: list[tuple[str, dict]], words: str, tool: str) -> Evidence:
    """The chunk of a page (``KnowledgeBase.page_chunks``) that holds ``words``, accents and
    spacing aside (the page's first chunk if none does), as the passage that cites them."""
    flat = " ".join(fold_accents(words).split()).lower()
    text, meta = next(
        ((t, m) for t, m in chunks if flat in " ".join(fold_accents(t).split()).lower()),
        chunks[0],
    )
    return Evidence.from_chunk(kb, text, meta, tool)
