"""``meshc run --show``: the ``meshc show`` picture of the entry's values, sharded on the run's mesh,
printed after compiling and before running."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from meshc.cli import main

DATA = Path(__file__).parent / "data"


def meshc(*args):
    return CliRunner().invoke(main, [*map(str, args)])


def test_show_draws_arguments_and_results_before_the_run():
    r = meshc("run", "--show", DATA / "mlp_tensor_parallel.mlir", "--inputs", DATA / "mlp_tensor_parallel.inputs.npz")
    assert r.exit_code == 0, r.output  # --show without a %NAME does not take the input path as its value
    out = r.stdout
    titles = [line for line in out.splitlines() if line.startswith("%")]
    assert titles == ["%x: argument #0 in @mlp, tensor<64x256xf32>", "%w1: argument #1 in @mlp, tensor<256x1024xf32>",
                      "%b1: argument #2 in @mlp, tensor<1024xf32>", "%w2: argument #3 in @mlp, tensor<1024x256xf32>",
                      "%ys: result of mesh.shard, returned #0 in @mlp, tensor<64x256xf32>"]
    # W1 split by columns over 4 devices: 1024 / 4 = 256 columns each
    assert "  cols  dim 1 (1024): 4 shards over mesh axis 0, sizes 256, 256, 256, 256" in out
    assert out.index("inputs bound by name") < out.index("%x: argument #0") < out.index("ran @mlp_sharded")


def test_show_is_the_same_picture_as_meshc_show():
    path = DATA / "reshard_rows_to_cols.mlir"
    shown = meshc("show", path)
    r = meshc("run", path, "--random-inputs", "--show")
    assert shown.exit_code == 0 and r.exit_code == 0, r.output
    assert shown.stdout.strip() in r.stdout


def test_show_named_values_on_an_overridden_mesh_shape():
    r = meshc("run", DATA / "reshard_rows_to_cols.mlir", "--random-inputs", "--mesh-shape", "m=2", "--show", "%y",
              "--show", "%x")
    assert r.exit_code == 0, r.output
    titles = [line for line in r.stdout.splitlines() if line.startswith("%")]
    assert titles == ["%y: result of linalg.generic, returned #0 in @main, tensor<32x48xf32>",
                      "%x: argument #0 in @main, tensor<32x48xf32>"]
    # the run's mesh (2 devices, overriding the static 4): 48 columns in 2 shards of 24, 32 rows in 2 of 16
    assert "  mesh @m 2 (2 devices), sharding <@m, [[], [0]]>" in r.stdout
    assert "  cols  dim 1 (48): 2 shards over mesh axis 0, sizes 24, 24" in r.stdout
    assert "  rows  dim 0 (32): 2 shards over mesh axis 0, sizes 16, 16" in r.stdout
    assert "ran @main_sharded on mesh @m (shape 2, 2 devices)" in r.stdout


def test_show_on_a_dynamic_mesh_uses_the_given_shape():
    r = meshc("run", DATA / "dynamic_mesh_rowsum.mlir", "--random-inputs", "--mesh-shape", "m=3", "--show", "%x")
    assert r.exit_code == 0, r.output
    # 10 rows over 3 devices, balanced rule: 10 // 3 = 3 each, the last 10 % 3 = 1 shard one more
    assert "  rows  dim 0 (10): 3 shards over mesh axis 0, sizes 3, 3, 4" in r.stdout


def test_show_errors():
    r = meshc("run", DATA / "reshard_rows_to_cols.mlir", "--random-inputs", "--show", "%nope")
    assert r.exit_code == 1
    assert "no tensor value named '%nope' in @main after sharding propagation (its tensor values: %x, %e, %1, %y)" \
        in r.stderr
    assert "ran @" not in r.stdout
    r = meshc("run", DATA / "reshard_rows_to_cols.mlir", "--random-inputs", "--reference", "--show")
    assert r.exit_code == 1 and "--show applies to the sharded run; drop --reference" in r.stderr
