! OpenACC across files: one data region here around compute constructs in
! other modules, which call acc routines of a third. The host then computes
! the same serially and compares.
program acc_pipeline
  use vecmath, only: dp, poly, smooth
  use kernels, only: apply_poly, apply_smooth
  use reductions, only: weighted_sum, max_abs
  implicit none
  integer, parameter :: n = 100000
  real(dp), allocatable :: x(:), w(:), y(:), z(:), yref(:), zref(:)
  real(dp) :: s, m, sref, mref
  integer :: i, nbad

  allocate(x(n), w(n), y(n), z(n), yref(n), zref(n))
  do i = 1, n
    x(i) = 2.0_dp * real(i - 1, dp) / real(n - 1, dp) - 1.0_dp
    w(i) = 1.0_dp / real(1 + mod(i, 7), dp)
  end do
  y = -1.0_dp
  z = -1.0_dp

  !$acc data copyin(x, w) create(y) copyout(z)
  call apply_poly(n, x, w, y)
  ! y stays on the device for the next kernel; the host gets a copy to check.
  !$acc update self(y)
  call apply_smooth(n, y, z)
  s = weighted_sum(n, z, w)
  m = max_abs(n, z)
  !$acc end data

  ! The host's serial version of the same.
  do i = 1, n
    yref(i) = poly(x(i)) * w(i)
  end do
  zref(1) = yref(1)
  zref(n) = yref(n)
  do i = 2, n - 1
    zref(i) = smooth(yref(i - 1), yref(i), yref(i + 1))
  end do
  sref = 0.0_dp
  mref = 0.0_dp
  do i = 1, n
    sref = sref + zref(i) * w(i)
    mref = max(mref, abs(zref(i)))
  end do

  nbad = 0
  call check_array('y', y, yref, nbad)
  call check_array('z', z, zref, nbad)
  if (abs(s - sref) > 1.0e-10_dp * abs(sref)) then
    print '(a,es24.16,a,es24.16)', 'weighted sum: got ', s, ', expected ', sref
    nbad = nbad + 1
  end if
  if (m /= mref) then
    print '(a,es24.16,a,es24.16)', 'max abs: got ', m, ', expected ', mref
    nbad = nbad + 1
  end if
  print '(a,es22.14,a,es22.14)', 'weighted sum ', s, ', max abs ', m
  if (nbad /= 0) then
    print '(a,i0,a)', 'FAILED: ', nbad, ' results differ'
    error stop 1
  end if
  print '(a)', 'PASSED'

contains

  subroutine check_array(name, v, ref, nbad)
    character(len=*), intent(in) :: name
    real(dp), intent(in) :: v(:), ref(:)
    integer, intent(inout) :: nbad
    integer :: j, nwrong, first
    nwrong = 0
    first = 0
    do j = 1, size(v)
      if (abs(v(j) - ref(j)) > 1.0e-13_dp * max(1.0_dp, abs(ref(j)))) then
        nwrong = nwrong + 1
        if (first == 0) first = j
      end if
    end do
    if (nwrong > 0) then
      print '(2a,i0,a,i0,3a,i0,a,es24.16,a,es24.16)', name, ': ', nwrong, &
          ' of ', size(v), ' values wrong; first ', name, '(', first, ') = ', &
          v(first), ', expected ', ref(first)
      nbad = nbad + 1
    end if
  end subroutine check_array

end program acc_pipeline
