! Writes mapped `to` that the host does read later, though not after the
! region in its own procedure: a saved local (the next call reads it), a
! main program's array an internal procedure reads, and a target array read
! through a pointer.
subroutine tally(n)
  implicit none
  integer, intent(in) :: n
  real, save :: hits(4) = 0.0
  print *, hits(1)
  !$omp target map(to: hits)
  hits(1) = hits(1) + n
  !$omp end target
end subroutine

program later_readers
  implicit none
  real :: grid(8)
  real, target :: t(8)
  real, pointer :: p(:)
  grid = 0.0
  t = 0.0
  p => t
  call tally(1)
  call tally(2)
  !$omp target map(to: grid)
  grid(1) = 1.0
  !$omp end target
  !$omp target map(to: t)
  t(1) = 1.0
  !$omp end target
  call show()
  print *, p(1)
contains
  subroutine show()
    print *, grid(1)
  end subroutine
end program
