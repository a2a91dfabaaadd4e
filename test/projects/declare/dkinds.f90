! Kinds shared by the modules.
module dkinds
  implicit none
  private
  integer, parameter, public :: dp = selected_real_kind(15, 307)
end module dkinds
