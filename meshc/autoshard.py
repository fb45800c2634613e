"""A sharding advisor: ``--auto-shard tp=N`` / ``dp=N`` / ``ep=N``, or several on one mesh (``dp=2,tp=4``)
(README.md, "Commands").

It chooses the annotations a user would write by hand (``--shard`` requests on arguments and globals,
plus ``annotate_for_users`` annotations on a few intermediate values) and applies them in the annotated
input form (docs/pipeline.md stage 1); sharding-propagation decides every other value. One kind makes
the mesh ``@KIND`` of N devices; several make ``@KIND_KIND`` with one axis per kind, in the order given.

**Contractions** are recognised from indexing maps and iterator types, not op names (MLIR's
``isaContractionOpInterface`` / ``inferContractionDims``): a structured op with two inputs and one init
whose maps are projected permutations and whose payload is ``init + lhs * rhs`` (every named contraction:
``linalg.matmul``, ``batch_matmul``, ``matmul_transpose_a/b``...; and a ``linalg.generic`` whose body is
``arith.mulf``/``muli`` then ``addf``/``addi`` of the init, casts allowed). Its loops are classified as
batch (in lhs, rhs and result), M (lhs and result), N (rhs and result) and K (reductions in lhs and rhs).
A convolution (a windowed op combining ``init += input * filter``, MLIR's ``isaConvolutionOpInterface``)
is one too: output spatial loops M, output channels N, input channels and window loops K.

**Weights** are traced to their source through *layout ops* (:func:`trace_source`): ops whose iteration
space (meshc/interfaces/sharding.py) has parallel loops only and one tensor operand besides the inits:
``linalg.transpose`` and permuting ``linalg.generic`` ops, broadcasts, ``tensor.collapse_shape``/
``expand_shape``, copies and casts. Each operand dim is matched to the source dim its loop indexes (for a
reshape, the carrying dim of a group: the heads H of flax's ``[D, H, hd]`` kernel collapsed to
``[D, H*hd]``). A *weight contraction* has an operand traced to an argument, a ``util.global.load`` or a
*weight constant* (:func:`weight_constant`: a non-splat tensor ``arith.constant``, as IREE's ONNX import
keeps initializers; named ``%cst_1`` by its SSA name, split by annotating the value) (the rhs when both
are, as in ``x @ W``) that is not data; the other operand is the activation. A rank-1 weight broadcast
into a column-parallel product's init (ONNX ``Conv``/``Gemm`` biases) is split with it. A batch
loop the weight is broadcast along (torch's ``[B, D, F]`` of a 2-D weight) is no expert loop; one that
indexes the source's own dim is (the experts E of ``[E, D, F]``).

**The data** (:func:`analyse`) is what flows into the first weight contraction's activation along its
*data loops* (the loops of the activation that the weight does not index: M, and the batch loops the
weight is broadcast along), traced back through every op's iteration space (:func:`trace_back`) to the
arguments; ``--batch-arg NAME`` names it instead. The batch is then followed forward (:func:`batch_labels`):
an argument whose dim the batch reaches (a KV cache, a mask) is data too, never a weight.

* ``tp=N`` (tensor parallel, Megatron-LM's rule). A weight contraction whose activation is computed from
  a column-parallel contraction (without another weight contraction in between, and unless the
  activation's K dim provably comes from the inputs alone, as tokens masked by a router's gate) is
  *row-parallel*: its weight is split on the source dim its first K loop indexes, and its activation
  operand gets an ``annotate_for_users`` split on that K dim, so the partial sums are reduced once (one
  ``all_reduce``); every other weight contraction is *column-parallel*: its weight is split on the source
  dim of its major N loop, a rank-1 bias broadcast along it split with it. In attention, Q/K/V
  projections are column-parallel and the output projection row-parallel: the projection results,
  reshaped to ``[B, S, H, D]`` by ``tensor.expand_shape``, are split on the heads H, and
  sharding-propagation carries that split through the transposes, the batched products and the softmax.
  The alternative plan makes every weight column-parallel.
* ``dp=N`` (data parallel): the data input is split on the dim of a data loop (one plan per data loop:
  the batch, then e.g. the sequence); weights stay replicated.
* ``ep=N`` (expert parallel): every expert weight (a weight of a batched contraction whose batch loop
  indexes its source) is split on the dim of its expert loop, so each device holds and runs its own
  experts; the product that combines them over the experts is partial, reduced by one ``all_reduce``.

Combined, each kind splits on its own mesh axis and a target chosen by two kinds is split by both (an
expert weight: E over ``ep``, F over ``tp``); a row-parallel activation keeps the data batch split over
``dp`` and the experts over ``ep``.

**Choosing** (:func:`auto_shard`). Every combination of the kinds' plans, and the replicated plan, is a
candidate. Each is first costed by the reshard pass's figures (:func:`evaluate`: a copy of the module
through the default pipeline up to ``reshard``, :func:`cost_pipeline`, so reshapes are folded by
``propagate-reshapes`` as in the compiled program; per device the stored bytes of the inputs, balanced
rule, plus the bytes each collective moves to the device receiving most,
:func:`meshc.sharding.plan_bytes_per_device`, plus the *result charge*). The :data:`MAX_ESTIMATED`
cheapest are then compiled by the default pipeline and walked by ``meshc estimate``'s model
(:func:`meshc.runtime.estimate.estimate`, docs/estimate.md): their score is the largest per-device peak
(a split global counted at its shard's size: a deployment loads each device's part) plus the most bytes
any device receives, the result charge included. The *result charge* is the same in both models: the
caller receives every result whole, so a result that leaves the function split costs the all_gather and
one left partial (a row-parallel product last) the all_reduce that makes it replicated, bytes by
:func:`meshc.sharding.plan_bytes_per_device` on the result's sharding after ``reshard``. The lowest score
wins, a split plan on a tie; a plan the passes reject is never chosen. ``--no-propagate-reshapes`` costs
and compiles the plans without that pass, as the command compiles. ``--explain`` prints each choice with
its reason, the head splits, the collectives with their bytes (those of the compiled program, the result
charge listed as collectives "for the function result"), and the chosen plan and the runner-up with their
costs. Where a split cannot pass a reshape that remains (heads that are the *minor* dim of a collapsed
``(B, H)`` batch, N not dividing H), the collective the reshard pass inserts is listed with that reason.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Optional

from meshc.annotate import MeshSpec, ShardSpec, Target, add_mesh, annotate, find_entry
from meshc.dialects.mesh import ShardingAttr, ShardOp, sharding_of
from meshc.ir.core import BlockArgument, Operation, OpResult, Value
from meshc.ir.types import TensorType, byte_width

KINDS = ("dp", "tp", "ep")
"""The advisor's modes, in the order their mesh axes are laid out when several are combined."""


class AutoShardError(ValueError):
    """A malformed ``--auto-shard`` value: not ``KIND=N[,KIND=N...]`` with KIND one of ``dp``, ``tp``,
    ``ep`` (each at most once) and N >= 1."""


@dataclass(frozen=True)
class AutoShardSpec:
    """``--auto-shard KIND=N[,KIND=N...]``: ``axes`` holds one ``(kind, devices)`` per mesh axis, in the
    order given (``dp=2,tp=4``: axis 0 is data parallel over 2 devices, axis 1 tensor parallel over 4).
    The mesh added is named after the kinds joined by ``_`` (``@tp``; ``@dp_tp`` of shape 2x4)."""

    axes: tuple[tuple[str, int], ...]

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self.axes)

    @property
    def kind(self) -> str:
        """The mesh's name: the kinds joined by ``_`` (``tp``, ``dp_tp``)."""
        return "_".join(self.kinds)

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(n for _, n in self.axes)

    @property
    def devices(self) -> int:
        """Devices of the whole mesh (the product of the axis sizes)."""
        n = 1
        for _, k in self.axes:
            n *= k
        return n

    def axis(self, kind: str) -> Optional[int]:
        """The mesh axis of ``kind``, or None when the spec has no such kind."""
        return self.kinds.index(kind) if kind in self.kinds else None

    def size(self, kind: str) -> int:
        """Devices along the axis of ``kind`` (1 when the spec has no such kind)."""
        a = self.axis(kind)
        return self.axes[a][1] if a is not None else 1

    @property
    def mesh(self) -> MeshSpec:
        """The mesh ``@KIND`` with one axis per kind."""
        return MeshSpec(self.kind, self.shape)

    def __str__(self) -> str:
        return ",".join(f"{k}={n}" for k, n in self.axes)


