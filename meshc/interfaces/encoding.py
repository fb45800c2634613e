"""Encoding propagation interfaces (seed 001: IREE's "Encoding Propagation
Interfaces" RFC), with the models of meshc's dialects.

Data tiling puts an encoding on a tensor with ``iree_encoding.set_encoding``
and removes it with ``iree_encoding.unset_encoding``. Propagation moves those
ops: a set_encoding *bubbles up* through the producer of its source, an
unset_encoding *sinks down* through a consumer of its result. Two parties
decide, as the RFC divides the work:

* the **attribute** knows what the new encodings are
  (:class:`PropagationAttrModel`: ``is_propagable`` / ``generate_encodings``,
  separately for bubbling up and sinking down) -- e.g. an
  ``#iree_encoding.encoding`` whose target crosses a transpose gets the
  transpose appended to its ``user_indexing_maps`` entry;
* the **op** knows how it is rewritten (:class:`PropagationOpModel`:
  ``propagate_encoding(rewriter, op, encodings, target, ctx)`` returning a
  :class:`PropagationResult` with the RFC's ``encoded_ops``,
  ``generated_encoding_ops`` and replacements) -- e.g. ``tensor.empty``
  returns itself with the encoded type, a linalg op wraps its operands in
  set_encoding ops and clones itself.

So that the attribute need not know op kinds, an op model also describes the
op's *dim relation* (:class:`DimRelation`): for every operand and result, an
affine map from the target's dims to that value's dims (a constant ``0``
result marks a dim with no counterpart, e.g. a reduced or broadcast dim),
and which target dims the op reduces over. The attribute model turns those
maps into encodings.

Models attach from outside the op and attribute classes, through
:func:`register_op_model` (key: op name or op class; the class hierarchy is
searched, so one model covers every linalg structured op) and
:func:`register_attr_model` (key: attribute class) -- the RFC's "external
model" mechanism. Supporting a new op is one registration.

Targets: bubbling up, the target is the set_encoding's source (an
:class:`~meshc.ir.core.OpResult`, or a :class:`~meshc.ir.core.BlockArgument`,
whose model is its block's parent op's); sinking down, it is an
:class:`OpOperand` (the consumer and the operand index reading the
unset_encoding's result). A model refuses by raising :class:`NotPropagable`
with the reason, which ``propagate-encodings --remarks`` reports.

Deviations from IREE, on purpose: the RFC's ``PropagationEncoding`` gains
``target_encoding`` (what a block-argument target becomes, as it is neither
an operand nor a result); the RFC's single ``replacement`` is a list
(``replacements[0]`` replaces the set_encoding when bubbling up; sinking
down, one value per result of the consumer).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Optional, Sequence, Union

from meshc.dialects.iree_encoding import (EncodingAttr, IdentityAttr, MatmulKAttr, SetEncodingOp, TestingAttr,
                                          UnsetEncodingOp, compose_entry, with_data_tiling_encoding)
from meshc.interfaces.models import find_model
from meshc.ir.affine import AffineMap, ConstantExpr, DimExpr
from meshc.ir.attributes import (Attribute, DenseElementsAttr, IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr,
                                 UnitAttr)
from meshc.ir.builder import Rewriter
from meshc.ir.core import Block, BlockArgument, Operation, OpResult, Region, Value
from meshc.ir.location import Location
from meshc.ir.types import INDEX, FunctionType, TensorType

UP = "up"
"""Bubbling a set_encoding up through its source's producer."""
DOWN = "down"
"""Sinking an unset_encoding down through a consumer of its result."""


class NotPropagable(ValueError):
    """Propagation must stop here; the message says why (reported as a remark)."""


# ---------------------------------------------------------------- data
@dataclass(frozen=True)
class OpOperand:
    """Operand ``index`` of ``op`` (the MLIR ``OpOperand``): a sinking target."""

    op: Operation
    index: int

    @property
    def value(self) -> Value:
        return self.op.operands[self.index]


Target = Union[Value, OpOperand]


@dataclass
class PropagationEncoding:
    """The RFC's ``PropagationEncoding``: the encoding each operand and each
    result of the op gets (None: stays as it is), and ``target_encoding``,
    the encoding of the target itself (needed for block arguments)."""

    operand_encodings: list[Optional[Attribute]]
    result_encodings: list[Optional[Attribute]]
    target_encoding: Optional[Attribute] = None


@dataclass
class PropagationResult:
    """The RFC's ``PropagationResult``.

    ``encoded_ops``: the ops created (or retyped) on encoded tensors;
    ``generated_encoding_ops``: the new set/unset_encoding ops, which the pass
    puts back on its worklist; ``replacements``: bubbling up, one value (the
    encoded value replacing the set_encoding's result); sinking down, one
    value per result of the consumer (the model has already redirected the
    consumer's uses to them). Uses of the op's other results are redirected
    by the model, as the RFC says.
    """

    encoded_ops: list[Operation]
    generated_encoding_ops: list[Operation]
    replacements: list[Value]


