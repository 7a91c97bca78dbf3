"""Peers benchmark: rfp_agents against the two rule-based peers on the registry, on the same
documents in one run.

* ``bid-deadline-check`` (deadlines with time and zone, page limits);
* ``amagi-federal-compliance-matrix`` (a compliance matrix).

Each peer is installed, pinned, in a venv of its own (``--venv``, made on first use). The
documents are the English documents of the project's gold sets (``eval/brief-gold.jsonl``
and ``eval/matrix-gold.jsonl``) in ../shared/data. The peers read English federal and state
solicitations, so the Spanish tenders are left out. Printed:

* deadlines: for each gold proposal or question deadline, whether the tool's value for it
  names the gold date, and whether it gives a time of day; a tool that gives a date where the
  gold says the document states none is counted wrong;
* page limits: the page-limit statements each tool lists. There is no gold for them, so this
  is a count, not a score. Ours are the matrix rows the rule ``duty.length-limit`` decided;
* matrix: recall and precision against ``eval/matrix-gold.jsonl``, scored by
  ``evaluation/matrix_quality.py`` the same way for every tool. For the peer, a row is every
  requirement it lists except the ones it marks as the government's;
* time per page: the median over documents of wall seconds per page. Ours includes the
  ingest (embedding every chunk), which the peers do not need.

Run: ``.venv/bin/python benchmarks/peers.py [--venv DIR]``. The gold documents are tuning
data: these figures compare tools; they are not held-out figures.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
FOLDERS = (DATA / "rfps", DATA / "rfps-holdout")
PEERS = ("bid-deadline-check[pdf]==0.2.0", "amagi-federal-compliance-matrix==0.1.0")
DEADLINE_FIELDS = {"proposals_due": "proposal_due", "questions_due": "questions_due"}
"""Our brief field -> bid-deadline-check's deadline kind."""
TIME_OF_DAY = re.compile(r"\b\d{1,2}(?::\d{2})?\s*[ap]\.?\s*m\b|\bnoon\b|\b\d{1,2}:\d{2}\b", re.I)
SPANISH = re.compile(r"pliego|pcap|ppt", re.I)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--venv", type=Path, default=ROOT / ".peers")
    args = parser.parse_args()
    bin_dir = _peers_venv(args.venv)
    from rfp_agents.evaluation.brief_quality import load_gold_fields
    from rfp_agents.evaluation.matrix_quality import load_gold_requirements

    deadlines = [
        g for g in load_gold_fields(ROOT / "eval" / "brief-gold.jsonl")
        if g.field in DEADLINE_FIELDS
    ]  # fmt: skip
    matrix_gold = [
        g for g in load_gold_requirements(ROOT / "eval" / "matrix-gold.jsonl")
        if not SPANISH.search(g.file)
    ]  # fmt: skip
    files = sorted({g.file for g in deadlines} | {g.file for g in matrix_gold})
    paths = {f: next(p / f for p in FOLDERS if (p / f).exists()) for f in files}
    print(f"{len(files)} documents; {len(deadlines)} gold deadlines; {len(matrix_gold)} gold "
          "requirements (tuning data: a comparison of tools, not held-out figures)\n")  # fmt: skip
    ours = _ours(paths, deadlines)
    deadline_peer = _bid_deadline_check(bin_dir, paths)
    matrix_peer = _amagi(bin_dir, paths)
    _print_deadlines(deadlines, ours["deadlines"], deadline_peer["deadlines"])
    _print_counts(
        "page-limit statements listed (no gold: a count)",
        ours["page_limits"],
        deadline_peer["page_limits"],
        "bid-deadline-check",
    )
    _print_matrix(matrix_gold, ours["rows"], matrix_peer["rows"])
    print("\nseconds per page (median over documents)")
    for name, seconds in (("rfp_agents (ingest + matrix + brief dates)", ours["seconds"]),
                          ("bid-deadline-check", deadline_peer["seconds"]),
                          ("amagi-federal-compliance-matrix", matrix_peer["seconds"])):  # fmt: skip
        print(f"  {name:45} {statistics.median(seconds):.3f}")
    return 0


def _peers_venv(venv: Path) -> Path:
    """The peers' own venv, made and filled on first use (the registry is the only network)."""
    bin_dir = venv / "bin"
    if not (bin_dir / "amagi-federal-compliance-matrix").exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(bin_dir / "pip"), "install", "--quiet", *PEERS], check=True)
    return bin_dir


def _pages(path: Path) -> int:
    import pypdfium2

    return len(pypdfium2.PdfDocument(path))


