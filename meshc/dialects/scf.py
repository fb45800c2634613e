"""scf dialect (MLIR structured control flow): ``scf.for``, ``scf.if``,
``scf.yield``, ``scf.execute_region``, ``scf.while`` and its terminator ``scf.condition``,
``scf.forall`` and its terminator ``scf.forall.in_parallel``.

Syntax and verification rules follow the MLIR scf dialect documentation
(``mlir/Dialect/SCF/IR/SCFOps.td``):

* ``scf.for [unsigned] %i = %lb to %ub step %s [iter_args(%acc = %init, ...)
  -> (T, ...)] [: iN] { ... scf.yield ... }``; the body's entry block holds the
  induction variable then one argument per iter_arg. Without iter_args the
  empty ``scf.yield`` may be left out (it is added while parsing and omitted
  when printing, as mlir-opt does).
* ``scf.if %c [-> (T, ...)] { ... } [else { ... }]``.
* ``scf.execute_region [-> T | -> (T, ...)] [no_inline] { ... scf.yield ... } [{attrs}]``:
  no block arguments, one or more blocks, terminators always printed.
* ``scf.while [(%a = %init, ...)] : (T, ...) -> (U, ...) { ... scf.condition(%c)
  %v, ... : U, ... } do { ^bb0(%b: U, ...): ... scf.yield %w, ... : T, ... }
  [attributes {...}]``: the "before" block's arguments are announced by the
  header (typed by the inputs), the "after" block names its own.
* ``scf.forall (%i, %j) in (%n, 4) [shared_outs(%o = %init) -> (T)] { ...
  scf.forall.in_parallel { ... } } [{mapping = [...]}]``, or with explicit
  ``= (lbs) to (ubs) step (steps)``. Static bounds are kept in
  ``staticLowerBound``/``staticUpperBound``/``staticStep`` (``DYNAMIC_INDEX``
  marks an SSA bound) and the SSA bounds in the operands, with
  ``operandSegmentSizes = [#lb, #ub, #step, #shared_outs]``.
* ``scf.forall.in_parallel { ... }`` is the parallel-combining terminator of a
  forall. Upstream only allows ``tensor.parallel_insert_slice`` in it; meshc
  accepts any op, so that seed 000's ``mesh.for_one`` (whose body ends with
  ``tensor.parallel_insert_slice``) can stand there.

The ops are declared with :func:`meshc.ir.opdef.define_op` (operands,
results, attributes, regions, traits), so the structural checks and the
accessors come from the declaration; the headers keep the hand-written rules
of grammar/scf.lark and each op its ``print_custom``.
"""

from __future__ import annotations

from typing import Optional, Sequence, Union

from meshc.dialects.arith import integer_constant
from meshc.ir.attributes import ArrayAttr, DenseArrayAttr, UnitAttr
from meshc.ir.core import Block, Operation, Region, Value
from meshc.ir.location import note
from meshc.ir.opdef import (INDEX_KIND, HasParent, Pure, ReturnLike, Terminator, TypeKind, attribute, define_op,
                            operand, region, var_operand, var_result)
from meshc.ir.types import I1, I32, I64, INDEX, K_DYNAMIC, IndexType, IntegerType, Type

DYNAMIC_INDEX = K_DYNAMIC  # MLIR's ShapedType::kDynamic in static bound arrays

_FORALL_STATIC = ("staticLowerBound", "staticUpperBound", "staticStep", "operandSegmentSizes")


# ------------------------------------------------------------------ printing helpers
def print_body(p, region: Region, elide_terminator: bool = False, isolated: bool = False) -> None:
    """Print ``region`` as ``{ ops }`` without entry-block arguments; when
    ``elide_terminator`` the last op of its single block is left out (MLIR's
    ``printBlockTerminators = false`` for implicit terminators)."""
    block = region.blocks[0] if len(region.blocks) == 1 else None
    if not elide_terminator or block is None or not block.ops or not block.ops[-1].is_terminator:
        p.print_region(region, print_entry_args=False, isolated=isolated)
        return
    p.push_scope(isolated)
    p.write("{")
    p.indent += 1
    p.print_ops(block.ops[:-1])
    p.indent -= 1
    p.newline()
    p.write("}")
    p.pop_scope(isolated)


def arg_name(p, a: Value) -> str:
    """``%name`` of a block argument printed in an op header (``%argN`` when unnamed)."""
    return "%" + p.name_value(a, f"arg{getattr(a, 'index', 0)}")


def _types(ts: Sequence[Type]) -> str:
    return ", ".join(str(t) for t in ts)


