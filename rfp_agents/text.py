"""Small text helpers shared by the offline answerer and the citation check.

Content terms are lower-cased words minus English and Spanish stop words, with accents
folded ("garantía" ~ "garantia") and numbers and clause ids kept whole ("52.232-18",
"99.95%", "$50,000"), because in RFPs those are the words that carry the answer. Spanish
documents' terms are stemmed with Snowball's Spanish stemmer (``language="es"``), English
ones with a light plural/-ing stemmer.
"""

from __future__ import annotations

import math
import re
import sys
import threading
import unicodedata
from collections.abc import Iterable, Sequence
from itertools import pairwise

_STOP_WORDS_TEXT = """
    a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers him his how i if in into is it its itself
    just me more most my no nor not now of off on once only or other our ours out over own
    same she should so some such than that the their theirs them then there these they this
    those through to too under until up very was we were what when where which while who whom
    why will with would you your yours shall must may might also per via within without upon
    rfp rfq document documents say says said tell according does did done get got please
    there's what's is it's whats apply applies compare compared comparison differ difference
    differences versus vs"""
_SPANISH_STOP_WORDS_TEXT = """
    a al ante bajo cabe como con contra cual cuales cuando cuanto cuanta cuantos cuantas de
    del desde donde durante el ella ellas ellos en entre era eran es esa esas ese eso esos esta
    estas este esto estos fue fueron ha han hasta hay la las le les lo los mas me mediante mi
    mis muy ni no nos o otra otras otro otros para pero por que quien quienes se segun ser si
    sin sobre son su sus tambien tras un una unas uno unos y ya deben debe debera deberan
    puede pueden podra podran sera seran cada todo toda todos todas dicho dicha dichos dichas
    mismo misma presente cual cuales que"""
"""Spanish function words (accents folded): a Spanish tender's "de la", "los" carry nothing."""
STOP_WORDS = frozenset(_STOP_WORDS_TEXT.split()) | frozenset(_SPANISH_STOP_WORDS_TEXT.split())

_TERM = re.compile(r"\$?\d[\d,.\-/%]*\d%?|\$?\d%?|[a-z][a-z0-9]*(?:[-.][a-z0-9]+)*", re.IGNORECASE)
LIST_ITEM_MARK = r"(?:[\-*]|\d{1,3}\.-|\d{1,3}[.)]|\(?(?:[a-z]|[ivx]{2,4})[.)])"
"""A list item's marker at a line start ("- ", "3. ", "b) ", "(iii) "; not "(30) days", a
figure written out before it wrapped, nor a year or a form's number that wrapped to the
line start: "… on Thursday April 19," / "2018.", "(GSA Form" / "1142) shall be …")."""


RUN_IN_LIST_VERBS = ("agrees to", "undertakes to", "required to", "shall", "must")
"""The verbs of obligation a list may be run in after, its items completing them ("the
Contractor agrees to (i) provide …; (ii) post …"); the matrix reads a lead-in that ends on
one the same way."""
_AFTER_A_RUN_IN_VERB = "|".join(
    r"(?<=\b" + verb.replace(" ", r"\s") + ")" for verb in RUN_IN_LIST_VERBS
)


