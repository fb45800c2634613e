// The two steps in one pipeline, each dump printed by --print-ir-after-all (stderr) and parsing back.
// RUN: meshc compile %s -p sharding-propagation,distribute-types --print-ir-after-all 2>&1 >/dev/null | filecheck %s
// RUN: meshc compile %s -p sharding-propagation,distribute-types | filecheck %s --check-prefix=OUT

// CHECK:      // -----// IR Dump After ShardingPropagation (sharding-propagation) //----- //
// CHECK:      func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32>
// CHECK:      %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[W:.*]] = mesh.shard %w to <@m, [[]]> : tensor<16x4xf32>
// CHECK:      // -----// IR Dump After DistributeTypes (distribute-types) //----- //
// CHECK:      func.func @main(%x: tensor<8x16xf32, #mesh.shard<@m, [[0]]>>, %w: tensor<16x4xf32, #mesh.shard<@m, [[]]>>) -> tensor<8x4xf32, #mesh.shard<@m, [[0]]>>
// CHECK-NOT:  mesh.shard %

// OUT:      func.func @main(%x: tensor<8x16xf32, #mesh.shard<@m, [[0]]>>, %w: tensor<16x4xf32, #mesh.shard<@m, [[]]>>) -> tensor<8x4xf32, #mesh.shard<@m, [[0]]>>
// OUT:      %[[E:.*]] = tensor.empty() : tensor<8x4xf32, #mesh.shard<@m, [[0]]>>
// OUT-NEXT: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<8x4xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x4xf32, #mesh.shard<@m, [[0]]>>
// OUT-NEXT: %[[C:.*]] = linalg.matmul ins(%x, %w : tensor<8x16xf32, #mesh.shard<@m, [[0]]>>, tensor<16x4xf32, #mesh.shard<@m, [[]]>>) outs(%[[F]] : tensor<8x4xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x4xf32, #mesh.shard<@m, [[0]]>>
// OUT-NEXT: return %[[C]] : tensor<8x4xf32, #mesh.shard<@m, [[0]]>>
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %c = linalg.matmul ins(%xs, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%f : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %c : tensor<8x4xf32>
}
