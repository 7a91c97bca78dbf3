"""The offline answerer: an extractive domain agent that needs no chat model.

It works like the LLM agents, through the same tools, but plans and writes by rule:

1. **Plan**: retrieve with the pipeline (``rfp_agents.retrieval``: query expansion, the
   documents the question names, each side of a comparison, hybrid search, reranking with
   the agent's category) the question and, for a follow-up, the earlier question; grep exact
   terms the question names (clause numbers, amounts, percentages, standards, quotes).
2. **Select**: split the passages into sentences (of the documents the question names, when
   it names some) and score each against the question's focus (``question_focus``: the
   question without the words naming its documents): embedding similarity plus the weighted
   share of the question's terms it contains, plus a bonus for an exact term and for holding
   the answer type (a quantity, a date). Sentences that are themselves questions (a vendor's,
   in a Q&A) are not answers. The sentence that answers comes first; another follows only if
   it adds a key term the first lacks and does not repeat it.
3. **Write**: quote those sentences, each followed by the ``[ref]`` of its passage.

It answers that the documents hold no evidence, with a warning, when the best sentence scores
below ``RFP_NO_EVIDENCE_SCORE``, when a key term of the question (or an RFP phrasing of it) is
in none of the passages, or when the question wants a quantity or a date and no close
sentence holds one. It never writes anything a passage does not say.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np
from langchain_core.embeddings import Embeddings
from langchain_core.messages import AIMessage, BaseMessage

from rfp_agents.agents.citations import insert_marker
from rfp_agents.agents.evidence import Evidence, evidence_in
from rfp_agents.agents.models import DomainFinding, finding_from_messages
from rfp_agents.agents.profiles import DomainProfile
from rfp_agents.agents.question_focus import (
    CALENDAR,
    CONDITIONAL,
    SECTION_NUMBER,
    QuestionFocus,
    asks_whether_there_is,
    has_answer_type,
    mentions,
    missing_terms,
    question_focus,
    wants_calendar_date,
)
from rfp_agents.agents.tool_calls import run_tool_calls, tool_call
from rfp_agents.agents.tools import KnowledgeTools
from rfp_agents.config import Settings
from rfp_agents.embeddings import sentence_embeddings
from rfp_agents.retrieval.expansion import in_spanish
from rfp_agents.text import (
    BARE_MARKER,
    ITEM_MARKER,
    QA_ENTRY_NUMBER,
    content_terms,
    detect_language,
    exact_terms,
    specificity_weights,
    split_sentences,
    stitch,
    table_cells,
    term_overlap,
    weighted_overlap,
)
from rfp_agents.translation import to_spanish

SIMILARITY_WEIGHT = 0.55
OVERLAP_WEIGHT = 0.45
EXACT_TERM_BONUS = 0.1
PASSAGE_SCORE_WEIGHT = 0.1
MAX_SENTENCES = 3
MAX_PER_PASSAGE = 2
KEEP_WITHIN = 0.85
"""Sentences scoring at least this share of the best one are worth adding."""
MIN_SENTENCE_CHARACTERS = 25
MIN_FIGURE_CHARACTERS = 12
"""A shorter sentence is kept when it holds a figure (a table row: "Price Offered 20")."""
MAX_SENTENCE_CHARACTERS = 600
"""A longer sentence (a table row, run-on text) is cut into overlapping windows."""
WINDOWED_CHARACTERS = 400
"""A sentence longer than this is compared with the question window by window."""
TYPE_BONUS = 0.08
"""Added to a sentence holding what the question asks for (a quantity, a date)."""
CONDITIONAL_PENALTY = 0.05
"""Taken from a conditional sentence's score when the question asks whether something exists
(``asks_whether_there_is``)."""
TYPED_WITHIN = 0.6
"""A sentence holding the answer type leads if it scores this share of the best sentence;
when none does, the passages do not state what the question asks for."""
REPEATS = 0.5
"""A sentence sharing this share of its terms with a chosen one adds nothing (overlapping
chunks and the word windows of long sentences, which overlap by half, say the same words
twice)."""
HEADING = re.compile(r"^[^a-z]*$|^(?:[A-Z][\w'’&/-]*+\s*|(?:of|and|the|for|to|in|on|or)\s+)+$")
"""An all-caps or title-case line ("COST PROPOSAL INSTRUCTIONS", "Proposal Evaluation
Criteria"): a heading, not a statement."""
MAX_HEADING_WORDS = 8
QUESTION_TAIL = re.compile(r"\?\W{0,3}(?:\w{1,2}\W{0,3})?$")
"""A sentence that ends a question, perhaps followed by an answer label ("…? a.")."""
REQUEST = re.compile(r"^(?:\d+\.\s*)?please\s+(?:confirm|clarify|advise)\b", re.IGNORECASE)
"""A vendor's question put as a request ("Please confirm GSA requires one narrative."): in a
Q&A it is asked, not answered, whatever its last mark."""
SIDE_FLOOR = 0.6
"""A comparison side's best sentence is kept if it reaches this share of the answer's floor."""
GREP_HITS = 5
REPLY_SPAN = 2
"""Statements after a question in a Q&A that count as its reply."""
READ_PAGES = 3
"""The best retrieved pages the answerer reads whole."""
MAX_LOOK_AGAIN = 2
"""Missing terms grepped for before the answerer says "no evidence"."""
SELF_STANDING_TERMS = 3
"""Content words a Q&A reply needs to be quoted without its question."""
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
        reason = self._no_evidence_reason(focus, scored, chosen, bool(sides), words_comparable)
        if reason:
            answer = (
                f"The documents hold no evidence for this question in the {profile.title} domain."
            )
            return finding_from_messages(
                profile.domain,
                "offline",
                answer,
                messages,
                [*warnings, f"no evidence: {reason}"],
                no_evidence=True,
                diagnostics=tools.diagnostics,
            )
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

    def _no_evidence_reason(
        self,
        focus: QuestionFocus,
        scored: Sequence[ScoredSentence],
        chosen: Sequence[ScoredSentence],
        comparison: bool,
        words_comparable: bool = True,
    ) -> str | None:
        """Why the passages do not answer the question, or None when they do.

        ``words_comparable`` is false when the question is in another language than the
        passages: no sentence can share its words, so the score is held to the share of the
        threshold that similarity alone can reach, and only the score can say there is no
        evidence."""
        best = scored[0].score if scored else 0.0
        floor = self.settings.no_evidence_score * (1.0 if words_comparable else SIMILARITY_WEIGHT)
        if best < floor:
            return (
                f"the best passage sentence scored {best:.2f}, below {floor:.2f} "
                f"(RFP_NO_EVIDENCE_SCORE{'' if words_comparable else ' x similarity weight'})"
            )
        if not words_comparable:
            return None
        missing = missing_terms(focus, [s.said_or_asked for s in scored])
        if missing and not comparison:
            return f"no passage mentions {', '.join(repr(t) for t in missing)}"
        if comparison:
            return None
        lead = chosen[0]
        if not has_answer_type(lead.text, focus.answer_type):
            return f"the question asks for a {focus.answer_type} and no close sentence states one"
        return None

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
        candidates = _candidates(evidence)
        if not candidates:
            return []
        question = focus.scoring_text
        texts = [c.text for c in candidates]
        weights = specificity_weights(set(content_terms(question)), texts)
        exact = [t.lower() for t in exact_terms(focus.question)]
        model = self._model_for(evidence)
        query_vector = np.asarray(model.embed_query(question), dtype=np.float32)
        asked = [c.replies_to for c in candidates if c.replies_to]
        asked_similarity = (
            dict(zip(asked, self._embed(model, asked) @ query_vector, strict=True)) if asked else {}
        )
        similarities = self._similarities(model, texts, query_vector)
        scored = []
        whether = asks_whether_there_is(focus.question)
        for candidate, similarity in zip(candidates, similarities, strict=True):
            sentence, item = candidate.text, candidate.evidence
            similarity = float(similarity)
            overlap = weighted_overlap(weights, sentence)
            if candidate.replies_to:
                # a reply inherits how well the question it answers matches this one
                similarity = max(similarity, float(asked_similarity[candidate.replies_to]))
                overlap = max(overlap, weighted_overlap(weights, candidate.replies_to))
            score = SIMILARITY_WEIGHT * similarity + OVERLAP_WEIGHT * overlap
            if exact and any(t in sentence.lower() for t in exact):
                score += EXACT_TERM_BONUS
            if focus.answer_type and has_answer_type(sentence, focus.answer_type):
                score += TYPE_BONUS
            if whether and CONDITIONAL.match(candidate.text):
                score -= CONDITIONAL_PENALTY
            score += PASSAGE_SCORE_WEIGHT * (item.score or 0.0)
            scored.append(
                ScoredSentence(
                    sentence, item, round(score, 4), similarity, overlap, candidate.replies_to
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
    date) if one scores close to the best, else the best. For a comparison, ``sides`` lists
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
    return chosen


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


@dataclass(frozen=True)
class Candidate:
    """A sentence that could answer, and the question it replies to in a Q&A ("" if none)."""

    text: str
    evidence: Evidence
    replies_to: str = ""


def _candidates(evidence: Sequence[Evidence]) -> list[Candidate]:
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
        if previous is None or _reading_order(previous)[:3] != _reading_order(run[0])[:3]:
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


def _runs(evidence: Sequence[Evidence]) -> list[list[Evidence]]:
    """The passages in reading order, consecutive chunks of one page grouped: a sentence the
    chunker cut at a chunk's end is read whole across the two."""
    runs: list[list[Evidence]] = []
    for item in sorted(evidence, key=_reading_order):
        last = runs[-1][-1] if runs else None
        follows = last is not None and _reading_order(last)[:3] == _reading_order(item)[:3]
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


def _reading_order(item: Evidence) -> tuple[str, str, int, int]:
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


def _with_marker(sentence: str, ref: int) -> str:
    """A quoted sentence as a full sentence of the answer, with its marker."""
    sentence = sentence.rstrip(" ;:,")
    if not sentence.endswith((".", "!", "?")):
        sentence += "."
    return insert_marker(sentence, ref)
