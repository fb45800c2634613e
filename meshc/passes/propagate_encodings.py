"""``propagate-encodings``: move data-tiling encodings to where they are cheapest.

Seed 001 (IREE's "Encoding Propagation Interfaces" RFC), its "Assemble
Pieces" worklist: every ``iree_encoding.set_encoding`` *bubbles up* through
the producer of its source and every ``iree_encoding.unset_encoding`` *sinks
down* through the consumers of its result; the encoding ops each step
generates (set_encoding on the other operands, unset_encoding on the other
results) go back on the worklist. What the new encodings are and how an op
is rewritten come only from the interfaces of :mod:`meshc.interfaces.encoding`
(attribute and op models registered from outside); this file knows no op.

Region rules (IREE 3.13's propagation): an encoding op does not cross a
region boundary -- a set_encoding inside an ``scf.if`` (or any region) does
not bubble to a producer outside it, an unset_encoding does not sink into a
consumer nested in a region; only ops with the ``TransparentToEncodings``
trait (meshc's per-device ``mesh.for_one`` bodies of unrolled programs) let
them through -- and encoding ops inside an op with
the ``EncodingHoistScope`` trait (``flow.dispatch.region``) are left alone
(IREE leaves them to hoist-encoding-ops).

Folds on the way: ``set(unset(x))`` and ``unset(set(x))`` of matching types
become ``x``; set_encodings of one value with one encoding in one block are
merged. Stops (each reported with ``--remarks``, at the encoding op, with
the reason): an op without a model, a region boundary (block arguments of
``scf``/``mesh`` regions, terminators), a map that is not a projected
permutation, a body reading ``linalg.index``, a contraction, sinking into a
reduction over a dim the encoding tiles, a value whose other users need the
plain layout (bubbling through an op that is not cheap to duplicate), a
mutable global, a reshape splitting a dim over several, a function argument
(unless ``through-function-args``; never one of a public function, whose
callers are outside the module), a set_encoding with dynamic ``encoding_dims``
(an unset_encoding with them sinks, and the encoding ops it makes take the
same ``encoding_dims``). An
unset_encoding of a dynamic shape sinks (its new result sizes are
``tensor.dim`` of the encoded value, as IREE 3.13 builds them).

Options:
  ``through-function-args`` (bool, default false): let set_encoding of a
  non-public function's argument change the signature and every call site
  (it changes the calling convention, hence off by default).

Runs on the module (globals, initializers and call sites are module-level),
typically after ``unroll`` on per-device programs (a device's for_one body
passes an encoded value to the next through the ``mesh.for_one`` result:
:class:`meshc.interfaces.encoding.ForOneResultModel`); the encodings stay in
the types until ``materialize-encodings``. First, encoding ops whose source
is static get static result types (:func:`refine_static_shapes`: uneven
shards after unroll).
"""

from __future__ import annotations

from collections import deque
from typing import Optional

from meshc.dialects.iree_encoding import SetEncodingOp, UnsetEncodingOp
from meshc.interfaces.encoding import (NotPropagable, OpOperand, PropagationContext, PropagationEncoding,
                                       generate_encodings,
                                       op_model_for, owner_of, stop_reason)
from meshc.ir.builder import Rewriter
from meshc.ir.core import Operation, OpResult, Value
from meshc.ir.location import DiagnosticError
from meshc.ir.types import TensorType
from meshc.passes.base import Option, Pass


def _alive(op: Operation, root: Operation) -> bool:
    while op is not root:
        if op.parent is None:
            return False
        parent = op.parent_op
        if parent is None:
            return False
        op = parent
    return True


def _erasable(op: Operation) -> bool:
    return (bool(op.results) and not op.is_terminator and all(not r.uses for r in op.results)
            and (op.has_trait("Pure") or op.name == "util.global.load"))


def erase_dead(op: Optional[Operation]) -> None:
    """Erase ``op`` if it is side-effect free and unused, then its operands'
    producers that die with it."""
    stack = [op]
    while stack:
        o = stack.pop()
        if o is None or o.parent is None or not _erasable(o):
            continue
        producers = [v.op for v in o.operands if isinstance(v, OpResult)]
        o.erase()
        stack.extend(producers)


