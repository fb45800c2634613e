"""The sharding rule of foreign ops: ops of dialects meshc has no classes for (generic form).

meshc reads any op in MLIR's generic form (``"stablehlo.add"(%a, %b) : (...) -> ...``); without a model
such an op is replicated, which gathers its operands. Many of them are elementwise, and their generic
form says enough to shard them as upstream's ``ElementwiseShardingInterface`` does. The recognition
rule (meshc's; the lists from the TOSA 1.0 and StableHLO specifications' elementwise operators):

* the op is *unregistered* (meshc has no class for its name) and has no regions;
* its name is in :data:`ELEMENTWISE_FOREIGN_OPS` (elementwise by its dialect's specification:
  TOSA's elementwise unary, binary and ternary operators, StableHLO's elementwise ops, and MHLO's
  spellings of the same);
* every operand and result is a ranked tensor, all of the same static shape (no implicit
  broadcast: TOSA and StableHLO broadcast only with equal ranks and size-1 dims, which this rule does
  not link; such an instance is replicated) and it has at least one result.

Such an op gets identity maps over its result dims, all parallel (one loop per dim), as an ``arith``
op on tensors: a split, uneven offsets or halos carry through it, and partition clones it onto the
local shards. Any other foreign op has no rule: it is replicated (its tensors gathered), and
``sharding-propagation`` says so in a remark; :func:`foreign_rule_remark` says why.
"""

from __future__ import annotations

from typing import Optional

from meshc.interfaces.sharding import IterationSpace
from meshc.interfaces.sharding_models import ElementwiseModel
from meshc.interfaces.spmd import PartitionContext, PartitionError
from meshc.ir.core import Operation, Value
from meshc.ir.types import TensorType

__all__ = ["ELEMENTWISE_FOREIGN_OPS", "ForeignElementwiseModel", "is_foreign", "foreign_rule_remark"]

_TOSA = ("abs", "add", "arithmetic_right_shift", "bitwise_and", "bitwise_not", "bitwise_or", "bitwise_xor",
         "cast", "ceil", "clamp", "clz", "cos", "equal", "erf", "exp", "floor", "greater", "greater_equal",
         "intdiv", "log", "logical_and", "logical_left_shift", "logical_not", "logical_or",
         "logical_right_shift", "logical_xor", "maximum", "minimum", "negate", "pow", "reciprocal", "rsqrt",
         "select", "sigmoid", "sin", "sub", "tanh")
_STABLEHLO = ("abs", "add", "and", "atan2", "cbrt", "ceil", "clamp", "compare", "complex", "convert", "cosine",
              "count_leading_zeros", "divide", "exponential", "exponential_minus_one", "floor", "imag",
              "is_finite", "log", "log_plus_one", "logistic", "maximum", "minimum", "multiply", "negate", "not",
              "or", "popcnt", "power", "real", "remainder", "round_nearest_afz", "round_nearest_even", "rsqrt",
              "select", "shift_left", "shift_right_arithmetic", "shift_right_logical", "sign", "sine", "sqrt",
              "subtract", "tan", "tanh", "xor")

#: Foreign op names that are elementwise by their dialect's specification.
ELEMENTWISE_FOREIGN_OPS: frozenset[str] = frozenset(
    [f"tosa.{n}" for n in _TOSA] + [f"stablehlo.{n}" for n in _STABLEHLO] + [f"mhlo.{n}" for n in _STABLEHLO])


def is_foreign(op: Operation) -> bool:
    """Whether ``op`` is of a name meshc has no class for (read in the generic form)."""
    return type(op) is Operation


def foreign_rule_remark(op: Operation) -> Optional[str]:
    """Why foreign ``op`` has no elementwise rule (None when it has one)."""
    if op.regions:
        return f"'{op.name}' has regions"
    if op.name not in ELEMENTWISE_FOREIGN_OPS:
        return f"'{op.name}' is not a known elementwise op"
    types = [v.type for v in list(op.operands) + list(op.results)]
    if not op.results or not all(isinstance(t, TensorType) and t.has_static_shape for t in types):
        return f"'{op.name}' has operands or results that are not tensors of static shape"
    if len({t.shape for t in types}) != 1:  # type: ignore[attr-defined]
        return f"'{op.name}' has operands and results of different shapes (a broadcast)"
    return None


class ForeignElementwiseModel(ElementwiseModel):
    """Foreign ops: the elementwise rule (:class:`~meshc.interfaces.sharding_models.ElementwiseModel`)
    for those the module docstring's rule recognises, no rule for the others."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        if foreign_rule_remark(op) is not None:
            return None
        return super().iteration_space(op)

    def rule_remark(self, op: Operation) -> Optional[str]:
        """What sharding-propagation says of a foreign op, either way."""
        why = foreign_rule_remark(op)
        if why is None:
            return f"foreign op '{op.name}' is elementwise (known op, one shape): sharded as an elementwise op"
        return f"foreign op '{op.name}' has no sharding rule ({why}): replicated"

    def partition(self, op: Operation, ctx: PartitionContext) -> list[Value]:
        """The op cloned onto the local shards; one without a rule needs every tensor replicated."""
        if foreign_rule_remark(op) is not None and not ctx.all_replicated:
            raise PartitionError(f"foreign op '{op.name}' has no sharding rule and is partitioned only when every "
                                 "tensor it touches is replicated")
        return super().partition(op, ctx)


FOREIGN_MODEL = ForeignElementwiseModel()
