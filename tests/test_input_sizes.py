"""``--random-inputs`` sizes checked before anything is allocated (host memory, ``--device-memory``),
and random inputs made in their own dtype, chunk by chunk (meshc.runtime.io.random_inputs)."""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

import meshc.api as mc
import meshc.runtime.io as io
from meshc.cli import main
from meshc.ir.location import DiagnosticError

HUGE = """func.func @f(%x: tensor<4xf32>, %y: tensor<99999999999x99999999999xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
"""

SHARDED = """mesh.mesh @m(shape = 2)
func.func @f(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<1024x1024xf32>
  return %xs : tensor<1024x1024xf32>
}
"""


def specs_of(text: str) -> list:
    """The argument specs of the only function of ``text``."""
    from meshc.runtime.interpreter import entry_function

    return mc.entry_args(entry_function(mc.parse(text), None))


def run(tmp_path, text, *args):
    path = tmp_path / "p.mlir"
    path.write_text(text)
    return CliRunner().invoke(main, ["run", str(path), "--random-inputs", *args])


@pytest.mark.parametrize("extra", [[], ["--reference"]], ids=["sharded", "reference"])
def test_an_input_larger_than_any_host_is_refused_naming_the_argument(tmp_path, extra):
    r = run(tmp_path, HUGE, *extra)
    assert r.exit_code == 1, r.output
    assert ("error: argument #1 (%y: tensor<99999999999x99999999999xf32>) needs 36379788070.19 TiB "
            "(39999999999200000000004 B) for --random-inputs: more than the host's available memory") in r.output
    assert "Traceback" not in r.output and "internal error" not in r.output


def test_host_memory_is_checked_per_argument_and_in_total():
    specs = specs_of("func.func @f(%a: tensor<100000x100000xf32>) {\n  return\n}\n")
    with pytest.raises(DiagnosticError, match=r"argument #0 \(%a: tensor<100000x100000xf32>\) needs 37.25 GiB "
                                              r"\(40000000000 B\) for --random-inputs: more than the host's "
                                              r"available memory \(1.00 GiB\)"):
        io.check_input_sizes(specs, host_memory=1 << 30)
    two = specs_of("func.func @f(%a: tensor<256xf32>, %b: tensor<256xf32>) {\n  return\n}\n")
    io.check_input_sizes(two, host_memory=2048)  # 1024 B each, 2048 B together: fits
    with pytest.raises(DiagnosticError, match="the 2 arguments need 2.00 KiB .* together"):
        io.check_input_sizes(two, host_memory=2047)


def test_device_memory_of_all_devices_together_bounds_an_input(tmp_path):
    r = run(tmp_path, SHARDED, "--device-memory", "1MiB")
    assert r.exit_code == 1
    assert ("error: argument #0 (%x: tensor<1024x1024xf32>) needs 4.00 MiB (4194304 B) for --random-inputs: "
            "more than the memory of the 2 device(s) together (2 x 1.00 MiB, --device-memory)") in r.output
    fits = run(tmp_path, SHARDED, "--device-memory", "3MiB")  # 2 MiB shards in 3 MiB devices
    assert fits.exit_code == 0, fits.output


@pytest.mark.parametrize("dtype", ["f32", "f16", "bf16", "f64", "i8", "i32", "i1"])
def test_random_inputs_are_made_in_their_dtype_with_the_one_draw_values(monkeypatch, dtype):
    specs = specs_of(f"func.func @f(%a: tensor<37x3x{dtype}>, %b: tensor<5x{dtype}>) {{\n  return\n}}\n")
    monkeypatch.setattr(io, "RANDOM_CHUNK", 16)  # several chunks per argument, a partial last one
    got = io.random_inputs(specs, seed=3)
    rng = np.random.default_rng(3)  # the reference: one draw per argument, as before chunking
    for spec, g in zip(specs, got):
        dt = spec.dtype
        if dt == np.bool_:
            want = rng.integers(0, 2, size=spec.shape).astype(dt)
        elif np.issubdtype(dt, np.integer):
            want = rng.integers(-8, 8, size=spec.shape).astype(dt)
        else:
            want = (np.round(rng.uniform(-1, 1, size=spec.shape) * 256) / 256).astype(dt)
        assert g.dtype == dt and g.shape == tuple(spec.shape)
        assert np.array_equal(g.view(np.uint8), want.view(np.uint8))