def _sentence_end(list_item: str) -> re.Pattern[str]:
    """Where a sentence or a list item ends; ``list_item`` is the pattern of a line-start
    list item's break (the marker taken away, or kept with the item)."""
    return re.compile(
        r"(?:(?<=[.!;])|(?<=[.!;][”\"’)\]])|(?<=[.!;]\}\}))(?<!\b[ap]\.m\.)(?<!\bNo\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bU\.S\.)(?<!\bvs\.)"
        # nor inside a public law's citation ("Pub. L. 113-235")
        r"(?<!\bPub\.)(?<!\bPub\.\sL\.)"
        # nor after a title before a name ("Mr. Smith", "Dr. Roe", "Ing. Pérez", "Lic. Díaz")
        # nor the Spanish "Ing." of a tax's name ("Certificado de Ing. Brutos", gross income)
        r"(?<!\b[MD]r\.)(?<!\bMs\.)(?<!\bMrs\.)(?<!\bSr\.)(?<!\bSra\.)(?<!\bDra\.)(?<!\bIng\.)(?<!\bLic\.)"
        r"(?!(?<=\d\.)\s\d{3}\b)"  # nor in a figure its text layer spaced ("Ley N° 13. 074")
        r"(?<!\b[Rr]ef\.)(?<!\b[Cc]f\.)(?<!\b[Ss]ec\.)(?<!\b[Pp]ara\.)(?<!\bp\.)(?<!\bpp\.)(?<!\b[Aa]rt\.)"
        r"(?!(?<=\b[A-Z]\.[A-Z]\.)\s+(?:[\d§\"“]|[A-Z]{2,}\b|(?:Sub)?[Pp]arts?\b|Chapters?\b))"
        # nor inside a contact's lines ("Telephone: (703) 555-0100; TTY: 711 E-mail: …")
        r"(?!(?<=;)\s+(?:TTY|TDD|Fax|Telephone|Phone|Tel|E-?mail|Cell|Mobile)\.?\s*:)"
        # a sentence end (or a quoted one: '.” Then'; or an editor's note: '. [If the …'; or
        # a draft's placeholder text, at its end and its start: '… applies.}} The …', '.
        # {{Insert …')
        r"\s+(?=[A-Z0-9(\"'“•\-¿¡ÁÉÍÓÚÑ]|\[[A-Z][a-z]|\{\{)"
        # not after "p.m.", "No.", "e.g." nor a reference's abbreviation ("ref. Section 2",
        # "cf.", "Sec.", "para.", "p.", "pp.", "Art."), nor after an initialism with its dots
        # before what continues it: a number, a part of the law it cites, a word in capitals
        # or a quotation ("45 C.F.R. Part 164", "42 U.S.C. 290dd-2", "F.O.B. DESTINATION")
        r"|(?<=\?)\s+"  # a question ends wherever the next sentence starts
        # a lead-in ends its line ("…the following terms:"), an em dash bullet after it
        r"|(?<=:)[ \t]*\n\s*(?:—[ \t]*(?=[A-Z]))?"
        # a bullet glyph (also a symbol font's: U+F0B7 …), or a checklist's box before an
        # item ("□ All addenda"); a box before a word in lower case is a choice to tick
        # inside a sentence ("It □ will, □ will not provide …")
        r"|\s*[•▪●○■◦\uf0a7\uf0b7\uf0d8]\s*"
        r"|\s*[□☐❑]\s*(?=[A-ZÁÉÍÓÚÑ0-9\"“(])"
        r"|\n[ \t]*—[ \t]*(?=[A-Z])"  # an em dash opening its line before a capital: a bullet
        + list_item  # a list item at a line start
        + r"|(?<=:)\s+(?=\((?:1|a|i)\)\s)"  # a list run in after its lead-in ("…: (1) pay …")
        # or after the verb of obligation it completes ("the Contractor agrees to (i) provide
        # …; (ii) post …")
        rf"|(?:{_AFTER_A_RUN_IN_VERB})\s+(?=\((?:1|a|i)\)\s)"
        r"|\n\s*(?=\d+(?:\.\d+)+\.?\s+[A-Z])"  # a numbered clause ("2.12.1 The ...") kept whole
        r"|\n\s*(?=(?:Note|NOTE|Notes|NOTES)\s*:\s)"  # a note opening its line ("Note: No faxed …")
        # a numbered task or phase opening its line ("Task 2 - Enhance the API …", "Phase 3:
        # Pilot …"), an item as a marker opens one, though the item before had no full stop
        # (not a reference the line before leads to: "… as described in" / "Task 2 - …")
        r"|(?<!\sin)(?<!\sof)(?<!\sto)(?<!\sby)(?<!\sfor)(?<!\sand)(?<!\sor)(?<!\sthe)(?<!\ssee)"
        r"\n\s*(?=(?:Task|Phase|Step|Stage|Objective|Deliverable|Milestone)\s+\d{1,2}[a-z]?"
        r"\s*[-–:]\s+[A-Z])"
        # a Spanish article or clause heading opening its line ("ARTÍCULO 5º: CONSULTAS")
        r"|\n\s*(?=(?:ART[IÍ]CULO|CL[AÁ]USULA)\s+\d+)"
        # a sentence opening its line after a table row that ends on a figure or a price
        # ("Ilex aquifolium M/15 4,25 €" / "Las dimensiones de estas plantas serán …")
        r"|(?<=[\d€$%])[ \t]*\n\s*"
        r"(?=(?:The|All|Each|Every|El|La|Las|Los|Todos|Todas|Cada)\s+[a-zá-ú])"
        r"|\n{2,}"
    )


