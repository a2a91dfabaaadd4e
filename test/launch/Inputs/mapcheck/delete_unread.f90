! `exit data map(delete:)` drops device values a kernel changed. That is
! a loss only when the host reads its copy afterwards: scratch (never read
! again) is not reported, field (read after its delete) is, at its delete.
program delete_unread
  implicit none
  integer, parameter :: n = 2048
  real(8), allocatable :: scratch(:), field(:)
  integer :: i
  allocate(scratch(n), field(n))
  scratch = 1.0d0
  field = 1.0d0
  !$omp target enter data map(to: scratch, field)
  !$omp target teams distribute parallel do
  do i = 1, n
    scratch(i) = 2.0d0 * i
    field(i) = scratch(i) + 1.0d0
  end do
  !$omp target exit data map(delete: scratch)
  print '(a,f8.1)', 'before: ', field(n)
  !$omp target exit data map(delete: field)
  print '(a,f8.1)', 'after: ', field(n)
end program
