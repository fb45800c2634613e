"""mesh dialect (LLVM 19/20 ``mesh``, LLVM 21+ ``shard``): meshes, sharding
attributes and annotations, process queries, collectives, and the seed's SPMD
ops.

Canonical spellings are seed 000's and LLVM 19's; the LLVM 20 (``mesh.sharding``
values) and LLVM 21+ (``shard.grid``, ``shard.*``, ``grid_axes``) spellings are
read and printed back canonically (DESIGN.md "IR syntax").

Attributes (built by the core parser):

* :class:`ShardingAttr` ``<@m, [[0], []], partial = sum[1]>`` — the inline
  sharding (LLVM 19 spelling; the canonical form meshc prints). Trailing empty
  split-axes entries are dropped; a fully replicated sharding prints ``[[]]``
  (which LLVM 19 can read back, unlike its own ``[]``).
* :class:`ShardEncodingAttr` ``#mesh.shard<@m, [[0]], inner = #enc>`` — a
  sharding in a tensor type's encoding slot (seed 000's distributed tensor),
  optionally wrapping a data-tiling encoding (DESIGN.md).

Passes reach a tensor's sharding only through :func:`sharding_of` and
:func:`with_sharding`.

Ops (one class each, families share a base): :class:`MeshOp` (``mesh.mesh``),
:class:`ShardingOp`, :class:`ShardOp`, the queries (:class:`MeshShapeOp`,
:class:`ProcessMultiIndexOp`, :class:`ProcessLinearIndexOp`,
:class:`NeighborsLinearIndicesOp`), the collectives (:class:`CollectiveOp`
and its subclasses, :class:`UpdateHaloOp`) and the SPMD ops
(:class:`ForAllOp`, :class:`ForOneOp`, :class:`YieldOp`).

The ``key = value`` clauses of the custom forms are described per op by
:class:`Clause` lists; one grammar rule parses them and :class:`Syntax` checks
them against the op's list, so each op's syntax stays next to its class.

Sharding checks (:func:`verify_sharding`, :func:`verify_op_shardings`) are
shared by the ops here and by any verifier hook that wants to check the
``#mesh.shard`` encodings of other ops' types.

Distributed forms (meshc, PIPELINE.md stages 3-6), besides upstream's local view:

* a resharding point ``mesh.shard %x to B : T_A -> T_B`` (the types differ only in
  their sharding; unit attribute ``peer_read`` when the move is left to in-place reads);
* a collective in GLOBAL view: its operand type carries a ``#mesh.shard``; the global
  shape stays and the sharding changes as the op's step of :mod:`meshc.sharding.steps`
  says (:func:`verify_global_view`; ``update_halo`` prints ``: T_A -> T_B`` then);
* the unrolled N-operand form ``%r:N = mesh.all_gather %a, %b, ... : A, B -> C, D``
  with ``global_types = [T_src, T_dst]``: one operand per stored shard of the source and
  one result per stored shard of the result (:func:`storage_pieces`, shared within a peer
  group; :func:`verify_unrolled`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Optional, Sequence, Union

from meshc.ir.attributes import (ArrayAttr, Attribute, DenseArrayAttr, IntegerAttr, StringAttr, SymbolRefAttr,
                                 UnitAttr)
from meshc.ir.core import Block, Operation, OpResult, Region, Value, op_class, register_op
from meshc.ir.location import UNKNOWN_LOC, DiagnosticError, Location, note
from meshc.ir.types import I64, INDEX, K_DYNAMIC, FunctionType, IntegerType, OpaqueType, TensorType, Type

REDUCTION_KINDS = ("sum", "max", "min", "product", "average", "bitwise_and", "bitwise_or", "bitwise_xor",
                   "generic")


@dataclass(frozen=True)
class ShardingAttr(Attribute):
    """A tensor sharding over mesh ``mesh``.

    ``split_axes[d]`` lists the mesh axes tensor dim ``d`` is split over
    (major to minor); ``partial_axes`` are mesh axes over which each device
    holds a partial value to be combined with ``partial_type``;
    ``halo_sizes`` (low, high per sharded dim) and ``sharded_dims_offsets``
    follow LLVM 20's ``mesh.sharding``.
    """

    mesh: str
    split_axes: tuple[tuple[int, ...], ...]
    partial_axes: tuple[int, ...] = ()
    partial_type: str = "sum"
    halo_sizes: tuple[int, ...] = ()
    sharded_dims_offsets: tuple[int, ...] = ()

    def __post_init__(self):
        axes = list(self.split_axes)
        while axes and not axes[-1]:
            axes.pop()
        object.__setattr__(self, "split_axes", tuple(tuple(a) for a in axes))

    @staticmethod
    def from_parts(mesh: str, split, opts) -> "ShardingAttr":
        partial_axes: tuple[int, ...] = ()
        partial_type = "sum"
        halo: tuple[int, ...] = ()
        offsets: tuple[int, ...] = ()
        for o in opts:
            if o[0] == "partial":
                partial_type, partial_axes = o[1], o[2]
            elif o[0] == "halo_sizes":
                halo = o[1]
            elif o[0] == "sharded_dims_offsets":
                offsets = o[1]
        return ShardingAttr(mesh, tuple(tuple(a) for a in split), tuple(partial_axes), partial_type, halo, offsets)

    @property
    def is_replicated(self) -> bool:
        return not self.split_axes and not self.partial_axes

    def dim_axes(self, dim: int) -> tuple[int, ...]:
        return self.split_axes[dim] if dim < len(self.split_axes) else ()

    def used_axes(self) -> tuple[int, ...]:
        return tuple(a for axes in self.split_axes for a in axes) + self.partial_axes

    def with_split_axes(self, split) -> "ShardingAttr":
        return replace(self, split_axes=tuple(tuple(a) for a in split))

    def body(self) -> str:
        split = ", ".join("[" + ", ".join(str(a) for a in axes) + "]" for axes in self.split_axes) or "[]"
        text = f"@{self.mesh}, [{split}]"
        if self.partial_axes:
            text += f", partial = {self.partial_type}[" + ", ".join(str(a) for a in self.partial_axes) + "]"
        if self.halo_sizes:
            text += ", halo_sizes = [" + ", ".join(str(h) for h in self.halo_sizes) + "]"
        if self.sharded_dims_offsets:
            text += ", sharded_dims_offsets = [" + ", ".join(str(h) for h in self.sharded_dims_offsets) + "]"
        return text

    def __str__(self) -> str:
        return f"<{self.body()}>"

    def to_spec(self):
        """This sharding as a :class:`meshc.sharding.spec.Sharding` (the pure
        arithmetic model). Raises its ShardingError for an unknown reduction kind."""
        from meshc.sharding.spec import Sharding

        return Sharding(self.mesh, self.split_axes, self.partial_axes, self.partial_type, self.halo_sizes,
                        self.sharded_dims_offsets)

    @staticmethod
    def from_spec(spec) -> "ShardingAttr":
        """The attribute of a :class:`meshc.sharding.spec.Sharding` (inverse of :meth:`to_spec`)."""
        kind = spec.partial_type.value if hasattr(spec.partial_type, "value") else str(spec.partial_type)
        return ShardingAttr(spec.mesh, tuple(tuple(a) for a in spec.split_axes), tuple(spec.partial_axes), kind,
                            tuple(spec.halo_sizes), tuple(spec.sharded_dims_offsets))


@dataclass(frozen=True)
class ShardEncodingAttr(Attribute):
    """``#mesh.shard<@m, [[0]]>`` in a tensor type; ``inner`` is a data-tiling
    encoding carried together with the sharding (or None)."""

    sharding: ShardingAttr
    inner: Optional[Attribute] = None

    def __str__(self) -> str:
        inner = f", inner = {self.inner}" if self.inner is not None else ""
        return f"#mesh.shard<{self.sharding.body()}{inner}>"


def sharding_of(t: Type) -> Optional[ShardingAttr]:
    """The sharding carried by tensor type ``t`` (None when it has none)."""
    if isinstance(t, TensorType) and isinstance(t.encoding, ShardEncodingAttr):
        return t.encoding.sharding
    return None


def with_sharding(t: TensorType, sharding: Optional[ShardingAttr]) -> TensorType:
    """``t`` with its sharding set to ``sharding`` (None removes it), keeping
    any data-tiling encoding."""
    inner = data_encoding_of(t)
    if sharding is None:
        return t.with_encoding(inner)
    return t.with_encoding(ShardEncodingAttr(sharding, inner))


def data_encoding_of(t: Type) -> Optional[Attribute]:
    """The non-sharding encoding of ``t`` (a data-tiling encoding), if any."""
    if not isinstance(t, TensorType):
        return None
    if isinstance(t.encoding, ShardEncodingAttr):
        return t.encoding.inner
    return t.encoding


def with_data_encoding(t: TensorType, encoding: Optional[Attribute]) -> TensorType:
    """``t`` with its data-tiling encoding replaced, keeping its sharding."""
    s = sharding_of(t)
    if s is None:
        return t.with_encoding(encoding)
    return t.with_encoding(ShardEncodingAttr(s, encoding))


def strip_sharding(t: Type) -> Type:
    """``t`` without its sharding (other types unchanged)."""
    if isinstance(t, TensorType) and isinstance(t.encoding, ShardEncodingAttr):
        return t.with_encoding(t.encoding.inner)
    return t


# ---------------------------------------------------------------------------------------------------------------
# Constants and small helpers
# ---------------------------------------------------------------------------------------------------------------

#: A ``?`` in a mesh shape, or an SSA entry of a static index list (upstream ``ShapedType::kDynamic``).
DYNAMIC_INDEX = K_DYNAMIC
#: The canonical type of a ``mesh.sharding`` value (``!shard.sharding`` is read as the same thing).
SHARDING_TYPE = OpaqueType("mesh", "sharding")
#: Element type of mesh-axis lists (upstream ``MeshAxis`` is ``int16_t``).
I16 = IntegerType(16)

Entry = Union[int, Value]  # one entry of a static/dynamic index list


class ShardingVerifyError(ValueError):
    """A sharding that does not fit its mesh or tensor (the message names the offending numbers)."""


def is_sharding_type(t: Type) -> bool:
    """True for ``!mesh.sharding`` and its LLVM 21+ spelling ``!shard.sharding``."""
    return isinstance(t, OpaqueType) and t.dialect in ("mesh", "shard") and t.name == "sharding" and not t.body


def balanced_shard_sizes(n: int, k: int) -> tuple[int, ...]:
    """The distinct shard sizes of ``n`` elements over ``k`` devices under meshc's balanced rule
    (DESIGN.md: ``n // k`` each, the last ``n % k`` shards one more): 10 over 4 -> (2, 3); 8 over 4 -> (2,)."""
    q, r = divmod(n, k)
    return (q,) if r == 0 else (q, q + 1)


def _axes_text(axes: Sequence[int]) -> str:
    return "[" + ", ".join(str(a) for a in axes) + "]"


def _split_text(split: Sequence[Sequence[int]]) -> str:
    return "[" + (", ".join(_axes_text(a) for a in split) or "[]") + "]"


def _alternatives(sizes: Sequence[int]) -> str:
    return " or ".join(str(s) for s in sizes)


def _normalize_split(split) -> tuple[tuple[int, ...], ...]:
    axes = [tuple(int(a) for a in entry) for entry in split]
    while axes and not axes[-1]:
        axes.pop()
    return tuple(axes)


def _int_values(attr: Optional[Attribute]) -> tuple[int, ...]:
    """Integers of a DenseArrayAttr (or of an ArrayAttr of IntegerAttr, as a generic form may spell them)."""
    if attr is None:
        return ()
    if isinstance(attr, DenseArrayAttr):
        return tuple(int(v) for v in attr.values)
    if isinstance(attr, ArrayAttr):
        return tuple(int(e.value) for e in attr.elements)  # type: ignore[attr-defined]
    raise TypeError(f"expected an array of integers, got '{attr}'")


def _split_values(attr: Optional[Attribute]) -> tuple[tuple[int, ...], ...]:
    if attr is None:
        return ()
    if not isinstance(attr, ArrayAttr):
        raise TypeError(f"expected an array of mesh-axis arrays, got '{attr}'")
    return _normalize_split(_int_values(e) for e in attr.elements)


def _split_attr(split) -> ArrayAttr:
    return ArrayAttr(tuple(DenseArrayAttr(I16, tuple(axes)) for axes in _normalize_split(split)))


def enclosing_module(op: Operation):
    """The nearest ``builtin.module`` around ``op`` (None for a detached op)."""
    from meshc.dialects.builtin import ModuleOp

    for a in op.ancestors():
        if isinstance(a, ModuleOp):
            return a
    return None


def lookup_mesh(module, name: str) -> "MeshOp":
    """The ``mesh.mesh`` named ``name`` in ``module``'s symbol table.

    Raises:
        ShardingVerifyError: no symbol of that name, or it is not a mesh.
    """
    target = module.lookup(name)
    if target is None:
        raise ShardingVerifyError(f"undefined mesh '@{name}'")
    if not isinstance(target, MeshOp):
        raise ShardingVerifyError(f"'@{name}' does not reference a mesh (it is a '{target.name}')")
    return target


# ---------------------------------------------------------------------------------------------------------------
# Sharding verification (shared with verifier hooks)
# ---------------------------------------------------------------------------------------------------------------

def _check_mesh_axis(axis: int, mesh: Optional["MeshOp"], mesh_name: str, where: str) -> None:
    if axis < 0:
        raise ShardingVerifyError(f"{where}: mesh axis {axis} is negative")
    if mesh is not None and axis >= mesh.rank:
        raise ShardingVerifyError(f"{where}: mesh axis {axis} is out of range for mesh @{mesh_name} of rank "
                                  f"{mesh.rank}")


def check_mesh_axes(axes: Sequence[int], mesh: Optional["MeshOp"], mesh_name: str, what: str) -> None:
    """Raise ShardingVerifyError unless ``axes`` are distinct, in-range axes of ``mesh`` (``what``
    names the list, e.g. ``mesh_axes``). Upstream MLIR mesh verifies collectives' mesh_axes this way."""
    seen: set[int] = set()
    for a in axes:
        _check_mesh_axis(a, mesh, mesh_name, what)
        if a in seen:
            raise ShardingVerifyError(f"{what}: mesh axis {a} is listed twice")
        seen.add(a)


def _group_size(mesh: Optional["MeshOp"], axes: Sequence[int]) -> Optional[int]:
    """Devices in a group over mesh ``axes`` (product of their sizes); None when unknown (dynamic)."""
    if mesh is None:
        return None
    k = 1
    for a in axes:
        size = mesh.shape[a] if 0 <= a < mesh.rank else None
        if size is None:
            return None
        k *= size
    return k


def _dim_offsets(s: ShardingAttr, mesh: Optional["MeshOp"], dim: int) -> Optional[tuple[int, ...]]:
    """The ``k + 1`` boundaries ``sharded_dims_offsets`` gives tensor ``dim`` (None if undecidable)."""
    pos = 0
    for d, axes in enumerate(s.split_axes):
        if not axes:
            continue
        k = _group_size(mesh, axes)
        if k is None:
            return None
        if d == dim:
            chunk = s.sharded_dims_offsets[pos:pos + k + 1]
            return chunk if len(chunk) == k + 1 else None
        pos += k + 1
    return None


def check_sharding(sharding: ShardingAttr, tensor_type: Optional[Type] = None,
                   mesh: Optional["MeshOp"] = None) -> None:
    """Check ``sharding`` on its own, against ``mesh`` (its ``mesh.mesh`` op, if known) and against
    ``tensor_type`` (the annotated tensor, if known). Entries equal to :data:`DYNAMIC_INDEX` in
    ``halo_sizes``/``sharded_dims_offsets`` (SSA values) are skipped.

    Rules (MLIR mesh ``MeshSharding``/``mesh.sharding`` verifiers, LLVM 19/20 docs):
      * every mesh axis is in range of the mesh rank and used at most once, across split and partial axes
        (so partial axes are disjoint from split axes);
      * at most rank(tensor) split-axes entries (trailing empty ones do not count);
      * the partial reduction kind is one of :data:`REDUCTION_KINDS`, and not ``generic``;
      * ``halo_sizes`` has 2 non-negative entries per split tensor dim; ``sharded_dims_offsets`` has
        ``k + 1`` entries per split dim (``k`` = devices splitting it), starting at 0, non-decreasing and
        ending at the dim size; the two are mutually exclusive.

    Raises:
        ShardingVerifyError: the first violation, naming the axis, dim or count.
    """
    _check_axes_use(sharding, mesh)
    if sharding.partial_axes:
        kind = sharding.partial_type
        if kind not in REDUCTION_KINDS:
            raise ShardingVerifyError(f"unknown reduction kind '{kind}' (expected one of "
                                      f"{', '.join(k for k in REDUCTION_KINDS if k != 'generic')})")
        if kind == "generic":
            raise ShardingVerifyError("reduction kind 'generic' is not allowed in a sharding")
    if isinstance(tensor_type, TensorType) and len(sharding.split_axes) > tensor_type.rank:
        raise ShardingVerifyError(f"sharding has {len(sharding.split_axes)} split-axes entries but the tensor has "
                                  f"rank {tensor_type.rank}")
    if sharding.halo_sizes and sharding.sharded_dims_offsets:
        raise ShardingVerifyError("halo_sizes and sharded_dims_offsets are mutually exclusive")
    _check_halo(sharding)
    _check_offsets(sharding, tensor_type, mesh)


def _check_axes_use(sharding: ShardingAttr, mesh: Optional["MeshOp"]) -> None:
    """Mesh axes in range, each used once across split and partial axes."""
    seen: dict[int, str] = {}
    for d, axes in enumerate(sharding.split_axes):
        where = f"split axes of tensor dim {d}"
        for a in axes:
            _check_mesh_axis(a, mesh, sharding.mesh, where)
            if a in seen:
                raise ShardingVerifyError(f"mesh axis {a} is used more than once (in {seen[a]} and in {where})")
            seen[a] = where
    for a in sharding.partial_axes:
        _check_mesh_axis(a, mesh, sharding.mesh, "partial axes")
        if a in seen:
            if seen[a] == "partial axes":
                raise ShardingVerifyError(f"partial axis {a} is listed twice")
            raise ShardingVerifyError(f"partial axis {a} is also used in {seen[a]}; partial and split axes must be "
                                      "disjoint")
        seen[a] = "partial axes"


def _sharded_dims(sharding: ShardingAttr) -> list[int]:
    return [d for d, axes in enumerate(sharding.split_axes) if axes]


def _check_halo(sharding: ShardingAttr) -> None:
    """(low, high) per split tensor dim, none negative (LLVM 20 ``halo_sizes``)."""
    halo = sharding.halo_sizes
    if not halo:
        return
    n = len(_sharded_dims(sharding))
    if len(halo) != 2 * n:
        raise ShardingVerifyError(f"halo_sizes has {len(halo)} entries; expected 2 per split tensor dim ({2 * n})")
    for h in halo:
        if h != DYNAMIC_INDEX and h < 0:
            raise ShardingVerifyError(f"halo size {h} is negative")


def _check_offsets(sharding: ShardingAttr, tensor_type: Optional[Type], mesh: Optional["MeshOp"]) -> None:
    """``k + 1`` boundaries per split dim, from 0 up to the dim size (LLVM 20 ``sharded_dims_offsets``)."""
    offsets = sharding.sharded_dims_offsets
    if not offsets:
        return
    sharded = _sharded_dims(sharding)
    counts = [_group_size(mesh, sharding.split_axes[d]) for d in sharded]
    if mesh is None or any(k is None for k in counts):
        return  # the number of shards per dim is not known before the mesh shape is
    expected = sum(k + 1 for k in counts)  # type: ignore[operator]
    if len(offsets) != expected:
        raise ShardingVerifyError(f"sharded_dims_offsets has {len(offsets)} entries; expected {expected} "
                                  "(number of shards + 1 for each split tensor dim)")
    for d in sharded:
        bounds = _dim_offsets(sharding, mesh, d) or ()
        static = [b for b in bounds if b != DYNAMIC_INDEX]
        if (bounds and bounds[0] not in (0, DYNAMIC_INDEX)) or any(b < a for a, b in zip(static, static[1:])):
            raise ShardingVerifyError(f"sharded_dims_offsets of tensor dim {d} must start at 0 and not "
                                      f"decrease, got {_axes_text(bounds)}")
        if isinstance(tensor_type, TensorType) and d < tensor_type.rank:
            size = tensor_type.shape[d]
            if size is not None and bounds and bounds[-1] not in (size, DYNAMIC_INDEX):
                raise ShardingVerifyError(f"sharded_dims_offsets of tensor dim {d} end at {bounds[-1]} but the "
                                          f"dim has size {size}")


def verify_sharding(attr: Union[ShardingAttr, ShardEncodingAttr], tensor_type: Optional[Type], module,
                    loc: Location, prefix: str = "") -> None:
    """Verify a sharding (inline attribute or ``#mesh.shard`` encoding) for a verifier.

    ``module`` is the ``builtin.module`` whose symbol table holds the mesh (None skips the checks
    that need the mesh); ``tensor_type`` is the annotated tensor (None skips rank checks).
    See :func:`check_sharding` for the rules.

    Raises:
        DiagnosticError: at ``loc``, message ``prefix`` + the problem (the mesh is undefined or not a
            mesh, or a rule of :func:`check_sharding` fails).
    """
    sharding = attr.sharding if isinstance(attr, ShardEncodingAttr) else attr
    try:
        mesh = lookup_mesh(module, sharding.mesh) if module is not None else None
        check_sharding(sharding, tensor_type, mesh)
    except ShardingVerifyError as err:
        raise DiagnosticError(f"{prefix}{err}", loc) from None


def verify_op_shardings(op: Operation) -> None:
    """Verify every ``#mesh.shard`` encoding in the types of ``op``'s operands, results and region
    entry-block arguments (a function's arguments), with :func:`verify_sharding`.

    Any verifier may call this for any op (it only reads types).

    Raises:
        DiagnosticError: at ``op``, naming the operand/result/argument and its type.
    """
    module = None  # looked up at the first sharded type (most ops have none)
    groups = [("operand", list(op.operands)), ("result", list(op.results))]
    for r, region in enumerate(op.regions):
        if region.blocks:
            groups.append((f"region #{r} argument", list(region.blocks[0].args)))
    for what, values in groups:
        for i, v in enumerate(values):
            s = sharding_of(v.type)
            if s is not None:
                if module is None:
                    module = enclosing_module(op)
                verify_sharding(s, v.type, module, op.location, f"'{op.name}' op {what} #{i} of type '{v.type}': ")


def shard_type_problem(global_type: Type, local_type: Type, mesh: Optional["MeshOp"]) -> Optional[str]:
    """Why ``local_type`` cannot be one process's shard of the distributed ``global_type`` (None if it
    can, or if that is undecidable: dynamic sizes or mesh axes, halos).

    Split dims follow ``sharded_dims_offsets`` when given, else meshc's balanced rule (DESIGN.md);
    dims that are not split must keep their size. Element types must match.
    """
    if not isinstance(global_type, TensorType) or not isinstance(local_type, TensorType):
        return None if global_type == local_type else f"expected '{global_type}'"
    if global_type.element_type != local_type.element_type:
        return f"element type '{local_type.element_type}' differs from '{global_type.element_type}'"
    if global_type.rank != local_type.rank:
        return f"rank {local_type.rank} differs from {global_type.rank}"
    s = sharding_of(global_type)
    for d, (gn, ln) in enumerate(zip(global_type.shape, local_type.shape)):
        if gn is None or ln is None:
            continue
        axes = s.dim_axes(d) if s is not None else ()
        if not axes:
            if gn != ln:
                return f"dim {d} has size {ln}, expected {gn} (the dim is not split)"
            continue
        if s.halo_sizes:  # type: ignore[union-attr]
            continue
        k = _group_size(mesh, axes)
        if k is None or k == 0:
            continue
        if s.sharded_dims_offsets:  # type: ignore[union-attr]
            bounds = _dim_offsets(s, mesh, d)  # type: ignore[arg-type]
            if bounds is None or DYNAMIC_INDEX in bounds:
                continue
            allowed = tuple(sorted({b - a for a, b in zip(bounds, bounds[1:])}))
        else:
            allowed = balanced_shard_sizes(gn, k)
        if ln not in allowed:
            return f"dim {d} has size {ln}, expected {_alternatives(allowed)} ({gn} split over {k} devices)"
    return None


# ---------------------------------------------------------------------------------------------------------------
# Clauses: the ``key = value`` parts of the custom forms
# ---------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Clause:
    """One ``key = value`` clause of a mesh op's custom form (upstream assembly formats).

    ``kind`` says what the value is and how it is stored in ``attributes[attr_name]``:

    ==============  ============================  ==============================================
    kind            written                       stored
    ==============  ============================  ==============================================
    ``axes``        ``[0, 1]``                    DenseArrayAttr i16 (omitted when empty)
    ``axes_array``  ``[[0], [], [1]]``            ArrayAttr of DenseArrayAttr i16
    ``index``       ``1``                         IntegerAttr of type index
    ``int``         ``-1``                        IntegerAttr i64
    ``reduction``   ``max`` (or ``<max>``)        StringAttr (omitted when equal to ``default``)
    ``partial``     ``sum [1]``                   ``partial_type`` StringAttr + ``partial_axes``
    ``dyn_list``    ``[1, %a]``                   DenseArrayAttr i64, SSA entries as
                                                  :data:`DYNAMIC_INDEX` plus operands of type
                                                  ``operand_type``
    ``flag``        ``rotate``                    UnitAttr
    ==============  ============================  ==============================================

    ``spellings`` are other accepted keywords (LLVM 21+ ``grid_axes``).
    """

    key: str
    kind: str
    attr: str = ""
    required: bool = False
    spellings: tuple[str, ...] = ()
    operand_type: Type = INDEX
    default: Optional[str] = None

    @property
    def attr_name(self) -> str:
        return self.attr or self.key


MESH_AXES = Clause("mesh_axes", "axes", spellings=("grid_axes",))
REDUCTION = Clause("reduction", "reduction", default="sum")


def _entry_text(p, e: Entry) -> str:
    return p.value(e) if isinstance(e, Value) else str(e)


class MeshDialectOp(Operation):
    """Base of the mesh ops that name a mesh (``attributes["mesh"]``): clause-driven printing,
    static/dynamic index lists, the mesh lookup, and the ``#mesh.shard`` checks of operand and
    result types (:func:`verify_op_shardings`) before the op's own :meth:`verify_mesh_op`."""

    clauses: ClassVar[tuple[Clause, ...]] = ()
    #: operands that precede the SSA entries of the dynamic index lists
    fixed_operands: ClassVar[int] = 0
    #: attributes whose DYNAMIC_INDEX entries are operands (in this order); None = the dyn_list clauses
    dynamic_lists: ClassVar[Optional[tuple[str, ...]]] = None
    #: False for ops whose operand count is not fixed by the lists (they check it themselves)
    verify_operand_count: ClassVar[bool] = True
    #: False for ops that name their mesh elsewhere (mesh.shard: in its sharding)
    has_mesh_attr: ClassVar[bool] = True

    # -- accessors ----------------------------------------------------------------------------------------------
    @property
    def mesh_name(self) -> str:
        """The mesh symbol name (without ``@``)."""
        return self.attributes["mesh"].root  # type: ignore[attr-defined]

    def mesh_op(self) -> Optional["MeshOp"]:
        """The ``mesh.mesh`` this op names, or None outside a module.

        Raises:
            DiagnosticError: the symbol is undefined or not a mesh.
        """
        module = enclosing_module(self)
        if module is None:
            return None
        try:
            return lookup_mesh(module, self.mesh_name)
        except ShardingVerifyError as err:
            raise self.error(str(err)) from None

    def axes(self, attr_name: str) -> tuple[int, ...]:
        """The integers of an ``axes`` attribute (``()`` when absent)."""
        return _int_values(self.attributes.get(attr_name))

    def _list_names(self) -> tuple[str, ...]:
        if self.dynamic_lists is not None:
            return self.dynamic_lists
        return tuple(c.attr_name for c in self.clauses if c.kind == "dyn_list")

    def dynamic_list(self, attr_name: str) -> Optional[list[Entry]]:
        """A static/dynamic index list: ints, and the operand Values at DYNAMIC_INDEX entries
        (None when the attribute is absent)."""
        pos = self.fixed_operands
        for name in self._list_names():
            statics = _int_values(self.attributes.get(name))
            if name == attr_name:
                if name not in self.attributes:
                    return None
                out: list[Entry] = []
                for v in statics:
                    if v == DYNAMIC_INDEX:
                        out.append(self.operands[pos])
                        pos += 1
                    else:
                        out.append(v)
                return out
            pos += sum(1 for v in statics if v == DYNAMIC_INDEX)
        raise KeyError(attr_name)

    def _expected_operands(self) -> int:
        return self.fixed_operands + sum(sum(1 for v in _int_values(self.attributes.get(n)) if v == DYNAMIC_INDEX)
                                         for n in self._list_names())

    # -- verification ---------------------------------------------------------------------------------------------
    def verify_(self) -> None:
        if self.has_mesh_attr and not isinstance(self.attributes.get("mesh"), SymbolRefAttr):
            raise self.error("requires a 'mesh' symbol attribute")
        want = self._expected_operands()
        if self.verify_operand_count and len(self.operands) != want:
            raise self.error(f"expects {want} operands, got {len(self.operands)}")
        self.verify_clause_kinds()
        verify_op_shardings(self)
        self.verify_mesh_op()

    def verify_clause_kinds(self) -> None:
        """Each present clause attribute has the kind its custom form prints
        (integers for index/int clauses, strings for reduction kinds), so the
        custom form never drops or garbles what the generic form gave."""
        from meshc.ir.attributes import IntegerAttr

        for c in self.clauses:
            a = self.attributes.get(c.attr_name)
            if a is None and c.required:  # the custom form cannot omit it (fuzzer find)
                raise self.error(f"requires attribute '{c.attr_name}'")
            if a is None:
                continue
            if c.kind in ("index", "int") and not isinstance(a, IntegerAttr):
                raise self.error(f"attribute '{c.attr_name}' must be an integer, got '{a}'")
            if c.kind == "reduction" and not isinstance(a, StringAttr):
                raise self.error(f"attribute '{c.attr_name}' must be a reduction kind string, got '{a}'")
        kind = self.attributes.get("partial_type")
        if kind is not None and not isinstance(kind, StringAttr):
            raise self.error(f"attribute 'partial_type' must be a reduction kind string, got '{kind}'")

    def verify_mesh_op(self) -> None:
        """Op-specific checks (override)."""

    def check_axes(self, axes: Sequence[int], mesh: Optional["MeshOp"], what: str) -> None:
        """:func:`check_mesh_axes` as a located error of this op."""
        try:
            check_mesh_axes(axes, mesh, self.mesh_name, what)
        except ShardingVerifyError as err:
            raise self.error(str(err)) from None

    def check_index_results(self, count: int, why: str) -> None:
        """Raise unless the op has ``count`` results, all of type index."""
        if len(self.results) != count:
            raise self.error(f"expects {count} results ({why}), got {len(self.results)}")
        for i, r in enumerate(self.results):
            if r.type != INDEX:
                raise self.error(f"result #{i} must be 'index', got '{r.type}'")

    # -- printing -------------------------------------------------------------------------------------------------
    def clauses_text(self, p) -> str:
        """`` key = value`` for each present clause, in the op's clause order."""
        out = []
        for c in self.clauses:
            a = self.attributes.get(c.attr_name)
            if a is None:
                continue
            if c.kind == "flag":
                out.append(f" {c.key}")
            elif c.kind == "axes":
                if _int_values(a) or c.required:  # a required clause prints even when empty (fuzzer find)
                    out.append(f" {c.key} = {_axes_text(_int_values(a))}")
            elif c.kind == "axes_array":
                out.append(f" {c.key} = {_split_text(_split_values(a))}")
            elif c.kind in ("index", "int"):
                out.append(f" {c.key} = {a.value}")  # type: ignore[attr-defined]
            elif c.kind == "reduction":
                out.append(f" {c.key} = {a.value}")  # type: ignore[attr-defined]
            elif c.kind == "partial":
                kind = self.attributes.get("partial_type")
                out.append(f" {c.key} = {kind.value if kind is not None else 'sum'} "  # type: ignore[attr-defined]
                           f"{_axes_text(_int_values(a))}")
            elif c.kind == "dyn_list":
                entries = self.dynamic_list(c.attr_name) or []
                out.append(f" {c.key} = [" + ", ".join(_entry_text(p, e) for e in entries) + "]")
        return "".join(out)

    def clause_attr_names(self) -> tuple[str, ...]:
        names = ["mesh"]
        for c in self.clauses:
            names.append(c.attr_name)
            if c.kind == "partial":
                names.append("partial_type")
        return tuple(names)


# ---------------------------------------------------------------------------------------------------------------
# mesh.mesh
# ---------------------------------------------------------------------------------------------------------------

@register_op
class MeshOp(Operation):
    """``mesh.mesh @m(shape = 2x4, peered_memory_axes = [1])`` (LLVM 21+ ``shard.grid``).

    ``shape`` holds each mesh axis size (None for ``?``), stored as ``array<i64>`` with
    :data:`DYNAMIC_INDEX` for ``?`` as upstream; ``peered_memory_axes`` (seed 000) are the axes along
    which devices share memory, stored as ``array<i16>`` when not empty.
    Verified: rank >= 1, static sizes > 0, peered axes in range and not repeated.
    """

    name = "mesh.mesh"
    aliases = ("shard.grid",)
    traits = frozenset({"Symbol", "Pure"})

    @classmethod
    def build(cls, sym_name: str, shape: Sequence[Optional[int]], peered_memory_axes: Sequence[int] = (),
              loc: Location = UNKNOWN_LOC) -> "MeshOp":
        attrs: dict[str, Attribute] = {
            "sym_name": StringAttr(sym_name),
            "shape": DenseArrayAttr(I64, tuple(DYNAMIC_INDEX if s is None else int(s) for s in shape)),
        }
        if peered_memory_axes:
            attrs["peered_memory_axes"] = DenseArrayAttr(I16, tuple(int(a) for a in peered_memory_axes))
        return cls.create(attributes=attrs, location=loc)  # type: ignore[return-value]

    @property
    def sym_name(self) -> str:
        return self.attributes["sym_name"].value  # type: ignore[attr-defined]

    @property
    def shape(self) -> tuple[Optional[int], ...]:
        """Mesh axis sizes, None for a dynamic ``?`` axis."""
        return tuple(None if v == DYNAMIC_INDEX else v for v in _int_values(self.attributes["shape"]))

    @property
    def peered_memory_axes(self) -> tuple[int, ...]:
        return _int_values(self.attributes.get("peered_memory_axes"))

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def is_static(self) -> bool:
        return all(s is not None for s in self.shape)

    def as_mesh(self):
        """This mesh as a :class:`meshc.sharding.spec.Mesh` (the pure arithmetic model)."""
        from meshc.sharding.spec import Mesh

        return Mesh(self.sym_name, self.shape, self.peered_memory_axes)

    def verify_(self) -> None:
        if not isinstance(self.attributes.get("sym_name"), StringAttr):
            raise self.error("requires a 'sym_name' string attribute")
        if self.operands or self.results or self.regions:
            raise self.error("takes no operands, results or regions")
        shape = self.shape
        if not shape:
            raise self.error("rank of mesh is expected to be a positive integer")
        for axis, size in enumerate(shape):
            if size is not None and size <= 0:
                raise self.error(f"mesh axis {axis} has size {size}; sizes must be positive or '?'")
        try:
            check_mesh_axes(self.peered_memory_axes, self, self.sym_name, "peered_memory_axes")
        except ShardingVerifyError as err:
            raise self.error(str(err)) from None

    def print_custom(self, p) -> None:
        dims = "x".join("?" if s is None else str(s) for s in self.shape)
        p.write(f" {SymbolRefAttr(self.sym_name)}(shape = {dims}")
        if self.peered_memory_axes:
            p.write(f", peered_memory_axes = {_axes_text(self.peered_memory_axes)}")
        p.write(")" + p.attr_dict(self.attributes, ("sym_name", "shape", "peered_memory_axes")))


# ---------------------------------------------------------------------------------------------------------------
# mesh.sharding and mesh.shard
# ---------------------------------------------------------------------------------------------------------------

@register_op
class ShardingOp(MeshDialectOp):
    """``%s = mesh.sharding @m split_axes = [[0]] partial = sum [1] halo_sizes = [1, 2] : !mesh.sharding``
    (LLVM 20; ``shard.sharding`` in LLVM 21+): a sharding as an SSA value.

    Halo sizes and offsets may hold SSA i64 values (``[1, %h]``). A static one folds into the inline
    sharding of the ``mesh.shard`` ops that use it, and then disappears (DESIGN.md; see
    :func:`post_parse`).
    """

    name = "mesh.sharding"
    aliases = ("shard.sharding",)
    traits = frozenset({"Pure"})
    clauses = (Clause("split_axes", "axes_array", required=True),
               Clause("partial", "partial", attr="partial_axes"),
               Clause("halo_sizes", "dyn_list", attr="static_halo_sizes", operand_type=I64),
               Clause("sharded_dims_offsets", "dyn_list", attr="static_sharded_dims_offsets", operand_type=I64))

    @classmethod
    def build(cls, sharding: ShardingAttr, loc: Location = UNKNOWN_LOC) -> "ShardingOp":
        """The op defining the static ``sharding``."""
        attrs: dict[str, Attribute] = {"mesh": SymbolRefAttr(sharding.mesh),
                                       "split_axes": _split_attr(sharding.split_axes)}
        if sharding.partial_axes:
            attrs["partial_axes"] = DenseArrayAttr(I16, sharding.partial_axes)
            attrs["partial_type"] = StringAttr(sharding.partial_type)
        if sharding.halo_sizes:
            attrs["static_halo_sizes"] = DenseArrayAttr(I64, sharding.halo_sizes)
        if sharding.sharded_dims_offsets:
            attrs["static_sharded_dims_offsets"] = DenseArrayAttr(I64, sharding.sharded_dims_offsets)
        return cls.create(result_types=[SHARDING_TYPE], attributes=attrs, location=loc)  # type: ignore

    def _with_markers(self) -> ShardingAttr:
        """The sharding with DYNAMIC_INDEX where an SSA value stands."""
        kind = self.attributes.get("partial_type")
        return ShardingAttr(self.mesh_name, _split_values(self.attributes.get("split_axes")),
                            self.axes("partial_axes"), kind.value if isinstance(kind, StringAttr) else "sum",
                            _int_values(self.attributes.get("static_halo_sizes")),
                            _int_values(self.attributes.get("static_sharded_dims_offsets")))

    @property
    def sharding(self) -> Optional[ShardingAttr]:
        """The sharding as an attribute, or None when some halo size/offset is an SSA value."""
        return None if self.operands else self._with_markers()

    def verify_mesh_op(self) -> None:
        if len(self.results) != 1 or not is_sharding_type(self.results[0].type):
            raise self.error("expects one result of type '!mesh.sharding'")
        if "split_axes" not in self.attributes:
            raise self.error("requires attribute 'split_axes'")
        for i, v in enumerate(self.operands):
            if v.type != I64:
                raise self.error(f"dynamic halo size/offset #{i} must be 'i64', got '{v.type}'")
        verify_sharding(self._with_markers(), None, enclosing_module(self), self.location, f"'{self.name}' op ")

    def print_custom(self, p) -> None:
        p.write(f" {SymbolRefAttr(self.mesh_name)}" + self.clauses_text(p))
        p.write(p.attr_dict(self.attributes, self.clause_attr_names()) + f" : {SHARDING_TYPE}")


@register_op
class ShardOp(MeshDialectOp):
    """``%r = mesh.shard %x to <@m, [[0]]> [annotate_for_users] : T`` (LLVM 19 inline sharding, the
    canonical form) or ``mesh.shard %x to %s ...`` (LLVM 20 value form; ``shard.shard`` in LLVM 21+).

    The inline sharding is the ``shard`` attribute; the value form keeps the sharding as operand #1
    only when it cannot be folded (a block argument, or a ``mesh.sharding`` with SSA halo sizes).
    ``annotate_for_users`` (unit attribute) says the sharding applies to the users of ``%x`` rather
    than to its definition (upstream semantics). The result has the operand's type.
    """

    name = "mesh.shard"
    aliases = ("shard.shard",)
    traits = frozenset({"Pure"})
    verify_operand_count = False
    has_mesh_attr = False

    @classmethod
    def build(cls, src: Value, sharding: ShardingAttr, annotate_for_users: bool = False,
              loc: Location = UNKNOWN_LOC, distributed: bool = False, peer_read: bool = False) -> "ShardOp":
        """An annotation (result type = operand type), or with ``distributed`` a resharding point whose
        result type is the operand's with ``sharding`` (``peer_read`` marks it to be read in place)."""
        attrs: dict[str, Attribute] = {"shard": sharding}
        if annotate_for_users:
            attrs["annotate_for_users"] = UnitAttr()
        if peer_read:
            attrs["peer_read"] = UnitAttr()
        rt = with_sharding(src.type, sharding) if distributed else src.type  # type: ignore[arg-type]
        return cls.create([src], [rt], attrs, location=loc)  # type: ignore[return-value]

    @property
    def src(self) -> Value:
        return self.operands[0]

    @property
    def sharding(self) -> Optional[ShardingAttr]:
        """The sharding: the inline attribute, or the one of a static defining ``mesh.sharding``
        (None for a block argument or a sharding with SSA entries)."""
        a = self.attributes.get("shard")
        if isinstance(a, ShardEncodingAttr):
            return a.sharding
        if isinstance(a, ShardingAttr):
            return a
        v = self.sharding_value
        if isinstance(v, OpResult) and isinstance(v.op, ShardingOp):
            return v.op.sharding
        return None

    @property
    def sharding_value(self) -> Optional[Value]:
        """The ``!mesh.sharding`` operand of the value form (None for the inline form)."""
        return self.operands[1] if len(self.operands) > 1 else None

    @property
    def annotate_for_users(self) -> bool:
        return "annotate_for_users" in self.attributes

    @property
    def mesh_name(self) -> str:
        s = self.sharding
        if s is not None:
            return s.mesh
        v = self.sharding_value
        if isinstance(v, OpResult) and isinstance(v.op, ShardingOp):
            return v.op.mesh_name
        raise KeyError("sharding")

    def fold_sharding_value(self) -> bool:
        """Turn the value form into the inline form when the operand is defined by a static
        ``mesh.sharding`` (the defining op is left in place, maybe without uses). Returns True if folded."""
        v = self.sharding_value
        if isinstance(v, OpResult) and isinstance(v.op, ShardingOp) and v.op.sharding is not None:
            self.attributes = {"shard": v.op.sharding, **self.attributes}
            self.set_operands([self.src])
            return True
        return False

    def verify_mesh_op(self) -> None:
        inline = self.attributes.get("shard")
        if len(self.results) != 1:
            raise self.error(f"expects one result, got {len(self.results)}")
        if (inline is None) == (len(self.operands) != 2) or len(self.operands) not in (1, 2):
            raise self.error("expects either an inline sharding attribute 'shard' or a '!mesh.sharding' operand")
        if inline is not None and not isinstance(inline, (ShardingAttr, ShardEncodingAttr)):
            raise self.error(f"attribute 'shard' must be a sharding such as '<@mesh, [[0]]>', got '{inline}'")
        if not isinstance(self.src.type, TensorType):
            raise self.error(f"operand must be a ranked tensor, got '{self.src.type}'")
        if self.src.type != self.results[0].type:
            self._verify_resharding_point()
        v = self.sharding_value
        if v is not None and not is_sharding_type(v.type):
            raise self.error(f"sharding operand must be '!mesh.sharding', got '{v.type}'")
        s = self.sharding
        if s is None and isinstance(v, OpResult) and isinstance(v.op, ShardingOp):
            s = v.op._with_markers()
        if s is not None:
            verify_sharding(s, self.src.type, enclosing_module(self), self.location, f"'{self.name}' op ")

    def _verify_resharding_point(self) -> None:
        """``T_A -> T_B`` (PIPELINE.md stage 3): both distributed, equal but for the sharding, and the
        result's sharding is the op's."""
        t_in, t_out = self.src.type, self.results[0].type
        if sharding_of(t_in) is None or sharding_of(t_out) is None:
            raise self.error(f"expects the result type '{t_out}' to equal the operand type '{t_in}' (a resharding "
                             "point 'T_A -> T_B' needs '#mesh.shard' encodings on both types)")
        if strip_sharding(t_in) != strip_sharding(t_out):
            raise self.error(f"operand type '{t_in}' and result type '{t_out}' may differ only in their sharding")
        if self.sharding is not None and sharding_of(t_out) != self.sharding:
            raise self.error(f"result type '{t_out}' does not carry the sharding {self.sharding} of the op")

    @property
    def is_resharding_point(self) -> bool:
        """True for the distributed form ``mesh.shard %x to B : T_A -> T_B`` (the types differ)."""
        return self.src.type != self.results[0].type

    @property
    def peer_read(self) -> bool:
        """The ``peer_read`` unit attribute: the resharding is done by reading the source in place
        (``reshard{strategy=peer}``; partition lowers it to slices of the source)."""
        return "peer_read" in self.attributes

    def print_custom(self, p) -> None:
        s = self.attributes.get("shard")
        if isinstance(s, ShardEncodingAttr):
            s = s.sharding
        target = str(s) if s is not None else p.value(self.sharding_value)  # type: ignore[arg-type]
        p.write(f" {p.value(self.src)} to {target}")
        if self.annotate_for_users:
            p.write(" annotate_for_users")
        types = f"{self.results[0].type}"
        if self.is_resharding_point:
            types = f"{self.src.type} -> {types}"
        p.write(p.attr_dict(self.attributes, ("shard", "annotate_for_users")) + f" : {types}")


def post_parse(module: Operation) -> None:
    """Parser hook, run once on each parsed module: fold every ``mesh.shard ... to %s`` whose ``%s``
    is defined by a static ``mesh.sharding`` into the inline form (generic-form input included), then
    erase the static ``mesh.sharding`` ops left without uses (DESIGN.md: such a sharding prints as the
    inline attribute and the op disappears; one that is a block argument keeps the value form).
    A ``mesh.sharding`` that fails verification stays, so its error points at its own line."""
    for op in list(module.walk()):
        if isinstance(op, ShardOp):
            op.fold_sharding_value()
    for op in list(module.walk(pre_order=False)):
        if isinstance(op, ShardingOp) and op.parent is not None and not op.results[0].uses \
                and op.sharding is not None and _verifies(op):
            op.erase()


def _verifies(op: "ShardingOp") -> bool:
    """True when ``op`` passes its checks; an invalid one is kept so that the verifier reports it at
    its own line rather than at the ``mesh.shard`` ops it was folded into."""
    try:
        op.verify_()
    except DiagnosticError:
        return False
    return True


# ---------------------------------------------------------------------------------------------------------------
# Process queries
# ---------------------------------------------------------------------------------------------------------------

class MeshQueryOp(MeshDialectOp):
    """Base of ``mesh.mesh_shape``/``process_multi_index``: one index result per mesh axis in ``axes``
    (every mesh axis when ``axes`` is absent or empty). Upstream MLIR mesh (LLVM 19)."""

    traits = frozenset({"Pure"})
    clauses = (Clause("axes", "axes"),)
    uses_on = True  # ``on @m`` (process queries) versus ``@m`` (mesh_shape)

    def verify_mesh_op(self) -> None:
        mesh = self.mesh_op()
        axes = self.axes("axes")
        self.check_axes(axes, mesh, "axes")
        if axes:
            self.check_index_results(len(axes), f"one per axis in {_axes_text(axes)}")
        elif mesh is not None:
            self.check_index_results(mesh.rank, f"one per axis of mesh @{self.mesh_name} of rank {mesh.rank}")

    def print_custom(self, p) -> None:
        p.write((" on " if self.uses_on else " ") + str(SymbolRefAttr(self.mesh_name)) + self.clauses_text(p))
        p.write(p.attr_dict(self.attributes, self.clause_attr_names()))
        p.write(" : " + p.types(r.type for r in self.results))


@register_op
class MeshShapeOp(MeshQueryOp):
    """``%n:2 = mesh.mesh_shape @m [axes = [0, 1]] : index, index`` — mesh axis sizes
    (LLVM 21+ ``shard.grid_shape``)."""

    name = "mesh.mesh_shape"
    aliases = ("shard.grid_shape",)
    uses_on = False


@register_op
class ProcessMultiIndexOp(MeshQueryOp):
    """``%i:2 = mesh.process_multi_index on @m [axes = [..]] : index, index`` — this process's
    coordinates along the axes."""

    name = "mesh.process_multi_index"
    aliases = ("shard.process_multi_index",)


@register_op
class ProcessLinearIndexOp(MeshQueryOp):
    """``%i = mesh.process_linear_index on @m : index`` — this process's row-major linear index."""

    name = "mesh.process_linear_index"
    aliases = ("shard.process_linear_index",)
    clauses = ()

    def verify_mesh_op(self) -> None:
        self.mesh_op()
        self.check_index_results(1, "the linear index")


@register_op
class NeighborsLinearIndicesOp(MeshQueryOp):
    """``%down, %up = mesh.neighbors_linear_indices on @m[%i, %j] split_axes = [0] : index, index`` —
    linear indices of the previous and next process along ``split_axes`` from the device at the
    given multi-index (-1 where there is none). Upstream MLIR mesh (LLVM 20)."""

    name = "mesh.neighbors_linear_indices"
    aliases = ("shard.neighbors_linear_indices",)
    clauses = (Clause("split_axes", "axes", required=True),)
    verify_operand_count = False

    def verify_mesh_op(self) -> None:
        mesh = self.mesh_op()
        self.check_axes(self.axes("split_axes"), mesh, "split_axes")
        if mesh is not None and len(self.operands) != mesh.rank:
            raise self.error(f"expects a device multi-index of {mesh.rank} values for mesh @{self.mesh_name}, got "
                             f"{len(self.operands)}")
        for i, v in enumerate(self.operands):
            if v.type != INDEX:
                raise self.error(f"device index #{i} must be 'index', got '{v.type}'")
        self.check_index_results(2, "the neighbors below and above")

    def print_custom(self, p) -> None:
        p.write(f" on {SymbolRefAttr(self.mesh_name)}[{p.values(self.operands)}]" + self.clauses_text(p))
        p.write(p.attr_dict(self.attributes, self.clause_attr_names()))
        p.write(" : " + p.types(r.type for r in self.results))


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

    @property
    def input(self) -> Value:
        return self.operands[0]

    @property
    def is_unrolled(self) -> bool:
        """True for the unrolled N-operand form (PIPELINE.md stage 6, ``global_types`` attribute)."""
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
        """Same rank; dim ``split`` of the result is a balanced shard of the input's, dim ``gather`` of
        the input is a balanced shard of the result's (DESIGN.md's rule; the even case is upstream's
        ``result = input * k``); every other dim keeps its size. Dynamic sizes or group sizes skip."""
        if t_in.rank != t_out.rank:
            raise self.error(f"expects input and result of the same rank, got {t_in.rank} and {t_out.rank}")
        for d, (a, b) in enumerate(zip(t_in.shape, t_out.shape)):
            if a is None or b is None:
                continue
            if d == split and d == gather:
                global_n, local_n, role = a, b, None
                if a != b:
                    raise self.error(f"{what}: dim {d} is split and concatenated, so it must keep its size; got {a} "
                                     f"and {b}")
                continue
            if d == split:
                global_n, local_n, role = a, b, "result"
            elif d == gather:
                global_n, local_n, role = b, a, "input"
            else:
                if a != b:
                    raise self.error(f"dim {d} must keep its size, got {a} in the input and {b} in the result")
                continue
            if k is None or k == 0:
                continue
            allowed = balanced_shard_sizes(global_n, k)
            if local_n not in allowed:
                raise self.error(f"{what}: {role} dim {d} has size {local_n} but a shard of {global_n} over {k} "
                                 f"devices has size {_alternatives(allowed)}")


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


def _root(key: str = "root", required: bool = True) -> Clause:
    return Clause(key, "dyn_list", required=required)


@_collective("all_gather", (MESH_AXES, Clause("gather_axis", "index", required=True)))
class AllGatherOp(CollectiveOp):
    """``mesh.all_gather %x on @m mesh_axes = [0] gather_axis = 1 : T -> T2``: concatenate the
    group's pieces along ``gather_axis`` (the input is a shard of the result)."""

    def verify_shapes(self, t_in, t_out, k):
        self.same_element_type(t_in, t_out)
        axis = self.tensor_axis("gather_axis", t_in)
        self.shard_dims(t_in, t_out, k, None, axis, "gather_axis")

    def step(self, result_sharding=None, mesh=None):
        from meshc.sharding.steps import AllGather

        return AllGather(self.mesh_axes, self.axis_attr("gather_axis"))


@_collective("all_reduce", (MESH_AXES, REDUCTION))
class AllReduceOp(CollectiveOp):
    """``mesh.all_reduce %x on @m mesh_axes = [0] [reduction = max] : T -> T2``: element-wise
    reduction over the group (the result element type may differ: it is the accumulator's)."""

    def verify_shapes(self, t_in, t_out, k):
        self.same_shape(t_in, t_out)

    def step(self, result_sharding=None, mesh=None):
        from meshc.sharding.steps import AllReduce

        return AllReduce(self.mesh_axes, self.reduction)


@_collective("all_slice", (MESH_AXES, Clause("slice_axis", "index", required=True)))
class AllSliceOp(CollectiveOp):
    """``mesh.all_slice %x on @m mesh_axes = [0] slice_axis = 0 : T -> T2``: each process keeps its
    piece along ``slice_axis`` (the inverse of all_gather; no traffic)."""

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

    def verify_shapes(self, t_in, t_out, k):
        self.same_element_type(t_in, t_out)
        split = self.tensor_axis("split_axis", t_in)
        concat = self.tensor_axis("concat_axis", t_in)
        self.shard_dims(t_in, t_out, k, split, concat, "all_to_all")

    def step(self, result_sharding=None, mesh=None):
        from meshc.sharding.steps import AllToAll

        return AllToAll(self.mesh_axes, self.axis_attr("concat_axis"), self.axis_attr("split_axis"))


@_collective("reduce_scatter", (MESH_AXES, REDUCTION, Clause("scatter_axis", "index", required=True)))
class ReduceScatterOp(CollectiveOp):
    """``mesh.reduce_scatter %x on @m mesh_axes = [0] [reduction = sum] scatter_axis = 0 : T -> T2``:
    reduce over the group, each process keeps its piece along ``scatter_axis``."""

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


@_collective("scatter", (MESH_AXES, Clause("scatter_axis", "index", required=True), _root()), "functional")
class ScatterOp(CollectiveOp):
    """``mesh.scatter %x on @m mesh_axes = [0] scatter_axis = 0 root = [0] : (T) -> T2``: the root's
    tensor split along ``scatter_axis`` over the group."""

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
    one of ``mesh_axes``), cyclically with ``rotate``."""

    def verify_shapes(self, t_in, t_out, k):
        self.same_element_type(t_in, t_out)
        self.same_shape(t_in, t_out)
        axis = self.axis_attr("shift_axis")
        if axis not in self.mesh_axes:
            raise self.error(f"shift_axis {axis} is not one of mesh_axes {_axes_text(self.mesh_axes)}")


@register_op
class UpdateHaloOp(MeshDialectOp):
    """``%r = mesh.update_halo %x on @m split_axes = [[0]] halo_sizes = [1, 1] : T`` (LLVM 20): refresh
    the halo cells of each shard of ``%x`` from its neighbours along ``split_axes``. Halo sizes are
    2 per split tensor dim (low, high) and may be SSA i64 values. The result has the operand's type.

    Global view (meshc, PIPELINE.md stage 4): ``: T_A -> T_B`` where ``T_B`` is ``T_A`` with the
    op's ``halo_sizes`` (a halo change requested by a reshard); and the unrolled N-operand form."""

    name = "mesh.update_halo"
    aliases = ("shard.update_halo",)
    traits = frozenset({"Pure"})
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
        if not isinstance(t, TensorType) or t.rank == 0:
            raise self.error(f"destination must be a ranked tensor of rank >= 1, got '{t}'")
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


