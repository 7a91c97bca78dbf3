"""The brief's dates as an iCalendar file (``rfp brief --ics``), written with ``icalendar``
(RFC 5545): one event a date field that states a whole date, at its time when one is printed
(floating local time; the zone's words stay in the description), else all day."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

from rfp_agents.agents.citations import MARKER
from rfp_agents.deliverables.brief.models import Brief


def brief_calendar(brief: Brief) -> bytes:
    """The calendar of ``brief``'s dated fields (none: a calendar with no event)."""
    from icalendar import Calendar, Event

    calendar = Calendar()
    calendar.add("prodid", "-//rfp_agents//brief//EN")
    calendar.add("version", "2.0")
    pages = {c.n: f"{c.source_file} p. {c.page_number}" for c in brief.citations}
    scope = ", ".join(brief.documents) or brief.knowledge_base
    for field in brief.fields:
        if not field.iso:
            continue
        event = Event()
        event.add("uid", f"{brief.knowledge_base}-{field.name}-{field.iso}@rfp_agents")
        event.add("summary", f"{field.label}: {scope}")
        event.add("dtstart", _moment(field.iso))
        event.add("dtstamp", datetime.now(UTC))
        cited = "; ".join(pages[n] for n in field.citations if n in pages)
        words = re.sub(r"\s+([.,;])", r"\1", MARKER.sub("", field.value)).strip()
        event.add("description", f"{words} ({cited})")
        calendar.add_component(event)
    return calendar.to_ical()


def _moment(iso: str) -> datetime | date:
    return datetime.fromisoformat(iso) if "T" in iso else date.fromisoformat(iso)
