! Correct twin: `target update from(acc)` before the read.
module dtc
  implicit none
  real :: acc(8)
  !$omp declare target(acc)
contains
  subroutine fill()
    !$omp declare target
    integer :: i
    do i = 1, 8
      acc(i) = real(i)
    end do
  end subroutine
end module
program dt_called_ok
  use dtc
  implicit none
  acc = 0.0
  !$omp target update to(acc)
  !$omp target
  call fill()
  !$omp end target
  !$omp target update from(acc)
  print *, merge('OK   ', 'WRONG', acc(8) == 8.0)
end program
