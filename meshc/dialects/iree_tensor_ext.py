"""iree_tensor_ext dialect (IREE): ``iree_tensor_ext.compute_barrier.start`` / ``.end``, and the
dispatch tensor bindings of ``flow.dispatch.workgroups`` bodies.

IREE's ABI lowering (``--compile-to=abi`` and later phases) puts ``compute_barrier.start`` on each
imported argument and ``compute_barrier.end`` on each value before its export: markers that keep the
computation between them from being hoisted or sunk across the ABI boundary
(``compiler/src/iree/compiler/Dialect/TensorExt/IR``). Each returns its operand unchanged:
``iree_tensor_ext.compute_barrier.start %x : T[{%dims}] -> T``. meshc reads them away with the ABI
(:mod:`meshc.frontends.iree_abi`); kept, they are the identity (kernel in
:mod:`meshc.runtime.ops.hal`).

IREE's dispatch creation (``--compile-to=dispatch-creation``, 3.x) gives each dispatch's body block
arguments of type ``!iree_tensor_ext.dispatch.tensor<ACCESS:tensor<..>>`` (``!flow.dispatch.tensor``
before IREE 3.4), ACCESS one of ``readonly``, ``writeonly``, ``readwrite``; the body reads them with
``iree_tensor_ext.dispatch.tensor.load %b, offsets = [..], sizes = [..], strides = [..] : !B -> T``
and writes its results with ``iree_tensor_ext.dispatch.tensor.store %v, %b, offsets = ... : T -> !B``
(``Dialect/TensorExt/IR/TensorExtOps.td``); the count region asks
``iree_tensor_ext.dispatch.workgroup_count_from_slice`` for the workgroup grid. Only static bindings
are read (a binding with dynamic dims, ``%b{%d}``, is a located error). A dispatch whose body depends
on an index of the enclosing program (the layer a loop trip slices off a weight stack) takes it as an
``index`` operand that is also its workload, and the body names it once through
``%o = iree_tensor_ext.dispatch.workload.ordinal %arg, N : index`` (N: its position in the workload,
for codegen to relate the workgroup count to it): the identity on ``%arg``.
"""

from __future__ import annotations

import re
from typing import Optional

from meshc.dialects.tensor import SliceOp, format_mixed, resolve_mixed
from meshc.ir.core import Operation
from meshc.ir.attributes import IntegerAttr
from meshc.ir.opdef import (INDEX_KIND, Pure, attribute, define_op, op_attributes, operand, result, var_operand,
                            var_result)
from meshc.ir.types import INDEX, FloatType, IndexType, IntegerType, OpaqueType, TensorType, Type

DISPATCH_TENSOR_DIALECTS = ("iree_tensor_ext", "flow")
"""Dialects spelling ``!D.dispatch.tensor<..>``: IREE 3.4 on, and before."""
ACCESSES = ("readonly", "writeonly", "readwrite")
_BINDING = re.compile(r"<(readonly|writeonly|readwrite):tensor<((?:\d+x)*)([a-z]+\d*)>>")


def dispatch_tensor(t: Type) -> Optional[tuple[str, TensorType]]:
    """``(access, tensor type)`` of a static ``!iree_tensor_ext.dispatch.tensor<access:tensor<..>>``
    (or ``!flow.dispatch.tensor``); None for any other type, a dynamic shape or an encoded tensor."""
    if not isinstance(t, OpaqueType) or t.dialect not in DISPATCH_TENSOR_DIALECTS or t.name != "dispatch.tensor":
        return None
    m = _BINDING.fullmatch(t.body)
    if m is None:
        return None
    elem = m.group(3)
    et: Type
    if elem == "index":
        et = INDEX
    elif re.fullmatch(r"i\d+", elem):
        et = IntegerType(int(elem[1:]))
    elif elem in ("f16", "bf16", "f32", "f64"):
        et = FloatType(elem)
    else:
        return None
    shape = tuple(int(d) for d in m.group(2).split("x") if d)
    return m.group(1), TensorType(shape, et)

BARRIERS = ("iree_tensor_ext.compute_barrier.start", "iree_tensor_ext.compute_barrier.end")


