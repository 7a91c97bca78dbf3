"""The list state machine (``OpenList``): which sentences a lead-in takes as its items, where
its list ends, and the shapes of a line (label, bare heading, full sentence, marker).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from rfp_agents.deliverables.buyer import (
    BUYERS_RIGHT,
    binds_the_buyer,
)
from rfp_agents.deliverables.instructions import NOTICE
from rfp_agents.deliverables.matrix.lead_ins import (
    BARE_CLAUSE_NUMBER,
    FORWARD_REFERENCE,
    GLUED_NEXT_MARKER,
    LEAD_IN_END,
    MAX_ITEMS,
    _clause_depth,
    _is_bare_marker,
    _is_item_of,
    _is_lead_in,
    _strength_alone,
    _the_buyers_list,
)
from rfp_agents.deliverables.matrix.sections import (
    MAX_ITEM_CHARACTERS,
    MAX_TITLE_WORDS,
    RUN_IN_HEADING,
    UNFINISHED,
)
from rfp_agents.deliverables.obligations import (
    FINITE_VERB,
    has_modal_verb,
    heads_requirements,
    is_instruction,
)
from rfp_agents.deliverables.wording import (
    CLAUSE_NUMBER,
)
from rfp_agents.headings import (
    is_title_case,
)
from rfp_agents.text import (
    BARE_MARKER,
    ITEM_BEFORE_THE_LAST,
    ITEM_MARKER,
    fold_accents,
    next_clause_number,
    next_marker,
)

MIN_REQUIREMENT_CHARACTERS = 25
MAX_DUTY_ITEM_CHARACTERS = 150
"""An item of a list of phrases that says its own duty is a line or two long."""


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
FINISHED = re.compile(r"[.;:!?][\"'”’)\]]*\s*$")
"""A sentence's end punctuation, a closing quote or bracket after it."""


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


def _is_sub_item(sentence: str, depth: int) -> bool:
    """A line of a numbered item's own list: a deeper clause number ("4.2.1.1 non-owned
    automobiles;" under "4.2.1 Automobile insurance … Coverage to include:"), or the nested
    lead-in that opens it (a colon, no obligation of its own)."""
    return _clause_depth(sentence) > depth or _is_label(sentence)


def _bare_clause_number(sentence: str) -> str:
    """The clause number ``sentence`` is alone ("9.1." -> "9.1"), or ""."""
    return sentence.strip().rstrip(".") if BARE_CLAUSE_NUMBER.match(sentence) else ""
