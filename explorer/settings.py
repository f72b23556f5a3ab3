"""The app's limits, from environment variables (README, "Security"): per run, EXPLORER_TIMEOUT (seconds,
default 60) and EXPLORER_MAX_MEMORY (default 2G; 'none' lifts either); per document, EXPLORER_MAX_CHARS (default
500000) and EXPLORER_MAX_ELEMENTS (default 50000); EXPLORER_WORKERS, the runs under way at once (default 4), of which
at most EXPLORER_LONG_RUNS (default 2) past LONG_AFTER seconds of processor time.

Environment variables rather than a file: Streamlit's config.toml takes no section of the app's own, st.secrets is
meant for credentials, and a variable is set the same way in a shell, a service unit or a container."""
from __future__ import annotations

import os

from segcore.budget import Budget, parse_size
from segcore.errors import ParameterError
from segcore.limits import LIMITS, Limits

DEFAULTS = {"EXPLORER_TIMEOUT": "60", "EXPLORER_MAX_MEMORY": "2G", "EXPLORER_MAX_CHARS": "500000",
            "EXPLORER_MAX_ELEMENTS": "50000", "EXPLORER_WORKERS": "4", "EXPLORER_LONG_RUNS": "2"}
LONG_AFTER = 2.0  # CPU seconds after which a run is long: low priority, one of EXPLORER_LONG_RUNS (Choi text: 0.1 s)


def _value(name: str, parse, optional: bool = False):
    raw = os.environ.get(name, DEFAULTS[name]).strip()
    if optional and raw.lower() == "none":
        return None
    try:
        value = parse(raw)
    except (ValueError, ParameterError):
        value = None
    if value is None or value <= 0:
        raise ParameterError(f"the environment variable {name} must be a positive number"
                             + (" or 'none'" if optional else "") + f", got '{raw[:40]}'")
    return value


def budget() -> Budget:
    """What one run may take: wall time and memory."""
    return Budget(_value("EXPLORER_TIMEOUT", float, optional=True),
                  _value("EXPLORER_MAX_MEMORY", parse_size, optional=True))


# what a text past the app's limits can do: a part of it here, or the whole on the command line, whose limits are
# segcore's own (higher by default, and raised by an option)
TOO_LONG = (f"load one chapter or part of it, or segment the whole text with segcore's command line (python -m segcore "
            f"segment FILE), which reads up to {LIMITS.chars:,} characters and {LIMITS.elements:,} sentences or words "
            f"by default, more with --max-chars and --max-elements")


def limits() -> Limits:
    """The largest document the app accepts; a message beyond it says what to do (TOO_LONG)."""
    return Limits(_value("EXPLORER_MAX_CHARS", int), _value("EXPLORER_MAX_ELEMENTS", int), advice=TOO_LONG)


def workers() -> int:
    """How many runs may be under way at once, over all sessions."""
    return _value("EXPLORER_WORKERS", int)


def long_runs() -> int:
    """How many runs may go on past LONG_AFTER CPU seconds at once (the other workers stay free for short runs)."""
    return _value("EXPLORER_LONG_RUNS", int)


def check() -> None:
    """ParameterError naming the first variable that is set wrong."""
    budget(), limits(), workers(), long_runs()
