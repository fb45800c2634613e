"""Kernels of the linalg dialect: adapters to ``meshc.kernels.linalg`` and
``meshc.kernels.generic`` (MLIR linalg semantics, destination-passing
style: each ``outs`` operand is the initial value, accumulated into).

* Named contractions (``matmul``, ``batch_matmul``, ``matvec``, ``mmt4d``
  ...) run as one einsum/BLAS call over the op's indexing maps (LLVM 20's
  ``indexing_maps = [...]`` included): ``init + sum(lhs * rhs)``, inputs
  cast to the init's element type (OpDSL ``cast_signed``). Of static
  shapes, they are bound once for the compiled programs and the runtime's
  buffers (:func:`meshc.kernels.linalg.bind_contract`); an init that the
  program fills with +0 is then added as a scalar, never read.
* ``fill``, ``copy``, ``transpose``, ``broadcast``, the elementwise named
  ops (``add`` ... ``select``), ``pack``, ``unpack``: one kernel each.
* Region ops (``generic``, ``map``, ``reduce``) go through
  :func:`meshc.kernels.generic.run_generic`: vectorised over the iteration
  space from the indexing maps, the body evaluated by this interpreter's
  own kernels on whole arrays (``linalg.index`` reads the loop index
  arrays). Reductions are exact for any body: an ordered loop over the
  reduction points, unless every yield is ``combiner(f, out)`` with a
  recognised associative combiner (``addf``, ``maximumf`` ...; ``out`` used
  only there, ``f`` not reading any output), in which case ``f`` alone is
  evaluated once over the whole space and reduced with a numpy ufunc. A
  body that is exactly ``out + in0 * in1`` with plain-dim maps is run as an
  einsum contraction (a matmul written as a generic).

The analysis (maps, combiners, the partial body, the einsum) is done once
per op and cached on the interpreter.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Any, Optional

import numpy as np

from meshc.dialects.linalg import WINDOWED
from meshc.ir.affine import DimExpr
from meshc.ir.core import OpResult, Value
from meshc.ir.types import TensorType, element_type_of, numpy_dtype
from meshc.kernels import arith as KA
from meshc.kernels import combiners as KC
from meshc.kernels import generic as KG
from meshc.kernels import linalg as K
from meshc.kernels.errors import KernelError
from meshc.runtime.interpreter import Compiled, Interpreter, binder, compiler, kernel
from meshc.runtime.ops.arith import binary_function, constant_value
from meshc.runtime.ops.tensor import mixed_reader


def _init_dtype(op) -> np.dtype:
    return numpy_dtype(element_type_of(op.inits[0].type))


# ---------------------------------------------------------------- named ops
@kernel(*(f"linalg.{n}" for n in ("matmul", "matmul_transpose_a", "matmul_transpose_b", "batch_matmul",
                                   "batch_matmul_transpose_a", "batch_matmul_transpose_b", "batch_reduce_matmul",
                                   "matvec", "vecmat", "batch_matvec", "batch_vecmat", "dot", "mmt4d",
                                   "batch_mmt4d")))
def _contraction(interp, op, args):
    spec = interp.cached(op, lambda o: o.einsum_spec())
    return [K.contract(spec, args[0], args[1], args[2], op.name)]


def _windowed(interp, op, args):
    return [K.windowed(op.name.split(".", 1)[1], op.spec, op.strides, op.dilations, op.combiner, args[0], args[1],
                       args[2])]


for _name in WINDOWED:  # every convolution and pooling the dialect declares
    kernel(f"linalg.{_name}")(_windowed)


@kernel("linalg.softmax")
def _softmax(interp, op, args):
    out = K.softmax(args[0], interp.cached(op, lambda o: o.dimension))
    _check_init("linalg.softmax", out, args[1])
    return [out]


@kernel("linalg.fill")
def _fill(interp, op, args):
    init = args[1]
    return [K.fill(args[0], init.shape, init.dtype)]


@kernel("linalg.copy")
def _copy(interp, op, args):
    x, init = args[0], args[1]
    return [np.array(np.broadcast_to(KA.convert(np.asarray(x), init.dtype), init.shape), copy=True)]


def _elementwise(interp, op, args):
    n = len(args) - 1
    return [K.elementwise(op.fn, args[:n], args[n])]


for _name in list(K.ELEMENTWISE) + ["select"]:
    kernel(f"linalg.{_name}")(_elementwise)


@kernel("linalg.transpose")
def _transpose(interp, op, args):
    perm = interp.cached(op, lambda o: o.array)
    out = K.transpose(args[0], perm)
    _check_init("linalg.transpose", out, args[1])
    return [out]


@kernel("linalg.broadcast")
def _broadcast(interp, op, args):
    dims = interp.cached(op, lambda o: o.array)
    return [K.broadcast(args[0], args[1].shape, dims)]


def _check_init(name: str, value: np.ndarray, init: np.ndarray) -> None:
    if value.shape != init.shape:
        raise ValueError(f"{name}: result shape {list(value.shape)} differs from the init {list(init.shape)}")


@kernel("linalg.pack")
def _pack(interp, op, args):
    pos, tiles, perm, pad = interp.cached(op, lambda o: (o.inner_dims_pos, mixed_reader(o, o.mixed_tiles),
                                                         o.outer_dims_perm or None, o.padding_value))
    padding = args[2] if pad is not None else None
    return [K.pack(args[0], args[1].shape, pos, tiles(args), perm, padding)]


@kernel("linalg.unpack")
def _unpack(interp, op, args):
    pos, tiles, perm = interp.cached(op, lambda o: (o.inner_dims_pos, mixed_reader(o, o.mixed_tiles),
                                                    o.outer_dims_perm or None))
    return [K.unpack(args[0], args[1].shape, pos, tiles(args), perm)]


@kernel("linalg.index")
def _index(interp, op, args):
    if interp.index_fn is None:
        raise ValueError("used outside the body of a structured op being run")
    return [interp.index_fn(op.dim)]


# ---------------------------------------------------------------- region ops
@dataclass
class RegionAnalysis:
    """What a region op (generic/map/reduce) needs at run time.

    ``combiners[i]``: the arith combiner name of output i's yield, or None;
    ``partial_steps``/``partial_values``: the planned ops and values giving
    every ``f_i`` (set when all outputs have combiners and there are
    reduction loops); ``einsum``: the spec when the body is ``out + a * b``.
    """

    n_in: int
    maps: tuple
    iterator_types: tuple
    block: Any
    takes_inits: bool
    combiners: Optional[list]
    partial_steps: Optional[list] = None
    partial_values: Optional[list] = None
    in_args: Optional[list] = None
    einsum: Optional[str] = None
    plans: dict = field(default_factory=dict)  # run_generic's analyses by operand shapes
    yields: Optional[tuple] = None  # the block arguments yielded, when the body is only its yield


def combiner_of(yielded: Value, out_arg: Value, out_args: list, block) -> Optional[tuple[str, Value]]:
    """``(combiner, f)`` when ``yielded`` is ``arith.<combiner>(f, out_arg)``
    (either order) computed in ``block``, with ``combiner`` in
    :data:`meshc.kernels.combiners.COMBINERS`, ``out_arg`` used only there
    and ``f`` independent of every output block argument; else None."""
    if not isinstance(yielded, OpResult):
        return None
    comb = yielded.op
    if comb.parent is not block or not comb.name.startswith("arith.") or comb.name[6:] not in KC.COMBINERS:
        return None
    a, b = comb.operands
    if (a is out_arg) == (b is out_arg):
        return None
    f = b if a is out_arg else a
    if len(out_arg.uses) != 1 or _depends_on(f, set(out_args), block):
        return None
    return comb.name[6:], f


def _depends_on(v: Value, targets: set, block) -> bool:
    """Whether ``v`` is, or is computed in ``block`` from, one of ``targets``
    (an op with regions counts as dependent: conservative)."""
    seen: set = set()
    stack = [v]
    while stack:
        x = stack.pop()
        if x in targets:
            return True
        if x in seen or not isinstance(x, OpResult) or x.op.parent is not block:
            continue
        seen.add(x)
        if x.op.regions:
            return True
        stack.extend(x.op.operands)
    return False


def _needed_ops(values: list, block) -> list:
    """The ops of ``block`` (in block order) that ``values`` are computed from."""
    need: set = set()
    stack = list(values)
    while stack:
        x = stack.pop()
        if isinstance(x, OpResult) and x.op.parent is block and x.op not in need:
            need.add(x.op)
            stack.extend(x.op.operands)
    return [op for op in block.ops if op in need]


def _einsum_spec(op, block, combiners, fs, maps) -> Optional[str]:
    """The einsum of a body that is exactly ``out + in0 * in1`` (float or
    integer, no casts) with plain-dim maps; None otherwise."""
    if combiners not in (["addf"], ["addi"]) or len(op.inputs) != 2 or len(block.ops) != 3:
        return None
    f = fs[0]
    mul = f.op if isinstance(f, OpResult) else None
    want = "arith.mulf" if combiners[0] == "addf" else "arith.muli"
    if mul is None or mul.name != want or {id(v) for v in mul.operands} != {id(block.args[0]), id(block.args[1])}:
        return None
    if len({element_type_of(v.type) for v in op.inputs + op.inits}) != 1:
        return None
    letters = string.ascii_letters
    if maps[0].num_dims > len(letters):
        return None
    parts = []
    for m in maps:
        if not all(isinstance(r, DimExpr) for r in m.results):
            return None
        parts.append("".join(letters[r.position] for r in m.results))
    if not set(parts[2]) <= set(parts[0]) | set(parts[1]):
        return None
    return f"{parts[0]},{parts[1]}->{parts[2]}"


def analyse_region_op(op) -> RegionAnalysis:
    """The :class:`RegionAnalysis` of a generic/map/reduce op."""
    block = op.payload_block
    n_in = len(op.inputs)
    maps = tuple(op.indexing_maps())
    its = tuple(op.iterator_types())
    takes_inits = op.body_takes_inits
    a = RegionAnalysis(n_in, maps, its, block, takes_inits, None)
    terminator = block.terminator
    if len(block.ops) == 1 and all(v in block.args for v in terminator.operands):  # a copy or broadcast
        a.yields = tuple(block.args.index(v) for v in terminator.operands)
    if "reduction" not in its or not takes_inits:
        return a
    out_args = list(block.args[n_in:])
    found = [combiner_of(v, out_arg, out_args, block) for v, out_arg in zip(block.terminator.operands, out_args)]
    if not all(found):
        return a
    a.combiners = [c for c, _ in found]  # type: ignore[misc]
    fs = [f for _, f in found]  # type: ignore[misc]
    a.einsum = _einsum_spec(op, block, a.combiners, fs, maps)
    a.partial_steps = Interpreter.plan_ops(_needed_ops(fs, block))
    a.partial_values = fs
    a.in_args = list(block.args[:n_in])
    return a


@kernel("linalg.generic", "linalg.map", "linalg.reduce")
def _region_op(interp, op, args):
    a: RegionAnalysis = interp.cached(op, analyse_region_op)
    n_in = a.n_in
    ins, inits = args[:n_in], args[n_in:]
    if a.einsum is not None:
        return [K.contract(a.einsum, ins[0], ins[1], inits[0], op.name)]
    env = interp.env
    block = a.block
    run_block = interp.run_block

    if a.yields is not None:
        ys = a.yields

        def body(values, index):  # the yield alone: no block to run
            return [values[i] for i in ys]
    elif a.takes_inits:
        def body(values, index):
            interp.index_fn = index
            return run_block(block, values, env)
    else:
        def body(values, index):
            interp.index_fn = index
            return run_block(block, values[:n_in], env)

    partial = None
    if a.partial_steps is not None:
        steps, fs, in_args = a.partial_steps, a.partial_values, a.in_args
        temps = in_args + [r for step in steps for r in step[3]]

        def partial(values, index):
            interp.index_fn = index
            for arg, v in zip(in_args, values):
                env[arg] = v
            interp.run_steps(steps, env)
            out = [env[f] for f in fs]
            for temp in temps:
                env.pop(temp, None)
            return out

    saved = interp.index_fn
    try:
        return KG.run_generic(ins, inits, a.maps, a.iterator_types, body, a.combiners, partial, a.plans)
    finally:
        interp.index_fn = saved


def _static(values) -> Optional[tuple[list, list]]:
    """``(shapes, numpy dtypes)`` of tensor values of static shapes; None if any is not one."""
    shapes, dtypes = [], []
    for v in values:
        t = v.type
        if not isinstance(t, TensorType) or not t.has_static_shape:
            return None
        shapes.append(tuple(t.shape))
        dtypes.append(numpy_dtype(element_type_of(t)))
    return shapes, dtypes


@compiler("linalg.generic", "linalg.map", "linalg.reduce")
def _compile_region_op(interp, op, ctx):
    """A region op of static shapes bound once (:func:`meshc.kernels.generic.bind`), its body
    compiled into the call's frame (``ctx.block_runner``); ops of dynamic shapes keep the kernel."""
    a: RegionAnalysis = interp.cached(op, analyse_region_op)
    n_in = a.n_in
    name = op.name
    if a.einsum is not None:
        spec = a.einsum
        if n_in + 1 == len(op.operands):
            return Compiled(lambda x, y, c: K.contract(spec, x, y, c, name))
        return None
    static = _static(op.operands)
    if static is None:
        return None
    shapes, dtypes = static
    uses_index = any(inner.name == "linalg.index" for inner in op.walk() if inner is not op)
    has_partial = a.partial_steps is not None
    views = a.yields is not None and all(ctx.may_view(r) for r in op.results)
    if a.yields is not None:
        ys = a.yields

        def body(values, index):  # the yield alone: no block to run
            return [values[i] for i in ys]
    else:
        run_body = _body_runner(interp, ctx, a.block, n_in, a.takes_inits, uses_index)

        def body(values, index):
            if uses_index:
                interp.index_fn = index
            return run_body(values)
    partial = None
    if has_partial:
        run_partial = ctx.ops_runner([s[1] for s in a.partial_steps], a.in_args, a.partial_values)
        fast_partial = _partial_function(ctx, a)
        if fast_partial is not None:
            run_partial = _with_fallback(interp, fast_partial, run_partial, uses_index)

        def partial(values, index):
            if uses_index:
                interp.index_fn = index
            return run_partial(values)
    try:
        call = KG.bind(a.maps, a.iterator_types, shapes, dtypes, n_in, body, a.combiners, partial, uses_index,
                       views)
    except KernelError:
        return None  # the kernel fails, located, when the op runs
    nd = np.ndarray

    def run(interp_, op_, args):
        for x in args:
            if type(x) is not nd:  # a numpy scalar: the general kernel
                return _region_op(interp, op, args)
        if uses_index:
            saved = interp.index_fn
            try:
                return call(args)
            finally:
                interp.index_fn = saved
        return call(args)

    fused = _fused_function(interp, ctx, op, a, shapes, dtypes, views, run)
    if fused is not None:
        return Compiled(fused)
    return Compiled(run, "kernel")


