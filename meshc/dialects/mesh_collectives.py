"""The mesh dialect's collectives (upstream ``mesh.all_gather``, ``all_reduce``,
``reduce_scatter``, ``all_to_all``, ``all_slice``, ``broadcast``, ``gather``,
``reduce``, ``scatter``, ``send``/``recv``, ``shift``, ``update_halo``): one
class each on :class:`CollectiveOp`, their clause lists, and their parse
callbacks (:class:`CollectiveSyntax`, mixed into the dialect's ``Syntax``).
Collectives in global view and in the unrolled N-operand form are checked by
:mod:`meshc.dialects.mesh_checks`. Re-exported by :mod:`meshc.dialects.mesh`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Optional, Sequence, Union

from meshc.ir.attributes import (ArrayAttr, Attribute, DenseArrayAttr, IntegerAttr, StringAttr, SymbolRefAttr,
                                 UnitAttr)
from meshc.ir.core import Block, Operation, OpResult, Region, Value, op_class, register_op
from meshc.ir.location import UNKNOWN_LOC, DiagnosticError, Location, note
from meshc.ir.types import I64, INDEX, K_DYNAMIC, FunctionType, IntegerType, MemRefType, OpaqueType, TensorType, Type
from meshc.dialects.mesh_attrs import (REDUCTION_KINDS, ShardingAttr, sharding_of)
from meshc.dialects.mesh_checks import (DYNAMIC_INDEX, Entry, ShardingVerifyError, UNROLLED_ATTR,
                                        _axes_text, _group_size, _int_values, _split_text, _split_values,
                                        check_sharding, print_unrolled, verify_global_view,
                                        verify_unrolled)
from meshc.dialects.mesh_clauses import (Clause, MESH_AXES, MeshDialectOp, REDUCTION)
from meshc.dialects.mesh_folds import drop_unit_axes, erase_trivial_collective

# ---------------------------------------------------------------------------------------------------------------
# Collectives
# ---------------------------------------------------------------------------------------------------------------

class CollectiveOp(MeshDialectOp):
    """Base of the collectives: ``%r = mesh.<op> %input on @m [mesh_axes = [..]] <clauses> : T -> T2``
    (``: (T, index...) -> T2`` for those with a root/source/destination; both forms are read).

    The device group of a process is the processes that differ from it only on ``mesh_axes``
    (upstream MLIR mesh); :meth:`group_size` is their number when the mesh axes are static.
    Verified here: the mesh exists, ``mesh_axes`` are in range and distinct, one tensor result,
    root-like lists have one entry per mesh axis in range of the axis size; then
    :meth:`verify_shapes`.
    """

    fixed_operands = 1
    signature: ClassVar[str] = "arrow"  # "arrow" (T -> T2) or "functional" ((T) -> T2)
    #: :mod:`meshc.dialects.mesh_folds`: erased over a one-process group; unit axes dropped
    canonicalization_patterns = (erase_trivial_collective, drop_unit_axes)

    @property
    def input(self) -> Value:
        return self.operands[0]

    @property
    def is_unrolled(self) -> bool:
        """True for the unrolled N-operand form (docs/pipeline.md stage 6, ``global_types`` attribute)."""
        return UNROLLED_ATTR in self.attributes

    def _expected_operands(self) -> int:
        return len(self.operands) if self.is_unrolled else super()._expected_operands()

    def step(self, result_sharding=None, mesh=None):
        """The :mod:`meshc.sharding.steps` step this collective performs in global view (for the
        global-view verifier, the unrolled form's interpreter kernel and unroll).

        ``result_sharding``/``mesh`` (:class:`meshc.sharding.Sharding`/``Mesh``) give an
        ``all_slice`` its explicit target boundaries. Raises ``self.error`` for collectives that
        have no global-view form (broadcast, gather, reduce, scatter, send, recv, shift)."""
        raise self.error("has no global-view form (only all_gather, all_slice, all_to_all, all_reduce, "
                         "reduce_scatter and update_halo reshard a distributed tensor)")

    @property
    def mesh_axes(self) -> tuple[int, ...]:
        return self.axes("mesh_axes")

    def axis_attr(self, name: str) -> int:
        return self.attributes[name].value  # type: ignore[attr-defined]

    @property
    def reduction(self) -> str:
        """The reduction kind (``sum`` when not given)."""
        a = self.attributes.get("reduction")
        return a.value if isinstance(a, StringAttr) else "sum"

    def group_size(self, mesh: Optional["MeshOp"]) -> Optional[int]:
        """Processes per device group (None if the mesh or an axis size is unknown)."""
        return _group_size(mesh, self.mesh_axes)

    def verify_mesh_op(self) -> None:
        mesh = self.mesh_op()
        self.check_axes(self.mesh_axes, mesh, "mesh_axes")
        a = self.attributes.get("reduction")
        if a is not None and (not isinstance(a, StringAttr) or a.value not in REDUCTION_KINDS):
            raise self.error(f"unknown reduction kind '{a.value if isinstance(a, StringAttr) else a}'")
        if self.is_unrolled:
            verify_unrolled(self, mesh)
            return
        if len(self.results) != 1:
            raise self.error(f"expects one result, got {len(self.results)}")
        for what, t in (("input", self.input.type), ("result", self.results[0].type)):
            if not isinstance(t, TensorType):
                raise self.error(f"{what} must be a ranked tensor, got '{t}'")
        for c in self.clauses:
            if c.kind == "dyn_list" and c.attr_name in self.attributes:
                self._verify_multi_index(c.key, self.dynamic_list(c.attr_name) or [], mesh)
        t_in, t_out = self.input.type, self.results[0].type
        if sharding_of(t_in) is not None or sharding_of(t_out) is not None:
            verify_global_view(self, t_in, t_out, mesh)  # type: ignore[arg-type]
            return
        self.verify_shapes(t_in, t_out, self.group_size(mesh))  # type: ignore[arg-type]

    def _verify_multi_index(self, key: str, entries: list[Entry], mesh: Optional["MeshOp"]) -> None:
        axes = self.mesh_axes
        if len(entries) != len(axes):
            raise self.error(f"{key} has {len(entries)} entries but mesh_axes {_axes_text(axes)} has {len(axes)} (it "
                             "is a multi-index within the device group)")
        for axis, e in zip(axes, entries):
            if isinstance(e, Value):
                if e.type != INDEX:
                    raise self.error(f"{key} entries must be 'index', got '{e.type}'")
                continue
            size = mesh.shape[axis] if mesh is not None and 0 <= axis < mesh.rank else None
            if e < 0 or (size is not None and e >= size):
                raise self.error(f"{key} index {e} is out of range for mesh axis {axis}"
                                 + (f" of size {size}" if size is not None else ""))

    def print_custom(self, p) -> None:
        if self.is_unrolled:
            print_unrolled(self, p)
            return
        p.write(f" {p.value(self.input)} on {SymbolRefAttr(self.mesh_name)}" + self.clauses_text(p))
        p.write(p.attr_dict(self.attributes, self.clause_attr_names()))
        if self.signature == "functional":
            p.write(" : " + str(FunctionType(tuple(v.type for v in self.operands), (self.results[0].type,))))
        else:
            p.write(f" : {self.input.type} -> {self.results[0].type}")

    # -- shape rules (helpers for verify_shapes) ------------------------------------------------------------------
    def verify_shapes(self, t_in: TensorType, t_out: TensorType, k: Optional[int]) -> None:
        """Op-specific type rules (override)."""

    def local_dims(self) -> tuple[Optional[int], Optional[int]]:
        """``(split, gather)``: the tensor dims the local-view shape rule divides and multiplies by the
        device group size (:meth:`shard_dims`); ``(None, None)`` for a collective that keeps the shape."""
        return None, None

    def local_result_type(self, t_in: TensorType, element_type, k: Optional[int]) -> TensorType:
        """The result type upstream's local-view rule gives an input of type ``t_in`` (the split dim
        divided, the gathered one multiplied by the group size ``k``; dynamic where the input dim
        or ``k`` is), with ``element_type``. Used by ``local-view`` to retype a global-view
        collective; an input dim the group size does not divide gives a type the verifier rejects
        (the caller checks)."""
        split, gather = self.local_dims()
        shape: list[Optional[int]] = []
        for d, a in enumerate(t_in.shape):
            if d == split and d == gather:
                shape.append(a)
            elif d == split:
                shape.append(None if a is None or k is None else a // k)
            elif d == gather:
                shape.append(None if a is None or k is None else a * k)
            else:
                shape.append(a)
        return TensorType(tuple(shape), element_type)

    def refine_local_type(self) -> None:
        """Make the dynamic dims of a local-view collective's result static where its (now static)
        input gives them by :meth:`local_result_type` (a dim the op keeps: every dim of an
        ``all_reduce``; a divided or multiplied dim only with the group size, which is left as it is
        here). Unroll's and the SPMD class bodies' static type inference of a body collective (MLIR's
        ``inferReturnTypes`` for the same rule); global-view and unrolled forms are left as they are."""
        if self.is_unrolled or len(self.results) != 1 or sharding_of(self.input.type) is not None:
            return
        t_in, r = self.input.type, self.results[0]
        if not isinstance(t_in, TensorType) or not isinstance(r.type, TensorType) or r.type.rank != t_in.rank:
            return
        want = self.local_result_type(t_in, r.type.element_type, None).shape
        shape = tuple(h if h is not None else w for h, w in zip(r.type.shape, want))
        if shape != r.type.shape:
            r.type = r.type.with_shape(shape)

    def same_element_type(self, t_in: TensorType, t_out: TensorType) -> None:
        if t_in.element_type != t_out.element_type:
            raise self.error(f"expects the same element type for input and result, got '{t_in.element_type}' and "
                             f"'{t_out.element_type}'")

    def same_shape(self, t_in: TensorType, t_out: TensorType) -> None:
        if t_in.shape != t_out.shape:
            raise self.error(f"expects input and result of the same shape, got '{t_in}' and '{t_out}'")

    def tensor_axis(self, name: str, t: TensorType) -> int:
        """The tensor axis attribute ``name``, checked against the rank of ``t``."""
        axis = self.axis_attr(name)
        if not 0 <= axis < t.rank:
            raise self.error(f"{name} {axis} is out of range for a tensor of rank {t.rank}")
        return axis

    def shard_dims(self, t_in: TensorType, t_out: TensorType, k: Optional[int], split: Optional[int],
                   gather: Optional[int], what: str) -> None:
        """The local-view shape rule of upstream MLIR's collectives (``verifySymbolUses`` of the ops in
        ``ShardOps.cpp``/``MeshOps.cpp``): same rank; the result dim ``split`` is the input's divided by
        the group size ``k`` -- which must divide it when there is no ``gather`` dim (all_slice,
        reduce_scatter, scatter), all_to_all divides as integers -- the result dim ``gather`` is the
        input's times ``k``, one that is both keeps its size, every other dim keeps its size. An
        expected size is dynamic when the input dim or ``k`` is; a dynamic result dim always fits, a
        static one must equal the expected size (so a dynamic expected size needs a dynamic result)."""
        if t_in.rank != t_out.rank:
            raise self.error(f"expects input and result of the same rank, got {t_in.rank} and {t_out.rank}")
        for d, (a, b) in enumerate(zip(t_in.shape, t_out.shape)):
            expected: Optional[int] = a
            if d == split and d == gather:
                pass
            elif d == split:
                if a is not None and k is not None and gather is None and a % k:
                    raise self.error(f"{what}: input dim {d} has size {a}, which the device group size {k} does "
                                     "not divide")
                expected = None if a is None or k is None else a // k
            elif d == gather:
                expected = None if a is None or k is None else a * k
            if b is None or b == expected:
                continue
            why = " (the input dim or the device group size is dynamic)" if expected is None else ""
            raise self.error(f"{what}: result dim {d} has size {b} but {'dynamic' if expected is None else expected} "
                             f"is expected{why}")


def _collective(name: str, clauses: tuple[Clause, ...], signature: str = "arrow", traits=("Pure",)):
    """Class decorator filling in the name, aliases, clauses and signature of a collective."""
    def wrap(cls):
        cls.name = f"mesh.{name}"
        cls.aliases = (f"shard.{name}",)
        cls.clauses = clauses
        cls.signature = signature
        cls.traits = frozenset(traits)
        return register_op(cls)
    return wrap


#: ``scatter_axis`` (LLVM 19/20), ``scatter_dim`` in LLVM 21+
SCATTER_AXIS = Clause("scatter_axis", "index", required=True, spellings=("scatter_dim",),
                      spelled=(("shard", "scatter_dim"),))


def _root(key: str = "root", required: bool = True) -> Clause:
    return Clause(key, "dyn_list", required=required)


@_collective("all_gather", (MESH_AXES, Clause("gather_axis", "index", required=True)))
class AllGatherOp(CollectiveOp):
    """``mesh.all_gather %x on @m mesh_axes = [0] gather_axis = 1 : T -> T2``: concatenate the
    group's pieces along ``gather_axis`` (the input is a shard of the result)."""

    def local_dims(self):
        return None, self.axis_attr("gather_axis")

    def verify_shapes(self, t_in, t_out, k):
        self.same_element_type(t_in, t_out)
        axis = self.tensor_axis("gather_axis", t_in)
        self.shard_dims(t_in, t_out, k, None, axis, "gather_axis")

    def step(self, result_sharding=None, mesh=None):
        from meshc.sharding.steps import AllGather

        return AllGather(self.mesh_axes, self.axis_attr("gather_axis"))


