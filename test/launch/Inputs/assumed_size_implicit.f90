! An assumed-size dummy used in a target region without a map clause:
! flang-22 maps one element (the sum gave 1 for 10). Refused on a device;
! with the elements named (assumed_size_mapped) it is right.
subroutine total(a, n, s)
  integer :: n
  real(8) :: a(*), s
  integer :: i
  s = 0
  !$omp target map(tofrom: s)
  do i = 1, n
    s = s + a(i)
  end do
  !$omp end target
end subroutine

program assumed_size_implicit
  real(8) :: x(4), s
  x = [1d0, 2d0, 3d0, 4d0]
  call total(x, 4, s)
  print *, 'sum', s
end program
