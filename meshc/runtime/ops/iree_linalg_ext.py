"""Kernels of the iree_linalg_ext dialect: adapters to :mod:`meshc.kernels.iree_linalg_ext`, running
the ops' regions with this interpreter's kernels on whole arrays.

* ``sort`` / ``topk``: a comparator of the form ``cmp PRED, f(lhs), f(rhs)`` (``arith.cmpf``
  ``olt``/``ogt``, ``arith.cmpi`` ``slt``/``sgt``/``ult``/``ugt``; ``f`` the same computation of the
  lhs block arguments as of the rhs ones: ``arith.cmpf ogt, %a, %b`` or JAX's total-order key
  ``select(bitcast < 0, MAX - bitcast, bitcast)``; also the non-strict ``oge``/``ole``...) sorts
  stably by the key ``f(x)``, computed once on the whole operands; any other comparator is run on
  every pair of a row (:func:`~meshc.kernels.iree_linalg_ext.order_by_comparisons`), and must then
  be a strict weak order (else a located error).
* ``scan``: the combiner region run once per position along the dim, on the slices of every
  other dim at once (IREE's order: ``f(out[i-1], x[i])``).
* ``scatter``: a region yielding the update is an assignment, ``arith.addf``/``addi`` of the
  update and the original ``np.add.at``; any other region runs once per batch point. Batch
  points whose indices fall outside the original are dropped (stablehlo.scatter's rule).
* ``gather``: a fancy-indexed read.
* ``arg_compare``: a comparator ``cmp PRED, %a, %b`` of the two block arguments (strict ``ogt``/``sgt``
  /``ugt``: argmax, first of equal best; ``olt``...: argmin; the non-strict ``oge``...: the last of
  equal best) is an ``argmax``/``argmin`` along the dim (NaN never chosen, as ``ogt`` is false for
  it), then compared once with the outs; any other comparator is run once per position along the
  dim, on the slices of every other dim at once (IREE's sequential order).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from meshc.ir.core import BlockArgument, OpResult, Value
from meshc.kernels import iree_linalg_ext as K
from meshc.runtime.interpreter import Interpreter, kernel

_ASCENDING = {"olt": False, "slt": False, "ult": False, "ogt": True, "sgt": True, "ugt": True,
              "ole": False, "sle": False, "ule": False, "oge": True, "sge": True, "uge": True}
"""Predicates of a key comparator -> descending. The non-strict ones (``oge``...) order the values the
same; their ties keep input order here, where IREE's loop leaves the order of ties to its swaps."""


