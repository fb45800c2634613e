"""``meshc run`` errors about files: an output option pointing at an input names that option
(``-o``, ``--trace``), and input files that are not ``.npz``/``.npy`` files (random bytes, an
empty file, a damaged zip, pickled objects) are refused with a meshc error naming the file,
never numpy's message about pickles."""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

from meshc.cli import main
from meshc.commands._common import check_output_path
from meshc.ir.location import DiagnosticError
from meshc.runtime.io import InputFileError, load_array, load_npz

PROGRAM = """mesh.mesh @m(shape = 2)
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<4xf32>
  %y = arith.addf %xs, %xs : tensor<4xf32>
  return %y : tensor<4xf32>
}
"""

# seeded random bytes; the first byte 0x00 starts neither the .npy magic (0x93 'NUMPY') nor a zip header ('PK')
RANDOM = b"\x00" + np.random.default_rng(7).integers(0, 256, 999, dtype=np.uint8).tobytes()


def meshc(*args):
    return CliRunner().invoke(main, ["run", *map(str, args)])


@pytest.fixture
def files(tmp_path):
    (tmp_path / "p.mlir").write_text(PROGRAM)
    np.savez(tmp_path / "in.npz", x=np.arange(4, dtype=np.float32))
    return tmp_path


@pytest.mark.parametrize("option", ["-o", "--output", "--trace"])
def test_an_output_option_on_an_input_names_that_option(files, option):
    spelled = "-o" if option == "--output" else option  # the option's first spelling
    r = meshc(files / "p.mlir", "--inputs", files / "in.npz", option, files / "in.npz")
    assert r.exit_code == 1
    assert (f"error: refusing to overwrite the input file '{files / 'in.npz'}' with the output of {spelled} "
            f"(choose another {spelled} path)") in r.stderr
    assert np.load(files / "in.npz")["x"].tolist() == [0.0, 1.0, 2.0, 3.0]  # untouched


def test_an_output_option_on_the_program_or_a_directory(files):
    r = meshc(files / "p.mlir", "--inputs", files / "in.npz", "--trace", files / "p.mlir")
    assert r.exit_code == 1 and "output of --trace (choose another --trace path)" in r.stderr
    r = meshc(files / "p.mlir", "--inputs", files / "in.npz", "--trace", files)
    assert r.exit_code == 1 and f"error: output path '{files}' (--trace) is a directory" in r.stderr
    # outside a command, the caller names the option (default -o)
    with pytest.raises(DiagnosticError, match=r"output of --svg \(choose another --svg path\)"):
        check_output_path(str(files / "p.mlir"), str(files / "p.mlir"), "--svg")
    with pytest.raises(DiagnosticError, match=r"output of -o \(choose another -o path\)"):
        check_output_path(str(files / "p.mlir"), str(files / "p.mlir"))


BAD = {
    "random.npz": (RANDOM, "not a valid .npz/.npy file (it starts with neither the .npy magic"),
    "random.npy": (RANDOM, "not a valid .npz/.npy file (it starts with neither the .npy magic"),
    "empty.npz": (b"", "not a valid .npz/.npy file (the file is empty)"),
    "damaged.npz": (b"PK\x03\x04" + RANDOM, "not a valid .npz/.npy file (a damaged zip archive: "),
}


@pytest.mark.parametrize("name", sorted(BAD))
@pytest.mark.parametrize("how", ["--inputs", "--input", "--expected", "--reference"])
def test_a_file_that_is_not_npz_or_npy_is_named(files, name, how):
    data, message = BAD[name]
    bad = files / name
    bad.write_bytes(data)
    if how == "--inputs":
        r = meshc(files / "p.mlir", "--inputs", bad)
    elif how == "--input":
        r = meshc(files / "p.mlir", "--input", f"x={bad}")
    elif how == "--expected":
        r = meshc(files / "p.mlir", "--inputs", files / "in.npz", "--expected", bad)
    else:
        r = meshc(files / "p.mlir", "--reference", "--inputs", bad)
    assert r.exit_code == 1, r.output
    what = "--expected file" if how == "--expected" else "input file"
    assert f"error: could not read {what} '{bad}': {message}" in r.stderr
    assert "pickle" not in r.stderr and "Traceback" not in r.output


