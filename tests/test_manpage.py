"""Manual pages in roff (segcore.manpage): sections as headings, escapes resolved, requests and definitions never
read as text, no-fill blocks and tables left out and counted; BSD mdoc pages read by their macros."""
import gzip

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from segcore.errors import InputError
from segcore.formats import sniff_format
from segcore.loaders import left_out_notes, load
from segcore.manpage import man_blocks

# Written for these tests in the styles of hand-written, help2man and pod2man pages (no page ships in the repository)
PAGE = r""".\" Copyright 2026 nobody
.de Vb \" Begin verbatim text
.ft CW
.nf
..
.ie \n(.g .ds Aq \(aq
.el       .ds Aq '
.if \n(.H>23 .if \n(.V>19 \
\{\
.    ds : e
.\}
.TH TIDY 1 "May 2026" "tidy 2.0" "User Commands"
.SH NAME
tidy \- sort the lines of a file
.SH SYNOPSIS
.B tidy
[\fI\,OPTION\/\fR]... [\fIFILE\fR]
.SH DESCRIPTION
\fBtidy\fP sorts lines \(em fast.
It keeps the caf\[u00E9] menu and \*(lqquotes\*(rq intact.
.PP
It reads standard input when no
.I FILE
is given.
.TP
\fB\-r\fR, \fB\-\-reverse\fR
reverse the order
.IP \(bu 2
Bullets open paragraphs.
.SS Exit status
.nf
tidy file.txt > out.txt
echo $?
.fi
Zero means success.
.TS
tab(;);
l l.
code;meaning
0;success
.TE
.SH "SEE ALSO"
.BR sort (1),
.BR uniq (1)
"""


def test_a_page_reads_as_its_sections_and_prose():
    doc = load(PAGE.encode(), source="tidy.1")
    assert doc.meta["format"] == "man"
    assert doc.elements == [
        "NAME", "tidy - sort the lines of a file", "SYNOPSIS", "tidy [OPTION]... [FILE]", "DESCRIPTION",
        "tidy sorts lines — fast.", "It keeps the café menu and “quotes” intact.",
        "It reads standard input when no FILE is given.", "-r, --reverse: reverse the order",
        "Bullets open paragraphs.", "Exit status", "Zero means success.", "SEE ALSO", "sort(1), uniq(1)"]
    outline = doc.meta["outline"].headings
    assert [(h.title, h.level) for h in outline] == [("NAME", 1), ("SYNOPSIS", 1), ("DESCRIPTION", 1),
                                                   ("Exit status", 2), ("SEE ALSO", 1)]
    assert doc.meta["left_out"] == {"code lines": 2, "tables": 4}
    assert left_out_notes(doc) == ["left out of the manual page: code blocks (2 lines), tables and figures (4 words)"]


def test_a_page_is_told_by_its_content_whatever_its_name_and_compressed():
    assert sniff_format(PAGE.encode(), "tidy.1") == "man"
    assert sniff_format(PAGE.encode(), "") == "man"
    assert sniff_format(gzip.compress(PAGE.encode()), "tidy.1.gz") == "man"
    assert load(gzip.compress(PAGE.encode()), source="x").elements == load(PAGE.encode()).elements
    assert sniff_format(b".NET is a framework. It has a runtime.\n", "notes.txt") == "text"


# in the style of OpenSSH's and mandoc's pages (mdoc(7))
MDOC = r""".\" $OpenBSD: tidy.1,v 1.1 $
.Dd $Mdocdate: May 1 2026 $
.Dt TIDY 1
.Os
.Sh NAME
.Nm tidy
.Nd sort the lines of a file
.Sh SYNOPSIS
.Nm tidy
.Op Fl rv
.Op Fl o Ar output
.Op Ar
.Sh DESCRIPTION
.Nm
sorts lines, as
.Xr sort 1
does
.Pq but faster .
It reads
.Pa ~/.tidyrc ,
if
.Ev TIDY_HOME
is not set.
.Pp
The options are as follows:
.Bl -tag -width Ds
.It Fl o Ar output
Write to
.Ar output .
.It Fl r
Reverse the order.
.El
.Bd -literal -offset indent
$ tidy -r notes
.Ed
.Ss Exit status
.Ex -std
.Sh SEE ALSO
.Xr sort 1 ,
.Xr uniq 1
"""


def test_a_bsd_mdoc_page_reads_as_its_sections_and_prose():
    doc = load(MDOC.encode(), source="tidy.1")
    assert doc.meta["format"] == "man"
    assert doc.elements == [
        "NAME", "tidy — sort the lines of a file", "SYNOPSIS", "tidy [-rv] [-o output] [file ...]", "DESCRIPTION",
        "tidy sorts lines, as sort(1) does (but faster).", "It reads ~/.tidyrc, if TIDY_HOME is not set.",
        "The options are as follows:", "-o output: Write to output.", "-r: Reverse the order.", "Exit status",
        "The tidy utility exits 0 on success, and >0 if an error occurs.", "SEE ALSO", "sort(1), uniq(1)"]
    assert [(h.title, h.level) for h in doc.meta["outline"].headings] == [
        ("NAME", 1), ("SYNOPSIS", 1), ("DESCRIPTION", 1), ("Exit status", 2), ("SEE ALSO", 1)]
    assert doc.meta["left_out"] == {"code lines": 1}


def test_a_page_that_only_includes_another_is_refused_with_what_to_do():
    """In 'auto' such a page (PostgreSQL's WITH.7, TABLE.7) was read as a text of one sentence and refused for that."""
    for fmt in ("man", "auto"):
        with pytest.raises(InputError, match=r"no text found; left out: pages it includes with .so, not read"):
            load(b".so man1/tidy.1\n", format=fmt)


def test_a_page_that_begins_with_a_comment_without_its_dot_is_a_page():
    """bzgrep.1 and five other pages of the machine begin '\\"Shamelessly copied…' (a comment on a text line): they
    were read as plain text."""
    assert sniff_format(b'\\"copied from zmore.1\n' + PAGE.encode(), "bzgrep.1") == "man"
    assert sniff_format(b"\\ is a backslash. It escapes.\n.TH X 1\n", "notes") == "text"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([".TH X 1", ".SH", ".SS A", ".TP", ".IP", ".nf", ".fi", ".de X", "..", ".TS",
                                 ".ie \\n(.g \\{\\", ".\\}", "\\fBbold\\fR", "\\(em", "\\*(lq", "\\", "word text",
                                 ".B", ".BR a b", "\\[u00E9]", "\\[u110000]", "\\[uD800]", "\\s-1x\\s0", "'br",
                                 ".Dd", ".Sh A", ".It Fl x Ar y", ".Op Fl", ".Bl -tag", ".El", ".Bd -literal", ".Ed",
                                 ".Pq", ".Xr", ".Ns", ".Nm", ".Xo", ".Xc", ".St -ansiC", ".St", ".Lb libc", ".Lb",
                                 ".Bl -column", ".It a Ta b\tc", ".It Ta",
                                 ".so x"]), max_size=30))
