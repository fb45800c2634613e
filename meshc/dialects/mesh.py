"""mesh dialect (LLVM 19/20 ``mesh``, LLVM 21+ ``shard``): meshes, sharding
attributes and annotations, process queries, collectives, and the seed's SPMD
ops.

Canonical spellings are seed 000's and LLVM 19's; the LLVM 20 (``mesh.sharding``
values) and LLVM 21+ (``shard.grid``, ``shard.*``, ``grid_axes``) spellings are
read into the same ops. The printer writes the spelling it is given
(:mod:`meshc.ir.spelling`): :func:`post_parse` records the one a module was read
in (:func:`source_spelling`), and in the value spellings each inline sharding
of a ``mesh.shard`` prints through a ``mesh.sharding`` value -- the one it was
folded from when that still stands, else one printed just before it
(DESIGN.md "IR syntax").

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

The dialect spans modules, all re-exported here (``from meshc.dialects.mesh
import X`` works for each): :mod:`meshc.dialects.mesh_attrs` (attributes and
type accessors), :mod:`meshc.dialects.mesh_checks` (the sharding-check
library, global-view and unrolled checks, :func:`storage_pieces` over
:mod:`meshc.sharding.storage`), :mod:`meshc.dialects.mesh_clauses`
(:class:`Clause`, :class:`MeshDialectOp`), :mod:`meshc.dialects.mesh_collectives`
(the collectives and their parse callbacks); this module holds the other ops
and the dialect's ``Syntax``.

Distributed forms (meshc, docs/pipeline.md stages 3-6), besides upstream's local view:

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
from meshc.ir.opdef import Pure, ReturnLike, Terminator, define_op, var_operand
from meshc.ir.types import I64, INDEX, K_DYNAMIC, FunctionType, IntegerType, OpaqueType, TensorType, Type
from meshc.dialects.mesh_attrs import (REDUCTION_KINDS, ShardEncodingAttr, ShardingAttr, data_encoding_of,
                                       sharding_of, strip_sharding, with_data_encoding, with_sharding)
from meshc.dialects.mesh_checks import (DYNAMIC_INDEX, Entry, I16, Piece, SHARDING_TYPE, ShardingVerifyError,
                                        UNROLLED_ATTR, _axes_text, _int_values, _split_attr, _split_values,
                                        balanced_shard_sizes, check_mesh_axes, check_sharding, check_split_rank,
                                        enclosing_module, is_sharding_type, lookup_mesh, piece_of_device, print_unrolled,
                                        shard_type_problem, storage_pieces, unrolled_types, verify_argument_sharding,
                                        verify_global_view,
                                        verify_op_shardings, verify_sharding, verify_unrolled)
from meshc.dialects.mesh_clauses import (Clause, MESH_AXES, MeshDialectOp, REDUCTION, VALUE_SPELLINGS, _entry_text,
                                         spelled_op_name)
from meshc.ir.spelling import SHARD_SPELLINGS, register_type_spelling

for _s in SHARD_SPELLINGS:
    register_type_spelling(_s, "mesh", "sharding", "shard")
from meshc.dialects.mesh_collectives import (AllGatherOp, AllReduceOp, AllSliceOp, AllToAllOp, BroadcastOp,
                                             CollectiveOp, CollectiveSyntax, GatherOp, RecvOp, ReduceOp,
                                             ReduceScatterOp, ScatterOp, SendOp, ShiftOp, UpdateHaloOp, _sym)
from meshc.dialects.mesh_folds import (fold_constant_sharding_sizes, fold_duplicate_shard, fold_mesh_query,
                                       fold_sharding_value)

# ---------------------------------------------------------------------------------------------------------------
# mesh.mesh
# ---------------------------------------------------------------------------------------------------------------

@register_op
class MeshOp(Operation):
    """``mesh.mesh ["private"] @m(shape = 2x4, peered_memory_axes = [1])`` (LLVM 21+ ``shard.grid``; the
    optional visibility is the ``sym_visibility`` attribute).

    ``shape`` holds each mesh axis size (None for ``?``), stored as ``array<i64>`` with
    :data:`DYNAMIC_INDEX` for ``?`` as upstream; ``peered_memory_axes`` (seed 000) are the axes along
    which devices share memory, stored as ``array<i16>`` when not empty.
    Verified: rank >= 1, static sizes > 0, peered axes in range and not repeated.
    """

    name = "mesh.mesh"
    aliases = ("shard.grid",)
    traits = frozenset({"Symbol", "Pure"})

    @classmethod
    def spelled_name(cls, spelling: Optional[str]) -> Optional[str]:
        return spelled_op_name(cls, spelling)

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
        visibility = self.attributes.get("sym_visibility")
        if isinstance(visibility, StringAttr):
            p.write(f" {visibility}")
        p.write(f" {SymbolRefAttr(self.sym_name)}(shape = {dims}")
        if self.peered_memory_axes:
            p.write(f", peered_memory_axes = {_axes_text(self.peered_memory_axes)}")
        elided = ("sym_name", "shape", "peered_memory_axes") + (("sym_visibility",) if visibility is not None and
                                                                 isinstance(visibility, StringAttr) else ())
        p.write(")" + p.attr_dict(self.attributes, elided))


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
    canonicalization_patterns = (fold_constant_sharding_sizes,)
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
        for user in self.annotations():  # its tensor's rank first, at the annotation (check_sharding's order)
            try:
                check_split_rank(self._with_markers(), user.src.type)
            except ShardingVerifyError as err:
                raise user.error(str(err)) from None
        verify_sharding(self._with_markers(), None, enclosing_module(self), self.location, f"'{self.source_name()}' op ",
                        annotation=True)

    #: True once a ``mesh.shard`` took this op's sharding inline (:meth:`ShardOp.fold_sharding_value`)
    folded_into_users = False

    def annotations(self) -> list["ShardOp"]:
        """The ``mesh.shard`` ops whose sharding this op defines: its users, and those that took it
        inline (:meth:`ShardOp.fold_sharding_value`), in the enclosing op."""
        v = self.results[0]
        out = [u for u in v.users if isinstance(u, ShardOp) and u.sharding_value is v]
        if self.folded_into_users and self.parent_op is not None:
            out += [op for op in self.parent_op.walk() if isinstance(op, ShardOp) and op.sharding_origin is v]
        return out

    def printed_in(self, p) -> bool:
        """Whether the printer shows this op: always in the value spellings; when it has uses or SSA
        entries; in the canonical form unless it was folded into its ``mesh.shard`` users (the
        annotations print it inline), so an unused one the input wrote stays; never else in LLVM 19's,
        which has no sharding values."""
        if p.spelling in VALUE_SPELLINGS or self.sharding is None or self.results[0].uses:
            return True
        return p.spelling is None and not self.folded_into_users

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
    canonicalization_patterns = (fold_sharding_value, fold_duplicate_shard)
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
            self.sharding_origin = v
            v.op.folded_into_users = True
            return True
        return False

    #: the ``mesh.sharding`` value the inline sharding was folded from (:meth:`fold_sharding_value`): the
    #: value spellings print it back as the target while it still stands and holds the same sharding
    sharding_origin: Optional[Value] = None

    def _origin_in_scope(self, position=None) -> Optional[Value]:
        """:attr:`sharding_origin` when it still defines this op's sharding and dominates this op
        (its op precedes this op, or an op enclosing it, in one block, without crossing an isolated op).
        ``position(op)`` gives an op's index in its block (default: a scan of the block)."""
        v = self.sharding_origin
        while isinstance(v, OpResult) and v.op.parent is None and getattr(v.op, "replaced_by", None) is not None:
            v = v.op.replaced_by.results[v.index]  # merged by cse into an equal, earlier one
        if not isinstance(v, OpResult) or not isinstance(v.op, ShardingOp) or v.op.parent is None:
            return None
        try:
            if v.op.sharding != self.sharding:
                return None
        except (KeyError, AttributeError, TypeError, ValueError):  # a malformed origin (printing unverified IR)
            return None
        block = v.op.parent
        cur: Optional[Operation] = self
        while cur is not None:
            if cur.parent is block:
                where = position or block.ops.index
                return v if where(v.op) < where(cur) else None
            if cur is not self and cur.has_trait("IsolatedFromAbove"):
                return None
            cur = cur.parent_op
        return None

    def print_prelude(self, p) -> None:
        """In the value spellings an inline sharding prints as a ``mesh.sharding`` value: the one it came
        from, else a new one printed on the line before."""
        s = self.attributes.get("shard")
        if p.spelling not in VALUE_SPELLINGS or not isinstance(s, (ShardingAttr, ShardEncodingAttr)) \
                or len(self.operands) != 1:  # a malformed op prints as it is (the generic form shows it)
            return
        s = s.sharding if isinstance(s, ShardEncodingAttr) else s
        origin = self._origin_in_scope(p.position)
        p.prelude_texts[id(self)] = p.value(origin) if origin is not None else \
            p.print_detached(ShardingOp.build(s, self.location))

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
            verify_sharding(s, self.src.type, enclosing_module(self), self.location, f"'{self.source_name()}' op ",
                            annotation=True)

    def _verify_resharding_point(self) -> None:
        """``T_A -> T_B`` (docs/pipeline.md stage 3): both distributed, equal but for the sharding, and the
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

    def spelled_generic_parts(self, p):
        """In the value spellings the generic form takes the sharding as operand #1, as upstream's."""
        target = p.prelude_texts.get(id(self))
        if target is None:
            return None
        attrs = {k: v for k, v in self.attributes.items() if k != "shard"}
        return [p.value(self.src), target], [self.src.type, SHARDING_TYPE], attrs

    def print_custom(self, p) -> None:
        s = self.attributes.get("shard")
        if isinstance(s, ShardEncodingAttr):
            s = s.sharding
        target = p.prelude_texts.get(id(self)) or (str(s) if s is not None else
                                                     p.value(self.sharding_value))  # type: ignore[arg-type]
        p.write(f" {p.value(self.src)} to {target}")
        if self.annotate_for_users:
            p.write(" annotate_for_users")
        types = f"{self.results[0].type}"
        if self.is_resharding_point:
            types = f"{self.src.type} -> {types}"
        p.write(p.attr_dict(self.attributes, ("shard", "annotate_for_users")) + f" : {types}")


