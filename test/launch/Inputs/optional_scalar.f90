! A scalar optional dummy argument used in a target region without a map
! (firstprivate): called with and without it.
module scaling
  implicit none
contains
  subroutine scale(a, factor)
    real(8), intent(inout) :: a(:)
    real(8), optional, intent(inout) :: factor
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: a)
    do i = 1, size(a)
      if (present(factor)) then
        a(i) = a(i) * factor
      else
        a(i) = a(i) + 1
      end if
    end do
    !$omp target
    if (present(factor)) factor = -1 ! the region's own copy
    !$omp end target
  end subroutine scale
end module scaling

program optional_scalar
  use scaling
  implicit none
  real(8) :: a(4), f
  a = 2
  f = 3
  call scale(a, f)
  print '(a,f6.1,a,f5.1)', 'present', sum(a), ' factor', f
  call scale(a)
  print '(a,f6.1)', 'absent ', sum(a)
end program optional_scalar
