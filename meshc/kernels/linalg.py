"""Kernels of MLIR ``linalg`` named ops, destination-passing style.

Every kernel takes its ``outs`` operand (the init/accumulator) as an array
and returns a NEW array of that shape and dtype; no input is written and no
result shares memory with an input. Shapes are in elements.

Element types: contractions (``matmul`` ...) first cast both inputs to the
accumulator's element type with linalg's ``cast_signed`` (sign-extend ints,
``sitofp``, ...), as the OpDSL definitions do. Accumulators narrower than
f32 (f16, bf16, f8) are computed in f32 and rounded once at the end, a
more accurate order than the per-step rounding of the loop nest; integer
accumulation wraps. Float sums are re-associated (BLAS order), so floats
match the loop nest within rounding, integers exactly.

Sources: MLIR linalg dialect documentation (named ops from
``LinalgNamedStructuredOps.yaml``, ``linalg.fill``, ``linalg.transpose``,
``linalg.broadcast``, ``linalg.reduce``, ``linalg.map``,
``linalg.pack``/``linalg.unpack`` in LinalgRelayoutOps.td,
``linalg.mmt4d``).
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Sequence

import numpy as np

from meshc.kernels import arith, combiners
from meshc.kernels import dtypes as _dt
from meshc.kernels import math as kmath
from meshc.kernels.errors import KernelError
from meshc.kernels.fpstate import blas_call

# ------------------------------------------------------------ contractions


def _work_dtype(dtype: np.dtype) -> np.dtype:
    if dtype in _dt.NARROW_FLOATS or dtype == np.float16:
        return np.dtype(np.float32)
    return dtype


def _check_letters(op: str, spec: str, *arrays: np.ndarray) -> None:
    """Every einsum letter must have one size across operands."""
    ins, out = spec.split("->")
    names = ins.split(",") + [out]
    sizes: dict[str, tuple[int, str, int]] = {}
    for which, (letters, arr) in enumerate(zip(names, arrays)):
        role = "init" if which == len(arrays) - 1 else f"input {which}"
        if arr.ndim != len(letters):
            raise KernelError(f"linalg.{op}: {role} has rank {arr.ndim}, expected {len(letters)} "
                              f"(shape {arr.shape})")
        for axis, letter in enumerate(letters):
            n = arr.shape[axis]
            if letter in sizes and sizes[letter][0] != n:
                first_n, first_role, first_axis = sizes[letter]
                raise KernelError(
                    f"linalg.{op}: {role} dim {axis} has size {n} but {first_role} dim "
                    f"{first_axis} has size {first_n}")
            sizes.setdefault(letter, (n, role, axis))


def _contract(op: str, spec: str, a: Any, b: Any, c: Any) -> np.ndarray:
    a, b, c = np.asarray(a), np.asarray(b), np.asarray(c)
    _check_letters(op, spec, a, b, c)
    out_dtype = c.dtype
    work = _work_dtype(out_dtype)
    lhs = np.asarray(arith.convert(a, out_dtype)).astype(work, copy=False)
    rhs = np.asarray(arith.convert(b, out_dtype)).astype(work, copy=False)
    with np.errstate(all="ignore"):
        with blas_call():  # a BLAS slot, when the runtime limits them (meshc.kernels.fpstate)
            form = _canonical(spec)
            if form in ("ab,bc->ac", "abc,acd->abd"):  # a (batch) matmul, whatever its letters
                product = np.matmul(lhs, rhs)
            else:
                product = np.asarray(np.einsum(spec, lhs, rhs, optimize=_path(spec, lhs.shape, rhs.shape)))
        if product.dtype != work:
            product = product.astype(work)
        if product.ndim == 0 or not product.flags.writeable or np.may_share_memory(product, a) \
                or np.may_share_memory(product, b):
            product = np.array(product, copy=True)
        np.add(product, c.astype(work, copy=False), out=product)
    return product.astype(out_dtype, copy=False)


def bind_contract(spec: str, shapes: Sequence[tuple[int, ...]], dtypes: Sequence[Any], op: str = "contraction",
                  zero_init: bool = False) -> Callable[[Any, Any, Any], np.ndarray]:
    """:func:`contract` for operands of fixed ``shapes`` and ``dtypes`` (lhs, rhs, init) of one native
    float or integer type, the letters checked and the contraction's form and path worked out once:
    ``call(a, b, c)`` returns what ``contract(spec, a, b, c, op)`` does, bit for bit (operands of
    other shapes or types go to :func:`contract`). With ``zero_init`` the caller asserts that ``c``
    is +0 at every element (a constant fill): it is added as a scalar.

    Raises:
        KernelError: ranks or the sizes of one letter disagree (as the first call would).
    """
    shapes = [tuple(x) for x in shapes]
    dts = [np.dtype(d) for d in dtypes]
    _check_letters(op, spec, *(np.broadcast_to(np.zeros((), np.int8), sh) for sh in shapes))
    dt = dts[2]
    general = functools.partial(_contract, op, spec)
    if any(d is not dt for d in dts) or _work_dtype(dt) != dt or dt.kind not in "fiu":
        return general
    a_shape, b_shape, c_shape = shapes
    form = _canonical(spec)
    path = None if form in ("ab,bc->ac", "abc,acd->abd") else _path(spec, a_shape, b_shape)
    zero = dt.type(0)
    nd = np.ndarray
    matmul, einsum, add = np.matmul, np.einsum, np.add
    from meshc.kernels.fpstate import quiet

    def call(a, b, c):
        if type(a) is not nd or type(b) is not nd or type(c) is not nd or a.dtype is not dt or \
                b.dtype is not dt or c.dtype is not dt or a.shape != a_shape or b.shape != b_shape or \
                c.shape != c_shape:
            return general(a, b, c)
        with quiet():
            with blas_call():
                product = matmul(a, b) if path is None else einsum(spec, a, b, optimize=path)
            if type(product) is not nd or product.base is not None or product.dtype is not dt or \
                    not product.ndim or not product.flags.writeable:
                if product.dtype != dt:
                    product = product.astype(dt)
                if np.ndim(product) == 0 or not product.flags.writeable or np.may_share_memory(product, a) \
                        or np.may_share_memory(product, b):
                    product = np.array(product, copy=True)
            add(product, zero if zero_init else c, out=product)
        return product

    return call


@functools.lru_cache(maxsize=1024)
def _canonical(spec: str) -> str:
    """``spec`` with its letters renamed ``a, b, ...`` in order of first appearance."""
    names: dict[str, str] = {}
    return "".join(names.setdefault(ch, "abcdefghijklmnopqrstuvwxyz"[len(names)]) if ch.isalpha() else ch
                   for ch in spec) if len(set(spec) - set(",->")) <= 26 else spec


@functools.lru_cache(maxsize=1024)
def _path(spec: str, a: tuple, b: tuple) -> Any:
    """The contraction order numpy's einsum chooses (``optimize=True``) for these shapes, worked
    out once."""
    return np.einsum_path(spec, np.empty(a, np.int8), np.empty(b, np.int8), optimize=True)[0]


def contract(spec: str, a: Any, b: Any, c: Any, op: str = "contraction") -> np.ndarray:
    """``c + sum(a * b)`` for any two-input einsum ``spec`` (``"mk,kn->mn"``;
    letters absent from the output are summed), with the element-type rules
    of the named contractions (the module docstring). ``op`` names the op in errors.

    Raises:
        KernelError: ranks or the sizes of one letter disagree.
    """
    return _contract(op, spec, a, b, c)


def matmul(a: Any, b: Any, c: Any) -> np.ndarray:
    """``linalg.matmul``: ``c + a @ b`` for a[M,K], b[K,N], c[M,N].

    Raises:
        KernelError: ranks or shared dims disagree.
    """
    return _contract("matmul", "mk,kn->mn", a, b, c)


def mmt4d(lhs: Any, rhs: Any, acc: Any) -> np.ndarray:
    """``linalg.mmt4d``: ``acc[i,j,a,b] + sum_{k,c} lhs[i,k,a,c] *
    rhs[j,k,b,c]`` (einsum ``ikac,jkbc->ijab``); lhs[M1,K1,M0,K0],
    rhs[N1,K1,N0,K0], acc[M1,N1,M0,N0]. The "t" is the transposed RHS tile
    (N0 x K0), the layout data-tiling produces."""
    return _contract("mmt4d", "ikac,jkbc->ijab", lhs, rhs, acc)


def batch_mmt4d(lhs: Any, rhs: Any, acc: Any) -> np.ndarray:
    """``linalg.batch_mmt4d``: :func:`mmt4d` with a leading batch dim on all
    three operands."""
    return _contract("batch_mmt4d", "zikac,zjkbc->zijab", lhs, rhs, acc)

"""``fn(lhs, rhs, init)`` by linalg op name."""


# ------------------------------------------------------------- data motion


def softmax(x: np.ndarray, dim: int) -> np.ndarray:
    """``linalg.softmax``: ``exp(x - max) / sum(exp(x - max))`` along ``dim``, in ``x``'s dtype (MLIR's
    decomposition of the op: max, subtract, exp, sum, divide)."""
    x = np.asarray(x)
    shifted = x - np.max(x, axis=dim, keepdims=True)
    e = np.exp(shifted)
    return (e / np.sum(e, axis=dim, keepdims=True)).astype(x.dtype, copy=False)


def fill(value: Any, out_shape: Sequence[int], dtype: Any) -> np.ndarray:
    """``linalg.fill``: array of ``out_shape`` (elements per dim) holding
    ``value`` cast to ``dtype`` (an MLIR type name or numpy dtype) with
    ``cast_signed``."""
    dtype = _dt.as_dtype(dtype)
    v = value if isinstance(value, (np.ndarray, np.generic)) else np.asarray(value)
    c = np.asarray(arith.convert(v, dtype))
    if not c.tobytes().strip(b"\0"):  # all bits zero (+0.0, 0): calloc'd pages, written lazily
        return np.zeros(tuple(out_shape), dtype)
    return np.full(tuple(out_shape), c, dtype)


def _check_permutation(op: str, perm: Sequence[int], rank: int) -> tuple[int, ...]:
    perm = tuple(int(p) for p in perm)
    if sorted(perm) != list(range(rank)):
        raise KernelError(f"{op}: {list(perm)} is not a permutation of rank {rank}")
    return perm


def transpose(x: Any, permutation: Sequence[int]) -> np.ndarray:
    """``linalg.transpose``: ``result.shape[i] == x.shape[permutation[i]]``.

    Raises:
        KernelError: ``permutation`` is not a permutation of ``range(x.ndim)``.
    """
    x = np.asarray(x)
    perm = _check_permutation("linalg.transpose", permutation, x.ndim)
    return np.array(np.transpose(x, perm), order="C", copy=True)


def broadcast(x: Any, out_shape: Sequence[int], dimensions: Sequence[int]) -> np.ndarray:
    """``linalg.broadcast``: ``dimensions`` lists the output dims that are
    *added*; the input's dims map in order onto the remaining output dims,
    whose sizes must match.

    Raises:
        KernelError: ranks or sizes disagree, or ``dimensions`` is invalid.
    """
    x = np.asarray(x)
    out_shape = tuple(int(n) for n in out_shape)
    dims = sorted(int(d) for d in dimensions)
    if len(set(dims)) != len(dims) or any(d < 0 or d >= len(out_shape) for d in dims):
        raise KernelError(f"linalg.broadcast: dimensions {list(dimensions)} invalid for output rank "
                          f"{len(out_shape)}")
    kept = [d for d in range(len(out_shape)) if d not in dims]
    if len(kept) != x.ndim or any(out_shape[d] != n for d, n in zip(kept, x.shape)):
        raise KernelError(f"linalg.broadcast: input shape {x.shape} does not fill the output dims "
                          f"{kept} of {out_shape}")
    return np.array(np.broadcast_to(np.expand_dims(x, tuple(dims)), out_shape))


# ---------------------------------------------------------------- reduce


def reduce(inputs: Sequence[Any], inits: Sequence[Any], dimensions: Sequence[int],
           combiner: str | Sequence[str] | Callable) -> list[np.ndarray]:
    """``linalg.reduce`` over ``dimensions`` of the (same-shaped) inputs.

    ``inits[i]`` has the input shape with ``dimensions`` removed.

    ``combiner``:

    * a combiner name from :data:`combiners.COMBINERS` (or one per input):
      output i is ``name(reduce(inputs[i]), inits[i])`` computed with a
      numpy ufunc reduction (float sums re-associated);
    * a callable ``combiner(args) -> list``: the region, called in order
      once per point of the reduced dims (lexicographic), vectorised over
      the kept dims. ``args`` is ``[in_0, ..., in_{n-1}, acc_0, ...,
      acc_{n-1}]`` (the block arguments of the region), each shaped like
      the inits; it returns the new accumulators.

    Raises:
        KernelError: shapes disagree or a dimension is out of range.
    """
    ins = [np.asarray(x) for x in inputs]
    accs = [np.asarray(x) for x in inits]
    if not ins or len(ins) != len(accs):
        raise KernelError(f"linalg.reduce: {len(ins)} inputs but {len(accs)} inits")
    shape = ins[0].shape
    dims = tuple(sorted(int(d) for d in dimensions))
    if len(set(dims)) != len(dims) or any(d < 0 or d >= len(shape) for d in dims):
        raise KernelError(f"linalg.reduce: dimensions {list(dimensions)} invalid for rank {len(shape)}")
    kept_shape = tuple(n for i, n in enumerate(shape) if i not in dims)
    for i, (x, acc) in enumerate(zip(ins, accs)):
        if x.shape != shape:
            raise KernelError(f"linalg.reduce: input {i} has shape {x.shape}, input 0 has {shape}")
        if acc.shape != kept_shape:
            raise KernelError(f"linalg.reduce: init {i} has shape {acc.shape}, expected {kept_shape}")
    if not callable(combiner):
        names = [combiner] * len(ins) if isinstance(combiner, str) else list(combiner)
        if len(names) != len(ins):
            raise KernelError(f"linalg.reduce: {len(names)} combiners for {len(ins)} inputs")
        return [np.array(combiners.combine(name, combiners.reduce_over(name, x, dims), acc), copy=True)
                .astype(acc.dtype, copy=False).reshape(kept_shape)
                for name, x, acc in zip(names, ins, accs)]
    moved = [np.moveaxis(x, dims, tuple(range(len(dims)))) for x in ins]
    current = [a.copy() for a in accs]
    for point in np.ndindex(*(shape[d] for d in dims)):
        values = combiner([m[point] for m in moved] + current)
        current = _check_results("linalg.reduce", values, accs)
    return [np.array(c, copy=True) for c in current]


def _check_results(op: str, values: Any, like: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Region results as arrays shaped and typed like ``like``."""
    if isinstance(values, np.ndarray) or not isinstance(values, (list, tuple)):
        raise KernelError(f"{op}: region must return a list of {len(like)} values, got {type(values).__name__}")
    if len(values) != len(like):
        raise KernelError(f"{op}: region returned {len(values)} values, expected {len(like)}")
    out = []
    for i, (v, ref) in enumerate(zip(values, like)):
        if isinstance(v, (np.ndarray, np.generic)):
            if v.dtype != ref.dtype:
                raise KernelError(f"{op}: region value {i} has dtype {v.dtype}, expected {ref.dtype}")
        else:
            v = np.asarray(v, ref.dtype)
        out.append(np.broadcast_to(v, ref.shape))
    return out


