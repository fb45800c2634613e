"""Kernels of the arith dialect: adapters to ``meshc.kernels.arith``
(MLIR arith semantics; see that module for each rule)."""

from __future__ import annotations

import math

import numpy as np

from meshc.ir.attributes import BoolAttr, DenseElementsAttr, FloatAttr, IntegerAttr
from meshc.ir.types import TensorType, element_type_of, numpy_dtype
from meshc.kernels import arith as K
from meshc.kernels.dtypes import NARROW_FLOATS
from meshc.runtime.interpreter import Compiled, binder, compiler, kernel


def constant_value(attr, result_type):
    """The numpy value of an ``arith.constant``'s ``value`` attribute."""
    if isinstance(attr, DenseElementsAttr):
        return attr.array
    dt = numpy_dtype(element_type_of(result_type))
    if isinstance(attr, BoolAttr):
        v = np.asarray(attr.value, dtype=dt)
    elif isinstance(attr, (IntegerAttr, FloatAttr)):
        v = np.asarray(attr.value, dtype=dt)
    else:
        raise ValueError(f"unsupported constant value {attr}")
    if isinstance(result_type, TensorType):
        return np.full(result_type.shape, v, dtype=dt)
    return v[()]


def _shared_constant(op):
    v = constant_value(op.attr("value"), op.result.type)
    if isinstance(v, np.ndarray):  # one array serves every execution: never written
        v = v.view()
        v.flags.writeable = False
    return v


@kernel("arith.constant")
def _constant(interp, op, args):
    return [interp.cached(op, _shared_constant)]


DONORS = frozenset([f"arith.{n}" for n in K.BINARY] + ["arith.negf"])
"""Ops whose result is a fresh array that nothing else references."""


def donor_operand(op) -> int:
    """Index of an operand of binary ``op`` whose buffer may receive the
    result (``out=``, as numpy's temporary elision in ``a * b + c``): a
    result of a :data:`DONORS` op of the same block, of the same type, whose
    only use is ``op``; -1 when there is none."""
    for i, v in enumerate(op.operands):
        owner = getattr(v, "op", None)
        if owner is not None and owner.name in DONORS and owner.parent is op.parent and len(v.uses) == 1 \
                and v.type == op.results[0].type:
            return i
    return -1


def _binary_plan(op):
    return K.BINARY[op.name[6:]], donor_operand(op)


def _binary(interp, op, args):
    fn, d = interp.cached(op, _binary_plan)
    if d >= 0:
        buf, other = args[d], args[1 - d]
        # a fresh array owning its data, not broadcast by the other operand
        if type(buf) is np.ndarray and buf.base is None and buf.flags.writeable and \
                (np.ndim(other) == 0 or other.shape == buf.shape):
            return [fn(args[0], args[1], out=buf)]
    return [fn(args[0], args[1])]


def _unary(interp, op, args):
    return [K.UNARY[op.name[6:]](args[0])]


def _cast(interp, op, args):
    to = numpy_dtype(element_type_of(op.result.type))
    return [K.CASTS[op.name[6:]](args[0], to)]


for _name in K.BINARY:
    kernel(f"arith.{_name}")(_binary)

_DONATE_BYTES = 1 << 16
_NARROW = NARROW_FLOATS
_FLOAT_UFUNCS = {"addf": np.add, "subf": np.subtract, "mulf": np.multiply, "divf": np.divide, "remf": np.fmod}


