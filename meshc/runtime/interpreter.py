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

Execution: a function is compiled once per interpreter (on its first call)
into a *program*: every value of its body and of the regions nested in it
gets a slot of a frame (a list; a call gets a new frame), and each block a
flat list of steps, each the kernel resolved once with the integer slots of
its operands and results and the slots whose last use it is (cleared right
after it, so an array is freed as in a numpy expression: a program's peak
memory is that of its live values). An op that has a *compiler*
(:func:`compiler`) runs as the callable its compiler bound once (attributes
read, shapes and plans worked out, ``linalg.generic`` bodies compiled into a
vectorised callable); the others call their kernel. Pure ops whose operands
are all constants (``arith.constant``, ``tensor.empty`` and ``linalg.fill``
of a static shape ...) are evaluated once, when the block is compiled, and
their small results (up to :data:`FOLD_BYTES`) live in the frame's template.
A region kernel sees the frame as an environment ``Value -> value``
(:attr:`Interpreter.env`); :meth:`Interpreter.run_block` on it runs the
nested block's compiled steps in the same frame (MLIR regions that are not
isolated read values of the enclosing blocks). The multi-device runtime runs
single ops through :meth:`Interpreter.plan_ops` / :meth:`Interpreter.run_steps`
on environments that are dicts ``Value -> value``; :meth:`run_block` on a
dict plans the block the same way, keyed by Value.

Errors: a kernel failure raises :class:`DiagnosticError` located at the op
(``'tensor.extract_slice' op failed: ...``); an op without a kernel names the
op and its location (raised when its block is first planned, before any op
of the block runs).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

import numpy as np

from meshc.ir.core import Block, Operation, Region, Value
from meshc.ir.functions import entry_function  # noqa: F401  (re-exported: the runtime's callers pick entries)
from meshc.ir.location import DiagnosticError
from meshc.kernels.fpstate import quiet_active, quiet_scope

KernelFn = Callable[["Interpreter", Operation, list], Sequence[Any]]
KERNELS: dict[str, KernelFn] = {}

# Exceptions a kernel may raise for bad values; turned into located diagnostics.
KERNEL_ERRORS = (ValueError, TypeError, IndexError, ArithmeticError, KeyError, MemoryError)


def _registrar(table: dict, names: tuple[str, ...]) -> Callable:
    """A decorator that enters its function in ``table`` under every name of ``names``."""

    def deco(fn: Callable) -> Callable:
        for n in names:
            table[n] = fn
        return fn

    return deco


def kernel(*names: str) -> Callable[[KernelFn], KernelFn]:
    """Register ``fn(interp, op, args) -> results`` for the op names.

    ``args`` are the operand values in operand order; the kernel returns one
    value per op result (a list or tuple; ``()`` for none).
    """
    return _registrar(KERNELS, names)


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
    return _registrar(BINDERS, names)


#: Op compilers, for the reference interpreter's compiled programs: ``COMPILERS[op name](interp, op,
#: ctx)`` returns a :class:`Compiled` doing what ``KERNELS[op name](interp, op, args)`` does, with what
#: depends only on the op (attributes, static shapes, plans, a region's compiled body) worked out once,
#: or None to leave the op to its kernel. ``ctx`` (a :class:`CompileContext`) compiles the op's nested
#: blocks and tells which results may be views of operands.
COMPILERS: dict[str, Callable[["Interpreter", Operation, "CompileContext"], Optional["Compiled"]]] = {}


def compiler(*names: str) -> Callable:
    """Register an op compiler (:data:`COMPILERS`) for the op names."""
    return _registrar(COMPILERS, names)


class Compiled:
    """What an op compiler returns: ``fn`` and how the compiled step calls it.

    * ``kind="value"``: ``fn(*values) -> result`` for an op of one result, the
      values being the op's operands then ``extra`` (values of enclosing
      blocks the step also reads), in order;
    * ``kind="kernel"``: ``fn(interp, op, values) -> results`` (the kernel
      signature, :attr:`Interpreter.env` set to the running frame's
      environment for regions), ``values`` as above.
    """

    __slots__ = ("fn", "kind", "extra")

    def __init__(self, fn: Callable, kind: str = "value", extra: Sequence[Value] = ()):
        if kind not in ("value", "kernel"):
            raise ValueError(f"Compiled kind must be 'value' or 'kernel', got {kind!r}")
        self.fn = fn
        self.kind = kind
        self.extra = tuple(extra)


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
    return DiagnosticError(f"'{op.source_name()}' op has no kernel: the interpreter cannot execute it", op.location)


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


