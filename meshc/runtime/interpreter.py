"""The reference interpreter: executes a module's functions op by op on numpy
arrays. It is the oracle every sharded run is checked against.

Kernels are registered per op name (:func:`kernel`), grouped by dialect in
``meshc/runtime/ops/<dialect>.py``; each is a small adapter from the op's
attributes and operand values to a pure function of ``meshc.kernels``, so the
multi-device runtime executes the very same numpy code. Shardings are ignored
here (``mesh.shard`` is the identity) and so are data-tiling encodings
(``set_encoding``/``unset_encoding`` are identities on values).

Values: tensors are numpy arrays, never written in place once a value holds
them (every kernel returns a new array, as MLIR's value semantics require);
scalars are numpy scalars of the element type (``index`` is int64).

Execution: the first time a block runs, it is turned into a *plan* (the
kernel, operands and results of each op, looked up once, and the values
whose last use each op is); every later run is a tight loop over that plan.
One environment (a dict ``Value -> value``) serves a function body and every
region nested in it (MLIR regions that are not isolated read values of the
enclosing blocks); a call gets a new one. A value leaves the environment
right after its last use, so its array is freed as it would be in a numpy
expression (a program's peak memory is that of its live values).

Errors: a kernel failure raises :class:`DiagnosticError` located at the op
(``'tensor.extract_slice' op failed: ...``); an op without a kernel names the
op and its location (raised when its block is first planned, before any op
of the block runs).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

from meshc.ir.core import Block, Operation, Region, Value
from meshc.ir.functions import entry_function  # noqa: F401  (re-exported: the runtime's callers pick entries)
from meshc.ir.location import DiagnosticError

KernelFn = Callable[["Interpreter", Operation, list], Sequence[Any]]
KERNELS: dict[str, KernelFn] = {}

# Exceptions a kernel may raise for bad values; turned into located diagnostics.
KERNEL_ERRORS = (ValueError, TypeError, IndexError, ArithmeticError, KeyError, MemoryError)


def kernel(*names: str) -> Callable[[KernelFn], KernelFn]:
    """Register ``fn(interp, op, args) -> results`` for the op names.

    ``args`` are the operand values in operand order; the kernel returns one
    value per op result (a list or tuple; ``()`` for none).
    """

    def deco(fn: KernelFn) -> KernelFn:
        for n in names:
            KERNELS[n] = fn
        return fn

    return deco


#: Bound kernels, for the multi-device runtime: ``BINDERS[op name](op, inputs, outputs)``, given the
#: ``(shape, numpy dtype)`` of each operand and result buffer as the schedule allocates them, returns
#: ``call(values) -> results`` doing what ``KERNELS[op name](interp, op, values)`` does on such
#: values, with what depends only on the op and the buffers worked out once (at schedule load), or
#: None when it has no shortcut for them (the runtime then calls the kernel). A bound kernel's
#: results have the shapes and element types of the output buffers (the runtime does not check them).
#: A bound kernel of one result may also carry ``call.direct``: the same computation taking the
#: values as positional arguments and returning the one result (``direct(a, b)`` is
#: ``call([a, b])[0]``), which the runtime calls for ops of one or two operands without building
#: the lists.
BINDERS: dict[str, Callable[[Operation, list, list], Optional[Callable[[list], Sequence[Any]]]]] = {}


def binder(*names: str) -> Callable:
    """Register a bound-kernel maker (:data:`BINDERS`) for the op names."""

    def deco(fn: Callable) -> Callable:
        for n in names:
            BINDERS[n] = fn
        return fn

    return deco


def load_kernels() -> dict[str, KernelFn]:
    """Import the ``meshc.runtime.ops`` modules that the dialect registry
    (``meshc.dialects.REGISTRY``) lists (registers the kernels)."""
    from meshc.dialects import kernel_modules

    for n in kernel_modules():
        try:
            importlib.import_module(f"meshc.runtime.ops.{n}")
        except ModuleNotFoundError as err:
            if err.name != f"meshc.runtime.ops.{n}":
                raise
    return KERNELS


def no_kernel_error(op: Operation) -> DiagnosticError:
    """The located error for an op the interpreter cannot execute."""
    return DiagnosticError(f"'{op.name}' op has no kernel: the interpreter cannot execute it", op.location)


@dataclass
class Device:
    """Where a program runs: mesh coordinates by mesh name (empty for the
    unsharded reference run) and the concrete mesh shapes (needed for meshes
    declared with dynamic ``?`` sizes)."""

    coords: dict[str, tuple[int, ...]] = field(default_factory=dict)
    mesh_shapes: dict[str, tuple[int, ...]] = field(default_factory=dict)


class _BlockPlan:
    """A block ready to run: ``steps`` holds ``(kernel, op, operands,
    results, drops)`` per op, ``drops`` being the values of this block whose
    last use is that op (removed from the environment right after it, so
    arrays are freed as in a numpy expression); ``returns`` the terminator's
    operands (the block's results), or ``()`` when the terminator returns
    nothing; ``drop_at_end`` the values of the block still held when it ends
    (its own results once read, unused arguments)."""

    __slots__ = ("steps", "returns", "drop_at_end")

    def __init__(self, steps: list, returns: tuple, drop_at_end: tuple):
        self.steps = steps
        self.returns = returns
        self.drop_at_end = drop_at_end


def _used_values(op: Operation) -> list[Value]:
    """Operands of ``op`` and of every op nested in its regions."""
    if not op.regions:
        return op.operands
    return [v for inner in op.walk() for v in inner.operands]


def _liveness(block: Block, ops: Sequence[Operation], terminator: Optional[Operation]) -> tuple[list, tuple]:
    """Per op of ``ops``, the block's values last used there; and the values
    to drop when the block ends. Values used by the terminator's regions (a
    parallel-combining terminator run by the parent) are never dropped."""
    defined = set(block.args)
    for op in ops:
        defined.update(op.results)
    last: dict[Value, int] = {}
    for i, op in enumerate(ops):
        for r in op.results:
            last[r] = i  # an unused result is dropped right away
        for v in _used_values(op):
            if v in defined:
                last[v] = i
    keep: set = set()
    at_end: list = []
    if terminator is not None:
        for v in terminator.operands:
            if v in defined and v not in keep:
                at_end.append(v)
            keep.add(v)
        for inner in terminator.walk():
            if inner is not terminator:
                keep.update(inner.operands)
    drops: list[list] = [[] for _ in ops]
    for v, i in last.items():
        if v not in keep:
            drops[i].append(v)
    at_end += [a for a in block.args if a not in last and a not in keep]
    return [tuple(d) for d in drops], tuple(at_end)


class Interpreter:
    """Runs functions of ``module``.

    ``device`` gives the SPMD ops (``mesh.process_multi_index`` ...) their
    answers when a per-device program runs; ``parameters`` maps a parameter
    scope to ``{key: array}`` for ``#stream.parameter.named<"scope"::"key">``
    global initial values. ``globals`` holds ``util.global`` values;
    ``initialize()`` evaluates them and runs every ``util.initializer`` once
    (the first ``call`` does it implicitly). ``stats`` counts kernels run by
    op name.

    Plans and per-op analyses are cached on the interpreter: the module must
    not change while an Interpreter runs it (make a new one after a pass).
    """

    def __init__(self, module: Operation, device: Optional[Device] = None,
                 parameters: Optional[dict[str, dict[str, Any]]] = None):
        load_kernels()
        self.module = module
        self.device = device or Device()
        self.parameters = parameters or {}
        self.globals: dict[str, Any] = {}
        self.initialized = False
        self.stats: dict[str, int] = {}
        self.index_fn: Optional[Callable[[int], Any]] = None
        self.parallel_targets: list[dict] = []  # scf.forall shared_outs being written (see ops/scf.py)
        self._env: dict = {}
        self._plans: dict[Block, _BlockPlan] = {}
        self._op_cache: dict[Operation, Any] = {}

    # -- symbols ---------------------------------------------------------------
    def lookup(self, name: str) -> Operation:
        """The module-level op whose symbol is ``name``.

        Raises:
            DiagnosticError: no such symbol.
        """
        op = self.module.lookup(name)  # type: ignore[attr-defined]
        if op is None:
            raise DiagnosticError(f"no symbol named '@{name}' in the module")
        return op

    def initialize(self) -> None:
        """Evaluate global initial values, then run each ``util.initializer``
        once, in module order (IREE: initializers run at module load)."""
        if self.initialized:
            return
        self.initialized = True
        for op in self.module.body.ops:  # type: ignore[attr-defined]
            if op.name == "util.global":
                init = KERNELS.get("util.global")
                if init is not None:
                    init(self, op, [])
        for op in self.module.body.ops:  # type: ignore[attr-defined]
            if op.name == "util.initializer":
                self.run_region(op.regions[0], [], {})

    # -- execution -------------------------------------------------------------
    def call(self, func_name: str, args: Sequence[Any]) -> list[Any]:
        """Call function ``@func_name`` with ``args`` (arrays/scalars in
        argument order); returns its results.

        Raises:
            DiagnosticError: no such function, a declaration, a wrong number
                of arguments, or a failing op (located at the op).
        """
        from meshc.kernels.fpstate import quiet_scope

        with quiet_scope():  # one floating-point error state for every kernel of the call
            self.initialize()
            func = self.lookup(func_name)
            if not func.regions or not func.regions[0].blocks:
                raise DiagnosticError(f"function '@{func_name}' is a declaration and has no body", func.location)
            return self.run_region(func.regions[0], list(args), {})

    def run_region(self, region: Region, args: Sequence[Any], env: Optional[dict] = None) -> list[Any]:
        """Run the entry block of ``region`` with block arguments ``args`` in
        ``env`` (default: the environment of the op being executed, which is
        right for regions that are not isolated from above); returns the
        operands of its terminator (``[]`` when it has none)."""
        return self.run_block(region.blocks[0], args, self._env if env is None else env)

    def plan(self, block: Block) -> _BlockPlan:
        """The cached plan of ``block``.

        Raises:
            DiagnosticError: an op of the block has no kernel.
        """
        p = self._plans.get(block)
        if p is None:
            ops = []
            terminator = None
            for op in block.ops:
                if op.is_terminator and op.name not in KERNELS_WITH_EFFECT_TERMINATORS:
                    terminator = op
                    break
                ops.append(op)
            drops, at_end = _liveness(block, ops, terminator)
            steps = [step[:4] + (d,) for step, d in zip(self.plan_ops(ops), drops)]
            returns = tuple(terminator.operands) if terminator is not None else ()
            p = self._plans[block] = _BlockPlan(steps, returns, at_end)
        return p

    @staticmethod
    def plan_ops(ops: Sequence[Operation]) -> list:
        """Steps ``(kernel, op, operands, results, ())`` for ``ops``, in
        order, for :meth:`run_steps` (nothing is dropped from the
        environment: the caller cleans up).

        Raises:
            DiagnosticError: an op has no kernel.
        """
        steps = []
        for op in ops:
            fn = KERNELS.get(op.name)
            if fn is None:
                raise no_kernel_error(op)
            steps.append((fn, op, tuple(op.operands), tuple(op.results), ()))
        return steps

    def run_block(self, block: Block, args: Sequence[Any], env: dict) -> list[Any]:
        """Bind ``block``'s arguments to ``args`` in ``env``, run its ops and
        return its terminator's operand values."""
        if len(args) != len(block.args):
            where = block.parent_op.location if block.parent_op is not None else None
            raise DiagnosticError(f"block expects {len(block.args)} arguments, got {len(args)}",
                                  where)  # type: ignore[arg-type]
        plan = self._plans.get(block) or self.plan(block)
        for a, v in zip(block.args, args):
            env[a] = v
        self.run_steps(plan.steps, env)
        out = [env[v] for v in plan.returns]
        for v in plan.drop_at_end:
            env.pop(v, None)
        return out

    def run_steps(self, steps: list, env: dict) -> None:
        """Run planned steps (see :meth:`plan_ops`) in ``env``: the
        interpreter's hot loop."""
        stats = self.stats
        for fn, op, operands, results, drops in steps:
            self._env = env
            try:
                out = fn(self, op, [env[v] for v in operands])
            except DiagnosticError:
                raise
            except KERNEL_ERRORS as err:
                raise self._failure(op, operands, env, err) from None
            if len(out) != len(results):
                raise DiagnosticError(f"internal: kernel for '{op.name}' returned {len(out)} values for "
                                      f"{len(results)} results", op.location)
            for r, v in zip(results, out):
                env[r] = v
            for v in drops:
                del env[v]
            stats[op.name] = stats.get(op.name, 0) + 1
        self._env = env

    def _failure(self, op: Operation, operands: tuple, env: dict, err: Exception) -> DiagnosticError:
        missing = [v for v in operands if v not in env]
        if missing:
            return DiagnosticError(f"internal: '{op.name}' op uses a value that was not computed", op.location)
        text = str(err)
        if text.startswith(op.name + ": "):  # the kernel names the op too
            text = text[len(op.name) + 2:]
        return DiagnosticError(f"'{op.name}' op failed: {text}", op.location)

    def execute(self, op: Operation, env: dict) -> list[Any]:
        """Run one op in ``env`` (outside any plan); returns its results."""
        fn = KERNELS.get(op.name)
        if fn is None:
            raise no_kernel_error(op)
        self._env = env
        try:
            results = list(fn(self, op, [env[v] for v in op.operands]))
        except DiagnosticError:
            raise
        except KERNEL_ERRORS as err:
            raise self._failure(op, tuple(op.operands), env, err) from None
        for r, v in zip(op.results, results):
            env[r] = v
        self.stats[op.name] = self.stats.get(op.name, 0) + 1
        return results

    def cached(self, op: Operation, compute: Callable[[Operation], Any]) -> Any:
        """``compute(op)`` evaluated once per op and kept for this interpreter
        (kernels precompute what depends only on the op: static offsets,
        generic-op analysis ...). The module must not change while an
        Interpreter runs it."""
        try:
            return self._op_cache[op]
        except KeyError:
            value = self._op_cache[op] = compute(op)
            return value

    @property
    def env(self) -> dict:
        """The environment of the op being executed (for region kernels)."""
        return self._env


# Terminators that do work of their own and are executed like other ops
# (none yet: parallel-combining ops such as scf.forall.in_parallel are run by
# their parent's kernel).
KERNELS_WITH_EFFECT_TERMINATORS: set[str] = set()


