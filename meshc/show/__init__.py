"""``meshc show``: pictures of how tensor values are sharded over the devices of a mesh.

- :mod:`.blocks` (pure): the 2-D blocks of a tensor and the devices holding each,
  from :mod:`meshc.sharding.shards` (``local_region``, ``holders``); labels.
- :mod:`.layout`: element ranges to character or pixel cells, drawn to scale;
  the text inside each block, legends, header and footer lines.
- :mod:`.render`: the terminal picture (rich; plain text without colours).
- :mod:`.svg`: the same pictures as an SVG document.
- :mod:`.values`: values of a program in distributed form -> figures;
  :func:`render_values` for ``meshc show`` and ``meshc run --show``.
- :mod:`.stats_picture`: the picture under ``meshc run --stats`` (peak-memory bars,
  bytes per pair of devices); imported by that command only (it needs the runtime's stats).
"""

from meshc.show.blocks import Block, EmptyShard, Plane, ShardPicture, ShowError, shard_picture
from meshc.show.render import Figure, console_for, plain_text, print_figures
from meshc.show.values import (ValueNames, check_mesh_shapes, entry_values, figures_for, find_value, render_values,
                               static_mesh, tensor_values)

__all__ = [
    "Block",
    "EmptyShard",
    "Plane",
    "ShardPicture",
    "ShowError",
    "shard_picture",
    "Figure",
    "console_for",
    "plain_text",
    "print_figures",
    "ValueNames",
    "check_mesh_shapes",
    "entry_values",
    "figures_for",
    "find_value",
    "render_values",
    "static_mesh",
    "tensor_values",
]
