"""A date field's value: the calendar date its own words name, nothing else.

The extractive answer to "When are questions due?" is often a whole key-dates line, or the
proposal due date of an amendment; ``focus_dates`` keeps the date the field asks for.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from itertools import takewhile

from rfp_agents.agents.citations import MARKER
from rfp_agents.agents.question_focus import CALENDAR, MONTHS
from rfp_agents.deliverables.brief.when import RELATIVE
from rfp_agents.text import answer_sentences, content_terms
from rfp_agents.vocabulary import vocabulary


def focus_dates(
    text: str, asked: Sequence[str], rivals: Sequence[Sequence[str]] = (), *, counted: bool = True
) -> str:
    """A date field's sentences cut to the date the field asks for.

    ``asked`` are the field's phrasings, ``rivals`` those of the brief's other date fields.
    A sentence without a calendar date does not state one ("no later than 30 days after"),
    unless it counts the deadline from the proposals' due date ("seven days before the
    proposal due date": ``when.relative_deadline`` resolves it) and the field may be
    ``counted`` so: the proposals' due date is never counted from itself ("proposals may be
    withdrawn up to two days before the due date" does not say when they are due).
    A key-dates table reads as one line ("Questions due: March 20, 2026, 5:00 p.m. Proposals
    due: April 10, 2026 ..."): each date is kept with the words before it. A segment is the
    field's when it shares a word with its phrasings besides the words of any date ("due",
    "deadline"), and no fewer than with a rival's: "Proposals due: May 18" does not say when
    questions are due. A field asking for a deadline ("When are proposals due?") needs a
    segment that says one ("due", "no later than", "closing"...): the date an amendment was
    issued is not when quotes are due; nor is a date by which the buyer acts (``BUYER_ACTS``:
    "answers will be posted by March 10"). The best such segment of each sentence stays."""
    own = _words_of(asked)
    others = [_words_of(r) for r in rivals]
    deadline = any(DEADLINE.search(q) for q in asked)

    def fit(segment: str) -> int:
        terms = set(content_terms(segment))
        mine = len(own & terms)
        if deadline and (not DEADLINE.search(segment) or _buyer_acts(segment)):
            return 0
        return mine if mine and mine >= max((len(o & terms) for o in others), default=0) else 0

    kept = []
    for sentence in answer_sentences(text):
        marker = " ".join(m.group(0) for m in MARKER.finditer(sentence))
        plain = MARKER.sub("", sentence).strip()
        # a deadline counted from the due date has no calendar date of its own (when.py
        # counts it): the sentence is its segment
        relative = counted and RELATIVE.search(plain)
        segments = _date_segments(plain) or ([plain] if relative else [])
        best = max(segments, key=fit, default="")
        if best and fit(best):
            kept.append(f"{best.strip(' ,;')} {marker}".strip() + ".")
    return " ".join(kept)


DEADLINE = re.compile(
    r"\b(?:due|deadline|no later than|not later than|closing|closes|close of|received|"
    r"receipt|submit(?:ted)?|submission|prior to|on or before|reply by|vencimiento|plazo|"
    r"(?:bid|tender)\s+opening|last date)\b"
    # "by" before the date itself ("must be emailed to the buyer by May 27, 2026")
    rf"|\bby\s+(?=(?:{MONTHS})\b|\d)",
    re.IGNORECASE,
)
"""Words that make a date a deadline. A sealed bid's opening is its deadline ("BID
OPENING: June 3, 2026, 2:00 p.m."): bids are due when they are opened."""


BUYER_ACTS = re.compile(
    r"\b(?:will|shall|(?<!in order )to)\s+(?:be\s+)?(?:posted|published|issued|answered|"
    r"responded\s+to|made\s+available|distributed|notified|announced|"
    r"respond|answer|post|publish|issue|notify|announce)\b",
    re.IGNORECASE,
)
"""A date by which the buyer acts, not one by which the bidder must: "Responses to questions
will be posted by March 10", "Answers will be issued as an addendum no later than March 10",
"The County will respond to questions by March 10", "Deadline for the Town to answer
questions: March 10". A schedule lists the buyer's milestones beside the bidders' deadlines,
in the same words ("questions", "no later than"). Not: "Questions shall be submitted by
March 3" (the bidder's deadline), "Questions to be provided in writing by March 3" (who
provides is the bidder), "In order to be answered, questions must be received by March 3",
nor "No inquiry will be responded to after March 20" (the buyer's refusal after a date is
the bidder's deadline: ``AFTER``)."""
AFTER = re.compile(r"\bafter\b", re.IGNORECASE)


def _buyer_acts(segment: str) -> bool:
    return bool(BUYER_ACTS.search(segment)) and not AFTER.search(segment)


def _words_of(questions: Sequence[str]) -> frozenset[str]:
    return frozenset(t for q in questions for t in content_terms(q)) - _date_words()


