! Overlapping names on OpenMP data constructs: a scalar pointer and its array
! on target data, two parts of one array on target data, and enter data
! with the array first (LLVM maps the pointer into the array's copy).
program data_alias_maps
  implicit none
  real, target :: a(100), v(8)
  real, pointer :: p, q(:)
  integer :: i
  a = [(real(i), i = 1, 100)]
  p => a(7)
  !$omp target data map(tofrom: p, a)
    !$omp target
      p = p + 1000.0
      a(8) = a(8) + 1.0
    !$omp end target
  !$omp end target data
  call report('A', a(7) == 1007.0 .and. a(8) == 9.0)

  v = [(real(i), i = 1, 8)]
  !$omp target data map(to: v(1:4)) map(tofrom: v(5:8))
    !$omp target
      v(5) = v(1) + v(8) + 100.0
    !$omp end target
  !$omp end target data
  call report('B', v(5) == 109.0 .and. v(1) == 1.0)

  a = [(real(i), i = 1, 100)]
  q => a(3:10)
  !$omp target enter data map(to: a, q)
  !$omp target
    q(1) = q(1) + 100.0
    a(12) = -12.0
  !$omp end target
  !$omp target exit data map(from: a) map(release: q)
  call report('C', a(3) == 103.0 .and. a(12) == -12.0)
contains
  subroutine report(tag, ok)
    character(*), intent(in) :: tag
    logical, intent(in) :: ok
    print '(a, ": ", a)', tag, merge('PASS', 'FAIL', ok)
  end subroutine
end program
