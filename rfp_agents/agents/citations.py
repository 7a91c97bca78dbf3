"""Citations: number the evidence, check the answer's ``[n]`` markers, add missing ones.

What a model writes is checked against what the tools returned (seed 003's post-processing):

* a marker whose number no tool returned is removed, and the removal is reported;
* a sentence whose cited passage shares too few of its terms is flagged as unsupported;
* a sentence without a marker that clearly restates a passage gets that passage's marker;
* every passage the tools returned becomes a citation, cited or not, so nothing is lost.

Markers are agent-local while an agent runs (``ref``); ``number_citations`` renumbers them
across domains so the final answer has one list, in the order a reader meets them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated

from pydantic import BaseModel, Field

from rfp_agents.agents.evidence import Evidence
from rfp_agents.text import answer_sentences, content_terms, split_sentences, term_overlap

MARKER = re.compile(r"\[(\d+(?:\s*,\s*\d+)*)\]")
_MARKER_BEFORE_STOP = re.compile(r"([.!?])((?:\s*\[\d+(?:\s*,\s*\d+)*\])+)")
SNIPPET_CHARACTERS = 300

SUPPORT_THRESHOLD = 0.3
"""A cited passage must contain at least this share of a sentence's terms to support it."""
AUTO_MARK_THRESHOLD = 0.5
"""An unmarked sentence gets a passage's marker when the passage holds this share of its terms."""
MIN_TERMS_TO_CHECK = 3


class Citation(BaseModel):
    """One numbered reference of an answer."""

    n: Annotated[int, Field(ge=1)]
    kb: str
    source_file: str
    page_number: Annotated[int, Field(ge=1)]
    chunk_id: str
    doc_id: str = Field(
        default="", description="The document, for GET /api/documents/{doc_id}/pages/{n}.png."
    )
    snippet: str
    score: float | None = None
    cited: bool = Field(description="True when the answer text carries this marker.")
    domains: list[str] = Field(default_factory=list)
    ocr_confidence: float | None = Field(
        default=None,
        description="Set when the cited page is a scan read by OCR (mean word confidence, "
        "0-100): check the wording against the page.",
    )


class UnsupportedSentence(BaseModel):
    """A sentence whose cited passages do not contain what it says."""

    domain: str
    sentence: str
    markers: list[int]
    overlap: float


@dataclass
class CheckedText:
    """An answer after its markers were checked (markers still agent-local refs)."""

    text: str
    removed_markers: list[int] = field(default_factory=list)
    added_markers: list[int] = field(default_factory=list)
    unsupported: list[tuple[str, list[int], float]] = field(default_factory=list)


def check_markers(text: str, evidence: Mapping[int, Evidence]) -> CheckedText:
    """Drop markers without evidence, flag unsupported sentences, mark unmarked restatements."""
    checked = CheckedText(text="")
    lines = []
    for line in _MARKER_BEFORE_STOP.sub(r"\2\1", text).split("\n"):
        sentences = [_check_sentence(s, evidence, checked) for s in answer_sentences(line)]
        lines.append(" ".join(s for s in sentences if s))
    checked.text = "\n".join(lines).strip()
    return checked


def _check_sentence(sentence: str, evidence: Mapping[int, Evidence], checked: CheckedText) -> str:
    cited: list[int] = []

    def keep_known(match: re.Match[str]) -> str:
        refs = [int(x) for x in re.split(r"\s*,\s*", match.group(1))]
        known = [r for r in refs if r in evidence]
        checked.removed_markers.extend(r for r in refs if r not in evidence)
        cited.extend(known)
        return "".join(f"[{r}]" for r in known)

    sentence = MARKER.sub(keep_known, sentence)
    sentence = re.sub(r"\s+([.!?;,])", r"\1", re.sub(r"\s{2,}", " ", sentence)).strip()
    terms = set(content_terms(MARKER.sub("", sentence)))
    if len(terms) < MIN_TERMS_TO_CHECK:
        return sentence
    if cited:
        best = max(term_overlap(terms, evidence[r].content) for r in cited)
        if best < SUPPORT_THRESHOLD:
            checked.unsupported.append((MARKER.sub("", sentence).strip(), cited, round(best, 3)))
        return sentence
    ref, best = _best_passage(terms, evidence)
    if ref is not None and best >= AUTO_MARK_THRESHOLD:
        checked.added_markers.append(ref)
        return insert_marker(sentence, ref)
    return sentence


