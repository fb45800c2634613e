// partition: an scf.while whose condition would differ between devices (it reads a partial sum that
// nothing combined) is a located error: the devices would run different trip counts.
// RUN: meshc compile %s -p partition --verify-diagnostics

module {
  mesh.mesh @m(shape = 4)
  func.func @shrink(%x: tensor<8xf32, #mesh.shard<@m, [[0]]>>, %tol: f32) -> tensor<8xf32, #mesh.shard<@m, [[0]]>> {
    %zero = arith.constant 0.000000e+00 : f32
    // expected-error @+1 {{'scf.while' op cannot be partitioned: its condition at}}
    %r = scf.while (%a = %x) : (tensor<8xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8xf32, #mesh.shard<@m, [[0]]>> {
      %e = tensor.empty() : tensor<f32, #mesh.shard<@m, [[]], partial = sum[0]>>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32, #mesh.shard<@m, [[]], partial = sum[0]>>) -> tensor<f32, #mesh.shard<@m, [[]], partial = sum[0]>>
      %s = linalg.reduce ins(%a : tensor<8xf32, #mesh.shard<@m, [[0]]>>) outs(%f : tensor<f32, #mesh.shard<@m, [[]], partial = sum[0]>>) dimensions = [0]
        (%in: f32, %acc: f32) {
          %y = arith.addf %in, %acc : f32
          linalg.yield %y : f32
        }
      %v = tensor.extract %s[] : tensor<f32, #mesh.shard<@m, [[]], partial = sum[0]>>
      %gt = arith.cmpf ogt, %v, %tol : f32
      scf.condition(%gt) %a : tensor<8xf32, #mesh.shard<@m, [[0]]>>
    } do {
    ^bb0(%b: tensor<8xf32, #mesh.shard<@m, [[0]]>>):
      %h = arith.mulf %b, %b : tensor<8xf32, #mesh.shard<@m, [[0]]>>
      scf.yield %h : tensor<8xf32, #mesh.shard<@m, [[0]]>>
    }
    return %r : tensor<8xf32, #mesh.shard<@m, [[0]]>>
  }
}