def parse_auto_shard(text: str) -> AutoShardSpec:
    """``"tp=4"`` -> ``AutoShardSpec((("tp", 4),))``; ``"dp=2,tp=4"`` -> two axes.

    Raises:
        AutoShardError: a part that is not ``dp=N``/``tp=N``/``ep=N``, a kind given twice, or N < 1.
    """
    axes: list[tuple[str, int]] = []
    for part in text.split(","):
        m = re.fullmatch(r"\s*(\w+)\s*=\s*(-?\d+)\s*", part)
        if m is None or m.group(1) not in KINDS:
            raise AutoShardError(f"'{text}' is not KIND=N[,KIND=N] with KIND tp, dp or ep (e.g. tp=4, dp=2,tp=4)")
        n = int(m.group(2))
        if n < 1:
            raise AutoShardError(f"'{text}': the device count must be >= 1, got {n}")
        if m.group(1) in [k for k, _ in axes]:
            raise AutoShardError(f"'{text}' gives {m.group(1)} twice")
        axes.append((m.group(1), n))
    return AutoShardSpec(tuple(axes))


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
    """The payload yields ``init + a * b`` with {a, b} the two input block arguments (casts allowed); a
    convolution (a windowed op whose ``combiner`` is ``conv``: ``init += input * filter``) is one."""
    if getattr(op, "payload_kind", None) == "contraction":
        return True
    if getattr(op, "payload_kind", None) == "windowed":
        return getattr(op, "combiner", None) == "conv"
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


def _window_dims(expr) -> Optional[list[int]]:
    """The loops of a windowed input dim ``H * stride + h * dilation`` (a sum of dims, each possibly times
    a constant), or None for any other expression."""
    from meshc.ir.affine import BinaryExpr, ConstantExpr, DimExpr

    if isinstance(expr, DimExpr):
        return [expr.position]
    if isinstance(expr, BinaryExpr) and expr.kind == "+":
        a, b = _window_dims(expr.lhs), _window_dims(expr.rhs)
        return a + b if a is not None and b is not None else None
    if isinstance(expr, BinaryExpr) and expr.kind == "*" and isinstance(expr.rhs, ConstantExpr):
        return _window_dims(expr.lhs)
    return None


def contraction_of(op: Operation) -> Optional[Contraction]:
    """``op`` as a :class:`Contraction`, or None: it must be a linalg structured op with two tensor inputs
    and one tensor init, projected-permutation maps without constant results, a mul-add payload, at least
    one K loop, and every loop a batch, M, N or K loop (rules of MLIR's ``inferContractionDims``).

    A convolution (MLIR's ``isaConvolutionOpInterface``: the input's spatial dims are windows
    ``H * stride + h * dilation`` of an output loop and a filter loop) is one too: its output spatial
    loops are M loops, the output channels N, the input channels and the window loops K; a windowed
    input dim has no loop of its own (``maps[0][d]`` is None)."""
    from meshc.dialects.linalg import StructuredOp

    if not isinstance(op, StructuredOp) or len(op.inputs) != 2 or len(op.inits) != 1:
        return None
    if not all(isinstance(v.type, TensorType) for v in op.inputs + op.inits):
        return None
    try:
        maps, iterators = op.indexing_maps(), op.iterator_types()
    except Exception:  # an invalid op: not a contraction this advisor can use
        return None
    windowed = getattr(op, "payload_kind", None) == "windowed"
    plain = maps[1:] if windowed else maps
    if not all(m.is_projected_permutation(allow_zero_results=False) for m in plain) or not _mul_add_body(op):
        return None
    pos = tuple(tuple(m.dim_positions()) for m in plain)  # type: ignore[arg-type]
    lhs_loops: set = set()
    if windowed:
        window = [_window_dims(e) for e in maps[0].results]
        if any(w is None for w in window):
            return None
        pos = (tuple(w[0] if len(w) == 1 else None for w in window),) + pos  # type: ignore[index]
        lhs_loops = {d for w in window for d in w}  # type: ignore[union-attr]
    lhs, rhs, out = (set(p) for p in pos)
    lhs |= lhs_loops
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


def _source(v: Value, constants: bool = False) -> Optional[str]:
    """The argument (``argI``) or global (``@name``) a weight comes from directly, or None; with
    ``constants``, a weight constant too (``%name``, :func:`weight_constant`)."""
    if isinstance(v, BlockArgument):
        return f"arg{v.index}"
    if isinstance(v, OpResult) and v.owner.name == "util.global.load":
        return "@" + str(v.owner.attributes["global"]).lstrip("@")
    if constants and weight_constant(v):
        return "%" + str(v.name_hint)
    return None


def weight_constant(v: Value) -> bool:
    """Whether ``v`` is a *weight constant*: the result of an ``arith.constant`` of a ranked tensor of
    rank >= 1 holding distinct values (not a splat: a dense literal or a ``dense_resource``), in the
    entry function's body and named in the input (``%cst_1``: the name ``--shard`` and ``--explain``
    use). IREE's ONNX import keeps a model's initializers so (``iree-import-onnx`` without
    ``--externalize-params``); the advisor treats it as it treats a weight argument, and a split of it
    is an annotation of the value (partition slices it locally, no data moves)."""
    from meshc.ir.attributes import DenseElementsAttr

    if not isinstance(v, OpResult) or v.owner.name != "arith.constant" or not v.name_hint:
        return False
    t, value = v.type, v.owner.attributes.get("value")
    if not isinstance(t, TensorType) or t.rank is None or t.rank < 1:
        return False
    if isinstance(value, DenseElementsAttr) and value.is_splat:
        return False
    func = v.owner.parent_op
    return func is not None and func.name in ("func.func", "util.func")


# ----------------------------------------------------------------------------------------------- tracing
def _layout_operand(op: Operation) -> Optional[int]:
    """The one data operand of a *layout op* of ``op``'s iteration space, or None: every loop parallel,
    one tensor result, and exactly one tensor operand that is not a destination init (the others are
    scalars, sizes or inits). Transposes (``linalg.transpose``, a permuting ``linalg.generic``),
    broadcasts (an input map without some loops), ``tensor.collapse_shape``/``expand_shape``, copies and
    casts are layout ops; their result dims correspond to operand dims through the loops."""
    from meshc.interfaces.sharding import PARALLEL, dps_inits, has_sharding_rule, iteration_space

    if len(op.results) != 1 or not isinstance(op.results[0].type, TensorType) or not has_sharding_rule(op):
        return None
    space = iteration_space(op)
    if any(it != PARALLEL for it in space.iterator_types):
        return None
    inits = {k for k in dps_inits(op) if k is not None}
    data = [k for k, v in enumerate(op.operands) if isinstance(v.type, TensorType) and k not in inits]
    if len(data) != 1 or not isinstance(space.operands[data[0]], tuple):
        return None
    return data[0]


@dataclass(frozen=True)
class Traced:
    """Where a contraction operand comes from: ``source`` (``argI`` or ``@global``, its value ``value``)
    reached through layout ops only, and per operand dim the source dim it reads (``dims[d]``; None: a
    broadcast dim, or a minor dim of a collapsed group)."""

    source: str
    value: Value
    dims: tuple[Optional[int], ...]


def trace_source(v: Value) -> Optional[Traced]:
    """Follow ``v`` back through layout ops (:func:`_layout_operand`) to an argument or a
    ``util.global.load``; each result dim is matched to the operand dim its loop indexes (the ops'
    iteration spaces, meshc/interfaces/sharding.py: for a reshape, the carrying dim of each group).
    None when ``v`` is computed otherwise (it is then no weight)."""
    from meshc.interfaces.sharding import effective_links, iteration_space

    rank = v.type.rank if isinstance(v.type, TensorType) else 0
    dims: list[Optional[int]] = list(range(rank))
    for _ in range(64):  # a chain of layout ops; long chains are not weights
        name = _source(v, constants=True)
        if name is not None:
            return Traced(name, v, tuple(dims))
        if not isinstance(v, OpResult):
            return None
        op = v.owner
        if op.name.startswith("mesh.") and op.operands:  # annotations and collectives keep the value
            v = op.operands[0]
            continue
        k = _layout_operand(op)
        if k is None:
            return None
        space = iteration_space(op)
        loops = [l.loop if l is not None else None for l in effective_links(space.results[v.index])]
        operand = effective_links(space.operands[k])  # type: ignore[arg-type]
        at = {l.loop: d for d, l in enumerate(operand) if l is not None}
        dims = [at.get(loops[d]) if d is not None and d < len(loops) and loops[d] is not None else None
                for d in dims]
        v = op.operands[k]
    return None


def dim_origins(v: Value, dim: int, weights: frozenset = frozenset(), stop: frozenset = frozenset()
                ) -> tuple[list[tuple[str, Value, int]], bool]:
    """Where dim ``dim`` of ``v`` comes from: the arguments and globals (``(name, value, dim)``, program
    order, the sources named in ``weights`` left out) whose dim flows into it, following the loop that
    indexes it through every op's iteration space (inits excluded); and whether the walk also met
    something else (a result of an op in ``stop``, by ``id``, or a dim no loop indexes exactly: a minor
    dim of a reshape group, an op without a sharding rule)."""
    from meshc.interfaces.sharding import effective_links, iteration_space

    found: list[tuple[str, Value, int]] = []
    opaque = False
    seen: set = set()
    stack = [(v, dim)]
    while stack:
        x, d = stack.pop()
        if (id(x), d) in seen:
            continue
        seen.add((id(x), d))
        name = _source(x)
        if name is not None:
            if name not in weights and all(f[0] != name or f[2] != d for f in found):
                found.append((name, x, d))
            continue
        if not isinstance(x, OpResult):
            opaque = True
            continue
        op = x.owner
        if id(op) in stop:
            opaque = True
            continue
        space = iteration_space(op)
        links = space.results[x.index] if x.index < len(space.results) else None
        if links is None or d >= len(links) or links[d] is None:
            opaque = True
            continue
        loop = links[d].loop  # type: ignore[union-attr]
        for k in reversed(range(len(op.operands))):
            operand = space.operands[k]
            if not isinstance(operand, tuple) or space.tied_result(k) is not None:
                continue
            stack += [(op.operands[k], j) for j, l in enumerate(effective_links(operand))
                      if l is not None and l.loop == loop]
    return found, opaque


