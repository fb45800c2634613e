"""Encodings and shardings together: data tiling applied per device shard.

* a per-device program in the unrolled form (``mesh.for_one`` bodies, docs/pipeline.md stage 6) with
  encodings: propagation and materialization work inside each device's bodies, packed tensors cross
  from one for_one of a device to the next, and the program computes what the plain one does;
* a sharded program partitioned into ``mesh.for_all`` form, then data-tiled by set-encoding (local
  shapes and iteration sizes);
* encodings written before sharding travel inside distributed types; 'none' drops them there, while
  packing asks for per-device types (after unroll).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.dialects.iree_encoding import encoding_attr_of
from meshc.dialects.mesh import sharding_of
from meshc.ir import DiagnosticError, verify
from meshc.passes.base import PassContext
from meshc.passes.manager import PassManager
from meshc.runtime.interpreter import Device

DATA = Path(__file__).parent / "data" / "encoding"
PARTITION = "sharding-propagation,distribute-types,reshard,partition"


def compile_(path, pipeline: str):
    m = mc.parse(str(path))
    PassManager.from_text(pipeline, PassContext()).run(m)
    verify(m)
    return m


@pytest.mark.parametrize("target,m0,n0", [("x86-generic", 8, 4), ("x86-avx2", 8, 8), ("x86-avx512", 16, 16)])
def test_unrolled_program_packs_per_device(target, m0, n0):
    path = DATA / "unrolled.mlir"
    rng = np.random.default_rng(4)
    x = rng.standard_normal((24, 24)).astype(np.float32)
    w = rng.standard_normal((24, 40)).astype(np.float32)
    m = compile_(path, f"propagate-encodings,materialize-encodings{{target={target}}},canonicalize,cse")
    sharded = next(o for o in m.body.ops if getattr(o, "sym_name", None) == "main_sharded")
    for_ones = [o for o in sharded.body.ops if o.name == "mesh.for_one"]
    assert len(for_ones) == 4
    # each device's LHS shard (12x24, M = 12 -> M0 = min(m0, 16)) leaves its first for_one packed
    m0 = min(m0, 16)
    assert [str(f.results[0].type) for f in for_ones[:2]] == [f"tensor<{-(-12 // m0)}x24x{m0}x1xf32>"] * 2
    for f in for_ones[2:]:
        names = [o.name for o in f.walk()]
        assert names.count("linalg.mmt4d") == 1 and names.count("linalg.unpack") == 1
    assert not any(o.name.startswith("iree_encoding.") for o in m.walk())
    out = mc.run_reference(m, [x, w]).outputs[0]
    np.testing.assert_allclose(out, np.exp(x) @ w, rtol=1e-4, atol=1e-4)


def test_partitioned_program_data_tiled_inside_for_all():
    m = compile_(DATA / "sharded_matmul.mlir", PARTITION + ",set-encoding,propagate-encodings,"
                 "materialize-encodings{target=x86-avx2},canonicalize,cse")
    mm = next(o for o in m.walk() if o.name == "linalg.mmt4d")
    assert mm.parent_op.name == "mesh.for_all"
    # the device's rows: 24 / 2 = 12 -> M1 = ceil(12 / 8) = 2; N = 20 -> N1 = 3; K = 32
    assert [str(v.type) for v in mm.operands] == ["tensor<2x32x8x1xf32>", "tensor<3x32x8x1xf32>",
                                                  "tensor<2x3x8x8xf32>"]
    rng = np.random.default_rng(0)
    x = rng.standard_normal((24, 32)).astype(np.float32)
    w = rng.standard_normal((32, 20)).astype(np.float32)
    # device 0 computes its shard (rows 0..11); the reference interpreter runs a for_all for one device
    r = mc.run_reference(m, [x, w], device=Device(coords={"m": (0,)}))
    np.testing.assert_allclose(r.outputs[0], (np.exp(x) @ w)[:12], rtol=1e-4, atol=1e-4)
    assert r.kernels["linalg.pack"] == 3 and r.kernels["linalg.unpack"] == 1


def test_encodings_written_before_sharding():
    m = compile_(DATA / "sharded_exp_matmul.mlir", PARTITION)
    encoded = [r.type for o in m.walk() for r in o.results if encoding_attr_of(r.type) is not None]
    assert encoded and any(sharding_of(t) is not None for t in encoded)
    # 'none' drops the encodings and keeps the shardings
    m = compile_(DATA / "sharded_exp_matmul.mlir", PARTITION + ",propagate-encodings,materialize-encodings")
    types = [r.type for o in m.walk() for r in o.results]
    assert not any(encoding_attr_of(t) is not None for t in types)
    assert any(sharding_of(t) is not None for t in types)
    # packing a distributed (global-view) tensor is refused with a located error
    m = mc.parse(str(DATA / "sharded_exp_matmul.mlir"))
    PassManager.from_text(PARTITION, PassContext()).run(m)
    with pytest.raises(DiagnosticError, match=r"materialize-encodings runs on per-device programs \(after unroll\)"):
        PassManager.from_text("materialize-encodings{target=x86-avx2}", PassContext()).run(m)
