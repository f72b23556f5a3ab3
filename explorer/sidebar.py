"""The sidebar: the document input shared by Explore and Compare (a sample, an upload or pasted text, the level, a
reference typed by hand) and Explore's method, K and parameters."""
from __future__ import annotations

import dataclasses
import hashlib

import streamlit as st

from segcore import METHODS
from segcore.document import Document, level_noun, parse_ends
from segcore.formats import SLIDES
from segcore.methods import DEFAULT_METHOD, PARAGRAPHS

from . import documents as docs, settings
from .documents import DocState
from .guard import Outcome, guarded, md
from .state import AUTOMATIC
from .widgets import method_params, param_groups, param_key, param_widget, reset_params

SOURCES = ("Sample", "Upload a file", "Paste text")
METHOD_NOTE = "**Method**: shown when the document is read."


def stopwords_of(method: str | None) -> str:
    """The stopwords parameter Explore's `method` runs with (the default method's when none is chosen yet): how the
    document's language note says the text is read; 'choi' (English's) for a method without one."""
    return method_params(method if method in METHODS else DEFAULT_METHOD).get("stopwords", "choi")


def current_document() -> DocState:
    """The document the sidebar loaded in this run."""
    return st.session_state.get("_docstate") or DocState()


def document_or_stop() -> DocState:
    """The sidebar's document for the page; without one, why (st.error) or what to do (st.info), and the run stops."""
    state = current_document()
    if state.doc is None:
        if state.error:
            st.error(state.error)
        else:
            st.info("Choose a sample, upload a file or paste text in the sidebar.")
        st.stop()
    if state.ref_error:
        st.error(state.ref_error + " — the text is segmented without a reference until this is corrected.")
    return state


def _on_sample_change() -> None:
    """A new sample starts as its publication cut it: its level, its K (else its reference's, else automatic:
    method_sidebar's start) and paragraph setting; what was set for the previous document says nothing about it."""
    ss = st.session_state
    s = docs.SAMPLE_BY_KEY[ss["sample"]]
    ss["level"] = s.level
    if s.k:
        ss["k_mode"], ss["k"] = "Number", s.k
    else:
        ss.pop("k_mode", None)
        ss.pop("k", None)
    _paragraphs_for_every_method(s.paragraphs)  # as its publication cut it
    ss.pop("highlight", None)


def _load(key: str, label: str, level: str, fn, *args, reading, shown: bool,
          method_section: bool) -> tuple[Outcome, object]:
    """Load through a cached function: (the outcome, None); the first time (a PDF can take seconds) under a spinner in
    `reading` that says what reading is (the text cut into `level`'s elements), the main area's first element (an
    empty placeholder in every run). The previous run's page, the next block, stays meanwhile (greyed) until the new
    page replaces it element by element, unless it showed no document (not `shown`: 'Choose a sample, upload a file
    …', an error): an empty placeholder then takes its place at once, and (the outcome, that placeholder) is returned
    for the page to go in. In the sidebar, a placeholder after the document's block (`_method_place`) takes the place
    of the previous run's Method section, saying where it went when the page has one (method_sidebar draws it there
    once the document is read, or could not be)."""
    ss = st.session_state
    seen = ss.setdefault("_loaded_keys", set())
    if key in seen:
        return guarded(fn, *args, what=f"Reading {label}"), None
    page = None if shown else st.empty()
    ss["_method_place"] = st.sidebar.empty()
    if method_section:
        ss["_method_place"].caption(METHOD_NOTE)
    with reading, st.spinner(f"Reading {md(label)}: extracting its text and splitting it into {level_noun(level)}…"):
        out = guarded(fn, *args, what=f"Reading {label}")
    if not out.error:
        seen.add(key)
    return out, page


def _upload(sb) -> tuple | None:
    """(file id, name, bytes, digest) of the uploaded file, kept after the uploader is cleared until forgotten."""
    ss = st.session_state
    up = sb.file_uploader(f"A text, PDF, Word or web page, slides, an e-book, captions, a manual page or a reference "
                          f"file — up to {docs.max_upload_mb()} MB and {settings.limits().chars:,} characters of text",
                          type=docs.UPLOAD_TYPES, key="upload",
                          help="Text (.txt, .md, .rst, .org, .adoc), LaTeX (.tex), PDF, Word (.docx; .doc of Word 97–2003), "
                               "OpenDocument (.odt), RTF (.rtf), slides (.pptx, .ppt, .odp), web page (.html), "
                               "e-book (.epub), captions (.srt, .vtt, .sbv) or a meeting tool's transcript as text (Otter, Rev, Zoom, Teams), "
                               "manual page (.1–.8), any of them "
                               "compressed (.gz, .bz2, .xz). A .ref file in Choi's format (one sentence per line, "
                               "segments separated by lines of ==========) or Alemi & Ginsparg's arXiv format (segments "
                               "separated by BR) carries a reference segmentation, so the app can score the result.")
    last = ss.get("_last_upload")
    if up is not None and (last is None or last[0] != up.file_id):
        data = up.getvalue()
        ss["_last_upload"] = (up.file_id, up.name, data, hashlib.sha1(data).hexdigest()[:16])
    elif up is None and last:
        sb.caption(f"Using **{md(last[1])}**, uploaded earlier.")
        sb.button("Forget it", key="forget_upload", on_click=ss.pop, args=("_last_upload", None))
    return ss.get("_last_upload")


