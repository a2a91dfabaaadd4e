! OpenACC's atomic update of a complex(8): the same lost imaginary part as
! OpenMP's once acc-to-omp lowers it.
program acc_complex_atomic
  implicit none
  complex(8) :: z
  integer :: i
  z = (0d0, 0d0)
  !$acc parallel loop copy(z)
  do i = 1, 100
    !$acc atomic update
    z = z + (1d0, 2d0)
  end do
  print *, z
end program
