"""Say how to shard a program without editing it: add a mesh and ``mesh.shard`` annotations.

This is the library behind ``meshc annotate`` and the ``--mesh``/``--shard`` options of
``meshc run``/``compile`` (README.md, "Commands"). It writes the *annotated input form* of docs/pipeline.md stage 1:

* an argument ``%a`` sharded ``S``: ``%a_s = mesh.shard %a to S : T`` at the function entry, every
  other use of ``%a`` reading ``%a_s``;
* result ``i`` sharded ``S``: ``%r_s = mesh.shard %r to S : T`` just before each return, which
  returns ``%r_s`` as operand ``i``;
* a global ``@w`` sharded ``S``: ``%w_s = mesh.shard %w to S : T`` after every
  ``util.global.load @w`` of the module;
* a mesh ``mesh.mesh @NAME(shape = ...)`` at the top of the module (an identical mesh of that name is
  reused; a different one is an error).

Unannotated values stay free: sharding-propagation decides them (replicated when nothing reaches
them). Annotating twice with the same shardings changes nothing; a different sharding for a value
that is already annotated is an error (edit the IR instead).

Option syntax (README.md, "Commands"):

* mesh ``NAME=SHAPE[,peered=AXES]``: ``tp=4``, ``m=2x4,peered=1``, ``m=2x?`` (``?`` = dynamic size),
  peered axes ``0,1`` or ``[0, 1]`` (seed 000's ``peered_memory_axes``);
* shard ``TARGET=AXES``: TARGET is an argument name (``x`` or ``%x``), a 0-based argument position
  (``1``), ``result0``, ``result1``, ... (``%result0`` names an argument of that name), or a global
  (``@w1``); AXES is a split-axes list (``[[], [0]]``, on the only mesh of the module) or a full
  sharding attribute (``<@tp, [[], [0]], partial = sum[1]>``), as meshc prints them.

The rules checked on a sharding are :func:`meshc.dialects.mesh.check_sharding`'s (upstream MLIR mesh):
mesh axes in range and used once, at most rank(tensor) split-axes entries.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence, Union

from meshc.dialects.builtin import ModuleOp
from meshc.dialects.func import FuncOp, ReturnOp
from meshc.dialects.mesh import MeshOp, ShardingAttr, ShardingVerifyError, ShardOp, check_sharding, sharding_of
from meshc.dialects.util import GlobalLoadOp, GlobalOp
from meshc.ir.core import BlockArgument, Operation, OpResult, Value
from meshc.ir.location import UNKNOWN_LOC, Diagnostic, DiagnosticError, Location, note
from meshc.ir.types import TensorType


class AnnotationError(DiagnosticError, ValueError):
    """A mesh or sharding request that does not fit the module (unknown argument, mesh conflict, a
    sharding too long for the tensor's rank, a mesh axis out of range...). Located when the request
    comes from a file (``--shardings-from``); otherwise the message names the option."""


class AnnotationSyntaxError(ValueError):
    """A malformed ``--mesh`` or ``--shard`` value; ``column`` (1-based, 0 = unknown) points into it."""

    def __init__(self, message: str, column: int = 0):
        super().__init__(message)
        self.column = column


# ----------------------------------------------------------------------------------------------- requests
@dataclass(frozen=True)
class MeshSpec:
    """A mesh to add: ``shape`` holds each axis size (None = dynamic ``?``); ``peered_memory_axes`` are
    the axes along which devices read each other's memory (seed 000)."""

    name: str
    shape: tuple[Optional[int], ...]
    peered_memory_axes: tuple[int, ...] = ()

    def __str__(self) -> str:
        text = f"{self.name}=" + "x".join("?" if s is None else str(s) for s in self.shape)
        if self.peered_memory_axes:
            text += ",peered=" + ",".join(str(a) for a in self.peered_memory_axes)
        return text


@dataclass(frozen=True)
class Target:
    """What a ``--shard`` annotates: ``kind`` is ``"arg"`` (by ``name`` or by ``index``), ``"result"``
    (``index``) or ``"global"`` (``name``, without ``@``). An ``"arg"`` named ``%x`` that is no argument
    names the value ``%x`` of the entry function instead (an op result by its SSA name: a weight
    constant ``%cst_1`` of an ONNX model lowered by IREE)."""

    kind: str
    name: Optional[str] = None
    index: Optional[int] = None

    def __str__(self) -> str:
        if self.kind == "global":
            return f"@{self.name}"
        if self.kind == "result":
            return f"result{self.index}"
        return f"%{self.name}" if self.name is not None else str(self.index)


@dataclass(frozen=True)
class ShardSpec:
    """One sharding request. ``sharding`` is the full attribute, or None when only ``split_axes`` (and
    ``partial_axes``) were given, to be placed on the module's only mesh. ``origin`` names the request in
    messages (``--shard arg1=[[0]]``); ``location`` is where it was read (UNKNOWN_LOC for a CLI option)."""

    target: Target
    sharding: Optional[ShardingAttr] = None
    split_axes: tuple[tuple[int, ...], ...] = ()
    origin: str = ""
    location: Location = UNKNOWN_LOC

    def on_mesh(self, mesh: str) -> ShardingAttr:
        """The requested sharding, on ``mesh`` when the request names none."""
        return self.sharding if self.sharding is not None else ShardingAttr(mesh, self.split_axes)


_NAME = r"[A-Za-z_][\w$.\-]*"
_MESH_RE = re.compile(rf"@?({_NAME})=([0-9?]+(?:x[0-9?]+)*)(?:,peered=(\[?[0-9, ]*\]?))?")


def parse_mesh_spec(text: str) -> MeshSpec:
    """``"tp=2x4,peered=1"`` -> ``MeshSpec("tp", (2, 4), (1,))``.

    Raises:
        AnnotationSyntaxError: not ``NAME=SHAPE[,peered=AXES]``, a size that is not positive, or peered
            axes out of range or repeated.
    """
    m = _MESH_RE.fullmatch(text.strip())
    if m is None:
        raise AnnotationSyntaxError(f"'{text}' is not NAME=SHAPE[,peered=AXES] (e.g. tp=4 or m=2x4,peered=1)")
    shape = tuple(None if d == "?" else int(d) for d in m.group(2).split("x"))
    if any(s is not None and s <= 0 for s in shape):
        raise AnnotationSyntaxError(f"'{text}': mesh axis sizes must be positive, got {m.group(2)}")
    peered: tuple[int, ...] = ()
    if m.group(3) is not None:
        items = m.group(3).strip("[] ")
        try:
            peered = tuple(int(a) for a in items.split(",")) if items else ()
        except ValueError:
            raise AnnotationSyntaxError(f"'{text}': peered axes must be integers, got '{m.group(3)}'") from None
        for k, a in enumerate(peered):
            if a >= len(shape) or a in peered[:k]:
                why = "repeated" if a in peered[:k] else f"out of range for a mesh of rank {len(shape)}"
                raise AnnotationSyntaxError(f"'{text}': peered axis {a} is {why}")
    return MeshSpec(m.group(1), shape, peered)


_RESULT_RE = re.compile(r"result(\d+)")


def parse_target(text: str) -> Target:
    """``x``/``%x`` (argument name), ``1`` (argument position), ``result0`` (result), ``@w`` (global).

    Raises:
        AnnotationSyntaxError: an empty or malformed target.
    """
    t = text.strip()
    if t.startswith("@") and re.fullmatch(_NAME, t[1:]):
        return Target("global", name=t[1:])
    if t.startswith("%") and re.fullmatch(r"[\w$.\-]+", t[1:]):
        return Target("arg", name=t[1:])
    if t.isdigit():
        return Target("arg", index=int(t))
    m = _RESULT_RE.fullmatch(t)
    if m is not None:
        return Target("result", index=int(m.group(1)))
    if re.fullmatch(_NAME, t):
        return Target("arg", name=t)
    raise AnnotationSyntaxError(f"'{text}' is not a target: give an argument name (x or %x), a 0-based argument "
                                "position (1), result0, result1, ... or a global (@w)")


_AXES_GRAMMAR = r"""
?start: sharding | split
sharding: "<" SYMBOL "," split [partial] ">"
split: "[" [axes ("," axes)*] "]"
axes: "[" [INT ("," INT)*] "]"
    | INT -> bare_axis
partial: "," "partial" "=" KIND "[" [INT ("," INT)*] "]"
SYMBOL: /@[A-Za-z_][\w$.\-]*/
KIND: /[a-z_]+/
%import common.INT
%import common.WS
%ignore WS
"""

_AXES_PARSER = None


def _axes_parser():
    global _AXES_PARSER
    if _AXES_PARSER is None:
        from lark import Lark

        _AXES_PARSER = Lark(_AXES_GRAMMAR, parser="lalr", maybe_placeholders=True)
    return _AXES_PARSER


def parse_axes(text: str) -> tuple[Optional[str], tuple[tuple[int, ...], ...], tuple[int, ...], str]:
    """``"[[], [0]]"`` -> ``(None, ((), (0,)), (), "sum")``; ``"<@tp, [[0]], partial = sum[1]>"`` ->
    ``("tp", ((0,),), (1,), "sum")``: (mesh or None, split axes, partial axes, partial kind).

    Raises:
        AnnotationSyntaxError: malformed text (``column`` points at the offending character).
    """
    from lark import Tree
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

    try:
        tree = _axes_parser().parse(text)
    except UnexpectedInput as err:
        col = getattr(err, "column", 0) or 0
        if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
            what, col = "unexpected end", len(text) + 1
        elif isinstance(err, UnexpectedCharacters):
            what = f"unexpected '{text[err.pos_in_stream]}'"
        else:
            what = f"unexpected '{err.token}'"  # type: ignore[attr-defined]
        raise AnnotationSyntaxError(f"'{text}': {what} at column {col}; expected a split-axes list such as "
                                    "[[], [0]] or a sharding such as <@mesh, [[], [0]]>", col) from None

    def split_of(node: Tree) -> tuple[tuple[int, ...], ...]:
        out = []
        for axes in node.children:
            if axes is None:
                continue
            if axes.data == "bare_axis":
                out.append((int(axes.children[0]),))
            else:
                out.append(tuple(int(a) for a in axes.children if a is not None))
        return tuple(out)

    if tree.data == "split":
        return None, split_of(tree), (), "sum"
    sym, split, partial = tree.children
    axes: tuple[int, ...] = ()
    kind = "sum"
    if partial is not None:
        kind = str(partial.children[0])
        axes = tuple(int(a) for a in partial.children[1:] if a is not None)
    return str(sym)[1:], split_of(split), axes, kind


def parse_shard_spec(text: str) -> ShardSpec:
    """``"arg1=[[], [0]]"`` -> a :class:`ShardSpec` (see the module docstring for the forms).

    Raises:
        AnnotationSyntaxError: no ``=``, a bad target, or bad AXES.
    """
    target_text, sep, axes_text = text.partition("=")
    if not sep or not axes_text.strip():
        raise AnnotationSyntaxError(f"'{text}' is not TARGET=AXES (e.g. arg1='[[], [0]]' or @w1='<@tp, [[0]]>')")
    target = parse_target(target_text)
    mesh, split, partial, kind = parse_axes(axes_text.strip())
    origin = f"--shard {text}"
    if mesh is None:
        if partial:
            raise AnnotationSyntaxError(f"'{text}': a partial sharding must name its mesh (<@mesh, ...>)")
        return ShardSpec(target, None, split, origin)
    return ShardSpec(target, ShardingAttr(mesh, split, partial, kind), split, origin)


# ----------------------------------------------------------------------------------------------- applying
@dataclass
class AnnotationReport:
    """What :func:`annotate` did: meshes ``added`` and ``reused`` (names), the ``mesh.shard`` ops it
    ``inserted``, requests already satisfied by an identical annotation (``unchanged``, their origins),
    and ``warnings`` (diagnostics of severity ``warning``, e.g. a global that is never loaded)."""

    added: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    inserted: list[ShardOp] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)


