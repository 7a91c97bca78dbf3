"""Shared fixtures: every test gets its own RFP_HOME; nothing reaches the network."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from rfp_agents.config import Settings  # noqa: E402
from rfp_agents.ingest import ingest_paths  # noqa: E402
from rfp_agents.store import forget_clients  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_PDF = ROOT / "data" / "sample_rfp.pdf"
RFPS_DIR = ROOT.parent / "shared" / "data" / "rfps"
REAL_PWS = RFPS_DIR / "gsa-cloudgov-support-pws.pdf"
REAL_QASP = RFPS_DIR / "gsa-cloudgov-support-qasp.pdf"


@pytest.fixture
def rfp_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh, empty RFP_HOME for this test (also set in the environment for the CLI)."""
    home = tmp_path / "rfp_home"
    monkeypatch.setenv("RFP_HOME", str(home))
    monkeypatch.delenv("RFP_CHROMA_URL", raising=False)
    forget_clients()
    yield home
    forget_clients()


@pytest.fixture
def settings(rfp_home: Path) -> Settings:
    return Settings(home=rfp_home)


@pytest.fixture(scope="session")
def sample_kb_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """A read-only knowledge base 'sample' (the sample RFP) and 'real' (two real PDFs).

    Built once per session because embedding costs seconds; tests must not modify it.
    """
    home = tmp_path_factory.mktemp("shared_home")
    settings = Settings(home=home)
    assert ingest_paths([SAMPLE_PDF], settings, "sample").exit_code == 0
    assert ingest_paths([REAL_PWS, REAL_QASP], settings, "real").exit_code == 0
    return settings


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    folder = tmp_path / "files"
    folder.mkdir()
    return folder


def copy_to(source: Path, folder: Path, name: str | None = None) -> Path:
    target = folder / (name or source.name)
    shutil.copyfile(source, target)
    return target
