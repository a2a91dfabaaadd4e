! No directive: flang-22 compiles it alone; the call is refused at the link.
subroutine find(d)
  use openacc
  use, intrinsic :: iso_c_binding
  type(c_ptr) :: d, h
  h = acc_hostptr(d)
end subroutine find
