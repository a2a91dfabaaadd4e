! A derived type whose component has an allocatable component: mapped with
! that component named (right), as a whole (WHOLE), or implicitly in a
! procedure whose dummy it is (IMPLICIT).
module nested_types
  implicit none
  type inner
    real, allocatable :: v(:)
  end type inner
  type outer
    type(inner) :: in
  end type outer
end module nested_types

subroutine both(o)
  use nested_types
  implicit none
  type(outer), intent(inout) :: o
  !$omp target map(tofrom: o, o%in%v)
  o%in%v(2) = 5
  !$omp end target
end subroutine both

#ifdef IMPLICIT
subroutine implicit_map(o)
  use nested_types
  implicit none
  type(outer), intent(inout) :: o
  !$omp target
  o%in%v(3) = 7
  !$omp end target
end subroutine implicit_map
#endif

program nested_component_map
  use nested_types
  implicit none
  type(outer) :: o
  allocate(o%in%v(3))
  o%in%v = 1
  call both(o)
  print '(a,3f4.1)', 'o%in%v:', o%in%v
#ifdef WHOLE
  !$omp target map(tofrom: o)
  o%in%v(1) = 9
  !$omp end target
#endif
end program nested_component_map
