"""What an answer's *text* is worth, beyond the pages it cites.

A citation on the right page does not make an answer right: the answer must state the fact.
``states_fact`` checks that the answer contains most of the content words of the gold quote
that proves the answer (the quote is the fact, as the document words it). ``repeats_sentence``
finds answers stitched from overlapping chunks that say the same thing twice.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rfp_agents.agents.citations import MARKER
from rfp_agents.evaluation.questions import squash
from rfp_agents.text import content_terms

STATES_FACT_SHARE = 0.7
"""Share of the quote's content words the answer must contain to state the fact."""
REPEAT_SHARE = 0.8
"""Two sentences repeat when this share of the shorter one's content words is in the other."""
MIN_REPEAT_TERMS = 3
"""Sentences with fewer content words than this ("Yes.") are too short to count as repeats."""


_SENTENCE_BREAK = re.compile(r"[.!?;]\s+|\n+")


def plain_answer(answer: str) -> str:
    """The answer text without its ``[n]`` citation markers."""
    return " ".join(MARKER.sub("", answer).split())


def states_fact(answer: str, quotes: Sequence[str]) -> bool:
    """True when the answer contains ≥ 70% of the content words of one of ``quotes``."""
    said = set(content_terms(squash(plain_answer(answer))))
    for quote in quotes:
        wanted = set(content_terms(squash(quote)))
        if wanted and len(wanted & said) / len(wanted) >= STATES_FACT_SHARE:
            return True
    return False


def repeats_sentence(answer: str) -> bool:
    """True when two sentences of the answer say (nearly) the same words."""
    # a citation marker ends a quoted sentence; stitched fragments may start in lower case
    pieces = _SENTENCE_BREAK.split(MARKER.sub(". ", answer))
    sentences = [terms for s in pieces if len(terms := set(content_terms(s))) >= MIN_REPEAT_TERMS]
    for i, first in enumerate(sentences):
        for second in sentences[i + 1 :]:
            shorter, longer = sorted((first, second), key=len)
            if len(shorter & longer) / len(shorter) >= REPEAT_SHARE:
                return True
    return False