def map(inputs: Sequence[Any], mapper: Callable, init: Any) -> np.ndarray:  # noqa: A001
    """``linalg.map``: ``mapper(args) -> value`` on whole arrays, ``args``
    being the inputs (all shaped like ``init``); the result is shaped and
    typed like ``init`` (whose values are not read)."""
    init = np.asarray(init)
    ins = [np.asarray(x) for x in inputs]
    for i, x in enumerate(ins):
        if x.shape != init.shape:
            raise KernelError(f"linalg.map: input {i} has shape {x.shape}, init has {init.shape}")
    value = mapper(ins)
    (out,) = _check_results("linalg.map", [value], [init])
    return np.array(out, copy=True)


# --------------------------------------------------------------- elementwise


def _pick(float_fn: Callable, int_fn: Callable | None) -> Callable:
    def fn(*xs):
        if _dt.is_float(xs[0].dtype):
            return float_fn(*xs)
        if int_fn is None:
            raise KernelError(f"op needs float operands, got dtype {xs[0].dtype}")
        return int_fn(*xs)

    return fn


def _reciprocal(x):
    return arith.divf(np.ones((), x.dtype), x)


def _square(x):
    return arith.mulf(x, x) if _dt.is_float(x.dtype) else arith.muli(x, x)


ELEMENTWISE: dict[str, Callable[..., Any]] = {
    "add": _pick(arith.addf, arith.addi),
    "sub": _pick(arith.subf, arith.subi),
    "mul": _pick(arith.mulf, arith.muli),
    "div": _pick(arith.divf, arith.divsi),
    "div_unsigned": _pick(arith.divf, arith.divui),
    "max": _pick(arith.maximumf, arith.maxsi),
    "min": _pick(arith.minimumf, arith.minsi),
    "powf": _pick(kmath.powf, None),
    "exp": _pick(kmath.exp, None),
    "log": _pick(kmath.log, None),
    "abs": _pick(kmath.absf, None),
    "ceil": _pick(kmath.ceil, None),
    "floor": _pick(kmath.floor, None),
    "round": _pick(kmath.round, None),
    "sqrt": _pick(kmath.sqrt, None),
    "rsqrt": _pick(kmath.rsqrt, None),
    "tanh": _pick(kmath.tanh, None),
    "erf": _pick(kmath.erf, None),
    "negf": _pick(arith.negf, None),
    "reciprocal": _pick(_reciprocal, None),
    "square": _square,
}
"""Elementwise named linalg ops (``linalg.add`` ...) on operands already in
the output element type; ``linalg.max``/``min`` are ``maximumf``/``maxsi``
(OpDSL ``BinaryFn.max_signed``)."""


