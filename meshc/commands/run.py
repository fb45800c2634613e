"""``meshc run``: execute a program and show (or save, or check) its results.

``--reference`` runs the unsharded program on the reference interpreter
(numpy, shardings and data-tiling encodings ignored): the oracle every
sharded run is checked against. The entry function is ``--entry NAME``, or
the module's only public function.

Inputs: ``--inputs F.npz`` binds arrays by argument name when every
argument's name (``%x``) is a key, otherwise by position in the file's key
order (exported models name their inputs differently); ``--input NAME=F.npy``
binds one argument by name or position; ``--random-inputs --seed N`` makes
them up (floats in [-1, 1) on a 1/256 grid, integers in [-8, 8)).
``--parameters SCOPE=F.npz`` supplies the data of globals initialised with
``#stream.parameter.named<"SCOPE"::"KEY">`` (IREE parameter archives).
meshc prints which binding rule it used.

Outputs: ``result0``, ``result1``, ... summarised on screen (type, shape,
dtype, sum and CRC-32 of the bytes, the values when at most 16 elements) and
written to ``-o OUT.npz`` atomically. ``--expected F.npz`` compares them
(keys ``result<i>``, else by position; floats ``|got - want| <= atol + rtol *
|want|``, ``--atol-scale`` multiplying atol by ``max|want|``; integers
exactly) and exits 1 on a mismatch, printing the max abs/rel error per
output. ``--repeat N`` calls the entry function N times in one process
(initializers run once) and reports the time per call.

Errors (exit 1, never a traceback): a missing or extra input, a shape or
dtype that does not match the signature, an unreadable file, an op without a
kernel (named and located), an out-of-bounds slice.
"""

from __future__ import annotations

import sys
from typing import Any, Optional

import click

from meshc.commands._common import (EXIT_USER_ERROR, MeshcCommand, check_output_path, mesh_shape_option,
                                    parse_mesh_shapes, read_input)

SMALL = 16  # print the values of outputs with at most this many elements


def _split_assignment(value: str, option: str) -> tuple[str, str]:
    name, sep, path = value.partition("=")
    if not sep or not path:
        raise click.BadParameter(f"'{value}' is not NAME=FILE", param_hint=f"'{option}'")
    return name.strip(), path.strip()


@click.command(name="run", cls=MeshcCommand)
@click.argument("input_path", metavar="INPUT")
@click.option("--reference", is_flag=True,
              help="Run the unsharded program on the reference interpreter (numpy).")
@click.option("--entry", default=None, metavar="NAME", help="Function to run (default: the only public one).")
@click.option("--inputs", "inputs_path", default=None, metavar="FILE.npz",
              help="Input arrays: by argument name when every name is a key, else by position.")
@click.option("--input", "single_inputs", multiple=True, metavar="NAME=FILE.npy",
              help="One argument (by name or 0-based position) from a .npy file (repeatable).")
@click.option("--random-inputs", is_flag=True, help="Generate the inputs (see --seed).")
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of --random-inputs.")
@click.option("--parameters", "parameter_files", multiple=True, metavar="SCOPE=FILE.npz",
              help="Data of #stream.parameter.named<\"SCOPE\"::\"KEY\"> globals (repeatable).")
@click.option("-o", "--output", default=None, metavar="OUT.npz", help="Write result0, result1, ... to OUT.npz.")
@click.option("--expected", "expected_path", default=None, metavar="FILE.npz",
              help="Compare the outputs with these arrays; exit 1 on a mismatch.")
@click.option("--rtol", default=1e-4, show_default=True, type=float, help="Relative tolerance of --expected.")
@click.option("--atol", default=1e-5, show_default=True, type=float, help="Absolute tolerance of --expected.")
@click.option("--atol-scale", is_flag=True, help="Multiply --atol by max|expected| (per output).")
@click.option("--repeat", default=1, show_default=True, type=click.IntRange(min=1),
              help="Call the entry function N times; report the time per call.")
