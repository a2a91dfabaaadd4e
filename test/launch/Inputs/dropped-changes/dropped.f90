! A kernel's own map(to:) of a scalar the kernel changes: the change is
! dropped at the kernel's end. It is a loss only where something uses the
! host's older value afterwards.
module dropped
  implicit none
contains
  ! A device-only accumulator copied in: nothing reads total afterwards.
  subroutine accumulate(a, res)
    real, intent(in) :: a(:)
    real, intent(out) :: res
    real :: total
    integer :: i
    total = 5.0
    !$omp target map(to: a, total) map(from: res)
    do i = 1, size(a)
      total = total + a(i)
    end do
    res = total
    !$omp end target
  end subroutine

  ! The host reads the scalar the kernel changed: it gets its old value.
  subroutine host_reads(a, res)
    real, intent(in) :: a(:)
    real, intent(out) :: res
    real :: total
    integer :: i
    total = 0.0
    !$omp target map(to: a, total)
    do i = 1, size(a)
      total = total + a(i)
    end do
    !$omp end target
    res = total
  end subroutine

  ! A second kernel copies the scalar in again: it gets the old value.
  subroutine next_kernel_reads(a, res)
    real, intent(in) :: a(:)
    real, intent(out) :: res
    real :: scale
    integer :: i
    scale = 1.0
    !$omp target map(to: a, scale)
    do i = 1, size(a)
      scale = scale * 2.0
    end do
    !$omp end target
    !$omp target map(to: scale) map(from: res)
    res = scale
    !$omp end target
  end subroutine
end module
