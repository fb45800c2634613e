"""Random well-typed sharded programs as MLIR text (issue 10, differential testing).

One generator, two drivers: every random decision goes through a
:class:`Chooser` (``integer``, ``pick``, ``chance``), so the same code builds
programs from a hypothesis ``draw`` (CI: derandomized, shrinkable; see
:mod:`tests.difftest.strategies`) or from a ``random.Random`` (``bench/difftest.py``:
fast, unbounded, a failing case is reproduced from its seed).

A program (:class:`Case`) is one ``mesh.mesh @m`` (1-D to 3-D, at most 16
devices, static or dynamic (``?``) axes, a random set of ``peered_memory_axes``;
sometimes declared with other static sizes and run with ``--mesh-shape``) and one
``func.func @main`` of one element type (f32 mostly; i32, i64, f16, f64) built op
by op from a pool of values:

* named contractions: ``matmul``, ``batch_matmul`` and the others of
  :data:`CONTRACTIONS` (transposed operands, matvec, vecmat, dot,
  batch_reduce_matmul...); init: a fill of 0 or of another constant, or an existing
  value (split contraction loops must then add the init once);
* elementwise ``linalg.generic`` (an operand broadcast or permuted through its
  indexing map; payloads that read the init, capture a function-level constant or
  add ``linalg.index`` of a loop), ``linalg.map``, named ``linalg.add``..., ``arith``
  on tensors, with a fill or a splat or dense constant as the other operand;
* reduction ``linalg.generic`` / ``linalg.reduce`` (sum, max, min, product; sums of
  squares) over any non-empty set of dims, with an init that is not the identity;
* ``linalg.transpose``, ``linalg.broadcast``, ``tensor.expand_shape`` /
  ``collapse_shape``, ``tensor.extract_slice`` (static offsets, unit or stride 2,
  sometimes rank-reducing), ``tensor.insert_slice``, ``tensor.pad`` (a constant or
  an index-dependent padding value), ``tensor.concat``; windowed generics (a 1-D
  convolution along one dim, unit or stride 2: an input dim indexed by ``d + k``);
* ``mesh.shard`` annotations on arguments, intermediate values and results with
  random shardings (split axes over any dims, major to minor; sometimes
  ``partial = sum|max|min[...]`` on values, ``annotate_for_users`` on operands,
  explicit ``sharded_dims_offsets`` on static meshes, ``halo_sizes``), and second
  annotations of a value (resharding points). Results may be partial (combined when
  gathered) and a value may be returned twice.

Dims are 1..8 drawn independently of the mesh, so uneven and empty shards are
common. Reshapes carry splits (the major dim of a reassociation group, where shard
boundaries stay whole rows; otherwise propagation reshards around them): their
operands are left to propagation most of the time, sometimes behind a random
``annotate_for_users`` (``REPLICATED_RESHAPE_PERCENT`` of them are forced
replicated). Slices, inserts, pads and concats carry splits on the dims they leave
whole (a slice's or insert's dims taken whole, unpadded dims, dims other than the
concatenated one; partitioned per device by :mod:`meshc.passes.partition`): their
operands are left to propagation, random annotations included, and a few
(``REPLICATED_SLICE_PERCENT``) are forced replicated to keep that case covered.
Function calls are not generated: the backend does not schedule
calls of per-device functions yet.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Optional, Protocol, Sequence, TypeVar

from meshc.dialects import linalg

T = TypeVar("T")

#: How often slices, inserts, pads and concats get replicated operands (split ones are supported: this keeps
#: the replicated case covered).
REPLICATED_SLICE_PERCENT = 15
#: How often reshapes get replicated operands (split ones are supported: this keeps the old case covered).
REPLICATED_RESHAPE_PERCENT = 20
#: Largest dim of a generated tensor.
MAX_DIM = 8


class Chooser(Protocol):
    """The random decisions of the generator (a hypothesis draw or a ``random.Random``)."""

    def integer(self, lo: int, hi: int) -> int:
        """An integer in ``[lo, hi]`` (inclusive; shrinks towards ``lo``)."""

    def pick(self, options: Sequence[T]) -> T:
        """One of ``options`` (shrinks towards the first)."""

    def chance(self, percent: int) -> bool:
        """True with probability ``percent`` / 100 (shrinks towards False)."""


class RandomChooser:
    """:class:`Chooser` over ``random.Random(seed)``."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def integer(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def pick(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]

    def chance(self, percent: int) -> bool:
        return self.rng.randrange(100) < percent


# ---------------------------------------------------------------------------------------------------------------
# Meshes, types and shardings
# ---------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MeshSpec:
    """The mesh ``@m``: ``sizes`` per axis (what the run uses), which axes are declared
    ``?`` (``dynamic``), the ``peered`` axes, and the ``declared`` sizes of a static mesh
    whose shape the run overrides (``meshc run --mesh-shape``; None: declared as run)."""

    sizes: tuple[int, ...]
    dynamic: tuple[bool, ...]
    peered: tuple[int, ...]
    declared: Optional[tuple[int, ...]] = None

    @property
    def num_devices(self) -> int:
        return math.prod(self.sizes)

    @property
    def is_static(self) -> bool:
        return not any(self.dynamic)

    def decl(self) -> str:
        sizes = self.declared or self.sizes
        shape = "x".join("?" if d else str(s) for s, d in zip(sizes, self.dynamic))
        peered = f", peered_memory_axes = [{', '.join(map(str, self.peered))}]" if self.peered else ""
        return f"mesh.mesh @m(shape = {shape}{peered})"

    def run_shape(self) -> Optional[dict[str, tuple[int, ...]]]:
        """``mesh_shape`` for :func:`meshc.api.run` (the sizes of a dynamic or overridden mesh), None
        when the declaration says it all."""
        return None if self.is_static and self.declared is None else {"m": self.sizes}