# ---------------------------------------------------------------------------------------------------------------
# Global view and unrolled form of the collectives (PIPELINE.md stages 4 and 6)
# ---------------------------------------------------------------------------------------------------------------

#: Attribute of the unrolled N-operand form: ``[T_source, T_result]``, the global distributed types.
UNROLLED_ATTR = "global_types"


@dataclass(frozen=True)
class Piece:
    """One stored shard of a distributed tensor on a static mesh (PIPELINE.md stage 6).

    ``devices`` hold it (ascending; ``devices[0]`` owns it), ``region`` is its ``(start, stop)`` per
    tensor dim in global element indices (halos included)."""

    devices: tuple[int, ...]
    region: tuple[tuple[int, int], ...]

    @property
    def owner(self) -> int:
        return self.devices[0]

    @property
    def offsets(self) -> tuple[int, ...]:
        return tuple(a for a, _ in self.region)

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(b - a for a, b in self.region)

    def local_type(self, global_type: TensorType) -> TensorType:
        """The type of this piece's value: the global type with the piece's shape and no sharding (a
        data-tiling encoding is kept)."""
        return TensorType(self.shape, global_type.element_type, data_encoding_of(global_type))


def storage_pieces(global_type: TensorType, mesh) -> list[Piece]:
    """The values a distributed tensor is stored as once unrolled, in the order of their owners.

    Seed 000 / DESIGN.md: devices of one peer group (differing only on ``peered_memory_axes``) that
    hold the same data -- same local region and same coordinates on the partial axes -- store it
    once, on the lowest device; every other device has its own value. ``mesh`` is a static
    :class:`meshc.sharding.Mesh`.

    Raises:
        ShardingVerifyError: ``global_type`` has no sharding or a dynamic shape, or the sharding
            does not fit the mesh (the message says which).
    """
    from meshc.sharding.shards import local_region
    from meshc.sharding.spec import ShardingError

    s = sharding_of(global_type)
    if s is None or not global_type.has_static_shape:
        raise ShardingVerifyError(f"'{global_type}' is not a distributed tensor of static shape")
    try:
        spec = s.to_spec()
        pieces: list[list] = []
        where: dict[tuple, int] = {}
        for d in mesh.devices():
            region = local_region(global_type.shape, spec, mesh, d)
            coords = mesh.coords_of(d)
            key = (tuple(mesh.peer_group(d)), region, tuple(coords[a] for a in spec.partial_axes))
            if key in where:
                pieces[where[key]][0].append(d)
            else:
                where[key] = len(pieces)
                pieces.append([[d], region])
    except ShardingError as err:
        raise ShardingVerifyError(str(err)) from None
    return [Piece(tuple(devs), region) for devs, region in pieces]


