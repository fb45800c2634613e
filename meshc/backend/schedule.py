"""Per-device schedules: what the backend emits and the threaded runtime executes (docs/pipeline.md stage 7).

A :class:`Schedule` is a program for a static mesh already split into one
ordered list of steps per device (DESIGN.md "Runtime model"; docs/pipeline.md
stage 7: device k's steps come from its ``mesh.for_one`` bodies in
``@NAME_sharded``). Nothing here runs anything: :mod:`meshc.runtime.executor`
does, one thread per device.

Buffers
-------
A buffer is a name local to one device (``"x"``, ``"%5"``) holding one value:
a tensor (its *local* shape, the device's shard) or a scalar (shape ``()``).
Element types use MLIR's spelling (``f32``, ``bf16``, ``i1``, ``index``). A
name is *live* from the step that creates it to the ``Free`` that ends it; a
freed name may be created again.

Steps (one class each; every step also has ``wait``, ``signal`` and ``loc``)
----------------------------------------------------------------------------
``Allocate(buffer, shape, dtype, layout=None)``
    reserve the buffer in the device's memory pool:
    ``meshc.layout.buffer_bytes`` of the local shape under ``layout`` (None:
    the run's layout; the default row-major gives numpy's ``nbytes``). The
    next step writing the buffer gives it its value.
``Kernel(op, inputs, outputs, captures=())``
    run the reference interpreter's kernel for the IR op ``op``
    (``meshc.runtime.interpreter.KERNELS[op.name]``, the one numpy code path):
    ``inputs[i]`` is bound to ``op.operands[i]``, ``outputs[j]`` receives
    ``op.results[j]``, ``captures[c]`` is bound to the c-th value that the op's
    regions use from outside the op (:func:`captured_values`). ``tile`` (a
    :class:`KernelTile`, None: the whole op) runs the op on one tile of its
    iteration space: each input is read through its box, each result is
    written into its box of the output buffer. ``body`` (a region step, see
    "Region steps" below) lists the collectives the op's regions run.
``PeerRead(buffer, src_device, src_buffer, offsets=None, sizes=None)``
    bind ``buffer`` to ``src_buffer`` of a *peered* device (seed 000: devices
    whose coordinates differ only on ``peered_memory_axes``), or to a static
    slice of it (``offsets``/``sizes``, unit strides as ``tensor.extract_slice``;
    None = all of it), read in place: nothing is allocated or copied; the
    bytes read count as peer traffic.
``Copy(buffer, src_device, src_buffer, offsets=None, sizes=None)``
    copy (a slice of) another device's buffer into the allocated local
    ``buffer``; the receiving device runs the step (it pulls). The bytes count
    as copy traffic. The only way to move data between devices that are not
    peered, apart from collectives.
``Collective(instance, input, output)``
    take part in collective instance ``instance`` (a :class:`CollectiveSpec`
    of ``Schedule.collectives``), contributing ``input`` and receiving into the
    allocated ``output`` (which may be ``input`` itself when shapes agree).
``HaloExchange(instance, output, dtype, parts, tile=False)``
    fill the allocated ``output`` slab by slab: each :class:`HaloPart` copies
    a box of a buffer -- the device's own (``local``), a peered device's read
    in place (``peer_read``) or another device's (``copy``) -- into a box of
    ``output`` (see "Halo exchanges" below). ``tile=True``: the output is one
    tile of a kernel's operand brought closer to the compute (seed 000's last
    paragraph; :mod:`meshc.backend.peer_tile`); its remote bytes also count
    as tile bytes.
``Free(buffer)``
    release the buffer after its last use (a peer view releases nothing).

Events: cross-device dependencies are explicit. A step with ``signal = "e"``
sets event ``e`` once it has completed; a step with ``wait = ("e", ...)``
starts only when all of them are set. A PeerRead or Copy waits for the
producer's event; a Free (or an in-place overwrite) of a buffer that other
devices read waits for the events of their last reads. Each event is
signalled by exactly one step. Collectives synchronise by themselves (one
rendezvous per instance) and need no events.

Collectives
-----------
A :class:`CollectiveSpec` is one unrolled N-operand mesh collective of kind
``all_gather``, ``all_reduce``, ``reduce_scatter``, ``all_to_all`` or
``all_slice``. ``mesh_axes`` defines the device groups as in upstream MLIR
mesh (devices that differ only on those axes, ordered by their coordinates on
them, first axis major: ``Mesh.axis_groups``); ``devices`` are the
participants, a union of whole groups (every device of the mesh for an
unrolled op). ``attributes`` are the op's: ``gather_axis``, ``slice_axis``,
``scatter_axis``, ``split_axis`` + ``concat_axis``, and ``reduction``
(default ``sum``) for the reductions. The shape each participant allocated
for its output says which piece it receives, so uneven shards need nothing
more. Data semantics: :mod:`meshc.sharding.simulate`.

Region steps
------------
A region op partitioned in place (an ``scf.for`` or ``scf.if`` whose body
all_reduces a split contraction: :mod:`meshc.interfaces.region_models`) is
ONE Kernel step, and the runtimes run the local-view collectives of its body
on every run of it (:mod:`meshc.runtime.body_collectives`). The step's
``body`` lists them (:mod:`meshc.backend.region_body` builds it from the op's
region-flow interface), nested as they nest in the op, so that a backend sees
them without reading the IR:

* :class:`BodyCollective` ``(instance, kind, mesh_axes, shape, out_shape,
  dtype, attributes)``: kind, mesh axes and attributes as a
  :class:`CollectiveSpec`'s, this device's input and output shapes (None when
  not static) and element type. ``instance`` is ``b0``, ``b1``... numbered per
  device in step order: the members of a group name the same collective
  alike (validated against the group's first member), which is the order the
  runtimes meet them in. Its group is the device's ``Mesh.axis_group`` over
  ``mesh_axes``; the bytes it receives per run are its row of the group's
  transfer matrix from every member's own shapes
  (:func:`meshc.runtime.estimate.body_bytes`);
* :class:`BodyLoop` ``(name, trips, body, retest)``: ``body`` runs ``trips``
  times per run of what encloses it, None when the trip count is dynamic; its
  first ``retest`` nodes (the loop's test: ``scf.while``'s "before" block) run
  once more, after the last trip;
* :class:`BodyBranch` ``(name, taken, branches)``: one of ``branches`` runs;
  ``taken`` is the one a constant condition takes, None when the condition is
  computed at run time (byte counts are then an upper bound: the branch that
  moves most).

Loops and branches without a collective are left out; a step whose regions
hold none has ``body = ()``.

Halo exchanges
--------------
An unrolled ``mesh.update_halo`` (MLIR mesh, LLVM 20+: a sharding's
``halo_sizes = [lo0, hi0, ...]`` give each device ``lo`` extra cells before
and ``hi`` after its shard along each split dim, clipped at the tensor edges:
:mod:`meshc.sharding.shards`) is no collective instance but one
:class:`HaloExchange` step per stored shard of the result, on the shard's
owner: point-to-point pulls of the slabs the device lacks. Its parts tile
the output exactly once (:meth:`HaloExchange.check_cover`): its own core
from its own buffer, and every halo cell from the *core* of the device that
owns it (a stale halo cell of the source is never used), which is the
neighbour along the split axes, the diagonal one for the corner of two
halos, or a device further away when a halo is wider than the neighbour's
shard (one slab read straight from the owner: the cells, not the route, are
what ``update_halo`` defines; upstream's MPI lowering talks to the two
neighbours only, so it needs halos no wider than their shards). An edge
device has no cells past the tensor edge, so nothing is filled there. A
remote part waits for the event of the step producing its source buffer, and
the source's Free waits for the exchange's event, as a Copy does. Data
semantics: :func:`meshc.sharding.simulate.apply_step` of ``UpdateHalo``;
bytes: ``peer_read`` parts count as peer traffic, ``copy`` parts as copies.

Allocation policy
-----------------
* Arguments live in device memory: each :class:`ArgBinding` allocates its
  buffer in its device's pool before the first step (sized like an Allocate)
  and binds the caller's array without copying it (kernels never write their
  inputs). A Free step releases it like any other buffer.
* Every other buffer holding data is allocated by an Allocate step of its
  device; Kernel, Copy and Collective steps only write allocated buffers.
* In-place reuse: a Kernel output may name one of that step's inputs (a
  linalg ``outs`` operand, ``tensor.insert_slice``'s dest: destination-passing
  style) when this step is that input's last use, and a Collective's output
  may be its input; the buffer keeps its allocation and takes the new value.
  Nothing else is reused.
* A PeerRead allocates nothing: a tensor replicated over peered mesh axes is
  stored once per peer group (by its owner) and read in place by the others.
* Collective staging: what a device receives lands in its output buffer, so
  all_gather, all_to_all and all_slice need no more memory. A reduction
  (all_reduce, reduce_scatter) also holds one receive chunk of
  ``ceil(input buffer bytes / group size)`` (the receive buffer of the
  bandwidth-optimal algorithm, see ``meshc.sharding.reshard.transfer_matrix``)
  from the device's arrival at the rendezvous until its result is delivered;
  the chunk counts in the device's current and peak bytes. A group of one
  device stages nothing.
* Results are read from their buffers after the last step; those buffers
  must still be live then.

Building one from ``@NAME_sharded`` (docs/pipeline.md stages 6-7)
-------------------------------------------------------------
* each per-shard argument (``mesh.arg``/``mesh.devices``) becomes an
  :class:`ArgBinding` on its owner (a value replicated over peered axes: on
  the peer group's first device only), each result a :class:`ResultBinding`;
* device k's steps are its ``mesh.for_one`` bodies' ops in order, one
  Kernel each (``op`` is the op itself, so kernels needing the module, such
  as ``func.call``, still work), with Allocate before a value's first
  definition (or none when a kernel writes into its ``outs`` operand's
  buffer) and Free after its last use;
* each N-operand collective becomes one CollectiveSpec (its attributes,
  ``mesh_axes``, ``devices`` = all) and one Collective step per device, whose
  output buffer is allocated with the device's result shape;
* a value device k reads but device j owns becomes a PeerRead when
  ``mesh.is_peered(k, j)``, else Allocate + Copy, each waiting for the
  event that j's producing step signals (and j's Free waits for the
  readers' events).

JSON (schema version 1)
-----------------------
:meth:`Schedule.to_json` gives a dict that ``json.dumps`` writes and
:meth:`Schedule.from_json` reads back (``to_json_text``/``from_json_text``)::

    {"version": 1, "entry": "f_sharded",
     "mesh": {"name": "m", "shape": [2, 2], "peered_axes": [1]},
     "module": {"text": "<the IR module in generic form>", "locations": ["f.mlir:1:1", ...]},
     "args": [{"index": 0, "device": 0, "buffer": "x", "shape": [4, 8], "dtype": "f32"}],
     "results": [{"index": 0, "device": 0, "buffer": "y"}],
     "collectives": [{"instance": "c0", "kind": "all_reduce", "mesh_axes": [0],
                      "devices": [0, 1, 2, 3], "attributes": {"reduction": "sum"}}],
     "devices": [{"device": 0, "steps": [
        {"step": "allocate", "buffer": "y", "shape": [4, 4], "dtype": "f32"},
        {"step": "peer_read", "buffer": "w", "src_device": 1, "src_buffer": "w", "wait": ["w@1"]},
        {"step": "kernel", "op": 5, "name": "linalg.matmul", "inputs": ["x", "w", "y"], "outputs": ["y"]},
        {"step": "kernel", "op": 9, "name": "scf.for", "inputs": ["c0", "n", "c1", "y"], "outputs": ["r"],
         "captures": ["w"], "body": [
           {"node": "loop", "name": "scf.for", "trips": null, "body": [
              {"node": "collective", "instance": "b0", "kind": "all_reduce", "mesh_axes": [1],
               "shape": [4, 4], "out_shape": [4, 4], "dtype": "f32", "attributes": {"reduction": "sum"},
               "op": 17}]}]},
        {"step": "copy", "buffer": "t", "src_device": 2, "src_buffer": "u", "offsets": [0, 4], "sizes": [4, 4]},
        {"step": "collective", "instance": "c0", "input": "y", "output": "y"},
        {"step": "halo_exchange", "instance": "h0", "output": "z", "dtype": "f32", "parts": [
           {"src_device": 0, "src_buffer": "y", "src_offsets": [0, 0], "sizes": [4, 4], "dst_offsets": [0, 0],
            "mode": "local"},
           {"src_device": 1, "src_buffer": "y", "src_offsets": [0, 0], "sizes": [1, 4], "dst_offsets": [4, 0],
            "mode": "copy"}]},
        {"step": "free", "buffer": "x", "signal": "x-freed@0"}]}]}

``module`` is null when there is no kernel step; its ``text`` is printed in
MLIR's generic form (which parses back to the same ops); a kernel's ``op`` is
the op's index in a pre-order walk of that module (0 is the module op) and
``name`` repeats the op's name as a check (a body node's ``op`` is its
collective's index, checked to be that kind; a loop's or branch's ``name`` is
its op's name; ``meshc compile --emit=schedule-json`` adds each collective
node's ``group`` and ``bytes`` per run, which readers ignore and recompute);
``locations`` restores every op's
source location, in walk order. Keys left out at their default: ``wait``
([]), ``signal`` (null), ``loc`` (null; ``"file:line:col"``), ``layout`` of an
allocate or arg (null; else ``{"kind": "tile", "tile": [32, 32],
"dtype_override": "bfloat16"}``), ``captures`` ([]), ``offsets``/``sizes``
(null: the whole buffer), ``attributes`` ({}), a collective's ``devices``
([]: every device of the mesh), a kernel's ``body`` ([]). A reader meeting another
``version`` refuses the file.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, ClassVar, Optional, Sequence

from meshc.ir.core import Operation, Value
from meshc.ir.location import UNKNOWN_LOC, DiagnosticError, Location
from meshc.sharding.spec import Mesh, ReductionKind, ShardingError

__all__ = [
    "SCHEMA_VERSION", "COLLECTIVE_KINDS", "HALO_MODES", "ScheduleError", "BufferLayout", "Step", "Allocate", "Kernel",
    "KernelTile", "PeerRead", "Copy", "Collective", "HaloPart", "HaloExchange", "Free", "CollectiveSpec", "ArgBinding",
    "ResultBinding", "DeviceSchedule", "Schedule", "BodyCollective", "BodyLoop", "BodyBranch", "body_collectives",
    "body_from_json", "captured_values", "parse_location",
]

SCHEMA_VERSION = 1

#: Collective kinds and the tensor-axis attributes each requires (upstream MLIR mesh names).
COLLECTIVE_KINDS: dict[str, tuple[str, ...]] = {
    "all_gather": ("gather_axis",),
    "all_slice": ("slice_axis",),
    "all_reduce": (),
    "reduce_scatter": ("scatter_axis",),
    "all_to_all": ("split_axis", "concat_axis"),
    # a region op's body only (local view, upstream's form): each member's buffer holds its core at
    # halo_low along halo_axis; the halo cells come from the cores of the members that own them
    "update_halo": ("halo_axis", "halo_low", "halo_high"),
}
_REDUCING = ("all_reduce", "reduce_scatter")


class ScheduleError(DiagnosticError, ValueError):
    """A malformed schedule or schedule file (a backend bug or a bad JSON
    file): the message names the device, step and offending values."""


def _ints(values: Any, what: str) -> tuple[int, ...]:
    try:
        out = tuple(int(v) for v in values)
    except (TypeError, ValueError):
        raise ScheduleError(f"{what} must be a list of integers, got {values!r}") from None
    if any(isinstance(v, bool) for v in values):
        raise ScheduleError(f"{what} must be a list of integers, got {values!r}")
    return out


def parse_location(text: Optional[str]) -> Optional[Location]:
    """``"file:line:col"`` as a :class:`Location` (None for None; a text
    without line and column becomes a location naming only the file)."""
    if text is None:
        return None
    parts = str(text).rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        return Location(parts[0], int(parts[1]), int(parts[2]))
    return Location(str(text))


def _loc_text(loc: Optional[Location]) -> Optional[str]:
    return None if loc is None or loc == UNKNOWN_LOC else str(loc)


# -- buffers -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BufferLayout:
    """How a device buffer is laid out, for its byte size
    (``meshc.layout.buffer_bytes(shape, dtype, layout=kind, tile=tile,
    dtype_override=dtype_override)``; seed 002). ``kind``: ``row_major`` (no
    padding) or ``tile``; ``tile``: ``(height, width)`` in elements;
    ``dtype_override``: the device data type to account for instead of the
    element type (``bfloat16``, ``bfloat8_b``...)."""

    kind: str = "row_major"
    tile: tuple[int, int] = (32, 32)
    dtype_override: Optional[str] = None

    def __post_init__(self) -> None:
        if self.kind not in ("row_major", "tile"):
            raise ScheduleError(f"buffer layout must be 'row_major' or 'tile', got '{self.kind}'")
        tile = _ints(self.tile, "tile")
        if len(tile) != 2:
            raise ScheduleError(f"tile must be (height, width), got {list(tile)}")
        object.__setattr__(self, "tile", tile)

    def to_json(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind, "tile": list(self.tile)}
        if self.dtype_override is not None:
            out["dtype_override"] = self.dtype_override
        return out

    @staticmethod
    def from_json(data: Optional[dict]) -> Optional["BufferLayout"]:
        if data is None:
            return None
        return BufferLayout(data.get("kind", "row_major"), tuple(data.get("tile", (32, 32))),
                            data.get("dtype_override"))


def _check_slice(offsets, sizes, what: str):
    if offsets is None and sizes is None:
        return None, None
    if offsets is None or sizes is None:
        raise ScheduleError(f"{what}: give both offsets and sizes, or neither")
    offsets, sizes = _ints(offsets, f"{what} offsets"), _ints(sizes, f"{what} sizes")
    if len(offsets) != len(sizes):
        raise ScheduleError(f"{what}: {len(offsets)} offsets for {len(sizes)} sizes")
    if any(v < 0 for v in offsets + sizes):
        raise ScheduleError(f"{what}: negative offset or size in offsets {list(offsets)}, sizes {list(sizes)}")
    return offsets, sizes


def _slice_text(offsets, sizes) -> str:
    if offsets is None:
        return ""
    return "[" + ", ".join(f"{o}:{o + s}" for o, s in zip(offsets, sizes)) + "]"


# -- steps -------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Step:
    """Base of the steps: ``wait`` (events that must be set before the step
    starts), ``signal`` (the event set when it completes), ``loc`` (the source
    location errors point at)."""

    wait: tuple[str, ...] = ()
    signal: Optional[str] = None
    loc: Optional[Location] = None
    kind: ClassVar[str] = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "wait", tuple(str(e) for e in self.wait))

    @property
    def location(self) -> Location:
        """Where errors of this step point (unknown when not given)."""
        return self.loc or UNKNOWN_LOC

    def describe(self) -> str:
        """One line naming the step, for errors and traces."""
        return self.kind

    def reads(self) -> tuple[str, ...]:
        """Local buffers the step reads."""
        return ()

    def _fields_json(self) -> dict:
        return {}

    def to_json(self, op_index: Optional[dict] = None) -> dict:
        out: dict[str, Any] = {"step": self.kind}
        out.update(self._fields_json() if op_index is None else self._fields_json_ops(op_index))
        if self.wait:
            out["wait"] = list(self.wait)
        if self.signal is not None:
            out["signal"] = self.signal
        loc = _loc_text(self.loc)
        if loc is not None:
            out["loc"] = loc
        return out

    def _fields_json_ops(self, op_index: dict) -> dict:
        return self._fields_json()


@dataclass(frozen=True)
class Allocate(Step):
    """Reserve ``buffer`` (local ``shape`` in elements, MLIR element type
    ``dtype``) in the device's memory pool; ``layout`` None = the run's."""

    buffer: str
    shape: tuple[int, ...]
    dtype: str
    layout: Optional[BufferLayout] = None
    kind: ClassVar[str] = "allocate"

    def __post_init__(self) -> None:
        super().__post_init__()
        shape = _ints(self.shape, f"shape of buffer '{self.buffer}'")
        if any(s < 0 for s in shape):
            raise ScheduleError(f"buffer '{self.buffer}' has a negative size in shape {list(shape)}")
        object.__setattr__(self, "shape", shape)

    def describe(self) -> str:
        return f"allocate {self.buffer}: {'x'.join(map(str, self.shape + (self.dtype,)))}"

    def _fields_json(self) -> dict:
        out: dict[str, Any] = {"buffer": self.buffer, "shape": list(self.shape), "dtype": self.dtype}
        if self.layout is not None:
            out["layout"] = self.layout.to_json()
        return out


Box = tuple[tuple[int, ...], tuple[int, ...]]  # (offsets, sizes) in elements, unit strides


@dataclass(frozen=True)
class KernelTile:
    """One tile of a Kernel step's iteration space (seed 000's last paragraph: a tile of an operand
    copied closer to the compute; :mod:`meshc.backend.peer_tile` makes them).

    ``inputs[i]``: the box ``(offsets, sizes)`` of input buffer ``i`` the op reads, or None (the
    whole buffer). ``outputs[j]``: the box of output buffer ``j`` result ``j`` is written into (the
    rest of the buffer keeps its value). ``fresh[j]``: the index of the input (the tied init) whose
    whole buffer output ``j`` starts as a copy of before this tile writes its box (the first tile of
    an op), or None: output ``j`` already holds the earlier tiles' values (a tile of a reduction loop
    reads its init box from the output buffer, so the tiles accumulate in order, as linalg's
    sequential loop semantics do).

    Raises:
        ScheduleError: negative numbers or offsets and sizes of different ranks.
    """

    inputs: tuple[Optional[Box], ...]
    outputs: tuple[Box, ...]
    fresh: tuple[Optional[int], ...]

    def __post_init__(self) -> None:
        norm = lambda b, w: None if b is None else _check_slice(b[0], b[1], w)  # noqa: E731
        object.__setattr__(self, "inputs", tuple(norm(b, f"tile box of input {i}") for i, b in enumerate(self.inputs)))
        outs = tuple(norm(b, f"tile box of output {j}") for j, b in enumerate(self.outputs))
        if any(b is None for b in outs):
            raise ScheduleError("a tile names a box for every output")
        object.__setattr__(self, "outputs", outs)
        object.__setattr__(self, "fresh", tuple(None if f is None else int(f) for f in self.fresh))
        if len(self.fresh) != len(self.outputs):
            raise ScheduleError(f"a tile has {len(self.outputs)} output boxes but {len(self.fresh)} fresh entries")

    def text(self) -> str:
        """``tile[in 1: 0:32, 0:16; out 0: 0:8, 0:16]`` for schedule listings."""
        ins = [f"in {i}: {_slice_text(*b)[1:-1]}" for i, b in enumerate(self.inputs) if b is not None]
        outs = [f"out {j}: {_slice_text(*b)[1:-1]}" + (" (from in %d)" % f if f is not None else "")
                for j, (b, f) in enumerate(zip(self.outputs, self.fresh))]
        return "tile[" + "; ".join(ins + outs) + "]"

    def to_json(self) -> dict:
        box = lambda b: None if b is None else {"offsets": list(b[0]), "sizes": list(b[1])}  # noqa: E731
        return {"inputs": [box(b) for b in self.inputs], "outputs": [box(b) for b in self.outputs],
                "fresh": list(self.fresh)}

    @staticmethod
    def from_json(data: Any, where: str) -> Optional["KernelTile"]:
        if data is None:
            return None
        try:
            box = lambda b: None if b is None else (b["offsets"], b["sizes"])  # noqa: E731
            return KernelTile(tuple(box(b) for b in data["inputs"]), tuple(box(b) for b in data["outputs"]),
                              tuple(data["fresh"]))
        except (KeyError, TypeError) as err:
            raise ScheduleError(f"{where}: malformed kernel tile {data!r} ({err})") from None


@dataclass(frozen=True)
class Kernel(Step):
    """Run the kernel of IR op ``op`` on local buffers (module docstring).

    Raises ScheduleError when the buffer counts do not match the op's
    operands, results and captured values."""

    op: Operation
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]
    captures: tuple[str, ...] = ()
    tile: Optional[KernelTile] = None
    body: tuple["BodyNode", ...] = ()
    kind: ClassVar[str] = "kernel"

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("inputs", "outputs", "captures"):
            object.__setattr__(self, name, tuple(str(b) for b in getattr(self, name)))
        object.__setattr__(self, "body", tuple(self.body))
        op = self.op
        if len(self.inputs) != len(op.operands):
            raise ScheduleError(f"kernel '{op.name}' has {len(op.operands)} operands but {len(self.inputs)} input "
                                f"buffers {list(self.inputs)}", op.location)
        if len(self.outputs) != len(op.results):
            raise ScheduleError(f"kernel '{op.name}' has {len(op.results)} results but {len(self.outputs)} output "
                                f"buffers {list(self.outputs)}", op.location)
        if len(set(self.outputs)) != len(self.outputs):
            raise ScheduleError(f"kernel '{op.name}' writes buffer twice: outputs {list(self.outputs)}", op.location)
        bound: dict = {}
        for i, (v, name) in enumerate(zip(op.operands, self.inputs)):
            if bound.setdefault(v, name) != name:
                raise ScheduleError(f"kernel '{op.name}': operand #{i} is the same value as an earlier operand but "
                                    f"reads buffer '{name}' instead of '{bound[v]}'", op.location)
        n = len(captured_values(op)) if op.regions else 0
        if len(self.captures) != n:
            raise ScheduleError(f"kernel '{op.name}' uses {n} values from outside its regions but "
                                f"{len(self.captures)} capture buffers {list(self.captures)}", op.location)
        if self.tile is not None and (len(self.tile.inputs) != len(self.inputs)
                                      or len(self.tile.outputs) != len(self.outputs)):
            raise ScheduleError(f"kernel '{op.name}': its tile has {len(self.tile.inputs)} input and "
                                f"{len(self.tile.outputs)} output boxes for {len(self.inputs)} inputs and "
                                f"{len(self.outputs)} outputs", op.location)

    @property
    def location(self) -> Location:
        return self.loc or self.op.location

    def describe(self) -> str:
        outs = f" -> {', '.join(self.outputs)}" if self.outputs else ""
        tile = f" {self.tile.text()}" if self.tile is not None else ""
        return f"kernel {self.op.name}({', '.join(self.inputs)}){outs}{tile}"

    def reads(self) -> tuple[str, ...]:
        return self.inputs + self.captures

    def _fields_json(self) -> dict:
        out: dict[str, Any] = {"name": self.op.name, "inputs": list(self.inputs), "outputs": list(self.outputs)}
        if self.captures:
            out["captures"] = list(self.captures)
        if self.tile is not None:
            out["tile"] = self.tile.to_json()
        if self.body:
            out["body"] = [n.to_json() for n in self.body]
        return out

    def _fields_json_ops(self, op_index: dict) -> dict:
        index = op_index.get(id(self.op))
        if index is None:
            raise ScheduleError(f"kernel op '{self.op.name}' is not in the schedule's module", self.location)
        out = {"op": index, **self._fields_json()}
        if self.body:
            out["body"] = [n.to_json(op_index) for n in self.body]
        return out


@dataclass(frozen=True)
class _Remote(Step):
    """Base of PeerRead and Copy: ``buffer`` gets (a slice of) ``src_buffer`` of ``src_device``."""

    buffer: str
    src_device: int
    src_buffer: str
    offsets: Optional[tuple[int, ...]] = None
    sizes: Optional[tuple[int, ...]] = None

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "src_device", int(self.src_device))
        offsets, sizes = _check_slice(self.offsets, self.sizes, f"{self.kind} of '{self.src_buffer}'")
        object.__setattr__(self, "offsets", offsets)
        object.__setattr__(self, "sizes", sizes)

    def describe(self) -> str:
        return (f"{self.kind} {self.buffer} <- device {self.src_device} "
                f"'{self.src_buffer}'{_slice_text(self.offsets, self.sizes)}")

    def _fields_json(self) -> dict:
        out: dict[str, Any] = {"buffer": self.buffer, "src_device": self.src_device, "src_buffer": self.src_buffer}
        if self.offsets is not None:
            out["offsets"], out["sizes"] = list(self.offsets), list(self.sizes or ())
        return out


@dataclass(frozen=True)
class PeerRead(_Remote):
    """Bind ``buffer`` to (a slice of) a peered device's buffer, in place."""

    kind: ClassVar[str] = "peer_read"


