// distribute-types: every tensor value's type carries its sharding (#mesh.shard encoding); mesh.shard
// ops whose input already has their sharding disappear, the others stay as typed resharding points.
// RUN: meshc compile %s -p sharding-propagation,distribute-types --split-input-file | filecheck %s
// RUN: meshc compile %s -p sharding-propagation,distribute-types,distribute-types --split-input-file | filecheck %s
// RUN: meshc compile %s -p sharding-propagation,distribute-types --split-input-file | meshc compile - -p "" --split-input-file | filecheck %s

// Seed 000's first example becomes the seed's distributed form: no mesh.shard left.
// CHECK-LABEL: func.func @seed
// CHECK-SAME: (%arg0: tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>, %arg1: tensor<3x2xf32, #mesh.shard<@mesh, [[]]>>, %out_dps: tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>
// CHECK-NOT:  mesh.shard %
// CHECK:      %[[R:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>, tensor<3x2xf32, #mesh.shard<@mesh, [[]]>>) outs(%out_dps : tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>
// CHECK-NEXT: return %[[R]] : tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>
mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])
func.func @seed(%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>, %out_dps: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %arg0_sharded = mesh.shard %arg0 to <@mesh, [[0]]> : tensor<2x3xf32>
  %arg1_sharded = mesh.shard %arg1 to <@mesh, []> : tensor<3x2xf32>
  %out_dps_sharded = mesh.shard %out_dps to <@mesh, [[0]]> : tensor<2x2xf32>
  %res = linalg.matmul ins(%arg0_sharded, %arg1_sharded : tensor<2x3xf32>, tensor<3x2xf32>)
                       outs(%out_dps_sharded : tensor<2x2xf32>) -> tensor<2x2xf32>
  %res_sharded = mesh.shard %res to <@mesh, [[0]]> : tensor<2x2xf32>
  return %res_sharded : tensor<2x2xf32>
}

// -----

// Resharding points stay, typed T_in -> T_out: rows -> columns before the exp.
// CHECK-LABEL: func.func @reshard
// CHECK-SAME: (%x: tensor<8x16xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>>
// CHECK-NEXT: %[[C:.*]] = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32, #mesh.shard<@m, [[0]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>>
// CHECK-NEXT: %[[Y:.*]] = math.exp %[[C]] : tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>>
// CHECK-NEXT: return %[[Y]]
mesh.mesh @m(shape = 4)
func.func @reshard(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  %y = math.exp %xs : tensor<8x16xf32>
  %ys = mesh.shard %y to <@m, [[], [0]]> : tensor<8x16xf32>
  return %ys : tensor<8x16xf32>
}

// -----

// A split contraction: the result type is partial; the init is marked partial on the way and the
// partial result is resharded to what the user wants (replicated).
// CHECK-LABEL: func.func @partial
// CHECK:      %[[F:.*]] = linalg.fill {{.*}} -> tensor<8x4xf32, #mesh.shard<@m, [[]]>>
// CHECK-NEXT: %[[FP:.*]] = mesh.shard %[[F]] to <@m, [[]], partial = sum[0]> : tensor<8x4xf32, #mesh.shard<@m, [[]]>> -> tensor<8x4xf32, #mesh.shard<@m, [[]], partial = sum[0]>>
// CHECK-NEXT: %[[C:.*]] = linalg.matmul {{.*}} outs(%[[FP]] : tensor<8x4xf32, #mesh.shard<@m, [[]], partial = sum[0]>>) -> tensor<8x4xf32, #mesh.shard<@m, [[]], partial = sum[0]>>
// CHECK-NEXT: %[[R:.*]] = mesh.shard %[[C]] to <@m, [[]]> : tensor<8x4xf32, #mesh.shard<@m, [[]], partial = sum[0]>> -> tensor<8x4xf32, #mesh.shard<@m, [[]]>>
// CHECK-NEXT: return %[[R]] : tensor<8x4xf32, #mesh.shard<@m, [[]]>>
mesh.mesh @m(shape = 4)
func.func @partial(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %as = mesh.shard %a to <@m, [[], [0]]> : tensor<8x16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %c = linalg.matmul ins(%as, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%f : tensor<8x4xf32>) -> tensor<8x4xf32>
  %cs = mesh.shard %c to <@m, [[]]> : tensor<8x4xf32>
  return %cs : tensor<8x4xf32>
}

// -----

// A data-tiling encoding and a sharding in one type: #mesh.shard<..., inner = #iree_encoding...>,
// and back to the plain sharding after unset_encoding.
// CHECK-LABEL: func.func @with_encoding
// CHECK:      iree_encoding.set_encoding %x : tensor<4x8xf32, #mesh.shard<@m, [[0]]>> -> tensor<4x8xf32, #mesh.shard<@m, [[0]], inner = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul
// CHECK:      iree_encoding.unset_encoding {{.*}} -> tensor<4x8xf32, #mesh.shard<@m, [[0]]>>
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
mesh.mesh @m(shape = 2)
func.func @with_encoding(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<4x8xf32>
  %e = iree_encoding.set_encoding %xs : tensor<4x8xf32> -> tensor<4x8xf32, #lhs>
  %u = iree_encoding.unset_encoding %e : tensor<4x8xf32, #lhs> -> tensor<4x8xf32>
  return %u : tensor<4x8xf32>
}

// -----

// Tensors inside a region op's body take the shardings its region model gives them: the loop-carried
// value keeps its split through the scf.for, its body and its result (no resharding point).
// CHECK-LABEL: func.func @nested
// CHECK:      scf.for {{.*}} iter_args(%[[ACC:.*]] = %x) -> (tensor<4xf32, #mesh.shard<@m, [[0]]>>)
// CHECK-NEXT: arith.addf %[[ACC]], %[[ACC]] : tensor<4xf32, #mesh.shard<@m, [[0]]>>
// CHECK-NEXT: scf.yield %{{.*}} : tensor<4xf32, #mesh.shard<@m, [[0]]>>
// CHECK:      return %{{.*}} : tensor<4xf32, #mesh.shard<@m, [[0]]>>
mesh.mesh @m(shape = 4)
func.func @nested(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %xs) -> (tensor<4xf32>) {
    %y = arith.addf %acc, %acc : tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A function without any sharding is left as it is.
// CHECK-LABEL: func.func @plain(%x: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: math.exp %x : tensor<4xf32>
func.func @plain(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = math.exp %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
