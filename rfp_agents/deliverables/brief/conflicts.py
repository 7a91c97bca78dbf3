"""Conflicts: two documents giving different values for one field.

A solicitation's files often disagree: an amendment moves the due date, a Q&A answer raises
an insurance limit, an attachment repeats an old page limit. For a field whose value is a
date or an amount, the sentences its value cites are read per document; when two documents
state values and share none, the brief lists both, each cited. When one of the documents is
an amendment, a modification or a Q&A, the note says it is likely the later word.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rfp_agents.agents.citations import MARKER, Citation, markers_in
from rfp_agents.agents.question_focus import CALENDAR
from rfp_agents.deliverables.brief.fields import FieldSpec
from rfp_agents.deliverables.brief.models import Conflict, ConflictValue
from rfp_agents.deliverables.brief.risks import amounts_in
from rfp_agents.deliverables.links import AMENDING
from rfp_agents.text import answer_sentences


def find_conflict(spec: FieldSpec, text: str, citations: Mapping[int, Citation]) -> Conflict | None:
    """The conflict in a field's value (global markers in ``text``), or None."""
    if spec.kind == "text":
        return None
    by_file: dict[str, list[ConflictValue]] = {}
    for sentence in answer_sentences(text):
        refs = [r for r in markers_in(sentence) if r in citations]
        values = _values(spec.kind, MARKER.sub("", sentence))
        if not refs or not values:
            continue
        cited = citations[refs[0]]
        for value in dict.fromkeys(values):
            by_file.setdefault(cited.source_file, []).append(
                ConflictValue(
                    value=value, file=cited.source_file, page=cited.page_number, citation=cited.n
                )
            )
    if len(by_file) < 2:
        return None
    sets = [{v.value for v in values} for values in by_file.values()]
    if any(a & b for i, a in enumerate(sets) for b in sets[i + 1 :]):
        return None
    return Conflict(
        field=spec.name,
        label=spec.label,
        values=[v for values in by_file.values() for v in values],
        note=_note(list(by_file)),
    )


def _note(files: Sequence[str]) -> str:
    later = [f for f in files if AMENDING.search(f)]
    if later:
        return (
            f"{', '.join(later)} amends or answers questions on the others: likely the later word."
        )
    return "The documents disagree: ask the buyer which governs."


def _values(kind: str, sentence: str) -> list[str]:
    """The dates ("may 4") or sums ("1,000,000": "$1 million" is the same) a sentence states."""
    if kind == "date":
        return [" ".join(v.lower().split()) for v in CALENDAR.findall(sentence)]
    return [f"{amount:,.2f}".removesuffix(".00") for amount in amounts_in(sentence)]
