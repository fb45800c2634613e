"""Parameter archives: the data of ``#stream.parameter.named<"scope"::"key">`` globals.

IREE's importers keep large weights out of the program: ``util.global private @w1 =
#stream.parameter.named<"model"::"w1"> : tensor<256x1024xf32>``, and the runtime binds them from
archives given as ``--parameters=model=weights.irpa`` (IREE ``iree-run-module`` docs). meshc does the
same with ``--parameters scope=FILE`` (``FILE`` alone is the unnamed scope ``""``), reading

* ``.npz`` (numpy): arrays by key, each read when first used;
* ``.safetensors`` through the ``safetensors`` package (``pip install safetensors``) when it is
  installed -- a clear error otherwise.

:func:`load_parameters` gives ``{scope: {key: array}}`` (what ``meshc.api.run_bound`` takes);
:func:`resolve_parameters` checks every parameter global of a module against it (present, same shape
and dtype) and returns ``{global name: array}``; :func:`inline_parameters` writes the data into the
module as ``dense<...>`` initial values (a self-contained program). Errors name the global.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Iterator, Optional, Sequence

from meshc.ir.location import DiagnosticError

SUFFIXES = (".npz", ".safetensors")


class ParameterError(DiagnosticError, ValueError):
    """A parameter file that cannot be read, or a global whose parameter is missing or does not match
    its type (located at the ``util.global``)."""


@dataclass(frozen=True)
class ParameterRef:
    """``#stream.parameter.named<"scope"::"key">`` of global ``global_op`` (scope ``""`` when absent)."""

    global_op: Any
    scope: str
    key: str

    def __str__(self) -> str:
        return f'"{self.scope}"::"{self.key}"' if self.scope else f'"{self.key}"'


def parse_parameter_option(value: str) -> tuple[str, str]:
    """``"model=w.npz"`` -> ``("model", "w.npz")``; ``"w.npz"`` -> ``("", "w.npz")`` (IREE's form).

    Raises:
        ParameterError: an empty file name.
    """
    scope, sep, path = value.partition("=")
    if not sep:
        scope, path = "", value
    if not path.strip():
        raise ParameterError(f"--parameters '{value}': expected SCOPE=FILE (e.g. model=weights.npz)")
    return scope.strip(), path.strip()