def _single_block(op: Operation, region: Region, what: str) -> Block:
    if len(region.blocks) != 1:
        raise op.error(f"expects {what} to have exactly one block, got {len(region.blocks)}")
    return region.blocks[0]


def _is_implicit_yield(op: Operation) -> bool:
    return isinstance(op, YieldOp) and not op.operands


def _region_is_empty(region: Region) -> bool:
    """An absent region: no block, or one block with no ops (what the generic
    form ``{}`` reads back as)."""
    return not region.blocks or (len(region.blocks) == 1 and not region.blocks[0].ops
                                 and not region.blocks[0].args)


# ------------------------------------------------------------------ scf.yield
_YIELD_PARENTS = ("scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while")


@define_op
class YieldOp(Operation):
    """``scf.yield %a, %b : T1, T2``: ends an ``scf.for`` body or an ``scf.if``
    branch; its operand types are the parent's result types (MLIR SCFOps.td)."""

    name = "scf.yield"
    values = var_operand()
    traits = (Terminator(), ReturnLike(), Pure())
    PARENTS = _YIELD_PARENTS

    def verify_op(self) -> None:
        if self.attributes or self.properties:
            raise self.error(f"expects no attributes (its custom form has none), got "
                             f"{len(self.attributes) + len(self.properties)}")
        HasParent(*self.PARENTS).verify(self)  # after the attribute check: a generic form's first problem
        parent = self.parent_op
        if not isinstance(parent, (ForOp, IfOp)):
            return
        expected = [r.type for r in parent.results]
        if len(self.operands) != len(expected):
            raise self.error(f"has {len(self.operands)} operands, but parent '{parent.name}' has "
                             f"{len(expected)} results")
        for i, (v, t) in enumerate(zip(self.operands, expected)):
            if v.type != t:
                raise self.error(f"type of operand #{i} ('{v.type}') does not match result #{i} of the parent "
                                 f"'{parent.name}' ('{t}')")

    def print_custom(self, p) -> None:
        if self.operands:
            p.write(" " + p.values(self.operands) + " : " + _types([v.type for v in self.operands]))
        p.write(p.attr_dict(self.attributes))


# ------------------------------------------------------------------ scf.for
@define_op
class ForOp(Operation):
    """``scf.for %i = %lb to %ub step %s iter_args(...) -> (...) { ... }``.

    Operands: lower bound, upper bound, step (index or one signless integer
    type, the induction variable's), then the iter_args' initial values.
    Results: one per iter_arg. The loop runs ``%i = lb, lb + s, ... < ub``
    (signed comparison unless ``unsignedCmp``).
    """

    name = "scf.for"
    lower_bound = operand()
    upper_bound = operand()
    step = operand()
    init_args = var_operand()
    loop_results = var_result()
    unsigned_cmp_attr = attribute(UnitAttr, required=False, name="unsignedCmp")
    body_region = region()
    traits = ("RecursiveMemoryEffects",)

    @property
    def body(self) -> Block:
        return self.regions[0].blocks[0]

    @property
    def induction_var(self) -> Value:
        return self.body.args[0]

    @property
    def region_iter_args(self) -> list[Value]:
        return self.body.args[1:]

    @property
    def yield_op(self) -> Optional["YieldOp"]:
        t = self.body.terminator
        return t if isinstance(t, YieldOp) else None

    @property
    def unsigned_cmp(self) -> bool:
        return self.attr("unsignedCmp") is not None

    def verify_op(self) -> None:
        bound_types = [v.type for v in self.operands[:3]]
        t = bound_types[0]
        if any(bt != t for bt in bound_types) or not _is_index_or_signless(t):
            raise self.error("expects lower bound, upper bound and step to have the same type (index or a signless "
                             f"integer), got {', '.join(repr(str(b)) for b in bound_types)}")
        if len(self.init_args) != len(self.results):
            raise self.error(f"mismatch in number of loop-carried values ({len(self.init_args)}) and defined "
                             f"values ({len(self.results)})")
        step = integer_constant(self.step)
        if step is not None and step <= 0:
            raise self.error(f"constant step operand must be positive, got {step}")
        body = _single_block(self, self.regions[0], "its body")
        if len(body.args) != 1 + len(self.results):
            raise self.error(f"expects {1 + len(self.results)} body arguments (induction variable and iter_args), "
                             f"got {len(body.args)}")
        if body.args[0].type != t:
            raise self.error(f"expects the induction variable to have the bounds' type '{t}', got "
                             f"'{body.args[0].type}'")
        for i, (init, arg, res) in enumerate(zip(self.init_args, self.region_iter_args, self.results)):
            if init.type != res.type:
                raise self.error(f"types mismatch between iter operand #{i} ('{init.type}') and defined value "
                                 f"('{res.type}')")
            if arg.type != res.type:
                raise self.error(f"types mismatch between iter operand #{i} ('{init.type}') and its region argument "
                                 f"('{arg.type}')")
        if not isinstance(body.terminator, YieldOp):
            raise self.error("expects the body to end with 'scf.yield'")

    def print_custom(self, p) -> None:
        p.push_scope()
        p.write(" unsigned" if self.unsigned_cmp else "")
        p.write(f" {arg_name(p, self.induction_var)} = {p.value(self.lower_bound)} to {p.value(self.upper_bound)} "
                f"step {p.value(self.step)}")
        if self.init_args:
            inits = ", ".join(f"{arg_name(p, a)} = {p.value(v)}" for a, v in zip(self.region_iter_args,
                                                                                 self.init_args))
            p.write(f" iter_args({inits}) -> ({_types([r.type for r in self.results])})")
        if not isinstance(self.induction_var.type, IndexType):
            p.write(f" : {self.induction_var.type}")
        p.write(" ")
        term = self.body.terminator
        print_body(p, self.regions[0], elide_terminator=not self.results and term is not None
                   and _is_implicit_yield(term))
        p.pop_scope()
        p.write(p.attr_dict(self.attributes, ("unsignedCmp",)))


