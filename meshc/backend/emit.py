"""The backend: per-device schedules from the unrolled program (docs/pipeline.md stages 6-7).

:func:`emit_program` reads ``@NAME_sharded``, the private function ``unroll`` builds
next to the public ``@NAME`` (docs/pipeline.md stage 6), and returns a
:class:`~meshc.backend.schedule.Schedule` (one ordered list of steps per device;
step kinds, allocation policy and JSON schema: :mod:`meshc.backend.schedule`)
plus the shard map the runtime needs to place inputs and reassemble results.
A program whose entry function has no mesh runs as is on one device (mesh
``@host`` of shape 1).

Where each value lives
----------------------
* a per-shard argument (``{mesh.arg, mesh.devices, mesh.offsets}``) is bound on
  ``mesh.devices[0]``, the owner of its peer group (seed 000: a tensor
  replicated over peered axes is stored once);
* ops of ``mesh.for_one k`` bodies run on device ``k`` (its multi-index
  linearised row-major), one Kernel step each, in program order; a
  ``mesh.for_one`` result is the yielded value (no step), copied to ``k``
  first when it lives on a device ``k`` is not peered with;
* each N-operand collective is one :class:`CollectiveSpec` (instance ``c0``,
  ``c1``... in program order) and one Collective step on every device of the
  mesh: device ``k`` contributes the stored shard it holds
  (:func:`meshc.dialects.mesh.piece_of_device` of ``global_types[0]``) and
  receives into a buffer of its shard of ``global_types[1]``. The owner of a
  result shard keeps it; a device whose shard is owned by a peer (a replicated
  result over peered axes) receives into a scratch buffer freed right away;
* each unrolled ``mesh.update_halo`` is one HaloExchange step (instance
  ``h0``, ``h1``...) on the owner of each stored shard of its result: the
  output is allocated, the device's own core comes from its own buffer and
  every halo cell from the core of the device owning it (:meth:`_Emitter.halo_slabs`:
  own piece, then peers, then neighbours along the split axes), read in
  place from a peered device or copied from another one, waiting for the
  source's producer; the source's Free waits for the exchange;
* other ops of ``@NAME_sharded``'s body (constants hoisted by canonicalize)
  are replicated: each device that uses one runs it before its first use;
* device ``k`` using a value stored on device ``j`` reads it with a PeerRead
  when ``mesh.is_peered(k, j)``, else with Allocate + Copy, once per value;
  the read waits for the event of ``j``'s producing step. A static
  ``tensor.extract_slice`` of such a value used only in its own body reads
  just the slice (PeerRead/Copy with offsets and sizes) and runs no kernel:
  slices straddling shards (peer-read resharding, halos) move only what is
  read.
* an op marked by ``reshard{peer-tile=...}`` whose input comes from other
  devices is then computed tile by tile, each tile fetched just before it is
  used (:mod:`meshc.backend.peer_tile`, applied to the finished schedule; the
  SPMD instantiation applies it too).

Arguments and results
---------------------
What this reads of ``unroll``'s output is stated once, in
:mod:`meshc.interfaces.unrolled` (docs/pipeline.md, "The contract between
unroll's wrappers and the backend"), which unroll imports too.
:class:`Program` pairs the schedule with the shard map: each argument of
``@NAME_sharded`` is the slice of original argument ``mesh.arg`` at
``mesh.offsets`` (or the reduction identity, ``mesh.identity``, for the shards
of a partial input off coordinate 0), and each original result is reassembled
as ``@NAME``'s unshard does it after its call of ``@NAME_sharded`` (one
:class:`GatherPart` per ``tensor.insert_slice``: shard cores at their
``mesh.offsets``, one holder of a replicated shard, the shards of a partial
result combined); without such a call, from the result shards' ``mesh.offsets``.

Allocation and liveness (the policy of :mod:`meshc.backend.schedule`)
----------------------------------------------------------------------
Every result of a Kernel or Collective gets an Allocate of its local shape
(a scalar: shape ``()``, its element size) right before the step, except that a destination-passing output (a linalg
``outs`` operand, ``tensor.insert_slice``/``linalg.pack``/``linalg.unpack``
dest; a collective's input) takes over the buffer of the operand tied to it
when that step is the operand buffer's last use, the buffer is the device's
own (an argument or an allocation, not a peer view), no other device reads
it, it is not a result, and shape and element type agree. A buffer is freed
right after its last use on its device (a buffer nothing reads, such as a
collective's scratch output, right after the step writing it); a buffer other devices read is freed
only after their last reads (a Copy step, or the Free of the reader's peer
view), waiting for their events. Results are never freed.

Ordering: every step gets a key in program order (the steps of one
collective share one key); each device runs its steps in key order. Every
event a step waits for is signalled by a step of smaller key, and the
collective steps a device meets at a rendezvous have equal keys, so the
schedules cannot deadlock.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from meshc.backend.schedule import (COLLECTIVE_KINDS, Allocate, ArgBinding, Collective, CollectiveSpec, Copy,
                                    DeviceSchedule, Free, HaloExchange, HaloPart, Kernel, PeerRead, ResultBinding,
                                    Schedule, Step, captured_values)
from meshc.backend.peer_tile import tile_peer_operands
from meshc.backend.region_body import group_out_shapes, number_body, region_body
from meshc.ir.attributes import symbol_text
from meshc.ir.core import Operation, OpResult, Value
from meshc.ir.limits import spaced_collections
from meshc.ir.location import UNKNOWN_LOC, DiagnosticError, Location
from meshc.ir.types import TensorType, Type
from meshc.interfaces.unrolled import (ARG, DEVICES, IDENTITY, OFFSETS, RESULT, SHARDED_SUFFIX, GatherPart,
                                       gather_plan)
from meshc.sharding.combiners import COMBINERS as _COMBINER_TABLE
from meshc.sharding.spec import Mesh

__all__ = ["SHARDED_SUFFIX", "HOST_MESH", "COMBINERS", "EmitError", "ShardSlot", "GatherPart", "Program",
           "emit_program", "emit_schedule", "tied_operands"]

#: Name of the one-device mesh a program without a mesh runs on.
HOST_MESH = "host"

_REDUCING = ("all_reduce", "reduce_scatter")

#: Ops a wrapper may combine the shards of a partial result with (every combiner of
#: :data:`meshc.sharding.combiners.COMBINERS`; unroll's unshard uses the canonical one of each kind).
COMBINERS = tuple(c.op for c in _COMBINER_TABLE)


class EmitError(DiagnosticError, ValueError):
    """The module cannot be turned into schedules (no unrolled function, a
    dynamic mesh or shape, a collective the runtime does not implement...),
    located at the offending op."""


@dataclass(frozen=True)
class ShardSlot:
    """One argument or result of the function the schedule runs: ``position``
    among that function's arguments (results), ``index`` of the original
    argument (result) of ``@NAME`` it is a shard of, the ``devices`` holding
    it (``devices[0]`` stores it), its global ``offsets`` and local ``shape``
    in elements, and its MLIR element type ``dtype`` (for a scalar, its type;
    ``shape`` and ``offsets`` are then empty)."""

    position: int
    index: int
    devices: tuple[int, ...]
    offsets: tuple[int, ...]
    shape: tuple[int, ...]
    dtype: str
    is_tensor: bool = True
    identity: Optional[Any] = None  # an argument shard of a partial input held off coordinate 0 of the
    #                                 partial axes starts from this reduction identity (``mesh.identity``)


@dataclass
class Program:
    """What the runtime needs to run ``@entry``: the ``schedule`` (of function
    ``runs``: ``@entry_sharded``, or ``@entry`` itself on one device), the
    shard map of its arguments and results, the types of ``@entry``'s
    arguments and results (the original, unsharded signature), and
    ``gather``: per original result, the parts it is reassembled from."""

    schedule: Schedule
    entry: str
    runs: str
    args: list[ShardSlot]
    results: list[ShardSlot]
    arg_types: tuple[Type, ...]
    result_types: tuple[Type, ...]
    gather: list[list[GatherPart]]


# -- helpers -----------------------------------------------------------------------------------------------------


def tied_operands(op: Operation) -> list[tuple[int, int]]:
    """``(operand index, result index)`` of each destination-passing pair of
    ``op`` (MLIR's DestinationStyleOpInterface): the op's ShardingInterface
    :func:`~meshc.interfaces.sharding.dps_inits` (linalg tensor inits,
    ``tensor.insert_slice``'s dest, ``linalg.pack``/``unpack``'s dest), the
    one answer partition uses too. Empty for every other op."""
    from meshc.interfaces.sharding import dps_inits

    return [(k, r) for r, k in enumerate(dps_inits(op)) if k is not None]


def _value_type(v: Value, where: Operation) -> tuple[tuple[int, ...], str, bool]:
    """``(local shape, element type, is_tensor)`` of a buffer holding ``v``."""
    t = v.type
    if isinstance(t, TensorType):
        if not t.has_static_shape:
            raise EmitError(f"'{where.name}' op: value of type '{t}' has a dynamic shape; the runtime allocates "
                            "static shapes only (a dynamic mesh needs --mesh-shape)", where.location)
        return tuple(int(d) for d in t.shape), str(t.element_type), True
    if t.is_float or t.is_integer:
        return (), str(t), False
    raise EmitError(f"'{where.name}' op: values of type '{t}' cannot live in a device buffer", where.location)


def _dict_attr(attrs, i: int) -> dict:
    if attrs is None or i >= len(attrs):
        return {}
    entry = attrs[i]
    return entry.as_dict() if hasattr(entry, "as_dict") else {}


def _ints_attr(a) -> tuple[int, ...]:
    if a is None:
        return ()
    if hasattr(a, "values"):
        return tuple(int(v) for v in a.values)
    return tuple(int(e.value) for e in a)


# -- buffers and draft steps ---------------------------------------------------------------------------------------


class _Buf:
    """A buffer of one device while schedules are built (merged by in-place reuse)."""

    __slots__ = ("name", "device", "kind", "shape", "dtype", "parent", "result", "remote", "alloc")

    def __init__(self, name: str, device: int, kind: str, shape: tuple, dtype: str):
        self.name, self.device, self.kind = name, device, kind  # kind: arg | alloc | view
        self.shape, self.dtype = shape, dtype
        self.parent: Optional[_Buf] = None
        self.result = False
        self.remote: list[_Draft] = []  # PeerRead / Copy drafts of other devices reading this buffer
        self.alloc: Optional[_Draft] = None

    def find(self) -> "_Buf":
        b = self
        while b.parent is not None:
            b = b.parent
        return b


class _Draft:
    """A step being built: ``kind`` and ``data`` (buffers as :class:`_Buf`),
    ``key`` (program-order position), events waited for (drafts) and whether
    another step waits for this one."""

    __slots__ = ("device", "kind", "key", "data", "wait", "signal", "loc", "dropped")

    def __init__(self, device: int, kind: str, key: tuple, data: dict, loc: Optional[Location] = None):
        self.device, self.kind, self.key, self.data, self.loc = device, kind, key, data, loc
        self.wait: list[_Draft] = []
        self.signal: Optional[str] = None  # set to "" when needed, named at the end
        self.dropped = False

    def local_buffers(self) -> list[_Buf]:
        """Buffers of this device the step reads or writes."""
        d = self.data
        if self.kind == "kernel":
            return list(d["inputs"]) + list(d["captures"]) + list(d["outputs"])
        if self.kind == "collective":
            return [d["input"], d["output"]]
        if self.kind == "halo":
            return [d["output"]] + [p["src"] for p in d["parts"] if p["src"].device == self.device]
        return [d["buf"]]


class _Stored:
    """Where a value's data lives: ``buf`` of ``device``, written by ``producer`` (None: bound before the run)."""

    __slots__ = ("device", "buf", "producer", "label")

    def __init__(self, device: int, buf: _Buf, producer: Optional[_Draft], label: str):
        self.device, self.buf, self.producer, self.label = device, buf, producer, label


class _Device:
    __slots__ = ("k", "drafts", "names", "suffix", "remote", "replicated")

    def __init__(self, k: int):
        self.k = k
        self.drafts: list[_Draft] = []
        self.names: set[str] = set()
        self.suffix: dict[str, int] = {}  # base -> the first suffix ``claim`` has not tried yet
        self.remote: dict[int, tuple[_Buf, _Draft]] = {}  # id(_Stored) -> (local view or copy, its step)
        self.replicated: dict[Operation, tuple[list[_Buf], _Draft]] = {}  # op -> (buffers, kernel step)

    def claim(self, base: str) -> str:
        """A buffer name not yet used on this device: ``base``, else ``base.1``, ``base.2``... (the first
        free one; the suffixes tried are remembered per base, so a base claimed N times costs O(N))."""
        name = base
        if name in self.names:
            for n in itertools.count(self.suffix.get(base, 1)):
                name = f"{base}.{n}"
                if name not in self.names:
                    self.suffix[base] = n + 1
                    break
        self.names.add(name)
        return name


# -- the emitter ---------------------------------------------------------------------------------------------------


class _Emitter:
    """Builds the schedule of ``func`` on ``mesh`` (``plain``: a function without
    mesh ops, run on device 0 of a one-device mesh)."""

    def __init__(self, module: Operation, func: Operation, mesh: Mesh, plain: bool):
        from meshc.ir.printer import Printer

        self.module, self.func, self.mesh, self.plain = module, func, mesh, plain
        self.devs = [_Device(k) for k in mesh.devices()]
        self.stored: dict[Value, _Stored] = {}
        self.collectives: dict[str, CollectiveSpec] = {}
        self.args: list[ArgBinding] = []
        self.results: list[tuple[int, _Stored]] = []
        self.g = 0
        self.halos = 0
        self.buffer_names: dict[Value, str] = {}
        self.printer = Printer()
        self.printer.print_op(func)  # names every value as the printed IR does

    # -- small helpers ------------------------------------------------------------------------------------------
    def name_of(self, v: Value) -> str:
        return "%" + self.printer.name_value(v)

    def key(self) -> tuple:
        self.g += 1
        return (self.g, 0, 0)

    def add(self, k: int, kind: str, data: dict, loc: Optional[Location] = None, key: Optional[tuple] = None
            ) -> _Draft:
        d = _Draft(k, kind, key or self.key(), data, loc)
        self.devs[k].drafts.append(d)
        return d

    def new_buf(self, k: int, base: str, v: Value, where: Operation, kind: str = "alloc") -> _Buf:
        shape, dtype, _ = _value_type(v, where)
        buf = _Buf(self.devs[k].claim(base), k, kind, shape, dtype)
        if kind == "alloc":
            buf.alloc = self.add(k, "allocate", {"buf": buf}, where.location)
        return buf

    # -- values -------------------------------------------------------------------------------------------------
    def resolve(self, v: Value, k: int, user: Operation) -> _Buf:
        """The buffer of device ``k`` holding ``v`` (reading it from its device first if needed)."""
        s = self.stored.get(v)
        if s is None:
            owner = v.owner if isinstance(v, OpResult) else None
            if owner is not None and owner.parent_op is self.func:
                return self.replicate(owner, k)[v.index]  # type: ignore[attr-defined]
            raise EmitError(f"'{user.name}' op on device {k} uses {self.name_of(v)}, which no step of device {k} "
                            "or of another device produces (is the function unrolled?)", user.location)
        if s.device == k:
            return s.buf
        return self.read_remote(s, k, user)

    def read_remote(self, s: _Stored, k: int, user: Operation) -> _Buf:
        dev = self.devs[k]
        local = dev.remote.get(id(s))
        if local is not None:
            return local[0]
        src = s.buf
        base = f"{s.label}@{s.device}"
        if self.mesh.is_peered(k, s.device):
            buf = _Buf(dev.claim(base), k, "view", src.shape, src.dtype)
            draft = self.add(k, "peer_read", {"buf": buf, "src": src}, user.location)
        else:
            buf = _Buf(dev.claim(base), k, "alloc", src.shape, src.dtype)
            buf.alloc = self.add(k, "allocate", {"buf": buf}, user.location)
            draft = self.add(k, "copy", {"buf": buf, "src": src}, user.location)
        if s.producer is not None:
            draft.wait.append(s.producer)
            s.producer.signal = ""
        src.remote.append(draft)
        dev.remote[id(s)] = (buf, draft)
        return buf

    def replicate(self, op: Operation, k: int) -> list[_Buf]:
        """Run a top-level op of the sharded function on device ``k`` (once) and return its buffers."""
        dev = self.devs[k]
        done = dev.replicated.get(op)
        if done is None:
            from meshc.dialects.mesh import MeshDialectOp

            if isinstance(op, MeshDialectOp):
                raise EmitError(f"'{op.name}' op at the top level of @{self.func.sym_name} is not in the unrolled "
                                "form (one mesh.for_one per device, N-operand collectives)", op.location)
            bufs = self.kernel(op, k, store=False)
            done = dev.replicated[op] = (bufs, dev.drafts[-1])
        return done[0]

    def remote_slice(self, op: Operation, k: int) -> bool:
        """A static, unit-stride, rank-preserving ``tensor.extract_slice`` on device ``k`` of a value
        stored on another device, used only inside its own block (not yielded): read just the slice
        (a PeerRead of it, or Allocate + Copy of it) instead of the whole buffer and a kernel
        (seed 000: slices that straddle shards are read from their owners). True when done."""
        from meshc.dialects.tensor import K_DYNAMIC, ExtractSliceOp

        if not isinstance(op, ExtractSliceOp) or len(op.operands) != 1:
            return False
        s = self.stored.get(op.source)
        result = op.results[0]
        offsets, sizes, strides = op.static_offsets, op.static_sizes, op.static_strides
        if s is None or s.device == k or K_DYNAMIC in offsets + sizes or any(x != 1 for x in strides):
            return False
        if not isinstance(result.type, TensorType) or tuple(result.type.shape) != tuple(sizes):
            return False  # rank-reducing
        block = op.parent
        if any(u.parent is not block or u.is_terminator for u in result.users):
            return False
        name = self.buffer_names.get(result) or self.name_of(result)
        if self.mesh.is_peered(k, s.device):
            buf = self.new_buf(k, name, result, op, kind="view")
            draft = self.add(k, "peer_read", {"buf": buf, "src": s.buf, "offsets": offsets, "sizes": sizes},
                             op.location)
        else:
            buf = self.new_buf(k, name, result, op)
            draft = self.add(k, "copy", {"buf": buf, "src": s.buf, "offsets": offsets, "sizes": sizes},
                             op.location)
        if s.producer is not None:
            draft.wait.append(s.producer)
            s.producer.signal = ""
        s.buf.remote.append(draft)
        self.stored[result] = _Stored(k, buf, draft, name)
        return True

    def kernel(self, op: Operation, k: int, store: bool = True) -> list[_Buf]:
        """Kernel step of ``op`` on device ``k`` (operands resolved, outputs allocated); records where its
        results live unless the op is replicated (``store`` False: each device has its own)."""
        inputs = [self.resolve(v, k, op) for v in op.operands]
        captures = [self.resolve(v, k, op) for v in captured_values(op)] if op.regions else []
        names = [self.buffer_names.get(r) or self.name_of(r) for r in op.results]
        outputs = [self.new_buf(k, name, r, op) for name, r in zip(names, op.results)]
        d = self.add(k, "kernel", {"op": op, "inputs": inputs, "outputs": outputs, "captures": captures},
                     op.location)
        if store:
            for r, b, name in zip(op.results, outputs, names):
                self.stored[r] = _Stored(k, b, d, name)
        return outputs

    # -- the function ---------------------------------------------------------------------------------------------
    def run(self) -> None:
        from meshc.dialects.func import ReturnOp

        self.bind_args()
        ops = list(self.func.body.ops)
        ret = ops[-1] if ops and isinstance(ops[-1], ReturnOp) else None
        if ret is None:
            raise EmitError(f"@{self.func.sym_name} does not end with 'func.return'", self.func.location)
        for op in ops[:-1]:
            if self.plain:
                self.kernel(op, 0)
            else:
                self.top_level(op)
        self.bind_results(ret)

    def bind_args(self) -> None:
        attrs = self.func.attributes.get("arg_attrs")
        for i, a in enumerate(self.func.body.args):
            d = _dict_attr(attrs, i)
            devices = _ints_attr(d.get(DEVICES)) if not self.plain else (0,)
            if not self.plain and ARG not in d:
                raise EmitError(f"argument #{i} of @{self.func.sym_name} has no '{ARG}' attribute (docs/pipeline.md "
                                "stage 6)", self.func.location)
            k = devices[0] if devices else 0
            if not 0 <= k < self.mesh.num_devices:
                raise EmitError(f"argument #{i} of @{self.func.sym_name} is placed on device {k}, not on the "
                                f"{self.mesh.num_devices}-device mesh @{self.mesh.name}", self.func.location)
            name = self.name_of(a)
            buf = self.new_buf(k, name, a, self.func, kind="arg")
            self.args.append(ArgBinding(i, k, buf.name, buf.shape, buf.dtype))
            self.stored[a] = _Stored(k, buf, None, name)

    def bind_results(self, ret: Operation) -> None:
        attrs = self.func.attributes.get("res_attrs")
        for i, v in enumerate(ret.operands):
            s = self.stored.get(v)
            if s is None:  # a replicated top-level value returned: computed on the result's first holder
                devices = _ints_attr(_dict_attr(attrs, i).get(DEVICES)) or (0,)
                buf = self.resolve(v, devices[0], ret)
                s = _Stored(devices[0], buf, None, self.name_of(v))
            s.buf.result = True
            self.results.append((i, s))

    def top_level(self, op: Operation) -> None:
        """One op of ``@NAME_sharded``'s body, as the unrolled form of docs/pipeline.md stage 6 has
        them: a device's ``mesh.for_one`` body, an unrolled halo update or collective, or a
        replicated op."""
        from meshc.dialects.func import CallOp
        from meshc.dialects.mesh import CollectiveOp, ForOneOp, UpdateHaloOp

        if isinstance(op, ForOneOp):
            self.for_one(op)
        elif isinstance(op, UpdateHaloOp):
            self.halo(op)
        elif isinstance(op, CollectiveOp):
            self.collective(op)
        elif isinstance(op, CallOp) and str(op.attributes["callee"].root).endswith(SHARDED_SUFFIX):
            raise EmitError(f"'func.call' op: calls of per-device functions (@{op.attributes['callee'].root}) "
                            "are not scheduled yet; inline the callee", op.location)
        # anything else is replicated: run by each device at its first use (resolve)

    def for_one(self, op: Operation) -> None:
        from meshc.dialects.mesh import YieldOp

        entries = op.device  # type: ignore[attr-defined]
        if any(isinstance(e, Value) for e in entries):
            raise EmitError("'mesh.for_one' op: the device index must be static in the unrolled form",
                            op.location)
        try:
            k = self.mesh.linear_index([int(e) for e in entries])
        except ValueError as err:
            raise EmitError(f"'mesh.for_one' op: {err}", op.location) from None
        body = op.body  # type: ignore[attr-defined]
        term = body.ops[-1] if body.ops and isinstance(body.ops[-1], YieldOp) else None
        for r, y in zip(op.results, term.operands if term is not None else ()):
            self.buffer_names.setdefault(y, self.name_of(r))  # a yielded buffer takes the function-level name
        for inner in body.ops:
            if inner is not term and not self.remote_slice(inner, k):
                self.kernel(inner, k)
        for r, y in zip(op.results, term.operands if term is not None else ()):
            self.stored[r] = self.on_device(y, k, op)

    def on_device(self, v: Value, k: int, user: Operation) -> _Stored:
        """Where a value yielded by device ``k`` lives: its own storage when it is on ``k`` or on a peer,
        else a copy on ``k``."""
        s = self.stored.get(v)
        if s is not None and (s.device == k or self.mesh.is_peered(k, s.device)):
            return s
        buf = self.resolve(v, k, user)
        dev = self.devs[k]
        if s is not None:  # copied to k
            producer = dev.remote[id(s)][1]
        else:  # a replicated value computed on k
            producer = dev.replicated[v.owner][1]  # type: ignore[union-attr]
        return _Stored(k, buf, producer, self.name_of(v))

    def collective(self, op: Operation) -> None:
        from meshc.dialects.mesh import piece_of_device, storage_pieces, unrolled_types

        kind = op.name.split(".", 1)[1]
        if kind not in COLLECTIVE_KINDS:
            raise EmitError(f"'{op.name}' op: the runtime has no {kind} collective (it runs "
                            f"{', '.join(COLLECTIVE_KINDS)})", op.location)
        if not op.is_unrolled:  # type: ignore[attr-defined]
            raise EmitError(f"'{op.name}' op is not in the unrolled N-operand form (docs/pipeline.md stage 6)",
                            op.location)
        t_src, t_dst = unrolled_types(op)
        src_pieces, dst_pieces = self.source_pieces(t_src), storage_pieces(t_dst, self.mesh)
        if kind == "all_slice" and any(len(p.devices) > 1 for p in src_pieces):
            # a source stored once per peer group: each result shard's owner takes just its slice from the
            # group's stored value (a local slab on the owner, a peer read elsewhere), not the whole value
            self.assemble(op, t_src, t_dst, src_pieces)
            return
        attrs: dict = {name: op.axis_attr(name) for name in COLLECTIVE_KINDS[kind]}  # type: ignore[attr-defined]
        if kind in _REDUCING:
            attrs["reduction"] = op.reduction  # type: ignore[attr-defined]
        instance = f"c{len(self.collectives)}"
        spec = self.collective_spec(instance, kind, op, attrs)
        self.collectives[instance] = spec
        devices = list(self.mesh.devices())
        inputs = [self.resolve(op.operands[piece_of_device(src_pieces, k)], k, op) for k in devices]
        outputs = []
        for k in devices:
            i = piece_of_device(dst_pieces, k)
            r = op.results[i]
            owner = dst_pieces[i].owner == k
            outputs.append(self.new_buf(k, self.name_of(r) if owner else f"{self.name_of(r)}.scratch", r, op))
        key = self.key()
        for k in devices:
            d = self.add(k, "collective", {"instance": instance, "input": inputs[k], "output": outputs[k]},
                         op.location, key)
            i = piece_of_device(dst_pieces, k)
            if dst_pieces[i].owner == k:
                r = op.results[i]
                self.stored[r] = _Stored(k, outputs[k], d, self.name_of(r))

    def source_pieces(self, t_src: TensorType) -> list:
        """The stored pieces (:func:`meshc.dialects.mesh.storage_pieces`) of a collective's source of global
        type ``t_src``: one per peer group of its distinct shards (seed 000)."""
        from meshc.dialects.mesh import storage_pieces

        return storage_pieces(t_src, self.mesh)

    @staticmethod
    def collective_spec(instance: str, kind: str, op: Operation, attrs: dict) -> CollectiveSpec:
        """The :class:`CollectiveSpec` of the unrolled collective ``op`` (``kind``: its op name without
        the dialect; ``attrs``: its tensor-axis attributes and reduction), over the groups of its
        ``mesh_axes``. Raises ScheduleError for attributes the schedule format does not accept."""
        return CollectiveSpec(instance, kind, op.mesh_axes, (), attrs, op.location)  # type: ignore[attr-defined]

    def halo(self, op: Operation) -> None:
        """One HaloExchange step per stored shard of the unrolled ``mesh.update_halo``'s result, on the
        shard's owner (module docstring of :mod:`meshc.backend.schedule`, "Halo exchanges"): its output
        buffer is allocated, then filled from the slabs :meth:`halo_slabs` chooses. A device holding a
        result shard owned by a peer does nothing: it reads the owner's buffer when it uses it."""
        from meshc.dialects.mesh import unrolled_types

        if not op.is_unrolled:  # type: ignore[attr-defined]
            raise EmitError(f"'{op.name}' op is not in the unrolled N-operand form (docs/pipeline.md stage 6)",
                            op.location)
        self.assemble(op, *unrolled_types(op))

    def assemble(self, op: Operation, t_src: TensorType, t_dst: TensorType, src_pieces=None) -> None:
        """Fill each stored shard of ``op``'s result (global type ``t_dst``) on its owner from the slabs of
        the source shards (global type ``t_src``) that :meth:`halo_slabs` chooses: one HaloExchange step
        per owner, its slabs ``local`` (the owner's own buffer), ``peer_read`` (a peer's buffer, read in
        place: only the slab's bytes are counted) or ``copy``. Used for ``mesh.update_halo`` and for an
        ``all_slice`` of a value stored once per peer group (docs/pipeline.md stage 6: the group's other devices
        read just their slice from the first device's buffer, seed 000). ``src_pieces``: the source's
        storage pieces when the caller has them (default: :func:`storage_pieces` of ``t_src``)."""
        from meshc.dialects.mesh import sharding_of, storage_pieces
        from meshc.sharding.spec import ShardingError

        if src_pieces is None:
            src_pieces = storage_pieces(t_src, self.mesh)
        dst_pieces = storage_pieces(t_dst, self.mesh)
        try:
            spec = sharding_of(t_src).to_spec()  # type: ignore[union-attr]
            slabs = [self.halo_slabs(piece.owner, piece.region, src_pieces, spec, tuple(t_src.shape), op.location)
                     for piece in dst_pieces]
        except ShardingError as err:
            raise EmitError(f"'{op.name}' op: {err}", op.location) from None
        instance = f"h{self.halos}"
        self.halos += 1
        outputs = [self.new_buf(piece.owner, self.name_of(r), r, op) for piece, r in zip(dst_pieces, op.results)]
        key = self.key()
        for piece, r, out, boxes in zip(dst_pieces, op.results, outputs, slabs):
            k = piece.owner
            parts = []
            for i, box in boxes:
                v = op.operands[i]
                s = self.stored.get(v)
                src = s.buf if s is not None else self.resolve(v, k, op)  # a replicated top-level value: local
                src_region = src_pieces[i].region
                parts.append({"src": src, "store": s, "sizes": tuple(b - a for a, b in box),
                              "src_offsets": tuple(a - p0 for (a, _), (p0, _) in zip(box, src_region)),
                              "dst_offsets": tuple(a - p0 for (a, _), (p0, _) in zip(box, piece.region))})
            d = self.halo_step(k, instance, out, parts, op.location, key)
            self.stored[r] = _Stored(k, out, d, self.name_of(r))

    def halo_step(self, k: int, instance: str, out: "_Buf", parts: list[dict], loc, key) -> "_Draft":
        """Add device ``k``'s ``halo`` step writing ``out`` from ``parts`` (each with ``src``, its
        ``_Stored`` under ``store``, ``sizes`` and offsets, in elements) and wire each part: ``local``
        on the device itself, else ``peer_read`` (peered axes) or ``copy``, waiting for the part's
        producer and registered as a remote reader of its buffer. Shared by the unrolled and the SPMD
        instantiation (:mod:`meshc.runtime.instantiate`)."""
        d = self.add(k, "halo", {"instance": instance, "output": out, "parts": parts}, loc, key)
        for p in parts:
            s = p.pop("store")
            if p["src"].device == k:
                p["mode"] = "local"
                continue
            p["mode"] = "peer_read" if self.mesh.is_peered(k, p["src"].device) else "copy"
            if s.producer is not None and s.producer not in d.wait:
                d.wait.append(s.producer)
                s.producer.signal = ""
            if d not in s.buf.remote:
                s.buf.remote.append(d)
        return d

    def halo_slabs(self, k: int, region: tuple, src_pieces: list, spec, shape: tuple,
                   loc: Location = UNKNOWN_LOC) -> list[tuple[int, tuple]]:
        """``(source piece index, global box)`` per slab device ``k`` receives to hold ``region`` (global
        ``(start, stop)`` per dim): the cores of the source sharding ``spec`` that meet the region, each
        cell from one core -- the device's own piece first, then pieces on its peers, then those of its
        group over the split axes (its neighbours), then any other replica. Partial values are read only
        from devices with ``k``'s coordinates on the partial axes (their sum is the tensor).

        Raises:
            EmitError: the cores do not cover the region (an internal error), located at ``loc``.
        """
        from meshc.dialects.mesh import piece_of_device
        from meshc.sharding.shards import core_region

        mesh = self.mesh
        coords = mesh.device_coords(k)
        split = set(spec.split_mesh_axes)
        own = piece_of_device(src_pieces, k)

        def order(i: int) -> tuple:
            holder = src_pieces[i].owner
            other = mesh.device_coords(holder)
            same_group = all(other[a] == coords[a] for a in range(mesh.rank) if a not in split)
            return (i != own, not mesh.is_peered(k, holder), not same_group, i)

        candidates = [i for i, p in enumerate(src_pieces)
                      if all(mesh.device_coords(p.owner)[a] == coords[a] for a in spec.partial_axes)]
        best: dict[tuple, int] = {}
        for i in sorted(candidates, key=order):
            for d in src_pieces[i].devices:  # a piece shared by peers whose regions agree holds each one's core
                best.setdefault(core_region(shape, spec, mesh, d), i)
        slabs = []
        for core, i in best.items():
            box = tuple((max(a0, b0), min(a1, b1)) for (a0, a1), (b0, b1) in zip(core, region))
            if all(lo < hi for lo, hi in box):
                slabs.append((i, box))
        covered = sum(math.prod(hi - lo for lo, hi in box) for _, box in slabs)
        if covered != math.prod(hi - lo for lo, hi in region):
            raise EmitError(f"'mesh.update_halo' op: internal: the source's cores cover {covered} cells of device "
                            f"{k}'s region {list(region)}", loc)
        return slabs

    # -- after emission: in-place reuse, frees, events --------------------------------------------------------------
    def reuse_in_place(self) -> None:
        last: dict[_Buf, tuple] = {}
        for dev in self.devs:
            for d in dev.drafts:
                for b in d.local_buffers():
                    last[b] = max(last.get(b, d.key), d.key)
        tied: dict[Operation, list] = {}  # per op: the devices running it share the answer
        for dev in self.devs:
            for d in dev.drafts:
                if d.kind == "kernel":
                    op = d.data["op"]
                    if op not in tied:
                        tied[op] = tied_operands(op)
                    pairs = [(d.data["inputs"][i], d.data["outputs"][j]) for i, j in tied[op]]
                elif d.kind == "collective":
                    pairs = [(d.data["input"], d.data["output"])]
                else:
                    continue
                for src, dst in pairs:
                    src, dst = src.find(), dst.find()
                    if self.can_reuse(d, src, dst, last):
                        dst.parent = src
                        src.remote.extend(dst.remote)
                        src.result = src.result or dst.result
                        dst.alloc.dropped = True  # type: ignore[union-attr]
                        last[src] = max(last[src], last.get(dst, d.key))

    @staticmethod
    def can_reuse(d: _Draft, src: _Buf, dst: _Buf, last: dict) -> bool:
        if src is dst or src.kind == "view" or dst.kind != "alloc" or dst.alloc is None or dst.alloc.dropped:
            return False
        if src.result or src.remote or (src.shape, src.dtype) != (dst.shape, dst.dtype):
            return False
        others = [b.find() for b in d.local_buffers() if b.find() is not dst]
        if d.kind == "kernel" and src in [b.find() for b in d.data["outputs"]]:
            return False
        return last.get(src) == d.key and src in others

    def place_frees(self) -> None:
        groups: dict[_Buf, list[_Draft]] = {}
        for dev in self.devs:
            for d in dev.drafts:
                if d.dropped:
                    continue
                for b in d.local_buffers():
                    groups.setdefault(b.find(), []).append(d)
        for s in self.stored.values():  # buffers never touched by a step (unused arguments)
            groups.setdefault(s.buf.find(), [])
        serial = itertools.count()
        view_free: dict[_Buf, _Draft] = {}
        for b, touches in groups.items():
            if b.kind == "view":
                g = max(d.key for d in touches)[0]
                f = self.add(b.device, "free", {"buf": b}, None, (g, 1, next(serial)))
                view_free[b] = f
        for b, touches in groups.items():
            if b.kind == "view" or b.result:
                continue
            done = []
            for r in b.remote:
                done.append(view_free[r.data["buf"].find()] if r.kind == "peer_read" else r)
            keys = [d.key for d in touches] + [d.key for d in done]
            g = max(keys)[0] if keys else 0
            f = self.add(b.device, "free", {"buf": b}, None, (g, 2, next(serial)))
            for d in done:
                d.signal = ""
                f.wait.append(d)

    def steps(self) -> list[DeviceSchedule]:
        events: set[str] = set()

        def event(d: _Draft) -> str:
            if not d.signal:
                data = d.data
                if d.kind == "kernel":
                    base = (data["outputs"][0].find().name if data["outputs"] else data["op"].name) + " ready"
                elif d.kind == "collective":
                    base = f"{data['instance']} done"
                elif d.kind == "halo":
                    base = f"{data['output'].find().name} halo"
                elif d.kind == "free":
                    base = f"{data['buf'].find().name} freed"
                else:
                    base = f"{data['buf'].find().name} copied"
                name = f"{base}@{d.device}"
                for n in itertools.count(2):
                    if name not in events:
                        break
                    name = f"{base}@{d.device}#{n}"
                events.add(name)
                d.signal = name
            return d.signal

        ordered = [sorted((d for d in dev.drafts if not d.dropped), key=lambda d: d.key) for dev in self.devs]
        for drafts in ordered:  # name every awaited event before building any step
            for d in drafts:
                for w in d.wait:
                    event(w)
        bodies: dict[int, tuple] = {}  # region_body per kernel op (the devices of a shape class share it)

        def body(d: _Draft, counter) -> tuple:
            op = d.data["op"]
            if not op.regions:
                return ()
            nodes = bodies.get(id(op))
            if nodes is None:
                nodes = bodies[id(op)] = region_body(op)
            return number_body(nodes, counter) if nodes else ()

        out = []
        for dev, drafts in zip(self.devs, ordered):
            counter = itertools.count()  # in-body collectives b0, b1... per device, in step order
            out.append(DeviceSchedule(dev.k, [self.step(d, event, body(d, counter) if d.kind == "kernel" else ())
                                              for d in drafts]))
        return group_out_shapes(out, self.mesh) if bodies else out

    @staticmethod
    def step(d: _Draft, event, body: tuple = ()) -> Step:
        data = d.data
        common = {"wait": tuple(event(w) for w in d.wait), "signal": d.signal or None,
                  "loc": d.loc if d.loc is not None and d.loc != UNKNOWN_LOC else None}
        if d.kind == "allocate":
            b = data["buf"]
            return Allocate(b.find().name, b.shape, b.dtype, **common)
        if d.kind == "kernel":
            names = lambda bufs: tuple(b.find().name for b in bufs)  # noqa: E731
            return Kernel(data["op"], names(data["inputs"]), names(data["outputs"]), names(data["captures"]),
                          body=body, **common)
        if d.kind in ("peer_read", "copy"):
            cls = PeerRead if d.kind == "peer_read" else Copy
            src = data["src"].find()
            return cls(data["buf"].find().name, src.device, src.name, data.get("offsets"), data.get("sizes"),
                       **common)
        if d.kind == "collective":
            return Collective(data["instance"], data["input"].find().name, data["output"].find().name, **common)
        if d.kind == "halo":
            out = data["output"].find()
            parts = tuple(HaloPart(p["src"].find().device, p["src"].find().name, p["src_offsets"], p["sizes"],
                                   p["dst_offsets"], p["mode"]) for p in data["parts"])
            return HaloExchange(data["instance"], out.name, out.dtype, parts, **common)
        return Free(data["buf"].find().name, **common)

    def schedule(self, entry: str) -> Schedule:
        self.reuse_in_place()
        self.place_frees()
        devices = self.steps()
        results = [ResultBinding(i, s.device, s.buf.find().name) for i, s in self.results]
        sched = Schedule(self.mesh, devices, self.collectives, self.args, results, self.module, entry)
        sched.validate()
        return sched


# -- entry points --------------------------------------------------------------------------------------------------


def _slots(func: Operation, attr_name: str, key: str, values: Sequence[Value], plain: bool) -> list[ShardSlot]:
    attrs = func.attributes.get(attr_name)
    out = []
    for i, v in enumerate(values):
        shape, dtype, is_tensor = _value_type(v, func)
        d = _dict_attr(attrs, i)
        if plain:
            out.append(ShardSlot(i, i, (0,), (0,) * len(shape), shape, dtype, is_tensor))
            continue
        if key not in d:
            raise EmitError(f"{'argument' if key == ARG else 'result'} #{i} of @{func.sym_name} has no "
                            f"'{key}' attribute (docs/pipeline.md stage 6)", func.location)  # type: ignore[attr-defined]
        offsets = _ints_attr(d.get(OFFSETS)) or (0,) * len(shape)
        if len(offsets) != len(shape):
            raise EmitError(f"'{key}' #{i} of @{func.sym_name}: mesh.offsets {list(offsets)} does not match the "
                            f"rank of {v.type}", func.location)  # type: ignore[attr-defined]
        ident = d.get(IDENTITY)
        out.append(ShardSlot(i, int(d[key].value), _ints_attr(d.get(DEVICES)) or (0,), offsets, shape,
                             dtype, is_tensor, getattr(ident, "value", None)))
    return out


def _module_mesh(module: Operation, func: Operation) -> Mesh:
    from meshc.dialects.mesh import MeshDialectOp, MeshOp

    for op in func.walk():
        if isinstance(op, MeshDialectOp) and op.has_mesh_attr:
            mesh_op = op.mesh_op()
            if mesh_op is not None:
                return mesh_op.as_mesh()
    meshes = [op for op in module.walk() if isinstance(op, MeshOp)]
    if len(meshes) == 1:
        return meshes[0].as_mesh()
    raise EmitError(f"cannot tell which mesh @{func.sym_name} runs on", func.location)  # type: ignore[attr-defined]


def _has_mesh(func: Operation) -> bool:
    from meshc.dialects.mesh import MeshDialectOp, sharding_of

    for op in func.walk():
        if isinstance(op, MeshDialectOp):
            return True
        if any(sharding_of(v.type) is not None for v in list(op.operands) + list(op.results)):
            return True
    return False


def emit_program(module: Operation, entry: Optional[str] = None) -> Program:
    """The schedule of ``module``'s entry function (``entry``, else the only
    public one) and its shard map (module docstring).

    With ``@entry_sharded`` in the module (the pipeline unrolled it) the
    schedule runs it on its mesh; an entry without any mesh op or sharding
    runs as is on the one-device mesh ``@host``.

    Raises:
        EmitError: the entry uses a mesh but was not unrolled (a dynamic
            mesh without --mesh-shape, or a pipeline without ``unroll``), a
            dynamic shape, an unsupported collective, a value some device
            needs that nothing produces (located at the op).
        DiagnosticError: no such entry function.
        ScheduleError: the built schedule does not validate (a backend bug).
    """
    from meshc.dialects.func import FuncOp
    from meshc.ir.functions import entry_function

    wrapper = entry_function(module, entry)
    name = wrapper.sym_name  # type: ignore[attr-defined]
    sharded = module.lookup(name + SHARDED_SUFFIX)  # type: ignore[attr-defined]
    if isinstance(sharded, FuncOp) and not sharded.is_declaration:
        func, plain = sharded, False
        mesh = _module_mesh(module, func)
        if not mesh.is_static:
            raise EmitError(f"mesh {symbol_text(mesh.name)} has the dynamic shape {mesh.shape_str()}; give its "
                            f"shape with --mesh-shape {_mesh_shape_hint(mesh.name, mesh.shape)}", func.location)
    elif _has_mesh(wrapper):
        from meshc.dialects.mesh import MeshOp

        dynamic = [op for op in module.walk() if isinstance(op, MeshOp) and not op.is_static]  # type: ignore
        if dynamic:
            mesh_op = dynamic[0]
            raise EmitError(f"{symbol_text(name)} runs on mesh {symbol_text(mesh_op.sym_name)}, whose shape is "
                            f"dynamic ({Mesh(mesh_op.sym_name, tuple(mesh_op.shape)).shape_str()}): give its shape with --mesh-shape "  # type: ignore
                            f"{_mesh_shape_hint(mesh_op.sym_name, mesh_op.shape)}", wrapper.location)  # type: ignore
        raise EmitError(f"{symbol_text(name)} uses a mesh but has no unrolled {symbol_text(name + SHARDED_SUFFIX)}: "
                        "the pipeline did not unroll it (include the sharding-propagation ... partition, unroll "
                        "passes)", wrapper.location)
    else:
        func, plain, mesh = wrapper, True, Mesh(HOST_MESH, (1,))
    emitter = _Emitter(module, func, mesh, plain)
    with spaced_collections():  # meshc.ir.limits: the drafts live until the schedule is built
        emitter.run()
        schedule = emitter.schedule(func.sym_name)  # type: ignore[attr-defined]
    tile_peer_operands(schedule)  # reshard{peer-tile=...}: remote inputs copied tile by tile
    ret = func.body.ops[-1]  # type: ignore[attr-defined]
    result_slots = _slots(func, "res_attrs", RESULT, list(ret.operands), plain)
    result_types = tuple(wrapper.function_type.results)  # type: ignore[attr-defined]
    gather = ([[GatherPart((0,) * len(s.shape), s.shape, ((s.position, (0,) * len(s.shape)),))] for s in result_slots]
              if plain else gather_plan(wrapper, func, result_slots, result_types, EmitError))
    return Program(schedule, name, func.sym_name,  # type: ignore[attr-defined]
                   _slots(func, "arg_attrs", ARG, list(func.body.args), plain),  # type: ignore
                   result_slots, tuple(wrapper.function_type.inputs), result_types, gather)  # type: ignore


def emit_schedule(module: Operation, entry: Optional[str] = None) -> Schedule:
    """:func:`emit_program`'s schedule."""
    return emit_program(module, entry).schedule


def _mesh_shape_hint(name: str, shape: Sequence[Optional[int]] = (None,)) -> str:
    """The ``--mesh-shape`` argument that sizes mesh ``name`` of axis sizes ``shape`` (None: dynamic):
    ``m=N``, ``m=Nx2`` for a ``?x2`` mesh (its static sizes kept, the dynamic ones ``N``, ``M``, ...),
    or ``'@"dyn m"=N'`` for a name that prints quoted (the option reads both spellings)."""
    letters = iter("NMKLPQRSTUVW")
    sizes = "x".join(str(s) if s is not None else next(letters, "N") for s in shape) or "N"
    text = symbol_text(name)
    return f"{name}={sizes}" if text == "@" + name else f"'{text}={sizes}'"