# (not a figure its text layer spaced and wrapped: "… la Ley N°" / "13. 074 y Decreto …")
_SENTENCE_END = _sentence_end(rf"|\n\s*{LIST_ITEM_MARK}\s+(?!\d{{3}}\b)")
_SENTENCE_END_KEEPING_MARKERS = _sentence_end(rf"|\n\s*(?={LIST_ITEM_MARK}\s+(?!\d{{3}}\b))")


_MARKER = r"\(?(?P<mark>[A-Za-z]|\d{1,3}|[ivxlcIVXLC]{1,5})(?:\.-|[.)])"
ITEM_MARKER = re.compile(rf"^\s*(?:(?:{_MARKER}|[-*–])\s+|—\s*(?=[A-Z]))")
"""A list item's own marker opening a text ("a) ", "(c) ", "3. ", "171. ", "3.- ", "iv. ",
"- ", an em dash before a capital: "—The"); its letter, number (up to three digits, as a
specification numbers its paragraphs) or numeral is the group ``mark`` (none for a dash)."""
BARE_MARKER = re.compile(rf"^\s*{_MARKER}\s*$")
"""A list item's marker on its own ("A.", "(b)", "3)", "XIV."), as a sentence split leaves
it: an item's number, no statement of its own."""


QA_ENTRY_NUMBER = re.compile(r"^\s*\d{1,3}(?:[.)](?:\s*$|\s*(?=[A-Z\"“‘]))|\.(?=[a-z]{2,}\s))")
"""A numbered entry at a sentence start, as a Q&A numbers its questions: alone ("7."), glued
to its first word ("11.Similar Experience …", "34.all of our repositories …"), before it
("72. The RFQ states …") or before a quotation ('23."The response must …" Is it …?')."""


def match_key(text: str) -> str:
    """``text`` as two printings of one line compare: accents folded, lower case, spacing
    made single ("CAMROSE  County" and "Camrose County" match)."""
    return " ".join(fold_accents(text).lower().split())


def fold_accents(text: str) -> str:
    """``text`` without diacritics ("garantía" -> "garantia", "año" -> "ano"), its
    typographic apostrophes plain ("Offeror’s" -> "Offeror's", as patterns write them)."""
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text).translate(_PLAIN_APOSTROPHES)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_PLAIN_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'"})


def content_terms(text: str, language: str = "en") -> list[str]:
    """The meaningful terms of ``text``, lower-cased, in order, stop words removed, stemmed
    for ``language`` (Spanish: Snowball; anything else: the light English stemmer)."""
    stem = _spanish_stem if language == "es" else _stem
    terms = []
    for match in _TERM.finditer(fold_accents(text)):
        term = match.group(0).lower().strip(".,-")
        if term and term not in STOP_WORDS and (len(term) > 1 or term.isdigit()):
            terms.append(stem(term))
    return terms