_CONTRACTIONS = tuple(f"linalg.{n}" for n in ("matmul", "matmul_transpose_a", "matmul_transpose_b", "batch_matmul",
                                              "batch_matmul_transpose_a", "batch_matmul_transpose_b",
                                              "batch_reduce_matmul", "matvec", "vecmat", "batch_matvec",
                                              "batch_vecmat", "dot", "mmt4d", "batch_mmt4d"))


def _is_zero_fill(v: Value) -> bool:
    """Whether ``v`` is the result of a ``linalg.fill`` of an ``arith.constant`` +0 (every
    element +0: the bits of zero)."""
    if not isinstance(v, OpResult) or v.op.name != "linalg.fill":
        return False
    s = v.op.operands[0]
    if not isinstance(s, OpResult) or s.op.name != "arith.constant":
        return False
    try:
        x = np.asarray(constant_value(s.op.attr("value"), s.type))
    except (ValueError, TypeError, KeyError):
        return False
    return x.size > 0 and not x.any() and not np.signbit(x).any()


@binder(*_CONTRACTIONS)
def _bind_contraction(op, inputs, outputs):
    """A named contraction on the runtime's buffers (lhs, rhs, init) bound once
    (:func:`meshc.kernels.linalg.bind_contract`); an init that the program fills with +0 is not
    read (added as a scalar), so its buffer, fresh from the allocator, is never touched."""
    if len(inputs) != 3 or outputs != [inputs[2]]:
        return None
    try:
        call = K.bind_contract(op.einsum_spec(), [s for s, _ in inputs], [d for _, d in inputs], op.name,
                               _is_zero_fill(op.operands[2]))
    except KernelError:
        return None
    return lambda v: (call(v[0], v[1], v[2]),)


