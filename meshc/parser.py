"""Text -> IR: the lark LALR parser with callbacks that build the IR inline.

``parse(text, filename)`` returns a ``builtin.module`` operation. The grammar
is ``grammar/core.lark`` plus one ``grammar/<dialect>.lark`` per dialect
module listed in ``meshc.dialects.DIALECTS``; each dialect module may define
a ``Syntax`` mixin whose methods are the callbacks of its grammar rules. lark
builds the LALR tables once per grammar; meshc's own loop (:class:`_Driver`)
parses from those tables, kept as plain data in ``$XDG_CACHE_HOME/meshc``, so
that a parse imports no lark; lark's own parser is loaded only to report a
syntax error as lark finds it.

Callbacks run bottom-up as rules reduce, so scoping relies on ``region_open``
reducing before the region's ops: it pushes an SSA scope and creates the entry
block (with pending entry arguments set by e.g. a function signature).
Uses of names not yet defined get a placeholder that is resolved when the
name is defined; anything unresolved at the end of its function is an error
at the first use.

Errors: every problem raises :class:`meshc.ir.DiagnosticError` located at the
offending token (lark's errors are translated, never shown raw).
"""

from __future__ import annotations

import gc
import os
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Optional

from meshc.ir.affine import AffineMap, BinaryExpr, ConstantExpr, DimExpr, SymbolExpr
from meshc.ir.attributes import (AffineMapAttr, ArrayAttr, Attribute, BoolAttr, DenseArrayAttr, DenseElementsAttr,
                                 DictionaryAttr, FloatAttr, IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr,
                                 UnitAttr)
from meshc.ir.core import Block, Operation, OpResult, Placeholder, Region, Value
from meshc.ir.limits import (MAX_AFFINE_DEPTH, MAX_ATTR_DEPTH, MAX_BRACKET_DEPTH, MAX_DENSE_BYTES, MAX_DENSE_RANK,
                             MAX_LITERAL_DIGITS, recursion_headroom)
from meshc.ir.location import DiagnosticError, Location, note
from meshc.ir.types import (F64, I1, I64, INDEX, ComplexType, FloatType, FunctionType, IntegerType, NoneType,
                            TensorType, Type, UnrankedTensorType, VectorType, numpy_dtype)

GRAMMAR_DIR = Path(__file__).parent / "grammar"


class Token(str):
    """One token of the input as the parse callbacks see it: its text (the ``str`` value) with lark's
    token attributes, ``type`` (the terminal name), ``start_pos``/``end_pos`` (character offsets),
    ``line``/``column`` and ``end_line``/``end_column`` (1-based). meshc's own LALR loop
    (:class:`_Driver`) makes these without importing lark; lark's loop, which runs only to report
    a syntax error, makes lark's own tokens, which have the same attributes."""

    __slots__ = ("type", "value", "start_pos", "line", "column", "end_line", "end_column", "end_pos")

    def __new__(cls, type: str, value: str, start_pos: Optional[int] = None, line: Optional[int] = None,
                column: Optional[int] = None, end_line: Optional[int] = None, end_column: Optional[int] = None,
                end_pos: Optional[int] = None) -> "Token":
        self = str.__new__(cls, value)
        self.type = type
        self.value = value
        self.start_pos = start_pos
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column
        self.end_pos = end_pos
        return self

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r})"

    def __reduce__(self):
        return Token, (self.type, self.value, self.start_pos, self.line, self.column, self.end_line,
                       self.end_column, self.end_pos)


class _Tree:
    """What a rule without a callback reduces to in :class:`_Driver` (lark's ``Tree``, without lark):
    the rule name ``data`` and the ``children`` list."""

    __slots__ = ("data", "children")

    def __init__(self, data: str, children: list):
        self.data = data
        self.children = children

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"


_FLOAT_TYPES: dict[str, FloatType] = {}  # one instance per spelling (types are immutable)
_PLAIN_TENSORS: dict[str, Any] = {}  # TENSOR_PLAIN spelling -> its TensorType
_PLAIN_TENSOR = re.compile(r"tensor<((?:(?:\?|\d+)x)*)")


class _Scope:
    __slots__ = ("values", "forward", "isolated")

    def __init__(self, isolated: bool):
        self.values: dict[str, Value] = {}
        self.forward: dict[str, Placeholder] = {}
        self.isolated = isolated


