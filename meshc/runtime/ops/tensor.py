"""Kernels of the tensor dialect: adapters to ``meshc.kernels.tensor``
(MLIR TensorOps.td semantics; see that module for each rule).

Offsets, sizes and strides are static ints or index operands (MLIR's mixed
lists); which entry reads which operand is worked out once per op. Rules
specific to the interpreter:

* ``tensor.empty`` gives zeros (MLIR: unspecified contents), so runs are
  reproducible.
* ``tensor.cast`` checks the value against the static dims of the result
  type (MLIR: a mismatch is undefined behaviour).
* ``tensor.extract`` also accepts index *arrays* (inside a vectorised
  ``linalg.generic``/``tensor.generate`` body): a bounds-checked gather.
* ``tensor.pad`` / ``tensor.generate`` evaluate their region once on index
  arrays over the result (their block arguments), not per element.
* ``tensor.parallel_insert_slice`` writes into the result of the enclosing
  ``scf.forall`` (see ``meshc.runtime.ops.scf``).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from meshc.ir.core import Value
from meshc.ir.types import TensorType, element_type_of, numpy_dtype
from meshc.kernels import tensor as K
from meshc.kernels.errors import KernelError
from meshc.runtime.interpreter import Compiled, compiler, kernel


def mixed_reader(op, entries: Sequence[Any]) -> Callable[[list], list[int]]:
    """``args -> [int...]`` for a mixed list of ints and operand Values of ``op``."""
    plan = []
    for e in entries:
        if isinstance(e, Value):
            plan.append((False, next(i for i, v in enumerate(op.operands) if v is e)))
        else:
            plan.append((True, int(e)))
    if all(static for static, _ in plan):
        const = [v for _, v in plan]
        return lambda args: const
    return lambda args: [v if static else int(args[v]) for static, v in plan]


def _result_dtype(op) -> np.dtype:
    return numpy_dtype(element_type_of(op.results[0].type))


# ---------------------------------------------------------------- creation
def _empty_plan(op) -> tuple:
    """``(sizes reader, dtype, static shape or None)`` of a ``tensor.empty``: the shape is read once
    when no size is dynamic."""
    shape, dtype = mixed_reader(op, op.mixed_sizes), _result_dtype(op)
    return shape, dtype, None if op.operands else tuple(int(n) for n in shape([]))


@kernel("tensor.empty")
def _empty(interp, op, args):
    shape, dtype, static = interp.cached(op, _empty_plan)
    if static is not None:
        return [np.zeros(static, dtype)]  # K.empty's zeros, the shape and dtype worked out once
    return [K.empty(shape(args), dtype)]


@kernel("tensor.splat")
def _splat(interp, op, args):
    t = op.results[0].type
    dyn = iter(args[1:])
    shape = [int(next(dyn)) if d is None else d for d in t.shape]
    return [K.splat(args[0], shape)]


@kernel("tensor.from_elements")
def _from_elements(interp, op, args):
    t = op.results[0].type
    return [K.from_elements(args, t.shape, _result_dtype(op))]


# ---------------------------------------------------------------- element access
@kernel("tensor.extract")
def _extract(interp, op, args):
    x, idx = args[0], args[1:]
    if all(np.ndim(i) == 0 for i in idx):
        return [K.extract(x, idx)]
    return [gather(x, idx)]


def gather(x: np.ndarray, indices: Sequence[Any]) -> np.ndarray:
    """``x[i0, i1, ...]`` for index arrays broadcast together (the vectorised
    ``tensor.extract``).

    Raises:
        KernelError: an index outside its dim.
    """
    x = np.asarray(x)
    if len(indices) != x.ndim:
        raise KernelError(f"tensor.extract: {len(indices)} indices for rank {x.ndim}")
    arrays = np.broadcast_arrays(*(np.asarray(i, dtype=np.int64) for i in indices))
    for d, (a, n) in enumerate(zip(arrays, x.shape)):
        if a.size and (a.min() < 0 or a.max() >= n):
            raise KernelError(f"tensor.extract: indices of dim {d} span [{a.min()}, {a.max()}], outside extent {n}")
    return x[tuple(arrays)]


@kernel("tensor.insert")
def _insert(interp, op, args):
    return [K.insert(args[0], args[1], args[2:])]


@kernel("tensor.dim")
def _dim(interp, op, args):
    return [np.int64(K.dim(args[0], int(args[1])))]


# ---------------------------------------------------------------- slices
def _slice_spec(op):
    return (mixed_reader(op, op.mixed_offsets), mixed_reader(op, op.mixed_sizes),
            mixed_reader(op, op.mixed_strides), tuple(op.dropped_dims()))


@kernel("tensor.extract_slice")
def _extract_slice(interp, op, args):
    offs, sizes, strides, drop = interp.cached(op, _slice_spec)
    return [K.extract_slice(args[0], offs(args), sizes(args), strides(args), drop)]


@kernel("tensor.insert_slice")
def _insert_slice(interp, op, args):
    offs, sizes, strides, _ = interp.cached(op, _slice_spec)
    return [K.insert_slice(args[0], args[1], offs(args), sizes(args), strides(args))]


@kernel("tensor.parallel_insert_slice")
def _parallel_insert_slice(interp, op, args):
    offs, sizes, strides, _ = interp.cached(op, _slice_spec)
    dest = op.operands[1]
    for frame in reversed(interp.parallel_targets):
        i = frame["targets"].get(dest)
        if i is not None:
            results = frame["results"]
            results[i] = K.write_slice(results[i], args[0], offs(args), sizes(args), strides(args))
            return []
    raise KernelError("its destination is not a shared output of an enclosing scf.forall")


# ---------------------------------------------------------------- reshapes
@kernel("tensor.expand_shape")
def _expand_shape(interp, op, args):
    groups, shape = interp.cached(op, lambda o: (o.reassociation, mixed_reader(o, o.mixed_output_shape)))
    out_shape = shape(args)
    if not groups:  # rank 0 -> all-unit dims
        return [K.reshape(args[0], out_shape)]
    return [K.expand_shape(args[0], groups, out_shape)]


@kernel("tensor.collapse_shape")
def _collapse_shape(interp, op, args):
    groups = interp.cached(op, lambda o: o.reassociation)
    if not groups:  # all-unit dims -> rank 0
        return [K.reshape(args[0], ())]
    return [K.collapse_shape(args[0], groups)]


@kernel("tensor.reshape")
def _reshape(interp, op, args):
    return [K.reshape(args[0], [int(n) for n in np.asarray(args[1]).reshape(-1)])]


@kernel("tensor.cast")
def _cast(interp, op, args):
    x = args[0]
    t = op.results[0].type
    if isinstance(t, TensorType):
        if x.ndim != t.rank or any(d is not None and d != n for d, n in zip(t.shape, x.shape)):
            raise KernelError(f"value of shape {list(x.shape)} does not match the result type {t}")
    return [x]


@kernel("tensor.bitcast")
def _bitcast(interp, op, args):
    return [np.array(args[0]).view(_result_dtype(op))]


# ---------------------------------------------------------------- pad / concat / generate
def _index_grids(shape: Sequence[int]) -> list[np.ndarray]:
    n = len(shape)
    return [np.arange(s, dtype=np.int64).reshape([-1 if i == d else 1 for i in range(n)])
            for d, s in enumerate(shape)]


@kernel("tensor.pad")
def _pad(interp, op, args):
    low, high, const = interp.cached(op, lambda o: (mixed_reader(o, o.mixed_low), mixed_reader(o, o.mixed_high),
                                                     o.padding_value()))
    x = args[0]
    lo, hi = low(args), high(args)
    if const is not None:
        return [K.pad(x, lo, hi, interp.env[const])]
    if any(v < 0 for v in lo + hi):
        raise KernelError(f"tensor.pad: negative padding low={lo} high={hi}")
    shape = [n + a + b for n, a, b in zip(x.shape, lo, hi)]
    (value,) = interp.run_block(op.body, _index_grids(shape), interp.env)
    out = np.array(np.broadcast_to(np.asarray(value, x.dtype), shape), copy=True)
    out[tuple(slice(a, a + n) for a, n in zip(lo, x.shape))] = x
    return [out]


@kernel("tensor.concat")
def _concat(interp, op, args):
    return [K.concat(args, op.dim)]


@kernel("tensor.generate")
def _generate(interp, op, args):
    t = op.results[0].type
    dyn = iter(args)
    shape = [int(next(dyn)) if d is None else d for d in t.shape]
    (value,) = interp.run_block(op.regions[0].blocks[0], _index_grids(shape), interp.env)
    return [np.array(np.broadcast_to(np.asarray(value, _result_dtype(op)), shape), copy=True)]


# ---------------------------------------------------------------- compiled forms
@compiler("tensor.empty")
def _compile_empty(interp, op, ctx):
    shape, dtype, static = _empty_plan(op)
    if static is None:
        return None
    zeros = np.zeros
    return Compiled(lambda: zeros(static, dtype))


def _compile_reshape(op, ctx, out_shape: tuple) -> Compiled:
    """A reshape to the static ``out_shape``: a view when the result may be one
    (``ctx.may_view``), else a copy; a source of another size fails as the kernel does."""
    view = ctx.may_view(op.results[0])

    def reshape(x):
        if type(x) is not np.ndarray:
            x = np.asarray(x)
        v = x.reshape(out_shape)
        if view:
            if v.flags.writeable:
                v.flags.writeable = False
            return v
        return np.array(v, copy=True)

    return Compiled(reshape)


@compiler("tensor.expand_shape")
def _compile_expand_shape(interp, op, ctx):
    src, dst = op.operands[0].type, op.results[0].type
    if op.operands[1:] or not isinstance(src, TensorType) or not src.has_static_shape \
            or not isinstance(dst, TensorType) or not dst.has_static_shape:
        return None
    groups, shape = op.reassociation, mixed_reader(op, op.mixed_output_shape)
    out_shape = tuple(int(n) for n in shape([]))
    if out_shape != tuple(dst.shape) or not _groups_fit(groups, out_shape, tuple(src.shape)):
        return None  # the kernel fails, located, when the op runs
    return _compile_reshape(op, ctx, out_shape)


@compiler("tensor.collapse_shape")
def _compile_collapse_shape(interp, op, ctx):
    src, dst = op.operands[0].type, op.results[0].type
    if not isinstance(src, TensorType) or not src.has_static_shape \
            or not isinstance(dst, TensorType) or not dst.has_static_shape:
        return None
    if not _groups_fit(op.reassociation, tuple(src.shape), tuple(dst.shape)):
        return None
    return _compile_reshape(op, ctx, tuple(dst.shape))


def _groups_fit(groups, wide: tuple, narrow: tuple) -> bool:
    """Whether the reassociation ``groups`` of the dims of ``wide`` (in order, each non-empty)
    multiply to the dims of ``narrow`` (no groups: ``narrow`` is rank 0 and ``wide`` all ones)."""
    if not groups:
        return narrow == () and all(n == 1 for n in wide)
    flat = [d for g in groups for d in g]
    if flat != list(range(len(wide))) or any(not g for g in groups) or len(groups) != len(narrow):
        return False
    for g, n in zip(groups, narrow):
        size = 1
        for d in g:
            size *= wide[d]
        if size != n:
            return False
    return True
