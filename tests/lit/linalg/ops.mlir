// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s

// linalg ops in mlir-opt 19/20's custom form (tensor.pack/unpack: LLVM <= 20).

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @named
func.func @named(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %at: tensor<8x4xf32>,
                 %v: tensor<8xf32>, %w: tensor<4xf32>, %s: f32) -> tensor<4x16xf32> {
  // CHECK: %[[F:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<4x16xf32>) -> tensor<4x16xf32>
  %f = linalg.fill ins(%s : f32) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  // CHECK: %[[M:.+]] = linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<4x8xf32>, tensor<8x16xf32>) outs(%[[F]] : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  // LLVM 20 user maps (a transposed LHS) are kept; default maps are elided.
  // CHECK: linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(
  %mt = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%at, %b : tensor<8x4xf32>, tensor<8x16xf32>) outs(%m : tensor<4x16xf32>) -> tensor<4x16xf32>
  // CHECK: linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<4x8xf32>, tensor<8x16xf32>)
  %md = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%mt : tensor<4x16xf32>) -> tensor<4x16xf32>
  // The attr-dict of a named op comes right after its name.
  // CHECK: linalg.matvec {tag = 1 : i32} ins(%{{.+}}, %{{.+}} : tensor<4x8xf32>, tensor<8xf32>) outs(%{{.+}} : tensor<4xf32>) -> tensor<4xf32>
  %mv = linalg.matvec {tag = 1 : i32} ins(%a, %v : tensor<4x8xf32>, tensor<8xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
  // An attr-dict after outs(...) is accepted and printed after the name.
  // CHECK: linalg.copy {tag} ins(%{{.+}} : tensor<4x8xf32>) outs(%{{.+}} : tensor<4x8xf32>) -> tensor<4x8xf32>
  %cp = linalg.copy ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) {tag} -> tensor<4x8xf32>
  // CHECK: linalg.exp ins(%{{.+}} : tensor<4x8xf32>) outs(%{{.+}} : tensor<4x8xf32>) -> tensor<4x8xf32>
  %e = linalg.exp ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  // CHECK: linalg.add ins(%{{.+}}, %{{.+}} : tensor<4x8xf32>, tensor<4x8xf32>) outs(%{{.+}} : tensor<4x8xf32>) -> tensor<4x8xf32>
  %ad = linalg.add ins(%e, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  // CHECK: linalg.transpose ins(%{{.+}} : tensor<4x8xf32>) outs(%{{.+}} : tensor<8x4xf32>) permutation = [1, 0]
  %t = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%at : tensor<8x4xf32>) permutation = [1, 0]
  // CHECK: linalg.broadcast ins(%{{.+}} : tensor<8xf32>) outs(%{{.+}} : tensor<4x8xf32>) dimensions = [0]
  %bc = linalg.broadcast ins(%v : tensor<8xf32>) outs(%a : tensor<4x8xf32>) dimensions = [0]
  // CHECK: return %{{.+}} : tensor<4x16xf32>
  return %md : tensor<4x16xf32>
}

