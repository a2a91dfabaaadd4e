! Automatic arrays (sized by a dummy argument) as OpenACC private variables:
! each loop iteration, each gang and a serial region get a copy of their own,
! with the host's shape, and the host's array keeps its values.
program acc_auto_private
  implicit none
  call run(5, .true.)
  call run(6, .false.)
contains
  subroutine run(m, c)
    integer, intent(in) :: m
    logical, intent(in) :: c
    integer, parameter :: n = 64
    real :: w(m), v(0:m, 2), got(n)
    integer :: i, j, bad
    bad = 0
    w = -1
    v = -2
    !$acc parallel loop gang vector private(w, v) copyout(got) if(c)
    do i = 1, n
      do j = 1, m
        w(j) = real(i)
      end do
      v(0, 1) = 1
      v(m, 2) = real(i)
      got(i) = sum(w) + v(m, 2) + size(v) + lbound(v, 1)
    end do
    do i = 1, n
      if (got(i) /= real(m) * i + i + 2 * (m + 1)) bad = bad + 1
    end do
    if (any(w /= -1) .or. any(v /= -2)) bad = bad + 100
    !$acc serial private(w) copyout(got)
    w = 3
    got(1) = sum(w)
    !$acc end serial
    if (got(1) /= 3 * m .or. any(w /= -1)) bad = bad + 1000
    print '(a,i2,a,l1,a,i5)', 'm=', m, ' if=', c, ' wrong:', bad
  end subroutine
end program
