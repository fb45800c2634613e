"""``materialize-encodings``: turn data-tiling encodings into packed layouts.

After IREE's CPU materialization (``MaterializeEncodingIntoPackUnPack``,
``CPUEncodingExternalModels``): every tensor whose type carries an
``#iree_encoding.encoding`` of a matmul becomes a *packed* tensor
(``linalg.pack`` layout) and the encoding disappears from the types:

* ``set_encoding`` -> ``linalg.pack`` (zero padding at the edges),
  ``unset_encoding`` -> ``linalg.unpack``;
* ``linalg.matmul`` / ``batch_matmul`` (and their transposed forms) on
  encoded operands -> ``linalg.mmt4d`` / ``batch_mmt4d``: LHS stored
  ``M1xK1xM0xK0``, RHS N-major ``N1xK1xN0xK0``, result ``M1xN1xM0xN0``;
* ops that propagation moved onto encoded tensors are rewritten on packed
  ones: ``tensor.empty``, ``linalg.fill``, named elementwise ops and
  ``linalg.map`` keep their form when all their tensors share one layout;
  ``linalg.generic``/``reduce``/``transpose``/``broadcast`` become a
  ``linalg.generic`` over the packed iteration space (each tiled loop gets
  an inner loop); reshapes that add or drop unit dims become
  collapse/expand of the packed tensors; encoded constants are packed;
  globals, loads, stores, function signatures, calls and the results of
  ``mesh.for_one`` (per-device values of unrolled programs) are retyped, and
  so is ``arith.select`` between two tensors of one layout; an unrolled
  ``mesh.all_reduce`` of whole-tensor shards (a K-split matmul's partial
  accumulators) reduces the packed shards as they are.

Layout of a tensor (from its encoding's composed ``user_indexing_maps``
entry and the roles of the contraction loops, see
:func:`meshc.interfaces.encoding.contraction_roles`): the dims indexed by a
loop of a role this operand is tiled on (LHS: M, K; RHS: N, K; result: M, N)
are tiled; the outer dims are the untiled dims in order, then the tiled dims
in role order; the inner tiles follow in role order. So every operand of one
contraction, and every tensor propagation derived from it, agrees on the
tiling of each loop.

Tile sizes M0xN0xK0 (``target`` option): ``x86-generic`` 8x4x1, ``x86-avx2``
8x8x1, ``x86-avx512`` 16x16x1 (IREE's f32 x86 tiles; meshc uses them for
every element type). M0 shrinks to the next power of two >= M when the
encoding's ``iteration_sizes`` give a smaller M (IREE's narrow-M tiles).
K0 is 1 on every target, so K is never padded: padding values produced by
elementwise ops on padded tiles (exp(0) = 1) only reach padded rows and
columns of results, which unpack drops. ``none`` drops every encoding
(set/unset_encoding become no-ops), as IREE's ``materialize-encoding-into-nop``.

Encodings other than a matmul ``#iree_encoding.encoding`` are dropped (with
a remark). Packing needs static shapes and per-device (unsharded) types: run
after ``unroll`` (encoding ops whose source is static are first given static
results: :func:`meshc.passes.propagate_encodings.refine_static_shapes`).
Errors (located): dynamic or sharded encoded tensors, an op without a rule
holding encoded tensors, operands whose layouts disagree, a collective other
than such an all_reduce on packed shards.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace as dc_replace
from typing import Optional

import numpy as np

from meshc.dialects.iree_encoding import EncodingAttr, data_tiling_encoding_of, has_data_tiling, with_data_tiling_encoding
from meshc.dialects.linalg import StructuredOp
from meshc.dialects.mesh import UNROLLED_ATTR, sharding_of, storage_pieces, with_sharding
from meshc.dialects.tensor import i64_array, segment_sizes
from meshc.interfaces.encoding import MATMUL_ROLES, contraction_roles
from meshc.ir.affine import AffineMap, DimExpr
from meshc.ir.attributes import (AffineMapAttr, ArrayAttr, DenseArrayAttr, DenseElementsAttr, FloatAttr, IntegerAttr,
                                 StringAttr, SymbolRefAttr, TypeAttr)
from meshc.ir.core import Block, Operation, Region, Value, op_class
from meshc.ir.types import I64, FloatType, FunctionType, TensorType, Type
from meshc.passes.base import Option, Pass

TARGETS: dict[str, Optional[tuple[int, int, int]]] = {
    "none": None,
    "x86-generic": (8, 4, 1),
    "x86-avx2": (8, 8, 1),
    "x86-avx512": (16, 16, 1),
}
"""Target -> f32 matmul tile sizes (M0, N0, K0); None: drop encodings."""


RETYPED = ("tensor.empty", "util.global.load", "util.global.store", "func.call", "util.call", "func.return",
           "util.return", "mesh.for_one", "mesh.yield")
"""Ops that hold packed tensors as they are: their encoded result types
become packed types (a ``mesh.for_one`` of an unrolled program yields a
device's packed tensor to the next for_one of that device)."""


class MaterializeError(ValueError):
    """An encoded tensor that cannot be given a packed layout."""


@dataclass(frozen=True)
class PackedLayout:
    """A ``linalg.pack`` layout: ``outer_dims_perm`` (packed outer dim i is
    logical dim perm[i]), ``inner_dims_pos`` (the tiled logical dims, in
    inner-tile order) and ``inner_tiles`` (elements per tile)."""

    outer_dims_perm: tuple[int, ...]
    inner_dims_pos: tuple[int, ...]
    inner_tiles: tuple[int, ...]

    def tile_of(self, dim: int) -> Optional[int]:
        """The tile size of logical dim ``dim`` (None: untiled)."""
        for d, t in zip(self.inner_dims_pos, self.inner_tiles):
            if d == dim:
                return t
        return None

    def packed_shape(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        """Packed dims of a static logical shape: outer dims (ceil(n / tile)
        for tiled ones) in ``outer_dims_perm`` order, then the tiles."""
        outer = []
        for d in self.outer_dims_perm:
            t = self.tile_of(d)
            outer.append(shape[d] if t is None else -(-shape[d] // t))
        return tuple(outer) + self.inner_tiles


def next_power_of_two(n: int) -> int:
    p = 1
    while p < n:
        p *= 2
    return p


def tile_sizes(encoding: EncodingAttr, target: str) -> dict[str, int]:
    """Role -> tile size for ``target`` (see the module docstring).

    Raises:
        MaterializeError: an unknown target.
    """
    if target not in TARGETS or TARGETS[target] is None:
        raise MaterializeError(f"no tile sizes for target '{target}'")
    m0, n0, k0 = TARGETS[target]  # type: ignore[misc]
    roles = contraction_roles(encoding)
    sizes = encoding.iteration_sizes
    if sizes is not None:
        for loop, role in roles.items():
            if role == "m" and sizes[loop] is not None and sizes[loop] > 0:  # type: ignore[operator]
                m0 = min(m0, next_power_of_two(sizes[loop]))  # type: ignore[arg-type]
    return {"m": m0, "n": n0, "k": k0}


def packed_layout(t: TensorType, target: str) -> Optional[PackedLayout]:
    """The packed layout of encoded tensor type ``t`` on ``target``; None
    when the encoding is dropped (target ``none``, or not a matmul encoding).

    Raises:
        MaterializeError: the encoding's map does not fit ``t``, or two dims
            of ``t`` have one role.
    """
    enc = data_tiling_encoding_of(t)
    if TARGETS.get(target) is None or not isinstance(enc, EncodingAttr) or enc.op_type not in ("matmul", None):
        return None
    roles = contraction_roles(enc)
    if not roles or enc.operand_map is None:
        return None
    m = enc.operand_map
    if m.num_results != t.rank:
        raise MaterializeError(f"the encoding's map {m} has {m.num_results} results for a tensor of rank {t.rank}")
    order = MATMUL_ROLES.get(enc.operand_index, ())
    by_role: dict[str, int] = {}
    for d, r in enumerate(m.results):
        role = roles.get(r.position) if isinstance(r, DimExpr) else None
        if role in order:
            if role in by_role:
                raise MaterializeError(f"dims {by_role[role]} and {d} of {t} both have role {role.upper()}")
            by_role[role] = d  # type: ignore[index]
    tiles = tile_sizes(enc, target)
    tiled = [by_role[r] for r in order if r in by_role]
    untiled = [d for d in range(t.rank) if d not in tiled]
    return PackedLayout(tuple(untiled + tiled), tuple(tiled), tuple(tiles[r] for r in order if r in by_role))


def _zero(elem) -> object:
    return FloatAttr(0.0, elem) if isinstance(elem, FloatType) else IntegerAttr(0, elem)


def _squeeze_groups(shape: tuple[int, ...]) -> list[list[int]]:
    """Reassociation collapsing ``shape`` to its non-unit dims (unit dims
    join the next group, trailing ones the last; all-unit: rank 0)."""
    groups: list[list[int]] = []
    cur: list[int] = []
    for i, s in enumerate(shape):
        cur.append(i)
        if s != 1:
            groups.append(cur)
            cur = []
    if cur and groups:
        groups[-1].extend(cur)
    return groups


class MaterializeEncodings(Pass):
    """See the module docstring."""

    name = "materialize-encodings"
    summary = "Turn data-tiling encodings into pack / mmt4d / unpack (or drop them)"
    op_names = ("builtin.module",)
    options = (Option("target", str, "none", "Materialization target (tile sizes); 'none' drops encodings",
                      tuple(TARGETS)),)

    def __init__(self, context=None, **values):
        super().__init__(context, **values)
        self.target_given = "target" in values

    def effective_target(self) -> str:
        """The ``target`` option, else the driver's ``--target`` (``PassContext.target``), else ``none``."""
        if self.target_given:
            return self.target
        return getattr(self.context, "target", None) or self.target

    def run(self, op: Operation) -> None:
        from meshc.passes.propagate_encodings import refine_static_shapes

        self.tgt = self.effective_target()
        if self.tgt not in TARGETS:
            raise self.error(op, f"unknown materialization target '{self.tgt}' (expected {', '.join(TARGETS)})")
        if not has_data_tiling(op):
            self.mark_all_preserved()  # no encoding anywhere: every rule below is the identity
            return
        if self.tgt != "none":
            refine_static_shapes(op)  # uneven shards after unroll: packing needs static shapes
        self.orig: dict[Value, TensorType] = {}
        self._layouts: dict[TensorType, Optional[PackedLayout]] = {}
        self.dropped: set = set()
        self.structure: dict[Operation, tuple] = {}
        for inner in op.walk():
            if isinstance(inner, StructuredOp):  # implicit maps depend on operand types: read them before retyping
                self.structure[inner] = (inner.indexing_maps(), inner.iterator_types())
            for r in inner.results:
                self._remember(r)
            for region in inner.regions:
                for block in region.blocks:
                    for a in block.args:
                        self._remember(a)
        for inner in list(op.regions[0].blocks[0].ops):
            self._top_level(inner)

    # -- types ---------------------------------------------------------------------
    def _remember(self, v: Value) -> None:
        if isinstance(v.type, TensorType) and data_tiling_encoding_of(v.type) is not None:
            self.orig[v] = v.type

    def layout(self, t: TensorType, where: Operation) -> Optional[PackedLayout]:
        if t not in self._layouts:
            try:
                lay = packed_layout(t, self.tgt)
            except MaterializeError as err:
                raise self.error(where, f"cannot materialize '{t}': {err}") from None
            enc = data_tiling_encoding_of(t)
            if lay is None and self.tgt != "none" and enc is not None and str(enc) not in self.dropped:
                self.dropped.add(str(enc))
                self.remark(where, f"encoding {enc} is not a matmul encoding: dropped")
            self._layouts[t] = lay
        return self._layouts[t]

    def layout_of(self, v: Value, where: Operation) -> Optional[PackedLayout]:
        t = self.orig.get(v)
        return None if t is None else self.layout(t, where)

    def convert(self, t, where: Operation):
        """The materialized type of ``t`` (packed, or without its encoding)."""
        if not isinstance(t, TensorType) or data_tiling_encoding_of(t) is None:
            return t
        lay = self.layout(t, where)
        if lay is None:
            return with_data_tiling_encoding(t, None)
        if sharding_of(t) is not None:
            raise self.error(where, f"cannot pack the sharded tensor '{t}': materialize-encodings runs on per-device "
                                    "programs (after unroll)")
        if not t.has_static_shape:
            raise self.error(where, f"cannot pack '{t}': packing needs a static shape")
        return TensorType(lay.packed_shape(t.shape), t.element_type)  # type: ignore[arg-type]

    def _retype_results(self, op: Operation) -> None:
        for r in op.results:
            r.type = self.convert(r.type, op)

    def _replace(self, op: Operation, values: list[Value]) -> None:
        for r, v in zip(op.results, values):
            if r in self.orig:
                self.orig[v] = self.orig[r]
            if v.name_hint is None:
                v.name_hint = r.name_hint
            r.replace_all_uses_with(v)
        op.erase()

    # -- walking -------------------------------------------------------------------
    def _top_level(self, op: Operation) -> None:
        name = op.name
        if name in ("func.func", "util.func"):
            self._function(op)
        elif name == "util.global":
            t = op.type  # type: ignore[attr-defined]
            new = self.convert(t, op)
            if new != t:
                if op.initial_value is not None and self.layout(t, op) is not None:  # type: ignore[attr-defined]
                    sym = op.sym_name  # type: ignore[attr-defined]
                    raise self.error(op, f"cannot pack the initial value of global @{sym}; set the encoding in a "
                                         "util.initializer instead")
                op.attributes["type"] = TypeAttr(new)
        else:
            for region in op.regions:
                self._region(region)

    def _function(self, func: Operation) -> None:
        ftype = func.function_type  # type: ignore[attr-defined]
        if func.is_declaration:  # type: ignore[attr-defined]
            func.set_function_type(FunctionType(tuple(self.convert(t, func) for t in ftype.inputs),  # type: ignore
                                                tuple(self.convert(t, func) for t in ftype.results)))
            return
        for a in func.regions[0].blocks[0].args:
            a.type = self.convert(a.type, func)
        self._region(func.regions[0])
        inputs = tuple(a.type for a in func.regions[0].blocks[0].args)
        results = tuple(self.convert(t, func) for t in ftype.results)
        func.set_function_type(FunctionType(inputs, results))  # type: ignore[attr-defined]

    def _region(self, region: Region) -> None:
        owner = region.parent
        for i, block in enumerate(region.blocks):
            if not (i == 0 and owner is not None and owner.name in ("func.func", "util.func")):
                for a in block.args:
                    if a in self.orig and self.layout(self.orig[a], owner) is not None:  # type: ignore[arg-type]
                        raise self.error(owner, f"cannot pack the encoded block argument #{a.index} of "  # type: ignore
                                                f"'{owner.name}'")  # type: ignore[union-attr]
                    a.type = self.convert(a.type, owner)  # type: ignore[arg-type]
            for op in list(block.ops):
                self._op(op)

    def _op(self, op: Operation) -> None:
        name = op.name
        encoded_in = [v for v in op.operands if v in self.orig]
        encoded_out = [r for r in op.results if r in self.orig]
        if name == "iree_encoding.set_encoding":
            return self._set_encoding(op)
        if name == "iree_encoding.unset_encoding":
            return self._unset_encoding(op)
        if not encoded_in and not encoded_out:
            if not isinstance(op, StructuredOp):
                for region in op.regions:
                    self._region(region)
            return None
        layouts = [self.layout_of(v, op) for v in encoded_in + encoded_out]
        if UNROLLED_ATTR in op.attributes:  # an N-operand collective of an unrolled program
            return self._collective(op, layouts)
        if all(lay is None for lay in layouts):  # encodings dropped: same shapes, strip the types
            self._retype_results(op)
            value = op.attributes.get("value")
            if isinstance(value, DenseElementsAttr) and op.results:
                op.attributes["value"] = DenseElementsAttr(op.results[0].type, value.array)  # type: ignore[arg-type]
            if not isinstance(op, StructuredOp):
                for region in op.regions:
                    self._region(region)
            return None
        for v in encoded_in + encoded_out:
            t = self.orig[v]
            if sharding_of(t) is not None and self.layout(t, op) is not None:
                raise self.error(op, f"cannot pack the sharded tensor '{t}': materialize-encodings runs on "
                                     "per-device programs (after unroll)")
        if isinstance(op, StructuredOp):
            return self._structured(op)
        if name == "arith.select":
            return self._select(op)
        if name in RETYPED:
            self._retype_results(op)
            for region in op.regions:
                self._region(region)
            return None
        if name == "arith.constant":
            return self._constant(op)
        if name in ("tensor.expand_shape", "tensor.collapse_shape"):
            return self._reshape(op)
        raise self.error(op, f"cannot materialize encodings on '{name}' (no rule for packed tensors)")

    def _collective(self, op: Operation, layouts: list) -> None:
        """An unrolled collective (``global_types`` = [source, result] global types) on encoded
        shards (docs/pipeline.md stage 6).

        * Dropped encodings: the types and the global types lose them.
        * Packed shards of an ``all_reduce`` whose operands and results share one packed layout,
          where each device's packed shard is its piece of the packed global tensor
          (:meth:`_packed_globals`): the all_reduce runs on the packed data as it is. The devices of
          one reduction group hold the same logical region (only the partial axes differ), so their
          packed tiles line up and an elementwise combine of packed data combines the logical
          values; zero padding combines with zero padding only and is dropped by the unpack. A
          K-split matmul's partial accumulators take this path.
        * Any other collective on packed shards (all_gather, all_to_all, reduce_scatter, all_slice,
          update_halo, or an all_reduce whose packed shards are not pieces of one packed tensor):
          it moves parts of a tensor by logical coordinates, so each packed operand is unpacked
          (``linalg.unpack`` in a ``mesh.for_one`` of its owner) before the collective, which then
          runs on plain shards; each result is packed again after it (``linalg.pack`` in a
          ``mesh.for_one`` of its owner) unless all its users are ``unset_encoding`` ops, which then
          become no-ops. Source of the rule: an IREE encoding is a per-tensor layout, and
          collectives address elements by logical index (seed 000's global view)."""
        globals_ = [a.type for a in op.attributes[UNROLLED_ATTR]]  # type: ignore[attr-defined]
        if all(lay is None for lay in layouts):
            new = [with_data_tiling_encoding(g, None) for g in globals_]
        else:
            new = self._packed_globals(op, globals_) if op.name == "mesh.all_reduce" else None
            if new is None:
                return self._collective_on_plain(op, globals_)
        op.attributes[UNROLLED_ATTR] = ArrayAttr(tuple(TypeAttr(g) for g in new))
        self._retype_results(op)

    def _packed_globals(self, op: Operation, globals_: list[TensorType]) -> Optional[list[TensorType]]:
        """The packed global types of an all_reduce on packed shards, or None when the packed
        shards are not the pieces of one packed tensor. Packed global type: the packed shape of the
        global shape; logical dim ``d``'s split axes go to its packed outer dim (``outer_dims_perm``),
        the inner tiles are not split. Every operand and result must share one packed layout and
        have the packed shape of its piece of that type (a split dim whose shards are not whole
        tiles, e.g. 64 rows over 3 devices with 8-row tiles, fails this)."""
        values = list(op.operands) + list(op.results)
        lays = {self.layout_of(v, op) if v in self.orig else None for v in values}
        if len(lays) != 1 or None in lays:
            return None
        lay = next(iter(lays))
        new = []
        for g in globals_:
            s = sharding_of(g)
            if s is None or s.halo_sizes or s.sharded_dims_offsets:
                return None
            split = tuple(s.split_axes[d] if d < len(s.split_axes) else () for d in lay.outer_dims_perm)
            packed = TensorType(lay.packed_shape(g.shape), g.element_type)
            new.append(with_sharding(packed, dc_replace(s, split_axes=split + ((),) * len(lay.inner_tiles))))
        mesh = op.mesh_op().as_mesh()  # type: ignore[attr-defined]
        for vals, g in ((op.operands, new[0]), (op.results, new[1])):
            pieces = storage_pieces(g, mesh)
            if len(pieces) != len(vals):
                return None
            for v, piece in zip(vals, pieces):
                if tuple(self.convert(self.orig[v], op).shape) != tuple(piece.shape):
                    return None
        return new

    def _on_device(self, op: Operation, mesh: Operation, device: int, value: Value, build) -> Value:
        """``mesh.for_one`` of ``device`` on ``mesh`` inserted before ``op``, yielding
        ``build(value, near)`` (``build`` inserts its ops before ``near``, the for_one's terminator)."""
        coords = mesh.as_mesh().device_coords(device)
        block = Block()
        term = block.append(Operation.create([value], [], location=op.location, name="mesh.yield"))
        out = build(value, term)
        term.set_operand(0, out)
        one = op_class("mesh.for_one").create([], [out.type], {"mesh": SymbolRefAttr(mesh.sym_name),
                                                               "device": DenseArrayAttr(I64, coords)},
                                             regions=[Region([block])], location=op.location)
        op.parent.insert_before(op, one)  # type: ignore[union-attr]
        one.results[0].name_hint = value.name_hint
        return one.results[0]

    def _collective_on_plain(self, op: Operation, globals_: list[TensorType]) -> None:
        """Unpack the packed operands of ``op``, run it on plain shards, pack its results again
        (see :meth:`_collective`)."""
        mesh_op = op.mesh_op()  # type: ignore[attr-defined]
        mesh = mesh_op.as_mesh()
        plain = [with_data_tiling_encoding(g, None) for g in globals_]
        src_pieces, dst_pieces = storage_pieces(globals_[0], mesh), storage_pieces(globals_[1], mesh)
        for i, (v, piece) in enumerate(zip(list(op.operands), src_pieces)):
            lay = self.layout_of(v, op)
            if lay is None:
                continue
            t = with_data_tiling_encoding(self.orig[v], None)
            op.set_operand(i, self._on_device(op, mesh_op, piece.owner, v,
                                              lambda src, near, lay=lay, t=t: self._unpack(src, lay, t, near)))
        op.attributes[UNROLLED_ATTR] = ArrayAttr(tuple(TypeAttr(g) for g in plain))
        self.remark(op, f"'{op.name}' runs on unpacked shards: the encoded operands are unpacked before it and "
                        "its results packed again")
        block = op.parent
        anchor = block.ops[block.index_of(op) + 1]  # type: ignore[union-attr]  # the terminator at least follows
        for r, piece in zip(list(op.results), dst_pieces):
            t = self.orig.pop(r, None)
            if t is None:
                continue
            r.type = with_data_tiling_encoding(t, None)
            lay = self.layout(t, op)
            if lay is None or all(u.name == "iree_encoding.unset_encoding" for u in r.users):
                continue
            users = set(r.users)
            packed_t = self.convert(t, op)
            packed = self._on_device(anchor, mesh_op, piece.owner, r,
                                     lambda src, near, lay=lay, pt=packed_t: self._pack(src, lay, pt, near))
            self.orig[packed] = t
            r.replace_uses_if(packed, lambda user: user in users)

    def _select(self, op: Operation) -> None:
        """``arith.select`` of two tensors with one packed layout (the condition a scalar): retyped."""
        values = list(op.operands[1:]) + list(op.results)
        kinds = {(self.layout_of(v, op), tuple(self.orig[v].shape)) if v in self.orig else None for v in values}
        if None in kinds or len(kinds) != 1 or isinstance(op.operands[0].type, TensorType):
            raise self.error(op, "cannot materialize 'arith.select' unless both values and the result share one "
                                 "packed layout and the condition is a scalar")
        return self._retype_results(op)

    # -- encoding ops --------------------------------------------------------------------
    def _empty(self, t: TensorType, near: Operation) -> Operation:
        e = op_class("tensor.empty").build(t, (), near.location)  # type: ignore[attr-defined]
        near.parent.insert_before(near, e)  # type: ignore[union-attr]
        return e

    def _pack(self, src: Value, lay: PackedLayout, packed: TensorType, near: Operation) -> Value:
        dest = self._empty(packed, near)
        elem = packed.element_type
        pad = Operation.create([], [elem], {"value": _zero(elem)}, location=near.location, name="arith.constant")
        near.parent.insert_before(near, pad)  # type: ignore[union-attr]
        attrs = {"inner_dims_pos": i64_array(lay.inner_dims_pos), "static_inner_tiles": i64_array(lay.inner_tiles),
                 "operandSegmentSizes": segment_sizes(1, 1, 1, 0)}
        if list(lay.outer_dims_perm) != sorted(lay.outer_dims_perm):
            attrs["outer_dims_perm"] = i64_array(lay.outer_dims_perm)
        pack = Operation.create([src, dest.result, pad.results[0]], [packed], attrs, location=near.location,
                                name="linalg.pack")
        near.parent.insert_before(near, pack)  # type: ignore[union-attr]
        return pack.results[0]

    def _unpack(self, src: Value, lay: PackedLayout, plain: TensorType, near: Operation) -> Value:
        dest = self._empty(plain, near)
        attrs = {"inner_dims_pos": i64_array(lay.inner_dims_pos), "static_inner_tiles": i64_array(lay.inner_tiles)}
        if list(lay.outer_dims_perm) != sorted(lay.outer_dims_perm):
            attrs["outer_dims_perm"] = i64_array(lay.outer_dims_perm)
        unpack = Operation.create([src, dest.result], [plain], attrs, location=near.location, name="linalg.unpack")
        near.parent.insert_before(near, unpack)  # type: ignore[union-attr]
        return unpack.results[0]

    def _cast(self, v: Value, t: Type, near: Operation) -> Value:
        """``v`` as type ``t`` (a ``tensor.cast`` when the shapes' static knowledge differs: a
        set_encoding may turn ``tensor<?x10xf32>`` into ``tensor<20x?xf32, #enc>``)."""
        if v.type == t:
            return v
        cast = Operation.create([v], [t], {}, location=near.location, name="tensor.cast")
        near.parent.insert_before(near, cast)  # type: ignore[union-attr]
        return cast.results[0]

    def _set_encoding(self, op: Operation) -> None:
        t = self.orig.get(op.results[0], op.results[0].type)
        lay = self.layout(t, op)
        src = op.operands[0]
        if lay is None:
            return self._replace(op, [self._cast(src, self.convert(t, op), op)])
        plain = with_data_tiling_encoding(t, None)
        return self._replace(op, [self._pack(self._cast(src, plain, op), lay, self.convert(t, op), op)])

    def _unset_encoding(self, op: Operation) -> None:
        src = op.operands[0]
        lay = self.layout_of(src, op)
        rt = op.results[0].type
        if lay is None:
            return self._replace(op, [self._cast(src, rt, op)])
        plain = with_data_tiling_encoding(self.orig.get(src, src.type), None)  # type: ignore[arg-type]
        return self._replace(op, [self._cast(self._unpack(src, lay, plain, op), rt, op)])  # type: ignore[arg-type]

    def _constant(self, op: Operation) -> None:
        value = op.attributes["value"]
        t = self.orig[op.results[0]]
        lay = self.layout(t, op)
        packed = self.convert(t, op)
        if not isinstance(value, DenseElementsAttr):
            raise self.error(op, "cannot pack a constant that is not dense elements")
        if value.is_splat:
            arr = np.full(packed.shape, np.asarray(value.array).reshape(-1)[0], dtype=np.asarray(value.array).dtype)
            new = Operation.create([], [packed], {"value": DenseElementsAttr(packed, arr)}, location=op.location,
                                   name="arith.constant")
            op.parent.insert_before(op, new)  # type: ignore[union-attr]
            return self._replace(op, [new.results[0]])
        plain = with_data_tiling_encoding(t, None)
        cst = Operation.create([], [plain], {"value": DenseElementsAttr(plain, value.array)}, location=op.location,
                               name="arith.constant")
        op.parent.insert_before(op, cst)  # type: ignore[union-attr]
        return self._replace(op, [self._pack(cst.results[0], lay, packed, op)])  # type: ignore[arg-type]

    def _reshape(self, op: Operation) -> None:
        src = op.operands[0]
        dst_t = self.convert(self.orig.get(op.results[0], op.results[0].type), op)
        src_shape, dst_shape = tuple(src.type.shape), tuple(dst_t.shape)
        if src_shape == dst_shape:
            return self._replace(op, [src])
        squeezed_src = tuple(s for s in src_shape if s != 1)
        squeezed_dst = tuple(s for s in dst_shape if s != 1)
        if squeezed_src != squeezed_dst:
            raise self.error(op, f"packed shapes {list(src_shape)} and {list(dst_shape)} differ in more than unit dims")
        elem = src.type.element_type
        value = src
        if len(src_shape) != len(squeezed_src):
            mid = TensorType(squeezed_src, elem)
            c = op_class("tensor.collapse_shape").build(value, _squeeze_groups(src_shape), mid,  # type: ignore
                                                        op.location)
            op.parent.insert_before(op, c)  # type: ignore[union-attr]
            value = c.results[0]
        if len(dst_shape) != len(squeezed_dst):
            e = op_class("tensor.expand_shape").build(value, _squeeze_groups(dst_shape), dst_t,  # type: ignore
                                                      loc=op.location)
            op.parent.insert_before(op, e)  # type: ignore[union-attr]
            value = e.results[0]
        return self._replace(op, [value])

    # -- structured ops ------------------------------------------------------------------
    def _structured(self, op: StructuredOp) -> None:
        operands = op.inputs + op.inits
        layouts = [self.layout_of(v, op) for v in operands]
        for v, lay in zip(operands, layouts):
            if isinstance(v.type, TensorType) and lay is None:
                raise self.error(op, f"mixes packed and plain tensor operands ('{v.type}' has no packed layout)")
        if op.payload_kind == "contraction":
            return self._contraction(op, layouts)
        tensor_layouts = {(lay, tuple(self.orig[v].shape)) for v, lay in zip(operands, layouts) if lay is not None}
        if op.name != "linalg.generic" and op.name not in ("linalg.reduce", "linalg.transpose", "linalg.broadcast") \
                and len(tensor_layouts) == 1:
            return self._retype_results(op)
        if op.payload_kind == "elementwise":
            raise self.error(op, "operands have different packed layouts; cannot materialize the named op")
        return self._packed_generic(op, layouts)

    def _contraction(self, op: StructuredOp, layouts) -> None:
        if len(op.inputs) != 2 or any(lay is None for lay in layouts):
            raise self.error(op, "expects every operand of the contraction to carry a matmul encoding")
        lhs, rhs = op.inputs
        acc = op.inits[0]
        batch = self.orig[acc].rank - 2
        if batch not in (0, 1) or lhs.type.rank != 4 + batch or rhs.type.rank != 4 + batch:
            raise self.error(op, f"cannot map '{op.name}' onto mmt4d (packed ranks {lhs.type.rank}, "
                                 f"{rhs.type.rank}, {acc.type.rank})")
        name = "linalg.batch_mmt4d" if batch else "linalg.mmt4d"
        new = op_class(name).build([lhs, rhs], [acc], loc=op.location)  # type: ignore[attr-defined]
        op.parent.insert_before(op, new)  # type: ignore[union-attr]
        return self._replace(op, list(new.results))

    def _packed_generic(self, op: StructuredOp, layouts) -> None:
        maps, its = self.structure[op]
        n = len(its)
        operands = op.inputs + op.inits
        loop_tile: dict[int, Optional[int]] = {}
        for k, (v, m, lay) in enumerate(zip(operands, maps, layouts)):
            if lay is None:
                continue
            for d, r in enumerate(m.results):
                t = lay.tile_of(d)
                if isinstance(r, DimExpr):
                    prev = loop_tile.setdefault(r.position, t)
                    if prev != t:
                        raise self.error(op, f"loop d{r.position} is tiled by {prev} in one operand and by {t} in "
                                             f"operand #{k}")
                elif t is not None:
                    raise self.error(op, f"operand #{k} tiles dim {d}, which is not indexed by a loop")
        tiled = sorted(l for l, t in loop_tile.items() if t is not None)
        inner = {l: n + i for i, l in enumerate(tiled)}
        total = n + len(tiled)
        new_maps = []
        for m, lay in zip(maps, layouts):
            if lay is None:
                new_maps.append(AffineMap(total, 0, m.results))
                continue
            outer = [m.results[p] for p in lay.outer_dims_perm]
            tiles = [DimExpr(inner[m.results[d].position]) for d in lay.inner_dims_pos]  # type: ignore[union-attr]
            new_maps.append(AffineMap(total, 0, tuple(outer + tiles)))
        attrs = {"indexing_maps": ArrayAttr(tuple(AffineMapAttr(m) for m in new_maps)),
                 "iterator_types": ArrayAttr(tuple(StringAttr(it) for it in its + ["parallel"] * len(tiled)))}
        region = self._generic_body(op)
        result_types = [self.convert(self.orig.get(r, r.type), op) for r in op.results]
        new = op_class("linalg.generic").build(op.inputs, op.inits, attrs, [region], op.location,  # type: ignore
                                               result_types)
        op.parent.insert_before(op, new)  # type: ignore[union-attr]
        return self._replace(op, list(new.results))

    def _generic_body(self, op: StructuredOp) -> Region:
        region = op.generic_region() if op.payload_kind in ("region", "copy") else None
        if region is None:
            raise self.error(op, f"cannot write '{op.name}' as a linalg.generic on packed tensors")
        return region
