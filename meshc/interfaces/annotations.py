"""Reading the ``mesh.shard`` annotation form of a function (docs/pipeline.md stages 1 and 2).

A *base value* is a tensor block argument or a tensor result of an op that
is not a ``mesh.shard``. Its *annotation chains* are the ``mesh.shard`` ops
between it and each of its uses:

* ``%a = mesh.shard %x to S`` (no ``annotate_for_users``) says "``%x`` is
  produced with sharding S" when it is the first such direct user of ``%x``
  (the value's *pinned* sharding); anywhere else in a chain it says "from here
  on the value is S" (a resharding the user wrote);
* ``%b = mesh.shard %a to T annotate_for_users`` says "the users of ``%b``
  want T".

Upstream semantics (MLIR mesh ``getMeshShardingAttr``), generalised to
chains of any length so that conflicting annotations can be kept as
resharding points rather than rejected.

Also here: the function's mesh (meshc handles one mesh per function) and
:func:`verify_type_shardings`, the check of every ``#mesh.shard`` in the
types of a function's values (the IR verifier checks them for mesh ops only).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Optional

from meshc.dialects.func import FuncOp
from meshc.dialects.mesh import ShardingAttr, ShardOp, sharding_of, verify_op_shardings
from meshc.ir.core import Block, Operation, Value
from meshc.ir.location import DiagnosticError, note
from meshc.ir.types import TensorType


@dataclass
class Use:
    """One use of a base value: ``site`` (the op using it, maybe nested inside ``consumer``) at
    operand ``site_index``, reached through the ``mesh.shard`` ops of ``path``. ``consumer`` is the op
    of the function's block that holds the site; ``operand`` is ``site_index`` when the site is the
    consumer itself, None for a use inside the consumer's regions (a captured value)."""

    consumer: Operation
    operand: Optional[int]
    path: tuple[ShardOp, ...]
    site: Operation
    site_index: int


@dataclass
class BaseValue:
    """A tensor value of the function's block, its pinned annotation and its uses (program order)."""

    value: Value
    order: int
    pinned_op: Optional[ShardOp] = None
    uses: list[Use] = field(default_factory=list)

    @property
    def pinned(self) -> Optional[ShardingAttr]:
        return self.pinned_op.sharding if self.pinned_op is not None else None


def static_sharding(op: ShardOp) -> ShardingAttr:
    """The sharding of annotation ``op``.

    Raises:
        DiagnosticError: at ``op``, when its sharding is a value that cannot be folded (a block
            argument, or a ``mesh.sharding`` with SSA halo sizes or offsets).
    """
    s = op.sharding
    if s is None:
        raise op.error("needs a static sharding here; its '!mesh.sharding' operand is not a static "
                       "'mesh.sharding' (SSA halo sizes or offsets, or a block argument)")
    return s


def per_device(op: Operation) -> bool:
    """``op`` is, or holds, an op whose body runs per device (trait ``PerDeviceBody``: ``mesh.for_all``,
    ``mesh.for_one``, the latter inside an ``scf.forall``): ``partition``'s output read again (stage 5,
    docs/pipeline.md), whose values are local and whose collectives are local-view ones. The global-view
    passes (``distribute-types``, ``reshard``, ``partition``) leave such an op as it is, so the output
    of ``meshc compile`` compiles again to itself."""
    return any(inner.has_trait("PerDeviceBody") for inner in op.walk())


def in_per_device_body(op: Operation) -> bool:
    """``op`` is nested in the body of a ``PerDeviceBody`` op (see :func:`per_device`): a local-view op
    of ``partition``'s output, which the global-view passes do not read."""
    return any(parent.has_trait("PerDeviceBody") for parent in op.ancestors())


def is_tensor(v: Value) -> bool:
    return isinstance(v.type, TensorType)


def _top_level(op: Operation, block: Block) -> Optional[Operation]:
    while op is not None and op.parent is not block:
        op = op.parent_op  # type: ignore[assignment]
    return op


def analyze_block(block: Block) -> list[BaseValue]:
    """The base values of ``block`` in program order (arguments, then op results), each with its pinned
    annotation and its uses through annotation chains, ordered by consumer position then operand.

    Raises:
        DiagnosticError: an annotation whose sharding is not static.
    """
    position = {id(op): i for i, op in enumerate(block.ops)}
    values: list[BaseValue] = []
    candidates = list(block.args) + [r for op in block.ops if not isinstance(op, ShardOp) for r in op.results]
    for v in candidates:
        if not is_tensor(v):
            continue
        bv = BaseValue(v, len(values))
        _collect(bv, v, (), block, position)
        direct = sorted((u for u, i in v.uses if isinstance(u, ShardOp) and i == 0 and u.parent is block
                         and not u.annotate_for_users), key=lambda u: position[id(u)])
        bv.pinned_op = direct[0] if direct else None
        bv.uses.sort(key=lambda u: (position[id(u.consumer)], -1 if u.operand is None else u.operand,
                                    len(u.path)))
        values.append(bv)
    return values


