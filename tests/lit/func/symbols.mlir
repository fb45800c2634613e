// Symbol references resolve whatever their spelling: @gh and @"gh" name the same symbol (MLIR's
// LangRef: symbol-ref-id ::= `@` (suffix-id | string-literal)); a name that is not a bare-id
// ([a-zA-Z_][a-zA-Z0-9_$.]*, ASCII) prints quoted, with escapes, and everything printed parses again.
// Escaped UTF-8 bytes (mlir-opt's spelling of non-ASCII names) name the same symbol as the text.
// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" > %t && meshc compile %t -p "" | diff %t -

// CHECK-LABEL: module {
// CHECK-NEXT:  func.func private @"g h"(f32) -> f32
// CHECK-NEXT:  func.func private @gh(f32) -> f32
// CHECK-NEXT:  func.func private @"q\"uo\\te"(f32) -> f32
// CHECK-NEXT:  func.func private @"méш"(f32) -> f32
// CHECK-NEXT:  func.func private @"0digits"(f32) -> f32
// CHECK-NEXT:  func.func private @"has-dash"(f32) -> f32
// CHECK-NEXT:  func.func @main(%x: f32) -> f32 {
// CHECK-NEXT:    %a = func.call @"g h"(%x) : (f32) -> f32
// CHECK-NEXT:    %b = func.call @gh(%a) : (f32) -> f32
// CHECK-NEXT:    %c = func.call @gh(%b) : (f32) -> f32
// CHECK-NEXT:    %d = func.call @"q\"uo\\te"(%c) : (f32) -> f32
// CHECK-NEXT:    %e = func.call @"méш"(%d) : (f32) -> f32
// CHECK-NEXT:    %f = func.call @"0digits"(%e) : (f32) -> f32
// CHECK-NEXT:    %g = func.call @"has-dash"(%f) : (f32) -> f32
// CHECK-NEXT:    %h = func.call @"méш"(%g) : (f32) -> f32
// CHECK-NEXT:    return %h : f32
func.func private @"g h"(f32) -> f32
func.func private @"gh"(f32) -> f32
func.func private @"q\"uo\\te"(f32) -> f32
func.func private @méш(f32) -> f32
func.func private @"0digits"(f32) -> f32
func.func private @has-dash(f32) -> f32
func.func @main(%x: f32) -> f32 {
  %a = func.call @"g h"(%x) : (f32) -> f32
  %b = func.call @"gh"(%a) : (f32) -> f32
  %c = func.call @gh(%b) : (f32) -> f32
  %d = func.call @"q\"uo\\te"(%c) : (f32) -> f32
  %e = func.call @"méш"(%d) : (f32) -> f32
  %f = func.call @"0digits"(%e) : (f32) -> f32
  %g = func.call @"has-dash"(%f) : (f32) -> f32
  %h = func.call @"m\C3\A9\D1\88"(%g) : (f32) -> f32
  return %h : f32
}
