"""One contract for every domain: the same result shape, JSON keys and exit codes.

Each domain gives three small instances (one it solves, one it proves has no
solution, one it must stop on a budget), the keys DESIGN.md promises in its
``as_dict()``, and the same three as command lines. New domains add a row.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tansuo.budget import LIMIT_NAMES
from tansuo.result import LIMITS, RESULT_KEYS, STATS_KEYS, Result, Stats


@dataclass(frozen=True)
class Domain:
    name: str
    solved: Callable[[], Any]
    unsolvable: Callable[[], Any]
    limited: Callable[[], Any]
    keys: tuple[str, ...]  # the domain's own keys of DESIGN.md's table
    cli_solved: tuple[str, ...]
    cli_unsolvable: tuple[str, ...] | Callable[[Path], tuple[str, ...]]
    cli_limited: tuple[str, ...]


def _search() -> Domain:
    from tansuo.search import astar, bfs
    from tansuo.search.examples import SlidingPuzzle

    return Domain(
        "search",
        lambda: astar(SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))),
        lambda: bfs(SlidingPuzzle((2, 1, 3, 4, 5, 6, 7, 8, 0))),
        lambda: bfs(SlidingPuzzle((8, 6, 7, 2, 5, 4, 3, 0, 1)), max_expansions=100),
        ("path",),
        ("search", "1 2 3 4 5 6 0 7 8", "--json"),
        ("search", "2 1 3 4 5 6 7 8 0", "--json"),
        ("search", "8 6 7 2 5 4 3 0 1", "--algo", "bfs", "--max-expansions", "100", "--json"),
    )


def _graph() -> Domain:
    from tansuo.graph import parse_edge_list, shortest_path

    graph = parse_edge_list("S a 1\na b 2\nb T 1\nc d 1\n")
    return Domain(
        "graph",
        lambda: shortest_path(graph, "S", "T"),
        lambda: shortest_path(graph, "S", "d"),
        lambda: shortest_path(graph, "S", "T", max_expansions=1),
        ("distances", "paths"),
        ("graph", "--sample", "figure-7-3", "--from", "S", "--to", "e", "--json"),
        lambda tmp: (
            "graph",
            _write(tmp / "g.txt", "S a 1\nb T 1\n"),
            "--from",
            "S",
            "--to",
            "T",
            "--json",
        ),
        (
            "graph",
            "--sample",
            "figure-7-3",
            "--from",
            "S",
            "--to",
            "e",
            "--json",
            "--max-expansions",
            "1",
        ),
    )


def _grid() -> Domain:
    from tansuo.grid import Grid, find_path

    open_grid = Grid.from_text("....\n....\n....")
    walled = Grid.from_text("..#.\n..#.\n..#.")
    return Domain(
        "grid",
        lambda: find_path(open_grid, (0, 0), (3, 2)),
        lambda: find_path(walled, (0, 0), (3, 2)),
        lambda: find_path(open_grid, (0, 0), (3, 2), max_expansions=1),
        ("optimal", "algorithm"),
        ("path", "room", "--json"),
        ("path", "..#.\n..#.\n..#.", "--from", "0,0", "--to", "3,2", "--json"),
        ("path", "arena2", "--from", "5,112", "--to", "275,181", "--max-expansions", "5", "--json"),
    )


def _adversarial() -> Domain:
    from tansuo.adversarial import search
    from tansuo.adversarial.games import ConnectFour, TicTacToe

    return Domain(
        "adversarial",
        lambda: search(TicTacToe(), depth=3),
        lambda: search(_finished_tictactoe(), depth=3),  # over: no move to choose
        lambda: search(ConnectFour(), depth=12, max_nodes=200),
        ("move", "score", "depth", "pv"),
        ("analyse", "tictactoe", "--depth", "3", "--json"),
        ("analyse", "tictactoe", "--board", "xxx oo. ...", "--json"),
        # one node: no iteration finishes, no move is chosen (a chosen move exits 0)
        ("analyse", "connect4", "--depth", "12", "--max-nodes", "1", "--json"),
    )


def _write(path: Path, text: str) -> str:
    path.write_text(text)
    return str(path)


def _finished_tictactoe() -> Any:
    from tansuo.adversarial.games import TicTacToe

    game = TicTacToe()
    for move in (0, 3, 1, 4, 2):
        game.play(move)
    return game


def _queens() -> Domain:
    from tansuo.queens import count_solutions, find_solutions

    return Domain(
        "queens",
        lambda: find_solutions(8, 2),
        lambda: count_solutions(3),
        lambda: count_solutions(20, max_nodes=10_000),
        ("count", "solutions"),
        ("queens", "8", "--first", "2", "--json"),
        ("queens", "3", "--count", "--json"),
        ("queens", "20", "--count", "--max-nodes", "10000", "--json"),
    )


MATED = "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1"  # black to move, no legal move: lost


def _xiangqi() -> Domain:
    from tansuo.xiangqi import Engine, Position

    return Domain(
        "xiangqi",
        lambda: Engine().search(Position(), depth=2),
        lambda: Engine().search(Position(MATED), depth=2),
        lambda: Engine().search(Position(), depth=20, max_nodes=500),
        ("move", "score", "depth", "pv"),
        ("xiangqi", "bestmove", "startpos", "--depth", "2", "--json"),
        ("xiangqi", "bestmove", MATED, "--depth", "2", "--json"),
        # a count cut short (a best move chosen before a budget ends the search exits 0)
        ("xiangqi", "perft", "startpos", "5", "--max-nodes", "1000", "--json"),
    )


HARD_SUDOKU = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
NO_SUDOKU = "12345678." + "." * 8 + "9" + "." * 63  # r1c9 must be 9; column 9 has one
GUESSY_SUDOKU = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."


def _sudoku() -> Domain:
    from tansuo.sudoku import solve

    return Domain(
        "sudoku",
        lambda: solve(HARD_SUDOKU, max_solutions=2),
        lambda: solve(NO_SUDOKU),
        lambda: solve(GUESSY_SUDOKU, max_nodes=5),
        ("puzzle", "count", "unique"),
        ("sudoku", "solve", HARD_SUDOKU, "--unique", "--json"),
        ("sudoku", "solve", NO_SUDOKU, "--json"),
        ("sudoku", "solve", GUESSY_SUDOKU, "--max-nodes", "5", "--json"),
    )


def _sliding() -> Domain:
    from tansuo.sliding import solve

    return Domain(
        "sliding",
        lambda: solve([1, 2, 3, 4, 5, 6, 0, 7, 8]),
        lambda: solve([2, 1, 3, 4, 5, 6, 7, 8, 0]),
        lambda: solve([8, 6, 7, 2, 5, 4, 3, 0, 1], heuristic="manhattan", max_nodes=50),
        ("lurd",),
        ("sliding", "1 2 3 4 5 6 0 7 8", "--json"),
        ("sliding", "2 1 3 4 5 6 7 8 0", "--json"),
        ("sliding", "8 6 7 2 5 4 3 0 1", "--heuristic", "manhattan", "--max-nodes", "50", "--json"),
    )


def _sokoban() -> Domain:
    from tansuo.sokoban import Level, bundled_collection, solve

    easy = "#####\n#@$.#\n#####"
    stuck = "#####\n#@$ #\n#  .#\n#####"
    return Domain(
        "sokoban",
        lambda: solve(Level.from_text(easy)),
        lambda: solve(Level.from_text(stuck)),
        lambda: solve(bundled_collection("xsokoban90")[1], max_expansions=10),
        ("moves", "pushes", "level"),
        lambda tmp: ("sokoban", _write(tmp / "easy.xsb", easy), "--json"),
        lambda tmp: ("sokoban", _write(tmp / "stuck.xsb", stuck), "--json"),
        ("sokoban", "xsokoban90", "--level", "2", "--max-expansions", "10", "--json"),
    )


GOMOKU_WIN = "15 h8 a1 i8 a3 j8 a5"  # black to move: a four, then five
GOMOKU_OPEN = "15 h8 i9 h10 g9 j8 i8"  # no VCF for black


def _gomoku() -> Domain:
    from tansuo.gomoku import parse_position, vcf, vct

    return Domain(
        "gomoku",
        lambda: vcf(parse_position(GOMOKU_WIN)),
        lambda: vcf(parse_position(GOMOKU_OPEN)),
        lambda: vct(parse_position(GOMOKU_OPEN), max_depth=12, max_nodes=50),
        ("kind", "attacker", "line"),
        ("gomoku", "vcf", GOMOKU_WIN, "--json"),
        ("gomoku", "vcf", GOMOKU_OPEN, "--json"),
        ("gomoku", "vct", GOMOKU_OPEN, "--max-depth", "12", "--max-nodes", "50", "--json"),
    )


DOMAINS: list[Callable[[], Domain]] = [
    _search, _graph, _grid, _adversarial, _queens, _xiangqi, _sudoku, _sliding, _sokoban,
    _gomoku,
]  # fmt: skip


def _check_result(result: Any, status: str, keys: tuple[str, ...]) -> None:
    assert isinstance(result, Result)
    assert result.status == status, result.status
    assert result.solved is (status == "solved")
    assert isinstance(result.stats, Stats)
    if status == "limit":
        assert result.stats.limit in LIMITS, result.stats.limit
    else:
        assert result.stats.limit is None
    _check_nodes_per_s(result.stats)
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
        result.status = "solved"
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
        result.stats.expanded = -1
    data = result.as_dict()
    assert set(RESULT_KEYS) <= set(data), data.keys()
    assert set(keys) <= set(data), (keys, data.keys())
    assert set(STATS_KEYS) <= set(data["stats"]), data["stats"].keys()
    assert data["status"] == status
    json.dumps(data, allow_nan=False)  # JSON-ready as it is: no numpy, no inf
    if status == "solved":
        assert data["solution"] is not None or "distances" in data


def _check_nodes_per_s(stats: Stats) -> None:
    """``nodes_per_s``, where a domain keeps it, is a field (in the mapping and the JSON), None
    when nothing was timed."""
    if not hasattr(stats, "nodes_per_s"):
        return
    assert "nodes_per_s" in {f.name for f in dataclasses.fields(stats)}, type(stats).__name__
    assert stats["nodes_per_s"] == stats.nodes_per_s
    if stats.elapsed_s == 0:
        assert stats.nodes_per_s is None
    else:
        assert stats.nodes_per_s is not None and stats.nodes_per_s >= 0


@pytest.fixture(params=DOMAINS, ids=lambda make: make.__name__.strip("_"))
def domain(request) -> Domain:
    return request.param()


def test_solved(domain):
    _check_result(domain.solved(), "solved", domain.keys)


def test_proved_unsolvable(domain):
    _check_result(domain.unsolvable(), "no_solution", ())


def test_budget_stopped(domain):
    _check_result(domain.limited(), "limit", ())


def test_cli_exit_codes_and_json(domain, run_cli, tmp_path):
    for given, code, status in (
        (domain.cli_solved, 0, "solved"),
        (domain.cli_unsolvable, 1, "no_solution"),
        (domain.cli_limited, 3, "limit"),
    ):
        args = given(tmp_path) if callable(given) else given
        run = run_cli(*args)
        assert run.code == code, (args, run.code, run.err)
        record = json.loads(run.out.strip().splitlines()[-1])
        assert record["status"] == status
        assert set(RESULT_KEYS) <= set(record)


def test_limit_words_are_the_budget_keywords():
    assert set(LIMIT_NAMES) <= set(LIMITS)
    assert set(LIMITS) - set(LIMIT_NAMES) == {"max_frontier", "max_depth", "stopped"}


# -- what the counters count (CONVENTIONS.md, "What the counters count") ------------
# Small instances whose counts can be worked out by hand, and where a fast kernel
# searches the same tree as the generic engine, the same counts from both.


def test_best_first_counts_expansions_not_the_goal():
    """S - a - b - T, weights 1, 2, 1 (undirected): S, a and b are expanded, T is reached;
    the arcs read are S->a, a->S, a->b, b->a, b->T."""
    from tansuo.graph import parse_edge_list, shortest_path
    from tansuo.search import GraphProblem, astar, dijkstra

    edges = [("S", "a", 1), ("a", "b", 2), ("b", "T", 1)]
    for engine in (dijkstra, astar):
        generic = engine(GraphProblem(edges, "S", "T"))
        assert (generic.stats.expanded, generic.stats.generated) == (3, 5)
    graph = parse_edge_list("S a 1\na b 2\nb T 1\n")
    for algorithm in ("dijkstra", "reference"):
        fast = shortest_path(graph, "S", "T", algorithm=algorithm)
        assert (fast.stats.expanded, fast.stats.generated) == (3, 5), algorithm


def test_grid_counts_like_the_generic_engine_on_a_corridor():
    """A corridor of five cells, 4-connected: cells 0-3 are expanded (1 + 2 + 2 + 2 neighbours);
    BFS tests the goal when it is generated, so it may stop before the last neighbour."""
    from tansuo.grid import Grid, find_path
    from tansuo.search import GraphProblem, bfs, dijkstra

    corridor = Grid.from_text(".....")
    edges = [(x, x + 1, 1) for x in range(4)]
    generic = dijkstra(GraphProblem(edges, 0, 4))
    assert (generic.stats.expanded, generic.stats.generated) == (4, 7)
    for algorithm in ("astar", "dijkstra"):
        fast = find_path(corridor, (0, 0), (4, 0), algorithm=algorithm, moves="4")
        assert (fast.stats.expanded, fast.stats.generated) == (4, 7), algorithm
    breadth = find_path(corridor, (0, 0), (4, 0), algorithm="bfs", moves="4")
    generic_bfs = bfs(GraphProblem(edges, 0, 4))
    assert breadth.stats.expanded == generic_bfs.stats.expanded == 4
    assert 6 <= breadth.stats.generated <= 7 and 6 <= generic_bfs.stats.generated <= 7


def test_sokoban_counts_states_expanded_and_pushes():
    """One push solves it: the start is expanded (one push generated), the goal is not."""
    from tansuo.sokoban import Level, solve

    level = Level.from_text("#####\n#@$.#\n#####")
    for mode in ("fast", "push-optimal", "move-optimal"):
        stats = solve(level, mode=mode).stats
        assert (stats.expanded, stats.generated) == (1, 1), mode


def test_depth_first_tree_search_counts_interior_nodes():
    """1 2 3 / 4 _ 6 / 7 5 8 is two moves from the goal. IDA* with Manhattan distance finds
    it in its first bound: the start is expanded (4 moves), then the board with the blank
    moved down (its 3 moves, the undo included in the generic engine, never generated by
    the kernel); the goal below it is not expanded."""
    from tansuo.search import ida_star
    from tansuo.search.examples import SlidingPuzzle
    from tansuo.sliding import solve

    board = (1, 2, 3, 4, 0, 6, 7, 5, 8)
    generic = ida_star(SlidingPuzzle(board))
    assert generic.stats.expanded == 2 and generic.stats.generated == 4 + 3
    fast = solve(list(board), heuristic="manhattan")
    assert fast.stats.expanded == generic.stats.expanded == 2
    assert 4 < fast.stats.generated < 4 + 3  # the undo move is never generated
    assert fast.stats.nodes == fast.stats.generated


def test_game_tree_search_counts_positions_and_moves():
    """Tic-tac-toe to depth 2: the root and its 9 children are expanded, 9 + 9 * 8 = 81
    moves generated, 1 + 81 positions entered by minimax; alpha-beta lists the same moves
    but enters fewer positions."""
    from tansuo.adversarial import alphabeta, minimax
    from tansuo.adversarial.games import TicTacToe

    full = minimax(TicTacToe(), 2).stats
    assert (full.expanded, full.generated, full.nodes) == (10, 81, 82)
    cut = alphabeta(TicTacToe(), 2).stats
    assert (cut.expanded, cut.generated) == (10, 81) and cut.nodes < full.nodes


def test_gomoku_alpha_beta_and_threat_search_count_like_the_convention():
    """Gomoku's kernels count what the game-tree row says: one ply deep, the root is
    the one position expanded, its candidates the moves generated, each entered once;
    deeper, cut-offs leave moves generated but never entered."""
    from tansuo.gomoku import Board, Engine, find_threat

    board = Board(9, moves=["e5", "a1", "f5", "a2"])
    engine = Engine(book=False)
    one = engine.search(board, depth=1, plain=True).stats
    assert (one.expanded, one.generated, one.nodes) == (1, 36, 37)
    assert one.generated == len(board.legal_moves())
    two = engine.search(board, depth=2, plain=True).stats
    assert two.expanded == 1 + 36  # every root child is searched, none is a leaf win
    assert two.nodes < 1 + two.generated  # cut-offs: generated, never entered
    threat = find_threat(Board(15, moves=["h8", "a1", "i8", "a3", "j8", "a5"]), kind="vcf")
    assert threat.status == "solved"
    assert 0 < threat.stats.expanded <= threat.stats.nodes <= 1 + threat.stats.generated


def _queens_tree(n: int, *, mirror: str | None) -> tuple[int, int]:
    """(expanded, generated) of the N-Queens tree walked by hand over the generic model:
    every partial placement of fewer than n queens is expanded, every queen placed is
    generated. ``mirror`` keeps the first row's left half and middle ("classes"), and
    also the second row's left of a middle first queen ("all"), as ``prefix_tasks`` does."""
    from tansuo.queens import QueensProblem

    model = QueensProblem(n)
    expanded = generated = 0

    def kept(state: tuple[int, ...], col: int) -> bool:
        if mirror is None or len(state) > 1:
            return True
        if not state:
            return col < (n + 1) // 2
        return mirror == "classes" or n % 2 == 0 or state[0] != n // 2 or col < state[0]

    def walk(state: tuple[int, ...]) -> None:
        nonlocal expanded, generated
        if len(state) == n:
            return
        expanded += 1
        for col, child, _cost in model.successors(state):
            if kept(state, col):
                generated += 1
                walk(child)

    walk(())
    return expanded, generated


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8])
def test_n_queens_listing_counts_like_the_generic_depth_first_search(n):
    """The listing kernel stops at the first solution where the generic DFS on the same
    model does, with the same counts; listing every solution walks the whole tree, whose
    full placements (the solutions) are entered but not expanded."""
    from tansuo.queens import QueensProblem, find_solutions
    from tansuo.search import dfs

    generic = dfs(QueensProblem(n)).stats
    first = find_solutions(n, 1).stats
    assert (first.expanded, first.generated) == (generic.expanded, generic.generated)
    assert first.nodes == 1 + first.generated
    every = find_solutions(n, None)
    assert (every.stats.expanded, every.stats.generated) == _queens_tree(n, mirror=None)
    assert every.stats.expanded == every.stats.nodes - len(every.solutions)


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
@pytest.mark.parametrize("up_to_symmetry", [False, True])
def test_n_queens_counting_counts_one_tree_however_it_is_split(n, up_to_symmetry):
    """The counting kernels search two-row prefixes as separate tasks; the counts are those
    of the one tree that mirror symmetry leaves, its top two rows counted once."""
    from tansuo.queens import count_solutions

    stats = count_solutions(n, up_to_symmetry=up_to_symmetry).stats
    mirror = "classes" if up_to_symmetry else "all"
    assert (stats.expanded, stats.generated) == _queens_tree(n, mirror=mirror)
    assert stats.nodes == 1 + stats.generated


