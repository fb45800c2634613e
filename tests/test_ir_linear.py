"""The invariants that keep compile time linear in program size: use lists,
op positions in blocks, the greedy driver's worklist, symbol lookups during
verification, and verify-after-each (on by default, off with
``--verify-each=false``). Only counts are checked here, never times (the
timings are bench/compile_scaling.py's)."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from meshc.ir import F32, I32, Block, Operation, print_op, verify
from meshc.ir.core import lookup_symbol_in, symbol_lookup_cache
from meshc.parser import parse
from meshc.passes.base import Pass, PassContext
from meshc.passes.canonicalize import PATTERNS
from meshc.passes.manager import PassManager, Scheduled, Timing
from meshc.passes.rewrite import GreedyRewriteDriver, RewritePattern


def _op(name: str = "test.op", operands=(), n_results: int = 0) -> Operation:
    return Operation.create(list(operands), [I32] * n_results, name=name)


# ------------------------------------------------------------------ use lists
def test_users_are_distinct_in_first_use_order():
    blk = Block([I32, I32])
    x, y = blk.args
    a = blk.append(_op("test.a", [x, x, y]))
    b = blk.append(_op("test.b", [y, x]))
    c = blk.append(_op("test.c", [x]))
    assert x.users == [a, b, c] and y.users == [a, b]
    assert [(op.name, i) for op, i in x.uses] == [("test.a", 0), ("test.a", 1), ("test.b", 1), ("test.c", 0)]
    a.set_operand(0, y)  # the use moves to the end of y's list; a stays x's first user
    assert x.users == [a, b, c] and y.users == [a, b]
    assert y.uses[-1] == (a, 0)
    a.set_operand(1, y)
    assert x.users == [b, c] and y.users == [a, b]
    b.drop_operands()
    assert x.users == [c] and y.users == [a] and len(y.uses) == 3
    c.set_operands([y, x])
    assert x.users == [c] and y.users == [a, c]


def test_use_list_reads_like_a_list():
    blk = Block([I32])
    (x,) = blk.args
    assert not x.uses and x.uses == [] and len(x.uses) == 0
    a = blk.append(_op("test.a", [x, x]))
    assert x.uses == [(a, 0), (a, 1)] and x.uses[0] == (a, 0) and x.uses[1] == (a, 1)
    assert list(x.uses)[::-1] == [(a, 1), (a, 0)]
    x.uses.clear()
    assert not x.has_uses


def test_replacing_every_use_of_a_shared_value_keeps_the_order():
    blk = Block([I32, I32])
    x, y = blk.args
    users = [blk.append(_op(f"test.u{i}", [x] * (1 + i % 2))) for i in range(50)]
    x.replace_all_uses_with(y)
    assert not x.uses and y.users == users
    assert [i for _, i in y.uses] == [i for k in range(50) for i in range(1 + k % 2)]


# ------------------------------------------------------------------ positions in a block
def _check_positions(blk: Block) -> None:
    for i, op in enumerate(blk.ops):
        assert blk.index_of(op) == i
    for a, b in zip(blk.ops, blk.ops[1:]):
        assert blk.is_before(a, b) and not blk.is_before(b, a)


def test_index_of_after_insert_erase_and_move():
    rng = random.Random(7)
    blk, other = Block(), Block()
    ops = [blk.append(_op(f"test.o{i}")) for i in range(20)]
    _check_positions(blk)
    anchor = ops[10]
    for k in range(200):  # a run of insertions at one place exhausts the free keys there, many times over
        blk.insert(blk.index_of(anchor), _op(f"test.at{k}"))
    _check_positions(blk)
    for k in range(100):
        blk.insert(0, _op(f"test.front{k}"))
        blk.insert(len(blk.ops), _op(f"test.back{k}"))
    _check_positions(blk)
    for step in range(400):
        kind = rng.randrange(5)
        if kind == 0 and blk.ops:
            op = rng.choice(blk.ops)
            blk.remove(op)
            assert op.parent is None
        elif kind == 1 and blk.ops:  # move an op to another block
            op = rng.choice(blk.ops)
            op.detach()
            other.insert(rng.randrange(len(other.ops) + 1), op)
        elif kind == 2 and other.ops:  # and back, after an anchor
            op = rng.choice(other.ops)
            op.detach()
            if blk.ops:
                blk.insert_after(rng.choice(blk.ops), op)
            else:
                blk.append(op)
        elif kind == 3 and blk.ops:
            blk.insert_before(rng.choice(blk.ops), _op(f"test.n{step}"))
        else:
            blk.insert(rng.randrange(-3, len(blk.ops) + 3), _op(f"test.r{step}"))
        if step % 50 == 0:
            _check_positions(blk)
            _check_positions(other)
    _check_positions(blk)
    _check_positions(other)


def test_index_of_survives_the_op_list_being_replaced():
    blk = Block()
    ops = [blk.append(_op(f"test.o{i}")) for i in range(30)]
    blk.ops = list(reversed(ops))  # a pass may reorder the list wholesale (sharding-propagation does)
    _check_positions(blk)
    blk.insert(5, _op("test.new"))
    _check_positions(blk)


def test_index_of_rejects_an_op_of_another_block():
    blk, other = Block(), Block()
    blk.append(_op("test.a"))
    stranger = other.append(_op("test.b"))
    with pytest.raises(ValueError, match="is not in this block"):
        blk.index_of(stranger)
    with pytest.raises(ValueError):
        blk.remove(stranger)


# ------------------------------------------------------------------ the greedy driver's worklist
class CountCalls(RewritePattern):
    """A generic pattern that never matches and counts the ops it is offered."""

    def __init__(self):
        self.calls: dict[str, int] = {}

    def match_and_rewrite(self, op, rewriter) -> bool:
        self.calls[op.name] = self.calls.get(op.name, 0) + 1
        return False


def _chain_of_adds(n: int, duplicate_constants: bool) -> str:
    lines = ["func.func @f(%x: i32) -> i32 {", "  %c = arith.constant 1 : i32"]
    prev = "%x"
    for i in range(n):
        c = "%c"
        if duplicate_constants:
            lines.append(f"  %c{i} = arith.constant 1 : i32")
            c = f"%c{i}"
        lines.append(f"  %a{i} = arith.addi {prev}, {c} : i32")
        prev = f"%a{i}"
    lines += [f"  %s = arith.addi {prev}, %c : i32", "  return %s : i32", "}"]
    return "\n".join(lines) + "\n"


def test_worklist_visits_each_op_once_when_nothing_changes():
    m = parse(_chain_of_adds(40, duplicate_constants=False), "t.mlir")
    before = print_op(m)
    counter = CountCalls()
    driver = GreedyRewriteDriver(m, [p() for p in PATTERNS] + [counter])
    assert driver.run() is False and driver.converged and not driver.changed
    n_ops = sum(1 for _ in m.walk()) - 1  # the module itself is not visited
    assert driver.sweeps == 1 and driver.visits == n_ops
    assert counter.calls == {"func.func": 1, "arith.addi": 41, "func.return": 1}
    assert print_op(m) == before


def test_worklist_does_not_requeue_the_users_a_merged_constant_already_had():
    """40 duplicates of one constant merge into the first: each merge re-queues the one op whose
    operand changed, not the growing list of users of the constant kept. The first sweep reaches the
    fixed point; the confirmation sweep (MLIR's driver has it too) visits every op once more."""
    n = 40
    m = parse(_chain_of_adds(n, duplicate_constants=True), "t.mlir")
    counter = CountCalls()
    driver = GreedyRewriteDriver(m, [p() for p in PATTERNS] + [counter])
    assert driver.run() is True and driver.converged
    verify(m)
    out = print_op(m)
    assert out.count("arith.constant") == 1 and out.count("arith.addi") == n + 1
    assert driver.sweeps == 2
    assert counter.calls["arith.addi"] == 2 * (n + 1)  # once per sweep: no revisit within a sweep
    n_ops = sum(1 for _ in m.walk()) - 1
    assert driver.visits == (n_ops + n) + n_ops  # sweep 1 also visited the n duplicates it erased


# ------------------------------------------------------------------ symbol lookups
def test_symbol_lookup_cache_answers_like_the_scan():
    m = parse("mesh.mesh @a(shape = 2)\nmesh.mesh @b(shape = 4)\nfunc.func @f() {\n  return\n}\n", "t.mlir")
    body = m.body
    names = ["a", "b", "f", "missing"]
    plain = [lookup_symbol_in(body, n) for n in names]
    with symbol_lookup_cache():
        with symbol_lookup_cache():  # nested: shares the outer cache
            assert [lookup_symbol_in(body, n) for n in names] == plain
        assert [m.lookup(n) for n in names] == plain
    assert plain[0].name == "mesh.mesh" and plain[2].name == "func.func" and plain[3] is None
    body.remove(plain[0])  # outside a cache, lookups see changes at once
    assert m.lookup("a") is None


# ------------------------------------------------------------------ verify-each
class Marks(Pass):
    """A pass that changes nothing and says so."""

    name = "test-preserves-all"

    def run(self, op) -> None:
        self.mark_all_preserved()


class Touches(Pass):
    """A pass that does not say whether it changed anything."""

    name = "test-touches"

    def run(self, op) -> None:
        pass


_SRC = "func.func @f(%x: f32) -> f32 {\n  %y = arith.addf %x, %x : f32\n  return %y : f32\n}\n"


@pytest.mark.parametrize("verify_each, runs", [(True, 1 + 2), (False, 1)])
def test_verify_each_is_counted_by_the_timing(verify_each, runs):
    timing = Timing()
    ctx = PassContext()
    items = [Scheduled(Touches(ctx), "test-touches"), Scheduled(Marks(ctx), "test-preserves-all"),
             Scheduled(Touches(ctx), "test-touches #2")]
    PassManager(items, ctx, verify_each=verify_each, timing=timing).run(parse(_SRC, "t.mlir"))
    # the input, then after each pass but the one that preserved everything
    assert timing.count["verify"] == runs


def test_canonicalize_that_changes_nothing_is_not_verified_again():
    timing = Timing()
    PassManager.from_text("canonicalize,cse", timing=timing).run(parse(_SRC, "t.mlir"))
    assert timing.count["verify"] == 1
    timing = Timing()
    src = _SRC.replace("%y = arith.addf %x, %x", "%d = arith.addf %x, %x : f32\n  %y = arith.addf %x, %x")
    PassManager.from_text("canonicalize,cse", timing=timing).run(parse(src, "t.mlir"))
    assert timing.count["verify"] == 2  # canonicalize erased the dead addf; cse found nothing


@pytest.mark.parametrize("flag, runs", [("--verify-each=false", "1"), ("--no-verify-each", "1"),
                                        ("--verify-each=true", "3"), ("--verify-each", "3"), (None, "3"),
                                        ("--verify-each=FALSE", "1"), ("--verify-each=0", "1")])
def test_compile_verify_each_flag(tmp_path, flag, runs):
    from meshc.cli import main

    src = tmp_path / "in.mlir"
    src.write_text(_SRC)
    args = ["compile", str(src), "-p", "sharding-propagation,distribute-types", "--timing"]
    args += [flag] if flag else []
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if " verify " in line)
    assert row.split("│")[3].strip() == runs


