"""A date field's value as a moment: the ISO 8601 form beside the printed words, and a
deadline put relative to another one resolved against it.

``dateparser`` reads the printed date, in English or Spanish, with its time when one is
printed ("March 2, 2027 @ 11:00 AM CT" -> "2027-03-02T11:00"). Only absolute dates are
read: a relative one ("seven calendar days before the proposal due date") would otherwise
be read against today. A deadline stated relative to the proposals' due date is resolved
when that date is known ("questions due seven calendar days before" a due date of May 18 is
May 11), and flagged when it is not.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date, datetime, timedelta

from rfp_agents.agents.citations import MARKER
from rfp_agents.agents.question_focus import CALENDAR, DAY_FIRST_DATE
from rfp_agents.deliverables.brief.models import BriefField

CLOCK = re.compile(
    r"(?<![:\d])\b(\d{1,2})(?::\s?(\d{2}))?(?::\d{2})?\s*([ap])\.?\s*m\.?(?![a-z])", re.IGNORECASE
)
"""A time of day on the 12-hour clock: "5 p.m.", "4:00PM", "3:30:00 p.m." (seconds)."""
NOON = re.compile(r"\bnoon\b", re.IGNORECASE)
YEAR_AFTER = re.compile(r"(?:,?\s*|\s+de\s+)(?:19|20)\d{2}\b", re.IGNORECASE)
"""The year printed after a month and day ("August 17, 2018", "31 de diciembre de 2026")."""
CLOCK_24 = re.compile(
    r"(?<![:\d])\b([01]?\d|2[0-3]):([0-5]\d)(?::\d{2})?(?![:\d])(?!\s*[ap]\.?\s*m)", re.IGNORECASE
)
"""A time of day on the 24-hour clock ("14:00", "14:00 hours")."""
YEAR_PRINTED = re.compile(r"\b(?:19|20)\d{2}\b|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b")
"""A date without its year ("August 17") is given no ISO form: the year would be guessed."""
DAY_FIRST = re.compile(DAY_FIRST_DATE)
"""Read day first ("10.03.2026" is 10 March); a date with slashes keeps dateparser's month
first."""
NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "fourteen": 14, "fifteen": 15, "twenty": 20, "thirty": 30,
}  # fmt: skip
RELATIVE = re.compile(
    r"\b(?P<count>\d{1,3}|" + "|".join(NUMBER_WORDS) + r")\s*(?:\(\d{1,3}\)\s*)?"
    r"(?P<kind>calendar|business|working)?\s*days?\s+(?P<way>before|prior\s+to|after|following)"
    r"\s+(?:the\s+)?(?:(?:proposal|bid|quote|quotation|offer|response|submission|closing|"
    r"tender|solicitation|rfp|rfq|itb|ifb)\s+)*"
    r"(?:due\s+date|deadline|closing(?:\s+(?:date|time))?|submission\s+date|opening(?:\s+date)?)",
    re.IGNORECASE,
)
"""A deadline counted from the proposals' due date, whatever the document calls it ("seven
(7) calendar days before the proposal due date", "5 business days prior to the closing
time", "ten days prior to the bid opening", "before the tender closing date")."""


def iso_of(value: str) -> str:
    """The ISO form of the first whole date ``value`` prints (one with its year), with the
    time of day printed nearest to it; "" when it prints no whole date.

    The date is read from its own words ("Friday, August 17, 2018"), not by searching the
    whole sentence: a search takes "August 17" apart from its year and guesses one."""
    text = MARKER.sub("", value)
    for found in CALENDAR.finditer(text):
        year = YEAR_AFTER.match(text, found.end())
        words = found.group(0) + (year.group(0) if year else "")
        if not YEAR_PRINTED.search(words):
            continue
        moment = _parsed(words, ["day", "month", "year"])
        if moment is None:
            continue
        clock = _nearest_clock(text, found.start())
        return moment.date().isoformat() + (f"T{clock}" if clock else "")
    return ""


IN_FULL = 2
"""``printed_in_full`` of a date printed with its year and its time of day."""


