"""A short Markdown text that the structure and Markdown tests both read: headings of three levels, a setext
one, code."""
from __future__ import annotations




MARKDOWN = """# Notes on Rivers

Rivers carry water to the sea. They shape valleys.

## Floods
Floods happen after heavy rain. They move sediment.

Droughts
--------

Droughts lower the water table. Fish suffer.

```
# a comment in code, not a heading
```

### Causes of Droughts
Little rain falls for months. Farmers irrigate more.
"""
