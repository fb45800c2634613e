// Input of rendering.mlir: a call whose operand type differs from the callee's.

func.func private @callee(f32) -> f32

func.func @main(%x: i32) -> f32 {
  %r = func.call @callee(%x) : (i32) -> f32
  return %r : f32
}
