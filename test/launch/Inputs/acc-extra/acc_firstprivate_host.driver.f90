! Driver for acc-extra/acc_firstprivate_host: the host's arrays keep their
! values through each construct that writes its firstprivate copy.
program main
  implicit none
  interface
    subroutine fp_shape(w)
      real, intent(inout) :: w(:)
    end subroutine
    subroutine fp_alloc(w)
      real, allocatable, intent(inout) :: w(:)
    end subroutine
  end interface
  real :: w(4)
  real, allocatable :: a(:)
  w = 1.0
  call fp_shape(w)
  call check('assumed-shape firstprivate', count(w /= 1.0))
  allocate(a(4))
  a = 1.0
  call fp_alloc(a)
  call check('allocatable firstprivate', count(a /= 1.0))
  call fp_n(4, w)
  call check('explicit-shape firstprivate', count(w /= 1.0))
contains
  include '../corpus-drivers/check.fi'
end program main
