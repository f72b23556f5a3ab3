"""Helpers shared by the AppTest files (test_app*.py): run the app, read its charts, overlay and summary, paste
text, upload a file, make a tiny PDF."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import numpy as np
import psutil
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "app.py")
SAMPLES = ROOT / "assets" / "samples"
TIMEOUT = 240
PASTED = """Volcanoes form where magma rises through the crust. Lava flows cool into basalt and the mountain grows with
every eruption. Ash clouds from a volcano can ground aircraft for days.

The eruption of a volcano is preceded by small earthquakes and swelling of the ground. Geologists watch the magma
chamber with seismometers.

Bread is made from flour, water, salt and yeast. The dough is kneaded, left to rise and baked in a hot oven. A good
crust needs steam in the first minutes of baking.

Sourdough bread rises with wild yeast instead of baker's yeast. The starter is fed flour and water every day."""


def new_app() -> AppTest:
    return AppTest.from_file(APP, default_timeout=TIMEOUT)


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def errors(at: AppTest) -> list[str]:
    return [e.value for e in at.error]


def charts(at: AppTest) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("plotly_chart")]


def decode(arr):
    """A plotly array from the JSON spec: plain list, or {'dtype', 'bdata' (base64), 'shape'}."""
    if isinstance(arr, dict) and "bdata" in arr:
        out = np.frombuffer(base64.b64decode(arr["bdata"]), dtype=np.dtype(arr["dtype"]))
        if "shape" in arr:
            out = out.reshape([int(x) for x in str(arr["shape"]).split(",")])
        return out
    return np.asarray(arr)


def heatmap(at: AppTest) -> dict:
    for spec in charts(at):
        if spec["data"] and spec["data"][0].get("type") == "heatmap":
            return spec
    raise AssertionError("no heatmap on the page")


def overlay(at: AppTest) -> str:
    for h in at.get("html"):
        body = h.proto.body
        if "segx-overlay" in body:
            return body
    raise AssertionError("no text overlay on the page")


def open_tab(at: AppTest, label: str) -> AppTest:
    """Switch the Explore page to one of its tabs (only the open tab runs), as a click on it does."""
    at.session_state["explore_tab"] = label
    return run(at)


def summary(at: AppTest) -> str:
    return next(m.value for m in at.markdown if " cut the " in m.value)


def paste(at: AppTest, text: str) -> AppTest:
    at.sidebar.radio(key="src").set_value("Paste text")
    run(at)
    at.sidebar.text_area(key="paste").set_value(text)
    return run(at)


def upload(at: AppTest, name: str, data: bytes) -> AppTest:
    at.sidebar.radio(key="src").set_value("Upload a file")
    run(at)
    at.sidebar.file_uploader(key="upload").set_value((name, data, "application/octet-stream"))
    return run(at)


def tiny_pdf(lines: list[str] | None) -> bytes:
    """A one-page PDF: with lines of Helvetica text, or (None) with no text layer at all."""
    if lines:
        ops = ["BT /F1 12 Tf 72 720 Td 16 TL"] + [f"({t}) Tj T*" for t in lines] + ["ET"]
        stream = "\n".join(ops).encode()
    else:
        stream = b"0 0 1 rg 72 72 200 200 re f"
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
            b"/Resources << /Font << /F1 5 0 R >> >> >>",
            b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def said(at: AppTest) -> str:
    """What the page says in its own words: titles, headers, markdown, captions, notices, and every widget's and
    metric's label and help (not the text of the document: tables, charts, the text view; nor the methods' parameters,
    whose help is the registry's)."""
    out = []
    for el in [*at.main, *at.sidebar]:
        if el.type in ("title", "subheader", "header", "markdown", "caption", "info", "warning", "success"):
            out.append(el.value)
        if str(getattr(el, "key", None)).startswith("p::"):
            continue
        for field in ("label", "help"):
            out.append(str(getattr(getattr(el, "proto", None), field, "") or ""))
    return "\n".join(out)


def workers() -> set[int]:
    """The worker processes (multiprocessing, spawn) that this test process has running."""
    return {p.pid for p in psutil.Process().children() if "spawn_main" in " ".join(p.cmdline())}