def piece_of_device(pieces: Sequence[Piece], device: int) -> int:
    """Index of the piece ``device`` holds (every device holds exactly one)."""
    for i, p in enumerate(pieces):
        if device in p.devices:
            return i
    raise ShardingVerifyError(f"no stored shard holds device {device}")


def _mesh_spec(op: Operation, mesh: Optional["MeshOp"]):
    return mesh.as_mesh() if mesh is not None else None


def verify_global_view(op: Operation, t_in: Type, t_out: Type, mesh: Optional["MeshOp"]) -> None:
    """A collective between distributed tensors (PIPELINE.md stage 4): both types carry a
    ``#mesh.shard`` on the op's mesh, the global shapes are equal, and the op's step
    (:meth:`CollectiveOp.step`) turns the operand's sharding into the result's
    (:func:`meshc.sharding.same_layout`). Reduction ops may change the element type.

    Raises:
        DiagnosticError: at ``op``, naming both shardings.
    """
    from meshc.sharding.reshard import same_layout
    from meshc.sharding.spec import ShardingError

    s_in, s_out = sharding_of(t_in), sharding_of(t_out)
    if s_in is None or s_out is None:
        raise op.error(f"in global view both types carry a '#mesh.shard' encoding, got '{t_in}' and '{t_out}'")
    name = op.mesh_name  # type: ignore[attr-defined]
    for s in (s_in, s_out):
        if s.mesh != name:
            raise op.error(f"works on mesh @{name} but the sharding {s} is on @{s.mesh}")
    assert isinstance(t_in, TensorType) and isinstance(t_out, TensorType)
    if t_in.shape != t_out.shape:
        raise op.error(f"in global view the operand and result have the same global shape, got '{t_in}' and "
                       f"'{t_out}'")
    reduces = op.name in ("mesh.all_reduce", "mesh.reduce_scatter")
    if not reduces and t_in.element_type != t_out.element_type:
        raise op.error(f"expects the same element type for input and result, got '{t_in.element_type}' and "
                       f"'{t_out.element_type}'")
    spec = _mesh_spec(op, mesh)
    if spec is None:
        return
    try:
        out_spec = s_out.to_spec()
        step = op.step(out_spec, spec)  # type: ignore[attr-defined]
        result = step.apply(s_in.to_spec(), spec, t_in.shape)
        same = same_layout(result, out_spec, spec, t_in.shape)
    except ShardingError as err:
        raise op.error(f"does not apply to the operand sharding {s_in}: {err}") from None
    if not same:
        raise op.error(f"turns the operand sharding {s_in} into {ShardingAttr.from_spec(result)}, not the result "
                       f"sharding {s_out}")


