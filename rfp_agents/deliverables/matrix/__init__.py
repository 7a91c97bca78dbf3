"""The compliance matrix: every requirement statement of a knowledge base's documents.

A bid team "shreds" a solicitation into the list of what the bidder must (or should) do, each
with its section and page, and answers it line by line. ``requirements`` reads each document
page by page in reading order (the page's chunks joined where they overlap), splits it into
sentences and list items, and keeps the statements that bind the bidder, ``mandatory`` or
``advisory`` (``obligations.py`` says which, and which bind no one). A Q&A's questions are
left out, even when they quote a requirement (the whole question, from "Q7:" to the answer
"A7:"). A lead-in that ends with a colon ("The Contractor shall:") is joined to each of its
items. The same requirement in several documents is one row citing each place
(``also_in``); amendments, evaluation factors and UCF sections link rows (``links.py``).
Each row carries its domain (``_DomainFiler``: the router's classifier on the row, its
heading and its chunk), a topic (``topics.py``: the row's words and its heading's), the
numbered heading it sits under, and the file, page and chunk it comes from.

The package, by concern: ``rows`` (the row model and the builder), ``reader`` (a
document's statements), ``pages`` (pages read into sentences), ``lists`` (the list state
machine), ``lead_ins``, ``questions`` (a Q&A's questions and answers) and ``sections``
(headings). The rules that judge a statement live in ``rules/`` and ``obligations.py``.
"""

from rfp_agents.deliverables.matrix.reader import documents_statements, statements
from rfp_agents.deliverables.matrix.rows import (
    Judged,
    MatrixBuilder,
    Requirement,
    judged_statements,
    requirements,
)
from rfp_agents.deliverables.matrix.sections import is_list_item, section_headings

__all__ = [
    "Judged",
    "MatrixBuilder",
    "Requirement",
    "documents_statements",
    "is_list_item",
    "judged_statements",
    "requirements",
    "section_headings",
    "statements",
]
