! Members of a host-associated record named in several map clauses of one
! construct, in an internal procedure: flang-22 gave each clause its own
! parent map of the record.
program host_assoc_members
  implicit none
  type state
    integer :: n
    real(8) :: x(4)
    integer :: m
    real(8), allocatable :: v(:)
  end type
  type(state) :: s
  integer :: i
  s%n = 4; s%x = 1; s%m = 7
  allocate(s%v(4)); s%v = 1
  call in_data()
  print '(a,4f6.1)', 'target data:', s%x
  s%x = 1
  call enter_exit()
  print '(a,4f6.1)', 'enter/exit: ', s%x
  s%x = 1
  call in_target()
  print '(a,4f6.1,i3)', 'target:     ', s%x, s%m
  call middle()
  print '(a,4f6.1)', 'middle:     ', s%v
contains
  ! flang adds an implicit map of s%v to the third clause's parent too.
  subroutine middle()
    !$omp target map(to: s%n) map(tofrom: s%v) map(to: s%m)
    do i = 1, s%n
      s%v(i) = s%v(i) + i + s%m
    end do
    !$omp end target
  end subroutine
  subroutine in_data()
    !$omp target data map(to: s%n, s%m) map(tofrom: s%x)
    !$omp target
    do i = 1, s%n
      s%x(i) = s%x(i) + i + s%m
    end do
    !$omp end target
    !$omp end target data
  end subroutine
  subroutine enter_exit()
    !$omp target enter data map(to: s%n) map(to: s%x)
    !$omp target
    do i = 1, s%n
      s%x(i) = s%x(i) * 2 + i
    end do
    !$omp end target
    !$omp target exit data map(release: s%n) map(from: s%x)
  end subroutine
  subroutine in_target()
    !$omp target map(to: s%n, s%m) map(tofrom: s%x)
    do i = 1, s%n
      s%x(i) = s%x(i) - i
    end do
    !$omp end target
  end subroutine
end program
