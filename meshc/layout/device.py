"""The layout of each device's local buffer, for the runtime's memory accounting.

Each device's local shard is a tensor of its own (its logical shape is the
device-local shard shape) and gets a TensorLayout; the runtime allocates it
by ``buffer_bytes``. The default (ROW_MAJOR, interleaved, alignment ``[1]``)
adds no padding, so ``buffer_bytes == prod(shape) * itemsize`` and nothing
changes for users who do not ask. ``meshc run --layout tile [--tile 32x32]
[--dtype-override bfloat16]`` passes the same words here, and ``--stats``
shows ``logical_bytes`` next to ``buffer_bytes`` (the padding overhead).
"""

from __future__ import annotations

from .dtypes import DataType
from .memory import MemoryConfig
from .parse import parse_choice, parse_pair
from .tensor_layout import TensorLayout
from .tile import Layout, PageConfig, Tile


def device_buffer_layout(
    local_shape: "tuple[int, ...]",
    numpy_dtype_name: str,
    layout: str = "row_major",
    tile: "tuple[int, int] | str" = (32, 32),
    dtype_override: "str | None" = None,
) -> TensorLayout:
    """The TensorLayout of one device buffer holding ``local_shape`` elements.

    ``numpy_dtype_name``: the host array's ``dtype.name`` (``float32``,
    ``bfloat16``, ``int64``, ``bool``...). ``layout``: ``row_major`` or
    ``tile`` (any case, ``row-major`` too: ``parse_choice``). ``tile``: ``(h, w)`` or its text ``"32x32"``. ``dtype_override``: the device data type to account for instead
    (``bfloat16``, ``bfloat8_b``...). Interleaved in DRAM, seed rules, default
    alignment. Raises ``DTypeError`` (unknown name, block float in ROW_MAJOR),
    ``TileError``, ``ShapeError`` (bad ``local_shape``) or ``LayoutError``
    (unknown ``layout``).
    """
    dtype = DataType.parse(dtype_override if dtype_override is not None else numpy_dtype_name)
    kind = parse_choice(layout, Layout, "layout")
    if isinstance(tile, str):
        tile = parse_pair(tile, "tile")
    page = PageConfig.tiled(Tile(*tile)) if kind is Layout.TILE else PageConfig.row_major()
    result = TensorLayout(dtype, page, MemoryConfig())
    result.logical_2d_shape(local_shape)  # validates the shape now, not at first use
    return result


def logical_bytes(
    local_shape: "tuple[int, ...]", numpy_dtype_name: str, dtype_override: "str | None" = None
) -> int:
    """Bytes of the elements alone, in the accounted dtype (the override if given):
    ``prod(local_shape) * element bits / 8``, rounded up."""
    dtype = DataType.parse(dtype_override if dtype_override is not None else numpy_dtype_name)
    return TensorLayout(dtype, PageConfig.tiled() if dtype.block_float else PageConfig.row_major()).logical_bytes(
        local_shape
    )


def buffer_bytes(
    local_shape: "tuple[int, ...]",
    numpy_dtype_name: str,
    layout: str = "row_major",
    tile: "tuple[int, int] | str" = (32, 32),
    dtype_override: "str | None" = None,
) -> int:
    """Bytes the device allocates for the buffer:
    ``device_buffer_layout(...).buffer_bytes(local_shape)``."""
    return device_buffer_layout(local_shape, numpy_dtype_name, layout, tile, dtype_override).buffer_bytes(local_shape)
