"""Runtime faults (issue 10): injected faults end in a clear error, never a hang, never threads
left running, never a half-written or lost file.

Scenarios, each checked to end with the named error and no ``meshc-device-*`` thread alive:

1. an exception in a kernel: on generated programs, a random device's random kernel raises
   (``TestHooks.fail_kernel``) -> :class:`RuntimeFailure` ``kernel`` naming that device;
2. a device that never reaches a collective (``TestHooks.skip_collective``) -> ``timeout``
   naming the collective and that device, within the collective timeout;
3. an out-of-memory device: half the peak of the busiest device -> :class:`OutOfDeviceMemory`
   naming a device and buffer;
4. a corrupted input file (garbage, a truncated ``.npz``, a ``.npy`` with a bad header, an
   empty ``.npz`` or ``.npy``; a truncated program) -> exit 1 naming the file, no traceback;
5. a missing input (no such input, ``--input`` or program file, an argument the ``.npz``
   lacks, an argument no ``--input`` gives, a ``--input`` for no argument) -> exit 1 naming it;
6. outputs: ``-o`` never overwrites an input (same path, a symlink, a hard link); an
   existing output is replaced only after success, a failed run (or one interrupted while
   writing) leaves it byte-identical and no temporary file behind.

The hang guard (:func:`bounded`) is a liveness check with a generous limit, not a timing
assertion.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meshc.api as mc
from meshc.backend.schedule import Collective, Kernel
from meshc.cli import main
from meshc.ir.location import DiagnosticError
from meshc.runtime.devices import OutOfDeviceMemory
from meshc.runtime.executor import RuntimeFailure, TestHooks
from tests.difftest import pipeline_text
from tests.difftest.strategies import programs

#: Seconds after which a fault scenario counts as a hang (a liveness guard).
HANG_LIMIT = 120.0
#: Collective timeout of the fault runs (seconds).
FAULT_TIMEOUT = 0.3

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]

ROWS = """
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<10x8xf32>, %w: tensor<8x6xf32>) -> tensor<10x6xf32> {
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<10x8xf32>
  %ws = mesh.shard %w to <@m, [[0]]> : tensor<8x6xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<10x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<10x6xf32>) -> tensor<10x6xf32>
  %r = linalg.matmul ins(%xs, %ws : tensor<10x8xf32>, tensor<8x6xf32>) outs(%f : tensor<10x6xf32>) -> tensor<10x6xf32>
  %rs = mesh.shard %r to <@m, [[]]> : tensor<10x6xf32>
  return %rs : tensor<10x6xf32>
}
"""


def device_threads() -> list:
    return [t for t in threading.enumerate() if t.name.startswith("meshc-device-") and t.is_alive()]


def bounded(fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` in a helper thread: its result, or what it raised; fails the test
    when it has not ended after :data:`HANG_LIMIT` seconds (a hang)."""
    box: dict = {}

    def target():
        try:
            box["value"] = fn(*args, **kwargs)
        except BaseException as err:  # noqa: BLE001 - handed to the caller
            box["error"] = err

    t = threading.Thread(target=target, name="fault-scenario", daemon=True)
    t.start()
    t.join(HANG_LIMIT)
    assert not t.is_alive(), f"the fault scenario did not end within {HANG_LIMIT:g} s (a hang)"
    if "error" in box:
        raise box["error"]
    return box.get("value")


def compiled_case(case):
    """(compiled program, bound inputs) of a generated case, or None when the pipeline rejects it."""
    module = mc.parse(case.text, "fault.mlir")
    bound = mc.bind_entry(module, random_seed=case.seed)
    try:
        compiled = mc.compile(module.clone(), pipeline_text("auto", "for_all"), case.mesh.run_shape(), entry="main")
    except DiagnosticError:
        return None
    return compiled, bound


# -- 1-3: faults on the simulated devices, on generated programs --------------------------------------------------


#: Generated programs per fault property, and how many must have had the fault injected (the others are
#: rejected by the pipeline or have no kernel / collective to fault).
FAULT_PROGRAMS = 30
FAULTED_AT_LEAST = 12


