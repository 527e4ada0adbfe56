"""The shared pieces every domain builds on: tansuo.result, tansuo.budget, tansuo.files."""

from __future__ import annotations

import dataclasses
import gzip
import math
import time

import numpy as np
import pytest

from tansuo.budget import Budget, parse_memory, run_chunked
from tansuo.errors import InvalidInput
from tansuo.files import check_output, could_be_path, read_text
from tansuo.result import STATS_KEYS, Stats, jsonable, status_of


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _DomainStats(Stats):
    guesses: int = 0
    iterations: tuple[int, ...] = ()


def test_stats_are_frozen_mappings_with_the_common_keys():
    stats = _DomainStats(expanded=4, generated=9, elapsed_s=0.5, guesses=3, iterations=(1, 2))
    assert tuple(stats)[: len(STATS_KEYS)] == STATS_KEYS
    assert stats["guesses"] == 3 and stats.get("nope") is None and "limit" in stats
    assert dict(stats)["expanded"] == 4
    assert stats.as_dict()["iterations"] == [1, 2]
    with pytest.raises(dataclasses.FrozenInstanceError):
        stats.expanded = 5  # type: ignore[misc]
    with pytest.raises(KeyError):
        stats["nope"]


def test_status_rule():
    assert status_of(found=True, limit="time_limit") == "solved"
    assert status_of(found=False, limit="max_nodes") == "limit"
    assert status_of(found=False, limit=None) == "no_solution"


def test_jsonable_plain_types():
    value = {"a": np.int64(3), "b": np.array([1.5, np.inf]), "c": (math.nan, 2)}
    assert jsonable(value) == {"a": 3, "b": [1.5, None], "c": [None, 2]}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"time_limit": -1}, "time_limit must be a number of seconds >= 0, got -1"),
        ({"time_limit": math.nan}, "time_limit must be a number of seconds >= 0, got nan"),
        ({"time_limit": "5"}, "time_limit must be a number of seconds >= 0, got '5'"),
        ({"max_nodes": -3}, "max_nodes must be a whole number >= 0, got -3"),
        ({"max_expansions": 2.5}, "max_expansions must be a whole number >= 0, got 2.5"),
        ({"max_nodes": True}, "max_nodes must be a whole number >= 0, got True"),
        ({"max_nodes": 10**20}, f"max_nodes must be at most {2**63 - 1}, got {10**20}"),
        ({"max_memory": "lots"}, "memory size 'lots'"),
    ],
)
def test_budget_validation_has_one_message_style(kwargs, message):
    with pytest.raises(InvalidInput, match=message.replace("(", r"\(")):
        Budget(**kwargs)


def test_budget_memory_and_count_limit():
    assert parse_memory("1.5G") == 3 << 29
    assert Budget(max_memory="2M").max_memory == 2 << 20
    assert Budget(max_nodes=5, max_expansions=3).count_limit == ("max_expansions", 3)
    assert Budget().count_limit is None
    assert Budget().start().memory_limit() > 0


def test_meter_time_and_stop():
    meter = Budget(time_limit=0.0).start()
    assert meter.spent(0) == "time_limit"
    stopped = Budget().start(stop=lambda: True)
    assert stopped.spent(10) == "stopped"
    assert Budget(max_nodes=10).start().next_check(8, 128) == 10


def test_run_chunked_stops_within_a_chunk_of_the_time_limit():
    calls = []

    def step(units):
        calls.append(units)
        time.sleep(0.01)
        return False

    started = time.perf_counter()
    limit = run_chunked(step, lambda: 0, Budget(time_limit=0.05).start(), chunk=7)
    assert limit == "time_limit"
    assert time.perf_counter() - started < 0.05 + 0.1
    assert set(calls) == {7}


def test_run_chunked_counts_exactly():
    done = [0]

    def step(units):
        done[0] += units
        return False

    assert run_chunked(step, lambda: done[0], Budget(max_nodes=10).start(), chunk=4) == "max_nodes"
    assert done[0] == 10


def test_read_text_says_what_is_wrong(tmp_path):
    with pytest.raises(InvalidInput, match="no such file"):
        read_text(tmp_path / "missing.txt")
    with pytest.raises(InvalidInput, match="is a directory"):
        read_text(tmp_path)
    binary = tmp_path / "b.bin"
    binary.write_bytes(b"\x00\x01\x02")
    with pytest.raises(InvalidInput, match="binary"):
        read_text(binary)
    latin = tmp_path / "l.txt"
    latin.write_bytes("caf\xe9".encode("latin-1"))
    with pytest.raises(InvalidInput, match="not UTF-8"):
        read_text(latin)
    big = tmp_path / "big.txt"
    big.write_text("x" * 100)
    with pytest.raises(InvalidInput, match="more than"):
        read_text(big, max_bytes=10)
    packed = tmp_path / "g.txt.gz"
    packed.write_bytes(gzip.compress(b"S a 1\n"))
    assert read_text(packed) == "S a 1\n"
    broken = tmp_path / "broken.gz"
    broken.write_bytes(b"not gzip")
    with pytest.raises(InvalidInput, match="cannot read it"):
        read_text(broken)


def test_check_output(tmp_path):
    given = tmp_path / "in.txt"
    given.write_text("x")
    with pytest.raises(InvalidInput, match="input file"):
        check_output(given, force=True, inputs=(given,))
    with pytest.raises(InvalidInput, match="already exists"):
        check_output(given)
    with pytest.raises(InvalidInput, match="does not exist"):
        check_output(tmp_path / "no" / "dir" / "x.png")
    with pytest.raises(InvalidInput, match="is a directory"):
        check_output(tmp_path)
    assert check_output(tmp_path / "new.png") == tmp_path / "new.png"


def test_could_be_path():
    assert could_be_path("puzzles.txt")
    assert not could_be_path("." * 256)
    assert not could_be_path("")
