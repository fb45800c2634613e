"""Program inputs and outputs: ``.npz``/``.npy`` files, random inputs,
binding to the entry function's arguments, writing results, comparing with
expected values.

Binding rule (the reference interpreter's and the runtime's): when every argument name of the
entry function is a key of the ``.npz``, inputs bind by name (``%x`` <- key
``x``); otherwise by position in the file's key order (exported models name
their inputs differently from the IR's ``%arg0``...). ``--input NAME=F.npy``
binds one argument by name (or 0-based position). Files are opened with
``mmap_mode='r'`` where numpy can (``.npy`` files and the uncompressed ``.npz``
members whose data is aligned for their dtype, read lazily), so a device's shard
is a view into the file; other members are read into memory once.
"""

from __future__ import annotations

import dataclasses
import io
import os
import sys
import tokenize
import zipfile
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Sequence

import numpy as np

from meshc.ir.location import UNKNOWN_LOC, DiagnosticError
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


STREAM_CHUNK = 1 << 20
"""Bytes read at a time from an input that is a stream (:func:`_open_checked`)."""


def _open_checked(path: str) -> "str | io.BytesIO":
    """What ``np.load`` is to read for input ``path``: the path itself for a regular file, or, for a
    stream (``-``: standard input; a pipe such as bash's ``<(...)``, a FIFO, a character device: nothing to
    seek or memory-map, and read only once), its whole content read into memory (refused past the
    host's available memory). Refused unless it starts like an ``.npy`` or a zip archive: ``np.load``
    would otherwise try it as a pickle and fail with a message about pickled data (the pickle fallback
    is never wanted here).

    Raises:
        InputFileError: a missing or unreadable file, or one that is empty or neither ``.npy`` nor zip,
            or a stream larger than the host's available memory.
    """
    import stat

    if path == "-":  # standard input, as a stream
        try:
            source = io.BytesIO(_read_stream("-", sys.stdin.buffer))
        except OSError as err:
            raise InputFileError(f"could not read standard input: {err.strerror or err}") from None
        head = source.getvalue()[:len(NPY_MAGIC)]
        if not head.startswith(NPY_MAGIC) and not head.startswith(ZIP_MAGICS):
            what = "it is empty" if not head else f"it starts with neither the .npy magic {NPY_MAGIC!r} nor a zip header"
            raise InputFileError(f"could not read input file '-' (standard input): not a valid .npz/.npy file ({what})")
        return source
    try:
        with open(path, "rb") as fh:
            if stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                source: "str | io.BytesIO" = path
                head = fh.read(len(NPY_MAGIC))
            else:
                source = io.BytesIO(_read_stream(path, fh))
                head = source.getvalue()[:len(NPY_MAGIC)]
    except FileNotFoundError:
        raise InputFileError(f"input file '{path}' does not exist") from None
    except OSError as err:
        raise InputFileError(f"could not read input file '{path}': {err.strerror or err}") from None
    if not head:
        raise InputFileError(f"could not read input file '{path}': not a valid .npz/.npy file (the file is empty)")
    if not head.startswith(NPY_MAGIC) and not head.startswith(ZIP_MAGICS):
        raise InputFileError(f"could not read input file '{path}': not a valid .npz/.npy file (it starts with "
                             f"neither the .npy magic {NPY_MAGIC!r} nor a zip header)")
    return source


def _read_stream(path: str, fh: Any) -> bytes:
    """All the bytes of stream ``fh`` (input ``path``), :data:`STREAM_CHUNK` at a time.

    Raises:
        InputFileError: more than the host's available memory.
    """
    from meshc.runtime.devices import format_bytes

    room = available_host_memory()
    chunks, size = [], 0
    while True:
        chunk = fh.read(STREAM_CHUNK)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if room is not None and size > room:
            raise InputFileError(f"could not read input file '{path}': a stream of more than {format_bytes(room)}, "
                                 "the host's available memory (give a regular file: it is memory-mapped)")
        chunks.append(chunk)