class _Barrier(Operation):
    values = var_operand()
    outputs = var_result()
    traits = (Pure(),)

    def verify_op(self) -> None:
        if len(self.results) != 1 or not self.operands or self.operands[0].type != self.results[0].type:
            raise self.error(f"expects its result to have its operand's type, got "
                             f"{[str(v.type) for v in self.operands[:1]]} -> {[str(r.type) for r in self.results]}")

    def print_custom(self, p) -> None:
        src = self.operands[0]
        dims = "{" + ", ".join(p.value(v) for v in self.operands[1:]) + "}" if len(self.operands) > 1 else ""
        p.write(f" {p.value(src)} : {src.type}{dims} -> {self.results[0].type}")
        p.write(p.attr_dict(op_attributes(self)))


@define_op
class ComputeBarrierStartOp(_Barrier):
    """``iree_tensor_ext.compute_barrier.start %x : T -> T``: the identity, after an ABI import."""

    name = "iree_tensor_ext.compute_barrier.start"


@define_op
class ComputeBarrierEndOp(_Barrier):
    """``iree_tensor_ext.compute_barrier.end %x : T -> T``: the identity, before an ABI export."""

    name = "iree_tensor_ext.compute_barrier.end"


def _binding(op: Operation, v, writes: bool) -> TensorType:
    found = dispatch_tensor(v.type)
    if found is None:
        raise op.error(f"expects a static '!iree_tensor_ext.dispatch.tensor<..:tensor<..>>' binding, got '{v.type}'")
    access, t = found
    if writes and access == "readonly":
        raise op.error(f"cannot store into a readonly binding ('{v.type}')")
    if not writes and access == "writeonly":
        raise op.error(f"cannot load from a writeonly binding ('{v.type}')")
    return t


@define_op
class DispatchTensorLoadOp(SliceOp):
    """``iree_tensor_ext.dispatch.tensor.load %b, offsets = [..], sizes = [..], strides = [..] : !B -> T``:
    the box of binding ``%b`` (readonly or readwrite) as a tensor, possibly rank-reduced (as
    ``tensor.extract_slice``). Operands: the binding, then the dynamic offsets, sizes, strides."""

    name = "iree_tensor_ext.dispatch.tensor.load"
    num_leading = 1
    source = operand()
    offsets = var_operand(INDEX_KIND)
    sizes = var_operand(INDEX_KIND)
    strides = var_operand(INDEX_KIND)
    output = result()
    traits = (Pure(),)

    @property
    def full_type(self) -> Type:
        return _binding(self, self.operands[0], False)

    @property
    def sliced_type(self) -> Type:
        return self.results[0].type

    def print_custom(self, p) -> None:
        p.write(_slice_text(self, p, [self.operands[0]]) + f" : {self.operands[0].type} -> {self.results[0].type}")


@define_op
class DispatchTensorStoreOp(SliceOp):
    """``iree_tensor_ext.dispatch.tensor.store %v, %b, offsets = [..], sizes = [..], strides = [..] : T -> !B``:
    writes ``%v`` into the box of binding ``%b`` (writeonly or readwrite). No results."""

    name = "iree_tensor_ext.dispatch.tensor.store"
    num_leading = 2
    value = operand()
    target = operand()
    offsets = var_operand(INDEX_KIND)
    sizes = var_operand(INDEX_KIND)
    strides = var_operand(INDEX_KIND)

    @property
    def full_type(self) -> Type:
        return _binding(self, self.operands[1], True)

    @property
    def sliced_type(self) -> Type:
        return self.operands[0].type

    def print_custom(self, p) -> None:
        p.write(_slice_text(self, p, self.operands[:2]) + f" : {self.operands[0].type} -> {self.operands[1].type}")


def _slice_text(op: SliceOp, p, leading) -> str:
    return (" " + p.values(leading) + ", offsets = " + format_mixed(p, op.mixed_offsets) + ", sizes = "
            + format_mixed(p, op.mixed_sizes) + ", strides = " + format_mixed(p, op.mixed_strides)
            + p.attr_dict(op.attributes, op._ELIDED))


@define_op
class WorkgroupCountFromSliceOp(Operation):
    """``%x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w...)``: the workgroup
    grid that IREE's codegen derives from the dispatch's tiling (three index values). It only appears
    in a workgroup count region, which meshc never runs."""

    name = "iree_tensor_ext.dispatch.workgroup_count_from_slice"
    workload = var_operand(INDEX_KIND)
    counts = var_result()
    traits = (Pure(),)

    def verify_op(self) -> None:
        if len(self.results) != 3 or any(not isinstance(r.type, IndexType) for r in self.results):
            raise self.error("expects three index results (x, y, z)")

    def print_custom(self, p) -> None:
        p.write("(" + p.values(self.operands) + ")" + p.attr_dict(op_attributes(self)))


