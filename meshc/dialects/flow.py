"""flow dialect (IREE), the part meshc reads: ``flow.dispatch.region`` and
``flow.return``.

Syntax follows IREE 3.x (``compiler/src/iree/compiler/Dialect/Flow/IR``)::

    %r = flow.dispatch.region[%w0, %w1] -> (tensor<?x4xf32>{%d0}, f32) {
      ...
      flow.return %a, %b : tensor<?x4xf32>, f32
    } count(%a0: index, %a1: index) -> (index, index, index) {
      ...
      flow.return %x, %y, %z : index, index, index
    }

Operands are the dynamic result sizes (one index per ``?`` of each result
type, in order) then the workload, with ``operandSegmentSizes = [#dims,
#workload]``. The region is not isolated from above: it captures values of
the enclosing function, as IREE's dispatch regions do before outlining. The
optional ``count`` region maps the workload to a 3-D workgroup count; its
arguments are the workload values.
"""

from __future__ import annotations

from typing import Optional

from meshc.ir.attributes import DenseArrayAttr
from meshc.ir.core import Block, Operation, Region, Value
from meshc.ir.opdef import (INDEX_KIND, HasParent, Pure, ReturnLike, Terminator, define_op, op_attributes, region,
                            var_operand, var_result)
from meshc.ir.types import I32, INDEX, IndexType, TensorType, Type


def dynamic_dim_count(t: Type) -> int:
    """Number of ``?`` dimensions of a tensor type (0 for other types)."""
    return sum(1 for d in t.shape if d is None) if isinstance(t, TensorType) else 0


@define_op
class DispatchRegionOp(Operation):
    """``flow.dispatch.region[workload] -> (T{dims}...) { body } [count(...) {...}]``.

    Regions: the body (ends with ``flow.return`` of the result values) and,
    optionally, the workgroup-count region. Custom syntax (grammar/flow.lark).
    Trait ``EncodingHoistScope``: encoding ops in its body are left to IREE's
    hoist-encoding-ops, not moved by propagate-encodings (IREE's rule).
    """

    name = "flow.dispatch.region"
    dim_operands = var_operand(INDEX_KIND)
    workload_operands = var_operand(INDEX_KIND)
    outputs = var_result()
    body_region = region()
    count_region_def = region(optional=True)
    traits = ("RecursiveMemoryEffects", "EncodingHoistScope")

    def _segments(self) -> tuple[int, int]:
        a = self.attr("operandSegmentSizes")
        if isinstance(a, DenseArrayAttr) and len(a.values) == 2:
            return int(a.values[0]), int(a.values[1])
        return len(self.operands), 0

    @property
    def result_dims(self) -> list[Value]:
        """All dynamic result sizes, result by result (index values)."""
        return self.operands[:self._segments()[0]]

    def result_dims_of(self, index: int) -> list[Value]:
        """The dynamic sizes of result ``index`` (one per ``?`` of its type)."""
        start = sum(dynamic_dim_count(r.type) for r in self.results[:index])
        return self.result_dims[start:start + dynamic_dim_count(self.results[index].type)]

    @property
    def workload(self) -> list[Value]:
        n_dims, n_work = self._segments()
        return self.operands[n_dims:n_dims + n_work]

    @property
    def body(self) -> Block:
        return self.regions[0].blocks[-1]

    @property
    def count_region(self) -> Optional[Region]:
        if len(self.regions) > 1 and self.regions[1].blocks:
            return self.regions[1]
        return None

    @property
    def return_op(self) -> Optional["ReturnOp"]:
        t = self.body.terminator if self.regions[0].blocks else None
        return t if isinstance(t, ReturnOp) else None

    def verify_op(self) -> None:
        n_dims, n_work = self._segments()
        expected = sum(dynamic_dim_count(r.type) for r in self.results)
        if n_dims != expected:
            raise self.error(f"expects {expected} dynamic result dims (one per '?' in the result types), got "
                             f"{n_dims}")
        if not self.regions[0].blocks:
            raise self.error("expects a non-empty body region")
        if self.return_op is None:
            raise self.error("expects the body to end with 'flow.return'")
        for ri, region in enumerate(self.regions):  # MLIR: "empty block: expect at least a terminator"
            for bi, block in enumerate(region.blocks):
                if not block.ops or not block.ops[-1].is_terminator:
                    raise self.error(f"expects block #{bi} of its {('body', 'count')[ri]} region to end with a "
                                     "terminator")
        count = self.count_region
        if count is not None:
            args = count.blocks[0].args
            if len(args) != n_work:
                raise self.error(f"count region has {len(args)} arguments but the workload has {n_work} values")
            for a in args:
                if not isinstance(a.type, IndexType):
                    raise self.error(f"expects count region arguments of type 'index', got '{a.type}'")

    def print_custom(self, p) -> None:
        if self.workload:
            p.write("[" + p.values(self.workload) + "]")
        if self.results:
            parts = []
            for i, r in enumerate(self.results):
                dims = self.result_dims_of(i)
                parts.append(str(r.type) + ("{" + p.values(dims) + "}" if dims else ""))
            p.write(" -> (" + ", ".join(parts) + ")")
        p.write(" ")
        p.print_region(self.regions[0], print_entry_args=False)
        count = self.count_region
        if count is not None:
            p.push_scope()
            args = ", ".join(f"%{p.name_value(a, f'arg{a.index}')}: {a.type}" for a in count.blocks[0].args)
            p.write(f" count({args}) -> (index, index, index) ")
            p.print_region(count, print_entry_args=False)
            p.pop_scope()
        p.write(p.attr_dict(op_attributes(self), ("operandSegmentSizes",), keyword=True))


