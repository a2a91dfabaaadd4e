! A record entered once; construct 1 (line 16) writes r%a and copies it back
! (update from); construct 2 (line 22) writes r%b; the host reads r%b
! without `target update from`: the stale read belongs to line 22.
program record_writer_line
  implicit none
  type t
    real :: a(8)
    real :: b(8)
  end type
  type(t) :: r
  integer :: i
  r%a = 1.0
  r%b = 1.0
  !$omp target enter data map(to: r)
  ! construct 1
  !$omp target map(tofrom: r%a)
  do i = 1, 8
    r%a(i) = r%a(i) + 1.0
  end do
  !$omp end target
  !$omp target update from(r%a)
  !$omp target map(tofrom: r%b)
  do i = 1, 8
    r%b(i) = r%b(i) + 1.0
  end do
  !$omp end target
  print *, 'a', merge('OK   ', 'WRONG', all(r%a == 2.0))
  print *, 'b', merge('OK   ', 'STALE', all(r%b == 2.0))
  !$omp target exit data map(delete: r)
end program