def _error(spec: ShardSpec, message: str, notes: Sequence[Diagnostic] = ()) -> AnnotationError:
    prefix = "" if spec.location.known else f"{spec.origin}: "
    return AnnotationError(prefix + message, spec.location, list(notes))


def module_meshes(module: ModuleOp) -> list[MeshOp]:
    """The ``mesh.mesh`` ops at the top level of ``module``, in order."""
    return [op for op in module.body.ops if isinstance(op, MeshOp)]


def add_mesh(module: ModuleOp, spec: MeshSpec, loc: Location = UNKNOWN_LOC,
             origin: Optional[str] = None) -> tuple[MeshOp, bool]:
    """Add ``mesh.mesh @NAME(shape = ...)`` after the module's leading meshes (at the top); return
    ``(mesh op, added)`` -- an identical mesh of that name is reused (``added`` False). ``origin``
    names the request in messages (default ``--mesh NAME=SHAPE``); ``loc`` is where it was read.

    Raises:
        AnnotationError: a symbol of that name exists and is a different mesh or not a mesh (with a
            note at it).
    """
    origin = origin or f"--mesh {spec}"
    existing = module.lookup(spec.name)
    if existing is not None:
        if not isinstance(existing, MeshOp):
            raise AnnotationError(f"{origin}: symbol @{spec.name} already exists and is a '{existing.name}', "
                                  "not a mesh", loc, [note("defined here", existing.location)])
        if existing.shape == spec.shape and existing.peered_memory_axes == spec.peered_memory_axes:
            return existing, False
        have = MeshSpec(spec.name, existing.shape, existing.peered_memory_axes)
        raise AnnotationError(f"{origin}: the module already has a different mesh @{spec.name} ({have}); "
                              "rename one of them", loc, [note(f"mesh @{spec.name} defined here", existing.location)])
    op = MeshOp.build(spec.name, spec.shape, spec.peered_memory_axes, loc)
    body = module.body
    at = 0
    while at < len(body.ops) and isinstance(body.ops[at], MeshOp):
        at += 1
    body.insert(at, op)
    return op, True