class ParserCore:
    """Callbacks of grammar/core.lark plus the helpers dialect callbacks use.

    Helpers for dialect ``Syntax`` mixins:
      * ``self.loc(tok)``: the Location of a token;
      * ``self.use(tok, type=None)``: the Value named by a VALUE_ID token,
        checked against ``type`` when given;
      * ``self.build(name, operands, result_types, attributes, regions, loc)``:
        create the registered op (results are named by the enclosing
        ``operation`` rule);
      * ``self.set_entry_args([(tok, type), ...], isolated=False)``: arguments
        for the entry block of the next region to open.
    """

    # ------------------------------------------------------------ state
    def reset(self, filename: str, text: str) -> None:
        self.filename = filename
        self.text = text
        self.attr_aliases: dict[str, Attribute] = {}
        self.type_aliases: dict[str, Type] = {}
        self.scopes: list[_Scope] = [_Scope(True)]
        self.block_stack: list[Block] = []
        self.region_stack: list[Region] = []
        # per open region (and the top level): label -> [block, first reference token, defined]
        self.block_maps: list[dict[str, list]] = [{}]
        self.pending_args: Optional[tuple[list, bool]] = None
        self.top_ops: list[Operation] = []
        self.source_marks: set[str] = set()
        self.top_block = Block()
        self.block_stack.append(self.top_block)
        self.depth = self.max_depth = 0
        self.max_depth_tok: Optional[Token] = None
        self.last_brace: Optional[Token] = None
        self.last_close: Optional[Token] = None
        self.depths: dict[int, tuple[Any, int]] = {}

    def _note_brace(self, tok: Token) -> Token:
        """Lexer callback for every ``{``: remembered so that ``region_open``
        (whose ``{`` lark filters out) can locate its errors."""
        self.last_brace = tok
        return tok

    def _note_close(self, tok: Token) -> Token:
        """Lexer callback for closing brackets: locates nesting errors of the
        attribute and type callbacks (their brackets are filtered out)."""
        self.last_close = tok
        return tok

    def _nested(self, obj: Any, *children: Any, add: int = 1) -> Any:
        """Record ``obj`` (an attribute or type built from ``children``) as one
        level deeper than its deepest child; the printer, ``==`` and ``hash``
        recurse over these levels.

        Raises:
            DiagnosticError: deeper than MAX_ATTR_DEPTH (meshc.ir.limits).
        """
        inner = 0
        for c in children:
            if isinstance(c, tuple) and len(c) == 2 and isinstance(c[0], str):
                c = c[1]  # a (key, value) entry of a dialect attribute
            rec = self.depths.get(id(c))
            if rec is not None and rec[1] > inner:
                inner = rec[1]
        depth = inner + add
        if depth > MAX_ATTR_DEPTH:
            raise self.error(f"attribute or type nested too deep (more than {MAX_ATTR_DEPTH} levels)",
                             self.last_close)
        if depth > 0:
            self.depths[id(obj)] = (obj, depth)
        return obj

    def loc(self, tok: Any) -> Location:
        line = getattr(tok, "line", None)
        if line is None:
            return Location(self.filename)
        return Location(self.filename, line, tok.column)

    def error(self, message: str, tok: Any = None, notes=()) -> DiagnosticError:
        return DiagnosticError(message, self.loc(tok) if tok is not None else Location(self.filename), list(notes))

    # ------------------------------------------------------------ SSA names
    def _split_use(self, text: str) -> tuple[str, int]:
        if "#" in text:
            base, idx = text.split("#", 1)
            return base[1:], int(idx)
        return text[1:], 0

    def lookup(self, name: str) -> Optional[Value]:
        for scope in reversed(self.scopes):
            v = scope.values.get(name)
            if v is not None:
                return v
            if scope.isolated:
                break
        return None

    def use(self, tok: Token, type: Optional[Type] = None) -> Value:
        """The value named by ``tok`` (``%x`` or ``%x#1``), type-checked."""
        text = str(tok)
        base, idx = self._split_use(text)
        key = base if "#" not in text else f"{base}#{idx}"
        v = self.lookup(key)
        if v is None and idx == 0:
            v = self.lookup(base)
        if v is None:
            # forward reference: placeholder in the innermost scope
            for scope in reversed(self.scopes):
                ph = scope.forward.get(key)
                if ph is not None:
                    v = ph
                    break
                if scope.isolated:
                    break
            if v is None:
                if type is None:
                    raise self.error(f"use of undeclared SSA value name '{text}'", tok)
                v = Placeholder(type, key, self.loc(tok))
                self.scopes[-1].forward[key] = v
        if type is not None and v.type != type:
            where = v.location
            raise self.error(
                f"use of value '{text}' expects different type than prior uses: '{type}' vs '{v.type}'", tok,
                [note("prior use here", where)] if where.known else [])
        return v

    def define(self, name: str, value: Value, tok: Any) -> None:
        scope = self.scopes[-1]
        if self.lookup(name) is not None:
            prev = self.lookup(name)
            raise self.error(f"redefinition of SSA value '%{name}'", tok,
                             [note("previously defined here", prev.location)] if prev.location.known else [])
        for s in reversed(self.scopes):
            ph = s.forward.pop(name, None)
            if ph is not None:
                if ph.type != value.type:
                    raise self.error(
                        f"definition of SSA value '%{name}' has type '{value.type}' but a prior use expects "
                        f"'{ph.type}'", tok, [note("prior use here", ph.loc)])
                ph.replace_all_uses_with(value)
                break
            if s.isolated:
                break
        scope.values[name] = value

    # ------------------------------------------------------------ ops
    def build(self, name: str, operands=(), result_types=(), attributes=None, regions=(), loc=None,
              properties=None) -> Operation:
        op = Operation.create(list(operands), list(result_types), attributes or {}, properties or {},
                              list(regions), loc or Location(self.filename), name=name)
        if op.name != name:  # an upstream spelling of a registered op (shard.shard): ModuleOp.source_marks
            self.source_marks.add(name)
        return op

    def set_entry_args(self, args: list[tuple[Any, Type]], isolated: bool = False) -> None:
        self.pending_args = (args, isolated)

    def operation(self, *children):
        if len(children) == 2:
            results, op = children
        else:
            results, op = None, children[0]
        self.pending_args = None
        if not isinstance(op, Operation):  # pragma: no cover - grammar bug
            raise self.error("internal: op rule returned no operation")
        if results is not None:
            count = sum(n for _, n, _ in results)
            if count != len(op.results):
                tok = results[0][2]
                raise self.error(
                    f"operation defines {len(op.results)} results but was provided {count} to bind", tok)
            i = 0
            for name, n, tok in results:
                if n == 1:
                    r = op.results[i]
                    r.name_hint = name
                    self.define(name, r, tok)
                    i += 1
                else:
                    for k in range(n):
                        r = op.results[i]
                        r.name_hint = name if k == 0 else None
                        self.define(f"{name}#{k}", r, tok)
                        i += 1
                    self.scopes[-1].values[name] = op.results[i - n]
        self.block_stack[-1].append(op)
        return op

    def op_results(self, *groups):
        return list(groups)

    def result_group(self, tok, count):
        return (str(tok)[1:], int(count) if count is not None else 1, tok)

    def value_use(self, tok):
        return tok

    def value_list(self, *toks):
        return list(toks)

    def type_list(self, *types):
        return list(types)

    def typed_values(self, toks, types):
        if len(toks) != len(types):
            raise self.error(f"{len(toks)} values but {len(types)} types", toks[0])
        return [self.use(t, ty) for t, ty in zip(toks, types)]

    # ------------------------------------------------------------ generic form
    def generic_op_name(self, tok):
        """The quoted op name; for a registered IsolatedFromAbove op (``"func.func"``)
        its region opens a fresh SSA scope, as in MLIR's generic form."""
        from meshc.ir.core import op_class

        if "IsolatedFromAbove" in op_class(_unquote(str(tok))).traits:
            self.set_entry_args([], isolated=True)
        return tok

    def generic_op(self, name_tok, operands, succs, props, regions, attrs, ftype):
        name = _unquote(str(name_tok))
        toks = operands or []
        if succs:
            from meshc.ir.core import op_class

            klass = op_class(name)
            if klass is not Operation and "Terminator" not in klass.traits:
                raise self.error(f"'{name}' op has successors but is not a terminator (successors in "
                                 "non-terminator)", name_tok)
        if len(toks) != len(ftype.inputs):
            raise self.error(f"'{name}' op has {len(toks)} operands but its type lists {len(ftype.inputs)}",
                             name_tok)
        values = [self.use(t, ty) for t, ty in zip(toks, ftype.inputs)]
        for region in regions or []:
            # MLIR's generic form: '{}' is a region without blocks ('{^bb0:}' holds one empty block)
            if len(region.blocks) == 1 and region.blocks[0].label is None and not region.blocks[0].ops \
                    and not region.blocks[0].args:
                region.blocks.clear()
        op = self.build(name, values, ftype.results, attrs or {}, regions or [], self.loc(name_tok),
                        properties=props or {})
        if succs:
            op.successors = succs
        return op

    def successor_with_operands(self, tok, values, types):
        """``^bb1(%x : i32)`` in a successor list: MLIR's custom branch syntax, not its generic form.

        Raises:
            DiagnosticError: always, at the label, showing where the operands go instead.
        """
        raise self.error(f"a successor takes no operands in the generic form: pass them as operands of the "
                         f"op, e.g. '\"cf.br\"(%x)[{tok}] : (i32) -> ()'", tok)

    def successors(self, *toks):
        """The blocks named by ``^label`` tokens in the current region; a label not yet defined
        gets a block that its definition fills in (MLIR's forward references to blocks)."""
        labels = self.block_maps[-1]
        out = []
        for tok in toks:
            entry = labels.get(str(tok)[1:])
            if entry is None:
                entry = labels[str(tok)[1:]] = [Block(), tok, False]
            out.append(entry[0])
        return out

    def properties(self, entries=None):
        return entries or {}

    def generic_regions(self, *regions):
        return list(regions)

    # ------------------------------------------------------------ regions
    def region_open(self, tok=None):
        self.depth += 1
        if self.depth > self.max_depth:
            self.max_depth, self.max_depth_tok = self.depth, tok if tok is not None else self.last_brace
        if self.depth > MAX_NESTING:
            raise self.error(f"nesting too deep (more than {MAX_NESTING} nested regions)",
                             tok if tok is not None else self.last_brace)
        args, isolated = self.pending_args if self.pending_args is not None else ([], False)
        self.pending_args = None
        self.scopes.append(_Scope(isolated))
        self.block_maps.append({})
        region = Region()
        block = region.add_block(Block())
        for tok_, ty in args:
            a = block.add_arg(ty, str(tok_)[1:], self.loc(tok_))
            self.define(str(tok_)[1:], a, tok_)
        self.region_stack.append(region)
        self.block_stack.append(block)
        return region

    def region(self, region, *_):
        self.depth -= 1
        self.block_stack.pop()
        self.region_stack.pop()
        scope = self.scopes.pop()
        self.check_blocks_defined(self.block_maps.pop())
        if scope.forward:
            if scope.isolated or len(self.scopes) == 0:
                ph = next(iter(scope.forward.values()))
                raise DiagnosticError(f"use of undeclared SSA value name '%{ph.name}'", ph.loc)
            self.scopes[-1].forward.update(scope.forward)
        # drop an empty entry block created for a region whose first block was labelled
        if len(region.blocks) > 1 and not region.blocks[0].ops and not region.blocks[0].args \
                and region.blocks[0].label is None:
            region.blocks.pop(0)
        return region

    def check_blocks_defined(self, labels: dict[str, list]) -> None:
        """Raise at the first reference to a block label that no block of its region defines."""
        for block, tok, defined in labels.values():
            if not defined:
                raise self.error(f"reference to an undefined block '{tok}'", tok)

    def block_header(self, label_tok, args):
        region = self.region_stack[-1]
        current = self.block_stack[-1]
        label = str(label_tok)[1:]
        labels = self.block_maps[-1]
        entry = labels.get(label)
        if entry is not None and entry[2]:
            raise self.error(f"redefinition of block '^{label}'", label_tok)
        forward = entry[0] if entry is not None else None
        if len(region.blocks) == 1 and not current.ops and not current.args and current.label is None:
            block = current
            if forward is not None:  # the implicit entry block, still empty, becomes the referenced one
                block = forward
                block.parent = region
                region.blocks[0] = block
                self.block_stack[-1] = block
        else:
            block = region.add_block(forward if forward is not None else Block())
            self.block_stack[-1] = block
        labels[label] = [block, label_tok, True]
        block.label = label
        for tok_, ty in args or []:
            a = block.add_arg(ty, str(tok_)[1:], self.loc(tok_))
            self.define(str(tok_)[1:], a, tok_)
        return block

    def labeled_block(self, *children):
        return children[0]

    def block_arg_list(self, *args):
        return list(args)

    def block_arg(self, tok, ty):
        return (tok, ty)

    # ------------------------------------------------------------ aliases
    def alias_def(self, tok, attr):
        name = str(tok)
        if name in self.attr_aliases:
            raise self.error(f"redefinition of attribute alias id '{name[1:]}'", tok)
        self.attr_aliases[name] = attr
        return None

    def type_alias_def(self, tok, ty):
        self.type_aliases[str(tok)] = ty
        return None

    def alias_use(self, tok):
        a = self.attr_aliases.get(str(tok))
        if a is None:
            raise self.error(f"undefined symbol alias id '{str(tok)[1:]}'", tok)
        return a

    def type_alias_use(self, tok):
        t = self.type_aliases.get(str(tok))
        if t is None:
            raise self.error(f"undefined symbol alias id '{str(tok)[1:]}'", tok)
        return t

    # ------------------------------------------------------------ types
    def int_type(self, tok):
        s = str(tok)
        sign = s[0] if s[0] in "su" else ""
        width = int(s[len(sign) + 1:])
        if width == 0 or width > 65536:
            raise self.error(f"integer bitwidth {width} is out of range", tok)
        return IntegerType(width, sign)

    def float_type(self, tok):
        ty = _FLOAT_TYPES.get(tok)
        if ty is None:
            ty = _FLOAT_TYPES[str(tok)] = FloatType(str(tok))
        return ty

    def index_type(self, tok):
        return INDEX

    def none_type(self, tok):
        return NoneType()

    def tensor_type(self, prefix, elem, enc):
        dims = str(prefix)[len("tensor<"):]
        shape: list[Optional[int]] = []
        for d in dims.split("x")[:-1]:
            shape.append(None if d == "?" else _dim(self, d, prefix))
        if not _is_element_type(elem):
            raise self.error(f"invalid tensor element type '{elem}'", prefix)
        return self._nested(TensorType(tuple(shape), elem, enc), elem, enc)

    def plain_tensor_type(self, tok):
        """A TENSOR_PLAIN token (``tensor<4x?xf32>``): the type :meth:`tensor_type` builds from the
        same text lexed as a prefix and an element type (its errors at the same places), kept per
        spelling."""
        ty = _PLAIN_TENSORS.get(tok)
        if ty is None:
            text = str(tok)
            split = _PLAIN_TENSOR.match(text).end(1)
            prefix = Token("TENSOR_PREFIX", text[:split], tok.start_pos, tok.line, tok.column)
            elem = Token("INT_TYPE", text[split:-1], tok.start_pos + split, tok.line, tok.column + split)
            if elem == "index":
                elem_type = self.index_type(elem)
            elif elem.startswith("f") or elem.startswith("bf"):
                elem_type = self.float_type(elem)
            else:
                elem_type = self.int_type(elem)
            ty = _PLAIN_TENSORS[text] = self.tensor_type(prefix, elem_type, None)
        self.depths[id(ty)] = (ty, 1)  # as tensor_type records it
        return ty

    def memref_type(self, prefix, elem, layout, memory_space):
        from meshc.ir.types import MemRefType

        dims = str(prefix)[len("memref<"):]
        shape = tuple(None if d == "?" else _dim(self, d, prefix) for d in dims.split("x")[:-1])
        if not _is_element_type(elem):
            raise self.error(f"invalid memref element type '{elem}'", prefix)
        return self._nested(MemRefType(shape, elem, layout, memory_space), elem, layout, memory_space)

    def unranked_tensor_type(self, tok, elem):
        return self._nested(UnrankedTensorType(elem), elem)

    def vector_type(self, prefix, elem):
        dims = str(prefix)[len("vector<"):]
        return self._nested(VectorType(tuple(_dim(self, d, prefix) for d in dims.split("x")[:-1]), elem), elem)

    def complex_type(self, elem):
        return self._nested(ComplexType(elem), elem)

    def function_type(self, *children):
        ins, outs = ((), children[0]) if len(children) == 1 else children
        # a level only when function types nest: the generic form wraps a signature's types in one
        add = int(any(isinstance(t, FunctionType) for t in (*ins, *outs)))
        return self._nested(FunctionType(tuple(ins), tuple(outs)), *ins, *outs, add=add)

    def generic_signature(self, *children):
        ins, outs = ((), children[0]) if len(children) == 1 else children
        return FunctionType(tuple(ins), tuple(outs))

    def function_results(self, *children):
        if not children:
            return []
        if len(children) == 1 and isinstance(children[0], list):
            return children[0]
        return [children[0]]

    def dialect_type(self, tok):
        from meshc.ir.types import OpaqueType

        text = str(tok)[1:]
        lt = text.find("<")
        head, body = (text, "") if lt < 0 else (text[:lt], text[lt:])
        dialect, _, name = head.partition(".")
        if dialect == "shard" and name == "sharding":
            dialect = "mesh"  # LLVM 21+ spelling of !mesh.sharding
        return OpaqueType(dialect, name, body)

    # ------------------------------------------------------------ attributes
    def int_attr(self, tok):
        return IntegerAttr(int(str(tok)))

    def float_attr(self, tok):
        return FloatAttr(float(str(tok)))

    def hex_attr(self, tok):
        return IntegerAttr(int(str(tok), 16))

    def neg_hex_attr(self, tok):
        return IntegerAttr(-int(str(tok), 16))

    def string_attr(self, tok):
        return StringAttr(_unquote(str(tok)))

    def true_attr(self, tok=None):
        return BoolAttr(True)

    def false_attr(self, tok=None):
        return BoolAttr(False)

    def unit_attr(self, tok=None):
        return UnitAttr()

    def type_attr(self, ty):
        return self._nested(TypeAttr(ty), ty, add=0)

    def typed_attr(self, tok, ty):
        text = str(tok)
        if isinstance(ty, (IntegerType, type(INDEX))):
            if tok.type == "FLOAT":
                raise self.error(f"floating point value not valid for specified type '{ty}'", tok)
            if tok.type in ("TRUE", "FALSE"):
                if ty != I1:
                    raise self.error(f"boolean value not valid for specified type '{ty}'", tok)
                return IntegerAttr(1 if tok.type == "TRUE" else 0, ty)
            value = int(text, 16) if tok.type == "HEX" else int(text)
            if isinstance(ty, IntegerType):
                value = _check_int_range(self, value, ty, tok)
            return IntegerAttr(value, ty)
        if isinstance(ty, FloatType):
            if tok.type == "HEX":
                return FloatAttr(_float_from_bits(self, int(text, 16), ty, tok), ty)
            if tok.type in ("TRUE", "FALSE"):
                raise self.error(f"boolean value not valid for specified type '{ty}'", tok)
            return FloatAttr(_check_float_range(self, float(text), ty, tok), ty)
        raise self.error(f"invalid type '{ty}' for a scalar literal", tok)

    def attr_array(self, *elems):
        return self._nested(ArrayAttr(tuple(elems)), *elems)

    def dict_attr(self, entries=None):
        return self._nested(DictionaryAttr(tuple((entries or {}).items())), *(entries or {}).values())

    def attr_dict(self, entries=None):
        return entries or {}

    def dict_entries(self, *entries):
        out: dict[str, Attribute] = {}
        for k, v, tok in entries:
            if k in out:
                raise self.error(f"duplicate key '{k}' in dictionary attribute", tok)
            out[k] = v
        return out

    def dict_entry(self, key, value):
        k = _unquote(str(key)) if str(key).startswith('"') else str(key)
        return (k, value if value is not None else UnitAttr(), key)

    def kw_as_id(self, tok):
        return tok

    def symbol_ref(self, *toks):
        names = [_symbol_name(str(t)) for t in toks]
        return SymbolRefAttr(names[0], tuple(names[1:]))

    # dense<...>
    def dense_attr(self, open_tok, body, ty):
        if not isinstance(ty, (TensorType, VectorType)) or (isinstance(ty, TensorType) and not ty.has_static_shape):
            raise self.error(f"elements literal type must be a static shaped tensor, got '{ty}'", open_tok)
        self._dense_tok = open_tok
        try:
            return self._nested(_build_dense(self, body, ty), ty)
        except DiagnosticError as err:
            if not err.location.known:
                raise self.error(err.message, open_tok) from None
            raise

    def dense_hex(self, tok):
        return ("hex", tok)

    def dense_int(self, tok):
        return ("int", int(str(tok)), tok)

    def dense_float(self, tok):
        return ("float", float(str(tok)), tok)

    def dense_hexfloat(self, tok):
        return ("hexbits", int(str(tok), 16), tok)

    def dense_true(self, tok):
        return ("int", 1, tok)

    def dense_false(self, tok):
        return ("int", 0, tok)

    def dense_list(self, *elems):
        return ("list", list(elems), None)

    def dense_complex(self, a, b):
        return ("complex", (a, b), None)

    def dense_array_attr(self, ty, *vals):
        """``array<ty: v, ...>`` from ``(kind, value, token)`` elements: each is checked against the
        element type as MLIR's dense array parser does (a float or a boolean where an integer type
        wants an integer, and a boolean in a float array, are errors; integers are range-checked;
        floats must be finite in the type; a hex literal is the bits of a float element).

        Raises:
            DiagnosticError: located at the offending element.
        """
        return DenseArrayAttr(ty, tuple(self._dense_array_value(ty, v) for v in vals))

    def _dense_array_value(self, ty, node):
        kind, value, tok = node
        is_bool = tok.type in ("TRUE", "FALSE")
        if ty.is_float:
            if is_bool:
                raise self.error(f"boolean value not valid for element type '{ty}'", tok)
            if kind == "hexbits":
                return _float_from_bits(self, value, ty, tok)
            try:
                return _check_float_range(self, float(value), ty, tok)
            except OverflowError:  # an integer literal beyond any float
                raise self.error(f"float constant of {len(str(abs(value)))} digits out of range for type '{ty}'",
                                 tok) from None
        if kind == "float":
            raise self.error(f"floating point value not valid for element type '{ty}'", tok)
        if ty == I1:
            if not is_bool and value not in (0, 1):
                raise self.error(f"integer constant {value} out of range for type '{ty}'", tok)
            return bool(value)
        if is_bool:
            raise self.error(f"boolean value not valid for element type '{ty}'", tok)
        if isinstance(ty, IntegerType):
            return _check_int_range(self, value, ty, tok)
        return value

    # affine maps
    def affine_map_attr(self, dims, syms, *results):
        self._affine_ids = None
        dims = dims or []
        syms = syms or []
        env = {str(t): DimExpr(i) for i, t in enumerate(dims)}
        env.update({str(t): SymbolExpr(i) for i, t in enumerate(syms)})
        resolved = tuple(_resolve_affine(self, r, env) for r in results)
        return AffineMapAttr(AffineMap(len(dims), len(syms), resolved))

    def dim_ids(self, *toks):
        return list(toks)

    def affine_id(self, tok):
        return ("id", tok)

    def affine_const(self, tok):
        return ("const", tok)

    def affine_neg(self, e):
        return self._affine_bin("*", e, ConstantExpr(-1))

    def affine_add(self, a, b):
        return self._affine_bin("+", a, b)

    def affine_sub(self, a, b):
        return self._affine_bin("+", a, self._affine_bin("*", b, ConstantExpr(-1)))

    def affine_mul(self, a, b):
        return self._affine_bin("*", a, b)

    def affine_floordiv(self, a, _t, b):
        return self._affine_bin("floordiv", a, b)

    def affine_ceildiv(self, a, _t, b):
        return self._affine_bin("ceildiv", a, b)

    def affine_mod(self, a, _t, b):
        return self._affine_bin("mod", a, b)

    def _affine_bin(self, kind, a, b):
        """An unresolved binary node ``("bin", kind, a, b, depth)``; a tree
        deeper than MAX_AFFINE_DEPTH is a located error (chains such as
        ``d0 + d0 + ...`` nest without brackets)."""
        depth = 1 + max(_affine_depth(a), _affine_depth(b))
        if depth > MAX_AFFINE_DEPTH:
            raise self.error(f"affine expression nested too deep (more than {MAX_AFFINE_DEPTH} operators deep)",
                             _affine_token(a))
        return ("bin", kind, a, b, depth)

    # sharding attributes (the mesh dialect's classes)
    def sharding_attr(self, sym, split, *opts):
        from meshc.dialects.mesh import ShardingAttr

        return self._nested(ShardingAttr.from_parts(_symbol_name(str(sym)), split, opts),
                            *(o[1] for o in opts if o[0] == "inner"))

    def shard_encoding_attr(self, open_tok, sym, split, *opts):
        from meshc.dialects.mesh import ShardEncodingAttr, ShardingAttr

        inner = None
        rest = []
        for o in opts:
            if o[0] == "inner":
                inner = o[1]
            else:
                rest.append(o)
        return self._nested(ShardEncodingAttr(ShardingAttr.from_parts(_symbol_name(str(sym)), split, rest), inner),
                            inner)

    def split_axes(self, *lists):
        return [tuple(l) for l in lists]

    def axis_list(self, *ints):
        return [int(str(i)) for i in ints]

    def bare_axis(self, tok):
        raise self.error("expected a list of mesh axes such as '[0]' for each tensor dimension, got a bare "
                         f"integer '{tok}'", tok)

    def sharding_partial(self, _kw, kind, *axes):
        return ("partial", str(kind), tuple(int(str(a)) for a in axes), kind)

    def sharding_halo(self, _kw, *vals):
        return ("halo_sizes", tuple(int(str(a)) for a in vals))

    def sharding_offsets(self, _kw, *vals):
        return ("sharded_dims_offsets", tuple(int(str(a)) for a in vals))

    def sharding_inner(self, _kw, attr):
        return ("inner", attr)

    # #dialect.name<...>
    def dialect_attr(self, open_tok, *items):
        from meshc.dialects import build_dialect_attr

        name = str(open_tok)[1:-1]
        try:
            return self._nested(build_dialect_attr(name, list(items)), *items)
        except ValueError as err:
            raise self.error(f"invalid '#{name}' attribute: {err}", open_tok) from None

    def dialect_attr_bare(self, tok):
        from meshc.dialects import build_dialect_attr

        name = str(tok)[1:]
        try:
            return build_dialect_attr(name, None)
        except ValueError as err:
            raise self.error(f"invalid '#{name}' attribute: {err}", tok) from None

    def dattr_keyed(self, key, value):
        return (str(key), value)

    def dattr_keyword(self, tok):
        from meshc.dialects import Keyword

        return Keyword(str(tok))

    def dattr_keyword_array(self, tok, arr):
        from meshc.dialects import Keyword

        return Keyword(str(tok) + str(arr))

    def dattr_scoped_string(self, a, b):
        from meshc.dialects import Keyword

        return Keyword(f"{a}::{b}")

    def custom_op(self, *children):  # pragma: no cover - placeholder rule
        raise self.error("internal: placeholder custom_op")

    def start(self, *children):
        return None


