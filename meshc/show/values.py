"""Pictures of the tensor values of a program in distributed form (PIPELINE.md stage 3).

The module must have been through ``sharding-propagation,distribute-types``:
each tensor value's sharding is read from its type with
:func:`meshc.dialects.mesh.sharding_of`, and its mesh from the module's
``mesh.mesh`` ops (a dynamic mesh is specialised with the sizes given as
``mesh_shapes``, as ``--mesh-shape m=4`` does). Values are named as the
printer names them (``%a``, ``%0``), so the names match the printed IR.

:func:`render_values` is the one call ``meshc show`` and ``meshc run --show``
need: it draws the chosen values on a rich console and returns the figures
(which :func:`meshc.show.svg.svg_document` turns into SVG).
"""

from __future__ import annotations

from typing import Iterable, Iterator, Mapping, Optional, Sequence

from meshc.dialects.func import FuncOp
from meshc.dialects.mesh import MeshOp, sharding_of, strip_sharding
from meshc.ir.core import BlockArgument, Operation, OpResult, Value
from meshc.ir.location import DiagnosticError
from meshc.ir.printer import Printer
from meshc.ir.types import TensorType
from meshc.sharding.spec import Mesh, ShardingError
from meshc.show.blocks import ShowError, shard_picture
from meshc.show.render import MAX_HEIGHT, MAX_WIDTH, Figure, print_figures

__all__ = ["ValueNames", "tensor_values", "entry_values", "find_value", "check_mesh_shapes", "static_mesh",
           "figures_for", "render_values"]


class ValueNames:
    """The names the printer gives the values of ``module`` (``%a``, ``%0``, ``%0#1``)."""

    def __init__(self, module: Operation):
        self._printer = Printer()
        self._printer.print_op(module)

    def __call__(self, value: Value) -> str:
        return self._printer.value(value)


def _is_tensor(v: Value) -> bool:
    return isinstance(v.type, TensorType)


def _values_in(op: Operation) -> Iterator[Value]:
    for region in op.regions:
        for block in region.blocks:
            yield from block.args
            for inner in block.ops:
                yield from inner.results
                yield from _values_in(inner)


def tensor_values(func: Operation) -> list[Value]:
    """Every tensor value of ``func`` in printed order: entry arguments, then op results,
    nested regions' values right after the op that holds them."""
    return [v for v in _values_in(func) if _is_tensor(v)]


def _returned(func: Operation) -> list[Value]:
    body = func.regions[0].blocks[0]
    term = body.ops[-1] if body.ops else None
    return list(term.operands) if term is not None and term.has_trait("ReturnLike") else []


def entry_values(func: Operation) -> list[Value]:
    """The tensor arguments of ``func`` then its returned tensor values (each value once)."""
    out: list[Value] = []
    for v in list(func.regions[0].blocks[0].args) + _returned(func):
        if _is_tensor(v) and not any(v is o for o in out):
            out.append(v)
    return out


def find_value(func: FuncOp, names: ValueNames, name: str) -> Value:
    """The tensor value of ``func`` printed as ``name`` (``%c`` or ``c``).

    Raises:
        DiagnosticError: no tensor value has that name (the message lists the names there are).
    """
    wanted = name if name.startswith("%") else "%" + name
    values = tensor_values(func)
    for v in values:
        if names(v) == wanted:
            return v
    known = ", ".join(names(v) for v in values) or "none"
    raise DiagnosticError(f"no tensor value named '{wanted}' in @{func.sym_name} after sharding propagation "
                          f"(its tensor values: {known})")


def _mesh_ops(module: Operation) -> list[MeshOp]:
    return [op for r in module.regions for b in r.blocks for op in b.ops if isinstance(op, MeshOp)]


def _mesh_op(module: Operation, name: str) -> Optional[MeshOp]:
    return next((op for op in _mesh_ops(module) if op.sym_name == name), None)


def check_mesh_shapes(module: Operation, mesh_shapes: Mapping[str, Sequence[int]]) -> None:
    """Raise DiagnosticError if ``mesh_shapes`` (``--mesh-shape``) names a mesh ``module`` does not define."""
    for name in mesh_shapes:
        if _mesh_op(module, name) is None:
            defined = ", ".join("@" + op.sym_name for op in _mesh_ops(module)) or "none"
            raise DiagnosticError(f"--mesh-shape names mesh '@{name}', which the module does not define "
                                  f"(meshes: {defined})")


