//===- DeviceFortran.c - A subset of flang's Fortran runtime for GPUs -----===//
//
// flang-22 lowers PRINT, allocatable assignment and array intrinsics in
// target regions to calls of its Fortran runtime, which Debian ships for the
// host only. This file defines the entry points a device needs most, with
// flang-22's signatures (flang/Runtime/{io-api,assign,reduction,matmul,
// transformational,stop}.h) and output identical to the host runtime's:
//  - list-directed output to `*` (unit 6, -1 or 0): each statement is
//    formatted into a buffer and printed by one printf("%s") call, so lines
//    of different threads do not interleave (nvptx: CUDA's vprintf; amdgcn
//    has no device printf in LLVM 19's runtime, so IO is left undefined
//    there and the link refuses it by name);
//  - STOP / ERROR STOP: flang's message, then a trap on a GPU (exit natively);
//  - Assign / AssignTemporary for intrinsic types, any rank and strides,
//    (re)allocating an allocatable left-hand side with malloc;
//  - SUM, PRODUCT, MAXVAL, MINVAL (real(4/8), integer(4/8); whole array,
//    optional MASK), COUNT, ANY, ALL, DOT_PRODUCT, MATMUL, TRANSPOSE.
// It is compiled to bitcode per GPU target (linked before optimization, so
// only what a kernel calls survives) and natively for the differential test
// against flang's host runtime (test/launch/device-fortran.test).
//
//===----------------------------------------------------------------------===//

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__NVPTX__) || defined(__AMDGCN__)
#define DF_DEVICE 1
void *malloc(size_t);
void free(void *);
#else
#define DF_DEVICE 0
#include <stdio.h>
#include <stdlib.h>
#endif
#if DF_DEVICE && !defined(__AMDGCN__)
#define DF_HAS_IO 1
// CUDA's device printf: the format and a pointer to the packed arguments
// (not C's vprintf, hence the other name).
int dfVprintf(const char *, void *) __asm__("vprintf");
#elif !DF_DEVICE
#define DF_HAS_IO 1
#else
#define DF_HAS_IO 0
#endif

#define DF_NORETURN __attribute__((noreturn))

// ISO_Fortran_binding's descriptor, as flang lays it out.
typedef struct {
  int64_t lb, extent, sm;
} DfDim;
typedef struct {
  char *base;
  size_t elemLen;
  int version;
  uint8_t rank;
  int8_t type;
  uint8_t attribute;
  uint8_t extra;
  DfDim dim[];
} DfDesc;

enum {
  DfInt8 = 7,
  DfInt16 = 8,
  DfInt32 = 9,
  DfInt64 = 10,
  DfFloat = 27,
  DfDouble = 28,
  DfComplexFloat = 34,
  DfComplexDouble = 35,
  DfLogical2 = 13, // int_least16_t
  DfLogical4 = 14,
  DfLogical8 = 15,
  DfBool = 39, // LOGICAL(1)
  DfChar = 40,
  DfStruct = 42,
  DfAllocatable = 2,
};

//===-- Output of a whole line with one call ------------------------------===//

static void dfWrite(const char *text) {
#if DF_DEVICE && DF_HAS_IO
  struct {
    const char *fmt;
  } args = {text};
  dfVprintf("%s", &args);
#elif !DF_DEVICE
  fputs(text, stdout);
#else
  (void)text;
#endif
}

static int dfLen(const char *s) {
  int n = 0;
  while (s[n])
    ++n;
  return n;
}

// A short message (fatal errors, STOP), formatted without printf's varargs.
typedef struct {
  char text[256];
  int len;
} DfMsg;

static void msgAdd(DfMsg *m, const char *s, int64_t n) {
  for (int64_t i = 0; i < n && m->len < (int)sizeof(m->text) - 1; ++i)
    m->text[m->len++] = s[i];
  m->text[m->len] = 0;
}
static void msgStr(DfMsg *m, const char *s) { msgAdd(m, s, dfLen(s)); }
static int intDigits(char *out, int64_t v) {
  char tmp[24];
  int n = 0, len = 0;
  uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  do {
    tmp[n++] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0)
    out[len++] = '-';
  while (n)
    out[len++] = tmp[--n];
  out[len] = 0;
  return len;
}
static void msgInt(DfMsg *m, int64_t v) {
  char d[24];
  msgAdd(m, d, intDigits(d, v));
}

static DF_NORETURN void dfTerminate(int status) {
#if DF_DEVICE
  (void)status;
  __builtin_trap();
#else
  fflush(stdout);
  exit(status);
#endif
}

static DF_NORETURN void dfFatal(const char *what, const char *source,
                                int line) {
  DfMsg m = {{0}, 0};
  msgStr(&m, "fatal Fortran runtime error");
  if (source) {
    msgStr(&m, "(");
    msgStr(&m, source);
    msgStr(&m, ":");
    msgInt(&m, line);
    msgStr(&m, ")");
  }
  msgStr(&m, ": ");
  msgStr(&m, what);
  msgStr(&m, "\n");
#if DF_DEVICE
  dfWrite(m.text);
  __builtin_trap();
#else
  fflush(stdout);
  fputs(m.text, stderr);
  abort();
#endif
}

//===-- Descriptors ------------------------------------------------------===//

static int64_t dfElements(const DfDesc *d) {
  int64_t n = 1;
  for (int k = 0; k < d->rank; ++k)
    n *= d->dim[k].extent > 0 ? d->dim[k].extent : 0;
  return n;
}