MAX_NESTING = 200


def _resolve_affine(state, node, env):
    if isinstance(node, tuple):
        if node[0] == "id":
            tok = node[1]
            e = env.get(str(tok))
            if e is None:
                raise state.error(f"use of undeclared identifier '{tok}' in affine map", tok)
            return e
        if node[0] == "const":
            return ConstantExpr(int(str(node[1])))
        _, kind, a, b, _depth = node
        return _fold_affine(kind, _resolve_affine(state, a, env), _resolve_affine(state, b, env))
    return node


def _affine_depth(node) -> int:
    return node[4] if isinstance(node, tuple) and node[0] == "bin" else 0


def _affine_token(node):
    """The leftmost token of an unresolved affine expression (for locations)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, tuple):
            if n[0] in ("id", "const"):
                return n[1]
            stack.extend((n[3], n[2]))
    return None


def _dim(state, text: str, tok) -> int:
    """A static dimension of a tensor or vector type: MLIR keeps sizes in int64."""
    d = int(text)
    if d >= 1 << 63:
        raise state.error(f"dimension {d} of '{tok}' is too large (at most 2**63 - 1)", tok)
    return d


def _fold_affine(kind, a, b):
    if isinstance(a, ConstantExpr) and isinstance(b, ConstantExpr) and kind in ("+", "*"):
        return ConstantExpr(a.value + b.value if kind == "+" else a.value * b.value)
    return BinaryExpr(kind, a, b)


def _is_element_type(t: Type) -> bool:
    from meshc.ir.types import IndexType, OpaqueType

    return isinstance(t, (IntegerType, FloatType, IndexType, ComplexType, OpaqueType, VectorType))


def _unquote(s: str) -> str:
    """The value of a string literal: ``\\"``, ``\\\\``, ``\\n``, ``\\t`` and ``\\XX`` (a hex byte)
    undone. Hex bytes that form UTF-8 sequences give their characters, as MLIR's strings are bytes
    (mlir-opt prints ``"é"`` as ``"\\C3\\A9"``); text that is not UTF-8 keeps one character per byte."""
    body = s[1:-1]
    if "\\" not in body:
        return body
    out: list[str] = []
    raw = bytearray()  # the same text as bytes (escaped bytes as they are)
    high = False  # an escaped byte >= 0x80 (then the bytes may spell UTF-8)
    i = 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            n = body[i + 1]
            simple = {'"': '"', "\\": "\\", "n": "\n", "t": "\t"}.get(n)
            if simple is not None:
                out.append(simple)
                raw += simple.encode()
                i += 2
                continue
            hexpair = body[i + 1:i + 3]
            if len(hexpair) == 2 and all(ch in "0123456789abcdefABCDEF" for ch in hexpair):
                byte = int(hexpair, 16)
                out.append(chr(byte))
                raw.append(byte)
                high = high or byte >= 0x80
                i += 3
                continue
        out.append(c)
        raw += c.encode("utf-8", "surrogatepass")
        i += 1
    if high:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            pass
    return "".join(out)


def symbol_name(s: str) -> str:
    """The name a SYMBOL token spells: ``@gh`` and ``@"gh"`` both give ``gh``; a quoted name has its
    escapes undone (MLIR's LangRef: ``symbol-ref-id ::= `@` (suffix-id | string-literal)``, the two
    spellings name the same symbol)."""
    s = s[1:]
    return _unquote(s) if s.startswith('"') else s


_symbol_name = symbol_name


def _check_int_range(state, value: int, ty: IntegerType, tok) -> int:
    w = ty.width
    if ty.signedness == "u":
        lo, hi = 0, (1 << w) - 1
    elif ty.signedness == "s":
        lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
    else:  # signless: accept both signed and unsigned spellings, store signed
        lo, hi = -(1 << (w - 1)), (1 << w) - 1
    if w == 1:
        lo, hi = -1, 1
    if not lo <= value <= hi:
        raise state.error(f"integer constant {value} out of range for type '{ty}'", tok)
    if ty.signedness == "" and w > 1 and value >= (1 << (w - 1)):
        value -= 1 << w
    return value


def _float_from_bits(state, bits: int, ty: FloatType, tok) -> float:
    """The float whose bit pattern is ``bits`` (MLIR's hexadecimal float literal ``0x7FC00000 : f32``).

    Raises:
        DiagnosticError: the type has no numpy dtype, or ``bits`` is wider than the type.
    """
    import numpy as np

    try:
        dt = numpy_dtype(ty)
    except ValueError:
        raise state.error(f"hexadecimal float literal not supported for type '{ty}'", tok) from None
    if bits.bit_length() > 8 * dt.itemsize:
        raise state.error(f"hexadecimal float constant does not fit in '{ty}' ({8 * dt.itemsize} bits)", tok)
    raw = bits.to_bytes(dt.itemsize, "little")
    return float(np.frombuffer(raw, dtype=dt)[0])


_STRUCT_FLOATS = {"f16": "<e", "f32": "<f", "f64": "<d"}  # struct formats of the IEEE float types


def _check_float_range(state, value: float, ty: Type, tok) -> float:
    """``value`` when it is representable in float type ``ty`` (rounding allowed),
    else a located error (MLIR: "float constant out of range").

    Raises:
        DiagnosticError: a finite ``value`` that overflows to inf or NaN in ``ty``.
    """
    import math

    if not math.isfinite(value) or not isinstance(ty, FloatType):
        return value
    packed = _STRUCT_FLOATS.get(ty.name)
    if packed is not None:  # IEEE half, single, double: the struct module rounds and overflows as numpy does
        import struct

        try:
            struct.pack(packed, value)
        except OverflowError:
            raise state.error(f"float constant {value!r} out of range for type '{ty}'", tok) from None
        return value
    import numpy as np

    try:
        dt = numpy_dtype(ty)
    except ValueError:
        dt = np.dtype(np.float32)  # tf32 has f32's exponent range
    with np.errstate(over="ignore", invalid="ignore"):
        converted = np.array(value, dtype=np.float64).astype(dt)
    if not np.isfinite(converted.astype(np.float64)):
        raise state.error(f"float constant {value!r} out of range for type '{ty}'", tok)
    return value


def _build_dense(state, body, ty) -> DenseElementsAttr:
    """The DenseElementsAttr of a ``dense<body> : ty`` literal.

    A splat (one scalar, or hex bytes of one element) is kept as a zero-stride
    numpy view of the full shape, so ``dense<1.0> : tensor<100000x100000xf32>``
    takes O(1) memory; lists and full hex strings hold as many elements as the
    text spells out. Integer elements are range-checked against the element
    type (MLIR's rules) and floats against the float type.

    Raises:
        DiagnosticError: unsupported element type, rank above MAX_DENSE_RANK,
            more than MAX_DENSE_BYTES bytes, a value out of range, a shape
            mismatch, a literal nested deeper than the type's rank.
    """
    import numpy as np

    et = ty.element_type
    try:
        dt = numpy_dtype(et)
    except ValueError:
        raise state.error(f"unsupported dense element type '{et}'") from None
    shape = tuple(ty.shape)
    if len(shape) > MAX_DENSE_RANK:
        raise state.error(f"dense literal of rank {len(shape)} is not supported (at most {MAX_DENSE_RANK} dims)")
    n = extent = 1
    for d in shape:
        n *= d
        extent *= max(d, 1)  # numpy also refuses an empty array whose other dims overflow
    if extent * dt.itemsize > MAX_DENSE_BYTES:
        raise state.error(f"dense literal of type '{ty}' has {n} elements ({n * dt.itemsize} bytes), more than "
                          f"meshc supports ({MAX_DENSE_BYTES} bytes)")
    if body is None:
        if n != 0:
            raise state.error(f"empty dense literal for type '{ty}' with {n} elements")
        return DenseElementsAttr(ty, np.zeros(shape, dtype=dt))
    if body[0] == "hex":
        tok = body[1]
        text = _unquote(str(tok))
        if not text.startswith("0x"):
            raise state.error("expected a hex string '0x...' in dense literal", tok)
        try:
            raw = bytes.fromhex(text[2:])
        except ValueError:
            raise state.error("malformed hex string in dense literal", tok) from None
        width = dt.itemsize
        if len(raw) == width:
            return DenseElementsAttr(ty, _splat(np.frombuffer(raw, dtype=dt.newbyteorder("<")).astype(dt)[0], shape))
        if len(raw) == width * n:
            return DenseElementsAttr(ty, np.frombuffer(raw, dtype=dt.newbyteorder("<")).astype(dt).reshape(shape))
        raise state.error(f"hex dense literal has {len(raw)} bytes, expected {width * n} for '{ty}'", tok)

    part = et.element_type if isinstance(et, ComplexType) else et

    def scalar(node):
        kind, v, tok = node
        if kind in ("list", "complex"):
            raise state.error("expected a scalar in dense literal")
        if kind == "hexbits" and part.is_float:
            return _float_from_bits(state, v, part, tok)
        if kind == "float" and not part.is_float:
            raise state.error(f"floating point value not valid for element type '{et}'", tok)
        if not part.is_float:
            return _check_int_range(state, v, part if isinstance(part, IntegerType) else I64, tok)
        try:
            return _check_float_range(state, float(v), part, tok)
        except OverflowError:
            raise state.error(f"float constant {v} out of range for type '{et}'", tok) from None

    def element(value):
        try:
            with np.errstate(over="ignore", invalid="ignore"):
                return np.array(value, dtype=dt)
        except (ValueError, OverflowError, TypeError) as err:
            raise state.error(f"invalid dense literal for '{ty}': {err}") from None

    if body[0] == "complex":
        a, b = body[1]
        return DenseElementsAttr(ty, _splat(element(complex(scalar(a), scalar(b))), shape))
    if body[0] != "list":
        return DenseElementsAttr(ty, _splat(element(scalar(body)), shape))

    def nested(node, depth):
        if node[0] == "list":
            if depth >= MAX_DENSE_RANK:
                raise state.error(f"dense literal nested more than {MAX_DENSE_RANK} lists deep")
            return [nested(c, depth + 1) for c in node[1]]
        if node[0] == "complex":
            return complex(scalar(node[1][0]), scalar(node[1][1]))
        return scalar(node)

    data = nested(body, 0)
    try:
        arr = np.array(data, dtype=np.float64 if et.is_float else object)
        with np.errstate(over="ignore", invalid="ignore"):
            arr = arr.astype(dt)
    except (ValueError, OverflowError, TypeError) as err:
        raise state.error(f"invalid dense literal for '{ty}': {err}") from None
    if arr.shape != shape:
        raise state.error(f"inferred shape of elements literal ([{', '.join(map(str, arr.shape))}]) does not "
                          f"match type ([{', '.join(map(str, shape))}])")
    return DenseElementsAttr(ty, arr)


def _splat(value, shape):
    """A read-only zero-stride view of the scalar ``value`` with ``shape`` (O(1) memory)."""
    import numpy as np

    return np.broadcast_to(np.asarray(value), shape)


# ---------------------------------------------------------------- the parser
_PARSER: Any = None  # lark's parser (lark's loop: errors only)
_CALLBACKS: Any = None


def _grammar_text() -> str:
    from meshc.dialects import DIALECTS

    parts = [(GRAMMAR_DIR / "core.lark").read_text()]
    for d in DIALECTS:
        path = GRAMMAR_DIR / f"{d.__name__.rsplit('.', 1)[-1]}.lark"
        if path.exists():
            parts.append(path.read_text())
    parts.append(_derived_grammar()[0])
    return "\n".join(parts)


_DERIVED: Any = None


def _derived_grammar():
    """The rules and callbacks derived from the ops' assembly formats (meshc.ir.opdef), made once."""
    global _DERIVED
    if _DERIVED is None:
        from meshc.dialects import load_all
        from meshc.ir.opdef import grammar_and_callbacks

        load_all()
        _DERIVED = grammar_and_callbacks()
    return _DERIVED


# a rule's name (``name:``, ``?name:``, ``%extend name:``) or an alternative's alias (``-> name``)
_RULE_NAME = re.compile(r"^\s*(?:%extend\s+)?[?!]?([a-z_][a-z_0-9]*)(?:\.\d+)?\s*:|->\s*([a-z_][a-z_0-9]*)", re.M)


def _callback_class(grammar: str) -> type:
    """The callbacks class: every dialect's ``Syntax`` mixin over :class:`ParserCore`, with the
    callbacks of the rules of ``grammar`` copied onto the class itself. Its ``_rule_methods`` names
    the rule callbacks that take their children inline (those lark's ``v_args(inline=True)`` would
    wrap: the public ones of the class' own namespace); no lark class is involved, so that the
    parse needs no lark import.

    Helpers (``use``, ``build``, ``loc``, ...) stay plain inherited methods."""
    from meshc.dialects import DIALECTS

    mixins = [d.Syntax for d in DIALECTS if hasattr(d, "Syntax")]
    bases = tuple(mixins) + (ParserCore,)
    rules = {a or b for a, b in _RULE_NAME.findall(grammar)}
    namespace: dict[str, Any] = {}
    for base in reversed(bases):
        for klass in reversed(base.__mro__[:-1]):  # a mixin's own bases too (mesh's CollectiveSyntax)
            for k, v in vars(klass).items():
                if k in rules and callable(v):
                    namespace[k] = v
    namespace.update(_derived_grammar()[1])
    namespace["_rule_methods"] = frozenset(k for k, v in namespace.items() if not k.startswith("_") and callable(v))
    return type("MeshcParseCallbacks", bases, namespace)


class _InlineRules:
    """What lark calls a rule's callback through: one plain function per rule callback of the
    callbacks object (``_rule_methods``), taking the children list and passing them inline to the
    method bound once. Other names fall through to the object (lark's default then builds a tree)."""

    def __init__(self, callbacks: Any):
        self._callbacks = callbacks
        for name in type(callbacks)._rule_methods:
            setattr(self, name, _inline(getattr(callbacks, name)))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._callbacks, name)


def _inline(method):
    def callback(children):
        return method(*children)

    return callback


# lexer callbacks: terminal -> the method of the callbacks object lark calls on each such token
_LEXER_CALLBACKS = {"LBRACE": "_note_brace", "RSQB": "_note_close", "MORETHAN": "_note_close",
                    "RBRACE": "_note_close", "RPAR": "_note_close"}
_TABLES_FORMAT = "driver-tables-4"  # bump when _build_tables' output changes shape
_SETUP: Any = None  # (grammar text, callbacks object, cache digest), made once per process


def _setup() -> tuple[str, Any, str]:
    """The grammar text, the process' callbacks object and the key of the cache files (the grammar
    text, the Python version and where lark is installed, with its ``__init__``'s size and mtime:
    lark itself is not imported for it)."""
    global _SETUP, _CALLBACKS
    if _SETUP is None:
        import importlib.util

        text = _grammar_text()
        _CALLBACKS = _callback_class(text)()
        spec = importlib.util.find_spec("lark")
        origin = getattr(spec, "origin", None) or ""
        try:
            st = os.stat(origin)
            lark_id = f"{origin}\0{st.st_size}\0{st.st_mtime_ns}"
        except OSError:
            lark_id = origin
        key = f"{text}\0{lark_id}\0{sys.version}\0{_TABLES_FORMAT}\0inline-rules\0starts-skipped\0first-chars".encode()
        _SETUP = (text, _CALLBACKS, _sha256_hex(key)[:16])
    return _SETUP


_TABLES: Any = None  # the driver tables (None: not loaded yet; False: the driver cannot run this grammar)


def _fast_parser() -> tuple[Any, Any]:
    """``(driver tables or False, callbacks object)``: what :class:`_Driver` parses with, without
    importing lark. The tables are plain data (:func:`_build_tables`) kept with ``marshal`` in
    ``$XDG_CACHE_HOME/meshc/tables-*.marshal`` (written to a temporary file, then renamed: safe
    for concurrent runs); a missing, damaged or foreign file is rebuilt from lark's parser
    (:func:`_parser`), and any cache problem only costs that rebuild."""
    global _TABLES
    if _TABLES is None:
        import marshal

        _, callbacks, digest = _setup()
        path = _cache_dir() / f"tables-{digest}.marshal"
        tables = None
        try:
            with open(path, "rb") as f:
                loaded = marshal.load(f)
            if isinstance(loaded, dict) and loaded.get("format") == _TABLES_FORMAT:
                tables = loaded
        except Exception:  # noqa: BLE001 - missing, truncated, or foreign: rebuild
            tables = None
        if tables is None:
            parser, _ = _parser()
            tables = _build_tables(parser)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
                with open(tmp, "wb") as f:
                    marshal.dump(tables, f)
                os.replace(tmp, path)
            except (OSError, ValueError):
                pass
        _TABLES = tables if tables.get("ok") else False
    return _TABLES, _CALLBACKS


def _parser() -> tuple[Any, Any]:
    """The process' lark parser and its callbacks object, built on first use: lark's own loop runs
    only where :class:`_Driver` cannot (a syntax error, to report it as lark finds it).

    A built parser is pickled to ``$XDG_CACHE_HOME/meshc`` (key: see :func:`_setup`) right after it
    is built, before any parse has compiled the contextual lexer's regexes (they stay lazy);
    loading that pickle is ~4x faster than lark's own cache format. Any cache problem falls back
    to building (lark's cache still applies)."""
    global _PARSER
    if _PARSER is None:
        from lark import Lark

        text, callbacks, digest = _setup()
        cache_dir = _cache_dir()
        pickled = cache_dir / f"parser-{digest}.pickle"
        _PARSER = _load_pickled(pickled, callbacks)
        if _PARSER is None:
            cache: Any = False
            try:
                cache_dir.mkdir(parents=True, exist_ok=True)
                cache = str(cache_dir / f"grammar-{digest}.lark.cache")
            except OSError:
                pass
            _PARSER = Lark(text, parser="lalr", lexer="contextual", transformer=_InlineRules(callbacks),
                           propagate_positions=False, maybe_placeholders=True, cache=cache,
                           lexer_callbacks={k: getattr(callbacks, v) for k, v in _LEXER_CALLBACKS.items()})
            # which terminals may start where whitespace does, decided once for all of them and
            # kept in the pickle: probing them was the first parse's regex compilations
            _PARSER.starts_skipped = {t.name: _may_start_skipped(t, _PARSER.lexer_conf.g_regex_flags)
                                      for t in _PARSER.terminals}
            # and the characters each terminal may start with (the lexer's scanners by character):
            # read from re's parse of every pattern, which is too slow to redo at each start-up
            flags = _PARSER.lexer_conf.g_regex_flags
            _PARSER.first_chars = {(t.name, t.pattern.to_regexp(), flags): _first_chars(t.pattern.to_regexp(), flags)
                                   for t in _PARSER.terminals}
            _save_pickled(_PARSER, callbacks, pickled)
        _STARTS_SKIPPED.update(getattr(_PARSER, "starts_skipped", {}))
        _FIRST_CHARS.update(getattr(_PARSER, "first_chars", {}))
        _install_fast_lexers(_PARSER)
    return _PARSER, _CALLBACKS


def _build_tables(parser: Any) -> dict:
    """What :class:`_Driver` needs of lark's built ``parser``, as plain data (``marshal``-able):

    * ``states``: state -> its actions, pairs of C ints ``(terminal or rule name as an index into
      ``names``, next state (a shift or a goto, >= 0) or ``-1 - i`` (reduce by rule ``i``))``, as
      bytes (a parse reaches few of the ~2300 states: only those are decoded); ``start``, ``end``:
      the first and accepting states;
    * ``rules``: per rule ``(size, rule name, callback name, aliased, expand1, kept children, nones)``,
      lark's own shaping of the rule's children (``ChildFilterLALR``: the children kept, those
      spliced in, the placeholders of ``[x]``; ``?rule``'s single child passed through);
    * ``lexer_of``: state -> its lexer's index in ``lexers`` (``marshal``-ed, each lexer once), each
      False (lark's lexer must run there) or ``(ignored patterns, characters
      that may start ignored text or None, newline terminals, keyword terminals by the terminal
      that matches them, the state's other terminals, flags)``, the terminals as indices into
      ``terminal_specs``, ``(name, pattern, first characters)`` each;
    * ``terminals``: every terminal name (the token callbacks are looked up by these);
    * ``ok``: False where lark's parse must run for everything (an unexpected rule shape).
    """
    from lark.lexer import PatternRE, PatternStr
    from lark.parse_tree_builder import ChildFilterLALR, ChildFilterLALR_NoPlaceholders, ExpandSingleChild
    from lark.parsers.lalr_analysis import Shift

    frontend = parser.parser
    table = frontend.parser.parser.parse_table
    ok = parser.options.postlex is None and not parser.options.propagate_positions and sys.version_info >= (3, 11)
    index: dict[Any, int] = {}
    rules = []
    for rule, chain in parser._parse_tree_builder.rule_builders:
        expand1, include, nones = False, None, 0
        for w in chain:
            if w is ExpandSingleChild:
                expand1 = True
            elif getattr(w, "func", None) is ChildFilterLALR:
                include, nones = w.args
            elif getattr(w, "func", None) is ChildFilterLALR_NoPlaceholders:
                include = [(i, x, 0) for i, x in w.args[0]]
            else:
                ok = False
        if include is None:
            include = [(i, False, 0) for i in range(len(rule.expansion))]
        name = rule.alias or rule.options.template_source or rule.origin.name
        index[rule] = len(rules)
        rules.append((len(rule.expansion), str(rule.origin.name), str(name), bool(rule.alias), bool(expand1),
                      tuple((int(i), bool(x), int(a)) for i, x, a in include), int(nones)))
    import marshal

    import array

    states = {}
    names: list[str] = []
    name_index: dict[str, int] = {}
    for state, actions in table.states.items():
        row = array.array("i")
        for name, (action, arg) in actions.items():
            name = str(name)
            if name not in name_index:
                name_index[name] = len(names)
                names.append(name)
            row.append(name_index[name])
            row.append(int(arg) if action is Shift else -1 - index[arg])
        states[int(state)] = row.tobytes()  # decoded when the parse first reaches the state
    lexer_of, lexers, seen = {}, [], {}
    terminal_specs: list = []
    numbered: dict = {}

    def terminal_index(*spec):
        if spec not in numbered:
            numbered[spec] = len(terminal_specs)
            terminal_specs.append(spec)
        return numbered[spec]

    for state, basic in frontend.lexer.lexers.items():  # lark shares one lexer among states
        if id(basic) not in seen:
            seen[id(basic)] = len(lexers)
            lexers.append(marshal.dumps(_lexer_tables(basic, PatternRE, PatternStr, terminal_index)))
        lexer_of[int(state)] = seen[id(basic)]
    return {"format": _TABLES_FORMAT, "ok": ok, "states": states, "rules": rules,
            "start": int(table.start_states["start"]), "end": int(table.end_states["start"]),
            "lexer_of": lexer_of, "lexers": lexers, "terminal_specs": terminal_specs, "names": names, "terminals": [str(t.name) for t in parser.terminals]}


def _lexer_tables(basic: Any, pattern_re: type, pattern_str: type, terminal_index: Any) -> Any:
    """One contextual-lexer state of lark (``basic``, a ``BasicLexer``) as plain data for
    :func:`_build_tables`, or False where lark's lexer must stay: an ignored terminal with a
    callback, a terminal that may start where ignored text does, a keyword with regex flags.
    ``terminal_index(name, pattern, first characters)`` numbers the terminals (kept once)."""
    flags = basic.g_regex_flags
    ignored = _fast_scan_ignored(basic)
    if ignored is None:
        return False
    # lark's ``_create_unless``: a string terminal that a regex terminal of the same priority also
    # matches is lexed as the regex one, then retyped by a whole-text match (first string wins)
    strs = [t for t in basic.terminals if isinstance(t.pattern, pattern_str)]
    unless: dict[str, dict[str, str]] = {}
    embedded = set()
    for retok in basic.terminals:
        if not isinstance(retok.pattern, pattern_re):
            continue
        rx = re.compile(retok.pattern.to_regexp(), flags)
        for strtok in strs:
            if strtok.priority != retok.priority:
                continue
            s = strtok.pattern.value
            m = rx.match(s)
            if m is not None and m.group(0) == s:
                if strtok.pattern.flags:
                    return False
                unless.setdefault(str(retok.name), {}).setdefault(str(s), str(strtok.name))
                if set(strtok.pattern.flags) <= set(retok.pattern.flags):
                    embedded.add(strtok.name)
    terminals = [t for t in basic.terminals if t.name not in embedded]
    starts: Optional[str] = ""
    for t in ignored:
        first = _first_chars(t.pattern.to_regexp(), flags)
        if first is None or first[1]:
            starts = None  # then skip before every token
            break
        starts += "".join(sorted(first[0]))
    kept = []
    for t in terminals:
        if t.name in basic.ignore_types:
            continue
        rx = t.pattern.to_regexp()
        first = _FIRST_CHARS.get((t.name, rx, flags), False)
        if first is False:
            first = _first_chars(rx, flags)
        kept.append(terminal_index(str(t.name), rx, None if first is None else ("".join(sorted(first[0])),
                                                                                bool(first[1]))))
    return (tuple(t.pattern.to_regexp() for t in ignored), starts, tuple(sorted(basic.newline_types)), unless,
            tuple(kept), int(flags))


_FAST_LEXER: Any = None


def _fast_lexer_class() -> type:
    """:class:`_FastBasicLexer`, defined on first use (it subclasses lark's ``BasicLexer``: lark is
    imported only where lark's own loop runs)."""
    global _FAST_LEXER
    if _FAST_LEXER is None:
        from lark import Token as LarkToken
        from lark.lexer import BasicLexer as _BasicLexer, _create_unless

        class _FastBasicLexer(_BasicLexer):
            """The lexer of one contextual-lexer state with the ignored terminals (whitespace, comments,
            ``loc(...)``) skipped inside the same regex match as the next token: one ``re`` match and one
            token per significant token instead of lark's match-and-drop of every ignored one (nearly half
            of the matches of a typical module). Installed over lark's ``BasicLexer`` by swapping the
            instance's class (:func:`_install_fast_lexers`); the scanner, its terminal order and callbacks
            stay lark's, and anything unusual (no match, end of input) goes through lark's own
            ``next_token`` from the same position, so every token and error is the one lark would make."""

            _fast: Any = None  # (skip-and-match regex, skip regex, newline types, callbacks), built on first use

            def _build_fast(self) -> Any:
                """The compiled skip-and-match regex of this state, or False where lark's path must stay
                (an ignored terminal with a callback, or a token that may start with what is skipped).
                lark's own scanner is not compiled: it is built only for an error (one regex per state)."""
                flags = self.g_regex_flags
                ignored = _fast_scan_ignored(self)
                if ignored is None:
                    return False
                terminals, callbacks = _create_unless(self.terminals, flags, self.re, self.use_bytes)
                for name, user in self.user_callbacks.items():
                    callbacks[name] = _after(callbacks[name], user, name) if name in callbacks else user
                skip = "(?>(?:" + "|".join(t.pattern.to_regexp() for t in ignored) + ")*)"  # atomic: Python 3.11
                alternatives = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals)
                return (_kept_regex(f"{skip}(?:{alternatives})", flags), _kept_regex(skip, flags), self.newline_types,
                        callbacks)

            def next_token(self, lex_state: Any, parser_state: Any = None) -> Token:
                fast = self._fast
                if fast is None:
                    fast = self._fast = self._build_fast()
                if fast is False:
                    return _BasicLexer.next_token(self, lex_state, parser_state)
                master, skip, newline_types, callbacks = fast
                line_ctr = lex_state.line_ctr
                slice_ = lex_state.text
                text = slice_.text
                pos = line_ctr.char_pos
                m = master.match(text, pos, slice_.end)
                if m is None:
                    if skip.match(text, pos, slice_.end).end() == slice_.end:  # only skipped text left: the end
                        line_ctr.feed(text[pos:slice_.end])
                        raise EOFError(self)
                    # an error: lark's path (its scanner, built now) gives the same error at the same place
                    return _BasicLexer.next_token(self, lex_state, parser_state)
                type_ = m.lastgroup
                start = m.start(type_)
                end = m.end()
                line = line_ctr.line
                if start != pos:
                    newlines = text.count("\n", pos, start)
                    if newlines:
                        line += newlines
                        line_ctr.line_start_pos = text.rindex("\n", pos, start) + 1
                value = text[start:end]
                t = _new_token(LarkToken, value)
                t.type = type_
                t.value = value
                t.start_pos = start
                t.line = line
                t.column = start - line_ctr.line_start_pos + 1
                if type_ in newline_types:
                    newlines = value.count("\n")
                    if newlines:
                        line += newlines
                        line_ctr.line_start_pos = start + value.rindex("\n") + 1
                line_ctr.line = line
                line_ctr.char_pos = end
                line_ctr.column = end - line_ctr.line_start_pos + 1
                t.end_line = line
                t.end_column = line_ctr.column
                t.end_pos = end
                callback = callbacks.get(type_)
                if callback is not None:
                    t = callback(t)
                lex_state.last_token = t
                return t

        _FAST_LEXER = _FastBasicLexer
    return _FAST_LEXER


