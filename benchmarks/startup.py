"""Startup benchmark: a question as a new CLI process, the way an analyst types it.

Ingests ../shared/data/rfps into a temporary RFP_HOME, then runs each command as a fresh
process, alternating commands round by round so machine noise hits all alike:

* the floor: ``python -c "import chromadb"`` (no command can start faster than its store);
* ``rfp --help``; ``rfp retrieve "insurance limits" --kb rfps``;
  ``rfp retrieve ... --search-type hybrid``; ``rfp ask "What insurance limits apply?" --kb rfps``.

Printed: median wall time and median peak RSS of each (``os.wait4`` gives the child's own
peak), and their ratios to the floor. Targets: cold ``rfp ask`` <= 2.5 s and <= 350 MB;
cold ``rfp retrieve`` <= 2.0 s. Run: `.venv/bin/python benchmarks/startup.py [--repeat N]`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RFPS = Path(os.environ.get("RFP_RFPS_DIR", ROOT.parent / "shared" / "data" / "rfps"))
RFP = str(Path(sys.executable).parent / "rfp")

COMMANDS: dict[str, list[str]] = {
    "floor: import chromadb": [sys.executable, "-c", "import chromadb"],
    "rfp --help": [RFP, "--help"],
    "rfp retrieve": [RFP, "retrieve", "insurance limits", "--kb", "rfps"],
    "rfp retrieve --hybrid": [
        RFP, "retrieve", "insurance limits", "--kb", "rfps", "--search-type", "hybrid",
    ],
    "rfp ask": [RFP, "ask", "What insurance limits apply?", "--kb", "rfps"],
}  # fmt: skip
TARGETS = {"rfp retrieve": (2.0, None), "rfp ask": (2.5, 350)}


def run_once(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one fresh process."""
    started = time.perf_counter()
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited with {process.returncode}")
    return seconds, usage.ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5, help="rounds (medians)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "RFP_HOME": home, "HF_HUB_OFFLINE": "1"}
        env.pop("RFP_CHROMA_URL", None)
        env.pop("RFP_CHAT_MODEL", None)
        subprocess.run([RFP, "ingest", str(RFPS), "--kb", "rfps"], env=env, check=True,
                       stdout=subprocess.DEVNULL)  # fmt: skip
        for command in COMMANDS.values():  # warm the page cache once
            run_once(command, env)
        walls: dict[str, list[float]] = {name: [] for name in COMMANDS}
        peaks: dict[str, list[float]] = {name: [] for name in COMMANDS}
        for round_ in range(args.repeat):
            names = list(COMMANDS)
            if round_ % 2:
                names.reverse()
            for name in names:
                seconds, peak = run_once(COMMANDS[name], env)
                walls[name].append(seconds)
                peaks[name].append(peak)

    med = statistics.median
    floor_wall = med(walls["floor: import chromadb"])
    floor_peak = med(peaks["floor: import chromadb"])
    print(f"cold processes, {args.repeat} alternating rounds, medians (corpus: {RFPS.name})")
    print(f"{'command':24s} {'wall s':>7s} {'x floor':>8s} {'peak MB':>8s} {'x floor':>8s}  target")
    for name in COMMANDS:
        wall, peak = med(walls[name]), med(peaks[name])
        target = TARGETS.get(name)
        note = ""
        if target:
            wall_ok = "ok" if wall <= target[0] else "MISSED"
            note = f"<= {target[0]} s {wall_ok}"
            if target[1]:
                note += f", <= {target[1]} MB {'ok' if peak <= target[1] else 'MISSED'}"
        print(
            f"{name:24s} {wall:7.2f} {wall / floor_wall:7.2f}x {peak:8.0f} "
            f"{peak / floor_peak:7.2f}x  {note}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
