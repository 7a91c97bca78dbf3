"""A deadline the answers missed, or named short, read off the document's pages in order.

The date fields are asked through the retrieval pipeline first, as every field is. The
answer's lead is the sentence closest to the question, and for a deadline that is often a
sentence about it without its date ("Proposals must be submitted through the portal"),
while the date sits in a key-dates table that ranked low. So when no phrasing's answer states
a deadline field, the pages are read in order, as an analyst looking for the due date reads
the cover and the schedule first, and the first sentence that states the field's deadline by
the answers' own test (``values.date_in``: a calendar date, a deadline's words, the field's
own words and no other date field's) is its value. When an answer names the deadline short
(without its year or its time of day), the pages' fullest statement of the same day is
(``deadline_stated_in_full``).

Only a deadline is read so ("When are proposals due?"): a field that asks when something
happens ("When is the site visit?") has no deadline's words to test, and a date near "site"
is not a visit.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rfp_agents.agents.citations import insert_marker
from rfp_agents.deliverables.brief.cover import page_evidence
from rfp_agents.deliverables.brief.fields import FieldSpec
from rfp_agents.deliverables.brief.table_rows import dated_rows_of
from rfp_agents.deliverables.brief.values import FieldFinding, date_in
from rfp_agents.deliverables.brief.when import IN_FULL, printed_in_full
from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase
from rfp_agents.text import answer_sentences, join_overlapping

RULE = "dates.first-on-the-pages"
IN_FULL_RULE = "dates.stated-in-full"
PROBE_CHARACTERS = 40
"""How much of a sentence's start finds the chunk it is in."""


def first_deadline_on_the_pages(
    spec: FieldSpec, kb: KnowledgeBase, records: Sequence[DocumentRecord]
) -> FieldFinding | None:
    """The first sentence of ``records``' pages, in reading order, that states ``spec``'s
    deadline, cited on its chunk; None when no page does."""
    return next(_deadlines_on_the_pages(spec, kb, records, RULE), None)


def deadline_stated_in_full(
    spec: FieldSpec, found: FieldFinding, kb: KnowledgeBase, records: Sequence[DocumentRecord]
) -> FieldFinding | None:
    """The sentence of ``records``' pages that states the same deadline as ``found`` (its
    day and month) with more of it printed, the fullest first on the pages; None when
    ``found`` is printed in full already or no page prints more.

    An answer's lead is the sentence closest to the question, and a document often names a
    deadline again, short, after stating it: "questions sent after the March 3 deadline
    will not be answered" names the date without its year or time, which the key-dates
    table or the instructions print ("Questions are due by 4:00 p.m. ET on Tuesday, March
    3, 2026"). A team plans by the hour, so the field is the full statement. Not: a
    sentence with another day ("Answers will be posted by March 10, 2026"), or one the field
    would not take (``values.date_in``: "Proposals are due by 2:00 p.m. on March 3, 2026"
    is not when questions are due)."""
    printed = printed_in_full(found.text)
    if printed is None or printed[1] == IN_FULL:
        return None
    day, have = printed
    fullest = None
    for candidate in _deadlines_on_the_pages(spec, kb, records, IN_FULL_RULE):
        said = printed_in_full(candidate.text)
        if said is not None and said[0] == day and said[1] > have:
            fullest, have = candidate, said[1]
            if have == IN_FULL:
                break
    return fullest


def _deadlines_on_the_pages(
    spec: FieldSpec, kb: KnowledgeBase, records: Sequence[DocumentRecord], rule: str
) -> Iterator[FieldFinding]:
    """Each sentence of ``records``' pages, in reading order, that states ``spec``'s
    deadline, cited on its chunk; on each page, the dated rows of its tables come first
    (``table_rows``): a text layer may give a table's cells column by column, which puts a
    row's date beside another row's label."""
    for record in records:
        rows_of = dated_rows_of(kb, record)
        for number in range(1, record.pages + 1):
            chunks = kb.page_chunks(record.source, number)
            if not chunks:
                continue
            sentences = answer_sentences(join_overlapping([t for t, _ in chunks]))
            # a schedule table's rows first, read across as printed (``table_rows``)
            for sentence in [*rows_of(number), *sentences]:
                if dated := date_in(spec, insert_marker(sentence, 1)):
                    # the chunk the sentence starts in: a sentence may run on into the next
                    start = sentence[:PROBE_CHARACTERS]
                    evidence = page_evidence(kb.name, chunks, start, "read_page")
                    yield FieldFinding(
                        name=spec.name, text=dated, evidence=[evidence], method="offline",
                        rule=rule,
                    )  # fmt: skip
