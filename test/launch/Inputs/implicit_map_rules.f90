! Variables a target region uses without a map clause: OpenMP makes only a
! scalar without the TARGET, ALLOCATABLE or POINTER attribute firstprivate;
! a TARGET scalar and a character variable (not a "scalar variable" in
! Fortran's OpenMP sense) are mapped tofrom, so the region's writes come back.
module imr_mod
  implicit none
contains
  subroutine bump(d, name)
    integer, target, intent(inout) :: d
    character(len=*), intent(inout) :: name
    character(len=3) :: tag
    tag = 'abc'
    !$omp target
    d = d + 100
    tag = 'XYZ'
    !$omp end target
    name = tag
  end subroutine bump
  ! An assumed-length dummy and an automatic-length local: flang captures
  ! them by copy with their length as bounds.
  subroutine mark(c, n)
    character(len=*), intent(inout) :: c
    integer, intent(in) :: n
    character(len=n) :: a
    a = repeat('a', n)
    !$omp target
    c(1:1) = 'Q'
    a(n:n) = 'B'
    !$omp end target
    print '(a,a,1x,a)', 'run-time lengths: ', c, a
  end subroutine mark
end module imr_mod

program implicit_map_rules
  use imr_mod
  implicit none
  integer, target :: t
  real(8), target :: r
  complex, target :: z
  logical, target :: l
  character(len=4) :: c
  character :: one
  integer :: plain
  character(len=3) :: got
  t = 1; r = 1d0; z = (1.0, 0.0); l = .false.
  c = 'abcd'; one = 'a'; plain = 1
  !$omp target
  t = t + 10
  r = r + 0.5d0
  z = z * (0.0, 1.0)
  l = .true.
  c = 'WXYZ'
  one = 'Q'
  plain = plain + 41
  !$omp end target
  print '(a,i0,1x,f3.1,1x,2f4.1,1x,l1)', 'target scalars: ', t, r, z, l
  print '(a,a,1x,a)', 'characters: ', c, one
  print '(a,i0)', 'firstprivate scalar on the host: ', plain
  call bump(t, got)
  print '(a,i0,1x,a)', 'dummy and local: ', t, got
  call mark(c, 4)
end program implicit_map_rules
