! Kernels in a module procedure, an external subroutine and an internal
! procedure: each launch names its source line (LIBOMPTARGET_INFO), which
! for the external one needs flang's external name (`external_one_`).
module kmod
contains
  subroutine in_module(x, n)
    integer :: n
    real :: x(n)
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: x)
    do i = 1, n
      x(i) = x(i) + 1
    end do
  end subroutine
end module

subroutine external_one(x, n)
  integer :: n
  real :: x(n)
  integer :: i
  !$omp target teams distribute parallel do map(tofrom: x)
  do i = 1, n
    x(i) = x(i) * 2
  end do
end subroutine

program kernel_in_subroutine
  use kmod
  real :: x(8)
  x = 1
  call in_module(x, 8)
  call external_one(x, 8)
  call internal()
  print '(f6.1)', sum(x)
contains
  subroutine internal()
    !$omp target map(tofrom: x)
    x(1) = x(1) + 100
    !$omp end target
  end subroutine
end program
