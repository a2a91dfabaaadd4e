! The data routines of copyin.f90 around a compute region: on a device the
! host's zeros never reach it (110); on the host the data is shared (0).
program data_main
  implicit none
  interface
    subroutine upload(a)
      integer :: a(:)
    end subroutine
    subroutine download(a)
      integer :: a(:)
    end subroutine
  end interface
  integer :: a(10), i
  a = [(i, i = 1, 10)]
  call upload(a)
  a = 0
  !$acc parallel loop present(a)
  do i = 1, 10
    a(i) = 2 * a(i)
  end do
  call download(a)
  print '(a,i0)', 'sum ', sum(a)
end program data_main
