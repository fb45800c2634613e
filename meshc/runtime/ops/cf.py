"""Kernel of ``cf.assert`` (see :mod:`meshc.dialects.cf`)."""

from __future__ import annotations

from meshc.runtime.interpreter import kernel


@kernel("cf.assert")
def _assert(interp, op, args):
    if not bool(args[0]):
        raise op.error(f"assertion failed: {op.attr('msg').value}")
    return []