def test_any_sequence_of_requests_reads_or_is_refused_cleanly(lines):
    try:
        blocks, left = man_blocks("\n".join(lines))
    except InputError:
        return
    assert all(b.text and b.text == " ".join(b.text.split()) and b.text.encode("utf-8") for b in blocks)
    assert all(v > 0 for v in left.values())


# in the style of tmux(1), magic(5), crypt(3) and sh(1): standards, libraries, column lists, tags ending in a mark
MDOC_EDGES = """.Dd May 1 2026
.Dt KEYS 1
.Sh NAME
.Nm keys
.Nd bind keys
.Sh LIBRARY
.Lb libcrypt
.Sh DESCRIPTION
Escapes are as in
.St -ansiC .
It conforms to
.St -p1003.1-2008
and to
.St -xyz1 .
.Bl -column "Token" "X" "Meaning"
.It Sy "Token" Ta Sy "" Ta Sy "Meaning"
.It Li "{next}" Ta "+" Ta "The next window"
.It Li "{top}" Ta "" Ta "The top pane"
.It Dv CLSET_RETRY Ta Xo
.Vt "struct timeval" Ta "set the retry"
.Xc
.It hs\tHalf/Short\t2
.El
.Bl -tag -width Ds
.It Cm ~.
Disconnect.
.It Ic bg Op Ar job ...
Resume the job.
.It Ic ?
List the keys.
.It 1.
Numbered items keep their number.
.It Control operators:
A tag that ends with a colon.
.El
"""


def test_mdoc_standards_libraries_columns_and_tags_read_as_their_text():
    """.St and .Lb showed their raw argument ('-ansiC', 'libcrypt'), a column list's cells ran together ('{next} + The
    next window') and a tag ending in a mark took no colon, so a key or a synopsis ran into its text ('~. Disconnect.',
    'bg [job ...] Resume the job.')."""
    blocks, _ = man_blocks(MDOC_EDGES)
    assert [b.text for b in blocks][3:] == [
        "Crypt Library (libcrypt, -lcrypt)", "DESCRIPTION",
        "Escapes are as in ANSI X3.159-1989 (“ANSI C89”). It conforms to IEEE Std 1003.1-2008 (“POSIX.1”) and to "
        "-xyz1.",
        "Token | Meaning", "{next} | + | The next window", "{top} | The top pane",
        "CLSET_RETRY | struct timeval | set the retry", "hs | Half/Short | 2", "~.: Disconnect.",
        "bg [job ...]: Resume the job.", "?: List the keys.", "1. Numbered items keep their number.",
        "Control operators: A tag that ends with a colon."]


def test_mdoc_spacing_mode_off_joins_the_macros_words():
    """ssh(1)'s '.Sm off' / '.Oo user @ Oc hostname' / '.Sm on' read '[user @] hostname' and its '-D' tag
    '-D Sm off [bind_address:] port Sm on'; mandoc writes '[user@]hostname' and '-D [bind_address:]port' (no space
    between a macro's words nor between adjacent macros' output with spacing off; text lines keep theirs)."""
    page = (".Dd May 1, 2024\n.Dt SSH 1\n.Os\n.Sh DESCRIPTION\n.Nm ssh\nlogs into\n.Ar destination ,\nwhich is either\n"
            ".Sm off\n.Oo user @ Oc hostname\n.Sm on\nor a URI of the form\n.Sm off\n.No ssh:// Oo user @ Oc hostname\n"
            ".Op : port .\n.Sm on\nThe user must prove it.\n.Bl -tag -width Ds\n.It Xo\n.Fl D\n.Sm off\n"
            ".Oo Ar bind_address : Oc\n.Ar port\n.Sm on\n.Xc\nForwards a port.\n.El\n")
    blocks, _ = man_blocks(page)
    assert [b.text for b in blocks[1:]] == [
        "ssh logs into destination, which is either [user@]hostname or a URI of the form ssh://[user@]hostname[:port]. "
        "The user must prove it.", "-D [bind_address:]port: Forwards a port."]


def test_tags_with_no_text_after_them_share_the_text_that_follows():
    """ssh(1) lists the options -o takes as bare tags ('.It AddKeysToAgent' under '.Bl -tag -compact'): each read
    'AddKeysToAgent:', a colon before nothing, and then each its own one-word paragraph (95 of them, one-word
    sentences to the segmenter). Tags standing alone now gather, sharing the text that follows them, as mdoc and man
    pages mean consecutive tags ('-h, --help: …'); the colon comes only before text. man(7)'s .TQ, a further tag of
    the item (dirmngr-client(1)'s '--url' / '.TQ' / '-u'), broke the paragraph: '--url' and '-u Modify …'."""
    mdoc = (".Dd May 1, 2024\n.Dt SSH 1\n.Os\n.Sh DESCRIPTION\n.Bl -tag -width Ds -compact\n.It AddKeysToAgent\n"
            ".It AddressFamily\n.El\n.Bl -tag -width Ds\n.It Fl h\n.It Fl -help\nShows help.\n.It Fl v\n"
            "Verbose mode.\n.El\n")
    blocks, _ = man_blocks(mdoc)
    assert [b.text for b in blocks[1:]] == ["AddKeysToAgent, AddressFamily", "-h, --help: Shows help.",
                                           "-v: Verbose mode."]
    man = (".TH X 1\n.SH OPTIONS\n.TP\n.B \\-q\n.TP\n.B \\-v\nVerbose mode.\n.IP \\-x\nExtra.\n.IP \\(bu\nA bullet.\n"
           ".TP\n.B \\-\\-url\n.TQ\n.B \\-u\nTakes a URL.\n")
    blocks, _ = man_blocks(man)
    assert [b.text for b in blocks[1:]] == ["-q, -v: Verbose mode.", "-x: Extra.", "A bullet.", "--url, -u: Takes a URL."]


def test_a_pages_own_strings_read_as_nroff_sets_them():
    """tput(1) names its database with '.ds d /etc/terminfo' and '\\*d', ttf2pk(1) TeX with '.if n .ds TX TeX':
    the calls read as nothing ('/etc/terminfo' lost, 'used with or .'). A definition for nroff wins over one for
    troff; one made twice without a condition is left alone (which one holds depends on where it is called)."""
    page = (".TH X 1\n.ds d /etc/terminfo\n.if t .ds TX T\\h'-0.1667m'E\n.if n .ds TX TeX\n.ds LX La\\*(TX\n"
            ".ds q one\n.ds q two\n.SH FILES\n.TP\n\\fB\\*d\\fP\nthe database\n.PP\nUse \\*(TX, \\*[LX] or \\*q.\n")
    blocks, _ = man_blocks(page)
    assert [b.text for b in blocks[1:]] == ["/etc/terminfo: the database", "Use TeX, LaTeX or ."]


