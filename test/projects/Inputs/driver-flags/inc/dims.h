! The grid's size: NX from the build's -D, else this default.
#ifndef NX
#define NX 16
#endif
#define NY (NX+3)
