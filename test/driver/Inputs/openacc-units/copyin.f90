! No directive: flang-22 compiles it alone; the call is refused at the link.
subroutine upload(a)
  use openacc
  real :: a(:)
  call acc_update_device(a, 4 * size(a))
end subroutine upload