@dataclass(frozen=True)
class Copy(_Remote):
    """Copy (a slice of) another device's buffer into the allocated ``buffer``."""

    kind: ClassVar[str] = "copy"


@dataclass(frozen=True)
class Collective(Step):
    """Take part in collective ``instance`` with ``input``, receiving into ``output``."""

    instance: str
    input: str
    output: str
    kind: ClassVar[str] = "collective"

    def describe(self) -> str:
        return f"collective {self.instance}({self.input}) -> {self.output}"

    def reads(self) -> tuple[str, ...]:
        return (self.input,)

    def _fields_json(self) -> dict:
        return {"instance": self.instance, "input": self.input, "output": self.output}


#: How a :class:`HaloPart` reaches the receiving device: from its own buffer, read in place from a peered
#: device, or copied (a message) from any other device.
HALO_MODES = ("local", "peer_read", "copy")


@dataclass(frozen=True)
class HaloPart:
    """One slab of a :class:`HaloExchange`: the box of ``sizes`` elements at ``src_offsets`` of
    ``src_buffer`` on ``src_device`` lands at ``dst_offsets`` of the exchange's output buffer.
    ``mode`` is ``local`` (the receiving device's own buffer), ``peer_read`` (a peered device's
    buffer, read in place: seed 000) or ``copy`` (any other device; MPI sends a message).

    Raises ScheduleError for an unknown mode, negative numbers or ranks that differ."""

    src_device: int
    src_buffer: str
    src_offsets: tuple[int, ...]
    sizes: tuple[int, ...]
    dst_offsets: tuple[int, ...]
    mode: str = "copy"

    def __post_init__(self) -> None:
        what = f"halo part from device {self.src_device} '{self.src_buffer}'"
        if self.mode not in HALO_MODES:
            raise ScheduleError(f"{what}: mode must be one of {', '.join(HALO_MODES)}, got '{self.mode}'")
        object.__setattr__(self, "src_device", int(self.src_device))
        if self.src_offsets is None or self.dst_offsets is None or self.sizes is None:
            raise ScheduleError(f"{what}: give src_offsets, sizes and dst_offsets")
        src, sizes = _check_slice(self.src_offsets, self.sizes, what)
        dst, _ = _check_slice(self.dst_offsets, self.sizes, what)
        object.__setattr__(self, "src_offsets", src)
        object.__setattr__(self, "sizes", sizes)
        object.__setattr__(self, "dst_offsets", dst)

    @property
    def elements(self) -> int:
        """Elements the slab holds."""
        return math.prod(self.sizes)

    def describe(self, itemsize: Optional[int] = None) -> str:
        """``device 1 '%x_1'[0:2, 0:4] -> [3:5, 0:4] copy 32 B`` (bytes when ``itemsize`` is given)."""
        size = f" {self.elements * itemsize} B" if itemsize is not None else f" {self.elements} elements"
        where = "own" if self.mode == "local" else f"device {self.src_device}"
        dst = _slice_text(self.dst_offsets, self.sizes)
        return f"{where} '{self.src_buffer}'{_slice_text(self.src_offsets, self.sizes)} -> {dst} {self.mode}{size}"

    def to_json(self) -> dict:
        return {"src_device": self.src_device, "src_buffer": self.src_buffer, "src_offsets": list(self.src_offsets),
                "sizes": list(self.sizes), "dst_offsets": list(self.dst_offsets), "mode": self.mode}