// The n-th element in array element order.
static char *dfElement(const DfDesc *d, int64_t n) {
  char *p = d->base;
  for (int k = 0; k < d->rank; ++k) {
    int64_t e = d->dim[k].extent;
    p += (n % e) * d->dim[k].sm;
    n /= e;
  }
  return p;
}

static bool dfIsContiguous(const DfDesc *d) {
  int64_t sm = (int64_t)d->elemLen;
  for (int k = 0; k < d->rank; ++k) {
    if (d->dim[k].extent != 1 && d->dim[k].sm != sm)
      return false;
    sm *= d->dim[k].extent;
  }
  return true;
}

static bool dfLogicalAt(const char *p, size_t len) {
  for (size_t i = 0; i < len; ++i)
    if (p[i])
      return true;
  return false;
}

static void dfCopyBytes(char *to, const char *from, size_t n) {
  __builtin_memcpy(to, from, n);
}

// Allocates `d` contiguous with lower bounds 1 (or `lbs`) and `extents`.
static void dfAllocate(DfDesc *d, const int64_t *extents, const DfDesc *lbs,
                       const char *source, int line) {
  int64_t sm = (int64_t)d->elemLen, bytes;
  for (int k = 0; k < d->rank; ++k) {
    d->dim[k].lb = lbs ? lbs->dim[k].lb : 1;
    d->dim[k].extent = extents[k] > 0 ? extents[k] : 0;
    d->dim[k].sm = sm;
    sm *= d->dim[k].extent;
  }
  bytes = sm > 0 ? sm : 1;
  d->base = (char *)malloc((size_t)bytes);
  if (!d->base)
    dfFatal("device malloc failed (heap exhausted, or no device malloc on "
            "this target)",
            source, line);
}

#if DF_HAS_IO
//===-- flang's shortest decimal digits ----------------------------------===//
//
// As flang's host runtime picks them (its Decimal library's Minimize), to
// the digit: x = f * 2^e and its neighbours below and above as integers
// at the finest decimal scale 10^-K of the three; L = ceil((prev + x) / 2)
// and H = the largest integer below (x + next) / 2, both of which read back
// as x; the digits are H's down to the first that differs from L's, which
// becomes the ceiling of the mean of the two (all of H's when they are
// equal), trailing zeros dropped. Of the 17-digit candidates this is often
// not the one nearest x: 1.1726190476190476, not ...477.

#define DF_DEC_LIMBS 90 // 2^1078 * 5^1075 < 10^(9 * 90)
#define DF_DEC_BASE 1000000000u
typedef struct {
  uint32_t w[DF_DEC_LIMBS]; // base 10^9, least significant first
  int n;
} DfDec;

static void decSet(DfDec *d, uint64_t v) {
  d->n = 0;
  for (; v; v /= DF_DEC_BASE)
    d->w[d->n++] = (uint32_t)(v % DF_DEC_BASE);
}
static void decMul(DfDec *d, uint32_t m) {
  uint64_t carry = 0;
  for (int i = 0; i < d->n; ++i) {
    uint64_t t = (uint64_t)d->w[i] * m + carry;
    d->w[i] = (uint32_t)(t % DF_DEC_BASE);
    carry = t / DF_DEC_BASE;
  }
  for (; carry && d->n < DF_DEC_LIMBS; carry /= DF_DEC_BASE)
    d->w[d->n++] = (uint32_t)(carry % DF_DEC_BASE);
}
// d = f * 2^twos * 5^fives
static void decScaled(DfDec *d, uint64_t f, int twos, int fives) {
  decSet(d, f);
  for (; twos >= 29; twos -= 29)
    decMul(d, 1u << 29);
  if (twos > 0)
    decMul(d, 1u << twos);
  for (; fives >= 13; fives -= 13)
    decMul(d, 1220703125u); // 5^13
  for (; fives > 0; --fives)
    decMul(d, 5);
}
// out = (a + b) / 2, rounded up or down; whether the sum was even.
static bool decMean(DfDec *out, const DfDec *a, const DfDec *b, bool up) {
  uint32_t carry = 0;
  int n = a->n > b->n ? a->n : b->n;
  for (int i = 0; i < n; ++i) {
    uint32_t t = carry + (i < a->n ? a->w[i] : 0) + (i < b->n ? b->w[i] : 0);
    carry = t >= DF_DEC_BASE;
    out->w[i] = carry ? t - DF_DEC_BASE : t;
  }
  out->n = n;
  if (carry)
    out->w[out->n++] = 1;
  uint32_t rem = 0;
  for (int i = out->n - 1; i >= 0; --i) {
    uint64_t t = (uint64_t)rem * DF_DEC_BASE + out->w[i];
    out->w[i] = (uint32_t)(t / 2);
    rem = (uint32_t)(t % 2);
  }
  while (out->n && !out->w[out->n - 1])
    --out->n;
  if (rem && up) { // + 1
    int i = 0;
    for (; i < out->n && out->w[i] == DF_DEC_BASE - 1; ++i)
      out->w[i] = 0;
    if (i == out->n)
      out->w[out->n++] = 0;
    ++out->w[i];
  }
  return !rem;
}
static void decDecrement(DfDec *d) { // d > 0
  int i = 0;
  for (; d->w[i] == 0; ++i)
    d->w[i] = DF_DEC_BASE - 1;
  --d->w[i];
  while (d->n && !d->w[d->n - 1])
    --d->n;
}
// Decimal digit `i` (0 = most significant) of d when it has `len` digits.
static int decDigit(const DfDec *d, int len, int i) {
  int pos = len - 1 - i; // power of ten
  int limb = pos / 9;
  if (limb >= d->n)
    return 0;
  uint32_t w = d->w[limb];
  for (int j = pos % 9; j > 0; --j)
    w /= 10;
  return (int)(w % 10);
}
static int decLength(const DfDec *d) {
  if (!d->n)
    return 0;
  int len = 9 * (d->n - 1);
  for (uint32_t w = d->w[d->n - 1]; w; w /= 10)
    ++len;
  return len;
}

