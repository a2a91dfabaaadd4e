! Atomic updates of real and complex data wider than 8 bytes: LLVM 22
! exchanges only the first 8 bytes of a complex(8) (the imaginary part is
! lost, on the host too), and cannot translate real(10). complex(4)
! updates and a complex(8) atomic read are right.
program wide_atomics
  implicit none
  complex(8) :: z, w
  complex(4) :: c
  real(10) :: q
  integer :: i
  z = (0d0, 0d0)
  c = (0.0, 0.0)
  q = 0.0_10
  !$omp parallel do
  do i = 1, 4
    !$omp atomic
    z = z + (1d0, 2d0)
    !$omp atomic capture
    z = z * 2d0
    w = z
    !$omp end atomic
    !$omp atomic update
    q = q + 1.0_10
    !$omp atomic
    c = c + (1.0, 2.0)
    !$omp atomic read
    w = z
  end do
  print *, z, c, q, w
end program
