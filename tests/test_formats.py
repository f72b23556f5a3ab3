"""How a text's format is chosen (segcore.formats.sniff_format, Markdown or plain text) and what Markdown's code spans
do to its sentences (segcore.mdinline): a quote written `like this' is no code span, a name's made-up extension
('report v1.2') weighs nothing, a .md file is Markdown."""
from __future__ import annotations

from segcore.formats import format_name, sniff_format
from segcore.loaders import load, load_text
from segcore.mdinline import inline_with_code

# groff's README quotes as old TeX and Emacs texts do, a backtick opening and an apostrophe closing; read as
# Markdown here by a title opening it
GROFF = """# groff

The file `NEWS' describes recent changes to `groff'. See the file `COPYING' for copying permission.

Run `make check' first. Then `make install' and the `-TX*' devices. In Debian, see `xditview'.
"""


def test_a_quote_opened_by_a_backtick_and_closed_by_an_apostrophe_is_no_code_span():
    """In groff's README, libc6's README.hesiod and a LICENSE.md (read as Markdown) "`NEWS' describes ... `groff'."
    paired its backticks as a code span across the sentence end, 15 sentence ends joined in the three files and the
    backticks taken off: a quote `like this' keeps its backtick and its sentence ends."""
    doc = load_text(GROFF)
    assert doc.meta["markdown"]
    assert doc.elements == ["groff", "The file `NEWS' describes recent changes to `groff'.",
                            "See the file `COPYING' for copying permission.", "Run `make check' first.",
                            "Then `make install' and the `-TX*' devices.", "In Debian, see `xditview'."]
    text, code, _ = inline_with_code("``so called'' and ``this''. Then `a`.")
    assert text == "``so called'' and ``this''. Then a." and code == ((33, 34),)  # TeX's double quotes too


def test_code_spans_that_hold_apostrophes_stay_code_spans():
    """Code with quoted strings, a prime or an apostrophe inside a word is still code ('run `cmake .` in'); `date
    +'%Y'` in nodejs's releases.md was read as a quote before this test."""
    for span in ("require('./a. B')", "f'", "don't. X", "echo 'a. B'", "x='a. B'", "date +'%Y. X'", "'a. B'",
                 "headers[':a. B']"):
        text, code, _ = inline_with_code(f"Call `{span}` now. Then go.")
        assert text == f"Call {span} now. Then go." and code == ((5, 5 + len(span)),), span
    assert load_text("# Notes\n\nCall `require('./a. B')` now. Then go.\n").elements == [
        "Notes", "Call require('./a. B') now.", "Then go."]


def test_a_code_span_never_runs_across_a_paragraph_and_a_lone_backtick_is_literal():
    """CommonMark: a code span holds no blank line, and a backtick string without its closing string is literal
    (these held before; kept here with the quote rule)."""
    doc = load_text("# Notes\n\nA lone ` tick. Then more.\n\nThen `make` runs. It ends.\n")
    assert doc.elements == ["Notes", "A lone ` tick.", "Then more.", "Then make runs.", "It ends."]


def test_a_text_whose_only_marks_are_backtick_quotes_is_plain_text():
    """Quotes `like this' are not Markdown's marks: a text that has no others is plain text."""
    doc = load(b"The file `NEWS' describes changes. See `COPYING' for the terms.\n\nIt is short.\n",
               source="README")
    assert format_name(doc.meta) == "plain text" and not doc.meta.get("markdown")
    assert doc.elements[:2] == ["The file `NEWS' describes changes.", "See `COPYING' for the terms."]


LATEX = rb"""\documentclass{article}
\begin{document}
\section{Rivers}
Rivers carry water. They shape valleys.
\section{Floods}
Floods follow rain. They move sediment.
\end{document}
"""
CAPTIONS = b"WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nRivers carry water.\n\n00:00:05.000 --> 00:00:08.000\nThey " \
           b"shape valleys.\n"
ORG = b"#+TITLE: Rivers\n\n* Floods\nFloods follow rain. They move sediment.\n"


def test_a_name_whose_extension_is_no_format_extension_does_not_change_the_format():
    """'report v1.2' (a source name, an upload's title) has the 'extension' .2: it was not '' nor .txt, so a LaTeX
    source, captions or an Org text under that name were read as plain text; a name with an unknown extension now
    weighs as much as no name, one with a format's extension as before."""
    for data, fmt in ((LATEX, "latex"), (CAPTIONS, "captions"), (ORG, "org"), (b"Plain words. More.", "text")):
        assert sniff_format(data, "") == fmt
        for name in ("report v1.2", "notes.v2", "data.log", "README.Debian"):
            assert sniff_format(data, name) == fmt, (name, fmt)
    assert load(LATEX, source="report v1.2").meta["format"] == "latex"
    assert sniff_format(LATEX, "paper.md") == "text" and sniff_format(ORG, "rivers.html") == "html"  # known ones