@_collective("all_reduce", (MESH_AXES, REDUCTION), traits=("Pure", "SameOperandsAndResultShape"))
class AllReduceOp(CollectiveOp):
    """``mesh.all_reduce %x on @m mesh_axes = [0] [reduction = max] : T -> T2``: element-wise
    reduction over the group (the result element type may differ: it is the accumulator's). Trait
    ``SameOperandsAndResultShape`` (MLIR's, on upstream ``mesh.all_reduce``): the runtimes size an
    in-body result by its operand (:mod:`meshc.runtime.body_collectives`)."""

    def verify_shapes(self, t_in, t_out, k):
        self.same_shape(t_in, t_out)

    def step(self, result_sharding=None, mesh=None):
        from meshc.sharding.steps import AllReduce

        return AllReduce(self.mesh_axes, self.reduction)


@_collective("all_slice", (MESH_AXES, Clause("slice_axis", "index", required=True)))
class AllSliceOp(CollectiveOp):
    """``mesh.all_slice %x on @m mesh_axes = [0] slice_axis = 0 : T -> T2``: each process keeps its
    piece along ``slice_axis`` (the inverse of all_gather; no traffic)."""

    def local_dims(self):
        return self.axis_attr("slice_axis"), None

    def verify_shapes(self, t_in, t_out, k):
        self.same_element_type(t_in, t_out)
        axis = self.tensor_axis("slice_axis", t_in)
        self.shard_dims(t_in, t_out, k, axis, None, "slice_axis")

    def step(self, result_sharding=None, mesh=None):
        from meshc.sharding.steps import AllSlice

        dim = self.axis_attr("slice_axis")
        offsets = ()
        if result_sharding is not None and mesh is not None and result_sharding.sharded_dims_offsets:
            offsets = result_sharding.offsets_of(dim, mesh) or ()
        return AllSlice(self.mesh_axes, dim, offsets)


