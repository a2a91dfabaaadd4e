! Named-constant arrays (PARAMETER: a lattice's velocity set, a stencil's
! weights) read in OpenACC compute constructs, from a module and local:
! acc-implicit-data gave them `copy`, and the copy back wrote into the
! read-only memory flang keeps them in (a segfault on host-offload).
module lattice
  implicit none
  integer, parameter :: cx(0:8) = [0, 1, 0, -1, 0, 1, -1, -1, 1]
  real(8), parameter :: wt(0:8) = [4d0/9, 1d0/9, 1d0/9, 1d0/9, 1d0/9, &
                                   1d0/36, 1d0/36, 1d0/36, 1d0/36]
end module

program acc_parameter_arrays
  use lattice
  implicit none
  integer, parameter :: n = 16
  integer, parameter :: stencil(3) = [1, -2, 1]
  real(8) :: a(n), b(n)
  integer :: i, q
  a = 0
  b = 0
  !$acc parallel loop copy(a)
  do i = 1, n
    do q = 0, 8
      a(i) = a(i) + wt(q) * (cx(q) + 2) * i
    end do
  end do
  !$acc parallel loop copy(b)
  do i = 2, n - 1
    b(i) = stencil(1) * (i - 1)**2 + stencil(2) * i**2 + stencil(3) * (i + 1)**2
  end do
  ! An explicit update self or copyout of one (non-conforming; flang-22
  ! takes it) writes nothing back either.
  !$acc enter data copyin(cx)
  !$acc parallel loop present(cx) copy(a)
  do i = 1, n
    a(i) = a(i) + cx(mod(i, 9))
  end do
  !$acc update self(cx)
  !$acc exit data copyout(cx)
  print '(a,2f8.3,a,2f6.1)', 'a ', a(1), a(n), '  b ', b(2), b(n - 1)
end program