def fold_workload_ordinal(op: Operation, rewriter) -> bool:
    """``dispatch.workload.ordinal %x, N`` is ``%x`` once it is outside a dispatch (IREE drops it when
    codegen has read the ordinal; meshc's ``convert-flow-to-tensor`` puts dispatch bodies in place, where
    no workgroup count is derived). Declared by :class:`WorkloadOrdinalOp`."""
    if any(a.name == "flow.dispatch.workgroups" for a in op.ancestors()):
        return False
    rewriter.replace_op(op, [op.operands[0]])
    return True


@define_op
class WorkloadOrdinalOp(Operation):
    """``%o = iree_tensor_ext.dispatch.workload.ordinal %x, N : index``: ``%x`` (an index operand of the
    enclosing ``flow.dispatch.workgroups``), marked as value ``N`` of its workload (see the module
    docstring). The identity; ``N`` must be non-negative (``flow.dispatch.workload.ordinal`` before
    IREE 3.4)."""

    name = "iree_tensor_ext.dispatch.workload.ordinal"
    operand_ = operand(INDEX_KIND)
    ordinal = attribute(IntegerAttr)
    output = result(INDEX_KIND)
    traits = (Pure(),)
    canonicalization_patterns = (fold_workload_ordinal,)

    def verify_op(self) -> None:
        if int(self.attr("ordinal").value) < 0:
            raise self.error(f"ordinal must be non-negative, got {self.attr('ordinal').value}")

    def print_custom(self, p) -> None:
        p.write(f" {p.value(self.operands[0])}, {self.attr('ordinal').value} : index"
                + p.attr_dict(op_attributes(self), ("ordinal",)))


class Syntax:
    """Parse callbacks of grammar/iree_tensor_ext.lark."""

    def iree_workload_ordinal(self, kw, src, ordinal, attrs, ty):
        if not isinstance(ty, IndexType):
            raise self.error(f"'iree_tensor_ext.dispatch.workload.ordinal' expects type 'index', got '{ty}'", kw)
        extra = {"ordinal": IntegerAttr(int(ordinal), INDEX)}
        extra.update(attrs or {})
        return self.build("iree_tensor_ext.dispatch.workload.ordinal", [self.use(src, INDEX)], [INDEX], extra, (),
                          self.loc(kw))

    def iree_dispatch_load(self, kw, src, dims, offs, sizes, strides, attrs, src_t, res_t):
        if dims is not None:
            raise self.error("dispatch tensor bindings with dynamic dims are not supported", kw)
        extra, dyn = SliceOp.make_attributes(*(resolve_mixed(self, m) for m in (offs, sizes, strides)), leading=1)
        extra.update(attrs or {})
        return self.build("iree_tensor_ext.dispatch.tensor.load", [self.use(src, src_t)] + dyn, [res_t], extra, (),
                          self.loc(kw))

    def iree_dispatch_store(self, kw, value, target, dims, offs, sizes, strides, attrs, value_t, target_t):
        if dims is not None:
            raise self.error("dispatch tensor bindings with dynamic dims are not supported", kw)
        extra, dyn = SliceOp.make_attributes(*(resolve_mixed(self, m) for m in (offs, sizes, strides)), leading=2)
        extra.update(attrs or {})
        return self.build("iree_tensor_ext.dispatch.tensor.store", [self.use(value, value_t), self.use(target, target_t)]
                          + dyn, [], extra, (), self.loc(kw))

    def iree_binding_dims(self, toks=None):
        return list(toks or [])

    def iree_workgroup_count(self, kw, toks, attrs):
        return self.build("iree_tensor_ext.dispatch.workgroup_count_from_slice",
                          [self.use(t, INDEX) for t in (toks or [])], [INDEX] * 3, dict(attrs or {}), (),
                          self.loc(kw))

    def iree_barrier_dims(self, toks=None):
        return list(toks or [])

    def iree_compute_barrier(self, kw, src, src_type, dims, result_type, attrs):
        operands = [self.use(src, src_type)] + [self.use(t, INDEX) for t in (dims or [])]
        return self.build(str(kw), operands, [result_type], dict(attrs or {}), (), self.loc(kw))
