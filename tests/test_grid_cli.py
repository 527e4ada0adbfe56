"""``tansuo path``: output, --json, --render, --animate, --trace, --scen, and errors."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image

from tansuo.grid import bundled_map, bundled_scen

ROOM = "..........\n....#.....\n..S.#..G..\n....#.....\n..........\n"


@pytest.fixture
def room(tmp_path):
    path = tmp_path / "room.txt"
    path.write_text(ROOM)
    return path


def test_path_prints_length_map_and_stats(run_cli, room):
    r = run_cli("path", room, "--costs", "10-14")
    assert r.code == 0, r.err
    assert "length 72 (optimal)" in r.out
    # round the wall's top or its bottom: both are optimal, the map is symmetric
    assert (
        "path 2,2 3,1 3,0 4,0 5,0 6,1 7,2" in r.out or "path 2,2 3,3 3,4 4,4 5,4 6,3 7,2" in r.out
    )
    assert "..S.#..G.." in r.out and "expanded" in r.out


def test_path_json_has_design_keys(run_cli, room):
    r = run_cli("path", room, "--from", "0,0", "--to", "9,4", "--json", "--moves", "4")
    assert r.code == 0, r.err
    obj = json.loads(r.out)
    assert obj["status"] == "solved" and obj["cost"] == 13.0
    assert obj["solution"][0] == [0, 0] and obj["solution"][-1] == [9, 4]
    assert {"expanded", "generated", "elapsed_s", "max_frontier", "preprocess_s"} <= set(
        obj["stats"]
    )
    assert obj["move_rule"] == "4" and obj["cost_model"] == "octile"


def test_every_algorithm_from_the_cli(run_cli, room):
    costs = set()
    for algo in ("astar", "jps", "dijkstra", "bidirectional"):
        r = run_cli("path", room, "--algo", algo, "--json")
        assert r.code == 0, (algo, r.err)
        costs.add(round(json.loads(r.out)["cost"], 9))
    assert len(costs) == 1


def test_no_path_exits_1(run_cli, tmp_path):
    path = tmp_path / "split.txt"
    path.write_text("S#.\n.#G\n")
    r = run_cli("path", path)
    assert r.code == 1 and "no path" in r.out


def test_budget_exits_3(run_cli, room):
    r = run_cli("path", room, "--algo", "dijkstra", "--max-expansions", "3", "--json")
    assert r.code == 3 and json.loads(r.out)["status"] == "limit"
    r = run_cli("path", room, "--algo", "dijkstra", "--max-expansions", "3")
    assert r.code == 3 and "stopped by its budget (max_expansions)" in r.out
    assert "expanded 3," in r.out  # the statistics are still printed


def test_render_and_trace_write_images(run_cli, room, tmp_path):
    png, gif = tmp_path / "out.png", tmp_path / "out.gif"
    r = run_cli("path", room, "--render", png, "--animate", gif)
    assert r.code == 0, r.err
    with Image.open(png) as image:
        assert image.size[0] > 100 and image.format == "PNG"
        pixels = {tuple(p) for p in np.asarray(image.convert("RGB")).reshape(-1, 3).tolist()}
        assert (245, 140, 30) in pixels and (140, 185, 235) in pixels  # path and closed list
    with Image.open(gif) as image:
        assert image.format == "GIF" and image.n_frames >= 3
    again = run_cli("path", room, "--render", png)
    assert again.code == 2 and "already exists" in again.err
    assert run_cli("path", room, "--render", png, "--force").code == 0
    assert run_cli("path", room, "--render", room, "--force").code == 2  # never the input


def test_explain_prints_fgh_rows(run_cli, room):
    r = run_cli("path", room, "--costs", "10-14", "--trace")
    assert r.code == 0
    lines = [ln for ln in r.out.splitlines() if ln.strip().startswith(("1 ", "12 "))]
    assert lines[0].split()[-3:] == ["0", "50", "50"]  # the start: G 0, H 50 = 5 straight steps
    assert r.out.count("goal") == 1
    big = run_cli("path", "arena2", "--from", "99,159", "--to", "101,162", "--trace")
    assert big.code == 2 and "small grids" in big.err
    old = run_cli("path", "--sample", "room", "--costs", "10-14", "--explain")  # the old name
    assert old.code == 0 and [ln for ln in old.out.splitlines() if " goal" in ln] == [
        ln for ln in r.out.splitlines() if " goal" in ln
    ]


def test_scen_batch_reports_matches_and_mismatches(run_cli, tmp_path):
    grid = bundled_map("arena2")
    problems = bundled_scen("arena2")[200:210]
    lines = ["version 1"]
    for i, p in enumerate(problems):
        optimal = p.optimal + (1.0 if i == 3 else 0.0)  # one wrong on purpose
        lines.append(
            f"{p.bucket}\tarena2.map\t{grid.width}\t{grid.height}\t{p.start[0]}\t{p.start[1]}\t"
            f"{p.goal[0]}\t{p.goal[1]}\t{optimal:.8f}"
        )
    lines.append("garbage line")
    scen = tmp_path / "a.scen"
    scen.write_text("\n".join(lines) + "\n")
    r = run_cli("path", "arena2", "--scen", scen, "--algo", "jps")
    assert r.code == 1
    assert "9/10 lengths match" in r.out
    assert "mismatch problem 4" in r.out
    assert "skipped 1 line" in r.err
    # one total and one median, the summary's: not a second, different "total" for the run
    assert r.out.count("total") == 1 and r.out.count("median") == 1
    r = run_cli("path", "arena2", "--scen", scen, "--json", "--random", "5")
    rows = [json.loads(line) for line in r.out.splitlines()]
    assert len(rows) == 5 and all("matched" in row for row in rows)
    assert len({row["id"] for row in rows}) == 5


def test_scen_for_another_map_is_refused(run_cli):
    r = run_cli("path", "arena2", "--scen", "maze512-1-0")
    assert r.code == 2 and "512x512" in r.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--from", "4,1", "--to", "0,0"), "on a wall"),
        (("--from", "40,1", "--to", "0,0"), "outside"),
        (("--from", "x", "--to", "0,0"), "X,Y"),
        (("--moves", "6"), "unknown movement rule"),
        (("--costs", "cheap"), "unknown cost model"),
        (("--algo", "jps", "--moves", "4"), "jps needs"),
        (("--heuristic", "psychic"), "unknown heuristic"),
    ],
)
def test_bad_input_is_one_line_exit_2(run_cli, room, args, message):
    r = run_cli("path", room, *args)
    assert r.code == 2
    assert message in r.err and "Traceback" not in r.err
    assert len(r.err.strip().splitlines()) == 1


def test_bad_files_exit_2(run_cli, tmp_path):
    junk = tmp_path / "junk.txt"
    junk.write_text("..\n.x\n")
    r = run_cli("path", junk, "--from", "0,0", "--to", "1,0")
    assert r.code == 2 and "line 2, column 2" in r.err
    r = run_cli("path", tmp_path / "missing.map", "--from", "0,0", "--to", "1,0")
    assert r.code == 2 and "no such file" in r.err
    plain = tmp_path / "plain.txt"
    plain.write_text("...\n")
    r = run_cli("path", plain)
    assert r.code == 2 and "--from" in r.err


def test_demo_runs(capsys):
    from rich.console import Console

    from tansuo.cli import path as path_cli

    path_cli.demo(Console(force_terminal=False, width=100))
    out = capsys.readouterr().out
    assert "length 72" in out and "Jump Point Search" in out


def test_png_map_from_the_cli(run_cli, tmp_path):
    pixels = np.full((5, 7), 255, dtype=np.uint8)
    pixels[0:4, 3] = 0  # a wall with a gap at the bottom
    path = tmp_path / "map.png"
    Image.fromarray(pixels, "L").save(path)
    r = run_cli("path", path, "--from", "0,0", "--to", "6,0", "--moves", "4", "--json")
    assert r.code == 0, r.err
    obj = json.loads(r.out)
    assert obj["cost"] == 14.0 and [3, 4] in obj["solution"]


def test_explain_and_trace_need_a_single_best_first_search(run_cli, room, tmp_path):
    r = run_cli("path", room, "--algo", "bfs", "--trace")
    assert r.code == 2 and "F = G + H" in r.err
    r = run_cli("path", room, "--algo", "bidirectional", "--animate", tmp_path / "t.gif")
    assert r.code == 2 and "bidirectional" in r.err
    r = run_cli("path", room, "--algo", "jps", "--trace")
    assert r.code == 0 and "goal" in r.out


def test_the_cli_knows_the_library_s_algorithms():
    from tansuo.cli import path as path_cli
    from tansuo.grid import ALGORITHMS

    assert path_cli.ALGORITHMS == ALGORITHMS


def test_memory_budget_from_the_cli(run_cli):
    r = run_cli("path", "arena2", "--from", "5,112", "--to", "275,181", "--json",
                "--heuristic", "differential", "--max-memory", "1M")  # fmt: skip
    assert r.code == 3
    obj = json.loads(r.out)
    assert obj["status"] == "limit" and obj["stats"]["limit"] == "max_memory"
    r = run_cli("path", "arena2", "--from", "5,112", "--to", "275,181", "--max-memory", "1G")
    assert r.code == 0 and "length 362.054" in r.out


def test_outputs_are_checked_before_any_work(run_cli, room, tmp_path):
    for option in ("--render", "--animate"):
        r = run_cli("path", "arena2", "--from", "5,112", "--to", "275,181", option,
                    tmp_path / "no" / "such" / "x.gif")  # fmt: skip
        assert r.code == 2 and "does not exist" in r.err
        assert r.out == ""  # nothing searched, nothing printed
    (tmp_path / "taken.png").write_bytes(b"")
    r = run_cli("path", room, "--render", tmp_path / "taken.png")
    assert r.code == 2 and "already exists" in r.err and r.out == ""
    r = run_cli("path", room, "--render", tmp_path / "room.txt", "--force")
    assert r.code == 2 and "input" in r.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--time-limit", "-1"), "time_limit must be a number of seconds >= 0"),
        (("--max-expansions", "-5"), "max_expansions must be a whole number >= 0"),
        (("--max-memory", "lots"), "memory size 'lots'"),
        (("--max-memory", "-3"), "max_memory must be >= 0"),
        (("--from", "1e3,4", "--to", "0,0"), "X,Y"),
        (("--from", "3,4,5", "--to", "0,0"), "X,Y"),
        (("--from", "-1,0", "--to", "0,0"), "outside"),
        (("--from", "0,0", "--to", "99999999999999999999,0"), "outside"),
        (("--random", "3"), "give --scen too"),
        (("--scen", "arena2", "--random", "0"), "--random must be >= 1"),
        (("--landmarks", "0"), "landmarks must be a whole number from 1 to 64"),
        (("--weight", "nan", "--algo", "weighted-astar"), "weight must be a finite number"),
        (("--algo", "teleport"), "unknown algorithm"),
    ],
)
def test_bad_options_are_one_line_exit_2(run_cli, room, args, message):
    r = run_cli("path", room, *args)
    assert r.code == 2, r.out
    assert message in r.err and "Traceback" not in r.err
    assert len(r.err.strip().splitlines()) == 1


def test_bad_files_are_one_line_exit_2(run_cli, tmp_path):
    (tmp_path / "empty.map").write_text("")
    (tmp_path / "binary.txt").write_bytes(b"S.\x00.G")
    (tmp_path / "latin.txt").write_bytes(b"S.\xff.G\n")
    with open(tmp_path / "huge.map", "wb") as handle:
        handle.truncate((64 << 20) + 1)  # sparse: no disk space taken
    (tmp_path / "fake.png").write_text("not a picture")
    (tmp_path / "ok.txt").write_text("S.G\n")
    cases = [
        ((tmp_path / "missing.map",), "no such file"),
        (("arena3",), "no such file or bundled map"),
        ((tmp_path,), "is a directory"),
        ((tmp_path / "empty.map",), "empty"),
        ((tmp_path / "binary.txt",), "binary file"),
        ((tmp_path / "latin.txt",), "not UTF-8"),
        ((tmp_path / "huge.map",), "more than tansuo reads at once"),
        ((tmp_path / "fake.png",), "not an image"),
        ((tmp_path / "ok.txt", "--scen", tmp_path / "binary.txt"), "binary file"),
        ((tmp_path / "ok.txt", "--scen", tmp_path), "is a directory"),
        ((tmp_path / "ok.txt", "--scen", tmp_path / "empty.map"), "no problem lines"),
        ((tmp_path / "ok.txt", "--render", tmp_path / "ok.txt" / "x.png"), "does not exist"),
    ]
    for args, message in cases:
        r = run_cli("path", *args)
        assert r.code == 2, (args, r.out)
        assert message in r.err and "Traceback" not in r.err, (args, r.err)
        assert len(r.err.strip().splitlines()) == 1, (args, r.err)
