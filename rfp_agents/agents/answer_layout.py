"""How an extractive answer is laid out: a short lead, then the clause of each other passage.

An analyst must see the clause even when the lead picked the wrong sentence, so the answer
is not one quoted sentence but

    <the sentence or two that answer> [1]
    Also in the documents:
    - <the key sentence of another cited passage> [2]
    - <the key sentence of a third> [3]

within a budget of characters (an answer is read, not skimmed: about 700 at most). When the
evidence is weak the answer says so first, in plain words, instead of abstaining.

The layout is text, so it survives every place an answer goes (the CLI, JSON, the web page,
a thread's history); ``split_layout`` reads it back, and ``compose`` merges several domains'
answers into one within the same budget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rfp_agents.agents.citations import MARKER, insert_marker
from rfp_agents.text import answer_sentences, content_terms

ANSWER_BUDGET = 700
"""Characters of an answer (markers included) past which no more evidence lines are added."""
EVIDENCE_CHARACTERS = 240
"""An evidence line longer than this is cut at a word boundary (the lead is quoted whole)."""
EVIDENCE_HEADING = "Also in the documents:"
BULLET = "- "
ELLIPSIS = "…"
CAUTION = "The closest passages may not answer this question; read them before relying on them:"
SAID_ALREADY = 0.8
"""A line whose content words are this much in a line already kept says nothing new."""


@dataclass
class Layout:
    """An answer's parts, each a quoted sentence with its ``[n]`` marker."""

    lead: list[str] = field(default_factory=list)
    evidence: list[str] = field(default_factory=list)
    caution: bool = False


def quoted(sentence: str, ref: int) -> str:
    """``sentence`` as a sentence of the answer, with ``[ref]`` (after an excerpt's "…")."""
    sentence = " ".join(sentence.split()).rstrip(" ;:,")
    if sentence.endswith(ELLIPSIS):
        return f"{sentence} [{ref}]"
    if not sentence.endswith((".", "!", "?")):
        sentence += "."
    return insert_marker(sentence, ref)


def excerpt(sentence: str, limit: int, relevance: Callable[[str], float]) -> str:
    """The part of a long sentence that matters to the question, about ``limit`` characters,
    with "…" where it was cut. A long clause often states its fact at the end ("… shall be
    decided by the Purchasing Agent … unless the Contractor appeals within six (6) months"),
    so the window kept is the most ``relevance``-scoring one, not the head."""
    words = " ".join(sentence.split()).split(" ")
    if len(" ".join(words)) <= limit:
        return " ".join(words)
    windows = []
    for start in range(len(words)):
        end, length = start, 0
        while end < len(words) and length + len(words[end]) + 1 <= limit:
            length += len(words[end]) + 1
            end += 1
        windows.append((start, max(end, start + 1)))
        if end >= len(words):
            break
    start, end = max(windows, key=lambda w: relevance(" ".join(words[w[0] : w[1]])))
    text = " ".join(words[start:end]).strip(" ;:,")
    return f"{ELLIPSIS + ' ' if start else ''}{text}{' ' + ELLIPSIS if end < len(words) else ''}"


def render(layout: Layout, budget: int = ANSWER_BUDGET) -> str:
    """The answer text: the caution (if any), the lead, then evidence lines within ``budget``.

    The lead is always kept whole; an evidence line is added only while the answer stays
    within the budget, and never when it repeats a line already kept."""
    lead = _unrepeated(layout.lead, [])
    head = " ".join(lead)
    if layout.caution:
        head = f"{CAUTION}\n{head}"
    lines: list[str] = []
    used = len(head) + len(EVIDENCE_HEADING) + 1
    for line in _unrepeated(layout.evidence, lead):
        if used + len(line) + len(BULLET) + 1 > budget:
            continue
        lines.append(BULLET + line)
        used += len(line) + len(BULLET) + 1
    return "\n".join([head, EVIDENCE_HEADING, *lines]) if lines else head


def split_layout(text: str) -> Layout:
    """The parts of an answer ``render`` wrote (a model's free text is all lead)."""
    layout = Layout()
    in_evidence = False
    for line in (raw.strip() for raw in text.split("\n")):
        if not line:
            continue
        if line == CAUTION:
            layout.caution = True
        elif line == EVIDENCE_HEADING:
            in_evidence = True
        elif in_evidence and line.startswith(BULLET):
            layout.evidence.append(line[len(BULLET) :])
        else:
            layout.lead.extend(answer_sentences(line))
    return layout


def compose(texts: Sequence[str], budget: int = ANSWER_BUDGET) -> str:
    """One answer from several domains' answers: every domain's lead (a sentence another
    domain already said is said once), then their evidence lines, within ``budget``. The
    caution stays only when every domain's evidence was weak."""
    layouts = [split_layout(t) for t in texts]
    merged = Layout(
        lead=[line for layout in layouts for line in layout.lead],
        evidence=[line for layout in layouts for line in layout.evidence],
        caution=bool(layouts) and all(layout.caution for layout in layouts),
    )
    return render(merged, budget)


def _unrepeated(lines: Sequence[str], kept_before: Sequence[str]) -> list[str]:
    """``lines`` without those whose words a kept line (or an earlier one) already says."""
    said = [set(content_terms(MARKER.sub("", line))) for line in kept_before]
    kept = []
    for line in lines:
        terms = set(content_terms(MARKER.sub("", line)))
        if terms and any(len(terms & s) / len(terms) >= SAID_ALREADY for s in said):
            continue
        kept.append(line)
        said.append(terms)
    return kept
