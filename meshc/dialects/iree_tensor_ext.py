"""iree_tensor_ext dialect (IREE): ``iree_tensor_ext.compute_barrier.start`` / ``.end``.

IREE's ABI lowering (``--compile-to=abi`` and later phases) puts ``compute_barrier.start`` on each
imported argument and ``compute_barrier.end`` on each value before its export: markers that keep the
computation between them from being hoisted or sunk across the ABI boundary
(``compiler/src/iree/compiler/Dialect/TensorExt/IR``). Each returns its operand unchanged:
``iree_tensor_ext.compute_barrier.start %x : T[{%dims}] -> T``. meshc reads them away with the ABI
(:mod:`meshc.frontends.iree_abi`); kept, they are the identity (kernel in
:mod:`meshc.runtime.ops.hal`).
"""

from __future__ import annotations

from meshc.ir.core import Operation
from meshc.ir.opdef import Pure, define_op, op_attributes, var_operand, var_result
from meshc.ir.types import INDEX

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


class Syntax:
    """Parse callbacks of grammar/iree_tensor_ext.lark."""

    def iree_barrier_dims(self, toks=None):
        return list(toks or [])

    def iree_compute_barrier(self, kw, src, src_type, dims, result_type, attrs):
        operands = [self.use(src, src_type)] + [self.use(t, INDEX) for t in (dims or [])]
        return self.build(str(kw), operands, [result_type], dict(attrs or {}), (), self.loc(kw))
