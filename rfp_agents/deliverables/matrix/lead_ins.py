"""Lead-ins: the sentence that opens a list ("The Contractor shall:"), and whether a line is
one of its items.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from rfp_agents.deliverables.buyer import (
    furnished_by_the_buyer,
    lists_the_buyers_acts,
)
from rfp_agents.deliverables.matrix.sections import (
    MAX_REQUIREMENT_CHARACTERS,
    RUN_IN_HEADING,
    is_list_item,
)
from rfp_agents.deliverables.obligations import (
    DESCRIBES_THE_DOCUMENT,
    FINITE_VERB,
    strength_of,
)
from rfp_agents.deliverables.wording import (
    CLAUSE_NUMBER,
)
from rfp_agents.text import (
    BARE_MARKER,
    RUN_IN_LIST_VERBS,
    fold_accents,
)

MAX_ITEMS = 30
"""Items joined to one lead-in at most (a list that never ends is a misread)."""
NOTE_AFTER = re.compile(r"\s\(\s*note\s*:[^()]*\)?\s*$", re.IGNORECASE)
"""A note in brackets that ends a sentence, as ``_with_what_speaks_of_it`` joins it."""


FORWARD_REFERENCE = re.compile(r"\b(?:the following|as follows|below)\b", re.IGNORECASE)
"""A lead-in that only points at its items ("The contractor shall provide the following
activities:"); a duty of its own ("Crews are expected to work the city's hours of 7 to
4.30, with a lunch break:") does not point."""


@lru_cache(maxsize=4096)
def _strength_alone(sentence: str) -> str | None:
    """``strength_of`` a sentence read on its own; the list logic asks it of the same lead-in
    and items again and again."""
    return strength_of(sentence)


def _clause_depth(sentence: str) -> int:
    """How many levels the clause number opening ``sentence`` has ("4.2.1 " 3), or 0."""
    found = CLAUSE_NUMBER.match(sentence)
    return found.group(1).count(".") + 1 if found else 0


BARE_CLAUSE_NUMBER = re.compile(r"^\s*\d+(?:\.\d+)+\.?\s*$")


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
