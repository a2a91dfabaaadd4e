! A derived type with two allocatable components, both mapped: flang-22
! maps p with four members (a descriptor and its base address per
! component), their paths in members_index.
subroutine member_maps(p)
  type t
    real, allocatable :: a(:)
    real, allocatable :: b(:)
  end type
  type(t) :: p
  !$omp target map(tofrom: p%a, p%b)
    p%a(1) = p%b(1)
  !$omp end target
end subroutine