def test_a_md_file_that_shows_code_spans_or_strong_emphasis_is_markdown():
    """A .md file without a heading, fence, table or link was named and read as plain text, its code spans, strong
    emphasis and bullets kept as written ('**t1ascii**', t1utils' README.md): its name and such marks make it
    Markdown. A .md file without any (plain text that indents its paragraphs, as a GPL LICENSE.md) stays plain text:
    Markdown would read the indented paragraphs as code and leave them out."""
    data = b"Notes on `make`. The **t1ascii** tool converts fonts.\n\n* Run it twice.\n* Then stop.\n"
    for doc in (load(data, source="notes.md"), load_text(data.decode(), source="notes.md"),
                load(data + b"\n", source="notes.markdown")):
        assert format_name(doc.meta) == "Markdown"
        assert doc.elements == ["Notes on make.", "The t1ascii tool converts fonts.", "Run it twice.", "Then stop."]
    doc = load(data, source="notes.txt")
    assert format_name(doc.meta) == "plain text" and doc.elements[1] == "The **t1ascii** tool converts fonts."
    licence = b"Copyright\n\n\tThis material is free. See the licence for `the terms'.\n\nIt ends here.\n"
    doc = load(licence, source="LICENSE.md")
    assert format_name(doc.meta) == "plain text"
    assert doc.elements == ["Copyright", "This material is free.", "See the licence for `the terms'.", "It ends here."]


# chromium's README.Debian: root's shell prompts under setext headings
PROMPTS = """Debugging
=========

Add the debug archive to your sources, then execute these commands (also as root):

# apt update
# apt install chromium-dbgsym

Information about installing dbgsym packages can be found on the Debian wiki.

Running as Root
===============

This is a very bad idea. If you want to accept the risks, you can run it so:

# chromium --no-sandbox
"""
# gnupg's trustlist.txt: a block of comment lines over the entries
COMMENTS = "".join(f"# {line}\n" for line in (
    "This is the global list of trusted keys.  Comment lines, like this", "one, as well as empty lines are ignored.",
    "", "Lines have a length limit but this is not a serious limitation.")) + "\nDC:AF:EB:23 S\n\n# Root CA\n"
# libc6's README.hesiod: an indented example file; dpkg's README.bug-usertags: one comment amid configuration lines
INDENTED = "To use Hesiod, set it up in the switch file:\n\n  # /etc/nsswitch.conf\n  passwd: db files hesiod\n\n" \
           "Then restart the daemons. They read it again.\n"
LONE = "usercategory view-class\n * status\n * severity\n\n# Change default view\nusercategory normal\n * status\n" \
       "\nThe categories are listed above. Each has a view.\n"


def test_a_shell_prompt_a_comment_or_an_indented_hash_line_does_not_make_a_text_markdown():
    """A text with one ATX-like line was Markdown, that line a heading and its indented lines code: chromium's and
    git's READMEs (root's prompt '# apt update'), gcc's README.Bugs and gnupg's trustlist.txt (a block of '#'
    comment lines), libc6's README.hesiod ('  # /etc/nsswitch.conf'), dpkg's README.bug-usertags (a lone comment
    amid configuration lines). They are plain text now, their setext and plain headings kept, no '#' line one."""
    for text in (PROMPTS, COMMENTS, INDENTED, LONE):
        doc = load(text.encode(), source="README.Debian")
        assert format_name(doc.meta) == "plain text", text
        outline = doc.meta.get("outline")
        assert not outline or all("#" not in doc.elements[h.element] and h.title[:1].isupper()
                                  for h in outline.headings), text
    assert [h.title for h in load_text(PROMPTS).meta["outline"].headings] == ["Debugging", "Running as Root"]
    assert "# chromium --no-sandbox" in load_text(PROMPTS).elements


def test_titles_after_hash_marks_still_make_a_text_markdown():
    """Markdown kept: titles under '#' marks (pandoc's README.Debian, two levels), a name opening the text ('#
    libusb', as a README.md renamed README), a .md file whatever its headings ('# iso-codes 3.79')."""
    pandoc = "# Notes about Debian packaging of Pandoc\n\n## Packages needed for optional features\n\nSome are " \
             "suggested. Install them.\n\n## Standalone output not always fully standalone\n\nIt links a script.\n"
    doc = load(pandoc.encode(), source="README.Debian")
    assert doc.meta["markdown"] and [h.title for h in doc.meta["outline"].headings] == [
        "Packages needed for optional features", "Standalone output not always fully standalone"]
    assert load(b"# libusb\n\nlibusb is a library for USB device access. It is portable.\n", source="README").meta[
        "markdown"]
    changelog = b"# Changelog\n\n# iso-codes 3.79\n\n* Updated translations.\n\n# iso-codes 3.78\n\n* More.\n"
    doc = load(changelog, source="CHANGELOG.md")
    assert doc.meta["markdown"] and [h.title for h in doc.meta["outline"].headings][-2:] == [
        "iso-codes 3.79", "iso-codes 3.78"]


