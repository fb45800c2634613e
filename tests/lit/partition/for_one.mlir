// partition form=for_one (seed 000's second form): scf.forall over the mesh,
// mesh.for_one in scf.forall.in_parallel, tensor.parallel_insert_slice of
// each device's shard into the shared_outs.
// RUN: meshc compile %s -p "reshard,partition{form=for_one}" | filecheck %s
// RUN: meshc compile %s -p "reshard,partition{form=for_one}" | meshc compile - -p "" | filecheck %s

mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])
mesh.mesh @d(shape = ?)
mesh.mesh @g(shape = 2x2)

// CHECK-LABEL: func.func @seed
// CHECK:         %[[R:.*]] = scf.forall (%[[I:.*]]) in (2) shared_outs(%[[O:.*]] = %out_dps) -> (tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>) {
// CHECK-NEXT:      scf.forall.in_parallel {
// CHECK-NEXT:        mesh.for_one %[[I]] on @mesh {
// CHECK-NEXT:          %[[A:.*]] = tensor.extract_slice %arg0[%[[I]], 0] [1, 3] [1, 1]
// CHECK-NEXT:          %[[B:.*]] = tensor.extract_slice %arg1[0, 0] [3, 2] [1, 1]
// CHECK-NEXT:          %[[S:.*]] = tensor.extract_slice %[[O]][%[[I]], 0] [1, 2] [1, 1] : tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>> to tensor<1x2xf32>
// CHECK-NEXT:          %[[M:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<1x3xf32>, tensor<3x2xf32>) outs(%[[S]] : tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT:          tensor.parallel_insert_slice %[[M]] into %[[O]][%[[I]], 0] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]
func.func @seed(%arg0: tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>, %arg1: tensor<3x2xf32, #mesh.shard<@mesh, [[]]>>, %out_dps: tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>> {
  %res = linalg.matmul ins(%arg0, %arg1 : tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>, tensor<3x2xf32, #mesh.shard<@mesh, [[]]>>) outs(%out_dps : tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>
  return %res : tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>
}

// a dynamic mesh with uneven shards (10 rows): the bound is mesh.mesh_shape; a
// result without a destination operand gets a distributed tensor.empty
// CHECK-LABEL: func.func @dynamic
// CHECK:         %[[N:.*]] = mesh.mesh_shape @d axes = [0] : index
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<10xf32, #mesh.shard<@d, [[0]]>>
// CHECK-NEXT:    %{{.*}} = scf.forall (%[[I:.*]]) in (%[[N]]) shared_outs(%[[O:.*]] = %[[E]]) -> (tensor<10xf32, #mesh.shard<@d, [[0]]>>) {
// CHECK:             mesh.for_one %[[I]] on @d {
// CHECK:               arith.divui
// CHECK:               tensor.extract_slice %x[%{{.*}}] [%{{.*}}] [1] : tensor<10xf32, #mesh.shard<@d, [[0]]>> to tensor<?xf32>
// CHECK:               math.exp %{{.*}} : tensor<?xf32>
// CHECK:               tensor.parallel_insert_slice %{{.*}} into %[[O]][%{{.*}}] [%{{.*}}] [1] : tensor<?xf32> into tensor<10xf32, #mesh.shard<@d, [[0]]>>
func.func @dynamic(%x: tensor<10xf32, #mesh.shard<@d, [[0]]>>) -> tensor<10xf32, #mesh.shard<@d, [[0]]>> {
  %r = math.exp %x : tensor<10xf32, #mesh.shard<@d, [[0]]>>
  return %r : tensor<10xf32, #mesh.shard<@d, [[0]]>>
}

// a 2-D mesh: two induction variables and a multi-index for_one
// CHECK-LABEL: func.func @two_d
// CHECK:         scf.forall (%[[I0:.*]], %[[I1:.*]]) in (2, 2) shared_outs
// CHECK:           mesh.for_one [%[[I0]], %[[I1]]] on @g {
// CHECK:             tensor.extract_slice %x[%{{.*}}, %{{.*}}] [2, 3] [1, 1] : tensor<4x6xf32, #mesh.shard<@g, [[0], [1]]>> to tensor<2x3xf32>
func.func @two_d(%x: tensor<4x6xf32, #mesh.shard<@g, [[0], [1]]>>) -> tensor<4x6xf32, #mesh.shard<@g, [[0], [1]]>> {
  %r = math.exp %x : tensor<4x6xf32, #mesh.shard<@g, [[0], [1]]>>
  return %r : tensor<4x6xf32, #mesh.shard<@g, [[0], [1]]>>
}
