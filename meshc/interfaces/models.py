"""How an op finds the external model an interface registered for it (one rule for every interface).

A model is registered for an op name (``"linalg.matmul"``) or for an op class; an op's model is the
one of its name, else the one of the nearest class in its method resolution order, as upstream
MLIR attaches external models to an op name and to op interfaces (``attachInterface``). Used by
the ShardingInterface (:mod:`.sharding`) and the encoding propagation interfaces (:mod:`.encoding`).
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

__all__ = ["find_model"]


def find_model(op: Any, by_name: Mapping[Any, Any], by_class: Optional[Mapping[Any, Any]] = None) -> Any:
    """The model registered for ``op.name`` in ``by_name``, else for the first class of
    ``type(op).__mro__`` in ``by_class`` (``by_name`` itself when None: one table keyed by both);
    None when neither has one."""
    model = by_name.get(op.name)
    if model is not None:
        return model
    classes = by_name if by_class is None else by_class
    for cls in type(op).__mro__:
        model = classes.get(cls)
        if model is not None:
            return model
    return None
