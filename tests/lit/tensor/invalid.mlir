// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

// seed 000 writes `tensor.empty :`; the `()` is required.
func.func @empty_without_parens() {
  // expected-error @+1 {{unexpected ':'}}
  %e = tensor.empty : tensor<2x3xf32>
  return
}

// -----

func.func @empty_dynamic_sizes(%d: index) {
  // expected-error @+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 2}}
  %e = tensor.empty(%d) : tensor<?x?xf32>
  return
}

// -----

// Row 1 + (2 - 1) * 1 = 2 is past the last row of a 2-row tensor.
func.func @slice_out_of_bounds(%t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tensor.extract_slice' op slice along dimension 0 runs out-of-bounds: 2 >= 2}}
  %s = tensor.extract_slice %t[1, 0] [2, 3] [1, 1] : tensor<2x3xf32> to tensor<2x3xf32>
  return
}

// -----

func.func @slice_offset_out_of_bounds(%t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tensor.extract_slice' op offset 1 is out-of-bounds: 3 >= 3}}
  %s = tensor.extract_slice %t[0, 3] [1, 1] [1, 1] : tensor<2x3xf32> to tensor<1x1xf32>
  return
}

// -----

func.func @slice_result_type(%t: tensor<2x3xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<1x3xf32>' or a rank-reduced version (size mismatch), got 'tensor<2x3xf32>'}}
  %s = tensor.extract_slice %t[0, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<2x3xf32>
  return
}

// -----

func.func @slice_rank(%t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tensor.extract_slice' op expected 2 offset values, got 1}}
  %s = tensor.extract_slice %t[0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<1x3xf32>
  return
}

// -----

func.func @insert_out_of_bounds(%s: tensor<1x3xf32>, %t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tensor.insert_slice' op slice along dimension 1 runs out-of-bounds: 3 >= 3}}
  %r = tensor.insert_slice %s into %t[0, 1] [1, 3] [1, 1] : tensor<1x3xf32> into tensor<2x3xf32>
  return
}

// -----

func.func @parallel_insert_outside(%s: tensor<1x3xf32>, %t: tensor<2x3xf32>) {
  // expected-error @+1 {{expected ParallelCombiningOpInterface parent}}
  tensor.parallel_insert_slice %s into %t[0, 0] [1, 3] [1, 1] : tensor<1x3xf32> into tensor<2x3xf32>
  return
}

// -----

// 2 * 3 = 6 elements cannot come from 4.
func.func @expand_product(%s: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 6, got 4}}
  %r = tensor.expand_shape %s [[0, 1]] output_shape [2, 3] : tensor<4xf32> into tensor<2x3xf32>
  return
}

// -----

func.func @expand_dynamic_needs_output_shape(%s: tensor<?xf32>) {
  // expected-error @+1 {{needs 'output_shape [...]' (LLVM 19+ syntax)}}
  %r = tensor.expand_shape %s [[0, 1]] : tensor<?xf32> into tensor<?x2xf32>
  return
}

// -----

func.func @collapse_not_contiguous(%t: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous}}
  %r = tensor.collapse_shape %t [[0, 2], [1]] : tensor<2x3x4xf32> into tensor<8x3xf32>
  return
}

// -----

// 3 + 1 + 1 = 5 columns.
func.func @pad_shape(%t: tensor<2x3xf32>, %c: f32) {
  // expected-error @+1 {{does not match the inferred type 'tensor<4x5xf32>'}}
  %p = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<2x3xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @concat_mismatch(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 1}}
  %r = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @extract_indices(%a: tensor<2x3xf32>, %i: index) {
  // expected-error @+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %r = tensor.extract %a[%i] : tensor<2x3xf32>
  return
}

// -----

func.func @cast_incompatible(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<2x3xf32>' and result type 'tensor<3x?xf32>' are cast incompatible}}
  %r = tensor.cast %a : tensor<2x3xf32> to tensor<3x?xf32>
  return
}

// -----

// The derived checks (meshc/ir/opdef.py) run on the generic form too.
func.func @from_elements_kind(%a: f32) {
  // expected-error @+1 {{'tensor.from_elements' op result #0 must be a ranked tensor, but got 'f32'}}
  %r = "tensor.from_elements"(%a) : (f32) -> f32
  return
}

// -----

func.func @insert_index_kind(%v: f32, %t: tensor<4xf32>, %i: i32) {
  // expected-error @+1 {{'tensor.insert' op operand #2 must be index, but got 'i32'}}
  %r = "tensor.insert"(%v, %t, %i) : (f32, tensor<4xf32>, i32) -> tensor<4xf32>
  return
}

// -----

func.func @reshape_arity(%t: tensor<6xf32>) {
  // expected-error @+1 {{'tensor.reshape' op expected 2 operands, but found 1}}
  %r = "tensor.reshape"(%t) : (tensor<6xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @slice_static_offsets_missing(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.extract_slice' op requires array<i64: ...> attribute 'static_offsets'}}
  %r = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_sizes = array<i64: 2>, static_strides = array<i64: 1>}> : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @concat_dim_kind(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tensor.concat' op attribute 'dim' must be an integer, got '"x"'}}
  %r = "tensor.concat"(%a) <{dim = "x"}> : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @generate_regions(%n: index) {
  // expected-error @+1 {{'tensor.generate' op expected 1 regions, but found 0}}
  %r = "tensor.generate"(%n) : (index) -> tensor<?xf32>
  return
}
