"""The domains a batch can run, each through a small adapter over its public API.

An adapter says how a domain's collection is read into :class:`Instance`
objects (an id and a text each), which options its solver takes, what large
read-only data is prepared once for every worker, and how one instance is
solved. Adapters live here, beside the runner, so that the domains know
nothing about batches (the dependency runs one way: batch -> domains).
"""

from __future__ import annotations

import importlib
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from tansuo.batch.tasks import Instance
from tansuo.budget import MAX_SECONDS, check_count, check_number, check_time_limit, parse_number
from tansuo.errors import InvalidInput
from tansuo.files import could_be_path, iter_lines
from tansuo.result import Result
from tansuo.sizes import parse_size_range

if TYPE_CHECKING:
    from tansuo.grid import Scenario

Converter = Callable[[Any], Any]


def _optional_int(name: str, low: int = 0) -> Converter:
    """A count option (``none`` or ``all``: no limit), checked by ``check_number``."""

    def convert(value: Any) -> int | None:
        if value is None or (isinstance(value, str) and value.strip().lower() in ("none", "all")):
            return None
        if isinstance(value, str):
            return parse_number(value, name, whole=True, low=low)  # type: ignore[return-value]
        return check_count(value, name, low=low)

    return convert


def _seconds(name: str) -> Converter:
    """A time-limit option, checked by :func:`tansuo.budget.check_number` (finite, >= 0)."""

    def convert(value: Any) -> float | None:
        if isinstance(value, str):
            value = parse_number(value, name, low=0, high=MAX_SECONDS, unit="seconds")
        return check_time_limit(value, name)

    return convert


def _real(name: str) -> Converter:
    """A finite number option (a weight): the solver checks its own range."""

    def convert(value: Any) -> float | None:
        if isinstance(value, str):
            return parse_number(value, name, low=None)
        return check_number(value, name, low=None)

    return convert


def _one_of(name: str, choices: Callable[[], Iterable[str]], *, default: bool = False) -> Converter:
    """A name option that must be one of ``choices()`` (``default``: None, the solver's choice)."""

    def convert(value: Any) -> str | None:
        if value is None or (default and value in ("", "default")):
            return None
        known = list(choices())
        if str(value) not in known:
            raise InvalidInput(f"unknown {name} {value!r}; choose one of {', '.join(known)}")
        return str(value)

    return convert


def _sliding_heuristics() -> Iterable[str]:
    from tansuo.sliding import HEURISTICS

    return HEURISTICS


def _grid_heuristics() -> Iterable[str]:
    from tansuo.grid import HEURISTICS

    return HEURISTICS


def _flag(name: str) -> Converter:
    def convert(value: Any) -> bool:
        if isinstance(value, bool):
            return value
        text = str(value).lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise InvalidInput(f"{name} must be true or false, got {value!r}")

    return convert


def _lines(source: str) -> Iterator[tuple[int, str]]:
    """The non-blank, non-comment lines of a file, numbered from 1."""
    for number, line in iter_lines(source):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield number, stripped