@_collective("all_to_all", (MESH_AXES, Clause("split_axis", "index", required=True),
                            Clause("concat_axis", "index", required=True)))
class AllToAllOp(CollectiveOp):
    """``mesh.all_to_all %x on @m mesh_axes = [0] split_axis = 0 concat_axis = 1 : T -> T2``: split
    along ``split_axis``, exchange, concatenate along ``concat_axis``."""

    def local_dims(self):
        return self.axis_attr("split_axis"), self.axis_attr("concat_axis")

    def verify_shapes(self, t_in, t_out, k):
        self.same_element_type(t_in, t_out)
        split = self.tensor_axis("split_axis", t_in)
        concat = self.tensor_axis("concat_axis", t_in)
        self.shard_dims(t_in, t_out, k, split, concat, "all_to_all")

    def step(self, result_sharding=None, mesh=None):
        from meshc.sharding.steps import AllToAll

        return AllToAll(self.mesh_axes, self.axis_attr("concat_axis"), self.axis_attr("split_axis"))


@_collective("reduce_scatter", (MESH_AXES, REDUCTION, SCATTER_AXIS))
class ReduceScatterOp(CollectiveOp):
    """``mesh.reduce_scatter %x on @m mesh_axes = [0] [reduction = sum] scatter_axis = 0 : T -> T2``:
    reduce over the group, each process keeps its piece along ``scatter_axis``."""

    def local_dims(self):
        return self.axis_attr("scatter_axis"), None

    def verify_shapes(self, t_in, t_out, k):
        axis = self.tensor_axis("scatter_axis", t_in)
        self.shard_dims(t_in, t_out, k, axis, None, "scatter_axis")

    def step(self, result_sharding=None, mesh=None):
        from meshc.sharding.steps import ReduceScatter

        return ReduceScatter(self.mesh_axes, self.reduction, self.axis_attr("scatter_axis"))