def test_verify_each_flag_rejects_a_non_boolean(tmp_path):
    from meshc.cli import main

    src = tmp_path / "in.mlir"
    src.write_text(_SRC)
    for command in ("compile", "run"):
        result = CliRunner().invoke(main, [command, str(src), "--verify-each=sometimes"])
        assert result.exit_code == 1
        assert "'sometimes' is not a boolean (true or false)" in result.output


def test_run_accepts_verify_each_false(tmp_path):
    from meshc.cli import main

    src = tmp_path / "in.mlir"
    src.write_text("mesh.mesh @m(shape = 2)\n" + _SRC.replace("%x: f32", "%x: f32"))
    result = CliRunner().invoke(main, ["run", str(src), "--random-inputs", "--verify-each=false"])
    assert result.exit_code == 0, result.output


# ------------------------------------------------------------------ remembered derived facts
def test_encoding_passes_on_ir_without_data_tiling_are_not_verified_again():
    timing = Timing()
    PassManager.from_text("propagate-encodings,materialize-encodings", timing=timing).run(parse(_SRC, "t.mlir"))
    assert timing.count["verify"] == 1  # the input only: both passes left it as it was
    enc = ("#enc = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, "
           "element_types = [f32, f32, f32]>\n")
    src = enc + ("func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {\n"
                 "  %e = iree_encoding.set_encoding %x : tensor<4x8xf32> -> tensor<4x8xf32, #enc>\n"
                 "  %y = iree_encoding.unset_encoding %e : tensor<4x8xf32, #enc> -> tensor<4x8xf32>\n"
                 "  return %y : tensor<4x8xf32>\n}\n")
    timing = Timing()
    module = parse(src, "t.mlir")
    PassManager.from_text("materialize-encodings", timing=timing).run(module)
    assert timing.count["verify"] == 2  # the encodings were dropped: verified after the pass
    assert "iree_encoding" not in print_op(module)


