"""Machine translation of an English question into Spanish, for Spanish tenders.

An English question on a Spanish *pliego* shares almost no words with it: BM25 finds nothing
and the reranker's term coverage is zero. The glossary (``vocabulary/spanish.toml``) carries
procurement nouns; a whole question ("Who must sign the delivery note?") needs its verbs,
prepositions and word order too. Apertium (Debian's ``apertium`` with the ``apertium-eng-spa``
pair) is a rule-based translator: offline, deterministic, about 0.1 s a question, and general
language, not this project's documents. Its output is rough ("must" can come out as "mosto",
"fine" as "bien"), which is why the glossary's words are always searched beside it
(``retrieval.expansion.plan_queries`` says which searches an English question gets).

A word Apertium does not know at all ("counterpart") comes out in English and matches no
Spanish clause; the glossary's phrasing takes its place when it has one (*contraparte*).

Apertium is a separate program, like Tesseract: when it is missing the pipeline goes on
without it, and ``translator`` says what to install.
"""

from __future__ import annotations

import logging
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from rfp_agents.text import content_terms
from rfp_agents.vocabulary import vocabulary

log = logging.getLogger("rfp_agents.translation")

APERTIUM = "apertium"
"""The program ``to_spanish`` runs (a name on PATH or a path)."""
INSTALL_HINT = "apt-get install apertium apertium-eng-spa"
"""How to install Apertium and its English-Spanish pair on Debian/Ubuntu."""
ENGLISH_TO_SPANISH = "eng-spa"
"""Apertium's mode name for English to Spanish."""
UNSURE_MARKS = "*#@"
"""Apertium's marks on a word it did not know (*), could not inflect (#) or could not
transfer (@): the word is kept, the mark dropped."""
UNKNOWN_MARK = "*"
TRAILING_PUNCTUATION = "?!.,;:)"
TIMEOUT_SECONDS = 10
"""A question is a line; Apertium answers in a fraction of a second."""


class TranslationUnavailable(Exception):  # noqa: N818 - a condition the user fixes, shown as is
    """Apertium or its English-Spanish pair is not installed; the message says what to do."""


@dataclass(frozen=True)
class Translator:
    """An installed Apertium and the mode it translates with."""

    command: str
    mode: str

    def translate(self, text: str, known: Callable[[str], str | None] = lambda word: None) -> str:
        """``text`` translated; a word Apertium does not know is replaced by ``known(word)``
        when that has it, else kept as written, so a product name or a figure survives."""
        done = subprocess.run(
            [self.command, self.mode],
            input=text,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_SECONDS,
            check=True,
        )
        return " ".join(_unmarked(word, known) for word in done.stdout.split())


def _unmarked(word: str, known: Callable[[str], str | None]) -> str:
    """An output word without Apertium's mark; an unknown one (``*word``) as ``known`` has
    it, its punctuation kept."""
    if not word.startswith(UNKNOWN_MARK):
        return word.lstrip(UNSURE_MARKS)
    bare = word.lstrip(UNSURE_MARKS)
    core = bare.rstrip(TRAILING_PUNCTUATION)
    replacement = known(core) if core else None
    return replacement + bare[len(core) :] if replacement else bare


@lru_cache(maxsize=4)
def translator(command: str = APERTIUM, mode: str = ENGLISH_TO_SPANISH) -> Translator:
    """The installed Apertium for ``mode``, found once per process.

    Raises:
        TranslationUnavailable: Apertium is not installed, or has no ``mode`` pair.
    """
    found = shutil.which(command)
    if found is None:
        raise TranslationUnavailable(
            f"Apertium is not installed ({command!r} not found); {INSTALL_HINT}"
        )
    probe = subprocess.run(
        [found, "-u", mode], input="", capture_output=True, text=True, timeout=TIMEOUT_SECONDS
    )
    if probe.returncode != 0:
        said = next(iter(probe.stderr.strip().splitlines()), "no message")
        raise TranslationUnavailable(f"Apertium has no {mode!r} pair ({said}); {INSTALL_HINT}")
    return Translator(found, mode)


@lru_cache(maxsize=256)
def to_spanish(question: str) -> str | None:
    """``question`` in Spanish, or None when Apertium is not installed or fails (a warning
    says so: retrieval goes on with the glossary's words)."""
    try:
        return translator(APERTIUM).translate(_modal_as_should(question), glossary_phrasing) or None
    except TranslationUnavailable as missing:
        _warn_once(f"English questions on Spanish documents are not machine-translated: {missing}")
    except (OSError, subprocess.SubprocessError) as failed:
        log.warning("Apertium could not translate %r: %s", question, failed)
    return None


MUST = re.compile(r"\bmust\b", re.IGNORECASE)


def _modal_as_should(question: str) -> str:
    """``question`` with "must" written "should": Apertium's tagger reads the "must" of an
    inverted question as the noun (*mosto*, grape must: "What must the bidder provide?" ->
    "Qué mosto el contratista …"), while it renders "should" as *tener que* in questions and
    statements alike. The translation is searched, not read, so the weaker modal costs
    nothing."""
    return MUST.sub(lambda m: "Should" if m.group()[0].isupper() else "should", question)


def glossary_phrasing(word: str) -> str | None:
    """How the glossary (``vocabulary/spanish.toml``) writes an English word in Spanish,
    its phrasings joined (the translation is searched, not read), or None."""
    phrasings = vocabulary().spanish.get(tuple(content_terms(word)))
    return " ".join(phrasings) if phrasings else None


@lru_cache(maxsize=8)
def _warn_once(message: str) -> None:
    """A missing translator is said once per process, not on every question."""
    log.warning(message)
