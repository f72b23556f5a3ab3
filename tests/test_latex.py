"""LaTeX sources (segcore.latex, loaders.load_latex): a paper's prose with its sections, the abstract a section,
the title above them; equations, floats, code, footnotes, comments and authors left out and counted; citations
dropped, cross-references '[#]'; the bibliography and appendices are the back matter; any LaTeX loads or says why."""
from __future__ import annotations

import re
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from segcore.errors import InputError
from segcore.latex import latex_blocks, looks_like_latex
from segcore.formats import sniff_format
from segcore.loaders import left_out_notes, load, load_latex, load_text
from segcore.structure import with_structure
from tests.loading import loaded_or_refused

PAPER = r"""\documentclass[11pt]{article}
\usepackage{amsmath} % packages
\newcommand{\R}{\mathbb{R}}
\title{Segmenting Lectures with \emph{Lexical} Chains}
\author{Ada Lovelace\thanks{Equal contribution.} \\ University of Somewhere}
\begin{document}
\maketitle
\begin{abstract}
Lecture transcripts are long~\cite{choi2000}. We segment them.
\end{abstract}

\section{Introduction}\label{sec:intro}
Recorded lectures are common~\citep{hearst1997,utiyama2001}. Students search them.%
\footnote{See \url{https://example.org} for data.}
% A whole comment line.
We score a segment by $\sigma(i,j)$, defined in Eq.~\eqref{eq:sigma}:
\begin{equation}
  \sigma(i, j) = \sum_{k=i}^{j} x_k \label{eq:sigma}
\end{equation}
where $x_k \in \R$ is a vector. The \textbf{main} idea is \textit{simple}---and fast.

\subsection{Contributions}
\begin{itemize}[leftmargin=*]
  \item A new score.
  \item[(b)] A faster splitter, as Table~\ref{tab:res} shows.
\end{itemize}

\begin{figure}[t]
  \centering\includegraphics[width=\linewidth]{fig1.pdf}
  \caption{Scores of the methods on the lecture set.}
\end{figure}

\section{Method}
\input{method}
The method works in two steps. First it splits. \[ a^2 + b^2 = c^2 \] Then it merges.
\begin{verbatim}
for i in range(n):
    split(i)
\end{verbatim}
\begin{table}\begin{tabular}{ll} a & b \\ \end{tabular}\caption{Results.}\label{tab:res}\end{table}

\section*{Conclusion}
It works \& it is fast: 100\% of the lectures read well.

\appendix
\section{Proofs}
The proof is easy.

\begin{thebibliography}{9}
\bibitem{choi2000} F. Choi. Advances in domain independent linear text segmentation. 2000.
\end{thebibliography}
\end{document}
"""


def test_a_paper_reads_as_its_prose_with_its_sections():
    doc = load_latex(PAPER, source="paper.tex")
    assert doc.meta["format"] == "latex"
    outline = doc.meta["outline"]
    assert outline.title == "Segmenting Lectures with Lexical Chains"
    assert [h.title for h in outline.sections(1)] == ["Abstract", "Introduction", "Method", "Conclusion"]
    assert "Contributions" in [h.title for h in outline.sections(2)]
    text = " ".join(doc.elements)
    assert "Lecture transcripts are long." in doc.elements and "Students search them." in doc.elements
    assert "We score a segment by sigma(i,j), defined in Eq. [#]: where x_k in R is a vector." in doc.elements
    assert "The main idea is simple—and fast." in doc.elements
    assert "(b) A faster splitter, as Table [#] shows." in doc.elements and "A new score." in doc.elements
    assert "The method works in two steps." in doc.elements and "Then it merges." in doc.elements
    assert "It works & it is fast: 100% of the lectures read well." in doc.elements
    for gone in ("\\", "cite", "choi2000", "Equal contribution", "example.org", "Scores of the methods", "range(n)",
                 "a & b", "Results.", "A whole comment", "Ada Lovelace", "c^2", "The proof is easy", "Choi. Advances"):
        assert gone not in text, gone
    counts = doc.meta["left_out"]
    assert counts["equations"] == 2 and counts["floats"] == 2 and counts["code lines"] == 4
    assert counts["footnote texts"] == 1 and counts["inputs"] == 1 and counts["comments"] == 3
    assert any("left out of the LaTeX source: " in n and "displayed equations (2)" in n for n in left_out_notes(doc))
    assert doc.meta["back_matter"]["heading"] == "Appendix"  # the appendix and the bibliography after it
    kept = load_latex(PAPER, keep_back_matter=True)
    assert "The proof is easy." in kept.elements and any(e.startswith("F. Choi") for e in kept.elements)
    scored = with_structure(doc, "sections")
    assert scored.reference == [4, 12, 16, doc.n]  # the four sections, the title opening the first


def test_the_prose_is_not_read_again_as_markdown_or_plain_text_headings():
    """'\\#' at a paragraph's start is a number sign, not a Markdown heading; stars stay; a short title-case
    paragraph is not a heading."""
    doc = load_latex("\\begin{document}\\section{Data}\nWe count. It is easy.\n\n\\# of tokens is large here.\n\n"
                     "Short Title Line\n\nThe 2 * 3 * 4 rule holds.\\end{document}")
    assert [h.title for h in doc.meta["outline"].headings] == ["Data"]
    assert "# of tokens is large here." in doc.elements and "The 2 * 3 * 4 rule holds." in doc.elements


def test_a_heading_written_for_hyperref_reads_once():
    """\\texorpdfstring{TeX}{bookmark} in a title gave both texts: 'alpha Rivers Alpha Rivers'."""
    doc = load_latex("\\section{\\texorpdfstring{$\\alpha$ Rivers}{Alpha Rivers}}\nThey flow. They rise.\n\n"
                     "\\section{Floods}\nSee \\href{https://example.org}{the gauges}. They rise.")
    assert [h.title for h in doc.meta["outline"].headings] == ["alpha Rivers", "Floods"]
    assert "See the gauges." in doc.elements


