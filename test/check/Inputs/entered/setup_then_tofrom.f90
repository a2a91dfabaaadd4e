! A module whose set-up enters the field; another procedure's kernel maps
! it tofrom and the host reads it right after: the data is present, so the
! map copies nothing back and the host reads its old values.
module setup_then_tofrom
  implicit none
  real(8) :: v(32)
contains
  subroutine setup()
    v = 1d0
    !$omp target enter data map(to: v)
  end subroutine
  subroutine twice(s)
    real(8), intent(out) :: s
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: v)
    do i = 1, 32
      v(i) = 2d0 * v(i)
    end do
    s = sum(v)
  end subroutine
  subroutine twice_updated(s)
    real(8), intent(out) :: s
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: v)
    do i = 1, 32
      v(i) = 2d0 * v(i)
    end do
    !$omp target update from(v)
    s = sum(v)
  end subroutine
  subroutine teardown()
    !$omp target exit data map(delete: v)
  end subroutine
end module