def trace_back(v: Value, dim: int, weights: frozenset = frozenset()) -> list[tuple[str, Value, int]]:
    """The arguments and globals (``(name, value, dim)``) whose dim flows into dim ``dim`` of ``v``
    (:func:`dim_origins`). Used to find the data input of data parallelism."""
    return dim_origins(v, dim, weights)[0]


def batch_labels(func: Operation, starts: list[tuple[Value, int]]) -> dict[int, set[int]]:
    """The dims that carry the data batch: from ``(value, dim)`` starts, every operand and result dim
    indexed by a loop that indexes a labelled dim, in program order (two sweeps, so that a value
    labelled by a later use reaches its earlier users' results). Returns ``{id(value): dims}``."""
    from meshc.interfaces.sharding import effective_links, iteration_space

    labels: dict[int, set[int]] = {}
    for v, d in starts:
        labels.setdefault(id(v), set()).add(d)
    for _ in range(2):
        for op in func.walk():
            space = iteration_space(op)
            tensors = [(v, l) for v, l in zip(op.operands, space.operands) if isinstance(l, tuple)]
            tensors += [(r, l) for r, l in zip(op.results, space.results) if isinstance(l, tuple)]
            loops = {link.loop for v, links in tensors for d, link in enumerate(effective_links(links))
                     if link is not None and d in labels.get(id(v), ())}
            if not loops:
                continue
            for v, links in tensors:
                for d, link in enumerate(effective_links(links)):
                    if link is not None and link.loop in loops:
                        labels.setdefault(id(v), set()).add(d)
    return labels


@dataclass
class _WeightContraction:
    """A contraction with a weight operand ``w`` (input 0 or 1) traced to ``traced``; ``act`` is the
    other input. ``experts``: the batch loops that index a dim of the weight's source (expert weights of
    a batched product); batch loops the weight is broadcast along are not among them."""

    c: Contraction
    index: int
    w: int
    traced: Traced
    experts: tuple[int, ...] = ()
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

    def source_dim(self, loop: int) -> Optional[int]:
        """The dim of the weight's source that ``loop`` indexes (through the layout ops), or None."""
        d = self.c.dim_of(self.w, loop)
        return self.traced.dims[d] if d is not None and d < len(self.traced.dims) else None

    @property
    def data_loops(self) -> tuple[int, ...]:
        """Loops of the activation where the data's batch (and sequence) dims may run, in the activation's
        dim order: those the weight's source does not index, and the batch loops (also those it does index,
        for a "weight" that is itself data: the keys of an attention whose inputs are arguments)."""
        return tuple(loop for loop in self.c.maps[self.act]
                     if loop not in self.c.k and (self.source_dim(loop) is None or loop in self.c.batch))


def _weight_of(c: Contraction, data: frozenset = frozenset()) -> Optional[tuple[int, Traced]]:
    """The operand of ``c`` that is a weight (rhs first, as in ``x @ W``) and its trace: one traced to a
    source through layout ops, not a data source (``data``: names of the data inputs)."""
    for w in (1, 0):
        traced = trace_source(c.op.inputs[w])  # type: ignore[attr-defined]
        if traced is not None and traced.source not in data:
            return w, traced
    return None


def _weight_contractions(func: Operation, data: frozenset = frozenset(), labels: Optional[dict] = None
                         ) -> tuple[list[Contraction], list[_WeightContraction]]:
    """The contractions of ``func`` and those with a weight. A weight whose source dims carry the data
    batch (``labels``, :func:`batch_labels`: a KV cache, a mask) is data, not a weight."""
    contractions = [c for c in (contraction_of(op) for op in func.walk()) if c is not None]
    found = []
    for i, c in enumerate(contractions):
        got = _weight_of(c, data)
        if got is None:
            continue
        w, traced = got
        if labels is not None and labels.get(id(traced.value)):
            continue
        wc = _WeightContraction(c, i, w, traced)
        wc.experts = tuple(loop for loop in c.batch if wc.source_dim(loop) is not None)
        found.append(wc)
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
    """Megatron's pairing, in program order: a weight contraction is row-parallel when its activation is
    computed from a column-parallel one, unless the activation's K dim provably comes from the inputs
    alone (:func:`dim_origins` meets no weight contraction and no opaque dim: e.g. tokens dispatched or
    masked by a router's gate, where the column product only feeds the routing); column-parallel
    otherwise."""
    owners = {id(wc.c.op): wc for wc in weighted}
    stop = frozenset(owners)
    for wc in weighted:  # program order: producers are decided first
        act = wc.c.op.inputs[wc.act]  # type: ignore[attr-defined]
        before = _feeding(act, owners)
        row = any(p.role == "column" for p in before)
        d = wc.c.dim_of(wc.act, wc.c.k[0])
        if row and d is not None:
            origins, opaque = dim_origins(act, d, stop=stop)
            row = opaque or not origins
        wc.role = "row" if row else "column"


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
    tensor_type: Optional[TensorType] = field(default=None, repr=False, compare=False)

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
    """The cost of a plan after :func:`cost_pipeline` (the default pipeline up to ``reshard``): per device, bytes stored
    for the inputs (arguments and globals) and received by collectives (those the reshard pass inserted,
    and the gathering of results that leave the function split or partial: ``result_bytes`` of them);
    the ``collectives``; ``notes`` (head splits, batched products) for ``--explain``."""

    stored_bytes: int
    moved_bytes: int
    collectives: list[Collective] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    result_bytes: int = 0

    @property
    def total(self) -> int:
        return self.stored_bytes + self.moved_bytes


@dataclass
class Candidate:
    """One candidate plan: its ``name`` (the modes' plans joined), ``decisions`` and operand annotations;
    ``cost``, the reshard pass's figures (:func:`evaluate`); ``peak_bytes`` and ``received_bytes``, the
    estimate model's (``meshc estimate``, docs/estimate.md: the largest per-device peak and the most any
    device receives; None when not estimated); ``rejected``: why the passes refused it ("" if not)."""

    name: str
    decisions: list[Decision] = field(default_factory=list)
    operand_annotations: list[OperandAnnotation] = field(default_factory=list)
    cost: Optional[Evaluation] = None
    peak_bytes: Optional[int] = None
    received_bytes: Optional[int] = None
    rejected: str = ""

    @property
    def split(self) -> bool:
        return any(d.split_axes is not None for d in self.decisions)

    @property
    def score(self) -> Optional[int]:
        """Bytes per device the plan is ranked by: peak + received (estimate model), else the reshard
        figures' stored + moved; None when rejected."""
        if self.rejected:
            return None
        if self.peak_bytes is not None:
            return self.peak_bytes + (self.received_bytes or 0)
        return self.cost.total if self.cost is not None else None

    def cost_text(self) -> str:
        if self.rejected:
            return f"rejected ({self.rejected})"
        if self.peak_bytes is not None:
            return (f"peak {self.peak_bytes} B + receives {self.received_bytes} B = {self.score} B per device "
                    "(estimate)")
        if self.cost is not None:
            return (f"stores {self.cost.stored_bytes} B + moves {self.cost.moved_bytes} B = {self.cost.total} B "
                    "per device (reshard figures, not estimated)")
        return "not costed"


