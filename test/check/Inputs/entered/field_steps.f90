! Kernels of another file on the module's field: one maps it `to` and
! writes it, one maps it `alloc` and reads it. Both find the copy init
! entered; in this file nothing says whether it did.
module field_steps
  use field_module
  implicit none
contains
  subroutine step()
    integer :: i
    !$omp target teams distribute parallel do map(to: u)
    do i = 1, 16
      u(i) = 2.0 * u(i)
    end do
  end subroutine
  subroutine step2()
    integer :: i
    !$omp target teams distribute parallel do map(alloc: u)
    do i = 1, 16
      u(i) = u(i) + 1.0
    end do
  end subroutine
end module
