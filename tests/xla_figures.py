"""meshc's estimate against XLA's own figures of the same sharded program (docs/estimate.md, "Against XLA").

XLA's record is a ``NAME.xla.json`` of samples/real/make_llama.py: per-device
``compiled.memory_analysis()``, ``compiled.cost_analysis()`` and the collectives of
``compiled.as_text()``; meshc's side is ``meshc estimate --json``'s output (docs/estimate.md,
"JSON"). Used by tests/test_real_llama.py and bench/llama7b_bench.py.
"""

from __future__ import annotations

#: mesh collectives that move data (all_slice keeps a local part), and XLA's names for them.
XLA_NAMES = {"all-reduce": "all_reduce", "all-gather": "all_gather", "reduce-scatter": "reduce_scatter",
             "all-to-all": "all_to_all", "collective-permute": "collective_permute"}
LOCAL = ("all_slice",)


def xla_peak_bytes(mem: dict) -> int:
    """XLA's per-device bytes live at its peak: arguments + outputs - aliased + temporaries."""
    return (mem["argument_size_in_bytes"] + mem["output_size_in_bytes"] - mem["alias_size_in_bytes"]
            + mem["temp_size_in_bytes"])


def meshc_collectives(est: dict) -> dict[str, int]:
    """Collective instances of an estimate's JSON by kind, those that move data only."""
    counts: dict[str, int] = {}
    for c in est["collectives"]:
        if c["kind"] not in LOCAL:
            counts[c["kind"]] = counts.get(c["kind"], 0) + 1
    return counts


def compare(est: dict, xla: dict) -> dict:
    """meshc's per-device figures of ``est`` (estimate JSON) beside XLA's record ``xla`` (NAME.xla.json)."""
    peak = max(d["peak_bytes"] for d in est["devices"])
    flops = max(d["flops"] for d in est["devices"])
    want_peak = xla_peak_bytes(xla["memory_analysis"])
    want_flops = xla["cost_analysis"]["flops"]
    theirs = {XLA_NAMES[k]: n for k, n in xla["collectives"].items() if n}
    return {"peak_bytes": (peak, want_peak, peak / want_peak), "flops": (flops, want_flops, flops / want_flops),
            "collectives": (meshc_collectives(est), theirs)}
