! An optional CLASS dummy used in a target region, absent and present.
! flang copies the descriptor into a temporary only where the dummy is
! present, and the map was sized from the temporary's uninitialized stack
! (a crash, "out of resources", or a false stop).
module poly_optional_m
  implicit none
  type :: plain
    integer :: v = 0
  end type
  type :: deep
    real, allocatable :: w(:)
  end type
contains
  subroutine use_plain(b)
    class(plain), intent(inout), optional :: b
    integer :: r
    r = 0
    !$omp target map(tofrom: r)
    if (present(b)) then
      b%v = b%v + 1
      r = b%v
    end if
    !$omp end target
    print '(a, i0)', 'plain: ', r
  end subroutine
  subroutine use_deep(d)
    class(deep), intent(inout), optional :: d
    real :: r
    r = 0
    !$omp target map(tofrom: r)
    if (present(d)) r = 1
    !$omp end target
    print '(a, f5.1)', 'deep: ', r
  end subroutine
  ! Leaves non-zero bytes where the next call's temporaries will be.
  subroutine dirty()
    integer(8) :: junk(256)
    junk = -1
    call sink(junk)
  end subroutine
  subroutine sink(j)
    integer(8) :: j(:)
    if (j(1) == 0) print *, 'never'
  end subroutine
end module

program poly_optional
  use poly_optional_m
  implicit none
  type(plain) :: p
  type(deep) :: d
  p%v = 41
  allocate(d%w(3))
  d%w = 2
  call dirty()
  call use_plain()
  call dirty()
  call use_deep()
  call use_plain(p)
  call use_deep(d)
end program
