! Checks the arrays and the dot product against the values the kernels must
! give: every element of an array holds the same value, which the scalar
! recurrence of one repetition gives in closed form.
module stream_validate
  use stream_kinds, only: dp, start_a, start_b, start_c
  implicit none
  private
  public :: check_results

contains

  ! Number of wrong results; each one is printed.
  function check_results(n, a, b, c, scalar, ntimes, dot) result(nbad)
    integer, intent(in) :: n, ntimes
    real(dp), intent(in) :: a(n), b(n), c(n), scalar, dot
    integer :: nbad
    real(dp) :: ga, gb, gc, gdot
    integer :: k

    ga = start_a
    gb = start_b
    gc = start_c
    do k = 1, ntimes
      gc = ga
      gb = scalar * gc
      gc = ga + gb
      ga = gb + scalar * gc
    end do
    gdot = ga * gb * real(n, dp)

    nbad = 0
    call check_array('a', a, ga, nbad)
    call check_array('b', b, gb, nbad)
    call check_array('c', c, gc, nbad)
    if (abs(dot - gdot) > 1.0e-8_dp * abs(gdot)) then
      print '(a,es24.16,a,es24.16)', 'dot product: got ', dot, ', expected ', gdot
      nbad = nbad + 1
    end if
  end function check_results

  subroutine check_array(name, x, expected, nbad)
    character(len=*), intent(in) :: name
    real(dp), intent(in) :: x(:), expected
    integer, intent(inout) :: nbad
    integer :: i, nwrong, first

    nwrong = 0
    first = 0
    do i = 1, size(x)
      if (abs(x(i) - expected) > 1.0e-13_dp * abs(expected)) then
        nwrong = nwrong + 1
        if (first == 0) first = i
      end if
    end do
    if (nwrong > 0) then
      print '(2a,i0,a,i0,3a,i0,a,es24.16,a,es24.16)', name, ': ', nwrong, &
          ' of ', size(x), ' elements wrong; first ', name, '(', first, ') = ', &
          x(first), ', expected ', expected
      nbad = nbad + 1
    end if
  end subroutine check_array

end module stream_validate