def post_parse(module: Operation) -> None:
    """Parser hook, run once on each parsed module: record the spelling it was read in
    (``module.spelling``, :func:`source_spelling`), then fold every ``mesh.shard ... to %s`` whose ``%s``
    is defined by a static ``mesh.sharding`` into the inline form, the canonical one (generic-form input
    included). The ``mesh.sharding`` ops stay, used or not: the value spellings print them back where
    they were (an unused static one is left out of the canonical and LLVM 19 prints, which have none)."""
    spelling = source_spelling(module)
    if spelling is not None:
        module.spelling = spelling
    for op in list(module.walk()):
        if isinstance(op, ShardOp):
            op.fold_sharding_value()


def drop_stale_sharding_values(root: Operation) -> int:
    """Erase the static ``mesh.sharding`` ops under ``root`` that were folded into annotations
    (:meth:`ShardOp.fold_sharding_value`) and that no ``mesh.shard`` prints as its target any more (the
    annotations were rebuilt or moved before them): the shardings live inline, and the value spellings
    print a new value before each annotation. A pass that rewrites annotations calls it, so printing
    and reading back its output does not pile up sharding values. Unused ones the input wrote and never
    folded stay. Returns how many were erased."""
    from meshc.ir.printer import Printer

    position = Printer().position  # one index per block
    live = {id(op._origin_in_scope(position)) for op in root.walk() if isinstance(op, ShardOp)}
    stale = [op for op in root.walk() if isinstance(op, ShardingOp) and op.folded_into_users
             and not op.results[0].uses and id(op.results[0]) not in live]
    for op in stale:
        op.erase()
    return len(stale)


