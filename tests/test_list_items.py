"""Plain text list items read as the engine reads every list item: a paragraph of its own, without its bullet."""
from __future__ import annotations

from segcore.loaders import load

AFTER = "\n\nThe trip starts on Monday. We meet at the station.\n"
ITEMS = ["a tent for two people", "a stove and fuel", "warm sleeping bags"]


def elements(text: str) -> list[str]:
    return load(text.encode("utf-8"), source="notes.txt").elements


def test_round_bullets_open_items_of_their_own():
    """'• ' was no bullet to the reader: a list's three items were one element, '• a tent … • a stove … • warm …'."""
    for bullet in "•◦▪":
        text = "Things to pack\n\n" + "".join(f"{bullet} {item}\n" for item in ITEMS) + AFTER
        assert elements(text) == ["Things to pack", *ITEMS, "The trip starts on Monday.", "We meet at the station."]


def test_the_items_of_a_loose_list_lose_their_bullets():
    """Items with blank lines between them kept their '- ' and '* ': each was a paragraph of one line, and a bullet
    was taken off only where two items shared a paragraph."""
    for bullet in "-*•":
        text = "Things to pack\n\n" + "\n".join(f"{bullet} {item}\n" for item in ITEMS) + AFTER
        assert elements(text)[1:4] == ITEMS, elements(text)


def test_a_lone_dash_paragraph_is_left_as_written():
    """One paragraph opening with a dash, no list around it (a line of dialogue, a signature): left as it is."""
    text = "She opened the door.\n\n- Who is there? she asked.\n\nNobody answered."
    assert elements(text)[1] == "- Who is there? she asked."
