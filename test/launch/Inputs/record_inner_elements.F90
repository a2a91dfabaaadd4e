! Components of two elements of an array inside a record (s%c(1)%a,
! s%c(3)%a): flang-22 gives both the member index [0, 0], and the kernel
! wrote garbage to the host. Refused; the inner array whole runs right.
program record_inner_elements
  type inner
    real :: a(4)
  end type
  type outer
    integer :: n
    type(inner) :: c(3)
  end type
  type(outer) :: s
  integer :: j, k
  s%n = 0
  do j = 1, 3
    s%c(j)%a = j
  end do
#ifdef WHOLE
  !$omp target map(tofrom: s%c)
#else
  !$omp target map(tofrom: s%c(1)%a, s%c(3)%a)
#endif
  do k = 1, 4
    s%c(1)%a(k) = s%c(1)%a(k) + s%c(3)%a(k)
  end do
  !$omp end target
  print *, 'c(1)%a', s%c(1)%a
end program
