! Character data in maps: a constant-length scalar and array whole, and a
! len=* scalar, move right. (character(:) data and sections of character
! arrays are refused: see character-maps.test.)
program character_maps
  implicit none
  character(len=6) :: s, t(3)
  s = 'abcdef'
  t = ['aaaaaa', 'bbbbbb', 'cccccc']
  !$omp target map(tofrom: s, t)
  s(6:6) = 'Z'
  t(3)(1:1) = 'Z'
  !$omp end target
  call f(s)
  print '(8a)', 's, t: ', s, ' ', t(1), ' ', t(2), ' ', t(3)
contains
  subroutine f(x)
    character(len=*), intent(inout) :: x
    integer :: n
    n = len(x)
    !$omp target map(tofrom: x) map(to: n)
    x(1:1) = 'Y'
    !$omp end target
  end subroutine f
end program character_maps
