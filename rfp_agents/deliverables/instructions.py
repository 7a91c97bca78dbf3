"""Instructions put without a modal verb (``vocabulary/obligations.toml``): a task put on the
bidder by an idiom ("the supplier agrees to"), an instruction in the imperative ("Submit
questions through the portal"), a label heading a list of requirements ("Minimum
Qualifications:") and a request ("Please describe the team's experience").

``obligations.py`` asks these in its phases (rules ``duty.bidder-idiom``,
``duty.instruction``, ``duty.requirement-label``); the patterns are built here from the
vocabulary file's verbs and idioms and the shapes of an English sentence's opening.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from rfp_agents.deliverables.wording import BIDDER, INTRODUCTORY_PHRASE
from rfp_agents.vocabulary import load_vocabulary_file

READERS_WISH = (
    r"(?:you|your\s+\w+|the\s+\w+|it|they)\s+(?:(?:would\s+like|wish(?:es)?|wants?|prefers?|"
    r"desires?)(?!\s+to\b)|so\s+(?:wish|wishes|choose|chooses|desire|desires)\b)"
)
"""The reader's own wish as a request's condition ("if your firm would like updates", "if
you so wish"): the request is an offer, not an instruction. Not a wish to do a thing the
request is the condition of ("Please register if you wish to attend")."""


NOTICE = re.compile(r"(?:(?:important|importante|note|nota)\s*:\s*)", re.IGNORECASE)
"""A notice run in before a label ("IMPORTANT: Other requirements for …:"): it marks the
label out, and says nothing of its own."""


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
def instruction_patterns() -> Obligations:
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
