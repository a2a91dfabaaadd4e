! Conforming: an absent optional allocatable scalar mapped after a call that
! left data on the stack (flang-22 -fopenmp alone crashes on this too).
! Absent optional allocatable record with an allocatable component, after a
! call that leaves the stack dirty.
module optional_allocatable_record_mod
  implicit none
  type t
    integer :: n = 0
    real, allocatable :: w(:)
  end type
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
  subroutine alo(d, r)
    type(t), optional, allocatable :: d
    integer :: r
    !$omp target map(tofrom: r)
    if (present(d)) then
      if (allocated(d)) r = r + int(d%w(1))
    else
      r = r + 1
    end if
    !$omp end target
  end subroutine
end module
program optional_allocatable_record
  use optional_allocatable_record_mod
  implicit none
  integer :: r
  r = 0
  call dirty()
  call alo(r=r)
  if (r == 1) then
    print *, 'PASS allocatable record'
  else
    print *, 'FAIL allocatable record', r
  end if
end program