def _is_index_or_signless(t: Type) -> bool:
    return isinstance(t, IndexType) or (isinstance(t, IntegerType) and t.signedness == "")


# ------------------------------------------------------------------ scf.if
_I1_KIND = TypeKind("i1", lambda t: t == I1, I1)


@define_op
class IfOp(Operation):
    """``scf.if %cond [-> (T...)] { then } [else { else }]``.

    Two regions (then, else); an empty else region means no else branch,
    which is only valid when the op has no results (MLIR SCFOps.td).
    """

    name = "scf.if"
    condition = operand(_I1_KIND)
    if_results = var_result()
    then_region = region()
    else_region = region()
    traits = ("RecursiveMemoryEffects",)

    @property
    def then_block(self) -> Block:
        return self.regions[0].blocks[0]

    @property
    def else_block(self) -> Optional[Block]:
        if len(self.regions) < 2 or _region_is_empty(self.regions[1]):
            return None
        return self.regions[1].blocks[0]

    def verify_op(self) -> None:
        _single_block(self, self.regions[0], "its then region")
        if self.results and self.else_block is None:
            raise self.error("must have an else block if defining values")
        for what, block in (("then", self.then_block), ("else", self.else_block)):
            if block is None:
                continue
            if block.args:
                raise self.error(f"expects the {what} region to have no arguments, got {len(block.args)}")
            if not isinstance(block.terminator, YieldOp):
                raise self.error(f"expects the {what} region to end with 'scf.yield'")
        if self.else_block is not None:
            _single_block(self, self.regions[1], "its else region")

    def print_custom(self, p) -> None:
        p.write(" " + p.value(self.condition))
        if self.results:
            p.write(f" -> ({_types([r.type for r in self.results])})")
        p.write(" ")
        elide = not self.results
        print_body(p, self.regions[0], elide_terminator=elide and _ends_with_implicit_yield(self.then_block))
        eb = self.else_block
        if eb is not None:
            p.write(" else ")
            print_body(p, self.regions[1], elide_terminator=elide and _ends_with_implicit_yield(eb))
        p.write(p.attr_dict(self.attributes))


def _ends_with_implicit_yield(block: Block) -> bool:
    return bool(block.ops) and _is_implicit_yield(block.ops[-1])


# ------------------------------------------------------------------ scf.execute_region
@define_op
class ExecuteRegionOp(Operation):
    """``%r = scf.execute_region [-> T | -> (T, ...)] [no_inline] { ... scf.yield %v : T }
    [{attrs}]``: runs its region once; the ``scf.yield`` values are its results (MLIR SCFOps.td,
    ``ExecuteRegionOp``). The region may hold several blocks, takes no arguments, and its
    terminators are always printed (no implicit ``scf.yield``); ``no_inline`` keeps the
    canonicalizer from inlining it."""

    name = "scf.execute_region"
    region_results = var_result()
    no_inline_attr = attribute(UnitAttr, required=False, name="no_inline")
    body_region = region()
    traits = ("RecursiveMemoryEffects",)

    @property
    def no_inline(self) -> bool:
        return self.attr("no_inline") is not None

    def verify_op(self) -> None:
        body = self.regions[0]
        if not body.blocks:
            raise self.error("region needs to have at least one block")
        if body.blocks[0].args:
            raise self.error("region cannot have any arguments")
        results = [r.type for r in self.results]
        for block in body.blocks:  # RegionBranchOpInterface: every yield gives the results
            term = block.terminator
            if isinstance(term, YieldOp):
                _edge_check(self, "Region #0", "parent results", [v.type for v in term.operands], results)

    def print_custom(self, p) -> None:
        if self.results:
            p.write(" -> " + p.func_result_types([r.type for r in self.results]))
        p.write(" no_inline " if self.no_inline else " ")
        p.print_region(self.regions[0], print_entry_args=False)
        p.write(p.attr_dict(self.attributes, ("no_inline",)))


