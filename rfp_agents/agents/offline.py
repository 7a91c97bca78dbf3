"""The offline answerer: an extractive domain agent that needs no chat model.

It works like the LLM agents, through the same tools, but plans and writes by rule:

1. **Plan**: retrieve with the pipeline (``rfp_agents.retrieval``: query expansion, the
   documents the question names, each side of a comparison, hybrid search, reranking with
   the agent's category) the question and, for a follow-up, the earlier question; grep exact
   terms the question names (clause numbers, amounts, percentages, standards, quotes).
2. **Select**: split the passages into sentences and score each against the question:
   embedding similarity plus the share of the question's terms it contains, plus a bonus for
   an exact term. The best few sentences, from different passages where possible, answer.
3. **Write**: quote those sentences, each followed by the ``[ref]`` of its passage.

When the best sentence scores below ``RFP_NO_EVIDENCE_SCORE`` it answers that the documents
hold no evidence for the question and sets a warning; it never writes anything a passage
does not say.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from langchain_core.embeddings import Embeddings
from langchain_core.messages import AIMessage, BaseMessage

from rfp_agents.agents.citations import insert_marker
from rfp_agents.agents.evidence import Evidence, evidence_in
from rfp_agents.agents.models import DomainFinding, finding_from_messages
from rfp_agents.agents.profiles import DomainProfile
from rfp_agents.agents.tool_calls import run_tool_calls, tool_call
from rfp_agents.agents.tools import KnowledgeTools
from rfp_agents.config import Settings
from rfp_agents.retrieval.subjects import naming_terms
from rfp_agents.text import (
    content_terms,
    exact_terms,
    specificity_weights,
    split_sentences,
    term_overlap,
    weighted_overlap,
)

SIMILARITY_WEIGHT = 0.55
OVERLAP_WEIGHT = 0.45
EXACT_TERM_BONUS = 0.1
PASSAGE_SCORE_WEIGHT = 0.1
MAX_SENTENCES = 3
MAX_PER_PASSAGE = 2
KEEP_WITHIN = 0.85
"""Sentences scoring at least this share of the best one are worth adding."""
MIN_SENTENCE_CHARACTERS = 25
MAX_SENTENCE_CHARACTERS = 600
SIDE_FLOOR = 0.6
"""A comparison side's best sentence is kept if it reaches this share of the answer's floor."""
GREP_HITS = 5
NEAR_DUPLICATE = 0.8


@dataclass(frozen=True)
class ScoredSentence:
    text: str
    evidence: Evidence
    score: float
    similarity: float
    overlap: float


class OfflineAnswerer:
    """Answers one domain's share of a question from the tools' passages, extractively."""

    def __init__(self, embeddings: Embeddings, settings: Settings):
        self.embeddings = embeddings
        self.settings = settings
        self._vectors: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()

    def run(
        self,
        profile: DomainProfile,
        question: str,
        tools: KnowledgeTools,
        earlier_question: str | None = None,
    ) -> DomainFinding:
        search_text = f"{question} ({earlier_question})" if earlier_question else question
        messages = self.retrieve(profile, search_text, tools)
        return self.answer_from(profile, search_text, messages, tools)

    def answer_from(
        self,
        profile: DomainProfile,
        search_text: str,
        messages: Sequence[BaseMessage],
        tools: KnowledgeTools,
        warnings: Sequence[str] = (),
    ) -> DomainFinding:
        """The extractive answer over passages already retrieved (``messages``), e.g. when an
        LLM agent's reply had to be discarded."""
        messages = list(messages)
        evidence = evidence_in(messages)
        scored = self.score_sentences(search_text, evidence)
        best = scored[0].score if scored else 0.0
        if best < self.settings.no_evidence_score:
            warning = (
                f"no evidence: the best passage sentence scored {best:.2f}, below "
                f"{self.settings.no_evidence_score:.2f} (RFP_NO_EVIDENCE_SCORE)"
            )
            answer = (
                f"The documents hold no evidence for this question in the {profile.title} domain."
            )
            return finding_from_messages(
                profile.domain,
                "offline",
                answer,
                messages,
                [*warnings, warning],
                no_evidence=True,
                diagnostics=tools.diagnostics,
            )
        sides = _comparison_sides(tools)
        chosen = select_sentences(scored, sides)
        answer = " ".join(_with_marker(s.text, s.evidence.ref) for s in chosen)
        return finding_from_messages(
            profile.domain, "offline", answer, messages, list(warnings),
            diagnostics=tools.diagnostics,
        )  # fmt: skip

    # ------------------------------------------------------------------------ planning
    def retrieve(
        self, profile: DomainProfile, search_text: str, tools: KnowledgeTools
    ) -> list[BaseMessage]:
        """Run the planned tool calls; return them and their results as messages.

        One ``query_knowledge`` through the retrieval pipeline (which expands the question,
        searches the documents it names and each side of a comparison, and boosts the agent's
        category), and a grep for each exact term.
        """
        calls = [
            tool_call("query_knowledge", query_text=search_text, top_k=self.settings.answer_top_k),
            *(
                tool_call("grep_documents", pattern=term, max_hits=GREP_HITS)
                for term in exact_terms(search_text)
            ),
        ]
        return [AIMessage(content="", tool_calls=calls), *run_tool_calls(calls, tools.as_tools())]

    # ----------------------------------------------------------------------- selecting
    def score_sentences(self, question: str, evidence: Sequence[Evidence]) -> list[ScoredSentence]:
        """Every usable sentence of the passages, best first."""
        candidates: list[tuple[str, Evidence]] = []
        seen: set[str] = set()
        for item in evidence:
            for sentence in split_sentences(item.content):
                if not MIN_SENTENCE_CHARACTERS <= len(sentence) <= MAX_SENTENCE_CHARACTERS:
                    continue
                if sentence in seen or len(content_terms(sentence)) < 3:
                    continue
                seen.add(sentence)
                candidates.append((sentence, item))
        if not candidates:
            return []
        question_terms = set(content_terms(question))
        weights = specificity_weights(question_terms, [s for s, _ in candidates])
        naming = {e.source_file: naming_terms(question, e.source_file) for e in evidence}
        exact = [t.lower() for t in exact_terms(question)]
        query_vector = np.asarray(self.embeddings.embed_query(question), dtype=np.float32)
        vectors = self._embed([s for s, _ in candidates])
        similarities = vectors @ query_vector
        scored = []
        for (sentence, item), similarity in zip(candidates, similarities, strict=True):
            overlap = weighted_overlap(weights, sentence, naming[item.source_file])
            score = SIMILARITY_WEIGHT * float(similarity) + OVERLAP_WEIGHT * overlap
            if exact and any(t in sentence.lower() for t in exact):
                score += EXACT_TERM_BONUS
            score += PASSAGE_SCORE_WEIGHT * (item.score or 0.0)
            scored.append(
                ScoredSentence(sentence, item, round(score, 4), float(similarity), overlap)
            )
        scored.sort(key=lambda s: s.score, reverse=True)
        return scored

    def _embed(self, sentences: list[str]) -> np.ndarray:
        """Sentence vectors, cached: the three domain agents read many of the same passages."""
        with self._lock:
            missing = [s for s in dict.fromkeys(sentences) if s not in self._vectors]
        if missing:
            vectors = self.embeddings.embed_documents(missing)
            with self._lock:
                for sentence, vector in zip(missing, vectors, strict=True):
                    self._vectors[sentence] = np.asarray(vector, dtype=np.float32)
        with self._lock:
            return np.stack([self._vectors[s] for s in sentences])


