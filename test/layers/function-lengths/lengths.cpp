// Input of the function-lengths-fixture test: braces in comments, strings,
// characters and raw strings count for nothing; a function's length runs
// from its parameter list to its closing brace (layout kept as written). {
// clang-format off

struct Widget {
  int size() const { return 1; }
  int grow(int by) {
    const char *open = "{{{";
    char close = '}';
    const char *raw = R"(}})";
    if (by > 0) {
      return by + open[0] + close + raw[0];
    }
    return 0;
  }
};

static auto twice = [](int x) {
  return 2 * x;
};

int longest(int a,
            int b) {
  int sum = 0;
  sum += a;
  for (int i = 0; i < a; ++i) {
    sum += b; // }
  }
  /* } } */
  return sum;
}
