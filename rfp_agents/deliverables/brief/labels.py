"""Label-value lines of a solicitation's front matter: "Solicitation No.: 24-0117",
"RFP # RFP-27-014", "Bid Number" with the number on the line below.

Covers print a solicitation's number as a label and its value. The value sits on the same
line after a colon, a "#", a spaced dash or a gap, or on the line below. The labels are data
(``vocabulary/cover_labels.toml``). The value must be a code: it holds a digit, runs to three
characters or more, and is no date and no bare year. A label whose value is no code gives
nothing ("Contract: twelve months").

Label lines were tried for the issuer and the key dates too, and left out: on the blind
benchmark the issuer's label lost one document, and the dates' changed none (as the first
answer, and as a fallback when the documents answer nothing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from rfp_agents.text import fold_accents
from rfp_agents.vocabulary import load_vocabulary_file

NUMBER_WORD = r"(?:no\.?|nos\.?|number|num\.?|#|n[º°o]\.?|id|ref\.?)"
"""What follows a label to say a number comes ("Bid No.", "RFP #", "Nº")."""
SEPARATOR = r"(?:\s*[:#|]\s*|\s+[–—-]\s+|\s+)"
"""A colon, "#" or a bar, a spaced dash, or a gap; never the hyphen inside a code
("RFP-27-014")."""
MAX_VALUE_CHARACTERS = 160
CODE = re.compile(r"#?\s*([A-Z0-9][A-Z0-9./_-]*[A-Z0-9]|[0-9]{3,})", re.IGNORECASE)
DATE_LIKE = re.compile(r"^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}$")
YEAR = re.compile(r"(?:19|20)\d{2}")


@dataclass(frozen=True)
class Labelled:
    """A field's value as a label line prints it."""

    field: str
    value: str
    line: str
    """The label's line, as printed (to find the passage that holds it)."""


@cache
def _labels() -> tuple[tuple[str, re.Pattern[str]], ...]:
    table = load_vocabulary_file("cover_labels.toml")
    return tuple(
        (
            field,
            re.compile(
                rf"^\W{{0,3}}(?:{'|'.join(entry['labels'])})\b\.?(?:\s*{NUMBER_WORD})?"
                rf"(?:{SEPARATOR}(?P<value>.*)|\W*)$",
                re.IGNORECASE,
            ),
        )
        for field, entry in table.items()
    )


def labelled_values(text: str) -> list[Labelled]:
    """Every label line of ``text`` whose value is a code, in reading order."""
    lines = [" ".join(line.split()) for line in text.splitlines()]
    lines = [line for line in lines if line]
    found = []
    for index, line in enumerate(lines):
        folded = fold_accents(line)
        for field, pattern in _labels():
            match = pattern.match(folded)
            if not match:
                continue
            start = match.start("value")
            value = line[start:].strip() if start >= 0 else ""
            if not value and index + 1 < len(lines):
                value = lines[index + 1]
            code = _code(value[:MAX_VALUE_CHARACTERS])
            if code:
                found.append(Labelled(field, code, line))
                break
    return found


def _code(value: str) -> str:
    """The identifier opening ``value``: a digit in it, three characters or more, no date
    and no year alone ("RFP 2026 Landfill Shop")."""
    found = CODE.match(value.strip())
    if not found:
        return ""
    code = found.group(1).rstrip(".")
    if len(code) < 3 or not any(c.isdigit() for c in code):
        return ""
    if DATE_LIKE.match(code) or YEAR.fullmatch(code):
        return ""
    return code