def test_latex_is_recognised_by_its_name_or_its_content(tmp_path):
    assert sniff_format(PAPER.encode(), "paper.tex") == "latex"
    assert sniff_format(PAPER.encode(), "") == "latex" and sniff_format(PAPER.encode(), "paper.txt") == "latex"
    assert sniff_format(b"Plain words about \\section signs.", "notes.txt") == "text"
    assert looks_like_latex("% comment\n\\documentclass{article}") and not looks_like_latex("% \\documentclass")
    guide = "The Name of the Title Is Hope\n\nUse the class this way:\n\n    \\documentclass[sigconf]{acmart}\n"
    assert not looks_like_latex(guide) and sniff_format(guide.encode(), "guide.txt") == "text"  # prose about LaTeX
    assert sniff_format(b"\xef\xbb\xbf" + PAPER.encode(), "paper.txt") == "latex"  # after a byte-order mark
    assert load(PAPER.encode()).meta["format"] == "latex"
    path = tmp_path / "paper.tex"
    path.write_text(PAPER, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "segcore", "segment", str(path), "--k", "3", "--reference",
                          "sections"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "left out of the LaTeX source" in out.stderr and "against the document's sections (4 segments)" in out.stderr


def test_unbalanced_or_empty_latex_gives_text_or_a_clear_error():
    assert "Still read." in load_latex(r"\begin{document}\section{A} One. \emph{Still read. Two.").elements
    blocks, counts = latex_blocks(r"\begin{equation} x = 1 \section{B} never closed")
    assert blocks == [] and counts == {"equations": 1}  # no heading from inside the open equation
    try:
        load_latex(r"\documentclass{article}\begin{document}\end{document}")
    except InputError as e:
        assert "no text" in str(e) or "only" in str(e)
    else:
        raise AssertionError("an empty document must be refused")


def test_macros_the_source_defines_are_expanded_within_a_budget():
    r"""\newcommand, \renewcommand and \def macros (with parameters too) give their text (arguments, an optional
    first one's default), their definitions none; a macro that grows without end stops at the budget: the text stays
    within the source's length plus latex._EXPANSION characters."""
    from segcore import latex

    blocks, _ = latex_blocks("\\newcommand{\\ours}{\\textsc{SegNet}\\xspace}\n\\newcommand\\best[1]{\\textbf{#1}}\n"
                             "\\newcommand{\\opt}[2][fast]{#1 and #2}\n\\def\\etal{et al.}\n\\begin{document}\n"
                             "We propose \\ours. Smith \\etal{} showed \\best{this}. It is \\opt{slow}, "
                             "\\opt[quick]{x}.\n\\end{document}")
    assert [b.text for b in blocks] == ["We propose SegNet. Smith et al. showed this. It is fast and slow, quick "
                                        "and x."]
    assert latex_blocks("\\def\\pair#1#2{#1 with #2}\\begin{document}Salt \\pair{a}{b}. \\newcommand\\R{x}"
                        "Over \\R.\\end{document}")[0][0].text == "Salt a with b. Over x."  # definitions give no text
    bomb = "".join(f"\\newcommand{{\\m{a}}}{{\\m{b}\\m{b} x}}\n" for a, b in zip("abcdefghijklmnopqrstuvwxyz",
                                                                                   "bcdefghijklmnopqrstuvwxyz"))
    for source in (bomb + "\\begin{document}" + "\\ma " * 100 + "\\end{document}",
                   "\\newcommand{\\a}{\\a\\a}\\begin{document}" + "\\a " * 1000 + "\\end{document}"):
        assert sum(len(b.text) for b in latex_blocks(source)[0]) <= len(source) + latex._EXPANSION


PIECES = ["\\section{Intro}", "\\begin{equation}", "\\end{equation}", "\\begin{itemize}", "\\item", "\\end{itemize}",
          "Some words here.", "More words.", "$x^2$", "\\[", "\\]", "{", "}", "%", "\\", "\\emph{", "\\cite{",
          "\\begin{document}", "\\end{document}", "\\title{T}", "~", "\n\n", "\\begin{verbatim}", "\\footnote{",
          "\\href{u}{", "\\item[", "]", "$$", "\\begin{thebibliography}{9}", "\\bibitem{k}",
          "\\newcommand{\\m}[1]{#1 \\m{#1}}", "\\m{", "\\def\\d{", "\\d"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_any_latex_loads_or_says_why(pieces):
    doc = loaded_or_refused(load_latex, " ".join(pieces))
    assert doc is None or not any("\\begin" in e or "\\end{" in e or "\x00" in e for e in doc.elements)


def test_a_theorem_opens_with_its_name_as_printed():
    source = r"""\documentclass{article}
\newtheorem{theorem}{Theorem}[section]
\newtheorem{lemma}[theorem]{Lemma}
\newtheorem*{remark}{Remark}
\begin{document}
\section{Bounds}
We bound inner products.
\begin{theorem}[Cauchy--Schwarz]
The inner product is at most the product of the norms.
\end{theorem}
\begin{lemma}
Norms are never negative.
\end{lemma}
\begin{proof}[Proof of the theorem]
Expand the square.
\end{proof}
\begin{remark*}
Equality needs parallel vectors.
\end{remark*}
\begin{proof}
Obvious.
\end{proof}
\end{document}
"""
    elements = load_latex(source).elements
    assert elements[elements.index("We bound inner products.") + 1:] == [
        "Theorem (Cauchy–Schwarz).", "The inner product is at most the product of the norms.",
        "Lemma.", "Norms are never negative.", "Proof of the theorem.", "Expand the square.",
        "Remark.", "Equality needs parallel vectors.", "Proof.", "Obvious."], elements


def test_a_hypertarget_s_name_and_a_source_s_own_verbatim_environments_are_no_text():
    """\\hypertarget{name}{text} reads as its text (the anchor's name is no word: pandoc puts one around every
    heading), and an environment the source defines as verbatim (fancyvrb's \\DefineVerbatimEnvironment, listings'
    \\lstnewenvironment) is code, left out and counted, not prose."""
    source = ("\\documentclass{article}\n\\usepackage{fancyvrb}\n"
              "\\DefineVerbatimEnvironment{Highlighting}{Verbatim}{commandchars=\\\\\\{\\}}\n"
              "\\newenvironment{Shaded}{}{}\n\\begin{document}\n"
              "\\hypertarget{usage}{%\n\\section{Usage}\\label{usage}}\n\nA simple retrieval:\n\n"
              "\\begin{Shaded}\n\\begin{Highlighting}[]\n\\ImportTok{import}\\NormalTok{ httplib2}\n"
              "\\NormalTok{h }\\OperatorTok{=}\\NormalTok{ httplib2.Http(}\\StringTok{\".cache\"}\\NormalTok{)}\n"
              "\\end{Highlighting}\n\\end{Shaded}\n\nSee \\hyperlink{usage}{the usage} above.\n\\end{document}\n")
    doc = load_latex(source)
    assert doc.elements == ["Usage", "A simple retrieval:", "See the usage above."]
    assert doc.meta["left_out"]["code lines"] >= 2


def test_text_symbols_are_their_characters_and_a_longtable_is_a_table():
    """LaTeX's text symbol commands (\\textquotesingle, \\textgreater, \\textbar …, as pandoc writes quotes and
    operators) are their characters, not dropped; a longtable is a table, left out as a tabular is."""
    doc = load_latex("\\begin{document}\n\\section{Event: \\textquotesingle{}keylog\\textquotesingle{}}\n\n"
                     "Use \\texttt{a\\ \\textgreater{}\\ b} or \\texttt{x\\textbar{}y} here.\n\n"
                     "\\begin{longtable}[]{@{}ll@{}}\n\\toprule\nFeature & full \\\\\n\\bottomrule\n\\end{longtable}\n\n"
                     "After the table.\n\\end{document}\n")
    assert doc.elements == ["Event: 'keylog'", "Use a > b or x|y here.", "After the table."]
    assert doc.meta["left_out"] == {"floats": 1}


def test_every_sectioning_command_is_a_heading_one_level_under_the_one_before():
    """\\subparagraph (pandoc's '#####') was read as its title's text in the paragraph, not as a heading; a plain
    text with LaTeX headings reads it as one too."""
    names = ["part", "chapter", "section", "subsection", "subsubsection", "paragraph", "subparagraph"]
    source = "".join(f"\\{name}{{About {name}}}\nText under {name}.\n\n" for name in names)
    for doc in (load_latex(f"\\begin{{document}}\n{source}\\end{{document}}"), load_text(source)):
        outline = doc.meta["outline"]
        heads = outline.headings
        assert [outline.title] + [h.title for h in heads] == [f"About {name}" for name in names]  # \part: the title
        assert [h.level for h in heads] == sorted({h.level for h in heads})  # each one level under the one before


def test_zero_width_control_symbols_print_nothing():
    """The italic correction \\/, the space factor \\@ and the discretionary hyphen \\- print nothing: pandoc's
    '-\\/-help' (two hyphens kept from the en dash ligature) read '-/-help', 'hy\\-phen' 'hy-phen'; spacing symbols
    stay spaces, other ones their characters."""
    doc = load_latex("\\begin{document}\nRun node -\\/-help first. A long hy\\-phen\\-ated word.\n\n"
                     "Ask NASA\\@. Use \\textit{if}\\/ and a\\,b or 50\\% \\& more.\\end{document}")
    assert doc.elements == ["Run node --help first.", "A long hyphenated word.", "Ask NASA.",
                            "Use if and a b or 50% & more."]


def test_a_control_word_printing_a_symbol_eats_the_spaces_after_it():
    """'\\textbackslash ifpdftex' read '\\ ifpdftex' (LaTeX prints '\\ifpdftex'), pandoc's 'string\\textbar Buffer'
    'string| Buffer'; a line end is eaten too, a blank line is not. After a word (\\LaTeX) or a command the reader
    does not know, the space stays: words are not glued together."""
    doc = load_latex("\\begin{document}\nUse \\textbackslash ifpdftex or \\textbackslash\n  iftutex here. Types:"
                     " \\{string\\textbar Buffer\\} and \\ldots more.\n\nIt is \\LaTeX indeed, J.\\nbs H. Smith and"
                     " \\S 3 say so \\textbar\n\nNext paragraph.\\end{document}")
    assert doc.elements == ["Use \\ifpdftex or \\iftutex here.", "Types: {string|Buffer} and …more.",
                            "It is LaTeX indeed, J. H. Smith and §3 say so |", "Next paragraph."]


def test_the_letters_and_currency_signs_of_text_symbol_commands_are_read():
    """'\\AA ngstr\\"om' read 'ngström', 'K{\\o}benhavn \\O' 'København ', '\\L\\'od\\'z' 'ódź' and '2500 {\\texteuro}'
    '2500': these are letters and symbols, not unknown commands; one printed character eats the spaces after it."""
    doc = load_latex("\\begin{document}\n\\AA ngstr\\\"om of K{\\o}benhavn \\O, \\L\\'od\\'z, Ko\\l obrzeg,"
                     " {\\AE}sop's {\\OE}uvres.\n\nIt costs 2500 {\\texteuro} or 1,10~\\euro, 21\\,\\texttimes\\,29 cm,"
                     " \\textcopyright\\ 2008.\\end{document}")
    assert doc.elements == ["Ångström of København Ø, Łódź, Kołobrzeg, Æsop's Œuvres.",
                            "It costs 2500 € or 1,10 €, 21 × 29 cm, © 2008."]


def test_a_foreach_loop_outside_a_picture_is_left_out():
    """pgffor's '\\foreach \\i in {1,2,3} {\\page{}}' read 'ıin 1,2,3' (\\i the dotless i, the list as text): the
    loop, its variables, list and body (braced, a nested loop, or up to ';' within the paragraph) are no prose."""
    doc = load_latex("\\begin{document}\nPages follow.\n\\foreach \\i in {1,2,3} {\n  \\page{Draft}\n}\n"
                     "\\foreach \\x / \\y [count=\\n] in {1/2, 3/4} \\foreach \\z in \\list {\\node{\\z};} Then"
                     " \\foreach \\x in {5,6} \\draw (\\x,0) circle (1); more.\n\nLast; \\foreach alone.\\end{document}")
    assert doc.elements == ["Pages follow.", "Then more.", "Last; alone."]


def test_a_line_break_s_star_and_space_option_are_no_text():
    """A title page's 'título \\\\[6pt] de la tesis' read 'título [6pt] de la tesis' and 'UNIVERSITY \\\\*' 'UNIVERSITY
    *': the line break \\\\ takes a star and an [optional space] (after spaces, one line end among them); both are
    settings. A '[' that closes nowhere near stays text."""
    doc = load_latex("\\begin{document}\nEste es el título \\\\[6pt] de la tesis \\\\*\n[-0.5ex] doctoral"
                     " \\\\* and \\\\ here. Fine [" + "x" * 300 + "\\end{document}")
    assert doc.elements == ["Este es el título de la tesis doctoral and here.", "Fine [" + "x" * 300]


def test_verb_is_its_text_as_written():
    """\\verb|\\subparagraph| in prose was read as a heading command, breaking the paragraph around an empty heading."""
    doc = load_latex("\\begin{document}\nUse \\verb|\\paragraph| or \\verb+\\subparagraph{x}+ for those. Fine.\n"
                     "\\end{document}")
    assert doc.elements == ["Use \\paragraph or \\subparagraph{x} for those.", "Fine."]


def test_lstinline_and_listings_short_inline_are_their_text_as_written():
    """listings' \\lstinline|…| (any delimiter, a '×' too, after [options] with braced values, or in braces to the
    first '}') and the short inline \\lstMakeShortInline makes were read as TeX: '\\lstinline|\\section{x}|' a
    heading, commands dropped, braces eaten, a '%' a comment. They are read as \\verb is, as written, until
    \\lstDeleteShortInline. \\verb*'s star is its own: '\\verb*zcitez' (a letter, no delimiter after \\verb) is no
    \\verb with the delimiter '*'."""
    doc = load_latex("\\documentclass{article}\n\\usepackage{listings}\n\\begin{document}\n"
                     "Use \\lstinline|\\section{x}| or \\lstinline[style=tex]$\\emph{y}$ and \\lstinline{a{b} for it. "
                     "A \\lstinline!50%! rise.\n"
                     "Label \\lstinline[deletekeywords={[2]label}]×\\label{z}× here.\n\\end{document}\n")
    assert doc.elements == ["Use \\section{x} or \\emph{y} and a{b for it.", "A 50% rise.", "Label \\label{z} here."]
    doc = load_latex("\\documentclass{article}\n\\usepackage{listings}\n\\lstMakeShortInline[style=code]|\n"
                     "\\begin{document}\nUse |\\author{x}| here. A |50%| rise.\n\n\\lstDeleteShortInline|\n"
                     "Now a|b|c is plain.\n\\end{document}\n")
    assert doc.elements == ["Use \\author{x} here.", "A 50% rise.", "Now a|b|c is plain."]
    blocks, _ = latex_blocks("\\begin{document}\nThe packages \\verb*zcitez, \\verb*zamsmathz and \\verb*|a b|.\n"
                             "\\end{document}")
    assert [b.text for b in blocks] == ["The packages zcitez, zamsmathz and a b."]


def test_lstinline_s_and_a_short_inline_s_options_are_read_by_the_option_rule_of_any_command():
    """\\lstinline's [options] took one level of braces ('literate={ö}{{\\"o}}1' has two: no \\lstinline was seen,
    its '%' a comment) and a short inline's declaration none ('[deletekeywords={[2]x}]' ended at its first ']', so
    '|' was never declared): both read an option as any command's is (texargs), on one line."""
    blocks, _ = latex_blocks("\\documentclass{article}\n\\usepackage{listings}\n\\begin{document}\n"
                             "Type \\lstinline[literate={ö}{{\\\"o}}1]|a%b| here.\n\\end{document}\n")
    assert [b.text for b in blocks] == ["Type a%b here."]
    blocks, _ = latex_blocks("\\documentclass{article}\n\\usepackage{listings}\n"
                             "\\lstMakeShortInline[deletekeywords={[2]x}]|\n\\begin{document}\n"
                             "Use |\\author{x}| here.\n\\end{document}\n")
    assert [b.text for b in blocks] == ["Use \\author{x} here."]


def test_accents_are_their_composed_characters_and_tabbing_s_tab_commands_are_spaces():
    """'Mec\\'anica' read "Mec'anica", '\\"o' '"o': an accent (control symbol or lettered, its argument a character,
    a braced group or \\i) is read as the composed character; in a tabbing environment \\= \\> \\' \\` set and move
    to tab stops (no accent, no '=' or '>'), outside it \\= is the macron again."""
    doc = load_latex("\\begin{document}\nMec\\'anica cu\\'antica de J\\\"org, {\\'e}t\\'{e}, \\'\\i ndice, "
                     "Fran\\c cois, \\v{S}koda, Erd\\H{o}s, \\'{}.\n\n\\begin{tabbing}\n\\hspace{2cm}\\=\\kill\n"
                     "Name \\> Value \\' right\\\\\n\\end{tabbing}\n\nA \\=o and \\~{} here.\\end{document}")
    assert doc.elements == ["Mecánica cuántica de Jörg, été, índice, François, Škoda, Erdős, '.",
                            "Name Value right", "A ō and ~ here."]


def test_inline_math_in_parentheses_is_read_as_dollar_math_is():
    """\\( … \\) is inline math as $ … $ is: 'What is \\(41 + 1\\)?' read 'What is (41 + 1)?' and '\\(\\sigma_k\\)'
    '(sigma_k)' ('\\(' and '\\)' were read as their characters); an unclosed '\\(' stays its character."""
    body = "What is {0}41 + 1{1}? We score {0}\\sigma(i,j) \\leq \\mathrm{{cost}}_k{1} here.\n\nLone \\( paren."
    with_parens = load_latex("\\begin{document}\n" + body.format("\\(", "\\)") + "\\end{document}")
    with_dollars = load_latex("\\begin{document}\n" + body.format("$", "$") + "\\end{document}")
    assert with_parens.elements == with_dollars.elements
    assert with_parens.elements[0].startswith("What is 41 + 1?") and with_parens.elements[-1] == "Lone ( paren."


def test_a_language_switch_s_language_name_and_hyphenation_patterns_are_no_text():
    """babel's \\selectlanguage{english} read 'english', \\foreignlanguage{ngerman}{Leitfaden} 'ngerman Leitfaden',
    \\begin{otherlanguage}{french} 'french' before its text, and \\hyphenation{pa-la-bra} its patterns as a
    paragraph: the language names and patterns are settings; \\foreignlanguage's second argument is its text."""
    doc = load_latex("\\begin{document}\n\\selectlanguage{english}\n\\hyphenation{pa-la-bra guio-nes}\n\n"
                     "See the \\foreignlanguage{ngerman}{\\emph{Leitfaden}} here.\n\n"
                     "\\begin{otherlanguage*}{french}\nTant il est vrai.\n\\end{otherlanguage*}\n\\end{document}")
    words = {w.strip(".") for e in doc.elements for w in e.split()}
    assert not words & {"english", "ngerman", "french", "pa-la-bra", "guio-nes"}
    assert doc.elements == ["See the Leitfaden here.", "Tant il est vrai."]


def _texts(source: str) -> list[str]:
    return [block.text for block in latex_blocks(source)[0]]


def test_an_unknown_command_s_options_right_after_it_are_settings_in_text():
    """'\\lipsum[3-17]' and '\\Blindtext[2][1]' left '[3-17]' and '[2][1]' as paragraphs: in text an unknown command's
    [options] directly after it are settings, all consecutive ones, its braced arguments still its text. A bracket
    after a space stays text ('\\zB [Zobel: Writing]' is a reference in prose), and so does one in math after a
    command (a delimiter: '\\bigl[1+f(x)\\bigr]') and after \\left or \\bigl outside math."""
    texts = _texts("\\begin{document}\nIntro.\n\n\\lipsum[3-17]\n\n\\Blindtext[2][1]\n\n"
                   "Say \\aufgabe[5]{Lies den Text!} now \\zB [Zobel: Writing].\n\n"
                   "Math $\\bigl[1+f(x)\\bigr]$ and \\left[x\\right] end.\n\\end{document}")
    assert texts == ["Intro.", "Say Lies den Text! now [Zobel: Writing].", "Math bigl[1+f(x)bigr] and [x] end."]


def test_colours_are_settings_and_the_coloured_text_is_read():
    """'\\textcolor{red}{This mock proposal}' read 'red This mock proposal' and \\color{red} 'red': a colour's name,
    model and definition are settings; \\textcolor's, \\colorbox's and \\fcolorbox's text is read. A command whose
    arguments are settings takes all its [options] ('\\cite[see][p.~5]{x}' left '[see][p. 5] x')."""
    texts = _texts("\\begin{document}\n\\definecolor{Azul}{RGB}{0,63,119}\\textcolor{red}{This mock proposal} "
                   "is {\\color{blue}blue}, \\textcolor[rgb]{1,0,0}{red}, \\colorbox{yellow}{boxed} and "
                   "\\fcolorbox{black}{white}{framed}\\cite[see][p.~5]{knuth}.\n\\end{document}")
    assert texts == ["This mock proposal is blue, red, boxed and framed."]


def test_dimensions_fonts_and_marks_are_no_text():
    """pandoc's rule '\\rule{0.5\\linewidth}{0.5pt}' read '0.5 0.5pt', a spine's '\\begin{CJK*}{UTF8}{hei}
    \\fontsize{12pt}{14pt}\\selectfont' 'UTF8hei 12pt 14pt', '\\kern.5em' and '\\vskip 1.0cm' their dimensions,
    '\\raisebox{.5em}{x}' and '\\rotatebox{90}{x}' '.5em x' and '90 x', '\\title{Title\\thanksref{t}}' 'Titlet':
    dimensions, font settings and a footnote mark are no text; the boxes' text is read."""
    texts = _texts("\\title{Title\\thanksref{t}}\\begin{document}\n\\rule[-1ex]{0.5\\linewidth}{0.5pt}\n\n"
                   "\\begin{CJK*}{UTF8}{hei}\\fontsize{12pt}{14pt}\\selectfont Spine"
                   "\\kern.5em text\\vskip 1.0cm plus 1fil\n\\raisebox{.5em}{up} \\rotatebox{90}{turned} "
                   "pdfT\\kern-.1667em\\lower.5ex\\hbox{E}\\kern-.125emX.\\end{CJK*}\n\\end{document}")
    assert texts == ["Title", "Spine text up turned pdfTEX."]


def test_a_beamer_overlay_specification_is_no_text():
    """beamer's '\\alert<2>{Duis}' read '<2>Duis' and '\\item<2-> one' '<2-> one': an overlay specification
    directly after a command is a setting (slides on which it acts); '\\char<number>' in a manual's prose stays."""
    texts = _texts("\\begin{document}\n\\begin{itemize}\n\\item<2-> one \\alert<3>{Duis}\n"
                   "\\item<+-| alert@+>[b] two \\only<1>{now}\\onslide<4>\\includegraphics<1>[width=2cm]{plato}\n"
                   "\\end{itemize}\n\n"
                   "Write \\verb|\\char|\\emph<number> here.\n\\end{document}")
    assert texts == ["one Duis", "b two now", "Write \\char<number> here."]


def test_renewcommand_is_a_definition():
    """'\\renewcommand\\shortauthors{John Smith et al}' read 'John Smith et al' and '\\title{\\procpdftitle}' after
    '\\renewcommand{\\procpdftitle}{Proceedings}' nothing: \\renewcommand was not recognised as a definition."""
    texts = _texts("\\renewcommand{\\procpdftitle}{Proceedings}\\title{\\procpdftitle}\\begin{document}\n"
                   "\\renewcommand\\shortauthors{John Smith et al}\\renewcommand{\\arraystretch}{1.5}\n"
                   "Text \\procpdftitle.\n\\end{document}")
    assert texts == ["Proceedings", "Text Proceedings."]


def test_a_line_of_commands_that_print_nothing_does_not_end_a_paragraph():
    """A sentence with '\\footnote{…}' on its own line (HagenbergThesis: 'auf GitHub%' / '\\footnote{\\url{…}}' /
    'verfügbar ist.'), or '\\label{x}', '\\kern3pt', '\\fontsize{10}{12}\\selectfont', '\\noindent' alone on a
    line, was read as two paragraphs: the removed commands left a blank line. A vertical command's line (\\vspace,
    \\bigskip, \\clearpage) still ends the paragraph, and a blank line after the commands still does."""
    def paragraphs(line):
        return _texts("\\begin{document}\nOne sentence\n" + line + "\ngoes on.\n\\end{document}")
    for line in ("\\footnote{\\url{https://example.org}}", "\\label{x}", "\\kern3pt", " \\hspace{1em} ",
                 "\\fontsize{10}{12}\\selectfont", "\\noindent"):
        assert paragraphs(line) == ["One sentence goes on."], line
    for line in ("\\vspace{1em}", "\\bigskip", "\\clearpage", "\\vskip 2pt", "\\label{x}\n"):
        assert paragraphs(line) == ["One sentence", "goes on."], line


def test_contents_lines_bookmarks_running_heads_and_index_entries_are_no_text():
    """elteikthesis' '\\addcontentsline{toc}{chapter}{Irodalomjegyzék}' read 'toc chapter Irodalomjegyzék',
    cleanthesis' '\\pdfbookmark[0]{Abstract}{Abstract}' 'Abstract Abstract', '\\pagenumbering{roman}' 'roman',
    tui's 'Duis tristique \\index{sollicitudin} sollicitudin' 'sollicitudin sollicitudin': what goes to the
    contents, the PDF's bookmarks, the running heads or the index, and the page numbers' style, print nothing here.
    The running heads' whole family: bgteubner's '\\markleft{\\thechapter\\enskip Ein Kapitel}' read 'Ein Kapitel'
    where \\markboth and \\markright printed nothing; so did \\subsectionmark, TeX's \\mark and KOMA-Script's
    \\automark[section]{chapter} ('chapter')."""
    texts = _texts("\\begin{document}\n\\pagenumbering{roman}\\hypersetup{linkcolor=black}\n"
                   "\\chapter*{Bibliography}\\addcontentsline{toc}{chapter}{Bibliography}\n"
                   "\\pdfbookmark[0]{Abstract}{abs}\\markboth{Left head}{Right head}\\markright{Head}"
                   "\\markleft{\\thechapter\\enskip Ein Kapitel}\\subsectionmark{Sub}\\mark{Mark}"
                   "\\automark[section]{chapter}\\markdouble{Both}"
                   "\\addtocontents{toc}{\\protect\\vspace{1em}}\n"
                   "Duis tristique \\index{sollicitudin} sollicitudin\n\\index{word}\nleo.\n\\end{document}")
    assert texts == ["Bibliography", "Duis tristique sollicitudin leo."]


def test_a_file_name_without_braces_after_input_is_no_text():
    """uafthesis' example '\\input abstract.tex' (TeX's own syntax, without braces) read 'abstract.tex' as a
    paragraph: the name, up to a space or the line's end, is the file's, counted as an input like '\\input{x}'."""
    blocks, left_out = latex_blocks("\\begin{document}\nText one.\n\n  \\input abstract.tex\n\n\\input{ch1}\n"
                                    "\\input macros\\relax More text.\n\\end{document}")
    assert [b.text for b in blocks] == ["Text one.", "More text."]
    assert left_out["inputs"] == 3


def test_math_left_open_ends_with_its_paragraph():
    """TeX ends math at a blank line ('Missing $ inserted'): a stray '$', '$$' or '\\[' read the rest of the file
    as math (its commands' names as words, an open display dropped to the end); it ends with its paragraph now,
    and the paragraphs after it are read as text. Closed math is read as before."""
    for opening in ("$", "$$", "\\["):
        texts = _texts("\\begin{document}\nIt costs " + opening + "5 and more.\n\n\\relax Next \\emph{one}.\n\n"
                       "\\section{Later}\nInline $x$ here.\n\\end{document}")
        assert texts[-3:] == ["Next one.", "Later", "Inline x here."], opening
        assert texts[0].startswith("It costs")
    assert _texts("\\begin{document}\nA $x\n+ y$ and $$z$$ b.\n\\end{document}") == ["A x + y and b."]
    # '\(' closed only past the paragraph's end is left open, its character as an unclosed one is
    assert _texts("\\begin{document}\nOpen \\( x\n\nAfter \\) it.\n\\end{document}") == ["Open ( x", "After ) it."]


def test_endnotes_footnote_texts_and_notes_in_the_margin_are_left_out_and_counted():
    """mla-example's '\\endnote{Section commands in …}' was read inside its sentence: an endnote is printed at
    \\theendnotes, a \\footnotetext at the page's foot, a \\sidenote (numbered) or \\marginpar and \\marginnote in the
    margin; none is the running prose. They are left out and counted, the notes as footnotes, the others as notes in
    the margin; the sentence around them reads on."""
    blocks, left_out = latex_blocks(
        "\\begin{document}\nA sentence\\endnote{An endnote.} goes on\\footnotetext[2]{Foot text.} and"
        "\\sidenote{Side.} on\\marginpar[Left]{Right margin.} to\\marginnote{Margin.} its end.\n\\end{document}")
    assert [b.text for b in blocks] == ["A sentence goes on and on to its end."]
    assert left_out == {"footnote texts": 3, "margin notes": 2}


def test_a_register_assignment_in_text_prints_nothing():
    """'\\itemsep=0pt', '\\errorcontextlines=9' left '=0pt', '=9' in the text (found against pandoc: nrc's userguide,
    univie-ling's, toptesi's): TeX's assignment of a number or dimension to a register is a setting; in math an
    equals sign after a symbol stays ('$\\epsilon=0.5$'); '=' before a command on the next line takes no unit."""
    texts = _texts("\\begin{document}\\errorcontextlines=9\n\\itemsep=0pt A list\\parskip = 0pt plus 1pt goes "
                   "\\tolerance=1000 on\\hsize=.5\\textwidth{} here, $\\epsilon=0.5$ stays.\n"
                   "\\endlinechar=-1\n\\begin{quote}Quoted.\\end{quote}\n\\end{document}")
    assert texts == ["A list goes on here, epsilon=0.5 stays.", "Quoted."]


def test_tex_s_assignments_print_nothing_but_a_box_s_contents():
    """TeX's register arithmetic and assignments printed their numbers ('\\global\\advance\\WL1 by 20' read '1 by 20',
    '\\count255=3' '255=3', '\\setbox0=\\hbox{…}' '0=' and the box's text), and the name \\let or \\newdimen defines
    ran as a command ('\\newdimen\\d' put an accent on the next letter): the register, '=', the value and 'by' print
    nothing, nor a box's register and kind; the box's contents are read where it is set, as a token list's text is (TeX
    prints them later, where the reader does not follow: samplepdf's story is set in a box), and a '\\let' before
    letters, which defines nothing, stays."""
    texts = _texts("\\begin{document}\nOne \\global\\advance\\WL1 two \\count255=3 three \\dimen0=2pt four "
                   "\\multiply\\x by 2 five \\divide\\count1 by -3 six \\chardef\\x=65 seven \\countdef\\c=10 eight "
                   "\\skip3=1em plus 1fil nine \\numexpr 3+4\\relax ten \\newcount\\x eleven \\global\\let\\a\\b "
                   "twelve \\newdimen\\d thirteen \\setbox0=\\hbox{boxed} fourteen \\global\\setbox\\b\\vbox to 2em{boxed} "
                   "fifteen \\sbox{\\b}{boxed} sixteen \\advance\\leftskip\\wd0 seventeen \\hskip\\wd0 eighteen "
                   "\\toks0={kept} nineteen \\let INT=x.\n\\end{document}")
    assert texts == ["One two three four five six seven eight nine ten eleven twelve thirteen boxed fourteen boxed "
                     "fifteen boxed sixteen seventeen eighteen kept nineteen INT=x."]


def test_a_numbered_register_takes_its_value_on_its_line():
    """gkpmac's '\\folioht=\\ht0' followed by a '\\def' on the next line took the \\def as the value of \\ht0 and
    printed the next macro's body: a register by its number ('\\ht0', '\\wd0', '\\count3', '\\dimen2') takes a value
    on its line, or on the next after an '=' ending its line."""
    texts = _texts("\\begin{document}\nOne \\ht0\n\\def\\x{body}two \\wd2\n\\def\\y{body}three \\count3=\n5 four "
                   "\\dimen2 =\n2pt five \\dimen1 = 1pt six.\n\\end{document}")
    assert texts == ["One two three four five six."]


def test_a_length_set_with_its_register_unbraced_prints_nothing():
    """'\\setlength\\parindent{0pt}' read '0pt' (univie-ling's, ndsu-thesis's, revtex's guides against pandoc): the
    register is \\setlength's first argument written unbraced, as TeX takes one token; its value is no text either."""
    texts = _texts("\\begin{document}\nA \\setlength\\parindent{0pt}text\\addtolength \\textwidth{2em} goes "
                   "\\setlength{\\parskip}{6pt}on.\n\\end{document}")
    assert texts == ["A text goes on."]


def test_a_chapter_file_showing_a_document_s_source_is_read_whole():
    """arsclassica's Fundamentals.tex, hagenberg's literatur.tex: a chapter file (\\input by its main file) shows a
    document's source in a listing whose environment the main file defines ('\\begin{code}'); its \\begin{document}
    was taken for the body's start and the chapter's prose before it lost. No preamble holds a heading: a
    \\begin{document} after one is a listing's, and the chapter is read whole."""
    source = ("\\chapter{Fundamentals}\nThis chapter introduces the package.\n\\begin{code}\n"
              "\\documentclass{scrreprt}\n\\begin{document}\nShown.\n\\end{document}\n\\end{code}\n"
              "\\section{Use}\nIt works with the classes.\n")
    texts = [b.text for b in latex_blocks(source)[0]]
    assert texts[:2] == ["Fundamentals", "This chapter introduces the package."]
    assert texts[-1] == "It works with the classes."
    # a document whose preamble has no heading keeps its body as before
    assert [b.text for b in latex_blocks("\\newcommand{\\x}{y}\nPreamble.\n\\begin{document}\nBody.\n"
                                         "\\end{document}")[0]] == ["Body."]


def test_a_class_s_own_title_page_fields_print_nothing_where_they_stand():
    """A thesis class's '\\department{…}', '\\supervisor{…}', afparticle's '\\volumenumber{…}' were read as text:
    a command the reader knows no other way, alone on its line at the body's top level before \\maketitle, stores
    a value for the title page and prints nothing up to \\maketitle; counted with the front matter. After it the
    same command prints as any other: '\\textbf{…}' alone on a line above \\maketitle took every bold word.
    Keywords and an abstract stay text; a command holding an environment there is prose the page shows (beamer's
    \\frame{…}); a \\maketitle after the text sets no fields (a documentation's, whose \\Macro{…} lines print)."""
    blocks, left_out = latex_blocks(
        "\\begin{document}\n\\title{A Thesis}\n\\department{Department of Physics}\n\\supervisor[Prof.]{Ada\n"
        "Lovelace}\n\\volumenumber{2}\n\\keywords{segmentation, lectures}\n\\abstract{We segment.}\n"
        "\\frame{\\begin{itemize}\\item Framed\\end{itemize}}\n\\maketitle\nThe text, \\department{Optics} on.\n"
        "\\end{document}")
    texts = [b.text for b in blocks]
    assert not re.search(r"Physics|Ada|Lovelace|\b2\b", " ".join(texts)), texts
    assert "segmentation, lectures" in " ".join(texts) and "We segment." in " ".join(texts)
    assert "Framed" in " ".join(texts) and texts[-1] == "The text, Optics on." and left_out["front"] == 3
    blocks, _ = latex_blocks("\\begin{document}\n\\textbf{A Lab}\n\\maketitle\nIt is \\textbf{bold}.\n\\end{document}")
    assert [b.text for b in blocks] == ["It is bold."]
    blocks, _ = latex_blocks("\\begin{document}\nA manual's text.\n\\Macro{name}\n\\maketitle\n\\end{document}")
    assert [b.text for b in blocks] == ["A manual's text. name"]


def test_a_thesis_s_title_page_information_file_sets_fields_not_text():
    """A thesis class's information file (tabriz-thesis's fa-title, yazd-thesis's fainfo: \\input by the thesis, no
    \\begin{document}, no \\maketitle but the class's own title command) was read as text: its \\department{…},
    \\supervisor{…} values one paragraph. Such a piece's commands alone on their lines from its start up to its
    first prose, \\title or a field the classes name among them, are its title page's fields (left out, counted,
    all through the piece: it has no \\maketitle after which they would print);
    its keywords, abstract, preface and the fields holding a heading or an environment (acknowledgements) stay
    text. A chapter's '\\textbf{…}' alone on a line sets nothing; an [option] over lines is no prose line."""
    info = ("\\title{A Thesis}\n\\department{Department of Physics}\n\\supervisor[Prof.]{Ada Lovelace}\n"
            "\\keywords{segmentation, lectures}\n\\preface{We thank no one.}\n"
            "\\ack{\\subsection*{Thanks}\nTo my parents.}\n\\thesistitle\nThe text, \\department{Optics} on.\n")
    blocks, left_out = latex_blocks(info)
    texts = " ".join(b.text for b in blocks)
    assert not re.search(r"Physics|Ada|Lovelace", texts) and left_out["front"] == 3, (texts, left_out)
    assert all(w in texts for w in ("segmentation, lectures", "We thank no one.", "Thanks", "To my parents.",
                                    "The text, on."))
    blocks, left_out = latex_blocks("\\textbf{Bold lead}\nA chapter's text.\n")
    assert [b.text for b in blocks] == ["Bold lead A chapter's text."] and not left_out.get("front")
    blocks, _ = latex_blocks("\\begin{document}\n\\department[A long\noption]{Physics}\n\\maketitle\nText.\n"
                             "\\end{document}")
    assert [b.text for b in blocks] == ["Text."]


def test_a_box_s_size_and_a_picture_s_coordinates_are_no_text():
    """A box's dimensions and a picture's coordinates were read as text ('\\hbox to 7em{x}' gave 'to 7emx', hyph-utf8's
    language table 'to 3mm to 6.5emen-us', '\\parbox[t]{5cm}{x}' '5cm x', '\\put(10,20){x}' '(10,20)x'): by kind of
    box, only its contents are read: TeX's box specification (to, spread) and a rule's (width, height, depth), the
    settings before a LaTeX box's text (all its [options]: '\\raisebox{1ex}[0pt][0pt]{x}', a minipage's), a picture
    object's coordinates, lengths and counts in their order. Plain TeX's \\line{…} (no pair) is a line of text."""
    boxes = {"\\hbox to 7em{Alpha}": "Alpha", "\\vbox spread 1em{Alpha}": "Alpha", "\\vtop to\\vsize{Alpha}": "Alpha",
             "\\vrule width 1pt height 2pt depth 0pt Alpha": "Alpha", "\\moveleft 3pt\\vbox{Alpha}": "Alpha",
             "\\parbox[c][3cm][t]{5cm}{Alpha}": "Alpha", "\\raisebox{1ex}[0pt][0pt]{Alpha}": "Alpha",
             "\\scalebox{0.5}{Alpha}": "Alpha", "\\resizebox{3cm}{!}{Alpha}": "Alpha",
             "\\begin{minipage}[t][3cm][b]{5cm}Alpha\\end{minipage}": "Alpha",
             "\\begin{picture}(100,50)(0,0)\\linethickness{2pt} \\put(10,20){Alpha}"
             "\\multiput(0,0)(10,0){5}{\\line(1,0){10}}\\put(1,1){\\circle*{2}} \\put(0,0){\\makebox(0,0)[l]{Beta}}"
             " \\dashbox{2}(10,5){Gamma}\\qbezier[9](0,0)(1,1)(2,0)\\end{picture}": "Alpha Beta Gamma",
             "\\line{Alpha \\hfill Beta}": "Alpha Beta"}
    for source, text in boxes.items():
        blocks, _ = latex_blocks(f"\\begin{{document}}\nStart {source} end.\n\\end{{document}}")
        assert " ".join(b.text for b in blocks) == f"Start {text} end.", (source, blocks)


def test_a_margin_note_s_shift_after_its_text_is_no_text():
    """'\\marginnote{x}[2cm]' left '[2cm]' in the sentence: marginnote's \\marginnote[left]{right}[shift] takes its
    vertical shift after the text (past spaces, as LaTeX's \\@ifnextchar); the note and its shift are left out."""
    blocks, left_out = latex_blocks("\\begin{document}\nA sentence\\marginnote{Note.}[2cm] goes on\\marginnote[L]{R}"
                                    " [-1\\baselineskip] to its end.\n\\end{document}")
    assert [b.text for b in blocks] == ["A sentence goes on to its end."] and left_out == {"margin notes": 2}


def test_a_counter_s_value_and_settings_print_no_word():
    """HgbLabReport's '\\chapter{Lab Report \\arabic{chapter}}' read 'Lab Report chapter': a counter's printed value
    (\\arabic, \\roman, \\Roman, \\alph, \\Alph, \\fnsymbol, \\value, and \\the<counter> a source defines with them)
    is not known without counting, and its name is no word of the text; nor do its settings print one."""
    texts = _texts("\\renewcommand{\\thesection}{\\Roman{section}}\n\\begin{document}\n"
                   "\\section{Report \\arabic{chapter}}\\stepcounter{page}\\addtocounter{page}{2}\n"
                   "Page \\roman{page} of \\Alph{page}\\alph{x}\\fnsymbol{footnote}, \\the\\value{page}, in "
                   "part \\thesection.\n\\end{document}")
    assert texts[0] == "Report" and re.findall(r"\w+", texts[1]) == ["Page", "of", "in", "part"]


def test_a_counter_s_printed_value_in_math_prints_no_word_either():
    """'$\\thechapter.1$' read 'thechapter.1': \\the<counter> of LaTeX's own counters and of those the source declares
    (\\newcounter, \\newtheorem) prints no word in math as in text; \\theta and \\therefore stay their names."""
    texts = _texts("\\newcounter{step}\\newtheorem{lemma}{Lemma}\n\\begin{document}\nSee $\\thechapter.1$ and "
                   "$\\thesection + \\thestep + \\thelemma$ with $\\theta \\therefore x$.\n\\end{document}")
    assert re.findall(r"[A-Za-z]+", texts[0]) == ["See", "and", "with", "theta", "therefore", "x"]


def test_spaces_are_taken_off_before_a_stop_only_where_a_citation_or_note_was():
    """Every space before a stop was taken off a LaTeX text ('works well~\\cite{x}.' → 'works well.', but also the
    source's own French ' :', ' ?' and spaced dot leaders '. . .'); only those before a stop right after a citation,
    a note or a label taken off go now, and a line holding only a label still ends nothing."""
    source = ("\\begin{document}\nIt works well~\\cite{knuth}. It is fast \\footnote{Very.}, and small \\cite{a} "
              "\\cite{b}!\n\nVoici la règle : elle marche \\cite{x} ; vraiment ? Dr. . . .\n\n"
              "\\section{Intro \\label{sec:intro}}\nA line\n\\label{here}\ngoes on.\n\\end{document}\n")
    texts = [b.text for b in latex_blocks(source)[0]]
    assert texts == ["It works well. It is fast, and small!", "Voici la règle : elle marche ; vraiment ? Dr. . . .",
                     "Intro", "A line goes on."]


def test_a_percent_sign_where_latex_reads_no_comment_is_text():
    """The comment stripper cut every unescaped '%' to its line's end: '\\verb"$x = 'a %O';"' lost its end and the
    '$' left there opened math; an address's '%20' (\\url, \\href) cut the line; a '%' line in a verbatim
    environment was counted as a comment and taken out of the code; '\\\\%' (a line break, then a comment) was read
    as an escaped '%'. LaTeX reads no comment in \\verb, an address or a verbatim body, and '\\\\%' is one."""
    blocks, counts = latex_blocks("\\begin{document}\nSet \\verb\"$pdf = 'xelatex %O %S';\" in the file. Then go.\n"
                                  "See \\url{http://a.org/x%20y} now or \\href{http://b.org/%7Eme}{my page} too.\n\n"
                                  "Last line\\\\% a comment\nends.\n\\begin{verbatim}\n% shown\nx\n\\end{verbatim}\n"
                                  "\\end{document}")
    text = " ".join(b.text for b in blocks)
    assert "%O %S';" in text and "Then go." in text and "x%20y now or" in text
    assert "my page too." in text and "Last line ends." in text and "a comment" not in text
    assert counts["comments"] == 1 and counts["code lines"] == 4


def test_a_listing_of_a_document_is_no_part_of_the_one_read():
    """A '\\begin{document}' or '\\end{document}' inside a verbatim environment or \\verb (a guide showing a
    document's source: acmart's samples, TeX Live's guide) began or ended the body read there (the rest of the
    guide lost); a \\newcommand or \\title a listing shows was taken as the source's own. Neither is now: the body
    is between the first of each outside verbatim text, and definitions are read outside it. The comment
    package's environment is left out as comments."""
    blocks, counts = latex_blocks("\\title{Real}\n\\begin{verbatim}\n\\title{Shown}\n\\newcommand{\\x}{gone}\n"
                                  "\\begin{document}\n\\end{verbatim}\n\\begin{document}\nStart \\x here.\n\n"
                                  "\\begin{verbatim}\n\\end{document}\n\\end{verbatim}\nPut it before "
                                  "\\verb|\\end{document}| and go on.\n\n\\begin{comment}\nHidden words.\n"
                                  "\\end{comment}\nAfter all.\n\\end{document}\nNot read.")
    text = [b.text for b in blocks]
    assert text[0] == "Real" and "Start here." in text and "Not read." not in " ".join(text)
    assert "Put it before \\end{document} and go on." in text and "After all." in text
    assert "Hidden" not in " ".join(text) and counts.get("comments", 0) > 0


def test_the_title_page_s_fields_are_left_out_and_counted_keywords_and_a_letter_s_words_stay():
    """amsart's \\address lines were read as one paragraph of prose (afparticle: 'Department, University, City, …'
    four times), as were \\subjclass's codes, revtex's \\altaffiliation and \\pacs, acmart's \\authornote, \\ccsdesc
    and \\received dates, elsarticle's \\ead and \\cortext, a letter's recipient's address, copies and enclosures, and
    a field's further arguments ('\\received{Date}{0}{Year}': '0Year'). They are left out and counted as front matter;
    keywords and a letter's opening and closing are its words and stay."""
    blocks, counts = latex_blocks(
        "\\begin{document}\n\\address{Dept. of Maths, Utopia University}\n\\curraddr{Elsewhere Lane}\n"
        "\\subjclass[2010]{Primary 05C38}\n\\dedicatory{To my teacher}\n\\received{Date}{0}{Year}\n"
        "\\altaffiliation{Also at Nowhere Institute}\n\\pacs{42.50.Dv}\n\\ead{me@utopia.edu}\n"
        "\\keywords{graph paths, cycles}\n\nGraphs have paths.\n\n\\begin{letter}{Ms Roe\\\\High Street 1}\n"
        "\\opening{Dear Ms Roe,}\nThank you.\n\\closing{Yours sincerely,}\n\\cc{Mr Doe}\\encl{A form}\n"
        "\\end{letter}\n\\end{document}")
    text = " ".join(b.text for b in blocks)
    assert "graph paths, cycles" in text and "Graphs have paths." in text
    assert "Dear Ms Roe," in text and "Thank you." in text and "Yours sincerely," in text
    assert not re.search(r"Utopia|Elsewhere|05C38|teacher|Year|Nowhere|42\.50|High Street|Doe|form", text)
    assert counts["front"] == 11


def test_a_verbatim_environment_defined_in_a_comment_or_a_listing_is_no_verbatim_environment():
    """fancyvrb's \\DefineVerbatimEnvironment and listings' \\lstnewenvironment define a verbatim environment where
    LaTeX reads them: one commented out, or shown in a listing, defines nothing, and the environment of that name is
    read as the source defines it (its prose), not left out as code."""
    for definition in ("% \\DefineVerbatimEnvironment{note}{Verbatim}{}\n",
                       "\\begin{verbatim}\n\\lstnewenvironment{note}{}{}\n\\end{verbatim}\n"):
        source = ("\\documentclass{article}\n\\usepackage{fancyvrb}\n" + definition +
                  "\\newenvironment{note}{}{}\n\\begin{document}\nFirst words here. Then some more.\n\n"
                  "\\begin{note}\nA remark worth reading.\n\\end{note}\n\\end{document}\n")
        doc = load_latex(source)
        assert "A remark worth reading." in doc.elements, (definition, doc.elements)
    live = load_latex("\\documentclass{article}\n\\DefineVerbatimEnvironment{note}{Verbatim}{}\n\\begin{document}\n"
                      "Some words. More words.\n\n\\begin{note}\nx = 1 % not a comment\n\\end{note}\n\\end{document}\n")
    assert " ".join(live.elements) == "Some words. More words." and live.meta["left_out"]["code lines"] >= 1


def test_a_short_verb_s_text_is_read_as_verb_s_from_its_declaration_to_its_deletion():
    """doc's \\MakeShortVerb{\\|} and fancyvrb's \\DefineShortVerb{\\|} make '|\\cmd|' read as \\verb|\\cmd| is (its
    text as written: no heading, no command expanded or dropped, no comment), from there on until \\DeleteShortVerb
    (\\UndefineShortVerb); a declaration in a comment declares nothing; the ltxdoc class declares '|' itself, at
    \\begin{document}, unless the preamble deletes it."""
    body = ("Use |\\section| and |\\author{x}| here. A |50%| rise is seen.\n\n\\DeleteShortVerb{\\|}\n"
            "Now a|b|c is plain. The end is near.\n\\end{document}\n")
    for declare in ("\\usepackage{shortvrb}\n\\MakeShortVerb{\\|}\n",
                    "\\usepackage{fancyvrb}\n\\DefineShortVerb{\\|}\n", "\\documentclass{ltxdoc}\n"):
        doc = load_latex(("" if "ltxdoc" in declare else "\\documentclass{article}\n") + declare +
                         "\\begin{document}\n" + body)
        assert doc.elements == ["Use \\section and \\author{x} here.", "A 50% rise is seen.",
                                "Now a|b|c is plain.", "The end is near."], (declare, doc.elements)
    for off in ("\\documentclass{article}\n% \\MakeShortVerb{\\|}\n",
                "\\documentclass{ltxdoc}\n\\AtBeginDocument{\\DeleteShortVerb{\\|}}\n"):
        doc = load_latex(off + "\\begin{document}\nIt is |\\emph{fine}| here. A 50% rise.\n\\end{document}\n")
        assert doc.elements == ["It is |fine| here.", "A 50"], (off, doc.elements)


def test_a_macro_the_source_defines_wins_over_the_reader_s_tables_a_sectioning_command_stays_a_heading():
    """TeX's last definition wins: a source that defines \\email, \\index or \\cite for itself has them expanded as
    it defines them, not dropped as the title page's field, an index entry or a citation; the reader's tables serve
    the names it does not define. A redefined \\section (\\@startsection) is still a heading."""
    source = ("\\documentclass{article}\n\\newcommand{\\email}[1]{mail #1}\n\\renewcommand{\\index}[1]{#1}\n"
              "\\renewcommand{\\cite}[1]{after Knuth}\n\\renewcommand{\\href}[2]{#2 at #1}\n"
              "\\renewcommand{\\section}{\\@startsection{section}{1}{0pt}{1ex}{1ex}{\\bfseries}}\n\\begin{document}\n"
              "\\section{Contact}\nWrite to \\email{ann} about \\index{parsing}, as told \\cite{k}. "
              "See \\href{x.org}{the site} too.\n\\end{document}\n")
    doc = load_latex(source)
    assert doc.elements == ["Contact", "Write to mail ann about parsing, as told after Knuth.",
                            "See the site at x.org too."], doc.elements


def test_a_mid_line_comment_takes_its_line_end_and_the_next_line_s_leading_spaces():
    """TeX drops a comment with its line's end and skips the next line's leading spaces: 'fo%\\n  o' is 'foo',
    'foo %\\nbar' is 'foo bar'. The reader kept the line end after a mid-line '%': a macro body opening '{%' began
    with a line end, a blank line where it was used at a line's start. A blank line after the comment (or after
    comment lines) still ends the paragraph; after a command's end ('\\noindent%', '\\department{X}%') the line end
    stays (a title page's field is still alone on its line). A macro's argument after a control word in its body
    ('{\\small#1}') does not glue to it: 'Options' read after a '{%' that no longer brings a line end."""
    source = ("\\documentclass{article}\n\\newcommand{\\link}[1]{%\n  \\textbf{#1}}\n\\newcommand{\\opt}[1]{{\\small#1}}\n"
              "\\title{T}%\n\\begin{document}\n\\department{Physics}%\n\\maketitle\n\\opt{%\n  Options} are here.\n\n"
              "It is a fo%\n   o and a foo %\nbar. See the\n\\link{manual} now.\n\n"
              "Ends here.%\n% a comment line\n\nThe next wo% half\n% and again\n  rd. "
              "\\noindent%\nSpaced words.\n\\end{document}\n")
    blocks, counts = latex_blocks(source)
    assert [b.text for b in blocks] == ["T", "Options are here.", "It is a foo and a foo bar. See the manual now.",
                                        "Ends here.",
                                        "The next word. Spaced words."]
    assert counts["comments"] == 11 and counts["front"] == 1  # each line with a comment, joined ones among them


def test_a_character_given_by_its_number_prints_that_character():
    """\\char and \\symbol print the character of their number: decimal, "hex, 'octal or `character ('\\char92',
    '\\char"5C', "\\char'134", '\\char`\\\\', '\\symbol{92}': a backslash). The reader read \\char as a command with no
    argument and its number as text: '\\texttt{\\char92begin}' read '92begin'. One space after the number is eaten,
    as TeX eats it ('\\char65 pples' is 'Apples')."""
    body = ("Type \\texttt{\\char92begin}, \\texttt{\\char\"5Cend}, \\texttt{\\char'134par}, \\texttt{\\char`\\\\item} "
            "or \\texttt{\\symbol{92}relax} and \\char`\\%5 more. \\char65 pples and \\symbol{\"42}ees.")
    blocks, _ = latex_blocks("\\begin{document}\n" + body + "\n\\end{document}")
    assert [b.text for b in blocks] == ["Type \\begin, \\end, \\par, \\item or \\relax and %5 more. Apples and Bees."]


def test_a_macro_that_prints_one_character_eats_the_spaces_after_it():
    """manptp's '\\def\\BS{\\ttfamily \\symbol{"5C}}' and '{\\ttfamily \\BS cite}' read '\\ cite': the macro's text
    was ' \\' (the space after \\ttfamily, a command the reader does not know, kept), not one character, so the space
    after \\BS, which TeX's tokenizer eats, stayed. One character with spaces around it is a symbol's text too; a
    macro that prints a word keeps the space after it ('\\LaTeX is' stays two words)."""
    blocks, _ = latex_blocks("\\def\\BS{\\ttfamily \\symbol{\"5C}}\n\\newcommand{\\Name}{\\ttfamily Segcore}\n"
                             "\\begin{document}\nUse the {\\ttfamily \\BS cite} command of \\Name here.\n"
                             "\\end{document}")
    assert [b.text for b in blocks] == ["Use the \\cite command of Segcore here."]


def test_a_font_switch_prints_nothing_and_eats_the_spaces_after_it():
    """manptp's '\\BS\\BS' (\\def\\BS{\\ttfamily \\symbol{"5C}}) read '\\ \\': a font switch was a command the
    reader does not know, the space after it kept, so the macro printed ' \\'. A font switch (family, series, shape,
    size) prints nothing, takes no argument and, as any control word in TeX, the spaces after it go: '({\\tt
    file.tex})' reads '(file.tex)', '{\\bf[1] x}' keeps its '[1]', '$\\rm km$' prints no 'rm'."""
    blocks, _ = latex_blocks("\\def\\BS{\\ttfamily \\symbol{\"5C}}\n\\begin{document}\n"
                             "A line break is \\BS\\BS, see ({\\tt file.tex}) and {\\bf[1] x}, in $\\rm km$.\n"
                             "\\end{document}")
    assert [b.text for b in blocks] == ["A line break is \\\\, see (file.tex) and [1] x, in km."]


def test_an_optional_argument_ends_at_its_bracket_outside_braces():
    """nwejm's example '\\begin{bodycode}[listing options={deletekeywords={[2]title}}]' read 'title]' as a paragraph:
    the option was taken to end at the first ']', inside its braces. TeX reads a delimited argument to the first ']'
    outside braces, so do the environments' and the commands' [options] here."""
    texts = _texts("\\begin{document}\n\\begin{quote}[listing options={deletekeywords={[2]title}}]\nThe text here.\n"
                   "\\end{quote}\nAs \\foo[key={[1]x}, other=y]{Word} said. The end.\n\\end{document}")
    assert texts == ["The text here.", "As Word said. The end."]


def test_horizontal_space_and_table_cells_set_words_apart():
    """gdb's refcard 'eg:\\quad{\\tt break main.c:37}' read 'eg:break main.c:37' (\\quad took the group for its
    argument), chs-physics-report's '\\emph{Haiku:}\\hspace{35.25pt}' glued 'Haiku:One', dvipdfm's plain \\halign
    '-c&{\\it Disable}' '-c&Disable', pdftex-t's ConTeXt cells '\\NC\\bf default\\NC\\bf comment' 'defaultcomment':
    TeX's horizontal spaces, \\hspace and \\hskip of a positive width, a table's cell and row ends print a space; a
    negative width (a logo's kern) none, a line of '&' no blank line."""
    blocks, _ = latex_blocks(
        "\\begin{document}\neg:\\quad{\\tt break}\\qquad{\\bf x}\\enspace y\\hfill z. "
        "\\emph{Haiku:}\\hspace{35.25pt}One\\hspace{-2pt}Two\\hskip 1em plus 1fil Three\\hspace*{\\fill}Four. "
        "T\\kern-.1667em\\lower.5ex\\hbox{E}\\kern-.125emX.\n"
        "-c&{\\it Disable}\\cr\n-e&Embed\\cr\n\\NC\\bf default\\NC\\bf comment\\NC\\NR\n&\nlast\n\\end{document}")
    assert [b.text for b in blocks] == ["eg: break x y z. Haiku: OneTwo Three Four. TEX. -c Disable -e Embed "
                                        "default comment last"]


def test_an_address_is_read_as_written_and_a_phantom_prints_no_text():
    """'\\url{http://x.org/~nwejm/?a=1&b=2}' read 'http://x.org/ nwejm/?a=1&b=2' ('~' a tie); an address is its
    characters (a macro of the source's own expanded). powerdot-tuliplab's '{#1\\vphantom{#2}}' printed #2's text:
    a phantom sets its argument's room, not its text (\\phantom a space, \\vphantom nothing)."""
    blocks, _ = latex_blocks("\\newcommand{\\home}{http://h.org/}\n\\begin{document}\nSee "
                             "\\url{http://x.org/~nwejm/?a=1&b=2\\%} and \\url{\\home}. A\\phantom{xx}B"
                             "\\vphantom{Cq}.\n\\end{document}")
    assert [b.text for b in blocks] == ["See http://x.org/~nwejm/?a=1&b=2% and http://h.org/. A B."]


def test_the_l3doc_class_declares_its_short_verbs():
    """l3doc, as ltxdoc does, declares short verbs itself at \\begin{document} (\\MakeShortVerb\\" and \\MakeShortVerb\\|):
    an l3doc manual's '|\\section|' was a heading and '"50%"' a comment that took the rest of the line."""
    doc = load_latex("\\documentclass{l3doc}\n\\begin{document}\nUse |\\section{x}| and \"\\emph{y}\" here. A \"50%\" "
                     "rise is seen.\n\\end{document}\n")
    assert doc.elements == ["Use \\section{x} and \\emph{y} here.", "A 50% rise is seen."]


def test_tex_s_definitions_of_every_kind_print_nothing():
    """\\def was read as a definition, but \\edef, \\gdef and \\xdef printed their replacement text (samplepdf's
    '\\edef\\pdfcreationdate{…}'), and a \\def whose parameter text is delimited (yathesis's
    '\\def\\mysplit#1-#2-#3-{…}', runs up to the body's '{') printed its parameters and its body. Now all are one
    rule: no text where they stand; a \\gdef expands where it is called as a \\def does, an \\edef that names itself
    (it adds to its old value) is not expanded (its call read as any command's)."""
    blocks, _ = latex_blocks("\\begin{document}\nOne \\edef\\a{alpha} two \\gdef\\b#1{[#1]} three \\xdef\\c{gamma} "
                             "four \\global\\edef\\d{delta} five \\long\\def\\e#1{eps} six \\protected\\def\\f{phi} "
                             "seven \\def\\split#1-#2-{(#1/#2)} eight \\def\\g #1{<#1>} nine "
                             "\\xdef\\list{\\list,more} ten \\b{z} \\g{y} \\list.\n\\end{document}")
    text = blocks[0].text
    for word in ("alpha", "gamma", "delta", "eps", "phi", "#", "more"):
        assert word not in text, word
    assert text.startswith("One two three four five six seven eight nine ten")
    assert "[z]" in text and "<y>" in text  # \gdef and a \def with a space before its parameters expand


def test_a_penalty_s_number_is_taken_with_its_signs_after_a_digit_too():
    """'1\\penalty-10000 B' read '1-10000 B': after a digit \\penalty was taken for a register and '1' its factor,
    so its number was left as text; '\\penalty+100' and '\\penalty--50' kept theirs (TeX reads optional signs, '+'
    and '-', before the digits). \\penalty is a command that takes a number, never a factor."""
    texts = _texts("\\begin{document}\nStep 1\\penalty-10000 two \\penalty+100 three \\penalty--50 four "
                   "\\penalty - 10000 five 6\\penalty10000\\ six.\n\\end{document}")
    assert texts == ["Step 1 two three four five 6 six."]


def test_a_forced_line_break_by_a_penalty_sets_the_words_apart():
    """'A\\penalty-10000B' read 'AB': a penalty printed nothing, but one of -10000 or less forces TeX to break the
    line there, and plain TeX's and LaTeX's \\break ('\\penalty-\\@M') is one: the words on either side are set
    apart, as by '\\\\' and \\newline ('\\penalty-"2710' is -10000 too). Any other penalty ('--10000' is +10000,
    \\nobreak's 10000, \\allowbreak's 0, one a register holds) sets nothing apart, and no penalty's number is text."""
    texts = _texts("\\begin{document}\nA\\penalty-10000B C\\penalty -20000D E\\penalty-\\@M{}F G\\break{}H "
                   "I\\penalty--10000J K\\penalty-\"2710L M\\penalty10000N O\\penalty0P Q\\penalty-9999R "
                   "S\\penalty-\\x{}T U\\\\V.\n\\end{document}")
    assert texts == ["A B C D E F G H IJ K L MN OP QR ST U V."]


def test_true_before_a_unit_may_stand_apart_from_it():
    """pdftexconfig's '\\pdfpagewidth = 210 true mm' read 'true mm': 'true' was taken only written against its unit
    ('1truein'), but TeX skips spaces before each keyword of a dimension, so '210 true mm' is one dimension, no text,
    after a parameter ('\\hsize=5 true in'), a kern or a command the reader does not know."""
    texts = _texts("\\begin{document}\nOne \\pdfpagewidth = 210 true mm two \\hsize=5 true in three "
                   "\\kern 1 true cm four \\hoffset=1truein five.\n\\end{document}")
    assert texts == ["One two three four five."]


def test_an_etex_expression_as_a_value_is_taken_to_its_relax():
    """'\\hsize=\\dimexpr\\textwidth-2em\\relax' printed '-2em' and '\\count0=\\numexpr 2+3\\relax' '2+3': a value
    that is an e-TeX expression (\\numexpr, \\dimexpr, \\glueexpr, \\muexpr) was taken as a register's name alone,
    its operands left as text. TeX reads the expression to its \\relax as the value, after '=' or none, a
    penalty and \\advance too; nothing of it prints. \\let takes one token, an expression's name too."""
    texts = _texts("\\begin{document}\nOne \\count0=\\numexpr 2+3\\relax two \\hsize=\\dimexpr\\textwidth-2em\\relax "
                   "three \\advance\\count0 by \\numexpr 2*3\\relax four \\parindent\\dimexpr 2em+1pt\\relax five "
                   "\\penalty\\numexpr -5000*2\\relax six \\skip0=\\glueexpr 1pt plus 2pt*2\\relax seven "
                   "\\let\\x=\\numexpr eight.\n\\end{document}")
    assert texts == ["One two three four five six seven eight."]


def test_a_line_or_page_break_s_urgency_is_no_text():
    """hep-paper's documentation '"\\nicefrac"\\linebreak[1]\\marg{number}' printed '[1]': LaTeX's \\linebreak and
    \\pagebreak take an optional urgency, 0 to 4, as \\nolinebreak and \\nopagebreak (already read as settings) do.
    The break stays a space and a paragraph's end; \\newline takes none, a bracket after it is text."""
    texts = _texts("\\begin{document}\nOne\\linebreak[1]two \\linebreak [4] three\\nolinebreak[2]four "
                   "\\newline[x] five\\pagebreak[3]six.\n\\end{document}")
    assert texts == ["One two threefour [x] five", "six."]


def test_a_count_register_takes_a_number_and_no_unit_even_across_a_line_s_end():
    """'\\advance\\count0 by 1⏎in the loop' read 'the loop': \\advance took a dimension whatever its register, so the
    next line's 'in' (or 'increase''s 'in' on the line) became the unit of '1'. TeX (checked with pdftex) adds a
    number to a count register, no unit, and prints 'in the loop'; so does '\\count1=5⏎in'. A dimension register
    still takes its unit across the line's end, as TeX does."""
    texts = _texts("\\newcount\\n \\countdef\\c=10\n\\begin{document}\nOne \\advance\\count0 by 1\nin two "
                   "\\advance\\n 2\nex three \\advance\\c by -1 increase four \\count1=5\nin five "
                   "\\advance\\tolerance 1\nem six \\advance\\dimen0 by 1\nin seven.\n\\end{document}")
    assert texts == ["One in two ex three increase four in five em six seven."]


def test_a_macro_s_delimited_parameters_take_what_tex_takes():
    """'\\def\\split#1-#2-{…}' was recognised, but its call '\\split x-y-' read 'x-y-': a macro with delimited
    parameters was not expanded. Now each delimited argument runs to its delimiter (the text after its parameter) outside
    braces, a group around all of it unwrapped; the text before #1 must follow the call; a parameter followed by another
    is undelimited (one token or group); a space delimits as a line's end does; \\par is a blank line too. A call that
    does not match, or whose argument would run past its paragraph, reads as any command's, as before."""
    texts = _texts("\\def\\split#1-#2-{[#1|#2]}\\def\\pt(#1,#2)#3{<#1;#2;#3>}\\def\\grab#1 {(#1)}"
                   "\\def\\upto#1\\par{{[#1]}}\\expandafter\\def\\csname x\\endcsname#1-{no}\n\\begin{document}\n"
                   "One \\split x-y- two \\split {a-b}-c- three \\split p{-}q-r- four \\pt (1,2)z five "
                   "\\grab word\nsix \\upto seven\neight\n\nnine \\pt no match ten \\split a-b\n\neleven "
                   "\\csname y\\endcsname-twelve.\n\\end{document}")
    assert texts[0] == ("One [x|y] two [a-b|c] three [p-q|r] four <1;2;z> five (word)six [seven eight]nine no match "
                        "ten a-b")
    assert "no" not in texts[1]  # \\csname x\\endcsname was defined, not \\csname


def test_a_class_s_options_for_maketitle_are_no_text():
    """yathesis's '\\maketitle[nofrontcover,frametitle={drop lifted shadow}]' printed its option list."""
    blocks, _ = latex_blocks("\\begin{document}\n\\maketitle[nofrontcover,frametitle={drop lifted shadow}]\n"
                             "The text.\n\\end{document}")
    assert [b.text for b in blocks] == ["The text."]


def test_a_box_register_where_it_is_used_is_no_text():
    """'\\box255' printed '255' (plain TeX's output routine, manmac's and webmac's): a box register's number or
    name after \\box, \\copy, \\unhbox, \\unvbox, \\unhcopy, \\unvcopy is no text; the text around stays."""
    blocks, _ = latex_blocks("\\begin{document}\nOne \\box255 two \\copy\\mybox three \\unhbox0 four \\unvbox 12 "
                             "five \\unhcopy\"1F six \\unvcopy\\x seven.\n\\end{document}")
    assert blocks[0].text == "One two three four five six seven."


def test_tex_s_parameters_set_without_an_equals_sign_print_nothing():
    """'\\penalty0' printed '0' (pdftex-t's \\Sugar), '\\tolerance 9999', '\\parindent0pt', '\\parskip 1ex plus 1pt'
    their values (etex_gen, manptp, tstlmts1): TeX's integer, dimension and glue parameters take a value with '='
    or without, and \\penalty a number. A kern takes the optional space after its dimension, a line's end among it,
    as TeX does (pdftex-t's \\Sugar, '…\\kern.25em⏎\\penalty0', split its syntax lines into paragraphs once the
    '0' was gone); a positive one with a space there still sets words apart, a \\vskip's line end stays. A
    parameter used as a value (a factor '.5\\hsize', after '=') sets nothing and the
    text after it stays; a parameter alone takes nothing (ConTeXt's '\\language[de]' keeps its option a setting)."""
    texts = _texts("\\begin{document}\nOne \\penalty0 two \\penalty-\\@M{} three \\tolerance 9999 four "
                   "\\clubpenalty10000 five \\parindent0pt six \\parskip 1ex plus 1pt seven \\hsize\\textwidth eight "
                   "\\looseness-1 nine \\kern.5em\\penalty10000\\hskip 1em ten \\vsize=.5\\hsize{} eleven "
                   "{\\language[de] twelve}.\n\\end{document}")
    assert texts == ["One two three four five six seven eight nine ten eleven twelve."]
    texts = _texts("\\begin{document}\nOne \\n=\\time two \\divide\\n 60 three.\n\\end{document}")
    assert texts[0].endswith("two three.")  # \\time is \\n's value: '\\divide' is not taken as its
    body = "\\def\\Sugar#1{\\kern.25em{#1}\\kern.25em\n   \\penalty0 \\ignorespaces}\n"
    texts = _texts(f"{body}\\begin{{document}}\nA \\Sugar{{b}}\n  \\Sugar{{c}} d.\n\\end{{document}}")
    assert texts == ["A b c d."]
    texts = _texts("\\begin{document}\nA para.\n\\vskip 6pt\nAnother.\n\\end{document}")
    assert texts == ["A para.", "Another."]


def test_an_integer_parameter_after_a_number_is_set_not_its_factor():
    """'2\\tolerance 9999' read '2 9999': a number before a parameter was taken as its factor, as in '.5\\hsize'.
    A factor multiplies a dimension; an integer parameter after a number (TeX's, or a register \\newcount declares) is
    set, as TeX sets it: the number printed, the value not. A dimension one after a number is still a factor."""
    texts = _texts("\\newcount\\n\n\\begin{document}\nIn 2\\tolerance 9999 cases, 3\\clubpenalty10000 more, "
                   "4\\n 12 left, \\vsize=.5\\hsize{} half.\n\\end{document}")
    assert texts == ["In 2 cases, 3 more, 4 left, half."]


def test_context_s_type_is_verbatim_text():
    """pdftex-t (ConTeXt) names its primitives with \\type{…}: '\\type{\\pdfcompresslevel}' printed nothing, a '%'
    in one began a comment, '\\type{\\input}' counted an input. In a ConTeXt source (\\starttext) \\type{…} (its braces
    balanced), \\type<<…>> and \\typ{…} are verbatim text as \\verb's; a LaTeX source's own \\type macro is its own."""
    blocks, left = latex_blocks("\\starttext\nSet \\type{\\pdfcompresslevel} or \\type{\\pdfliteral{q}}, "
                                "\\type<<\\x{y}>> and \\typ{a%b} here, \\type{\\input} too.\n\\stoptext\n")
    assert [b.text for b in blocks] == [
        "Set \\pdfcompresslevel or \\pdfliteral{q}, \\x{y} and a%b here, \\input too."]
    assert not left.get("inputs") and not left.get("comments")
    assert _texts("\\documentclass{article}\n\\begin{document}\nUse \\type{\\box0} end.\n\\end{document}") == [
        "Use end."]


def test_a_register_the_source_declares_is_set_by_its_name_and_prints_nothing():
    """manmac's '\\newdimen\\pagewidth', then '\\pagewidth=\\hsize', printed '=' (a command the reader did not know,
    then a value it did not take); samplepdf's '\\newdimen\\d' then '\\d=\\ht1' read \\d as the under-dot accent. A
    register the source declares (\\newcount, \\newdimen, \\newskip, \\newmuskip, \\newtoks, \\newlength, \\countdef
    and its kinds) is set by its name, '=' optional, and prints nothing; used as a value or alone it sets nothing
    and the text after it stays; a token register's braced text is read where it is set, as \\toks0's. A source's
    own allocation macro (plain TeX's '\\outer\\def\\newdimen{…}') declares one, its text no prose."""
    texts = _texts("\\newdimen\\pagewidth \\newcount\\n \\newskip\\gap \\newlength{\\colw}\\newtoks\\note"
                   "\\newdimen\\d \\countdef\\k=10\n\\begin{document}\nOne \\pagewidth=\\hsize two \\n 3 three "
                   "\\gap=1em plus 2pt four \\colw 2cm five \\note={kept} six \\hsize=\\pagewidth seven \\d=\\ht1 "
                   "eight \\k=-\\n{} nine \\the\\n{} ten.\n\\end{document}")
    assert texts == ["One two three four five kept six seven eight nine ten."]
    texts = _texts("\\def\\newdimen{\\message{No room for a new dimen}}\n\\newdimen\\maxdimen \\maxdimen=16383.99pt "
                   "Text.\n")
    assert texts == ["Text."]


def test_multiply_and_divide_take_an_integer_and_px_is_a_unit():
    """gdb's refcard '\\multiply \\temp by 2 \\advance \\fullhsize by -\\temp' printed 'by -': \\multiply's factor
    '2 \\advance' was read as a dimension (2 times the register \\advance), and manmac's '\\divide\\varunit by 58'
    took the '\\def' on the next line after its comment, printing the macro's body. \\multiply and \\divide take an
    integer; pdfTeX's 'px' is a unit ('\\hsize=1200px' printed 'px')."""
    texts = _texts("\\newdimen\\temp \\newdimen\\full\n\\begin{document}\nOne \\multiply \\temp by 2 \\advance \\full "
                   "by -\\temp{} two \\divide\\temp by 58 % note\n\\def\\x{body}three \\hsize=1200px four.\n"
                   "\\end{document}")
    assert texts == ["One two three four."]


def test_a_token_list_parameter_s_text_is_no_prose():
    """'\\everypar{…}', '\\headline={…}', '\\output{…}' and '\\errhelp{…}' printed their braced text where they were
    set: plain TeX's running heads (letterformat's 'To … Page', webmac's 'TABLE OF CONTENTS'), an output routine's
    and \\everycr's code (plain.tex's '>-1000'), encTeX's error help ('Sorry, you can't use this file …'). TeX's
    token-list parameters and plain TeX's \\headline and \\footline are set by name, '=' optional, to code run
    elsewhere, page furniture or a terminal's help: no prose. Named alone they take nothing; a register of the
    source's (\\newtoks) still reads its text where it is set."""
    texts = _texts("\\newtoks\\note\n\\begin{document}\nOne \\everypar{\\hangindent2em} two \\headline={\\hfil\\tenrm "
                   "Running head} three \\output{\\plainoutput} four \\errhelp{Help text} five "
                   "\\footline = {\\hss\\folio\\hss} six \\everymath{\\displaystyle}\\everycr{} seven \\the\\everypar"
                   "{} eight \\note={kept} nine.\n\\end{document}")
    assert texts == ["One two three four five six seven eight kept nine."]


def test_a_context_project_s_files_are_context_sources():
    """The LuaTeX manual's chapters (luatex-tex, luatex-nodes, …: '\\environment luatex-style', '\\startcomponent
    luatex-tex') are ConTeXt sources without \\starttext: their '\\type{\\box0}' printed nothing and '\\type{--ini}'
    an en dash. A ConTeXt project's files (\\startcomponent, \\startproduct, \\startproject, \\startenvironment,
    \\startdocument) and one loading an environment by name are ConTeXt's; a LaTeX manual's '\\environment{name}'
    (schule's) is no such load and its own \\type stays its own."""
    for head in ("\\environment luatex-style\n\n", "\\startcomponent luatex-tex\n", "\\startproduct manual\n",
                 "\\environment[style]\n", "\\startenvironment luatex-logos\n", "\\startdocument[manual=Lua\\TeX]\n"):
        assert _texts(f"{head}\nUse \\type{{\\box0}} and \\type{{--ini}} here.\n")[-1] == "Use \\box0 and --ini here."
    assert _texts("\\documentclass{article}\n\\begin{document}\n\\environment{box} is one. Use \\type{\\box0} end.\n"
                  "\\end{document}") == ["box is one. Use end."]


def test_a_context_project_s_file_names_are_no_text():
    """The LuaTeX manual's chapters opened with their file names as paragraphs ('luatex-style', 'luatex-tex'), and
    luatex.tex listed its components ('luatex-titlepage luatex-firstpage'): in a ConTeXt source the files its project
    loads (\\environment, \\component, \\product, \\project) and starts (\\startcomponent, …) are named, no text;
    a LaTeX source's own braced '\\project{…}' (uwa-pcf's title field) is no such name."""
    texts = _texts("\\environment luatex-style\n\\environment[luatex-logos]\n\n\\startcomponent luatex-tex\n\n"
                   "\\startchapter[title=Basics]\nSome text.\n\\component luatex-nodes\n\\stopchapter\n"
                   "\\stopcomponent\n")
    assert texts == ["Some text."]
    assert _texts("\\documentclass{article}\n\\begin{document}\nThe \\environment{box} and "
                  "\\project{Research} here.\n\\end{document}") == ["The box and Research here."]
