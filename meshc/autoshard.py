"""A sharding advisor for the common case: ``--auto-shard tp=N`` / ``--auto-shard dp=N`` (README.md, "Commands").

It chooses the annotations a user would write by hand (``--shard`` requests on arguments and globals,
plus ``annotate_for_users`` annotations on a few intermediate values) and applies them in the annotated
input form (docs/pipeline.md stage 1); sharding-propagation decides every other value.

**Contractions** are recognised from indexing maps and iterator types, not op names (MLIR's
``isaContractionOpInterface`` / ``inferContractionDims``): a structured op with two inputs and one init
whose maps are projected permutations and whose payload is ``init + lhs * rhs`` (every named contraction:
``linalg.matmul``, ``batch_matmul``, ``matmul_transpose_a/b``...; and a ``linalg.generic`` whose body is
``arith.mulf``/``muli`` then ``addf``/``addi`` of the init, casts allowed). Its loops are classified as
batch (in lhs, rhs and result), M (lhs and result), N (rhs and result) and K (reductions in lhs and rhs).
A *weight contraction* has a weight operand: an argument or a ``util.global.load`` indexed by no batch
loop (the rhs when both qualify, as in ``x @ W``); the other operand is the activation.

* ``tp=N`` (tensor parallel, Megatron-LM's rule). A weight contraction whose activation is computed from
  a column-parallel contraction (without another weight contraction in between) is *row-parallel*: its
  weight is split on the dim its first K loop indexes, and its activation operand gets an
  ``annotate_for_users`` split on that K dim, so the partial sums are reduced once (one ``all_reduce``);
  every other weight contraction is *column-parallel*: its weight is split on the dim of its major N
  loop (the result's first N dim), a rank-1 bias broadcast along it split with it. In attention, Q/K/V
  projections are column-parallel and the output projection row-parallel: the projection results,
  reshaped to ``[B, S, H, D]`` by ``tensor.expand_shape``, are split on the heads H (the major dim of the
  ``64 -> 4x16`` reassociation group: whole heads per device when N divides H), and sharding-propagation
  carries that split through the transposes, the batched products and the softmax, so the per-head work
  stays on its device.
* ``dp=N`` (data parallel): every tensor argument of rank >= 2 whose dim 0 equals the batch size (dim 0 of
  the first tensor argument) is split on dim 0 (``[[0]]``); weights stay replicated.

**Cost** (the reshard pass's figures): each candidate plan is applied to a copy of the module, which
then goes through ``sharding-propagation,distribute-types,reshard``; the plan's cost per device is

    stored bytes  (the largest shard of every tensor argument and global, balanced rule)
  + moved bytes   (for every collective the reshard pass inserted, the most any device receives:
                   :func:`meshc.sharding.plan_bytes_per_device`).

For ``tp`` the Megatron plan is kept when it costs less than leaving everything replicated (stored bytes
of the whole inputs, nothing moved); otherwise nothing is split. ``--explain`` prints each choice with its
reason, the head split, the collectives with their bytes and both totals. Where a split cannot pass a
reshape (heads that are the *minor* dim of a collapsed ``(B, H)`` batch, N not dividing H), the collective
the reshard pass inserts is listed with that reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from meshc.annotate import MeshSpec, ShardSpec, Target, annotate, find_entry
from meshc.dialects.mesh import ShardingAttr, ShardOp, sharding_of
from meshc.ir.core import BlockArgument, Operation, OpResult, Value
from meshc.ir.types import TensorType, byte_width

KINDS = ("tp", "dp")


class AutoShardError(ValueError):
    """A malformed ``--auto-shard`` value (not ``tp=N`` or ``dp=N`` with N >= 1)."""


@dataclass(frozen=True)
class AutoShardSpec:
    """``--auto-shard KIND=N``: ``kind`` is ``tp`` or ``dp``; ``devices`` the mesh size N (>= 1).
    The mesh added is named after the kind (``@tp``, ``@dp``)."""

    kind: str
    devices: int

    @property
    def mesh(self) -> MeshSpec:
        """The one-axis mesh ``KIND=N``."""
        return MeshSpec(self.kind, (self.devices,))


def parse_auto_shard(text: str) -> AutoShardSpec:
    """``"tp=4"`` -> ``AutoShardSpec("tp", 4)``.

    Raises:
        AutoShardError: not ``tp=N`` / ``dp=N``, or N < 1.
    """
    m = re.fullmatch(r"\s*(\w+)\s*=\s*(-?\d+)\s*", text)
    if m is None or m.group(1) not in KINDS:
        raise AutoShardError(f"'{text}' is not tp=N or dp=N (e.g. tp=4)")
    n = int(m.group(2))
    if n < 1:
        raise AutoShardError(f"'{text}': the device count must be >= 1, got {n}")
    return AutoShardSpec(m.group(1), n)


# ----------------------------------------------------------------------------------------------- contractions
_ADDS = ("arith.addf", "arith.addi")
_MULS = ("arith.mulf", "arith.muli")
_CASTS = ("arith.extf", "arith.extsi", "arith.extui", "arith.sitofp", "arith.uitofp", "arith.truncf")


@dataclass(frozen=True)
class Contraction:
    """A contraction ``op`` (result = init + lhs * rhs over the K loops). ``batch``, ``m``, ``n``, ``k``
    are loop indices (batch: in lhs, rhs and result; m: lhs and result; n: rhs and result; k: reduction
    loops of lhs and rhs); ``maps`` the lhs, rhs and init dim positions (loop of each tensor dim)."""

    op: Operation
    batch: tuple[int, ...]
    m: tuple[int, ...]
    n: tuple[int, ...]
    k: tuple[int, ...]
    maps: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]

    def dim_of(self, operand: int, loop: int) -> Optional[int]:
        """The dim of input ``operand`` (0 lhs, 1 rhs, 2 init) indexed by ``loop``, or None."""
        positions = self.maps[operand]
        return positions.index(loop) if loop in positions else None


def _strip_casts(v: Value) -> Value:
    while isinstance(v, OpResult) and v.owner.name in _CASTS:
        v = v.owner.operands[0]
    return v


def _mul_add_body(op: Operation) -> bool:
    """The payload yields ``init + a * b`` with {a, b} the two input block arguments (casts allowed)."""
    if getattr(op, "payload_kind", None) == "contraction":
        return True
    block = getattr(op, "payload_block", None)
    if block is None or block.terminator is None or len(block.args) != 3 or len(block.terminator.operands) != 1:
        return False
    add = block.terminator.operands[0]
    if not isinstance(add, OpResult) or add.owner.name not in _ADDS:
        return False
    x, y = (_strip_casts(o) for o in add.owner.operands)
    init = block.args[2]
    mul = y if x is init else x if y is init else None
    if not isinstance(mul, OpResult) or mul.owner.name not in _MULS:
        return False
    a, b = (_strip_casts(o) for o in mul.owner.operands)
    return {id(a), id(b)} == {id(block.args[0]), id(block.args[1])}


def contraction_of(op: Operation) -> Optional[Contraction]:
    """``op`` as a :class:`Contraction`, or None: it must be a linalg structured op with two tensor inputs
    and one tensor init, projected-permutation maps without constant results, a mul-add payload, at least
    one K loop, and every loop a batch, M, N or K loop (rules of MLIR's ``inferContractionDims``)."""
    from meshc.dialects.linalg import StructuredOp

    if not isinstance(op, StructuredOp) or len(op.inputs) != 2 or len(op.inits) != 1:
        return None
    if not all(isinstance(v.type, TensorType) for v in op.inputs + op.inits):
        return None
    try:
        maps, iterators = op.indexing_maps(), op.iterator_types()
    except Exception:  # an invalid op: not a contraction this advisor can use
        return None
    if not all(m.is_projected_permutation(allow_zero_results=False) for m in maps) or not _mul_add_body(op):
        return None
    pos = tuple(tuple(m.dim_positions()) for m in maps)  # type: ignore[arg-type]
    lhs, rhs, out = (set(p) for p in pos)
    groups: dict[str, list[int]] = {"batch": [], "m": [], "n": [], "k": []}
    for loop, it in enumerate(iterators):
        where = (loop in lhs, loop in rhs, loop in out)
        kind = {(True, True, False): "k", (True, True, True): "batch", (True, False, True): "m",
                (False, True, True): "n"}.get(where)
        if kind is None or (kind == "k") != (it == "reduction"):
            return None
        groups[kind].append(loop)
    if not groups["k"]:
        return None
    return Contraction(op, *(tuple(groups[g]) for g in ("batch", "m", "n", "k")), pos)  # type: ignore[arg-type]


def _source(v: Value) -> Optional[str]:
    """The argument (``argI``) or global (``@name``) a weight comes from directly, or None."""
    if isinstance(v, BlockArgument):
        return f"arg{v.index}"
    if isinstance(v, OpResult) and v.owner.name == "util.global.load":
        return "@" + str(v.owner.attributes["global"]).lstrip("@")
    return None


@dataclass
class _WeightContraction:
    """A contraction with a weight operand ``w`` (input 0 or 1); ``act`` is the other input."""

    c: Contraction
    index: int
    w: int
    role: str = "column"

    @property
    def act(self) -> int:
        return 1 - self.w

    @property
    def weight(self) -> Value:
        return self.c.op.inputs[self.w]  # type: ignore[attr-defined]

    @property
    def free(self) -> tuple[int, ...]:
        """The weight's own output loops (N for a rhs weight, M for a lhs one), in result dim order."""
        own = self.c.n if self.w == 1 else self.c.m
        return tuple(loop for loop in self.c.maps[2] if loop in own)


def _weight_contractions(func: Operation) -> tuple[list[Contraction], list[_WeightContraction]]:
    contractions = [c for c in (contraction_of(op) for op in func.walk()) if c is not None]
    found = []
    for i, c in enumerate(contractions):
        for w in (1, 0):
            v = c.op.inputs[w]  # type: ignore[attr-defined]
            if _source(v) is not None and not any(loop in c.maps[w] for loop in c.batch):
                found.append(_WeightContraction(c, i, w))
                break
    return contractions, found


def _feeding(v: Value, owners: dict[int, _WeightContraction]) -> list[_WeightContraction]:
    """The weight contractions ``v`` is computed from, not looking past one (Megatron pairs them)."""
    found, seen, stack = [], set(), [v]
    while stack:
        x = stack.pop()
        if not isinstance(x, OpResult) or id(x.owner) in seen:
            continue
        seen.add(id(x.owner))
        if id(x.owner) in owners:
            found.append(owners[id(x.owner)])
            continue
        stack.extend(x.owner.operands)
    return found


def _assign_roles(weighted: list[_WeightContraction]) -> None:
    owners = {id(wc.c.op): wc for wc in weighted}
    for wc in weighted:  # program order: producers are decided first
        before = _feeding(wc.c.op.inputs[wc.act], owners)  # type: ignore[attr-defined]
        wc.role = "row" if any(p.role == "column" for p in before) else "column"


# ----------------------------------------------------------------------------------------------- plans
@dataclass
class Decision:
    """One choice: ``target`` sharded ``split_axes`` (None: left to propagation), ``reason`` in words,
    ``stored_bytes`` per device for the target (its largest shard) and ``moved_bytes`` each device receives
    for the collective the choice implies (0 when none)."""

    target: str
    split_axes: Optional[tuple] = None
    reason: str = ""
    stored_bytes: int = 0
    moved_bytes: int = 0

    def __str__(self) -> str:
        what = f"{self.target} -> {_axes_text(self.split_axes)}" if self.split_axes is not None else self.target
        cost = f" [stores {self.stored_bytes} B/device" + (f", moves {self.moved_bytes} B/device" if
                                                           self.moved_bytes else "") + "]"
        return f"{what}: {self.reason}" + (cost if self.split_axes is not None else "")


@dataclass(frozen=True)
class OperandAnnotation:
    """An ``annotate_for_users`` annotation: operand ``operand`` of the ``op_index``-th op of the entry
    function (``func.walk()`` order) must be sharded ``split_axes``; ``reason`` says why."""

    op_index: int
    operand: int
    split_axes: tuple
    reason: str


@dataclass(frozen=True)
class Collective:
    """A collective the reshard pass inserted: ``kind`` (``all_gather``...), the tensor ``type`` (global
    shape), ``consumer`` (the op that needed it), ``moved_bytes`` (the most any device receives) and
    ``why`` (a reason when the split could not pass a reshape)."""

    kind: str
    type: str
    consumer: str
    moved_bytes: int
    why: str = ""

    def __str__(self) -> str:
        text = f"{self.kind} of {self.type} for {self.consumer}: {self.moved_bytes} B/device"
        return text + (f" ({self.why})" if self.why else "")


@dataclass
class Evaluation:
    """The cost of a plan after ``sharding-propagation,distribute-types,reshard``: per device, bytes stored
    for the inputs (arguments and globals) and received by collectives; the ``collectives``; ``notes``
    (head splits, batched products) for ``--explain``."""

    stored_bytes: int
    moved_bytes: int
    collectives: list[Collective] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.stored_bytes + self.moved_bytes


@dataclass
class AutoShardPlan:
    """What :func:`auto_shard` chose: the mesh, one :class:`Decision` per target, the ``--shard`` requests
    (:class:`meshc.annotate.ShardSpec`) and operand annotations applied, and the cost of the chosen plan
    (``cost``) against everything replicated (``replicated``); ``summary`` says which won and why."""

    spec: AutoShardSpec
    decisions: list[Decision] = field(default_factory=list)
    shards: list[ShardSpec] = field(default_factory=list)
    operand_annotations: list[OperandAnnotation] = field(default_factory=list)
    cost: Optional[Evaluation] = None
    replicated: Optional[Evaluation] = None
    summary: str = ""

    def explain(self) -> str:
        """The text ``--explain`` prints: the mesh, one line per decision, the head splits, the collectives
        and the cost."""
        lines = [f"auto-shard {self.spec.kind}={self.spec.devices}: mesh @{self.spec.kind} "
                 f"(shape {self.spec.devices})"]
        lines += [f"  {d}" for d in self.decisions] or ["  nothing to shard: every value stays replicated"]
        lines += [f"  {a.reason}" for a in self.operand_annotations]
        if self.cost is not None:
            lines += [f"  {n}" for n in self.cost.notes]
            lines += [f"  {c}" for c in _counted([str(c) for c in self.cost.collectives])] or ["  no collective"]
            lines.append(f"  cost per device: stores {self.cost.stored_bytes} B, moves {self.cost.moved_bytes} B")
        if self.summary:
            lines.append(f"  {self.summary}")
        return "\n".join(lines)


def _axes_text(axes) -> str:
    return "[" + ", ".join("[" + ", ".join(map(str, a)) + "]" for a in axes) + "]"


def _elems(t: TensorType) -> int:
    n = 1
    for d in t.shape:
        n *= int(d)
    return n


def _itemsize(t: TensorType) -> int:
    try:
        return byte_width(t.element_type)
    except ValueError:
        return 4


def _nbytes(t: TensorType, parts: int = 1) -> int:
    """Bytes of the largest shard when one dim of ``t`` is split ``parts`` ways (balanced rule: the last
    shards are one element larger, so the ceiling is the largest)."""
    return -(-_elems(t) // parts) * _itemsize(t)


def _split_on(dim: int) -> tuple:
    """Split axes splitting tensor dim ``dim`` over mesh axis 0: ``1`` -> ``((), (0,))``."""
    return tuple(((0,) if d == dim else ()) for d in range(dim + 1))


def _collective_bytes(kind_step, out: TensorType, spec: AutoShardSpec, src_axes: tuple, partial: bool) -> int:
    from meshc.sharding.reshard import bytes_moved_per_device
    from meshc.sharding.spec import Mesh, Sharding

    src = Sharding(spec.kind, src_axes, (0,) if partial else ())
    return max(bytes_moved_per_device(kind_step, src, Mesh(spec.kind, (spec.devices,)), tuple(out.shape),
                                      _itemsize(out)))


def _biases(result: Value, n: int) -> list[Value]:
    """Rank-1 weights of length ``n`` added to ``result`` through a ``linalg.generic`` (the bias of a
    column-parallel contraction, broadcast along its split dim)."""
    found: list[Value] = []
    for user in list(result.users):
        if user.name != "linalg.generic":
            continue
        candidates = list(user.operands)  # added directly, or broadcast by a generic of its own first
        candidates += [w for x in user.operands if isinstance(x, OpResult) and x.owner.name == "linalg.generic"
                       for w in x.owner.operands]
        for w in candidates:
            t = w.type
            if isinstance(t, TensorType) and t.rank == 1 and t.shape[0] == n and _source(w) is not None \
                    and not any(w is f for f in found):
                found.append(w)
    return found


def _plan_tp(func: Operation, spec: AutoShardSpec) -> tuple[list[Decision], list[OperandAnnotation]]:
    from meshc.sharding.steps import AllGather, AllReduce

    k = spec.devices
    contractions, weighted = _weight_contractions(func)
    _assign_roles(weighted)
    owners = {id(wc.c.op): wc for wc in weighted}
    index_of = {id(op): i for i, op in enumerate(_plain_ops(func))}
    decisions: list[Decision] = []
    notes: list[OperandAnnotation] = []
    done: set = set()
    for wc in weighted:
        c, name = wc.c, f"{wc.c.op.name} {wc.index}"
        src, t = _source(wc.weight), wc.weight.type
        out = c.op.results[0].type
        if src in done:
            continue
        row = wc.role == "row"
        loop = c.k[0] if row else (wc.free[0] if wc.free else None)
        dim = c.dim_of(wc.w, loop) if loop is not None else None
        if dim is None:
            decisions.append(Decision(src, None, f"weight of {name} has no output dim to split: replicated"))
            continue
        if t.shape[dim] is None or t.shape[dim] < k:
            decisions.append(Decision(src, None, f"dim {dim} of the weight of {name} has {t.shape[dim]} < {k} "
                                                 "elements: replicated"))
            continue
        done.add(src)
        if row:
            moved = _collective_bytes(AllReduce((0,)), out, spec, (), True)
            act_dim = c.dim_of(wc.act, loop)
            producers = ", ".join(f"{p.c.op.name} {p.index}" for p in _feeding(c.op.inputs[wc.act], owners))
            reason = (f"row-parallel weight of {name} (its input comes from the column-parallel {producers}): "
                      "partial sums reduced by one all_reduce")
            if act_dim is not None:
                notes.append(OperandAnnotation(index_of[id(c.op)], wc.act, _split_on(act_dim),
                                               f"input {wc.act} of {name} -> {_axes_text(_split_on(act_dim))} "
                                               f"(annotate_for_users): the row-parallel product reads its "
                                               f"K dim split, sliced locally if it arrives whole"))
        else:
            out_dim = c.dim_of(2, loop)
            follows = any(w.role == "row" and wc in _feeding(w.c.op.inputs[w.act], owners) for w in weighted)
            if follows:
                moved = 0
                reason = f"column-parallel weight of {name}: its result stays split for the row-parallel product"
            else:
                moved = _collective_bytes(AllGather((0,), out_dim), out, spec, _split_on(out_dim), False)
                reason = (f"column-parallel weight of {name}: no row-parallel product follows, its result is "
                          "all_gathered where it is needed whole")
            for b in _biases(c.op.results[0], int(t.shape[dim])):
                bsrc = _source(b)
                if bsrc not in done:
                    done.add(bsrc)
                    decisions.append(Decision(bsrc, ((0,),), f"bias of column-parallel {name}",
                                              _nbytes(b.type, k)))
        decisions.append(Decision(src, _split_on(dim), reason, _nbytes(t, k), moved))
    if not weighted:
        what = "contraction" if contractions else "linalg.matmul or other contraction"
        decisions.append(Decision(f"(no {what} with a weight)", None,
                                  "no matmul chain to split: values stay replicated"))
    return decisions, notes


def _plan_dp(func: Operation, spec: AutoShardSpec) -> list[Decision]:
    args = [a for a in func.body.args if isinstance(a.type, TensorType) and a.type.rank >= 1]
    if not args:
        return [Decision("(no tensor argument)", None, "nothing to split along a batch dim")]
    batch = args[0].type.shape[0]
    decisions = []
    for a in args:
        t = a.type
        target = f"arg{a.index}"
        if t.rank >= 2 and t.shape[0] == batch and batch is not None and batch >= spec.devices:
            decisions.append(Decision(target, ((0,),), f"batch dim 0 ({batch} rows) split {spec.devices} ways",
                                      _nbytes(t, spec.devices)))
        else:
            decisions.append(Decision(target, None, _dp_replicated_reason(t, batch, args[0].index, spec)))
    return decisions


def _dp_replicated_reason(t: TensorType, batch: Optional[int], first: int, spec: AutoShardSpec) -> str:
    """Why ``dp`` leaves an argument of type ``t`` replicated (``batch``: dim 0 of the first tensor
    argument ``arg{first}``): rank below 2, a dynamic batch, another dim 0, or fewer rows than devices."""
    if t.rank < 2:
        return f"rank {t.rank}: no batch dim beside the data: replicated"
    if batch is None:
        return f"the batch dim 0 of arg{first} is dynamic: replicated"
    if t.shape[0] != batch:
        dim = "?" if t.shape[0] is None else t.shape[0]
        return f"dim 0 ({dim}) is not the batch size {batch} of arg{first}: replicated"
    return f"batch {batch} < {spec.devices} devices: a split would leave devices without rows: replicated"


# ----------------------------------------------------------------------------------------------- applying
def _apply(module: Operation, spec: AutoShardSpec, entry: Optional[str], decisions: list[Decision],
           operand_annotations: list[OperandAnnotation]) -> list[ShardSpec]:
    """Add the mesh, the ``--shard`` requests of ``decisions`` and the operand annotations to ``module``."""
    shards = [ShardSpec(_target(d.target), None, d.split_axes, origin=f"--auto-shard {d.target}")
              for d in decisions if d.split_axes is not None]
    annotate(module, meshes=[spec.mesh])
    if shards:
        annotate(module, shards=shards, entry=entry)
    if operand_annotations:
        func = find_entry(module, entry)
        ops = _plain_ops(func)
        for a in operand_annotations:
            op = ops[a.op_index]
            v = op.operands[a.operand]
            note = ShardOp.build(v, ShardingAttr(spec.kind, a.split_axes), annotate_for_users=True,
                                 loc=op.location)
            op.parent.insert_before(op, note)  # type: ignore[union-attr]
            op.set_operand(a.operand, note.results[0])
    return shards


def _plain_ops(func: Operation) -> list[Operation]:
    """The ops of ``func`` in walk order without ``mesh.shard`` annotations (the indices of
    :class:`OperandAnnotation` count these, so they survive annotating)."""
    return [op for op in func.walk() if not isinstance(op, ShardOp)]


def _target(text: str) -> Target:
    if text.startswith("@"):
        return Target("global", name=text[1:])
    return Target("arg", index=int(text[3:]))


def _input_values(module: Operation, func: Operation) -> list[Value]:
    values: list[Value] = [a for a in func.body.args if isinstance(a.type, TensorType)]
    seen: set = set()
    for op in module.walk():
        if op.name == "util.global.load" and isinstance(op.results[0].type, TensorType):
            g = str(op.attributes["global"])
            if g not in seen:
                seen.add(g)
                values.append(op.results[0])
    return values


def _replicated_cost(module: Operation, func: Operation) -> Evaluation:
    return Evaluation(sum(_nbytes(v.type) for v in _input_values(module, func)), 0)  # type: ignore[arg-type]


def evaluate(module: Operation, spec: AutoShardSpec, decisions: list[Decision],
             operand_annotations: list[OperandAnnotation] = (), entry: Optional[str] = None) -> Evaluation:
    """The cost of a plan (see the module docstring): ``module`` is copied, annotated and run through
    ``sharding-propagation,distribute-types,reshard``; ``module`` itself is not changed.

    Raises:
        meshc.ir.location.DiagnosticError: a pass rejects the plan (e.g. an op without a rule for it).
    """
    from meshc.passes.manager import PassManager
    from meshc.sharding.reshard import plan_bytes_per_device, plan_reshard
    from meshc.sharding.spec import Mesh

    copy = module.clone({})
    _apply(copy, spec, entry, decisions, list(operand_annotations))
    PassManager.from_text("sharding-propagation,distribute-types,reshard").run(copy)
    func = find_entry(copy, entry)
    mesh = Mesh(spec.kind, (spec.devices,))
    chosen = {d.target: d.split_axes for d in decisions if d.split_axes is not None}
    stored = 0
    for v in _input_values(copy, func):
        # a global keeps the sharding chosen for it (it is loaded whole and sliced locally in the IR)
        name = _source(v)
        split = chosen[name] if name in chosen else _value_split(v)
        stored += _nbytes(v.type, spec.devices if split else 1)  # type: ignore[arg-type]
    result = Evaluation(stored, 0)
    for op in func.walk():
        if not op.name.startswith("mesh.") or op.name in ("mesh.shard", "mesh.mesh") or not op.operands:
            continue
        src, dst = sharding_of(op.operands[0].type), sharding_of(op.results[0].type)
        t = op.operands[0].type
        if src is None or dst is None or not isinstance(t, TensorType):
            continue
        steps = plan_reshard(src.to_spec(), dst.to_spec(), mesh, t.shape)
        moved = max(plan_bytes_per_device(steps, src.to_spec(), mesh, t.shape, _itemsize(t)))
        consumer = _consumer(op)
        result.collectives.append(Collective(op.name.split(".", 1)[1], _type_text(t), _describe(consumer), moved,
                                             _blocked_reason(consumer, src)))
        result.moved_bytes += moved
    result.notes = (_head_notes(func, spec) if spec.kind == "tp" else []) + _batched_notes(func)
    return result


def _value_split(v: Value) -> tuple:
    """The split axes ``v`` is produced with (distributed type), () when replicated or unknown."""
    s = sharding_of(v.type)
    return s.split_axes if s is not None else ()


def _consumer(op: Operation) -> Optional[Operation]:
    """The first op past the chain of collectives (and resharding points) starting at ``op``."""
    seen = 0
    while seen < 16:
        users = list(op.results[0].users)
        if not users:
            return None
        nxt = users[0]
        if not nxt.name.startswith("mesh."):
            return nxt
        op, seen = nxt, seen + 1
    return None


def _type_text(t: TensorType) -> str:
    return "x".join(str(d) for d in t.shape) + f" {t.element_type}"


def _describe(op: Optional[Operation]) -> str:
    if op is None:
        return "the result"
    if op.name in ("func.return", "util.return"):
        return "the function result"
    shapes = [_type_text(v.type) for v in op.operands[:1] if isinstance(v.type, TensorType)]
    return f"{op.name}" + (f" of {shapes[0]}" if shapes else "")


def _blocked_reason(consumer: Optional[Operation], src: ShardingAttr) -> str:
    """Why a split could not pass ``consumer`` when it is a reshape: the split dim is not the major dim of
    its reassociation group, or the device count does not divide it."""
    if consumer is None or consumer.name not in ("tensor.collapse_shape", "tensor.expand_shape"):
        return ""
    groups = consumer.reassociation  # type: ignore[attr-defined]
    source = consumer.operands[0].type
    collapsing = consumer.name == "tensor.collapse_shape"
    for d, axes in enumerate(src.split_axes):
        if not axes:
            continue
        if collapsing:
            group = next(g for g in groups if d in g)
            sizes = [source.shape[x] for x in group]
            major = next((x for x in group if source.shape[x] != 1), group[0])
            if d != major:
                return (f"dim {d} ({source.shape[d]}) is a minor dim of the collapsed group {list(group)} "
                        f"({'x'.join(map(str, sizes))}): its split is strided in the collapsed dim")
        else:
            group = groups[d]
            out = consumer.results[0].type
            sizes = [out.shape[x] for x in group]
            major = next((x for x in group if out.shape[x] != 1), group[0])
            n = out.shape[major]
            if len(group) > 1 and n is not None:
                return (f"{source.shape[d]} split over the devices does not cut whole rows of "
                        f"{'x'.join(map(str, sizes))} (the device count does not divide {n})")
    return ""


def _producer(v: Value) -> Optional[Operation]:
    """The op that computes ``v``, looking through mesh ops (annotations, collectives)."""
    while isinstance(v, OpResult) and v.owner.name.startswith("mesh."):
        v = v.owner.operands[0]
    return v.owner if isinstance(v, OpResult) else None


def _counted(lines: list[str]) -> list[str]:
    """``lines`` without repeats, a repeated line suffixed `` (xN)``."""
    counts: dict[str, int] = {}
    for line in lines:
        counts[line] = counts.get(line, 0) + 1
    return [line + (f" (x{n})" if n > 1 else "") for line, n in counts.items()]


def _head_notes(func: Operation, spec: AutoShardSpec) -> list[str]:
    """``heads split`` lines: a ``tensor.expand_shape`` of a weight contraction's result (a projection)
    whose result is split on the major dim of a group of several non-unit dims (``64 -> 4x16``: H heads
    of D elements each)."""
    notes = []
    for op in func.walk():
        if op.name != "tensor.expand_shape":
            continue
        producer = _producer(op.operands[0])
        c = contraction_of(producer) if producer is not None else None
        if c is None or not any(_source(_strip_mesh(v)) for v in c.op.inputs):  # type: ignore[attr-defined]
            continue
        out = op.results[0].type
        s = sharding_of(out)
        for group in op.reassociation:  # type: ignore[attr-defined]
            real = [d for d in group if out.shape[d] != 1]
            if s is None or len(real) < 2 or not s.dim_axes(real[0]):
                continue
            h, k = int(out.shape[real[0]]), spec.devices
            rest = 1
            for d in real[1:]:
                rest *= int(out.shape[d])
            share = f"{h // k} per device" if h % k == 0 else f"{h // k} or {h // k + 1} per device"
            notes.append(f"heads split: tensor.expand_shape {_type_text(op.operands[0].type)} -> {_type_text(out)} "
                         f"of {c.op.name} splits dim {real[0]} ({h} heads of {rest}) over @{spec.kind}, {share}; "
                         "each head stays whole on one device")
    return _counted(notes)


def _strip_mesh(v: Value) -> Value:
    while isinstance(v, OpResult) and v.owner.name.startswith("mesh."):
        v = v.owner.operands[0]
    return v


def _batched_notes(func: Operation) -> list[str]:
    """One line per contraction with batch loops and no weight (attention's score and value products):
    local when its result is split on a batch dim."""
    notes = []
    for op in func.walk():
        c = contraction_of(op)
        if c is None or not c.batch:
            continue
        out = op.results[0].type
        s = sharding_of(out)
        split = [d for d, loop in enumerate(c.maps[2]) if loop in c.batch and s is not None and s.dim_axes(d)]
        where = (f"batch dim {split[0]} split: each device computes its own heads (or batch rows) locally" if split
                 else "not split: every device computes all of it")
        notes.append(f"{op.name} {_type_text(out)} (batched contraction): {where}")
    return _counted(notes)


# ----------------------------------------------------------------------------------------------- entry point
def auto_shard(module: Operation, spec: AutoShardSpec, entry: Optional[str] = None) -> AutoShardPlan:
    """Choose shardings for ``module``'s entry function (``entry``, else the only public one), add the
    mesh ``@KIND`` of ``spec.devices`` devices and the annotations, in place. Returns the plan (its
    :meth:`AutoShardPlan.explain` is ``--explain``'s text).

    Raises:
        meshc.annotate.AnnotationError: the module already has a different mesh of that name, or a
            chosen value is already annotated differently (an annotated program: do not auto-shard it).
    """
    from meshc.ir.location import DiagnosticError
    from meshc.passes.manager import PassCrash

    func = find_entry(module, entry)
    notes: list[OperandAnnotation] = []
    if spec.kind == "tp":
        decisions, notes = _plan_tp(func, spec)
    else:
        decisions = _plan_dp(func, spec)
    replicated = _replicated_cost(module, func)
    cost: Optional[Evaluation] = None
    summary = ""
    if any(d.split_axes is not None for d in decisions):
        try:
            cost = evaluate(module, spec, decisions, notes, entry)
        except (DiagnosticError, PassCrash) as err:
            summary = f"the plan was not costed (the passes reject it: {str(err).splitlines()[0]})"
        if spec.kind == "tp" and cost is not None and cost.total >= replicated.total:
            summary = (f"kept replicated: the split plan costs {cost.total} B/device (stores {cost.stored_bytes}, "
                       f"moves {cost.moved_bytes}) against {replicated.total} B/device replicated")
            decisions = [Decision(d.target, None, "replicated: splitting costs more than it saves")
                         for d in decisions]
            notes, cost = [], None
        elif cost is not None:
            verdict = "chosen over replicated" if spec.kind == "tp" else "data parallel"
            summary = (f"{verdict}: {cost.total} B/device (stored + moved) against {replicated.total} B/device "
                       "stored when nothing is split")
    shards = _apply(module, spec, entry, decisions, notes)
    return AutoShardPlan(spec, decisions, shards, notes, cost, replicated, summary)
