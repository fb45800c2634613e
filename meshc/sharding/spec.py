"""The sharding data model: reduction kinds, device meshes and tensor shardings.

Plain frozen dataclasses mirroring MLIR's mesh dialect (LLVM 19/20; the dialect
is renamed ``shard`` in LLVM 21+):

- :class:`ReductionKind` is the dialect's ``ReductionKind`` enum (the kind of a
  ``partial`` sharding and of ``all_reduce``/``reduce_scatter``), with the
  numpy reduction and identity element meshc gives each kind.
- :class:`Mesh` is ``mesh.mesh @m(shape = 2x4, peered_memory_axes = [1])``:
  a row-major grid of devices, ``None`` for a dynamic (``?``) axis, and the
  peered axes of seed 000 (devices differing only on those axes share memory).
- :class:`Sharding` is the body of ``#mesh.shard<@m, [[0], [1]], partial = sum[2]>``.

Nothing here knows the IR; the parser and printer of ``meshc/dialects/mesh.py``
convert to and from these objects.
"""

from __future__ import annotations

import enum
import functools
import itertools
import math
import numbers
from dataclasses import dataclass, replace
from functools import reduce as _fold
from typing import TYPE_CHECKING, Sequence, Union

from meshc.sharding.combiners import KIND_UFUNC

if TYPE_CHECKING:  # numpy loads with the first reduction, not with the module
    import numpy as np

__all__ = [
    "ShardingError",
    "ReshardError",
    "ReductionKind",
    "Mesh",
    "Sharding",
    "Device",
]

#: A device named either by its linear (row-major) index or by its mesh coordinates.
Device = Union[int, Sequence[int]]


class ShardingError(ValueError):
    """An ill-formed mesh or sharding, or shard arithmetic asked of a dynamic size."""


class ReshardError(ShardingError):
    """A resharding that cannot be planned, or a step that does not apply to a sharding."""