def _collect(bv: BaseValue, v: Value, path: tuple[ShardOp, ...], block: Block, position) -> None:
    for user, index in list(v.uses):
        if isinstance(user, ShardOp) and index == 0 and user.parent is block:
            static_sharding(user)
            _collect(bv, user.result, path + (user,), block, position)
            continue
        consumer = _top_level(user, block)
        if consumer is None:
            continue
        bv.uses.append(Use(consumer, index if consumer is user else None, path, user, index))


def functions(op: Operation) -> Iterator[FuncOp]:
    """``op`` itself if it is a function with a body, else the functions directly in its block(s)."""
    if isinstance(op, FuncOp):
        if not op.is_declaration:
            yield op
        return
    for region in op.regions:
        for block in region.blocks:
            for child in block.ops:
                if isinstance(child, FuncOp) and not child.is_declaration:
                    yield child


def _values_of(op: Operation) -> Iterator[Value]:
    yield from op.results
    for region in op.regions:
        for block in region.blocks:
            yield from block.args


def function_mesh(func: FuncOp) -> Optional[str]:
    """The mesh the function's shardings use (annotations and tensor types), or None if it has none.

    Raises:
        DiagnosticError: two meshes are used (meshc handles one mesh per function), located at the
            first op that uses the second one, with a note at the first use of the first.
    """
    found: Optional[tuple[str, Operation]] = None
    for op in func.walk():
        names = []
        if isinstance(op, ShardOp):
            names.append(static_sharding(op).mesh)
        names += [s.mesh for s in (sharding_of(v.type) for v in _values_of(op)) if s is not None]
        for name in names:
            if found is None:
                found = (name, op)
            elif name != found[0]:
                where = op if op is not func else func
                raise DiagnosticError(f"'{where.name}' op uses mesh @{name} but function @{func.sym_name} already "
                                      f"uses mesh @{found[0]}; meshc handles one mesh per function",
                                      where.location, [note(f"mesh @{found[0]} used here", found[1].location)])
    return found[0] if found else None


def verify_type_shardings(root: Operation) -> None:
    """Check every ``#mesh.shard`` in the types of the operands, results and region arguments of
    ``root`` and of every op nested in it (:func:`meshc.dialects.mesh.verify_op_shardings`: the mesh
    exists, axes in range and used once, partial axes disjoint from split axes, at most rank entries).

    Raises:
        DiagnosticError: at the first op whose types carry an invalid sharding.
    """
    for op in root.walk():
        verify_op_shardings(op)


@dataclass(frozen=True)
class ValueSharding:
    """What the annotation form says of one base value: ``sharding`` (its pinned annotation, None if
    it has none) and, per use, the shardings of the annotations between it and the user, after the
    pinned one (empty when the user takes the value as produced)."""

    value: Value
    sharding: Optional[ShardingAttr]
    uses: tuple[tuple[Use, tuple[ShardingAttr, ...]], ...]


def value_shardings(func: FuncOp) -> list[ValueSharding]:
    """The sharding of every tensor value of ``func``'s body and the resharding chain of each use,
    read from the annotation form (as ``sharding-propagation`` leaves it), in program order.

    Raises:
        DiagnosticError: an annotation whose sharding is not static.
    """
    out = []
    for bv in analyze_block(func.body):
        uses = []
        for use in bv.uses:
            path = use.path[1:] if use.path and use.path[0] is bv.pinned_op else use.path
            uses.append((use, tuple(static_sharding(a) for a in path)))
        out.append(ValueSharding(bv.value, bv.pinned, tuple(uses)))
    return out


def _value_name(v: Value) -> str:
    hint = v.name_hint
    if hint:
        return "%" + hint
    owner = v.owner
    if isinstance(owner, Operation):
        return f"%<{owner.name} result #{v.index}>"  # type: ignore[attr-defined]
    return f"%arg{v.index}"  # type: ignore[attr-defined]


def describe_shardings(func: FuncOp) -> str:
    """One line per tensor value of ``func`` -- ``%name = <sharding>`` -- followed by one indented line
    per use that goes through a resharding point --
    ``  -> 'op' (%result) operand #i: <s1> -> <s2>`` -- in program order (golden files of the tests)."""
    lines = []
    for vs in value_shardings(func):
        lines.append(f"{_value_name(vs.value)} = {vs.sharding if vs.sharding is not None else 'none'}")
        for use, chain in vs.uses:
            if not chain:
                continue
            who = f"'{use.consumer.name}'"
            if use.consumer.results:
                who += f" ({_value_name(use.consumer.results[0])})"
            where = f"operand #{use.operand}" if use.operand is not None else "a nested use"
            lines.append(f"  -> {who} {where}: " + " -> ".join(str(s) for s in chain))
    return "\n".join(lines) + "\n"
