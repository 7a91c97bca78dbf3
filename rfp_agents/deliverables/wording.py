"""The words a solicitation names its parties and binds them with, shared by the readers of
the bidder's obligations (``obligations.py``) and of the buyer's own statements
(``buyer.py``): the bidder's names, the buyer's roles (``vocabulary/parties.toml``), the
verbs of an obligation and the openings before a sentence's subject."""

from __future__ import annotations

import re
from functools import cache

from rfp_agents.text import fold_accents
from rfp_agents.vocabulary import load_vocabulary_file

ALSO = (
    r"(?: (?:also|further|additionally|likewise|then|still|always|solely|fully|jointly|"
    r"generally|normally|typically|usually|hereby))?"
)
"""An adverb between the verbs of an obligation ("will also be expected to", "is solely
responsible for", the legal "are hereby required to")."""


BE_VERB = rf"(?:is|are|will{ALSO} be|shall{ALSO} be){ALSO}"
"""The "be" of "is required to", "will also be expected to", "shall be responsible for"."""


RESPONSIBLE = (
    r"(?:as\s+(?:fully\s+)?)?responsible(?:\s+to\s+(?:the\s+)?[\w'-]+(?:\s+[\w'-]+)?)?\s+for"
)
"""Responsible for a thing, also to a party ("is responsible to the County for the acts of
its subcontractors") or as much as for another ("is as fully responsible … as it is for
…")."""


BIDDER = (
    r"contractor|offeror|quoter|vendor|bidder|proposer|proponent|tenderer|respondent|applicant|"
    r"consultant|supplier|provider|firm|licitador|adjudicatario|contratista|empresa|proveedor|"
    r"oferente|proponente|"
    # the holder of the vehicle orders are placed under (a BPA, an IDIQ contract, a schedule),
    # and the one a contract was awarded to
    r"(?:bpa|idiq|contract|schedule)\s+holder|awardee"
)
"""The bidder's names, in English and Spanish, as one alternation."""


OPENING_CONDITION = (
    r"(?:if|when|where|whenever|unless|should|after|once|before)\b[^.;:]{1,300}?,\s+"
)
"""A condition or a time opening a sentence ("If the changes increase the cost, ", "After the
BAFO is submitted, "): what follows it is still the sentence's subject and verb."""


LEADING_HEADING = re.compile(
    r"^\W*(?:(?:[A-Z][A-Z&/-]+\s+)+"
    r"|(?:Section|Part|Article|Attachment|Exhibit|Appendix|Schedule)\s+(?:[A-Z]{1,2}|\d{1,3})\s+"
    # a clause title in capitals joined by a dash ("AWARD OR REJECTION OF BIDS-The …")
    r"|(?:[A-Z][A-Z&/,'-]*\s+)*[A-Z][A-Z&/']+\s*[-–—]+\s*)"
    r"(?=[A-Z][a-z]|A\s+[a-z])"
)
"""An all-caps heading glued before a sentence ("PROCEDURES The COR ... will inspect",
"AWARD BASIS A contract shall be awarded …"), or a part of a form named by its letter
("Section A If your firm is certified, provide …")."""


RUN_IN_LABEL = re.compile(
    r"^\W*[A-Z][\w'’&/-]*"
    r"(?:,?\s+(?:(?:and|of|the|for|to|in|or|&)\s+)?(?:[A-Z][\w'’&/-]*|\([A-Z][^()]{0,30}\))){0,8}"
    r"(?:\s*:|\s+[–—])\s+(?=[A-Z])"
)
"""A label in title case or capitals run in before its colon ("Qualifications and Experience
: ", "INITIAL EVALUATION CRITERIA: ", "RESPONSE TO LEGAL ORDERS, DEMANDS, OR REQUESTS FOR
DATA: ") or a spaced en dash ("Key Personnel – "): the paragraph's name, not part of its
sentence."""
INTRODUCTORY_PHRASE = (
    r"(?:If|When|Where|Whenever|Unless|Once|Upon|Before|After|For|In|As|At|With|Within|During|Should|To|"
    r"Immediately|Promptly|"
    # a clause that saves another or cites the law ("Notwithstanding …, ", "Sin perjuicio de lo
    # establecido en el artículo 210, ")
    r"Notwithstanding|Subject to|Pursuant to|Without prejudice to|Without limiting|Except|"
    r"Si|Cuando|Una vez|Antes|Despues|Durante|En|Tras|Salvo|Sin perjuicio de|De acuerdo con|"
    r"Conforme a|De conformidad con|Segun|A tenor de|"
    # a time counted from an event ("Two weeks prior to the end of the order, ", "Thirty (30)
    # days after award, ")
    r"[A-Z][a-z]+(?:\s+\(\d{1,3}\))?\s+(?:calendar\s+|business\s+|working\s+)?"
    r"(?:days?|weeks?|months?|hours?)\s+(?:prior\s+to|before|after|following|from))"
    r"\b[^.;:]{1,300}?,\s+"
)
"""An introductory adverbial phrase ended by its comma ("If awarded, ", "For your three
largest projects, ", "Si no se cumpliera el plazo, "; a condition of several clauses,
"If the Owner observes …, or if it is discovered …, that a defect exists …, ", runs past
200 characters): the imperative follows it in lower case, and so does the subject ("…, la
Comisión deberá justificar …")."""


