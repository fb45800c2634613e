"""meshc/progress.py: when a progress display is shown (a terminal only), and what it shows, read
from a forced console -- never by waiting for its timer."""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

import meshc.api as mc
from meshc.progress import TERMINAL_ENV, Progress, wanted

ROOT = Path(__file__).resolve().parent.parent


class _Stream(io.StringIO):
    def __init__(self, tty: bool):
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize("tty,environ,want", [
    (True, {}, True),
    (False, {}, False),
    (True, {"TERM": "dumb"}, False),
    (True, {"MESHC_NO_PROGRESS": "1"}, False),
    (True, {"MESHC_NO_PROGRESS": ""}, True),
])
def test_shown_only_on_a_terminal(tty, environ, want):
    assert wanted(_Stream(tty), environ) is want


def test_no_display_and_no_timer_off_a_terminal():
    p = Progress(_Stream(False))
    assert not p.enabled and p._timer is None
    p.pass_started("cse")
    p.show()  # disabled: nothing starts
    assert p._live is None
    p.close()


def _text(p: Progress) -> str:
    console = Console(file=io.StringIO(), width=100, force_terminal=True, color_system=None)
    console.print(p.render())
    return console.file.getvalue()


def test_compile_reports_every_pass():
    p = Progress(enabled=False)
    module = mc.parse(open("samples/mlp_tensor_parallel.mlir").read())
    mc.compile(module, progress=p)  # the SPMD path: the default pipeline without unroll
    from meshc.backend.spmd import spmd_pipeline

    n = len(spmd_pipeline(mc.default_pipeline()).split(","))
    assert p.passes_total == p.passes_done == n and p.current_pass is None
    assert p.lines() == [f"compile: {n}/{n} passes done"]


def test_rendering_of_a_run():
    p = Progress(enabled=False)
    p.set_passes(9)
    for name in ("sharding-propagation", "distribute-types"):
        p.pass_started(name)
        p.pass_finished(name)
    p.pass_started("reshard")
    assert p.lines() == ["compile: 2/9 passes done, running reshard"]
    p.devices(4, 1, 8)
    p(30, 120)
    text = _text(p)
    assert "compile: 2/9 passes done, running reshard" in text
    assert "devices: 4/8 started, 1 finished" in text
    assert "steps: 30/120 of the schedules" in text


def test_a_forced_console_draws_and_clears():
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=True, color_system=None)
    p = Progress(console=console, enabled=True, after=None)  # no timer: shown only on request
    assert p._timer is None
    p.set_passes(3)
    p.pass_started("partition")
    p.show()
    assert p._live is not None
    p.pass_finished("partition")
    p.close()
    assert p._live is None
    assert "running partition" in out.getvalue() or "1/3 passes done" in out.getvalue()
    p.show()  # closed: stays closed
    assert p._live is None


def test_run_reports_devices_and_steps():
    p = Progress(enabled=False)
    path = "samples/mlp_tensor_parallel.mlir"
    module = mc.parse(open(path).read(), path)
    bound = mc.bind_entry(module, None, None, 0, None)
    compiled = mc.compile(module.clone(), entry=bound.func.sym_name)
    mc.run_compiled(compiled, bound, progress=p)
    n = compiled.program.schedule.mesh.num_devices
    total = sum(len(d.steps) for d in compiled.program.schedule.devices)
    assert (p.devices_started, p.devices_finished, p.devices_total) == (n, n, n)
    assert (p.steps_done, p.steps_total) == (total, total)


def test_the_watcher_reads_the_steps_of_a_run_in_progress():
    """The watcher thread reads the run state's progress board while the devices run (it once read
    the transport's progress method instead, and failed in the thread)."""
    from meshc.runtime.executor import Executor, _RunState

    compiled = mc.compile(mc.parse(open("samples/mlp_tensor_parallel.mlir").read()))
    state = _RunState(Executor(compiled.program.schedule))
    assert mc.steps_reached(None) == mc.steps_reached(state) == 0
    state.progress(1)(7)  # device 1 reached step 7, device 3 step 2
    state.progress(3)(2)
    assert mc.steps_reached(state) == 9