@dataclass(frozen=True)
class DimRelation:
    """How an op relates its values' dims to the target's dims.

    ``operand_maps[k]`` / ``result_maps[i]``: an affine map from the target's
    dims to the dims of operand ``k`` / result ``i`` (a constant ``0`` result
    for a dim the target has no counterpart of), or None for a value that is
    not a ranked tensor or does not follow the target (a fill's scalar).
    ``reduced_target_dims``: target dims indexed by reduction loops (sinking
    into a reduction); ``target_rank``: the target's rank. ``merged``: when
    not empty, the maps send several dims of a value to one target dim (a
    reshape merging non-unit dims: ``2x4096 -> 8192``), which says why; only
    encodings that record dims as a list (``matmul_k``'s K dims) can follow
    such maps (:attr:`PropagationAttrModel.follows_merged_dims`).
    """

    operand_maps: tuple[Optional[AffineMap], ...]
    result_maps: tuple[Optional[AffineMap], ...]
    reduced_target_dims: tuple[int, ...] = ()
    target_rank: int = 0
    merged: str = ""


@dataclass
class PropagationContext:
    """Whole-program state a model may need (the RFC: "we might want to pass
    moduleOp and symbolTable"): the ``module``, whether function arguments
    may change type (``through_function_args``), and names already given to
    encoded globals (``encoded_globals``: ``(global, encoded type) -> name``)."""

    module: Optional[Operation] = None
    through_function_args: bool = False
    encoded_globals: dict[tuple[str, Any], str] = field(default_factory=dict)


# ---------------------------------------------------------------- registries
class PropagationAttrModel:
    """How an encoding attribute generates the encodings around an op.

    Subclasses implement :meth:`stop_reason` and :meth:`encoding_through`;
    ``follows_merged_dims``: whether the attribute can follow a relation that
    merges dims (:attr:`DimRelation.merged`).
    """

    follows_merged_dims = False

    def merged_stop(self, relation: DimRelation) -> Optional[str]:
        """The stop reason for a merging relation this attribute cannot follow (None otherwise)."""
        if relation.merged and not self.follows_merged_dims:
            return f"{relation.merged}; an encoding cannot split one dim over several"
        return None

    def stop_reason(self, encoding: Attribute, target_type: TensorType, relation: DimRelation,
                    direction: str) -> Optional[str]:
        """Why ``encoding`` cannot cross the op (None: it can)."""
        raise NotImplementedError

    def encoding_through(self, encoding: Attribute, dim_map: AffineMap) -> Attribute:
        """The encoding of a value whose dims are ``dim_map`` of the target's dims."""
        raise NotImplementedError

    def is_propagable(self, encoding: Attribute, target_type: TensorType, relation: DimRelation,
                      direction: str) -> bool:
        """The RFC's ``isPropagable``."""
        return self.stop_reason(encoding, target_type, relation, direction) is None

    def generate_encodings(self, encoding: Attribute, relation: DimRelation) -> PropagationEncoding:
        """The RFC's ``generateEncodings``: one encoding per related operand
        and result (None where the relation has no map)."""
        def enc(m: Optional[AffineMap]) -> Optional[Attribute]:
            return None if m is None else self.encoding_through(encoding, m)

        return PropagationEncoding([enc(m) for m in relation.operand_maps], [enc(m) for m in relation.result_maps],
                                   encoding)


class PropagationOpModel:
    """How an op is rewritten on encoded tensors (see the module docstring)."""

    def clonable(self, op: Operation) -> bool:
        """True when the op is cheap enough to duplicate: bubbling may then
        encode a copy while the original keeps serving its other users
        (``tensor.empty``, ``linalg.fill``, constants, global loads)."""
        return False

    def dim_relation(self, op: Operation, target: Target, direction: str) -> DimRelation:
        """The op's :class:`DimRelation` to ``target``.

        Raises:
            NotPropagable: the op's structure stops propagation here.
        """
        raise NotImplementedError

    def propagate_encoding(self, rewriter: Rewriter, op: Operation, encodings: PropagationEncoding,
                           target: Target, ctx: PropagationContext) -> PropagationResult:
        """The RFC's ``propagateEncoding``: rewrite ``op`` on encoded tensors.

        Raises:
            NotPropagable: the rewrite is not possible (nothing was changed).
        """
        raise NotImplementedError


_OP_MODELS: dict[Union[str, type], PropagationOpModel] = {}
_ATTR_MODELS: dict[type, PropagationAttrModel] = {}
_DEFAULTS_LOADED = False


def register_op_model(key: Union[str, type], model: PropagationOpModel) -> None:
    """Attach ``model`` to an op name (``"tensor.empty"``) or op class (and its subclasses)."""
    _OP_MODELS[key] = model


def unregister_op_model(key: Union[str, type]) -> None:
    """Detach the model registered for ``key`` (no error when there is none)."""
    _OP_MODELS.pop(key, None)


def register_attr_model(cls: type, model: PropagationAttrModel) -> None:
    """Attach ``model`` to an encoding attribute class."""
    _ATTR_MODELS[cls] = model


def _ensure_defaults() -> None:
    global _DEFAULTS_LOADED
    if not _DEFAULTS_LOADED:
        _DEFAULTS_LOADED = True
        _register_defaults()


