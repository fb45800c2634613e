"""``verify``: check the IR and change nothing.

The pass manager already verifies the input and, with ``--verify-each`` (the
default), the IR after every pass; this pass makes a check explicit at one
point of a pipeline, also under ``--no-verify-each``. No options.
"""

from __future__ import annotations

from meshc.ir.core import Operation
from meshc.passes.base import Pass


class Verify(Pass):
    """Verify: see the module docstring."""

    name = "verify"
    summary = "Verify the IR (structure, dominance, every op's own rules); change nothing"
    verifies_itself = True

    def run(self, op: Operation) -> None:
        from meshc.ir.verifier import verify

        verify(op)