def _give_encoding_dims(op: Operation, dims: list[Value]) -> None:
    """Give an encoding op made while sinking an ``unset_encoding encoding_dims{...}`` those
    ``encoding_dims`` (the encoding's ``?`` iteration sizes are the same loops: IREE 3.13 copies
    them) when its encoding has as many ``?`` sizes and it has none yet; not a set_encoding of an init
    made from sizes only (``tensor.empty``), which takes the encoded type instead."""
    from meshc.dialects.iree_encoding import EncodingAttr
    from meshc.ir.attributes import DenseArrayAttr
    from meshc.ir.types import I32

    enc = op.encoding  # type: ignore[attr-defined]
    if not dims or op.encoding_dims or not isinstance(enc, EncodingAttr) \
            or enc.num_dynamic_iteration_sizes != len(dims):  # type: ignore[attr-defined]
        return
    src = op.operands[0]
    if isinstance(op, SetEncodingOp) and isinstance(src, OpResult) and not src.op.has_trait("ConstantLike") \
            and not any(isinstance(v.type, TensorType) for v in src.op.operands):
        return  # an init made from sizes only (tensor.empty): the set_encoding bubbles into it, no dims needed
    if isinstance(op, UnsetEncodingOp):
        op.attributes["operandSegmentSizes"] = DenseArrayAttr(I32, (1, len(op.operands) - 1, len(dims)))
    op.set_operands(list(op.operands) + list(dims))


def refine_static_shapes(root: Operation) -> int:
    """Give each ``set_encoding`` / ``unset_encoding`` result the static
    shape of its source where the result has ``?`` dims (both have one
    logical shape, so the sizes are known: MLIR folds such casts the same
    way), and fold each ``tensor.cast`` that becomes an identity. After
    ``unroll`` a device's shard of an uneven split (10 rows over 3 devices:
    3, 3, 4) is static, but the encoding ops cloned from the ``mesh.for_all``
    form keep ``tensor<?x16xf32, #enc>`` and feed a ``tensor.cast`` to the
    static type; packing needs the static one. Only results whose users are
    all ``tensor.cast`` ops, and ops without dynamic size operands, are
    refined. Returns how many results were refined."""
    refined = 0
    for op in list(root.walk()):
        if not isinstance(op, (SetEncodingOp, UnsetEncodingOp)) or len(op.operands) != 1 or op.parent is None:
            continue
        src, result = op.operands[0].type, op.results[0]
        if not (isinstance(src, TensorType) and isinstance(result.type, TensorType) and src.has_static_shape) \
                or result.type.has_static_shape or not all(u.name == "tensor.cast" for u in result.users):
            continue
        result.type = result.type.with_shape(src.shape)
        refined += 1
        for cast in result.users:
            if cast.results[0].type == result.type:
                hint = cast.results[0].name_hint
                cast.results[0].replace_all_uses_with(result)
                cast.erase()
                if result.name_hint is None:
                    result.name_hint = hint
    return refined