_DRIVER: Any = None


def _driver(tables: Any, callbacks: Any) -> Optional["_Driver"]:
    """The process' :class:`_Driver` over ``tables`` (:func:`_fast_parser`), or None where lark's own
    loop must run."""
    global _DRIVER
    if not tables:
        return None
    if _DRIVER is None or _DRIVER.callbacks is not callbacks:
        _DRIVER = _Driver(tables, callbacks)
    return _DRIVER


class _Fallback(Exception):
    """Raised by :class:`_Driver` where lark's own parse must decide (a syntax error, a lexer state
    without the single-match path): the text is parsed again by lark from the start, which gives
    lark's own error at the same place."""


class _Driver:
    """The LALR parse loop of meshc: lark's parse table, lexer states and rule shapes (read from
    :func:`_build_tables`' plain data, so that no lark module is imported), driven by one Python loop
    that lexes with each state's per-character scanners, shifts and reduces without lark's
    per-token generator, ``feed_token`` call and child-filter objects.

    Every rule's callback is generated once from lark's own shaping of that rule (the children it
    keeps, the placeholders it inserts for ``[x]``, the ``_rule`` children it splices in, ``?rule``
    passing a single child through), so the callbacks see exactly the arguments lark would pass,
    in the same order, interleaved with the lexer callbacks as in lark (a token is lexed after the
    previous one is shifted). A rule that only passes its single child through costs no call.
    Anything the loop does not handle raises :class:`_Fallback` (see there)."""

    def __init__(self, tables: dict, callbacks: Any):
        self.states = tables["states"]
        self.rules = tables["rules"]
        self.lexer_of = tables["lexer_of"]
        self.lexer_tables = tables["lexers"]
        self.lexer_specs: dict[int, Any] = {}  # decoded lexer tables, by index
        self.terminal_specs = tables["terminal_specs"]
        self.names = tables["names"]
        self.start = tables["start"]
        self.end = tables["end"]
        self.callbacks = callbacks
        self.token_callbacks = {}
        for name in tables["terminals"]:
            callback = getattr(callbacks, name, None)
            if callback is not None:
                self.token_callbacks[name] = callback
        self.lexer_callbacks = {k: getattr(callbacks, v) for k, v in _LEXER_CALLBACKS.items()}
        self.rows: dict[int, dict] = _Lazy(self._row)  # state -> its actions, decoded on first use
        self.lexings: dict[int, Any] = _Lazy(self._lexing)  # state -> what the loop lexes with there, or False
        self.made: dict[int, tuple] = {}  # rule index -> its reduction

    def _row(self, state: int) -> dict:
        """State ``state``'s actions: terminal or rule name -> the next state (a shift or a goto) or
        the reduction ``(size, callback or None, rule name)``."""
        import array

        pairs = array.array("i")
        pairs.frombytes(self.states[state])
        names = self.names
        row = {}
        for k in range(0, len(pairs), 2):
            arg = pairs[k + 1]
            row[names[pairs[k]]] = arg if arg >= 0 else self._reduction(-1 - arg)
        self.rows[state] = row
        return row

    def _lexing(self, state: int) -> Any:
        """``(skip, characters that may start skipped text, newline types, callbacks, scanners by
        character)`` of the lexer of ``state``, or False where lark's lexer must run."""
        at = self.lexer_of.get(state)
        spec = False if at is None else self.lexer_specs.get(at)
        if spec is None:
            import marshal

            spec = self.lexer_specs[at] = marshal.loads(self.lexer_tables[at])
        if not spec:
            lexing = False
        else:
            ignored, starts, newline_types, unless, terminals, flags = spec
            callbacks: dict[str, Any] = {k: _retype(v) for k, v in unless.items()}
            for name, user in self.lexer_callbacks.items():
                callbacks[name] = _after(callbacks[name], user, name) if name in callbacks else user
            skip = "(?>(?:" + "|".join(ignored) + ")*)"  # atomic: Python 3.11
            lexing = (_kept_regex(skip, flags).match, None if starts is None else frozenset(starts),
                      frozenset(newline_types), callbacks,
                      _Dispatch([self.terminal_specs[i] for i in terminals], flags))
        self.lexings[state] = lexing
        return lexing

    def _reduction(self, index: int) -> tuple:
        made = self.made.get(index)
        if made is not None:
            return made
        size, origin, name, aliased, expand1, include, nones = self.rules[index]
        callbacks = self.callbacks
        target = getattr(callbacks, name) if name in type(callbacks)._rule_methods else None
        expands = any(x for _, x, _ in include)
        items = []  # the argument expressions, in order
        for i, x, add in include:
            items += ["None"] * add
            items.append(f"*s[{i}].children" if x else f"s[{i}]")
        items += ["None"] * nones
        passthrough = None
        if expand1 and not aliased and not expands and len(items) == 1:
            if items[0] == "s[0]" and size == 1:
                passthrough = 0  # the value stays on the stack: no call
            code = f"def cb(s):\n    return {items[0]}\n"
        elif expand1 and not aliased and expands:
            call = f"tree({name!r}, c)" if target is None else "m(*c)"
            code = f"def cb(s):\n    c = [{', '.join(items)}]\n    return c[0] if len(c) == 1 else {call}\n"
        elif target is None and include and include[0][1] and include[0][2] == 0:
            # a list rule (left-recursive ``_x*``): extend the first child's list in place, as lark does
            i0 = include[0][0]
            rest = items[1:]
            code = f"def cb(s):\n    c = s[{i0}].children\n"
            if rest:
                code += f"    c += [{', '.join(rest)}]\n"
            code += f"    return tree({name!r}, c)\n"
        elif target is None:
            code = f"def cb(s):\n    return tree({name!r}, [{', '.join(items)}])\n"
        else:
            code = f"def cb(s):\n    return m({', '.join(items)})\n"
        env = {"m": target, "tree": _Tree}
        exec(compile(code, f"<meshc rule {name}>", "exec"), env)
        made = (size, None if passthrough is not None else env["cb"], origin)
        self.made[index] = made
        return made

    def parse(self, text: str) -> Any:
        """Run the parse of ``text``; the callbacks build the IR.

        Raises:
            _Fallback: a syntax error or an unsupported lexer state (nothing is reported: lark parses
                again and reports).
            DiagnosticError: from a callback, as in lark's parse.
        """
        rows = self.rows
        lexings = self.lexings
        token_callbacks = self.token_callbacks
        new_token = _new_token
        token_class = Token
        state_stack = [self.start]
        value_stack: list = []
        push_state = state_stack.append
        push_value = value_stack.append
        state = self.start
        pos = line_start = 0
        line = 1
        end = len(text)
        t = None
        at_end = False
        while True:
            if not at_end:
                lexing = lexings[state]
                if lexing is False:
                    raise _Fallback()
                skip, skip_starts, newline_types, lex_callbacks, scanners = lexing
                c = text[pos:pos + 1]
                if c == " " and skip_starts is not None and (n := text[pos + 1:pos + 2]) and n not in skip_starts:
                    start = pos + 1  # one blank, then the token: the common case, no skip match
                elif c and skip_starts is not None and c not in skip_starts:
                    start = pos
                else:
                    start = skip(text, pos).end()
                    if start != pos:
                        newlines = text.count("\n", pos, start)
                        if newlines:
                            line += newlines
                            line_start = text.rindex("\n", pos, start) + 1
                if start == end:
                    at_end = True
                    type_ = "$END"
                else:
                    scanner = scanners[text[start]]
                    m = scanner.match(text, start) if scanner is not None else None
                    if m is None:
                        raise _Fallback()
                    type_ = m.lastgroup
                    stop = m.end()
                    value = text[start:stop]
                    t = new_token(token_class, value)
                    t.type = type_
                    t.value = value
                    t.start_pos = start
                    t.line = line
                    t.column = start - line_start + 1
                    if type_ in newline_types:
                        newlines = value.count("\n")
                        if newlines:
                            line += newlines
                            line_start = start + value.rindex("\n") + 1
                    t.end_line = line
                    t.end_column = stop - line_start + 1
                    t.end_pos = stop
                    pos = stop
                    callback = lex_callbacks.get(type_)
                    if callback is not None:
                        t = callback(t)
                        type_ = t.type
            # feed the token (or the end of input): reduce while the table says so, then shift
            while True:
                a = rows[state].get(type_)
                if a is None:
                    raise _Fallback()
                if a.__class__ is int:
                    if at_end:
                        raise _Fallback()  # the end of input is never shifted
                    push_state(a)
                    push_value(t if type_ not in token_callbacks else token_callbacks[type_](t))
                    state = a
                    break
                size, cb, origin = a
                # the goto: every state on the stack has its row decoded (it was the current state
                # right after it was pushed)
                if cb is None:  # a single child passed through
                    state = state_stack[-1] = rows[state_stack[-2]][origin]
                else:
                    if size:
                        s = value_stack[-size:]
                        del state_stack[-size:]
                        del value_stack[-size:]
                    else:
                        s = []
                    value = cb(s)
                    state = rows[state_stack[-1]][origin]
                    push_state(state)
                    push_value(value)
                if at_end and state == self.end:
                    return value_stack[-1]


