"""The topic of a compliance matrix row: what the requirement is about (submission,
evaluation, insurance, security, reporting, payment, staffing, deliverables, schedule,
legal, scope of work), so that an analyst can hand each topic to the person who answers it.

The words of each topic are in ``vocabulary/topics.toml``: ``terms`` name a topic on their
own, ``weak`` words also serve other topics ("submit" an invoice, "the Offeror's staff").
Row and vocabulary are read into the project's content terms (``text.content_terms``: stop
words out, accents folded, plurals and "-ing" stemmed, nothing more), so the vocabulary
lists a word's other forms ("submitted", "insured") and "proposed" is not "proposal".
One sentence often names no topic word ("Each session shall last no longer than one hour."),
and the heading it sits under usually does ("G. ORAL PRESENTATIONS"): the heading's words
count too, for less than the row's own. A row that names no topic word under a heading
that names none is "other".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from rfp_agents.text import content_terms
from rfp_agents.vocabulary import load_vocabulary_file

OTHER = "other"
"""The topic of a row that names no topic word, nor does its heading."""
KINDS = {"terms": 1.0, "weak": 0.5}
"""A topic's two lists and the weight of each entry found."""
HEADING_WEIGHT = 0.6
"""What a heading's topic adds to the row's own words, however many of its words the
heading names: more than a weak word of the row and less than a term, so a row that names
its topic keeps it ("12. EVALUATION CRITERIA" does not make "Each quote shall list …" an
evaluation row), a row that names none takes its heading's, and the heading decides between
the weak words of several topics ("… at its own cost: Automobile liability" under "8.3
Insurance")."""


@dataclass(frozen=True)
class TopicWord:
    """One vocabulary entry: a word or phrase, or the forms of one word, which count once
    however many of them a text holds; its topic and weight."""

    forms: tuple[str, ...]
    topic: str
    weight: float


class TopicVocabulary:
    """The topics' words, indexed by their first term.

    Raises:
        ValueError: the table has an unknown key, an entry with no word, or one entry twice
            in a topic (two forms that read as the same terms).
    """

    def __init__(self, table: dict[str, dict[str, list[str | list[str]]]]):
        self.topics: tuple[str, ...] = tuple(table)
        self._by_first_term: dict[str, list[tuple[tuple[str, ...], TopicWord]]] = {}
        for topic, lists in table.items():
            unknown = set(lists) - set(KINDS)
            if unknown:
                raise ValueError(f"topics.toml: [{topic}] has unknown keys {sorted(unknown)}")
            seen: dict[tuple[str, ...], str] = {}
            for kind, weight in KINDS.items():
                for entry in lists.get(kind, []):
                    forms = [entry] if isinstance(entry, str) else entry
                    word = TopicWord(tuple(forms), topic, weight)
                    for form in forms:
                        terms = tuple(content_terms(form))
                        if not terms:
                            raise ValueError(f"topics.toml: [{topic}] {form!r} has no word")
                        if terms in seen:
                            raise ValueError(
                                f"topics.toml: [{topic}] {form!r} reads as {seen[terms]!r} again"
                            )
                        seen[terms] = form
                        self._by_first_term.setdefault(terms[0], []).append((terms, word))
        for entries in self._by_first_term.values():
            entries.sort(key=lambda e: len(e[0]), reverse=True)  # the longest phrase first

    def scores(self, text: str) -> dict[str, float]:
        """Each topic's weight in ``text``: every entry found counts once, and a word of a
        phrase found ("business days") does not count again on its own ("days")."""
        scores: dict[str, float] = {}
        for word in _found(content_terms(text), self._by_first_term):
            scores[word.topic] = scores.get(word.topic, 0.0) + word.weight
        return scores

    def topic_of(self, requirement: str, section: str = "") -> str:
        """The topic ``requirement`` names most, its heading ``section`` adding at most
        ``HEADING_WEIGHT`` to a topic; a tie goes to the heading's topic, then to the
        vocabulary's order; ``OTHER`` when neither names a topic."""
        own = self.scores(requirement)
        heading = self.scores(section) if section else {}
        total = {
            t: own.get(t, 0.0) + HEADING_WEIGHT * min(1.0, heading.get(t, 0.0))
            for t in self.topics
            if t in own or t in heading
        }
        if not total:
            return OTHER
        return max(self.topics, key=lambda t: (total.get(t, 0.0), heading.get(t, 0.0)))


def _found(
    terms: Sequence[str], index: dict[str, list[tuple[tuple[str, ...], TopicWord]]]
) -> set[TopicWord]:
    """The entries of ``index`` that occur in ``terms``, reading left to right and taking
    the longest phrase that starts at each term (a phrase's terms are used up; where phrases
    of two topics start at one term, each counts)."""
    found: set[TopicWord] = set()
    i = 0
    while i < len(terms):
        longest = 1
        for phrase, word in index.get(terms[i], ()):
            size = len(phrase)
            if size >= longest and tuple(terms[i : i + size]) == phrase:
                found.add(word)
                longest = size
        i += longest
    return found


@cache
def topic_vocabulary() -> TopicVocabulary:
    """``vocabulary/topics.toml``, parsed and indexed once a process."""
    return TopicVocabulary(load_vocabulary_file("topics.toml"))


def topic_of(requirement: str, section: str = "") -> str:
    """The topic of a matrix row (``TopicVocabulary.topic_of`` with the package's words)."""
    return topic_vocabulary().topic_of(requirement, section)


def known_topics() -> tuple[str, ...]:
    """Every topic a row can have: the vocabulary's, in its order, then ``OTHER``."""
    return (*topic_vocabulary().topics, OTHER)
