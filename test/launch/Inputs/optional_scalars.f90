! Optional scalar dummies mapped by reference in a target region: a TARGET
! one used without a map (OpenMP maps it tofrom), a record, and one a map
! clause names. Absent, the runtime copied from address 0 (a crash on
! host-offload); present, the region reads and writes the actual.
module optional_scalars_m
  implicit none
  type pt
    integer :: a, b
  end type
contains
  subroutine use_target(r, tv)
    integer, intent(out) :: r
    integer, target, intent(inout), optional :: tv
    r = -1
    !$omp target map(tofrom: r)
    if (present(tv)) then
      r = tv
      tv = tv + 10
    end if
    !$omp end target
  end subroutine
  subroutine use_record(r, p)
    integer, intent(out) :: r
    type(pt), intent(in), optional :: p
    r = -1
    !$omp target map(tofrom: r)
    if (present(p)) r = p%a + p%b
    !$omp end target
  end subroutine
  subroutine use_mapped(r, x)
    integer, intent(out) :: r
    integer, intent(inout), optional :: x
    r = -1
    !$omp target map(tofrom: r, x)
    if (present(x)) then
      r = x
      x = 2 * x
    end if
    !$omp end target
  end subroutine
end module

program optional_scalars
  use optional_scalars_m
  implicit none
  integer :: r1, r2, t, x
  type(pt) :: p
  t = 3; x = 5; p = pt(4, 5)
  call use_target(r1, t)
  call use_target(r2)
  print '(a,3i4)', 'target:', r1, r2, t
  call use_record(r1, p)
  call use_record(r2)
  print '(a,2i4)', 'record:', r1, r2
  call use_mapped(r1, x)
  call use_mapped(r2)
  print '(a,3i4)', 'mapped:', r1, r2, x
end program