def find_entry(module: ModuleOp, entry: Optional[str] = None) -> FuncOp:
    """The function ``entry`` (``@`` optional), else the module's only public function with a body
    (``func.func`` and ``util.func`` alike).

    Raises:
        AnnotationError: no such function, a declaration, or no / several public functions.
    """
    funcs = [op for op in module.body.ops if isinstance(op, FuncOp)]
    if entry is not None:
        name = entry.lstrip("@")
        for f in funcs:
            if f.sym_name == name:
                if f.is_declaration:
                    raise AnnotationError(f"function '@{name}' is a declaration and has no body", f.location)
                return f
        raise AnnotationError(f"no function named '@{name}' (functions: "
                              f"{', '.join('@' + f.sym_name for f in funcs) or 'none'})")
    public = [f for f in funcs if f.visibility == "public" and not f.is_declaration]
    if len(public) == 1:
        return public[0]
    if not public:
        raise AnnotationError("the module has no public function to annotate")
    raise AnnotationError("the module has several public functions; choose one with --entry: "
                          + ", ".join("@" + f.sym_name for f in public))


def annotate(module: ModuleOp, meshes: Iterable[Union[MeshSpec, str]] = (),
             shards: Iterable[Union[ShardSpec, str]] = (), entry: Optional[str] = None) -> AnnotationReport:
    """Add ``meshes`` and the ``mesh.shard`` annotations ``shards`` to ``module`` in place (strings are
    parsed with :func:`parse_mesh_spec` / :func:`parse_shard_spec`). Arguments and results are those of
    the entry function (``entry``, else the only public one). Every request is checked before the
    module changes, except meshes, which are added first so that shardings can name them.

    Raises:
        AnnotationSyntaxError: a malformed string request.
        AnnotationError: an unknown target, a target given twice, a non-tensor target, a sharding that
            does not fit its mesh or tensor (mesh axis out of range, more split-axes entries than the
            tensor's rank), no mesh or several meshes for a bare split-axes list, an undefined mesh,
            a mesh conflict, or a value already annotated differently.
    """
    report = AnnotationReport()
    for m in meshes:
        spec = parse_mesh_spec(m) if isinstance(m, str) else m
        op, added = add_mesh(module, spec)
        (report.added if added else report.reused).append(spec.name)
    requests = [parse_shard_spec(s) if isinstance(s, str) else s for s in shards]
    if not requests:
        return report
    needs_func = any(r.target.kind != "global" for r in requests)
    func = find_entry(module, entry) if needs_func or entry is not None else None
    plans = [_plan(module, func, r) for r in requests]
    seen: dict[tuple, ShardSpec] = {}
    for r, (key, _, _) in zip(requests, plans):
        if key in seen:
            raise _error(r, f"{_describe(key, func)} is also annotated by {seen[key].origin}")
        seen[key] = r
    _check_one_mesh_per_function(requests, plans)
    entry_pos = 0
    for r, (key, values, sharding) in zip(requests, plans):
        if key[0] == "global" and not values:
            report.warnings.append(Diagnostic("warning", f"{r.origin}: global @{key[1]} is never loaded; nothing "
                                              "to annotate", r.location))
        for v, anchor in _sites(func, key, values):
            if _existing(v, key) is not None:
                report.unchanged.append(r.origin)
                continue
            op = ShardOp.build(v, sharding, loc=v.location)
            op.results[0].name_hint = _hint(v, key)
            if key[0] == "result":
                anchor.parent.insert_before(anchor, op)  # type: ignore[union-attr]
                anchor.set_operand(key[1], op.results[0])
            else:
                if key[0] == "arg":
                    func.body.insert(entry_pos, op)  # type: ignore[union-attr]
                    entry_pos += 1
                else:
                    anchor.parent.insert_after(anchor, op)  # type: ignore[union-attr]
                v.replace_uses_if(op.results[0], lambda user, new=op: user is not new)
            report.inserted.append(op)
    return report


