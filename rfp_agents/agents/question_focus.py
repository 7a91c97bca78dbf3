"""What a question is about and what kind of answer it wants.

The offline answerer quotes sentences; similarity alone picks sentences that *resemble* the
question (a vendor's question in a Q&A, the document's title, a nearby clause). Two facts about
the question make the choice sharper and make "no evidence" mean something:

- its **key terms**: the content words left once the words naming a document ("the Camrose
  RFP") and the question's own wording ("how soon", "required") are taken out; and among them
  its **subject**: the noun phrase it asks about ("what *liquidated damages per day*
  apply…", "does the contract include a *force majeure clause*?"). When no passage mentions
  a subject term (or an RFP phrasing of it), the documents are about something else.
- its **answer type**: "what is the ceiling / price / value" wants an amount of money; "how
  many / how long / what percentage" a quantity; "when / by what date / deadline" a date
  (or a period). A sentence without one does not answer it, however similar it is.

A word of the question that is rare in English ("escrow", "majeure": wordfreq's Zipf
frequency) names its subject wherever it stands; when no passage holds it, nor half of the
subject's words, the documents are about something else.

The word lists are general English and procurement usage (``rfp_agents/vocabulary``), never
taken from one document or its answers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Literal

from rfp_agents.retrieval.subjects import without_naming
from rfp_agents.text import content_terms, fold_accents, raw_terms, zipf_frequency
from rfp_agents.vocabulary import vocabulary

AnswerType = Literal["money", "percentage", "quantity", "date"]
MISSING_SHARE = 0.5
"""The subject is absent when at least this share of its terms is in no passage ("*liquidated*
damages" where only "damages" is found; not "*early* payment discount")."""

_NUMBER_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    "sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
    "hundred|thousand|million|billion|half|single|double|once|twice|annual|annually|monthly|"
    "weekly|daily|quarterly|"
    # Spanish ("diez (10) días"); not uno / una / un, which are also the article
    "dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|doce|trece|catorce|quince|"
    "diecis[eé]is|diecisiete|dieciocho|diecinueve|veinte|treinta|cuarenta|cincuenta|sesenta|"
    "setenta|ochenta|noventa|cien|ciento|doscientos|trescientos|quinientos|mil|mill[oó]n|"
    "millones|anual|mensual|semanal|diario|trimestral"
)
MONEY = re.compile(
    r"[$€£]\s?\d|\b\d[\d,.]*\s*(?:dollars|usd|eur|euros|pesos)\b|\b\d[\d,.]*\s*[€£]"
    r"|\b(?:usd|eur)\s?\d"
    r"|\b(?:million|billion|thousand)\s+(?:dollars|usd|eur|euros)\b|\b\w+\s+million\b",
    re.IGNORECASE,
)
"""An amount of money ("$50,000", "USD 1,500", "7.040,00 €", "five million dollars")."""
_FIGURE = rf"\d|\b(?:{_NUMBER_WORDS})\b"
QUANTITY = re.compile(_FIGURE, re.IGNORECASE)
"""A figure: digits, or a number written as words ("thirty (30) days", "one million")."""
PERCENTAGE = re.compile(
    rf"(?:{_FIGURE})[\d.,]*\)?\s*(?:%|percent\b|per\s?cent\b|por\s?ciento\b)", re.IGNORECASE
)
"""A share written as one: "10%", "five percent", "diez porciento (10%)", "2.5 per cent"."""
MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december|"
    "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|"
    # Spanish
    "enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|"
    "noviembre|diciembre"
)
"""The months' names and abbreviations, English and Spanish (an alternation)."""
DAY_FIRST_DATE = r"\d{1,2}[.-]\d{1,2}[.-](?:19|20)\d{2}"
"""A date printed with dots or dashes and a four-digit year, day first ("20.03.2026", as the
countries that print dates so do); the year keeps a clause number ("4.2.12") from being one."""
_CALENDAR = (
    rf"\b(?:{MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b"  # April 2, April 2nd
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:de\s+|of\s+)?(?:{MONTHS})\b"  # 2 April, 2nd of April
    r"|\b\d{1,2}/\d{1,2}/\d{2,4}\b"  # 04/02/2026
    rf"|\b{DAY_FIRST_DATE}\b"  # 20.03.2026, 20-03-2026
    r"|\b(?:19|20)\d{2}-\d{2}-\d{2}\b"  # 2026-03-20
)
CALENDAR = re.compile(_CALENDAR, re.IGNORECASE)
"""A calendar date ("April 2, 2026", "03/20/2026"): what "when" asks for first."""
DATE = re.compile(
    rf"{_CALENDAR}|\b(?:19|20)\d{{2}}\b|\b\d{{1,2}}:\d{{2}}\b|\b(?:a\.m|p\.m|noon|midnight)\b"
    rf"|\b(?:{_NUMBER_WORDS}|\d+)\s*(?:\(\d+\)\s*)?(?:calendar\s+|business\s+|working\s+)?"
    r"(?:days?|weeks?|months?|years?|hours?|d[ií]as?|semanas?|meses|mes|años?|horas?)\b",
    re.IGNORECASE,
)
"""A date, a time of day, or a period ("within ten (10) days" answers "when" too)."""
SECTION_NUMBER = re.compile(r"^\s*\(?(?:\d+(?:\.\d+)*|[A-Za-z])(?:[.)]\s*|\s+)(?=[A-Z(])")
"""The number of a clause, section or Q&A entry at the start of a sentence ("2.12.1", "7.5",
"(a)", "22.There are …")."""
REFERENCE = re.compile(
    r"#\s*\d+|\b(?:question|answer|section|clause|item|paragraph|article|attachment|exhibit|"
    r"appendix|amendment|modification)\s+(?:no\.?\s*)?#?\s*\d+(?:\.\d+)*",
    re.IGNORECASE,
)
"""A number that points somewhere ("see answer to question #22", "section 3.2.1"): a
reference, not a quantity the sentence states."""
_CALENDAR_CUES = re.compile(r"^(?:\w+\s+)?when\b|\b(?:date|deadline)\b", re.IGNORECASE)