class _Lazy(dict):
    """A dict whose missing key ``k`` is filled with ``make(k)`` (one C lookup per hit, no
    ``get``-and-test in the parse loop)."""

    def __init__(self, make: Any):
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.make(key)
        return value


def _retype(keywords: dict) -> Any:
    """A lexer callback: a token whose whole text is one of ``keywords`` (text -> terminal) takes
    that terminal's type (lark's ``UnlessCallback``: ``true`` lexed as a bare identifier is ``TRUE``)."""
    def callback(t: Token) -> Token:
        kind = keywords.get(t.value)
        if kind is not None:
            t.type = kind
        return t

    return callback


def _first_chars(pattern: str, flags: int) -> Optional[tuple[frozenset, bool]]:
    """The characters a match of regex ``pattern`` may start with: ``(ASCII characters, whether a
    non-ASCII one may)``, or None when the regex may match the empty string or start with almost
    anything (a negated class, ``.``). A superset is always safe: it only widens the alternatives
    tried at a character. Read from ``re``'s own parse of the pattern."""
    from re import _constants as c, _parser as sre

    try:
        tree = sre.parse(pattern, flags)
    except Exception:  # noqa: BLE001 - then every character may start it
        return None
    icase = bool((flags | tree.state.flags) & re.IGNORECASE)
    digits = frozenset("0123456789")
    word = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_") | digits
    space = frozenset(" \t\n\r\f\v")
    categories = {c.CATEGORY_DIGIT: digits, c.CATEGORY_WORD: word, c.CATEGORY_SPACE: space}

    def seq(items, chars, wide):
        """(chars, wide, nullable) of a sequence of regex items; None when unbounded."""
        for op, av in items:
            if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
                continue  # zero-width: the next item decides (ignoring a lookahead only widens)
            got = item(op, av)
            if got is None:
                return None
            more, more_wide, nullable = got
            chars, wide = chars | more, wide or more_wide
            if not nullable:
                return chars, wide, False
        return chars, wide, True

    def item(op, av):
        nonlocal icase
        if op is c.LITERAL:
            return (frozenset(chr(av)) if av < 128 else frozenset()), av >= 128, False
        if op is c.IN:
            chars, wide = frozenset(), False
            for kind, arg in av:
                if kind is c.LITERAL:
                    if arg < 128:
                        chars |= {chr(arg)}
                    else:
                        wide = True
                elif kind is c.RANGE:
                    lo, hi = arg
                    chars |= {chr(i) for i in range(lo, min(hi, 127) + 1)}
                    wide = wide or hi >= 128
                elif kind is c.CATEGORY and arg in categories:
                    chars |= categories[arg]
                    wide = True
                else:  # a negation or another category
                    return None
            return chars, wide, False
        if op is c.BRANCH:
            chars, wide, nullable = frozenset(), False, False
            for alt in av[1]:
                got = seq(alt, frozenset(), False)
                if got is None:
                    return None
                chars, wide, nullable = chars | got[0], wide or got[1], nullable or got[2]
            return chars, wide, nullable
        if op is c.SUBPATTERN:
            if av[1] & re.IGNORECASE:
                icase = True
            return seq(av[3], frozenset(), False)
        if op is c.ATOMIC_GROUP:
            return seq(av, frozenset(), False)
        if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            got = seq(av[2], frozenset(), False)
            if got is None:
                return None
            return got[0], got[1], got[2] or av[0] == 0
        return None  # any character, a back-reference...

    got = seq(tree, frozenset(), False)
    if got is None or got[2]:
        return None
    chars, wide, _ = got
    if icase:
        chars |= {ch.swapcase() for ch in chars}
        wide = True
    return chars, wide


