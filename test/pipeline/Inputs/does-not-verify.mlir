// The return type is wrong: refused with the verifier's words, no
// snapshot taken.
func.func @f(%a: i32) -> i64 {
  return %a : i32
}
