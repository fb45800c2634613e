"""numpy kernels shared by the reference interpreter and the runtime.

Pure functions over numpy arrays and plain Python parameters, one module
per MLIR dialect; a registry keyed by op name wraps them elsewhere.

* :mod:`.dtypes`    MLIR element type names <-> numpy dtypes
* :mod:`.arith`     ``arith`` ops (``BINARY``, ``UNARY``, ``CASTS``, cmpi/cmpf/select)
* :mod:`.math`      ``math`` ops (``UNARY``, ``BINARY``, ``TERNARY``, ``INT_UNARY``)
* :mod:`.combiners` associative combiners and their ufunc reductions
* :mod:`.linalg`    named linalg ops, fill/transpose/broadcast/reduce/map, pack/unpack, mmt4d
* :mod:`.generic`   ``linalg.generic`` on whole arrays (:func:`~.generic.run_generic`)
* :mod:`.tensor`    ``tensor`` ops (slices, pad, concat, reshapes)

Every kernel leaves its inputs unwritten and returns arrays that share no
memory with them; invalid values raise :class:`KernelError`.
"""

from __future__ import annotations

from meshc.kernels.errors import KernelError

__all__ = ["KernelError"]
