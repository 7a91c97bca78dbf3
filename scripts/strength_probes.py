"""Check the matrix's strength rules against sentences written to probe them.

``eval/strength-probes.jsonl`` holds requirement sentences in this project's own wording,
in four batches, each with the strength an analyst gives it (``mandatory``, ``advisory``
or null for no row). They are not from any RFP and carry no gold wording. Batches 1-3 were
written, run at first sight, and then taught rules; batch 4 was written after those rules
and not tuned on. Run: ``python scripts/strength_probes.py``; it prints each batch's score
and its misses.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

from rfp_agents.deliverables.obligations import strength_of

PROBES = Path(__file__).resolve().parent.parent / "eval" / "strength-probes.jsonl"


def main() -> None:
    batches: dict[int, list[dict]] = defaultdict(list)
    for line in PROBES.read_text(encoding="utf-8").splitlines():
        probe = json.loads(line)
        batches[probe["batch"]].append(probe)
    for batch, probes in sorted(batches.items()):
        misses = [p for p in probes if strength_of(p["sentence"]) != p["strength"]]
        print(f"batch {batch}: {len(probes) - len(misses)} of {len(probes)} right")
        for probe in misses:
            got = strength_of(probe["sentence"])
            print(f"   wanted {probe['strength']}, got {got}: {probe['sentence']}")


if __name__ == "__main__":
    main()