class ReductionKind(str, enum.Enum):
    """How the partial values of a ``partial`` sharding combine.

    The names are MLIR mesh's ``ReductionKind`` (``sum, max, min, product,
    average, bitwise_and, bitwise_or, bitwise_xor, generic``). ``generic``
    has no arithmetic meaning: it may be parsed and printed, but every
    operation that must reduce raises :class:`ShardingError` (MLIR's mesh
    documentation also forbids it inside a sharding).
    """

    SUM = "sum"
    MAX = "max"
    MIN = "min"
    PRODUCT = "product"
    AVERAGE = "average"
    BITWISE_AND = "bitwise_and"
    BITWISE_OR = "bitwise_or"
    BITWISE_XOR = "bitwise_xor"
    GENERIC = "generic"

    @classmethod
    def parse(cls, text: "str | ReductionKind") -> ReductionKind:
        """The kind spelled ``text`` (``"sum"``...); raises ShardingError if unknown."""
        if isinstance(text, ReductionKind):
            return text
        try:
            return cls(text)
        except ValueError:
            names = ", ".join(kind.value for kind in cls)
            raise ShardingError(f"unknown reduction kind '{text}' (expected one of {names})") from None

    @property
    def combiner(self) -> np.ufunc:
        """The binary numpy ufunc folding two partial values (``average`` folds with np.add
        and :meth:`reduce` divides by the group size afterwards)."""
        if self is ReductionKind.GENERIC:
            raise ShardingError("reduction kind 'generic' has no combiner")
        import numpy as np

        return getattr(np, KIND_UFUNC[self.value])

    def identity(self, dtype: "np.dtype | type | str") -> np.generic:
        """The identity element of this reduction for ``dtype``, as a numpy scalar.

        By dtype kind: sum/bitwise_or/bitwise_xor 0 (False for bool); product 1 (True);
        max -inf for floats, the smallest integer for ints, False for bool; min +inf,
        the largest integer, True; bitwise_and all ones (-1 signed, max unsigned, True).
        Raises ShardingError for ``average`` and ``generic`` (no identity exists)
        and for bitwise kinds on non-integer dtypes.
        """
        import numpy as np

        dtype = np.dtype(dtype)
        kind = "int" if dtype.kind in "iu" else "bool" if dtype.kind == "b" else "float"
        if self in (ReductionKind.AVERAGE, ReductionKind.GENERIC):
            raise ShardingError(f"reduction kind '{self.value}' has no identity element")
        if self.value.startswith("bitwise") and kind == "float":
            raise ShardingError(f"reduction kind '{self.value}' needs an integer or bool dtype, got {dtype}")
        if self is ReductionKind.MAX:
            value = {"int": lambda: np.iinfo(dtype).min, "bool": lambda: False, "float": lambda: -np.inf}[kind]()
        elif self is ReductionKind.MIN:
            value = {"int": lambda: np.iinfo(dtype).max, "bool": lambda: True, "float": lambda: np.inf}[kind]()
        elif self is ReductionKind.BITWISE_AND:
            value = True if kind == "bool" else np.iinfo(dtype).max if dtype.kind == "u" else -1
        else:
            value = 1 if self is ReductionKind.PRODUCT else 0
        return np.array(value).astype(dtype)[()]

    def reduce(self, buffers: Sequence[np.ndarray]) -> np.ndarray:
        """Fold equally shaped ``buffers`` (one per device of a group, in group order).

        Vectorised: the buffers are stacked and reduced along the new leading axis,
        keeping their dtype. ``average`` sums and divides by the group size
        (floor division for integer dtypes). Raises ShardingError for an empty group
        and for ``generic``.
        """
        if not buffers:
            raise ShardingError(f"cannot {self.value}-reduce an empty group of buffers")
        import numpy as np

        stack = np.stack([np.asarray(b) for b in buffers])
        total = self.combiner.reduce(stack, axis=0, dtype=stack.dtype)
        if self is ReductionKind.AVERAGE:
            if stack.dtype.kind in "iub":
                return (total // len(buffers)).astype(stack.dtype)
            return (total / len(buffers)).astype(stack.dtype)
        return total


def _int_tuple(values, what: str) -> tuple[int, ...]:
    out = tuple(values)
    for v in out:
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            raise ShardingError(f"{what} must hold integers, got {v!r}")
    return tuple(int(v) for v in out)


@dataclass(frozen=True)
class Mesh:
    """A device mesh: ``mesh.mesh @name(shape = 2x4, peered_memory_axes = [1])``.

    ``shape`` lists the size of each mesh axis (``None`` = dynamic ``?``).
    Devices are numbered row-major over the shape (the last axis varies
    fastest), as MLIR's ``mesh.process_linear_index``. ``peered_axes`` are the
    axes along which devices share memory (seed 000): devices whose
    coordinates differ only on peered axes form a *peer group* and can read
    each other's buffers in place.

    Raises ShardingError for a rank-0 mesh, a size < 1, or a peered axis out
    of range or listed twice.
    """

    name: str
    shape: tuple[int | None, ...]
    peered_axes: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        shape = tuple(None if s is None else _int_tuple([s], "mesh shape")[0] for s in self.shape)
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "peered_axes", _int_tuple(self.peered_axes, "peered_memory_axes"))
        if not shape:
            raise ShardingError(f"mesh @{self.name} must have rank >= 1")
        for axis, size in enumerate(shape):
            if size is not None and size < 1:
                raise ShardingError(f"mesh @{self.name} axis {axis} has size {size}; sizes must be >= 1")
        self.check_axes(self.peered_axes, "peered_memory_axes")

    # -- shape -----------------------------------------------------------------

    @property
    def rank(self) -> int:
        """Number of mesh axes."""
        return len(self.shape)

    @property
    def is_static(self) -> bool:
        """True when no axis is dynamic."""
        return all(s is not None for s in self.shape)

    def shape_str(self) -> str:
        """The shape as MLIR prints it: ``2x4``, ``?x?``."""
        return "x".join("?" if s is None else str(s) for s in self.shape)

    def specialize(self, shape: Sequence[int]) -> Mesh:
        """This mesh with the concrete ``shape`` (how the runtime instantiates a dynamic mesh).

        Raises ShardingError if the rank differs, a size is < 1 or a static size disagrees.
        """
        shape = _int_tuple(shape, "mesh shape")
        if len(shape) != self.rank:
            raise ShardingError(f"mesh @{self.name} has rank {self.rank}; cannot specialize it to shape {shape}")
        for axis, (old, new) in enumerate(zip(self.shape, shape)):
            if old is not None and old != new:
                raise ShardingError(
                    f"mesh @{self.name} axis {axis} has static size {old}; cannot specialize it to {new}"
                )
        return replace(self, shape=shape)

    def axis_size(self, axis: int) -> int:
        """Size of mesh ``axis``; raises ShardingError if out of range or dynamic."""
        if type(axis) is int and 0 <= axis < len(self.shape) and self.shape[axis] is not None:
            return self.shape[axis]  # the common case, without building check_axes' set (a hot path)
        self.check_axes([axis], "mesh axis")
        size = self.shape[axis]
        if size is None:
            raise ShardingError(f"mesh @{self.name} axis {axis} is dynamic ({self.shape_str()}); specialize the mesh first")
        return size

    def group_size(self, axes: Sequence[int]) -> int:
        """Product of the sizes of ``axes`` (1 for no axes): the device count of an axis group."""
        return math.prod(self.axis_size(a) for a in axes)

    @functools.cached_property
    def num_devices(self) -> int:
        """Total device count; raises ShardingError for a dynamic mesh (computed once per mesh: the
        mesh is frozen)."""
        return self.group_size(range(self.rank))

    def devices(self) -> range:
        """All linear device indices."""
        return range(self.num_devices)

    def check_axes(self, axes: Sequence[int], what: str) -> None:
        """Raise ShardingError unless ``axes`` are distinct axes of this mesh (``what`` names them)."""
        seen: set[int] = set()
        for axis in axes:
            if not 0 <= axis < self.rank:
                raise ShardingError(f"{what}: mesh axis {axis} out of range for mesh @{self.name} of rank {self.rank}")
            if axis in seen:
                raise ShardingError(f"{what}: mesh axis {axis} listed twice")
            seen.add(axis)

    # -- coordinates -------------------------------------------------------------

    def device_coords(self, linear: int) -> tuple[int, ...]:
        """Row-major coordinates of device ``linear``: on a 2x4 mesh device 6 is (1, 2)."""
        n = self.num_devices
        if not 0 <= linear < n:
            raise ShardingError(f"device {linear} out of range for mesh @{self.name} of {n} devices")
        if not isinstance(linear, numbers.Integral):
            import numpy as np

            return tuple(int(c) for c in np.unravel_index(linear, self.shape))
        rest, coords = int(linear), []
        for size in reversed(self.shape):  # row-major, the last axis fastest (numpy's unravel_index order)
            rest, c = divmod(rest, size)
            coords.append(c)
        return tuple(reversed(coords))

    def linear_index(self, coords: Sequence[int]) -> int:
        """Row-major linear index of ``coords``: on a 2x4 mesh (1, 2) is 6."""
        coords = self._checked_coords(coords)
        linear = 0
        for c, size in zip(coords, self.shape):  # row-major, as numpy's ravel_multi_index
            linear = linear * size + c
        return linear

    def coords_of(self, device: Device) -> tuple[int, ...]:
        """Coordinates of ``device`` given as a linear index or as coordinates."""
        if isinstance(device, numbers.Integral):
            return self.device_coords(int(device))
        return self._checked_coords(device)

    def _checked_coords(self, coords: Sequence[int]) -> tuple[int, ...]:
        coords = _int_tuple(coords, "device coordinates")
        if len(coords) != self.rank:
            raise ShardingError(f"coordinates {coords} have {len(coords)} entries; mesh @{self.name} has rank {self.rank}")
        for axis, c in enumerate(coords):
            if not 0 <= c < self.axis_size(axis):
                raise ShardingError(f"coordinate {c} out of range on axis {axis} of mesh @{self.name} ({self.shape_str()})")
        return coords

    # -- device groups -------------------------------------------------------------

    def axis_group(self, device: Device, axes: Sequence[int]) -> list[int]:
        """Devices that differ from ``device`` only on mesh ``axes``, as linear indices.

        Ordered by their linearised index over ``axes`` in the given order (the
        first axis major), which is MLIR mesh's in-group device order: on a 2x4
        mesh, the group of device (1, 2) over axes [1] is [4, 5, 6, 7]; over
        axes [1, 0] it is [0, 4, 1, 5, 2, 6, 3, 7] (axis 1 major, axis 0 minor).
        """
        self.check_axes(axes, "device group")
        base = list(self.coords_of(device))
        group = []
        for values in itertools.product(*(range(self.axis_size(a)) for a in axes)):
            coords = list(base)
            for axis, value in zip(axes, values):
                coords[axis] = value
            group.append(self.linear_index(coords))
        return group

    def axis_groups(self, axes: Sequence[int]) -> list[list[int]]:
        """The partition of all devices into :meth:`axis_group` s over ``axes``.

        Groups are listed row-major by the coordinates outside ``axes``; on a 2x4 mesh,
        axes [0] gives [[0, 4], [1, 5], [2, 6], [3, 7]].
        """
        self.check_axes(axes, "device group")
        others = [a for a in range(self.rank) if a not in axes]
        groups = []
        for values in itertools.product(*(range(self.axis_size(a)) for a in others)):
            coords = [0] * self.rank
            for axis, value in zip(others, values):
                coords[axis] = value
            groups.append(self.axis_group(coords, axes))
        return groups

    def group_position(self, device: Device, axes: Sequence[int]) -> int:
        """Index of ``device`` inside its :meth:`axis_group` over ``axes``: its coordinates on
        ``axes`` linearised, first axis major."""
        coords = self.coords_of(device)
        return _fold(lambda acc, a: acc * self.axis_size(a) + coords[a], axes, 0)

    def peer_group(self, device: Device) -> list[int]:
        """Devices sharing memory with ``device`` (itself included), ascending.

        Seed 000: devices whose coordinates differ only on the peered axes. On a
        2x4 mesh with ``peered_axes = (1,)`` the peer groups are [0..3] and [4..7];
        with no peered axes every device is alone.
        """
        return sorted(self.axis_group(device, self.peered_axes))

    def is_peered(self, a: Device, b: Device) -> bool:
        """True when devices ``a`` and ``b`` share memory (differ only on peered axes)."""
        ca, cb = self.coords_of(a), self.coords_of(b)
        return all(x == y or axis in self.peered_axes for axis, (x, y) in enumerate(zip(ca, cb)))


