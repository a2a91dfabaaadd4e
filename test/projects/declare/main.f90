! Declare target routines and variables across files, and a derived type's
! allocatable components mapped explicitly. Two phases with different
! coefficients: each must see the value the host sent with target update.
program declare
  use dkinds, only: dp
  use fields, only: field_t, field_create, field_destroy
  use physics, only: coeff, relax, damp
  use apply, only: apply_relax, damped_sum
  implicit none
  integer, parameter :: n = 4096, steps = 3
  real(dp), parameter :: coeffs(2) = [0.5_dp, 0.125_dp]
  type(field_t) :: t
  real(dp), allocatable :: expected(:)
  real(dp) :: s, s_expected
  integer :: phase, i, k, nbad, nwrong, first

  call field_create(t, n)
  expected = t%a
  nbad = 0
  do phase = 1, size(coeffs)
    coeff = coeffs(phase)
    !$omp target update to(coeff)
    call apply_relax(t, steps)
    s = damped_sum(t)

    ! The same on the host, with the host's copy of coeff.
    do i = 1, n
      do k = 1, steps
        expected(i) = relax(expected(i), t%w(i))
      end do
    end do
    s_expected = 0.0_dp
    do i = 1, n
      s_expected = s_expected + damp(expected(i))
    end do

    nwrong = 0
    first = 0
    do i = 1, n
      if (abs(t%a(i) - expected(i)) > 1.0e-12_dp * max(1.0_dp, abs(expected(i)))) then
        nwrong = nwrong + 1
        if (first == 0) first = i
      end if
    end do
    if (nwrong > 0) then
      print '(a,i0,a,i0,a,i0,a,i0,a,es24.16,a,es24.16)', 'phase ', phase, ': ', &
          nwrong, ' of ', n, ' values wrong; first a(', first, ') = ', &
          t%a(first), ', expected ', expected(first)
      nbad = nbad + 1
    end if
    if (abs(s - s_expected) > 1.0e-10_dp * max(1.0_dp, abs(s_expected))) then
      print '(a,i0,a,es24.16,a,es24.16)', 'phase ', phase, ': damped sum ', s, &
          ', expected ', s_expected
      nbad = nbad + 1
    end if
    print '(a,i0,a,f6.3,a,es22.14)', 'phase ', phase, ': coeff ', coeff, &
        ', damped sum ', s
  end do
  call field_destroy(t)
  if (nbad /= 0) then
    print '(a,i0,a)', 'FAILED: ', nbad, ' results differ'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program declare