@dataclass(frozen=True)
class HaloExchange(Step):
    """Fill the allocated ``output`` (a device's local region under the halo'd sharding, halos
    included) slab by slab from ``parts`` (:class:`HaloPart`): the device's own core from its own
    buffer, every halo cell from the core of the device that owns it (the unrolled
    ``mesh.update_halo``; module docstring, "Halo exchanges"). ``instance`` names the op (``h0``,
    ``h1``... in program order; every device's step of one op has the same), ``dtype`` is the MLIR
    element type (for byte counts).

    Raises ScheduleError for an empty instance name."""

    instance: str
    output: str
    dtype: str
    parts: tuple[HaloPart, ...] = ()
    tile: bool = False
    kind: ClassVar[str] = "halo_exchange"

    def __post_init__(self) -> None:
        super().__post_init__()
        if not self.instance:
            raise ScheduleError(f"halo exchange into '{self.output}' needs an instance name")
        object.__setattr__(self, "parts", tuple(p if isinstance(p, HaloPart) else HaloPart(**p) for p in self.parts))

    def itemsize(self) -> int:
        """Bytes per element of ``dtype``.

        Raises:
            meshc.kernels.errors.KernelError: an element type the runtime does not know.
        """
        from meshc.kernels.dtypes import numpy_dtype

        return numpy_dtype(self.dtype).itemsize

    def bytes_by_mode(self) -> dict[str, int]:
        """Bytes the step moves, per mode (``local`` ones stay on the device)."""
        out = {m: 0 for m in HALO_MODES}
        size = self.itemsize()
        for p in self.parts:
            out[p.mode] += p.elements * size
        return out

    def describe(self) -> str:
        from meshc.kernels.errors import KernelError

        try:
            size: Optional[int] = self.itemsize()
        except KernelError:
            size = None  # the validator reports the element type
        parts = "; ".join(p.describe(size) for p in self.parts) or "nothing"
        return f"halo_exchange {self.instance} -> {self.output}{' (tile)' if self.tile else ''}: {parts}"

    def reads(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(p.src_buffer for p in self.parts if p.mode == "local"))

    def check_cover(self, shape: Sequence[int]) -> None:
        """Raise ScheduleError unless the parts fit an output of ``shape`` and cover each of its cells
        exactly once."""
        shape = tuple(shape)
        total = math.prod(shape)
        boxes = []
        for p in self.parts:
            if len(p.sizes) != len(shape) or any(o + s > n for o, s, n in zip(p.dst_offsets, p.sizes, shape)):
                raise ScheduleError(f"the halo slab at {_slice_text(p.dst_offsets, p.sizes)} does not "
                                    f"fit the output of shape {list(shape)}", self.location)
            box = tuple((o, o + s) for o, s in zip(p.dst_offsets, p.sizes))
            for other in boxes:
                if all(max(a0, b0) < min(a1, b1) for (a0, a1), (b0, b1) in zip(box, other)):
                    raise ScheduleError(f"two halo slabs overlap at {_slice_text(p.dst_offsets, p.sizes)}",
                                        self.location)
            boxes.append(box)
        covered = sum(p.elements for p in self.parts)
        if covered != total:
            raise ScheduleError(f"the halo slabs cover {covered} of the output's {total} elements "
                                f"(shape {list(shape)})", self.location)

    def _fields_json(self) -> dict:
        out = {"instance": self.instance, "output": self.output, "dtype": self.dtype,
               "parts": [p.to_json() for p in self.parts]}
        if self.tile:
            out["tile"] = True
        return out