@dataclass(frozen=True)
class Sharding:
    """How a tensor is distributed over a mesh: ``<@mesh, split_axes, partial = kind[axes]>``.

    - ``split_axes[d]`` lists the mesh axes tensor dim ``d`` is split over,
      major to minor; dims past the end and unlisted mesh axes are replicated.
      Trailing empty entries are dropped on construction, so
      ``[[0], []]`` and ``[[0]]`` are the same sharding.
    - ``partial_axes``: every device holds a partial value; the tensor is the
      ``partial_type`` reduction over the devices of each group along these axes.
    - ``halo_sizes`` (LLVM 20): ``(low, high)`` per *sharded* dim (dims with
      non-empty split axes, in order): extra elements of the neighbouring shards
      a device also holds.
    - ``sharded_dims_offsets`` (LLVM 20): explicit shard boundaries instead of
      meshc's balanced rule: for each sharded dim in order, the ``k + 1``
      boundaries of its ``k`` shards (``0``, the start of shard 1, ..., the dim
      size), concatenated. With ``halo_sizes`` too, each explicit shard is
      widened by the halos (meshc's: a window reading a ``tensor.pad``'s
      result, whose first and last shards hold the pads; upstream MLIR's mesh
      keeps the two exclusive).

    ``mesh`` is the mesh's symbol name without ``@``. Construction only
    normalises the spelling (tuples, trailing empty split entries dropped,
    ``partial_type`` reset to ``sum`` when nothing is partial);
    :meth:`validate` checks the sharding against a tensor rank and a mesh.
    """

    mesh: str
    split_axes: tuple[tuple[int, ...], ...] = ()
    partial_axes: tuple[int, ...] = ()
    partial_type: ReductionKind = ReductionKind.SUM
    halo_sizes: tuple[int, ...] = ()
    sharded_dims_offsets: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        split = [_int_tuple(axes, "split_axes") for axes in self.split_axes]
        while split and not split[-1]:
            split.pop()
        object.__setattr__(self, "split_axes", tuple(split))
        object.__setattr__(self, "partial_axes", _int_tuple(self.partial_axes, "partial_axes"))
        kind = ReductionKind.parse(self.partial_type) if self.partial_axes else ReductionKind.SUM
        object.__setattr__(self, "partial_type", kind)
        object.__setattr__(self, "halo_sizes", _int_tuple(self.halo_sizes, "halo_sizes"))
        object.__setattr__(self, "sharded_dims_offsets", _int_tuple(self.sharded_dims_offsets, "sharded_dims_offsets"))

    @classmethod
    def replicated(cls, mesh: str) -> Sharding:
        """The fully replicated sharding ``<@mesh, [[]]>``."""
        return cls(mesh)

    # -- queries -------------------------------------------------------------------

    @property
    def is_replicated(self) -> bool:
        """True when no dim is split and nothing is partial (every device holds the whole tensor)."""
        return not self.split_axes and not self.partial_axes

    @property
    def is_partial(self) -> bool:
        """True when the sharding has partial axes."""
        return bool(self.partial_axes)

    @property
    def has_explicit_offsets(self) -> bool:
        """True when shard boundaries come from ``sharded_dims_offsets``, not the balanced rule."""
        return bool(self.sharded_dims_offsets)

    def axes_of(self, dim: int) -> tuple[int, ...]:
        """Mesh axes tensor ``dim`` is split over (``()`` when replicated)."""
        return self.split_axes[dim] if dim < len(self.split_axes) else ()

    @property
    def sharded_dims(self) -> tuple[int, ...]:
        """Tensor dims with non-empty split axes, ascending (the dims halos and offsets refer to)."""
        return tuple(d for d, axes in enumerate(self.split_axes) if axes)

    @property
    def split_mesh_axes(self) -> tuple[int, ...]:
        """All mesh axes used by ``split_axes``, dim by dim."""
        return tuple(a for axes in self.split_axes for a in axes)

    @property
    def used_mesh_axes(self) -> frozenset[int]:
        """Mesh axes that are split or partial (the others replicate)."""
        return frozenset(self.split_mesh_axes) | frozenset(self.partial_axes)

    def halo_of(self, dim: int) -> tuple[int, int]:
        """``(low, high)`` halo widths of tensor ``dim``; ``(0, 0)`` without halos or for an unsharded dim."""
        if not self.halo_sizes or not self.axes_of(dim):
            return (0, 0)
        i = self.sharded_dims.index(dim)
        return (self.halo_sizes[2 * i], self.halo_sizes[2 * i + 1])

    def offsets_of(self, dim: int, mesh: Mesh) -> tuple[int, ...] | None:
        """The explicit ``k + 1`` boundaries of tensor ``dim`` from ``sharded_dims_offsets``.

        ``None`` when the sharding has no explicit offsets or ``dim`` is not sharded.
        Needs static sizes for the split axes of every sharded dim up to ``dim``.
        """
        if not self.sharded_dims_offsets or not self.axes_of(dim):
            return None
        start = 0
        for d in self.sharded_dims:
            k = mesh.group_size(self.split_axes[d])
            if d == dim:
                return self.sharded_dims_offsets[start : start + k + 1]
            start += k + 1
        raise AssertionError("unreachable: dim is sharded")

    def without_halo(self) -> Sharding:
        """This sharding with ``halo_sizes`` removed."""
        return replace(self, halo_sizes=())

    def normalized(self) -> Sharding:
        """The canonical spelling of the same distribution, for comparisons.

        Partial axes sorted (the reduction does not depend on their order) and
        all-zero ``halo_sizes`` dropped; the rest is canonical from construction.
        """
        halo = self.halo_sizes if any(self.halo_sizes) else ()
        return replace(self, partial_axes=tuple(sorted(self.partial_axes)), halo_sizes=halo)

    # -- checks ----------------------------------------------------------------------

    def validate(self, rank: int, mesh: Mesh) -> None:
        """Check this sharding for a tensor of ``rank`` on ``mesh``; raise ShardingError naming the fault.

        Faults: another mesh; more split entries than ``rank``; a mesh axis out
        of range; a mesh axis used twice (in split axes or in partial axes); a
        partial axis that is also a split axis; ``generic`` partial type (not
        allowed in a sharding by MLIR); negative halos or a halo list that is
        not 2 values per sharded dim; offsets together with halos (exclusive
        in MLIR); offsets of the wrong length (``k + 1`` per sharded dim, checked
        when the split axes are static), not starting at 0 or decreasing.
        """
        where = f"sharding <{self.body_str()}>"
        if self.mesh != mesh.name:
            raise ShardingError(f"{where} refers to mesh @{self.mesh}, not @{mesh.name}")
        if len(self.split_axes) > rank:
            raise ShardingError(f"{where} has {len(self.split_axes)} split_axes entries but the tensor has rank {rank}")
        used: dict[int, str] = {}
        for dim, axes in enumerate(self.split_axes):
            for axis in axes:
                self._check_axis(axis, mesh, where, f"split_axes of tensor dim {dim}")
                if axis in used:
                    raise ShardingError(f"{where}: mesh axis {axis} is used twice ({used[axis]} and tensor dim {dim})")
                used[axis] = f"tensor dim {dim}"
        seen_partial: set[int] = set()
        for axis in self.partial_axes:
            self._check_axis(axis, mesh, where, "partial_axes")
            if axis in seen_partial:
                raise ShardingError(f"{where}: mesh axis {axis} is used twice in partial_axes")
            if axis in used:
                raise ShardingError(f"{where}: partial axis {axis} is also a split axis (of {used[axis]})")
            seen_partial.add(axis)
        if self.partial_axes and self.partial_type is ReductionKind.GENERIC:
            raise ShardingError(f"{where}: partial type 'generic' is not allowed in a sharding (MLIR mesh)")
        self._validate_halo(where)
        self._validate_offsets(where, mesh)

    @staticmethod
    def _check_axis(axis: int, mesh: Mesh, where: str, field: str) -> None:
        if not 0 <= axis < mesh.rank:
            raise ShardingError(f"{where}: mesh axis {axis} in {field} is out of range for mesh @{mesh.name} of rank {mesh.rank}")

    def _validate_halo(self, where: str) -> None:
        if not self.halo_sizes:
            return
        expected = 2 * len(self.sharded_dims)
        if len(self.halo_sizes) != expected:
            raise ShardingError(
                f"{where}: halo_sizes has {len(self.halo_sizes)} values; expected {expected} "
                f"(low and high for each of the {len(self.sharded_dims)} sharded dims)"
            )
        if any(h < 0 for h in self.halo_sizes):
            raise ShardingError(f"{where}: halo_sizes must be >= 0, got {list(self.halo_sizes)}")

    def _validate_offsets(self, where: str, mesh: Mesh) -> None:
        offsets = self.sharded_dims_offsets
        if not offsets:
            return
        if not self.sharded_dims:
            raise ShardingError(f"{where}: sharded_dims_offsets given but no tensor dim is sharded")
        if any(mesh.shape[a] is None for a in self.split_mesh_axes):
            return  # shard counts unknown until the mesh is specialized
        counts = [mesh.group_size(self.split_axes[d]) for d in self.sharded_dims]
        expected = sum(k + 1 for k in counts)
        if len(offsets) != expected:
            detail = ", ".join(f"dim {d}: {k} shards -> {k + 1}" for d, k in zip(self.sharded_dims, counts))
            raise ShardingError(
                f"{where}: sharded_dims_offsets has {len(offsets)} values; expected {expected} (k + 1 per sharded dim: {detail})"
            )
        for d in self.sharded_dims:
            bounds = self.offsets_of(d, mesh)
            if bounds[0] != 0:
                raise ShardingError(f"{where}: sharded_dims_offsets of tensor dim {d} must start at 0, got {list(bounds)}")
            if any(b > c for b, c in zip(bounds, bounds[1:])):
                raise ShardingError(f"{where}: sharded_dims_offsets of tensor dim {d} are not non-decreasing: {list(bounds)}")

    # -- printing -------------------------------------------------------------------------

    def body_str(self) -> str:
        """The canonical attribute body, without the brackets the attribute printer adds.

        ``@m, [[0]], partial = sum[1]``; fully replicated prints ``@m, [[]]``
        (readable by LLVM 19, unlike its own ``[]``); then optionally
        ``, halo_sizes = [1, 2]`` and ``, sharded_dims_offsets = [0, 3, 5]``.
        """
        split = ", ".join("[" + ", ".join(map(str, axes)) + "]" for axes in self.split_axes) or "[]"
        text = f"@{self.mesh}, [{split}]"
        if self.partial_axes:
            text += f", partial = {self.partial_type.value}[{', '.join(map(str, self.partial_axes))}]"
        if self.halo_sizes:
            text += f", halo_sizes = [{', '.join(map(str, self.halo_sizes))}]"
        if self.sharded_dims_offsets:
            text += f", sharded_dims_offsets = [{', '.join(map(str, self.sharded_dims_offsets))}]"
        return text
