"""The page in a real headless browser: Playwright driving Debian's Chromium.

These tests fail (never skip) when no browser starts: ``.ci/run`` installs
``chromium`` when it is missing, and the tests launch it by its path. One
browser and one server serve the whole file. Every tab is photographed at
desktop (1366x900) and phone (390x844) width into ``TANSUO_SCREENSHOTS`` (a
folder) or else a temporary folder, so that a run leaves nothing in the repository.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import struct
import threading
import time
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import httpx
import pytest
import uvicorn

from tansuo.adversarial.games import ConnectFour
from tansuo.adversarial.trace import alphabeta_tree
from tansuo.grid import Grid, find_path
from tansuo.queens import QueensProblem
from tansuo.search.examples import SlidingPuzzle, solve_puzzle
from tansuo.sokoban import bundled_collection, verify
from tansuo.sokoban.solve import prepare
from tansuo.sudoku import solve
from tansuo.web import Limits, create_app
from tansuo.web.tabs.queens import backtracking

CHROMIUM = os.environ.get("TANSUO_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
TABS = ("grid", "sudoku", "queens", "sliding", "sokoban", "connect4", "gomoku", "xiangqi")
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    port = listener.getsockname()[1]
    config = uvicorn.Config(create_app(Limits(time_limit=5.0)), log_level="warning", lifespan="off")
    app_server = uvicorn.Server(config)
    thread = threading.Thread(target=app_server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not app_server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    app_server.should_exit = True
    thread.join(timeout=5)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import Error, sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: apt-get install chromium (.ci/run does)")
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
    with sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
        except Error as exc:
            pytest.fail(f"Chromium at {CHROMIUM} did not start: {exc.message.splitlines()[0]}")
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    """Where the screenshots go: TANSUO_SCREENSHOTS, else a temporary folder."""
    folder = os.environ.get("TANSUO_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _page(browser, server, viewport, **options):
    context = browser.new_context(viewport=viewport, **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: _console(errors, m))
    page.set_default_timeout(15_000)
    page.base = server
    return context, page, errors


def _console(errors: list[str], message) -> None:
    # an error answer (422, 413, an aborted request) is the browser's note, not the page's error
    if message.type == "error" and not message.text.startswith("Failed to load resource"):
        errors.append(message.text)


@pytest.fixture
def page(browser, server):
    context, page, errors = _page(browser, server, DESKTOP)
    yield page
    context.close()
    assert not errors, errors


@pytest.fixture
def phone(browser, server):
    context, page, errors = _page(browser, server, PHONE, has_touch=True, is_mobile=True)
    yield page
    context.close()
    assert not errors, errors


def open_tab(page, tab: str) -> None:
    page.goto(f"{page.base}/#{tab}")
    page.wait_for_selector(f"#panel-{tab} .card")


def text_of(page, selector: str) -> str:
    return page.inner_text(selector).strip()


def stat(page, tab: str, label: str, which: str = "dl.stats") -> str:
    return page.locator(f"#panel-{tab} {which} dt:text-is('{label}') + dd").first.inner_text()


def wait_text(page, selector: str, predicate: str) -> None:
    """Wait until ``predicate`` (JS, on ``t``: the element's text) holds."""
    page.wait_for_function(
        f"(() => {{ const n = document.querySelector({selector!r}); if (!n) return false;"
        f" const t = n.textContent; return {predicate}; }})()"
    )


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_draw_a_wall_and_find_a_path(page):
    open_tab(page, "grid")
    canvas = page.locator("#grid-canvas")
    box = canvas.bounding_box()
    cell = box["width"] / 32  # the demo map is 32 cells wide, 18 high
    x = box["x"] + 22.5 * cell
    page.mouse.move(x, box["y"] + 2.5 * cell)
    page.mouse.down()
    for row in range(3, 18):
        page.mouse.move(x, box["y"] + (row + 0.5) * cell)
    page.mouse.up()
    page.select_option("#panel-grid select[name=algorithm]", "astar")
    with page.expect_response("**/api/grid/path") as answer:
        page.click("#panel-grid >> text=Find path")
    request = answer.value.request.post_data_json
    result = answer.value.json()
    rows = request["grid"].split("\n")
    assert all(rows[y][22] == "#" for y in range(2, 18)), "the wall drawn is in the map sent"
    expected = find_path(
        Grid.from_text(request["grid"]), tuple(request["start"]), tuple(request["goal"])
    )
    assert result["cost"] == pytest.approx(expected.cost)
    page.click("#panel-grid >> text=Skip to end")
    shown = page.locator("#panel-grid dl.stats dt:text('path length') + dd").inner_text()
    assert shown == f"{expected.cost:.3f}"
    # the path is drawn: the canvas holds pixels of the path's colour, along the path's cells
    red = page.evaluate(
        """() => { const c = document.querySelector('#panel-grid canvas');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0;
        for (let i = 0; i < d.length; i += 4)
          if (d[i] === 225 && d[i+1] === 29 && d[i+2] === 72) n++;
        return n; }"""
    )
    assert red > 100
    assert all(point[1] < 2 for point in result["solution"] if point[0] == 22)  # over the wall
    # dragging G after the search searches again at once, for the new goal
    goal = request["goal"]
    page.mouse.move(box["x"] + (goal[0] + 0.5) * cell, box["y"] + (goal[1] + 0.5) * cell)
    with page.expect_response(
        lambda r: "/api/grid/path" in r.url and '"goal":[28,15]' in (r.request.post_data or "")
    ) as again:
        page.mouse.down()
        for row in range(goal[1] + 1, 16):
            page.mouse.move(box["x"] + (goal[0] + 0.5) * cell, box["y"] + (row + 0.5) * cell)
        page.mouse.up()
    moved = again.value.json()
    assert moved["solution"][-1] == [28, 15]
    length = "document.querySelector('#panel-grid dl.stats dd:nth-of-type(2)').textContent"
    page.wait_for_function(f"{length} === '{moved['cost']:.3f}'")


def test_solve_a_sudoku(page):
    open_tab(page, "sudoku")
    puzzle = page.input_value("#panel-sudoku textarea")
    page.click("#panel-sudoku button:text-is('Solve')")
    page.wait_for_selector("#panel-sudoku input.filled")
    cells = page.eval_on_selector_all(
        "#panel-sudoku .sudoku input", "els => els.map(e => e.value).join('')"
    )
    assert cells == solve(puzzle).solution.to_string()
    filled = page.locator("#panel-sudoku .sudoku input.filled").count()
    assert filled == puzzle.count(".")  # given and filled cells told apart


def test_a_bad_sudoku_shows_its_message(page, server):
    open_tab(page, "sudoku")
    page.fill("#panel-sudoku textarea", "11" + "." * 79)
    page.click("#panel-sudoku button:text-is('Solve')")
    message = page.locator("#panel-sudoku .message.error")
    message.wait_for()
    expected = httpx.post(f"{server}/api/sudoku/solve", json={"puzzle": "11" + "." * 79}).json()[
        "error"
    ]
    assert message.inner_text() == expected


def test_play_a_connect_four_move_and_get_a_reply(page):
    open_tab(page, "connect4")
    page.select_option("#panel-connect4 select[name=time]", "0.2")
    page.click("#panel-connect4 button[data-column='4'] >> nth=0")
    page.wait_for_selector("#panel-connect4 dl.stats dd")
    page.wait_for_function(
        "document.querySelector('#panel-connect4 .steps').textContent === 'Your move.'"
    )
    assert page.locator("#panel-connect4 .connect4 button.x").count() == 1
    assert page.locator("#panel-connect4 .connect4 button.o").count() == 1
    assert "depth" in page.inner_text("#panel-connect4 .thinking")
    bottom = page.locator("#panel-connect4 .connect4 button").nth(5 * 7 + 3)
    assert "x" in (bottom.get_attribute("class") or "")  # the player's stone, bottom of column 4


def test_play_a_gomoku_move_and_get_a_reply(page):
    open_tab(page, "gomoku")
    page.select_option("#panel-gomoku select[name=time]", "0.2")
    page.click("#panel-gomoku button[data-point='h8']")
    page.wait_for_selector("#panel-gomoku dl.stats dd")
    page.wait_for_function(
        "document.querySelector('#panel-gomoku .steps').textContent === 'Your move (black).'"
    )
    assert page.locator("#panel-gomoku .stone.black").count() == 1
    assert page.locator("#panel-gomoku .stone.white").count() == 1
    assert page.locator("#panel-gomoku button[data-point='h8'] .stone.black").count() == 1
    page.click("#panel-gomoku button[data-point='h8']")  # occupied: the library's message
    expect = "h8 is occupied"
    page.wait_for_function(
        f"document.querySelector('#panel-gomoku .message').textContent === '{expect}'"
    )
    assert page.locator("#panel-gomoku .stone").count() == 2


def test_play_and_solve_sokoban(page):
    open_tab(page, "sokoban")
    page.wait_for_selector("#panel-sokoban .sokoban .man")
    steps = "#sokoban-status"
    page.keyboard.press("ArrowDown")  # microban 1: the player walks down, then pushes right
    page.keyboard.press("ArrowRight")
    assert page.inner_text(steps) == "2 moves, 1 push"
    page.keyboard.press("Backspace")
    assert page.inner_text(steps) == "1 move, 0 pushes"
    page.select_option("#panel-sokoban select[name=speed]", "50")
    page.click("#panel-sokoban button:text('Solve')")
    page.wait_for_function("document.querySelector('#sokoban-status').textContent === 'Solved!'")
    assert page.locator("#panel-sokoban .sokoban .box:not(.goal)").count() == 0
    page.select_option("#panel-sokoban select[name=collection]", "text")
    page.fill("#panel-sokoban textarea", "#####\n#@$ #\n#####")
    page.click("#panel-sokoban button:text('Load text')")
    message = page.locator("#panel-sokoban .message")
    message.wait_for(state="visible")
    page.wait_for_function("document.querySelector('#panel-sokoban .message.error')")
    expected = httpx.post(f"{page.base}/api/sokoban/level", json={"text": "#####\n#@$ #\n#####"})
    assert expected.status_code == 422 and message.inner_text() == expected.json()["error"]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_every_tab_loads_fits_and_is_photographed(browser, server, shots, viewport):
    context, page, errors = _page(browser, server, viewport, device_scale_factor=1)
    for tab in TABS:
        page.goto(f"{server}/#{tab}")
        page.wait_for_selector(f"#panel-{tab} .card")
        page.wait_for_timeout(400)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"{tab} is {width} px wide"
        page.screenshot(path=str(shots / f"{tab}-{viewport['width']}.png"), full_page=True)
    context.close()
    assert not errors, errors
    assert len(list(shots.glob(f"*-{viewport['width']}.png"))) >= len(TABS)


def test_tabs_by_keyboard(page):
    open_tab(page, "grid")
    page.focus("#tab-grid")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "tab-sudoku"
    page.wait_for_selector("#panel-sudoku .card")
    assert page.is_visible("#panel-sudoku") and not page.is_visible("#panel-grid")


# -- the defects of issue 36, each checked where it was seen ----------------------------
def test_sokoban_solves_the_level_typed_in_the_box(page):
    open_tab(page, "sokoban")
    page.wait_for_selector("#panel-sokoban .sokoban .man")
    page.select_option("#panel-sokoban select[name=speed]", "50")
    page.fill("#panel-sokoban input[name=number]", "2")  # typed, not yet loaded
    with page.expect_response("**/api/sokoban/solve") as answer:
        page.click("#panel-sokoban button:text('Solve')")
    asked = answer.value.request.post_data_json
    assert asked["number"] == 2
    page.wait_for_function("document.querySelector('#sokoban-status').textContent === 'Solved!'")
    level = bundled_collection("microban")[1]
    assert verify(level, answer.value.json()["solution"]).solved
    drawn = page.eval_on_selector_all("#panel-sokoban .sokoban > div", "els => els.length")
    assert drawn == level.width * level.height  # level 2's board, not level 1's


def test_terrain_cost_must_be_one_digit(page):
    open_tab(page, "grid")
    canvas = page.locator("#grid-canvas")
    box = canvas.bounding_box()
    cell = box["width"] / 32
    page.click("#panel-grid button[data-tool=weight]")
    for bad in ("42", "2.5", "1"):
        page.fill("#panel-grid input[name=terrain]", bad)
        page.mouse.click(box["x"] + 20.5 * cell, box["y"] + 1.5 * cell)
        assert "Terrain cost must be a whole number from 2 to 9" in text_of(
            page, "#panel-grid .message"
        )
    page.fill("#panel-grid input[name=terrain]", "7")
    page.mouse.click(box["x"] + 20.5 * cell, box["y"] + 1.5 * cell)
    with page.expect_response("**/api/grid/path") as answer:
        page.click("#panel-grid >> text=Find path")
    rows = answer.value.request.post_data_json["grid"].split("\n")
    assert {len(row) for row in rows} == {32} and rows[1][20] == "7"
    assert answer.value.status == 200


def test_the_hidden_weight_is_not_sent(page):
    open_tab(page, "grid")
    page.click("#panel-grid >> text=Clear walls")
    page.select_option("#panel-grid select[name=algorithm]", "weighted-astar")
    page.fill("#panel-grid input[name=weight]", "-3")
    page.select_option("#panel-grid select[name=algorithm]", "astar")
    with page.expect_response("**/api/grid/path") as answer:
        page.click("#panel-grid >> text=Find path")
    assert "weight" not in answer.value.request.post_data_json
    assert answer.value.status == 200


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_long_solution_wraps(browser, server, viewport):
    context, page, errors = _page(browser, server, viewport)
    open_tab(page, "sokoban")
    page.wait_for_selector("#panel-sokoban .sokoban .man")
    page.fill("#panel-sokoban input[name=number]", "60")  # microban 60: over 200 moves
    page.click("#panel-sokoban button:text('Solve')")
    wait_text(page, "#panel-sokoban .message", "t.startsWith('Solution')")
    assert len(text_of(page, "#panel-sokoban .message")) > 150
    assert fits(page), page.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert not errors, errors


HANZI = "帥仕相傌俥炮兵將士象馬車砲卒"
"""The Xiangqi pieces' characters (xiangqi.js), with the title's 探索 and the menu's 漢字."""


def _font_table(tag: bytes, data: bytes) -> tuple[bytes, bytes]:
    padded = data + b"\0" * (-len(data) % 4)
    return tag, padded


def made_font(chars: str) -> bytes:
    """A TrueType font, made here, that draws each of ``chars`` as a plus sign.

    It stands in for a CJK font in the browser (a machine may have none; the
    test must not depend on one): the tables Chromium's font checker asks for,
    one glyph, a format-4 character map with one segment per character.
    """
    codes = sorted({ord(c) for c in chars})
    plus = [(350, 50), (350, 350), (50, 350), (50, 650), (350, 650), (350, 950)]
    plus += [(650, 950), (650, 650), (950, 650), (950, 350), (650, 350), (650, 50)]
    glyph = struct.pack(">5h", 1, 50, 50, 950, 950) + struct.pack(">HH", len(plus) - 1, 0)
    glyph += bytes([1] * len(plus))  # every point on the curve, coordinates as 16-bit deltas
    glyph += b"".join(struct.pack(">h", b[0] - a[0]) for a, b in pairwise([(0, 0), *plus]))
    glyph += b"".join(struct.pack(">h", b[1] - a[1]) for a, b in pairwise([(0, 0), *plus]))
    glyph += b"\0" * (-len(glyph) % 4)
    segments = len(codes) + 1  # one per character, then the closing 0xFFFF
    ends = [*codes, 0xFFFF]
    power = 1 << (segments.bit_length() - 1)
    cmap = struct.pack(">4H3H", 4, 0, 0, segments * 2, power * 2, power.bit_length() - 1,
                       segments * 2 - power * 2)  # fmt: skip
    cmap += struct.pack(f">{segments}H", *ends) + b"\0\0" + struct.pack(f">{segments}H", *ends)
    cmap += struct.pack(f">{segments}H", *[(1 - c) % 65536 for c in codes], 1)
    cmap += bytes(2 * segments)
    cmap = cmap[:2] + struct.pack(">H", len(cmap)) + cmap[4:]  # the subtable's length
    cmap = struct.pack(">HHHHI", 0, 1, 3, 1, 12) + cmap  # one subtable: Windows, Unicode BMP
    names = {1: "Test CJK", 2: "Regular", 3: "Test CJK", 4: "Test CJK", 5: "1", 6: "TestCJK"}
    records, strings = b"", b""
    for number, text in names.items():
        raw = text.encode("utf-16-be")
        records += struct.pack(">6H", 3, 1, 0x409, number, len(raw), len(strings))
        strings += raw
    os2 = struct.pack(">H h 3H 11h", 4, 1000, 400, 5, 0, 650, 700, 0, 140, 650, 700, 0, 480,
                      50, 250, 0)  # fmt: skip
    os2 += bytes(10) + struct.pack(">4I", 0, 1 << 27, 0, 0) + b"TEST"
    os2 += struct.pack(">3H 3h 2H 2I 2h 3H", 0x40, codes[0], codes[-1], 950, -50, 0, 950, 50,
                       1 << 18, 0, 500, 700, 0, 32, 1)  # fmt: skip
    tables = dict(
        [
            _font_table(b"OS/2", os2),
            _font_table(b"cmap", cmap),
            _font_table(b"glyf", glyph),
            _font_table(b"head", struct.pack(">4I2H2q4h2H3h", 0x10000, 0x10000, 0, 0x5F0F3CF5,
                                             0x0B, 1000, 0, 0, 0, 0, 1000, 1000, 0, 8, 2, 0, 0)),
            _font_table(b"hhea", struct.pack(">I3hH11hH", 0x10000, 950, -50, 0, 1000, 0, 0, 950,
                                             1, 0, 0, 0, 0, 0, 0, 0, 2)),
            _font_table(b"hmtx", struct.pack(">HhHh", 1000, 0, 1000, 50)),
            _font_table(b"loca", struct.pack(">3H", 0, 0, len(glyph) // 2)),
            _font_table(b"maxp", struct.pack(">I14H", 0x10000, 2, len(plus), 1, 0, 0, 2,
                                             *[0] * 8)),
            _font_table(b"name", struct.pack(">3H", 0, len(names), 6 + len(records))
                        + records + strings),
            _font_table(b"post", struct.pack(">I i 2h 5I", 0x30000, 0, -100, 50, 0, 0, 0, 0, 0)),
        ]
    )  # fmt: skip
    power = 1 << (len(tables).bit_length() - 1)
    head = struct.pack(">I4H", 0x10000, len(tables), power * 16, power.bit_length() - 1,
                       len(tables) * 16 - power * 16)  # fmt: skip
    offset, body, where = 12 + 16 * len(tables), b"", {}
    for tag, data in tables.items():
        where[tag] = offset + len(body)
        total = sum(struct.unpack(f">{len(data) // 4}I", data)) & 0xFFFFFFFF
        head += struct.pack(">4s3I", tag, total, where[tag], len(data))
        body += data
    font = head + body
    whole = sum(struct.unpack(f">{len(font) // 4}I", font))
    adjust = struct.pack(">I", (0xB1B0AFBA - whole) & 0xFFFFFFFF)  # head's checkSumAdjustment
    return font[: where[b"head"] + 8] + adjust + font[where[b"head"] + 12 :]


def _serve_cjk_font(page) -> None:
    """Give the page, before its scripts run, a web font under the CJK family its CSS names."""
    data = base64.b64encode(made_font(HANZI + "探索漢字")).decode()
    page.add_init_script(
        f"""const face = new FontFace("Noto Sans CJK SC", "url(data:font/ttf;base64,{data})");
        document.fonts.add(face); face.load();"""
    )


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_with_a_cjk_font_pieces_and_title_are_characters(browser, server, shots, viewport):
    context, page, errors = _page(browser, server, viewport)
    _serve_cjk_font(page)
    open_tab(page, "xiangqi")
    page.wait_for_selector("#panel-xiangqi .piece")
    labels = page.eval_on_selector_all(
        "#panel-xiangqi .piece", "els => els.map(e => e.textContent)"
    )
    assert len(labels) == 32 and set("".join(labels)) == set(HANZI)
    assert page.locator("#panel-xiangqi [data-square=h2] .piece").inner_text() == "炮"
    assert page.input_value("#panel-xiangqi select[name=pieces]") == "hanzi"
    assert page.is_visible("header .cjk") and text_of(page, "header .cjk") == "探索"
    # the page's own measure: the characters are drawn; a character no font has is not
    measured = page.evaluate(
        """async () => { const { fontDraws } = await import('/static/core.js');
        return [fontDraws('探索'), fontDraws('\\u{F0001}')]; }"""
    )
    assert measured == [True, False]
    page.screenshot(path=str(shots / f"xiangqi-cjk-{viewport['width']}.png"))
    context.close()
    assert not errors, errors


def test_pieces_title_and_coordinates_are_readable_without_a_cjk_font(page):
    # the Latin path whatever fonts this machine has: the page's measure is told "no"
    page.add_init_script("globalThis.tansuoDrawsGlyphs = () => false;")
    open_tab(page, "xiangqi")
    page.wait_for_selector("#panel-xiangqi .piece")
    labels = page.eval_on_selector_all(
        "#panel-xiangqi .piece", "els => els.map(e => e.textContent)"
    )
    assert len(labels) == 32 and set("".join(labels)) == set("KAEHRCP")
    assert page.locator("#panel-xiangqi select[name=pieces] option[value=hanzi]").is_disabled()
    assert not page.is_visible("header .cjk")  # the title is "tansuo" alone, no empty boxes
    drawn = page.evaluate(
        """async (labels) => { const { fontDraws } = await import('/static/core.js');
        return labels.every((t) => fontDraws(t)); }""",
        labels,
    )
    assert drawn, "a piece is an empty box"
    ranks = page.eval_on_selector_all(
        "#panel-xiangqi .ranks span", "els => els.map(e => e.textContent)"
    )
    files = page.eval_on_selector_all(
        "#panel-xiangqi .files span", "els => els.map(e => e.textContent)"
    )
    assert ranks == [str(r) for r in range(9, -1, -1)] and "".join(files) == "abcdefghi"
    assert page.locator("#panel-xiangqi svg.palace line").count() == 4
    # the label beside a square names it as a move does: the red cannon on h2
    assert page.locator("#panel-xiangqi [data-square=h2] .piece").inner_text() in ("C", "炮")
    open_tab(page, "gomoku")
    ranks = page.eval_on_selector_all(
        "#panel-gomoku .ranks span", "els => els.map(e => e.textContent)"
    )
    files = page.eval_on_selector_all(
        "#panel-gomoku .files span", "els => els.map(e => e.textContent)"
    )
    assert ranks[0] == "15" and ranks[-1] == "1" and "".join(files) == "abcdefghijklmno"
    top_left = page.locator("#panel-gomoku .gomoku button").first.get_attribute("data-point")
    assert top_left == files[0] + ranks[0]


def test_errors_clear_the_boards_and_sudoku_marks_clashes(page):
    open_tab(page, "sudoku")
    page.click("#panel-sudoku button:text-is('Solve')")
    page.wait_for_selector("#panel-sudoku input.filled")
    page.fill("#panel-sudoku textarea", "11" + "." * 79)
    page.click("#panel-sudoku button:text-is('Solve')")
    page.locator("#panel-sudoku .message.error").wait_for()
    assert page.locator("#panel-sudoku input.filled").count() == 0  # no answer of the last puzzle
    clashing = page.eval_on_selector_all(
        "#panel-sudoku .sudoku input",
        "els => els.flatMap((e, i) => e.classList.contains('clash') ? [i] : [])",
    )
    assert clashing == [0, 1]
    cell = page.locator("#panel-sudoku .sudoku input").nth(40)
    cell.press_sequentially("x")
    assert cell.input_value() == ""
    cell.press_sequentially("7")
    assert cell.input_value() == "7"
    open_tab(page, "queens")
    page.wait_for_selector("#panel-queens .queen")
    page.fill("#panel-queens input[name=n]", "40")
    page.click("#panel-queens button:text-is('Solutions')")
    page.locator("#panel-queens .message.error").wait_for()
    assert page.locator("#panel-queens .queen").count() == 0


def test_a_count_cut_short_is_a_lower_bound(page):
    open_tab(page, "sudoku")
    page.select_option("#panel-sudoku select[name=time]", "1")
    page.fill("#panel-sudoku textarea", "." * 81)
    page.click("#panel-sudoku button:text-is('Count solutions')")
    wait_text(page, "#panel-sudoku .message", "t.includes('time limit')")
    assert stat(page, "sudoku", "solutions").startswith("at least ")


def test_engine_line_score_and_winning_four(page):
    open_tab(page, "connect4")
    page.select_option("#panel-connect4 select[name=time]", "0.2")
    for _ in range(21):  # the player drops stones from the left; the engine soon wins
        if "wins" in text_of(page, "#panel-connect4 .steps") or "Draw" in text_of(
            page, "#panel-connect4 .steps"
        ):
            break
        column = page.evaluate(
            """() => { const b = [...document.querySelectorAll('#panel-connect4 .connect4 button')];
            for (let c = 0; c < 7; c++)
              if (!b[c].classList.contains('x') && !b[c].classList.contains('o')) return c + 1; }"""
        )
        page.click(f"#panel-connect4 button[data-column='{column}'] >> nth=0")
        wait_text(page, "#panel-connect4 .steps", "t !== 'Engine thinking…'")
    assert text_of(page, "#panel-connect4 .steps") == "The engine wins."
    assert page.locator("#panel-connect4 .connect4 button.win.o").count() >= 4
    assert page.locator("#panel-connect4 .connect4 button.win.x").count() == 0
    assert stat(page, "connect4", "score").endswith("for yellow")
    thinking = page.locator("#panel-connect4 .thinking")
    assert thinking.evaluate("e => e.scrollWidth <= e.clientWidth")  # the line wraps, never cut
    assert "yellow (the engine)" in text_of(page, "#connect4-score")


def test_gomoku_five_highlighted_and_score_explained(page):
    open_tab(page, "gomoku")
    page.fill("#panel-gomoku input[name=game]", "h8 a1 i8 a2 j8 a3 k8 a4 l8")
    page.press("#panel-gomoku input[name=game]", "Enter")
    wait_text(page, "#panel-gomoku .steps", "t === 'You win!'")
    five = page.eval_on_selector_all(
        "#panel-gomoku button.win", "els => els.map(e => e.dataset.point)"
    )
    assert sorted(five) == ["h8", "i8", "j8", "k8", "l8"]
    page.select_option("#panel-gomoku select[name=time]", "0.2")
    page.click("#panel-gomoku >> text=New game")
    page.click("#panel-gomoku button[data-point='h8']")
    wait_text(page, "#panel-gomoku .steps", "t === 'Your move (black).'")
    assert (
        "for white" in stat(page, "gomoku", "score")
        or stat(page, "gomoku", "found by") == "opening book"
    )
    assert text_of(page, "#gomoku-score")  # the score in words, or why there is none
    # the swing's explanation is on the page, shown when depths disagree
    assert "odd-even" in page.locator("#gomoku-swing").text_content()


def test_sliding_time_counts_the_loading_and_plurals(page):
    open_tab(page, "sliding")
    page.click("#panel-sliding button:text-is('Reset')")
    page.click("#panel-sliding button[aria-label='tile 8']")  # one move from the goal
    assert text_of(page, "#panel-sliding .solution-nav .steps") == "1 move"
    with page.expect_response("**/api/sliding/solve") as answer:
        page.click("#panel-sliding button:text-is('Solve')")
    result = json.loads(answer.value.text().splitlines()[-1])  # the streamed answer's last line
    assert result["type"] == "result"
    wait_text(page, "#panel-sliding .message", "t.startsWith('Solution')")
    assert text_of(page, "#panel-sliding .message").startswith("Solution in 1 move:")
    shown = stat(page, "sliding", "time")
    wall = result["wall_s"]
    assert shown == (f"{wall * 1000:.1f} ms" if wall < 1 else f"{wall:.2f} s")


def test_grid_jps_walled_goal_replay_and_steps(page):
    open_tab(page, "grid")
    jps = page.locator("#panel-grid select[name=algorithm] option[value=jps]")
    assert jps.is_disabled() and "terrain" in jps.get_attribute("title")  # the demo map has terrain
    page.click("#panel-grid >> text=Clear walls")
    assert not jps.is_disabled()
    # a goal walled in: "no path", nothing said about optimality
    canvas = page.locator("#grid-canvas")
    box = canvas.bounding_box()
    cell = box["width"] / 32
    for x, y in ((27, 8), (28, 8), (29, 8), (27, 9), (29, 9), (27, 10), (28, 10), (29, 10)):
        page.mouse.click(box["x"] + (x + 0.5) * cell, box["y"] + (y + 0.5) * cell)
    page.click("#panel-grid >> text=Find path")
    wait_text(page, "#panel-grid dl.stats dd", "t === 'no path'")
    assert page.locator("#panel-grid dl.stats dt:text-is('optimal')").count() == 0
    # the small map replays in seconds, counts its expansions as the library does
    page.select_option("#panel-grid select[aria-label=Map]", "small")
    with page.expect_response("**/api/grid/path") as answer:
        page.click("#panel-grid >> text=Find path")
    expanded = answer.value.json()["stats"]["expanded"]
    page.wait_for_timeout(1000)
    assert "↺" not in page.inner_text("#panel-grid .player button >> nth=0")  # still playing
    page.click("#panel-grid >> text=Skip to end")
    assert text_of(page, "#grid-steps") == f"expanded {expanded} of {expanded}"


def test_a_long_search_shows_progress_and_cancels(page):
    open_tab(page, "sudoku")
    page.select_option("#panel-sudoku select[name=time]", "10")
    page.fill("#panel-sudoku textarea", "." * 81)
    page.click("#panel-sudoku button:text-is('Count solutions')")
    page.locator("#panel-sudoku .message .cancel").wait_for()
    wait_text(page, "#panel-sudoku .message .elapsed", "parseFloat(t) >= 0.5")
    page.click("#panel-sudoku .message .cancel")
    wait_text(page, "#panel-sudoku .message", "t === 'Cancelled.'")
    started = time.monotonic()  # the server stopped that count: its worker is free again
    page.fill("#panel-sudoku textarea", "1234341221434321")
    page.click("#panel-sudoku button:text-is('Solve')")
    wait_text(page, "#panel-sudoku .message", "t.startsWith('Status')")
    assert time.monotonic() - started < 4


def test_phone_tab_hint_touch_cells_and_engine_panel(phone):
    open_tab(phone, "grid")
    assert phone.is_visible(".tabbar .more")
    assert "more-right" in phone.get_attribute("#tabs", "class")
    phone.evaluate("document.getElementById('tabs').scrollLeft = 10000")
    phone.wait_for_function("document.querySelector('.tabbar .more').hidden")
    width = phone.locator("#grid-canvas").bounding_box()["width"]
    assert width / 32 >= 22, f"cells of {width / 32:.1f} px on a touch screen"
    assert fits(phone)  # the map scrolls in its own box, not the page
    # the goal is off the screen at first: the hint says how to reach it
    assert "choose Scroll" in text_of(phone, "#grid-hover")
    phone.click("#panel-grid button:text-is('Find path')")
    phone.click("#panel-grid button:text-is('Skip to end')")
    phone.click("#panel-grid button[data-tool=pan]")  # a finger then scrolls the map, never draws
    assert (
        phone.evaluate("document.getElementById('grid-canvas').style.touchAction") == "pan-x pan-y"
    )
    # no hover under a finger: a tap on a closed cell (the start, (3, 9)) tells its f = g + h
    cell = width / 32
    phone.tap("#grid-canvas", position={"x": 3.5 * cell, "y": 9.5 * cell})
    assert "expanded at step 1: f = g + h" in text_of(phone, "#grid-hover")
    for game in ("connect4", "gomoku", "xiangqi"):
        open_tab(phone, game)
        engine = phone.locator(f"#panel-{game} aside").bounding_box()
        board = phone.locator(f"#panel-{game} .board").first.bounding_box()
        assert engine["y"] < board["y"]
        # above the board before any move: it says what it will show, not an empty box
        placeholder = phone.evaluate(
            f"getComputedStyle(document.querySelector('#panel-{game} .thinking'), '::before')"
            ".content"
        )
        assert "thinking appears here" in placeholder, game
        # the tree's card below keeps its distance from the cards above
        above = phone.locator(f"#panel-{game} .layout > div.card").first.bounding_box()
        tree = phone.locator(f"#panel-{game} .tree-card").bounding_box()
        assert tree["y"] - (above["y"] + above["height"]) >= 8, game


# -- the teaching views: what is drawn is the library's own search -------------------------
def test_grid_steps_are_the_library_expansions(page):
    open_tab(page, "grid")
    page.select_option("#panel-grid select[aria-label=Map]", "small")
    page.select_option("#panel-grid select[name=compare]", "dijkstra")
    with page.expect_response(
        lambda r: "/api/grid/path" in r.url and '"astar"' in (r.request.post_data or "")
    ) as answer:
        page.click("#panel-grid >> text=Find path")
    request = answer.value.request.post_data_json
    grid = Grid.from_text(request["grid"])
    start, goal = tuple(request["start"]), tuple(request["goal"])
    expected = find_path(grid, start, goal, record=True)
    log = expected.log
    play = page.locator("#panel-grid .player button >> nth=0")
    page.click("#panel-grid >> text=Skip to end")
    play.click()  # replay from the start ...
    play.click()  # ... paused at once, then step by hand
    for _ in range(7):
        page.click("#panel-grid .player button:text-is('Step')")
        shown = text_of(page, "#grid-now")
        step = int(text_of(page, "#grid-steps").split()[1])
        x, y = log.expanded[step - 1]
        assert f"expanding ({x}, {y})" in shown or f"the goal ({x}, {y})" in shown, shown
        seen = sum(1 for at in log.opened_at.values() if at <= step)
        on_open = seen - step  # generated, not yet expanded (nothing is reopened)
        assert f"open list: {on_open} cell" in shown, (shown, on_open)
        fresh = sum(1 for at in log.opened_at.values() if at == step)
        assert f"{fresh} new neighbour" in shown
    page.click("#panel-grid >> text=Skip to end")
    # the parent arrows lead from the goal back to the start along the library's path
    canvas = page.locator("#grid-canvas").bounding_box()
    cell = canvas["width"] / 12
    path = [tuple(p) for p in expected.path.tolist()]
    here = goal
    walked = [here]
    while here != start:
        page.mouse.move(canvas["x"] + (here[0] + 0.5) * cell, canvas["y"] + (here[1] + 0.5) * cell)
        # the browser hands pointer moves over at its next frame: wait for this cell's line
        wait_text(page, "#grid-hover", f"t.startsWith('({here[0]}, {here[1]})')")
        hover = text_of(page, "#grid-hover")
        assert "parent (" in hover, hover
        inside = hover.split("parent (")[1].split(")")[0]
        here = tuple(int(v) for v in inside.split(", "))
        walked.append(here)
    steps = [max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a, b in pairwise(walked)]
    assert steps and all(s == 1 for s in steps)  # each parent is a neighbour
    length = sum(1.0 if a[0] == b[0] or a[1] == b[1] else 2**0.5 for a, b in pairwise(walked))
    assert length == pytest.approx(expected.cost)  # a shortest path, as long as the library's
    assert len(walked) == len(path)
    # the second algorithm beside it, counted as the library counts it
    other = find_path(grid, start, goal, algorithm="dijkstra")
    assert stat(page, "grid", "expanded", "#grid-other-stats") == f"{other.stats.expanded:,}"


def test_queens_backtracking_shows_attacks_and_rejections(page):
    open_tab(page, "queens")
    page.fill("#panel-queens input[name=n]", "5")
    page.click("#panel-queens >> text=Watch backtracking")
    page.click("#panel-queens button:text-is('❚❚ Pause')")
    # the steps are the library's: replay them here and compare each board drawn
    events = list(backtracking(QueensProblem(5)))
    step = int(text_of(page, "#panel-queens .steps").split()[1])
    board = []
    for event in events[:step]:
        if event[0] == "place":
            board.append(event[2])
        elif event[0] == "remove":
            del board[event[1] :]
    for k in range(step, step + 12):
        page.click("#panel-queens button:text-is('Step')")
        event = events[k]
        if event[0] == "place":
            board.append(event[2])
        elif event[0] == "remove":
            del board[event[1] :]
        queens = page.eval_on_selector_all(
            "#panel-queens .queen", "els => els.map(e => e.dataset.square)"
        )
        assert queens == [f"{r},{c}" for r, c in enumerate(board)]
        attacked = {
            f"{r},{c}"
            for r in range(len(board), 5)
            for c in range(5)
            if any(q == c or abs(q - c) == r - row for row, q in enumerate(board))
        }
        shown = page.eval_on_selector_all(
            "#panel-queens .attacked", "els => els.map(e => e.dataset.square)"
        )
        assert set(shown) == attacked
        if event[0] == "reject":
            row, col, by = event[1:]
            assert page.get_attribute(f"#panel-queens [data-square='{row},{col}']", "class").count(
                "rejected"
            )
            assert "attacker" in page.get_attribute(
                f"#panel-queens [data-square='{by},{board[by]}']", "class"
            )
            assert f"attacked by the queen of row {by + 1}" in text_of(page, "#queens-now")


def test_sliding_chart_is_the_heuristic_along_the_solution(page):
    open_tab(page, "sliding")
    page.click("#panel-sliding button:text-is('Reset')")
    for tile in ("8", "5", "4", "7", "8"):  # a few moves away from the goal
        page.click(f"#panel-sliding button[aria-label='tile {tile}']")
    tiles = page.eval_on_selector_all(
        "#panel-sliding .sliding button", "els => els.map(e => Number(e.textContent) || 0)"
    )
    page.select_option("#panel-sliding select[name=algorithm]", "ida")
    page.click("#panel-sliding button:text-is('Solve')")
    page.wait_for_selector("#sliding-chart .bar")
    expected = solve_puzzle(SlidingPuzzle(tuple(tiles)), "ida")
    puzzle = SlidingPuzzle(tuple(tiles))
    bars = page.eval_on_selector_all(
        "#sliding-chart .bar", "els => els.map(e => Number(e.dataset.h))"
    )
    assert bars == [puzzle.heuristic(s) for s in expected.path]
    # the engine's IDA*: how many bounds it tried and the last, as its statistics say
    tried = stat(page, "sliding", "f bounds tried")
    assert tried == f"{expected.stats.iterations} (last {expected.stats.bound})"


def test_sliding_ida_bounds_are_shown_while_it_runs(page):
    from tansuo.sliding import IdaProgress
    from tansuo.sliding import solve as sliding_solve

    tiles = [15, 12, 9, 11, 5, 4, 1, 2, 13, 14, 0, 10, 8, 6, 3, 7]  # 52 moves, 6 bounds
    open_tab(page, "sliding")
    page.select_option("#panel-sliding select[name=algorithm]", "optimal")
    page.select_option("#panel-sliding select[name=heuristic]", "manhattan")
    page.fill("#panel-sliding input[name=tiles]", " ".join(map(str, tiles)))
    page.press("#panel-sliding input[name=tiles]", "Enter")
    board = page.eval_on_selector_all(
        "#panel-sliding .sliding button", "els => els.map(e => Number(e.textContent) || 0)"
    )
    assert board == tiles
    page.click("#panel-sliding button:text-is('Solve')")
    page.wait_for_selector("#sliding-live[data-answered-at]", timeout=30_000)
    seen: list[IdaProgress] = []
    expected = sliding_solve(tiles, heuristic="manhattan", on_iteration=seen.append)
    library = [p.bound for p in seen if p.new_bound]
    rows = page.eval_on_selector_all(
        "#sliding-bounds li", "els => els.map(e => [Number(e.dataset.bound), Number(e.dataset.at)])"
    )
    assert [bound for bound, _ in rows] == library
    assert len(library) == expected.stats.iterations >= 3 and library[-1] == expected.cost
    # streamed, not sent with the answer: the first bound was on the page well before it
    answered = float(page.get_attribute("#sliding-live", "data-answered-at"))
    assert rows[0][1] < answered - 30, (rows, answered)
    assert stat(page, "sliding", "f bounds tried") == ", ".join(map(str, library))
    assert stat(page, "sliding", "moves") == str(expected.cost)


def test_connect4_tree_is_drawn_from_the_library_search(page):
    open_tab(page, "connect4")
    page.select_option("#panel-connect4 select[name=tree-depth]", "3")
    page.click("#panel-connect4 >> text=Draw the tree of this position")
    page.wait_for_selector("#connect4-tree li.node")
    expected = alphabeta_tree(ConnectFour(), 3)
    assert page.locator("#connect4-tree li.node").count() == expected.count()

    def cuts(node):
        return (1 if node.skipped else 0) + sum(cuts(c) for c in node.children)

    assert page.locator("#connect4-tree li.cut").count() == cuts(expected)
    root_value = page.get_attribute("#connect4-tree .tree-node >> nth=0", "data-value")
    assert int(root_value) == expected.value
    first = expected.children[0]
    assert page.get_attribute("#connect4-tree .tree-node >> nth=1", "data-move") == str(
        first.move + 1
    )
    assert int(page.get_attribute("#connect4-tree .tree-node >> nth=1", "data-value")) == (
        -first.value
    )  # shown for the side to move at the root
    history = alphabeta_tree(ConnectFour(), 3, order="history")
    page.select_option("#panel-connect4 select[name=tree-order]", "history")
    page.click("#panel-connect4 >> text=Draw the tree of this position")
    page.wait_for_function(
        f"document.querySelectorAll('#connect4-tree li.node').length === {history.count()}"
    )


def test_sokoban_dead_squares_bounds_and_numbered_pushes(page):
    open_tab(page, "sokoban")
    page.wait_for_selector("#panel-sokoban .sokoban .dead")
    level = bundled_collection("microban")[0]
    board = level.board()
    tables = prepare(board)
    dead = sorted("{},{}".format(*board.rowcol(int(c))) for c in tables.dead.nonzero()[0])
    drawn = page.eval_on_selector_all(
        "#panel-sokoban .sokoban .dead", "els => els.map(e => e.dataset.cell)"
    )
    assert sorted(drawn) == dead
    nearest = tables.dist.min(axis=0)
    for cell in board.boxes:
        r, c = board.rowcol(cell)
        label = page.inner_text(f"#panel-sokoban [data-cell='{r},{c}'] .bound")
        assert label == str(int(nearest[cell]))
    page.select_option("#panel-sokoban select[name=speed]", "50")
    with page.expect_response("**/api/sokoban/solve") as answer:
        page.click("#panel-sokoban button:text('Solve')")
    page.wait_for_function("document.querySelector('#sokoban-status').textContent === 'Solved!'")
    pushes = answer.value.json()["pushes"]
    numbers = page.eval_on_selector_all(
        "#panel-sokoban .push-number", "els => els.map(e => Number(e.textContent))"
    )
    assert max(numbers) == pushes and numbers  # the last push's number is on the board


def test_sudoku_step_by_step_is_the_traced_solver(page):
    from tansuo.sudoku.trace import solve_steps

    open_tab(page, "sudoku")
    puzzle = page.input_value("#panel-sudoku textarea")
    page.click("#panel-sudoku button:text-is('Step by step')")
    page.wait_for_selector("#sudoku-steps")
    wait_text(page, "#sudoku-steps", "t.startsWith('step 0 of')")
    trace = solve_steps(puzzle)
    assert text_of(page, "#sudoku-steps") == f"step 0 of {len(trace.steps)}"
    grid = list(trace.givens)
    kinds = {"naked": "Naked single", "hidden": "Hidden single", "guess": "Guess"}
    for step in trace.steps[:40]:
        page.click("#panel-sudoku button:text-is('Step')")
        if step["kind"] == "backtrack":
            for i in step["clear"]:
                grid[i] = 0
        else:
            grid[step["cell"]] = step["value"]
        shown = page.eval_on_selector_all(
            "#panel-sudoku .sudoku input", "els => els.map(e => e.value || '0').join('')"
        )
        assert shown == "".join(map(str, grid))
        assert step["why"] in text_of(page, "#sudoku-now")
        if step["kind"] in kinds:
            assert text_of(page, "#sudoku-now").startswith(kinds[step["kind"]])
            cell = page.locator("#panel-sudoku .sudoku input").nth(step["cell"])
            assert step["kind"] in cell.get_attribute("class")
    # an empty cell shows its candidates: the values no row, column or box peer holds
    empty = grid.index(0)
    r, c = divmod(empty, 9)
    peers = {grid[r * 9 + k] for k in range(9)} | {grid[k * 9 + c] for k in range(9)}
    peers |= {grid[(r - r % 3 + k // 3) * 9 + c - c % 3 + k % 3] for k in range(9)}
    expected = "".join(str(v) for v in range(1, 10) if v not in peers)
    assert (
        page.get_attribute(f"#panel-sudoku .sudoku input >> nth={empty}", "placeholder") == expected
    )


def test_xiangqi_tree_is_drawn_from_the_library_search(page):
    from tansuo.xiangqi import Position

    open_tab(page, "xiangqi")
    page.wait_for_selector("#panel-xiangqi .piece")
    page.click("#panel-xiangqi >> text=Draw the tree of this position")
    page.wait_for_selector("#xiangqi-tree li.node")
    expected = alphabeta_tree(Position(), 2, width=8)
    assert page.locator("#xiangqi-tree li.node").count() == expected.count()
    root = page.get_attribute("#xiangqi-tree .tree-node >> nth=0", "data-value")
    assert int(root) == expected.value
    assert "for red to move" in text_of(page, "#xiangqi-tree-text")
    # beside the picture, labelled, the engine's own search of the position
    from tansuo.web.tabs.xiangqi import ENGINE_DEPTH
    from tansuo.xiangqi import Engine

    engine = Engine(max_memory=16 << 20).search(Position(), depth=ENGINE_DEPTH)
    line = page.locator("#xiangqi-engine-line")
    assert line.get_attribute("data-pv") == " ".join(engine.pv)
    assert line.get_attribute("data-nodes") == str(engine.stats.nodes)
    assert text_of(page, "#xiangqi-engine-line").startswith(
        f"The engine's own search of this position (depth {ENGINE_DEPTH}):"
    )


def test_gomoku_vcf_is_numbered_and_played_out_as_the_library_found_it(page):
    from tansuo.gomoku import Board, find_threat

    moves = ["h8", "a1", "i8", "a3", "j8", "a5", "h9", "a7", "h10", "a9"]
    # The library's answer first: the server runs in this process, so the threat
    # search's kernels are compiled here, not inside the page's 15 s wait.
    expected = find_threat(Board(15, moves=moves), kind="vcf", time_limit=3)
    open_tab(page, "gomoku")
    page.fill("#panel-gomoku input[name=game]", " ".join(moves))
    with page.expect_response("**/api/gomoku/position"):
        page.press("#panel-gomoku input[name=game]", "Enter")
    wait_text(page, "#panel-gomoku .steps", "t === 'Your move (black).'")
    page.click("#panel-gomoku button:text-is('Find VCF')")
    wait_text(page, "#panel-gomoku .message", "t.includes('wins by')")
    ghosts = page.eval_on_selector_all(
        "#panel-gomoku .stone.ghost",
        "els => els.map(e => [e.parentElement.dataset.point, Number(e.textContent)])",
    )
    assert sorted(ghosts, key=lambda g: g[1]) == [[m, i + 1] for i, m in enumerate(expected.line)]
    page.click("#panel-gomoku button:text-is('▶ Play it out')")
    assert page.locator("#panel-gomoku .stone.ghost").count() < len(expected.line)  # one by one
    page.wait_for_function(
        f"document.querySelectorAll('#panel-gomoku .stone.ghost').length === {len(expected.line)}"
    )
