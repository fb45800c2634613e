"""Pictures of the tensor values of a program in distributed form (docs/pipeline.md stage 3).

The module must have been through ``sharding-propagation,distribute-types``:
each tensor value's sharding is read from its type with
:func:`meshc.dialects.mesh.sharding_of`, and its mesh from the module's
``mesh.mesh`` ops (a dynamic mesh is specialised with the sizes given as
``mesh_shapes``, as ``--mesh-shape m=4`` does). Values are named as the
printer names them in the IR after ``sharding-propagation`` (``%a``, ``%0``;
:class:`PropagationNames`), so the names match ``meshc compile -p
sharding-propagation``.

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

__all__ = ["PropagationNames", "record_propagation_names", "ValueNames", "tensor_values", "entry_values", "find_value", "check_mesh_shapes", "static_mesh",
           "figures_for", "render_values"]


class PropagationNames:
    """The names and roles of the values of ``module`` as ``meshc compile -p sharding-propagation``
    prints them (docs/pipeline.md stage 2), recorded between ``sharding-propagation`` and
    ``distribute-types`` (:func:`record_propagation_names`) so they still name the values of the
    distributed form (stage 3).

    Names come from :class:`meshc.ir.printer.Printer` (name hints, then ``%0, %1, ...``), so the
    user's own names (``%xs``) and the numbered ones are those of the printed IR. ``distribute-types``
    keeps every value object but erases the ``mesh.shard`` ops whose operand already has their
    sharding (their uses go to the operand): such a name (``%w1s``) then stands for the operand's
    value, which is drawn under the asked-for name. ``update_halo`` ops (rewritten by propagation
    as ``mesh.shard ... halo_sizes``) keep their role ``result of mesh.update_halo``."""

    def __init__(self, module: Operation, halo_locations: Iterable = ()):
        printer = Printer()
        printer.print_op(module)
        halos = set(halo_locations)
        self.by_name: dict[str, tuple[Value, str]] = {}
        self.name_of: dict[int, str] = {}
        self.shard_source: dict[int, Value] = {}
        for op in module.walk():
            if not isinstance(op, FuncOp):
                continue
            for v in _values_in(op):
                name = printer.value(v)
                self.by_name.setdefault(name, (v, _role(v, op, halos)))
                self.name_of.setdefault(id(v), name)
                if isinstance(v, OpResult) and v.op.name == "mesh.shard" and v.op.operands:
                    self.shard_source[id(v)] = v.op.operands[0]
        self.shown_as: dict[int, str] = {}

    def resolve(self, name: str) -> Optional[tuple[Value, str]]:
        """The value of the distributed form named ``name`` (``%c``) after propagation, and its
        role there; None when no value had that name."""
        entry = self.by_name.get(name)
        if entry is None:
            return None
        v, role = entry
        while isinstance(v, OpResult) and v.op.parent is None and id(v) in self.shard_source:
            v = self.shard_source[id(v)]  # an erased mesh.shard: its uses went to its operand
        return v, role


_NAMES_ATTR = "_meshc_show_names"


def record_propagation_names(module: Operation, halo_locations: Iterable = ()) -> PropagationNames:
    """Record on ``module`` (after ``sharding-propagation``, before ``distribute-types``) the names
    of its values as the printer prints them then; :class:`ValueNames` of the module uses them.
    ``halo_locations``: the locations of the input's ``mesh.update_halo`` ops."""
    names = PropagationNames(module, halo_locations)
    setattr(module, _NAMES_ATTR, names)
    return names


class ValueNames:
    """The names of the values of ``module``: those recorded after propagation
    (:func:`record_propagation_names`, what ``meshc show`` does), else the printer's names of
    ``module`` as it is; ``%a``, ``%0``, ``%0#1``."""

    def __init__(self, module: Operation):
        self.recorded: Optional[PropagationNames] = getattr(module, _NAMES_ATTR, None)
        self._printer = Printer()
        self._printer.print_op(module)

    def __call__(self, value: Value) -> str:
        if self.recorded is not None:
            name = self.recorded.shown_as.get(id(value)) or self.recorded.name_of.get(id(value))
            if name is not None:
                return name
        return self._printer.value(value)

    def role(self, value: Value) -> Optional[str]:
        """The value's role in the IR after propagation (``result of linalg.matmul``), if recorded."""
        if self.recorded is None:
            return None
        entry = self.recorded.by_name.get(self(value))
        return entry[1] if entry is not None else None

    def find(self, name: str) -> Optional[Value]:
        """The value named ``name`` (``%c``); None if there is none."""
        if self.recorded is not None:
            found = self.recorded.resolve(name)
            if found is not None:
                self.recorded.shown_as[id(found[0])] = name
                return found[0]
        return None


def _role(v: Value, func: Operation, halos: set) -> str:
    if isinstance(v, BlockArgument) and v.block is func.regions[0].blocks[0]:
        return f"argument #{v.index}"
    if isinstance(v, OpResult):
        if v.op.name == "mesh.shard" and v.op.location in halos:
            return "result of mesh.update_halo"
        return f"result of {v.op.name}"
    return "block argument"


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
    found = names.find(wanted)
    if found is not None and _is_tensor(found) and _owner_func(found) is func:
        return found
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
    recorded = names.role(v)
    if recorded is not None:
        roles.append(recorded)
    elif isinstance(v, BlockArgument) and func is not None and v.block is func.regions[0].blocks[0]:
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
