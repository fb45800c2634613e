"""Hypothesis properties of meshc.layout (issue: physical >= logical, ROW_MAJOR
with alignment 1 and no sharding is the 2-D logical shape, pages x page size =
buffer bytes), plus independent re-derivations of both rule sets."""

from __future__ import annotations

from math import prod

import numpy as np
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from meshc.layout import (
    CoreRangeSet,
    LayoutError,
    MemoryConfig,
    MemoryLayout,
    PageConfig,
    ShardSpec,
    TensorLayout,
    Tile,
    VALID_TILE_SHAPES,
    buffer_bytes,
    ceil_div,
    round_up,
)

DTYPES = ["bfloat16", "float32", "uint32", "int32", "uint16", "uint8", "bfloat8_b", "bfloat4_b", "float16", "int8"]
TILES = sorted(VALID_TILE_SHAPES)
KINDS = list(MemoryLayout)

shapes = st.lists(st.integers(0, 70), min_size=0, max_size=4).map(tuple)
positive_shapes = st.lists(st.integers(1, 70), min_size=1, max_size=4).map(tuple)


def logical_2d(shape):
    return (prod(shape[:-1]), shape[-1]) if shape else (1, 1)


@st.composite
def layouts(draw, rules=st.sampled_from(["seed", "physical", "physical-rm-unaligned"])):
    """(layout, shape) pairs that validate, over every dtype, tile and memory layout."""
    rule = draw(rules)
    dtype = draw(st.sampled_from(DTYPES))
    tiled = dtype.endswith("_b") or draw(st.booleans())
    page = PageConfig.tiled(Tile(*draw(st.sampled_from(TILES)))) if tiled else PageConfig.row_major()
    kind = draw(st.sampled_from(KINDS))
    shape = draw(positive_shapes if kind.is_sharded else shapes)
    align = draw(st.none() | st.lists(st.integers(1, 40), min_size=1, max_size=2).map(tuple))
    base = TensorLayout(dtype, page, MemoryConfig(), align, rule)
    spec = None
    if kind.is_sharded:
        ph, pw = base.physical_shape(shape)
        h, w = logical_2d(shape) if rule == "seed" else (ph, pw)
        unit_h, unit_w = page.tile.shape if (tiled and rule != "seed") else (1, 1)
        sh = unit_h * draw(st.integers(1, max(1, ceil_div(h, unit_h))))
        sw = unit_w * draw(st.integers(1, max(1, ceil_div(w, unit_w))))
        if kind is MemoryLayout.HEIGHT_SHARDED:
            sw = w if rule == "seed" else pw
        if kind is MemoryLayout.WIDTH_SHARDED:
            sh = h if rule == "seed" else ph
        nh, nw = ceil_div(h, sh), ceil_div(w, sw)
        grid = CoreRangeSet.grid(max(nh, 1), max(nw, 1))
        spec = ShardSpec((sh, sw), grid)
    try:
        layout = TensorLayout(dtype, page, MemoryConfig(memory_layout=kind, shard_spec=spec), align, rule)
        layout.report(shape)
    except LayoutError:
        assume(False)
    event(f"{rule} {kind.name} {'TILE' if tiled else 'ROW_MAJOR'}")
    return layout, shape


@settings(max_examples=400, deadline=None)
@given(layouts())
def test_physical_at_least_logical_and_pages_times_size(case):
    layout, shape = case
    r = layout.report(shape)
    (h, w), (ph, pw) = r.logical_2d_shape, r.physical_shape
    assert ph >= h and pw >= w
    assert r.buffer_bytes >= r.logical_bytes
    assert r.num_pages * r.page_size_bytes == r.buffer_bytes
    if layout.page_config.is_tiled:
        th, tw = layout.page_config.tile.shape
        assert ph % th == 0 and pw % tw == 0
        assert r.buffer_bytes == (ph * pw) // (th * tw) * layout.page_config.tile.bytes_for(layout.dtype)
    else:
        assert r.buffer_bytes >= ph * pw * layout.dtype.element_bytes
    if r.shard_count is not None:
        # every core reserves a full aligned shard, so the reservations cover the buffer
        assert r.bytes_per_core * r.num_shards >= r.buffer_bytes


