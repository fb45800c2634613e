"""Random sharded programs: the threaded runtime equals the reference interpreter.

Each case is a small program (matmul, elementwise exp, row-sum reduction)
whose inputs, an intermediate value and a result carry random shardings
(split axes drawn at random, replicated where none), on a random 1-D or 2-D
mesh with random peered axes, compiled with the default pipeline, with
peer-read resharding, or with the scf.forall form of partition. Whatever
collectives, peer reads of slices, copies and in-place reuse the backend
emits, ``meshc.api.run(check=True)`` must agree with the unsharded run."""

from __future__ import annotations

import math
import random

import pytest

import meshc.api as mc

PIPELINES = {
    "default": None,
    "peer": "sharding-propagation,distribute-types,reshard{strategy=peer},partition,unroll,canonicalize,cse",
    "for_one": "sharding-propagation,distribute-types,reshard,partition{form=for_one},unroll,canonicalize,cse",
}
MESHES = [(1,), (2,), (3,), (4,), (5,), (2, 2), (2, 3), (3, 2)]


def sharding(rank: int, mesh_rank: int, rng: random.Random) -> str:
    """Each mesh axis splits a random tensor dim with probability 1/2 (each axis used once)."""
    axes = list(range(mesh_rank))
    rng.shuffle(axes)
    split: list[list[int]] = [[] for _ in range(rank)]
    for a in axes:
        if rng.random() < 0.5:
            split[rng.randrange(rank)].append(a)
    while split and not split[-1]:
        split.pop()
    return "[" + ", ".join("[" + ", ".join(map(str, s)) + "]" for s in split) + "]" if split else "[[]]"


def program(seed: int) -> str:
    rng = random.Random(seed)
    shape = rng.choice(MESHES)
    peered = rng.choice([[], [0]] + ([[1], [0, 1]] if len(shape) == 2 else []))
    r = len(shape)
    m, k, n = rng.choice([6, 8, 9]), rng.choice([4, 10, 12]), rng.choice([3, 5, 8])
    mesh = f"mesh.mesh @m(shape = {'x'.join(map(str, shape))}" + (f", peered_memory_axes = {peered}" if peered
                                                                    else "") + ")"
    return f"""{mesh}
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<{m}x{k}xf32>, %w: tensor<{k}x{n}xf32>) -> (tensor<{m}x{n}xf32>, tensor<{m}xf32>) {{
  %xs = mesh.shard %x to <@m, {sharding(2, r, rng)}> : tensor<{m}x{k}xf32>
  %ws = mesh.shard %w to <@m, {sharding(2, r, rng)}> : tensor<{k}x{n}xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %y = linalg.matmul ins(%xs, %ws : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%f : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %ya = mesh.shard %y to <@m, {sharding(2, r, rng)}> annotate_for_users : tensor<{m}x{n}xf32>
  %t = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}} ins(%ya : tensor<{m}x{n}xf32>) outs(%e : tensor<{m}x{n}xf32>) {{
  ^bb0(%in: f32, %o: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  }} -> tensor<{m}x{n}xf32>
  %e1 = tensor.empty() : tensor<{m}xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<{m}xf32>) -> tensor<{m}xf32>
  %s = linalg.generic {{indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}} ins(%t : tensor<{m}x{n}xf32>) outs(%f1 : tensor<{m}xf32>) {{
  ^bb0(%in: f32, %acc: f32):
    %v = arith.addf %in, %acc : f32
    linalg.yield %v : f32
  }} -> tensor<{m}xf32>
  %ts = mesh.shard %t to <@m, {sharding(2, r, rng)}> : tensor<{m}x{n}xf32>
  return %ts, %s : tensor<{m}x{n}xf32>, tensor<{m}xf32>
}}
"""


CASES = [(seed, "default") for seed in range(20)] + [(seed, "peer") for seed in range(20, 32)] + \
        [(seed, "for_one") for seed in range(32, 40)]


@pytest.mark.parametrize("seed,pipeline", CASES, ids=[f"{p}-{s}" for s, p in CASES])
def test_random_sharded_program_equals_the_reference(seed, pipeline):
    module = mc.parse(program(seed), f"random{seed}.mlir")
    r = mc.run(module, random_seed=seed, check=True, pipeline=PIPELINES[pipeline], timeout=20)
    assert r.check_ok, [(c.name, c.max_abs, c.max_rel) for c in r.comparisons]
    # every buffer is released at the end except those holding results (each held once)
    sched = r.compiled.schedule
    sizes = {(a.device, a.buffer): a.shape for a in sched.args}
    sizes.update({(d.device, st.buffer): st.shape for d in sched.devices for st in d.steps if st.kind == "allocate"})
    held = {(x.device, x.buffer) for x in sched.results}
    for d in r.stats.devices:
        assert d.final_bytes == sum(4 * math.prod(sizes[k, b]) for k, b in held if k == d.device)  # f32