#: Largest result (bytes, all results of the op together) of a pure op with constant operands that
#: a compiled block evaluates once and keeps (larger ones run on every execution: a kept array would
#: stay resident for the interpreter's life once read).
FOLD_BYTES = 1 << 18

# Ops whose kernels read a view operand as any array and return new arrays (never an operand
# itself), so an operand of theirs may be a read-only view of another value: the elementwise arith
# and math ops and the linalg ops (CompileContext.may_view).
_VIEW_READERS_PREFIX = ("math.", "linalg.")
_VIEW_READERS = frozenset({"arith.negf", "arith.cmpf", "arith.cmpi", "arith.select"})
_VIEW_PASSERS = frozenset({"tensor.expand_shape", "tensor.collapse_shape"})


class FrameEnv:
    """The environment of a compiled call seen as a mapping ``Value -> value`` (what region
    kernels read through :attr:`Interpreter.env`): the call's frame (a list) read and written
    through the program's slot map. A slot holding None counts as not computed."""

    __slots__ = ("frame", "program")

    def __init__(self, frame: list, program: "_Program"):
        self.frame = frame
        self.program = program

    def __getitem__(self, v: Value) -> Any:
        x = self.frame[self.program.slots[v]]
        if x is None:
            raise KeyError(v)
        return x

    def __setitem__(self, v: Value, x: Any) -> None:
        self.frame[self.program.slots[v]] = x

    def __delitem__(self, v: Value) -> None:
        self.frame[self.program.slots[v]] = None

    def __contains__(self, v: Value) -> bool:
        i = self.program.slots.get(v)
        return i is not None and self.frame[i] is not None

    def get(self, v: Value, default: Any = None) -> Any:
        i = self.program.slots.get(v)
        x = self.frame[i] if i is not None else None
        return default if x is None else x

    def pop(self, v: Value, default: Any = None) -> Any:
        i = self.program.slots.get(v)
        if i is None or self.frame[i] is None:
            return default
        x, self.frame[i] = self.frame[i], None
        return x


class _Program:
    """A function body (an isolated region) compiled for frames: ``slots`` numbers every value
    of the region and of the regions nested in it; ``template`` is a new frame (the values folded
    at compile time in their slots, None elsewhere); ``entry`` the compiled entry block."""

    __slots__ = ("slots", "template", "entry", "region", "arg_types")

    def __init__(self, region: Region):
        from meshc.ir.types import TensorType, element_type_of, numpy_dtype

        self.region = region
        self.arg_types: list[tuple[int, tuple, Any]] = []  # (argument, static shape, numpy dtype)
        for i, a in enumerate(region.blocks[0].args):
            t = a.type
            if isinstance(t, TensorType) and t.has_static_shape:
                try:
                    self.arg_types.append((i, tuple(t.shape), numpy_dtype(element_type_of(t))))
                except Exception:  # noqa: BLE001 - an element type without a numpy dtype: unchecked
                    pass
        self.slots: dict[Value, int] = {}
        for block in region.blocks:
            self._number(block)
        self.template: list = [None] * len(self.slots)
        self.entry: Optional[_CBlock] = None

    def _number(self, block: Block) -> None:
        slots = self.slots
        for a in block.args:
            slots[a] = len(slots)
        for op in block.ops:
            for r in op.results:
                slots[r] = len(slots)
            for region in op.regions:
                for b in region.blocks:
                    self._number(b)


