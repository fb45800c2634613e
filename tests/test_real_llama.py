"""A 2-layer Llama-2 decoder (bf16) with Megatron shardings: ``meshc estimate`` against XLA's own figures.

tests/data/real/llama_tiny.* were made by samples/real/make_llama.py ``--preset tiny`` (the same script
makes the Llama-2-7B version for bench/llama7b_bench.py): tokens [2, 64] -> embedding [512, 256] ->
2 layers (4 heads of 64, SwiGLU ffn 512) -> head [256, 512], jitted on a ("data"=2, "model"=4) mesh
with ``jax.ShapeDtypeStruct`` arguments; ``llama_tiny.xla.json`` holds XLA's per-device
``memory_analysis()``, ``cost_analysis()`` and collectives of that compile. Nothing here needs JAX.

docs/estimate.md ("Against XLA") says how the figures map: meshc's physical peak against XLA's
argument + output - alias + temp bytes, meshc's flops against XLA's ``flops`` (both 2 per
multiply-add), meshc's communicating collective instances against the HLO collectives.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.xla_figures import compare, xla_peak_bytes
from meshc.cli import main

DATA = Path(__file__).parent / "data" / "real"
XLA = json.loads((DATA / "llama_tiny.xla.json").read_text())
CFG = XLA["config"]


@pytest.fixture(scope="module")
def estimate_json(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("llama") / "llama_tiny_annotated.mlir"
    r = CliRunner().invoke(main, ["annotate", str(DATA / "llama_tiny.linalg.mlir"), "--shardings-from",
                                  str(DATA / "llama_tiny_sharded.stablehlo.mlir"), "-o", str(out)])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["estimate", str(out), "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def _per_device_weights_bytes() -> int:
    """bf16 bytes of one device's shards of the weights (Megatron: [D, D] and [D, F] split on "model")."""
    d, f, v, layers, model = CFG["d"], CFG["ffn"], CFG["vocab"], CFG["layers"], CFG["mesh"]["model"]
    per_layer = 4 * d * d // model + 3 * d * f // model + 2 * d
    return 2 * (layers * per_layer + 2 * v * d // model + d)


def test_recorded_xla_arguments_are_the_megatron_shards():
    """The record is what the shardings say: XLA's argument bytes are the weights' and tokens' shards."""
    tokens = 4 * CFG["batch"] // CFG["mesh"]["data"] * CFG["seq"]
    assert XLA["memory_analysis"]["argument_size_in_bytes"] == _per_device_weights_bytes() + tokens
    logits = 2 * CFG["batch"] // CFG["mesh"]["data"] * CFG["seq"] * CFG["vocab"] // CFG["mesh"]["model"]
    assert XLA["memory_analysis"]["output_size_in_bytes"] == logits


def test_peak_memory_within_a_quarter_of_xla(estimate_json):
    peak, want, ratio = compare(estimate_json, XLA)["peak_bytes"]
    assert want == xla_peak_bytes(XLA["memory_analysis"]) == 985856
    assert len(estimate_json["devices"]) == 8
    # the arguments and the result are resident at the end of the step
    ma = XLA["memory_analysis"]
    assert peak >= ma["argument_size_in_bytes"] + ma["output_size_in_bytes"]
    assert 0.75 <= ratio <= 1.25, (peak, want)


def test_flops_within_a_quarter_of_xla(estimate_json):
    flops, want, ratio = compare(estimate_json, XLA)["flops"]
    b, s, d, f, v = CFG["batch"] // CFG["mesh"]["data"], CFG["seq"], CFG["d"], CFG["ffn"], CFG["vocab"]
    model, heads = CFG["mesh"]["model"], CFG["heads"]
    # the products by hand, 2 per multiply-add: q/k/v/o, gate/up/down, q k^T and p v, the head
    matmuls = CFG["layers"] * (4 * 2 * b * s * d * d // model + 3 * 2 * b * s * d * f // model
                               + 2 * 2 * b * heads // model * s * s * (d // heads)) + 2 * b * s * d * v // model
    assert matmuls <= flops
    assert 0.75 <= ratio <= 1.25, (flops, want)


def test_collectives_no_more_than_xla(estimate_json):
    mine, theirs = compare(estimate_json, XLA)["collectives"]
    # one all_reduce per row-parallel product (Wo, Wdown) per layer and one for the vocab-parallel embedding
    assert theirs == {"all_reduce": 2 * CFG["layers"] + 1}
    assert mine == theirs
