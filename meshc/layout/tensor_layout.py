"""TensorLayout: from a logical ND shape to a physical 2-D shape, pages and bytes.

Three rule sets (see the package docstring for worked examples):

``rules="seed"`` (default; seed 002, as TT-Metal implemented it in 2024-25)
    1. the logical ND shape flattens to 2-D: all dims but the last collapse
       into the height (rank 0 -> ``[1, 1]``, rank 1 ``[n]`` -> ``[1, n]``);
    2. the logical 2-D shard shape cuts that, partial shards allowed at the
       end of the height, the width or both;
    3. alignment happens after sharding, on each shard by itself (the partial
       last one included): a cut of ``n`` rows into shards of ``s`` rows aligned
       to ``a`` is ``(ceil(n/s) - 1) * roundup(s, a) + roundup(last, a)`` rows;
    4. every core reserves a full aligned shard (``bytes_per_core``).
    Interleaved tensors are one shard: the 2-D shape aligned as a whole.

``rules="physical"`` (TT-Metal since it dropped logical sharding, Sept. 2025)
    the alignment applies to the whole tensor, dim by dim from the innermost:
    width = last dim rounded up to ``alignment[-1]``; height = product of the
    other dims, rounded up to ``alignment[-k]`` right after multiplying in dim
    ``-k`` (so a TILE layout pads every matrix, not the flattened height). The
    shard shape is the physical shard shape and cuts the physical shape; a
    TILE shard must be tile-sized.

Default alignment: the tile shape for TILE, ``[1]`` (none) for ROW_MAJOR. A
user alignment merges with it: its last two entries are rounded up to the
tile. Under the seed rules an explicit ``physical_shard_shape`` replaces the
alignment. Under ``physical``, a ROW_MAJOR sharded tensor's default is
``[shard width]``, and a user alignment's last entry is rounded up to a
multiple of the shard width (as TILE entries are to the tile).

Pages (TT-Metal's convention): a TILE page is one tile; a ROW_MAJOR
interleaved page is one row of the physical width; a ROW_MAJOR sharded page
is one row of the (aligned) shard width, so a partial last shard along the
width still takes whole pages. ``buffer_bytes = num_pages * page_size_bytes``.
Bank and page alignment of the allocator (TT-Metal rounds DRAM/L1 pages up
to 32/16 B) is not modelled: the buffer type is descriptive only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import prod

from .dtypes import DataType
from .errors import (
    AlignmentError,
    CoreGridError,
    DTypeError,
    LayoutError,
    ShapeError,
    ShardShapeError,
    ShardSpecError,
    StridesError,
)
from .memory import MemoryConfig, MemoryLayout, ShardOrientation
from .tile import PageConfig, as_int, ceil_div, round_up

#: The rule-set names, in canonical spelling (see the module docstring).
RULES = ("seed", "physical", "physical-rm-unaligned")
#: The rule sets that take the shard shape as the physical shard shape.
PHYSICAL_RULES = ("physical", "physical-rm-unaligned")


@dataclass(frozen=True)
class LayoutReport:
    """Every figure of one tensor under one TensorLayout.

    Shapes in elements, sizes in bytes. Shard fields are ``None`` for an
    interleaved tensor (its pages are spread over banks, not held per core).
    """

    logical_shape: tuple[int, ...]
    logical_2d_shape: tuple[int, int]
    physical_shape: tuple[int, int]
    physical_shard_shape: "tuple[int, int] | None"
    shard_count: "tuple[int, int] | None"
    num_shards: "int | None"
    page_shape: tuple[int, int]
    page_size_bytes: int
    num_pages: int
    buffer_bytes: int
    bytes_per_core: "int | None"
    logical_bytes: int
    alignment: tuple[int, ...]

    def to_json(self) -> dict:
        """The keys ``meshc layout --json`` prints (lists for shapes)."""

        def lst(value):
            return None if value is None else list(value)

        return {
            "logical_2d_shape": lst(self.logical_2d_shape),
            "physical_shape": lst(self.physical_shape),
            "physical_shard_shape": lst(self.physical_shard_shape),
            "num_shards": self.num_shards,
            "page_shape": lst(self.page_shape),
            "page_size_bytes": self.page_size_bytes,
            "num_pages": self.num_pages,
            "buffer_bytes": self.buffer_bytes,
            "bytes_per_core": self.bytes_per_core,
            "alignment": lst(self.alignment),
        }


@dataclass(frozen=True)
class _Geometry:
    physical: tuple[int, int]
    shard_count: "tuple[int, int] | None"  # shards along (height, width)
    shard: "tuple[int, int] | None"  # aligned (physical) shard shape


@dataclass(frozen=True)
class TensorLayout:
    """Data type, page config, memory config, alignment and rule set of a tensor.

    ``dtype`` may be given by name (``"bfloat16"``). ``rules``: one of
    ``RULES`` (case-insensitive, ``_`` and ``-`` alike), see the module
    docstring. ``alignment`` is ``None`` for the default, else a tuple of positive sizes: rank 1 or 2 under the
    seed rules (a 2-D shard alignment, rank 1 aligns the width only); under
    the physical rules any rank up to the tensor's (at least 2), every entry
    before the last two a multiple of the height entry.

    Raises (all ``LayoutError``): ``DTypeError`` for a block float in
    ROW_MAJOR; ``AlignmentError`` for a bad alignment; ``ShardSpecError`` for a
    physical shard shape under the physical rules or together with an
    alignment; ``ShardShapeError`` for a TILE shard that is not tile-sized
    (physical rules, or an explicit physical shard shape). Shape-dependent
    checks (shard spans, core counts) are raised by the methods taking a shape.
    """

    dtype: DataType
    page_config: PageConfig = field(default_factory=PageConfig.row_major)
    memory_config: MemoryConfig = field(default_factory=MemoryConfig)
    alignment: "tuple[int, ...] | None" = None
    rules: str = "seed"

    def __post_init__(self) -> None:
        object.__setattr__(self, "dtype", DataType.parse(self.dtype))
        given_rules = self.rules
        object.__setattr__(self, "rules", str(self.rules).strip().lower().replace("_", "-"))
        if self.rules not in RULES:
            raise LayoutError(f"unknown layout rules '{given_rules}' (known: {', '.join(RULES)})")
        if self.dtype.block_float and not self.page_config.is_tiled:
            raise DTypeError(f"{self.dtype.name} needs TILE layout (a block float only exists in tiles), got ROW_MAJOR")
        if self.alignment is not None:
            self._check_user_alignment()
        spec = self.memory_config.shard_spec
        if spec is not None and spec.physical_shard_shape is not None:
            if self.is_physical:
                raise ShardSpecError(
                    f"{self.rules} rules take the shard shape as the physical shard shape; "
                    f"drop physical_shard_shape {list(spec.physical_shard_shape)}"
                )
            if self.alignment is not None:
                raise ShardSpecError(
                    f"give an alignment ({list(self.alignment)}) or a physical shard shape "
                    f"({list(spec.physical_shard_shape)}), not both"
                )
        if spec is not None and self.page_config.is_tiled:
            if self.is_physical:
                self._check_tile_sized("shard shape", spec.shape, "(physical rules: the shard shape is physical)")
            elif spec.physical_shard_shape is not None:
                self._check_tile_sized("physical shard shape", spec.physical_shard_shape, "")
        self.effective_alignment()  # raises for the physical-rules outer-entry rule

    @property
    def is_physical(self) -> bool:
        """True under a physical rule set (``physical``, ``physical-rm-unaligned``):
        the alignment applies to the whole tensor and the shard shape is physical."""
        return self.rules in PHYSICAL_RULES

    @property
    def _shard_width_aligned(self) -> bool:
        # physical rules: a ROW_MAJOR sharded width aligns to the shard width
        return (
            self.rules == "physical"
            and not self.page_config.is_tiled
            and self.memory_config.shard_spec is not None
        )

    # ----------------------------------------------------------- validation
    def _check_user_alignment(self) -> None:
        align = tuple(self.alignment)
        object.__setattr__(self, "alignment", align)
        if not align:
            raise AlignmentError("alignment must have at least one entry (use [1] for none)")
        ints = tuple(as_int(a) for a in align)
        if any(a is None or a < 1 for a in ints):
            raise AlignmentError(f"alignment entries must be positive integers, got {list(align)}")
        object.__setattr__(self, "alignment", ints)
        if self.rules == "seed" and len(align) > 2:
            raise AlignmentError(
                f"seed rules align each 2-D shard, so the alignment has rank 1 or 2; got rank {len(align)} {list(align)}"
            )

    def _check_tile_sized(self, what: str, shape: tuple[int, int], why: str) -> None:
        th, tw = self.page_config.tile.shape
        if shape[0] % th or shape[1] % tw:
            raise ShardShapeError(
                f"TILE {what} {list(shape)} is not a multiple of the tile {th}x{tw} {why}".rstrip()
            )

    def _check_alignment_rank(self, rank: int) -> None:
        if self.is_physical and self.alignment is not None and len(self.alignment) > max(rank, 2):
            raise AlignmentError(
                f"alignment {list(self.alignment)} has rank {len(self.alignment)}, more than the tensor's rank {rank}"
            )

    # ------------------------------------------------------------ alignment
    def effective_alignment(self) -> tuple[int, ...]:
        """The alignment in force: the default merged with the user's.

        TILE default ``(tile_h, tile_w)``; ROW_MAJOR default ``(1,)``, except
        under the ``physical`` rules for a sharded tensor: ``(shard width,)``
        (TT-Metal ``page_config.cpp``, ``RowMajorPageConfig`` default alignment,
        since PR #25055 for every 2-D sharded layout). A user alignment keeps
        its rank (at least 2 for TILE) with its last two entries rounded up to
        the tile; there, a ROW_MAJOR sharded alignment's last entry is rounded up
        to a multiple of the shard width. Under the seed rules an explicit
        physical shard shape is the alignment. Raises ``AlignmentError`` when,
        under the physical rules, an entry before the last two is not a multiple
        of the height entry (the height would leave the tile grid).
        """
        spec = self.memory_config.shard_spec
        if self.rules == "seed" and spec is not None and spec.physical_shard_shape is not None:
            return tuple(spec.physical_shard_shape)
        user = self.alignment
        if self.page_config.is_tiled:
            th, tw = self.page_config.tile.shape
            if user is None:
                return (th, tw)
            padded = (1,) * (2 - len(user)) + tuple(user)
            align = padded[:-2] + (round_up(padded[-2], th), round_up(padded[-1], tw))
        elif self._shard_width_aligned:
            sw = spec.shape[1]
            align = (sw,) if user is None else tuple(user[:-1]) + (round_up(user[-1], sw),)
        else:
            align = tuple(user) if user is not None else (1,)
        if len(align) > 2 and any(a % align[-2] for a in align[:-2]):
            raise AlignmentError(
                f"alignment {list(align)}: entries before the last two must be multiples of the height entry {align[-2]}"
            )
        return align

    def _alignment_2d(self) -> tuple[int, int]:
        align = self.effective_alignment()
        return (align[-2] if len(align) >= 2 else 1, align[-1])

    # --------------------------------------------------------------- shapes
    def logical_2d_shape(self, shape: "tuple[int, ...]") -> tuple[int, int]:
        """``[prod(shape[:-1]), shape[-1]]``; rank 0 -> ``[1, 1]``, rank 1 ``[n]`` -> ``[1, n]``.

        Raises ``ShapeError`` for a negative or non-integer dimension.
        """
        shape = _check_shape(shape)
        if not shape:
            return (1, 1)
        return (prod(shape[:-1]), shape[-1])

    def _geometry(self, shape: "tuple[int, ...]") -> _Geometry:
        shape = _check_shape(shape)
        self._check_alignment_rank(len(shape))
        if not self.is_physical:
            geo = self._seed_geometry(*self.logical_2d_shape(shape))
        else:
            geo = self._physical_geometry(shape)
        if geo.shard is not None:
            self._check_shards(geo)
        return geo

    def _seed_geometry(self, height: int, width: int) -> _Geometry:
        ah, aw = self._alignment_2d()
        spec = self.memory_config.shard_spec
        if spec is None:
            return _Geometry((round_up(height, ah), round_up(width, aw)), None, None)
        sh, sw = spec.shape
        physical = (_cut_and_align(height, sh, ah), _cut_and_align(width, sw, aw))
        count = (ceil_div(height, sh), ceil_div(width, sw))
        return _Geometry(physical, count, (round_up(sh, ah), round_up(sw, aw)))

    def _physical_geometry(self, shape: tuple[int, ...]) -> _Geometry:
        align = self.effective_alignment()
        rank = max(len(align), 2, len(shape))
        dims = (1,) * (rank - len(shape)) + shape  # leading 1s change no size
        width = round_up(dims[-1], align[-1])
        height = 1
        for k in range(2, len(dims) + 1):  # dim -k, innermost first
            height *= dims[-k]
            if k <= len(align):
                height = round_up(height, align[-k])
        spec = self.memory_config.shard_spec
        if spec is None:
            return _Geometry((height, width), None, None)
        sh, sw = spec.shape
        return _Geometry((height, width), (ceil_div(height, sh), ceil_div(width, sw)), (sh, sw))

    def _check_shards(self, geo: _Geometry) -> None:
        spec = self.memory_config.shard_spec
        kind = self.memory_config.memory_layout
        ph, pw = geo.physical
        sh, sw = geo.shard
        nh, nw = geo.shard_count
        what = "aligned shard" if self.rules == "seed" else "shard"
        if kind is MemoryLayout.HEIGHT_SHARDED and sw != pw:
            raise ShardShapeError(f"HEIGHT_SHARDED: {what} width {sw} must equal the physical width {pw}")
        if kind is MemoryLayout.WIDTH_SHARDED and sh != ph:
            raise ShardShapeError(f"WIDTH_SHARDED: {what} height {sh} must equal the physical height {ph}")
        if kind is MemoryLayout.BLOCK_SHARDED:
            box = spec.grid.bounding_box()
            rows, cols = box.rows, box.cols
            if spec.orientation is ShardOrientation.COL_MAJOR:
                rows, cols = cols, rows
            if nh > rows or nw > cols:
                raise CoreGridError(
                    f"BLOCK_SHARDED ({spec.orientation.name}): {nh}x{nw} shards do not fit the "
                    f"{box.rows}x{box.cols} core grid (at most {rows} along the height, {cols} along the width)"
                )
        elif nh * nw > spec.grid.num_cores:
            raise CoreGridError(
                f"{kind.name}: {nh * nw} shards ({nh}x{nw}) but the grid {spec.grid} has only {spec.grid.num_cores} cores"
            )

    def physical_shape(self, shape: "tuple[int, ...]") -> tuple[int, int]:
        """The physical 2-D shape ``[height, width]`` in elements (see the rules above).

        Raises ``ShardShapeError``/``CoreGridError`` when the shards do not fit.
        """
        return self._geometry(shape).physical

    def shard_count(self, shape: "tuple[int, ...]") -> "tuple[int, int] | None":
        """Shards along ``(height, width)``, partial ones included; ``None`` if interleaved."""
        return self._geometry(shape).shard_count

    def physical_shard_shape(self, shape: "tuple[int, ...]") -> "tuple[int, int] | None":
        """The aligned (physical) shape of a full shard; ``None`` if interleaved."""
        return self._geometry(shape).shard

    # ---------------------------------------------------------------- pages
    def page_shape(self, shape: "tuple[int, ...]") -> tuple[int, int]:
        """One page in elements: the tile (TILE), ``[1, physical width]``
        (ROW_MAJOR interleaved) or ``[1, shard width]`` (ROW_MAJOR sharded)."""
        if self.page_config.is_tiled:
            return self.page_config.tile.shape
        geo = self._geometry(shape)
        return (1, geo.shard[1] if geo.shard is not None else geo.physical[1])

    def page_size_bytes(self, shape: "tuple[int, ...]") -> int:
        """Bytes of one page: the tile size for the dtype, or row elements x element bytes."""
        if self.page_config.is_tiled:
            return self.page_config.tile.bytes_for(self.dtype)
        return self.page_shape(shape)[1] * self.dtype.element_bytes

    def num_pages(self, shape: "tuple[int, ...]") -> int:
        """Pages of the buffer: tiles of the physical shape (TILE); physical rows
        (ROW_MAJOR interleaved); physical rows x shards along the width
        (ROW_MAJOR sharded)."""
        geo = self._geometry(shape)
        ph, pw = geo.physical
        if self.page_config.is_tiled:
            th, tw = self.page_config.tile.shape
            return (ph // th) * (pw // tw)
        return ph * (geo.shard_count[1] if geo.shard_count is not None else 1)

    def buffer_bytes(self, shape: "tuple[int, ...]") -> int:
        """Bytes of the buffer: ``num_pages * page_size_bytes``."""
        return self.num_pages(shape) * self.page_size_bytes(shape)

    def bytes_per_core(self, shape: "tuple[int, ...]") -> "int | None":
        """Bytes every core reserves for one full aligned shard (a partial shard
        reserves as much as a full one); ``None`` for interleaved."""
        geo = self._geometry(shape)
        if geo.shard is None:
            return None
        sh, sw = geo.shard
        if self.page_config.is_tiled:
            th, tw = self.page_config.tile.shape
            return (sh // th) * (sw // tw) * self.page_config.tile.bytes_for(self.dtype)
        return sh * sw * self.dtype.element_bytes

    def logical_bytes(self, shape: "tuple[int, ...]") -> int:
        """Bytes of the logical elements alone: ``prod(shape) * bits / 8`` rounded
        up (block floats count mantissas only; exponents are overhead)."""
        return ceil_div(prod(_check_shape(shape)) * self.dtype.bits, 8)

    # ------------------------------------------------------- cores, strides
    def shard_cores(self, shape: "tuple[int, ...]") -> list[tuple[int, int]]:
        """The ``(row, col)`` core holding each shard, shards in row-major order
        of the shard grid. Height/width sharding walks the grid's cores in the
        orientation's order; block sharding puts shard ``(i, j)`` on core
        ``(r0 + i, c0 + j)`` (ROW_MAJOR) or ``(r0 + j, c0 + i)`` (COL_MAJOR).
        Empty for interleaved."""
        geo = self._geometry(shape)
        spec = self.memory_config.shard_spec
        if spec is None:
            return []
        nh, nw = geo.shard_count
        if self.memory_config.memory_layout is MemoryLayout.BLOCK_SHARDED:
            r0, c0 = spec.grid.bounding_box().start
            if spec.orientation is ShardOrientation.ROW_MAJOR:
                return [(r0 + i, c0 + j) for i in range(nh) for j in range(nw)]
            return [(r0 + j, c0 + i) for i in range(nh) for j in range(nw)]
        return spec.grid.cores(spec.orientation)[: nh * nw]

    def strides(self, shape: "tuple[int, ...]") -> tuple[int, ...]:
        """Element strides of each logical dim in the row-major physical 2-D view
        (tile order inside a page is not a stride): last dim 1, dim -2 the
        physical width, outer dims the rows one index spans times the width.

        Raises ``StridesError`` under the seed rules when shards are padded in
        the middle of the height or width (seed 002: such a tensor "has no ND
        representation").
        """
        shape = _check_shape(shape)
        geo = self._geometry(shape)
        if geo.shard is not None and self.rules == "seed":
            spec = self.memory_config.shard_spec
            for axis, name in ((0, "height"), (1, "width")):
                if geo.shard_count[axis] > 1 and geo.shard[axis] != spec.shape[axis]:
                    raise StridesError(
                        f"no ND strides: {geo.shard_count[axis]} shards along the {name}, each padded "
                        f"from {spec.shape[axis]} to {geo.shard[axis]}"
                    )
        if not shape:
            return ()
        width = geo.physical[1]
        align = self.effective_alignment() if self.is_physical else ()
        strides = [1]
        rows = 1
        for k in range(2, len(shape) + 1):
            strides.append(rows * width)
            rows *= shape[-k]
            if k <= len(align):
                rows = round_up(rows, align[-k])
        return tuple(reversed(strides))

    # --------------------------------------------------------------- report
    def report(self, shape: "tuple[int, ...]") -> LayoutReport:
        """All figures at once (what ``meshc layout`` prints)."""
        shape = _check_shape(shape)
        geo = self._geometry(shape)
        count = geo.shard_count
        return LayoutReport(
            logical_shape=shape,
            logical_2d_shape=self.logical_2d_shape(shape),
            physical_shape=geo.physical,
            physical_shard_shape=geo.shard,
            shard_count=count,
            num_shards=None if count is None else count[0] * count[1],
            page_shape=self.page_shape(shape),
            page_size_bytes=self.page_size_bytes(shape),
            num_pages=self.num_pages(shape),
            buffer_bytes=self.buffer_bytes(shape),
            bytes_per_core=self.bytes_per_core(shape),
            logical_bytes=self.logical_bytes(shape),
            alignment=self.effective_alignment(),
        )


def _cut_and_align(extent: int, shard: int, align: int) -> int:
    """Rows (or columns) of ``extent`` cut into shards of ``shard``, each shard
    aligned by itself to ``align``: full shards take ``roundup(shard, align)``,
    the partial last one ``roundup(remainder, align)``."""
    full, rest = divmod(extent, shard)
    return full * round_up(shard, align) + round_up(rest, align)


def _check_shape(shape: "tuple[int, ...]") -> tuple[int, ...]:
    """``shape`` as a tuple of Python ints (numpy integers accepted).

    Raises ``ShapeError`` for a negative, boolean or non-integer dimension."""
    try:
        dims = tuple(shape)
    except TypeError:
        raise ShapeError(f"shape must be a sequence of sizes, got {shape!r}") from None
    out = []
    for d in dims:
        value = as_int(d)
        if value is None or value < 0:
            raise ShapeError(f"shape {list(dims)} has a dimension that is not a non-negative integer: {d!r}")
        out.append(value)
    return tuple(out)
