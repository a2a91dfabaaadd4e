! A module whose init enters the field, in a file of its own.
module field_module
  implicit none
  real :: u(16)
contains
  subroutine init()
    u = 1.0
    !$omp target enter data map(to: u)
  end subroutine
  subroutine sync()
    !$omp target update from(u)
  end subroutine
end module
