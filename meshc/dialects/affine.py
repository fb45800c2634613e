"""affine dialect (MLIR's): the index (de)linearization ops the mesh lowerings emit.

* ``%i:2 = affine.delinearize_index %lin into (%b0, %b1) : index, index`` -- the row-major
  multi-index of ``%lin`` in a basis (``%lin`` mod the product of the basis wraps around, as
  MLIR's lowering computes it: ``i_last = lin mod b_last``, then divide and repeat);
* ``%l = affine.linearize_index [%i0, %i1] by (%b0, %b1) : index`` -- its inverse,
  ``((i0 * b1) + i1)``.

The basis is given as SSA ``index`` values (the form the mesh lowerings build from
``mesh.mesh_shape``). Kernels: :mod:`meshc.runtime.ops.affine`.
"""

from __future__ import annotations

from meshc.ir.core import Operation
from meshc.ir.opdef import INDEX_KIND, Pure, define_op, operand, result, var_operand, var_result


@define_op
class DelinearizeIndexOp(Operation):
    """``affine.delinearize_index %lin into (basis) : index...``: one result per basis element."""

    name = "affine.delinearize_index"
    linear_index = operand(INDEX_KIND)
    basis = var_operand(INDEX_KIND)
    multi_index = var_result(INDEX_KIND)
    traits = (Pure(),)
    assembly_format = "$linear_index `into` `(` $basis `)` attr-dict `:` type($multi_index)"

    def print_custom(self, p) -> None:
        """MLIR's spelling: ``into (%b0, %b1)`` (a space before the parenthesis)."""
        p.write(f" {p.value(self.linear_index)} into ({p.values(self.basis)})"
                + p.attr_dict(self.attributes, ()) + " : " + p.types(r.type for r in self.multi_index))

    def verify_op(self) -> None:
        if len(self.multi_index) != len(self.basis):
            raise self.error(f"expects one result per basis element ({len(self.basis)}), got {len(self.multi_index)}")


@define_op
class LinearizeIndexOp(Operation):
    """``affine.linearize_index [multi-index] by (basis) : index``."""

    name = "affine.linearize_index"
    multi_index = var_operand(INDEX_KIND)
    basis = var_operand(INDEX_KIND)
    linear_index = result(INDEX_KIND)
    traits = (Pure(),)
    assembly_format = "`[` $multi_index `]` `by` `(` $basis `)` attr-dict `:` type($linear_index)"

    def print_custom(self, p) -> None:
        """MLIR's spelling: ``[%i, %j] by (%b0, %b1)``."""
        p.write(f" [{p.values(self.multi_index)}] by ({p.values(self.basis)})"
                + p.attr_dict(self.attributes, ("operandSegmentSizes",)) + f" : {self.linear_index.type}")

    def verify_op(self) -> None:
        if len(self.multi_index) != len(self.basis):
            raise self.error(f"expects as many indices ({len(self.multi_index)}) as basis elements "
                             f"({len(self.basis)})")