@cache
def _date_words() -> frozenset[str]:
    """Words every date question and key-dates line share ("due", "deadline", "date"): they
    cannot tell the questions due date from the proposals due date."""
    words = {"due", "when", "submit", "submitted", "receipt", "received"}
    words.update(vocabulary().answer_type_cues["date_nouns"])
    return frozenset(t for w in words for t in content_terms(w))


ZONE_ABBREVIATION = (
    r"(?:[ECMP][SDP]?T|AK[SD]?T|H[SD]?T|HAST|UTC|GMT|BST|CES?T|WES?T|ART|A[CEW][SD]T|NZ[SD]T|IST)\b"
)
"""North American, European, Argentine, Australian, New Zealand and Indian zones as
solicitations print them."""
TIME_ZONE = (
    r"(?:(?i:local\s+time)|(?:Eastern|Central|Mountain|Pacific|Alaska|Hawai['ʻ’]?i)"
    r"(?:\s+(?:Standard|Daylight|Prevailing))?\s+Time|\(?" + ZONE_ABBREVIATION + r"\)?)"
)
"""A time zone after a time: "local time", "Eastern Time", "ET", "(EST)"."""
DATE_TAIL = re.compile(
    r"(?:(?:,?\s*|\s+(?i:del?)\s+)\d{4})?"
    r"(?:,?\s*(?:(?i:at|by|up\s+to|until|a\s+las?)\s+|@\s*|[-–]\s*)?"
    r"(?:\d{1,2}(?::\s?\d{2}){0,2}\s*(?i:a\.?m\.?|p\.?m\.?)|(?i:noon)"
    r"|\d{1,2}:\s?\d{2}(?::\d{2})?(?:\s*(?i:hours|hrs|horas|hs)\b\.?)?)"
    rf"(?:\s*{TIME_ZONE})?(?:\s+\({ZONE_ABBREVIATION}\))?)?"
)
"""What follows a date in a key-dates line: its year, its time and the time's zone ("2026,
5:00 p.m. local time", "@ 11:00 AM CT", "by 3:30PM Central Time (CT)", "14:00 hours"; in
Spanish "de 2031 a las 13:00 horas"): a deadline is its date and its time, and a date cut
from its year has no ISO form. A text layer may put a space after the time's colon ("1: 00
PM")."""


PLACEHOLDER = re.compile(r"\b(?:TBD|TBA|to be (?:determined|announced))\b", re.IGNORECASE)
"""A key-dates row without its date yet ("Contract Awards Multiple, TBD")."""


def _date_segments(sentence: str) -> list[str]:
    """The sentence cut after each calendar date (with its year and time). A placeholder
    ("TBD") ends its row too: the next row's date is not that row's. A table whose rows open
    with their date ("June 28, 2017 by 3:00 PM Questions Due July 10, 2017 … Quotes Due") is
    cut before each date instead (``_rows_opening_with_dates``)."""
    dates = list(CALENDAR.finditer(sentence))
    if dates and ROW_NUMBER_ONLY.fullmatch(sentence[: dates[0].start()]):
        if len(dates) < 2:  # one row cannot show which way the table runs: whose date?
            return []
        return _rows_opening_with_dates(sentence, dates)
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


ROW_NUMBER_ONLY = re.compile(r"\W*(?:(?:No\.?\s*)?\d{1,2}\W*)?")
"""What may come before a table's first date when its rows open with their date: nothing,
or the row's number ("1 June 21, 2017 Solicitation released")."""


def _rows_opening_with_dates(sentence: str, dates: Sequence[re.Match[str]]) -> list[str]:
    """The sentence cut before each date: each row is its date and the event after it, in
    at most ``MAX_EVENT_WORDS`` words (the last row's event, then the paragraph after the
    table, which the text layer ran on)."""
    ends = [match.start() for match in dates[1:]] + [len(sentence)]
    rows = []
    for match, end in zip(dates, ends, strict=True):
        event = list(
            takewhile(
                lambda word: word not in SENTENCE_OPENERS, sentence[match.end() : end].split()
            )
        )
        row = " ".join([match.group(0), *event[:MAX_EVENT_WORDS]]).rstrip(" .")
        rows.append(ROW_NUMBERS.sub("", row))
    return rows


ROW_NUMBERS = re.compile(r"^\d{1,2}\s+(?=[A-Z][a-z]+\.?\s+\d{1,2},)|\s+\d{1,2}$")
"""A row's number before its date ("2 March 9, 2026" read as one) and the next row's after
its event ("… Questions due 3")."""
SENTENCE_OPENERS = frozenset(
    {"If", "When", "Please", "The", "This", "These", "All", "Any", "Each", "For", "In"}
)
"""Words that open the paragraph after a table rather than go on a row's event."""
MAX_EVENT_WORDS = 10
"""The most words a key-dates row gives its event after the date ("by 3:00 PM EST Questions
about Solicitation Due")."""
