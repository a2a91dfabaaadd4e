! Locals entered on the device and never released before the procedure
! returns: each is reported at its enter data.
module left
  implicit none
contains
  subroutine fixed_local(k, total)
    integer, intent(in) :: k
    real, intent(out) :: total
    real :: w(64)
    integer :: i
    w = real(k)
    !$omp target enter data map(to: w)
    total = 0.0
    !$omp target map(tofrom: total)
    do i = 1, 64
      total = total + w(i)
    end do
    !$omp end target
  end subroutine

  subroutine alloc_local(n, total)
    integer, intent(in) :: n
    real, intent(out) :: total
    real, allocatable :: w(:)
    integer :: i
    allocate(w(n))
    w = 2.0
    !$omp target enter data map(to: w)
    total = 0.0
    !$omp target map(tofrom: total)
    do i = 1, n
      total = total + w(i)
    end do
    !$omp end target
  end subroutine

  subroutine acc_local(total)
    real, intent(out) :: total
    real :: w(16)
    integer :: i
    w = 3.0
    !$acc enter data copyin(w)
    total = 0.0
    !$acc serial present(w) copy(total)
    do i = 1, 16
      total = total + w(i)
    end do
    !$acc end serial
  end subroutine
end module
