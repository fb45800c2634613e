"""Passes and the pass manager.

* :mod:`.base`      ``Pass`` (name, summary, typed ``Option`` s, ``run(op)``) and ``PassContext``;
* :mod:`.registry`  pass name -> ``"module:Class"`` (imported lazily) and the default pipeline;
* :mod:`.pipeline`  the textual pipeline syntax ``a,b{opt=1}`` / ``builtin.module(func.func(a))``;
* :mod:`.manager`   ``PassManager``: runs a pipeline, verifies after each pass, prints IR
  dumps like mlir-opt, times passes, forwards remarks;
* :mod:`.rewrite`   rewrite patterns and the greedy worklist driver;
* one module per pass (``canonicalize``, ``cse``, ``symbol_dce``, ``verify``...).

Importing this package imports nothing else (``meshc --help`` stays fast).
"""
