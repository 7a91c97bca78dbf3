"""The offline answerer: an extractive domain agent that needs no chat model.

It works like the LLM agents, through the same tools, but plans and writes by rule
(``docs/answers.md`` says which rules paid on the blind benchmark):

1. **Plan**: retrieve with the pipeline (``rfp_agents.retrieval``: query expansion, the
   documents the question names, each side of a comparison, hybrid search, reranking with
   the agent's category) the question and, for a follow-up, the earlier question; grep exact
   terms the question names (clause numbers, amounts, percentages, standards, quotes); read
   the best pages whole.
2. **Select**: the candidate sentences of the passages (``candidates``; of the documents the
   question names, when it names some) are scored against the question's focus
   (``question_focus``: the question without the words naming its documents): embedding
   similarity plus the weighted share of the question's terms it contains. The lead is the
   best sentence (one holding the date or figure a "when" or "how many" question asks for,
   if one scores close); another follows only if it adds a key term and repeats nothing.
3. **Judge** the evidence (``evidence_strength``): absent, weak or strong.
4. **Write** (``answer_layout``): the lead, then the key sentence of each other page the
   search ranked high, each with the ``[ref]`` of its passage; a weak answer says so first.
   It never writes anything a passage does not say.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np
from langchain_core.embeddings import Embeddings
from langchain_core.messages import AIMessage, BaseMessage

from rfp_agents.agents.answer_layout import (
    EVIDENCE_CHARACTERS,
    Layout,
    excerpt,
    quoted,
    render,
)
from rfp_agents.agents.candidates import candidate_sentences
from rfp_agents.agents.evidence import Evidence, evidence_in
from rfp_agents.agents.evidence_strength import judge
from rfp_agents.agents.models import DomainFinding, finding_from_messages
from rfp_agents.agents.profiles import DomainProfile
from rfp_agents.agents.question_focus import (
    CALENDAR,
    QuestionFocus,
    has_answer_type,
    mentions,
    missing_terms,
    question_focus,
    wants_calendar_date,
)
from rfp_agents.agents.tool_calls import run_tool_calls, tool_call
from rfp_agents.agents.tools import KnowledgeTools
from rfp_agents.config import Settings
from rfp_agents.embeddings import comparable_similarity, sentence_embeddings
from rfp_agents.retrieval.expansion import in_spanish
from rfp_agents.text import (
    ITEM_MARKER,
    content_terms,
    detect_language,
    exact_terms,
    specificity_weights,
    split_sentences,
    term_overlap,
    weighted_overlap,
)
from rfp_agents.translation import to_spanish

SIMILARITY_WEIGHT = 0.55
OVERLAP_WEIGHT = 0.45
PASSAGE_SCORE_WEIGHT = 0.1
MAX_SENTENCES = 2
"""Sentences of the lead: the one that answers and one that adds to it."""
MAX_EVIDENCE_LINES = 3
"""Other passages whose key sentence follows the lead (the answer's budget may keep fewer)."""
EVIDENCE_WITHIN = 0.6
"""An evidence line scores at least this share of the lead: a page the search ranked high for
other words (a court clause, an appendix title) is not shown as evidence."""
MAX_PER_PASSAGE = 2
SHORT_LEAD = 150
"""A lead shorter than this (characters) is often the first half of a clause, a heading-like
statement whose fact is in the sentence after it ("Payment terms are as follows." / "The
Contractor is paid monthly in arrears, net 30 days."): that sentence of its page joins it.
The sentences the answerer reads are 78, 122 and 183 characters long at their quartiles
(6,380 English sentences of the development documents); 150 was set once, before the
blind benchmark measured it, not fitted."""
KEEP_WITHIN = 0.85
"""Sentences scoring at least this share of the best one are worth adding."""
WINDOWED_CHARACTERS = 400
"""A sentence longer than this is compared with the question window by window."""
TYPED_WITHIN = 0.6
"""A sentence holding the answer type leads if it scores this share of the best sentence;
when none does, the passages do not state what the question asks for."""
REPEATS = 0.5
"""A sentence sharing this share of its terms with a chosen one adds nothing (overlapping
chunks and the word windows of long sentences, which overlap by half, say the same words
twice)."""
SIDE_FLOOR = 0.6
"""A comparison side's best sentence is kept if it reaches this share of the answer's floor."""
GREP_HITS = 5
READ_PAGES = 3
"""The best retrieved pages the answerer reads whole."""
MAX_LOOK_AGAIN = 2
"""Missing terms grepped for before the answerer says "no evidence"."""
MAX_NAMED_GREPS = 3
"""Named documents the look-again grep searches one by one (a question names few)."""


@dataclass(frozen=True)
class ScoredSentence:
    text: str
    evidence: Evidence
    score: float
    similarity: float
    overlap: float
    replies_to: str = ""
    position: int = -1
    """Its place in the reading order of the passages read (-1: unknown)."""

    @property
    def said_or_asked(self) -> str:
        """The sentence with the Q&A question it replies to: "100% remote." answers
        "What mix of remote and onsite work is preferred?", so it is about onsite work."""
        return f"{self.replies_to} {self.text}" if self.replies_to else self.text


class OfflineAnswerer:
    """Answers one domain's share of a question from the tools' passages, extractively."""

    def __init__(
        self,
        embeddings: Embeddings,
        settings: Settings,
        embeddings_for_kb: Callable[[str], Embeddings] | None = None,
    ):
        """``embeddings_for_kb(name)`` gives the model a knowledge base was built with:
        sentences are compared with the question in that model's space (a multilingual
        knowledge base's Spanish sentences are not read with an English-only model), or in
        the one ``embeddings.sentence_embeddings`` gives for it."""
        self.embeddings = embeddings
        self.settings = settings
        self.embeddings_for_kb = embeddings_for_kb
        self._vectors: dict[tuple[int, str], np.ndarray] = {}
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
        named = _named_documents(tools)
        sides = _comparison_sides(tools)
        focus = question_focus(search_text, _naming_terms(tools))
        scope = evidence if sides else _in_documents(evidence, named)
        words_comparable = not _asked_in_another_language(search_text, scope)
        as_written = words_comparable
        if not words_comparable and _main_language(scope) == "es":
            # an English question on a Spanish tender: its words are looked for in Spanish,
            # or, without a translator, not at all
            spanish = _in_spanish(focus)
            if spanish is not None:
                focus, words_comparable = spanish, True
        scored = self.score_sentences(focus, scope)
        missing = (
            missing_terms(focus, [s.said_or_asked for s in scored]) if words_comparable else []
        )
        if missing and not sides:
            # look again before saying "no evidence": the passages retrieved for the whole
            # question may have missed the one that names its subject
            messages += self._grep(missing, named, tools)
            evidence = evidence_in(messages)
            scored = self.score_sentences(focus, _in_documents(evidence, named))
        chosen = select_sentences(scored, focus, sides)
        orphan = _orphan_item_page(chosen, evidence)
        if orphan is not None:
            # the lead is an item of a list whose lead-in is in a passage not read: read the
            # page, or "An agreement providing for … liquidated damages" loses its "cannot
            # agree to any of the following terms"
            messages += self._read_pages([orphan], tools)
            evidence = evidence_in(messages)
            scope = evidence if sides else _in_documents(evidence, named)
            scored = self.score_sentences(focus, scope)
            chosen = select_sentences(scored, focus, sides)
        weak_score = self.settings.weak_evidence_score * (
            1.0 if words_comparable else SIMILARITY_WEIGHT
        )
        judgement = judge(
            focus,
            scored,
            chosen[0] if chosen else None,
            weak_score,
            self._closest(scored, scope),
            comparison=bool(sides),
            words_comparable=words_comparable,
            as_written=as_written,
        )
        if judgement.verdict == "absent":
            answer = (
                f"The documents hold no evidence for this question in the {profile.title} domain."
            )
            return finding_from_messages(
                profile.domain,
                "offline",
                answer,
                messages,
                [*warnings, judgement.warning],
                no_evidence=True,
                diagnostics=tools.diagnostics,
            )
        weights = specificity_weights(
            set(content_terms(focus.scoring_text)), [s.text for s in scored]
        )

        def relevance(text: str) -> float:
            return weighted_overlap(weights, text)

        layout = Layout(
            lead=[quoted(s.text, s.evidence.ref) for s in chosen],
            evidence=[
                quoted(excerpt(s.text, EVIDENCE_CHARACTERS, relevance), s.evidence.ref)
                for s in key_sentences(scored, chosen, evidence)
            ],
            caution=judgement.verdict == "weak",
        )
        if judgement.verdict == "weak":
            warnings = [*warnings, judgement.warning]
        return finding_from_messages(
            profile.domain, "offline", render(layout), messages, list(warnings),
            diagnostics=tools.diagnostics,
        )  # fmt: skip

    # ------------------------------------------------------------------------ planning
    def retrieve(
        self, profile: DomainProfile, search_text: str, tools: KnowledgeTools
    ) -> list[BaseMessage]:
        """Run the planned tool calls; return them and their results as messages.

        One ``query_knowledge`` through the retrieval pipeline (which expands the question,
        searches the documents it names and each side of a comparison, and boosts the agent's
        category), and a grep for each exact term; then ``read_page`` for the best few pages,
        because the pipeline keeps one passage a page and the answering sentence may sit in
        another passage of the same page.
        """
        calls = [
            tool_call("query_knowledge", query_text=search_text, top_k=self.settings.answer_top_k),
            *(
                tool_call("grep_documents", pattern=term, max_hits=GREP_HITS)
                for term in exact_terms(search_text)
            ),
        ]
        messages = [
            AIMessage(content="", tool_calls=calls),
            *run_tool_calls(calls, tools.as_tools()),
        ]
        pages = _best_pages(evidence_in(messages), READ_PAGES)
        return messages + self._read_pages(pages, tools)

    @staticmethod
    def _read_pages(
        pages: Sequence[tuple[str, str, int]], tools: KnowledgeTools
    ) -> list[BaseMessage]:
        """``read_page`` for each (kb, file, page), as tool calls and their results."""
        if not pages:
            return []
        reads = [
            tool_call("read_page", source_file=source, page_number=page, kb_id=kb)
            for kb, source, page in pages
        ]
        return [AIMessage(content="", tool_calls=reads), *run_tool_calls(reads, tools.as_tools())]

    def _grep(
        self, terms: Sequence[str], named: Sequence[str], tools: KnowledgeTools
    ) -> list[BaseMessage]:
        """Grep for the question's terms no passage mentioned, in each document the question
        names (all of them if it names none), by their stem from a word start: "deviat"
        finds "deviation"; "fund" does not find "refund". One grep a named document, so a
        document early in the alphabet cannot take every hit."""
        scopes: list[dict[str, str]] = [{"source_file": n} for n in named[:MAX_NAMED_GREPS]] or [{}]
        calls = [
            tool_call(
                "grep_documents",
                pattern=rf"\b{re.escape(_stem_pattern(term))}",
                regex=True,
                max_hits=GREP_HITS,
                **where,
            )
            for term in terms[:MAX_LOOK_AGAIN]
            for where in scopes
        ]
        return [AIMessage(content="", tool_calls=calls), *run_tool_calls(calls, tools.as_tools())]

    # ----------------------------------------------------------------------- selecting
    def score_sentences(
        self, focus: QuestionFocus | str, evidence: Sequence[Evidence]
    ) -> list[ScoredSentence]:
        """Every usable sentence of the passages, best first."""
        if isinstance(focus, str):
            focus = question_focus(focus)
        candidates = candidate_sentences(evidence)
        if not candidates:
            return []
        question = focus.scoring_text
        texts = [c.text for c in candidates]
        weights = specificity_weights(set(content_terms(question)), texts)
        model = self._model_for(evidence)
        query_vector = np.asarray(model.embed_query(question), dtype=np.float32)
        asked = [c.replies_to for c in candidates if c.replies_to]
        asked_similarity = (
            dict(zip(asked, self._embed(model, asked) @ query_vector, strict=True)) if asked else {}
        )
        similarities = self._similarities(model, texts, query_vector)
        scored = []
        for position, (candidate, similarity) in enumerate(
            zip(candidates, similarities, strict=True)
        ):
            sentence, item = candidate.text, candidate.evidence
            similarity = float(similarity)
            overlap = weighted_overlap(weights, sentence)
            if candidate.replies_to:
                # a reply inherits how well the question it answers matches this one
                similarity = max(similarity, float(asked_similarity[candidate.replies_to]))
                overlap = max(overlap, weighted_overlap(weights, candidate.replies_to))
            score = SIMILARITY_WEIGHT * similarity + OVERLAP_WEIGHT * overlap
            score += PASSAGE_SCORE_WEIGHT * (item.score or 0.0)
            scored.append(
                ScoredSentence(
                    sentence,
                    item,
                    round(score, 4),
                    similarity,
                    overlap,
                    candidate.replies_to,
                    position,
                )
            )
        scored.sort(key=lambda s: s.score, reverse=True)
        return scored

    def _similarities(
        self, model: Embeddings, texts: list[str], query_vector: np.ndarray
    ) -> list[float]:
        """Each sentence's similarity to the question; a long sentence's is its best window's.

        A long sentence is quoted whole (its figure may sit at the end, away from its
        subject), but its embedding is diluted by its length: it is compared in windows,
        as retrieval compares it."""
        pieces = [
            (split_sentences(t) or [t]) if len(t) > WINDOWED_CHARACTERS else [t] for t in texts
        ]
        flat = [p for ps in pieces for p in ps]
        scores = iter((self._embed(model, flat) @ query_vector).tolist())
        return [max(next(scores) for _ in ps) for ps in pieces]

    def _closest(self, scored: Sequence[ScoredSentence], evidence: Sequence[Evidence]) -> float:
        """The best sentence similarity, on the scale thresholds are set on (a model whose
        unrelated texts score high, as e5 does, is mapped onto it)."""
        best = max((s.similarity for s in scored), default=0.0)
        name = getattr(self._model_for(evidence), "model_name", None)
        return comparable_similarity(best, name)

    def _model_for(self, evidence: Sequence[Evidence]) -> Embeddings:
        """The embeddings sentences are weighed with: those of the knowledge base most of the
        passages come from, or the model its sentences are weighed with instead
        (``embeddings.sentence_embeddings``)."""
        if self.embeddings_for_kb is None or not evidence:
            return self.embeddings
        kbs = [e.kb for e in evidence]
        return sentence_embeddings(self.embeddings_for_kb(max(set(kbs), key=kbs.count)))

    def _embed(self, model: Embeddings, sentences: list[str]) -> np.ndarray:
        """Sentence vectors, cached: the three domain agents read many of the same passages."""
        key = id(model)
        with self._lock:
            missing = [s for s in dict.fromkeys(sentences) if (key, s) not in self._vectors]
        if missing:
            vectors = model.embed_documents(missing)
            with self._lock:
                for sentence, vector in zip(missing, vectors, strict=True):
                    self._vectors[(key, sentence)] = np.asarray(vector, dtype=np.float32)
        with self._lock:
            return np.stack([self._vectors[(key, s)] for s in sentences])


def select_sentences(
    scored: Sequence[ScoredSentence],
    focus: QuestionFocus | None = None,
    sides: Sequence[Sequence[str]] = (),
) -> list[ScoredSentence]:
    """The sentence that answers first, then only sentences that add to it.

    The lead is the best sentence holding the answer type the question wants (a quantity, a
    date) if one scores close to the best, else the best. A short lead alone is completed by
    the sentence after it on its page (``SHORT_LEAD``). For a comparison, ``sides`` lists
    each side's documents; each side's lead, chosen the same way among its own sentences, is
    taken first (if it is evidence at all), so both sides are answered. Another sentence
    follows when it scores close to the lead, repeats no chosen sentence and mentions a key
    term no chosen sentence mentions.
    """
    if not scored:
        return []
    lead = _lead(scored, focus)
    floor = lead.score * KEEP_WITHIN
    chosen: list[ScoredSentence] = []
    for documents in sides:
        on_side = [s for s in scored if s.evidence.source_file in documents]
        side = _lead(on_side, focus) if on_side else None
        if side is not None and side.score >= floor * SIDE_FLOOR and side not in chosen:
            chosen.append(side)
    if not chosen:
        chosen.append(lead)
    per_passage: dict[int, int] = {}
    for c in chosen:
        per_passage[c.evidence.ref] = per_passage.get(c.evidence.ref, 0) + 1
    for candidate in scored:
        if len(chosen) >= MAX_SENTENCES or candidate.score < floor:
            break
        if candidate in chosen or per_passage.get(candidate.evidence.ref, 0) >= MAX_PER_PASSAGE:
            continue
        if _repeats(candidate.text, chosen):
            continue
        if not _adds(candidate.text, chosen, focus) and not _new_side(candidate, chosen, sides):
            continue
        chosen.append(candidate)
        per_passage[candidate.evidence.ref] = per_passage.get(candidate.evidence.ref, 0) + 1
    if len(chosen) == 1 and not sides and (after := _completing(chosen[0], scored)):
        chosen.append(after)
    return chosen


def _completing(lead: ScoredSentence, scored: Sequence[ScoredSentence]) -> ScoredSentence | None:
    """The sentence after a short lead on its page (``SHORT_LEAD``), unless it repeats it or
    replies to another question of a Q&A (the next entry, not the rest of this reply)."""
    if len(lead.text) >= SHORT_LEAD or lead.position < 0:
        return None
    after = next((s for s in scored if s.position == lead.position + 1), None)
    if after is None or _page_of(after.evidence) != _page_of(lead.evidence):
        return None
    if after.replies_to != lead.replies_to or _repeats(after.text, [lead]):
        return None
    return after


def key_sentences(
    scored: Sequence[ScoredSentence], chosen: Sequence[ScoredSentence], evidence: Sequence[Evidence]
) -> list[ScoredSentence]:
    """The best sentence of each other page the search ranked high, in its order.

    The lead may have picked the wrong sentence; the clause of each of the next passages the
    search found lets the analyst see the answer anyway. Pages are taken in the order the
    retrieval ranked their passages (a page read whole or grepped comes after), each once,
    skipping the lead's pages."""
    ranked = sorted(evidence, key=lambda e: (e.tool != "query_knowledge", e.ref))
    taken = {_page_of(c.evidence) for c in chosen}
    floor = chosen[0].score * EVIDENCE_WITHIN if chosen else 0.0
    best_on_page: dict[tuple[str, str, int], ScoredSentence] = {}
    for sentence in scored:  # best first
        if sentence.score < floor:
            break
        best_on_page.setdefault(_page_of(sentence.evidence), sentence)
    found = []
    for item in ranked:
        where = _page_of(item)
        if where in taken or where not in best_on_page:
            continue
        taken.add(where)
        found.append(best_on_page[where])
        if len(found) >= MAX_EVIDENCE_LINES:
            break
    return found


def _page_of(item: Evidence) -> tuple[str, str, int]:
    return (item.kb, item.source_file, item.page_number)


def _new_side(
    candidate: ScoredSentence, chosen: Sequence[ScoredSentence], sides: Sequence[Sequence[str]]
) -> bool:
    """True when ``candidate`` answers a side of the comparison no chosen sentence answers."""
    for documents in sides:
        if candidate.evidence.source_file in documents and not any(
            c.evidence.source_file in documents for c in chosen
        ):
            return True
    return False


def _lead(scored: Sequence[ScoredSentence], focus: QuestionFocus | None) -> ScoredSentence:
    """The best sentence holding the answer type, if one scores close enough; else the best
    (and the answerer then says the type is not stated)."""
    if focus is None or focus.answer_type is None:
        return scored[0]
    if focus.answer_type == "date" and wants_calendar_date(focus.question):
        dated = next((s for s in scored if CALENDAR.search(s.text)), None)
        if dated is not None and dated.score >= scored[0].score * TYPED_WITHIN:
            return dated
    typed = next((s for s in scored if has_answer_type(s.text, focus.answer_type)), None)
    if typed is not None and typed.score >= scored[0].score * TYPED_WITHIN:
        return typed
    return scored[0]


def _repeats(text: str, chosen: Sequence[ScoredSentence]) -> bool:
    terms = set(content_terms(text))
    return not terms or any(term_overlap(terms, c.text) >= REPEATS for c in chosen)


def _adds(text: str, chosen: Sequence[ScoredSentence], focus: QuestionFocus | None) -> bool:
    """True when ``text`` mentions a key term of the question that no chosen sentence does."""
    if focus is None or not focus.key_terms:
        return True
    said = {t for c in chosen for t in content_terms(c.text)}
    terms = set(content_terms(text))
    return any(mentions(k, terms) and not mentions(k, said) for k in focus.key_terms)


def _orphan_item_page(
    chosen: Sequence[ScoredSentence], evidence: Sequence[Evidence]
) -> tuple[str, str, int] | None:
    """(kb, file, page) of the lead when it comes from a passage that starts inside a list
    whose previous passage is not among ``evidence``; None otherwise."""
    if not chosen:
        return None
    item = chosen[0].evidence
    if " … " in chosen[0].text or not ITEM_MARKER.match(item.content):
        return None
    present = {(e.kb, e.source_file, e.chunk_index) for e in evidence}
    if (item.kb, item.source_file, item.chunk_index - 1) in present or item.chunk_index == 0:
        return None
    return (item.kb, item.source_file, item.page_number)


def _in_spanish(focus: QuestionFocus) -> QuestionFocus | None:
    """The focus of the question in Spanish, or None without a translator.

    Its words are Apertium's translation and the glossary's (``retrieval.expansion.in_spanish``),
    as retrieval searches them: Apertium picks a word's general sense ("damage" as *averiar*),
    the glossary has the procurement one (*daños*). Its answer type is the translation's,
    else the English question's (Apertium's output has no "¿" and may word a question oddly).
    It has no rare or subject terms: a translated word no passage holds proves only that the
    translation chose another word, so it cannot say the documents are silent.
    """
    spanish = to_spanish(focus.question)
    if spanish is None:
        return None
    glossary = in_spanish(focus.question)
    translated = question_focus(f"{spanish} {glossary.text}" if glossary else spanish, focus.naming)
    asked = question_focus(spanish).answer_type or focus.answer_type
    return replace(translated, answer_type=asked, rare_terms=(), subject_terms=())


def _asked_in_another_language(question: str, evidence: Sequence[Evidence]) -> bool:
    """True when most passages are in another language than the question (an English
    question on a Spanish tender); English passages never need the question's language."""
    main = _main_language(evidence)
    return main is not None and main != "en" and detect_language(question) != main


def _main_language(evidence: Sequence[Evidence]) -> str | None:
    """The language most passages are written in (None without passages)."""
    languages = [e.language for e in evidence]
    return max(set(languages), key=languages.count) if languages else None


def _named_documents(tools: KnowledgeTools) -> list[str]:
    """The documents the question names, as the last pipeline retrieval resolved them."""
    return list(tools.diagnostics[-1].named_documents) if tools.diagnostics else []


def _naming_terms(tools: KnowledgeTools) -> list[str]:
    """The question's words that named its documents (file names or titles)."""
    return list(tools.diagnostics[-1].naming_terms) if tools.diagnostics else []


def _in_documents(evidence: Sequence[Evidence], documents: Sequence[str]) -> list[Evidence]:
    """The evidence from ``documents`` (all of it when none is named or none matches)."""
    named = [e for e in evidence if e.source_file in documents]
    return named or list(evidence)


def _best_pages(evidence: Sequence[Evidence], count: int) -> list[tuple[str, str, int]]:
    """The pages of the ``count`` best-scored passages, (kb, file, page), best first."""
    ranked = sorted((e for e in evidence if e.score is not None), key=lambda e: -(e.score or 0))
    pages = dict.fromkeys((e.kb, e.source_file, e.page_number) for e in ranked)
    return list(pages)[:count]


def _stem_pattern(term: str) -> str:
    """A literal grep pattern for ``term`` and its forms ("deviate" -> "deviat")."""
    return term[:-1] if len(term) > 5 and term.endswith("e") else term


def _comparison_sides(tools: KnowledgeTools) -> list[list[str]]:
    """The documents of each side of a comparison the last pipeline retrieval found."""
    if not tools.diagnostics:
        return []
    subjects = tools.diagnostics[-1].comparison_subjects
    return [s["documents"] for s in subjects if s.get("documents")]
