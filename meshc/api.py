"""meshc's Python API; the CLI commands are thin wrappers over it.

    import meshc.api as mc
    m = mc.parse("prog.mlir")                    # or IR text
    r = mc.run_reference(m, {"x": x})            # unsharded, numpy
    r.outputs[0]

Errors raise :class:`meshc.ir.DiagnosticError` carrying the located
diagnostic(s).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Sequence, Union

from meshc.ir.core import Operation
from meshc.ir.location import DiagnosticError


def parse(text_or_path: str, filename: Optional[str] = None) -> Operation:
    """Parse IR text, or the file at that path, into a verified module.

    Raises:
        DiagnosticError: unreadable file, malformed IR, or invalid IR.
    """
    from meshc.ir.verifier import verify
    from meshc.parser import parse as parse_text
    from meshc.parser import parse_file

    if filename is None and "\n" not in text_or_path and (
            text_or_path.endswith(".mlir") or os.path.exists(text_or_path)):
        module = parse_file(text_or_path)
    else:
        module = parse_text(text_or_path, filename or "<string>")
    verify(module)
    return module


@dataclass
class RunResult:
    """Outputs of one run, in result order, plus what was measured.

    ``seconds_per_call`` is wall time per call of the entry function (median
    over ``repeat``; ``times`` holds every call); ``binding`` says how inputs
    were bound (``by name``, ``by position``, ``random (seed N)``) and
    ``sources`` where each argument came from; ``kernels`` counts kernels
    executed by op name (all calls).
    """

    outputs: list[Any]
    entry: str
    binding: str = ""
    seconds_per_call: float = 0.0
    kernels: dict[str, int] = field(default_factory=dict)
    stats: Any = None
    sources: list[str] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    arg_names: list[Optional[str]] = field(default_factory=list)


def entry_args(func) -> list:
    """ArgSpecs (name, type) of a function's arguments."""
    from meshc.runtime.io import ArgSpec

    names = [a.name_hint for a in func.body.args] if not func.is_declaration else []
    return [ArgSpec(names[i] if i < len(names) else None, t) for i, t in enumerate(func.function_type.inputs)]


@dataclass
class BoundEntry:
    """The entry function and its inputs, checked against its signature:
    ``arrays`` in argument order (scalars as numpy scalars), ``rule`` how
    they were bound, ``sources`` where each came from."""

    func: Operation
    arrays: list[Any]
    rule: str
    sources: list[str]
    arg_names: list[Optional[str]]


def bind_entry(module: Operation, inputs: Union[Sequence[Any], Mapping[str, Any], None] = None,
               entry: Optional[str] = None, random_seed: Optional[int] = None,
               named_inputs: Optional[Mapping[str, Any]] = None) -> BoundEntry:
    """Choose the entry function (``entry``, else the only public one) and
    bind its inputs: ``inputs`` is a list in argument order, or a mapping
    bound by argument name (or by position in key order when the names do
    not match: exported models); ``named_inputs`` binds single arguments by
    name or 0-based position (``--input NAME=F.npy``); ``random_seed``
    generates inputs instead.

    Raises:
        DiagnosticError: no such function, or bad inputs (missing, extra,
            wrong shape or dtype: which argument, expected vs got).
    """
    from meshc.ir.types import TensorType
    from meshc.runtime.interpreter import entry_function
    from meshc.runtime.io import bind_inputs, check_input, random_inputs

    func = entry_function(module, entry)
    specs = entry_args(func)
    sources: list[str] = []
    if random_seed is not None:
        if inputs is not None or named_inputs:
            raise DiagnosticError("give either input arrays or a random seed, not both")
        arrays, rule = random_inputs(specs, random_seed), f"random (seed {random_seed})"
    elif isinstance(inputs, Mapping) or named_inputs:
        bound = bind_inputs(specs, inputs if isinstance(inputs, Mapping) else None, named_inputs)
        arrays, rule, sources = bound.arrays, bound.rule, bound.sources
    elif inputs is None:
        if specs:
            raise DiagnosticError(f"'@{func.sym_name}' takes {len(specs)} arguments ("
                                  + ", ".join(f"%{s.name}: {s.type}" for s in specs) + "): give inputs")
        arrays, rule = [], "none"
    else:
        if len(inputs) != len(specs):
            raise DiagnosticError(f"'@{func.sym_name}' takes {len(specs)} arguments, got {len(inputs)} inputs")
        arrays = [check_input(s, a, i) for i, (s, a) in enumerate(zip(specs, inputs))]
        rule = "by position"
    arrays = [a if isinstance(s.type, TensorType) else np_scalar(a) for s, a in zip(specs, arrays)]
    return BoundEntry(func, arrays, rule, sources, [s.name for s in specs])


def run_bound(module: Operation, bound: BoundEntry, repeat: int = 1, parameters: Optional[dict] = None,
              device: Any = None) -> RunResult:
    """Call ``bound.func`` ``repeat`` times in one reference interpreter
    (initializers run once). ``parameters`` maps a parameter scope to
    ``{key: array}`` (``#stream.parameter.named<"scope"::"key">`` globals);
    ``device`` (:class:`meshc.runtime.interpreter.Device`) answers the SPMD
    ops of a per-device program.

    Raises:
        DiagnosticError: an op that fails or has no kernel (located at the op).
    """
    from meshc.runtime.interpreter import Interpreter

    interp = Interpreter(module, device=device, parameters=parameters)
    name = bound.func.sym_name  # type: ignore[attr-defined]
    times = []
    outputs: list[Any] = []
    for _ in range(max(1, repeat)):
        t0 = time.perf_counter()
        outputs = interp.call(name, bound.arrays)
        times.append(time.perf_counter() - t0)
    ordered = sorted(times)
    return RunResult(outputs, name, bound.rule, ordered[len(ordered) // 2], dict(interp.stats),
                     sources=bound.sources, times=times, arg_names=bound.arg_names)


def run_reference(module: Operation, inputs: Union[Sequence[Any], Mapping[str, Any], None] = None,
                  entry: Optional[str] = None, repeat: int = 1, parameters: Optional[dict] = None,
                  random_seed: Optional[int] = None, named_inputs: Optional[Mapping[str, Any]] = None,
                  device: Any = None) -> RunResult:
    """Run ``module``'s entry function on the reference interpreter:
    :func:`bind_entry` then :func:`run_bound` (see both for the arguments).

    Raises:
        DiagnosticError: bad inputs (missing, extra, wrong shape or dtype),
            or an op that fails or has no kernel (located at the op).
    """
    bound = bind_entry(module, inputs, entry, random_seed, named_inputs)
    return run_bound(module, bound, repeat, parameters, device)


def np_scalar(a: Any) -> Any:
    """A 0-d array as the numpy scalar the interpreter uses for scalar values."""
    import numpy as np

    return np.asarray(a)[()]