def _best_passage(terms: set[str], evidence: Mapping[int, Evidence]) -> tuple[int | None, float]:
    best_ref, best = None, 0.0
    for ref, item in evidence.items():
        overlap = term_overlap(terms, item.content)
        if overlap > best:
            best_ref, best = ref, overlap
    return best_ref, best


def insert_marker(sentence: str, ref: int) -> str:
    """``sentence`` with ``[ref]`` before its final full stop (or at its end)."""
    if sentence and sentence[-1] in ".!?":
        return f"{sentence[:-1]} [{ref}]{sentence[-1]}"
    return f"{sentence} [{ref}]"


def markers_in(text: str) -> list[int]:
    """The marker numbers of ``text`` in reading order, repeats removed."""
    found = [int(x) for m in MARKER.finditer(text) for x in re.split(r"\s*,\s*", m.group(1))]
    return list(dict.fromkeys(found))


def renumber(text: str, mapping: Mapping[int, int]) -> str:
    """Replace agent-local markers by global citation numbers."""

    def swap(match: re.Match[str]) -> str:
        refs = [int(x) for x in re.split(r"\s*,\s*", match.group(1))]
        return "".join(f"[{mapping[r]}]" for r in refs if r in mapping)

    return MARKER.sub(swap, text)


def number_citations(
    findings: Sequence[tuple[str, str, Sequence[Evidence]]],
) -> tuple[list[str], list[Citation]]:
    """Number evidence across domains, cited passages first in reading order.

    Args:
        findings: ``(domain, text with local markers, evidence)`` per domain, in display order.

    Returns:
        The texts with global markers, and the citations (cited ones first, then the rest of
        what the tools returned).
    """
    numbers: dict[tuple[str, str], int] = {}
    first: dict[tuple[str, str], Evidence] = {}
    domains: dict[tuple[str, str], list[str]] = {}

    def number(item: Evidence, domain: str) -> int:
        key = item.key
        if key not in numbers:
            numbers[key] = len(numbers) + 1
            first[key] = item
        if domain not in domains.setdefault(key, []):
            domains[key].append(domain)
        return numbers[key]

    cited_keys: set[tuple[str, str]] = set()
    focus: dict[tuple[str, str], str] = {}
    mappings = []
    for domain, text, evidence in findings:
        local = {e.ref: e for e in evidence}
        mapping = {}
        for ref in markers_in(text):
            if ref in local:
                mapping[ref] = number(local[ref], domain)
                cited_keys.add(local[ref].key)
        for sentence, refs in _citing_sentences(text):
            for ref in refs:
                if ref in local:
                    focus.setdefault(local[ref].key, sentence)
        mappings.append(mapping)
    for domain, _, evidence in findings:
        for item in sorted(evidence, key=lambda e: -(e.score or 0.0)):
            number(item, domain)
    texts = [renumber(text, m) for (_, text, _), m in zip(findings, mappings, strict=True)]
    citations = [
        Citation(
            n=n,
            kb=first[key].kb,
            source_file=first[key].source_file,
            page_number=first[key].page_number,
            chunk_id=first[key].chunk_id,
            doc_id=first[key].doc_id,
            snippet=snippet(first[key].content, focus.get(key)),
            score=first[key].score,
            cited=key in cited_keys,
            domains=domains[key],
            ocr_confidence=first[key].ocr_confidence,
        )
        for key, n in sorted(numbers.items(), key=lambda kv: kv[1])
    ]
    return texts, citations


def _citing_sentences(text: str) -> list[tuple[str, list[int]]]:
    """Each sentence of an answer that carries markers, without them, with their refs."""
    found = []
    for line in text.split("\n"):
        for sentence in answer_sentences(line):
            refs = markers_in(sentence)
            if refs:
                found.append((" ".join(MARKER.sub("", sentence).split()), refs))
    return found


def snippet(content: str, focus: str | None = None) -> str:
    """What a reader sees for a citation: the passage from the sentence the answer cited it
    for (the best match of ``focus``), or from its start; at most SNIPPET_CHARACTERS."""
    text = " ".join(content.split())
    if focus:
        terms = set(content_terms(focus))
        sentences = split_sentences(content)
        if terms and sentences:
            best = max(sentences, key=lambda s: term_overlap(terms, s))
            start = text.find(best)
            if start > 0 and term_overlap(terms, best) > 0:
                text = "…" + text[start:]
    return text if len(text) <= SNIPPET_CHARACTERS else text[: SNIPPET_CHARACTERS - 1] + "…"
