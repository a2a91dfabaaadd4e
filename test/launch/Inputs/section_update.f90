! target update of two-dimensional sections. One run of elements (a column,
! part of a column, a whole plane) is copied; a row or a block leaves gaps
! between its columns, which LLVM 22 would copy as one run: stopped.
program section_update
  implicit none
  real(8), allocatable :: b(:, :)
  real(8) :: a(4, 5), c(3, 4, 2)
  integer :: i, j
  character(8) :: what
  a = 0
  allocate(b(4, 5))
  b = 0
  c = 0
  !$omp target enter data map(to: a, b, c)
  !$omp target
  do j = 1, 5
    do i = 1, 4
      a(i, j) = i + 10 * j
      b(i, j) = i + 10 * j
    end do
  end do
  c = 7
  !$omp end target
  !$omp target update from(a(:, 3), a(2:3, 5), b(:, 2), c(:, :, 2))
  print '(a,5f5.0)', 'row 2:    ', a(2, :)
  print '(a,5f5.0)', 'b row 2:  ', b(2, :)
  print '(a,2f5.0)', 'c planes: ', c(1, 1, 1), c(3, 4, 2)
  what = ''
  if (command_argument_count() > 0) call get_command_argument(1, what)
  if (what == 'row') then
    !$omp target update from(a(2, :))
  else if (what == 'block') then
    !$omp target update from(b(2:3, 2:4))
  end if
  !$omp target exit data map(delete: a, b, c)
end program section_update
