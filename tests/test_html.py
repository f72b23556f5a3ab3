"""HTML pages and EPUB books (segcore.htmlpage, segcore.epub): the page's own text with its headings, the chrome
left out and counted, broken markup read as a browser would, EPUBs in reading order, hostile archives refused."""
import io
import subprocess
import sys
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from segcore.errors import InputError
from segcore.limits import Limits
from segcore.formats import sniff_format
from segcore.loaders import left_out_notes, load, load_epub, load_html
from segcore.structure import with_structure
from tests.loading import loaded_or_refused

# The markup of a Wikipedia article as MediaWiki's Vector skin serves it, trimmed and with made-up prose: written
# for these tests from the structure of saved pages (no saved page ships in the repository).
WIKI = """<!DOCTYPE html>
<html class="client-nojs" lang="en" dir="ltr"><head><meta charset="UTF-8"><title>Lighthouse - Wikipedia</title>
<script>document.documentElement.className="client-js";</script><style>.mw-body{margin:0}</style></head>
<body class="skin-vector mediawiki">
<a class="mw-jump-link" href="#bodyContent">Jump to content</a>
<header class="vector-header mw-header"><div class="vector-header-start"><a href="/" class="mw-logo">Wikipedia The
Free Encyclopedia</a></div><div id="p-search" role="search"><form><input name="search"></form> Search</div></header>
<div class="mw-page-container"><nav id="mw-panel" class="vector-main-menu" aria-label="Site">Main page Contents
Current events Random article About Wikipedia Contact us Donate</nav>
<main id="content" class="mw-body">
<h1 id="firstHeading" class="firstHeading mw-first-heading"><span class="mw-page-title-main">Lighthouse</span></h1>
<div id="bodyContent" class="vector-body">
<div id="siteSub" class="noprint">From Wikipedia, the free encyclopedia</div>
<div id="contentSub"></div>
<div id="mw-content-text" class="mw-body-content"><div class="mw-parser-output">
<div class="shortdescription nomobile noexcerpt noprint searchaux" style="display:none">Tower that emits light</div>
<div role="note" class="hatnote navigation-not-searchable">For other uses, see Lighthouse (disambiguation).</div>
<table class="infobox"><tbody><tr><th>Type</th><td>Tower</td></tr><tr><th>Height</th><td>Tall</td></tr></tbody>
</table>
<p>A <b>lighthouse</b> is a tower that emits light to guide ships at sea.<sup id="cite_ref-1" class="reference">
<a href="#cite_note-1">[1]</a></sup> Lighthouses mark dangerous coastlines and safe entries to harbours.</p>
<div id="toc" class="toc" role="navigation"><div class="toctitle"><h2 id="mw-toc-heading">Contents</h2></div>
<ul><li><a href="#History">1 History</a></li><li><a href="#Lamps">2 Lamps and lenses</a></li></ul></div>
<h2><span class="mw-headline" id="History">History</span><span class="mw-editsection"><span
class="mw-editsection-bracket">[</span><a href="?action=edit&amp;section=1">edit</a><span
class="mw-editsection-bracket">]</span></span></h2>
<figure class="mw-default-size" typeof="mw:File/Thumb"><a href="/wiki/File:Pharos.jpg"><img src="x.jpg"></a>
<figcaption>An engraving of the Pharos of Alexandria</figcaption></figure>
<p>The ancient world built fires on hilltops to warn sailors.<sup class="reference"><a href="#c2">[2]</a></sup>
The Pharos of Alexandria was the most famous of them.<sup class="noprint Inline-Template"><i>[<a
href="/wiki/Citation_needed">citation needed</a>]</i></sup></p>
<p>Keepers lived in the tower and tended the flame every night.</p>
<h2><span class="mw-headline" id="Lamps">Lamps and lenses</span><span class="mw-editsection">[edit]</span></h2>
<p>Oil lamps gave way to the Fresnel lens, which bends light into a beam.</p>
<p>Electric lamps later replaced the oil, and keepers were no longer needed.</p>
<h2><span class="mw-headline" id="See_also">See also</span></h2>
<ul><li><a href="/wiki/Lightvessel">Lightvessel</a></li><li><a href="/wiki/Beacon">Beacon</a></li></ul>
<h2><span class="mw-headline" id="References">References</span></h2>
<div class="reflist"><ol class="references"><li id="cite_note-1">Smith, J. Towers of light. 1990.</li></ol></div>
<h2><span class="mw-headline" id="External_links">External links</span></h2>
<ul><li><a href="https://example.org">A lighthouse society</a></li></ul>
<div role="navigation" class="navbox" aria-labelledby="Nav"><table><tr><td>Navigation towers beacons</td></tr>
</table></div>
</div></div>
<div class="printfooter">Retrieved from "https://en.wikipedia.org/w/index.php?title=Lighthouse"</div>
<div id="catlinks" class="catlinks" data-mw="interface">Categories: Lighthouses Towers</div>
</div></main></div>
<footer id="footer" class="mw-footer" role="contentinfo">This page was last edited on 1 May. Text is available under
the Creative Commons Attribution-ShareAlike License.</footer>
</body></html>
"""