def source_spelling(module: Operation) -> Optional[str]:
    """The spelling (:mod:`meshc.ir.spelling`) of a module as parsed, before :func:`post_parse` folds:
    ``shard`` when an op was written ``shard.*`` (``shard21`` if it writes LLVM 21's ``scatter_axis``); ``mesh20`` when it holds ``!mesh.sharding`` values (a
    ``mesh.sharding`` op, a block argument of that type); ``mesh19`` when a reduction was written
    ``<max>`` (only LLVM 19 reads that form); None (the canonical form) otherwise."""
    marks = getattr(module, "source_marks", frozenset())
    if any(m.startswith("shard.") for m in marks):  # LLVM 22 renamed scatter_axis to scatter_dim
        old = f"{KEYWORD_MARK}scatter_axis" in marks and f"{KEYWORD_MARK}scatter_dim" not in marks
        return "shard21" if old else "shard"
    for op in module.walk():
        if any(is_sharding_type(r.type) for r in op.results) or any(
                is_sharding_type(a.type) for region in op.regions for b in region.blocks for a in b.args):
            return "mesh20"
    if BRACKETED_REDUCTION in marks:
        return "mesh19"
    return None


#: ``ModuleOp.source_marks`` entry: a reduction kind was written ``<max>`` (LLVM 19)
BRACKETED_REDUCTION = "mesh:bracketed-reduction"
#: ``ModuleOp.source_marks`` prefix: ``mesh:keyword:scatter_dim``, a clause keyword that differs between spellings
KEYWORD_MARK = "mesh:keyword:"


