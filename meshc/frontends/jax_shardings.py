"""The mesh and the argument/result shardings of a JAX StableHLO export, in meshc's terms.

``jax.jit(f, in_shardings=..., out_shardings=...).lower(*args).as_text()`` writes the shardings on
the signature of ``@main`` in one of two forms, both read here:

* **Shardy** (JAX >= 0.4.36 default): ``sdy.mesh @mesh = <["data"=2, "model"=4]>`` and, per argument
  or result, ``sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>`` -- tensor dim ``d`` is split over
  the named mesh axes, major to minor (openXLA Shardy dialect docs). ``?`` (open dims) and priorities
  are accepted and ignored; ``unreduced={"a"}`` becomes ``partial = sum[a]``; sub-axes
  (``"a":(1)2``), inline meshes and non-iota ``device_ids`` are refused.
* **GSPMD** (``mhlo.sharding`` strings, XLA's HloSharding text): ``{replicated}``,
  ``{maximal device=N}`` (read as replicated, with a warning: a mesh sharding cannot pin a tensor to one
  device), and tiled ``{devices=[t0,...,(r)]<assignment> [last_tile_dim_replicate]}`` whose device
  assignment is an iota ``<=[N]``, a transposed iota ``<=[a,b]T(1,0)`` (``arange(a*b).reshape(a,b)
  .transpose(1,0)``) or an explicit list ``0,2,1,3`` (accepted when it equals a transposed iota).
  GSPMD names no mesh: one is inferred (:func:`infer_mesh`) whose axes are the common refinement of
  the device orders of every tiled sharding, so that each tile dim is split over whole mesh axes;
  device ``k`` of XLA is device ``k`` (row-major) of the mesh.

The StableHLO body is never parsed (stablehlo ops are not meshc IR): a small scanner skips strings
and comments and finds the ``sdy.mesh`` statements, the module attributes and the ``func.func``
headers; lark grammars read those pieces. Errors are :class:`JaxShardingError`, located in the file.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from math import prod
from typing import TYPE_CHECKING, Optional, Sequence

from meshc.dialects.mesh import ShardingAttr
from meshc.ir.location import Diagnostic, DiagnosticError, Location, note

if TYPE_CHECKING:
    from meshc.annotate import AnnotationReport, MeshSpec, ShardSpec


class JaxShardingError(DiagnosticError, ValueError):
    """The export has no readable shardings, or one meshc cannot represent (located in the file)."""


# ------------------------------------------------------------------------------------------- data model
@dataclass(frozen=True)
class JaxMesh:
    """A mesh: ``name`` (the ``sdy.mesh`` symbol, ``mesh`` for GSPMD), ``axis_names`` (Shardy's names;
    ``axis0``, ``axis1``, ... for an inferred GSPMD mesh) and ``shape`` (devices per axis)."""

    name: str
    axis_names: tuple[str, ...]
    shape: tuple[int, ...]

    def as_dict(self) -> dict[str, int]:
        """``{"data": 2, "model": 4}``."""
        return dict(zip(self.axis_names, self.shape))

    def spec(self) -> "MeshSpec":
        from meshc.annotate import MeshSpec

        return MeshSpec(self.name, tuple(self.shape))


@dataclass
class JaxShardings:
    """What :func:`read_jax_shardings` found on function ``function`` of ``filename``.

    ``args[i]``/``results[i]`` are the shardings by position (None: no sharding attribute), with the
    StableHLO types (``arg_types``, text) and where each sharding was read (``*_locations``).
    ``form`` is ``"shardy"`` or ``"gspmd"``; ``warnings`` (diagnostics) report approximations: maximal
    shardings, read as replicated.
    """

    form: str
    filename: str
    function: str
    mesh: JaxMesh
    args: list[Optional[ShardingAttr]]
    results: list[Optional[ShardingAttr]]
    arg_types: list[str]
    result_types: list[str]
    arg_locations: list[Location]
    result_locations: list[Location]
    location: Location
    warnings: list[Diagnostic] = field(default_factory=list)

    def shard_specs(self) -> list["ShardSpec"]:
        """One :class:`meshc.annotate.ShardSpec` per annotated argument (by position) and result."""
        from meshc.annotate import ShardSpec, Target

        specs = []
        for kind, values, locs in (("arg", self.args, self.arg_locations),
                                   ("result", self.results, self.result_locations)):
            for i, s in enumerate(values):
                if s is not None:
                    what = "argument" if kind == "arg" else "result"
                    specs.append(ShardSpec(Target(kind, index=i), s, s.split_axes,
                                           f"--shardings-from {self.filename}: {what} {i}", locs[i]))
        return specs


# ------------------------------------------------------------------------------------------- scanning
_TOKEN_RE = re.compile(r'(?P<comment>//[^\n]*)|(?P<string>"(?:\\.|[^"\\])*")|(?P<word>[A-Za-z_][\w.$]*)'
                       r'|(?P<symbol>@(?:[\w.$\-]+|"(?:\\.|[^"\\])*"))|(?P<arrow>->)|(?P<other>\S)')


@dataclass(frozen=True)
class _Tok:
    kind: str
    text: str
    start: int
    end: int


class _Source:
    """The file's text, its tokens (strings and comments kept whole) and offset -> line:col."""

    def __init__(self, text: str, filename: str):
        self.text = text
        self.filename = filename
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.toks = [_Tok(m.lastgroup or "", m.group(), m.start(), m.end()) for m in _TOKEN_RE.finditer(text)
                     if m.lastgroup != "comment"]

    def loc(self, offset: int) -> Location:
        line = bisect.bisect_right(self.line_starts, offset)
        return Location(self.filename, line, offset - self.line_starts[line - 1] + 1)

    def error(self, message: str, offset: int, notes=()) -> JaxShardingError:
        return JaxShardingError(message, self.loc(offset), list(notes))

    def balanced(self, i: int, angles: bool = False) -> int:
        """Index of the token closing the bracket opened by token ``i`` (``()[]{}``, and ``<>`` when
        ``angles``).

        Raises:
            JaxShardingError: the bracket is never closed.
        """
        depth = 0
        opens, closes = ("([{<", ")]}>") if angles else ("([{", ")]}")
        for j in range(i, len(self.toks)):
            t = self.toks[j]
            if t.kind == "other" and t.text in opens:
                depth += 1
            elif t.kind == "other" and t.text in closes:
                depth -= 1
                if depth == 0:
                    return j
        raise self.error(f"'{self.toks[i].text}' is never closed", self.toks[i].start)


