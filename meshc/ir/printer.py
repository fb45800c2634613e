"""Text printer: canonical custom forms, or the generic form with ``generic=True``.

An op prints ``%results = name`` and then either its ``print_custom(printer)``
(which writes what follows the name, as MLIR's ``OpAsmPrinter``) or the generic
form ``"name"(%a, %b) <{props}> ({regions}) {attrs} : (types) -> (types)``.

Value names: a value keeps its source name (``%xs``) when it is a valid,
unused identifier in its scope; numeric and missing names are renumbered
``%0, %1, ...`` per function (the counter is restored after a nested region,
as mlir-opt does, so sibling bodies reuse numbers); block arguments with no
name print as ``%argN``. Names are unique in every scope where both are
visible, so the output always parses back. A valid name is MLIR's
``suffix-id`` (LangRef "Identifiers and keywords"): ``[a-zA-Z$._-]`` then
``[a-zA-Z0-9$._-]*``, ASCII only; any other source name (``%ö``, ``%1a``) is
renumbered like a missing one, as mlir-opt does. Block labels follow the same
rule per region: a valid label that no other block of the region uses is kept,
any other block prints as ``^bbN`` (N its index, or the next free number).
Successors of an op print in the generic form, ``"op"(...)[^bb1, ^bb2]``.

Result name hints (``asm_names=True``, what ``meshc-opt`` prints): an op with an
``asm_result_names()`` method names its results itself, in place of their source
names, as MLIR's ``OpAsmOpInterface::getAsmResultNames`` does for mlir-opt
(``arith.constant 2 : i64`` prints ``%c2_i64``, a float or dense constant ``%cst``,
an ``i1`` one ``%true``/``%false``); a name already taken gets ``_N``, N from one
counter per function as in mlir-opt (``%cst``, ``%cst_0``, ``%c2_i64_1``). Without it (``meshc compile``) source names are kept.

Spelling (:mod:`meshc.ir.spelling`): ``Printer.spelling`` is the upstream
version to print in (None: the canonical form); :func:`print_op` takes it
from the enclosing module's ``spelling`` (the one it was read in) unless
given. An op may take part with three optional methods:
``spelled_name(spelling)`` (its name in that spelling, in the custom and the
generic form; None for the canonical one), ``printed_in(printer)`` (False: the op
is left out, e.g. an unused ``mesh.sharding`` in the LLVM 19 spelling, which
has no such op) and ``print_prelude(printer)`` (lines printed before the op,
defining values that only the spelling needs; :meth:`Printer.print_detached`),
with ``spelled_generic_parts(printer)`` giving the generic form's operands,
their types and the attributes that go with them (None: the op's own).
"""

from __future__ import annotations

import re
from typing import Iterable, Optional, Sequence

from meshc.ir.attributes import Attribute, format_entries, quote_string
from meshc.ir.core import Block, Operation, Region, Value
from meshc.ir.limits import recursion_headroom, spaced_collections
from meshc.ir.spelling import printing_in
from meshc.ir.types import FunctionType, Type

_IDENT = re.compile(r"[A-Za-z_$.\-][A-Za-z0-9_$.\-]*")  # MLIR's suffix-id without the all-digits form