@_collective("broadcast", (MESH_AXES, _root()), "functional")
class BroadcastOp(CollectiveOp):
    """``mesh.broadcast %x on @m mesh_axes = [0] root = [0] : (T) -> T``: the root's tensor to the group."""

    def verify_shapes(self, t_in, t_out, k):
        self.same_element_type(t_in, t_out)
        self.same_shape(t_in, t_out)


@_collective("gather", (MESH_AXES, Clause("gather_axis", "index", required=True), _root()), "functional")
class GatherOp(CollectiveOp):
    """``mesh.gather %x on @m mesh_axes = [0] gather_axis = 0 root = [0] : (T) -> T2``: all_gather
    whose result is defined on the root only."""

    def local_dims(self):
        return None, self.axis_attr("gather_axis")

    def verify_shapes(self, t_in, t_out, k):
        self.same_element_type(t_in, t_out)
        axis = self.tensor_axis("gather_axis", t_in)
        self.shard_dims(t_in, t_out, k, None, axis, "gather_axis")


@_collective("reduce", (MESH_AXES, REDUCTION, _root()), "functional")
class ReduceOp(CollectiveOp):
    """``mesh.reduce %x on @m mesh_axes = [0] [reduction = max] root = [0] : (T) -> T2``: all_reduce
    whose result is defined on the root only."""

    def verify_shapes(self, t_in, t_out, k):
        self.same_shape(t_in, t_out)


