"""The ``key = value`` clauses of the mesh ops' custom forms (:class:`Clause`)
and :class:`MeshDialectOp`, the base of the mesh ops that name a mesh:
clause-driven verification of kinds, printing and the parse checks of
:class:`meshc.dialects.mesh.Syntax`. Re-exported by :mod:`meshc.dialects.mesh`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Optional, Sequence, Union

from meshc.ir.attributes import (ArrayAttr, Attribute, DenseArrayAttr, IntegerAttr, StringAttr, SymbolRefAttr,
                                 UnitAttr)
from meshc.ir.core import Block, Operation, OpResult, Region, Value, op_class, register_op
from meshc.ir.location import UNKNOWN_LOC, DiagnosticError, Location, note
from meshc.ir.spelling import SHARD_SPELLINGS
from meshc.ir.types import I64, INDEX, K_DYNAMIC, FunctionType, IntegerType, OpaqueType, TensorType, Type
from meshc.dialects.mesh_checks import (DYNAMIC_INDEX, Entry, ShardingVerifyError, _axes_text, _int_values,
                                        _split_text, _split_values, check_mesh_axes, enclosing_module, lookup_mesh,
                                        verify_op_shardings)

# ---------------------------------------------------------------------------------------------------------------
# Clauses: the ``key = value`` parts of the custom forms
# ---------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Clause:
    """One ``key = value`` clause of a mesh op's custom form (upstream assembly formats).

    ``kind`` says what the value is and how it is stored in ``attributes[attr_name]``:

    ==============  ============================  ==============================================
    kind            written                       stored
    ==============  ============================  ==============================================
    ``axes``        ``[0, 1]``                    DenseArrayAttr i16 (omitted when empty)
    ``axes_array``  ``[[0], [], [1]]``            ArrayAttr of DenseArrayAttr i16
    ``index``       ``1``                         IntegerAttr of type index
    ``int``         ``-1``                        IntegerAttr i64
    ``reduction``   ``max`` (or ``<max>``)        StringAttr (omitted when equal to ``default``)
    ``partial``     ``sum [1]``                   ``partial_type`` StringAttr + ``partial_axes``
    ``dyn_list``    ``[1, %a]``                   DenseArrayAttr i64, SSA entries as
                                                  :data:`DYNAMIC_INDEX` plus operands of type
                                                  ``operand_type``
    ``flag``        ``rotate``                    UnitAttr
    ==============  ============================  ==============================================

    ``spellings`` are other accepted keywords (LLVM 21+ ``grid_axes``); ``spelled`` maps a print
    spelling (:mod:`meshc.ir.spelling`) to the keyword printed in it (``shard`` -> ``grid_axes``).
    """

    key: str
    kind: str
    attr: str = ""
    required: bool = False
    spellings: tuple[str, ...] = ()
    operand_type: Type = INDEX
    default: Optional[str] = None
    spelled: tuple[tuple[str, str], ...] = ()

    @property
    def attr_name(self) -> str:
        return self.attr or self.key

    def key_in(self, spelling: Optional[str]) -> str:
        """The keyword printed in ``spelling``."""
        return dict(self.spelled).get(spelling or "", self.key)


MESH_AXES = Clause("mesh_axes", "axes", spellings=("grid_axes",),
                   spelled=tuple((s, "grid_axes") for s in SHARD_SPELLINGS))
REDUCTION = Clause("reduction", "reduction", default="sum")


def _entry_text(p, e: Entry) -> str:
    return p.value(e) if isinstance(e, Value) else str(e)


#: print spellings in which a sharding is an SSA value (``mesh.sharding``/``shard.sharding`` ops) rather than
#: the inline attribute of LLVM 19 and the canonical form
VALUE_SPELLINGS = ("mesh20",) + SHARD_SPELLINGS


def spelled_op_name(cls, spelling: Optional[str]) -> Optional[str]:
    """The name of op class ``cls`` in print spelling ``spelling``: its ``shard.*`` alias in LLVM 21+
    (``shard.grid`` for ``mesh.mesh``), None (the canonical name) otherwise."""
    if spelling in SHARD_SPELLINGS:
        return next((a for a in cls.aliases if a.startswith("shard.")), None)
    return None


class MeshDialectOp(Operation):
    """Base of the mesh ops that name a mesh (``attributes["mesh"]``): clause-driven printing,
    static/dynamic index lists, the mesh lookup, and the ``#mesh.shard`` checks of operand and
    result types (:func:`verify_op_shardings`) before the op's own :meth:`verify_mesh_op`."""

    clauses: ClassVar[tuple[Clause, ...]] = ()
    #: operands that precede the SSA entries of the dynamic index lists
    fixed_operands: ClassVar[int] = 0
    #: attributes whose DYNAMIC_INDEX entries are operands (in this order); None = the dyn_list clauses
    dynamic_lists: ClassVar[Optional[tuple[str, ...]]] = None
    #: False for ops whose operand count is not fixed by the lists (they check it themselves)
    verify_operand_count: ClassVar[bool] = True
    #: False for ops that name their mesh elsewhere (mesh.shard: in its sharding)
    has_mesh_attr: ClassVar[bool] = True

    @classmethod
    def spelled_name(cls, spelling: Optional[str]) -> Optional[str]:
        """The op's name in print spelling ``spelling`` (:func:`spelled_op_name`)."""
        return spelled_op_name(cls, spelling)

    # -- accessors ----------------------------------------------------------------------------------------------
    @property
    def mesh_name(self) -> str:
        """The mesh symbol name (without ``@``)."""
        return self.attributes["mesh"].root  # type: ignore[attr-defined]

    def mesh_op(self) -> Optional["MeshOp"]:
        """The ``mesh.mesh`` this op names, or None outside a module.

        Raises:
            DiagnosticError: the symbol is undefined or not a mesh.
        """
        module = enclosing_module(self)
        if module is None:
            return None
        try:
            return lookup_mesh(module, self.mesh_name)
        except ShardingVerifyError as err:
            raise self.error(str(err)) from None

    def axes(self, attr_name: str) -> tuple[int, ...]:
        """The integers of an ``axes`` attribute (``()`` when absent)."""
        return _int_values(self.attributes.get(attr_name))

    def _list_names(self) -> tuple[str, ...]:
        if self.dynamic_lists is not None:
            return self.dynamic_lists
        return tuple(c.attr_name for c in self.clauses if c.kind == "dyn_list")

    def dynamic_list(self, attr_name: str) -> Optional[list[Entry]]:
        """A static/dynamic index list: ints, and the operand Values at DYNAMIC_INDEX entries
        (None when the attribute is absent)."""
        pos = self.fixed_operands
        for name in self._list_names():
            statics = _int_values(self.attributes.get(name))
            if name == attr_name:
                if name not in self.attributes:
                    return None
                out: list[Entry] = []
                for v in statics:
                    if v == DYNAMIC_INDEX:
                        out.append(self.operands[pos])
                        pos += 1
                    else:
                        out.append(v)
                return out
            pos += sum(1 for v in statics if v == DYNAMIC_INDEX)
        raise KeyError(attr_name)

    def _expected_operands(self) -> int:
        return self.fixed_operands + sum(sum(1 for v in _int_values(self.attributes.get(n)) if v == DYNAMIC_INDEX)
                                         for n in self._list_names())

    # -- verification ---------------------------------------------------------------------------------------------
    def verify_(self) -> None:
        if self.has_mesh_attr and not isinstance(self.attributes.get("mesh"), SymbolRefAttr):
            raise self.error("requires a 'mesh' symbol attribute")
        want = self._expected_operands()
        if self.verify_operand_count and len(self.operands) != want:
            raise self.error(f"expects {want} operands, got {len(self.operands)}")
        self.verify_clause_kinds()
        verify_op_shardings(self)
        self.verify_mesh_op()

    def verify_clause_kinds(self) -> None:
        """Each present clause attribute has the kind its custom form prints
        (integers for index/int clauses, strings for reduction kinds), so the
        custom form never drops or garbles what the generic form gave."""
        from meshc.ir.attributes import IntegerAttr

        for c in self.clauses:
            a = self.attributes.get(c.attr_name)
            if a is None and c.required:  # the custom form cannot omit it (fuzzer find)
                raise self.error(f"requires attribute '{c.attr_name}'")
            if a is None:
                continue
            if c.kind in ("index", "int") and not isinstance(a, IntegerAttr):
                raise self.error(f"attribute '{c.attr_name}' must be an integer, got '{a}'")
            if c.kind == "reduction" and not isinstance(a, StringAttr):
                raise self.error(f"attribute '{c.attr_name}' must be a reduction kind string, got '{a}'")
        kind = self.attributes.get("partial_type")
        if kind is not None and not isinstance(kind, StringAttr):
            raise self.error(f"attribute 'partial_type' must be a reduction kind string, got '{kind}'")

    def verify_mesh_op(self) -> None:
        """Op-specific checks (override)."""

    def check_axes(self, axes: Sequence[int], mesh: Optional["MeshOp"], what: str) -> None:
        """:func:`check_mesh_axes` as a located error of this op."""
        try:
            check_mesh_axes(axes, mesh, self.mesh_name, what)
        except ShardingVerifyError as err:
            raise self.error(str(err)) from None

    def check_index_results(self, count: int, why: str) -> None:
        """Raise unless the op has ``count`` results, all of type index."""
        if len(self.results) != count:
            raise self.error(f"expects {count} results ({why}), got {len(self.results)}")
        for i, r in enumerate(self.results):
            if r.type != INDEX:
                raise self.error(f"result #{i} must be 'index', got '{r.type}'")

    # -- printing -------------------------------------------------------------------------------------------------
    def clauses_text(self, p) -> str:
        """`` key = value`` for each present clause, in the op's clause order."""
        out = []
        spelling = getattr(p, "spelling", None)
        for c in self.clauses:
            a = self.attributes.get(c.attr_name)
            if a is None:
                continue
            key = c.key_in(spelling)
            if c.kind == "flag":
                out.append(f" {key}")
            elif c.kind == "axes":
                if _int_values(a) or c.required:  # a required clause prints even when empty (fuzzer find)
                    out.append(f" {key} = {_axes_text(_int_values(a))}")
            elif c.kind == "axes_array":
                out.append(f" {key} = {_split_text(_split_values(a))}")
            elif c.kind in ("index", "int"):
                out.append(f" {key} = {a.value}")  # type: ignore[attr-defined]
            elif c.kind == "reduction":  # LLVM 19 reads only the bracketed '<max>'
                value = a.value  # type: ignore[attr-defined]
                out.append(f" {key} = <{value}>" if spelling == "mesh19" else f" {key} = {value}")
            elif c.kind == "partial":
                kind = self.attributes.get("partial_type")
                out.append(f" {key} = {kind.value if kind is not None else 'sum'} "  # type: ignore[attr-defined]
                           f"{_axes_text(_int_values(a))}")
            elif c.kind == "dyn_list":
                entries = self.dynamic_list(c.attr_name) or []
                out.append(f" {key} = [" + ", ".join(_entry_text(p, e) for e in entries) + "]")
        return "".join(out)

    def clause_attr_names(self) -> tuple[str, ...]:
        names = ["mesh"]
        for c in self.clauses:
            names.append(c.attr_name)
            if c.kind == "partial":
                names.append("partial_type")
        return tuple(names)