def select_sentences(
    scored: Sequence[ScoredSentence], sides: Sequence[Sequence[str]] = ()
) -> list[ScoredSentence]:
    """The best sentences: close to the top score, not near-duplicates, few per passage.

    For a comparison, ``sides`` lists each side's documents; the best sentence of each side
    is taken first (if it is evidence at all), so both sides are answered.
    """
    if not scored:
        return []
    floor = scored[0].score * KEEP_WITHIN
    chosen: list[ScoredSentence] = []
    for documents in sides:
        side = next((s for s in scored if s.evidence.source_file in documents), None)
        if side is not None and side.score >= floor * SIDE_FLOOR and side not in chosen:
            chosen.append(side)
    per_passage: dict[int, int] = {}
    for c in chosen:
        per_passage[c.evidence.ref] = per_passage.get(c.evidence.ref, 0) + 1
    for candidate in scored:
        if candidate in chosen:
            continue
        if len(chosen) == MAX_SENTENCES or candidate.score < floor:
            break
        if per_passage.get(candidate.evidence.ref, 0) >= MAX_PER_PASSAGE:
            continue
        terms = set(content_terms(candidate.text))
        if any(term_overlap(terms, c.text) >= NEAR_DUPLICATE for c in chosen):
            continue
        chosen.append(candidate)
        per_passage[candidate.evidence.ref] = per_passage.get(candidate.evidence.ref, 0) + 1
    return chosen


def _comparison_sides(tools: KnowledgeTools) -> list[list[str]]:
    """The documents of each side of a comparison the last pipeline retrieval found."""
    if not tools.diagnostics:
        return []
    subjects = tools.diagnostics[-1].comparison_subjects
    return [s["documents"] for s in subjects if s.get("documents")]


def _with_marker(sentence: str, ref: int) -> str:
    """A quoted sentence as a full sentence of the answer, with its marker."""
    sentence = sentence.rstrip(" ;:,")
    if not sentence.endswith((".", "!", "?")):
        sentence += "."
    return insert_marker(sentence, ref)
