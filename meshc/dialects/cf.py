"""cf dialect (MLIR's ControlFlow): ``cf.assert``, which the mesh lowerings emit to check at
run time what the types cannot say (a dynamic dim divisible by the device-group size), and
``cf.br``, the unconditional branch of a function of several blocks.

``cf.assert %ok, "message"``: fails the run with ``message`` when ``%ok`` (an ``i1``) is false.
Kernel: :mod:`meshc.runtime.ops.cf`.

``cf.br ^bb1`` / ``cf.br ^bb1(%x, %y : T, U)``: jumps to ``^bb1`` of the same region, its
operands becoming the block's arguments (MLIR's custom form; the generic form is
``"cf.br"(%x, %y)[^bb1] : (T, U) -> ()``). meshc's passes work on single-block functions
(``sharding-propagation`` rejects more, as upstream's); the interpreter has no kernel for it.
"""

from __future__ import annotations

from meshc.ir.attributes import StringAttr
from meshc.ir.core import Operation
from meshc.ir.opdef import Terminator, TypeKind, attribute, define_op, operand, var_operand
from meshc.ir.types import I1


I1_KIND = TypeKind("i1", lambda t: t == I1, I1)


@define_op
class AssertOp(Operation):
    """``cf.assert %cond, "msg"``."""

    name = "cf.assert"
    arg = operand(I1_KIND)
    msg = attribute(StringAttr)
    assembly_format = "$arg `,` $msg attr-dict"


@define_op
class BranchOp(Operation):
    """``cf.br ^dest(%args : types)``: see the module docstring.

    Errors: a branch that does not name exactly one block, or whose operands do not match the
    block's arguments in number and types (MLIR's ``BranchOpInterface`` checks).
    """

    name = "cf.br"
    dest_operands = var_operand()
    traits = (Terminator(),)
    #: the custom form spells the successor (the printer's default is the generic form for those)
    prints_successors = True

    def verify_op(self) -> None:
        if len(self.successors) != 1:
            raise self.error(f"requires exactly one successor block, got {len(self.successors)}")
        dest = self.successors[0]
        if len(dest.args) != len(self.operands):
            raise self.error(f"branch has {len(self.operands)} operands for a successor block with "
                             f"{len(dest.args)} arguments")
        for i, (v, a) in enumerate(zip(self.operands, dest.args)):
            if v.type != a.type:
                raise self.error(f"type mismatch for successor operand #{i}: '{v.type}' passed to a block "
                                 f"argument of type '{a.type}'")

    def print_custom(self, p) -> None:
        p.write(" " + p.block_ref(self.successors[0]) if self.successors else "")
        if self.operands:
            p.write("(" + p.values(self.operands) + " : " + p.types(v.type for v in self.operands) + ")")
        p.write(p.attr_dict(self.attributes, ()))


class Syntax:
    """Parse callbacks of grammar/cf.lark."""

    def cf_br_op(self, kw, label, args, attrs):
        values, types = args if args is not None else ([], [])
        if len(values) != len(types):
            raise self.error(f"branch has {len(values)} operands but {len(types)} types", kw)
        operands = [self.use(t, ty) for t, ty in zip(values, types)]
        op = self.build(str(kw), operands, (), attrs or {}, (), self.loc(kw))
        op.successors = self.successors(label)
        return op

    def cf_br_args(self, values, types):
        return (values or [], types or [])
