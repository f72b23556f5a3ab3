"""What the PDF test files share: a body of running text and a line that opens in bold."""
from __future__ import annotations

from pdfminer.fontmetrics import FONT_METRICS


BODY = [["Every analysis starts from a clean copy of the data and a record of where it came from.",
         "The tools read the files once, check their columns and write a short report of what they found."],
        ["Install the tools in a fresh environment and pin the version of every package you use.",
         "A second machine should give the same numbers from the same files and the same commands."],
        ["Run the analysis from the command line with the settings kept in a file under version control.",
         "Each run writes its figures and a log, so a result can be traced back to the run that made it."],
        ["Check the log for warnings before you read the figures, and keep the log with the results.", "",
         "When a warning names a file, open that file and look at the rows it names before going on.", "",
         "Write down what you changed and why, in the same folder as the results of the run."],
        ["A run that fails stops at once and says which step failed and with which input file.", "",
         "Fix the input, not the output: the next run starts again from the clean copy of the data.", "",
         "Old results stay in their own folders, named by date, until the report is written."]]


def text_width(text: str, size: float = 10) -> float:
    metrics = FONT_METRICS["Times-Roman"][1]
    return sum(metrics.get(c, 500) for c in text.replace("\x95", "\u2022")) * size / 1000


def lead(y: float, head: str, rest: str, x: float = 72, size: float = 10) -> list[tuple]:
    """Items of a line at (x, y) opening with `head` in bold, then `rest` in the body font."""
    bold = FONT_METRICS["Times-Bold"][1]
    return [("F3", size, x, y, head), ("F1", size, x + sum(bold.get(c, 500) for c in head + " ") * size / 1000, y, rest)]