def _plan(module: ModuleOp, func: Optional[FuncOp], r: ShardSpec) -> tuple[tuple, list[Value], ShardingAttr]:
    """``(target key, values to annotate, sharding)`` for request ``r``, all checks done."""
    key, values, ty, what, where = _resolve_target(module, func, r)
    mesh_name = r.sharding.mesh if r.sharding is not None else _only_mesh(module, r)
    sharding = r.on_mesh(mesh_name)
    target = module.lookup(mesh_name)
    if not isinstance(target, MeshOp):
        have = ", ".join("@" + m.sym_name for m in module_meshes(module)) or "none"
        raise _error(r, f"sharding {sharding} names mesh @{mesh_name}, which the module does not define "
                        f"(meshes: {have}); add it with --mesh {mesh_name}=SHAPE")
    if not isinstance(ty, TensorType):
        raise _error(r, f"{what} has type {ty}; only ranked tensors can be sharded", where)
    if sharding_of(ty) is not None:
        raise _error(r, f"{what} already has a distributed type {ty}; annotate the program before "
                        "distribute-types", where)
    try:
        check_sharding(sharding, ty, target)
    except ShardingVerifyError as err:
        mesh_text = "x".join("?" if s is None else str(s) for s in target.shape)
        raise _error(r, f"sharding {sharding} does not fit {what} : {ty} on mesh @{mesh_name} "
                        f"(shape {mesh_text}): {err}", where) from None
    for v in values:
        existing = _existing(v, key)
        if existing is not None and existing.sharding != sharding:
            raise _error(r, f"{what} is already annotated with {existing.sharding}; not adding {sharding} "
                            "(edit the IR to change it)", [note("existing annotation", existing.location)]
                         + list(where))
    return key, values, sharding


