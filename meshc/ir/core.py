"""The IR: values with use lists, operations, blocks, regions.

Model (MLIR's): an :class:`Operation` has a name (``dialect.op``), operands
(:class:`Value`), results (:class:`OpResult`), attributes, properties (the
``<{...}>`` dictionary of the generic form), regions and a location. A
:class:`Region` holds :class:`Block` s; a block holds block arguments and an
ordered list of operations. Every value keeps the list of operations that use
it, so ``replace_all_uses_with`` and dead-code checks are O(uses).

Costs the passes rely on (so that compiling is linear in program size):

* a use list (:class:`UseList`) adds and removes one use in O(1) and keeps
  insertion order; :attr:`Value.users` is O(uses);
* a block knows each op's position in O(log n) (:meth:`Block.index_of`)
  through order keys kept on the ops, as MLIR's ``Operation::isBeforeInBlock``
  numbers the ops of a block and renumbers lazily when an insertion finds no
  free key between its neighbours (see :class:`Block`).

Dialects subclass :class:`Operation` and register the subclass by name
(:func:`register_op`); the parser instantiates the registered class so each
op carries its own ``verify_`` and custom printer. Unknown ops stay plain
``Operation`` objects and print in the generic form.
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from contextlib import contextmanager
from operator import attrgetter
from typing import Callable, ClassVar, Iterable, Iterator, Optional, Sequence

from meshc.ir.attributes import Attribute, StringAttr
from meshc.ir.location import UNKNOWN_LOC, DiagnosticError, Diagnostic, Location
from meshc.ir.types import Type


class UseList:
    """The uses of a value: ``(operation, operand_index)`` pairs in the order
    they were added, read like a list (iteration, ``len``, truth, indexing).

    Adding and removing one use are O(1) (an insertion-ordered dict keyed by
    the operation's identity and the operand index), so erasing or rewiring
    each of the n users of a shared value costs O(n) in all, not O(n^2).
    Each ``(operation, index)`` pair is held at most once (an operand slot
    uses one value).
    """

    __slots__ = ("_uses",)

    def __init__(self) -> None:
        self._uses: dict[tuple[int, int], tuple["Operation", int]] = {}

    def append(self, use: tuple["Operation", int]) -> None:
        """Add ``(op, index)`` at the end (O(1)); re-adding moves it to the end."""
        key = (id(use[0]), use[1])
        self._uses.pop(key, None)
        self._uses[key] = use

    def discard(self, op: "Operation", index: int) -> None:
        """Remove the use of operand ``index`` of ``op`` if present (O(1))."""
        self._uses.pop((id(op), index), None)

    def clear(self) -> None:
        self._uses.clear()

    def __iter__(self) -> Iterator[tuple["Operation", int]]:
        return iter(self._uses.values())

    def __len__(self) -> int:
        return len(self._uses)

    def __bool__(self) -> bool:
        return bool(self._uses)

    def __getitem__(self, i):
        """``uses[0]``, ``uses[-1]``, slices: O(1) for the first and last use, O(uses) otherwise."""
        if i == 0 and self._uses:
            return next(iter(self._uses.values()))
        if i == -1 and self._uses:
            return next(reversed(self._uses.values()))
        return list(self._uses.values())[i]

    def __eq__(self, other) -> bool:
        if isinstance(other, UseList):
            other = list(other)
        return isinstance(other, list) and list(self._uses.values()) == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self._uses.values()))


class Value:
    """An SSA value: a block argument or an operation result.

    ``name_hint`` is the source name (``x`` for ``%x``) the printer tries to
    keep; ``uses`` (a :class:`UseList`) holds ``(operation, operand_index)``
    pairs in the order they were added.
    """

    __slots__ = ("type", "name_hint", "uses")

    def __init__(self, type: Type, name_hint: Optional[str] = None):
        self.type = type
        self.name_hint = name_hint
        self.uses: UseList = UseList()

    @property
    def owner(self):  # pragma: no cover - overridden
        raise NotImplementedError

    @property
    def has_uses(self) -> bool:
        return bool(self.uses)

    @property
    def users(self) -> list["Operation"]:
        """The distinct operations using this value, in the order of their
        first use. O(uses): duplicates are found by identity in a dict."""
        seen: dict[int, Operation] = {}
        for op, _ in self.uses:
            if id(op) not in seen:
                seen[id(op)] = op
        return list(seen.values())

    def replace_all_uses_with(self, new: "Value") -> None:
        """Point every use of this value at ``new``."""
        if new is self:
            return
        for op, idx in list(self.uses):
            op.set_operand(idx, new)

    def replace_uses_if(self, new: "Value", pred: Callable[["Operation"], bool]) -> None:
        for op, idx in list(self.uses):
            if pred(op):
                op.set_operand(idx, new)

    def parent_block(self) -> Optional["Block"]:
        raise NotImplementedError

    @property
    def location(self) -> Location:
        return UNKNOWN_LOC


class OpResult(Value):
    """Result number ``index`` of ``op``."""

    __slots__ = ("op", "index")

    def __init__(self, type: Type, op: "Operation", index: int, name_hint: Optional[str] = None):
        super().__init__(type, name_hint)
        self.op = op
        self.index = index

    @property
    def owner(self) -> "Operation":
        return self.op

    def parent_block(self) -> Optional["Block"]:
        return self.op.parent

    @property
    def location(self) -> Location:
        return self.op.location

    def __repr__(self) -> str:
        return f"<OpResult #{self.index} of {self.op.name} : {self.type}>"


class BlockArgument(Value):
    """Argument number ``index`` of ``block``."""

    __slots__ = ("block", "index", "loc")

    def __init__(self, type: Type, block: "Block", index: int, name_hint: Optional[str] = None,
                 loc: Location = UNKNOWN_LOC):
        super().__init__(type, name_hint)
        self.block = block
        self.index = index
        self.loc = loc

    @property
    def owner(self) -> "Block":
        return self.block

    def parent_block(self) -> Optional["Block"]:
        return self.block

    @property
    def location(self) -> Location:
        return self.loc

    def __repr__(self) -> str:
        return f"<BlockArgument #{self.index} : {self.type}>"


class Placeholder(Value):
    """A value used before its definition while parsing; the parser replaces
    it when the name is defined (an unresolved one is an error)."""

    __slots__ = ("name", "loc")

    def __init__(self, type: Type, name: str, loc: Location):
        super().__init__(type, name)
        self.name = name
        self.loc = loc

    def parent_block(self):
        return None

    @property
    def location(self) -> Location:
        return self.loc


_OP_REGISTRY: dict[str, type["Operation"]] = {}


def register_op(cls: type["Operation"]) -> type["Operation"]:
    """Class decorator: the parser builds ``cls`` for ops named ``cls.name``
    (and for every name in ``cls.aliases``, e.g. upstream spellings)."""
    _OP_REGISTRY[cls.name] = cls
    for alias in cls.aliases:
        _OP_REGISTRY[alias] = cls
    return cls


def op_class(name: str) -> type["Operation"]:
    """The registered class for ``name``, or :class:`Operation` if unknown."""
    return _OP_REGISTRY.get(name, Operation)


def registered_op_names() -> list[str]:
    return sorted(_OP_REGISTRY)


class Operation:
    """A generic operation. Dialect op classes subclass it.

    Subclass hooks:
      * ``name`` / ``aliases`` (class attributes);
      * ``verify_()`` raises :class:`DiagnosticError` (use ``self.error``);
      * ``print_custom(printer)`` prints the custom form (absent -> generic);
      * ``traits``: a set of strings among ``"Pure"``, ``"Terminator"``,
        ``"IsolatedFromAbove"``, ``"SymbolTable"``, ``"Symbol"``,
        ``"Commutative"``, ``"ReturnLike"``;
      * ``canonicalization_patterns``: the op's own rewrites (MLIR's
        ``getCanonicalizationPatterns``), functions ``(op, rewriter) -> bool``
        that change the IR only through the rewriter they get (a
        :class:`meshc.passes.rewrite.PatternRewriter`) and return True when
        they did; ``canonicalize`` runs them on every op of the class.
    """

    name: ClassVar[str] = "builtin.unregistered"
    aliases: ClassVar[tuple[str, ...]] = ()
    traits: ClassVar[frozenset[str]] = frozenset()
    canonicalization_patterns: ClassVar[tuple] = ()
    #: The blocks a terminator may branch to (MLIR's successors, written ``[^bb1, ^bb2]`` in the
    #: generic form), blocks of the op's own region; an instance sets its own list.
    successors: Sequence["Block"] = ()
    _order: int = 0  # position key in the parent block (see Block); meaningful only while in a block

    def __init__(self, operands: Sequence[Value] = (), result_types: Sequence[Type] = (),
                 attributes: Optional[dict[str, Attribute]] = None,
                 properties: Optional[dict[str, Attribute]] = None,
                 regions: Sequence["Region"] = (), location: Location = UNKNOWN_LOC,
                 name: Optional[str] = None, result_names: Sequence[Optional[str]] = ()):
        if name is not None:
            self.name = name  # type: ignore[misc]
        self.operands: list[Value] = []
        for i, v in enumerate(operands):
            self.operands.append(v)
            v.uses.append((self, i))
        names = list(result_names) + [None] * (len(result_types) - len(result_names))
        self.results: list[OpResult] = [OpResult(t, self, i, names[i]) for i, t in enumerate(result_types)]
        self.attributes: dict[str, Attribute] = dict(attributes or {})
        self.properties: dict[str, Attribute] = dict(properties or {})
        self.regions: list[Region] = []
        for r in regions:
            self.add_region(r)
        self.location = location
        self.parent: Optional[Block] = None

    # -- construction helpers -------------------------------------------------
    @classmethod
    def create(cls, operands=(), result_types=(), attributes=None, properties=None, regions=(),
               location: Location = UNKNOWN_LOC, name: Optional[str] = None, result_names=()) -> "Operation":
        """Build an op of the registered class for ``name`` (or ``cls``)."""
        klass = op_class(name) if name is not None and cls is Operation else cls
        if name is not None and name in klass.aliases:
            name = klass.name  # upstream spellings become the canonical op
        op = klass.__new__(klass)
        Operation.__init__(op, operands, result_types, attributes, properties, regions, location,
                           name if (name is not None and name != klass.name) else None, result_names)
        return op

    def add_region(self, region: "Region") -> "Region":
        region.parent = self
        self.regions.append(region)
        return region

    # -- operands ---------------------------------------------------------------
    def set_operand(self, index: int, value: Value) -> None:
        """Make operand ``index`` use ``value`` (O(1): one use removed, one added)."""
        self.operands[index].uses.discard(self, index)
        self.operands[index] = value
        value.uses.append((self, index))

    def set_operands(self, values: Sequence[Value]) -> None:
        self.drop_operands()
        for i, v in enumerate(values):
            self.operands.append(v)
            v.uses.append((self, i))

    def drop_operands(self) -> None:
        """Remove every operand and its use (O(operands))."""
        for i, v in enumerate(self.operands):
            v.uses.discard(self, i)
        self.operands = []

    @property
    def result(self) -> OpResult:
        if len(self.results) != 1:
            raise ValueError(f"'{self.name}' has {len(self.results)} results, not 1")
        return self.results[0]

    # -- attributes -------------------------------------------------------------
    def attr(self, key: str, default=None):
        """An attribute or property by name (properties first)."""
        if key in self.properties:
            return self.properties[key]
        return self.attributes.get(key, default)

    def set_attr(self, key: str, value: Attribute) -> None:
        if key in self.properties:
            self.properties[key] = value
        else:
            self.attributes[key] = value

    # -- structure --------------------------------------------------------------
    @property
    def parent_op(self) -> Optional["Operation"]:
        if self.parent is None or self.parent.parent is None:
            return None
        return self.parent.parent.parent

    def ancestors(self) -> Iterator["Operation"]:
        """The enclosing ops, innermost first (O(depth))."""
        block = self.parent
        while block is not None:
            region = block.parent
            op = region.parent if region is not None else None
            if op is None:
                return
            yield op
            block = op.parent

    def parent_of_type(self, cls) -> Optional["Operation"]:
        for a in self.ancestors():
            if isinstance(a, cls):
                return a
        return None

    def walk(self, pre_order: bool = True) -> Iterator["Operation"]:
        """This op and every op nested in it (pre- or post-order). Safe to
        erase the yielded op in post-order walks."""
        if pre_order:
            yield self
        yield from self._walk_nested(pre_order)
        if not pre_order:
            yield self

    def _walk_nested(self, pre_order: bool) -> Iterator["Operation"]:
        """:meth:`walk` without the op itself, with an explicit stack: each op costs O(1) at any nesting
        depth (nested generators would pass every op up through one frame per enclosing op). Each list
        (an op's regions, a region's blocks, a block's ops) is read when the walk reaches it, as a
        recursive walk reads it, so a pre-order consumer may change the regions of the op just yielded
        and a post-order one may erase it."""
        stack: list = [(None, _direct_ops(self))]
        while stack:
            owner, ops = stack[-1]
            for op in ops:  # left at a nested op (break), resumed after its ops
                if pre_order:
                    yield op
                    if op.regions:
                        stack.append((op, _direct_ops(op)))
                        break
                elif op.regions:
                    stack.append((op, _direct_ops(op)))
                    break
                else:
                    yield op
            else:
                stack.pop()
                if owner is not None and not pre_order:
                    yield owner

    def has_trait(self, trait: str) -> bool:
        return trait in self.traits

    @property
    def is_terminator(self) -> bool:
        return "Terminator" in self.traits

    def erase(self) -> None:
        """Remove from the parent block and drop operand uses. Results must
        be unused (raises ValueError otherwise)."""
        for r in self.results:
            if r.uses:
                raise ValueError(f"erasing '{self.name}' whose result #{r.index} still has uses")
        for op in list(self.walk(pre_order=False)):
            op.drop_operands()
        if self.parent is not None:
            self.parent.remove(self)

    def detach(self) -> None:
        if self.parent is not None:
            self.parent.remove(self)

    def clone(self, mapping: Optional[dict[Value, Value]] = None) -> "Operation":
        """Deep copy with operands remapped through ``mapping`` (which is
        extended with this op's results and nested values)."""
        mapping = {} if mapping is None else mapping
        new = type(self).__new__(type(self))
        Operation.__init__(new, [mapping.get(v, v) for v in self.operands], [r.type for r in self.results],
                           dict(self.attributes), dict(self.properties), (), self.location,
                           self.name if self.name != type(self).name else None,
                           [r.name_hint for r in self.results])
        for old_r, new_r in zip(self.results, new.results):
            mapping[old_r] = new_r
        if self.successors:  # Region.clone points them at the cloned blocks
            new.successors = list(self.successors)
        for region in self.regions:
            new.add_region(region.clone(mapping))
        return new

    # -- errors -----------------------------------------------------------------
    def error(self, message: str, notes: Sequence[Diagnostic] = ()) -> DiagnosticError:
        """A located error ``'op.name' op <message>`` to ``raise``, the op named as the input spelled it
        (:meth:`source_name`)."""
        return DiagnosticError(f"'{self.source_name()}' op {message}", self.location, list(notes))

    def source_name(self) -> str:
        """The op's name as its input wrote it: one of the class's dialect-qualified ``aliases`` (an
        upstream spelling, ``shard.sharding`` for ``mesh.sharding``) that the parser met in the op's
        module (``ModuleOp.source_marks``), else :attr:`name`. Diagnostics name the op so, as the
        upstream tool reading that input would."""
        aliases = [a for a in type(self).aliases if "." in a]
        if not aliases:
            return self.name
        top: Operation = self
        while top.parent_op is not None:
            top = top.parent_op
        marks = getattr(top, "source_marks", ())
        return next((a for a in aliases if a in marks), self.name)

    def verify_(self) -> None:
        """Op-specific checks (override). Raise ``self.error(...)``."""

    def __repr__(self) -> str:
        return f"<{self.name} at {self.location}>"


_ORDER_KEY = attrgetter("_order")
_FIRST_STRIDE_BITS = 32
_MAX_STRIDE_BITS = 1024


def _direct_ops(op: "Operation") -> Iterator["Operation"]:
    """The ops of ``op``'s blocks, region by region (each list read when reached)."""
    for region in list(op.regions):
        for block in list(region.blocks):
            yield from list(block.ops)


class Block:
    """A list of operations with block arguments, inside a region.

    ``ops`` is a plain list that passes read freely. Positions come from
    order keys kept on the ops (``Operation._order``), strictly increasing
    along ``ops``, as MLIR's ``Operation::isBeforeInBlock`` numbers the ops
    of a block: an insertion takes a key between its neighbours' keys (O(1)),
    and when no key is free the block is marked for renumbering, which
    happens lazily, in O(n), at the next position query. Each renumbering
    after such an exhaustion doubles the spacing of the keys (up to
    ``2**1024``), so a run of insertions at one place renumbers O(log) times.
    :meth:`index_of` finds an op by binary search over the keys (O(log n))
    and checks the answer, so code that assigns ``block.ops`` wholesale
    stays correct: a stale key costs one renumbering.
    """

    _order_valid = False  # class defaults: a block made without __init__ renumbers on first use
    _stride_bits = _FIRST_STRIDE_BITS

    def __init__(self, arg_types: Sequence[Type] = (), arg_names: Sequence[Optional[str]] = (),
                 arg_locs: Sequence[Location] = ()):
        names = list(arg_names) + [None] * (len(arg_types) - len(arg_names))
        locs = list(arg_locs) + [UNKNOWN_LOC] * (len(arg_types) - len(arg_locs))
        self.args: list[BlockArgument] = [BlockArgument(t, self, i, names[i], locs[i])
                                          for i, t in enumerate(arg_types)]
        self.ops: list[Operation] = []
        self.parent: Optional[Region] = None
        self.label: Optional[str] = None
        self._order_valid = True
        self._stride_bits = _FIRST_STRIDE_BITS

    def add_arg(self, type: Type, name: Optional[str] = None, loc: Location = UNKNOWN_LOC) -> BlockArgument:
        a = BlockArgument(type, self, len(self.args), name, loc)
        self.args.append(a)
        return a

    def erase_arg(self, index: int) -> None:
        arg = self.args[index]
        if arg.uses:
            raise ValueError(f"erasing block argument #{index} which still has uses")
        del self.args[index]
        for i, a in enumerate(self.args):
            a.index = i

    @property
    def parent_op(self) -> Optional[Operation]:
        return self.parent.parent if self.parent is not None else None

    # -- op order (MLIR's lazily renumbered order keys) ----------------------------
    def _renumber(self) -> None:
        """Give the ops keys ``stride, 2*stride, ...`` in list order (O(n))."""
        stride = 1 << self._stride_bits
        k = 0
        for op in self.ops:
            k += stride
            op._order = k
        self._order_valid = True

    def _key_at(self, index: int) -> None:
        """Key the op just inserted at ``index`` between its neighbours, or mark the order stale."""
        if not self._order_valid:
            return
        ops = self.ops
        stride = 1 << self._stride_bits
        if index == 0:
            key = ops[1]._order - stride if len(ops) > 1 else stride
        elif index == len(ops) - 1:
            key = ops[index - 1]._order + stride
        else:
            lo, hi = ops[index - 1]._order, ops[index + 1]._order
            if hi - lo < 2:
                self._order_valid = False
                if self._stride_bits < _MAX_STRIDE_BITS:
                    self._stride_bits *= 2
                return
            key = (lo + hi) // 2
        ops[index]._order = key

    def append(self, op: Operation) -> Operation:
        """Add ``op`` at the end (O(1))."""
        op.parent = self
        ops = self.ops
        if self._order_valid:
            op._order = ops[-1]._order + (1 << self._stride_bits) if ops else 1 << self._stride_bits
        ops.append(op)
        return op

    def insert(self, index: int, op: Operation) -> Operation:
        """Insert ``op`` before position ``index`` (list semantics: clamped,
        negative counts from the end). O(1) key work plus the list's insertion."""
        op.parent = self
        n = len(self.ops)
        if index < 0:
            index = max(0, n + index)
        elif index > n:
            index = n
        self.ops.insert(index, op)
        self._key_at(index)
        return op

    def index_of(self, op: Operation) -> int:
        """The position of ``op`` in ``ops``: O(log n) (binary search over the
        order keys), O(n) once after the order was invalidated.

        Raises:
            ValueError: ``op`` is not in this block.
        """
        ops = self.ops
        for attempt in (0, 1):
            if attempt or not self._order_valid:
                self._renumber()
            i = bisect_left(ops, op._order, key=_ORDER_KEY)
            if i < len(ops) and ops[i] is op:
                return i
        raise ValueError(f"{op!r} is not in this block")

    def is_before(self, a: Operation, b: Operation) -> bool:
        """Whether ``a`` comes before ``b``, both ops of this block (MLIR's
        ``Operation::isBeforeInBlock``). O(log n).

        Raises:
            ValueError: either op is not in this block.
        """
        return self.index_of(a) < self.index_of(b)

    def insert_before(self, anchor: Operation, op: Operation) -> Operation:
        return self.insert(self.index_of(anchor), op)

    def insert_after(self, anchor: Operation, op: Operation) -> Operation:
        return self.insert(self.index_of(anchor) + 1, op)

    def remove(self, op: Operation) -> None:
        """Take ``op`` out of the block (the other ops keep their keys).

        Raises:
            ValueError: ``op`` is not in this block.
        """
        del self.ops[self.index_of(op)]
        op.parent = None

    @property
    def terminator(self) -> Optional[Operation]:
        if self.ops and self.ops[-1].is_terminator:
            return self.ops[-1]
        return None

    def clone_into(self, mapping: dict[Value, Value]) -> "Block":
        new = Block([a.type for a in self.args], [a.name_hint for a in self.args], [a.loc for a in self.args])
        new.label = self.label
        for old_a, new_a in zip(self.args, new.args):
            mapping[old_a] = new_a
        for op in self.ops:
            new.append(op.clone(mapping))
        return new

    def __iter__(self) -> Iterator[Operation]:
        return iter(self.ops)

    def __len__(self) -> int:
        return len(self.ops)


class Region:
    """An ordered list of blocks owned by an operation."""

    def __init__(self, blocks: Iterable[Block] = ()):
        self.blocks: list[Block] = []
        self.parent: Optional[Operation] = None
        for b in blocks:
            self.add_block(b)

    def add_block(self, block: Block) -> Block:
        block.parent = self
        self.blocks.append(block)
        return block

    @property
    def block(self) -> Block:
        """The single block of a single-block region (raises if not one)."""
        if len(self.blocks) != 1:
            raise ValueError(f"region has {len(self.blocks)} blocks, expected 1")
        return self.blocks[0]

    @property
    def empty(self) -> bool:
        return not self.blocks

    def clone(self, mapping: Optional[dict[Value, Value]] = None) -> "Region":
        """Deep copy; successors of the copied ops name the copied blocks."""
        mapping = {} if mapping is None else mapping
        new = Region(b.clone_into(mapping) for b in self.blocks)
        blocks = {id(old): b for old, b in zip(self.blocks, new.blocks)}
        for b in new.blocks:
            for op in b.ops:
                if op.successors:
                    op.successors = [blocks.get(id(s), s) for s in op.successors]
        return new

    def walk(self) -> Iterator[Operation]:
        for b in self.blocks:
            for op in list(b.ops):
                yield from op.walk()


_SYMBOLS = threading.local()  # .tables: {id(block): (block, {name: op})} while a symbol_lookup_cache is open


@contextmanager
def symbol_lookup_cache() -> Iterator[None]:
    """Within this context (on this thread) :func:`lookup_symbol_in` builds
    each symbol table's name map once and answers in O(1), so checking n
    symbol uses costs O(n + table size) instead of O(n * table size). The IR
    must not change meanwhile: the verifier opens one for each verification
    (MLIR's verifier likewise consults a ``SymbolTableCollection`` built
    once). Nested uses share the outer cache."""
    outer = getattr(_SYMBOLS, "tables", None)
    outer_memo = getattr(_SYMBOLS, "memo", None)
    if outer is None:
        _SYMBOLS.tables = {}
        _SYMBOLS.memo = {}
    try:
        yield
    finally:
        _SYMBOLS.tables = outer
        _SYMBOLS.memo = outer_memo


def unchanged_ir_memo() -> Optional[dict]:
    """A dictionary that lives as long as the innermost :func:`symbol_lookup_cache` (on this thread),
    during which the IR does not change, or None outside one. A verifier stores there what it
    derived from immutable values and the symbol tables (a sharding checked against a tensor type
    and its mesh), so each distinct check runs once per verification, not once per use."""
    return getattr(_SYMBOLS, "memo", None)


def lookup_symbol_in(block: Block, name: str) -> Optional[Operation]:
    """The first op of ``block`` (a symbol table's body) whose ``sym_name`` is
    ``name``, or None. O(len(block)), or O(1) after the first lookup in the
    block inside a :func:`symbol_lookup_cache`."""
    tables = getattr(_SYMBOLS, "tables", None)
    if tables is None:
        for op in block.ops:
            a = op.attributes.get("sym_name")
            if isinstance(a, StringAttr) and a.value == name:
                return op
        return None
    entry = tables.get(id(block))
    if entry is None or entry[0] is not block:
        names: dict[str, Operation] = {}
        for op in block.ops:
            a = op.attributes.get("sym_name")
            if isinstance(a, StringAttr):
                names.setdefault(a.value, op)
        entry = tables[id(block)] = (block, names)
    return entry[1].get(name)


def is_ancestor(region: Region, op: Operation) -> bool:
    """True when ``op`` is (transitively) inside ``region``."""
    b = op.parent
    while b is not None:
        if b.parent is region:
            return True
        owner = b.parent.parent if b.parent is not None else None
        b = owner.parent if owner is not None else None
    return False
