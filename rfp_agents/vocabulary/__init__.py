"""The project's general knowledge, kept as data: one place to read and extend.

- ``synonyms.toml``: everyday words -> RFP phrasings, by domain (query expansion).
- ``domains.toml``: each domain's lexicon (chunk and question labels) and what the router and
  the agents are told it covers.
- ``question_words.toml``: how questions are worded (not their subject), and the cues of the
  answer type a question wants.

Each file says where its terms come from: general procurement and contract language, never
one tender or the answer of a gold question. ``vocabulary()`` loads and checks them once.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from rfp_agents.text import content_terms

DOMAIN_NAMES = ("legal", "technical", "financial")


@dataclass(frozen=True)
class DomainVocabulary:
    terms: dict[str, float]
    description: str
    focus: str
    examples: tuple[str, ...]


@dataclass(frozen=True)
class Vocabulary:
    synonyms: dict[str, tuple[str, tuple[str, ...]]]
    """Question word -> (domain, RFP phrasings)."""
    domains: dict[str, DomainVocabulary]
    question_words: frozenset[str]
    answer_type_cues: dict[str, tuple[str, ...]]
    """``date`` / ``quantity`` cues and nouns, and the ``measure_words`` of a question."""
    spanish: dict[tuple[str, ...], tuple[str, ...]]
    """English question words (their content terms, one or a phrase such as ``("work",
    "day")``) -> how Spanish tenders write them."""


def load_vocabulary_file(name: str) -> dict:
    """One of this package's TOML files, parsed."""
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def vocabulary() -> Vocabulary:
    """The vocabulary files, parsed and checked (a malformed file fails loudly at first use)."""
    synonyms: dict[str, tuple[str, tuple[str, ...]]] = {}
    for domain, table in load_vocabulary_file("synonyms.toml").items():
        if domain not in DOMAIN_NAMES:
            raise ValueError(f"synonyms.toml: unknown domain table [{domain}]")
        for word, phrasings in table.items():
            if word in synonyms:
                raise ValueError(f"synonyms.toml: {word!r} is listed twice")
            synonyms[word] = (domain, tuple(phrasings))
    raw_domains = load_vocabulary_file("domains.toml")
    if tuple(raw_domains) != DOMAIN_NAMES:
        raise ValueError(f"domains.toml: expected tables {DOMAIN_NAMES}, got {tuple(raw_domains)}")
    domains = {
        name: DomainVocabulary(
            terms={term: float(w) for term, w in table["terms"].items()},
            description=" ".join(table["description"].split()),
            focus=table["focus"],
            examples=tuple(table["examples"]),
        )
        for name, table in raw_domains.items()
    }
    questions = load_vocabulary_file("question_words.toml")
    spanish: dict[tuple[str, ...], tuple[str, ...]] = {}
    for words, phrasings in load_vocabulary_file("spanish.toml")["terms"].items():
        spanish.setdefault(tuple(content_terms(words)) or (words,), tuple(phrasings))
    return Vocabulary(
        synonyms=synonyms,
        domains=domains,
        question_words=frozenset(t for w in questions["words"] for t in content_terms(w)),
        answer_type_cues={k: tuple(v) for k, v in questions["answer_type_cues"].items()},
        spanish=spanish,
    )
