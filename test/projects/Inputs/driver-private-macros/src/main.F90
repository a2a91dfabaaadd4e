! The program: uses the library's module; cfg.h gives its label.
#include "cfg.h"
program main
  use lib
  implicit none
  a = 3d0
  call work()
  print '(A,A,F6.1)', LABEL, ' ', sum(a)
end program main
