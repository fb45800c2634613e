// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

util.func @dims(%t: tensor<?x?xf32>, %d: index) {
  // expected-error @+1 {{result type 'tensor<?x?xf32>' has 2 dynamic dims but 1 sizes are given}}
  %r = flow.dispatch.region -> (tensor<?x?xf32>{%d}) {
    flow.return %t : tensor<?x?xf32>
  }
  util.return
}

// -----

util.func @return_type(%t: tensor<4xf32>, %u: tensor<8xf32>) {
  %r = flow.dispatch.region -> (tensor<4xf32>) {
    // expected-error @+1 {{'flow.return' op type of operand #0 ('tensor<8xf32>') does not match 'flow.dispatch.region' results type 'tensor<4xf32>'}}
    flow.return %u : tensor<8xf32>
  }
  util.return
}

// -----

util.func @return_count(%t: tensor<4xf32>) {
  %r = flow.dispatch.region -> (tensor<4xf32>) {
    // expected-error @+1 {{'flow.return' op returns 0 values but 'flow.dispatch.region' results expects 1}}
    flow.return
  }
  util.return
}

// -----

util.func @no_return(%x: f32) {
  // expected-error @+1 {{'flow.dispatch.region' op expects the body to end with 'flow.return'}}
  flow.dispatch.region {
    %y = arith.addf %x, %x : f32
  }
  util.return
}

// -----

// expected-note @+1 {{prior use here}}
util.func @workload_type(%n: i32) {
  // expected-error @+1 {{use of value '%n' expects different type than prior uses: 'index' vs 'i32'}}
  flow.dispatch.region[%n] {
    flow.return
  }
  util.return
}

// -----

util.func @count_args(%n: index) {
  // expected-error @+1 {{'flow.dispatch.region' op count region has 2 arguments but the workload has 1 values}}
  flow.dispatch.region[%n] {
    flow.return
  } count(%a: index, %b: index) -> (index, index, index) {
    flow.return %a, %b, %b : index, index, index
  }
  util.return
}

// -----

util.func @count_results(%n: index) {
  flow.dispatch.region[%n] {
    flow.return
  } count(%a: index) -> (index, index, index) {
    // expected-error @+1 {{'flow.return' op returns 2 values but the workgroup count region (x, y, z) expects 3}}
    flow.return %a, %a : index, index
  }
  util.return
}

// -----

util.func @return_parent() {
  // expected-error @+1 {{'flow.return' op expects parent op to be one of 'flow.dispatch.region, flow.dispatch.workgroups, flow.executable.export'}}
  flow.return
}

// -----

util.func @store_readonly(%t: tensor<4xf32>) -> tensor<4xf32> {
  %w = flow.dispatch.workgroups(%t) : (tensor<4xf32>) -> %t =
      (%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>) {
    %l = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
    // expected-error @+1 {{cannot store into a readonly binding}}
    iree_tensor_ext.dispatch.tensor.store %l, %a, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
    flow.return
  }
  util.return %w : tensor<4xf32>
}

// -----

util.func @missing_result_binding(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expects 2 body arguments (one per argument, one per untied result), got 1}}
  %w = flow.dispatch.workgroups(%t) : (tensor<4xf32>) -> tensor<4xf32> =
      (%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>) {
    flow.return
  }
  util.return %w : tensor<4xf32>
}

// -----

util.func @load_out_of_bounds(%t: tensor<4xf32>) -> tensor<4xf32> {
  %w = flow.dispatch.workgroups(%t) : (tensor<4xf32>) -> tensor<4xf32> =
      (%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>, %o: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>) {
    // expected-error @+1 {{slice along dimension 0 runs out-of-bounds: 4 >= 4}}
    %l = iree_tensor_ext.dispatch.tensor.load %a, offsets = [1], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
    flow.return
  }
  util.return %w : tensor<4xf32>
}

// -----

util.func @tied_to_nothing(%t: tensor<4xf32>, %u: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{result tied to '%u', which is not an argument}}
  %w = flow.dispatch.workgroups(%t) : (tensor<4xf32>) -> %u =
      (%a: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>) {
    flow.return
  }
  util.return %w : tensor<4xf32>
}

// -----

util.func @load_index_count(%m: tensor<3x4xf32>, %i: index) -> f32 {
  // expected-error @+1 {{'flow.tensor.load' op incorrect number of indices: 1 for a rank-2 tensor}}
  %e = flow.tensor.load %m[%i] : tensor<3x4xf32>
  util.return %e : f32
}

// -----

util.func @load_result_type(%m: tensor<4xf32>, %i: index) -> f16 {
  // expected-error @+1 {{'flow.tensor.load' op result type 'f16' must be the element type of 'tensor<4xf32>'}}
  %e = "flow.tensor.load"(%m, %i) : (tensor<4xf32>, index) -> f16
  util.return %e : f16
}

// -----

util.func @load_dynamic(%m: tensor<?xf32>, %d: index) -> f32 {
  // expected-error @+1 {{'flow.tensor.load' of a tensor with dynamic dims is not supported}}
  %e = flow.tensor.load %m[%d] : tensor<?xf32>{%d}
  util.return %e : f32
}

// -----

util.func @store_value_type(%v: tensor<4xf32>, %x: f16, %i: index) -> tensor<4xf32> {
  // expected-error @+1 {{'flow.tensor.store' op value type 'f16' must be the element type of 'tensor<4xf32>'}}
  %w = "flow.tensor.store"(%x, %v, %i) : (f16, tensor<4xf32>, index) -> tensor<4xf32>
  util.return %w : tensor<4xf32>
}

// -----

util.func @store_result_type(%v: tensor<4xf32>, %x: f32, %i: index) -> tensor<2x2xf32> {
  // expected-error @+1 {{'flow.tensor.store' op result type 'tensor<2x2xf32>' must be the target type 'tensor<4xf32>'}}
  %w = "flow.tensor.store"(%x, %v, %i) : (f32, tensor<4xf32>, index) -> tensor<2x2xf32>
  util.return %w : tensor<2x2xf32>
}

// -----

util.func @ordinal_negative(%n: index) -> index {
  // expected-error @+1 {{'iree_tensor_ext.dispatch.workload.ordinal' op ordinal must be non-negative, got -1}}
  %k = iree_tensor_ext.dispatch.workload.ordinal %n, -1 : index
  util.return %k : index
}

// -----

util.func @ordinal_type(%n: i32) -> i32 {
  // expected-error @+1 {{'iree_tensor_ext.dispatch.workload.ordinal' expects type 'index', got 'i32'}}
  %k = iree_tensor_ext.dispatch.workload.ordinal %n, 0 : i32
  util.return %k : i32
}
