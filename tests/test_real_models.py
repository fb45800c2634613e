"""Real models exported from JAX / flax with their Megatron shardings, against XLA's own partition.

tests/data/real/NAME.linalg.mlir is the model lowered by IREE (``--compile-to=input``),
NAME_sharded.stablehlo.mlir the same function jitted on a ("data"=2, "model"=4) mesh with
NamedShardings, NAME.inputs.npz / NAME.expected.npz its arguments and JAX's output, and
xla_collectives.json the collectives of XLA's SPMD partition of the sharded program with the bytes
each device receives in them; all made by samples/real/make_models.py (which says what each model
is). Nothing here needs JAX. Six models, six held-out variants of the same kinds that the
rules were not written for (GPT-2 with 6 heads of 8 on d=48, GPT-2 with Megatron's heads-major
fused q/k/v, a Llama block with grouped-query attention, a deeper CNN with a stride-2 conv, a top-2
mixture of experts whose ``lax.top_k`` is an ``iree_linalg_ext.sort``), two
MLP layer stacks in loops (``lax.scan``; ``lax.fori_loop`` of dynamic depth, an ``scf.while``), and
the Llama block with fewer KV heads than "model" devices (2 KV heads; multi-query, 1).

Each model is annotated with the framework's shardings (``meshc annotate --shardings-from``), run
sharded against the reference interpreter and JAX (``--check --expected``), and its collectives
(the global-view form after ``reshard``) and per-device collective bytes (``meshc estimate``'s
count) compared with XLA's: never more of either, and as samples/real/README.md's table says.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Optional

import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.cli import main
from meshc.runtime.estimate import estimate
from tests.test_real_models_sharded import DATA, TOL

MODELS = ("llama_block", "llama_decode", "gpt2_layer", "cnn", "moe", "flax_encoder")
HELD_OUT = ("gpt2_h6", "gpt2_heads_major", "llama_gqa", "cnn_deep", "moe2", "cnn_sp")
LOOPS = ("mlp_scan", "mlp_fori")
"""Layer stacks in loops: ``lax.scan`` (an ``scf.for`` of 3 trips after IREE) and ``lax.fori_loop`` of
dynamic bound (an ``scf.while``); XLA's collective sits in the while body, run once per trip."""
FEW_KV = ("llama_wide", "llama_mqa")
"""Held out too: grouped-query attention with fewer KV heads than "model" devices: 8 query heads over 2
KV heads (each device needs the KV head its pair of devices shares, gathered within the pair as XLA
does, the sub-axis ``'model':(2)2``: on the mesh ``@mesh_a1g2`` of shape 2x2x2), and multi-query (1)."""
ALL = MODELS + HELD_OUT + LOOPS + FEW_KV
MESH_LINE = {"llama_wide": "on mesh @mesh_a1g2 (shape 2x2x2, 8 devices)"}
"""What ``meshc run`` says of the mesh a model runs on (the others: ``(shape 2x4, 8 devices)``)."""
XLA = json.loads((DATA / "xla_collectives.json").read_text())
README = Path(__file__).resolve().parent.parent / "samples" / "real" / "README.md"
COMMUNICATING = ("all_gather", "all_reduce", "reduce_scatter", "all_to_all", "shift", "update_halo", "broadcast",
                 "gather", "reduce", "scatter", "send", "recv")
"""mesh ops that move data between devices (``all_slice`` keeps a local part: no communication)."""
XLA_NAMES = {"all-reduce": "all_reduce", "all-gather": "all_gather", "reduce-scatter": "reduce_scatter",
             "all-to-all": "all_to_all", "collective-permute": "collective_permute"}
STAGE4 = "propagate-reshapes,sharding-propagation,distribute-types,reshard"


