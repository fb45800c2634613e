"""Run a generated program under every reshard strategy and partition form and compare with the
reference interpreter (issue 10, differential testing).

For a :class:`tests.difftest.gen.Case`: parse it (a parse or verify error is a generator
bug), bind random inputs (:func:`meshc.runtime.io.random_inputs`, seeded), run the unsharded
program on the reference interpreter once, then for each ``(strategy, form)`` of
:data:`COMBOS`:

1. compile a clone with the unrolled default pipeline (:data:`meshc.passes.registry.UNROLLED_PIPELINE`)
   whose ``reshard`` and ``partition`` get the strategy and form, ``--verify-each`` on. A
   dynamic mesh is specialized after ``partition`` (so the per-device index arithmetic on
   ``mesh.mesh_shape`` is what runs), plus once up front as ``meshc run --mesh-shape`` does
   (:func:`plans`);
2. build the schedules, run them on the threaded runtime (one thread per simulated device, a
   short collective timeout) and reassemble the results (:func:`meshc.api.run_compiled`, what
   ``meshc run`` does);
3. compare with the reference (floats ``|got - want| <= tol + tol * |want|`` with the case's
   tolerance: 1e-4 for f32, 2e-2 for f16, 1e-9 for f64; integers exactly).

Each run ends in one :class:`Outcome`:

* ``ok``;
* ``rejected``: a located :class:`~meshc.ir.DiagnosticError` while compiling -- an
  unsupported construct (e.g. a reshape of a split dim, :mod:`meshc.passes.partition`);
  counted apart, with a signature of the message (:func:`signature`);
* ``bug``, of kind ``mismatch`` (wrong values; ``detail`` says whether the compiled module
  run sequentially on the reference interpreter agrees with the runtime or with the
  reference: a backend/runtime or a compiler bug), ``crash`` (any other exception while
  compiling, :class:`~meshc.passes.manager.PassCrash` included), ``invalid-ir`` (a pass
  produced IR that does not verify: the pass manager names it), ``schedule`` (the backend
  built schedules that do not validate), ``internal`` (a located error whose message says
  ``internal``), ``runtime`` (the compiled program failed on the simulated devices: a
  program the pipeline accepts must run).
"""

from __future__ import annotations

import re
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

import meshc.api as mc
from meshc.ir.location import DiagnosticError
from meshc.passes.registry import UNROLLED_PIPELINE

STRATEGIES = ("collectives", "peer", "auto")
FORMS = ("for_all", "for_one")
COMBOS: tuple[tuple[str, str], ...] = tuple((s, f) for s in STRATEGIES for f in FORMS)
#: The default ``meshc run`` path: the SPMD template instantiated per device (docs/pipeline.md stage 6s),
#: compiled with the default pipeline (no ``-p``).
SPMD_COMBO: tuple[str, str] = ("spmd", "for_all")
#: What :func:`check_case` runs on the threaded runtime by default: every combo unrolled, then the SPMD path.
DEFAULT_COMBOS: tuple[tuple[str, str], ...] = COMBOS + (SPMD_COMBO,)

#: default comparison tolerance (rtol = atol; a case's own ``tolerance`` wins)
RTOL = 1e-4
#: seconds a simulated device waits at a collective before the run fails (the programs are tiny)
RUN_TIMEOUT = 10.0


def pipeline_text(strategy: str, form: str, late_shape: Optional[Sequence[int]] = None) -> str:
    """The unrolled default pipeline (:data:`meshc.passes.registry.UNROLLED_PIPELINE`) with
    ``reshard{strategy=...}`` and ``partition{form=...}``; with
    ``late_shape`` the dynamic mesh ``@m`` is specialized only after ``partition`` (its per-device
    bodies compute shard offsets and sizes from ``mesh.mesh_shape`` at run time; ``unroll`` then
    instantiates them for that shape, as the runtime does for a dynamic mesh)."""
    out = []
    for p in UNROLLED_PIPELINE:
        if p == "reshard":
            p = f"reshard{{strategy={strategy}}}"
        elif p == "partition":
            p = f"partition{{form={form}}}"
            if late_shape is not None:
                p += f",specialize-mesh{{shapes=m={'x'.join(map(str, late_shape))}}}"
        out.append(p)
    return ",".join(out)