#: What ``np.load`` raises for a file that is not a valid ``.npz``/``.npy``: EOFError for a truncated
#: one; tokenize.TokenError and SyntaxError for a damaged array header (numpy reads the header's
#: Python-literal dictionary with the tokenizer and ``ast.literal_eval``)
_LOAD_ERRORS = (OSError, ValueError, zipfile.BadZipFile, EOFError, tokenize.TokenError, SyntaxError)


def _read_error(path: str, err: BaseException) -> InputFileError:
    """The error for a file that looked like ``.npz``/``.npy`` but did not load."""
    what = f"could not read input file '{path}'"
    if isinstance(err, ValueError) and ("pickle" in str(err) or "Python objects" in str(err)):
        return InputFileError(f"{what}: it holds Python objects (pickled data), which meshc does not load")
    if isinstance(err, zipfile.BadZipFile):
        return InputFileError(f"{what}: not a valid .npz/.npy file (a damaged zip archive: {err})")
    if isinstance(err, (tokenize.TokenError, SyntaxError)):
        return InputFileError(f"{what}: not a valid .npz/.npy file (a damaged array header)")
    return InputFileError(f"{what}: not a valid .npz/.npy file ({err})")


def _npz_members(path: str, read_unaligned: bool = True) -> dict[str, Any]:
    """Arrays of an ``.npz`` by key, memory-mapped when stored uncompressed at an aligned offset
    (:func:`_mmap_member`; any offset without ``read_unaligned``), else read into memory (always
    when the source is a pipe or standard input, read once)."""
    source = _open_checked(path)
    try:
        npz = np.load(source, mmap_mode="r" if isinstance(source, str) else None, allow_pickle=False)
    except _LOAD_ERRORS as err:
        raise _read_error(path, err) from None
    if isinstance(npz, np.ndarray):
        return {"arr_0": npz}
    out = {}
    try:
        for key in npz.files:
            member = _mmap_member(path, key, aligned_only=read_unaligned) if isinstance(source, str) else None
            out[key] = member if member is not None else npz[key]
    except _LOAD_ERRORS as err:
        raise _read_error(path, err) from None
    return out


def _mmap_member(path: str, key: str, aligned_only: bool = True) -> Optional[np.ndarray]:
    """Memory-map one uncompressed ``.npz`` member; None when it is compressed, or when its data
    does not start at a multiple of its dtype's alignment (``np.savez`` does not align members:
    numpy would copy such an array into an aligned buffer in every ufunc and BLAS call that reads
    it, a copy per kernel and device, so the caller reads it into memory once instead). Without
    ``aligned_only`` such a member is mapped too: for a caller that reads only parts of it and
    copies those (an MPI rank's own shards, :func:`meshc.runtime.backends.shard_view`)."""
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
            if dtype.hasobject or (aligned_only and offset % dtype.alignment):
                return None
            return np.memmap(path, dtype=dtype, mode="r", offset=offset, shape=shape,
                             order="F" if fortran else "C")
    except (KeyError, *_LOAD_ERRORS):
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
    source = _open_checked(path)
    try:
        value = np.load(source, mmap_mode="r" if isinstance(source, str) else None, allow_pickle=False)
    except _LOAD_ERRORS as err:
        raise _read_error(path, err) from None
    if not isinstance(value, np.ndarray):  # a .npz (named *.npy, or a stream): its one array
        if not isinstance(source, str):
            members = {key: value[key] for key in value.files}
            if len(members) != 1:
                raise InputFileError(f"'{path}' holds {len(members)} arrays; name one with --inputs instead")
            return next(iter(members.values()))
        members = _npz_members(path)
        if len(members) != 1:
            raise InputFileError(f"'{path}' holds {len(members)} arrays; name one with --inputs instead")
        return next(iter(members.values()))
    return value


def load_npz(path: str, read_unaligned: bool = True) -> dict[str, Any]:
    """All arrays of an ``.npz`` (or a ``.npy`` as ``arr_0``), in file order; the uncompressed
    members memory-mapped, except (with ``read_unaligned``, the default) those whose data is not
    aligned for their dtype, which are read into memory (:func:`_mmap_member`).

    Raises:
        InputFileError: a missing or unreadable file, or one that is not a
            valid ``.npz``/``.npy`` (named in the message).
    """
    if path.endswith(".npy"):
        return {"arr_0": load_array(path)}
    return _npz_members(path, read_unaligned)