def elementwise(name: str, inputs: Sequence[Any], init: Any) -> np.ndarray:
    """Named elementwise linalg op ``name`` (a key of :data:`ELEMENTWISE`,
    or ``select``) with destination ``init``: the inputs are cast to the
    init's element type with ``cast_signed`` (``select``'s condition stays
    i1), then the op is applied. Inputs broadcast to ``init.shape``.

    Raises:
        KernelError: unknown op, wrong arity, or shapes that do not broadcast.
    """
    init = np.asarray(init)
    ins = [np.asarray(x) for x in inputs]
    if name == "select":
        if len(ins) != 3:
            raise KernelError(f"linalg.select: expects 3 inputs, got {len(ins)}")
        value = arith.select(ins[0], arith.convert(ins[1], init.dtype), arith.convert(ins[2], init.dtype))
    else:
        if name not in ELEMENTWISE:
            raise KernelError(f"unknown elementwise linalg op '{name}' (known: {', '.join(ELEMENTWISE)}, select)")
        value = ELEMENTWISE[name](*(np.asarray(arith.convert(x, init.dtype)) for x in ins))
    value = np.asarray(value)
    try:
        out = np.broadcast_to(value, init.shape)
    except ValueError:
        raise KernelError(f"linalg.{name}: value of shape {value.shape} does not fit init {init.shape}") from None
    return np.array(out, copy=True)


