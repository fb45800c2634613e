"""Kernels of the affine dialect's index ops (see :mod:`meshc.dialects.affine`)."""

from __future__ import annotations

from meshc.runtime.interpreter import kernel


@kernel("affine.delinearize_index")
def _delinearize(interp, op, args):
    rest = int(args[0])
    basis = [int(b) for b in args[1:]]
    out = []
    for b in reversed(basis):
        out.append(rest % b)
        rest //= b
    return list(reversed(out))


@kernel("affine.linearize_index")
def _linearize(interp, op, args):
    n = len(args) // 2
    linear = 0
    for i, b in zip(args[:n], args[n:]):
        linear = linear * int(b) + int(i)
    return [linear]