@dataclass
class _FuncHeader:
    name: str
    visibility: str
    start: int  # offset of 'func.func'
    sig_start: int  # offset of '(' of the arguments
    sig_end: int  # offset just after the signature (and 'attributes {...}')


def _scan(src: _Source) -> tuple[list[tuple[int, int]], list[_FuncHeader], Optional[tuple[int, int]]]:
    """(``sdy.mesh`` statement spans, function headers, span of the top module's attribute dict)."""
    meshes: list[tuple[int, int]] = []
    funcs: list[_FuncHeader] = []
    module_attrs: Optional[tuple[int, int]] = None
    toks = src.toks
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.kind == "word" and t.text == "sdy.mesh":
            j = i + 1
            while j < len(toks) and not (toks[j].kind == "other" and toks[j].text == "<"):
                j += 1
            if j == len(toks):
                raise src.error("'sdy.mesh' without its '<[...]>' axes", t.start)
            end = src.balanced(j, angles=True)
            meshes.append((t.start, toks[end].end))
            i = end + 1
            continue
        if t.kind == "word" and t.text in ("module", "builtin.module") and module_attrs is None and not funcs:
            j = i + 1
            if j < len(toks) and toks[j].kind == "symbol":
                j += 1
            if j + 1 < len(toks) and toks[j].text == "attributes" and toks[j + 1].text == "{":
                end = src.balanced(j + 1)
                module_attrs = (toks[j + 1].start, toks[end].end)
                i = end + 1
                continue
        if t.kind == "word" and t.text == "func.func":
            header, i = _func_header(src, i)
            funcs.append(header)
            continue
        i += 1
    return meshes, funcs, module_attrs


def _func_header(src: _Source, i: int) -> tuple[_FuncHeader, int]:
    toks = src.toks
    start = toks[i].start
    j = i + 1
    visibility = "public"
    if j < len(toks) and toks[j].kind == "word" and toks[j].text in ("public", "private", "nested"):
        visibility = toks[j].text
        j += 1
    if j >= len(toks) or toks[j].kind != "symbol":
        raise src.error("expected the function name (@name) after 'func.func'", toks[min(j, len(toks) - 1)].start)
    name = toks[j].text[1:].strip('"')
    j += 1
    if j >= len(toks) or toks[j].text != "(":
        raise src.error(f"expected '(' after 'func.func @{name}'", toks[min(j, len(toks) - 1)].start)
    sig_start = toks[j].start
    j = src.balanced(j) + 1
    if j < len(toks) and toks[j].kind == "arrow":
        j += 1
        if j < len(toks) and toks[j].text == "(":
            j = src.balanced(j) + 1
        else:
            j += 2 if j < len(toks) and toks[j].text == "!" else 1  # the type name (maybe a !dialect.type)
            if j < len(toks) and toks[j].text == "<":
                j = src.balanced(j, angles=True) + 1
    if j + 1 < len(toks) and toks[j].text == "attributes" and toks[j + 1].text == "{":
        j = src.balanced(j + 1) + 1
    end = toks[j - 1].end
    if j < len(toks) and toks[j].text == "{":
        j = src.balanced(j) + 1  # skip the body
    return _FuncHeader(name, visibility, start, sig_start, end), j


# ------------------------------------------------------------------------------------------- grammars
_SIGNATURE_GRAMMAR = r"""
signature: "(" [arg ("," arg)*] ")" [ARROW results] [ATTRIBUTES dict]
arg: VALUE_ID ":" type [dict] [location]
?results: "(" [result ("," result)*] ")" -> result_list
    | type -> single_result
result: type [dict] [location]
location: LOC group
type: (WORD | BANG_WORD) [angle]
dict: "{" [entry ("," entry)*] "}"
entry: (WORD | STRING) ["=" value]
value: _item+
_item: WORD | NUMBER | STRING | SYMBOL | HASH_WORD | BANG_WORD | VALUE_ID | PUNCT | ":" | ARROW
    | angle | bracket | brace | group
angle: "<" (_item | "," | "=")* ">"
bracket: "[" (_item | "," | "=")* "]"
brace: "{" (_item | "," | "=")* "}"
group: "(" (_item | "," | "=")* ")"
ARROW: "->"
ATTRIBUTES.2: /attributes(?![\w.$])/
LOC.2: /loc(?![\w.$])/
VALUE_ID: /%[\w.$\-#]+/
WORD: /[A-Za-z_?$.][\w.$?]*/
NUMBER: /-?[0-9](?:[eE][+\-]|[\w.])*/
STRING: /"(?:\\.|[^"\\])*"/
SYMBOL: /@(?:[\w.$\-]+|"(?:\\.|[^"\\])*")/
HASH_WORD: /#[\w.$\-]+/
BANG_WORD: /![\w.$\-]+/
PUNCT: /[*+|&^~\/?-]/
%ignore /\s+/
%ignore /\/\/[^\n]*/
"""

