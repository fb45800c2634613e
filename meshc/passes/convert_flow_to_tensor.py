"""``convert-flow-to-tensor``: IREE's dispatch workgroups and flow tensor ops back to tensor ops.

IREE's dispatch creation (``iree-compile --compile-to=dispatch-creation``) ends with each fused group
in a ``flow.dispatch.workgroups`` op, isolated from above: its operands reach the body as
``!iree_tensor_ext.dispatch.tensor`` bindings read by ``dispatch.tensor.load`` and its results are
what the body writes with ``dispatch.tensor.store`` (:mod:`meshc.dialects.flow`,
:mod:`meshc.dialects.iree_tensor_ext`); between the dispatches, ``flow.tensor.splat`` and
``flow.tensor.reshape`` stand for the tensor ops they were made from. Sharding propagation and
partition work on tensor ops, so this pass puts each dispatch's body in its place, as the tensor
program it came from (the inverse of IREE's ``convert-dispatch-regions-to-workgroups``):

* a binding's value is the operand it binds (a writeonly result binding starts as ``tensor.empty``);
* a load of the whole binding is that value, a load of a box its ``tensor.extract_slice``;
* a store of the whole binding makes the stored tensor its value, a store of a box its
  ``tensor.insert_slice`` into the current value (a readwrite binding, tied to an operand: IREE's
  in-place pad ``splat`` + offset store becomes the ``insert_slice`` into the filled tensor);
* each result is its binding's value after the body's last store; the workgroup count region goes.

``flow.tensor.splat`` becomes ``tensor.splat``, ``flow.tensor.load`` / ``store`` of one element
``tensor.extract`` / ``tensor.insert`` (what IREE made them of); a static ``flow.tensor.reshape`` (IREE composes the
``expand_shape`` of a head split and the ``collapse_shape`` after it into one) a
``tensor.expand_shape`` into the coarsest shape both sides factor into, then a ``collapse_shape``
(``[2, 64] -> [8, 2, 8]`` through ``[2, 4, 2, 8]``, so a split of the 4 heads survives); when no
such shape exists, the collapse then expand that
:func:`~meshc.passes.propagate_reshapes.reshape_groups` pairs its dims into. The function then shards
and partitions as its input-phase form (``--compile-to=input``): the same collectives.

As ``flatten-regions``, only functions with sharding annotations are changed (an unannotated
program keeps its dispatches, which run as they are), unless option ``all-functions`` is set (what
``--auto-shard`` does before it looks for weights). The ops of the function body are converted and
those in the regions of its region ops (a dispatch in the body of an ``scf.for`` / ``scf.while`` /
``scf.if``: a ``lax.scan`` / ``fori_loop`` of dispatches), not the ops inside a dispatch. An index
operand of a dispatch (a loop's layer index that it slices a weight stack with) is the value of its
body argument, so the body's ``dispatch.workload.ordinal`` of it comes out as the identity on the
operand, which ``canonicalize`` folds away. A dispatch with a non-tensor binding use the pass does not
know is left, with a remark.
"""

from __future__ import annotations

from typing import Optional

from meshc.dialects.flow import DispatchWorkgroupsOp, TensorLoadOp, TensorReshapeOp, TensorSplatOp, TensorStoreOp
from meshc.dialects.iree_tensor_ext import DispatchTensorLoadOp, DispatchTensorStoreOp, dispatch_tensor
from meshc.dialects.tensor import (CollapseShapeOp, EmptyOp, ExpandShapeOp, ExtractOp, ExtractSliceOp, InsertOp,
                                   InsertSliceOp, SliceOp, SplatOp)
from meshc.interfaces.annotations import function_mesh, functions
from meshc.ir.builder import Builder
from meshc.ir.core import Operation, Value
from meshc.ir.types import TensorType
from meshc.passes.base import Option, Pass
from meshc.passes.propagate_reshapes import reshape_groups