# ------------------------------------------------------------- pack/unpack


def _tiling(op: str, rank: int, inner_dims_pos: Sequence[int], inner_tiles: Sequence[int],
            outer_dims_perm: Sequence[int] | None) -> tuple[dict[int, int], tuple[int, ...]]:
    pos = [int(p) for p in inner_dims_pos]
    tiles = [int(t) for t in inner_tiles]
    if len(pos) != len(tiles):
        raise KernelError(f"{op}: {len(pos)} inner_dims_pos but {len(tiles)} inner_tiles")
    if len(set(pos)) != len(pos) or any(p < 0 or p >= rank for p in pos):
        raise KernelError(f"{op}: inner_dims_pos {pos} invalid for rank {rank}")
    if any(t <= 0 for t in tiles):
        raise KernelError(f"{op}: inner_tiles {tiles} must be positive")
    perm = tuple(range(rank)) if not outer_dims_perm else \
        _check_permutation(f"{op} outer_dims_perm", outer_dims_perm, rank)
    return dict(zip(pos, tiles)), perm


def _expanded_axes(rank: int, tile_of: dict[int, int]) -> tuple[list[int], dict[int, int]]:
    """Axis of each dim's outer part and of each tiled dim's tile part in
    the "strip-mined" shape (every tiled dim d split into (outer_d, tile_d))."""
    outer_axis: list[int] = []
    tile_axis: dict[int, int] = {}
    axis = 0
    for d in range(rank):
        outer_axis.append(axis)
        axis += 1
        if d in tile_of:
            tile_axis[d] = axis
            axis += 1
    return outer_axis, tile_axis


