! The driver: loops over the module's arrays with the same macros.
#include "dims.h"
program run
  use field
  implicit none
  integer :: i, j
  real(8) :: total
  do j = 1, NY
    do i = 1, NX
      a(i, j) = dble(mod(3*i + j, 7))
      b(i, j) = 0d0
    end do
  end do
  call relax()
  total = 0d0
#ifdef OFFLOAD
  !$omp target teams distribute parallel do collapse(2) reduction(+:total) map(to: b)
#endif
  do j = 1, NY
    do i = 1, NX
      total = total + b(i, j) * dble(i + 2*j)
    end do
  end do
  print '(A,I0,A,I0,A,F16.3)', 'NX=', NX, ' NY=', NY, ' total=', total
end program run