def test_a_macro_the_page_defines_as_text_reads_with_its_arguments():
    """ttf2pk(1) defines '.de C' / '\\\\$1\\\\$2' (a font change for troff, plain for nroff, inside '.if t' and '.if n'
    blocks) and writes 'into a' / '.C PK' / 'file': the call was an unknown request, so it read 'into a file' with
    PK lost. A macro whose body is text lines only reads as its text with the call's arguments put in; one that makes
    requests (pod2man's Vb) stays a definition, not text."""
    page = (".TH X 1\n.if t \\{\\\n.de C\n\\fC\\\\$1\\fP\\\\$2\n..\n.\\}\n.if n \\{\\\n.de C\n\\\\$1\\\\$2\n..\n.\\}\n"
            ".de URL\n\\\\$2 <\\\\$1>\\\\$3\n..\n.de Vb\n.nf\n..\n.SH DESCRIPTION\nIt makes a\n.C PK\nfile, see\n"
            ".URL https://x.org/ \"the site\" .\n")
    blocks, _ = man_blocks(page)
    assert [b.text for b in blocks[1:]] == ["It makes a PK file, see the site <https://x.org/>."]


def test_mdoc_macros_that_print_nothing_add_no_words_to_a_tag():
    """In a tag written across lines (.It Xo … .Xc) every macro line was read as words, so '.Bk -words', '.Ek' and
    '.Tg alpha' read 'Bk -words -a b Ek Tg alpha'. As mandoc renders them: .Tg prints nothing, .Bk/.Ek keep words
    together (nothing to print), .Bf/.Ef change the font of the lines within, which are kept, in a tag or not."""
    page = (".Dd May 1, 2024\n.Dt X 1\n.Os\n.Sh OPTIONS\n.Bl -tag -width Ds\n.It Xo\n.Bk -words\n.Fl a Ar b\n.Ek\n"
            ".Tg alpha\n.Xc\nDoes a.\n.It Xo\n.Bf Sy\n.Fl c\n.Ef\n.Xc\nDoes c.\n.El\n.Tg beta\n.Bf -emphasis\n"
            "Kept words.\n.Ef\n.Bk -words\n.Op Fl d\n.Ek\n")
    blocks, _ = man_blocks(page)
    assert [b.text for b in blocks[1:]] == ["-a b: Does a.", "-c: Does c.", "Kept words. [-d]"]


def test_accented_and_greek_letters_named_as_groff_composes_them_read_as_the_letters():
    """Translated pages (vipw(8) in Danish, dpkg(1) in French, deb-md5sums(5) in Swedish …) write their accented
    letters as groff_char(7)'s names: '.SH "MILJ\\(/O"', 'fonctionnalit\\('es', '\\(:Overs\\(:attning'. Only the
    table's punctuation names were known, so the letters were dropped ('MILJ', 'fonctionnalits'). A mark followed
    by a letter ('\\('e', '\\(:a', '\\(oa', '\\(,c', '\\(^o', '\\(~n', '\\(`e', '\\[vs]') composes them; the letters
    groff names on their own (ß, æ, ø, ł …) and the Greek ones ('\\(*p' π, '\\(*W' Ω) read as themselves."""
    page = (".TH X 1\n.SH \"MILJ\\(/O\"\nFonctionnalit\\('es suppl\\['e]mentaires, \\(:Overs\\(:attning, "
            "gr\\(oa, gar\\(,con, h\\(^otel, ma\\(~nana, tr\\(`es, \\[vs]koda, Stra\\(ssen, \\(aenon, \\(/lza.\n"
            ".PP\n\\(*p and \\(*W and \\(*b.\n")
    blocks, _ = man_blocks(page)
    assert [b.text for b in blocks] == [
        "MILJØ", "Fonctionnalités supplémentaires, Översättning, grå, garçon, hôtel, mañana, très, škoda, Straßen, "
        "ænon, łza.", "π and Ω and β."]


def test_a_condition_nroff_holds_reads_its_line():
    """pod2man writes an item's tag twice, '.ie n .IP \"\"\"state\"\"\" <integer>' for nroff and '.el .IP ...' for
    troff (OpenSSL's and Perl's pages), po4a's translations '.if !'po4a'hide' .BR \\-q \", \" \\-\\-quiet': every
    conditional line was dropped, so the tags and the options were lost. A condition read as nroff reads it (n
    holds, t and v do not, 'a'b' compares two strings, ! negates) reads its line when it holds, .el when its .ie did
    not; one that depends on what only a formatter knows (a register the page sets, a font) is still never text,
    nor a block."""
    page = (".TH X 1\n.SH OPTIONS\n.ie n .IP \"\"\"state\"\" <integer>\" 4\n.el .IP \"``state'' <integer>\" 4\n"
            "The state.\n.TP\n.if !'po4a'hide' .BR \\-q \", \" \\-\\-quiet\nBe quiet.\n.ie t .IP troff\n.el .IP nroff\n"
            "Read by nroff.\n.if 'a'b' .IP same\n.if \\n(rF .IP register\n.if \\n(rF \\{\\\n.IP block\n.\\}\n.PP\n"
            ".if t Printed.\n.if !t Typed.\n")
    blocks, _ = man_blocks(page)
    assert [b.text for b in blocks[1:]] == ['"state" <integer>: The state.', "-q, --quiet: Be quiet.",
                                            "nroff: Read by nroff.", "Typed."]


def test_a_section_heading_ends_a_no_fill_block_left_open():
    """The X11 DPMS pages open '.nf' in their SYNOPSIS and never close it; ip-fou(8), rpcgen(1) and pk2bm(1) close
    one only sections later. The block ran to its .fi or to the end of the page, so the next headings and their
    prose ('ARGUMENTS', 'DESCRIPTION' …) were left out as code lines. man(7)'s .SH and .SS restore filling
    (groff's an.tmac: '.fi'), as mdoc's .Sh and .Ss close every block: a section heading ends the block and is read."""
    page = (".TH X 3\n.SH SYNOPSIS\n.nf\n#include <x.h>\nint x(void);\n.SH DESCRIPTION\nIt does x.\n.SS Notes\n"
            ".EX\nx();\n.SS More\nMore words.\n.nf\nkept out\n.fi\nThe end.\n")
    blocks, left_out = man_blocks(page)
    assert [b.text for b in blocks] == ["SYNOPSIS", "DESCRIPTION", "It does x.", "Notes", "More", "More words.",
                                        "The end."]
    assert left_out == {"code lines": 4}
    mdoc = ".Dd May 1, 2024\n.Dt X 1\n.Os\n.Sh EXAMPLES\n.Bd -literal\nx -y\n.Sh SEE ALSO\nNothing else.\n"
    blocks, left_out = man_blocks(mdoc)
    assert [b.text for b in blocks] == ["EXAMPLES", "SEE ALSO", "Nothing else."] and left_out == {"code lines": 1}


