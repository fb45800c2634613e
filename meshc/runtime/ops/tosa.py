"""Kernels of the tosa dialect: adapters to ``meshc.kernels.tosa``."""

from __future__ import annotations

import numpy as np

from meshc.dialects import tosa as T
from meshc.ir.types import element_type_of, numpy_dtype
from meshc.kernels import tosa as K
from meshc.runtime.interpreter import kernel


def _scalar(a) -> int:
    """The one element of a zero-point / shift tensor."""
    return int(np.asarray(a).reshape(-1)[0])


def _result_dtype(op):
    return numpy_dtype(element_type_of(op.results[0].type))


@kernel(*(f"tosa.{n}" for n in T.UNARY))
def _unary(interp, op, args):
    return [K.unary(op.name[5:], args[0], _result_dtype(op))]


@kernel(*(f"tosa.{n}" for n in T.BINARY + T.COMPARE if n != "arithmetic_right_shift"))
def _binary(interp, op, args):
    return [K.binary(op.name[5:], args[0], args[1])]


@kernel("tosa.arithmetic_right_shift")
def _ashr(interp, op, args):
    r = op.attr("round")
    return [K.arithmetic_right_shift(args[0], args[1], bool(getattr(r, "value", False)))]


@kernel("tosa.mul")
def _mul(interp, op, args):
    attr = op.attr("shift")
    shift = _scalar(args[2]) if len(args) > 2 else int(getattr(attr, "value", 0))
    return [K.mul(args[0], args[1], shift)]


@kernel("tosa.negate")
def _negate(interp, op, args):
    zps = [_scalar(a) for a in args[1:]] or [0, 0]
    return [K.negate(args[0], *zps)]


@kernel("tosa.clamp")
def _clamp(interp, op, args):
    return [K.clamp(args[0], *op.bounds())]


@kernel("tosa.select")
def _select(interp, op, args):
    return [K.select(*args)]


@kernel("tosa.matmul")
def _matmul(interp, op, args):
    zps = [_scalar(a) for a in args[2:]] or [0, 0]
    return [K.matmul(args[0], args[1], _result_dtype(op), *zps)]


@kernel("tosa.transpose")
def _transpose(interp, op, args):
    perms = op.perms()
    if perms is None:
        perms = [int(v) for v in np.asarray(args[1]).reshape(-1)]
    return [K.transpose(args[0], perms)]


@kernel("tosa.const")
def _const(interp, op, args):
    v = op.value.array.view()
    v.flags.writeable = False
    return [v]