def draw_mesh(ch: Chooser, max_devices: int = 16) -> MeshSpec:
    """A 1-D to 3-D mesh of at most ``max_devices`` devices."""
    rank = ch.pick((1, 2, 3))
    sizes: list[int] = []
    for a in range(rank):
        left = max_devices // math.prod(sizes) if sizes else max_devices
        cap = {1: 8, 2: 4, 3: 3}[rank]
        if rank == 1 and ch.chance(10):
            cap = max_devices
        sizes.append(ch.integer(1, max(1, min(cap, left))))
    dynamic = tuple(ch.chance(50) for _ in sizes) if ch.chance(25) else (False,) * rank
    peered = tuple(a for a in range(rank) if ch.chance(40))
    declared = None
    if not any(dynamic) and ch.chance(10):  # written for other sizes, run with --mesh-shape
        declared = tuple(ch.integer(1, 4) for _ in sizes)
    return MeshSpec(tuple(sizes), dynamic, peered, declared)


@dataclass(frozen=True)
class Val:
    """A value of the program: SSA ``name``, ``shape``, element type ``dtype`` (:data:`DTYPES`) and
    whether its last annotation made it ``partial``."""

    name: str
    shape: tuple[int, ...]
    dtype: str
    partial: bool = False

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def type(self) -> str:
        return tensor_type(self.shape, self.dtype)


