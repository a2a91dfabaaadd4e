! A driver that shares no module with the library: its macros are its own.
#include "dims.h"
program hello
  print '(A,I0)', 'hello NX=', NX
end program hello