@dataclass
class AutoShardPlan:
    """What :func:`auto_shard` chose: the mesh, one :class:`Decision` per target, the ``--shard`` requests
    (:class:`meshc.annotate.ShardSpec`) and operand annotations applied, and the cost of the chosen plan
    (``cost``, reshard figures) against everything replicated (``replicated``); ``candidates`` every
    plan weighed, best first (``candidates[0]`` chosen, ``candidates[1]`` the runner-up); ``summary``
    says which won and why."""

    spec: AutoShardSpec
    decisions: list[Decision] = field(default_factory=list)
    shards: list[ShardSpec] = field(default_factory=list)
    operand_annotations: list[OperandAnnotation] = field(default_factory=list)
    cost: Optional[Evaluation] = None
    replicated: Optional[Evaluation] = None
    summary: str = ""
    candidates: list[Candidate] = field(default_factory=list)
    data_reason: str = ""
    warnings: list[str] = field(default_factory=list)
    """One line per mode that found nothing to split (``ep=2`` on a model without experts): what the
    advisor found instead and the plan it used (:func:`nothing_found`); printed by every command, with or
    without ``--explain``."""

    @property
    def chosen(self) -> Optional[Candidate]:
        return self.candidates[0] if self.candidates else None

    @property
    def runner_up(self) -> Optional[Candidate]:
        return self.candidates[1] if len(self.candidates) > 1 else None

    def explain(self) -> str:
        """The text ``--explain`` prints: the mesh, one line per decision, the head splits, the collectives
        and the cost, then the chosen plan and the runner-up with their costs."""
        shape = "x".join(map(str, self.spec.shape))
        lines = [f"auto-shard {self.spec}: mesh @{self.spec.kind} (shape {shape})"]
        lines += [f"  {d}" for d in self.decisions] or ["  nothing to shard: every value stays replicated"]
        lines += [f"  {a.reason}" for a in self.operand_annotations]
        if self.cost is not None:
            lines += [f"  {n}" for n in self.cost.notes]
            lines += [f"  {c}" for c in _counted([str(c) for c in self.cost.collectives])] or ["  no collective"]
            lines.append(f"  cost per device: stores {self.cost.stored_bytes} B, moves {self.cost.moved_bytes} B")
        if self.summary:
            lines.append(f"  {self.summary}")
        if self.chosen is not None:
            lines.append(f"  chosen: {self.chosen.name}: {self.chosen.cost_text()}")
        if self.runner_up is not None:
            lines.append(f"  runner-up: {self.runner_up.name}: {self.runner_up.cost_text()}")
        for c in self.candidates[2:]:
            lines.append(f"  also weighed: {c.name}: {c.cost_text()}")
        return "\n".join(lines)


def _axes_text(axes) -> str:
    return "[" + ", ".join("[" + ", ".join(map(str, a)) + "]" for a in axes) + "]"


DYNAMIC_COST_SIZE = 1024
"""The size a dynamic dim is costed at when nothing gives it (``--arg-shape NAME=SIZES`` does, the
``arg_shapes`` of :func:`auto_shard`): the entry's dynamic argument dims are given it in the copies each
plan is costed and estimated on (one size for all, so a batch shared by the data and a mask stays one
size), and the figures of ``--explain``'s choices count it too. The plans chosen split the dynamic
program; any size runs them."""


def _elems(t: TensorType) -> int:
    """Elements of ``t``; a dynamic dim counts as :data:`DYNAMIC_COST_SIZE`."""
    n = 1
    for d in t.shape:
        n *= int(d) if d is not None else DYNAMIC_COST_SIZE
    return n


def cost_shapes(func: Operation, given: Optional[dict] = None) -> Optional[list]:
    """The argument shapes the plans of ``func`` are costed at: each tensor argument's shape, ``given``'s
    sizes for an argument it names (by name without ``%`` or 0-based position, as
    :func:`meshc.passes.specialize_shapes.parse_arg_shapes` reads ``--arg-shape``), other dynamic dims
    :data:`DYNAMIC_COST_SIZE` (None for non-tensor arguments); None when every argument is static
    (nothing to specialise)."""
    shapes: list = []
    dynamic = False
    for i, a in enumerate(func.body.args):
        t = a.type
        if isinstance(t, TensorType) and t.rank is not None:
            dynamic |= None in t.shape
            sizes = (given or {}).get(a.name_hint or "", (given or {}).get(i))
            if sizes is not None and len(sizes) == t.rank:
                shapes.append(tuple(int(n) for n in sizes))
                continue
            shapes.append(tuple(DYNAMIC_COST_SIZE if d is None else int(d) for d in t.shape))
        else:
            shapes.append(None)
    return shapes if dynamic else None


def _costing_copy(module: Operation, spec: "AutoShardSpec", entry: Optional[str], decisions, notes,
                  given: Optional[dict] = None) -> Operation:
    """A copy of ``module`` annotated with a plan (``decisions``, ``notes``), its entry specialised to
    :func:`cost_shapes` (``given``: the ``--arg-shape`` sizes) when it has dynamic argument dims
    (``specialize-shapes``, as ``meshc run`` does once the inputs are bound), so the passes and the
    estimate see static sizes."""
    from meshc.passes.specialize_shapes import specialize_shapes

    copy = module.clone({})
    _apply(copy, spec, entry, decisions, list(notes))
    shapes = cost_shapes(find_entry(copy, entry), given)
    if shapes is not None:
        specialize_shapes(copy, shapes, find_entry(copy, entry).sym_name)
    return copy


def _itemsize(t: TensorType) -> int:
    try:
        return byte_width(t.element_type)
    except ValueError:
        return 4