# A page as Sphinx writes it (the Python documentation's theme): navigation bars, a sidebar, ¶ anchors, code.
SPHINX = """<!DOCTYPE html><html><head><title>4. Tools &#8212; Docs</title></head><body>
<div class="related" role="navigation" aria-label="Related"><h3>Navigation</h3><ul><li><a href="genindex.html">index
</a></li><li><a href="next.html">next</a> |</li></ul></div>
<div class="document"><div class="documentwrapper"><div class="bodywrapper"><div class="body" role="main">
<section id="tools"><h1>4. Tools<a class="headerlink" href="#tools" title="Permalink">¶</a></h1>
<p>Besides the while statement, Python has other tools. They are described here.</p>
<section id="if"><h2>4.1. <code class="docutils">if</code> Statements<a class="headerlink" href="#if">¶</a></h2>
<p>Perhaps the best known statement is the <code>if</code> statement. For example:</p>
<div class="highlight-python3 notranslate"><div class="highlight"><pre><span class="gp">&gt;&gt;&gt; </span>x = int(
input("Please enter an integer: "))</pre></div></div>
<p>There can be zero or more elif parts. The else part is optional.</p></section>
<section id="for"><h2>4.2. for Statements<a class="headerlink" href="#for">¶</a></h2>
<p>The for statement differs from what you may be used to. It iterates over the items of any sequence.</p>
</section></section><div class="clearer"></div></div></div></div>
<div class="sphinxsidebar" role="navigation" aria-label="Main"><h3>Table of Contents</h3><ul><li>4. Tools</li></ul>
<h4>Previous topic</h4><p>3. An Informal Introduction</p><h3>This Page</h3><ul><li>Report a Bug</li><li>Show
Source</li></ul></div></div>
<div class="footer">&copy; Copyright 2001-2023, Python Software Foundation.</div></body></html>
"""


def _text(doc) -> str:
    return " ".join(doc.elements)


def _none_of(words, doc):
    text = _text(doc)
    assert [w for w in words if w in text] == []


def test_a_wikipedia_article_reads_as_its_own_text_with_its_sections():
    doc = load(WIKI.encode("utf-8"), source="Lighthouse.html")
    assert doc.meta["format"] == "html" and doc.meta["title"] == "Lighthouse - Wikipedia"
    assert doc.elements[0] == "Lighthouse"  # the page title, an element of its own
    assert "A lighthouse is a tower that emits light to guide ships at sea." in doc.elements
    _none_of(("Jump to", "From Wikipedia", "edit", "Contents", "Retrieved", "Categories", "Main page", "[1]", "[2]",
              "citation needed", "Tower that emits", "For other uses", "Pharos.jpg", "engraving", "Height",
              "Creative Commons", "Search", "Navigation towers"), doc)
    outline = doc.meta["outline"]
    assert outline.title == "Lighthouse"
    assert [h.title for h in outline.headings] == ["History", "Lamps and lenses"]
    _none_of(("Lightvessel", "Smith", "society"), doc)  # See also, References, External links: back matter
    assert doc.meta["back_matter"]["heading"] == "See also"
    left = doc.meta["left_out"]
    assert left["citations"] == 3 and left["navigation"] > 20 and left["tables"] >= 4 and left["hidden"] == 4
    notes = left_out_notes(doc)
    assert notes[0].startswith("left out of the page: ") and "citation marks (3)" in notes[0]
    assert notes[0].endswith(", and the reference list and appendices (from the heading 'See also' on)")  # one note
    ref = with_structure(doc).reference
    assert ref == [3, 7, 10] and doc.elements[7] == "Lamps and lenses"  # the lead, History, Lamps


def test_a_sphinx_page_keeps_its_numbered_headings_and_leaves_code_and_sidebars_out():
    doc = load_html(SPHINX, source="tools.html")
    heads = doc.meta["outline"].headings
    assert doc.meta["outline"].title == "4. Tools"  # no pilcrow
    assert [(h.title, h.number) for h in heads] == [("4.1. if Statements", "4.1"), ("4.2. for Statements", "4.2")]
    assert doc.meta["left_out"]["code"] >= 5
    _none_of(("int(", ">>>", "Navigation", "index", "Previous topic", "Show Source", "Copyright", "¶",
              "Table of Contents"), doc)
    assert "Perhaps the best known statement is the if statement." in doc.elements


def test_a_sphinx_single_page_reads_the_documents_its_toctree_wrapper_holds_and_leaves_a_toctree_of_links_out():
    """Sphinx's singlehtml builder puts each included document inside the toctree's wrapper
    (div.toctree-wrapper): a wrapper of text is read; one of links only is a table of contents."""
    toc = ('<div class="toctree-wrapper compound"><ul><li><a href="#a">Magma chambers</a></li>'
           '<li><a href="#b">Vent shapes</a></li><li><a href="#c">Ash plumes</a></li></ul></div>')
    chapter = ('<div class="toctree-wrapper compound"><section id="a"><h2>Magma chambers</h2><p>Magma gathers in '
               'chambers under the crust. It rises when the pressure grows.</p><p>See <a href="#b">vents</a> for '
               'where it leaves the ground.</p></section></div>')
    page = (f'<html><body><div class="body" role="main"><section><h1>Volcanoes</h1><p>A book of volcanoes.</p>'
            f'{toc}{chapter}</section></div></body></html>')
    doc = load_html(page, source="book.html")
    assert "Magma gathers in chambers under the crust." in doc.elements
    assert [h.title for h in doc.meta["outline"].headings] == ["Magma chambers"]
    _none_of(("Vent shapes", "Ash plumes"), doc)
    assert doc.meta["left_out"]["navigation"] == 6


def test_broken_markup_is_read_as_a_browser_would():
    page = ("<title>t</title><p>First paragraph has no end tag. It goes on<p>Second one <b>bold <i>mixed</b> up</i>"
            " here.<ul><li>An item without end<li>Another item</ul><p>Caf&eacute; &amp; bar&nbsp;open. Line<br>break "
            "joins.</p>")
    doc = load_html(page)
    assert doc.elements == ["First paragraph has no end tag.", "It goes on", "Second one bold mixed up here.",
                            "An item without end", "Another item", "Café & bar open.", "Line break joins."]