def test_a_no_fill_blocks_font_macro_lines_are_counted_as_its_code_lines():
    """The Linux man-pages write their SYNOPSIS in '.nf' as '.B #include <db.h>' and '.BI "int f(int " x );' lines:
    only the block's text lines were counted, so mpool(3)'s 13 lines of declarations were told as 1 code line left
    out. A line of a font macro with its words prints them as a text line does, and counts as one."""
    page = (".TH X 3\n.SH SYNOPSIS\n.nf\n.B #include <x.h>\n.PP\n.BI \"int x(int \" n );\nchar *y(void);\n.ft B\n"
            ".fi\n.SH DESCRIPTION\nIt does x.\n")
    assert man_blocks(page)[1] == {"code lines": 3}


def test_a_braced_block_nroff_reads_is_read_and_one_it_skips_is_not():
    """DocBook's pages write a list item's mark for nroff in a braced block ('.ie n \\{\\' / '\\h'-04' 1.\\h'+01'\\c'
    / '.\\}' / '.el \\{\\' / '.IP " 1." 4.2' / '.\\}'), soelim(1) its example for nroff: every braced block was
    skipped, so the items' numbers were lost and the example went uncounted. A block whose condition holds for nroff
    is read line by line (nested blocks too), one whose condition does not, or is not known, is skipped whole; a
    bullet set before an item's text ('\\(bu\\c') is its mark, as .IP's is, not a word."""
    page = (".TH X 1\n.SH LIST\n.RS 4\n.ie n \\{\\\n\\h'-04' 1.\\h'+01'\\c\n.\\}\n.el \\{\\\n.IP \" 1.\" 4.2\n.\\}\n"
            "First item.\n.RE\n.RS 4\n.ie n \\{\\\n\\h'-04'\\(bu\\h'+03'\\c\n.\\}\n.el \\{\\\n.IP \\(bu 2.3\n.\\}\n"
            "A bullet.\n.RE\n.if n \\{\\\n.if t \\{ Troff only.\n.\\}\n.nf\ncode\n.fi\nRead. \\}\n"
            ".if \\n(rF \\{\\\nRegister.\n.if n \\{ Inner.\n.\\}\n.\\}\n.PP\n\\fI*\\fR\nif HEAD.\n")
    blocks, left_out = man_blocks(page)
    assert [b.text for b in blocks[1:]] == ["1. First item.", "A bullet.", "Read.", "* if HEAD."]
    assert left_out == {"code lines": 1}


def test_a_definition_ends_at_a_dot_spaces_and_a_dot():
    """Asciidoctor's pages add to groff's URL macro in a block ('.  am URL' / '.    ad l' / '.  .'): groff ends a
    definition at a line of its control dot, spaces and a dot, but only '..' ended one here, so the definition ran on
    to the page's end and every line after it was lost. A dot, spaces or none, and a dot end a definition."""
    page = (".TH X 1\n.de Y\n.  ad l\n.  .\n.SH NAME\nx \\- does x\n.am URL\n.    ad l\n.\t.\n.SH DESCRIPTION\n"
            "It does x.\n")
    assert [b.text for b in man_blocks(page)[0]] == ["NAME", "x - does x", "DESCRIPTION", "It does x."]


def test_a_string_defined_under_a_condition_is_defined_as_nroff_reads_the_condition():
    """Pages define a string for each formatter ('.ie t .ds Q troff' / '.el .ds Q nroff'), DocBook's its apostrophe
    ('.ie \\n(.g .ds Aq \\(aq' / '.el .ds Aq \\''): only '.ds' and '.if n .ds' were seen, so the string was never
    defined and its calls read as nothing. A definition under a condition is made when the condition holds as nroff
    reads it (an .el's when its .ie's did not); one whose condition does not hold, or is not known, is not made."""
    page = (".TH X 1\n.ie t .ds Q troff\n.el .ds Q nroff\n.ie n .ds R yes\n.el .ds R no\n.if t .ds S gone\n"
            ".if !t .ds T kept\n.if \\n(rF .ds U unknown\n.ds V once\n.if \\n(rF .ds V twice\n.SH NAME\n"
            "x \\- \\*Q \\*R \\*S\\*T \\*U\\*V\n")
    assert [b.text for b in man_blocks(page)[0]] == ["NAME", "x - nroff yes kept once"]


def test_a_strings_value_is_read_as_groff_reads_a_definition():
    """libsasl(5) defines '.ds T< \\\\FC' and '.ds T> \\\\F[\\n[.fam]]' (a font family around each name), grog(1)
    '.el .ds EL \\&.\\|.\\|.\\&\\"' (an ellipsis, then a comment): the value was put in as written, so '\\\\FC' read
    as a backslash and 'FC' before every name, and a value's comment cut off the rest of the line it was called in.
    A value is read as groff reads a definition (copy mode): '\\\\' is one backslash, a register's value is put in
    (none is known here: nothing), a comment is cut off."""
    page = (".TH X 5\n.ds T< \\\\FC\n.ds T> \\\\F[\\n[.fam]]\n.ds q \\&\"\\\" a quote\n.SH NAME\n"
            "x \\- reads \\*(T<libsasl\\*(T> and \\*qy\\*q\n")
    assert [b.text for b in man_blocks(page)[0]] == ["NAME", 'x - reads libsasl and "y"']


def test_groffs_own_register_holds_as_groff_reads_it():
    """DocBook's pages define their apostrophe for groff ('.ie \\n(.g .ds Aq \\(aq' / '.el .ds Aq \''), Asciidoctor's
    read a block for groff ('.if \\n[.g] \\{'): \\n(.g, groff's own register, was not known, so 'can\\*(Aqt' read
    'cant' (French apt-get(8)'s 'd\\*(Aqun' 'dun') and the block was skipped. It holds, as groff, whose reading is the
    one followed, sets it; its negation does not."""
    page = (".TH X 1\n.ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n.if \\n[.g] \\{\\\n.  am URL\n.    ad l\n.  .\n"
            ".\\}\n.SH NAME\nx \\- can\\*(Aqt\n.if !\\n(.g Not groff.\n.if \\n[.g] .IP groff\nRead.\n")
    assert [b.text for b in man_blocks(page)[0]] == ["NAME", "x - can't", "groff: Read."]


