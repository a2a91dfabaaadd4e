! The target of a POINTER component mapped through the component: the map
! attaches the device copy of `store` to the device copy of `f%v`.
program omp_pointer_component
  implicit none
  type field
    integer :: n = 0
    real, pointer :: v(:) => null()
  end type
  integer, parameter :: n = 50
  type(field) :: f
  real, target :: store(n)
  integer :: i
  store = 1.0
  f%n = n
  f%v => store
  !$omp target map(tofrom: f%v)
  do i = 1, f%n
    f%v(i) = f%v(i) + i
  end do
  !$omp end target
  if (abs(sum(store) - real(n + n * (n + 1) / 2)) < 1e-3) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
