"""Kernels of the util dialect (IREE): globals and their initial values.

* ``util.global``: run once by :meth:`Interpreter.initialize`, before any
  function. The initial value is a dense constant, a scalar attribute, or a
  parameter ``#stream.parameter.named<"scope"::"key">`` read from
  ``Interpreter.parameters[scope][key]`` (IREE's parameter archives: the
  data lives outside the program; ``meshc run --parameters scope=F.npz``).
  A global without an initial value holds zeros until stored to (IREE
  leaves it undefined; zeros keep runs reproducible).
* ``util.global.load`` / ``util.global.store``: read / replace the value.
  Values are never written in place, so no copy is needed.
* ``util.initializer`` bodies are run by :meth:`Interpreter.initialize`.

Errors name the global: a missing parameter scope or key, or a parameter
array whose shape or dtype differs from the global's type.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from meshc.frontends.parameters import parameter_ref, parameter_value
from meshc.ir.attributes import BoolAttr, DenseElementsAttr, FloatAttr, IntegerAttr
from meshc.ir.location import DiagnosticError
from meshc.ir.types import TensorType, element_type_of, numpy_dtype
from meshc.runtime.interpreter import kernel

def _readonly(a: np.ndarray) -> np.ndarray:
    v = a.view()
    v.flags.writeable = False
    return v


def global_initial_value(interp, op) -> Any:
    """The value of ``util.global`` ``op`` before any store.

    Raises:
        DiagnosticError: an unknown parameter scope or key, or a parameter
            whose shape or dtype differs from the global's type.
    """
    t = op.type
    init = op.initial_value
    dtype = numpy_dtype(element_type_of(t))
    if init is None:
        if isinstance(t, TensorType):
            if not t.has_static_shape:
                raise DiagnosticError(f"global @{op.sym_name} of dynamic type {t} has no initial value",
                                      op.location)
            return np.zeros(t.shape, dtype)
        return np.zeros((), dtype)[()]
    if isinstance(init, DenseElementsAttr):
        return _readonly(np.asarray(init.array))
    if isinstance(init, (IntegerAttr, FloatAttr, BoolAttr)):
        v = np.asarray(init.value).astype(dtype)
        return np.full(t.shape, v, dtype) if isinstance(t, TensorType) else v[()]
    ref = parameter_ref(init)
    if ref is None:
        raise DiagnosticError(f"global @{op.sym_name}: cannot evaluate initial value {init}", op.location)
    return parameter_value(interp.parameters, op, ref, dtype)


@kernel("util.global")
def _global(interp, op, args):
    interp.globals[op.sym_name] = global_initial_value(interp, op)
    return []


@kernel("util.global.load")
def _load(interp, op, args):
    name = op.global_name
    try:
        return [interp.globals[name]]
    except KeyError:
        raise DiagnosticError(f"'util.global.load' op reads @{name}, which is not a util.global of the module",
                              op.location) from None


@kernel("util.global.store")
def _store(interp, op, args):
    interp.globals[op.global_name] = args[0]
    return []
