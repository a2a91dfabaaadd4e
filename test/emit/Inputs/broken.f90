subroutine broken(n)
  integer :: n
  n = undefined_thing +
end subroutine