class _SafetensorsFile(Mapping):
    """The tensors of a ``.safetensors`` file by name, each read when first used."""

    def __init__(self, path: str):
        try:
            from safetensors import safe_open
        except ImportError:
            raise ParameterError(f"reading '{path}' needs the 'safetensors' package, which is not installed "
                                 "(pip install safetensors), or give the parameters as .npz") from None
        try:
            self._file = safe_open(path, framework="numpy")
            self._keys = list(self._file.keys())
        except Exception as err:  # noqa: BLE001 - safetensors raises its own error types
            raise ParameterError(f"could not read parameter file '{path}': {err}") from None
        self._path = path
        self._cache: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        if key not in self._cache:
            if key not in self._keys:
                raise KeyError(key)
            try:
                self._cache[key] = self._file.get_tensor(key)
            except Exception as err:  # noqa: BLE001 - e.g. a dtype numpy cannot hold
                raise ParameterError(f"could not read tensor '{key}' of '{self._path}': {err}") from None
        return self._cache[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


def load_parameter_file(path: str) -> Mapping[str, Any]:
    """The arrays of one ``.npz`` or ``.safetensors`` file by key (read lazily: memory-mapped, or
    decompressed when used).

    Raises:
        ParameterError: an unknown suffix, a missing, unreadable, empty, damaged or pickled file, or no
            ``safetensors`` package.
    """
    suffix = os.path.splitext(path)[1].lower()
    if suffix not in SUFFIXES:
        raise ParameterError(f"parameter file '{path}' is not {' or '.join(SUFFIXES)} (IREE .irpa archives "
                             "are not supported)")
    if not os.path.isfile(path):
        what = "a directory" if os.path.isdir(path) else "no such file"
        raise ParameterError(f"could not open parameter file '{path}': {what}")
    if suffix == ".safetensors":
        return _SafetensorsFile(path)
    from meshc.runtime.io import InputFileError, load_npz

    try:  # memory-mapped members; an empty, damaged or pickled file is an error naming it
        return load_npz(path)
    except InputFileError as err:
        raise ParameterError(err.message.replace("input file", "parameter file", 1)) from None


def load_parameters(specs: Sequence[str]) -> dict[str, Mapping[str, Any]]:
    """``["model=w.npz", "extra.safetensors"]`` -> ``{"model": {...}, "": {...}}``. Several files for
    one scope are merged.

    Raises:
        ParameterError: a bad option, an unreadable file, or a key found in two files of one scope.
    """
    out: dict[str, Mapping[str, Any]] = {}
    origin: dict[tuple[str, str], str] = {}
    for spec in specs:
        scope, path = parse_parameter_option(spec)
        table = load_parameter_file(path)
        for key in table:
            if (scope, key) in origin:
                raise ParameterError(f"parameter key '{key}' of scope '{scope}' is in both '{origin[(scope, key)]}' "
                                     f"and '{path}'")
            origin[(scope, key)] = path
        out[scope] = _Merged(out[scope], table) if scope in out else table
    return out


class _Merged(Mapping):
    def __init__(self, a: Mapping, b: Mapping):
        self._a, self._b = a, b

    def __getitem__(self, key: str) -> Any:
        return self._a[key] if key in self._a else self._b[key]

    def __iter__(self) -> Iterator[str]:
        yield from self._a
        yield from (k for k in self._b if k not in self._a)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def parameter_ref(attr: Any) -> Optional[tuple[str, str]]:
    """``(scope, key)`` of a ``#stream.parameter.named<"scope"::"key">`` (or ``<"key">``) attribute,
    None for any other attribute."""
    from meshc.dialects import DialectAttr, Keyword
    from meshc.ir.attributes import StringAttr

    if not isinstance(attr, DialectAttr) or attr.name != "stream.parameter.named" or not attr.items:
        return None
    first = attr.items[0]
    if isinstance(first, StringAttr):
        return "", first.value
    if isinstance(first, Keyword) and "::" in first.text:
        scope, key = first.text.split("::", 1)
        return _unquote(scope.strip()), _unquote(key.strip())
    return None


def _unquote(s: str) -> str:
    return s[1:-1] if len(s) >= 2 and s[0] == s[-1] == '"' else s


def parameter_globals(module) -> list[ParameterRef]:
    """Every top-level ``util.global`` of ``module`` initialised from a named parameter, in order."""
    from meshc.dialects.util import GlobalOp

    refs = []
    for op in module.body.ops:
        if isinstance(op, GlobalOp):
            ref = parameter_ref(op.initial_value)
            if ref is not None:
                refs.append(ParameterRef(op, *ref))
    return refs


def resolve_parameters(module, parameters: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """``{global name: array}`` for every parameter global of ``module``, read from ``parameters``
    (``{scope: {key: array}}``, as :func:`load_parameters` gives) and checked against the global's type.

    Raises:
        ParameterError: at the global -- no parameters for its scope, no such key (listing the keys),
            or an array whose shape or dtype differs from the global's type.
    """
    import numpy as np

    from meshc.ir.types import TensorType, element_type_of, numpy_dtype

    out: dict[str, Any] = {}
    for ref in parameter_globals(module):
        g = ref.global_op
        table = parameters.get(ref.scope)
        if table is None:
            given = ", ".join(f"'{s}'" for s in parameters) or "none"
            raise ParameterError(f"global @{g.sym_name} reads parameter {ref} but no parameters were given for "
                                 f"scope '{ref.scope}' (give --parameters {ref.scope or 'SCOPE'}=FILE; scopes "
                                 f"given: {given})", g.location)
        if ref.key not in table:
            keys = ", ".join(sorted(table)) or "none"
            raise ParameterError(f"global @{g.sym_name} reads parameter {ref} but scope '{ref.scope}' has no key "
                                 f"'{ref.key}' (keys: {keys})", g.location)
        arr = np.asarray(table[ref.key])
        t = g.type
        shape = tuple(t.shape) if isinstance(t, TensorType) else ()
        if arr.ndim != len(shape) or any(w is not None and w != n for w, n in zip(shape, arr.shape)):
            raise ParameterError(f"global @{g.sym_name}: parameter {ref} has shape {list(arr.shape)}, expected "
                                 f"{t}", g.location)
        dtype = numpy_dtype(element_type_of(t))
        if arr.dtype != dtype:
            raise ParameterError(f"global @{g.sym_name}: parameter {ref} has dtype {arr.dtype}, expected {dtype} "
                                 f"({t})", g.location)
        out[g.sym_name] = arr
    return out


def unused_parameter_scopes(module, parameters: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The scopes of ``parameters`` (``{scope: {key: array}}``) that no parameter global of ``module``
    reads, in the order given: a ``--parameters`` file the program never uses (a misspelt scope, or a
    program without parameter globals), which the commands report as a warning."""
    used = {ref.scope for ref in parameter_globals(module)}
    return [scope for scope in parameters if scope not in used]


def inline_parameters(module, parameters: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Replace each tensor parameter global's initial value by its data as ``dense<...>`` (checked by
    :func:`resolve_parameters`); returns the names of the globals rewritten.

    Raises:
        ParameterError: see :func:`resolve_parameters`.
    """
    from meshc.ir.attributes import DenseElementsAttr
    from meshc.ir.types import TensorType

    values = resolve_parameters(module, parameters)
    done = []
    for ref in parameter_globals(module):
        g = ref.global_op
        if isinstance(g.type, TensorType):
            g.attributes["initial_value"] = DenseElementsAttr(g.type, values[g.sym_name].copy())
            done.append(g.sym_name)
    return done


__all__ = ["ParameterError", "ParameterRef", "SUFFIXES", "inline_parameters", "load_parameter_file",
           "load_parameters", "parameter_globals", "parameter_ref", "parse_parameter_option",
           "resolve_parameters", "unused_parameter_scopes"]


def parameter_value(parameters: Mapping[str, Mapping[str, Any]], op: Any, ref: tuple[str, str], dtype: Any) -> Any:
    """The data of parameter ``ref`` (``(scope, key)``) that ``util.global`` ``op`` reads, from
    ``parameters`` (``{scope: {key: array}}``), checked against the global's type: an array of its
    shape (a scalar for a non-tensor global) and numpy ``dtype``. The reference interpreter and the
    IREE emitter read parameters with it.

    Raises:
        DiagnosticError: at ``op``: an unknown scope or key, or data of another shape or dtype.
    """
    import numpy as np

    from meshc.ir.types import TensorType

    scope, key = ref
    name = f'"{scope}"::"{key}"' if scope else f'"{key}"'
    table = parameters.get(scope)
    if table is None:
        given = ", ".join(repr(s) if s else "unscoped (--parameters FILE)" for s in parameters) or "none"
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