class BatchDomain:
    """The adapter of one domain (subclassed once per domain below).

    Examples
    --------
    >>> from tansuo.batch import batch_domain
    >>> sudoku = batch_domain("sudoku")
    >>> sudoku.name, sudoku.check_options({"max_solutions": 2})
    ('sudoku', {'max_solutions': 2, 'time_limit': 60.0})
    """

    name = ""
    summary = ""
    source_help = "a file, one instance per line"
    defaults: ClassVar[Mapping[str, Any]] = {}
    converters: ClassVar[Mapping[str, Converter]] = {}

    def read(self, source: str) -> Iterator[Instance]:
        """The instances of ``source`` (a path, or a spec the domain understands)."""
        for number, line in _lines(source):
            yield Instance(str(number), line)

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options with the defaults filled in, each converted and checked."""
        unknown = sorted(set(options) - set(self.converters))
        if unknown:
            known = ", ".join(sorted(self.converters)) or "none"
            raise InvalidInput(
                f"{self.name} has no batch option {unknown[0]!r}; its options: {known}"
            )
        merged = {**self.defaults, **options}
        return {key: self.converters[key](value) for key, value in merged.items()}

    def prepare(self, options: Mapping[str, Any], source: str | None = None) -> Any:
        """Large read-only data every worker shares (computed once per batch).

        ``source`` is what the instances were read from, when the caller knows.
        """
        return None

    def extras(self, result: Result, text: str) -> dict[str, Any]:
        """Keys a record adds beside the result's own (e.g. a check against a known answer)."""
        return {}

    bulky_keys: ClassVar[tuple[str, ...]] = ("solution",)
    """Keys a lean record leaves out (see :meth:`record`)."""

    def record(self, result: Result, text: str, *, lean: bool = False) -> dict[str, Any]:
        """The record of one solved instance: the result's ``as_dict()`` and :meth:`extras`.

        ``lean`` leaves out the :attr:`bulky_keys` (the solutions themselves),
        for a batch whose caller only tallies outcomes and counts.
        """
        shown = result.as_dict()
        if lean:
            for key in self.bulky_keys:
                shown.pop(key, None)
        return {**shown, **self.extras(result, text)}

    def warm_up(self) -> None:
        """Compile the domain's kernels (once per worker process)."""

    def solve(self, text: str, options: Mapping[str, Any], shared: Any) -> Result:
        raise NotImplementedError


def _box_shape(value: Any) -> tuple[int, int] | None:
    """A Sudoku box shape: ``"2x3"`` (or an already read ``(2, 3)``), or None."""
    if value is None or isinstance(value, tuple):
        return value
    from tansuo.sudoku import parse_box

    return parse_box(str(value))


class SudokuBatch(BatchDomain):
    name = "sudoku"
    summary = "Sudoku puzzles, one per line (81 characters for 9x9; . or 0 empty)"
    defaults: ClassVar[Mapping[str, Any]] = {"max_solutions": 1, "time_limit": 60.0}
    converters: ClassVar[Mapping[str, Converter]] = {
        "max_solutions": _optional_int("max_solutions", 1),
        "time_limit": _seconds("time_limit"),
        "max_nodes": _optional_int("max_nodes"),
        "size": _optional_int("size", 1),
        "box": _box_shape,
    }

    source_help = "a file, one puzzle per line, or a bundled set's name (hardest, top95)"

    def read(self, source: str) -> Iterator[Instance]:
        from tansuo.sudoku.io import bundled_puzzle_names, bundled_text

        bundled = could_be_path(source) and not Path(source).exists()
        if not (bundled and source in bundled_puzzle_names()):
            yield from super().read(source)
            return
        for number, line in enumerate(bundled_text(source).splitlines(), 1):
            stripped = line.strip()
            if stripped and not stripped.startswith("#"):
                yield Instance(str(number), stripped)

    def warm_up(self) -> None:
        from tansuo.sudoku import warm_up

        warm_up()

    def solve(self, text: str, options: Mapping[str, Any], shared: Any) -> Result:
        from tansuo.sudoku import Sudoku, parse_puzzle, solve

        size, box = options.get("size"), options.get("box")
        try:
            puzzle: Sudoku | str = text
            if size is not None or box is not None:
                puzzle = parse_puzzle(text, size=size, box=box, check=False)
            return solve(
                puzzle,
                max_solutions=options.get("max_solutions"),
                max_nodes=options.get("max_nodes"),
                time_limit=options.get("time_limit"),
            )
        except InvalidInput as exc:
            # the record's id says which line; "line 1" of the one-line text would mislead
            raise InvalidInput(exc.reason, column=exc.column) from None


