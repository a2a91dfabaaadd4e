! Absent optional records with an allocatable component in target regions.
! A region reading d%w: flang-22 loads the component's descriptor on the
! host before the construct, from address 0 (TYPE or CLASS: a segfault).
! A `map` clause: the stand-in ompx maps was uninitialized stack, which
! flang's mapper read ("out of resources"). An unallocated component read
! under allocated(): its dims are unset, and the contiguity check stopped.
module optional_records_m
  implicit none
  type :: deep
    real, allocatable :: w(:)
  end type
contains
  subroutine reads_type(d)
    type(deep), intent(inout), optional :: d
    real :: r
    r = 0
    !$omp target map(tofrom: r)
    if (present(d)) r = sum(d%w)
    !$omp end target
    print '(a, f5.1)', 'type: ', r
  end subroutine
  subroutine reads_class(d)
    class(deep), intent(inout), optional :: d
    real :: r
    r = 0
    !$omp target map(tofrom: r)
    if (present(d)) r = sum(d%w)
    !$omp end target
    print '(a, f5.1)', 'class: ', r
  end subroutine
  subroutine mapped(d)
    type(deep), intent(inout), optional :: d
    real :: r
    r = 0
    !$omp target map(tofrom: r, d)
    if (present(d)) r = sum(d%w)
    !$omp end target
    print '(a, f5.1)', 'mapped: ', r
  end subroutine
  subroutine unallocated(d)
    type(deep), intent(inout) :: d
    real :: r
    r = -1
    !$omp target map(tofrom: r)
    if (allocated(d%w)) r = sum(d%w)
    !$omp end target
    print '(a, f5.1)', 'unallocated: ', r
  end subroutine
  ! Leaves non-zero bytes where the next call's temporaries will be.
  subroutine dirty()
    integer(8) :: junk(512)
    junk = -1
    call sink(junk)
  end subroutine
  subroutine sink(j)
    integer(8) :: j(:)
    if (j(1) == 0) print *, 'never'
  end subroutine
end module

program optional_records
  use optional_records_m
  implicit none
  type(deep) :: x, empty
  allocate(x%w(3))
  x%w = [1., 2., 3.]
  call dirty()
  call reads_type()
  call dirty()
  call reads_class()
  call dirty()
  call mapped()
  call dirty()
  call unallocated(empty)
  call reads_type(x)
  call reads_class(x)
  call mapped(x)
end program
