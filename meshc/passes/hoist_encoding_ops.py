"""``hoist-encoding-ops``: move encoding ops within dispatch regions, then hoist ``set_encoding`` out.

IREE's ``iree-dispatch-creation-hoist-encoding-ops`` (``DispatchCreation/HoistEncodingOps.cpp``,
IREE 3.x). It works inside each op with the ``EncodingHoistScope`` trait (``flow.dispatch.region``)
and leaves encoding ops elsewhere alone (``propagate-encodings`` moves those):

1. *Propagate inside the region*, with :class:`meshc.passes.propagate_encodings.PropagateEncodings`'s
   worklist and the same encoding interfaces, but only where IREE's patterns apply: a
   ``set_encoding`` bubbles through a producer in the region that is an all-parallel structured op
   with one result that broadcasts an input (an input map with fewer results than loops) or
   extends one (a dequantization: an integer input, a float result); an ``unset_encoding`` with a
   single use sinks into that consumer when it is an all-parallel structured op reading it as an
   input (not as its init). The op's maps must all be projected permutations; a
   ``tensor.empty`` init takes the encoded type.
2. *Hoist*: a ``set_encoding`` directly in the region moves before the region when its source is
   defined outside it; when its source is a constant expression computed inside (constants,
   ``tensor.empty``, loads of immutable globals and pure ops on those) or a ``tensor.extract_slice``
   of values from outside, those ops move out with it. Not hoisted: a source computed from the
   region's other values (a compute op), a ``#iree_encoding.padding`` encoding, a 0-d tensor.
3. The sizes of the moved ops' dynamic results read ``tensor.empty``'s size operands where they
   come from one (``tensor.dim`` of an init folded, as IREE's patterns fold them).
"""

from __future__ import annotations

from collections import deque
from typing import Optional

from meshc.dialects.iree_encoding import EncodingAttr, PaddingAttr, SetEncodingOp, UnsetEncodingOp
from meshc.ir.affine import DimExpr
from meshc.dialects.util import GlobalLoadOp, GlobalOp
from meshc.ir.attributes import IntegerAttr
from meshc.ir.core import Operation, OpResult, Value
from meshc.interfaces.encoding import OpOperand, PropagationEncoding, generate_encodings, is_identity
from meshc.ir.types import FloatType, IntegerType, TensorType
from meshc.passes.propagate_encodings import PropagateEncodings, erase_dead


def _element(t) -> object:
    return t.element_type if isinstance(t, TensorType) else t


def _all_parallel(op: Operation) -> bool:
    its = getattr(op, "iterator_types", None)
    return callable(its) and getattr(op, "payload_kind", None) not in (None, "contraction") \
        and all(it == "parallel" for it in its())


def _projected_permutations(op: Operation) -> bool:
    """Every indexing map of ``op`` picks distinct loops, one per result (MLIR's projected permutation)."""
    for m in op.indexing_maps():  # type: ignore[attr-defined]
        dims = [getattr(e, "position", None) for e in m.results]
        if not all(isinstance(e, DimExpr) for e in m.results) or len(set(dims)) != len(dims):
            return False
    return True


def _broadcast_or_dequant(op: Operation) -> bool:
    """IREE's bubbling condition: one result, all loops parallel, and an input broadcast or bit-extended."""
    if not _all_parallel(op) or len(op.results) != 1 or not _projected_permutations(op):
        return False
    maps = op.indexing_maps()  # type: ignore[attr-defined]
    loops = len(op.iterator_types())  # type: ignore[attr-defined]
    inputs = op.inputs  # type: ignore[attr-defined]
    if not is_identity(maps[-1]):
        return False  # IREE bubbles only through an identity output map
    broadcast = any(m.num_results < loops for v, m in zip(inputs, maps) if isinstance(v.type, TensorType))
    out = _element(op.results[0].type)
    dequant = isinstance(out, FloatType) and any(isinstance(_element(v.type), IntegerType) for v in inputs)
    return broadcast or dequant


def _shape_only(op: Operation) -> bool:
    """An op that makes a tensor of a shape and no contents (``tensor.empty``: pure, no tensor operand,
    not a constant); IREE gives it the encoded type in place of a set_encoding."""
    return op.has_trait("Pure") and not op.has_trait("ConstantLike") and not op.regions \
        and not any(isinstance(v.type, TensorType) for v in op.operands)