_FIRST_CHARS: dict[tuple, Any] = {}  # (terminal name, pattern, flags) -> _first_chars
_SUBSET_REGEX: dict[tuple, Any] = {}  # terminal names and patterns -> their alternation, compiled


class _Dispatch(dict):
    """One lexer state's scanners by the next character: for each character, the alternation of
    only those terminals (in lark's order) that may start with it, built on first use. Trying a
    handful of alternatives instead of every terminal of the state is most of the lexer's speed;
    the first alternative that matches is the one lark's full alternation would pick, as every
    terminal left out cannot match there."""

    def __init__(self, terminals: Any, flags: int):
        """``terminals``: ``(name, pattern, first characters)`` in lark's order, the first characters
        as :func:`_first_chars` gives them (a string of ASCII characters and whether a non-ASCII one
        may start a match) or None (any character may)."""
        super().__init__()
        self.flags = flags
        self.firsts = [(name, rx, None if first is None else (frozenset(first[0]), first[1]))
                       for name, rx, first in terminals]

    def __missing__(self, ch: str) -> Any:
        wide = ord(ch) >= 128
        chosen = tuple((name, rx) for name, rx, first in self.firsts
                       if first is None or (first[1] if wide else ch in first[0]))
        key = chosen + (self.flags,)
        rx = _SUBSET_REGEX.get(key)
        if rx is None and chosen:
            rx = _SUBSET_REGEX[key] = _kept_regex("|".join(f"(?P<{name}>{p})" for name, p in chosen), self.flags)
        self[ch] = rx
        return rx