def test_a_definition_ends_where_groff_ends_it():
    """'.de NAME END' and '.ig END' end at a call of END, not at '..' ('..' is then a line of the definition), and a
    line of the control dot and '..' ends one only when a space, a comment or the line's end follows (not a tab), as
    groff reads them; only '..' ended one here, so a definition with an end macro ended early and the rest of its
    lines read as the page's text, and '.ig' ignored too little. A text macro ends at its END too."""
    page = (".TH X 1\n.SH A\n.de Y E\nin Y\n..\nstill Y\n.E\nOne.\n.ig F\nignored\n..\nstill ignored\n.F\nTwo.\n"
            ".de Z\nin Z\n..\tx\n'..\nstill Z\n..\\\" its end\nThree.\n.de Q E\n\\\\$1 four\n.E\n.Q Four:\n")
    assert [b.text for b in man_blocks(page)[0]] == ["A", "One. Two. Three. Four: four"]


def test_a_links_address_reads_only_when_the_link_has_no_text():
    """'.UR url' / '.UE' (and '.MT addr' / '.ME') with no text between print the address alone ('<url>') in groff:
    it was not read, so the sentence lost its object. A link with text of its own reads as its text (its address is
    not prose); one without reads as its address in angle brackets, followed by the punctuation .UE gives."""
    page = (".TH X 1\n.SH A\nSee\n.UR https://x.org/\nthe site\n.UE .\nOr\n.UR https://y.org/\n.UE ,\nor mail\n"
            ".MT a@x.org\n.ME .\n")
    words = man_blocks(page)[0][1].text.split()
    assert "https://x.org/" not in " ".join(words) and "<https://y.org/>," in words and "<a@x.org>." in words


def test_an_address_set_on_a_line_of_its_own_is_read_with_the_text_it_completes():
    """groff sets an address alone on a line under the text that leads to it ('see the homepage at' / '.br' / the
    URL; DocBook's notes: '.IP " 1." 4' / the title / '.RS 4' / '\\%https://…'); it read as a paragraph of its own,
    an element of no words. Now it joins the paragraph before; after a heading it stays (the section's own), and
    after an .IP without a mark it stands apart, as groff sets it below an empty line (chromium(1)'s 'Debian bug
    tracker:' / '.IP' / the URL)."""
    page = (".TH X 1\n.SH A\nFor more, see the homepage at\n.br\nhttps://x.org/less\n.PP\nDebian bug tracker:\n.IP\n"
            "<https://bugs.x.org/a>\n.PP\nWrite\n.MT a@x.org\n.ME .\n.IP \" 1.\" 4\nA note\n.RS 4\n\\%http://x.org/n\n.RE\n"
            ".SH BUGS\nhttps://x.org/issues\n.br\n<bugs@x.org>\n.PP\nA sentence.\n")
    texts = [b.text for b in man_blocks(page)[0]]
    assert texts[1:4] == ["For more, see the homepage at https://x.org/less", "Debian bug tracker:",
                          "<https://bugs.x.org/a>"]
    assert texts[4:] == ["Write <a@x.org>.", "1. A note http://x.org/n", "BUGS", "https://x.org/issues <bugs@x.org>",
                         "A sentence."]


def test_an_mdoc_tag_opened_with_xo_keeps_the_words_after_xo_on_its_line():
    """'.It Xo Ic detach-client' / '.Op Fl aP' / '.Xc' (tmux(1)'s every command and option) is the tag 'detach-client
    [-aP]', as mandoc prints it: the words after Xo on the .It line were dropped ('[-aP]: Detach.')."""
    page = (".Dd x\n.Dt X 1\n.Os\n.Sh A\n.Bl -tag -width X\n.Tg detach\n.It Xo Ic detach-client\n.Op Fl aP\n.Xc\n"
            "Detach.\n.It Xo\n.Ic foo\n.Xc\nFoo.\n.El\n")
    assert [b.text for b in man_blocks(page)[0]][1:] == ["detach-client [-aP]: Detach.", "foo: Foo."]


def test_a_text_macros_alias_reads_as_the_macro():
    """Asciidoctor's pages define '.de URL' and alias it ('.als MTO URL'), then write the authors as '.MTO
    "kzak\\(atredhat.com" "Karel Zak" ""': the alias was an unknown request, so the names were lost."""
    page = ('.TH X 8\n.de URL\n\\fI\\\\$2\\fP <\\\\$1>\\\\$3\n..\n.als MTO URL\n.SH AUTHORS\n'
            '.MTO "a\\(atx.org" "Ann Lee" ","\n.MTO "k\\(atx.org" "Karl Zak" ""\n')
    assert man_blocks(page)[0][1].text == "Ann Lee <a@x.org>, Karl Zak <k@x.org>"


def test_a_macro_the_page_defines_with_requests_and_text_reads_as_its_body():
    """crypt(5) defines '.de hash' as a tag list of its call's arguments ('.It Sy Prefix' / '"\\$1"', '.ie
    "\\$3"unlimited" unlimited' / '.el \\$3 characters', an item under '.if !"\\$5"\\$6" \\{') and calls it once per
    hashing method: the calls read nothing (an unknown macro), while groff prints each list."""
    page = ('.Dd x\n.Dt X 5\n.Os\n.Sh A\n.de hash\n.Bl -tag -width 2n\n.It Sy Prefix\n"\\\\$1"\n.It Sy Length\n'
            '.ie "\\\\$2"unlimited" unlimited\n.el \\\\$2 characters\n.if !"\\\\$3"\\\\$4" \\{\\\n.It Sy Key\n'
            '\\&\\\\$3 bits\n.\\}\n.El\n..\n.Ss one\nOne.\n.hash "$1$" unlimited 8 8\n.Ss two\n.hash "$2$" 72 56 64\n')
    assert [b.text for b in man_blocks(page)[0]] == [
        "A", "one", "One.", 'Prefix: "$1$"', "Length: unlimited", "two", 'Prefix: "$2$"', "Length: 72 characters",
        "Key: 56 bits"]


def test_a_macro_for_layout_alone_or_calling_itself_adds_no_text():
    """A page's macro without a text line of its own (rst2man's .INDENT, a '.de CW' opening a no-fill block) is not
    read as its body: the reader's own reading of the layout stands; one that calls itself ends."""
    page = (".TH X 1\n.de IN\n.RS \\\\$1\n..\n.de R\nr\n.R\n..\n.SH A\n.TP\n.B \\-a\n.IN 3.5\nAll.\n.SH B\n.R\n")
    blocks = man_blocks(page)[0]
    assert [b.text for b in blocks[:2]] == ["A", "-a: All."]
    assert blocks[-2].text == "B" and set(blocks[-1].text.split()) == {"r"}