def wants_calendar_date(question: str) -> bool:
    """ "When do proposals close?", "what is the due date": a date before a period."""
    return bool(_CALENDAR_CUES.search(question.strip()))


@dataclass(frozen=True)
class QuestionFocus:
    """A question's key terms, the words naming its documents, and its answer type."""

    question: str
    key_terms: tuple[str, ...]
    naming: frozenset[str]
    answer_type: AnswerType | None
    subject_terms: tuple[str, ...] = ()
    """The key terms of the noun phrase the question asks about (may be empty)."""
    rare_terms: tuple[str, ...] = ()
    """Key terms that are rare in English ("escrow", "arbitration") or figures ("27001"):
    what a question is specifically about wherever it stands in the question."""

    @property
    def scoring_text(self) -> str:
        """The question without the words that name documents (they select, not answer)."""
        return without_naming(self.question, self.naming)


def question_focus(question: str, naming: Iterable[str] = ()) -> QuestionFocus:
    """The focus of ``question``; ``naming`` are its terms that name documents in scope."""
    naming = frozenset(naming)
    words = vocabulary().question_words
    key = [t for t in dict.fromkeys(content_terms(question)) if t not in naming and t not in words]
    # "what *font size*", "the *maximum length*": a measure names the answer type, not the
    # subject; the answer says "11 point", "ten (10) pages"
    measures = _measure_terms()
    subject = [t for t in content_terms(subject_phrase(question)) if t in key and t not in measures]
    nouns = set(noun_words(question))
    rare = [t for raw, t in raw_terms(question) if t in key and raw in nouns and _is_rare(raw)]
    return QuestionFocus(
        question,
        tuple(key),
        naming,
        answer_type(question),
        tuple(subject),
        tuple(dict.fromkeys(rare)),
    )


RARE_ZIPF = 4.0
"""Words below this Zipf frequency (under ~10 per million English words: "escrow" 3.0,
"arbitration" 3.7; "payment" 4.7, "early" 5.4) name a specific subject."""


def _is_rare(word: str) -> bool:
    if word[:1].isdigit() or word.startswith("$"):
        return True
    return zipf_frequency(word) < RARE_ZIPF


@cache
def _measure_terms() -> frozenset[str]:
    return frozenset(
        t for n in vocabulary().answer_type_cues["measure_words"] for t in content_terms(n)
    )


