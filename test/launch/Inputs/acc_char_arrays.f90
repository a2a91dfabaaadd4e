! Whole character arrays in OpenACC data clauses: every byte of every
! element moves (acc-to-omp's map moved one byte an element).
program acc_char_arrays
  implicit none
  character(len=4) :: names(4), tags(4)
  character(len=3) :: grid(2, 3)
  integer :: last(4), i, j
  names = ['abcd', 'efgh', 'ijkl', 'mnop']
  tags = ['wxyz', 'wxyz', 'wxyz', 'wxyz']
  grid = 'aaa'
  !$acc parallel loop copyin(names) copyout(last)
  do i = 1, 4
    last(i) = iachar(names(i)(4:4))
  end do
  print '(a,4i4)', 'copyin:', last
  !$acc parallel loop copy(tags)
  do i = 1, 4
    tags(i)(i:i) = 'Q'
  end do
  print '(a,4(1x,a))', 'copy:', tags
  !$acc parallel loop collapse(2) copy(grid)
  do j = 1, 3
    do i = 1, 2
      grid(i, j)(3:3) = achar(iachar('0') + i + 2 * j)
    end do
  end do
  print '(a,6(1x,a))', 'copy 2-d:', grid
end program