def test_segment_accessors_follow_a_replaced_segment_attribute():
    from meshc.dialects.tensor import segment_sizes

    m = parse("func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {\n"
              "  %r = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%b : tensor<4xf32>) "
              "-> tensor<4xf32>\n  return %r : tensor<4xf32>\n}\n", "t.mlir")
    add = next(op for op in m.walk() if op.name == "linalg.add")
    a, b = add.operands[0], add.operands[1]
    assert add.inputs == [a, b] and add.inits == [b]
    assert add.inputs == [a, b] and add.inits == [b]  # the remembered starts give the same fields
    add.set_attr("operandSegmentSizes", segment_sizes(1, 2))
    assert add.inputs == [a] and add.inits == [b, b]
    add.set_operands([b, a, a])  # as many operands, other values
    assert add.inputs == [b] and add.inits == [a, a]


def test_buffer_names_take_the_least_free_suffix():
    from meshc.backend.emit import _Device

    dev = _Device(0)
    dev.names.add("%x.2")  # claimed under another base
    assert [dev.claim("%x") for _ in range(4)] == ["%x", "%x.1", "%x.3", "%x.4"]
    assert dev.claim("%x.1") == "%x.1.1" and dev.claim("%y") == "%y"
    assert [dev.claim("%0") for _ in range(1000)][-1] == "%0.999"


