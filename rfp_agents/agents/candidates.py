"""The sentences of retrieved passages that could answer a question.

Passages are read in the order they were written: consecutive chunks of one page are stitched
into one text, so a sentence the chunker cut is read whole, and a long sentence (a table row,
run-on text) up to ``MAX_SENTENCE_CHARACTERS`` is kept whole. What a reader would not quote as
an answer is left out: headings, acronym glossaries, fragments too short to say anything, and
the questions of a Q&A (a question is asked, not answered). What the layout of a document says
is kept with the sentence: a Q&A reply carries the question it answers, and an item of a list
its lead-in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rfp_agents.agents.evidence import Evidence
from rfp_agents.agents.question_focus import SECTION_NUMBER
from rfp_agents.text import (
    BARE_MARKER,
    QA_ENTRY_NUMBER,
    content_terms,
    split_sentences,
    stitch,
    table_cells,
)

MIN_SENTENCE_CHARACTERS = 25
MIN_FIGURE_CHARACTERS = 12
"""A shorter sentence is kept when it holds a figure (a table row: "Price Offered 20")."""
MAX_SENTENCE_CHARACTERS = 600
"""A longer sentence (a table row, run-on text) is cut into overlapping windows."""
HEADING = re.compile(r"^[^a-z]*$|^(?:[A-Z][\w'’&/-]*+\s*|(?:of|and|the|for|to|in|on|or)\s+)+$")
"""An all-caps or title-case line ("COST PROPOSAL INSTRUCTIONS", "Proposal Evaluation
Criteria"): a heading, not a statement."""
MAX_HEADING_WORDS = 8
QUESTION_TAIL = re.compile(r"\?\W{0,3}(?:\w{1,2}\W{0,3})?$")
"""A sentence that ends a question, perhaps followed by an answer label ("…? a.")."""
REQUEST = re.compile(r"^(?:\d+\.\s*)?please\s+(?:confirm|clarify|advise)\b", re.IGNORECASE)
"""A vendor's question put as a request ("Please confirm GSA requires one narrative."): in a
Q&A it is asked, not answered, whatever its last mark."""
REPLY_SPAN = 2
"""Statements after a question in a Q&A that count as its reply."""
SELF_STANDING_TERMS = 3
"""Content words a Q&A reply needs to be quoted without its question."""


@dataclass(frozen=True)
class Candidate:
    """A sentence that could answer, and the question it replies to in a Q&A ("" if none)."""

    text: str
    evidence: Evidence
    replies_to: str = ""


def candidate_sentences(evidence: Sequence[Evidence]) -> list[Candidate]:
    """The passages' sentences that could answer: statements of a useful length, once each.

    In a Q&A (amendments answering vendors' questions) a question is not an answer, but the
    statements that follow it, up to the next question, reply to it; a reply too short to
    stand alone is quoted after its question, in quotation marks so it reads as one sentence
    ('“What mix of remote and onsite work is preferred?” 100% remote.'). An item of a list
    (a sentence after a marker such as "E.", following a lead-in that ends with a colon) is
    quoted with the lead-in that gives it its sense ("George Mason cannot agree to any of the
    following terms: … An agreement providing for liquidated damages").

    A vendor's request to confirm ("Please confirm …") is a question too. A numbered entry
    that leads straight into a question is its premise, the vendor's reading ("72. The RFQ
    states a three page narrative. Please confirm …"), not the buyer's answer: not quoted.
    """
    candidates: list[Candidate] = []
    seen: set[str] = set()
    lead_in, marked, previous = "", False, None
    for run in _runs(evidence):
        asked, replies, premise = "", 0, None
        if previous is None or reading_order(previous)[:3] != reading_order(run[0])[:3]:
            lead_in, marked = "", False  # a list carries over only to the next passage of its page
        previous = run[-1]
        for sentence, item in _sentences_of(run):
            if BARE_MARKER.match(sentence):
                marked = True  # "A.", "(b)", "3)": the next sentence is an item
                continue
            is_question = bool(QUESTION_TAIL.search(sentence) or REQUEST.match(sentence))
            context = ""
            if is_question and premise in candidates:
                candidates.remove(premise)
                context = f"{premise.text} "  # the reply answers the premise as well
            premise = None
            if is_question:
                asked, replies, lead_in, marked = context + sentence, 0, "", False
                continue
            replies += 1
            in_list = bool(lead_in) and marked
            reply = asked if replies <= REPLY_SPAN else ""
            text = f"{lead_in} … {sentence}" if in_list else sentence
            quoted = sentence
            if reply and _needs_its_question(sentence):
                text = quoted = f"“{reply}” {sentence}"
            lead_in = sentence if sentence.rstrip().endswith(":") else lead_in if in_list else ""
            marked = False
            if not _usable(quoted) or text in seen:
                continue
            seen.add(text)
            candidates.append(Candidate(text, item, reply))
            premise = candidates[-1] if QA_ENTRY_NUMBER.match(sentence) else None
    return candidates


def _runs(evidence: Sequence[Evidence]) -> list[list[Evidence]]:
    """The passages in reading order, consecutive chunks of one page grouped: a sentence the
    chunker cut at a chunk's end is read whole across the two."""
    runs: list[list[Evidence]] = []
    for item in sorted(evidence, key=reading_order):
        last = runs[-1][-1] if runs else None
        follows = last is not None and reading_order(last)[:3] == reading_order(item)[:3]
        if follows and item.chunk_index == last.chunk_index + 1:
            runs[-1].append(item)
        else:
            runs.append([item])
    return runs


MIN_OVERLAP = 20
"""Characters two chunks must share to be stitched (the chunker's overlap is larger)."""


def _sentences_of(run: Sequence[Evidence]) -> list[tuple[str, Evidence]]:
    """The sentences of a run of consecutive chunks, stitched where the chunks overlap, each
    with the chunk it starts in (the one its citation names)."""
    text, starts = stitch([item.content for item in run], min_overlap=MIN_OVERLAP)
    found, cursor = [], 0
    flat_text = " ".join(text.split())
    # sentence offsets are found in the whitespace-normalised text, chunk starts mapped to it
    flat_starts = [len(" ".join(text[:s].split())) for s in starts]
    for sentence in split_sentences(table_cells(text), MAX_SENTENCE_CHARACTERS):
        at = flat_text.find(sentence[:40], cursor)
        cursor = at if at >= 0 else cursor
        owner = max((i for i, s in enumerate(flat_starts) if s <= cursor), default=0)
        found.append((sentence, run[owner]))
    return found


def reading_order(item: Evidence) -> tuple[str, str, int, int]:
    """(kb, file, page, chunk index): passages of one page in the order they were written."""
    return (item.kb, item.source_file, item.page_number, item.chunk_index)


def _needs_its_question(reply: str) -> bool:
    """A reply too short to stand alone ("99.99%", "Yes.", "100% remote."): it is quoted
    after the question it answers, or the analyst reads a figure without its subject."""
    return len(content_terms(reply)) < SELF_STANDING_TERMS


def _usable(sentence: str) -> bool:
    """A statement of a useful length with enough content words (shorter with a figure)."""
    figure = any(ch.isdigit() for ch in sentence)
    shortest = MIN_FIGURE_CHARACTERS if figure else MIN_SENTENCE_CHARACTERS
    if not shortest <= len(sentence) <= MAX_SENTENCE_CHARACTERS or _is_heading(sentence):
        return False
    return len(content_terms(sentence)) >= (2 if figure else 3) and not _is_acronym_list(sentence)


ACRONYM = re.compile(r"^[A-Z]{2,6}$")
MIN_SPELLED_OUT = 3
"""Acronyms followed by their spelled-out words that make a sentence a glossary."""


def _is_acronym_list(sentence: str) -> bool:
    """A list of acronyms, each followed by the words it stands for ("ODC Other Direct Costs
    PIPO Phase In/Phase Out POC Point of Contact"), run together by the text layer: a
    glossary, not a statement."""
    words = [w.strip("(),;:.") for w in sentence.split()]
    spelled_out = 0
    for i, word in enumerate(words):
        if ACRONYM.match(word):
            after = [w for w in words[i + 1 : i + 1 + 2 * len(word)] if w[:1].isupper()]
            initials = "".join(w[0] for w in after)[: len(word)]
            spelled_out += initials == word
    return spelled_out >= MIN_SPELLED_OUT


def _is_heading(sentence: str) -> bool:
    sentence = SECTION_NUMBER.sub("", sentence)  # "7.5 Contractor Performance"
    words = sentence.split()
    return (
        len(words) <= MAX_HEADING_WORDS
        and not any(ch.isdigit() for ch in sentence)
        and bool(HEADING.match(sentence.rstrip(" .:")))
    )