// v = f * 2^e (f > 0, p mantissa bits, minE the least exponent): flang's
// digits (at most 20) into `digits`; their count; *k so that
// v = 0.digits * 10^k; *oneDigitK, that of v's exact value rounded to one
// digit (flang chooses F or E on it: 0.0951 is 0.1, REAL(4) 0.095 is
// 0.0949999988 and 0.09).
static int shortestDigits(uint64_t f, int e, int p, int minE, bool top,
                          char *digits, int *k, int *oneDigitK) {
  bool power = f == ((uint64_t)1 << (p - 1)) && e > minE;
  uint64_t fPrev = power ? 2 * f - 1 : f - 1;
  int ePrev = power ? e - 1 : e;
  int K = ePrev < 0 ? -ePrev : 0;
  DfDec x, prev, next, lo, hi;
  decScaled(&x, f, e + K, K);
  decScaled(&prev, fPrev, ePrev + K, K);
  // The largest finite value has no neighbour above: flang takes itself.
  decScaled(&next, top ? f : f + 1, e + K, K);
  int exact = decLength(&x);
  *oneDigitK =
      exact - K +
      (decDigit(&x, exact, 0) == 9 && exact > 1 && decDigit(&x, exact, 1) >= 5);
  decMean(&lo, &prev, &x, /*up=*/true);
  if (decMean(&hi, &x, &next, /*up=*/false))
    decDecrement(&hi); // the midpoint itself reads back as the neighbour
  int len = decLength(&hi), n = 0;
  *k = len - K;
  for (int i = 0; i < len && n < 20; ++i) {
    int dh = decDigit(&hi, len, i), dl = decDigit(&lo, len, i);
    if (dh != dl) {
      digits[n++] = (char)('0' + (dh + dl + 1) / 2);
      break;
    }
    digits[n++] = (char)('0' + dh);
  }
  while (n > 1 && digits[n - 1] == '0')
    --n;
  digits[n] = 0;
  return n;
}

// flang's list-directed REAL: Fw.d for 0 <= exponent <= max(6, precision)
// (of the value rounded to one digit),
// else 1PEw.d, with the shortest digits; "Inf", "NaN".
static int formatReal(char *out, uint64_t bits, int p, int expBits,
                      int maxExpo) {
  int len = 0;
  bool neg = (bits >> (p - 1 + expBits)) & 1;
  uint64_t frac = bits & (((uint64_t)1 << (p - 1)) - 1);
  int bias = (1 << (expBits - 1)) - 1;
  int be = (int)((bits >> (p - 1)) & ((1u << expBits) - 1));
  if (be == (1 << expBits) - 1) {
    const char *s = frac ? "NaN" : (neg ? "-Inf" : "Inf");
    while (*s)
      out[len++] = *s++;
    out[len] = 0;
    return len;
  }
  if (neg)
    out[len++] = '-';
  if (be == 0 && frac == 0) {
    out[len++] = '0';
    out[len++] = '.';
    out[len] = 0;
    return len;
  }
  uint64_t f = be ? frac | ((uint64_t)1 << (p - 1)) : frac;
  int minE = 1 - bias - (p - 1);
  int e = be ? be - bias - (p - 1) : minE;
  char digits[24];
  bool top = be == (1 << expBits) - 2 && frac == ((uint64_t)1 << (p - 1)) - 1;
  int k, oneDigitK,
      n = shortestDigits(f, e, p, minE, top, digits, &k, &oneDigitK);
  // F or E as flang chooses: on the exact value rounded to one digit, so
  // 0.0951 (0.1) gets F and REAL(4) 999999.6 (1.E+06) gets E.
  if (oneDigitK < 0 || oneDigitK > maxExpo) {
    out[len++] = digits[0];
    out[len++] = '.';
    for (int i = 1; i < n; ++i)
      out[len++] = digits[i];
    int x = k - 1;
    out[len++] = 'E';
    out[len++] = x < 0 ? '-' : '+';
    if (x < 0)
      x = -x;
    if (x >= 100)
      out[len++] = (char)('0' + x / 100);
    out[len++] = (char)('0' + x / 10 % 10);
    out[len++] = (char)('0' + x % 10);
  } else {
    for (int i = 0; i < k; ++i)
      out[len++] = i < n ? digits[i] : '0';
    out[len++] = '.';
    for (int i = k; i < n; ++i) // k = -1 (0.0951): ".0951"
      out[len++] = i < 0 ? '0' : digits[i];
  }
  out[len] = 0;
  return len;
}

static int formatReal32(char *out, float v) {
  uint32_t b;
  __builtin_memcpy(&b, &v, 4);
  return formatReal(out, b, 24, 8, 6);
}
static int formatReal64(char *out, double v) {
  uint64_t b;
  __builtin_memcpy(&b, &v, 8);
  return formatReal(out, b, 53, 11, 15);
}

