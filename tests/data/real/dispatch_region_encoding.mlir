#enc = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32]>
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = flow.dispatch.region -> (tensor<4x8xf32>) {
    %e = iree_encoding.set_encoding %x : tensor<4x8xf32> -> tensor<4x8xf32, #enc>
    %u = iree_encoding.unset_encoding %e : tensor<4x8xf32, #enc> -> tensor<4x8xf32>
    %d = arith.addf %u, %u : tensor<4x8xf32>
    flow.return %d : tensor<4x8xf32>
  }
  return %0 : tensor<4x8xf32>
}
