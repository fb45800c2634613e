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

import re
from typing import Any, Optional

import numpy as np

from meshc.ir.attributes import BoolAttr, DenseElementsAttr, FloatAttr, IntegerAttr
from meshc.ir.location import DiagnosticError
from meshc.ir.types import TensorType, element_type_of, numpy_dtype
from meshc.runtime.interpreter import kernel

_PARAMETER = re.compile(r'^#stream\.parameter\.named<\s*(?:"((?:[^"\\]|\\.)*)"\s*::\s*)?"((?:[^"\\]|\\.)*)"')


def parameter_ref(attr: Any) -> Optional[tuple[str, str]]:
    """``(scope, key)`` of a ``#stream.parameter.named<"scope"::"key">``
    attribute (scope ``""`` when absent), or None for any other attribute."""
    m = _PARAMETER.match(str(attr))
    if m is None:
        return None
    return (m.group(1) or "", m.group(2))


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
    return _parameter(interp, op, ref, dtype)


def _parameter(interp, op, ref: tuple[str, str], dtype: np.dtype) -> Any:
    scope, key = ref
    name = f'"{scope}"::"{key}"' if scope else f'"{key}"'
    table = interp.parameters.get(scope)
    if table is None:
        given = ", ".join(repr(s) for s in interp.parameters) or "none"
        raise DiagnosticError(f"global @{op.sym_name} reads parameter {name} but no parameters were given for "
                              f"scope '{scope}' (give --parameters {scope or 'SCOPE'}=FILE.npz; scopes given: "
                              f"{given})", op.location)
    if key not in table:
        raise DiagnosticError(f"global @{op.sym_name} reads parameter {name} but the parameters of scope "
                              f"'{scope}' have no key '{key}' (keys: {', '.join(sorted(table))})", op.location)
    arr = np.asarray(table[key])
    t = op.type
    shape = tuple(t.shape) if isinstance(t, TensorType) else ()
    if arr.ndim != len(shape) or any(w is not None and w != g for w, g in zip(shape, arr.shape)):
        raise DiagnosticError(f"global @{op.sym_name}: parameter {name} has shape {list(arr.shape)}, expected "
                              f"{t}", op.location)
    if arr.dtype != dtype:
        raise DiagnosticError(f"global @{op.sym_name}: parameter {name} has dtype {arr.dtype}, expected {dtype} "
                              f"({t})", op.location)
    return arr if shape else arr[()]


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
