! The OpenACC runtime's data routines and no directive: the device copy
! of `a` is made, found and dropped by the calls alone.
program acc_api_only
  use openacc
  implicit none
  real(8) :: a(100)
  a = 1
  call acc_copyin(a)
  print *, 'present after copyin:', acc_is_present(a)
  call acc_delete(a)
  print *, 'present after delete:', acc_is_present(a)
end program
