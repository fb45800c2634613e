"""Schedule emission: the readable text (one section per device), the JSON form
through ``meshc compile --emit=schedule|schedule-json``, and the static memory
plan (the allocation policy replayed without running kernels) against the
runtime's measured peaks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.backend.schedule import (ArgBinding, BufferLayout, Collective, CollectiveSpec, DeviceSchedule,
                                    ResultBinding, Schedule)
from meshc.backend.text import buffer_size, memory_plan, render, schedule_text
from meshc.cli import main
from meshc.runtime.executor import run_schedule
from meshc.sharding.spec import Mesh

DATA = Path(__file__).parent / "data"
UNROLLED = DATA / "backend" / "unrolled_2x2.mlir"


def compile_cli(*args: str):
    return CliRunner().invoke(main, ["compile", *map(str, args)])


def test_text_has_a_header_and_one_section_per_device():
    text = schedule_text(mc.compile(mc.parse(str(UNROLLED)), "").schedule)
    head = text.split("\n\n")[0].splitlines()
    assert head[0] == "// meshc schedule of @f_sharded on mesh @m: shape 2x2, peered axes [1], 4 devices"
    assert head[1:3] == ["// argument #0 -> device 0 '%x_0' 2x8xf32", "// argument #1 -> device 2 '%x_1' 2x8xf32"]
    assert head[3].startswith("// collective all_gather 'c0' over mesh axes [0] gather_axis = 0, devices 0-3  // ")
    assert head[4:] == ["// result #0 <- device 0 '%g#0'", "// result #1 <- device 2 '%g#1'",
                        "// result #2 <- device 2 '%d'"]
    sections = re.findall(r"^device (\d) \(coords \[(\d), (\d)\]\): (\d+) steps, (\d+) kernels, (\d+) peer "
                          r"reads/copies; peak (\d+) bytes, arguments (\d+) bytes$", text, re.M)
    # peaks (2x8 f32 = 64 B, 4x8 f32 = 128 B): device 0 x_0 + y_0 + g = 256; device 1 a 128 B scratch;
    # device 2 x_1 + y_1 + g#1 = 256, later x_1 + g#1 + x_0 copy + d = 320; device 3 like device 1
    assert sections == [("0", "0", "0", "6", "1", "0", "256", "64"), ("1", "0", "1", "5", "0", "1", "128", "0"),
                        ("2", "1", "0", "11", "2", "1", "320", "64"), ("3", "1", "1", "5", "0", "1", "128", "0")]
    # kernel lines name the op's result, the buffers and the source location
    assert re.search(r"^\s+8  kernel %t = arith\.subf\(%x_1, %x_0@0\) -> %d  // .*unrolled_2x2\.mlir:27:10$", text,
                     re.M)
    assert "     0  peer_read %y_0@0 <- device 0 '%y_0'  [waits %y_0 ready@0]" in text
    assert "     3  free %y_0@0  [signals %y_0@0 freed@1]" in text


def test_render_json_is_schema_version_1_and_reads_back():
    s = mc.compile(mc.parse(str(UNROLLED)), "").schedule
    data = json.loads(render(s, "schedule-json"))
    assert data["version"] == 1 and data["entry"] == "f_sharded"
    assert data["mesh"] == {"name": "m", "shape": [2, 2], "peered_axes": [1]}
    assert [d["device"] for d in data["devices"]] == [0, 1, 2, 3]
    assert data["collectives"] == [{"instance": "c0", "kind": "all_gather", "mesh_axes": [0],
                                    "attributes": {"gather_axis": 0}, "loc": data["collectives"][0]["loc"]}]
    assert Schedule.from_json(data).to_json() == data
    with pytest.raises(ValueError, match="unknown schedule format 'dot'"):
        render(s, "dot")


def test_memory_plan_of_a_reduction_counts_its_receive_chunk():
    """4 devices, x = 3 f32 each, all_reduce in place: 12 B + ceil(12 / 4) = 3 B staging = 15 B; under a
    32x32 tile layout the 3-element buffer takes one tile, 32 * 32 * 4 = 4096 B (+ 3 B staging)."""
    spec = CollectiveSpec("c0", "all_reduce", (0,))
    devices = [DeviceSchedule(k, [Collective("c0", "x", "x")]) for k in range(4)]
    s = Schedule(Mesh("m", (4,)), devices, {"c0": spec}, [ArgBinding(k, k, "x", (3,), "f32") for k in range(4)],
                 [ResultBinding(k, k, "x") for k in range(4)])
    plans = memory_plan(s)
    assert [(p.peak, p.peak_step, p.args, p.final) for p in plans] == [(15, 0, 12, 12)] * 4
    tile = BufferLayout("tile", (32, 32))
    assert buffer_size((3,), "f32", tile) == 4096
    assert [p.peak for p in memory_plan(s, tile)] == [4099] * 4
    report = run_schedule(s, [np.ones(3, np.float32)] * 4, layout=tile)
    assert [d.peak_bytes for d in report.stats.devices] == [4099] * 4


@pytest.mark.parametrize("name,shape", [("mlp_tensor_parallel", None), ("mlp_tensor_parallel", "tp=3"),
                                        ("mesh2d_peered", "m=4x2"), ("reshard_rows_to_cols", "m=3"),
                                        ("dynamic_mesh_rowsum", "m=7"), ("seed_matmul_rows", "mesh=8")])
def test_memory_plan_equals_the_runtime_peaks(name, shape):
    module = mc.parse(str(DATA / f"{name}.mlir"))
    r = mc.run(module, dict(np.load(DATA / f"{name}.inputs.npz")), shape)
    plans = memory_plan(r.compiled.schedule)
    assert [p.peak for p in plans] == [d.peak_bytes for d in r.stats.devices]
    assert [p.final for p in plans] == [d.final_bytes for d in r.stats.devices]


def test_cli_emit_schedule_prints_one_section_per_device():
    r = compile_cli(DATA / "dynamic_mesh_rowsum.mlir", "--emit=schedule", "--mesh-shape", "m=3")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("// meshc schedule of @main_sharded on mesh @m: shape 3, peered axes [], 3 devices\n")
    assert re.findall(r"^device (\d) \(coords \[\d\]\)", r.stdout, re.M) == ["0", "1", "2"]
    assert "collective all_reduce 'c0' over mesh axes [0] reduction = sum" in r.stdout


def test_cli_emit_schedule_json_reads_back():
    r = compile_cli(DATA / "mesh2d_peered.mlir", "--emit=schedule-json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["version"] == 1 and data["mesh"]["shape"] == [2, 4] and len(data["devices"]) == 8
    s = Schedule.from_json(data)
    s.validate()


def test_cli_emit_schedule_of_a_dynamic_mesh_needs_its_shape():
    r = compile_cli(DATA / "dynamic_mesh_rowsum.mlir", "--emit=schedule")
    assert r.exit_code == 1
    assert "error: @main runs on mesh @m, whose shape is dynamic (?): give its shape with " \
           "--mesh-shape m=N" in r.stderr