def op_model_for(op: Operation) -> Optional[PropagationOpModel]:
    """The model of ``op``: by name first, then by class (most derived first)."""
    _ensure_defaults()
    return find_model(op, _OP_MODELS)


def attr_model_for(encoding: Optional[Attribute]) -> Optional[PropagationAttrModel]:
    """The model of an encoding attribute (None when it has none)."""
    _ensure_defaults()
    if encoding is None:
        return None
    for klass in type(encoding).__mro__:
        m = _ATTR_MODELS.get(klass)
        if m is not None:
            return m
    return None


def owner_of(target: Target) -> Optional[Operation]:
    """The op whose model handles ``target``: the producer of a result, the
    parent op of a block argument's block, the consumer of an operand."""
    if isinstance(target, OpOperand):
        return target.op
    if isinstance(target, OpResult):
        return target.op
    if isinstance(target, BlockArgument):
        return target.block.parent_op
    return None


def _target_type(target: Target) -> Any:
    return target.value.type if isinstance(target, OpOperand) else target.type


def _direction(target: Target) -> str:
    return DOWN if isinstance(target, OpOperand) else UP


# ---------------------------------------------------------------- facade
def stop_reason(encoding: Attribute, target: Target) -> Optional[str]:
    """Why ``encoding`` cannot propagate across ``target``'s op (None if it can)."""
    owner = owner_of(target)
    if owner is None:
        return "the value has no defining op"
    omodel = op_model_for(owner)
    if omodel is None:
        kind = "a block argument of" if isinstance(target, BlockArgument) else "no propagation model for"
        boundary = " (region boundary)" if isinstance(target, BlockArgument) or owner.is_terminator else ""
        return f"{kind} '{owner.name}'{boundary}"
    amodel = attr_model_for(encoding)
    if amodel is None:
        return f"the encoding '{encoding}' has no propagation model"
    try:
        relation = omodel.dim_relation(owner, target, _direction(target))
    except NotPropagable as err:
        return str(err)
    return amodel.stop_reason(encoding, _target_type(target), relation, _direction(target))


def is_propagable(encoding: Attribute, target: Target) -> bool:
    """The RFC's ``isPropagable(target)``, for either direction (a Value
    target bubbles up, an :class:`OpOperand` sinks down)."""
    return stop_reason(encoding, target) is None


def generate_encodings(encoding: Attribute, target: Target) -> PropagationEncoding:
    """The RFC's ``generateEncodings(target)``.

    Raises:
        NotPropagable: the encoding cannot cross the op.
    """
    why = stop_reason(encoding, target)
    if why is not None:
        raise NotPropagable(why)
    owner = owner_of(target)
    relation = op_model_for(owner).dim_relation(owner, target, _direction(target))  # type: ignore[union-attr]
    return attr_model_for(encoding).generate_encodings(encoding, relation)  # type: ignore[union-attr]


def propagate_encoding(rewriter: Rewriter, encodings: PropagationEncoding, target: Target,
                       ctx: Optional[PropagationContext] = None) -> PropagationResult:
    """The RFC's ``propagateEncoding``, dispatched to the owner's model.

    Raises:
        NotPropagable: the op has no model or refuses.
    """
    owner = owner_of(target)
    model = op_model_for(owner) if owner is not None else None
    if model is None:
        raise NotPropagable(f"no propagation model for '{owner.name if owner else 'value'}'")
    return model.propagate_encoding(rewriter, owner, encodings, target, ctx or PropagationContext())


# ---------------------------------------------------------------- building blocks
def encoded_type(t: Any, encoding: Optional[Attribute]) -> Any:
    """``t`` with data-tiling encoding ``encoding`` (a sharding is kept)."""
    return with_data_tiling_encoding(t, encoding) if isinstance(t, TensorType) else t


def set_encoding(rewriter: Rewriter, value: Value, encoding: Optional[Attribute],
                 loc: Optional[Location] = None) -> tuple[Value, Optional[Operation]]:
    """``value`` with ``encoding``, inserted at the rewriter's point (at
    ``loc``, default the value's): no op when it already has it, the source
    of ``unset_encoding`` when that is the wanted type (``set(unset(x)) =
    x``), else a new set_encoding (returned).
    """
    want = encoded_type(value.type, encoding)
    if encoding is None or want == value.type:
        return value, None
    if isinstance(value, OpResult) and isinstance(value.op, UnsetEncodingOp) and value.op.source.type == want:
        return value.op.source, None
    op = SetEncodingOp.create([value], [want], location=loc or value.location)
    rewriter.insert(op)
    return op.results[0], op


def unset_encoding(rewriter: Rewriter, value: Value,
                   loc: Optional[Location] = None) -> tuple[Value, Optional[Operation]]:
    """``value`` without its data-tiling encoding (``unset(set(x)) = x``)."""
    plain = encoded_type(value.type, None)
    if plain == value.type:
        return value, None
    if isinstance(value, OpResult) and isinstance(value.op, SetEncodingOp) and value.op.source.type == plain:
        return value.op.source, None
    where = loc or value.location
    dims: list[Value] = []  # a dynamic result dim needs its size (IREE's result_dims): tensor.dim of the source
    for i, d in enumerate(plain.shape if isinstance(plain, TensorType) else ()):
        if d is None:
            c = rewriter.insert(Operation.create([], [INDEX], {"value": IntegerAttr(i, INDEX)}, location=where,
                                                 name="arith.constant"))
            dims.append(rewriter.insert(Operation.create([value, c.results[0]], [INDEX], {}, location=where,
                                                         name="tensor.dim")).results[0])
    op = UnsetEncodingOp.create([value] + dims, [plain], location=where)
    rewriter.insert(op)
    return op.results[0], op


