"""The exceptions tansuo raises. One place, one hierarchy.

"No solution" and "budget exhausted" are *outcomes*, reported in result objects
(``status="no_solution"`` / ``status="limit"``), never exceptions. Exceptions are
for input a person must fix.
"""

from __future__ import annotations


class TansuoError(Exception):
    """Base class of every exception tansuo raises on purpose.

    Examples
    --------
    >>> from tansuo.sudoku import solve
    >>> try:
    ...     solve("12")
    ... except TansuoError as error:
    ...     print(type(error).__name__)
    InvalidInput
    """


class InvalidInput(TansuoError, ValueError):
    """The input cannot be used: malformed text, wrong size, unknown node, ...

    The message says what is wrong and where (line and column for text formats),
    so that a person can act on it. Subclasses ``ValueError`` so that
    ``except ValueError`` keeps working.

    Parameters
    ----------
    message : str
        What is wrong.
    line, column : int, optional
        1-based position in a text input; prefixed to the message when given.
    source : str, optional
        The file name or other origin of the text.

    Examples
    --------
    >>> error = InvalidInput("not a tile", line=2, column=5, source="boards.txt")
    >>> str(error), error.line, isinstance(error, ValueError)
    ('boards.txt, line 2, column 5: not a tile', 2, True)
    """

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        source: str | None = None,
    ) -> None:
        self.reason = message
        self.line = line
        self.column = column
        self.source = source
        where = []
        if source is not None:  # a name with a line break is quoted, to stay on one line
            where.append(str(source) if str(source).isprintable() else repr(str(source)))
        if line is not None:
            where.append(f"line {line}")
        if column is not None:
            where.append(f"column {column}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)