class HoistEncodingOps(PropagateEncodings):
    """See the module docstring."""

    name = "hoist-encoding-ops"
    summary = "Propagate encoding ops inside dispatch regions and hoist set_encoding out of them (IREE)"
    op_names = ("builtin.module",)
    options = ()
    inside_scopes = True

    def run(self, op: Operation) -> None:
        scoped = deque(o for o in op.walk() if isinstance(o, (SetEncodingOp, UnsetEncodingOp))
                       and self._in_hoist_scope(o) is not None)
        if not scoped:
            self.mark_all_preserved()  # nothing inside a dispatch region
            return
        self.propagate(op, scoped)
        for o in list(op.walk()):
            if isinstance(o, SetEncodingOp) and o.parent is not None:
                self._hoist(o)
        _fold_init_dims(op)

    # -- which moves IREE's patterns make
    def _refuse_bubble(self, set_op: SetEncodingOp) -> Optional[str]:
        if self._in_hoist_scope(set_op) is None:
            return "it is outside any dispatch region (propagate-encodings moves it)"
        src = set_op.source
        if isinstance(src, OpResult) and not (_broadcast_or_dequant(src.op) or _shape_only(src.op)):
            return f"its producer '{src.op.name}' is not a parallel broadcast or dequantization"
        return None

    def _refuse_sink(self, unset: UnsetEncodingOp) -> Optional[str]:
        if self._in_hoist_scope(unset) is None:
            return "it is outside any dispatch region (propagate-encodings moves it)"
        uses = unset.results[0].uses
        if len(uses) != 1:
            return f"its result has {len(uses)} uses (one consumer is sunk into)"
        consumer, index = uses[0]
        if not _all_parallel(consumer) or index >= len(consumer.inputs):  # type: ignore[attr-defined]
            return f"its consumer '{consumer.name}' is not an all-parallel op reading it as an input"
        if not _projected_permutations(consumer):
            return f"an indexing map of '{consumer.name}' is not a projected permutation"
        return None

    def _encodings(self, encoding, target) -> PropagationEncoding:
        """IREE's encodings for a generic: bubbling, each tensor input gets ``encoding`` with the
        input's map appended (an identity one too), the init and result keep ``encoding``; sinking
        from input ``t``, the op's domain gets ``encoding`` with ``t``'s map appended (not an
        identity), and every other tensor operand and result the domain's with its own map appended
        (not an identity)."""
        base = generate_encodings(encoding, target)
        op = target.op if isinstance(target, (OpOperand, OpResult)) else None
        if not isinstance(encoding, EncodingAttr) or op is None or not hasattr(op, "payload_kind"):
            return base
        maps = op.indexing_maps()  # type: ignore[attr-defined]
        n_in = len(op.inputs)  # type: ignore[attr-defined]
        tensors = [isinstance(v.type, TensorType) for v in op.operands]
        operands = list(base.operand_encodings)
        if isinstance(target, OpResult):
            for k in range(n_in):
                if tensors[k]:
                    operands[k] = encoding.with_new_operand_map(maps[k])
            return PropagationEncoding(operands, base.result_encodings, base.target_encoding)

        def through(domain: EncodingAttr, m) -> EncodingAttr:
            return domain if is_identity(m) else domain.with_new_operand_map(m)

        domain = through(encoding, maps[target.index])
        for k in range(len(op.operands)):
            if tensors[k] and k != target.index:
                operands[k] = through(domain, maps[k])
        results = [through(domain, maps[n_in + i]) for i in range(len(op.results))]
        return PropagationEncoding(operands, results, base.target_encoding)

    # -- hoisting
    def _hoist(self, set_op: SetEncodingOp) -> None:
        scope = set_op.parent_op
        if scope is None or not scope.has_trait("EncodingHoistScope"):
            return
        t = set_op.results[0].type
        if isinstance(set_op.encoding, PaddingAttr) or not isinstance(t, TensorType) or t.rank == 0:
            return
        moved = self._sources_to_hoist(set_op, scope)
        if moved is None:
            return
        block = scope.parent
        for o in moved + [set_op]:
            o.parent.remove(o)  # type: ignore[union-attr]
            block.insert_before(scope, o)  # type: ignore[union-attr]

    def _sources_to_hoist(self, set_op: SetEncodingOp, scope: Operation) -> Optional[list[Operation]]:
        """The ops in ``scope`` that must move out with ``set_op`` (in block order), or None when it stays."""
        inside = [v for v in set_op.operands if _defined_in(v, scope)]
        if not inside:
            return []
        ops: dict[int, Operation] = {}
        for v in inside:
            if not isinstance(v, OpResult) or v.op.parent is not set_op.parent:
                return None
            producer = v.op
            if producer.name == "tensor.extract_slice" and not any(_defined_in(x, scope) for x in producer.operands):
                ops[id(producer)] = producer
            elif self._const_expr(producer, scope, ops):
                continue
            else:
                return None
        block = set_op.parent
        return sorted(ops.values(), key=block.index_of)  # type: ignore[union-attr]

    def _const_expr(self, op: Operation, scope: Operation, ops: dict[int, Operation]) -> bool:
        """Whether ``op`` computes a constant (recording the ops inside ``scope`` it needs in ``ops``)."""
        if op.regions and not op.has_trait("Pure") and not hasattr(op, "payload_kind"):
            return False
        if isinstance(op, GlobalLoadOp):
            if not self._immutable_global(op):
                return False
        elif not (op.has_trait("Pure") or op.has_trait("ConstantLike")):
            return False
        for v in op.operands:
            if not isinstance(v, OpResult) or not self._const_expr(v.op, scope, ops):
                return False
        if _contains(scope, op):
            if op.parent is not scope.regions[0].blocks[0]:
                return False
            ops[id(op)] = op
        return True

    def _immutable_global(self, load: Operation) -> bool:
        """Whether ``util.global.load`` reads a global without ``is_mutable`` (a symbol lookup in the
        enclosing module, not a walk of it)."""
        from meshc.dialects.builtin import ModuleOp

        name = load.attributes.get("global")
        target = getattr(name, "value", None) or getattr(name, "root", None)
        module = next((a for a in load.ancestors() if isinstance(a, ModuleOp)), None)
        g = module.lookup(target) if module is not None and target else None
        return isinstance(g, GlobalOp) and "is_mutable" not in g.attributes