def unrolled_types(op: Operation) -> tuple[TensorType, TensorType]:
    """The global ``(source, result)`` types of an unrolled collective (its ``global_types``).

    Raises:
        DiagnosticError: the attribute is missing or not two distributed tensor types.
    """
    from meshc.ir.attributes import TypeAttr

    a = op.attributes.get(UNROLLED_ATTR)
    ok = isinstance(a, ArrayAttr) and len(a) == 2 and all(
        isinstance(e, TypeAttr) and isinstance(e.type, TensorType) and sharding_of(e.type) is not None for e in a)
    if not ok:
        raise op.error(f"'{UNROLLED_ATTR}' must be [source type, result type], two distributed tensor types, "
                       f"got '{a}'")
    return a[0].type, a[1].type  # type: ignore[index]


def verify_unrolled(op: Operation, mesh: Optional["MeshOp"]) -> None:
    """The unrolled N-operand form (PIPELINE.md stage 6): one operand per stored shard of the source
    (:func:`storage_pieces` of ``global_types[0]``, owner order), one result per stored shard of the
    result, each of the shard's local type; the global types obey :func:`verify_global_view`; the
    mesh is static and every clause is static.

    Raises:
        DiagnosticError: at ``op``, naming the count or the operand/result and the expected type.
    """
    t_src, t_dst = unrolled_types(op)
    if mesh is None:
        return
    if not mesh.is_static:
        raise op.error(f"the unrolled form needs a static mesh; @{mesh.sym_name} has shape "
                       f"{'x'.join('?' if d is None else str(d) for d in mesh.shape)}")
    for name in ("static_halo_sizes", "root"):
        if DYNAMIC_INDEX in _int_values(op.attributes.get(name)):
            raise op.error("the unrolled form takes static clauses only")
    verify_global_view(op, t_src, t_dst, mesh)
    spec = mesh.as_mesh()
    for what, values, t in (("operand", op.operands, t_src), ("result", op.results, t_dst)):
        try:
            pieces = storage_pieces(t, spec)
        except ShardingVerifyError as err:
            raise op.error(str(err)) from None
        if len(values) != len(pieces):
            raise op.error(f"expects {len(pieces)} {what}s (one per stored shard of '{t}'), got {len(values)}")
        for i, (v, piece) in enumerate(zip(values, pieces)):
            want = piece.local_type(t)
            if v.type != want:
                raise op.error(f"{what} #{i} (the shard of devices {list(piece.devices)}) has type '{v.type}', "
                               f"expected '{want}'")