# ---------------------------------------------------------------------------------------------------------------
# mesh.get_sharding and mesh.shard_shape (LLVM 20+)
# ---------------------------------------------------------------------------------------------------------------

@register_op
class GetShardingOp(MeshDialectOp):
    """``%s = mesh.get_sharding %t : tensor<4x8xf32> -> !mesh.sharding`` (LLVM 20; ``shard.get_sharding``
    in LLVM 21+): the sharding of a tensor as a value. Read, verified and printed; it carries no
    sharding of its own for meshc's passes (upstream defines it only by its use after partition)."""

    name = "mesh.get_sharding"
    aliases = ("shard.get_sharding",)
    traits = frozenset({"Pure"})
    has_mesh_attr = False
    verify_operand_count = False

    def verify_mesh_op(self) -> None:
        if len(self.operands) != 1 or not isinstance(self.operands[0].type, TensorType):
            raise self.error("expects one ranked tensor operand")
        if len(self.results) != 1 or not is_sharding_type(self.results[0].type):
            raise self.error("expects one result of type '!mesh.sharding'")

    def print_custom(self, p) -> None:
        p.write(f" {p.value(self.operands[0])}" + p.attr_dict(self.attributes)
                + f" : {self.operands[0].type} -> {self.results[0].type}")


@register_op
class ShardShapeOp(MeshDialectOp):
    """The shape of one device's shard of a tensor: one ``index`` result per tensor dim.

    * LLVM 21+: ``%d:2 = shard.shard_shape dims = [8, %n] sharding = %s device = [%i] : index, index``;
      ``dims`` (the tensor's global sizes) and ``device`` (a multi-index over the mesh, or one entry: a
      linear index) mix constants and SSA ``index`` values. Stored as ``static_dims``/``static_device``
      (:data:`DYNAMIC_INDEX` at SSA entries), operands ``[sharding, dims..., device...]``.
    * LLVM 20: ``%d:2 = mesh.shard_shape 8x? %s %i : index, index`` -- static ``shape`` (``?`` unknown),
      a linear device index. Stored as ``shape``, operands ``[sharding, device]``.

    The sizes are those of :func:`meshc.sharding.shards.local_shape` (balanced shards, the last ones
    larger by one, or ``sharded_dims_offsets``; halos added), as upstream's lowering computes them:
    :meth:`local_sizes` evaluates it (interpreter kernel, folding when everything is static).
    """

    name = "mesh.shard_shape"
    aliases = ("shard.shard_shape",)
    traits = frozenset({"Pure"})
    has_mesh_attr = False
    fixed_operands = 1
    clauses = (Clause("dims", "dyn_list", attr="static_dims"), Clause("device", "dyn_list", attr="static_device"))

    @property
    def is_llvm20_form(self) -> bool:
        return "shape" in self.attributes

    def _expected_operands(self) -> int:
        return 2 if self.is_llvm20_form else super()._expected_operands()

    @property
    def sharding_value(self) -> Value:
        return self.operands[0]

    @property
    def sharding(self) -> Optional[ShardingAttr]:
        """The static sharding of the defining ``mesh.sharding`` (None when it is not one)."""
        v = self.sharding_value
        return v.op.sharding if isinstance(v, OpResult) and isinstance(v.op, ShardingOp) else None

    @property
    def mesh_name(self) -> str:
        v = self.sharding_value
        if isinstance(v, OpResult) and isinstance(v.op, ShardingOp):
            return v.op.mesh_name
        raise KeyError("mesh")

    @property
    def dims(self) -> list:
        """The global sizes: ints, index Values, or None for an LLVM 20 ``?``."""
        if self.is_llvm20_form:
            return [None if d == DYNAMIC_INDEX else d for d in _int_values(self.attributes["shape"])]
        return self.dynamic_list("static_dims") or []

    @property
    def device(self) -> list:
        """The device: a multi-index, or one entry (a linear index); ints and index Values."""
        if self.is_llvm20_form:
            return [self.operands[1]]
        return self.dynamic_list("static_device") or []

    def evaluate(self, value_of, mesh_shape: Optional[Sequence[Optional[int]]] = None) -> Optional[tuple[int, ...]]:
        """The shard sizes once ``value_of(v)`` gives every SSA entry (None where it cannot) and the
        mesh is static (``mesh_shape`` overrides the declared sizes); None when something is unknown.

        Raises:
            DiagnosticError: as :meth:`local_sizes`.
        """
        def resolve(entries):
            out = [value_of(e) if isinstance(e, Value) else e for e in entries]
            return None if any(e is None for e in out) else [int(e) for e in out]

        dims, device = resolve(self.dims), resolve(self.device)
        mesh = self.mesh_op() if self.sharding is not None else None
        shape = tuple(mesh_shape) if mesh_shape is not None else (mesh.shape if mesh is not None else None)
        if dims is None or device is None or shape is None or any(d is None for d in shape):
            return None
        return self.local_sizes(dims, device, shape)  # type: ignore[arg-type]

    def local_sizes(self, dims: Sequence[int], device: Sequence[int], mesh_shape: Sequence[int]) -> tuple[int, ...]:
        """The shard sizes for the global sizes ``dims`` on the device ``device`` (multi-index, or a
        one-entry linear index) of a mesh of shape ``mesh_shape``.

        Raises:
            DiagnosticError: the sharding is not static, or the device is not on the mesh.
        """
        from meshc.sharding.shards import local_shape
        from meshc.sharding.spec import Mesh, ShardingError

        s = self.sharding
        if s is None:
            raise self.error("needs a static sharding (a 'mesh.sharding' without SSA halo sizes or offsets)")
        mesh = Mesh(self.mesh_name, tuple(mesh_shape))
        try:
            coords = tuple(device) if len(device) == len(mesh_shape) else mesh.device_coords(int(device[0]))
            return local_shape(tuple(dims), s.to_spec(), mesh, coords)
        except (ShardingError, ValueError, IndexError) as err:
            raise self.error(f"cannot compute the shard shape: {err}") from None

    def verify_mesh_op(self) -> None:
        if not is_sharding_type(self.sharding_value.type):
            raise self.error(f"sharding operand must be '!mesh.sharding', got '{self.sharding_value.type}'")
        for what, entries in (("dims", self.dims), ("device", self.device)):
            for e in entries:
                if isinstance(e, Value) and e.type != INDEX:
                    raise self.error(f"{what} entries must be 'index', got '{e.type}'")
        self.check_index_results(len(self.dims), f"one per entry of dims, {len(self.dims)}")
        mesh = self.mesh_op() if self.sharding is not None else None
        if mesh is not None and len(self.device) not in (1, mesh.rank):
            raise self.error(f"device has {len(self.device)} entries; expected a linear index or {mesh.rank} "
                             f"(the rank of mesh @{mesh.sym_name})")
        if self.sharding is not None and len(self.sharding.split_axes) > len(self.dims):
            raise self.error(f"sharding has {len(self.sharding.split_axes)} split-axes entries but dims has "
                             f"{len(self.dims)}")

    def print_custom(self, p) -> None:
        if self.is_llvm20_form:
            dims = "x".join("?" if d is None else str(d) for d in self.dims)
            p.write(f" {dims} {p.value(self.sharding_value)} {p.value(self.operands[1])}")
            p.write(p.attr_dict(self.attributes, ("shape",)))
        else:
            def entries(xs) -> str:
                return "[" + ", ".join(_entry_text(p, e) for e in xs) + "]"

            p.write(f" dims = {entries(self.dims)} sharding = {p.value(self.sharding_value)} device = "
                    f"{entries(self.device)}")
            p.write(p.attr_dict(self.attributes, ("static_dims", "static_device")))
        p.write(" : " + p.types(r.type for r in self.results))


