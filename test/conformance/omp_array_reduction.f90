! OpenMP 5.2 reduction of an array (a histogram) in target teams distribute
! parallel do, and of an array section.
program omp_array_reduction
  implicit none
  integer, parameter :: n = 200, nb = 8
  integer :: hist(nb), k(n), i, e(nb)
  do i = 1, n
    k(i) = mod(i * 7, nb) + 1
  end do
  hist = 1
  !$omp target teams distribute parallel do reduction(+:hist) map(to: k)
  do i = 1, n
    hist(k(i)) = hist(k(i)) + 1
  end do
  e = 1
  do i = 1, n
    e(k(i)) = e(k(i)) + 1
  end do
  call check_i('array_add', sum(abs(hist - e)), 0)

  hist = 0
  !$omp target teams distribute parallel do reduction(max:hist) map(to: k)
  do i = 1, n
    hist(k(i)) = max(hist(k(i)), i)
  end do
  e = 0
  do i = 1, n
    e(k(i)) = max(e(k(i)), i)
  end do
  call check_i('array_max', sum(abs(hist - e)), 0)
contains
  include 'check.fi'
end program omp_array_reduction
