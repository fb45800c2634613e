"""Halo exchanges inside region bodies: a window (convolution, stencil) over a split spatial dim of a
value the body computes gets the halo its op's sharding rule gives it at top level (one
``mesh.update_halo`` per run of the body), not an all_gather of the whole dim
(docs/pipeline.md, "Windows"). Values are checked against numpy and the reference interpreter, the
bytes of ``run`` against ``meshc estimate``, and the MPI runtime against the threaded one.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.schedule import Schedule
from meshc.backend.spmd import spmd_pipeline
from meshc.passes.manager import PassManager
from meshc.runtime.estimate import estimate
from tests.tolerance import assert_close

DATA = Path(__file__).parent / "data" / "region"
IN_BODY = re.compile(r"mesh\.(all_gather|all_reduce|all_to_all|reduce_scatter|all_slice|update_halo)$")

CONV1 = ("linalg.conv_1d_nwc_wcf ins(%a, %k : tensor<{x}>, tensor<3x4x4xf32>) outs(%f : tensor<{y}>) "
         "-> tensor<{y}>")
STENCIL = ("linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>, affine_map<(d0, d1) -> (d1)>, "
           "affine_map<(d0, d1) -> (d0)>], iterator_types = [\"parallel\", \"reduction\"]}} "
           "ins(%a, %k : tensor<{x}>, tensor<3xf32>) outs(%f : tensor<{y}>) {{\n"
           "      ^bb0(%p: f32, %q: f32, %o: f32):\n        %pq = arith.mulf %p, %q : f32\n"
           "        %r = arith.addf %o, %pq : f32\n        linalg.yield %r : f32\n      }} -> tensor<{y}>")
CONV2 = ("linalg.conv_2d_nhwc_hwcf ins(%a, %k : tensor<{x}>, tensor<3x3x3x4xf32>) outs(%f : tensor<{y}>) "
         "-> tensor<{y}>")


def _window(op: str, x: str, y: str, a: str, out: str, fill: str) -> str:
    """``%out = op(%a)`` on a zero-filled destination (SSA names ``%fill``, ``%e_fill``)."""
    body = op.format(x=x, y=y).replace("%a,", f"%{a},").replace("outs(%f ", f"outs(%{fill} ")
    return (f"      %e_{fill} = tensor.empty() : tensor<{y}>\n"
            f"      %{fill} = linalg.fill ins(%z : f32) outs(%e_{fill} : tensor<{y}>) -> tensor<{y}>\n"
            f"      %{out} = {body}\n")


def program(region: str, op: str, mesh: str, x: str, y: str, split: str, k: str, chain: str = "") -> str:
    """A region op (``for``, ``while``, ``if``) whose body computes ``a = tanh(x + i)`` (``i`` the trip)
    from the split input ``x`` and a window ``y = op(a)`` it adds to the carried sum (the ``if``: yields
    it, else the zero sum). ``chain``: the type of a second window's output, ``op(tanh(y))``."""
    last, yt = "y", y
    window = _window(op, x, y, "a", "y", "f")
    if chain:
        window += f"      %t = math.tanh %y : tensor<{y}>\n" + _window(op, y, chain, "t", "y2", "f2")
        last, yt = "y2", chain
    trip = ("      %ii = arith.index_cast %i : index to i32\n      %fi = arith.sitofp %ii : i32 to f32\n"
            f"      %w = tensor.splat %fi : tensor<{x}>\n      %xw = arith.addf %xs, %w : tensor<{x}>\n"
            f"      %a = math.tanh %xw : tensor<{x}>\n")
    head = (f"module {{\n  mesh.mesh @m(shape = {mesh})\n"
            f"  func.func @f(%x: tensor<{x}>, %k: tensor<{k}>, %nt: tensor<index>) -> tensor<{yt}> {{\n"
            f"    %xs = mesh.shard %x to <@m, {split}> : tensor<{x}>\n"
            "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
            "    %n = tensor.extract %nt[] : tensor<index>\n    %z = arith.constant 0.0 : f32\n"
            f"    %e0 = tensor.empty() : tensor<{yt}>\n"
            f"    %s0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<{yt}>) -> tensor<{yt}>\n"
            f"    %s0s = mesh.shard %s0 to <@m, {split}> : tensor<{yt}>\n")
    acc = f"      %s2 = arith.addf %s, %{last} : tensor<{yt}>\n"
    if region == "for":
        loop = (f"    %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %s0s) -> (tensor<{yt}>) {{\n"
                + trip + window + acc + f"      scf.yield %s2 : tensor<{yt}>\n    }}\n")
    elif region == "while":
        loop = (f"    %r, %rn = scf.while (%s = %s0s, %j = %c0) : (tensor<{yt}>, index) -> (tensor<{yt}>, index) {{\n"
                "      %more = arith.cmpi slt, %j, %n : index\n"
                f"      scf.condition(%more) %s, %j : tensor<{yt}>, index\n    }} do {{\n"
                f"    ^bb0(%s: tensor<{yt}>, %i: index):\n" + trip + window + acc
                + "      %i1 = arith.addi %i, %c1 : index\n"
                f"      scf.yield %s2, %i1 : tensor<{yt}>, index\n    }}\n")
    else:
        loop = ("    %c = arith.cmpi sgt, %n, %c0 : index\n    %i = arith.constant 1 : index\n"
                f"    %s = tensor.empty() : tensor<{yt}>\n"
                f"    %r = scf.if %c -> (tensor<{yt}>) {{\n" + trip + window
                + f"      scf.yield %{last} : tensor<{yt}>\n    }} else {{\n"
                f"      scf.yield %s0s : tensor<{yt}>\n    }}\n")
    return head + loop + f"    return %r : tensor<{yt}>\n  }}\n}}\n"