def clone_with(op: Operation, operands: Sequence[Value], result_types: Sequence[Any]) -> Operation:
    """A copy of ``op`` (attributes, regions, location, result names) on
    ``operands`` with ``result_types``."""
    new = Operation.create(list(operands), list(result_types), dict(op.attributes), dict(op.properties),
                           [r.clone() for r in op.regions], op.location, op.name,
                           [r.name_hint for r in op.results])
    return new


def rebuild_encoded(rewriter: Rewriter, op: Operation, encodings: PropagationEncoding,
                    keep_encoded: Optional[int]) -> PropagationResult:
    """The common rewrite of an op whose operands and results all follow the
    target: operands wrapped in set_encoding (folding unset ones), the op
    cloned with encoded result types, and every result except
    ``keep_encoded`` (the bubbling target's index) unset again for its users.
    """
    rewriter.set_before(op)
    generated: list[Operation] = []
    operands = []
    for v, enc in zip(op.operands, encodings.operand_encodings):
        nv, made = set_encoding(rewriter, v, enc, op.location)
        operands.append(nv)
        if made is not None:
            generated.append(made)
    types = [encoded_type(r.type, enc) for r, enc in zip(op.results, encodings.result_encodings)]
    new = clone_with(op, operands, types)
    rewriter.insert(new)
    replacements: list[Value] = []
    for r, nr in zip(op.results, new.results):
        if r.index == keep_encoded:
            replacements.append(nr)
            continue
        plain, made = unset_encoding(rewriter, nr, op.location)
        if made is not None:
            generated.append(made)
        r.replace_all_uses_with(plain)
        if keep_encoded is None:
            replacements.append(plain)
    return PropagationResult([new], generated, replacements)


# ---------------------------------------------------------------- affine helpers
ZERO = ConstantExpr(0)


def _positions(m: AffineMap, what: str) -> tuple[Optional[int], ...]:
    try:
        return m.dim_positions()
    except ValueError:
        raise NotPropagable(f"{what} {m} is not a projected permutation") from None


def relate(target_map: AffineMap, value_map: AffineMap) -> AffineMap:
    """Target dims -> value dims, when both are indexed by the same loops:
    a value dim indexed by loop ``l`` follows the target dim indexed by
    ``l``, else (``l`` not in the target, or a constant) it is ``0``."""
    loop_to_dim = {l: p for p, l in enumerate(target_map.dim_positions()) if l is not None}
    results = []
    for l in value_map.dim_positions():
        results.append(DimExpr(loop_to_dim[l]) if l is not None and l in loop_to_dim else ZERO)
    return AffineMap(target_map.num_results, 0, tuple(results))


def is_identity(m: AffineMap) -> bool:
    return m.num_dims == m.num_results and m == AffineMap.identity(m.num_dims)


# ---------------------------------------------------------------- attribute models
MATMUL_ROLES = {0: ("m", "k"), 1: ("n", "k"), 2: ("m", "n")}
"""Contraction roles each operand of a matmul-type encoding is tiled on
(LHS: M and K; RHS: N and K; result: M and N), IREE's data-tiling roles."""


def contraction_roles(encoding: EncodingAttr) -> dict[int, str]:
    """Loop -> role (``"batch"``, ``"m"``, ``"n"``, ``"k"``) of a matmul-type
    encoding, from its root maps (IREE ``getEncodingContractionDims``): a
    loop in LHS, RHS and result is batch; LHS and result, M; RHS and result,
    N; LHS and RHS, K. Empty for encodings without maps or of another op type."""
    maps = encoding.root_maps()
    if maps is None or len(maps) != 3 or encoding.op_type not in ("matmul", None):
        return {}
    sets = []
    for m in maps:
        sets.append({r.position for r in m.results if isinstance(r, DimExpr)})
    lhs, rhs, res = sets
    roles = {}
    for loop in range(maps[0].num_dims):
        key = (loop in lhs, loop in rhs, loop in res)
        role = {(True, True, True): "batch", (True, False, True): "m", (False, True, True): "n",
                (True, True, False): "k"}.get(key)
        if role is not None:
            roles[loop] = role
    return roles


def tiled_dims(encoding: Attribute, t: TensorType) -> dict[int, str]:
    """Tensor dim -> role for the dims a data-tiled layout of ``t`` tiles
    (the dims whose map result is a loop of a role this operand is tiled on)."""
    if isinstance(encoding, MatmulKAttr):
        return {d: "k" for d in encoding.k_dims if d < t.rank}
    if not isinstance(encoding, EncodingAttr) or encoding.operand_map is None:
        return {}
    roles = contraction_roles(encoding)
    want = MATMUL_ROLES.get(encoding.operand_index, ())
    out = {}
    for d, r in enumerate(encoding.operand_map.results):
        if isinstance(r, DimExpr) and roles.get(r.position) in want:
            out[d] = roles[r.position]
    return out