def print_unrolled(op: Operation, p) -> None:
    """``%r:2 = mesh.<op> %a, %b on @m <clauses> {global_types = [...]} : A, B -> C, D``."""
    p.write(f" {p.values(op.operands)} on {SymbolRefAttr(op.mesh_name)}" + op.clauses_text(p))  # type: ignore
    p.write(p.attr_dict(op.attributes, op.clause_attr_names()))  # type: ignore[attr-defined]
    p.write(" : " + p.types(v.type for v in op.operands) + " -> " + p.types(r.type for r in op.results))


# ---------------------------------------------------------------------------------------------------------------
# SPMD ops of seed 000
# ---------------------------------------------------------------------------------------------------------------

def _yield_of(block: Block) -> Optional["YieldOp"]:
    return block.ops[-1] if block.ops and isinstance(block.ops[-1], YieldOp) else None


class SpmdOp(MeshDialectOp):
    """Base of ``mesh.for_all``/``mesh.for_one``: one region with one argument-less block that runs
    per process and may end with ``mesh.yield``. Not isolated from above (the seed's bodies read the
    enclosing function's values)."""

    @property
    def body(self) -> Block:
        return self.regions[0].blocks[0]

    def verify_body(self) -> Optional["YieldOp"]:
        if len(self.regions) != 1 or len(self.regions[0].blocks) != 1:
            raise self.error("expects one region with one block")
        if self.body.args:
            raise self.error(f"body takes no arguments, got {len(self.body.args)}")
        y = _yield_of(self.body)
        n_yielded = len(y.operands) if y is not None else 0
        if self.results and y is None:
            raise self.error(f"body must end with 'mesh.yield' of {len(self.results)} values")
        if n_yielded != len(self.results):
            raise self.error(f"body yields {n_yielded} values but the op has {len(self.results)} results",
                             [note("yield here", y.location)] if y is not None else [])
        return y

    def results_text(self) -> str:
        ts = [r.type for r in self.results]
        if not ts:
            return ""
        if len(ts) == 1 and not isinstance(ts[0], FunctionType):
            return f" -> {ts[0]}"
        return " -> (" + ", ".join(str(t) for t in ts) + ")"

    def print_tail(self, p) -> None:
        p.write(self.results_text() + p.attr_dict(self.attributes, ("mesh", "device"), keyword=True) + " ")
        p.print_region(self.regions[0], print_entry_args=False)


