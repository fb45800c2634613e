"""``set-encoding``: annotate matmuls with data-tiling encodings.

After IREE's ``iree-dispatch-creation-set-encoding`` (``SetEncoding.cpp``):
each ``linalg.matmul`` / ``batch_matmul`` (and their ``_transpose_a/b``
forms) whose operands carry no data-tiling encoding gets

  %lhs_e = iree_encoding.set_encoding %lhs : T_lhs -> T_lhs<#enc0>
  %rhs_e = iree_encoding.set_encoding %rhs : T_rhs -> T_rhs<#enc1>
  %acc_e = iree_encoding.set_encoding %acc : T_acc -> T_acc<#enc2>
  %mm    = linalg.matmul ins(%lhs_e, %rhs_e) outs(%acc_e) -> T_acc<#enc2>
  %r     = iree_encoding.unset_encoding %mm : T_acc<#enc2> -> T_acc

with ``#encK = #iree_encoding.encoding<operand_index = K, op_type = matmul,
element_types = [lhs, rhs, acc], user_indexing_maps = [the op's maps],
iteration_sizes = [the static loop ranges, ? where dynamic]>``, so an
unannotated program can be data-tiled: ``propagate-encodings`` then moves
the encoding ops (the accumulator's set_encoding bubbles into its
``linalg.fill`` / ``tensor.empty``) and ``materialize-encodings`` packs.
Ops whose operands already carry encodings, or shardings, are left alone.
"""

from __future__ import annotations

from meshc.dialects.iree_encoding import EncodingAttr, data_tiling_encoding_of
from meshc.dialects.mesh import sharding_of
from meshc.interfaces.encoding import clone_with, encoded_type, set_encoding, unset_encoding
from meshc.ir.builder import Rewriter
from meshc.ir.core import Operation
from meshc.ir.types import TensorType
from meshc.passes.base import Pass

MATMULS = ("linalg.matmul", "linalg.batch_matmul", "linalg.matmul_transpose_a", "linalg.matmul_transpose_b",
           "linalg.batch_matmul_transpose_a", "linalg.batch_matmul_transpose_b")
"""The contractions this pass annotates."""


def matmul_encodings(op) -> list[EncodingAttr]:
    """The three encodings (LHS, RHS, result) of contraction ``op``."""
    operands = op.inputs + op.inits
    elems = tuple(v.type.element_type for v in operands)
    maps = tuple(op.indexing_maps())
    sizes = tuple(op.static_loop_ranges())
    return [EncodingAttr(i, "matmul", elems, maps, sizes) for i in range(3)]


class SetEncoding(Pass):
    """See the module docstring."""

    name = "set-encoding"
    summary = "Annotate matmul operands and results with data-tiling encodings (IREE set-encoding)"

    def run(self, op: Operation) -> None:
        rw = Rewriter()
        for mm in [o for o in op.walk() if o.name in MATMULS]:
            operands = mm.inputs + mm.inits  # type: ignore[attr-defined]
            if len(operands) != 3 or not all(isinstance(v.type, TensorType) for v in operands):
                continue
            if any(data_tiling_encoding_of(v.type) is not None or sharding_of(v.type) is not None
                   for v in operands):
                self.remark(mm, "operands already carry an encoding or a sharding: not annotated")
                continue
            encodings = matmul_encodings(mm)
            rw.set_before(mm)
            new_operands = [set_encoding(rw, v, enc, mm.location)[0] for v, enc in zip(operands, encodings)]
            new = clone_with(mm, new_operands, [encoded_type(mm.results[0].type, encodings[2])])
            rw.insert(new)
            plain, _ = unset_encoding(rw, new.results[0], mm.location)
            plain.name_hint = mm.results[0].name_hint
            new.results[0].name_hint = None
            mm.results[0].replace_all_uses_with(plain)
            mm.erase()