def bind_inputs(args: Sequence[ArgSpec], npz: Optional[Mapping[str, Any]] = None,
                named: Optional[Mapping[str, Any]] = None) -> BoundInputs:
    """Order input arrays like ``args`` and check shapes and dtypes. ``named`` (``--input``) binds
    arguments by name (``x`` or ``%x``) or 0-based position; the arrays of ``npz`` bind by name when
    every argument name is a key, otherwise by position to the arguments ``named`` does not give.

    Raises:
        DiagnosticError: a missing or extra input, an argument given twice, a ``named`` key that is
            no argument's name or an out-of-range position, or an array whose shape or dtype differs
            from the argument's type (expected vs got).
    """
    named = dict(named or {})
    arrays: list[Any] = [None] * len(args)
    sources = [""] * len(args)
    rule = "none"
    given: dict[int, str] = {}  # argument index -> the --input key that gives it
    for key in named:
        idx = _arg_index(args, key)
        if idx in given:
            raise DiagnosticError(f"--input {given[idx]} and --input {key} both give argument #{idx} "
                                  f"({_arg_name(args, idx)}): give it once")
        given[idx] = key
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
            free = [i for i in range(len(args)) if i not in given]
            if len(keys) != len(free):
                raise DiagnosticError(_position_mismatch(args, keys, free, given))
            for i, k in zip(free, keys):
                arrays[i], sources[i] = npz[k], f"key '{k}' (position {keys.index(k)})"
    for idx, key in given.items():
        arrays[idx], sources[idx] = named[key], f"--input {key}"
        rule = rule if rule != "none" else "by name"
    missing = [i for i, a in enumerate(arrays) if a is None]
    if missing:
        raise DiagnosticError("missing input for argument(s) " + ", ".join(
            f"#{i} (%{args[i].name}: {args[i].type})" for i in missing))
    for i, (spec, arr) in enumerate(zip(args, arrays)):
        arrays[i] = check_input(spec, arr, i)
    return BoundInputs(arrays, rule, sources)


def _arg_name(args: Sequence[ArgSpec], index: int) -> str:
    return "%" + str(args[index].name)


def _position_mismatch(args: Sequence[ArgSpec], keys: list[str], free: list[int], given: Mapping[int, str]) -> str:
    """The message of :func:`bind_inputs` when an input file bound by position has more or fewer
    arrays than the arguments it must give (``free``: those ``--input`` does not give)."""
    listed = ", ".join(keys) or "none"
    argument_names = ", ".join(_arg_name(args, i) for i in range(len(args)))
    if not given:
        return (f"the entry function takes {len(args)} arguments but the input file has {len(keys)} arrays "
                f"({listed}) and its keys do not match the argument names ({argument_names})")
    by_input = ", ".join(_arg_name(args, i) for i in sorted(given))
    rest = ", ".join(_arg_name(args, i) for i in free) or "none"
    text = (f"the input file's keys ({listed}) are not the argument names ({argument_names}), so its arrays bind "
            f"by position to the {len(free)} argument(s) that --input does not give ({rest}); --input gives "
            f"{by_input}, and the file has {len(keys)} array(s), not {len(free)}")
    if len(keys) == len(args):
        text += " (it holds every argument: drop --input, or give the other arguments with --input as well)"
    return text


def _arg_index(args: Sequence[ArgSpec], key: str) -> int:
    """The argument index that ``--input`` key ``key`` names: an argument name (``x``, ``%x``) or a
    0-based position.

    Raises:
        DiagnosticError: no argument has that name, or the position is out of range.
    """
    k = key.strip().lstrip("%")
    for i, a in enumerate(args):
        if a.name == k:
            return i
    listing = ", ".join(_arg_name(args, i) for i in range(len(args)))
    if k.isascii() and k.isdigit():
        if int(k) < len(args):
            return int(k)
        if not args:
            raise DiagnosticError(f"--input {key}: position {int(k)} is out of range: the entry function takes "
                                  "no arguments")
        raise DiagnosticError(f"--input {key}: position {int(k)} is out of range ({len(args)} argument(s): "
                              f"{listing}; positions 0 to {len(args) - 1})")
    raise DiagnosticError(f"--input {key}: the entry function has no argument named '%{k}' "
                          f"(arguments: {listing})")


