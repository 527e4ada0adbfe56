"""The batch runner: input order, the three backends agree, bad instances, crashes, resume."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tansuo.batch import (
    InProcess,
    Instance,
    ProcessPool,
    RayBackend,
    batch_domain,
    finished_ids,
    iter_results,
    run_batch,
)
from tansuo.batch.domains import parse_size_range
from tansuo.batch.runner import Pace
from tansuo.errors import InvalidInput
from tansuo.sudoku import solve

DATA = Path(__file__).resolve().parents[1] / "src" / "tansuo" / "data" / "sudoku"
TESTS = Path(__file__).resolve().parent


def _puzzles(repeat: int = 1) -> list[Instance]:
    text = (DATA / "top95.txt").read_text()
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
    return [Instance(str(i), line) for i, line in enumerate(lines * repeat)]


def _essential(record: dict) -> tuple:
    """What must not depend on the backend: id, status, answer (not times or pids)."""
    return (record["id"], record["status"], record.get("solution"), record.get("count"),
            record.get("error"))  # fmt: skip


def test_records_come_in_input_order_with_errors_in_place():
    instances = [*_puzzles()[:5], Instance("junk", "12x"), *_puzzles()[5:8]]
    records = list(iter_results("sudoku", instances, {"max_solutions": 2}))
    assert [r["id"] for r in records] == [i.id for i in instances]
    junk = records[5]
    assert junk["status"] == "error" and "12x" not in junk["error"] and junk["error"]
    for instance, record in zip(instances, records, strict=True):
        if instance.id == "junk":
            continue
        direct = solve(instance.text, max_solutions=2)
        assert record["status"] == direct.status == "solved"
        assert record["solution"] == direct.solution.to_string()
        assert record["elapsed_s"] > 0


def test_the_pace_grows_chunks_for_quick_instances():
    pace = Pace(workers=2)
    assert pace.chunk_size() == 1
    pace.record([{"elapsed_s": 1e-5}] * 10)
    assert pace.chunk_size() > 1000
    slow = Pace(workers=2)
    slow.record([{"elapsed_s": 2.0}] * 10)
    assert slow.chunk_size() == 1


def test_process_pool_equals_in_process():
    instances = _puzzles(repeat=3)
    local = [_essential(r) for r in iter_results("sudoku", instances, {"max_solutions": 2})]
    pooled = [
        _essential(r)
        for r in iter_results("sudoku", instances, {"max_solutions": 2}, backend=ProcessPool(2))
    ]
    assert pooled == local
    sizes = list(batch_domain("queens").read("4-10"))
    assert [_essential(r) for r in iter_results("queens", sizes, backend=ProcessPool(2))] == [
        _essential(r) for r in iter_results("queens", sizes)
    ]


def test_grid_batches_share_the_landmark_table_and_match_the_scenario():
    problems = list(batch_domain("grid").read("8room_000"))[:40]
    options = {"heuristic": "differential"}
    local = list(iter_results("grid", problems, options, source="8room_000"))
    pooled = list(
        iter_results("grid", problems, options, source="8room_000", backend=ProcessPool(2))
    )
    assert all(r["matched"] and r["heuristic"] == "differential" for r in local)
    assert [(r["id"], r["cost"], r["solution"]) for r in pooled] == [
        (r["id"], r["cost"], r["solution"]) for r in local
    ]
    # the table was built once, in prepare(): no query reports building it (the landmark
    # table takes over 0.2 s here; a worker's first query sets up the map in a few ms,
    # which a loaded machine can stretch, hence the margin)
    prepared = [s for r in pooled if (s := r["stats"]["preprocess_s"]) is not None]
    assert len(prepared) <= 2 and all(seconds < 0.1 for seconds in prepared), prepared


def test_a_crash_or_a_hang_is_retried_once_then_reported_alone():
    instances = [Instance(str(i), text) for i, text in
                 enumerate(["3", "crash", "4", "bad", "hang", "5", "6"])]  # fmt: skip
    # (3 s: a worker started again after the crash loads tansuo within it, on a loaded machine too)
    pool = ProcessPool(2, instance_timeout=3.0)
    records = list(iter_results("batch_fixtures:Trouble", instances, backend=pool))
    assert [r["id"] for r in records] == [i.id for i in instances]
    by_text = {i.text: r for i, r in zip(instances, records, strict=True)}
    assert [by_text[t]["solution"] for t in ("3", "4", "5", "6")] == [9, 16, 25, 36]
    assert by_text["bad"]["error"] == "bad is not a number"
    assert "crashed" in by_text["crash"]["error"] or "died" in by_text["crash"]["error"]
    assert "twice" in by_text["crash"]["error"]
    assert "overran" in by_text["hang"]["error"] and "twice" in by_text["hang"]["error"]


def test_ray_equals_in_process():
    import ray  # a test dependency: without it this test fails, it does not skip

    instances = _puzzles(repeat=2)
    sizes = list(batch_domain("queens").read("4-9"))
    levels = list(batch_domain("sokoban").read("microban"))[:4]
    optimal = {"mode": "push-optimal"}
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        configure_logging=False,
        # the workers import the fixture domain from this folder, and tansuo from this checkout
        runtime_env={"env_vars": {"PYTHONPATH": f"{TESTS}{os.pathsep}{TESTS.parent / 'src'}"}},
    )
    queries = list(batch_domain("grid").read("arena2"))[::100]
    boards = [Instance("a", "1 2 3 4 5 6 0 7 8"), Instance("b", "8 6 7 2 5 4 3 0 1"),
              Instance("c", "2 1 3 4 5 6 7 8 0")]  # fmt: skip
    try:
        backend = RayBackend("auto")
        assert backend.workers == 2
        options = {"max_solutions": 2}
        on_ray = [
            _essential(r) for r in iter_results("sudoku", instances, options, backend=backend)
        ]
        queens = [_essential(r) for r in iter_results("queens", sizes, backend=backend)]
        sokoban = [_essential(r) for r in iter_results("sokoban", levels, optimal, backend=backend)]
        grid = [_essential(r) for r in iter_results(
            "grid", queries, {}, backend=backend, source="arena2")]  # fmt: skip
        sliding = [_essential(r) for r in iter_results("sliding", boards, backend=backend)]
        trouble = [Instance("a", "2"), Instance("b", "crash"), Instance("c", "3")]
        fixtures = list(iter_results("batch_fixtures:Trouble", trouble, backend=backend))
    finally:
        ray.shutdown()
    assert on_ray == [
        _essential(r) for r in iter_results("sudoku", instances, {"max_solutions": 2})
    ]
    assert queens == [_essential(r) for r in iter_results("queens", sizes)]
    assert sokoban == [_essential(r) for r in iter_results("sokoban", levels, optimal)]
    assert grid == [_essential(r) for r in iter_results("grid", queries, {}, source="arena2")]
    assert sliding == [_essential(r) for r in iter_results("sliding", boards)]
    assert all(r[1] == "solved" for r in grid + sliding[:2]) and sliding[2][1] == "no_solution"
    assert [r.get("solution") for r in fixtures] == [4, None, 9], fixtures
    assert fixtures[1]["status"] == "error"


def test_run_batch_writes_in_order_and_resumes(tmp_path):
    out = tmp_path / "results.jsonl"
    instances = _puzzles()[:30]
    first = run_batch("sudoku", instances[:12], {"max_solutions": 1}, out=out)
    assert first.counts["solved"] == 12
    with open(out, "a", encoding="utf-8") as handle:
        handle.write('{"id":"12","status":"sol')  # a run killed in the middle of a line
    assert finished_ids(out) == {str(i) for i in range(12)}
    seen = []
    second = run_batch("sudoku", instances, {"max_solutions": 1}, out=out, resume=True,
                       on_record=seen.append)  # fmt: skip
    assert second.skipped == 12 and second.counts["solved"] == 18
    ids = [json.loads(line)["id"] for line in out.read_text().splitlines()]
    assert ids == [i.id for i in instances]


def test_resume_after_a_killed_run_gives_the_complete_file(tmp_path):
    puzzles = tmp_path / "puzzles.txt"
    lines = [i.text for i in _puzzles(repeat=60)]  # 5,700 puzzles: a few seconds
    puzzles.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "tansuo", "batch", "sudoku", str(puzzles), "--out", str(out)]
    env = {**os.environ, "PYTHONPATH": str(TESTS.parent / "src")}
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if out.exists() and out.stat().st_size > 20_000:
            break
        time.sleep(0.01)
    assert process.poll() is None, "the batch finished before it could be killed"
    process.send_signal(signal.SIGKILL)
    process.wait()
    written = len(out.read_text().splitlines())
    assert 0 < written < len(lines)
    resumed = subprocess.run([*command, "--resume"], env=env, capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in records] == [str(i) for i in range(1, len(lines) + 1)]
    assert all(r["status"] == "solved" for r in records)
    for record in records[:: len(records) // 20]:
        assert record["solution"] == solve(lines[int(record["id"]) - 1]).solution.to_string()


def test_size_ranges():
    assert parse_size_range("8-10,12") == [8, 9, 10, 12]
    with pytest.raises(InvalidInput, match="is empty"):
        parse_size_range("9-4")
    assert parse_size_range("file.txt") is None


def test_unknown_domains_and_options_say_what_exists():
    names = "grid, queens, sliding, sokoban, sudoku"
    with pytest.raises(InvalidInput, match=f"domains with one: {names}"):
        batch_domain("chess")
    options = "box, max_nodes, max_solutions, size, time_limit"
    with pytest.raises(InvalidInput, match=f"no batch option 'depth'; its options: {options}"):
        batch_domain("sudoku").check_options({"depth": 3})
    with pytest.raises(InvalidInput, match="cannot load the batch domain"):
        batch_domain("no_such_module:Thing")


def test_in_process_backend_has_one_worker():
    assert InProcess().workers == 1


def _resume_cases() -> list[tuple[str, bytes, str]]:
    record = b'{"id":"1","status":"solved","elapsed_s":0.1}\n'
    return [
        ("notes", b"my notes\nabout the puzzles\n", "line 1 is not a tansuo batch result"),
        ("notes without a line end", b"notes", "line 1 is not a tansuo batch result"),
        ("damaged third line", record * 2 + b'{"id":"3","stat\n' + record, "line 3"),
        ("json, not a result", b'{"a": 1}\n', "line 1"),
        ("a result, then a note", record + b"my note\n", "line 2"),
        ("unknown status", b'{"id":"1","status":"done"}\n', "line 1"),
        ("blank line", record + b"\n" + record, "line 2"),
    ]


@pytest.mark.parametrize(("name", "content", "said"), _resume_cases(), ids=lambda c: str(c)[:30])
def test_resume_never_writes_into_a_file_it_did_not_write(name, content, said, tmp_path):
    out = tmp_path / "notes.jsonl"
    out.write_bytes(content)
    with pytest.raises(InvalidInput, match=said):
        run_batch("sudoku", _puzzles()[:3], {}, out=out, resume=True)
    assert out.read_bytes() == content, name


@pytest.mark.parametrize(("name", "content", "said"), _resume_cases(), ids=lambda c: str(c)[:30])
def test_resume_on_the_command_line_refuses_in_one_line(name, content, said, run_cli, tmp_path):
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text("\n".join(i.text for i in _puzzles()[:3]) + "\n")
    out = tmp_path / "notes.jsonl"
    out.write_bytes(content)
    for command in (["batch", "sudoku"], ["sudoku", "solve", "--file"]):
        run = run_cli(*command, puzzles, "--out", out, "--resume")
        lines = run.err.strip().splitlines()
        assert run.code == 2 and len(lines) == 1 and said in lines[0], (command, run.err)
        assert str(out.name) in lines[0]
        assert out.read_bytes() == content, (name, command)


def test_resume_cuts_only_a_half_written_record(tmp_path):
    out = tmp_path / "results.jsonl"
    run_batch("sudoku", _puzzles()[:2], {}, out=out)
    whole = out.read_bytes()
    out.write_bytes(whole + b'{"id":"3","sta')
    run_batch("sudoku", _puzzles()[:4], {}, out=out, resume=True)
    lines = out.read_text().splitlines()
    assert [json.loads(line)["id"] for line in lines] == ["0", "1", "2", "3"]
    assert out.read_bytes().startswith(whole)


def _children(pid: int) -> list[int]:
    """The pids of the live processes whose parent is ``pid`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has exited; only its entry waits to be reaped


def test_workers_exit_when_the_batch_is_killed(tmp_path):
    """SIGKILL of 'tansuo batch sudoku - --workers 2' leaves no worker behind."""
    env = {**os.environ, "PYTHONPATH": str(TESTS.parent / "src")}
    command = [sys.executable, "-m", "tansuo", "batch", "sudoku", "-", "--workers", "2"]
    process = subprocess.Popen(command, env=env, stdin=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        deadline = time.monotonic() + 120  # the parent loads the kernels, then forks
        workers: list[int] = []
        while time.monotonic() < deadline and len(workers) < 2 and process.poll() is None:
            time.sleep(0.05)
            workers = _children(process.pid)
        assert len(workers) == 2, (workers, process.poll())
        process.send_signal(signal.SIGKILL)  # no goodbye: stdin is still open, nothing closed
        process.wait()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_alive(pid) for pid in workers):
            time.sleep(0.05)
        assert not any(_alive(pid) for pid in workers), "the workers outlived their batch"
    finally:
        if process.poll() is None:
            process.kill()
        if process.stdin is not None:
            process.stdin.close()


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("my notes on microban\n", "line 1 is not a solution entry"),
        ("; Some other level\nuuLL\n\n", "line 1 is a solution for 'Some other level'"),
        ("; 1\nuuLL\n\n", "that does not solve it"),
    ],
)
def test_sokoban_resume_never_writes_into_a_file_it_did_not_write(content, said, run_cli,
                                                                   tmp_path):  # fmt: skip
    out = tmp_path / "solutions.txt"
    out.write_text(content)
    run = run_cli("sokoban", "microban", "--all", "--out", out, "--resume")
    assert run.code == 2 and run.err.count("\n") == 1 and said in run.err, run.err
    assert out.read_text() == content
