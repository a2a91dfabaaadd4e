! The complex(8) atomic capture of wide_atomics.f90 alone.
program wide_atomic_capture
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
    !$omp atomic capture
    z = z * 2d0
    w = z
    !$omp end atomic
    !$omp atomic
    c = c + (1.0, 2.0)
    !$omp atomic read
    w = z
  end do
  print *, z, c, q, w
end program