def check_input(spec: ArgSpec, arr: Any, index: int) -> Any:
    """Check one input against its argument type; returns it (scalars as 0-d; raw ``|V<n>`` bytes,
    as ``.npy``/``.npz`` store bf16 and f8 arrays, viewed as the argument's ml_dtypes type).

    Raises:
        DiagnosticError: the shape or dtype is not the argument's.
    """
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
    if arr.dtype != spec.dtype and arr.dtype.kind == "V" and arr.dtype.fields is None \
            and spec.dtype.kind == "V" and arr.dtype.itemsize == spec.dtype.itemsize:
        # .npy/.npz store bf16 and the f8 types (ml_dtypes) as raw bytes, '|V2' / '|V1': the
        # bytes are the argument type's, so the array is read as that type (no copy)
        arr = arr.view(spec.dtype)
    if arr.dtype != spec.dtype:
        raise DiagnosticError(f"input for argument #{index} (%{spec.name}) has dtype {arr.dtype}, expected "
                              f"{spec.dtype} ({spec.type})")
    return arr


RANDOM_CHUNK = 1 << 20
"""Elements drawn per call of :func:`random_inputs` (its float64/int64 scratch: 8 MiB): values are
written chunk by chunk into an array of the argument's own dtype, the same values as one draw."""


