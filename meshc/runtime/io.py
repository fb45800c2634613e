"""Program inputs and outputs: ``.npz``/``.npy`` files, random inputs,
binding to the entry function's arguments, writing results, comparing with
expected values.

Binding rule (the reference interpreter's and the runtime's): when every argument name of the
entry function is a key of the ``.npz``, inputs bind by name (``%x`` <- key
``x``); otherwise by position in the file's key order (exported models name
their inputs differently from the IR's ``%arg0``...). ``--input NAME=F.npy``
binds one argument by name (or 0-based position). Files are opened with
``mmap_mode='r'`` where numpy can (``.npy`` and uncompressed ``.npz`` members
read lazily), so a shard can be copied straight from the file.
"""

from __future__ import annotations

import os
import tempfile
import zipfile
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Sequence

import numpy as np

from meshc.ir.location import DiagnosticError
from meshc.ir.types import TensorType, Type, numpy_dtype


@dataclass
class ArgSpec:
    """One entry-function argument: its source name and type."""

    name: Optional[str]
    type: Type

    @property
    def shape(self) -> tuple:
        return tuple(self.type.shape) if isinstance(self.type, TensorType) else ()

    @property
    def dtype(self) -> np.dtype:
        et = self.type.element_type if isinstance(self.type, TensorType) else self.type
        return numpy_dtype(et)


@dataclass
class BoundInputs:
    """Arrays in argument order, and how they were bound (for the user)."""

    arrays: list[Any]
    rule: str
    sources: list[str] = field(default_factory=list)


NPY_MAGIC = b"\x93NUMPY"
"""First bytes of a ``.npy`` file (numpy's format: ``numpy.lib.format``)."""
ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06")
"""First bytes of a zip archive (an ``.npz``): a local file header, or the end record of an empty archive."""


class InputFileError(DiagnosticError):
    """An input file that is missing, unreadable, or not a ``.npz``/``.npy`` file (the message names it)."""


def _open_checked(path: str) -> None:
    """Refuse ``path`` unless it starts like an ``.npy`` or a zip archive:
    ``np.load`` would otherwise try it as a pickle and fail with a message
    about pickled data (the pickle fallback is never wanted here).

    Raises:
        InputFileError: a missing or unreadable file, or one that is empty
            or neither ``.npy`` nor zip.
    """
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(NPY_MAGIC))
    except FileNotFoundError:
        raise InputFileError(f"input file '{path}' does not exist") from None
    except OSError as err:
        raise InputFileError(f"could not read input file '{path}': {err.strerror or err}") from None
    if not head:
        raise InputFileError(f"could not read input file '{path}': not a valid .npz/.npy file (the file is empty)")
    if not head.startswith(NPY_MAGIC) and not head.startswith(ZIP_MAGICS):
        raise InputFileError(f"could not read input file '{path}': not a valid .npz/.npy file (it starts with "
                             f"neither the .npy magic {NPY_MAGIC!r} nor a zip header)")


def _read_error(path: str, err: BaseException) -> InputFileError:
    """The error for a file that looked like ``.npz``/``.npy`` but did not load."""
    what = f"could not read input file '{path}'"
    if isinstance(err, ValueError) and ("pickle" in str(err) or "Python objects" in str(err)):
        return InputFileError(f"{what}: it holds Python objects (pickled data), which meshc does not load")
    if isinstance(err, zipfile.BadZipFile):
        return InputFileError(f"{what}: not a valid .npz/.npy file (a damaged zip archive: {err})")
    return InputFileError(f"{what}: not a valid .npz/.npy file ({err})")


