"""A date field's value: the calendar date its own words name, nothing else.

The extractive answer to "When are questions due?" is often a whole key-dates line, or the
proposal due date of an amendment; ``focus_dates`` keeps the date the field asks for.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from rfp_agents.agents.citations import MARKER
from rfp_agents.agents.question_focus import CALENDAR
from rfp_agents.text import answer_sentences, content_terms
from rfp_agents.vocabulary import vocabulary


def focus_dates(text: str, asked: Sequence[str], rivals: Sequence[Sequence[str]] = ()) -> str:
    """A date field's sentences cut to the date the field asks for.

    ``asked`` are the field's phrasings, ``rivals`` those of the brief's other date fields.
    A sentence without a calendar date does not state one ("no later than 30 days after").
    A key-dates table reads as one line ("Questions due: March 20, 2026, 5:00 p.m. Proposals
    due: April 10, 2026 ..."): each date is kept with the words before it. A segment is the
    field's when it shares a word with its phrasings besides the words of any date ("due",
    "deadline"), and no fewer than with a rival's: "Proposals due: May 18" does not say when
    questions are due. A field asking for a deadline ("When are proposals due?") needs a
    segment that says one ("due", "no later than", "closing"...): the date an amendment was
    issued is not when quotes are due. The best such segment of each sentence stays."""
    own = _words_of(asked)
    others = [_words_of(r) for r in rivals]
    deadline = any(DEADLINE.search(q) for q in asked)

    def fit(segment: str) -> int:
        terms = set(content_terms(segment))
        mine = len(own & terms)
        if deadline and not DEADLINE.search(segment):
            return 0
        return mine if mine and mine >= max((len(o & terms) for o in others), default=0) else 0

    kept = []
    for sentence in answer_sentences(text):
        marker = " ".join(m.group(0) for m in MARKER.finditer(sentence))
        segments = _date_segments(MARKER.sub("", sentence).strip())
        best = max(segments, key=fit, default="")
        if best and fit(best):
            kept.append(f"{best.strip(' ,;')} {marker}".strip() + ".")
    return " ".join(kept)


DEADLINE = re.compile(
    r"\b(?:due|deadline|no later than|not later than|closing|closes|close of|received|"
    r"receipt|submit(?:ted)?|submission|prior to|on or before|reply by|vencimiento|plazo)\b",
    re.IGNORECASE,
)
"""Words that make a date a deadline."""


def _words_of(questions: Sequence[str]) -> frozenset[str]:
    return frozenset(t for q in questions for t in content_terms(q)) - _date_words()


@cache
def _date_words() -> frozenset[str]:
    """Words every date question and key-dates line share ("due", "deadline", "date"): they
    cannot tell the questions due date from the proposals due date."""
    words = {"due", "when", "submit", "submitted", "receipt", "received"}
    words.update(vocabulary().answer_type_cues["date_nouns"])
    return frozenset(t for w in words for t in content_terms(w))


DATE_TAIL = re.compile(
    r"(?:,?\s*\d{4})?(?:,?\s*(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?i:a\.?m\.?|p\.?m\.?|noon)"
    r"(?:\s+(?:local time|[A-Z]{2,4}\b|\([A-Z]{2,4}\)))?)?"
)
"""What follows a date in a key-dates line: its year and time ("2026, 5:00 p.m. local time")."""


PLACEHOLDER = re.compile(r"\b(?:TBD|TBA|to be (?:determined|announced))\b", re.IGNORECASE)
"""A key-dates row without its date yet ("Contract Awards Multiple, TBD")."""


def _date_segments(sentence: str) -> list[str]:
    """The sentence cut after each calendar date (with its year and time). A placeholder
    ("TBD") ends its row too: the next row's date is not that row's."""
    segments, start = [], 0
    dates = [(m, True) for m in CALENDAR.finditer(sentence)]
    placeholders = [(m, False) for m in PLACEHOLDER.finditer(sentence)]
    for match, is_date in sorted(dates + placeholders, key=lambda pair: pair[0].start()):
        if match.start() < start:
            continue
        if not is_date:
            start = match.end()
            continue
        tail = DATE_TAIL.match(sentence, match.end())
        end = tail.end() if tail else match.end()
        segments.append(sentence[start:end])
        start = end
    return segments
