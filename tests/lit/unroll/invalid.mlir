// unroll: input it cannot unroll is a located error; --mesh-shape must fit the mesh.
// RUN: meshc compile %s -p unroll --split-input-file --verify-diagnostics
// RUN: not meshc compile %s -p unroll --split-input-file --mesh-shape m=3x2 2>&1 | filecheck %s --check-prefix=SHAPE

mesh.mesh @m(shape = 4)
func.func @point(%x: tensor<8xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8xf32, #mesh.shard<@m, [[]]>> {
  // expected-error @+1 {{'mesh.shard' op is a resharding point; run partition before unroll}}
  %y = mesh.shard %x to <@m, [[]]> {peer_read} : tensor<8xf32, #mesh.shard<@m, [[0]]>> -> tensor<8xf32, #mesh.shard<@m, [[]]>>
  return %y : tensor<8xf32, #mesh.shard<@m, [[]]>>
}

// -----

mesh.mesh @m(shape = 4)
func.func @not_partitioned(%x: tensor<8xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8xf32, #mesh.shard<@m, [[0]]>> {
  // expected-error @+1 {{'math.exp' op works on distributed tensors outside a per-device body; run partition before unroll}}
  %y = math.exp %x : tensor<8xf32, #mesh.shard<@m, [[0]]>>
  return %y : tensor<8xf32, #mesh.shard<@m, [[0]]>>
}

// SHAPE: error: 'mesh.mesh' op has rank 1; --mesh-shape m=3x2 has rank 2