class ConvertFlowToTensor(Pass):
    """See the module docstring."""

    name = "convert-flow-to-tensor"
    display_name = "ConvertFlowToTensor"
    summary = ("Put the bodies of IREE's flow.dispatch.workgroups in their place as tensor ops, and "
               "flow.tensor.splat / reshape / load / store as tensor ops")
    options = (Option("all-functions", bool, False, "convert functions without sharding annotations too"),)
    op_names = ("builtin.module",)

    def run(self, op: Operation) -> None:
        changed = False
        for func in list(functions(op)):
            if not self.all_functions and function_mesh(func) is None:
                continue
            for inner in _convertible(func.body.ops):
                if isinstance(inner, DispatchWorkgroupsOp):
                    changed |= self.inline(inner)
                elif isinstance(inner, TensorSplatOp):
                    new = SplatOp.create([inner.operands[0]], [inner.results[0].type], location=inner.location)
                    changed |= _replace(inner, new)
                elif isinstance(inner, TensorReshapeOp):
                    changed |= self.reshape(inner)
                elif isinstance(inner, TensorLoadOp):
                    new = ExtractOp.create(list(inner.operands), [inner.results[0].type], location=inner.location)
                    changed |= _replace(inner, new)
                elif isinstance(inner, TensorStoreOp):
                    new = InsertOp.create(list(inner.operands), [inner.results[0].type], location=inner.location)
                    changed |= _replace(inner, new)
        if not changed:
            self.mark_all_preserved()

    def reshape(self, op: TensorReshapeOp) -> bool:
        """``op`` as static expand / collapse shapes; False (left, with a remark) when not static."""
        src, t = op.operands[0], op.results[0].type
        pairs = reshape_groups(src.type.shape, t.shape) if isinstance(t, TensorType) else None  # type: ignore
        if pairs is None:
            self.remark(op, "'flow.tensor.reshape' is not converted (its shapes do not pair up)")
            return False
        b = Builder.before(op)
        value = src
        fine = _refinement(src.type.shape, t.shape)  # type: ignore[union-attr]
        up = reshape_groups(src.type.shape, fine) if fine is not None else None  # type: ignore[union-attr]
        down = reshape_groups(fine, t.shape) if fine is not None else None
        if up is not None and down is not None and all(len(a) == 1 for a, _ in up) \
                and all(len(d) == 1 for _, d in down):
            # expand into the finest shape both factor into, then collapse: a split of any dim survives
            if list(fine) != list(src.type.shape):  # type: ignore[union-attr, arg-type]
                value = b.insert(ExpandShapeOp.build(value, [f for _, f in up], t.with_shape(fine),
                                                     loc=op.location)).results[0]
            if value.type != t:
                value = b.insert(CollapseShapeOp.build(value, [f for f, _ in down], t, loc=op.location)).results[0]
        else:
            if not all(len(a) == 1 for a, _ in pairs):
                mid = t.with_shape([_prod(src.type.shape, a) for a, _ in pairs])  # type: ignore[union-attr]
                value = b.insert(CollapseShapeOp.build(value, [a for a, _ in pairs], mid,
                                                       loc=op.location)).results[0]
            if value.type != t:
                value = b.insert(ExpandShapeOp.build(value, [bb for _, bb in pairs], t, loc=op.location)).results[0]
        _take_name(op.results[0], value)
        op.results[0].replace_all_uses_with(value)
        op.erase()
        return True

    def inline(self, op: DispatchWorkgroupsOp) -> bool:
        """Replace ``op`` by its body as tensor ops (see the module docstring); False if it is left."""
        why = _why_not(op)
        if why is not None:
            self.remark(op, f"'{op.name}' is not converted ({why}): it runs as it is")
            return False
        b = Builder.before(op)
        body = op.body
        current: dict[Value, Value] = {}
        mapping: dict[Value, Value] = {}
        for arg, value in zip(body.args, op.args):
            if isinstance(value.type, TensorType):
                current[arg] = value
            else:
                mapping[arg] = value
        for arg, t in zip(body.args[len(op.args):], [r.type for r, k in zip(op.results, op.tied) if k < 0]):
            current[arg] = b.insert(EmptyOp.build(t, loc=op.location)).results[0]
        for inner in body.ops[:-1]:
            if isinstance(inner, DispatchTensorLoadOp):
                src = current[inner.operands[0]]
                if _whole(inner, src.type):
                    mapping[inner.results[0]] = src
                else:
                    t = inner.results[0].type
                    box = _box(inner, t)
                    new = ExtractSliceOp.build(src, _mixed(inner.mixed_offsets, mapping),
                                               _mixed(inner.mixed_sizes, mapping), _mixed(inner.mixed_strides, mapping),
                                               box, loc=inner.location)
                    value = b.insert(new).results[0]
                    if box != t:  # rank-reduced: the box, then its unit dims collapsed away
                        groups = [a for a, _ in reshape_groups(box.shape, t.shape)]  # type: ignore[union-attr]
                        value = b.insert(CollapseShapeOp.build(value, groups, t, loc=inner.location)).results[0]
                    mapping[inner.results[0]] = value
            elif isinstance(inner, DispatchTensorStoreOp):
                target = inner.operands[1]
                value = mapping.get(inner.operands[0], inner.operands[0])
                if _whole(inner, current[target].type) and value.type == current[target].type:
                    current[target] = value
                else:
                    box = _box(inner, value.type)
                    if box != value.type:  # rank-reduced: its unit dims expanded back first
                        groups = [bb for _, bb in reshape_groups(value.type.shape, box.shape)]  # type: ignore
                        value = b.insert(ExpandShapeOp.build(value, groups, box, loc=inner.location)).results[0]
                    new = InsertSliceOp.build(value, current[target], _mixed(inner.mixed_offsets, mapping),
                                              _mixed(inner.mixed_sizes, mapping), _mixed(inner.mixed_strides, mapping),
                                              loc=inner.location)
                    current[target] = b.insert(new).results[0]
            else:
                b.insert(inner.clone(mapping))
        for result, binding in zip(op.results, op.result_bindings()):
            value = current[binding]
            _take_name(result, value)
            result.replace_all_uses_with(value)
        op.erase()
        return True


