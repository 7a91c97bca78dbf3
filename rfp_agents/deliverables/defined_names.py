"""The names a contract defines for its parties, read as the parties' roles.

A contract or an agreement attached to a solicitation often names its parties once, in
parentheses, and uses those names from then on: "This Agreement is between the Department
of Health (“Covered Entity” or “CE”) and the Contractor (“Business Associate” or “BA”)".
"BA must obtain …" is then the bidder's duty as much as "The Contractor must obtain …", and
"CE may operate …" the buyer's act. ``defined_names`` finds such names after a party's role
(the bidder's names in ``wording.BIDDER``, the buyer's in ``vocabulary/parties.toml``);
``bidder_by_its_role`` reads the bidder's as "the Contractor" where they are a subject.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from rfp_agents.deliverables.wording import BIDDER, buyer_names

_QUOTED_NAME = r"(?:the\s+)?[“\"]([A-Z][^”\"]{1,40})[”\"]"

SUBJECTS_VERB = (
    r"(?:shall|will|must|may|should|can|could|would|is|are|was|has|have|does|reserves|"
    r"anticipates|intends|expects|requires|prefers|seeks|plans|agrees|retains)"
)
"""A verb after a name, which makes the name its subject ("The AOC anticipates …"), not a
modifier ("The AOC security badge")."""


@cache
def _defining(roles: str) -> re.Pattern[str]:
    """A role and the names put in parentheses after it ("the Contractor (“Business
    Associate” or “BA”)", "the Consultant (hereinafter “Provider”)", "the Department of
    Health (“Covered Entity” or “CE”)")."""
    return re.compile(
        # (the role may go on with its proper name: "Department of Health (“CE”)")
        rf"\b(?:{roles})s?(?:\s+(?:of|for|and|the)\b|\s+(?-i:[A-Z][\w&'’-]*)){{0,5}}?"
        r"\s*\(\s*(?:hereinafter\s+(?:called\s+|referred\s+to\s+as\s+)?)?"
        rf"{_QUOTED_NAME}(?:\s*(?:,|or|and|,\s*or)\s*{_QUOTED_NAME})?\s*\)",
        re.IGNORECASE,
    )


def defined_names(texts: Iterable[str], roles: str) -> frozenset[str]:
    """The names the texts define for a party whose roles are the alternation ``roles``."""
    pattern = _defining(roles)
    return frozenset(
        name.strip()
        for text in texts
        if "(" in text
        for found in pattern.finditer(text)
        for name in found.groups()
        if name
    )


def bidder_aliases(texts: Iterable[str]) -> frozenset[str]:
    """The names a document defines for its bidder ("the Contractor (“Business Associate”
    or “BA”)"), besides the roles ``wording.BIDDER`` reads already."""
    return frozenset(name for name in defined_names(texts, BIDDER) if not names_a_party(name))


_ROLE = r"[A-Z][\w/-]*(?:\s+[A-Z][\w/-]*){0,3}"
"""A role's name, capitalised ("Facilitator", "Technical Lead", "Program Manager")."""


@cache
def _designating() -> re.Pattern[str]:
    """The bidder told to designate its people by their roles, listed after a colon ("The
    Contractor must designate who will fill these three roles: Facilitator, Technical Lead,
    and Security Lead") or named one by one ("The Offeror shall designate a Project Manager
    and a Quality Lead")."""
    return re.compile(
        rf"\b(?:{BIDDER})s?\s+(?:shall|must|will|is\s+required\s+to)\s+(?:also\s+)?"
        r"(?:designate|appoint|name|assign|identify)\b"
        r"(?:[^.:;]{0,60}?\broles?\s*:\s*(?P<listed>[^.;]+)"
        rf"|\s+(?:an?|one)\s+(?P<one>(?-i:{_ROLE}))"
        rf"(?:\s+and\s+(?:an?|one)\s+(?P<other>(?-i:{_ROLE})))?)",
        re.IGNORECASE,
    )


def designated_roles(texts: Iterable[str]) -> frozenset[str]:
    """The roles the bidder is told to designate its people for ("… fill these three roles:
    Facilitator, Technical Lead, and Security Lead"): the bidder's own people, so "The
    Facilitator will ensure …" is the bidder's duty as much as "The Contractor will …". Only
    capitalised names count: a role the text names in lower case is a description."""
    roles: set[str] = set()
    for text in texts:
        for found in _designating().finditer(text):
            named = re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", found["listed"] or "")
            named += [found["one"] or "", found["other"] or ""]
            roles.update(
                name.strip()
                for name in named
                if re.fullmatch(_ROLE, name.strip()) and not names_a_party(name.strip())
            )
    return frozenset(roles)


def names_a_party(name: str) -> bool:
    """A name the vocabulary already reads: the bidder's ("Offeror") or a buyer's role
    ("County"), or a word that opens a sentence ("It", "This"); no alias to learn."""
    folded = name.lower()
    return bool(
        re.fullmatch(rf"(?:{BIDDER})s?|(?:{buyer_names()})s?|it|this|that|each|which", folded)
    )


@cache
def named_as_subject(aliases: frozenset[str]) -> re.Pattern[str]:
    """A party's own names as a sentence's subject, compiled once per document, also
    before a contrast set off by commas ("OFA, not the contractor, will host …"), and
    several of them in a row, an office named with its agency ("GSA TTS also requires …")."""
    names = "|".join(sorted(map(re.escape, aliases), key=len, reverse=True))
    return re.compile(
        rf"\b(?:(?:the|The)\s+)?(?:{names})(?:[ /]+(?:{names}))*"
        rf"(?=(?:,\s+not\s+[^,.;:]{{1,40}},)?\s+(?:(?:also|further|hereby)\s+)?{SUBJECTS_VERB}\b)"
    )


def bidder_by_its_role(sentence: str, aliases: frozenset[str]) -> str:
    """``sentence`` with the bidder's defined names put as its role where they are a subject
    ("BA agrees to make uses …" -> "the Contractor agrees to make uses …")."""
    return named_as_subject(aliases).sub("the Contractor", sentence)