# ---------------------------------------------------------------------------------------------------------------
# Process queries
# ---------------------------------------------------------------------------------------------------------------

class MeshQueryOp(MeshDialectOp):
    """Base of ``mesh.mesh_shape``/``process_multi_index``: one index result per mesh axis in ``axes``
    (every mesh axis when ``axes`` is absent or empty). Upstream MLIR mesh (LLVM 19)."""

    traits = frozenset({"Pure"})
    clauses = (Clause("axes", "axes"),)
    canonicalization_patterns = (fold_mesh_query,)
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
    canonicalization_patterns = ()
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
    # Pure: its body computes values only (dead for_alls are erased); PerDeviceBody: the body is in
    # local view (per-device types, local-view collectives), which the global-view passes leave alone
    traits = frozenset({"Pure", "PerDeviceBody"})

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
    # TransparentToEncodings: propagate-encodings moves encoding ops across its body's boundary (a
    # device's program continues in the next for_one; meshc.interfaces.encoding.ForOneResultModel)
    # PerDeviceBody: as mesh.for_all's
    traits = frozenset({"ParallelCombining", "Pure", "TransparentToEncodings", "PerDeviceBody"})
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


@define_op
class YieldOp(Operation):
    """``mesh.yield %a, %b : T1, T2``: ends a ``mesh.for_all``/``mesh.for_one`` body with this
    process's values (the seed's ``return`` in those bodies is read as this op). Declared with
    :mod:`meshc.ir.opdef`: no results and no regions (the custom form prints neither)."""

    name = "mesh.yield"
    values = var_operand()
    traits = (Terminator(), ReturnLike(), Pure())

    def verify_op(self) -> None:
        """The enclosing ``for_all``/``for_one`` and the ``#mesh.shard`` types of the values."""
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



