! Clauses naming an allocatable array and an allocatable component: flang
! maps each through its descriptor (`to, always`) with the data as a member;
! the clause's map type is the data's.
module shapes
  implicit none
  type holder
    real, allocatable :: v(:)
  end type
end module

program alloc_clause_hover
  use shapes
  implicit none
  real, allocatable :: b(:)
  type(holder) :: f
  integer :: i
  allocate(b(8), f%v(8))
  b = 1.0
  !$omp target teams distribute parallel do map(from: b) map(alloc: f%v)
  do i = 1, 8
    f%v(i) = real(i)
    b(i) = 2.0 * f%v(i)
  end do
  print *, b(8)
end program
