! The DO variable of a sequential loop inside `teams loop` (lowered by
! flang-22 to teams, parallel, distribute and wsloop) must be each thread's
! own: a matrix product whose inner `do k` ran with one shared k.
program teams_loop_do
  implicit none
  integer, parameter :: n = 96
  real(8), allocatable :: a(:,:), b(:,:), c(:,:), ref(:,:)
  real(8) :: t
  integer :: i, j, k, bad, rounds
  allocate(a(n,n), b(n,n), c(n,n), ref(n,n))
  do j = 1, n
    do i = 1, n
      a(i,j) = 1d0 / (i + j)
      b(i,j) = mod(i * j, 7) - 3d0
    end do
  end do
  ref = matmul(a, b)
  bad = 0
  do rounds = 1, 5
    c = 0
    !$omp target teams loop collapse(2) private(t) map(to: a, b) map(from: c)
    do j = 1, n
      do i = 1, n
        t = 0
        do k = 1, n
          t = t + a(i,k) * b(k,j)
        end do
        c(i,j) = t
      end do
    end do
    if (maxval(abs(c - ref)) > 1d-9) bad = bad + 1
    c = 0
    !$omp target teams map(to: a, b) map(from: c)
    !$omp loop private(t)
    do j = 1, n
      t = 0
      do k = 1, n
        t = t + a(j,k) * b(k,1)
      end do
      c(j,1) = t
    end do
    !$omp end target teams
    if (maxval(abs(c(:,1) - ref(:,1))) > 1d-9) bad = bad + 1
  end do
  print '(a,i0)', 'wrong rounds: ', bad
end program