def test_links_are_read_with_where_they_point():
    """inline_with_code gives each link's place in the text and its target: an inline link's destination (its title
    aside, '<…>' unwrapped), a reference link's by its label's definition, an autolink's address (mail's without a
    scheme); a link in a reference's text is that link's."""
    text, _, links = inline_with_code("See [Bash](https://gnu.org/bash \"GNU\") and [the *guide*](<guide.md>), "
                                      "[Make][m], <x@y.example> and <https://a.example/b>.", {"m": "#make"})
    assert text == "See Bash and the guide, Make, x@y.example and https://a.example/b."
    assert [(text[a:b], target) for a, b, target in links] == [
        ("Bash", "https://gnu.org/bash"), ("the guide", "guide.md"), ("Make", "#make"),
        ("x@y.example", "mailto:x@y.example"), ("https://a.example/b", "https://a.example/b")]


KEY = ("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmDMEY865UxYJKwYBBAHaRw8BAQdAd7Z0srwuhlB6JKFkcf4HU4SSS/xcRfwEQWzr\n"
       "crf6AEq0SURlYmlhbiBTdGFibGUgUmVsZWFzZSBLZXkgKDEyL2Jvb2t3b3JtKSA8\n=5NZE\n-----END PGP PUBLIC KEY BLOCK-----\n")
CERTIFICATE = ("-----BEGIN CERTIFICATE-----\n" + "MIIDdTCCAl2gAwIBAgILBAAAAAABFUtaw5QwDQYJKoZIhvcNAQEFBQAwVzELMAkG\n"
               "A1UEBhMCQkUxGTAXBgNVBAoTEEdsb2JhbFNpZ24gbnYtc2ExEDAOBgNVBAsTB1Jv\n" * 10
               + "-----END CERTIFICATE-----\n")  # a certificate's lines (a real one has some 20)
PROSE = "Rivers run to the sea. They carry silt.\n\nThe sea is salt. It is deep.\n"
_HEX_LINE = " " * 16 + ":".join(["00", "b4", "c6", "79", "d3"] * 3) + ":\n"
# `openssl x509 -text`'s dump of a 2048-bit RSA certificate: its fields, the key's modulus and the signature as hex
# lines (18 each), then the certificate itself
CERTIFICATE_DUMP = ("Certificate:\n    Data:\n        Version: 3 (0x2)\n        Serial Number:\n"
                    "            04:00:00:00:00:01:15:4b:5a:c3:94\n"
                    "        Signature Algorithm: sha1WithRSAEncryption\n"
                    "        Issuer: C = BE, O = GlobalSign nv-sa, OU = Root CA, CN = GlobalSign Root CA\n"
                    "        Validity\n            Not Before: Sep  1 12:00:00 1998 GMT\n"
                    "            Not After : Jan 28 12:00:00 2028 GMT\n"
                    "        Subject: C = BE, O = GlobalSign nv-sa, OU = Root CA, CN = GlobalSign Root CA\n"
                    "        Subject Public Key Info:\n            Public Key Algorithm: rsaEncryption\n"
                    "                Public-Key: (2048 bit)\n                Modulus:\n" + _HEX_LINE * 18
                    + "                Exponent: 65537 (0x10001)\n        X509v3 extensions:\n"
                    "            X509v3 Key Usage: critical\n                Certificate Sign, CRL Sign\n"
                    "            X509v3 Basic Constraints: critical\n                CA:TRUE\n"
                    "    Signature Algorithm: sha1WithRSAEncryption\n    Signature Value:\n" + _HEX_LINE * 18
                    + CERTIFICATE)


def test_an_asc_file_is_asciidoc_only_when_its_content_shows_asciidoc():
    """'.asc' is AsciiDoc's and ASCII armor's (PGP keys and signatures, as /etc/apt/trusted.gpg.d's and
    fbithesis.dtx.asc): every .asc was read as AsciiDoc, a key as segments of base64. An .asc is AsciiDoc when it shows
    AsciiDoc's markup (a '= Title' first line, or a '== Section' as a book's chapter file opens with); else its content
    tells, as a nameless text's does (LaTeX, Org, plain)."""
    guide = "= Guide\n\n== One\n\nCats sleep. Dogs run.\n\n== Two\n\nBirds fly. Fish swim.\n"
    chapter = "[[_intro]]\n== Getting Started\n\nCats sleep. Dogs run.\n\n=== Birds\n\nBirds fly. Fish swim.\n"
    latex = "\\documentclass{article}\n\\begin{document}\nCats sleep. Dogs run.\n\\end{document}\n"
    readings = {text: sniff_format(text.encode(), "file.asc") for text in (guide, chapter, latex, PROSE, KEY)}
    assert readings == {guide: "asciidoc", chapter: "asciidoc", latex: "latex", PROSE: "text", KEY: "text"}
    assert sniff_format(PROSE.encode(), "file.adoc") == "asciidoc"  # AsciiDoc's own extensions still name it
    assert load_text(chapter, source="ch01.asc").meta["format"] == "asciidoc"
    assert load_text(PROSE, source="notes.asc").meta["format"] == "text"
