func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = arith.addf %x, %z : tensor<4xf32>
  return %y : tensor<4xf32>
}