class _CBlock:
    """A compiled block: ``steps`` ``(code, fn, a, b, out, drops, op)`` (see
    :meth:`Interpreter._run_compiled`; ``run`` their generated function), the slots of its arguments, of the values it returns (its
    terminator's operands) and of those to clear when it ends; ``counts`` the ops of one run by
    name, ``runs`` how many times it ran (the interpreter's :attr:`~Interpreter.stats`)."""

    __slots__ = ("steps", "args", "rets", "end_drops", "counts", "runs", "where", "run")

    def __init__(self, steps: list, args: tuple, rets: tuple, end_drops: tuple, counts: dict, where: Any):
        self.steps = steps
        self.args = args
        self.rets = rets
        self.end_drops = end_drops
        self.counts = counts
        self.runs = 0
        self.where = where
        self.run: Optional[Callable] = None  # the generated function (Interpreter._straight_line)


# step codes of a compiled block
_ONE, _TWO, _ANY, _KERNEL = 1, 2, 3, 0


class CompileContext:
    """What an op compiler (:data:`COMPILERS`) may ask while its block is compiled."""

    def __init__(self, interp: "Interpreter", program: _Program):
        self.interp = interp
        self.program = program

    def block_runner(self, block: Block) -> Callable[[Sequence[Any]], list]:
        """``run(values) -> results``: ``block`` (nested in the function being compiled) compiled
        once, run with its arguments bound to ``values`` in the frame of the call that is running
        (an op's region: call it only from the op's step)."""
        interp = self.interp
        cb = interp._compile_block(block, self.program)
        run = interp._run_compiled

        def run_block(values: Sequence[Any]) -> list:
            env = interp._env
            return run(cb, values, env.frame, env)

        return run_block

    def ops_runner(self, ops: Sequence[Operation], args: Sequence[Value],
                   results: Sequence[Value]) -> Callable[[Sequence[Any]], list]:
        """Like :meth:`block_runner` for ``ops`` (of one block, in order) with the values ``args``
        bound to the call's values, returning the values of ``results``."""
        interp = self.interp
        cb = interp._compile_ops(list(ops), tuple(args), tuple(results), self.program, None)
        run = interp._run_compiled

        def run_ops(values: Sequence[Any]) -> list:
            env = interp._env
            return run(cb, values, env.frame, env)

        return run_ops

    def block_function(self, block: Block) -> Optional[Callable[[Sequence[Any], Any], list]]:
        """``fn(values, index) -> results``: ``block`` (of ops without regions, each with a
        ``"value"`` compiler, ``linalg.index`` reading ``index(d)``) as one Python function of
        straight-line calls, its values in local variables (values of enclosing blocks read from
        the running call's frame, constants bound once); None when an op does not qualify. On any
        exception the caller should run the block with :meth:`block_runner`, which raises the
        located error (the ops are pure: running them again is harmless)."""
        code = self.block_code(block, [f"a{k}" for k in range(len(block.args))])
        if code is None:
            return None
        lines, glob, rets, _, _ = code
        head = ["def body(v, index):", "    counter.runs += 1"]
        if block.args:
            head.append(f"    {', '.join(f'a{k}' for k in range(len(block.args)))}, *_ = v")
        return self.define(head + lines + [f"    return [{', '.join(rets)}]"], glob, "body", block)

    def define(self, lines: list[str], glob: dict, name: str, block: Any) -> Callable:
        """The function ``name`` defined by the source ``lines`` with the globals ``glob``."""
        where = block.parent_op.name if getattr(block, "parent_op", None) is not None else "block"
        exec(compile("\n".join(lines) + "\n", f"<compiled block of '{where}'>", "exec"), glob)
        return glob[name]

    def block_code(self, block: Block, arg_names: Sequence[str]
                   ) -> Optional[tuple[list[str], dict, list[str], list[Optional[Operation]], dict]]:
        """The source of :meth:`block_function`'s body: ``(lines, globals, returned expressions,
        the op computing each returned value or None, inline ufunc calls)``, the last being
        ``{variable: (ufunc name, arguments, test)}`` for each variable set by ``variable = ufunc(arguments)
        if test else kernel(arguments)`` (a float binary op whose operands' dtypes ``test``
        checks, :func:`meshc.runtime.ops.arith.binary_function`), the block arguments named ``arg_names``
        and ``index`` the ``linalg.index`` function; a run of the block counts in the stats only when the caller adds ``counter.runs += 1`` (``counter`` is in the globals).
        None when an op does not qualify."""
        interp, program = self.interp, self.program
        slots, template = program.slots, program.template
        ops = list(block.ops)
        if not ops or not ops[-1].is_terminator:
            return None
        terminator, ops = ops[-1], ops[:-1]
        names: dict[Value, str] = dict(zip(block.args, arg_names))
        glob: dict[str, Any] = {}
        lines: list[str] = []
        uses_frame = False
        counts: dict[str, int] = {}
        made_by: dict[Value, Operation] = {}
        inline: dict[str, tuple[str, str, str]] = {}

        def ref(v: Value) -> Optional[str]:
            nonlocal uses_frame
            if v in names:
                return names[v]
            i = slots.get(v)
            if i is None:
                return None
            if template[i] is not None:
                name = names[v] = f"c{len(glob)}"
                glob[name] = template[i]
                return name
            uses_frame = True
            return f"frame[{i}]"

        for op in ops:
            fn = KERNELS.get(op.name)
            if op.regions or len(op.results) != 1 or fn is None:
                return None
            counts[op.name] = counts.get(op.name, 0) + 1
            r = op.results[0]
            if op.name == "linalg.index":
                lines.append(f"    t{len(names)} = index({int(op.dim)})")
                names[r] = f"t{len(names)}"
                continue
            if interp._fold(op, fn, program):
                ref(r)
                continue
            make = COMPILERS.get(op.name)
            made = make(interp, op, self) if make is not None else None
            if made is None or made.kind != "value":
                return None
            args = [ref(v) for v in list(op.operands) + list(made.extra)]
            if any(x is None for x in args):
                return None
            f = f"f{len(glob)}"
            glob[f] = made.fn
            t = f"t{len(names)}"
            ufunc = getattr(made.fn, "ufunc", None)
            if ufunc is not None and len(args) == 2:  # binary_function's test inline: no call of it
                dt = made.fn.dtype
                glob[f], glob[f"{f}k"], glob[f"{f}d"] = ufunc, made.fn.kernel, dt
                tests = [f"{x}.dtype is {f}d" for x in args if not _has_dtype(glob.get(x), dt)]
                test = " and ".join(dict.fromkeys(tests)) or "True"
                lines.append(f"    {t} = {f}({', '.join(args)}) if {test} else {f}k({', '.join(args)})")
                inline[t] = (f, ", ".join(args), test)
            else:
                lines.append(f"    {t} = {f}({', '.join(args)})")
            names[r] = t
            made_by[r] = op
        rets = [ref(v) for v in terminator.operands]
        if any(x is None for x in rets):
            return None
        counter = _CBlock([], (), (), (), counts, None)
        interp._compiled_all.append(counter)
        glob["counter"] = counter
        glob["interp"] = interp
        head = []
        if uses_frame:
            head.append("    frame = interp._env.frame")
        return head + lines, glob, rets, [made_by.get(v) for v in terminator.operands], inline

    def may_view(self, value: Value) -> bool:
        """Whether ``value`` may be held as a read-only view of another value (a broadcast, a
        reshape): every use of it is by an op whose kernel reads it as any array and returns new
        arrays, or by a reshape compiled under the same rule; it never leaves its block."""
        for use in value.uses:
            user = use[0]
            name = user.name
            if user.is_terminator:
                return False
            if name in _VIEW_PASSERS:
                continue
            if name.startswith(_VIEW_READERS_PREFIX) or name in _VIEW_READERS:
                continue
            if name.startswith("arith.") and name[6:] in _arith_binary_names():
                continue
            return False
        return True


