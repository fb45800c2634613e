"""Resharding never changes a tensor's values: ``x -> mesh.shard to B -> return`` compiled by
reshard (every strategy), partition (both forms) and unroll, then run through the unsharded
wrapper on the reference interpreter, gives ``x`` back -- for hand-picked hard cases (moves
between mesh axes, several dims, uneven shards, halos, explicit offsets, partial values,
peered groups) and for random shardings on N-D meshes."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meshc.api as api
from meshc.ir import print_op, verify
from meshc.parser import parse
from meshc.passes.manager import PassManager


def program(mesh: str, shape: tuple[int, ...], src: str, dst: str) -> str:
    t = "x".join(map(str, shape)) + "xf32"
    t_in, t_out = f"tensor<{t}, #mesh.shard<{src}>>", f"tensor<{t}, #mesh.shard<{dst}>>"
    return (f"{mesh}\nfunc.func @f(%x: {t_in}) -> {t_out} {{\n"
            f"  %y = mesh.shard %x to <{dst}> : {t_in} -> {t_out}\n  return %y : {t_out}\n}}\n")


def round_trip(text: str, strategy: str, form: str, shape: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    m = parse(text, "p.mlir")
    verify(m)
    PassManager.from_text(f"reshard{{strategy={strategy}}},partition{{form={form}}},unroll,canonicalize,cse").run(m)
    again = parse(print_op(m), "again.mlir")
    verify(again)
    x = np.random.default_rng(7).standard_normal(shape).astype(np.float32)
    return x, api.run_reference(again, [x]).outputs[0]


CASES = [
    ("mesh.mesh @m(shape = 2x3)", (5, 7), "@m, [[0]]", "@m, [[1]]"),
    ("mesh.mesh @m(shape = 2x3)", (5, 7), "@m, [[0]]", "@m, [[], [1]]"),
    ("mesh.mesh @m(shape = 2x3)", (6, 7), "@m, [[0], [1]]", "@m, [[1], [0]]"),
    ("mesh.mesh @m(shape = 2x3)", (6, 7), "@m, [[0, 1]]", "@m, [[], [1, 0]]"),
    ("mesh.mesh @m(shape = 2x3)", (6, 7), "@m, [[0, 1]]", "@m, [[]]"),
    ("mesh.mesh @m(shape = 2x3)", (6, 7), "@m, [[]], partial = sum[0, 1]", "@m, [[1], [0]]"),
    ("mesh.mesh @m(shape = 2x3)", (6, 7), "@m, [[]], partial = max[1]", "@m, [[0]]"),
    ("mesh.mesh @m(shape = 2x3, peered_memory_axes = [1])", (5, 7), "@m, [[1]], partial = sum[0]", "@m, [[0], [1]]"),
    ("mesh.mesh @m(shape = 2x3, peered_memory_axes = [1])", (5, 7), "@m, [[1]]", "@m, [[]], partial = sum[0]"),
    ("mesh.mesh @m(shape = 4, peered_memory_axes = [0])", (10, 3), "@m, [[0]]", "@m, [[], [0]]"),
    ("mesh.mesh @m(shape = 4)", (10, 3), "@m, [[0]]", "@m, [[0]], halo_sizes = [1, 2]"),
    ("mesh.mesh @m(shape = 4)", (10, 3), "@m, [[0]], halo_sizes = [1, 1]", "@m, [[], [0]]"),
    ("mesh.mesh @m(shape = 4)", (10, 3), "@m, [[0]], sharded_dims_offsets = [0, 1, 2, 3, 10]", "@m, [[0]]"),
    ("mesh.mesh @m(shape = 2)", (5, 4), "@m, [[0]]", "@m, [[]]"),  # upstream rejects 5 rows over 2
    ("mesh.mesh @m(shape = 3)", (2, 4), "@m, [[0]]", "@m, [[], [0]]"),  # 2 rows over 3: an empty shard
]


@pytest.mark.parametrize("form", ["for_all", "for_one"])
@pytest.mark.parametrize("strategy", ["collectives", "peer", "auto"])
@pytest.mark.parametrize("mesh, shape, src, dst", CASES)
def test_resharding_keeps_the_values(mesh, shape, src, dst, strategy, form):
    x, y = round_trip(program(mesh, shape, src, dst), strategy, form, shape)
    np.testing.assert_array_equal(y, x)


MESHES = [((4,), ()), ((2, 2), (1,)), ((2, 3), ()), ((3,), (0,)), ((2, 2), (0, 1))]


@st.composite
def shardings(draw, mesh_shape: tuple[int, ...], rank: int, kind: str) -> str:
    """A random valid sharding: each mesh axis unused, split on some dim (in random order), or partial."""
    axes = list(range(len(mesh_shape)))
    order = draw(st.permutations(axes))
    split: list[list[int]] = [[] for _ in range(rank)]
    partial = []
    for a in order:
        role = draw(st.integers(-2, rank - 1))  # -2 unused, -1 partial, else the dim
        if role == -1:
            partial.append(a)
        elif role >= 0:
            split[role].append(a)
    text = "@m, [" + ", ".join("[" + ", ".join(map(str, s)) + "]" for s in split) + "]"
    if partial:
        text += f", partial = {kind}[" + ", ".join(map(str, partial)) + "]"
    return text


@st.composite
def cases(draw):
    mesh_shape, peered = draw(st.sampled_from(MESHES))
    shape = tuple(draw(st.lists(st.integers(1, 7), min_size=1, max_size=2)))
    kind = draw(st.sampled_from(["sum", "max"]))
    src = draw(shardings(mesh_shape, len(shape), kind))
    dst = draw(shardings(mesh_shape, len(shape), kind))
    dims = "x".join(map(str, mesh_shape))
    mesh = f"mesh.mesh @m(shape = {dims}" + (f", peered_memory_axes = [{', '.join(map(str, peered))}]"
                                             if peered else "") + ")"
    return mesh, shape, src, dst, draw(st.sampled_from(["collectives", "peer", "auto"])), \
        draw(st.sampled_from(["for_all", "for_one"]))


@settings(max_examples=40, deadline=None, derandomize=True)
@given(cases())
def test_random_reshardings_keep_the_values(case):
    mesh, shape, src, dst, strategy, form = case
    x, y = round_trip(program(mesh, shape, src, dst), strategy, form, shape)
    np.testing.assert_allclose(y, x, rtol=1e-6, atol=1e-6)
