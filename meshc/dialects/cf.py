"""cf dialect (MLIR's ControlFlow): ``cf.assert``, which the mesh lowerings emit to check at
run time what the types cannot say (a dynamic dim divisible by the device-group size).

``cf.assert %ok, "message"``: fails the run with ``message`` when ``%ok`` (an ``i1``) is false.
Kernel: :mod:`meshc.runtime.ops.cf`.
"""

from __future__ import annotations

from meshc.ir.attributes import StringAttr
from meshc.ir.core import Operation
from meshc.ir.opdef import TypeKind, attribute, define_op, operand
from meshc.ir.types import I1


I1_KIND = TypeKind("i1", lambda t: t == I1, I1)


@define_op
class AssertOp(Operation):
    """``cf.assert %cond, "msg"``."""

    name = "cf.assert"
    arg = operand(I1_KIND)
    msg = attribute(StringAttr)
    assembly_format = "$arg `,` $msg attr-dict"
