"""Each statement of a document (``statements``): sentences joined across pages, notes kept
with what they speak of, lead-ins put before their markers, performance-standards tables
marked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from itertools import tee, zip_longest
from typing import Any

from rfp_agents.deliverables.links import answers_questions
from rfp_agents.deliverables.matrix.lead_ins import (
    _clause_depth,
)
from rfp_agents.deliverables.matrix.lists import (
    FINISHED,
    SEQUENCE_STARTS,
    OpenList,
    _is_label,
    _is_sub_item,
    _marker_token,
    _next_token,
    _unfollowed,
)
from rfp_agents.deliverables.matrix.pages import (
    Sentence,
    _sentences,
)
from rfp_agents.deliverables.matrix.questions import (
    _outside_questions,
    _statement,
)
from rfp_agents.deliverables.obligations import (
    NAMES_THE_LAST_A_REQUIREMENT,
    has_modal_verb,
)
from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase
from rfp_agents.text import (
    BARE_MARKER,
    CONTINUES,
    ITEM_BEFORE_THE_LAST,
)


def statements(
    kb: KnowledgeBase, source: str, *, in_questions_and_answers: bool = False
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each sentence or list item of a document, page by page, with the metadata of the
    chunk it is in; an item of a list is joined to its lead-in. A vendor's question in a Q&A
    ("Q7: … Any additional details you can provide would help … the Contractor will
    provide.") is not a statement of the document: its sentences up to the answer ("A7:")
    are left out. In a document ``in_questions_and_answers``, a numbered question's
    answer may also be its item "a." ("8. Will GSA …?" then "a. See answer to question 3")."""
    open_list = OpenList()
    held: tuple[str, dict[str, Any], int] | None = None  # a numbered item, open to sub-items
    read = _joined_across_pages(_sentences(kb, source, keep_list_markers=in_questions_and_answers))
    read = _in_standards_tables(_outside_questions(read, lettered=in_questions_and_answers))
    read = _lead_ins_before_their_markers(_with_what_speaks_of_it(read))
    for sentence, meta, opens_section in read:
        open_list = open_list.past_its_label(sentence)
        if open_list.awaits_items and (opens_section or not open_list.takes(sentence)):
            yield from _unfollowed(open_list)
        if opens_section or open_list.ends_at(sentence, meta):
            open_list = OpenList()
        elif open_list.returns_at(sentence):
            open_list = open_list.parent  # "(5) …" after "(4) … the following: (i) … (ii) …"
        elif held and open_list.lead_in and _is_sub_item(sentence, held[2]):
            held = (f"{held[0]} {sentence}", held[1], held[2])
            continue
        if held:
            yield held[0], held[1]
            held = None
        if open_list.takes(sentence) and _is_label(sentence):
            # "Ability to:" inside a list: the items after it go under it
            open_list = replace(
                open_list,
                label=sentence,
                label_mark=_marker_token(sentence) or open_list.last_token,
                items=open_list.items + 1,
                semicolons=False,
            )
            continue
        for text, row_meta in _statement(sentence, meta, open_list):
            if open_list.lead_in and _clause_depth(sentence):
                held = (text, row_meta, _clause_depth(sentence))
            else:
                yield text, row_meta
        open_list = open_list.after(sentence, meta)
    if held:
        yield held[0], held[1]
    if open_list.awaits_items:
        yield from _unfollowed(open_list)


def _joined_across_pages(sentences: Iterable[Sentence]) -> Iterator[Sentence]:
    """The sentences, one cut by a page break joined again: a page's last sentence that
    stops on a word that goes on ("… insurance respecting employees, if any, of the"), or
    stops unpunctuated where the next page goes on in lower case ("… registered as a limited
    liability partnership" and "shall be authorized to transact business …") or on an
    acronym in brackets (``ACRONYM_THEN_LOWER_CASE``), is finished by the next page's
    first, unless that opens a section. The joined sentence keeps its first page's metadata:
    it is cited where it starts, and ``last_page`` says where it ends."""
    held: Sentence | None = None
    for sentence, meta, opens_section in sentences:
        if held is not None:
            first, first_meta, first_opens = held
            held = None
            if (
                not opens_section
                and meta.get("page_number") != first_meta.get("page_number")
                and (
                    CONTINUES.search(first)
                    or sentence[:1].islower()
                    or ACRONYM_THEN_LOWER_CASE.match(sentence)
                    or _duty_cut_for_its_object(first, sentence)
                )
            ):
                yield (
                    f"{first} {sentence}",
                    {**first_meta, "last_page": meta["page_number"]},
                    first_opens,
                )
                continue
            yield first, first_meta, first_opens
        if not ITEM_BEFORE_THE_LAST.search(sentence) and (
            CONTINUES.search(sentence) or not FINISHED.search(sentence)
        ):
            held = (sentence, meta, opens_section)
            continue
        yield sentence, meta, opens_section
    if held is not None:
        yield held


