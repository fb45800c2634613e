"""A sharding advisor for the common case: ``--auto-shard tp=N`` / ``--auto-shard dp=N`` (issue 9).

It chooses the ``--shard`` requests a user would write by hand and applies them with
:func:`meshc.annotate.annotate` (annotated input form, PIPELINE.md stage 1); sharding-propagation
decides every other value.

* ``tp=N`` (tensor parallel, Megatron-LM's rule): along each chain of ``linalg.matmul`` ops, where the
  LHS of a matmul is computed from the result of the previous one, the first matmul is
  *column-parallel* (its weight, an argument or a global, split on dim 1: ``[[], [0]]``; its bias, a
  rank-1 weight broadcast along the output columns, split ``[[0]]``) and the next one *row-parallel*
  (weight split on dim 0: ``[[0]]``), so the hidden activation stays split and the row-parallel partial
  sums are reduced once (one ``all_reduce``). A chain of odd length ends with a column-parallel matmul
  whose result is gathered. Weights are split only when the split dim has at least N elements.
* ``dp=N`` (data parallel): every tensor argument of rank >= 2 whose dim 0 equals the batch size (dim 0
  of the first tensor argument) is split on dim 0 (``[[0]]``); weights stay replicated.

Costs (:class:`Decision`) use the reshard planner's figures (:mod:`meshc.sharding.reshard`): the bytes
each device receives for the collective the choice implies (``all_reduce`` of a row-parallel result,
``all_gather`` of a column-parallel result that is not followed by a row-parallel matmul) and the
bytes each device stores for the weight. Not handled yet: attention heads (``linalg.batch_matmul`` on
a head dim) and matmuls expressed as ``linalg.generic``; they stay replicated (a reason says so).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from meshc.annotate import MeshSpec, ShardSpec, Target, annotate, find_entry
from meshc.ir.core import BlockArgument, Operation, OpResult, Value
from meshc.ir.types import TensorType

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


@dataclass
class Decision:
    """One choice: ``target`` sharded ``split_axes`` (None: left to propagation), ``reason`` in words,
    ``stored_bytes`` per device for the target (its shard) and ``moved_bytes`` each device receives
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


@dataclass
class AutoShardPlan:
    """What :func:`auto_shard` chose: the mesh, one :class:`Decision` per target, and the
    ``--shard`` requests (:class:`meshc.annotate.ShardSpec`) that were applied."""

    spec: AutoShardSpec
    decisions: list[Decision] = field(default_factory=list)
    shards: list[ShardSpec] = field(default_factory=list)

    def explain(self) -> str:
        """The text ``--explain`` prints: the mesh, then one line per decision."""
        lines = [f"auto-shard {self.spec.kind}={self.spec.devices}: mesh @{self.spec.kind} "
                 f"(shape {self.spec.devices})"]
        lines += [f"  {d}" for d in self.decisions] or ["  nothing to shard: every value stays replicated"]
        return "\n".join(lines)


def _axes_text(axes) -> str:
    return "[" + ", ".join("[" + ", ".join(map(str, a)) + "]" for a in axes) + "]"


