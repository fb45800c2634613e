// partition of tensor.expand_shape / collapse_shape on split tensors: each device reshapes its own
// rows with local shapes -- static when the shards are even on a static mesh, `?` with
// output_shape operands when they are uneven or the mesh is dynamic -- in both forms.
// RUN: meshc compile %s -p "reshard,partition" | filecheck %s
// RUN: meshc compile %s -p "reshard,partition" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "reshard,partition{form=for_one}" | filecheck %s --check-prefix=ONE

mesh.mesh @m(shape = 4)
mesh.mesh @u(shape = 3)
mesh.mesh @d(shape = ?)
mesh.mesh @g(shape = 2x2)

// 32x6 -> 8x4x6 over 4: device i holds rows [2i, 2i+2) of 8x4x6 = rows [8i, 8i+8) of 32x6 (static).
// CHECK-LABEL: func.func @expand_even
// CHECK:         mesh.for_all on @m -> tensor<8x4x6xf32, #mesh.shard<@m, [[0]]>> {
// CHECK-NEXT:      %[[I:.*]] = mesh.process_multi_index on @m : index
// CHECK-NEXT:      %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[ROW:.*]] = arith.muli %[[I]], %[[C2]] : index
// CHECK-NEXT:      %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:      %[[OFF:.*]] = arith.muli %[[ROW]], %[[C4]] : index
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %x[%[[OFF]], 0] [8, 6] [1, 1] : tensor<32x6xf32, #mesh.shard<@m, [[0]]>> to tensor<8x6xf32>
// CHECK-NEXT:      %[[E:.*]] = tensor.expand_shape %[[S]] {{\[}}[0, 1], [2]] output_shape [2, 4, 6] : tensor<8x6xf32> into tensor<2x4x6xf32>
// CHECK-NEXT:      mesh.yield %[[E]] : tensor<2x4x6xf32>
// ONE-LABEL: func.func @expand_even
// ONE:         scf.forall (%[[I:.*]]) in (4) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<8x4x6xf32, #mesh.shard<@m, [[0]]>>) {
// ONE:           mesh.for_one %[[I]] on @m {
// ONE:             %[[E:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [2, 4, 6] : tensor<8x6xf32> into tensor<2x4x6xf32>
// ONE:             tensor.parallel_insert_slice %[[E]] into %[[OUT]][%{{.*}}, 0, 0] [2, 4, 6] [1, 1, 1] : tensor<2x4x6xf32> into tensor<8x4x6xf32, #mesh.shard<@m, [[0]]>>
func.func @expand_even(%x: tensor<32x6xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x4x6xf32, #mesh.shard<@m, [[0]]>> {
  %e = tensor.expand_shape %x [[0, 1], [2]] output_shape [8, 4, 6] : tensor<32x6xf32, #mesh.shard<@m, [[0]]>> into tensor<8x4x6xf32, #mesh.shard<@m, [[0]]>>
  return %e : tensor<8x4x6xf32, #mesh.shard<@m, [[0]]>>
}

// 64 -> 64x1 over 3 (21, 21, 22 rows): the local size is the shard size, an output_shape operand.
// CHECK-LABEL: func.func @expand_uneven
// CHECK:         mesh.for_all on @u -> tensor<64x1xf32, #mesh.shard<@u, [[0]]>> {
// CHECK:           %[[SZ:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %x[%{{.*}}] [%[[SZ]]] [1] : tensor<64xf32, #mesh.shard<@u, [[0]]>> to tensor<?xf32>
// CHECK-NEXT:      %[[E:.*]] = tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [%[[SZ]], 1] : tensor<?xf32> into tensor<?x1xf32>
// CHECK-NEXT:      mesh.yield %[[E]] : tensor<?x1xf32>
// ONE-LABEL: func.func @expand_uneven
// ONE:           %[[SZ:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// ONE-NEXT:      %[[S:.*]] = tensor.extract_slice %x[%{{.*}}] [%[[SZ]]] [1] : tensor<64xf32, #mesh.shard<@u, [[0]]>> to tensor<?xf32>
// ONE-NEXT:      %[[E:.*]] = tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [%[[SZ]], 1] : tensor<?xf32> into tensor<?x1xf32>
// ONE:           tensor.parallel_insert_slice %[[E]] into %{{.*}}[%{{.*}}, 0] [%{{.*}}, 1] [1, 1] : tensor<?x1xf32> into tensor<64x1xf32, #mesh.shard<@u, [[0]]>>
func.func @expand_uneven(%x: tensor<64xf32, #mesh.shard<@u, [[0]]>>) -> tensor<64x1xf32, #mesh.shard<@u, [[0]]>> {
  %e = tensor.expand_shape %x [[0, 1]] output_shape [64, 1] : tensor<64xf32, #mesh.shard<@u, [[0]]>> into tensor<64x1xf32, #mesh.shard<@u, [[0]]>>
  return %e : tensor<64x1xf32, #mesh.shard<@u, [[0]]>>
}