@_collective("scatter", (MESH_AXES, SCATTER_AXIS, _root()), "functional")
class ScatterOp(CollectiveOp):
    """``mesh.scatter %x on @m mesh_axes = [0] scatter_axis = 0 root = [0] : (T) -> T2``: the root's
    tensor split along ``scatter_axis`` over the group."""

    def local_dims(self):
        return self.axis_attr("scatter_axis"), None

    def verify_shapes(self, t_in, t_out, k):
        self.same_element_type(t_in, t_out)
        axis = self.tensor_axis("scatter_axis", t_in)
        self.shard_dims(t_in, t_out, k, axis, None, "scatter_axis")


@_collective("send", (MESH_AXES, _root("destination")), "functional", traits=())
class SendOp(CollectiveOp):
    """``mesh.send %x on @m mesh_axes = [0] destination = [1] : (T) -> T``: to one process of the group."""

    def verify_shapes(self, t_in, t_out, k):
        self.same_element_type(t_in, t_out)
        self.same_shape(t_in, t_out)


@_collective("recv", (MESH_AXES, _root("source", required=False)), "functional", traits=())
class RecvOp(CollectiveOp):
    """``mesh.recv %x on @m mesh_axes = [0] [source = [0]] : (T) -> T``: from one process of the group
    (any when ``source`` is absent)."""

    def verify_shapes(self, t_in, t_out, k):
        self.same_element_type(t_in, t_out)
        self.same_shape(t_in, t_out)


@_collective("shift", (MESH_AXES, Clause("shift_axis", "index", required=True),
                       Clause("offset", "int", required=True), Clause("rotate", "flag")))
class ShiftOp(CollectiveOp):
    """``mesh.shift %x on @m mesh_axes = [0] shift_axis = 0 offset = 1 [rotate] : T -> T``: each
    process receives from the one ``offset`` before it along mesh axis ``shift_axis`` (which must be
    one of ``mesh_axes``), cyclically with ``rotate``. No canonicalization: a shift along an axis
    of size 1 without ``rotate`` has no source, so it is not the identity."""

    canonicalization_patterns = ()

    def verify_shapes(self, t_in, t_out, k):
        self.same_element_type(t_in, t_out)
        self.same_shape(t_in, t_out)
        axis = self.axis_attr("shift_axis")
        if axis not in self.mesh_axes:
            raise self.error(f"shift_axis {axis} is not one of mesh_axes {_axes_text(self.mesh_axes)}")


