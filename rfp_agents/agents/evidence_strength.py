"""How strong the evidence for an answer is: absent, weak or strong.

"No evidence" is a claim about the documents, so it is made only on a signal that says the
documents do not hold the answer, whichever buyer wrote them: **the question asks for an
amount or a share and no passage read states one** (a document that never prices a thing
cannot say how much it costs).

Everything else is an answer. When the answer may be wrong, the evidence is **weak**: the
answer shows the closest passages and says plainly that they may not answer it, and the
warning says why:

- **the lexical search finds no trace of the subject, and the dense search agrees**: a
  specific word of the question (rare in English, such as "escrow", or a figure such as
  "27001") or most of the words of its subject are in none of the passages, nor anywhere in
  the documents in scope when grepped for, and no sentence read is close to the question in
  meaning (``PARAPHRASE_SIMILARITY``). It was a reason for "no evidence" until the blind
  benchmark showed it wrong twice as often as right: a document that words the subject its
  own way ("indemnify" for "hold harmless", "guarantee" for "warranty") with no sentence
  close enough looks the same as one that never deals with it. The analyst reads the
  closest passages and the warning names the words no document holds;
- the best sentence matches the question poorly (a low score on one sentence is a poor
  proof of absence: it drops whenever the document words a fact unlike the question);
- the lead lacks the kind of value the question asks for.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from rfp_agents.agents.question_focus import QuestionFocus, has_answer_type, missing_terms

Verdict = Literal["strong", "weak", "absent"]

PARAPHRASE_SIMILARITY = 0.5
"""A sentence at least this close to the question (cosine, all-MiniLM-L6-v2) is about it, whatever
its words. Measured on the null distribution: 143 questions against 3,000 random sentences of
19 RFPs, a random sentence reaches 0.34 at the 95th percentile, 0.46 at the 99.5th, 0.55 at
the 99.9th; 0.5 is closer than all but about one random RFP sentence in 500."""
PRICED_TYPES = ("money", "percentage")
"""Answer types whose total absence from the passages read means the document does not say."""
WEAK = "weak evidence:"
"""How the warning of a weak answer starts (a brief field takes no value from one)."""


@dataclass(frozen=True)
class Judgement:
    verdict: Verdict
    reason: str = ""

    @property
    def warning(self) -> str:
        """The answer's warning: "no evidence: …" or "weak evidence: …" ("" when strong)."""
        if self.verdict == "strong":
            return ""
        return f"{'no evidence:' if self.verdict == 'absent' else WEAK} {self.reason}"


class SentenceView(Protocol):
    """What the judgement needs of a scored sentence (``offline.ScoredSentence``)."""

    text: str
    score: float

    @property
    def said_or_asked(self) -> str: ...


def judge(
    focus: QuestionFocus,
    scored: Sequence[SentenceView],
    lead: SentenceView | None,
    weak_score: float,
    closest: float,
    comparison: bool = False,
    words_comparable: bool = True,
    as_written: bool = True,
) -> Judgement:
    """The verdict on the passages read for ``focus`` (``scored``: every usable sentence,
    best first; ``lead``: the sentence the answer starts with; ``closest``: the highest
    similarity of a sentence to the question, on all-MiniLM-L6-v2's scale,
    ``embeddings.comparable_similarity``).

    ``words_comparable`` is false when the question is in another language than the
    passages and no translation is at hand: no word can be looked for. ``as_written`` is
    false when the question reached the passages through a translation (or not at all): a
    translated word no passage holds proves only that the translation chose another word, so
    the lexical search cannot show the subject is absent, and the best sentence's score is
    the only signal left: below ``weak_score`` the answer is "no evidence"."""
    if not scored or lead is None:
        return Judgement("absent", "no passage was found")
    if words_comparable and not comparison:
        kind = focus.answer_type
        if kind in PRICED_TYPES and not any(has_answer_type(s.text, kind) for s in scored):
            return Judgement("absent", f"the question asks for a {kind} and no passage states one")
    if words_comparable and not comparison and closest < PARAPHRASE_SIMILARITY:
        missing = missing_terms(focus, [s.said_or_asked for s in scored])
        if missing:
            named = ", ".join(repr(t) for t in missing)
            return Judgement("weak", f"no document in scope mentions {named}")
    if not as_written and lead.score < weak_score:
        return Judgement(
            "absent",
            f"the best sentence scored {lead.score:.2f}, below {weak_score:.2f}, and the "
            "question was compared through a translation",
        )
    if lead.score < weak_score:
        return Judgement(
            "weak", f"the best sentence scored {lead.score:.2f}, below {weak_score:.2f}"
        )
    if not comparison and not has_answer_type(lead.text, focus.answer_type):
        return Judgement(
            "weak", f"the question asks for a {focus.answer_type}; the lead states none"
        )
    return Judgement("strong")