class _TilingAttrModel(PropagationAttrModel):
    """Shared rule: sinking into a reduction stops when a reduced target dim
    is one the layout tiles (its zero padding would enter the reduction)."""

    def stop_reason(self, encoding, target_type, relation, direction):
        merged = self.merged_stop(relation)
        if merged is not None:
            return merged
        if direction == DOWN and isinstance(target_type, TensorType):
            tiled = tiled_dims(encoding, target_type)
            hit = [d for d in relation.reduced_target_dims if d in tiled]
            if hit:
                return (f"the op reduces over dim {hit[0]} of {target_type}, which the encoding tiles "
                        f"(role {tiled[hit[0]].upper()})")
        return None


class EncodingAttrModel(_TilingAttrModel):
    """``#iree_encoding.encoding``: the new encoding appends the dim map to
    this operand's ``user_indexing_maps`` entry (IREE
    ``cloneWithNewOperandIndexingMap``); an identity map, or a chain that
    composes back to the root map, keeps the entry as it was."""

    def encoding_through(self, encoding: EncodingAttr, dim_map: AffineMap) -> Attribute:
        if is_identity(dim_map):
            return encoding
        new = encoding.with_new_operand_map(dim_map)
        entry = new.user_indexing_maps[new.operand_index]  # type: ignore[index]
        root = entry if isinstance(entry, AffineMap) else entry[0]
        if compose_entry(entry) == root:
            maps = list(new.user_indexing_maps)  # type: ignore[arg-type]
            maps[new.operand_index] = root
            new = replace(new, user_indexing_maps=tuple(maps))
        return new


class MatmulKModel(_TilingAttrModel):
    """``#iree_encoding.matmul_k<k_dims>``: only K dims are recorded; they
    follow the dim map (RFC: "if the attribute only records reduction
    dimensions, it returns the same encoding if [they] are not changed")."""

    follows_merged_dims = True  # a merged K dim's source dims are all K dims (IREE's collapse_shape rule)

    def encoding_through(self, encoding: MatmulKAttr, dim_map: AffineMap) -> Attribute:
        dims = tuple(e for e, r in enumerate(dim_map.results) if isinstance(r, DimExpr) and r.position in
                     encoding.k_dims)
        return replace(encoding, k_dims=dims)


class SameEncodingModel(PropagationAttrModel):
    """Layout-agnostic test encodings (``identity``, ``testing``): the same
    encoding everywhere, but only across ops that keep every dim in place
    (identity dim maps), since the attribute cannot say how dims move."""

    def stop_reason(self, encoding, target_type, relation, direction):
        merged = self.merged_stop(relation)
        if merged is not None:
            return merged
        for m in relation.operand_maps + relation.result_maps:
            if m is not None and not is_identity(m):
                return f"'{encoding}' cannot follow dims that move ({m})"
        return None

    def encoding_through(self, encoding, dim_map):
        return encoding


# ---------------------------------------------------------------- op models
class StructuredOpModel(PropagationOpModel):
    """Every linalg structured op but contractions: elementwise named ops,
    ``generic``, ``map``, ``reduce``, ``fill``, ``copy``, ``transpose``,
    ``broadcast`` (their indexing maps say how dims move). Needs projected
    permutation maps and a body without ``linalg.index``; sinking into a
    reduction is allowed when the reduced dims are not tiled (attribute side)."""

    def clonable(self, op):
        return op.payload_kind == "fill"

    def dim_relation(self, op, target, direction):
        if op.payload_kind == "contraction":
            raise NotPropagable(f"'{op.name}' is a contraction: encodings are set for it, not moved through it")
        block = op.payload_block
        if block is not None and any(o.name == "linalg.index" for inner in block.ops for o in inner.walk()):
            raise NotPropagable(f"the body of '{op.name}' reads loop indices (linalg.index)")
        maps = op.indexing_maps()
        n_in = len(op.inputs)
        for k, m in enumerate(maps):
            _positions(m, f"indexing map #{k}")
        if isinstance(target, OpOperand):
            tmap = maps[target.index]
            its = op.iterator_types()
            reduced = tuple(p for p, l in enumerate(tmap.dim_positions()) if l is not None and its[l] == "reduction")
        else:
            if not isinstance(target, OpResult):
                raise NotPropagable("not a result of the op")
            tmap = maps[n_in + target.index]
            reduced = ()
        ops = tuple(relate(tmap, m) if isinstance(v.type, TensorType) else None
                    for v, m in zip(op.inputs + op.inits, maps))
        res = tuple(relate(tmap, maps[n_in + i]) for i, v in enumerate(op.inits) if isinstance(v.type, TensorType))
        return DimRelation(ops, res, reduced, tmap.num_results)

    def propagate_encoding(self, rewriter, op, encodings, target, ctx):
        keep = target.index if isinstance(target, OpResult) else None
        return rebuild_encoded(rewriter, op, encodings, keep)