class QueensBatch(BatchDomain):
    name = "queens"
    bulky_keys = ("solution", "solutions")
    summary = "N-Queens board sizes: a range such as 8-14, or a file with one N per line"
    source_help = "a range such as 8-14 (or 4,8,12), or a file with one N per line"
    defaults: ClassVar[Mapping[str, Any]] = {"count": True, "time_limit": 60.0}  # the one rule
    converters: ClassVar[Mapping[str, Converter]] = {
        "count": _flag("count"),
        "up_to_symmetry": _flag("up_to_symmetry"),
        "max_solutions": _optional_int("max_solutions", 1),
        "threads": _optional_int("threads", 1),
        "time_limit": _seconds("time_limit"),
        "max_nodes": _optional_int("max_nodes"),
    }

    def read(self, source: str) -> Iterator[Instance]:
        sizes = parse_size_range(source)
        if sizes is None:
            yield from super().read(source)
            return
        for n in sizes:
            yield Instance(str(n), str(n))

    def warm_up(self) -> None:
        from tansuo.queens import warm_up

        warm_up()

    def solve(self, text: str, options: Mapping[str, Any], shared: Any) -> Result:
        from tansuo.queens import count_solutions, find_solutions

        try:
            n = int(text)
        except ValueError:
            raise InvalidInput(f"board size must be a whole number, got {text!r}") from None
        time_limit, max_nodes = options.get("time_limit"), options.get("max_nodes")
        if options.get("count", True) or options.get("up_to_symmetry"):
            return count_solutions(
                n,
                up_to_symmetry=bool(options.get("up_to_symmetry")),
                threads=options.get("threads"),
                time_limit=time_limit,
                max_nodes=max_nodes,
            )
        wanted = options.get("max_solutions")
        return find_solutions(
            n, 1 if wanted is None else wanted, time_limit=time_limit, max_nodes=max_nodes
        )


class GridBatch(BatchDomain):
    name = "grid"
    summary = "path queries of a Moving AI .scen file, each checked against its optimum"
    source_help = "a .scen file, or a bundled map's name for its scenario"
    defaults: ClassVar[Mapping[str, Any]] = {"algorithm": "astar", "time_limit": 60.0}
    converters: ClassVar[Mapping[str, Converter]] = {
        "map": str,
        "algorithm": str,
        "heuristic": _one_of("heuristic", _grid_heuristics, default=True),
        "moves": str,
        "costs": str,
        "weight": _real("weight"),
        "landmarks": _optional_int("landmarks", 1),
        "time_limit": _seconds("time_limit"),
        "max_expansions": _optional_int("max_expansions"),
        "max_memory": lambda v: None if v is None else str(v),
    }
    _SEARCH_KEYS = ("algorithm", "heuristic", "weight", "time_limit", "max_expansions",
                    "max_memory")  # fmt: skip

    def read(self, source: str) -> Iterator[Instance]:
        from tansuo.grid import load_scen

        return self.instances(load_scen(source))

    @staticmethod
    def instances(problems: Iterable[Scenario]) -> Iterator[Instance]:
        """Scenario problems as instances, numbered from 1 (their ids)."""
        for number, problem in enumerate(problems, 1):
            (sx, sy), (gx, gy) = problem.start, problem.goal
            text = f"{sx} {sy} {gx} {gy} {problem.optimal!r} {problem.bucket}"
            yield Instance(str(number), text)

    def prepare(self, options: Mapping[str, Any], source: str | None = None) -> Any:
        """The map and, for the differential heuristic, its landmark table: built once."""
        from tansuo.grid import GridSearcher, load_grid, load_scen

        name = options.get("map")
        if name is None:
            if source is None:
                raise InvalidInput("grid batches need the map: give the map option")
            problems = load_scen(source)
            if not problems:
                raise InvalidInput(f"{source}: no problems in this scenario file")
            beside = Path(source).parent / problems[0].map_name
            name = str(beside) if beside.exists() else Path(problems[0].map_name).stem
        grid = load_grid(name)
        searcher = GridSearcher(grid, **self._map_options(options))
        table = None
        if options.get("heuristic") == "differential":
            table = searcher.landmark_table()
        return {"token": uuid.uuid4().hex, "grid": grid, "landmarks": table}

    @staticmethod
    def _map_options(options: Mapping[str, Any]) -> dict[str, Any]:
        return {key: options[key] for key in ("moves", "costs", "landmarks") if key in options}

    def warm_up(self) -> None:
        from tansuo.grid import warm_up

        warm_up()

    def solve(self, text: str, options: Mapping[str, Any], shared: Any) -> Result:
        from tansuo.grid import GridSearcher

        searcher = _SEARCHERS.get(shared["token"])
        if searcher is None:  # once per worker process: a searcher has writable work arrays
            searcher = GridSearcher(shared["grid"], **self._map_options(options))
            if shared["landmarks"] is not None:
                searcher.use_landmark_table(shared["landmarks"])
            _SEARCHERS.clear()
            _SEARCHERS[shared["token"]] = searcher
        sx, sy, gx, gy = (int(v) for v in text.split()[:4])
        query = {key: options[key] for key in self._SEARCH_KEYS if key in options}
        return searcher.find_path((sx, sy), (gx, gy), **query)

    def record(self, result: Result, text: str, *, lean: bool = False) -> dict[str, Any]:
        if not lean:
            return super().record(result, text)
        # a maze path has thousands of cells: a lean record never turns them into lists
        shown = {"status": result.status, "cost": result.cost, "stats": result.stats.as_dict()}
        return {**shown, **self.extras(result, text)}

    def extras(self, result: Result, text: str) -> dict[str, Any]:
        from tansuo.grid import SCEN_TOLERANCE

        fields = text.split()
        optimal, cost = float(fields[4]), result.cost
        matched = cost is not None and abs(cost - optimal) <= SCEN_TOLERANCE
        return {"expected": optimal, "matched": matched, "bucket": int(fields[5])}


