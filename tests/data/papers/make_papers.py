"""Regenerate the test papers and their true section starts: python -m tests.data.papers.make_papers

- lexical_chains.pdf: ACL-like (reportlab): two columns, numbered sections and subsections in bold, running header,
  page numbers, a footnote, a table, a figure with labels, captions, references and a lettered appendix.
- river_sensors.pdf: IEEE-like (reportlab): roman-numbered upper-case sections, italic lettered subsections, a
  run-in "Abstract—", a table, a footnote, references and an appendix.
- sourdough_nospace.pdf: written object by object with no space characters at all: every word is placed by its own
  text matrix, in Type 3 fonts whose FontMatrix is ten times smaller than usual and whose size is ten times larger,
  so pdfminer's character boxes are ten times taller than the glyphs (as with bitmap TeX fonts) and its own
  word_margin glues every word; PDFium and Poppler read it right.
truth.json lists, per paper, each true section: its heading as printed, level, and the start of its first sentence.
reportlab is needed only to regenerate (pip install reportlab); the PDFs are committed.
"""
from __future__ import annotations

import json
import zlib
from pathlib import Path

from pdfminer.fontmetrics import FONT_METRICS

from ..make_pdfs import write_pdf
from .content import PAPERS

HERE = Path(__file__).resolve().parent
W, H = 612, 792


def heading_text(number, title, level, style):
    """As printed: ACL "2.1 Lexical Cohesion"; IEEE "II. SENSOR DESIGN", "A. Hardware", "REFERENCES"."""
    if style == "ieee":
        return f"{number}. {title.upper() if level == 1 else title}" if number else title.upper()
    return f"{number} {title}" if number else title


def truth(paper, style):
    out = [{"heading": "Abstract", "level": 1, "first": paper["abstract"][:40]}]
    for number, title, level, paras in paper["sections"]:
        out.append({"heading": heading_text(number, title, level, style), "level": level, "first": paras[0][:40]})
    return out


# ---- reportlab ---------------------------------------------------------------------------------------------------

def reportlab_paper(paper, path, style):
    from reportlab.graphics.shapes import Drawing, Line, Rect, String
    from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, FrameBreak, NextPageTemplate, PageTemplate,
                                    Paragraph, Spacer, Table)

    body = ParagraphStyle("body", fontName="Times-Roman", fontSize=10, leading=12, alignment=TA_JUSTIFY,
                          spaceAfter=4)
    small = ParagraphStyle("small", parent=body, fontSize=8.5, leading=10)
    caption = ParagraphStyle("caption", parent=body, fontSize=9, leading=10.5, spaceBefore=3, spaceAfter=8)
    ieee = style == "ieee"
    h1 = ParagraphStyle("h1", fontName="Times-Roman" if ieee else "Times-Bold", fontSize=10 if ieee else 12,
                        leading=14, spaceBefore=8, spaceAfter=4, alignment=TA_CENTER if ieee else 0)
    h2 = ParagraphStyle("h2", fontName="Times-Italic" if ieee else "Times-Bold", fontSize=10 if ieee else 11,
                        leading=13, spaceBefore=6, spaceAfter=3)
    title = ParagraphStyle("title", fontName="Times-Bold", fontSize=16, leading=19, alignment=TA_CENTER)
    centred = ParagraphStyle("centred", parent=body, alignment=TA_CENTER, fontSize=11, leading=13)
    pending = []

    class Footnote(Flowable):
        """Zero-size flowable: its footnote is printed at the foot of the page it lands on."""

        def __init__(self, text):
            super().__init__()
            self.text = text

        def wrap(self, *args):
            return 0, 0

        def draw(self):
            pending.append(self.text)

    def page_furniture(canvas, doc):
        canvas.saveState()
        canvas.setFont("Helvetica", 8)
        canvas.drawString(54, H - 40, paper["header"])
        canvas.setFont("Times-Roman", 10)
        canvas.drawCentredString(W / 2, 30, str(doc.page))
        for i, text in enumerate(pending):
            canvas.setFont("Times-Roman", 8)
            canvas.drawString(54, 62 - 10 * i, f"{i + 1} {text}")
            canvas.line(54, 74, 130, 74)
        pending.clear()
        canvas.restoreState()

    colw, gutter, bottom, top = 240, 24, 80, H - 60
    cols = [Frame(54, bottom, colw, top - bottom - 150, id="c1"), Frame(54 + colw + gutter, bottom, colw,
                                                                         top - bottom - 150, id="c2")]
    first = PageTemplate("first", [Frame(54, top - 150, W - 108, 150, id="head"), *cols], onPageEnd=page_furniture)
    rest = PageTemplate("rest", [Frame(54, bottom, colw, top - bottom, id="d1"),
                                 Frame(54 + colw + gutter, bottom, colw, top - bottom, id="d2")],
                        onPageEnd=page_furniture)
    doc = BaseDocTemplate(str(path), pagesize=(W, H), pageTemplates=[first, rest], invariant=1,
                          title=paper["title"])
    story = [Paragraph(paper["title"], title), Spacer(1, 10), Paragraph(paper["authors"], centred),
             NextPageTemplate("rest"), FrameBreak()]
    if ieee:
        story.append(Paragraph(f"<b>Abstract</b>\u2014{paper['abstract']}", body))
    else:
        story += [Paragraph("Abstract", ParagraphStyle("ab", parent=h1, alignment=TA_CENTER)),
                  Paragraph(paper["abstract"], body)]

    def float_flowables(kind, cap, data):
        if kind == "table":
            t = Table(data, style=[("FONT", (0, 0), (-1, -1), "Times-Roman", 9),
                                   ("LINEABOVE", (0, 0), (-1, 0), 0.8, "black"),
                                   ("LINEBELOW", (0, 0), (-1, 0), 0.5, "black"),
                                   ("LINEBELOW", (0, -1), (-1, -1), 0.8, "black")])
            return [Spacer(1, 4), t, Paragraph(cap, caption)] if not ieee else [Paragraph(cap, caption), t,
                                                                                 Spacer(1, 8)]
        d = Drawing(colw, 110)
        for i in range(4):
            d.add(Line(20, 20 + 20 * i, 220, 20 + 20 * i + (i % 2) * 10))
        d.add(Rect(110, 10, 2, 90, fillColor=None))
        for i, label in enumerate(data):
            d.add(String(30 + 70 * i, 100, label, fontName="Helvetica", fontSize=7))
        return [d, Paragraph(cap, caption)]

    def add_section(number, title_, level, paras):
        story.append(Paragraph(heading_text(number, title_, level, style), h1 if level == 1 else h2))
        for j, p in enumerate(paras):
            story.append(Paragraph(p, body))
            if (title_, j) in paper["footnotes"]:
                story.append(Footnote(paper["footnotes"][(title_, j)]))
            if (title_, j) in paper["floats"]:
                story.extend(float_flowables(*paper["floats"][(title_, j)]))

    for sec in paper["sections"]:
        add_section(*sec)
    story.append(Paragraph("REFERENCES" if ieee else "References", h1))
    story += [Paragraph(r, small) for r in paper["references"]]
    for sec in paper["appendix"]:
        add_section(*sec)
    doc.build(story)


