"""hal dialect (IREE): the tensor import and export of IREE's ABI.

From ``--compile-to=abi`` on, IREE wraps a public function: its arguments and results become
``!hal.buffer_view`` (attribute ``iree.abi.stub``, the original signature in
``iree.reflection = {iree.abi.declaration = "..."}``), each argument is turned into a tensor by
``hal.tensor.import`` and each result out of one by ``hal.tensor.export`` (IREE
``compiler/src/iree/compiler/Dialect/HAL/IR/HALOps.td``):

* ``hal.tensor.import [wait(%fence) =>] %buffer ["name"] : !hal.buffer_view -> tensor<..>[{%dims}]``;
* ``hal.tensor.export %tensor ["name"] : tensor<..>[{%dims}] -> !hal.buffer_view``.

The optional name is kept in the ``name`` attribute. meshc reads such a function as the tensor
function it wraps (:mod:`meshc.frontends.iree_abi`); the kernels (:mod:`meshc.runtime.ops.hal`) pass
the tensor through, so a program that keeps them still runs on the reference interpreter.
"""

from __future__ import annotations

from meshc.ir.attributes import StringAttr, UnitAttr
from meshc.ir.core import Operation
from meshc.ir.opdef import Pure, define_op, op_attributes, var_operand, var_result
from meshc.ir.types import INDEX, TensorType


def _name_text(op: Operation) -> str:
    name = op.attributes.get("name")
    return f' "{name.value}"' if isinstance(name, StringAttr) else ""


def _dims(p, values) -> str:
    return "{" + ", ".join(p.value(v) for v in values) + "}" if values else ""


@define_op
class TensorImportOp(Operation):
    """``hal.tensor.import %buffer "name" : !hal.buffer_view -> tensor<..>{%dims}``: operands are the
    buffer view, then the dynamic sizes of the result, then the optional wait fence (last, when the
    ``wait`` attribute says so)."""

    name = "hal.tensor.import"
    values = var_operand()
    outputs = var_result()
    traits = (Pure(),)

    def verify_op(self) -> None:
        if len(self.results) != 1 or not isinstance(self.results[0].type, TensorType):
            raise self.error("expects one tensor result")
        n = sum(1 for d in self.results[0].type.shape if d is None)  # type: ignore[attr-defined]
        waits = 1 if "wait" in self.attributes else 0
        if len(self.operands) != 1 + n + waits:
            raise self.error(f"expects the buffer, {n} dynamic sizes and {waits} wait fences, got "
                             f"{len(self.operands)} operands")

    def print_custom(self, p) -> None:
        waits = 1 if "wait" in self.attributes else 0
        if waits:
            p.write(f" wait({p.value(self.operands[-1])}) =>")
        ops = self.operands[:len(self.operands) - waits]
        p.write(f" {p.value(ops[0])}{_name_text(self)} : {ops[0].type} -> {self.results[0].type}"
                f"{_dims(p, ops[1:])}")
        p.write(p.attr_dict(op_attributes(self), ("name", "wait")))


@define_op
class TensorExportOp(Operation):
    """``hal.tensor.export %tensor "name" : tensor<..>{%dims} -> !hal.buffer_view``."""

    name = "hal.tensor.export"
    values = var_operand()
    outputs = var_result()
    traits = (Pure(),)

    def verify_op(self) -> None:
        if len(self.results) != 1 or not self.operands or not isinstance(self.operands[0].type, TensorType):
            raise self.error("expects one tensor operand (and its dynamic sizes) and one result")

    def print_custom(self, p) -> None:
        src = self.operands[0]
        p.write(f" {p.value(src)}{_name_text(self)} : {src.type}{_dims(p, self.operands[1:])} -> "
                f"{self.results[0].type}")
        p.write(p.attr_dict(op_attributes(self), ("name",)))


def post_parse(module: Operation) -> None:
    """Read IREE's ABI stubs as the tensor functions they wrap (:func:`meshc.frontends.iree_abi.unwrap_abi`)."""
    from meshc.frontends.iree_abi import unwrap_abi

    unwrap_abi(module)


class Syntax:
    """Parse callbacks of grammar/hal.lark."""

    def hal_dims(self, toks=None):
        return list(toks or [])

    def hal_wait(self, kw, fence):
        return fence

    def hal_tensor_import(self, kw, wait, buffer, name, src_type, result_type, dims, attrs):
        operands = [self.use(buffer, src_type)] + [self.use(t, INDEX) for t in (dims or [])]
        attributes = {}
        if name is not None:
            attributes["name"] = self.string_attr(name)
        if wait is not None:
            operands.append(self.use(wait))
            attributes["wait"] = UnitAttr()
        attributes.update(attrs or {})
        return self.build("hal.tensor.import", operands, [result_type], attributes, (), self.loc(kw))

    def hal_tensor_export(self, kw, src, name, src_type, dims, result_type, attrs):
        operands = [self.use(src, src_type)] + [self.use(t, INDEX) for t in (dims or [])]
        attributes = {"name": self.string_attr(name)} if name is not None else {}
        attributes.update(attrs or {})
        return self.build("hal.tensor.export", operands, [result_type], attributes, (), self.loc(kw))