def test_n_queens_counts_the_same_on_one_thread_and_two():
    from tansuo.queens import count_solutions

    for up_to_symmetry in (False, True):
        one, two = (count_solutions(13, up_to_symmetry=up_to_symmetry, threads=k) for k in (1, 2))
        assert two.stats.threads == 2 and one.count == two.count
        counters = [(r.stats.expanded, r.stats.generated, r.stats.nodes) for r in (one, two)]
        assert counters[0] == counters[1]


def test_xiangqi_counts_like_the_game_tree_row():
    """Plain alpha-beta (no table, quiescence, pruning or iterative deepening): one ply deep,
    the root is the one position expanded, its legal moves the moves generated, each entered
    once. Two plies deep every root child is expanded as well, with at least its legal replies
    generated (below the root the kernel generates pseudo-legal moves, a few of which would
    leave the king attacked), and cut-offs leave most of them generated but never entered."""
    from tansuo.xiangqi import Engine, Position

    start = Position()
    legal = start.legal_moves()
    replies = 0
    for move in legal:
        start.play(move)
        replies += len(start.legal_moves())
        start.undo()
    plain = Engine(max_memory=1 << 20, features=())
    one = plain.search(Position(), depth=1).stats
    assert (one.expanded, one.generated, one.nodes) == (1, len(legal), 1 + len(legal))
    two = plain.search(Position(), depth=2).stats
    assert two.expanded == 1 + len(legal)
    assert len(legal) + replies <= two.generated
    assert two.expanded <= two.nodes < 1 + two.generated
    full = Engine(max_memory=1 << 20).search(Position(), depth=3).stats
    assert 1 <= full.expanded <= full.nodes and 0 < full.qnodes < full.nodes  # quiescence counted