def available_host_memory() -> Optional[int]:
    """Bytes of host memory available to a new allocation: ``MemAvailable`` of ``/proc/meminfo``
    (Linux), else free physical pages (``os.sysconf``); None when neither is known."""
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return int(os.sysconf("SC_AVPHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (AttributeError, OSError, ValueError):
        return None


def check_input_sizes(args: Sequence[ArgSpec], what: str = "--random-inputs", devices: int = 1,
                      device_memory: Optional[int] = None, host_memory: Optional[int] = None,
                      locations: Sequence[Any] = ()) -> None:
    """Refuse, before anything is allocated, inputs of ``args`` (static shapes) that cannot be held:
    one argument larger than the host's available memory (``host_memory`` bytes, default
    :func:`available_host_memory`), or than the memory of all ``devices`` together
    (``device_memory`` bytes each, ``--device-memory``; however it is sharded, an argument needs at
    least its own size over the mesh); then all of them together against the host's memory.
    ``what`` names the source of the inputs in the message; ``locations[i]`` locates argument ``i``'s error
    (the function's location, say).

    Raises:
        DiagnosticError: naming the argument (number, name, type), its size and the limit.
    """
    from meshc.ir.location import UNKNOWN_LOC

    from meshc.runtime.devices import format_bytes

    host = available_host_memory() if host_memory is None else host_memory
    total = 0
    for i, a in enumerate(args):
        if any(d is None for d in a.shape):
            continue
        count = 1
        for d in a.shape:
            count *= int(d)
        size = count * np.dtype(a.dtype).itemsize
        total += size
        head = f"argument #{i} (%{a.name}: {a.type}) needs {format_bytes(size)} ({size} B) for {what}"
        loc = locations[i] if i < len(locations) and locations[i] is not None else UNKNOWN_LOC
        if device_memory is not None and size > device_memory * devices:
            raise DiagnosticError(f"{head}: more than the memory of the {devices} device(s) together "
                                  f"({devices} x {format_bytes(device_memory)}, --device-memory)", loc)
        if host is not None and size > host:
            raise DiagnosticError(f"{head}: more than the host's available memory ({format_bytes(host)})", loc)
    if host is not None and total > host and len(args) > 1:
        first = locations[0] if locations and locations[0] is not None else UNKNOWN_LOC
        raise DiagnosticError(f"the {len(args)} arguments need {format_bytes(total)} ({total} B) for {what} "
                              f"together: more than the host's available memory ({format_bytes(host)})", first)


def random_inputs(args: Sequence[ArgSpec], seed: int = 0) -> list[np.ndarray]:
    """Deterministic inputs: floats uniform in [-1, 1) rounded to multiples of
    1/256 (exact in every float type), integers in [-8, 8), booleans 0/1.
    Each array is allocated once in its argument's dtype and filled
    :data:`RANDOM_CHUNK` elements at a time (no full-size float64 copy).

    Raises:
        DiagnosticError: a dynamic shape, or inputs larger than the host's
            memory (:func:`check_input_sizes`).
    """
    for i, a in enumerate(args):
        if any(d is None for d in a.shape):
            raise DiagnosticError(f"argument #{i} (%{a.name}: {a.type}) has a dynamic shape: give it with --inputs")
    check_input_sizes(args)
    rng = np.random.default_rng(seed)
    out = []
    for a in args:
        dt = a.dtype
        v = np.empty(a.shape, dtype=dt)
        flat = v.reshape(-1)
        for start in range(0, flat.size, RANDOM_CHUNK):
            n = min(RANDOM_CHUNK, flat.size - start)
            if dt == np.bool_:
                chunk = rng.integers(0, 2, size=n)
            elif np.issubdtype(dt, np.integer):
                chunk = rng.integers(-8, 8, size=n)
            elif dt.kind == "c":  # complex<f32/f64>: both parts drawn as a float's
                chunk = (np.round(rng.uniform(-1, 1, size=n) * 256) / 256
                         + 1j * (np.round(rng.uniform(-1, 1, size=n) * 256) / 256))
            else:
                chunk = np.round(rng.uniform(-1, 1, size=n) * 256) / 256
            flat[start:start + n] = chunk.astype(dt)
        out.append(v)
    return out


OUTPUT_FORMATS = (".npz: every result, as result0, result1, ... (numpy's savez)",
                  ".npy: the one result of a function with one result (numpy's save)")
"""The files ``meshc run -o`` writes, chosen by the path's extension (:func:`output_format`)."""

ARRAY_FILE_OVERHEAD = 1024
"""Bytes allowed per array for the ``.npy`` header and, in an ``.npz``, its zip entry (both well under
this: a header is padded to 64 bytes, a zip entry is ~100 bytes plus the name twice)."""

COMPARE_BYTES_PER_ELEMENT = 48
"""Host memory :func:`compare` may need per element of a float result: the float64 copies of the result
and the expected array and the scratch arrays of the difference (six float64 arrays)."""


def output_format(path: str, option: str = "-o") -> str:
    """``"npz"`` or ``"npy"``: the format of output path ``path``, by its extension (any case): ``.npz``
    every result, ``.npy`` one result; a path written in place (a device such as ``/dev/null``, a FIFO,
    ``/dev/stdout``: :func:`meshc.output_files.writes_in_place`) takes the ``.npz`` archive whatever its
    name, unless it ends in ``.npy``.

    Raises:
        DiagnosticError: any other path (``out.txt``, ``out``): naming ``option`` and the forms of
            :data:`OUTPUT_FORMATS`.
    """
    from meshc.output_files import writes_in_place

    ext = os.path.splitext(path)[1].lower()
    if ext in (".npz", ".npy"):
        return ext[1:]
    if writes_in_place(path):
        return "npz"
    what = f"its extension '{ext}' is no format meshc writes" if ext else "it has no extension to tell the format"
    raise DiagnosticError(f"{option} '{path}': {what}; the results are written as "
                          + "; or ".join(OUTPUT_FORMATS) + " (a device or FIFO takes the .npz archive)")


@dataclass(frozen=True)
class ResultSize:
    """What an output check knows of result ``index``: its type as written (``tensor<4x8xf32>``), its
    elements and bytes (None for a dynamic shape not known yet), the location of the op that
    computes it (the function's return when it returns an argument) and, when known before the
    run, its ``shape`` (None for a dynamic dim)."""

    index: int
    type_text: str
    elements: Optional[int]
    nbytes: Optional[int]
    location: Any = None
    shape: Optional[tuple[Optional[int], ...]] = None  # the type's dims, None for a dynamic one; () for a scalar

    @property
    def name(self) -> str:
        return f"result{self.index}"

    @classmethod
    def of_array(cls, index: int, array: Any, location: Any = None) -> "ResultSize":
        a = np.asarray(array)
        return cls(index, f"shape {list(a.shape)} {a.dtype}", int(a.size), int(a.size) * a.dtype.itemsize, location)


def host_memory_total() -> Optional[int]:
    """Bytes of physical memory of the host (``os.sysconf``), None when unknown."""
    try:
        return int(os.sysconf("SC_PHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (AttributeError, OSError, ValueError):
        return None


def free_bytes_at(path: str) -> Optional[int]:
    """Bytes free to an unprivileged writer on the file system where ``path`` would be created (its
    existing directory, links resolved); None when unknown."""
    folder = os.path.dirname(os.path.realpath(path)) or "."
    try:
        st = os.statvfs(folder)
    except OSError:
        return None
    return st.f_bavail * st.f_frsize


def check_outputs(results: Sequence[ResultSize], path: Optional[str] = None, option: str = "-o",
                  compare_with: Optional[str] = None, *, limit: Optional[int] = None,
                  free: Optional[int] = None, memory: Optional[int] = None) -> None:
    """Refuse, before anything is allocated or written, outputs that cannot be kept:

    * ``path`` (``option``, e.g. ``-o``): its format (:func:`output_format`; a ``.npy`` takes exactly one
      result); any result larger than ``limit`` bytes (default: the host's physical memory,
      :func:`host_memory_total`: a result that large can only be a broadcast value such as a splat
      constant, never computed, and its file would repeat one value for hours of writing); and, for a
      regular file, all of them together (plus :data:`ARRAY_FILE_OVERHEAD` each) against ``free``
      bytes (default: the free space of the target's file system, :func:`free_bytes_at`);
    * ``compare_with`` (``--check``, ``--expected F.npz``): every result's
      :data:`COMPARE_BYTES_PER_ELEMENT` x elements against ``memory`` bytes (default: the host's
      available memory, :func:`available_host_memory`).

    Results whose size is unknown (dynamic shapes before the run) are skipped.

    Raises:
        DiagnosticError: located at the op computing the result at fault, naming it, its type and size,
            and the limit.
    """
    from meshc.ir.location import UNKNOWN_LOC
    from meshc.output_files import writes_in_place
    from meshc.runtime.devices import format_bytes

    results = [r if r.location is not None else dataclasses.replace(r, location=UNKNOWN_LOC) for r in results]
    known = [r for r in results if r.nbytes is not None]
    if path is not None:
        if output_format(path, option) == "npy" and len(results) != 1:
            listed = ", ".join(f"{r.name}: {r.type_text}" for r in results) or "none"
            raise DiagnosticError(f"{option} '{path}': a .npy file holds one result, and the function has "
                                  f"{len(results)} ({listed}); write them all to a .npz file")
        limit = host_memory_total() if limit is None else limit
        for r in known:
            if limit is not None and r.nbytes > limit:
                raise DiagnosticError(f"{r.name} ({r.type_text}) is {format_bytes(r.nbytes)} ({r.nbytes} B), more "
                                      f"than the host's memory ({format_bytes(limit)}): no file is written that "
                                      f"large ({option} '{path}'; only a broadcast value such as a splat constant "
                                      "can be so large, and its file would repeat one value)", r.location)
        if not writes_in_place(path) and known:
            free = free_bytes_at(path) if free is None else free
            need = sum(r.nbytes + ARRAY_FILE_OVERHEAD for r in known)  # type: ignore[operator]
            if free is not None and need > free:
                big = max(known, key=lambda r: r.nbytes)  # type: ignore[arg-type, return-value]
                folder = os.path.dirname(os.path.realpath(path))
                raise DiagnosticError(f"{option} '{path}': the results need {format_bytes(need)} ({need} B), more than "
                                      f"the {format_bytes(free)} free on the file system of '{folder}' (the largest: "
                                      f"{big.name}, {big.type_text}, {format_bytes(big.nbytes)})", big.location)
    if compare_with is not None:
        memory = available_host_memory() if memory is None else memory
        for r in results:
            if r.elements is None or memory is None:
                continue
            need = r.elements * COMPARE_BYTES_PER_ELEMENT
            if need > memory:
                raise DiagnosticError(f"{r.name} ({r.type_text}) has {r.elements} elements: comparing it "
                                      f"({compare_with}) needs about {format_bytes(need)} of host memory, more than "
                                      f"the {format_bytes(memory)} available", r.location)


def write_outputs(path: str, arrays: Sequence[Any], protect: Sequence[str] = (),
                  locations: Sequence[Any] = ()) -> None:
    """Write the results to ``path`` with :func:`meshc.output_files.write_file`, in the format of its
    extension (:func:`output_format`): ``result0, result1, ...`` to a ``.npz`` (or a device or FIFO),
    the one result to a ``.npy``; a regular file atomically (a temporary file in the same folder renamed
    over ``path`` only after it is complete), a device or FIFO in place. Checked first by
    :func:`check_outputs` (``locations[i]``: the op computing result ``i``, for its messages).
    Refuses to overwrite any file in ``protect`` (the inputs).

    Raises:
        DiagnosticError: ``path`` is one of the inputs, has no format meshc writes, cannot hold the
            results (:func:`check_outputs`), or cannot be written.
    """
    from meshc.output_files import is_character_device, same_file, write_file

    if os.path.exists(path) and not is_character_device(path):
        for p in protect:
            if p and p != "-" and os.path.exists(p) and same_file(p, path):
                raise DiagnosticError(f"refusing to overwrite input file '{p}' with the outputs")
    where = list(locations) + [None] * (len(arrays) - len(locations))
    check_outputs([ResultSize.of_array(i, a, where[i]) for i, a in enumerate(arrays)], path)
    if output_format(path) == "npy":
        write_file(path, lambda fh: np.save(fh, np.asarray(arrays[0])), binary=True, dash_is_stdout=False)
        return
    write_file(path, lambda fh: np.savez(fh, **{f"result{i}": np.asarray(a) for i, a in enumerate(arrays)}),
               binary=True, dash_is_stdout=False)


@dataclass
class Comparison:
    """Per-output comparison against expected values: ``max_abs``/``max_rel`` over the positions where
    neither side is NaN; ``nan_mismatches`` counts the positions where exactly one side is NaN (NaN ==
    NaN is equal, as ``numpy.testing.assert_allclose(equal_nan=True)``): ``nan_expected`` of them
    expected NaN and got a number. ``max_expected`` is ``max|expected|`` over the non-NaN positions;
    ``atol_scale_needed`` (floats that differ, no NaN mismatch) the smallest ``--atol`` that passes
    with ``--atol-scale`` (``atol x max|expected|``) at the same ``rtol``; ``rounding`` the float
    rounding unit (epsilon) of the compared dtype; ``atol_used`` the absolute tolerance applied (floats);
    ``exact``: compared for equality (integers and booleans), no tolerance."""

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
    atol_used: float = 0.0
    exact: bool = False

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
            atol_scale: bool = False, reduction: Optional[int] = None) -> list[Comparison]:
    """Compare outputs with expected arrays: keys ``result0...`` (or the
    output names) match by name, otherwise by position (a single key such as
    ``out`` is fine). Floats use ``|got - want| <= atol + rtol * |want|``
    (``atol`` multiplied by ``max|want|`` when ``atol_scale``); integers and
    booleans must be equal. ``reduction`` (the program's longest reduction,
    :func:`meshc.runtime.tolerance.longest_reduction`) selects the default
    rule of :mod:`meshc.runtime.tolerance` instead: per output, ``atol`` becomes
    ``max(atol, reduction x eps x max|want|)`` (``atol_scale`` is then ignored).

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
                want.dtype.kind in "Vc" or got.dtype.kind in "Vc":
            out.append(_compare_floats(name, got, want, rtol, atol, atol_scale, reduction))
        else:
            eq = np.array_equal(got, want)
            diff = np.abs(got.astype(np.int64) - want.astype(np.int64)) if got.size else np.zeros(0)
            out.append(Comparison(name, bool(eq), float(diff.max()) if diff.size else 0.0, 0.0, exact=True))
    return out


def check_expected_shapes(sizes: Sequence[ResultSize], expected: Mapping[str, Any], path: str,
                          function: str, where: str = "") -> None:
    """Before a run: the ``--expected`` arrays must fit the results of ``function`` as its type says,
    matched as :func:`compare` matches them (by ``result<i>`` names, else by position): as many arrays
    as results, and each array of the result's rank with its static dims (a dynamic dim matches any
    size). Results whose ``shape`` is not known are not checked here. ``where`` ends the message
    (`` at the inputs' shapes`` when ``sizes`` are of the function specialized to its inputs).

    Raises:
        DiagnosticError: located at the op computing the result at fault, naming the file, the key,
            the array's shape and the result's type; or, unlocated, the count of arrays and results.
    """
    keys = list(expected)
    by_name = all(f"result{i}" in expected for i in range(len(sizes)))
    if not by_name and len(keys) != len(sizes):
        raise DiagnosticError(f"--expected file '{path}' has {len(keys)} arrays ({', '.join(keys)}), "
                              f"but @{function} has {len(sizes)} result{'' if len(sizes) == 1 else 's'}")
    for i, size in enumerate(sizes):
        if size.shape is None:
            continue
        key = f"result{i}" if by_name else keys[i]
        got = tuple(np.shape(expected[key]))
        if len(got) == len(size.shape) and all(w is None or w == g for w, g in zip(size.shape, got)):
            continue
        raise DiagnosticError(f"--expected file '{path}': array '{key}' has shape {list(got)}, but result {i} "
                              f"of @{function} is {size.type_text}{where}", size.location or UNKNOWN_LOC)


def unmatched_expected(count: int, expected: Mapping[str, Any]) -> list[str]:
    """Keys of ``expected`` that :func:`compare` matches with none of ``count`` results (so never
    compares): when it matches by name (every ``result<i>`` is a key), the other keys; by position
    every array has its result (none)."""
    names = [f"result{i}" for i in range(count)]
    if not all(n in expected for n in names):
        return []
    return [k for k in expected if k not in names]


def _compare_floats(name: str, got: np.ndarray, want: np.ndarray, rtol: float, atol: float,
                    atol_scale: bool, reduction: Optional[int] = None) -> Comparison:
    """One float comparison of :func:`compare` (same shapes): ``|got - want| <= atol + rtol * |want|``
    element-wise (complex values: ``|.|`` the modulus), NaN equal to NaN only, an infinity equal only to the same
    infinity (``reduction``: the default rule's atol, :func:`meshc.runtime.tolerance.default_atol`)."""
    wide = np.complex128 if "c" in (got.dtype.kind, want.dtype.kind) else np.float64  # |g - w| is the modulus
    g = got.astype(wide)
    w = want.astype(wide)
    g_nan, w_nan = np.isnan(g), np.isnan(w)
    with np.errstate(invalid="ignore", divide="ignore"):
        diff = np.abs(g - w)  # NaN where either is NaN or both are the same infinity
        equal = (g == w) | (g_nan & w_nan)
        rel = np.where(w != 0, diff / np.abs(w), np.where(diff == 0, 0.0, np.inf))
    numbers = ~w_nan
    max_expected = float(np.max(np.abs(w[numbers]))) if numbers.any() else 0.0
    if np.isinf(max_expected):
        max_expected = float(np.max(np.abs(w[numbers & np.isfinite(w)]), initial=0.0))
    rounding = _rounding_unit(got.dtype, want.dtype)
    if reduction is not None:
        from meshc.runtime.tolerance import default_atol

        tol = default_atol(reduction, rounding, max_expected, floor=atol)
    else:
        tol = atol * (max_expected if atol_scale else 1.0)
    with np.errstate(invalid="ignore"):
        # an infinity (expected or got) matches only the same infinity: inf <= inf must not pass
        finite = np.isfinite(g) & np.isfinite(w)
        within = equal | (finite & (diff <= tol + rtol * np.abs(w)))
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
                      max_expected=max_expected, atol_scale_needed=needed, rounding=rounding, atol_used=tol)
