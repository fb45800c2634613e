"""Differential testing of the sharding pipeline (README.md, "Reliability").

:mod:`tests.difftest.gen` builds random well-typed programs with random shardings on
random meshes, :mod:`tests.difftest.strategies` draws them with hypothesis, and
:mod:`tests.difftest.runner` compiles each under every reshard strategy and partition
form, runs it on the simulated devices and compares with the reference interpreter.
"""

from tests.difftest.gen import Case, MeshSpec, generate, generate_from_seed
from tests.difftest.runner import COMBOS, DEFAULT_COMBOS, SPMD_COMBO, CaseResult, Outcome, Tally, check_case, pipeline_text

__all__ = ["Case", "MeshSpec", "generate", "generate_from_seed", "COMBOS", "DEFAULT_COMBOS", "SPMD_COMBO", "CaseResult", "Outcome", "Tally",
           "check_case", "pipeline_text"]
