"""IREE's ABI stubs read as the tensor functions they wrap.

From ``--compile-to=abi`` on (``global-optimization``, ``dispatch-creation``...), IREE's public
functions take and return ``!hal.buffer_view``: each argument is turned into a tensor by
``hal.tensor.import`` followed by ``iree_tensor_ext.compute_barrier.start``, each result goes through
``compute_barrier.end`` and ``hal.tensor.export`` (:mod:`meshc.dialects.hal`,
:mod:`meshc.dialects.iree_tensor_ext`), and the function carries ``iree.abi.stub`` and
``iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<..>, ...)"}``.

:func:`unwrap_abi` (the hal dialect's post-parse hook, so every command reads such a file alike) gives
such a function the tensor signature it wraps, the form ``--compile-to=input`` prints: an argument
whose every use is a ``hal.tensor.import`` of one static tensor type (no ``wait`` fence) takes that
type and replaces the imports, a returned ``hal.tensor.export`` of a static tensor is replaced by the
exported tensor, and the compute barriers (identities) go. Then sharding annotations
(``meshc annotate --shardings-from``, which matches arguments by position), inputs and results bind
to the function exactly as for the input phase. What cannot be unwrapped (a dynamic import, a fence,
a buffer view used otherwise) is left as it is: the ops still run (their kernels pass tensors through).
"""

from __future__ import annotations

from meshc.ir.core import Operation
from meshc.ir.types import TensorType

__all__ = ["unwrap_abi"]

_ABI_ATTRS = ("iree.abi.stub", "iree.reflection")


def unwrap_abi(module: Operation) -> None:
    """Unwrap every function of ``module`` that IREE's ABI wrapped (see the module docstring), in place."""
    from meshc.dialects.func import FuncOp

    barriers = [op for op in module.walk() if op.name.startswith("iree_tensor_ext.compute_barrier.")]
    for op in barriers:
        op.results[0].replace_all_uses_with(op.operands[0])
        op.erase()
    for func in [op for op in module.walk() if isinstance(op, FuncOp)]:
        if not func.regions or not func.regions[0].blocks:
            continue
        changed = _unwrap_arguments(func) | _unwrap_results(func)
        if changed:
            for key in _ABI_ATTRS:
                func.attributes.pop(key, None)
            func.update_type_from_body()


def _unwrap_arguments(func) -> bool:
    changed = False
    for arg in func.body.args:
        users = list({id(u[0]): u[0] for u in arg.uses}.values())
        if not users or any(u.name != "hal.tensor.import" or len(u.operands) != 1 for u in users):
            continue
        types = {u.results[0].type for u in users}
        t = next(iter(types))
        if len(types) != 1 or not isinstance(t, TensorType) or not t.has_static_shape:
            continue
        arg.type = t
        name = users[0].attributes.get("name")
        if arg.name_hint is None and name is not None and str(getattr(name, "value", "")).isidentifier():
            arg.name_hint = name.value  # type: ignore[attr-defined]
        for u in users:
            u.results[0].replace_all_uses_with(arg)
            u.erase()
        changed = True
    return changed


def _unwrap_results(func) -> bool:
    ret = func.body.terminator
    if ret is None:
        return False
    changed = False
    for k, v in enumerate(list(ret.operands)):
        export: Operation = getattr(v, "op", None)  # type: ignore[assignment]
        if export is None or export.name != "hal.tensor.export" or len(export.operands) != 1:
            continue
        src = export.operands[0]
        if not isinstance(src.type, TensorType) or not src.type.has_static_shape or len(list(v.uses)) != 1:
            continue
        ret.set_operand(k, src)
        export.erase()
        changed = True
    return changed
