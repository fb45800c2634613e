"""``distribute-types``: turn ``mesh.shard`` annotations into distributed tensor types.

Seed 000, first step ("we transform the program from annotations using
``mesh.shard`` operations to a distributed tensor form that utilizes the
tensor encoding attribute"): every tensor value's type carries its sharding,
``tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>`` (docs/pipeline.md stage 3).

* A base value (block argument or result of an op other than
  ``mesh.shard``) keeps the sharding its type already has, else gets the
  sharding of its pinned annotation (its first direct ``mesh.shard`` user
  without ``annotate_for_users``), else is replicated ``<@m, [[]]>``. Run
  ``sharding-propagation`` first to infer the rest.
* Each ``mesh.shard`` whose operand already has its sharding disappears; one
  whose sharding differs stays as a resharding point ``mesh.shard %x to S :
  T_in -> T_out`` (``annotate_for_users`` dropped: the types say it all).
* Tensor values inside the regions of a region op partitioned in place
  (``scf.for``, ``scf.if``, ``scf.while``, ``scf.forall``: :mod:`meshc.interfaces.region_models`)
  take the shardings the op's loop sharding gives its body, with a resharding
  point in front of each use its model cuts (``insert_body_reshards``: a
  yield resharded back to its iter_arg's sharding; a zero destination from above
  the region op that a split reduction of the body reads partial, ``outer_reshards``)
  and an ``all_reduce`` after each split reduction (``combine_partials``); inside other ops' regions (and
  a region op whose body holds mesh ops) they are replicated, except in the per-device body of a
  ``mesh.for_all`` / ``mesh.for_one`` (trait ``PerDeviceBody``: ``partition``'s output read again,
  whose values and collectives are already local). A tensor of the function's block read only by such
  bodies and without an annotation (a ``sharded_dims_offsets`` table ``partition`` made for them) keeps
  its plain type: each device reads it locally. The function type follows its arguments and
  returned values.
* A ``func.call`` whose operands (results) have other shardings than the
  callee's signature gets resharding points before (after) it.

Shardings are read and written only through
:func:`meshc.dialects.mesh.sharding_of` / :func:`~meshc.dialects.mesh.with_sharding`,
so a tensor that also carries an ``#iree_encoding`` keeps both
(``#mesh.shard<@m, [[0]], inner = #iree_encoding.encoding<...>>``, DESIGN.md).
An op whose values keep unequal shardings where it needs equal types is a
located error; its hint asks to run ``sharding-propagation`` first, or, when
the pass manager ran it (``PassContext.completed``), says so and how to work
around it. The shardings of every type of the function are checked before and after
(:func:`meshc.interfaces.annotations.verify_type_shardings`). Functions
without any sharding are left alone. Running the pass twice changes nothing.
"""

from __future__ import annotations

from meshc.dialects.func import CallOp, FuncOp
from meshc.dialects.mesh import ShardOp, sharding_of, with_sharding
from meshc.interfaces.annotations import (analyze_block, function_mesh, functions, per_device, static_sharding,
                                          verify_type_shardings)
from meshc.interfaces.region_flow import call_cycle, recursion_text
from meshc.interfaces.sharding import replicated, unchanged_spaces
from meshc.ir.attributes import DenseElementsAttr
from meshc.ir.builder import Builder
from meshc.ir.core import Operation, Value
from meshc.ir.location import DiagnosticError
from meshc.ir.types import TensorType
from meshc.ir.verifier import verify
from meshc.passes.base import Pass


class DistributeTypes(Pass):
    """See the module docstring."""

    name = "distribute-types"
    summary = "Put each tensor value's sharding into its type (#mesh.shard encoding); drop agreeing mesh.shard ops"
    display_name = "DistributeTypes"

    def run(self, op: Operation) -> None:
        funcs = list(functions(op))
        for func in funcs:
            self.distribute(func)
        if op.name == "builtin.module":  # every signature is final now
            for func in funcs:
                for call in [o for o in func.walk() if isinstance(o, CallOp)]:
                    reconcile_call(call, op)
        for func in funcs:
            if function_mesh(func) is None:
                continue
            try:  # annotations alone (no sharding-propagation) may give an op's operands and results other shardings
                verify(func)
            except DiagnosticError as err:
                d = err.diagnostics[0]
                raise DiagnosticError(f"{d.message} ({_unequal_hint(self.context.completed)})", d.location) from None

    def distribute(self, func: FuncOp) -> None:
        """Rewrite ``func`` in distributed form (see the module docstring).

        Raises:
            DiagnosticError: two meshes in the function, a non-static annotation, an invalid
                sharding in a type (before or after), or shardings that disagree where an op
                needs equal types (the input was not propagated: located at that op).
        """
        mesh = function_mesh(func)
        if mesh is None:
            return
        verify_type_shardings(func)
        default = replicated(mesh)
        for block in func.regions[0].blocks:
            for bv in analyze_block(block):
                current = sharding_of(bv.value.type)
                if current is None and bv.pinned is None and _per_device_only(bv):
                    continue  # a table partition left for the bodies: every device reads it whole, locally
                _set_sharding(bv.value, current or bv.pinned or default)
            for op in list(block.ops):
                if isinstance(op, ShardOp):
                    self.lower_annotation(op)
                else:
                    with unchanged_spaces():  # the op's values only gain shardings, which no space reads
                        _distribute_nested(op, default)
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