def plans(case, combos: Sequence[tuple[str, str]] = COMBOS) -> list[tuple[tuple[str, str], str, Any]]:
    """``(label, pipeline, mesh_shape)`` of every compile of ``case``: each combo; on a dynamic mesh each
    combo specializes the mesh after partition (label ``form/late``), plus one run specialized up front
    (``--mesh-shape``, what ``meshc run`` does); :data:`SPMD_COMBO` last, with pipeline None (the
    default pipeline's SPMD path, as ``meshc run`` without ``-p``)."""
    shape = case.mesh.run_shape()
    spmd = [(SPMD_COMBO, None, shape)] if SPMD_COMBO in combos else []  # pipeline None: the SPMD path
    combos = [c for c in combos if c != SPMD_COMBO]
    if case.mesh.is_static:
        return [(c, pipeline_text(*c), shape) for c in combos] + spmd
    out = [((s, f + "/late"), pipeline_text(s, f, case.mesh.sizes), None) for s, f in combos]
    return out + [(("auto", "for_all"), pipeline_text("auto", "for_all"), shape)] + spmd


@dataclass
class Outcome:
    """How one compile-and-run ended (module docstring): ``status`` ok / rejected / bug, ``kind``
    (the bug kind, or the rejection :func:`signature`), ``detail`` (message or traceback)."""

    combo: tuple[str, str]
    status: str
    kind: str = ""
    detail: str = ""
    seconds: float = 0.0


@dataclass
class CaseResult:
    """The outcomes of one case, one per combo."""

    case: Any
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def bugs(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status == "bug"]

    @property
    def status(self) -> str:
        """``bug`` if any run found one, else ``ok`` if any ran, else ``rejected``."""
        kinds = {o.status for o in self.outcomes}
        return "bug" if "bug" in kinds else "ok" if "ok" in kinds else "rejected"

    def report(self) -> str:
        lines = [f"program ({self.case.mesh.num_devices} devices, ops {', '.join(self.case.ops)}):", str(self.case)]
        for o in self.outcomes:
            if o.status != "ok":
                lines.append(f"[{o.combo[0]}, {o.combo[1]}] {o.status} {o.kind}: {o.detail}")
        return "\n".join(lines)


#: Located compile errors the pipeline gives by design (documented limitations), by a piece of the message:
#: ops whose static shapes live in attributes are partitioned only when replicated
#: (meshc/passes/partition.py), calls of per-device functions are not scheduled.
BY_DESIGN = ("keeps static shapes in its attributes", "calls of per-device functions")


def by_design(signature_or_message: str) -> bool:
    """True for a rejection listed in :data:`BY_DESIGN`."""
    return any(b in signature_or_message for b in BY_DESIGN)


_NUMBERS = re.compile(r"\b\d+\b")
_NAMES = re.compile(r"%[\w.#]+")
_TYPES = re.compile(r"tensor<[^<>]*(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>[^<>]*)*>")  # two levels of <...> inside
_SHARDINGS = re.compile(r"<@[^>]*>")


def signature(message: str) -> str:
    """A rejection's message without numbers, value names, types and shardings (groups alike
    rejections in the figures)."""
    text = message.split("\n")[0]
    text = re.sub(r"^\S+:\d+:\d+: error: ", "", text)
    for pattern, repl in ((_TYPES, "T"), (_SHARDINGS, "S"), (_NAMES, "%v"), (_NUMBERS, "N")):
        text = pattern.sub(repl, text)
    return text[:140]


def classify_compile_error(err: DiagnosticError) -> tuple[str, str]:
    """``(status, kind)`` of a DiagnosticError raised while compiling: a schedule that does not
    validate, IR that does not verify after a pass or an internal error are bugs; the rest are
    located rejections.

    Raises:
        AssertionError: a malformed pipeline (a bug of this tester).
    """
    from meshc.backend.schedule import ScheduleError
    from meshc.passes.pipeline import PipelineError

    if isinstance(err, PipelineError):
        raise AssertionError(f"bad pipeline text: {err}")
    message = str(err)
    if isinstance(err, ScheduleError):
        return "bug", "schedule"
    if "produced invalid IR" in message:
        return "bug", "invalid-ir"
    if "internal" in message.lower():
        return "bug", "internal"
    return "rejected", signature(message)