@pytest.mark.parametrize("data", [
    "<html><head><meta charset='windows-1252'></head><body><p>Un caf\xe9. Deux caf\xe9s.</p></body></html>"
    .encode("cp1252"),
    "<p>Un café. Deux cafés.</p>".encode("utf-8"),
    b"\xef\xbb\xbf" + "<p>Un café. Deux cafés.</p>".encode("utf-8"),
    "<?xml version='1.0' encoding='iso-8859-1'?><html><body><p>Un caf\xe9. Deux caf\xe9s.</p></body></html>"
    .encode("latin-1"),
    "<p>Un caf\xe9. Deux caf\xe9s.</p>".encode("cp1252"),  # no declaration, not UTF-8
])
def test_encodings_are_read_from_the_page(data):
    assert load_html(data).elements == ["Un café.", "Deux cafés."]


def test_bold_paragraphs_that_read_as_titles_are_headings_below_the_real_ones():
    page = ("<h1>3. Methods</h1><p>We describe the methods here. They are simple.</p>"
            "<p><b>3.1 Data collection</b></p><p>Data came from a survey. It was large.</p>"
            "<p class='bold'>3.2 Analysis</p><p>We counted words. Then we compared them.</p>"
            "<p><strong>Note that this paragraph is bold but is a sentence.</strong></p><p>Final words here.</p>")
    doc = load_html(page)
    heads = [(h.title, h.level) for h in doc.meta["outline"].headings]
    assert heads == [("3.1 Data collection", 1), ("3.2 Analysis", 1)] and doc.meta["outline"].title == "3. Methods"
    assert "Note that this paragraph is bold but is a sentence." in doc.elements


def test_a_bold_connective_between_two_items_is_text_not_a_heading():
    page = ("<h1>Building</h1><p>Run the script from the root.</p><pre>make doc</pre><p><strong>OR</strong></p>"
            "<pre>npm run doc</pre><p>Both write the pages.</p><p><b>Checking the Pages</b></p><p>Open them.</p>")
    doc = load_html(page)
    assert [h.title for h in doc.meta["outline"].headings] == ["Checking the Pages"] and "OR" in doc.elements


def test_a_heading_of_a_version_or_a_year_is_a_heading_but_a_note_mark_or_an_ornament_is_not():
    """A changelog's version headings ('[1.0.5] - 2022-09-21', Keep a Changelog's) and a year have no letter but
    name their sections; Texinfo's footnote heading '(1)' and an ornament do not, nor does a letterless paragraph."""
    page = ("<main><h1>Changelog</h1><h2>[Unreleased]</h2><p>Nothing yet here.</p><h2>[1.0.5] - 2022-09-21</h2>"
            "<h3>Fixed</h3><p>Page numbers agree now.</p><h2>2021</h2><p>The first year passed.</p><h2>* * *</h2>"
            "<p>42.</p><h5>(1)</h5><p>A footnote of the page.</p></main>")
    doc = load_html(page)
    assert [(h.title, h.level) for h in doc.meta["outline"].headings] == [
        ("[Unreleased]", 1), ("[1.0.5] - 2022-09-21", 1), ("Fixed", 2), ("2021", 1)]
    assert doc.meta["left_out"] == {"numbers": 3}
    book = _epub({"c1.xhtml": _chapter("[1.0.5] - 2022-09-21", "Page numbers agree now."),
                  "c2.xhtml": _chapter("[1.0.4] - 2022-02-21", "A logo was renamed.")}, ["c1", "c2"])
    assert [h.title for h in load(book, source="log.epub").meta["outline"].headings] == [
        "[1.0.5] - 2022-09-21", "[1.0.4] - 2022-02-21"]


def test_hidden_text_scripts_and_styles_are_never_read():
    page = ("<style>p{color:red}</style><script>alert('x. y.')</script><p>Visible text here. And more.</p>"
            "<p hidden>Secret one.</p><div aria-hidden='true'>Secret two.</div><span style='display: none'>Secret "
            "three.</span><noscript>Enable JavaScript.</noscript><template><p>Secret four.</p></template>")
    doc = load_html(page)
    assert doc.elements == ["Visible text here.", "And more."]
    assert doc.meta["left_out"] == {"hidden": 6}


def test_a_page_without_main_drops_navigation_but_not_an_article_header():
    page = ("<header><a href='/'>Home</a> <a href='/blog'>Blog</a></header><nav>Menu items here</nav>"
            "<article><header><h1>My post</h1></header><p>First thing I saw. Second thing.</p><footer>Tags: x</footer>"
            "</article><aside>Related posts</aside><footer>Site footer</footer>")
    doc = load_html(page)
    assert doc.elements == ["My post", "First thing I saw.", "Second thing.", "Tags: x"]
    assert doc.meta["left_out"]["navigation"] == 9


def test_a_contents_wrapper_is_kept_but_a_contents_list_is_not():
    page = ("<div class='contents'><p>The whole article sits in a wrapper named contents. It is text.</p></div>"
            "<div class='contents'><a href='#a'>One</a> <a href='#b'>Two</a></div>")
    assert load_html(page).elements == ["The whole article sits in a wrapper named contents.", "It is text."]


def test_hostile_or_empty_pages_give_clear_errors():
    for page, message in [("", "no HTML text"), ("<script>x()</script>", "no text found"),
                          ("<div>" * 3000 + "Deep. Text." + "</div>" * 3000, "nested too deep")]:
        with pytest.raises(InputError, match=message):
            load_html(page, source="p.html")
    with pytest.raises(InputError, match="MB of HTML"):
        load_html(b"<p>" + b"word. " * 2000 + b"</p>", limits=Limits(markup_bytes=1000))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["<p>", "</p>", "<div>", "</div>", "<h2>", "</h2>", "<b>", "</b>", "<br>", "<li>",
                                 "<nav>", "</nav>", "<table><tr><td>", "</table>", "<script>", "</script>", "&amp;",
                                 "&bogus;", "<!--", "-->", "<?xml?>", "<pre>", "Word.", "Two words.", "x", "\x00",
                                 "é", " ", "\n", "<sup>[1]</sup>", "<main>", "</main>"]), max_size=40))
