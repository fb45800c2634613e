"""Zero destinations of split reductions in region bodies (meshc/interfaces/region_models.py): a
``tensor.empty`` or a zero ``linalg.fill`` holds no data, so each of its uses may have its own
sharding. One that a split-contraction matmul fills (its destination is partial) and another op reads
too keeps its own sharding for that op while the matmul reads its own partial copy
(``outer_reshards``, ``_private_zero_inits``); a zero destination made before the loop is read
partial in the body through a resharding point, which keeps the reduction combinable when later
passes compose the body again (``_partial_destination``). Every program is run on the simulated
devices and checked against the reference interpreter and a float64 numpy computation."""

from __future__ import annotations

import numpy as np
import pytest

import meshc.api as mc
from tests.tolerance import assert_close

HEAD = """module {
  mesh.mesh @m(shape = MESH)
  func.func @main(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>, %nt: tensor<index>) -> tensor<8x8xf32> {
    %xs = mesh.shard %x to <@m, XS> : tensor<8x8xf32>
    %ws = mesh.shard %w to <@m, WS> : tensor<8x8xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = tensor.extract %nt[] : tensor<index>
    %z = arith.constant 0.0 : f32
"""

# one tensor.empty feeds the fill of the matmul's destination and a math.exp: a @ w + exp(0)
SHARED_EMPTY = """    %e = tensor.empty() : tensor<8x8xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
    %y = linalg.matmul ins(%A, %ws : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
    %t = math.exp %e : tensor<8x8xf32>
    %u = arith.addf %y, %t : tensor<8x8xf32>
"""

# one zero fill is the matmul's destination and an addend of the carried value: a @ w + a
SHARED_FILL = """    %e = tensor.empty() : tensor<8x8xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
    %y = linalg.matmul ins(%A, %ws : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
    %t = arith.addf %f, %A : tensor<8x8xf32>
    %u = arith.addf %y, %t : tensor<8x8xf32>
"""

BODIES = {"shared_empty": (SHARED_EMPTY, lambda a, w: a @ w + 1.0),
          "shared_fill": (SHARED_FILL, lambda a, w: a @ w + a)}


def _indent(text: str) -> str:
    return "".join("  " + line + "\n" for line in text.splitlines())


def _program(where: str, body: str, mesh: str, xs: str, ws: str) -> str:
    """``body`` (computing ``%u`` from ``%A``) at top level, in an scf.for / scf.while of ``%n`` trips
    carrying ``%A``, or in both branches' then-side of an scf.if on ``%n > 0``."""
    text = HEAD.replace("MESH", mesh).replace("XS", xs).replace("WS", ws)
    if where == "top":
        return text + body.replace("%A", "%xs") + "    return %u : tensor<8x8xf32>\n  }\n}"
    if where == "for":
        return (text + "    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %xs) -> (tensor<8x8xf32>) {\n"
                + _indent(body.replace("%A", "%a")) + "      scf.yield %u : tensor<8x8xf32>\n    }\n"
                "    return %r : tensor<8x8xf32>\n  }\n}")
    if where == "while":
        return (text + "    %r:2 = scf.while (%i = %c0, %a = %xs) : (index, tensor<8x8xf32>) -> (index, tensor<8x8xf32>) {\n"
                "      %c = arith.cmpi slt, %i, %n : index\n"
                "      scf.condition(%c) %i, %a : index, tensor<8x8xf32>\n    } do {\n"
                "    ^bb0(%j: index, %b: tensor<8x8xf32>):\n" + _indent(body.replace("%A", "%b"))
                + "      %j1 = arith.addi %j, %c1 : index\n      scf.yield %j1, %u : index, tensor<8x8xf32>\n    }\n"
                "    return %r#1 : tensor<8x8xf32>\n  }\n}")
    assert where == "if"
    return (text + "    %p = arith.cmpi sgt, %n, %c0 : index\n    %r = scf.if %p -> (tensor<8x8xf32>) {\n"
            + _indent(body.replace("%A", "%xs")) + "      scf.yield %u : tensor<8x8xf32>\n    } else {\n"
            "      scf.yield %xs : tensor<8x8xf32>\n    }\n    return %r : tensor<8x8xf32>\n  }\n}")


def _inputs(trips: int, seed: int) -> list:
    rng = np.random.default_rng(seed)
    return [rng.standard_normal((8, 8)).astype(np.float32), (rng.standard_normal((8, 8)) / 4).astype(np.float32),
            np.array(trips, dtype=np.int64)]