PARENTS = ("flow.dispatch.region", "flow.dispatch.workgroups", "flow.executable.export")


@define_op
class ReturnOp(Operation):
    """``flow.return %a, ... : T, ...``: ends a dispatch region body (the
    results) or its count region (three index values)."""

    name = "flow.return"
    values = var_operand()
    traits = (Terminator(), ReturnLike(), Pure())
    PARENTS = PARENTS

    def verify_op(self) -> None:
        if self.attributes or self.properties:
            raise self.error("expects no results, regions or attributes (its custom form has none)")
        HasParent(*PARENTS).verify(self)  # after the attribute check: a generic form's first problem is reported
        parent = self.parent_op
        if not isinstance(parent, DispatchRegionOp):
            return
        in_count = len(parent.regions) > 1 and self.parent is not None and self.parent.parent is parent.regions[1]
        expected = [INDEX] * 3 if in_count else [r.type for r in parent.results]
        where = "the workgroup count region (x, y, z)" if in_count else "'flow.dispatch.region' results"
        if len(self.operands) != len(expected):
            raise self.error(f"returns {len(self.operands)} values but {where} expects {len(expected)}")
        for i, (v, t) in enumerate(zip(self.operands, expected)):
            if v.type != t:
                raise self.error(f"type of operand #{i} ('{v.type}') does not match {where} type '{t}'")

    def print_custom(self, p) -> None:
        if self.operands:
            p.write(" " + p.values(self.operands) + " : " + ", ".join(str(v.type) for v in self.operands))
        p.write(p.attr_dict(self.attributes))


class Syntax:
    """Parse callbacks of grammar/flow.lark."""

    def flow_workload(self, toks=None):
        return list(toks or [])

    def flow_dims(self, toks=None):
        return list(toks or [])

    def flow_result(self, ty, dims):
        return (ty, dims or [])

    def flow_region_results(self, *results):
        return [r for r in results if r is not None]

    def flow_count_header(self, kw, *rest):
        *args, types = rest
        args = [a for a in args if a is not None]
        if len(types) != 3 or any(not isinstance(t, IndexType) for t in types):
            raise self.error("the count region of 'flow.dispatch.region' must return (index, index, index), got "
                             f"({', '.join(str(t) for t in types)})", kw)
        self.set_entry_args(args)
        return kw

    def flow_count(self, kw, region):
        return region

    def flow_dispatch_region(self, kw, workload, results, body, count, attrs):
        workload = [self.use(t, INDEX) for t in (workload or [])]
        results = results or []
        dims: list[Value] = []
        for ty, toks in results:
            n = dynamic_dim_count(ty)
            if len(toks) != n:
                raise self.error(f"result type '{ty}' has {n} dynamic dims but {len(toks)} sizes are given",
                                 toks[0] if toks else kw)
            dims.extend(self.use(t, INDEX) for t in toks)
        attributes = {"operandSegmentSizes": DenseArrayAttr(I32, (len(dims), len(workload)))}
        attributes.update(attrs or {})
        regions = [body] + ([count] if count is not None else [])
        return self.build("flow.dispatch.region", dims + workload, [ty for ty, _ in results], attributes, regions,
                          self.loc(kw))

    def flow_return(self, kw, toks, types):
        toks, types = toks or [], types or []
        if len(toks) != len(types):
            raise self.error(f"'flow.return' has {len(toks)} values but {len(types)} types", kw)
        return self.build("flow.return", [self.use(t, ty) for t, ty in zip(toks, types)], (), {}, (), self.loc(kw))