def raw_terms(text: str) -> list[tuple[str, str]]:
    """``(word as written, lower-cased; its content term)`` pairs, stop words removed.

    For matching names ("TDRS" must not become "tdr"), while still knowing the content term.
    """
    pairs = []
    for match in _TERM.finditer(fold_accents(text)):
        raw = match.group(0).lower().strip(".,-")
        if raw and raw not in STOP_WORDS and (len(raw) > 1 or raw.isdigit()):
            pairs.append((raw, _stem(raw)))
    return pairs


def _spanish_stem(term: str) -> str:
    if term[0].isdigit() or term.startswith("$"):
        return term
    stemmer = getattr(_local, "spanish", None)
    if stemmer is None:  # a Snowball stemmer keeps state: one per thread
        import snowballstemmer

        stemmer = _local.spanish = snowballstemmer.stemmer("spanish")
    return stemmer.stemWord(term)


_local = threading.local()


def detect_language(text: str) -> str:
    """The ISO 639-1 code of the language ``text`` is written in ("en", "es", ...), by
    py3langid (its model loads in about 0.5 s on first use). "en" for text too short to tell."""
    if len(text.strip()) < MIN_DETECT_CHARACTERS:
        return "en"
    import py3langid

    return py3langid.classify(text[:DETECT_SAMPLE_CHARACTERS])[0]


MIN_DETECT_CHARACTERS = 12
DETECT_SAMPLE_CHARACTERS = 20_000


def _stem(term: str) -> str:
    """A light plural/-ing stemmer: enough for 'invoices' ~ 'invoice', 'requirements'."""
    if term[0].isdigit() or term.startswith("$"):
        return term
    for suffix, keep in (("ies", "y"), ("sses", "ss"), ("ing", ""), ("es", "e"), ("s", "")):
        if term.endswith(suffix) and len(term) - len(suffix) >= 3:
            return term[: -len(suffix)] + keep
    return term


def zipf_frequency(word: str, language: str = "en") -> float:
    """How common a word is in ``language``, on wordfreq's Zipf scale (log10 of uses per
    billion words: "system" 5.6, "court" 5.4, "payment" 4.7, "escrow" 3.0, unknown words 0)."""
    from wordfreq import zipf_frequency as frequency  # loads its list on first use (~0.3 s)

    return frequency(word, language)


def term_overlap(query_terms: set[str], text: str) -> float:
    """Share of ``query_terms`` that appear in ``text`` (0 when there are none)."""
    if not query_terms:
        return 0.0
    return len(query_terms & set(content_terms(text))) / len(query_terms)


_WRAPPED_PARAGRAPH = re.compile(r"(?<=[A-Za-z0-9,)])[ \t]*\n[ \t]*\n\s*(?=[a-z])")
_NUMBER_AFTER_LINE = re.compile(r"(?m)^(?P<line>[^\n]*)\n(?=\s*(?P<number>\d+(?:\.\d+)+)\.?\s)")
_LONE_DASH_AFTER_LINE = re.compile(
    r"(?m)^(?P<line>(?![ \t]*[-•*●▪–][ \t])[^\n]*[A-Za-z0-9])[ \t]*\n"
    r"[ \t]*(?P<rest>-[ \t]+[^\n]+)(?=\n(?![ \t]*[-•*●▪–][ \t])|\Z)"
)
_MID_SENTENCE_LINE = re.compile(r"\b[a-z]{2,}\b.*[A-Za-z0-9,]$")
ITEM_BEFORE_THE_LAST = re.compile(r";\s*(?:and|or)$")
"""A list item's end before the last item ("… engaged by the Proponent; and", then "4.2.5 …"):
what follows is the next item, not the rest of this one."""


def next_clause_number(number: str) -> str:
    """The clause number after ``number`` at its level ("9.1" -> "9.2"), or ""."""
    head, _, last = number.rpartition(".")
    return f"{head}.{int(last) + 1}" if head and last.isdigit() else ""


def next_letter(letter: str) -> str:
    """The item letter after ``letter`` in the alphabet ("H" -> "I"), or "" after "z"."""
    return chr(ord(letter) + 1) if letter.lower() < "z" else ""