@compiler(*_CONTRACTIONS)
def _compile_contraction(interp, op, ctx):
    """A named contraction of static shapes bound once (:func:`meshc.kernels.linalg.bind_contract`),
    its init added as a scalar when it is a constant +0 fill of the program; else the kernel."""
    static = _static(op.operands)
    if static is None or len(op.operands) != 3:
        return None
    shapes, dtypes = static
    slot = ctx.program.slots.get(op.operands[2])
    init = ctx.program.template[slot] if slot is not None else None
    zero_init = type(init) is np.ndarray and init.size > 0 and not init.any() and not np.signbit(init).any()
    try:
        call = K.bind_contract(interp.cached(op, lambda o: o.einsum_spec()), shapes, dtypes, op.name, zero_init)
    except KernelError:
        return None  # the kernel fails, located, when the op runs
    return Compiled(call)


@compiler("linalg.fill")
def _compile_fill(interp, op, ctx):
    static = _static(op.operands[1:])
    if static is None:
        return None
    (shape,), (dtype,) = static
    fill = K.fill
    return Compiled(lambda value, init: fill(value, shape, dtype))


def _with_fallback(interp, fast, slow, uses_index: bool):
    """``run(values)``: ``fast(values, index)`` (a :meth:`CompileContext.block_function`), and on an
    error ``slow(values)``, the block's compiled steps, which raise it located at the op."""
    def run(values):
        index = interp.index_fn if uses_index else None
        try:
            return fast(values, index)
        except Exception:  # noqa: BLE001 - run again op by op: the located error
            return slow(values)

    return run


