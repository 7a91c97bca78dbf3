"""What a question names: documents ("the QASP", "the Tax Court RFQ") and compared subjects.

Analysts refer to documents by the words in their file names or in their titles ("the
Maryland judiciary RFP" for ``K26-0023-25I -RFP.pdf``), and a comparison ("compare the uptime
in the QASP and the Alaska QAP") needs evidence for each side. Both are found by matching the
question's terms against the file names and titles (``ingest.titles``) in scope; a title word
most documents share ("General Services Administration") names none of them. Nothing here is
specific to one tender.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rfp_agents.text import content_terms, raw_terms, zipf_frequency
from rfp_agents.vocabulary import vocabulary

Sources = Sequence[str] | Mapping[str, str]
"""The documents in scope: file names, or file name -> title."""

COMPARISON = re.compile(
    r"\b(compare[ds]?|comparison|between|both|differences?|differ|versus|vs\.?)(?!\w)",
    re.IGNORECASE,
)
_FILLER = re.compile(r"\b(compare[ds]?|comparison|between|both|differences?|differ)\b", re.I)
"""Comparison words removed before splitting sides ("versus" and "vs" are the split)."""
_SIDE_SPLIT = re.compile(r"\s+(?:and|vs\.?|versus|compared (?:to|with)|or)\s+", re.IGNORECASE)
MIN_LONG_TERM = 4
MIN_JOINED_TERM = 6


@dataclass(frozen=True)
class Subject:
    """One side of a comparison: its words, and the documents they name (may be none)."""

    text: str
    documents: list[str] = field(default_factory=list)


def is_comparison(question: str) -> bool:
    return bool(COMPARISON.search(question))


def naming_terms(
    question: str, source: str, title: str = "", shared: frozenset[str] = frozenset()
) -> set[str]:
    """The question's terms that name document ``source`` ("qasp", "alaska", "cloud.gov").

    A term of four or more characters (dots removed), or two adjacent terms joined, found in
    the file name counts (from the start of one of its words, unless six or more long); so
    does a shorter term equal to a word of the name. Title words count when the question
    writes them as a name: two of them, or one uncommon in English (``COMMON_TITLE_ZIPF``).
    Terms are returned as ``content_terms`` gives them, so callers can match them against
    the question's terms.
    """
    pairs = raw_terms(question)
    stem = source.lower().rsplit(".", 1)[0]
    parts = [p for p in re.split(r"[^a-z0-9]+", stem) if p]
    words = set(parts)
    compact = "".join(parts)
    starts = {sum(len(p) for p in parts[:i]) for i in range(len(parts))}

    def in_name(bare: str) -> bool:
        """``bare`` in the joined file name: anywhere when it is long ("taxcourt" in
        "ustaxcourt"), else from the start of one of its words ("cloudgov" in
        "gsa-cloud-gov-qa"; not "data" inside "metadata")."""
        if len(bare) >= MIN_JOINED_TERM:
            return bare in compact
        return any(compact.startswith(bare, i) for i in starts)

    found: set[str] = set()
    for raw, term in pairs:
        bare = re.sub(r"[.\-]", "", raw)  # "cloud.gov", "EF-CMS" as written in file names
        if bare[:1].isdigit():
            continue
        if (len(bare) >= MIN_LONG_TERM and in_name(bare)) or (
            2 <= len(bare) < MIN_LONG_TERM and bare in words
        ):
            found.add(term)
    for (raw_a, a), (raw_b, b) in zip(pairs, pairs[1:], strict=False):
        joined = re.sub(r"[.\-]", "", raw_a + raw_b)
        if len(joined) >= MIN_JOINED_TERM and not joined[:1].isdigit() and in_name(joined):
            found |= {a, b}
    if title:
        words = set(content_terms(title)) - shared - vocabulary().question_words
        names = {w.lower() for w in _CAPITALISED.findall(question)}
        titled = {
            raw: t
            for raw, t in pairs
            if t in words and raw in names and len(raw) >= 3 and not raw[:1].isdigit()
        }
        if len(titled) >= 2 or any(zipf_frequency(raw) < COMMON_TITLE_ZIPF for raw in titled):
            found |= set(titled.values())
    return found


COMMON_TITLE_ZIPF = 5.0
"""A title word this common in English ("System" 5.6, "City" 5.6, "Court" 5.4) names a
document only with another title word ("the Tax Court RFQ"): "the TANF Data Reporting
System" does not name the one document whose title says "Information Systems". Names are
rarer ("Maryland" 4.3, "Mason" 4.1, "Fairfax" 3.5)."""


_CAPITALISED = re.compile(r"\b[A-Z][\w.\-]*")
"""Words written with a capital: a title word names a document only when the question writes
it as a name ("the George Mason RFP"), not as a common word ("the due date")."""


def without_naming(question: str, naming: set[str] | frozenset[str]) -> str:
    """The question without the words that name its documents ("the Fairfax County RFP"):
    they select the documents; inside them they match only title pages. The question itself
    when nothing would be left."""
    if not naming:
        return question
    kept = [raw for raw, term in raw_terms(question) if term not in naming]
    return " ".join(kept) if kept else question


def shared_title_terms(titles: Mapping[str, str]) -> frozenset[str]:
    """Title words that more than half of the documents (3 or more) have in common."""
    if len(titles) < 3:
        return frozenset()
    counts: dict[str, int] = {}
    for title in titles.values():
        for term in set(content_terms(title)):
            counts[term] = counts.get(term, 0) + 1
    return frozenset(t for t, n in counts.items() if n > len(titles) / 2)


def _titled(sources: Sources) -> dict[str, str]:
    return dict(sources) if isinstance(sources, Mapping) else dict.fromkeys(sources, "")


def named_documents(
    question: str, sources: Sources, shared: frozenset[str] | None = None
) -> list[str]:
    """The documents the question names most specifically (none if it names all or none).

    The documents with the most naming terms (``naming_terms``) win: "the cloud.gov QASP"
    names the QASP, not every cloud.gov document. ``shared`` is ``shared_title_terms`` of
    the sources, when the caller has it already.
    """
    titles = _titled(sources)
    if shared is None:
        shared = shared_title_terms(titles)
    counts = {s: len(naming_terms(question, s, t, shared)) for s, t in titles.items()}
    best = max(counts.values(), default=0)
    if not best:
        return []
    named = sorted(s for s, c in counts.items() if c == best)
    return named if len(named) < len(sources) else []


def _sides(text: str) -> list[str]:
    return [s.strip(" ?.,;:") for s in _SIDE_SPLIT.split(text) if s.strip(" ?.,;:")]


def comparison_subjects(
    question: str, sources: Sources, shared: frozenset[str] | None = None
) -> list[Subject]:
    """The sides of a comparison question, each with the documents it names.

    "Compare the QASP's uptime and the Alaska QAP's" gives two subjects naming one document
    each; "differences between firm fixed price and time and materials" gives two subjects
    naming none (each side is then searched by its own words).
    """
    first = COMPARISON.search(question)
    if first is None:
        return []
    # "compare A and B" names the sides after the keyword; "how do A and B differ" before it
    sides: list[str] = []
    for body in (question[first.end() :], question):
        sides = _sides(" ".join(_FILLER.sub(" ", body).split()))
        if len(sides) >= 2:
            break
    if len(sides) < 2:
        return []
    if shared is None:
        shared = shared_title_terms(_titled(sources))
    subjects = [Subject(side, named_documents(side, sources, shared)) for side in sides]
    if len({tuple(s.documents) for s in subjects if s.documents}) == 1:
        # Both sides name the same documents: the comparison is within them, not across.
        return [Subject(s.text, []) for s in subjects]
    return subjects
