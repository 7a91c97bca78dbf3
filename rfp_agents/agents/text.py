"""Small text helpers shared by the offline answerer and the citation check.

Content terms are lower-cased words minus English stop words, with numbers and clause ids
kept whole ("52.232-18", "99.95%", "$50,000"), because in RFPs those are the words that
carry the answer.
"""

from __future__ import annotations

import re

_STOP_WORDS_TEXT = """
    a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers him his how i if in into is it its itself
    just me more most my no nor not now of off on once only or other our ours out over own
    same she should so some such than that the their theirs them then there these they this
    those through to too under until up very was we were what when where which while who whom
    why will with would you your yours shall must may might also per via within without upon
    rfp rfq document documents say says said tell according does did done get got please
    there's what's is it's whats apply applies"""
STOP_WORDS = frozenset(_STOP_WORDS_TEXT.split())

_TERM = re.compile(r"\$?\d[\d,.\-/%]*\d%?|\$?\d%?|[a-z][a-z0-9]*(?:[-.][a-z0-9]+)*", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+(?=[A-Z0-9(\"'•\-])|\n\s*(?:[•▪●\-*]|\d+[.)])\s+|\n{2,}")


def content_terms(text: str) -> list[str]:
    """The meaningful terms of ``text``, lower-cased, in order, stop words removed."""
    terms = []
    for match in _TERM.finditer(text):
        term = match.group(0).lower().strip(".,-")
        if term and term not in STOP_WORDS and (len(term) > 1 or term.isdigit()):
            terms.append(_stem(term))
    return terms


def _stem(term: str) -> str:
    """A light plural/-ing stemmer: enough for 'invoices' ~ 'invoice', 'requirements'."""
    if term[0].isdigit() or term.startswith("$"):
        return term
    for suffix, keep in (("ies", "y"), ("sses", "ss"), ("ing", ""), ("es", "e"), ("s", "")):
        if term.endswith(suffix) and len(term) - len(suffix) >= 3:
            return term[: -len(suffix)] + keep
    return term


def term_overlap(query_terms: set[str], text: str) -> float:
    """Share of ``query_terms`` that appear in ``text`` (0 when there are none)."""
    if not query_terms:
        return 0.0
    return len(query_terms & set(content_terms(text))) / len(query_terms)


def split_sentences(text: str) -> list[str]:
    """Split a passage into sentences and list items, whitespace normalised."""
    parts = _SENTENCE_END.split(text)
    return [" ".join(p.split()) for p in parts if p and p.strip()]


EXACT_TERM = re.compile(
    r"\b(?:FAR|DFARS|GSAR)\s+\d+\.\d+(?:-\d+)?\b"  # FAR 52.232-18
    r"|\b\d{2,3}\.\d{3}-\d+\b"  # 52.232-18
    r"|\$\s?\d[\d,]*(?:\.\d+)?\b"  # $50,000
    r"|\b\d+(?:\.\d+)?%"  # 99.95%
    r"|\b(?:ISO|NIST|WCAG|SP)\s?[\d.\-]+\d\b"  # ISO 27001, WCAG 2.1
    r"|\"[^\"]{3,80}\""  # "a quoted phrase"
)


def exact_terms(question: str) -> list[str]:
    """Clause numbers, amounts, percentages, standards and quoted phrases in a question."""
    return list(dict.fromkeys(m.group(0).strip('"') for m in EXACT_TERM.finditer(question)))
