"""``tansuo sokoban --all`` and ``tansuo batch sokoban`` on the shared batch runner."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tansuo.batch import ProcessPool, batch_domain, iter_results, run_batch
from tansuo.sokoban import (
    bundled_collection,
    format_level,
    format_solution,
    parse_solutions,
    solve,
    verify,
)

PUSH_OPTIMAL = {"mode": "push-optimal", "time_limit": 30.0}


def _essential(record: dict) -> tuple:
    """What must not depend on the backend: the answer, not the times."""
    keys = ("id", "status", "level", "solution", "moves", "pushes", "optimal", "verified")
    return tuple(record.get(key) for key in keys)


def _microban(tmp_path: Path, count: int, *, broken: bool = False) -> Path:
    """The first ``count`` Microban levels as a file (level 3 without its player if ``broken``)."""
    levels = bundled_collection("microban")[:count]
    texts = [format_level(level) for level in levels]
    if broken:
        texts[2] = texts[2].replace("@", " ").replace("+", ".")
    path = tmp_path / "micro.xsb"
    path.write_text("\n".join(texts))
    return path


def test_two_processes_give_the_in_process_answers() -> None:
    levels = list(batch_domain("sokoban").read("microban"))[:6]
    local = list(iter_results("sokoban", levels, PUSH_OPTIMAL))
    pooled = list(iter_results("sokoban", levels, PUSH_OPTIMAL, backend=ProcessPool(2)))
    assert [_essential(r) for r in pooled] == [_essential(r) for r in local]
    collection = bundled_collection("microban")
    for record in local:
        level = collection[int(record["id"]) - 1]
        assert record["status"] == "solved" and record["verified"] and record["optimal"]
        assert record["level"] == level.title
        assert record["pushes"] == solve(level, mode="push-optimal").pushes
        assert verify(level.board(), record["solution"]).pushes == record["pushes"]


def test_a_bad_level_is_reported_by_its_number_and_the_rest_solved(tmp_path) -> None:
    path = _microban(tmp_path, 4, broken=True)
    records = list(iter_results("sokoban", batch_domain("sokoban").read(str(path))))
    assert [r["status"] for r in records] == ["solved", "solved", "error", "solved"]
    assert records[2]["id"] == "3" and "level 3" in records[2]["error"]
    assert "no player" in records[2]["error"]


def test_all_with_two_workers_writes_a_solution_file_verify_reads(run_cli, tmp_path) -> None:
    path = _microban(tmp_path, 6)
    run = run_cli("sokoban", path, "--all", "--workers", "2")
    assert run.code == 0 and "solved 6 of 6" in run.out, run.err
    assert len(re.findall(r"solved\s+moves \d+, pushes \d+", run.out)) == 6  # a line per level
    out = tmp_path / "solutions.txt"
    run = run_cli("sokoban", path, "--all", "--workers", "2", "--out", out)
    assert run.code == 0, run.err
    assert "solved 6 of 6" in run.out and "batch summary" in run.out
    assert set(parse_solutions(out.read_text())) == {lvl.title for lvl in bundled_collection(
        "microban")[:6]}  # fmt: skip
    run = run_cli("sokoban", "verify", path, out)
    assert run.code == 0 and run.out.count(": valid") == 6
    run = run_cli("sokoban", path, "--all", "--out", out, "--workers", "2")
    assert run.code == 2 and "exists" in run.err  # never overwritten without --force


def test_resume_skips_the_levels_already_solved(run_cli, tmp_path) -> None:
    path = _microban(tmp_path, 6)
    levels = bundled_collection("microban")[:6]
    out = tmp_path / "solutions.txt"
    first = [solve(level).solution for level in levels[:2]]
    out.write_text(
        format_solution(levels[0].title, first[0])
        + format_solution(levels[1].title, first[1])
        + f"; {levels[2].title}\nuuL"  # a half-written last entry: solved again
    )
    run = run_cli("sokoban", path, "--all", "--out", out, "--resume")
    assert run.code == 0, run.err
    assert "solved 6 of 6" in run.out
    assert "already done (--resume)" in run.out and " 2 " in run.out.split("already done")[1]
    solutions = parse_solutions(out.read_text())
    assert list(solutions) == [level.title for level in levels]
    assert [solutions[levels[0].title], solutions[levels[1].title]] == first
    assert run_cli("sokoban", "verify", path, out).code == 0


def test_json_out_is_the_runners_json_lines_and_resumes(run_cli, tmp_path) -> None:
    path = _microban(tmp_path, 4)
    out = tmp_path / "results.jsonl"
    summary = run_batch("sokoban", list(batch_domain("sokoban").read(str(path)))[:2], out=out)
    assert summary.counts["solved"] == 2
    run = run_cli("sokoban", path, "--all", "--json", "--out", out, "--resume")
    assert run.code == 0, run.err
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in records] == ["1", "2", "3", "4"]
    assert all(r["status"] == "solved" and r["verified"] for r in records)


def test_batch_flags_need_all(run_cli) -> None:
    run = run_cli("sokoban", "microban", "--workers", "2")
    assert run.code == 2 and "--all" in run.err
    run = run_cli("sokoban", "microban", "--all", "--resume")
    assert run.code == 2 and "--out" in run.err
    run = run_cli("batch", "sokoban", "microban", "--set", "mode=slow")
    assert run.code == 2 and "mode must be one of" in run.err
