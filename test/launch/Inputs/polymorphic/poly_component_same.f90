! Records with a CLASS(base) component, base having an allocatable
! component, whose dynamic type is base: flang's mapper copies them right,
! and each construct checks the components (scalar, fixed-size and
! allocatable arrays of records) before the map. Refused at compile time
! before.
module poly_component_same_m
  implicit none
  type base
    integer :: v = 0
    real, allocatable :: w(:)
  end type
  type holder
    integer :: n = 0
    class(base), allocatable :: c
  end type
end module

program poly_component_same
  use poly_component_same_m
  implicit none
  type(holder) :: h, hs(3)
  type(holder), allocatable :: ha(:)
  integer :: i
  allocate(base :: h%c)
  h%c%v = 5
  allocate(h%c%w(3))
  h%c%w = 2
  !$omp target map(tofrom: h)
  h%n = h%c%v + int(sum(h%c%w))
  h%c%w(1) = 40
  !$omp end target
  print '(a,i4,f6.1)', 'scalar n w1 (11 40.0):', h%n, h%c%w(1)
  do i = 1, 3
    allocate(base :: hs(i)%c)
    hs(i)%c%v = i
    allocate(hs(i)%c%w(2))
    hs(i)%c%w = i
  end do
  !$omp target map(tofrom: hs)
  do i = 1, 3
    hs(i)%n = hs(i)%c%v + int(sum(hs(i)%c%w))
  end do
  !$omp end target
  print '(a,3i4)', 'fixed n (3 6 9):', hs%n
  allocate(ha(2))
  do i = 1, 2
    allocate(base :: ha(i)%c)
    ha(i)%c%v = 6 + i
    allocate(ha(i)%c%w(1))
    ha(i)%c%w = 1
  end do
  !$omp target map(tofrom: ha)
  do i = 1, 2
    ha(i)%n = ha(i)%c%v + int(sum(ha(i)%c%w))
  end do
  !$omp end target
  print '(a,2i4)', 'allocatable n (8 9):', ha%n
end program