//===-- List-directed output statements ----------------------------------===//

#define DF_RECL 80
#define DF_OUTCAP 1024
typedef struct {
  int pos;       // position in the current record
  int len;       // bytes in `out`
  bool lastChar; // the last item was undelimited CHARACTER
  char out[DF_OUTCAP + 1];
} DfIo;
typedef DfIo *Cookie;

static void ioFlush(DfIo *io) {
  if (!io->len)
    return;
  io->out[io->len] = 0;
  dfWrite(io->out);
  io->len = 0;
}
static void ioPut(DfIo *io, char c) {
  if (io->len == DF_OUTCAP)
    ioFlush(io); // a statement longer than the buffer: printed in parts
  io->out[io->len++] = c;
  if (c == '\n')
    io->pos = 0;
  else
    ++io->pos;
}
// One item: a blank before it, on a new record if it does not fit (flang
// fills records to column 79).
static bool ioItem(DfIo *io, const char *s, int n) {
  if (io->pos > 0 && io->pos + 1 + n > DF_RECL - 1)
    ioPut(io, '\n');
  ioPut(io, ' ');
  for (int i = 0; i < n; ++i)
    ioPut(io, s[i]);
  io->lastChar = false;
  return true;
}

Cookie _FortranAioBeginExternalListOutput(int unit, const char *source,
                                          int line) {
  if (unit != 6 && unit != -1 && unit != 0) {
    DfMsg m = {{0}, 0};
    msgStr(&m, "list-directed output to unit ");
    msgInt(&m, unit);
    msgStr(&m, " (ompx's device Fortran subset writes only to *)");
    dfFatal(m.text, source, line);
  }
  DfIo *io = (DfIo *)malloc(sizeof(DfIo));
  if (!io)
    dfFatal("device malloc failed for a PRINT statement", source, line);
  io->pos = io->len = 0;
  io->lastChar = false;
  return io;
}

int _FortranAioEndIoStatement(Cookie io) {
  ioPut(io, '\n');
  ioFlush(io);
  free(io);
  return 0;
}

bool _FortranAioOutputInteger8(Cookie io, int8_t v) {
  char d[24];
  return ioItem(io, d, intDigits(d, v));
}
bool _FortranAioOutputInteger16(Cookie io, int16_t v) {
  char d[24];
  return ioItem(io, d, intDigits(d, v));
}
bool _FortranAioOutputInteger32(Cookie io, int32_t v) {
  char d[24];
  return ioItem(io, d, intDigits(d, v));
}
bool _FortranAioOutputInteger64(Cookie io, int64_t v) {
  char d[24];
  return ioItem(io, d, intDigits(d, v));
}
bool _FortranAioOutputReal32(Cookie io, float v) {
  char d[40];
  return ioItem(io, d, formatReal32(d, v));
}
bool _FortranAioOutputReal64(Cookie io, double v) {
  char d[40];
  return ioItem(io, d, formatReal64(d, v));
}
static bool ioComplex(Cookie io, const char *re, int nre, const char *im,
                      int nim) {
  char d[84];
  int n = 0;
  d[n++] = '(';
  for (int i = 0; i < nre; ++i)
    d[n++] = re[i];
  d[n++] = ',';
  for (int i = 0; i < nim; ++i)
    d[n++] = im[i];
  d[n++] = ')';
  return ioItem(io, d, n);
}
bool _FortranAioOutputComplex32(Cookie io, float re, float im) {
  char a[40], b[40];
  int na = formatReal32(a, re), nb = formatReal32(b, im);
  return ioComplex(io, a, na, b, nb);
}
bool _FortranAioOutputComplex64(Cookie io, double re, double im) {
  char a[40], b[40];
  int na = formatReal64(a, re), nb = formatReal64(b, im);
  return ioComplex(io, a, na, b, nb);
}
bool _FortranAioOutputLogical(Cookie io, bool v) {
  return ioItem(io, v ? "T" : "F", 1);
}
// Undelimited CHARACTER: no blank between two of them; split across records
// as flang does (at column 79).
bool _FortranAioOutputAscii(Cookie io, const char *s, size_t n) {
  if (!io->lastChar || io->pos == 0)
    ioPut(io, ' ');
  for (size_t i = 0; i < n; ++i) {
    if (io->pos >= DF_RECL - 1) {
      ioPut(io, '\n');
      ioPut(io, ' ');
    }
    ioPut(io, s[i]);
  }
  io->lastChar = true;
  return true;
}

bool _FortranAioOutputDescriptor(Cookie io, const DfDesc *d) {
  int64_t n = dfElements(d);
  for (int64_t i = 0; i < n; ++i) {
    const char *p = dfElement(d, i);
    switch (d->type) {
    case DfInt8:
      _FortranAioOutputInteger8(io, *(const int8_t *)p);
      break;
    case DfInt16:
      _FortranAioOutputInteger16(io, *(const int16_t *)p);
      break;
    case DfInt32:
      _FortranAioOutputInteger32(io, *(const int32_t *)p);
      break;
    case DfInt64:
      _FortranAioOutputInteger64(io, *(const int64_t *)p);
      break;
    case DfFloat:
      _FortranAioOutputReal32(io, *(const float *)p);
      break;
    case DfDouble:
      _FortranAioOutputReal64(io, *(const double *)p);
      break;
    case DfComplexFloat:
      _FortranAioOutputComplex32(io, ((const float *)p)[0],
                                 ((const float *)p)[1]);
      break;
    case DfComplexDouble:
      _FortranAioOutputComplex64(io, ((const double *)p)[0],
                                 ((const double *)p)[1]);
      break;
    case DfBool:
    case DfLogical2:
    case DfLogical4:
    case DfLogical8:
      _FortranAioOutputLogical(io, dfLogicalAt(p, d->elemLen));
      break;
    case DfChar:
      _FortranAioOutputAscii(io, p, d->elemLen);
      break;
    default:
      dfFatal("PRINT of a derived-type or other non-intrinsic array is "
              "outside ompx's device Fortran subset",
              0, 0);
    }
  }
  return true;
}
#endif // DF_HAS_IO