def _has_dtype(x: Any, dt: np.dtype) -> bool:
    """Whether ``x`` (a constant bound in generated code, or None) is a numpy value of dtype ``dt``."""
    return isinstance(x, (np.ndarray, np.generic)) and x.dtype is dt


def _arith_binary_names() -> frozenset:
    global _ARITH_BINARY
    if _ARITH_BINARY is None:
        from meshc.kernels.arith import BINARY

        _ARITH_BINARY = frozenset(BINARY)
    return _ARITH_BINARY


_ARITH_BINARY: Optional[frozenset] = None


def _result_bytes(op: Operation) -> Optional[int]:
    """The bytes of ``op``'s results from their static types (None: a dynamic or unknown size)."""
    from meshc.ir.types import TensorType, element_type_of, numpy_dtype

    total = 0
    for r in op.results:
        t = r.type
        try:
            itemsize = numpy_dtype(element_type_of(t)).itemsize
        except Exception:  # noqa: BLE001 - a type without a numpy dtype: not folded
            return None
        if isinstance(t, TensorType):
            if not t.has_static_shape:
                return None
            n = 1
            for d in t.shape:
                n *= d
            total += n * itemsize
        else:
            total += itemsize
    return total


def _frozen(x: Any) -> Any:
    """``x`` as a value shared by every run: arrays read-only."""
    if isinstance(x, np.ndarray) and x.flags.writeable:
        x = x.view()
        x.flags.writeable = False
    return x


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
        self._stats: dict[str, int] = {}  # ops run outside compiled blocks, and corrections
        self.index_fn: Optional[Callable[[int], Any]] = None
        self.parallel_targets: list[dict] = []  # scf.forall shared_outs being written (see ops/scf.py)
        self._env: Any = {}
        self._plans: dict[Block, _BlockPlan] = {}
        self._op_cache: dict[Operation, Any] = {}
        self._programs: dict[Any, _Program] = {}  # by function name and by region
        self._cblocks: dict[Block, _CBlock] = {}
        self._compiled_all: list[_CBlock] = []
        self._folding = False

    @property
    def stats(self) -> dict[str, int]:
        """Kernels run so far by op name (ops of compiled blocks counted per block run)."""
        out = dict(self._stats)
        for cb in self._compiled_all:
            if cb.runs:
                for name, n in cb.counts.items():
                    out[name] = out.get(name, 0) + n * cb.runs
        return {k: v for k, v in out.items() if v}

    def invalidate(self) -> None:
        """Forget every compiled program and cached analysis (call it after changing the module;
        the next call compiles again)."""
        stats = self.stats
        self._stats = stats
        self._plans.clear()
        self._op_cache.clear()
        self._programs.clear()
        self._cblocks.clear()
        self._compiled_all = []

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
                self.invoke(op.regions[0], [])

    # -- execution -------------------------------------------------------------
    def call(self, func_name: str, args: Sequence[Any]) -> list[Any]:
        """Call function ``@func_name`` with ``args`` (arrays/scalars in
        argument order); returns its results.

        Raises:
            DiagnosticError: no such function, a declaration, a wrong number
                of arguments, or a failing op (located at the op).
        """
        if quiet_active():  # inside a caller's quiet scope already: no new error state to enter
            return self._call(func_name, args)
        with quiet_scope():  # one floating-point error state for every kernel of the call
            return self._call(func_name, args)

    def _call(self, func_name: str, args: Sequence[Any]) -> list[Any]:
        program = self._programs.get(func_name)
        if program is not None and self.initialized:
            return self._invoke(program, args)
        self.initialize()
        if program is None:
            func = self.lookup(func_name)
            if not func.regions or not func.regions[0].blocks:
                raise DiagnosticError(f"function '@{func_name}' is a declaration and has no body",
                                      func.location)
            program = self._programs[func_name] = self.program(func.regions[0])
        return self._invoke(program, args)

    def invoke(self, region: Region, args: Sequence[Any]) -> list[Any]:
        """Run an isolated region (a callee's body) with ``args`` in a new frame; returns the
        operands of its entry block's terminator."""
        return self._invoke(self.program(region), args)

    def program(self, region: Region) -> _Program:
        """The compiled program of the isolated ``region`` (compiled on first use, then cached).

        Raises:
            DiagnosticError: an op of its entry block has no kernel.
        """
        p = self._programs.get(region)
        if p is None:
            p = _Program(region)
            self._folding = True  # folded values go to the template, before any frame is made of it
            try:
                p.entry = self._compile_block(region.blocks[0], p)
                for op in region.walk():
                    for r in op.regions:
                        for b in r.blocks:
                            if b not in self._cblocks:
                                try:
                                    self._compile_block(b, p)
                                except DiagnosticError:
                                    pass  # an op without a kernel: raised if the block ever runs
            finally:
                self._folding = False
            self._programs[region] = p
        return p

    def _invoke(self, program: _Program, args: Sequence[Any]) -> list[Any]:
        for i, shape, dtype in program.arg_types:
            if i < len(args):
                x = args[i]
                if getattr(x, "shape", None) != shape or getattr(x, "dtype", None) != dtype:
                    # not of the declared type: op by op on an environment, the kernels checking all
                    return self.run_block(program.region.blocks[0], args, {})
        frame = program.template.copy()
        env = FrameEnv(frame, program)
        saved = self._env
        self._env = env  # the environment of every step of the call (a callee's restores it)
        try:
            return self._run_compiled(program.entry, args, frame, env)  # type: ignore[arg-type]
        finally:
            self._env = saved

    def run_region(self, region: Region, args: Sequence[Any], env: Optional[dict] = None) -> list[Any]:
        """Run the entry block of ``region`` with block arguments ``args`` in
        ``env`` (default: the environment of the op being executed, which is
        right for regions that are not isolated from above); returns the
        operands of its terminator (``[]`` when it has none)."""
        return self.run_block(region.blocks[0], args, self._env if env is None else env)

    # -- compiled blocks ---------------------------------------------------------
    def _compile_block(self, block: Block, program: _Program) -> _CBlock:
        cb = self._cblocks.get(block)
        if cb is None:
            ops = []
            terminator = None
            for op in block.ops:
                if op.is_terminator and op.name not in KERNELS_WITH_EFFECT_TERMINATORS:
                    terminator = op
                    break
                ops.append(op)
            rets = tuple(terminator.operands) if terminator is not None else ()
            cb = self._compile_ops(ops, tuple(block.args), rets, program, block, terminator)
            self._cblocks[block] = cb
        return cb

    def _compile_ops(self, ops: list, args: tuple, rets: tuple, program: _Program, block: Optional[Block],
                     terminator: Optional[Operation] = None) -> _CBlock:
        """Compile ``ops`` (of one block, in order) binding ``args`` and returning ``rets``; with
        ``block``, the values of the block are cleared after their last use (else nothing is:
        the caller's values)."""
        slots = program.slots
        template = program.template
        ctx = CompileContext(self, program)
        if block is not None:
            drops, at_end = _liveness(block, ops, terminator)
        else:
            drops, at_end = [() for _ in ops], ()
        steps = []
        counts: dict[str, int] = {}
        for op, dropped in zip(ops, drops):
            fn = KERNELS.get(op.name)
            if fn is None:
                raise no_kernel_error(op)
            counts[op.name] = counts.get(op.name, 0) + 1
            folded = self._fold(op, fn, program)
            if folded:
                continue
            outs = tuple(slots[r] for r in op.results)
            drop = tuple(slots[v] for v in dropped if template[slots[v]] is None)
            made = None
            make = COMPILERS.get(op.name)
            if make is not None:
                made = make(self, op, ctx)
            if made is None or made.kind == "kernel":
                ins = tuple(slots[v] for v in op.operands)
                kfn = fn if made is None else made.fn
                if made is not None:
                    ins += tuple(slots[v] for v in made.extra)
                steps.append((_KERNEL, kfn, ins, None, outs, drop, op))
                continue
            ins = tuple(slots[v] for v in op.operands) + tuple(slots[v] for v in made.extra)
            if len(outs) != 1:
                raise DiagnosticError(f"internal: compiled '{op.name}' has {len(outs)} results", op.location)
            if len(ins) == 1:
                steps.append((_ONE, made.fn, ins[0], None, outs[0], drop, op))
            elif len(ins) == 2:
                steps.append((_TWO, made.fn, ins[0], ins[1], outs[0], drop, op))
            else:
                steps.append((_ANY, made.fn, ins, None, outs[0], drop, op))
        keep = set(rets)
        end = tuple(slots[v] for v in at_end if template[slots[v]] is None)
        if block is None:  # the arguments and every value computed, but the results
            end = tuple(slots[v] for v in list(args) + [r for op in ops for r in op.results]
                        if v not in keep and template[slots[v]] is None)
        cb = _CBlock(steps, tuple(slots[a] for a in args), tuple(slots[v] for v in rets), end, counts,
                     block.parent_op.location if block is not None and block.parent_op is not None else None)
        self._compiled_all.append(cb)
        return cb

    def _fold(self, op: Operation, fn: KernelFn, program: _Program) -> bool:
        """Evaluate ``op`` once into the template when it is pure, without regions, of constant
        operands and small results that never leave through a terminator; False otherwise (or
        when its kernel fails: the op then fails where it runs)."""
        if not self._folding or not op.results or not op.has_trait("Pure"):
            return False
        slots, template = program.slots, program.template
        args = []
        for v in op.operands:
            i = slots.get(v)
            if i is None or template[i] is None:
                return False
            args.append(template[i])
        if op.regions:  # pure regions reading constants only
            inner = [o for o in op.walk() if o is not op]
            local = {r for o in inner for r in o.results} | \
                {a for r in op.regions for b in r.blocks for a in b.args}
            for o in inner:
                if not o.has_trait("Pure") or o.name == "linalg.index":
                    return False
                for v in o.operands:
                    if v not in local and (slots.get(v) is None or template[slots[v]] is None):
                        return False
        if op.name != "arith.constant":
            size = _result_bytes(op)
            if size is None or size > FOLD_BYTES:
                return False
            if any(use[0].is_terminator for r in op.results for use in r.uses):
                return False
        saved = self._env, self.index_fn, self.parallel_targets
        self._env, self.index_fn, self.parallel_targets = FrameEnv(template, program), None, []
        try:
            out = fn(self, op, args)
        except Exception:  # noqa: BLE001 - not folded: the op fails (located) when it runs
            return False
        finally:
            self._env, self.index_fn, self.parallel_targets = saved
        if len(out) != len(op.results) or any(x is None for x in out):
            return False
        for r, x in zip(op.results, out):
            template[slots[r]] = _frozen(x)
        return True

    def _straight_line(self, cb: _CBlock) -> Callable[[list, FrameEnv, Sequence[Any]], list]:
        """``run(frame, env, args)``: :meth:`_run_compiled`'s loop over ``cb``'s steps unrolled into
        one generated function (each step's call with its slots as constants, the slots it frees
        cleared after it), with the same errors and stats."""
        glob: dict[str, Any] = {"cb": cb, "interp": self, "DiagnosticError": DiagnosticError,
                                "KERNEL_ERRORS": KERNEL_ERRORS}
        lines = ["def run(frame, env, args):",
                 f"    if len(args) != {len(cb.args)}:",
                 f"        raise DiagnosticError(f'block expects {len(cb.args)} arguments, got {{len(args)}}', cb.where)"]
        if cb.args:
            lines.append(f"    {', '.join(f'frame[{a}]' for a in cb.args)}, = args")
        lines += ["    cb.runs += 1", "    s = -1", "    try:"]
        for k, (code, fn, a, b, o, drops, op) in enumerate(cb.steps):
            glob[f"f{k}"] = fn
            lines.append(f"        s = {k}")
            if code == _TWO:
                lines.append(f"        frame[{o}] = f{k}(frame[{a}], frame[{b}])")
            elif code == _ONE:
                lines.append(f"        frame[{o}] = f{k}(frame[{a}])")
            elif code == _ANY:
                lines.append(f"        frame[{o}] = f{k}({', '.join(f'frame[{i}]' for i in a)})")
            else:
                glob[f"op{k}"] = op
                lines += ["        interp._env = env",
                          f"        out = f{k}(interp, op{k}, [{', '.join(f'frame[{i}]' for i in a)}])"]
                lines += [f"        if len(out) != {len(o)}:",
                          f"            raise DiagnosticError(f\"internal: kernel for '{{op{k}.name}}' returned "
                          f"{{len(out)}} values for {len(o)} results\", op{k}.location)"]
                if o:
                    lines.append(f"        {', '.join(f'frame[{r}]' for r in o)}, = out")
            for d in drops:
                lines.append(f"        frame[{d}] = None")
        lines += ["        pass",
                  "    except DiagnosticError:",
                  "        interp._uncount(cb, cb.steps[s][6] if s >= 0 else None)",
                  "        raise",
                  "    except KERNEL_ERRORS as err:",
                  "        op = cb.steps[s][6] if s >= 0 else None",
                  "        interp._uncount(cb, op)",
                  "        raise interp._frame_failure(op, cb, frame, err) from None",
                  f"    out = [{', '.join(f'frame[{r}]' for r in cb.rets)}]"]
        lines += [f"    frame[{e}] = None" for e in cb.end_drops]
        lines.append("    return out")
        exec(compile("\n".join(lines) + "\n", "<compiled block>", "exec"), glob)
        return glob["run"]

    def _run_compiled(self, cb: _CBlock, args: Sequence[Any], frame: list, env: FrameEnv) -> list[Any]:
        """Run compiled block ``cb`` in ``frame`` with its arguments bound to ``args``; returns the
        values of its terminator's operands. The interpreter's hot loop (the block's generated
        function, :meth:`_straight_line`, made on its second run)."""
        run = cb.run
        if run is not None:
            return run(frame, env, args)
        if cb.runs:
            cb.run = self._straight_line(cb)
            return cb.run(frame, env, args)
        if len(args) != len(cb.args):
            raise DiagnosticError(f"block expects {len(cb.args)} arguments, got {len(args)}", cb.where)
        for s, v in zip(cb.args, args):
            frame[s] = v
        cb.runs += 1
        op = None
        try:
            for code, fn, a, b, o, drops, op in cb.steps:
                if code == 2:
                    frame[o] = fn(frame[a], frame[b])
                elif code == 1:
                    frame[o] = fn(frame[a])
                elif code == 3:
                    frame[o] = fn(*[frame[i] for i in a])
                else:
                    self._env = env
                    out = fn(self, op, [frame[i] for i in a])
                    if len(out) != len(o):
                        raise DiagnosticError(f"internal: kernel for '{op.name}' returned {len(out)} values "
                                              f"for {len(o)} results", op.location)
                    for r, v in zip(o, out):
                        frame[r] = v
                for d in drops:
                    frame[d] = None
        except DiagnosticError:
            self._uncount(cb, op)
            raise
        except KERNEL_ERRORS as err:
            self._uncount(cb, op)
            raise self._frame_failure(op, cb, frame, err) from None
        out = [frame[s] for s in cb.rets]
        for s in cb.end_drops:
            frame[s] = None
        return out

    def _uncount(self, cb: _CBlock, failed: Optional[Operation]) -> None:
        """Take the ops of ``cb`` from ``failed`` on out of the stats of its last run."""
        seen = failed is None
        for step in cb.steps:
            seen = seen or step[6] is failed
            if seen:
                name = step[6].name
                self._stats[name] = self._stats.get(name, 0) - 1

    def _frame_failure(self, op: Operation, cb: _CBlock, frame: list, err: Exception) -> DiagnosticError:
        for step in cb.steps:
            if step[6] is op:
                a = step[2]
                ins = (a,) if step[0] == _ONE else (a, step[3]) if step[0] == _TWO else a
                if any(frame[i] is None for i in ins):
                    return DiagnosticError(f"internal: '{op.name}' op uses a value that was not computed",
                                           op.location)
        return self._failure(op, (), {}, err)

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
        return its terminator's operand values. In a compiled call's environment
        (a :class:`FrameEnv`) the block runs compiled in the call's frame."""
        if type(env) is FrameEnv:
            cb = self._cblocks.get(block) or self._compile_block(block, env.program)
            self._env = env
            return self._run_compiled(cb, args, env.frame, env)
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
        """Run planned steps (see :meth:`plan_ops`) in ``env`` (the multi-device
        runtime's single ops, and blocks run on a dict environment)."""
        stats = self._stats
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
        return DiagnosticError(f"'{op.source_name()}' op failed: {text}", op.location)

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
        self._stats[op.name] = self._stats.get(op.name, 0) + 1
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


