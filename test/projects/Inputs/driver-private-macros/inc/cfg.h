#if VERBOSE > 1
#define LABEL 'sum (verbose)'
#else
#define LABEL 'sum'
#endif
