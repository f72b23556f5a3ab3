"""The test data files that more than one reader test uses (tests/data): two Choi documents and two arXiv ones."""
from __future__ import annotations

from pathlib import Path


DATA = Path(__file__).parent / "data"
CHOI_1_0 = DATA / "choi_1_0.ref"
CHOI_3_48 = DATA / "choi_3_48.ref"
ARXIV = DATA / "arxiv_328.ref"
ARXIV_BAD = DATA / "arxiv_268_bad_utf8.ref"
