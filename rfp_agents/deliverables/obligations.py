"""How strongly a statement binds the bidder: ``mandatory``, ``advisory`` or not at all.

The compliance matrix (``matrix/``) lists the statements this module says bind the bidder.
``decide`` asks the rules (data in ``rules/``: verbs of obligation and advice, what the
bidder "will" do, duties put without a modal, English and Spanish) in explicit phases, and
names the rule that decided (``docs/rules.md``). Not binding: statements of information, of
what the buyer or its officials do (``buyer.py``), the buyer's rights, what the bidder
receives, the contract's own terms (``contract_terms.py``), the document describing itself,
and questions (a Q&A's included), unless the buyer answered one that asks what is needed
with a bare yes (``confirmed_strength``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Literal, NamedTuple

from rfp_agents.deliverables import rules
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
from rfp_agents.deliverables.instructions import instruction_patterns
from rfp_agents.deliverables.wording import (
    ALSO,
    BE_VERB,
    BIDDER,
    CLAUSE_NUMBER,
    LEADING_HEADING,
    NAMES_THE_BIDDER,
    OPENING_CONDITION,
    RUN_IN_LABEL,
    buyer_names,
    has_bidder_duty,
    served_names,
)
from rfp_agents.text import ITEM_MARKER, fold_accents

Strength = Literal["mandatory", "advisory"]

# The rules' patterns (``rules/``), bound to the names the phases below ask them by.
MANDATORY_VERBS = rules.family("modal")
PERMISSIVE_VERBS = rules.family("permissive")
BIDDER_WILL_VERBS = rules.family("bidder_will")
IMPERSONAL_NEED = rules.pattern("modal.necessary")
REQUIRES_THE_BIDDER_PATTERN = rules.pattern("modal.requires-the-bidder")
OFFER_NOT_ACCEPTED_PATTERN = rules.pattern("modal.offer-not-accepted")
DONE_BY_THE_BIDDER = rules.pattern("will.done-by-bidder")
QUESTION = rules.pattern("not-binding.question")
DESCRIBES_THE_DOCUMENT = rules.pattern("not-binding.describes-the-document")
NEGATED_EXPECTATION = rules.pattern("not-binding.negated-expectation")
FORM_CHOICE = rules.pattern("not-binding.form-choice")
FAILURE_MAY = rules.pattern("warning.failure-may")
OPTIONAL_ITEM = rules.pattern("warning.optional-item")
LENGTH_LIMIT = rules.pattern("duty.length-limit")
AT_MOST = rules.pattern("duty.at-most")
ONLY_PERMITTED = rules.pattern("duty.only-permitted")
ONLY_WITH_CONSENT = rules.pattern("duty.only-with-consent")
STATES_THE_REQUIREMENT = rules.pattern("duty.requirement-stated")
SOUGHT_WITH_A_MINIMUM = rules.pattern("duty.sought-with-minimum")
NEEDS_TO = rules.pattern("duty.needs-to")
ONLY_THOSE_CONSIDERED = rules.pattern("duty.only-those-considered")
DEADLINE = rules.pattern("duty.deadline")
WORK_DUE = rules.pattern("duty.work-due")
DEADLINE_IS = rules.pattern("duty.deadline-is")
OFFER_VALIDITY = rules.pattern("duty.offer-validity")
IS_A_REQUIREMENT = rules.pattern("duty.named-a-requirement")
REQUIRED_CONTENTS = rules.pattern("duty.required-contents")
DELIVERED_SYSTEM_WILL = rules.pattern("duty.system-will")
MANDATORY_MEETING = rules.pattern("duty.mandatory-meeting")
AMENDED_TO_READ = rules.pattern("duty.amended-to-read")
DOCUMENT_TO_HAND_IN = rules.pattern("duty.document-to-hand-in")
MINIMUM_COVERAGE = rules.pattern("duty.minimum-coverage")
SO_STATE = rules.pattern("duty.so-state")
LABELLED_DOCUMENT_MADE = rules.pattern("duty.labelled-document")
PERFORMANCE_STANDARD = rules.pattern("duty.performance-standard")
SPANISH_PROHIBITION = rules.pattern("duty.es-prohibition")
BIDDER_FUTURE = rules.pattern("duty.es-bidder-future")
UNACCENTED_BIDDER_FUTURE = rules.pattern("duty.es-unaccented-bidder-future")
PRICE_INCLUDES = rules.pattern("duty.es-price-includes")
DELIVERY_PERIOD = rules.pattern("duty.es-delivery-period")
UNNAMED_BIDDER_BEARS_COSTS = rules.pattern("duty.es-bears-costs")
GOODS_FUTURE = rules.pattern("duty.es-goods-future")
NAMES_THE_LAST_A_REQUIREMENT = re.compile(
    rules.fragment("names_the_last_a_requirement"), re.IGNORECASE
)
"""A sentence that makes the one before it a requirement ("Attachment A - Small Business
Subcontracting Plan. This is a requirement for all Offerors."): the matrix reads the two
as one statement."""
QUANTITY_FIGURE = re.compile(rf"\d|\b{rules.fragment('number_word')}\b", re.IGNORECASE)
"""A figure of a standard: digits or a small number written out. Narrower than the
answerer's ``question_focus.QUANTITY`` on purpose: "at least once per year" is a habit of the
buyer's, not a standard the bidder meets."""


MAX_STANDARD_CHARACTERS = 200
"""A performance standard is a table cell's words, not a paragraph."""


FINITE_VERB = re.compile(
    r"\b(?:is|are|was|were|be|been|has|have|had|will|would|can|could|does|do|did)\b", re.I
)


class Decision(NamedTuple):
    """How strongly a statement binds the bidder, and the rule that decided it
    (``rules/``): its id, and the words its pattern matched ("" for a rule decided in code
    that names no words)."""

    strength: Strength | None
    rule: str
    matched: str = ""


NO_RULE = "none"
"""The rule of a statement no rule decided: it states information."""


def strength_of(
    sentence: str,
    in_questions_and_answers: bool = False,
    in_standards_table: bool = False,
    buyer_aliases: frozenset[str] = frozenset(),
    bidder_aliases: frozenset[str] = frozenset(),
) -> Strength | None:
    """``mandatory``, ``advisory`` or None (``decide``'s strength)."""
    return decide(
        sentence, in_questions_and_answers, in_standards_table, buyer_aliases, bidder_aliases
    ).strength


def decide(
    sentence: str,
    in_questions_and_answers: bool = False,
    in_standards_table: bool = False,
    buyer_aliases: frozenset[str] = frozenset(),
    bidder_aliases: frozenset[str] = frozenset(),
) -> Decision:
    """The strength of ``sentence`` and the rule that decided it: ``mandatory``,
    ``advisory`` or None (a statement of information, or of what the buyer will do:
    ``binds_the_buyer``). In a Q&A a request ("Please provide …") may be the vendor's, so
    it is no requirement there. In a performance-standards table a cell stated as a fact is
    a standard the bidder meets (``_states_a_standard``). ``buyer_aliases`` are the
    document's own names for its buyer (``buyer_aliases``), ``bidder_aliases`` the names it
    defines for its bidder (``defined_names.bidder_aliases``), each read as its role."""
    if buyer_aliases:
        sentence = buyer_by_its_role(sentence, buyer_aliases)
    if bidder_aliases:
        sentence = bidder_by_its_role(sentence, bidder_aliases)
    folded = fold_accents(sentence)
    decision = _decide(sentence, folded, in_questions_and_answers)
    if decision.strength is None and in_standards_table and _states_a_standard(folded):
        return _decision("context.standards-table-cell", True)
    return _in_its_own_words(decision, sentence, folded)


def _in_its_own_words(decision: Decision, sentence: str, folded: str) -> Decision:
    """The matched words as the sentence prints them (the rules read it accent-folded:
    "deberán", not "deberan")."""
    at = folded.find(decision.matched) if decision.matched else -1
    if at < 0 or len(folded) != len(sentence):
        return decision
    return decision._replace(matched=sentence[at : at + len(decision.matched)])


def _decision(rule_id: str, found: re.Match[str] | bool) -> Decision:
    """The verdict of the rule ``rule_id`` (its ``verdict`` in the registry), with the words
    it matched."""
    verdict = rules.rule(rule_id).verdict
    matched = found.group(0).strip() if isinstance(found, re.Match) else ""
    return Decision(None if verdict == "not_binding" else verdict, rule_id, matched)


def _first(
    checks: Iterable[tuple[str, Callable[[], re.Match[str] | bool | None]]],
) -> Decision | None:
    """The decision of the first check that finds its words, in order."""
    for rule_id, check in checks:
        if found := check():
            return _decision(rule_id, found)
    return None


def _decide(sentence: str, folded: str, in_questions_and_answers: bool) -> Decision:
    """The phases, in order: what binds no one (a question, the document describing itself,
    the buyer's acts and rights), then the duties put without a verb of obligation, then
    the instructions, then the verbs (``_verb_decision``). The first rule that fires
    decides."""
    if is_question(folded):
        if _answered_by_the_bidder(folded):
            return _decision("duty.answered-question", True)
        return _decision("not-binding.question", QUESTION.search(folded.strip()) or True)
    unheaded = _unheaded(folded)
    early = _first(
        [
            ("not-binding.describes-the-document", lambda: DESCRIBES_THE_DOCUMENT.match(folded)),
            ("not-binding.buyers-minutes", lambda: THE_BUYERS_MINUTES.match(folded)),
            ("not-binding.negated-expectation", lambda: NEGATED_EXPECTATION.match(unheaded)),
            ("warning.failure-may", lambda: FAILURE_MAY.match(folded)),
            ("warning.optional-item", lambda: OPTIONAL_ITEM.search(folded)),
        ]
    )
    if early:
        return early
    obligations = instruction_patterns()
    # the bidder's promise binds whatever it goes on to say ("the Contractor agrees to …
    # include the clauses in every subcontract, so that they will be binding upon each
    # subcontractor") and whoever opens the sentence ("La Administración podrá exigir
    # ensayos, que serán a cuenta del adjudicatario"): asked before the buyer's acts and
    # the terms of the contract
    if NAMES_THE_BIDDER.search(folded) and (found := obligations.on_the_bidder.search(folded)):
        return _decision("duty.bidder-idiom", found)
    # what the buyer requires, also after a run-in label ("A42: The Court expects …")
    requires = buyer_requires().search(folded) or (
        unheaded != folded and buyer_requires().search(unheaded)
    )
    if binds_the_buyer(folded) and not (requires or DONE_BY_THE_BIDDER.search(folded)):
        return _decision("not-binding.binds-the-buyer", True)
    not_binding = _first(
        [
            ("not-binding.duty-of-the-served", lambda: _duty_of_the_served().match(unheaded)),
            ("not-binding.buyer-act", lambda: BUYER_ACT.match(unheaded)),
            ("not-binding.form-choice", lambda: FORM_CHOICE.search(folded)),
            ("not-binding.not-a-duty", lambda: _not_a_duty(folded, unheaded)),
        ]
    )
    if not_binding:
        return not_binding
    duty = _first(
        [
            ("duty.requirement-label", lambda: obligations.requirement_label.match(folded)),
            ("duty.buyer-requires", lambda: requires),
            ("duty.length-limit", lambda: LENGTH_LIMIT.search(folded)),
            ("duty.at-most", lambda: AT_MOST.search(folded)),
            ("duty.only-permitted", lambda: ONLY_PERMITTED.search(folded)),
            ("duty.only-with-consent", lambda: ONLY_WITH_CONSENT.search(folded)),
            ("duty.requirement-stated", lambda: STATES_THE_REQUIREMENT.match(unheaded)),
            ("duty.sought-with-minimum", lambda: SOUGHT_WITH_A_MINIMUM.search(folded)),
            ("duty.needs-to", lambda: NEEDS_TO.match(unheaded)),
            ("duty.only-those-considered", lambda: ONLY_THOSE_CONSIDERED.match(unheaded)),
        ]
    )
    if duty:
        return duty
    if not in_questions_and_answers:
        instruction = _instruction_decision(folded, unheaded)
        if instruction:
            return instruction
    decision = _modal_decision(sentence, folded)
    if decision is None and (found := AMENDED_TO_READ.search(folded)):
        return _decision("duty.amended-to-read", found)
    return decision or Decision(None, NO_RULE)


def _instruction_decision(folded: str, unheaded: str) -> Decision | None:
    """An instruction or the buyer's request, not a pointer to more reading; a document or a
    line of insurance named in a phrase of its own."""
    if not FOR_INFORMATION.search(folded):
        instructed = _instruction(folded, unheaded)
        if instructed:
            return _decision(*instructed)
        if found := buyer_asks().search(folded):
            return _decision("duty.buyer-asks", found)
    return _first(
        [
            ("duty.document-to-hand-in", lambda: _names_a_document_to_hand_in(unheaded)),
            ("duty.minimum-coverage", lambda: _names_a_minimum_coverage(unheaded)),
        ]
    )


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


SPANISH_FINITE_VERB = re.compile(
    r"\b(?:es|son|sera|seran|fue|esta|estan|hay|ha|han|debe|deben|debera|deberan|tiene|"
    r"tienen|podra|podran|se\s+\w+)\b",
    re.IGNORECASE,
)


def _names_a_minimum_coverage(unheaded: str) -> re.Match[str] | None:
    """A line of insurance with its least amount, in a phrase of its own with no verb
    (``MINIMUM_COVERAGE``): "The County's policy provides at least …" says a fact."""
    found = MINIMUM_COVERAGE.match(unheaded)
    if found and not (FINITE_VERB.search(unheaded) or has_modal_verb(unheaded)):
        return found
    return None


def _names_a_document_to_hand_in(unheaded: str) -> re.Match[str] | None:
    """A document named in a sentence of its own, with no verb (``DOCUMENT_TO_HAND_IN``):
    "Copies of the evaluations will be retained in the file" says a fact. A Spanish one may
    go on in a relative clause ("…, en la que se contenga …"); its first clause has none."""
    found = DOCUMENT_TO_HAND_IN.match(unheaded)
    if not (found and unheaded.rstrip().endswith(".")):
        return None
    if not found.group("spanish"):
        return None if FINITE_VERB.search(unheaded) else found
    first_clause = re.split(r"[,;:(]", unheaded, maxsplit=1)[0]
    return None if SPANISH_FINITE_VERB.search(first_clause) else found


def heads_requirements(sentence: str) -> bool:
    """True when ``sentence`` opens with a label of a list of requirements ("Minimum
    Qualifications:"): the label alone, or an item under it ("Minimum Qualifications: Five
    years in business")."""
    return bool(instruction_patterns().requirement_label.match(fold_accents(sentence)))


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
    return _instruction(folded, unheaded) is not None


def _instruction(folded: str, unheaded: str) -> tuple[str, re.Match[str]] | None:
    """The rule and the words of a request, or of an imperative that is not how the buyer
    checks the work ("Review by the liaison staff (monthly)", a QASP's method:
    ``SURVEILLANCE_METHOD``) nor a criterion it scores ("Demonstrate ability to work as a
    team. [ 10 ]": ``SCORED_CRITERION``)."""
    if found := instruction_patterns().request.search(folded):
        return "duty.instruction", found
    imperative = instruction_patterns().imperative.match(unheaded)
    if (
        imperative
        and not SURVEILLANCE_METHOD.match(unheaded)
        and not SCORED_CRITERION.search(unheaded)
        and not AIM_LABEL.match(_unmarked(folded))
    ):
        return "duty.instruction", imperative
    if found := SO_STATE.match(unheaded):
        return "duty.so-state", found
    if found := LABELLED_DOCUMENT_MADE.match(_unmarked(folded)):
        return "duty.labelled-document", found
    return None


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


QUESTION_NUMBER = r"(?:Q\s?\d+|Question\s?\d+)\s*[:.)-]"
"""A Q&A's question number ("Q7:", "Question 12.")."""


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
    fact of the evaluation). The answer after the question's "?" is not read: a yes with its
    terms ("Yes, we are willing to meet that need") says nothing of what was asked."""
    asked = question[: question.rfind("?") + 1] or question
    return "mandatory" if ASKS_FOR_A_NEED.search(fold_accents(asked)) else None


def has_modal_verb(sentence: str) -> bool:
    """True when the sentence's own verbs oblige or advise ("shall", "must", "should", "is
    required to", what the bidder "will" do); a performance standard's measure ("within seven
    days") is not a verb, nor the buyer's discretion that qualifies a thing ("Such other
    insurance as the County may reasonably require", an item of the insurance list), nor a
    statement the item asks for ("Cover letter … to confirm that the Applicant shall comply
    with the terms": what the letter says, not a verb of the item's)."""
    folded = REPORTED_STATEMENT.sub("", buyer_discretion().sub("", fold_accents(sentence)))
    return _verb_decision(REPORTED_STATEMENT.sub("", sentence), folded) is not None


REPORTED_STATEMENT = re.compile(
    r"\b(?:confirm|certify|state|affirm|acknowledge|attest|declare)(?:s|ing)?\s+that\b[^.;]*"
    # an item that is the that-clause of its lead-in's verb ("… a Proponent agrees:" then
    # "2.2.1.6 that it shall not be entitled to claim against the County")
    r"|^\W*(?:\d+(?:\.\d+)*\.?\s+|\(?[a-z0-9]{1,3}[.)]\s+)?that\s[^.;]*",
    re.IGNORECASE,
)


def _modal_decision(sentence: str, folded: str) -> Decision | None:
    """The strength the sentence's verbs give, whoever they bind; what the bidder "will" do
    ("the contractor will fix the rejected reports") and a performance standard (a measure
    and a figure, no verb of its own: a cell of an acceptable-quality-level table) are
    mandatory."""
    decision = _verb_decision(sentence, folded)
    if (
        decision is None
        and not buyer_opens(folded)
        and (measure := _is_performance_standard(folded))
    ):
        return _decision("duty.performance-standard", measure)
    return decision


def _verb_decision(sentence: str, folded: str) -> Decision | None:
    """The verbs phase: a verb of obligation (``rules/*/modal.toml``), a future the bidder
    is the subject of, a duty put as a fact (a deadline, a validity, a price's contents), or
    else a verb of advice (``rules/*/permissive.toml``)."""
    if found := _obliges(folded):
        return _decision(MANDATORY_VERBS.rule_of(found), found)
    unlabelled = RUN_IN_LABEL.sub("", folded)
    decision = _first(
        [
            (
                "duty.es-bidder-future",
                lambda: not sentence.isascii() and BIDDER_FUTURE.search(sentence),
            ),
            ("duty.es-unaccented-bidder-future", lambda: _unaccented_bidder_future(folded)),
        ]
    )
    if decision:
        return decision
    if found := BIDDER_WILL_VERBS.pattern.search(unlabelled):
        return _decision(BIDDER_WILL_VERBS.rule_of(found), found)
    decision = _first(
        [
            ("duty.is-required", lambda: _is_required(folded)),
            ("duty.es-prohibition", lambda: SPANISH_PROHIBITION.search(folded)),
            ("duty.deadline", lambda: DEADLINE.search(folded)),
            ("duty.work-due", lambda: WORK_DUE.match(folded)),
            ("duty.deadline-is", lambda: DEADLINE_IS.match(folded)),
            ("duty.offer-validity", lambda: OFFER_VALIDITY.match(folded)),
            ("duty.es-price-includes", lambda: PRICE_INCLUDES.search(folded)),
            ("duty.es-delivery-period", lambda: DELIVERY_PERIOD.search(folded)),
            ("duty.es-bears-costs", lambda: UNNAMED_BIDDER_BEARS_COSTS.match(folded)),
            ("duty.es-goods-future", lambda: GOODS_FUTURE.match(folded)),
            ("duty.named-a-requirement", lambda: IS_A_REQUIREMENT.search(folded)),
            ("duty.required-contents", lambda: REQUIRED_CONTENTS.match(folded)),
            (
                "duty.system-will",
                lambda: DELIVERED_SYSTEM_WILL.match(RUN_IN_LABEL.sub("", sentence)),
            ),
            ("duty.to-the-buyer", lambda: to_the_buyer().search(folded)),
            (
                "duty.mandatory-meeting",
                lambda: FINITE_VERB.search(folded) and MANDATORY_MEETING.search(folded),
            ),
        ]
    )
    if decision:
        return decision
    if found := PERMISSIVE_VERBS.pattern.search(folded):
        return _decision(PERMISSIVE_VERBS.rule_of(found), found)
    return None


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


CONDITION = re.compile(r"\b(?:if|unless|when|whether)\b", re.IGNORECASE)


RESPONSIBLE = re.compile(r"\bresponsible\b", re.IGNORECASE)
"""The "is responsible for" of ``MANDATORY``, which a relative clause only describes."""


def _obliges(folded: str) -> re.Match[str] | None:
    """A verb of obligation (``MANDATORY``), unless it is only a "required to" or an "it is
    necessary to" inside a condition ("If travel is required to complete the work, expenses
    will be negotiated", "if it is necessary to extend the deadline, …"), or a "required to"
    in a relative clause ("Staff that are required to …"; the "that" before "it is
    necessary" only introduces what is said). A "who is responsible for" describes whoever
    it follows ("The department assigns a project manager who is responsible for …"). "Will
    be required" and the work that "requires the contractor to" are read as "required to"
    is; a relative clause set off by ", which" still says the thing is required. A modal
    before "note that" only informs (``TOLD_FOR_INFORMATION``)."""
    for found in MANDATORY_VERBS.pattern.finditer(folded):
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
            return found
        clause = re.split(r"[,;:]", folded[: found.start()])[-1]
        if CONDITION.search(clause) or NEGATED_SUBJECT.match(clause):
            continue
        if impersonal or not RELATIVE_PRONOUN.search(clause):
            return found
        if NON_RESTRICTIVE_WHICH.search(folded, 0, found.start()):
            return found  # "… a free account, which will be required to submit": it is required
    return None


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


def _is_required(folded: str) -> re.Match[str] | None:
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
            return found
    return None


def _is_performance_standard(folded: str) -> re.Match[str] | None:
    """A measure and a figure, and no verb of a statement in its clause ("The agency has at
    least 5 systems" is information). A clause joined by "and" may have one: "Restores
    which need an outage take no more than two hours and users are told first"."""
    measure = PERFORMANCE_STANDARD.search(folded)
    if not measure or len(folded) > MAX_STANDARD_CHARACTERS or not QUANTITY_FIGURE.search(folded):
        return None
    if PAST_TENSE_OPENING.match(folded):
        return None  # "used at least three design tools": what a bidder did, an item's words
    clause = folded[: measure.end()] + folded[measure.end() :].split(" and ")[0]
    return None if FINITE_VERB.search(clause) else measure


PAST_TENSE_OPENING = re.compile(r"^\W*[a-z]+ed\s", re.IGNORECASE)
"""A clause opened by a verb in the past tense ("used at least three …", "Performed usability
tests"): the item of a list of what a bidder did, not a standard."""


SPANISH_OPENING_CONDITION = re.compile(
    r"^\W*(?:si|cuando|aunque|en\s+caso\s+de\s+que|siempre\s+que|salvo\s+que|"
    r"a\s+menos\s+que)\b",
    re.IGNORECASE,
)
"""A condition opening the sentence ("Si, por cualquier causa, el contratista presentara
…"), whose verb is a subjunctive."""


def _unaccented_bidder_future(sentence: str) -> re.Match[str] | None:
    """The bidder as the subject of a future written without its accent
    (``UNACCENTED_BIDDER_FUTURE``), outside a condition the sentence opens with."""
    found = UNACCENTED_BIDDER_FUTURE.search(sentence)
    if found and not SPANISH_OPENING_CONDITION.match(sentence[: found.start() + 1]):
        return found
    return None


FOR_INFORMATION = re.compile(r"\bfor (?:more|further|additional) information\b", re.I)
"""A pointer to more reading ("For more information, please …"), not an instruction."""


def _not_a_duty(folded: str, unheaded: str) -> bool:
    """The buyer's right, what the bidder receives, the contract's policy or a term of the
    contract itself, when the sentence puts no duty on the bidder besides (its own "shall",
    or a request: "… will not be considered, therefore, please send your
    questions by e-mail")."""
    if has_bidder_duty(folded) or instruction_patterns().request.search(folded):
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
