"""A Q&A's questions left out, a "Yes." (bare or with its terms) confirming the question it
answers, and each statement joined to its lead-in (``_statement``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rfp_agents.deliverables.matrix.lead_ins import (
    LEAD_IN_END,
    POINTER,
    _is_bare_marker,
    _is_lead_in,
)
from rfp_agents.deliverables.matrix.lists import (
    MIN_REQUIREMENT_CHARACTERS,
    OpenList,
    _speaks_for_itself,
)
from rfp_agents.deliverables.matrix.pages import (
    Sentence,
)
from rfp_agents.deliverables.matrix.sections import (
    MAX_REQUIREMENT_CHARACTERS,
)
from rfp_agents.deliverables.obligations import (
    QUESTION_NUMBER,
    confirmed_strength,
    is_instruction,
)
from rfp_agents.deliverables.wording import (
    ANSWER_START,
    CLAUSE_NUMBER,
)
from rfp_agents.text import (
    ITEM_MARKER,
    QA_ENTRY_NUMBER,
)

MIN_INSTRUCTION_CHARACTERS = 15


QUESTION_START = re.compile(rf"^\W*{QUESTION_NUMBER}", re.IGNORECASE)
"""A sentence that opens a Q&A's question (a bare "Question:" inside one does not)."""
UNNUMBERED_QUESTION = re.compile(r"^\W*(?:Question|Q|Pregunta)\s*:", re.IGNORECASE)
"""A question's label without its number ("Question: …", "Q: …"): it opens a question when
none is open; inside one it is the vendor's quote of another document's wording."""
ANSWER_AT_END = re.compile(
    r"\b(?:A\s?\d+|Answer\s?\d*|Response\s?\d*|Government\s+Response)\s*:\s*$",
    re.IGNORECASE,
)
"""An answer label the splitter left at the end of the question's last sentence ("… on
the portal Response:")."""
MAX_QUESTION_SENTENCES = 8
"""A "question" that no answer follows within this many sentences is not a Q&A's (an RFP's
"Question 1: Describe your approach…" prompts are instructions)."""


def _outside_questions(sentences: Iterator[Sentence], lettered: bool = False) -> Iterator[Sentence]:
    """The sentences without the questions of a Q&A: from "Q7:" (or an entry number, "7.")
    to the answer "A7:" / "Response:" (or, ``lettered``, to the entry's item "a."). A
    question no answer follows is kept after all, and so is an entry whose "Response:"
    label has no answer after it (a questionnaire's blank for the bidder to fill in). The
    sentences of a labelled answer, up to the next entry, are marked ``in_answer``: there
    the buyer speaks, and a request is an instruction. A question the buyer answers with a
    bare yes, after its label or right after it ("a. Bulk upload? Yes."), is kept with its
    yes and marked ``confirmed``; so is a question of need answered yes with its terms
    ("Is a bid bond required?" "Yes, of 5 % of the bid."), the answer in its row."""
    held: list[Sentence] = []
    labelled = False  # the last held sentence ended with an answer label
    answering = False  # the sentences are a labelled answer's
    for item in sentences:
        if labelled:
            labelled = False
            if not QA_ENTRY_NUMBER.match(item[0]):  # the label's answer: the question was held
                confirmed = _confirmed_by(held, item)
                held, answering = [], True
                if confirmed is not None:
                    yield confirmed
                    if _elaborates(item[0]):
                        continue  # the answer is in the confirmed question's row
        if (
            QUESTION_START.match(item[0])
            or QA_ENTRY_NUMBER.match(item[0])
            or (not held and UNNUMBERED_QUESTION.match(item[0]))
        ):
            yield from held
            held, answering = [item], False
        elif (
            held
            and _asks(held[-1])
            and (_is_bare_yes(item[0]) or (_elaborates(item[0]) and _asks_for_a_need(held[-1][0])))
        ):
            # "… is there a need for the following:" "a." "Bulk upload?" "Yes."; an answer
            # with no label right after its question ("Q5: Is a bid bond required? Yes, of
            # 5 % of the bid.")
            held[-1] = _confirmed(_with_its_lead_in(held[-1], held[:-1]), item[0])
        elif held and ANSWER_START.match(item[0]) and ANSWER_START.sub("", item[0]).strip():
            answer = ANSWER_START.sub("", item[0]).strip()
            confirmed = _confirmed_by(held, (answer, *item[1:]))
            held, answering = [], True
            if confirmed is not None:
                yield confirmed
            if confirmed is None or not _elaborates(answer):
                yield _answered(item)
        elif held and (
            ANSWER_START.match(item[0])
            or ANSWER_AT_END.search(item[0])
            or (
                lettered
                and FIRST_LETTERED_ITEM.match(item[0])
                and QA_ENTRY_NUMBER.match(held[0][0])  # "8. …?" then "a. …"; not after "Q8:"
            )
        ):
            held.append(item)
            labelled = True
        elif held:
            held.append(item)
            if len(held) > MAX_QUESTION_SENTENCES:
                yield from held
                held = []
        else:
            yield _answered(item) if answering else item
    yield from held


YES = r"(?:yes|s[ií])"
"""Yes, in English and Spanish."""
BARE_YES = re.compile(rf"^\W*{YES}\W*$", re.IGNORECASE)
"""An answer that is nothing but yes ("Yes.", "Sí."): the buyer confirms the question as
asked."""


def _is_bare_yes(sentence: str) -> bool:
    return bool(BARE_YES.match(sentence))