class PropagateEncodings(Pass):
    """See the module docstring."""

    name = "propagate-encodings"
    summary = "Bubble set_encoding up and sink unset_encoding down through ops (seed 001)"
    op_names = ("builtin.module",)
    options = (Option("through-function-args", bool, False,
                      "Let encodings change function signatures and call sites"),)
    inside_scopes = False  # hoist-encoding-ops moves the encoding ops inside dispatch regions, and only those

    def run(self, op: Operation) -> None:
        self.root = op
        refined = refine_static_shapes(op)
        worklist = deque(o for o in op.walk() if isinstance(o, (SetEncodingOp, UnsetEncodingOp)))
        if not worklist and not refined:
            self.mark_all_preserved()  # no encoding op to move: nothing changes
            return
        self.propagate(op, worklist)

    def propagate(self, op: Operation, worklist: deque) -> None:
        """Move the encoding ops of ``worklist`` (and those each step generates) until none moves;
        then report where each stopped (remarks)."""
        self.root = op
        self.ctx = PropagationContext(op, getattr(self, "through_function_args", False))
        self.rewriter = Rewriter()
        self.stops: dict[int, tuple[Operation, list[str]]] = {}
        limit = 100 * sum(1 for _ in op.walk()) + 1000
        steps = 0
        while worklist:
            item = worklist.popleft()
            if not _alive(item, op):
                continue
            steps += 1
            if steps > limit:  # pragma: no cover - a model that keeps generating ops
                raise DiagnosticError(f"propagate-encodings did not converge after {limit} steps", item.location)
            self.stops.pop(id(item), None)
            new = self._bubble(item) if isinstance(item, SetEncodingOp) else self._sink(item)
            worklist.extend(new)
        for o in op.walk():
            entry = self.stops.get(id(o))
            if entry is not None and entry[0] is o:
                for reason in entry[1]:
                    self.remark(o, reason)

    # -- helpers ----------------------------------------------------------------
    @staticmethod
    def _in_hoist_scope(op: Operation) -> Optional[Operation]:
        """The enclosing op with the ``EncodingHoistScope`` trait (a dispatch region), or None."""
        parent = op.parent_op
        while parent is not None:
            if parent.has_trait("EncodingHoistScope"):
                return parent
            parent = parent.parent_op
        return None

    @staticmethod
    def _barrier(inner: Operation, outer: Optional[Operation]) -> Optional[Operation]:
        """The first op holding ``inner`` below the block of ``outer`` whose region boundary
        encodings do not cross (every op without the ``TransparentToEncodings`` trait: ``scf.if``,
        ``scf.for``...; meshc's per-device ``mesh.for_one`` bodies have it), or None."""
        block = outer.parent if outer is not None else None
        op = inner
        while op.parent is not None and op.parent is not block:
            holder = op.parent_op
            if holder is None:
                return None
            if not holder.has_trait("TransparentToEncodings"):
                return holder
            op = holder
        return None

    def _encodings(self, encoding, target) -> PropagationEncoding:
        """The encodings the operands and results of the op at ``target`` get (the interfaces'
        :func:`generate_encodings`)."""
        return generate_encodings(encoding, target)

    def _refuse_bubble(self, set_op: SetEncodingOp) -> Optional[str]:
        """Why this pass does not bubble ``set_op`` beyond the general rules (None: it may)."""
        return None

    def _refuse_sink(self, unset: UnsetEncodingOp) -> Optional[str]:
        """Why this pass does not sink ``unset`` beyond the general rules (None: it may)."""
        return None

    def _stop(self, op: Operation, reason: str) -> list[Operation]:
        self.stops.setdefault(id(op), (op, []))[1].append(reason)
        return []

    def _replace(self, old: Value, new: Value) -> None:
        if new.name_hint is None:
            new.name_hint = old.name_hint
        old.replace_all_uses_with(new)

    # -- bubbling up -------------------------------------------------------------
    def _bubble(self, set_op: SetEncodingOp) -> list[Operation]:
        src, want = set_op.source, set_op.result.type
        if isinstance(src, OpResult) and isinstance(src.op, UnsetEncodingOp) and src.op.source.type == want:
            unset = src.op
            self._replace(set_op.result, unset.source)
            set_op.erase()
            erase_dead(unset)
            return []
        if set_op.encoding_dims:
            return self._stop(set_op, "set_encoding stays: it has dynamic encoding_dims")
        scope = self._in_hoist_scope(set_op)
        if scope is not None and not self.inside_scopes:
            return self._stop(set_op, f"set_encoding stays: it is inside '{scope.name}' (left to hoist-encoding-ops)")
        refusal = self._refuse_bubble(set_op)
        if refusal is not None:
            return self._stop(set_op, f"set_encoding stays: {refusal}")
        barrier = self._barrier(set_op, src.op) if isinstance(src, OpResult) else None
        if barrier is not None:
            return self._stop(set_op, f"set_encoding stays: its producer '{src.op.name}' is outside the "
                                      f"'{barrier.name}' holding it (region boundary)")
        set_op = self._merge_duplicates(set_op)
        encoding = set_op.encoding
        reason = stop_reason(encoding, src)
        owner = owner_of(src)
        if reason is not None:
            return self._stop(set_op, f"set_encoding stays: {reason}")
        model = op_model_for(owner)  # type: ignore[arg-type]
        others = [u for u in src.users if u is not set_op]
        if others and not model.clonable(owner):  # type: ignore[union-attr]
            return self._stop(set_op, f"set_encoding stays: the value also feeds '{others[0].name}', which needs the "
                                      "plain layout")
        try:
            encodings = self._encodings(encoding, src)  # type: ignore[arg-type]
            result = model.propagate_encoding(self.rewriter, owner, encodings, src, self.ctx)  # type: ignore
        except NotPropagable as err:
            return self._stop(set_op, f"set_encoding stays: {err}")
        self._replace(set_op.result, result.replacements[0])
        set_op.erase()
        if isinstance(src, OpResult):
            erase_dead(owner)
        return list(result.generated_encoding_ops)

    def _merge_duplicates(self, set_op: SetEncodingOp) -> SetEncodingOp:
        """Keep the first set_encoding of the source with this type in the block."""
        block = set_op.parent
        same = [u for u in set_op.source.users if isinstance(u, SetEncodingOp) and u.parent is block
                and u.result.type == set_op.result.type and not u.encoding_dims]
        if len(same) < 2 or block is None:
            return set_op
        same.sort(key=block.index_of)
        keep = same[0]
        for dup in same[1:]:
            self._replace(dup.result, keep.result)
            dup.erase()
        return keep  # type: ignore[return-value]

    # -- sinking down ------------------------------------------------------------
    def _sink(self, unset: UnsetEncodingOp) -> list[Operation]:
        u, e = unset.result, unset.source
        encoding = unset.encoding
        dims = list(unset.encoding_dims)
        if isinstance(e, OpResult) and isinstance(e.op, SetEncodingOp) and e.op.source.type == u.type:
            self._replace(u, e.op.source)
            unset.erase()
            erase_dead(e.op)
            return []
        scope = self._in_hoist_scope(unset)
        if scope is not None and not self.inside_scopes:
            return self._stop(unset, f"unset_encoding stays: it is inside '{scope.name}' (left to hoist-encoding-ops)")
        refusal = self._refuse_sink(unset)
        if refusal is not None:
            return self._stop(unset, f"unset_encoding stays: {refusal}")
        generated: list[Operation] = []
        for consumer, index in list(u.uses):
            if not _alive(consumer, self.root) or index >= len(consumer.operands) or consumer.operands[index] is not u:
                continue
            barrier = self._barrier(consumer, unset)
            if barrier is not None:
                self._stop(unset, f"unset_encoding stays before '{consumer.name}': the consumer is inside "
                                  f"'{barrier.name}' (region boundary)")
                continue
            if isinstance(consumer, SetEncodingOp):
                if consumer.result.type == e.type:
                    self._replace(consumer.result, e)
                    consumer.erase()
                else:
                    self._stop(unset, "unset_encoding stays: its user sets another encoding")
                continue
            target = OpOperand(consumer, index)
            reason = stop_reason(encoding, target)  # type: ignore[arg-type]
            if reason is not None:
                self._stop(unset, f"unset_encoding stays before '{consumer.name}': {reason}")
                continue
            model = op_model_for(consumer)
            try:
                encodings = self._encodings(encoding, target)  # type: ignore[arg-type]
                result = model.propagate_encoding(self.rewriter, consumer, encodings, target,  # type: ignore
                                                  self.ctx)
            except NotPropagable as err:
                self._stop(unset, f"unset_encoding stays before '{consumer.name}': {err}")
                continue
            erase_dead(consumer)
            generated.extend(result.generated_encoding_ops)
            for made in result.generated_encoding_ops:
                _give_encoding_dims(made, dims)
        if not u.uses:
            unset.erase()
        return generated