def test_a_macro_s_body_reads_the_page_s_strings_and_a_motion_s_width():
    """readline's history(3) defines '.de Fn1' as a prototype line with the page's strings ('\\\\*(lp', '.ds lp
    \\fR(\\fP') and a break; grops(1)'s '.LI' sets a bullet back by its width ('\\h'-\\w'\\*[BU]'u''), whose quotes
    inside the motion's read as text ("'u'")."""
    page = (".TH X 3\n.ds lp \\fR(\\fP\n.ds rp \\fR)\\fP\n.de Fn1\n\\fI\\\\$1\\fP \\fB\\\\$2\\fP \\\\*(lp\\fI\\\\$3\\fP"
            "\\\\*(rp\n.br\n..\n.SH A\n.PP\n.Fn1 int history_get int\nReturn an entry.\n.PP\n\\h'-\\w'ab'u'Back.\n")
    assert [b.text for b in man_blocks(page)[0]] == ["A", "int history_get (int)", "Return an entry.", "Back."]


def test_an_mdoc_enum_list_numbers_its_items_and_a_header_in_the_text_is_in_angle_brackets():
    """'.Bl -enum' items read without their numbers (mandoc and groff print '1.', '2.', a list inside counting on its
    own), and '.In crypt.h' in the text read '#include <crypt.h>', which they print in the SYNOPSIS only."""
    page = (".Dd x\n.Dt X 3\n.Os\n.Sh SYNOPSIS\n.In stdio.h\n.Sh DESCRIPTION\nSalt defeats attacks:\n.Bl -enum\n.It\n"
            "One.\n.It\nTwo.\n.Bl -enum\n.It\nInner.\n.El\n.It\nThree.\n.El\nSee\n.In crypt.h .\n")
    assert [b.text for b in man_blocks(page)[0]] == [
        "SYNOPSIS", "#include <stdio.h>", "DESCRIPTION", "Salt defeats attacks:", "1. One.", "2. Two.", "1. Inner.",
        "3. Three.", "See <crypt.h>."]


def test_a_blank_line_ends_the_paragraph_as_groff_s_vertical_space_does_but_keeps_an_item_s_tag_with_its_text():
    # groff reads a blank line (spaces or a comment alone too) as .sp: history(3readline)'s prototypes after blank lines
    man = (".TH X 3\n.SH DESCRIPTION\nInitialize the state.\n\n.B void using_history (void)\nBegin a session.\n"
           "   \nSecond.\n\\\" a comment alone\nThird.\n.TP\n\n.B \\-a\n\nAll of them.\n\nMore on a.\n"
           ".IP tag 4\n\nTagged.\n")
    texts = [b.text for b in man_blocks(man)[0] if not b.level]
    assert texts[:4] == ["Initialize the state.", "void using_history (void) Begin a session.", "Second.", "Third."]
    assert texts[4:] == ["-a: All of them.", "More on a.", "tag: Tagged."]
    mdoc = ".Dd May 1, 2026\n.Dt X 1\n.Os\n.Sh DESCRIPTION\nOne.\n\nTwo.\n.Bl -tag\n.It Fl a\n\nAll.\n\nMore.\n.El\n"
    assert [b.text for b in man_blocks(mdoc)[0] if not b.level] == ["One.", "Two.", "-a: All.", "More."]


def test_a_text_line_that_starts_with_a_space_breaks_after_a_sentence_and_continues_a_line_otherwise():
    """groff breaks the line before a text line that starts with a space (h2xs(1): 'the changes are.' / '  - no use of
    our'); it was joined into the paragraph. After a sentence's end it now opens an element; a command's or a
    prototype's continued lines, and an item's text after its tag, read on."""
    page = (".TH X 1\n.SH A\nFor old versions the changes are.\n  - no use of our\n  - no warnings\n.PP\n"
            "$ cmd create \\e\n  --flag=1 \\e\n  --other\n.IP \"var ++\"\n The result is the value.\n")
    texts = [b.text for b in man_blocks(page)[0] if not b.level]
    assert texts == ["For old versions the changes are.", "- no use of our - no warnings",
                     "$ cmd create \\ --flag=1 \\ --other", "var ++: The result is the value."]


def test_an_ellipsis_before_a_closing_bracket_ends_no_sentence_at_an_indented_line():
    """as(1)'s synopsis sets its options on indented lines ('   [-mcpu=processor[+extension...]]' / '   [-march=…]'):
    the ellipsis glued to the brackets it closes read as a sentence's end, so each such line opened an element of its
    own. An ellipsis before a closing bracket marks a repetition or an omission inside the brackets and reads on; one
    that ends a line of prose still ends its sentence there."""
    page = (".TH X 1\n.SH A\nTarget options:\n   [-mcpu=cpu[+ext...]]\n   [-march=arch[+ext...]]\n"
            "   [-mthumb]\n.PP\nOne of\n   (a, b, ...)\n   or none.\n.PP\nHe waited...\n   Then he left.\n")
    texts = [b.text for b in man_blocks(page)[0] if not b.level]
    assert texts == ["Target options: [-mcpu=cpu[+ext...]] [-march=arch[+ext...]] [-mthumb]",
                     "One of (a, b, ...) or none.", "He waited...", "Then he left."]


def test_addresses_after_a_blank_line_are_set_apart_as_groff_sets_them():
    """A blank line is groff's break with space: bzip2(1)'s 'Julian Seward, jseward@acm.org.' / '' / its homepage
    joined the paragraph before (addresses alone join the text they complete, after .br); now they stand apart, and
    still join after .br."""
    page = (".TH X 1\n.SH A\nJulian Seward.\n\nhttps://x.org/bzip2/\n.PP\nFor more, see\n.br\nhttps://x.org/more\n"
            ".PP\nOne more.\n\n\n.br\n<a@x.org>\n")
    texts = [b.text for b in man_blocks(page)[0] if not b.level]
    assert texts == ["Julian Seward.", "https://x.org/bzip2/", "For more, see https://x.org/more", "One more.",
                     "<a@x.org>"]


def test_mdoc_an_split_flags_print_nothing_and_bx_sets_its_release_before_bsd():
    """'.An -nosplit' (ssh-agent(1)'s AUTHORS) read as the word '-nosplit'; '.Bx 4.4 Lite2' as 'BSD 4.4 Lite2',
    where groff -mdoc and mandoc print '4.4BSD-Lite2' (and '.Bx' alone 'BSD', '.Fx 4.0' 'FreeBSD 4.0')."""
    page = (".Dd x\n.Dt X 1\n.Os\n.Sh AUTHORS\n.An -nosplit\nBy\n.An A B .\nFirst in\n.Bx 4.4 Lite2 ,\nthen\n"
            ".Bx 4.0 .\n.An -split\n.Bx\nand\n.Fx 4.0 .\n")
    text = man_blocks(page)[0][1].text
    assert text == "By A B. First in 4.4BSD-Lite2, then 4.0BSD. BSD and FreeBSD 4.0."