@settings(max_examples=200, deadline=None)
@given(shapes, st.sampled_from(["float32", "int8", "uint16", "bfloat16"]), st.sampled_from(["seed", "physical"]))
def test_row_major_alignment_1_unsharded_is_logical_2d(shape, dtype, rules):
    for align in (None, (1,), (1, 1)):
        layout = TensorLayout(dtype, PageConfig.row_major(), MemoryConfig(), align, rules)
        assert layout.physical_shape(shape) == logical_2d(shape)


@settings(max_examples=300, deadline=None)
@given(layouts(rules=st.just("seed")))
def test_seed_rules_match_shard_by_shard_alignment(case):
    """Cut the 2-D shape shard by shard and align each one by itself."""
    layout, shape = case
    h, w = logical_2d(shape)
    align = layout.effective_alignment()
    ah, aw = (align[-2] if len(align) == 2 else 1), align[-1]
    spec = layout.memory_config.shard_spec
    sh, sw = spec.shape if spec is not None else (max(h, 1), max(w, 1))
    rows = [min(sh, h - i) for i in range(0, h, sh)]
    cols = [min(sw, w - j) for j in range(0, w, sw)]
    assert layout.physical_shape(shape) == (sum(round_up(r, ah) for r in rows), sum(round_up(c, aw) for c in cols))
    if spec is not None:
        assert layout.shard_count(shape) == (len(rows), len(cols))
        assert layout.physical_shard_shape(shape) == (round_up(sh, ah), round_up(sw, aw))


@settings(max_examples=300, deadline=None)
@given(layouts(rules=st.sampled_from(["physical", "physical-rm-unaligned"])))
def test_physical_rules_pad_each_matrix(case):
    """With a rank <= 2 alignment: height = prod(outer dims) x ru(dim -2), width = ru(dim -1)."""
    layout, shape = case
    align = layout.effective_alignment()
    ah, aw = (align[-2] if len(align) == 2 else 1), align[-1]
    full = (1, 1) + shape if len(shape) < 2 else shape
    full = full[-max(len(shape), 2):]
    assert layout.physical_shape(shape) == (prod(full[:-2]) * round_up(full[-2], ah), round_up(full[-1], aw))


@settings(max_examples=300, deadline=None)
@given(layouts(rules=st.just("physical")))
def test_physical_row_major_shards_are_whole_pages_of_the_physical_width(case):
    """Physical rules, sharded ROW_MAJOR (TT-Metal page_config.cpp): the width is a whole number of
    shard-width pages, so the buffer is exactly the physical shape."""
    layout, shape = case
    spec = layout.memory_config.shard_spec
    if layout.page_config.is_tiled or spec is None:
        return
    ph, pw = layout.physical_shape(shape)
    sw = spec.shape[1]
    assert pw % sw == 0 and pw >= logical_2d(shape)[1]
    assert layout.num_pages(shape) == ph * (pw // sw)
    assert layout.buffer_bytes(shape) == ph * pw * layout.dtype.element_bytes


@settings(max_examples=200, deadline=None)
@given(shapes, st.sampled_from(["float32", "float64", "int64", "int32", "int16", "uint8", "bool", "complex64"]))
def test_default_device_buffer_is_numpy_nbytes(shape, dtype):
    assert buffer_bytes(shape, dtype) == np.zeros(shape, dtype=dtype).nbytes


@settings(max_examples=200, deadline=None)
@given(shapes, st.sampled_from(["float32", "int8", "uint16"]))
def test_row_major_strides_are_numpy_strides(shape, dtype):
    layout = TensorLayout(dtype, PageConfig.row_major())
    itemsize = np.dtype(dtype).itemsize
    expected = tuple(s // itemsize for s in np.zeros(shape, dtype=dtype).strides) if all(shape) else None
    if expected is not None:
        assert layout.strides(shape) == expected


@settings(max_examples=200, deadline=None)
@given(layouts())
def test_strides_address_inside_the_physical_buffer(case):
    """The last element's offset lands inside [physical height x physical width]."""
    layout, shape = case
    try:
        strides = layout.strides(shape)
    except LayoutError:
        # only seed-rule shards padded in the middle have no strides
        spec = layout.memory_config.shard_spec
        assert layout.rules == "seed" and spec is not None
        assert layout.physical_shard_shape(shape) != spec.shape
        return
    ph, pw = layout.physical_shape(shape)
    if all(shape):
        last = sum((d - 1) * s for d, s in zip(shape, strides))
        assert last < ph * pw