_new_token = str.__new__


def _kept_regex(pattern: str, flags: int) -> "re.Pattern[str]":
    """``re.compile(pattern, flags)``, the compiled program kept in the parser's cache directory
    (``$XDG_CACHE_HOME/meshc/re-*.bin``, keyed by the pattern, the flags, the Python version and
    its regex engine's magic number) so that a later process skips the compilation: a lexer state's
    scanner is one alternation of all its terminals, and compiling the ones a small module needs
    was a third of the start-up. The program is what CPython's ``re._compiler.compile`` hands to
    ``_sre.compile``, kept with ``marshal`` (the program packed as bytes); anything unexpected
    (another Python, an unreadable or foreign file, a cache directory that cannot be written) falls
    back to ``re.compile``."""
    try:
        import marshal

        import _sre
        from re import _compiler, _parser

        key = f"{pattern}\0{flags}\0{sys.version}\0{_sre.MAGIC}\0{_sre.CODESIZE}\0marshal".encode()
        path = _cache_dir() / f"re-{_sha256_hex(key)[:24]}.bin"
        kind = "I" if _sre.CODESIZE == 4 else "H"
        try:
            with open(path, "rb") as f:
                stored, all_flags, packed, groups, groupindex, indexgroup = marshal.load(f)
            if stored == pattern:
                import array

                code = array.array(kind)
                code.frombytes(packed)
                return _sre.compile(pattern, all_flags, code.tolist(), groups, groupindex, indexgroup)
        except (OSError, EOFError, ValueError, TypeError):
            pass
        parsed = _parser.parse(pattern, flags)
        code = _compiler._code(parsed, flags)
        groupindex = dict(parsed.state.groupdict)
        indexgroup = [None] * parsed.state.groups
        for k, i in groupindex.items():
            indexgroup[i] = k
        record = (pattern, flags | parsed.state.flags, code, parsed.state.groups - 1, groupindex, tuple(indexgroup))
        compiled = _sre.compile(*record)
        try:
            import array

            packed = array.array(kind, code).tobytes()
            tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(tmp, "wb") as f:
                marshal.dump(record[:2] + (packed,) + record[3:], f)
            os.replace(tmp, path)
        except (OSError, OverflowError, ValueError):
            pass
        return compiled
    except Exception:  # noqa: BLE001 - the cache is an optimisation only
        return re.compile(pattern, flags)


def _sha256_hex(data: bytes) -> str:
    """The SHA-256 of ``data`` in hex (the cache files' keys), from CPython's own ``_sha256`` where it
    is there: ``hashlib`` loads OpenSSL first, a few milliseconds of every start-up."""
    try:
        from _sha256 import sha256
    except ImportError:  # another Python
        from hashlib import sha256
    return sha256(data).hexdigest()


def _cache_dir() -> Path:
    """Where the parser keeps what it builds once (``$XDG_CACHE_HOME/meshc``)."""
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "meshc"
_STARTS_SKIPPED: dict[str, bool] = {}  # terminal name -> may it match where whitespace or '//' starts


def _fast_scan_ignored(basic: Any) -> Optional[list]:
    """The ignored terminals of a lark ``BasicLexer`` state when one skip-and-match regex can scan it
    (meshc's own lexers, :func:`_lexer_tables`, and the fast path of lark's lexer), else None: the
    state must ignore some text, no ignored terminal may have a callback, and no other terminal may
    start with what is skipped."""
    flags = basic.g_regex_flags
    ignored = [t for t in basic.terminals if t.name in basic.ignore_types]
    if not ignored or any(t.name in basic.user_callbacks for t in ignored):
        return None
    if any(t.name not in basic.ignore_types and _may_start_skipped(t, flags) for t in basic.terminals):
        return None
    return ignored


def _may_start_skipped(terminal: Any, flags: int) -> bool:
    """Whether ``terminal`` may match at a blank or a ``//`` (then skipping before it would change
    what lark's ordered alternatives pick); checked on probes, once per terminal name."""
    seen = _STARTS_SKIPPED.get(terminal.name)
    if seen is None:
        pattern = re.compile(terminal.pattern.to_regexp(), flags)
        seen = _STARTS_SKIPPED[terminal.name] = any(pattern.match(p) for p in (" x", "\tx", "\nx", "\rx", "\fx", "//x"))
    return seen


def _after(first: Any, then: Any, name: str) -> Any:
    """A lexer callback: ``first`` (lark's keyword check), then ``then`` if the token kept type ``name``."""
    def callback(t: Token) -> Token:
        t = first(t)
        return then(t) if t.type == name else t

    return callback


def _install_fast_lexers(parser: Any) -> None:
    """Give every per-state lexer of ``parser``'s contextual lexer the single-match path of
    :class:`_FastBasicLexer` (Python 3.11+, for its atomic groups; lark's own lexer otherwise)."""
    if sys.version_info < (3, 11):
        return
    from lark.lexer import BasicLexer

    fast = _fast_lexer_class()
    lexer = getattr(parser.parser, "lexer", None)
    for basic in getattr(lexer, "lexers", {}).values():
        if type(basic) is BasicLexer:
            basic.__class__ = fast


def _pickle_ids(parser: Any, callbacks: Any):
    """The objects a pickled parser refers to by name instead of by value: the callbacks object (its
    bound methods are the lexer callbacks), modules and the rule callbacks (closures, rebuilt by
    ``_prepare_callbacks`` at load). lark's ``Shift``/``Reduce`` go by reference (``_lalr_action``)."""
    import types

    rule_callbacks = {id(v) for v in parser._callbacks.values()} if parser is not None else set()

    def persistent_id(obj):
        if obj is callbacks:
            return "callbacks"
        if isinstance(obj, _InlineRules):
            return "rules"
        if isinstance(obj, types.ModuleType):
            return "module:" + obj.__name__
        if id(obj) in rule_callbacks:
            return "rule-callback"
        return None

    def persistent_load(pid):
        import importlib

        if pid.startswith("module:"):
            return importlib.import_module(pid[len("module:"):])
        return {"callbacks": callbacks, "rules": None, "rule-callback": None}[pid]

    return persistent_id, persistent_load


def _lalr_action(name: str) -> Any:
    """lark's ``Shift`` or ``Reduce`` (singletons compared with ``is``): how a pickled parse table
    refers to them (by reference, memoised: one call per action at load)."""
    from lark.parsers import lalr_analysis

    return getattr(lalr_analysis, name)


def _reduce_action(action: Any) -> tuple:
    return _lalr_action, (action.name,)


def _save_pickled(parser: Any, callbacks: Any, path: Path) -> None:
    """Pickle the freshly built ``parser`` to ``path`` (written to a temporary file, then renamed);
    silently does nothing when that fails (a read-only cache directory, an unpicklable part)."""
    import copyreg
    import pickle
    import tempfile

    from lark.parsers.lalr_analysis import Shift

    persistent_id, _ = _pickle_ids(parser, callbacks)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                pickler = pickle.Pickler(f, protocol=pickle.HIGHEST_PROTOCOL)
                pickler.persistent_id = persistent_id
                pickler.dispatch_table = {**copyreg.dispatch_table, type(Shift): _reduce_action}
                pickler.dump(parser)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except Exception:  # the cache is an optimisation only
        pass


def _load_pickled(path: Path, callbacks: Any) -> Any:
    """The parser pickled at ``path`` with ``callbacks`` bound, or None (no file, or unreadable)."""
    import pickle

    _, persistent_load = _pickle_ids(None, callbacks)
    collecting = gc.isenabled()
    gc.disable()  # ~150k objects, none of them garbage: no collection pass while they are made
    try:
        with open(path, "rb") as f:
            unpickler = pickle.Unpickler(f)
            unpickler.persistent_load = persistent_load
            parser = unpickler.load()
        parser.options.transformer = _InlineRules(callbacks)
        parser._prepare_callbacks()  # the rule callbacks, bound to ``callbacks``
        parser.parser.parser.parser.callbacks = parser._callbacks
        return parser
    except Exception:  # missing, truncated, or from another lark: rebuild
        return None
    finally:
        if collecting:
            gc.enable()


_TOKEN_NAMES = {
    "VALUE_ID": "SSA value", "SYMBOL": "symbol (@name)", "CARET_ID": "block label", "HASH_ID": "attribute alias",
    "STRING": "string", "INT": "integer", "FLOAT": "float", "BARE_ID": "identifier", "LPAR": "'('",
    "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "LBRACE": "'{'", "RBRACE": "'}'", "COMMA": "','",
    "COLON": "':'", "EQUAL": "'='", "MORETHAN": "'>'", "LESSTHAN": "'<'", "__ANON_0": "'->'",
    "TENSOR_PREFIX": "tensor type", "TENSOR_PLAIN": "tensor type", "INT_TYPE": "integer type", "FLOAT_TYPE": "float type",
    "INDEX_KW": "'index'", "$END": "end of input",
}


_OP_TERMINALS: Optional[frozenset] = None