def test_addresses_after_a_paragraph_s_macro_or_vertical_space_are_set_apart_as_groff_sets_them():
    """groff sets .PP, .LP, .P, .HP, .sp (a line or more) and mdoc's .Pp with space, as a blank line: the addresses
    after them joined the paragraph before; they stand apart now, as after a list's item, of a mark ('.IP \\(bu') or
    none ('.IP': groff indents it under the text before, below an empty line), and still join after .br and '.sp 0'
    (no space)."""
    page = (".TH X 1\n.SH A\nOne.\n.PP\nhttps://x.org/pp\n.LP\nhttps://x.org/lp\n.P\n<a@x.org>\nTwo.\n.sp\n"
            "https://x.org/sp\n.HP\nhttps://x.org/hp\n.br\nThree.\n.sp 0\nhttps://x.org/sp0\n"
            ".br\nhttps://x.org/br\n.IP\nhttps://x.org/ip\n.IP \\(bu 2\nhttps://x.org/bullet\n")
    texts = [b.text for b in man_blocks(page)[0] if not b.level]
    assert texts == ["One.", "https://x.org/pp", "https://x.org/lp", "<a@x.org> Two.", "https://x.org/sp",
                     "https://x.org/hp",
                     "Three. https://x.org/sp0 https://x.org/br", "https://x.org/ip", "https://x.org/bullet"]
    mdoc = ".Dd x\n.Dt X 1\n.Os\n.Sh A\nSee\n.Pp\n.Lk https://x.org/a\n.Pp\nOn.\n.br\n.Lk https://x.org/b\n"
    assert [b.text for b in man_blocks(mdoc)[0] if not b.level] == ["See", "https://x.org/a", "On. https://x.org/b"]


def test_mdoc_authors_each_begin_a_line_in_authors_and_an_author_s_address_is_in_angle_brackets():
    """groff -mdoc begins a line at each .An after the first in AUTHORS (mdoc(7)'s -split, the default there; scp(1)'s
    two authors on two lines; in any section after '.An -split', which counts as the first), not after '.An -nosplit'
    nor in other sections: they read as one paragraph. And Aq on an .An line prints '<…>' (elsewhere '⟨…⟩'), where
    '⟨…⟩' was read. The expected readings are groff's lines for this page."""
    page = (".Dd x\n.Dt X 1\n.Os\n.Sh DESCRIPTION\nBy\n.An A B Aq Mt a@x.org\nand\n.An C D ;\nmail\n.Aq Mt l@x.org .\n"
            ".Sh AUTHORS\n.An A B Aq Mt a@x.org\n.An C D Aq Mt c@x.org\nwrote it.\n.Pp\n.An -nosplit\nThen\n.An E F\n"
            "and\n.An G H .\n.Sh NOTES\n.An -split\nBy\n.An I J\nand\n.An K L .\n")
    texts = [b.text for b in man_blocks(page)[0] if not b.level]
    assert texts == ["By A B <a@x.org> and C D; mail ⟨l@x.org⟩.", "A B <a@x.org>", "C D <c@x.org> wrote it.",
                     "Then E F and G H.", "By", "I J and", "K L."]


def test_pd_sets_a_distance_and_breaks_no_paragraph():
    """groff's .PD only sets the distance between paragraphs and items (an-old.tmac: '.nr PD'), it breaks no line; it
    was read as a break, so dpkg-source(1)'s compact tags (pod2man's '.IP "VISUAL" 4' / '.PD 0' / '.IP "EDITOR" 4' /
    '.PD' / 'Used by …', groff's 'VISUAL' and 'EDITOR' on lines of their own above the text) read 'VISUAL' alone and
    'EDITOR: Used by …', where tags standing alone share the text after them ('.TP' ones too); and a .PD between two
    text lines split their paragraph."""
    page = (".TH X 1\n.SH A\n.IP VISUAL 4\n.PD 0\n.IP EDITOR 4\n.PD\nUsed by both.\n.TP\n.B \\-a\nOne.\n"
            ".PD 0\n.TP\n.B \\-b\nTwo\n.PD\nand more.\n")
    texts = [b.text for b in man_blocks(page)[0] if not b.level]
    assert texts == ["VISUAL, EDITOR: Used by both.", "-a: One.", "-b: Two and more."]


def test_ne_asks_for_room_on_the_page_and_breaks_no_line():
    """groff's .ne (room needed before the page's end, else a new page) breaks no line: text, '.ne 3', text is one
    line in groff's output; it was read as a break, splitting the paragraph in two."""
    page = ".TH X 1\n.SH A\nThe first half\n.ne 3\nand the second.\n.in +2\nIndented.\n"
    texts = [b.text for b in man_blocks(page)[0] if not b.level]
    assert texts == ["The first half and the second.", "Indented."]


def test_sp_sets_space_as_groff_rounds_its_distance_to_lines():
    """groff -Tutf8 sets .sp's distance as whole lines, none for half a line or less and one for more: '.sp 0.6' and
    '.sp 1n' (24 of a line's 40 basic units) print a blank line, so the addresses after them stand apart; '.sp 0.5',
    '.sp 6p' (20 units) and '.sp -1' (back up a line) print none, and the addresses join the text they complete. Any
    '0.x' read as no space, and '.sp 6p' and '.sp -1' as a line."""
    page = (".TH X 1\n.SH A\nOne\n.sp 0.6\nhttps://x.org/a\n.sp 1n\nhttps://x.org/b\nTwo\n.sp 0.5\nhttps://x.org/c\n"
            ".sp 6p\nhttps://x.org/d\n.sp -1\nhttps://x.org/e\n")
    texts = [b.text for b in man_blocks(page)[0] if not b.level]
    assert texts == ["One", "https://x.org/a", "https://x.org/b Two https://x.org/c https://x.org/d https://x.org/e"]


def test_pod2man_sp_sets_a_blank_line_before_the_addresses_after_it():
    """pod2man defines .Sp as '.if n .sp': groff -Tutf8 sets a blank line, as after .PP; Error(3pm)'s 'useful to view
    POD in HTML format.' / '.Sp' / '<https://metacpan.org/release/Error>' read the address with the text before, as
    after .br."""
    page = (".TH X 3pm\n.de Sp\n.if t .sp .5v\n.if n .sp\n..\n.SH A\nUseful in HTML.\n.Sp\n<https://x.org/a>\n"
            ".PP\nThen.\n.br\n<https://x.org/b>\n")
    texts = [b.text for b in man_blocks(page)[0] if not b.level]
    assert texts == ["Useful in HTML.", "<https://x.org/a>", "Then. <https://x.org/b>"]