def next_marker(mark: str) -> str:
    """The list marker after ``mark``: the next letter ("H" -> "I") or number ("4" -> "5");
    "" for anything else (a roman numeral's successor is not worked out)."""
    if mark.isdigit():
        return str(int(mark) + 1)
    return next_letter(mark) if len(mark) == 1 and mark.isalpha() else ""


def _rejoin_wrapped_lines(text: str) -> str:
    """Undo the PDF's line breaks that only look like sentence ends.

    A blank line inside a sentence (a word, a blank line, then a lower-case word: "running
    in", "non-production and production?") is layout, not a paragraph end. A number at a line
    start after a line that stops mid-sentence ("The requirement is for WCAG", "2.1 AA
    standards") is a version or a figure, not a numbered clause; a clause number follows a
    sentence end or a heading ("1.1 Objective" after "PART 1 GENERAL INFORMATION"), or goes
    on the numbered lines before it ("10.3." after "10.2. Description of the goods; brand and
    model where relevant", an item with no end stop; "… by the Proponent; and" before the last
    item). A line opened by a dash is a list item only in a list: alone, after a line that
    stops on a word ("… submit this Attachment 1", "- ID-123 - Team Agreement when …", no
    dash line after it) it goes on the sentence (a form's number set off by dashes). A
    blank line after a line that stops
    on a word that goes on ("direct experience with", blank, "Cloud Foundry components.") is
    layout too: some text layers put a blank line after every line of the page.
    """
    text = _WRAPPED_PARAGRAPH.sub(" ", text)
    text = _BLANK_AFTER_LINE.sub(_joined_if_it_goes_on, text)
    text = _LONE_DASH_AFTER_LINE.sub(r"\g<line> \g<rest>", text)

    last_number = ""  # the clause number that opened a line last

    def join(match: re.Match[str]) -> str:
        nonlocal last_number
        line, number = match.group("line").rstrip(), match.group("number")
        goes_on = number == next_clause_number(last_number) or ITEM_BEFORE_THE_LAST.search(line)
        last_number = number
        return f"{line} " if _MID_SENTENCE_LINE.search(line) and not goes_on else f"{line}\n"

    return _NUMBER_AFTER_LINE.sub(join, text)


_BLANK_AFTER_LINE = re.compile(r"(?m)^(?P<line>[^\n]*\S)[ \t]*\n[ \t]*\n\s*(?=\S)")


def _joined_if_it_goes_on(found: re.Match[str]) -> str:
    """The line and the next joined when the line goes on (not where it ends on a web
    address: "http://www.ecmra.mil/" ends on a slash, and ends there)."""
    line = found.group("line")
    last_word = line.split()[-1]
    goes_on = CONTINUES.search(line) and "://" not in last_word and "www." not in last_word
    return f"{line} " if goes_on else found.group(0)


NARROW_LINE_CHARACTERS = 30
"""A line this short is a table column's, not a page-wide paragraph's."""
WIDE_LINE_CHARACTERS = 70
"""A line this long runs across the page: a paragraph's, not a table cell's (a two-column
table's cells run wider than ``NARROW_LINE_CHARACTERS``)."""


def opens_a_wide_line(sentence: str, lines: list[str]) -> bool:
    """True when the line ``sentence`` starts on (one of ``lines``, whitespace normalised)
    runs across the page (``WIDE_LINE_CHARACTERS``): the sentence is a paragraph's, not a
    table cell's."""
    start = " ".join(sentence.split()[:4])
    line = next((line for line in lines if start in line), "")
    return len(line) > WIDE_LINE_CHARACTERS


MIN_NARROW_LINES = 4
"""Consecutive narrow lines that make a table (fewer: a heading, an address)."""
CELL_START = re.compile(r"^\(?[A-Z][a-z]+\b")
"""A capitalised word ("Remediation", "Respond"), not an acronym or a name ("FedRAMP")."""
CONTINUES = re.compile(
    r"(?:\b(?:of|and|or|the|a|an|to|for|with|in|on|by|as|at|from|that|which|when|per|than|"
    r"its|their|our|your|is|are|be|shall|must|will|may|not|no)|[,(/—-])$",
    re.IGNORECASE,
)
"""A line end that goes on in the next line ("Deliverable or", "scanning,")."""


