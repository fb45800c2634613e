"""``meshc layout``: the physical shape, pages and bytes of a tensor under a TensorLayout.

Prints, for one logical shape, the logical 2-D shape, the physical shape, the
shards, the page shape and size, the page count, the buffer bytes and the
bytes every core reserves (seed 002; see ``meshc.layout`` for the rules).
``--json`` prints one plain JSON object instead of the table. An invalid
layout, a malformed value, or an option that does not apply to the chosen
layout (``--tile`` without ``--layout tile``; ``--grid``, ``--orientation``,
``--device-grid`` or ``--physical-shard-shape`` with an interleaved layout)
prints ``error: <why>`` on stderr and exits 1 (``meshc.layout.check_options_apply``,
the rule ``meshc run`` follows too). Names are case-insensitive, ``_`` and
``-`` alike (``row-major`` = ``row_major``).
"""

from __future__ import annotations

import json
import sys

import click

from meshc.layout import LayoutError, build_layout, parse_dims


@click.command(name="layout")
@click.option("--shape", required=True, help="Logical ND shape, e.g. 56x56x30 ('' or 'scalar' for rank 0).")
@click.option(
    "--dtype",
    default="bfloat16",
    show_default=True,
    help="bfloat16 | float32 | uint32 | int32 | uint16 | uint8 | bfloat8_b | bfloat4_b (also float16, int8...).",
)
@click.option("--layout", "page_layout", default="row_major", show_default=True,
              help="tile | row_major (also row-major; any case).")
@click.option("--tile", default=None,
              help="--layout tile only: tile HxW, 32x32 (default), 16x32, 32x16, 16x16, {8,4,2,1}x{32,16}.")
@click.option(
    "--memory-layout",
    default="interleaved",
    show_default=True,
    help="interleaved | height_sharded | width_sharded | block_sharded ('-' for '_' too).",
)
@click.option("--shard-shape", default=None,
              help="Shard HxW (logical under --rules seed, physical under the physical rule sets).")
@click.option("--grid", default=None,
              help="Sharded only: core grid RxC (default 8x8), ranges r0,c0-r1,c1 joined by '+', or a core count N "
                   "(N cores filled row by row on the --device-grid).")
@click.option("--device-grid", default=None,
              help="Sharded only: the device's core grid RxC that a core count fills (default 8x8); given, every "
                   "core of --grid must lie inside it.")
@click.option("--orientation", default=None, help="Sharded only: shard orientation row_major (default) | col_major.")
@click.option("--physical-shard-shape", default=None,
              help="Sharded, seed rules only: explicit aligned shard HxW (replaces --alignment).")
@click.option("--alignment", default=None,
              help="Alignment, e.g. 64x32 (default: the tile for TILE, 1 for ROW_MAJOR; "
                   "the shard width for sharded ROW_MAJOR under --rules physical).")
@click.option("--buffer-type", default="dram", show_default=True, help="dram | l1.")
@click.option("--rules", default="seed", show_default=True,
              help="seed (align each shard) | physical (align the tensor; TT-Metal today) | physical-rm-unaligned "
                   "(physical, without the row-major shard-width alignment: meshc's physical rules before it).")
@click.option("--json", "as_json", is_flag=True, help="Print one plain JSON object instead of a table.")
def command(
    shape: str,
    dtype: str,
    page_layout: str,
    tile: "str | None",
    memory_layout: str,
    shard_shape: "str | None",
    grid: "str | None",
    device_grid: "str | None",
    orientation: "str | None",
    physical_shard_shape: "str | None",
    alignment: "str | None",
    buffer_type: str,
    rules: str,
    as_json: bool,
) -> None:
    """Physical shape, pages and bytes of a tensor under a TensorLayout."""
    try:
        dims = parse_dims(shape)
        tensor_layout = build_layout(
            dtype,
            page_layout,
            tile,
            memory_layout,
            shard_shape,
            grid,
            orientation,
            physical_shard_shape,
            alignment,
            buffer_type,
            rules,
            device_grid,
        )
        report = tensor_layout.report(dims)
    except LayoutError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(1)

    if as_json:
        click.echo(json.dumps(report.to_json()))
        return

    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    def shape_text(value: "tuple[int, ...] | None") -> str:
        return "-" if value is None else "[" + ", ".join(str(d) for d in value) + "]"

    page = tensor_layout.page_config
    mem = tensor_layout.memory_config
    table = Table(title=Text(f"TensorLayout of {shape_text(dims)} ({tensor_layout.rules} rules)"))
    table.add_column("quantity")
    table.add_column("value", justify="right")
    tile_text = f" {page.tile.height}x{page.tile.width}" if page.tile is not None else ""
    rows: list[tuple[str, str]] = []
    rows.append(("dtype / layout", f"{tensor_layout.dtype.name} / {page.layout.name}{tile_text}"))
    rows.append(("memory", f"{mem.buffer_type.name} {mem.memory_layout.name}"))
    rows.append(("logical 2-D shape", shape_text(report.logical_2d_shape)))
    rows.append(("alignment", shape_text(report.alignment)))
    rows.append(("physical shape", shape_text(report.physical_shape)))
    if report.shard_count is None:
        rows.append(("shards", "- (interleaved)"))
    else:
        nh, nw = report.shard_count
        grid_set = mem.shard_spec.grid
        rows.append(("core grid", f"{grid_set} ({grid_set.num_cores} cores)"))
        rows.append(("shards", f"{report.num_shards} ({nh} x {nw})"))
        rows.append(("physical shard shape", shape_text(report.physical_shard_shape)))
    rows.append(("page shape", shape_text(report.page_shape)))
    rows.append(("page size (B)", str(report.page_size_bytes)))
    rows.append(("pages", str(report.num_pages)))
    rows.append(("buffer bytes", str(report.buffer_bytes)))
    rows.append(("bytes per core", "-" if report.bytes_per_core is None else str(report.bytes_per_core)))
    rows.append(("logical bytes", str(report.logical_bytes)))
    for name, value in rows:
        table.add_row(name, Text(value))
    Console().print(table)