def _check_one_mesh_per_function(requests: list[ShardSpec], plans: list) -> None:
    """One mesh per function (docs/pipeline.md stage 1). The meshes of the requests landing in each function, and
    of the annotations it already has, must be one.

    Raises:
        AnnotationError: a request that brings a second mesh into a function.
    """
    from meshc.interfaces.annotations import function_mesh

    used: dict[int, tuple[str, str]] = {}  # id(function) -> (mesh, what brought it)
    for r, (key, values, sharding) in zip(requests, plans):
        for v in values:
            owner = v.block.parent_op if isinstance(v, BlockArgument) else v.owner.parent_of_type(FuncOp)
            if owner is None:
                continue
            if id(owner) not in used:
                have = function_mesh(owner)
                if have is not None:
                    used[id(owner)] = (have, "its existing annotations")
            mesh, why = used.setdefault(id(owner), (sharding.mesh, r.origin))
            if mesh != sharding.mesh:
                raise _error(r, f"sharding {sharding} puts mesh @{sharding.mesh} into function @{owner.sym_name}, "
                                f"which already uses mesh @{mesh} ({why}); meshc handles one mesh per function")


def _resolve_target(module: ModuleOp, func: Optional[FuncOp], r: ShardSpec):
    """``(key, values, type, description, notes)`` of the request's target."""
    t = r.target
    if t.kind == "global":
        g = module.lookup(t.name)  # type: ignore[arg-type]
        if not isinstance(g, GlobalOp):
            names = [op.sym_name for op in module.body.ops if isinstance(op, GlobalOp)]
            raise _error(r, f"no util.global named @{t.name} (globals: "
                            f"{', '.join('@' + n for n in names) or 'none'})")
        loads = [op.results[0] for op in module.walk() if isinstance(op, GlobalLoadOp) and op.global_name == t.name]
        return ("global", t.name), loads, g.type, f"global @{t.name}", [note("global defined here", g.location)]
    assert func is not None
    args = func.body.args
    if t.kind == "arg":
        if t.index is not None:
            if t.index >= len(args):
                raise _error(r, f"@{func.sym_name} has {len(args)} argument(s); there is no argument {t.index}",
                             [note(f"function @{func.sym_name}", func.location)])
            i = t.index
        else:
            matches = [a.index for a in args if a.name_hint == t.name]
            if not matches:
                value = named_value(func, t.name)  # type: ignore[arg-type]
                if value is not None:
                    what = f"value %{t.name} ({value.owner.name}) of @{func.sym_name}"
                    return ("value", t.name), [value], value.type, what, [note("defined here", value.location)]
                names = ", ".join(f"%{a.name_hint or f'arg{a.index}'}" for a in args) or "none"
                raise _error(r, f"@{func.sym_name} has no argument named %{t.name} (arguments: {names}), nor a "
                                "value of that name in its body (a value is named by its SSA name in the input, "
                                "e.g. %cst_1)",
                             [note(f"function @{func.sym_name}", func.location)])
            i = matches[0]
        a = args[i]
        what = f"argument {i} (%{a.name_hint or f'arg{i}'}) of @{func.sym_name}"
        return ("arg", i), [a], a.type, what, [note("function defined here", func.location)]
    results = func.function_type.results
    i = t.index  # type: ignore[assignment]
    if i >= len(results):  # type: ignore[operator]
        raise _error(r, f"@{func.sym_name} has {len(results)} result(s); there is no result{i}",
                     [note(f"function @{func.sym_name}", func.location)])
    values: list[Value] = []
    for ret in _returns(func):
        v = ret.operands[i]  # type: ignore[index]
        if not any(v is w for w in values):
            values.append(v)
    where = [note("returned here", ret.location) for ret in _returns(func)[:1]]
    return ("result", i), values, results[i], f"result {i} of @{func.sym_name}", where


