! A simd loop's variable is linear (OpenMP 4.0 on): after the loop it holds
! the value the sequential loop leaves (206 for 1..203 by 5, 0 for 10..1 by
! -1), and so does a variable in an explicit linear clause.
program simd_variable
  implicit none
  integer :: i, k, a(300)
  i = -7
  !$omp simd
  do i = 1, 203, 5
    a(i) = i
  end do
  print '(a,i0)', 'simd: ', i
  i = -7
  !$omp simd
  do i = 10, 1, -1
    a(i) = i
  end do
  print '(a,i0)', 'simd, negative step: ', i
  i = -7
  !$omp parallel do simd
  do i = 1, 203, 5
    a(i) = i
  end do
  print '(a,i0)', 'parallel do simd: ', i
  k = 0
  !$omp simd linear(k:2)
  do i = 1, 10
    a(i) = k
    k = k + 2
  end do
  print '(a,i0)', 'linear(k:2): ', k
end program simd_variable
