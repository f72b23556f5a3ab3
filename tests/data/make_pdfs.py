"""Regenerate the tiny hand-made PDF fixtures (tiny.pdf, notext.pdf): python tests/data/make_pdfs.py.

They are written object by object (no PDF library needed) with standard Type 1 fonts. The body font
maps codes 128-130 to the ligature glyphs /fi /fl /ffi, so the text layer really contains U+FB01..FB03,
as in PDFs made by LaTeX; the pages carry a running header and page numbers, a word hyphenated across
a line end, a sentence that runs over a page break, and a two-column page.
"""
from pathlib import Path

from pdfminer.fontmetrics import FONT_METRICS

HERE = Path(__file__).resolve().parent
LIG = {"fi": "\x80", "fl": "\x81", "ffi": "\x82"}  # "<fi>" in the text below -> code 128, etc.


def widths(font):
    w = FONT_METRICS[font][1]
    out = [w.get(chr(c), 0) for c in range(32, 127)] + [0]
    out += [w.get("\ufb01", 556), w.get("\ufb02", 556), w.get("\ufb03", 833)]
    return out


def font_obj(base, ligatures):
    enc = "/Encoding /WinAnsiEncoding"
    if ligatures:
        enc = "/Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [128 /fi /fl /ffi] >>"
        w = " ".join(str(x) for x in widths(base))
        return f"<< /Type /Font /Subtype /Type1 /BaseFont /{base} {enc} /FirstChar 32 /LastChar 130 /Widths [{w}] >>"
    return f"<< /Type /Font /Subtype /Type1 /BaseFont /{base} {enc} >>"


def pdf_string(s):
    for k, v in LIG.items():
        s = s.replace(f"<{k}>", v)
    s = s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return "(" + "".join(c if ord(c) < 128 else "\\%03o" % ord(c) for c in s) + ")"


def text_ops(items):
    """items: (font, size, x, y, text)."""
    ops = []
    for font, size, x, y, text in items:
        ops.append(f"BT /{font} {size} Tf 1 0 0 1 {x} {y} Tm {pdf_string(text)} Tj ET")
    return "\n".join(ops)


def write_pdf(objs, root: int) -> bytes:
    """A PDF file of the objects (str or bytes bodies, numbered from 1) with its cross-reference table."""
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + (body if isinstance(body, bytes) else body.encode("latin-1")) + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{off:010d} 00000 n \n".encode() for off in offsets)
    out += f"trailer\n<< /Size {len(objs) + 1} /Root {root} 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def outline_objects(entries, kids, first: int, loop: bool = False) -> list[str]:
    """PDF objects (numbered from `first`, the outline's root) of a bookmark tree: entries (level from 1, title, page
    index, top); each goes to [page /XYZ 0 top null]. loop: the last top-level entry's /Next is the first (a
    crafted cycle)."""
    n = len(entries)
    parent, children = [0] * n, {-1: []}
    stack = []
    for i, (level, *_rest) in enumerate(entries):
        while stack and entries[stack[-1]][0] >= level:
            stack.pop()
        parent[i] = stack[-1] if stack else -1
        children.setdefault(parent[i], []).append(i)
        children.setdefault(i, [])
        stack.append(i)

    def ref(i):
        return f"{first if i < 0 else first + 1 + i} 0 R"

    top_kids = children[-1]
    objs = [f"<< /Type /Outlines /First {ref(top_kids[0])} /Last {ref(top_kids[-1])} /Count {n} >>"]
    for i, (level, title, page, top) in enumerate(entries):
        sib = children[parent[i]]
        k = sib.index(i)
        fields = [f"/Title {pdf_string(title)}", f"/Parent {ref(parent[i])}",
                  f"/Dest [{kids[page]} 0 R /XYZ 0 {top} null]"]
        if k > 0:
            fields.append(f"/Prev {ref(sib[k - 1])}")
        if k + 1 < len(sib):
            fields.append(f"/Next {ref(sib[k + 1])}")
        elif loop and parent[i] < 0:
            fields.append(f"/Next {ref(sib[0])}")
        if children[i]:
            fields.append(f"/First {ref(children[i][0])} /Last {ref(children[i][-1])} /Count {len(children[i])}")
        objs.append("<< " + " ".join(fields) + " >>")
    return objs