//===-- STOP
//---------------------------------------------------------------===//

// flang's messages; natively on stderr with the exit status, on a GPU on
// stdout (the only device stream) followed by a trap.
static DF_NORETURN void dfStop(DfMsg *m, int status) {
#if DF_DEVICE
  dfWrite(m->text);
#else
  fflush(stdout);
  fputs(m->text, stderr);
#endif
  dfTerminate(status);
}

DF_NORETURN void _FortranAStopStatement(int code, bool isErrorStop,
                                        bool quiet) {
  DfMsg m = {{0}, 0};
  if (!quiet) {
    msgStr(&m, isErrorStop ? "Fortran ERROR STOP" : "Fortran STOP");
    if (code != 0) {
      msgStr(&m, ": code ");
      msgInt(&m, code);
      msgStr(&m, "\n");
    }
    msgStr(&m, "\n");
  }
  dfStop(&m, code);
}

DF_NORETURN void _FortranAStopStatementText(const char *text, size_t n,
                                            bool isErrorStop, bool quiet) {
  DfMsg m = {{0}, 0};
  if (!quiet) {
    msgStr(&m, isErrorStop ? "Fortran ERROR STOP: " : "Fortran STOP: ");
    msgAdd(&m, text, (int64_t)n);
    msgStr(&m, "\n");
  }
  dfStop(&m, isErrorStop ? 1 : 0);
}

DF_NORETURN void _FortranAReportFatalUserError(const char *message,
                                               const char *source, int line) {
  dfFatal(message, source, line);
}

//===-- Assignment
//---------------------------------------------------------===//

static bool dfIsInteger(int t) { return t >= DfInt8 && t <= DfInt64; }
static bool dfIsReal(int t) { return t == DfFloat || t == DfDouble; }

// One element of `from`'s type stored as `to`'s (intrinsic conversion).
static void dfConvert(char *to, int toType, const char *from, int fromType) {
  if (dfIsReal(toType) && dfIsReal(fromType)) {
    double v =
        fromType == DfFloat ? *(const float *)from : *(const double *)from;
    if (toType == DfFloat)
      *(float *)to = (float)v;
    else
      *(double *)to = v;
    return;
  }
  int64_t i = 0;
  double r = 0;
  bool real = dfIsReal(fromType);
  switch (fromType) {
  case DfInt8:
    i = *(const int8_t *)from;
    break;
  case DfInt16:
    i = *(const int16_t *)from;
    break;
  case DfInt32:
    i = *(const int32_t *)from;
    break;
  case DfInt64:
    i = *(const int64_t *)from;
    break;
  case DfFloat:
    r = *(const float *)from;
    break;
  case DfDouble:
    r = *(const double *)from;
    break;
  }
  if (real)
    i = (int64_t)r;
  else
    r = (double)i;
  switch (toType) {
  case DfInt8:
    *(int8_t *)to = (int8_t)i;
    break;
  case DfInt16:
    *(int16_t *)to = (int16_t)i;
    break;
  case DfInt32:
    *(int32_t *)to = (int32_t)i;
    break;
  case DfInt64:
    *(int64_t *)to = i;
    break;
  case DfFloat:
    *(float *)to = real ? (float)r : (float)i;
    break;
  case DfDouble:
    *(double *)to = real ? r : (double)i;
    break;
  }
}