def _check(text: str, inputs: list, step, where: str) -> None:
    """Run ``text`` sharded with --check and compare with ``step`` applied in float64 (once at top level
    and in a taken branch, ``trips`` times in a loop); the tolerance covers one 8-term sum per trip."""
    result = mc.run(mc.parse(text), inputs, check=True)
    assert result.check_ok
    a, w, n = inputs[0].astype(np.float64), inputs[1].astype(np.float64), int(inputs[2])
    trips = n if where in ("for", "while") else 1
    magnitude = float(np.max(np.abs(a)))
    for _ in range(trips):
        magnitude = max(magnitude, float(np.max(np.abs(a) @ np.abs(w) + np.abs(a))) + 1.0)
        a = step(a, w)
    assert_close(result.outputs[0], a, 8 * trips + trips, magnitude)


CASES = [  # mesh, the carried (or top-level) value's sharding, the weight's: the contraction is split
    ("2", "[[], [0]]", "[[0]]"),
    ("2x2", "[[0]]", "[[1]]"),
    ("2x2", "[[1], [0]]", "[[0]]"),
]


@pytest.mark.parametrize("where", ["top", "for", "while", "if"])
@pytest.mark.parametrize("body", sorted(BODIES))
@pytest.mark.parametrize("mesh, xs, ws", CASES, ids=["-".join(c) for c in CASES])
def test_a_zero_destination_read_by_another_op_gets_a_sharding_per_use(where, body, mesh, xs, ws):
    text, step = BODIES[body]
    _check(_program(where, text, mesh, xs, ws), _inputs(3, seed=len(mesh) + len(xs)), step, where)


OUTER = HEAD + """    %e = tensor.empty() : tensor<8x8xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
LOOP
    return %r : tensor<8x8xf32>
  }
}"""

OUTER_FOR = """    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %xs) -> (tensor<8x8xf32>) {
      %y = linalg.matmul ins(%a, %ws : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
      %t = math.tanh %y : tensor<8x8xf32>
      scf.yield %t : tensor<8x8xf32>
    }"""

OUTER_WHILE = """    %l:2 = scf.while (%i = %c0, %a = %xs) : (index, tensor<8x8xf32>) -> (index, tensor<8x8xf32>) {
      %c = arith.cmpi slt, %i, %n : index
      scf.condition(%c) %i, %a : index, tensor<8x8xf32>
    } do {
    ^bb0(%j: index, %b: tensor<8x8xf32>):
      %y = linalg.matmul ins(%b, %ws : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
      %t = math.tanh %y : tensor<8x8xf32>
      %j1 = arith.addi %j, %c1 : index
      scf.yield %j1, %t : index, tensor<8x8xf32>
    }
    %r = arith.addf %l#1, %f : tensor<8x8xf32>"""

OUTER_CASES = [  # mesh, carried, weight, loop, tanh applied (False: the matmul's partial result is yielded)
    ("2", "[[]]", "[[0]]", "for", True),
    ("2", "[[0]]", "[[0]]", "for", True),  # rows and the contraction on one axis
    ("2x2", "[[0]]", "[[1]]", "for", True),
    ("2x2", "[[0], [1]]", "[[1], [0]]", "for", False),
    ("2", "[[]]", "[[0]]", "while", True),
    ("2x2", "[[0]]", "[[1]]", "while", False),
    ("2", "[[]]", "[[], [0]]", "for", False),  # replicated carried value, the weight's columns split
    ("2", "[[]]", "[[], [0]]", "while", True),
]


@pytest.mark.parametrize("mesh, xs, ws, loop, tanh", OUTER_CASES, ids=["-".join(map(str, c)) for c in OUTER_CASES])
def test_a_zero_destination_made_before_the_loop_is_read_partial_in_the_body(mesh, xs, ws, loop, tanh):
    body = OUTER_FOR if loop == "for" else OUTER_WHILE
    if not tanh:
        body = body.replace("%t = math.tanh %y : tensor<8x8xf32>", "%t = arith.addf %y, %f : tensor<8x8xf32>")
    text = OUTER.replace("MESH", mesh).replace("XS", xs).replace("WS", ws).replace("LOOP", body)
    inputs = _inputs(3, seed=7)
    result = mc.run(mc.parse(text), inputs, check=True)
    assert result.check_ok
    a, w = inputs[0].astype(np.float64), inputs[1].astype(np.float64)
    magnitude = float(np.max(np.abs(a)))
    for _ in range(3):
        magnitude = max(magnitude, float(np.max(np.abs(a) @ np.abs(w))))
        a = np.tanh(a @ w) if tanh else a @ w
    assert_close(result.outputs[0], a, 3 * 8, magnitude)
