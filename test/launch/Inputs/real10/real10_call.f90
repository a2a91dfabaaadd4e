! Only REAL(8) data is mapped, but the procedure the target region calls
! computes in REAL(10).
program real10_call
  implicit none
  real(8) :: x(16), r(16)
  integer :: i
  x = 1.0d0
  !$omp target teams distribute parallel do map(to: x) map(from: r)
  do i = 1, 16
    r(i) = third(x(i) * i)
  end do
  print '(a,es25.16e3)', 'real10_call ', sum(r)
contains
  real(8) function third(v)
    real(8), intent(in) :: v
    real(10) :: e
    e = real(v, 10)
    third = real(e / 3.0_10, 8)
  end function third
end program real10_call
