! Inside the data region the host prints a value the first kernel changed,
! without a `target update from`; later it overwrites w before reading it
! (no finding for that read), and a subroutine's stack array is read the
! same way as the program's static one.
program host_read
  implicit none
  integer, parameter :: n = 64
  real :: v(n), w(n)
  integer :: i
  v = 1.0
  w = 1.0
  !$omp target data map(tofrom: v, w)
  !$omp target teams distribute parallel do
  do i = 1, n
    v(i) = 2.0
    w(i) = 3.0
  end do
  print '(a,f4.1)', 'v(1) = ', v(1)
  w = 7.0
  print '(a,f4.1)', 'w(1) = ', w(1)
  !$omp end target data
  call local_copy()
contains
  subroutine local_copy()
    real :: t(2048)
    integer :: k, hits
    t = 0.0
    hits = 0
    !$omp target data map(tofrom: t)
    !$omp target
    do k = 1, 2048
      t(k) = 1.0
    end do
    !$omp end target
    ! Neighbours on the stack pages of t, used on every iteration.
    do k = 1, 5000
      hits = hits + 1
    end do
    print '(a,f4.1,a,i5)', 't(2048) = ', t(2048), ' hits = ', hits
    !$omp end target data
  end subroutine
end program