def test_any_markup_loads_or_says_why(parts):
    loaded_or_refused(load_html, "".join(parts))


# ---- EPUB --------------------------------------------------------------------------------------------------------

CONTAINER = ("<?xml version='1.0'?><container version='1.0' xmlns='urn:oasis:names:tc:opendocument:xmlns:container'>"
             "<rootfiles><rootfile full-path='{opf}' media-type='application/oebps-package+xml'/></rootfiles>"
             "</container>")


def _chapter(title: str, *paragraphs: str) -> str:
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    return (f"<?xml version='1.0' encoding='utf-8'?><html xmlns='http://www.w3.org/1999/xhtml' "
            f"xmlns:epub='http://www.idpf.org/2007/ops'><head><title>{title}</title></head><body><section>"
            f"<h1>{title}</h1>{body}</section></body></html>")


def _epub(files: dict, spine: list[str], opf: str = "OEBPS/content.opf", title: str = "A Book",
          extra: str = "", doctype: str = "", manifest_extra: str = "") -> bytes:
    """An EPUB 3 in memory: `files` (path under the package folder → content), the spine as ids ('id' or
    'id:no' for linear="no")."""
    base = opf.rsplit("/", 1)[0] + "/" if "/" in opf else ""
    items = "".join(f"<item id='{name.split('.')[0]}' href='{name}' media-type='application/xhtml+xml'/>"
                    for name in files)
    nonlinear = " linear='no'"
    refs = "".join(f"<itemref idref='{s.split(':')[0]}'{nonlinear if s.endswith(':no') else ''}/>" for s in spine)
    package = (f"<?xml version='1.0' encoding='utf-8'?>{doctype}<package xmlns='http://www.idpf.org/2007/opf' "
               f"version='3.0'><metadata xmlns:dc='http://purl.org/dc/elements/1.1/'><dc:title>{title}</dc:title>"
               f"</metadata><manifest>{items}{manifest_extra}</manifest><spine>{refs}</spine></package>")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        z.writestr("META-INF/container.xml", CONTAINER.format(opf=opf))
        z.writestr(opf, package)
        for name, content in files.items():
            z.writestr(base + name, content, compress_type=zipfile.ZIP_DEFLATED)
        if extra:
            z.writestr("META-INF/encryption.xml", extra)
    return buf.getvalue()


NAV = ("<html xmlns='http://www.w3.org/1999/xhtml' xmlns:epub='http://www.idpf.org/2007/ops'><body>"
       "<nav epub:type='toc'><h1>Contents</h1><ol><li><a href='c1.xhtml'>Chapter One</a></li>"
       "<li><a href='c2.xhtml'>Chapter Two</a></li></ol></nav></body></html>")
BOOK = {"nav.xhtml": NAV,
        "c2.xhtml": _chapter("Chapter Two", "The second chapter starts at sea. The ship sailed on."),
        "c1.xhtml": _chapter("Chapter One", "The first chapter begins at home. Everyone was asleep.",
                             "Morning came slowly. The house woke up."),
        "notes.xhtml": _chapter("Notes", "A note read only on demand.")}


def test_an_epub_is_read_in_spine_order_with_its_chapters():
    data = _epub(BOOK, ["nav", "c1", "c2", "notes:no"])
    assert sniff_format(data, "") == "epub" and sniff_format(data, "book.epub") == "epub"
    doc = load(data, source="book.epub")
    assert doc.meta["format"] == "epub" and doc.meta["title"] == "A Book" and doc.meta["files"] == 3
    assert doc.elements == ["Chapter One", "The first chapter begins at home.", "Everyone was asleep.",
                            "Morning came slowly.", "The house woke up.", "Chapter Two",
                            "The second chapter starts at sea.", "The ship sailed on."]
    assert [h.title for h in doc.meta["outline"].headings] == ["Chapter One", "Chapter Two"]
    assert with_structure(doc).reference == [5, 8]
    assert doc.meta["left_out"] == {"navigation": 5, "nonlinear": 1}
    assert left_out_notes(doc) == ["left out of the book: menus, headers, footers, sidebars and tables of contents "
                                   "(5 words), files outside the reading order (1)"]


def test_chapters_without_headings_take_their_titles_from_the_table_of_contents():
    """A book whose chapters are styled paragraphs (no h1-h6): the EPUB 3 nav document, or else the EPUB 2 NCX,
    gives each file its heading; a paragraph that says the title becomes that heading rather than a repeat."""
    def plain(*paragraphs):
        return ("<html xmlns='http://www.w3.org/1999/xhtml'><body>" + "".join(f"<p class='x'>{p}</p>"
                                                                          for p in paragraphs) + "</body></html>")
    files = {"a.xhtml": plain("The Storm", "Rain fell on the harbour. The boats stayed in."),
             "b.xhtml": plain("Morning light came through the shutters. The town woke up."),
             "toc.xhtml": NAV.replace("c1.xhtml", "a.xhtml").replace("c2.xhtml", "b.xhtml#start")
                             .replace("Chapter One", "The Storm").replace("Chapter Two", "Calm")}
    nav = "<item id='navdoc' href='toc.xhtml' media-type='application/xhtml+xml' properties='nav'/>"
    doc = load(_epub(files, ["a", "b"], manifest_extra=nav), source="storm.epub")
    assert doc.elements[:4] == ["The Storm", "Rain fell on the harbour.", "The boats stayed in.", "Calm"]
    assert [(h.title, h.element) for h in doc.meta["outline"].headings] == [("The Storm", 0), ("Calm", 3)]
    assert doc.meta["toc_headings"] == 2 and with_structure(doc, "sections").reference == [3, 6]
    ncx = ("<ncx xmlns='http://www.daisy.org/z3986/2005/ncx/' version='2005-1'><navMap>"
           "<navPoint id='p1'><navLabel><text>The Storm</text></navLabel><content src='a.xhtml'/></navPoint>"
           "<navPoint id='p2'><navLabel><text>Calm</text></navLabel><content src='b.xhtml'/></navPoint>"
           "</navMap></ncx>")
    files2 = {**{k: v for k, v in files.items() if k != "toc.xhtml"}, "toc.ncx": ncx}
    item = "<item id='ncx' href='toc.ncx' media-type='application/x-dtbncx+xml'/>"
    doc2 = load(_epub(files2, ["a", "b"], manifest_extra=item), source="storm.epub")
    assert doc2.elements == doc.elements and doc2.meta["toc_headings"] == 2
    from explorer.documents import describe

    assert "2 chapter headings from its table of contents" in describe(doc2)


