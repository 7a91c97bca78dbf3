"""A document's pages read into sentences in reading order: its chunks joined, titles and
duties set off, a Q&A's entries and UCF runs cut apart.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from rfp_agents.deliverables.links import (
    ucf_section_of,
)
from rfp_agents.deliverables.matrix.sections import (
    ListLines,
    _chunk_holding,
    _sections,
    _titles_set_off,
)
from rfp_agents.deliverables.obligations import (
    QUESTION_NUMBER,
)
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.text import (
    answer_sentences,
    join_overlapping,
    opens_a_wide_line,
    table_cells,
)

Sentence = tuple[str, dict[str, Any], bool]
"""A sentence, its chunk's metadata, and whether it is the first under a new heading."""


def _sentences(
    kb: KnowledgeBase, source: str, keep_list_markers: bool = False
) -> Iterator[Sentence]:
    """The document's sentences in reading order, each with its chunk's metadata (with the
    numbered heading and the UCF section it sits under); a list item's marker at a line
    start is its own sentence with ``keep_list_markers``, dropped without."""
    by_page: dict[int, list[tuple[str, dict[str, Any]]]] = {}
    for text, meta in kb.iter_chunks({"source": source}):
        by_page.setdefault(int(meta["page_number"]), []).append((text, meta))
    section, ucf, list_state = "", "", ListLines()
    for page in sorted(by_page):
        chunks = sorted(by_page[page], key=lambda row: int(row[1].get("chunk_index", 0)))
        page_text = _titles_set_off(join_overlapping([t for t, _ in chunks]))
        sections, list_state = _sections(page_text, list_state)
        for heading, block in sections:
            section, opens_section = heading or section, bool(heading)
            for letter, run in _ucf_runs(block, ucf):
                ucf = letter
                split = answer_sentences(_duties_set_off(table_cells(run)), keep_list_markers)
                lines = [" ".join(line.split()) for line in run.splitlines()]
                for sentence in _after_urls(_at_questions(split, numbered=keep_list_markers)):
                    meta = {**_chunk_holding(sentence, chunks)}
                    meta["section"] = section or meta.get("section", "")
                    meta["ucf_section"] = ucf
                    meta["on_a_wide_line"] = opens_a_wide_line(sentence, lines)
                    meta["runs_on"] = _runs_on_its_line(sentence, lines)
                    yield sentence, meta, opens_section
                    opens_section = False


def _runs_on_its_line(sentence: str, lines: Sequence[str]) -> bool:
    """A short sentence with a full stop whose line goes on after it: a title run in
    before its paragraph's first sentence ("d. Technical Understanding and Approach. The
    offeror shall …"), not an item on a line of its own. Asked of short sentences only."""
    if (
        len(sentence) > MAX_RUN_IN_TITLE_CHARACTERS
        or not sentence.endswith(".")
        or not sentence[:1].isupper()  # (a title opens capitalised: no line scan needed)
    ):
        return False
    return any(sentence in line and not line.endswith(sentence) for line in lines)


MAX_RUN_IN_TITLE_CHARACTERS = 80


def _duties_set_off(block: str) -> str:
    """``block`` with a paragraph break before each line that opens with a duty ("The
    Contractor shall comply …"): the line before lost its full stop ("… the directions of
    the Privacy Office"), and no sentence runs on so. Here, where the headings are already
    cut out of the text; an answer's passage keeps "8.3 Insurance" with the sentence under
    it."""
    return DUTY_OPENING_A_LINE.sub("\n\n", block)


DUTY_OPENING_A_LINE = re.compile(r"[ \t]*\n\s*(?=The\s+[A-Z][\w’'-]*\s+(?:shall|must)\s)")
QUESTION_INSIDE = re.compile(rf"\s+(?={QUESTION_NUMBER})", re.IGNORECASE)
"""Where a question starts inside what the splitter left as one sentence: after a heading
("Questions and Answers Q7: …") or after an answer whose closing quote hid its period
("… is amended to read: “… 30 pages combined.” Q2: Re Similar Experience …")."""


GLUED_ENTRY_INSIDE = re.compile(r"\s+(?=\d{1,3}\.(?:[A-Z\"“‘]|[a-z]{2,}\s))")
"""Where a numbered entry starts inside a sentence, its number glued to its first word (the
answer before it had no period: "… Price sheet dated 04092019 18.Can you confirm …")."""


def _at_questions(sentences: list[str], numbered: bool = False) -> Iterator[str]:
    """The sentences, each cut where a Q&A's question starts inside it (also, ``numbered``,
    where a numbered entry glued to its first word does)."""
    for sentence in sentences:
        for part in QUESTION_INSIDE.split(sentence):
            parts = GLUED_ENTRY_INSIDE.split(part) if numbered else [part]
            yield from (piece for piece in parts if piece)


URL_BEFORE_A_SENTENCE = re.compile(r"(https?://\S+)\s+(?=[A-Z][a-z]+\s)")
"""A web address ending a line, the next sentence glued to it for want of a full stop
("… on our website: https://www.example.org/procurement/ Information required for online
submission will include the following.")."""


def _after_urls(sentences: Iterable[str]) -> Iterator[str]:
    """The sentences, each cut after a web address a capitalised sentence follows."""
    for sentence in sentences:
        yield from URL_BEFORE_A_SENTENCE.sub("\\1\n", sentence).split("\n")


def _ucf_runs(block: str, letter: str) -> Iterator[tuple[str, str]]:
    """The block cut at UCF section headings: (the section letter in force, its text)."""
    lines: list[str] = []
    for line in block.splitlines():
        found = ucf_section_of(line, in_ucf=bool(letter))
        if found:
            if lines:
                yield letter, "\n".join(lines)
            letter, lines = found, []
        else:
            lines.append(line)
    if lines:
        yield letter, "\n".join(lines)
