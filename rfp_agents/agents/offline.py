"""The offline answerer: an extractive domain agent that needs no chat model.

It works like the LLM agents, through the same tools, but plans and writes by rule:

1. **Plan**: search the question (and, for a follow-up, the earlier question) in every
   knowledge base in scope; search it again restricted to the agent's own category (legal,
   technical or financial chunks); grep exact terms the question names (clause numbers,
   amounts, percentages, standards, quoted phrases).
2. **Select**: split the passages into sentences and score each against the question:
   embedding similarity plus the share of the question's terms it contains, plus a bonus for
   an exact term. The best few sentences, from different passages where possible, answer.
3. **Write**: quote those sentences, each followed by the ``[ref]`` of its passage.

When the best sentence scores below ``RFP_NO_EVIDENCE_SCORE`` it answers that the documents
hold no evidence for the question and sets a warning; it never writes anything a passage
does not say.
"""

from __future__ import annotations

import json
import math
import re
import threading
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from langchain_core.embeddings import Embeddings
from langchain_core.messages import AIMessage, BaseMessage, ToolCall

from rfp_agents.agents.citations import insert_marker
from rfp_agents.agents.evidence import Evidence, evidence_in
from rfp_agents.agents.loop import run_tool_calls
from rfp_agents.agents.models import DomainFinding, finding_from_messages
from rfp_agents.agents.profiles import DomainProfile
from rfp_agents.agents.text import content_terms, exact_terms, split_sentences, term_overlap
from rfp_agents.agents.tools import KnowledgeTools
from rfp_agents.config import Settings

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
CATEGORY_TOP_K = 3
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
                profile.domain, "offline", answer, messages, [warning], no_evidence=True
            )
        chosen = select_sentences(scored)
        answer = " ".join(_with_marker(s.text, s.evidence.ref) for s in chosen)
        return finding_from_messages(profile.domain, "offline", answer, messages)

    # ------------------------------------------------------------------------ planning
    def retrieve(
        self, profile: DomainProfile, search_text: str, tools: KnowledgeTools
    ) -> list[BaseMessage]:
        """Run the planned tool calls; return them and their results as messages."""
        tool_list = tools.as_tools()
        listing = [_call("query_knowledge", action="list")]
        messages: list[BaseMessage] = [AIMessage(content="", tool_calls=listing)]
        messages += run_tool_calls(listing, tool_list)
        named = named_documents(search_text, _listed_sources(messages[-1]))
        calls = [
            _call("query_knowledge", query_text=search_text, top_k=self.settings.answer_top_k),
            _call(
                "query_knowledge",
                query_text=search_text,
                top_k=CATEGORY_TOP_K,
                metadata_filter={"category": profile.category},
            ),
        ]
        if named:
            calls.append(
                _call(
                    "query_knowledge",
                    query_text=search_text,
                    top_k=self.settings.answer_top_k,
                    metadata_filter={"source": {"$in": named}},
                )
            )
        calls += [
            _call("grep_documents", pattern=term, max_hits=GREP_HITS)
            for term in exact_terms(search_text)
        ]
        messages.append(AIMessage(content="", tool_calls=calls))
        return messages + run_tool_calls(calls, tool_list)

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
        exact = [t.lower() for t in exact_terms(question)]
        query_vector = np.asarray(self.embeddings.embed_query(question), dtype=np.float32)
        vectors = self._embed([s for s, _ in candidates])
        similarities = vectors @ query_vector
        scored = []
        for (sentence, item), similarity in zip(candidates, similarities, strict=True):
            overlap = weighted_overlap(weights, sentence)
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


def specificity_weights(terms: set[str], sentences: Sequence[str]) -> dict[str, float]:
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


def weighted_overlap(weights: dict[str, float], sentence: str) -> float:
    """Share of the question's term weight that ``sentence`` contains."""
    total = sum(weights.values())
    if not total:
        return 0.0
    present = set(content_terms(sentence))
    return sum(w for t, w in weights.items() if t in present) / total


def select_sentences(scored: Sequence[ScoredSentence]) -> list[ScoredSentence]:
    """The best sentences: close to the top score, not near-duplicates, few per passage."""
    if not scored:
        return []
    floor = scored[0].score * KEEP_WITHIN
    chosen: list[ScoredSentence] = []
    per_passage: dict[int, int] = {}
    for candidate in scored:
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


def named_documents(question: str, sources: Sequence[str]) -> list[str]:
    """Documents the question names: "the QASP", "the Tax Court RFQ", "cloud.gov", "Alaska".

    A question term of four or more characters (dots removed), or two adjacent terms joined,
    found inside a file name counts; so does a shorter term equal to a word of the name.
    """
    terms = [t.replace(".", "") for t in content_terms(question)]
    long_terms = {t for t in terms if len(t) >= 4 and not t[0].isdigit()}
    long_terms |= {a + b for a, b in zip(terms, terms[1:], strict=False) if len(a + b) >= 6}
    short_terms = {t for t in terms if 2 <= len(t) < 4}
    named = []
    for source in sources:
        stem = source.lower().rsplit(".", 1)[0]
        words = set(re.split(r"[^a-z0-9]+", stem))
        compact = re.sub(r"[^a-z0-9]", "", stem)
        if any(t in compact for t in long_terms) or short_terms & words:
            named.append(source)
    return named if len(named) < len(sources) else []


def _listed_sources(message: BaseMessage) -> list[str]:
    try:
        listing = json.loads(str(message.content))
    except ValueError:
        return []
    return [
        doc["source_file"]
        for kb in listing.get("knowledge_bases", [])
        for doc in kb.get("documents", [])
    ]


def _call(name: str, **args: object) -> ToolCall:
    return ToolCall(name=name, args=dict(args), id=f"call_{uuid.uuid4().hex[:8]}", type="tool_call")


def _with_marker(sentence: str, ref: int) -> str:
    """A quoted sentence as a full sentence of the answer, with its marker."""
    sentence = sentence.rstrip(" ;:,")
    if not sentence.endswith((".", "!", "?")):
        sentence += "."
    return insert_marker(sentence, ref)