def _with_reference(doc: Document, state: DocState, sb) -> Document:
    """The document with the reference typed in the sidebar (segment ends), if any and valid; the ends typed for
    another text, or for its other level, are cleared (they number other elements)."""
    ss, elements = st.session_state, f"{state.content}:{doc.level}"
    if ss.setdefault("_ends_for", elements) != elements:
        ss["ref_text"], ss["_ends_for"] = "", elements
    text = sb.text_input(
        "Reference segmentation (optional)", key="ref_text",
        placeholder=f"({docs.reference_name(doc)})" if doc.reference else "segment ends, e.g. 12, 30, 45",
        help=f"To score a segmentation of your own text: the {level_noun(doc.level, 1)} numbers where segments END, "
             f"separated by commas or spaces (the last one, the number of {level_noun(doc.level)}, may be left out). "
             f"Overrides a file's reference.")
    if not text.strip():
        return doc
    ref = guarded(parse_ends, text, doc.n, what="Reading the reference", level=doc.level)
    if ref.error:
        sb.error(ref.error)
        state.ref_error = ref.error
        return doc
    state.key += ":ref=" + hashlib.sha1(",".join(map(str, ref.value)).encode()).hexdigest()[:10]
    return dataclasses.replace(doc, reference=ref.value)


def _structure_reference(doc: Document, state: DocState, sb) -> Document:
    """The back-matter option (when the document has a reference list), the speaker-notes option (slides) and the
    choice of reference: the file's, the document's own sections or subsections (its headings), or none."""
    if doc.meta.get("format") in SLIDES:
        sb.checkbox("Read the speaker notes", key="speaker_notes",
                    help="Each slide's notes after its text: often the prose of the talk, where the bullet points are "
                         "few words. Left out (and counted) otherwise.")
    back = doc.meta.get("back_matter")
    if back:
        sb.checkbox("Leave out the reference list and appendices", key="drop_back_matter",
                    help=f"From the heading '{md(back['heading'])}'"
                         + (f" up to '{md(back['until'])}'" if back.get("until") else " on")
                         + ": a reference list is not running text, "
                         f"and segmenters put boundaries inside it.")
    options = docs.reference_options(doc)
    if not any(label in options for label in docs.structure_labels(doc).values()):
        return doc
    ss = st.session_state
    if ss.get("structure_ref") not in options or ss.setdefault("_ref_text", state.text) != state.text:
        ss["structure_ref"] = options[0]  # a new text starts on the file's reference if any, else its sections
        ss["_ref_text"] = state.text
    choice = sb.selectbox("Reference", options, key="structure_ref",
                          help="What the segmentation is scored against: the reference a .ref file carries, or the "
                               "document's own headings (its sections, or sections and subsections), or nothing.")
    if choice != docs.FILE_REFERENCE:
        state.key += f":structure={choice}"
    return docs.apply_reference(doc, choice)


