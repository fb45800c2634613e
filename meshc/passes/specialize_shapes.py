"""``specialize-shapes``: give the entry function's dynamic tensor dims the static sizes of its inputs.

A program written with ``tensor<?x8xf32>`` arguments cannot be unrolled to per-device programs
until the sizes are known; seed 000 says such dynamic sizes must be carried "all the way to the
runtime". meshc does what a JIT does: once the inputs are bound (``meshc run --inputs``,
``meshc.api.run``) their shapes are known, so the entry function is specialised to them before
``sharding-propagation`` and the rest of the pipeline sees a static program. The compiled program
is cached by input shapes within a session (:func:`meshc.api.compile`'s ``arg_shapes``).

Option ``arg-shapes``: ``NAME=SIZES;...`` where NAME is an argument name (``x`` or ``%x``) or its
position (``0``) and SIZES is ``10x8`` (``x`` separated; a rank-0 tensor is ``""``: ``s=``). Option
``entry``: the function to specialise (default: the only public function,
:func:`meshc.ir.functions.entry_function`).

What the pass does (MLIR's shape refinement: ``tensor.cast`` folding and the ops'
``ReifyRankedShapedTypeOpInterface``/``inferReturnTypes``; IREE specialises dispatches by the same
rule), in program order over the entry block:

* the argument types become static (a static dim that the given size contradicts is an error naming
  the argument);
* each op first tries its ShardingInterface model's
  :meth:`~meshc.interfaces.sharding.ShardingModel.fold_static` (``tensor.dim`` of a now-static dim,
  a ``tensor.cast`` whose source is at least as static as its target, integer ``arith`` on known
  values through :mod:`meshc.kernels.fold`): its results are replaced by constants or by a value;
* otherwise the model's :meth:`~meshc.interfaces.sharding.ShardingModel.refine` (unroll's static type
  inference) makes the known sizes static and the result types follow;
* the function's result types are recomputed from its ``return``.

Ops with regions other than linalg bodies (``scf.for`` with tensor iter_args) keep their types; if a
dim stays dynamic, ``unroll`` reports it as before. Specialising an already static function is a
no-op (every argument's given shape must equal its static shape).
"""

from __future__ import annotations

from typing import Mapping, Optional, Sequence, Union

from meshc.dialects.arith import ConstantOp
from meshc.dialects.func import FuncOp
from meshc.interfaces.sharding import sharding_model
from meshc.ir.functions import entry_function
from meshc.ir.attributes import IntegerAttr
from meshc.ir.core import Block, Operation, Value
from meshc.ir.location import DiagnosticError
from meshc.ir.types import INDEX, IndexType, IntegerType, TensorType
from meshc.passes.base import Option, Pass

__all__ = ["parse_arg_shapes", "entry_function", "has_dynamic_args", "specialize_shapes", "SpecializeShapes"]

ShapeKey = Union[str, int]


def parse_arg_shapes(text: str) -> dict[ShapeKey, tuple[int, ...]]:
    """``"x=10x8;1=4"`` -> ``{"x": (10, 8), 1: (4,)}`` (a key of digits is a position; ``s=`` is rank 0).

    Raises:
        ValueError: an entry that is not ``NAME=SIZES`` with sizes >= 0.
    """
    out: dict[ShapeKey, tuple[int, ...]] = {}
    for entry in filter(None, (e.strip() for e in text.split(";"))):
        name, sep, sizes = entry.partition("=")
        name = name.strip().lstrip("%")
        try:
            dims = tuple(int(d) for d in sizes.split("x")) if sizes.strip() else ()
        except ValueError:
            dims = None  # type: ignore[assignment]
        if not sep or not name or dims is None or any(d < 0 for d in dims):
            raise ValueError(f"'{entry}' is not NAME=SIZES with sizes >= 0 (e.g. x=10x8)")
        out[int(name) if name.isdigit() else name] = dims
    return out


def has_dynamic_args(func: FuncOp) -> bool:
    """True when an argument of ``func`` is a tensor with a ``?`` dim."""
    return any(isinstance(t, TensorType) and None in t.shape for t in func.function_type.inputs)


def _arg_names(func: FuncOp) -> list[Optional[str]]:
    return [a.name_hint for a in func.body.args]


