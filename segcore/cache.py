"""Where segcore keeps what it computes once and reuses across runs (word-vector clusters, LDA models)."""
from __future__ import annotations

import os
from pathlib import Path


def cache_root() -> Path:
    """Root of segcore's on-disk caches: $SEGCORE_CACHE, else ~/.cache/segcore."""
    env = os.environ.get("SEGCORE_CACHE")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "segcore"
