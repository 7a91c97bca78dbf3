"""Write a file so that a reader never sees it half written."""

from __future__ import annotations

import os
import threading
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` beside ``path`` under a name of this process's and thread's, then
    rename it into place: another thread or process sees the old file or the whole new one
    (several server workers may write one upload job's file)."""
    partial = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.part")
    partial.write_bytes(data)
    partial.replace(path)