def test_an_epub_spine_naming_a_file_twice_reads_it_once():
    files = {"c1.xhtml": BOOK["c1.xhtml"], "c2.xhtml": BOOK["c2.xhtml"]}
    data = _epub(files, ["c1", "c1b", "c2"], manifest_extra="<item id='c1b' href='c1.xhtml#part2' "
                                                             "media-type='application/xhtml+xml'/>")
    assert load_epub(data).elements.count("Everyone was asleep.") == 1


def test_hostile_epubs_are_refused_with_a_message_and_nothing_outside_the_archive_is_read(tmp_path):
    secret = tmp_path / "secret.xhtml"
    secret.write_text(_chapter("Secret", "Never read this. Not at all."))
    escape = _epub({"c1.xhtml": BOOK["c1.xhtml"]}, ["c1"], manifest_extra="")
    # the package names a file outside the archive: nothing found, nothing read from the disk
    outside = _epub({}, [], opf=f"../../../../{secret}")
    with pytest.raises(InputError, match="no .*content|not a complete EPUB|spine names no"):
        load_epub(outside)
    # XML entities are never expanded (no file read, no billion laughs)
    xxe = _epub({"c1.xhtml": BOOK["c1.xhtml"]}, ["c1"], title="&xxe;&lol;",
                doctype=f"<!DOCTYPE package [<!ENTITY xxe SYSTEM 'file://{secret}'><!ENTITY lol 'lol'>]>")
    doc = load_epub(xxe)
    assert "Never" not in " ".join(doc.elements) and "Never" not in str(doc.meta.get("title"))
    # DRM
    drm = _epub({"c1.xhtml": BOOK["c1.xhtml"]}, ["c1"], extra=(
        "<encryption xmlns='urn:oasis:names:tc:opendocument:xmlns:container' xmlns:enc='http://www.w3.org/2001/04/"
        "xmlenc#'><enc:EncryptedData><enc:CipherData><enc:CipherReference URI='OEBPS/c1.xhtml'/></enc:CipherData>"
        "</enc:EncryptedData></encryption>"))
    with pytest.raises(InputError, match="encrypted"):
        load_epub(drm)
    # a decompression bomb: 50 MB of text that deflates to little, refused by its declared and its real size
    bomb = _epub({"c1.xhtml": "<p>" + "a" * 50_000_000 + "</p>"}, ["c1"])
    assert len(bomb) < 200_000
    with pytest.raises(InputError, match="MB of HTML"):
        load_epub(bomb, limits=Limits(markup_bytes=10 * 2**20))
    # not an EPUB at all
    with pytest.raises(InputError, match="not a ZIP"):
        load_epub(b"plain bytes")
    plain_zip = io.BytesIO()
    with zipfile.ZipFile(plain_zip, "w") as z:
        z.writestr("a.ref", "x")
    with pytest.raises(InputError, match="no META-INF/container.xml"):
        load_epub(plain_zip.getvalue())
    assert load_epub(escape).n == 5