_SEARCHERS: dict[str, Any] = {}
"""The grid searcher of this process, for the map of the batch it is working on."""


class SlidingBatch(BatchDomain):
    name = "sliding"
    summary = "sliding-tile boards, one per line (Korf's 'id optimum tiles...' lines too)"
    defaults: ClassVar[Mapping[str, Any]] = {"goal": "blank-last", "time_limit": 60.0}
    converters: ClassVar[Mapping[str, Converter]] = {
        "goal": str,
        "algorithm": str,
        "heuristic": _one_of("heuristic", _sliding_heuristics),
        "weight": _real("weight"),
        "time_limit": _seconds("time_limit"),
        "max_nodes": _optional_int("max_nodes"),
        "max_memory": lambda value: value,
    }

    def read(self, source: str) -> Iterator[Instance]:
        from tansuo.sliding.io import parse_instances

        for number, line in _lines(source):
            (board,) = parse_instances(line)
            yield Instance(board.id if board.known is not None else str(number), line)

    def warm_up(self) -> None:
        from tansuo.sliding import warm_up

        warm_up()

    def solve(self, text: str, options: Mapping[str, Any], shared: Any) -> Result:
        from tansuo.sliding import Puzzle, parse_goal, parse_instances, solve

        (board,) = parse_instances(text)
        settings = dict(options)
        goal = parse_goal(settings.pop("goal", "blank-last"), board.shape)
        return solve(Puzzle(board.tiles, board.shape, goal), **settings)

    def extras(self, result: Result, text: str) -> dict[str, Any]:
        from tansuo.sliding import parse_instances

        (board,) = parse_instances(text)
        return {} if board.known is None else {"known": board.known}


def _sokoban_mode(value: Any) -> str:
    from tansuo.sokoban import MODES

    if value not in MODES:
        raise InvalidInput(f"mode must be one of {', '.join(MODES)}, got {value!r}")
    return str(value)