# ------------------------------------------------------------------ scf.while
_REGION_NAMES = ("parent operands", "Region #0", "Region #1", "parent results")


def _edge_check(op: Operation, source: str, target: str, values: Sequence[Type], inputs: Sequence[Type]) -> None:
    """MLIR's ``RegionBranchOpInterface::verifyTypes`` for one control-flow edge of ``op``: as many
    values as the target takes, of the same types (its wording)."""
    if len(values) != len(inputs):
        raise op.error(f"region control flow edge from {source} to {target}: source has {len(values)} operands, "
                       f"but target successor needs {len(inputs)}")
    for i, (a, b) in enumerate(zip(values, inputs)):
        if a != b:
            raise op.error(f"along control flow edge from {source} to {target}: source type #{i} '{a}' should match "
                           f"input type #{i} '{b}'")


def _terminator_of(op: Operation, region: Region, klass: type, what: str):
    """The terminator of ``region``'s block when it is a ``klass``, else a located error with a note at
    the terminator found (MLIR's ``verifyAndGetTerminator`` for ``scf.while``)."""
    block = region.blocks[0] if region.blocks else None
    last = block.ops[-1] if block is not None and block.ops else None
    if isinstance(last, klass):
        return last
    # MLIR's Block::getTerminator: the last op when it is, or might be (an unregistered op), a terminator
    notes = [note("terminator here", last.location)] if last is not None and (
        last.is_terminator or type(last) is Operation) else []
    raise op.error(f"expects the '{what}' region to terminate with '{klass.name}'", notes)


@define_op
class WhileOp(Operation):
    """``%r:2 = scf.while (%a = %x, %b = %y) : (T1, T2) -> (T3, T4) { before } do { ^bb0(%c: T3, %d: T4):
    after } [attributes {...}]`` (MLIR SCFOps.td, ``WhileOp``).

    Operands: the initial values (``inits``), bound to the "before" block's arguments (types T1, T2).
    The "before" block ends in ``scf.condition(%cond) %v...``: when ``%cond`` is true the forwarded
    values enter the "after" block's arguments (types T3, T4), whose ``scf.yield`` gives the next
    "before" arguments (types T1, T2); when false they are the op's results (types T3, T4). The
    number of trips is only known at run time (a do-while when the "before" block computes, a while
    when it only tests).
    """

    name = "scf.while"
    inits = var_operand()
    while_results = var_result()
    before_region = region(single_block=True)
    after_region = region(single_block=True)
    traits = ("RecursiveMemoryEffects",)

    @property
    def before(self) -> Block:
        return self.regions[0].blocks[0]

    @property
    def after(self) -> Block:
        return self.regions[1].blocks[0]

    @property
    def condition_op(self) -> Optional["ConditionOp"]:
        t = self.before.terminator if self.regions[0].blocks else None
        return t if isinstance(t, ConditionOp) else None

    @property
    def yield_op(self) -> Optional[YieldOp]:
        t = self.after.terminator if self.regions[1].blocks else None
        return t if isinstance(t, YieldOp) else None

    def verify_op(self) -> None:
        for k, what in enumerate(("before", "after")):
            if len(self.regions[k].blocks) != 1:
                raise self.error(f"region #{k} ('{what}') failed to verify constraint: region with 1 blocks")
        cond = _terminator_of(self, self.regions[0], ConditionOp, "before")
        yld = _terminator_of(self, self.regions[1], YieldOp, "after")
        inits = [v.type for v in self.operands]
        forwarded = [v.type for v in cond.forwarded]
        _edge_check(self, "parent operands", "Region #0", inits, [a.type for a in self.before.args])
        _edge_check(self, "Region #0", "Region #1", forwarded, [a.type for a in self.after.args])
        _edge_check(self, "Region #0", "parent results", forwarded, [r.type for r in self.results])
        _edge_check(self, "Region #1", "Region #0", [v.type for v in yld.operands],
                    [a.type for a in self.before.args])

    def print_custom(self, p) -> None:
        p.push_scope()
        if self.operands:
            inits = ", ".join(f"{arg_name(p, a)} = {p.value(v)}" for a, v in zip(self.before.args, self.operands))
            p.write(f" ({inits})")
        p.write(f" : ({_types([v.type for v in self.operands])}) -> "
                f"{p.func_result_types([r.type for r in self.results])} ")
        print_body(p, self.regions[0])
        p.write(" do ")
        p.print_region(self.regions[1], print_entry_args=True)
        p.pop_scope()
        p.write(p.attr_dict(self.attributes, keyword=True))