#: Targets a compiled program runs on: ``threads`` (the simulated devices of the threaded runtime) and
#: ``iree`` (one IREE module for the mesh on local IREE devices, docs/iree.md; needs the iree extra).
TARGETS = ("threads", "iree")
#: The one combo a program is compiled with for the ``iree`` target (iree-compile takes seconds a module).
IREE_COMBOS: tuple[tuple[str, str], ...] = (("auto", "for_all"),)


def run_compiled(compiled, bound, hooks: Any = None, target: str = "threads", **options: Any) -> list:
    """The outputs of ``compiled`` run on ``target`` (:data:`TARGETS`; :func:`meshc.api.run_compiled`,
    the path of ``meshc run``), in the unsharded shapes."""
    options.setdefault("timeout", RUN_TIMEOUT)
    if target == "iree":
        from meshc.runtime.iree_backend import IreeBackend

        backend = IreeBackend()
        try:
            return mc.run_compiled(compiled, bound, hooks=hooks, backend=backend, **options).outputs
        finally:
            backend.close()
    if target != "threads":
        raise ValueError(f"unknown difftest target '{target}' (known: {', '.join(TARGETS)})")
    return mc.run_compiled(compiled, bound, hooks=hooks, **options).outputs


def _mismatch(got: Sequence[Any], want: Sequence[Any], tol: float = RTOL) -> Optional[str]:
    from meshc.runtime.io import compare

    rows = compare(list(got), {f"result{i}": w for i, w in enumerate(want)}, rtol=tol, atol=tol)
    bad = [c for c in rows if not c.ok]
    if not bad:
        return None
    return "; ".join(f"{c.name}: max abs err {c.max_abs:.3g}" + (f" ({c.note})" if c.note else "") for c in bad)


def check_case(case, combos: Optional[Sequence[tuple[str, str]]] = None, target: str = "threads") -> CaseResult:
    """Every combo of ``case`` (module docstring) run on ``target`` (:data:`TARGETS`; default combos:
    :data:`DEFAULT_COMBOS`: every combo unrolled and the SPMD path; :data:`IREE_COMBOS` on ``iree``). On ``iree`` a located error of the IREE emitter
    (:class:`meshc.backend.iree_emit.IreeEmitError`: a construct the backend does not lower, named)
    counts as a rejection, with its signature.

    Raises:
        AssertionError: the generated text does not parse or verify, or the reference
            interpreter fails on it (a generator bug, never counted as a meshc bug).
    """
    try:
        module = mc.parse(case.text, "difftest.mlir")
        bound = mc.bind_entry(module, random_seed=case.seed)
        want = mc.run_bound(module, bound).outputs
    except DiagnosticError as err:
        raise AssertionError(f"the generator made a program meshc does not accept as input: {err}\n{case}") from None
    if combos is None:
        combos = IREE_COMBOS if target == "iree" else DEFAULT_COMBOS
    result = CaseResult(case)
    for combo, pipeline, shape in plans(case, combos):
        t0 = time.perf_counter()
        try:
            compiled = mc.compile(module.clone(), pipeline, shape, entry="main")
        except DiagnosticError as err:
            status, kind = classify_compile_error(err)
            result.outcomes.append(Outcome(combo, status, kind, str(err), time.perf_counter() - t0))
            continue
        except Exception:  # noqa: BLE001 - a crash of the compiler is what we look for
            result.outcomes.append(Outcome(combo, "bug", "crash", traceback.format_exc(limit=8),
                                           time.perf_counter() - t0))
            continue
        try:
            got = run_compiled(compiled, bound, target=target)
        except Exception as err:  # noqa: BLE001 - an accepted program must run
            if target == "iree" and _iree_rejection(err):
                result.outcomes.append(Outcome(combo, "rejected", "iree: " + signature(str(err)), str(err),
                                               time.perf_counter() - t0))
                continue
            detail = str(err) if isinstance(err, DiagnosticError) else traceback.format_exc(limit=8)
            kind = ("iree-compile" if target == "iree" and ("iree-compile rejected" in detail
                                                            or "iree-compile crashed" in detail) else "runtime")
            result.outcomes.append(Outcome(combo, "bug", kind, detail, time.perf_counter() - t0))
            continue
        bad = _mismatch(got, want, getattr(case, "tolerance", RTOL))
        if bad is None:
            result.outcomes.append(Outcome(combo, "ok", seconds=time.perf_counter() - t0))
            continue
        where = _where(compiled, bound, want, getattr(case, "tolerance", RTOL))
        result.outcomes.append(Outcome(combo, "bug", "mismatch", bad + "; " + where,
                                       time.perf_counter() - t0))
    return result


