"""How strongly a statement binds the bidder: ``mandatory``, ``advisory`` or not at all.

The compliance matrix (``matrix.py``) lists the statements this module says bind the bidder:

* ``mandatory``: shall, must, is/are required (to), will be required, is responsible for,
  is expected to, is mandatory, shall not, may not, is not permitted / allowed, is limited
  to, what the bidder (or its team) "will" do or "needs to" do, work that "is due", the only
  bidders that "will be considered", an obligation without a modal verb
  (``vocabulary/obligations.toml``: "agrees to", "it is the responsibility of the bidder", a
  request with "please", an instruction in the imperative), a performance standard (a
  measure and a figure), and the Spanish deberá(n), debe(n), está(n) obligado(s) a, se
  exige, es obligatorio, no se admite / permite;
* ``advisory``: should, may, is encouraged, is advised to, it is recommended, is permitted /
  allowed;
  podrá(n), se recomienda, se admite / permite.

Not binding: statements of information, statements whose subject is the buyer or one of its
officials (``vocabulary/parties.toml``: "The COR shall notify the CO"), the buyer's rights and
acts ("reserves the right", "Award will be made to …"; ``buyer.py`` reads the buyer's side),
what the bidder receives, the
contract's own terms and policy ("This Agreement shall be governed by …", "… shall be deemed
…"), the document describing itself, and questions (a Q&A's included, even when they quote a
requirement), unless the buyer answered one that asks what is needed with a bare yes
(``confirmed_strength``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Literal

from rfp_agents.deliverables.buyer import (
    BUYER_ACT,
    BUYERS_RIGHT,
    SPANISH_BIDDER_ACTED_ON,
    THE_BUYERS_MINUTES,
    TO_THE_BIDDER,
    binds_the_buyer,
    buyer_asks,
    buyer_by_its_role,
    buyer_discretion,
    buyer_opens,
    buyer_requires,
    buyers_part_described,
    done_by_the_buyer,
    to_the_buyer,
)
from rfp_agents.deliverables.contract_terms import states_a_contract_term
from rfp_agents.deliverables.defined_names import bidder_by_its_role
from rfp_agents.deliverables.wording import (
    ALSO,
    BE_VERB,
    BIDDER,
    BIDDER_NAME,
    CLAUSE_NUMBER,
    INTRODUCTORY_PHRASE,
    LEADING_HEADING,
    NAMES_THE_BIDDER,
    OPENING_CONDITION,
    RESPONSIBLE,
    RUN_IN_LABEL,
    buyer_names,
    has_bidder_duty,
    served_names,
)
from rfp_agents.text import ITEM_MARKER, fold_accents
from rfp_agents.vocabulary import load_vocabulary_file

Strength = Literal["mandatory", "advisory"]


NECESSARY = (
    r"\bit(?:'s|\s+is|\s+will\s+be)\s+(?:necessary|essential|imperative|critical|vital|crucial)\s+"
    r"(?:for\s+[^.;,]{1,40}?\s+)?to"
)
"""An obligation without a subject: "it is necessary to hold a licence"."""


REQUIRES_CONSENT = (
    r"\b(?:requires?|will\s+require)\s+(?!no\b|not\b)(?:[\w'/-]+\s+){0,4}?"
    r"(?:approval|waiver|consent|authori[sz]ation|permission|proof|evidence)\b"
)
"""An act that requires the buyer's approval, consent or a waiver, or proof of a thing
("Use of large deductibles will require proof of financial ability"): the bidder must
obtain or furnish it first."""


REQUIRES_THE_BIDDER = (
    r"(?<!may )(?<!might )(?<!could )(?<!would )\b(?:requires|will\s+(?:also\s+)?require)\s+"
    rf"(?:(?:the|all|each|every|its)\s+)?(?:{BIDDER})s?(?:['’]s)?"
    r"(?:\s+(?:personnel|staff|employees|team|workforce))?\s+to\s+\w+"
)
"""The work requiring the bidder, or its people, to act ("Selected tasks will require
contractor personnel to obtain a clearance", "The surge support requires the Contractor to
work weekends"): a duty, whoever the subject. Not the buyer's own remedy put as an imperative
("Require the contractor to take corrective action"), not what "may" require it (a
possibility), and, as for "required to" (``_obliges``), not in a condition or a relative
clause ("If a task requires the contractor to travel, …", "tasks that require the
contractor to travel")."""
REQUIRES_THE_BIDDER_PATTERN = re.compile(REQUIRES_THE_BIDDER, re.IGNORECASE)


OFFER_NOT_ACCEPTED = (
    r"^\W*(?:notes?\s*:\s*)?(?:neither\s+[^.;]{1,60}?\s+nor\s+|no\s+)[^.;]{0,60}?(?:proposals?|offers?|bids?|"
    r"quotes?|quotations?|submissions?|responses?|applications?)\s+(?:will|shall)\s+be\s+"
    # (also after another of the buyer's acts: "No other forms of submission will be
    # confirmed or accepted")
    r"(?:\w+\s+or\s+)?(?:accepted|considered|permitted|allowed)\b"
    # a channel the bidder may not use ("Questions submitted in any other manner will not be
    # accepted"): it must use the one named; not a late one's fate
    r"|\b(?:proposals?|offers?|bids?|quotes?|quotations?|submissions?|responses?|questions?|"
    r"inquiries)\s+(?:submitted|sent|received|delivered)\s+(?:(?:in|by|through|via)\s+)+"
    r"(?:any\s+)?(?:other|another)\s+(?:manner|means|method|way|form|channel)s?\s+"
    r"(?:will|shall)\s+not\s+be\s+(?:accepted|considered|answered)\b"
    r"|(?<!late )(?<!untimely )(?<!incomplete )(?<!unsigned )"
    r"\b(?:proposals?|offers?|bids?|quotes?|quotations?|submissions?|responses?|applications?|"
    # what an offer may add to the buyer's terms ("Additional terms and conditions will not be
    # accepted on any SOW", "Exceptions to the insurance requirements will not be accepted")
    r"terms(?:\s+and\s+conditions)?|conditions|exceptions|deviations|substitutions)"
    # (or past a limit stated before: "Submissions over the page limits will not be
    # considered")
    r"(?:/\w+)?(?:\s+(?:to|from|over|exceeding|beyond|in\s+excess\s+of)\s+[^.;,]{1,50}?)?"
    r"\s+(?:will|shall)\s+not\s+be\s+(?:accepted|considered|permitted|allowed)\b"
    r"(?![^.;]*\b(?:if|unless|when)\b)"
    # what a submission needs to count at all ("A proposal submission is not considered
    # successful unless all files have been uploaded")
    r"|\b(?:proposals?|offers?|bids?|quotes?|quotations?|submissions?|responses?|applications?)"
    r"\s+(?:is|are|will\s+not\s+be|shall\s+not\s+be)\s+(?:not\s+)?(?:considered|deemed)\s+"
    r"(?:to\s+be\s+)?(?:successful|complete|completed|valid|received|submitted)\s+(?:unless|until)\b"
)
"""A kind of offer that will not be accepted ("Neither multiple nor alternate proposals will
be accepted", "Unless authorized, facsimile bids/modifications will not be considered by
the County"): the bidder may not submit one, so it binds like a prohibition, though "will
not be considered" is otherwise how a thing counts (``contract_terms.POLICY``). Not the fate
of an offer that failed a requirement stated elsewhere ("Untimely proposals will not be
considered", "A proposal will not be considered if it was not arrived at independently")."""
OFFER_NOT_ACCEPTED_PATTERN = re.compile(OFFER_NOT_ACCEPTED, re.IGNORECASE)
READERS_WISH = (
    r"(?:you|your\s+\w+|the\s+\w+|it|they)\s+(?:(?:would\s+like|wish(?:es)?|wants?|prefers?|"
    r"desires?)(?!\s+to\b)|so\s+(?:wish|wishes|choose|chooses|desire|desires)\b)"
)
"""The reader's own wish as a request's condition ("if your firm would like updates", "if
you so wish"): the request is an offer, not an instruction. Not a wish to do a thing the
request is the condition of ("Please register if you wish to attend")."""


FORECAST_VERB = (
    r"(?:(?:begin|start|commence|last|end|conclude|occur|take\s+place)"
    r"(?!\s+(?:work|the|a|an|its|their|all|any|performance|services|operations)\b)"
    r"|be\s+(?:awarded|issued|announced|made|released|published))"
)
"""What a date or a period "is expected to" do: a forecast of when a thing happens, not a
duty ("The period of performance is expected to begin within 10 days after award"); not
work the bidder is to start ("The contractor is expected to begin work within 10 days")."""


MANDATORY = re.compile(
    # "shall" or "must", not a word named as a kind of statement ("usually a shall
    # statement", "the must requirements")
    r"\b(?:(?:shall|must)(?!\s+(?:statements?|requirements?)\b)|"
    rf"{BE_VERB} required to|will{ALSO} be required|will{ALSO} need to be|"
    # what the bidder "will only need to" provide ("Those applicants … will only need to
    # provide a letter")
    rf"(?:{BIDDER})s?\b[^.;]{{0,120}}?\bwill (?:only |also )?need to (?!be\b)\w+|"
    # or "has to" / "will have to" do ("The Contractor will have to obtain permission")
    rf"(?:{BIDDER})s?\b[^.;]{{0,120}}?\b(?:(?:will|shall|would) )?(?:also )?"
    # (not what the bidder "may have to" or "does not have to" do)
    r"(?<!may )(?<!might )(?<!could )(?<!not )(?<!n't )(?<!n’t )(?<!never )"
    r"ha(?:s|ve) to (?!do with\b)\w+|"
    # or will need a thing, as an answer tells the bidder ("You will need a Google account
    # to access the form")
    rf"^\W*(?:you|(?:the|each|all)\s+(?:{BIDDER})s?) will (?:also )?need (?:a|an)\b|"
    # what "needs to be" or "has to be" handed in ("itemized rates need to be provided")
    r"(?:needs?|has|have) to be (?:provided|submitted|included|attached|completed|signed|"
    r"uploaded|sent|delivered|furnished)|"
    # (or asked to: "The vendor is asked to submit its repositories", a request as "please")
    # (not a forecast of when a thing happens: "The period of performance is expected to
    # begin within 10 days after award", "Award is expected to be made in May")
    rf"{BE_VERB} (?:{RESPONSIBLE}|expected to(?! {FORECAST_VERB}\b)|asked to|requested to)|"
    # what both parties agree to do, the bidder among them ("The parties agree to amend
    # this agreement as the law requires"), not what they agree is so ("… agree that …")
    r"^\W*(?:the|both)\s+parties\s+(?:(?:also|further|hereby|mutually)\s+)?agree\s+to\s+(?!be\b)|"
    # "may not", not what may not be so ("some terms may not be negotiable"), nor what
    # "may or may not" be so, a possibility
    # nor what one "may not need to" or "may not have to" do, a possibility
    r"(?<!may or )may not(?!\s+(?:need|have)\s+to\b)"
    r"(?! be (?:\w+(?:able|ible)|available|possible|feasible|necessary|required|"
    r"the case)\b)"
    # nor what the bidder may not get ("… may not receive an award", "may not be selected")
    r"(?! receive\b| be (?:awarded|considered|selected|elevated|invited|eligible)\b)"
    # nor what may not be so ("… may not be the perfect fit for …")
    r"(?! be (?:the|a|an)\b)|"
    r"(?:is|are) (?:\w+ly )?prohibited|(?:is|are) (?:mandatory|compulsory)|"
    # a permission denied as "No … may be …" ("No diversion or replacement may be made
    # without a resume of the replacement")
    # or as "No … is to be …" ("No further charges are to be billed after the final invoice")
    r"^\W*no\s+(?:[\w-]+\s+){1,6}?(?:may|can|is\s+to|are\s+to)\s+be\s+\w+|"
    # work put as "is to be done" ("Some renovations are to be completed as part of the
    # Works"), not what the bidder is paid or told
    r"(?:is|are) to be (?:completed|performed|provided|submitted|delivered|installed|done|"
    r"carried out|furnished|supplied|maintained|included|designed|constructed)|"
    # the bidder's share of the work ("Services to be completed by the successful Proponent
    # are as follows:")
    # (in lower case: "… PLAN TO BE COMPLETED BY OFFEROR" is a form's title)
    rf"(?-i:to be (?:completed|performed|provided|delivered|done|carried out|supplied|furnished) "
    rf"by (?:the )?(?:successful |selected )?(?i:{BIDDER})s?)|"
    # a thing forbidden as "is not to" ("Work is not to begin before the order", "Costs
    # are not to exceed the ceiling"), not how a text is read ("is not to be construed"),
    # nor what a thing is not the same as ("Outages are not to be confused with …"),
    # nor what a thing is for ("The committee's role is not to rank bidders, but to …")
    r"(?:is|are) not to (?!be (?:construed|interpreted|considered|deemed|regarded|read|"
    r"confused|mistaken)\b)"
    r"(?![^.;]*\bbut to\b)|"
    # a permission denied ("Faxed proposals are not permitted", "No se permite …"); not a
    # thing's state that others impose ("some repositories are not allowed to be shared")
    rf"(?:{BE_VERB} not|(?:is|are)n['’]t) (?:permitted|allowed)(?! to be\b)|"
    # (or not authorized, of a thing: "Direct contact with requestors is not authorized";
    # not a buyer's official, "The COR is not authorized to change the terms")
    rf"{BE_VERB} not (?:authorized|authorised)(?! to\b)|"
    r"(?:no|en ningun caso) se (?:admite|admiten|permite|permiten|permitiran?|aceptaran?)|"
    r"debera|deberan|debe|deben|se exige|se exigira|"
    # "para poder impugnar, se requiere presentar garantía"
    r"(?<!\bsi )se requieren? (?:presentar|aportar|acreditar|constituir|contar|disponer|"
    r"(?:el|la|los|las|una?) )|(?<!\bno )(?:esta|estan|estara|estaran|"
    r"queda|quedan|quedara|quedaran) obligad[oa]s?|(?:es|son|sera|seran) responsables? de|"
    # "has to"; what will not be accepted ("No se admitirán variantes")
    r"(?:tiene|tienen|tendra|tendran) que|(?:no|en ningun caso) se admitiran?|"
    # the impersonal future of a verb of submission, as a pliego prescribes what the offer
    # carries ("A cada oferta se acompañará:", "se presentarán dos copias")
    r"se (?:acompanara|adjuntara|presentara|incluira|aportara|entregara|facilitara|remitira|"
    r"hara constar|indicara|consignara|especificara|detallara)n?|"
    # what the buyer will ask of the bidders ("se solicitará a los proponentes que … formulen
    # una mejora de precios")
    rf"se (?:solicitara|requerira|exigira|pedira) a (?:los|las|el|la) (?:{BIDDER})(?:e?s)? que|"
    # the buyer requiring the bidder to act ("requerirán al adjudicatario para que formalice
    # el contrato en plazo no superior a cinco días")
    rf"(?:requerira|requeriran|requiere|requieren|exigira|exigiran) al? (?:los |las |el |la )?"
    rf"(?:{BIDDER})(?:e?s)? (?:para )?que|"
    r"es obligatori[oa]|"
    # the contractor's risk ("La ejecución del contrato se realizará a riesgo y ventura del
    # contratista", the LCSP's principle)
    rf"a riesgo y ventura del? (?:{BIDDER})|"
    rf"{OFFER_NOT_ACCEPTED}|"
    # "vendrá obligado a" (will be bound to); the contract executed "con sujeción a" its
    # clauses; a special condition of execution (LCSP art. 202), binding the contractor
    r"(?:viene|vienen|vendra|vendran) obligad[oa]s? a|"
    r"se (?:ejecutara|realizara|prestara|efectuara)n? con sujecion al?|"
    r"se establecen? como condicion(?:es)? especial(?:es)? de (?:la )?ejecucion|"
    # a thing that requires the bidder's submission or the buyer's consent ("Cualquier
    # entrega requerirá la presentación del albarán"), as the English REQUIRES_CONSENT
    # (also with a qualifier: "se requerirá nueva conformidad del cocontratante")
    r"(?:requiere|requieren|requerira|requeriran|exige|exigira)\s+"
    r"(?:(?:la|una|nueva|previa|expresa)\s+){0,2}"
    r"(?:presentacion|aprobacion|autorizacion|conformidad|consentimiento)\b|"
    # a duty put in the gerund after the main clause ("…, debiendo, en caso contrario,
    # justificar dicha circunstancia", "…, siendo necesario la manifestación expresa …")
    # (not a passive, the buyer's act: "La adjudicación se notificará, debiendo ser
    # publicada …", "debiendo formalizarse")
    r"debiendo,?(?! ser\b| \w+se\b)|siendo (?:\w+ )?(?:necesari[oa]|obligatori[oa]|preceptiv[oa])|"
    # a thing the bidder cannot do ("The entire proposal cannot be given a blanket
    # designation", "Offerors will not be able to use slides"), not in a relative clause
    # ("Checks that cannot be scanned …"), nor what cannot be helped, known or obtained
    # ("… cannot be guaranteed", "relief cannot be secured"), nor the buyer's receiving
    r"(?<!that )(?<!which )(?<!who )(?:cannot|can not) be (?!(?:guaranteed|determined|"
    r"predicted|known|estimated|anticipated|foreseen|ensured|assured|made available|reached|"
    r"found|located|secured|obtained|granted|accepted|considered|received)\b)\w+(?:ed|en)\b|"
    # (the bidders as a class, as instructions address them: "the vendor will not be able to
    # see the old system" is a fact of the work)
    rf"^\W*(?:all )?(?:{BIDDER})s (?:cannot|can not|will not be able to) (?!be\b)\w+|"
    # (and one bidder, named with its article after an opening phrase, as a prohibition:
    # "When forming a team, a contractor cannot team with a firm outside the pool")
    rf"(?:^|,)\s*(?:the|a|an|each|any|no) (?:\w+ )?(?:{BIDDER}) (?:cannot|can not) (?!be\b)\w+|"
    # what alone will be accepted ("Proposals will only be accepted from organizations that
    # have …", "Bids shall only be accepted via the portal", "Submissions are exclusively
    # accepted electronically via the Procurement Portal")
    r"(?:(?:will|shall) only be|(?:are|is) (?:only|exclusively)) (?:accepted|considered|received) "
    r"(?:\w+ly )?(?:from|if|when|via|through|by|in|on|at|until|before)\b|"
    # the bidder directed not to do a thing ("Offerors are specifically directed NOT to contact
    # any other personnel")
    # (not "the Contractor's attention is directed to FAR Subpart 9.5", a pointer)
    rf"(?<!attention ){BE_VERB} (?:specifically |expressly )?directed (?:not )?to\b|"
    # or cautioned, warned against it ("Offerors are cautioned not to include exceptions in
    # their quotes"); not a warning of what may happen ("are cautioned that …")
    rf"{BE_VERB} (?:\w+ly )?(?:cautioned|warned) not to\b|"
    # an obligation put impersonally ("it is necessary to register before bidding"); a
    # thing's approval demanded ("Deviation from standards requires a completed waiver",
    # "All travel requires Government approval")
    rf"{NECESSARY}|{REQUIRES_CONSENT}|{REQUIRES_THE_BIDDER})\b",
    re.IGNORECASE,
)


MANDATORY_MEETING = re.compile(
    r"\b(?:mandatory|compulsory)\s+(?:pre-?(?:bid|proposal|quote)\s+)?(?:site\s+)?"
    r"(?:meeting|visit|conference|walk-?through|briefing|tour)s?\b",
    re.IGNORECASE,
)
"""A meeting the bidder must attend, said in a sentence ("There will be a mandatory site
meeting on March 3"); a contents line or a title ("3.2 Mandatory Site Meeting") has no verb."""


ADVISORY = re.compile(
    # "may", but not "as may be amended", "data which may be shared", what "may or may not"
    # be so, or the month ("May 6, 2015", "May 2015")
    r"\b(?:should|(?<!\bas )(?<!\bthat )(?<!\bwhich )(?<!\bmay or )"
    r"may(?!\s+\d{1,2},?\s+\d{4}|\s+\d{4}|\s+or\s+may\s+not\b)|"
    r"is encouraged|are encouraged|(?:is|are) (?:strongly )?advised to|"
    r"(?:it )?is recommended|"
    # a permission ("Partial offers are permitted", "Se admite la cotización parcial")
    r"(?:is|are) (?:permitted|allowed)|"
    r"(?<!\bno )(?<!\bcaso )se (?:admite|admiten|permite|permiten|admitiran?|permitiran?)|"
    r"podra|podran|se recomienda)\b",
    re.IGNORECASE,
)


NUMBER_WORD = (
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|sixty|"
    r"ninety)"
)
"""A small number written out, as solicitations write counts and limits."""


PERFORMANCE_STANDARD = re.compile(
    r"\b(?:minimum of|maximum of|no more than|not more than|no less than|at least)\b"
    r"|\d%?\s+or (?:higher|better|greater|more)\b"  # not "one or more of the following"
    r"|(?:\bwithin |\()(?:\w+ )?\(?\w+\)? (?:business |calendar )?(?:minutes?|hours?|days?)\b",
    re.IGNORECASE,
)
"""The measure of a performance standard: "Minimum of 85% branch coverage", "99.5% or better
uptime", "Restore the portal within four hours", "Answer a ticket … (one business hour)"."""


QUANTITY_FIGURE = re.compile(
    rf"\d|\b{NUMBER_WORD}\b",
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


def strength_of(
    sentence: str,
    in_questions_and_answers: bool = False,
    in_standards_table: bool = False,
    buyer_aliases: frozenset[str] = frozenset(),
    bidder_aliases: frozenset[str] = frozenset(),
) -> Strength | None:
    """``mandatory``, ``advisory`` or None (a statement of information, or of what the
    buyer will do: ``binds_the_buyer``). In a Q&A a request ("Please provide …") may be the
    vendor's, so it is no requirement there. In a performance-standards table a cell stated
    as a fact is a standard the bidder meets (``_states_a_standard``). ``buyer_aliases``
    are the document's own names for its buyer (``buyer_aliases``), ``bidder_aliases`` the
    names it defines for its bidder (``defined_names.bidder_aliases``), each read as its
    role."""
    if buyer_aliases:
        sentence = buyer_by_its_role(sentence, buyer_aliases)
    if bidder_aliases:
        sentence = bidder_by_its_role(sentence, bidder_aliases)
    folded = fold_accents(sentence)
    strength = _strength(sentence, folded, in_questions_and_answers)
    if strength is None and in_standards_table and _states_a_standard(folded):
        return "mandatory"
    return strength


def _strength(sentence: str, folded: str, in_questions_and_answers: bool) -> Strength | None:
    if is_question(folded) and _answered_by_the_bidder(folded):
        return "mandatory"
    if is_question(folded) or DESCRIBES_THE_DOCUMENT.match(folded):
        return None
    if THE_BUYERS_MINUTES.match(folded) or NEGATED_EXPECTATION.match(_unheaded(folded)):
        return None
    if FAILURE_MAY.match(folded) or OPTIONAL_ITEM.search(folded):
        return "advisory"
    obligations = _obligations()
    # the bidder's promise binds whatever it goes on to say ("the Contractor agrees to …
    # include the clauses in every subcontract, so that they will be binding upon each
    # subcontractor") and whoever opens the sentence ("La Administración podrá exigir
    # ensayos, que serán a cuenta del adjudicatario"): asked before the buyer's acts and
    # the terms of the contract
    if NAMES_THE_BIDDER.search(folded) and obligations.on_the_bidder.search(folded):
        return "mandatory"
    unheaded = _unheaded(folded)
    # what the buyer requires, also after a run-in label ("A42: The Court expects …")
    requires = buyer_requires().search(folded) or (
        unheaded != folded and buyer_requires().search(unheaded)
    )
    if binds_the_buyer(folded) and not (requires or DONE_BY_THE_BIDDER.search(folded)):
        return None
    if _duty_of_the_served().match(unheaded):
        return None
    if BUYER_ACT.match(unheaded) or FORM_CHOICE.search(folded):
        return None
    if _not_a_duty(folded, unheaded):
        return None
    if obligations.requirement_label.match(folded):
        return "mandatory"
    if (
        requires
        or LENGTH_LIMIT.search(folded)
        or AT_MOST.search(folded)
        or ONLY_PERMITTED.search(folded)
        or ONLY_WITH_CONSENT.search(folded)
        or STATES_THE_REQUIREMENT.match(unheaded)
        or SOUGHT_WITH_A_MINIMUM.search(folded)
        or NEEDS_TO.match(unheaded)
        or ONLY_THOSE_CONSIDERED.match(unheaded)
    ):
        return "mandatory"
    if not in_questions_and_answers and (
        (
            (_instructs(folded, unheaded) or buyer_asks().search(folded))
            and not FOR_INFORMATION.search(folded)
        )
        or _names_a_document_to_hand_in(unheaded)
        or _names_a_minimum_coverage(unheaded)
    ):
        return "mandatory"
    strength = modal_strength(sentence, folded)
    return "mandatory" if strength is None and AMENDED_TO_READ.search(folded) else strength


OPTIONAL_ITEM = re.compile(r"(?:^|:\s+)\W*(?:\(optional\)|optional\s*:)", re.IGNORECASE)
"""An item marked optional, alone or after its lead-in ("… include the following: (Optional)
Teaming Arrangement, if you team with a partner"): what the bidder may hand in, however
binding the lead-in."""


NEGATED_EXPECTATION = re.compile(
    rf"^\W*(?:{INTRODUCTORY_PHRASE})?(?:the\s+)?[a-z][\w ]{{0,40}}?\s+"
    r"(?:(?:does|do)\s+not\s+(?:currently\s+)?(?:anticipate|expect|foresee|envision)\s+(?:that\s+)?"
    r"|(?:is|are)\s+(?:not\s+obligated|under\s+no\s+obligation)\s+to\b)"
    r"(?![^.]*(?:;|\bhowever\b|\bbut\b))",
    re.IGNORECASE,
)
"""A party saying what it does not expect to happen ("The government does not anticipate
that contractor staff will need to access PII") or what it is not obliged to do ("For this
reason, the Government is not obligated to … conduct discussions"): no duty arises,
whatever modal the clause after it has; not when a duty of its own follows ("…; however,
the contractor shall …")."""


@cache
def _duty_of_the_served() -> re.Pattern[str]:
    """What the people the buyer serves must do (``served_names``: "All registered
    practitioners must renew each year", "A claimant who disputes a decision shall file an
    appeal"): the buyer's rules for them, no duty of the bidder's. What they "must be able
    to" do is what the bidder's system must let them do, and stays a requirement."""
    return re.compile(
        rf"^\W*(?:{OPENING_CONDITION})?(?:(?:all|each|every|a|an|the|any)\s+)?"
        rf"(?:[\w.'’-]+\s+){{0,3}}?(?:{served_names()})s?\b"
        r"(?:\s+(?:who|that|of)\b(?:[^.;:]|\.(?=\w)){0,80}?)?"  # (a web address: "of x.gov")
        r"\s+(?:must|shall|(?:is|are|will\s+be)\s+required\s+to|(?:is|are)\s+responsible\s+for)\b"
        r"(?!\s+(?:(?:also|still)\s+)?(?:be\s+able|have\s+the\s+(?:ability|option))\b)",
        re.IGNORECASE,
    )


SOUGHT_WITH_A_MINIMUM = re.compile(
    r"\b(?:is|are)\s+seeking\s+(?:to\s+(?:contract|hire|engage|retain|procure)\s+(?:with\s+)?)?"
    r"(?:a|an)\s+[^.;]{0,120}?\b(?:with|having|that\s+(?:has|have)|who\s+(?:has|have))\b"
    rf"[^.;]{{0,60}}?\b(?:at\s+least|a\s+minimum\s+of|no\s+(?:less|fewer)\s+than)\s+"
    rf"(?:\d|{NUMBER_WORD}\b)",
    re.IGNORECASE,
)
"""The bidder the buyer seeks, with a minimum it must have ("The Agency is seeking a firm
with at least ten years of transit experience"): whoever seeks a contractor is the buyer,
and the minimum is the bidder's to meet. Seeking one with no minimum ("is seeking a
contractor to assist with …") only says what the procurement is for."""


STATES_THE_REQUIREMENT = re.compile(
    r"^\W*(?:the|this|our|its|their|a|one)\s+(?:\w+\s+)?requirements?\s+(?:is|are)\s+"
    r"(?:for|that)\s",
    re.IGNORECASE,
)
"""A sentence that names what the requirement is ("The requirement is for a response time
under two seconds", "The minimum requirement is that staff hold a licence"): the bidder
meets it."""
AMENDED_TO_READ = re.compile(
    r"\b(?:is|are)\s+(?:hereby\s+)?(?:amended|revised|changed|modified)\b[^.;]{0,120}?"
    r"\b(?:to\s+read|now\s+reads?)\s*:"
    r"|\breplaced?\s+(?:it\s+|them\s+)?with(?:\s+the\s+following)?\s*:",
    re.IGNORECASE,
)
"""An amendment's new wording of the solicitation ("… in the Performance Standards section
is amended to read: “99.9% availability”", "… so that it now reads: “…”", "… is deleted
in its entirety and replaced with the following: “…”", "Delete … and replace with: “…”"):
a term of the changed solicitation the bidder meets, though the new wording has no verb of
its own."""


DOCUMENT_TO_HAND_IN = re.compile(
    r"^\W*(?:(?:an?|one|two|three|\d+)\s+)?(?:(?:signed|certified|notari[sz]ed|current|valid)\s+)?"
    r"(?:original\s+(?:or|and)\s+)?(?:cop(?:y|ies)|certificates?|certification|proof|evidence|"
    r"affidavit|letters?\s+(?:of\s+)?(?:reference|intent|commitment|good\s+standing))\s+"
    r"(?:of|from|issued|signed|stating|confirming|showing|evidencing)\b"
    r"|^\W*(?P<spanish>(?:original\s+o\s+)?(?:copia|certificacion|certificado|declaracion|justificante|"
    r"documento|acreditacion)\s+(?:\w+\s+){0,2}?(?:expedid[oa]|acreditativ[oa]|positiv[oa]|"
    r"compulsad[oa]|responsable|firmad[oa]|autenticad[oa]|legalizad[oa]))\b",
    re.IGNORECASE,
)
"""A document named on its own, as a list of what the offer carries names it ("Certificate
of insurance naming the County as additional insured.", "Certificación positiva expedida
por la Agencia Tributaria …", "Original o copia compulsada del alta …"): a thing the bidder
must hand in."""
MINIMUM_COVERAGE = re.compile(
    r"^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:(?:(?-i:[A-Z])[\w'’/&-]*|an?|and|or|&|umbrella|excess|umbrella/excess|general|"
    r"liability|professional|automobile|auto|property|cyber|crime|fidelity|performance|payment|"
    r"bid|surety|compensation)\s+){0,6}?"
    # (or as a label: "Automobile Liability Insurance: covering all vehicles … with minimum
    # coverage limits of $300,000")
    r"(?:insurance|coverage|policy|bond)\s*:?\s+(?:\([\w ]+\)\s+)?"
    r"(?:in|with|of|for|applicable|covering|at|not|no|to)\b[^.;:]{0,150}?"
    r"\b(?:not\s+less\s+than|no\s+less\s+than|at\s+least|"
    r"(?:a\s+)?minimum\s+(?:coverage\s+)?(?:limits?\s+)?of)\b",
    re.IGNORECASE,
)
"""A line of insurance named with its least amount ("Commercial General Liability Insurance
in an amount not less than $1,000,000 per occurrence", "An umbrella policy of at least
$5,000,000"), as the items of an insurance clause name them: cover the bidder must carry.
The line's name is capitalised or built of the words that name a line, and a preposition or
a participle follows it; a verb ("The County's policy provides at least …") makes it a
statement of fact."""
ONLY_WITH_CONSENT = re.compile(
    r"\b(?:will|shall|may|must|can)\s+(?:not|never)\s+(?:be\s+(?:\w+ly\s+)?(?:disclosed|released|"
    r"used|reproduced|published|shared|copied|distributed|transferred|assigned|subcontracted|"
    r"sold|accessed|stored|processed|removed|made\s+public|changed|increased|substituted|"
    r"replaced)|increase|change)\b[^.;]{0,200}?"
    r"\bwithout\s+(?:the\s+)?(?:\w+(?:'s|’s)?\s+)?"
    r"(?:prior\s+|express\s+|explicit\s+|advance\s+)?(?:written\s+)?"
    r"(?:permission|consent|approval|authori[sz]ation)\b",
    re.IGNORECASE,
)
"""A use forbidden unless someone consents, put in the passive ("All reports prepared for the
University will not be disclosed to any other person without the written permission of the
University"), or a change ("The price will never increase without prior approval", "Key
personnel shall not be substituted without the consent …"): whoever holds the thing, the
bidder, must first ask."""
SPANISH_FINITE_VERB = re.compile(
    r"\b(?:es|son|sera|seran|fue|esta|estan|hay|ha|han|debe|deben|debera|deberan|tiene|"
    r"tienen|podra|podran|se\s+\w+)\b",
    re.IGNORECASE,
)


def _names_a_minimum_coverage(unheaded: str) -> bool:
    """A line of insurance with its least amount, in a phrase of its own with no verb
    (``MINIMUM_COVERAGE``): "The County's policy provides at least …" says a fact."""
    return bool(MINIMUM_COVERAGE.match(unheaded)) and not (
        FINITE_VERB.search(unheaded) or has_modal_verb(unheaded)
    )


def _names_a_document_to_hand_in(unheaded: str) -> bool:
    """A document named in a sentence of its own, with no verb (``DOCUMENT_TO_HAND_IN``):
    "Copies of the evaluations will be retained in the file" says a fact. A Spanish one may
    go on in a relative clause ("…, en la que se contenga …"); its first clause has none."""
    found = DOCUMENT_TO_HAND_IN.match(unheaded)
    if not (found and unheaded.rstrip().endswith(".")):
        return False
    if not found.group("spanish"):
        return not FINITE_VERB.search(unheaded)
    return not SPANISH_FINITE_VERB.search(re.split(r"[,;:(]", unheaded, maxsplit=1)[0])


FAILURE_MAY = re.compile(
    r"^\W*(?:(?:the|a|an|any)\s+)?(?:[\w'-]+\s+){0,2}?failure\s+(?:of|to|by)\b[^.;]{0,250}?"
    r"\b(?:may|could|might)\b",
    re.IGNORECASE,
)
"""What may befall the bidder who fails to do a thing ("Failure to provide all the
information may result in disqualification"): a warning, advisory as its "may" says, also
when a clause inside it carries a "must" ("…, may render the Proponent subject to conditions
which must be complied with before …")."""


NOTICE = re.compile(r"(?:(?:important|importante|note|nota)\s*:\s*)", re.IGNORECASE)
"""A notice run in before a label ("IMPORTANT: Other requirements for …:"): it marks the
label out, and says nothing of its own."""


def heads_requirements(sentence: str) -> bool:
    """True when ``sentence`` opens with a label of a list of requirements ("Minimum
    Qualifications:"): the label alone, or an item under it ("Minimum Qualifications: Five
    years in business")."""
    return bool(_obligations().requirement_label.match(fold_accents(sentence)))


def _states_a_standard(folded: str) -> bool:
    """A cell of a performance-standards table stated as a fact ("All dependencies are
    listed", "New versions maintain compatibility", "records will be delivered per the
    plan"): a standard the bidder's work must meet, unless it is the buyer's act ("The COR
    will review …") or has no verb (a method of review: "Combination of manual review and
    automated testing"). A cell without a verb is a standard too when it is an acceptable
    quality level put as a noun phrase ("Minimal outage time for production pushes", "Clean
    tests from a static testing SaaS") and not a method of surveillance nor a service's
    name of a word or three ("Tested Code")."""
    if binds_the_buyer(folded) or is_question(folded) or ILLUSTRATION.match(folded):
        return False
    if PERMISSION.search(folded) or SURVEILLANCE_METHOD.match(folded):
        return False
    if FINITE_VERB.search(folded) or STANDARD_VERB.search(folded):
        return True
    return (
        bool(CELL_START.match(folded))
        and not COLUMN_TITLE.search(folded)
        and len(re.findall(r"[A-Za-z]{2,}", folded)) >= MIN_STANDARD_WORDS
    )


CELL_START = re.compile(r"^(?:[A-Z]|\d+%?\s)(?!\S*(?:https?:|www\.))")
"""A cell's first words, capitalised or a figure ("0 errors reported …"); a line that opens
in lower case, with "(" or a web address goes on a cell above it."""


COLUMN_TITLE = re.compile(
    r"\b(?:method\s+of\s+(?:review|surveillance|assessment)|acceptable\s+quality\s+level|"
    r"performance\s+standards?|service\s+level\s+agreement)\b",
    re.IGNORECASE,
)
"""A QASP table's column titles, run together by the text layer ("Method of Review Service
Level")."""


MIN_STANDARD_WORDS = 4
"""A service's name in a QASP's first column runs to three words ("Prompt outage
notification"); a quality level stated as a noun phrase runs longer."""


SURVEILLANCE_METHOD = re.compile(
    r"^\W*(?:combination\s+of|manual\s+review|review\s+(?:by|of)|automated\s+(?:testing|scan)|"
    r"testing\s+method|(?:100%\s+|periodic\s+)?inspection|random\s+sampling|periodic\s+"
    r"(?:review|sampling)|customer\s+(?:feedback|complaints?)|observation)\b",
    re.IGNORECASE,
)
"""How the buyer checks the work, a QASP's last column (FAR 46.401's methods: "Combination
of manual review and automated testing", "Manual review of deployment", "Random
sampling", "Customer feedback")."""


PERMISSION = re.compile(r"\b(?:can|could|may|might)\b", re.IGNORECASE)
"""What a cell allows ("Some user stories can be accepted by developers"): no standard."""


ILLUSTRATION = re.compile(
    r"^\W*(?:examples?|e\.g\.|for example|for instance|note)\b", re.IGNORECASE
)
"""A cell that illustrates or comments ("Examples: a customer is unable to …")."""


STANDARD_VERB = re.compile(r"\b(?:maintain|meet|exceed|remain|conform|comply)s?\b")
"""A present-tense verb of a standard whose subject is plural ("versions maintain …"), in
lower case as inside a sentence ("Meet" opens a cell title or an instruction)."""


def is_instruction(sentence: str) -> bool:
    """An instruction in the imperative or put as a request ("Specifically explain the
    points below in your bid:", "Please list …"): a complete sentence, whoever it is to."""
    folded = fold_accents(sentence)
    return _instructs(folded, _unheaded(folded))


def _answered_by_the_bidder(folded: str) -> bool:
    """A question put to the bidder by the lead-in of its list ("In your proposal please
    address the following: Are you involved in any litigation?"): the lead-in instructs, so
    the question is one the proposal must answer, not a vendor's question."""
    lead_in, colon, _ = folded.partition(": ")
    return bool(colon) and _instructs(lead_in, _unheaded(lead_in))


def _instructs(folded: str, unheaded: str) -> bool:
    """A request, or an imperative that is not how the buyer checks the work ("Review by the
    liaison staff (monthly)", a QASP's method: ``SURVEILLANCE_METHOD``) nor a criterion it
    scores ("Demonstrate ability to work as a team. [ 10 ]": ``SCORED_CRITERION``)."""
    return bool(
        _obligations().request.search(folded)
        or (
            _obligations().imperative.match(unheaded)
            and not SURVEILLANCE_METHOD.match(unheaded)
            and not SCORED_CRITERION.search(unheaded)
            and not AIM_LABEL.match(_unmarked(folded))
        )
        or SO_STATE.match(unheaded)
        or LABELLED_DOCUMENT_MADE.match(_unmarked(folded))
    )


AIM_LABEL = re.compile(r"^\W*(?:objectives?|goals?|purpose|aims?)\s*:", re.IGNORECASE)
"""The aim of a part of the work, run in before its colon ("Objective: Provide user level
training for the portfolio's software."): it says what the duties under it are for, and
the duties are the rows."""


SCORED_CRITERION = re.compile(
    r"(?:\[\s*\d{1,3}\s*(?:points?|pts\.?)?\s*\]|\(\s*\d{1,3}\s*(?:points?|pts\.?)\s*\)"
    r"|\b\d{1,3}\s+(?:points|pts\.?))\W*$",
    re.IGNORECASE,
)
"""The points an evaluation criterion is worth, closing it ("… references and client
listings. [ 10 ]", "Staffing approach (20 points)"): an item of how proposals are scored,
though it opens with a verb ("Demonstrate ability to …"), not an instruction."""


SO_STATE = re.compile(
    r"^\W*(?:if\s+(?:none|not|no|so)\b[^.;:]{0,40}?,\s+)so\s+(?:state|indicate)\b", re.I
)
"""The forms' idiom for a blank the bidder must still answer: "If none, so state."."""


def _unheaded(folded: str) -> str:
    """The sentence without a heading glued before it, its item's number ("(2) Provide …") or
    a label run in before its colon ("Specific Plan (Methodology): Explain …"), where an
    imperative is looked for."""
    return RUN_IN_LABEL.sub("", _unmarked(folded))


def _unmarked(folded: str) -> str:
    """The sentence without a heading glued before it or its item's number, also a clause
    number of several levels ("3.12.1 Provide …"), its run-in label kept
    (``LABELLED_DOCUMENT_MADE`` reads it)."""
    return ITEM_MARKER.sub("", CLAUSE_NUMBER.sub("", LEADING_HEADING.sub("", folded)))


LABELLED_DOCUMENT_MADE = re.compile(
    RUN_IN_LABEL.pattern
    + r"(?:Prepared|Signed|Completed|Printed|Typed|Executed|Notari[sz]ed|Dated|Addressed|"
    r"Written|Limited)\s+(?:on|by|in|and|with|using|as|for|to)\b"
)
"""A part of the offer named by its label and then how it is to be made ("Transmittal
Letter: Prepared on the Offeror's stationery and signed by …", "Cover Sheet: Signed by an
officer …"): the bidder's to make so."""


FORM_CHOICE = re.compile(r"\bis not,?\s*\W{0,3}\s*is required to\b", re.IGNORECASE)
"""A standard form's check box printed with both choices ("Contractor [ ] is not, [X] is
required to sign this document", block 13 of the SF-30): which one holds is the mark, which
the text layer does not carry."""


DESCRIBES_THE_DOCUMENT = re.compile(
    r"^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:it|(?:this|the)\s+(?:document|plan|section|appendix|"
    r"attachment|exhibit|solicitation|rfp|rfq|rfi|ifb|itb|pws|sow|soo|qasp|amendment|"
    r"modification|part|article|statement of work|performance work statement|"
    r"quality assurance surveillance plan)(?:\s+\([a-z]{2,6}\))?"
    # a part named by its letter or number ("2.3 Appendix C sets forth the services …")
    r"|(?:appendix|attachment|exhibit|section|part|article|schedule|annex)\s+[a-z0-9][\w.-]{0,5})"
    r"\s+(?:also\s+)?(?:provides|describes|establishes|sets forth|outlines|explains|"
    r"contains|summari[sz]es|identifies|defines|includes)\b",
    re.IGNORECASE,
)
"""What the document itself does ("This plan sets forth how the agency reviews the work the
contractor is required to perform"): a description, not a requirement."""


QUESTION_NUMBER = r"(?:Q\s?\d+|Question\s?\d+)\s*[:.)-]"
"""A Q&A's question number ("Q7:", "Question 12.")."""


QUESTION = re.compile(rf"\?\W{{0,3}}$|^\W*(?:{QUESTION_NUMBER}|Question\s*:)", re.IGNORECASE)
"""A vendor's question in a Q&A ("Q1: The RFQ states: '… must …' What page limits apply?")."""


def is_question(sentence: str) -> bool:
    """True for a question: it asks, even when it quotes a requirement."""
    return bool(QUESTION.search(sentence.strip()))


ASKS_FOR_A_NEED = re.compile(
    r"\b(?:needs?|needed|require[sd]?|must|ha(?:ve|s)\s+to|expected\s+to|mandatory|necessary|"
    r"(?:a|any)\s+requirements?\s+(?:for|that|to)|"
    r"necesari[oa]s?|obligatori[oa]s?|requiere[n]?|requerid[oa]s?|debe[n]?|debera[n]?)\b",
    re.IGNORECASE,
)
"""A question that asks whether a thing is needed or required ("Is there a need for …?",
"Must the offeror …?", "¿Es obligatorio …?"); "the requirement" as the procurement itself
("Is this requirement new?") does not ask so."""


def confirmed_strength(question: str) -> Strength | None:
    """The strength of a Q&A's question the buyer answered with a bare "Yes." (``matrix``
    marks it ``confirmed``): ``mandatory`` when it asks whether a thing is needed or required
    ("Is there a need for bulk uploads? Yes.", "Must the offeror be registered? Yes."), so
    the yes makes it a requirement; none when it asks anything else ("Will remote work be
    accepted? Yes.": a permission; "Will the evaluated price include the options? Yes.": a
    fact of the evaluation)."""
    return "mandatory" if ASKS_FOR_A_NEED.search(fold_accents(question)) else None


def has_modal_verb(sentence: str) -> bool:
    """True when the sentence's own verbs oblige or advise ("shall", "must", "should", "is
    required to", what the bidder "will" do); a performance standard's measure ("within seven
    days") is not a verb, nor the buyer's discretion that qualifies a thing ("Such other
    insurance as the County may reasonably require", an item of the insurance list), nor a
    statement the item asks for ("Cover letter … to confirm that the Applicant shall comply
    with the terms": what the letter says, not a verb of the item's)."""
    folded = REPORTED_STATEMENT.sub("", buyer_discretion().sub("", fold_accents(sentence)))
    return _verb_strength(REPORTED_STATEMENT.sub("", sentence), folded) is not None


REPORTED_STATEMENT = re.compile(
    r"\b(?:confirm|certify|state|affirm|acknowledge|attest|declare)(?:s|ing)?\s+that\b[^.;]*"
    # an item that is the that-clause of its lead-in's verb ("… a Proponent agrees:" then
    # "2.2.1.6 that it shall not be entitled to claim against the County")
    r"|^\W*(?:\d+(?:\.\d+)*\.?\s+|\(?[a-z0-9]{1,3}[.)]\s+)?that\s[^.;]*",
    re.IGNORECASE,
)


def modal_strength(sentence: str, folded: str) -> Strength | None:
    """The strength the sentence's verbs give, whoever they bind; what the bidder "will" do
    ("the contractor will fix the rejected reports") and a performance standard (a measure
    and a figure, no verb of its own: a cell of an acceptable-quality-level table) are
    mandatory."""
    strength = _verb_strength(sentence, folded)
    if strength is None and _is_performance_standard(folded) and not buyer_opens(folded):
        return "mandatory"
    return strength


def _verb_strength(sentence: str, folded: str) -> Strength | None:
    if (
        _obliges(folded)
        or (not sentence.isascii() and BIDDER_FUTURE.search(sentence))
        or _unaccented_bidder_future(folded)
        or BIDDER_WILL.search(RUN_IN_LABEL.sub("", folded))
        or _is_required(folded)
        or SPANISH_PROHIBITION.search(folded)
        or DEADLINE.search(folded)
        or WORK_DUE.match(folded)
        or DEADLINE_IS.match(folded)
        or OFFER_VALIDITY.match(folded)
        or PRICE_INCLUDES.search(folded)
        or DELIVERY_PERIOD.search(folded)
        or UNNAMED_BIDDER_BEARS_COSTS.match(folded)
        or GOODS_FUTURE.match(folded)
        or IS_A_REQUIREMENT.search(folded)
        or REQUIRED_CONTENTS.match(folded)
        or DELIVERED_SYSTEM_WILL.match(RUN_IN_LABEL.sub("", sentence))
        or to_the_buyer().search(folded)
        or (MANDATORY_MEETING.search(folded) and FINITE_VERB.search(folded))
    ):
        return "mandatory"
    return "advisory" if ADVISORY.search(folded) else None


AT_MOST = re.compile(
    r"\bmay\s+(?:\w+\s+){1,2}?(?:(?:no|not)\s+more\s+than|a\s+maximum\s+of|at\s+most)\b"
    # "may submit only one application", "may only propose two"
    r"|\bmay\s+(?:only\s+(?:\w+\s+){1,2}?|(?:\w+\s+){1,2}?only\s+)(?:one|two|three|a\s+single|\d+)\b",
    re.IGNORECASE,
)
"""A cap put with "may" ("Offerors may propose no more than three resources"): what is
allowed up to a limit, and the limit binds."""


ONLY_PERMITTED = re.compile(
    r"\bmay\s+only\b"
    # (or put as a permission kept to its list: "BA is permitted to use PHI only as follows:")
    r"|\b(?:is|are)\s+permitted\b[^.;:]{0,150}?\bonly\s+(?:as\s+follows|for\s+the\s+following)\b"
    # (or as a limit on the bidder: "Each respondent is limited to one proposal")
    rf"|^\W*(?:(?:the|each|every|all|any)\s+)?(?:{BIDDER})s?\s+(?:is|are)\s+limited\s+to\b",
    re.IGNORECASE,
)
"""What alone is allowed ("The Contractor may only use the data to perform the services",
"Statements of work may only include work within the engagement's scope"): a restriction,
which binds like "shall not" for everything else."""


_LENGTH = (
    r"(?:\w+\s+)?(?:\(\d+\)\s+)?(?:[\w.\"”'’/-]+\s+){0,3}?"
    r"(?:pages?|characters|words|slides|sheets)\b"
)
"""A count of pages and what kind they are ("fifteen (15) single sided 8.5”x11” pages")."""


LENGTH_LIMIT = re.compile(
    rf"\b(?:no|not)\s+(?:more|longer)\s+than\s+{_LENGTH}"
    rf"|\bexceed(?:s|ing)?\s+{_LENGTH}"
    rf"|\blimited\s+to\s+{_LENGTH}"
    rf"|\b(?:\d+|{NUMBER_WORD})\s+"
    r"(?:\(\d+\)\s+)?(?:pages?|slides|sheets)\s+(?:per|for\s+each|each)\b"
    r"|\b(?:pages?|characters|words)\s+maximum\b"
    rf"|\b(?:\d+|{NUMBER_WORD})\s+(?:\(\d+\)\s+)?(?:pages?|characters|words|slides|sheets)\s+or\s+"
    r"(?:less|fewer)\b",
    re.IGNORECASE,
)
"""A limit on the length of what the bidder submits ("… may be no more than 30 pages
combined", "not to exceed ten (10) pages", "limited to 750 characters", "20 pages
maximum"): a proposal's length limit binds, whatever the verb ("may" included), as a page
past it is not read."""


REQUIRED_TO = re.compile(rf"{BE_VERB} required to", re.IGNORECASE)
WILL_BE_REQUIRED = re.compile(rf"will{ALSO} be required", re.IGNORECASE)
"""A thing that "will be required", which, like "required to", a condition, a relative clause
("the staff that will be required for the surge") or a subject "no …" ("No travel is
anticipated or will be required") does not demand."""
TOLD_FOR_INFORMATION = re.compile(
    r"\s+(?:also\s+)?(?:note|take\s+note|be\s+(?:advised|aware))\s+that\b", re.IGNORECASE
)
"""A modal that only tells the reader a fact ("The Contractor shall note that residual funds
may be deobligated"): the clause after it says what is so, and may hold a duty of its
own."""


IMPERSONAL_NEED = re.compile(NECESSARY, re.IGNORECASE)


CONDITION = re.compile(r"\b(?:if|unless|when|whether)\b", re.IGNORECASE)


RESPONSIBLE = re.compile(r"\bresponsible\b", re.IGNORECASE)
"""The "is responsible for" of ``MANDATORY``, which a relative clause only describes."""


def _obliges(folded: str) -> bool:
    """A verb of obligation (``MANDATORY``), unless it is only a "required to" or an "it is
    necessary to" inside a condition ("If travel is required to complete the work, expenses
    will be negotiated", "if it is necessary to extend the deadline, …"), or a "required to"
    in a relative clause ("Staff that are required to …"; the "that" before "it is
    necessary" only introduces what is said). A "who is responsible for" describes whoever
    it follows ("The department assigns a project manager who is responsible for …"). "Will
    be required" and the work that "requires the contractor to" are read as "required to"
    is; a relative clause set off by ", which" still says the thing is required. A modal
    before "note that" only informs (``TOLD_FOR_INFORMATION``)."""
    for found in MANDATORY.finditer(folded):
        if _in_the_buyers_clause(folded, found.start()) or _the_buyers_gerund(folded, found):
            continue
        impersonal = IMPERSONAL_NEED.fullmatch(found.group(0))
        if TOLD_FOR_INFORMATION.match(folded, found.end()):
            continue  # "The Contractor shall note that funds may be deobligated"
        described = (
            REQUIRED_TO.fullmatch(found.group(0))
            or WILL_BE_REQUIRED.fullmatch(found.group(0))
            or RESPONSIBLE.search(found.group(0))
            or REQUIRES_THE_BIDDER_PATTERN.fullmatch(found.group(0))
        )
        if not (impersonal or described):
            return True
        clause = re.split(r"[,;:]", folded[: found.start()])[-1]
        if CONDITION.search(clause) or NEGATED_SUBJECT.match(clause):
            continue
        if impersonal or not RELATIVE_PRONOUN.search(clause):
            return True
        if NON_RESTRICTIVE_WHICH.search(folded, 0, found.start()):
            return True  # "… a free account, which will be required to submit": it is required
    return False


def _in_the_buyers_clause(folded: str, at: int) -> bool:
    """True when the verb at ``at`` is in a relative clause whose subject is the buyer, by a
    role or an acronym ("… maintains IT Standards that DHSS must comply with", "the forms
    which the County shall prescribe"): it says what the thing is, not what the bidder
    does."""
    found = _buyer_relative_clause().search(folded[:at])
    return bool(found) and not REPORTS_A_STATEMENT.search(folded[: found.start()])


def _the_buyers_gerund(folded: str, found: re.Match[str]) -> bool:
    """A duty in the gerund whose subject is the buyer ("…, debiendo la Comisión de
    Preadjudicación requerir a los oferentes las aclaraciones …"): the buyer's own."""
    return found.group(0).lower().startswith("debiendo") and bool(
        _buyer_after().match(folded, found.end())
    )


@cache
def _buyer_after() -> re.Pattern[str]:
    return re.compile(rf",?\s+(?:el|la|los|las)\s+(?:{buyer_names()})s?\b", re.IGNORECASE)


@cache
def _buyer_relative_clause() -> re.Pattern[str]:
    return re.compile(
        rf"\b(?:that|which|whom)\s+(?:the\s+)?(?:(?i:{buyer_names()})s?|"
        rf"(?!(?i:{BIDDER})s?\b)[A-Z]{{2,6}})\s*$"
    )


REPORTS_A_STATEMENT = re.compile(
    r"(?:\w+ed|agrees?|provides?|states?|specifies|stipulates|acknowledges?|certif(?:y|ies)|"
    r"confirms?|ensures?|requires?|means|so|such|and|but|is|are)\s*,?\s*$",
    re.IGNORECASE,
)
"""The word before a "that" that opens what is said, not a relative clause ("it is
understood and agreed that the State shall withhold payment": the buyer's own statement)."""


NEGATED_SUBJECT = re.compile(r"^\W*no\s(?!.*\band\b)", re.IGNORECASE)
"""A "required to" whose subject is "no …" ("No modification of this Contract is required to
participate"): nothing is required."""
RELATIVE_PRONOUN = re.compile(r"\b(?:that|who|which)\s*$", re.IGNORECASE)
"""A "required to" in a relative clause only says which people are meant ("Staff who are
required to hold a badge will be issued one"): the sentence's own verb decides."""
NON_RESTRICTIVE_WHICH = re.compile(r",\s*which\s*$", re.IGNORECASE)
"""A relative clause set off by its comma, which says a thing of what it follows rather than
which one is meant ("Register for an account, which will be required to submit"): what it
says required is required."""


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
    if PAST_TENSE_OPENING.match(folded):
        return False  # "used at least three design tools": what a bidder did, an item's words
    clause = folded[: measure.end()] + folded[measure.end() :].split(" and ")[0]
    return not FINITE_VERB.search(clause)


PAST_TENSE_OPENING = re.compile(r"^\W*[a-z]+ed\s", re.IGNORECASE)
"""A clause opened by a verb in the past tense ("used at least three …", "Performed usability
tests"): the item of a list of what a bidder did, not a standard."""


PROPOSAL_PART = r"(?:cover\s+)?(?:letter|proposal|quote|quotation|response|submission|offer|bid)"
"""The bidder's own document, what it "will" contain being what the bidder must put in it."""


NEEDS_TO = re.compile(
    rf"^\W*(?:(?:the|each|every|all|your|its)\s+)?(?:[\w-]+\s+){{0,2}}?"
    rf"(?:{BIDDER}|{PROPOSAL_PART})s?\s+(?:also\s+|only\s+)?needs?\s+to\s+(?!be\b)\w+",
    re.IGNORECASE,
)
"""What the bidder or its proposal "needs to" do ("The proposal needs to address each
criterion", "Vendors need to register in the portal"): a duty put plainly."""


ONLY_THOSE_CONSIDERED = re.compile(
    rf"^\W*only\s+(?:(?:those|the)\s+)?(?:{BIDDER}|{PROPOSAL_PART})s?\s+"
    r"(?:that|which|who|with|having|[a-z]+ed)\b[^.;]{0,100}?\s+(?:will|shall)\s+be\s+"
    r"(?:considered|accepted|eligible)\b",
    re.IGNORECASE,
)
"""The only bidders or offers that will count, and what they must be ("Only firms
licensed in the State will be considered", "Only bids that carry a bond will be
accepted"): a requirement put as eligibility. Not which of them the buyer takes further
("Only the three highest-ranked proposals will be evaluated in stage two")."""


DEADLINE = re.compile(
    rf"^\W*(?:[\w-]+\s+){{0,3}}?(?:{PROPOSAL_PART}|questions|inquiries)s?\s+(?:are\s+|is\s+)?due\b"
    r"\s*(?:as\s+soon\s+as\s+possible,?\s+(?:but|and)\s+)?(?::|by|on|before|no later than|at)"
    r"(?=[^.;]{0,40}\d)",
    re.IGNORECASE,
)
"""A deadline the bidder meets ("Proposals due: May 4, 2026, 3:00 p.m.", "Written questions
are due by …", "Quotes are due as soon as possible, but no later than …"): a date, put
without a modal, by which the bidder must submit. A date "TBD" is none yet."""


WORK_DUE = re.compile(
    r"^\W*(?:(?:the|all|each|every|any)\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:reports?|deliverables?|invoices?|plans?|submittals?|certificates?|timesheets?)\s+"
    r"(?:are|is|will\s+be)\s+due\b",
    re.IGNORECASE,
)
"""A piece of the bidder's work that "is due" ("Monthly status reports are due by the fifth
business day", "Certificates of insurance are due before work starts"): the bidder hands it
in then. Not a payment due to the bidder, which names no such thing."""


DEADLINE_IS = re.compile(
    r"^\W*the\s+(?:deadline|due\s+date|closing\s+date)\s+for\s+(?:(?:the\s+)?(?:submission|"
    r"receipt|submitting|delivery)\s+(?:of\s+)?)?(?:all\s+)?(?:written\s+)?"
    rf"(?:{PROPOSAL_PART}|questions|inquiries)s?\s+(?:is|will\s+be)\b",
    re.IGNORECASE,
)
"""A deadline put as "The deadline for questions is March 3 at noon": the date by which
the bidder submits them."""


REQUIRED_CONTENTS = re.compile(
    r"^\W*(?:the\s+)?(?:information|documents?|documentation|items?|forms?|materials?|"
    r"attachments?)\s+required\b[^.;:]{0,80}?\s+(?:will|shall|must)\s+(?:include|consist\s+of)\b"
    # the offer's own forms or parts ("Proposal Response Forms will include the following:")
    r"|^\W*(?:the\s+)?(?:proposal|bid|offer|quote|tender)\s+(?:response\s+|submission\s+)?"
    r"(?:forms?|documents?|package|contents?|volumes?)\s+(?:will|shall|must)\s+"
    r"(?:include|consist\s+of|contain)\b",
    re.IGNORECASE,
)
"""What the submission must contain, named by the things "required" ("Information required
for online submission will include the following"): its items are the bidder's to hand in."""


OFFER_VALIDITY = re.compile(
    rf"^\W*(?:(?:the|all|each|every|your|any)\s+)?(?:{PROPOSAL_PART}|rates?|prices?|pricing)s?"
    # … and the words that say which ("Proposals submitted in response to this RFP are …")
    r"(?:\s+(?:submitted|received|offered|quoted)\b[^.;:]{0,60}?)?"
    r"\s+(?:(?:will|are\s+to|is\s+to)\s+(?:be|remain)|are|is|remain|remains)"
    r"\s+(?:valid|good|firm|binding|irrevocable|open\s+for\s+acceptance)\s+(?:for|until|through)\b"
    # prices held firm, however long ("The fee(s) will remain firm and will include all
    # charges", "Unit prices shall remain fixed.")
    r"|^\W*(?:[\w-]+\s+){0,3}?"
    r"(?:prices?|pricing|rates?|fees?)(?:\s*\(s\))?"
    r"\s+(?:will|are\s+to|is\s+to)\s+(?:be|remain)\s+(?:firm|fixed)\b(?:\s+and\b|\s*[.;,]|\s*$)"
    # or a cover page's label, after the lines before it ("… Quotes Expire: One Year from
    # Submission", "Offer Validity: 90 days")
    rf"|^[^.;]{{0,60}}?\b(?:{PROPOSAL_PART})s?\s+(?:expires?|validity(?:\s+period)?)\s*:\s*"
    rf"(?:\d+|{NUMBER_WORD})\s+(?:\(\d+\)\s+)?(?:calendar\s+|business\s+)?(?:days?|months?|years?)\b",
    re.IGNORECASE,
)
"""How long the offer holds ("Offers will be valid for one (1) year after submission",
"Proposals will remain firm for 120 days", "Rates are good for the fiscal year"): the
acceptance period the bidder commits to,
put as a fact (FAR 52.212-1(b)(11)), like "shall remain valid"."""


PRICE_INCLUDES = re.compile(
    r"\b(?:precios?|importes?|ofertas?)\b[^.;]{0,80}?\bse\s+entenderan?\s+(?:incluid|comprendid)[oa]s?\b"
    r"|\bse\s+entenderan?\s+(?:incluid|comprendid)[oa]s?\s+en\s+(?:el|los|la|las)\s+"
    r"(?:precios?|importes?|ofertas?)\b"
    r"|\b(?:prices?|pricing|rates?|fees?)\b[^.;]{0,40}?\b(?:is|are)\s+deemed\s+to\s+"
    r"(?:include|cover)\b",
    re.IGNORECASE,
)
"""What the offered price is taken to include, put without a modal ("En el precio se
entenderán incluidos el transporte y los embalajes", "Unit prices are deemed to include
all overheads"): a cost the bidder may not charge apart."""


UNNAMED_BIDDER_BEARS_COSTS = re.compile(
    r"^\W*(?:(?:igualmente|asimismo|tambien|ademas),?\s+)?"
    r"(?:asumira|asumiran|sufragara|sufragaran|correra\s+con|correran\s+con)\s+"
    r"(?:todos\s+|todas\s+)?(?:los|las|el|la)\s+(?:gastos|costes?|costos?)\b",
    re.IGNORECASE,
)
"""Costs borne by the subject of the sentence before, a pliego leaving it unsaid after the
bidder's duty ("… deberá entregar otro de similar calidad. Igualmente asumirá los gastos
por devoluciones"): with no subject of its own, the future of bearing costs is the
bidder's (the buyer, when it pays, is named)."""


_NAMES_THE_LAST_A_REQUIREMENT = (
    r"^\W*(?:this|it)\s+is\s+(?:also\s+)?a\s+(?:mandatory\s+|minimum\s+)?requirement\b"
)
NAMES_THE_LAST_A_REQUIREMENT = re.compile(_NAMES_THE_LAST_A_REQUIREMENT, re.IGNORECASE)
"""A sentence that makes the one before it a requirement ("Attachment A - Small Business
Subcontracting Plan. This is a requirement for all Offerors."): the matrix reads the two
as one statement."""


IS_A_REQUIREMENT = re.compile(
    rf"{_NAMES_THE_LAST_A_REQUIREMENT}"
    r"|\b(?:is|are)\s+a\s+(?:mandatory\s+|minimum\s+)?requirements?\s+(?:for|of)\s+"
    r"(?:all|each|every|any)\b",
    re.IGNORECASE,
)
"""A thing named a requirement ("Attachment A - Subcontracting Plan. This is a
requirement for all Offerors", "A site visit is a mandatory requirement for all
bidders")."""


ACTIVE_WILL = (
    # (a phrase set off after it: "BA will, at the direction of the CE, either return …")
    r"(?:\s+will(?:\s*,[^,.;:]{1,60},)?\s*(?::\s*(?:\(?[ivx]{1,4}\)|\(?[a-d1-4]\))?\s*)?"
    r"(?:not\s+(?!need\b))?"
    r"(?!(?:also\s+|each\s+|both\s+)?(?:be|not|receive|have|incur|face|need(?!\s+to\b))\b)"
    # (what it will need is no duty, "the contractor will require access to CUI"; what it
    # will require of its people is: "will require its employees to wear badges")
    r"(?!require\s+(?!(?:its|all|each|every|the|their|any)\s[^.;]{0,60}?\bto\s)\w)\w+"
    # the progressive ("The Proponent will be conducting a geotechnical investigation")
    r"|\s+will\s+(?:also\s+)?be\s+(?!(?:receiving|getting|facing)\b)\w+ing\b)"
)


DELIVERED_SYSTEM_WILL = re.compile(
    rf"^\W*(?:(?:Additionally|Also|Furthermore|Further),\s+|{INTRODUCTORY_PHRASE})?"
    r"(?:(?:[Tt]he|[Tt]his)\s+(?:[Nn]ew\s+|[Pp]roposed\s+|[Ff]uture\s+)?"
    r"(?:System|Solution|Platform|Application|Software)"
    # or the future system by its acronym ("A future EF-CMS will generate …")
    r"|(?:[Tt]he|[Aa])\s+(?:[Nn]ew|[Ff]uture)\s+[A-Z][A-Z0-9]+(?:-[A-Z0-9]+)*)"
    rf"(?:{ACTIVE_WILL}|\s+will\s+(?:also\s+)?be\s+(?:capable\s+of|able\s+to|compatible\s+with)\b)"
)
"""What the system the bidder builds will do, named by its defined term ("The System will
use elastic, dynamically-allocated computing resources", "The Solution will create a daily
service list", "A future EF-CMS will generate case docket sheets"), or what it will be
capable of ("The future EF-CMS will be capable of limiting …"), also after an introductory
phrase ("In addition, the System will allow …"): a requirement of the deliverable, like
"The System must …". Capitalised, as a solicitation defines the thing it buys; "the
system will be down" is the buyer's."""


DONE_BY_THE_BIDDER = re.compile(
    rf"\b(?:will|shall|must)(?:\s+not)?(?:\s+only)?{ALSO}\s+be\s+\w+(?:ed|en|de)"
    r"(?:\s+in\s+(?:writing|full|person|advance)|\s+\w+ly)?\s+by\s+"
    rf"(?:(?:the|a|an|any|each)\s+)?(?:{BIDDER})",
    re.IGNORECASE,
)
"""The bidder as the agent of a passive ("outages will be handled by the Vendor", "which
must be requested in writing by the Contractor"): its duty, whoever opens the sentence."""


BIDDER_WILL = re.compile(
    rf"\b(?:the|each|every|all|any|a|an)\s+(?:successful\s+|selected\s+|awarded\s+)?"
    rf"{BIDDER_NAME}(?:'s)?(?:\s+(?:team|staff|personnel|employees))?"
    rf"(?:\s+(?:\w+ing|assigned|employed)\b[^,.;]{{0,60}}?|\s*,[^,.;:]{{1,100}},)?{ACTIVE_WILL}"
    rf"|^\W*(?:{INTRODUCTORY_PHRASE})?(?:(?:successful|selected|awarded)\s+)?{BIDDER_NAME}"
    rf"{ACTIVE_WILL}"
    rf"|^\W*(?:[\w ]{{1,40}}:\s+)?(?:the|each|every|a|an|your)\s+{PROPOSAL_PART}s?{ACTIVE_WILL}"
    rf"|{DONE_BY_THE_BIDDER.pattern}"
    rf"|^\W*(?:if|when|where|once|whenever|should)\s+(?:the|a|an|each|any)\s+(?:{BIDDER})s?\b"
    rf"[^.;]{{0,150}}?,\s+(?:they|it|he or she|he|she){ACTIVE_WILL}"
    r"|^\W*(?:the\s+)?deliver(?:y|ies)\b[^.;:]{0,80}?\s+will\s+(?:occur|be made|take place)\b"
    # a mutual undertaking, which binds the bidder as one of the parties ("Neither party will
    # assign its rights without the other's consent", "Each party will bear its own costs")
    # or all the parties to the contract agree to ("All parties to this Contract agree to
    # not discriminate …")
    rf"|(?:^\W*(?:{INTRODUCTORY_PHRASE})?|,\s+|\bagree\s+that\s+)"
    r"(?:(?:neither|each|either|both)\s+(?:of\s+the\s+)?"
    r"part(?:y|ies)|all\s+(?:the\s+)?parties\s+to\s+th(?:is|e)\s+(?:contract|agreement)"
    # (whichever of them breaches, or does not: "the nonbreaching party will take reasonable
    # steps to get the breaching party to cure the breach")
    r"|the\s+(?:non-?)?(?:breaching|defaulting)\s+party)"
    rf"(?:{ACTIVE_WILL}|\s+(?:also\s+)?(?:agrees?|undertakes?)\s+(?:not\s+)?to\b)"
    # the bidder first among the parties that will act together ("The Contractor and the COR
    # will meet weekly", "the vendor, GSA TTS team, and DOL WHD will work together …")
    rf"|^\W*(?:{INTRODUCTORY_PHRASE})?(?:the\s+)?{BIDDER_NAME}(?:\s*,\s*(?:the\s+)?[\w ]{{1,30}}?)"
    rf"{{0,3}},?\s+and\s+(?:the\s+)?[\w ]{{1,30}}?{ACTIVE_WILL}"
    # the role it takes on for the buyer ("The Contractor will be the single point of
    # contact for all orders"), a duty as "will serve as" is
    rf"|^\W*(?:the\s+)?{BIDDER_NAME}\s+will\s+(?:also\s+)?be\s+(?:a|an|the)\s+(?:[\w-]+\s+){{0,3}}?"
    r"(?:liaison|point\s+of\s+contact|contact|representative|coordinator)\b"
    # the people it proposes ("The personnel named in the technical proposal will remain
    # assigned to the project")
    r"|^\W*(?:the\s+|all\s+)?(?:key\s+|proposed\s+)?personnel\b[^.;:]{0,60}?\s+will\s+"
    r"(?:remain|be\s+(?:assigned|available|dedicated))\b",
    re.IGNORECASE,
)
"""The bidder (or its team, bidders in the plural opening the sentence: "Offerors will
submit …", or its proposal opening the sentence) as the subject of "will" + an active verb,
or as the agent of a passive ("outages will be handled by the Vendor"), or named in the
condition a pronoun then stands for ("If the contractor needs a change, they will submit a
request …"), or its delivery opening the sentence ("Delivery of all software will occur by
pull request …", the supplier's act): a commitment the buyer holds it to (not "the
contractor will be paid", "will receive", "will not have access", "the proposal will be
evaluated")."""


DELIVERY_PERIOD = re.compile(
    r"\bel\s+plazo\s+(?:maximo\s+)?de\s+(?:entrega|ejecucion)\s+(?:es|sera)\s+"
    r"(?:de\s+|dentro\s+de\s+|como\s+maximo\s+)[^.;]{0,20}?\d"
    # … or as a cover sheet's label and its value ("Plazo de entrega: Dentro de los 20 días
    # corridos de recibida la OC"), like an English "Proposals due: …" (``DEADLINE``)
    r"|\bplazo\s+(?:maximo\s+)?de\s+(?:entrega|ejecucion)\s*:\s*[^.;:]{0,25}?\d"
    # … or the value alone, under its heading ("1.- Forma, plazo y lugar de entrega:" /
    # "Dentro de los 20 días corridos de recibida la OC."): counted from the order received
    r"|^\W*dentro\s+de\s+los\s+\d+\s+(?:\(\w+\)\s+)?dias\s+(?:corridos\s+|habiles\s+)?"
    r"(?:de|desde)\s+(?:recibida|la\s+recepcion\s+de)\s+la\s+(?:oc|orden\s+de\s+compra)\b",
    re.IGNORECASE,
)
"""The delivery period a pliego sets, put as a fact ("El plazo de entrega es dentro de los 20
días corridos de recibida la OC") or as a label's value: the time the supplier has."""


SPANISH_PROHIBITION = re.compile(
    # (not a sanction the buyer applies to it: "no podrán adjudicársele nuevos contratos")
    r"\btampoco (?:puede|pueden|podra|podran)\b|"
    rf"\b(?:{BIDDER})(?:e?s)?\b[^.;]{{0,80}}?\bno (?:puede|pueden|podra|podran)\b"
    r"(?! \w+(?:sele|seles)\b)"
    r"|\bno se (?:puede|podra|podran) (?:suministrar|presentar|entregar|subcontratar|ceder|"
    r"ofertar|sustituir|utilizar|emplear|alegar|invocar|aducir)\b",
    re.IGNORECASE,
)
"""A Spanish "may not" that binds the bidder: named before it ("Cada licitador no podrá
presentar más de una proposición") or left impersonal before a bidder's act ("No se podrá
suministrar ningún material …"); the buyer's "no se podrá divulgar" and a cap ("La penalidad
no podrá superar …") are not."""


SPANISH_DETERMINER = r"(?:el|la|los|las|cada|todo|toda|todos|todas|dicho|dicha|dichos|dichas)"


_SPANISH_FUTURE = (
    r"\s+(?:no\s+)?(?:(?:se|le|les|lo|la|los|las)\s+)?"
    r"(?!(?:podr|habr)[aá]n?\b|tendr[aá]n?\s+derecho\b)[a-zñáéíóú]+rán?\b"
)


SPANISH_BIDDER_OPENS = rf"(?:{SPANISH_DETERMINER}\s+)?(?:{BIDDER})(?:e?s)?\b"
"""The bidder named where a Spanish clause opens ("la empresa adjudicataria", "los
licitadores"), as the subject of the verb that follows."""


BIDDER_FUTURE = re.compile(
    rf"(?:^[\W\d]*|[,;:]\s*|\by\s+){SPANISH_BIDDER_OPENS}"
    rf"(?:\s+[a-zñáéíóú]+){{0,2}}?(?:\s*,[^,.;:]{{1,80}},)?{_SPANISH_FUTURE}"
    rf"|\b(?:{BIDDER})(?:e?s)?,?\s+que{_SPANISH_FUTURE}"
    # the offer itself, as the pliego prescribes its form ("Las proposiciones constarán en un
    # sobre único")
    rf"|^[\W\d]*(?:las|los|la|el|cada)\s+(?:proposici[oó]n(?:es)?|ofertas?|propuestas?|sobres?)\b"
    rf"{_SPANISH_FUTURE}",
    re.IGNORECASE,
)
"""The bidder as the subject of a Spanish future, the pliego's way to command ("La empresa
adjudicataria aportará la formación necesaria", "los licitadores harán constar …", "…, al
proveedor, que procederá a retirarlos"), like the English "the contractor will …"
(``BIDDER_WILL``); the accent tells the future from the subjunctive ("si el contratista
presentara …"). Not "podrá" (advice), "habrá" (a fact) or "tendrá derecho" (what the
bidder receives)."""


UNACCENTED_BIDDER_FUTURE = re.compile(
    rf"(?:^[\W\d]*|[,;:]\s*){SPANISH_BIDDER_OPENS}"
    r"(?:\s+(?:del\s+(?:presente\s+)?contrato|adjudicatari[oa]s?))?"
    r"\s+(?:no\s+)?(?:(?:se|le|les|lo|los|las)\s+)?"
    r"(?!(?:primera|tercera|manera|madera|carrera|frontera|escalera|bandera|cartera|entera|"
    r"ligera|somera|severa|sincera|austera|cualquiera)\b)"
    r"[a-zñ]{3,}(?:ar|(?<!i)er|ir)an?\b",
    re.IGNORECASE,
)
"""The bidder's future written without its accent ("El adjudicatario del contrato las
realizara según las especificaciones", "…, la empresa adjudicataria entregara el pedido"):
the subject opens the sentence or a clause and the verb follows it at once, where Spanish
has no subjunctive of its own (``BIDDER_FUTURE``); the infinitive and its "a" ("realizar"
+ "a") tell a future from a noun ("la primera fase")."""
GOODS_FUTURE = re.compile(
    rf"^[\W\d]*(?:asimismo,?\s+)?{SPANISH_DETERMINER}\s+(?:[a-z]+\s+){{0,3}}?"
    r"(?:plantas?|articulos?|materiales?|productos?|bienes|equipos?|unidades|suministros?|"
    r"mercancias?|repuestos?)\b[^.;:]{0,60}?\s+"
    r"(?:sera|seran|tendra|tendran|estara|estaran|cumplira|cumpliran|dispondra|dispondran|"
    r"llevara|llevaran|iran?)\b"
    # not a passive the buyer is the agent of ("Los productos serán abonados por el CEE")
    rf"(?!\s+[a-z]+(?:ad|id)[oa]s?\s+por\s+(?!(?:parte\s+)?(?:del?|el|la|las|los)\s+(?:{BIDDER})))",
    re.IGNORECASE,
)
"""The goods as the subject of a Spanish future, a technical pliego's way to specify them
("Las dimensiones de estas plantas serán como mínimo las especificadas", "Los equipos
tendrán una garantía de dos años"), matched on accent-folded text: what the bidder
supplies must be so."""


SPANISH_OPENING_CONDITION = re.compile(
    r"^\W*(?:si|cuando|aunque|en\s+caso\s+de\s+que|siempre\s+que|salvo\s+que|"
    r"a\s+menos\s+que)\b",
    re.IGNORECASE,
)
"""A condition opening the sentence ("Si, por cualquier causa, el contratista presentara
…"), whose verb is a subjunctive."""


def _unaccented_bidder_future(sentence: str) -> bool:
    """The bidder as the subject of a future written without its accent
    (``UNACCENTED_BIDDER_FUTURE``), outside a condition the sentence opens with."""
    found = UNACCENTED_BIDDER_FUTURE.search(sentence)
    return bool(found) and not SPANISH_OPENING_CONDITION.match(sentence[: found.start() + 1])


FOR_INFORMATION = re.compile(r"\bfor (?:more|further|additional) information\b", re.I)
"""A pointer to more reading ("For more information, please …"), not an instruction."""


def _not_a_duty(folded: str, unheaded: str) -> bool:
    """The buyer's right, what the bidder receives, the contract's policy or a term of the
    contract itself, when the sentence puts no duty on the bidder besides (its own "shall",
    or a request: "… will not be considered, therefore, please send your
    questions by e-mail")."""
    if has_bidder_duty(folded) or _obligations().request.search(folded):
        return False
    # an instruction whose object is a term of the contract ("Ensure that all deliverables
    # will be the property of the Government"): the bidder is told to see to it
    if DONE_BY_THE_BIDDER.search(folded) or _instructs(folded, unheaded):
        return False
    if OFFER_NOT_ACCEPTED_PATTERN.search(folded) or ONLY_THOSE_CONSIDERED.match(folded):
        return False
    return bool(
        BUYERS_RIGHT.search(folded)
        or TO_THE_BIDDER.search(folded)
        or SPANISH_BIDDER_ACTED_ON.search(folded)
        or done_by_the_buyer().search(folded)
        or buyers_part_described().search(folded)
        or states_a_contract_term(folded, unheaded)
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
    "Deliver a test report after each phase"): a verb of instruction opens the sentence, or
    its main clause after an introductory phrase ("If awarded, submit the certificate", "For
    each project named above, list its dates")."""
    requirement_label: re.Pattern[str]
    """A label heading a list of requirements ("Minimum Qualifications:", "8.1 Mandatory
    Requirements:"), alone or run in before its first item."""
    request: re.Pattern[str]
    """An instruction put as a request ("Please describe the team's experience", "If you
    need a sign interpreter, please notify the buyer"), also where an answer quotes it ("as
    the RFP states: Please list two references"); not "Please note that …"."""


ADVERB_OPENING = (
    r"(?:(?:[A-Z][a-z]+ly|Also)\s+|(?:[A-Z][a-z]+ly|Also|Therefore|However|Thus|Hence|"
    r"Furthermore|Moreover|Otherwise|Instead|Likewise|Again),\s+)"
)
"""An adverb opening an instruction ("Clearly describe …", "Specifically address …", "Also
ensure you …"), or a connective set off by its comma ("Therefore, provide your best
rates", "Additionally, list …"): the imperative follows it in lower case."""


MANNER_ADVERB = (
    r"(?!(?:Early|Only|Daily|Weekly|Monthly|Quarterly|Yearly|Hourly|Nightly|Timely|Likely|"
    r"Family|Supply|Apply|Reply|Italy)\s)[A-Z][a-z]+ly\s+"
)
"""An adverb of manner opening a sentence ("Fully", "Clearly"), not an adjective or a noun
that ends the same way ("Early report", "Monthly report", "Supply")."""


OBJECT_OPENING = (
    r"(?:the|a|an|all|each|every|any|your|its|their|this|these|those|such|how|what|whether|"
    r"why|when|where|which|who|one|both|either)"
)
"""Words that open the object of a verb that is also a noun: "Address the following",
"Document all changes", "Report the status monthly" are instructions; "Address of the
offeror", "Report Format" are not."""


TITLED_OBJECT = r"(?:[A-Z][a-z]+|[A-Z]{2,6}(?:['’]?s)?)(?:\s+\S+){3,}[^.]*\.\s*$"
"""An object in title case or an acronym in a sentence of five words or more with its full
stop ("Conduct Geotechnical Investigation and Provide the report to the Owner.", "Assist
DHS staff in migrating the applications to the cloud."): an instruction, where a title has
no full stop ("Submit Proposal")."""


DOCUMENT_PART = (
    r"(?:Attachments?|Exhibits?|Appendix|Appendices|Annex(?:es)?|Forms?|Schedules?|Sections?|"
    r"Addend(?:um|a)|Volumes?|Tabs?)\s+(?:[A-Z]{1,2}|\d{1,3}|[IVX]{1,5})\b"
)
"""A part of the solicitation named by its letter or number ("Attachment A", "Form 3"): an
instruction's object though capitalised ("Return Attachment A"), where "Submit Proposal"
is a title."""


EMPHASISED_QUESTION_WORD = r"(?:HOW|WHAT|WHY|WHEN|WHERE|WHICH|WHO)\b"
"""A question word in capitals for emphasis after an imperative ("Detail HOW you would
approach each case study"): its object, as a lower-case one would be."""
VERB_AS_NOUN = r"(?:of|is|are|was|were|will|shall|may|must|should|can)"
"""Words after which even a verb of instruction names a thing ("List of attachments",
"Outline of the proposal", "Return is free"); before a preposition it instructs ("Comply
with all laws", "Respond to each question", "Include as attachments …", "Propose or
indicate …")."""


CLAUSE_IN_A_PHRASE = (
    r"[A-Z][^.;:]{0,200}?,\s+(?:the|this|these|its|our|their)\s+(?:[\w-]+\s+){1,2}?"
    r"(?:is|are|was|were|will|shall|does|do|has|have|may|must|can|[a-z]+s)\b"
)
"""An opening followed by a main clause ("For this reason, the Government is not obligated
to …, conduct discussions …", "If two offerors propose one person, the Agency reserves the
right …, confirm …"): a verb after a later comma is that clause's, not an imperative after
an introductory phrase."""


UNPUNCTUATED_CONDITION = (
    r"^\W*(?:If|When|Where|Once)\s+[^,.;:]{1,150}?\s"
    r"(?<!\bto\s)(?<!\bnot\s)(?<!\bwill\s)(?<!\bshall\s)(?<!\bmust\s)(?<!\bmay\s)(?<!\bcan\s)"
    r"(?<!\bdoes\s)(?<!\bdo\s)(?<!\band\s)(?<!\bor\s)(?<!\byou\s)(?<!\bthey\s)(?<!\bwe\s)"
    r"(?<!\bwho\s)(?<!\bthat\s)(?<!\bwhich\s)(?<!\bit\s)"
    # (nor the verb of the bidders the condition names: "If multiple Offerors propose …")
    + "".join(
        rf"(?<!\b(?i:{word}{plural})\s)"
        for word in ("offeror", "vendor", "bidder", "proposer", "contractor", "quoter")
        for plural in ("", "s")
    )
)
"""A condition opening a sentence without its comma, up to the verb after it: the main
clause's imperative follows in lower case."""


def _factored_idioms(idioms: list[str], bidder: str) -> str:
    """The idioms as one alternation, those that open with the bidder sharing one match of
    its names: a search tries the long alternation of names once at each word, not once
    for each idiom (the idioms are read for a yes or no, so the grouping changes no
    answer)."""
    gap = r"[^.;]{0,120}?"
    led = [p.removeprefix("{bidder}") for p in idioms if p.startswith("{bidder}")]
    others = [p for p in idioms if not p.startswith("{bidder}")]
    alternatives = [f"(?:{p.replace('{bidder}', bidder).replace('{gap}', gap)})" for p in others]
    tails = "|".join(f"(?:{p.replace('{bidder}', bidder).replace('{gap}', gap)})" for p in led)
    return "|".join([f"{bidder}(?:{tails})", *alternatives] if led else alternatives)


@cache
def _obligations() -> Obligations:
    table = load_vocabulary_file("obligations.toml")
    unnamed = [p for p in table["on_the_bidder"] if "{bidder}" not in p]
    if unnamed:  # _strength asks NAMES_THE_BIDDER before these idioms
        raise ValueError(
            f"obligations.toml: an on_the_bidder idiom must name {{bidder}}: {unnamed}"
        )
    bidder = (
        rf"(?:(?:the|each|every|all|any|a|an)\s+)?"
        rf"(?:(?:prospective|potential|interested|successful|selected|awarded)\s+)?(?:{BIDDER})(?:e?s)?"
    )
    idioms = _factored_idioms(table["on_the_bidder"], bidder)
    informational = "|".join(
        re.escape(words).replace("\\ ", r"\s+") for words in table["informational_requests"]
    )
    verbs = "|".join(table["imperative_verbs"])
    lower = "|".join(v.lower() for v in table["imperative_verbs"])
    also_nouns = "|".join(table["imperative_verbs_also_nouns"])
    also_nouns_lower = also_nouns.lower()
    opening = rf"^\W*(?!{CLAUSE_IN_A_PHRASE})(?:{INTRODUCTORY_PHRASE}|{ADVERB_OPENING})"
    return Obligations(
        on_the_bidder=re.compile(rf"\b(?:{idioms})", re.IGNORECASE),
        imperative=re.compile(
            # a prohibition put as an instruction ("Do not amend any item of the form")
            rf"(?:^\W*(?:{opening})?(?:Do|do)\s+not|^\W*(?:{verbs}),?|{opening}(?:{lower}))\s+(?!{VERB_AS_NOUN}\b)"
            rf"(?:[a-z0-9]|{DOCUMENT_PART}|{TITLED_OBJECT}|{EMPHASISED_QUESTION_WORD})"
            rf"|(?:^\W*(?:{also_nouns})|{opening}(?:{also_nouns_lower}))\s+{OBJECT_OPENING}\b"
            # a verb whose object is the list after its colon ("At a minimum, provide:",
            # "Include:"), alone or joined to an item; not a noun's label ("Support:")
            rf"|(?:^\W*(?:{verbs})|{opening}(?:{lower}))\s*:(?:\s*$|\s+(?=[A-Z0-9(“\"]))"
            # after a manner adverb, a word that is a verb or a noun is the verb ("Fully
            # document data insertion issues"): no adverb qualifies a noun
            rf"|^\W*{MANNER_ADVERB}(?:{also_nouns_lower})\s+[a-z]"
            # after a condition whose comma was left out ("If your firm is certified by the
            # DSBSD provide your certification number"), not a verb the condition's own
            # subject or modal takes ("If the vendor fails to provide the report, …")
            rf"|{UNPUNCTUATED_CONDITION}(?:{lower})\s+{OBJECT_OPENING}\b"
            # a verb joined to one of instruction ("Review and/or develop detailed plans",
            # "Grade/landscape the lot and construct the building")
            rf"|^\W*[A-Z][a-z]+(?:\s+and/or\s+|\s+or\s+|\s*/\s*)(?:{lower}|{also_nouns_lower})\s+"
            rf"(?!{VERB_AS_NOUN}\b)[a-z]"
            # or the last of a series of verbs, before its object's article ("Enhance,
            # implement, and manage the engineering processes"); not a series of nouns
            # ("Planning, design, and review processes")
            rf"|^\W*[A-Z][a-z]+(?:,\s+[a-z]+){{1,3}},?\s+(?:and|or|and/or)\s+(?:{lower})\s+"
            r"(?:the|a|an|all|any|each|its|their)\s"
        ),
        requirement_label=re.compile(
            rf"^\W*(?:\d+(?:\.\d+)*\.?\s+)?{NOTICE.pattern}?"
            rf"(?:{'|'.join(table['requirement_labels'])})\s*:",
            re.IGNORECASE,
        ),
        request=re.compile(
            rf"(?:^\W*(?:\w+\W+){{0,6}}?|[:;,]\s*)please\s+(?!(?:{informational})\b)"
            # not a request left to the reader's wish ("Please subscribe to the repository
            # if your firm would like updates")
            rf"(?![^.;]*\bif\s+{READERS_WISH})[a-z]",
            re.IGNORECASE,
        ),
    )