// CHECK-LABEL: func.func @regions
func.func @regions(%a: tensor<4x8xf32>, %w: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%{{.+}} : tensor<4x8xf32>) outs(%{{.+}} : tensor<4xf32>) attrs = {tag = 2 : i32} {
  // CHECK-NEXT: ^bb0(%[[IN:.+]]: f32, %[[OUT:.+]]: f32):
  // CHECK-NEXT: %[[S:.+]] = arith.addf %[[IN]], %[[OUT]] : f32
  // CHECK-NEXT: linalg.index 1 : index
  // CHECK-NEXT: linalg.yield %[[S]] : f32
  // CHECK-NEXT: } -> tensor<4xf32>
  %g = linalg.generic {indexing_maps = [#id, #row], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>]}
      ins(%a : tensor<4x8xf32>) outs(%w : tensor<4xf32>) attrs = {tag = 2 : i32} {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    %j = linalg.index 1 : index
    linalg.yield %s : f32
  } -> tensor<4xf32>
  // A single payload op on the block args prints in the short form.
  // CHECK: linalg.reduce { arith.maximumf } ins(%{{.+}} : tensor<4x8xf32>) outs(%{{.+}} : tensor<4xf32>) dimensions = [1]
  %r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%g : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %m = arith.maximumf %init, %in : f32
      linalg.yield %m : f32
    }
  // CHECK: linalg.reduce ins(%{{.+}} : tensor<4x8xf32>) outs(%{{.+}} : tensor<4xf32>) dimensions = [1]
  // CHECK-NEXT: (%[[X:.+]]: f32, %[[Y:.+]]: f32) {
  // CHECK-NEXT: %[[SQ:.+]] = arith.mulf %[[X]], %[[X]] : f32
  // CHECK-NEXT: %[[SUM:.+]] = arith.addf %[[SQ]], %[[Y]] : f32
  // CHECK-NEXT: linalg.yield %[[SUM]] : f32
  // CHECK-NEXT: }
  %q = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%r : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %sq = arith.mulf %in, %in : f32
      %sum = arith.addf %sq, %init : f32
      linalg.yield %sum : f32
    }
  // CHECK: linalg.map { arith.mulf } ins(%{{.+}}, %{{.+}} : tensor<4x8xf32>, tensor<4x8xf32>) outs(%{{.+}} : tensor<4x8xf32>)
  %m1 = linalg.map { arith.mulf } ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>)
  // CHECK: linalg.map ins(%{{.+}} : tensor<4x8xf32>) outs(%{{.+}} : tensor<4x8xf32>)
  // CHECK-NEXT: (%[[E:.+]]: f32) {
  // CHECK-NEXT: %[[E1:.+]] = math.exp %[[E]] : f32
  // CHECK-NEXT: %[[E2:.+]] = math.exp %[[E1]] : f32
  // CHECK-NEXT: linalg.yield %[[E2]] : f32
  %m2 = linalg.map ins(%m1 : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>)
    (%x: f32) {
      %y = math.exp %x : f32
      %z = math.exp %y : f32
      linalg.yield %z : f32
    }
  return %q : tensor<4xf32>
}

// CHECK-LABEL: func.func @relayout
func.func @relayout(%a: tensor<4x8xf32>, %d: tensor<2x1x4x4xf32>, %d2: tensor<1x8x4x1xf32>) -> tensor<4x8xf32> {
  %cst = arith.constant 0.0 : f32
  // CHECK: linalg.pack %{{.+}} padding_value(%{{.+}} : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %{{.+}} : tensor<4x8xf32> -> tensor<2x1x4x4xf32>
  %p = linalg.pack %a padding_value(%cst : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d : tensor<4x8xf32> -> tensor<2x1x4x4xf32>
  // The LLVM <= 20 spellings print as linalg.pack / linalg.unpack.
  // CHECK: %[[P:.+]] = linalg.pack %{{.+}} inner_dims_pos = [0, 1] inner_tiles = [4, 1] into %{{.+}} : tensor<4x8xf32> -> tensor<1x8x4x1xf32>
  %p2 = tensor.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 1] into %d2 : tensor<4x8xf32> -> tensor<1x8x4x1xf32>
  // CHECK: linalg.unpack %[[P]] inner_dims_pos = [0, 1] inner_tiles = [4, 1] into %{{.+}} : tensor<1x8x4x1xf32> -> tensor<4x8xf32>
  %u = tensor.unpack %p2 inner_dims_pos = [0, 1] inner_tiles = [4, 1] into %a : tensor<1x8x4x1xf32> -> tensor<4x8xf32>
  return %u : tensor<4x8xf32>
}

// Convolutions and poolings (WindowedOp): strides/dilations as mlir-opt prints them.
// CHECK-LABEL: func.func @windowed
func.func @windowed(%x: tensor<2x9x9x3xf32>, %w: tensor<3x3x3x8xf32>, %o: tensor<2x4x4x8xf32>, %win: tensor<3x3xf32>, %p: tensor<2x4x4x3xf32>) -> (tensor<2x4x4x8xf32>, tensor<2x4x4x3xf32>) {
  // CHECK: linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%{{.+}}, %{{.+}} : tensor<2x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%{{.+}} : tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<2x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xf32>
  // CHECK: linalg.pooling_nhwc_max {strides = dense<2> : tensor<2xi64>} ins(%{{.+}}, %{{.+}} : tensor<2x9x9x3xf32>, tensor<3x3xf32>) outs(%{{.+}} : tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  %m = linalg.pooling_nhwc_max {strides = dense<2> : tensor<2xi64>} ins(%x, %win : tensor<2x9x9x3xf32>, tensor<3x3xf32>) outs(%p : tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  return %c, %m : tensor<2x4x4x8xf32>, tensor<2x4x4x3xf32>
}
