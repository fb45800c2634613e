"""Property test: random ``linalg.generic`` ops (elementwise, broadcast and
reduction; transposed, broadcast and constant-0 indexing maps; f32 and i32;
sum, max and order-dependent bodies), written as MLIR text, parsed,
verified and run by the interpreter, agree with an ``np.einsum``
formulation: the product of the inputs over the iteration space, reduced
over the reduction loops, laid out by the output map, combined with the
init."""

from __future__ import annotations

import string

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from meshc.ir.verifier import verify
from meshc.parser import parse
from meshc.runtime.interpreter import Interpreter

LETTERS = string.ascii_lowercase


@st.composite
def generics(draw):
    n = draw(st.integers(1, 3))
    sizes = draw(st.lists(st.integers(1, 4), min_size=n, max_size=n))
    kinds = draw(st.lists(st.sampled_from(["parallel", "reduction"]), min_size=n, max_size=n))
    n_in = draw(st.integers(1, 2))
    inputs = []  # per input: list of loop index or ("const", size)
    for _ in range(n_in):
        loops = draw(st.permutations(range(n)))
        keep = draw(st.integers(0, n))
        results: list = list(loops[:keep])
        if draw(st.booleans()):
            results.insert(draw(st.integers(0, len(results))), ("const", draw(st.integers(1, 3))))
        inputs.append(results)
    named = {d for res in inputs for d in res if not isinstance(d, tuple)}
    for d in range(n):  # a reduction loop must be read by some input (its size comes from there)
        if kinds[d] == "reduction" and d not in named:
            inputs[0].append(d)
    out = list(draw(st.permutations([d for d in range(n) if kinds[d] == "parallel"])))
    return {
        "n": n, "sizes": sizes, "kinds": kinds, "inputs": inputs, "out": out,
        "dtype": draw(st.sampled_from(["f32", "i32"])),
        "body": draw(st.sampled_from(["sum", "max", "ordered"])),
        "scaled": draw(st.booleans()),
        "seed": draw(st.integers(0, 2 ** 16)),
    }


def _expr(r) -> str:
    return "0" if isinstance(r, tuple) else f"d{r}"


def _shape(results, sizes) -> tuple[int, ...]:
    return tuple(r[1] if isinstance(r, tuple) else sizes[r] for r in results)


def _type(shape, et) -> str:
    return "tensor<" + "".join(f"{s}x" for s in shape) + et + ">"


def program(g) -> str:
    n, sizes, et = g["n"], g["sizes"], g["dtype"]
    dims = ", ".join(f"d{d}" for d in range(n))
    maps = [f"affine_map<({dims}) -> ({', '.join(_expr(r) for r in res)})>" for res in g["inputs"]]
    maps.append(f"affine_map<({dims}) -> ({', '.join(f'd{d}' for d in g['out'])})>")
    in_types = [_type(_shape(res, sizes), et) for res in g["inputs"]]
    out_type = _type(tuple(sizes[d] for d in g["out"]), et)
    f = et.startswith("f")
    mul, add, mx, sub = ("arith.mulf", "arith.addf", "arith.maximumf", "arith.subf") if f else \
        ("arith.muli", "arith.addi", "arith.maxsi", "arith.subi")
    args = ", ".join(f"%a{k}: {t}" for k, t in enumerate(in_types))
    block_args = ", ".join(f"%x{k}: {et}" for k in range(len(in_types))) + f", %o: {et}"
    body = []
    value = "%x0"
    if len(in_types) == 2:
        body.append(f"%p = {mul} %x0, %x1 : {et}")
        value = "%p"
    if g["scaled"]:
        body += [f"%two = arith.constant {'2.0' if f else '2'} : {et}", f"%q = {mul} {value}, %two : {et}"]
        value = "%q"
    if g["body"] == "sum":
        body.append(f"%r = {add} {value}, %o : {et}")
    elif g["body"] == "max":
        body.append(f"%r = {mx} %o, {value} : {et}")
    else:  # out - (0 - f): the same sum, but subf/subi is no combiner, so the reduction runs in order
        body += [f"%zero = arith.constant {'0.0' if f else '0'} : {et}", f"%neg = {sub} %zero, {value} : {et}",
                 f"%r = {sub} %o, %neg : {et}"]
    iters = ", ".join(f'"{k}"' for k in g["kinds"])
    lines = [
        f"func.func @main({args}, %init: {out_type}) -> {out_type} {{",
        f"  %g = linalg.generic {{indexing_maps = [{', '.join(maps)}], iterator_types = [{iters}]}}",
        f"      ins({', '.join(f'%a{k}' for k in range(len(in_types)))} : {', '.join(in_types)})"
        f" outs(%init : {out_type}) {{",
        f"  ^bb0({block_args}):",
        *(f"    {line}" for line in body),
        f"    linalg.yield %r : {et}",
        f"  }} -> {out_type}",
        f"  return %g : {out_type}",
        "}",
    ]
    return "\n".join(lines)


def reference(g, arrays, init):
    """np.einsum over the iteration space, reduced, transposed, combined."""
    n, sizes = g["n"], g["sizes"]
    operands, specs = [], []
    for x, res in zip(arrays, g["inputs"]):
        index = tuple(0 if isinstance(r, tuple) else slice(None) for r in res)
        operands.append(x[index])  # a constant-0 result reads index 0 only
        specs.append("".join(LETTERS[r] for r in res if not isinstance(r, tuple)))
    present = sorted({d for s in specs for d in (LETTERS.index(c) for c in s)})
    full = np.einsum(",".join(specs) + "->" + "".join(LETTERS[d] for d in present), *operands)
    full = full.reshape([sizes[d] if d in present else 1 for d in range(n)])
    full = np.broadcast_to(full, sizes)  # loops read by no input broadcast
    if g["scaled"]:
        full = full * full.dtype.type(2)
    red = tuple(d for d in range(n) if g["kinds"][d] == "reduction")
    par = [d for d in range(n) if g["kinds"][d] == "parallel"]
    if g["body"] == "max":
        reduced = np.max(full, axis=red) if red else full
    else:
        reduced = np.sum(full, axis=red, dtype=full.dtype) if red else full
    laid_out = np.transpose(reduced, [par.index(d) for d in g["out"]])
    return np.maximum(laid_out, init) if g["body"] == "max" else laid_out + init


@settings(max_examples=120, deadline=None)
@given(generics())
def test_random_generic_agrees_with_einsum(g):
    text = program(g)
    module = parse(text, "generic.mlir")
    verify(module)
    rng = np.random.default_rng(g["seed"])
    dt = np.float32 if g["dtype"] == "f32" else np.int32

    def sample(shape):
        if dt == np.float32:  # multiples of 1/16: every product and sum here is exact in f32
            return (rng.integers(-32, 32, shape) / 16).astype(dt)
        return rng.integers(-8, 8, shape).astype(dt)

    arrays = [sample(_shape(res, g["sizes"])) for res in g["inputs"]]
    init = sample(tuple(g["sizes"][d] for d in g["out"]))
    (got,) = Interpreter(module).call("main", arrays + [init])
    want = reference(g, arrays, init)
    assert got.dtype == dt and got.shape == init.shape, text
    np.testing.assert_array_equal(got, want.astype(dt), err_msg=text)
