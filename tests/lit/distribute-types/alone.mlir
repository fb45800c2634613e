// distribute-types without sharding-propagation: annotated values take their annotation, the others
// are replicated; an annotate_for_users that disagrees stays as a resharding point.
// RUN: meshc compile %s -p distribute-types | filecheck %s

// CHECK-LABEL: func.func @alone
// CHECK-SAME: (%x: tensor<8xf32, #mesh.shard<@m, [[0]]>>, %y: tensor<8xf32, #mesh.shard<@m, [[]]>>)
// CHECK-NEXT: %[[E:.*]] = math.exp %x : tensor<8xf32, #mesh.shard<@m, [[0]]>>
// CHECK-NEXT: %[[R:.*]] = mesh.shard %[[E]] to <@m, [[]]> : tensor<8xf32, #mesh.shard<@m, [[0]]>> -> tensor<8xf32, #mesh.shard<@m, [[]]>>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[R]], %y : tensor<8xf32, #mesh.shard<@m, [[]]>>
// CHECK-NEXT: return %[[S]] : tensor<8xf32, #mesh.shard<@m, [[]]>>
mesh.mesh @m(shape = 4)
func.func @alone(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8xf32>
  %e = math.exp %xs : tensor<8xf32>
  %es = mesh.shard %e to <@m, [[0]]> : tensor<8xf32>
  %er = mesh.shard %es to <@m, [[]]> annotate_for_users : tensor<8xf32>
  %s = arith.addf %er, %y : tensor<8xf32>
  return %s : tensor<8xf32>
}