@mesh_shape_option
def command(input_path: str, reference: bool, entry: Optional[str], inputs_path: Optional[str],
            single_inputs: tuple[str, ...], random_inputs: bool, seed: int, parameter_files: tuple[str, ...],
            output: Optional[str], expected_path: Optional[str], rtol: float, atol: float, atol_scale: bool,
            repeat: int, mesh_shape: tuple[str, ...]) -> None:
    """Compile and execute on simulated devices (or the reference interpreter)."""
    from meshc.ir.location import DiagnosticError

    if not reference:
        raise DiagnosticError("the multi-device runtime is not available in this build; run the unsharded "
                              "program with --reference")
    if random_inputs and (inputs_path or single_inputs):
        raise click.UsageError("--random-inputs cannot be combined with --inputs/--input")
    import meshc.api as mc
    from meshc.runtime.interpreter import Device
    from meshc.runtime.io import load_array, load_npz, write_outputs

    protect = [p for p in (inputs_path, expected_path, input_path) if p]
    protect += [_split_assignment(i, "--input")[1] for i in single_inputs]
    protect += [_split_assignment(i, "--parameters")[1] for i in parameter_files if "=" in i]
    if output:
        for path in protect:  # before any work: never write the outputs over an input
            check_output_path(output, path)
    text, name = read_input(input_path)
    module = mc.parse(text, name)
    npz = load_npz(inputs_path) if inputs_path else None
    named = {}
    for item in single_inputs:
        key, path = _split_assignment(item, "--input")
        named[key] = load_array(path)
    parameters: dict[str, dict[str, Any]] = {}
    for item in parameter_files:
        scope, path = _split_assignment(item, "--parameters") if "=" in item else ("", item)
        parameters.setdefault(scope, {}).update(load_npz(path))
    expected = load_npz(expected_path) if expected_path else None
    device = Device(mesh_shapes=parse_mesh_shapes(mesh_shape))
    bound = mc.bind_entry(module, npz, entry, seed if random_inputs else None, named or None)
    _print_binding(bound, inputs_path)
    result = mc.run_bound(module, bound, repeat, parameters, device)
    for i, value in enumerate(result.outputs):
        click.echo(f"result{i}: {summary(value)}")
    if repeat > 1:
        click.echo(f"time: {result.seconds_per_call * 1e3:.3f} ms per call (median of {repeat} calls; "
                   f"min {min(result.times) * 1e3:.3f} ms)")
    if output:
        write_outputs(output, result.outputs, protect=protect)
        click.echo(f"wrote {len(result.outputs)} output(s) to {output}")
    if expected is not None:
        if not _check(result.outputs, expected, expected_path or "", rtol, atol, atol_scale):
            sys.exit(EXIT_USER_ERROR)


def _print_binding(bound, inputs_path: Optional[str]) -> None:
    name = bound.func.sym_name
    if not bound.arg_names:
        click.echo(f"@{name}: no arguments")
        return
    where = f" from {inputs_path}" if inputs_path else ""
    click.echo(f"@{name}: inputs bound {bound.rule}{where}")
    for arg, src in zip(bound.arg_names, bound.sources):
        if src:
            click.echo(f"  %{arg} <- {src}")


def summary(value: Any) -> str:
    """One line about an output: shape, dtype, sum, CRC-32 of the bytes and
    the values when small."""
    import zlib

    import numpy as np

    a = np.asarray(value)
    crc = zlib.crc32(a.tobytes())
    with np.errstate(all="ignore"):
        total = float(np.sum(a.astype(np.float64))) if a.size else 0.0
    line = f"shape {list(a.shape)} {a.dtype} sum={total:.6g} crc32={crc:08x}"
    if a.size <= SMALL:
        shown = a.astype(np.float64) if a.dtype.kind == "V" else a  # bf16/f8 (ml_dtypes)
        values = np.array2string(shown, separator=", ", threshold=SMALL)
        line += f" values={' '.join(values.split())}"
    return line


def _check(outputs, expected, path: str, rtol: float, atol: float, atol_scale: bool) -> bool:
    from meshc.runtime.io import compare

    rows = compare(outputs, expected, rtol=rtol, atol=atol, atol_scale=atol_scale)
    tol = f"rtol {rtol:g}, atol {atol:g}" + (" x max|expected|" if atol_scale else "")
    click.echo(f"compare with {path} ({tol}):")
    for c in rows:
        status = "ok" if c.ok else "MISMATCH"
        note = f" ({c.note})" if c.note else ""
        click.echo(f"  {c.name}: {status} max abs err {c.max_abs:.3g} max rel err {c.max_rel:.3g}{note}")
    bad = [c for c in rows if not c.ok]
    if bad:
        click.echo(f"error: {len(bad)} of {len(rows)} output(s) differ from {path}", err=True)
        return False
    return True