def document_sidebar(method_section: bool):
    """The document input widgets and the loaded Document (stored for the page: current_document), errors as
    messages; the page's block in the main area when a read put one there (`_load`: the page goes in it), else None.
    `method_section`: whether the page draws the Method section (method_sidebar) below the document's."""
    ss = st.session_state
    ss.setdefault("src", SOURCES[0])
    ss.setdefault("sample", docs.SAMPLES[0].key)
    ss.setdefault("level", docs.SAMPLE_BY_KEY[ss["sample"]].level if ss["src"] == "Sample" else "sentence")
    ss["_method_place"] = None
    reading = st.empty()  # the main area's first element in every run, the page the next (see _load)
    shown = current_document().doc is not None  # by the previous run's page
    sb = st.sidebar.container()  # one block, whatever it holds: the Method section is the sidebar's next block
    sb.header("Document")
    src = sb.radio("Input", SOURCES, key="src", horizontal=True, label_visibility="collapsed")
    state = DocState()
    ss["_docstate"] = state
    if src == "Sample":
        sb.selectbox("Bundled sample", list(docs.SAMPLE_BY_KEY), key="sample", on_change=_on_sample_change,
                     format_func=lambda key: docs.SAMPLE_BY_KEY[key].label)
        sb.caption(docs.SAMPLE_BY_KEY[ss["sample"]].note)
        state.sample = ss["sample"]
    elif src == "Upload a file":
        if not _upload(sb):
            sb.info("Choose a file to segment.")
            return None
    else:
        sb.text_area("Paste text (press Ctrl+Enter or click outside to apply)", key="paste", height=180,
                     placeholder="Paste a few paragraphs of text here…")
        if not ss.get("paste", "").strip():
            sb.info("Paste some text to segment.")
            return None
    level = sb.radio("Split into", ["sentence", "word"], key="level", horizontal=True,
                     format_func=lambda v: level_noun(v).capitalize(),
                     help="What the text is cut into before it is segmented: sentences, or words (Alemi & Ginsparg's "
                          "Fig. 4 works on words).")
    keep = not ss.setdefault("drop_back_matter", True)
    notes = ss.setdefault("speaker_notes", False)
    if src == "Sample":
        state.label = docs.SAMPLE_BY_KEY[ss["sample"]].file
        state.text = state.content = f"sample:{ss['sample']}"
        state.key = f"{state.content}:{level}"
        read = docs.cached_load_sample, ss["sample"], level, settings.limits()
    elif src == "Upload a file":
        _, state.label, data, digest = ss["_last_upload"]
        state.text = f"upload:{state.label}:{digest}"
        state.content = f"{state.text}:{keep}:{notes}"
        state.key = f"{state.content}:{level}"
        read = docs.cached_load_bytes, state.key, data, state.label, level, keep, notes, settings.limits()
    else:
        state.label = "pasted text"
        state.text = f"paste:{hashlib.sha1(ss['paste'].encode('utf-8', 'replace')).hexdigest()[:16]}"
        state.content = f"{state.text}:{keep}"
        state.key = f"{state.content}:{level}"
        read = docs.cached_load_string, ss["paste"], level, keep, settings.limits()
    out, page = _load(state.key, state.label, level, *read, reading=reading, shown=shown, method_section=method_section)
    if out.error:
        state.error = out.error
        sb.error(out.error)
        return page
    doc = out.value
    if doc.level != level:
        state.notes.append(f"{md(state.label)} is a word-level file (no sentence boundaries): loaded as words.")
        state.key = f"{state.content}:{doc.level}"
    state.doc = _with_reference(_structure_reference(doc, state, sb), state, sb)
    sb.success(docs.describe(state.doc, stopwords_of(ss.get("method")) if method_section else "choi"))
    for note in state.notes:
        sb.caption(note)
    return page


def _automatic_for_new_document(state: DocState) -> None:
    """A newly uploaded or pasted text starts on automatic K and with boundaries between its paragraphs (a sample
    keeps the K and the setting of its publication, a link its own): what was set for the previous document says
    nothing about this one."""
    ss = st.session_state
    if state.doc is None or state.sample is not None:
        return
    if ss.get("_k_text") != state.text:  # not when only the back matter or the speaker notes are toggled
        ss["_k_text"] = state.text
        ss["k_mode"] = AUTOMATIC
        _paragraphs_for_every_method(PARAGRAPHS.default)


def _paragraphs_for_every_method(on: bool) -> None:
    for method in METHODS:
        st.session_state[param_key(method, PARAGRAPHS.name)] = on


def method_sidebar(doc: Document | None) -> tuple[str, int | None]:
    """Explore's method, K and parameters (generated from the registry); (method, K or None for automatic)."""
    ss = st.session_state
    if ss.get("method") not in METHODS:
        ss["method"] = DEFAULT_METHOD
    sb = (st.session_state.pop("_method_place", None) or st.sidebar).container()  # see _load
    sb.header("Method")
    method = sb.selectbox("Method", list(METHODS), key="method",
                          help="Methods come from segcore's registry; see the About page for what each one does.")
    m = METHODS[method]
    sb.caption(f"{m.summary} — *{m.citation}*")
    reference_k = len(doc.reference) if doc is not None and doc.reference else None
    _automatic_for_new_document(current_document())
    ss.setdefault("k_mode", "Number" if reference_k else AUTOMATIC)
    ss.setdefault("k", reference_k or 10)
    k_mode = sb.radio("Number of segments K", [AUTOMATIC, "Number"], key="k_mode", horizontal=True,
                      help="Automatic: the method chooses K itself (each method has its own rule). Number: exactly K "
                           "segments.")
    unit = level_noun(doc.level) if doc else "sentences or words"
    k = sb.number_input("K", min_value=1, step=1, key="k", disabled=k_mode == AUTOMATIC,
                        help=f"Number of segments (1 … number of {unit}). You can also click a point of the "
                             f"cost-versus-K curve below.")
    if reference_k:
        sb.button(f"Use the reference's K = {reference_k}", on_click=ss.update,
                  kwargs={"k_mode": "Number", "k": reference_k})
    with sb.expander(f"Parameters of {method}", expanded=False):
        for heading, params in param_groups(method):
            st.markdown(f"**{heading}**")
            for p in params:
                param_widget(st, method, p)
        if "corpus" in m.needs:
            options = docs.corpus_options()
            if ss.get("corpus") not in options:
                ss["corpus"] = options[0]
            st.selectbox("reference corpus", options, key="corpus",
                         help="The texts the method learns from (one text per reference segment of a bundled "
                              "dataset). Learning on a corpus that contains the document itself flatters the scores.")
        st.button("Reset to defaults", on_click=reset_params, args=(method,), key="reset_params")
    return method, None if k_mode == AUTOMATIC else int(k)
