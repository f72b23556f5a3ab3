"""Generated test papers (make_papers.py) and their true sections (truth.json)."""