def test_pickled_objects_are_refused_by_name(tmp_path):
    path = tmp_path / "objects.npy"
    np.save(path, np.array([{"a": 1}, None], dtype=object), allow_pickle=True)
    with pytest.raises(InputFileError, match=rf"could not read input file '{path}': it holds Python objects "
                                             r"\(pickled data\), which meshc does not load"):
        load_array(str(path))
    with pytest.raises(InputFileError, match="does not exist"):
        load_npz(str(tmp_path / "missing.npz"))
    # a good .npz saved under a .npy name still loads (numpy reads the zip)
    with open(tmp_path / "zip.npy", "wb") as f:
        np.savez(f, x=np.arange(3, dtype=np.int32))
    assert load_array(str(tmp_path / "zip.npy")).tolist() == [0, 1, 2]


# -- comparisons: NaN positions and the --atol-scale hint (a new user's report) ---------------------------
NEWUSER = __import__("pathlib").Path(__file__).parent / "data" / "newuser"


def test_nan_mismatches_are_counted():
    # nan.mlir: sqrt of 10x4 inputs of which 21 are negative (NaN results); nan2.exp.npz is all NaN, so the
    # 40 - 21 = 19 finite results mismatch an expected NaN
    r = meshc(NEWUSER / "nan.mlir", "--inputs", NEWUSER / "nan.in.npz", "--expected", NEWUSER / "nan2.exp.npz")
    assert r.exit_code == 1
    assert "MISMATCH max abs err 0 max rel err 0 (19 NaN mismatch(es): 19 expected NaN, got a number)" in r.stdout
    assert "result0 vs 'y' (max abs err 0, 19 NaN mismatch(es))" in r.stderr


def test_nan_equals_nan(tmp_path):
    from meshc.runtime.io import compare

    got = np.array([np.nan, 1.0, np.inf], np.float32)
    (row,) = compare([got], {"result0": got.copy()})
    assert row.ok and row.nan_mismatches == 0 and row.max_abs == 0.0  # NaN == NaN, inf == inf
    (row,) = compare([got], {"result0": np.array([0.0, np.nan, np.inf], np.float32)})
    assert not row.ok and row.nan_mismatches == 2 and row.nan_expected == 1


def test_large_values_hint_at_atol_scale(tmp_path):
    from meshc.runtime.io import compare

    # as mlp_tensor_parallel --check: an error of 1.5e-4 (4.4 float32 rounding units of 285) on a small element
    want = np.array([285.0, 0.5], np.float32)
    got = np.array([285.0, 0.5 + 1.5e-4], np.float32)
    (row,) = compare([got], {"result0": want})
    assert not row.ok  # default tolerance unchanged: 1e-5 + 1e-4 * 0.5 = 6e-5 < 1.5e-4
    # needed atol x 285 >= err - rtol * 0.5 = 1.5e-4 - 5e-5 = 1e-4 (err within float32 rounding of 0.50015: 3e-8)
    assert abs(row.atol_scale_needed - 1e-4 / 285) < 1e-7 / 285 and row.max_expected == 285.0
    np.savez(tmp_path / "exp.npz", result0=want)
    program = tmp_path / "p.mlir"
    program.write_text("func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n  return %x : tensor<2xf32>\n}\n")
    np.save(tmp_path / "x.npy", got)
    r = meshc(program, "--input", f"x={tmp_path / 'x.npy'}", "--expected", tmp_path / "exp.npz", "--reference")
    assert r.exit_code == 1
    assert "hint: result0's max abs err" in r.stderr and "add --atol-scale (atol x max|expected| = 1e-05 x 285" \
        in r.stderr
    r = meshc(program, "--input", f"x={tmp_path / 'x.npy'}", "--expected", tmp_path / "exp.npz", "--reference",
              "--atol-scale")
    assert r.exit_code == 0, r.output


def test_a_real_mismatch_gets_no_hint(tmp_path):
    np.savez(tmp_path / "exp.npz", result0=np.array([285.0, 1.0], np.float32))
    program = tmp_path / "p.mlir"
    program.write_text("func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n  return %x : tensor<2xf32>\n}\n")
    np.save(tmp_path / "x.npy", np.array([290.0, 1.0], np.float32))  # 5 off: 1.5e5 float32 rounding units of 285
    r = meshc(program, "--input", f"x={tmp_path / 'x.npy'}", "--expected", tmp_path / "exp.npz", "--reference")
    assert r.exit_code == 1 and "max abs err 5" in r.stderr and "hint:" not in r.stderr