def static_mesh(module: Operation, name: str, mesh_shapes: Mapping[str, Sequence[int]]) -> Mesh:
    """The mesh ``@name`` of ``module`` with static sizes: as declared, or specialised to
    ``mesh_shapes[name]`` (``--mesh-shape``).

    Raises:
        DiagnosticError: no such mesh; a dynamic mesh without sizes; sizes of the wrong rank
            or disagreeing with a static size (located at the ``mesh.mesh`` op).
    """
    op = _mesh_op(module, name)
    if op is None:
        raise DiagnosticError(f"undefined mesh '@{name}'")
    mesh = op.as_mesh()
    shape = mesh_shapes.get(name)
    if shape is None:
        if not mesh.is_static:
            raise DiagnosticError(f"mesh @{name} has dynamic shape {mesh.shape_str()}; give its sizes with "
                                  f"--mesh-shape {name}=" + "x".join("4" for _ in mesh.shape), op.location)
        return mesh
    try:
        return mesh.specialize(shape)
    except ShardingError as err:
        raise DiagnosticError(f"--mesh-shape {name}={'x'.join(map(str, shape))}: {err}", op.location) from None


def _owner_func(v: Value) -> Optional[Operation]:
    op = v.block.parent_op if isinstance(v, BlockArgument) else v.op if isinstance(v, OpResult) else None
    while op is not None and not isinstance(op, FuncOp):
        op = op.parent_op
    return op


def _title(v: Value, names: ValueNames) -> str:
    func = _owner_func(v)
    fname = f"@{func.sym_name}" if func is not None else "the module"
    roles = []
    if isinstance(v, BlockArgument) and func is not None and v.block is func.regions[0].blocks[0]:
        roles.append(f"argument #{v.index}")
    elif isinstance(v, OpResult):
        roles.append(f"result of {v.op.name}")
    else:
        roles.append("block argument")
    if func is not None:
        roles += [f"returned #{k}" for k, r in enumerate(_returned(func)) if r is v]
    return f"{names(v)}: {', '.join(roles)} in {fname}, {strip_sharding(v.type)}"


def figures_for(module: Operation, values: Iterable[Value],
                mesh_shapes: Optional[Mapping[str, Sequence[int]]] = None) -> list[Figure]:
    """One :class:`~meshc.show.render.Figure` per value of ``module`` (distributed form).

    Raises:
        DiagnosticError: a value without a sharding in its type, a dynamic tensor shape, a
            sharding that does not fit, or a mesh problem (:func:`static_mesh`), located at the
            value.
    """
    names = ValueNames(module)
    shapes = dict(mesh_shapes or {})
    check_mesh_shapes(module, shapes)
    figures = []
    for v in values:
        sharding = sharding_of(v.type)
        if sharding is None:
            raise DiagnosticError(f"{names(v)} has no sharding in its type '{v.type}' (run sharding-propagation and "
                                  "distribute-types first)", v.location)
        mesh = static_mesh(module, sharding.mesh, shapes)
        try:
            picture = shard_picture(v.type.shape, sharding.to_spec(), mesh)
        except (ShowError, ShardingError) as err:
            raise DiagnosticError(f"cannot draw {names(v)}: {err}", v.location) from None
        figures.append(Figure(_title(v, names), picture))
    return figures


def render_values(module: Operation, values: Iterable[Value], console, *,
                  mesh_shapes: Optional[Mapping[str, Sequence[int]]] = None, max_width: int = MAX_WIDTH,
                  max_height: int = MAX_HEIGHT) -> list[Figure]:
    """Draw each of ``values`` (tensor values of ``module`` in distributed form) on ``console``
    (a ``rich.console.Console``; see :func:`meshc.show.render.console_for`) and return the figures.

    ``mesh_shapes`` specialises dynamic meshes (``{"m": (4,)}``); ``max_width x max_height``
    bounds each grid in characters. Raises DiagnosticError as :func:`figures_for`.
    """
    figures = figures_for(module, values, mesh_shapes)
    print_figures(figures, console, max_width, max_height)
    return figures