def named_value(func: FuncOp, name: str) -> Optional[OpResult]:
    """The op result of ``func``'s body (not of a nested region) whose SSA name in the input was
    ``%name`` (its ``name_hint``; ``%0#1`` style names of multi-result ops are not named), or None."""
    for op in func.body.ops:
        for r in op.results:
            if r.name_hint == name and not name.isdigit():
                return r
    return None


def _only_mesh(module: ModuleOp, r: ShardSpec) -> str:
    meshes = module_meshes(module)
    if len(meshes) == 1:
        return meshes[0].sym_name
    axes = "[" + ", ".join("[" + ", ".join(str(a) for a in ax) + "]" for ax in r.split_axes) + "]"
    if not meshes:
        raise _error(r, f"the split axes {axes} need a mesh and the module has none: add one with "
                        "--mesh NAME=SHAPE")
    names = ", ".join("@" + m.sym_name for m in meshes)
    raise _error(r, f"the module has {len(meshes)} meshes ({names}); name one: "
                    f"<@{meshes[0].sym_name}, {axes}>")


def _sites(func: Optional[FuncOp], key: tuple, values: list[Value]) -> list[tuple[Value, Optional[Operation]]]:
    """``(value, anchor)`` pairs to annotate: for a result, each return op (the anchor) returning it;
    for a global, each load (the anchor); for a value, its op (the anchor); for an argument, the argument
    (no anchor)."""
    if key[0] == "result":
        return [(ret.operands[key[1]], ret) for ret in _returns(func)]  # type: ignore[arg-type]
    if key[0] in ("global", "value"):
        return [(v, v.owner) for v in values]  # type: ignore[misc]
    return [(v, None) for v in values]