@register_op
class UpdateHaloOp(MeshDialectOp):
    """``%r = mesh.update_halo %x on @m split_axes = [[0]] halo_sizes = [1, 1] : T`` (LLVM 20; ``T`` a tensor,
    or a memref as in LLVM 21+, which meshc reads, verifies and prints but does not run): refresh
    the halo cells of each shard of ``%x`` from its neighbours along ``split_axes``. Halo sizes are
    2 per split tensor dim (low, high) and may be SSA i64 values. The result has the operand's type.

    Global view (meshc, docs/pipeline.md stage 4): ``: T_A -> T_B`` where ``T_B`` is ``T_A`` with the
    op's ``halo_sizes`` (a halo change requested by a reshard); and the unrolled N-operand form."""

    name = "mesh.update_halo"
    aliases = ("shard.update_halo",)
    #: the result is the destination's buffer, halos included (MLIR: result type = destination type)
    traits = frozenset({"Pure", "SameOperandsAndResultShape"})
    fixed_operands = 1
    signature = "single"
    clauses = (Clause("split_axes", "axes_array", required=True),
               Clause("halo_sizes", "dyn_list", attr="static_halo_sizes", operand_type=I64))

    @property
    def destination(self) -> Value:
        return self.operands[0]

    @property
    def is_unrolled(self) -> bool:
        return UNROLLED_ATTR in self.attributes

    def _expected_operands(self) -> int:
        return len(self.operands) if self.is_unrolled else super()._expected_operands()

    @property
    def split_axes(self) -> tuple[tuple[int, ...], ...]:
        return _split_values(self.attributes.get("split_axes"))

    @property
    def halo_sizes(self) -> tuple[int, ...]:
        """Static halo sizes (:data:`DYNAMIC_INDEX` where an SSA value stands)."""
        return _int_values(self.attributes.get("static_halo_sizes"))

    @property
    def mesh_axes(self) -> tuple[int, ...]:
        """The mesh axes the halo'd tensor dim (:meth:`exchange_attributes`) is split over: the device
        group one halo exchange meets in, as a collective's ``mesh_axes``."""
        split = self.split_axes
        d = self.exchange_attributes()["halo_axis"]
        return tuple(split[d]) if d < len(split) else ()

    def exchange_attributes(self) -> dict[str, int]:
        """The local-view op as one halo exchange along one tensor dim, the attributes of its
        ``update_halo`` :class:`~meshc.backend.schedule.CollectiveSpec` (a region op's body runs it:
        :mod:`meshc.runtime.body_collectives`): ``halo_axis`` (the tensor dim), ``halo_low`` and
        ``halo_high`` (its widths). The buffer holds the core at ``halo_low`` (upstream's local form).

        Raises:
            DiagnosticError: dynamic halo sizes, or halos on more than one dim.
        """
        sizes = self.halo_sizes
        if DYNAMIC_INDEX in sizes:
            raise self.error("a halo exchange in a region op's body needs static halo sizes")
        split = [d for d, axes in enumerate(self.split_axes) if axes]
        pairs = [(d, sizes[2 * i], sizes[2 * i + 1]) for i, d in enumerate(split) if 2 * i + 1 < len(sizes)]
        haloed = [p for p in pairs if p[1] or p[2]]
        if len(haloed) > 1:
            raise self.error("a halo exchange in a region op's body has halos on one tensor dim only")
        d, lo, hi = haloed[0] if haloed else (split[0] if split else 0, 0, 0)
        return {"halo_axis": d, "halo_low": lo, "halo_high": hi}

    def step(self, result_sharding=None, mesh=None):
        """The :class:`meshc.sharding.steps.UpdateHalo` step (static halo sizes only)."""
        from meshc.sharding.steps import UpdateHalo

        if DYNAMIC_INDEX in self.halo_sizes:
            raise self.error("in global view the halo sizes must be static")
        return UpdateHalo(self.halo_sizes)

    def verify_mesh_op(self) -> None:
        mesh = self.mesh_op()
        if self.is_unrolled:
            verify_unrolled(self, mesh)
            return
        if len(self.results) != 1:
            raise self.error("expects one result of the destination's type")
        t = self.destination.type
        if not isinstance(t, (TensorType, MemRefType)) or t.rank == 0:
            raise self.error(f"destination must be a ranked tensor or memref of rank >= 1, got '{t}'")
        for v in self.operands[1:]:
            if v.type != I64:
                raise self.error(f"dynamic halo sizes must be 'i64', got '{v.type}'")
        try:
            check_sharding(ShardingAttr(self.mesh_name, self.split_axes, halo_sizes=self.halo_sizes), t, mesh)
        except ShardingVerifyError as err:
            raise self.error(str(err)) from None
        src = sharding_of(t)
        if src is None and sharding_of(self.results[0].type) is None:
            if self.results[0].type != t:
                raise self.error("expects one result of the destination's type")
            return
        if src is not None and src.split_axes != self.split_axes:
            raise self.error(f"split_axes {_split_text(self.split_axes)} differ from the operand's sharding "
                             f"{src}")
        verify_global_view(self, t, self.results[0].type, mesh)

    def print_custom(self, p) -> None:
        if self.is_unrolled:
            print_unrolled(self, p)
            return
        t_in, t_out = self.destination.type, self.results[0].type
        types = f"{t_out}" if t_in == t_out else f"{t_in} -> {t_out}"
        p.write(f" {p.value(self.destination)} on {SymbolRefAttr(self.mesh_name)}" + self.clauses_text(p))
        p.write(p.attr_dict(self.attributes, self.clause_attr_names()) + f" : {types}")