static void dfAssign(DfDesc *to, const DfDesc *from, const char *source,
                     int line) {
  bool convert = to->type != from->type;
  if (to->type == DfStruct || from->type == DfStruct || to->type < 0 ||
      from->type < 0)
    dfFatal("assignment of a derived or polymorphic type is outside ompx's "
            "device Fortran subset",
            source, line);
  if (convert && !((dfIsInteger(to->type) || dfIsReal(to->type)) &&
                   (dfIsInteger(from->type) || dfIsReal(from->type))))
    dfFatal("assignment between these types is outside ompx's device Fortran "
            "subset",
            source, line);
  bool isChar = to->type == DfChar;
  int64_t fromN = dfElements(from);
  if (to->attribute == DfAllocatable) {
    bool realloc = !to->base;
    if (from->rank > 0 && to->base)
      for (int k = 0; k < to->rank; ++k)
        realloc |= to->dim[k].extent != from->dim[k].extent;
    if (isChar && to->elemLen != from->elemLen && to->base) // deferred length
      realloc = true;
    if (realloc) {
      if (!to->base && from->rank == 0 && to->rank > 0)
        dfFatal("assignment of a scalar to an unallocated allocatable array",
                source, line);
      if (to->base)
        free(to->base);
      to->base = 0;
      if (isChar)
        to->elemLen = from->elemLen;
      int64_t extents[15];
      for (int k = 0; k < to->rank; ++k)
        extents[k] = from->dim[k].extent;
      dfAllocate(to, extents, from->rank ? from : 0, source, line);
    }
  } else if (!to->base) {
    dfFatal("assignment to an unallocated variable", source, line);
  }
  int64_t toN = dfElements(to);
  if (from->rank > 0 && fromN != toN)
    dfFatal("assignment of arrays of different shapes", source, line);
  // Overlapping storage (a = a(n:1:-1)) is read from a copy.
  const DfDesc *src = from;
  char *temp = 0;
  _Alignas(8) char copyStorage[sizeof(DfDesc) + 15 * sizeof(DfDim)];
  DfDesc *copy = (DfDesc *)copyStorage;
  size_t fromBytes = from->elemLen * (size_t)(fromN ? fromN : 1);
  if (from->rank > 0 && fromN > 0 && toN > 0 && !convert) {
    char *lo = dfElement(from, 0), *hi = dfElement(from, fromN - 1);
    char *tlo = dfElement(to, 0), *thi = dfElement(to, toN - 1);
    if (lo > hi) {
      char *t = lo;
      lo = hi;
      hi = t;
    }
    if (tlo > thi) {
      char *t = tlo;
      tlo = thi;
      thi = t;
    }
    if (lo <= thi + to->elemLen && tlo <= hi + from->elemLen &&
        !(lo == tlo && dfIsContiguous(from) && dfIsContiguous(to))) {
      temp = (char *)malloc(fromBytes);
      if (!temp)
        dfFatal("device malloc failed for an assignment's temporary", source,
                line);
      for (int64_t i = 0; i < fromN; ++i)
        dfCopyBytes(temp + i * from->elemLen, dfElement(from, i),
                    from->elemLen);
      *copy = *from;
      copy->base = temp;
      int64_t sm = (int64_t)from->elemLen;
      for (int k = 0; k < from->rank; ++k) {
        copy->dim[k] = from->dim[k];
        copy->dim[k].sm = sm;
        sm *= from->dim[k].extent;
      }
      src = copy;
    }
  }
  if (!convert && !isChar && dfIsContiguous(to) && dfIsContiguous(src) &&
      src->rank > 0) {
    dfCopyBytes(to->base, src->base, from->elemLen * (size_t)toN);
  } else {
    for (int64_t i = 0; i < toN; ++i) {
      char *t = dfElement(to, i);
      const char *f = src->rank ? dfElement(src, i) : src->base;
      if (convert)
        dfConvert(t, to->type, f, from->type);
      else if (isChar) {
        size_t n = from->elemLen < to->elemLen ? from->elemLen : to->elemLen;
        dfCopyBytes(t, f, n);
        for (size_t j = n; j < to->elemLen; ++j)
          t[j] = ' ';
      } else
        dfCopyBytes(t, f, to->elemLen);
    }
  }
  if (temp)
    free(temp);
}

void _FortranAAssign(DfDesc *to, const DfDesc *from, const char *source,
                     int line) {
  dfAssign(to, from, source, line);
}

void _FortranAAssignTemporary(DfDesc *to, const DfDesc *from,
                              const char *source, int line) {
  dfAssign(to, from, source, line);
}

//===-- Reductions
//---------------------------------------------------------===//

static bool dfMasked(const DfDesc *mask, int64_t i) {
  if (!mask)
    return true;
  return dfLogicalAt(mask->rank ? dfElement(mask, i) : mask->base,
                     mask->elemLen);
}

// Whole-array forms only (flang passes DIM=1 for a vector's ANY/ALL/COUNT).
static void dfWholeArray(const DfDesc *x, int dim, const char *name,
                         const char *source, int line) {
  if (dim != 0 && !(dim == 1 && x->rank == 1)) {
    DfMsg m = {{0}, 0};
    msgStr(&m, name);
    msgStr(&m, " with DIM= is outside ompx's device Fortran subset");
    dfFatal(m.text, source, line);
  }
}

// flang sums REAL with Kahan's compensation, in the argument's kind.
#define DF_SUM_REAL(NAME, T)                                                   \
  T NAME(const DfDesc *x, const char *source, int line, int dim,               \
         const DfDesc *mask) {                                                 \
    dfWholeArray(x, dim, "SUM", source, line);                                 \
    T sum = 0, correction = 0;                                                 \
    int64_t n = dfElements(x);                                                 \
    for (int64_t i = 0; i < n; ++i)                                            \
      if (dfMasked(mask, i)) {                                                 \
        T next = *(const T *)dfElement(x, i) - correction;                     \
        T old = sum;                                                           \
        sum += next;                                                           \
        correction = (sum - old) - next;                                       \
      }                                                                        \
    return sum;                                                                \
  }
DF_SUM_REAL(_FortranASumReal4, float)
DF_SUM_REAL(_FortranASumReal8, double)

#define DF_FOLD(NAME, T, INIT, OP, WHAT)                                       \
  T NAME(const DfDesc *x, const char *source, int line, int dim,               \
         const DfDesc *mask) {                                                 \
    dfWholeArray(x, dim, WHAT, source, line);                                  \
    T acc = INIT;                                                              \
    int64_t n = dfElements(x);                                                 \
    for (int64_t i = 0; i < n; ++i)                                            \
      if (dfMasked(mask, i)) {                                                 \
        T v = *(const T *)dfElement(x, i);                                     \
        OP;                                                                    \
      }                                                                        \
    return acc;                                                                \
  }