class EmptyModel(PropagationOpModel):
    """``tensor.empty``: returns itself with the encoded type (RFC: "shape-like
    ops ... no new set_encoding ops")."""

    def clonable(self, op):
        return True

    def dim_relation(self, op, target, direction):
        if direction != UP:
            raise NotPropagable("tensor.empty has no tensor operand")
        return DimRelation(tuple(None for _ in op.operands), (AffineMap.identity(op.result.type.rank),), (),
                           op.result.type.rank)

    def propagate_encoding(self, rewriter, op, encodings, target, ctx):
        rewriter.set_before(op)
        new = clone_with(op, op.operands, [encoded_type(op.result.type, encodings.result_encodings[0])])
        rewriter.insert(new)
        return PropagationResult([new], [], [new.result])


class ConstantModel(PropagationOpModel):
    """``arith.constant dense<...>``: an encoded constant (the same data, the
    encoded type; RFC: "just set encodings on the result of the constant")."""

    def clonable(self, op):
        return True

    def dim_relation(self, op, target, direction):
        t = op.results[0].type
        if direction != UP or not isinstance(t, TensorType):
            raise NotPropagable("only tensor constants take an encoding")
        if not isinstance(op.attributes.get("value"), DenseElementsAttr):
            raise NotPropagable("the constant's value is not a dense elements attribute")
        return DimRelation((), (AffineMap.identity(t.rank),), (), t.rank)

    def propagate_encoding(self, rewriter, op, encodings, target, ctx):
        value: DenseElementsAttr = op.attributes["value"]  # type: ignore[assignment]
        t = encoded_type(op.result.type, encodings.result_encodings[0])
        attrs = dict(op.attributes)
        attrs["value"] = DenseElementsAttr(t, value.array)
        rewriter.set_before(op)
        new = Operation.create([], [t], attrs, dict(op.properties), (), op.location, op.name,
                               [op.result.name_hint])
        rewriter.insert(new)
        return PropagationResult([new], [], [new.result])


class GlobalLoadModel(PropagationOpModel):
    """``util.global.load`` of an immutable global: a new private global holds
    the encoded data, filled once by a ``util.initializer`` that loads the
    original and sets the encoding; the load reads the new global (the RFC's
    hoisting of encodings into initializers). One encoded global per
    (global, encoding)."""

    def clonable(self, op):
        return True

    def dim_relation(self, op, target, direction):
        g = op.global_op()
        if direction != UP:
            raise NotPropagable("util.global.load has no tensor operand")
        if g is None:
            raise NotPropagable(f"@{op.global_name} is not a util.global")
        if g.is_mutable:
            raise NotPropagable(f"@{g.sym_name} is mutable: an encoded copy made once would go stale")
        t = op.result.type
        if not isinstance(t, TensorType):
            raise NotPropagable("only tensor globals take an encoding")
        return DimRelation((), (AffineMap.identity(t.rank),), (), t.rank)

    def propagate_encoding(self, rewriter, op, encodings, target, ctx):
        from meshc.dialects.util import GlobalLoadOp, GlobalOp, GlobalStoreOp, InitializerOp

        g = op.global_op()
        t = encoded_type(op.result.type, encodings.result_encodings[0])
        key = (g.sym_name, t)  # type: ignore[union-attr]
        name = ctx.encoded_globals.get(key)
        generated_ops: list[Operation] = []
        if name is None:
            name = _fresh_symbol(g, f"{g.sym_name}_encoded")  # type: ignore[union-attr]
            ctx.encoded_globals[key] = name
            attrs = {"sym_name": StringAttr(name), "type": TypeAttr(t), "sym_visibility": StringAttr("private")}
            new_global = GlobalOp.create(attributes=attrs, location=g.location)  # type: ignore[union-attr]
            block = g.parent  # type: ignore[union-attr]
            block.insert_after(g, new_global)
            body = Block()
            load = GlobalLoadOp.create([], [op.result.type], {"global": SymbolRefAttr(g.sym_name),  # type: ignore
                                                               "is_immutable": UnitAttr()}, location=g.location)
            body.append(load)
            enc = SetEncodingOp.create([load.result], [t], location=g.location)
            body.append(enc)
            body.append(GlobalStoreOp.create([enc.result], [], {"global": SymbolRefAttr(name)}, location=g.location))
            body.append(Operation.create(name="util.return", location=g.location))
            init = InitializerOp.create(regions=[Region([body])], location=g.location)
            block.insert_after(new_global, init)
            generated_ops = [new_global, init]
        rewriter.set_before(op)
        attrs = dict(op.attributes)
        attrs["global"] = SymbolRefAttr(name)
        attrs["is_immutable"] = UnitAttr()
        new = Operation.create([], [t], attrs, dict(op.properties), (), op.location, op.name, [op.result.name_hint])
        rewriter.insert(new)
        return PropagationResult([new] + generated_ops, [], [new.result])


