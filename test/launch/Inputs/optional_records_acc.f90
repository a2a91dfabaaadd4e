! OpenACC: an absent optional record with an allocatable component; the
! stand-in acc-to-omp's map takes was uninitialized stack.
module optional_records_acc_m
  implicit none
  type :: deep
    real, allocatable :: w(:)
  end type
contains
  subroutine reads(d)
    type(deep), intent(inout), optional :: d
    real :: r
    r = 0
    !$acc parallel copy(r)
    if (present(d)) r = sum(d%w)
    !$acc end parallel
    print '(a, f5.1)', 'acc: ', r
  end subroutine
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

program optional_records_acc
  use optional_records_acc_m
  implicit none
  type(deep) :: x
  allocate(x%w(2))
  x%w = [1., 2.]
  call dirty()
  call reads()
  call reads(x)
end program