def _sym(tok) -> str:
    from meshc.parser import symbol_name

    return symbol_name(str(tok))


class CollectiveSyntax:
    """Parse callbacks of the collectives' rule in grammar/mesh.lark (a mixin of
    :class:`meshc.dialects.mesh.Syntax`)."""

    def mesh_collective(self, kw, srcs, sym, clauses, attrs, sig):
        name = str(kw)
        cls = op_class(name)
        attributes, dynamic = self._mesh_clause_attrs(cls, clauses, kw)
        attributes = {"mesh": SymbolRefAttr(_sym(sym)), **attributes, **(attrs or {})}
        if len(srcs) > 1 or (sig[0] == "arrow" and (len(sig[1]) > 1 or len(sig[2]) > 1)):
            return self._mesh_unrolled(kw, cls, srcs, attributes, dynamic, sig)
        src = srcs[0]
        if cls.signature == "single":
            if sig[0] == "arrow":  # global view: T_A -> T_B
                t_in, t_out = sig[1][0], sig[2][0]
            elif sig[0] != "single":
                raise self.error(f"'{cls.name}' expects a single type after ':' (the destination's)", kw)
            else:
                t_in = t_out = sig[1]
        elif sig[0] == "arrow":
            t_in, t_out = sig[1][0], sig[2][0]
        elif sig[0] == "fn":
            ftype = sig[1]
            if len(ftype.results) != 1 or len(ftype.inputs) != 1 + len(dynamic):
                raise self.error(f"'{cls.name}' expects the type '({', '.join(['T'] + ['index'] * len(dynamic))}) "
                                 f"-> T2', got '{ftype}'", kw)
            for v, t in zip(dynamic, ftype.inputs[1:]):
                if v.type != t:
                    raise self.error(f"type '{t}' in the signature does not match the operand type '{v.type}'", kw)
            t_in, t_out = ftype.inputs[0], ftype.results[0]
        else:
            raise self.error(f"'{cls.name}' expects ': T -> T2' after its clauses", kw)
        return self.build(name, [self.use(src, t_in)] + dynamic, [t_out], attributes, (), self.loc(kw))

    def _mesh_unrolled(self, kw, cls, srcs, attributes, dynamic, sig):
        """The unrolled N-operand form ``%r:N = mesh.<op> %a, %b on @m ... : A, B -> C, D``."""
        if cls.signature == "functional":
            raise self.error(f"'{cls.name}' has no unrolled N-operand form", kw)
        if sig[0] != "arrow":
            raise self.error(f"'{cls.name}' with {len(srcs)} operands expects ': T0, T1, ... -> R0, R1, ...'", kw)
        if dynamic:
            raise self.error("the unrolled form takes static clauses only", kw)
        if len(srcs) != len(sig[1]):
            raise self.error(f"'{cls.name}' has {len(srcs)} operands but {len(sig[1])} operand types", kw)
        operands = [self.use(t, ty) for t, ty in zip(srcs, sig[1])]
        return self.build(str(kw), operands, sig[2], attributes, (), self.loc(kw))


