"""The web API against the libraries: same answers, right status codes for limits and bad input."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from tansuo.adversarial.games import ConnectFour
from tansuo.adversarial.trace import alphabeta_tree
from tansuo.gomoku import Board as GomokuBoard
from tansuo.gomoku import vcf
from tansuo.grid import Grid, bundled_map, find_path
from tansuo.queens import count_solutions, find_solutions
from tansuo.search.examples import SlidingPuzzle, solve_puzzle
from tansuo.sliding import solve as sliding_solve
from tansuo.sokoban import bundled_collection, parse_collection, replay, verify
from tansuo.sokoban import solve as sokoban_solve
from tansuo.sokoban.solve import prepare
from tansuo.sudoku import solve
from tansuo.web import Limits, create_app
from tansuo.xiangqi import Position, parse_position

WALLED = "......\n.####.\n......\n......"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(time_limit=5.0, max_grid_cells=10_000))) as client:
        yield client


def post(client, path, body):
    response = client.post(path, json=body)
    return response.status_code, response.json()


# -- the page and its files ---------------------------------------------------------
def test_page_and_static_files(client):
    page = client.get("/")
    assert page.status_code == 200 and "tansuo" in page.text
    tabs = [t["id"] for t in client.get("/api/tabs").json()["tabs"]]
    assert tabs[:2] == ["grid", "sudoku"]
    for tab in tabs:  # every tab's module ships with the package
        script = client.get(f"/static/tabs/{tab}.js")
        assert script.status_code == 200 and "export function mount" in script.text
    assert client.get("/static/../app.py").status_code == 404
    assert client.get("/api/limits").json()["max_grid_cells"] == 10_000


# -- grid -----------------------------------------------------------------------------
@pytest.mark.parametrize("algorithm", ["astar", "jps", "dijkstra", "bfs", "bidirectional"])
def test_grid_path_equals_the_library(client, algorithm):
    body = {
        "grid": WALLED,
        "start": [0, 2],
        "goal": [5, 0],
        "algorithm": algorithm,
        "moves": "8-no-corner-cutting",
    }
    status, answer = post(client, "/api/grid/path", body)
    expected = find_path(Grid.from_text(WALLED), (0, 2), (5, 0), algorithm=algorithm)
    assert status == 200
    assert answer["status"] == expected.status
    assert answer["cost"] == pytest.approx(expected.cost)
    assert answer["solution"] == expected.path.tolist()
    assert answer["stats"]["expanded"] == expected.stats.expanded


def test_grid_trace_replays_the_search(client):
    status, answer = post(
        client,
        "/api/grid/path",
        {"grid": WALLED, "start": [0, 2], "goal": [5, 0], "trace": True, "moves": "4"},
    )
    log = find_path(Grid.from_text(WALLED), (0, 2), (5, 0), moves="4", record=True).log
    trace = answer["trace"]
    assert status == 200 and trace["ordered"]
    assert trace["expanded"] == [v for p in log.expanded for v in p]
    assert trace["g"] == pytest.approx(log.g) and trace["h"] == pytest.approx(log.h, abs=1e-4)
    assert sorted(trace["opened_at"]) == trace["opened_at"]
    assert len(trace["opened"]) == 2 * len(log.opened_at)


def test_grid_weighted_terrain_and_no_path(client):
    status, answer = post(
        client,
        "/api/grid/path",
        {"grid": ".9.\n...", "start": [0, 0], "goal": [2, 0], "moves": "4"},
    )
    assert status == 200 and answer["cost"] == 4.0  # around the dear cell, not through it
    status, answer = post(
        client, "/api/grid/path", {"grid": ".#.\n.#.", "start": [0, 0], "goal": [2, 0]}
    )
    assert status == 200 and answer["status"] == "no_solution"


def test_grid_bundled_maps(client):
    names = client.get("/api/grid/maps").json()["maps"]
    assert "arena2" in names and "room" in names
    arena = client.get("/api/grid/maps/arena2").json()
    grid = bundled_map("arena2")
    assert (arena["width"], arena["height"]) == (grid.width, grid.height)
    assert len(arena["rows"]) == grid.height and grid.is_passable(tuple(arena["start"]))
    missing = client.get("/api/grid/maps/..%2F..%2Fetc%2Fpasswd")
    assert missing.status_code in (404, 422) and "error" in missing.json()
    assert client.get("/api/grid/maps/no-such-map").status_code == 422


def test_grid_upload_is_parsed_in_memory(client):
    moving_ai = "type octile\nheight 2\nwidth 3\nmap\n..@\nT..\n"
    status, answer = post(client, "/api/grid/upload", {"text": moving_ai, "name": "tiny.map"})
    assert status == 200 and answer["rows"] == ["..#", "#.."]
    assert (answer["width"], answer["height"]) == (3, 2)
    status, answer = post(client, "/api/grid/upload", {"text": "S.#\n..G"})
    assert status == 200 and answer["start"] == [0, 0] and answer["goal"] == [2, 1]
    status, answer = post(
        client, "/api/grid/upload", {"text": "type octile\nheight 9\nwidth 3\nmap\n...\n"}
    )
    assert status == 422 and answer["error"]
    status, answer = post(client, "/api/grid/upload", {"text": "/etc/passwd"})
    assert status == 422 and "line 1" in answer["error"]  # text, never a path
    big = "\n".join(["." * 200] * 60)
    assert post(client, "/api/grid/upload", {"text": big})[0] == 413


def test_grid_limits(client):
    big = "\n".join(["." * 200] * 60)  # 12,000 cells > the 10,000 of this server
    status, answer = post(client, "/api/grid/path", {"grid": big, "start": [0, 0], "goal": [1, 1]})
    assert status == 413 and "over this server's limit of 10000 cells" in answer["error"]
    status, answer = post(client, "/api/grid/path", {"grid": "..", "start": [0, 0], "goal": [9, 0]})
    assert status == 422 and answer["error"].startswith("goal (9, 0) is outside the 2x1 map")
    status, answer = post(client, "/api/grid/path", {"grid": ".x", "start": [0, 0], "goal": [1, 0]})
    assert status == 422 and "line 1" in answer["error"] and "column 2" in answer["error"]
    status, answer = post(
        client,
        "/api/grid/path",
        {"grid": "..", "start": [0, 0], "goal": [1, 0], "algorithm": "dfs"},
    )
    assert status == 422 and "unknown algorithm 'dfs'" in answer["error"]
    status, answer = post(client, "/api/grid/path", {"grid": "..", "start": "0,0", "goal": [1, 0]})
    assert status == 422 and "start must be a pair" in answer["error"]


# -- bad requests, for every endpoint alike -------------------------------------------------
POST_ENDPOINTS = [
    "/api/grid/path",
    "/api/grid/upload",
    "/api/sudoku/solve",
    "/api/sudoku/generate",
    "/api/sudoku/steps",
    "/api/queens",
    "/api/queens/count",
    "/api/queens/trace",
    "/api/sliding/solve",
    "/api/play/connect4",
    "/api/xiangqi/position",
    "/api/play/xiangqi",
    "/api/gomoku/position",
    "/api/play/gomoku",
    "/api/gomoku/vcf",
    "/api/gomoku/vct",
    "/api/connect4/tree",
    "/api/gomoku/tree",
    "/api/xiangqi/tree",
    "/api/sokoban/level",
    "/api/sokoban/analysis",
    "/api/sokoban/solve",
    "/api/sokoban/replay",
]


@pytest.mark.parametrize("path", POST_ENDPOINTS)
def test_bad_bodies_are_4xx_with_a_message(client, path):
    cases = [
        (b"{not json", 400),
        (b"[1, 2]", 400),
        (b"\xff\xfe", 400),
        (b"[" * 100_000 + b"]" * 100_000, 400),
        (b'{"n": 1' + b"0" * 5000 + b"}", 400),
    ]
    for raw, expected in cases:
        response = client.post(path, content=raw, headers={"content-type": "application/json"})
        assert response.status_code == expected, (path, raw[:20])
        assert response.json()["error"]
    wrong_types = {
        "grid": 5,
        "puzzle": 5,
        "size": "big",
        "n": "eight",
        "tiles": "123",
        "moves": 5,
        "start": True,
    }
    response = client.post(path, json=wrong_types)
    assert response.status_code == 422 and response.json()["error"]


def test_huge_body_is_refused_unread():
    small = create_app(Limits(max_body_bytes=1000))
    with TestClient(small) as client:
        response = client.post(
            "/api/grid/path",
            content=json.dumps({"grid": "." * 5000}),
            headers={"content-type": "application/json"},
        )
        assert response.status_code == 413 and "over the limit of 1000" in response.json()["error"]


def test_posts_must_say_they_are_json(client):
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        response = client.post("/api/queens", content=b'{"n": 6}', headers={"content-type": kind})
        assert response.status_code == 415 and "application/json" in response.json()["error"]
    charset = {"content-type": "application/json; charset=utf-8"}
    assert client.post("/api/queens", content=b'{"n": 6}', headers=charset).json()["count"] == 4


def test_unknown_routes_and_methods(client):
    assert client.get("/api/nothing").status_code == 404
    assert client.get("/api/grid/path").status_code == 405
    assert client.get("/api/nothing").json() == {"error": "no such page or endpoint"}


# -- Sudoku ---------------------------------------------------------------------------------
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_sudoku_solve_equals_the_library(client):
    status, answer = post(client, "/api/sudoku/solve", {"puzzle": PUZZLE})
    expected = solve(PUZZLE, max_solutions=2)
    assert status == 200
    assert answer["solution"] == expected.solution.to_string()
    assert answer["unique"] is True and answer["count"] == 1
    assert answer["givens"] == PUZZLE and answer["size"] == 9 and answer["box"] == [3, 3]


def test_sudoku_count_and_errors(client):
    status, answer = post(client, "/api/sudoku/solve", {"puzzle": "." * 16, "count": True})
    assert status == 200 and answer["count"] == 288 and answer["exhausted"]
    status, answer = post(client, "/api/sudoku/solve", {"puzzle": "11" + "." * 79})
    assert status == 422 and answer["error"]
    status, answer = post(client, "/api/sudoku/solve", {"puzzle": "123"})
    assert status == 422 and answer["error"]


def test_sudoku_generate(client):
    status, answer = post(client, "/api/sudoku/generate", {"size": 4, "seed": 5})
    assert status == 200
    check = solve(answer["puzzle"], max_solutions=2)
    assert check.unique and check.solution.to_string() == answer["solution"]
    status, answer = post(client, "/api/sudoku/generate", {"size": 25})
    assert status == 413 and "over this server's limit" in answer["error"]


# -- N-Queens ------------------------------------------------------------------------------
def test_queens_equal_the_library(client):
    status, answer = post(client, "/api/queens", {"n": 8, "max_solutions": 100})
    expected = find_solutions(8, 100)
    assert status == 200 and answer["count"] == 92
    assert answer["solutions"] == [list(s) for s in expected.solutions]
    status, answer = post(client, "/api/queens/count", {"n": 9, "up_to_symmetry": True})
    assert answer["count"] == count_solutions(9, up_to_symmetry=True).count == 46
    status, answer = post(client, "/api/queens", {"n": 30})
    assert status == 413 and "board size 30 is over this server's limit" in answer["error"]
    status, answer = post(client, "/api/queens", {"n": 0})
    assert status == 422 and "at least 1" in answer["error"]


def test_queens_trace_is_the_backtracking(client):
    status, answer = post(client, "/api/queens/trace", {"n": 4})
    assert status == 200
    board: list[int] = []
    found = []
    for event in answer["events"]:  # replaying the steps gives every solution, in order
        if event[0] == "place":
            assert event[1] == len(board)
            board.append(event[2])
        elif event[0] == "remove":
            assert board.pop() == event[2]
        elif event[0] == "reject":  # a square the named row's queen attacks
            row, col, by = event[1:]
            assert row == len(board) and (board[by] == col or abs(board[by] - col) == row - by)
            assert all(board[r] != col and abs(board[r] - col) != row - r for r in range(by))
        else:
            found.append(tuple(board))
    assert found == [(1, 3, 0, 2), (2, 0, 3, 1)] and answer["complete"]
    for n in (6, 7, 8):  # the trace finds what the fast solver counts
        events = post(client, "/api/queens/trace", {"n": n})[1]["events"]
        assert sum(e[0] == "solution" for e in events) == count_solutions(n).count
    assert post(client, "/api/queens/trace", {"n": 12})[0] == 413


# -- sliding ------------------------------------------------------------------------------
def test_sliding_solve_equals_the_engine(client):
    tiles = [8, 6, 7, 2, 5, 4, 3, 0, 1]  # a hardest 8-puzzle: 31 moves
    status, answer = post(client, "/api/sliding/solve", {"tiles": tiles, "algorithm": "astar"})
    expected = solve_puzzle(SlidingPuzzle(tuple(tiles)), "astar")
    assert status == 200 and answer["cost"] == expected.cost == 31
    assert answer["lurd"] == "".join(expected.actions)
    board = list(tiles)  # sliding the tiles named brings the goal
    for tile in answer["tiles_moved"]:
        blank, at = board.index(0), board.index(tile)
        board[blank], board[at] = tile, 0
    assert board == [1, 2, 3, 4, 5, 6, 7, 8, 0]
    status, optimal = post(client, "/api/sliding/solve", {"tiles": tiles, "algorithm": "optimal"})
    assert status == 200 and optimal["cost"] == 31 and optimal["optimal"] is True
    library = sliding_solve(tiles)
    assert (optimal["solution"], optimal["lurd"]) == (library.as_dict()["solution"], library.lurd)
    assert optimal["tiles_moved"] == optimal["solution"]
    status, answer = post(client, "/api/sliding/solve", {"tiles": [1, 2, 3, 4, 5, 6, 8, 7, 0]})
    assert status == 200 and answer["status"] == "no_solution"
    assert post(client, "/api/sliding/solve", {"tiles": list(range(25))})[0] == 413
    assert post(client, "/api/sliding/solve", {"tiles": [1, 1, 2, 3]})[0] == 422


# -- Connect Four -------------------------------------------------------------------------
def test_connect4_reply_and_stream(client):
    status, answer = post(client, "/api/play/connect4", {"moves": "444", "time_limit": 0.2})
    assert status == 200 and answer["move"] in {"1", "2", "3", "4", "5", "6", "7"}
    assert answer["position"]["moves"] == "444" + answer["move"]
    game = ConnectFour.from_moves(answer["position"]["moves"])
    assert answer["position"]["rows"][-1] == "".join(game.cell(c, 0) for c in range(7))
    response = client.post(
        "/api/play/connect4", json={"moves": "4", "time_limit": 0.2, "stream": True}
    )
    lines = [json.loads(line) for line in response.text.splitlines()]
    assert lines[-1]["type"] == "result" and lines[0]["type"] == "info"
    depths = [line["depth"] for line in lines[:-1]]
    assert depths == sorted(depths) and depths[0] == 1


def test_connect4_finds_the_win_and_rejects_bad_games(client):
    status, answer = post(client, "/api/play/connect4", {"moves": "121212", "time_limit": 0.5})
    assert (
        answer["move"] == "1" and answer["position"]["winner"] == "X" and answer["position"]["over"]
    )
    status, answer = post(client, "/api/play/connect4", {"moves": "1111111"})
    assert status == 422 and "column 1 is full" in answer["error"]
    status, answer = post(client, "/api/play/connect4", {"moves": "12", "time_limit": -1})
    assert status == 422 and "time_limit" in answer["error"]


# -- Xiangqi ------------------------------------------------------------------------------
def test_xiangqi_position_and_reply(client):
    status, answer = post(client, "/api/xiangqi/position", {"moves": ["h2e2"]})
    expected = parse_position("startpos moves h2e2")
    assert status == 200 and answer["fen"] == expected.fen()
    assert answer["side"] == "black" and len(answer["legal"]) == len(expected.legal_moves())
    assert answer["rows"] == list(expected.rows())
    status, answer = post(client, "/api/play/xiangqi", {"moves": ["h2e2"], "time_limit": 0.3})
    assert status == 200 and answer["move"] in answer["position"]["moves"]
    after = Position()
    for move in answer["position"]["moves"]:
        after.push(move)
    assert after.fen() == answer["position"]["fen"]
    status, answer = post(client, "/api/xiangqi/position", {"moves": ["a0a5"]})
    assert status == 422 and "a0a5" in answer["error"]


# -- Gomoku -------------------------------------------------------------------------------
RENJU_DOUBLE_THREE = ["f8", "a1", "g8", "a3", "h9", "a5", "h10", "a7"]  # h8 makes two threes


def test_gomoku_position_equals_the_library(client):
    body = {"size": 15, "rule": "renju", "moves": RENJU_DOUBLE_THREE}
    status, answer = post(client, "/api/gomoku/position", body)
    board = GomokuBoard(15, rule="renju", moves=RENJU_DOUBLE_THREE)
    assert status == 200 and answer["to_move"] == "black" and not answer["over"]
    assert answer["rows"][15 - 8][5] == "x" and answer["rows"][15 - 1][0] == "o"  # f8, a1
    assert "h8" in answer["forbidden"]
    expected = [board.format_move(int(c)) for c in board.cells if board.forbidden(int(c))]
    assert sorted(answer["forbidden"]) == sorted(expected)
    status, answer = post(client, "/api/gomoku/position", {**body, "moves": [*body["moves"], "h8"]})
    assert status == 422 and answer["error"] == "h8 is forbidden for black under renju"
    status, answer = post(client, "/api/gomoku/position", {"moves": ["h8", "h8"]})
    assert status == 422 and answer["error"] == "h8 is occupied"
    five = ["a1", "a15", "b1", "b15", "c1", "c15", "d1", "d15", "e1"]
    status, answer = post(client, "/api/gomoku/position", {"moves": five})
    assert answer["over"] and answer["winner"] == "black" and answer["forbidden"] == []
    status, answer = post(client, "/api/gomoku/position", {"moves": [*five, "f1"]})
    assert status == 422 and "game is over" in answer["error"]


def test_gomoku_engine_reply_and_stream(client):
    moves = ["h8", "a1", "i8", "a3", "j8"]  # black threatens: white must block g8 or k8
    status, answer = post(client, "/api/play/gomoku", {"moves": moves, "time_limit": 0.5})
    assert status == 200 and answer["move"] in {"g8", "k8"}
    assert answer["position"]["moves"] == [*moves, answer["move"]]
    assert answer["position"]["to_move"] == "black"
    response = client.post(
        "/api/play/gomoku",
        json={"moves": ["a1", "o15", "a15", "o1"], "time_limit": 0.3, "stream": True},
    )
    lines = [json.loads(line) for line in response.text.splitlines()]
    assert lines[-1]["type"] == "result" and lines[0]["type"] == "info"
    depths = [line["depth"] for line in lines[:-1]]
    assert depths == sorted(depths) and depths[0] == 1
    assert lines[-1]["move"] not in {"a1", "o15", "a15", "o1"}


def test_gomoku_vcf_equals_the_library(client):
    moves = ["h8", "a1", "i8", "a3", "j8", "a5"]
    status, answer = post(client, "/api/gomoku/vcf", {"moves": moves})
    expected = vcf(GomokuBoard(15, moves=moves))
    assert status == 200 and answer["status"] == "solved" and answer["verified"]
    assert answer["line"] == list(expected.line) and answer["attacker"] == "black"
    status, answer = post(client, "/api/gomoku/vcf", {"moves": ["h8"], "size": 9})
    assert status == 200 and answer["status"] == "no_solution" and answer["attacker"] == "white"


def test_gomoku_limits_and_bad_input(client):
    status, answer = post(client, "/api/gomoku/position", {"size": 21})
    assert status == 413 and "board size 21" in answer["error"]
    status, answer = post(client, "/api/gomoku/position", {"size": 4})
    assert status == 422 and "5..22" in answer["error"]
    status, answer = post(client, "/api/gomoku/position", {"rule": "go"})
    assert status == 422 and "unknown rule" in answer["error"]
    status, answer = post(client, "/api/play/gomoku", {"moves": ["h8"], "time_limit": 0})
    assert status == 422 and "time_limit" in answer["error"]
    status, answer = post(client, "/api/gomoku/position", {"moves": ["z9"], "size": 9})
    assert status == 422 and "z9" in answer["error"]


# -- Sokoban ------------------------------------------------------------------------------
PASTED = "; one\n#######\n#@ $ .#\n# $  .#\n#######\n\n; two\n#####\n#@$.#\n#####\n"


def test_sokoban_levels_bundled_and_pasted(client):
    names = {
        c["name"]: c["levels"] for c in client.get("/api/sokoban/collections").json()["collections"]
    }
    assert names["microban"] == len(bundled_collection("microban"))
    status, answer = post(client, "/api/sokoban/level", {"collection": "xsokoban90", "number": 2})
    assert status == 200 and answer["rows"] == list(bundled_collection("xsokoban90")[1].rows)
    assert answer["number"] == 2 and answer["levels"] == names["xsokoban90"]
    status, answer = post(client, "/api/sokoban/level", {"text": PASTED, "number": 2})
    assert status == 200 and answer["rows"] == list(parse_collection(PASTED)[1].rows)
    assert answer["title"] == "two" and answer["levels"] == 2


@pytest.mark.parametrize("mode", ["fast", "push-optimal", "move-optimal"])
def test_sokoban_solve_equals_the_library(client, mode):
    body = {"collection": "microban", "number": 2, "mode": mode, "time_limit": 5}
    status, answer = post(client, "/api/sokoban/solve", body)
    expected = sokoban_solve(bundled_collection("microban")[1], mode=mode, time_limit=5)
    assert status == 200 and answer["status"] == "solved" == expected.status
    assert verify(bundled_collection("microban")[1], answer["solution"]).solved
    if mode != "fast":
        assert (answer["pushes"], answer["moves"], answer["optimal"]) == (
            expected.pushes,
            expected.moves,
            True,
        )


def test_sokoban_replay_and_bad_levels(client):
    level = parse_collection(PASTED)[0]
    status, answer = post(client, "/api/sokoban/replay", {"text": PASTED, "lurd": "rRRdlL"})
    done = replay(level, "rRRdlL")
    assert status == 200 and answer == {"moves": 6, "pushes": done.pushes, "solved": done.solved}
    status, answer = post(client, "/api/sokoban/replay", {"text": PASTED, "lurd": "u"})
    assert status == 422 and answer["error"] == "move 1 (u): walks into a wall"
    bad = "#####\n#@$ #\n#####"
    status, answer = post(client, "/api/sokoban/level", {"text": bad})
    with pytest.raises(Exception) as raised:
        parse_collection(bad)[0].board()
    assert status == 422 and answer["error"] == str(raised.value)
    status, answer = post(client, "/api/sokoban/level", {"collection": "microban", "number": 999})
    assert status == 422 and "999" in answer["error"]
    status, answer = post(client, "/api/sokoban/level", {"collection": "/etc/passwd"})
    assert status == 422 and "unknown collection" in answer["error"]
    status, answer = post(client, "/api/sokoban/solve", {"text": PASTED, "mode": "slow"})
    assert status == 422 and "unknown mode" in answer["error"]


def test_sokoban_limits():
    small = create_app(Limits(max_sokoban_cells=20))
    with TestClient(small) as client:
        status, answer = post(client, "/api/sokoban/level", {"collection": "microban"})
        assert status == 413 and "over this server's limit of 20" in answer["error"]
    big = "#" * 300_000
    status, answer = post(TestClient(create_app()), "/api/sokoban/level", {"text": big})
    assert status == 413 and "level text" in answer["error"]


def test_gomoku_engine_stops_when_the_client_goes_away():
    import threading
    import time

    from tansuo.errors import InvalidInput
    from tansuo.web.api import Call
    from tansuo.web.tabs import gomoku

    gone = threading.Event()
    gone.set()
    call = Call({"moves": ["a1", "o15", "a15", "o1"], "time_limit": 10}, Limits(), cancelled=gone)
    started = time.perf_counter()
    with pytest.raises(InvalidInput, match="went away"):
        gomoku.play(call)
    assert time.perf_counter() - started < 3.5  # after its first iteration; else >= 4 s (soft stop)


# -- the teaching views' data, against the libraries ------------------------------------------
def test_connect4_tree_is_the_library_search(client):
    status, answer = post(client, "/api/connect4/tree", {"moves": "4455", "depth": 3})
    expected = alphabeta_tree(ConnectFour.from_moves("4455"), 3)
    assert status == 200 and answer["nodes"] == expected.count()
    assert answer["tree"] == expected.as_dict(ConnectFour.format_move)
    status, answer = post(client, "/api/connect4/tree", {"moves": "", "depth": 9})
    assert status == 422 and "depth must be a whole number from 1 to 5" in answer["error"]


def test_connect4_position_names_the_winning_four(client):
    from tansuo.web.tabs.connect4 import position

    drawn = position(ConnectFour.from_moves("4455667"))
    assert drawn["winner"] == "X" and drawn["line"] == [[5, 3], [5, 4], [5, 5], [5, 6]]


def test_sokoban_analysis_is_the_solver_tables(client):
    level = bundled_collection("microban")[0]
    status, answer = post(client, "/api/sokoban/analysis", {"collection": "microban", "number": 1})
    tables = prepare(level.board())
    board = level.board()
    assert status == 200
    assert sorted(map(tuple, answer["dead"])) == sorted(
        board.rowcol(int(c)) for c in tables.dead.nonzero()[0]
    )
    best = sokoban_solve(level, mode="push-optimal", time_limit=5)
    assert answer["lower_bound"] <= best.pushes  # a lower bound
    # no push of the optimal solution ends on a dead square
    dead = {tuple(d) for d in answer["dead"]}
    assert not any(tuple(b) in dead for b in _box_squares(level, best.solution))


def _box_squares(level, lurd):
    """Every square a box stands on while ``lurd`` is played."""
    rows = [list(r.ljust(level.width)) for r in level.rows]
    boxes = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "$*"}
    player = next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "@+")
    seen = set(boxes)
    steps = {"l": (0, -1), "r": (0, 1), "u": (-1, 0), "d": (1, 0)}
    for letter in lurd:
        dr, dc = steps[letter.lower()]
        player = (player[0] + dr, player[1] + dc)
        if player in boxes:
            boxes.remove(player)
            boxes.add((player[0] + dr, player[1] + dc))
            seen |= boxes
    return seen


def test_sliding_h_along_is_the_heuristic_on_the_path(client):
    tiles = [1, 2, 3, 4, 0, 6, 7, 5, 8]
    status, answer = post(client, "/api/sliding/solve", {"tiles": tiles, "algorithm": "ida"})
    expected = solve_puzzle(SlidingPuzzle(tuple(tiles)), "ida")
    puzzle = SlidingPuzzle(tuple(tiles))
    assert status == 200 and answer["h_along"] == [puzzle.heuristic(s) for s in expected.path]
    assert answer["wall_s"] >= answer["stats"]["elapsed_s"]


def test_sliding_streams_the_library_bounds_and_the_engine_counts(client):
    from tansuo.sliding import IdaProgress

    tiles = [4, 1, 0, 2, 5, 3, 7, 8, 6]  # IDA* with Manhattan tries the bounds 6 then 8
    seen: list[IdaProgress] = []
    library = sliding_solve(tiles, heuristic="manhattan", on_iteration=seen.append)
    body = {"tiles": tiles, "algorithm": "optimal", "heuristic": "manhattan", "stream": True}
    lines = [json.loads(line) for line in client.post("/api/sliding/solve", json=body).text.split()]
    told = [line["bound"] for line in lines if line["type"] == "info" and line["new_bound"]]
    assert told == [p.bound for p in seen if p.new_bound] == [6, 8]
    assert lines[-1]["type"] == "result" and lines[-1]["bounds"] == told
    assert lines[-1]["lurd"] == library.lurd
    status, answer = post(client, "/api/sliding/solve", {**body, "stream": False})
    assert status == 200 and answer["bounds"] == told  # the same bounds, unstreamed
    # with the tables ("best": the exact table on 3x3) the page is told first that they load
    best = {**body, "heuristic": "best"}
    lines = [json.loads(line) for line in client.post("/api/sliding/solve", json=best).text.split()]
    assert lines[0] == {"type": "info", "phase": "tables", "heuristic": "exact"}
    assert lines[-1]["heuristic"] == "exact" and lines[-1]["bounds"] == [lines[-1]["cost"]]
    wrong = {**body, "stream": False, "heuristic": "hamming"}  # not an estimate of tansuo.sliding
    assert post(client, "/api/sliding/solve", wrong)[0] == 422
    # the generic engine's IDA*: one line per iteration (its start expanded again), the count
    body = {"tiles": tiles, "algorithm": "ida", "stream": True}
    lines = [json.loads(line) for line in client.post("/api/sliding/solve", json=body).text.split()]
    expected = solve_puzzle(SlidingPuzzle(tuple(tiles)), "ida")
    iterations = [line["iteration"] for line in lines if line["type"] == "info"]
    assert iterations[0] == 1 and iterations[-1] == expected.stats.iterations == 2
    assert lines[-1]["stats"]["expanded"] == expected.stats.expanded


def test_sudoku_steps_are_the_traced_solver(client):
    from tansuo.sudoku.trace import solve_steps

    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    status, answer = post(client, "/api/sudoku/steps", {"puzzle": puzzle})
    assert status == 200 and answer == solve_steps(puzzle).as_dict()
    status, answer = post(client, "/api/sudoku/steps", {"puzzle": "." * 256})
    assert status == 413 and "step-by-step" in answer["error"]


@pytest.mark.parametrize("game", ["gomoku", "xiangqi"])
def test_game_trees_are_alphabeta_on_the_first_moves(client, game):
    from tansuo.adversarial import alphabeta

    if game == "gomoku":
        moves, width, position = ["h8", "h9"], 6, GomokuBoard(15, moves=["h8", "h9"])
    else:
        moves, width, position = ["h2e2"], 8, parse_position("startpos moves h2e2")
    status, answer = post(client, f"/api/{game}/tree", {"moves": moves, "depth": 2, "width": width})
    expected = alphabeta(position, 2, order=lambda g, ms: list(ms)[:width])
    assert status == 200
    assert answer["nodes"] == expected.stats.nodes
    assert answer["tree"]["value"] == expected.score
    # beside it, the engine's own search of the same position, as the library answers it
    if game == "gomoku":
        from tansuo.gomoku import Engine
        from tansuo.web.tabs.gomoku import ENGINE_DEPTH

        engine = Engine(max_memory=16 << 20, book=False).search(position, depth=ENGINE_DEPTH)
    else:
        from tansuo.web.tabs.xiangqi import ENGINE_DEPTH
        from tansuo.xiangqi import Engine

        engine = Engine(max_memory=16 << 20).search(position, depth=ENGINE_DEPTH)
    shown = answer["engine"]
    assert shown["depth"] == ENGINE_DEPTH and shown["pv"] == list(engine.pv)
    assert shown["nodes"] == engine.stats.nodes and shown["score"] == engine.score
    assert shown["nodes"] > answer["nodes"]  # a real search: more than the picture


def test_sliding_zones_is_the_libraries_zone_strategy(client):
    from tansuo.sliding import solve as zones_solve

    tiles = [5, 1, 2, 3, 9, 6, 7, 4, 13, 10, 11, 8, 0, 14, 15, 12]
    status, answer = post(client, "/api/sliding/solve", {"tiles": tiles, "algorithm": "zones"})
    expected = zones_solve(tiles, algorithm="zones")
    assert status == 200 and answer["algorithm"] == "zones" and answer["optimal"] is False
    assert answer["lurd"] == expected.lurd