def _npz_members(path: str) -> dict[str, Any]:
    """Arrays of an ``.npz`` by key, memory-mapped when stored uncompressed."""
    _open_checked(path)
    try:
        npz = np.load(path, mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as err:  # EOFError: a truncated file
        raise _read_error(path, err) from None
    if isinstance(npz, np.ndarray):
        return {"arr_0": npz}
    out = {}
    try:
        for key in npz.files:
            member = _mmap_member(path, key)
            out[key] = member if member is not None else npz[key]
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as err:
        raise _read_error(path, err) from None
    return out


def _mmap_member(path: str, key: str) -> Optional[np.ndarray]:
    """Memory-map one uncompressed ``.npz`` member (None when compressed)."""
    try:
        with zipfile.ZipFile(path) as zf:
            info = zf.getinfo(key + ".npy")
            if info.compress_type != zipfile.ZIP_STORED:
                return None
            with open(path, "rb") as fh:
                fh.seek(info.header_offset)
                header = fh.read(30)
                name_len = int.from_bytes(header[26:28], "little")
                extra_len = int.from_bytes(header[28:30], "little")
                data_start = info.header_offset + 30 + name_len + extra_len
                fh.seek(data_start)
                version = np.lib.format.read_magic(fh)
                if version == (1, 0):
                    shape, fortran, dtype = np.lib.format.read_array_header_1_0(fh)
                else:
                    shape, fortran, dtype = np.lib.format.read_array_header_2_0(fh)
                offset = fh.tell()
            if dtype.hasobject:
                return None
            return np.memmap(path, dtype=dtype, mode="r", offset=offset, shape=shape,
                             order="F" if fortran else "C")
    except (KeyError, OSError, ValueError, zipfile.BadZipFile):
        return None


def load_array(path: str) -> np.ndarray:
    """One array from ``.npy`` (memory-mapped) or a single-array ``.npz``.

    Raises:
        InputFileError: a missing or unreadable file, one that is not a
            valid ``.npz``/``.npy`` (named in the message), or an ``.npz``
            of several arrays.
    """
    if path.endswith(".npz"):
        members = _npz_members(path)
        if len(members) != 1:
            raise InputFileError(f"'{path}' holds {len(members)} arrays; name one with --inputs instead")
        return next(iter(members.values()))
    _open_checked(path)
    try:
        value = np.load(path, mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as err:  # EOFError: a truncated file
        raise _read_error(path, err) from None
    if not isinstance(value, np.ndarray):  # a .npz named *.npy
        members = _npz_members(path)
        if len(members) != 1:
            raise InputFileError(f"'{path}' holds {len(members)} arrays; name one with --inputs instead")
        return next(iter(members.values()))
    return value


def load_npz(path: str) -> dict[str, Any]:
    """All arrays of an ``.npz`` (or a ``.npy`` as ``arr_0``), in file order.

    Raises:
        InputFileError: a missing or unreadable file, or one that is not a
            valid ``.npz``/``.npy`` (named in the message).
    """
    if path.endswith(".npy"):
        return {"arr_0": load_array(path)}
    return _npz_members(path)


def bind_inputs(args: Sequence[ArgSpec], npz: Optional[Mapping[str, Any]] = None,
                named: Optional[Mapping[str, Any]] = None) -> BoundInputs:
    """Order input arrays like ``args`` and check shapes and dtypes.

    Raises:
        DiagnosticError: a missing or extra input, or an array whose shape
            or dtype differs from the argument's type (expected vs got).
    """
    named = dict(named or {})
    arrays: list[Any] = [None] * len(args)
    sources = [""] * len(args)
    rule = "none"
    if npz:
        keys = list(npz)
        names = [a.name for a in args]
        if all(n is not None and n in npz for n in names):
            rule = "by name"
            for i, n in enumerate(names):
                arrays[i], sources[i] = npz[n], f"key '{n}'"
            extra = [k for k in keys if k not in names]
            if extra:
                raise DiagnosticError(f"input file has keys {extra} that name no argument of the entry function "
                                      f"(arguments: {', '.join('%' + str(n) for n in names)})")
        else:
            rule = "by position"
            if len(keys) != len(args) - len(named):
                raise DiagnosticError(
                    f"the entry function takes {len(args)} arguments but the input file has {len(keys)} arrays "
                    f"({', '.join(keys)}) and its keys do not match the argument names "
                    f"({', '.join('%' + str(a.name) for a in args)})")
            free = [i for i, a in enumerate(args) if a.name not in named and str(i) not in named]
            for i, k in zip(free, keys):
                arrays[i], sources[i] = npz[k], f"key '{k}' (position {keys.index(k)})"
    for key, arr in named.items():
        idx = _arg_index(args, key)
        arrays[idx], sources[idx] = arr, f"--input {key}"
        rule = rule if rule != "none" else "by name"
    missing = [i for i, a in enumerate(arrays) if a is None]
    if missing:
        raise DiagnosticError("missing input for argument(s) " + ", ".join(
            f"#{i} (%{args[i].name}: {args[i].type})" for i in missing))
    for i, (spec, arr) in enumerate(zip(args, arrays)):
        arrays[i] = check_input(spec, arr, i)
    return BoundInputs(arrays, rule, sources)


def _arg_index(args: Sequence[ArgSpec], key: str) -> int:
    k = key.lstrip("%")
    for i, a in enumerate(args):
        if a.name == k:
            return i
    if k.isdigit() and int(k) < len(args):
        return int(k)
    raise DiagnosticError(f"--input {key}: the entry function has no argument named '%{k}' "
                          f"(arguments: {', '.join('%' + str(a.name) for a in args)})")


def check_input(spec: ArgSpec, arr: Any, index: int) -> Any:
    """Check one input against its argument type; returns it (scalars as 0-d)."""
    arr = np.asarray(arr)  # no copy; a memmap becomes a plain (read-only) ndarray view
    want_shape = spec.shape
    if isinstance(spec.type, TensorType):
        if len(arr.shape) != len(want_shape) or any(
                w is not None and w != g for w, g in zip(want_shape, arr.shape)):
            raise DiagnosticError(f"input for argument #{index} (%{spec.name}) has shape "
                                  f"{list(arr.shape)}, expected {[('?' if d is None else d) for d in want_shape]} "
                                  f"({spec.type})")
    elif arr.shape != ():
        raise DiagnosticError(f"input for argument #{index} (%{spec.name}) must be a scalar of type {spec.type}, "
                              f"got shape {list(arr.shape)}")
    if arr.dtype != spec.dtype:
        raise DiagnosticError(f"input for argument #{index} (%{spec.name}) has dtype {arr.dtype}, expected "
                              f"{spec.dtype} ({spec.type})")
    return arr


def random_inputs(args: Sequence[ArgSpec], seed: int = 0) -> list[np.ndarray]:
    """Deterministic inputs: floats uniform in [-1, 1) rounded to multiples of
    1/256 (exact in every float type), integers in [-8, 8), booleans 0/1."""
    rng = np.random.default_rng(seed)
    out = []
    for i, a in enumerate(args):
        shape = a.shape
        if any(d is None for d in shape):
            raise DiagnosticError(f"argument #{i} (%{a.name}: {a.type}) has a dynamic shape: give it with --inputs")
        dt = a.dtype
        if dt == np.bool_:
            v = rng.integers(0, 2, size=shape).astype(dt)
        elif np.issubdtype(dt, np.integer):
            v = rng.integers(-8, 8, size=shape).astype(dt)
        else:
            v = (np.round(rng.uniform(-1, 1, size=shape) * 256) / 256).astype(dt)
        out.append(v)
    return out


def write_outputs(path: str, arrays: Sequence[Any], protect: Sequence[str] = ()) -> None:
    """Write ``result0, result1, ...`` to ``path`` (.npz) atomically: a
    temporary file in the same folder renamed over ``path`` only after it is
    complete. Refuses to overwrite any file in ``protect`` (the inputs).

    Raises:
        DiagnosticError: ``path`` is one of the inputs, or cannot be written.
    """
    target = os.path.abspath(path)
    if os.path.exists(target):
        for p in protect:
            if p and p != "-" and os.path.exists(p) and os.path.samefile(p, target):
                raise DiagnosticError(f"refusing to overwrite input file '{p}' with the outputs")
    folder = os.path.dirname(target) or "."
    try:
        fd, tmp = tempfile.mkstemp(prefix=".meshc-", suffix=".npz", dir=folder)
    except OSError as err:
        raise DiagnosticError(f"cannot write '{path}': {err.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            np.savez(fh, **{f"result{i}": np.asarray(a) for i, a in enumerate(arrays)})
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


@dataclass
class Comparison:
    """Per-output comparison against expected values: ``max_abs``/``max_rel`` over the positions where
    neither side is NaN; ``nan_mismatches`` counts the positions where exactly one side is NaN (NaN ==
    NaN is equal, as ``numpy.testing.assert_allclose(equal_nan=True)``): ``nan_expected`` of them
    expected NaN and got a number. ``max_expected`` is ``max|expected|`` over the non-NaN positions;
    ``atol_scale_needed`` (floats that differ, no NaN mismatch) the smallest ``--atol`` that passes
    with ``--atol-scale`` (``atol x max|expected|``) at the same ``rtol``; ``rounding`` the float
    rounding unit (epsilon) of the compared dtype."""

    name: str
    ok: bool
    max_abs: float
    max_rel: float
    note: str = ""
    nan_mismatches: int = 0
    nan_expected: int = 0
    max_expected: float = 0.0
    atol_scale_needed: Optional[float] = None
    rounding: float = 0.0

    def nan_text(self) -> str:
        """``"3 NaN mismatch(es): 2 expected NaN, got a number; 1 got NaN, expected a number"`` ("" without)."""
        if not self.nan_mismatches:
            return ""
        parts = []
        if self.nan_expected:
            parts.append(f"{self.nan_expected} expected NaN, got a number")
        if self.nan_mismatches - self.nan_expected:
            parts.append(f"{self.nan_mismatches - self.nan_expected} got NaN, expected a number")
        return f"{self.nan_mismatches} NaN mismatch(es): " + "; ".join(parts)


def _rounding_unit(*dtypes: np.dtype) -> float:
    """The largest epsilon of the float dtypes (bfloat16 and float8 through ml_dtypes; others: float32's)."""
    eps = []
    for dt in dtypes:
        try:
            eps.append(float(np.finfo(dt).eps))
        except (TypeError, ValueError):
            try:
                import ml_dtypes

                eps.append(float(ml_dtypes.finfo(dt).eps))
            except (ImportError, TypeError, ValueError):
                continue
    return max(eps) if eps else float(np.finfo(np.float32).eps)


def compare(outputs: Sequence[Any], expected: Mapping[str, Any], rtol: float = 1e-4, atol: float = 1e-5,
            atol_scale: bool = False) -> list[Comparison]:
    """Compare outputs with expected arrays: keys ``result0...`` (or the
    output names) match by name, otherwise by position (a single key such as
    ``out`` is fine). Floats use ``|got - want| <= atol + rtol * |want|``
    (``atol`` multiplied by ``max|want|`` when ``atol_scale``); integers and
    booleans must be equal.

    Raises:
        DiagnosticError: the number of expected arrays differs from the outputs.
    """
    keys = list(expected)
    by_name = all(f"result{i}" in expected for i in range(len(outputs)))
    if not by_name and len(keys) != len(outputs):
        raise DiagnosticError(f"the program has {len(outputs)} results but the expected file has {len(keys)} "
                              f"arrays ({', '.join(keys)})")
    out = []
    for i, got in enumerate(outputs):
        key = f"result{i}" if by_name else keys[i]
        want = np.asarray(expected[key])
        got = np.asarray(got)
        name = f"result{i}" + ("" if key == f"result{i}" else f" vs '{key}'")
        if got.shape != want.shape:
            out.append(Comparison(name, False, float("inf"), float("inf"),
                                  f"shape {list(got.shape)} vs expected {list(want.shape)}"))
            continue
        if np.issubdtype(want.dtype, np.floating) or np.issubdtype(got.dtype, np.floating) or \
                want.dtype.kind == "V" or got.dtype.kind == "V":
            out.append(_compare_floats(name, got, want, rtol, atol, atol_scale))
        else:
            eq = np.array_equal(got, want)
            diff = np.abs(got.astype(np.int64) - want.astype(np.int64)) if got.size else np.zeros(0)
            out.append(Comparison(name, bool(eq), float(diff.max()) if diff.size else 0.0, 0.0))
    return out


def _compare_floats(name: str, got: np.ndarray, want: np.ndarray, rtol: float, atol: float,
                    atol_scale: bool) -> Comparison:
    """One float comparison of :func:`compare` (same shapes): ``|got - want| <= atol + rtol * |want|``
    element-wise, NaN equal to NaN only, equal infinities equal."""
    g = got.astype(np.float64)
    w = want.astype(np.float64)
    g_nan, w_nan = np.isnan(g), np.isnan(w)
    with np.errstate(invalid="ignore", divide="ignore"):
        diff = np.abs(g - w)  # NaN where either is NaN or both are the same infinity
        equal = (g == w) | (g_nan & w_nan)
        rel = np.where(w != 0, diff / np.abs(w), np.where(diff == 0, 0.0, np.inf))
    numbers = ~w_nan
    max_expected = float(np.max(np.abs(w[numbers]))) if numbers.any() else 0.0
    if np.isinf(max_expected):
        max_expected = float(np.max(np.abs(w[numbers & np.isfinite(w)]), initial=0.0))
    tol = atol * (max_expected if atol_scale else 1.0)
    with np.errstate(invalid="ignore"):
        within = equal | (diff <= tol + rtol * np.abs(w))
    ok = bool(np.all(within))
    measured = ~np.isnan(diff)
    max_abs = float(diff[measured].max()) if measured.any() else 0.0
    max_rel = float(rel[measured].max()) if measured.any() else 0.0
    nan_mismatches = int(np.count_nonzero(g_nan != w_nan))
    nan_expected = int(np.count_nonzero(w_nan & ~g_nan))
    needed = None
    if not ok and not nan_mismatches and max_expected > 0:
        with np.errstate(invalid="ignore"):
            excess = np.where(equal, 0.0, diff - rtol * np.abs(w))
        if np.all(np.isfinite(excess)):
            needed = float(np.max(excess)) / max_expected
    return Comparison(name, ok, max_abs, max_rel, nan_mismatches=nan_mismatches, nan_expected=nan_expected,
                      max_expected=max_expected, atol_scale_needed=needed,
                      rounding=_rounding_unit(got.dtype, want.dtype))
