"""Errors raised by the layout engine.

Every error is a ``ValueError`` subclass whose message carries the offending
numbers, so the CLI can print it after ``error:`` with no traceback.
"""

from __future__ import annotations


class LayoutError(ValueError):
    """Base class: the requested TensorLayout cannot describe the tensor."""


class ShapeError(LayoutError):
    """A logical shape has a negative or non-integer dimension, or bad spelling."""


class DTypeError(LayoutError):
    """Unknown data type name, or a data type the page layout cannot hold
    (seed 002: "you cannot have a bfloat8 tensor be in row_major layout")."""


class TileError(LayoutError):
    """A tile shape outside the shapes TT-Metal supports."""


class AlignmentError(LayoutError):
    """An alignment with a bad rank or a non-positive entry."""


class ShardSpecError(LayoutError):
    """A shard spec that is missing, superfluous or malformed."""


class ShardShapeError(LayoutError):
    """A shard shape that does not fit the tensor: not tile-sized under the
    physical rules, or a height/width-sharded shard that does not span the
    physical width/height."""


class CoreGridError(LayoutError):
    """A core grid that cannot hold the shards: too few cores, overlapping
    ranges, or a block-sharded grid that is not one rectangle."""


class StridesError(LayoutError):
    """The physical layout has no ND strides (shards padded in the middle)."""
