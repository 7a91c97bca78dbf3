"""LLM mode against a real local model server, beside the offline answerer, same questions.

Ingests ../shared/data/rfps into a temporary RFP_HOME, starts llama-cpp-python's server with
the local 0.5B model (``rfp_agents/local_llm.py``) and asks N gold questions (answerable ones,
spread over the documents) in both modes, alternating which goes first. Each question goes
to its gold domain's agent in both modes (``--domain``): on two cores, parallel agents share
one server and a question routed to three would measure the queue, not the agent. Per mode
it prints:

* median latency per question, and the LLM/offline ratio;
* median model calls and tool calls per question;
* cites: share of answers citing an expected page; states: share whose text holds at least
  70% of the content words of the gold quote (``rfp eval``'s "the answer states the fact");
* replaced: share of LLM answers whose model reply was discarded for the extractive answer.

A 0.5B model answers worse than the extractive answerer: the figures are there so that a
better model's gain shows, and so that a wire-protocol regression (replies replaced, tool
calls lost) shows as a jump. Run: `.venv/bin/python benchmarks/llm.py [--questions 10]`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from langchain_core.callbacks import BaseCallbackHandler

os.environ.setdefault("HF_HUB_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent.parent
RFPS = Path(os.environ.get("RFP_RFPS_DIR", ROOT.parent / "shared" / "data" / "rfps"))
QUESTIONS = ROOT / "eval" / "questions.jsonl"


class CallCounter(BaseCallbackHandler):
    """Counts chat model calls."""

    def __init__(self) -> None:
        self.calls = 0

    def on_chat_model_start(self, *args: Any, **kwargs: Any) -> None:
        self.calls += 1


def pick(questions: list, count: int) -> list:
    """``count`` answerable questions, spread over the file (every k-th)."""
    answerable = [q for q in questions if q.kind != "unanswerable"]
    step = max(1, len(answerable) // count)
    return answerable[::step][:count]


def ask_once(question: Any, settings: Any, model: Any, counter: CallCounter) -> dict[str, Any]:
    from rfp_agents.evaluation.answer_quality import states_fact
    from rfp_agents.graph.ask import ask

    counter.calls = 0
    started = time.perf_counter()
    answer = ask(question.question, ["rfps"], domains=[question.domain], settings=settings,
                 chat_model=model)  # fmt: skip
    seconds = time.perf_counter() - started
    return {
        "seconds": seconds,
        "model_calls": counter.calls,
        "tool_calls": sum(len(f.steps) for f in answer.findings),
        "cites": any(question.is_expected(c.source_file, c.page_number) for c in answer.cited),
        "states": states_fact(answer.answer, [e.quote for e in question.expected]),
        "replaced": any("discarded" in w for f in answer.findings for w in f.warnings),
        "answer": answer.answer,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--show", type=int, default=3, help="LLM answers to print for reading")
    args = parser.parse_args()

    from rfp_agents.agents.chat_model import make_chat_model
    from rfp_agents.config import Settings
    from rfp_agents.evaluation.questions import load_questions
    from rfp_agents.ingest import ingest_paths
    from rfp_agents.local_llm import LocalModelServer

    questions = pick(load_questions(QUESTIONS), args.questions)
    home = Path(tempfile.mkdtemp(prefix="rfp-bench-llm-"))
    offline = Settings(home=home, chat_model="")
    print(f"ingesting {RFPS} ...", file=sys.stderr)
    ingest_paths(sorted(RFPS.glob("*.pdf")), offline, "rfps")
    rows: dict[str, list[dict[str, Any]]] = {"offline": [], "llm": []}
    with LocalModelServer() as server:
        os.environ.update(server.environment())
        llm = offline.model_copy(
            update={
                "chat_model": server.environment()["RFP_CHAT_MODEL"],
                "provider_timeout_seconds": 600.0,
                "max_output_tokens": 200,
                "max_agent_rounds": 2,
            }  # fmt: skip
        )
        counter = CallCounter()
        model = make_chat_model(llm)
        model.callbacks = [counter]
        for index, question in enumerate(questions):
            order = [("offline", offline, None), ("llm", llm, model)]
            for mode, settings, chat in order if index % 2 == 0 else order[::-1]:
                rows[mode].append(ask_once(question, settings, chat, counter))
                print(f"{question.id} {mode}: {rows[mode][-1]['seconds']:.1f} s",
                      file=sys.stderr)  # fmt: skip
    report(rows, questions, args.show)
    return 0


def report(rows: dict[str, list[dict[str, Any]]], questions: list, show: int) -> None:
    def share(mode: str, key: str) -> str:
        return f"{sum(r[key] for r in rows[mode]) / len(rows[mode]):.2f}"

    def median(mode: str, key: str) -> float:
        return statistics.median(r[key] for r in rows[mode])

    print(f"\n{len(questions)} gold questions, kb 'rfps'")
    print(f"{'mode':8} {'median s':>9} {'model calls':>11} {'tool calls':>10} "
          f"{'cites':>6} {'states':>6} {'replaced':>8}")  # fmt: skip
    for mode in rows:
        print(f"{mode:8} {median(mode, 'seconds'):9.2f} {median(mode, 'model_calls'):11.0f} "
              f"{median(mode, 'tool_calls'):10.0f} {share(mode, 'cites'):>6} "
              f"{share(mode, 'states'):>6} {share(mode, 'replaced'):>8}")  # fmt: skip
    ratio = median("llm", "seconds") / max(1e-9, median("offline", "seconds"))
    print(f"latency ratio llm/offline (medians): {ratio:.1f}x")
    for question, row in list(zip(questions, rows["llm"], strict=True))[:show]:
        print(f"\nQ: {question.question}\nLLM: {' '.join(row['answer'].split())[:500]}")


if __name__ == "__main__":
    raise SystemExit(main())
