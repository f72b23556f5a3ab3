"""reStructuredText sources (segcore.rest, loaders.load_rest): section titles by adornment style, paragraphs with
their inline markup resolved, the prose of notes read, code, tables, fields and other directives left out and counted;
the Python documentation corpus of the benchmarks is built by the same reader."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from segcore.formats import sniff_format
from segcore.loaders import left_out_notes, load, load_rest
from segcore.structure import with_structure
from tests.loading import loaded_or_refused

GUIDE = """\
=====
Guide
=====

.. _install:

Installing
==========

Run the **installer** from the `download page <https://example.org>`_. It asks for a *disk*::

    $ ./install --disk sda
    done

.. note::

   Back up your files first. See :ref:`usage` and :func:`shutil.copy`.

.. image:: logo.png

Using
=====

.. _usage:

Running it
----------

Start the program with ``run``. It opens a window.

* First item of a list.
* Second item, see :ref:`install`.

:Author: Ada

+-----+-----+
| a   | b   |
+-----+-----+

>>> print(1)
1

.. code-block:: python

   print("hello")
"""


def test_a_guide_reads_as_its_prose_with_its_sections():
    doc = load_rest(GUIDE, source="guide.rst")
    outline = doc.meta["outline"]
    assert doc.meta["format"] == "rest" and outline.title == "Guide"
    assert [h.title for h in outline.sections(1)] == ["Installing", "Using"]
    assert [h.title for h in outline.sections(2)][-1] == "Running it"
    assert doc.elements[2:4] == ["Run the installer from the download page.", "It asks for a disk:"]
    assert "Back up your files first." in doc.elements and "See Running it and shutil.copy." in doc.elements
    assert "Start the program with run." in doc.elements and "Second item, see Installing." in doc.elements
    text = " ".join(doc.elements)
    for gone in ("./install", "done", "logo.png", "Ada", "| a", "print", "**", "`", ".. "):
        assert gone not in text, gone
    assert doc.meta["left_out"] == {"code lines": 5, "directives": 1, "fields": 1, "table and figure lines": 3}
    assert any(n.startswith("left out of the reST source: ") for n in left_out_notes(doc))
    assert with_structure(doc, "sections").reference[-1] == doc.n


def test_a_transition_is_neither_a_sentence_nor_a_heading():
    """A transition ('----------' between blank lines, docutils' horizontal rule) was read as a sentence."""
    doc = load_rest("Rivers\n======\n\nRivers flow. They rise.\n\n----------\n\nFloods came. Towns emptied.\n")
    assert doc.elements == ["Rivers", "Rivers flow.", "They rise.", "Floods came.", "Towns emptied."]
    assert doc.meta["left_out"] == {"rules": 1}


def test_rest_is_recognised_by_its_name():
    assert sniff_format(GUIDE.encode(), "guide.rst") == "rest"
    assert sniff_format(GUIDE.encode(), "classes.rst.txt") == "rest"
    assert load(GUIDE.encode(), format="rest").meta["format"] == "rest"


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(["Title", "=====", "-----", "", "Some words in a sentence here.", ".. note::",
                                 "   Indented prose of a note.", ".. code-block:: python", "   x = 1", "::",
                                 "* an item", ":Field: value", "+---+", "| a |", ">>> 1", ":ref:`x`", "``lit``",
                                 "`link <u>`_", ".. _label:"]), max_size=30))
def test_any_rest_loads_or_says_why(lines):
    loaded_or_refused(load_rest, "\n".join(lines))


def test_a_list_s_round_square_and_arrow_bullets_open_items():
    """reST lists set with '◦', '▪' or '►' (as text and PDFs have them, sentences.BULLETS) were read as one paragraph,
    the bullets kept in its text; they open items as '-', '*', '+' and '•' do."""
    doc = load_rest("Tools\n=====\n\n◦ a hammer\n◦ a saw\n\n▪ nails\n► glue\n- tape\n")
    assert doc.elements == ["Tools", "a hammer", "a saw", "nails", "glue", "tape"]


def test_an_empty_comment_takes_no_block_after_it():
    """'..' alone over a blank line is an empty comment: it ends the list above it (as pandoc writes it) and the
    indented text after it is a block quote, read; a comment with text takes its indented block."""
    doc = load_rest("Hooks\n=====\n\n- First item here.\n\n..\n\n   Stability: 1 - Experimental.\n\n"
                    ".. a comment\n   not read either.\n\nThe rest is read.\n", source="hooks.rst")
    assert doc.elements == ["Hooks", "First item here.", "Stability: 1 - Experimental.", "The rest is read."]


def test_a_substitution_reads_as_its_definition():
    """A substitution reference reads as its definition's text ('replace::'), as nothing when it stands for an image
    (a README's badges), and as its name when the source does not define it (Sphinx's |version|)."""
    doc = load_rest("Guide\n=====\n\n|badge| |Build Status|\n\nThe |tool| reads files. This is |version| now.\n\n"
                    ".. |badge| image:: https://example.org/badge.svg\n.. |Build Status| image:: https://example.org/b.svg\n"
                    "   :target: https://example.org\n.. |tool| replace:: *segment* tool\n", source="guide.rst")
    assert doc.elements == ["Guide", "The segment tool reads files.", "This is version now."]


def test_doc_roles_and_tabs_read_as_their_text():
    """':doc:' reads as its explicit title, else its path's last part ('-', '_' as spaces); the bodies of tabs
    (sphinx-design's tab-set and tab-item, sphinx-tabs' tabs and tab) are read, their labels are not."""
    doc = load_rest("Setup\n=====\n\nRead :doc:`usage/first_steps` and :doc:`the guide <guide>`.\n\n"
                    ".. tab-set::\n\n   .. tab-item:: Linux\n\n      Run the installer.\n\n"
                    ".. tabs::\n\n   .. tab:: Windows\n\n      Open the setup file.\n", source="setup.rst")
    assert doc.elements == ["Setup", "Read first steps and the guide.", "Run the installer.", "Open the setup file."]