def printed_in_full(value: str) -> tuple[tuple[int, int], int] | None:
    """The day and month of the first calendar date ``value`` prints, and how much of the
    moment it prints with it: 0 the date alone ("the August 17 deadline"), 1 with its year
    or its time of day, ``IN_FULL`` with both ("5:00 p.m. EDT on Friday, August 17, 2018");
    None when it prints no date dateparser reads."""
    text = MARKER.sub("", value)
    found = CALENDAR.search(text)
    if found is None:
        return None
    moment = _parsed(found.group(0), ["day", "month"])
    if moment is None:
        return None
    year = bool(YEAR_PRINTED.search(found.group(0)) or YEAR_AFTER.match(text, found.end()))
    clock = bool(_nearest_clock(text, found.start()))
    return (moment.month, moment.day), int(year) + int(clock)


def _parsed(words: str, parts: list[str]) -> datetime | None:
    """The date ``words`` print, read by dateparser in English or Spanish with ``parts``
    required; day first when printed with dots or dashes (``DAY_FIRST``)."""
    import dateparser

    settings = {"PREFER_DAY_OF_MONTH": "first", "REQUIRE_PARTS": parts}
    if DAY_FIRST.fullmatch(words):
        settings["DATE_ORDER"] = "DMY"
    return dateparser.parse(words, languages=["en", "es"], settings=settings)


def _nearest_clock(text: str, position: int) -> str:
    """The time of day printed nearest to ``position`` ("5:00 p.m." -> "17:00"), or ""."""
    times = [(abs(m.start() - position), _clock_24(m)) for m in CLOCK.finditer(text)]
    times += [(abs(m.start() - position), "12:00") for m in NOON.finditer(text)]
    times += [(abs(m.start() - position), f"{int(m.group(1)):02d}:{m.group(2)}")
              for m in CLOCK_24.finditer(text)]  # fmt: skip
    return min(times)[1] if times else ""


def _clock_24(found: re.Match[str]) -> str:
    hour = int(found.group(1)) % 12 + (12 if found.group(3).lower() == "p" else 0)
    return f"{hour:02d}:{found.group(2) or '00'}"


def relative_deadline(value: str, anchor_iso: str) -> tuple[str, str] | None:
    """The ISO date of a deadline ``value`` counts from the proposals' due date, and the
    words that count it; None when it counts from nothing. ``anchor_iso`` is that due date
    ("" when unknown: the words are returned with no date)."""
    found = RELATIVE.search(MARKER.sub("", value))
    if not found:
        return None
    words = " ".join(found.group(0).split())
    if not anchor_iso:
        return "", words
    count = found.group("count").lower()
    days = int(count) if count.isdigit() else NUMBER_WORDS[count]
    sign = 1 if found.group("way").lower() in ("after", "following") else -1
    anchor = date.fromisoformat(anchor_iso[:10])
    business = (found.group("kind") or "").lower() in ("business", "working")
    return _shifted(anchor, sign * days, business).isoformat(), words


def _shifted(start: date, days: int, business: bool) -> date:
    """``start`` moved by ``days``; business days skip Saturdays and Sundays."""
    if not business:
        return start + timedelta(days=days)
    step = 1 if days > 0 else -1
    moved, left = start, abs(days)
    while left:
        moved += timedelta(days=step)
        if moved.weekday() < 5:
            left -= 1
    return moved


ANCHOR_FIELD = "proposals_due"


def with_moments(
    fields: Sequence[BriefField], kinds: Mapping[str, str]
) -> tuple[list[BriefField], list[str]]:
    """The fields, each found date field with its ISO form; a deadline counted from the
    proposals' due date resolved against it. The notes say which were counted, and which
    could not be (no due date stated)."""
    dated = [
        f.model_copy(update={"iso": iso_of(f.value)})
        if kinds.get(f.name) == "date" and f.status == "found"
        else f
        for f in fields
    ]
    anchor = next((f.iso for f in dated if f.name == ANCHOR_FIELD), "")
    notes = []
    for index, field in enumerate(dated):
        if kinds.get(field.name) != "date" or field.status != "found" or field.iso:
            continue
        relative = relative_deadline(field.value, anchor)
        if relative is None:
            continue
        iso, words = relative
        if iso:
            dated[index] = field.model_copy(update={"iso": iso})
            notes.append(f"{field.name}: '{words}' counted from the proposals due date "
                         f"({anchor[:10]}): {iso}")  # fmt: skip
        else:
            notes.append(f"{field.name}: '{words}', and no proposals due date is stated to "
                         "count it from")  # fmt: skip
    return dated, notes