@dataclass(frozen=True)
class Free(Step):
    """Release ``buffer`` (after its last use)."""

    buffer: str
    kind: ClassVar[str] = "free"

    def describe(self) -> str:
        return f"free {self.buffer}"

    def _fields_json(self) -> dict:
        return {"buffer": self.buffer}


_STEP_CLASSES: dict[str, type] = {c.kind: c for c in (Allocate, Kernel, PeerRead, Copy, Collective, HaloExchange,
                                                        Free)}


def values_defined_inside(op: Operation) -> set[Value]:
    """The values ``op``'s regions define: results of the ops nested in it and the arguments of its
    (and their) blocks; ``op``'s own results are not included."""
    inside: set = set()
    for inner in op.walk():
        if inner is not op:
            inside.update(inner.results)
        for region in inner.regions:
            for block in region.blocks:
                inside.update(block.args)
    return inside


def captured_values(op: Operation) -> list[Value]:
    """Values used by ops nested in ``op``'s regions that are defined outside
    ``op`` and are not its operands, in order of first use (pre-order walk).
    These are what a :class:`Kernel` step's ``captures`` bind (MLIR regions
    that are not isolated from above read values of enclosing blocks)."""
    inside = values_defined_inside(op)
    own = set(op.operands)
    out: list[Value] = []
    seen: set = set()
    for inner in op.walk():
        if inner is op:
            continue
        for v in inner.operands:
            if v not in inside and v not in own and v not in seen:
                seen.add(v)
                out.append(v)
    return out


