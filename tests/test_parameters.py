"""meshc.frontends.parameters: #stream.parameter.named globals bound from .npz (and .safetensors when the
package is there), errors naming the global, inlining the data into the program."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.frontends.parameters import (ParameterError, inline_parameters, load_parameter_file, load_parameters,
                                        parameter_globals, parameter_ref, parse_parameter_option,
                                        resolve_parameters)
from meshc.ir import print_op

REAL = Path(__file__).parent / "data" / "real"
WEIGHTS = REAL / "onnx_mlp.weights.npz"


def onnx():
    return mc.parse(str(REAL / "onnx_mlp.linalg.mlir"))


def test_parse_parameter_option():
    assert parse_parameter_option("model=w.npz") == ("model", "w.npz")
    assert parse_parameter_option("w.npz") == ("", "w.npz")
    assert parse_parameter_option(" model = a/b.safetensors ") == ("model", "a/b.safetensors")
    with pytest.raises(ParameterError, match="expected SCOPE=FILE"):
        parse_parameter_option("model=")


def test_parameter_refs_of_the_onnx_model():
    refs = parameter_globals(onnx())
    assert [(r.global_op.sym_name, r.scope, r.key, str(r)) for r in refs] == [
        ("w1", "model", "w1", '"model"::"w1"'), ("b1", "model", "b1", '"model"::"b1"'),
        ("w2", "model", "w2", '"model"::"w2"')]
    assert parameter_ref(refs[0].global_op.attributes["type"]) is None


def test_unscoped_parameter():
    m = mc.parse('util.global private @v = #stream.parameter.named<"v"> : tensor<2xf32>\n', "u.mlir")
    (ref,) = parameter_globals(m)
    assert (ref.scope, ref.key) == ("", "v")
    v = np.array([1.5, -2.0], np.float32)
    assert resolve_parameters(m, {"": {"v": v}})["v"].tolist() == [1.5, -2.0]


def test_npz_resolution_equals_the_weights_file():
    m = onnx()
    values = resolve_parameters(m, load_parameters([f"model={WEIGHTS}"]))
    want = np.load(WEIGHTS)
    assert sorted(values) == ["b1", "w1", "w2"]  # b2 is an inline constant in the program
    for k in values:
        assert values[k].dtype == np.float32 and np.array_equal(values[k], want[k])


def test_run_with_parameters_matches_onnx():
    m = onnx()
    x = np.load(REAL / "onnx_mlp.inputs.npz")["x"]
    want = np.load(REAL / "onnx_mlp.expected.npz")["out"]
    got = mc.run_reference(m, [x], parameters=load_parameters([f"model={WEIGHTS}"])).outputs[0]
    assert np.allclose(got, want, rtol=1e-5, atol=1e-5)


def test_missing_key_names_the_global():
    w = dict(np.load(WEIGHTS))
    del w["b1"]
    with pytest.raises(ParameterError) as info:
        resolve_parameters(onnx(), {"model": w})
    err = info.value
    assert err.message == ('global @b1 reads parameter "model"::"b1" but scope \'model\' has no key \'b1\' '
                           "(keys: b2, w1, w2)")
    assert (err.location.line, err.location.col) == (3, 3)  # the util.global @b1


def test_missing_scope_names_the_global():
    with pytest.raises(ParameterError) as info:
        resolve_parameters(onnx(), {"weights": {}})
    assert info.value.message.startswith('global @w1 reads parameter "model"::"w1" but no parameters were given '
                                         "for scope 'model' (give --parameters model=FILE; scopes given: 'weights')")


def test_shape_and_dtype_mismatch():
    w = dict(np.load(WEIGHTS))
    with pytest.raises(ParameterError, match=r'global @w2: parameter "model"::"w2" has shape \[256, 1024\], '
                                             r"expected tensor<1024x256xf32>"):
        resolve_parameters(onnx(), {"model": {**w, "w2": w["w1"]}})
    with pytest.raises(ParameterError, match=r'global @b1: parameter "model"::"b1" has dtype float64, expected '
                                             r"float32 \(tensor<1024xf32>\)"):
        resolve_parameters(onnx(), {"model": {**w, "b1": w["b1"].astype(np.float64)}})


def test_several_files_per_scope(tmp_path):
    w = dict(np.load(WEIGHTS))
    a, b = tmp_path / "a.npz", tmp_path / "b.npz"
    np.savez(a, w1=w["w1"])
    np.savez(b, b1=w["b1"], w2=w["w2"])
    tables = load_parameters([f"model={a}", f"model={b}"])
    assert sorted(tables["model"]) == ["b1", "w1", "w2"] and len(tables["model"]) == 3
    assert np.array_equal(resolve_parameters(onnx(), tables)["w2"], w["w2"])
    with pytest.raises(ParameterError, match=f"parameter key 'w1' of scope 'model' is in both '{a}' and '{a}'"):
        load_parameters([f"model={a}", f"model={a}"])


def test_file_errors(tmp_path):
    with pytest.raises(ParameterError, match=r"parameter file 'w.irpa' is not .npz or .safetensors"):
        load_parameter_file("w.irpa")
    with pytest.raises(ParameterError, match="could not open parameter file '.*nothere.npz': no such file"):
        load_parameter_file(str(tmp_path / "nothere.npz"))
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip file")
    with pytest.raises(ParameterError, match="could not read parameter file"):
        load_parameter_file(str(bad))


def test_safetensors_without_the_package(tmp_path, monkeypatch):
    f = tmp_path / "w.safetensors"
    f.write_bytes(b"\0" * 16)
    monkeypatch.setitem(sys.modules, "safetensors", None)  # import fails as when it is not installed
    with pytest.raises(ParameterError) as info:
        load_parameter_file(str(f))
    assert "needs the 'safetensors' package, which is not installed (pip install safetensors)" in info.value.message


def test_safetensors_through_the_package_api(tmp_path, monkeypatch):
    """The reader uses safetensors' documented API (safe_open(path, framework="numpy"), keys(),
    get_tensor()); a stand-in module serves the onnx weights and records what is read."""
    w = dict(np.load(WEIGHTS))
    read: list[str] = []

    class Handle:
        def __init__(self, path, framework):
            assert framework == "numpy"
            self.path = path

        def keys(self):
            return list(w)

        def get_tensor(self, key):
            read.append(key)
            return w[key]

    fake = types.ModuleType("safetensors")
    fake.safe_open = Handle
    monkeypatch.setitem(sys.modules, "safetensors", fake)
    f = tmp_path / "w.safetensors"
    f.write_bytes(b"")
    tables = load_parameters([f"model={f}"])
    assert sorted(tables["model"]) == ["b1", "b2", "w1", "w2"] and read == []  # nothing read yet
    values = resolve_parameters(onnx(), tables)
    assert read == ["w1", "b1", "w2"]  # only what the program uses, once each
    assert all(np.array_equal(values[k], w[k]) for k in values)


def test_inline_parameters_makes_a_self_contained_program():
    m = onnx()
    tables = load_parameters([f"model={WEIGHTS}"])
    assert inline_parameters(m, tables) == ["w1", "b1", "w2"]
    text = print_op(m)
    assert "#stream.parameter.named" not in text
    again = mc.parse(text, "inlined.mlir")
    x = np.load(REAL / "onnx_mlp.inputs.npz")["x"]
    with_params = mc.run_reference(onnx(), [x], parameters=tables).outputs[0]
    assert np.array_equal(mc.run_reference(again, [x]).outputs[0], with_params)
