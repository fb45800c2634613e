"""flow dialect (IREE), the part meshc reads: ``flow.dispatch.region``,
``flow.dispatch.workgroups``, ``flow.tensor.splat``, ``flow.tensor.reshape`` and
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

What ``--compile-to=dispatch-creation`` prints: each region becomes, isolated from above,

    %r = flow.dispatch.workgroups[%w](%a, %b) : (tensor<4x8xf32>, tensor<4x8xf32>) -> %b =
        (%x: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x8xf32>>,
         %y: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x8xf32>>) {
      ... iree_tensor_ext.dispatch.tensor.load / store ...
      flow.return
    } count(...) -> (index, index, index) { ... }

Its body's block arguments are one binding per operand (``readonly``; ``readwrite`` for an operand a
result is tied to, written ``-> %b``), then one ``writeonly`` binding per untied result; the results
are what the body stores into their bindings (:mod:`meshc.dialects.iree_tensor_ext`). Operands:
workload, arguments, their dynamic dims, the results' dynamic dims (``operandSegmentSizes``);
``tied_operands`` gives, per result, the argument index it is tied to (-1: none).
``flow.tensor.splat %v : T`` fills a tensor with a scalar; ``flow.tensor.reshape %x : T -> U`` is a
row-major reshape; ``flow.tensor.load %t[%i, ...] : T`` reads one element of a tensor between the
dispatches (``tensor.extract``: a loop condition a dispatch computed, in ``lax.fori_loop``'s
``scf.while``), ``flow.tensor.store %v, %t[%i, ...] : T`` is ``%t`` with one element replaced
(``tensor.insert``) (``Dialect/Flow/IR/FlowOps.td``; only static tensors are read).
"""

from __future__ import annotations

from typing import Optional

from meshc.ir.attributes import ArrayAttr, DenseArrayAttr, IntegerAttr
from meshc.ir.core import Block, Operation, Region, Value
from meshc.ir.opdef import (INDEX_KIND, HasParent, IsolatedFromAbove, Pure, ReturnLike, Terminator, define_op,
                            op_attributes, operand, region, result, var_operand, var_result)
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


@define_op
class DispatchWorkgroupsOp(Operation):
    """``flow.dispatch.workgroups[workload](args) : (T{dims}...) -> (R{dims} | %tied, ...) = (bindings) {
    body } count(...) {...}`` (see the module docstring). Isolated from above."""

    name = "flow.dispatch.workgroups"
    workload_operands = var_operand(INDEX_KIND)
    arguments = var_operand()
    argument_dims = var_operand(INDEX_KIND)
    result_dims = var_operand(INDEX_KIND)
    outputs = var_result()
    body_region = region()
    count_region_def = region(optional=True)
    traits = (IsolatedFromAbove(),)

    def _segments(self) -> tuple[int, ...]:
        a = self.attr("operandSegmentSizes")
        if isinstance(a, DenseArrayAttr) and len(a.values) == 4:
            return tuple(int(v) for v in a.values)
        return 0, len(self.operands), 0, 0

    @property
    def workload(self) -> list[Value]:
        return self.operands[:self._segments()[0]]

    @property
    def args(self) -> list[Value]:
        """The tensor (and scalar) arguments, in binding order."""
        n_work, n_args = self._segments()[:2]
        return self.operands[n_work:n_work + n_args]

    @property
    def tied(self) -> list[int]:
        """Per result, the index in :attr:`args` of the argument it is tied to (-1: none)."""
        a = self.attributes.get("tied_operands")
        if isinstance(a, ArrayAttr):
            return [int(getattr(v, "value", -1)) for v in a.elements]
        return [-1] * len(self.results)

    @property
    def body(self) -> Block:
        return self.regions[0].blocks[0]

    @property
    def count_region(self) -> Optional[Region]:
        if len(self.regions) > 1 and self.regions[1].blocks:
            return self.regions[1]
        return None

    def result_bindings(self) -> list[Value]:
        """Per result, the body block argument it is stored through."""
        n_args = len(self.args)
        out, extra = [], n_args
        for t in self.tied:
            if t >= 0:
                out.append(self.body.args[t])
            else:
                out.append(self.body.args[extra])
                extra += 1
        return out

    def verify_op(self) -> None:
        if not self.regions[0].blocks:
            raise self.error("expects a non-empty body region")
        tied = self.tied
        if len(tied) != len(self.results):
            raise self.error(f"expects one tied_operands entry per result ({len(self.results)}), got {len(tied)}")
        n_args = len(self.args)
        for i, t in enumerate(tied):
            if t >= n_args:
                raise self.error(f"result #{i} is tied to argument #{t} but there are {n_args} arguments")
            if t >= 0 and self.args[t].type != self.results[i].type:
                raise self.error(f"result #{i} ('{self.results[i].type}') is tied to an argument of another type "
                                 f"('{self.args[t].type}')")
        want = n_args + sum(1 for t in tied if t < 0)
        if len(self.body.args) != want:
            raise self.error(f"expects {want} body arguments (one per argument, one per untied result), got "
                             f"{len(self.body.args)}")
        term = self.body.terminator
        if not isinstance(term, ReturnOp) or term.operands:
            raise self.error("expects the body to end with 'flow.return' of no values")

    def print_custom(self, p) -> None:
        if self.workload:
            p.write("[" + p.values(self.workload) + "]")
        p.write("(" + p.values(self.args) + ") : (" + ", ".join(str(a.type) for a in self.args) + ") -> ")
        parts = [p.value(self.args[t]) if t >= 0 else str(r.type) for r, t in zip(self.results, self.tied)]
        p.write(parts[0] if len(parts) == 1 else "(" + ", ".join(parts) + ")")
        p.write(p.attr_dict(op_attributes(self), ("operandSegmentSizes", "tied_operands"), keyword=True))
        p.push_scope(isolated=True)
        args = ", ".join(f"%{p.name_value(a, f'arg{a.index}')}: {a.type}" for a in self.body.args)
        p.write(f" =\n    ({args}) ")
        p.print_region(self.regions[0], print_entry_args=False)
        p.pop_scope(isolated=True)
        count = self.count_region
        if count is not None:
            p.push_scope(isolated=True)
            args = ", ".join(f"%{p.name_value(a, f'arg{a.index}')}: {a.type}" for a in count.blocks[0].args)
            p.write(f" count({args}) -> (index, index, index) ")
            p.print_region(count, print_entry_args=False)
            p.pop_scope(isolated=True)