def _duty_cut_for_its_object(first: str, sentence: str) -> bool:
    """A duty stopped by the page on a word in lower case ("The notice must refer the
    individual to the current"), before a page that opens on a name and states no duty of
    its own and ends on a full stop ("Federal Trade Commission web site … ."): the rest of
    its object. A label ("Deliverables:") is none."""
    return bool(
        ENDS_ON_A_LOWER_CASE_WORD.search(first)
        and has_modal_verb(first)
        and sentence[:1].isupper()
        and not has_modal_verb(sentence)
        and sentence.rstrip().endswith(".")
    )


ENDS_ON_A_LOWER_CASE_WORD = re.compile(r"\s[a-z]{2,}$")


def _with_what_speaks_of_it(sentences: Iterable[Sentence]) -> Iterator[Sentence]:
    """The sentences, one that only speaks of the sentence before it joined to it on the
    same page: one that names it a requirement (``NAMES_THE_LAST_A_REQUIREMENT``; alone,
    "This is a requirement for all Offerors" would not say what is required), and a note in
    brackets on it ("… hosted in a public repository. (Note: Other hosting will not be
    accepted)"), also when a line break split the note after its colon ("(Note:"), or any
    bracket after its colon (``_stops_inside_brackets``); and the next item of a list run
    into the sentence ("The Contractor shall carry (a) general liability of $1,000,000;"
    then "(b) auto liability …; and (c) …"), which the splitter cut at its semicolon."""
    held: Sentence | None = None
    for sentence, meta, opens_section in sentences:
        if (
            held is not None
            and not opens_section
            and (
                NAMES_THE_LAST_A_REQUIREMENT.match(sentence)
                or NOTE_IN_BRACKETS.match(sentence)
                or OPEN_NOTE.search(held[0])
                or _stops_inside_brackets(held[0])
                or _goes_on_its_run_in_list(held[0], sentence)
            )
            and held[1].get("page_number") == meta.get("page_number")
        ):
            held = (f"{held[0]} {sentence}", held[1], held[2])
            continue
        if held is not None:
            yield held
        held = (sentence, meta, opens_section)
    if held is not None:
        yield held


def _stops_inside_brackets(sentence: str) -> bool:
    """A sentence cut at a colon inside brackets it has not closed ("… specifications for the
    storage vessels (e.g.:" then "volume, flanges, …)."): the line broke after the colon,
    which opens no list; the bracket goes on in the next sentence."""
    return sentence.rstrip().endswith(":") and sentence.count("(") > sentence.count(")")


def _goes_on_its_run_in_list(before: str, sentence: str) -> bool:
    """True when ``sentence`` opens with the marker after the last one run into ``before``
    ("… carry (a) general liability …;" then "(b) auto liability …")."""
    if not before.rstrip().endswith((";", ",")):
        return False
    run_in = RUN_IN_MARKER.findall(before)
    if not run_in:
        return False
    token = _marker_token(sentence)
    return bool(token) and token == _next_token(f"({run_in[-1]})")


RUN_IN_MARKER = re.compile(r"(?<=\s)\(([a-z]|\d{1,2})\)(?=\s)")
"""A list marker in brackets inside a sentence ("shall carry (a) general liability")."""


NOTE_IN_BRACKETS = re.compile(r"^\(\s*note\s*:", re.IGNORECASE)
OPEN_NOTE = re.compile(r"\(\s*note\s*:\s*$", re.IGNORECASE)
"""A note's opening alone at a sentence's end: the note goes on in the next sentence."""


