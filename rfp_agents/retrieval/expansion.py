"""Query expansion: one question becomes a few retrieval queries, each with a reason.

An analyst's words are often not the RFP's: "penalties" is written "liquidated damages",
"price reduction" or "deductions"; "uptime" is "availability" or a "service level". The
vocabulary (``rfp_agents/vocabulary/synonyms.toml``, general procurement language) maps
everyday words to RFP phrasing, by domain. The expanded queries are
the question itself, a rewrite in RFP vocabulary, and the question's key terms alone (which
helps BM25 and keeps the embedding from drifting on filler words).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rfp_agents.text import content_terms, detect_language, raw_terms
from rfp_agents.translation import to_spanish
from rfp_agents.vocabulary import vocabulary


@dataclass(frozen=True)
class ExpandedQuery:
    text: str
    why: str


def expand_queries(question: str, domain: str | None = None, limit: int = 3) -> list[ExpandedQuery]:
    """The question, its RFP-vocabulary rewrite and its key terms, at most ``limit``."""
    queries = [ExpandedQuery(question, "the question")]
    terms = content_terms(question)
    synonyms = vocabulary().synonyms
    matched = [(t, synonyms[t]) for t in dict.fromkeys(terms) if t in synonyms]
    # the agent's own domain first: its phrasings are the likelier reading
    matched.sort(key=lambda item: item[1][0] != domain)
    if matched:
        phrasings = list(dict.fromkeys(p for _, (_, ps) in matched for p in ps))[:6]
        rewrite = " ".join([*terms, *phrasings])
        words = ", ".join(f"{t} -> {' / '.join(ps)}" for t, (_, ps) in matched)
        queries.append(ExpandedQuery(rewrite, f"RFP vocabulary: {words}"))
    key_terms = " ".join(terms)
    if key_terms and key_terms.lower() != question.lower() and len(terms) >= 2:
        queries.append(ExpandedQuery(key_terms, "key terms only"))
    return _unique(queries)[:limit]


def in_spanish(question: str) -> ExpandedQuery | None:
    """The question's words as Spanish tenders write them (``vocabulary/spanish.toml``), its
    figures kept: a search an English question needs to match a Spanish clause by its words.
    None when none of its words has an entry."""
    terms = content_terms(question)
    found = glossary_entries(terms)
    if not found:
        return None
    glossary = vocabulary().spanish
    words = [p for key in found for p in glossary[key]] + [t for t in terms if t[:1].isdigit()]
    why = ", ".join(f"{' '.join(key)} -> {' / '.join(glossary[key])}" for key in found)
    return ExpandedQuery(" ".join(dict.fromkeys(words)), f"in Spanish: {why}")


def glossary_entries(terms: list[str]) -> list[tuple[str, ...]]:
    """The glossary's keys found in ``terms``, in order and each once: at each position the
    phrase first, then its words ("successful bidder" is *adjudicatario*, and a bidder is
    still *licitador*: a clause may name either)."""
    glossary = vocabulary().spanish
    longest = _longest_glossary_key()
    found = [
        key
        for at in range(len(terms))
        for size in range(min(longest, len(terms) - at), 0, -1)
        if (key := tuple(terms[at : at + size])) in glossary
    ]
    return list(dict.fromkeys(found))


@cache
def _longest_glossary_key() -> int:
    """The words in the glossary's longest phrase, counted once per process."""
    return max(map(len, vocabulary().spanish), default=1)


def translated(question: str) -> ExpandedQuery | None:
    """The whole question machine-translated into Spanish (Apertium, ``translation``); None
    when Apertium is not installed."""
    spanish = to_spanish(question)
    if spanish is None:
        return None
    return ExpandedQuery(spanish, "in Spanish: machine translation (Apertium)")


@dataclass(frozen=True)
class Expansion:
    """The searches planned for a question, and the text the reranker weighs passages
    against (the question, or its Spanish words when every document is Spanish)."""

    queries: list[ExpandedQuery]
    ranking_text: str
    translated: bool = False
    """True when ``ranking_text`` is the question's Spanish, not the question."""


def plan_queries(question: str, domain: str | None, limit: int, languages: set[str]) -> Expansion:
    """The queries for ``question`` on documents in ``languages``.

    An English question on Spanish documents is also searched in Spanish: the glossary's
    words and Apertium's translation. When every document is Spanish and the translation is
    there, the English wording is dropped: its words match nothing in BM25 and its searches
    only add noise to the fusion (the multilingual embedding reads the translation as well).
    """
    queries = expand_queries(question, domain, limit)
    if "es" not in languages or detect_language(question) == "es":
        return Expansion(queries, question)
    glossary, translation = in_spanish(question), translated(question)
    spanish = [q for q in (translation, glossary) if q is not None]
    if translation is None or languages != {"es"}:
        return Expansion(_unique([*queries, *spanish]), question)
    ranking_text = " ".join(q.text for q in spanish)
    combined = _combined(translation, glossary)
    return Expansion(_unique([translation, *combined, *spanish]), ranking_text, translated=True)


def _combined(translation: ExpandedQuery, glossary: ExpandedQuery | None) -> list[ExpandedQuery]:
    """The translation's key terms with the glossary's words, as one search.

    Apertium picks a word's general sense ("fine" as *bien*, not *multa*); the glossary has
    the procurement sense but none of the question's other words. Searched together (the
    usual combination of machine and dictionary translation in cross-language search), a
    clause matching both readings ranks above one matching the translation's wrong sense only.
    """
    terms = [raw for raw, _ in raw_terms(translation.text)]  # BM25 stems them in Spanish
    words = [*(glossary.text.split() if glossary else []), *terms]
    if len(terms) < 2 and glossary is None:
        return []
    why = "key terms of the translation" + (" and the glossary's words" if glossary else "")
    return [ExpandedQuery(" ".join(dict.fromkeys(words)), why)]


def _unique(queries: list[ExpandedQuery]) -> list[ExpandedQuery]:
    return list({q.text.lower(): q for q in queries}.values())