@define_op
class TensorSplatOp(Operation):
    """``flow.tensor.splat %v : tensor<..>``: a static tensor filled with scalar ``%v``."""

    name = "flow.tensor.splat"
    value = operand()
    output = result()
    traits = (Pure(),)

    def verify_op(self) -> None:
        t = self.results[0].type
        if not isinstance(t, TensorType) or not t.has_static_shape or t.element_type != self.operands[0].type:
            raise self.error(f"expects a static tensor of '{self.operands[0].type}', got '{t}'")

    def print_custom(self, p) -> None:
        p.write(f" {p.value(self.operands[0])} : {self.results[0].type}" + p.attr_dict(op_attributes(self)))


@define_op
class TensorReshapeOp(Operation):
    """``flow.tensor.reshape %x : T -> U``: ``%x``'s elements in row-major order with static shape
    ``U`` (same element type and element count)."""

    name = "flow.tensor.reshape"
    source = operand()
    output = result()
    traits = (Pure(),)

    def verify_op(self) -> None:
        a, b = self.operands[0].type, self.results[0].type
        if not (isinstance(a, TensorType) and isinstance(b, TensorType) and a.has_static_shape
                and b.has_static_shape and a.element_type == b.element_type and a.num_elements == b.num_elements):
            raise self.error(f"expects static tensors of one element type and count, got '{a}' -> '{b}'")

    def print_custom(self, p) -> None:
        p.write(f" {p.value(self.operands[0])} : {self.operands[0].type} -> {self.results[0].type}"
                + p.attr_dict(op_attributes(self)))


def _element_indices(op: Operation, t: Type, indices: list[Value]) -> TensorType:
    """``t`` as a static ranked tensor addressed by one index per dim, else a located error."""
    if not isinstance(t, TensorType) or not t.has_static_shape:
        raise op.error(f"expects a static ranked tensor, got '{t}'")
    if len(indices) != t.rank:
        raise op.error(f"incorrect number of indices: {len(indices)} for a rank-{t.rank} tensor")
    return t


def _print_indices(p, indices: list[Value]) -> str:
    return "[" + p.values(indices) + "]" if indices else ""


@define_op
class TensorLoadOp(Operation):
    """``%e = flow.tensor.load %t[%i, ...] : T``: element ``(%i, ...)`` of static tensor ``%t`` (no
    indices for a rank-0 tensor); the result has ``T``'s element type. What IREE makes of
    ``tensor.extract`` outside dispatches; out-of-bounds indices are a runtime error."""

    name = "flow.tensor.load"
    source = operand()
    indices = var_operand(INDEX_KIND)
    output = result()
    traits = (Pure(),)

    def verify_op(self) -> None:
        t = _element_indices(self, self.operands[0].type, self.operands[1:])
        if self.results[0].type != t.element_type:
            raise self.error(f"result type '{self.results[0].type}' must be the element type of '{t}'")

    def print_custom(self, p) -> None:
        p.write(f" {p.value(self.operands[0])}{_print_indices(p, self.operands[1:])} : {self.operands[0].type}"
                + p.attr_dict(op_attributes(self), keyword=True))


