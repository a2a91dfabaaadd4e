module report
  use units
  implicit none
contains
  subroutine say(what, x)
    character(*), intent(in) :: what
    real, intent(in) :: x
    write (out, '(a, ": ", f8.1)') what, x
  end subroutine
end module
