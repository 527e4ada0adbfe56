"""The page in a real headless browser: Playwright driving Debian's Chromium.

These tests fail (never skip) when no browser starts: ``.ci/run`` installs
``chromium`` when it is missing, and the tests launch it by its path.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from tansuo.grid import Grid, find_path
from tansuo.sudoku import solve
from tansuo.web import Limits, create_app

CHROMIUM = os.environ.get("TANSUO_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
SHOTS = os.environ.get("TANSUO_SCREENSHOTS")  # a folder: keep a PNG of every tab there
TABS = ("grid", "sudoku", "queens", "sliding", "sokoban", "connect4", "gomoku", "xiangqi")


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
    with sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        except Error as exc:
            pytest.fail(f"Chromium at {CHROMIUM} did not start: {exc.message.splitlines()[0]}")
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(15_000)
    page.base = server
    yield page
    context.close()
    assert not errors, errors


def open_tab(page, tab: str) -> None:
    page.goto(f"{page.base}/#{tab}")
    page.wait_for_selector(f"#panel-{tab} .card")


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
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/grid.png", full_page=True)


def test_solve_a_sudoku(page):
    open_tab(page, "sudoku")
    puzzle = page.input_value("#panel-sudoku textarea")
    page.click("#panel-sudoku >> text=Solve")
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
    page.click("#panel-sudoku >> text=Solve")
    message = page.locator("#panel-sudoku .message.error")
    message.wait_for()
    import httpx

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
    assert page.inner_text(steps) == "2 moves, 1 pushes"
    page.keyboard.press("Backspace")
    assert page.inner_text(steps) == "1 moves, 0 pushes"
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
    assert message.inner_text() == "level 1: 1 boxes but 0 goals where the player can reach"


def test_every_tab_loads_at_phone_width(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    for tab in TABS:
        page.goto(f"{server}/#{tab}")
        page.wait_for_selector(f"#panel-{tab} .card")
        page.wait_for_timeout(300)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{tab} is {width} px wide at phone width"
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/{tab}-phone.png", full_page=True)
    context.close()
    assert not errors, errors


def test_tabs_by_keyboard(page):
    open_tab(page, "grid")
    page.focus("#tab-grid")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "tab-sudoku"
    page.wait_for_selector("#panel-sudoku .card")
    assert page.is_visible("#panel-sudoku") and not page.is_visible("#panel-grid")