@define_op
class ConditionOp(Operation):
    """``scf.condition(%cond) %v, ... : T, ...``: ends the "before" region of an ``scf.while``;
    ``%cond`` (i1) true runs the "after" region on the forwarded values ``%v...``, false ends the loop
    with them as results (MLIR SCFOps.td, ``ConditionOp``)."""

    name = "scf.condition"
    condition = operand(_I1_KIND)
    forwarded = var_operand()
    traits = (Terminator(), Pure(), HasParent("scf.while"))

    def print_custom(self, p) -> None:
        p.write(f"({p.value(self.condition)})")
        p.write(p.attr_dict(self.attributes))
        if self.forwarded:
            p.write(" " + p.values(self.forwarded) + " : " + _types([v.type for v in self.forwarded]))


# ------------------------------------------------------------------ scf.forall
OpFoldResult = Union[int, Value]


@define_op
class ForallOp(Operation):
    """``scf.forall (%i...) in (ubs) | = (lbs) to (ubs) step (steps)
    [shared_outs(%o = %init...) -> (T...)] { ... scf.forall.in_parallel {...} }``.

    A parallel loop nest of rank ``len(staticUpperBound)``; each bound is an
    int (static) or an index SSA value (dynamic). Results are the final
    values of the ``shared_outs`` tensors, which iterations update only via the
    ops in the terminating ``scf.forall.in_parallel``. ``mapping`` (optional)
    holds one attribute per loop (MLIR SCFOps.td, ``ForallOp``).
    """

    name = "scf.forall"
    dynamic_lower_bound = var_operand(INDEX_KIND)
    dynamic_upper_bound = var_operand(INDEX_KIND)
    dynamic_step = var_operand(INDEX_KIND)
    outputs = var_operand()  # the ``shared_outs`` initial tensors
    forall_results = var_result()
    static_lower_bound = attribute(DenseArrayAttr, name="staticLowerBound", what="array<i64: ...>")
    static_upper_bound = attribute(DenseArrayAttr, name="staticUpperBound", what="array<i64: ...>")
    static_step = attribute(DenseArrayAttr, name="staticStep", what="array<i64: ...>")
    body_region = region()
    traits = ("RecursiveMemoryEffects",)

    # -- static / dynamic bounds
    def _static(self, key: str) -> tuple[int, ...]:
        a = self.attr(key)
        return tuple(a.values) if isinstance(a, DenseArrayAttr) else ()

    def _segments(self) -> tuple[int, int, int, int]:
        a = self.attr("operandSegmentSizes")
        if isinstance(a, DenseArrayAttr) and len(a.values) == 4:
            return tuple(int(v) for v in a.values)  # type: ignore[return-value]
        raise ValueError("missing 'operandSegmentSizes' = [#lb, #ub, #step, #shared_outs]")

    def _operand_group(self, k: int) -> list[Value]:
        seg = self._segments()
        start = sum(seg[:k])
        return self.operands[start:start + seg[k]]

    def _mixed(self, key: str, k: int) -> list[OpFoldResult]:
        dyn = iter(self._operand_group(k))
        return [next(dyn) if s == DYNAMIC_INDEX else s for s in self._static(key)]

    @property
    def rank(self) -> int:
        return len(self._static("staticUpperBound"))

    @property
    def lower_bounds(self) -> list[OpFoldResult]:
        """Per loop: an int (static) or an index Value."""
        return self._mixed("staticLowerBound", 0)

    @property
    def upper_bounds(self) -> list[OpFoldResult]:
        return self._mixed("staticUpperBound", 1)

    @property
    def steps(self) -> list[OpFoldResult]:
        return self._mixed("staticStep", 2)

    @property
    def body(self) -> Block:
        return self.regions[0].blocks[0]

    @property
    def induction_vars(self) -> list[Value]:
        return self.body.args[:self.rank]

    @property
    def region_out_args(self) -> list[Value]:
        return self.body.args[self.rank:]

    @property
    def terminator(self) -> Optional["InParallelOp"]:
        t = self.body.terminator
        return t if isinstance(t, InParallelOp) else None

    @property
    def mapping(self) -> Optional[ArrayAttr]:
        a = self.attr("mapping")
        return a if isinstance(a, ArrayAttr) else None

    @property
    def is_normalized(self) -> bool:
        """True when every lower bound is 0 and every step 1 (printed ``in (...)``)."""
        return all(v == 0 for v in self._static("staticLowerBound")) and all(
            v == 1 for v in self._static("staticStep"))

    def verify_op(self) -> None:
        statics = [self._static(k) for k in _FORALL_STATIC[:3]]
        rank = len(statics[1])
        if rank == 0:
            raise self.error("expects at least one loop (static bound arrays are missing or empty)")
        for key, vals in zip(_FORALL_STATIC[:3], statics):
            if len(vals) != rank:
                raise self.error(f"expects {rank} values in '{key}', got {len(vals)}")
        try:
            seg = self._segments()
        except ValueError as err:
            raise self.error(str(err)) from None
        if sum(seg) != len(self.operands):
            raise self.error(f"operandSegmentSizes {list(seg)} sum to {sum(seg)} but the op has "
                             f"{len(self.operands)} operands")
        for k, (key, vals) in enumerate(zip(_FORALL_STATIC[:3], statics)):
            n_dyn = sum(1 for v in vals if v == DYNAMIC_INDEX)
            if n_dyn != seg[k]:
                raise self.error(f"expects {n_dyn} dynamic values for '{key}', got {seg[k]}")
            for v in self._operand_group(k):
                if not isinstance(v.type, IndexType):
                    raise self.error(f"expects bound and step operands of type 'index', got '{v.type}'")
        for i, s in enumerate(statics[2]):
            if s != DYNAMIC_INDEX and s <= 0:
                raise self.error(f"expects positive steps, got step #{i} = {s}")
        outs = self.outputs
        if len(self.results) != len(outs):
            raise self.error(f"produces {len(self.results)} results, but has only {len(outs)} outputs")
        for i, (r, o) in enumerate(zip(self.results, outs)):
            if r.type != o.type:
                raise self.error(f"type mismatch between result #{i} ('{r.type}') and output #{i} ('{o.type}')")
        body = _single_block(self, self.regions[0], "its body")
        if len(body.args) != rank + len(outs):
            raise self.error(f"region expects {rank + len(outs)} arguments ({rank} induction variables and "
                             f"{len(outs)} shared_outs), got {len(body.args)}")
        for i, a in enumerate(body.args[:rank]):
            if not isinstance(a.type, IndexType):
                raise self.error(f"expects index induction variable #{i}, got '{a.type}'")
        for i, (a, o) in enumerate(zip(body.args[rank:], outs)):
            if a.type != o.type:
                raise self.error(f"type mismatch between output #{i} ('{o.type}') and its block argument "
                                 f"('{a.type}')")
        if not isinstance(body.terminator, InParallelOp):
            raise self.error("expects the body to end with 'scf.forall.in_parallel'")
        m = self.attr("mapping")
        if m is not None and (not isinstance(m, ArrayAttr) or len(m) != rank):
            raise self.error(f"mapping attribute size must match op rank ({rank}), got "
                             f"{len(m) if isinstance(m, ArrayAttr) else m}")

    def print_custom(self, p) -> None:
        p.push_scope()
        p.write(" (" + ", ".join(arg_name(p, a) for a in self.induction_vars) + ")")

        def bounds(values: list[OpFoldResult]) -> str:
            return "(" + ", ".join(str(v) if isinstance(v, int) else p.value(v) for v in values) + ")"

        if self.is_normalized:
            p.write(" in " + bounds(self.upper_bounds))
        else:
            p.write(f" = {bounds(self.lower_bounds)} to {bounds(self.upper_bounds)} step {bounds(self.steps)}")
        if self.outputs:
            outs = ", ".join(f"{arg_name(p, a)} = {p.value(v)}" for a, v in zip(self.region_out_args, self.outputs))
            p.write(f" shared_outs({outs})")
        if self.results:
            p.write(f" -> ({_types([r.type for r in self.results])})")
        p.write(" ")
        term = self.terminator
        elide = not self.results and term is not None and _region_is_empty(term.regions[0]) \
            and not term.attributes
        print_body(p, self.regions[0], elide_terminator=elide)
        p.pop_scope()
        p.write(p.attr_dict(self.attributes, _FORALL_STATIC))