def _canonical(v: Value, block, side: int, memo: dict) -> Optional[tuple]:
    """A structural key of ``v``'s computation in ``block`` where block argument ``2k + side`` reads as
    ``k`` (None when it reads an argument of the other side)."""
    if id(v) in memo:
        return memo[id(v)]
    if isinstance(v, BlockArgument) and v.block is block:
        i = v.index
        out = None if i % 2 != side else ("arg", i // 2)
    elif isinstance(v, OpResult) and v.op.parent is block:
        op = v.op
        if op.regions:
            out = None
        else:
            parts = [_canonical(x, block, side, memo) for x in op.operands]
            out = None if any(p is None for p in parts) else (
                op.name, tuple(sorted((k, str(a)) for k, a in op.attributes.items())), tuple(parts),
                op.results.index(v))
    else:
        out = ("outside", id(v))
    memo[id(v)] = out
    return out


@dataclass
class KeyComparator:
    """A comparator ``cmp PRED, f(lhs), f(rhs)``: ``key`` is ``f``'s value (computed from the lhs
    arguments), ``descending`` from PRED, ``unsigned`` for ``ult``/``ugt``."""

    key: Value
    steps: list
    descending: bool
    unsigned: bool


def key_comparator(block) -> Optional[KeyComparator]:
    """The :class:`KeyComparator` of a sort/topk comparator block, or None (run the region)."""
    term = block.terminator
    if term is None or len(term.operands) != 1 or not isinstance(term.operands[0], OpResult):
        return None
    cmp = term.operands[0].op
    if cmp.name not in ("arith.cmpf", "arith.cmpi") or cmp.parent is not block:
        return None
    name = cmp.predicate
    if name not in _ASCENDING:
        return None
    a, b = cmp.operands
    ka, kb = _canonical(a, block, 0, {}), _canonical(b, block, 1, {})
    if ka is None or kb is None or ka != kb:
        return None
    need: set = set()
    stack = [a]
    while stack:
        x = stack.pop()
        if isinstance(x, OpResult) and x.op.parent is block and x.op not in need:
            need.add(x.op)
            stack.extend(x.op.operands)
    steps = Interpreter.plan_ops([op for op in block.ops if op in need])
    return KeyComparator(a, steps, _ASCENDING[name], name in ("ult", "ugt", "ule", "uge"))


def _key_values(interp, kc: KeyComparator, block, arrays) -> np.ndarray:
    env = interp.env
    lhs = block.args[0::2]
    for arg, x in zip(lhs, arrays):
        env[arg] = x
    interp.run_steps(kc.steps, env)
    key = np.asarray(env[kc.key])
    for arg in lhs:
        env.pop(arg, None)
    for step in kc.steps:
        for r in step[3]:
            env.pop(r, None)
    if kc.unsigned and key.dtype.kind == "i":
        key = key.view(key.dtype.str.replace("i", "u"))
    return np.broadcast_to(key, np.shape(arrays[0]))


def stable_order(interp, op, block, arrays, dim: int) -> np.ndarray:
    """The stable order along ``dim`` of ``arrays`` (one per operand pair of the comparator ``block``)."""
    kc = interp.cached(op, lambda o: key_comparator(block))
    if kc is not None:
        return K.order_by_key(_key_values(interp, kc, block, arrays), dim, kc.descending)
    rank = np.ndim(arrays[0])
    args = []
    for x in arrays:
        m = np.moveaxis(np.asarray(x), dim, -1)
        args += [m[..., :, None], m[..., None, :]]
    n = np.shape(arrays[0])[dim]
    shape = np.moveaxis(np.empty(np.shape(arrays[0]), dtype=np.bool_), dim, -1).shape + (n,)
    args = [np.broadcast_to(a, shape) for a in args]
    less = np.broadcast_to(np.asarray(interp.run_region(op.regions[0], args)[0]), shape)
    return K.order_by_comparisons(less, dim, rank)


@kernel("iree_linalg_ext.sort")
def _sort(interp, op, args):
    order = stable_order(interp, op, op.regions[0].blocks[0], args, op.dimension)
    return [K.permute(x, order, op.dimension) for x in args]


@kernel("iree_linalg_ext.topk")
def _topk(interp, op, args):
    d = op.dimension
    n_in = len(args) - 2
    x, vals, ids = args[0], args[n_in], args[n_in + 1]
    if n_in == 2:
        xi = np.asarray(args[1]).astype(ids.dtype)
    else:
        shape = [1] * np.ndim(x)
        shape[d] = np.shape(x)[d]
        xi = np.broadcast_to(np.arange(np.shape(x)[d], dtype=ids.dtype).reshape(shape), np.shape(x))
    k = np.shape(vals)[d]
    allv = np.concatenate([np.asarray(vals), np.asarray(x)], axis=d)
    alli = np.concatenate([np.asarray(ids), xi], axis=d)
    order = stable_order(interp, op, op.regions[0].blocks[0], [allv], d)
    keep = np.take(order, np.arange(k), axis=d)
    return [K.permute(allv, keep, d), K.permute(alli, keep, d)]


@kernel("iree_linalg_ext.scan")
def _scan(interp, op, args):
    x, out, acc = (np.asarray(a) for a in args)
    d = op.dimension
    n = x.shape[d]
    res = np.empty_like(out)
    region = op.regions[0]
    xs = np.moveaxis(x, d, 0)
    rs = np.moveaxis(res, d, 0)
    if n:
        prev = xs[0] if op.inclusive else acc
        rs[0] = prev
        for i in range(1, n):
            prev = np.asarray(interp.run_region(region, [rs[i - 1], xs[i] if op.inclusive else xs[i - 1]])[0])
            rs[i] = prev
        last = rs[n - 1].copy()
    else:
        last = acc.copy()
    return [res, last.astype(acc.dtype, copy=False)]


def _scatter_kind(block) -> Optional[str]:
    """``"set"`` when the region yields the update, ``"add"`` for ``arith.addf``/``addi`` of the update and
    the original, else None."""
    y = block.terminator.operands[0]
    upd, orig = block.args
    if y is upd:
        return "set"
    if isinstance(y, OpResult) and y.op.parent is block and y.op.name in ("arith.addf", "arith.addi") \
            and {id(v) for v in y.op.operands} == {id(upd), id(orig)} \
            and not getattr(y.op.attributes.get("fastmath"), "bits", 0):  # fastmath<none>: a plain add
        return "add"
    return None


@kernel("iree_linalg_ext.scatter")
def _scatter(interp, op, args):
    upd, idx, orig = (np.asarray(a) for a in args)
    batch = op.batch_rank
    depth = op.index_depth
    out = orig.copy()
    cols = K.index_columns(idx, batch, op.dimension_map)
    upd = upd.reshape((-1,) + upd.shape[batch:])
    ok = K.in_bounds(cols, orig.shape[:depth])
    if not ok.all():
        cols = tuple(c[ok] for c in cols)
        upd = upd[ok]
    block = op.regions[0].blocks[0]
    kind = interp.cached(op, lambda o: _scatter_kind(block))
    if kind == "set":
        out[cols] = upd
    elif kind == "add":
        np.add.at(out, cols, upd)
    else:
        region = op.regions[0]
        for b in range(len(upd)):
            p = tuple(int(c[b]) for c in cols)
            out[p] = np.asarray(interp.run_region(region, [upd[b], out[p]])[0])
    return [out]


@kernel("iree_linalg_ext.gather")
def _gather(interp, op, args):
    src, idx, out = args
    return [K.gather(np.asarray(src), idx, op.batch_rank, op.dimension_map, np.shape(out)).astype(
        np.asarray(out).dtype, copy=False)]


_ARG_BEST = {"ogt": ("max", True), "sgt": ("max", True), "ugt": ("max", True), "olt": ("min", True),
             "slt": ("min", True), "ult": ("min", True), "oge": ("max", False), "sge": ("max", False),
             "uge": ("max", False), "ole": ("min", False), "sle": ("min", False), "ule": ("min", False)}
"""Comparator predicate of ``arith.cmpf``/``cmpi`` on ``(%a, %b)`` -> (best, strict): strict keeps the first
of equal best elements, non-strict the last."""


def _arg_comparator(block) -> Optional[tuple]:
    """``(best, strict, unsigned)`` when the comparator is ``cmp PRED, %a, %b`` of its block arguments."""
    term = block.terminator
    y = term.operands[0] if term is not None and len(term.operands) == 1 else None
    if not isinstance(y, OpResult) or y.op.parent is not block or y.op.name not in ("arith.cmpf", "arith.cmpi"):
        return None
    cmp = y.op
    if len(block.ops) != 2 or cmp.predicate not in _ARG_BEST or list(cmp.operands) != list(block.args):
        return None
    best, strict = _ARG_BEST[cmp.predicate]
    return best, strict, cmp.predicate.startswith("u")


@kernel("iree_linalg_ext.arg_compare")
def _arg_compare(interp, op, args):
    x, val, idx = (np.asarray(a) for a in args[:3])
    base = int(args[3]) if len(args) > 3 else 0
    d = op.dimension
    n = x.shape[d]
    block = op.regions[0].blocks[0]
    region = op.regions[0]
    if n == 0:
        return [val.copy(), idx.copy()]
    fast = interp.cached(op, lambda o: _arg_comparator(block))
    if fast is not None:
        best_kind, strict, unsigned = fast
        key = x.view(x.dtype.str.replace("i", "u")) if unsigned and x.dtype.kind == "i" else x
        if key.dtype.kind == "f":
            worst = -np.inf if best_kind == "max" else np.inf
            key = np.where(np.isnan(key), worst, key)  # a NaN never compares better
        if not strict:  # the last of equal best: search the reversed dim
            key = np.flip(key, axis=d)
        pos = np.argmax(key, axis=d) if best_kind == "max" else np.argmin(key, axis=d)
        if not strict:
            pos = n - 1 - pos
        cand = np.take_along_axis(x, np.expand_dims(pos, d), axis=d).squeeze(d)
        better = np.asarray(interp.run_region(region, [cand, val])[0], dtype=bool)
        new_val = np.where(better, cand, val).astype(val.dtype, copy=False)
        new_idx = np.where(better, (pos + base).astype(idx.dtype), idx).astype(idx.dtype, copy=False)
        return [new_val, new_idx]
    cur_val, cur_idx = val.copy(), idx.copy()
    xs = np.moveaxis(x, d, 0)
    for k in range(n):
        better = np.asarray(interp.run_region(region, [xs[k], cur_val])[0], dtype=bool)
        cur_val = np.where(better, xs[k], cur_val).astype(val.dtype, copy=False)
        cur_idx = np.where(better, np.asarray(k + base).astype(idx.dtype), cur_idx).astype(idx.dtype, copy=False)
    return [cur_val, cur_idx]
