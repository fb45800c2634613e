"""Property test: run_generic on random projected-permutation maps agrees
with an np.einsum formulation (elementwise, broadcast and reduction)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from meshc.ir.affine import AffineMap, ConstantExpr, DimExpr
from meshc.kernels import arith as A
from meshc.kernels.generic import run_generic

LETTERS = "abcdefgh"


@st.composite
def generic_case(draw):
    n = draw(st.integers(1, 4))
    sizes = draw(st.lists(st.integers(1, 4), min_size=n, max_size=n))
    reduction = sorted(draw(st.sets(st.integers(0, n - 1), max_size=n - 1)))
    parallel = [d for d in range(n) if d not in reduction]
    n_inputs = draw(st.integers(1, 3))
    inputs = []  # (dims in operand order, zero-result slots {position: size})
    for _ in range(n_inputs):
        dims = draw(st.permutations(range(n)))
        dims = list(dims[:draw(st.integers(0, n))])
        zeros = {}
        if draw(st.booleans()):
            zeros[draw(st.integers(0, len(dims)))] = draw(st.integers(1, 3))
        inputs.append((dims, zeros))
    named = {d for dims, _ in inputs for d in dims}
    missing_reduction = [d for d in reduction if d not in named]
    inputs[0] = (inputs[0][0] + missing_reduction, inputs[0][1])
    out_dims = list(draw(st.permutations(parallel)))
    seed = draw(st.integers(0, 2 ** 31 - 1))
    return n, sizes, reduction, inputs, out_dims, seed


def _operand(rng, dims, zeros, sizes, n):
    """Input data, its map, and the einsum view (constant-0 dims at index 0)."""
    slots = [(d, sizes[d]) for d in dims]
    for pos, size in zeros.items():
        slots.insert(pos, (None, size))
    results = tuple(ConstantExpr(0) if d is None else DimExpr(d) for d, _ in slots)
    data = rng.integers(-4, 5, [size for _, size in slots]).astype(np.float64)  # exact float sums
    view = data[tuple(0 if d is None else slice(None) for d, _ in slots)]
    return data, AffineMap(n, 0, results), view


@settings(max_examples=150, deadline=None)
@given(generic_case())
def test_generic_agrees_with_einsum(case):
    n, sizes, reduction, inputs, out_dims, seed = case
    rng = np.random.default_rng(seed)
    arrays, maps, spec_ins, einsum_args = [], [], [], []
    for dims, zeros in inputs:
        data, m, sliced = _operand(rng, dims, zeros, sizes, n)
        arrays.append(data)
        maps.append(m)
        spec_ins.append("".join(LETTERS[d] for d in dims))
        einsum_args.append(sliced)
    # loops no input names (parallel, broadcast) enter the einsum as ones
    named = {d for dims, _ in inputs for d in dims}
    for d in range(n):
        if d not in named:
            spec_ins.append(LETTERS[d])
            einsum_args.append(np.ones(sizes[d]))
    init = rng.integers(-4, 5, [sizes[d] for d in out_dims]).astype(np.float64)
    maps.append(AffineMap.from_dims(n, out_dims))
    spec = ",".join(spec_ins) + "->" + "".join(LETTERS[d] for d in out_dims)
    product = np.einsum(spec, *einsum_args)
    iterators = ["reduction" if d in reduction else "parallel" for d in range(n)]

    def partial(args, index):
        value = args[0]
        for x in args[1:len(inputs)]:
            value = A.mulf(value, x)
        return [value]

    def body(args, index):
        return [A.addf(partial(args[:len(inputs)], index)[0], args[len(inputs)])]

    expected = init + product if reduction else product
    if not reduction:
        def body(args, index):  # noqa: F811  (elementwise: the output is overwritten)
            return partial(args, index)

    paths = [dict()]
    if reduction:
        paths += [dict(combiners=["addf"], partial_body=partial), dict(combiners=["addf"])]
    for kwargs in paths:
        (result,) = run_generic(arrays, [init], maps, iterators, body, **kwargs)
        np.testing.assert_array_equal(result, expected, err_msg=f"{spec} {iterators} {kwargs}")
