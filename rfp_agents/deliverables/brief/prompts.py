"""What the chat model is told when it fills a brief's fields."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rfp_agents.agents.evidence import Evidence
from rfp_agents.deliverables.brief.fields import FieldSpec

BRIEF_SYSTEM = """You fill the fields of an RFP brief from numbered passages of the \
solicitation's documents. For each field, give its value in a few words, the exact words of \
one passage that state it (copied, not paraphrased) and that passage's number. When no \
passage states a field, give null as its value. Never use anything the passages do not say.
Reply with JSON: {"values": [{"field": "...", "value": "..." or null, "quote": "...", \
"ref": 1}, ...]}, one entry per field."""


def brief_request(specs: Sequence[FieldSpec], passages: Mapping[int, Evidence]) -> str:
    fields = "\n".join(f"- {s.name}: {s.question}" for s in specs)
    numbered = "\n\n".join(
        f"[{ref}] ({e.source_file} p. {e.page_number})\n{e.content}"
        for ref, e in sorted(passages.items())
    )
    return f"Fields:\n{fields}\n\nPassages:\n{numbered}"