@define_op
class TensorStoreOp(Operation):
    """``%r = flow.tensor.store %v, %t[%i, ...] : T``: static tensor ``%t`` with element ``(%i, ...)``
    replaced by scalar ``%v`` (of ``T``'s element type); the result has type ``T``. What IREE makes of
    ``tensor.insert`` outside dispatches."""

    name = "flow.tensor.store"
    value = operand()
    target = operand()
    indices = var_operand(INDEX_KIND)
    output = result()
    traits = (Pure(),)

    def verify_op(self) -> None:
        t = _element_indices(self, self.operands[1].type, self.operands[2:])
        if self.operands[0].type != t.element_type:
            raise self.error(f"value type '{self.operands[0].type}' must be the element type of '{t}'")
        if self.results[0].type != t:
            raise self.error(f"result type '{self.results[0].type}' must be the target type '{t}'")

    def print_custom(self, p) -> None:
        p.write(f" {p.value(self.operands[0])}, {p.value(self.operands[1])}{_print_indices(p, self.operands[2:])} : "
                f"{self.operands[1].type}" + p.attr_dict(op_attributes(self), keyword=True))


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

    def flow_tensor_splat(self, kw, src, ty, attrs):
        et = ty.element_type if isinstance(ty, TensorType) else ty
        return self.build("flow.tensor.splat", [self.use(src, et)], [ty], dict(attrs or {}), (), self.loc(kw))

    def flow_tensor_reshape(self, kw, src, src_t, res_t, attrs):
        return self.build("flow.tensor.reshape", [self.use(src, src_t)], [res_t], dict(attrs or {}), (), self.loc(kw))

    def flow_indices(self, toks=None):
        return list(toks or [])

    def _static_tensor(self, kw, ty, dims):
        if dims is not None:
            raise self.error(f"'{kw}' of a tensor with dynamic dims is not supported", kw)
        if not isinstance(ty, TensorType):
            raise self.error(f"'{kw}' expects a ranked tensor type, got '{ty}'", kw)

    def flow_tensor_load(self, kw, src, indices, ty, dims, attrs):
        self._static_tensor(kw, ty, dims)
        operands = [self.use(src, ty)] + [self.use(t, INDEX) for t in (indices or [])]
        return self.build("flow.tensor.load", operands, [ty.element_type], dict(attrs or {}), (), self.loc(kw))

    def flow_tensor_store(self, kw, value, target, indices, ty, dims, attrs):
        self._static_tensor(kw, ty, dims)
        operands = [self.use(value, ty.element_type), self.use(target, ty)] + [self.use(t, INDEX)
                                                                                 for t in (indices or [])]
        return self.build("flow.tensor.store", operands, [ty], dict(attrs or {}), (), self.loc(kw))

    def flow_tied_result(self, tok, ty, dims):
        return ("tied", tok, ty, dims or [])

    def flow_typed_list(self, *items):
        return list(items)

    def flow_wg_results(self, *results):
        return [r for r in results if r is not None]

    def flow_workgroups_header(self, kw, workload, args, arg_types, results, attrs, *bindings):
        workload = [self.use(t, INDEX) for t in (workload or [])]
        args = list(args or [])
        arg_types = arg_types or []
        if len(args) != len(arg_types):
            raise self.error(f"'flow.dispatch.workgroups' has {len(args)} arguments but {len(arg_types)} types", kw)
        values, arg_dims = [], []
        for tok, (ty, dims) in zip(args, arg_types):
            if len(dims) != dynamic_dim_count(ty):
                raise self.error(f"argument type '{ty}' has {dynamic_dim_count(ty)} dynamic dims but {len(dims)} "
                                 "sizes are given", tok)
            values.append(self.use(tok, ty))
            arg_dims.extend(self.use(t, INDEX) for t in dims)
        names = [str(t) for t in args]
        types, tied, res_dims = [], [], []
        for r in results if isinstance(results, list) else [results]:
            if r[0] == "tied":
                _, tok, ty, dims = r
                if str(tok) not in names:
                    raise self.error(f"result tied to '{tok}', which is not an argument", tok)
                k = names.index(str(tok))
                types.append(ty if ty is not None else values[k].type)
                tied.append(k)
            else:
                ty, dims = r
                types.append(ty)
                tied.append(-1)
            res_dims.extend(self.use(t, INDEX) for t in dims)
        attributes = {"operandSegmentSizes": DenseArrayAttr(I32, (len(workload), len(values), len(arg_dims),
                                                                  len(res_dims)))}
        if any(t >= 0 for t in tied):
            attributes["tied_operands"] = ArrayAttr(tuple(IntegerAttr(t, INDEX) for t in tied))
        attributes.update(attrs or {})
        self.set_entry_args([b for b in bindings if b is not None], isolated=True)
        return {"kw": kw, "operands": workload + values + arg_dims + res_dims, "types": types,
                "attributes": attributes}

    def flow_dispatch_workgroups(self, header, body, count):
        regions = [body] + ([count] if count is not None else [])
        return self.build("flow.dispatch.workgroups", header["operands"], header["types"], header["attributes"],
                          regions, self.loc(header["kw"]))

    def flow_return(self, kw, toks, types):
        toks, types = toks or [], types or []
        if len(toks) != len(types):
            raise self.error(f"'flow.return' has {len(toks)} values but {len(types)} types", kw)
        return self.build("flow.return", [self.use(t, ty) for t, ty in zip(toks, types)], (), {}, (), self.loc(kw))
