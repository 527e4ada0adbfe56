"""Grid formats (tansuo.grid.io): Moving AI .map/.scen, text grids, images, bundled maps."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from PIL import Image

from tansuo.errors import InvalidInput
from tansuo.grid import (
    BUNDLED_MAPS,
    Grid,
    bundled_map,
    bundled_map_names,
    bundled_scen,
    format_text_grid,
    load_grid,
    load_scen,
    parse_map,
    parse_point,
    parse_scen,
    parse_text_grid,
    read_grid,
    read_image,
    read_map,
    read_scen,
    read_text_grid,
)

SMALL_MAP = "type octile\nheight 3\nwidth 4\nmap\n.G@.\nSTOW\n....\n"


def test_parse_map_terrain_kinds():
    g = parse_map(SMALL_MAP)
    assert (g.width, g.height) == (4, 3)
    expected = np.array([[1, 1, 0, 1], [1, 0, 0, 0], [1, 1, 1, 1]], dtype=bool)
    assert (g.passable == expected).all()
    assert not g.weighted


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("height 3\nwidth 4\n", "no 'map' line"),
        ("type octile\nwidth 4\nmap\n....\n", "no 'height'"),
        ("type octile\nheight x\nwidth 4\nmap\n....\n", "integers"),
        ("type octile\nheight 2\nwidth 4\nmap\n....\n", "only 1 map rows"),
        ("type octile\nheight 1\nwidth 4\nmap\n....\n....\n", "more map rows"),
        ("type octile\nheight 2\nwidth 4\nmap\n....\n...\n", "line 6: map row has 3 cells"),
        ("type octile\nheight 1\nwidth 4\nmap\n..x.\n", "line 5, column 3: unknown terrain 'x'"),
        ("type octile\nheight 0\nwidth 4\nmap\n", "must be positive"),
        ("type octile\nheight 100000\nwidth 100000\nmap\n", "too large"),
        ("banner\nmap\n", "header line"),
    ],
)
def test_parse_map_errors(text, match):
    with pytest.raises(InvalidInput, match=match):
        parse_map(text)


def test_parse_scen_skips_malformed_lines_with_a_warning():
    text = (
        "version 1\n"
        "0\tm.map\t4\t3\t0\t0\t3\t2\t3.82842712\n"
        "this line is not a problem\n"
        "1\tm.map\t4\t3\t3\t0\t0\t2\t3.82842712\n"
    )
    with pytest.warns(UserWarning, match="skipped 1 line"):
        problems = parse_scen(text, name="m.map.scen")
    assert [p.bucket for p in problems] == [0, 1]
    assert problems[1].start == (3, 0) and problems[1].goal == (0, 2)
    assert problems[0].width == 4 and problems[0].height == 3


def test_parse_scen_errors():
    with pytest.raises(InvalidInput, match="no problem lines"):
        parse_scen("version 1\n")
    with pytest.raises(InvalidInput, match="line 2"):
        parse_scen("version 1\n0\tm.map\tfour\t3\t0\t0\t3\t2\t1.0\n")


def test_bundled_maps_and_scenarios_load():
    for name in BUNDLED_MAPS:
        grid = bundled_map(name)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            problems = bundled_scen(name)
        assert len(problems) > 100
        first = problems[0]
        assert (first.width, first.height) == (grid.width, grid.height)
        assert grid.is_passable(first.start) and grid.is_passable(first.goal)
    with pytest.raises(InvalidInput, match="no bundled map"):
        bundled_map("nowhere")


def test_text_grid_costs_marks_and_errors():
    g = parse_text_grid("\nS.#\n.9G\n\n")
    assert g.start == (0, 0) and g.goal == (2, 1)
    assert g.cells[1, 1] == 9 and math.isinf(g.cells[0, 2])
    assert g.weighted and g.min_cost == 1
    with pytest.raises(InvalidInput, match="line 2, column 2: unexpected character 'x'"):
        parse_text_grid("...\n.x.")
    with pytest.raises(InvalidInput, match="line 2: row has 2 cells"):
        parse_text_grid("...\n..")
    with pytest.raises(InvalidInput, match="empty"):
        parse_text_grid("\n\n")
    with pytest.raises(InvalidInput, match="second start"):
        parse_text_grid("S.S")
    with pytest.raises(InvalidInput, match="unexpected character '0'"):
        parse_text_grid(".0.")


def test_image_dark_pixels_are_walls(tmp_path):
    pixels = np.full((4, 6), 255, dtype=np.uint8)
    pixels[1:3, 2] = 0
    path = tmp_path / "m.png"
    Image.fromarray(pixels, "L").save(path)
    g = load_grid(path)
    assert (g.width, g.height) == (6, 4)
    assert not g.is_passable((2, 1)) and not g.is_passable((2, 2)) and g.is_passable((3, 1))
    bad = tmp_path / "bad.png"
    bad.write_text("not an image")
    with pytest.raises(InvalidInput, match="not an image"):
        read_image(bad)


def test_load_grid_dispatch(tmp_path):
    (tmp_path / "a.map").write_text(SMALL_MAP)
    (tmp_path / "b.txt").write_text("..\n#.\n")
    assert load_grid(tmp_path / "a.map").width == 4
    assert load_grid(tmp_path / "b.txt").height == 2
    assert load_grid("arena2").width == 281
    assert len(load_scen("arena2")) > 100
    with pytest.raises(InvalidInput, match="no such file"):
        load_grid(tmp_path / "missing.map")
    with pytest.raises(InvalidInput, match="directory"):
        load_grid(tmp_path)


def test_parse_point():
    assert parse_point("3,4") == (3, 4)
    assert parse_point(" 3 , 4 ") == (3, 4)
    for bad in ("3", "a,b", "1,2,3", ""):
        with pytest.raises(InvalidInput, match="X,Y"):
            parse_point(bad)


def test_readers_name_what_is_wrong_with_a_file(tmp_path):
    (tmp_path / "a.map").write_text(SMALL_MAP)
    (tmp_path / "b.txt").write_text("S.\n#G\n")
    (tmp_path / "c.scen").write_text("version 1\n0\ta.map\t4\t3\t0\t0\t3\t2\t3.83\n")
    assert read_map(tmp_path / "a.map").width == 4
    assert read_text_grid(tmp_path / "b.txt").goal == (1, 1)
    assert read_grid(tmp_path / "a.map").height == 3
    assert read_scen(tmp_path / "c.scen")[0].goal == (3, 2)
    (tmp_path / "empty.map").write_text("")
    (tmp_path / "binary.txt").write_bytes(b"..\x00..")
    (tmp_path / "latin.txt").write_bytes(b"..\xff\n...")
    with open(tmp_path / "huge.map", "wb") as handle:
        handle.truncate((64 << 20) + 1)  # sparse: no disk space taken
    for name, message in [
        ("missing.map", "no such file"),
        ("empty.map", "empty"),
        ("binary.txt", "binary file"),
        ("latin.txt", "not UTF-8"),
        ("huge.map", "more than tansuo reads at once"),
    ]:
        with pytest.raises(InvalidInput, match=message):
            read_grid(tmp_path / name)
    with pytest.raises(InvalidInput, match="directory"):
        read_grid(tmp_path)
    with pytest.raises(InvalidInput, match="no problem lines"):
        read_scen(tmp_path / "empty.map")


def test_an_image_is_known_by_its_first_bytes(tmp_path):
    pixels = np.full((3, 5), 255, dtype=np.uint8)
    pixels[1, 1:4] = 0
    disguised = tmp_path / "map.txt"
    Image.fromarray(pixels, "L").save(disguised, format="PNG")
    grid = read_grid(disguised)
    assert (grid.width, grid.height) == (5, 3) and not grid.is_passable((2, 1))


def test_load_grid_takes_a_file_a_bundled_name_or_the_grid_itself(tmp_path, monkeypatch):
    assert load_grid("room").start == bundled_map("room").start == (2, 2)
    assert load_grid("S.#\n..G").goal == (2, 1)  # a line break: cannot be a file name
    with pytest.raises(InvalidInput, match="no such file or bundled map"):
        load_grid("arena3")
    # a file of a bundled map's name wins over the bundled map
    monkeypatch.chdir(tmp_path)
    (tmp_path / "arena2").write_text("S.G\n")
    assert load_grid("arena2").width == 3
    assert len(load_scen("maze512-1-0")) == len(bundled_scen("maze512-1-0"))


def test_bundled_names_and_the_text_grid_round_trip():
    names = bundled_map_names()
    assert set(BUNDLED_MAPS) < set(names) and "room" in names
    for name in names:
        assert bundled_map(name).width > 0
    with pytest.raises(InvalidInput, match="no bundled scenarios"):
        bundled_scen("room")
    text = "..#.\n.29.\n#...\n"
    grid = parse_text_grid(text)
    assert format_text_grid(grid) == text == grid.to_text()
    assert format_text_grid(Grid(np.array([[1.5, 1.0]]))) == "?.\n"
