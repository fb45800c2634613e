// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

// K is 8 in the LHS and 7 in the RHS.
func.func @matmul_k(%a: tensor<4x8xf32>, %b: tensor<7x16xf32>, %c: tensor<4x16xf32>) {
  // expected-error @+1 {{'linalg.matmul' op inferred input/output operand #1 has shape's dimension #0 to be 8, but found 7}}
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<7x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return
}

// -----

// seed 000: outs typed 2x2 for a 1x2 result.
func.func @seed_outs(%a: tensor<1x3xf32>, %b: tensor<3x2xf32>, %o: tensor<2x2xf32>) {
  // expected-error @+1 {{inferred input/output operand #2 has shape's dimension #0 to be 1, but found 2}}
  %r = linalg.matmul ins(%a, %b : tensor<1x3xf32>, tensor<3x2xf32>) outs(%o : tensor<2x2xf32>) -> tensor<1x2xf32>
  return
}

// -----

func.func @result_type(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) {
  // expected-error @+1 {{expected type of operand #2 ('tensor<4x16xf32>') to match type of corresponding result ('tensor<4x8xf32>')}}
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @batch(%a: tensor<2x4x8xf32>, %b: tensor<3x8x16xf32>, %c: tensor<2x4x16xf32>) {
  // expected-error @+1 {{inferred input/output operand #1 has shape's dimension #0 to be 2, but found 3}}
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<3x8x16xf32>) outs(%c : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  return
}

// -----

func.func @map_count(%a: tensor<4x8xf32>, %o: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected the number of indexing_map (1) to be equal to the number of input/output operands (2)}}
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @map_dims(%a: tensor<4x8xf32>, %o: tensor<4xf32>) {
  // expected-error @+1 {{expected indexing_map #1 to have 2 dim(s) to match the number of loops}}
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @map_rank(%a: tensor<4x8xf32>, %o: tensor<4xf32>) {
  // expected-error @+1 {{expected operand rank (2) to match the result rank of indexing_map #0 (1)}}
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @block_args(%a: tensor<4x8xf32>, %o: tensor<4xf32>) {
  // expected-error @+1 {{expected as many non-induction variable region arguments as the number of input/output operands}}
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%in: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @yield_type(%a: tensor<4x8xf32>, %o: tensor<4xf32>) {
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.extf %in : f32 to f64
    // expected-error @+1 {{'linalg.yield' op type of yield operand 1 (f64) doesn't match the element type of the enclosing linalg.generic op (f32)}}
    linalg.yield %x : f64
  } -> tensor<4xf32>
  return
}

// -----

func.func @index_dim(%a: tensor<4x8xf32>, %o: tensor<4xf32>) {
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    // expected-error @+1 {{'linalg.index' op expected dim (2) to be lower than the number of loops (2) of the enclosing LinalgOp}}
    %i = linalg.index 2 : index
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @transpose_perm(%a: tensor<4x8xf32>, %o: tensor<8x4xf32>) {
  // expected-error @+1 {{'linalg.transpose' op permutation is not valid}}
  %t = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%o : tensor<8x4xf32>) permutation = [1, 1]
  return
}

// -----

func.func @broadcast_dim(%a: tensor<8xf32>, %o: tensor<4x8xf32>) {
  // expected-error @+1 {{'linalg.broadcast' op input dim 0 should match init dim 0. input: 8, init: 4}}
  %t = linalg.broadcast ins(%a : tensor<8xf32>) outs(%o : tensor<4x8xf32>) dimensions = [1]
  return
}

// -----

func.func @fill_type(%v: f64, %o: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.fill' op expected fill value type 'f64' to match the element type 'f32' of the output}}
  %t = linalg.fill ins(%v : f64) outs(%o : tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_init(%a: tensor<4x8xf32>, %o: tensor<8xf32>) {
  // expected-error @+1 {{'linalg.reduce' op init dimensions [8] doesn't match input dimensions after reduction [4]}}
  %t = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%o : tensor<8xf32>) dimensions = [1]
  return
}

// -----

func.func @maps_on_elementwise(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'linalg.add' does not accept 'indexing_maps'}}
  %t = linalg.add indexing_maps = [] ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

// 8 columns tiled by 4 need 2 outer columns.
func.func @pack_dest(%a: tensor<4x8xf32>, %d: tensor<1x1x4x4xf32>) {
  // expected-error @+1 {{the shape of output is not large enough to hold the packed data. Expected at least tensor<1x2x4x4xf32>}}
  %p = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d : tensor<4x8xf32> -> tensor<1x1x4x4xf32>
  return
}

// -----

// Declared kinds: linalg.index's result is an index.
func.func @index_kind(%o: tensor<4xf32>) -> tensor<4xf32> {
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%o : tensor<4xf32>) {
  ^bb0(%out: f32):
    // expected-error @+1 {{'linalg.index' op result #0 must be index, but got 'f32'}}
    %i = "linalg.index"() <{dim = 0 : i64}> : () -> f32
    linalg.yield %out : f32
  } -> tensor<4xf32>
  return %g : tensor<4xf32>
}

// -----

// Declared groups: ins and outs split by a two-entry operandSegmentSizes.
func.func @segments(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>, %c: tensor<4x2xf32>) {
  // expected-error @+1 {{'linalg.matmul' op requires attribute 'operandSegmentSizes' with 2 entries}}
  %r = "linalg.matmul"(%a, %b, %c) <{operandSegmentSizes = array<i32: 3>}> : (tensor<4x8xf32>, tensor<8x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return
}

// -----

// Declared result group: the results of a structured op are tensors.
func.func @result_kind(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>, %c: tensor<4x2xf32>) {
  // expected-error @+1 {{'linalg.matmul' op result #0 must be a ranked tensor, but got 'f32'}}
  %r = "linalg.matmul"(%a, %b, %c) <{operandSegmentSizes = array<i32: 2, 1>}> : (tensor<4x8xf32>, tensor<8x2xf32>, tensor<4x2xf32>) -> f32
  return
}

// -----

// Declared operand kinds: linalg.unpack's dynamic tiles are indices.
func.func @unpack_tile_kind(%p: tensor<2x4xf32>, %d: tensor<8xf32>, %t: i32) {
  // expected-error @+1 {{'linalg.unpack' op operand #2 must be index, but got 'i32'}}
  %u = "linalg.unpack"(%p, %d, %t) <{inner_dims_pos = array<i64: 0>, static_inner_tiles = array<i64: -9223372036854775808>}> : (tensor<2x4xf32>, tensor<8xf32>, i32) -> tensor<8xf32>
  return
}

// -----

// Declared region: a structured op has at most one region.
func.func @two_regions(%o: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.fill' op expected 0 to 1 regions, but found 2}}
  %r = "linalg.fill"(%o, %o) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  }, {
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
