! The target of a POINTER component mapped on its own: mapping the record
! maps the pointer, not its target, so the kernel writes through the host's
! address, and the copy back of `store` puts the old values over it.
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
  !$omp target map(tofrom: store) ! expect-static: pointer-target-unmapped
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
