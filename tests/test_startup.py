"""Start-up: what the command line imports before its first answer, and the command table."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest


def _imported_after(code: str) -> dict[str, bool]:
    """Which heavy modules a fresh interpreter has imported after running ``code``."""
    probe = (
        f"{code}\n"
        "import json, sys\n"
        "heavy = ('numpy', 'numba', 'scipy', 'rich', 'tansuo.batch', 'tansuo.search')\n"
        "print(json.dumps({m: m in sys.modules for m in heavy}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_importing_the_command_line_imports_no_domain():
    imported = _imported_after("import tansuo.cli")
    assert not any(imported.values()), imported


def test_the_help_lists_every_command_without_importing_a_domain():
    code = (
        "import contextlib, io\n"
        "from tansuo.cli import main\n"
        "buffer = io.StringIO()\n"
        "with contextlib.redirect_stdout(buffer):\n"
        "    main(['--help'])\n"
        "assert 'queens' in buffer.getvalue() and 'warm-up' in buffer.getvalue()\n"
    )
    imported = _imported_after(code)
    assert not any(imported.values()), imported


def test_the_program_runs_openblas_on_one_thread_unless_told():
    # main() as the program sets it before the command imports numpy; a user's value stays
    probe = (
        "import os, sys\n"
        "from tansuo import cli\n"
        "before = 'numpy' in sys.modules\n"
        "cli._end_now = lambda code: print(before, 'numpy' in sys.modules, "
        "os.environ.get('OPENBLAS_NUM_THREADS'))\n"
        "sys.argv = ['tansuo', 'queens', '6', '--first', '1']\n"
        "cli.main()\n"
    )
    for told, expected in ((None, "1"), ("2", "2")):
        env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
        if told is not None:
            env["OPENBLAS_NUM_THREADS"] = told
        out = subprocess.run(
            [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120
        )
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip().splitlines()[-1] == f"False True {expected}"


def test_a_command_imports_only_its_own_domain():
    code = (
        "import contextlib, io\n"
        "from tansuo.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['queens', '6', '--first', '1'])\n"
        "import sys\n"
        "assert 'tansuo.queens' in sys.modules\n"
        "assert not any(m in sys.modules for m in ('tansuo.gomoku', 'tansuo.xiangqi', "
        "'tansuo.sudoku', 'tansuo.grid', 'tansuo.sokoban', 'tansuo.sliding'))\n"
    )
    imported = _imported_after(code)
    assert imported["numba"] and not imported["scipy"], imported


def test_a_warm_command_imports_neither_the_compiler_side_nor_the_progress_bar():
    """Kernels loaded from the cache need none of numba's array code (not even for the
    environments of numba's own functions in them, np.empty's in Gomoku's); one board no
    batch runner, no picture library, no generic search engine; plain arrays no masked
    arrays."""
    code = (
        "import contextlib, io, sys\n"
        "from tansuo.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['queens', '6', '--first', '1'])\n"
        "    main(['sudoku', 'solve', '1.3.3..2.1.34..1'])\n"
        "    main(['gomoku', 'vcf', '15 h8 i9 i8 j8 h9 h10 g8 f7 j10 k11 g10 g9 h11 f9'])\n"
        "assert {'tansuo.queens._kernels', 'tansuo.sudoku._kernels'} <= set(sys.modules)\n"
        "assert 'tansuo.gomoku._kernels' in sys.modules\n"
        "loaded = [m for m in ('numba.np.arraymath', 'numba.np.arrayobj', 'rich.progress',\n"
        "          'rich.table', 'tansuo.batch', 'PIL', 'tansuo.search', 'numpy.ma')\n"
        "          if m in sys.modules]\n"
        "assert not loaded, loaded\n"
        "from numba.core import entrypoints\n"
        "assert not entrypoints._already_initialized  # numba's extensions: read to compile only\n"
    )
    _imported_after(code)


def test_a_kernel_that_compiles_still_gets_numbas_extensions(tmp_path):
    # tansuo._jit skips numba's extension entry points on a call from Python to a
    # guarded kernel; a kernel that compiles gets them from numba's target refresh
    package = tmp_path / "guarded"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "k.py").write_text(
        "from numba import njit\nimport tansuo._jit\n\n\n"
        "@njit(cache=True)\ndef f(x):\n    return x + 1\n"
    )
    probe = (
        "import sys\n"
        "import tansuo._jit as J\n"
        f"J.guard_package('guarded', {str(package)!r})\n"
        "from numba.core import entrypoints\n"
        "import guarded.k\n"
        "assert guarded.k.f(1) == 2\n"
        "print(bool(guarded.k.f.stats.cache_misses), entrypoints._already_initialized)\n"
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tmp_path), env.get("PYTHONPATH")]))
    runs = [
        subprocess.run(
            [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120
        )
        for _ in range(2)
    ]
    assert [run.returncode for run in runs] == [0, 0], [run.stderr for run in runs]
    # compiled: extensions run; then loaded from the cache: not read
    assert [run.stdout.split() for run in runs] == [["True", "True"], ["False", "False"]]


def test_numbas_runtime_is_compiled_once_then_loaded(tmp_path):
    # tansuo._jit keeps numba's compiled runtime functions beside its cache; a later
    # process loads them (no create_nrt_module) and kernels that allocate still work
    probe = (
        "from numba.core.runtime import nrtdynmod\n"
        "import tansuo._jit\n"
        "built = []\n"
        "original = nrtdynmod.create_nrt_module\n"
        "nrtdynmod.create_nrt_module = lambda ctx: built.append(1) or original(ctx)\n"
        "import numpy as np\n"
        "from numba import njit\n"
        "@njit\n"
        "def f(n):\n"
        "    a = np.arange(n)\n"
        "    return a[a % 2 == 0] * 2\n"
        "assert [int(x) for x in f(7)] == [0, 4, 8, 12]\n"
        "print(len(built))\n"
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120
        )
        for _ in range(2)
    ]
    assert [run.returncode for run in runs] == [0, 0], [run.stderr for run in runs]
    assert [run.stdout.strip() for run in runs] == ["1", "0"]
    assert len(list(tmp_path.glob("numba-runtime-*.bin"))) == 1


def test_the_batch_flags_name_the_runners_error_status():
    import tansuo.batch
    import tansuo.cli._batch

    assert tansuo.cli._batch.ERROR == tansuo.batch.ERROR


def test_the_command_table_matches_what_the_modules_register():
    """COMMANDS (the help's lines, read without importing) says what the modules say."""
    import typer

    from tansuo.cli import COMMANDS, command_modules

    holder = typer.Typer()
    holder.callback()(lambda: None)
    registered: dict[str, tuple[str, str | None]] = {}
    for module in command_modules():
        before = set(typer.main.get_command(holder).commands)  # type: ignore[attr-defined]
        module.register(holder)
        group = typer.main.get_command(holder)
        for name, command in group.commands.items():  # type: ignore[attr-defined]
            if name not in before:
                text = None if command.hidden else command.get_short_help_str(limit=10_000)
                registered[name] = (module.__name__.rsplit(".", 1)[1], text)
    assert registered == {
        name: (module, None if text is None else " ".join(text.split()))
        for name, (module, text) in COMMANDS.items()
    }


@pytest.mark.parametrize("name", ["queens", "sudoku", "analyse", "warm-up"])
def test_each_command_is_found_and_helped(run_cli, name):
    result = run_cli(name, "--help")
    assert result.code == 0 and f" {name} [OPTIONS]" in " ".join(result.out.split())


def test_warm_up_refuses_unknown_domains(run_cli):
    result = run_cli("warm-up", "chess")
    assert result.code == 2 and "unknown domain 'chess'" in result.err


def test_compile_progress_shows_only_real_compilation(tmp_path):
    """A fresh cache: the progress lines on stderr, none on stdout; the cache then: nothing."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    (tmp_path / "probe_kernels.py").write_text(
        "import numba\n@numba.njit(cache=True)\ndef twice(x):\n    return 2 * x\n"
    )
    script = tmp_path / "probe.py"
    script.write_text(
        "import sys, time\n"
        "from tansuo.cli._compile import CompileProgress\n"
        "with CompileProgress('the probe kernels'):\n"
        "    start = time.perf_counter()\n"
        "    import probe_kernels\n"
        "    probe_kernels.twice(3)\n"
        "    compiled = time.perf_counter() - start\n"
        "    if len(sys.argv) > 1:  # the command goes on long after its compile\n"
        "        time.sleep(2)\n"
        "        open(sys.argv[1], 'w').write(str(compiled))\n"
    )
    spent = tmp_path / "compiled_s"
    first = subprocess.run(
        [sys.executable, str(script), str(spent)],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert first.returncode == 0, first.stderr
    assert first.stdout == ""
    assert "compiling the probe kernels, first run only: 0/" in first.stderr
    last = first.stderr.splitlines()[-1]
    assert last.startswith("compiling the probe kernels, first run only: done (1 kernel, ")
    # the last line gives the compile's seconds, not those of the whole block
    shown = int(last.rsplit(", ", 1)[1].removesuffix(" s)"))
    assert shown <= float(spent.read_text()) + 1, last  # (the block took 2 s more)
    again = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120
    )
    assert again.returncode == 0 and again.stderr == "" and again.stdout == ""


def test_warm_up_runs_a_domain_in_its_own_process(run_cli):
    result = run_cli("warm-up", "queens")
    assert result.code == 0, result.err
    assert "1/1 queens ready" in result.err and result.out == ""


def test_the_program_ends_at_once_with_its_whole_answer_and_exit_code():
    """The program skips Python's teardown (os._exit): stdout is complete, the code kept."""
    done = subprocess.run(
        [sys.executable, "-m", "tansuo", "queens", "6", "--json"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert record["status"] == "solved" and len(record["solutions"]) == 4
    bad = subprocess.run(
        [sys.executable, "-m", "tansuo", "queens", "0"], capture_output=True, text=True, timeout=120
    )
    assert bad.returncode == 2 and bad.stderr.startswith("tansuo: error: ") and bad.stdout == ""


def test_files_are_flushed_at_the_end_only_after_one_was_opened_for_writing(tmp_path, monkeypatch):
    """The program's end walks every object for open files only when one was opened to write."""
    import os

    import tansuo.cli as cli

    def wrote(*events):
        monkeypatch.setattr(cli, "_WROTE", [])
        for args in events:
            cli._note_opened_for_writing("open", args)
        return bool(cli._WROTE)

    path = str(tmp_path / "out.txt")
    assert not wrote((path, "r", 0), (path, "rb", 0), (path, None, os.O_RDONLY | os.O_CLOEXEC))
    assert not wrote((str(tmp_path), "w+", os.O_RDWR))  # an anonymous temporary file
    assert wrote((path, "w", 0)) and wrote((path, "ab", 0)) and wrote((path, "r+", 0))
    assert wrote((path, None, os.O_WRONLY | os.O_CREAT)) and wrote((3, "wb", 0))
    # and a file the command left open is complete once the program has ended
    script = tmp_path / "leave_open.py"
    script.write_text(
        "import sys\nimport tansuo.cli as cli\n"
        "command = cli._main\n"
        "def leaves_a_file_open(argv):\n"
        f"    sys.modules[__name__].handle = open({path!r}, 'w')\n"
        "    sys.modules[__name__].handle.write('kept' * 1000)\n"
        "    return command(argv)\n"
        "cli._main = leaves_a_file_open\n"
        "sys.argv = ['tansuo', 'queens', '4']\ncli.main()\n"
    )
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out.txt").read_text() == "kept" * 1000
