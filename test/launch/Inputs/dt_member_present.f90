! `map(present, tofrom: a%w)` of a record's last allocatable component,
! the region also reading a%n (its loop bound): ompx-record-maps makes the
! record's parent a full map, which kept the clause's `present`, and its
! piece after the last component (0 bytes) was never found present: the
! run stopped ("device mapping required by 'present' ... (0 bytes)").
module fields
  implicit none
  type field
    integer :: n = 0
    real(8), allocatable :: v(:), w(:)
  end type
contains
  subroutine scale(a)
    type(field), intent(inout) :: a
    integer :: i
    !$omp target teams distribute parallel do map(present, tofrom: a%w)
    do i = 1, a%n
      a%w(i) = 2 * a%w(i) + a%n
    end do
  end subroutine
end module

program dt_member_present
  use fields
  implicit none
  type(field) :: a
  a%n = 10
  allocate(a%v(10), a%w(10))
  a%v = 1
  a%w = 3
  !$omp target enter data map(to: a)
  call scale(a)
  !$omp target exit data map(from: a)
  print '(a,f6.1)', 'present ', sum(a%w)
end program
