"""Readers of what other tools export, turned into meshc's terms.

* :mod:`meshc.frontends.jax_shardings`: the mesh and the argument/result shardings of a JAX
  StableHLO export (Shardy ``sdy.mesh``/``#sdy.sharding`` or GSPMD ``mhlo.sharding`` strings), as a
  mesh and ``mesh.shard`` requests for :func:`meshc.annotate.annotate`;
* :mod:`meshc.frontends.parameters`: the data of ``#stream.parameter.named<"scope"::"key">`` globals
  from ``.npz`` or ``.safetensors`` files (IREE's ``--parameters=scope=file``).

Each module imports numpy or lark only inside the functions that need them.
"""