def _body_runner(interp, ctx, block, n_in: int, takes_inits: bool, uses_index: bool):
    """``run(values) -> yielded`` for a region op's body, ``values`` being every block argument's
    value (inputs then outputs; a body that does not take the inits gets the inputs only)."""
    slow = ctx.block_runner(block)
    fast = ctx.block_function(block)
    if not takes_inits:
        slow_all = slow
        slow = lambda values: slow_all(values[:n_in])  # noqa: E731
    if fast is None:
        return slow
    return _with_fallback(interp, fast, slow, uses_index)


class _PartialBlock:
    """The ops giving a reduction's contributions as a block for ``block_function``."""

    def __init__(self, a: RegionAnalysis):
        self.args = list(a.in_args)
        self.ops = [s[1] for s in a.partial_steps] + [_PartialYield(a.partial_values)]
        self.parent_op = a.block.parent_op


class _PartialYield:
    """The terminator of a :class:`_PartialBlock`: yields the contributions."""

    is_terminator = True
    name = "partial.yield"

    def __init__(self, values):
        self.operands = list(values)


def _partial_function(ctx, a: RegionAnalysis):
    return ctx.block_function(_PartialBlock(a))


# Ops whose kernels return a new array (or a numpy scalar) for array operands, never an operand.
_FRESH_PREFIX = ("math.",)
_FRESH = frozenset({"arith.negf", "arith.cmpf", "arith.cmpi", "arith.select"} |
                   {f"arith.{n}" for n in KA.BINARY})


