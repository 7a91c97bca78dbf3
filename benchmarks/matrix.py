"""Compliance matrix benchmark: how fast `rfp matrix` reads a corpus, and its memory.

Ingests ../shared/data/rfps into a fresh store (not timed), then builds the matrix of the
whole knowledge base ``--repeat`` times and writes it as XLSX. The baseline, measured in the
same run, is reading every chunk of the knowledge base (``KnowledgeBase.iter_chunks``): the
least any matrix must do. Printed: median seconds, pages per second, the ratio to the
baseline, rows found, and the peak RSS of this process.
Run: `.venv/bin/python benchmarks/matrix.py [--repeat N]`.
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
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    from rfp_agents.config import Settings
    from rfp_agents.deliverables.export import matrix_bytes
    from rfp_agents.deliverables.matrix import requirements
    from rfp_agents.ingest import ingest_paths
    from rfp_agents.knowledge_base import KnowledgeBase

    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(home=Path(tmp))
        ingest_paths([RFPS], settings, "rfps")
        kb = KnowledgeBase.open("rfps", settings)
        pages = sum(d.pages for d in kb.documents())
        read, built = [], []
        rows = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            sum(1 for _ in kb.iter_chunks(None))
            read.append(time.perf_counter() - started)
            started = time.perf_counter()
            rows = requirements(kb)
            matrix_bytes(rows, "xlsx")
            built.append(time.perf_counter() - started)
    baseline, ours = statistics.median(read), statistics.median(built)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{pages} pages, {len(rows)} requirements")
    print(f"read every chunk (baseline): median {baseline:.3f} s")
    print(
        f"rfp matrix (extract + xlsx): median {ours:.3f} s = {pages / ours:.0f} pages/s "
        f"({ours / baseline:.1f}x the baseline); peak RSS {peak:.0f} MiB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