def conv1(a: np.ndarray, k: np.ndarray) -> np.ndarray:
    """conv_1d_nwc_wcf, float64: ``a`` n x w x c, ``k`` taps x c x f."""
    taps = k.shape[0]
    win = np.stack([a[:, j:j + a.shape[1] - taps + 1, :] for j in range(taps)], axis=2)
    return np.einsum("nwjc,jcf->nwf", win, k)


def stencil(a: np.ndarray, k: np.ndarray) -> np.ndarray:
    return sum(k[j] * a[j:j + a.shape[0] - len(k) + 1] for j in range(len(k)))


def conv2(a: np.ndarray, k: np.ndarray) -> np.ndarray:
    """conv_2d_nhwc_hwcf, float64."""
    kh, kw = k.shape[:2]
    oh, ow = a.shape[1] - kh + 1, a.shape[2] - kw + 1
    out = np.zeros((a.shape[0], oh, ow, k.shape[3]))
    for i in range(kh):
        for j in range(kw):
            out += np.einsum("nhwc,cf->nhwf", a[:, i:i + oh, j:j + ow, :], k[i, j])
    return out


def want(region: str, f, x: np.ndarray, k: np.ndarray, trips: int, chain: bool = False) -> np.ndarray:
    x, k = x.astype(np.float64), k.astype(np.float64)

    def window(i):
        y = f(np.tanh(x + i), k)
        return f(np.tanh(y), k) if chain else y
    if region == "if":
        return window(1) if trips > 0 else np.zeros_like(window(1))
    return sum((window(i) for i in range(trips)), np.zeros_like(window(0)))


def _run(text: str, x, k, trips: int, **kw):
    return mc.run(mc.parse(text), [x, k, np.array(trips)], check=True, **kw)


def _in_body(text: str) -> tuple[list[str], list[str]]:
    """The collectives inside and outside the region op of the compiled program."""
    module = mc.parse(text)
    PassManager.from_text(spmd_pipeline(mc.default_pipeline())).run(module)
    inside, outside = [], []
    for op in module.walk():
        if IN_BODY.match(op.name):
            deep = any(a.name in ("scf.for", "scf.while", "scf.if") for a in op.ancestors())
            (inside if deep else outside).append(op.name.split(".")[1])
    return inside, outside


def _estimated(text: str, trips: int) -> list[int]:
    est = estimate(mc.compile(mc.parse(text), None).program.schedule, trips=trips)
    return [d.stats.collective_bytes for d in est.devices]