def table_cells(block: str) -> str:
    """``block`` with a blank line between the cells of a table's narrow columns.

    The text layer prints a table cell by cell, each wrapped in short lines with no sentence
    end between them ("… issues within 90 / days / Review by team / FedRAMP Liaison …"), so
    one cell runs into the next. Within a run of narrow lines, a line that opens with a
    capitalised word after a line that does not go on starts a new cell, unless it goes on
    with a name ("… shall provide Program / Management / Support (See Section 5.2)"). A
    paragraph's line after the run ends the table (``_paragraph_after_table``)."""
    lines = block.splitlines()
    tabular = _in_narrow_runs(lines)
    out: list[str] = []
    in_name = last_word_may_follow = False
    for i, line in enumerate(lines):
        previous = lines[i - 1].strip() if i else ""
        opens = (
            i > 0
            and tabular[i]
            and tabular[i - 1]
            and CELL_START.match(line.strip()) is not None
            and not CONTINUES.search(previous)
        )
        if _paragraph_after_table(line, previous, i > 0 and tabular[i - 1]):
            out.append("")  # the table is over
        if not opens:
            in_name = False
        elif in_name or _ends_in_name(previous):
            in_name = all(w[:1].isupper() or w.startswith("(") for w in line.split())
        elif last_word_may_follow and len(line.split()) == 1:
            pass  # the name's last word, wrapped ("of attached / Performance Work / Statement")
        elif not _name_run(previous, line.split()):
            out.append("")  # a new cell
        last_word_may_follow = opens and not in_name and _name_run(previous, line.split())
        out.append(line)
    return "\n".join(out)


def _paragraph_after_table(line: str, previous: str, after_narrow_run: bool) -> bool:
    """A line across the page after a table's narrow lines, opening with a capitalised word
    where the line before ended: a paragraph's first line ("The set of user stories below
    …"), not the rest of a sentence a coloured word cut into short lines ("… the sections
    in / RED / of attached / Statement" then "(PWS). Submission of …")."""
    return (
        after_narrow_run
        and len(line.strip()) > WIDE_LINE_CHARACTERS
        and CELL_START.match(line.strip()) is not None
        and not CONTINUES.search(previous)
    )


def _in_narrow_runs(lines: list[str]) -> list[bool]:
    """For each line: is it one of at least ``MIN_NARROW_LINES`` narrow lines in a row?"""
    narrow = [0 < len(line.strip()) <= NARROW_LINE_CHARACTERS for line in lines]
    marked = [False] * len(lines)
    start = 0
    for end in range(len(lines) + 1):
        if end == len(lines) or not narrow[end]:
            if end - start >= MIN_NARROW_LINES:
                marked[start:end] = [True] * (end - start)
            start = end + 1
    return marked


def _ends_in_name(previous: str) -> bool:
    """The line ends in an acronym or in a name its sentence started ("… conform to DHSS
    IT", "… shall provide Program"); a line of one capitalised word ("Infrastructure") is a
    cell of its own."""
    *before, last = previous.split()
    return last[:1].isupper() and (
        (len(last) > 1 and last.isupper()) or any(w[:1].islower() for w in before)
    )


def _name_run(previous: str, words: list[str]) -> bool:
    """The line is a run of capitalised words after a line that stops mid-phrase ("… of
    attached / Performance Work Statement (PWS)"), not after a closed one ("(bi-weekly) /
    Tested Code")."""
    return previous[-1:].isalnum() and len(words) > 1 and words[1][:1].isupper()


