! POINTER components of a derived type that has allocatable components too,
! so flang-22 gives it a predefined default mapper.
module pcm
  implicit none
  type grid
    integer :: n = 0
    real(8), pointer :: p(:) => null()
    real(8), allocatable :: q(:)
  end type
  type cell
    real(8) :: v(4) = 1
  end type
  ! A polymorphic pointer: flang's mapper mapped its target the same way.
  type holder
    class(cell), pointer :: c => null()
    real(8), allocatable :: q(:)
  end type
end module

program pointer_components
  use pcm
  implicit none
  type(grid) :: g
  type(holder) :: h
  type(cell), target :: t
  real(8), target :: x(6), y(6)
  integer :: i

  ! The pointer and its target entered one after the other: the region
  ! writes the target through the device's record, and `from` brings it
  ! back when the target's last reference goes.
  x = 1
  g%n = 6
  g%p => x
  !$omp target enter data map(to: g)
  !$omp target enter data map(to: g%p)
  !$omp target
  do i = 1, g%n
    g%p(i) = g%p(i) + i
  end do
  !$omp end target
  !$omp target exit data map(from: g%p)
  !$omp target exit data map(release: g)
  print '(a, 6f5.1)', 'entered:', x

  ! Allocatable components are still mapped with the record.
  allocate(g%q(6))
  g%q = 2
  !$omp target
  do i = 1, g%n
    g%q(i) = g%q(i) * i
  end do
  !$omp end target
  print '(a, 6f5.1)', 'allocatable:', g%q

  ! A pointer named in the clause next to its record.
  y = 3
  g%p => y
  !$omp target map(to: g) map(tofrom: g%p)
  do i = 1, g%n
    g%p(i) = g%p(i) * 2
  end do
  !$omp end target
  print '(a, 6f5.1)', 'named:', y

  ! The target entered as a whole, the pointer to a part of it, then
  ! re-pointed at another part: each region attaches its own.
  x = 0
  !$omp target enter data map(to: x)
  g%p => x(2:3)
  !$omp target map(to: g) map(tofrom: g%p)
  g%p(1) = 10
  !$omp end target
  g%p => x(5:6)
  !$omp target map(to: g) map(tofrom: g%p)
  g%p(2) = 20
  !$omp end target
  !$omp target exit data map(from: x)
  print '(a, 6f5.1)', 'sections:', x

  h%c => t
  !$omp target enter data map(to: h)
  !$omp target enter data map(to: h%c)
  !$omp target
  do i = 1, 4
    h%c%v(i) = h%c%v(i) + i
  end do
  !$omp end target
  !$omp target exit data map(from: h%c)
  !$omp target exit data map(release: h)
  print '(a, 4f5.1)', 'polymorphic:', t%v
end program
