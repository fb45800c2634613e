"""``linalg.generic`` evaluated on whole numpy arrays.

:func:`run_generic` runs a generic op whose region is given as a Python
callable. The interpreter builds that callable by evaluating the region's
ops (arith/math kernels) on whole arrays; this module owns the loop
structure.

**Iteration space.** ``n = len(iterator_types)`` loops ``d0..d{n-1}``. The
size of loop ``d`` is the size of the first operand dim (inputs first, then
inits, in order) whose map result is exactly ``d``; every other operand dim
named ``d`` must agree. An *iteration array* is an array of rank ``n`` whose
axis ``i`` stands for loop ``di``.

**Calling convention.** Both callables receive ``(args, index)``:

``body(args, index) -> list`` is the region. ``args`` has one array per
block argument, in block order: ``len(inputs)`` input values, then
``len(inits)`` output values. Each is a read-only iteration array (a view
of the operand, broadcast where the operand does not vary along a loop;
never pass one as a kernel's ``out=``). ``index(d)`` returns a read-only
``int64`` iteration array (size 1 on the other axes) holding the value of
``linalg.index d``. The body returns one value per output (a list or
tuple, in ``linalg.yield`` order), each an iteration array, anything
broadcastable to one, or a Python scalar; numpy values must already have
the output's dtype.

* **No reduction loop**: ``body`` is called once; every arg has the full
  iteration shape and output args hold the init values at ``map(d)``.
* **Reduction loops, ordered (exact for any body)**: ``body`` is called
  once per point of the reduction loops, in lexicographic order
  (``np.ndindex``), vectorised over the parallel loops: every arg has the
  iteration shape with each reduction axis of size 1, input args are the
  inputs at that reduction point, output args the accumulators (the inits
  before the first call, then the previous call's results), and
  ``index(d)`` of a reduction loop is that point's coordinate.
* **Reduction loops, fast path**: when every ``combiners[i]`` names a
  combiner of :data:`combiners.COMBINERS` the caller asserts that output
  i's yield is ``combiner(f_i(inputs, index), out_i)`` with ``f_i`` not
  reading any output. Then ``partial_body(args, index) -> list`` is called
  ONCE over the full iteration space with ``args`` = the input values only
  and returns the contributions ``f_i``; each is reduced over the reduction
  axes with a numpy ufunc and combined once with the init. Without a
  ``partial_body``, ``body`` itself is called once with every output arg
  set to the combiner's identity (``combiner(f, identity) == f`` exactly).
  Float ``addf``/``mulf`` results are then re-associated (within rounding);
  everything else is exact. The contributions span the whole iteration
  space (M*N*K elements for a matmul written as a generic), so large
  contractions belong in the named-op kernels of :mod:`.linalg`.

**Results** are new arrays shaped like the inits; nothing aliases an input
or init. Output maps must be projected permutations naming every parallel
loop and no reduction loop; a constant-0 result writes index 0 of that
output dim only (the rest keeps the init). Input maps may be any affine
maps without symbols: projected permutations become broadcast views (no
copy), other maps (``d0 + d1``...) a gather.

The analysis of maps and shapes (loop sizes, view recipes, output layouts)
is cached per (maps, iterator types, operand shapes), so a generic run
many times costs a few microseconds over its body.

Source: MLIR linalg.generic semantics (LinalgStructuredOps.td:
indexing_maps, iterator_types, loop ranges inferred from operand shapes,
``linalg.index``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

import numpy as np

from meshc.ir.affine import AffineMap, DimExpr
from meshc.kernels import combiners as _comb
from meshc.kernels import dtypes as _dt
from meshc.kernels.errors import KernelError

Body = Callable[[list, Callable[[int], np.ndarray]], Sequence[Any]]


def loop_sizes(shapes: Sequence[tuple[int, ...]], indexing_maps: Sequence[AffineMap],
               num_loops: int) -> tuple[int, ...]:
    """Size of each loop, from the first operand dim (operands in
    ``shapes`` order) whose map result is that loop's dim.

    Raises:
        KernelError: two operand dims named by one loop disagree, or a loop
            is named by no operand dim.
    """
    sizes: list[int | None] = [None] * num_loops
    source: list[tuple[int, int]] = [(-1, -1)] * num_loops
    for k, (shape, amap) in enumerate(zip(shapes, indexing_maps)):
        for j, expr in enumerate(amap.results):
            if not isinstance(expr, DimExpr):
                continue
            d, n = expr.position, shape[j]
            if sizes[d] is None:
                sizes[d], source[d] = n, (k, j)
            elif sizes[d] != n:
                k0, j0 = source[d]
                raise KernelError(f"linalg.generic: loop d{d} has size {sizes[d]} from operand {k0} "
                                  f"dim {j0}, but operand {k} dim {j} has size {n}")
    missing = [d for d, n in enumerate(sizes) if n is None]
    if missing:
        raise KernelError(f"linalg.generic: loops {['d%d' % d for d in missing]} are not indexed by any "
                          "operand dim, so their sizes are unknown")
    return tuple(int(n) for n in sizes)  # type: ignore[arg-type]


# ------------------------------------------------------------------ plan


@dataclass(frozen=True)
class _ViewRecipe:
    """How operand ``k`` becomes an iteration array: ``same`` (already is
    one), ``perm`` (select constant-0 dims, transpose, insert unit axes,
    broadcast) or ``gather`` (general affine map)."""

    kind: str
    select: tuple | None = None
    axes: tuple[int, ...] | None = None
    insert: tuple | None = None
    amap: AffineMap | None = None


@dataclass(frozen=True)
class _Layout:
    """How an output's iteration array (parallel axes in loop order) is laid
    out: transpose by ``axes`` (None: already in order), then written at
    ``zero_index`` of a copy of the init when the map has constant-0 results."""

    axes: tuple[int, ...] | None
    zero_index: tuple | None


@dataclass(frozen=True)
class _Plan:
    shape: tuple[int, ...]
    par_shape: tuple[int, ...]
    reduction: tuple[int, ...]
    views: tuple[_ViewRecipe, ...]
    layouts: tuple[_Layout, ...]


def _view_recipe(amap: AffineMap, shape: tuple[int, ...], target: tuple[int, ...], k: int) -> _ViewRecipe:
    n = len(target)
    if not amap.is_projected_permutation():
        return _ViewRecipe("gather", amap=amap)
    positions = amap.dim_positions()
    if positions == tuple(range(n)) and shape == target:
        return _ViewRecipe("same")
    empty = [j for j, p in enumerate(positions) if p is None and shape[j] == 0]
    if empty:
        raise KernelError(f"linalg.generic: operand {k} map {amap} reads index 0 of its empty dims {empty}")
    select = tuple(0 if p is None else slice(None) for p in positions) if None in positions else None
    named = [p for p in positions if p is not None]
    order = tuple(int(i) for i in np.argsort(named))
    axes = order if order != tuple(range(len(named))) else None
    insert = tuple(slice(None) if d in named else None for d in range(n)) if len(named) < n else None
    return _ViewRecipe("perm", select, axes, insert)


def _layout(amap: AffineMap, reduction: tuple[int, ...], n: int, i: int) -> _Layout:
    if not amap.is_projected_permutation():
        raise KernelError(f"linalg.generic: output {i} map {amap} is not a projected permutation")
    positions = amap.dim_positions()
    named = [p for p in positions if p is not None]
    if set(named) & set(reduction):
        raise KernelError(f"linalg.generic: output {i} map {amap} names reduction loops "
                          f"{sorted('d%d' % d for d in set(named) & set(reduction))}")
    missing = [d for d in range(n) if d not in reduction and d not in named]
    if missing:
        raise KernelError(f"linalg.generic: output {i} map {amap} omits parallel loops "
                          f"{['d%d' % d for d in missing]}")
    par_dims = [d for d in range(n) if d not in reduction]
    axes = tuple(par_dims.index(p) for p in named)
    zero_index = tuple(0 if p is None else slice(None) for p in positions) if None in positions else None
    return _Layout(axes if axes != tuple(range(len(axes))) else None, zero_index)


@functools.lru_cache(maxsize=512)
def _plan(maps: tuple[AffineMap, ...], iterator_types: tuple[str, ...],
          shapes: tuple[tuple[int, ...], ...], n_in: int) -> _Plan:
    n = len(iterator_types)
    bad = [t for t in iterator_types if t not in ("parallel", "reduction")]
    if bad:
        raise KernelError(f"linalg.generic: unknown iterator types {bad}")
    if len(maps) != len(shapes):
        raise KernelError(f"linalg.generic: {len(maps)} indexing maps for {len(shapes)} operands")
    for k, (shape, amap) in enumerate(zip(shapes, maps)):
        if amap.num_dims != n:
            raise KernelError(f"linalg.generic: map {k} ({amap}) has {amap.num_dims} dims, expected {n} loops")
        if amap.num_symbols:
            raise KernelError(f"linalg.generic: map {k} ({amap}) has symbols; no values are known for them")
        if amap.num_results != len(shape):
            raise KernelError(f"linalg.generic: map {k} ({amap}) has {amap.num_results} results but "
                              f"operand {k} has rank {len(shape)} (shape {shape})")
    shape = loop_sizes(shapes, maps, n)
    reduction = tuple(d for d, t in enumerate(iterator_types) if t == "reduction")
    par_shape = tuple(1 if d in reduction else s for d, s in enumerate(shape))
    layouts = tuple(_layout(m, reduction, n, i) for i, m in enumerate(maps[n_in:]))
    views = tuple(_view_recipe(m, s, shape if k < n_in else par_shape, k)
                  for k, (m, s) in enumerate(zip(maps, shapes)))
    return _Plan(shape, par_shape, reduction, views, layouts)


def _readonly(x: np.ndarray) -> np.ndarray:
    if not x.flags.writeable:
        return x
    v = x.view()
    v.flags.writeable = False
    return v


def _apply(recipe: _ViewRecipe, x: np.ndarray, shape: tuple[int, ...], k: int) -> np.ndarray:
    """Operand ``x`` as an iteration array of ``shape`` (a read-only view,
    or a gathered copy for maps that are not projected permutations)."""
    if recipe.kind == "same":
        return _readonly(x)
    if recipe.kind == "perm":
        v = x[recipe.select] if recipe.select is not None else x
        if recipe.axes is not None:
            v = v.transpose(recipe.axes)
        if recipe.insert is not None:
            v = v[recipe.insert]
        return _readonly(v) if v.shape == shape else np.broadcast_to(v, shape)
    n = len(shape)
    grids = [np.arange(shape[d], dtype=np.int64).reshape([-1 if i == d else 1 for i in range(n)])
             for d in range(n)]
    index = []
    for j, expr in enumerate(recipe.amap.results):
        idx = np.asarray(expr.evaluate(grids), dtype=np.int64)
        if idx.size and (idx.min() < 0 or idx.max() >= x.shape[j]):
            raise KernelError(f"linalg.generic: operand {k} dim {j} (size {x.shape[j]}) indexed by '{expr}' "
                              f"over [{idx.min()}, {idx.max()}]")
        index.append(idx.reshape(idx.shape + (1,) * (n - idx.ndim)))  # constants: rank 0 -> n
    return np.broadcast_to(x[tuple(np.broadcast_arrays(*index))], shape)


class _Index:
    """``index(d)`` for a (possibly reduction-pinned) iteration space."""

    def __init__(self, shape: tuple[int, ...], pinned: dict[int, int] | None = None):
        self.shape = shape
        self.pinned = pinned or {}
        self._cache: dict[int, np.ndarray] = {}

    def __call__(self, d: int) -> np.ndarray:
        d = int(d)
        if not 0 <= d < len(self.shape):
            raise KernelError(f"linalg.index {d} outside the {len(self.shape)} loops")
        if d not in self._cache:
            if d in self.pinned:
                arr = np.full((1,) * len(self.shape), self.pinned[d], np.int64)
            else:
                arr = np.arange(self.shape[d], dtype=np.int64).reshape(
                    [-1 if i == d else 1 for i in range(len(self.shape))])
            arr.flags.writeable = False
            self._cache[d] = arr
        return self._cache[d]


def _as_values(op: str, values: Any, inits: Sequence[np.ndarray], shape: tuple[int, ...]) -> list[np.ndarray]:
    if isinstance(values, np.ndarray) or not isinstance(values, (list, tuple)):
        raise KernelError(f"{op} must return a list of {len(inits)} values, got {type(values).__name__}")
    if len(values) != len(inits):
        raise KernelError(f"{op} returned {len(values)} values for {len(inits)} outputs")
    out = []
    for i, (v, init) in enumerate(zip(values, inits)):
        if type(v) is np.ndarray and v.shape == shape and v.dtype == init.dtype:  # the common case
            out.append(v)
            continue
        if isinstance(v, (np.ndarray, np.generic)):
            if v.dtype != init.dtype:
                raise KernelError(f"{op}: value {i} has dtype {v.dtype}, output {i} is {init.dtype}")
        else:
            with np.errstate(all="ignore"):
                v = np.array(v).astype(init.dtype)
        if isinstance(v, np.ndarray) and v.shape == shape:
            out.append(v)
            continue
        try:
            out.append(np.broadcast_to(v, shape))
        except ValueError:
            raise KernelError(f"{op}: value {i} of shape {np.shape(v)} does not broadcast to the "
                              f"iteration shape {shape}") from None
    return out


def _unshared(value: np.ndarray, protected: Sequence[np.ndarray], placed: Sequence[np.ndarray]) -> bool:
    """Whether ``value`` shares memory with no array of ``protected`` and ``placed``. An array that
    owns its memory (``base`` None) can only be shared by itself or by a view of it, whose
    ``base`` numpy sets to it; any other array is checked by address range."""
    if value.base is None:
        return not any(p is value or p.base is value for p in protected) and \
            not any(p is value or p.base is value for p in placed)
    return not any(np.may_share_memory(value, p) for p in protected) and \
        not any(np.may_share_memory(value, p) for p in placed)


def _place_all(values: Sequence[np.ndarray], outs: Sequence[np.ndarray], plan: _Plan,
               protected: list[np.ndarray]) -> list[np.ndarray]:
    """Iteration arrays written into new arrays in the inits' layouts; a
    value is returned without copy only when it is a fresh, writable array
    sharing memory with no operand and no other result."""
    placed: list[np.ndarray] = []
    for value, init, layout in zip(values, outs, plan.layouts):
        if plan.reduction:
            value = value.reshape(tuple(s for d, s in enumerate(value.shape) if d not in plan.reduction))
        if layout.axes is not None:
            value = value.transpose(layout.axes)
        if layout.zero_index is not None:
            result = init.copy()
            result[layout.zero_index] = value
        elif value.flags.writeable and 0 not in value.strides and _unshared(value, protected, placed):
            result = value
        else:
            result = np.array(value, copy=True)
        placed.append(result)
    return placed


def run_generic(inputs: Sequence[np.ndarray], inits: Sequence[np.ndarray],
                indexing_maps: Sequence[AffineMap], iterator_types: Sequence[str],
                body: Body, combiners: Sequence[str | None] | None = None,
                partial_body: Body | None = None, plans: dict | None = None) -> list[np.ndarray]:
    """Evaluate a ``linalg.generic``; see the module docstring for the
    calling convention of ``body`` and ``partial_body``.

    Args:
        inputs: the ``ins`` operands.
        inits: the ``outs`` operands (values read as initial accumulators).
        indexing_maps: one map per operand, inputs then inits.
        iterator_types: ``"parallel"`` or ``"reduction"`` per loop.
        body: the region.
        combiners: per output, a combiner name when its yield is
            ``combiner(f(inputs), out)``, else None. Default: all None.
        partial_body: the region without the final combine (fast path).
        plans: a dict the caller keeps per op (same maps and iterator types on every call): the
            analysis of each operand-shape combination is kept there, so a call costs a dict
            lookup instead of hashing the maps.

    Returns:
        One new array per init, with the init's shape and dtype.

    Raises:
        KernelError: maps, shapes or iterator types are inconsistent, or the
            body returns values of the wrong count, dtype or shape.
    """
    ins = [np.asarray(x) for x in inputs]
    outs = [np.asarray(x) for x in inits]
    operands = ins + outs
    shapes = tuple([x.shape for x in operands])
    plan = plans.get(shapes) if plans is not None else None
    if plan is None:
        plan = _plan(tuple(indexing_maps), tuple(iterator_types), shapes, len(ins))
        if plans is not None:
            plans[shapes] = plan
    combiners = list(combiners) if combiners is not None else [None] * len(outs)
    if len(combiners) != len(outs):
        raise KernelError(f"linalg.generic: {len(combiners)} combiners for {len(outs)} outputs")
    shape, par_shape, reduction = plan.shape, plan.par_shape, plan.reduction
    views = [_apply(r, x, shape if k < len(ins) else par_shape, k)
             for k, (r, x) in enumerate(zip(plan.views, operands))]
    in_views, out_views = views[:len(ins)], views[len(ins):]

    if not reduction:
        values = _as_values("linalg.generic body", body(views, _Index(shape)), outs, shape)
        return _place_all(values, outs, plan, operands)

    if all(c is not None for c in combiners):
        for c, o in zip(combiners, outs):
            _comb.check(c, o.dtype)
        if partial_body is not None:
            parts = partial_body(in_views, _Index(shape))
        else:
            identities = [np.broadcast_to(_comb.identity(c, o.dtype), par_shape) for c, o in zip(combiners, outs)]
            parts = body(in_views + identities, _Index(shape))
        parts = _as_values("linalg.generic partial body", parts, outs, shape)
        combined = []
        for c, part, acc in zip(combiners, parts, out_views):
            reduced = _comb.reduce_over(c, part, reduction, keepdims=True)
            value = np.asarray(_comb.combine(c, reduced, acc))
            combined.append(value if value.shape == par_shape else np.broadcast_to(value, par_shape))
        return _place_all(combined, outs, plan, operands)

    red_set = set(reduction)
    accs: list[np.ndarray] = out_views
    for point in np.ndindex(*(shape[d] for d in reduction)):
        pinned = dict(zip(reduction, point))
        where = tuple(slice(pinned[d], pinned[d] + 1) if d in red_set else slice(None) for d in range(len(shape)))
        args = [v[where] for v in in_views] + accs
        accs = _as_values("linalg.generic body", body(args, _Index(par_shape, pinned)), outs, par_shape)
    return _place_all(accs, outs, plan, operands)


def bind(indexing_maps: Sequence[AffineMap], iterator_types: Sequence[str], shapes: Sequence[tuple[int, ...]],
         dtypes: Sequence[np.dtype], n_in: int, body: Body, combiners: Sequence[str | None] | None = None,
         partial_body: Body | None = None, uses_index: bool = True, views: bool = False
         ) -> Callable[[Sequence[np.ndarray]], list[np.ndarray]]:
    """:func:`run_generic` for operands of fixed ``shapes`` and ``dtypes`` (inputs then inits)
    and a fixed ``body``/``partial_body``: the analysis (loop sizes, views, output layouts, the
    combiners' checks and reductions) done once. Returns ``call(operands) -> results`` (the
    inputs then the inits, numpy arrays of those shapes and dtypes), computing what
    ``run_generic(operands[:n_in], operands[n_in:], indexing_maps, iterator_types, body,
    combiners, partial_body)`` does, bit for bit. Without ``uses_index`` the bodies' ``index``
    argument is None (a region without ``linalg.index``). With ``views``, a result that is only an
    operand's broadcast or transpose (a body yielding a block argument, no reduction) is returned
    as a read-only view of the operand instead of a copy: for a caller whose uses of the result
    only read it.

    Raises:
        KernelError: the maps, shapes or iterator types are inconsistent (as :func:`run_generic`
            would on the first call), or a combiner does not apply to its output's dtype.
    """
    shapes = tuple(tuple(s) for s in shapes)
    plan = _plan(tuple(indexing_maps), tuple(iterator_types), shapes, n_in)
    n_out = len(shapes) - n_in
    combiners = list(combiners) if combiners is not None else [None] * n_out
    if len(combiners) != n_out:
        raise KernelError(f"linalg.generic: {len(combiners)} combiners for {n_out} outputs")
    shape, par_shape, reduction = plan.shape, plan.par_shape, plan.reduction
    out_dtypes = [np.dtype(d) for d in dtypes[n_in:]]
    fast = bool(reduction) and all(c is not None for c in combiners)
    if fast:
        for c, dt in zip(combiners, out_dtypes):
            _comb.check(c, dt)
    if reduction and not fast:  # the ordered loop: run_generic itself
        maps, its = tuple(indexing_maps), tuple(iterator_types)
        plans = {shapes: plan}

        def ordered(operands):
            return run_generic(operands[:n_in], operands[n_in:], maps, its, body, combiners, partial_body, plans)

        return ordered

    viewers = []
    for k, r in enumerate(plan.views):
        target = shape if k < n_in else par_shape
        if r.kind == "same":
            viewers.append(None)
        elif r.kind == "perm":
            viewers.append(_strided_viewer(r, shapes[k], np.dtype(dtypes[k]), target, k))
        else:
            viewers.append(functools.partial(_apply, r, shape=target, k=k))
    plain_views = all(v is None for v in viewers)
    plain_layouts = all(lay.axes is None and lay.zero_index is None for lay in plan.layouts)
    view_ok = views and not reduction and plain_layouts
    nd = np.ndarray
    out_dt = out_dtypes[0] if n_out == 1 else None
    single = n_out == 1

    def operand_views(operands):
        if plain_views:
            return operands
        return [x if f is None else f(x) for f, x in zip(viewers, operands)]

    def as_values(what, values, inits):
        if single and type(values) is list and len(values) == 1:
            v = values[0]
            if type(v) is nd and v.shape == shape and v.dtype == out_dt:  # the common case
                return values
        return _as_values(what, values, inits, shape)

    def fresh(value, operands, placed) -> bool:
        """Whether ``value`` may be a result as it is (writable, not broadcast, sharing memory
        with no operand and no other result)."""
        if not value.flags.writeable or 0 in value.strides:
            return False
        if value.base is None:  # _unshared, for an array that owns its memory
            for p in operands:
                if p is value or p.base is value:
                    return False
            for p in placed:
                if p is value or p.base is value:
                    return False
            return True
        return _unshared(value, operands, placed)

    index = (lambda: _Index(shape)) if uses_index else (lambda: None)

    if not reduction:
        def place(values, operands):
            if not plain_layouts:
                return _place_all(values, operands[n_in:], plan, list(operands))
            placed = []
            for value in values:
                if fresh(value, operands, placed):
                    placed.append(value)
                elif view_ok and not value.flags.writeable:
                    placed.append(value)  # a read-only view of an operand: the caller only reads it
                else:
                    placed.append(np.array(value, copy=True))
            return placed

        def elementwise(operands):
            values = as_values("linalg.generic body", body(operand_views(operands), index()), operands[n_in:])
            return place(values, operands)

        return elementwise

    red = reduction
    kept = tuple(s for d, s in enumerate(par_shape) if d not in red)
    reducers = [_reducer(c, dt, red, shape) for c, dt in zip(combiners, out_dtypes)]
    combine = [_comb.arith.BINARY[c] for c in combiners]
    layouts = plan.layouts
    identities = None if partial_body is not None else \
        [np.broadcast_to(_comb.identity(c, dt), par_shape) for c, dt in zip(combiners, out_dtypes)]

    def reducing(operands):
        views_ = operand_views(operands)
        if partial_body is not None:
            parts = partial_body(views_[:n_in], index())
        else:
            parts = body(list(views_[:n_in]) + identities, index())
        parts = as_values("linalg.generic partial body", parts, operands[n_in:])
        placed = []
        for reduce_, comb, part, acc, layout, init in zip(reducers, combine, parts, views_[n_in:], layouts,
                                                          operands[n_in:]):
            value = comb(reduce_(part), acc)
            if type(value) is not nd or value.shape != par_shape:
                value = np.broadcast_to(np.asarray(value), par_shape)
            ok = fresh(value, operands, placed)
            value = value.reshape(kept)
            if layout.axes is not None:
                value = value.transpose(layout.axes)
                ok = ok and 0 not in value.strides
            if layout.zero_index is not None:
                result = init.copy()
                result[layout.zero_index] = value
            elif ok:
                result = value
            else:
                result = np.array(value, copy=True)
            placed.append(result)
        return placed

    return reducing


def _reducer(name: str, dtype: np.dtype, axes: tuple[int, ...], shape: tuple[int, ...],
             start: Optional[float] = None) -> Callable:
    """``reduce(part)``: :func:`combiners.reduce_over` of ``part`` (of the iteration ``shape``)
    over ``axes`` keeping them, for one combiner and dtype, its branches chosen once. With
    ``start=0.0`` (``addf`` only): that reduction added to +0.0, which is the sum started at +0.0
    (numpy's ``initial``) for the native float types."""
    nd = np.ndarray
    if name == "addf" and dtype.kind == "f" and dtype not in _dt.NARROW_FLOATS and dtype != np.float16 \
            and all(shape[a] for a in axes):
        add = np.add.reduce
        first = -0.0 if start is None else start
        zero = dtype.type(0.0)

        def sum_(part):
            if type(part) is nd and part.dtype == dtype:
                return add(part, axis=axes, keepdims=True, initial=first)
            r = _comb.reduce_over(name, part, axes, keepdims=True)
            return r if start is None else np.add(r, zero)

        return sum_
    if name in ("maximumf", "minimumf", "maxnumf", "minnumf") and start is None and dtype.kind == "f" \
            and dtype not in _dt.NARROW_FLOATS and dtype != np.float16 and all(shape[a] for a in axes):
        ufunc = _comb._FLOAT_UFUNC[name].reduce
        positive = name in ("maximumf", "maxnumf")

        def extreme(part):  # reduce_over's steps for this dtype: the ufunc, then the sign of zeros
            if type(part) is nd and part.dtype == dtype:
                r = ufunc(part, axis=axes, keepdims=True)
                if type(r) is nd and not (r == 0).any():
                    return r
                return _comb._fix_zero_sign(np.asarray(r), part, axes, True, positive)
            return _comb.reduce_over(name, part, axes, keepdims=True)

        return extreme
    if start is not None:
        if name != "addf":
            raise ValueError(f"a start value is for addf reductions only, not {name}")
        zero = dtype.type(0.0)
        return lambda part: np.add(_comb.reduce_over(name, part, axes, keepdims=True), zero)
    return functools.partial(_comb.reduce_over, name, axes=axes, keepdims=True)


def _strided_viewer(recipe: _ViewRecipe, src: tuple[int, ...], dtype: np.dtype, target: tuple[int, ...],
                    k: int) -> Callable[[np.ndarray], np.ndarray]:
    """``view(x)``: :func:`_apply` of a ``perm`` recipe for operands of shape ``src``, made in one
    step (a read-only strided array on ``x``'s memory, strides worked out here) when ``x`` is a
    C-contiguous array owning its memory, else by :func:`_apply`."""
    general = functools.partial(_apply, recipe, shape=target, k=k)
    probe = np.lib.stride_tricks.as_strided(np.zeros(1, dtype), shape=src,
                                            strides=_c_strides(src, dtype.itemsize))
    try:
        v = _apply(recipe, probe, target, k)
    except Exception:  # noqa: BLE001 - the general path raises it when run
        return general
    strides = tuple(0 if n == 1 and t != 1 else s for n, t, s in zip(v.shape, target, v.strides)) \
        if v.shape == target else None
    if strides is None or v.shape != target:
        return general
    if any(s != 0 and n > 1 and s < 0 for s, n in zip(strides, target)):
        return general
    nd = np.ndarray

    def view(x):
        if type(x) is nd and x.shape == src and x.dtype == dtype and x.flags.c_contiguous:
            b = x.base
            if b is None:
                r = nd(target, dtype, x, 0, strides)
                r.flags.writeable = False
                return r
            # a view of all of an array of its shape (``a[()]``): the same memory from its start
            if type(b) is nd and b.base is None and b.shape == src and b.dtype == dtype and b.flags.c_contiguous:
                r = nd(target, dtype, b, 0, strides)
                r.flags.writeable = False
                return r
        return general(x)

    return view


def _c_strides(shape: tuple[int, ...], itemsize: int) -> tuple[int, ...]:
    strides, acc = [], itemsize
    for n in reversed(shape):
        strides.append(acc)
        acc *= max(n, 1)
    return tuple(reversed(strides))