def _contains(scope: Operation, op: Operation) -> bool:
    o: Optional[Operation] = op
    while o is not None:
        if o is scope:
            return True
        o = o.parent_op
    return False


def _defined_in(v: Value, scope: Operation) -> bool:
    """Whether ``v`` is defined inside ``scope`` (a result of an op in it, or an argument of its blocks)."""
    if isinstance(v, OpResult):
        return _contains(scope, v.op)
    owner = getattr(v, "block", None)
    holder = getattr(owner, "parent_op", None) if owner is not None else None
    return holder is not None and _contains(scope, holder)


def _size_of(v: Value, dim: int) -> Optional[Value]:
    """The value of dynamic dim ``dim`` of ``v`` where it is a ``tensor.empty`` size operand, following
    a structured op's result to its init; None otherwise."""
    seen = 0
    while isinstance(v, OpResult):
        op = v.op
        if op.name == "tensor.empty":
            t = v.type
            k = sum(1 for d in t.shape[:dim] if d is None)  # type: ignore[attr-defined]
            return op.operands[k] if k < len(op.operands) else None
        inits = getattr(op, "inits", None)
        if not inits or v.index >= len(inits) or seen > 64:
            return None
        v, seen = inits[v.index], seen + 1
    return None


def _fold_init_dims(root: Operation) -> None:
    """Fold ``tensor.dim %r, %c`` whose size is a ``tensor.empty`` operand (:func:`_size_of`)."""
    for op in list(root.walk()):
        if op.name != "tensor.dim" or op.parent is None or len(op.operands) != 2:
            continue
        c = op.operands[1]
        index = c.op.attributes.get("value") if isinstance(c, OpResult) and c.op.name == "arith.constant" else None
        if not isinstance(index, IntegerAttr):
            continue
        size = _size_of(op.operands[0], index.value)
        if size is None:
            continue
        op.results[0].replace_all_uses_with(size)
        op.erase()
        erase_dead(c.op)