def test_a_break_request_with_the_no_break_control_character_does_not_break_the_line():
    """groff's no-break control character calls a request without its break (groff(7)): ttf2tfm(1)'s '.B ttf2tfm' /
    "'in +\\n(.ku" / its arguments is one line in groff's output, and "'br", "'sp", "'ti", a conditional's "'br" go
    on with the line under way; they were read as .br, ending the paragraph. Macros called with "'" still break
    ("'PP", "'TP", and .bp, a macro of groff's man(7) that breaks), and "'sp" with no line under way sets the next
    paragraph apart as .sp does. The expected readings are groff's lines for these pages."""
    page = (".TH X 1\n.SH A\nThe first half\n'br\nof one line\n'sp\ngoes on\n'in +2\nand on\n'ti 4\nand on\n"
            ".if n 'br\nto its end.\n'PP\nThen\n'bp\na line.\n'TP\n.B \\-a\nIts text.\n.RE\nText.\n.br\n'sp\n"
            "https://x.org/a\n")
    texts = [b.text for b in man_blocks(page)[0] if not b.level]
    assert texts == ["The first half of one line goes on and on and on to its end.", "Then", "a line.",
                     "-a: Its text.", "Text.", "https://x.org/a"]
    mdoc = ".Dd x\n.Dt X 1\n.Os\n.Sh A\nOne\n'br\ntwo.\n.Pp\nThree\n.br\nfour.\n"
    assert [b.text for b in man_blocks(mdoc)[0] if not b.level] == ["One two.", "Three", "four."]


def test_addresses_after_a_left_out_block_are_set_apart_from_the_text_before_it():
    """A no-fill block, a pod2man verbatim block or a tbl table is left out, but groff prints it between the text before
    it and the next line: an address alone after it ('.fi' / '.br' / the URL) completes no text before the block
    (groff -man -Tutf8: 'See the example:' / 'code line' / '<https://x.org/a>'), as it does after a .br alone."""
    page = (".TH X 1\n.SH A\nSee the example:\n.nf\ncode line\n.fi\n.br\n<https://x.org/a>\n.PP\nPerl:\n.Vb 1\n"
            "\\&  use X;\n.Ve\nhttps://x.org/b\n.PP\nThe table:\n.TS\nl l.\na\tb\n.TE\nhttps://x.org/c\n"
            ".PP\nHome at\n.br\nhttps://x.org/d\n")
    blocks, left_out = man_blocks(page)
    texts = [b.text for b in blocks if not b.level]
    assert texts == ["See the example:", "<https://x.org/a>", "Perl:", "https://x.org/b", "The table:",
                     "https://x.org/c", "Home at https://x.org/d"]
    assert left_out == {"code lines": 2, "tables": 2}


def test_mdoc_dl_s_line_is_left_out_between_the_text_and_an_address_after_it():
    """mdoc's .Dl sets one line of code between the text before and after it: an address after it stands apart."""
    page = ".Dd May 1, 2020\n.Dt X 1\n.Os\n.Sh A\nRun:\n.Dl x -y\n.br\n.Lk https://x.org/a\n"
    texts = [b.text for b in man_blocks(page)[0] if not b.level]
    assert texts[0] == "Run:" and len(texts) == 2 and "https://x.org/a" in texts[1]


def test_tp_and_man_s_paragraphs_set_the_pd_distance_before_an_address_alone():
    """groff's man(7) sets .PD's distance before each .TP item and each .PP/.IP (a line for nroff, none after
    '.PD 0'): setcap(8)'s 'Please report bugs via:' / '.TP' / the URL prints a blank line before the URL, which stands
    apart; in a compact list ('.PD 0') groff prints the address on the next line, which completes the text before,
    as after .br; '.PD' alone restores the line."""
    page = (".TH X 1\n.SH A\nReport bugs via:\n.TP\nhttps://x.org/a\n.SH B\n.PD 0\nCompact via:\n.TP\n"
            "https://x.org/b\n.PP\nThen at\n.PP\nhttps://x.org/c\n.PD\n.PP\nAgain at\n.IP\nhttps://x.org/d\n")
    texts = [b.text for b in man_blocks(page)[0] if not b.level]
    assert texts == ["Report bugs via:", "https://x.org/a", "Compact via: https://x.org/b",
                     "Then at https://x.org/c", "Again at", "https://x.org/d"]


def test_ce_sets_each_centred_line_on_a_line_of_its_own():
    """.ce N centres the next N text lines (a font macro's line one of them; 1 by default; '.ce 0' ends it) and groff
    breaks after each: the text after a centred line begins a new line, where the reader ran it into the centred one.
    "'ce" does not break before, so the line under way is centred with the first line. The expected readings are
    groff -man -Tutf8's lines for this page."""
    page = (".TH X 1\n.SH A\nBefore text\n.ce 2\nCentred one\n.B bold\nCentred two\nAfter text\nand more.\n.PP\n"
            "Lead\n'ce\nCentre\nafter\n.PP\nA\n.ce 3\nx\n.ce 0\ny\n.PP\nI \\fIit\\fP\n.ce\n.I center\nnext\n")
    texts = [b.text for b in man_blocks(page)[0] if not b.level]
    assert texts == ["Before text", "Centred one", "bold", "Centred two After text and more.", "Lead Centre", "after",
                     "A", "x", "y", "I it", "center", "next"]


def test_nf_with_the_no_break_control_character_sets_its_first_line_on_the_line_under_way():
    """"'nf" switches to no-fill without a break (groff(7)): groff sets the block's first line on the line under way
    ('Before text code one'), its other lines on their own (left out as code); .nf breaks first ('Lead' / 'code'), and
    a no-fill line ends with a break, so the text after "'fi" begins a line as after .fi. "'nf" was read as .nf, the
    paragraph ended before the block. The expected readings are groff -man -Tutf8's lines for this page."""
    page = (".TH X 1\n.SH A\nBefore text\n'nf\ncode one\ncode two\n'fi\nAfter text\nand more.\n.PP\nLead\n.nf\ncode\n"
            "'fi\nfilled\nagain\n.PP\nstart\n'nf\n.fi\nend\n")
    blocks, left_out = man_blocks(page)
    assert [b.text for b in blocks if not b.level] == ["Before text code one", "After text and more.", "Lead",
                                                        "filled again", "start", "end"]
    assert left_out == {"code lines": 2}
