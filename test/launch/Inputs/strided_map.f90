! A map of an assumed-shape dummy: right for a contiguous actual; for a
! strided section LLVM 22 would copy the first elements of the span.
module strided_mod
  implicit none
contains
  subroutine triple(x)
    integer, intent(inout) :: x(:)
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: x)
    do i = 1, size(x)
      x(i) = 3 * x(i)
    end do
  end subroutine triple
end module strided_mod

program strided_map
  use strided_mod
  implicit none
  integer :: a(12), i
  a = [(i, i = 1, 12)]
  call triple(a)
  print '(a, i0)', 'contiguous sum = ', sum(a)
  a = 1
  call triple(a(1:12:4))
  print '(a, i0)', 'strided sum = ', sum(a)
end program strided_map