def test_storage_pieces_are_fresh_lists_of_one_remembered_answer():
    from meshc.sharding import storage
    from meshc.sharding.spec import Mesh, Sharding

    mesh, spec = Mesh("m", (4,)), Sharding("m", ((0,),))
    first = storage.pieces_of((8, 2), spec, mesh)
    assert [p.region for p in first] == [((0, 2), (0, 2)), ((2, 4), (0, 2)), ((4, 6), (0, 2)), ((6, 8), (0, 2))]
    first.clear()  # a caller's list is its own
    assert [p.devices for p in storage.pieces_of([8, 2], spec, mesh)] == [(0,), (1,), (2,), (3,)]


# ------------------------------------------------------------------ deep nests
def _nest(depth: int, late_use: bool = False) -> str:
    """``depth`` nested ``scf.if``; the innermost body reads ``%a`` (defined above the nest), the
    tensor of every level's then-branch reads the one of the level above; ``late_use``: the innermost
    body also reads ``%b``, defined in the function after the nest (a use it does not dominate)."""
    t = "tensor<4xf32>"
    text = [f"func.func @f(%x: {t}, %c: i1) -> {t} {{", f"  %a = arith.addf %x, %x : {t}"]
    prev = "%a"
    for i in range(depth):
        text += [f"  %r{i} = scf.if %c -> ({t}) {{", f"  %v{i} = arith.mulf {prev}, %x : {t}"]
        prev = f"%v{i}"
    text += [f"  %z = arith.addf {prev}, %a : {t}"] + ([f"  %w = arith.addf %z, %b : {t}"] if late_use else [])
    text += [f"  scf.yield %z : {t}"]
    for i in range(depth - 1, -1, -1):
        text += ["  } else {", f"  scf.yield %x : {t}", "  }"] + ([f"  scf.yield %r{i} : {t}"] if i else [])
    text += [f"  %b = arith.addf %x, %x : {t}", f"  return %r0 : {t}", "}"]
    return "\n".join(text) + "\n"


def _recursive_walk(op: Operation, pre_order: bool) -> list:
    out = [op] if pre_order else []
    for region in op.regions:
        for block in region.blocks:
            for inner in block.ops:
                out += _recursive_walk(inner, pre_order)
    return out + ([] if pre_order else [op])


@pytest.mark.parametrize("pre_order", [True, False])
def test_walk_of_a_deep_nest_is_the_recursive_order(pre_order):
    m = parse(_nest(60), "t.mlir")
    assert list(m.walk(pre_order)) == _recursive_walk(m, pre_order)
    func = m.regions[0].blocks[0].ops[0]
    nest = next(o for o in func.regions[0].blocks[0].ops if o.name == "scf.if")
    nest.results[0].replace_all_uses_with(func.regions[0].blocks[0].args[0])
    assert sum(1 for _ in nest.walk()) == 60 * 4 + 1  # per level: if, mulf, two yields; the inner addf
    nest.erase()  # a post-order walk that erases what it yields
    assert [o.name for o in func.walk()] == ["func.func", "arith.addf", "arith.addf", "func.return"]


def test_region_free_values_are_the_captured_values_at_every_level():
    """The region models' values read from above, composed level by level (and memoized inside an
    ``unchanged_spaces`` block), are :func:`captured_values`' ranked tensors for every op of a nest."""
    from meshc.backend.schedule import captured_values
    from meshc.interfaces.region_models import _captured
    from meshc.interfaces.sharding import unchanged_spaces
    from meshc.ir.types import TensorType

    m = parse(_nest(30), "t.mlir")
    ifs = [o for o in m.walk() if o.name == "scf.if"]
    want = [[v for v in captured_values(o) if isinstance(v.type, TensorType)] for o in ifs]
    assert [[v.name_hint for v in w] for w in want[:2]] == [["a", "x"], ["v0", "x", "a"]]
    assert [_captured(o) for o in ifs] == want
    with unchanged_spaces():
        assert [_captured(o) for o in reversed(ifs)] == want[::-1]


def test_dominance_walk_remembered_per_verification_still_rejects_a_later_value():
    """The innermost body's use of ``%a`` makes every block of the nest remember the nest's outer op;
    the use of ``%b``, defined after that op, is still rejected."""
    verify(parse(_nest(20), "t.mlir"))
    with pytest.raises(Exception, match="does not dominate|undeclared|not defined"):
        verify(parse(_nest(20, late_use=True), "t.mlir"))