def build(pages_ops, fonts=None, outline=None, loop=False, media="0 0 612 792", rotate=0):
    """pages_ops: list of content streams (str, or bytes already Flate-compressed). Fonts F1 Times-Roman
    (ligatures), F2 Helvetica, F3 Times-Bold, and `fonts` (resource name -> font dictionary); `outline`: bookmarks
    (see outline_objects); `media`: every page's MediaBox; `rotate`: every page's /Rotate."""
    objs = [None, None,
            font_obj("Times-Roman", True), font_obj("Helvetica", False), font_obj("Times-Bold", False)]
    names = {"F1": 3, "F2": 4, "F3": 5}
    for name, spec in (fonts or {}).items():
        objs.append(spec)
        names[name] = len(objs)
    resources = " ".join(f"/{n} {i} 0 R" for n, i in names.items())
    kids = []
    for ops in pages_ops:
        if isinstance(ops, bytes):
            objs.append(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(ops) + ops + b"\nendstream")
        else:
            data = ops.encode("latin-1")
            objs.append(f"<< /Length {len(data)} >>\nstream\n{ops}\nendstream")
        content = len(objs)
        turn = f"/Rotate {rotate} " if rotate else ""
        objs.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [{media}] {turn}/Contents {content} 0 R "
                    f"/Resources << /Font << {resources} >> >> >>")
        kids.append(len(objs))
    objs[0] = "<< /Type /Catalog /Pages 2 0 R >>"
    if outline:
        objs[0] = f"<< /Type /Catalog /Pages 2 0 R /Outlines {len(objs) + 1} 0 R >>"
        objs += outline_objects(outline, kids, len(objs) + 1, loop)
    objs[1] = f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>"
    return write_pdf(objs, 1)


def column(lines, x, y, size=10, lead=13, gap=9):
    """Lines of paragraphs (a '' line = paragraph gap) from top y downwards."""
    items = []
    for line in lines:
        if line == "":
            y -= gap
            continue
        items.append(("F1", size, x, y, line))
        y -= lead
    return items


HEADER = [("F2", 8, 72, 752, "Tiny Test Journal 12 (2024) - Notes on Segmentation")]

PAGE1 = column([
    "Linear text segmentation divides a document into contiguous topical seg-",
    "ments. Each segment should discuss a single topic, and a good method will",
    "<fi>nd the boundaries where the vocabulary changes. The most e<ffi>cient methods",
    "compare adjacent windows of sentences and look for dips in similarity.",
    "",
    "A second example comes from transcripts of lectures and of meetings in the Real-",
    "World, where one story follows another with-",
    "out any explicit marker. Dr. Smith showed in 1997 that the <fl>ow of words",
    "is the only signal available, and the segments produced are then",
], 72, 700)
PAGE2 = column([
    "compared with a reference segmentation drawn by human annotators.",
    "",
    "Cooking pasta requires a large pot of salted water at a rolling boil. The",
    "pasta is stirred often so that it does not stick, and it is tasted a minute",
    "before the time printed on the packet. Drain it, keep a cup of the water,",
    "and toss the pasta with the sauce in the pan.",
], 72, 700)
PAGE3 = column([
    "Astronomers measure the distance",
    "to nearby stars by parallax, the",
    "small shift of a star against the",
    "distant background as the Earth",
    "moves around the Sun.",
], 72, 700) + column([
    "Gardeners plant tomatoes after the",
    "last frost, in rich soil and full",
    "sun, and water them deeply once",
    "or twice a week during summer.",
], 330, 700)


def main():
    title = [("F3", 16, 72, 725, "Notes on Text Segmentation")]
    pages = [
        text_ops(HEADER + title + PAGE1 + [("F1", 10, 300, 50, "1")]),
        text_ops(HEADER + PAGE2 + [("F1", 10, 290, 50, "Page 2")]),
        text_ops(HEADER + PAGE3 + [("F1", 10, 290, 50, "3 of 3")]),
    ]
    (HERE / "tiny.pdf").write_bytes(build(pages))
    # A page with drawings only: no text layer, as in a scanned document.
    (HERE / "notext.pdf").write_bytes(build(["0.2 0.4 0.8 rg 100 400 300 200 re f\n1 w 72 300 m 540 300 l S"]))


if __name__ == "__main__":
    main()
