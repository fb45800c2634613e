// unroll of per-device reshapes: the `?` sizes of uneven shards (output_shape operands of
// expand_shape, collapsed dims) become each device's static sizes, in both partition forms, and a
// dynamic mesh is unrolled once --mesh-shape gives its size.
// RUN: meshc compile %s -p "reshard{strategy=collectives},partition,unroll" | filecheck %s
// RUN: meshc compile %s -p "reshard{strategy=collectives},partition{form=for_one},unroll" | filecheck %s
// RUN: meshc compile %s -p "reshard{strategy=collectives},partition,unroll" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s --mesh-shape d=4 -p "reshard{strategy=collectives},partition,unroll" | filecheck %s --check-prefix=DYN

mesh.mesh @m(shape = 3)
mesh.mesh @d(shape = ?)

// 64 rows over 3 devices: 21, 21, 22.
// CHECK-LABEL: func.func private @expand_sharded
// CHECK:         mesh.for_one 0 on @m -> tensor<21x1xf32> {
// CHECK:           %[[E0:.*]] = tensor.expand_shape %x_0 {{\[}}[0, 1]] output_shape [21, 1] : tensor<21xf32> into tensor<21x1xf32>
// CHECK-NEXT:      mesh.yield %[[E0]] : tensor<21x1xf32>
// CHECK:         mesh.for_one 1 on @m -> tensor<21x1xf32> {
// CHECK:           tensor.expand_shape %x_1 {{\[}}[0, 1]] output_shape [21, 1] : tensor<21xf32> into tensor<21x1xf32>
// CHECK:         mesh.for_one 2 on @m -> tensor<22x1xf32> {
// CHECK:           tensor.expand_shape %x_2 {{\[}}[0, 1]] output_shape [22, 1] : tensor<22xf32> into tensor<22x1xf32>
func.func @expand(%x: tensor<64xf32, #mesh.shard<@m, [[0]]>>) -> tensor<64x1xf32, #mesh.shard<@m, [[0]]>> {
  %e = tensor.expand_shape %x [[0, 1]] output_shape [64, 1] : tensor<64xf32, #mesh.shard<@m, [[0]]>> into tensor<64x1xf32, #mesh.shard<@m, [[0]]>>
  return %e : tensor<64x1xf32, #mesh.shard<@m, [[0]]>>
}

// 10 over 3: 3, 3, 4 (the carrying dim follows a unit dim).
// CHECK-LABEL: func.func private @collapse_sharded
// CHECK:         mesh.for_one 0 on @m -> tensor<3xf32> {
// CHECK:           tensor.collapse_shape %x_0 {{\[}}[0, 1, 2]] : tensor<1x3x1xf32> into tensor<3xf32>
// CHECK:         mesh.for_one 2 on @m -> tensor<4xf32> {
// CHECK:           tensor.collapse_shape %x_2 {{\[}}[0, 1, 2]] : tensor<1x4x1xf32> into tensor<4xf32>
func.func @collapse(%x: tensor<1x10x1xf32, #mesh.shard<@m, [[], [0]]>>) -> tensor<10xf32, #mesh.shard<@m, [[0]]>> {
  %c = tensor.collapse_shape %x [[0, 1, 2]] : tensor<1x10x1xf32, #mesh.shard<@m, [[], [0]]>> into tensor<10xf32, #mesh.shard<@m, [[0]]>>
  return %c : tensor<10xf32, #mesh.shard<@m, [[0]]>>
}

// Rows of 8x4 over 3 (2, 3, 3) from a replicated source: device 1 reads elements [8, 20).
// CHECK-LABEL: func.func private @rows_of_replicated_sharded
// CHECK:         mesh.for_one 1 on @m -> tensor<3x4xf32> {
// CHECK:           %[[S:.*]] = tensor.extract_slice %y_1[8] [12] [1] : tensor<32xf32> to tensor<12xf32>
// CHECK-NEXT:      tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [3, 4] : tensor<12xf32> into tensor<3x4xf32>
func.func @rows_of_replicated(%y: tensor<32xf32, #mesh.shard<@m, [[]]>>) -> tensor<8x4xf32, #mesh.shard<@m, [[0]]>> {
  %e = tensor.expand_shape %y [[0, 1]] output_shape [8, 4] : tensor<32xf32, #mesh.shard<@m, [[]]>> into tensor<8x4xf32, #mesh.shard<@m, [[0]]>>
  return %e : tensor<8x4xf32, #mesh.shard<@m, [[0]]>>
}

// Dynamic mesh given 4 devices: 64 rows -> 16 each (even: static sizes).
// DYN-LABEL: func.func private @dynamic_sharded
// DYN:         mesh.for_one 3 on @d -> tensor<16x1xf32> {
// DYN-NEXT:      tensor.expand_shape %x_3 {{\[}}[0, 1]] output_shape [16, 1] : tensor<16xf32> into tensor<16x1xf32>
func.func @dynamic(%x: tensor<64xf32, #mesh.shard<@d, [[0]]>>) -> tensor<64x1xf32, #mesh.shard<@d, [[0]]>> {
  %e = tensor.expand_shape %x [[0, 1]] output_shape [64, 1] : tensor<64xf32, #mesh.shard<@d, [[0]]>> into tensor<64x1xf32, #mesh.shard<@d, [[0]]>>
  return %e : tensor<64x1xf32, #mesh.shard<@d, [[0]]>>
}