CONFIRMING_YES = re.compile(rf"^\W*{YES}\s*[,;:.–—-]\s*\S", re.IGNORECASE)
"""An answer that says yes, then on what terms ("Yes, 25 pages, excluding résumés.", "Sí,
del 5 %."): the buyer confirms the question and sets its terms."""


def _elaborates(answer: str) -> bool:
    return bool(CONFIRMING_YES.match(answer))


def _asks(item: Sentence) -> bool:
    return item[0].rstrip().endswith("?")


def _confirmed(item: Sentence, answer: str) -> Sentence:
    """The question with the buyer's yes after it, marked ``confirmed``: its strength is
    ``obligations.confirmed_strength``'s."""
    sentence, meta, opens_section = item
    return f"{sentence} {answer.strip()}", {**meta, "confirmed": True}, opens_section


def _with_its_lead_in(item: Sentence, before: list[Sentence]) -> Sentence:
    """A question's item with the question's lead-in before it ("… is there also a need
    for the following:" and, after the marker "b.", "Bulk upload?"): the item alone does
    not say what is asked of it. Any other sentence is itself."""
    if len(before) < 2 or not _is_bare_marker(before[-1][0]):
        return item
    lead_ins = [sentence for sentence, _, _ in before if LEAD_IN_END.search(sentence)]
    if not lead_ins:
        return item
    return f"{lead_ins[-1]} {item[0]}", item[1], item[2]


def _confirmed_by(question: list[Sentence], answer: Sentence) -> Sentence | None:
    """The question's last sentence, confirmed, when the labelled answer to it is yes, bare
    ("Q12: Is a bid bond required?" then "A12: Yes.") or with its terms ("A12: Yes, of 5 %
    of the bid.", then the row holds them); None otherwise. The rest of the question stays
    out."""
    asked = _last_asked(question)
    if asked is None:
        return None
    if _is_bare_yes(answer[0]) or (_elaborates(answer[0]) and _asks_for_a_need(asked[0])):
        return _answered(_confirmed(asked, answer[0]))
    return None


def _asks_for_a_need(question: str) -> bool:
    """A yes with its terms is read with its question only when the question asks whether a
    thing is needed (``confirmed_strength``); to any other question the answer speaks for
    itself ("Are bidders to price the options? Yes, we would like pricing for them.")."""
    return confirmed_strength(question) == "mandatory"


def _last_asked(question: list[Sentence]) -> Sentence | None:
    """The question's last sentence before its answer label ("A12:", "a.", "… Response:"),
    when it asks."""
    for sentence, meta, opens_section in reversed(question):
        text = ANSWER_AT_END.sub("", sentence).strip()
        if not ANSWER_START.sub("", text).strip() or FIRST_LETTERED_ITEM.match(text):
            continue  # the label alone
        return (text, meta, opens_section) if text.endswith("?") else None
    return None


FIRST_LETTERED_ITEM = re.compile(r"^\W*[aA][.)]\s*$")
"""The marker "a." (or "A.") alone, as a Q&A that numbers its questions marks the answer under
it."""


def _answered(item: Sentence) -> Sentence:
    sentence, meta, opens_section = item
    return sentence, {**meta, "in_answer": True}, opens_section


def _statement(
    sentence: str, meta: dict[str, Any], open_list: OpenList
) -> Iterator[tuple[str, dict[str, Any]]]:
    """The sentence as a statement: joined to the lead-in of the list it is an item of;
    nothing for a lead-in itself (its items say it), an item of what the buyer furnishes, a
    bare marker, a pointer elsewhere or a fragment."""
    if open_list.takes(sentence):
        if not (open_list.the_buyers or _is_bare_marker(sentence) or POINTER.match(sentence)):
            item = CLAUSE_NUMBER.sub("", ITEM_MARKER.sub("", sentence))
            if _speaks_for_itself(item, open_list.lead_in):
                yield item, meta  # "Bidders shall quote in pesos.": says its duty itself
            else:
                yield f"{open_list.heading} {item}", _cited_from(open_list.meta, meta)
    elif not _is_lead_in(sentence, meta) and (
        _shortest(sentence) <= len(sentence) <= MAX_REQUIREMENT_CHARACTERS
    ):
        yield DASH_BULLET.sub("", sentence), meta


DASH_BULLET = re.compile(r"^[-*–]\s+(?=\S)")
"""A dash or star that bulleted a sentence no list took ("- The accuracy … shall be better
than ±0.5 %."): the splitter keeps it when the sentence before ends with a full stop or a
colon, and a row's text is the sentence without it."""


def _cited_from(lead_in_meta: dict[str, Any], item_meta: dict[str, Any]) -> dict[str, Any]:
    """The metadata of an item joined to its lead-in: when the lead-in is on an earlier page
    ("Operation shall not exceed 60 Hz, unless …:" at a page's foot, its items on the next),
    the row's text starts there, so it is cited from the lead-in's page and chunk, and
    ``last_page`` says where the item ends (as ``_joined_across_pages`` cites a sentence a
    page break cut)."""
    first, own = lead_in_meta.get("page_number"), item_meta.get("page_number")
    if first is None or own is None or first >= own:
        return item_meta
    where_it_starts = {
        key: lead_in_meta[key] for key in ("page_number", "chunk_id") if key in lead_in_meta
    }
    return {
        **item_meta,
        **where_it_starts,
        "last_page": item_meta.get("last_page") or own,
    }


def _shortest(sentence: str) -> int:
    """The fewest characters a statement needs: fewer for an instruction ("Complete final
    design.") than for a fragment a page's layout left ("Page 3 of 12")."""
    return MIN_INSTRUCTION_CHARACTERS if is_instruction(sentence) else MIN_REQUIREMENT_CHARACTERS
