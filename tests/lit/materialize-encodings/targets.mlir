// Tile sizes per target for f32 (M0xN0xK0): x86-generic 8x4x1, x86-avx2 8x8x1, x86-avx512 16x16x1.
// LHS 64x256 -> M1xK1xM0xK0, RHS 256x128 stored N-major (outer_dims_perm = [1, 0]) -> N1xK1xN0xK0,
// result M1xN1xM0xN0; the matmul becomes linalg.mmt4d. 'none' drops the encodings; --target gives the
// target when the pass option does not.
// RUN: meshc compile %s -p "materialize-encodings{target=x86-generic}" | filecheck %s --check-prefix=GENERIC
// RUN: meshc compile %s -p "materialize-encodings{target=x86-avx2}" | filecheck %s --check-prefix=AVX2
// RUN: meshc compile %s -p materialize-encodings --target x86-avx512 | filecheck %s --check-prefix=AVX512
// RUN: meshc compile %s -p "materialize-encodings{target=none}" --target x86-avx512 | filecheck %s --check-prefix=NONE
// RUN: meshc compile %s -p materialize-encodings | filecheck %s --check-prefix=NONE

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [64, 128, 256]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [64, 128, 256]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [64, 128, 256]>

// GENERIC-LABEL: func.func @main(
// GENERIC-SAME:    %[[X:[a-z0-9]+]]: tensor<64x256xf32>, %[[W:[a-z0-9]+]]: tensor<256x128xf32>)
// GENERIC:         %[[E0:.*]] = tensor.empty() : tensor<8x256x8x1xf32>
// GENERIC:         %[[L:.*]] = linalg.pack %[[X]] padding_value(%{{.*}} : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 1] into %[[E0]] : tensor<64x256xf32> -> tensor<8x256x8x1xf32>
// GENERIC:         %[[R:.*]] = linalg.pack %[[W]] padding_value(%{{.*}} : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 1] into %{{.*}} : tensor<256x128xf32> -> tensor<32x256x4x1xf32>
// GENERIC:         %[[E2:.*]] = tensor.empty() : tensor<8x32x8x4xf32>
// GENERIC-NEXT:    %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E2]] : tensor<8x32x8x4xf32>) -> tensor<8x32x8x4xf32>
// GENERIC-NEXT:    %[[M:.*]] = linalg.mmt4d ins(%[[L]], %[[R]] : tensor<8x256x8x1xf32>, tensor<32x256x4x1xf32>) outs(%[[F]] : tensor<8x32x8x4xf32>) -> tensor<8x32x8x4xf32>
// GENERIC:         %[[U:.*]] = linalg.unpack %[[M]] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %{{.*}} : tensor<8x32x8x4xf32> -> tensor<64x128xf32>
// GENERIC-NEXT:    return %[[U]] : tensor<64x128xf32>
// AVX2:            linalg.pack %x {{.*}} inner_tiles = [8, 1] {{.*}} -> tensor<8x256x8x1xf32>
// AVX2:            linalg.pack %w {{.*}} outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 1] {{.*}} -> tensor<16x256x8x1xf32>
// AVX2:            linalg.mmt4d {{.*}} -> tensor<8x16x8x8xf32>
// AVX2:            linalg.unpack {{.*}} inner_tiles = [8, 8] {{.*}} -> tensor<64x128xf32>
// AVX512:          linalg.pack %x {{.*}} inner_tiles = [16, 1] {{.*}} -> tensor<4x256x16x1xf32>
// AVX512:          linalg.pack %w {{.*}} inner_tiles = [16, 1] {{.*}} -> tensor<8x256x16x1xf32>
// AVX512:          linalg.mmt4d {{.*}} -> tensor<4x8x16x16xf32>
// NONE-LABEL:    func.func @main(
// NONE-NOT:        iree_encoding
// NONE-NOT:        linalg.pack
// NONE:            %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<64x128xf32>) -> tensor<64x128xf32>
// NONE-NEXT:       %[[M:.*]] = linalg.matmul ins(%x, %w : tensor<64x256xf32>, tensor<256x128xf32>) outs(%[[F]] : tensor<64x128xf32>) -> tensor<64x128xf32>
// NONE-NEXT:       return %[[M]] : tensor<64x128xf32>
func.func @main(%x: tensor<64x256xf32>, %w: tensor<256x128xf32>) -> tensor<64x128xf32> {
  %lhs = iree_encoding.set_encoding %x : tensor<64x256xf32> -> tensor<64x256xf32, #lhs>
  %rhs = iree_encoding.set_encoding %w : tensor<256x128xf32> -> tensor<256x128xf32, #rhs>
  %cst = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<64x128xf32, #res>
  %f = linalg.fill ins(%cst : f32) outs(%e2 : tensor<64x128xf32, #res>) -> tensor<64x128xf32, #res>
  %mm = linalg.matmul ins(%lhs, %rhs : tensor<64x256xf32, #lhs>, tensor<256x128xf32, #rhs>) outs(%f : tensor<64x128xf32, #res>) -> tensor<64x128xf32, #res>
  %r = iree_encoding.unset_encoding %mm : tensor<64x128xf32, #res> -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
