"""``distribute-types``: turn ``mesh.shard`` annotations into distributed tensor types.

Seed 000, first step ("we transform the program from annotations using
``mesh.shard`` operations to a distributed tensor form that utilizes the
tensor encoding attribute"): every tensor value's type carries its sharding,
``tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>`` (PIPELINE.md stage 3).

* A base value (block argument or result of an op other than
  ``mesh.shard``) keeps the sharding its type already has, else gets the
  sharding of its pinned annotation (its first direct ``mesh.shard`` user
  without ``annotate_for_users``), else is replicated ``<@m, [[]]>``. Run
  ``sharding-propagation`` first to infer the rest.
* Each ``mesh.shard`` whose operand already has its sharding disappears; one
  whose sharding differs stays as a resharding point ``mesh.shard %x to S :
  T_in -> T_out`` (``annotate_for_users`` dropped: the types say it all).
* Tensor values inside regions (of ops without a sharding rule) are
  replicated; the function type follows its arguments and returned values.

Shardings are read and written only through
:func:`meshc.dialects.mesh.sharding_of` / :func:`~meshc.dialects.mesh.with_sharding`,
so a tensor that also carries an ``#iree_encoding`` keeps both
(``#mesh.shard<@m, [[0]], inner = #iree_encoding.encoding<...>>``, DESIGN.md).
The shardings of every type of the function are checked before and after
(:func:`meshc.interfaces.annotations.verify_type_shardings`). Functions
without any sharding are left alone. Running the pass twice changes nothing.
"""

from __future__ import annotations

from meshc.dialects.func import FuncOp
from meshc.dialects.mesh import ShardOp, sharding_of, with_sharding
from meshc.interfaces.annotations import (analyze_block, function_mesh, functions, static_sharding,
                                          verify_type_shardings)
from meshc.interfaces.sharding import replicated
from meshc.ir.core import Operation, Value
from meshc.ir.types import TensorType
from meshc.passes.base import Pass


class DistributeTypes(Pass):
    """See the module docstring."""

    name = "distribute-types"
    summary = "Put each tensor value's sharding into its type (#mesh.shard encoding); drop agreeing mesh.shard ops"
    display_name = "DistributeTypes"

    def run(self, op: Operation) -> None:
        for func in functions(op):
            self.distribute(func)

    def distribute(self, func: FuncOp) -> None:
        """Rewrite ``func`` in distributed form (see the module docstring).

        Raises:
            DiagnosticError: two meshes in the function, a non-static annotation, or an invalid
                sharding in a type (before or after).
        """
        mesh = function_mesh(func)
        if mesh is None:
            return
        verify_type_shardings(func)
        default = replicated(mesh)
        for block in func.regions[0].blocks:
            for bv in analyze_block(block):
                current = sharding_of(bv.value.type)
                _set_sharding(bv.value, current or bv.pinned or default)
            for op in list(block.ops):
                if isinstance(op, ShardOp):
                    self.lower_annotation(op)
                else:
                    _replicate_nested(op, default)
        func.update_type_from_body()
        verify_type_shardings(func)

    def lower_annotation(self, op: ShardOp) -> None:
        """Erase ``op`` when its operand already has its sharding, else keep it as a typed resharding point."""
        target = static_sharding(op)
        if sharding_of(op.src.type) == target:
            op.result.replace_all_uses_with(op.src)
            op.erase()
            return
        _set_sharding(op.result, target)
        op.attributes.pop("annotate_for_users", None)


def _set_sharding(v: Value, sharding) -> None:
    if isinstance(v.type, TensorType):
        v.type = with_sharding(v.type, sharding)


def _replicate_nested(op: Operation, default) -> None:
    """Give every tensor value inside ``op``'s regions without a sharding the replicated one."""
    for region in op.regions:
        for block in region.blocks:
            for a in block.args:
                if sharding_of(a.type) is None:
                    _set_sharding(a, default)
            for inner in block.ops:
                for r in inner.results:
                    if sharding_of(r.type) is None:
                        _set_sharding(r, default)
                _replicate_nested(inner, default)
