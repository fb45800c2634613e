"""Kernels of the scf dialect: structured control flow run in Python over
the regions (MLIR SCFOps.td semantics).

* ``scf.for``: ``%i = lb, lb + step, ... < ub`` (signed compare, or unsigned
  with ``unsignedCmp``); the body's ``scf.yield`` values become the next
  iteration's ``iter_args`` and, after the last one, the results. A loop
  that runs zero times returns the initial values.
* ``scf.if``: runs the then or else block; an absent else yields nothing.
* ``scf.while``: runs the "before" block on the current values; its
  ``scf.condition`` either forwards its values to the "after" block (true),
  whose ``scf.yield`` gives the next current values, or ends the loop with
  them as the results (false). The trip count is data-dependent; on a sharded
  program ``partition`` has made the condition a replicated value, so every
  device runs the same trips (a loop that never ends is the program's).
* ``scf.forall``: runs every point of the iteration space in lexicographic
  order (any order is valid for a race-free program). Each iteration sees the
  ``shared_outs`` block arguments bound to the *initial* tensors, and the
  ``tensor.parallel_insert_slice`` ops of its ``scf.forall.in_parallel``
  write into the results; overlapping writes resolve in iteration order
  (MLIR leaves them undefined).
"""

from __future__ import annotations

import itertools

import numpy as np

from meshc.ir.types import IndexType, numpy_dtype
from meshc.kernels import arith as K
from meshc.runtime.interpreter import kernel


@kernel("scf.for")
def _for(interp, op, args):
    lb, ub, step = args[0], args[1], args[2]
    values = list(args[3:])
    iv_type = op.body.args[0].type
    dtype = np.dtype(np.int64) if isinstance(iv_type, IndexType) else numpy_dtype(iv_type)
    if op.unsigned_cmp:
        lb, ub, step = (int(K.as_unsigned(np.asarray(v, dtype))) for v in (lb, ub, step))
    else:
        lb, ub, step = (int(K.as_signed(np.asarray(v, dtype))) for v in (lb, ub, step))
    if step <= 0:
        raise ValueError(f"step must be positive, got {step}")
    block = op.body
    env = interp.env
    run = interp.run_block
    for i in range(lb, ub, step):
        iv = np.array(i).astype(dtype)[()] if dtype != np.int64 else np.int64(i)
        values = run(block, [iv, *values], env)
    return values


@kernel("scf.while")
def _while(interp, op, args):
    before, after = op.before, op.after
    env = interp.env
    run = interp.run_block
    values = list(args)
    while True:
        out = run(before, values, env)
        if not bool(out[0]):
            return out[1:]
        values = run(after, out[1:], env)


@kernel("scf.if")
def _if(interp, op, args):
    block = op.then_block if bool(args[0]) else op.else_block
    if block is None:
        return []
    return interp.run_block(block, [], interp.env)


@kernel("scf.forall")
def _forall(interp, op, args):
    lbs = op.lower_bounds
    ubs = op.upper_bounds
    steps = op.steps
    env = interp.env
    # bounds are static ints or index values computed before the loop
    lbs = [v if isinstance(v, int) else int(env[v]) for v in lbs]
    ubs = [v if isinstance(v, int) else int(env[v]) for v in ubs]
    steps = [v if isinstance(v, int) else int(env[v]) for v in steps]
    for d, s in enumerate(steps):
        if s <= 0:
            raise ValueError(f"step #{d} must be positive, got {s}")
    inits = [env[v] for v in op.outputs]
    results = [np.array(x, copy=True) for x in inits]
    out_args = op.region_out_args
    targets = {a: i for i, a in enumerate(out_args)}
    body = op.body
    term = op.terminator
    ranges = [range(lb, ub, s) for lb, ub, s in zip(lbs, ubs, steps)]
    interp.parallel_targets.append({"targets": targets, "results": results})
    try:
        for point in itertools.product(*ranges):
            ivs = [np.int64(i) for i in point]
            interp.run_block(body, ivs + inits, env)
            if term is not None:
                interp.run_block(term.body, [], env)
    finally:
        interp.parallel_targets.pop()
    return results


@kernel("scf.execute_region")
def _execute_region(interp, op, args):
    return interp.run_region(op.regions[0], [], interp.env)
