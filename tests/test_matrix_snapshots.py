"""The matrix rows of the session's knowledge bases (the sample RFP, and a real PWS with its
QASP), kept as committed snapshots (``tests/snapshots/``): a change to a rule, a splitter or
a lead-in that moves a row shows the rows it moved here, as a diff. Accept a change on
purpose with ``RFP_UPDATE_SNAPSHOTS=1 .venv/bin/pytest tests/test_matrix_snapshots.py``
and commit the new snapshot with it."""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path

import pytest

from rfp_agents.config import Settings
from rfp_agents.deliverables.matrix import requirements
from rfp_agents.knowledge_base import KnowledgeBase

SNAPSHOTS = Path(__file__).parent / "snapshots"
SHOWN_DIFF_LINES = 80
KEPT = ("id", "strength", "rule", "file", "page", "requirement")


def _snapshot_lines(kb: KnowledgeBase) -> list[str]:
    return [
        json.dumps({k: getattr(row, k) for k in KEPT}, ensure_ascii=False)
        for row in requirements(kb)
    ]


@pytest.mark.parametrize("kb_name", ["sample", "real"])
def test_the_matrix_rows_match_their_snapshot(sample_kb_settings: Settings, kb_name: str):
    lines = _snapshot_lines(KnowledgeBase.open(kb_name, sample_kb_settings))
    path = SNAPSHOTS / f"matrix-{kb_name}.jsonl"
    if os.environ.get("RFP_UPDATE_SNAPSHOTS") == "1":
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = path.read_text(encoding="utf-8").splitlines()
    diff = list(difflib.unified_diff(expected, lines, "snapshot", "now", lineterm="", n=0))
    assert not diff, (
        f"{len(lines)} rows now, {len(expected)} in {path.name}; the rows that moved "
        "(accept on purpose with RFP_UPDATE_SNAPSHOTS=1):\n" + "\n".join(diff[:SHOWN_DIFF_LINES])
    )
    assert all(json.loads(line)["rule"] for line in lines), "a row without its rule"