def _unequal_hint(completed: list[str]) -> str:
    """What to tell a user whose annotations left an op's values with different shardings where the op
    needs equal types (``completed``: the passes run before, :class:`~meshc.passes.base.PassContext`)."""
    if "sharding-propagation" not in completed:
        return ("the annotations give these values different shardings where the op needs equal types: run "
                "sharding-propagation before distribute-types")
    return ("sharding-propagation ran, yet these values keep different shardings where the op needs equal types "
            "and distribute-types has no resharding point for this use; a mesh.shard of the operand to the "
            "result's sharding just before the op works around it")


def reconcile_call(call: CallOp, module: Operation) -> None:
    """Make a ``func.call`` agree with its callee's distributed signature: an operand (result) whose
    sharding differs from the callee's argument (result) gets a resharding point before (after) the
    call, as ``reshard`` inserts them for other consumers.

    Raises:
        DiagnosticError: at the call, when the callee has no shardings while the call passes or
            receives distributed tensors (annotate the callee, or inline it).
    """
    callee = module.lookup(call.callee)  # type: ignore[attr-defined]
    if not isinstance(callee, FuncOp):
        return  # the verifier names the missing callee
    ftype = callee.function_type
    if list(ftype.inputs) == [v.type for v in call.operands] and list(ftype.results) == [r.type for r in call.results]:
        return
    for k, (v, want) in enumerate(zip(call.operands, ftype.inputs)):
        if v.type == want:
            continue
        have_s, want_s = sharding_of(v.type), sharding_of(want)
        if have_s is None or want_s is None:
            cycle = call_cycle(callee)
            how = ("annotate it with mesh.shard, or inline it" if cycle is None else
                   f"annotate it with mesh.shard; it cannot be inlined: {recursion_text(cycle)}")
            raise call.error(f"passes operand #{k} of type '{v.type}' to @{call.callee}, whose argument has type "
                             f"'{want}': a function called with distributed tensors needs shardings too ({how})")
        point = ShardOp.build(v, want_s, loc=call.location, distributed=True)
        point.results[0].type = want
        Builder.before(call).insert(point)
        call.set_operand(k, point.results[0])
    for k, (r, want) in enumerate(zip(call.results, ftype.results)):
        if r.type == want:
            continue
        have_s, want_s = sharding_of(r.type), sharding_of(want)
        if have_s is None or want_s is None:
            raise call.error(f"result #{k} of type '{r.type}' differs from the result type '{want}' of "
                             f"@{call.callee}: a function returning distributed tensors needs shardings in its "
                             "callers too")
        used_as = r.type
        r.type = want
        point = ShardOp.build(r, have_s, loc=call.location, distributed=True)
        point.results[0].type = used_as
        Builder.after(call).insert(point)
        r.replace_uses_if(point.results[0], lambda user: user is not point)


def _set_sharding(v: Value, sharding) -> None:
    if isinstance(v.type, TensorType):
        v.type = with_sharding(v.type, sharding)
        owner = getattr(v, "op", None)
        value = owner.attributes.get("value") if owner is not None and owner.name == "arith.constant" else None
        if isinstance(value, DenseElementsAttr):  # the attribute's type is the result type (MLIR's rule)
            owner.attributes["value"] = DenseElementsAttr(v.type, value.array)


def _per_device_only(bv) -> bool:
    """Every use of base value ``bv`` is inside a per-device body (:func:`per_device`) with no annotation
    between: an unsharded tensor ``partition`` made for its bodies (a ``sharded_dims_offsets`` table),
    which each device reads locally. It keeps its plain type, so the output compiles again to itself."""
    return bool(bv.uses) and all(not u.path and per_device(u.consumer) for u in bv.uses)


def _distribute_nested(op: Operation, default) -> None:
    """Give the tensor values inside ``op``'s regions their shardings: a region op partitioned in place
    (:mod:`meshc.interfaces.region_models`) passes its loop sharding, read off its operand and result
    types, to its body (and its nested region ops theirs); any other op's values are replicated."""
    from meshc.interfaces.region_models import combine_partials, inner_shardings, insert_body_reshards, sharding_model_of
    from meshc.interfaces.sharding import loop_sharding

    if per_device(op):  # partition's output (a for_all, a forall of for_ones): its body is per device
        return
    model = sharding_model_of(op)
    if model is None or not op.regions or model.classes(op) is None:  # no rule (mesh ops in its body): whole
        _replicate_nested(op, default)
        return
    from meshc.interfaces.sharding import iteration_space

    captured = [sharding_of(v.type) for v, _ in iteration_space(op).captured]  # they split INTERNAL loops
    ls = loop_sharding(op, [sharding_of(v.type) for v in op.operands] + captured,
                       [sharding_of(r.type) for r in op.results], mesh=default.mesh)
    for v, s in inner_shardings(op, ls).items():
        if sharding_of(v.type) is None or (s.partial_axes and sharding_of(v.type) != s):
            _set_sharding(v, s)  # a body value partial over a split reduction (region_models) says so
    insert_body_reshards(op, ls)
    combine_partials(op)
    for region in op.regions:
        for block in region.blocks:
            for inner in block.ops:
                _distribute_nested(inner, default)


def _replicate_nested(op: Operation, default) -> None:
    """Give every tensor value inside ``op``'s regions without a sharding the replicated one (none
    inside the per-device body of a ``mesh.for_all`` / ``mesh.for_one``, trait ``PerDeviceBody``:
    its values are local, its collectives local-view ones, as ``partition`` left them)."""
    if per_device(op):
        return
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