@register_op
class ForAllOp(SpmdOp):
    """``%r = mesh.for_all on @m -> T { ... mesh.yield %shard : S }`` (seed 000): every process runs the
    body and yields its shard; the results are the distributed tensors (several: ``-> (T1, T2)``).

    Verified: each yielded value is a possible shard of the corresponding result type under that
    type's ``#mesh.shard`` encoding (:func:`shard_type_problem`); a result without a sharding is
    replicated, so the yield must have its type.
    """

    name = "mesh.for_all"
    traits = frozenset({"Pure"})  # its body computes values only (dead for_alls are erased)

    def verify_mesh_op(self) -> None:
        mesh = self.mesh_op()
        y = self.verify_body()
        for i, r in enumerate(self.results):
            v = y.operands[i]  # type: ignore[union-attr]
            problem = shard_type_problem(r.type, v.type, mesh)
            if problem is not None:
                raise self.error(f"yielded value #{i} of type '{v.type}' is not a shard of result #{i} of type "
                                 f"'{r.type}': {problem}", [note("yield here", y.location)])  # type: ignore

    def print_custom(self, p) -> None:
        p.write(f" on {SymbolRefAttr(self.mesh_name)}")
        self.print_tail(p)


@register_op
class ForOneOp(SpmdOp):
    """``mesh.for_one %i on @m { ... }`` / ``%r = mesh.for_one 0 on @m -> T { ... mesh.yield %x : T }``
    (seed 000): the body runs on the one process at the given multi-index (``0``, ``%i`` or
    ``[0, %j]`` on an N-D mesh; stored as ``device``, array<i64> with SSA index operands).

    Without results it stands in ``scf.forall.in_parallel`` and holds ``tensor.parallel_insert_slice``
    (a parallel-combining op, trait ``ParallelCombining``); with results (the unrolled form) it yields
    values of exactly the result types.
    """

    name = "mesh.for_one"
    traits = frozenset({"ParallelCombining", "Pure"})
    dynamic_lists = ("device",)

    @property
    def device(self) -> list[Entry]:
        """The process's multi-index: ints and index Values."""
        return self.dynamic_list("device") or []

    def verify_mesh_op(self) -> None:
        mesh = self.mesh_op()
        device = self.device
        if mesh is not None and len(device) != mesh.rank:
            raise self.error(f"device index has {len(device)} entries but mesh @{self.mesh_name} has rank {mesh.rank}")
        for axis, e in enumerate(device):
            if isinstance(e, Value):
                if e.type != INDEX:
                    raise self.error(f"device index must be 'index', got '{e.type}'")
                continue
            size = mesh.shape[axis] if mesh is not None else None
            if e < 0 or (size is not None and e >= size):
                raise self.error(f"device index {e} is out of range for mesh axis {axis}"
                                 + (f" of size {size}" if size is not None else ""))
        y = self.verify_body()
        for i, r in enumerate(self.results):
            v = y.operands[i]  # type: ignore[union-attr]
            if v.type != r.type:
                raise self.error(f"yielded value #{i} has type '{v.type}' but result #{i} has type '{r.type}'",
                                 [note("yield here", y.location)])  # type: ignore[union-attr]

    def print_custom(self, p) -> None:
        entries = [_entry_text(p, e) for e in self.device]
        where = entries[0] if len(entries) == 1 else "[" + ", ".join(entries) + "]"
        p.write(f" {where} on {SymbolRefAttr(self.mesh_name)}")
        self.print_tail(p)


