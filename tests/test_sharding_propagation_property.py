"""Property test of sharding-propagation on random chains of elementwise ops, matmuls, reductions and
transposes with random annotations (def or annotate_for_users, split and partial) on random meshes:
propagation terminates with verified IR, is idempotent (a second run changes nothing), and every
value ends with exactly one sharding, valid for its rank on the mesh (as are the shardings of every
resharding point); distribute-types then gives every tensor a typed sharding that verifies."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meshc.dialects.mesh import ShardOp, sharding_of
from meshc.interfaces.annotations import functions, value_shardings
from meshc.ir import print_op, verify
from meshc.ir.types import TensorType
from meshc.parser import parse
from meshc.passes.manager import PassManager
from meshc.sharding import Mesh

MESHES = [(2,), (4,), (2, 2), (2, 3), (None,), (None, 2)]
SIZES = [4, 6, 8, 12]


def _ty(shape) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + "f32>"


@st.composite
def sharding_text(draw, rank: int, mesh_rank: int, allow_partial: bool) -> str:
    """A valid sharding of a rank-``rank`` tensor: each mesh axis splits one dim, is partial, or is unused."""
    split: list[list[int]] = [[] for _ in range(rank)]
    partial: list[int] = []
    for axis in draw(st.permutations(list(range(mesh_rank)))):
        where = draw(st.integers(-2 if allow_partial else -1, rank - 1))
        if where >= 0:
            split[where].append(axis)
        elif where == -2:
            partial.append(axis)
    text = "[" + ", ".join("[" + ", ".join(map(str, a)) + "]" for a in split) + "]" if rank else "[[]]"
    if partial:
        text += f", partial = {draw(st.sampled_from(['sum', 'max']))}[" + ", ".join(map(str, partial)) + "]"
    return text


@st.composite
def programs(draw) -> tuple[str, tuple]:
    mesh_shape = draw(st.sampled_from(MESHES))
    rank = len(mesh_shape)
    args: list[tuple[str, tuple]] = []
    body: list[str] = []
    values: list[tuple[str, tuple]] = []
    counter = [0]

    def fresh(prefix: str) -> str:
        counter[0] += 1
        return f"%{prefix}{counter[0]}"

    def new_arg(shape) -> str:
        name = f"%a{len(args)}"
        args.append((name, shape))
        values.append((name, shape))
        return name

    def init(shape) -> str:
        e, f = fresh("e"), fresh("f")
        body.append(f"{e} = tensor.empty() : {_ty(shape)}")
        body.append(f"{f} = linalg.fill ins(%zero : f32) outs({e} : {_ty(shape)}) -> {_ty(shape)}")
        return f

    def pick(filter_rank=None) -> tuple[str, tuple]:
        pool = [v for v in values if filter_rank is None or len(v[1]) == filter_rank]
        if not pool:
            return new_arg(tuple(draw(st.sampled_from(SIZES)) for _ in range(filter_rank or 2))), None
        return draw(st.sampled_from(pool))

    body.append("%zero = arith.constant 0.0 : f32")
    new_arg((draw(st.sampled_from(SIZES)), draw(st.sampled_from(SIZES))))
    for _ in range(draw(st.integers(1, 7))):
        kind = draw(st.sampled_from(["add", "exp", "matmul", "reduce", "transpose"]))
        name, shape = pick(None if kind in ("add", "exp") else 2)
        if shape is None:
            name, shape = values[-1]
        out = fresh("v")
        if kind == "exp":
            body.append(f"{out} = math.exp {name} : {_ty(shape)}")
            result = shape
        elif kind == "add":
            same = [v for v in values if v[1] == shape]
            other = draw(st.sampled_from(same)) if same and draw(st.booleans()) else (new_arg(shape), shape)
            body.append(f"{out} = arith.addf {name}, {other[0]} : {_ty(shape)}")
            result = shape
        elif kind == "matmul":
            n = draw(st.sampled_from(SIZES))
            rhs = new_arg((shape[1], n))
            result = (shape[0], n)
            acc = init(result)
            body.append(f"{out} = linalg.matmul ins({name}, {rhs} : {_ty(shape)}, {_ty((shape[1], n))}) "
                        f"outs({acc} : {_ty(result)}) -> {_ty(result)}")
        elif kind == "reduce":
            dim = draw(st.integers(0, 1))
            result = (shape[1 - dim],)
            acc = init(result)
            combiner = draw(st.sampled_from(["addf", "maximumf"]))
            body.append(f"{out} = linalg.reduce {{ arith.{combiner} }} ins({name} : {_ty(shape)}) "
                        f"outs({acc} : {_ty(result)}) dimensions = [{dim}]")
        else:
            result = (shape[1], shape[0])
            acc = init(result)
            body.append(f"{out} = linalg.transpose ins({name} : {_ty(shape)}) outs({acc} : {_ty(result)}) "
                        "permutation = [1, 0]")
        values.append((out, result))
        if draw(st.integers(0, 2)) == 0:  # annotate the new value, maybe for its users
            annotate = draw(st.booleans())
            s = draw(sharding_text(len(result), rank, allow_partial=not annotate))
            ann = fresh("s")
            body.append(f"{ann} = mesh.shard {out} to <@m, {s}>{' annotate_for_users' if annotate else ''} : "
                        f"{_ty(result)}")
            values.append((ann, result))
    annotated = any("mesh.shard" in line for line in body)
    for i, (name, shape) in enumerate(list(args)):
        if draw(st.integers(0, 2)) == 0 or (i == 0 and not annotated):  # at least one annotation
            s = draw(sharding_text(len(shape), rank, allow_partial=False))
            body.insert(0, f"{fresh('s')} = mesh.shard {name} to <@m, {s}> : {_ty(shape)}")
    last, last_shape = values[-1]
    shape_text = "x".join("?" if d is None else str(d) for d in mesh_shape)
    sig = ", ".join(f"{n}: {_ty(s)}" for n, s in args)
    text = (f"mesh.mesh @m(shape = {shape_text})\n"
            f"func.func @f({sig}) -> {_ty(last_shape)} {{\n  " + "\n  ".join(body)
            + f"\n  return {last} : {_ty(last_shape)}\n}}\n")
    return text, mesh_shape


def _run(text: str) -> str:
    m = parse(text, "random.mlir")
    verify(m)
    PassManager.from_text("sharding-propagation").run(m)  # verifies its output
    return print_op(m)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_propagation_terminates_is_idempotent_and_valid(program):
    text, mesh_shape = program
    once = _run(text)
    assert _run(once) == once
    mesh = Mesh("m", mesh_shape)
    m = parse(once, "once.mlir")
    func = next(functions(m))
    records = value_shardings(func)
    assert records
    for r in records:
        assert r.sharding is not None, f"{r.value.name_hint} has no sharding:\n{once}"
        rank = r.value.type.rank
        r.sharding.to_spec().validate(rank, mesh)
        for _, chain in r.uses:
            for s in chain:
                s.to_spec().validate(rank, mesh)
        assert len([u for u, _ in r.value.uses if isinstance(u, ShardOp) and not u.annotate_for_users]) == 1
    # distribute-types turns it into types that every op's verifier accepts (operand/result types agree)
    PassManager.from_text("distribute-types").run(m)
    func = next(functions(m))
    values = list(func.body.args) + [r for op in func.walk() for r in op.results]
    assert all(sharding_of(v.type) is not None for v in values if isinstance(v.type, TensorType))