def _faults(request, what: str, body, programs_run: int = FAULT_PROGRAMS, at_least: int = FAULTED_AT_LEAST) -> None:
    """Run ``body(compiled, bound, data) -> bool`` (True when the fault was injected and checked) on
    ``programs_run`` generated programs; report and check how many were faulted."""
    done = []

    @settings(max_examples=programs_run, derandomize=True, deadline=None, database=None,
              suppress_health_check=_QUIET)
    @given(programs(max_ops=3), st.data())
    def check(case, data):
        made = compiled_case(case)
        if made is not None and body(made[0], made[1], data):
            done.append(case)

    check()
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(f"fault scenario '{what}': injected in {len(done)} of {programs_run} generated programs")
    assert len(done) >= at_least


def test_a_failing_kernel_stops_every_device_and_names_its_device(request):
    def body(compiled, bound, data) -> bool:
        kernels = {d.device: sum(isinstance(s, Kernel) for s in d.steps) for d in compiled.schedule.devices}
        busy = [k for k, n in kernels.items() if n]
        if not busy:
            return False
        k = data.draw(st.sampled_from(busy))
        n = data.draw(st.integers(0, kernels[k] - 1))
        with pytest.raises(RuntimeFailure) as info:
            bounded(mc.run_compiled, compiled, bound, timeout=FAULT_TIMEOUT, hooks=TestHooks(fail_kernel={(k, n)}))
        err = info.value
        assert (err.device, err.reason) == (k, "kernel"), str(err)
        assert f"device {k}: " in str(err) and "injected failure (test hook)" in str(err)
        assert err.stats is not None and len(err.stats.devices) == compiled.schedule.mesh.num_devices
        assert device_threads() == []
        return True

    _faults(request, "kernel exception", body)


def test_a_device_that_never_reaches_a_collective_ends_in_a_timeout_naming_it(request):
    def body(compiled, bound, data) -> bool:
        sched = compiled.schedule
        pairs = []
        for d in sched.devices:
            for s in d.steps:
                spec = sched.collectives[s.instance] if isinstance(s, Collective) else None
                if spec is not None and len(sched.mesh.axis_group(d.device, spec.mesh_axes)) > 1:
                    pairs.append((d.device, s.instance))
        if not pairs:
            return False
        k, instance = data.draw(st.sampled_from(pairs))
        with pytest.raises(RuntimeFailure) as info:
            bounded(mc.run_compiled, compiled, bound, timeout=FAULT_TIMEOUT,
                    hooks=TestHooks(skip_collective={(k, instance)}))
        err = info.value
        assert err.reason == "timeout" and err.device == k, str(err)
        assert "never reached it" in str(err) and f"devices [{k}]" in str(err)
        assert device_threads() == []
        return True

    _faults(request, "device never reaches a collective", body, 60, 15)  # many small programs move no data


def test_a_device_out_of_memory_is_named_with_its_buffer(request):
    def body(compiled, bound, data) -> bool:
        peak = max(d.peak_bytes for d in mc.run_compiled(compiled, bound).stats.devices)
        if peak < 8:
            return False
        with pytest.raises(OutOfDeviceMemory) as info:
            bounded(mc.run_compiled, compiled, bound, device_memory=peak // 2, timeout=FAULT_TIMEOUT)
        err = info.value
        assert 0 <= err.device < compiled.schedule.mesh.num_devices and err.buffer
        assert err.requested > err.available
        assert f"device {err.device} is out of memory: buffer '{err.buffer}'" in str(err)
        assert device_threads() == []
        return True

    _faults(request, "device out of memory", body)


def test_a_run_after_a_fault_works_again():
    """The faults leave nothing behind that the next run of the same program would trip on."""
    module = mc.parse(ROWS)
    x = np.arange(80, dtype=np.float32).reshape(10, 8) / 16
    w = np.linspace(-1, 1, 48, dtype=np.float32).reshape(8, 6)
    with pytest.raises(RuntimeFailure):
        bounded(mc.run, module, [x, w], timeout=FAULT_TIMEOUT, hooks=TestHooks(skip_collective={(1, "c0")}))
    r = bounded(mc.run, module, [x, w], check=True)
    assert r.check_ok
    np.testing.assert_allclose(r.outputs[0], x @ w, rtol=1e-5, atol=1e-5)
    assert device_threads() == []


# -- 4-6: files ------------------------------------------------------------------------------------------------------


def meshc(*args) -> "object":
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def rows(tmp_path) -> Path:
    (tmp_path / "rows.mlir").write_text(ROWS)
    x = np.arange(80, dtype=np.float32).reshape(10, 8) / 16
    w = np.linspace(-1, 1, 48, dtype=np.float32).reshape(8, 6)
    np.savez(tmp_path / "in.npz", x=x, w=w)
    return tmp_path


def no_traceback(r) -> bool:
    return "Traceback" not in r.output and (r.exception is None or isinstance(r.exception, SystemExit))


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".meshc-"))


