/* No OpenMP at all: clang's offload flags still embed a device image. */
int cadd(int a, int b) { return a + b; }