@register_op
class YieldOp(Operation):
    """``mesh.yield %a, %b : T1, T2``: ends a ``mesh.for_all``/``mesh.for_one`` body with this
    process's values (the seed's ``return`` in those bodies is read as this op)."""

    name = "mesh.yield"
    traits = frozenset({"Terminator", "ReturnLike", "Pure"})

    def verify_(self) -> None:
        if self.results or self.regions:  # the custom form prints neither (fuzzer find)
            raise self.error(f"expects no results and no regions, got {len(self.results)} results and "
                             f"{len(self.regions)} regions")
        if not isinstance(self.parent_op, SpmdOp):
            parent = self.parent_op
            raise self.error(f"expects parent op 'mesh.for_all' or 'mesh.for_one', got "
                             f"'{parent.name if parent is not None else 'none'}'")
        verify_op_shardings(self)

    def print_custom(self, p) -> None:
        if self.operands:
            p.write(" " + p.values(self.operands) + " : " + p.types(v.type for v in self.operands))


def return_to_yield(region: Region) -> None:
    """Replace a ``func.return`` ending a block of ``region`` by a ``mesh.yield`` of the same values
    (seed 000 writes ``return`` inside ``mesh.for_all``/``mesh.for_one`` bodies)."""
    for block in region.blocks:
        term = block.ops[-1] if block.ops else None
        if term is not None and term.name == "func.return":
            y = YieldOp.create(list(term.operands), (), location=term.location)
            block.insert_before(term, y)
            term.erase()


# ---------------------------------------------------------------------------------------------------------------
# Parse callbacks of grammar/mesh.lark
# ---------------------------------------------------------------------------------------------------------------

def _sym(tok) -> str:
    s = str(tok)[1:]
    return s[1:-1] if s.startswith('"') else s