def _op_name_terminals() -> frozenset:
    """The grammar's terminals that spell op names: those matching a registered
    op name (or ``module``/``return``, the short spellings), derived from the
    op registry rather than listed by hand."""
    global _OP_TERMINALS
    if _OP_TERMINALS is None:
        from meshc.ir.core import registered_op_names

        parser, _ = _parser()
        names = registered_op_names() + ["module", "return"]
        found = set()
        for t in parser.terminals:
            if t.pattern.type != "re":
                continue
            rx = re.compile(t.pattern.to_regexp())
            if any(rx.fullmatch(n) for n in names):
                found.add(t.name)
        _OP_TERMINALS = frozenset(found - {"BARE_ID"})
    return _OP_TERMINALS


def _describe_expected(expected) -> str:
    names = []
    ops = _op_name_terminals()
    if any(e in ops for e in expected):
        names.append("an operation")  # op-name terminals of the dialects' custom forms
        expected = [e for e in expected if e not in ops]
    for e in sorted(expected):
        n = _TOKEN_NAMES.get(e)
        if n is None:
            if e.startswith("__") or e.startswith("_"):
                continue
            n = e.lower()
        if n not in names:
            names.append(n)
    if not names:
        return ""
    if len(names) > 8:
        names = names[:8] + ["..."]
    return ", expected " + ", ".join(names)


def _translate(err: Any, filename: str, text: str) -> DiagnosticError:
    """lark's error ``err`` (an ``UnexpectedInput``) as meshc's located diagnostic."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if isinstance(err, UnexpectedToken):
        tok = err.token
        if tok.type == "$END":
            loc = _end_location(filename, text)
            return DiagnosticError("unexpected end of input" + _describe_expected(err.expected), loc)
        loc = Location(filename, tok.line, tok.column)
        shown = str(tok)
        if tok.type == "TENSOR_PLAIN":  # quoted as the TENSOR_PREFIX it starts with, as before that token existed
            shown = shown[:_PLAIN_TENSOR.match(shown).end(1)]
        if len(shown) > 40:
            shown = shown[:37] + "..."
        shown = _escaped(shown)
        if tok.type == "BARE_ID" and "." in shown and err.expected and "BARE_ID" not in err.expected:
            return DiagnosticError(f"custom op '{shown}' is unknown (use the generic form "
                                   f"'\"{shown}\"(...) : (...) -> (...)')", loc)
        return DiagnosticError(f"unexpected '{shown}'" + _describe_expected(err.expected), loc)
    if isinstance(err, UnexpectedCharacters):
        loc = Location(filename, err.line, err.column)
        ch = text[err.pos_in_stream] if err.pos_in_stream < len(text) else ""
        word = _word_at(text, err.pos_in_stream)
        if word and "." in word and word[0].isalpha():
            return DiagnosticError(f"custom op '{word}' is unknown or malformed here (use the generic form "
                                   f"'\"{word}\"(...) : (...) -> (...)')", loc)
        what = f"'{_escaped(word)}'" if word else repr(ch)
        return DiagnosticError(f"unexpected {what}" + _describe_expected(err.allowed or ()), loc)
    if isinstance(err, UnexpectedEOF):
        return DiagnosticError("unexpected end of input", _end_location(filename, text))
    return DiagnosticError(str(err), Location(filename))


def _escaped(text: str) -> str:
    """``text`` with every non-printable character written as a Python-style escape (``'\\x00'``,
    ``'\\n'``, ``'\\u200b'``), so that an error message quoting the input shows what is there."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def _end_location(filename: str, text: str) -> Location:
    return Location(filename, text.count("\n") + 1, len(text) - (text.rfind("\n") + 1) + 1)


def _word_at(text: str, pos: int) -> str:
    import re

    m = re.compile(r"[A-Za-z_][\w$.]*|\S").match(text, pos)
    return m.group(0) if m else ""


def parse(text: str, filename: str = "<stdin>") -> Operation:
    """Parse ``text`` into a ``builtin.module`` operation.

    Top-level ops outside an explicit ``module { }`` are wrapped in one
    (as mlir-opt does); a file holding exactly one ``module`` returns it.

    Raises:
        DiagnosticError: malformed text, undefined values or aliases, type
            mismatches between a use and its definition; located at the token.
    """
    from meshc.dialects.builtin import ModuleOp

    _prescan(text, filename)
    tables, cb = _fast_parser()
    cb.reset(filename, text)
    # the parse allocates only objects that live on (the IR) or die by reference count: cyclic
    # collections in between would rescan the growing IR again and again
    collecting = gc.isenabled()
    gc.disable()
    try:
        with recursion_headroom():
            driver = _driver(tables, cb)
            try:
                if driver is None:
                    raise _Fallback()
                driver.parse(text)
            except _Fallback:
                _lark_parse(cb, text, filename)
    finally:
        cb.depths = {}
        if collecting:
            gc.enable()
    top = cb.top_block
    cb.check_blocks_defined(cb.block_maps[0])
    if cb.scopes[0].forward:
        ph = next(iter(cb.scopes[0].forward.values()))
        raise DiagnosticError(f"use of undeclared SSA value name '%{ph.name}'", ph.loc)
    ops = list(top.ops)
    if len(ops) == 1 and isinstance(ops[0], ModuleOp):
        module = ops[0]
        top.remove(module)
    else:
        if cb.max_depth >= MAX_NESTING:  # the implicit module adds a level to the printed form
            raise cb.error(f"nesting too deep (more than {MAX_NESTING} nested regions, counting the implicit "
                           "top-level module)", cb.max_depth_tok)
        module = ModuleOp.build_empty(Location(filename, 1, 1))
        module.top_level_ops = len(ops)  # an implicit module: what --no-implicit-module refuses
        for op in ops:
            top.remove(op)
            module.body.append(op)
    module.source_marks = frozenset(cb.source_marks)
    from meshc.ir.aliases import alias_kinds

    module.alias_kinds = alias_kinds(cb.attr_aliases.values())  # printed back through aliases (meshc-opt)
    _run_post_parse_hooks(module)
    if _frozen_parses:
        gc.freeze()
    return module


_frozen_parses = 0  # how many :func:`parsed_ir_frozen` blocks are open


@contextmanager
def parsed_ir_frozen() -> Iterator[None]:
    """Within the block, each :func:`parse` ends by moving every object then alive (the module it
    returns among them) out of the cyclic garbage collector's generations (``gc.freeze``); on exit
    they are moved back (``gc.unfreeze``) and collected as usual again.

    A command that parses a module once and then verifies, transforms and prints it (``meshc
    compile``, ``meshc-opt``) holds the IR until it exits: without this, the first full collection
    after the parse walks all of it, about as long as verifying it (0.9 s at 100k ops; Python's own
    advice for long-lived objects made at start-up, see the ``gc.freeze`` documentation). Cyclic
    garbage among the frozen objects (IR a pass replaced) is freed only after the block: at most the
    parsed module's size. Nested blocks unfreeze at the outermost exit."""
    global _frozen_parses
    _frozen_parses += 1
    try:
        yield
    finally:
        _frozen_parses -= 1
        if not _frozen_parses:
            gc.unfreeze()


def _lark_parse(cb: Any, text: str, filename: str) -> None:
    """Parse ``text`` again from the start with lark's own loop (callbacks ``cb``, reset first): where
    :class:`_Driver` gave up, lark finds the same input's syntax error, reported as meshc's.

    Raises:
        DiagnosticError: lark's error translated (:func:`_translate`), or a callback's."""
    from lark.exceptions import UnexpectedInput

    parser, _ = _parser()
    cb.reset(filename, text)
    try:
        parser.parse(text)
    except UnexpectedInput as err:
        raise _translate(err, filename, text) from None


# strings and comments (skipped), '->', brackets, and over-long numbers
_SCAN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|//[^\n]*|->|[(\[{<]|[)\]}>]'
                   rf"|(?<![0-9A-Fa-f])(?:0x[0-9A-Fa-f]{{{MAX_LITERAL_DIGITS + 1},}}|\d{{{MAX_LITERAL_DIGITS + 1},}})")


_NOT_BRACKETS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|//[^\n]*|->')  # what _SCAN skips
_NON_BRACKET = re.compile(r"[^()\[\]{}<>]+")
_HEX_BYTES = bytes(49 if chr(b) in "0123456789abcdefABCDEF" else 48 for b in range(256))  # hex digit -> b"1"
_LONG_RUN = b"1" * (MAX_LITERAL_DIGITS + 1)
_AS_PARENS = str.maketrans("[{<]}>", "((()))")


def _within_limits(text: str) -> bool:
    """True when :func:`_prescan`'s limits surely hold, found at the speed of ``re`` and ``str``
    (its exact scan then need not run): no run of hex digits longer than MAX_LITERAL_DIGITS, and the brackets (outside
    strings, comments and ``->``, all as one kind) nest at most MAX_BRACKET_DEPTH deep. Each pass
    dropping every innermost ``()`` pair lowers the deepest nesting by at most one, and what no pass
    can reduce (``)))(((``) nests at most as deep as its openers count, so passes plus openers
    left bound the depth. False (then the exact scan decides) when unsure."""
    if _LONG_RUN in text.encode("utf-8", "surrogatepass").translate(_HEX_BYTES):  # a run of hex digits that long
        return False
    brackets = _NON_BRACKET.sub("", _NOT_BRACKETS.sub(" ", text)).translate(_AS_PARENS)
    for passes in range(64):
        reduced = brackets.replace("()", "")
        if reduced == brackets:
            return passes + brackets.count("(") <= MAX_BRACKET_DEPTH
        brackets = reduced
    return False


def _prescan(text: str, filename: str) -> None:
    """Check the limits of meshc.ir.limits that the grammar cannot: bracket
    nesting (``( [ { <`` outside strings and comments) and the length of
    numbers.

    Raises:
        DiagnosticError: at the first bracket deeper than MAX_BRACKET_DEPTH,
            or at a number of more than MAX_LITERAL_DIGITS digits.
    """
    if _within_limits(text):
        return
    depth = 0
    for m in _SCAN.finditer(text):
        c = m.group()[0]
        if c in "([{<":
            depth += 1
            if depth > MAX_BRACKET_DEPTH:
                raise DiagnosticError(f"nesting too deep (more than {MAX_BRACKET_DEPTH} nested brackets)",
                                      _offset_location(filename, text, m.start()))
        elif c in ")]}>":
            depth = max(0, depth - 1)
        elif c.isdigit():
            raise DiagnosticError(f"number too long ({len(m.group())} characters; meshc accepts at most "
                                  f"{MAX_LITERAL_DIGITS} digits)", _offset_location(filename, text, m.start()))


def _offset_location(filename: str, text: str, pos: int) -> Location:
    return Location(filename, text.count("\n", 0, pos) + 1, pos - (text.rfind("\n", 0, pos) + 1) + 1)


def _run_post_parse_hooks(module: Operation) -> None:
    """Call ``post_parse(module)`` of every dialect module that defines one (e.g. the mesh dialect
    folds ``mesh.sharding`` values into inline shardings and drops the dead ``mesh.sharding`` ops)."""
    from meshc.dialects import DIALECTS

    for d in DIALECTS:
        hook = getattr(d, "post_parse", None)
        if hook is not None:
            hook(module)


def read_source(path: str) -> tuple[str, str]:
    """``(text, name)`` of the IR file at ``path`` (``-``: standard input, named ``<stdin>``). A leading
    UTF-8 byte order mark is dropped, so columns count from the first character an editor shows.

    Raises:
        DiagnosticError: the file cannot be read, or is not UTF-8 (located at the first bad byte).
    """
    if path == "-":
        name = "<stdin>"
        try:
            data = sys.stdin.buffer.read()
        except OSError as err:  # e.g. standard input closed (``<&-``)
            raise DiagnosticError(f"could not read standard input: {err.strerror}") from None
    else:
        name = path
        try:
            data = Path(path).read_bytes()
        except OSError as err:
            raise DiagnosticError(f"could not open input file '{path}': {err.strerror}") from None
    if data.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte order mark (Windows editors): not part of the text
        data = data[3:]
    try:
        return data.decode("utf-8"), name
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        col = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        raise DiagnosticError("input is not valid UTF-8", Location(name, line, col)) from None


def parse_file(path: str) -> Operation:
    """Read (:func:`read_source`) and parse a file (``-`` reads standard input).

    Raises:
        DiagnosticError: the file cannot be read or is not UTF-8, or any
            parse error.
    """
    return parse(*read_source(path))