// Rows of 8x4 over 3 (2, 3, 3) from a replicated source: device i reads elements [4*off, 4*(off+size)).
// CHECK-LABEL: func.func @expand_rows_of_replicated
// CHECK:           %[[OFF:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK:           %[[SZ:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK-NEXT:      %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:      %[[O4:.*]] = arith.muli %[[OFF]], %[[C4]] : index
// CHECK-NEXT:      %[[S4:.*]] = arith.muli %[[SZ]], %[[C4]] : index
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %x[%[[O4]]] [%[[S4]]] [1] : tensor<32xf32, #mesh.shard<@u, [[]]>> to tensor<?xf32>
// CHECK-NEXT:      tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [%[[SZ]], 4] : tensor<?xf32> into tensor<?x4xf32>
func.func @expand_rows_of_replicated(%x: tensor<32xf32, #mesh.shard<@u, [[]]>>) -> tensor<8x4xf32, #mesh.shard<@u, [[0]]>> {
  %e = tensor.expand_shape %x [[0, 1]] output_shape [8, 4] : tensor<32xf32, #mesh.shard<@u, [[]]>> into tensor<8x4xf32, #mesh.shard<@u, [[0]]>>
  return %e : tensor<8x4xf32, #mesh.shard<@u, [[0]]>>
}

// 8x4 -> 32 over 4: device i collapses its 2 rows into elements [8i, 8i+8) (static).
// CHECK-LABEL: func.func @collapse_even
// CHECK:         mesh.for_all on @m -> tensor<32xf32, #mesh.shard<@m, [[0]]>> {
// CHECK:           %[[S:.*]] = tensor.extract_slice %x[%{{.*}}, 0] [2, 4] [1, 1] : tensor<8x4xf32, #mesh.shard<@m, [[0]]>> to tensor<2x4xf32>
// CHECK-NEXT:      %[[C:.*]] = tensor.collapse_shape %[[S]] {{\[}}[0, 1]] : tensor<2x4xf32> into tensor<8xf32>
// CHECK-NEXT:      mesh.yield %[[C]] : tensor<8xf32>
// ONE-LABEL: func.func @collapse_even
// ONE:           %[[C:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<2x4xf32> into tensor<8xf32>
// ONE:           tensor.parallel_insert_slice %[[C]] into %{{.*}}[%{{.*}}] [8] [1] : tensor<8xf32> into tensor<32xf32, #mesh.shard<@m, [[0]]>>
func.func @collapse_even(%x: tensor<8x4xf32, #mesh.shard<@m, [[0]]>>) -> tensor<32xf32, #mesh.shard<@m, [[0]]>> {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<8x4xf32, #mesh.shard<@m, [[0]]>> into tensor<32xf32, #mesh.shard<@m, [[0]]>>
  return %c : tensor<32xf32, #mesh.shard<@m, [[0]]>>
}

// 1x10x1 -> 10 over 3 (3, 3, 4): the carrying dim is 10, after a unit dim; the local result is `?`.
// CHECK-LABEL: func.func @collapse_uneven
// CHECK:           %[[S:.*]] = tensor.extract_slice %x[0, %{{.*}}, 0] [1, %{{.*}}, 1] [1, 1, 1] : tensor<1x10x1xf32, #mesh.shard<@u, [[], [0]]>> to tensor<1x?x1xf32>
// CHECK-NEXT:      %[[C:.*]] = tensor.collapse_shape %[[S]] {{\[}}[0, 1, 2]] : tensor<1x?x1xf32> into tensor<?xf32>
// CHECK-NEXT:      mesh.yield %[[C]] : tensor<?xf32>
func.func @collapse_uneven(%x: tensor<1x10x1xf32, #mesh.shard<@u, [[], [0]]>>) -> tensor<10xf32, #mesh.shard<@u, [[0]]>> {
  %c = tensor.collapse_shape %x [[0, 1, 2]] : tensor<1x10x1xf32, #mesh.shard<@u, [[], [0]]>> into tensor<10xf32, #mesh.shard<@u, [[0]]>>
  return %c : tensor<10xf32, #mesh.shard<@u, [[0]]>>
}

