! No directive: flang-22 compiles it alone; its data routines come from
! ompx's openacc library.
subroutine upload(a)
  use openacc
  integer :: a(:)
  call acc_copyin(a, 4 * size(a))
end subroutine upload

subroutine download(a)
  use openacc
  integer :: a(:)
  call acc_copyout(a)
end subroutine download
