"""The test suite (a regular package, so that a stray site-packages `tests` cannot shadow tests.data)."""