# -- collectives, bindings, schedules -----------------------------------------------------------


@dataclass(frozen=True)
class CollectiveSpec:
    """One collective instance (module docstring, "Collectives").

    ``devices``: participating linear device ids (empty = every device of
    the mesh; :meth:`Schedule.validate` checks they are whole groups).
    Raises ScheduleError for an unknown kind, a missing or non-integer tensor
    axis attribute, or an unknown reduction."""

    instance: str
    kind: str
    mesh_axes: tuple[int, ...]
    devices: tuple[int, ...] = ()
    attributes: dict = field(default_factory=dict, hash=False)
    loc: Optional[Location] = None

    def __post_init__(self) -> None:
        where = f"collective '{self.instance}'"
        if self.kind not in COLLECTIVE_KINDS:
            raise ScheduleError(f"{where}: unknown kind '{self.kind}' (known: {', '.join(COLLECTIVE_KINDS)})",
                                self.location)
        object.__setattr__(self, "mesh_axes", _ints(self.mesh_axes, f"{where} mesh_axes"))
        object.__setattr__(self, "devices", _ints(self.devices, f"{where} devices"))
        attrs = dict(self.attributes)
        allowed = set(COLLECTIVE_KINDS[self.kind]) | ({"reduction"} if self.kind in _REDUCING else set())
        unknown = sorted(set(attrs) - allowed)
        if unknown:
            raise ScheduleError(f"{where}: {self.kind} takes no attribute {unknown} (it takes {sorted(allowed)})",
                                self.location)
        for name in COLLECTIVE_KINDS[self.kind]:
            value = attrs.get(name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ScheduleError(f"{where}: {self.kind} needs a tensor axis '{name}' >= 0, got {value!r}",
                                    self.location)
        if self.kind in _REDUCING:
            try:
                attrs["reduction"] = ReductionKind.parse(attrs.get("reduction", "sum")).value
            except ShardingError as err:
                raise ScheduleError(f"{where}: {err}", self.location) from None
        object.__setattr__(self, "attributes", attrs)

    @property
    def location(self) -> Location:
        return self.loc or UNKNOWN_LOC

    def describe(self) -> str:
        """``all_reduce 'c0' over mesh axes [0]`` (with its attributes)."""
        attrs = "".join(f" {k} = {v}" for k, v in sorted(self.attributes.items()))
        return f"{self.kind} '{self.instance}' over mesh axes {list(self.mesh_axes)}{attrs}"

    def to_json(self) -> dict:
        out: dict[str, Any] = {"instance": self.instance, "kind": self.kind, "mesh_axes": list(self.mesh_axes)}
        if self.devices:
            out["devices"] = list(self.devices)
        if self.attributes:
            out["attributes"] = dict(self.attributes)
        if _loc_text(self.loc) is not None:
            out["loc"] = _loc_text(self.loc)
        return out


# -- the body of a region step -----------------------------------------------------------------


@dataclass(frozen=True)
class BodyCollective:
    """A local-view collective in the body of a Kernel step's region op (module docstring, "Region
    steps"): device ``instance`` (``b0``, ``b1``... numbered per device in step order, so the members
    of a group name the same collective alike), its ``kind``, ``mesh_axes`` and ``attributes`` (as a
    :class:`CollectiveSpec`'s), and this device's buffers: input ``shape``, output ``out_shape``
    (elements; None when not static) and MLIR element type ``dtype``. ``op``: the IR op (of the
    schedule's module), which the runtimes' trace names by ``instance``; JSON keeps its index in the
    module's walk, as a kernel's ``op``.

    Raises ScheduleError as :class:`CollectiveSpec` does (kind, attributes) and for negative sizes."""

    instance: str
    kind: str
    mesh_axes: tuple[int, ...]
    shape: Optional[tuple[int, ...]]
    out_shape: Optional[tuple[int, ...]]
    dtype: str
    attributes: dict = field(default_factory=dict, hash=False)
    loc: Optional[Location] = None
    op: Optional[Operation] = field(default=None, compare=False, repr=False)
    node: ClassVar[str] = "collective"

    def __post_init__(self) -> None:
        spec = self.spec()
        object.__setattr__(self, "mesh_axes", spec.mesh_axes)
        object.__setattr__(self, "attributes", dict(spec.attributes))
        for name in ("shape", "out_shape"):
            v = getattr(self, name)
            if v is not None:
                v = _ints(v, f"in-body collective '{self.instance}' {name}")
                if any(d < 0 for d in v):
                    raise ScheduleError(f"in-body collective '{self.instance}' has a negative size in {name} "
                                        f"{list(v)}", self.location)
                object.__setattr__(self, name, v)

    @property
    def location(self) -> Location:
        return self.loc or UNKNOWN_LOC

    def spec(self) -> CollectiveSpec:
        """The collective as a :class:`CollectiveSpec` (its group's devices left to the mesh)."""
        return CollectiveSpec(self.instance, self.kind, tuple(self.mesh_axes), (), dict(self.attributes), self.loc)

    def describe(self) -> str:
        """``all_reduce 'b0' over mesh axes [1]: 8x16xf32 -> 8x16xf32``."""
        shape = lambda s: "x".join(["?"] if s is None else [str(d) for d in s]) + "x" + self.dtype  # noqa: E731
        return f"{self.spec().describe()}: {shape(self.shape)} -> {shape(self.out_shape)}"

    def to_json(self, op_index: Optional[dict] = None) -> dict:
        out: dict[str, Any] = {"node": self.node, "instance": self.instance, "kind": self.kind,
                               "mesh_axes": list(self.mesh_axes),
                               "shape": None if self.shape is None else list(self.shape),
                               "out_shape": None if self.out_shape is None else list(self.out_shape),
                               "dtype": self.dtype}
        if self.attributes:
            out["attributes"] = dict(self.attributes)
        if op_index is not None and self.op is not None and id(self.op) in op_index:
            out["op"] = op_index[id(self.op)]
        if _loc_text(self.loc) is not None:
            out["loc"] = _loc_text(self.loc)
        return out


@dataclass(frozen=True)
class BodyLoop:
    """A loop in a region step's body (op ``name``, e.g. ``scf.for``) holding in-body collectives: its
    ``body`` runs ``trips`` times per run of what encloses it (None: dynamic, known only at run time),
    and its first ``retest`` nodes once more after the last trip (the test that ends the loop:
    ``scf.while``'s "before" block runs ``trips + 1`` times; 0 for ``scf.for``).

    Raises:
        ScheduleError: ``trips`` negative or not an integer, ``retest`` outside ``[0, len(body)]``."""

    name: str
    trips: Optional[int]
    body: tuple["BodyNode", ...]
    loc: Optional[Location] = None
    retest: int = 0
    node: ClassVar[str] = "loop"

    def __post_init__(self) -> None:
        if self.trips is not None and (isinstance(self.trips, bool) or not isinstance(self.trips, int)
                                       or self.trips < 0):
            raise ScheduleError(f"loop '{self.name}' in a region step's body: trips must be an integer >= 0 or "
                                f"null (dynamic), got {self.trips!r}", self.location)
        object.__setattr__(self, "body", tuple(self.body))
        if isinstance(self.retest, bool) or not isinstance(self.retest, int) or not 0 <= self.retest <= len(
                self.body):
            raise ScheduleError(f"loop '{self.name}' in a region step's body: retest must be an integer from 0 to "
                                f"its {len(self.body)} nodes, got {self.retest!r}", self.location)

    @property
    def location(self) -> Location:
        return self.loc or UNKNOWN_LOC

    def describe(self) -> str:
        """``loop scf.for, 5 trips`` / ``loop scf.while, dynamic trips, its first 1 node once more (the
        test)``."""
        trips = "dynamic trips" if self.trips is None else f"{self.trips} trip{'s' if self.trips != 1 else ''}"
        again = (f", its first {self.retest} node{'s' if self.retest != 1 else ''} once more (the test)"
                 if self.retest else "")
        return f"loop {self.name}, {trips}{again}"

    def to_json(self, op_index: Optional[dict] = None) -> dict:
        out: dict[str, Any] = {"node": self.node, "name": self.name, "trips": self.trips,
                               "body": [n.to_json(op_index) for n in self.body]}
        if self.retest:
            out["retest"] = self.retest
        if _loc_text(self.loc) is not None:
            out["loc"] = _loc_text(self.loc)
        return out


@dataclass(frozen=True)
class BodyBranch:
    """A branch in a region step's body (op ``name``, e.g. ``scf.if``) holding in-body collectives: one of
    ``branches`` (each a tuple of nodes; an absent ``else`` is an empty one) runs per run of what
    encloses it. ``taken``: the index of the branch the condition takes when it is known statically
    (a constant), None when it is computed at run time (the bytes then have an upper bound: the
    branch that moves most)."""

    name: str
    taken: Optional[int]
    branches: tuple[tuple["BodyNode", ...], ...]
    loc: Optional[Location] = None
    node: ClassVar[str] = "branch"

    def __post_init__(self) -> None:
        object.__setattr__(self, "branches", tuple(tuple(b) for b in self.branches))
        if self.taken is not None and (isinstance(self.taken, bool) or not isinstance(self.taken, int)
                                       or not 0 <= self.taken < len(self.branches)):
            raise ScheduleError(f"branch '{self.name}' in a region step's body: taken must be the index of one of "
                                f"its {len(self.branches)} branches or null, got {self.taken!r}", self.location)

    @property
    def location(self) -> Location:
        return self.loc or UNKNOWN_LOC

    def describe(self) -> str:
        """``branch scf.if, condition computed at run time`` / ``branch scf.if, takes branch 0``."""
        how = "condition computed at run time" if self.taken is None else f"takes branch {self.taken} (static)"
        return f"branch {self.name}, {how}"

    def to_json(self, op_index: Optional[dict] = None) -> dict:
        out: dict[str, Any] = {"node": self.node, "name": self.name, "taken": self.taken,
                               "branches": [[n.to_json(op_index) for n in b] for b in self.branches]}
        if _loc_text(self.loc) is not None:
            out["loc"] = _loc_text(self.loc)
        return out


BodyNode = Any  # BodyCollective | BodyLoop | BodyBranch


def body_collectives(nodes: Sequence[BodyNode]) -> list[BodyCollective]:
    """The :class:`BodyCollective` nodes of ``nodes`` and of the loops and branches in them, in
    pre-order (every branch's, taken or not)."""
    out: list[BodyCollective] = []
    for n in nodes:
        if isinstance(n, BodyCollective):
            out.append(n)
        elif isinstance(n, BodyLoop):
            out.extend(body_collectives(n.body))
        elif isinstance(n, BodyBranch):
            for b in n.branches:
                out.extend(body_collectives(b))
    return out


def body_from_json(data: Any, where: str, ops: Sequence[Operation] = ()) -> tuple[BodyNode, ...]:
    """Nodes of a kernel step's ``body`` JSON list (:meth:`BodyCollective.to_json` and the others; an
    informative ``bytes`` or ``group`` key, which ``meshc compile --emit=schedule-json`` adds, is
    ignored: readers recompute it from the shapes).

    ``ops``: the module's ops in walk order, which a collective's ``op`` index names.

    Raises:
        ScheduleError: an unknown node kind, a missing key or an op index naming no collective of
            that kind, named by ``where``.
    """
    if not isinstance(data, (list, tuple)):
        raise ScheduleError(f"{where}: expected a list of nodes, got {type(data).__name__}")
    out: list[BodyNode] = []
    for j, n in enumerate(data):
        w = f"{where}, node {j}"
        kind = _key(n, "node", w)
        loc = parse_location(n.get("loc"))
        if kind == "collective":
            shape, out_shape, index = n.get("shape"), n.get("out_shape"), n.get("op")
            op = None
            if index is not None:
                if not isinstance(index, int) or not 0 <= index < len(ops) or ops[index].name != "mesh." + str(
                        n.get("kind")):
                    raise ScheduleError(f"{w}: op index {index!r} names no 'mesh.{n.get('kind')}' of the module")
                op = ops[index]
            out.append(BodyCollective(_key(n, "instance", w), _key(n, "kind", w), tuple(_key(n, "mesh_axes", w)),
                                      None if shape is None else tuple(shape),
                                      None if out_shape is None else tuple(out_shape), _key(n, "dtype", w),
                                      dict(n.get("attributes", {})), loc, op))
        elif kind == "loop":
            out.append(BodyLoop(_key(n, "name", w), _key(n, "trips", w), body_from_json(_key(n, "body", w), w, ops),
                                loc, n.get("retest", 0)))
        elif kind == "branch":
            out.append(BodyBranch(_key(n, "name", w), _key(n, "taken", w),
                                  tuple(body_from_json(b, f"{w}, branch {i}", ops)
                                        for i, b in enumerate(_key(n, "branches", w))), loc))
        else:
            raise ScheduleError(f"{w}: unknown body node '{kind}' (known: collective, loop, branch)")
    return tuple(out)


@dataclass(frozen=True)
class ArgBinding:
    """Argument ``index`` of the entry function lives in ``buffer`` of
    ``device`` (local ``shape``, MLIR element type ``dtype``). An argument
    held by several devices that are not peered has one binding per device."""

    index: int
    device: int
    buffer: str
    shape: tuple[int, ...]
    dtype: str
    layout: Optional[BufferLayout] = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "shape", _ints(self.shape, f"shape of argument {self.index}"))

    def to_json(self) -> dict:
        out: dict[str, Any] = {"index": self.index, "device": self.device, "buffer": self.buffer,
                               "shape": list(self.shape), "dtype": self.dtype}
        if self.layout is not None:
            out["layout"] = self.layout.to_json()
        return out


