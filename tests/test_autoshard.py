"""meshc.autoshard: the --auto-shard advisor (issue 9) on the recorded JAX MLP."""

from __future__ import annotations

from pathlib import Path

import pytest

import meshc.api as mc
from meshc.autoshard import AutoShardError, AutoShardSpec, auto_shard, parse_auto_shard
from meshc.dialects.mesh import ShardOp

DATA = Path(__file__).parent / "data" / "real"


def _chosen(plan):
    return {d.target: d.split_axes for d in plan.decisions if d.split_axes is not None}


def test_parse_auto_shard():
    assert parse_auto_shard("tp=4") == AutoShardSpec("tp", 4)
    assert parse_auto_shard(" dp = 2 ") == AutoShardSpec("dp", 2)
    for bad in ("tp", "xx=2", "tp=0", "tp=-1", "tp=a"):
        with pytest.raises(AutoShardError):
            parse_auto_shard(bad)


def test_tp_column_then_row_parallel_mlp():
    module = mc.parse(str(DATA / "mlp.func.linalg.mlir"))
    plan = auto_shard(module, parse_auto_shard("tp=4"))
    # x @ w1 (+ b1) -> relu -> @ w2: w1 split on columns, its bias with it, w2 on rows
    assert _chosen(plan) == {"arg1": ((), (0,)), "arg2": ((0,),), "arg3": ((0,),)}
    by = {d.target: d for d in plan.decisions}
    assert by["arg1"].stored_bytes == 256 * 1024 * 4 // 4  # 262144 B: a quarter of w1
    # all_reduce of the row-parallel result (64x256 f32 = 65536 B) on 4 devices, as the reshard planner
    # counts it: each device receives 2 * (4 - 1) / 4 * 65536 = 98304 B
    assert by["arg3"].moved_bytes == 98304
    shards = [op for op in module.walk() if isinstance(op, ShardOp)]
    assert len(shards) == 3
    assert "row-parallel" in plan.explain() and "mesh @tp (shape 4)" in plan.explain()


def test_tp_globals_of_onnx_model():
    module = mc.parse(str(DATA / "onnx_mlp.linalg.mlir"))
    chosen = _chosen(auto_shard(module, parse_auto_shard("tp=2")))
    assert chosen["@w1"] == ((), (0,)) and chosen["@w2"] == ((0,),)


def test_dp_splits_batch_only():
    module = mc.parse(str(DATA / "mlp.func.linalg.mlir"))
    plan = auto_shard(module, parse_auto_shard("dp=2"))
    assert _chosen(plan) == {"arg0": ((0,),)}
    assert {d.target: d for d in plan.decisions}["arg0"].stored_bytes == 32 * 256 * 4  # 32768 B: half the batch


def test_no_matmul_stays_replicated():
    module = mc.parse(str(DATA / "layernorm.linalg.mlir"))
    plan = auto_shard(module, parse_auto_shard("tp=4"))
    assert _chosen(plan) == {}
    assert "no matmul" in plan.explain()
