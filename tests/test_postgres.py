"""A team's deployment: threads, upload jobs and ingest locks in a real PostgreSQL, shared by
several `rfp serve` workers over a real Chroma server (issue: when a team outgrows one
process). Every component here is real: PostgreSQL from Debian, `chroma run`, `rfp serve
--workers 2` as a separate process, `rfp ingest` as separate processes."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from rfp_agents.api.job_store import FileJobStore, PostgresJobStore, StoredJob
from rfp_agents.config import Settings
from rfp_agents.graph.ask import ask, thread_store
from rfp_agents.graph.graph import build_graph
from rfp_agents.ingest import ingest_paths
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.local_llm import free_port
from rfp_agents.locks import WorkerPresence, document_lock, is_alive
from tests.conftest import REAL_PWS, REAL_QASP, RFPS_DIR, SAMPLE_PDF, clear_server, copy_to
from tests.postgres_server import PostgresServer
from tests.serve_process import RFP, start_serve, stop_serve, wait_for_workers

LONG_PDF = RFPS_DIR / "hhs-tdrs-draft-rfq.pdf"
"""39 pages: long enough to be caught mid-write when the store takes 4 chunks a batch."""


@pytest.fixture(params=["files", "postgres"])
def shared(request: pytest.FixtureRequest, settings: Settings) -> Settings:
    """The embedded default (files under RFP_HOME) or a real PostgreSQL database."""
    if request.param == "files":
        return settings
    return settings.model_copy(update={"database_url": request.getfixturevalue("database_url")})


# ------------------------------------------------------------------ locks and the job store
def test_a_document_lock_makes_a_second_holder_wait_and_other_documents_do_not(shared):
    held, second_got_it = threading.Event(), threading.Event()
    release = threading.Event()

    def first() -> None:
        with document_lock(shared, "kb", "tender.pdf"):
            held.set()
            release.wait(10)

    def second() -> None:
        with document_lock(shared, "kb", "tender.pdf"):
            second_got_it.set()

    holder = threading.Thread(target=first)
    holder.start()
    assert held.wait(10)
    waiter = threading.Thread(target=second)
    waiter.start()
    with document_lock(shared, "kb", "other.pdf"), document_lock(shared, "kb2", "tender.pdf"):
        pass  # another file, or the same name in another knowledge base: no wait
    assert not second_got_it.wait(0.5), "the second holder did not wait for the first"
    release.set()
    assert second_got_it.wait(10), "the second holder never got the lock"
    holder.join()
    waiter.join()


def test_a_workers_presence_ends_with_it_and_its_jobs_outlive_it(shared):
    store = (
        PostgresJobStore(shared)
        if shared.database_url
        else FileJobStore(shared.home / "uploads" / "jobs")
    )
    presence = WorkerPresence(shared)
    owner = presence.hold()
    assert is_alive(shared, owner) and not is_alive(shared, "") and not is_alive(shared, "x")
    job = StoredJob(job_id="b" * 12, kb="k", filename="a.pdf", status="running", owner=owner)
    store.save(job)
    assert store.load("b" * 12) == job and store.unfinished() == [job]
    assert "owner" not in store.load("b" * 12).public().model_dump()
    presence.release()
    assert not is_alive(shared, owner)
    store.save(job.model_copy(update={"status": "ingested"}))
    assert store.unfinished() == [] and store.load("b" * 12).status == "ingested"
    store.delete("b" * 12)
    assert store.load("b" * 12) is None


def test_a_thread_started_with_one_home_continues_with_another_on_the_same_database(
    server_kb_settings: Settings, database_url: str, tmp_path: Path
):
    """Threads live in the database, not under RFP_HOME: two processes (two homes here)
    sharing RFP_DATABASE_URL continue each other's threads."""
    one = server_kb_settings.model_copy(
        update={"home": tmp_path / "a", "database_url": database_url}
    )
    two = one.model_copy(update={"home": tmp_path / "b"})
    first = ask("What liquidated damages apply?", ["sample"], thread_id="t-1", settings=one)
    follow = ask("And what is the cap on them?", ["sample"], thread_id="t-1", settings=two)
    assert first.thread_id == follow.thread_id == "t-1"
    with thread_store(two) as checkpointer:
        compiled = build_graph().compile(checkpointer=checkpointer)
        state = compiled.get_state({"configurable": {"thread_id": "t-1"}})
    questions = [turn["question"] for turn in state.values["history"]]
    assert questions == ["What liquidated damages apply?", "And what is the cap on them?"]
    assert not (tmp_path / "a" / "threads.sqlite").exists()