class Printer:
    """Accumulates text; custom op printers call its ``write``/``value``/... methods."""

    def __init__(self, generic: bool = False, indent_unit: str = "  ", spelling: Optional[str] = None,
                 asm_names: bool = False, debuginfo: bool = False):
        self.generic = generic
        #: each op followed by its source location, ``loc("file":line:col)`` (mlir-opt's
        #: ``--mlir-print-debuginfo`` with ``--mlir-print-local-scope``: locations in place)
        self.debuginfo = debuginfo
        #: the ops' own result names (``asm_result_names``) win over source names, as in mlir-opt
        self.asm_names = asm_names
        self.spelling = spelling
        self.parts: list[str] = []
        self.indent = 0
        self.indent_unit = indent_unit
        self._names: dict[int, str] = {}
        self._scopes: list[set[str]] = [set()]
        self._counter = [0]
        #: with ``asm_names``: the next ``_N`` for a name taken, one counter per isolated scope (mlir-opt's)
        self._conflicts = [0]
        self._saved: list = []
        self._block_names: dict[int, str] = {}
        #: id(op) -> text its ``print_prelude`` left for its custom printer (the value it printed)
        self.prelude_texts: dict[int, str] = {}
        self._positions: dict[int, dict[int, int]] = {}

    def position(self, op: Operation) -> int:
        """The index of ``op`` in its block (one index per block and printout, so dominance checks of
        the print hooks stay linear)."""
        block = op.parent
        index = self._positions.get(id(block))
        if index is None:
            index = self._positions[id(block)] = {id(o): i for i, o in enumerate(block.ops)}  # type: ignore
        return index[id(op)]

    # -- low level ----------------------------------------------------------------
    def write(self, text: str) -> None:
        self.parts.append(text)

    def newline(self) -> None:
        self.parts.append("\n" + self.indent_unit * self.indent)

    def text(self) -> str:
        return "".join(self.parts)

    # -- names --------------------------------------------------------------------
    def _taken(self, name: str) -> bool:
        return any(name in s for s in self._scopes)

    def _claim(self, name: str) -> str:
        self._scopes[-1].add(name)
        return name

    def _fresh_number(self) -> str:
        while True:
            n = str(self._counter[-1])
            self._counter[-1] += 1
            if not self._taken(n):
                return self._claim(n)

    def name_value(self, v: Value, default: Optional[str] = None) -> str:
        """Assign (once) and return the printed name of ``v`` without ``%``."""
        key = id(v)
        if key in self._names:
            return self._names[key]
        hint = self._asm_name(v) or v.name_hint
        if hint is None or hint.isdigit() or not _IDENT.fullmatch(hint):
            hint = default  # an invalid source name (%ö) prints like a missing one
        if hint is not None and not hint.isdigit() and _IDENT.fullmatch(hint):
            name = hint
            if self._taken(name):
                k = self._conflicts[-1] if self.asm_names else 0
                while self._taken(f"{hint}_{k}"):
                    k += 1
                if self.asm_names:  # one counter for every name, as mlir-opt (%cst, %cst_0, %c2_i64_1)
                    self._conflicts[-1] = k + 1
                name = f"{hint}_{k}"
            name = self._claim(name)
        else:
            name = self._fresh_number()
        self._names[key] = name
        return name

    def _asm_name(self, v: Value) -> Optional[str]:
        """The name ``v``'s op gives it (``asm_result_names``) when printing with ``asm_names``."""
        if not self.asm_names:
            return None
        op = getattr(v, "op", None)
        names = getattr(op, "asm_result_names", None)
        if names is None:
            return None
        given = names()
        index = getattr(v, "index", 0)
        return given[index] if given is not None and index < len(given) else None

    def push_scope(self, isolated: bool = False) -> None:
        """Enter a region: an isolated one (a function body) starts a fresh
        namespace and counter; others see every enclosing name."""
        if isolated:
            self._saved.append((self._scopes, self._counter, self._conflicts))
            self._scopes, self._counter, self._conflicts = [set()], [0], [0]
        else:
            self._scopes.append(set())
            self._counter.append(self._counter[-1])

    def pop_scope(self, isolated: bool = False) -> None:
        if isolated:
            self._scopes, self._counter, self._conflicts = self._saved.pop()
        else:
            self._scopes.pop()
            self._counter.pop()

    # -- pieces -------------------------------------------------------------------
    def value(self, v: Value) -> str:
        return "%" + self.name_value(v)

    def values(self, vs: Iterable[Value]) -> str:
        return ", ".join(self.value(v) for v in vs)

    def type(self, t: Type) -> str:
        return str(t)

    def types(self, ts: Iterable[Type]) -> str:
        return ", ".join(str(t) for t in ts)

    def attr(self, a: Attribute) -> str:
        return str(a)

    def attr_dict(self, attrs: dict[str, Attribute], elided: Iterable[str] = (), keyword: bool = False) -> str:
        """`` {a = 1}`` (with a leading space) for the attributes not elided,
        or ``""`` if none; ``keyword`` prefixes ``attributes``."""
        skip = set(elided)
        rest = {k: v for k, v in attrs.items() if k not in skip}
        if not rest:
            return ""
        return (" attributes " if keyword else " ") + "{" + format_entries(rest) + "}"

    def func_result_types(self, ts: Sequence[Type]) -> str:
        """``t`` for a single non-function type, else ``(t1, t2)``."""
        if len(ts) == 1 and not isinstance(ts[0], FunctionType):
            return str(ts[0])
        return "(" + self.types(ts) + ")"

    # -- spelling-only values ------------------------------------------------------
    def print_detached(self, op: Operation) -> str:
        """Print ``op``, built for the printout only and in no block, on a line of its own before the
        op being printed (from that op's ``print_prelude``); return its first result as printed (a fresh
        number): a value the spelling needs where the IR keeps an attribute."""
        self.print_op(op)
        self.newline()
        return self.value(op.results[0])

    # -- ops, blocks, regions -------------------------------------------------------
    def shows(self, op: Operation) -> bool:
        """False for an op the spelling leaves out (its ``printed_in``), in the custom and the generic
        form alike (both print the same ops)."""
        printed_in = getattr(op, "printed_in", None)
        return printed_in is None or printed_in(self)

    def print_ops(self, ops: Iterable[Operation]) -> None:
        """Each op of a block on a new line (the ones :meth:`shows` keeps)."""
        for op in ops:
            if self.shows(op):
                self.newline()
                self.print_op(op)

    def print_op(self, op: Operation) -> None:
        custom = getattr(op, "print_custom", None)
        use_custom = not self.generic and custom is not None and (not op.successors or getattr(op, "prints_successors", False)) \
            and not _uses_multi_name(op, self)
        prelude = getattr(op, "print_prelude", None)
        if prelude is not None:
            prelude(self)
        if op.results:
            self.write(self._result_names(op))
        if use_custom:
            spelled = getattr(op, "spelled_name", None)
            name = spelled(self.spelling) if spelled is not None else None
            self.write(name or getattr(op, "printed_name", None) or op.name)
            custom(self)
        else:
            self.print_generic(op)
        if self.debuginfo:
            self.write(" " + location_text(op.location))

    def _result_names(self, op: Operation) -> str:
        """``%a = `` / ``%a, %b = `` (distinct source names) or ``%0:2 = ``
        with uses printed ``%0#0``, ``%0#1`` (MLIR's result groups)."""
        results = op.results
        if len(results) == 1:
            return "%" + self.name_value(results[0]) + " = "
        hints = [self._asm_name(r) or r.name_hint for r in results]
        if all(h and not h.isdigit() and _IDENT.fullmatch(h) for h in hints) and len(set(hints)) == len(hints):
            return ", ".join("%" + self.name_value(r) for r in results) + " = "
        first = hints[0]
        if first and not first.isdigit() and _IDENT.fullmatch(first):
            base = first
            if self._taken(base):
                k = 0
                while self._taken(f"{first}_{k}"):
                    k += 1
                base = f"{first}_{k}"
            self._claim(base)
        else:
            base = self._fresh_number()
        for k, r in enumerate(results):
            self._names[id(r)] = f"{base}#{k}"
        return f"%{base}:{len(results)} = "

    def print_generic(self, op: Operation) -> None:
        spelled = getattr(op, "spelled_name", None)
        name = (spelled(self.spelling) if spelled is not None else None) or op.name
        spelled_parts = getattr(op, "spelled_generic_parts", None)
        parts = spelled_parts(self) if spelled_parts is not None else None
        operands, in_types, attributes = parts if parts is not None else (
            [self.value(v) for v in op.operands], [v.type for v in op.operands], op.attributes)
        self.write(quote_string(name) + "(" + ", ".join(operands) + ")")
        if op.successors:
            self.write("[" + ", ".join(self.block_ref(b) for b in op.successors) + "]")
        if op.properties:
            self.write(" <{" + format_entries(op.properties) + "}>")
        if op.regions:
            self.write(" (")
            for i, r in enumerate(op.regions):
                if i:
                    self.write(", ")
                self.print_region(r, print_entry_args=True, isolated=op.has_trait("IsolatedFromAbove"),
                                  print_empty_block=True)
            self.write(")")
        self.write(self.attr_dict(attributes))
        ins = ", ".join(str(t) for t in in_types)
        outs = ", ".join(str(r.type) for r in op.results)
        self.write(f" : ({ins}) -> ({outs})")

    def print_region(self, region: Region, print_entry_args: bool = True, isolated: bool = False,
                     print_empty_block: bool = False) -> None:
        """``{`` blocks ``}``; entry block args are shown when asked (or when
        the region has several blocks); ``print_empty_block`` shows the
        header of an empty entry block (``{^bb0:}``), so that it differs
        from a region without blocks (``{}``), as MLIR's generic form does.
        With ``print_entry_args=False`` the op has printed the entry block's
        arguments itself, so an entry block with arguments never gets a
        header (it would define them twice; MLIR's parser rejects a label
        there: "invalid block name in region with named arguments")."""
        self.push_scope(isolated)
        self.name_blocks(region)
        self.write("{")
        self.indent += 1
        for bi, block in enumerate(region.blocks):
            show = bi > 0 or (print_entry_args and block.args) or len(region.blocks) > 1 \
                or (print_empty_block and not block.ops)
            if bi == 0 and block.args and not print_entry_args:
                show = False
            self.print_block(block, show_header=bool(show), index=bi)
        self.indent -= 1
        self.newline()
        self.write("}")
        self.pop_scope(isolated)

    def print_block(self, block: Block, show_header: bool, index: int = 0) -> None:
        if show_header:
            self.indent -= 1
            self.newline()
            self.indent += 1
            label = self._block_names.get(id(block)) or f"bb{index}"
            args = ", ".join(f"%{self.name_value(a, 'arg' + str(a.index))}: {a.type}" for a in block.args)
            self.write(f"^{label}" + (f"({args})" if block.args else "") + ":")
        self.print_ops(block.ops)

    def name_blocks(self, region: Region) -> None:
        """Choose the printed label of every block of ``region`` (block labels are scoped by region
        in MLIR): its own label when valid and unique in the region, else ``bbN``."""
        counts: dict[str, int] = {}
        for b in region.blocks:
            if b.label is not None:
                counts[b.label] = counts.get(b.label, 0) + 1
        kept = {b.label for b in region.blocks if b.label is not None and counts[b.label] == 1
                and (b.label.isdigit() and b.label.isascii() or _IDENT.fullmatch(b.label))}
        used = set(kept)
        for i, b in enumerate(region.blocks):
            if b.label in kept:
                name = b.label
            else:
                k = i
                while f"bb{k}" in used:
                    k += 1
                name = f"bb{k}"
                used.add(name)
            self._block_names[id(b)] = name

    def block_ref(self, block: Block) -> str:
        """``^label`` of ``block`` as printed in its region (named now if the region is not
        printed, e.g. when one op is printed alone; a block in no region keeps ``^bb0``)."""
        if id(block) not in self._block_names and block.parent is not None:
            self.name_blocks(block.parent)
        return "^" + self._block_names.get(id(block), "bb0")


