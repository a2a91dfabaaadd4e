! The same common block in OpenACC: `declare create` in the module.
module acc_coeffs
  implicit none
  real(8) :: weight
  integer :: count
  common /accblk/ weight, count
  !$acc declare create(/accblk/)
end module acc_coeffs