def _returns(func: FuncOp) -> list[Operation]:
    return [b.ops[-1] for b in func.regions[0].blocks if b.ops and isinstance(b.ops[-1], ReturnOp)]


def _existing(v: Value, key: tuple) -> Optional[ShardOp]:
    """The annotation that already pins ``v`` (results: the returned value is one), if any."""
    if key[0] == "result":
        if isinstance(v, OpResult) and isinstance(v.op, ShardOp) and not v.op.annotate_for_users:
            return v.op
        return None
    for user in v.users:
        if isinstance(user, ShardOp) and user.src is v and not user.annotate_for_users:
            return user
    return None


def _hint(v: Value, key: tuple) -> str:
    base = v.name_hint if v.name_hint and not v.name_hint.isdigit() else None
    if key[0] == "result":
        return f"{base}_s" if base else f"result{key[1]}_s"
    if key[0] == "arg":
        return f"{base or f'arg{key[1]}'}_s"
    return f"{base or key[1]}_s"


def _describe(key: tuple, func: Optional[FuncOp]) -> str:
    if key[0] == "global":
        return f"global @{key[1]}"
    if key[0] == "value":
        return f"value %{key[1]}" + (f" of @{func.sym_name}" if func is not None else "")
    owner = f" of @{func.sym_name}" if func is not None else ""
    return f"{'argument' if key[0] == 'arg' else 'result'} {key[1]}{owner}"


__all__ = ["AnnotationError", "AnnotationSyntaxError", "AnnotationReport", "MeshSpec", "ShardSpec", "Target",
           "add_mesh", "annotate", "find_entry", "module_meshes", "named_value", "parse_axes", "parse_mesh_spec",
           "parse_shard_spec", "parse_target"]
