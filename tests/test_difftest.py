"""Differential testing of the whole pipeline (README.md, "Reliability"): a fixed budget of generated programs in CI.

Each program (``tests/difftest``: matmuls, batch matmuls and the other named contractions,
elementwise and reduction generics, transposes, broadcasts, reshapes, slices, fills and
constants, with random shardings on random 1-D to 3-D meshes of at most 16 devices, static or
dynamic, peered or not, uneven shapes, five element types) is compiled with the default
pipeline under each reshard strategy and partition form (``--verify-each`` on), run on the
simulated devices and compared with the reference interpreter; the figures are printed. A
located compile error counts as a rejection and must be a documented limitation; a crash, IR
that fails verification after a pass, an internal error, a failed run or a wrong value is a
bug. The tester proves it finds bugs: each deliberate miscompile of :mod:`tests.difftest.miscompiles`
(injected by ``monkeypatch`` on the product function it replaces), enabled alone, is caught within a budget (by wrong values, the verifier after the pass, an
internal check or a failed run: the line printed says which), and the program that caught it
is right without it. Then pass robustness: every registered pass, given any verified input of
any stage of the pipeline, produces verified output or a located error. Longer runs:
``bench/difftest.py --minutes N``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings

import meshc.api as mc
from meshc.ir.location import DiagnosticError
from meshc.ir.verifier import verify
from meshc.passes.base import PassContext
from meshc.passes.manager import PassManager
from meshc.passes.registry import UNROLLED_PIPELINE, known_passes
from tests.difftest import Tally, check_case, generate_from_seed, miscompiles, pipeline_text
from tests.difftest.gen import OP_KINDS
from tests.difftest.runner import by_design, signature
from tests.difftest.strategies import programs

#: Programs per CI run (each under 3 strategies x 2 forms, 7 runs on a dynamic mesh: about 110 s for all
#: on 2 cores).
CI_PROGRAMS = 300
#: Programs an injected miscompile may take before it must have been caught.
INJECT_BUDGET = 60
#: Programs of the pass-robustness property (every pass on every stage of each).
ROBUSTNESS_PROGRAMS = 60

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]


def _say(request, lines) -> None:
    """Print the figures on the terminal even when pytest captures output."""
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    for line in lines:
        if reporter is not None:
            reporter.write_line(line)
        else:  # pragma: no cover - without the terminal plugin
            print(line)


def test_generated_programs_compute_what_the_reference_computes(request):
    tally = Tally()

    @settings(max_examples=CI_PROGRAMS, derandomize=True, deadline=None, database=None,
              suppress_health_check=_QUIET)
    @given(programs(max_ops=6))
    def check(case):
        result = check_case(case)
        tally.add(result)
        assert not result.bugs, result.report()

    check()
    _say(request, [""] + tally.lines())
    assert tally.total >= CI_PROGRAMS
    assert tally.runs["ok"] >= 0.8 * sum(tally.runs.values()), tally.lines()  # the run stays meaningful
    assert tally.other_rejections == {}  # every located compile error is a documented limitation
    assert set(tally.ops) == set(OP_KINDS)
    assert set(tally.dtypes) == {"f16", "f32", "f64", "i32", "i64"}
    assert {m.split()[0] for m in tally.meshes} == {"1-D", "2-D", "3-D"}
    assert any("dynamic" in m for m in tally.meshes) and any("peered" in m for m in tally.meshes)


@pytest.mark.parametrize("name", sorted(miscompiles.KNOWN))
def test_each_injected_miscompile_is_caught(name, request, monkeypatch):
    caught = []

    @settings(max_examples=INJECT_BUDGET, derandomize=True, deadline=None, database=None,
              suppress_health_check=_QUIET, phases=[Phase.generate], report_multiple_bugs=False)
    @given(programs(max_ops=4))
    def check(case):
        result = check_case(case)
        if result.bugs:
            caught.append(result)
        assert not result.bugs

    with monkeypatch.context() as patched:
        for owner, attr, replacement in miscompiles.patches(name):
            patched.setattr(owner, attr, replacement)
        with pytest.raises(AssertionError):
            check()
    first = caught[0]
    kinds = sorted({o.kind for o in first.bugs})
    _say(request, [f"'{name}' caught: {kinds} in {len(first.bugs)} of {len(first.outcomes)} runs of a "
                   f"{first.case.mesh.num_devices}-device program"])
    again = check_case(first.case)  # without the miscompile the same program is right
    assert not again.bugs, again.report()


def test_no_miscompile_is_enabled_outside_the_tests():
    import importlib.util

    assert importlib.util.find_spec("meshc.testing_hooks") is None  # the product has no test hooks
    assert {"uneven-slice-offset", "wrong-reduction-kind", "drop-all-reduce", "wrong-peer-group"} <= set(
        miscompiles.KNOWN)
    for name in miscompiles.KNOWN:  # each replaces a product attribute that exists, and is not patched now
        for owner, attr, replacement in miscompiles.patches(name):
            assert getattr(owner, attr) is not replacement
    with miscompiles.injected("drop-all-reduce"):
        from meshc.backend.emit import _Emitter
        patched = _Emitter.collective_spec
    assert _Emitter.collective_spec is not patched


def _stages(module, shape) -> list:
    """The module after each prefix of the unrolled default pipeline (stage 0 = the annotated input), up to
    the first rejection (the differential test counts those)."""
    out = [module.clone()]
    for k in range(1, UNROLLED_PIPELINE.index("unroll") + 2):
        m = module.clone()
        try:
            PassManager.from_text(",".join(UNROLLED_PIPELINE[:k]), PassContext(mesh_shapes=dict(shape or {}))).run(m)
        except DiagnosticError:
            break
        out.append(m)
    return out


@settings(max_examples=ROBUSTNESS_PROGRAMS, derandomize=True, deadline=None, database=None,
          suppress_health_check=_QUIET)
@given(programs(max_ops=3))
def test_every_pass_on_every_stage_gives_verified_ir_or_a_located_error(case):
    """Every registered pass, alone, on the program after 0..5 passes of the default pipeline: the
    pass manager (verify after each pass) ends in verified IR or a DiagnosticError located in the
    program, never a crash (PassCrash) or 'produced invalid IR'."""
    module = mc.parse(case.text, "difftest.mlir")
    shape = case.mesh.run_shape()
    for stage, m in enumerate(_stages(module, shape)):
        for name in known_passes():
            if name == "verify":
                continue
            work = m.clone()
            context = PassContext(mesh_shapes=dict(shape or {}))
            try:
                PassManager.from_text(name, context).run(work)
            except DiagnosticError as err:
                text = str(err)
                assert "produced invalid IR" not in text, f"stage {stage}, pass {name}: {text}\n{case}"
                assert err.location.line > 0, f"unlocated: stage {stage}, {name}: {text}"
                continue
            verify(work)


def test_pipeline_text_sets_the_strategy_and_form():
    text = pipeline_text("peer", "for_one")
    assert "reshard{strategy=peer}" in text and "partition{form=for_one}" in text
    assert text.split(",")[:4] == ["convert-flow-to-tensor", "flatten-regions", "propagate-reshapes",
                                   "sharding-propagation"]
    assert "fuse-spmd-regions" in text and text.endswith("canonicalize,cse")


def test_rejection_signatures_group_alike_messages():
    a = signature("p.mlir:3:9: error: 'tensor.extract_slice' op cannot be partitioned: %r12 of type "
                  "'tensor<4x3xf32, #mesh.shard<@m, [[0]]>>' splits dim 0 over 4 devices")
    b = signature("q.mlir:17:2: error: 'tensor.extract_slice' op cannot be partitioned: %s3 of type "
                  "'tensor<7xf16, #mesh.shard<@m, [[1, 0]]>>' splits dim 2 over 16 devices")
    assert a == b == "'tensor.extract_slice' op cannot be partitioned: %v of type 'T' splits dim N over N devices"
    assert by_design("'tensor.collapse_shape' op cannot be partitioned: 'tensor.collapse_shape' keeps static "
                     "shapes in its attributes and is partitioned only when")
    assert not by_design("'linalg.matmul' op cannot be partitioned: operand #0 has sharding S")


def test_the_same_seed_gives_the_same_program():
    a, b, c = generate_from_seed(7), generate_from_seed(7), generate_from_seed(8)
    assert (a.text, a.mesh, a.seed) == (b.text, b.mesh, b.seed) and a.text != c.text
    assert a.text.startswith("mesh.mesh @m(shape = ") and "func.func @main(" in a.text


def test_bench_runs_and_reports(tmp_path, capsys):
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parents[1] / "bench" / "difftest.py"
    spec = importlib.util.spec_from_file_location("bench_difftest", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)  # type: ignore[union-attr]
    assert bench.main(["--programs", "3", "--workers", "1", "--max-ops", "2", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 programs in ") and "differential programs: 3 " in out