def test_a_database_that_does_not_answer_is_one_clear_line(tmp_path: Path):
    env = {**os.environ, "RFP_HOME": str(tmp_path),
           "RFP_DATABASE_URL": f"postgresql://rfp:s3cret@127.0.0.1:{free_port()}/x"}  # fmt: skip
    env.pop("RFP_CHROMA_URL", None)
    done = subprocess.run([str(RFP), "ingest", str(SAMPLE_PDF), "--kb", "k"], env=env,
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert "Cannot use the database at postgresql://rfp:***@127.0.0.1" in done.stderr
    assert "s3cret" not in done.stderr + done.stdout and "Traceback" not in done.stderr


def test_several_workers_need_a_shared_store_and_database(tmp_path: Path):
    env = {**os.environ, "RFP_HOME": str(tmp_path)}
    env.pop("RFP_CHROMA_URL", None)
    env.pop("RFP_DATABASE_URL", None)
    done = subprocess.run([str(RFP), "serve", "--workers", "2"], env=env, capture_output=True,
                          text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2
    assert "--workers 2 needs RFP_CHROMA_URL and RFP_DATABASE_URL" in done.stderr


# ------------------------------------------------------- two processes ingest one file name
def test_two_cli_ingests_of_one_file_name_take_turns(
    chroma_server: str, database_url: str, tmp_path: Path
):
    """Two versions of one file name ingested at once by two processes: the database lock
    makes them take turns, so exactly one version is visible at the end, whole."""
    clear_server(chroma_server)
    versions = []
    for folder, source in (("v1", REAL_PWS), ("v2", REAL_QASP)):
        (tmp_path / folder).mkdir()
        versions.append(copy_to(source, tmp_path / folder, "tender.pdf"))
    env = {**os.environ, "RFP_HOME": str(tmp_path / "home"), "RFP_CHROMA_URL": chroma_server,
           "RFP_DATABASE_URL": database_url}  # fmt: skip
    runs = [
        subprocess.Popen([str(RFP), "ingest", str(path), "--kb", "team"], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for path in versions
    ]  # fmt: skip
    outputs = [run.communicate(timeout=600)[0] for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    said = " ".join(outputs)
    assert "ingested" in said and "replaced" in said, outputs
    settings = Settings(home=tmp_path / "home", chroma_url=chroma_server)
    assert_one_whole_version(KnowledgeBase.open("team", settings), "tender.pdf")


# ------------------------------------------------------------ `rfp serve --workers 2`
class TeamServer:
    """`rfp serve --workers 2` over a Chroma server and PostgreSQL, as a team would run it."""

    def __init__(self, home: Path, chroma_url: str, database_url: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.settings = Settings(home=home, chroma_url=chroma_url, database_url=database_url)
        self.statuses: list[int] = []
        env = {**os.environ, "RFP_HOME": str(home), "RFP_CHROMA_URL": chroma_url,
               "RFP_DATABASE_URL": database_url, "RFP_JOB_SWEEP_SECONDS": "1",
               "RFP_STORE_WRITE_BATCH": "4"}  # fmt: skip
        self.log = (home.parent / "serve.log").open("w")
        self.process = start_serve(env, 2, self.port, self.log)
        wait_for_workers(self.url, 2, self.process)

    def request(self, method: str, path: str, **kwargs) -> httpx.Response:
        """One request on a new connection, so the kernel may hand it to either worker."""
        with httpx.Client(base_url=self.url, timeout=120) as client:
            response = client.request(method, path, **kwargs)
        self.statuses.append(response.status_code)
        return response

    def until(self, path: str, done, seconds: float = 300) -> httpx.Response:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            response = self.request("GET", path)
            if done(response):
                return response
            time.sleep(0.05)
        raise AssertionError(f"{path} never reached the state awaited")

    def stop(self) -> None:
        stop_serve(self.process)
        self.log.close()


@pytest.fixture(scope="module")
def team(
    chroma_server: str, postgres_server: PostgresServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[TeamServer]:
    clear_server(chroma_server)
    home = tmp_path_factory.mktemp("team") / "home"
    server = TeamServer(home, chroma_server, postgres_server.new_database())
    try:
        yield server
    finally:
        server.stop()


def upload(team: TeamServer, path: Path, name: str) -> httpx.Response:
    files = {"file": (name, path.read_bytes(), "application/pdf")}
    return team.request("POST", "/api/documents", files=files, data={"kb": "team"})


def finished(response: httpx.Response) -> bool:
    return response.json()["status"] not in ("queued", "running")


def test_any_worker_answers_for_any_upload_and_any_thread(team: TeamServer):
    accepted = upload(team, SAMPLE_PDF, "sample.pdf")
    assert accepted.status_code == 202
    job = f"/api/documents/jobs/{accepted.json()['job_id']}"
    assert team.until(job, finished).json()["status"] == "ingested"
    answered_by: dict[str, str] = {}
    while len(answered_by) < 2:  # read the job from both workers
        response = team.request("GET", job)
        answered_by[response.headers["x-rfp-worker"]] = response.json()["status"]
    assert set(answered_by.values()) == {"ingested"}

    assert ingest_paths([SAMPLE_PDF], team.settings, "team-b").exit_code == 0
    question = {"question": "What liquidated damages apply?", "knowledgeBaseIds": ["team"],
                "threadId": "team-thread"}  # fmt: skip
    started = team.request("POST", "/api/ask", json=question)
    assert started.status_code == 200, started.text
    elsewhere = {}
    while not elsewhere:  # the other worker must know the thread's scope from the database
        other_scope = team.request("POST", "/api/ask", json={**question, "knowledgeBaseIds":
                                                             ["team-b"]})  # fmt: skip
        if other_scope.headers["x-rfp-worker"] != started.headers["x-rfp-worker"]:
            elsewhere = other_scope.json()
    assert other_scope.status_code == 409, other_scope.text
    assert "was started on knowledge bases ['team']" in elsewhere["detail"]
    assert all(status < 500 for status in team.statuses), team.statuses


def test_a_worker_killed_mid_ingest_leaves_a_failed_job_and_nothing_half_written(
    team: TeamServer,
):
    kb = KnowledgeBase.open("team", team.settings)
    accepted = upload(team, LONG_PDF, "long.pdf")
    assert accepted.status_code == 202
    job = f"/api/documents/jobs/{accepted.json()['job_id']}"
    deadline = time.monotonic() + 300
    while not any(r.status == "writing" for r in kb.records_for_source("long.pdf")):
        assert time.monotonic() < deadline, "the upload was never seen mid-write"
        time.sleep(0.01)
    os.kill(int(accepted.headers["x-rfp-worker"]), signal.SIGKILL)

    failed = team.until(job, finished, seconds=60).json()
    assert failed["status"] == "failed" and "interrupted" in failed["detail"], failed
    assert kb.records_for_source("long.pdf") == []
    assert kb.chunks.get(where={"source": "long.pdf"})["ids"] == []
    listed = team.request("GET", "/api/documents", params={"kb": "team"}).json()
    assert "long.pdf" not in [d["source"] for d in listed]

    again = upload(team, LONG_PDF, "long.pdf")  # the dead worker's lock went with it
    assert (
        team.until(f"/api/documents/jobs/{again.json()['job_id']}", finished).json()["status"]
        == "ingested"
    )
    assert all(status < 500 for status in team.statuses), team.statuses


def test_two_workers_uploading_one_file_name_at_once_take_turns(team: TeamServer, tmp_path):
    """Two versions of one name uploaded at once, taken by different workers: one version
    is visible at the end, whole, and the jobs say which replaced which."""
    for attempt in range(20):
        name = f"same-{attempt}.pdf"
        versions = []
        for n, source in enumerate((REAL_PWS, REAL_QASP)):  # bytes of this attempt's own
            versions.append(tmp_path / f"{attempt}-{n}.pdf")
            versions[-1].write_bytes(source.read_bytes() + f"\n% attempt {attempt}\n".encode())
        with ThreadPoolExecutor(max_workers=2) as pool:
            posted = list(pool.map(upload, [team, team], versions, [name, name]))
        workers = {response.headers["x-rfp-worker"] for response in posted}
        jobs = [f"/api/documents/jobs/{response.json()['job_id']}" for response in posted]
        ends = sorted(team.until(job, finished).json()["status"] for job in jobs)
        if len(workers) == 2:
            break
    else:
        pytest.fail("20 pairs of uploads all went to one worker")
    assert ends == ["ingested", "replaced"], ends
    assert_one_whole_version(KnowledgeBase.open("team", team.settings), name)


def test_a_cli_ingest_and_a_server_upload_of_one_file_take_turns(team: TeamServer, tmp_path):
    # bytes of their own (a comment after %%EOF): the same bytes under another name would
    # be skipped as a duplicate of an earlier test's upload
    cli_copy = tmp_path / "shared-name.pdf"
    cli_copy.write_bytes(REAL_QASP.read_bytes() + b"\n% the CLI's version\n")
    server_copy = tmp_path / "server.pdf"
    server_copy.write_bytes(REAL_PWS.read_bytes() + b"\n% the server's version\n")
    env = {**os.environ, "RFP_HOME": str(tmp_path / "cli-home"),
           "RFP_CHROMA_URL": team.settings.chroma_url,
           "RFP_DATABASE_URL": team.settings.database_url}  # fmt: skip
    cli = subprocess.Popen([str(RFP), "ingest", str(cli_copy), "--kb", "team"], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)  # fmt: skip
    posted = upload(team, server_copy, "shared-name.pdf")
    served = team.until(f"/api/documents/jobs/{posted.json()['job_id']}", finished).json()
    said = cli.communicate(timeout=600)[0]
    assert cli.returncode == 0, said
    cli_status = "replaced" if "replaced" in said else "ingested"
    assert sorted([served["status"], cli_status]) == ["ingested", "replaced"], (served, said)
    assert_one_whole_version(KnowledgeBase.open("team", team.settings), "shared-name.pdf")


def assert_one_whole_version(kb: KnowledgeBase, source: str) -> None:
    records = kb.records_for_source(source)
    assert [r.status for r in records] == ["complete"], records
    chunks = kb.chunks.get(where={"source": source}, include=["metadatas"])
    assert {m["doc_id"] for m in chunks["metadatas"]} == {records[0].doc_id}
    assert len(chunks["ids"]) == records[0].chunks