CONTRACTS_END_PHRASE = (
    r"(?:At|Upon)\s+the\s+(?:end|termination|expiration|close|conclusion|completion)\s+of\s+"
    r"(?:the|this|each)\s+(?:contract|agreement|order|task\s+order|work\s+period|period\s+of\s+"
    r"performance)\s+"
)
"""When the contract or a period ends, put before the subject without a comma ("At the
termination of the contract the government shall take ownership …"): a time, not a
subject."""


BIDDER_NAME = rf"(?:{BIDDER})s?(?:/(?:{BIDDER})s?)?"
NAMES_THE_BIDDER = re.compile(rf"\b(?:{BIDDER})", re.IGNORECASE)
"""The bidder named somewhere in a sentence, the cheap test before the idioms that need it."""
"""The bidder by one name or two ("Selected Firm/Vendor")."""


NOTICE_ADVERB = r"(?:so\s+|promptly\s+|immediately\s+)?"


NOTIFIED = rf"{NOTICE_ADVERB}(?:advised|notified|informed)"
"""Told of a thing ("shall be so advised"): what the buyer does for the one named before."""


RECEIVED = rf"(?:{NOTIFIED}|compensated|paid|reimbursed)"
"""What the bidder is told or paid: the buyer's act, put in the passive."""


BIDDER_DUTY = re.compile(
    rf"\b(?:{BIDDER})s?\s+(?:shall|must|will)\b"
    rf"(?!\s+(?:be\s+{RECEIVED}|(?:also\s+)?(?:become|remain)\s+the\s+(?:sole\s+)?property|"
    r"not\s+be\s+(?:held\s+)?liable|(?:not\s+)?be\s+entitled|"
    r"not\s+be\s+(?:required|obliged|obligated)\s+to)\b)",
    re.IGNORECASE,
)
"""The bidder's own "shall", not what it receives ("The Contractor shall be paid …"), whose a
thing becomes ("All documents submitted by a Proponent shall become the property of the
County"), what it is not liable for ("The Contractor shall not be liable in damages for
delay …"), what it is entitled to nor what it is not required to do ("the Contractor shall
not be required to deliver more than the estimated quantity")."""
OBJECT_OF_A_PREPOSITION = re.compile(
    r"\b(?:to|by|of|for|from|with|against)\s+(?:one\s+or\s+more\s+)?"
    r"(?:(?:the|a|an|any|such|each|that)\s+)?"
    r"(?:(?:selected|successful|apparent|performing|prospective|potential|actual)\s+)?"
    r"(?:[\w-]+\s+(?:or|and)\s+)?$",
    re.IGNORECASE,
)
"""The words before a bidder that is the object of a preposition, not a verb's subject
("the sole relief available to the person or firm shall be …", "a bid submitted by a bidder
or offeror shall be final", "award to one or more such bidders shall be final")."""


def has_bidder_duty(text: str) -> bool:
    """The bidder's own "shall" (``BIDDER_DUTY``) with the bidder as its subject, not the
    object of a preposition before it (``OBJECT_OF_A_PREPOSITION``)."""
    return any(
        not OBJECT_OF_A_PREPOSITION.search(text, 0, found.start())
        for found in BIDDER_DUTY.finditer(text)
    )


CLAUSE_NUMBER = re.compile(r"^\W*(\d+(?:\.\d+)+)\.?-?\s+")
"""A multi-level clause number ("2.14.3 ", "5.4.2. ", the Spanish "1.1.- ") opening a
sentence; the number alone is its group 1."""


@cache
def buyer_names() -> str:
    """The buyer's roles (``vocabulary/parties.toml``) as one alternation, longest first."""
    return _alternation("buyer")


@cache
def served_names() -> str:
    """The people the buyer serves (``vocabulary/parties.toml``'s ``served``) as one
    alternation, longest first."""
    return _alternation("served")


def _alternation(group: str) -> str:
    names = sorted(load_vocabulary_file("parties.toml")[group], key=len, reverse=True)
    return "|".join(re.escape(fold_accents(n)).replace("\\ ", r"\s+") for n in names)


ANSWER_START = re.compile(
    r"^\W*(?:A\s?\d+|A(?=\s*:)|Answer\s?\d*|Response\s?\d*|Government\s+Response|"
    r"Respuesta\s?\d*)\s*[:.)-]",
    re.IGNORECASE,
)
"""A Q&A's answer label opening a sentence: "A7:", "A:", "Answer:", "Response 3.",
"Respuesta:"."""