def _ours(paths: dict[str, Path], deadlines) -> dict:
    from rfp_agents.config import Settings
    from rfp_agents.deliverables.brief.run import make_brief
    from rfp_agents.deliverables.matrix import requirements
    from rfp_agents.ingest import ingest_paths
    from rfp_agents.knowledge_base import KnowledgeBase

    wanted = {g.file for g in deadlines}
    found: dict[tuple[str, str], str] = {}
    rows, limits, seconds = {}, {}, []
    with tempfile.TemporaryDirectory() as home:
        settings = Settings(home=Path(home))
        for file, path in paths.items():
            started = time.perf_counter()
            kb_name = re.sub(r"[^a-z0-9]+", "-", path.stem.lower())[:40]
            ingest_paths([path], settings, kb_name)
            kb = KnowledgeBase.open(kb_name, settings)
            rows[file] = requirements(kb)
            limits[file] = sum(r.rule == "duty.length-limit" for r in rows[file])
            if file in wanted:
                brief = make_brief(kb_name, settings=settings, fields=list(DEADLINE_FIELDS))
                for field in brief.fields:
                    found[(file, field.name)] = field.value if field.status == "found" else ""
            seconds.append((time.perf_counter() - started) / _pages(path))
    return {"deadlines": found, "rows": rows, "page_limits": limits, "seconds": seconds}


def _bid_deadline_check(bin_dir: Path, paths: dict[str, Path]) -> dict:
    found: dict[tuple[str, str], str] = {}
    limits, seconds = {}, []
    for file, path in paths.items():
        started = time.perf_counter()
        done = subprocess.run([str(bin_dir / "bid-deadline-check"), "-f", "json", str(path)],
                              capture_output=True, text=True)  # fmt: skip
        seconds.append((time.perf_counter() - started) / _pages(path))
        report = json.loads(done.stdout) if done.stdout.strip() else {}
        for ours, kind in DEADLINE_FIELDS.items():
            said = [d for d in report.get("deadlines", []) if d.get("kind") == kind]
            found[(file, ours)] = " ".join(
                f"{d.get('date', '')} {d.get('time') or ''} {d.get('timezone') or ''}" for d in said
            ).strip()
        limits[file] = len(report.get("page_limits", []))
    return {"deadlines": found, "page_limits": limits, "seconds": seconds}


def _amagi(bin_dir: Path, paths: dict[str, Path]) -> dict:
    from rfp_agents.deliverables.matrix import Requirement

    rows, seconds = {}, []
    for file, path in paths.items():
        started = time.perf_counter()
        done = subprocess.run(
            [str(bin_dir / "amagi-federal-compliance-matrix"), "matrix", str(path), "--stdout",
             "json", "-q"], capture_output=True, text=True,
        )  # fmt: skip
        seconds.append((time.perf_counter() - started) / _pages(path))
        listed = json.loads(done.stdout).get("requirements", []) if done.stdout.strip() else []
        rows[file] = [
            Requirement(id=f"P-{n:04d}", requirement=r["requirement"], strength="mandatory",
                        domain="legal", topic="other", file=file,
                        page=int(str(r.get("page") or 1).split("-")[0] or 1), chunk_id="")
            for n, r in enumerate(listed, start=1)
            if r.get("kind") != "Government" and r.get("requirement")
        ]  # fmt: skip
    return {"rows": rows, "seconds": seconds}


def _deadline_right(gold, value: str) -> tuple[bool, bool]:
    """(names the gold date, gives a time of day); for a deadline the document does not
    state, right when the tool gives none."""
    if gold.expect is None:
        return (not value, False)
    named = all(any(o.lower() in value.lower() for o in e.split("|")) for e in gold.expect)
    return named, named and bool(TIME_OF_DAY.search(value))


def _print_deadlines(gold, ours: dict, peer: dict) -> None:
    print("deadlines (proposals and questions due)")
    for name, said in (("rfp_agents brief", ours), ("bid-deadline-check", peer)):
        scored = [_deadline_right(g, said.get((g.file, g.field), "")) for g in gold]
        right = sum(r for r, _ in scored)
        timed = sum(t for _, t in scored)
        stated = sum(g.expect is not None for g in gold)
        print(f"  {name:30} right {right}/{len(gold)}; with a time of day {timed}/{stated}")
    print()


def _print_counts(title: str, ours: dict, peer: dict, peer_name: str) -> None:
    print(title)
    print(f"  {'rfp_agents (rule duty.length-limit)':40} {sum(ours.values())}")
    print(f"  {peer_name:40} {sum(peer.values())}\n")


def _print_matrix(gold, ours: dict, peer: dict) -> None:
    from rfp_agents.evaluation.matrix_quality import score_matrices

    print("matrix against eval/matrix-gold.jsonl (English documents)")
    for name, rows in (("rfp_agents", ours), ("amagi-federal-compliance-matrix", peer)):
        scores = score_matrices(gold, lambda file, rows=rows: rows.get(file, []))
        found = sum(s.found for s in scores)
        total = sum(s.gold for s in scores)
        true_rows = sum(s.true_rows for s in scores)
        listed = sum(s.mandatory_rows for s in scores)
        print(f"  {name:34} recall {found / total:.3f} ({found}/{total}), precision "
              f"{true_rows / listed if listed else 0:.3f} ({true_rows}/{listed})")  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
