"""Offline ``rfp ask`` on the gold questions: citation accuracy, abstention, warm latency.

    .venv/bin/python benchmarks/ask_accuracy.py [--questions eval/questions.jsonl] [--show]

Ingests ../shared/data/rfps into knowledge base ``rfps`` under a temporary RFP_HOME (or the
given ``--home``), then asks every question with the offline answerer and reports:

* answerable questions whose answer cites an expected file and page (the cited markers only);
* the share of cited references that are on an expected page (precision);
* unanswerable questions answered "no evidence";
* the median and p90 latency of warm asks (the model is loaded by the first one).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from rfp_agents.config import Settings  # noqa: E402
from rfp_agents.evaluation import load_questions  # noqa: E402
from rfp_agents.graph.ask import ask  # noqa: E402
from rfp_agents.ingest import ingest_paths  # noqa: E402
from rfp_agents.knowledge_base import KnowledgeBase  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RFPS = ROOT.parent / "shared" / "data" / "rfps"
KB = "rfps"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=Path, default=ROOT / "eval" / "questions.jsonl")
    parser.add_argument("--home", type=Path, default=None)
    parser.add_argument("--show", action="store_true", help="print every answer")
    args = parser.parse_args()
    home = args.home or Path(tempfile.mkdtemp(prefix="rfp-ask-eval-"))
    settings = Settings(home=home, chat_model="")
    try:
        KnowledgeBase.open(KB, settings)
    except Exception:
        print(f"ingesting {RFPS} into {home} ...")
        ingest_paths(sorted(RFPS.glob("*.pdf")), settings, KB)
    questions = load_questions(args.questions)
    ask("warm-up: what is the scope of work?", [KB], settings=settings)

    cited_right = answerable = abstained = unanswerable = 0
    cited_total = cited_on_expected = 0
    latencies = []
    for q in questions:
        start = time.perf_counter()
        answer = ask(q.question, [KB], settings=settings)
        latencies.append(time.perf_counter() - start)
        cited = answer.cited
        if q.kind == "unanswerable":
            unanswerable += 1
            abstained += answer.no_evidence
            verdict = "abstained" if answer.no_evidence else "ANSWERED"
        else:
            answerable += 1
            hits = [c for c in cited if q.is_expected(c.source_file, c.page_number)]
            cited_total += len(cited)
            cited_on_expected += len(hits)
            cited_right += bool(hits)
            verdict = "ok" if hits else "MISS"
        if args.show or verdict in ("MISS", "ANSWERED"):
            refs = ", ".join(f"{c.source_file} p{c.page_number}" for c in cited)
            print(f"[{verdict}] {q.id} -> {answer.domains} | {refs}")
            if args.show:
                print("   ", answer.answer[:300].replace("\n", " "), answer.warnings[:1])
    print()
    print(f"questions: {len(questions)} ({answerable} answerable, {unanswerable} unanswerable)")
    print(
        f"answerable citing an expected page: {cited_right}/{answerable} "
        f"= {cited_right / max(1, answerable):.2f}"
    )
    print(
        f"cited references on an expected page: {cited_on_expected}/{cited_total} "
        f"= {cited_on_expected / max(1, cited_total):.2f}"
    )
    print(
        f"unanswerable answered 'no evidence': {abstained}/{unanswerable} "
        f"= {abstained / max(1, unanswerable):.2f}"
    )
    print(
        f"warm ask latency: median {statistics.median(latencies):.2f} s, "
        f"p90 {sorted(latencies)[int(0.9 * (len(latencies) - 1))]:.2f} s "
        f"over {len(latencies)} questions"
    )


if __name__ == "__main__":
    main()