def packed_shape(src_shape: Sequence[int], inner_dims_pos: Sequence[int], inner_tiles: Sequence[int],
                 outer_dims_perm: Sequence[int] | None = None) -> tuple[int, ...]:
    """Shape of ``linalg.pack``'s result: outer dims ``ceil(n / tile)`` (or
    ``n`` if untiled) permuted by ``outer_dims_perm``, then the tiles in
    ``inner_dims_pos`` order."""
    rank = len(src_shape)
    tile_of, perm = _tiling("linalg.pack", rank, inner_dims_pos, inner_tiles, outer_dims_perm)
    outer = [(-(-int(n) // tile_of[d]) if d in tile_of else int(n)) for d, n in enumerate(src_shape)]
    return tuple(outer[p] for p in perm) + tuple(int(t) for t in inner_tiles)


def pack(src: Any, dest_shape: Sequence[int] | None, inner_dims_pos: Sequence[int],
         inner_tiles: Sequence[int], outer_dims_perm: Sequence[int] | None = None,
         padding_value: Any = None) -> np.ndarray:
    """``linalg.pack``: tile dims ``inner_dims_pos`` of ``src`` by
    ``inner_tiles``; the result is ``[outer dims permuted by
    outer_dims_perm..., tile dims in inner_dims_pos order...]`` with
    ``result[o..., t...] = src[d] at d = o_d * tile_d + t_d`` (tiled dims),
    ``padding_value`` where that index is past the source's edge.

    ``dest_shape`` (the ``into`` operand's shape) is checked when given.

    Raises:
        KernelError: inconsistent tiling, a dest shape other than
            :func:`packed_shape`, or an incomplete last tile without
            ``padding_value`` (undefined behaviour in MLIR).
    """
    src = np.asarray(src)
    rank = src.ndim
    tile_of, perm = _tiling("linalg.pack", rank, inner_dims_pos, inner_tiles, outer_dims_perm)
    expected = packed_shape(src.shape, inner_dims_pos, inner_tiles, outer_dims_perm)
    if dest_shape is not None and tuple(int(n) for n in dest_shape) != expected:
        raise KernelError(f"linalg.pack: dest shape {tuple(dest_shape)} differs from the packed shape "
                          f"{expected} of source {src.shape}")
    pad = [(0, (-n) % tile_of[d]) if d in tile_of else (0, 0) for d, n in enumerate(src.shape)]
    if any(high for _, high in pad):
        if padding_value is None:
            ragged = {d: (src.shape[d], tile_of[d]) for d, (_, h) in enumerate(pad) if h}
            raise KernelError(f"linalg.pack: dims {ragged} (size, tile) are not multiples of the tile "
                              "and no padding_value is given")
        value = arith.convert(padding_value if isinstance(padding_value, (np.ndarray, np.generic))
                              else np.asarray(padding_value), src.dtype)
        src = np.pad(src, pad, mode="constant", constant_values=value)
    strip_mined: list[int] = []
    for d, n in enumerate(src.shape):
        strip_mined += [n // tile_of[d], tile_of[d]] if d in tile_of else [n]
    outer_axis, tile_axis = _expanded_axes(rank, tile_of)
    order = [outer_axis[p] for p in perm] + [tile_axis[int(d)] for d in inner_dims_pos]
    return np.array(src.reshape(strip_mined).transpose(order), order="C", copy=True)


def unpack(src: Any, dest_shape: Sequence[int], inner_dims_pos: Sequence[int],
           inner_tiles: Sequence[int], outer_dims_perm: Sequence[int] | None = None) -> np.ndarray:
    """``linalg.unpack``: inverse of :func:`pack`; ``result[d] = src[o...,
    t...]`` for ``d = o_d * tile_d + t_d``, keeping the first
    ``dest_shape[d]`` elements of each tiled dim (the padding is dropped).

    Raises:
        KernelError: ``src``'s rank or tile dims disagree with the tiling,
            or ``dest_shape`` does not fit in the unpacked tiles.
    """
    src = np.asarray(src)
    dest_shape = tuple(int(n) for n in dest_shape)
    rank = len(dest_shape)
    tile_of, perm = _tiling("linalg.unpack", rank, inner_dims_pos, inner_tiles, outer_dims_perm)
    k = len(tile_of)
    if src.ndim != rank + k:
        raise KernelError(f"linalg.unpack: source rank {src.ndim} != dest rank {rank} + {k} tiles")
    if tuple(src.shape[rank:]) != tuple(int(t) for t in inner_tiles):
        raise KernelError(f"linalg.unpack: source tile dims {src.shape[rank:]} != inner_tiles "
                          f"{list(inner_tiles)}")
    outer = [0] * rank
    for j, d in enumerate(perm):
        outer[d] = src.shape[j]
    for d in range(rank):
        full = outer[d] * tile_of.get(d, 1)
        if d in tile_of and not (full - tile_of[d] < dest_shape[d] <= full) or \
                d not in tile_of and dest_shape[d] != full:
            raise KernelError(f"linalg.unpack: dest dim {d} of size {dest_shape[d]} does not match "
                              f"{outer[d]} outer tiles of {tile_of.get(d, 1)}")
    # Source axes: outer dim perm[j] at j, tile of inner_dims_pos[i] at rank + i.
    outer_at = {d: j for j, d in enumerate(perm)}
    tile_at = {int(d): rank + i for i, d in enumerate(inner_dims_pos)}
    order: list[int] = []
    merged: list[int] = []
    for d in range(rank):
        order.append(outer_at[d])
        if d in tile_of:
            order.append(tile_at[d])
        merged.append(outer[d] * tile_of.get(d, 1))
    full = src.transpose(order).reshape(merged)
    return np.array(full[tuple(slice(0, n) for n in dest_shape)], copy=True)


# ------------------------------------------------------------ convolutions and pooling
def windowed(op: str, spec: Sequence[str], strides: Sequence[int], dilations: Sequence[int], combiner: str,
             x: Any, w: Any, init: Any) -> np.ndarray:
    """Convolutions and poolings (``LinalgNamedStructuredOps.yaml``) for any
    ``spec = (loops, input, filter, init)`` in letters, an input dim ``[Hh]``
    being ``H * stride + h * dilation`` (see ``meshc.dialects.linalg.WindowedOp``).

    For each window position (the loops of the filter that index the input
    through a ``[Hh]`` dim) the input is sliced with the strides into the
    output's spatial shape, then folded into the accumulator: ``"conv"``
    adds the einsum of the slice with the filter at that position (so the
    channels are contracted by BLAS), ``"sum"``/``"max"``/``"min"`` combine
    the slice itself (the filter gives only the window's shape). Element
    types follow the contractions: inputs cast to the init's type, narrow
    floats accumulated in f32 and rounded once, integers wrap.

    Raises:
        KernelError: ranks, or the sizes of a letter, disagree; the input is
            too small for the window.
    """
    loops, in_spec, w_spec, out_spec = spec
    x, w, c = np.asarray(x), np.asarray(w), np.asarray(init)
    in_dims: list[tuple[str, ...]] = []
    i = 0
    while i < len(in_spec):
        if in_spec[i] == "[":
            in_dims.append((in_spec[i + 1], in_spec[i + 2]))
            i += 4
        else:
            in_dims.append((in_spec[i],))
            i += 1
    for what, arr, n in (("input", x, len(in_dims)), ("filter", w, len(w_spec)), ("init", c, len(out_spec))):
        if arr.ndim != n:
            raise KernelError(f"linalg.{op}: {what} has rank {arr.ndim}, expected {n} (shape {arr.shape})")
    size = {letter: c.shape[k] for k, letter in enumerate(out_spec)}
    for k, letter in enumerate(w_spec):
        if size.setdefault(letter, w.shape[k]) != w.shape[k]:
            raise KernelError(f"linalg.{op}: filter dim {k} has size {w.shape[k]}, expected {size[letter]}")
    for k, d in enumerate(in_dims):
        if len(d) == 1 and size.setdefault(d[0], x.shape[k]) != x.shape[k]:
            raise KernelError(f"linalg.{op}: input dim {k} has size {x.shape[k]}, expected {size[d[0]]}")
    window = [d[1] for d in in_dims if len(d) == 2]
    out_dtype = c.dtype
    work = _work_dtype(out_dtype)
    xs_all = np.asarray(arith.convert(x, out_dtype)).astype(work, copy=False)
    ws_all = np.asarray(arith.convert(w, out_dtype)).astype(work, copy=False) if combiner == "conv" else None
    acc = np.array(c, dtype=work, copy=True)
    slice_letters = "".join(d[0] for d in in_dims)
    w_rest = "".join(letter for letter in w_spec if letter not in window)
    for pos in np.ndindex(*(size[h] for h in window)):
        at = dict(zip(window, pos))
        index, k = [], 0
        for dim, d in enumerate(in_dims):
            if len(d) == 1:
                index.append(slice(None))
                continue
            start = at[d[1]] * dilations[k]
            stop = start + strides[k] * (size[d[0]] - 1) + 1
            if size[d[0]] and stop > x.shape[dim]:
                raise KernelError(f"linalg.{op}: input dim {dim} of size {x.shape[dim]} is too small for "
                                  f"{size[d[0]]} outputs with stride {strides[k]} and window offset {start}")
            index.append(slice(start, stop, strides[k]))
            k += 1
        xs = xs_all[tuple(index)]
        with np.errstate(all="ignore"):
            if combiner == "conv":
                wi = tuple(at[letter] if letter in at else slice(None) for letter in w_spec)
                term = np.einsum(f"{slice_letters},{w_rest}->{out_spec}", xs, ws_all[wi], optimize=True)
                acc += term.astype(work, copy=False)
            else:
                term = np.einsum(f"{slice_letters}->{out_spec}", xs)
                if combiner == "sum":
                    acc += term
                elif combiner == "max":
                    np.maximum(acc, term, out=acc)
                else:
                    np.minimum(acc, term, out=acc)
    return acc.astype(out_dtype, copy=False)