def test_run_works_through_the_cli(rows):
    r = meshc("run", rows / "rows.mlir", "--inputs", rows / "in.npz", "--check", "-o", rows / "out.npz")
    assert r.exit_code == 0, r.output
    x, w = np.load(rows / "in.npz")["x"], np.load(rows / "in.npz")["w"]
    np.testing.assert_allclose(np.load(rows / "out.npz")["result0"], x @ w, rtol=1e-5, atol=1e-5)


CORRUPTED = {"garbage": b"PK\x03\x04 this is not a zip archive " * 10,
             "bad-npy-header": b"\x93NUMPY\x01\x00\xff\x00{'descr': '<f4', 'fortran_order'",
             "empty": b"", "empty-npy": b""}


@pytest.mark.parametrize("how", ["garbage", "truncated", "bad-npy-header", "empty", "empty-npy"])
def test_a_corrupted_input_file_is_a_clear_error(rows, how):
    good = (rows / "in.npz").read_bytes()
    npy = how in ("bad-npy-header", "empty-npy")
    bad = rows / ("bad.npy" if npy else "bad.npz")
    bad.write_bytes(good[: len(good) // 2] if how == "truncated" else CORRUPTED[how])
    if npy:  # one argument from a .npy, the other from a good file
        np.save(rows / "w.npy", np.load(rows / "in.npz")["w"])
        r = bounded(meshc, "run", rows / "rows.mlir", "--input", f"x={bad}", "--input", f"w={rows / 'w.npy'}",
                    "-o", rows / "out.npz")
    else:
        r = bounded(meshc, "run", rows / "rows.mlir", "--inputs", bad, "-o", rows / "out.npz")
    assert r.exit_code == 1, r.output
    assert no_traceback(r), r.output
    assert str(bad) in r.output or bad.name in r.output, r.output
    assert not (rows / "out.npz").exists() and leftovers(rows) == []
    assert device_threads() == []


def test_a_corrupted_program_file_is_a_clear_error(rows):
    (rows / "bad.mlir").write_bytes(ROWS.encode()[: len(ROWS) // 2])
    r = meshc("run", rows / "bad.mlir", "--inputs", rows / "in.npz", "-o", rows / "out.npz")
    assert r.exit_code == 1 and no_traceback(r), r.output
    assert "bad.mlir:" in r.output  # a located parse error
    assert not (rows / "out.npz").exists()


def test_missing_inputs_are_clear_errors(rows):
    r = meshc("run", rows / "rows.mlir", "--inputs", rows / "nowhere.npz")
    assert r.exit_code == 1 and no_traceback(r) and "nowhere.npz" in r.output, r.output
    np.savez(rows / "only_x.npz", x=np.load(rows / "in.npz")["x"])
    r = meshc("run", rows / "rows.mlir", "--inputs", rows / "only_x.npz")
    assert r.exit_code == 1 and no_traceback(r), r.output
    assert "%w" in r.output or "'w'" in r.output or "argument" in r.output, r.output
    r = meshc("run", rows / "rows.mlir", "--input", f"x={rows / 'nowhere.npy'}")
    assert r.exit_code == 1 and no_traceback(r) and "nowhere.npy" in r.output, r.output
    r = meshc("run", rows / "nowhere.mlir", "--inputs", rows / "in.npz")
    assert r.exit_code == 1 and no_traceback(r) and "nowhere.mlir" in r.output, r.output
    np.save(rows / "x.npy", np.load(rows / "in.npz")["x"])
    r = meshc("run", rows / "rows.mlir", "--input", f"x={rows / 'x.npy'}")
    assert r.exit_code == 1 and no_traceback(r), r.output
    assert "missing input for argument(s) #1 (%w: tensor<8x6xf32>)" in r.output
    r = meshc("run", rows / "rows.mlir", "--input", f"x={rows / 'x.npy'}", "--input", f"nope={rows / 'x.npy'}")
    assert r.exit_code == 1 and no_traceback(r), r.output
    assert "no argument named '%nope' (arguments: %x, %w)" in r.output


@pytest.mark.parametrize("link", ["same", "symlink", "hardlink"])
def test_output_never_overwrites_an_input(rows, link):
    target = rows / "in.npz"
    before = target.read_bytes()
    if link == "same":
        out = target
    elif link == "symlink":
        out = rows / "alias.npz"
        os.symlink(target, out)
    else:
        out = rows / "alias.npz"
        os.link(target, out)
    r = meshc("run", rows / "rows.mlir", "--inputs", rows / "in.npz", "-o", out)
    assert r.exit_code == 1 and no_traceback(r), r.output
    assert "refusing to overwrite" in r.output
    assert target.read_bytes() == before and leftovers(rows) == []
    program = (rows / "rows.mlir").read_bytes()
    r = meshc("run", rows / "rows.mlir", "--inputs", rows / "in.npz", "-o", rows / "rows.mlir")
    assert r.exit_code == 1 and "refusing to overwrite" in r.output
    assert (rows / "rows.mlir").read_bytes() == program
    r = meshc("compile", rows / "rows.mlir", "-o", rows / "rows.mlir")
    assert r.exit_code == 1 and "refusing to overwrite" in r.output
    assert (rows / "rows.mlir").read_bytes() == program


def test_an_existing_output_survives_a_failed_run_and_is_replaced_after_success(rows):
    out = rows / "out.npz"
    np.savez(out, previous=np.array([42.0]))
    before = out.read_bytes()
    r = bounded(meshc, "run", rows / "rows.mlir", "--inputs", rows / "in.npz", "-o", out, "--device-memory", "64B")
    assert r.exit_code == 1 and no_traceback(r) and "out of memory" in r.output, r.output
    assert out.read_bytes() == before and leftovers(rows) == []
    assert device_threads() == []
    r = meshc("run", rows / "rows.mlir", "--inputs", rows / "in.npz", "-o", out)
    assert r.exit_code == 0, r.output
    assert list(np.load(out)) == ["result0"] and leftovers(rows) == []


def test_an_existing_compile_output_survives_a_failed_compile(rows):
    out = rows / "out.mlir"
    out.write_text("// previous output\n")
    (rows / "bad.mlir").write_text(ROWS.replace("[[], [0]]", "[[], [7]]"))  # mesh axis 7 of a 1-D mesh
    r = meshc("compile", rows / "bad.mlir", "-o", out)
    assert r.exit_code == 1 and no_traceback(r), r.output
    assert out.read_text() == "// previous output\n" and leftovers(rows) == []


def test_an_output_write_interrupted_midway_leaves_the_old_file(rows, monkeypatch):
    from meshc.runtime import io

    out = rows / "out.npz"
    np.savez(out, previous=np.array([1.0]))
    before = out.read_bytes()

    def half_then_fail(fh, **arrays):
        fh.write(b"PK\x03\x04 half an archive")
        raise KeyboardInterrupt  # the user pressed ^C while the outputs were written

    monkeypatch.setattr(io.np, "savez", half_then_fail)
    with pytest.raises(KeyboardInterrupt):
        io.write_outputs(str(out), [np.zeros(3, np.float32)])
    assert out.read_bytes() == before and leftovers(rows) == []