def _lead_ins_before_their_markers(sentences: Iterable[Sentence]) -> Iterator[Sentence]:
    """The sentences, one that points at "the following …" with a full stop where its colon
    would be ("The quoter shall complete the following fields on the form.") marked
    ``heads_a_list`` when the first marker of a list ("A.", "1.") comes right after it: it
    is the list's lead-in. Without the marker after it, the full stop ends a sentence ("…
    containing the following information, in PDF format." then "This information …").
    One that a marker alone follows, next or after one more sentence, has it as
    ``marker_after`` ("H", "4"): the list it is in may go on there."""
    now, following, later = tee(sentences, 3)
    next(following, None), next(later, None), next(later, None)
    for (sentence, meta, opens_section), then, after_that in zip_longest(now, following, later):
        found = next(filter(None, (_marker_alone(s) for s in (then, after_that))), None)
        if found:
            meta = {**meta, "marker_after": found.group("mark")}
        if then and _is_first_marker(then[0]) and POINTS_WITH_A_STOP.search(sentence):
            meta = {**meta, "heads_a_list": True}
        yield sentence, meta, opens_section


def _marker_alone(sentence: Sentence | None) -> re.Match[str] | None:
    return BARE_MARKER.match(sentence[0]) if sentence else None


POINTS_WITH_A_STOP = re.compile(r"\bthe\s+following\b[^.;:!?]*\.$", re.IGNORECASE)


def _is_first_marker(sentence: str) -> bool:
    found = BARE_MARKER.match(sentence)
    return bool(found) and found.group("mark").lower() in SEQUENCE_STARTS


ACRONYM_THEN_LOWER_CASE = re.compile(r"^\((?![IVXLC]+\))[A-Z][A-Za-z]{1,9}\)\s+[a-z]")
"""A page that opens on an acronym in brackets and goes on in lower case ("(BAA) between the
Contractor and …"): the acronym of the name the page before stopped on ("Therefore, a
Business Associate Agreement"), and the rest of its sentence. A roman numeral in brackets
("(IV) the …") is a list marker."""


STANDARDS_HEADER = re.compile(
    r"^\W*(?:performance\s+standards?(?:\s*\(s\))?|acceptable\s+quality\s+levels?(?:\s*\(aql\))?|"
    r"aql)\W*$",
    re.IGNORECASE,
)
"""A column title of a performance-standards table (a QASP's "Performance Standard(s)",
"Acceptable Quality Level (AQL)"), a cell of its own."""
TABLE_ENDS = re.compile(
    r"\b[A-Z]{4,}(?:\s+[A-Z]{2,})*\s+(?:The|A|An|All|Each)\s|^\W*[A-Z]{4,}(?:\s+[A-Z]{2,})*\W*$"
)
"""A heading in capitals, on its own ("PROCEDURES") or before the next paragraph ("…
Timelines PROCEDURES The team will …") glued to the table's last cell: the table is over."""


def _in_standards_tables(sentences: Iterable[Sentence]) -> Iterator[Sentence]:
    """The sentences, those of a performance-standards table marked ``in_standards_table``:
    from its column titles to a new section or a heading in capitals. A table that runs to
    the end of its page goes on over the next, whether or not that page repeats its titles."""
    table_page = None
    previous = ""
    for sentence, meta, opens_section in sentences:
        page = meta.get("page_number")
        if opens_section:
            table_page = None
        elif table_page is not None and page != table_page:
            table_page = page
        # (a column title its cell wrapped in two: "Performance" / "Standard(s)")
        if STANDARDS_HEADER.match(sentence) or STANDARDS_HEADER.match(f"{previous} {sentence}"):
            table_page = page
        elif table_page is not None and (TABLE_ENDS.search(sentence) or meta.get("on_a_wide_line")):
            table_page = None  # a heading in capitals, or a paragraph across the page
        previous = sentence
        if table_page is not None:
            meta = {**meta, "in_standards_table": True}
        yield sentence, meta, opens_section


def documents_statements(
    kb: KnowledgeBase, records: Sequence[DocumentRecord]
) -> list[tuple[str, dict[str, Any]]]:
    """The statements of each of ``records`` in turn (``statements``), a Q&A read as one
    (``links.answers_questions``): read once, for every reader of the brief."""
    return [
        stated
        for record in records
        for stated in statements(
            kb, record.source, in_questions_and_answers=answers_questions(record)
        )
    ]