# ---- the no-space paper, object by object ---------------------------------------------------------------------------

NAMES = ("space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft parenright asterisk plus "
         "comma hyphen period slash zero one two three four five six seven eight nine colon semicolon less equal "
         "greater question at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash "
         "bracketright asciicircum underscore grave a b c d e f g h i j k l m n o p q r s t u v w x y z braceleft "
         "bar braceright asciitilde").split()
SCALE = 10  # FontMatrix 10x smaller, Tf size 10x larger


def type3_font(base):
    widths = [FONT_METRICS[base][1].get(chr(c), 500) for c in range(32, 127)]
    procs = {}
    for c, w in zip(range(32, 127), widths):
        procs[NAMES[c - 32]] = f"{w} 0 0 0 {w} 700 d1\n" + ("" if c == 32 else f"40 0 {max(w - 80, 10)} 450 re f")
    return widths, procs


def build_nospace(paper, path):
    objs: list[str | bytes] = []

    def add(body) -> int:
        objs.append(body)
        return len(objs)

    tounicode = ("/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Ascii def "
                 "1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfrange <20> <7E> <0020> endbfrange "
                 "endcmap CMapName currentdict /CMap defineresource pop end end")
    cmap = add(f"<< /Length {len(tounicode)} >>\nstream\n{tounicode}\nendstream")
    fonts, metrics = {}, {}
    for key, base in (("F1", "Times-Roman"), ("F2", "Times-Bold")):
        widths, procs = type3_font(base)
        metrics[key] = widths
        proc_refs = {n: add(f"<< /Length {len(p)} >>\nstream\n{p}\nendstream") for n, p in procs.items()}
        charprocs = " ".join(f"/{n} {r} 0 R" for n, r in proc_refs.items())
        fonts[key] = add(f"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 600 700] "
                         f"/FontMatrix [{0.001 / SCALE} 0 0 {0.001 / SCALE} 0 0] /CharProcs << {charprocs} >> "
                         f"/Encoding << /Type /Encoding /Differences [32 {' '.join('/' + n for n in NAMES)}] >> "
                         f"/FirstChar 32 /LastChar 126 /Widths [{' '.join(map(str, metrics[key]))}] "
                         f"/ToUnicode {cmap} 0 R /Resources << >> >>")

    def width(word, font, size):
        return sum(metrics[font][ord(ch) - 32] if 32 <= ord(ch) < 127 else 500 for ch in word) * size / 1000

    def esc(s):
        return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")

    pages: list[list[str]] = []
    colw, x_cols, top, bottom = 240, (54, 318), H - 90, 80

    def new_page():
        ops = []
        pages.append(ops)
        x = 54
        for word in paper["header"].split():  # running header, words placed one by one too
            ops.append(f"BT /F1 {8 * SCALE} Tf 1 0 0 1 {x:.2f} {H - 40} Tm ({esc(word)}) Tj ET")
            x += width(word, "F1", 8) + 2
        num = str(len(pages))
        ops.append(f"BT /F1 {10 * SCALE} Tf 1 0 0 1 {W / 2 - width(num, 'F1', 10) / 2:.2f} 30 Tm ({num}) Tj ET")

    state = {"col": 0, "y": top}

    def place_line(words, font, size, justify, x0, lead):
        if state["y"] - lead < bottom:
            if state["col"] == 0:
                state["col"], state["y"] = 1, top if len(pages) > 1 else top - 60
            else:
                new_page()
                state["col"], state["y"] = 0, top
        state["y"] -= lead
        x = x_cols[state["col"]] + x0
        natural = sum(width(w, font, size) for w in words)
        space = 0.25 * size
        if justify and len(words) > 1:
            space = (colw - x0 - natural) / (len(words) - 1)
        for w in words:
            pages[-1].append(f"BT /{font} {size * SCALE} Tf 1 0 0 1 {x:.2f} {state['y']:.2f} Tm ({esc(w)}) Tj ET")
            x += width(w, font, size) + space

    def paragraph(text, font="F1", size=11, lead=13.5, indent=0):
        words, line, avail = text.split(), [], colw - indent
        for w in words:
            if line and sum(width(v, font, size) for v in line + [w]) + 0.25 * size * len(line) > avail:
                place_line(line, font, size, True, indent, lead)
                line = []
            line.append(w)
        if line:
            place_line(line, font, size, False, indent, lead)
        state["y"] -= 4

    new_page()
    x = W / 2 - sum(width(w, "F2", 15) + 3.75 for w in paper["title"].split()) / 2
    for w in paper["title"].split():
        pages[-1].append(f"BT /F2 {15 * SCALE} Tf 1 0 0 1 {x:.2f} {H - 80} Tm ({esc(w)}) Tj ET")
        x += width(w, "F2", 15) + 3.75
    x = W / 2 - sum(width(w, "F1", 10) + 2.5 for w in paper["authors"].split()) / 2
    for w in paper["authors"].split():
        pages[-1].append(f"BT /F1 {10 * SCALE} Tf 1 0 0 1 {x:.2f} {H - 100} Tm ({esc(w)}) Tj ET")
        x += width(w, "F1", 10) + 2.5
    state["y"] = top - 50
    paragraph("Abstract", "F2", 12, 15)
    paragraph(paper["abstract"], indent=0)
    for number, title, level, paras in paper["sections"] + [(None, "References", 1, paper["references"])] \
            + paper["appendix"]:
        state["y"] -= 6
        paragraph(heading_text(number, title, level, "acl"), "F2", 13 if level == 1 else 12, 16)
        for p in paras:
            paragraph(p, size=9 if title == "References" else 11, lead=11 if title == "References" else 13.5)

    resources = f"<< /Font << /F1 {fonts['F1']} 0 R /F2 {fonts['F2']} 0 R >> >>"
    page_refs = []
    pages_obj = add("")  # placeholder, filled below
    for ops in pages:
        content = zlib.compress("\n".join(ops).encode("latin-1"))
        c = add(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(content) + content + b"\nendstream")
        page_refs.append(add(f"<< /Type /Page /Parent {pages_obj} 0 R /MediaBox [0 0 {W} {H}] /Contents {c} 0 R "
                             f"/Resources {resources} >>"))
    objs[pages_obj - 1] = f"<< /Type /Pages /Kids [{' '.join(f'{r} 0 R' for r in page_refs)}] /Count {len(pages)} >>"
    catalog = add(f"<< /Type /Catalog /Pages {pages_obj} 0 R >>")
    path.write_bytes(write_pdf(objs, catalog))


def main():
    styles = {"lexical_chains": "acl", "river_sensors": "ieee", "sourdough_nospace": "acl"}
    for name, paper in PAPERS.items():
        path = HERE / f"{name}.pdf"
        if name.endswith("nospace"):
            build_nospace(paper, path)
        else:
            reportlab_paper(paper, path, styles[name])
    (HERE / "truth.json").write_text(json.dumps({name: truth(p, styles[name]) for name, p in PAPERS.items()},
                                                indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