// Integer overflow wraps as on the host (unsigned arithmetic).
#define DF_WRAP_ADD(T, U) acc = (T)((U)acc + (U)v)
#define DF_WRAP_MUL(T, U) acc = (T)((U)acc * (U)v)
DF_FOLD(_FortranASumInteger4, int32_t, 0, DF_WRAP_ADD(int32_t, uint32_t), "SUM")
DF_FOLD(_FortranASumInteger8, int64_t, 0, DF_WRAP_ADD(int64_t, uint64_t), "SUM")
DF_FOLD(_FortranAProductReal4, float, 1, acc *= v, "PRODUCT")
DF_FOLD(_FortranAProductReal8, double, 1, acc *= v, "PRODUCT")
DF_FOLD(_FortranAProductInteger4, int32_t, 1, DF_WRAP_MUL(int32_t, uint32_t),
        "PRODUCT")
DF_FOLD(_FortranAProductInteger8, int64_t, 1, DF_WRAP_MUL(int64_t, uint64_t),
        "PRODUCT")
// As flang's host runtime: NaNs are skipped unless every element is one
// (then NaN); an infinity is an element like any other; an empty (or
// wholly masked) array gives -HUGE (MAXVAL) or HUGE (MINVAL).
#define DF_EXTREMUM_REAL(NAME, T, EMPTY, BETTER, WHAT)                         \
  T NAME(const DfDesc *x, const char *source, int line, int dim,               \
         const DfDesc *mask) {                                                 \
    dfWholeArray(x, dim, WHAT, source, line);                                  \
    T acc = EMPTY;                                                             \
    bool number = false, nan = false;                                          \
    int64_t n = dfElements(x);                                                 \
    for (int64_t i = 0; i < n; ++i)                                            \
      if (dfMasked(mask, i)) {                                                 \
        T v = *(const T *)dfElement(x, i);                                     \
        if (v != v)                                                            \
          nan = true;                                                          \
        else if (!number || v BETTER acc) {                                    \
          acc = v;                                                             \
          number = true;                                                       \
        }                                                                      \
      }                                                                        \
    return !number && nan ? (T)__builtin_nan("") : acc;                        \
  }
DF_EXTREMUM_REAL(_FortranAMaxvalReal4, float, -__FLT_MAX__, >, "MAXVAL")
DF_EXTREMUM_REAL(_FortranAMaxvalReal8, double, -__DBL_MAX__, >, "MAXVAL")
DF_EXTREMUM_REAL(_FortranAMinvalReal4, float, __FLT_MAX__, <, "MINVAL")
DF_EXTREMUM_REAL(_FortranAMinvalReal8, double, __DBL_MAX__, <, "MINVAL")
DF_FOLD(_FortranAMaxvalInteger4, int32_t, INT32_MIN, if (v > acc) acc = v,
        "MAXVAL")
DF_FOLD(_FortranAMaxvalInteger8, int64_t, INT64_MIN, if (v > acc) acc = v,
        "MAXVAL")
DF_FOLD(_FortranAMinvalInteger4, int32_t, INT32_MAX, if (v < acc) acc = v,
        "MINVAL")
DF_FOLD(_FortranAMinvalInteger8, int64_t, INT64_MAX, if (v < acc) acc = v,
        "MINVAL")

int64_t _FortranACount(const DfDesc *x, const char *source, int line, int dim) {
  dfWholeArray(x, dim, "COUNT", source, line);
  int64_t n = dfElements(x), c = 0;
  for (int64_t i = 0; i < n; ++i)
    c += dfLogicalAt(dfElement(x, i), x->elemLen);
  return c;
}
bool _FortranAAny(const DfDesc *x, const char *source, int line, int dim) {
  dfWholeArray(x, dim, "ANY", source, line);
  int64_t n = dfElements(x);
  for (int64_t i = 0; i < n; ++i)
    if (dfLogicalAt(dfElement(x, i), x->elemLen))
      return true;
  return false;
}
bool _FortranAAll(const DfDesc *x, const char *source, int line, int dim) {
  dfWholeArray(x, dim, "ALL", source, line);
  int64_t n = dfElements(x);
  for (int64_t i = 0; i < n; ++i)
    if (!dfLogicalAt(dfElement(x, i), x->elemLen))
      return false;
  return true;
}

// DOT_PRODUCT: REAL(4) accumulates in double as flang's host runtime does.
#define DF_DOT(NAME, T, ACC)                                                   \
  T NAME(const DfDesc *x, const DfDesc *y, const char *source, int line) {     \
    int64_t n = dfElements(x);                                                 \
    if (dfElements(y) != n)                                                    \
      dfFatal("DOT_PRODUCT of vectors of different sizes", source, line);      \
    ACC acc = 0;                                                               \
    for (int64_t i = 0; i < n; ++i)                                            \
      acc += (ACC) * (const T *)dfElement(x, i) * (ACC) *                      \
             (const T *)dfElement(y, i);                                       \
    return (T)acc;                                                             \
  }
DF_DOT(_FortranADotProductReal4, float, double)
DF_DOT(_FortranADotProductReal8, double, double)
DF_DOT(_FortranADotProductInteger4, int32_t, int32_t)
DF_DOT(_FortranADotProductInteger8, int64_t, int64_t)

//===-- MOD and MODULO of reals --------------------------------------------===//

