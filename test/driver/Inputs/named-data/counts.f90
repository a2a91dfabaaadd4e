! DATA of a common block outside BLOCK DATA (flang accepts it).
subroutine counts_unused()
  implicit none
  integer :: m
  common /cnt2/ m
  data m /5/
end subroutine