class ForOneResultModel(PropagationOpModel):
    """A result of ``mesh.for_one`` (one device's body in an unrolled
    program, docs/pipeline.md stage 6): bubbling up into result #i puts the
    set_encoding inside the body, before the ``mesh.yield`` of value #i, and
    the result takes the encoded type. So data tiling is applied per device
    shard where the shard is produced: a device's weight loaded from an
    immutable global is then packed once, in an initializer, instead of at
    every call in the consuming body. A one-result body of cheap ops
    (``tensor.empty``, ``linalg.fill``, constants, global loads: every op
    clonable by its own model) is cloned, so its other users keep the plain
    value. Sinking down never reaches this op (its only operands are device
    indices); an unset_encoding stops at the ``mesh.yield`` (region boundary)."""

    def clonable(self, op):
        body = op.regions[0].blocks[0] if op.regions and op.regions[0].blocks else None
        if len(op.results) != 1 or body is None or body.terminator is None:
            return False
        for inner in body.ops[:-1]:
            model = op_model_for(inner)
            if model is None or not model.clonable(inner):
                return False
        return True

    def dim_relation(self, op, target, direction):
        if direction != UP or not isinstance(target, OpResult):
            raise NotPropagable("stops at a region boundary of 'mesh.for_one'")
        t = target.type
        if not isinstance(t, TensorType) or op.regions[0].blocks[0].terminator is None:
            raise NotPropagable("only tensor results of a 'mesh.for_one' with a body take an encoding")
        maps = tuple(AffineMap.identity(t.rank) if r is target else None for r in op.results)
        return DimRelation(tuple(None for _ in op.operands), maps, (), t.rank)

    def propagate_encoding(self, rewriter, op, encodings, target, ctx):
        if self.clonable(op):  # the original stays for other users (erased by the pass when it has none)
            rewriter.set_before(op)
            op = rewriter.insert(clone_with(op, op.operands, [r.type for r in op.results]))
            target = op.results[target.index]
        enc = encodings.result_encodings[target.index]
        yield_op = op.regions[0].blocks[0].terminator
        rewriter.set_before(yield_op)
        value, made = set_encoding(rewriter, yield_op.operands[target.index], enc, yield_op.location)
        yield_op.set_operand(target.index, value)
        target.type = encoded_type(target.type, enc)
        return PropagationResult([op], [made] if made is not None else [], [target])


class SelectModel(PropagationOpModel):
    """``arith.select %c, %a, %b`` on tensors with a scalar ``i1`` condition
    (e.g. the init of a split reduction: device 0 takes the init, the
    others the identity): the two values and the result share every dim,
    so they take the same encoding; the condition stays as it is. A tensor
    condition stops propagation (it would need a layout of its own)."""

    def dim_relation(self, op, target, direction):
        t = op.results[0].type
        if not isinstance(t, TensorType) or isinstance(op.operands[0].type, TensorType):
            raise NotPropagable("'arith.select' takes an encoding only on tensors chosen by a scalar condition")
        if isinstance(target, OpOperand) and target.index == 0:
            raise NotPropagable("the condition of 'arith.select' is a scalar")
        ident = AffineMap.identity(t.rank)
        return DimRelation((None, ident, ident), (ident,), (), t.rank)

    def propagate_encoding(self, rewriter, op, encodings, target, ctx):
        keep = target.index if isinstance(target, OpResult) else None
        return rebuild_encoded(rewriter, op, encodings, keep)


def _fresh_symbol(anchor: Operation, base: str) -> str:
    names = set()
    block = anchor.parent
    if block is not None:
        for o in block.ops:
            a = o.attributes.get("sym_name")
            if isinstance(a, StringAttr):
                names.add(a.value)
    name, i = base, 0
    while name in names:
        i += 1
        name = f"{base}_{i}"
    return name


class FuncArgModel(PropagationOpModel):
    """A function argument: the argument takes the encoded type, the
    signature changes, and every ``func.call`` of the module passes
    set_encoding of its operand (new set_encoding ops, which keep bubbling
    in the callers). Only with ``through_function_args`` (it changes the
    calling convention), and only for non-public functions (a public one is
    called from outside the module, where the plain layout is expected)."""

    def dim_relation(self, op, target, direction):
        if not isinstance(target, BlockArgument) or target.block is not op.regions[0].blocks[0]:
            raise NotPropagable(f"stops at a region boundary of '{op.name}'")
        t = target.type
        return DimRelation((), (), (), t.rank if isinstance(t, TensorType) else 0)

    def propagate_encoding(self, rewriter, op, encodings, target, ctx):
        if not ctx.through_function_args:
            raise NotPropagable(f"reaches argument #{target.index} of @{op.sym_name}; the option "
                                "through-function-args would change the function's signature")
        if op.visibility == "public":
            raise NotPropagable(f"reaches argument #{target.index} of public @{op.sym_name}, whose callers outside "
                                "the module expect the plain layout")
        ftype = op.function_type
        t = encoded_type(target.type, encodings.target_encoding)
        target.type = t
        inputs = list(ftype.inputs)
        inputs[target.index] = t
        op.set_function_type(FunctionType(tuple(inputs), ftype.results))
        generated = []
        callers = []
        root = ctx.module if ctx.module is not None else op.parent_op
        for call in (root.walk() if root is not None else ()):
            if call.name in ("func.call", "util.call") and call.attributes["callee"].root == op.sym_name:
                rewriter.set_before(call)
                nv, made = set_encoding(rewriter, call.operands[target.index], encodings.target_encoding,
                                        call.location)
                call.set_operand(target.index, nv)
                callers.append(call)
                if made is not None:
                    generated.append(made)
        return PropagationResult([op] + callers, generated, [target])


