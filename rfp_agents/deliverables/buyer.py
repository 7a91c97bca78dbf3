"""The buyer's side of a solicitation: the statements that bind the buyer, not the bidder.

A solicitation says what the bidder must do and, in the same words, what the buyer will do:
"The COR shall notify the CO", "The County reserves the right to reject …", "Award will be
made to …", "The Government will provide access to: …". This module recognises the buyer by
its roles (``vocabulary/parties.toml``) and by the names a document gives it ("The AOC
reserves the right …": ``buyer_aliases``), and tells its acts, rights and what it furnishes
from what it requires, expects or asks of the bidder ("The County requires a performance
bond", "The Court expects the Contractor to …"), which stay the bidder's requirements.
``obligations.py`` reads the bidder's side and asks this module which statements are the
buyer's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from rfp_agents.deliverables.defined_names import defined_names, named_as_subject, names_a_party
from rfp_agents.deliverables.wording import (
    ALSO,
    ANSWER_START,
    BE_VERB,
    BIDDER,
    CLAUSE_NUMBER,
    CONTRACTS_END_PHRASE,
    INTRODUCTORY_PHRASE,
    LEADING_HEADING,
    NOTICE_ADVERB,
    OPENING_CONDITION,
    RECEIVED,
    RESPONSIBLE,
    RUN_IN_LABEL,
    buyer_names,
    has_bidder_duty,
)
from rfp_agents.text import ITEM_MARKER, fold_accents

BUYER_ALIAS = re.compile(
    r"\b(?:the\s+)?(?-i:([A-Z]{2,6}|[A-Z][a-z]+(?:[ ][A-Z][a-z]+){0,3}))[ ]+"
    r"(?:reserves\s+the\s+right|is\s+seeking|seeks|intends\s+to\s+award|will\s+award|"
    r"may\s+award|is\s+requesting)\b",
    re.IGNORECASE,
)
"""An acronym or a proper name doing what only a buyer does ("The AOC reserves the right to
reject …", "HTDC is seeking proposals", "George Mason reserves the right …"): the name
this document gives its buyer."""


GOVERNMENT_BODY = re.compile(
    r"\b(?:[A-Z][a-z]+\s+){1,4}(?:Agency|Department|Administration|Bureau|Command)"
    r"\s+\(\s*[“\"]?([A-Z]{2,6})[”\"]?\s*\)"
)
"""A government body and the acronym the document gives it ("the Defense Health Agency
(DHA)", "General Services Administration (GSA)"): the buyer's side, whose "DHA shall
provide …" is no duty of the bidder's."""


def buyer_aliases(texts: Iterable[str]) -> frozenset[str]:
    """The names a document's buyer goes by (``BUYER_ALIAS``, ``defined_names``), besides
    its roles in ``vocabulary/parties.toml``: "The AOC will conduct the interviews" is the
    buyer's act as much as "The Agency will …"."""
    texts = list(texts)
    found = {name.group(1) for text in texts for name in BUYER_ALIAS.finditer(text)}
    # and the acronyms it defines for government bodies ("the Defense Health Agency (DHA)")
    found |= {name.group(1) for text in texts for name in GOVERNMENT_BODY.finditer(text)}
    # and the short names it gives the units of its own organisation ("The Intake Section
    # (“Intake”)")
    found |= {name.group(1) for text in texts for name in BUYER_UNIT.finditer(text)}
    # and the names a contract defines for it ("the Department (“Covered Entity” or “CE”)")
    found |= defined_names(texts, buyer_names())
    return frozenset(name for name in found if not names_a_party(name))


def buyer_by_its_role(sentence: str, aliases: frozenset[str]) -> str:
    """``sentence`` with the buyer's own names put as its role where they are a subject
    ("The AOC anticipates …", "George Mason shall select …" -> "The Agency anticipates …",
    "the Agency shall select …"), for the buyer's own statements to be read as such."""
    return named_as_subject(aliases).sub(_the_agency, sentence)


def _the_agency(found: re.Match[str]) -> str:
    """ "The Agency" where the name was capitalised without "the" ("George Mason shall …",
    also after a run-in label "FORCE MAJEURE: George Mason shall …"), as a subject opens."""
    opens = not found.string[: found.start()].strip() or found.string[
        : found.start()
    ].rstrip().endswith(":")
    return "The Agency" if found.group(0).startswith("The") or opens else "the Agency"


_BUYERS_ACTS = (
    r"(?:acceptance|inspection|evaluation|award|payment|surveillance|negotiation|discussion|"
    r"debriefing|selection)s?\b"
)
BUYER_ACT = re.compile(
    # (after an opening condition or purpose: "For determining acceptance of supplies, …")
    rf"^\W*(?:{OPENING_CONDITION}|for\s+(?:determining|the\s+purposes?\s+of)\b[^.;:]{{1,200}}?,\s+)?"
    r"(?:the\s+|no\s+(?:further\s+)?)?"
    rf"{_BUYERS_ACTS}(?:\s+(?:and|or)\s+{_BUYERS_ACTS})?(?:\s+of\s+[\w\s]{{1,40}}?)?"
    r"\s+(?:shall|will)\s+(?:then\s+|only\s+)?(?:occur|take\s+place|be\s+"
    r"(?:based|made|conducted|performed|determined|accomplished|held|provided|limited))\b"
    # what is left of the price, paid to the bidder ("The balance shall be paid after the
    # equipment is tested")
    rf"|^\W*(?:{OPENING_CONDITION})?(?:the\s+)?(?:balance|remainder|retainage)\b[^.;:]{{0,40}}?"
    r"\s+(?:shall|will)\s+be\s+(?:paid|released)\b"
    rf"(?![^.;]{{0,40}}?\bby\s+(?:the\s+)?(?:{BIDDER})s?\b)"
    # the notice of award the buyer publishes ("The notice of award, should it …, shall be
    # posted on the procurement website")
    # the offers the buyer evaluates ("Proposals shall be initially evaluated and ranked
    # using the following criteria")
    r"|^\W*(?:(?:the|all|each)\s+)?(?:proposals?|offers?|bids?|quotes?|quotations?|responses?|"
    r"submissions?|applications?|tenders?)\b[^.;:]{0,40}?\s+(?:shall|will)\s+be\s+(?:\w+ly\s+)?"
    r"(?:evaluated|ranked|scored|rated|assessed|judged)\b"
    # the buyer's award or withdrawal in Spanish, and what it must rest on ("El
    # desistimiento del procedimiento deberá estar fundado en …", LCSP art. 152)
    r"|^\W*(?:el|la)\s+(?:desistimiento|renuncia|adjudicacion|decision\s+de\s+no\s+adjudicar)\b"
    r"[^.;:]{0,60}?\s+(?:debera|deberan)\b"
    # the buyer's evaluation in Spanish ("Al evaluar las ofertas, se indicará: …")
    r"|^\W*(?:al|tras|despues\s+de|antes\s+de)\s+(?:evaluar|examinar|valorar|calificar|abrir|"
    r"adjudicar)\b"
    r"|^\W*(?:the\s+)?(?:notice|notification)\s+of\s+(?:intent\s+to\s+)?award\b[^.;]{0,160}?"
    r"\s+(?:shall|will)\s+be\s+(?:posted|published|announced|issued|sent|made)\b"
    # the contract's price or time adjusted under a changes or suspension clause (FAR
    # 52.242-14, 52.243-1: "an equitable adjustment shall be made and the contract modified
    # in writing"), also after the condition that triggers it
    rf"|^\W*(?:{OPENING_CONDITION})?"
    r"(?:an?\s+|no\s+|any\s+)?(?:equitable\s+)?adjustments?"
    r"(?:\s+(?:in|of|to)\s+(?:the\s+)?(?:contract(?:'s)?\s+)?"
    r"(?:price|amount|compensation|fee|cost|schedule|time|contract)s?)?"
    rf"\s+(?:shall|will)\s+be\s+made\b(?!\s+by\s+(?:the\s+)?(?:{BIDDER})s?\b)",
    re.IGNORECASE,
)
"""An act of the buyer's put in the passive ("Inspection of deliverables shall be based upon
the checklist", "Award will be made to …", "Acceptance shall occur only after inspection",
"After the BAFO is submitted, no further negotiations shall be conducted", "The balance
shall be paid after the equipment is tested"): acceptance, inspection, evaluation,
negotiation, award, payment and the adjustment of the contract are the buyer's (FAR parts
15, 32, 43 and 46), not the bidder's requirements."""


@cache
def buyer_discretion() -> re.Pattern[str]:
    """ "as the County may …", "the person the State should contact": a clause of the
    buyer's comparing or naming inside a sentence about something else (not "… agreed that
    the State shall withhold payment", a clause that is the sentence's point). A name in
    capitals that "may request" or "may require" after "as" is the buyer's too, whatever
    the document calls it ("as Covered Entity may reasonably request")."""
    return re.compile(
        r"\b(?:as|(?:person|persons|official|individual|contact)\s+(?:whom\s+|that\s+)?)"
        rf"\s*(?:the\s+)?(?:{buyer_names()})s?\s+(?:may|shall|will|should)\b"
        r"|\bas\s+(?:the\s+)?(?-i:[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})\s+may\s+(?:reasonably\s+)?"
        r"(?:request|require|direct|specify)\b",
        re.IGNORECASE,
    )


BUYERS_RIGHT = re.compile(
    r"\breserves?\s+the\s+right\b|\bse\s+reservan?\s+el\s+derecho\b", re.IGNORECASE
)
"""A right the buyer keeps ("The County reserves the right to reject any proposal that …",
"El establecimiento se reserva el derecho de rechazar …"): its discretion, not a duty of the
bidder's."""


SPANISH_BIDDER_ACTED_ON = re.compile(
    rf"\b(?:{BIDDER})(?:e?s)?\b[^.;]{{0,40}}?\s+deberan?\s+ser\s+(?:\w+\s+)?"
    r"(?:suspendid|sancionad|excluid|descalificad|rechazad|eliminad|notificad|informad|citad|"
    r"intimad|requerid)[oa]s?\b",
    re.IGNORECASE,
)
"""The bidder as the one a Spanish passive acts on ("los proveedores inscriptos deberán ser
suspendidos preventivamente del Registro"): the buyer's sanction or notice, not the
bidder's duty."""
TO_THE_BIDDER = re.compile(
    r"\b(?:shall|will|must)\s+be\s+(?:given|provided|paid|sent|furnished|issued|"
    r"made available|reimbursed)\s+to\s+(?:the\s+)?(?:successful\s+|selected\s+)?"
    rf"(?:{BIDDER})s?\b"
    # told or paid ("Offerors not selected shall be so advised", "The Contractor shall be
    # compensated at the hourly rates it proposed")
    rf"|^\W*(?:{OPENING_CONDITION})?(?:(?:the|any|all|each)\s+)?(?:[\w-]+\s+){{0,3}}?"
    rf"(?:{BIDDER})s?\b[^.;:]{{0,60}}?"
    rf"\s+(?:(?:shall|will)\s+be\s+(?:{RECEIVED}|afforded|granted|allowed|permitted)"
    r"|(?:shall|will)\s+not\s+be\s+(?:required|obliged|obligated)\s+to)\b"
    r"(?![^.;]*\band\s+(?:shall|must|will)\s+(?!be\b))"
    # the Spanish buyer notifying the bidder ("Se deberá notificar dicho incumplimiento a la
    # empresa proveedora")
    r"|\bse\s+(?:le\s+)?(?:debera|deberan|debe)\s+notificar\b[^.;]{0,80}?\ba\s+(?:la\s+|los\s+)?"
    rf"(?:\w+\s+)?(?:{BIDDER})(?:e?s)?\b",
    re.IGNORECASE,
)
"""What the bidder receives ("ten days' notice shall be given to the Contractor", "Offerors
not shortlisted shall be so advised", "The Contractor shall be paid monthly"): the buyer's
duty put in the passive; or what it is released from ("the Contractor shall not be
required to deliver more than the estimated quantity")."""


def binds_the_buyer(sentence: str) -> bool:
    """True when the statement's subject is the buyer or one of its officials ("The COR
    shall notify the CO"): what the buyer does is not the bidder's requirement, unless it
    only receives by a deadline (``RECEIPT_DEADLINE``). A bidder named before the verb ("The
    State requires that the Contractor shall...") keeps it a requirement. A clause number or
    a list marker before the subject ("2.14.3 The Owner shall issue …", "(1) The COR is
    responsible for …") is not read as part of it, nor is an introductory phrase ("If the
    first firm declines, the Procurement Officer shall …"). A duty the sentence then puts on
    the bidder ("…, and the contractor will be expected to provide …") keeps it a
    requirement."""
    unlabelled = ITEM_MARKER.sub("", CLAUSE_NUMBER.sub("", ANSWER_START.sub("", sentence)))
    if OFFICE_RESPONSIBLE.match(unlabelled) or UNIT_RESPONSIBLE.match(
        RUN_IN_LABEL.sub("", unlabelled)
    ):
        return True
    found = _buyer_subject().match(LEADING_HEADING.sub("", RUN_IN_LABEL.sub("", unlabelled)))
    if not found or PASSIVE_NOTICE.match(unlabelled, found.end()):
        return False
    if found.group(0).rstrip().lower().endswith(("must", "shall")) and RECEIPT_DEADLINE.match(
        unlabelled, found.end()
    ):
        return False
    after = unlabelled[found.end() :]
    return not (BIDDER_OBLIGED.search(after) or PROVIDED_WITH.search(after))


OFFICE_RESPONSIBLE = re.compile(
    rf"^\W*(?:the\s+)?(?-i:(?!(?:CTA|JV|BA)\b)[A-Z]{{2,6}})\s+{BE_VERB}\s+responsible\s+for\b",
    re.IGNORECASE,
)
"""An office named by its acronym as the one responsible ("OFA will be responsible for
creating the repository", "The PMO is responsible for …"): the buyer's side; a solicitation
names the bidder by role ("the Contractor"), or as a team arrangement, a joint venture or,
in a HIPAA business associate agreement, the business associate (CTA, JV, BA)."""


BUYER_UNIT = re.compile(
    r"(?<![’']s )\b(?:[A-Z][a-z]+\s+){1,4}(?:Section|Office|Division|Branch|Unit)"
    r"\s+\(\s*[“\"]([A-Z][A-Za-z]+)[”\"]\s*\)"
)
"""A unit of the buyer's organisation and the short name the document gives it ("The
Admissions Section (“Admissions”)"): "Admissions is also responsible for …" is the buyer's
side. Not a unit of the bidder's ("the Contractor's Program Office (“PMO”)")."""


UNIT_RESPONSIBLE = re.compile(
    r"^\W*(?:the\s+)?(?-i:[A-Z][\w-]*(?:\s+(?:and\s+)?[A-Z][\w-]*){0,4})\s+"
    r"(?-i:Section|Office|Division|Branch|Unit|Bureau|Department)\s*(?:\([^)]{1,40}\)\s*)?"
    rf"{BE_VERB}\s+(?:also\s+)?responsible\s+for\b",
    re.IGNORECASE,
)
"""A unit of the buyer's organisation named in capitals as the one responsible ("The Intake
Section ("Intake") is responsible for receiving all incoming mail"): a solicitation's
account of how the buyer works, no duty of the bidder's."""


PASSIVE_NOTICE = re.compile(
    rf"\s+be\s+{NOTICE_ADVERB}(?:advised|notified|informed|contacted|told|named|listed)\b",
    re.IGNORECASE,
)
"""After the buyer and its modal verb, a passive notice ("the Procurement Officer must be so
advised in writing"): the bidder is the one who advises."""


RECEIPT_DEADLINE = re.compile(
    r"\s+(?:actually\s+)?receive\b[^.;]{0,120}?\b(?:no\s+later\s+than|not\s+later\s+than|"
    r"by|before|prior\s+to|within|in\s+advance)\b",
    re.IGNORECASE,
)
"""After the buyer and its "must" or "shall", a deadline for what it receives ("The
University must receive all requests in writing no later than ten days in advance"): the
bidder is the one who sends in time."""


PROVIDED_WITH = re.compile(
    r"^\s*(?:also\s+)?be\s+(?:provided|furnished|supplied|sent|given)\s+with\b"
    r"|\band\s+(?:shall|will|must)\s+(?:also\s+)?be\s+(?:provided|furnished|supplied|sent|"
    r"given)\s+with\b",
    re.IGNORECASE,
)
"""The buyer as the one a thing is given to ("The COR shall be provided with a copy of each
report", "The County's representative must be present for all inspections and shall be
provided with a copy of all inspection reports"): the bidder provides it."""
BIDDER_OBLIGED = re.compile(
    rf"\b(?:{BIDDER})s?\s+(?:shall|must|agrees?\s+to|(?:will|is|are){ALSO}(?:\s+be)?\s+"
    r"(?:required|expected)\s+to)\b",
    re.IGNORECASE,
)
"""The bidder's own duty in a later clause of a sentence the buyer opens ("the Court will
provide the user names, and the Offeror will be expected to grant them access", "…, the
University shall be released from any further obligation and Contractor agrees to pay …")."""


PROPER_NAME = (
    r"(?-i:(?!(?:All|Each|Any|Every|No|Your|Our|Their|Its|This|These|That|Those|Such|"
    r"Other)\b)(?:[A-Z][\w'.&-]*\s+){1,3})"
)
"""The buyer's proper name before its role, the verb straight after ("Fairfax County shall
not be held liable …", "George Mason University will …", "Fairfax County may, at any time,
…"): capitalised words, not a determiner ("All County data …", "Your agency's staff …"); a
role followed by a noun is an attribute ("Fairfax County users shall …": the users)."""


REPORTING_CLAUSE = (
    r"[^.;:]{1,120}?\b(?:provides|states|specifies|stipulates|understood|agreed)"
    r"(?:\s+(?:between|by)\s+the\s+parties(?:\s+(?:herein|hereto))?)?\s+that\s+"
)
"""A law or a clause reporting what it lays down ("HRS Section 103-10 provides that the State
shall have thirty days to pay", "… it is understood and agreed that the State shall
withhold payment …"): the buyer after it is still the subject."""


HEAD_OF = r"(?:head|director|chief|secretary|administrator)\s+of\s+(?:the\s+)?(?:[\w-]+\s+)?"
"""The official at the head of a buyer's body ("the head of the purchasing agency shall
consult …", "the Director of the Department will …"): the buyer too."""


@cache
def _buyer_subject() -> re.Pattern[str]:
    names = buyer_names()
    return re.compile(
        rf"^\W*(?:{INTRODUCTORY_PHRASE}(?:then\s+)?|{REPORTING_CLAUSE}|{CONTRACTS_END_PHRASE})?"
        r"(?:(?:the|el|la|los|las)\s+)?"
        rf"(?:(?:{HEAD_OF})?(?:{names})s?\b(?!{BUYERS_THINGS})(?:'s)?"
        rf"(?:(?!\b(?:{BIDDER})s?\b)[^.;:]){{0,80}}?"
        rf"|{PROPER_NAME}(?:{names})\s*(?:,[^.;:]{{1,80}}?,\s*)?)"
        rf"\b(?:shall|will|must|may|should|cannot|can\s+not|debera|podra|se reserva|"
        r"(?:es|sera) responsable de|"
        rf"{BE_VERB} (?:{RESPONSIBLE}|required to|expected to))\b",
        re.IGNORECASE,
    )


BUYERS_THINGS = (
    r"\s+(?:data|property|records|information|files|equipment|premises|facilities|systems?|"
    r"networks?|assets)\b"
)
"""A thing the buyer owns, named by the buyer's name ("University Data will not be stored
outside the United States", "County property shall be protected"): the subject is the
thing, not the buyer."""


def buyer_opens(folded: str) -> bool:
    """The buyer as the subject opening the sentence, whatever its verb ("The State agrees to
    pay within 30 days"): a measure in it is the buyer's promise, not the bidder's standard."""
    return bool(_buyer_named_first().match(folded))


@cache
def _buyer_named_first() -> re.Pattern[str]:
    names = buyer_names()
    return re.compile(rf"^\W*(?:the\s+)?(?:{names})s?\s+(?!of\b)[a-z]+", re.IGNORECASE)


@cache
def done_by_the_buyer() -> re.Pattern[str]:
    """The buyer as the agent of a passive of its own acts ("Such notice shall be confirmed
    by the Owner in writing", "An equitable adjustment shall be made by the Purchasing
    Agent", "Any dispute shall be decided by the County", "Additional inspectors must be
    identified and designated by the CO"). Not what the buyer approves or
    receives ("Substitutions must be approved by the Court", "Submissions must be received
    by the Court by 5 p.m."): there the bidder must obtain the approval or meet the
    deadline, and neither verb is listed."""
    return re.compile(
        r"\b(?:shall|will|must)\s+(?:\w+\s+)?be\s+(?:\w+\s+)?(?:\w+\s+and\s+)?(?:confirmed|decided|"
        r"determined|made|reviewed|evaluated|scored|issued|replaced|notified|paid|signed|executed|"
        # whom the buyer names to act for it ("… must be identified and designated by the
        # CO")
        r"designated|appointed)"
        rf"(?:\s+in\s+writing)?\s+by\s+(?:the\s+)?(?:{buyer_names()})s?\b"
        # the Spanish passive of the buyer's checks, done by the buyer or its staff ("Este
        # albarán deberá ser firmado por parte del personal del almacén"), not the bidder's
        r"|\b(?:sera|seran|debera|deberan)\s+ser\s+(?:firmad|revisad|comprobad|verificad|"
        r"aprobad|evaluad|valorad|supervisad)[oa]s?\s+por\s+(?:parte\s+)?"
        r"(?:del\s+|de\s+(?:la|los|las)\s+|de\s+|el\s+|la\s+|los\s+|las\s+)?"
        r"(?:(?:personal|responsables?|tecnicos?|funcionari[oa]s?)\b"
        rf"(?!\s+(?:del?\s+)?(?:la\s+)?(?:{BIDDER}|empresa))|(?:{buyer_names()})s?\b)",
        re.IGNORECASE,
    )


@cache
def buyers_part_described() -> re.Pattern[str]:
    """A clause naming what the buyer itself must or will do, as a plan's purpose puts it
    ("This plan is focused on what the Government must do to ensure …", "The QASP sets out
    how the Agency will inspect the work"): the modal is the buyer's, the sentence describes
    its part and puts no duty on the bidder."""
    return re.compile(
        r"\b(?:what|how|when|whether)\s+(?:the\s+)?"
        rf"(?:{buyer_names()})s?\s+(?:shall|must|will|should)\b",
        re.IGNORECASE,
    )


PROPER_NAME_BEFORE_ROLE = r"(?-i:(?:[A-Z][a-z]+\s+){1,2})"
"""The buyer's proper name before its role opening a sentence ("Fairfax County will not
accept …", "George Mason University requires …"), kept case-sensitive in patterns that
ignore case."""


@cache
def buyer_requires() -> re.Pattern[str]:
    """The buyer requiring a thing of the bidder ("The County requires a performance bond",
    "the government will require discounts on all services offered") or expecting the
    bidder to do it ("The Court expects the Contractor to provide its own laptops"): what it
    requires, the bidder must provide. The buyer opens the sentence or a clause after a
    comma; "the work the State requires" only describes."""
    bidder = rf"(?:(?:the|all|each|every|its)\s+)?(?:successful\s+|selected\s+)?(?:{BIDDER})s?"
    return re.compile(
        rf"{_buyer_clause_opening()}"
        r"(?:(?:requires?|will\s+require|shall\s+require)\b"
        # what it requests ("The County requests the cover page be completed with:")
        r"|requests?\s+(?!information\b)(?:that\s+)?(?:the|all|each|every|a|an|its|your)\b"
        rf"|(?:expects?|will\s+expect)\s+{bidder}\s+to\b"
        # "… will expect that the person or persons who will be working on the project to
        # make the presentation"
        r"|(?:expects?|will\s+expect)\s+(?:that\s+)?(?:the|a|an|all|each|its|their|your)\s+"
        r"(?:(?!(?<!who\s)(?<!which\s)\b(?:will|shall|must|can|may|is|are)\b)[^.;]){0,80}?"
        r"\bto\s+(?!be\b|which\b|whom\b)\w+"  # not "the extent to which …"
        # or that what the bidder hands in will be so ("The Court expects that the rates set
        # forth by the Offeror will be consistent with its staffing plan"): the bidder named
        # in the clause before its verb, not the buyer's own plans ("expects that the contract
        # will be awarded to a vendor in May"), nor a clause of its own the bidder is the
        # subject of ("that the extent to which the Offeror has done such work will be …")
        rf"|(?:expects?|will\s+expect)\s+that\s+[^.;]{{0,80}}?\b(?:{BIDDER})(?:'s|s)?\b"
        r"(?:(?!\b(?:has|have|had|is|are|was|were)\b)[^.;]){0,60}?\b(?:will|shall)\s+\w+"
        # or that the system it buys, named by its defined term, will be capable so ("The
        # Court expects that all records in the System will be exportable"); "the legacy
        # system will be unavailable" is no capability
        r"|(?:expects?|will\s+expect)\s+that\s+[^.;]{0,60}?"
        r"\b(?-i:System|Solution|Platform|Application|Software)\b[^.;]{0,40}?"
        r"\bwill\s+(?:also\s+)?be\s+(?!un|in(?:compat|access))\w+(?:able|ible)\b"
        # what it will only accept, or not ("The County will only accept personnel who have
        # relevant experience", "The City will not accept faxed bids")
        r"|(?:will|shall)\s+(?:only|not)\s+accept\b"
        # or consider ("The Court will not consider quotes that include license fees")
        r"|(?:will|shall)\s+(?:only|not)\s+consider\s+(?:any\s+)?(?:quotes?|quotations?|"
        r"proposals?|offers?|bids?|submissions?|responses?)\b)"
        # or the access it, and whoever it names with it, must have ("The Agency and the
        # public shall have full read access to all records", also by its proper name:
        # "Marion County shall have remote access to …"): the bidder gives it; not its right
        # to examine the bidder's books, and not what it "will have"
        rf"|^\W*(?:the\s+|{PROPER_NAME_BEFORE_ROLE})?(?:{buyer_names()})s?\b[^.;:]{{0,80}}?"
        r"\b(?:shall|must)\s+have\s+(?:[\w-]+\s+){0,4}?access\s+(?:to|of)\b"
        r"(?![^.;]{0,80}\bright\s+to\b)",
        re.IGNORECASE,
    )


@cache
def to_the_buyer() -> re.Pattern[str]:
    """What "will be" given to the buyer ("such audit report will be made available free of
    cost to the University", "Reports will be delivered to the COR monthly"): the buyer
    receives it, so the bidder must provide it; the mirror of ``TO_THE_BIDDER``."""
    return re.compile(
        r"\b(?:shall|will|must)\s+(?:also\s+)?be\s+(?:provided|made\s+available|delivered|"
        r"submitted|furnished|sent|given|routed|forwarded|directed|reported|returned)\b"
        r"[^.;]{0,60}?\s+to\s+(?:the\s+)?"
        rf"(?:{buyer_names()})s?\b",
        re.IGNORECASE,
    )


def furnished_by_the_buyer(sentence: str) -> bool:
    """True when ``sentence`` says what the buyer will provide ("Within 30 days of award the
    Government will provide contractor access to:", "The following will be furnished by the
    County:", "… shall be made available to the Contractor"): a list of government-furnished
    property, information or services, whose items are what the bidder receives, not what
    it must do (FAR part 45's government-furnished property)."""
    folded = fold_accents(sentence)
    found = _buyer_furnishes().search(folded)
    if found and not has_bidder_duty(folded[: found.start()]):
        return True
    return bool(TO_THE_BIDDER.search(folded))


def lists_the_buyers_acts(lead_in: str) -> bool:
    """True when ``lead_in`` is the buyer and its modal verb before a list ("When the defects
    cannot be corrected by re-performance, the State may:", "The Government will:"): the
    items are what the buyer may or will do (its remedies, its own tasks), not the bidder's
    requirements, though each opens like an instruction ("Reduce the contract price …")."""
    folded = fold_accents(lead_in)
    if THE_BUYERS_MINUTES.match(folded) or REVIEWED_TO_LEAD_IN.search(folded):
        return True
    return bool(MODAL_ENDS_THE_LEAD_IN.search(folded)) and binds_the_buyer(folded)


REVIEWED_TO_LEAD_IN = re.compile(
    r"\b(?:will|shall|may)\s+(?:also\s+|only\s+)?be\s+(?:reviewed|evaluated|assessed|examined|"
    r"analy[sz]ed|checked|scored|used)\s+(?:(?!by\b)[^.;:]{0,40}?\s+)?to\s*:\s*$",
    re.IGNORECASE,
)
"""A lead-in that says why an unnamed reader reviews what the bidder sent ("Teaming
agreements will not be evaluated, but will be reviewed to:"): its items are the reviewer's
purposes ("Identify any areas that need clarification"), though each opens like an
instruction; not what the bidder reviews ("… will be reviewed by the contractor to:")."""


MODAL_ENDS_THE_LEAD_IN = re.compile(r"\b(?:may|will|shall|must|should)\s*:\s*$", re.IGNORECASE)


THE_BUYERS_MINUTES = re.compile(
    r"^\W*(?:se\s+labrara\s+(?:un\s+|el\s+)?acta\b|(?:the\s+)?minutes\s+of\s+the\s+"
    r"(?:bid\s+|proposal\s+)?opening\b)",
    re.IGNORECASE,
)
"""The minutes the buyer draws up of the opening of the offers ("Se labrará acta que debe
contener:", "The minutes of the bid opening shall record:"): what they record is the
buyer's, not the bidder's."""


@cache
def _buyer_furnishes() -> re.Pattern[str]:
    return re.compile(
        rf"\b(?:the\s+)?(?:{buyer_names()})s?{ALSO}\s+(?:will|shall|is\s+to|agrees\s+to)\s+"
        rf"{FURNISH}\b"
        rf"|\b(?:will|shall){ALSO}\s+be\s+{FURNISHED}\s+by\s+(?:the\s+)?(?:{buyer_names()})s?\b",
        re.IGNORECASE,
    )


FURNISH = r"(?:provide|furnish|supply|make\s+available|give|grant|issue)"


FURNISHED = r"(?:provided|furnished|supplied|made\s+available|given|granted|issued)"


@cache
def buyer_asks() -> re.Pattern[str]:
    """The buyer asking for a thing ("Yes, we would like pricing for the optional tasks",
    "The County would like two references"): a request like "please provide"; not what it
    would like to do ("We would like to thank all offerors"). In a Q&A's questions the
    "we" is the vendor's, so it is read in the answers only."""
    return re.compile(rf"{_buyer_clause_opening()}would\s+like\s+(?!to\b)\w", re.IGNORECASE)


def _buyer_clause_opening() -> str:
    """The buyer as the subject opening the sentence or a clause after a comma, an adverb
    allowed before its verb (``buyer_requires``, ``buyer_asks``), also after a condition
    whose comma was left out ("If the solution is hosted outside the County's network the
    County requires 24/7 access …")."""
    names = buyer_names()
    condition = (
        rf"^\W*(?:[^.;:]{{1,60}}:\s+)?(?:if|when|where)\s+(?!(?:the\s+)?(?:{names})s?\b)"
        r"[^.;:,]{1,150}?\s"
    )
    return (
        rf"(?:^\W*(?:the\s+|{PROPER_NAME_BEFORE_ROLE})?|[,;]\s+(?:the\s+)?|{condition}(?:the\s+)?)"
        rf"(?:{names})s?{ALSO}\s+"
    )