_WORD = re.compile(r"[a-z0-9][a-z0-9.\-]*", re.IGNORECASE)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# English grammar, not vocabulary: how the noun phrase of a question is delimited.
_DO_SUPPORT = _words("do does did will would can could should must may might shall")
_AUXILIARIES = _DO_SUPPORT | _words("is are was were be has have had")
_DETERMINERS = _words("the a an this these those its their his her our your any")
_PREPOSITIONS = _words("of for in on under by with from at during between about per after before")
_PHRASE_ENDS = (
    _AUXILIARIES | _PREPOSITIONS | _words("to if when that which who whose whom where while than")
)
_WH = _words("what which whose")
_LEADING_PREPOSITIONS = _words("under in for from to at by with on according")
_OBJECT_VERBS = _words(
    "include includes contain contains require requires have has provide provides allow allows "
    "mention mentions specify specifies impose imposes set sets offer offers need needs hold "
    "holds maintain maintains obtain carry meet meets use pay charge submit post"
)


def subject_phrase(question: str) -> str:
    """The noun phrase a question asks about, by its form ("" when the form does not say).

    "What X must…" / "Which X applies…" / "How many X…" give X; "What is the X of…" gives X;
    a yes/no question gives the object of its verb ("does the contract include a X?").
    """
    words = [w.lower() for w in _WORD.findall(question)]
    while words and words[0] in _LEADING_PREPOSITIONS:
        words = words[1:]
    if not words:
        return ""
    start: int | None = None
    if words[0] in _WH:
        start = 1
    elif words[0] == "how" and len(words) > 1 and words[1] in ("many", "much"):
        start = 2
    elif words[0] in _AUXILIARIES:
        verbs = [i for i, w in enumerate(words) if w in _OBJECT_VERBS and i > 1]
        start = verbs[-1] + 1 if verbs else 1  # "is a X required?" asks about X
    if start is None:
        return ""
    rest = words[start:]
    if rest and rest[0] in _AUXILIARIES:  # "what is the X of …"
        rest = rest[1:]
    while rest and rest[0] in _DETERMINERS:
        rest = rest[1:]
    phrase: list[str] = []
    for i, word in enumerate(rest):
        if word in _PHRASE_ENDS:
            break
        following = rest[i + 1] if i + 1 < len(rest) else ""
        if phrase and _looks_like_verb(word) and following and following not in _PHRASE_ENDS:
            break  # "which clause governs data rights": the verb ends the phrase
        phrase.append(word)
    return " ".join(phrase)


def noun_words(question: str) -> list[str]:
    """The words of the question in noun positions: its subject phrase and the phrases after
    a determiner or preposition ("settled *by arbitration*", "include *a force majeure
    clause*"), not its verbs ("governs", "be priced", "does the RFP expire")."""
    words = [w.lower() for w in _WORD.findall(question)]
    if len(words) > 1 and (words[0] in _DO_SUPPORT or words[1] in _DO_SUPPORT):
        words = words[:-1]  # "when does the RFP expire": the last word is the main verb
    found = subject_phrase(question).split()
    for i, word in enumerate(words):
        if word not in _DETERMINERS and word not in _PREPOSITIONS:
            continue
        for j, follower in enumerate(words[i + 1 :], i + 1):
            if follower in _DETERMINERS:
                continue
            if follower in _PHRASE_ENDS or follower in _WH:
                break
            following = words[j + 1] if j + 1 < len(words) else ""
            if _looks_like_verb(follower) and following and following not in _PHRASE_ENDS:
                break
            found.append(follower)
    return list(dict.fromkeys(found))


def _looks_like_verb(word: str) -> bool:
    """A present-tense verb after a noun ("clause *governs*", "board *hears*"); a plural noun
    ends the same way but is followed by an auxiliary or a preposition ("damages per day")."""
    return word.endswith("s") and not word.endswith(("ss", "us", "is"))


def answer_type(question: str) -> AnswerType | None:
    """``money``, ``percentage``, ``quantity``, ``date`` or None (any sentence may answer).

    By the question's cues ("how much", "when", "deadline") or by the noun it asks about
    ("what is the *ceiling* …", "what *percentage* …"); a change in a price ("what *price
    difference* …") is a quantity, as often a share as a sum.
    """
    lowered = " ".join(fold_accents(question).lower().replace("¿", " ").split())
    if lowered.split(" ", 1)[0] in _AUXILIARIES:
        return None  # "will the due date be extended?" wants a yes or a no
    cues = vocabulary().answer_type_cues
    subject = set(subject_phrase(question).split())
    relative = bool(subject & set(cues["relative_nouns"]))
    for kind in ("date", "money", "percentage", "quantity"):
        if any(_has_cue(lowered, cue) for cue in cues[kind]):
            return kind  # type: ignore[return-value]
        if subject & set(cues[f"{kind}_nouns"]) and not (kind == "money" and relative):
            return kind  # type: ignore[return-value]
    return None


