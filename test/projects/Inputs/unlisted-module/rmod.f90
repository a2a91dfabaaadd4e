! A module the compile database does not list (an incremental build's
! database names only the files it recompiled).
module rmod
  implicit none
  real :: r(10)
end module