_SHARDING_GRAMMAR = r"""
sdy_sharding: SDY_SHARDING "<" _sdy_mesh_ref "," "[" [sdy_dim ("," sdy_dim)*] "]" ("," sdy_extra)* ">"
_sdy_mesh_ref: SYMBOL | inline_mesh
inline_mesh: MESH_KW "<" "[" [mesh_axis ("," mesh_axis)*] "]" ">"
sdy_dim: "{" [sdy_dim_items] "}" [PRIORITY]
sdy_dim_items: sdy_axis ("," sdy_axis)* ["," QMARK] | QMARK
sdy_axis: STRING [":" "(" INT ")" INT]
sdy_extra: NAME "=" "{" [sdy_axis ("," sdy_axis)*] "}"

sdy_mesh: "sdy.mesh" SYMBOL "=" "<" "[" [mesh_axis ("," mesh_axis)*] "]" [sdy_device_ids] ">"
sdy_device_ids: "," "device_ids" "=" "[" [INT ("," INT)*] "]"
mesh_axis: STRING "=" INT

gspmd: "{" gspmd_body "}"
?gspmd_body: "replicated" gspmd_opt* -> gspmd_replicated
    | "maximal" "device" "=" INT gspmd_opt* -> gspmd_maximal
    | "manual" gspmd_opt* -> gspmd_manual
    | "unknown" gspmd_opt* -> gspmd_unknown
    | "devices" "=" "[" INT ("," INT)* "]" gspmd_devices gspmd_opt* -> gspmd_tiled
    | gspmd ("," gspmd)* -> gspmd_tuple
?gspmd_devices: "<=" "[" INT ("," INT)* "]" [TRANSPOSE "(" INT ("," INT)* ")"] -> gspmd_iota
    | INT ("," INT)* -> gspmd_list
gspmd_opt: "last_tile_dim_replicate" -> opt_replicate
    | "last_tile_dims" "=" "{" NAME ("," NAME)* "}" -> opt_last_tile_dims
    | "metadata" "=" "{" (NAME "=" (STRING | INT | NAME))* "}" -> opt_metadata

SDY_SHARDING: "#sdy.sharding"
MESH_KW: "mesh"
TRANSPOSE: "T"
PRIORITY: /p[0-9]+/
QMARK: "?"
NAME: /[A-Za-z_][\w.]*/
STRING: /"(?:\\.|[^"\\])*"/
SYMBOL: /@(?:[\w.$\-]+|"(?:\\.|[^"\\])*")/
INT: /[0-9]+/
%ignore /\s+/
"""

_PARSERS: dict[str, object] = {}


def _parser(which: str):
    p = _PARSERS.get(which)
    if p is None:
        from lark import Lark

        if which == "signature":
            p = Lark(_SIGNATURE_GRAMMAR, start=["signature", "dict"], parser="lalr", propagate_positions=True,
                     maybe_placeholders=True)
        else:
            p = Lark(_SHARDING_GRAMMAR, start=["sdy_sharding", "sdy_mesh", "gspmd"], parser="lalr",
                     maybe_placeholders=True)
        _PARSERS[which] = p
    return p


