// reshard: impossible requests are located errors.
// RUN: meshc compile %s -p reshard --split-input-file --verify-diagnostics

mesh.mesh @m(shape = 4)
func.func @annotations(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error @+1 {{'mesh.shard' op expects distributed tensor types (run distribute-types first)}}
  %y = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

// -----

mesh.mesh @d(shape = ?)
func.func @offsets_on_dynamic_mesh(%x: tensor<8x16xf32, #mesh.shard<@d, [[0]]>>) -> tensor<8x16xf32, #mesh.shard<@d, [[0]], sharded_dims_offsets = [0, 3, 8]>> {
  // Upstream's verifier rule: explicit offsets need the device count, so not on a dynamic mesh.
  // expected-error @+1 {{sharded_dims_offsets are not allowed on mesh @d of dynamic shape ?}}
  %y = mesh.shard %x to <@d, [[0]], sharded_dims_offsets = [0, 3, 8]> : tensor<8x16xf32, #mesh.shard<@d, [[0]]>> -> tensor<8x16xf32, #mesh.shard<@d, [[0]], sharded_dims_offsets = [0, 3, 8]>>
  return %y : tensor<8x16xf32, #mesh.shard<@d, [[0]], sharded_dims_offsets = [0, 3, 8]>>
}

// -----

mesh.mesh @m(shape = 4)
mesh.mesh @n(shape = 2)
// expected-error @+2 {{'func.func' op uses mesh @n but function @two_meshes already uses mesh @m; meshc handles one mesh per function}}
// expected-note @+1 {{mesh @m used here}}
func.func @two_meshes(%x: tensor<8x16xf32, #mesh.shard<@m, [[0]]>>, %y: tensor<8x16xf32, #mesh.shard<@n, [[0]]>>) -> tensor<8x16xf32, #mesh.shard<@m, [[0]]>> {
  return %x : tensor<8x16xf32, #mesh.shard<@m, [[0]]>>
}
