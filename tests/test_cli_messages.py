"""Messages a newcomer reads: plurals, the opening book's cells, examples that can all be run."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_one_of_a_thing_is_singular(run_cli, tmp_path):
    run = run_cli("sudoku", "1234341221434321", "--count")
    assert run.code == 0 and "1 solution in" in run.out and "1 solutions" not in run.out
    level = tmp_path / "two.xsb"
    level.write_text("#####\n#@$.#\n#$  #\n#####\n")
    run = run_cli("sokoban", level)
    assert run.code == 2 and "2 boxes but 1 goal where" in run.err


def test_the_book_file_names_cells_of_a_15x15_board():
    """It used to write its positions on a 22x22 frame: cells like f17 that 15x15 lacks."""
    from tansuo.gomoku.book import Book, bundled_book

    book = bundled_book()
    assert len(book) > 100
    text = book.format(["a header line"])
    cells = re.findall(r"\b([a-z])(\d+)\b", "\n".join(
        line for line in text.splitlines() if not line.startswith("#")
    ))  # fmt: skip
    assert cells and all(col <= "o" and 1 <= int(row) <= 15 for col, row in cells)
    assert Book.parse(text).entries == book.entries  # the same book, read back
    shipped = (ROOT / "src/tansuo/gomoku/data/book.txt").read_text()
    assert not re.search(r"\b[p-v]\d+\b|\b[a-o](1[6-9]|2\d)\b", shipped.split("\n", 9)[-1])


def test_no_page_of_examples_writes_one_file_twice():
    """The README's tour wrote solution.gif twice: the second example met 'already exists'."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs" / "guides").glob("*.md"))]
    for page in pages:
        written: dict[str, str] = {}
        for line in page.read_text().splitlines():
            if not line.lstrip().startswith("tansuo ") or "--force" in line:
                continue
            for name in re.findall(r"--(?:render|animate|out|json-out) (\S+)", line):
                assert name not in written, f"{page.name}: {name} by '{written[name]}' and '{line}'"
                written[name] = line.strip()