class SokobanBatch(BatchDomain):
    """The levels of a collection; ids are the levels' numbers, records name their titles."""

    name = "sokoban"
    summary = "the levels of a Sokoban collection (XSB/.sok), solutions in LURD"
    source_help = "an XSB/.sok file, or a bundled collection's name (microban, xsokoban90)"
    defaults: ClassVar[Mapping[str, Any]] = {"mode": "fast", "time_limit": 60.0}  # the one rule
    converters: ClassVar[Mapping[str, Converter]] = {
        "mode": _sokoban_mode,
        "time_limit": _seconds("time_limit"),
        "max_expansions": _optional_int("max_expansions"),
        "max_memory": lambda value: None if value is None else str(value),
    }

    def read(self, source: str) -> Iterator[Instance]:
        from tansuo.sokoban import load_collection

        for level in load_collection(source):
            yield self.instance(level)

    @staticmethod
    def instance(level: Any) -> Instance:
        """A level as an instance: its rows as XSB, its title and number as metadata."""
        text = f"{level.text()}\nTitle: {level.title}\nLevel: {level.number}\n"
        return Instance(str(level.number), text)

    @staticmethod
    def level(text: str) -> Any:
        """The level an instance's text holds, numbered as in its collection."""
        import dataclasses

        from tansuo.sokoban import parse_collection

        (level,) = parse_collection(text, source="level")
        given = dict(level.metadata)
        number = given.pop("Level", "1")
        return dataclasses.replace(
            level,
            number=int(number) if number.isdecimal() else 1,
            metadata=tuple(given.items()),
        )

    def warm_up(self) -> None:
        from tansuo.sokoban import warm_up

        warm_up()

    def solve(self, text: str, options: Mapping[str, Any], shared: Any) -> Result:
        from tansuo.sokoban import solve

        return solve(self.level(text).board(), **options)

    def extras(self, result: Result, text: str) -> dict[str, Any]:
        """The solution replayed once more, here: ``verified`` says it ends solved."""
        from tansuo.sokoban import verify

        solution, moves, pushes = (getattr(result, key, None) for key in _REPLAYED)
        if solution is None:
            return {}
        end = verify(self.level(text).board(), solution)  # raises on an illegal or short one
        return {"verified": (end.moves, end.pushes) == (moves, pushes)}


_REPLAYED = ("solution", "moves", "pushes")


_DOMAINS: dict[str, BatchDomain] = {d.name: d for d in (GridBatch(), QueensBatch(), SudokuBatch())}
_DOMAINS["sliding"] = SlidingBatch()
_DOMAINS["sokoban"] = SokobanBatch()


def domain_names() -> list[str]:
    """The built-in domains that have a batch mode.

    Examples
    --------
    >>> domain_names()
    ['grid', 'queens', 'sliding', 'sokoban', 'sudoku']
    """
    return sorted(name for name in _DOMAINS if ":" not in name)


def batch_domain(name: str) -> BatchDomain:
    """The adapter of ``name``; a clear error naming the choices otherwise.

    Besides the built-in names, ``"package.module:attribute"`` names an
    adapter of your own (a :class:`BatchDomain` subclass or instance) that
    worker processes can import, so that your problems run through the same
    runner, backends and files.

    Parameters
    ----------
    name : str
        A built-in domain (``sudoku``, ``queens``, ...) or
        ``"package.module:attribute"``.

    Returns
    -------
    BatchDomain

    Raises
    ------
    InvalidInput
        An unknown name, or an attribute that cannot be imported or is not an
        adapter.

    Examples
    --------
    >>> adapter = batch_domain("queens")
    >>> adapter.name, adapter.solve("6", {}, None).count
    ('queens', 4)
    """
    adapter = _DOMAINS.get(name)
    if adapter is not None:
        return adapter
    module_name, colon, attribute = name.partition(":")
    if colon and module_name and attribute:
        try:
            found = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError) as exc:
            raise InvalidInput(f"cannot load the batch domain {name!r}: {exc}") from None
        adapter = found() if isinstance(found, type) else found
        if not isinstance(adapter, BatchDomain):
            raise InvalidInput(f"{name!r} is not a tansuo.batch.BatchDomain")
        if not adapter.name:
            adapter.name = name
        _DOMAINS[name] = adapter
        return adapter
    raise InvalidInput(f"no batch mode for {name!r}; domains with one: {', '.join(domain_names())}")