def test_the_cli_reads_a_page_and_a_book_and_says_what_was_left_out(tmp_path):
    page, book = tmp_path / "Lighthouse.html", tmp_path / "book.epub"
    page.write_text(WIKI, encoding="utf-8")
    book.write_bytes(_epub(BOOK, ["nav", "c1", "c2"]))
    for path, said in ((page, "# left out of the page: "), (book, "# left out of the book: ")):
        out = subprocess.run([sys.executable, "-m", "segcore", "segment", str(path), "--method", "ui", "--k", "2"],
                             capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        assert said in out.stdout + out.stderr


def test_math_a_script_or_an_icon_inside_a_sentence_do_not_cut_it():
    """Elements never read (segcore.htmlpage._SILENT) once ended the paragraph they stood in, even inline: a sentence
    with <math> in it became two elements, "The value of" and "is large."; a displayed equation still ends it."""
    page = ("<html><body><p>The value of <math><mi>x</mi></math> is large and the river <script>var a;</script>"
            "floods the plain. The mill <svg><text>icon</text></svg>grinds grain.</p><p>The sum is"
            "<math display='block'><mi>y</mi></math>Bread is baked. It is good.</p></body></html>")
    doc = load_html(page)
    assert doc.elements == ["The value of is large and the river floods the plain.", "The mill grinds grain.",
                            "The sum is", "Bread is baked.", "It is good."]


def test_a_list_of_links_only_is_navigation_but_a_list_with_prose_is_text():
    page = ("<p>Chapters of the book follow below. Read them in order.</p><ul><li><a href='#1'>Chapter I</a></li>"
            "<li><a href='#2'>Chapter II</a></li></ul><ul><li>Plant the seeds in <a href='#s'>spring</a> soil.</li>"
            "<li>Water them every day.</li></ul>")
    doc = load_html(page)
    assert doc.elements == ["Chapters of the book follow below.", "Read them in order.",
                            "Plant the seeds in spring soil.", "Water them every day."]
    assert doc.meta["left_out"] == {"navigation": 4}


def test_a_list_of_links_to_other_sites_under_a_sentence_is_the_texts():
    """underscore's page: '… piecewise diffs are provided below.' over links to GitHub's comparisons was left out as
    navigation; under a sentence, a list whose links (their href) mostly leave the page's site is the text's, one
    whose links mostly stay in it ('#1', 'ch2.html') its contents, and under a heading either is navigation."""
    away = "<ul><li><a href='https://github.com/a'>Before</a></li><li><a href='//github.com/b'>After</a></li></ul>"
    doc = load_html("<p>Piecewise diffs are provided below.</p>" + away + "<p>The chapters follow.</p><ul><li>"
                    "<a href='#1'>One</a></li><li><a href='ch2.html'>Two</a></li><li><a href='https://x.example'>"
                    "Three</a></li></ul><h2>Elsewhere</h2>" + away)
    assert doc.elements == ["Piecewise diffs are provided below.", "Before", "After", "The chapters follow.",
                            "Elsewhere"]
    assert doc.meta["left_out"] == {"navigation": 3 + 2}


@pytest.mark.parametrize("head", ["<base href='https://docs.example.org/api/'>",
                                  "<link rel='Canonical' href='https://www.docs.example.org/api/fs.html'>",
                                  "<meta property='og:url' content='//docs.example.org/api/fs.html'>"])
def test_absolute_links_to_the_pages_own_site_stay_in_it(head):
    """Node.js's pages say their address (<link rel=canonical href='https://nodejs.org/api/…'>) and link their own
    pages absolutely: under a sentence such a list read as leaving the site (the text's), though it is the site's
    contents. The host of the address the page says (<base>, canonical, og:url; 'www.' aside) is its site; a page
    that says none keeps reading every absolute link as away, and a link to another host is away either way."""
    own = ("<ul><li><a href='https://docs.example.org/api/fs.html'>File system</a></li>"
           "<li><a href='https://www.docs.example.org/api/net.html'>Net</a></li></ul>")
    other = ("<ul><li><a href='https://github.com/a'>Before</a></li>"
             "<li><a href='https://docs.example.org.evil.example/b'>After</a></li></ul>")
    body = "<body><p>The modules follow.</p>" + own + "<p>Piecewise diffs are provided below.</p>" + other + "</body>"
    said = load_html("<html><head>" + head + "</head>" + body + "</html>")
    assert said.elements == ["The modules follow.", "Piecewise diffs are provided below.", "Before", "After"]
    assert said.meta["left_out"] == {"navigation": 3}
    unsaid = load_html("<html><head><link rel='stylesheet' href='https://docs.example.org/s.css'></head>" + body +
                       "</html>")
    assert unsaid.elements == ["The modules follow.", "File system", "Net", "Piecewise diffs are provided below.",
                               "Before", "After"]


def test_a_list_of_links_that_the_text_introduces_or_that_gives_addresses_is_text():
    # a sentence ending with ':' announces the list; links written out as their addresses are references, not a menu
    page = ("<p>The river has four mills. The module offers these methods:</p><ul><li><a href='#a'>mill.grind()</a>"
            "</li><li><a href='#b'>mill.stop()</a></li></ul><h2>Further reading</h2><ul><li><a href='https://ex.org/a'>"
            "https://ex.org/a</a></li><li><a href='https://ex.org/b'>https://ex.org/b</a></li></ul>"
            "<p>Chapters follow below. Read them in order.</p><ul><li><a href='#1'>Chapter I</a></li>"
            "<li><a href='#2'>Chapter II</a></li></ul>")
    doc = load_html(page)
    assert "mill.grind()" in doc.elements and "mill.stop()" in doc.elements
    assert "https://ex.org/a" in doc.elements and "https://ex.org/b" in doc.elements
    assert "Chapter I" not in doc.elements and doc.meta["left_out"] == {"navigation": 4}
    # a nested list that its item's own words lead into ('functions in the <a>Specification</a>:'), as pandoc writes
    # Markdown's nested lists; a nested list of links under an item that introduces nothing is still a menu
    nested = load_html("<p>Node has many features. Some of them are:</p><ul><li>Functions in the <a href='#s'>Spec"
                       "</a>:<ul><li><a href='#n'>normalize()</a></li><li><a href='#l'>lower()</a></li></ul></li>"
                       "<li>All functionality of the API.</li></ul><ul><li>Other Versions<ul><li><a href='#20'>20.x"
                       "</a></li><li><a href='#19'>19.x</a></li></ul></li></ul>")
    assert "normalize()" in nested.elements and "lower()" in nested.elements
    assert "20.x" not in nested.elements and nested.meta["left_out"] == {"navigation": 2}


def test_a_references_subsection_inside_a_chapter_is_not_the_back_matter():
    page = ("<h1>Unicode</h1><h2>Encodings</h2><p>Text becomes bytes. Encodings say how.</p><h3>References</h3>"
            "<p>See the standard for details. It is long.</p><h2>Python support</h2><p>Strings are Unicode. Bytes are"
            " not.</p><h2>References</h2><p>A list of links follows. Read them.</p>")
    doc = load_html(page)
    assert "Strings are Unicode." in doc.elements and "A list of links follows." not in doc.elements
    assert doc.meta["back_matter"]["blocks"] == 2


def test_boxes_of_prose_in_a_manual_are_text_but_its_navigation_is_not():
    """DocBook (the Debian Handbook and Debian Reference) and reST put tips in sidebar boxes and layout tables."""
    page = ("<div class='navheader'><table><tr><td><a href='p.html'>Prev</a></td><td><b>The Book</b></td>"
            "<td><a href='n.html'>Next</a></td></tr></table></div><ul class='docnav top'><li><a href='p.html'>"
            "<strong>Prev</strong></a></li><li><a href='n.html'><strong>Next</strong></a></li></ul>"
            "<div class='chapter'><h1>Chapter 2. Packages</h1><p>Packages hold programs. They have versions.</p>"
            "<div class='sidebar'><div class='title'>TIP Look no further</div><p>Debian is not an acronym. It is a "
            "name.</p></div><div class='tip'><table summary='Tip'><tr><td rowspan='2'><img src='tip.png' alt='Tip'/>"
            "</td><th>Tip</th></tr><tr><td><p>Use the search to find a package by its description.</p></td></tr>"
            "</table></div><div class='table'><p class='title'><b>Table 2.1. Sizes</b></p><div class='table-contents'>"
            "<table><tr><td>big</td><td>10</td></tr></table></div></div>"
            "<aside class='sidebar'><a href='x'>One</a> <a href='y'>Two</a> <a href='z'>Three</a></aside></div>")
    doc = load_html(page)
    assert doc.elements[:3] == ["Chapter 2. Packages", "Packages hold programs.", "They have versions."]
    assert "Debian is not an acronym." in doc.elements
    assert "Use the search to find a package by its description." in doc.elements
    _none_of(("Prev", "Next", "The Book", "Table 2.1", "big", "One"), doc)
    assert "Tip" not in doc.elements and doc.meta["left_out"]["labels"] == 1


def test_the_labels_of_note_boxes_are_neither_text_nor_headings():
    """Sphinx's 'Note' and 'See also', a DocBook box's heading and Publican's header are labels, left out and
    counted; the box's text is read, and the section around it stays one section."""
    page = ("<main><h1>Guide</h1><h2>1. Install</h2><p>Run the installer. It asks for a disk.</p>"
            "<div class='admonition note'><p class='admonition-title'>Note</p><p>Back up your files first.</p></div>"
            "<div class='admonition seealso'><p class='admonition-title'>See also</p><p>The upgrade guide.</p></div>"
            "<div class='warning'><h3 class='title'>Data loss</h3><p>Formatting erases the disk.</p></div>"
            "<div class='important'><div class='admonition_header'><p><strong>Thanks</strong></p></div>"
            "<div class='admonition'><p>Say thanks to the authors.</p></div></div>"
            "<h2>2. Use</h2><p>Start the program. It opens a window.</p></main>")
    doc = with_structure(load_html(page), "sections")
    _none_of(("Note", "See also", "Data loss", "Thanks"), doc)
    assert {"Back up your files first.", "The upgrade guide.", "Formatting erases the disk.",
            "Say thanks to the authors."} <= set(doc.elements)
    assert [h.title for h in doc.meta["outline"].sections(1)] == ["1. Install", "2. Use"]
    assert [doc.elements[i] for i in doc.meta["outline"].starts(1)] == ["2. Use"]  # the title opens '1. Install'
    assert doc.meta["left_out"]["labels"] == 6
    assert any("note boxes" in n for n in left_out_notes(doc))


def test_a_book_title_page_heading_is_the_title_above_its_chapters():
    title_page = ("<html xmlns:epub='http://www.idpf.org/2007/ops'><body><section epub:type='titlepage' "
                  "class='titlepage'><h1 class='title'>The Long Road</h1><p class='author'>An Author</p></section>"
                  "</body></html>")
    docbook = "<div class='section'><div class='titlepage'><h2>2.1 Basics</h2></div><p>Text here. More.</p></div>"
    assert load_html("<h1>Chapter 2</h1><p>Intro. More.</p>" + docbook * 2).meta["outline"].headings[0].level == 1
    data = _epub({"title_page.xhtml": title_page, **{k: BOOK[k] for k in ("c1.xhtml", "c2.xhtml")}},
                 ["title_page", "c1", "c2"])
    outline = load_epub(data).meta["outline"]
    assert outline.title == "The Long Road"
    assert [(h.title, h.level) for h in outline.headings] == [("Chapter One", 1), ("Chapter Two", 1)]


def test_with_two_articles_their_own_footers_are_text_and_the_page_footer_is_not():
    page = ("<article><h2>First post</h2><p>Day one went well. We walked.</p><footer>Posted in walks</footer>"
            "</article><article><h2>Second post</h2><p>Day two rained. We stayed in.</p></article>"
            "<footer>Copyright the site</footer>")
    doc = load_html(page)
    assert "Posted in walks" in doc.elements and "Copyright the site" not in doc.elements
    assert [h.title for h in doc.meta["outline"].headings] == ["First post", "Second post"]


def test_a_page_given_as_text_is_not_decoded_again_by_its_declared_encoding():
    page = "<html><head><meta charset='windows-1252'></head><body><p>Un café. Deux cafés.</p></body></html>"
    assert load_html(page).elements == ["Un café.", "Deux cafés."]


def test_a_page_laid_out_in_nested_tables_is_read_but_its_menus_and_data_tables_are_not():
    """Pages of the HTML 4 era (libxml2's and libxslt's manuals) put everything in tables: a table holding a table,
    or mostly prose, lays out the page; a table of links (a menu, a table of cross-references) holds no prose."""
    menu = ("<table><tr><td><h3>Main Menu</h3><ul><li><a href='index.html'>Home</a></li><li><a href='intro.html'>"
            "Introduction</a></li><li><a href='docs.html'>Documentation</a></li></ul></td></tr></table>")
    content = ("<table border='0'><tr><td bgcolor='#fffacd'><p>This page describes the library. It reads XML.</p>"
               "<p>Here are its key points:</p><ul><li>It is written in plain C.</li><li>It is released under the MIT "
               "licence.</li></ul><table><tr><td><p><a href='a.html'>xmlA</a></p></td><td><p><a href='b.html'>xmlB</a>"
               "</p></td></tr></table></td></tr></table>")
    page = (f"<html><body><table><tr><td><h1>The XML library</h1></td></tr></table><table><tr><td valign='top'>"
            f"<table><tr><td>{menu}</td></tr></table></td><td valign='top'><h2>Introduction</h2>{content}</td></tr>"
            f"</table></body></html>")
    doc = load_html(page)
    assert doc.elements == ["The XML library", "Introduction", "This page describes the library.", "It reads XML.",
                            "Here are its key points:", "It is written in plain C.",
                            "It is released under the MIT licence."]
    _none_of(("Main Menu", "Home", "xmlA"), doc)
    assert doc.meta["left_out"]["tables"] == 2 + 5


def test_a_page_whose_text_is_all_left_out_says_what_was_left_out():
    """An index page is all links in tables: the refusal names what was left out, not an empty file."""
    rows = "".join(f"<tr><td><a href='f{i}.html'>function{i}</a></td></tr>" for i in range(30))
    with pytest.raises(InputError, match=r"no text found; left out: tables and figures \(30 words\)"):
        load_html(f"<html><body><table>{rows}</table></body></html>")


def test_footnotes_and_their_marks_are_left_out_as_a_markdown_reading_leaves_them():
    """A page's notes marked by their standard semantics (pandoc's section role="doc-endnotes", DPUB-ARIA's
    doc-footnote, EPUB's epub:type="footnotes") are left out and counted by number, as the Markdown reading leaves out
    its '[^1]:' notes; their marks in the text (role="doc-noteref", epub:type="noteref") are taken off as citation
    marks are. A list or an aside without these semantics stays text."""
    page = ("<p>Lava flows.<a href='#fn1' class='footnote-ref' role='doc-noteref'><sup>1</sup></a> It cools.</p>"
            "<ul><li>An item here.</li><li>Another item.</li></ul>"
            "<section class='footnotes' role='doc-endnotes'><hr/><ol><li id='fn1'><p>When it is hot.</p></li>"
            "<li id='fn2'><p>Slowly.</p></li></ol></section>"
            "<aside role='doc-footnote'><p>A side note.</p></aside>"
            "<div epub:type='footnotes'><ol><li>Third note.</li></ol></div>")
    doc = load_html(page)
    assert doc.elements == ["Lava flows.", "It cools.", "An item here.", "Another item."]
    assert doc.meta["left_out"] == {"citations": 1, "footnote texts": 4}


def test_no_space_is_left_before_a_stop_where_a_note_or_citation_mark_was_taken_off():
    """'opened with newline='' <a role="doc-noteref">1</a>.' read 'newline='' .': the space before a note mark
    (DPUB-ARIA, epub:type) or a citation mark ('<sup>[3]</sup>') stayed before the stop that follows it. It goes now,
    and spaced punctuation the page has where no mark was (French ' :', ' ?') is kept."""
    from segcore.htmlpage import html_blocks
    page = ("<html><body><main><p>It should be opened with newline='' <a role='doc-noteref' href='#n1'>1</a>. "
            "As shown <sup>[3]</sup>, it works <a epub:type='noteref' href='#n2'>2</a> <sup>[4]</sup>!</p>"
            "<p>Voici la règle : elle marche <sup>[5]</sup> ; vraiment ?</p></main></body></html>")
    texts = [b.text for b in html_blocks(page)[0]]
    assert texts == ["It should be opened with newline=''. As shown, it works!",
                     "Voici la règle : elle marche ; vraiment ?"]


def test_a_table_with_column_headings_is_data_though_its_cells_hold_paragraphs():
    """Sphinx and Node.js's API pages wrap each cell of a data table in <p> (a key table, a changelog's 'Version |
    Changes'): a first row of two or more column headings (<th>) makes it data, left out as tables; a note box laid
    out in a table (one <th>, its label) and a table of prose without headings are still read."""
    history = ("<details class='changelog'><summary>History</summary><table><tr><th>Version</th><th>Changes</th></tr>"
               "<tr><td>v15.0.0</td><td><p>The password argument can be a buffer now.</p></td></tr>"
               "<tr><td>v10.0.0</td><td><p>The default encoding changed to UTF-8 here.</p></td></tr></table></details>")
    keys = ("<table class='docutils'><thead><tr><th><p>Key constant</p></th><th><p>Key</p></th></tr></thead><tbody>"
            "<tr><td><p>KEY_LEFT</p></td><td><p>Left arrow key pressed by the user.</p></td></tr></tbody></table>")
    note = ("<div class='note'><table><tr><td rowspan='2'><img src='note.png' alt='Note'/></td><th>Note</th></tr>"
            "<tr><td><p>Read the whole manual before you begin.</p></td></tr></table></div>")
    laid_out = "<table><tr><td><p>A cell of prose is read here.</p><p>So is this one.</p></td></tr></table>"
    doc = load_html(f"<main><h1>Hashes</h1><p>A hash digests its input.</p>{history}{keys}{note}{laid_out}"
                    f"<p>The end.</p></main>")
    assert doc.elements == ["Hashes", "A hash digests its input.", "History", "Read the whole manual before you begin.",
                            "A cell of prose is read here.", "So is this one.", "The end."]
    assert doc.meta["left_out"]["tables"] >= 20