@pytest.mark.parametrize("algorithm", ["bands", "general"])
def test_constraint_search_counts_branch_points_and_guesses(algorithm):
    """Every guess makes one grid to search: nodes == 1 + guesses; a branch point tries two
    candidates or more."""
    from tansuo.sudoku import solve

    for puzzle, count in ((GUESSY_SUDOKU, 2), (HARD_SUDOKU, None)):
        if algorithm == "bands" and len(puzzle) != 81:
            continue
        stats = solve(puzzle, max_solutions=count, algorithm=algorithm).stats
        assert (stats.expanded, stats.generated) == (stats.branches, stats.guesses)
        assert stats.nodes == 1 + stats.generated
        assert 2 * stats.expanded <= stats.generated
    four = solve("." * 16, max_solutions=None, algorithm="general").stats
    assert four.nodes == 1 + four.generated and four.expanded == four.branches


def test_the_batch_package_reads_top_down():
    """Each module of tansuo.batch imports only the ones below it: no import circle."""
    import ast

    import tansuo.batch

    order = ["tasks", "domains", "solving", "backends", "runner", "__init__"]
    folder = Path(tansuo.batch.__file__).parent
    assert sorted(p.stem for p in folder.glob("*.py")) == sorted(order)
    for level, name in enumerate(order):
        tree = ast.parse((folder / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tansuo.batch."):
                used = node.module.split(".")[2]
                assert order.index(used) < level, f"{name} imports {used}"


def test_one_name_for_a_memory_budget():
    """Every public entry point that takes a memory budget calls it ``max_memory`` (bytes or
    "512M"); the game engines size their tables from it."""
    import importlib
    import inspect

    packages = ["search", "adversarial", "graph", "grid", "queens", "sudoku", "sliding",
                "sokoban", "gomoku", "xiangqi", "batch"]  # fmt: skip
    other_names = {"hash_mb", "hash", "hash_size", "memory", "memory_mb", "mem"}
    takers = []
    for name in packages:
        package = importlib.import_module(f"tansuo.{name}")
        for entry in package.__all__:
            obj = getattr(package, entry)
            target = obj.__init__ if inspect.isclass(obj) else obj
            if not callable(target):
                continue
            try:
                parameters = inspect.signature(target).parameters
            except (TypeError, ValueError):
                continue
            assert not other_names & set(parameters), (name, entry, sorted(parameters))
            if "max_memory" in parameters:
                takers.append(f"{name}.{entry}")
    assert {"gomoku.Engine", "xiangqi.Engine"} <= set(takers), takers

    from tansuo.gomoku import Engine as GomokuEngine
    from tansuo.xiangqi import Engine as XiangqiEngine

    gomoku = [GomokuEngine(max_memory=m).table_bytes for m in (4 << 20, 64 << 20)]
    xiangqi = [
        (lambda a: a.tt_keys.nbytes + a.tt_data.nbytes)(XiangqiEngine(max_memory=m).arrays)
        for m in (4 << 20, 64 << 20)
    ]
    for small, large in (gomoku, xiangqi):
        assert 0 < small < large <= 64 << 20


DOMAIN_PACKAGES = (
    "adversarial", "graph", "grid", "queens", "sudoku", "sliding", "sokoban", "gomoku", "xiangqi",
)  # fmt: skip


@pytest.mark.parametrize("package", DOMAIN_PACKAGES)
def test_every_result_type_lives_in_its_domains_result_module(package):
    import importlib
    import inspect

    from tansuo.result import ResultMixin

    module = importlib.import_module(f"tansuo.{package}")
    types = [
        value
        for name in module.__all__
        if inspect.isclass(value := getattr(module, name))
        and issubclass(value, (ResultMixin, Stats))
        and value.__module__.startswith(f"tansuo.{package}")
    ]
    assert types, f"tansuo.{package} exports no result type of its own"
    assert {t.__name__: t.__module__ for t in types} == {
        t.__name__: f"tansuo.{package}.result" for t in types
    }