@define_op
class InParallelOp(Operation):
    """``scf.forall.in_parallel { ops }``: the terminator of an ``scf.forall``.

    Its single block has no terminator. Upstream restricts the body to
    parallel-combining ops (``tensor.parallel_insert_slice``); meshc accepts
    any op so that a ``mesh.for_one`` (seed 000) can stand in it.
    """

    name = "scf.forall.in_parallel"
    body_region = region()
    traits = (Terminator(), Pure(), "NoTerminator")

    @property
    def body(self) -> Block:
        return self.regions[0].blocks[0]

    @property
    def yielding_ops(self) -> list[Operation]:
        return list(self.body.ops)

    def verify_op(self) -> None:
        parent = self.parent_op
        if not isinstance(parent, ForallOp):
            raise self.error(f"expects parent op 'scf.forall', got '{parent.name if parent else 'none'}'")
        _single_block(self, self.regions[0], "its region")
        if self.body.args:
            raise self.error(f"expects a region without arguments, got {len(self.body.args)}")

    def print_custom(self, p) -> None:
        p.write(" ")
        p.print_region(self.regions[0], print_entry_args=False)
        p.write(p.attr_dict(self.attributes))


def new_in_parallel(loc) -> InParallelOp:
    """An empty ``scf.forall.in_parallel`` (the implicit forall terminator)."""
    return InParallelOp.create(regions=[Region([Block()])], location=loc)  # type: ignore[return-value]