def _convertible(ops) -> list[Operation]:
    """``ops`` and, depth first, the ops in their regions, those of ``flow.dispatch.workgroups`` (whose
    bodies are converted with them) and of other ops isolated from above (a nested function) left out;
    each region op before the ops of its regions."""
    out: list[Operation] = []
    for op in ops:
        out.append(op)
        if isinstance(op, DispatchWorkgroupsOp) or op.has_trait("IsolatedFromAbove"):
            continue
        for region in op.regions:
            for block in region.blocks:
                out.extend(_convertible(block.ops))
    return out


def _why_not(op: DispatchWorkgroupsOp) -> Optional[str]:
    """Why ``op``'s body cannot be put in place, or None."""
    if len(op.regions[0].blocks) != 1:
        return "its body has several blocks"
    bindings = set()
    for arg in op.body.args:
        if dispatch_tensor(arg.type) is not None:
            bindings.add(arg)
        elif arg.index >= len(op.args) or isinstance(arg.type, TensorType):
            return f"binding #{arg.index} of type '{arg.type}' is not a static dispatch tensor"
    for inner in op.body.ops:
        for v in inner.operands:
            if v in bindings and not (isinstance(inner, DispatchTensorLoadOp) and v is inner.operands[0]) \
                    and not (isinstance(inner, DispatchTensorStoreOp) and v is inner.operands[1]):
                return f"'{inner.name}' uses a binding"
        if any(o is not inner and any(v in bindings for v in o.operands) for o in inner.walk()):
            return "a nested op uses a binding"
    return None


def _whole(op: SliceOp, t) -> bool:
    """True if ``op``'s box is all of tensor type ``t`` with unit strides and no rank reduction."""
    return (isinstance(t, TensorType) and list(op.mixed_offsets) == [0] * t.rank
            and list(op.mixed_sizes) == list(t.shape) and list(op.mixed_strides) == [1] * t.rank
            and op.sliced_type == t)


def _box(op: SliceOp, t):
    """The full-rank type of ``op``'s box (``t`` itself unless ``op`` drops unit dims of a static box)."""
    sizes = op.mixed_sizes
    if not isinstance(t, TensorType) or t.rank == len(sizes) or any(isinstance(s, Value) for s in sizes) \
            or reshape_groups(list(sizes), t.shape) is None:
        return t
    return t.with_shape(list(sizes))


def _refinement(src, dst) -> Optional[list[int]]:
    """The coarsest shape that both static shapes ``src`` and ``dst`` (of one element count) are
    collapses of: its dims end at every running product of either (``[2, 64]`` and ``[8, 2, 8]``:
    ``[2, 4, 2, 8]``); None when two running products do not divide (``[6, 4]``, ``[4, 6]``)."""
    ends: set[int] = set()
    for shape in (src, dst):
        n = 1
        for d in shape:
            n *= d
            ends.add(n)
    fine, prev = [], 1
    for e in sorted(ends):
        if e % prev:
            return None
        if e != prev or not fine:
            fine.append(e // prev)
        prev = e
    return fine


def _mixed(entries, mapping: dict[Value, Value]) -> list:
    return [mapping.get(e, e) if isinstance(e, Value) else e for e in entries]


def _prod(shape, dims) -> int:
    n = 1
    for d in dims:
        n *= shape[d]
    return n


def _take_name(old: Value, new: Value) -> None:
    if old.name_hint and not new.name_hint:
        new.name_hint = old.name_hint


def _replace(op: Operation, new: Operation) -> bool:
    Builder.before(op).insert(new)
    _take_name(op.results[0], new.results[0])
    op.results[0].replace_all_uses_with(new.results[0])
    op.erase()
    return True
