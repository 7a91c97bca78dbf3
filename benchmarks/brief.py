"""Brief benchmark: seconds per `rfp brief` of one document, against asking its fields.

Ingests ../shared/data/rfps into a fresh store (not timed). For each of ``--docs`` documents,
the baseline asks the brief's field questions one by one through the ask graph (each routed
to the field's domain, scoped to the document): what an analyst would do with `rfp ask`.
The brief does that work in one graph run, the domain agents in parallel, plus the cover
rules, the risks and the conflicts. Printed: median seconds per document for both, their
ratio, and the peak RSS of this process.
Run: `.venv/bin/python benchmarks/brief.py [--docs N]`.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parent.parent
RFPS = ROOT.parent / "shared" / "data" / "rfps"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--docs", type=int, default=4)
    args = parser.parse_args()

    from rfp_agents.config import Settings
    from rfp_agents.deliverables.brief.fields import field_specs
    from rfp_agents.deliverables.brief.run import make_brief
    from rfp_agents.graph.ask import ask
    from rfp_agents.ingest import ingest_paths
    from rfp_agents.knowledge_base import KnowledgeBase

    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(home=Path(tmp))
        ingest_paths([RFPS], settings, "rfps")
        records = KnowledgeBase.open("rfps", settings).documents()[: args.docs]
        make_brief("rfps", [records[0].source], settings=settings)  # load the models once
        asked, briefed, found = [], [], []
        for record in records:
            started = time.perf_counter()
            for spec in field_specs():
                ask(spec.question, ["rfps"], domains=[spec.domain], settings=settings,
                    document_ids=[record.doc_id])  # fmt: skip
            asked.append(time.perf_counter() - started)
            started = time.perf_counter()
            brief = make_brief("rfps", [record.source], settings=settings)
            briefed.append(time.perf_counter() - started)
            found.append(sum(f.status == "found" for f in brief.fields))
            print(f"{record.source} ({record.pages} pages): ask each field {asked[-1]:.1f} s, "
                  f"brief {briefed[-1]:.1f} s, {found[-1]}/{len(brief.fields)} fields found, "
                  f"{len(brief.risks)} risks")  # fmt: skip
    baseline, ours = statistics.median(asked), statistics.median(briefed)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    questions = len(field_specs())
    print(f"ask the {questions} field questions one by one (baseline): median {baseline:.1f} s")
    print(f"rfp brief: median {ours:.1f} s ({ours / baseline:.2f}x the baseline); "
          f"peak RSS {peak:.0f} MiB")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