# ------------------------------------------------------------------ parsing
class Syntax:
    """Parse callbacks of grammar/scf.lark."""

    # scf.for
    def scf_init(self, arg_tok, init_tok):
        return (arg_tok, init_tok)

    def scf_single_result(self, ty):
        return [ty]

    def scf_result_list(self, types=None):
        return list(types or [])

    def scf_iter_args(self, *children):
        *inits, types = children
        if len(inits) != len(types):
            raise self.error(f"expected as many iter_args types as iter_args: {len(inits)} iter_args but "
                             f"{len(types)} types", inits[0][0])
        return (list(inits), types)

    def scf_for_header(self, kw, unsigned, iv, lb, ub, step, iter_args, ivtype):
        ivtype = ivtype if ivtype is not None else INDEX
        if not _is_index_or_signless(ivtype):
            raise self.error(f"'scf.for' expects an index or signless integer induction variable, got '{ivtype}'",
                             iv)
        bounds = [self.use(t, ivtype) for t in (lb, ub, step)]
        inits, types = iter_args if iter_args is not None else ([], [])
        init_values = [self.use(init, ty) for (_, init), ty in zip(inits, types)]
        self.set_entry_args([(iv, ivtype)] + [(a, ty) for (a, _), ty in zip(inits, types)])
        return {"kw": kw, "unsigned": unsigned is not None, "operands": bounds + init_values, "types": types}

    def scf_for(self, header, region, attrs):
        loc = self.loc(header["kw"])
        if len(region.blocks) != 1:
            raise self.error(f"'scf.for' expects a single-block body, got {len(region.blocks)} blocks", header["kw"])
        block = region.blocks[0]
        if not header["types"] and (not block.ops or not block.ops[-1].is_terminator):
            block.append(YieldOp.create(location=loc))
        attributes = {"unsignedCmp": UnitAttr()} if header["unsigned"] else {}
        attributes.update(attrs or {})
        return self.build("scf.for", header["operands"], header["types"], attributes, [region], loc)

    # scf.if
    def scf_if(self, kw, cond, types, then_region, else_region, attrs):
        loc = self.loc(kw)
        types = types or []
        c = self.use(cond, I1)
        regions = [then_region, else_region if else_region is not None else Region()]
        for r in regions:
            if len(r.blocks) > 1:
                raise self.error(f"'scf.if' expects single-block regions, got {len(r.blocks)} blocks", kw)
            if not types and r.blocks and (not r.blocks[0].ops or not r.blocks[0].ops[-1].is_terminator):
                r.blocks[0].append(YieldOp.create(location=loc))
        return self.build("scf.if", [c], types, dict(attrs or {}), regions, loc)

    def scf_yield(self, kw, toks, types):
        toks, types = toks or [], types or []
        if len(toks) != len(types):
            raise self.error(f"'scf.yield' has {len(toks)} values but {len(types)} types", kw)
        return self.build("scf.yield", [self.use(t, ty) for t, ty in zip(toks, types)], (), {}, (), self.loc(kw))

    # scf.execute_region
    def scf_execute_region(self, kw, types, no_inline, region, attrs):
        attributes = {"no_inline": UnitAttr()} if no_inline is not None else {}
        attributes.update(attrs or {})
        return self.build("scf.execute_region", (), types or [], attributes, [region], self.loc(kw))

    # scf.while
    def scf_while_inits(self, *inits):
        return list(inits)

    def scf_while_header(self, kw, inits, ftype):
        inits = inits or []
        if len(inits) != len(ftype.inputs):
            raise self.error(f"expected as many input types as operands (expected {len(inits)} got "
                             f"{len(ftype.inputs)})", kw)
        values = [self.use(init, ty) for (_, init), ty in zip(inits, ftype.inputs)]
        self.set_entry_args([(a, ty) for (a, _), ty in zip(inits, ftype.inputs)])
        return {"kw": kw, "operands": values, "types": list(ftype.results)}

    def scf_while(self, header, before, after, attrs):
        loc = self.loc(header["kw"])
        return self.build("scf.while", header["operands"], header["types"], dict(attrs or {}), [before, after], loc)

    def scf_condition(self, kw, cond, attrs, toks, types):
        toks, types = toks or [], types or []
        if len(toks) != len(types):
            raise self.error(f"'scf.condition' has {len(toks)} values but {len(types)} types", kw)
        operands = [self.use(cond, I1)] + [self.use(t, ty) for t, ty in zip(toks, types)]
        return self.build("scf.condition", operands, (), dict(attrs or {}), (), self.loc(kw))

    # scf.forall
    def scf_ivs(self, *toks):
        return list(toks)

    def scf_index_list(self, *items):
        return list(items)

    def scf_forall_normalized(self, ubs):
        return (None, ubs, None)

    def scf_forall_ranged(self, lbs, ubs, steps):
        return (lbs, ubs, steps)

    def scf_shared_outs(self, *inits):
        return list(inits)

    def _forall_bounds(self, items, rank, what, kw):
        if len(items) != rank:
            raise self.error(f"'scf.forall' has {rank} induction variables but {len(items)} {what}", kw)
        static, dynamic = [], []
        for tok in items:
            if tok.type == "INT":
                static.append(int(str(tok)))
            else:
                static.append(DYNAMIC_INDEX)
                dynamic.append(self.use(tok, INDEX))
        return static, dynamic

    def scf_forall_header(self, kw, ivs, bounds, outs, types):
        rank = len(ivs)
        lbs, ubs, steps = bounds
        if lbs is None:
            lb_s, lb_d, st_s, st_d = [0] * rank, [], [1] * rank, []
        else:
            lb_s, lb_d = self._forall_bounds(lbs, rank, "lower bounds", kw)
            st_s, st_d = self._forall_bounds(steps, rank, "steps", kw)
        ub_s, ub_d = self._forall_bounds(ubs, rank, "upper bounds", kw)
        outs, types = outs or [], types or []
        if len(outs) != len(types):
            raise self.error(f"'scf.forall' has {len(outs)} shared_outs but {len(types)} result types", kw)
        inits = [self.use(init, ty) for (_, init), ty in zip(outs, types)]
        self.set_entry_args([(t, INDEX) for t in ivs] + [(a, ty) for (a, _), ty in zip(outs, types)])
        attributes = {
            "staticLowerBound": DenseArrayAttr(I64, tuple(lb_s)),
            "staticUpperBound": DenseArrayAttr(I64, tuple(ub_s)),
            "staticStep": DenseArrayAttr(I64, tuple(st_s)),
            "operandSegmentSizes": DenseArrayAttr(I32, (len(lb_d), len(ub_d), len(st_d), len(inits))),
        }
        return {"kw": kw, "operands": lb_d + ub_d + st_d + inits, "types": types, "attributes": attributes}

    def scf_forall(self, header, region, attrs):
        loc = self.loc(header["kw"])
        if len(region.blocks) != 1:
            raise self.error(f"'scf.forall' expects a single-block body, got {len(region.blocks)} blocks",
                             header["kw"])
        block = region.blocks[0]
        if not block.ops or not block.ops[-1].is_terminator:
            block.append(new_in_parallel(loc))
        attributes = dict(header["attributes"])
        attributes.update(attrs or {})
        return self.build("scf.forall", header["operands"], header["types"], attributes, [region], loc)

    def scf_in_parallel(self, kw, region, attrs):
        return self.build("scf.forall.in_parallel", (), (), dict(attrs or {}), [region], self.loc(kw))