def specialize_shapes(module: Operation, shapes: Union[Mapping[ShapeKey, Sequence[int]], Sequence[Sequence[int]]],
                      entry: Optional[str] = None) -> FuncOp:
    """Specialise the entry function of ``module`` (in place) to the argument ``shapes`` (by name or
    position, or a list in argument order: ``None`` entries and non-tensor arguments are skipped);
    return the function. See the module docstring for the rule.

    Raises:
        DiagnosticError: an unknown argument name, a rank mismatch, or a size that contradicts a
            static dim (naming the argument), or a ``tensor.cast`` whose static target contradicts
            its now-static source (located at the cast).
    """
    func: FuncOp = entry_function(module, entry)  # type: ignore[assignment]
    args = list(func.body.args)
    names = _arg_names(func)
    if not isinstance(shapes, Mapping):
        shapes = {i: s for i, s in enumerate(shapes) if s is not None}
    for key, shape in shapes.items():
        if isinstance(key, int):
            index = key
        elif key in names:
            index = names.index(key)
        else:
            known = ", ".join(f"%{n}" for n in names if n) or "none"
            raise DiagnosticError(f"specialize-shapes: '@{func.sym_name}' has no argument '%{key}' "
                                  f"(arguments: {known})", func.location)
        if not 0 <= index < len(args):
            raise DiagnosticError(f"specialize-shapes: '@{func.sym_name}' has no argument #{index}", func.location)
        arg, t = args[index], args[index].type
        if not isinstance(t, TensorType):
            continue
        shape = tuple(int(n) for n in shape)
        what = f"argument #{index} (%{names[index]})" if names[index] else f"argument #{index}"
        if len(shape) != t.rank or any(a is not None and a != b for a, b in zip(t.shape, shape)):
            raise DiagnosticError(f"input for {what} has shape {list(shape)}, which contradicts its type '{t}'",
                                  func.location)
        arg.type = t.with_shape(shape)
    _refine_block(func.body)
    func.update_type_from_body()
    return func


def _known(v: Value) -> Optional[int]:
    op = getattr(v, "op", None)
    if isinstance(op, ConstantOp) and isinstance(v.type, (IndexType, IntegerType)):
        attr = op.attributes.get("value")
        if isinstance(attr, IntegerAttr):
            return int(attr.value)
    return None


def _constant(block: Block, anchor: Operation, n: int, t) -> Value:
    c = ConstantOp.create([], [t], {"value": IntegerAttr(int(n), t)}, location=anchor.location)
    block.insert_before(anchor, c)
    return c.results[0]


def _refine_block(block: Block) -> None:
    for op in list(block.ops):
        model = sharding_model(op)
        if model is None:
            continue
        folded = model.fold_static(op, _known)
        if folded is not None:
            for r, v in zip(op.results, folded):
                if isinstance(v, int):
                    t = r.type if isinstance(r.type, (IndexType, IntegerType)) else INDEX
                    v = _constant(block, op, v, t)
                r.replace_all_uses_with(v)
            op.erase()
            continue
        clone = op.clone({})
        new = model.refine(clone, _known)
        if new is clone and all(a.type == b.type for a, b in zip(op.results, new.results)):
            clone.drop_operands()
            continue
        block.insert_before(op, new)
        for a, b in zip(op.results, new.results):
            a.replace_all_uses_with(b)
        if new is not clone:
            clone.drop_operands()
        op.erase()


class SpecializeShapes(Pass):
    """See the module docstring."""

    name = "specialize-shapes"
    summary = "Give the entry function's dynamic tensor dims the static sizes of its inputs"
    display_name = "SpecializeShapes"
    options = (Option("arg-shapes", str, "", "argument shapes 'NAME=SIZES;...' (name or position, e.g. x=10x8)"),
               Option("entry", str, "", "the function to specialise (default: the only public one)"))
    op_names = ("builtin.module",)

    def run(self, op: Operation) -> None:
        try:
            shapes = parse_arg_shapes(self.arg_shapes)
        except ValueError as err:
            raise DiagnosticError(f"specialize-shapes: {err}", op.location) from None
        specialize_shapes(op, shapes, self.entry or None)
