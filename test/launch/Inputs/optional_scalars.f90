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
  ! map(from:) and map(present, ...) of a present one: the flag that says
  ! it is present is copied in by value whatever the map (it kept `from`,
  ! and the region saw the argument absent; `present` aborted).
  subroutine set_from(x)
    integer, intent(out), optional :: x
    !$omp target map(from: x)
    if (present(x)) x = 77
    !$omp end target
  end subroutine
  subroutine add_present(x)
    integer, intent(inout), optional :: x
    !$omp target map(present, tofrom: x)
    if (present(x)) x = x + 1
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
  call set_from(x)
  call set_from()
  !$omp target data map(tofrom: t)
  call add_present(t)
  !$omp end target data
  print '(a,2i4)', 'from and present:', x, t
end program