def _inputs(x_shape, k_shape, seed: int):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(x_shape).astype(np.float32),
            (rng.standard_normal(k_shape) / 4).astype(np.float32))


F32 = 4


@pytest.mark.parametrize("region", ["for", "while", "if"])
def test_a_1d_convolution_in_a_body_exchanges_its_halo_on_every_trip(region):
    # 16 rows over 4 devices (cores of 4), 14 output rows (3, 3, 4, 4): halos (2, 1); a device receives
    # the rows it lacks of its window, never the whole dim
    text = program(region, CONV1, "4", "2x16x4xf32", "2x14x4xf32", "[[], [0]]", "3x4x4xf32")
    assert _in_body(text) == (["update_halo"], [])
    x, k = _inputs((2, 16, 4), (3, 4, 4), 1)
    r = _run(text, x, k, 3)
    assert r.check_ok
    assert_close(r.outputs[0], want(region, conv1, x, k, 3), 3 * 4 * 3, 3 * 12.0)
    runs = 1 if region == "if" else 3
    row = 2 * 4 * F32  # one row of the 2 x . x 4 input
    # device 0: row 4; device 1: rows 2, 3 and 8; device 2: rows 6, 7 and 12; device 3: rows 10, 11
    assert [d.collective_bytes for d in r.stats.devices] == [runs * row * n for n in (1, 3, 3, 2)]
    assert _estimated(text, 3) == [d.collective_bytes for d in r.stats.devices]


def test_the_halo_replaces_a_gather_of_the_whole_dim():
    # before: the body all_gathered the 16 rows (each device received the 12 it lacks) on every trip
    text = program("for", CONV1, "4", "2x16x4xf32", "2x14x4xf32", "[[], [0]]", "3x4x4xf32")
    assert _estimated(text, 3) == [96, 288, 288, 192]  # 864 B in all, against 4608 B gathered
    assert [3 * 12 * 2 * 4 * F32] * 4 == [1152] * 4


def test_a_generic_stencil_with_uneven_shards():
    # 10 over 4 devices: cores 2, 2, 3, 3; output 8 rows 2 each: device i reads rows [2i, 2i + 4): halos
    # (1, 2); the halo'd buffers differ in size from device to device
    text = program("for", STENCIL, "4", "10xf32", "8xf32", "[[0]]", "3xf32")
    assert _in_body(text) == (["update_halo"], [])
    x, k = _inputs((10,), (3,), 2)
    r = _run(text, x, k, 3)
    assert r.check_ok
    assert_close(r.outputs[0], want("for", stencil, x, k, 3), 3 * 3, 3 * 3.0)
    # one pair of widths for all: device 0 (core 0:2) gets 2:4, device 1 (2:4) 1:2 and 4:6, device 2 (4:7)
    # 3:4 and 7:9, device 3 (7:10) 6:7 (its high halo past the end)
    assert [d.collective_bytes for d in r.stats.devices] == [3 * F32 * n for n in (2, 3, 3, 1)]
    assert _estimated(text, 3) == [d.collective_bytes for d in r.stats.devices]


@pytest.mark.parametrize("region", ["for", "while", "if"])
def test_a_2d_convolution_split_on_h_on_a_2x2_mesh(region):
    # H (10) over mesh axis 0, the batch over axis 1: each row of devices exchanges its own halos
    text = program(region, CONV2, "2x2", "2x10x6x3xf32", "2x8x4x4xf32", "[[1], [0]]", "3x3x3x4xf32")
    assert _in_body(text) == (["update_halo"], [])
    x, k = _inputs((2, 10, 6, 3), (3, 3, 3, 4), 3)
    r = _run(text, x, k, 2)
    assert r.check_ok
    assert_close(r.outputs[0], want(region, conv2, x, k, 2), 2 * 27, 2 * 27.0)
    runs = 1 if region == "if" else 2
    # cores of 5 rows, output rows 4 each: device (0, j) reads rows 0:6 (1 more), (1, j) rows 4:10 (1 less)
    row = 6 * 3 * F32
    assert [d.collective_bytes for d in r.stats.devices] == [runs * row, runs * row, runs * row, runs * row]
    assert _estimated(text, 2) == [d.collective_bytes for d in r.stats.devices]