def test_estimate_reports_devices_and_steps():
    from meshc.runtime.estimate import estimate

    p = Progress(enabled=False)
    path = "samples/mlp_tensor_parallel.mlir"
    compiled = mc.compile(mc.parse(open(path).read(), path))
    estimate(compiled.program.schedule, progress=p)
    n = compiled.program.schedule.mesh.num_devices
    total = sum(len(d.steps) for d in compiled.program.schedule.devices)
    assert (p.devices_finished, p.devices_total, p.steps_done, p.steps_total) == (n, n, total, total)


# -- the commands on a pseudo-terminal and on pipes ----------------------------------------------------

MESHC = str(Path(sys.executable).with_name("meshc"))
_COMMANDS = {
    "compile": ["compile", "samples/mlp_tensor_parallel.mlir"],
    "run": ["run", "samples/mlp_tensor_parallel.mlir", "--random-inputs"],
    "estimate": ["estimate", "samples/mlp_tensor_parallel.mlir"],
}


def _child_env() -> dict:
    """The display shown at once (``MESHC_PROGRESS_AFTER=0``), on an ordinary terminal."""
    env = {k: v for k, v in os.environ.items() if k not in ("MESHC_NO_PROGRESS", TERMINAL_ENV)}
    env.update(TERM="xterm", NO_COLOR="1", COLUMNS="100", OPENBLAS_NUM_THREADS="1", MESHC_PROGRESS_AFTER="0")
    return env


def _on_a_terminal(args: list) -> tuple[int, str]:
    """Run ``meshc ARGS`` with stdout and stderr on a pseudo-terminal; return its exit code and
    everything the terminal received."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([MESHC, *args], stdin=subprocess.DEVNULL, stdout=slave, stderr=slave,
                            env=_child_env(), cwd=ROOT)
    os.close(slave)
    chunks = []
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 300)
            if not ready:  # the child hangs: end it, the test fails below
                proc.kill()
                break
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not data:
                break
            chunks.append(data)
    finally:
        os.close(master)
    return proc.wait(timeout=60), b"".join(chunks).decode("utf-8", "replace")


def _passes() -> int:
    from meshc.backend.spmd import spmd_pipeline

    return len(spmd_pipeline(mc.default_pipeline()).split(","))


@pytest.mark.parametrize("command", sorted(_COMMANDS))
def test_a_terminal_shows_the_display_and_a_pipe_does_not(command):
    n = _passes()
    code, shown = _on_a_terminal(_COMMANDS[command])
    assert code == 0, shown
    assert f"compile: {n}/{n} passes done" in shown
    if command != "compile":  # mlp_tensor_parallel runs on 4 devices
        assert "devices: 4/4 started, 4 finished" in shown
        assert "steps: " in shown and " of the schedules" in shown
    piped = subprocess.run([MESHC, *_COMMANDS[command]], capture_output=True, text=True, timeout=300,
                           env=_child_env(), cwd=ROOT)
    assert piped.returncode == 0, piped.stderr
    for text in (piped.stdout, piped.stderr):
        assert "passes done" not in text and "devices: " not in text and "\x1b[" not in text


def test_an_mpi_job_on_a_terminal_shows_rank_0s_display_before_its_output():
    """mpiexec hands the ranks pipes: --launch tells them the terminal is there, and only rank 0
    draws, on its stdout, so the display is gone before the first line of output."""
    pytest.importorskip("mpi4py")
    n = _passes()
    code, shown = _on_a_terminal(["run", "samples/mlp_tensor_parallel.mlir", "--random-inputs", "--backend", "mpi",
                                  "--launch", "2", "--mesh-shape", "tp=2"])
    assert code == 0, shown
    assert shown.count(f"compile: {n}/{n} passes done, running") == 0  # the last pass ends it
    assert f"compile: {n}/{n} passes done" in shown
    import re

    done = [int(m) for m in re.findall(r"compile: (\d+)/", shown)]
    assert done == sorted(done) and done[-1] == n  # one rank drew: its count never goes back
    last = shown.rindex("passes done")
    assert shown.index("@mlp: inputs bound random (seed 0)") > last