// As flang's runtime computes them (a periodic boundary's `modulo(x, box)`):
// NaN for a NaN or an infinite A (and for MODULO, an infinite P); exact for
// integral operands (a zero signed as flang's is); else fmod, MODULO taking
// P's sign.
#define DF_REAL_MOD(NAME, T, FMOD, FABS, IS_MODULO, WHAT)                     \
  T NAME(T a, T p, const char *source, int line) {                            \
    if (p == 0)                                                                \
      dfFatal(WHAT " with P==0", source, line);                                \
    if (__builtin_isnan(a) || __builtin_isnan(p) || __builtin_isinf(a) ||     \
        (IS_MODULO && __builtin_isinf(p)))                                     \
      return __builtin_nan("");                                                \
    if (FABS(a) <= (T)INT64_MAX && FABS(p) <= (T)INT64_MAX) {                  \
      int64_t aInt = (int64_t)a, pInt = (int64_t)p;                            \
      if (a == (T)aInt && p == (T)pInt) {                                      \
        int64_t mod = aInt - (aInt / pInt) * pInt;                             \
        if (IS_MODULO && mod != 0 && ((aInt > 0) != (pInt > 0)))               \
          mod += pInt;                                                         \
        if (mod == 0) /* flang's runtime: +0 only for a positive A (P) */      \
          return (IS_MODULO ? p > 0 : a > 0) ? (T)0 : -(T)0;                   \
        return (T)mod;                                                         \
      }                                                                        \
    }                                                                          \
    T result = FMOD(a, p);                                                     \
    if (IS_MODULO && (a < 0) != (p < 0)) {                                     \
      if (result == 0)                                                         \
        result = -result;                                                      \
      else                                                                     \
        result += p;                                                           \
    }                                                                          \
    return result;                                                             \
  }
DF_REAL_MOD(_FortranAModReal4, float, __builtin_fmodf, __builtin_fabsf, 0,
            "MOD")
DF_REAL_MOD(_FortranAModReal8, double, __builtin_fmod, __builtin_fabs, 0,
            "MOD")
DF_REAL_MOD(_FortranAModuloReal4, float, __builtin_fmodf, __builtin_fabsf, 1,
            "MODULO")
DF_REAL_MOD(_FortranAModuloReal8, double, __builtin_fmod, __builtin_fabs, 1,
            "MODULO")

//===-- MATMUL and TRANSPOSE ---------------------------------------------===//

static int64_t dfExtent(const DfDesc *d, int k) { return d->dim[k].extent; }
static char *dfAt2(const DfDesc *d, int64_t i, int64_t j) {
  return d->base + i * d->dim[0].sm + (d->rank > 1 ? j * d->dim[1].sm : 0);
}

// result = matmul(x, y), ranks (2,2), (2,1) or (1,2); the result descriptor
// is allocated here (the caller frees it).
#define DF_MATMUL(NAME, T)                                                     \
  void NAME(DfDesc *result, const DfDesc *x, const DfDesc *y,                  \
            const char *source, int line) {                                    \
    int64_t n = x->rank == 2 ? dfExtent(x, 0) : 1;                             \
    int64_t inner = x->rank == 2 ? dfExtent(x, 1) : dfExtent(x, 0);            \
    int64_t m = y->rank == 2 ? dfExtent(y, 1) : 1;                             \
    if ((y->rank == 2 ? dfExtent(y, 0) : dfExtent(y, 0)) != inner)             \
      dfFatal("MATMUL of non-conformable operands", source, line);             \
    int64_t extents[2];                                                        \
    if (x->rank == 2 && y->rank == 2) {                                        \
      extents[0] = n;                                                          \
      extents[1] = m;                                                          \
    } else                                                                     \
      extents[0] = x->rank == 2 ? n : m;                                       \
    if (!result->base)                                                         \
      dfAllocate(result, extents, 0, source, line);                            \
    for (int64_t j = 0; j < m; ++j)                                            \
      for (int64_t i = 0; i < n; ++i) {                                        \
        T acc = 0;                                                             \
        for (int64_t k = 0; k < inner; ++k) {                                  \
          T a = *(const T *)(x->rank == 2 ? dfAt2(x, i, k) : dfAt2(x, k, 0));  \
          T b = *(const T *)(y->rank == 2 ? dfAt2(y, k, j) : dfAt2(y, k, 0));  \
          acc += a * b;                                                        \
        }                                                                      \
        *(T *)(result->rank == 2 ? dfAt2(result, i, j)                         \
                                 : dfAt2(result, x->rank == 2 ? i : j, 0)) =   \
            acc;                                                               \
      }                                                                        \
  }
DF_MATMUL(_FortranAMatmulReal4Real4, float)
DF_MATMUL(_FortranAMatmulReal8Real8, double)
DF_MATMUL(_FortranAMatmulInteger4Integer4, int32_t)
DF_MATMUL(_FortranAMatmulInteger8Integer8, int64_t)

void _FortranATranspose(DfDesc *result, const DfDesc *matrix,
                        const char *source, int line) {
  if (matrix->rank != 2)
    dfFatal("TRANSPOSE of an array that is not rank 2", source, line);
  int64_t rows = dfExtent(matrix, 0), cols = dfExtent(matrix, 1);
  int64_t extents[2] = {cols, rows};
  if (!result->base)
    dfAllocate(result, extents, 0, source, line);
  for (int64_t j = 0; j < rows; ++j)
    for (int64_t i = 0; i < cols; ++i)
      dfCopyBytes(dfAt2(result, i, j), dfAt2(matrix, j, i), matrix->elemLen);
}