@binder(*[f"arith.{n}" for n in _FLOAT_UFUNCS])
def _bind_float_binary(op, inputs, outputs):
    """Two buffers of one shape and one native float type (f16, f32, f64): the kernel is the
    ufunc (the narrow floats, scalars and broadcasts go through the kernel), whose result has the
    output buffer's shape and type. A donated operand (:func:`donor_operand`) of at least
    ``_DONATE_BYTES`` receives the result when it is a fresh array, as in :func:`_binary` (below
    that a new array costs less than the checks)."""
    (sa, da), (sb, db) = inputs
    if sa != sb or da != db or da.kind != "f" or outputs != [(sa, da)]:
        return None
    ufunc = _FLOAT_UFUNCS[op.name[6:]]
    d = donor_operand(op)
    nd = np.ndarray
    if d < 0 or math.prod(sa) * da.itemsize < _DONATE_BYTES:
        call = lambda v: (ufunc(v[0], v[1]),)  # noqa: E731
        call.direct = ufunc  # type: ignore[attr-defined]
        return call

    def direct(a, b):
        buf = b if d else a
        if type(buf) is nd and buf.base is None and buf.flags.writeable:
            return ufunc(a, b, out=buf)
        return ufunc(a, b)

    def donating(v):
        return (direct(v[0], v[1]),)

    donating.direct = direct  # type: ignore[attr-defined]
    return donating
for _name in K.UNARY:
    kernel(f"arith.{_name}")(_unary)
for _name in K.CASTS:
    kernel(f"arith.{_name}")(_cast)


@kernel("arith.cmpi")
def _cmpi(interp, op, args):
    return [K.cmpi(op.predicate, args[0], args[1])]


@kernel("arith.cmpf")
def _cmpf(interp, op, args):
    return [K.cmpf(op.predicate, args[0], args[1])]


@kernel("arith.select")
def _select(interp, op, args):
    return [K.select(args[0], args[1], args[2])]


def binary_function(name: str, dtype: np.dtype):
    """``fn(a, b)``: the kernel of ``arith.<name>`` for operands of element type ``dtype``; for
    the float ops of a numpy float type (f16, f32, f64) the ufunc itself when both operands have
    that dtype (the kernel's own shortcut, also for a scalar operand), else the kernel. That
    function carries ``ufunc``, ``dtype`` and ``kernel`` (generated code inlines the test)."""
    fn = K.BINARY[name]
    ufunc = _FLOAT_UFUNCS.get(name)
    dt = np.dtype(dtype)
    if ufunc is None or dt.kind != "f" or dt in _NARROW:
        return fn

    def native(a, b):
        try:
            if a.dtype is dt and b.dtype is dt:
                return ufunc(a, b)
        except AttributeError:
            pass
        return fn(a, b)

    # for generated code that makes the same test inline (CompileContext.block_code)
    native.ufunc, native.dtype, native.kernel = ufunc, dt, fn  # type: ignore[attr-defined]
    return native


@compiler(*[f"arith.{n}" for n in K.BINARY])
def _compile_binary(interp, op, ctx):
    """The kernel itself, or with the donated operand's buffer (as :func:`_binary`)."""
    fn, d = _binary_plan(op)
    if d < 0:
        return Compiled(binary_function(op.name[6:], numpy_dtype(element_type_of(op.result.type))))
    nd = np.ndarray

    def donating(a, b):
        buf, other = (a, b) if d == 0 else (b, a)
        if type(buf) is nd and buf.base is None and buf.flags.writeable and \
                (np.ndim(other) == 0 or other.shape == buf.shape):
            return fn(a, b, out=buf)
        return fn(a, b)

    return Compiled(donating)


@compiler(*[f"arith.{n}" for n in K.UNARY])
def _compile_unary(interp, op, ctx):
    return Compiled(K.UNARY[op.name[6:]])


@compiler(*[f"arith.{n}" for n in K.CASTS])
def _compile_cast(interp, op, ctx):
    fn, to = K.CASTS[op.name[6:]], numpy_dtype(element_type_of(op.result.type))
    return Compiled(lambda x: fn(x, to))


@compiler("arith.cmpi", "arith.cmpf")
def _compile_compare(interp, op, ctx):
    fn, predicate = (K.cmpi if op.name == "arith.cmpi" else K.cmpf), op.predicate
    return Compiled(lambda a, b: fn(predicate, a, b))


@compiler("arith.select")
def _compile_select(interp, op, ctx):
    return Compiled(K.select)
