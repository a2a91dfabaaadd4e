! The copy stays (a entered twice): the exit data copies nothing back;
! `from: p` with `release: a` brings p's bytes alone; OpenACC copyout(p, a).
program exit_data_alias_keep
  implicit none
  real, target :: a(8)
  real, pointer :: p(:)
  integer :: i
  logical :: ok
  a = [(real(i), i = 1, 8)]
  p => a(2:5)
  !$omp target enter data map(to: a)
  !$omp target enter data map(to: a)
  !$omp target enter data map(to: p)
  !$omp target
    a(1) = -1.0
    p(1) = -2.0
  !$omp end target
  !$omp target exit data map(from: p, a)
  ok = a(1) == 1.0 .and. a(2) == 2.0
  !$omp target exit data map(from: a)
  print '(a, ": ", a)', 'F', merge('PASS', 'FAIL', ok .and. a(1) == -1.0 .and. a(2) == -2.0)

  a = [(real(i), i = 1, 8)]
  !$omp target enter data map(to: a)
  !$omp target enter data map(to: p)
  !$omp target
    a(1) = -1.0
    p(1) = -2.0
  !$omp end target
  !$omp target exit data map(from: p) map(release: a)
  print '(a, ": ", a)', 'G', merge('PASS', 'FAIL', a(1) == 1.0 .and. a(2) == -2.0)

  a = [(real(i), i = 1, 8)]
  !$acc enter data copyin(a)
  !$acc enter data copyin(p)
  !$acc serial present(a, p)
    a(1) = -1.0
    p(1) = -2.0
    a(8) = -8.0
  !$acc end serial
  !$acc exit data copyout(p, a)
  print '(a, ": ", a)', 'H', merge('PASS', 'FAIL', a(1) == -1.0 .and. a(2) == -2.0 .and. a(8) == -8.0)
end program
