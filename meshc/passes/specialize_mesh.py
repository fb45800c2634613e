"""``specialize-mesh``: give meshes declared with ``?`` sizes concrete shapes at compile time.

``meshc compile --mesh-shape m=5`` (PassContext.mesh_shapes) or the pass option
``shapes=m=5;n=2x4`` turns ``mesh.mesh @m(shape = ?)`` into ``shape = 5`` so that
``unroll`` can instantiate the per-device bodies (seed 000: a dynamic mesh is kept
as lists until its shape is known; DESIGN.md "Dynamic meshes"). The
``reshard``, ``partition`` and ``unroll`` passes call :func:`specialize_from_context`
first, so the flag works with the default pipeline; the pass exists to run it
on its own (``-p specialize-mesh``). Specializing is idempotent.

Rules (:meth:`meshc.sharding.Mesh.specialize`): the given shape has the mesh's
rank, every size is >= 1, and a static size cannot change.
"""

from __future__ import annotations

from typing import Mapping, Optional

from meshc.dialects.mesh import DYNAMIC_INDEX, MeshOp
from meshc.ir.attributes import DenseArrayAttr
from meshc.ir.core import Operation
from meshc.ir.location import DiagnosticError
from meshc.ir.types import I64
from meshc.passes.base import Option, Pass, PassContext


def parse_shapes(text: str) -> dict[str, tuple[int, ...]]:
    """``"m=5;n=2x4"`` -> ``{"m": (5,), "n": (2, 4)}``.

    Raises:
        ValueError: an entry that is not ``NAME=SIZES`` with positive integer sizes.
    """
    out: dict[str, tuple[int, ...]] = {}
    for entry in filter(None, (e.strip() for e in text.replace(",", ";").split(";"))):
        name, sep, sizes = entry.partition("=")
        try:
            dims = tuple(int(d) for d in sizes.split("x")) if sep else ()
        except ValueError:
            dims = ()
        if not name or not dims or any(d < 1 for d in dims):
            raise ValueError(f"'{entry}' is not NAME=SIZES with positive sizes (e.g. m=2x4)")
        out[name.lstrip("@")] = dims
    return out


def specialize_meshes(module: Operation, shapes: Mapping[str, tuple[int, ...]]) -> list[MeshOp]:
    """Set the shape of each ``mesh.mesh`` of ``module`` named in ``shapes``; return the changed ones.

    Raises:
        DiagnosticError: a name that is no mesh of the module, a rank mismatch, a size < 1 or a
            static size that differs (located at the mesh op).
    """
    meshes = {op.sym_name: op for op in module.walk() if isinstance(op, MeshOp)}
    changed = []
    for name, shape in shapes.items():
        mesh = meshes.get(name)
        if mesh is None:
            known = ", ".join("@" + n for n in meshes) or "none"
            raise DiagnosticError(f"--mesh-shape names mesh '@{name}', which the module does not declare "
                                  f"(meshes: {known})", module.location)
        old = mesh.shape
        if len(shape) != len(old):
            raise mesh.error(f"has rank {len(old)}; cannot specialize it to shape {'x'.join(map(str, shape))}")
        for axis, (a, b) in enumerate(zip(old, shape)):
            if b < 1:
                raise mesh.error(f"axis {axis} cannot have size {b}")
            if a is not None and a != b:
                raise mesh.error(f"axis {axis} has static size {a}; cannot specialize it to {b}")
        if any(a is None for a in old):
            mesh.attributes["shape"] = DenseArrayAttr(I64, tuple(int(b) for b in shape))
            changed.append(mesh)
    return changed


def specialize_from_context(module: Operation, context: PassContext) -> None:
    """:func:`specialize_meshes` with the shapes of ``--mesh-shape`` (no-op without any)."""
    if context.mesh_shapes:
        specialize_meshes(module, context.mesh_shapes)


def is_dynamic(mesh: Optional[MeshOp]) -> bool:
    """True for a mesh with a ``?`` axis."""
    return mesh is not None and DYNAMIC_INDEX in getattr(mesh.attributes.get("shape"), "values", ())


class SpecializeMesh(Pass):
    """See the module docstring."""

    name = "specialize-mesh"
    summary = "Give meshes declared with '?' sizes the shapes of --mesh-shape (or the 'shapes' option)"
    display_name = "SpecializeMesh"
    options = (Option("shapes", str, "", "mesh shapes 'NAME=SIZES;...' (default: --mesh-shape)"),)
    op_names = ("builtin.module",)

    def run(self, op: Operation) -> None:
        try:
            shapes = parse_shapes(self.shapes) if self.shapes else dict(self.context.mesh_shapes)
        except ValueError as err:
            raise DiagnosticError(f"specialize-mesh: {err}", op.location) from None
        specialize_meshes(op, shapes)