def _nbytes(t: TensorType, parts: int = 1) -> int:
    """Bytes of the largest shard when one dim of ``t`` is split ``parts`` ways (balanced rule: the last
    shards are one element larger, so the ceiling is the largest)."""
    n = 1
    for d in t.shape:
        n *= int(d)
    width = getattr(t.element_type, "width", 32) or 32
    return -(-n // parts) * max(1, (width + 7) // 8)


def _source(v: Value) -> Optional[str]:
    """The argument (``argI``) or global (``@name``) a weight comes from directly, or None."""
    if isinstance(v, BlockArgument):
        return f"arg{v.index}"
    if isinstance(v, OpResult) and v.owner.name == "util.global.load":
        return "@" + str(v.owner.attributes["global"]).lstrip("@")
    return None


def _depends_on(v: Value, root: Value, limit: int = 64) -> bool:
    """True when ``v`` is computed from ``root`` (a walk of the use-def chain, at most ``limit`` ops)."""
    seen, stack = set(), [v]
    while stack and len(seen) < limit:
        x = stack.pop()
        if x is root:
            return True
        if id(x) in seen or not isinstance(x, OpResult):
            continue
        seen.add(id(x))
        stack.extend(x.owner.operands)
    return False


def _biases(result: Value, n: int) -> list[tuple[Value, Operation]]:
    """Rank-1 weights of length ``n`` added to ``result`` through a ``linalg.generic`` (the bias of a
    column-parallel matmul, broadcast along dim 1)."""
    found = []
    for user, _ in list(result.uses):
        for x in user.operands:
            if isinstance(x, OpResult) and x.owner.name == "linalg.generic":
                for w in x.owner.operands:
                    t = w.type
                    if isinstance(t, TensorType) and t.rank == 1 and t.shape[0] == n and _source(w) is not None:
                        found.append((w, x.owner))
    return found


def _plan_tp(func: Operation, spec: AutoShardSpec) -> list[Decision]:
    from meshc.sharding.reshard import bytes_moved_per_device
    from meshc.sharding.spec import Mesh, Sharding
    from meshc.sharding.steps import AllGather, AllReduce

    mesh = Mesh(spec.kind, (spec.devices,))
    k = spec.devices
    matmuls = [op for op in func.walk() if op.name == "linalg.matmul"]
    decisions: list[Decision] = []
    done: set = set()
    role: dict[int, str] = {}
    for i, mm in enumerate(matmuls):
        prev = [p for p in matmuls[:i] if role.get(id(p)) == "column" and _depends_on(mm.operands[0], p.results[0])]
        role[id(mm)] = "row" if prev else "column"
    for i, mm in enumerate(matmuls):
        w = mm.operands[1]
        src = _source(w)
        t = w.type
        out = mm.results[0].type
        if src is None or not isinstance(t, TensorType):
            decisions.append(Decision(f"matmul {i}", None, "its weight is computed, not an argument or a global: "
                                      "left to propagation"))
            continue
        if src in done:
            continue
        row = role[id(mm)] == "row"
        dim = 0 if row else 1
        if t.shape[dim] < k:
            decisions.append(Decision(src, None, f"dim {dim} has {t.shape[dim]} < {k} elements: replicated"))
            continue
        axes = ((0,),) if row else ((), (0,))
        if row:
            moved = max(bytes_moved_per_device(AllReduce((0,)), Sharding(spec.kind, (), (0,)), mesh,
                                               tuple(out.shape), _nbytes(out) // _elems(out)))
            reason = (f"row-parallel weight of matmul {i} (its LHS is split on dim 1 by the column-parallel "
                      f"matmul before it): partial sums reduced by one all_reduce")
        else:
            follows = any(role[id(m)] == "row" and _depends_on(m.operands[0], mm.results[0]) for m in matmuls)
            if follows:
                moved = 0
                reason = f"column-parallel weight of matmul {i}: its result stays split for the row-parallel matmul"
            else:
                moved = max(bytes_moved_per_device(AllGather((0,), 1), Sharding(spec.kind, ((), (0,))), mesh,
                                                   tuple(out.shape), _nbytes(out) // _elems(out)))
                reason = f"column-parallel weight of matmul {i}: no row-parallel matmul follows, result all_gathered"
            for b, _ in _biases(mm.results[0], int(t.shape[1])):
                bsrc = _source(b)
                if bsrc not in done:
                    done.add(bsrc)
                    decisions.append(Decision(bsrc, ((0,),), f"bias of column-parallel matmul {i}",
                                              _nbytes(b.type, k)))
        done.add(src)
        decisions.append(Decision(src, axes, reason, _nbytes(t, k), moved))
    if not matmuls:
        decisions.append(Decision("(no linalg.matmul)", None, "no matmul chain to split: values stay replicated"))
    return decisions


def _elems(t: TensorType) -> int:
    n = 1
    for d in t.shape:
        n *= int(d)
    return n


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
            decisions.append(Decision(target, None, "not a batch of the first argument's size: replicated"))
    return decisions


def auto_shard(module: Operation, spec: AutoShardSpec, entry: Optional[str] = None) -> AutoShardPlan:
    """Choose shardings for ``module``'s entry function (``entry``, else the only public one), add the
    mesh ``@KIND`` of ``spec.devices`` devices and the annotations, in place. Returns the plan (its
    :meth:`AutoShardPlan.explain` is ``--explain``'s text).

    Raises:
        meshc.annotate.AnnotationError: the module already has a different mesh of that name, or a
            chosen value is already annotated differently (an annotated program: do not auto-shard it).
    """
    func = find_entry(module, entry)
    decisions = _plan_tp(func, spec) if spec.kind == "tp" else _plan_dp(func, spec)
    shards = []
    for d in decisions:
        if d.split_axes is None:
            continue
        shards.append(ShardSpec(_target(d.target), None, d.split_axes, origin=f"--auto-shard {d.target}"))
    annotate(module, meshes=[spec.mesh])
    if shards:
        annotate(module, shards=shards, entry=entry)
    return AutoShardPlan(spec, decisions, shards)


def _target(text: str) -> Target:
    if text.startswith("@"):
        return Target("global", name=text[1:])
    return Target("arg", index=int(text[3:]))
