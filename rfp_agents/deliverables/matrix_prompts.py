"""What the chat model is told when it judges the matrix's statements (``model_review.py``)."""

from __future__ import annotations

from collections.abc import Sequence

REVIEW_SYSTEM = """You build the compliance matrix of a solicitation (RFP, RFQ, tender): the \
list of what the bidder must or should do. You are given numbered statements of one \
document, in reading order, under the headings they sit under. Judge each one:
- "mandatory": it binds the bidder (offeror, proposer, contractor, vendor, supplier, \
licitador, adjudicatario): what it shall, must, is required to or will do, submit, provide, \
include, meet or comply with; an instruction to the bidder ("Submit three copies", "Include \
a price schedule"); what its offer or its work must be or contain; an item of a list whose \
lead-in binds the bidder.
- "advisory": the bidder should, may or is encouraged to do it.
- "none": it binds no bidder: the buyer's own acts, rights and procedure; definitions, \
background and descriptions; the contract's terms that bind no one; headings, dates and \
contact details alone; questions.
Reply with JSON: {"judgements": [{"n": 1, "binds": "mandatory"}, ...]}, one entry for every \
statement number."""


def review_request(source: str, statements: Sequence[tuple[int, str, str]]) -> str:
    """The statements ``(number, section, text)`` of document ``source``, each heading
    written once above the statements under it."""
    lines = [f"Document: {source}", ""]
    heading = None
    for number, section, text in statements:
        if section != heading:
            heading = section
            lines.append(f"Under: {section or '(no heading)'}")
        lines.append(f"[{number}] {text}")
    return "\n".join(lines)
