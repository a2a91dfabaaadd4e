! Variables a target region only privatizes: flang-22 maps them implicitly
! tofrom (the private clause is the inner parallel's), and each launch
! copied them to the device and back for nothing. Those that carry values
! (firstprivate in, lastprivate out) still do.
program private_maps
  implicit none
  integer, parameter :: n = 1000
  real(8) :: a(n), work(3), seed(3), last(3)
  real(8), allocatable :: scratch(:)
  ! Privatized too, but reached by another name: still copied.
  real(8), target :: shared(100)
  real(8), pointer :: one
  real(8) :: s
  integer :: i
  allocate(scratch(3))
  a = 1
  work = -7
  scratch = -7
  seed = [1, 2, 3]
  !$omp target teams distribute parallel do private(work, scratch) map(tofrom: a)
  do i = 1, n
    work = a(i)
    scratch = 2 * work
    a(i) = sum(scratch)
  end do
  print '(a, f8.1, 2f5.1)', 'private: ', sum(a), work(1), scratch(1)
  !$omp target map(tofrom: a)
  !$omp parallel do firstprivate(seed)
  do i = 1, n
    a(i) = a(i) + sum(seed)
  end do
  !$omp end target
  print '(a, f8.1)', 'firstprivate: ', sum(a)
  !$omp target map(to: a)
  !$omp parallel do lastprivate(last)
  do i = 1, n
    last = a(i) + i
  end do
  !$omp end target
  print '(a, f8.1)', 'lastprivate: ', last(1)
  shared = 50
  one => shared(50)
  !$omp target map(from: s)
  !$omp parallel do private(shared)
  do i = 1, 100
    shared(i) = i
  end do
  s = one
  !$omp end target
  print '(a, f8.1)', 'pointer to a private array: ', s
end program
