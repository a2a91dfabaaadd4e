! A library module: its arrays take their size from dims.h's macros.
#include "dims.h"
module field
  implicit none
  include 'coef.inc'
  real(8) :: a(NX, NY), b(NX, NY)
contains
  subroutine relax()
    integer :: i, j, k
    do k = 1, sweeps
#ifdef OFFLOAD
      !$omp target teams distribute parallel do collapse(2) map(to: a) map(tofrom: b)
#endif
      do j = 2, NY - 1
        do i = 2, NX - 1
          b(i, j) = b(i, j) + w * (a(i-1, j) + a(i+1, j) + a(i, j-1) &
                                   + a(i, j+1) - 4d0 * a(i, j))
        end do
      end do
    end do
  end subroutine relax
end module field