class ReshapeModel(PropagationOpModel):
    """``tensor.expand_shape`` / ``collapse_shape``. Where each reassociation
    group has at most one dim that is not a static 1 (the reshape inserts or
    drops unit dims), every dim maps to one dim of the other side (or to the
    constant 0) and any encoding follows. A group of several non-unit dims
    (``2x4096 -> 8192``) merges them: going from the merged side to the
    expanded side (bubbling through a collapse, sinking through an expand)
    every non-unit dim of the group maps to the merged dim and the relation
    says so (:attr:`DimRelation.merged`: only encodings recording a dim list,
    ``matmul_k``, follow it -- IREE moves ``matmul_k`` through collapse_shape
    so); the other way would split a dim, which no encoding expresses."""

    def _maps(self, op, allow_merged: bool) -> tuple[AffineMap, AffineMap, str]:
        """(expanded -> collapsed, collapsed -> expanded) dim maps and the merge description ('' if none)."""
        expanded, collapsed = op.expanded_type, op.collapsed_type
        if not isinstance(expanded, TensorType) or not expanded.has_static_shape:
            raise NotPropagable(f"'{op.name}' has a dynamic shape")
        reps, merged = [], ""
        group_of: dict[int, int] = {}
        for c, group in enumerate(op.reassociation):
            big = [d for d in group if expanded.shape[d] != 1]
            if len(big) > 1:
                sizes = "x".join(str(expanded.shape[d]) for d in big)
                merged = merged or f"'{op.name}' merges dims {big} of sizes {sizes}"
                if not allow_merged:
                    raise NotPropagable(f"{merged}; an encoding cannot split one dim over several")
            for d in big:
                group_of[d] = c
            reps.append(big[0] if big else group[0])
        e2c = AffineMap(expanded.rank, 0, tuple(DimExpr(r) for r in reps))
        rep_of = {r: c for c, r in enumerate(reps)}
        c2e = AffineMap(collapsed.rank, 0, tuple(DimExpr(group_of.get(e, rep_of.get(e, 0))) if e in group_of
                                                 or e in rep_of else ZERO for e in range(expanded.rank)))
        return e2c, c2e, merged

    def dim_relation(self, op, target, direction):
        source_is_expanded = op.name == "tensor.collapse_shape"
        # the merged side -> the expanded side: bubbling through a collapse, sinking through an expand
        toward_expanded = source_is_expanded == (direction == UP)
        e2c, c2e, merged = self._maps(op, allow_merged=toward_expanded)
        if direction == UP:  # target = result: map result dims -> source dims
            src = c2e if source_is_expanded else e2c
            rank = op.result.type.rank
            return DimRelation((src,) + (None,) * (len(op.operands) - 1), (AffineMap.identity(rank),), (), rank,
                               merged)
        if target.index != 0:
            raise NotPropagable(f"operand #{target.index} of '{op.name}' is a size")
        res = e2c if source_is_expanded else c2e
        rank = op.source.type.rank
        return DimRelation((AffineMap.identity(rank),) + (None,) * (len(op.operands) - 1), (res,), (), rank, merged)

    def propagate_encoding(self, rewriter, op, encodings, target, ctx):
        keep = target.index if isinstance(target, OpResult) else None
        return rebuild_encoded(rewriter, op, encodings, keep)


def _register_defaults() -> None:
    from meshc.dialects.func import FuncOp
    from meshc.dialects.linalg import StructuredOp

    register_attr_model(EncodingAttr, EncodingAttrModel())
    register_attr_model(MatmulKAttr, MatmulKModel())
    register_attr_model(IdentityAttr, SameEncodingModel())
    register_attr_model(TestingAttr, SameEncodingModel())
    register_op_model(StructuredOp, StructuredOpModel())
    register_op_model("tensor.empty", EmptyModel())
    register_op_model("arith.constant", ConstantModel())
    register_op_model("util.global.load", GlobalLoadModel())
    register_op_model("mesh.for_one", ForOneResultModel())
    register_op_model("arith.select", SelectModel())
    register_op_model(FuncOp, FuncArgModel())
    register_op_model("tensor.expand_shape", ReshapeModel())
    register_op_model("tensor.collapse_shape", ReshapeModel())


__all__ = ["UP", "DOWN", "NotPropagable", "OpOperand", "PropagationEncoding", "PropagationResult", "DimRelation",
           "PropagationContext", "PropagationAttrModel", "PropagationOpModel", "register_op_model",
           "unregister_op_model",
           "register_attr_model", "op_model_for", "attr_model_for", "owner_of", "stop_reason", "is_propagable",
           "generate_encodings", "propagate_encoding", "set_encoding", "unset_encoding", "encoded_type",
           "clone_with", "rebuild_encoded", "relate", "contraction_roles", "tiled_dims", "MATMUL_ROLES"]