def test_a_chain_of_two_windows_exchanges_twice_per_trip():
    text = program("for", CONV1, "4", "2x16x4xf32", "2x14x4xf32", "[[], [0]]", "3x4x4xf32",
                   chain="2x12x4xf32")
    assert _in_body(text) == (["update_halo", "update_halo"], [])
    x, k = _inputs((2, 16, 4), (3, 4, 4), 4)
    r = _run(text, x, k, 3)
    assert r.check_ok
    assert_close(r.outputs[0], want("for", conv1, x, k, 3, chain=True), 2 * 3 * 4 * 3, 3 * 12.0)
    assert _estimated(text, 3) == [d.collective_bytes for d in r.stats.devices]


def test_the_listing_names_the_exchange_and_round_trips_through_json():
    text = program("for", CONV1, "4", "2x16x4xf32", "2x14x4xf32", "[[], [0]]", "3x4x4xf32")
    schedule = mc.compile(mc.parse(text), None).program.schedule
    index = schedule.body_index()
    assert [index[d]["b0"].kind for d in range(4)] == ["update_halo"] * 4
    assert [index[d]["b0"].shape for d in range(4)] == [(2, 4, 4)] * 4  # the core each contributes
    assert [index[d]["b0"].out_shape for d in range(4)] == [(2, 7, 4)] * 4  # core and halos (2, 1)
    assert index[1]["b0"].attributes == {"halo_axis": 1, "halo_low": 2, "halo_high": 1}
    back = Schedule.from_json_text(schedule.to_json_text())
    back.validate()
    assert back.body_index() == index and back.to_json() == schedule.to_json()
    x, k = _inputs((2, 16, 4), (3, 4, 4), 5)
    r = _run(text, x, k, 2, trace=True)
    names = sorted({e.name for e in r.stats.events if (e.args or {}).get("in_body")})
    assert names == ["update_halo b0 run 0 (in scf.for)", "update_halo b0 run 1 (in scf.for)"]


def test_explain_lists_the_exchange_in_the_body():
    text = program("for", CONV1, "4", "2x16x4xf32", "2x14x4xf32", "[[], [0]]", "3x4x4xf32")
    from meshc.explain import explain

    lines = explain(mc.parse(text)).text().splitlines()
    (line,) = [ln for ln in lines if "update_halo" in ln]
    assert "halo_sizes = [2, 1]" in line and "in the body of 'scf.for'" in line
    assert line.endswith("devices receive [32, 96, 96, 64] B per trip")  # a dynamic trip count


def test_a_carried_value_with_halos_stays_correct():
    # the init is split with halos (1, 2): the loop carries the core, and the values are the input's
    text = (DATA / "halo_carried.mlir").read_text()
    x = np.random.default_rng(6).standard_normal((10, 4)).astype(np.float32)
    r = mc.run(mc.parse(text), [x, np.array(3)], check=True)
    assert r.check_ok
    acc = x.astype(np.float64)
    for _ in range(3):
        acc = np.tanh(acc) + acc
    assert_close(r.outputs[0], acc, 3)


def test_mpi_runs_the_exchange_as_the_threads_do(tmp_path):
    text = program("for", CONV1, "4", "2x16x4xf32", "2x14x4xf32", "[[], [0]]", "3x4x4xf32")
    src = tmp_path / "halo.mlir"
    src.write_text(text)
    x, k = _inputs((2, 16, 4), (3, 4, 4), 7)
    np.savez(tmp_path / "in.npz", x=x, k=k, nt=np.array(3))
    out = tmp_path / "out.npz"
    proc = subprocess.run([sys.executable, "-m", "meshc", "run", str(src), "--inputs", str(tmp_path / "in.npz"),
                           "--check", "--backend", "mpi", "--launch", "4", "-o", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "result0: ok" in proc.stdout
    threads = _run(text, x, k, 3)
    np.testing.assert_array_equal(np.load(out)["result0"], threads.outputs[0])
