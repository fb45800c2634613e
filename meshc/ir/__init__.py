"""meshc's IR: types, attributes, affine maps, operations, the builder and
rewriter, the printer and the verifier. Imports nothing else of meshc."""

from meshc.ir.affine import AffineExpr, AffineMap, BinaryExpr, ConstantExpr, DimExpr, SymbolExpr
from meshc.ir.attributes import *  # noqa: F401,F403
from meshc.ir.builder import Builder, Rewriter
from meshc.ir.core import Block, BlockArgument, Operation, OpResult, Region, Value, op_class, register_op
from meshc.ir.location import UNKNOWN_LOC, Diagnostic, DiagnosticError, Location, note
from meshc.ir.printer import Printer, print_op
from meshc.ir.types import *  # noqa: F401,F403
from meshc.ir.verifier import verify