def split_sentences(
    text: str, max_characters: int = 400, keep_list_markers: bool = False
) -> list[str]:
    """Split a passage into sentences and list items, whitespace normalised.

    Line breaks that only look like sentence ends are undone first (``_rejoin_wrapped_lines``).
    Table rows and run-on text have no sentence ends; a "sentence" longer than
    ``max_characters`` is cut into overlapping word windows of about half that size, so the
    part that answers can still be quoted whole. A list item's marker at a line start is
    dropped, or kept with ``keep_list_markers`` (for a reader that tells a question's "7."
    from its answer's "a.").
    """
    sentence_end = _SENTENCE_END_KEEPING_MARKERS if keep_list_markers else _SENTENCE_END
    sentences = []
    text = _capital_letter_items(_letter_o_bullets(text))
    parts = _rejoin_roman_references(sentence_end.split(_rejoin_wrapped_lines(text)))
    for part in (piece for whole in parts if whole for piece in _cut_after_and(whole)):
        flat = " ".join((part or "").split())
        if not flat:
            continue
        if len(flat) <= max_characters:
            sentences.append(flat)
        else:
            sentences += _windows(flat.split(), max_characters // 2)
    return sentences


CAPITAL_LETTER_ITEM = re.compile(r"(?m)^[ \t]*([A-Z])\.[ \t]+(?=[A-Z0-9“\"(])")
"""A line opened by a capital letter and a full stop ("C. Point of Contact Name"): a list
item's marker when the letters run on from line to line, or an initial ("J. Smith")."""


def _capital_letter_items(text: str) -> str:
    """``text`` with a paragraph break before each item of a list lettered in capitals whose
    items have no full stop of their own ("A. Contractor Name" / "B. GSA Schedule Contract
    Number"): the next item's letter would otherwise read as the end of this one's sentence
    ("… Contract Number C."). The letter then splits off as a marker of its own, as after an
    item with its full stop. An item is one when the letter before or after it in the
    passage is the one before or after in the alphabet; a lone initial ("J. Smith") is left
    alone."""
    starts: set[int] = set()
    for one, next_one in pairwise(CAPITAL_LETTER_ITEM.finditer(text)):
        if next_one.group(1) == next_letter(one.group(1)):
            starts |= {one.start(), next_one.start()}
    cuts = [0, *sorted(starts), len(text)]
    return "\n\n".join(text[a:b] for a, b in pairwise(cuts))


LETTER_O_BULLET = re.compile(r"(?m)^([ \t]*)o[ \t]+(?=[A-Z“\"(])")
"""A line opened by a letter "o" and a capitalised word ("o A unit and regression test
suite …"): the hollow bullet of a sub-list, as a text layer gives a symbol font's glyph."""
MIN_LETTER_O_BULLETS = 2
"""Lines so opened in one passage that make them a list: one alone may be the word "o"
("or" in Spanish) that a line break put first."""


def _letter_o_bullets(text: str) -> str:
    """``text`` with each letter-"o" bullet (``LETTER_O_BULLET``) made the bullet glyph it
    stands for, when the passage has a list of them; the sentence split breaks there."""
    if len(LETTER_O_BULLET.findall(text)) < MIN_LETTER_O_BULLETS:
        return text
    return LETTER_O_BULLET.sub(r"\1◦ ", text)


LAST_CLAUSE_AFTER_AND = re.compile(r";\s+(?:and|or)\s+(?=\(\d{1,2}\)\s|\d+(?:\.\d+)+\.?\s)")
"""The last item of a list after "; and", by its number ("…; and (6) notify …", "…; and
2.2.1.8 to waive …"), however the line breaks fell around the "and"."""


def _cut_after_and(part: str) -> list[str]:
    """``part`` cut where a numbered item follows "; and" (``LAST_CLAUSE_AFTER_AND``), the
    "; and" kept with the item before it."""
    pieces, start = [], 0
    for found in LAST_CLAUSE_AFTER_AND.finditer(part):
        pieces.append(part[start : found.end()])
        start = found.end()
    return [*pieces, part[start:]]


ROMAN_REFERENCE_END = re.compile(
    r"\b(?:in|under|see|section|part|article)\s+[IVXLC]{1,6}\.$", re.IGNORECASE
)
SENTENCE_OPENER = re.compile(
    r"^[\"“(]?(?:The|A|An|All|Any|Each|Every|This|These|That|Those|No|If|When|Where|In|On|"
    r"For|To|It|Its|Our|Your|We|You|They|Offerors?|Contractors?|Vendors?|Bidders?|Proposals?)\b"
)


def _rejoin_roman_references(parts: list[str | None]) -> list[str]:
    """The parts with a reference to a section by its roman numeral made whole again: the
    numeral's full stop is no sentence end when the section's title follows ("Provide pricing
    as specified in XII. COST OF SERVICES.", "See section IV. Final Contract for details."),
    though it is when a new sentence does ("… as described in Section III. The Contractor
    shall …")."""
    joined: list[str] = []
    for part in parts:
        if not part:
            continue
        previous = joined[-1].rstrip() if joined else ""
        if ROMAN_REFERENCE_END.search(previous) and not SENTENCE_OPENER.match(part.lstrip()):
            joined[-1] = f"{previous} {part.lstrip()}"
        else:
            joined.append(part)
    return joined


def answer_sentences(text: str, keep_list_markers: bool = False) -> list[str]:
    """The sentences of an answer, each whole: windowing is for searching passages; an
    answer's long sentence cut into overlapping windows would be said twice."""
    return split_sentences(text, sys.maxsize, keep_list_markers)


def _windows(words: list[str], size: int) -> list[str]:
    """Word-aligned windows of about ``size`` characters, each starting half a window on."""
    windows = []
    start = 0
    while start < len(words):
        end, length = start, 0
        while end < len(words) and (length == 0 or length + 1 + len(words[end]) <= size):
            length += len(words[end]) + (1 if length else 0)
            end += 1
        windows.append(" ".join(words[start:end]))
        if end >= len(words):
            break
        start = max(start + 1, (start + end) // 2)
    return windows


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


def specificity_weights(terms: set[str], sentences: Iterable[str]) -> dict[str, float]:
    """IDF-like weight of each question term over the candidate sentences.

    A term few candidates contain is what the question is specifically about ("escrow" in
    "is a source code escrow agreement required?"); a sentence missing it should not score
    well on the common words alone. A term no candidate contains weighs the most.
    """
    sentence_terms = [set(content_terms(s)) for s in sentences]
    total = len(sentence_terms)
    return {
        t: math.log(1.0 + total / (1.0 + sum(t in terms_ for terms_ in sentence_terms)))
        for t in terms
    }


def weighted_overlap(
    weights: dict[str, float], sentence: str, also_present: set[str] | frozenset[str] = frozenset()
) -> float:
    """Share of the question's term weight that ``sentence`` contains.

    ``also_present`` are terms satisfied otherwise, e.g. the words naming the sentence's
    document ("QASP" for a sentence of the QASP).
    """
    total = sum(weights.values())
    if not total:
        return 0.0
    present = set(content_terms(sentence)) | also_present
    return sum(w for t, w in weights.items() if t in present) / total


def join_overlapping(texts: Sequence[str], max_overlap: int = 400) -> str:
    """Join consecutive chunks of a page, removing the text they share at the seams."""
    return stitch(texts, max_overlap)[0]


def stitch(
    texts: Sequence[str], max_overlap: int = 400, min_overlap: int = 1
) -> tuple[str, list[int]]:
    """``join_overlapping``'s text, and where each of ``texts`` starts in it (the chunk a
    sentence of the joined text comes from). A seam shorter than ``min_overlap`` characters
    is not taken for the chunker's overlap: the texts are joined by a line break."""
    joined, starts = "", []
    for text in texts:
        overlap = 0
        for size in range(min(len(joined), len(text), max_overlap), min_overlap - 1, -1):
            if joined.endswith(text[:size]):
                overlap = size
                break
        starts.append(len(joined))
        joined += ("" if overlap or not joined else "\n") + text[overlap:]
    return joined, starts