def _constant_init(ctx, op, a: RegionAnalysis, dtype: np.dtype, shape: tuple, reduction: tuple):
    """For a reduction of one combiner whose init is a constant of the compiled program (a folded
    ``linalg.fill``): ``reduce(part)``, the reduction combined with that init in one step, when the
    init is the combiner's identity at every element (bit for bit: the combine changes nothing,
    so it is left out) or is +0.0 for ``addf`` (the sum started at +0.0 instead of -0.0 and then
    added to +0.0: the same bits, as the two sums differ at most in the sign of a zero); else None."""
    slot = ctx.program.slots.get(op.operands[a.n_in])
    init = ctx.program.template[slot] if slot is not None else None
    if type(init) is not np.ndarray or init.dtype != dtype or not init.size:
        return None
    (c,) = a.combiners
    try:
        ident = KC.identity(c, dtype)
    except KernelError:
        return None
    if init.tobytes() == np.broadcast_to(ident, init.shape).tobytes():
        return KG._reducer(c, dtype, reduction, shape)
    if c == "addf" and not init.any() and not np.signbit(init).any():
        return KG._reducer(c, dtype, reduction, shape, start=0.0)
    return None


def _fused_function(interp, ctx, op, a: RegionAnalysis, shapes, dtypes, views: bool, general):
    """A region op of one output written in iteration order (no reduction, or reductions whose
    combiners :func:`meshc.kernels.generic.bind` recognises) as one generated function
    ``fn(*operands) -> result``: the operands' views (worked out once), the body's calls inline,
    and the result returned when it is a new array of the output's shape and dtype made by the
    body's last op or by the combine (as ``general`` would return it); anything else (a numpy
    scalar, a failure, another result) goes to ``general``, the bound kernel
    ``general(interp, op, operands) -> [result]``. None when the op does not qualify."""
    if len(op.results) != 1:
        return None
    reducing = "reduction" in a.iterator_types
    if reducing and (a.partial_steps is None or a.combiners is None):
        return None
    try:
        plan = KG._plan(a.maps, a.iterator_types, tuple(shapes), a.n_in)
    except KernelError:
        return None
    if any(lay.axes is not None or lay.zero_index is not None for lay in plan.layouts):
        return None
    n_in, n = a.n_in, len(op.operands)
    out_dt = np.dtype(dtypes[n_in])
    viewers = []
    for k, r in enumerate(plan.views):
        if r.kind == "same":
            viewers.append(None)
        elif r.kind == "perm":
            viewers.append(KG._strided_viewer(r, shapes[k], np.dtype(dtypes[k]), plan.shape if k < n_in
                                              else plan.par_shape, k))
        else:
            return None
    glob: dict = {"general": general, "nd": np.ndarray, "interp": interp, "op": op}
    xs = ", ".join(f"x{k}" for k in range(n))
    lines = [f"def fused({xs}):"]
    fallback = [f"    return general(interp, op, [{xs}])[0]"]
    if a.yields is not None:
        if reducing or len(a.yields) != 1:
            return None
        (k,) = a.yields
        if not views or viewers[k] is None or np.dtype(dtypes[k]) != out_dt:
            return None
        glob["view"] = viewers[k]
        lines += ["    try:", f"        return view(x{k})", "    except Exception:", "        pass"]
        return ctx.define(lines + fallback, glob, "fused", a.block)
    init_as = _constant_init(ctx, op, a, out_dt, tuple(plan.shape), plan.reduction) if reducing else None
    if init_as is not None:
        viewers[n_in] = None  # the init is not read: no view of it
    names = []
    for k, f in enumerate(viewers):
        if f is None:
            names.append(f"x{k}")
        else:
            glob[f"view{k}"] = f
            names.append(f"v{k}")
    uses_index = any(inner.name == "linalg.index" for inner in op.walk() if inner is not op)
    if reducing:
        code = ctx.block_code(_PartialBlock(a), names[:n_in])
    else:
        code = ctx.block_code(a.block, names if a.takes_inits else names[:n_in])
    if code is None:
        return None
    body, body_glob, rets, makers, inline = code
    if len(rets) != 1:
        return None
    if not reducing and (makers[0] is None or not (makers[0].name in _FRESH or
                                                   makers[0].name.startswith(_FRESH_PREFIX))):
        return None
    glob.update(body_glob)
    glob["shape"], glob["dtype"] = tuple(plan.shape), out_dt
    if uses_index:
        glob["Index"] = KG._Index
    lines.append("    try:")
    lines += [f"        v{k} = view{k}(x{k})" for k, f in enumerate(viewers) if f is not None]
    if uses_index:
        lines.append("        index = Index(shape)")
    lines += ["    " + line for line in body]
    checks = " or ".join(f"x{k} is t or x{k}.base is t" for k in range(n))
    if reducing:
        (c,) = a.combiners
        glob["reduce"] = init_as or KG._reducer(c, out_dt, plan.reduction, tuple(plan.shape))
        glob["combine"] = binary_function(c, out_dt)
        glob["par_shape"] = tuple(plan.par_shape)
        glob["kept"] = tuple(s for d, s in enumerate(plan.par_shape) if d not in plan.reduction)
        lines += [f"        p = {rets[0]}",
                  "        if type(p) is nd and p.shape == shape and p.dtype == dtype:",
                  "            t = reduce(p)" if init_as is not None else
                  f"            t = combine(reduce(p), {names[n_in]})",
                  "            if type(t) is nd and t.shape == par_shape and t.base is None and t.flags.writeable:",
                  f"                if not ({checks}):",
                  "                    counter.runs += 1",
                  "                    return t.reshape(kept)"]
    else:
        last = inline.get(rets[0])
        if last is not None and body[-1].startswith(f"    {rets[0]} = ") and body_glob[f"{last[0]}d"] is out_dt:
            # the result is the last line's ufunc call on operands of the output's dtype: a new
            # array of that dtype, unless it is a numpy scalar or of another shape
            f, args, test = last
            lines[-1:] = [f"        if {test}:",
                          f"            t = {f}({args})",
                          "            if type(t) is nd and t.shape == shape:",
                          "                counter.runs += 1",
                          "                return t",
                          f"        {rets[0]} = {f}k({args})"]
        lines += [f"        t = {rets[0]}",
                  "        if type(t) is nd and t.shape == shape and t.dtype == dtype and t.base is None \\",
                  "                and t.flags.writeable:",
                  f"            if not ({checks}):",
                  "                counter.runs += 1",
                  "                return t"]
    lines += ["    except Exception:", "        pass"]
    return ctx.define(lines + fallback, glob, "fused", a.block)
