"""meshc: a compiler driver for sharded tensor programs.

Reads MLIR-style textual IR (func, arith, math, tensor, linalg, scf, the
``mesh`` sharding dialect and ``iree_encoding``), runs sharding and
data-tiling passes, emits one schedule per device and executes the schedules
on simulated devices with a threaded numpy runtime.

The Python API (the ``meshc`` commands are built on the same functions)::

    import meshc
    m = meshc.parse("samples/seed_matmul_rows.mlir")     # a path or IR text -> Module
    print(meshc.compile(m, "sharding-propagation,distribute-types").print())
    r = meshc.run(m, {"arg0": a, "arg1": b, "out_dps": c}, check=True)
    r.outputs[0], r.stats.table(), r.check_ok
    print(meshc.explain(m).text())                        # resharding points and collectives
    meshc.layout("56x56x30", layout="tile", memory_layout="height_sharded", shard_shape="49x30")

Every error a user can cause raises :class:`DiagnosticError` (or a subclass:
:class:`PipelineError`, :class:`EmitError`, :class:`RuntimeFailure`,
:class:`OutOfDeviceMemory`...) whose ``.location`` (file, line, col) and
``.message`` are those ``meshc`` prints; ``meshc.layout`` raises
:class:`LayoutError` (a ValueError). Names load lazily (module
``__getattr__``), so ``import meshc`` and ``meshc --help`` stay fast.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence, Union

__version__ = "0.1.0"

# name -> "module:attribute", imported on first access
_LAZY: dict[str, str] = {
    "parse": "meshc.api:parse",
    "run": "meshc.api:run",
    "run_reference": "meshc.api:run_reference",
    "Module": "meshc.dialects.builtin:ModuleOp",
    "RunResult": "meshc.api:RunResult",
    "ExplainReport": "meshc.explain:ExplainReport",
    "Explanation": "meshc.explain:Explanation",
    "LayoutReport": "meshc.layout:LayoutReport",
    "Diagnostic": "meshc.ir.location:Diagnostic",
    "DiagnosticError": "meshc.ir.location:DiagnosticError",
    "Location": "meshc.ir.location:Location",
    "PipelineError": "meshc.passes.pipeline:PipelineError",
    "EmitError": "meshc.backend.emit:EmitError",
    "RuntimeFailure": "meshc.runtime.executor:RuntimeFailure",
    "OutOfDeviceMemory": "meshc.runtime.devices:OutOfDeviceMemory",
    "AnnotationError": "meshc.annotate:AnnotationError",
    "LayoutError": "meshc.layout:LayoutError",
}

__all__ = sorted([*_LAZY, "compile", "explain", "layout", "__version__"])  # explain, layout: see _Package

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from meshc.api import RunResult, parse, run, run_reference  # noqa: F401
    from meshc.dialects.builtin import ModuleOp as Module  # noqa: F401
    from meshc.explain import ExplainReport, explain  # noqa: F401
    from meshc.ir.location import Diagnostic, DiagnosticError, Location  # noqa: F401
    from meshc.layout import LayoutError, LayoutReport  # noqa: F401


def __getattr__(name: str) -> Any:
    target = _LAZY.get(name)
    if target is None:
        raise AttributeError(f"module 'meshc' has no attribute '{name}'")
    module_name, _, attr = target.partition(":")
    value = getattr(importlib.import_module(module_name), attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return list(__all__)


def compile(module: Any, pipeline: Optional[str] = None,
            mesh_shape: Union[str, Mapping[str, Sequence[int]], None] = None, *, target: str = "none") -> Any:
    """A compiled copy of ``module``: ``pipeline`` run on it (``meshc compile -p``).

    ``pipeline`` is pass-pipeline text (``"canonicalize,cse"``,
    ``"builtin.module(func.func(cse))"``, ``"reshard{strategy=peer}"``); None
    runs the default pipeline (``meshc passes`` lists it; up to stage 5, no
    ``unroll``; with a ``target`` other than ``none`` it adds
    ``unroll,set-encoding``, as ``meshc compile --target``), ``""`` none.
    ``mesh_shape`` (``"m=2x4"`` or ``{"m": (2, 4)}``) gives meshes declared
    with ``?`` their shape and overrides static ones, as ``meshc run
    --mesh-shape`` does. ``target``: the data-tiling target of
    materialize-encodings (``none``, ``x86-generic``, ``x86-avx2``,
    ``x86-avx512``). ``module`` itself is not changed; the IR is verified
    after every pass. For the per-device schedules as well, see
    :func:`meshc.api.compile`.

    Raises:
        PipelineError: malformed pipeline text, an unknown pass or option.
        DiagnosticError: a bad ``mesh_shape``; a pass's user error or a
            verifier failure (located in the input).
    """
    from meshc.api import default_pipeline, mesh_shapes_arg, override_mesh_shapes
    from meshc.passes.base import PassContext
    from meshc.passes.manager import PassManager

    work = module.clone()
    shapes = mesh_shapes_arg(mesh_shape)
    override_mesh_shapes(work, shapes)
    context = PassContext(mesh_shapes=shapes)
    context.target = target  # type: ignore[attr-defined]  # read by materialize-encodings
    PassManager.from_text(default_pipeline(target) if pipeline is None else pipeline, context).run(work)
    return work


def _layout(shape: Union[str, Sequence[int]], dtype: str = "bfloat16", layout: str = "row_major",
           tile: Optional[str] = None, memory_layout: str = "interleaved",
           shard_shape: Union[str, Sequence[int], None] = None, grid: Optional[str] = None,
           orientation: Optional[str] = None, physical_shard_shape: Union[str, Sequence[int], None] = None,
           alignment: Union[str, Sequence[int], None] = None, buffer_type: str = "dram",
           rules: str = "seed", device_grid: Optional[str] = None) -> Any:
    """Every figure of a tensor of logical ``shape`` under a TensorLayout
    (seed 002; what ``meshc layout`` prints): a :class:`meshc.layout.LayoutReport`
    with ``physical_shape``, ``page_shape``, ``page_size_bytes``, ``num_pages``,
    ``buffer_bytes``, ``bytes_per_core``... (shapes in elements, sizes in bytes).

    Sizes are ``"56x56x30"`` or a sequence of ints (``shape``, ``shard_shape``,
    ``physical_shard_shape``, ``alignment``; ``tile`` is ``"32x32"``); the other
    options take the ``meshc layout`` spellings (``layout="tile"``,
    ``memory_layout="height_sharded"``, ``rules="physical"``...); ``None``
    means not given (``tile`` 32x32, ``grid`` 8x8...), and an option that does
    not apply to the layout (``tile`` with ``row_major``) is an error, as on the
    command line. The rules are in :mod:`meshc.layout`.

    Raises:
        LayoutError: a malformed option, an invalid combination (a shard shape
            with an interleaved layout), or a shape the layout cannot hold;
            the message names the offending numbers.
    """
    from meshc.layout import build_layout, parse_dims

    def text(v: Union[str, Sequence[int], None]) -> Optional[str]:
        return v if v is None or isinstance(v, str) else "x".join(str(int(d)) for d in v)

    dims = parse_dims(text(shape) or "")
    made = build_layout(dtype, layout, tile, memory_layout, text(shard_shape), grid, orientation,
                        text(physical_shard_shape), text(alignment), buffer_type, rules, device_grid)
    return made.report(dims)


class _CallableModule(types.ModuleType):
    """A subpackage that is also a function of the API: ``meshc.layout(...)`` is :func:`_layout`,
    ``meshc.explain(...)`` is :func:`meshc.explain.explain`; ``meshc.layout.TensorLayout`` and
    ``from meshc.explain import ...`` work as for any module."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.__name__ == "meshc.layout":
            return _layout(*args, **kwargs)
        return self.explain(*args, **kwargs)


def _callable(module: Any) -> Any:
    if type(module) is types.ModuleType:
        module.__class__ = _CallableModule
    return module


def _submodule_function(name: str) -> property:
    """The attribute ``meshc.NAME``: the submodule ``meshc.NAME`` made callable, imported on first
    access (the import system's ``setattr`` of the submodule on the package goes through the setter)."""
    full = f"meshc.{name}"

    def get(self: types.ModuleType) -> Any:
        return _callable(sys.modules.get(full) or importlib.import_module(full))

    def put(self: types.ModuleType, module: Any) -> None:
        _callable(module)

    return property(get, put, doc=f"the {full} module, callable as the API function")


class _Package(types.ModuleType):
    """``meshc`` itself, with the callable subpackages ``layout`` and ``explain``."""

    layout = _submodule_function("layout")
    explain = _submodule_function("explain")


_layout.__name__ = "layout"
sys.modules[__name__].__class__ = _Package
