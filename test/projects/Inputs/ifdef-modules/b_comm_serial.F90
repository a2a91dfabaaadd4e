! The serial variant of module comm: the one a build without -DUSE_MPI uses.
#ifndef USE_MPI
module comm
  implicit none
  integer :: nranks = 1
contains
  subroutine comm_init()
    nranks = 1
  end subroutine
end module
#endif