def _nbytes(t: TensorType, parts: int = 1) -> int:
    """Bytes of the largest shard when one dim of ``t`` is split ``parts`` ways (balanced rule: the last
    shards are one element larger, so the ceiling is the largest)."""
    return -(-_elems(t) // parts) * _itemsize(t)


def _split_on(dim: int, axis: int = 0) -> tuple:
    """Split axes splitting tensor dim ``dim`` over mesh axis ``axis``: ``1`` -> ``((), (0,))``."""
    return tuple(((axis,) if d == dim else ()) for d in range(dim + 1))


def _with_axes(split: tuple, extra: dict[int, int]) -> tuple:
    """``split`` with mesh axis ``extra[d]`` added (minor) to dim ``d`` of each entry."""
    rank = max([len(split)] + [d + 1 for d in extra])
    dims = [list(split[d]) if d < len(split) else [] for d in range(rank)]
    for d, a in extra.items():
        if a not in dims[d]:
            dims[d].append(a)
    while dims and not dims[-1]:
        dims.pop()
    return tuple(tuple(a) for a in dims)


def _collective_bytes(kind_step, out: TensorType, spec: AutoShardSpec, src_axes: tuple, partial_axis: Optional[int]
                      ) -> int:
    from meshc.sharding.reshard import bytes_moved_per_device
    from meshc.sharding.spec import Mesh, Sharding

    src = Sharding(spec.kind, src_axes, (partial_axis,) if partial_axis is not None else ())
    shape = tuple(DYNAMIC_COST_SIZE if d is None else d for d in out.shape)
    return max(bytes_moved_per_device(kind_step, src, Mesh(spec.kind, spec.shape), shape, _itemsize(out)))


def _biases(result: Value, n: int) -> list[Value]:
    """Rank-1 weights of length ``n`` added to ``result`` through a ``linalg.generic`` (the bias of a
    column-parallel contraction, broadcast along its split dim): arguments and globals; a constant bias
    is left to sharding-propagation, which slices it locally where the sum is split."""
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


def _init_bias(c: Contraction, out_dim: Optional[int]) -> list[Value]:
    """The rank-1 weight broadcast along ``out_dim`` into ``c``'s init (IREE's ONNX ``Conv``/``Gemm``
    start the accumulation from the bias), or []."""
    if out_dim is None:
        return []
    traced = trace_source(c.op.inits[0])  # type: ignore[attr-defined]
    if traced is None or traced.value.type.rank != 1 or traced.dims[out_dim] != 0:
        return []
    return [traced.value]


@dataclass
class _Analysis:
    """What every mode of one entry function shares: the contractions, the weight contractions (their
    weights traced through layout ops), the data inputs found for ``dp`` (``data``: one list of
    ``(name, value, dim)`` per data loop of the first weight contraction, most major first), the dims
    carrying the data batch (``labels``, :func:`batch_labels` of the first data candidate), why the
    data are what they are (``data_reason``) and the argument shapes the plans are costed at when the
    entry is dynamic (``cost_shapes``, :func:`cost_shapes`)."""

    func: Operation
    contractions: list[Contraction]
    weighted: list[_WeightContraction]
    data: list[list[tuple[str, Value, int]]]
    labels: dict[int, set[int]]
    data_reason: str
    cost_shapes: Optional[list] = None


def analyse(func: Operation, batch_arg: Optional[int] = None) -> _Analysis:
    """The :class:`_Analysis` of ``func``. The data input for ``dp`` is what flows into the first weight
    contraction's activation along its data loops (:attr:`_WeightContraction.data_loops`: loops the
    weight does not index), traced back through every op (:func:`trace_back`); ``batch_arg`` (an
    argument index, ``--batch-arg``) names it instead (its dim 0 unless that trace reaches another dim
    of it). Without any weight contraction, the first argument of rank >= 2 is taken, dim 0."""
    contractions = [c for c in (contraction_of(op) for op in func.walk()) if c is not None]
    forced = frozenset() if batch_arg is None else frozenset({f"arg{batch_arg}"})
    first = None
    for c in contractions:
        got = _weight_of(c, forced)
        if got is not None:
            first = _WeightContraction(c, contractions.index(c), got[0], got[1])
            break
    data: list[list[tuple[str, Value, int]]] = []
    reason = ""
    if first is not None:
        act = first.c.op.inputs[first.act]  # type: ignore[attr-defined]
        for loop in first.data_loops:
            d = first.c.dim_of(first.act, loop)
            found = trace_back(act, d, frozenset({first.traced.source})) if d is not None else []
            found = [f for f in found if isinstance(f[1].type, TensorType)]
            if found and all(found != other for other in data):
                data.append(found)
        reason = (f"flows into the activation of {first.c.op.name} {first.index} "
                  f"(its other operand: {first.traced.source})")
    if batch_arg is not None:
        arg = func.body.args[batch_arg]
        dims = [f[2] for group in data for f in group if f[0] == f"arg{batch_arg}"]
        data = [[(f"arg{batch_arg}", arg, dims[0] if dims else 0)]]
        reason = "named by --batch-arg"
    elif not data:
        args = [a for a in func.body.args if isinstance(a.type, TensorType) and a.type.rank >= 2]
        if args:
            data = [[(f"arg{args[0].index}", args[0], 0)]]
            reason = ("no weight contraction to follow: the first argument of rank >= 2 is the data "
                      "(--batch-arg NAME names another)")
    labels = batch_labels(func, [(v, d) for _, v, d in data[0]]) if data else {}
    data_names = frozenset(n for group in data[:1] for n, _, _ in group)
    _, weighted = _weight_contractions(func, data_names, labels)
    return _Analysis(func, contractions, weighted, data, labels, reason)


@dataclass
class KindPlan:
    """One way of using one mode's mesh axis: ``name`` (what it does, for ``--explain``), the decisions and
    the operand annotations."""

    kind: str
    name: str
    decisions: list[Decision] = field(default_factory=list)
    operand_annotations: list[OperandAnnotation] = field(default_factory=list)


def _plan_tp(a: _Analysis, spec: AutoShardSpec, megatron: bool = True) -> KindPlan:
    """Megatron-LM's rule (module docstring) on the ``tp`` axis; ``megatron=False``: every weight
    column-parallel, results all_gathered (the alternative plan)."""
    from meshc.sharding.steps import AllGather, AllReduce

    axis, k = spec.axis("tp"), spec.size("tp")
    assert axis is not None
    weighted = [_WeightContraction(wc.c, wc.index, wc.w, wc.traced, wc.experts) for wc in a.weighted]
    if megatron:
        _assign_roles(weighted)
    owners = {id(wc.c.op): wc for wc in weighted}
    index_of = {id(op): i for i, op in enumerate(_plain_ops(a.func))}
    plan = KindPlan("tp", "Megatron: column-parallel, then row-parallel" if megatron
                    else "every weight column-parallel, results all_gathered")
    decisions, notes = plan.decisions, plan.operand_annotations
    done: set = set()
    for wc in weighted:
        c, name = wc.c, f"{wc.c.op.name} {wc.index}"
        src, t = wc.traced.source, wc.traced.value.type
        out = c.op.results[0].type
        if src in done:
            continue
        row = wc.role == "row"
        loop = c.k[0] if row else (wc.free[0] if wc.free else None)
        dim = wc.source_dim(loop) if loop is not None else None
        if dim is None:
            decisions.append(Decision(src, None, f"weight of {name} has no output dim to split: replicated"))
            continue
        if t.shape[dim] is None or t.shape[dim] < k:
            decisions.append(Decision(src, None, f"dim {dim} of the weight of {name} has {t.shape[dim]} < {k} "
                                                 "elements: replicated"))
            continue
        done.add(src)
        via = ("" if wc.traced.value is wc.weight else f" (through {_via(wc.weight, wc.traced.value)})") + \
            _defined_at(wc.traced)
        if row:
            moved = _collective_bytes(AllReduce((axis,)), out, spec, (), axis)
            act_dim = c.dim_of(wc.act, loop)
            producers = ", ".join(f"{p.c.op.name} {p.index}" for p in _feeding(c.op.inputs[wc.act], owners))
            reason = (f"row-parallel weight of {name}{via} (its input comes from the column-parallel {producers}): "
                      "partial sums reduced by one all_reduce")
            # inside a region op that stays (an scf.while's body) no annotation: its ShardingInterface
            # carries the column split through the body to this K dim itself, and a mesh op in a body
            # would make the region op opaque (replicated whole)
            if act_dim is not None and c.op.parent_op is a.func:
                split = _with_axes(_split_on(act_dim, axis), _other_axes(a, spec, wc, wc.act))
                notes.append(OperandAnnotation(index_of[id(c.op)], wc.act, split,
                                               f"input {wc.act} of {name} -> {_axes_text(split)} "
                                               f"(annotate_for_users): the row-parallel product reads its "
                                               f"K dim split, sliced locally if it arrives whole"))
        else:
            out_dim = c.dim_of(2, loop)
            follows = any(w.role == "row" and wc in _feeding(w.c.op.inputs[w.act], owners) for w in weighted)
            if follows:
                moved = 0
                reason = f"column-parallel weight of {name}{via}: its result stays split for the row-parallel product"
            else:
                moved = _collective_bytes(AllGather((axis,), out_dim), out, spec, _split_on(out_dim, axis), None)
                reason = (f"column-parallel weight of {name}{via}: no row-parallel product follows, its result is "
                          "all_gathered where it is needed whole")
            for b in _biases(c.op.results[0], int(out.shape[out_dim])) + _init_bias(c, out_dim):
                bsrc = _source(b, True)
                if bsrc not in done:
                    done.add(bsrc)
                    decisions.append(Decision(bsrc, ((axis,),), f"bias of column-parallel {name}",
                                              _nbytes(b.type, k), tensor_type=b.type))
        decisions.append(Decision(src, _split_on(dim, axis), reason, _nbytes(t, k), moved, tensor_type=t))
    if not weighted:
        what = "contraction" if a.contractions else "linalg.matmul or other contraction"
        decisions.append(Decision(f"(no {what} with a weight)", None,
                                  "no matmul chain to split: values stay replicated"))
    return plan


def _defined_at(traced: Traced) -> str:
    """`` (the arith.constant at FILE:LINE:COL)`` for a weight constant, "" for other sources."""
    if not traced.source.startswith("%"):
        return ""
    return f" (the {traced.value.owner.name} at {traced.value.owner.location})"  # type: ignore[union-attr]


def _via(v: Value, source: Value) -> str:
    """The layout ops between ``source`` and ``v`` (``tensor.collapse_shape, linalg.generic``)."""
    names = []
    while v is not source and isinstance(v, OpResult):
        names.append(v.owner.name)
        k = _layout_operand(v.owner)
        if k is None:
            break
        v = v.owner.operands[k]
    return ", ".join(reversed(names))


def _other_axes(a: _Analysis, spec: AutoShardSpec, wc: _WeightContraction, operand: int) -> dict[int, int]:
    """The mesh axes of the other modes on dims of ``wc``'s input ``operand``: ``dp`` on the dims carrying
    the data batch, ``ep`` on the dim of the expert loop (when ``wc`` is an expert contraction)."""
    extra: dict[int, int] = {}
    v = wc.c.op.inputs[operand]  # type: ignore[attr-defined]
    dp = spec.axis("dp")
    if dp is not None:
        for d in sorted(a.labels.get(id(v), ()))[:1]:
            extra[d] = dp
    ep = spec.axis("ep")
    if ep is not None and wc.experts:
        d = wc.c.dim_of(operand, wc.experts[0])
        if d is not None:
            extra[d] = ep
    return extra


def _plans_dp(a: _Analysis, spec: AutoShardSpec) -> list[KindPlan]:
    """One plan per data loop of the first weight contraction (batch, then e.g. sequence): its data
    inputs split on the dim the loop reaches."""
    axis, k = spec.axis("dp"), spec.size("dp")
    assert axis is not None
    plans = []
    for group in a.data:
        plan = KindPlan("dp", "data split on " + ", ".join(f"{n} dim {d}" for n, _, d in group))
        for name, v, d in group:
            t = v.type
            n = t.shape[d]
            costed = a.cost_shapes[v.index] if n is None and a.cost_shapes and isinstance(v, BlockArgument) else None
            if n is not None and n < k:
                plan.decisions.append(Decision(name, None, f"batch {n} < {k} devices: a split would leave devices "
                                                           "without rows: replicated"))
            else:
                rows = f"{n} rows" if n is not None else \
                    f"dynamic, costed at {costed[d] if costed else DYNAMIC_COST_SIZE} rows"
                plan.decisions.append(Decision(name, _split_on(d, axis), f"the data ({a.data_reason}): dim {d} "
                                               f"({rows}) split {k} ways",
                                               -(-math.prod(costed) // k) * _itemsize(t) if costed else _nbytes(t, k),
                                               tensor_type=t))
        split = {name for name, _, _ in group}
        for arg in a.func.body.args:  # other arguments the batch reaches: split with the data by propagation
            dims = sorted(a.labels.get(id(arg), ())) if group is a.data[0] else []
            if dims and f"arg{arg.index}" not in split:
                plan.decisions.append(Decision(f"arg{arg.index}", None, f"carries the batch too (dim {dims[0]}): "
                                               "sharding-propagation splits it with the data"))
        plans.append(plan)
    if not plans:
        plans.append(KindPlan("dp", "no data input", [Decision("(no tensor argument)", None,
                                                              "nothing to split along a batch dim")]))
    return plans


def _plans_ep(a: _Analysis, spec: AutoShardSpec) -> list[KindPlan]:
    """Expert parallelism: every expert weight (a weight of a batched contraction whose batch loop indexes
    its source, the experts E) split on the dim of that loop, so each device holds and runs its own
    experts; one plan per expert loop when the products have several."""
    axis, k = spec.axis("ep"), spec.size("ep")
    assert axis is not None
    experts = [wc for wc in a.weighted if wc.experts]
    if not experts:
        return [KindPlan("ep", "no expert weight", [Decision("(no batched contraction with an expert weight)", None,
                                                            "no experts to split: values stay replicated")])]
    plans = []
    index_of = {id(op): i for i, op in enumerate(_plain_ops(a.func))}
    for j in range(max(len(wc.experts) for wc in experts)):
        plan = KindPlan("ep", f"experts split on batch loop {j + 1} of their products")
        done: set = set()
        for wc in experts:
            src, t = wc.traced.source, wc.traced.value.type
            if src in done:
                continue
            done.add(src)
            loop = wc.experts[min(j, len(wc.experts) - 1)]
            d = wc.source_dim(loop)
            n = t.shape[d] if d is not None else None
            name = f"{wc.c.op.name} {wc.index}"
            if d is None or n is None or n < k:
                plan.decisions.append(Decision(src, None, f"expert weight of {name}: {n} experts for {k} devices: "
                                                          "replicated"))
                continue
            share = f"{n // k} per device" if n % k == 0 else f"{n // k} or {n // k + 1} per device"
            via = ("" if wc.traced.value is wc.weight else f" (through {_via(wc.weight, wc.traced.value)})") + \
            _defined_at(wc.traced)
            plan.decisions.append(Decision(src, _split_on(d, axis), f"expert weight of {name}{via}: its {n} experts "
                                           f"(dim {d}) split {k} ways, {share}", _nbytes(t, k), tensor_type=t))
        for wc in experts:  # each device feeds its experts their own tokens (a local slice if they arrive whole)
            loop = wc.experts[min(j, len(wc.experts) - 1)]
            if wc.source_dim(loop) is None or not any(d.target == wc.traced.source and d.split_axes
                                                      for d in plan.decisions):
                continue
            split = _with_axes((), {**_other_axes(a, spec, wc, wc.act), **(
                {wc.c.dim_of(wc.act, loop): axis} if wc.c.dim_of(wc.act, loop) is not None else {})})
            if split:
                plan.operand_annotations.append(OperandAnnotation(
                    index_of[id(wc.c.op)], wc.act, split,
                    f"input {wc.act} of {wc.c.op.name} {wc.index} -> {_axes_text(split)} (annotate_for_users): "
                    "each device's experts read their own tokens"))
        plans.append(plan)
    return plans


def _op_counts(ops: list[Operation]) -> str:
    """``2 linalg.matmul, 1 linalg.batch_matmul``: the op names of ``ops`` with their counts, in order."""
    counts: dict[str, int] = {}
    for op in ops:
        counts[op.name] = counts.get(op.name, 0) + 1
    return ", ".join(f"{n} {name}" for name, n in counts.items())


def _found_text(a: _Analysis) -> str:
    """What the analysis of the entry found, for a mode that found nothing to split: its contractions,
    the batched ones and the weight contractions (each named by op and count)."""
    if not a.contractions:
        return "the entry function has no contraction (no linalg.matmul, batch_matmul or mul-add linalg.generic)"
    text = f"the entry function has {len(a.contractions)} contraction(s) ({_op_counts([c.op for c in a.contractions])})"
    batched = [c for c in a.contractions if c.batch]
    weighted = {id(wc.c.op) for wc in a.weighted if not wc.experts}  # weights broadcast along the batch
    if batched:
        with_weight = [c for c in batched if id(c.op) in weighted]
        text += (f", {len(batched)} batched ({_op_counts([c.op for c in batched])}): "
                 + (f"{len(with_weight)} with a weight broadcast along the batch dim, " if with_weight else "")
                 + (f"{len(batched) - len(with_weight)} of two activations, " if len(batched) > len(with_weight)
                    else "") + "none with a batch dim that is a dim of its weight")
    else:
        text += ", none batched"
    if a.weighted:
        text += f"; {len(a.weighted)} with a weight ({_op_counts([wc.c.op for wc in a.weighted])})"
    else:
        text += "; none with a weight (an operand traced to an argument or a global that is not the data)"
    return text


NOTHING_FOUND = {
    "ep": "no expert weight (a weight of a batched contraction whose batch dim is a dim of the weight itself, "
          "the experts E of an [E, D, F] weight)",
    "tp": "no weight contraction to split (a contraction with an operand traced to an argument or a global "
          "that is not the data)",
    "dp": "no data input (a tensor argument of rank >= 2 or one flowing into a weight contraction)",
}
"""What each mode looks for, in the words of :func:`nothing_found`."""


def nothing_found(a: _Analysis, spec: AutoShardSpec, per_kind: list[list[KindPlan]], used: str) -> list[str]:
    """One warning per mode of ``spec`` none of whose plans splits anything: what the mode looks for
    (:data:`NOTHING_FOUND`) and what the entry has instead (:func:`_found_text`), or, when it found its
    targets but none can be split over its devices (4 experts for ``ep=8``, a batch of 64 rows for
    ``dp=128``), its decisions with their reasons; then the plan the advisor used:
    ``used`` (the chosen candidate's name, "" for the replicated plan) without the parts of those modes;
    [] when every mode found something."""
    empty = [(kind, n, plans) for (kind, n), plans in zip(spec.axes, per_kind)
             if not any(d.split_axes is not None for p in plans for d in p.decisions)]
    kinds = {kind for kind, _, _ in empty}
    used = "; ".join(part for part in used.split("; ") if part.split(":")[0] not in kinds) or \
        "replicated: nothing split"
    found = {"ep": any(wc.experts for wc in a.weighted), "tp": bool(a.weighted), "dp": bool(a.data)}
    lines = []
    for kind, n, plans in empty:
        who = f"--auto-shard {spec}" if len(spec.axes) == 1 else f"--auto-shard {spec}: {kind}={n}"
        axis = f" (mesh @{spec.kind} keeps its {kind} axis of {n} devices unused)" if len(spec.axes) > 1 else ""
        if found[kind]:  # targets found, none splittable over n devices: the decisions say why
            why = "; ".join(str(d) for d in plans[0].decisions)
            head = f"{who} splits nothing: {why}"
        else:
            head = f"{who} found {NOTHING_FOUND[kind]}: {_found_text(a)}"
        lines.append(f"{head}; the plan used instead: {used}{axis} (--explain shows the plans weighed)")
    return lines


# ----------------------------------------------------------------------------------------------- applying
def _apply(module: Operation, spec: AutoShardSpec, entry: Optional[str], decisions: list[Decision],
           operand_annotations: list[OperandAnnotation]) -> list[ShardSpec]:
    """Add the mesh, the ``--shard`` requests of ``decisions`` and the operand annotations to ``module``."""
    shards = [ShardSpec(_target(d.target), None, d.split_axes, origin=f"--auto-shard {d.target}")
              for d in decisions if d.split_axes is not None]
    add_mesh(module, spec.mesh, origin=f"--auto-shard {spec}")
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
    if text.startswith("%"):  # a weight constant, by its SSA name (meshc.annotate resolves it to the value)
        return Target("arg", name=text[1:])
    return Target("arg", index=int(text[3:]))


def _input_values(module: Operation, func: Operation) -> list[Value]:
    """The inputs a plan stores: the entry's tensor arguments, each loaded global once, and the weight
    constants of its body (:func:`weight_constant`)."""
    values: list[Value] = [a for a in func.body.args if isinstance(a.type, TensorType)]
    values += [r for op in func.body.ops for r in op.results if weight_constant(r)]
    seen: set = set()
    for op in module.walk():
        if op.name == "util.global.load" and isinstance(op.results[0].type, TensorType):
            g = str(op.attributes["global"])
            if g not in seen:
                seen.add(g)
                values.append(op.results[0])
    return values


def _replicated_cost(module: Operation, func: Operation, spec: "AutoShardSpec", entry: Optional[str],
                     arg_shapes: Optional[dict] = None) -> Evaluation:
    if cost_shapes(func, arg_shapes) is not None:  # the inputs at the sizes the plans are costed at
        module = _costing_copy(module, spec, entry, [], [], arg_shapes)
        func = find_entry(module, entry)
    return Evaluation(sum(_nbytes(v.type) for v in _input_values(module, func)), 0)  # type: ignore[arg-type]


def cost_pipeline(propagate_reshapes: bool = True) -> str:
    """The passes a plan is costed after: the default pipeline (:func:`meshc.api.default_pipeline`, from
    :data:`meshc.passes.registry.DEFAULT_PIPELINE`) up to and including ``reshard``, so the collectives,
    head splits and batched products :func:`evaluate` reports are those of the program the plan compiles
    to (reshapes folded by ``propagate-reshapes``, region bodies flattened), not of the input's ops.
    ``propagate_reshapes=False`` (``--no-propagate-reshapes``) leaves that pass out, as the compile does."""
    from meshc.api import default_pipeline

    passes = default_pipeline(propagate_reshapes=propagate_reshapes).split(",")
    return ",".join(passes[:passes.index("reshard") + 1])


def _function_mesh(module: Operation, func: Operation):
    """The mesh ``func``'s shardings are on after the pipeline (``reshard`` or ``sharding-propagation`` may
    have moved it onto a mesh that splits an axis: meshc.passes.sub_axes), None without one."""
    from meshc.dialects.mesh import lookup_mesh
    from meshc.interfaces.annotations import function_mesh

    name = function_mesh(func)  # type: ignore[arg-type]
    return lookup_mesh(module, name).as_mesh() if name is not None else None


def evaluate(module: Operation, spec: AutoShardSpec, decisions: list[Decision],
             operand_annotations: list[OperandAnnotation] = (), entry: Optional[str] = None,
             propagate_reshapes: bool = True, arg_shapes: Optional[dict] = None) -> Evaluation:
    """The cost of a plan (see the module docstring): ``module`` is copied, annotated and run through
    :func:`cost_pipeline` (the default pipeline up to ``reshard``); ``module`` itself is not changed.
    Bytes are per device: the stored input bytes, the bytes each collective moves to the device receiving
    most, and (``result_bytes``) the all_gather or all_reduce that gives the caller each result left split
    or partial whole.

    Raises:
        meshc.ir.location.DiagnosticError: a pass rejects the plan (e.g. an op without a rule for it).
    """
    from meshc.passes.manager import PassManager
    from meshc.sharding.reshard import plan_bytes_per_device, plan_reshard
    from meshc.sharding.spec import Mesh, Sharding

    copy = _costing_copy(module, spec, entry, decisions, operand_annotations, arg_shapes)
    PassManager.from_text(cost_pipeline(propagate_reshapes)).run(copy)
    func = find_entry(copy, entry)
    mesh = _function_mesh(copy, func) or Mesh(spec.kind, spec.shape)
    chosen = {d.target: d.split_axes for d in decisions if d.split_axes is not None}
    stored = 0
    for v in _input_values(copy, func):
        # a global keeps the sharding chosen for it (it is loaded whole and sliced locally in the IR)
        name = _source(v, constants=True)
        if name in chosen:
            stored += _nbytes(v.type, _parts(chosen[name], spec))  # type: ignore[arg-type]
        else:
            stored += _nbytes(v.type, _parts(_value_split(v), spec, mesh))  # type: ignore[arg-type]
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
    for op in func.walk():  # results left split or partial are gathered whole for the caller
        if op.name not in ("func.return", "util.return"):
            continue
        for v in op.operands:
            s, t = sharding_of(v.type), v.type
            if s is None or not isinstance(t, TensorType) or not (any(s.split_axes) or s.partial_axes):
                continue
            src = s.to_spec()
            steps = plan_reshard(src, Sharding.replicated(mesh.name), mesh, t.shape)
            moved = max(plan_bytes_per_device(steps, src, mesh, t.shape, _itemsize(t))) if steps else 0
            kind = "all_reduce" if s.partial_axes else "all_gather"
            left = "partial" if s.partial_axes else "split"
            result.collectives.append(Collective(kind, _type_text(t), "the function result", moved,
                                                 f"the result leaves the function {left}; the caller gets it whole"))
            result.moved_bytes += moved
            result.result_bytes += moved
    result.notes = (_head_notes(func, spec, mesh) if "tp" in spec.kinds else []) + _batched_notes(func)
    return result


def _parts(split: tuple, spec: AutoShardSpec, mesh=None) -> int:
    """How many parts a tensor split ``split`` (split axes) is cut into on ``spec``'s mesh (or ``mesh``, the
    one a compiled function is on: meshc.passes.sub_axes), at most (the product of the sizes of every
    mesh axis it uses)."""
    shape = mesh.shape if mesh is not None else spec.shape
    n = 1
    for axes in split or ():
        for a in axes:
            n *= shape[a]
    return n


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


def _head_notes(func: Operation, spec: AutoShardSpec, mesh=None) -> list[str]:
    """``heads split`` lines, one per projection whose heads are split over the ``tp`` axis: the N space
    of a weight contraction (its result) seen as H heads of D elements, split on the major of several
    non-unit dims: either the contraction computes them itself (a reshape of its weight folded into its
    iteration space by ``propagate-reshapes``: N loops H and D, result ``[B, S, H, D]``) or a
    ``tensor.expand_shape`` of its result makes them (``64 -> 4x16``, where a reshape stays)."""
    notes = []
    tp = spec.axis("tp")
    for op in func.walk():
        if op.name == "tensor.expand_shape":
            producer = _producer(op.operands[0])
            c = contraction_of(producer) if producer is not None else None
            groups = [list(g) for g in op.reassociation]  # type: ignore[attr-defined]
            what = (f"tensor.expand_shape {_type_text(op.operands[0].type)} -> {_type_text(op.results[0].type)} of "
                    f"{c.op.name}" if c is not None else "")
        else:
            c = contraction_of(op)
            groups = [[c.maps[2].index(n) for n in c.n if n in c.maps[2]]] if c is not None else []
            groups = [sorted(g) for g in groups]
            what = (f"{op.name} {_type_text(op.results[0].type)} (a projection)"
                    if c is not None else "")
        if c is None or not any(trace_source(v) for v in c.op.inputs):  # type: ignore[attr-defined]
            continue
        out = op.results[0].type
        s = sharding_of(out)
        for group in groups:
            real = [d for d in group if out.shape[d] != 1]
            if s is None or len(real) < 2 or tp not in s.dim_axes(real[0]):
                continue
            h, k = int(out.shape[real[0]]), _parts((s.dim_axes(real[0]),), spec, mesh)
            rest = 1
            for d in real[1:]:
                rest *= int(out.shape[d])
            share = f"{h // k} per device" if h % k == 0 else f"{h // k} or {h // k + 1} per device"
            notes.append(f"heads split: {what} splits dim {real[0]} ({h} heads of {rest}) over "
                         f"@{spec.kind}, {share}; each head stays whole on one device")
    return _counted(notes)


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
MAX_CANDIDATES = 12
"""Candidate plans costed by the reshard figures at most (the product of the modes' plans, in order)."""

MAX_ESTIMATED = 4
"""Candidates, the cheapest by the reshard figures, that are compiled and walked by the estimate model."""


def batch_arg_index(func: Operation, text: str) -> int:
    """The argument ``--batch-arg`` names: ``x``/``%x`` (its name) or ``3`` (its 0-based position).

    Raises:
        meshc.ir.location.DiagnosticError: no such argument, or not a tensor argument (located at the
            function, naming its arguments).
    """
    from meshc.annotate import AnnotationSyntaxError, parse_target
    from meshc.ir.location import DiagnosticError

    args = func.body.args
    names = ", ".join(f"%{a.name_hint or f'arg{a.index}'}" for a in args) or "none"
    try:
        t = parse_target(text)
    except AnnotationSyntaxError:
        t = None
    if t is None or t.kind != "arg":
        raise DiagnosticError(f"--batch-arg '{text}' is not an argument of @{func.sym_name}: give its name (x or %x)"
                              f" or its 0-based position (arguments: {names})", func.location)
    if t.index is not None:
        i = t.index
    else:
        matches = [a.index for a in args if a.name_hint == t.name or f"arg{a.index}" == t.name]
        i = matches[0] if matches else len(args)
    if i >= len(args):
        raise DiagnosticError(f"--batch-arg '{text}': @{func.sym_name} has no such argument (arguments: {names})",
                              func.location)
    if not isinstance(args[i].type, TensorType) or args[i].type.rank < 1:
        raise DiagnosticError(f"--batch-arg '{text}': argument {i} of @{func.sym_name} has type {args[i].type}, "
                              "not a ranked tensor with a batch dim", func.location)
    return i


def _merge(plans: tuple[KindPlan, ...], spec: AutoShardSpec) -> Candidate:
    """One candidate from one plan per mode: decisions on the same target join their split axes (each
    mode on its own mesh axis); the name lists the modes' plans."""
    name = "; ".join(f"{p.kind}: {p.name}" for p in plans)
    merged: dict[str, Decision] = {}
    order: list[str] = []
    for p in plans:
        for d in p.decisions:
            if d.target not in merged:
                merged[d.target] = Decision(d.target, d.split_axes, d.reason, d.stored_bytes, d.moved_bytes,
                                            d.tensor_type)
                order.append(d.target)
                continue
            m = merged[d.target]
            if d.split_axes is None:
                continue
            if m.split_axes is None:
                merged[d.target] = Decision(d.target, d.split_axes, d.reason, d.stored_bytes,
                                            m.moved_bytes + d.moved_bytes, d.tensor_type)
                continue
            extra = {dim: a for dim, axes in enumerate(d.split_axes) for a in axes}
            split = _with_axes(m.split_axes, extra)
            t = m.tensor_type
            stored = _nbytes(t, _parts(split, spec)) if t is not None else min(m.stored_bytes, d.stored_bytes)
            merged[d.target] = Decision(d.target, split, f"{m.reason}; {d.reason}", stored,
                                        m.moved_bytes + d.moved_bytes, t)
    notes: dict[tuple[int, int], OperandAnnotation] = {}
    for p in plans:  # two modes annotating one operand: one annotation with both modes' axes
        for n in p.operand_annotations:
            key = (n.op_index, n.operand)
            if key in notes:
                old = notes[key]
                extra = {dim: a for dim, axes in enumerate(n.split_axes) for a in axes}
                n = OperandAnnotation(n.op_index, n.operand, _with_axes(old.split_axes, extra), old.reason)
            notes[key] = n
    return Candidate(name, [merged[t] for t in order], list(notes.values()))


def _estimate(module: Operation, spec: AutoShardSpec, cand: Candidate, entry: Optional[str],
              propagate_reshapes: bool = True, arg_shapes: Optional[dict] = None) -> None:
    """Fill ``cand``'s estimate figures: a copy of ``module`` annotated with the plan is compiled by the
    default pipeline and walked by :func:`meshc.runtime.estimate.estimate` (docs/estimate.md)."""
    import meshc.api as mc
    from meshc.runtime.estimate import estimate

    copy = _costing_copy(module, spec, entry, cand.decisions, cand.operand_annotations, arg_shapes)
    est = estimate(mc.compile(copy, entry=entry, propagate_reshapes=propagate_reshapes).program.schedule)
    # meshc's runtime loads a global whole and slices it on each device; a deployment loads each device's
    # part (IREE's parameters per device), so a split global is counted at the size of its largest shard
    # (a split weight constant likewise: the runtime materialises it whole and slices it locally)
    whole = sum(_nbytes(d.tensor_type) - _nbytes(d.tensor_type, _parts(d.split_axes, spec))
                for d in cand.decisions if d.target[:1] in "@%" and d.split_axes and d.tensor_type is not None)
    cand.peak_bytes = max(d.stats.peak_bytes for d in est.devices) - whole
    # the estimate walks the program; the result charge (the caller's all_gather / all_reduce of results
    # left split or partial) happens outside it: evaluate's, after the same passes up to reshard
    cand.received_bytes = max(d.received_bytes for d in est.devices) + (cand.cost.result_bytes if cand.cost else 0)


def auto_shard(module: Operation, spec: AutoShardSpec, entry: Optional[str] = None,
               batch_arg: Optional[str] = None, propagate_reshapes: bool = True,
               arg_shapes: Optional[dict] = None) -> AutoShardPlan:
    """Choose shardings for ``module``'s entry function (``entry``, else the only public one), add the
    mesh ``@KIND`` of ``spec.shape`` and the annotations, in place. Returns the plan (its
    :meth:`AutoShardPlan.explain` is ``--explain``'s text).

    Each mode contributes its plans (``tp``: Megatron and all-column; ``dp``: one per data loop; ``ep``:
    one per expert loop); every combination, and the replicated plan, is a candidate. Candidates are
    costed by the reshard figures (:func:`evaluate`), the :data:`MAX_ESTIMATED` cheapest then by the
    estimate model (compiled, per-device peak bytes + bytes received, the device that has most of each);
    the cheapest wins, a split plan on a tie. A plan the passes reject is never chosen. ``batch_arg``
    (``--batch-arg``) names the data input of ``dp`` (:func:`batch_arg_index`). ``propagate_reshapes=False``
    (``--no-propagate-reshapes``): plans are costed and compiled without ``propagate-reshapes``, as the
    program will be. An entry with dynamic argument dims is costed at ``arg_shapes`` (``--arg-shape``,
    :func:`meshc.passes.specialize_shapes.parse_arg_shapes`'s mapping), other dynamic dims at
    :data:`DYNAMIC_COST_SIZE` (:func:`cost_shapes`); the annotations are applied to the dynamic program.

    Raises:
        meshc.annotate.AnnotationError: the module already has a different mesh of that name, or a
            chosen value is already annotated differently (an annotated program: do not auto-shard it).
        meshc.ir.location.DiagnosticError: ``batch_arg`` names no tensor argument.
    """
    import itertools

    from meshc.interfaces.region_flow import region_flow_model
    from meshc.ir.location import DiagnosticError
    from meshc.passes.manager import PassCrash, PassManager

    func = find_entry(module, entry)
    if any(op.name == "flow.dispatch.workgroups" for op in func.walk()):
        # IREE's dispatches hide the weights behind their bindings: read them as the tensor ops they hold
        # (in the function body and in its loops' bodies)
        PassManager.from_text("convert-flow-to-tensor{all-functions=true}").run(module)
    if any(region_flow_model(op) is not None for op in func.body.ops):
        # region ops the pipeline's flatten-regions puts in place once the program is annotated (dispatch
        # regions, calls, short static loops): flattened first, so the weights and the products that use
        # them are traced as the annotated program will shard them, across the regions' boundaries
        PassManager.from_text("flatten-regions{all-functions=true}").run(module)
    a = analyse(func, batch_arg_index(func, batch_arg) if batch_arg is not None else None)
    a.cost_shapes = cost_shapes(func, arg_shapes)
    per_kind: list[list[KindPlan]] = []
    for kind in spec.kinds:
        if kind == "tp":
            per_kind.append([_plan_tp(a, spec), _plan_tp(a, spec, megatron=False)])
        elif kind == "dp":
            per_kind.append(_plans_dp(a, spec))
        else:
            per_kind.append(_plans_ep(a, spec))
    candidates: list[Candidate] = []
    seen: set = set()
    for combo in itertools.product(*per_kind):
        cand = _merge(combo, spec)
        key = (tuple((d.target, d.split_axes) for d in cand.decisions if d.split_axes is not None),
               tuple((n.op_index, n.operand, n.split_axes) for n in cand.operand_annotations))
        if key in seen or not cand.split:
            continue
        seen.add(key)
        candidates.append(cand)
    candidates = candidates[:MAX_CANDIDATES]
    replicated = _replicated_cost(module, func, spec, entry, arg_shapes)
    candidates.append(Candidate("replicated: nothing split", [], [], replicated))
    for cand in candidates:
        if cand.cost is not None:
            continue
        try:
            cand.cost = evaluate(module, spec, cand.decisions, cand.operand_annotations, entry, propagate_reshapes,
                                 arg_shapes)
        except (DiagnosticError, PassCrash) as err:
            cand.rejected = f"the passes reject it: {str(err).splitlines()[0]}"
    order = {id(c): i for i, c in enumerate(candidates)}
    ranked = sorted(candidates, key=lambda c: (bool(c.rejected), c.cost.total if c.cost else 0, order[id(c)]))
    # the cheapest by the reshard figures, compiled and estimated (a dynamic entry at cost_shapes)
    for cand in [c for c in ranked if not c.rejected][:MAX_ESTIMATED]:
        try:
            _estimate(module, spec, cand, entry, propagate_reshapes, arg_shapes)
        except (DiagnosticError, PassCrash) as err:
            cand.rejected = f"it does not compile: {str(err).splitlines()[0]}"
    ranked.sort(key=lambda c: (bool(c.rejected), c.peak_bytes is None, c.score or 0, order[id(c)]))
    best = ranked[0]
    split_plans = [c for c in ranked if c.split and not c.rejected]
    summary = ""
    notes: list[OperandAnnotation] = []
    cost: Optional[Evaluation] = None
    if best.split:
        decisions, notes, cost = best.decisions, best.operand_annotations, best.cost
        rep = next(c for c in ranked if not c.split)
        summary = f"chosen over replicated: {best.cost_text()}; replicated: {rep.cost_text()}"
    elif split_plans:
        top = split_plans[0]
        summary = f"kept replicated: the best split plan ({top.name}) costs {top.cost_text()}; replicated: " \
                  f"{best.cost_text()}"
        decisions = [Decision(d.target, None, "replicated: splitting costs more than it saves")
                     for d in top.decisions]
    else:
        rejected = [c for c in ranked if c.split]
        decisions = [d for p in per_kind for d in p[0].decisions] if not rejected else \
            [Decision(d.target, None, "replicated: the split plan was rejected") for d in rejected[0].decisions]
        if rejected:
            summary = f"kept replicated: {rejected[0].name} was {rejected[0].cost_text()}"
    shards = _apply(module, spec, entry, decisions, notes)
    warnings = nothing_found(a, spec, per_kind, best.name if best.split else "")
    return AutoShardPlan(spec, decisions, shards, notes, cost, replicated, summary, ranked, a.data_reason,
                         warnings)