class Syntax(CollectiveSyntax):
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
        self.source_marks.add(BRACKETED_REDUCTION)
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
            if c.spelled:  # a keyword that differs between spellings: source_spelling reads which one
                self.source_marks.add(f"{KEYWORD_MARK}{key}")
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
    def mesh_mesh(self, kw, visibility, sym, dims, peered, attrs):
        shape = [None if d == "?" else int(d) for d in str(dims).split("x")]
        attributes: dict[str, Attribute] = {
            "sym_name": StringAttr(_sym(sym)),
            "shape": DenseArrayAttr(I64, tuple(DYNAMIC_INDEX if s is None else s for s in shape)),
        }
        if peered is not None:
            axes = self._mesh_ints(peered, "peered_memory_axes", dims)
            if axes:
                attributes["peered_memory_axes"] = DenseArrayAttr(I16, axes)
        if visibility is not None:
            attributes["sym_visibility"] = StringAttr(str(visibility)[1:-1])
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
            operands.append(s)
        if annotate is not None:
            attributes["annotate_for_users"] = UnitAttr()
        attributes.update(attrs or {})
        return self.build(str(kw), operands, [ty], attributes, (), self.loc(kw))

    def mesh_get_sharding(self, kw, src, attrs, t_in, t_out):
        if not is_sharding_type(t_out):
            raise self.error(f"'{str(kw)}' expects the result type '!mesh.sharding', got '{t_out}'", kw)
        return self.build(str(kw), [self.use(src, t_in)], [SHARDING_TYPE], dict(attrs or {}), (), self.loc(kw))

    def mesh_shard_shape(self, kw, clauses, attrs, types):
        """LLVM 21+: ``dims = [..] sharding = %s device = [..]``."""
        rest, sharding = [], None
        for key, value, tok in clauses:
            if key != "sharding":
                rest.append((key, value, tok))
            elif value is None or value[0] != "ssa":
                raise self.error("'sharding' expects a '!mesh.sharding' value such as '%s'", tok)
            else:
                sharding = self.use(value[1], SHARDING_TYPE)
        if sharding is None:
            raise self.error(f"'{str(kw)}' expects 'sharding = %s'", kw)
        attributes, dynamic = self._mesh_clause_attrs(ShardShapeOp, rest, kw)
        for c in ShardShapeOp.clauses:
            if c.attr_name not in attributes:
                raise self.error(f"'{str(kw)}' expects '{c.key} = [...]'", kw)
        attributes.update(attrs or {})
        return self.build(str(kw), [sharding] + dynamic, types, attributes, (), self.loc(kw))

    def mesh_shard_shape_v20(self, kw, dims, sharding, device, attrs, types):
        """LLVM 20: ``8x? %s %device``."""
        shape = tuple(DYNAMIC_INDEX if d == "?" else int(d) for d in str(dims).split("x"))
        attributes = {"shape": DenseArrayAttr(I64, shape), **(attrs or {})}
        return self.build(str(kw), [self.use(sharding, SHARDING_TYPE), self.use(device, INDEX)], types, attributes,
                          (), self.loc(kw))

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
from meshc.ir.verifier import register_argument_verify_hook, register_op_verify_hook  # noqa: E402

register_op_verify_hook(verify_op_shardings)
register_argument_verify_hook(verify_argument_sharding)