@dataclass(frozen=True)
class ResultBinding:
    """Result ``index`` of the entry function is read from ``buffer`` of ``device`` after the last step."""

    index: int
    device: int
    buffer: str

    def to_json(self) -> dict:
        return {"index": self.index, "device": self.device, "buffer": self.buffer}


@dataclass
class DeviceSchedule:
    """The ordered ``steps`` of linear device ``device``."""

    device: int
    steps: list[Step] = field(default_factory=list)


@dataclass
class Schedule:
    """A whole program: one :class:`DeviceSchedule` per device of ``mesh``
    (in linear device order), the collective instances, where arguments go
    and where results are read, and the IR ``module`` the kernel steps' ops
    belong to (None when there is none)."""

    mesh: Mesh
    devices: list[DeviceSchedule]
    collectives: dict[str, CollectiveSpec] = field(default_factory=dict)
    args: list[ArgBinding] = field(default_factory=list)
    results: list[ResultBinding] = field(default_factory=list)
    module: Optional[Operation] = None
    entry: str = ""

    def participants(self, spec: CollectiveSpec) -> tuple[int, ...]:
        """The devices taking part in ``spec`` (all of the mesh when it lists none)."""
        return spec.devices or tuple(self.mesh.devices())

    def body_index(self) -> list[dict[str, BodyCollective]]:
        """Per device (linear order), its in-body collectives by instance name (:class:`BodyCollective`
        of its Kernel steps' bodies, every branch's): what the members of a group are matched by."""
        out = []
        for d in self.devices:
            found: dict[str, BodyCollective] = {}
            for s in d.steps:
                if isinstance(s, Kernel) and s.body:
                    for c in body_collectives(s.body):
                        found[c.instance] = c
            out.append(found)
        return out

    def validate(self) -> None:
        """Check the schedule without running it: device numbering, buffer
        liveness per device (module docstring: what each step may read and
        write), peer reads only between peered devices, events signalled
        once and never awaited before their own device signals them, every
        participant of a collective taking part exactly once, results live at
        the end, in-body collectives named once per device and alike (kind,
        mesh axes, attributes) on the first member of their group.

        Raises:
            ScheduleError: the first problem, naming device, step and buffer.
        """
        _Validator(self).run()

    # -- JSON ------------------------------------------------------------------------------
    def to_json(self) -> dict:
        """The schedule as JSON-ready data (schema version 1, module docstring).

        Raises:
            ScheduleError: a kernel's op is not in ``module``.
        """
        from meshc.ir.printer import print_op

        module_json = None
        op_index: dict[int, int] = {}
        if self.module is not None:
            ops = list(self.module.walk())
            op_index = {id(op): i for i, op in enumerate(ops)}
            module_json = {"text": print_op(self.module, generic=True),
                           "locations": [str(op.location) for op in ops]}
        elif any(isinstance(s, Kernel) for d in self.devices for s in d.steps):
            raise ScheduleError("the schedule has kernel steps but no module to take their ops from")
        return {
            "version": SCHEMA_VERSION,
            "entry": self.entry,
            "mesh": {"name": self.mesh.name, "shape": list(self.mesh.shape),
                     "peered_axes": list(self.mesh.peered_axes)},
            "module": module_json,
            "args": [a.to_json() for a in self.args],
            "results": [r.to_json() for r in self.results],
            "collectives": [c.to_json() for c in self.collectives.values()],
            "devices": [{"device": d.device, "steps": [s.to_json(op_index) for s in d.steps]} for d in self.devices],
        }

    def to_json_text(self, indent: Optional[int] = None) -> str:
        """:meth:`to_json` as text."""
        return json.dumps(self.to_json(), indent=indent)

    @classmethod
    def from_json(cls, data: dict) -> "Schedule":
        """Read :meth:`to_json`'s output.

        Raises:
            ScheduleError: another schema version, a missing key, an unknown
                step kind, an op index outside the module or naming another op.
            DiagnosticError: the module text does not parse or verify.
        """
        return _schedule_from_json(data)

    @classmethod
    def from_json_text(cls, text: str) -> "Schedule":
        """:meth:`from_json` of a JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ScheduleError(f"schedule file is not JSON: {err}") from None
        return cls.from_json(data)

    def summary(self) -> str:
        """A readable listing: one line per step, device by device."""
        lines = [f"schedule of @{self.entry or '?'} on mesh @{self.mesh.name}: shape {self.mesh.shape_str()}, "
                 f"peered axes {list(self.mesh.peered_axes)}"]
        for spec in self.collectives.values():
            lines.append(f"  {spec.describe()} devices {list(self.participants(spec))}")
        for d in self.devices:
            lines.append(f"device {d.device}:")
            for i, s in enumerate(d.steps):
                extra = (f" wait {list(s.wait)}" if s.wait else "") + (f" signal {s.signal}" if s.signal else "")
                lines.append(f"  {i:4d}  {s.describe()}{extra}")
        return "\n".join(lines)


# -- validation --------------------------------------------------------------------------------


class _Validator:
    """The checks of :meth:`Schedule.validate`, one method per concern."""

    def __init__(self, schedule: Schedule):
        self.s = schedule
        self.mesh = schedule.mesh
        self.took_part: dict[str, set[int]] = {name: set() for name in schedule.collectives}
        self.args_of: dict[int, list] = {}  # device -> its argument bindings (one pass, not one per device)
        for a in schedule.args:
            self.args_of.setdefault(a.device, []).append(a)
        self.members = {name: set(schedule.participants(spec)) for name, spec in schedule.collectives.items()}
        self.body_index: dict[int, dict[str, BodyCollective]] = {}  # device -> its in-body collectives

    @staticmethod
    def fail(message: str, device: Optional[int] = None, index: Optional[int] = None,
             step: Optional[Step] = None) -> ScheduleError:
        where = ""
        if device is not None:
            where = f"device {device}" + (f", step {index} ({step.describe()})" if step is not None else "") + ": "
        return ScheduleError(where + message, step.location if step is not None else UNKNOWN_LOC)

    def run(self) -> None:
        mesh = self.mesh
        if not mesh.is_static:
            raise self.fail(f"mesh @{mesh.name} has the dynamic shape {mesh.shape_str()}; schedules need a "
                            "specialized mesh (--mesh-shape)")
        n = mesh.num_devices
        if len(self.s.devices) != n:
            raise self.fail(f"mesh @{mesh.name} ({mesh.shape_str()}) has {n} devices but the schedule has "
                            f"{len(self.s.devices)} device schedules")
        for k, d in enumerate(self.s.devices):
            if d.device != k:
                raise self.fail(f"device schedule #{k} is for device {d.device}; list them in linear device order")
        self.check_collective_specs()
        self.check_events()
        live_at_end = [self.check_device(d) for d in self.s.devices]
        for name, spec in self.s.collectives.items():
            missing = sorted(set(self.s.participants(spec)) - self.took_part[name])
            if missing:
                raise ScheduleError(f"collective {spec.describe()}: devices {missing} have no step taking part in it",
                                    spec.location)
        self.check_results(live_at_end)
        self.check_body_groups()

    def check_collective_specs(self) -> None:
        n = self.mesh.num_devices
        for name, spec in self.s.collectives.items():
            if name != spec.instance:
                raise ScheduleError(f"collective '{spec.instance}' is filed under the instance id '{name}'")
            try:
                self.mesh.check_axes(spec.mesh_axes, f"collective '{name}' mesh_axes")
            except ShardingError as err:
                raise ScheduleError(str(err), spec.location) from None
            parts = self.s.participants(spec)
            bad = [d for d in parts if not 0 <= d < n]
            if bad or len(set(parts)) != len(parts):
                raise ScheduleError(f"collective '{name}': devices {list(parts)} must be distinct devices of the "
                                    f"{n}-device mesh", spec.location)
            chosen = set(parts)
            for group in self.mesh.axis_groups(spec.mesh_axes):
                inside = chosen & set(group)
                if inside and inside != set(group):
                    raise ScheduleError(f"collective '{name}': devices {sorted(inside)} take part but the rest of "
                                        f"their group {group} over mesh axes {list(spec.mesh_axes)} does not",
                                        spec.location)

    def check_events(self) -> None:
        signalled: dict[str, tuple[int, int]] = {}
        for d in self.s.devices:
            for i, step in enumerate(d.steps):
                if step.signal is None:
                    continue
                if step.signal in signalled:
                    k, j = signalled[step.signal]
                    raise self.fail(f"event '{step.signal}' is already signalled by device {k}, step {j}",
                                    d.device, i, step)
                signalled[step.signal] = (d.device, i)
        for d in self.s.devices:
            for i, step in enumerate(d.steps):
                for event in step.wait:
                    if event not in signalled:
                        raise self.fail(f"waits for event '{event}', which no step signals", d.device, i, step)
                    k, j = signalled[event]
                    if k == d.device and j >= i:
                        raise self.fail(f"waits for event '{event}', which its own step {j} signals later",
                                        d.device, i, step)

    def check_device(self, d: DeviceSchedule) -> dict[str, str]:
        """Buffer liveness of one device; returns the buffers live at the end
        (name -> ``"buffer"`` or ``"view"``)."""
        from meshc.kernels.dtypes import numpy_dtype
        from meshc.kernels.errors import KernelError

        k = d.device
        live: dict[str, str] = {}
        shapes: dict[str, tuple] = {}  # allocated shape of each live buffer (views: unknown)
        for a in self.args_of.get(k, ()):
            if a.device == k:
                shapes[a.buffer] = a.shape
                if a.buffer in live:
                    raise self.fail(f"arguments {a.index} and another one are both bound to buffer '{a.buffer}'", k)
                try:
                    numpy_dtype(a.dtype)
                except KernelError as err:
                    raise self.fail(f"argument {a.index}: {err}", k) from None
                live[a.buffer] = "buffer"

        def need(name: str, i: int, step: Step, writable: bool = False) -> None:
            if name not in live:
                raise self.fail(f"buffer '{name}' is not live (never created, or freed)", k, i, step)
            if writable and live[name] != "buffer":
                raise self.fail(f"buffer '{name}' is a peer view; only allocated buffers are written", k, i, step)

        for i, step in enumerate(d.steps):
            if isinstance(step, Allocate):
                if step.buffer in live:
                    raise self.fail(f"buffer '{step.buffer}' is already live", k, i, step)
                try:
                    numpy_dtype(step.dtype)
                except KernelError as err:
                    raise self.fail(str(err), k, i, step) from None
                live[step.buffer] = "buffer"
                shapes[step.buffer] = step.shape
            elif isinstance(step, Kernel):
                if _root_op(step.op) is not self.s.module:
                    raise self.fail("the kernel's op is not in the schedule's module", k, i, step)
                if step.body:
                    self.check_body(step, k, i)
                for name in step.reads():
                    need(name, i, step)
                for name in step.outputs:
                    need(name, i, step, writable=True)
                if step.tile is not None:
                    self.check_tile(step, shapes, k, i)
            elif isinstance(step, (PeerRead, Copy)):
                self.check_source(step, k, i)
                if isinstance(step, PeerRead):
                    if step.buffer in live:
                        raise self.fail(f"buffer '{step.buffer}' is already live", k, i, step)
                    live[step.buffer] = "view"
                else:
                    need(step.buffer, i, step, writable=True)
            elif isinstance(step, Collective):
                spec = self.s.collectives.get(step.instance)
                if spec is None:
                    raise self.fail(f"no collective instance '{step.instance}' in the schedule", k, i, step)
                if k not in self.members[step.instance]:
                    raise self.fail(f"device {k} is not a participant of {spec.describe()} (devices "
                                    f"{list(self.s.participants(spec))})", k, i, step)
                if k in self.took_part[step.instance]:
                    raise self.fail(f"device {k} takes part in '{step.instance}' twice", k, i, step)
                self.took_part[step.instance].add(k)
                need(step.input, i, step)
                need(step.output, i, step, writable=True)
            elif isinstance(step, HaloExchange):
                self.check_halo(step, k, i)
                for name in step.reads():
                    need(name, i, step)
                need(step.output, i, step, writable=True)
                try:
                    step.check_cover(shapes[step.output])
                except ScheduleError as err:
                    raise self.fail(err.message, k, i, step) from None
            elif isinstance(step, Free):
                need(step.buffer, i, step)
                del live[step.buffer]
            else:
                raise self.fail(f"unknown step {step!r}", k, i)
        return live

    def check_body(self, step: Kernel, k: int, i: int) -> None:
        """The in-body collectives of kernel ``step``: each instance name once on device ``k``, mesh
        axes of the mesh; recorded in ``body_index`` for :meth:`check_body_groups`."""
        found = self.body_index.setdefault(k, {})
        for c in body_collectives(step.body):
            if c.instance in found:
                raise self.fail(f"in-body collective '{c.instance}' is named twice", k, i, step)
            try:
                self.mesh.check_axes(c.mesh_axes, f"in-body collective '{c.instance}' mesh_axes")
            except ShardingError as err:
                raise self.fail(str(err), k, i, step) from None
            found[c.instance] = c

    def check_body_groups(self) -> None:
        """The first member of each in-body collective's group (coordinate 0 on its mesh axes) has the
        same collective under that name (:meth:`check_body` recorded them): the runtimes match the
        members of a group by their order, which the names record."""
        mesh = self.mesh
        index = self.body_index
        for k, found in list(index.items()):
            coords = mesh.device_coords(k)
            for name, c in found.items():
                lead = mesh.linear_index([0 if a in c.mesh_axes else x for a, x in enumerate(coords)])
                other = index.get(lead, {}).get(name)
                if other is None or (other.kind, other.mesh_axes, other.attributes) != (c.kind, c.mesh_axes,
                                                                                       c.attributes):
                    theirs = other.spec().describe() if other is not None else "nothing"
                    raise ScheduleError(f"device {k}: in-body collective {c.spec().describe()} but device {lead} of "
                                        f"its group has {theirs} under that name (their bodies meet different "
                                        "collectives)", c.location)

    def check_tile(self, step: Kernel, shapes: dict, k: int, i: int) -> None:
        """Each box of a tiled kernel fits its buffer (a view's shape is not known here) and names an
        output's tied input as its ``fresh`` source."""
        tile = step.tile
        assert tile is not None
        boxes = list(zip(step.inputs, tile.inputs)) + list(zip(step.outputs, tile.outputs))
        for name, box in boxes:
            shape = shapes.get(name)
            if box is None or shape is None:
                continue
            if len(box[0]) != len(shape) or any(o + n > m for o, n, m in zip(box[0], box[1], shape)):
                raise self.fail(f"tile box {_slice_text(*box)} does not fit buffer '{name}' of shape {list(shape)}",
                                k, i, step)
        for j, f in enumerate(tile.fresh):
            if f is not None and not 0 <= f < len(step.inputs):
                raise self.fail(f"output {j} starts from input {f}, but the kernel has {len(step.inputs)} inputs",
                                k, i, step)

    def check_source(self, step: "_Remote", k: int, i: int) -> None:
        src, n = step.src_device, self.mesh.num_devices
        if not 0 <= src < n:
            raise self.fail(f"source device {src} is not on the {n}-device mesh", k, i, step)
        if src == k:
            raise self.fail("reads its own buffer through a remote step; use the buffer directly", k, i, step)
        if isinstance(step, PeerRead) and not self.mesh.is_peered(k, src):
            raise self.fail(f"devices {k} and {src} are not peered (mesh @{self.mesh.name} {self.mesh.shape_str()}, "
                            f"peered_memory_axes {list(self.mesh.peered_axes)}); use a copy step", k, i, step)

    def check_halo(self, step: HaloExchange, k: int, i: int) -> None:
        """Each part's mode agrees with where its source is: ``local`` on device ``k`` itself,
        ``peer_read`` from a peered device, ``copy`` from another device of the mesh."""
        from meshc.kernels.errors import KernelError

        n = self.mesh.num_devices
        try:
            step.itemsize()
        except KernelError as err:
            raise self.fail(str(err), k, i, step) from None
        for p in step.parts:
            src = p.src_device
            if not 0 <= src < n:
                raise self.fail(f"a halo slab comes from device {src}, not on the {n}-device mesh", k, i, step)
            if (p.mode == "local") != (src == k):
                raise self.fail(f"a '{p.mode}' halo slab from device {src}: only slabs of device {k}'s own buffers "
                                "are local", k, i, step)
            if p.mode == "peer_read" and not self.mesh.is_peered(k, src):
                raise self.fail(f"devices {k} and {src} are not peered (mesh @{self.mesh.name} "
                                f"{self.mesh.shape_str()}, peered_memory_axes {list(self.mesh.peered_axes)}); the "
                                "halo slab must be a copy", k, i, step)

    def check_results(self, live_at_end: list[dict[str, str]]) -> None:
        n = self.mesh.num_devices
        for a in self.s.args:
            if not 0 <= a.device < n:
                raise self.fail(f"argument {a.index} is bound to device {a.device}, not on the {n}-device mesh")
        seen: set[int] = set()
        for r in self.s.results:
            if not 0 <= r.device < n:
                raise self.fail(f"result {r.index} is read from device {r.device}, not on the {n}-device mesh")
            if r.index in seen:
                raise self.fail(f"result {r.index} is bound twice")
            seen.add(r.index)
            if r.buffer not in live_at_end[r.device]:
                raise self.fail(f"result {r.index} is read from buffer '{r.buffer}', which is not live after the "
                                "last step", r.device)


def _root_op(op: Operation) -> Operation:
    while op.parent_op is not None:
        op = op.parent_op
    return op


# -- reading JSON ------------------------------------------------------------------------------


def _key(data: Any, key: str, where: str) -> Any:
    if not isinstance(data, dict):
        raise ScheduleError(f"{where}: expected a JSON object, got {type(data).__name__}")
    try:
        return data[key]
    except KeyError:
        raise ScheduleError(f"{where}: missing key '{key}'") from None


def _read_module(data: Optional[dict]) -> tuple[Optional[Operation], list[Operation]]:
    if data is None:
        return None, []
    from meshc.ir.verifier import verify
    from meshc.parser import parse

    module = parse(_key(data, "text", "schedule module"), "<schedule module>")
    verify(module)
    ops = list(module.walk())
    locations = data.get("locations")
    if locations is not None:
        if len(locations) != len(ops):
            raise ScheduleError(f"schedule module: {len(locations)} locations for {len(ops)} ops")
        for op, text in zip(ops, locations):
            op.location = parse_location(text) or UNKNOWN_LOC
    return module, ops


def _step_from_json(data: Any, ops: list[Operation], where: str) -> Step:
    kind = _key(data, "step", where)
    cls = _STEP_CLASSES.get(kind)
    if cls is None:
        raise ScheduleError(f"{where}: unknown step kind '{kind}' (known: {', '.join(_STEP_CLASSES)})")
    common = {"wait": tuple(data.get("wait", ())), "signal": data.get("signal"),
              "loc": parse_location(data.get("loc"))}
    if cls is Allocate:
        return Allocate(_key(data, "buffer", where), tuple(_key(data, "shape", where)), _key(data, "dtype", where),
                        BufferLayout.from_json(data.get("layout")), **common)
    if cls is Kernel:
        index = _key(data, "op", where)
        if not isinstance(index, int) or not 0 <= index < len(ops):
            raise ScheduleError(f"{where}: op index {index!r} is outside the module's {len(ops)} ops")
        op = ops[index]
        if data.get("name", op.name) != op.name:
            raise ScheduleError(f"{where}: op {index} of the module is '{op.name}', not '{data['name']}'")
        return Kernel(op, tuple(_key(data, "inputs", where)), tuple(_key(data, "outputs", where)),
                      tuple(data.get("captures", ())), KernelTile.from_json(data.get("tile"), where),
                      body_from_json(data.get("body", ()), f"{where}, body", ops), **common)
    if cls in (PeerRead, Copy):
        return cls(_key(data, "buffer", where), _key(data, "src_device", where), _key(data, "src_buffer", where),
                   data.get("offsets"), data.get("sizes"), **common)
    if cls is Collective:
        return Collective(_key(data, "instance", where), _key(data, "input", where), _key(data, "output", where),
                          **common)
    if cls is HaloExchange:
        parts = []
        for j, p in enumerate(_key(data, "parts", where)):
            w = f"{where}, halo part {j}"
            parts.append(HaloPart(_key(p, "src_device", w), _key(p, "src_buffer", w), _key(p, "src_offsets", w),
                                  _key(p, "sizes", w), _key(p, "dst_offsets", w), p.get("mode", "copy")))
        return HaloExchange(_key(data, "instance", where), _key(data, "output", where), _key(data, "dtype", where),
                            tuple(parts), bool(data.get("tile", False)), **common)
    return Free(_key(data, "buffer", where), **common)


def _schedule_from_json(data: Any) -> Schedule:
    version = _key(data, "version", "schedule")
    if version != SCHEMA_VERSION:
        raise ScheduleError(f"schedule schema version {version!r} is not supported (this meshc reads version "
                            f"{SCHEMA_VERSION})")
    m = _key(data, "mesh", "schedule")
    try:
        mesh = Mesh(_key(m, "name", "mesh"), tuple(_key(m, "shape", "mesh")), tuple(m.get("peered_axes", ())))
    except ShardingError as err:
        raise ScheduleError(f"schedule mesh: {err}") from None
    module, ops = _read_module(data.get("module"))
    collectives: dict[str, CollectiveSpec] = {}
    for c in data.get("collectives", ()):
        spec = CollectiveSpec(_key(c, "instance", "collective"), _key(c, "kind", "collective"),
                              tuple(_key(c, "mesh_axes", "collective")), tuple(c.get("devices", ())),
                              dict(c.get("attributes", {})), parse_location(c.get("loc")))
        if spec.instance in collectives:
            raise ScheduleError(f"collective instance '{spec.instance}' is defined twice")
        collectives[spec.instance] = spec
    args = [ArgBinding(_key(a, "index", "arg"), _key(a, "device", "arg"), _key(a, "buffer", "arg"),
                       tuple(_key(a, "shape", "arg")), _key(a, "dtype", "arg"), BufferLayout.from_json(a.get("layout")))
            for a in data.get("args", ())]
    results = [ResultBinding(_key(r, "index", "result"), _key(r, "device", "result"), _key(r, "buffer", "result"))
               for r in data.get("results", ())]
    devices = []
    for d in _key(data, "devices", "schedule"):
        k = _key(d, "device", "device schedule")
        steps = [_step_from_json(s, ops, f"device {k}, step {i}")
                 for i, s in enumerate(_key(d, "steps", f"device {k}"))]
        devices.append(DeviceSchedule(k, steps))
    return Schedule(mesh, devices, collectives, args, results, module, data.get("entry", ""))