// A split on the minor dim of a group: the rule needs the source replicated, reshard gathers it first.
// CHECK-LABEL: func.func @collapse_minor
// CHECK:         %[[G:.*]] = mesh.all_gather %x on @m mesh_axes = [0] gather_axis = 1 : tensor<4x8xf32, #mesh.shard<@m, [[], [0]]>> -> tensor<4x8xf32, #mesh.shard<@m, [[]]>>
// CHECK-NEXT:    mesh.for_all on @m -> tensor<32xf32, #mesh.shard<@m, [[]]>> {
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %[[G]][0, 0] [4, 8] [1, 1]
// CHECK-NEXT:      tensor.collapse_shape %[[S]] {{\[}}[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
func.func @collapse_minor(%x: tensor<4x8xf32, #mesh.shard<@m, [[], [0]]>>) -> tensor<32xf32, #mesh.shard<@m, [[]]>> {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<4x8xf32, #mesh.shard<@m, [[], [0]]>> into tensor<32xf32, #mesh.shard<@m, [[]]>>
  return %c : tensor<32xf32, #mesh.shard<@m, [[]]>>
}

// Dynamic mesh: sizes from mesh.mesh_shape, the local size an output_shape operand.
// CHECK-LABEL: func.func @dynamic
// CHECK:         mesh.for_all on @d -> tensor<64x1xf32, #mesh.shard<@d, [[0]]>> {
// CHECK-NEXT:      %[[N:.*]] = mesh.mesh_shape @d axes = [0] : index
// CHECK:           %[[SZ:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice %x[%{{.*}}] [%[[SZ]]] [1] : tensor<64xf32, #mesh.shard<@d, [[0]]>> to tensor<?xf32>
// CHECK-NEXT:      tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [%[[SZ]], 1] : tensor<?xf32> into tensor<?x1xf32>
// ONE-LABEL: func.func @dynamic
// ONE:         %[[N:.*]] = mesh.mesh_shape @d axes = [0] : index
// ONE:         scf.forall (%{{.*}}) in (%[[N]])
// ONE:           tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [%{{.*}}, 1] : tensor<?xf32> into tensor<?x1xf32>
func.func @dynamic(%x: tensor<64xf32, #mesh.shard<@d, [[0]]>>) -> tensor<64x1xf32, #mesh.shard<@d, [[0]]>> {
  %e = tensor.expand_shape %x [[0, 1]] output_shape [64, 1] : tensor<64xf32, #mesh.shard<@d, [[0]]>> into tensor<64x1xf32, #mesh.shard<@d, [[0]]>>
  return %e : tensor<64x1xf32, #mesh.shard<@d, [[0]]>>
}

// 2-D mesh, one split per group: device (i, j) holds rows [2i, 2i+2) of dim 0 and [3j, 3j+3) of dim 2.
// CHECK-LABEL: func.func @mesh_2d
// CHECK:         mesh.for_all on @g -> tensor<8x12xf32, #mesh.shard<@g, [[0], [1]]>> {
// CHECK-NEXT:      %[[IJ:.*]]:2 = mesh.process_multi_index on @g : index, index
// CHECK:           %[[S:.*]] = tensor.extract_slice %y[%{{.*}}, 0, %{{.*}}, 0] [2, 2, 3, 2] [1, 1, 1, 1] : tensor<4x2x6x2xf32, #mesh.shard<@g, [[0], [], [1]]>> to tensor<2x2x3x2xf32>
// CHECK-NEXT:      %[[C:.*]] = tensor.collapse_shape %[[S]] {{\[}}[0, 1], [2, 3]] : tensor<2x2x3x2xf32> into tensor<4x6xf32>
// CHECK-NEXT:      mesh.yield %[[C]] : tensor<4x6xf32>
func.func @mesh_2d(%y: tensor<4x2x6x2xf32, #mesh.shard<@g, [[0], [], [1]]>>) -> tensor<8x12xf32, #mesh.shard<@g, [[0], [1]]>> {
  %c = tensor.collapse_shape %y [[0, 1], [2, 3]] : tensor<4x2x6x2xf32, #mesh.shard<@g, [[0], [], [1]]>> into tensor<8x12xf32, #mesh.shard<@g, [[0], [1]]>>
  return %c : tensor<8x12xf32, #mesh.shard<@g, [[0], [1]]>>
}
