! Conforming: an absent optional allocatable scalar mapped after a call that
! left data on the stack (flang-22 -fopenmp alone crashes on this too).
! Absent optional allocatable scalar (intrinsic type) after a dirty stack.
module optional_allocatable_scalar_mod
  implicit none
contains
  subroutine dirty()
    integer(8) :: junk(512)
    integer :: i
    do i = 1, 512
      junk(i) = int(z'7FFF0000DEAD0000', 8) + i
    end do
    call use_it(junk)
  end subroutine
  subroutine use_it(j)
    integer(8) :: j(:)
    if (j(1) == 0) print *, 'never'
  end subroutine
  subroutine alo(x, r)
    real, optional, allocatable :: x
    integer :: r
    !$omp target map(tofrom: r)
    if (present(x)) then
      if (allocated(x)) r = r + int(x)
    else
      r = r + 1
    end if
    !$omp end target
  end subroutine
end module
program optional_allocatable_scalar
  use optional_allocatable_scalar_mod
  implicit none
  integer :: r
  real, allocatable :: y
  r = 0
  call dirty()
  call alo(r=r)
  allocate(y); y = 4
  call dirty()
  call alo(y, r)
  if (r == 5) then
    print *, 'PASS allocatable scalar'
  else
    print *, 'FAIL allocatable scalar', r
  end if
end program