class Syntax:
    """Parse callbacks of grammar/mesh.lark (a mixin of the parser's callback class).

    Clause values arrive as tuples: ``("int", v, tok)``, ``("ssa", tok, tok)``,
    ``("word", text, tok, list_or_None)`` and ``("list", items, None)``.
    """

    # -- values and clauses -----------------------------------------------------------------------------------
    def mesh_v_int(self, tok):
        return ("int", int(str(tok)), tok)

    def mesh_v_ssa(self, tok):
        return ("ssa", tok, tok)

    def mesh_v_word(self, tok, lst):
        return ("word", str(tok), tok, lst)

    def mesh_v_angle(self, tok):
        return ("word", str(tok), tok, None)

    def mesh_list(self, *items):
        return ("list", list(items), None)

    def mesh_clauses(self, *clauses):
        return list(clauses)

    def mesh_clause_kv(self, key, value):
        return (str(key), value, key)

    def mesh_clause_flag(self, key):
        return (str(key), None, key)

    def mesh_results(self, types):
        return list(types)

    def mesh_sig_single(self, ty):
        if isinstance(ty, FunctionType):
            return ("fn", ty)
        return ("single", ty)

    def mesh_sig_arrow(self, a, b):
        return ("arrow", a, b)

    def mesh_type_list(self, *types):
        return list(types)

    def mesh_operands(self, *toks):
        return list(toks)

    def _mesh_ints(self, value, key: str, tok) -> tuple[int, ...]:
        if value is None or value[0] != "list":
            raise self.error(f"'{key}' expects a list of integers such as [0, 1]", tok)
        out = []
        for item in value[1]:
            if item[0] != "int":
                raise self.error(f"'{key}' expects integers, got {'an SSA value' if item[0] == 'ssa' else 'a list'}",
                                 item[2] or tok)
            out.append(item[1])
        return tuple(out)

    def _mesh_clause_attrs(self, cls, clauses, kw):
        """Attributes and dynamic operands of ``clauses`` checked against ``cls.clauses``."""
        by_key = {}
        for c in cls.clauses:
            for k in (c.key,) + c.spellings:
                by_key[k] = c
        given: dict[str, tuple] = {}
        for key, value, tok in clauses:
            c = by_key.get(key)
            if c is None:
                expected = ", ".join(c.key for c in cls.clauses) or "no clauses"
                raise self.error(f"'{cls.name}' does not take '{key}' (expected: {expected})", tok)
            if c.key in given:
                raise self.error(f"'{key}' is given twice", tok)
            given[c.key] = (value, tok)
        attrs: dict[str, Attribute] = {}
        dynamic: list[Value] = []
        for c in cls.clauses:
            if c.key not in given:
                if c.required:
                    raise self.error(f"'{cls.name}' expects '{c.key} = ...'", kw)
                continue
            value, tok = given[c.key]
            self._mesh_clause_value(c, value, tok, attrs, dynamic)
        return attrs, dynamic

    def _mesh_clause_value(self, c: Clause, value, tok, attrs, dynamic) -> None:
        kind = c.kind
        if kind == "flag":
            if value is not None:
                raise self.error(f"'{c.key}' takes no value", tok)
            attrs[c.attr_name] = UnitAttr()
            return
        if value is None:
            raise self.error(f"'{c.key}' expects a value: '{c.key} = ...'", tok)
        if kind in ("index", "int"):
            if value[0] != "int":
                raise self.error(f"'{c.key}' expects an integer", tok)
            attrs[c.attr_name] = IntegerAttr(value[1], INDEX if kind == "index" else I64)
        elif kind in ("reduction", "partial"):
            if value[0] != "word" or (value[3] is None) != (kind == "reduction"):
                form = "a reduction kind such as 'sum'" if kind == "reduction" else "a reduction kind and mesh " \
                    "axes such as 'sum [1]'"
                raise self.error(f"'{c.key}' expects {form}", tok)
            if value[1] not in REDUCTION_KINDS:
                raise self.error(f"unknown reduction kind '{value[1]}' (expected one of "
                                 f"{', '.join(REDUCTION_KINDS)})", value[2])
            if kind == "partial":
                axes = self._mesh_ints(value[3], c.key, tok)
                if axes:
                    attrs[c.attr_name] = DenseArrayAttr(I16, axes)
                    attrs["partial_type"] = StringAttr(value[1])
            elif value[1] != c.default:
                attrs[c.attr_name] = StringAttr(value[1])
        elif kind == "axes":
            axes = self._mesh_ints(value, c.key, tok)
            if axes or c.required:  # a required clause is kept even when empty: it prints back as written
                attrs[c.attr_name] = DenseArrayAttr(I16, axes)
        elif kind == "axes_array":
            if value[0] != "list":
                raise self.error(f"'{c.key}' expects a list of mesh-axis lists such as [[0], []]", tok)
            split = []
            for item in value[1]:
                if item[0] == "int":
                    raise self.error("expected a list of mesh axes such as '[0]' for each tensor dimension, got a "
                                     f"bare integer '{item[1]}'", item[2])
                split.append(self._mesh_ints(item, c.key, tok))
            attrs[c.attr_name] = _split_attr(split)
        elif kind == "dyn_list":
            if value[0] != "list":
                raise self.error(f"'{c.key}' expects a list such as [0, %i]", tok)
            statics = []
            for item in value[1]:
                if item[0] == "int":
                    statics.append(item[1])
                elif item[0] == "ssa":
                    statics.append(DYNAMIC_INDEX)
                    dynamic.append(self.use(item[1], c.operand_type))
                else:
                    raise self.error(f"'{c.key}' expects integers or SSA values, got a nested list", tok)
            attrs[c.attr_name] = DenseArrayAttr(I64, tuple(statics))

    # -- ops ----------------------------------------------------------------------------------------------------
    def mesh_mesh(self, kw, sym, dims, peered, attrs):
        shape = [None if d == "?" else int(d) for d in str(dims).split("x")]
        attributes: dict[str, Attribute] = {
            "sym_name": StringAttr(_sym(sym)),
            "shape": DenseArrayAttr(I64, tuple(DYNAMIC_INDEX if s is None else s for s in shape)),
        }
        if peered is not None:
            axes = self._mesh_ints(peered, "peered_memory_axes", dims)
            if axes:
                attributes["peered_memory_axes"] = DenseArrayAttr(I16, axes)
        attributes.update(attrs or {})
        return self.build(str(kw), (), (), attributes, (), self.loc(kw))

    def mesh_sharding(self, kw, sym, clauses, attrs, ty):
        if not is_sharding_type(ty):
            raise self.error(f"'{str(kw)}' expects the result type '!mesh.sharding', got '{ty}'", kw)
        attributes, dynamic = self._mesh_clause_attrs(ShardingOp, clauses, kw)
        attributes = {"mesh": SymbolRefAttr(_sym(sym)), **attributes, **(attrs or {})}
        return self.build(str(kw), dynamic, [SHARDING_TYPE], attributes, (), self.loc(kw))

    def mesh_shard(self, kw, src, target, annotate, attrs, sig):
        if sig[0] == "single" or sig[0] == "fn":
            t_in = ty = sig[1]
        elif len(sig[1]) == 1 and len(sig[2]) == 1:
            t_in, ty = sig[1][0], sig[2][0]
        else:
            raise self.error(f"'{str(kw)}' expects ': T' or ': T_A -> T_B'", kw)
        operands = [self.use(src, t_in)]
        attributes: dict[str, Attribute] = {}
        if isinstance(target, ShardingAttr):
            attributes["shard"] = target
        else:
            s = self.use(target)
            if not is_sharding_type(s.type):
                raise self.error(f"expected a sharding such as '<@mesh, [[0]]>' or a '!mesh.sharding' value, got "
                                 f"'{target}' of type '{s.type}'", target)
            if isinstance(s, OpResult) and isinstance(s.op, ShardingOp) and s.op.sharding is not None:
                attributes["shard"] = s.op.sharding  # fold: the value is not used
            else:
                operands.append(s)
        if annotate is not None:
            attributes["annotate_for_users"] = UnitAttr()
        attributes.update(attrs or {})
        return self.build(str(kw), operands, [ty], attributes, (), self.loc(kw))

    def mesh_query(self, kw, sym, clauses, attrs, types):
        cls = op_class(str(kw))
        attributes, _ = self._mesh_clause_attrs(cls, clauses, kw)
        attributes = {"mesh": SymbolRefAttr(_sym(sym)), **attributes, **(attrs or {})}
        return self.build(str(kw), (), types, attributes, (), self.loc(kw))

    def mesh_neighbors(self, kw, sym, devices, clauses, attrs, types):
        operands = [self.use(t, INDEX) for t in devices or []]
        attributes, _ = self._mesh_clause_attrs(NeighborsLinearIndicesOp, clauses, kw)
        attributes = {"mesh": SymbolRefAttr(_sym(sym)), **attributes, **(attrs or {})}
        return self.build(str(kw), operands, types, attributes, (), self.loc(kw))

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

    def mesh_for_all(self, kw, sym, results, attrs, region):
        return_to_yield(region)
        attributes = {"mesh": SymbolRefAttr(_sym(sym)), **(attrs or {})}
        return self.build(str(kw), (), results or [], attributes, [region], self.loc(kw))

    def mesh_for_one(self, kw, device, sym, results, attrs, region):
        return_to_yield(region)
        items = device[1] if device[0] == "list" else [device]
        statics: list[int] = []
        operands: list[Value] = []
        for item in items:
            if item[0] == "int":
                statics.append(item[1])
            elif item[0] == "ssa":
                statics.append(DYNAMIC_INDEX)
                operands.append(self.use(item[1], INDEX))
            else:
                raise self.error("a device index is an integer or an SSA index value, not a nested list", kw)
        if results is None:  # seed spelling: no '->', result types from the yielded values
            block = region.blocks[-1] if region.blocks else None
            y = _yield_of(block) if block is not None else None
            results = [v.type for v in y.operands] if y is not None else []
        attributes = {"mesh": SymbolRefAttr(_sym(sym)), "device": DenseArrayAttr(I64, tuple(statics)),
                      **(attrs or {})}
        return self.build(str(kw), operands, results, attributes, [region], self.loc(kw))

    def mesh_yield(self, kw, toks, types):
        toks = toks or []
        types = types or []
        if len(toks) != len(types):
            raise self.error(f"'mesh.yield' has {len(toks)} values but {len(types)} types", kw)
        return self.build(str(kw), [self.use(t, ty) for t, ty in zip(toks, types)], (), {}, (), self.loc(kw))


# shardings inside tensor types are verified on every op (operands, results,
# function arguments), not only on mesh ops
from meshc.ir.verifier import register_op_verify_hook  # noqa: E402

register_op_verify_hook(verify_op_shardings)