def _uses_multi_name(op: Operation, p: Printer) -> bool:
    return False


def module_spelling(op: Operation) -> Optional[str]:
    """The ``spelling`` recorded on the outermost op enclosing ``op`` (its module), or None."""
    root = op
    while root.parent_op is not None:
        root = root.parent_op
    return getattr(root, "spelling", None)


INPUT_SPELLING = "input"
"""``spelling`` argument of :func:`print_op`: the one the module was read in (``ModuleOp.spelling``)."""


def location_text(loc) -> str:
    """MLIR's inline form of a source location (``mlir/IR/Location.h``): ``loc("file":line:col)``, or
    ``loc(unknown)`` for an op no source position is known for (one a pass made)."""
    if loc is None or not getattr(loc, "known", False):
        return "loc(unknown)"
    name = str(loc.file).replace("\\", "\\\\").replace('"', '\\"')
    return f'loc("{name}":{loc.line}:{loc.col})'


def print_op(op: Operation, generic: bool = False, spelling: Optional[str] = INPUT_SPELLING,
             asm_names: bool = False, debuginfo: bool = False) -> str:
    """Text of ``op`` (a module, a function, any op) followed by a newline, in ``spelling``
    (:mod:`meshc.ir.spelling`; None: the canonical form; :data:`INPUT_SPELLING`: the one its module was
    read in); ``asm_names``: the ops' own result names (``%c2_i64``) in place of source names, as
    mlir-opt prints; ``debuginfo``: every op followed by its location (:func:`location_text`,
    :class:`Printer`)."""
    if spelling == INPUT_SPELLING:
        spelling = module_spelling(op)
    p = Printer(generic=generic, spelling=spelling, asm_names=asm_names, debuginfo=debuginfo)
    # the printer's objects die by reference count: cyclic collections meanwhile would only rescan the IR
    with recursion_headroom(), spaced_collections(), printing_in(p.spelling):
        p.print_op(op)
    return p.text() + "\n"
