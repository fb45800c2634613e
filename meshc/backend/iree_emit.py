"""The IREE backend's emitter: one IREE input module for a whole mesh, from the schedule.

Seed 000 ends its pipeline with "convert the remaining ``mesh.for_one`` ops
into IREE specific descriptions of device/queue affinity". This module does
that from the backend format (a :class:`meshc.backend.emit.Program`: the
per-device :class:`~meshc.backend.schedule.Schedule` and the shard map of the
entry), never from the pass IR, as DESIGN.md asks of every backend.

Checked with IREE 3.13.0 (``iree-base-compiler`` / ``iree-base-runtime``
3.13.0 from PyPI; docs/iree.md).

What the module holds
---------------------
* one ``util.global private @devK = #hal.device.target<"local", {ordinal = K
  : index}, [TARGET]> : !hal.device`` per mesh device ``K`` (linear order).
  The explicit ordinal keeps identical targets apart: without it IREE merges
  them into one device. ``TARGET`` is an ``#hal.executable.target`` for
  llvm-cpu (:func:`meshc.runtime.iree_backend.host_executable_target` asks
  IREE for the host's; :data:`GENERIC_X86_TARGET` otherwise);
* ``util.func public @NAME_sharded``: the schedule's function. Argument ``i``
  is the schedule's argument ``i`` and result ``j`` its result ``j``, each
  with ``{iree.abi.affinity = #hal.device.affinity<@devK>}`` of the device
  holding it. The body replays the device schedules in an order that
  respects their events and collectives: each Kernel step's IR op printed as
  MLIR with its operands renamed to the SSA values of its buffers (tensor
  SSA: an in-place write gives the buffer a new value); a PeerRead, Copy or
  remote halo slab is a ``tensor.extract_slice`` on the source device (when
  it reads a slice) and a ``flow.tensor.transfer ... to
  #hal.device.affinity<@devK>``; every collective is lowered to transfers
  and local ops (:meth:`_Emitter.collective`), because IREE's
  ``flow.collective.*`` fail at run time on the local drivers;
* ``util.func public @NAME`` with the original (unsharded) signature (on
  ``@dev0``): it cuts the arguments into the shards of the shard map
  (``tensor.extract_slice``), moves each to its device, calls
  ``@NAME_sharded`` and gathers the results back onto ``@dev0``
  (``tensor.insert_slice`` into ``tensor.empty``; partial results combined
  with their arith op, in the gather plan's order). Device 0's own parts go
  through ``util.optimization_barrier`` so that the gather waiting for the
  other devices does not hold device 0's compute back (one barrier per part:
  IREE 3.13 gives every result of a barrier the resource usage of its first
  operand).

Ops run where their operands live: IREE's affinity analysis places an op on
the device of its tensor operands (IREE's docs, "multiple devices"), so the
kernels of device K consume only values that are on ``@devK``. Transfers to
a device are printed before that device's own next kernel so that devices
overlap.

Collective lowering (semantics: :mod:`meshc.runtime.collectives`, which
applies :mod:`meshc.sharding.simulate`): for each device group of the spec's
``mesh_axes`` (``Mesh.axis_groups``, group order):

* ``all_reduce``: every member receives every other member's buffer and
  folds all of them in group order, ``((x0 op x1) op x2) ...`` (the order of
  ``ReductionKind.reduce``: numpy reducing a stack along its first axis);
* ``reduce_scatter``: member ``i`` receives piece ``i`` (along
  ``scatter_axis``, sized by the outputs allocated) of every buffer and folds
  them in group order;
* ``all_gather``: member ``i`` receives every buffer and concatenates them
  along ``gather_axis`` in group order (``tensor.insert_slice`` into
  ``tensor.empty``);
* ``all_slice``: a local ``tensor.extract_slice`` of piece ``i``;
* ``all_to_all``: member ``i`` receives piece ``i`` along ``split_axis`` of
  every buffer and concatenates them along ``concat_axis``.

A matmul or batch matmul whose reduction loop is longer than
:data:`REDUCTION_BLOCK_ABOVE` is printed as a chain over blocks of
:data:`REDUCTION_BLOCK` of that loop (:meth:`_Emitter.blocked_contraction`):
IREE's mmt4d ukernel walks the whole reduction per tile, out of cache.

Named elementwise linalg ops (``linalg.exp``...), which IREE 3.13 does not
parse, are printed as their ``linalg.generic`` (:meth:`_Emitter.elementwise`),
the transposed matmuls (``linalg.matmul_transpose_b``...) as ``linalg.matmul``
with indexing maps, a load of an immutable global with a dense initial value
as an ``arith.constant`` of it, and an empty shard as a ``tensor.empty``.
Every kernel carries its source ``loc(...)``, so IREE's errors point at the
user's op.

A ``#stream.parameter.named`` global becomes a constant of the data given
as ``parameters`` (:func:`emit_iree_module`). On a mesh of several devices,
the empties and constants are pinned to their device
(:meth:`_Emitter.place`), and so are the results of region ops (:meth:`_Emitter.pin_results`); an
argument returned as it is goes through ``util.optimization_barrier`` (docs/iree.md says why).

In ``@NAME``, the shards of a partial argument held off coordinate 0 of its
partial axes are a splat constant of the reduction identity. A linalg op
whose iteration space has a loop of size 0 is its inits (nothing printed).

A region op partitioned in place whose body runs collectives (a Kernel step with a ``body`` listing:
:mod:`meshc.backend.region_body`) is one op for all its devices (:meth:`_Emitter.region_step`): every
device's carried values and body ops, the in-body collectives lowered as above between them; IREE runs
the control flow on the host. A top-level op on a sharded type its device holds whole (a replicated
tensor) is printed with the local type; a tensor of ``index`` crosses the functions as ``i64``.

``generic`` reductions, dynamic shapes, calls, ``mesh``
ops left in a kernel, mutable globals and parameters without their data are
not lowered: :class:`IreeEmitError` names the op or collective and its
location.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional, Sequence

from meshc.backend.schedule import (Allocate, BodyBranch, BodyCollective, BodyLoop, Collective, Copy, Free,
                                    HaloExchange, Kernel, PeerRead, Schedule, captured_values)
from meshc.ir.location import UNKNOWN_LOC, DiagnosticError, Location
from meshc.ir.printer import Printer

__all__ = ["IREE_VERSION", "GENERIC_X86_TARGET", "IreeEmitError", "Transfer", "IreeModule", "emit_iree_module",
           "sharded_name"]

#: The IREE release the emitted modules were checked with (iree-compile and iree-run-module, llvm-cpu).
IREE_VERSION = "3.13.0"

#: An llvm-cpu executable target for any x86-64 CPU (used when IREE is not installed to ask for the host's).
GENERIC_X86_TARGET = ('#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "generic", '
                      'cpu_features = "", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-'
                      'f80:128-n8:16:32:64-S128", native_vector_size = 16 : i64, '
                      'target_triple = "x86_64-unknown-unknown-eabi-elf"}>')

#: Elements of the reduction loop per block of a blocked contraction, and the loop length above which a
#: matmul or batch matmul is blocked (:meth:`_Emitter.blocked_contraction`; docs/iree.md, "Performance").
REDUCTION_BLOCK = 512
REDUCTION_BLOCK_ABOVE = 2048

#: Dialects whose ops may appear in a kernel of the emitted module (upstream MLIR; IREE reads them).
KERNEL_DIALECTS = ("arith", "math", "tensor", "linalg", "scf")

_FLOAT = re.compile(r"^(f16|bf16|f32|f64|f8\w*)$")
_COMBINE_FLOAT = {"sum": "arith.addf", "product": "arith.mulf", "max": "arith.maximumf", "min": "arith.minimumf"}
_COMBINE_INT = {"sum": "arith.addi", "product": "arith.muli", "max": "arith.maxsi", "min": "arith.minsi",
                "bitwise_and": "arith.andi", "bitwise_or": "arith.ori", "bitwise_xor": "arith.xori"}
_COMBINER_NAMES = {"arith.addf": "sum", "arith.addi": "sum", "arith.mulf": "product", "arith.muli": "product",
                   "arith.maximumf": "max", "arith.maxsi": "max", "arith.minimumf": "min", "arith.minsi": "min",
                   "arith.andi": "bitwise_and", "arith.ori": "bitwise_or", "arith.xori": "bitwise_xor"}


class IreeEmitError(DiagnosticError):
    """A schedule that the IREE backend cannot lower (an op outside
    :data:`KERNEL_DIALECTS`, a dynamic shape, an unsupported reduction...),
    located at the op or collective at fault."""


@dataclass(frozen=True)
class Transfer:
    """One ``flow.tensor.transfer`` of the sharded function: ``nbytes`` moved
    from device ``src`` to device ``dst``; ``kind`` is the schedule step it
    lowers (``peer_read``, ``copy`` or ``collective``; halo slabs count as
    ``peer_read`` or ``copy`` by their mode). ``scope``: the block of a region op it is emitted in
    (None: the function's top level, once per call), whose runs per call the sharded function returns
    (:attr:`IreeModule.scopes`)."""

    dst: int
    src: int
    nbytes: int
    kind: str
    scope: Optional[int] = None


@dataclass
class IreeModule:
    """An emitted module: its ``text``, the function names (``sharded``: per-device
    shards in and out; ``entry``: the original signature), the number of
    ``devices`` it declares, the ``transfers`` one call of the sharded function
    makes, the Kernel steps per device (``kernels[k]``: op name -> count) and
    the source location of each kernel line (``line_locs``: 1-based line ->
    Location; kernels also carry it as ``loc(...)``)."""

    text: str
    entry: str
    sharded: str
    devices: int
    transfers: list[Transfer] = field(default_factory=list)
    kernels: list[dict] = field(default_factory=list)
    line_locs: dict = field(default_factory=dict)
    #: element type of each result of the sharded function (a scalar result comes back from IREE as a
    #: Python number: the runtime gives it this type)
    result_dtypes: list = field(default_factory=list)
    #: the scopes (:attr:`Transfer.scope`) whose runs per call the sharded function returns after its
    #: results, in this order (i64 each): a transfer in a loop body moves its bytes once per trip
    scopes: list = field(default_factory=list)

    def transfer_runs(self, counts: Sequence[int]) -> list[tuple[Transfer, int]]:
        """Each transfer with the times one call ran it: 1 at the top level, else the runs of its
        scope, ``counts`` being the trailing results of the sharded function (:attr:`scopes`)."""
        runs = dict(zip(self.scopes, (int(c) for c in counts)))
        return [(t, 1 if t.scope is None else runs.get(t.scope, 0)) for t in self.transfers]

    def source_location(self, line: int) -> Optional[Location]:
        """The source location of the kernel printed on (1-based) ``line`` of :attr:`text`, if any."""
        return self.line_locs.get(line)


def sharded_name(program) -> str:
    """The name of the per-shard function in the module emitted for ``program``."""
    runs = program.runs
    return runs if runs != program.entry else f"{program.entry}_sharded"


# -- types -----------------------------------------------------------------------------------------------------


def _tensor_type(shape: Sequence[int], dtype: str) -> str:
    return f"tensor<{'x'.join(str(s) for s in shape)}{'x' if shape else ''}{dtype}>"


def _type_of(shape: Sequence[int], dtype: str, is_tensor: bool = True) -> str:
    return _tensor_type(shape, dtype) if is_tensor else dtype


_TENSOR = re.compile(r"^tensor<((?:\d+x)*)([\w.]+)>$")
_INDEX_TENSOR = re.compile(r"^tensor<((?:\d+x)*)index>$")


def _abi(text: str) -> str:
    """Type ``text`` as a function of the module takes or returns it: a tensor of ``index`` as a tensor of
    ``i64`` (IREE 3.13 has no buffer element type for ``index``: "'hal.element_type' op unsupported element
    type"; the sharded function casts it with ``arith.index_cast``), other types as they are."""
    return _INDEX_TENSOR.sub(r"tensor<\1i64>", text)


def _parse_type(text: str, loc: Location) -> tuple[Optional[tuple[int, ...]], str]:
    """``(shape, dtype)`` of a static tensor type, ``(None, type)`` of a scalar.

    Raises IreeEmitError for a dynamic or encoded tensor type."""
    if not text.startswith("tensor<"):
        return None, text
    m = _TENSOR.match(text)
    if m is None:
        raise IreeEmitError(f"type {text} is not a static tensor type without encoding; the IREE backend lowers "
                            "static, unencoded tensors only (dynamic shapes and data-tiling encodings are not "
                            "lowered)", loc)
    dims = tuple(int(d) for d in m.group(1).split("x") if d)
    return dims, m.group(2)


def _itemsize(dtype: str) -> int:
    from meshc.kernels.dtypes import numpy_dtype

    return numpy_dtype(dtype).itemsize


def _affinity(k: int) -> str:
    return f"#hal.device.affinity<@dev{k}>"


def _ints(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values)


@dataclass
class _Val:
    """An SSA value of the emitted function: name (with ``%``), type text, static shape (None: scalar),
    element type and the device holding it."""

    name: str
    type: str
    shape: Optional[tuple[int, ...]]
    dtype: str
    device: int


# -- the emitter -----------------------------------------------------------------------------------------------


class _Frame:
    """A block of a region op being emitted (:meth:`_Emitter.counter`): its ``scope`` id, whether it is
    ``carried`` around a loop (its counters are block arguments) or a branch (``parent``'s values
    from above), the current name of each counter in it (``cur``), the block arguments it got
    (``args``: ``(scope, name)``) and whether a transfer is emitted directly in it (``moves``)."""

    def __init__(self, scope: int, parent: Optional["_Frame"], carried: bool):
        self.scope, self.parent, self.carried = scope, parent, carried
        self.cur: dict[int, str] = {}
        self.args: list[tuple[int, str]] = []
        self.moves = False


class _Emitter:
    """Builds the body of the sharded function (module docstring)."""

    def __init__(self, schedule: Schedule, parameters: Optional[dict] = None):
        self.s = schedule
        self.parameters = parameters
        self.p = Printer(indent_unit="  ")
        self.p.indent = 2
        self.lines: list[str] = []
        self.env: dict[tuple[int, str], _Val] = {}
        self.alloc: dict[tuple[int, str], tuple[tuple[int, ...], str]] = {}
        self.transfers: list[Transfer] = []
        self.kernels: list[dict] = [dict() for _ in schedule.devices]
        self.locs: dict[int, Location] = {}  # index in lines -> source location of the kernel printed there
        self.depth = 0  # region op bodies being emitted (:meth:`region_op`)
        #: run counters of region op blocks (:meth:`counter`): the innermost block being emitted, and the
        #: scopes whose counts the function returns
        self.root = _Frame(-1, None, False)
        self.frame = self.root
        self.scopes: list[int] = []
        self.next_scope = 0

    # names and lines
    def fresh(self, hint: str) -> str:
        base = re.sub(r"[^\w]", "_", hint.lstrip("%")) or "v"
        if base[0].isdigit():  # an MLIR name starting with a digit must be all digits
            base = "b" + base
        name, k = base, 0
        while self.p._taken(name):
            name, k = f"{base}_{k}", k + 1
        self.p._claim(name)
        return "%" + name

    def emit(self, line: str) -> None:
        self.lines.append(self.pad() + line)

    def pad(self) -> str:
        """The indentation of a line of the sharded function's body (deeper inside a region op's body)."""
        return "    " + "  " * self.depth

    # values
    def value(self, k: int, buffer: str, loc: Location) -> _Val:
        v = self.env.get((k, buffer))
        if v is not None:
            return v
        if (k, buffer) in self.alloc:  # allocated and not written yet: an empty tensor of its shape
            shape, dtype = self.alloc[(k, buffer)]
            v = self.empty(shape, dtype, k, buffer)
            self.env[(k, buffer)] = v
            return v
        raise IreeEmitError(f"device {k}: buffer '{buffer}' has no value here (schedule bug)", loc)

    def empty(self, shape, dtype: str, k: int, hint: str) -> _Val:
        name = self.fresh(f"{hint}_empty")
        t = _tensor_type(shape, dtype)
        self.emit(f"{name} = tensor.empty() : {t}")
        return _Val(self.place(name, t, k), t, tuple(shape), dtype, k)

    def place(self, name: str, t: str, k: int) -> str:
        """``name`` (a value of type ``t`` of device ``k``) pinned to device ``k`` with a
        ``flow.tensor.transfer`` when the mesh has several devices. Not a data move (not counted in
        :attr:`transfers`). Two kinds of values need it with IREE 3.13:

        * a value made from no tensor operand (an empty tensor, a constant): IREE merges such identical
          values of different devices and then leaves the dispatches that write into them without an
          executable target ("failed to legalize operation 'stream.executable'");
        * a result of a region op (an op with a region-flow model: :mod:`meshc.interfaces.region_flow`;
          :meth:`pin_results`)."""
        if len(self.s.devices) < 2:
            return name
        placed = self.fresh(f"{name.lstrip('%')}_on{k}")
        self.emit(f"{placed} = flow.tensor.transfer {name} : {t} to {_affinity(k)}")
        return placed

    def pin_results(self, k: int, buffers) -> None:
        """The tensor values of device ``k``'s ``buffers`` (results of a region op: ``scf.for``, ``scf.while``,
        ``scf.if``) pinned to ``k`` (:meth:`place`). IREE 3.13 inlines ``@NAME_sharded`` into ``@NAME``,
        which drops the results' ``iree.abi.affinity``: a loop-carried value then has users on two devices
        (its next trip on ``k``, the gather onto ``@dev0``), IREE places it on both, and the loop's ops
        reading only such values (a ``linalg.reduce`` into a carried accumulator) on none; iree-compile
        then crashes (in OutlineMemoizeRegionsPass). The transfer keeps every user of the region op's
        results on ``k``."""
        for b in buffers:
            v = self.env.get((k, b))
            if v is not None and v.shape is not None:
                self.env[(k, b)] = _Val(self.place(v.name, v.type, k), v.type, v.shape, v.dtype, k)

    def hold(self, v: _Val, hint: str) -> _Val:
        """``v`` behind ``util.optimization_barrier``: IREE 3.13 then does not fuse the kernel that made it
        with what follows (a collective's fold, which waits for the other devices: the device's compute
        would wait too, and such a fused dispatch of a multi-device module can lose its executable
        target, "failed to legalize operation 'stream.executable'")."""
        if v.shape is None:
            return v
        name = self.fresh(f"{hint}_held")
        self.emit(f"{name} = util.optimization_barrier {v.name} : {v.type}")
        return _Val(name, v.type, v.shape, v.dtype, v.device)

    def transfer(self, v: _Val, dst: int, kind: str, hint: str) -> _Val:
        """``v`` on device ``dst`` (itself when already there); counts the bytes."""
        if v.device == dst:
            return v
        if v.shape is not None and 0 in v.shape:  # an empty shard: nothing to move (IREE 3.13 fails on some)
            return self.empty(v.shape, v.dtype, dst, f"{hint}_on{dst}")
        nbytes = _itemsize(v.dtype) * (1 if v.shape is None else _prod(v.shape))
        scope = None
        if self.frame is not self.root:  # inside a region op's block: counted per run of the block
            scope = self.frame.scope
            self.frame.moves = True
        self.transfers.append(Transfer(dst, v.device, nbytes, kind, scope))
        if v.shape is None:  # a scalar is a VM value, usable on every device
            return _Val(v.name, v.type, None, v.dtype, dst)
        name = self.fresh(f"{hint}_to{dst}")
        self.emit(f"{name} = flow.tensor.transfer {v.name} : {v.type} to {_affinity(dst)}")
        return _Val(name, v.type, v.shape, v.dtype, dst)

    def extract(self, v: _Val, offsets, sizes, hint: str) -> _Val:
        if v.shape is None or (tuple(sizes) == v.shape and not any(offsets)):
            return v
        if 0 in sizes:  # an empty slice (its offset may be the dim's size, which extract_slice refuses)
            return self.empty(sizes, v.dtype, v.device, hint)
        name = self.fresh(f"{hint}_slice")
        t = _tensor_type(sizes, v.dtype)
        self.emit(f"{name} = tensor.extract_slice {v.name}[{_ints(offsets)}] [{_ints(sizes)}] "
                  f"[{_ints([1] * len(sizes))}] : {v.type} to {t}")
        return _Val(name, t, tuple(sizes), v.dtype, v.device)

    def insert(self, piece: _Val, dest: _Val, offsets, hint: str) -> _Val:
        sizes = piece.shape or ()
        if 0 in sizes:  # nothing to insert
            return dest
        name = self.fresh(hint)
        self.emit(f"{name} = tensor.insert_slice {piece.name} into {dest.name}[{_ints(offsets)}] [{_ints(sizes)}] "
                  f"[{_ints([1] * len(sizes))}] : {piece.type} into {dest.type}")
        return _Val(name, dest.type, dest.shape, dest.dtype, dest.device)

    def divide(self, v: _Val, n: int, hint: str) -> _Val:
        """``v / n`` on ``v``'s device: ``arith.divf`` for floats, ``arith.floordivsi`` (numpy's ``//``) for
        integers, by a splat constant (the average of :meth:`meshc.sharding.spec.ReductionKind.reduce`)."""
        is_float = bool(_FLOAT.match(v.dtype))
        const = self.fresh(f"{hint}_n")
        self.emit(f"{const} = arith.constant dense<{float(n) if is_float else n}> : {v.type}")
        const = self.place(const, v.type, v.device)
        return self.combine("arith.divf" if is_float else "arith.floordivsi", v, _Val(const, v.type, v.shape,
                                                                                     v.dtype, v.device), hint)

    def combine(self, op: str, a: _Val, b: _Val, hint: str) -> _Val:
        name = self.fresh(hint)
        self.emit(f"{name} = {op} {a.name}, {b.name} : {a.type}")
        return _Val(name, a.type, a.shape, a.dtype, a.device)

    # steps
    def kernel(self, k: int, step: Kernel) -> None:
        op = step.op
        loc = step.location
        dialect = op.name.split(".", 1)[0]
        if op.name == "util.global.load":
            self.global_load(k, step)
            return
        if dialect not in KERNEL_DIALECTS:
            raise IreeEmitError(f"'{op.name}' op (device {k}) cannot be lowered to IREE: the IREE backend emits ops "
                                f"of the {', '.join(KERNEL_DIALECTS)} dialects only", loc)
        for inner in op.walk():
            if inner.name.split(".", 1)[0] not in KERNEL_DIALECTS:
                raise IreeEmitError(f"'{inner.name}' op inside '{op.name}' (device {k}) cannot be lowered to IREE",
                                    inner.location if inner.location != UNKNOWN_LOC else loc)
        for r in op.results:  # static, unencoded types only (raises, naming the type)
            _parse_type(str(r.type), loc)
        from meshc.dialects.linalg import ElementwiseOp, StructuredOp

        if isinstance(op, StructuredOp) and 0 in op.static_loop_ranges():
            self.no_iterations(k, step)
            return
        if isinstance(op, ElementwiseOp):  # IREE 3.13 reads no named elementwise linalg op: a linalg.generic
            self.elementwise(k, step)
            return
        p = self.p
        for value, buffer in list(zip(op.operands, step.inputs)) + list(zip(captured_values(op) if op.regions else [],
                                                                              step.captures)):
            v = self.value(k, buffer, loc)
            if v.device != k and v.shape is not None:
                raise IreeEmitError(f"device {k}: '{op.name}' reads buffer '{buffer}' of device {v.device} "
                                    "(schedule bug)", loc)
            p._names[id(value)] = v.name[1:]
        for r in op.results:  # fresh, unique names for the results (the printer reuses names it has)
            p._names.pop(id(r), None)
            if len(op.results) == 1:
                p._names[id(r)] = self.fresh(r.name_hint or "v")[1:]
        if self.blocked_contraction(k, step):
            return
        p.parts = []
        p.print_op(op)
        text = self.local_types(k, step, _transposed_matmul_as_maps(op.name, p.text()))
        if "#mesh" in text:
            raise IreeEmitError(f"'{op.name}' op (device {k}) still carries a mesh sharding; the IREE backend "
                                "needs the unrolled per-device form", loc)
        if loc.known:  # iree-compile's errors then point at the user's source
            text += f' loc("{_escape(loc.file)}":{loc.line}:{loc.col})'
            self.locs[len(self.lines)] = loc
        self.lines.append(self.pad() + text)
        counts = self.kernels[k]
        counts[op.name] = counts.get(op.name, 0) + 1
        for r, buffer in zip(op.results, step.outputs):
            rname = p._names[id(r)]  # a result of a group %x:2 is used as %x#0
            shape, dtype = _parse_type(str(r.type), loc)
            name = "%" + rname
            if op.name == "arith.constant" and shape is not None:  # a tensor constant: pinned to its device
                name = self.place(name, str(r.type), k)
            self.env[(k, buffer)] = _Val(name, str(r.type), shape, dtype, k)
            self.alloc.pop((k, buffer), None)
        from meshc.interfaces.region_flow import region_flow_model

        if region_flow_model(op) is not None:  # a region op (scf.for, scf.while, scf.if...), not a linalg body
            self.pin_results(k, step.outputs)

    def local_types(self, k: int, step: Kernel, text: str) -> str:
        """``text`` (kernel ``step``'s op printed) with each sharded operand or result type of the op
        replaced by its unsharded form when device ``k``'s buffer holds the whole tensor (a replicated
        value, or one gathered in full: a top-level ``tensor.extract`` of a replicated tensor reads such a
        buffer). A type whose device buffer is a shard of it is left as it is (the caller reports it)."""
        from meshc.dialects.mesh import sharding_of, strip_sharding

        op = step.op
        pairs = [(v.type, self.env.get((k, b))) for v, b in zip(op.operands, step.inputs)]
        pairs += [(r.type, self.alloc.get((k, b))) for r, b in zip(op.results, step.outputs)]
        for t, held in pairs:
            if sharding_of(t) is None or held is None:
                continue
            shape = held.shape if isinstance(held, _Val) else held[0]
            if shape is not None and tuple(shape) == tuple(getattr(t, "shape", ())):
                text = text.replace(str(t), str(strip_sharding(t)))
        return text

    def blocked_contraction(self, k: int, step: Kernel) -> bool:
        """A matmul or batch matmul (any operand maps) whose one reduction loop is longer than
        :data:`REDUCTION_BLOCK_ABOVE` printed as a chain of ``linalg.matmul``/``linalg.batch_matmul`` over
        consecutive blocks of :data:`REDUCTION_BLOCK` of that loop, each block's result the next one's init
        (``init + sum over the blocks``: the op's own value, summed block after block). Returns False (nothing
        printed) for any other op.

        Why (IREE 3.13, llvm-cpu, data tiling): each 16x16 tile of the ``linalg.mmt4d`` ukernel walks the whole
        reduction, reading a 16 x K panel of each operand (256 KiB each at K = 4096 f32), which does not stay in
        cache; blocks of 512 cut a 512x4096x4096 f32 matmul from about 1.7 to 1.3 times np.matmul's CPU
        time (docs/iree.md, "Performance"). A block's operand slice that is not contiguous in memory goes
        through ``util.optimization_barrier`` (IREE then copies it out first): fused into the encoding
        dispatch, IREE 3.13 fails to compile it ("exceeded stack allocation limit"); a contiguous one (the
        rows of a row-major ``KxN`` right-hand side) is packed in place."""
        from meshc.dialects.linalg import ContractionOp

        op = step.op
        if not isinstance(op, ContractionOp) or len(op.inputs) != 2 or len(op.inits) != 1 or len(op.results) != 1:
            return False
        loops = op.spec[0]
        base = {"mnk": "linalg.matmul", "bmnk": "linalg.batch_matmul"}.get(loops)
        if base is None or set(op.attributes) - {"operandSegmentSizes", "indexing_maps", "linalg.memoized_indexing_maps"}:
            return False  # other loops (batch_reduce_matmul, matvec, ...), or attributes such as a cast function
        try:
            ins, out = op.einsum_spec().split("->")
        except ValueError:
            return False
        lhs_l, rhs_l = ins.split(",")
        reduced = [c for c in loops if c not in out]
        loc = step.location
        lhs, rhs, init = (self.value(k, b, loc) for b in step.inputs)
        if (len(reduced) != 1 or len(out) != len(loops) - 1 or lhs.shape is None or rhs.shape is None
                or init.shape is None or lhs_l.count(reduced[0]) != 1 or rhs_l.count(reduced[0]) != 1):
            return False
        r = reduced[0]
        da, db = lhs_l.index(r), rhs_l.index(r)
        extent = lhs.shape[da]
        if extent <= REDUCTION_BLOCK_ABOVE or rhs.shape[db] != extent:
            return False
        dims = ", ".join(f"d{i}" for i in range(len(loops)))
        maps = ", ".join(f"affine_map<({dims}) -> ({', '.join(f'd{loops.index(c)}' for c in letters)})>"
                         for letters in (lhs_l, rhs_l, out))
        where = f' loc("{_escape(loc.file)}":{loc.line}:{loc.col})' if loc.known else ""
        hint = op.results[0].name_hint or "v"
        acc = init
        for start in range(0, extent, REDUCTION_BLOCK):
            size = min(REDUCTION_BLOCK, extent - start)
            blocks = []
            for v, d, side in ((lhs, da, "lhs"), (rhs, db, "rhs")):
                offsets, sizes = [0] * len(v.shape), list(v.shape)
                offsets[d], sizes[d] = start, size
                piece = self.extract(v, offsets, sizes, f"{hint}_{side}{start}")
                if not _contiguous(v.shape, offsets, sizes):
                    piece = self.hold(piece, f"{hint}_{side}{start}")
                blocks.append(piece)
            a, b = blocks
            name = self.fresh(hint)
            if loc.known:
                self.locs[len(self.lines)] = loc
            self.emit(f"{name} = {base} indexing_maps = [{maps}] ins({a.name}, {b.name} : {a.type}, {b.type}) "
                      f"outs({acc.name} : {acc.type}) -> {acc.type}{where}")
            acc = _Val(name, acc.type, acc.shape, acc.dtype, k)
        counts = self.kernels[k]
        counts[op.name] = counts.get(op.name, 0) + 1
        self.env[(k, step.outputs[0])] = acc
        self.alloc.pop((k, step.outputs[0]), None)
        return True

    def no_iterations(self, k: int, step: Kernel) -> None:
        """A linalg structured op whose iteration space has a loop of size 0 (e.g. a matmul whose
        contraction dim is split into an empty shard): no iteration runs, so each result is its init as
        it is and no kernel is printed (IREE 3.13 crashes compiling such a matmul under const-eval,
        in AnnotateDispatchesPass)."""
        op = step.op
        operand_buffers = dict(zip(map(id, op.operands), step.inputs))
        inits = [v for v in op.inits if str(v.type).startswith("tensor<")]
        for init, buffer in zip(inits, step.outputs):
            self.env[(k, buffer)] = self.value(k, operand_buffers[id(init)], step.location)
            self.alloc.pop((k, buffer), None)
        counts = self.kernels[k]
        counts[op.name] = counts.get(op.name, 0) + 1

    def global_load(self, k: int, step: Kernel) -> None:
        """``util.global.load`` of an immutable global with a ``dense<...>`` initial value: an
        ``arith.constant`` of that value on device ``k`` (each device its own copy, as the threaded
        runtime's interpreters hold one each).

        Raises IreeEmitError for a mutable global or one without a dense initial value (a
        ``#stream.parameter.named`` parameter: its data is given at run time, which the module does not
        take)."""
        from meshc.ir.attributes import DenseElementsAttr

        op, loc = step.op, step.location
        g = op.global_op()
        if g is None and self.s.module is not None:
            from meshc.dialects.util import GlobalOp

            g = next((o for o in self.s.module.walk() if isinstance(o, GlobalOp) and o.sym_name == op.global_name),
                     None)
        init = g.initial_value if g is not None else None
        value = None
        if g is not None and not g.is_mutable and not isinstance(init, DenseElementsAttr) and self.parameters:
            value = self.parameter(g, k)
        if g is None or g.is_mutable or (value is None and not isinstance(init, DenseElementsAttr)):
            what = ("a mutable global" if g is not None and g.is_mutable else
                    f"a global initialised with {self.p.attr(init)}" if init is not None else "a global without a "
                    "dense initial value")
            raise IreeEmitError(f"'util.global.load' op of @{op.global_name} (device {k}) cannot be lowered to "
                                f"IREE: {what[:120]}; the IREE backend lowers loads of immutable globals with a "
                                "dense<...> initial value only", loc)
        (r,) = op.results
        shape, dtype = _parse_type(str(r.type), loc)
        name = self.fresh(r.name_hint or op.global_name)
        where = f' loc("{_escape(loc.file)}":{loc.line}:{loc.col})' if loc.known else ""
        if loc.known:
            self.locs[len(self.lines)] = loc
        text = self.p.attr(init) if value is None else value
        self.lines.append(f"{self.pad()}{name} = arith.constant {text}{where}")  # the attribute has its type
        name = self.place(name, str(r.type), k)
        counts = self.kernels[k]
        counts[op.name] = counts.get(op.name, 0) + 1
        self.env[(k, step.outputs[0])] = _Val(name, str(r.type), shape, dtype, k)
        self.alloc.pop((k, step.outputs[0]), None)

    def parameter(self, g, k: int) -> Optional[str]:
        """The ``dense<"0x...">`` attribute text of parameter global ``g``'s data in :attr:`parameters`
        (``{scope: {key: array}}``; read and checked by the reference interpreter's rule,
        :func:`meshc.frontends.parameters.parameter_value`), None when
        ``g`` is not a ``#stream.parameter.named`` global.

        Raises IreeEmitError for data the interpreter refuses (missing, wrong shape or dtype) or an
        element type whose bytes are not its bits (``i1``)."""
        from meshc.frontends.parameters import parameter_ref

        if parameter_ref(g.initial_value) is None:
            return None
        from meshc.frontends.parameters import parameter_value
        from meshc.ir.types import element_type_of, numpy_dtype

        try:
            array = parameter_value(self.parameters or {}, g, parameter_ref(g.initial_value),
                                    numpy_dtype(element_type_of(g.type)))
        except DiagnosticError as err:
            raise IreeEmitError(str(err).split(": error: ", 1)[-1], g.location) from None
        shape, dtype = _parse_type(str(g.type), g.location)
        import numpy as np

        array = np.ascontiguousarray(array)
        if dtype == "i1" or array.dtype.byteorder == ">":
            raise IreeEmitError(f"global @{g.sym_name}: parameter data of {dtype} is not lowered to IREE", g.location)
        return f'dense<"0x{array.tobytes().hex().upper()}"> : {g.type}'

    def elementwise(self, k: int, step: Kernel) -> None:
        """A named elementwise linalg op (``linalg.exp``, ``linalg.add``...) printed as the
        ``linalg.generic`` it stands for (identity maps, parallel loops; the payload of
        ``LinalgNamedStructuredOps.yaml``), since IREE 3.13's parser does not know the named forms.

        Raises IreeEmitError for a function or element type without a payload here."""
        op, loc = step.op, step.location
        ins = [self.value(k, b, loc) for b in step.inputs]
        init, args = ins[-1], ins[:-1]
        if init.shape is None:
            raise IreeEmitError(f"'{op.name}' op on a scalar init is not lowered to IREE", loc)
        elem = init.dtype
        fn = op.name.split(".", 1)[1]
        is_float = bool(_FLOAT.match(elem))
        names = [self.fresh(f"in{i}") for i in range(len(args))]
        out = self.fresh("out")
        y = self.fresh(f"{fn}_v")
        body = _elementwise_body(fn, names, elem, is_float, y, self.fresh)
        if body is None:
            raise IreeEmitError(f"'{op.name}' op on {elem} (device {k}) is not lowered to IREE", loc)
        rank = len(init.shape)
        dims = ", ".join(f"d{i}" for i in range(rank))
        ident = f"affine_map<({dims}) -> ({dims})>"
        maps = ", ".join([ident] * (len(args) + 1))
        iters = ", ".join(['"parallel"'] * rank)
        arg_types = [a.type for a in args]
        block_args = ", ".join(f"{n}: {a.dtype if a.shape is not None else a.type}" for n, a in zip(names, args))
        result = self.fresh(op.results[0].name_hint or fn)
        where = f' loc("{_escape(loc.file)}":{loc.line}:{loc.col})' if loc.known else ""
        text = (f"{result} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iters}]}} "
                f"ins({', '.join(a.name for a in args)} : {', '.join(arg_types)}) outs({init.name} : {init.type}) {{\n"
                f"    ^bb0({block_args}, {out}: {elem}):\n"
                + "".join(f"      {line}\n" for line in body)
                + f"      linalg.yield {y} : {elem}\n"
                f"    }} -> {init.type}{where}")
        if loc.known:
            self.locs[len(self.lines)] = loc
        self.lines.append(self.pad() + text)
        counts = self.kernels[k]
        counts[op.name] = counts.get(op.name, 0) + 1
        self.env[(k, step.outputs[0])] = _Val(result, init.type, init.shape, elem, k)
        self.alloc.pop((k, step.outputs[0]), None)

    def remote(self, k: int, step) -> None:
        loc = step.location
        src = self.env.get((step.src_device, step.src_buffer))
        if src is None:
            raise IreeEmitError(f"device {k}: {step.describe()} reads a buffer with no value (schedule bug)", loc)
        if step.offsets is not None:
            src = self.extract(src, step.offsets, step.sizes, step.buffer)
        moved = self.transfer(src, k, step.kind, step.buffer)
        self.env[(k, step.buffer)] = moved
        self.alloc.pop((k, step.buffer), None)

    def halo(self, k: int, step: HaloExchange) -> None:
        loc = step.location
        if (k, step.output) in self.alloc:
            shape, dtype = self.alloc.pop((k, step.output))
            out = self.empty(shape, dtype, k, step.output)
        else:
            out = self.value(k, step.output, loc)
        for part in step.parts:
            src = self.env.get((part.src_device, part.src_buffer))
            if src is None:
                raise IreeEmitError(f"device {k}: halo slab from device {part.src_device} '{part.src_buffer}' has "
                                    "no value (schedule bug)", loc)
            piece = self.extract(src, part.src_offsets, part.sizes, f"{step.output}_halo")
            piece = self.transfer(piece, k, "peer_read" if part.mode == "peer_read" else "copy", step.output)
            out = self.insert(piece, out, part.dst_offsets, f"{step.output}_halo")
        self.env[(k, step.output)] = out

    def collective(self, spec, members: list[int], steps: dict[int, Collective]) -> None:
        """Lower one group's part of collective ``spec`` (module docstring)."""
        loc = spec.location
        ins = [self.value(m, steps[m].input, loc) for m in members]
        if any(v.shape is None for v in ins):
            raise IreeEmitError(f"collective {spec.describe()}: scalar buffers are not lowered to IREE", loc)
        outs = []
        for m, v in zip(members, ins):
            step = steps[m]
            shape = self.alloc.get((m, step.output), (v.shape, v.dtype))[0] if step.output != step.input else v.shape
            outs.append(tuple(shape))
        kind = spec.kind
        a = spec.attributes
        dtype = ins[0].dtype
        hint = spec.instance

        def op_for(reduction: str) -> str:
            table = _COMBINE_FLOAT if _FLOAT.match(dtype) else _COMBINE_INT
            if reduction not in table:
                raise IreeEmitError(f"collective {spec.describe()}: a '{reduction}' reduction of {dtype} is not "
                                    "lowered to IREE (sum, product, max, min; bitwise ones for integers)", loc)
            return table[reduction]

        def pieces_along(dim: int) -> list[int]:
            starts = [0]
            for s in outs:
                starts.append(starts[-1] + s[dim])
            return starts

        results: list[_Val] = []
        if kind in ("all_reduce", "reduce_scatter"):
            reduction = a.get("reduction", "sum")
            op = op_for("sum" if reduction == "average" else reduction)
            d = a.get("scatter_axis")
            starts = pieces_along(d) if kind == "reduce_scatter" else None
            # every move first, then the folds (a device's fold then does not hold the others' moves back)
            received: list[list[_Val]] = []
            for i, m in enumerate(members):
                row = []
                for j, v in enumerate(ins):
                    piece = v
                    if starts is not None:
                        offs = [0] * len(v.shape)
                        offs[d] = starts[i]
                        piece = self.extract(v, offs, outs[i], f"{hint}_p{members[j]}")
                    if j == i:
                        row.append(self.hold(piece, f"{hint}_p{m}"))
                    else:
                        row.append(self.transfer(piece, m, "collective", f"{hint}_p{members[j]}"))
                received.append(row)
            for i, m in enumerate(members):
                acc = None
                for piece in received[i]:
                    acc = piece if acc is None else self.combine(op, acc, piece, f"{hint}_r{m}")
                if reduction == "average":  # the sum divided by the group size (ReductionKind.reduce)
                    acc = self.divide(acc, len(members), f"{hint}_avg{m}")
                results.append(acc)
        elif kind == "all_gather":
            d = a["gather_axis"]
            for i, m in enumerate(members):
                out = self.empty(outs[i], dtype, m, f"{hint}_d{m}")
                at = 0
                for j, v in enumerate(ins):
                    piece = self.transfer(v, m, "collective", f"{hint}_p{members[j]}")
                    offs = [0] * len(v.shape)
                    offs[d] = at
                    at += v.shape[d]
                    out = self.insert(piece, out, offs, f"{hint}_g{m}")
                results.append(out)
        elif kind == "all_slice":
            d = a["slice_axis"]
            starts = pieces_along(d)
            for i, v in enumerate(ins):
                offs = [0] * len(v.shape)
                offs[d] = starts[i]
                results.append(self.extract(v, offs, outs[i], f"{hint}_s{members[i]}"))
        elif kind == "all_to_all":
            split, concat = a["split_axis"], a["concat_axis"]
            starts = pieces_along(split)
            for i, m in enumerate(members):
                out = self.empty(outs[i], dtype, m, f"{hint}_d{m}")
                at = 0
                for j, v in enumerate(ins):
                    sizes = list(v.shape)
                    sizes[split] = outs[i][split]
                    offs = [0] * len(v.shape)
                    offs[split] = starts[i]
                    piece = self.extract(v, offs, sizes, f"{hint}_p{members[j]}")
                    piece = self.transfer(piece, m, "collective", f"{hint}_p{members[j]}")
                    dst = [0] * len(v.shape)
                    dst[concat] = at
                    at += v.shape[concat]
                    out = self.insert(piece, out, dst, f"{hint}_a{m}")
                results.append(out)
        else:
            raise IreeEmitError(f"collective {spec.describe()} is not lowered to IREE", loc)
        for m, out, shape in zip(members, results, outs):
            if out.shape != shape:
                raise IreeEmitError(f"collective {spec.describe()}: device {m} receives shape {list(out.shape)} but "
                                    f"allocated {list(shape)}", loc)
            self.env[(m, steps[m].output)] = out
            self.alloc.pop((m, steps[m].output), None)

    # run counters of region op blocks (per-trip transfer bytes)
    def counter(self, frame: Optional["_Frame"], scope: int) -> str:
        """The name holding block ``scope``'s runs so far, as seen in ``frame`` (a block being emitted;
        None: the function's top level, where it is 0): a block carried around a loop (``scf.for``,
        ``scf.while``) gets a block argument for it, which :meth:`region_op` threads through the op; a
        branch of an ``scf.if`` sees the value from above."""
        name = frame.cur.get(scope)  # type: ignore[union-attr]
        if name is None:
            if frame.carried:  # type: ignore[union-attr]
                name = self.fresh(f"runs{scope}_in")
                frame.args.append((scope, name))  # type: ignore[union-attr]
            elif frame.parent is None:  # type: ignore[union-attr]
                return self.zero
            else:
                name = self.counter(frame.parent, scope)  # type: ignore[union-attr]
            frame.cur[scope] = name  # type: ignore[union-attr]
        return name

    def count_run(self, frame: "_Frame") -> None:
        """At the end of a block that moves data: its counter plus one."""
        if frame.moves:
            name = self.fresh(f"runs{frame.scope}")
            self.emit(f"  {name} = arith.addi {self.counter(frame, frame.scope)}, {self.one} : index")
            frame.cur[frame.scope] = name
            if frame.scope not in self.scopes:
                self.scopes.append(frame.scope)

    # region ops partitioned in place (their bodies hold local-view collectives)
    def region_step(self, members: list[int], steps: dict[int, Kernel]) -> None:
        """The Kernel steps of one region op whose body holds local-view collectives (``steps[m].body``
        lists them: :mod:`meshc.backend.region_body`), one per device of ``members``, emitted as ONE op of
        the same kind whose carried values, results and body are every member's: each member's
        device-local body ops as its kernels (:meth:`kernel`), each in-body collective lowered between
        them as the top-level ones are (:meth:`collective`). IREE compiles the device-local ops into
        dispatches of their devices and runs the control flow (the loop's trips, the branch taken) on the
        host, around them. The bounds, step and condition are device ``members[0]``'s: they are replicated
        scalars (every device holds the same value, as the runtimes' in-body collectives also require:
        :mod:`meshc.runtime.body_collectives`). The members' ops may be different IR ops of one shape
        (per-device instances): they are walked in step.

        Raises:
            IreeEmitError: a region op other than ``scf.for``, ``scf.while``, ``scf.if`` around a collective,
                members whose bodies differ in their ops, a collective whose group is not among ``members``,
                or a dynamic collective shape.
        """
        ops = {m: steps[m].op for m in members}
        nodes: dict[tuple[int, int], BodyCollective] = {}

        def collect(m: int, ns) -> None:
            for n in ns:
                if isinstance(n, BodyCollective):
                    nodes[(m, id(n.op))] = n
                elif isinstance(n, BodyLoop):
                    collect(m, n.body)
                elif isinstance(n, BodyBranch):
                    for b in n.branches:
                        collect(m, b)

        saved = {}
        for m in members:
            step, op = steps[m], ops[m]
            collect(m, step.body)
            for v, b in list(zip(op.operands, step.inputs)) + list(zip(captured_values(op), step.captures)):
                self.env[(m, _body_buffer(v))] = self.value(m, b, step.location)
            saved[m] = dict(self.kernels[m])
        self.region_op(ops, members, nodes)
        for m in members:
            op = ops[m]
            self.kernels[m] = saved[m]
            self.kernels[m][op.name] = self.kernels[m].get(op.name, 0) + 1
            for r, b in zip(op.results, steps[m].outputs):
                self.env[(m, b)] = self.env[(m, _body_buffer(r))]
                self.alloc.pop((m, b), None)
            self.pin_results(m, steps[m].outputs)
        for key in [key for key in list(self.env) + list(self.alloc) if key[1].startswith("%@")]:
            self.env.pop(key, None)
            self.alloc.pop(key, None)

    def region_op(self, ops: dict, members: list[int], nodes: dict) -> None:
        """Region op ``ops[m]`` of every member ``m`` (``scf.for``, ``scf.while`` or ``scf.if``) as one op (see
        :meth:`region_step`); operands are bound in :attr:`env` under :func:`_body_buffer` names, and so are
        the results when it returns."""
        from meshc.dialects.scf import ForOp, IfOp, WhileOp

        first = members[0]
        op0 = ops[first]
        loc = op0.location

        def val(m: int, v) -> _Val:
            return self.value(m, _body_buffer(v), loc)

        def bind(m: int, v, name: str, like: _Val) -> None:
            self.env[(m, _body_buffer(v))] = _Val(name, like.type, like.shape, like.dtype, m)

        def each(values_of) -> list[tuple[int, int, _Val]]:
            """(member, position, value) of each member's values ``values_of(ops[m])``, member-major"""
            return [(m, i, val(m, v)) for m in members for i, v in enumerate(values_of(ops[m]))]

        def args(values, hint: str) -> list[tuple[int, int, _Val, str]]:
            return [(m, i, v, self.fresh(f"{hint}{i}_d{m}")) for m, i, v in values]

        def bind_args(named, block_args_of) -> None:
            for m, i, v, name in named:
                bind(m, block_args_of(ops[m])[i], name, v)

        def types(vals) -> str:
            return ", ".join(v[2].type for v in vals)

        def names(vals) -> str:
            return ", ".join(v[2].name for v in vals)

        def results(vals) -> str:
            if not vals:
                return ""
            name = self.fresh(op0.results[0].name_hint or "region")
            for j, (m, i, v, *_) in enumerate(vals):
                bind(m, ops[m].results[i], name if len(vals) == 1 else f"{name}#{j}", v)
            return f"{name}{':%d' % len(vals) if len(vals) > 1 else ''} = "

        def same(vals, carried, what: str) -> None:
            for (m, i, v), (_, _, a, *_) in zip(vals, carried):
                if v.type != a.type:
                    raise IreeEmitError(f"'{op0.name}' (device {m}): {what} {v.type} in position {i} where it "
                                        f"carries {a.type}", loc)

        outer = self.frame
        if not hasattr(self, "zero"):  # the counters' constants, at the top level before the first region op
            self.zero, self.one = self.fresh("runs_zero"), self.fresh("runs_one")
            self.emit(f"{self.zero} = arith.constant 0 : index")
            self.emit(f"{self.one} = arith.constant 1 : index")

        def body(block_of, carried: bool) -> _Frame:
            """Emit block ``block_of(op)`` of every member in a new counter frame; returns it."""
            frame = _Frame(self.next_scope, outer, carried)
            self.next_scope += 1
            self.frame = frame
            self.depth += 1
            self.body_ops({m: block_of(ops[m]) for m in members}, members, nodes)
            self.count_run(frame)
            self.depth -= 1
            self.frame = outer
            return frame

        def yield_line(vals, extra=()) -> str:
            extra = list(extra)
            if not vals and not extra:
                return self.pad() + "  scf.yield"
            return (self.pad() + "  scf.yield " + ", ".join([v[2].name for v in vals] + extra) + " : "
                    + ", ".join([v[2].type for v in vals] + ["index"] * len(extra)))

        def counted_results(vals, scopes: list) -> str:
            """``results(vals)`` with a result per counter of ``scopes`` after them, bound in ``outer``."""
            n = len(vals) + len(scopes)
            if not scopes:
                return results(vals)
            name = self.fresh(op0.results[0].name_hint if op0.results else "region")
            for j, (m, i, v, *_) in enumerate(vals):
                bind(m, ops[m].results[i], name if n == 1 else f"{name}#{j}", v)
            for j, sc in enumerate(scopes):
                outer.cur[sc] = name if n == 1 else f"{name}#{len(vals) + j}"
            return f"{name}{':%d' % n if n > 1 else ''} = "

        def typelist(vals, k: int) -> str:
            return ", ".join([v[2].type for v in vals] + ["index"] * k)

        at = len(self.lines)
        if loc.known:
            self.locs[at] = loc
        self.lines.append("")  # the op's first line, written once its result types are known
        where = f' loc("{_escape(loc.file)}":{loc.line}:{loc.col})' if loc.known else ""
        if isinstance(op0, ForOp):
            lb, ub, st = (val(first, v) for v in op0.operands[:3])
            iv = self.fresh("iv")
            for m in members:
                self.env[(m, _body_buffer(ops[m].induction_var))] = _Val(iv, lb.type, None, lb.dtype, m)
            carried = args(each(lambda o: o.init_args), "it")
            bind_args(carried, lambda o: o.region_iter_args)
            frame = body(lambda o: o.body, True)
            ys = each(lambda o: o.body.terminator.operands)
            same(ys, carried, "its body yields")
            scopes = [sc for sc, _ in frame.args]
            if ys or scopes:
                self.lines.append(yield_line(ys, [frame.cur[sc] for sc in scopes]))
            head = f"scf.for {iv} = {lb.name} to {ub.name} step {st.name}"
            inits = [f"{n} = {v.name}" for _, _, v, n in carried] + [
                f"{n} = {self.counter(outer, sc)}" for sc, n in frame.args]
            if inits:
                head += f" iter_args({', '.join(inits)}) -> ({typelist(carried, len(scopes))})"
            if lb.type != "index":
                head += f" : {lb.type}"
            self.lines[at] = self.pad() + counted_results(carried, scopes) + head + " {"
        elif isinstance(op0, WhileOp):
            carried = args(each(lambda o: o.inits), "before")
            bind_args(carried, lambda o: o.before.args)
            before = body(lambda o: o.before, True)
            cond = val(first, op0.condition_op.condition)
            fwd = each(lambda o: o.condition_op.forwarded)
            cond_at = len(self.lines)
            self.lines.append("")  # the scf.condition, written once the counters it forwards are known
            after = args(fwd, "after")
            bind_args(after, lambda o: o.after.args)
            self.emit("} do {")
            bb_at = len(self.lines)
            self.lines.append("")
            frame = body(lambda o: o.after, True)
            ys = each(lambda o: o.yield_op.operands)
            same(ys, carried, "its after block yields")
            changed = True
            while changed:  # both blocks carry every counter either one threads (a fixed point)
                changed = False
                for sc, _ in list(before.args):
                    if sc not in frame.cur:
                        self.counter(frame, sc)
                        changed = True
                for sc, _ in list(frame.args):
                    if sc not in before.cur:
                        self.counter(before, sc)
                        changed = True
            scopes = [sc for sc, _ in before.args]
            after_arg = dict(frame.args)
            self.lines.append(yield_line(ys, [frame.cur[sc] for sc in scopes]))
            fwd_names = [v[2].name for v in fwd] + [before.cur[sc] for sc in scopes]
            self.lines[cond_at] = (self.pad() + f"  scf.condition({cond.name})"
                                   + (f" {', '.join(fwd_names)} : {typelist(fwd, len(scopes))}" if fwd_names else ""))
            self.lines[bb_at] = self.pad() + "^bb0(" + ", ".join(
                [f"{n}: {v.type}" for _, _, v, n in after] + [f"{after_arg[sc]}: index" for sc in scopes]) + "):"
            inits = ", ".join([f"{n} = {v.name}" for _, _, v, n in carried]
                              + [f"{n} = {self.counter(outer, sc)}" for sc, n in before.args])
            self.lines[at] = (self.pad() + counted_results(fwd, scopes) + f"scf.while ({inits}) : "
                              f"({typelist(carried, len(scopes))}) -> ({typelist(fwd, len(scopes))}) {{")
        elif isinstance(op0, IfOp):
            cond = val(first, op0.condition)
            then = body(lambda o: o.then_block, False)
            ys = each(lambda o: o.then_block.terminator.operands)
            then_at = len(self.lines)
            self.lines.append("")
            other, else_at = None, None
            if op0.else_block is not None:
                self.emit("} else {")
                other = body(lambda o: o.else_block, False)
                zs = each(lambda o: o.else_block.terminator.operands)
                same(zs, ys, "its else branch yields")
                else_at = len(self.lines)
                self.lines.append("")
            changed_in = [f for f in (then, other) if f is not None]
            scopes = [sc for sc in dict.fromkeys(k for f in changed_in for k in f.cur)
                      if any(f.cur.get(sc, None) not in (None, self.counter(outer, sc)) for f in changed_in)]
            self.lines[then_at] = yield_line(ys, [self.counter(then, sc) for sc in scopes]) if ys or scopes else ""
            if other is not None:
                self.lines[else_at] = (yield_line(zs, [self.counter(other, sc) for sc in scopes])
                                       if zs or scopes else "")
            elif scopes:  # the branch not taken keeps the counts from above
                self.emit("} else {")
                self.lines.append(yield_line([], [self.counter(outer, sc) for sc in scopes]))
            self.lines[at] = (self.pad() + counted_results(ys, scopes) + f"scf.if {cond.name}"
                              + (f" -> ({typelist(ys, len(scopes))})" if ys or scopes else "") + " {")
        else:
            raise IreeEmitError(f"'{op0.name}' op holding collectives in its body is not lowered to IREE (scf.for, "
                                "scf.while and scf.if are)", loc)
        self.emit("}" + where)

    def body_ops(self, blocks: dict, members: list[int], nodes: dict) -> None:
        """The ops of block ``blocks[m]`` (terminators left to the caller) of every member, in step: local-view
        collectives lowered once per group, region ops holding one merged (:meth:`region_op`), other ops as
        each member's kernels.

        Raises IreeEmitError when the members' blocks do not hold the same ops in the same order."""
        from meshc.backend.region_body import in_body_collective, region_body

        lists = {m: [o for o in blocks[m].ops if o is not blocks[m].terminator] for m in members}
        first = lists[members[0]]
        for m in members:
            if [o.name for o in lists[m]] != [o.name for o in first]:
                raise IreeEmitError(f"the region op's body on device {m} holds other ops than on device {members[0]}; "
                                    "the IREE backend emits such a body once for every device",
                                    blocks[members[0]].ops[0].location if blocks[members[0]].ops else UNKNOWN_LOC)
        for j, op in enumerate(first):
            ops = {m: lists[m][j] for m in members}
            if in_body_collective(op) is not None:
                self.body_collective(ops, members, nodes)
            elif op.regions and region_body(op):
                self.region_op(ops, members, nodes)
            else:
                for m, o in ops.items():
                    caps = captured_values(o) if o.regions else []
                    self.kernel(m, Kernel(op=o, inputs=tuple(_body_buffer(v) for v in o.operands),
                                          outputs=tuple(_body_buffer(r) for r in o.results),
                                          captures=tuple(_body_buffer(v) for v in caps), loc=o.location))

    def body_collective(self, ops: dict, members: list[int], nodes: dict) -> None:
        """In-body collective ``ops[m]`` of every member: each of its groups lowered by :meth:`collective` with
        its first member's listing (``nodes``: (device, id(op)) -> BodyCollective)."""
        op0 = ops[members[0]]
        loc = op0.location
        node = nodes.get((members[0], id(op0)))
        if node is None:
            raise IreeEmitError(f"'{op0.name}' in a region op's body is not in the schedule's body listing of "
                                f"device {members[0]} (schedule bug)", loc)
        for group in self.s.mesh.axis_groups(node.mesh_axes):
            if not set(group) & set(members):
                continue
            if not set(group) <= set(members):
                raise IreeEmitError(f"'{op0.name}' in a region op's body: its group {group} reaches devices that do "
                                    f"not run the region op (they run {members})", loc)
            steps = {}
            for m in group:
                mine = nodes.get((m, id(ops[m])))
                if mine is None or mine.out_shape is None:
                    raise IreeEmitError(f"'{op0.name}' in a region op's body (device {m}) needs a static result "
                                        "shape to be lowered to IREE", loc)
                src, dst = _body_buffer(ops[m].operands[0]), _body_buffer(ops[m].results[0])
                self.alloc[(m, dst)] = (tuple(mine.out_shape), mine.dtype)
                steps[m] = Collective(instance=node.instance, input=src, output=dst, loc=loc)
            self.collective(node.spec(), group, steps)
            for m in group:  # behind a barrier: IREE 3.13 otherwise folds the body's slices of an all_gather's
                # result through its insert_slice chain and crashes on the empties left without a device
                # (in ConvertToHALPass; a while loop whose body gathers its carried value and slices it back)
                key = (m, steps[m].output)
                self.env[key] = self.hold(self.env[key], f"{node.instance}_d{m}")

    # the replay
    def run(self) -> None:
        s = self.s
        n = len(s.devices)
        pc = [0] * n
        signalled: set[str] = set()
        groups: dict[str, list[list[int]]] = {
            name: [g for g in s.mesh.axis_groups(spec.mesh_axes) if set(g) <= set(s.participants(spec))]
            for name, spec in s.collectives.items()}
        done_groups: set[tuple[str, int]] = set()
        # a region op with in-body collectives (named by its first one: the members of a group name an in-body
        # collective alike, and every device runs the region op) -> the devices running it
        region_members: dict[tuple[str, str], list[int]] = {}
        for k in range(n):
            for step in s.devices[k].steps:
                if isinstance(step, Kernel) and step.body:
                    region_members.setdefault(_region_key(step), []).append(k)

        def ready(k: int) -> bool:
            steps = s.devices[k].steps
            return pc[k] < len(steps) and all(e in signalled for e in steps[pc[k]].wait)

        def finish(k: int) -> None:
            step = s.devices[k].steps[pc[k]]
            if step.signal is not None:
                signalled.add(step.signal)
            pc[k] += 1

        while any(pc[k] < len(s.devices[k].steps) for k in range(n)):
            progress = False
            # transfers first (other devices' data on its way before a device's own compute), then one kernel each
            for only_remote in (True, False):
                for k in range(n):
                    while ready(k):
                        step = s.devices[k].steps[pc[k]]
                        remote = isinstance(step, (PeerRead, Copy, HaloExchange, Allocate, Free))
                        if only_remote and not remote:
                            break
                        if isinstance(step, Kernel) and step.body:  # a region op with in-body collectives
                            members = region_members[_region_key(step)]
                            here = [m for m in members if ready(m) and isinstance(s.devices[m].steps[pc[m]], Kernel)
                                    and s.devices[m].steps[pc[m]].body
                                    and _region_key(s.devices[m].steps[pc[m]]) == _region_key(step)]
                            if len(here) != len(members):
                                break
                            self.region_step(members, {m: s.devices[m].steps[pc[m]] for m in members})
                            for m in members:
                                finish(m)
                            progress = True
                            continue
                        if isinstance(step, Collective):
                            spec = s.collectives[step.instance]
                            group = next(g for g in groups[step.instance] if k in g)
                            here = [m for m in group if ready(m) and isinstance(s.devices[m].steps[pc[m]], Collective)
                                    and s.devices[m].steps[pc[m]].instance == step.instance]
                            if len(here) != len(group):
                                break
                            self.collective(spec, group, {m: s.devices[m].steps[pc[m]] for m in group})
                            done_groups.add((step.instance, group[0]))
                            for m in group:
                                finish(m)
                            progress = True
                            continue
                        self.step(k, step)
                        finish(k)
                        progress = True
                        if not remote:
                            break
            if not progress:
                stuck = [f"device {k} at step {pc[k]} ({s.devices[k].steps[pc[k]].describe()})"
                         for k in range(n) if pc[k] < len(s.devices[k].steps)]
                raise IreeEmitError("the device schedules wait for each other in a cycle: " + "; ".join(stuck))

    def step(self, k: int, step) -> None:
        if isinstance(step, Allocate):
            self.alloc[(k, step.buffer)] = (tuple(step.shape), step.dtype)
            self.env.pop((k, step.buffer), None)
        elif isinstance(step, Kernel):
            if step.tile is not None:
                raise IreeEmitError(f"device {k}: '{step.op.name}' is computed tile by tile (reshard peer-tile, "
                                    "meshc.backend.peer_tile), which the IREE backend does not lower; run it with "
                                    "--backend threads or mpi, or without --peer-tile", step.location)
            self.kernel(k, step)
        elif isinstance(step, (PeerRead, Copy)):
            self.remote(k, step)
        elif isinstance(step, HaloExchange):
            self.halo(k, step)
        elif isinstance(step, Free):
            self.env.pop((k, step.buffer), None)
            self.alloc.pop((k, step.buffer), None)
        else:
            raise IreeEmitError(f"device {k}: step {step.describe()} is not lowered to IREE", step.location)


_UNARY_FLOAT = {"exp": "math.exp", "log": "math.log", "abs": "math.absf", "ceil": "math.ceil", "floor": "math.floor",
                "negf": "arith.negf", "round": "math.round", "sqrt": "math.sqrt", "rsqrt": "math.rsqrt",
                "tanh": "math.tanh", "erf": "math.erf"}
_BINARY_FLOAT = {"add": "arith.addf", "sub": "arith.subf", "mul": "arith.mulf", "div": "arith.divf",
                 "max": "arith.maximumf", "min": "arith.minimumf", "powf": "math.powf"}
_BINARY_INT = {"add": "arith.addi", "sub": "arith.subi", "mul": "arith.muli", "div": "arith.divsi",
               "div_unsigned": "arith.divui", "max": "arith.maxsi", "min": "arith.minsi"}


def _elementwise_body(fn: str, ins: list[str], elem: str, is_float: bool, y: str, fresh) -> Optional[list[str]]:
    """The payload lines of named elementwise op ``fn`` computing ``y`` from block arguments ``ins``
    (None: no payload for this function and element type)."""
    if fn == "select" and len(ins) == 3:
        return [f"{y} = arith.select {ins[0]}, {ins[1]}, {ins[2]} : {elem}"]
    if is_float and len(ins) == 1:
        x = ins[0]
        if fn in _UNARY_FLOAT:
            return [f"{y} = {_UNARY_FLOAT[fn]} {x} : {elem}"]
        if fn == "square":
            return [f"{y} = arith.mulf {x}, {x} : {elem}"]
        if fn == "reciprocal":
            one = fresh("one")
            return [f"{one} = arith.constant 1.0 : {elem}", f"{y} = arith.divf {one}, {x} : {elem}"]
    if len(ins) == 2:
        table = _BINARY_FLOAT if is_float else _BINARY_INT
        if fn in table:
            return [f"{y} = {table[fn]} {ins[0]}, {ins[1]} : {elem}"]
    return None


def _transposed_matmul_as_maps(name: str, text: str) -> str:
    """``linalg.matmul_transpose_a/b`` and ``linalg.batch_matmul_transpose_a/b`` (which IREE 3.13 no
    longer parses) printed as ``linalg.matmul``/``linalg.batch_matmul`` with the ``indexing_maps`` of
    their operands (the dialect's :data:`meshc.dialects.linalg.CONTRACTIONS` letters); other ops as is."""
    short = name.split(".", 1)[1] if name.startswith("linalg.") else ""
    if not short.endswith(("_transpose_a", "_transpose_b")) or f"{name} ins(" not in text:
        return text
    from meshc.dialects.linalg import CONTRACTIONS

    loops, *operands = CONTRACTIONS[short]
    dims = ", ".join(f"d{i}" for i in range(len(loops)))
    maps = ", ".join(f"affine_map<({dims}) -> ({', '.join(f'd{loops.index(c)}' for c in letters)})>"
                     for letters in operands)
    base = name.rsplit("_transpose_", 1)[0]
    return text.replace(f"{name} ins(", f"{base} indexing_maps = [{maps}] ins(", 1)


def _splat(value, dtype: str, is_tensor: bool) -> str:
    """The attribute text of ``value`` (a reduction identity, maybe +-inf) as element type ``dtype``: a splat
    ``dense<"0x...">`` of its bytes for a tensor (MLIR reads one element's bytes as a splat), a hex scalar
    literal otherwise.

    Raises IreeEmitError for ``i1``, whose bytes are not its bits."""
    import numpy as np

    from meshc.kernels.dtypes import numpy_dtype

    if dtype == "i1":
        raise IreeEmitError("a reduction identity of i1 is not lowered to IREE")
    raw = np.array(value, dtype=numpy_dtype(dtype)).astype(numpy_dtype(dtype).newbyteorder("<")).tobytes()
    if is_tensor:
        return f'dense<"0x{raw.hex().upper()}">'
    return "0x" + raw[::-1].hex().upper() if _FLOAT.match(dtype) else str(int(value))


def _region_key(step: Kernel) -> tuple[str, str]:
    """A region step with in-body collectives named alike on every device running it: its op's name and its
    first in-body collective's instance (pre-order of ``step.body``)."""
    todo = list(step.body)
    while todo:
        n = todo.pop(0)
        if isinstance(n, BodyCollective):
            return step.op.name, n.instance
        todo[:0] = list(n.body) if isinstance(n, BodyLoop) else [x for b in n.branches for x in b]
    return step.op.name, ""


def _body_buffer(value) -> str:
    """The :attr:`_Emitter.env` buffer name of IR value ``value`` of a region op's body while the op is emitted
    (:meth:`_Emitter.region_step`; no schedule buffer starts with ``%@``)."""
    return f"%@{id(value)}"


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _contiguous(shape: Sequence[int], offsets: Sequence[int], sizes: Sequence[int]) -> bool:
    """Whether the slice ``offsets``/``sizes`` of a row-major tensor of ``shape`` is one contiguous range of
    its elements: every dim before the first one the slice cuts has size 1 in the slice, every dim after
    it is whole."""
    cut = next((d for d in range(len(shape)) if sizes[d] != shape[d]), len(shape))
    return all(sizes[d] == 1 for d in range(cut)) and all(sizes[d] == shape[d] and offsets[d] == 0
                                                          for d in range(cut + 1, len(shape)))


def _prod(shape: Sequence[int]) -> int:
    out = 1
    for s in shape:
        out *= s
    return out


def _check_static(schedule: Schedule) -> None:
    for a in schedule.args:
        if any(d < 0 for d in a.shape):
            raise IreeEmitError(f"argument {a.index} has a dynamic shape; the IREE backend needs static shapes")


def emit_iree_module(program, target: Optional[str] = None, parameters: Optional[dict] = None) -> IreeModule:
    """The IREE input module of ``program`` (a :class:`meshc.backend.emit.Program`; module docstring).

    ``target``: the ``#hal.executable.target<...>`` text every device compiles
    for (default :data:`GENERIC_X86_TARGET`). Shapes are static; units of
    :attr:`Transfer.nbytes` are bytes. ``parameters`` (``{scope: {key: array}}``, as ``meshc run
    --parameters`` reads them) gives the data of ``#stream.parameter.named`` globals, emitted as
    constants.

    Raises:
        IreeEmitError: a step, op or collective that is not lowered (named,
            with its location).
    """
    schedule: Schedule = program.schedule
    target = target or GENERIC_X86_TARGET
    _check_static(schedule)
    n = schedule.mesh.num_devices
    em = _Emitter(schedule, parameters)
    sharded = sharded_name(program)
    # arguments of the sharded function, in the schedule's order
    params = []
    for a in sorted(schedule.args, key=lambda a: a.index):
        slot = program.args[a.index] if a.index < len(program.args) else None
        is_tensor = slot.is_tensor if slot is not None else True
        name = em.fresh(a.buffer.lstrip("%") or f"arg{a.index}")
        t = _type_of(a.shape, a.dtype, is_tensor)
        param = name
        if _abi(t) != t:  # a tensor of index, passed as i64
            param = em.fresh(f"{name[1:]}_i64")
            em.emit(f"{name} = arith.index_cast {param} : {_abi(t)} to {t}")
        em.env[(a.device, a.buffer)] = _Val(name, t, tuple(a.shape) if is_tensor else None, a.dtype, a.device)
        params.append(f"{param}: {_abi(t)} {{iree.abi.affinity = {_affinity(a.device)}}}")
    em.run()
    rets, rtypes = [], []
    arg_names = {p.split(":", 1)[0] for p in params}
    for r in sorted(schedule.results, key=lambda r: r.index):
        v = em.env.get((r.device, r.buffer))
        if v is None:
            raise IreeEmitError(f"result {r.index} is read from buffer '{r.buffer}' of device {r.device}, which has "
                                "no value at the end (schedule bug)")
        if v.name in arg_names and v.shape is not None:
            # an argument returned as it is: behind a barrier, else IREE 3.13 may return the buffer of an
            # insert_slice made into that argument (the value after the write, not the argument)
            held = em.fresh(f"{v.name}_held")
            em.emit(f"{held} = util.optimization_barrier {v.name} : {v.type}")
            v = _Val(held, v.type, v.shape, v.dtype, v.device)
        if _abi(v.type) != v.type:  # a tensor of index, returned as i64
            cast = em.fresh(f"{v.name[1:]}_i64")
            em.emit(f"{cast} = arith.index_cast {v.name} : {v.type} to {_abi(v.type)}")
            v = _Val(cast, _abi(v.type), v.shape, "i64", v.device)
        rets.append(v)
        rtypes.append(f"{v.type} {{iree.abi.affinity = {_affinity(r.device)}}}")
    for sc in em.scopes:  # the runs of each counted block, after the results (IreeModule.scopes)
        runs = em.fresh(f"runs{sc}_i64")
        em.emit(f"{runs} = arith.index_cast {em.counter(em.root, sc)} : index to i64")
        rets.append(_Val(runs, "i64", None, "i64", 0))
        rtypes.append("i64")
    out = [f"// IREE input module emitted by meshc (checked with IREE {IREE_VERSION}): mesh @{schedule.mesh.name} "
           f"shape {schedule.mesh.shape_str()}, {n} logical devices",
           f"module @{program.entry}_iree {{"]
    for k in range(n):
        out.append(f'  util.global private @dev{k} = #hal.device.target<"local", {{ordinal = {k} : index}}, '
                   f"[{target}]> : !hal.device")
    out.append(f"  util.func public @{sharded}({', '.join(params)}) -> ({', '.join(rtypes)}) {{")
    line = sum(1 + t.count("\n") for t in out) + 1  # 1-based line of em.lines[0] in the text
    line_locs: dict[int, Location] = {}
    for i, t in enumerate(em.lines):
        if i in em.locs:
            for j in range(t.count("\n") + 1):
                line_locs[line + j] = em.locs[i]
        line += 1 + t.count("\n")
    out += em.lines
    out.append(f"    util.return {', '.join(v.name for v in rets)} : {', '.join(v.type for v in rets)}")
    out.append("  }")
    out += _entry_function(program, sharded, [v.type for v in rets])
    out.append("}")
    return IreeModule("\n".join(out) + "\n", program.entry, sharded, n, em.transfers, em.kernels, line_locs,
                      [v.dtype for v in rets], list(em.scopes))


def _entry_function(program, sharded: str, result_types: list[str]) -> list[str]:
    """``@NAME`` with the original signature on ``@dev0``: shard, call, gather (module docstring)."""
    schedule = program.schedule
    p = Printer()
    used: set[str] = set()

    def fresh(hint: str) -> str:
        name, k = hint, 0
        while name in used:
            name, k = f"{hint}_{k}", k + 1
        used.add(name)
        return "%" + name

    lines: list[str] = []
    arg_names, arg_types = [], []
    for i, t in enumerate(program.arg_types):
        arg_names.append(fresh(f"arg{i}"))
        arg_types.append(_abi(p.type(t)))
    owner = {a.index: a.device for a in schedule.args}
    call_args, call_types = [], []
    for slot in program.args:
        src, t = arg_names[slot.index], arg_types[slot.index]
        st = _abi(_type_of(slot.shape, slot.dtype, slot.is_tensor))
        if slot.identity is not None:  # a shard of a partial input off coordinate 0: the reduction identity
            src = fresh(f"shard{slot.position}_identity")
            lines.append(f"    {src} = arith.constant {_splat(slot.identity, slot.dtype, slot.is_tensor)} : {st}")
            if slot.is_tensor:  # behind a barrier: IREE 3.13 evaluates a constant moved to another device at
                # compile time in a module without that device ("'util.global.load' op undefined global: @dev1")
                name = fresh(f"shard{slot.position}")
                lines.append(f"    {name} = util.optimization_barrier {src} : {st}")
                src = name
        elif slot.is_tensor and 0 in slot.shape:  # an empty shard (its offsets may equal the dims' sizes)
            name = fresh(f"shard{slot.position}")
            lines.append(f"    {name} = tensor.empty() : {st}")
            src = name
        elif slot.is_tensor and (tuple(slot.shape) != tuple(_parse_type(t, UNKNOWN_LOC)[0] or ()) or any(slot.offsets)):
            name = fresh(f"shard{slot.position}")
            lines.append(f"    {name} = tensor.extract_slice {src}[{_ints(slot.offsets)}] [{_ints(slot.shape)}] "
                         f"[{_ints([1] * len(slot.shape))}] : {t} to {st}")
            src = name
        dev = owner.get(slot.position, 0)
        if slot.is_tensor and dev != 0:
            name = fresh(f"shard{slot.position}_on{dev}")
            lines.append(f"    {name} = flow.tensor.transfer {src} : {st} to {_affinity(dev)}")
            src = name
        call_args.append(src)
        call_types.append(st)
    results = [fresh(f"part{j}") for j in range(len(result_types))]
    if results:
        lines.append(f"    {', '.join(results)} = util.call @{sharded}({', '.join(call_args)}) : "
                     f"({', '.join(call_types)}) -> ({', '.join(result_types)})")
    else:
        lines.append(f"    util.call @{sharded}({', '.join(call_args)}) : ({', '.join(call_types)}) -> ()")
    devs = {r.index: r.device for r in schedule.results}
    # every part of the sharded call behind a util.optimization_barrier: device 0's own parts are then kept apart
    # from the gather that waits for the others (overlap), and the parts the gather does not read (a replicated
    # result's copies) stay computed, as in @NAME_sharded (IREE 3.13 crashes compiling some modules once they
    # are dropped and the devices' remaining work is merged). One barrier per part: IREE 3.13's resource usage
    # analysis gives every result of a barrier the usage of its first operand, so a barrier holding a part
    # that is an argument forwarded (an external resource) next to a computed one (transient) no longer
    # verifies ("all of {operands, results} have same type" on the stream resources)
    for j, t in enumerate(result_types):
        if t.startswith("tensor<"):
            held = fresh(f"part{j}_held")
            lines.append(f"    {held} = util.optimization_barrier {results[j]} : {t}")
            results[j] = held
    on0 = {}

    def home(j: int) -> str:  # result j of the sharded call, on @dev0
        if j not in on0:
            name = results[j]
            if devs.get(j, 0) != 0:
                moved = fresh(f"part{j}_on0")
                lines.append(f"    {moved} = flow.tensor.transfer {name} : {result_types[j]} to {_affinity(0)}")
                name = moved
            on0[j] = name
        return on0[j]

    finals, final_types = [], []
    for i, (parts, t) in enumerate(zip(program.gather, program.result_types)):
        tt = _abi(p.type(t))
        shape, dtype = _parse_type(tt, UNKNOWN_LOC)
        if shape is None:  # a scalar result: its one source as is
            finals.append(results[parts[0].sources[0][0]])
            final_types.append(tt)
            continue
        acc = None
        if not (len(parts) == 1 and len(parts[0].sources) == 1 and tuple(parts[0].sizes) == shape
                and not any(parts[0].sources[0][1])):
            acc = fresh(f"result{i}_empty")
            lines.append(f"    {acc} = tensor.empty() : {tt}")
        for part in parts:
            if 0 in part.sizes and len(parts) > 1:  # an empty block: nothing to insert
                continue
            block_t = _tensor_type(part.sizes, dtype)
            blocks = []
            for j, at in part.sources:
                src = home(j)
                if tuple(part.sizes) != tuple(_parse_type(result_types[j], UNKNOWN_LOC)[0] or ()) or any(at):
                    name = fresh(f"block{j}")
                    lines.append(f"    {name} = tensor.extract_slice {src}[{_ints(at)}] [{_ints(part.sizes)}] "
                                 f"[{_ints([1] * len(at))}] : {result_types[j]} to {block_t}")
                    src = name
                blocks.append(src)
            value = blocks[0]
            if len(blocks) > 1:
                reduction = _COMBINER_NAMES.get(part.combiner or "")
                table = _COMBINE_FLOAT if _FLOAT.match(dtype) else _COMBINE_INT
                if reduction is None or reduction not in table:
                    raise IreeEmitError(f"result {i}: combining partial shards with '{part.combiner}' is not lowered "
                                        "to IREE")
                for b in blocks[1:]:
                    name = fresh(f"combined{i}")
                    lines.append(f"    {name} = {table[reduction]} {value}, {b} : {block_t}")
                    value = name
            if acc is None:
                acc = value
            else:
                name = fresh(f"result{i}")
                lines.append(f"    {name} = tensor.insert_slice {value} into {acc}[{_ints(part.offsets)}] "
                             f"[{_ints(part.sizes)}] [{_ints([1] * len(part.sizes))}] : {block_t} into {tt}")
                acc = name
        finals.append(acc)
        final_types.append(tt)
    params = ", ".join(f"{n}: {t} {{iree.abi.affinity = {_affinity(0)}}}" for n, t in zip(arg_names, arg_types))
    rt = ", ".join(f"{t} {{iree.abi.affinity = {_affinity(0)}}}" for t in final_types)
    body = [f"  util.func public @{program.entry}({params}) -> ({rt}) {{", *lines,
            f"    util.return {', '.join(finals)} : {', '.join(final_types)}" if finals else "    util.return",
            "  }"]
    return body