def _has_cue(question: str, cue: str) -> bool:
    """``cue`` as whole words in the question; a cue written "^when" only at its start."""
    if cue.startswith("^"):
        return re.match(rf"(?:\w+\s+)?{re.escape(cue[1:])}(?!\w)", question) is not None
    return re.search(rf"(?<!\w){re.escape(cue)}(?!\w)", question) is not None


def has_answer_type(sentence: str, kind: AnswerType | None) -> bool:
    """True when ``sentence`` holds what a ``kind`` question asks for (always for None)."""
    if kind is None:
        return True
    sentence = SECTION_NUMBER.sub("", sentence)  # "7.5 Contractor Performance" holds no figure
    sentence = REFERENCE.sub("", sentence)
    if kind == "date":
        return bool(DATE.search(sentence))
    if kind == "money":
        return bool(MONEY.search(sentence))
    if kind == "percentage":
        return bool(PERCENTAGE.search(sentence))
    return bool(QUANTITY.search(sentence))


def mentions(term: str, terms: Iterable[str]) -> bool:
    """True when ``term`` or a form of it is in ``terms``: equal once hyphens and dots are
    dropped ("onsite" ~ "on-site"), the same word with an inflection ("range" ~ "rang",
    "pay" ~ "payment", "deviate" ~ "deviation"), or an abbreviation of 3 letters that starts
    the other ("mod" ~ "modification"). "retain" is not "retainage"."""
    term = _bare(term)
    return any(_same_word(term, _bare(other)) for other in terms)


def _same_word(a: str, b: str) -> bool:
    short, long_ = sorted((a, b), key=len)
    if short == long_:
        return True
    if len(short) < 3:
        return False
    if long_.startswith(short):
        return len(short) == 3 or long_[len(short) :] in _INFLECTIONS
    # a final e gives way to the suffix: "deviate" ~ "deviation", "invoice" ~ "invoicing"
    return (
        short.endswith("e") and long_.startswith(short[:-1]) and long_[len(short) - 1 :] in _AFTER_E
    )


_INFLECTIONS = frozenset(
    ["s", "es", "e", "ed", "d", "ing", "er", "ers", "ment", "ments", "ion", "ions", "ation",
     "ations", "al", "ally", "ly", "ity", "ive", "or", "ors"]
)  # fmt: skip
_AFTER_E = frozenset(["ion", "ions", "ing", "ed", "es", "ation", "ations", "or", "ors", "ive"])


def _bare(term: str) -> str:
    return term.replace("-", "").replace(".", "")


def missing_terms(focus: QuestionFocus, sentences: Iterable[str]) -> list[str]:
    """The terms whose absence from every sentence means the evidence is about something else.

    A rare term of the question (``rare_terms``) no sentence mentions, nor any RFP phrasing
    of it; or at least half of the subject's terms ("*liquidated* damages" where only
    "damages" is found; not "*early* payment discount"). A subject with alternatives
    ("clearance or background investigation") is missing only when every alternative is.
    """
    sentences = list(sentences)
    present: set[str] = set()
    for sentence in sentences:
        present.update(content_terms(sentence))
    text = " ".join(" ".join(sentences).lower().split())
    synonyms = vocabulary().synonyms

    def absent(term: str) -> bool:
        if term[:1].isdigit() or term.startswith("$"):
            return term not in text
        if mentions(term, present):
            return False
        return not any(p.lower() in text for p in synonyms.get(term, ("", ()))[1])

    alternatives = [
        [t for t in content_terms(part) if t in focus.subject_terms]
        for part in re.split(r"\bor\b", subject_phrase(focus.question))
    ]
    alternatives = [terms for terms in alternatives if terms]
    rare_missing = [t for t in focus.rare_terms if absent(t)]
    if rare_missing and not any(
        terms and not any(absent(t) for t in terms) and not set(terms) & set(rare_missing)
        for terms in alternatives[1:]
    ):
        return rare_missing
    missing_each = [
        missing
        for terms in alternatives
        if len(missing := [t for t in terms if absent(t)]) / len(terms) >= MISSING_SHARE
    ]
    if not alternatives or len(missing_each) < len(alternatives):
        return []
    return missing_each[0]
