! Halo reads outside sections of arrays whose bounds are known at run time
! only: a dummy `a(n)` mapped `a(2:n-1)`, an automatic `w(0:m+1)` mapped
! `w(1:m)`.
subroutine sweep(n, a, b)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  integer :: i
  b = 0.0
  !$omp target teams distribute parallel do map(to: a(2:n-1)) map(tofrom: b)
  do i = 2, n - 1
    b(i) = a(i-1) + a(i+1)
  end do
end subroutine

subroutine smooth(m, total)
  implicit none
  integer, intent(in) :: m
  real, intent(out) :: total
  real :: w(0:m+1)
  integer :: i
  w = 1.0
  total = 0.0
  !$omp target teams distribute parallel do map(to: w(1:m)) reduction(+:total)
  do i = 1, m
    total = total + w(i-1) + w(i+1)
  end do
end subroutine

program halo_section_rt
  implicit none
  real :: a(32), b(32), total
  a = 1.0
  call sweep(32, a, b)
  call smooth(16, total)
  print '(a,f5.1)', 'b(2)=', b(2)
end program