def _iree_rejection(err: Exception) -> bool:
    """True for a located error of the IREE emitter (a construct it names as not lowered)."""
    from meshc.backend.iree_emit import IreeEmitError

    return isinstance(err, IreeEmitError) and "schedule bug" not in str(err)


def _where(compiled, bound, want, tol: float) -> str:
    """Which side is wrong: the compiled module run sequentially by the reference interpreter
    agrees with the reference (a backend/runtime bug) or not (a compiler bug)."""
    try:
        seq = mc.run_reference(compiled.module, bound.arrays, entry="main").outputs
    except DiagnosticError as err:
        return f"the compiled module fails on the reference interpreter: {str(err).splitlines()[0]}"
    if _mismatch(seq, want, tol) is None:
        return "the compiled module is right on the reference interpreter: a backend/runtime bug"
    return "the compiled module is wrong on the reference interpreter too: a compiler bug"


@dataclass
class Tally:
    """Figures of a differential run: programs by status, runs by status, rejection
    signatures, bug kinds, op kinds, meshes and element types covered."""

    programs: Counter = field(default_factory=Counter)
    runs: Counter = field(default_factory=Counter)
    rejections: Counter = field(default_factory=Counter)
    bug_kinds: Counter = field(default_factory=Counter)
    ops: Counter = field(default_factory=Counter)
    meshes: Counter = field(default_factory=Counter)
    dtypes: Counter = field(default_factory=Counter)
    failures: list = field(default_factory=list)
    seconds: float = 0.0

    def add(self, r: CaseResult) -> None:
        self.programs[r.status] += 1
        for o in r.outcomes:
            self.runs[o.status] += 1
            self.seconds += o.seconds
            if o.status == "rejected":
                self.rejections[o.kind] += 1
            elif o.status == "bug":
                self.bug_kinds[o.kind] += 1
        for k in set(r.case.ops):
            self.ops[k] += 1
        self.dtypes[getattr(r.case, "dtype", "?")] += 1
        m = r.case.mesh
        self.meshes[f"{len(m.sizes)}-D {'static' if m.is_static else 'dynamic'}"
                     f"{' peered' if m.peered else ''}"] += 1
        if r.bugs:
            self.failures.append(r)

    @property
    def other_rejections(self) -> dict[str, int]:
        """Rejections not in :data:`BY_DESIGN` (each deserves a look: a limitation to document or a bug)."""
        return {sig: n for sig, n in self.rejections.items() if not by_design(sig)}

    @property
    def total(self) -> int:
        return sum(self.programs.values())

    def lines(self) -> list[str]:
        total_runs = sum(self.runs.values())
        rejected = self.runs["rejected"]
        out = [f"differential programs: {self.total} ({dict(self.programs)}); runs: {total_runs} "
               f"({dict(self.runs)}); rejection rate {rejected / max(total_runs, 1):.1%} of runs",
               f"  op kinds: {dict(sorted(self.ops.items()))}",
               f"  meshes: {dict(sorted(self.meshes.items()))}",
               f"  element types: {dict(sorted(self.dtypes.items()))}"]
        for sig, n in self.rejections.most_common(8):
            out.append(f"  rejected x{n} ({'by design' if by_design(sig) else 'OTHER'}): {sig}")
        if self.bug_kinds:
            out.append(f"  bugs: {dict(self.bug_kinds)}")
        return out