def _parse(src: _Source, which: str, start: str, text: str, offset: int, what: str):
    """Parse ``text`` (found at ``offset`` of the file) with rule ``start``; errors located in the file."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

    try:
        return _parser(which).parse(text, start=start)  # type: ignore[attr-defined]
    except UnexpectedInput as err:
        pos = getattr(err, "pos_in_stream", None)
        if isinstance(err, UnexpectedToken):
            pos = err.token.start_pos if err.token.type != "$END" else len(text)
            shown = "end of text" if err.token.type == "$END" else f"'{err.token}'"
        elif isinstance(err, UnexpectedCharacters):
            shown = f"'{text[err.pos_in_stream]}'"
        else:
            shown = "input"
        raise src.error(f"cannot read {what}: unexpected {shown}", offset + (pos or 0)) from None


def _children(tree, name: str) -> list:
    return [c for c in tree.children if getattr(c, "data", None) == name]


_ESCAPE = re.compile(r'\\(["\\nt]|[0-9A-Fa-f]{2})')


def _unquote(s: str) -> str:
    """The value of an MLIR string literal (escapes ``\\"``, ``\\\\``, ``\\n``, ``\\t``, ``\\XX``)."""
    if not s.startswith('"'):
        return s

    def one(m: re.Match) -> str:
        e = m.group(1)
        return {"n": "\n", "t": "\t"}.get(e, e) if len(e) == 1 else chr(int(e, 16))

    return _ESCAPE.sub(one, s[1:-1])


# ------------------------------------------------------------------------------------------- signature
@dataclass
class _Value:
    """One argument or result: its type text and attributes ``key -> (raw value text, offset)``."""

    type: str
    attrs: dict[str, tuple[str, int]]
    offset: int


def _read_dict(tree, text: str, offset: int) -> dict[str, tuple[str, int]]:
    out: dict[str, tuple[str, int]] = {}
    if tree is None:
        return out
    for entry in _children(tree, "entry"):
        key, value = entry.children
        raw = ("", offset + entry.meta.start_pos) if value is None else \
            (text[value.meta.start_pos:value.meta.end_pos], offset + value.meta.start_pos)
        out[_unquote(str(key))] = raw
    return out


def _read_signature(src: _Source, h: _FuncHeader) -> tuple[list[_Value], list[_Value]]:
    text = src.text[h.sig_start:h.sig_end]
    tree = _parse(src, "signature", "signature", text, h.sig_start, f"the signature of @{h.name}")

    def value_of(node) -> _Value:
        ty = node.children[1] if node.data == "arg" else node.children[0]
        d = node.children[2] if node.data == "arg" else node.children[1]
        ty_text = re.sub(r"\s+", "", text[ty.meta.start_pos:ty.meta.end_pos])
        return _Value(ty_text, _read_dict(d, text, h.sig_start), h.sig_start + node.meta.start_pos)

    args = [value_of(a) for a in _children(tree, "arg")]
    results: list[_Value] = []
    for r in tree.children:
        if getattr(r, "data", None) == "result_list":
            results = [value_of(x) for x in _children(r, "result")]
        elif getattr(r, "data", None) == "single_result":
            t = r.children[0]
            results = [_Value(re.sub(r"\s+", "", text[t.meta.start_pos:t.meta.end_pos]), {},
                              h.sig_start + t.meta.start_pos)]
    return args, results


# ------------------------------------------------------------------------------------------- Shardy
def _read_sdy_mesh(src: _Source, span: tuple[int, int]) -> tuple[str, tuple[str, ...], tuple[int, ...]]:
    text = src.text[span[0]:span[1]]
    tree = _parse(src, "sharding", "sdy_mesh", text, span[0], "the 'sdy.mesh' statement")
    name = _unquote(str(tree.children[0])[1:])
    axes = _children(tree, "mesh_axis")
    names = tuple(_unquote(str(a.children[0])) for a in axes)
    shape = tuple(int(a.children[1]) for a in axes)
    ids = tree.children[-1]
    if ids is not None:
        devices = [int(d) for d in ids.children if d is not None]
        if devices != list(range(prod(shape))) and not (not shape and len(devices) == 1):
            raise src.error(f"sdy.mesh @{name} lists device_ids {devices}, which are not the default order "
                            f"0..{prod(shape) - 1}; meshc supports only iota device orders", span[0])
        if not shape:
            return name, (), ()  # a maximal mesh: one device
    return name, names, shape


_RANKED_TENSOR = re.compile(r"tensor<((?:(?:\d+|\?)x)*)(?!\*)")


def _tensor_rank(type_text: str) -> Optional[int]:
    """The rank of a ranked tensor type's text (``tensor<64x256xf32>`` -> 2, ``tensor<f32>`` -> 0);
    None for anything else (an unranked tensor, a token)."""
    m = _RANKED_TENSOR.match(re.sub(r"\s+", "", type_text))
    return m.group(1).count("x") if m else None


def _check_rank(src: _Source, count: int, type_text: str, offset: int, what: str, unit: str, rule: str) -> None:
    """A sharding of ``count`` ``unit`` s (dim shardings, tile dimensions) on a value of type ``type_text``:
    one per tensor dim (``rule``: whose rule, in its words).

    Raises:
        JaxShardingError: located at ``offset`` (the sharding attribute), when the counts differ.
    """
    rank = _tensor_rank(type_text)
    if rank is not None and count != rank:
        raise src.error(f"the sharding of {what} has {count} {unit}{'s' if count != 1 else ''} but its type "
                        f"'{type_text}' has rank {rank}: {rule}", offset)


def _read_sdy_sharding(src: _Source, raw: str, offset: int, meshes: dict, warnings: list, what: str,
                       type_text: str = ""):
    """``(mesh name, ShardingAttr-or-None)``; None for a sharding on a maximal (one-device) mesh. On
    a mesh with axes, a sharding of ``type_text`` needs one dim sharding per tensor dim (Shardy's
    verifier: "sharding doesn't match tensor rank")."""
    tree = _parse(src, "sharding", "sdy_sharding", raw, offset, f"the sdy.sharding of {what}")
    ref = tree.children[1]
    if getattr(ref, "data", None) == "inline_mesh":
        raise src.error(f"the sharding of {what} uses an inline mesh; meshc reads shardings that name an "
                        "'sdy.mesh' symbol", offset)
    mesh = _unquote(str(ref)[1:])
    if mesh not in meshes:
        raise src.error(f"the sharding of {what} names mesh @{mesh}, which no 'sdy.mesh' defines "
                        f"(meshes: {', '.join('@' + m for m in meshes) or 'none'})", offset)
    names = meshes[mesh][0]
    if not names:
        warnings.append(Diagnostic("warning", f"{what} is placed on one device (maximal mesh @{mesh}); meshc "
                                   "replicates it", src.loc(offset)))
        return mesh, None

    def axis_index(node) -> int:
        name = _unquote(str(node.children[0]))
        if node.children[1] is not None:
            raise src.error(f"the sharding of {what} uses sub-axis \"{name}\":({node.children[1]})"
                            f"{node.children[2]}; meshc does not support sub-axes", offset)
        if name not in names:
            raise src.error(f"the sharding of {what} uses axis \"{name}\", which mesh @{mesh} does not have "
                            f"(axes: {', '.join(names)})", offset)
        return names.index(name)

    dims = _children(tree, "sdy_dim")
    _check_rank(src, len(dims), type_text, offset, what, "dim sharding",
                f"Shardy requires one per dimension (sharding doesn't match tensor rank: {len(dims)} != "
                f"{_tensor_rank(type_text)})")
    split = []
    for dim in dims:
        items = dim.children[0]
        split.append(tuple(axis_index(a) for a in _children(items, "sdy_axis")) if items is not None else ())
    partial: tuple[int, ...] = ()
    for extra in _children(tree, "sdy_extra"):
        if str(extra.children[0]) == "unreduced":
            partial = tuple(axis_index(a) for a in _children(extra, "sdy_axis"))
    return mesh, ShardingAttr(mesh, tuple(split), partial)


# ------------------------------------------------------------------------------------------- GSPMD
class GspmdError(ValueError):
    """A GSPMD sharding string meshc cannot read or represent; ``offset`` is where in the string, and
    ``sharding`` the offending :class:`GspmdSharding` when the string itself was readable."""

    def __init__(self, message: str, offset: int = 0, sharding: Optional["GspmdSharding"] = None):
        super().__init__(message)
        self.offset = offset
        self.sharding = sharding


@dataclass(frozen=True)
class GspmdSharding:
    """A parsed ``mhlo.sharding`` (XLA HloSharding text).

    ``kind``: ``"replicated"``, ``"maximal"`` (``device``) or ``"tiled"``. A tiled sharding splits tensor
    dim ``d`` into ``tile_dims[d]`` tiles; ``replicate`` copies of each tile (``last_tile_dim_replicate``,
    else 1); the device of each tile is ``device_array()``: ``arange(N).reshape(reshape)
    .transpose(perm).reshape(tile_dims + (replicate,))`` (XLA's IotaTileAssignment).
    """

    kind: str
    tile_dims: tuple[int, ...] = ()
    replicate: int = 1
    reshape: tuple[int, ...] = ()
    perm: tuple[int, ...] = ()
    device: int = 0
    text: str = ""

    @property
    def num_devices(self) -> int:
        return prod(self.tile_dims) * self.replicate if self.kind == "tiled" else 1

    def device_array(self):
        """numpy int64 array of shape ``tile_dims + (replicate,)``: the device holding each tile."""
        import numpy as np

        flat = np.arange(prod(self.reshape)).reshape(self.reshape).transpose(self.perm)
        return flat.reshape(self.tile_dims + (self.replicate,))


def parse_gspmd_sharding(text: str) -> GspmdSharding:
    """Read an ``mhlo.sharding`` string (without the quotes), e.g.
    ``{devices=[2,1,4]<=[8] last_tile_dim_replicate}`` -> tiled, tile_dims (2, 1), replicate 4.

    Raises:
        GspmdError: malformed text (``offset`` into ``text``), tuple / manual / unknown shardings,
            ``last_tile_dims`` other than ``{replicated}``, a device count that differs from the tile
            count, or an explicit device list that is not a transposed iota.
    """
    from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

    try:
        tree = _parser("sharding").parse(text, start="gspmd")  # type: ignore[attr-defined]
    except UnexpectedInput as err:
        pos = err.token.start_pos if isinstance(err, UnexpectedToken) and err.token.type != "$END" else \
            err.pos_in_stream if isinstance(err, UnexpectedCharacters) else len(text)
        raise GspmdError(f"cannot read GSPMD sharding '{text}' at offset {pos}", pos or 0) from None
    kind = tree.children[0].data
    if kind == "gspmd_replicated":
        return GspmdSharding("replicated", text=text)
    if kind == "gspmd_maximal":
        return GspmdSharding("maximal", device=int(tree.children[0].children[0]), text=text)
    if kind in ("gspmd_manual", "gspmd_unknown", "gspmd_tuple"):
        what = {"gspmd_manual": "manual (shard_map) shardings", "gspmd_unknown": "unknown shardings",
                "gspmd_tuple": "tuple shardings"}[kind]
        raise GspmdError(f"'{text}': {what} are not supported")
    node = tree.children[0]
    dims = tuple(int(c) for c in node.children if not hasattr(c, "data"))
    devices = next(c for c in node.children if getattr(c, "data", None) in ("gspmd_iota", "gspmd_list"))
    replicate = False
    for opt in node.children:
        if getattr(opt, "data", None) == "opt_replicate":
            replicate = True
        elif getattr(opt, "data", None) == "opt_last_tile_dims":
            kinds = [str(k) for k in opt.children]
            if kinds != ["replicated"]:
                raise GspmdError(f"'{text}': last_tile_dims={{{', '.join(kinds)}}} is not supported "
                                 "(only {replicated})")
            replicate = True
    n = prod(dims)
    if devices.data == "gspmd_iota":
        ints = [c for c in devices.children if c is not None and not hasattr(c, "data")]
        t_at = next((k for k, c in enumerate(ints) if str(c) == "T"), None)
        reshape = tuple(int(c) for c in (ints if t_at is None else ints[:t_at]))
        perm = tuple(range(len(reshape))) if t_at is None else tuple(int(c) for c in ints[t_at + 1:])
        if sorted(perm) != list(range(len(reshape))):
            raise GspmdError(f"'{text}': T{perm} is not a permutation of the {len(reshape)} iota dims")
        if prod(reshape) != n:
            raise GspmdError(f"'{text}': the iota has {prod(reshape)} devices but devices={list(dims)} "
                             f"makes {n} tiles")
    else:
        flat = [int(c) for c in devices.children]
        if len(flat) != n:
            raise GspmdError(f"'{text}': {len(flat)} device ids listed for devices={list(dims)} ({n} tiles)")
        reshape, perm = transposed_iota(flat, text)
    if replicate:
        return GspmdSharding("tiled", dims[:-1], dims[-1], reshape, perm, text=text)
    return GspmdSharding("tiled", dims, 1, reshape, perm, text=text)


def transposed_iota(flat: Sequence[int], text: str = "") -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(reshape, perm)`` with ``arange(N).reshape(reshape).transpose(perm).ravel() == flat``: the
    explicit device list ``flat`` as XLA's transposed iota (``0,2,1,3`` -> ``((2, 2), (1, 0))``).
    Digits are peeled from the minor end: each run ``flat[k * block] == k * stride`` is one digit.

    Raises:
        GspmdError: ``flat`` is not a permutation of ``0..N-1`` or not a transposed iota.
    """
    import numpy as np

    n = len(flat)
    where = f"'{text}': " if text else ""
    if sorted(flat) != list(range(n)):
        raise GspmdError(f"{where}the device list {list(flat)} is not a permutation of 0..{n - 1}")
    sizes, strides, block = [], [], 1
    while block < n and flat[0] == 0:
        stride = flat[block]
        r = 1
        while r * block < n and flat[r * block] == r * stride:
            r += 1
        sizes.append(r)
        strides.append(stride)
        block *= r
    order = sorted(range(len(sizes)), key=lambda k: -strides[k])  # device-id digits, major first
    reshape = tuple(sizes[k] for k in order)
    flat_digits = list(reversed(range(len(sizes))))  # flattened order, major first
    perm = tuple(order.index(k) for k in flat_digits)
    if n == 1:
        return (1,), (0,)
    if prod(reshape) == n and np.array_equal(np.arange(n).reshape(reshape).transpose(perm).ravel(), flat):
        return reshape, perm
    raise GspmdError(f"{where}the device list {list(flat)} is not an iota or a transposed iota; such explicit "
                     "device orders are not supported (a mesh numbers its devices in iota order)")


def _boundaries(sizes: Sequence[int]) -> set[int]:
    """Suffix products of a mixed-radix digit list (its place values), and the total."""
    out, p = {prod(sizes)}, 1
    for s in reversed(sizes):
        out.add(p)
        p *= s
    return out


def _chain(bounds: set[int]) -> Optional[tuple[int, ...]]:
    """The digit sizes (major first) whose place values are ``bounds``, or None if they do not divide
    each other (no common refinement)."""
    b = sorted(bounds)
    if any(y % x for x, y in zip(b, b[1:])):
        return None
    return tuple(y // x for x, y in reversed(list(zip(b, b[1:]))))


def _device_digits(s: GspmdSharding) -> tuple[int, ...]:
    """The device-id digits (major first) a tiled sharding needs so that every tile dim is a run of
    whole digits: the common refinement of the iota digits (in tile order) and the tile dims, mapped
    back to device order.

    Raises:
        GspmdError: tile dims that cut the iota digits incompatibly.
    """
    flat_sizes = [s.reshape[p] for p in s.perm]
    refined = _chain(_boundaries(flat_sizes) | _boundaries(s.tile_dims + (s.replicate,)))
    if refined is None:
        raise GspmdError(f"'{s.text}': the tile dims do not split the device order into whole mesh axes",
                         sharding=s)
    pieces: dict[int, list[int]] = {}
    it = iter(refined)
    for k, size in enumerate(flat_sizes):
        got: list[int] = []
        while prod(got) < size:
            got.append(next(it))
        pieces[s.perm[k]] = got
    return tuple(p for j in range(len(s.reshape)) for p in pieces[j] if p > 1)


def infer_mesh(shardings: Sequence[GspmdSharding], num_devices: Optional[int] = None) -> tuple[int, ...]:
    """The mesh shape (device ``k`` = row-major index ``k``) on which every tiled sharding splits each
    tensor dim over whole axes: the common refinement of their device digits. Without tiled shardings,
    one axis of ``num_devices`` (1 if unknown).

    Raises:
        GspmdError: shardings over different device counts, or device orders with no common refinement
            (e.g. 12 devices cut 3x4 by one sharding and 2x6 by another).
    """
    tiled = [s for s in shardings if s.kind == "tiled"]
    n = num_devices if num_devices is not None else (tiled[0].num_devices if tiled else 1)
    bounds = {1, n}
    for s in tiled:
        if s.num_devices != n:
            raise GspmdError(f"'{s.text}' spans {s.num_devices} devices, but the program runs on {n}", sharding=s)
        merged = bounds | _boundaries(_device_digits(s))
        if _chain(merged) is None:
            raise GspmdError(f"'{s.text}' orders the devices incompatibly with the other shardings: no mesh "
                             f"splits every tile dim over whole axes", sharding=s)
        bounds = merged
    shape = tuple(d for d in _chain(bounds) or (n,) if d > 1)
    return shape or (1,)


def gspmd_split_axes(s: GspmdSharding, mesh_shape: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The split axes per tensor dim of tiled sharding ``s`` on a mesh of ``mesh_shape`` (XLA device k
    = mesh device k): each mesh axis must vary along exactly one tile dim; the axes of a dim are
    ordered major to minor by how far along the dim they first change; the replicate dim's axes are
    left out (replicated). The result is checked tile by tile against ``s.device_array()``.

    Raises:
        GspmdError: ``s`` cannot be written with whole axes of this mesh.
    """
    import numpy as np

    shape = tuple(mesh_shape)
    d = s.device_array()
    coords = np.stack(np.unravel_index(d, shape), axis=-1) if d.size else np.zeros(d.shape + (len(shape),), int)
    axes_of: list[list[int]] = [[] for _ in range(d.ndim)]
    for a in range(len(shape)):
        if shape[a] == 1:
            continue
        varying = [i for i in range(d.ndim) if d.shape[i] > 1 and np.any(np.diff(coords[..., a], axis=i))]
        if len(varying) != 1:
            raise GspmdError(f"'{s.text}': mesh axis {a} (size {shape[a]}) varies along tile dims {varying}; "
                             f"it cannot be written on mesh {'x'.join(map(str, shape))}")
        axes_of[varying[0]].append(a)
    idx = np.indices(d.shape)
    for i, axes in enumerate(axes_of):
        line = coords[tuple(slice(None) if k == i else 0 for k in range(d.ndim))]
        axes.sort(key=lambda a: -int(np.argmax(line[:, a] != 0)))
        sizes = [shape[a] for a in axes]
        got = np.ravel_multi_index(tuple(coords[..., a] for a in axes), sizes) if axes else np.zeros(d.shape, int)
        if prod(sizes) != d.shape[i] or not np.array_equal(got, idx[i]):
            raise GspmdError(f"'{s.text}': tile dim {i} is not split over whole axes of mesh "
                             f"{'x'.join(map(str, shape))}")
    return tuple(tuple(a) for a in axes_of[:-1])


# ------------------------------------------------------------------------------------------- reading
def read_jax_shardings(text: str, filename: str = "<string>", function: Optional[str] = None) -> JaxShardings:
    """Read the mesh and the shardings of ``function`` (default ``@main``, else the only public
    ``func.func``) from a StableHLO export's text; the Shardy form wins when both are present.

    Raises:
        JaxShardingError: (located) no function, no shardings at all, unreadable or unsupported
            shardings, an undefined mesh, several meshes used, GSPMD device orders that fit no mesh.
    """
    src = _Source(text, filename)
    mesh_spans, funcs, module_attrs = _scan(src)
    h = _choose_function(src, funcs, function)
    args, results = _read_signature(src, h)
    values = [("argument", i, v) for i, v in enumerate(args)] + [("result", i, v) for i, v in enumerate(results)]
    if any("sdy.sharding" in v.attrs for _, _, v in values):
        return _from_shardy(src, h, mesh_spans, args, results, values)
    if any("mhlo.sharding" in v.attrs for _, _, v in values):
        return _from_gspmd(src, h, module_attrs, args, results, values)
    raise src.error(f"@{h.name} has no sharding on its arguments or results (no 'sdy.sharding' or "
                    "'mhlo.sharding' attribute): export it with jax.jit(..., in_shardings=..., "
                    "out_shardings=...)", h.start)


def load_jax_shardings(path: str, function: Optional[str] = None) -> JaxShardings:
    """:func:`read_jax_shardings` of the file at ``path``.

    Raises:
        JaxShardingError: the file cannot be read or is not UTF-8, or see read_jax_shardings.
    """
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as err:
        raise JaxShardingError(f"could not open --shardings-from file '{path}': {err.strerror}") from None
    except UnicodeDecodeError:
        raise JaxShardingError(f"--shardings-from file '{path}' is not UTF-8 text") from None
    return read_jax_shardings(text, path, function)


def _choose_function(src: _Source, funcs: list[_FuncHeader], function: Optional[str]) -> _FuncHeader:
    if not funcs:
        raise src.error("no 'func.func' found: expected a StableHLO export (jax.jit(f).lower(...).as_text())", 0)
    if function is not None:
        for h in funcs:
            if h.name == function.lstrip("@"):
                return h
        raise src.error(f"no function @{function.lstrip('@')} (functions: "
                        f"{', '.join('@' + h.name for h in funcs)})", funcs[0].start)
    for h in funcs:
        if h.name == "main":
            return h
    public = [h for h in funcs if h.visibility == "public"]
    if len(public) == 1:
        return public[0]
    raise src.error("no @main and not exactly one public function: choose one (functions: "
                    f"{', '.join('@' + h.name for h in funcs)})", funcs[0].start)


def _result(src, h, form, mesh, args, results, shardings, warnings) -> JaxShardings:
    n = len(args)
    locs = [src.loc(shardings[k][1]) for k in range(len(shardings))]
    return JaxShardings(form, src.filename, h.name, mesh, [s for s, _ in shardings[:n]],
                        [s for s, _ in shardings[n:]], [a.type for a in args], [r.type for r in results],
                        locs[:n], locs[n:], src.loc(h.start), warnings)


def _from_shardy(src, h, mesh_spans, args, results, values) -> JaxShardings:
    meshes: dict[str, tuple[tuple[str, ...], tuple[int, ...], int]] = {}
    for span in mesh_spans:
        name, names, shape = _read_sdy_mesh(src, span)
        meshes[name] = (names, shape, span[0])
    warnings: list[Diagnostic] = []
    shardings: list[tuple[Optional[ShardingAttr], int]] = []
    used: Optional[tuple[str, int]] = None
    for what, i, v in values:
        raw = v.attrs.get("sdy.sharding")
        if raw is None:
            shardings.append((None, v.offset))
            continue
        mesh, s = _read_sdy_sharding(src, raw[0], raw[1], meshes, warnings, f"{what} {i} of @{h.name}", v.type)
        if meshes[mesh][0]:
            if used is not None and used[0] != mesh:
                raise src.error(f"{what} {i} of @{h.name} is sharded on mesh @{mesh} but another value on mesh "
                                f"@{used[0]}; meshc handles one mesh per function", raw[1],
                                [note(f"mesh @{used[0]} used here", src.loc(used[1]))])
            used = used or (mesh, raw[1])
        shardings.append((s if s is not None else ShardingAttr(mesh, ()), raw[1]))
    if used is None:
        raise src.error(f"the shardings of @{h.name} use no mesh with axes: nothing to shard", h.start)
    names, shape, _ = meshes[used[0]]
    if not shape:
        raise src.error(f"sdy.mesh @{used[0]} has no axes", meshes[used[0]][2])
    shardings = [(ShardingAttr(used[0], ()) if s is not None and s.mesh != used[0] else s, o) for s, o in shardings]
    return _result(src, h, "shardy", JaxMesh(used[0], names, shape), args, results, shardings, warnings)


def _from_gspmd(src, h, module_attrs, args, results, values) -> JaxShardings:
    parsed: list[tuple[Optional[GspmdSharding], int]] = []
    for what, i, v in values:
        raw = v.attrs.get("mhlo.sharding")
        if raw is None:
            parsed.append((None, v.offset))
            continue
        if not raw[0].startswith('"'):
            raise src.error(f"the mhlo.sharding of {what} {i} of @{h.name} is not a string", raw[1])
        try:
            g = parse_gspmd_sharding(_unquote(raw[0]))
        except GspmdError as err:
            raise src.error(f"{what} {i} of @{h.name}: {err}", raw[1] + 1 + err.offset) from None
        if g.kind == "tiled":
            _check_rank(src, len(g.tile_dims), v.type, raw[1], f"{what} {i} of @{h.name} ('{g.text}')",
                        "tile dimension", "XLA requires one tile dimension per tensor dimension, besides the replicated one")
        parsed.append((g, raw[1]))
    num = _num_partitions(src, module_attrs)
    tiled = [(g, o) for g, o in parsed if g is not None]
    try:
        shape = infer_mesh([g for g, _ in tiled], num)
    except GspmdError as err:
        off = next((o for g, o in tiled if g is err.sharding), h.start)
        raise src.error(str(err), off) from None
    warnings: list[Diagnostic] = []
    shardings: list[tuple[Optional[ShardingAttr], int]] = []
    for (what, i, _), (g, off) in zip(values, parsed):
        if g is None:
            shardings.append((None, off))
        elif g.kind == "tiled":
            try:
                shardings.append((ShardingAttr("mesh", gspmd_split_axes(g, shape)), off))
            except GspmdError as err:
                raise src.error(f"{what} {i} of @{h.name}: {err}", off) from None
        else:
            if g.kind == "maximal":
                if g.device >= prod(shape):
                    raise src.error(f"{what} {i} of @{h.name}: device {g.device} does not exist "
                                    f"({prod(shape)} devices)", off)
                warnings.append(Diagnostic("warning", f"{what} {i} of @{h.name} is placed on device {g.device} "
                                           "only ({maximal}); meshc replicates it", src.loc(off)))
            shardings.append((ShardingAttr("mesh", ()), off))
    mesh = JaxMesh("mesh", tuple(f"axis{k}" for k in range(len(shape))), shape)
    return _result(src, h, "gspmd", mesh, args, results, shardings, warnings)


def _num_partitions(src: _Source, span: Optional[tuple[int, int]]) -> Optional[int]:
    if span is None:
        return None
    tree = _parse(src, "signature", "dict", src.text[span[0]:span[1]], span[0], "the module attributes")
    raw = _read_dict(tree, src.text[span[0]:span[1]], span[0]).get("mhlo.num_partitions")
    m = re.match(r"\s*(\d+)", raw[0]) if raw else None
    return int(m.group(1)) if m else None


# ------------------------------------------------------------------------------------------- applying
def apply_jax_shardings(module, shardings: JaxShardings, entry: Optional[str] = None) -> "AnnotationReport":
    """Add ``shardings``' mesh and its argument/result shardings to ``module``'s entry function
    (arguments and results matched by position; their counts and types must agree).

    Raises:
        JaxShardingError: a different number of arguments or results, or a type that differs.
        meshc.annotate.AnnotationError: a mesh conflict, or a sharding that does not fit.
    """
    from meshc.annotate import add_mesh, annotate, find_entry

    func = find_entry(module, entry)
    ftype = func.function_type
    js = shardings
    for what, mine, theirs in (("arguments", ftype.inputs, js.arg_types), ("results", ftype.results,
                                                                          js.result_types)):
        if len(mine) != len(theirs):
            raise JaxShardingError(f"@{js.function} of {js.filename} has {len(theirs)} {what} but @{func.sym_name} "
                                   f"has {len(mine)}; --shardings-from matches them by position",
                                   js.location, [note(f"@{func.sym_name} defined here", func.location)])
        for i, (t, u) in enumerate(zip(mine, theirs)):
            if re.sub(r"\s+", "", str(t)) != u:
                locs = js.arg_locations if what == "arguments" else js.result_locations
                program = getattr(func.location, "file", "<unknown>")
                program = "the program" if program in ("", "<unknown>") else program
                raise JaxShardingError(f"{what[:-1]} {i} of @{js.function} in {js.filename} (--shardings-from) has "
                                       f"type {u} but {what[:-1]} {i} of @{func.sym_name} in {program} has type "
                                       f"{t}", locs[i],
                                       [note(f"@{func.sym_name} defined here", func.location)])
    op, added = add_mesh(module, js.mesh.spec(), js.location, f"--shardings-from {js.filename}: mesh {js.mesh.spec()}")
    report = annotate(module, shards=js.shard_specs(), entry=func.sym_name)
    (report.added if added else report.reused).insert(0, js.mesh.name)
    report.warnings[:0] = js.warnings
    return report


__all__ = ["GspmdError", "GspmdSharding", "JaxMesh", "JaxShardingError", "JaxShardings", "apply_jax_shardings",
           "gspmd_split_axes", "infer_mesh", "load_jax_shardings", "parse_gspmd_sharding", "read_jax_shardings",
           "transposed_iota"]
