"""A deadline the answers missed, read off the document's pages in order.

The date fields are asked through the retrieval pipeline first, as every field is. The
answer's lead is the sentence closest to the question, and for a deadline that is often a
sentence about it without its date ("Proposals must be submitted through the portal"),
while the date sits in a key-dates table that ranked low. So when no phrasing's answer states
a deadline field, the pages are read in order, as an analyst looking for the due date reads
the cover and the schedule first, and the first sentence that states the field's deadline by
the answers' own test (``values.date_in``: a calendar date, a deadline's words, the field's
own words and no other date field's) is its value.

Only a deadline is read so ("When are proposals due?"): a field that asks when something
happens ("When is the site visit?") has no deadline's words to test, and a date near "site"
is not a visit.
"""

from __future__ import annotations

from collections.abc import Sequence

from rfp_agents.agents.citations import insert_marker
from rfp_agents.deliverables.brief.cover import page_evidence
from rfp_agents.deliverables.brief.fields import FieldSpec
from rfp_agents.deliverables.brief.values import FieldFinding, date_in
from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase
from rfp_agents.text import answer_sentences, join_overlapping

RULE = "dates.first-on-the-pages"
PROBE_CHARACTERS = 40
"""How much of a sentence's start finds the chunk it is in."""


def first_deadline_on_the_pages(
    spec: FieldSpec, kb: KnowledgeBase, records: Sequence[DocumentRecord]
) -> FieldFinding | None:
    """The first sentence of ``records``' pages, in reading order, that states ``spec``'s
    deadline, cited on its chunk; None when no page does."""
    for record in records:
        for number in range(1, record.pages + 1):
            chunks = kb.page_chunks(record.source, number)
            if not chunks:
                continue
            for sentence in answer_sentences(join_overlapping([t for t, _ in chunks])):
                if dated := date_in(spec, insert_marker(sentence, 1)):
                    # the chunk the sentence starts in: a sentence may run on into the next
                    start = sentence[:PROBE_CHARACTERS]
                    evidence = page_evidence(kb.name, chunks, start, "read_page")
                    return FieldFinding(
                        name=spec.name, text=dated, evidence=[evidence], method="offline",
                        rule=RULE,
                    )  # fmt: skip
    return None
