"""Write a file so that a reader never sees it half written."""

from __future__ import annotations

import threading
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` beside ``path`` under a name of this thread's, then rename it into
    place: another thread or process sees the old file or the whole new one."""
    partial = path.with_name(f"{path.name}.{threading.get_ident()}.part")
    partial.write_bytes(data)
    partial.replace(path)