def tensor_type(shape: Sequence[int], dtype: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + dtype + ">"


def _ints(xs: Sequence[int]) -> str:
    return "[" + ", ".join(map(str, xs)) + "]"


@dataclass(frozen=True)
class ShardingText:
    """A sharding of a value on ``@m``: ``split`` mesh axes per dim, ``partial`` axes and kind,
    explicit ``offsets`` (``sharded_dims_offsets``, flattened) or none."""

    split: tuple[tuple[int, ...], ...]
    partial: tuple[int, ...] = ()
    kind: str = "sum"
    offsets: tuple[int, ...] = ()
    halos: tuple[int, ...] = ()

    def __str__(self) -> str:
        split = list(self.split)
        while split and not split[-1]:
            split.pop()
        body = "[" + ", ".join(_ints(s) for s in split) + "]" if split else "[[]]"
        text = f"<@m, {body}"
        if self.partial:
            text += f", partial = {self.kind}{_ints(self.partial)}"
        if self.offsets:
            text += f", sharded_dims_offsets = {_ints(self.offsets)}"
        if self.halos:
            text += f", halo_sizes = {_ints(self.halos)}"
        return text + ">"

    @property
    def is_replicated(self) -> bool:
        return not any(self.split) and not self.partial


REPLICATED = ShardingText(())


def draw_sharding(ch: Chooser, shape: Sequence[int], mesh: MeshSpec, partial_ok: bool,
                  halo_ok: bool = True) -> ShardingText:
    """Each mesh axis splits some dim (or none), in a random order (major to minor); sometimes partial
    over unused axes (``partial_ok``), explicit shard boundaries (static meshes) or halos
    (``halo_ok``)."""
    rank = len(shape)
    split: list[list[int]] = [[] for _ in range(rank)]
    axes = list(range(len(mesh.sizes)))
    order = []
    while axes:
        order.append(axes.pop(ch.integer(0, len(axes) - 1)))
    unused = []
    for a in order:
        if rank and ch.chance(55):
            split[ch.integer(0, rank - 1)].append(a)
        else:
            unused.append(a)
    partial: tuple[int, ...] = ()
    kind = "sum"
    if partial_ok and unused and ch.chance(12):
        partial = tuple(sorted(a for a in unused if ch.chance(60))) or (unused[0],)
        kind = ch.pick(("sum", "max", "min"))
    offsets: list[int] = []
    if mesh.is_static and mesh.declared is None and any(split) and ch.chance(8):
        for d, s in enumerate(split):
            if not s:
                continue
            k = math.prod(mesh.sizes[a] for a in s)
            cuts = sorted(ch.integer(0, shape[d]) for _ in range(k - 1))
            offsets += [0] + cuts + [shape[d]]
    halos: list[int] = []
    if halo_ok and not offsets and any(split) and ch.chance(2):
        for s in split:
            if s:
                halos += [ch.integer(0, 2), ch.integer(0, 2)]
    return ShardingText(tuple(tuple(s) for s in split), partial, kind, tuple(offsets), tuple(halos))


# ---------------------------------------------------------------------------------------------------------------
# The program
# ---------------------------------------------------------------------------------------------------------------

@dataclass
class Case:
    """A generated program: MLIR ``text``, its ``mesh``, the ``ops`` it uses (op kinds, for the
    figures) and the ``seed`` of its inputs (:func:`meshc.runtime.io.random_inputs`)."""

    text: str
    mesh: MeshSpec
    ops: tuple[str, ...]
    seed: int = 0
    dtype: str = "f32"

    @property
    def tolerance(self) -> float:
        """rtol = atol of the comparison with the reference (:data:`TOLERANCE`; 0: exact)."""
        return TOLERANCE.get(self.dtype, 0.0)

    def __str__(self) -> str:
        shape = self.mesh.run_shape()
        run = f"// mesh_shape = {shape}\n" if shape else ""
        return f"{run}// input seed {self.seed}\n{self.text}"


_FLOAT_BINARY = ("arith.addf", "arith.subf", "arith.mulf", "arith.maximumf", "arith.minimumf")
_INT_BINARY = ("arith.addi", "arith.subi", "arith.muli", "arith.maxsi", "arith.minsi")
#: reduction kind -> (float combiner, integer combiner)
_COMBINERS = {"sum": ("arith.addf", "arith.addi"), "max": ("arith.maximumf", "arith.maxsi"),
              "min": ("arith.minimumf", "arith.minsi"), "product": ("arith.mulf", "arith.muli")}
_IDENTITY = {"sum": 0, "max": -1e30, "min": 1e30, "product": 1}
_F16_IDENTITY = {"sum": 0, "max": -60000.0, "min": 60000.0, "product": 1}

#: Element types, weighted by repetition (f32 most of the time).
DTYPES = ("f32", "i32", "f16", "f64", "i64", "f32", "f32", "f32", "f32", "f32", "f32", "f32", "i32")

#: Comparison tolerance (rtol = atol) per element type; integers compare exactly.
TOLERANCE = {"f16": 2e-2, "f32": 1e-4, "f64": 1e-9}


def _int_identity(kind: str, dtype: str) -> int:
    bits = int(dtype[1:])
    return {"sum": 0, "max": -(2 ** (bits - 1)), "min": 2 ** (bits - 1) - 1, "product": 1}[kind]

OP_KINDS = ("elementwise", "reduction", "matmul", "batch_matmul", "contraction", "transpose", "broadcast", "reshape",
            "slice", "insert", "pad", "concat", "window", "reshard")
#: Ops that carry splits only on some dims: slices, inserts, pads and concats (static shapes in attributes)
#: and windowed generics (an input dim indexed by ``stride * d + k``).
_SLICE_LIKE = ("slice", "insert", "pad", "concat", "window")
#: What a step draws: every other kind once, the slice-like ones together twice (so that reductions and
#: contractions, which the injected miscompiles of the CI test need, stay as frequent as they were).
_STEP_KINDS = tuple(k for k in OP_KINDS if k not in _SLICE_LIKE) + ("slice-like", "slice-like")

#: Named contractions the generator draws: linalg's table (loops, lhs, rhs, init einsum letters) without the
#: data-tiled ``mmt4d`` forms, which need packed operands.
CONTRACTIONS = {name: letters for name, letters in linalg.CONTRACTIONS.items() if "mmt4d" not in name}
_OTHER_CONTRACTIONS = tuple(n for n in CONTRACTIONS if n not in ("matmul", "batch_matmul"))


class ProgramBuilder:
    """Builds ``@main`` line by line; see the module docstring."""

    def __init__(self, ch: Chooser, mesh: MeshSpec, dtype: str):
        self.ch = ch
        self.mesh = mesh
        self.dtype = dtype
        self.lines: list[str] = []
        self.args: list[Val] = []
        self.pool: list[Val] = []
        self.ops: list[str] = []
        self.count = 0

    # -- small helpers ---------------------------------------------------------------------------------------
    def fresh(self, base: str) -> str:
        self.count += 1
        return f"%{base}{self.count}"

    def emit(self, line: str) -> None:
        self.lines.append("  " + line)

    def dim(self) -> int:
        return self.ch.integer(1, MAX_DIM)

    def shape(self, rank: int) -> tuple[int, ...]:
        return tuple(self.dim() for _ in range(rank))

    @property
    def is_float(self) -> bool:
        return self.dtype.startswith("f")

    def scalar(self, value: float) -> str:
        """``arith.constant`` of a scalar of the element type; returns its name."""
        name = self.fresh("c")
        if self.is_float:
            self.emit(f"{name} = arith.constant {float(value)!r} : {self.dtype}")
        else:
            self.emit(f"{name} = arith.constant {int(value)} : {self.dtype}")
        return name

    def empty(self, shape: Sequence[int]) -> str:
        name = self.fresh("e")
        self.emit(f"{name} = tensor.empty() : {tensor_type(shape, self.dtype)}")
        return name

    def fill(self, shape: Sequence[int], value: float) -> Val:
        c = self.scalar(value)
        e = self.empty(shape)
        name = self.fresh("f")
        t = tensor_type(shape, self.dtype)
        self.emit(f"{name} = linalg.fill ins({c} : {self.dtype}) outs({e} : {t}) -> {t}")
        return Val(name, tuple(shape), self.dtype)

    def literal(self, values: Sequence[float], shape: Sequence[int]) -> str:
        """A ``dense<...>`` body: one value (a splat) or nested lists of ``shape``."""
        text = [repr(float(v)) if self.is_float else str(int(v)) for v in values]
        if len(text) == 1:
            return text[0]

        def nest(flat: list[str], dims: Sequence[int]) -> str:
            if not dims:
                return flat[0]
            step = len(flat) // dims[0] if dims[0] else 0
            return "[" + ", ".join(nest(flat[i * step:(i + 1) * step], dims[1:]) for i in range(dims[0])) + "]"

        return nest(text, shape)

    def constant_value(self) -> float:
        """A small constant of the element type (not a reduction identity, mostly)."""
        if self.is_float:
            return self.ch.pick((0.0, 1.5, -0.5, 2.0, 0.25))
        return self.ch.pick((0, 3, -2, 1))

    # -- values and annotations ---------------------------------------------------------------------------------
    def new_arg(self, shape: Sequence[int]) -> Val:
        v = Val(f"%a{len(self.args)}", tuple(shape), self.dtype)
        self.args.append(v)
        if self.ch.chance(70):
            v = self.annotate(v, partial_ok=self.ch.chance(30))
        return v

    def annotate(self, v: Val, partial_ok: bool = False, sharding: Optional[ShardingText] = None) -> Val:
        """``%n = mesh.shard %v to <S> : T`` (``%n`` is ``%v`` with sharding S)."""
        s = sharding or draw_sharding(self.ch, v.shape, self.mesh, partial_ok)
        name = self.fresh("s")
        self.emit(f"{name} = mesh.shard {v.name} to {s} : {v.type}")
        return Val(name, v.shape, v.dtype, bool(s.partial))

    def for_users(self, v: Val, sharding: Optional[ShardingText] = None) -> Val:
        """``mesh.shard ... annotate_for_users``: what the next op wants of ``v``."""
        s = sharding or draw_sharding(self.ch, v.shape, self.mesh, False)
        name = self.fresh("u")
        self.emit(f"{name} = mesh.shard {v.name} to {s} annotate_for_users : {v.type}")
        return Val(name, v.shape, v.dtype)

    def operand(self, v: Val) -> Val:
        """``v`` as an op's operand: sometimes behind an ``annotate_for_users``."""
        return self.for_users(v) if self.ch.chance(18) else v

    def add(self, v: Val, kind: str) -> Val:
        """A new op result: maybe annotated, then in the pool."""
        self.ops.append(kind)
        if self.ch.chance(45):
            v = self.annotate(v, partial_ok=True)
        self.pool.append(v)
        return v

    def pick_value(self, rank_ok=lambda r: True) -> Optional[Val]:
        """A pool value whose rank passes ``rank_ok``: the latest one half of the time."""
        good = [v for v in self.pool if rank_ok(v.rank)]
        if not good:
            return None
        if self.ch.chance(50):
            return good[-1]
        return good[self.ch.integer(0, len(good) - 1)]

    def value_of_shape(self, shape: Sequence[int]) -> Val:
        """A pool value of ``shape``, else a new argument."""
        same = [v for v in self.pool if v.shape == tuple(shape)]
        if same and self.ch.chance(50):
            return same[self.ch.integer(0, len(same) - 1)]
        return self.new_arg(shape)

    # -- ops ------------------------------------------------------------------------------------------------------
    def op_elementwise(self) -> Optional[Val]:
        x = self.pick_value()
        if x is None:
            return None
        combiner = self.ch.pick(_FLOAT_BINARY if self.is_float else _INT_BINARY)
        t = x.type
        form = "arith" if x.rank == 0 else self.ch.pick(("generic", "arith", "map", "generic", "named"))
        how = self.ch.pick(("same", "broadcast", "constant", "permuted")) if x.rank else "same"
        if form != "generic" and how in ("broadcast", "permuted"):
            how = "same"
        if form == "named" and not self.is_float:
            form = "map"
        perm = list(range(x.rank))
        kept: tuple[int, ...] = ()
        if how == "same":
            y = self.value_of_shape(x.shape)
        elif how == "constant":
            kind = self.ch.pick(("fill", "splat", "dense")) if math.prod(x.shape) <= 64 else "fill"
            if kind == "fill":
                y = self.fill(x.shape, self.constant_value())
            else:
                y = Val(self.fresh("k"), x.shape, self.dtype)
                values = [self.constant_value() for _ in range(1 if kind == "splat" else math.prod(x.shape))]
                self.emit(f"{y.name} = arith.constant dense<{self.literal(values, x.shape)}> : {y.type}")
        elif how == "permuted":  # y[perm] read through a permuted map
            perm = self._permutation(x.rank)
            y = self.value_of_shape(tuple(x.shape[p] for p in perm))
        else:
            kept = tuple(d for d in range(x.rank) if self.ch.chance(50))
            y = self.new_arg(tuple(x.shape[d] for d in kept))
        pair = [(self.operand(x), False), (self.operand(y), True)]
        if self.ch.chance(50):
            pair.reverse()
        (a, a_is_y), (b, b_is_y) = pair
        r = self.fresh("r")
        if form == "arith":
            self.emit(f"{r} = {combiner} {a.name}, {b.name} : {t}")
            return self.add(Val(r, x.shape, self.dtype), "elementwise")
        e = self.empty(x.shape)
        if form == "map":
            self.emit(f"{r} = linalg.map {{ {combiner} }} ins({a.name}, {b.name} : {t}, {t}) outs({e} : {t})")
            return self.add(Val(r, x.shape, self.dtype), "elementwise")
        if form == "named":
            name = {"arith.addf": "add", "arith.subf": "sub", "arith.mulf": "mul", "arith.maximumf": "max",
                    "arith.minimumf": "min"}[combiner]
            self.emit(f"{r} = linalg.{name} ins({a.name}, {b.name} : {t}, {t}) outs({e} : {t}) -> {t}")
            return self.add(Val(r, x.shape, self.dtype), "elementwise")
        dims = ", ".join(f"d{i}" for i in range(x.rank))
        ident = f"affine_map<({dims}) -> ({dims})>"
        if how == "broadcast":
            y_map = f"affine_map<({dims}) -> ({', '.join(f'd{d}' for d in kept)})>"
        elif how == "permuted":
            y_map = f"affine_map<({dims}) -> ({', '.join(f'd{p}' for p in perm)})>"
        else:
            y_map = ident
        maps = ", ".join([y_map if a_is_y else ident, y_map if b_is_y else ident, ident])
        iters = ", ".join(['"parallel"'] * x.rank)
        dt = self.dtype
        extra = self.ch.pick(("none", "none", "negate", "init", "capture", "index"))
        init = self.value_of_shape(x.shape) if extra == "init" else Val(e, x.shape, dt)
        cap = self.scalar(self.ch.pick((1.5, -2.0, 3.0)) if self.is_float else self.ch.pick((3, -2))) \
            if extra == "capture" else ""
        self.emit(f"{r} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iters}]}} "
                  f"ins({a.name}, {b.name} : {a.type}, {b.type}) outs({init.name} : {t}) {{")
        self.emit(f"^bb0(%p: {dt}, %q: {dt}, %o: {dt}):")
        self.emit(f"  %v = {combiner} %p, %q : {dt}")
        add = "arith.addf" if self.is_float else "arith.addi"
        mul = "arith.mulf" if self.is_float else "arith.muli"
        last = "%v"
        if extra == "negate":
            self.emit(f"  %w = {'arith.negf %v' if self.is_float else 'arith.subi %p, %v'} : {dt}")
            last = "%w"
        elif extra == "init":  # the init is read: an input in disguise
            self.emit(f"  %w = {add} %v, %o : {dt}")
            last = "%w"
        elif extra == "capture":  # a value of the function captured by the payload
            self.emit(f"  %w = {mul} %v, {cap} : {dt}")
            last = "%w"
        elif extra == "index":  # linalg.index of a (maybe split) loop: the global index
            d = self.ch.integer(0, x.rank - 1)
            self.emit(f"  %i = linalg.index {d} : index")
            self.emit("  %ii = arith.index_cast %i : index to i32")
            if self.is_float:
                self.emit(f"  %if = arith.sitofp %ii : i32 to {dt}")
                self.emit(f"  %w = arith.addf %v, %if : {dt}")
            elif dt == "i32":
                self.emit("  %w = arith.addi %v, %ii : i32")
            else:
                self.emit(f"  %iw = arith.extsi %ii : i32 to {dt}")
                self.emit(f"  %w = arith.addi %v, %iw : {dt}")
            last = "%w"
        self.emit(f"  linalg.yield {last} : {dt}")
        self.emit(f"}} -> {t}")
        return self.add(Val(r, x.shape, self.dtype), "elementwise")

    def _permutation(self, rank: int) -> list[int]:
        """A random permutation of ``range(rank)`` other than the identity (rank >= 2)."""
        perm = list(range(rank))
        if rank < 2:
            return perm
        while perm == list(range(rank)):
            rest = list(range(rank))
            perm = [rest.pop(self.ch.integer(0, len(rest) - 1)) for _ in range(rank)]
        return perm

    def op_reduction(self) -> Optional[Val]:
        x = self.pick_value(lambda r: r >= 1)
        if x is None:
            return None
        dims = tuple(d for d in range(x.rank) if self.ch.chance(50)) or (self.ch.integer(0, x.rank - 1),)
        kept = tuple(d for d in range(x.rank) if d not in dims)
        out_shape = tuple(x.shape[d] for d in kept)
        kind = self.ch.pick(("sum", "max", "min", "product"))
        combiner = _COMBINERS[kind][0 if self.is_float else 1]
        if self.ch.chance(25):
            init = self.value_of_shape(out_shape)
        else:
            if self.is_float:
                ident = (_F16_IDENTITY if self.dtype == "f16" else _IDENTITY)[kind]
            else:
                ident = _int_identity(kind, self.dtype)
            init = self.fill(out_shape, ident if self.ch.chance(40) else self.constant_value())
        a = self.operand(x)
        r = self.fresh("r")
        t_out = tensor_type(out_shape, self.dtype)
        dt = self.dtype
        if self.ch.chance(30):
            self.emit(f"{r} = linalg.reduce {{ {combiner} }} ins({a.name} : {a.type}) outs({init.name} : {t_out}) "
                      f"dimensions = {_ints(dims)}")
            return self.add(Val(r, out_shape, self.dtype), "reduction")
        names = ", ".join(f"d{i}" for i in range(x.rank))
        maps = (f"affine_map<({names}) -> ({names})>, "
                f"affine_map<({names}) -> ({', '.join(f'd{d}' for d in kept)})>")
        iters = ", ".join('"reduction"' if d in dims else '"parallel"' for d in range(x.rank))
        square = kind == "sum" and self.ch.chance(25)
        self.emit(f"{r} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iters}]}} "
                  f"ins({a.name} : {a.type}) outs({init.name} : {t_out}) {{")
        self.emit(f"^bb0(%in: {dt}, %acc: {dt}):")
        first = "%in"
        if square:
            self.emit(f"  %sq = {'arith.mulf' if self.is_float else 'arith.muli'} %in, %in : {dt}")
            first = "%sq"
        lhs, rhs = (first, "%acc") if self.ch.chance(50) else ("%acc", first)
        self.emit(f"  %v = {combiner} {lhs}, {rhs} : {dt}")
        self.emit(f"  linalg.yield %v : {dt}")
        self.emit(f"}} -> {t_out}")
        return self.add(Val(r, out_shape, self.dtype), "reduction")

    def op_contraction(self, names: Sequence[str]) -> Optional[Val]:
        """A named contraction (einsum letters of :data:`CONTRACTIONS`); one operand from the pool
        when one has the right rank, the other operand and the sizes fitted to it."""
        name = self.ch.pick(tuple(names))
        _, lhs_l, rhs_l, out_l = CONTRACTIONS[name]
        sizes: dict[str, int] = {}
        first_left = self.ch.chance(50)
        letters = lhs_l if first_left else rhs_l
        x = self.pick_value(lambda r: r == len(letters))
        if x is not None:
            sizes.update(zip(letters, x.shape))
        for ch_ in lhs_l + rhs_l:
            sizes.setdefault(ch_, self.dim())
        shape = lambda ls: tuple(sizes[c] for c in ls)  # noqa: E731
        lhs = x if x is not None and first_left else self.value_of_shape(shape(lhs_l))
        rhs = x if x is not None and not first_left else self.value_of_shape(shape(rhs_l))
        out = shape(out_l)
        if self.ch.chance(25):
            init = self.value_of_shape(out)
        else:
            init = self.fill(out, 0 if self.ch.chance(70) else self.constant_value())
        a, b = self.operand(lhs), self.operand(rhs)
        r = self.fresh("r")
        t = tensor_type(out, self.dtype)
        self.emit(f"{r} = linalg.{name} ins({a.name}, {b.name} : {a.type}, {b.type}) outs({init.name} : {t}) -> {t}")
        kind = name if name in ("matmul", "batch_matmul") else "contraction"
        return self.add(Val(r, out, self.dtype), kind)

    def op_reannotate(self) -> Optional[Val]:
        """A second annotation of a pool value (a resharding point where it differs)."""
        x = self.pick_value()
        if x is None:
            return None
        v = self.annotate(x, partial_ok=True)
        self.ops.append("reshard")
        self.pool.append(v)
        return v

    def op_transpose(self) -> Optional[Val]:
        x = self.pick_value(lambda r: r >= 2)
        if x is None:
            return None
        perm = self._permutation(x.rank)
        out = tuple(x.shape[p] for p in perm)
        e = self.empty(out)
        a = self.operand(x)
        r = self.fresh("r")
        self.emit(f"{r} = linalg.transpose ins({a.name} : {a.type}) outs({e} : {tensor_type(out, self.dtype)}) "
                  f"permutation = {_ints(perm)}")
        return self.add(Val(r, out, self.dtype), "transpose")

    def op_broadcast(self) -> Optional[Val]:
        x = self.pick_value(lambda r: r <= 2)
        if x is None:
            return None
        pos = self.ch.integer(0, x.rank)
        out = x.shape[:pos] + (self.ch.integer(1, 5),) + x.shape[pos:]
        e = self.empty(out)
        a = self.operand(x)
        r = self.fresh("r")
        self.emit(f"{r} = linalg.broadcast ins({a.name} : {a.type}) outs({e} : {tensor_type(out, self.dtype)}) "
                  f"dimensions = [{pos}]")
        return self.add(Val(r, out, self.dtype), "broadcast")

    def replicated_operand(self, x: Val, percent: int, annotate: bool = False) -> tuple[Val, bool]:
        """For reshapes and slices: a replicated operand ``percent`` % of the time, else ``x`` (with
        ``annotate``: maybe behind a random ``annotate_for_users``)."""
        if self.ch.chance(percent):
            return self.for_users(x, REPLICATED), True
        return (self.operand(x) if annotate else x), False

    def op_reshape(self) -> Optional[Val]:
        x = self.pick_value(lambda r: 1 <= r <= 3)
        if x is None:
            return None
        collapse = x.rank >= 2 and (x.rank == 3 or self.ch.chance(50))
        a, keep = self.replicated_operand(x, REPLICATED_RESHAPE_PERCENT, annotate=True)
        r = self.fresh("r")
        if collapse:
            i = self.ch.integer(0, x.rank - 2)
            groups = [[d] for d in range(i)] + [[i, i + 1]] + [[d] for d in range(i + 2, x.rank)]
            out = x.shape[:i] + (x.shape[i] * x.shape[i + 1],) + x.shape[i + 2:]
            self.emit(f"{r} = tensor.collapse_shape {a.name} [{', '.join(_ints(g) for g in groups)}] : {a.type} "
                      f"into {tensor_type(out, self.dtype)}")
        else:
            d = self.ch.integer(0, x.rank - 1)
            n = x.shape[d]
            factors = [f for f in range(1, n + 1) if n % f == 0]
            f = self.ch.pick(factors)
            groups = [[k] for k in range(d)] + [[d, d + 1]] + [[k + 1] for k in range(d + 1, x.rank)]
            out = x.shape[:d] + (f, n // f) + x.shape[d + 1:]
            self.emit(f"{r} = tensor.expand_shape {a.name} [{', '.join(_ints(g) for g in groups)}] output_shape "
                      f"{_ints(out)} : {a.type} into {tensor_type(out, self.dtype)}")
        v = Val(r, out, self.dtype)
        if keep:
            v = self.annotate(v, sharding=REPLICATED)
        return self.add(v, "reshape")

    def _box(self, shape: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
        """Offsets, sizes and strides of a random box of ``shape``: each dim taken whole 40% of the time
        (those carry splits), else a part (stride 2 sometimes)."""
        offsets, sizes, strides = [], [], []
        for n in shape:
            if self.ch.chance(40):
                offsets.append(0), sizes.append(n), strides.append(1)
                continue
            stride = 2 if n > 2 and self.ch.chance(20) else 1
            off = self.ch.integer(0, n - 1)
            most = (n - off + stride - 1) // stride
            offsets.append(off), sizes.append(self.ch.integer(1, most)), strides.append(stride)
        return offsets, sizes, strides

    def _slice_operand(self, x: Val) -> tuple[Val, bool]:
        """The operand of a slice, insert, pad or concat: left to propagation (maybe annotated for its
        users), forced replicated ``REPLICATED_SLICE_PERCENT`` % of the time."""
        return self.replicated_operand(x, REPLICATED_SLICE_PERCENT, annotate=True)

    def op_slice(self) -> Optional[Val]:
        x = self.pick_value(lambda r: r >= 1)
        if x is None:
            return None
        offsets, sizes, strides = self._box(x.shape)
        a, keep = self._slice_operand(x)
        r = self.fresh("r")
        out = tuple(sizes)
        if len(out) > 1 and 1 in out and self.ch.chance(30):  # rank-reducing: drop one unit dim
            d = out.index(1)
            out = out[:d] + out[d + 1:]
        self.emit(f"{r} = tensor.extract_slice {a.name}{_ints(offsets)} {_ints(sizes)} {_ints(strides)} : "
                  f"{a.type} to {tensor_type(out, self.dtype)}")
        v = Val(r, out, self.dtype)
        if keep:
            v = self.annotate(v, sharding=REPLICATED)
        return self.add(v, "slice")

    def op_insert(self) -> Optional[Val]:
        """``tensor.insert_slice`` of a value (of the box's shape) into a pool value."""
        x = self.pick_value(lambda r: r >= 1)
        if x is None:
            return None
        offsets, sizes, strides = self._box(x.shape)
        dest, keep = self._slice_operand(x)
        src = self.operand(self.value_of_shape(sizes))
        r = self.fresh("r")
        self.emit(f"{r} = tensor.insert_slice {src.name} into {dest.name}{_ints(offsets)} {_ints(sizes)} "
                  f"{_ints(strides)} : {src.type} into {x.type}")
        v = Val(r, x.shape, self.dtype)
        if keep:
            v = self.annotate(v, sharding=REPLICATED)
        return self.add(v, "insert")

    def op_pad(self) -> Optional[Val]:
        """``tensor.pad`` with static low/high padding (none on some dims); the padding value is a
        constant or depends on the indices (``i_d`` of a dim, maybe a split one)."""
        x = self.pick_value(lambda r: r >= 1)
        if x is None:
            return None
        low, high = [], []
        for _ in x.shape:
            padded = self.ch.chance(50)
            low.append(self.ch.integer(0, 2) if padded else 0)
            high.append(self.ch.integer(0, 2) if padded else 0)
        out = tuple(n + lo + hi for n, lo, hi in zip(x.shape, low, high))
        a, keep = self._slice_operand(x)
        dt = self.dtype
        by_index = self.ch.chance(40)
        cst = "" if by_index else self.scalar(self.constant_value())
        r = self.fresh("r")
        args = ", ".join(f"%i{d}: index" for d in range(x.rank))
        self.emit(f"{r} = tensor.pad {a.name} low{_ints(low)} high{_ints(high)} {{")
        self.emit(f"^bb0({args}):")
        if by_index:
            d = self.ch.integer(0, x.rank - 1)
            if self.is_float:
                self.emit(f"  %pi = arith.index_cast %i{d} : index to i32")
                self.emit(f"  %pv = arith.sitofp %pi : i32 to {dt}")
            else:
                self.emit(f"  %pv = arith.index_cast %i{d} : index to {dt}")
            self.emit(f"  tensor.yield %pv : {dt}")
        else:
            self.emit(f"  tensor.yield {cst} : {dt}")
        self.emit(f"}} : {a.type} to {tensor_type(out, dt)}")
        v = Val(r, out, dt)
        if keep:
            v = self.annotate(v, sharding=REPLICATED)
        return self.add(v, "pad")

    def op_concat(self) -> Optional[Val]:
        """``tensor.concat`` of a pool value and a value that differs from it on the concatenated dim
        only (sometimes the same shape)."""
        x = self.pick_value(lambda r: r >= 1)
        if x is None:
            return None
        d = self.ch.integer(0, x.rank - 1)
        other = x.shape[:d] + (self.dim(),) + x.shape[d + 1:]
        y = self.value_of_shape(x.shape if self.ch.chance(30) else other)
        a, keep = self._slice_operand(x)
        b = self.operand(y)
        if self.ch.chance(50):
            a, b = b, a
        out = x.shape[:d] + (x.shape[d] + y.shape[d],) + x.shape[d + 1:]
        r = self.fresh("r")
        self.emit(f"{r} = tensor.concat dim({d}) {a.name}, {b.name} : ({a.type}, {b.type}) -> "
                  f"{tensor_type(out, self.dtype)}")
        v = Val(r, out, self.dtype)
        if keep:
            v = self.annotate(v, sharding=REPLICATED)
        return self.add(v, "concat")

    def op_window(self) -> Optional[Val]:
        """A windowed ``linalg.generic`` (a 1-D convolution along one dim): ``out[.., i, ..] = sum_k
        x[.., stride * i + k, ..] * w[k]`` -- an input dim indexed by an expression of a parallel and a
        reduction loop, both of which may be split."""
        x = self.pick_value(lambda r: 1 <= r <= 3)
        if x is None:
            return None
        d = self.ch.integer(0, x.rank - 1)
        n = x.shape[d]
        k = self.ch.integer(1, min(3, n))
        stride = 2 if n - k >= 2 and self.ch.chance(25) else 1
        out = x.shape[:d] + ((n - k) // stride + 1,) + x.shape[d + 1:]
        w = self.operand(self.value_of_shape((k,)))
        init = self.fill(out, 0 if self.ch.chance(70) else self.constant_value())
        a = self.operand(x)
        r = self.fresh("r")
        rank = x.rank
        loops = ", ".join(f"d{i}" for i in range(rank + 1))
        win = f"d{d} * {stride} + d{rank}" if stride > 1 else f"d{d} + d{rank}"
        x_map = ", ".join(win if i == d else f"d{i}" for i in range(rank))
        out_map = ", ".join(f"d{i}" for i in range(rank))
        iters = ", ".join(['"parallel"'] * rank + ['"reduction"'])
        dt, t_out = self.dtype, tensor_type(out, self.dtype)
        self.emit(f"{r} = linalg.generic {{indexing_maps = [affine_map<({loops}) -> ({x_map})>, "
                  f"affine_map<({loops}) -> (d{rank})>, affine_map<({loops}) -> ({out_map})>], "
                  f"iterator_types = [{iters}]}} ins({a.name}, {w.name} : {a.type}, {w.type}) "
                  f"outs({init.name} : {t_out}) {{")
        self.emit(f"^bb0(%p: {dt}, %q: {dt}, %o: {dt}):")
        self.emit(f"  %v = {'arith.mulf' if self.is_float else 'arith.muli'} %p, %q : {dt}")
        self.emit(f"  %w = {'arith.addf' if self.is_float else 'arith.addi'} %o, %v : {dt}")
        self.emit(f"  linalg.yield %w : {dt}")
        self.emit(f"}} -> {t_out}")
        return self.add(Val(r, out, dt), "window")

    def step(self) -> None:
        kind = self.ch.pick(_STEP_KINDS)
        if kind == "slice-like":
            kind = self.ch.pick(_SLICE_LIKE)
        made = {"elementwise": self.op_elementwise, "reduction": self.op_reduction,
                "matmul": lambda: self.op_contraction(("matmul",)),
                "batch_matmul": lambda: self.op_contraction(("batch_matmul",)),
                "contraction": lambda: self.op_contraction(_OTHER_CONTRACTIONS),
                "transpose": self.op_transpose, "broadcast": self.op_broadcast, "reshape": self.op_reshape,
                "slice": self.op_slice, "insert": self.op_insert, "pad": self.op_pad, "concat": self.op_concat,
                "window": self.op_window, "reshard": self.op_reannotate}[kind]()
        if made is None:  # nothing of the right rank yet: start from a new argument
            self.pool.append(self.new_arg(self.shape(self.ch.integer(1, 3))))

    # -- the function -------------------------------------------------------------------------------------------
    def finish(self) -> tuple[str, tuple[str, ...]]:
        results = [self.pool[-1]]
        others = [v for v in self.pool[:-1]]
        if others and self.ch.chance(40):
            results.append(others[self.ch.integer(0, len(others) - 1)])
        final = []
        for v in results:
            if v.partial or self.ch.chance(40):  # partial results are combined when gathered
                v = self.annotate(v, partial_ok=True)
            final.append(v)
        if self.ch.chance(5):
            final.append(final[0])  # one value returned twice
        ret_types = ", ".join(v.type for v in final)
        self.emit(f"return {', '.join(v.name for v in final)} : {ret_types}")
        args = ", ".join(f"{a.name}: {a.type}" for a in self.args)
        head = f"func.func @main({args}) -> ({ret_types}) {{"
        text = "\n".join([self.mesh.decl(), head] + self.lines + ["}", ""])
        return text, tuple(self.ops)


def generate(ch: Chooser, max_ops: int = 4, max_devices: int = 16) -> Case:
    """A random program (module docstring) of 1 to ``max_ops`` compute ops."""
    mesh = draw_mesh(ch, max_devices)
    dtype = ch.pick(DTYPES)
    b = ProgramBuilder(ch, mesh, dtype)
    b.pool.append(b.new_arg(b.shape(ch.integer(1, 3))))
    for _ in range(ch.integer(1, max_ops)):
        b.step()
    text, ops = b.finish()
    return Case(text, mesh, ops, ch.integer(0, 2 ** 16), dtype)


def generate_from_seed(seed: int, max_ops: int = 4, max_devices: int = 16) -> Case:
    """:func:`generate` driven by ``random.Random(seed)`` (the bench's reproducible cases)."""
    return generate(RandomChooser(seed), max_ops, max_devices)
