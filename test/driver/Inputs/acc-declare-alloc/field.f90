! A module's allocatable with an OpenACC declare: its device copy follows
! each allocate and deallocate, wherever they are.
module field
  implicit none
  real, allocatable :: f(:)
  !$acc declare create(f)
end module