def _annotated(tmp_path: Path, name: str, linalg: str = "") -> Path:
    """``linalg`` (default ``NAME.linalg.mlir``) annotated with ``NAME``'s JAX shardings, in a file of
    its own name (a test that annotates two phases of one model keeps both)."""
    out = tmp_path / f"{(linalg or name + '.linalg.mlir').removesuffix('.mlir')}_annotated.mlir"
    r = CliRunner().invoke(main, ["annotate", str(DATA / (linalg or f"{name}.linalg.mlir")), "--shardings-from",
                                  str(DATA / f"{name}_sharded.stablehlo.mlir"), "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out


def _collectives(path: Path, pipeline: str = STAGE4) -> dict[str, int]:
    """Communicating collectives of ``path`` after ``pipeline`` (global view: one op per collective)."""
    r = CliRunner().invoke(main, ["compile", str(path), "-p", pipeline])
    assert r.exit_code == 0, r.output
    found = Counter(re.findall(r"= mesh\.([a-z_]+) ", r.output))
    return {k: found[k] for k in COMMUNICATING if found[k]}


def _xla(name: str) -> dict[str, int]:
    return {XLA_NAMES[k]: n for k, n in XLA["models"][name].items() if k in XLA_NAMES and n}


def _readme_rows() -> dict[str, list[str]]:
    """model -> the cells after the model's of the README's side-by-side table (meshc, XLA, meshc
    bytes per device, XLA bytes per device, meshc with ``--no-propagate-reshapes``)."""
    rows = {}
    for line in README.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 6 and cells[0].strip("`") in ALL:
            rows[cells[0].strip("`")] = cells[1:]
    return rows


def _collective_bytes(path: Path, trips: Optional[int] = None) -> int:
    """The most collective bytes any device receives in ``path`` compiled with the default pipeline
    (``meshc estimate``: the count of a run's ``--stats``; ``trips``: of a loop of dynamic trip count,
    ``--trip-count``)."""
    est = estimate(mc.compile(mc.parse(str(path))).program.schedule, trips=trips)
    return max(d.stats.collective_bytes for d in est.devices)


def _trips(name: str) -> Optional[int]:
    """The trips of a loop model's loop (None for the others)."""
    return XLA["models"][name].get("trips")


def _xla_bytes(name: str) -> int:
    """The bytes a device receives in XLA's collectives in one run: a collective of a while body once
    per trip (XLA's HLO holds it once)."""
    return XLA["models"][name]["bytes_per_device"] * (_trips(name) or 1)


ORDER = ("all_reduce", "all_gather", "reduce_scatter", "all_to_all", "collective_permute") + COMMUNICATING


def _cell(counts: dict[str, int]) -> str:
    """``2 all_reduce + 1 all_gather`` (kinds in :data:`ORDER`; ``none`` for no collective)."""
    return " + ".join(f"{counts[k]} {k}" for k in dict.fromkeys(ORDER) if counts.get(k)) or "none"


@pytest.mark.parametrize("name, linalg", [(m, "") for m in ALL] + [("cnn", "cnn_generic.linalg.mlir")])
def test_model_runs_sharded_with_the_framework_shardings(tmp_path, name, linalg):
    annotated = _annotated(tmp_path, name, linalg)
    r = CliRunner().invoke(main, ["run", str(annotated), "--inputs", str(DATA / f"{name}.inputs.npz"), "--check",
                                  "--expected", str(DATA / f"{name}.expected.npz"), *TOL])
    assert r.exit_code == 0, r.output
    assert MESH_LINE.get(name, "(shape 2x4, 8 devices)") in r.output, r.output
    assert r.output.count(": ok max abs err") == 2 and "MISMATCH" not in r.output


@pytest.mark.parametrize("flags", [("--auto-shard", "tp=4"), ("--auto-shard", "dp=2")], ids=["tp4", "dp2"])
@pytest.mark.parametrize("name", HELD_OUT + FEW_KV)
def test_held_out_models_run_sharded_by_the_advisor(name, flags):
    _runs_as_jax(name, *flags)


def _runs_as_jax(name: str, *flags: str) -> None:
    """``meshc run`` of ``name``'s linalg with ``flags`` matches the reference interpreter and JAX."""
    r = CliRunner().invoke(main, ["run", str(DATA / f"{name}.linalg.mlir"), "--inputs", str(DATA / f"{name}.inputs.npz"),
                                  "--check", "--expected", str(DATA / f"{name}.expected.npz"), *TOL, *flags])
    assert r.exit_code == 0, r.output
    assert r.output.count(": ok max abs err") == 2 and "MISMATCH" not in r.output, r.output


@pytest.mark.parametrize("flags", [("--auto-shard", "tp=4"), ("--auto-shard", "dp=2"),
                                   ("--mesh", "tp=4", "--shard", "arg1=[[], [], [0]]", "--shard", "arg2=[[], [0]]",
                                    "--shard", "arg3=[[], [0]]"),
                                   ("--mesh", "dp=2", "--shard", "arg0=[[0]]")],
                         ids=["tp4", "dp2", "megatron-by-hand", "batch-by-hand"])
@pytest.mark.parametrize("name", LOOPS)
def test_loop_models_run_sharded(name, flags):
    _runs_as_jax(name, *flags)


def test_fori_loop_is_partitioned_in_place(tmp_path):
    # the scf.while of dynamic trip count stays a loop (flatten-regions cannot unroll it): its carried
    # x keeps its batch split, the stacked weights their Megatron splits, and the body all_reduces the
    # row-parallel product's partial sums on every trip, as XLA's while body does
    out = CliRunner().invoke(main, ["compile", str(_annotated(tmp_path, "mlp_fori"))]).output
    assert out.count("scf.while") == 1 and out.count("mesh.all_reduce") == 1, out
    loop = out[out.index("scf.while"):]
    assert "mesh.all_reduce" in loop[loop.index("} do {"):] and "mesh.all_gather" not in out, out
    assert re.search(r"scf\.while \(%\w+ = %\w+, %\w+ = %\w+\) : \(tensor<i32>, tensor<4x64xf32>\)", out), out


@pytest.mark.parametrize("name", ["llama_block", "llama_decode", "flax_encoder", "llama_gqa"])
def test_attention_models_move_what_xla_moves(tmp_path, name):
    # Megatron on (2, 4): heads split over "model", one all_reduce after the attention's output
    # projection and one after the MLP's row-parallel product, as XLA
    annotated = _annotated(tmp_path, name)
    assert _xla(name) == {"all_reduce": 2}
    assert _collectives(annotated) == _xla(name)
    # without the pass the head split stops at IREE's (batch, heads) collapse: q, k and v are gathered
    before = _collectives(annotated, STAGE4.replace("propagate-reshapes,", ""))
    assert before == {"all_gather": 3, "all_reduce": 2}


@pytest.mark.parametrize("name", ["gpt2_layer", "gpt2_h6"])
def test_gpt2_fused_qkv_gathers_the_product_once_as_xla(tmp_path, name):
    # c_attn's [D, 3*D] weight split in 4 column blocks does not split whole heads of the [3, H, Dh]
    # layout: the [B, S, 3*D] product (split on batch and columns) is all_gathered over "model" once
    # at the heads' expand_shape, keeping its batch split; the weight and bias are never gathered,
    # and the attention's output projection stays row-parallel (a partial sum: one all_reduce)
    annotated = _annotated(tmp_path, name)
    out = CliRunner().invoke(main, ["compile", str(annotated), "-p", STAGE4]).output
    gathers = re.findall(r"= mesh\.all_gather (%\S+) .* mesh_axes = \[1\] gather_axis = 2 : "
                         r"tensor<2x16x(\d+)xf32, #mesh\.shard<@mesh, \[\[0\], \[\], \[1\]\]>>", out)
    assert len(gathers) == 1 and int(gathers[0][1]) % 3 == 0, out
    assert _collectives(annotated) == _xla(name) == {"all_reduce": 3, "all_gather": 1}


def test_gpt2_heads_major_qkv_splits_whole_heads():
    # Megatron's [H, 3, Dh] fused layout: a column block of 48 is 2 whole heads' q, k and v, so the
    # heads' expand_shape keeps the split and nothing is gathered (XLA: none either)
    assert _xla("gpt2_heads_major") == {"all_reduce": 3}


@pytest.mark.parametrize("name", ALL)
def test_no_more_collectives_or_bytes_than_xla(tmp_path, name):
    annotated = _annotated(tmp_path, name)
    ours = _collectives(annotated)
    assert sum(ours.values()) <= sum(_xla(name).values()), (ours, _xla(name))
    assert _collective_bytes(annotated, _trips(name)) <= _xla_bytes(name)


def test_moe2_reduce_scatters_its_routing_slots(tmp_path):
    # the capacity slots are a running count over all 16 tokens (tril(16x16) @ onehot[16, 8]), a
    # contraction over the data-split tokens; its partial [2, 8, 8] result goes through an elementwise
    # "- 1" (a fused linalg.generic) to a product with the token-split mask: reshard cuts before the
    # elementwise op, so each choice's slots are one reduce_scatter over "data" (half an all_reduce)
    annotated = _annotated(tmp_path, "moe2")
    out = CliRunner().invoke(main, ["compile", str(annotated), "-p", STAGE4]).output
    slots = re.findall(r"= mesh\.reduce_scatter %\S+ on @mesh mesh_axes = \[0\] scatter_axis = 0 : "
                       r"tensor<2x8x8xf32, #mesh\.shard<@mesh, \[\[\]\], partial = sum\[0\]>>", out)
    assert len(slots) == 2, out
    assert not re.findall(r"mesh\.all_reduce %\S+ on @mesh mesh_axes = \[0\] : tensor<2x8x8xf32", out)
    ours_routing = len(slots) * (2 - 1) * (2 * 8 * 8 * 4) // 2  # each device receives the other's half
    xla = XLA["models"]["moe2"]["collectives"]
    xla_routing = sum(c["received_bytes"] for c in xla if c["kind"] == "all-gather" or c["type"] == "f32[8]{0}")
    assert ours_routing == 512 < xla_routing == 768
    assert _collective_bytes(annotated) <= _xla_bytes("moe2")


def test_moe2_runs_expert_parallel_by_the_advisor():
    _runs_as_jax("moe2", "--auto-shard", "ep=4")


def test_readme_table_is_what_meshc_and_xla_do(tmp_path):
    rows = _readme_rows()
    assert set(rows) == set(ALL)
    for name in ALL:
        meshc_cell, xla_cell, meshc_bytes, xla_bytes, without = rows[name][:5]
        annotated = _annotated(tmp_path, name)
        assert meshc_cell == _cell(_collectives(annotated)), name
        assert xla_cell == _cell(_xla(name)), name
        assert int(xla_bytes) == _xla_bytes(name), name
        assert int(meshc_bytes) == _collective_bytes(annotated, _trips(name)), name
        assert without == _cell(_collectives(annotated, STAGE4.replace("propagate-reshapes,", ""))), name


@pytest.mark.parametrize("name, kv_heads, mesh, axes, pieces", [("llama_wide", 2, "mesh_a1g2", "2", 1),
                                                                ("llama_mqa", 1, "mesh", "1", 3)])
def test_fewer_kv_heads_than_devices_gather_only_k_and_v(tmp_path, name, kv_heads, mesh, axes, pieces):
    # 8 query heads split over the 4 "model" devices, each KV head repeated over its group of query
    # heads (jnp.repeat): the scores [2, 8, 16, 16] and the softmax keep the head split (the repeat's
    # collapse into heads is left unfolded where its groups cannot carry a split of 4, and the repeat
    # is decided from the attention, not from its input's column split), and only k and v, before
    # the repeat, are all_gathered (their [64, kv*8] weights' column blocks are parts of a head); the
    # two all_reduces are Megatron's. With 2 KV heads a pair of devices shares one: the function runs
    # on @mesh_a1g2 (2x2x2, "model" as pairs x 2), each pair computes its KV head (its rotary and
    # repeat), and k and v are gathered over the pair's axis alone (1 piece each, not 3)
    annotated = _annotated(tmp_path, name)
    out = CliRunner().invoke(main, ["compile", str(annotated), "-p", STAGE4]).output
    gathered = re.findall(rf"= mesh\.all_gather %\S+ on @{mesh} mesh_axes = \[{axes}\] gather_axis = \d+ : "
                          rf"tensor<2x16x([\dx]+)xf32, #mesh\.shard<@{mesh}, \[\[0\]", out)
    assert gathered and set(gathered) <= {f"{kv_heads * 8}", f"{kv_heads}x8"}, out
    counts = _collectives(annotated)
    assert counts["all_reduce"] == 2 and set(counts) == {"all_reduce", "all_gather"}, counts
    # per device: each all_reduce 2 x 3/4 of its 1x16x64 f32 partial sums (4096 B), each all_gather
    # `pieces` quarters of the gathered 1x16x(kv*8) f32 block
    assert _collective_bytes(annotated) == 2 * 6144 + counts["all_gather"] * pieces * kv_heads * 8 * 16 * 4 // 4



@pytest.mark.parametrize("name", FEW_KV)
def test_explain_lines_add_up_to_what_estimate_counts(tmp_path, name):
    # meshc explain runs the default pipeline up to reshard: its points are the ones compiled, on the mesh
    # the function runs on (llama_wide: @mesh_a1g2, the gathers over the pairs' axis alone)
    from meshc.explain import explain

    annotated = _annotated(tmp_path, name)
    total = 0
    for line in explain(mc.parse(str(annotated))).lines:
        if " step " in line.message.split(":", 1)[0]:
            continue
        each = re.search(r"each device receives (\d+) B", line.message)
        assert each, line.message
        total += int(each.group(1))
    assert total == _collective_bytes(annotated)
