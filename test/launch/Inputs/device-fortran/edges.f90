! Edge cases of the reductions and the list-directed output, against
! flang's host runtime: empty and wholly masked arrays, NaNs (skipped by
! MAXVAL/MINVAL unless all are NaN), infinities, signed zeros, subnormals,
! extreme magnitudes.
program edges
  use, intrinsic :: ieee_arithmetic
  implicit none
  real(8), allocatable :: e(:), a(:)
  real(4) :: f(5), b(2)
  integer :: k(0), i
  real(8) :: nan, z, inf, c(3)
  logical :: m(3)
  allocate(e(0))
  nan = ieee_value(nan, ieee_quiet_nan)
  z = -0.0d0
  print *, 'empty', sum(e), maxval(e), minval(e), product(e)
  print *, 'empty int', sum(k), maxval(k), minval(k), count(k > 0), any(k > 0), all(k > 0)
  allocate(a(4))
  a = [1d0, nan, 3d0, 2d0]
  print *, 'nan', maxval(a), minval(a), sum(a)
  a = nan
  print *, 'allnan', maxval(a), minval(a)
  print *, 'zero', z, -z, 0.0, -0.0
  print *, 'big', huge(1d0), tiny(1d0), huge(1.0), tiny(1.0), epsilon(1d0)
  print *, 'sub', 4.9d-324, 1.4e-45
  f = [(0.1*i, i=1,5)]
  print *, f
  print *, 1d15, 1d16, 1d-1, 1d-2, 123456789012345678d0, 0.5d0, 100d0, 1d100
  print *, 1e7, 1e8, 1e-1, 1e-2, 3.4e38, 12345678.0, 0.1, 1e10
  print *, (1d0/3d0), 2d0/3d0, 1d0/7d0, 10d0/3d0
  print *, -1, -huge(1), -huge(1_8)-1, .true., .false., 'str', 'a', 'b', 1, 'c'
  print *, cmplx(1.5, -2.25), cmplx(1d300, -1d-300, kind=8)
  inf = ieee_value(inf, ieee_positive_inf)
  c = -inf
  print *, 'neginf', maxval(c), minval(c)
  c = [nan, -inf, nan]
  print *, 'nan-neginf', maxval(c), minval(c)
  c = [nan, inf, 1d0]
  print *, 'nan-inf', maxval(c), minval(c)
  b = [-huge(1.0), -huge(1.0)]
  print *, 'hugeneg', maxval(b), minval(b)
  m = .false.
  c = [1d0, 2d0, 3d0]
  print *, 'masked', maxval(c, mask=m), minval(c, mask=m), sum(c, mask=m)
  c = nan
  print *, 'allnan', maxval(c), minval(c), maxval(real(c,4)), minval(real(c,4))
end program
